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
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Ship
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="one-ship",
                     title="a 1-ship is a ship by itself",
                     section="3.2.1.1 Rumpfteile kaufen",
                     section_en="Buy hull parts",
                     help="start another ship with `>new NAME`")


def check(ship: Ship, part: str, span: Span) -> Diagnostic | None:
    """Hull part `part` may join `ship` as far as 1-ships go."""
    if ship.parts and (part == "1ship" or ship.parts == ["1ship"]):
        return RULE.at(span, "a 1-ship hull is a ship by itself; nothing joins it")
    return None
