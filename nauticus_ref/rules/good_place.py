"""Each hull part carries at most one good; goods on a ship stay there until delivered.

## Why
Each hull part carries one good, and a good stays on its ship until the ship delivers.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, coffee
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: fish >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: fish >A
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
    id="good-place",
    title="one good under each hull part",
    section="3.2.1.4 Waren kaufen",
    section_en="Buy Goods",
    help="a good goes under a hull part without a good",
)


def placed(table: Table, at: moments.GoodPlaced) -> Diagnostic | None:
    """A good goes under a hull part without a good."""
    ship = at.ship
    if len(ship.goods) < ship.size:
        return None
    return RULE.at(
        at.span,
        (
            _("every hull part of `{ship}` carries a good already")
            if ship.size
            else _("`{ship}` has no hull part for a good")
        ).format(ship=ship.name),
    )


JUDGES: moments.Judges = {moments.GoodPlaced: placed}
EXPLAINS = ("good",)
