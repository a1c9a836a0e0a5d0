"""The legal turns a few edits away from a written one, each judged by the referee.

From the written turn (its claims left out, which only check), the search tries every
turn one edit away, then two, cheapest first by `nearest.changes`: the whole turn a
pass, a clause dropped or made a pass, a worker count lowered, a ship not delivered, a
tile dropped, a reward dropped, a placement sent to the storage or to another of the
player's ships, a tile added to a placement (one more of one it holds, or one of the
kind the clause places that the supply has), a reward added to a placement on a ship.
Each is played on the table by the referee (`judge.Judge`), so what it finds is legal
under the record's settings and every rule, a house rule too.  The search is bounded
by its deadline and by `MOST_JUDGED`.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Iterator, Sequence

from nauticus_ref.game.rewards import CHOICES
from nauticus_ref.game.state import Tile
from nauticus_ref.moves.judge import Judge
from nauticus_ref.moves.nearest import changes, nearest_weighed
from nauticus_ref.moves.purse import SPAN
from nauticus_ref.moves.turns import TurnOptions, key
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import (
    ActionClause,
    Clause,
    Destination,
    Item,
    Name,
    PassClause,
    Placement,
    Reward,
)

#: Edits deep the search goes at most.
DEPTH = 2
#: Turns judged at most in one search, whatever the deadline.
MOST_JUDGED = 2_000

PASS = PassClause(span=SPAN)


def edited(
    judge: Judge,
    written: Sequence[Clause],
    ships: Sequence[str],
    most: int = 3,
    deadline: float | None = None,
    tiles: Sequence[Tile] = (),
) -> list[tuple[int, list[Clause]]]:
    """Up to `most` legal turns nearest to `written` by edits, nearest first, each with
    its count of changes; `ships`: the names of the player's ships, where a placement
    may be sent instead; `tiles`: those a placement may be given one more of (the
    supply's)."""
    start = [_unclaimed(c) for c in written]
    seen = {key(start)}
    level = [start]
    found: list[tuple[int, int, list[Clause]]] = []
    if judge.legal(start):
        found.append((changes(written, start), 0, start))
    for _ in range(DEPTH):
        tried: list[tuple[int, int, list[Clause]]] = []
        for clauses in level:
            for e in _edits(clauses, ships, tiles):
                k = key(e)
                if k not in seen:
                    seen.add(k)
                    tried.append((changes(written, e), len(seen), e))
        tried.sort(key=lambda t: t[:2])
        level = []
        for d, n, clauses in tried:
            if len(found) >= most and d > sorted(f[0] for f in found)[most - 1]:
                break  # none left at this depth could be nearer
            over = deadline is not None and time.monotonic() > deadline
            if over or judge.asked >= MOST_JUDGED:
                return _nearest_of(found, most)
            if judge.legal(clauses):
                found.append((d, n, clauses))
            else:
                level.append(clauses)
    return _nearest_of(found, most)


def _nearest_of(
    found: list[tuple[int, int, list[Clause]]], most: int
) -> list[tuple[int, list[Clause]]]:
    return [(d, c) for d, _, c in sorted(found, key=lambda f: f[:2])[:most]]


def _unclaimed(c: Clause) -> Clause:
    return dataclasses.replace(c, claim=None) if isinstance(c, ActionClause) else c


def _edits(
    clauses: list[Clause], ships: Sequence[str], tiles: Sequence[Tile]
) -> Iterator[list[Clause]]:
    """Every turn one edit away from `clauses`: those that take something away or move
    it first, then those that add an item."""
    yield [PASS]
    for k, c in enumerate(clauses):

        def put(new: Clause | None, k: int = k) -> list[Clause]:
            """The turn with clause `k` made `new`; a clause with nothing left in it
            is dropped, and a turn with nothing left is a pass."""
            if isinstance(new, ActionClause) and not (new.placements or new.ships):
                new = None if new.workers is None else new
            out = clauses[:k] + ([new] if new is not None else []) + clauses[k + 1 :]
            return out or [PASS]

        if len(clauses) > 1:
            yield put(None)
        if not isinstance(c, ActionClause):
            continue
        if not c.extra:
            yield put(PASS)
        if c.workers is not None and c.workers > 1:
            yield put(dataclasses.replace(c, workers=c.workers - 1))
        for j in range(len(c.ships)):
            yield put(dataclasses.replace(c, ships=c.ships[:j] + c.ships[j + 1 :]))
        for j, pl in enumerate(c.placements):
            for new in _placements(pl, ships):
                placements = c.placements[:j] + ([new] if new else []) + c.placements[j + 1 :]
                yield put(dataclasses.replace(c, placements=placements))
    for k, c in enumerate(clauses):
        if not isinstance(c, ActionClause):
            continue
        kind = vocab.ITEM_KIND_OF_ACTION.get(c.action)
        names = [name for of, name in tiles if of == kind]
        for j, pl in enumerate(c.placements):
            for new in _added(pl, names):
                placements = [*c.placements[:j], new, *c.placements[j + 1 :]]
                yield (
                    clauses[:k] + [dataclasses.replace(c, placements=placements)] + clauses[k + 1 :]
                )


def _placements(pl: Placement, ships: Sequence[str]) -> Iterator[Placement | None]:
    """Every placement one edit away from `pl` (None: none left)."""
    for i, item in enumerate(pl.items):
        fewer = [dataclasses.replace(item, count=item.count - 1)] if item.count > 1 else []
        items = pl.items[:i] + fewer + pl.items[i + 1 :]
        yield dataclasses.replace(pl, items=items) if items else None
    for i in range(len(pl.rewards or ())):
        assert pl.rewards is not None
        yield dataclasses.replace(pl, rewards=pl.rewards[:i] + pl.rewards[i + 1 :] or None)
    if pl.gift:
        return
    if pl.dest.kind != "store":
        yield dataclasses.replace(pl, dest=Destination(span=SPAN, kind="store"), rewards=None)
    here = pl.dest.ship.key if pl.dest.kind == "ship" and pl.dest.ship is not None else None
    for ship in ships:
        if ship.casefold() != here:
            to = Destination(span=SPAN, kind="ship", ship=Name(span=SPAN, text=ship))
            yield dataclasses.replace(pl, dest=to, rewards=None)


def _added(pl: Placement, names: Sequence[str]) -> Iterator[Placement]:
    """Every placement one item more than `pl`: one more of a tile it holds, or of one of
    `names`, and a reward more where it goes to a ship."""
    if pl.gift:
        return
    for name in dict.fromkeys([i.name for i in pl.items] + list(names)):
        if any(i.name == name for i in pl.items):
            items = [dataclasses.replace(i, count=i.count + (i.name == name)) for i in pl.items]
        else:
            items = [*pl.items, Item(span=SPAN, kind=pl.items[0].kind, name=name)]
        yield dataclasses.replace(pl, items=items)
    if pl.dest.kind != "store":
        for kind, goods in CHOICES:
            reward = Reward(span=SPAN, kind=kind, goods=goods)
            yield dataclasses.replace(pl, rewards=[*(pl.rewards or ()), reward])


def suggestions(
    options: TurnOptions, written: Sequence[Clause], most: int = 3, deadline: float | None = None
) -> tuple[list[tuple[int, tuple[Clause, ...]]], bool]:
    """Up to `most` legal turns nearest to `written`, nearest first, each with its count
    of changes: those a few edits away (`edited`, in the first half of the time), and the
    options nearest by the listing (`nearest.nearest_weighed`), each judged by the referee too,
    so that a rule the settings turn off or a house rule counts.  Of two that do the
    same, the option is kept, its claims written.  The flag says whether the listing was
    gone through: else the nearest found may not be the nearest there is."""
    now = time.monotonic()
    half = None if deadline is None else now + (deadline - now) / 2
    judge = None
    if options.referee is not None and written:
        judge = Judge(options.referee, options.player.name, written[0].span.line)
    found: dict[object, tuple[int, int, tuple[Clause, ...]]] = {}
    if judge is not None:
        ships = [s.name for s in options.player.ships.values()]
        tiles = sorted(t for t, n in options.purse.supply.items() if n > 0)
        for n, (d, clauses) in enumerate(edited(judge, written, ships, most, half, tiles)):
            found[key(clauses)] = (d, n, tuple(clauses))
    listed, complete = nearest_weighed(options, written, most + 2, deadline)
    for n, (d, o) in enumerate(listed, len(found)):
        k = key(o.clauses)
        if k in found or judge is None or judge.legal(o.clauses):
            found[k] = (d, found[k][1] if k in found else n, o.clauses)
    best = sorted(found.values(), key=lambda f: f[:2])[:most]
    return [(d, clauses) for d, _, clauses in best], complete
