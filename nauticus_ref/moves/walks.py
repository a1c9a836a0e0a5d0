"""Walking a purchase's or transport's bodies where one can complete a ship, without
making them.

A completed ship's rewards pay for what comes after it in the clause, so what a body
needs depends on the order its placements are written in: each way to place on the
ships is walked as the referee pays it (`placing._Walk`), tile by tile and reward by
reward, but no placement or clause is made.  The storage, written first, is taken in
groups by what it leaves the walk; the ships are walked once for each way the storage
enters them, from the richest such start, ship by ship with the ways that reach the
same state taken together, and each way through them then set against every start
that can pay it (the walk kept serves later clauses whose start is no richer).  A body the storage-first order cannot pay may be paid
with the completed ships first and the storage after their rewards
(`plans.arrangements`): where a plan completes ships, each way also carries the lowest
the taler and workers go in each order of those ships (`orders.py`), the ways are
walked from as much more as the rewards could bring, and a start is set against each
order that can pay it (`_payer`), each body counted once (`orders.union`).  A
completed ship's reward sets are taken together where they give the same, and after
the last such ship where what comes after reads the same of them.  What is asked at
the end of each walk: what the bodies need (`listed_needs`), or the shape they leave
the next clause (`listed_afters`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Literal

from nauticus_ref.game import rewards
from nauticus_ref.game.state import EXTRA_WORKERS, Ship, Tile, spaces
from nauticus_ref.moves.orders import Costs, costs, lowest, union
from nauticus_ref.moves.placing import pay
from nauticus_ref.moves.plans import Plan, plans, reach
from nauticus_ref.moves.purse import Ask, Purse, Shaped, check
from nauticus_ref.moves.rewards import most_rewards, reward_groups
from nauticus_ref.moves.tally import storage_ways
from nauticus_ref.moves.together import counted_rest, one_by_one, together
from nauticus_ref.notation import vocab


def listed_needs(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, deadline: float | None = None
) -> Counter[tuple[int, int]]:
    """As `Counter(body.needs for body in placing(...))` where a body can complete a ship:
    each way to place on the ships is walked as the referee pays it (`_ways`), without
    making its placements; a body that can be paid in several orders counted with signs
    at each order's needs (`orders.union`), as many as a purse affords."""
    out: Counter[tuple[int, int]] = Counter()
    needs_of = _payer(purse, action)

    def leaf(plan: Plan, placed: Counter[Tile], path: Path, starts: Counter[Start]) -> None:
        ways = path[5]
        for start, n in starts.items():
            if start[0] + path[0] < 0:
                break  # no order pays it, nor from the poorer starts after it
            # a body any of whose orders it can be paid in: counted once (`orders.union`)
            for (taler, workers), sign in union(needs_of(path, start)):
                out[taler, workers - EXTRA_WORKERS * extra] += sign * n * ways

    _ways(
        ask,
        purse,
        action,
        extra,
        blue,
        deadline,
        leaf,
        ordered=False,
        reads="nothing",
        by_plan=False,
    )
    return out


#: The actions whose bodies depend on the ships and the crowns alone (`Purse.shape`).
ON_SHIPS_AND_CROWNS = ("money", "crowns", "deliver")


def walked_before(action: str, then: str) -> bool:
    """Whether `listed_afters` tells the shapes the placing `action` leaves `then`: an
    action on the ships and crowns alone, or a purchase of another kind of tile (which
    reads the ships, the free storage and the supply of its own kind)."""
    return then in ON_SHIPS_AND_CROWNS or (
        then in ("hulls", "masts", "goods")
        and vocab.ITEM_KIND_OF_ACTION[then] != vocab.ITEM_KIND_OF_ACTION.get(action)
    )


