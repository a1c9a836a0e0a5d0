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

from typing import Callable

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player, Tile, tile_text
from nauticus_ref.notation.model import Placement
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="transport",
                     title="transport from storage to ships",
                     section="3.2.2.1 Transport",
                     section_en="Transport")


def check_destination(pl: Placement) -> Diagnostic | None:
    """A transport placement goes onto a ship (not to storage, not a free tile)."""
    if pl.dest.kind != "store" and not pl.gift:
        return None
    return RULE.at(pl.dest.span if not pl.gift else pl.span,
                   "transport moves tiles from storage onto a ship",
                   "write the ship: `>NAME` or `>new NAME`")


def check(p: Player, tile: Tile, span: Span, word: Callable[[str], str]) -> Diagnostic | None:
    """A transported tile comes from `p`'s storage."""
    if p.storage[tile] > 0:
        return None
    return RULE.at(span, f"{p.name} has no {tile_text(tile, word)} in storage",
                   "only stored tiles can be transported")
