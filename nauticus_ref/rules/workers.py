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
from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="workers",
    title="a worker for every use",
    section="2. Blaue Arbeiter auf der Drehscheibe; 3.1",
    section_en="2. Blue Workers on the wheel; 3.1",
)


def used(table: Table, at: moments.WorkerUsed) -> Diagnostic | None:
    """A use past the clause's blue workers needs one of the player's own."""
    if at.used <= at.blue or at.player.workers > 0:
        return None
    return RULE.at(
        at.span,
        _("{player} has no worker left for this use").format(player=at.player.name),
        ngettext(
            "this is use {use}: {n} blue worker from the wheel, then the player's own",
            "this is use {use}: {n} blue workers from the wheel, then the player's own",
            at.blue,
        ).format(use=at.used, n=at.blue),
    )


JUDGES: moments.Judges = {moments.WorkerUsed: used}
EXPLAINS = ("uses", "wheel")