def listed_afters(
    ask: Ask,
    purse: Purse,
    action: str,
    extra: bool,
    blue: int,
    then: str,
    deadline: float | None = None,
) -> Shaped:
    """The bodies of the placing `action` by what they leave the bodies of `then`
    (`walked_before`): for each shape (`Purse.shape`), a purse of that shape and how
    many bodies leave each (taler, workers).  Walked as `listed_needs`, with the reward
    tiles taken in the order the referee receives them, since a full storage forfeits
    them, and the free tile apart, since it takes room.  The purse's storage and supply
    are right where `then` reads them: the room, and the supply of its own kind."""
    assert walked_before(action, then)
    out: Shaped = {}
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    size = spaces((kind, ""))  # a stored tile's, and the free tile's
    gift = (kind, ask.table.board.tiles[action][0]) if kind else None
    counted = then in vocab.BUYING_ACTIONS  # reads the storage and supply
    plan: Plan | None = None
    ships: dict[str, Ship] = {}
    moved = 0  # the storage spaces a transport's tiles on ships leave free
    #: of the plan walked: (room, crowns, reward tiles received) -> what leaves each
    #: (taler, workers) of that shape; (tiles stored, free tile, reward tiles) -> that
    shapes: dict[tuple[int, int, tuple[Tile, ...]], Counter[tuple[int, int]]] = {}
    made: dict[tuple[int, bool, tuple[Tile, ...]], Counter[tuple[int, int]]] = {}
    free_room = purse.storage_free
    needs_of = _payer(purse, action)

    def leaf(walked: Plan, placed: Counter[Tile], path: Path, starts: Counter[Start]) -> None:
        nonlocal plan, ships, moved
        if plan is not walked:  # the ships it leaves, made once a plan
            plan, ships = walked, dict(purse.ships)
            ships.update((key, ship) for key, _, ship in walked.ships)
            ships.update((f"\0{i}", ship) for i, (_, ship) in enumerate(walked.new))
            moved = sum(spaces(t) * n for t, n in placed.items()) if action == "transport" else 0
            shapes.clear()
            made.clear()
        taler_by, workers_by, lowest_taler, lowest_workers, gained, ways, others, _ = path
        for start, n in starts.items():
            taler, workers, stored, names, free = start
            if taler + taler_by < 0:
                break  # no order pays it, nor from the poorer starts after it
            if (taler + lowest_taler < 0 or workers + lowest_workers < 0) and not (
                others and workers + workers_by >= 0 and needs_of(path, start)
            ):
                continue  # nor paid in another order
            if (stored, free, gained) not in made:
                made[stored, free, gained] = budgets(placed, stored, names, free, gained)
            made[stored, free, gained][taler + taler_by, workers + workers_by] += n * ways

    def budgets(
        placed: Counter[Tile],
        stored: int,
        names: frozenset[Tile],
        free: bool,
        gained: tuple[Tile, ...],
    ) -> Counter[tuple[int, int]]:
        """Where the bodies of the plan walked that store so many tiles of `names`,
        with a free tile or not, and gain these reward tiles are counted: by the shape
        they leave `then`."""
        room = free_room - stored * size + moved
        crowns, received = purse.crowns_owned, []
        for tile in gained:  # as `placing._receive`
            if room >= spaces(tile):
                room -= spaces(tile)
                crowns += tile[1] == "crown"
                received.append(tile)
        left = room - size if free and room >= size else room  # the free tile's
        k = (left, crowns, tuple(received) if counted else ())
        if k not in shapes:
            shape, after = shaped(placed, stored, names, received, free and left < room, crowns)
            if shape not in out:
                out[shape] = (after, Counter())
            shapes[k] = out[shape][1]
        return shapes[k]

    def shaped(
        placed: Counter[Tile],
        stored: int,
        names: frozenset[Tile],
        received: list[Tile],
        free: bool,
        crowns: int,
    ) -> tuple[object, Purse]:
        """The shape a body of the plan walked leaves `then`, and a purse of that shape:
        its storage and supply right where `then` reads them (the room, the supply of
        its kind)."""
        storage, supply = purse.storage, purse.supply
        if counted:
            storage, supply = Counter(storage), Counter(supply)
            if action == "transport":
                storage.subtract(placed)
            elif stored:  # which of its kind it stores takes the same room
                storage[next(iter(names))] += stored
            for tile in received:
                storage[tile] += 1
                supply[tile] -= 1
            if free:
                assert gift is not None
                storage[gift] += 1
        after = replace(purse, ships=ships, storage=storage, supply=supply, crowns_owned=crowns)
        return after.shape(then), after

    _ways(
        ask,
        purse,
        action,
        extra,
        blue,
        deadline,
        leaf,
        ordered=True,
        reads="nothing" if then == "deliver" else "all" if counted else "room",
    )
    return out


#: What a walk's `leaf` reads of the storage and the reward tiles but the taler and
#: workers (`_ways`): nothing, the room they take and the crowns among them, or all.
Reads = Literal["nothing", "room", "all"]


