"""A `check` line's victory points, taler and workers are the player's at that point of the replay.

## Why
A check line is the table's own bookkeeping; when it disagrees with the replay, the
record and the table part ways at that point.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
check Anna: 11vp
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
check Anna: 10vp 15t 4w
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.game.table import Table, differences
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="check",
    title="checkpoints match the replay",
    section="NGN: Checks and the final score",
    section_en="NGN: Checks and the final score",
)


def values(table: Table, at: moments.CheckLine) -> Diagnostic | None:
    """The values the check line writes for the player are the table's; after an error
    that concerned the player the record's values are taken instead (a note)."""
    p = at.player
    c = at.check
    wrong = differences(p, c.vp, c.taler, c.workers)
    if not wrong:
        return None
    said = ", ".join(f"{c}{u}" for u, c, _ in wrong)
    real = ", ".join(f"{a}{u}" for u, _, a in wrong)
    if p.tainted_at is not None:
        return RULE.at(
            at.check.span,
            _(
                "after the error at line {line} the replay has {real}, this check {said}; "
                "it goes on from the values written here"
            ).format(line=p.tainted_at, real=real, said=said),
            severity="note",
        )
    return RULE.at(
        at.check.span,
        _("{player} has {real}, not {said}").format(player=p.name, real=real, said=said),
        _("the replay gives {player} {values} here").format(
            player=p.name, values=f"{p.vp}vp {p.taler}t {p.workers}w"
        ),
    )


def stopped(span: Span, errors: int) -> Diagnostic:
    """The note that ends a replay cut short after `errors` errors."""
    return RULE.at(
        span,
        _("stopped after {errors} errors; the rest of the record was not replayed").format(
            errors=errors
        ),
        _("fix the errors above and run again"),
        severity="note",
    )


JUDGES: moments.Judges = {moments.CheckLine: values}
