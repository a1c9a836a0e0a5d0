"""A ship has at most four hull parts: a bow, a stern and up to two middles.

## Why
The largest ship has four hull parts: a bow, two middles and a stern.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 3 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna transport
  Anna: 3 middle >new A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 3 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna transport
  Anna: 2 middle >new A
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
    id="hull-size",
    title="at most two middles",
    section="3.2.1.1 Rumpfteile kaufen",
    section_en="Buy hull parts",
    help="a ship has at most two middles; start another ship with `>new NAME`",
)


def placed(table: Table, at: moments.HullPlaced) -> Diagnostic | None:
    """A hull part joins a ship of at most two middles and four parts."""
    part, ship = at.tile[1], at.ship
    if part == "middle" and ship.parts.count("middle") >= 2:
        return RULE.at(
            at.span, _("a third middle for `{ship}`: a ship has at most two").format(ship=ship.name)
        )
    if len(ship.parts) >= 4:
        return RULE.at(
            at.span,
            _("a fifth hull part for `{ship}`: a ship has at most four").format(ship=ship.name),
        )
    return None


JUDGES: moments.Judges = {moments.HullPlaced: placed}
