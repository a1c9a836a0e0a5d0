"""A bonus that needs no choice may be written (`bonus 3w`); it must be the bonus of the space where the chosen action lies this round.

## Why
A bonus written as a claim must be the one printed at the space where the chosen action
lies this round, or the record says something that did not happen.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 2w
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods bonus 3w
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic, replace
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="bonus-claim",
    title="a bonus written as a claim",
    section="Durchführen einer Aktion: 1. Bonus",
    section_en="Performing an action: 1. Bonus",
)


def claimed(table: Table, at: moments.BonusClaimed) -> Diagnostic | None:
    """A bonus written as a claim (`bonus 2vp`) is the bonus of the space."""
    phase, kind = at.phase, at.kind
    b = phase.bonus
    if b is None or b.kind != "claim" or b.value == kind:
        return None
    return RULE.at(
        b.span,
        _(
            "`{action}` lies on the {kind} space this round, so its bonus is {kind}, not {value}"
        ).format(action=phase.action, kind=kind, value=b.value),
        (
            _("write `bonus {kind}` or leave the claim out")
            if kind in vocab.CLAIMABLE_BONUSES
            else _("name your choice for the {kind} bonus")
        ).format(kind=kind),
        fixes=(replace(b.span, kind, _("write `{text}`").format(text=f"bonus {kind}")),)
        if kind in vocab.CLAIMABLE_BONUSES
        else (),
    )


JUDGES: moments.Judges = {moments.BonusClaimed: claimed}
