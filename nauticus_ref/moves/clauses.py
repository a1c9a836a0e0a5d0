"""The legal bodies of one action for a player: every purchase, transport, number of
workers or choice of ships, each once, in canonical form (the placing actions'
in placing.py)."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from dataclasses import replace
from typing import Iterable, Iterator

from nauticus_ref.game.state import (
    EXTRA_WORKERS,
    TALER_PER_WORKER,
    Tile,
    crown_points,
    crown_room,
)
from nauticus_ref.moves.placing import pay, placing
from nauticus_ref.moves.plans import reach
from nauticus_ref.moves.purse import (
    Ask,
    Body,
    Purse,
    Shaped,
    Tallied,
    as_clause,
    make_clause,
    ship_name,
)
from nauticus_ref.moves.seen import (
    seen_by_tally,
    seen_in_room,
    seen_on_ships,
    tallied_from,
    unseen_by,
    walked_from,
)
from nauticus_ref.moves.tally import placing_needs, room_needs
from nauticus_ref.moves.walks import listed_afters, listed_needs, walked_before
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Placement


def bodies(
    ask: Ask, purse: Purse, action: str, extra: bool, only: Counter[Tile] | None = None
) -> Iterator[Body]:
    """Every legal body of `action` (as the Extra Action with `extra`), from `purse`;
    `only`: of a placing action, just those that place exactly these tiles."""
    purse, blue = as_clause(ask, purse, extra)
    if action in vocab.PLACING_ACTIONS:
        yield from placing(ask, purse, action, extra, blue, only)
    elif action == "money":
        for n in range(1, blue + purse.workers + 1):
            after = purse.copy()
            after.workers -= max(0, n - blue)
            after.taler += TALER_PER_WORKER * n
            yield Body(
                make_clause(action, extra, workers=n, claim=(TALER_PER_WORKER * n, "t")),
                after,
                0,
                n,
                (0, n - blue - EXTRA_WORKERS * extra),
            )
    elif action == "crowns":
        room = crown_room(purse.crown_scored, extra)
        for n in range(1, blue + purse.workers + 1):
            after = purse.copy()
            after.workers -= max(0, n - blue)
            gained = crown_points(purse.crowns, n, room)
            if not extra:
                after.crown_scored += gained
            yield Body(
                make_clause(action, extra, workers=n, claim=(gained, "vp")),
                after,
                0,
                n,
                (0, n - blue - EXTRA_WORKERS * extra),
            )
    else:
        yield from _deliveries(purse, action, extra, blue)


def placed(placements: Iterable[Placement]) -> Counter[Tile]:
    """The tiles `placements` place, a free tile apart (`bodies(..., only=)`)."""
    found: Counter[Tile] = Counter()
    for pl in placements:
        if not pl.gift:
            for i in pl.items:
                found[i.kind, i.name] += i.count
    return found


#: Sets of tiles asked for one at a time at most (`holding`).
HOLDING_SETS = 24


def holding(
    ask: Ask, purse: Purse, action: str, extra: bool, least: Counter[Tile]
) -> list[Counter[Tile]] | None:
    """Each set of tiles a body of the placing `action` that places at least `least`
    (its free tile apart) could place: the bodies of `bodies(..., only=)` each of them
    are those bodies.  None where they are more than `HOLDING_SETS` (then listing every
    body is the quicker), or for an action that places nothing."""
    if action not in vocab.PLACING_ACTIONS:
        return None
    p, blue = as_clause(ask, purse, extra)
    found = reach(ask, p, action, extra, blue)
    room = -1 if found is None else found.most - sum(least.values())
    if found is None or room < 0 or any(found.have[t] < n for t, n in least.items()):
        return []
    # a set the purse cannot pay for even into storage has no body (`placing.pay`), nor
    # has any set with more tiles: a tile more never costs less
    price = (lambda t: ask.first_price(action, extra, t[1])) if action != "transport" else None
    budget, workers = found.budget or 0, found.most - blue

    def payable(tiles: Counter[Tile]) -> bool:
        paid = pay(tuple(tiles.elements()), budget, workers, 0, frozenset(), price, blue, True)
        return paid is not None

    if not payable(least):
        return []
    sets: list[Counter[Tile]] = []
    grown: list[tuple[int, Counter[Tile], int]] = [(0, Counter(), room)]  # depth first
    while grown:
        start, more, left = grown.pop()
        sets.append(least + more)
        if len(sets) > HOLDING_SETS:
            return None
        tiles = found.tiles if left > 0 else []
        grown.extend(
            (i, more + Counter({tiles[i]: 1}), left - 1)
            for i in reversed(range(start, len(tiles)))
            if least[tiles[i]] + more[tiles[i]] < found.have[tiles[i]]
        )
    return [m for m in sets if payable(m)]


def _deliveries(purse: Purse, action: str, extra: bool, blue: int) -> Iterator[Body]:
    """Every non-empty set of finished, loaded ships the workers can unload."""
    ready = [k for k, s in purse.ships.items() if s.complete and s.loaded]
    twins = purse.twins()  # of two alike ships started this turn, the first goes first
    for n in range(1, len(ready) + 1):
        for keys in itertools.combinations(ready, n):
            if any(k in twins and twins[k] not in keys for k in keys):
                continue
            goods = sum(len(purse.ships[k].goods) for k in keys)
            if goods > blue + purse.workers:
                continue
            ships = dict(purse.ships)
            for k in keys:
                ships[k] = copy.deepcopy(ships[k])
                ships[k].goods.clear()
            after = purse.copy(ships)
            after.workers -= max(0, goods - blue)
            yield Body(
                make_clause(action, extra, ships=[ship_name(purse.ships[k].name) for k in keys]),
                after,
                0,
                goods,
                (0, goods - blue - EXTRA_WORKERS * extra),
            )


def needs(
    ask: Ask, purse: Purse, action: str, extra: bool, deadline: float | None = None
) -> Counter[tuple[int, int]]:
    """How many bodies of `action` need each (taler, own workers) (`Body.needs`): a
    purchase or transport counted without listing where it can (`tally`), else walked
    plan by plan without making its placements (`listed_needs`, which raises
    `OutOfTime` past `deadline`)."""
    if action not in vocab.PLACING_ACTIONS:
        return Counter(b.needs for b in bodies(ask, purse, action, extra))
    p, blue = as_clause(ask, purse, extra)
    counted = placing_needs(ask, p, action, extra, blue)
    return listed_needs(ask, p, action, extra, blue, deadline) if counted is None else counted


def tally(ask: Ask, purse: Purse, action: str, extra: bool) -> Counter[tuple[int, int]] | None:
    """As `needs`, for a purchase or transport that can complete no ship (`tally.py`):
    then each body leaves `purse` less the taler and own workers it needs, and the
    tiles it moves (`unseen` tells whether the next clause sees those).  None for any
    other."""
    if action not in vocab.PLACING_ACTIONS:
        return None
    p, blue = as_clause(ask, purse, extra)
    return placing_needs(ask, p, action, extra, blue)


def unseen(ask: Ask, purse: Purse, action: str, extra: bool, other: str) -> bool:
    """Whether the bodies of the placing `action` leave those of `other` after them what
    they would have from `purse`, but the taler and workers (`seen.unseen_by`)."""
    p, blue = as_clause(ask, purse, extra)
    return unseen_by(ask, p, action, extra, blue, other)


def afters(
    ask: Ask, purse: Purse, action: str, extra: bool, then: str, deadline: float | None = None
) -> Shaped | None:
    """The bodies of the placing `action` by the shape they leave the bodies of `then`
    (`Purse.shape`), each with a purse of that shape and how many bodies leave each
    (taler, workers): tallied from each way onto the ships `then` sees where only some
    ships are seen (`seen.seen_on_ships`), else walked without making them
    (`walks.listed_afters`) where it can tell them (`walks.walked_before`); None for
    any other."""
    if action not in vocab.PLACING_ACTIONS or not walked_before(action, then):
        return None
    p, blue = as_clause(ask, purse, extra)
    shaped = seen_on_ships(ask, p, action, extra, blue, then)
    return listed_afters(ask, p, action, extra, blue, then, deadline) if shaped is None else shaped


def by_tally(
    ask: Ask, purse: Purse, action: str, extra: bool, then: str, deadline: float | None = None
) -> Tallied | None:
    """As `afters`, keyed not by shape but by what the tally of `then`, a purchase or
    transport, reads (`seen.seen_by_tally`), where the bodies of the purchase `action`
    can be so counted without listing them; None where not."""
    p, blue = as_clause(ask, purse, extra)
    return seen_by_tally(ask, p, action, extra, blue, then, deadline)


def alike(ask: Ask, purse: Purse, action: str, extra: bool, workers: int) -> object | None:
    """What the bodies of a purchase or transport read of `purse` but the taler and
    workers, where no purse it is asked alike with has more than `workers`: two purses
    alike in it have the same bodies, each needing the same.  Of masts, sails, goods or
    a transport that can complete no ship, what their tally reads (`seen.tallied_from`);
    else what their walk reads (`seen.walked_from`).  None for any other action, or
    where neither can tell."""
    if action not in vocab.PLACING_ACTIONS:
        return None
    p, blue = as_clause(ask, purse, extra)
    # read with the most workers, as the walk reads it: what a ship could take of
    # masts, sails or goods, or from the storage, does not depend on them
    # (`plans.reach`), and the same purse is then reached once for both
    rich = replace(p, workers=workers + EXTRA_WORKERS * extra)
    tallied = (
        tallied_from(ask, rich, action, extra, blue, blue + rich.workers)
        if action != "hulls"  # what a ship could take of hull parts depends on the workers
        else None
    )
    return tallied or walked_from(ask, p, action, extra, blue, rich.workers)


def in_room(ask: Ask, purse: Purse, action: str, extra: bool, other: str) -> bool:
    """Whether the room the bodies of the placing `action` take in storage is all the
    bodies of `other` after them see of them but the taler and workers
    (`seen.seen_in_room`): then `rooms` counts them for what comes after."""
    p, blue = as_clause(ask, purse, extra)
    return action in vocab.PLACING_ACTIONS and seen_in_room(ask, p, action, extra, blue, other)


def rooms(ask: Ask, purse: Purse, action: str, extra: bool) -> Counter[tuple[int, int, int]] | None:
    """How many bodies of the placing `action` need each (taler, own workers) and take
    so many storage spaces (`tally.room_needs`); None where a body could complete a
    ship, or for an action that places nothing."""
    if action not in vocab.PLACING_ACTIONS:
        return None
    p, blue = as_clause(ask, purse, extra)
    return room_needs(ask, p, action, extra, blue)
