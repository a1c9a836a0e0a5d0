"""Only a complete ship (hull, masts and sails) with a good under every hull part delivers, and always its whole cargo, at one worker per good.

## Why
Only a finished ship with a good under every hull part delivers, always its whole cargo,
at one worker per good.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast, whale sail
round 1: goods hulls money transport crowns masts deliver sails
1. Anna deliver bonus w+vp
  Anna: A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast, whale sail, coffee
round 1: goods hulls money transport crowns masts deliver sails
1. Anna deliver bonus w+vp
  Anna: A
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="deliver",
                     title="deliver whole cargoes of finished ships",
                     section="3.2.2.3 Waren ausliefern",
                     section_en="Deliver Goods")
