"""Walking a purchase's or transport's bodies where one can complete a ship, without
making them.

A completed ship's rewards pay for what comes after it in the clause, so what a body
needs depends on the order its placements are written in: each way to place on the
ships is walked as the referee pays it (`placing._walk`), tile by tile and reward by
reward, but no placement or clause is made.  The storage, written first, is taken in
groups by what it leaves the walk, and a completed ship's reward sets together where
they give the same.  What is asked at the end of each walk: what the bodies need
(`listed_needs`), or the shape they leave the next clause (`listed_afters`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Callable

from nauticus_ref.game.state import Ship, Tile, spaces
from nauticus_ref.moves.placing import gains, pay, reward_sets
from nauticus_ref.moves.plans import Plan, finishing_first, plans, reach
from nauticus_ref.moves.purse import Ask, Purse, check
from nauticus_ref.notation import vocab


def listed_needs(ask: Ask, purse: Purse, action: str, extra: bool, blue: int,
                 deadline: float | None = None) -> Counter[tuple[int, int]]:
    """As `Counter(body.needs for body in placing(...))` where a body can complete a ship:
    each way to place on the ships is walked as the referee pays it (`_ways`), without
    making its placements."""
    out: Counter[tuple[int, int]] = Counter()

    def leaf(end: End) -> None:
        out[purse.taler - end.low[0], purse.workers - end.low[1] - 2 * extra] += \
            end.plain + end.gifted

    _ways(ask, purse, action, extra, blue, deadline, leaf, ordered=False, seen=_unread)
    return out


#: The actions whose bodies depend on the ships and the crowns alone (`Purse.shape`).
ON_SHIPS_AND_CROWNS = ("money", "crowns", "deliver")


def walked_before(action: str, then: str) -> bool:
    """Whether `listed_afters` tells the shapes the placing `action` leaves `then`: an
    action on the ships and crowns alone, or a purchase of another kind of tile (which
    reads the ships, the free storage and the supply of its own kind)."""
    return then in ON_SHIPS_AND_CROWNS or (
        then in ("hulls", "masts", "goods")
        and vocab.ITEM_KIND_OF_ACTION[then] != vocab.ITEM_KIND_OF_ACTION.get(action))


def listed_afters(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, then: str,
                  deadline: float | None = None
                  ) -> dict[object, tuple[Purse, Counter[tuple[int, int]]]]:
    """The bodies of the placing `action` by what they leave the bodies of `then`
    (`walked_before`): for each shape (`Purse.shape`), a purse of that shape and how
    many bodies leave each (taler, workers).  Walked as `listed_needs`, with the reward
    tiles taken in the order the referee receives them, since a full storage forfeits
    them, and the free tile apart, since it takes room.  The purse's storage and supply
    are right where `then` reads them: the room, and the supply of its own kind."""
    assert walked_before(action, then)
    out: dict[object, tuple[Purse, Counter[tuple[int, int]]]] = {}
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    size = spaces((kind, ""))   # a stored tile's, and the free tile's
    gift = (kind, ask.table.board.tiles[action][0]) if kind else None
    counted = then in vocab.BUYING_ACTIONS   # reads the storage and supply
    plan: Plan | None = None
    ships: dict[str, Ship] = {}
    #: of the plan walked: (room, crowns, reward tiles received) -> shape and purse
    made: dict[tuple[int, int, tuple[Tile, ...]], tuple[object, Purse]] = {}
    free_room = purse.storage_free

    def leaf(end: End) -> None:
        nonlocal plan, ships
        if plan is not end.plan:   # the ships it leaves, made once a plan
            plan, ships = end.plan, dict(purse.ships)
            ships.update((key, ship) for key, _, ship in end.plan.ships)
            ships.update((f"\0{i}", ship) for i, (_, ship) in enumerate(end.plan.new))
            made.clear()
        room = free_room - end.stored * size + (
            sum(spaces(t) * n for t, n in end.placed.items()) if action == "transport" else 0)
        crowns, received = purse.crowns_owned, []
        for tile in end.gained:   # as `placing._receive`
            if room >= spaces(tile):
                room -= spaces(tile)
                crowns += tile[1] == "crown"
                received.append(tile)
        for n, free in ((end.plain, False), (end.gifted, True)):
            left = room - size if free and room >= size else room   # the free tile's
            k = (left, crowns, tuple(received) if counted else ())
            if n and k not in made:
                made[k] = shaped(end, received, free and left < room, crowns)
            if n:
                shape, after = made[k]
                if shape not in out:
                    out[shape] = (after, Counter())
                out[shape][1][end.taler, end.workers] += n

    def shaped(end: End, received: list[Tile], free: bool, crowns: int
               ) -> tuple[object, Purse]:
        """The shape a body of the plan walked leaves `then`, and a purse of that shape:
        its storage and supply right where `then` reads them (the room, the supply of
        its kind)."""
        storage, supply = purse.storage, purse.supply
        if counted:
            storage, supply = Counter(storage), Counter(supply)
            if action == "transport":
                storage.subtract(end.placed)
            elif end.stored:   # which of its kind it stores takes the same room
                storage[next(iter(end.names))] += end.stored
            for tile in received:
                storage[tile] += 1
                supply[tile] -= 1
            if free:
                assert gift is not None
                storage[gift] += 1
        after = replace(purse, ships=ships, storage=storage, supply=supply,
                        crowns_owned=crowns, taler=end.taler, workers=end.workers)
        return after.shape(then), after

    _ways(ask, purse, action, extra, blue, deadline, leaf, ordered=True,
          seen=_unread if then == "deliver" else _by_room if not counted else _as_is)
    return out


def _unread(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The reward tiles, where what comes after reads none of them."""
    return ()


