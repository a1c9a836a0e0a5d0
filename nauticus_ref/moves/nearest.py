"""The legal turns nearest to a written one: the fewest changes that make it legal.

A turn is read as a bag of small facts (`_facts`): each tile and where it goes, each
reward, the free tile, each worker, each ship delivered, a written claim.  The
distance between two turns is how many facts one has and the other has not: dropping
an item is one change, lowering a count by one is one, moving a tile elsewhere two,
correcting a claim two.  Every suggestion is an option, so it is legal where it stands;
`edits.py` joins these to the turns a few edits away, each judged by the referee.
"""

from __future__ import annotations

import heapq
import time
from collections import Counter
from typing import Iterator, Sequence

from nauticus_ref.moves.purse import OutOfTime, Purse
from nauticus_ref.moves.turns import TurnOption, TurnOptions
from nauticus_ref.notation.model import ActionClause, Clause

#: First clauses tried when the written turn has two: the nearest so many.
FIRST_TRIED = 5


def nearest(
    options: TurnOptions, written: Sequence[Clause], most: int = 3, deadline: float | None = None
) -> list[tuple[int, TurnOption]]:
    """Up to `most` options nearest to the `written` clauses, nearest first, each with
    its distance (ties kept in the listing's order).  Raises `OutOfTime` past
    `deadline` (a `time.monotonic()` value)."""
    found, complete = nearest_weighed(options, written, most, deadline)
    if not complete:
        raise OutOfTime()
    return found


def nearest_weighed(
    options: TurnOptions, written: Sequence[Clause], most: int = 3, deadline: float | None = None
) -> tuple[list[tuple[int, TurnOption]], bool]:
    """As `nearest`, of the options weighed by `deadline`; and whether every option
    was weighed."""
    want = _facts(written)
    scored = []
    try:
        with options.until(deadline):
            for k, o in enumerate(_candidates(options, written, deadline)):
                scored.append((_distance(want, _facts(o.clauses, written)), k, o))
                if k % 256 == 255 and deadline is not None and time.monotonic() > deadline:
                    raise OutOfTime(k + 1)
        complete = True
    except OutOfTime:
        complete = False  # the nearest of those weighed
    scored.sort(key=lambda s: (s[0], s[1]))
    return [(d, o) for d, _, o in scored[:most]], complete


def _candidates(
    options: TurnOptions, written: Sequence[Clause], deadline: float | None
) -> Iterator[TurnOption]:
    """The options a written turn is measured against: those of its shape (one clause,
    or the Extra Action before or after), the nearest first clauses followed through.
    The first clauses are weighed one at a time, keeping only the nearest, so that a
    rich player's hundreds of thousands of them cost no memory (`OutOfTime` past
    `deadline`)."""
    name = options.player.name
    extra = next((c for c in written if isinstance(c, ActionClause) and c.extra), None)
    yield from options.plain()
    if extra is None or not options.purse.extra:
        return
    first_is_extra = written[0] is extra
    firsts: Iterator[tuple[Clause, Purse, int, int]]
    if first_is_extra:
        firsts = (
            (e.clause, e.after, e.taler, e.workers)
            for e in options.extra_bodies(options.purse, extra.action)
        )
    else:
        firsts = options.main_bodies(options.purse)
    want = _facts(written[:1])

    def weighed() -> Iterator[tuple[int, int, tuple[Clause, Purse, int, int]]]:
        for k, f in enumerate(firsts):
            if k % 256 == 255 and deadline is not None and time.monotonic() > deadline:
                raise OutOfTime(k + 1)
            yield _distance(want, _facts((f[0],), written[:1])), k, f

    nearest_firsts = heapq.nsmallest(FIRST_TRIED, weighed(), key=lambda w: w[:2])
    for _, _, (clause, after, taler, used) in nearest_firsts:
        if first_is_extra:
            for c, _, t, u in options.main_bodies(after):
                yield TurnOption(name, (clause, c), taler + t, used + u)
        else:
            for e in options.extra_bodies(after, extra.action):
                yield TurnOption(name, (clause, e.clause), taler + e.taler, used + e.workers)


def _facts(clauses: Sequence[Clause], claims_of: Sequence[Clause] | None = None) -> Counter[object]:
    """The facts of a turn.  `claims_of`: count a claim only where that turn wrote one
    (leaving a claim out is no change)."""
    facts: Counter[object] = Counter()
    for k, c in enumerate(clauses):
        # a pass instead of the phase's action (or the reverse) is one change more
        # than dropping what the action held item by item
        if not isinstance(c, ActionClause) or not c.extra:
            facts[k, "main"] += 3
            if not isinstance(c, ActionClause):
                facts[k, "pass"] += 1
                continue
        else:
            facts[k, "extra", c.action] += 3
        fleet: dict[str, list[tuple[str, str]]] = {}  # what each new ship is built of
        for pl in c.placements:
            dest = (
                "store"
                if pl.dest.ship is None
                else (
                    "new"
                    if pl.dest.kind == "new" or pl.dest.ship.key in fleet
                    else pl.dest.ship.key
                )
            )
            for i in pl.items:
                facts[k, "gift" if pl.gift else dest, i.kind, i.name] += i.count
                if dest == "new" and pl.dest.ship is not None:
                    fleet.setdefault(pl.dest.ship.key, []).extend([(i.kind, i.name)] * i.count)
            for w in pl.rewards or []:
                facts[k, "reward", w.kind, tuple(sorted(w.goods or ()))] += 1
        for tiles in fleet.values():
            facts[k, "new ship", tuple(sorted(tiles))] += 1
        facts[k, "worker"] += c.workers or 0
        for s in c.ships:
            facts[k, "ship", s.key] += 1
        wrote = claims_of[k] if claims_of is not None and k < len(claims_of) else c
        if c.claim is not None and isinstance(wrote, ActionClause) and wrote.claim is not None:
            facts[k, "claim", c.claim.value, c.claim.unit] += 1
    return facts


def changes(written: Sequence[Clause], option: Sequence[Clause]) -> int:
    """How many changes turn the `written` clauses into an `option`'s, as `nearest`
    counts them."""
    return _distance(_facts(written), _facts(option, written))


def _distance(a: Counter[object], b: Counter[object]) -> int:
    return sum(((a - b) + (b - a)).values())


__all__ = ["nearest", "nearest_weighed", "changes"]
