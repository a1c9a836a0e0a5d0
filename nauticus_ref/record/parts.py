"""A turn chosen a part at a time, in any order: the recorder's choices.

A canonical turn line is cut into its parts (`turn_parts`): each placement, worker
count, ship to deliver or `pass`, each followed by the rewards its ship brings, one a
part (`reward 7t`).  A part of the Extra Action's clause says so (`extra hulls: bow
>store`), and where that clause follows the phase's action, that it does (`then extra
goods: salt >store`): the same parts in another clause make another turn.

The parts chosen match a turn when each is one of the turn's, whatever the order they
were chosen in; a placement's rewards come right after it, in the order the turn
writes them.  New ships are named by the order the player chose them in, not by the
turn's canonical names: a turn matches when some naming of its new ships makes the
chosen parts its own (`Matcher`), and a part offered names a ship not chosen yet with
the next free letter, the one it takes if chosen now.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter
from typing import Iterable, Iterator, NamedTuple, Sequence

from nauticus_ref.moves.placing import NEW_NAMES

#: A part and the rewards chosen after it.
Group = tuple[str, tuple[str, ...]]

#: A clause's claim at its end, which follows from its parts.
_CLAIM = re.compile(r"\s=\s*-?\d+\s*(t|vp)\s*$")
#: The Extra Action's clause, at its start.
_EXTRA = re.compile(r"extra (\w+):\s*")
#: A placement's ship at its end, after `>` or `>new ` (the storage is no ship).
_TAIL = re.compile(r"^(.*>(?:new )?)(?!store$)([^\s>\"]+)$")
#: A new ship started in a part.
_NEW = re.compile(r">new ([^\s>:\"]+)$")


def turn_groups(text: str) -> list[Group]:
    """A canonical turn line's parts after the player's name, each with its rewards."""
    return [
        g
        for i, clause in enumerate(text.split(":", 1)[1].split(";"))
        for g in clause_groups(clause, i)
    ]


def clause_groups(clause: str, at: int) -> list[Group]:
    """The parts of one clause of a canonical turn, the `at`th (from 0), each with its
    rewards: the Extra Action's clause starts with its own part (`gate_of`), then its
    placements, each saying whose they are."""
    clause = _CLAIM.sub("", clause.strip())
    extra = _EXTRA.match(clause)
    if not extra:
        return [_group(part, "") for part in _split(clause)]
    prefix = ("then " if at else "") + extra.group(0)
    return [
        (gate_of(prefix), ()),
        *(_group(part, prefix) for part in _split(clause[extra.end() :])),
    ]


def gate_of(part: str) -> str:
    """The part that chooses the Extra Action whose clause `part` belongs to (`extra
    hulls`, `then extra goods`); `part` itself where it is one."""
    return part.split(":", 1)[0].strip()


def is_extra(part: str) -> bool:
    """Whether `part` belongs to the Extra Action's clause: it, or one of its parts."""
    return part.startswith(("extra ", "then extra "))


def is_gate(part: str) -> bool:
    """Whether `part` is the one that chooses an Extra Action (`gate_of`)."""
    return is_extra(part) and gate_of(part) == part


def _split(clause: str) -> list[str]:
    return re.split(r",\s(?![^\[]*\])", clause)


def _group(part: str, prefix: str) -> Group:
    placed, _, rewards = part.strip().partition(" [")
    got = tuple(f"reward {r.strip()}" for r in rewards.rstrip("]").split(",") if r.strip())
    return prefix + placed, got


def turn_parts(text: str) -> list[str]:
    """The parts of a canonical turn line in the order it writes them, each placement
    followed by its rewards (`turn_groups`)."""
    return [p for head, rewards in turn_groups(text) for p in (head, *rewards)]


def chosen_groups(chosen: list[str]) -> list[Group] | None:
    """The parts chosen, each with the rewards chosen after it; None where a reward
    comes first."""
    groups: list[list[str]] = []
    for part in chosen:
        if part.startswith("reward "):
            if not groups:
                return None
            groups[-1].append(part)
        else:
            groups.append([part])
    return [(g[0], tuple(g[1:])) for g in groups]


def _rename(part: str, names: dict[str, str]) -> str:
    m = _TAIL.match(part)
    if m is None or m.group(2) not in names:
        return part
    return m.group(1) + names[m.group(2)]


def _blank(part: str, names: set[str]) -> str:
    """`part` with a new ship's name left out, to find the turns that could hold it."""
    m = _TAIL.match(part)
    return part if m is None or m.group(2) not in names else m.group(1) + "?"


def blank_new(part: str, held: set[str]) -> str:
    """`part` with the name of a ship not among those `held` (casefolded) left out:
    one started this turn, whose name depends on the order the parts are chosen in."""
    m = _TAIL.match(part)
    return part if m is None or m.group(2).casefold() in held else m.group(1) + "?"


