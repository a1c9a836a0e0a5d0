"""The turns a player could write next: pass, every body of the phase's action, and,
while the player has it, the Extra Action before or after either.

Options are listed lazily in that order and counted without being kept: the options
that follow one first clause depend only on what it leaves (`Purse.shape`), so
each such count is worked out once.  `key` reduces a written turn to what it does, so
that a written move is found among the options however it was written.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from nauticus_ref.game.state import Player, Tile
from nauticus_ref.moves.clauses import (
    afters,
    bodies,
    by_tally,
    holding,
    in_room,
    needs,
    placed,
    rooms,
    unseen,
)
from nauticus_ref.moves.judge import Judge, follows
from nauticus_ref.moves.purse import SPAN, Ask, Body, OutOfTime, Purse, check
from nauticus_ref.moves.seconds import Seconds
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import ActionClause, Clause, Name, PassClause, Record, Turn
from nauticus_ref.notation.printer import Printer
from nauticus_ref.referee.context import Referee
from nauticus_ref.referee.engine import settle_start

PASS = PassClause(span=SPAN)
#: A clause with the purse it leaves, its taler and workers (`TurnOptions.main_bodies`).
Made = tuple[Clause, Purse, int, int]
#: Which clauses a listing keeps (`TurnOptions.group`); None: every one.
Allows = Callable[[Clause], bool] | None


def _anything(clause: Clause) -> bool:
    """Every clause: what `TurnOptions.group` allows where it is not told."""
    return True


@dataclass(frozen=True, slots=True)
class TurnOption:
    """One legal turn: its clauses in order, the taler paid and the workers used in all."""

    player: str
    clauses: tuple[Clause, ...]
    taler: int
    workers: int

    @property
    def turn(self) -> Turn:
        return Turn(span=SPAN, player=Name(span=SPAN, text=self.player), clauses=list(self.clauses))

    @property
    def group(self) -> str:
        """What kind of turn it is, as the listing groups them: `pass`, the action, or
        `extra <action> first` / `extra <action> after` with either."""
        extra = next((c for c in self.clauses if isinstance(c, ActionClause) and c.extra), None)
        if extra is None:
            return "pass" if isinstance(self.clauses[0], PassClause) else self.clauses[0].action
        return f"extra {extra.action} {'first' if self.clauses[0] is extra else 'after'}"


@dataclass
class TurnOptions:
    """Every legal turn of `player` from one table: listed lazily (`__iter__`), counted
    exactly (`count`, `counts`)."""

    player: Player
    action: str
    ask: Ask
    purse: Purse
    #: the referee whose table these are, to judge a turn on it (`judge.Judge`)
    referee: Referee | None = None

    def turn_of(self, clauses: Sequence[Clause]) -> Turn:
        """The player's turn of these clauses, to print or judge."""
        return Turn(span=SPAN, player=Name(span=SPAN, text=self.player.name), clauses=list(clauses))

    def printer(self, record: Record) -> Printer:
        """What writes these options in `record`'s own words: the options name the
        board's crests, which the table maps to the record's words (`crests:`)."""
        return Printer(record, self.ask.table.crest_words)

    def main_bodies(self, purse: Purse, only: Clause | None = None) -> Iterator[Made]:
        """Pass, then every body of the phase's action; `only`: those that could be the
        clause written (`_tiles`)."""
        after = purse.copy()
        after.passed = min(3, after.passed + 1)
        yield PASS, after, 0, 0
        for b in bodies(self.ask, purse, self.action, extra=False, only=_tiles(only)):
            yield b.clause, b.after, b.taler, b.workers

    def extra_bodies(self, purse: Purse, action: str, only: Clause | None = None) -> Iterator[Body]:
        """Every body of `action` as the Extra Action; `only` as for `main_bodies`."""
        return bodies(self.ask, purse, action, extra=True, only=_tiles(only))

    @contextmanager
    def until(self, deadline: float | None) -> Iterator[None]:
        """Within it, finding bodies (listing, counting) raises `OutOfTime` once
        `deadline` (`time.monotonic()`) is past, however long it has gone without
        finding one (`Ask.tick`)."""
        before = self.ask.deadline
        self.ask.deadline = min((d for d in (before, deadline) if d is not None), default=None)
        try:
            yield
        finally:
            self.ask.deadline = before

    def halt(self, halted: bool = True) -> None:
        """Stop the searches for bodies, as a deadline past does (`until`), until let go
        on (`halted` false): for another thread to stop one that lists."""
        self.ask.halted = halted

    def plain(self) -> Iterator[TurnOption]:
        """The options without the Extra Action: pass, then the phase's action."""
        for clause, _, taler, used in self.main_bodies(self.purse):
            yield TurnOption(self.player.name, (clause,), taler, used)

    @property
    def follows(self) -> bool:
        """Whether the listing follows the rules in force here (`judge.follows`): else
        each option listed is judged by the referee first."""
        return self.referee is None or follows(self.referee)

    def __iter__(self) -> Iterator[TurnOption]:
        return self._judged(itertools.chain.from_iterable(self._groups()))

    def interleaved(self) -> Iterator[TurnOption]:
        """Every option once, as `__iter__` lists them, but the groups with the Extra
        Action taken in turn, an option of each, after those without it: a walk cut
        short still has some of every group (the recorder's choices)."""
        plain, *extras = self._groups()
        return self._judged(
            itertools.chain(
                plain,
                (o for round_ in itertools.zip_longest(*extras) for o in round_ if o),
            )
        )

    def _judged(self, options: Iterator[TurnOption]) -> Iterator[TurnOption]:
        """`options`, judged one by one where the listing does not follow the rules."""
        if self.follows:
            return options
        assert self.referee is not None
        judge = Judge(self.referee, self.player.name)
        return (o for o in options if judge.legal(o.clauses))

    def _groups(self) -> list[Iterator[TurnOption]]:
        """The listing's groups in its order, each lazily (`group`), not judged."""
        return [self._group(g) for g in self.group_names()]

    def group_names(self) -> list[str]:
        """The listing's groups in its order: `""`, pass and the phase's action alone;
        then, while the player has the Extra Action, `extra <action> first` for each
        action, then `extra <action> after` (`TurnOption.group`)."""
        if not self.purse.extra:
            return [""]
        return ["", *(f"extra {a} {at}" for at in ("first", "after") for a in vocab.ACTIONS)]

    def group(
        self,
        name: str,
        main: Allows = None,
        extra: Allows = None,
        mains: Sequence[Made] | None = None,
        least: Counter[Tile] | None = None,
    ) -> Iterator[TurnOption]:
        """The options of the group `name` (`group_names`), judged where the listing
        does not follow the rules (`follows`): those whose clause of the phase's action
        `main` allows and whose Extra Action's clause `extra` allows, each asked before
        the clauses that follow it are looked for.  `mains`: the phase's action's
        bodies from the purse (`main_bodies`), where the caller has them already.
        `least`: tiles every clause `main` allows places (`clauses.placed`), so that
        after the Extra Action only the bodies that place them are looked for
        (`clauses.holding`; they come in another order)."""
        return self._judged(self._group(name, main, extra, mains, least))

    def _group(
        self,
        name: str,
        main: Allows = None,
        extra: Allows = None,
        mains: Sequence[Made] | None = None,
        least: Counter[Tile] | None = None,
    ) -> Iterator[TurnOption]:
        """`group`, not judged."""
        player = self.player.name
        if not name:
            for clause, _, taler, used in mains or self.main_bodies(self.purse):
                if main is None or main(clause):
                    yield TurnOption(player, (clause,), taler, used)
            return
        firsts, seconds = self.halves(name, main, extra, mains, least)
        for first, rest, taler, used in firsts:
            for second, _, more, workers in seconds(rest):
                yield TurnOption(player, (first, second), taler + more, used + workers)

    def halves(
        self,
        name: str,
        main: Allows,
        extra: Allows,
        mains: Sequence[Made] | None,
        least: Counter[Tile] | None,
    ) -> tuple[Iterator[Made], Callable[[Purse], Iterator[Made]]]:
        """The group `name` in two: its first clauses, and their seconds from a purse."""
        _, action, at = name.split()
        main, extra = main or _anything, extra or _anything

        def extras(purse: Purse) -> Iterator[Made]:
            for e in self.extra_bodies(purse, action):
                if extra(e.clause):
                    yield e.clause, e.after, e.taler, e.workers

        if at == "first":
            return extras(self.purse), lambda p: (
                m for m in self.holding_bodies(p, least) if main(m[0])
            )
        return (m for m in mains or self.main_bodies(self.purse) if main(m[0])), extras

    def holding_bodies(self, purse: Purse, least: Counter[Tile] | None) -> Iterator[Made]:
        """`main_bodies`, or where `least` are tiles each body wanted places, those
        that place them, found a set of tiles at a time where there are few
        (`clauses.holding`)."""
        sets = holding(self.ask, purse, self.action, False, least) if least else None
        if sets is None:
            yield from self.main_bodies(purse)
            return
        for tiles in sets:
            for b in bodies(self.ask, purse, self.action, extra=False, only=tiles):
                yield b.clause, b.after, b.taler, b.workers

    def firsts(self) -> dict[str, TurnOption]:
        """The first option of each group, in the listing's order (`each_first`)."""
        return {o.group: o for o in self.each_first()}

    def each_first(self) -> Iterator[TurnOption]:
        """The first option of each group, in the listing's order, found one at a time
        without listing the others (a search cut short keeps those found); where the
        listing is judged (`follows`), those the judge allows."""
        found = self._firsts()
        if self.follows:
            return found
        assert self.referee is not None
        judge = Judge(self.referee, self.player.name)
        return (o for o in found if judge.legal(o.clauses))

    def _firsts(self) -> Iterator[TurnOption]:
        name = self.player.name
        yield from itertools.islice(self.plain(), 2)  # pass, and the action's first
        if not self.purse.extra:
            return
        for action in vocab.ACTIONS:
            e = next(iter(self.extra_bodies(self.purse, action)), None)
            if e is not None:
                yield TurnOption(name, (e.clause, PASS), e.taler, e.workers)
        passed = next(self.main_bodies(self.purse))[1]
        for action in vocab.ACTIONS:
            e = next(iter(self.extra_bodies(passed, action)), None)
            if e is not None:
                yield TurnOption(name, (PASS, e.clause), e.taler, e.workers)

    def counts(
        self, deadline: float | None = None, seen: Callable[[Clause], None] | None = None
    ) -> dict[str, int]:
        """How many options each group holds (groups with none left out), without
        listing them.  A turn's second clause is found from what the first left: the
        first clauses that leave the same shape (`Purse.shape`) differing only in taler
        and workers, the second clause's bodies are found once, with what each needs,
        and counted for each (`Seconds`).  A first clause whose bodies leave the
        second's shape as it was is tallied, not listed (`clauses.unseen`), one seen
        only by the room it takes tallied by that (`clauses.in_room`), and a purchase
        before another or a transport counted by what the later one's tally reads
        (`clauses.by_tally`),
        the phase's action before the Extra Action too (`Seconds.after`).  Raises
        `OutOfTime` past `deadline` (`time.monotonic()`).  `seen` is shown each body of
        the phase's action on the way (`plain_counts` too)."""
        with self.until(deadline):
            return self._counts(deadline, seen)

    def _counts(
        self, deadline: float | None = None, seen: Callable[[Clause], None] | None = None
    ) -> dict[str, int]:
        """`counts` within its deadline."""
        out: Counter[str] = Counter()
        seconds = Seconds(self.ask, deadline)
        extra = self.purse.extra
        # the phase's action tallied once, by the room it takes too (`Seconds.after`)
        taken = rooms(self.ask, self.purse, self.action, False) if seen is None else None
        done = seconds.after(self.purse, self.action, taken) if extra and taken else set()
        if taken is None or (extra and len(done) < len(vocab.ACTIONS)):
            for n, (clause, after, _, _) in enumerate(self.main_bodies(self.purse)):
                out["pass" if clause is PASS else self.action] += 1
                if seen is not None and clause is not PASS:
                    seen(clause)
                asked = [a for a in vocab.ACTIONS if clause is PASS or a not in done]
                for action, shape in after.shapes(asked if extra else ()).items():
                    seconds.add(f"extra {action} after", after, action, True, shape)
                if n % 64 == 63:
                    check(deadline)
        else:
            out["pass"] += 1
            out[self.action] += sum(taken.values())
            passed = next(self.main_bodies(self.purse))[1]
            for action in vocab.ACTIONS if extra else ():
                seconds.add(f"extra {action} after", passed, action, True)
        for action in vocab.ACTIONS if extra else ():
            out[f"extra {action} first"] += self._first(action, seconds)  # then pass
        for group, n in seconds.counts().items():
            out[group] += n
        return {g: n for g, n in out.items() if n}

    def _first(self, action: str, seconds: Seconds) -> int:
        """How many bodies `action` has as the Extra Action before the phase's action,
        each handed to `seconds` with what it leaves: tallied where its bodies leave
        the phase's action's shape as it was (the tally asked once with the Extra
        Action after, from the richest purse of that shape), or tallied by the room
        it takes where only that is seen (`clauses.in_room`), counted by what the
        phase's action's tally reads of them (`clauses.by_tally`) or walked without
        making them (`clauses.afters`) where that can be, else listed."""
        group, purse = f"extra {action} first", self.purse
        if action in vocab.PLACING_ACTIONS:
            counted = seconds.tally(f"extra {action} after", purse, action, True)
            if counted is not None and unseen(self.ask, purse, action, True, self.action):
                mine = Counter(
                    {
                        (t, w): n
                        for (t, w), n in counted.items()
                        if t <= purse.taler and w <= purse.workers
                    }
                )
                seconds.tallied(group, purse, mine, self.action, False)
                return sum(mine.values())
            taken = (
                rooms(self.ask, purse, action, True)
                if in_room(self.ask, purse, action, True, self.action)
                else None
            )
            if taken is not None:
                seconds.roomed(group, purse, action, taken, self.action, False)
                return sum(taken.values())
        shaped = by_tally(self.ask, purse, action, True, self.action, seconds.deadline)
        if shaped is None:
            walked = afters(self.ask, purse, action, True, self.action, seconds.deadline)
            shaped = None if walked is None else {s: (*w, None) for s, w in walked.items()}
        if shaped is not None:
            for shape, (after, budgets, needs) in shaped.items():
                seconds.add_many((group, shape, self.action, False), after, budgets, needs)
            return sum(sum(budgets.values()) for _, budgets, _ in shaped.values())
        n = 0
        for n, e in enumerate(self.extra_bodies(purse, action), 1):
            seconds.add(group, e.after, self.action, False)
            check(seconds.deadline)
        return n

    def count(self, deadline: float | None = None) -> int:
        return sum(self.counts(deadline).values())

    def plain_counts(
        self, deadline: float | None = None, seen: Callable[[Clause], None] | None = None
    ) -> dict[str, int]:
        """The counts of the turns without the Extra Action, exact (each is listed once
        to be counted where `seen` must see them, else counted without listing).
        Raises `OutOfTime` past `deadline`, with the count so far."""
        with self.until(deadline):
            return self._plain_counts(deadline, seen)

    def _plain_counts(
        self, deadline: float | None, seen: Callable[[Clause], None] | None
    ) -> dict[str, int]:
        out: Counter[str] = Counter()
        if seen is None:  # counted without listing (`clauses.needs`)
            out["pass"] = 1
            out[self.action] = sum(
                needs(self.ask, self.purse, self.action, False, deadline).values()
            )
            return {g: n for g, n in out.items() if n}
        for n, (clause, _, _, _) in enumerate(self.main_bodies(self.purse)):
            out["pass" if clause is PASS else self.action] += 1
            if seen is not None and clause is not PASS:
                seen(clause)
            if n % 512 == 511 and deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(n + 1)
        return dict(out)

    def find(self, clauses: Sequence[Clause]) -> TurnOption | None:
        """The option that does what `clauses` do (`key`) and claims what they claim, if
        one does: found by following the written clauses, not by listing every option."""
        found = self._find(clauses)
        if found is None or not all(_claims_hold(w, c) for w, c in zip(clauses, found.clauses)):
            return None
        return found

    def _find(self, clauses: Sequence[Clause]) -> TurnOption | None:
        want = key(clauses)
        name = self.player.name
        if len(clauses) == 1:
            return next(
                (
                    TurnOption(name, (c,), t, u)
                    for c, _, t, u in self.main_bodies(self.purse, clauses[0])
                    if key((c,)) == want
                ),
                None,
            )
        if len(clauses) != 2 or not self.purse.extra:
            return None
        first, second = clauses
        if isinstance(first, ActionClause) and first.extra:
            for e in self.extra_bodies(self.purse, first.action, first):
                if key((e.clause,)) == want[:1]:
                    for c, _, t, u in self.main_bodies(e.after, second):
                        if key((c,)) == want[1:]:
                            return TurnOption(name, (e.clause, c), e.taler + t, e.workers + u)
            return None
        if not (isinstance(second, ActionClause) and second.extra):
            return None
        for c, after, t, u in self.main_bodies(self.purse, first):
            if key((c,)) == want[:1]:
                for e in self.extra_bodies(after, second.action, second):
                    if key((e.clause,)) == want[1:]:
                        return TurnOption(name, (c, e.clause), t + e.taler, u + e.workers)
        return None


