"""Simulated games: legal, complete, reproducible, and looking like play."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import parse_ok, strip_spans

from nauticus_ref.cli import main
from nauticus_ref.game.board import bundled
from nauticus_ref.game.table import Table
from nauticus_ref.notation.model import Phase, Turn, to_json
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.engine import Replay, replay
from nauticus_ref.referee.opening import start_game
from nauticus_ref.referee.wheel import start_phase, start_round
from nauticus_ref.tools.simulate import simulate

BOARD = bundled("standard")


def game(players: int, seed: int) -> str:
    return to_ngn(simulate(players, seed, BOARD))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_simulated_games_validate_clean_score_and_reprint(players, seed):
    text = game(players, seed)
    record = parse_ok(text)
    result = replay(record, BOARD)
    assert result.complete
    assert not [d for d in result.diagnostics if d.severity != "note"], [
        (d.rule, d.span.line, d.message) for d in result.diagnostics
    ][:5]
    again = parse_ok(to_ngn(record))  # the final line was confirmed by the replay above
    assert strip_spans(to_json(again)) == strip_spans(to_json(record))
    assert to_ngn(again) == text


def test_same_seed_same_game_other_seed_other_game():
    assert game(3, 11) == game(3, 11)
    assert game(3, 11) != game(3, 12)


def test_the_play_looks_like_play():
    sizes, delivered, crowns, passes, extra = Counter(), 0, 0, 0, 0
    for seed in range(12):
        for players in (2, 3, 4):
            record = parse_ok(game(players, seed))
            result = replay(record, BOARD)
            for p in result.table.players:
                sizes.update(s.size for s in p.ships.values() if s.complete)
                delivered += sum(p.delivered.values())
                extra += p.extra_used
            crowns += sum(e.points for e in result.ledger if e.source == "crowns")
            passes += sum(
                1
                for r in record.rounds
                for ph in r.phases
                for t in ph.turns
                for c in t.clauses
                if c.kind == "pass"
            )
    assert set(sizes) == {1, 2, 3, 4}
    assert delivered > 0 and crowns > 0 and passes > 0 and extra > 0


def _tiles_in_play(table: Table) -> Counter:
    total = Counter(table.supply)
    for p in table.players:
        total.update(p.held_tiles())
    return total


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 6), (4, 7)])
def test_invariants_hold_after_every_move(players, seed):
    record = parse_ok(game(players, seed))
    rp = Replay(record, BOARD)
    table = rp.referee.table
    start_game(rp.referee)
    box = _tiles_in_play(table)
    for rnd in record.rounds:
        start_round(rp.referee, rnd)
        for entry in rnd.entries:
            if not isinstance(entry, Phase):
                continue
            start_phase(rp.referee, entry)
            for turn in entry.entries:
                if not isinstance(turn, Turn):
                    continue
                rp.run_turn(turn)
                for p in table.players:
                    assert p.taler >= 0 and p.workers >= 0, (turn.span.line, p)
                    assert p.storage_used <= 12, (turn.span.line, p)
                assert _tiles_in_play(table) == box, turn.span.line


def test_simulate_command(tmp_path):
    one = CliRunner().invoke(main, ["simulate", "--players", "2", "--seed", "3"])
    assert one.exit_code == 0 and one.output == game(2, 3)
    out = tmp_path / "sims"
    many = CliRunner().invoke(
        main, ["simulate", "--players", "3", "--seed", "4", "--games", "3", "--out", str(out)]
    )
    assert many.exit_code == 0 and "wrote 3 games" in many.output
    files = sorted(out.glob("*.ngn"))
    assert [f.name for f in files] == ["game-3p-4.ngn", "game-3p-5.ngn", "game-3p-6.ngn"]
    assert files[1].read_text(encoding="utf-8") == game(3, 5)
    assert CliRunner().invoke(main, ["validate", str(out)]).exit_code == 0


def test_simulate_needs_a_folder_for_several_games():
    result = CliRunner().invoke(main, ["simulate", "--players", "2", "--seed", "1", "--games", "2"])
    assert result.exit_code == 2 and "need --out FOLDER" in result.output


def one_tile_board():
    """A board with one tile in every stack: every crest, good and hull kind."""
    import tomllib

    from nauticus_ref.game.board import BOARDS_DIR, parse_board

    data = tomllib.loads((Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8"))
    return parse_board({**data, "supply": {k: 1 for k in data["supply"]}}, "one-tile")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 4006), (4, 7)])
def test_simulated_games_are_clean_on_a_board_with_one_tile_per_stack(players, seed):
    board = one_tile_board()
    record = parse_ok(to_ngn(simulate(players, seed, board)))
    result = replay(record, board)
    assert result.complete
    assert not [d for d in result.diagnostics if d.severity != "note"], [
        (d.rule, d.span.line, d.message) for d in result.diagnostics
    ][:5]
