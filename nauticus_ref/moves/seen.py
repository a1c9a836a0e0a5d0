"""What the bodies of a purchase or transport that can complete no ship leave the next
clause of a turn: nothing but the taler and workers (`unseen_by`), only the room they
take (`seen_in_room`), or what some ships take (`seen_on_ships`); and what the tally of
masts, sails or goods after them reads (`tallied_from`), by which such bodies are
grouped without listing them (`seen_by_tally`).
"""

from __future__ import annotations

import itertools
import math
import operator
from bisect import insort
from collections import Counter, defaultdict
from dataclasses import replace
from typing import Callable, cast

from nauticus_ref.game import rewards
from nauticus_ref.game.board import LATER_PRICE
from nauticus_ref.game.state import EXTRA_WORKERS, Ship, Tile, spaces
from nauticus_ref.moves.held import transport_needs
from nauticus_ref.moves.onto import UNBOUNDED
from nauticus_ref.moves.plans import Reach, reach, taking
from nauticus_ref.moves.purse import Ask, Purse, Shaped, Tallied, alike_counts, check, stored
from nauticus_ref.moves.states import Used
from nauticus_ref.moves.tally import Known, Tally, completes, known, state_of
from nauticus_ref.notation import vocab


def tallied_from(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, most: int
) -> object | None:
    """What `placing_needs` reads of `purse` but its taler and workers, for an action
    whose lists of what a ship could take do not depend on the workers (`plans.reach`),
    where no purse it is asked of could place more than `most` tiles: the tiles and how
    many there are (more than `most` all alike: told apart only by whether they are
    placed), the free storage (beyond what `most` tiles and a free tile could take all
    alike), and what each ship and a new ship could take, as counts of tiles (a ship's
    name and hull apart).  None where a body could complete a ship, where two ships are
    twins (`Purse.twins`), or where nothing can be placed (for want of workers, it may
    be, which a richer purse has)."""
    found = reach(ask, purse, action, extra, blue)
    if found is None or completes(ask, purse, found) or purse.twins():
        return None
    tiles, have = _taken(ask, purse, found)
    ships = sorted(_reading(known(ask, found.onto[k], purse.ships[k]), tiles) for k in found.keys)
    return (
        _names(found, tiles),
        tuple(min(have[t], most + 1) for t in tiles),
        _room(purse, found, _room_read(most, tiles)),
        tuple(ships),
        _reading(known(ask, found.shapes, None), tiles),
    )


def walked_from(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, workers: int
) -> object | None:
    """What the bodies of a purchase or transport read of `purse` but its taler and
    workers, `purse` read with `workers` (the most any purse it is asked with has, so
    that what a ship could take is read in full): the tiles and how many there are
    and the free storage, each up to what the most tiles the workers allow and a free
    tile could use (more are all alike), the reward tiles left, and what each ship and
    a new ship could take, as counts of tiles with, where it completes the ship, its
    masts.  A body's needs do not depend on the ships' names: the ships a body
    completes are paid first, in each order (`plans.arrangements`), so those that could
    be completed are read in the order they were started, and the others, paid after
    the last reward, in any order.  Ships started alike (`Purse.twins`) are given,
    between them, any choice of what one could take, one each: they are read as one,
    with how many they are; where such ships could be completed, every ship is read in
    order, each list in its order, with which ships are twins.  None where nothing can
    be placed."""
    found = reach(ask, replace(purse, workers=workers), action, extra, blue)
    if found is None:
        return None
    taken = {k: known(ask, found.onto[k], purse.ships[k]) for k in found.keys}
    tiles, have = _taken(ask, purse, found)
    twins = purse.twins()
    if twins and any(taken[k].completes for k in found.keys):
        at = {k: i for i, k in enumerate(purse.ships)}
        ships: tuple[object, ...] = (
            tuple(_walked(taken[k], tiles, ordered=True) for k in found.keys),
            tuple(sorted((at[a], at[b]) for a, b in twins.items())),
            tuple(at[k] for k in found.keys),
        )
    else:
        # a ship and its twins take between them any choice of what it could take, one
        # each: read as what it could take and how many they are
        alike = alike_counts(twins, found.keys)
        ships = (
            tuple(_walked(taken[k], tiles) for k in found.keys if taken[k].completes),
            tuple(
                sorted(
                    (_walked(taken[k], tiles), n)
                    for k, n in alike.items()
                    if not taken[k].completes
                )
            ),
        )
    # a ship's rewards give at most one of a tile a mast
    rewarded = sum(_most_masts(taken[k]) for k in found.keys if taken[k].completes)
    new = known(ask, found.shapes, None)
    if new.completes:
        rewarded += _most_masts(new) * found.hulls
    return (
        _names(found, tiles),
        tuple(min(have[t], found.most + 2) for t in tiles),
        _room(purse, found, _room_read(found.most, tiles)),
        tuple(min(purse.supply[t], rewarded) for t in rewards.TILES),
        ships,
        _walked(new, tiles),
    )


