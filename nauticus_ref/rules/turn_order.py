"""In each phase the start player acts or passes first, then each other player in clockwise order, each exactly once.

## Why
After the start player, each player in clockwise order performs the phase's action or
passes, once.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Ben: pass
  Anna: pass
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

from typing import Sequence

from nauticus_ref.findings import Diagnostic
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import Span, Turn
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="turn-order",
                     title="every player once per phase, clockwise",
                     section="3.1 Grundsätzliches zu Aktionen",
                     section_en="3.1 General rules for actions")


def check(p: Player, turn: Turn, order: Sequence[Player], done: Sequence[Player],
          phase_number: int) -> Diagnostic | None:
    """`p`'s `turn` comes next in the phase's `order` (`done`: who has had theirs)."""
    if p in done:
        return RULE.at(turn.player.span, f"{p.name} already had a turn in phase {phase_number}",
                       "write one turn line per player and phase")
    expected = next((q for q in order if q not in done), None)
    if expected is not None and p is not expected:
        return RULE.at(turn.player.span, f"it is {expected.name}'s turn, not {p.name}'s",
                       "after the start player, turns go clockwise: "
                       + ", ".join(q.name for q in order))
    return None


def check_end(missing: Sequence[Player], at: Span, phase_no: int) -> Diagnostic | None:
    """The phase ends (at `at`) with no player `missing` a turn."""
    if not missing:
        return None
    return RULE.at(at, f"phase {phase_no} ended without a turn for "
                   + ", ".join(p.name for p in missing),
                   "every player has a turn line in every phase, `pass` if nothing else")
