"""Effects on the stock: workers, taler, the supply and the storage.

The moves every action shares: using a worker, paying, taking a tile from the supply,
storing it.  Each asks the rules at its moment and then does what the record says
where that is physically possible (see engine.py for the recovery).
"""

from __future__ import annotations

from dataclasses import dataclass

from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player, Tile, spaces
from nauticus_ref.notation.model import Item
from nauticus_ref.referee.context import Referee
from nauticus_ref.rules import moments


@dataclass
class Uses:
    """Workers for one clause: blue ones from the wheel first, then the player's own."""

    blue: int
    used: int = 0
    own: int = 0


def use_worker(r: Referee, p: Player, use: Uses, span: Span) -> None:
    """Each use takes a worker, the blue ones on the wheel first.  A player reported
    short of workers is not reported short again until a check line gives them."""
    use.used += 1
    if use.used <= use.blue:
        return
    use.own += 1
    if "workers" not in p.short and r.ask(moments.WorkerUsed(p, use.used, use.blue, span)):
        p.short.add("workers")
    p.workers -= 1


def pay(r: Referee, p: Player, amount: int, span: Span, tile: Tile) -> None:
    """A tile's price is paid from the player's taler (reported short once, as workers
    are)."""
    if "taler" not in p.short and r.ask(moments.Payment(p, amount, span, tile)):
        p.short.add("taler")
    p.taler -= amount


def supply_has(r: Referee, tile: Tile, span: Span, verb: str) -> bool:
    """Whether the tile can be taken from the supply (`verb`: buy, take, receive)."""
    return not r.ask(moments.FromSupply(tile, span, verb))


def receive_free(r: Referee, p: Player, tile: Tile, span: Span, what: str) -> bool:
    """A free tile (a reward, a bonus, a free tile) from the supply to storage, unless
    the storage has no room: then it is forfeited and stays in the supply."""
    if not supply_has(r, tile, span, "receive"):
        return False
    if r.ask(moments.Stored(p, tile, span, False, what)):
        return False
    r.table.supply[tile] -= 1
    p.storage[tile] += 1
    return True


def store(r: Referee, p: Player, tile: Tile, item: Item, free: bool) -> None:
    """A tile taken from the supply, to storage: one that finds no room goes back (a paid
    one is lost, a free one forfeited)."""
    if r.ask(moments.Stored(p, tile, item.span, not free)):
        r.table.supply[tile] += 1
        return
    p.storage[tile] += 1
    r.landed[tile] += 1


def fallback_to_store(r: Referee, p: Player, tile: Tile) -> None:
    """A tile that cannot go where it was written: to storage if there is room, else
    back to the supply."""
    if p.storage_free >= spaces(tile):
        p.storage[tile] += 1
    else:
        r.table.supply[tile] += 1
