"""Rounds are numbered from 1 and follow one another after seven phases each; two players play 4 rounds, three or four players 5.

## Why
Two players play four rounds, three or four players five; every round has its seven
phases before the next begins.

## Breaks it
```ngn
players: Anna, Ben
round 2: goods hulls money transport crowns masts deliver sails
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
```
"""

from __future__ import annotations

from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="round-sequence",
                     title="rounds in order, four or five of them",
                     section="Spielablauf (Übersicht); Spielende",
                     section_en="Gameplay (Overview); End of Game")
