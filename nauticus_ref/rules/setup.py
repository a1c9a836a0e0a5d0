"""A setup block names a round and phase that exist, lists the actions already flipped (one per phase played), fits every storage and ship within the rules and the box.

## Why
A position must be one a real game can reach, or the referee would judge moves from a
table that could never exist.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 3
round 1: goods hulls money transport crowns masts deliver sails
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 3, flipped goods hulls
round 1: goods hulls money transport crowns masts deliver sails
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="setup",
                     title="a setup position the game can reach",
                     section="Spielvorbereitung; NGN: Positions",
                     section_en="game material; NGN: Positions")
