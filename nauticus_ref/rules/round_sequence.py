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
from nauticus_ref.notation.model import Round
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="round-sequence",
                     title="rounds in order, four or five of them",
                     section="Spielablauf (Übersicht); Spielende",
                     section_en="Gameplay (Overview); End of Game")


def check(rnd: Round, expected: int, max_rounds: int, rounds_played: int,
          players: int) -> list[Diagnostic]:
    """`rnd` is round `expected`, and the game has a round left for it."""
    found = []
    if rnd.number != expected:
        found.append(RULE.at(rnd.span, f"round {rnd.number} where round {expected} comes next",
                             f"number this round {expected}"))
    if rnd.number > max_rounds or rounds_played >= max_rounds:
        found.append(RULE.at(rnd.span, f"a game of {players} players has {max_rounds} rounds; "
                             "this is one too many",
                             "the game ended with the last round; remove this one"))
    return found


def check_early(rnd: Round, round_no: int, phases: int) -> Diagnostic | None:
    """`rnd` begins after round `round_no` has had its seven phases (`phases` so far)."""
    if phases >= 7:
        return None
    return RULE.at(rnd.span, f"round {rnd.number} begins before round {round_no} has had its "
                   "seven phases", "record the missing phases and turns of the round before")
