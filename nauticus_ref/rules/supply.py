"""Ship tiles and goods are limited to the box's count; once a stack is empty nobody can buy or receive that tile.  Delivered goods never return to the supply.

## Why
Tiles are limited to what the box holds; an empty stack can neither be bought nor
received in any other way.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 9 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >store
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 9 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >store
```
"""

from __future__ import annotations

from typing import Callable, Mapping

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Tile, tile_text
from nauticus_ref.notation.model import Bonus
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="supply",
                     title="tiles are limited",
                     section="Hinweis zum Umgang mit dem Spielmaterial",
                     section_en="Note on using the play materials")


def check(supply: Mapping[Tile, int], tile: Tile, span: Span, verb: str,
          word: Callable[[str], str]) -> Diagnostic | None:
    """The stack of `tile` has a tile to `verb` (buy, take, receive)."""
    if supply.get(tile, 0) > 0:
        return None
    return RULE.at(span, f"the {tile_text(tile, word)} stack is empty",
                   f"nobody can {verb} a tile of an empty stack")


def check_bonus(kind: str, bonus: Bonus | None,
                word: Callable[[str], str]) -> Diagnostic | None:
    """With every stack the bonus of a `kind` space could come from empty, no choice is
    written (reading 11); the referee asks only then."""
    if bonus is None or bonus.kind == "claim":
        return None
    what = "goods" if kind == "w+good" else f"regular {kind}s"
    return RULE.at(bonus.span, f"every stack of {what} is empty: the bonus has no "
                   f"{'good' if kind == 'w+good' else kind} to give",
                   f"leave out `bonus {bonus.value if bonus.kind == 'good' else word(bonus.value)}`")
