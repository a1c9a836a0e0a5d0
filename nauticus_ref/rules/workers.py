"""Every use of an action takes one worker: first the blue workers the wheel shows at the action's space, then the player's own.  Blue workers serve only the phase's action and lapse if unused.

## Why
Every use of an action costs a worker: the blue workers the wheel shows at the action's
space come first and lapse if unused, then the player's own.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 6w
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 5w = 10t
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="workers",
                     title="a worker for every use",
                     section="2. Blaue Arbeiter auf der Drehscheibe; 3.1",
                     section_en="2. Blue Workers on the wheel; 3.1")


def check(p: Player, used: int, blue: int, span: Span) -> Diagnostic | None:
    """Use number `used` of a clause, past its `blue` workers, needs one of `p`'s own."""
    if used <= blue or p.workers > 0:
        return None
    return RULE.at(span, f"{p.name} has no worker left for this use",
                   f"this is use {used}: {blue} blue worker{'s' if blue != 1 else ''} from "
                   "the wheel, then the player's own")
