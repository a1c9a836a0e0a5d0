"""Counting a purchase's or transport's bodies without listing them.

Where no body can complete a ship (so no rewards pay for what comes after), a body is
told apart only by where each tile goes, and what it needs depends only on how many of
each tile it places: the price is the first of each kind at the printed price, then 4
each, and each tile takes a worker.  So the ways to place are counted destination by
destination, as many as there are for each total of tiles (a state), and the states
are priced at the end, never the bodies.  The golden rule (a free tile goes to
storage) and the free tile for all four kinds are counted the same way.  The result is
what `Counter(body.needs for body in placing(...))` would give.  `unseen_by` tells
whether such bodies leave the next clause of a turn what it would have had.

Where a body can complete a ship, each way to place on the ships is walked as the
referee pays it, without making the body: for what the bodies need (`listed_needs`), or
for the shape they leave money, crowns or a delivery after them (`listed_afters`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from functools import cache
from typing import Callable

from nauticus_ref.game.state import Ship, Tile, spaces
from nauticus_ref.moves.placing import gains, pay, reward_sets
from nauticus_ref.moves.plans import Plan, finishing_first, plans, reach
from nauticus_ref.moves.purse import Ask, Purse, check
from nauticus_ref.notation import vocab

#: How many of each tile, in the order of `Reach.tiles` (or only whether, `placing_needs`),
#: then how many tiles in all.
Used = tuple[int, ...]


def placing_needs(ask: Ask, purse: Purse, action: str, extra: bool, blue: int
                  ) -> Counter[tuple[int, int]] | None:
    """How many bodies of the placing `action` need each (taler, own workers), as
    `Body.needs`; None when a body could complete a ship (then they must be listed)."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return Counter()
    if any(ship.complete and not purse.ships[k].complete
           for k, seqs in found.onto.items() for _, ship in seqs) \
            or any(ship.complete for _, ship in found.shapes):
        return None
    tiles = found.tiles
    buying = found.budget is not None
    have = tuple(found.have[t] for t in tiles)
    most = blue + purse.workers
    first = tuple(found.first.get(t, 0) for t in tiles)
    # a tile of which there are more than the clause could place is told apart only by
    # whether it is placed (its first costs the printed price, the others 4 each);
    # of the others, how many: the state is that for each tile, and the tiles placed
    exact = tuple(h <= most for h in have)

    def plus(used: Used, more: Used) -> Used:
        return tuple(a + b if e else a | b for a, b, e in zip(used, more, exact)) + \
            (used[-1] + more[-1],)

    def price(used: Used) -> int:
        if not buying:
            return 0
        kinds = [f for f, n in zip(first, used) if n]
        return sum(kinds) + 4 * (used[-1] - len(kinds))

    def fits(used: Used) -> bool:
        for n, h, e in zip(used, have, exact):
            if e and n > h:
                return False
        return used[-1] <= most and (not buying or price(used) <= purse.taler)

    def vector(seq: tuple[Tile, ...]) -> Used:
        c = Counter(seq)
        return tuple(c[t] if e else min(c[t], 1) for t, e in zip(tiles, exact)) + (len(seq),)

    # each existing ship: nothing, or one of what it could take
    ways: dict[Used, int] = {(0,) * (len(tiles) + 1): 1}
    for key in found.keys:
        ways = _one_of(ways, Counter(vector(s) for s, _ in found.onto[key]), fits, plus)
    # new ships: any number of each shape a new ship could take
    for seq, _ in found.shapes:
        ways = _any_number(ways, vector(seq), fits, plus)
    # storage: any number of each tile within its free spaces; which tiles priced 0
    # went there (the golden rule) is kept beside the state
    free = {i for i, f in enumerate(first) if buying and f == 0}
    stored: dict[tuple[Used, int, frozenset[int]], int] = \
        {(used, 0, frozenset()): n for used, n in ways.items()}
    if buying:
        room = purse.storage_free
        for i, tile in enumerate(tiles):
            size, mark, one = spaces(tile), frozenset({i} & free), vector((tile,))
            frontier = stored
            while frontier:
                grown: dict[tuple[Used, int, frozenset[int]], int] = defaultdict(int)
                for (used, taken, zero), n in frontier.items():
                    more = plus(used, one)
                    if taken + size <= room and fits(more):
                        grown[more, taken + size, zero | mark] += n
                for k, n in grown.items():
                    stored[k] = stored.get(k, 0) + n
                frontier = grown
    regular = ask.table.board.tiles[action] if buying else ()
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    at = {t: i for i, t in enumerate(tiles)}
    out: Counter[tuple[int, int]] = Counter()
    for (used, _, zero), n in stored.items():
        placed = used[-1]
        if not placed or any(used[i] and i not in zero for i in free):
            continue
        gifts = 1
        if regular and all((kind, r) in at and used[at[kind, r]] for r in regular):
            gifts += sum(1 for r in regular   # a tile not told by number is never the last
                         if not exact[at[kind, r]] or have[at[kind, r]] > used[at[kind, r]])
        out[price(used), max(0, placed - blue) - 2 * extra] += n * gifts
    return out


