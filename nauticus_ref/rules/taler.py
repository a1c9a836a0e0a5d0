"""Bought tiles cost the price printed at the action's space for the first of each kind and 4 taler for each further identical one; the player must have the taler.

## Why
Tiles are paid in full from the player's taler when they are bought; nobody may owe the
bank.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: 2 salt 2 coffee 2 fish >store
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: 2 salt coffee >store
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
    id="taler",
    title="pay in full",
    section="3.1 Grundsätzliches zu Aktionen",
    section_en="3.1 General rules for actions",
)


def payment(table: Table, at: moments.Payment) -> Diagnostic | None:
    """The player can pay the tile's price from their taler."""
    p = at.player
    if at.amount <= p.taler:
        return None
    return RULE.at(
        at.span,
        _("{player} has {taler} taler, this {tile} costs {amount}").format(
            player=p.name, taler=p.taler, tile=table.tile(at.tile), amount=at.amount
        ),
        _("buy fewer tiles, or take money first"),
    )


JUDGES: moments.Judges = {moments.Payment: payment}
EXPLAINS = ("price",)
