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
from nauticus_ref.game.state import Player
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import ActionClause, Placement
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="gift",
                     title="the free tile for buying all four",
                     section="3.1 Grundsätzliches zu Aktionen",
                     section_en="3.1 General rules for actions")


def check_order(pl: Placement, all_four: bool, bought: set[str],
                regular: set[str]) -> Diagnostic | None:
    """The free tile `pl` stands after the purchases that complete the four kinds
    (`bought` so far of the action's `regular` ones)."""
    if not all_four or bought >= regular:
        return None
    return RULE.at(pl.span, "the free tile is written before the purchases that complete the "
                   "four kinds", "move the `+` placement after the placement that buys the "
                   "fourth kind")


def check(clause: ActionClause, pl: Placement, all_four: bool, n: int,
          first_tile: str) -> Diagnostic | None:
    """The `n`th free tile `pl` of `clause`: earned, the only one, one tile of the action's
    (`first_tile`: the first the action's tile shows, for the example)."""
    kind = vocab.ITEM_KIND_OF_ACTION[clause.action]
    if not all_four:
        return RULE.at(pl.span, "a free tile comes only with buying all four kinds in the "
                       "clause", "remove the `+` placement, or buy the missing kinds")
    if n > 1:
        return RULE.at(pl.span, "only one free tile per clause", "keep one `+` placement")
    item = pl.items[0]
    if sum(i.count for i in pl.items) != 1 or item.kind != kind or item.name == "crown":
        return RULE.at(pl.span, f"the free tile is one {kind} of the `{clause.action}` tile",
                       f"write one item, like `+{first_tile}"
                       f"{'' if kind in ('hull', 'good') else ' ' + kind} >store`")
    return None


def check_taken(p: Player, clause: ActionClause, all_four: bool, gifts: int) -> Diagnostic | None:
    """Buying all four kinds earns a free tile: not writing one is a warning."""
    if not all_four or gifts:
        return None
    return RULE.at(clause.span, f"{p.name} bought all four kinds and took no free tile",
                   "write the free tile as `+<item> >store`", severity="warning")
