"""The legal bodies of one action for a player: every purchase, transport, number of
workers or choice of ships, each once, in canonical form.

A purchase is many texts and one move: the order of the items, of the placements and
the names of new ships change nothing.  The form listed (docs/notation.md, "Legal
moves") writes the storage first, then the ships the clause completes, then the
others in the order they were started, then new ships, named with the first free
capital letters; the items of a placement in the board's order, hulls bow to stern.
Where the completed ships' rewards must pay for the rest, those ships come first, in
the first order that pays (`plans.arrangements`).  Where a tile could go, and every
plan, is `plans.py`'s.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from typing import Any, Callable, Iterator, cast

from nauticus_ref.game.board import LATER_PRICE
from nauticus_ref.game.state import EXTRA_WORKERS, Ship, Tile, spaces
from nauticus_ref.moves.plans import Plan, arrangements, finishing_first, plans
from nauticus_ref.moves.purse import SPAN, Ask, Body, Purse, fits, make_clause, ship_name
from nauticus_ref.moves.rewards import written_sets
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Destination, Item, ItemKind, Placement
from nauticus_ref.referee.ships import put_on_ship

#: A ship's new name: the first of these the player has not used.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The names the options give new ships, in order: A to Z, then AA to ZZ (a ship's name
#: is any word; a player cannot hold the 702 ships that would use them up).
NEW_NAMES = (*LETTERS, *(a + b for a in LETTERS for b in LETTERS))


def placing(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, only: Counter[Tile] | None = None
) -> Iterator[Body]:
    """Every legal body of the placing `action`: each plan (`plans`) with each choice of
    rewards and of the free tile the player can pay."""
    made: dict[object, object] = {}  # placements and named new ships, made once
    for plan, used in plans(ask, purse, action, extra, blue, only):
        yield from _priced(ask, purse, action, extra, blue, plan, used, made)


def _priced(
    ask: Ask,
    purse: Purse,
    action: str,
    extra: bool,
    blue: int,
    plan: Plan,
    counts: Counter[Tile],
    made: dict[Any, Any],
) -> Iterator[Body]:
    """The bodies of one plan: its placements in canonical order, with each choice of
    rewards for the ships it completes and of the free tile, that the player can pay.
    A choice of rewards the canonical order cannot pay is written in the first other
    order that can (`plans.arrangements`).  `made`: what earlier plans of the clause
    made and this one can share."""
    buying = action != "transport"
    ships = finishing_first(purse, plan)
    store = tuple(sorted(plan.store, key=_board_order))  # hulls bow to stern, as anywhere
    orders = arrangements(
        purse, plan, (lambda t: ask.first_price(action, extra, t[1])) if buying else None
    )
    taken: set[tuple[object, ...]] = set()  # the reward choices an earlier order paid
    cut = [False]  # whether an order left some choice of rewards unpaid
    for n, parts in enumerate(orders):
        if n and not cut[0]:
            break  # the canonical order paid every choice
        free_names = iter(nm for nm in NEW_NAMES if nm.casefold() not in purse.ships)
        order: Order = []
        for what, i in parts:
            if what == "store":
                order.append((Destination(span=SPAN, kind="store"), store, None, False))
            elif what == "ship":
                key, seq, ship, completes = ships[i]
                if (key, seq) not in made:
                    made[key, seq] = (
                        Destination(span=SPAN, kind="ship", ship=ship_name(purse.ships[key].name)),
                        _readable(ask, purse.ships[key], seq),
                    )
                order.append((*made[key, seq], ship, completes))
            else:
                seq, ship = plan.new[i]
                name = next(free_names)
                if (name, seq) not in made:
                    named = copy.deepcopy(ship)
                    named.name = name
                    made[name, seq] = (
                        Destination(span=SPAN, kind="new", ship=ship_name(name)),
                        _readable(ask, Ship(name=name), seq),
                        named,
                    )
                dest, tidy, named = made[name, seq]
                order.append((dest, tidy, named, named.complete))  # a transport may finish it
        room = purse.storage_free - sum(spaces(t) for t in store) if n and buying else None
        for placements, after, paid, used, needs in _Walk(
            ask, purse, action, extra, blue, order, room, cut
        ).ways():
            chosen = tuple(
                sorted(
                    (part, tuple((w.kind, w.goods) for w in pl.rewards))
                    for part, pl in zip(parts, placements)
                    if pl.rewards
                )
            )
            if chosen in taken:
                continue
            taken.add(chosen)
            yield from _gifts(ask, action, extra, counts, placements, after, paid, used, needs)


def _gifts(
    ask: Ask,
    action: str,
    extra: bool,
    counts: Counter[Tile],
    placements: list[Placement],
    after: Purse,
    paid: int,
    used: int,
    needs: tuple[int, int],
) -> Iterator[Body]:
    """The bodies of one way to pay a plan: without the free tile, and where the clause
    buys every kind, with each free tile the supply still has."""
    buying = action != "transport"
    regular = ask.table.board.tiles[action] if buying else ()
    all_four = buying and all(counts[(vocab.ITEM_KIND_OF_ACTION[action], n)] for n in regular)
    gifts: list[str | None] = [None]
    if all_four:
        kind = vocab.ITEM_KIND_OF_ACTION[action]
        gifts += [n for n in regular if after.supply[(kind, n)] > 0]
    for gift in gifts:
        final, got = placements, after
        if gift is not None:
            tile = (vocab.ITEM_KIND_OF_ACTION[action], gift)
            final = placements + [
                Placement(
                    span=SPAN,
                    items=[_item(tile, 1)],
                    gift=True,
                    dest=Destination(span=SPAN, kind="store"),
                )
            ]
            got = after.copy(after.ships)
            _receive(got, tile, got.storage_free)
        yield Body(
            make_clause(action, extra, placements=final, claim=(paid, "t") if buying else None),
            got,
            paid,
            used,
            (needs[0], needs[1] - EXTRA_WORKERS * extra),
        )


def _readable(ask: Ask, ship: Ship, seq: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """`seq` with its hull parts bow to stern, where the placing rules allow that order."""
    if sum(1 for t in seq if t[0] == "hull") < 2:
        return seq
    tidy = tuple(sorted(seq, key=_board_order))
    s = copy.deepcopy(ship)
    for tile in tidy:
        if not fits(ask.table, ask.judges, s, tile):
            return seq
        put_on_ship(s, tile)
    return tidy


def _board_order(tile: Tile) -> tuple[bool, int]:
    """Hull parts first, bow to stern; the rest as they were (a stable sort)."""
    return (tile[0] != "hull", vocab.HULLS.index(tile[1]) if tile[0] == "hull" else 0)


def _item(tile: Tile, count: int) -> Item:
    return Item(span=SPAN, kind=cast(ItemKind, tile[0]), name=tile[1], count=count)


def _items(seq: tuple[Tile, ...]) -> list[Item]:
    return [_item(tile, len(list(run))) for tile, run in itertools.groupby(seq)]


def _receive(purse: Purse, tile: Tile, free: int) -> int:
    """A free tile from the supply to storage, forfeited (left in the supply) if the
    storage has no room: of its `free` spaces, those left after."""
    if free < spaces(tile):
        return free
    purse.supply[tile] -= 1
    purse.storage[tile] += 1
    if tile[1] == "crown":
        purse.crowns_owned += 1
    return free - spaces(tile)


Order = list[tuple[Destination, tuple[Tile, ...], Ship | None, bool]]


class _Walk:
    """Play the placements in order, paying each tile and taking each reward as the
    referee does, branching on the rewards where a ship is completed (`ways`).  With
    `room`, the storage is written after the rewards: their tiles must leave it that
    many spaces.  `cut[0]` is set where a way cannot be paid.  (A class, not a function
    that calls itself nested in another: that is a reference cycle, left for the
    garbage collector, and a listing makes tens of thousands of walks.)"""

    __slots__ = ("ask", "purse", "action", "extra", "buying", "blue", "order", "room", "cut")

    def __init__(
        self,
        ask: Ask,
        purse: Purse,
        action: str,
        extra: bool,
        blue: int,
        order: Order,
        room: int | None,
        cut: list[bool] | None,
    ) -> None:
        self.ask, self.purse, self.action, self.extra = ask, purse, action, extra
        self.buying = action != "transport"
        self.blue, self.order, self.room, self.cut = blue, order, room, cut

    def ways(self) -> Iterator[tuple[list[Placement], Purse, int, int, tuple[int, int]]]:
        """Each way the player can pay every tile and use a worker for it when it
        comes, with the placements, the purse after, the taler paid, the workers used,
        and the least taler and own workers it needs."""
        taler, workers = self.purse.taler, self.purse.workers
        return self.place(0, taler, workers, 0, 0, frozenset(), (), [], (taler, workers))

    def price_of(self, tile: Tile) -> int:
        return self.ask.first_price(self.action, self.extra, tile[1])

    def place(
        self,
        k: int,
        taler: int,
        workers: int,
        paid: int,
        used: int,
        first_paid: frozenset[str],
        gained: tuple[Tile, ...],
        done: list[Placement],
        low: tuple[int, int],
    ) -> Iterator[tuple[list[Placement], Purse, int, int, tuple[int, int]]]:
        purse, order = self.purse, self.order
        if k == len(order):  # `low`: the lowest the taler and workers went
            if self.room is not None and sum(spaces(t) for t in gained) > self.room:
                return  # the storage bought after them would not fit
            yield (
                done,
                _after(purse, order, self.buying, taler, workers, gained),
                paid,
                used,
                (purse.taler - low[0], purse.workers - low[1]),
            )
            return
        dest, seq, ship, completes = order[k]
        paying = pay(
            seq,
            taler,
            workers,
            used,
            first_paid,
            self.price_of if self.buying else None,
            self.blue,
            dest.kind == "store",
        )
        if paying is None:
            if self.cut is not None:
                self.cut[0] = True
            return
        taler, workers, used, first_paid, spent = paying
        paid += spent
        low = (min(low[0], taler), min(low[1], workers))
        items = _items(seq)
        if not completes:
            yield from self.place(
                k + 1,
                taler,
                workers,
                paid,
                used,
                first_paid,
                gained,
                done + [Placement(span=SPAN, items=items, dest=dest)],
                low,
            )
            return
        assert ship is not None
        for more_taler, more_workers, tiles, written in written_sets(len(ship.masts)):
            self.ask.tick()  # a step: two ships' reward sets can be thousands of ways
            t, w, got = taler + more_taler, workers + more_workers, gained + tiles
            if any(purse.supply[tile] < got.count(tile) for tile in set(got)):
                continue  # a reward's tiles must be in the supply
            yield from self.place(
                k + 1,
                t,
                w,
                paid,
                used,
                first_paid,
                got,
                done + [Placement(span=SPAN, items=items, dest=dest, rewards=list(written))],
                low,
            )


def pay(
    seq: tuple[Tile, ...],
    taler: int,
    workers: int,
    used: int,
    first_paid: frozenset[str],
    price_of: Callable[[Tile], int] | None,
    blue: int,
    store: bool,
) -> tuple[int, int, int, frozenset[str], int] | None:
    """Place `seq` as the referee pays it, tile by tile: the first of a kind (by name) at
    `price_of` (None: a transport, which costs nothing), then 4 each, and a worker a
    tile once the phase's `blue` are used.  The taler, workers, tiles placed, kinds
    first paid and taler paid after it; None where the player runs short or a free
    tile goes elsewhere than to storage (the golden rule)."""
    paid = 0
    for tile in seq:
        if price_of is not None:
            price = LATER_PRICE
            if tile[1] not in first_paid:
                first_paid |= {tile[1]}
                price = price_of(tile)
            if price > taler or (price == 0 and not store):
                return None
            taler -= price
            paid += price
        used += 1
        if used > blue:
            workers -= 1
            if workers < 0:
                return None
    return taler, workers, used, first_paid, paid


def _after(
    purse: Purse, order: Order, buying: bool, taler: int, workers: int, gained: tuple[Tile, ...]
) -> Purse:
    """The purse once the placements in `order` are made and the rewards' tiles
    `gained` received."""
    after = purse.copy()
    after.taler, after.workers = taler, workers
    free = after.storage_free
    for dest, seq, ship, _ in order:
        for tile in seq:
            if not buying:
                after.storage[tile] -= 1
                free += spaces(tile)
            elif dest.kind != "store":
                after.supply[tile] -= 1
            elif free >= spaces(tile):  # else a free tile with no room: forfeited
                after.supply[tile] -= 1
                after.storage[tile] += 1
                free -= spaces(tile)
        if ship is not None:
            assert dest.ship is not None
            after.ships[dest.ship.key] = ship
    for tile in gained:
        free = _receive(after, tile, free)
    return after
