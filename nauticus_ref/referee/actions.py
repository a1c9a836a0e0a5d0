"""Effects of the eight actions and the Extra Action: buying, transport, money, crowns
and delivery."""

from __future__ import annotations

from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.board import LATER_PRICE
from nauticus_ref.game.state import (
    CROWN_CAP,
    EXTRA_WORKERS,
    TALER_PER_WORKER,
    Player,
    Ship,
    Tile,
    crown_points,
    crown_room,
)
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import ActionClause, Item, Placement
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.context import Referee
from nauticus_ref.referee.ships import placed_step, put_checked, rewards, ship_for, unknown_ship
from nauticus_ref.referee.stock import (
    Uses,
    fallback_to_store,
    pay,
    receive_free,
    store,
    supply_has,
    use_worker,
)
from nauticus_ref.rules import moments


def extra_action(r: Referee, p: Player, clause: ActionClause) -> None:
    """The Extra Action: once a game, 2 workers first, any action, no blue workers."""
    if r.ask(moments.ExtraActionUsed(p, clause)):
        return
    p.extra_used = True
    p.workers += EXTRA_WORKERS
    r.step(
        (
            _(
                "Extra Action on {action}: +2 workers, no blue workers; first tiles 2 taler, identical ones 4"
            )
            if clause.action in vocab.BUYING_ACTIONS
            else _("Extra Action on {action}: +2 workers, no blue workers")
        ).format(action=clause.action),
        "extra",
    )
    action(r, p, clause, blue=0, extra=True)


def action(r: Referee, p: Player, clause: ActionClause, blue: int, extra: bool) -> None:
    use = Uses(blue=blue)
    if clause.action in vocab.BUYING_ACTIONS:
        buy(r, p, clause, use, extra)
    elif clause.action == "transport":
        transport(r, p, clause, use)
    elif clause.action == "money":
        money(r, p, clause, use)
    elif clause.action == "crowns":
        crowns(r, p, clause, use, extra)
    else:
        deliver(r, p, clause, use)
    if use.used and r.keep_steps:
        blue_used = min(use.blue, use.used)
        r.step(
            ngettext(
                "{n} use: {blue} + {own} own", "{n} uses: {blue} + {own} own", use.used
            ).format(n=use.used, blue=count(blue_used, "blue worker"), own=use.own),
            "uses",
        )


