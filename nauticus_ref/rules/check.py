"""A `check` line's victory points, taler and workers are the player's at that point of the replay.

## Why
A check line is the table's own bookkeeping; when it disagrees with the replay, the
record and the table part ways at that point.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
check Anna: 11vp
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
check Anna: 10vp 15t 4w
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="check",
                     title="checkpoints match the replay",
                     section="NGN: Checkpoints",
                     section_en="NGN: Checkpoints")
