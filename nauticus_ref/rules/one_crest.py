"""All regular masts and sails of a ship share one crest; crown masts and sails are jokers that go with any.

## Why
A ship sails under one crest: its regular masts and sails all show the same crest, and
crowns join any.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow, stern, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: anchor mast >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow, stern, whale mast
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
    id="one-crest",
    title="one crest per ship",
    section="3.2.1.2 Mast kaufen; 3.2.1.3 Segel kaufen",
    section_en="Buy Mast; Buy Sails",
    help="a ship's masts and sails share one crest; crowns go with any",
)


def placed(table: Table, at: moments.MastPlaced | moments.SailPlaced) -> Diagnostic | None:
    """A mast or sail goes with the crest the ship carries (crowns with any)."""
    crest, ship = at.tile[1], at.ship
    if crest == "crown" or ship.crest in (None, crest):
        return None
    return RULE.at(
        at.span,
        _("`{ship}` carries {crest}, not {other}").format(
            ship=ship.name, crest=table.word(ship.crest or ""), other=table.word(crest)
        ),
    )


JUDGES: moments.Judges = {moments.MastPlaced: placed, moments.SailPlaced: placed}