# buying ------------------------------------------------------------------------
def buy(r: Referee, p: Player, clause: ActionClause, use: Uses, extra: bool) -> None:
    t = r.table
    action = clause.action
    kind = vocab.ITEM_KIND_OF_ACTION[action]
    space = t.phase.space if t.phase is not None and not extra else None
    regular = frozenset(t.board.tiles[action])
    all_four = {
        i.name
        for pl in clause.placements
        if not pl.gift
        for i in pl.items
        if i.kind == kind and i.name != "crown"
    } >= regular
    # Identical tiles are interchangeable (RULINGS.md reading 10): where the first of
    # a kind is free, the free one is a copy written to storage, wherever it stands.
    last_stored = {
        i.name: k
        for k, pl in enumerate(clause.placements)
        if pl.dest.kind == "store" and not pl.gift
        for i in pl.items
    }
    first_paid: set[str] = set()  # kinds whose printed price is paid in this clause
    paid = 0
    working: list[str] = []  # "coffee 2", for the step and a written price
    shown = r.keep_steps or clause.claim is not None
    gifts = 0
    early_gifts: list[Placement] = []
    for k, pl in enumerate(clause.placements):
        if pl.gift:
            if r.ask(moments.GiftWritten(pl, all_four, frozenset(first_paid), regular)):
                early_gifts.append(pl)  # received after the purchases, as it was played
                continue
            gifts += 1
            gift(r, p, clause, pl, all_four, gifts)
            continue
        completed = []
        ship = ship_for(r, p, pl, clause.placements[k + 1 :]) if pl.dest.kind != "store" else None
        r.landed.clear()
        for item in pl.items:
            for _n in range(item.count):
                # a tile the action's tile does not offer cannot be had at all
                if (
                    r.ask(moments.ItemBought(item, kind, action))
                    or item.kind != kind
                    or item.name not in regular
                ):
                    continue
                tile = (item.kind, item.name)
                if not supply_has(r, tile, item.span, "buy"):
                    continue
                price = LATER_PRICE
                if item.name not in first_paid:
                    price = t.board.first_price(space, action, item.name, extra)
                    if price == 0 and last_stored.get(item.name, -1) > k:
                        price = LATER_PRICE  # the free copy is the one written to storage later
                    else:
                        first_paid.add(item.name)
                use_worker(r, p, use, item.span)
                pay(r, p, price, item.span, tile)
                paid += price
                if shown:
                    working.append(f"{t.tile(tile)} {price}")
                t.supply[tile] -= 1
                done = place(r, p, pl, ship, item, tile, free=price == 0)
                if done is not None:
                    completed.append(done)
        rewards(r, p, pl, completed, ship)
    for pl in early_gifts:
        gifts += 1
        gift(r, p, clause, pl, all_four, gifts)
    if working:
        r.step(_("{sum} = {paid} taler").format(sum=" + ".join(working), paid=paid), "price")
    r.ask(moments.PurchaseEnd(p, clause, all_four, gifts))
    if clause.claim is not None:
        r.ask(
            moments.Claimed(
                clause.claim,
                paid,
                "t",
                _("the price paid is"),
                _("{sum} = {paid} taler").format(sum=" + ".join(working), paid=paid)
                if working
                else _("nothing was bought"),
            )
        )


def gift(
    r: Referee, p: Player, clause: ActionClause, pl: Placement, all_four: bool, n: int
) -> None:
    """Buying all four kinds in one clause gives one free tile of that tile, to storage."""
    if _take_gift(r, p, clause, pl, all_four, n):
        placed_step(r, pl, None)
    if pl.rewards is not None:
        r.ask(moments.NothingCompleted(pl))


def _take_gift(
    r: Referee, p: Player, clause: ActionClause, pl: Placement, all_four: bool, n: int
) -> bool:
    if r.ask(moments.Gift(clause, pl, all_four, n)):
        return False
    item = pl.items[0]
    tile = (item.kind, item.name)
    if not supply_has(r, tile, item.span, "take"):
        return False
    r.ask(moments.GiftStored(pl))
    return receive_free(r, p, tile, pl.span, "free tile")


def place(
    r: Referee, p: Player, pl: Placement, ship: Ship | None, item: Item, tile: Tile, free: bool
) -> Ship | None:
    """Put one tile where the placement says; return the ship if this completes it."""
    if pl.dest.kind == "store":
        store(r, p, tile, item, free)
        return None
    r.ask(moments.BoughtFor(pl, tile, 0 if free else 1))
    if ship is None:
        fallback_to_store(r, p, tile)
        return None
    return put_checked(r, p, ship, tile, item.span)


# transport, money, crowns, deliver -------------------------------------------------
def transport(r: Referee, p: Player, clause: ActionClause, use: Uses) -> None:
    """Tiles from storage onto ships, one worker a tile."""
    for k, pl in enumerate(clause.placements):
        if r.ask(moments.TransportTo(pl)) or pl.dest.kind == "store" or pl.gift:
            continue
        completed = []
        ship = ship_for(r, p, pl, clause.placements[k + 1 :])
        r.landed.clear()
        for item in pl.items:
            for _n in range(item.count):
                tile = (item.kind, item.name)
                if r.ask(moments.Transported(p, tile, item.span)) or p.storage[tile] <= 0:
                    continue
                use_worker(r, p, use, item.span)
                if ship is None:
                    continue
                p.storage[tile] -= 1
                done = put_checked(r, p, ship, tile, item.span)
                if done is not None:
                    completed.append(done)
        rewards(r, p, pl, completed, ship, "transport")
    if clause.claim is not None:
        r.ask(
            moments.Claimed(
                clause.claim,
                0,
                "t",
                _("the price of a transport is"),
                _("transport costs workers, no taler"),
            )
        )


