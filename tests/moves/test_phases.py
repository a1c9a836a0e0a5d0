"""The phase lines a start player could write: every legal one is listed, and every
listed one is legal where it stands."""

from __future__ import annotations

import random

import pytest
from helpers import EXAMPLES

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.moves.phases import PhaseOption, phase_options
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.engine import referee_before
from nauticus_ref.referee.validate import Game, validate_source
from nauticus_ref.tools.simulate import simulate

GAMES = sorted(p for p in EXAMPLES.glob("*.ngn"))


def _written(game: Game, line: int) -> PhaseOption:
    phase = next(ph for rnd in game.record.rounds for ph in rnd.phases if ph.span.line == line)
    b = phase.bonus
    word = (
        None
        if b is None or b.kind == "claim"
        else game.lines[line - 1].split("bonus")[1].split()[0]
    )
    return PhaseOption(phase.number, phase.player.text, phase.action, word)


def _options(game: Game, line: int) -> list[PhaseOption]:
    r = referee_before(game.record, game.replayed.table.board, line, game.lines)
    return phase_options(r, line)


def _phase_lines(game: Game) -> list[int]:
    return [ph.span.line for rnd in game.record.rounds for ph in rnd.phases]


def _texts() -> list[tuple[str, str]]:
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in GAMES]
    return texts + [
        (f"simulated {n}p {seed}", to_ngn(simulate(n, seed, bundled("standard"))))
        for n, seed in ((2, 1), (3, 2), (4, 3), (4, 4))
    ]


@pytest.mark.parametrize("name, text", _texts(), ids=[n for n, _ in _texts()])
def test_every_phase_line_of_a_legal_game_is_among_the_options(name, text):
    game = validate_source(Source(name, text))
    assert game.valid, name
    for line in _phase_lines(game):
        options = _options(game, line)
        assert _written(game, line) in options, (line, game.lines[line - 1])
        assert len(set(options)) == len(options)


def test_each_option_written_in_place_is_legal_on_its_line():
    rng = random.Random(7)
    for path in GAMES:
        game = validate_source(Source(path.name, path.read_text(encoding="utf-8")))
        for line in rng.sample(_phase_lines(game), 3):
            for option in _options(game, line):
                lines = list(game.lines)
                lines[line - 1] = option.ngn()
                tried = validate_source(Source(path.name, "\n".join(lines) + "\n"))
                assert not [d for d in tried.errors if d.span.line == line], option.ngn()


def test_an_illegal_phase_line_is_not_among_the_options_and_validate_agrees():
    path = EXAMPLES / "game-2p.ngn"
    game = validate_source(Source(path.name, path.read_text(encoding="utf-8")))
    line = _phase_lines(game)[1]
    options = _options(game, line)
    first = _written(game, _phase_lines(game)[0])  # its action is flipped by this line
    lines = list(game.lines)
    lines[line - 1] = PhaseOption(2, options[0].player, first.action, first.bonus).ngn()
    tried = validate_source(Source(path.name, "\n".join(lines) + "\n"))
    assert first.action not in {o.action for o in options}
    assert [d.rule for d in tried.errors if d.span.line == line] == ["action-face-up"]


def test_after_seven_phases_no_phase_line_is_legal():
    path = EXAMPLES / "game-2p.ngn"
    game = validate_source(Source(path.name, path.read_text(encoding="utf-8")))
    second_round = game.record.rounds[1].span.line
    assert _options(game, second_round) == []
