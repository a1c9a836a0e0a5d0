"""Transport moves tiles the player has in storage onto ships, one worker a tile.

## Why
Transport moves tiles the player already has in storage onto ships, one worker a tile;
it buys nothing and moves nothing back.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna transport
  Anna: bow >new A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: bow
round 1: goods hulls money transport crowns masts deliver sails
1. Anna transport
  Anna: bow >new A
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="transport",
    title="transport from storage to ships",
    section="3.2.2.1 Transport",
    section_en="Transport",
)


def destination(table: Table, at: moments.TransportTo) -> Diagnostic | None:
    """A transport placement goes onto a ship (not to storage, not a free tile)."""
    pl = at.placement
    if pl.dest.kind != "store" and not pl.gift:
        return None
    return RULE.at(
        pl.dest.span if not pl.gift else pl.span,
        _("transport moves tiles from storage onto a ship"),
        _("write the ship: `>NAME` or `>new NAME`"),
    )


def moved(table: Table, at: moments.Transported) -> Diagnostic | None:
    """A transported tile comes from the player's storage."""
    if at.player.storage[at.tile] > 0:
        return None
    return RULE.at(
        at.span,
        _("{player} has no {tile} in storage").format(
            player=at.player.name, tile=table.tile(at.tile)
        ),
        _("only stored tiles can be transported"),
    )


JUDGES: moments.Judges = {moments.TransportTo: destination, moments.Transported: moved}
EXPLAINS = ("transport",)