def _taken(ask: Ask, purse: Purse, found: Reach) -> tuple[list[Tile], Counter[Tile]]:
    """The tiles of `found` a body could place, in its order, and how many of each are
    told apart: of a purchase, every tile (the storage takes any) and as many as the
    supply has; of a transport, those a ship or a new ship could take, and no more
    than the ships together could take."""
    if found.budget is not None:
        return found.tiles, found.have
    most: Counter[Tile] = Counter()
    for k in found.keys:
        for t, n in known(ask, found.onto[k], purse.ships[k]).most_of().items():
            most[t] += n
    for t in known(ask, found.shapes, None).most_of():
        most[t] = UNBOUNDED  # as many new ships as there are hull parts
    tiles = [t for t in found.tiles if most[t]]
    return tiles, Counter({t: min(found.have[t], most[t]) for t in tiles})


def _names(found: Reach, tiles: list[Tile]) -> object:
    """What is read of the tiles' names: a purchase's, which its prices are by; of a
    transport, which costs nothing, only how many tiles there are (the other readings
    tell them by their place in `tiles`)."""
    return tuple(tiles) if found.budget is not None else len(tiles)


def _most_masts(taken: Known) -> int:
    """The most masts a ship has where one of the ways it could take completes it."""
    return max((len(made.masts) for _, made in taken.seqs if made.complete), default=0)


def _room(purse: Purse, found: Reach, read: int) -> int:
    """The free storage a purchase's bodies read, up to `read`; none of a
    transport's, which stores nothing (a reward tile finding no room changes no taler
    or workers)."""
    return min(purse.storage_free, read) if found.budget is not None else 0


def _walked(taken: Known, tiles: list[Tile], ordered: bool = False) -> Reading:
    """What `walked_from` reads of what a ship could take: each way as a count of `tiles`
    and, where it completes the ship, its masts; how many ways there are of each, or
    with `ordered`, each in the order of the list."""
    k = (tuple(tiles), ordered)
    if k not in taken.walked:
        exact = (True,) * len(tiles)
        read = [
            (state_of(seq, tiles, exact), len(made.masts) if made.complete else -1)
            for seq, made in taken.seqs
        ]
        taken.walked[k] = tuple(read) if ordered else tuple(sorted(Counter(read).items()))
    return taken.walked[k]


def _reading(taken: Known, tiles: list[Tile]) -> Reading:
    """What `tallied_from` reads of a ship's ways: how many take each count of `tiles`."""
    return tuple(sorted(taken.states(tiles, (True,) * len(tiles)).items()))


def _room_read(most: int, tiles: list[Tile]) -> int:
    """The most free storage `tallied_from` tells apart: what `most` tiles of `tiles` and
    a free tile could take (none without tiles)."""
    return (most + 1) * max((spaces(t) for t in tiles), default=0)


