"""The turns of the next line, found for the recorder's choices while the player looks.

A thread of its own finds them, once a position: first the first turn of each group
(`TurnOptions.group_names`), then every turn without the Extra Action, `LIST_SECONDS`
in all.  Those are what the choices offer until an Extra Action is chosen, each Extra
Action offered as one part of its own (`parts.gate_of`).  Until the player asks
something else, it goes on with the turns with the Extra Action, a turn of each group
in turn.

An answer that could miss a part is a question to the thread (`QUERY_SECONDS`): for
the parts chosen, whether each Extra Action not yet seen to go on from them can (the
first turn of its group that holds them), or, once an Extra Action is chosen, every
turn of its group that holds them (`TurnOptions.group`, asked for the clauses that
could hold them).  Where those are more than are listed in `GROUP_SECONDS`, a turn
for each next part is found first (`moves.cover.covering`), which makes the answer
whole, then as many more as the time allows.  A newer question stops the one the
thread is at (`TurnOptions.halt`): the player has moved on, and the one given up is
asked again if asked for again.  A request waits `WAIT_SECONDS` at most and answers
from the turns found by then, summed where the last request for the same parts left
off, for `SUM_SECONDS` at most (`answers.Sum`); `listing` says that the answer may
still grow (the thread is still at it, or not every turn found is summed yet), `cut`
that a legal next part may be missing.  `MAX_TURNS` bounds the turns kept.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter
from typing import Any, Iterator

from nauticus_ref.game.state import Tile
from nauticus_ref.moves.clauses import placed
from nauticus_ref.moves.cover import covering
from nauticus_ref.moves.purse import OutOfTime
from nauticus_ref.moves.turns import Allows, TurnOption, TurnOptions
from nauticus_ref.notation.model import Clause
from nauticus_ref.notation.printer import Printer
from nauticus_ref.record.answers import MAX_CHOICES, Data, Sum
from nauticus_ref.record.parts import (
    Group,
    Matcher,
    blank_new,
    chosen_groups,
    clause_groups,
    gate_of,
    is_extra,
    is_gate,
)

#: Seconds a request waits for the thread before it answers from what is found.
WAIT_SECONDS = 0.05
#: Seconds the first listing of a position takes at most: the first turn of each
#: group, then the turns without the Extra Action; past them it is cut.
LIST_SECONDS = 1.0
#: Seconds of those the first turn of each group may take.
FIRSTS_SECONDS = 0.25
#: Seconds one question about the parts chosen takes at most, while no newer one comes.
QUERY_SECONDS = 30.0
#: Seconds of those an Extra Action's group is listed before a turn is looked for for
#: each next part (`covering`), where they are not all listed by then.
GROUP_SECONDS = 1.0
#: Seconds the thread waits for a question before it ends (the next starts another).
IDLE_SECONDS = 60.0
#: Questions waiting at most: the latest are taken first, the oldest let go.
MAX_QUESTIONS = 4
#: Turns kept at most, for the memory they take.
MAX_TURNS = 50_000
#: Turns listed between two looks at the clock and for a question.
BATCH = 64
#: Seconds a request sums its answer over the turns found at most; the next request
#: for it goes on from there.
SUM_SECONDS = 0.015
#: Answers kept at most (`answers.Sum`), the latest asked.
ANSWERS = 64

#: The parts chosen, in any order (`chosen_groups`, sorted).
Key = tuple[Group, ...]
#: The tiles some parts place (`Listing._least`); None: any.
Tiles = Counter[Tile] | None


class Listing:
    """The turns of `player` at one position, found by a thread of its own into
    `matcher` (read under `lock`)."""

    def __init__(self, player: str, options: TurnOptions, printer: Printer, held: set[str]):
        self.player = player
        self.options = options
        self.printer = printer
        self.matcher = Matcher(held)  # the player's ships, by casefolded name
        self.lock = threading.Lock()
        self.groups = options.group_names()
        self.done: set[str] = set()  # the groups whose every turn is found
        #: the parts chosen an Extra Action's group has been searched for: no turn of
        #: it holds them (before it is chosen), every turn of it that does is found
        #: (after), by group
        self.searched: dict[str, list[Counter[Group]]] = {g: [] for g in self.groups}
        #: the parts chosen after which a turn for each next part of the Extra Action's
        #: group is found (`covering`; those parts only), by group: the turns found by then
        self.covered: dict[str, dict[Key, int]] = {g: {} for g in self.groups}
        self.ready = threading.Event()  # the first listing has ended, whole or cut
        self._stopped = threading.Event()
        self._asked = threading.Condition(self.lock)
        self._queue: list[tuple[str, ...]] = []  # questions to the thread, the latest last
        self._busy: tuple[str, ...] | None = None  # the question the thread is at
        self._halted = False  # it was given up for a newer one (`TurnOptions.halt`)
        self._serving = True  # a thread takes the questions
        self._seen: set[str] = set()
        self._answered: set[Key] = set()  # the questions the thread has taken
        self._sums: dict[tuple[str, ...], Sum] = {}  # the answers asked, by the parts chosen
        self._mains: list[Any] | None = None  # the phase's action's bodies, once all found
        self._heads: dict[int, Counter[str]] = {}  # the parts of each of them (`_allowing`)
        self._base: list[tuple[str, int, int]] = []  # the first listing's turns
        self._empty: set[str] = set()  # the groups with no turn at all
        threading.Thread(target=self._run, name="choices", daemon=True).start()

    def stop(self) -> None:
        """End the listing where it is (the record changed), a search at once."""
        with self.lock:
            self._stopped.set()
            self.options.halt()
            self._asked.notify_all()

    def answer(self, chosen: tuple[str, ...]) -> Data:
        """The next steps after the parts `chosen` among the turns found, each with how
        many turns found go on from it and what they cost, `MAX_CHOICES` at most; the
        turn `chosen` make, if they make one; whether a legal next part may be missing
        (`cut`) and whether the answer may still grow (`listing`: the thread is still
        finding, or not every turn found is summed yet).  A question to the thread
        where one is needed, waited for `WAIT_SECONDS` at most."""
        key = _key(chosen)
        answer, exact = self._answer(chosen, key)
        if not exact and chosen_groups(list(chosen)) is not None and self._ask(chosen, key):
            with self.lock:
                self._asked.wait_for(lambda: not self._waiting(chosen), WAIT_SECONDS)
            answer, _ = self._answer(chosen, key)
        return answer

    def _ask(self, chosen: tuple[str, ...], key: Key) -> bool:
        """Put the question of the parts `chosen` to the thread, unless it was put
        before (in any order)."""
        with self.lock:
            if self._stopped.is_set() or key in self._answered:
                return False
            if chosen in self._queue or chosen == self._busy:
                return True
            self._queue.append(chosen)
            del self._queue[:-MAX_QUESTIONS]  # the player has moved on from the others
            if self._busy is not None:  # and from the one the thread is at
                self._halted = True
                self.options.halt()
            self._asked.notify_all()
            if not self._serving:
                self._serving = True
                threading.Thread(target=self._questions, name="choices", daemon=True).start()
            return True

    def _waiting(self, chosen: tuple[str, ...]) -> bool:
        return not self.ready.is_set() or chosen in self._queue or chosen == self._busy

    def _answer(self, chosen: tuple[str, ...], key: Key) -> tuple[Data, bool]:
        """`answer` from the turns found so far, without asking, its sum taken on for
        `SUM_SECONDS` at most; and whether the turns found hold every legal next part
        (`_exact`, though they may not all be summed yet).  It is cut until those that
        do are summed."""
        with self.lock:
            running = self._waiting(chosen)
            summed = self._sums.pop(chosen, None)
            if summed is None or summed.matcher is not self.matcher:
                summed = Sum(self.matcher, len(chosen))
            self._sums[chosen] = summed  # the latest asked last
            if len(self._sums) > ANSWERS:
                self._sums.pop(next(iter(self._sums)))
            whole = summed.take_on(list(chosen), time.monotonic() + SUM_SECONDS)
            needed = self._exact(key, summed.gates)
            exact = needed is not None
            shown = whole or needed is not None and summed.upto >= needed
            answer = {
                "chosen": list(chosen),
                "complete": summed.complete,
                "cut": not (exact and shown) or len(summed.steps) > MAX_CHOICES,
                "listing": running or not whole,
                "steps": summed.shown(),
            }
        return answer, exact

    def _exact(self, key: Key, witnessed: set[str]) -> int | None:
        """Whether the steps after the parts `key` are all the legal next parts, where
        the turns found that hold them have the Extra Actions `witnessed` (under
        `lock`): how many of the turns found hold them all, or None."""
        chosen = Counter(key)
        found = len(self.matcher.turns)
        gates = {gate_of(head) for head, _ in key if is_extra(head)}
        if gates:
            group = _group_of(min(gates))
            if group in self.done or _covers(self.searched[group], chosen):
                return found
            return self.covered[group].get(key)
        exact = "" in self.done and all(
            g in self.done or _covers(self.searched[g], chosen) or _gate(g) in witnessed
            for g in self.groups[1:]
        )
        return found if exact else None

    # the thread ----------------------------------------------------------------
    def _run(self) -> None:
        start = time.monotonic()
        try:
            self._firsts(start + FIRSTS_SECONDS)
            self._plain(start + LIST_SECONDS)
        finally:
            with self.lock:
                self.ready.set()
                self._asked.notify_all()
        self._extras(start + LIST_SECONDS)
        self._questions()

    def _questions(self) -> None:
        """Answer the questions put (`answer`), the latest first, until none has come
        for `IDLE_SECONDS` (the next starts another thread) or the listing is stopped."""
        while True:
            with self.lock:
                self._asked.wait_for(lambda: self._queue or self._stopped.is_set(), IDLE_SECONDS)
                if self._stopped.is_set() or not self._queue:
                    self._serving = False
                    return
                self._busy = chosen = self._queue.pop()
                self._answered.add(_key(chosen))
                self._halted = False
                self.options.halt(False)
            try:
                self._serve(list(chosen))
            finally:
                with self.lock:
                    if self._halted:  # given up for a newer question: to be asked again
                        self._answered.discard(_key(chosen))
                    self._busy = None
                    self._asked.notify_all()

    def _firsts(self, deadline: float) -> None:
        """Pass and the phase's action's first turn, then the first turn of each group
        with the Extra Action; a group with none is whole."""
        options = self.options
        try:
            with options.until(deadline):
                self._keep(list(itertools.islice(options.group(""), 2)), base=True)
                for group in self.groups[1:]:
                    first = next(options.group(group), None)
                    if first is None:
                        self._empty.add(group)
                        self._settle(group)
                    else:
                        self._keep([first], base=True)
        except OutOfTime:
            pass

    def _plain(self, deadline: float) -> None:
        """Every turn without the Extra Action: the bodies of the phase's action, kept
        for the turns after which the Extra Action comes (`TurnOptions.group`)."""
        options = self.options
        try:
            with options.until(deadline):
                if self._mains is None:
                    mains = []
                    for n, body in enumerate(options.main_bodies(options.purse), 1):
                        mains.append(body)
                        if n % BATCH == 0 and (
                            self._stopped.is_set() or time.monotonic() > deadline
                        ):
                            return
                    self._mains = mains
                    # kept alive by `_mains`, so known by their identity
                    self._heads = {id(c): self._heads_of(c, 0) for c, _, _, _ in mains}
                if self._add_all(options.group("", mains=self._mains), deadline, base=True):
                    self._settle("")
        except OutOfTime:
            pass

    def _extras(self, deadline: float) -> None:
        """The turns with the Extra Action, a turn of each group in turn, until the
        deadline or a question."""
        options = self.options
        groups = [g for g in self.groups[1:] if g not in self.done]
        found = [options.group(g, mains=self._mains) for g in groups]
        ended = object()
        try:
            with options.until(deadline):
                while groups:
                    batch: list[TurnOption] = []
                    whole: set[int] = set()  # the groups whose every turn is in the batch
                    for _ in range(BATCH // len(groups) + 1):
                        for k, turns in enumerate(found):
                            turn = next(turns, ended)
                            if turn is ended:
                                whole.add(k)
                            elif isinstance(turn, TurnOption):
                                batch.append(turn)
                    if self._keep(batch) is None:
                        return
                    for k in whole:
                        self._settle(groups[k])
                    still = [k for k in range(len(groups)) if k not in whole]
                    groups, found = [groups[k] for k in still], [found[k] for k in still]
                    if self._queue or self._stopped.is_set() or time.monotonic() > deadline:
                        return
        except OutOfTime:
            pass

    def _serve(self, chosen: list[str]) -> None:
        """Answer the question of the parts `chosen` (`answer`), `QUERY_SECONDS` at
        most."""
        key = _key(tuple(chosen))
        heads = [head for head, _ in key]
        gates = {gate_of(h) for h in heads if is_extra(h)}
        main = self._allowing([h for h in heads if not is_extra(h)], 0)
        least = self._least([h for h in heads if not is_extra(h)])
        deadline = time.monotonic() + QUERY_SECONDS
        options = self.options
        if len(self.matcher.turns) > MAX_TURNS // 2:  # room for what it finds
            self._start_over()
        if "" not in self.done:  # the first listing was cut: it goes on first
            self._plain(deadline)
        try:
            with options.until(deadline):
                if gates:
                    self._search(_group_of(min(gates)), key, main, least, deadline)
                    return
                # only this thread changes the turns found: read without the lock
                witnessed = {t.gate for _, t, _ in self.matcher.going_on(chosen) if t.gate}
                for group in self.groups[1:]:
                    if group in self.done or _gate(group) in witnessed:
                        continue
                    found = options.group(group, main, None, self._mains, least)
                    if self._witness(found, chosen) is False:
                        self._settle(group, key)
                    if time.monotonic() > deadline:
                        return
        except OutOfTime:
            pass

    def _search(self, group: str, key: Key, main: Allows, least: Tiles, deadline: float) -> None:
        """Find the turns of the Extra Action's `group` that hold the parts `key` (their
        phase's action as `main` and `least` tell it): all, where they are listed within
        `GROUP_SECONDS`; else a turn for each next part first (`covering`), then as many
        more as the time allows."""
        options = self.options
        at = int(group.endswith("after"))
        extra = self._allowing([h for h, _ in key if is_extra(h)], at)
        found = options.group(group, main, extra, self._mains, least)
        if not options.follows:  # each turn judged by the referee: only listing knows
            if self._add_all(found, deadline):
                self._settle(group, key)
            return
        if self._add_all(found, min(deadline, time.monotonic() + GROUP_SECONDS)):
            self._settle(group, key)
            return
        if len(self.matcher.turns) > MAX_TURNS - MAX_TURNS // 10:
            self._start_over()  # room for a turn for each part
        cover = covering(options, group, self._parts_of, main, extra, self._mains, least)
        if self._add_all(cover, deadline):
            with self.lock:
                self.covered[group][key] = len(self.matcher.turns)
        found = options.group(group, main, extra, self._mains, least)
        if self._add_all(found, deadline):
            self._settle(group, key)

    def _witness(self, found: Iterator[TurnOption], chosen: list[str]) -> bool | None:
        """Whether one of the turns `found` goes on from the parts `chosen`, each kept
        until one does; None where no more can be kept (`MAX_TURNS`)."""
        for turn in found:
            kept = self._keep([turn])
            if kept is None:
                return None
            if kept and any(self.matcher.going_on(chosen, kept)):  # the thread's own
                return True
        return False

    def _allowing(self, heads: list[str], at: int) -> Allows:
        """What tells a clause, the `at`th of its turn, that could hold the parts
        `heads` (new ships' names left out), but the Extra Action's own: None where
        there are none."""
        want = Counter(blank_new(h, self.matcher.held) for h in heads if not is_gate(h))
        if not want:
            return None

        def holds(clause: Clause) -> bool:
            have = self._heads.get(id(clause)) or self._heads_of(clause, at)
            return all(have[h] >= n for h, n in want.items())

        return holds

    def _least(self, heads: list[str]) -> Tiles:
        """The tiles the placements `heads` of the phase's action place, read off a
        body of it without the Extra Action that holds them; None where none does."""
        held = self.matcher.held
        want = Counter(blank_new(h, held) for h in heads)
        for clause, _, _, _ in self._mains or ():
            have = self._heads.get(id(clause), Counter())
            if want and all(have[h] >= n for h, n in want.items()):
                mine = []
                for p in getattr(clause, "placements", None) or ():
                    head = blank_new(self.printer.placement(p).partition(" [")[0], held)
                    if want[head] > 0:
                        want[head] -= 1
                        mine.append(p)
                return placed(mine) or None
        return None

    def _heads_of(self, clause: Clause, at: int) -> Counter[str]:
        """The parts of `clause`, the `at`th of its turn, new ships' names left out."""
        return Counter(h for h, _ in self._parts_of(clause, at))

    def _parts_of(self, clause: Clause, at: int) -> Counter[Group]:
        """`_heads_of`, each with its rewards."""
        text = self.printer.clause(clause)
        held = self.matcher.held
        return Counter((blank_new(h, held), got) for h, got in clause_groups(text, at))

    def _add_all(self, found: Iterator[TurnOption], deadline: float, base: bool = False) -> bool:
        """Keep the turns `found` yields, in batches, until the deadline, a stop, a
        search that runs out of time (`OutOfTime`) or no more room; whether all were
        kept."""
        batch: list[TurnOption] = []
        try:
            for option in found:
                batch.append(option)
                if len(batch) == BATCH:
                    room, batch = self._keep(batch, base) is not None, []
                    if not room or self._stopped.is_set() or time.monotonic() > deadline:
                        return False
        except OutOfTime:
            return False
        finally:
            room = self._keep(batch, base) is not None
        return room and not self._stopped.is_set()

    def _keep(self, options: list[TurnOption], base: bool = False) -> list[int] | None:
        """Keep those of the turns `options` not kept before, while there is room
        (`MAX_TURNS`): their places in `matcher`, or None where there is no room.
        `base`: they are the first listing's, kept when the others are let go
        (`_start_over`)."""
        texts = [(self.printer.turn(o.turn), o.taler, o.workers) for o in options]
        kept = []
        with self.lock:
            for text, taler, workers in texts:
                if len(self.matcher.turns) >= MAX_TURNS:
                    return None
                if text not in self._seen:
                    self._seen.add(text)
                    kept.append(len(self.matcher.turns))
                    self.matcher.add(text, taler, workers)
                    if base:
                        self._base.append((text, taler, workers))
        return kept

    def _start_over(self) -> None:
        """Let go of every turn but the first listing's, and of what was found of the
        groups with the Extra Action, to make room."""
        matcher = Matcher(self.matcher.held)  # made before the requests wait for it
        for text, taler, workers in self._base:
            matcher.add(text, taler, workers)
        with self.lock:
            self.matcher = matcher
            self._seen = {text for text, _, _ in self._base}
            self.done &= {""} | self._empty
            self.searched = {g: [] for g in self.groups}
            self.covered = {g: {} for g in self.groups}
            self._answered = {_key(self._busy)} if self._busy is not None else set()
            self._sums.clear()  # each holds the turns let go

    def _settle(self, group: str, key: Key | None = None) -> None:
        """Note that every turn of `group` that holds the parts `key` is found (every
        turn of it, where None)."""
        with self.lock:
            if key is None:
                self.done.add(group)
            else:
                self.searched[group].append(Counter(key))


def _key(chosen: tuple[str, ...]) -> Key:
    """The parts `chosen`, each with its rewards, in any order."""
    return tuple(sorted(chosen_groups(list(chosen)) or ()))


def _group_of(gate: str) -> str:
    """The group of turns (`TurnOptions.group_names`) the Extra Action's part `gate`
    chooses."""
    words = gate.split()
    return f"extra {words[-1]} {'after' if words[0] == 'then' else 'first'}"


def _gate(group: str) -> str:
    """The part that chooses the Extra Action of `group`: `_group_of`'s inverse."""
    _, action, at = group.split()
    return f"{'then ' if at == 'after' else ''}extra {action}"


def _covers(searched: list[Counter[Group]], chosen: Counter[Group]) -> bool:
    """Whether a search for some of the parts `chosen` covers them."""
    return any(all(chosen[g] >= n for g, n in s.items()) for s in searched)
