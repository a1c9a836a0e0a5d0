"""A round has seven action phases, numbered 1 to 7 in the order played; the eighth action is not played.

## Why
Each round has seven action phases, one per action chosen; the eighth tile stays
unplayed.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
2. Anna hulls bonus whale
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="phase-sequence",
                     title="seven phases in order",
                     section="Rundenablauf",
                     section_en="Sequence of Play")
