"""Storage has 12 spaces; a mast takes two, any other tile one.  A paid tile cannot be stored in a full storage; a free tile that finds it full is forfeited (a note) and stays in the supply.

## Why
The storage has twelve spaces, a mast takes two; a paid tile that does not fit cannot be
bought to store, a free one is lost.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 6 whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee >store
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 5 whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee >store
```
"""

from __future__ import annotations

from typing import Callable

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player, Tile, spaces, tile_text
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="storage",
                     title="twelve storage spaces",
                     section="3.2.2.1 Transport",
                     section_en="Transport")


def check_free(p: Player, tile: Tile, span: Span, what: str) -> Diagnostic | None:
    """A tile received free (`what`: "free coffee", "reward (crown sail)") finds room in
    `p`'s storage, or is forfeited: a note, not a mistake."""
    if p.storage_free >= spaces(tile):
        return None
    return RULE.at(span, f"{p.name}'s storage is full: the {what} is forfeited and stays in "
                   "the supply", severity="note")


def check_paid(p: Player, tile: Tile, span: Span,
               word: Callable[[str], str]) -> Diagnostic | None:
    """A bought tile written to storage finds room there."""
    free = p.storage_free
    if free >= spaces(tile):
        return None
    return RULE.at(span, f"{p.name}'s storage has {free} free space{'s' if free != 1 else ''}, "
                   f"a {tile_text(tile, word)} takes {spaces(tile)}; the tile is lost",
                   "place it on a ship, or do not buy it")
