"""Storage has 12 spaces; a mast takes two, any other tile one.  A paid tile cannot be stored in a full storage; a free tile that finds it full is forfeited (a note) and stays in the supply.

## Why
The storage has twelve spaces, a mast takes two; a paid tile that does not fit cannot be
bought to store, a free one is lost.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 6 whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee >store
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 5 whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee >store
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.state import spaces
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="storage",
    title="twelve storage spaces",
    section="3.2.2.1 Transport",
    section_en="Transport",
)


def stored(table: Table, at: moments.Stored) -> Diagnostic | None:
    """A tile finds room in the player's storage.  A bought one that does not is lost (an
    error); a free one is forfeited, which is no mistake (a note)."""
    p, tile = at.player, at.tile
    free = p.storage_free
    if free >= spaces(tile):
        return None
    if not at.paid:
        what = (
            _("{what} ({tile})").format(what=at.what, tile=table.tile(tile))
            if at.what
            else _("free {tile}").format(tile=table.tile(tile))
        )
        return RULE.at(
            at.span,
            _("{player}'s storage is full: the {what} is forfeited and stays in the supply").format(
                player=p.name, what=what
            ),
            severity="note",
        )
    return RULE.at(
        at.span,
        ngettext(
            "{player}'s storage has {free} free space, a {tile} takes {spaces}; the tile is lost",
            "{player}'s storage has {free} free spaces, a {tile} takes {spaces}; the tile is lost",
            free,
        ).format(player=p.name, free=free, tile=table.tile(tile), spaces=spaces(tile)),
        _("place it on a ship, or do not buy it"),
    )


JUDGES: moments.Judges = {moments.Stored: stored}
EXPLAINS = ("storage",)