def _tiles(clause: Clause | None) -> Counter[Tile] | None:
    """The tiles a written placing clause places (its free tile apart), to look among
    the bodies that place just those; None for any other clause."""
    if not isinstance(clause, ActionClause) or not clause.placements:
        return None
    return placed(clause.placements)


def _claims_hold(written: Clause, option: Clause) -> bool:
    """A written claim is the option's (a transport's, which has none, `= 0t`)."""
    if not isinstance(written, ActionClause) or written.claim is None:
        return True
    assert isinstance(option, ActionClause)
    right = (option.claim.value, option.claim.unit) if option.claim else (0, "t")
    return (written.claim.value, written.claim.unit) == right


def turn_options(r: Referee, player: Player | None = None) -> TurnOptions | None:
    """The turns open to `player` (the next to move, if None) on the table `r` holds:
    None when no phase is in play or everyone has had their turn."""
    t = r.table
    ph = t.phase
    if ph is None or t.round_ended:
        return None
    if player is None:
        player = next((p for p in ph.order if p not in ph.done), None)
        if player is None:
            return None
    ask = Ask(t, r.judges, ph.space, ph.blue)
    return TurnOptions(player, ph.action, ask, _purse(r, player), r)


def _purse(r: Referee, player: Player) -> Purse:
    """What `player` has when the turn starts: after a wrong start player the phase's
    bonus is given then (`settle_start`), so it is given here and taken back."""
    if not r.pending_bonus:
        return Purse.of(r.table, player)
    saved = r.checkpoint()
    settle_start(r, player)
    try:
        return Purse.of(r.table, player)
    finally:
        r.rollback(saved)


