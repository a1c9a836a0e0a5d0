"""In each phase the start player acts or passes first, then each other player in clockwise order, each exactly once.

## Why
After the start player, each player in clockwise order performs the phase's action or
passes, once.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Ben: pass
  Anna: pass
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: pass
  Ben: pass
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="turn-order",
                     title="every player once per phase, clockwise",
                     section="3.1 Grundsätzliches zu Aktionen",
                     section_en="3.1 General rules for actions")