def unseen_by(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, other: str
              ) -> bool:
    """Whether no body of the placing `action` changes what the bodies of `other` depend
    on (`Purse.shape`) but the taler and workers, so that what follows it can be counted
    from its tally.  Each change a body makes is tried alone: a ship taking what it
    could, a new ship, a tile moved between the supply, storage and ships.  A shape
    reads each ship, and counts of the storage and supply, so a change that none of
    them sees alone is not seen together with others either."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return True
    seen = purse.shape(other)
    for key, seqs in found.onto.items():
        for _, ship in seqs:
            if replace(purse, ships={**purse.ships, key: ship}).shape(other) != seen:
                return False
    for _, ship in found.shapes:
        if replace(purse, ships={**purse.ships, "": ship}).shape(other) != seen:
            return False
    for tile in found.tiles:
        moved = purse.copy()
        if found.budget is None:   # a transport takes it from storage
            moved.storage[tile] -= 1
        else:                      # a purchase, or a free tile, from the supply
            moved.supply[tile] -= 1
            moved.storage[tile] += 1
        if moved.shape(other) != seen:
            return False
    return True


def _one_of(ways: dict[Used, int], choices: Counter[Used], fits: Callable[[Used], bool],
            plus: Callable[[Used, Used], Used]) -> dict[Used, int]:
    """`ways` and, for each, each of `choices` added (a destination taking at most one)."""
    out: dict[Used, int] = defaultdict(int, ways)
    for used, n in ways.items():
        for add, k in choices.items():
            more = plus(used, add)
            if fits(more):
                out[more] += n * k
    return out


def _any_number(ways: dict[Used, int], add: Used, fits: Callable[[Used], bool],
                plus: Callable[[Used, Used], Used]) -> dict[Used, int]:
    """`ways` with any number of `add` added."""
    out: dict[Used, int] = defaultdict(int, ways)
    frontier = ways
    while frontier:
        grown: dict[Used, int] = defaultdict(int)
        for used, n in frontier.items():
            more = plus(used, add)
            if fits(more):
                grown[more] += n
        for k, n in grown.items():
            out[k] += n
        frontier = grown
    return out


def listed_needs(ask: Ask, purse: Purse, action: str, extra: bool, blue: int,
                 deadline: float | None = None) -> Counter[tuple[int, int]]:
    """As `Counter(body.needs for body in placing(...))` where a body can complete a ship:
    each way to place on the ships is walked as the referee pays it (`_ways`), without
    making its placements."""
    out: Counter[tuple[int, int]] = Counter()

    def leaf(end: End) -> None:
        out[purse.taler - end.low[0], purse.workers - end.low[1] - 2 * extra] += end.ways

    _ways(ask, purse, action, extra, blue, deadline, leaf, ordered=False)
    return out


#: The actions whose bodies depend on the ships and the crowns alone (`Purse.shape`).
ON_SHIPS_AND_CROWNS = ("money", "crowns", "deliver")


def listed_afters(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, then: str,
                  deadline: float | None = None
                  ) -> dict[object, tuple[Purse, Counter[tuple[int, int]]]]:
    """The bodies of the placing `action` by what they leave the bodies of `then` (one of
    `ON_SHIPS_AND_CROWNS`): for each shape (`Purse.shape`), a purse of that shape and
    how many bodies leave each (taler, workers).  Walked as `listed_needs`, with the
    reward tiles taken in the order the referee receives them, since a full storage
    forfeits a crown."""
    assert then in ON_SHIPS_AND_CROWNS
    out: dict[object, tuple[Purse, Counter[tuple[int, int]]]] = {}
    size = spaces((vocab.ITEM_KIND_OF_ACTION.get(action, ""), ""))   # a stored tile's
    plan: Plan | None = None
    ships: dict[str, Ship] = {}

    def leaf(end: End) -> None:
        nonlocal plan, ships
        if plan is not end.plan:   # the ships it leaves, made once a plan
            plan, ships = end.plan, dict(purse.ships)
            ships.update((key, ship) for key, _, ship in end.plan.ships)
            ships.update((f"\0{i}", ship) for i, (_, ship) in enumerate(end.plan.new))
        room = purse.storage_free - end.stored * size + sum(
            spaces(t) * n for t, n in end.placed.items()) * (action == "transport")
        crowns = purse.crowns_owned
        for tile in end.gained:   # as `placing._receive`
            if room >= spaces(tile):
                room -= spaces(tile)
                crowns += tile[1] == "crown"
        after = replace(purse, ships=ships, crowns_owned=crowns, taler=end.taler,
                        workers=end.workers)
        entry = out.setdefault(after.shape(then), (after, Counter()))
        entry[1][end.taler, end.workers] += end.ways

    _ways(ask, purse, action, extra, blue, deadline, leaf, ordered=True)
    return out


@dataclass(slots=True)
class End:
    """Where a walk of `_ways` ends: the plan, the tiles it places on ships and how many
    it stores, the reward tiles gained in order, the taler and workers left and the
    lowest they went, and how many bodies end so."""

    plan: Plan
    placed: Counter[Tile]
    stored: int
    gained: tuple[Tile, ...]
    taler: int
    workers: int
    low: tuple[int, int]
    ways: int


def _ways(ask: Ask, purse: Purse, action: str, extra: bool, blue: int,
          deadline: float | None, leaf: Callable[[End], None], ordered: bool) -> None:
    """Each way to place on the ships walked as the referee pays it (`placing._walk`),
    `leaf` shown where it ends.  The storage, written first, is not combined with it
    tile by tile: its ways are counted by what they leave the walk (the taler, the
    workers, the kinds first paid) and by the free tiles they allow, and a completed
    ship's reward sets are taken together where they give the same taler, workers and
    tiles (in the order received, with `ordered`).  Raises `OutOfTime` past
    `deadline`."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return
    buying = found.budget is not None
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    regular = ask.table.board.tiles[action] if buying else ()
    price_of = found.first.__getitem__ if buying else None
    storages: dict[tuple[int, ...], dict[tuple[frozenset[Tile], int, int],
                                         Counter[frozenset[Tile]]]] = {}

    def walk(at: tuple[Plan, Counter[Tile], int], order: list[tuple[tuple[Tile, ...], int]],
             k: int, taler: int, workers: int, used: int, first_paid: frozenset[str],
             gained: tuple[Tile, ...], low: tuple[int, int], ways: int) -> None:
        if k == len(order):
            leaf(End(*at, gained, taler, workers, low, ways))
            return
        seq, masts = order[k]
        paying = pay(seq, taler, workers, used, first_paid, price_of, blue, False)
        if paying is None:
            return
        taler, workers, used, first_paid, _ = paying
        low = (min(low[0], taler), min(low[1], workers))
        if not masts:
            walk(at, order, k + 1, taler, workers, used, first_paid, gained, low, ways)
            return
        for (t, w, got), n in reward_groups(masts, ordered).items():
            tiles = gained + got
            if any(purse.supply[tile] < tiles.count(tile) for tile in set(got)):
                continue   # a reward's tiles must be in the supply
            walk(at, order, k + 1, taler + t, workers + w, used, first_paid, tiles, low,
                 ways * n)

    for n, (plan, placed) in enumerate(plans(ask, purse, action, extra, blue, stores=False)):
        if n % 256 == 255:
            check(deadline)   # OutOfTime past it
        order = [(seq, len(ship.masts) if completes else 0)
                 for _, seq, ship, completes in finishing_first(purse, plan)]
        order += [(seq, len(ship.masts) if ship.complete else 0) for seq, ship in plan.new]
        left = tuple(found.have[t] - placed[t] for t in found.tiles)
        if left not in storages:
            storages[left] = _storage(found.tiles, left, purse.storage_free if buying else 0,
                                      found.first)
        stored = storages[left]
        for (names, count, spent), ends in stored.items():
            if not (count or order) or spent > purse.taler or count - blue > purse.workers:
                continue
            ways = sum(n * _gifts(regular, kind, purse, placed, names, full)
                       for full, n in ends.items())
            taler, workers = purse.taler - spent, purse.workers - max(0, count - blue)
            walk((plan, placed, count), order, 0, taler, workers, count,
                 frozenset(t[1] for t in names), (), (taler, workers), ways)


