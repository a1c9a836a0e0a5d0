"""Ship tiles and goods are limited to the box's count; once a stack is empty nobody can buy or receive that tile.  Delivered goods never return to the supply.

## Why
Tiles are limited to what the box holds; an empty stack can neither be bought nor
received in any other way.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 9 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: middle >store
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna store: 9 middle
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >store
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import N_, _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="supply",
    title="tiles are limited",
    section="Hinweis zum Umgang mit dem Spielmaterial",
    section_en="Note on using the play materials",
)


def taken(table: Table, at: moments.FromSupply) -> Diagnostic | None:
    """The stack of the tile has a tile to take (`verb`: buy, take, receive)."""
    if table.supply.get(at.tile, 0) > 0:
        return None
    return RULE.at(
        at.span,
        _("the {tile} stack is empty").format(tile=table.tile(at.tile)),
        _("nobody can {verb} a tile of an empty stack").format(verb=_(at.verb)),
    )


def bonus(table: Table, at: moments.BonusEmpty) -> Diagnostic | None:
    """With every stack the bonus could come from empty, no choice is written (reading
    11)."""
    b, kind = at.bonus, at.kind
    if b is None or b.kind == "claim":
        return None
    return RULE.at(
        b.span,
        (
            _("every stack of goods is empty: the bonus has no good to give")
            if kind == "w+good"
            else _("every stack of regular {kind}s is empty: the bonus has no {kind} to give")
        ).format(kind=kind),
        _("leave out `{bonus}`").format(
            bonus=f"bonus {b.value if b.kind == 'good' else table.word(b.value)}"
        ),
    )


#: The verbs a `FromSupply` moment may say (for the catalogs).
VERBS = (N_("buy"), N_("take"), N_("receive"))

JUDGES: moments.Judges = {moments.FromSupply: taken, moments.BonusEmpty: bonus}
EXPLAINS = ("empty-stack",)
