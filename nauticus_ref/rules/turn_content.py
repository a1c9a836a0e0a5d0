"""A turn either performs the phase's action, at least once, or passes; the Extra Action may come before or after either.

## Why
A player either performs the phase's action, at least once, or passes (and flips a pass
tile); doing both, or neither, is not a turn.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: grain >store; pass
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: grain >store
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation.model import ActionClause
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="turn-content",
    title="act or pass",
    section="3.1 Grundsätzliches zu Aktionen; 3.3 Passen",
    section_en="3.1 General rules for actions; 3.3 Passing",
)


def turn(table: Table, at: moments.TurnStart) -> Diagnostic | None:
    """The turn performs the phase's action or passes, once."""
    clauses = at.turn.clauses
    if len(clauses) == 1 and not (isinstance(clauses[0], ActionClause) and clauses[0].extra):
        return None  # one action or one pass: most turns
    main = [c for c in clauses if isinstance(c, ActionClause) and not c.extra]
    passes = [c for c in clauses if not isinstance(c, ActionClause)]
    if main and passes:
        return RULE.at(
            passes[0].span,
            _("a player either performs the action or passes, not both"),
            _("keep the action or the `pass`"),
        )
    if len(main) + len(passes) > 1:
        return RULE.at(
            (main + passes)[1].span,
            _("the turn acts or passes more than once"),
            _(
                "write all placements of the action in one clause, separated by commas, "
                "or one `pass`"
            ),
        )
    if not main and not passes:
        return RULE.at(
            at.turn.span,
            _("the turn neither performs the phase's action nor passes"),
            _("add `pass` if the player did not perform the action"),
        )
    return None


def uses(table: Table, at: moments.ActionUsed) -> Diagnostic | None:
    """Money and crowns are used at least once."""
    if at.clause.workers != 0:
        return None
    return RULE.at(
        at.clause.span,
        _("an action is used at least once"),
        _("write `pass` if the player did not perform the action"),
    )


JUDGES: moments.Judges = {moments.TurnStart: turn, moments.ActionUsed: uses}
