"""Only the four regular crests can be bought; crown masts and crown sails come only as rewards for completed ships.

## Why
Crown masts and crown sails are jokers that only completed ships earn; the tiles sold at
the board carry the four regular crests.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: crown mast >store
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: helm mast >store
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
    id="crown-not-bought",
    title="crown masts and sails are never bought",
    section="3.2.1.2 Mast kaufen; 3.2.1.3 Segel kaufen",
    section_en="Buy Mast; Buy Sails",
)


def bought(table: Table, at: moments.ItemBought) -> Diagnostic | None:
    """A mast or sail bought in its own action is not a crown one (bought in another
    action, it is `action-items`' case)."""
    if at.item.name != "crown" or at.item.kind != at.kind:
        return None
    return RULE.at(
        at.item.span,
        _("crown {kind}s cannot be bought").format(kind=at.kind),
        _("crown masts and sails are only rewards for completed ships"),
    )


JUDGES: moments.Judges = {moments.ItemBought: bought}
