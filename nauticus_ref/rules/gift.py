"""Buying all four kinds of a tile in one clause gives one more tile of that tile for free, of any of its four kinds, without a worker; it goes to storage.  Not taking it is a warning.

## Why
Buying all four kinds of a tile in one action earns a fifth tile of that action for
free; it comes once the fourth kind is bought, and it is stored, being free.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee grain >store, +salt >store
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee grain salt fish >store, +salt >store
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="gift",
                     title="the free tile for buying all four",
                     section="3.1 Grundsätzliches zu Aktionen",
                     section_en="3.1 General rules for actions")
