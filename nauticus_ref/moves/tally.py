"""Counting a purchase's or transport's bodies without listing them.

Where no body can complete a ship (so no rewards pay for what comes after), a body is
told apart only by where each tile goes, and what it needs depends only on how many of
each tile it places: the price is the first of each kind at the printed price, then 4
each, and each tile takes a worker.  So the ways to place are counted destination by
destination, as many as there are for each total of tiles (a state), and the states
are priced at the end, never the bodies.  The golden rule (a free tile goes to
storage) and the free tile for all four kinds are counted the same way.  The result is
what `Counter(body.needs for body in placing(...))` would give.  `unseen_by` tells
whether such bodies leave the next clause of a turn what it would have had, and
`tallied_from` what two purses must share for their tallies to be one.  Where a body
can complete a ship, its bodies are walked instead (`walks.py`).
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from functools import cache
from typing import Callable

from nauticus_ref.game.state import Ship, Tile, spaces
from nauticus_ref.moves.plans import REMEMBERED, Reach, reach
from nauticus_ref.moves.purse import Ask, Purse
from nauticus_ref.notation import vocab

#: How many of each tile, in the order of `Reach.tiles` (or only whether, `placing_needs`),
#: then how many tiles in all.
Used = tuple[int, ...]


def placing_needs(ask: Ask, purse: Purse, action: str, extra: bool, blue: int
                  ) -> Counter[tuple[int, int]] | None:
    """How many bodies of the placing `action` need each (taler, own workers), as
    `Body.needs`; None when a body could complete a ship (then they must be listed)."""
    rooms = room_needs(ask, purse, action, extra, blue)
    return None if rooms is None else by_needs(rooms)


def by_needs(rooms: Counter[tuple[int, int, int]]) -> Counter[tuple[int, int]]:
    """The bodies `room_needs` counted, by what they need alone."""
    out: Counter[tuple[int, int]] = Counter()
    for (taler, workers, _), n in rooms.items():
        out[taler, workers] += n
    return out


def room_needs(ask: Ask, purse: Purse, action: str, extra: bool, blue: int
               ) -> Counter[tuple[int, int, int]] | None:
    """As `placing_needs`, each (taler, own workers) with the storage spaces the body
    takes (a free tile's among them where it finds room)."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return Counter()
    if _completes(ask, purse, found):
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

    @cache   # many ways reach the same state
    def price(used: Used) -> int:
        if not buying:
            return 0
        kinds = [f for f, n in zip(first, used) if n]
        return sum(kinds) + 4 * (used[-1] - len(kinds))

    # a state past these is more than the player has (the total: than the workers allow)
    limits = tuple(h if e else most for h, e in zip(have, exact)) + (most,)
    # and a tile told apart only by whether it is placed is counted up to 1
    caps = None if all(exact) else tuple(h if e else 1 for h, e in zip(have, exact)) + (most,)

    @cache
    def plus(used: Used, add: Used) -> Used | None:
        """`used` with `add` placed too, None where the player cannot have that."""
        more = tuple(map(operator.add, used, add))
        if any(map(operator.gt, more, limits)):
            return None
        if caps is not None:
            more = tuple(map(min, more, caps))
        return more if price(more) <= purse.taler else None

    # each existing ship: nothing, or one of what it could take
    ways: dict[Used, int] = {(0,) * (len(tiles) + 1): 1}
    for key in found.keys:
        ways = _one_of(ways, _known(ask, found.onto[key], purse.ships[key]).states(tiles, exact),
                       plus)
    # new ships: any number of each shape a new ship could take
    for state in _known(ask, found.shapes, None).states(tiles, exact):
        ways = _any_number(ways, state, plus)
    # storage: any number of each tile within its free spaces; which tiles priced 0
    # went there (the golden rule) is kept beside the state
    free = {i for i, f in enumerate(first) if buying and f == 0}
    stored: dict[tuple[Used, int, frozenset[int]], int] = \
        {(used, 0, frozenset()): n for used, n in ways.items()}
    room = purse.storage_free
    if buying:
        for i, tile in enumerate(tiles):
            size, mark = spaces(tile), frozenset({i} & free)
            one = tuple(int(j == i) for j in range(len(tiles))) + (1,)
            frontier = stored
            while frontier:
                grown: dict[tuple[Used, int, frozenset[int]], int] = {}
                for (used, taken, zero), n in frontier.items():
                    if taken + size <= room:
                        more = plus(used, one)
                        if more is not None:
                            k = (more, taken + size, zero | mark if mark else zero)
                            grown[k] = grown.get(k, 0) + n
                for k, n in grown.items():
                    stored[k] = stored.get(k, 0) + n
                frontier = grown
    kind = vocab.ITEM_KIND_OF_ACTION.get(action, "")
    at = {t: i for i, t in enumerate(tiles)}
    # where each regular tile is in the state: a free tile needs all four bought
    regular = [at.get((kind, r)) for r in ask.table.board.tiles[action]] if buying else []
    kinds = [i for i in regular if i is not None] if regular and None not in regular else []
    size = spaces((kind, ""))   # a free tile's
    out: Counter[tuple[int, int, int]] = Counter()
    for (used, taken, zero), n in stored.items():
        placed = used[-1]
        if not placed or free and any(used[i] and i not in zero for i in free):
            continue
        need = (price(used), max(0, placed - blue) - 2 * extra)
        out[(*need, taken)] += n
        if kinds and all(used[i] for i in kinds):
            gifts = sum(1 for i in kinds   # a tile not told by number is never the last
                        if not exact[i] or have[i] > used[i])
            if gifts:
                out[(*need, taken + size if taken + size <= room else taken)] += n * gifts
    return out


def tallied_from(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, most: int
                 ) -> object | None:
    """What `placing_needs` reads of `purse` but its taler and workers, for an action
    whose lists of what a ship could take do not depend on the workers (`plans.reach`),
    where no purse it is asked of could place more than `most` tiles: the tiles and how
    many there are (more than `most` all alike: told apart only by whether they are
    placed), the free storage (beyond what `most` tiles and a free tile could take all
    alike), and what each ship and a new ship could take, as counts of tiles (a ship's
    name and hull apart).  None where a body could complete a ship, or where nothing
    can be placed (for want of workers, it may be, which a richer purse has)."""
    found = reach(ask, purse, action, extra, blue)
    if found is None or _completes(ask, purse, found):
        return None
    exact = (True,) * len(found.tiles)
    ships = sorted(tuple(sorted(_known(ask, found.onto[k], purse.ships[k])
                                .states(found.tiles, exact).items()))
                   for k in found.keys)
    room = (most + 1) * max(spaces(t) for t in found.tiles)
    return (tuple(found.tiles), tuple(min(found.have[t], most + 1) for t in found.tiles),
            min(purse.storage_free, room), tuple(ships),
            tuple(sorted(_known(ask, found.shapes, None).states(found.tiles, exact).items())))


@dataclass(slots=True)
class Known:
    """What is worked out once about a list of what a ship could take (`Ask.onto`),
    kept in `Ask.known`: whether one of them completes the ship, and each as a state
    (`Used`) for the tiles and the way they are told apart."""

    seqs: list[tuple[tuple[Tile, ...], Ship]]
    completes: bool
    made: dict[tuple[tuple[Tile, ...], tuple[bool, ...]], Counter[Used]]

    def states(self, tiles: list[Tile], exact: tuple[bool, ...]) -> Counter[Used]:
        k = (tuple(tiles), exact)
        if k not in self.made:
            self.made[k] = Counter(
                tuple(c[t] if e else min(c[t], 1) for t, e in zip(tiles, exact)) + (len(seq),)
                for seq, c in ((seq, Counter(seq)) for seq, _ in self.seqs))
        return self.made[k]


def _completes(ask: Ask, purse: Purse, found: Reach) -> bool:
    """Whether a ship or a new ship could be completed by what it could take."""
    return any(_known(ask, seqs, purse.ships[k]).completes for k, seqs in found.onto.items()) \
        or _known(ask, found.shapes, None).completes


def _known(ask: Ask, seqs: list[tuple[tuple[Tile, ...], Ship]], ship: Ship | None) -> Known:
    """`Known` of `seqs`, what `ship` could take (a new ship's when None)."""
    hit = ask.known.get(id(seqs))
    if not isinstance(hit, Known) or hit.seqs is not seqs:
        if len(ask.known) >= REMEMBERED:
            ask.known.clear()
        hit = ask.known[id(seqs)] = Known(seqs, any(
            s.complete and not (ship is not None and ship.complete) for _, s in seqs), {})
    return hit


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
    if not _on_ships_unseen(purse, found, other):
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


def seen_in_room(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, other: str
                 ) -> bool:
    """Whether the bodies of the purchase `action` change what the bodies of `other`, a
    purchase of another kind of tile, depend on only by the room they take in storage
    (`room_needs`): what they put on ships is not seen (as in `unseen_by`), and `other`
    reads the storage only for its room and the supply only of its own kind."""
    kind = vocab.ITEM_KIND_OF_ACTION
    if other not in ("hulls", "masts", "goods") or action == "transport" \
            or kind[other] == kind[action]:
        return False
    found = reach(ask, purse, action, extra, blue)
    return found is None or _on_ships_unseen(purse, found, other)


def _on_ships_unseen(purse: Purse, found: Reach, other: str) -> bool:
    """Whether no ship taking what it could, and no new ship, changes the shape of
    `other`."""
    seen = purse.shape(other)
    for key, seqs in found.onto.items():
        for _, ship in seqs:
            if replace(purse, ships={**purse.ships, key: ship}).shape(other) != seen:
                return False
    return all(replace(purse, ships={**purse.ships, "": ship}).shape(other) == seen
               for _, ship in found.shapes)


def _one_of(ways: dict[Used, int], choices: Counter[Used],
            plus: Callable[[Used, Used], Used | None]) -> dict[Used, int]:
    """`ways` and, for each, each of `choices` added (a destination taking at most one);
    `plus`: the state with a choice added, None where it cannot be."""
    out: dict[Used, int] = defaultdict(int, ways)
    for used, n in ways.items():
        for add, k in choices.items():
            more = plus(used, add)
            if more is not None:
                out[more] += n * k
    return out


def _any_number(ways: dict[Used, int], add: Used,
                plus: Callable[[Used, Used], Used | None]) -> dict[Used, int]:
    """`ways` with any number of `add` added (`plus` as for `_one_of`)."""
    out: dict[Used, int] = defaultdict(int, ways)
    frontier = ways
    while frontier:
        grown: dict[Used, int] = defaultdict(int)
        for used, n in frontier.items():
            more = plus(used, add)
            if more is not None:
                grown[more] += n
        for k, n in grown.items():
            out[k] += n
        frontier = grown
    return out
