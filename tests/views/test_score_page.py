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


def test_one_game_is_named_once_by_its_title_with_its_path_below():
    path = str(EXAMPLES / "game-2p.ngn")
    page = CliRunner().invoke(main, ["score", "--format", "html", "--isolated", path]).stdout
    title = "Anna vs Ben, first game with the new sleeves"  # its `game:` line
    assert f"<title>Score of {title}</title>" in page and f"<h1>Score of {title}</h1>" in page
    assert page.count(f"{title}</h") == 1 and page.count(f'<p class="path">{path}</p>') == 1


def test_a_game_without_a_title_is_named_by_its_path(tmp_path):
    record = tmp_path / "untitled.ngn"
    record.write_text("players: Anna, Ben\n", encoding="utf-8")
    page = CliRunner().invoke(main, ["score", "--format", "html", "--isolated", str(record)]).stdout
    assert f"<h1>Score of {record}</h1>" in page and 'class="path"' not in page
