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
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import Check
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="check",
                     title="checkpoints match the replay",
                     section="NGN: Checks and the final score",
                     section_en="NGN: Checks and the final score")


def differences(p: Player, check: Check) -> list[tuple[str, int, int]]:
    """(unit, written, replayed) for each value of `check` the replay does not give `p`."""
    return [(unit, said, real) for unit, said, real in
            (("vp", check.vp, p.vp), ("t", check.taler, p.taler), ("w", check.workers, p.workers))
            if said is not None and said != real]


def check_values(p: Player, check: Check) -> Diagnostic | None:
    """The values `check` writes for `p` are the replay's; after an error that concerned
    `p` the record's values are taken instead (a note)."""
    wrong = differences(p, check)
    if not wrong:
        return None
    said = ", ".join(f"{c}{u}" for u, c, _ in wrong)
    if p.tainted_at is not None:
        real = ", ".join(f"{a}{u}" for u, _, a in wrong)
        return RULE.at(check.span, f"after the error at line {p.tainted_at} the replay has "
                       f"{real}, this check {said}; it goes on from the values written here",
                       severity="note")
    real = ", ".join(f"{a}{u}" for u, _, a in wrong)
    return RULE.at(check.span, f"{p.name} has {real}, not {said}",
                   f"the replay gives {p.name} {p.vp}vp {p.taler}t {p.workers}w here")


def stopped(span: Span, errors: int) -> Diagnostic:
    """The note that ends a replay cut short after `errors` errors."""
    return RULE.at(span, f"stopped after {errors} errors; the rest of the record was not "
                   "replayed", "fix the errors above and run again", severity="note")
