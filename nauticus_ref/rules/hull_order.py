"""A bow goes in front, a stern behind, middles between; once a ship has its bow and its stern its size is fixed and nothing more joins it.

## Why
A ship is built bow to stern; once bow and stern are joined the ship's size is fixed and
nothing can be inserted.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow stern >new A, bow >A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow stern >new A
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.one_ship import joins_one_ship
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="hull-order",
    title="hulls are built in a row",
    section="3.2.1.1 Rumpfteile kaufen",
    section_en="Buy hull parts",
    help="a bow goes in front, a stern behind; start another ship with `>new NAME`",
)


def placed(table: Table, at: moments.HullPlaced) -> Diagnostic | None:
    """A hull part joins an open hull, as its only bow or stern (a 1-ship is
    `one-ship`'s)."""
    part, ship = at.tile[1], at.ship
    parts = ship.parts
    if not parts or joins_one_ship(parts, part):
        return None
    if ship.closed:
        return RULE.at(
            at.span,
            _("`{ship}` has its bow and stern, so its size is fixed").format(ship=ship.name),
        )
    if part == "bow" and parts[0] == "bow":
        return RULE.at(at.span, _("`{ship}` has a bow already").format(ship=ship.name))
    if part == "stern" and parts[-1] == "stern":
        return RULE.at(at.span, _("`{ship}` has a stern already").format(ship=ship.name))
    return None


JUDGES: moments.Judges = {moments.HullPlaced: placed}
EXPLAINS = ("hull",)
