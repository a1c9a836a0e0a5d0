"""Each worker on the crowns action earns as many points as the player has crowns (crown masts and sails owned, flipped pass tiles), at most 15 a round; the Extra Action on crowns has a cap of its own.  Workers beyond the cap earn nothing (a note).

## Why
Crowns score up to 15 points a round (the Extra Action has its own cap); workers spent
beyond it earn nothing, which is legal but worth a note.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 3 crown sail
round 1: goods hulls money transport crowns masts deliver sails
1. Anna crowns
  Anna: 6w
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 3 crown sail
round 1: goods hulls money transport crowns masts deliver sails
1. Anna crowns
  Anna: 5w = 15vp
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.table import Table
from nauticus_ref.notation.vocab import count
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="crown-cap",
    title="at most 15 points from crowns a round",
    section="3.2.2.4 Wertung der Kronen",
    section_en="Scoring the Crowns",
    severity="note",
)


def scored(table: Table, at: moments.CrownsScored) -> Diagnostic | None:
    """Crowns x workers within the room left under the cap: workers past it earn nothing
    (a note)."""
    crowns, workers, room = at.crowns, at.workers, at.room
    raw = crowns * workers
    if raw <= room:
        return None
    useful = -(-room // crowns) if crowns else 0
    wasted = workers - useful
    if wasted <= 0:
        return None
    return RULE.at(
        at.span,
        _("{crowns} x {workers} = {raw} points, capped at {room}: {wasted} earned nothing").format(
            crowns=count(crowns, "crown"),
            workers=count(workers, "worker"),
            raw=raw,
            room=room,
            wasted=count(wasted, "worker"),
        ),
        ngettext("{workers} reaches the cap", "{workers} reach the cap", useful).format(
            workers=count(useful, "worker")
        ),
        severity="note",
    )


JUDGES: moments.Judges = {moments.CrownsScored: scored}
EXPLAINS = ("crowns",)
