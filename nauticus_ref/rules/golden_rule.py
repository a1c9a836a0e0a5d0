"""A tile received without paying taler (bought at 0 taler, the free tile for all four, a bonus, a reward) goes to storage first; only tiles paid for in taler may go straight onto a ship.

## Why
The golden rule: whatever a player receives without paying taler goes to storage first;
only tiles paid for in taler may go straight onto a ship.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >new A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >store
```
"""

from __future__ import annotations

from typing import Callable

from nauticus_ref.core.findings import Diagnostic, replace
from nauticus_ref.game.state import Tile, tile_text
from nauticus_ref.notation.model import Placement
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id='golden-rule',
                     title='free tiles go to storage',
                     section='Die Goldene Regel',
                     section_en='The Golden Rule')


def check_gift(pl: Placement) -> Diagnostic | None:
    """The free tile `pl` goes to storage."""
    if pl.dest.kind == "store":
        return None
    return RULE.at(pl.dest.span, "the free tile must go to storage",
                   "write `>store`: every tile received without paying taler is stored first",
                   fixes=(replace(pl.dest.span, ">store"),))


def check(pl: Placement, tile: Tile, price: int, word: Callable[[str], str]) -> Diagnostic | None:
    """A tile bought for `price` 0 goes to storage, not onto a ship."""
    if price != 0 or pl.dest.kind == "store":
        return None
    name = tile_text(tile, word)
    return RULE.at(pl.dest.span, f"the {name} cost 0 taler, so it goes to storage first",
                   f"write `{name} >store`, and move it to a ship with a transport action",
                   fixes=(replace(pl.dest.span, ">store"),))