def _by_room(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The reward tiles, where what comes after reads only the crowns among them and the
    room each takes: goods all alike."""
    return tuple(t if t[1] == "crown" else ("good", "") for t in tiles)


def _as_is(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tiles


@dataclass(slots=True)
class End:
    """Where a walk of `_ways` ends: the plan, the tiles it places on ships, how many it
    stores and of which kinds, the reward tiles gained in order, the taler and workers
    left and the lowest they went, and how many bodies end so without a free tile and
    with one."""

    plan: Plan
    placed: Counter[Tile]
    stored: int
    names: frozenset[Tile]
    gained: tuple[Tile, ...]
    taler: int
    workers: int
    low: tuple[int, int]
    plain: int
    gifted: int


def _ways(ask: Ask, purse: Purse, action: str, extra: bool, blue: int,
          deadline: float | None, leaf: Callable[[End], None], ordered: bool,
          seen: Callable[[tuple[Tile, ...]], tuple[Tile, ...]]) -> None:
    """Each way to place on the ships walked as the referee pays it (`placing._walk`),
    `leaf` shown where it ends.  The storage, written first, is not combined with it
    tile by tile: its ways are counted by what they leave the walk (the taler, the
    workers, the kinds first paid) and by the free tiles they allow, and a completed
    ship's reward sets are taken together where they give the same taler, workers and
    tiles (in the order received, with `ordered`; after the last ship that brings any,
    the tiles only as `leaf` reads them, `seen`).  The ships are walked once for each
    way the storage enters them (the kinds first paid that the ships place, the blue
    workers used), from the richest start of them, and each start then set against
    each path it can pay.  Raises `OutOfTime` past `deadline`."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return
    buying = found.budget is not None
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    regular = ask.table.board.tiles[action] if buying else ()
    price_of = found.first.__getitem__ if buying else None
    storages: dict[tuple[int, ...], dict[tuple[frozenset[Tile], int, int],
                                         Counter[frozenset[Tile]]]] = {}
    room = purse.storage_free if buying else 0

    #: the reward branches after the tiles gained so far, for a ship of so many masts,
    #: and whether it is the last to bring any (`rewards`)
    branches: dict[tuple[tuple[Tile, ...], int, bool],
                   list[tuple[int, int, tuple[Tile, ...], int]]] = {}

    def rewards(gained: tuple[Tile, ...], masts: int, last: bool
                ) -> list[tuple[int, int, tuple[Tile, ...], int]]:
        """The reward sets of a completed ship of `masts` masts after `gained` that the
        supply can give, by the taler, workers and tiles they leave the walk; after the
        last ship that brings any, the tiles only as `leaf` reads them (`seen`), so that
        sets alike in that are walked once."""
        k = (gained, masts, last)
        if k not in branches:
            merged: Counter[tuple[int, int, tuple[Tile, ...]]] = Counter()
            for (t, w, got), n in reward_groups(masts, ordered).items():
                tiles = gained + got
                if all(purse.supply[tile] >= tiles.count(tile) for tile in set(got)):
                    merged[t, w, seen(tiles) if last else tiles] += n
            branches[k] = [(t, w, tiles, n) for (t, w, tiles), n in merged.items()]
        return branches[k]

    def walk(order: list[tuple[tuple[Tile, ...], int]], used: int, first_paid: frozenset[str],
             start: tuple[int, int]) -> list[Path]:
        """Each way through the ships of `order` as the referee pays it (`placing.pay`),
        after `used` tiles and the kinds `first_paid` in storage, that `start` taler and
        workers could pay: what each gives and the least it needs, counted from the
        start, so that any poorer start can be set against it."""
        out: list[Path] = []

        def step(k: int, taler: int, workers: int, used: int, first_paid: frozenset[str],
                 gained: tuple[Tile, ...], low: tuple[int, int], ways: int) -> None:
            if k == len(order):
                out.append((taler - start[0], workers - start[1], low[0] - start[0],
                            low[1] - start[1], gained, ways))
                return
            seq, masts = order[k]
            paying = pay(seq, taler, workers, used, first_paid, price_of, blue, False)
            if paying is None:
                return
            taler, workers, used, first_paid, _ = paying
            low = (min(low[0], taler), min(low[1], workers))
            if not masts:
                step(k + 1, taler, workers, used, first_paid, gained, low, ways)
                return
            last = k + 1 == len(order) or k + 2 == len(order) and not order[-1][1]
            for t, w, tiles, n in rewards(gained, masts, last):
                step(k + 1, taler + t, workers + w, used, first_paid, tiles, low, ways * n)

        step(0, *start, used, first_paid, (), start, 1)
        return out

    gifts = [(kind, r) for r in regular]
    for n, (plan, placed) in enumerate(plans(ask, purse, action, extra, blue, stores=False)):
        if n % 256 == 255:
            check(deadline)   # OutOfTime past it
        order = _runs([(seq, len(ship.masts) if completes else 0)
                       for _, seq, ship, completes in finishing_first(purse, plan)]
                      + [(seq, len(ship.masts) if ship.complete else 0)
                         for seq, ship in plan.new])
        # what is left of each tile in the supply, told apart only up to one more
        # than the storage could take (the same ways to store, none the last)
        left = tuple(min(found.have[t] - placed[t], room // spaces(t) + 1)
                     for t in found.tiles)
        if left not in storages:
            storages[left] = _storage(tuple(found.tiles), left, room,
                                      tuple(found.first.get(t, 0) for t in found.tiles))
        stored = storages[left]
        # the least the ships' tiles cost and take, where no reward can pay for them
        rewarded = any(masts for _, masts in order)
        tiles = sum(placed.values())
        least = sum(min(4, found.first[t]) + 4 * (n - 1) for t, n in placed.items() if n) \
            if buying else 0
        # a free tile needs all four kinds bought: these the storage must buy
        unplaced = frozenset(t for t in gifts if not placed[t]) if gifts else None
        on_ships = frozenset(t[1] for t in placed)
        # the storage's ways by how they enter the ships (the kinds first paid that the
        # ships place, the phase's blue workers used): the taler and workers each
        # leaves, how many tiles of which kinds it stores, its ends without and with a
        # free tile
        entering: dict[tuple[frozenset[str], int],
                       list[tuple[int, int, int, frozenset[Tile], int, int]]] = {}
        for (names, count, spent), ends in stored.items():
            if not (count or order) or spent > purse.taler or count - blue > purse.workers \
                    or not rewarded and (spent + least > purse.taler
                                         or count + tiles - blue > purse.workers):
                continue
            # with a free tile: one of each kind it does not leave empty in the supply
            gifted = sum(n * sum(1 for t in gifts if t not in full) for full, n in ends.items()) \
                if unplaced is not None and unplaced <= names else 0
            into = (frozenset(t[1] for t in names) & on_ships, min(count, blue))
            entering.setdefault(into, []).append(
                (purse.taler - spent, purse.workers - max(0, count - blue), count, names,
                 sum(ends.values()), gifted))
        for (first_paid, used), starts in entering.items():
            most = (max(s[0] for s in starts), max(s[1] for s in starts))
            paths = walk(order, used, first_paid, most)
            for taler, workers, count, names, plain, gifted in starts:
                for dt, dw, lt, lw, gained, ways in paths:
                    if taler + lt >= 0 and workers + lw >= 0:
                        leaf(End(plan, placed, count, names, gained, taler + dt, workers + dw,
                                 (taler + lt, workers + lw), plain * ways, gifted * ways))


#: A way through a plan's ships (`_ways`): the taler and workers it gives or takes in
#: all, the lowest they go on the way (at most 0; each counted from the start), the
#: reward tiles gained in order, and how many reward sets take it.
Path = tuple[int, int, int, int, tuple[Tile, ...], int]


def _runs(order: list[tuple[tuple[Tile, ...], int]]) -> list[tuple[tuple[Tile, ...], int]]:
    """`order` with each ship that brings no reward joined to the next: paid one after
    another, the taler and workers only go down until a reward, so the lowest they go
    is where the run ends, and the walk takes the run as one step."""
    out: list[tuple[tuple[Tile, ...], int]] = []
    run: tuple[Tile, ...] = ()
    for seq, masts in order:
        run += seq
        if masts:
            out.append((run, masts))
            run = ()
    return out + [(run, 0)] if run else out


@cache
def reward_groups(masts: int, ordered: bool = False
                  ) -> Counter[tuple[int, int, tuple[Tile, ...]]]:
    """The reward sets of a ship of `masts` masts, by what they give the rest of the
    clause: the taler (7t), the workers (3w), and the tiles taken from the supply (in
    the order they are received, with `ordered`)."""
    return Counter((taler, workers, tiles if ordered else tuple(sorted(tiles)))
                   for taler, workers, tiles in map(gains, reward_sets(masts)))


@lru_cache(maxsize=1024)   # a clause's plans, and the next clause's, ask again
def _storage(tiles: tuple[Tile, ...], left: tuple[int, ...], room: int,
             first: tuple[int, ...]
             ) -> dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]]:
    """The ways to store up to `left` of each tile within `room` spaces, the first of a
    tile at its `first` price, by what they leave the walk: (the kinds stored, how many
    tiles, the taler they cost), each with how many ways leave none of each set of
    kinds in the supply (for the free tile).  Read only: the answer is shared."""
    State = tuple[frozenset[Tile], int, int, int, frozenset[Tile]]
    states: Counter[State] = Counter({(frozenset(), 0, 0, 0, frozenset()): 1})
    for t, limit, price in zip(tiles, left, first):
        size, grown = spaces(t), Counter[State]()
        for (names, count, spent, taken, full), n in states.items():
            for k in range(limit + 1):
                if taken + k * size > room:
                    break
                grown[(names | {t} if k else names, count + k,
                       spent + (price + 4 * (k - 1) if k else 0), taken + k * size,
                       full | {t} if k == limit else full)] += n
        states = grown
    out: dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]] = \
        defaultdict(Counter)
    for (names, count, spent, _, full), n in states.items():
        out[names, count, spent][full] += n
    return out
