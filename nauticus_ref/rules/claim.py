"""A claim after `=` (taler paid for a clause, taler received from money, points received from crowns) must be what the rules give.

## Why
A written amount is a check the players made at the table; when it disagrees with the
rules, one of the two is wrong and the table should know.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 2w = 5t
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 2w = 4t
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
    id="claim",
    title="written amounts are checked",
    section="3.2.1; 3.2.2.2; 3.2.2.4",
    section_en="Buy actions; Withdraw money; Scoring the Crowns",
)


def claimed(table: Table, at: moments.Claimed) -> Diagnostic | None:
    """A written price, income or score is the actual one; `working` shows it."""
    claim, actual, unit = at.claim, at.actual, at.unit
    if claim.value == actual:
        return None
    return RULE.at(
        claim.span,
        _("{what} {actual}, not {written}").format(
            what=at.what, actual=f"{actual}{unit}", written=f"{claim.value}{unit}"
        ),
        at.working,
        fixes=(replace(claim.span, f"= {actual}{unit}"),),
    )


JUDGES: moments.Judges = {moments.Claimed: claimed}
