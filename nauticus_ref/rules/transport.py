"""Transport moves tiles the player has in storage onto ships, one worker a tile.

## Why
Transport moves tiles the player already has in storage onto ships, one worker a tile;
it buys nothing and moves nothing back.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna transport
  Anna: bow >new A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: bow
round 1: goods hulls money transport crowns masts deliver sails
1. Anna transport
  Anna: bow >new A
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="transport",
                     title="transport from storage to ships",
                     section="3.2.2.1 Transport",
                     section_en="Transport")