class Listed(NamedTuple):
    """One turn to choose: its text, parts, new ships' names, taler and workers.  (A
    tuple of strings and numbers, which the garbage collector stops looking at: a
    listing keeps tens of thousands.)"""

    text: str
    groups: tuple[Group, ...]
    new: tuple[str, ...]
    taler: int
    workers: int
    gate: str | None  # the part that chooses its Extra Action, if it has one

    @property
    def size(self) -> int:
        """How many parts it is chosen in, the rewards among them."""
        return sum(1 + len(rewards) for _, rewards in self.groups)


class Matcher:
    """The turns of one position, to find those the parts chosen so far belong to.
    `held`: the player's ships, by casefolded name (never renamed)."""

    def __init__(self, held: set[str]) -> None:
        self.held = held
        self.turns: list[Listed] = []
        #: the turns holding each part (a new ship's name left out), by that part
        self.holding: dict[str, set[int]] = {}

    def add(self, text: str, taler: int, workers: int) -> None:
        groups = tuple(turn_groups(text))
        new = tuple(m.group(1) for head, _ in groups if (m := _NEW.search(head)))
        for head, _ in groups:
            self.holding.setdefault(_blank(head, set(new)), set()).add(len(self.turns))
        gates = (head for head, _ in groups if is_gate(head))
        self.turns.append(Listed(text, groups, new, taler, workers, next(gates, None)))

    def going_on(
        self, chosen: list[str], among: Iterable[int] | None = None, start: int = 0
    ) -> Iterator[tuple[int, Listed, list[str]]]:
        """Each turn the parts `chosen` belong to (of the turns `among`, by their
        place, from the `start`th on), in order: its place, it, and the parts that may
        come next in it (none when they are the whole turn): the next reward where a placement's rewards are not all chosen; else,
        until the Extra Action is chosen, its own part (`gate_of`) for a turn with it,
        and each part not chosen yet for a turn without; once it is chosen, each part
        not chosen yet, the Extra Action's among them.  A ship started this turn and not
        chosen yet is named with the next free letter."""
        groups = chosen_groups(chosen)
        if groups is None:
            return
        heads = {head for head, _ in groups}
        chosen_gate = {gate_of(head) for head in heads if is_extra(head)}
        if len(chosen_gate) > 1 or not chosen_gate <= heads:
            return  # the Extra Action's parts come after it is chosen, and once a turn
        names = [n for head, _ in groups if (n := _tail(head)) and n.casefold() not in self.held]
        names = list(dict.fromkeys(names))
        fresh = [n for n in NEW_NAMES if n.casefold() not in self.held and n not in names]
        candidates: set[int] | None = None
        for head, _ in groups:
            holding = self.holding.get(_blank(head, set(names)), set())
            candidates = holding if candidates is None else candidates & holding
        if among is not None:
            candidates = set(among) if candidates is None else candidates & set(among)
        places: Sequence[int] = range(start, len(self.turns))
        if candidates is not None:
            ordered = sorted(candidates)
            places = ordered[bisect.bisect_left(ordered, start) :]
        for i in places:
            turn = self.turns[i]
            if turn.gate and not groups:
                yield i, turn, [turn.gate]  # its Extra Action first
                continue
            nexts: set[str] = set()
            matched = False
            for naming in itertools.permutations(turn.new, len(names)):
                found = _match(groups, turn, dict(zip(names, naming)))
                if found is None:
                    continue
                matched = True
                if turn.gate and not chosen_gate and not found[0].startswith("reward "):
                    nexts.add(turn.gate)  # its Extra Action first
                    continue
                back = dict(zip(naming, names))
                # a ship not named yet takes the next letter: the one it gets if chosen now
                back.update((n, fresh[0]) for n in turn.new if n not in back)
                nexts.update(_rename(p, back) for p in found)
            if matched:
                yield i, turn, sorted(nexts)


def _tail(part: str) -> str | None:
    m = _TAIL.match(part)
    return m.group(2) if m else None


def _match(groups: list[Group], turn: Listed, naming: dict[str, str]) -> list[str] | None:
    """Where `groups`, new ships named by `naming`, are the turn's own: the parts that
    may come next (none when they are the whole turn); else None."""
    left = Counter(head for head, _ in turn.groups)
    rewards = dict(turn.groups)
    for k, (head, got) in enumerate(groups):
        head = _rename(head, naming)
        if left[head] <= 0:
            return None
        left[head] -= 1
        whole = rewards[head]
        if got != whole[: len(got)] or (got != whole and k < len(groups) - 1):
            return None
        if got != whole:  # its rewards are chosen one at a time, before any other part
            return [whole[len(got)]]
    return list(left.elements())
