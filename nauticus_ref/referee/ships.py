"""Ships: naming them, placing tiles on them, and the rewards for completing one."""

from __future__ import annotations

from collections import Counter

from nauticus_ref import rules as R
from nauticus_ref.game.state import Player, Ship, Tile, spaces
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Name, Placement, Reward, Span
from nauticus_ref.referee.table import Table
from nauticus_ref.rules.rule import Rule

#: The rule that says where a tile of each kind may go on a ship.
PLACING_RULE = {"hull": R.hull_order.RULE, "mast": R.mast_place.RULE,
                "sail": R.sail_place.RULE, "good": R.good_place.RULE}


class Ships(Table):
    def ship_for(self, p: Player, pl: Placement) -> Ship | None:
        """ship-name: `>NAME` is an existing ship of the player, `>new NAME` a new name."""
        name = pl.dest.ship
        assert name is not None, "a ship destination names its ship"
        ship = p.ships.get(name.key)
        if pl.dest.kind == "new":
            if ship is not None:
                self.report(R.ship_name.RULE, name.span, f"{p.name} already has a ship called "
                            f"`{ship.name}`", f"write `>{ship.name}` to add to it, or choose "
                            "a new name")
                # Both ships stay in play; the name now means the new one.
                ship.doubtful = True
                p.ships[f"{name.key}\0{len(p.ships)}"] = p.ships.pop(name.key)
                ship = p.ships[name.key] = Ship(name=name.text, doubtful=True)
                p.misnamed = ship
                return ship
            ship = p.ships[name.key] = Ship(name=name.text)
            return ship
        if ship is None:
            return self.unknown_ship(p, name, f"start a ship with `>new {name.text}`; ")
        return ship

    def unknown_ship(self, p: Player, name: Name, help_start: str = "") -> Ship:
        """ship-name: an unknown name is reported once and then stands for a doubtful ship."""
        if p.misnamed is not None:  # the ship started under a taken name: it is this one
            ship, p.misnamed = p.misnamed, None
        elif p.lost_turn:  # probably started in the missing turn
            ship = Ship(name=name.text, doubtful=True)
        else:
            known = ", ".join(s.name for s in p.ships.values()) or "none yet"
            self.report(R.ship_name.RULE, name.span, f"{p.name} has no ship called `{name.text}`",
                        f"{help_start}{p.name}'s ships: {known}")
            ship = Ship(name=name.text, doubtful=True)
        p.ships[name.key] = ship
        return ship

    def placing_problem(self, ship: Ship, tile: Tile) -> tuple[Rule, str] | None:
        """(rule, message) if the tile cannot go on the ship, else None."""
        kind, name = tile
        if kind == "hull":
            return self.hull_problem(ship, name)
        if kind == "mast":
            if len(ship.masts) >= ship.size:
                return (R.mast_place.RULE, f"every hull part of `{ship.name}` has a mast already"
                        if ship.size else f"`{ship.name}` has no hull part for a mast")
            return self.crest_problem(ship, name, "mast")
        if kind == "sail":
            if len(ship.sails) >= len(ship.masts):
                return (R.sail_place.RULE, f"every mast of `{ship.name}` has a sail already"
                        if ship.masts else f"`{ship.name}` has no mast for a sail")
            return self.crest_problem(ship, name, "sail")
        if len(ship.goods) >= ship.size:
            return (R.good_place.RULE, f"every hull part of `{ship.name}` carries a good already"
                    if ship.size else f"`{ship.name}` has no hull part for a good")
        return None

    def hull_problem(self, ship: Ship, part: str) -> tuple[Rule, str] | None:
        """hull-order, hull-size and one-ship: how hull parts join."""
        parts = ship.parts
        if not parts:
            return None
        if part == "1ship" or parts == ["1ship"]:
            return (R.one_ship.RULE, "a 1-ship hull is a ship by itself; nothing joins it")
        if ship.closed:
            return (R.hull_order.RULE, f"`{ship.name}` has its bow and stern, so its size is fixed")
        if part == "bow" and parts[0] == "bow":
            return (R.hull_order.RULE, f"`{ship.name}` has a bow already")
        if part == "stern" and parts[-1] == "stern":
            return (R.hull_order.RULE, f"`{ship.name}` has a stern already")
        if part == "middle" and parts.count("middle") >= 2:
            return (R.hull_size.RULE, f"`{ship.name}` has two middles; a ship has at most two")
        if len(parts) >= 4:
            return (R.hull_size.RULE, f"`{ship.name}` has four hull parts; a ship has at most four")
        return None

    def crest_problem(self, ship: Ship, crest: str, kind: str) -> tuple[Rule, str] | None:
        """one-crest: the masts and sails of a ship share one crest; crowns are jokers."""
        if crest != "crown" and ship.crest not in (None, crest):
            return (R.one_crest.RULE, f"`{ship.name}` carries {self.word(ship.crest)}, not "
                    f"{self.word(crest)}")
        return None

    def put_on_ship(self, ship: Ship, tile: Tile) -> None:
        kind, name = tile
        if kind == "hull":
            if name == "bow":
                ship.parts.insert(0, name)
            elif name == "middle" and ship.parts and ship.parts[-1] == "stern":
                ship.parts.insert(len(ship.parts) - 1, name)
            else:
                ship.parts.append(name)
        elif kind == "mast":
            ship.masts.append(name)
        elif kind == "sail":
            ship.sails.append(name)
        else:
            ship.goods.append(name)

    def put_checked(self, p: Player, ship: Ship, tile: Tile, span: Span) -> Ship | None:
        problem = None if ship.doubtful else self.placing_problem(ship, tile)
        if problem:
            ship.doubtful = True
            rule, message = problem
            stored = p.storage_free() >= spaces(tile)
            self.report(rule, span, message, f"{rule.help}" + (
                "; the referee stores the tile and goes on" if stored else
                "; the storage is full, so the referee drops the tile and goes on"))
            self.step(f"the {self.tile(tile)} does not fit on `{ship.name}`: "
                      + ("to storage instead" if stored else "dropped, the storage is full"), rule)
            if stored:
                p.storage[tile] += 1
            else:
                self.supply[tile] += 1
            return None
        self.put_on_ship(ship, tile)
        self.landed[tile] += 1
        if ship.complete and not ship.completed:
            ship.completed = True
            return ship
        return None

    # rewards -------------------------------------------------------------------------
    def rewards(self, p: Player, pl: Placement, completed: list[Ship], ship: Ship | None = None,
                placing_rule: Rule | None = None) -> None:
        """rewards: a completed ship gives one reward per mast, at most two of a kind."""
        self.placed_step(pl, ship, placing_rule, self.landed)
        for done in completed:
            taken = ", ".join(f"goods {r.goods[0]} {r.goods[1]}" if r.goods else r.kind
                              for r in pl.rewards or [])
            self.step(f"`{done.name}` completed, a {done.size}-ship: {len(done.masts)} reward"
                      f"{'s' if len(done.masts) != 1 else ''}" + (f": {taken}" if taken else ""),
                      R.rewards.RULE)
        if not completed:
            if pl.rewards is not None and ship is not None and ship.doubtful:
                for r in pl.rewards:
                    self.take_reward(p, r)
            else:
                self.no_ship_completed(pl)
            return
        ship = completed[-1]
        need = len(ship.masts)
        if ship.doubtful:  # after an error on this ship, its rewards are taken as written
            for r in pl.rewards or []:
                self.take_reward(p, r)
            return
        if pl.rewards is None:
            self.report(R.rewards.RULE, pl.span, f"this completes `{ship.name}`: name its {need} "
                        f"reward{'s' if need > 1 else ''}", "write them in brackets after the "
                        "placement, like `[crown sail, 7t]`")
            return
        span = pl.rewards[0].span.merge(pl.rewards[-1].span)
        if len(pl.rewards) != need:
            self.report(R.rewards.RULE, span, f"`{ship.name}` has {need} mast{'s' if need > 1 else ''}, "
                        f"so {need} reward{'s' if need > 1 else ''}, not {len(pl.rewards)}",
                        "one reward per mast")
        counts = Counter(r.kind for r in pl.rewards)
        for r in pl.rewards[:need]:
            if counts[r.kind] > 2:
                self.report(R.rewards.RULE, r.span, f"`{r.kind}` is taken {counts[r.kind]} times",
                            "each reward at most twice per ship")
                counts[r.kind] = 0  # report once
                continue
            if r.goods is not None and r.goods[0] == r.goods[1]:
                self.report(R.rewards.RULE, r.span, "the goods reward is two different goods",
                            f"for example `goods {r.goods[0]} "
                            f"{next(g for g in vocab.GOODS if g != r.goods[0])}`")
                continue
            self.take_reward(p, r)

    def no_ship_completed(self, pl: Placement) -> None:
        """rewards: rewards follow only a placement that completes a ship (reading 12)."""
        if pl.rewards is not None:
            self.report(R.rewards.RULE, pl.rewards[0].span.merge(pl.rewards[-1].span),
                        "no ship was completed by this placement, so there are no rewards",
                        "rewards follow the placement that completes a ship")

    def placed_step(self, pl: Placement, ship: Ship | None, rule: Rule | None = None,
                    landed: Counter[Tile] | None = None) -> None:
        """The step for a placement: the tiles that went where it says (`landed`; all of
        them if None).  A tile that went elsewhere has its own step or diagnostic."""
        shown = []
        for i in pl.items:
            tile = (i.kind, i.name)
            n = i.count if landed is None else min(i.count, landed[tile])
            if landed is not None:
                landed[tile] -= n
            if n:
                shown.append(f"{n} {self.tile(tile)}" if n > 1 else self.tile(tile))
        if not shown:
            return
        items = ", ".join(shown)
        if pl.dest.kind == "store" or ship is None:
            text, rule = f"{items} to storage", rule or R.storage.RULE
        else:
            text = f"{items} to `{ship.name}`, which now has {ship.describe(self.word)}"
            rule = rule or PLACING_RULE[pl.items[0].kind]
        self.step(("free tile " if pl.gift else "") + text, R.gift.RULE if pl.gift else rule)

    def take_reward(self, p: Player, r: Reward) -> None:
        if r.kind == "3vp":
            self.gain_vp(p, 3, "rewards")
        elif r.kind == "7t":
            p.taler += 7
        elif r.kind == "3w":
            p.workers += 3
        elif r.kind in ("crown mast", "crown sail"):
            self.receive_free(p, (r.kind.split()[1], "crown"), r.span, "reward")
        elif r.goods is not None:
            for good in r.goods:
                self.receive_free(p, ("good", good), r.span, "reward")
