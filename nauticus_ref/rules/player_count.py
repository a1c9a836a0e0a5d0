"""A game has two, three or four players, each with a different name.

## Why
NAUTICUS is played by two to four; the seat bonuses and the number of rounds depend on
the count, and a name given twice could not tell two players apart.

## Breaks it
```ngn
players: Anna
```

## Keeps it
```ngn
players: Anna, Ben
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
    id="player-count",
    title="two to four players",
    section="Spielvorbereitung",
    section_en="game material",
)


def opening(table: Table, at: moments.Opening) -> list[Diagnostic]:
    """The `players:` line names 2 to 4 players, each once."""
    found = []
    seen: set[str] = set()
    for name in at.header.players:
        if name.key in seen:
            found.append(
                RULE.at(
                    name.span,
                    _("`{name}` is named twice").format(name=name.text),
                    _("give every player a different name"),
                )
            )
        seen.add(name.key)
    if not 2 <= len(seen) <= 4:
        found.append(
            RULE.at(
                at.span,
                _("a game has 2 to 4 players, not {n}").format(n=len(seen)),
                _("list 2 to 4 players in seat order"),
            )
        )
    return found


JUDGES: moments.Judges = {moments.Opening: opening}
