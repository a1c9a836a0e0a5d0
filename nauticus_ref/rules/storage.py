"""Storage has 12 spaces; a mast takes two, any other tile one.  A paid tile cannot be stored in a full storage; a free tile that finds it full is forfeited (a note) and stays in the supply.

## Why
The storage has twelve spaces, a mast takes two; a paid tile that does not fit cannot be
bought to store, a free one is lost.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 6 whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee >store
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 5 whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee >store
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="storage",
                     title="twelve storage spaces",
                     section="3.2.2.1 Transport",
                     section_en="Transport")
