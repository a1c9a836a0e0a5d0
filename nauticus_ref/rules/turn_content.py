"""A turn either performs the phase's action, at least once, or passes; the Extra Action may come before or after either.

## Why
A player either performs the phase's action, at least once, or passes (and flips a pass
tile); doing both, or neither, is not a turn.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: grain >store; pass
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: grain >store
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="turn-content",
                     title="act or pass",
                     section="3.1 Grundsätzliches zu Aktionen; 3.3 Passen",
                     section_en="3.1 General rules for actions; 3.3 Passing")
