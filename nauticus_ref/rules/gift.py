"""Buying all four kinds of a tile in one clause gives one more tile of that tile for free, of any of its four kinds, without a worker; it goes to storage.  Not taking it is a warning.

## Why
Buying all four kinds of a tile in one action earns a fifth tile of that action for
free; it comes once the fourth kind is bought, and it is stored, being free.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee grain >store, +salt >store
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: coffee grain salt fish >store, +salt >store
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="gift",
    title="the free tile for buying all four",
    section="3.1 Grundsätzliches zu Aktionen",
    section_en="3.1 General rules for actions",
)


def written(table: Table, at: moments.GiftWritten) -> Diagnostic | None:
    """The free tile stands after the purchases that complete the four kinds."""
    if not at.all_four or at.bought >= at.regular:
        return None
    return RULE.at(
        at.placement.span,
        _("the free tile is written before the purchases that complete the four kinds"),
        _("move the `+` placement after the placement that buys the fourth kind"),
    )


def taken(table: Table, at: moments.Gift) -> Diagnostic | None:
    """The `n`th free tile of a clause: earned, the only one, one tile of the action's."""
    clause, pl = at.clause, at.placement
    kind = vocab.ITEM_KIND_OF_ACTION[clause.action]
    if not at.all_four:
        return RULE.at(
            pl.span,
            _("a free tile comes only with buying all four kinds in the clause"),
            _("remove the `+` placement, or buy the missing kinds"),
        )
    if at.n > 1:
        return RULE.at(pl.span, _("only one free tile per clause"), _("keep one `+` placement"))
    item = pl.items[0]
    if sum(i.count for i in pl.items) != 1 or item.kind != kind or item.name == "crown":
        first = table.board.tiles[clause.action][0]
        return RULE.at(
            pl.span,
            _("the free tile is one {kind} of the `{action}` tile").format(
                kind=kind, action=clause.action
            ),
            _("write one item, like `{item}`").format(
                item=f"+{first}{'' if kind in ('hull', 'good') else ' ' + kind} >store"
            ),
        )
    return None


def left(table: Table, at: moments.PurchaseEnd) -> Diagnostic | None:
    """Buying all four kinds earns a free tile: not writing one is a warning."""
    if not at.all_four or at.gifts:
        return None
    return RULE.at(
        at.clause.span,
        _("{player} bought all four kinds and took no free tile").format(player=at.player.name),
        _("write the free tile as `+<item> >store`"),
        severity="warning",
    )


JUDGES: moments.Judges = {
    moments.GiftWritten: written,
    moments.Gift: taken,
    moments.PurchaseEnd: left,
}
EXPLAINS = ("gift",)
