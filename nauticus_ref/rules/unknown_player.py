"""Every name on a phase, turn, check, setup or final line is one of the header's players.

## Why
Every move, check and score in a record belongs to one of the players named in its
header.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: pass
  Carl: pass
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: pass
  Ben: pass
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="unknown-player",
                     title="players are the header's",
                     section="Spielvorbereitung",
                     section_en="game material")
