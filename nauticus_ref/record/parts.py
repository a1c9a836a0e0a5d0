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
chosen parts its own (`Matcher`).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

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
    groups: list[Group] = []
    for i, clause in enumerate(text.split(":", 1)[1].split(";")):
        clause = _CLAIM.sub("", clause.strip())
        prefix = ""
        extra = _EXTRA.match(clause)
        if extra:
            prefix = ("then " if i else "") + extra.group(0)
            clause = clause[extra.end() :]
        for part in re.split(r",\s(?![^\[]*\])", clause):
            placed, _, rewards = part.strip().partition(" [")
            got = tuple(f"reward {r.strip()}" for r in rewards.rstrip("]").split(",") if r.strip())
            groups.append((prefix + placed, got))
    return groups


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


@dataclass(frozen=True)
class Listed:
    """One turn to choose: its text, parts, new ships' names, taler and workers."""

    text: str
    groups: tuple[Group, ...]
    new: tuple[str, ...]
    taler: int
    workers: int

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
        self.turns.append(Listed(text, groups, new, taler, workers))

    def going_on(self, chosen: list[str]) -> Iterator[tuple[Listed, list[str]]]:
        """Each turn the parts `chosen` belong to, with the parts that may come next in
        it (none when they are the whole turn): the next reward where a placement's
        rewards are not all chosen, else each part not chosen yet, its new ships named
        after those chosen."""
        groups = chosen_groups(chosen)
        if groups is None:
            return
        names = [n for head, _ in groups if (n := _tail(head)) and n.casefold() not in self.held]
        names = list(dict.fromkeys(names))
        fresh = [n for n in NEW_NAMES if n.casefold() not in self.held and n not in names]
        candidates: set[int] | None = None
        for head, _ in groups:
            holding = self.holding.get(_blank(head, set(names)), set())
            candidates = holding if candidates is None else candidates & holding
        for i in sorted(candidates) if candidates is not None else range(len(self.turns)):
            turn = self.turns[i]
            nexts: set[str] = set()
            matched = False
            for naming in itertools.permutations(turn.new, len(names)):
                found = _match(groups, turn, dict(zip(names, naming)))
                if found is None:
                    continue
                matched = True
                back = dict(zip(naming, names))
                back.update(zip((n for n in turn.new if n not in back), fresh))
                nexts.update(_rename(p, back) for p in found)
            if matched:
                yield turn, sorted(nexts)


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
