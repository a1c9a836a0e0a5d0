"""A `final:` line after the last round gives each player's total of the final scoring: the track, completed ships, delivered goods and material (1 VP per 3 taler).

## Why
The final line is the table's score sheet; it must agree with the final scoring of the
replayed game.

## Breaks it
```ngn
players: Anna, Ben
setup: round 4 phase 7, flipped hulls masts sails goods transport money
  Anna: 8t 2w 50vp
  Anna ship A: 1ship, whale mast, whale sail
  Ben: 20vp
round 4: hulls masts sails goods transport money crowns deliver
7. Ben crowns
  Ben: pass
  Anna: pass
final: Anna 52, Ben 24
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 4 phase 7, flipped hulls masts sails goods transport money
  Anna: 8t 2w 50vp
  Anna ship A: 1ship, whale mast, whale sail
  Ben: 20vp
round 4: hulls masts sails goods transport money crowns deliver
7. Ben crowns
  Ben: pass
  Anna: pass
final: Anna 52, Ben 25
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="final-score",
                     title="the final line matches the scoring",
                     section="Spielende",
                     section_en="End of Game")
