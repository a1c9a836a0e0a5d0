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
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="start-player",
    title="the start player moves clockwise",
    section="6. Ende einer Aktionsphase",
    section_en="6. End of Action Phase",
)


def started(table: Table, at: moments.StartPlayer) -> Diagnostic | None:
    """The start player written on the phase line is the one due."""
    if at.written is at.expected:
        return None
    return RULE.at(
        at.phase.player.span,
        _("{player} is the start player of round {round} phase {phase}, not {written}").format(
            player=at.expected.name,
            round=table.round_no,
            phase=table.phase_no,
            written=at.written.name,
        ),
        _(
            "the start player passes one seat clockwise after every phase, also from "
            "one round to the next"
        ),
    )


JUDGES: moments.Judges = {moments.StartPlayer: started}
