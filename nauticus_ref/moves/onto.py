"""What a ship could take: every sequence of tiles the placing rules let onto it, one
after another (asked of the rules themselves, `purse.fits`), kept for the next
question about the same ship (`Ask.onto`).
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from nauticus_ref.game.state import Ship, Tile
from nauticus_ref.moves.purse import Ask, fits
from nauticus_ref.notation import vocab
from nauticus_ref.referee.ships import put_on_ship

#: The order hull parts are tried in: middles first, so that a ship with a stern alone
#: can still take a middle and then a bow.
HULL_SEARCH = ("1ship", "middle", "bow", "stern")


def tiles_of(ask: Ask, action: str, held: Counter[Tile]) -> list[Tile]:
    """The tiles a clause of `action` could place, of those `held` (the supply, or for a
    transport the storage), in the order they are tried."""
    order = ask.orders.get(action)
    if order is None:
        order = ask.orders[action] = _order(ask.table.board.tiles, action)
    return [t for t in order if held[t] > 0]


def _order(board: dict[str, tuple[str, ...]], action: str) -> tuple[Tile, ...]:
    """Every tile a clause of `action` places on a board of these `tiles`, in the order
    they are tried."""
    if action == "transport":
        order = [("hull", h) for h in HULL_SEARCH]
        for kind, names in (
            ("mast", board["masts"] + ("crown",)),
            ("sail", board["sails"] + ("crown",)),
            ("good", board["goods"]),
        ):
            order += [(kind, n) for n in names]
        return tuple(order)
    kind = vocab.ITEM_KIND_OF_ACTION[action]
    return tuple((kind, n) for n in (HULL_SEARCH if action == "hulls" else board[action]))


def _onto(
    ask: Ask, ship: Ship, tiles: list[Tile], most: int, have: Counter[Tile]
) -> tuple[list[tuple[tuple[Tile, ...], Ship]], set[Tile]]:
    """Every sequence of at most `most` tiles (each no more often than `have` allows) the
    placing rules let onto `ship` one after another, in the order of `tiles`, with the
    ship it makes, the empty one first; and the tiles a sequence was denied for want
    of more of them."""
    out: list[tuple[tuple[Tile, ...], Ship]] = [((), ship)]
    short: set[Tile] = set()
    _grow(ask, tiles, most, have, out, ship, (), 0, short)
    return out, short


def _grow(
    ask: Ask,
    tiles: list[Tile],
    most: int,
    have: Counter[Tile],
    out: list[tuple[tuple[Tile, ...], Ship]],
    s: Ship,
    seq: tuple[Tile, ...],
    start: int,
    short: set[Tile],
) -> None:
    """`_onto`'s sequences that start with `seq` (onto `s`, the ship it made), from the
    `start`th of `tiles` on, added to `out`; the tiles denied for want, to `short`."""
    if len(seq) >= most:
        return
    for i in range(start, len(tiles)):
        tile = tiles[i]
        if seq.count(tile) >= have[tile]:
            short.add(tile)
            continue
        if not fits(ask.table, ask.judges, s, tile):
            continue
        nxt = s.twin()
        put_on_ship(nxt, tile)
        nxt.completed = nxt.complete  # as the referee marks it; read by `plans.completing`
        out.append((seq + (tile,), nxt))
        _grow(ask, tiles, most, have, out, nxt, seq + (tile,), i, short)


#: More tiles than a clause places: how many masts, sails or goods a ship takes is
#: bounded by the ship, and what a transport moves by the storage.
UNBOUNDED = 99

#: What each ship could take, remembered at most for so many questions (`Ask.onto`).
REMEMBERED = 20_000


def remembered(
    ask: Ask,
    ship: Ship | None,
    tiles: list[Tile],
    most: int,
    have: Counter[Tile],
    bought: str | None = None,
    question: tuple[object, ...] | None = None,
) -> list[tuple[tuple[Tile, ...], Ship]]:
    """`_onto` without the empty sequence, for `ship` (a new ship when None), asked once
    for each ship and question (`question`: the tiles, `most` and their numbers, where
    the caller has them).  `bought`: the purchase whose tiles `tiles` and `have` are, a
    part of what the table's supply holds: the list is then the sequences the supply's
    list has that `have` allows, in the same order, and the ships they make the same."""
    key = (id(ship), *(question or (tuple(tiles), most, tuple(have[t] for t in tiles))))
    if key not in ask.onto:
        supply = ask.table.supply
        whole = tiles_of(ask, bought, supply) if bought is not None else None
        if (
            whole is not None
            and (whole != tiles or any(supply[t] != have[t] for t in tiles))
            and all(have[t] <= supply[t] for t in tiles)
        ):
            found = [
                (seq, made)
                for seq, made in remembered(ask, ship, whole, most, supply)
                if all(seq.count(t) <= have[t] for t in set(seq))
            ]
        else:
            found = _alike(ask, ship, tiles, most, have)
        if len(ask.onto) >= REMEMBERED:
            ask.onto.clear()
            ask.lists.clear()
        ask.onto[key] = (ship, found)  # the ship kept alive
    return ask.onto[key][1]


def _alike(
    ask: Ask, ship: Ship | None, tiles: list[Tile], most: int, have: Counter[Tile]
) -> list[tuple[tuple[Tile, ...], Ship]]:
    """`_onto` without the empty sequence, for `ship` (a new ship when None), the list
    kept where one was made from other numbers of the same tiles that tell no
    sequence apart (`Ask.lists`): a number of a tile no sequence was denied for want
    of, and no less than any sequence holds, leaves the list as it is."""
    lists = cast("list[Listed]", ask.lists.setdefault((id(ship), most, tuple(tiles)), []))
    for kept, numbers, short, held, found in lists:
        if kept is ship and all(
            have[t] == n or t not in short and have[t] >= held[t] for t, n in zip(tiles, numbers)
        ):
            return found
    made, denied = _onto(ask, Ship(name="") if ship is None else ship, tiles, most, have)
    lists.append((ship, tuple(have[t] for t in tiles), denied, most_held(made), made[1:]))
    return made[1:]


def most_held(seqs: list[tuple[tuple[Tile, ...], Ship]]) -> Counter[Tile]:
    """The most of each tile one of `seqs` holds."""
    most: Counter[Tile] = Counter()
    for seq, _ in seqs:
        for t in set(seq):
            most[t] = max(most[t], seq.count(t))
    return most


#: A list `_alike` keeps: the ship (kept alive), the numbers of the tiles it was made
#: from, the tiles it denied a sequence for want of, the most of each a sequence holds,
#: and the list.
Listed = tuple[
    Ship | None,
    tuple[int, ...],
    set[Tile],
    Counter[Tile],
    list[tuple[tuple[Tile, ...], Ship]],
]
