"""A tile received without paying taler (bought at 0 taler, the free tile for all four, a bonus, a reward) goes to storage first; only tiles paid for in taler may go straight onto a ship.

## Why
The golden rule: whatever a player receives without paying taler goes to storage first;
only tiles paid for in taler may go straight onto a ship.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >new A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >store
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic, replace
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="golden-rule",
    title="free tiles go to storage",
    section="Die Goldene Regel",
    section_en="The Golden Rule",
)


def gift(table: Table, at: moments.GiftStored) -> Diagnostic | None:
    """The free tile goes to storage."""
    pl = at.placement
    if pl.dest.kind == "store":
        return None
    return RULE.at(
        pl.dest.span,
        _("the free tile must go to storage"),
        _("write `>store`: every tile received without paying taler is stored first"),
        fixes=(replace(pl.dest.span, ">store"),),
    )


def bought(table: Table, at: moments.BoughtFor) -> Diagnostic | None:
    """A tile bought for 0 taler goes to storage, not onto a ship."""
    pl = at.placement
    if at.price != 0 or pl.dest.kind == "store":
        return None
    name = table.tile(at.tile)
    return RULE.at(
        pl.dest.span,
        _("the {tile} cost 0 taler, so it goes to storage first").format(tile=name),
        _("write `{tile} >store`, and move it to a ship with a transport action").format(tile=name),
        fixes=(replace(pl.dest.span, ">store"),),
    )


JUDGES: moments.Judges = {moments.GiftStored: gift, moments.BoughtFor: bought}
