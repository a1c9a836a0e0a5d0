"""Ship tiles and goods are limited to the box's count; once a stack is empty nobody can buy or receive that tile.  Delivered goods never return to the supply.

## Why
Tiles are limited to what the box holds; an empty stack can neither be bought nor
received in any other way.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 9 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >store
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 9 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >store
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="supply",
                     title="tiles are limited",
                     section="Hinweis zum Umgang mit dem Spielmaterial",
                     section_en="Note on using the play materials")
