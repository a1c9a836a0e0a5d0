"""Once a game, during a turn, a player may take 2 workers and perform any action, even a flipped one, with no blue workers and first tiles at 2 taler.

## Why
Each player has one Extra Action tile for the whole game: 2 workers and any action, even
a flipped one, before or after the current action.

## Breaks it
```ngn
players: Anna, Ben
setup: round 2 phase 1
  Anna: extra used
round 2: goods hulls money transport crowns masts deliver sails
1. Ben money bonus whale
  Ben: pass
  Anna: pass; extra money: 1w
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: pass; extra money: 1w
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="extra-action",
                     title="one Extra Action a game",
                     section="5. Extra-Aktion",
                     section_en="5. Extra Action")
