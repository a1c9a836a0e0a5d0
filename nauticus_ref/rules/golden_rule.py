"""A tile received without paying taler (bought at 0 taler, the free tile for all four, a bonus, a reward) goes to storage first; only tiles paid for in taler may go straight onto a ship.

## Why
The golden rule: whatever a player receives without paying taler goes to storage first;
only tiles paid for in taler may go straight onto a ship.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >new A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >store
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id='golden-rule',
                     title='free tiles go to storage',
                     section='Die Goldene Regel',
                     section_en='The Golden Rule')
