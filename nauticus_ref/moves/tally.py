"""Counting a purchase's or transport's bodies without listing them.

Where no body can complete a ship (so no rewards pay for what comes after), a body is
told apart only by where each tile goes, and what it needs depends only on how many of
each tile it places: the price is the first of each kind at the printed price, then 4
each, and each tile takes a worker.  So the ways to place are counted destination by
destination, as many as there are for each total of tiles (a state), and the states
are priced at the end, never the bodies.  The golden rule (a free tile goes to
storage) and the free tile for all four kinds are counted the same way.  The result is
what `Counter(body.needs for body in placing(...))` would give.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable, Iterable

from nauticus_ref.game.state import Tile, spaces
from nauticus_ref.moves.placing import reach
from nauticus_ref.moves.purse import Ask, Purse
from nauticus_ref.notation import vocab

#: How many of each tile, in the order of `Reach.tiles`.
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

    def price(used: Used) -> int:
        return sum(f + 4 * (n - 1) for f, n in zip(first, used) if n) if buying else 0

    def fits(used: Used) -> bool:
        for n, h in zip(used, have):
            if n > h:
                return False
        return sum(used) <= most and (not buying or price(used) <= purse.taler)

    def vector(seq: Iterable[Tile]) -> Used:
        c = Counter(seq)
        return tuple(c[t] for t in tiles)

    # each existing ship: nothing, or one of what it could take
    ways: dict[Used, int] = {(0,) * len(tiles): 1}
    for key in found.keys:
        ways = _one_of(ways, Counter(vector(s) for s, _ in found.onto[key]), fits)
    # new ships: any number of each shape a new ship could take
    for seq, _ in found.shapes:
        ways = _any_number(ways, vector(seq), fits)
    # storage: any number of each tile within its free spaces; which tiles priced 0
    # went there (the golden rule) is kept beside the state
    free = {i for i, f in enumerate(first) if buying and f == 0}
    stored: dict[tuple[Used, int, frozenset[int]], int] = \
        {(used, 0, frozenset()): n for used, n in ways.items()}
    if buying:
        room = purse.storage_free
        for i, tile in enumerate(tiles):
            size, mark = spaces(tile), frozenset({i} & free)
            frontier = stored
            while frontier:
                grown: dict[tuple[Used, int, frozenset[int]], int] = defaultdict(int)
                for (used, taken, zero), n in frontier.items():
                    more = used[:i] + (used[i] + 1,) + used[i + 1:]
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
        placed = sum(used)
        if not placed or any(used[i] and i not in zero for i in free):
            continue
        gifts = 1
        if regular and all((kind, r) in at and used[at[kind, r]] for r in regular):
            gifts += sum(1 for r in regular
                         if purse.supply[kind, r] - used[at[kind, r]] > 0)
        out[price(used), max(0, placed - blue) - 2 * extra] += n * gifts
    return out


def _one_of(ways: dict[Used, int], choices: Counter[Used], fits: Callable[[Used], bool]
            ) -> dict[Used, int]:
    """`ways` and, for each, each of `choices` added (a destination taking at most one)."""
    out: dict[Used, int] = defaultdict(int, ways)
    for used, n in ways.items():
        for add, k in choices.items():
            more = tuple(a + b for a, b in zip(used, add))
            if fits(more):
                out[more] += n * k
    return out


def _any_number(ways: dict[Used, int], add: Used, fits: Callable[[Used], bool]
                ) -> dict[Used, int]:
    """`ways` with any number of `add` added."""
    out: dict[Used, int] = defaultdict(int, ways)
    frontier = ways
    while frontier:
        grown: dict[Used, int] = defaultdict(int)
        for used, n in frontier.items():
            more = tuple(a + b for a, b in zip(used, add))
            if fits(more):
                grown[more] += n
        for k, n in grown.items():
            out[k] += n
        frontier = grown
    return out