# what a written turn does -------------------------------------------------------
def key(clauses: Sequence[Clause]) -> tuple[object, ...]:
    """What a turn does, whatever its spelling: the clauses in order, each reduced to
    where its tiles go (a new ship by what it is built of, not its name, also in a
    clause after the one that starts it), its rewards, its free tile, its workers or
    ships; claims, which only check, are left out."""
    started: dict[str, object] = {}
    return tuple(_clause_key(c, started) for c in clauses)


def _clause_key(c: Clause, started: dict[str, object]) -> tuple[object, ...]:
    """One clause's part of `key`; `started`: the ships earlier clauses started, by
    name, each as what it was started with (this clause's new ships are added)."""
    if not isinstance(c, ActionClause):
        return ("pass",)
    places: dict[object, Counter[object]] = {}
    begun: dict[str, Counter[object]] = {}  # on ships an earlier clause started, by name
    new: dict[str, Counter[object]] = {}
    gifts: list[str] = []
    for pl in c.placements:
        if pl.gift:
            gifts.extend(i.name for i in pl.items)
            continue
        tiles: Counter[object] = Counter()
        for i in pl.items:
            tiles[(i.kind, i.name)] += i.count
        for w in pl.rewards or []:
            tiles[("reward", w.kind, tuple(sorted(w.goods or ())))] += 1
        ship = pl.dest.ship
        if pl.dest.kind == "new" or (ship is not None and ship.key in new):
            assert ship is not None
            new.setdefault(ship.key, Counter()).update(tiles)
        elif ship is not None and ship.key in started:
            begun.setdefault(ship.key, Counter()).update(tiles)
        else:
            places.setdefault("store" if ship is None else ship.key, Counter()).update(tiles)
    # ships started alike are told apart only by what each is given
    for name, v in begun.items():
        places.setdefault(started[name], Counter())[_counted(v)] += 1
    built = {name: _counted(v) for name, v in new.items()}
    started.update((name, ("new", b)) for name, b in built.items())
    return (
        c.extra,
        c.action,
        c.workers,
        tuple(sorted(str(started.get(s.key, s.key)) for s in c.ships)),
        tuple(sorted((str(k), _counted(v)) for k, v in places.items())),
        tuple(sorted(built.values())),
        tuple(sorted(gifts)),
    )


def _counted(tiles: Counter[object]) -> tuple[object, ...]:
    """A counter as a sorted tuple of its items, to compare and sort."""
    return tuple(sorted(tiles.items(), key=repr))
