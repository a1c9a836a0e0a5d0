"""The effects of the eight actions and the Extra Action, with their checks."""

from __future__ import annotations

from nauticus_ref import rules as R
from nauticus_ref.game.state import CROWN_CAP, Player, Ship, Tile
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import ActionClause, Item, Placement
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.ships import Ships
from nauticus_ref.referee.table import Uses


class Actions(Ships):
    # -- actions ---------------------------------------------------------------------
    def extra_action(self, p: Player, clause: ActionClause) -> None:
        """extra-action: once a game, 2 workers first, any action, no blue workers."""
        if self.flag(R.extra_action.check(p, clause)):
            return
        p.extra_used = True
        p.workers += 2
        self.step(f"Extra Action on {clause.action}: +2 workers, no blue workers"
                  + ("; first tiles 2 taler, identical ones 4" if clause.action in
                     vocab.BUYING_ACTIONS else ""), R.extra_action.RULE)
        self.action(p, clause, blue=0, extra=True)

    def action(self, p: Player, clause: ActionClause, blue: int, extra: bool) -> None:
        use = Uses(blue=blue)
        if clause.action in vocab.BUYING_ACTIONS:
            self.buy(p, clause, use, extra)
        elif clause.action == "transport":
            self.transport(p, clause, use)
        elif clause.action == "money":
            self.money(p, clause, use)
        elif clause.action == "crowns":
            self.crowns(p, clause, use, extra)
        else:
            self.deliver(p, clause, use)
        if use.used:
            blue_used = min(use.blue, use.used)
            self.step(f"{use.used} use{'s' if use.used != 1 else ''}: {blue_used} blue worker"
                      f"{'s' if blue_used != 1 else ''} + {use.own} own", R.workers.RULE)

    # buying ------------------------------------------------------------------------
    def buy(self, p: Player, clause: ActionClause, use: Uses, extra: bool) -> None:
        action = clause.action
        kind = vocab.ITEM_KIND_OF_ACTION[action]
        space = self.ctx.space if self.ctx is not None and not extra else None
        regular = set(self.board.tiles[action])
        all_four = {i.name for pl in clause.placements if not pl.gift for i in pl.items
                    if i.kind == kind and i.name != "crown"} >= regular
        # Identical tiles are interchangeable (RULINGS.md reading 10): where the first of
        # a kind is free, the free one is a copy written to storage, wherever it stands.
        last_stored = {i.name: k for k, pl in enumerate(clause.placements)
                       if pl.dest.kind == "store" and not pl.gift for i in pl.items}
        first_paid: set[str] = set()   # kinds whose printed price is paid in this clause
        paid = 0
        working: list[str] = []
        gifts = 0
        early_gifts: list[Placement] = []
        for k, pl in enumerate(clause.placements):
            if pl.gift:
                if self.flag(R.gift.check_order(pl, all_four, first_paid, regular)):
                    early_gifts.append(pl)   # received after the purchases, as it was played
                    continue
                gifts += 1
                self.gift(p, clause, pl, all_four, gifts)
                continue
            completed = []
            ship = self.ship_for(p, pl, clause.placements[k + 1:]) \
                if pl.dest.kind != "store" else None
            self.landed.clear()
            for item in pl.items:
                for _ in range(item.count):
                    if not self.action_items(item, kind, action):
                        continue
                    tile = (item.kind, item.name)
                    if not self.supply_has(tile, item.span, "buy"):
                        continue
                    price = 4
                    if item.name not in first_paid:
                        price = 2 if extra else self.board.price(space, action, item.name) \
                            if space is not None else 4
                        if price == 0 and last_stored.get(item.name, -1) > k:
                            price = 4   # the free copy is the one written to storage later
                        else:
                            first_paid.add(item.name)
                    self.use_worker(p, use, item.span)
                    self.pay(p, price, item.span, f"this {self.tile(tile)}")
                    paid += price
                    working.append(f"{self.tile(tile)} {price}")
                    self.supply[tile] -= 1
                    done = self.place(p, pl, ship, item, tile, free=price == 0)
                    if done is not None:
                        completed.append(done)
            self.rewards(p, pl, completed, ship)
        for pl in early_gifts:
            gifts += 1
            self.gift(p, clause, pl, all_four, gifts)
        if working:
            self.step(" + ".join(working) + f" = {paid} taler", R.taler.RULE)
        self.flag(R.gift.check_taken(p, clause, all_four, gifts))
        self.flag(R.claim.check(clause.claim, paid, "t", "the price paid is",
                                " + ".join(working) + f" = {paid} taler" if working
                                else "nothing was bought"))

    def action_items(self, item: Item, kind: str, action: str) -> bool:
        """action-items and crown-not-bought: a buying action buys the tiles of its own tile."""
        return not (self.flag(R.action_items.check(item, kind, action, self.word))
                    or self.flag(R.crown_not_bought.check(item, kind)))

    def gift(self, p: Player, clause: ActionClause, pl: Placement, all_four: bool, n: int) -> None:
        """gift: buying all four kinds in one clause gives one free tile of that tile, to storage."""
        if self.take_gift(p, clause, pl, all_four, n):
            self.placed_step(pl, None)
        self.no_ship_completed(pl)

    def take_gift(self, p: Player, clause: ActionClause, pl: Placement, all_four: bool,
                  n: int) -> bool:
        if self.flag(R.gift.check(clause, pl, all_four, n, self.board.tiles[clause.action][0])):
            return False
        item = pl.items[0]
        tile = (item.kind, item.name)
        if not self.supply_has(tile, item.span, "take"):
            return False
        self.flag(R.golden_rule.check_gift(pl))
        return self.receive_free(p, tile, pl.span, "free tile")

    def place(self, p: Player, pl: Placement, ship: Ship | None, item: Item, tile: Tile,
              free: bool) -> Ship | None:
        """Put one tile where the placement says; return the ship if this completes it."""
        if pl.dest.kind == "store":
            self.store(p, tile, item, free)
            return None
        self.flag(R.golden_rule.check(pl, tile, 0 if free else 1, self.word))
        if ship is None:
            self._fallback_to_store(p, tile)
            return None
        return self.put_checked(p, ship, tile, item.span)

    # transport, money, crowns, deliver -------------------------------------------------
    def transport(self, p: Player, clause: ActionClause, use: Uses) -> None:
        """transport: tiles from storage onto ships, one worker a tile."""
        for k, pl in enumerate(clause.placements):
            if self.flag(R.transport.check_destination(pl)):
                continue
            completed = []
            ship = self.ship_for(p, pl, clause.placements[k + 1:])
            self.landed.clear()
            for item in pl.items:
                for _ in range(item.count):
                    tile = (item.kind, item.name)
                    if self.flag(R.transport.check(p, tile, item.span, self.word)):
                        continue
                    self.use_worker(p, use, item.span)
                    if ship is None:
                        continue
                    p.storage[tile] -= 1
                    done = self.put_checked(p, ship, tile, item.span)
                    if done is not None:
                        completed.append(done)
            self.rewards(p, pl, completed, ship, R.transport.RULE)
        self.flag(R.claim.check(clause.claim, 0, "t", "the price of a transport is",
                                "transport costs workers, no taler"))

    def money(self, p: Player, clause: ActionClause, use: Uses) -> None:
        """Money: 2 taler per worker used."""
        workers = clause.workers
        if workers is None or not self.uses_at_least_one(clause):
            return
        for _ in range(workers):
            self.use_worker(p, use, clause.span)
        p.taler += 2 * workers
        working = f"{count(workers, 'worker')} x 2 taler = {2 * workers} taler"
        self.step(working)
        self.flag(R.claim.check(clause.claim, 2 * workers, "t", "the money received is", working))

    def uses_at_least_one(self, clause: ActionClause) -> bool:
        return not self.flag(R.turn_content.check_uses(clause))

    def crowns(self, p: Player, clause: ActionClause, use: Uses, extra: bool) -> None:
        """crown-cap: crowns x workers victory points, at most 15 a round (the Extra Action apart)."""
        workers = clause.workers
        if workers is None or not self.uses_at_least_one(clause):
            return
        for _ in range(workers):
            self.use_worker(p, use, clause.span)
        crowns = p.crowns()
        room = CROWN_CAP if extra else CROWN_CAP - p.crown_vp_this_round
        raw = crowns * workers
        gained = max(0, min(raw, room))
        self.gain_vp(p, gained, "crowns")
        masts, sails, tiles = p.crowns_breakdown()
        self.step(f"{crowns} crown{'s' if crowns != 1 else ''} ({masts} crown mast"
                  f"{'s' if masts != 1 else ''}, {sails} crown sail{'s' if sails != 1 else ''}, "
                  f"{tiles} pass tile{'s' if tiles != 1 else ''}) x {workers} worker"
                  f"{'s' if workers != 1 else ''} = {raw} VP"
                  + (f", cap {room}: {gained} VP" if raw > room else f" (cap {CROWN_CAP})"),
                  R.crown_cap.RULE)
        if not extra:
            p.crown_vp_this_round += gained
        self.flag(R.crown_cap.check(crowns, workers, room, clause.span))
        capped = raw > room
        working = (f"{count(crowns, 'crown')} x {count(workers, 'worker')} = {raw}"
                   + (f", capped at {room} by `crown-cap`" if capped else "")
                   + f": {gained} point{'s' if gained != 1 else ''}"
                   + ("; `nauticus-ref rules crown-cap` explains the cap" if capped else ""))
        self.flag(R.claim.check(clause.claim, gained, "vp", f"the crown cap (`crown-cap`) allows "
                                f"{room} points this round: the crowns give" if capped
                                else "the crowns give", working))

    def deliver(self, p: Player, clause: ActionClause, use: Uses) -> None:
        """deliver: only complete, fully loaded ships, one worker per good, the whole cargo."""
        seen: set[str] = set()
        for name in clause.ships:
            ship = p.ships.get(name.key) or self.unknown_ship(p, name)
            if self.flag(R.deliver.check_once(ship, name, seen)):
                continue
            seen.add(name.key)
            if not ship.doubtful and self.flag(R.deliver.check(ship, name, self.word)):
                continue
            for _ in ship.goods:
                self.use_worker(p, use, name.span)
            self.step(f"`{ship.name}` delivers {' '.join(ship.goods) or 'nothing'}: one worker "
                      "per good", R.deliver.RULE)
            p.delivered.update(ship.goods)
            ship.goods.clear()
