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

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.state import STORAGE_SPACES
from nauticus_ref.game.table import Table
from nauticus_ref.notation.vocab import count
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="setup",
    title="a setup position the game can reach",
    section="Spielvorbereitung; NGN: Starting from a position (setup)",
    section_en="game material; NGN: Starting from a position (setup)",
)


def block(table: Table, at: moments.SetupBlock) -> list[Diagnostic]:
    """The setup's round, phase and flipped actions are a place the game has."""
    s, max_rounds = at.setup, table.max_rounds
    found = []
    if not 1 <= s.round <= max_rounds:
        found.append(
            RULE.at(
                s.span,
                _("a game of {players} players has rounds 1 to {rounds}, not {round}").format(
                    players=len(table.players), rounds=max_rounds, round=s.round
                ),
            )
        )
    if not 1 <= s.phase <= 7:
        found.append(
            RULE.at(s.span, _("a round has phases 1 to 7, not {phase}").format(phase=s.phase))
        )
    if len(s.flipped) != s.phase - 1 and 1 <= s.phase <= 7:
        found.append(
            RULE.at(
                s.span,
                ngettext(
                    "phase {phase} comes after {n} flipped action, the setup lists {listed}",
                    "phase {phase} comes after {n} flipped actions, the setup lists {listed}",
                    s.phase - 1,
                ).format(phase=s.phase, n=s.phase - 1, listed=len(s.flipped)),
                _("list the actions already taken this round after `flipped`"),
            )
        )
    if len(set(s.flipped)) != len(s.flipped):
        found.append(RULE.at(s.span, _("an action is flipped twice"), _("list each action once")))
    return found


def player(table: Table, at: moments.SetupPlayerLine) -> list[Diagnostic]:
    """The player's pass tiles and Extra Action are ones the game can have used by then."""
    p, sp, s = at.player, at.line, at.setup
    found = []
    played = max(0, s.phase - 1)  # phases already played this round
    if sp.passed is not None and sp.passed > played:
        found.append(
            RULE.at(
                sp.span,
                _("{player} has flipped {tiles} before phase {phase}, after {played}").format(
                    player=p.name,
                    tiles=count(sp.passed, "pass tile"),
                    phase=s.phase,
                    played=ngettext(
                        "{n} phase of the round", "{n} phases of the round", played
                    ).format(n=played),
                ),
                _("a pass tile is flipped by passing in a phase played this round"),
            )
        )
    if sp.extra_used and s.round <= 1 and played == 0:
        found.append(
            RULE.at(
                sp.span,
                _("{player}'s Extra Action is used before any phase of the game was played").format(
                    player=p.name
                ),
                _("leave out `extra used`, or set the position later in the game"),
            )
        )
    return found


def storage(table: Table, at: moments.SetupStorage) -> Diagnostic | None:
    """The player's storage, as the setup fills it, holds what it lists."""
    p = at.player
    if p.storage_used <= STORAGE_SPACES:
        return None
    return RULE.at(
        at.tiles.span,
        _("{player}'s storage holds {spaces} spaces, the setup fills {used}").format(
            player=p.name, spaces=STORAGE_SPACES, used=p.storage_used
        ),
        _("a mast takes two spaces, any other tile one"),
    )


def box(table: Table, at: moments.SetupBox) -> Diagnostic | None:
    """The setup uses no more tiles of a kind than the box has."""
    in_box = table.board.box_count(*at.tile)
    if at.used <= in_box:
        return None
    return RULE.at(
        at.span,
        _("the box has {n} {tile} tiles, the setup uses {used}").format(
            n=in_box, tile=table.tile(at.tile), used=at.used
        ),
        _("check the tiles listed in the setup"),
    )


def ship(table: Table, at: moments.SetupShip) -> Diagnostic | None:
    """Each ship of the setup has its own name."""
    name = at.tiles.ship
    assert name is not None, "a ship line names its ship"
    if name.key not in at.player.ships:
        return None
    return RULE.at(
        at.tiles.span,
        _("{player} has two ships called `{ship}`").format(player=at.player.name, ship=name.text),
        _("give each ship its own name"),
    )


def ship_tile(table: Table, at: moments.SetupShipTile) -> Diagnostic:
    """A tile of a setup ship fits there: the placing rules' finding, for the setup."""
    return RULE.at(
        at.problem.span,
        _("ship `{ship}`: {problem}").format(ship=at.ship.name, problem=at.problem.message),
        _("list hull parts from bow to stern, then masts, sails and goods"),
    )


def round_after(table: Table, at: moments.SetupRound) -> list[Diagnostic]:
    """The round line after the setup is the setup's round, and its deal holds the
    setup's flipped actions."""
    s, rnd = at.setup, at.round
    found = []
    if rnd.number != s.round:
        found.append(
            RULE.at(
                rnd.span,
                _(
                    "the setup is in round {round}, so the round line after it is round "
                    "{round}, not {number}"
                ).format(round=s.round, number=rnd.number),
            )
        )
    found += [
        RULE.at(
            s.span,
            _("flipped action `{action}` is not in the deal of round {round}").format(
                action=a, round=s.round
            ),
        )
        for a in s.flipped
        if a not in rnd.deal
    ]
    return found


JUDGES: moments.Judges = {
    moments.SetupBlock: block,
    moments.SetupPlayerLine: player,
    moments.SetupStorage: storage,
    moments.SetupBox: box,
    moments.SetupShip: ship,
    moments.SetupShipTile: ship_tile,
    moments.SetupRound: round_after,
}
