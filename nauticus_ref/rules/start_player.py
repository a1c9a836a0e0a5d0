"""The first player named starts; after every phase the start player passes one seat clockwise, and carries on so from one round to the next.

## Why
The start player chooses the action and takes its bonus; the role passes one seat
clockwise after every phase, so that every player chooses in turn.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Ben hulls bonus whale
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import Phase
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="start-player",
                     title="the start player moves clockwise",
                     section="6. Ende einer Aktionsphase",
                     section_en="6. End of Action Phase")


def check(phase: Phase, written: Player, expected: Player, round_no: int,
          phase_no: int) -> Diagnostic | None:
    """The start player `written` on `phase` is the `expected` one."""
    if written is expected:
        return None
    return RULE.at(phase.player.span, f"{expected.name} is the start player of round "
                   f"{round_no} phase {phase_no}, not {written.name}",
                   "the start player passes one seat clockwise after every phase, also from "
                   "one round to the next")
