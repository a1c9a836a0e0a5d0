"""The three complete example games are legal, complete, and between them show
every part of the game; one mistake put into a game gives one diagnostic."""

from __future__ import annotations

import pytest
from helpers import EXAMPLES, parse_ok

from nauticus_ref.game.board import bundled
from nauticus_ref.notation.model import ActionClause
from nauticus_ref.referee.engine import replay

GAMES = {n: EXAMPLES / f"game-{n}p.ngn" for n in (2, 3, 4)}


def run(text: str):
    return replay(parse_ok(text), bundled("standard"))


@pytest.mark.parametrize("players", sorted(GAMES))
def test_complete_games_validate_clean(players):
    result = run(GAMES[players].read_text(encoding="utf-8"))
    assert not [d for d in result.diagnostics if d.severity != "note"], [
        (d.rule, d.span.line, d.message) for d in result.diagnostics
    ]
    assert result.complete
    assert len(result.table.players) == players


def test_the_games_together_show_every_part_of_the_game():
    actions, ship_sizes, notes = set(), set(), []
    delivered = extra = 0
    crown_cap_reached = False
    for path in GAMES.values():
        record = parse_ok(path.read_text(encoding="utf-8"))
        result = replay(record, bundled("standard"))
        notes += [d for d in result.diagnostics if d.severity == "note"]
        for p in result.table.players:
            ship_sizes |= {s.size for s in p.ships.values() if s.complete}
            delivered += sum(p.delivered.values())
            extra += p.extra_used
        for rnd in record.rounds:
            for phase in rnd.phases:
                actions.add(phase.action)
                for turn in phase.turns:
                    for c in turn.clauses:
                        if isinstance(c, ActionClause) and c.action == "crowns" and c.claim:
                            crown_cap_reached |= c.claim.value == 15
    assert actions == {
        "hulls",
        "masts",
        "sails",
        "goods",
        "transport",
        "money",
        "deliver",
        "crowns",
    }
    assert ship_sizes == {1, 2, 3, 4}
    assert delivered > 0 and extra >= 3 and crown_cap_reached
    assert any(n.rule == "storage" and "forfeited" in n.message for n in notes)


# -- one mistake, one diagnostic ------------------------------------------------------
GAME = GAMES[2].read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "old, new, rule",
    [
        # an overspend: Anna is short here, and her next check line puts the replay right
        (
            "  Anna: 1ship >new A, bow stern >new B = 6t",
            "  Anna: 1ship >new A, bow stern >new B, 2 bow stern >store = 18t",
            "taler",
        ),
        # a forgotten turn line
        ("  Ben: 1ship >new S = 1t\n", "", "turn-order"),
        # a wrong start player: later phases are still judged by the rotation
        ("2. Ben masts bonus coffee", "2. Anna masts bonus coffee", "start-player"),
        # a ship misnamed where it is started: later placements on it still work
        (
            "  Anna: 1ship >new A, bow stern >new B = 6t",
            "  Anna: 1ship >new A, bow stern >new A = 6t",
            "ship-name",
        ),
        # a wrong claim
        ("  Ben: 3w = 3vp", "  Ben: 3w = 4vp", "claim"),
    ],
)
def test_one_mistake_gives_one_diagnostic(old, new, rule):
    assert old in GAME
    result = run(GAME.replace(old, new, 1))
    found = [d for d in result.diagnostics if d.severity != "note"]
    assert [d.rule for d in found] == [rule], [(d.rule, d.span.line, d.message) for d in found]
