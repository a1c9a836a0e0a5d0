"""Rounds are numbered from 1 and follow one another after seven phases each; two players play 4 rounds, three or four players 5.

## Why
Two players play four rounds, three or four players five; every round has its seven
phases before the next begins.

## Breaks it
```ngn
players: Anna, Ben
round 2: goods hulls money transport crowns masts deliver sails
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
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
    id="round-sequence",
    title="rounds in order, four or five of them",
    section="Spielablauf (Übersicht); Spielende",
    section_en="Gameplay (Overview); End of Game",
)


def started(table: Table, at: moments.RoundStart) -> list[Diagnostic]:
    """The round is the one due, and the game has a round left for it."""
    rnd, expected, max_rounds = at.round, table.expected_round, table.max_rounds
    found = []
    if rnd.number != expected:
        found.append(
            RULE.at(
                rnd.span,
                _("round {number} where round {expected} comes next").format(
                    number=rnd.number, expected=expected
                ),
                _("number this round {expected}").format(expected=expected),
            )
        )
    if rnd.number > max_rounds or table.rounds_played >= max_rounds:
        found.append(
            RULE.at(
                rnd.span,
                _("a game of {players} players has {rounds} rounds; this is one too many").format(
                    players=len(table.players), rounds=max_rounds
                ),
                _("the game ended with the last round; remove this one"),
            )
        )
    return found


def cut(table: Table, at: moments.RoundCut) -> Diagnostic | None:
    """A round begins after the round before has had its seven phases."""
    if table.phase_no >= 7:
        return None
    return RULE.at(
        at.round.span,
        _("round {number} begins before round {before} has had its seven phases").format(
            number=at.round.number, before=table.round_no
        ),
        _("record the missing phases and turns of the round before"),
    )


JUDGES: moments.Judges = {moments.RoundStart: started, moments.RoundCut: cut}
