"""Once a game, during a turn, a player may take 2 workers and perform any action, even a flipped one, with no blue workers and first tiles at 2 taler.

## Why
Each player has one Extra Action tile for the whole game: 2 workers and any action, even
a flipped one, before or after the current action.

## Breaks it
```ngn
players: Anna, Ben
setup: round 2 phase 1
  Anna: extra used
round 2: goods hulls money transport crowns masts deliver sails
1. Ben money bonus whale
  Ben: pass
  Anna: pass; extra money: 1w
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: pass; extra money: 1w
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import ActionClause, Turn
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="extra-action",
                     title="one Extra Action a game",
                     section="5. Extra-Aktion",
                     section_en="5. Extra Action")


def check(p: Player, clause: ActionClause) -> Diagnostic | None:
    """`p` has not used their Extra Action yet."""
    if not p.extra_used:
        return None
    return RULE.at(clause.span, f"{p.name} has used the Extra Action already",
                   "the Extra Action tile goes back in the box once used")


def check_turn(turn: Turn) -> Diagnostic | None:
    """A turn uses the Extra Action at most once."""
    extras = [c for c in turn.clauses if isinstance(c, ActionClause) and c.extra]
    if len(extras) <= 1:
        return None
    return RULE.at(extras[1].span, "the Extra Action is used twice",
                   "each player has one Extra Action tile per game")
