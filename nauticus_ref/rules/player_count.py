"""A game has two, three or four players, each with a different name.

## Why
NAUTICUS is played by two to four; the seat bonuses and the number of rounds depend on
the count, and a name given twice could not tell two players apart.

## Breaks it
```ngn
players: Anna
```

## Keeps it
```ngn
players: Anna, Ben
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="player-count",
                     title="two to four players",
                     section="Spielvorbereitung",
                     section_en="game material")