def unseen_by(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, other: str) -> bool:
    """Whether no body of the placing `action` changes what the bodies of `other` depend
    on (`Purse.shape`) but the taler and workers, so that what follows it can be counted
    from its tally.  Each change a body makes is tried alone: a ship taking what it
    could, a new ship, a tile moved between the supply, storage and ships.  A shape
    reads each ship, and counts of the storage and supply, so a change that none of
    them sees alone is not seen together with others either."""
    found = reach(ask, purse, action, extra, blue)
    return (
        found is None
        or _seen_ships(purse, found, other) == []
        and _moves_unseen(purse, found, other)
    )


def seen_on_ships(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, then: str
) -> Shaped | None:
    """The bodies of the placing `action` by the shape they leave the bodies of `then`
    (`Purse.shape`), as `walks.listed_afters` gives them, where only what some of the
    existing ships take is seen (goods on finished ships, before a delivery): the ways
    onto those ships are listed, each giving a shape, and what the other ships and the
    storage take is tallied from each.  None where a body can complete a ship, where
    `then` sees more, or where the ways onto the ships seen are too many to list."""
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return {}
    seen = _seen_ships(purse, found, then)
    if (
        seen is None
        or completes(ask, purse, found)
        or not _moves_unseen(purse, found, then)
        or math.prod(len(found.onto[k]) + 1 for k in seen) > SEEN_WAYS
    ):
        return None
    counted = Tally(ask, purse, action, extra, blue, found)
    choices = [
        [((), counted.zero, purse.ships[k])]
        + [(seq, counted.state(seq), ship) for seq, ship in found.onto[k]]
        for k in seen
    ]
    ways: dict[object, tuple[Purse, dict[Used, int]]] = {}
    for chosen in itertools.product(*choices):
        used: Used | None = counted.zero
        for _, state, _ in chosen:
            used = counted.plus(used, state) if used is not None else None
        if used is not None:
            after = replace(
                purse, ships={**purse.ships, **{k: ship for k, (_, _, ship) in zip(seen, chosen)}}
            )
            ways.setdefault(after.shape(then), (after, defaultdict(int)))[1][used] += 1
    rest = [k for k in found.keys if k not in seen]
    out: Shaped = {}
    for k, (after, start) in ways.items():
        budgets: Counter[tuple[int, int]] = Counter()
        for (taler, workers, _), n in counted.rooms(counted.ships(start, rest)).items():
            budgets[purse.taler - taler, purse.workers - workers - EXTRA_WORKERS * extra] += n
        if budgets:
            out[k] = (after, budgets)
    return out


#: The most ways onto the ships a later clause sees that `seen_on_ships` lists.
SEEN_WAYS = 4096


def seen_in_room(ask: Ask, purse: Purse, action: str, extra: bool, blue: int, other: str) -> bool:
    """Whether the bodies of the purchase `action` change what the bodies of `other`, a
    purchase of another kind of tile, depend on only by the room they take in storage
    (`room_needs`): what they put on ships is not seen (as in `unseen_by`), and `other`
    reads the storage only for its room and the supply only of its own kind."""
    kind = vocab.ITEM_KIND_OF_ACTION
    if (
        other not in ("hulls", "masts", "goods")
        or action == "transport"
        or kind[other] == kind[action]
    ):
        return False
    found = reach(ask, purse, action, extra, blue)
    return found is None or _seen_ships(purse, found, other) == []


def _seen_ships(purse: Purse, found: Reach, other: str) -> list[str] | None:
    """The existing ships whose taking some of what they could changes the shape of
    `other`; None where a new ship would change it."""
    seen = purse.shape(other)
    if any(
        replace(purse, ships={**purse.ships, "": ship}).shape(other) != seen
        for _, ship in found.shapes
    ):
        return None
    return [
        key
        for key, seqs in found.onto.items()
        if any(
            replace(purse, ships={**purse.ships, key: ship}).shape(other) != seen
            for _, ship in seqs
        )
    ]


