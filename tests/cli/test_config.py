"""Settings files: `[tool.nauticus-ref]` in pyproject.toml or `.nauticus-ref.toml`,
found upward from each record, `--config`, `--isolated`, errors naming the key, and
no file read that another user could have planted."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.game.board import BOARDS_DIR

INVALID = EXAMPLES / "invalid"


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def league(tmp_path):
    """A league folder: two records at the top, one in drafts/, one in 2019/."""
    top = tmp_path / "league"
    for sub, rule in (
        ("", "storage"),
        ("", "one-crest"),
        ("drafts", "ship-name"),
        ("2019", "rewards"),
    ):
        (top / sub).mkdir(parents=True, exist_ok=True)
        shutil.copy(INVALID / f"{rule}.ngn", top / sub / f"{rule}.ngn")
    return top


def rules_reported(result) -> list[str]:
    """`rule:severity` of each line of concise output."""
    found = []
    for line in result.output.splitlines():
        if "[" in line and ": " in line:
            severity, rule = line.split(": ", 1)[1].split("]", 1)[0].split("[")
            found.append(f"{rule}:{severity}")
    return sorted(found)


SETTINGS = """\
ignore = ["one-crest"]
severity = { storage = "warning" }
exclude = ["drafts/"]
per-file-ignores = { "2019/*.ngn" = ["rewards"] }
"""


def test_without_settings_every_rule_is_an_error(league):
    result = run("validate", "--concise", league)
    assert result.exit_code == 1
    assert rules_reported(result) == [
        "one-crest:error",
        "rewards:error",
        "ship-name:error",
        "storage:error",
    ]


@pytest.mark.parametrize("where", ["pyproject", "own"])
def test_settings_ignore_exclude_and_change_severity(league, where):
    if where == "pyproject":
        (league / "pyproject.toml").write_text(
            "[project]\nname = 'club'\n\n[tool.nauticus-ref]\n" + SETTINGS, encoding="utf-8"
        )
    else:
        (league / ".nauticus-ref.toml").write_text(SETTINGS, encoding="utf-8")
    result = run("validate", "--concise", league)
    assert rules_reported(result) == ["storage:warning"]  # the rest ignored or excluded
    assert result.exit_code == 0 and "3 files" in result.output  # drafts/ left out
    # a file named on the command line is read even when excluded, under its settings
    named = run("validate", "--concise", league / "drafts" / "ship-name.ngn")
    assert named.exit_code == 1 and rules_reported(named) == ["ship-name:error"]
    # --isolated: no settings at all
    assert len(rules_reported(run("validate", "--concise", "--isolated", league))) == 4


def test_select_keeps_only_the_rules_named(league):
    (league / ".nauticus-ref.toml").write_text(
        'select = ["storage", "rewards"]\n', encoding="utf-8"
    )
    result = run("validate", "--concise", league)
    assert rules_reported(result) == ["rewards:error", "storage:error"]


def test_syntax_errors_are_reported_whatever_the_settings(league):
    (league / ".nauticus-ref.toml").write_text('select = ["storage"]\n', encoding="utf-8")
    (league / "broken.ngn").write_text("players: Anna, Ben\nround one\n", encoding="utf-8")
    result = run("validate", "--concise", league / "broken.ngn")
    assert result.exit_code == 1 and "error[syntax]" in result.output


def test_the_nearest_settings_file_wins(league):
    (league / "pyproject.toml").write_text(
        '[tool.nauticus-ref]\nignore = ["storage"]\n', encoding="utf-8"
    )
    # in the same folder, .nauticus-ref.toml comes before pyproject.toml
    (league / "2019" / "pyproject.toml").write_text("[tool.nauticus-ref]\n", encoding="utf-8")
    (league / "2019" / ".nauticus-ref.toml").write_text('ignore = ["rewards"]\n', encoding="utf-8")
    # a pyproject.toml without the table is passed over: drafts/ is under league's
    (league / "drafts" / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    (league / "drafts" / "storage.ngn").write_bytes((league / "storage.ngn").read_bytes())
    result = run("validate", "--concise", league)
    assert rules_reported(result) == ["one-crest:error", "ship-name:error"]


def test_config_option_names_the_file_for_every_record(league, tmp_path):
    settings = tmp_path / "strict.toml"
    settings.write_text('ignore = ["one-crest", "storage"]\n', encoding="utf-8")
    (league / ".nauticus-ref.toml").write_text(
        'ignore = ["rewards", "ship-name"]\n', encoding="utf-8"
    )
    result = run("validate", "--concise", "--config", settings, league)
    assert rules_reported(result) == ["rewards:error", "ship-name:error"]
    both = run("validate", "--config", settings, "--isolated", league)
    assert both.exit_code == 2 and "at most one of --config FILE and --isolated" in both.output
    bare = tmp_path / "pyproject.toml"
    bare.write_text("[project]\nname = 'x'\n", encoding="utf-8")
    missing_table = run("validate", "--config", bare, league)
    assert missing_table.exit_code == 2
    assert "pyproject.toml: no [tool.nauticus-ref] table" in missing_table.output


def test_standard_input_takes_the_settings_of_its_name(league, monkeypatch):
    (league / ".nauticus-ref.toml").write_text(SETTINGS, encoding="utf-8")
    monkeypatch.chdir(league)
    text = (league / "2019" / "rewards.ngn").read_text(encoding="utf-8")
    named = run("validate", "--concise", "--stdin-filename", "2019/game.ngn", "-", input=text)
    assert named.exit_code == 0 and rules_reported(named) == []  # per-file ignore applies
    unnamed = run("validate", "--concise", "-", input=text)
    assert unnamed.exit_code == 1 and rules_reported(unnamed) == ["rewards:error"]


def test_every_record_command_honours_the_settings(league):
    (league / ".nauticus-ref.toml").write_text(SETTINGS, encoding="utf-8")
    record = league / "one-crest.ngn"
    for command in (["score"], ["state"], ["annotate"], ["explain", "--line", "8"]):
        assert run(*command, record).exit_code == 0, command  # one-crest ignored
        assert run(*command, "--isolated", record).exit_code == 1, command


def test_fmt_and_parse_leave_out_excluded_folders(league):
    (league / ".nauticus-ref.toml").write_text(SETTINGS, encoding="utf-8")
    parsed = run("parse", league)
    assert "drafts" not in parsed.output and parsed.output.count(": ok,") == 3
    assert run("fmt", league).exit_code == 0
    (league / "drafts" / "ship-name.ngn").write_text("players:   Anna, Ben\n", encoding="utf-8")
    assert run("fmt", "--check", league).exit_code == 0  # the badly spaced draft is excluded
    assert run("fmt", "--check", "--isolated", league).exit_code == 1


def test_board_in_settings_is_relative_to_the_file_and_the_option_wins(tmp_path):
    text = (Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8")
    (tmp_path / "boards").mkdir()
    # on this board the mast space prices the hull tile 1ship 3, bow 1, middle 0, stern 2
    (tmp_path / "boards" / "club.toml").write_text(
        text.replace("prices = [1, 3, 0, 2]", "prices = [3, 1, 0, 2]"), encoding="utf-8"
    )
    (tmp_path / ".nauticus-ref.toml").write_text('board = "boards/club.toml"\n', encoding="utf-8")
    record = tmp_path / "games" / "game.ngn"
    record.parent.mkdir()
    record.write_text(
        "players: Anna, Ben\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna hulls bonus whale\n  Anna: bow >new A = 3t\n",
        encoding="utf-8",
    )
    club = run("validate", record)
    assert club.exit_code == 1 and "the price paid is 1t, not 3t" in club.output
    assert run("validate", "--board", "standard", record).exit_code == 0
    (tmp_path / ".nauticus-ref.toml").write_text('board = "boards/none.toml"\n', encoding="utf-8")
    missing = run("validate", record)
    assert missing.exit_code == 2
    assert ".nauticus-ref.toml: board: board file" in missing.output
    assert "none.toml" in missing.output and "Traceback" not in missing.output


def test_a_pyproject_that_never_names_the_table_is_passed_over_unparsed(league):
    """Another project's pyproject.toml is not parsed (not even broken TOML stops the
    run), but the table written with escapes in a quoted key still counts."""
    (league / "pyproject.toml").write_text("[project\nname = 'another'\n", encoding="utf-8")
    assert rules_reported(run("validate", "--concise", league / "storage.ngn")) == ["storage:error"]
    (league / "pyproject.toml").write_text(
        '[tool."nauticus\\u002dref"]\nignore = ["storage"]\n', encoding="utf-8"
    )
    assert rules_reported(run("validate", "--concise", league / "storage.ngn")) == []


def test_errors_name_the_file_and_the_key(tmp_path, snapshot):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.nauticus-ref]\nignores = ["storage"]\nselect = ["one-crst", "syntax"]\n'
        'severity = { storage = "warnng", bogus = "note" }\n'
        'per-file-ignores = { "2019/*.ngn" = "rewards" }\nexclude = "drafts/"\n',
        encoding="utf-8",
    )
    shutil.copy(INVALID / "storage.ngn", tmp_path / "game.ngn")
    result = run("validate", tmp_path)
    assert result.exit_code == 2
    assert result.output.replace(str(tmp_path), "<dir>") == snapshot
    (tmp_path / "pyproject.toml").write_text("[tool.nauticus-ref\n", encoding="utf-8")
    bad_toml = run("validate", tmp_path)
    assert bad_toml.exit_code == 2 and "pyproject.toml: not valid TOML" in bad_toml.output


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX file ownership")
def test_a_settings_file_others_could_write_is_not_read(tmp_path):
    shutil.copy(INVALID / "storage.ngn", tmp_path / "game.ngn")
    planted = tmp_path / ".nauticus-ref.toml"
    planted.write_text('ignore = ["storage"]\n', encoding="utf-8")
    planted.chmod(0o666)
    result = run("validate", tmp_path / "game.ngn")
    assert result.exit_code == 1 and "error[storage]" in result.output
    assert "not read: any user may write it" in result.output
    planted.chmod(0o644)
    tmp_path.chmod(0o777)  # a folder anyone may write, without the sticky bit
    try:
        result = run("validate", tmp_path / "game.ngn")
        assert "not read: any user may replace it in its folder" in result.output
    finally:
        tmp_path.chmod(0o755)
    if os.geteuid() == 0:
        os.chown(planted, 65534, 65534)
        result = run("validate", tmp_path / "game.ngn")
        assert result.exit_code == 1 and "belongs to another user (uid 65534)" in result.output
    # named with --config, the file is the user's choice and is read
    assert run("validate", "--config", planted, tmp_path / "game.ngn").exit_code == 0