def _seen(reads: Reads, tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The reward `tiles` as a leaf that `reads` so much sees them: goods all alike where
    it reads the room and the crowns."""
    if reads == "all":
        return tiles
    return tuple(t if t[1] == "crown" else ("good", "") for t in tiles) if reads == "room" else ()


#: A way through a plan's ships (`_ways`): the taler and workers it gives or takes in
#: all, the lowest they go on the way (at most 0; each counted from the start), the
#: reward tiles gained in order, how many reward sets take it; and for the other orders
#: of the ships it completes (`plans.arrangements`), the lowest the taler and workers
#: go in each, counted from the clause's start, with the storage spaces the reward
#: tiles take (the storage is bought after them there).
Path = tuple[int, int, int, int, tuple[Tile, ...], int, tuple[tuple[int, int], ...], int]

#: Where a way through a plan's ships stands after a ship (`_ways`): the taler, the
#: workers, the tiles used and the kinds first paid (as `placing.pay` reads them), the
#: reward tiles gained, the lowest the taler and workers went, each completed ship's
#: rewards (where other orders read them) and the storage spaces the reward tiles take.
_Step = tuple[
    int,
    int,
    int,
    frozenset[str],
    tuple[Tile, ...],
    tuple[int, int],
    tuple[tuple[int, int], ...],
    int,
]

#: A way into a plan's ships the storage leaves: the taler and workers, and as far as
#: the walk's leaf reads them (`Reads`), how many tiles it stores and of which kinds;
#: and whether the body takes a free tile.
Start = tuple[int, int, int, frozenset[Tile], bool]

#: Shown each way through a plan's ships with the starts that may take it, each with
#: how many bodies start so: (the plan, its tiles on ships, the path, the starts).
Leaf = Callable[[Plan, Counter[Tile], Path, Counter[Start]], None]


def _ways(
    ask: Ask,
    purse: Purse,
    action: str,
    extra: bool,
    blue: int,
    deadline: float | None,
    leaf: Leaf,
    ordered: bool,
    reads: Reads,
    by_plan: bool = True,
) -> None:
    """Each way to place on the ships walked as the referee pays it (`placing._Walk`),
    `leaf` shown where it ends.  The storage, written first, is not combined with it
    tile by tile: its ways are counted by what they leave the walk (the taler, the
    workers, the kinds first paid) and by the free tiles they allow, and a completed
    ship's reward sets are taken together where they give the same taler, workers and
    tiles (in the order received, with `ordered`; after the last ship that brings any,
    the tiles only as `leaf` `reads` them).  The ships are walked once for each way the
    storage enters them (the kinds first paid that the ships place, the blue workers
    used), from the richest start of them, and `leaf` shown each path with the starts
    to set against it, merged where it reads no more of them.  Without `by_plan`
    (`leaf` reads no more of the plan than the path and the starts), the plans the
    walk pays alike are walked once, their starts as many times as they are
    (`together.py`).  Raises `OutOfTime` past `deadline`."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return
    buying = found.budget is not None
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    size = spaces((kind, ""))  # a stored tile's
    regular = ask.table.board.tiles[action] if buying else ()
    price_of = found.first.__getitem__ if buying else None
    storages: dict[
        tuple[int, ...], dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]]
    ] = {}
    room = purse.storage_free if buying else 0

    supply = tuple(purse.supply[tile] for tile in rewards.TILES)  # as `_branches` reads it

    def walk(
        order: list[tuple[tuple[Tile, ...], int]],
        used: int,
        first_paid: frozenset[str],
        start: tuple[int, int],
        others: list[Costs],
    ) -> list[Path]:
        """Each way through the ships of `order` as the referee pays it (`placing.pay`),
        after `used` tiles and the kinds `first_paid` in storage, that `start` taler and
        workers could pay: what each gives and the least it needs, counted from the
        start, so that any poorer start can be set against it; and the lowest the
        taler and workers go in the `others` orders of the ships it completes
        (`orders.lowest`), only the best of them (where none goes lower in both)."""
        memo: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = {}

        def best(gains: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
            if gains not in memo:
                memo[gains] = lowest(others, gains)
            return memo[gains]

        # ship by ship, how many ways reach each state, those alike taken together
        states: dict[_Step, int] = {(*start, used, first_paid, (), start, (), 0): 1}
        for k, (seq, masts) in enumerate(order):
            last = k + 1 == len(order) or k + 2 == len(order) and not order[-1][1]
            grown: dict[_Step, int] = {}
            for state, ways in states.items():
                taler, workers, used, first_paid, gained, low, gains, room = state
                paying = pay(seq, taler, workers, used, first_paid, price_of, blue, False)
                if paying is None:
                    continue
                taler, workers, used, first_paid, _ = paying
                low = (min(low[0], taler), min(low[1], workers))
                if not masts:
                    state = (taler, workers, used, first_paid, gained, low, gains, room)
                    grown[state] = grown.get(state, 0) + ways
                    continue
                for t, w, tiles, n, more in _branches(gained, masts, last, ordered, reads, supply):
                    state = (
                        taler + t,
                        workers + w,
                        used,
                        first_paid,
                        tiles,
                        low,
                        (*gains, (t, w)) if others else (),
                        room + more,
                    )
                    grown[state] = grown.get(state, 0) + ways * n
            states = grown
        return [
            (
                taler - start[0],
                workers - start[1],
                low[0] - start[0],
                low[1] - start[1],
                gained,
                ways,
                best(gains) if others else (),
                room,
            )
            for (taler, workers, _, _, gained, low, gains, room), ways in states.items()
        ]

    gifts = [(kind, r) for r in regular]
    Entering = dict[tuple[frozenset[str], int], tuple[tuple[int, int], Counter[Start]]]

    def entering(
        stored: dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]],
        on_ships: frozenset[str],
        unplaced: frozenset[Tile] | None,
        empty: bool,
        more: tuple[int, int, int],
    ) -> Entering:
        """The storage's ways by how they enter the ships: the kinds first paid that the
        ships place (`on_ships`), the phase's blue workers used; for each, the richest
        start and how many bodies begin at each start (with a free tile where the
        storage buys the kinds the ships do not, `unplaced`).  With `empty` ships, the
        storage must store something.  Where the ships the plan completes could come
        first, it may cost up to the taler and workers their rewards could bring
        (`more`) more than the purse has, and its room is kept where their reward
        tiles (at most `more[2]` spaces) could fill it."""
        out: dict[tuple[frozenset[str], int], Counter[Start]] = {}
        for (names, count, spent), ends in stored.items():
            if (
                spent > purse.taler + more[0]
                or count - blue > purse.workers + more[1]
                or empty
                and not count
            ):
                continue
            into = (frozenset(t[1] for t in names) & on_ships, min(count, blue))
            start = (
                purse.taler - spent,
                purse.workers - max(0, count - blue),
                count if reads != "nothing" or count * size + more[2] > room else 0,
                names if reads == "all" else frozenset(),
            )
            if into not in out:
                out[into] = Counter()
            starts = out[into]
            starts[(*start, False)] += sum(ends.values())
            if unplaced is not None and unplaced <= names:
                # with a free tile: one of each kind it does not leave empty in the supply
                starts[(*start, True)] += sum(
                    n * sum(1 for t in gifts if t not in full) for full, n in ends.items()
                )
        return {  # the richest in taler first: a leaf stops at the first too poor
            into: (
                (max(s[0] for s in starts), max(s[1] for s in starts)),
                Counter(dict(sorted(starts.items(), key=lambda kv: -kv[0][0]))),
            )
            for into, starts in out.items()
        }

    #: the ways in, by what the supply has left, the kinds the ships place, and the
    #: kinds the storage must buy for a free tile
    entered: dict[
        tuple[tuple[int, ...], frozenset[str], frozenset[Tile] | None, tuple[int, int, int]],
        Entering,
    ] = {}
    planned = (
        None
        if by_plan or action != "transport"
        else counted_rest(ask, purse, extra, blue, deadline)
    )
    if planned is None:
        planned = one_by_one(purse, plans(ask, purse, action, extra, blue, stores=False), deadline)
    last, others = None, []
    for plan, order, times in planned if by_plan else together(purse, planned, price_of):
        placed = Counter(t for seq, _ in order for t in seq)
        # what is left of each tile in the supply, told apart only up to one more
        # than the storage could take (the same ways to store, none the last); a
        # transport stores nothing, from whatever is left
        left = (
            tuple(min(found.have[t] - placed[t], room // spaces(t) + 1) for t in found.tiles)
            if buying
            else ()
        )
        if left not in storages:
            storages[left] = storage_ways(
                tuple(found.tiles),
                left,
                room,
                tuple(found.first.get(t, 0) for t in found.tiles),
                buying,
            )
        unplaced = frozenset(t for t in gifts if not placed[t]) if gifts else None
        on_ships = frozenset(t[1] for t in placed)
        if plan is not last:  # a plan's rests come in a row
            last, others = plan, costs(purse, plan, price_of, blue)
        # the most the rewards of the ships it completes could bring
        bounds = [most_rewards(m) for _, m in order if m] if others else []
        more = (sum(b[0] for b in bounds), sum(b[1] for b in bounds), sum(b[2] for b in bounds))
        if not order:
            ways_in = entering(storages[left], on_ships, unplaced, True, more)
        else:
            k = (left, on_ships, unplaced, more)
            if k not in entered:
                entered[k] = entering(storages[left], on_ships, unplaced, False, more)
            ways_in = entered[k]
        for (first_paid, used), (most, starts) in ways_in.items():
            if times > 1:
                starts = Counter({start: n * times for start, n in starts.items()})
            # another order may pay what this one cannot, from as much more as the
            # rewards could bring (what no order pays from `most`, this one does not
            # from that): those ways too
            rich = (most[0] + more[0], most[1] + more[1])
            asked: tuple[object, ...] = (action, extra, blue, tuple(order), used, first_paid)
            asked += (ordered, reads, supply, tuple(map(tuple, others)))
            # walked once for all the clauses that ask it from as much or less: the ways
            # from a richer start hold those from a poorer one, each counted from the
            # start and set against the starts that can pay it
            walked, paths = ask.walked.get(asked, ((-1, -1), []))
            if rich[0] > walked[0] or rich[1] > walked[1]:
                rich = (max(rich[0], walked[0]), max(rich[1], walked[1]))
                paths = walk(order, used, first_paid, rich, others)
                paths = _merged(paths, reads) if others else paths
                ask.remember(asked, rich, paths)
            for i, path in enumerate(paths, 1):
                if not i % 256:
                    check(deadline)  # a plan can have many ways through its ships
                leaf(plan, placed, path, starts)


@lru_cache(maxsize=8192)  # many walks, of many clauses, ask alike
def _branches(
    gained: tuple[Tile, ...],
    masts: int,
    last: bool,
    ordered: bool,
    reads: Reads,
    supply: tuple[int, ...],
) -> list[tuple[int, int, tuple[Tile, ...], int, int]]:
    """The reward sets of a completed ship of `masts` masts after the reward tiles
    `gained` that a `supply` (of `rewards.TILES`) can give, by the taler, workers and
    tiles they leave the walk, each with how many sets and the storage spaces their
    tiles take; after the last ship that brings any (`last`), the tiles only as a leaf
    that `reads` so much sees them (`_seen`), so that sets alike in that are walked
    once.  Read only: the answer is shared."""
    have = dict(zip(rewards.TILES, supply))
    merged: Counter[tuple[int, int, tuple[Tile, ...], int]] = Counter()
    for (t, w, got), n in reward_groups(masts, ordered).items():
        # unordered, the tiles gained are read only as how many of each
        tiles = gained + got if ordered else tuple(sorted(gained + got))
        if all(have[tile] >= tiles.count(tile) for tile in set(got)):
            room = sum(spaces(tile) for tile in got)
            merged[t, w, _seen(reads, tiles) if last else tiles, room] += n
    return [(t, w, tiles, n, room) for (t, w, tiles, room), n in merged.items()]


def _merged(paths: list[Path], reads: Reads) -> list[Path]:
    """`paths` with those alike in all a leaf that `reads` so much sees of them taken
    together."""
    out: Counter[Path] = Counter()
    for taler, workers, low_taler, low_workers, gained, ways, others, room in paths:
        out[taler, workers, low_taler, low_workers, _seen(reads, gained), 0, others, room] += ways
    return [(*path[:5], ways, *path[6:]) for path, ways in out.items()]


def _payer(purse: Purse, action: str) -> Callable[[Path, Start], list[tuple[int, int]]]:
    """What tells the least taler and workers at the clause's start, beside what `purse`
    has, that pay the bodies of a path from a start, in each order they can be paid in
    that `purse` can pay: the storage first, then the ships as the canonical form writes
    them; or (`Path`) the ships the clause completes first and the storage after their
    reward tiles, where it still fits."""
    taler, workers, free = purse.taler, purse.workers, purse.storage_free
    kind = vocab.ITEM_KIND_OF_ACTION.get(action)
    size = spaces((kind, "")) if kind is not None else 0

    def needs(path: Path, start: Start) -> list[tuple[int, int]]:
        taler_by, workers_by, low_taler, low_workers, _, _, others, reward_room = path
        spent_taler, spent_workers = taler - start[0], workers - start[1]
        need = (spent_taler - low_taler, spent_workers - low_workers)
        out = [need] if need[0] <= taler and need[1] <= workers else []
        if others and (kind is None or start[2] * size + reward_room <= free):
            # after the last reward the taler and workers only go down, to what is left
            last_taler, last_workers = spent_taler - taler_by, spent_workers - workers_by
            for lowest_taler, lowest_workers in others:
                need = (max(-lowest_taler, last_taler), max(-lowest_workers, last_workers))
                if need[0] <= taler and need[1] <= workers:
                    out.append(need)
        return out

    return needs
