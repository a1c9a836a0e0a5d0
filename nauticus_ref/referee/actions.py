"""The effects of the eight actions and the Extra Action, with their checks."""

from __future__ import annotations

from nauticus_ref import rules as R
from nauticus_ref.game.state import CROWN_CAP, Player, Ship, Tile
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import ActionClause, Item, Name, Placement
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.ships import Ships
from nauticus_ref.referee.table import ITEM_KIND_OF_ACTION, Uses


class Actions(Ships):
    # -- actions ---------------------------------------------------------------------
    def extra_action(self, p: Player, clause: ActionClause) -> None:
        """extra-action: once a game, 2 workers first, any action, no blue workers."""
        if p.extra_used:
            self.report(R.extra_action.RULE, clause.span, f"{p.name} has used the Extra Action already",
                        "the Extra Action tile goes back in the box once used")
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
        kind = ITEM_KIND_OF_ACTION[action]
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
                if all_four and not first_paid >= regular:
                    self.report(R.gift.RULE, pl.span, "the free tile is written before the purchases "
                                "that complete the four kinds", "move the `+` placement after the "
                                "placement that buys the fourth kind")
                    early_gifts.append(pl)   # received after the purchases, as it was played
                    continue
                gifts += 1
                self.gift(p, clause, pl, all_four, gifts)
                continue
            completed = []
            ship = self.ship_for(p, pl) if pl.dest.kind != "store" else None
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
        if all_four and not gifts:
            self.report(R.gift.RULE, clause.span, f"{p.name} bought all four kinds and took no free tile",
                        "write the free tile as `+<item> >store`", severity="warning")
        self.check_claim(clause.claim, paid, "t", "the price paid is",
                         " + ".join(working) + f" = {paid} taler" if working else "nothing was bought")

    def action_items(self, item: Item, kind: str, action: str) -> bool:
        """action-items and crown-not-bought: a buying action buys the tiles of its own tile."""
        if item.kind != kind:
            self.report(R.action_items.RULE, item.span, f"`{action}` buys {kind}s, not "
                        f"{self.tile((item.kind, item.name))}",
                        f"buy it in a `{ {'hull': 'hulls', 'mast': 'masts', 'sail': 'sails', 'good': 'goods'}[item.kind] }` phase")
            return False
        if item.name == "crown":
            self.report(R.crown_not_bought.RULE, item.span, f"crown {kind}s cannot be bought",
                        "crown masts and sails are only rewards for completed ships")
            return False
        return True

    def gift(self, p: Player, clause: ActionClause, pl: Placement, all_four: bool, n: int) -> None:
        """gift: buying all four kinds in one clause gives one free tile of that tile, to storage."""
        if self.take_gift(p, clause, pl, all_four, n):
            self.placed_step(pl, None)
        self.no_ship_completed(pl)

    def take_gift(self, p: Player, clause: ActionClause, pl: Placement, all_four: bool,
                  n: int) -> bool:
        kind = ITEM_KIND_OF_ACTION[clause.action]
        if not all_four:
            self.report(R.gift.RULE, pl.span, "a free tile comes only with buying all four kinds in "
                        "the clause", "remove the `+` placement, or buy the missing kinds")
            return False
        if n > 1:
            self.report(R.gift.RULE, pl.span, "only one free tile per clause",
                        "keep one `+` placement")
            return False
        count = sum(i.count for i in pl.items)
        item = pl.items[0]
        if count != 1 or item.kind != kind or item.name == "crown":
            self.report(R.gift.RULE, pl.span, f"the free tile is one {kind} of the `{clause.action}` "
                        "tile", f"write one item, like `+{self.board.tiles[clause.action][0]}"
                        f"{'' if kind in ('hull', 'good') else ' ' + kind} >store`")
            return False
        tile = (item.kind, item.name)
        if not self.supply_has(tile, item.span, "take"):
            return False
        if pl.dest.kind != "store":
            self.report(R.golden_rule.RULE, pl.dest.span, "the free tile must go to storage",
                        "write `>store`: every tile received without paying taler is stored first")
        return self.receive_free(p, tile, pl.span, "free tile")

    def place(self, p: Player, pl: Placement, ship: Ship | None, item: Item, tile: Tile,
              free: bool) -> Ship | None:
        """Put one tile where the placement says; return the ship if this completes it."""
        if pl.dest.kind == "store":
            if free:
                self._store_free(p, tile, item)
            else:
                self.store_paid(p, tile, item.span)
            return None
        if free:
            self.report(R.golden_rule.RULE, pl.dest.span, f"the {self.tile(tile)} cost 0 taler, so it "
                        "goes to storage first", f"write `{self.tile(tile)} >store`, and move it "
                        "to a ship with a transport action")
        if ship is None:
            self._fallback_to_store(p, tile, item)
            return None
        return self.put_checked(p, ship, tile, item.span)

    # transport, money, crowns, deliver -------------------------------------------------
    def transport(self, p: Player, clause: ActionClause, use: Uses) -> None:
        """transport: tiles from storage onto ships, one worker a tile."""
        for pl in clause.placements:
            if pl.dest.kind == "store" or pl.gift:
                self.report(R.transport.RULE, pl.dest.span if not pl.gift else pl.span,
                            "transport moves tiles from storage onto a ship",
                            "write the ship: `>NAME` or `>new NAME`")
                continue
            completed = []
            ship = self.ship_for(p, pl)
            self.landed.clear()
            for item in pl.items:
                for _ in range(item.count):
                    tile = (item.kind, item.name)
                    if p.storage[tile] <= 0:
                        self.report(R.transport.RULE, item.span, f"{p.name} has no {self.tile(tile)} "
                                    "in storage", "only stored tiles can be transported")
                        continue
                    self.use_worker(p, use, item.span)
                    if ship is None:
                        continue
                    p.storage[tile] -= 1
                    done = self.put_checked(p, ship, tile, item.span)
                    if done is not None:
                        completed.append(done)
            self.rewards(p, pl, completed, ship, R.transport.RULE)
        self.check_claim(clause.claim, 0, "t", "the price of a transport is",
                         "transport costs workers, no taler")

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
        self.check_claim(clause.claim, 2 * workers, "t", "the money received is", working)

    def uses_at_least_one(self, clause: ActionClause) -> bool:
        if clause.workers == 0:
            self.report(R.turn_content.RULE, clause.span, "an action is used at least once",
                        "write `pass` if the player did not perform the action")
            return False
        return True

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
        if raw > room:
            useful = -(-room // crowns) if crowns else 0
            wasted = workers - useful
            if wasted > 0:
                self.report(R.crown_cap.RULE, clause.span, f"{count(crowns, 'crown')} x "
                            f"{count(workers, 'worker')} = {raw} points, capped at {room}: "
                            f"{count(wasted, 'worker')} earned nothing",
                            f"{count(useful, 'worker')} reach{'es' if useful == 1 else ''} the cap",
                            severity="note")
        capped = raw > room
        self.check_claim(clause.claim, gained, "vp",
                         f"the crown cap (`crown-cap`) allows {room} points this round: the crowns "
                         "give" if capped else "the crowns give",
                         f"{count(crowns, 'crown')} x {count(workers, 'worker')} = {raw}"
                         + (f", capped at {room} by `crown-cap`" if capped else "")
                         + f": {gained} point{'s' if gained != 1 else ''}"
                         + ("; `nauticus-ref rules crown-cap` explains the cap" if capped else ""))

    def deliver(self, p: Player, clause: ActionClause, use: Uses) -> None:
        """deliver: only complete, fully loaded ships, one worker per good, the whole cargo."""
        seen = set()
        for name in clause.ships:
            ship = p.ships.get(name.key) or self.unknown_ship(p, name)
            if name.key in seen:
                self.report(R.deliver.RULE, name.span, f"`{ship.name}` is named twice",
                            "a ship is unloaded once")
                continue
            seen.add(name.key)
            if not ship.doubtful and self.delivery_problem(ship, name):
                continue
            for _ in ship.goods:
                self.use_worker(p, use, name.span)
            self.step(f"`{ship.name}` delivers {' '.join(ship.goods) or 'nothing'}: one worker "
                      "per good", R.deliver.RULE)
            p.delivered.update(ship.goods)
            ship.goods.clear()

    def delivery_problem(self, ship: Ship, name: Name) -> bool:
        """deliver: only complete, fully loaded ships."""
        if not ship.complete:
            self.report(R.deliver.RULE, name.span, f"`{ship.name}` is not complete: "
                        f"{ship.describe(self.word)}",
                        "only a finished ship (hull, masts and sails) delivers")
            return True
        if not ship.loaded:
            self.report(R.deliver.RULE, name.span, f"`{ship.name}` carries {len(ship.goods)} "
                        f"good{'s' if len(ship.goods) != 1 else ''} on {ship.size} hull "
                        "parts", "a ship delivers only with a good under every hull part")
            return True
        return False
