"""Each round deals all eight action tiles, one to each board space, so the round line names every action exactly once.

## Why
Before each round the eight action tiles are shuffled and laid one on each board space;
the space a tile lies on decides its bonus, its prices and its blue workers.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods goods money transport crowns masts deliver sails
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
```
"""

from __future__ import annotations

from collections import Counter

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="deal",
    title="the eight action tiles are dealt",
    section="Vorbereitung einer neuen Runde",
    section_en="Preparation of a New Round",
)


def dealt(table: Table, at: moments.Deal) -> Diagnostic | None:
    """The round's deal lays each action tile once."""
    counts = Counter(at.round.deal)
    twice = [a for a, n in counts.items() if n > 1]
    if not twice:
        return None
    missing = [a for a in vocab.ACTIONS if a not in counts]
    return RULE.at(
        at.round.span,
        _("`{action}` is dealt {n} times").format(action=twice[0], n=counts[twice[0]]),
        _("each action lies once; missing: {actions}").format(actions=" ".join(missing)),
    )


JUDGES: moments.Judges = {moments.Deal: dealt}
