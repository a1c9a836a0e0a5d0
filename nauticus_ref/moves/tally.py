"""Counting a purchase's or transport's bodies without listing them.

Where no body can complete a ship (so no rewards pay for what comes after), a body is
told apart only by where each tile goes, and what it needs depends only on how many of
each tile it places: the price is the first of each kind at the printed price, then 4
each, and each tile takes a worker.  So the ways to place are counted destination by
destination, as many as there are for each total of tiles (a state), and the states
are priced at the end, never the bodies.  The golden rule (a free tile goes to
storage) and the free tile for all four kinds are counted the same way.  The result is
what `Counter(body.needs for body in placing(...))` would give.  What such bodies
leave the next clause of a turn is `seen.py`'s.  Where a body can complete a ship, its
bodies are walked instead (`walks.py`).
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache, lru_cache

from nauticus_ref.game.board import LATER_PRICE
from nauticus_ref.game.state import EXTRA_WORKERS, Ship, Tile, spaces
from nauticus_ref.moves.onto import REMEMBERED, most_held
from nauticus_ref.moves.plans import Reach, completing, reach
from nauticus_ref.moves.purse import Ask, Purse, alike_counts, forfeited
from nauticus_ref.moves.states import (
    PACKED_PAIRS,
    Used,
    any_number,
    n_of,
    one_of,
    packed_one_of,
    plus_within,
)
from nauticus_ref.notation import vocab

#: What ships could take: each sequence of tiles with the ship it makes.
Shapes = list[tuple[tuple[Tile, ...], Ship]]
#: How many of each tile the storage keeps, in the order of `Reach.tiles` (`Tally.kept`).
Kept = tuple[int, ...]
#: A state of `Tally._stored`: the tiles placed, the storage spaces taken, which free
#: tiles went to storage, and where asked how many of each tile it keeps.
Stored = tuple[Used, int, frozenset[int], Kept]


def placing_needs(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int
) -> Counter[tuple[int, int]] | None:
    """How many bodies of the placing `action` need each (taler, own workers), as
    `Body.needs`; None when a body could complete a ship: then they must be listed."""
    rooms = room_needs(ask, purse, action, extra, blue)
    return None if rooms is None else by_needs(rooms)


def by_needs(rooms: Counter[tuple[int, int, int]]) -> Counter[tuple[int, int]]:
    """The bodies `room_needs` counted, by what they need alone."""
    out: Counter[tuple[int, int]] = Counter()
    for (taler, workers, _), n in rooms.items():
        out[taler, workers] += n
    return out


def room_needs(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int
) -> Counter[tuple[int, int, int]] | None:
    """As `placing_needs`, each (taler, own workers) with the storage spaces the body
    takes (a free tile's among them where it finds room)."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return Counter()
    if completes(ask, purse, found):
        return None
    counted = Tally(ask, purse, action, extra, blue, found)
    return counted.rooms(counted.ships({counted.zero: 1}, found.keys))


class Tally:
    """The ways to place a clause's tiles that `found` reaches, counted by state
    (`Used`): existing ships (`ships`), new ships, then the storage (`rooms`)."""

    def __init__(
        self,
        ask: Ask,
        purse: Purse,
        action: str,
        extra: bool,
        blue: int,
        found: Reach,
        told: frozenset[Tile] = frozenset(),
    ):
        self.ask, self.purse, self.action, self.extra, self.blue = ask, purse, action, extra, blue
        self.found, self.tiles = found, found.tiles
        self.buying = found.budget is not None
        self.have = tuple(found.have[t] for t in self.tiles)
        most = blue + purse.workers
        self.first = tuple(found.first.get(t, 0) for t in self.tiles)
        # a tile of which there are more than the clause could place is told apart
        # only by whether it is placed (its first costs the printed price, the others
        # 4 each); of the others, how many: the state is that for each tile, and the
        # tiles placed
        self.exact = tuple(h <= most or t in told for t, h in zip(self.tiles, self.have))
        self.zero: Used = (0,) * (len(self.tiles) + 1)
        # a state past these is more than the player has (the total: than the workers
        # allow), and a tile told apart only by whether it is placed is counted up to 1
        self.limits = tuple(h if e else most for h, e in zip(self.have, self.exact)) + (most,)
        self.caps = (
            None
            if all(self.exact)
            else tuple(h if e else 1 for h, e in zip(self.have, self.exact)) + (most,)
        )
        # many ways reach the same state, whose price is kept; closures over the values,
        # not `self`, so that a tally's cache goes with it and leaves no cycle to the
        # garbage collector
        buying, first, limits, caps, taler = (
            self.buying,
            self.first,
            self.limits,
            self.caps,
            purse.taler,
        )

        @cache
        def price(used: Used) -> int:
            if not buying:
                return 0
            kinds = [f for f, n in zip(first, used) if n]
            return sum(kinds) + LATER_PRICE * (used[-1] - len(kinds))

        self.price, self.plus = price, plus_within(limits, caps, price, taler)
        #: all `_stored_from` reads but the state: the tiles and how they are told and
        #: priced, the taler, workers and storage spaces, the phase and the board's tiles
        self.storage_read = (
            action,
            extra,
            blue,
            tuple(self.tiles),
            self.first,
            self.have,
            self.exact,
            self.limits,
            taler if buying else 0,
            purse.storage_free,
        )

    def _stored(
        self,
        stored: dict[Stored, int],
        i: int,
        size: int,
        mark: frozenset[int],
        room: int,
        keep: bool,
    ) -> dict[Stored, int]:
        """`stored` with each state grown by a run of tile `i` in storage, one more at a
        time while it fits, the player can have it and pay for it (as `plus` would
        tell, worked out step by step); then no more of it is placed, and all that is
        told of it is whether any is placed and whether all are (`_settled`).  With
        `keep`, how many of it the storage keeps is told too."""
        grown: dict[Stored, int] = {}
        exact, have, first = self.exact[i], self.have[i], self.first[i]
        limit, most, taler = self.limits[i], self.limits[-1], self.purse.taler
        for (used, taken, zero, kept), n in stored.items():
            k = (self._settled(used, i), taken, zero, kept + (0,) if keep else kept)
            grown[k] = grown.get(k, 0) + n
            stored_here = 0
            placed, total, price = used[i], used[-1], self.price(used)
            zero = zero | mark if mark else zero
            head, tail = used[:i], used[i + 1 : -1]
            # the first copy of a free tile may be forfeited, as `plans.plans` lists it
            forfeit = bool(mark) and forfeited(self.tiles[i], taken, room)
            while taken + size <= room or forfeit:
                placed, total = placed + 1, total + 1
                price += first if placed == 1 else LATER_PRICE
                if placed > limit or total > most or price > taler:
                    break
                if taken + size <= room:
                    taken += size
                    stored_here += 1
                forfeit = False
                k = (
                    head + ((placed if exact and placed >= have else 1),) + tail + (total,),
                    taken,
                    zero,
                    kept + (stored_here,) if keep else kept,
                )
                grown[k] = grown.get(k, 0) + n
        return grown

    def _settled(self, used: Used, i: int) -> Used:
        """`used` with its number of tile `i` cut to what is read of it once no more
        is placed: none, all there are, or some (the price reads only whether it is
        placed, the free tile whether some is left)."""
        n = used[i]
        if n <= 1 or not self.exact[i]:
            return used
        return used[:i] + ((n if n >= self.have[i] else 1),) + used[i + 1 :]

    def state(self, seq: tuple[Tile, ...]) -> Used:
        """The state of `seq` placed alone."""
        return state_of(seq, self.tiles, self.exact)

    def ships(
        self, ways: dict[Used, int], keys: list[str], shapes: Shapes | None = None
    ) -> dict[Used, int]:
        """`ways` with each existing ship of `keys` taking nothing or one of what it
        could, and any number of new ships of each shape a new ship could take (or of
        `shapes`).  Ships started alike this turn (`Purse.twins`) are told apart only
        by how many of them take each way, as `plans.plans` lists them."""
        found, exact = self.found, self.exact
        for key, n in alike_counts(self.purse.twins(), keys).items():
            choices = known(self.ask, found.onto[key], self.purse.ships[key]).states(
                self.tiles, exact
            )
            ways = self._one_of(ways, choices) if n == 1 else n_of(ways, choices, n, self.plus)
        new = found.shapes if shapes is None else shapes
        states = known(self.ask, new, None).states(self.tiles, exact)
        return self._one_of(ways, self._fleets(tuple(sorted(states)))) if states else ways

    def _one_of(self, ways: dict[Used, int], choices: Counter[Used]) -> dict[Used, int]:
        """`ways` and, for each, each of `choices` added (`states.one_of`): where a state is
        held to its limits alone (nothing to pay, every tile told by number) and the
        pairs are many beside the states (packing a state costs about what several
        pairs cost unpacked), with the states packed into numbers (`states.packed_one_of`)."""
        few = len(ways) * len(choices) < PACKED_PAIRS * (len(ways) + len(choices))
        if few or self.buying or self.caps is not None:
            return one_of(ways, choices, self.plus, self.limits[-1])
        return packed_one_of(ways, choices, self.limits)

    def _fleets(self, states: tuple[Used, ...]) -> Counter[Used]:
        """The ways any number of new ships of each of `states` take, one or more, by
        state: worked out once for all the tallies of a turn that read them alike
        (`Ask.fleets`).  Ships added to what others take reach what adding each in turn
        does: a state only grows, and so does its price, so one within the limits and
        the taler was within them all along.  So where no state is cut to its caps,
        the ways within more limits and taler, cut to these, are the same: worked out
        within all the limits and taler asked so far, and cut to each."""
        taler = self.purse.taler if self.buying else 0  # what `price` and `plus` read
        own = (self.limits, taler)
        k: tuple[object, ...] = (states, self.caps, self.buying, self.first)
        if self.caps is not None:
            k += own
        kept = self.ask.fleets.get(k)
        if kept is not None:
            limits, richest, fleets = kept
            if (limits, richest) == own:
                return fleets
            if taler <= richest and all(map(operator.le, self.limits, limits)):
                return Counter(
                    {
                        state: n
                        for state, n in fleets.items()
                        if all(map(operator.le, state, self.limits)) and self.price(state) <= taler
                    }
                )
            limits, taler = tuple(map(max, limits, self.limits)), max(richest, taler)
        else:
            limits = self.limits
        plus = self.plus if (limits, taler) == own else plus_within(limits, None, self.price, taler)
        grown: dict[Used, int] = {self.zero: 1}
        for state in states:
            grown = any_number(grown, state, plus)
        fleets = Counter(grown)
        del fleets[self.zero]
        if len(self.ask.fleets) >= REMEMBERED:
            self.ask.fleets.clear()
        self.ask.fleets[k] = (limits, taler, fleets)
        return self._fleets(states)

    def need(self, used: Used) -> tuple[int, int]:
        """What a body placing `used` needs (`Body.needs`): taler and own workers."""
        return self.price(used), max(0, used[-1] - self.blue) - EXTRA_WORKERS * self.extra

    def rooms(self, ways: dict[Used, int]) -> Counter[tuple[int, int, int]]:
        """The bodies that place `ways` on the ships and any number of each tile in
        storage, by (taler, own workers, storage spaces taken): as `room_needs`."""
        return Counter(
            {(t, w, taken): n for (t, w, taken, _), n in self._rooms(ways, False).items()}
        )

    def kept(self, ways: dict[Used, int]) -> Counter[tuple[int, int, Kept]]:
        """As `rooms`, by (taler, own workers, how many of each tile the storage keeps,
        in the order of `tiles`): what a transport after them reads of the storage."""
        out: Counter[tuple[int, int, Kept]] = Counter()
        for (taler, workers, _, kept), n in self._rooms(ways, True).items():
            out[taler, workers, kept] += n
        return out

    def _rooms(self, ways: dict[Used, int], keep: bool) -> Counter[tuple[int, int, int, Kept]]:
        """`rooms`, with `keep` also by how many of each tile the storage keeps.  Where
        the ways are few, the sum of what each state gives alone, worked out once for
        all the tallies of a turn that read the storage alike (`Ask.stored`); many are
        stored together, since states that meet once a tile is stored go on as one."""
        if len(ways) > FEW_STATES:
            return self._stored_from(ways, keep)
        out: Counter[tuple[int, int, int, Kept]] = Counter()
        read = (self.storage_read, keep)
        kept = self.ask.stored
        for used, n in ways.items():
            k = (read, used)
            one = kept.get(k)
            if one is None:
                if len(kept) >= REMEMBERED:
                    kept.clear()
                one = kept[k] = self._stored_from({used: 1}, keep)
            for key, m in one.items():
                out[key] += n * m
        return out

    def _stored_from(
        self, ways: dict[Used, int], keep: bool
    ) -> Counter[tuple[int, int, int, Kept]]:
        """`_rooms`, worked out."""
        tiles, buying, first = self.tiles, self.buying, self.first
        # storage: any number of each tile within its free spaces; which tiles priced 0
        # went there (the golden rule) is kept beside the state
        free = {i for i, f in enumerate(first) if buying and f == 0}
        stored: dict[Stored, int] = {(used, 0, frozenset(), ()): n for used, n in ways.items()}
        room = self.purse.storage_free
        if buying:
            for i, tile in enumerate(tiles):
                stored = self._stored(stored, i, spaces(tile), frozenset({i} & free), room, keep)
        kind = vocab.ITEM_KIND_OF_ACTION.get(self.action, "")
        at = {t: i for i, t in enumerate(tiles)}
        # where each regular tile is in the state: a free tile needs all four bought
        regular = (
            [at.get((kind, r)) for r in self.ask.table.board.tiles[self.action]] if buying else []
        )
        kinds = [i for i in regular if i is not None] if regular and None not in regular else []
        size = spaces((kind, ""))  # a free tile's
        exact, have = self.exact, self.have
        out: Counter[tuple[int, int, int, Kept]] = Counter()
        for (used, taken, zero, kept), n in stored.items():
            placed = used[-1]
            if not placed or free and any(used[i] and i not in zero for i in free):
                continue
            need = self.need(used)
            out[(*need, taken, kept)] += n
            if kinds and all(used[i] for i in kinds):
                # a free tile of each kind not all placed (a tile not told by number is
                # never the last), into the storage where it finds room
                gifts = [i for i in kinds if not exact[i] or have[i] > used[i]]
                if not gifts:
                    continue
                if taken + size > room:  # forfeited
                    out[(*need, taken, kept)] += n * len(gifts)
                elif not keep:
                    out[(*need, taken + size, kept)] += n * len(gifts)
                else:
                    for i in gifts:
                        out[(*need, taken + size, kept[:i] + (kept[i] + 1,) + kept[i + 1 :])] += n
        return out


#: How many states `Tally._rooms` stores one by one, each kept for the next tally.
FEW_STATES = 16


@dataclass(slots=True)
class Known:
    """What is worked out once about a list of what a ship could take (`Ask.onto`),
    kept in `Ask.known`: whether one of them completes the ship, and each as a state
    (`Used`) for the tiles and the way they are told apart."""

    seqs: list[tuple[tuple[Tile, ...], Ship]]
    completes: bool
    made: dict[tuple[tuple[Tile, ...], tuple[bool, ...]], Counter[Used]]
    #: as `seen.walked_from` reads them, by the tiles
    walked: dict[tuple[tuple[Tile, ...], bool], tuple[object, ...]]
    #: the most of each tile one of them holds (`most_of`)
    most: Counter[Tile] | None = None

    def most_of(self) -> Counter[Tile]:
        """The most of each tile one of the ways holds."""
        if self.most is None:
            self.most = most_held(self.seqs)
        return self.most

    def states(self, tiles: list[Tile], exact: tuple[bool, ...]) -> Counter[Used]:
        k = (tuple(tiles), exact)
        if k not in self.made:
            self.made[k] = Counter(state_of(seq, tiles, exact) for seq, _ in self.seqs)
        return self.made[k]


def state_of(seq: tuple[Tile, ...], tiles: list[Tile], exact: tuple[bool, ...]) -> Used:
    """`seq` as a state (`Used`): how many of each tile, or for a tile not told by
    number whether it is placed, then how many tiles in all."""
    return tuple([seq.count(t) if e else int(t in seq) for t, e in zip(tiles, exact)] + [len(seq)])


def completes(ask: Ask, purse: Purse, found: Reach) -> bool:
    """Whether a ship or a new ship could be completed by what it could take."""
    return (
        any(known(ask, seqs, purse.ships[k]).completes for k, seqs in found.onto.items())
        or known(ask, found.shapes, None).completes
    )


def known(ask: Ask, seqs: list[tuple[tuple[Tile, ...], Ship]], ship: Ship | None) -> Known:
    """`Known` of `seqs`, what `ship` could take (a new ship's when None)."""
    hit = ask.known.get(id(seqs))
    if not isinstance(hit, Known) or hit.seqs is not seqs:
        if len(ask.known) >= REMEMBERED:
            ask.known.clear()
        hit = ask.known[id(seqs)] = Known(seqs, completing(seqs, ship), {}, {})
    return hit


@lru_cache(maxsize=1024)  # a clause's plans, and the next clause's, ask again
def storage_ways(
    tiles: tuple[Tile, ...],
    left: tuple[int, ...],
    room: int,
    first: tuple[int, ...],
    buying: bool,
) -> dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]]:
    """The ways to store up to `left` of each tile within `room` spaces, the first of a
    tile at its `first` price, by what they leave the walk: (the kinds stored, how many
    tiles, the taler they cost), each with how many ways leave none of each set of
    kinds in the supply (for the free tile).  Read only: the answer is shared."""
    State = tuple[frozenset[Tile], int, int, int, frozenset[Tile]]
    states: Counter[State] = Counter({(frozenset(), 0, 0, 0, frozenset()): 1})
    for t, limit, price in zip(tiles, left, first):
        size, grown = spaces(t), Counter[State]()
        # a free tile may be forfeited, as `plans.plans` lists it
        free = buying and price == 0
        for (names, count, spent, taken, full), n in states.items():
            forfeit = free and forfeited(t, taken, room)
            for k in range(limit + 1):
                if taken + (k - forfeit if k else 0) * size > room:
                    break
                grown[
                    (
                        names | {t} if k else names,
                        count + k,
                        spent + (price + LATER_PRICE * (k - 1) if k else 0),
                        taken + (k - forfeit if k else 0) * size,
                        full | {t} if k == limit else full,
                    )
                ] += n
        states = grown
    out: dict[tuple[frozenset[Tile], int, int], Counter[frozenset[Tile]]] = defaultdict(Counter)
    for (names, count, spent, _, full), n in states.items():
        out[names, count, spent][full] += n
    return out
