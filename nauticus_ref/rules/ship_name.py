"""A placement goes to an existing ship of the player (`>A`) or starts a new one under a name not used before (`>new A`); separate ships are never joined.

## Why
A record names ships so that later placements can find them; one name, one ship, and
ships never merge.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >new A
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="ship-name",
                     title="ships are named once",
                     section="3.2.1.1 Rumpfteile kaufen",
                     section_en="Buy hull parts")