def _moves_unseen(purse: Purse, found: Reach, other: str) -> bool:
    """Whether no tile moved between the supply and storage (a transport's taken from
    storage) changes the shape of `other`."""
    seen = purse.shape(other)
    for tile in found.tiles:
        moved = purse.copy()
        if found.budget is None:  # a transport takes it from storage
            moved.storage[tile] -= 1
        else:  # a purchase, or a free tile, from the supply
            moved.supply[tile] -= 1
            moved.storage[tile] += 1
        if moved.shape(other) != seen:
            return False
    return True


#: What the tally of the next clause reads of a ship (`seen_by_tally`): how many ways it
#: could take each count of tiles.
Reading = tuple[object, ...]
#: The readings of a purse's ships, sorted.
Seen = tuple[Reading, ...]


def seen_by_tally(
    ask: Ask,
    purse: Purse,
    action: str,
    extra: bool,
    blue: int,
    then: str,
    deadline: float | None = None,
) -> Tallied | None:
    """The bodies of the purchase `action`, by what the tally of `then`, a purchase or
    transport after it, reads of what they leave (`tallied_from`): for each reading, a
    purse that leaves it and how many bodies leave each (taler, workers).  Counted as
    `Tally` counts them, each ship's choices told apart also by what the ship it makes
    could take of `then`, so no body is listed; before a transport, which reads the
    storage tile by tile, told apart also by how many of each tile they store, each
    with what the transport's bodies need (`held.transport_needs`).  None
    where a body can complete a ship, where `then` could complete one it leaves, or
    where both buy one kind of tile from a supply the two could exhaust (`ample`).
    Raises `OutOfTime` past `deadline`."""
    kind = vocab.ITEM_KIND_OF_ACTION
    if (
        then not in vocab.PLACING_ACTIONS
        or action not in vocab.BUYING_ACTIONS
        or kind.get(then) == kind[action]
        and not ample(purse, action)
    ):
        return None
    found = reach(ask, purse, action, extra, blue)
    if found is None:
        return {}
    # what `then` reaches: a purchase, its tiles in the supply, which `action` leaves as
    # they are (another kind) or leaves too many of to tell apart (the same kind,
    # `ample`); a transport, the storage with as many more of each tile as `action`
    # could store (a ship's ways from the storage a body leaves are those of these
    # that it holds, told by the tiles they take)
    viewed = replace(purse, workers=UNBOUNDED)
    if then == "transport":
        viewed.storage = purse.storage + Counter(
            {t: min(found.have[t], found.most + 1) for t in found.tiles}
        )
    view = reach(ask, viewed, then, False, ask.blue)
    read: dict[int, tuple[Ship, Reading | None]] = {}

    def reading(ship: Ship) -> Reading | None:
        """What `then`'s tally reads of `ship` (nothing where it takes nothing), None
        where `then` could complete it."""
        if id(ship) not in read:
            if view is None:
                read[id(ship)] = (ship, ())
            else:
                taken = known(ask, taking(ask, view, then, ship), ship)
                read[id(ship)] = (ship, None if taken.completes else _reading(taken, view.tiles))
        return read[id(ship)][1]

    made = [s for seqs in found.onto.values() for _, s in seqs] + [s for _, s in found.shapes]
    if completes(ask, purse, found) or any(
        reading(s) is None for s in [*purse.ships.values(), *made]
    ):
        return None
    return _by_reading(ask, purse, action, extra, blue, then, found, view, reading, deadline)


def ample(purse: Purse, action: str) -> bool:
    """Whether the supply holds so many of each tile of the purchase `action` that two
    clauses buying them, one after the other, could not run out: together they buy at
    most one of a tile at its first price each, the others at `LATER_PRICE` out of the
    taler there are, and a free tile each.  Then the second clause has the same
    bodies after any first one, each needing the same, as from the whole supply."""
    kind = vocab.ITEM_KIND_OF_ACTION[action]
    most = 2 + 2 + purse.taler // LATER_PRICE
    return all(n >= most for (k, _), n in purse.supply.items() if k == kind and n > 0)


