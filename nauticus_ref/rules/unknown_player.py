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

from typing import Mapping

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import Name
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="unknown-player",
                     title="players are the header's",
                     section="Spielvorbereitung",
                     section_en="game material")


def check(name: Name, players: Mapping[str, Player]) -> Diagnostic | None:
    """`name` is one of `players` (by casefolded name, in seat order)."""
    if name.key in players:
        return None
    known = ", ".join(p.name for p in players.values())
    return RULE.at(name.span, f"`{name.text}` is not a player of this game",
                   f"the players are {known}")
