"""`nauticus-ref fmt`: canonical text that keeps the record, its comments and blank-line
groups; --check and --diff; never a file it cannot parse; atomic writes."""

from __future__ import annotations

import os
import stat

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, strip_spans

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
    assert format_text(formatted).text == formatted  # formatting twice changes nothing
    blank_runs = formatted.count("\n\n\n")
    assert blank_runs == 0 and not formatted.startswith("\n")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.relative_to(EXAMPLES).as_posix())
def test_every_bundled_record_is_canonical(path):
    """The project's own pre-commit `fmt` hook leaves every bundled record as it is."""
    text = path.read_text(encoding="utf-8")
    assert format_text(text).text == text


def test_trailing_comments_of_a_block_share_one_column():
    text = (
        "players: Anna, Ben\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna money bonus whale # short\n"
        "  Anna: 2w = 4t\n"
        "  Ben: 3w = 6t     # a longer note\n"
        "  # a whole-line comment ends the block\n"
        "check Anna: 4t # alone\n"
    )
    assert format_text(text).text == (
        "players: Anna, Ben\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna money bonus whale  # short\n"
        "  Anna: 2w = 4t\n"
        "  Ben: 3w = 6t             # a longer note\n"
        "  # a whole-line comment ends the block\n"
        "  check Anna: 4t  # alone\n"
    )


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
    changed = [
        ln.split("#")[0].rstrip()
        for ln in diff.output.splitlines()
        if ln.startswith(("-  ", "+  "))
    ]
    assert changed == ["-  Anna:3w=6t", "+  Anna: 3w = 6t"]
    assert run("fmt", path).exit_code == 0
    assert path.read_bytes() == windows.encode()


def test_a_messy_record_in_canonical_form():
    messy = (
        "# club night\n\n\n\nplayers:Anna,Ben   # seat order\n"
        "ROUND 1: goods hulls money transport crowns masts deliver sails\n"
        "1.  Anna   money  bonus whale\n    # Anna counts twice\n"
        "  Anna: 2W =4t      # ref: accept claim\n  Ben :pass\n\n\n"
    )
    assert format_text(messy).text == (
        "# club night\n\nplayers: Anna, Ben  # seat order\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna money bonus whale\n    # Anna counts twice\n"
        "  Anna: 2w = 4t  # ref: accept claim\n  Ben: pass\n"
    )


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
    assert (
        path.read_text(encoding="utf-8") == text and os.stat(path).st_mtime_ns == before.st_mtime_ns
    )


def test_writing_is_atomic_and_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "g.ngn"
    path.write_text("players: Anna,Ben\n", encoding="utf-8")
    os.chmod(path, 0o640)
    assert run("fmt", path).exit_code == 0
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.ngn"]  # no temporary file left


def test_standard_input_is_formatted_to_standard_output():
    result = run("fmt", "-", input="players: Anna,Ben\n")
    assert result.exit_code == 0 and result.output == "players: Anna, Ben\n"


MESSY = "players: Anna,Ben\n"
TIDY = "players: Anna, Ben\n"


def test_a_symbolic_link_stays_a_link_and_its_target_is_formatted(tmp_path):
    target = tmp_path / "real.ngn"
    target.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "link.ngn"
    link.symlink_to(target)
    assert run("fmt", link).exit_code == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8") == TIDY


def test_a_file_with_other_hard_links_is_written_in_place_for_all_of_them(tmp_path):
    first = tmp_path / "a.ngn"
    first.write_text(MESSY, encoding="utf-8")
    second = tmp_path / "b.ngn"
    os.link(first, second)
    inode = os.stat(first).st_ino
    assert run("fmt", first).exit_code == 0
    assert os.stat(first).st_ino == os.stat(second).st_ino == inode
    assert second.read_text(encoding="utf-8") == TIDY


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another user")
def test_a_file_keeps_its_owner_when_root_formats_it(tmp_path):
    path = tmp_path / "g.ngn"
    path.write_text(MESSY, encoding="utf-8")
    os.chown(path, 4321, 4322)
    assert run("fmt", path).exit_code == 0
    st = os.stat(path)
    assert (st.st_uid, st.st_gid) == (4321, 4322) and path.read_text(encoding="utf-8") == TIDY


def test_a_read_only_file_is_left_alone_with_a_message_and_the_others_are_formatted(tmp_path):
    locked, other = tmp_path / "a.ngn", tmp_path / "b.ngn"
    for p in (locked, other):
        p.write_text(MESSY, encoding="utf-8")
    os.chmod(locked, 0o444)
    result = run("fmt", tmp_path)
    assert result.exit_code == 2
    assert f"{locked}: the file is read-only" in result.output
    assert locked.read_text(encoding="utf-8") == MESSY
    assert other.read_text(encoding="utf-8") == TIDY


def test_a_file_saved_while_fmt_runs_is_not_overwritten(tmp_path, monkeypatch):
    import nauticus_ref.notation.fmt as fmt_module

    path = tmp_path / "g.ngn"
    path.write_text(MESSY, encoding="utf-8")
    real = fmt_module.format_text

    def saved_meanwhile(text):
        path.write_text(MESSY + "# a save in the editor\n", encoding="utf-8")
        return real(text)

    monkeypatch.setattr(fmt_module, "format_text", saved_meanwhile)
    result = run("fmt", path)
    assert result.exit_code == 2 and "changed since it was read" in result.output
    assert path.read_text(encoding="utf-8").endswith("# a save in the editor\n")


def test_an_os_error_is_one_line_and_the_run_goes_on(tmp_path, monkeypatch):
    import tempfile

    first, second = tmp_path / "a.ngn", tmp_path / "b.ngn"
    for p in (first, second):
        p.write_text(MESSY, encoding="utf-8")
    real = tempfile.mkstemp

    def no_room(*args, **kwargs):
        if "a.ngn" in kwargs.get("prefix", ""):
            raise OSError(28, "No space left on device", str(tmp_path))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    result = run("fmt", first, second)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert [ln for ln in result.output.splitlines() if "a.ngn" in ln] == [
        f"nauticus-ref: error: {first}: cannot write: no space left on device"
    ]
    assert second.read_text(encoding="utf-8") == TIDY


def test_a_long_name_of_emoji_is_formatted(tmp_path):
    path = tmp_path / ("\N{SAILBOAT}" * 62 + ".ngn")  # 252 bytes: near the limit of 255
    path.write_text(MESSY, encoding="utf-8")
    assert run("fmt", path).exit_code == 0
    assert path.read_text(encoding="utf-8") == TIDY


def test_a_new_output_file_follows_the_umask_and_says_where_it_went(tmp_path):
    out = tmp_path / "new folder" / "game.html"
    old = os.umask(0o022)
    try:
        result = run("view", EXAMPLES / "game-2p.ngn", "--out", out)
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o644
    assert f"wrote {out} (made the folder {out.parent})" in result.output
