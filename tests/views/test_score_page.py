"""The score page counts the games it scores; records it could not score stand apart."""

from __future__ import annotations

import shutil

from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main


def test_records_not_scored_are_listed_apart_and_not_counted(tmp_path, monkeypatch):
    for name in ("game-2p.ngn", "game-3p.ngn"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    (tmp_path / "broken.ngn").write_text("players: Anna\nround one\n", encoding="utf-8")
    (tmp_path / "utf16.ngn").write_bytes("players: A, B\n".encode("utf-16"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["score", "--format", "html", "--isolated", "."])
    page = result.stdout
    assert result.exit_code == 2  # a record could not be read
    assert "<h1>Scores of 2 games</h1>" in page
    assert page.count('<section class="game">') == 2
    assert "<h2>Not scored: 2 records</h2>" in page
    assert "<li><code>broken.ngn</code>: the record has syntax errors" in page
    assert "<li><code>utf16.ngn</code>: UTF-16 text; save it as UTF-8</li>" in page


def test_one_game_is_named_once():
    result = CliRunner().invoke(
        main, ["score", "--format", "html", "--isolated", str(EXAMPLES / "game-2p.ngn")]
    )
    page = result.stdout
    assert page.count("game-2p.ngn</h") == 1 and "<h1>Score of " in page
