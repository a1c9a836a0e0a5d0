"""The start player takes the bonus printed at the chosen action's space.  The mast and sail bonuses are a regular mast or sail of a crest the player names; the worker + good bonus needs a good named; the other bonuses need no choice.

## Why
The start player takes the bonus printed at the chosen action's space; a mast, a sail or
a good is a tile the player must name, the others are fixed.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="bonus-choice",
                     title="the bonus choice",
                     section="Durchführen einer Aktion: 1. Bonus",
                     section_en="Performing an action: 1. Bonus")
