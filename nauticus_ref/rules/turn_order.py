"""In each phase the start player acts or passes first, then each other player in clockwise order, each exactly once.

## Why
After the start player, each player in clockwise order performs the phase's action or
passes, once.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Ben: pass
  Anna: pass
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna goods
  Anna: pass
  Ben: pass
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic, swap, whole_line
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="turn-order",
    title="every player once per phase, clockwise",
    section="3.1 Grundsätzliches zu Aktionen",
    section_en="3.1 General rules for actions",
)


def turn(table: Table, at: moments.TurnStart) -> Diagnostic | None:
    """The player's turn comes next in the phase's order.  With the record's lines, a
    turn written before the one due is mended by swapping the two lines, if the one due
    comes later in the phase."""
    p, t, phase, lines = at.player, at.turn, table.phase, at.lines
    assert phase is not None, "a turn is judged inside a phase"
    if p in phase.done:
        return RULE.at(
            t.player.span,
            _("{player} already had a turn in phase {phase}").format(
                player=p.name, phase=phase.number
            ),
            _("write one turn line per player and phase"),
        )
    expected = next((q for q in phase.order if q not in phase.done), None)
    if expected is not None and p is not expected:
        due = next(
            (u for u in at.turns if u.player.key == expected.key and u.span.line > t.span.line),
            None,
        )
        fixes = (
            (
                swap(
                    lines,
                    whole_line(lines, t.span.line),
                    whole_line(lines, due.span.line),
                    _("swap the turn lines of {player} and {other}").format(
                        player=p.name, other=expected.name
                    ),
                ),
            )
            if due is not None and lines is not None
            else ()
        )
        return RULE.at(
            t.player.span,
            _("it is {player}'s turn, not {other}'s").format(player=expected.name, other=p.name),
            _("after the start player, turns go clockwise: {players}").format(
                players=", ".join(q.name for q in phase.order)
            ),
            fixes=fixes,
        )
    return None


def ended(table: Table, at: moments.PhaseEnd) -> Diagnostic | None:
    """The phase ends with no player missing a turn."""
    if not at.missing:
        return None
    return RULE.at(
        at.at,
        _("phase {phase} ended without a turn for {players}").format(
            phase=table.phase_no, players=", ".join(p.name for p in at.missing)
        ),
        _("every player has a turn line in every phase, `pass` if nothing else"),
    )


JUDGES: moments.Judges = {moments.TurnStart: turn, moments.PhaseEnd: ended}
