"""A setup block names a round and phase that exist, lists the actions already flipped (one per phase played), fits every storage and ship within the rules and the box.

## Why
A position must be one a real game can reach, or the referee would judge moves from a
table that could never exist.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 3
round 1: goods hulls money transport crowns masts deliver sails
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 3, flipped goods hulls
round 1: goods hulls money transport crowns masts deliver sails
```
"""

from __future__ import annotations

from typing import Sequence

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import STORAGE_SPACES, Player
from nauticus_ref.notation.model import Action, Round, Setup, SetupPlayer, SetupTiles
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="setup",
                     title="a setup position the game can reach",
                     section="Spielvorbereitung; NGN: Starting from a position (setup)",
                     section_en="game material; NGN: Starting from a position (setup)")


def check(s: Setup, players: int, max_rounds: int) -> list[Diagnostic]:
    """The setup's round, phase and flipped actions are a place a game of `players` has."""
    found = []
    if not 1 <= s.round <= max_rounds:
        found.append(RULE.at(s.span, f"a game of {players} players has rounds 1 to "
                             f"{max_rounds}, not {s.round}"))
    if not 1 <= s.phase <= 7:
        found.append(RULE.at(s.span, f"a round has phases 1 to 7, not {s.phase}"))
    if len(s.flipped) != s.phase - 1 and 1 <= s.phase <= 7:
        found.append(RULE.at(s.span, f"phase {s.phase} comes after {s.phase - 1} flipped "
                             f"action{'s' if s.phase != 2 else ''}, the setup lists "
                             f"{len(s.flipped)}",
                             "list the actions already taken this round after `flipped`"))
    if len(set(s.flipped)) != len(s.flipped):
        found.append(RULE.at(s.span, "an action is flipped twice", "list each action once"))
    return found


def check_player(p: Player, sp: SetupPlayer, s: Setup) -> list[Diagnostic]:
    """`p`'s pass tiles and Extra Action are ones the game can have used by then."""
    found = []
    played = max(0, s.phase - 1)   # phases already played this round
    if sp.passed is not None and sp.passed > played:
        found.append(RULE.at(sp.span, f"{p.name} has flipped {sp.passed} pass "
                             f"tile{'s' if sp.passed != 1 else ''} before phase {s.phase}, "
                             f"after {played} phase{'s' if played != 1 else ''} of the round",
                             "a pass tile is flipped by passing in a phase played this round"))
    if sp.extra_used and s.round <= 1 and played == 0:
        found.append(RULE.at(sp.span, f"{p.name}'s Extra Action is used before any phase of "
                             "the game was played", "leave out `extra used`, or set the "
                             "position later in the game"))
    return found


def check_storage(p: Player, tiles: SetupTiles) -> Diagnostic | None:
    """`p`'s storage, as the setup fills it, holds what it lists."""
    if p.storage_used <= STORAGE_SPACES:
        return None
    return RULE.at(tiles.span, f"{p.name}'s storage holds {STORAGE_SPACES} spaces, the setup "
                   f"fills {p.storage_used}", "a mast takes two spaces, any other tile one")


def check_box(span: Span, name: str, in_box: int, used: int) -> Diagnostic | None:
    """The setup uses no more tiles of a kind (`name`) than the box has."""
    if used <= in_box:
        return None
    return RULE.at(span, f"the box has {in_box} {name} tiles, the setup uses {used}",
                   "check the tiles listed in the setup")


def check_ship_name(p: Player, tiles: SetupTiles) -> Diagnostic | None:
    """Each ship of the setup has its own name."""
    assert tiles.ship is not None, "a ship line names its ship"
    if tiles.ship.key not in p.ships:
        return None
    return RULE.at(tiles.span, f"{p.name} has two ships called `{tiles.ship.text}`",
                   "give each ship its own name")


def check_ship(ship_name: str, problem: Diagnostic | None) -> Diagnostic | None:
    """A tile of a setup ship fits there (`problem`: the placing rules' finding)."""
    if problem is None:
        return None
    return RULE.at(problem.span, f"ship `{ship_name}`: {problem.message}",
                   "list hull parts from bow to stern, then masts, sails and goods")


def check_round(s: Setup, rnd: Round) -> Diagnostic | None:
    """The round line after the setup is the setup's round."""
    if rnd.number == s.round:
        return None
    return RULE.at(rnd.span, f"the setup is in round {s.round}, so the round line after it is "
                   f"round {s.round}, not {rnd.number}")


def check_flipped(s: Setup, deal: Sequence[Action]) -> list[Diagnostic]:
    """The setup's flipped actions are in the round's deal."""
    return [RULE.at(s.span, f"flipped action `{a}` is not in the deal of round {s.round}")
            for a in s.flipped if a not in deal]
