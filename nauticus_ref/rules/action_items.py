"""Each buying action buys the tiles of its own tile: hulls buys hull parts, masts masts, sails sails, goods goods.

## Why
Each buying action sells the tiles printed on its own action tile, and nothing else.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: bow >store
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: grain >store
```
"""

from __future__ import annotations

from typing import Callable

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.state import tile_text
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Item
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="action-items",
                     title="the action's own tiles",
                     section="3.2.1 Kostenpflichtige Aktionen",
                     section_en="3.2.1 Chargeable actions")


def check(item: Item, kind: str, action: str, word: Callable[[str], str]) -> Diagnostic | None:
    """`action`, which buys tiles of `kind`, buys `item`."""
    if item.kind == kind:
        return None
    return RULE.at(item.span, f"`{action}` buys {kind}s, not "
                   f"{tile_text((item.kind, item.name), word)}",
                   f"buy it in a `{vocab.ACTION_OF_ITEM_KIND[item.kind]}` phase")
