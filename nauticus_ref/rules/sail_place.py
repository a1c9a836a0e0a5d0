"""A sail goes on a mast that has no sail yet.

## Why
Each mast carries one sail.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna sails
  Anna: 2 whale sail >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna sails
  Anna: whale sail >A
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
    id="sail-place",
    title="a sail on a mast without one",
    section="3.2.1.3 Segel kaufen",
    section_en="Buy Sails",
    help="a sail goes on a mast without a sail",
)


def placed(table: Table, at: moments.SailPlaced) -> Diagnostic | None:
    """A sail goes on a ship with a mast without a sail."""
    ship = at.ship
    if len(ship.sails) < len(ship.masts):
        return None
    return RULE.at(
        at.span,
        (
            _("every mast of `{ship}` has a sail already")
            if ship.masts
            else _("`{ship}` has no mast for a sail")
        ).format(ship=ship.name),
    )


JUDGES: moments.Judges = {moments.SailPlaced: placed}
EXPLAINS = ("sail",)
