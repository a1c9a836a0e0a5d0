"""The start player chooses one of the action tiles still face up; a tile chosen earlier in the round is flipped and cannot be chosen again (only the Extra Action can use it).

## Why
A chosen action tile is flipped for the rest of the round; only the Extra Action may use
a flipped tile.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 1w
  Ben: pass
2. Ben money bonus whale
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 1w
  Ben: pass
2. Ben hulls bonus whale
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="action-face-up",
    title="only a face-up action can be chosen",
    section="Rundenablauf",
    section_en="Sequence of Play",
)


def chosen(table: Table, at: moments.ActionChosen) -> Diagnostic | None:
    """The chosen action lies face up: dealt, and not flipped yet this round."""
    phase, deal, flipped = at.phase, table.deal, table.flipped
    if phase.action not in deal:
        return RULE.at(
            phase.action_span,
            _("`{action}` is not in the deal of round {round}").format(
                action=phase.action, round=table.round_no
            ),
        )
    if phase.action in flipped:
        return RULE.at(
            phase.action_span,
            _("`{action}` was already taken this round").format(action=phase.action),
            _("face up: {actions}").format(actions=" ".join(a for a in deal if a not in flipped)),
        )
    return None


JUDGES: moments.Judges = {moments.ActionChosen: chosen}
