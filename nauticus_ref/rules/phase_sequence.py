"""A round has seven action phases, numbered 1 to 7 in the order played; the eighth action is not played.

## Why
Each round has seven action phases, one per action chosen; the eighth tile stays
unplayed.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
2. Anna hulls bonus whale
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic, replace
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="phase-sequence",
    title="seven phases in order",
    section="Rundenablauf",
    section_en="Sequence of Play",
)


def started(table: Table, at: moments.PhaseStart) -> Diagnostic | None:
    """The phase is the next of a round in play."""
    phase, expected = at.phase, table.phase_no + 1
    if table.round_ended or expected > 7:
        return RULE.at(
            phase.span,
            _("a round has seven phases; this is an eighth"),
            _("start the next round with its round line"),
        )
    if phase.number != expected:
        number = Span(
            line=phase.span.line,
            column=phase.span.column,
            end_line=phase.span.line,
            end_column=phase.span.column + len(str(phase.number)),
        )
        return RULE.at(
            phase.span,
            _("phase {number} where phase {expected} comes next").format(
                number=phase.number, expected=expected
            ),
            _("number this phase {expected}").format(expected=expected),
            fixes=(
                replace(
                    number,
                    str(expected),
                    _("number this phase {expected}").format(expected=expected),
                ),
            ),
        )
    return None


JUDGES: moments.Judges = {moments.PhaseStart: started}
