"""Ships: naming them, placing tiles on them, and the rewards for completing one."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from nauticus_ref import rules as R
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player, Ship, Tile, spaces
from nauticus_ref.notation.model import Name, Placement, Reward
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.referee.table import Table
from nauticus_ref.rules.rule import Rule

#: The rule that says where a tile of each kind may go on a ship.
PLACING_RULE = {"hull": R.hull_order.RULE, "mast": R.mast_place.RULE,
                "sail": R.sail_place.RULE, "good": R.good_place.RULE}


class Ships(Table):
    def ship_for(self, p: Player, pl: Placement, later: Sequence[Placement] = ()) -> Ship | None:
        """The ship a placement names: `>NAME` an existing one, `>new NAME` a new one
        (`later`: the placements after it in its action)."""
        name = pl.dest.ship
        assert name is not None, "a ship destination names its ship"
        if pl.dest.kind != "new":
            return p.ships.get(name.key) or self.unknown_ship(
                p, name, f"start a ship with `>new {quoted(name.text)}`; ", pl, later)
        if not self.flag(R.ship_name.check_new(p, name)):
            ship = p.ships[name.key] = Ship(name=name.text)
            return ship
        # Both ships stay in play; the name now means the new one.
        old = p.ships.pop(name.key)
        old.doubtful = True
        p.ships[f"{name.key}\0{len(p.ships)}"] = old
        ship = p.ships[name.key] = Ship(name=name.text, doubtful=True)
        p.misnamed = ship
        return ship

    def unknown_ship(self, p: Player, name: Name, help_start: str = "",
                     used: Placement | None = None, later: Sequence[Placement] = ()) -> Ship:
        """A name that is no ship of the player's is reported once (ship-name) and then
        stands for a doubtful ship."""
        if p.misnamed is not None:  # the ship started under a taken name: it is this one
            ship, p.misnamed = p.misnamed, None
        else:
            if not p.lost_turn:  # else probably started in the missing turn
                self.flag(R.ship_name.check_known(p, name, help_start, used, later, self.lines))
            ship = Ship(name=name.text, doubtful=True)
        p.ships[name.key] = ship
        return ship

    def placing_problem(self, ship: Ship, tile: Tile, span: Span) -> Diagnostic | None:
        """What the placing rules find if the tile goes on the ship, if anything."""
        kind, name = tile
        if kind == "hull":
            return (R.one_ship.check(ship, name, span) or R.hull_order.check(ship, name, span)
                    or R.hull_size.check(ship, name, span))
        if kind == "mast":
            return R.mast_place.check(ship, span) or R.one_crest.check(ship, name, span, self.word)
        if kind == "sail":
            return R.sail_place.check(ship, span) or R.one_crest.check(ship, name, span, self.word)
        return R.good_place.check(ship, span)

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
        problem = None if ship.doubtful else self.placing_problem(ship, tile, span)
        if problem:
            ship.doubtful = True
            stored = p.storage_free >= spaces(tile)
            self.flag(replace(problem, help=f"{problem.help}" + (
                "; the referee stores the tile and goes on" if stored else
                "; the storage is full, so the referee drops the tile and goes on")))
            self.step(f"the {self.tile(tile)} does not fit on `{ship.name}`: "
                      + ("to storage instead" if stored else "dropped, the storage is full"),
                      R.BY_ID[problem.rule])
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
            written = ", ".join(f"goods {r.goods[0]} {r.goods[1]}" if r.goods else r.kind
                                for r in pl.rewards or [])
            self.step(f"`{done.name}` completed, a {done.size}-ship: {len(done.masts)} reward"
                      f"{'s' if len(done.masts) != 1 else ''}" + (f": {written}" if written else ""),
                      R.rewards.RULE)
        if not completed:
            if pl.rewards is not None and ship is not None and ship.doubtful:
                for r in pl.rewards:
                    self.take_reward(p, r)
            else:
                self.no_ship_completed(pl)
            return
        ship = completed[-1]
        if ship.doubtful:  # after an error on this ship, its rewards are taken as written
            taken = pl.rewards or []
        else:
            found, taken = R.rewards.check(ship, pl)
            self.flag_all(found)
        for r in taken:
            self.take_reward(p, r)

    def no_ship_completed(self, pl: Placement) -> None:
        """rewards: rewards follow only a placement that completes a ship (reading 12)."""
        self.flag(R.rewards.check_none(pl))

    def placed_step(self, pl: Placement, ship: Ship | None, rule: Rule | None = None,
                    landed: Counter[Tile] | None = None) -> None:
        """The step for a placement: the tiles that went where it says (`landed`; all of
        them if None).  A tile that went elsewhere has its own step or diagnostic."""
        if not self.keep_steps:
            return
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
