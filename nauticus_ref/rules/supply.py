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

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="supply",
    title="tiles are limited",
    section="Hinweis zum Umgang mit dem Spielmaterial",
    section_en="Note on using the play materials",
)


def taken(table: Table, at: moments.FromSupply) -> Diagnostic | None:
    """The stack of the tile has a tile to take (`verb`: buy, take, receive)."""
    if table.supply.get(at.tile, 0) > 0:
        return None
    return RULE.at(
        at.span,
        f"the {table.tile(at.tile)} stack is empty",
        f"nobody can {at.verb} a tile of an empty stack",
    )


def bonus(table: Table, at: moments.BonusEmpty) -> Diagnostic | None:
    """With every stack the bonus could come from empty, no choice is written (reading
    11)."""
    b, kind = at.bonus, at.kind
    if b is None or b.kind == "claim":
        return None
    what = "goods" if kind == "w+good" else f"regular {kind}s"
    return RULE.at(
        b.span,
        f"every stack of {what} is empty: the bonus has no "
        f"{'good' if kind == 'w+good' else kind} to give",
        f"leave out `bonus {b.value if b.kind == 'good' else table.word(b.value)}`",
    )


JUDGES: moments.Judges = {moments.FromSupply: taken, moments.BonusEmpty: bonus}
EXPLAINS = ("empty-stack",)
