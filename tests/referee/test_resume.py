"""Replaying an edited record from its last unchanged phase (referee/resume.py) gives
what a whole replay gives, and is used where it can be."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import EXAMPLES

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import resolve
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.validate import Game, Memo, validate_source
from nauticus_ref.tools.simulate import simulate


def moves(lines: list[str]) -> list[int]:
    return [i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")]


def edits(text: str, seed: int) -> list[str]:
    """Versions of `text` as typing makes them: a blank added, a digit changed, a line
    deleted or doubled, the last lines cut off, each at a random move line."""
    lines, rng = text.split("\n"), random.Random(seed)
    out = []
    for i in rng.sample(moves(lines), min(12, len(moves(lines)))):
        line = lines[i]
        digits = [k for k, ch in enumerate(line) if ch.isdigit()]
        changed = (
            line[: digits[0]] + str((int(line[digits[0]]) + 1) % 10) + line[digits[0] + 1 :]
            if digits
            else line + "x"
        )
        for new in ([line + " "], [changed], [], [line, line]):
            out.append("\n".join(lines[:i] + new + lines[i + 1 :]))
        out.append("\n".join(lines[:i]))
    return out


def same(a: Game, b: Game) -> None:
    assert a.diagnostics == b.diagnostics
    assert a.replayed == b.replayed


RECORDS = sorted(EXAMPLES.glob("*.ngn")) + sorted((EXAMPLES / "invalid").glob("*.ngn"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_an_edited_record_replays_as_from_scratch(path: Path) -> None:
    text, memo = path.read_text(encoding="utf-8"), Memo()
    validate_source(Source(path.name, text), memo=memo)
    for version in edits(text, seed=len(text)):
        same(
            validate_source(Source(path.name, version), memo=memo),
            validate_source(Source(path.name, version)),
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulated_games_edited_replay_as_from_scratch(players: int) -> None:
    """As the language server checks: without the replay's steps."""
    board = resolve(None)
    text, memo = to_ngn(simulate(players, f"resume-{players}", board)), Memo()
    validate_source(Source("g.ngn", text), board, memo, steps=False)
    resumed = 0
    for version in edits(text, seed=players):
        same(
            validate_source(Source("g.ngn", version), board, memo, steps=False),
            validate_source(Source("g.ngn", version), board, steps=False),
        )
        assert memo.replay is not None
        resumed += memo.replay.resumed_at > 0
    assert (
        resumed > len(edits(text, seed=players)) // 2
    )  # the comparison above is of resumed replays


def test_an_edit_in_the_last_round_replays_only_that_round() -> None:
    text = (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8")
    lines, memo = text.split("\n"), Memo()
    validate_source(Source("g.ngn", text), memo=memo)
    last_turn = max(i for i, ln in enumerate(lines) if ln.startswith("  ") and ":" in ln)
    last_round = max(i for i in range(last_turn) if lines[i].startswith("round "))
    first_phase = next(i for i in range(last_round, last_turn) if lines[i][:1].isdigit())
    lines[last_turn] += "  # typed"
    validate_source(Source("g.ngn", "\n".join(lines)), memo=memo)
    assert memo.replay is not None and memo.replay.resumed_at == first_phase + 1


def test_a_replay_with_steps_does_not_resume_one_without() -> None:
    text = (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8")
    memo = Memo()
    validate_source(Source("g.ngn", text), memo=memo, steps=False)
    edited = text + "\n"
    same(
        validate_source(Source("g.ngn", edited), memo=memo),
        validate_source(Source("g.ngn", edited)),
    )
    assert memo.replay is not None and memo.replay.resumed_at == 0


def test_a_changed_header_replays_whole() -> None:
    text = (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8")
    memo = Memo()
    validate_source(Source("g.ngn", text), memo=memo)
    edited = text.replace("game: Sunday at Ole's", "game: Sunday evening at Ole's")
    same(
        validate_source(Source("g.ngn", edited), memo=memo),
        validate_source(Source("g.ngn", edited)),
    )
    assert memo.replay is not None and memo.replay.resumed_at == 0
