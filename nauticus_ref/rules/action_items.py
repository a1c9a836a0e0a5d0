"""Each buying action buys the tiles of its own tile: hulls buys hull parts, masts masts, sails sails, goods goods.

## Why
Each buying action sells the tiles printed on its own action tile, and nothing else.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: bow >store
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
  Anna: grain >store
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
    id="action-items",
    title="the action's own tiles",
    section="3.2.1 Kostenpflichtige Aktionen",
    section_en="3.2.1 Chargeable actions",
)


def bought(table: Table, at: moments.ItemBought) -> Diagnostic | None:
    """A buying action buys tiles of its own kind."""
    item, kind = at.item, at.kind
    if item.kind == kind:
        return None
    return RULE.at(
        item.span,
        _("`{action}` buys {kind}s, not {tile}").format(
            action=at.action, kind=kind, tile=table.tile((item.kind, item.name))
        ),
        _("buy it in a `{action}` phase").format(action=vocab.ACTION_OF_ITEM_KIND[item.kind]),
    )


JUDGES: moments.Judges = {moments.ItemBought: bought}
