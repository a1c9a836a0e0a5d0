"""Effects on ships: naming them, placing tiles on them, and the rewards for completing one."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Sequence

from nauticus_ref.core.language import _, ngettext
from nauticus_ref.core.span import Span
from nauticus_ref.game.rewards import MOST_OF_A_KIND, gives
from nauticus_ref.game.state import Player, Ship, Tile, spaces
from nauticus_ref.notation.model import Name, Placement, Reward
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.referee.context import Referee
from nauticus_ref.referee.stock import receive_free
from nauticus_ref.rules import moments


def ship_for(r: Referee, p: Player, pl: Placement, later: Sequence[Placement] = ()) -> Ship | None:
    """The ship a placement names: `>NAME` an existing one, `>new NAME` a new one
    (`later`: the placements after it in its action)."""
    name = pl.dest.ship
    assert name is not None, "a ship destination names its ship"
    if pl.dest.kind != "new":
        return p.ships.get(name.key) or unknown_ship(
            r,
            p,
            name,
            _("start a ship with `{dest}`; ").format(dest=f">new {quoted(name.text)}"),
            pl,
            later,
        )
    if not r.ask(moments.NewShip(p, name)) and name.key not in p.ships:
        ship = p.ships[name.key] = Ship(name=name.text)
        return ship
    # Both ships stay in play; the name now means the new one.
    old = p.ships.pop(name.key)
    old.doubtful = True
    p.ships[f"{name.key}\0{len(p.ships)}"] = old
    ship = p.ships[name.key] = Ship(name=name.text, doubtful=True)
    p.misnamed = ship
    return ship


def unknown_ship(
    r: Referee,
    p: Player,
    name: Name,
    help_start: str = "",
    used: Placement | None = None,
    later: Sequence[Placement] = (),
) -> Ship:
    """A name that is no ship of the player's is reported once and then stands for a
    doubtful ship."""
    if p.misnamed is not None:  # the ship started under a taken name: it is this one
        ship, p.misnamed = p.misnamed, None
    else:
        if not p.lost_turn:  # else probably started in the missing turn
            r.ask(moments.ShipNamed(p, name, help_start, used, later, r.lines))
        ship = Ship(name=name.text, doubtful=True)
    p.ships[name.key] = ship
    return ship


def put_on_ship(ship: Ship, tile: Tile) -> None:
    """The tile onto the ship: a bow in front, a middle before the stern, masts, sails
    and goods in the order they come."""
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


def put_checked(r: Referee, p: Player, ship: Ship, tile: Tile, span: Span) -> Ship | None:
    """The tile onto the ship if the placing rules allow it, else to storage (or back to
    the supply, the storage being full) and the ship becomes doubtful.  Returns the ship
    if this completes it."""
    problem = None if ship.doubtful else r.first(moments.placed(ship, tile, span))
    if problem:
        ship.doubtful = True
        stored = p.storage_free >= spaces(tile)
        r.flag(
            replace(
                problem,
                help="; ".join(
                    filter(
                        None,
                        [
                            problem.help,
                            _("the referee stores the tile and goes on")
                            if stored
                            else _(
                                "the storage is full, so the referee drops the tile and goes on"
                            ),
                        ],
                    )
                ),
            )
        )
        r.step(
            (
                _("the {tile} does not fit on `{ship}`: to storage instead")
                if stored
                else _("the {tile} does not fit on `{ship}`: dropped, the storage is full")
            ).format(tile=r.table.tile(tile), ship=ship.name),
            rule=problem.rule,
        )
        if stored:
            p.storage[tile] += 1
        else:
            r.table.supply[tile] += 1
        return None
    put_on_ship(ship, tile)
    r.landed[tile] += 1
    if ship.complete and not ship.completed:
        ship.completed = True
        return ship
    return None


# rewards -------------------------------------------------------------------------
def rewards(
    r: Referee,
    p: Player,
    pl: Placement,
    completed: list[Ship],
    ship: Ship | None = None,
    topic: str | None = None,
) -> None:
    """A completed ship gives one reward per mast, as written after the placement."""
    placed_step(r, pl, ship, topic, r.landed)
    for done in completed:
        written = ", ".join(
            f"goods {w.goods[0]} {w.goods[1]}" if w.goods else w.kind for w in pl.rewards or []
        )
        r.step(
            ngettext(
                "`{ship}` completed, a {size}-ship: {n} reward",
                "`{ship}` completed, a {size}-ship: {n} rewards",
                len(done.masts),
            ).format(ship=done.name, size=done.size, n=len(done.masts))
            + (f": {written}" if written else ""),
            "completed",
        )
    if not completed:
        if pl.rewards is not None and ship is not None and ship.doubtful:
            for w in pl.rewards:
                take_reward(r, p, w)
        elif pl.rewards is not None:
            r.ask(moments.NothingCompleted(pl))
        return
    ship = completed[-1]
    if ship.doubtful:  # after an error on this ship, its rewards are taken as written
        taken = pl.rewards or []
    else:
        r.ask(moments.ShipCompleted(ship, pl))
        taken = standing_rewards(len(ship.masts), pl.rewards or [])
    for w in taken:
        take_reward(r, p, w)


def standing_rewards(masts: int, written: Sequence[Reward]) -> list[Reward]:
    """Of the rewards written for a ship of `masts` masts, those it gives: one a mast in
    the order written; a goods reward of two same goods gives nothing, and of a kind
    written more than twice, the first does not count (the finding names it)."""
    counts = Counter(w.kind for w in written)
    given = []
    for w in written[:masts]:
        if counts[w.kind] > MOST_OF_A_KIND:
            counts[w.kind] = 0
        elif w.goods is None or w.goods[0] != w.goods[1]:
            given.append(w)
    return given


def placed_step(
    r: Referee,
    pl: Placement,
    ship: Ship | None,
    topic: str | None = None,
    landed: Counter[Tile] | None = None,
) -> None:
    """The step for a placement: the tiles that went where it says (`landed`; all of
    them if None).  A tile that went elsewhere has its own step or diagnostic."""
    if not r.keep_steps:
        return
    shown = []
    for i in pl.items:
        tile = (i.kind, i.name)
        n = i.count if landed is None else min(i.count, landed[tile])
        if landed is not None:
            landed[tile] -= n
        if n:
            shown.append(f"{n} {r.table.tile(tile)}" if n > 1 else r.table.tile(tile))
    if not shown:
        return
    items = ", ".join(shown)
    if pl.dest.kind == "store" or ship is None:
        text = (_("free tile {items} to storage") if pl.gift else _("{items} to storage")).format(
            items=items
        )
        topic = topic or "storage"
    else:
        text = (
            _("free tile {items} to `{ship}`, which now has {what}")
            if pl.gift
            else _("{items} to `{ship}`, which now has {what}")
        ).format(items=items, ship=ship.name, what=ship.describe(r.table.word))
        topic = topic or pl.items[0].kind
    r.step(text, "gift" if pl.gift else topic)


def take_reward(r: Referee, p: Player, w: Reward) -> None:
    vp, taler, workers, tiles = gives(w.kind, w.goods)
    if vp:
        r.gain_vp(p, vp, "rewards")
    p.taler += taler
    p.workers += workers
    for tile in tiles:
        receive_free(r, p, tile, w.span, "reward")
