"""Only a complete ship (hull, masts and sails) with a good under every hull part delivers, and always its whole cargo, at one worker per good.

## Why
Only a finished ship with a good under every hull part delivers, always its whole cargo,
at one worker per good.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast, whale sail
round 1: goods hulls money transport crowns masts deliver sails
1. Anna deliver bonus w+vp
  Anna: A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast, whale sail, coffee
round 1: goods hulls money transport crowns masts deliver sails
1. Anna deliver bonus w+vp
  Anna: A
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation.vocab import count
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="deliver",
    title="deliver whole cargoes of finished ships",
    section="3.2.2.3 Waren ausliefern",
    section_en="Deliver Goods",
)


def named(table: Table, at: moments.DeliveryNamed) -> Diagnostic | None:
    """A ship is named once in a delivery."""
    if at.name.key not in at.seen:
        return None
    return RULE.at(
        at.name.span,
        _("`{ship}` is named twice").format(ship=at.ship.name),
        _("a ship is unloaded once"),
    )


def delivered(table: Table, at: moments.Delivered) -> Diagnostic | None:
    """The ship is complete and carries a good under every hull part."""
    ship, span = at.ship, at.name.span
    if not ship.complete:
        return RULE.at(
            span,
            _("`{ship}` is not complete: {what}").format(
                ship=ship.name, what=ship.describe(table.word)
            ),
            _("only a finished ship (hull, masts and sails) delivers"),
        )
    if not ship.loaded:
        return RULE.at(
            span,
            _("`{ship}` carries {goods} on {parts}").format(
                ship=ship.name,
                goods=count(len(ship.goods), "good"),
                parts=count(ship.size, "hull part"),
            ),
            _("a ship delivers only with a good under every hull part"),
        )
    return None


JUDGES: moments.Judges = {moments.DeliveryNamed: named, moments.Delivered: delivered}
EXPLAINS = ("delivery",)
