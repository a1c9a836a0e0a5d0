"""All regular masts and sails of a ship share one crest; crown masts and sails are jokers that go with any.

## Why
A ship sails under one crest: its regular masts and sails all show the same crest, and
crowns join any.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow, stern, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: anchor mast >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow, stern, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: whale mast >A
```
"""

from __future__ import annotations

from typing import Callable

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Ship
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="one-crest",
                     title="one crest per ship",
                     section="3.2.1.2 Mast kaufen; 3.2.1.3 Segel kaufen",
                     section_en="Buy Mast; Buy Sails",
                     help="a ship's masts and sails share one crest; crowns go with any")


def check(ship: Ship, crest: str, span: Span, word: Callable[[str], str]) -> Diagnostic | None:
    """A mast or sail of `crest` goes with the crest `ship` carries (crowns with any)."""
    if crest == "crown" or ship.crest in (None, crest):
        return None
    return RULE.at(span, f"`{ship.name}` carries {word(ship.crest or '')}, not {word(crest)}")
