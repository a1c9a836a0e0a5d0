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

from nauticus_ref.core.findings import Diagnostic, swap, whole_line
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import Turn
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="turn-order",
                     title="every player once per phase, clockwise",
                     section="3.1 Grundsätzliches zu Aktionen",
                     section_en="3.1 General rules for actions")


def check(p: Player, turn: Turn, order: Sequence[Player], done: Sequence[Player],
          phase_number: int, turns: Sequence[Turn] = (),
          lines: Sequence[str] | None = None) -> Diagnostic | None:
    """`p`'s `turn` comes next in the phase's `order` (`done`: who has had theirs).
    With the phase's `turns` and the record's `lines`, a turn written before the one
    due is mended by swapping the two lines, if the one due comes later."""
    if p in done:
        return RULE.at(turn.player.span, f"{p.name} already had a turn in phase {phase_number}",
                       "write one turn line per player and phase")
    expected = next((q for q in order if q not in done), None)
    if expected is not None and p is not expected:
        due = next((t for t in turns if t.player.key == expected.key
                    and t.span.line > turn.span.line), None)
        fixes = (swap(lines, whole_line(lines, turn.span.line), whole_line(lines, due.span.line),
                      f"swap the turn lines of {p.name} and {expected.name}"),) \
            if due is not None and lines is not None else ()
        return RULE.at(turn.player.span, f"it is {expected.name}'s turn, not {p.name}'s",
                       "after the start player, turns go clockwise: "
                       + ", ".join(q.name for q in order), fixes=fixes)
    return None


def check_end(missing: Sequence[Player], at: Span, phase_no: int) -> Diagnostic | None:
    """The phase ends (at `at`) with no player `missing` a turn."""
    if not missing:
        return None
    return RULE.at(at, f"phase {phase_no} ended without a turn for "
                   + ", ".join(p.name for p in missing),
                   "every player has a turn line in every phase, `pass` if nothing else")
