"""Every name on a phase, turn, check, setup or final line is one of the header's players.

## Why
Every move, check and score in a record belongs to one of the players named in its
header.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: pass
  Carl: pass
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

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="unknown-player",
    title="players are the header's",
    section="Spielvorbereitung",
    section_en="game material",
)


def named(table: Table, at: moments.PlayerNamed) -> Diagnostic | None:
    """The name is one of the table's players (by casefolded name)."""
    if at.name.key in table.by_key:
        return None
    known = ", ".join(p.name for p in table.by_key.values())
    return RULE.at(
        at.name.span,
        _("`{name}` is not a player of this game").format(name=at.name.text),
        _("the players are {players}").format(players=known),
    )


JUDGES: moments.Judges = {moments.PlayerNamed: named}
