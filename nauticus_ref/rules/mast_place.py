"""A mast goes on a hull part of the player's ship that has no mast yet; the hull need not be finished.

## Why
Each hull part carries one mast; a mast can go on an unfinished hull.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: 2 whale mast >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: whale mast >A
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
    id="mast-place",
    title="a mast on a hull part without one",
    section="3.2.1.2 Mast kaufen",
    section_en="Buy Mast",
    help="a mast goes on a hull part without a mast",
)


def placed(table: Table, at: moments.MastPlaced) -> Diagnostic | None:
    """A mast goes on a ship with a hull part without a mast."""
    ship = at.ship
    if len(ship.masts) < ship.size:
        return None
    return RULE.at(
        at.span,
        (
            _("every hull part of `{ship}` has a mast already")
            if ship.size
            else _("`{ship}` has no hull part for a mast")
        ).format(ship=ship.name),
    )


JUDGES: moments.Judges = {moments.MastPlaced: placed}
EXPLAINS = ("mast",)