@cache
def reward_groups(masts: int, ordered: bool = False
                  ) -> Counter[tuple[int, int, tuple[Tile, ...]]]:
    """The reward sets of a ship of `masts` masts, by what they give the rest of the
    clause: the taler (7t), the workers (3w), and the tiles taken from the supply (in
    the order they are received, with `ordered`)."""
    return Counter((taler, workers, tiles if ordered else tuple(sorted(tiles)))
                   for taler, workers, tiles in map(gains, reward_sets(masts)))


def _storage(tiles: list[Tile], left: tuple[int, ...], room: int, first: dict[Tile, int]
             ) -> dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]]:
    """The ways to store up to `left` of each tile within `room` spaces, by what they
    leave the walk: (the kinds stored, how many tiles, the taler they cost), each with
    how many ways leave none of each set of kinds in the supply (for the free tile)."""
    State = tuple[frozenset[Tile], int, int, int, frozenset[Tile]]
    states: Counter[State] = Counter({(frozenset(), 0, 0, 0, frozenset()): 1})
    for t, limit in zip(tiles, left):
        size, grown = spaces(t), Counter[State]()
        for (names, count, spent, taken, full), n in states.items():
            for k in range(limit + 1):
                if taken + k * size > room:
                    break
                grown[(names | {t} if k else names, count + k,
                       spent + (first[t] + 4 * (k - 1) if k else 0), taken + k * size,
                       full | {t} if k == limit else full)] += n
        states = grown
    out: dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]] = \
        defaultdict(Counter)
    for (names, count, spent, _, full), n in states.items():
        out[names, count, spent][full] += n
    return out


def _gifts(regular: tuple[str, ...], kind: str, purse: Purse, placed: Counter[Tile],
           stored: frozenset[Tile], full: frozenset[Tile]) -> int:
    """How many ways a plan ends: without a free tile, and, where it buys all four kinds
    (the ships' tiles `placed`, the kinds `stored`), with each kind it does not leave
    empty in the supply (`full`: the kinds it stores the last of)."""
    tiles = [(kind, n) for n in regular]
    if not regular or not all(placed[t] or t in stored for t in tiles):
        return 1
    return 1 + sum(1 for t in tiles if t not in full)
