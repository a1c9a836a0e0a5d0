"""Completing a ship gives one reward per mast, named right after the completing placement: crown mast, crown sail, 3 VP, 7 taler, 3 workers or two different goods, each at most twice per ship.

## Why
Completing a ship interrupts the turn for its rewards, one per mast, each kind at most
twice per ship; they follow the placement that completed it.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna sails
  Anna: whale >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna sails
  Anna: whale >A [7t]
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="rewards",
                     title="rewards for a completed ship",
                     section="4. Belohnungen für fertige Schiffe",
                     section_en="4. Rewards for completed ships")
