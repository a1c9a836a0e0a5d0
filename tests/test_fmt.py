"""`nauticus-ref fmt`: canonical text that keeps the record, its comments and blank-line
groups; --check and --diff; never a file it cannot parse; atomic writes."""

from __future__ import annotations

import os
import stat

import pytest
from click.testing import CliRunner

from conftest import EXAMPLES, strip_spans
from nauticus_ref.cli import main
from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.notation.fmt import comments, format_text
from nauticus_ref.notation.model import to_json

RECORDS = sorted(p for p in EXAMPLES.rglob("*.ngn") if "syntax" not in p.parts)


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_formatting_keeps_the_record_and_its_comments_and_is_stable(path):
    text = path.read_text(encoding="utf-8")
    formatted = format_text(text).text
    assert formatted is not None
    before, after = parse_text(text).record, parse_text(formatted).record
    assert strip_spans(to_json(after)) == strip_spans(to_json(before))
    assert comments(formatted) == comments(text)
    assert format_text(formatted).text == formatted          # formatting twice changes nothing
    blank_runs = formatted.count("\n\n\n")
    assert blank_runs == 0 and not formatted.startswith("\n")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_every_bundled_record_is_canonical(path):
    """The project's own pre-commit `fmt` hook leaves every bundled record as it is."""
    text = path.read_text(encoding="utf-8")
    assert format_text(text).text == text


def test_trailing_comments_of_a_block_share_one_column():
    text = ("players: Anna, Ben\n"
            "round 1: goods hulls money transport crowns masts deliver sails\n"
            "1. Anna money bonus whale # short\n"
            "  Anna: 2w = 4t\n"
            "  Ben: 3w = 6t     # a longer note\n"
            "  # a whole-line comment ends the block\n"
            "check Anna: 4t # alone\n")
    assert format_text(text).text == (
        "players: Anna, Ben\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna money bonus whale  # short\n"
        "  Anna: 2w = 4t\n"
        "  Ben: 3w = 6t             # a longer note\n"
        "  # a whole-line comment ends the block\n"
        "  check Anna: 4t  # alone\n")


def test_a_file_keeps_its_windows_line_endings(tmp_path):
    canonical = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8")
    windows = canonical.replace("\n", "\r\n")
    assert format_text(windows).text == windows
    path = tmp_path / "g.ngn"
    path.write_bytes(windows.encode())
    assert run("fmt", "--check", path).exit_code == 0
    messy = windows.replace("Anna: 3w = 6t", "Anna:3w=6t", 1)
    path.write_bytes(messy.encode())
    diff = run("fmt", "--diff", path)
    assert diff.exit_code == 1
    assert "\r" not in diff.output and "x0d" not in diff.output
    changed = [ln.split("#")[0].rstrip() for ln in diff.output.splitlines()
               if ln.startswith(("-  ", "+  "))]
    assert changed == ["-  Anna:3w=6t", "+  Anna: 3w = 6t"]
    assert run("fmt", path).exit_code == 0
    assert path.read_bytes() == windows.encode()


def test_a_messy_record_in_canonical_form():
    messy = ("# club night\n\n\n\nplayers:Anna,Ben   # seat order\n"
             "ROUND 1: goods hulls money transport crowns masts deliver sails\n"
             "1.  Anna   money  bonus whale\n    # Anna counts twice\n"
             "  Anna: 2W =4t      # ref: accept claim\n  Ben :pass\n\n\n")
    assert format_text(messy).text == (
        "# club night\n\nplayers: Anna, Ben  # seat order\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna money bonus whale\n    # Anna counts twice\n"
        "  Anna: 2w = 4t  # ref: accept claim\n  Ben: pass\n")


def test_check_and_diff_write_nothing_and_exit_1_when_a_file_would_change(tmp_path, snapshot):
    path = tmp_path / "g.ngn"
    messy = "players: Anna,Ben\nround 1: goods hulls money transport crowns masts deliver sails\n"
    path.write_text(messy, encoding="utf-8")
    check = run("fmt", "--check", path)
    assert check.exit_code == 1 and "would reformat" in check.output
    diff = run("fmt", "--diff", path)
    assert diff.exit_code == 1
    assert diff.output.replace(str(tmp_path), "DIR") == snapshot
    assert path.read_text(encoding="utf-8") == messy
    assert run("fmt", path).exit_code == 0
    assert path.read_text(encoding="utf-8") == "players: Anna, Ben\n" + messy.split("\n")[1] + "\n"
    assert run("fmt", "--check", path).exit_code == 0


def test_a_file_with_syntax_errors_is_never_rewritten(tmp_path):
    path = tmp_path / "bad.ngn"
    text = "players: Anna,Ben\nround 1: goods hulls moneyy\n"
    path.write_text(text, encoding="utf-8")
    before = os.stat(path)
    result = run("fmt", path)
    assert result.exit_code == 1 and "not formatted" in result.output
    assert path.read_text(encoding="utf-8") == text and os.stat(path).st_mtime_ns == before.st_mtime_ns


def test_writing_is_atomic_and_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "g.ngn"
    path.write_text("players: Anna,Ben\n", encoding="utf-8")
    os.chmod(path, 0o640)
    assert run("fmt", path).exit_code == 0
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.ngn"]   # no temporary file left


def test_standard_input_is_formatted_to_standard_output():
    result = run("fmt", "-", input="players: Anna,Ben\n")
    assert result.exit_code == 0 and result.output == "players: Anna, Ben\n"