def _by_reading(
    ask: Ask,
    purse: Purse,
    action: str,
    extra: bool,
    blue: int,
    then: str,
    found: Reach,
    view: Reach | None,
    reading: Callable[[Ship], Reading | None],
    deadline: float | None,
) -> Tallied | None:
    """`seen_by_tally`'s count: the ways to place on the ships, by the state they reach
    (`Used`) and the ships' readings, each with the ships of one such way; then the
    storage, by the room it leaves (before a transport, by the tiles it holds)."""
    counted = Tally(ask, purse, action, extra, blue, found)
    plus = counted.plus
    start: Seen = ()
    for key, ship in purse.ships.items():
        if key not in found.keys:
            start = _with(start, reading(ship))
    ways: dict[tuple[Seen, Used], int] = {(start, counted.zero): 1}
    # the ships of a way to each of `ways`, a ship at a time: a state after some ships
    # may be one after more of them too, where those read nothing
    chosen: dict[tuple[Seen, Used], tuple[tuple[str, Ship], ...]] = {(start, counted.zero): ()}

    def grow(
        at: tuple[Seen, Used],
        n: int,
        state: Used,
        seen: Reading | None,
        key: str,
        ship: Ship,
        into: dict[tuple[Seen, Used], int],
        picked: dict[tuple[Seen, Used], tuple[tuple[str, Ship], ...]],
        new: bool = False,
    ) -> None:
        used = plus(at[1], state)
        if used is not None:
            k = (_with(_with(at[0], _started(state) if new else ()), seen), used)
            into[k] += n
            if k not in picked:
                picked[k] = chosen[at] + ((key, ship),)

    for key in found.keys:  # each ship takes nothing or one of what it could
        choices: dict[tuple[Used, Reading | None], list[Ship]] = defaultdict(list)
        for seq, ship in found.onto[key]:
            choices[counted.state(seq), reading(ship)].append(ship)
        stay = reading(purse.ships[key])
        grown: dict[tuple[Seen, Used], int] = defaultdict(int)
        picked: dict[tuple[Seen, Used], tuple[tuple[str, Ship], ...]] = {}
        for at, n in ways.items():
            grow(at, n, counted.zero, stay, key, purse.ships[key], grown, picked)
            for (state, seen), ships in choices.items():
                grow(at, n * len(ships), state, seen, key, ships[0], grown, picked)
        ways, chosen = grown, picked
        check(deadline)
    new: dict[Used, tuple[Reading | None, Ship]] = {}
    for seq, ship in found.shapes:  # any number of new ships of each shape
        state = counted.state(seq)
        if new.setdefault(state, (reading(ship), ship))[0] != reading(ship):
            return None  # alike in what they place, told apart by `then`: not counted here
    for state, (seen, ship) in new.items():
        frontier, ways = ways, defaultdict(int, ways)
        while frontier:
            grown = defaultdict(int)
            for at, n in frontier.items():
                grow(at, n, state, seen, f"\0{len(chosen[at])}", ship, grown, chosen, new=True)
            for k, n in grown.items():
                ways[k] += n
            frontier = grown
            check(deadline)
    by_seen: dict[Seen, dict[Used, int]] = defaultdict(dict)
    for (seen, used), n in ways.items():
        by_seen[seen][used] = n
    # as `tallied_from` reads the room: all alike beyond what the most workers place,
    # `then` being the phase's action (its blue workers) or the Extra Action (two more)
    room = _room_read(max(ask.blue, EXTRA_WORKERS) + purse.workers, view.tiles if view else [])
    out: Tallied = {}
    free = purse.storage_free
    held = _held(purse, found, view) if then == "transport" else None
    for seen, ways_in in by_seen.items():
        check(deadline)
        fleet = {**purse.ships, **dict(chosen[seen, next(iter(ways_in))])}
        twins = _twins(seen)
        # a purchase reads the room the storage leaves, a transport what it holds
        left: Counter[tuple[int, int, object]] = Counter()
        if then == "transport":
            left.update(counted.kept(ways_in))
        else:
            for (taler, workers, taken), n in counted.rooms(ways_in).items():
                left[taler, workers, min(free - taken, room)] += n
        fresh = []
        for (taler, workers, read), n in left.items():
            shape = ("tallied", twins, read) if held is None else ("tallied", *held(twins, read))
            if shape not in out:
                out[shape] = (_left(ask, purse, action, found, fleet, read), Counter(), None)
                fresh.append(shape)
            out[shape][1][purse.taler - taler, purse.workers - workers - EXTRA_WORKERS * extra] += n
        if held is not None:  # the other clause, with no more workers than this one had
            needs = transport_needs(ask, purse.copy(fleet), not extra, [out[s][0] for s in fresh])
            out.update({s: (*out[s][:2], n) for s, n in zip(fresh, needs or ())})
    return out


