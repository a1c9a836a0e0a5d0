"""A 1-ship hull is a whole ship on its own; no other hull part joins it, and it joins no other.

## Why
A 1-ship hull is a complete hull on its own, with nothing to join.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: 1ship bow >new A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: 1ship >new A, bow >new B
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
    id="one-ship",
    title="a 1-ship is a ship by itself",
    section="3.2.1.1 Rumpfteile kaufen",
    section_en="Buy hull parts",
    help="start another ship with `>new NAME`",
)


def joins_one_ship(parts: list[str], part: str) -> bool:
    """Whether hull part `part` would join a 1-ship, or a 1-ship would join `parts`."""
    return bool(parts) and (part == "1ship" or parts == ["1ship"])


def placed(table: Table, at: moments.HullPlaced) -> Diagnostic | None:
    """A hull part joins a ship only if neither is a 1-ship."""
    part = at.tile[1]
    if not joins_one_ship(at.ship.parts, part):
        return None
    return RULE.at(at.span, _("a 1-ship hull is a ship by itself; nothing joins it"))


JUDGES: moments.Judges = {moments.HullPlaced: placed}
