"""The turns a player could write: every legal one is listed (each written move of a
legal game is found among them), every listed one is legal where it stands, and the
written move is missing exactly when validate finds an error on its line."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import ALL_RULES, EXAMPLES, rule_cases

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.turns import key
from nauticus_ref.notation.printer import Printer, to_ngn
from nauticus_ref.referee.validate import Game, validate_source
from nauticus_ref.tools.simulate import simulate

GAMES = sorted(EXAMPLES.glob("*.ngn"))


def _game(name: str, text: str) -> Game:
    return validate_source(Source(name, text))


def _turn_lines(game: Game) -> list[int]:
    return [t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns]


def _options(game: Game, line: int):
    return options_at(game.record, game.replayed.table.board, line, game.lines)


def _errors_on(game: Game, line: int) -> list[str]:
    return [d.rule for d in game.diagnostics if d.severity == "error" and d.span.line == line]


@pytest.mark.parametrize("path", GAMES, ids=[p.name for p in GAMES])
def test_every_turn_of_an_example_is_among_the_options(path):
    game = _game(path.name, path.read_text(encoding="utf-8"))
    assert game.valid
    for line in _turn_lines(game):
        o = _options(game, line)
        assert o.kind == "turn" and o.among, (line, game.lines[line - 1])


def test_every_turn_of_200_simulated_games_is_among_the_options():
    rng = random.Random(29)
    board = bundled("standard")
    for seed in range(200):
        game = _game(f"sim{seed}", to_ngn(simulate(2 + seed % 3, seed, board)))
        assert game.valid, seed
        for line in rng.sample(_turn_lines(game), 3):
            assert _options(game, line).among, (seed, line, game.lines[line - 1])


def _fixture_turns(kind: str):
    for rule in ALL_RULES:
        for name, text in rule_cases(rule)[kind]:
            yield pytest.param(rule.id, text, id=f"{rule.id}: {name}")


@pytest.mark.parametrize("rule, text", list(_fixture_turns("pass")))
def test_each_turn_of_a_rule_fixture_that_keeps_the_rule_is_among_the_options(rule, text):
    game = _game("fixture.ngn", text)
    if not game.valid or game.record is None:
        pytest.skip("a fixture that keeps this rule may break another (a warning's case)")
    for line in _turn_lines(game):
        assert _options(game, line).among, (line, game.lines[line - 1])


@pytest.mark.parametrize("rule, text", list(_fixture_turns("fail")))
def test_a_written_turn_is_missing_exactly_when_validate_finds_an_error_on_it(rule, text):
    game = _game("fixture.ngn", text)
    if game.record is None:
        pytest.skip("syntax errors: nothing is replayed")
    first_error = min((d.span.line for d in game.errors), default=None)
    for line in _turn_lines(game):
        if first_error is not None and line > first_error:
            break  # past the first error the replay recovers; the options follow the table
        o = _options(game, line)
        if (
            o.kind != "turn"
            or o.player is None
            or o.written_option is None
            and o.player.casefold() != game.lines[line - 1].split(":")[0].strip().casefold()
        ):
            continue  # a turn out of order: the options are the next player's
        assert o.among == (not _errors_on(game, line)), (
            rule,
            line,
            game.lines[line - 1],
            _errors_on(game, line),
        )


def _written_in_place(game: Game, line: int, text: str) -> Game:
    lines = list(game.lines)
    lines[line - 1] = "  " + text
    return _game("in-place.ngn", "\n".join(lines) + "\n")


def test_options_written_in_place_are_legal_on_their_line():
    rng = random.Random(30)
    board = bundled("standard")
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in GAMES] + [
        (f"sim{seed}", to_ngn(simulate(2 + seed % 3, seed, board))) for seed in range(6)
    ]
    for name, text in texts:
        game = _game(name, text)
        printer = Printer(game.record)
        for line in rng.sample(_turn_lines(game), 4):
            options = list(itertools.islice(_options(game, line).turns, 3000))
            for option in rng.sample(options, min(5, len(options))):
                written = printer.turn(option.turn)
                after = _written_in_place(game, line, written)
                assert not _errors_on(after, line), (
                    name,
                    line,
                    written,
                    [d.message for d in after.errors],
                )


def test_the_options_are_each_listed_once():
    game = _game("game-2p.ngn", (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8"))
    for line in _turn_lines(game)[:12]:
        turns = _options(game, line).turns
        keys = [key(o.clauses) for o in turns.plain()]
        assert len(keys) == len(set(keys)), line
        assert len(keys) == sum(turns.plain_counts().values())


def test_counting_stops_soon_after_its_deadline():
    """Line 9 of the 4-player example takes seconds to count in full (an Extra Action on
    hulls leaves thousands of shapes to count the second clause for); asked with a
    deadline a second away, counting gives up soon after it, whether or not it shows
    the bodies on the way."""
    import time

    from nauticus_ref.moves.purse import OutOfTime

    game = _game("game-4p.ngn", (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8"))
    turns = options_at(game.record, game.replayed.table.board, 9, game.lines).turns
    for count in (turns.counts, lambda d: turns.counts(d, lambda c: None)):
        start = time.monotonic()
        with pytest.raises(OutOfTime):
            count(start + 1)
        assert time.monotonic() - start < 2.5
