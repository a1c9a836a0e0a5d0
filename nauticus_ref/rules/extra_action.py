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
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation.model import ActionClause
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="extra-action",
    title="one Extra Action a game",
    section="5. Extra-Aktion",
    section_en="5. Extra Action",
)


def used(table: Table, at: moments.ExtraActionUsed) -> Diagnostic | None:
    """The player has not used their Extra Action yet."""
    if not at.player.extra_used:
        return None
    return RULE.at(
        at.clause.span,
        _("{player} has used the Extra Action already").format(player=at.player.name),
        _("the Extra Action tile goes back in the box once used"),
    )


def turn(table: Table, at: moments.TurnStart) -> Diagnostic | None:
    """A turn uses the Extra Action at most once."""
    if len(at.turn.clauses) < 2:
        return None
    extras = [c for c in at.turn.clauses if isinstance(c, ActionClause) and c.extra]
    if len(extras) <= 1:
        return None
    return RULE.at(
        extras[1].span,
        _("the Extra Action is used twice"),
        _("each player has one Extra Action tile per game"),
    )


JUDGES: moments.Judges = {moments.ExtraActionUsed: used, moments.TurnStart: turn}
EXPLAINS = ("extra",)