def _held(
    purse: Purse, found: Reach, view: Reach | None
) -> Callable[[Seen, object], tuple[Seen, tuple[int, ...]]]:
    """What a transport's tally reads of what a purchase leaves, told from the ships'
    readings (of what each could take from the storage with all the purchase could
    add, `view`) and the tiles the storage keeps (`Tally.kept`, of `found`'s tiles):
    how many of each tile of `view` the storage then holds, and of each ship's ways
    those it holds, as `onto.remembered` keeps a purchase's of the supply's (a ship
    with none is not read)."""
    tiles = view.tiles if view is not None else []
    base = tuple(purse.storage[t] for t in tiles)
    spots = [tiles.index(t) for t in found.tiles]
    kept_in: dict[tuple[int, tuple[int, ...]], Reading] = {}

    def held(seen: Seen, kept: object) -> tuple[Seen, tuple[int, ...]]:
        assert isinstance(kept, tuple)
        have = list(base)
        for i, n in zip(spots, kept):
            have[i] += n
        holds = tuple(have)
        out = []
        for reading in seen:
            if not _is_started(reading):
                k = (id(reading), holds)  # readings are kept alive in `seen_by_tally`
                if k not in kept_in:
                    ways = cast("tuple[tuple[Used, int], ...]", reading)
                    kept_in[k] = tuple(w for w in ways if all(map(operator.le, w[0], holds)))
                reading = kept_in[k]
            if reading:
                out.append(reading)
        return tuple(sorted(out)), holds

    return held


def _left(
    ask: Ask, purse: Purse, action: str, found: Reach, fleet: dict[str, Ship], read: object
) -> Purse:
    """A purse with `fleet` that leaves the storage as `_by_reading` reads it: so many
    spaces free, or so many of each of `found`'s tiles more."""
    if isinstance(read, tuple):
        after = purse.copy(fleet)
        after.storage.update(dict(zip(found.tiles, read)))
        return after
    assert isinstance(read, int)
    return stored(ask, purse, action, purse.storage_free - read, fleet)


def _started(state: Used) -> Reading:
    """What a new ship started with `state` adds to what is seen (`_twins`): told apart
    from any reading (whose states count from 0)."""
    return (((-1,), state),)


def _twins(seen: Seen) -> Seen:
    """`seen` with the new ships left out but those started alike (`Purse.twins`): the
    next clause gives a ship at most what it gives its twin, so it has fewer bodies."""
    return tuple(r for r in seen if not _is_started(r) or seen.count(r) > 1)


def _is_started(reading: Reading) -> bool:
    first = reading[0]
    return isinstance(first, tuple) and first[0] == (-1,)


def _with(seen: Seen, reading: Reading | None) -> Seen:
    """`seen` with a ship's `reading` among them (one that takes nothing is not read)."""
    if not reading:
        return seen
    out = list(seen)
    insort(out, reading)
    return tuple(out)