def money(r: Referee, p: Player, clause: ActionClause, use: Uses) -> None:
    """2 taler per worker used."""
    workers = clause.workers
    if workers is None or r.ask(moments.ActionUsed(clause)):
        return
    for _n in range(workers):
        use_worker(r, p, use, clause.span)
    taler = TALER_PER_WORKER * workers
    p.taler += taler
    working = _("{workers} x 2 taler = {taler} taler").format(
        workers=count(workers, "worker"), taler=taler
    )
    r.step(working)
    if clause.claim is not None:
        r.ask(moments.Claimed(clause.claim, taler, "t", _("the money received is"), working))


def crowns(r: Referee, p: Player, clause: ActionClause, use: Uses, extra: bool) -> None:
    """Crowns x workers victory points, at most 15 a round (the Extra Action apart)."""
    workers = clause.workers
    if workers is None or r.ask(moments.ActionUsed(clause)):
        return
    for _n in range(workers):
        use_worker(r, p, use, clause.span)
    crowns = p.crowns()
    room = crown_room(p.crown_vp_this_round, extra)
    raw = crowns * workers
    gained = crown_points(crowns, workers, room)
    r.gain_vp(p, gained, "crowns")
    if r.keep_steps:
        masts, sails, tiles = p.crowns_breakdown()
        r.step(
            _("{crowns} ({masts}, {sails}, {tiles}) x {workers} = {raw} VP").format(
                crowns=count(crowns, "crown"),
                masts=count(masts, "crown mast"),
                sails=count(sails, "crown sail"),
                tiles=count(tiles, "pass tile"),
                workers=count(workers, "worker"),
                raw=raw,
            )
            + (
                _(", cap {room}: {gained} VP").format(room=room, gained=gained)
                if raw > room
                else _(" (cap {cap})").format(cap=CROWN_CAP)
            ),
            "crowns",
        )
    if not extra:
        p.crown_vp_this_round += gained
    r.ask(moments.CrownsScored(crowns, workers, room, clause.span))
    if clause.claim is not None:
        capped = raw > room
        working = (
            f"{count(crowns, 'crown')} x {count(workers, 'worker')} = {raw}"
            + (_(", capped at {room} by `crown-cap`").format(room=room) if capped else "")
            + ": "
            + count(gained, "point")
            + ("; " + _("`nauticus-ref rules crown-cap` explains the cap") if capped else "")
        )
        r.ask(
            moments.Claimed(
                clause.claim,
                gained,
                "vp",
                _(
                    "the crown cap (`crown-cap`) allows {room} points this round: the crowns give"
                ).format(room=room)
                if capped
                else _("the crowns give"),
                working,
            )
        )


def deliver(r: Referee, p: Player, clause: ActionClause, use: Uses) -> None:
    """Only complete, fully loaded ships, one worker per good, the whole cargo."""
    seen: set[str] = set()
    for name in clause.ships:
        ship = p.ships.get(name.key) or unknown_ship(r, p, name)
        if r.ask(moments.DeliveryNamed(ship, name, frozenset(seen))):
            continue
        seen.add(name.key)
        if not ship.doubtful and r.ask(moments.Delivered(ship, name)):
            continue
        for _good in ship.goods:
            use_worker(r, p, use, name.span)
        r.step(
            _("`{ship}` delivers {goods}: one worker per good").format(
                ship=ship.name, goods=" ".join(ship.goods) or _("nothing")
            ),
            "delivery",
        )
        p.delivered.update(ship.goods)
        ship.goods.clear()
