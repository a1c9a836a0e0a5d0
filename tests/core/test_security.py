"""Hardening: nothing loaded from a place another user can write, no file read that the
user did not name, output a stranger cannot abuse (docs/security.md)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap

import pytest
from helpers import EXAMPLES, ROOT

from nauticus_ref.notation import _ngn_tables, grammar


def test_shipped_parser_tables_match_the_grammar():
    """The `.lark` file is the single source: after editing it, run
    `python scripts/regenerate.py` to write the tables again."""
    import lark

    from nauticus_ref.notation import _ngn_tables as tables

    text = grammar.grammar_text()
    assert tables.GRAMMAR_SHA256 == grammar.grammar_digest(text), (
        "stale: run python scripts/regenerate.py"
    )
    assert tables.LARK_VERSION == lark.__version__, (
        "made by another lark: run python scripts/regenerate.py"
    )


def test_shipped_tables_parse_like_the_grammar():
    """Every line of every example, and every taught syntax mistake, gives the same result
    from the shipped tables as from a parser analysed from the grammar now."""
    import lark

    from nauticus_ref.notation import _ngn_tables as tables
    from nauticus_ref.notation.syntax import KINDS
    from nauticus_ref.notation.transform import LineTransformer

    fresh = lark.Lark(grammar.grammar_text(), transformer=LineTransformer(), **grammar.OPTIONS)
    shipped = lark.Lark._load_from_dict(tables.DATA, tables.MEMO, transformer=LineTransformer())
    lines = {
        ln for f in EXAMPLES.rglob("*.ngn") for ln in f.read_text(encoding="utf-8").splitlines()
    }
    lines |= {ex for _, _, examples in KINDS.values() for ex in examples}

    def outcome(parser, line):
        try:
            return parser.parse(line)
        except lark.exceptions.UnexpectedInput as e:
            return (type(e).__name__, e.column, sorted(getattr(e, "expected", ()) or ()))

    assert len(lines) > 300
    for line in sorted(lines):
        assert outcome(shipped, line) == outcome(fresh, line), line


#: The shipped patterns serve only the Python that compiled them (CI's); another one
#: compiles its own, as the test of that just below checks.
FOREIGN_PATTERNS = pytest.mark.skipif(
    _ngn_tables.SRE != grammar.sre_version(),
    reason="the shipped lexer patterns are another Python's",
)


@FOREIGN_PATTERNS
def test_shipped_lexer_patterns_are_what_this_python_compiles():
    """Each shipped pattern's code is what re's own compiler makes of it here, and the
    pattern re's cache then holds is the one re.compile would build."""
    import re
    from re import _compiler, _parser

    from nauticus_ref.notation import _ngn_tables as tables

    assert grammar.precompile_patterns(tables) == len(tables.PATTERNS) > 20
    for pattern, flags, final, groups, code, groupindex in tables.PATTERNS:
        parsed = _parser.parse(pattern, flags)
        assert [int(op) for op in _compiler._code(parsed, flags)] == code, pattern
        assert (final, groups, groupindex) == (
            flags | parsed.state.flags,
            parsed.state.groups,
            parsed.state.groupdict,
        )
        cached, fresh = re.compile(pattern, flags), _compiler.compile(pattern, flags)
        assert cached is not fresh
        assert (cached.pattern, cached.flags, cached.groups, cached.groupindex) == (
            fresh.pattern,
            fresh.flags,
            fresh.groups,
            fresh.groupindex,
        )


@FOREIGN_PATTERNS
@pytest.mark.parametrize("accelerated", ["1", "0"])
def test_a_cold_parse_compiles_no_lexer_pattern(accelerated):
    """A fresh process parsing every example finds every lexer pattern in re's cache."""
    code = textwrap.dedent(f"""
        import pathlib, re
        from nauticus_ref.notation.assemble import parse_text
        from nauticus_ref.notation.grammar import line_parser
        line_parser(accelerated=True)
        compiled = []
        plain = re._compiler.compile
        re._compiler.compile = lambda p, f=0: compiled.append(p) or plain(p, f)
        for f in sorted(pathlib.Path({str(EXAMPLES)!r}).rglob("*.ngn")):
            parse_text(f.read_text(encoding="utf-8"))
        print([p for p in compiled if p.startswith("(?P<")])   # lark's, one group a terminal
    """)
    env = {**os.environ, "NAUTICUS_REF_ACCELERATOR": accelerated}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_patterns_for_another_python_are_not_used():
    """And parsing works all the same: the whole suite runs so on another Python."""

    class Other:
        SRE = "cpython-399 1 4"
        PATTERNS = [("(?P<X>x)", 0, 32, 2, [0], {"X": 1})]  # nonsense code: must not be built

    assert grammar.precompile_patterns(Other) == 0


def test_the_parser_is_loaded_from_the_shipped_tables(monkeypatch):
    import lark

    def refuse(*args, **kwargs):
        raise AssertionError("the grammar was analysed at run time")

    grammar.line_parser.cache_clear()
    monkeypatch.setattr(lark.Lark, "__init__", refuse)
    try:
        parser = grammar.line_parser()
        assert type(parser.parse("Anna: pass")).__name__ == "TurnLine"
    finally:
        grammar.line_parser.cache_clear()


class _Planted:
    """Unpickling this runs code: it writes the marker file."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _lark_cache_name(tmp_path) -> str:
    """The file name lark's `cache=True` used for our grammar (the referee's old way)."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    code = (
        "from lark import Lark\n"
        "from nauticus_ref.notation.grammar import grammar_text, OPTIONS\n"
        "from nauticus_ref.notation.transform import LineTransformer\n"
        "Lark(grammar_text(), transformer=LineTransformer(),"
        " cache=True, **OPTIONS)\n"
    )
    subprocess.run(
        [sys.executable, "-c", code], check=True, env={**os.environ, "TMPDIR": str(scratch)}
    )
    (name,) = os.listdir(scratch)
    return name


@pytest.mark.parametrize("plant", ["pickle", "fifo", "symlink"])
def test_a_planted_parser_cache_is_never_opened(tmp_path, plant):
    name = _lark_cache_name(tmp_path)
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    marker = tmp_path / "PWNED"
    target = shared / name
    payload = pickle.dumps({"data": _Planted(str(marker)), "memo": {}})
    if plant == "pickle":
        target.write_bytes(payload)
    elif plant == "fifo":
        os.mkfifo(target)  # opening it for reading would block for ever
    else:
        elsewhere = tmp_path / "elsewhere.tmp"
        elsewhere.write_bytes(payload)
        target.symlink_to(elsewhere)
    # An audit hook records every file the referee opens under the shared temp folder.
    code = textwrap.dedent(f"""
        import sys
        opened = []
        def hook(event, args):
            if event == "open" and isinstance(args[0], str) and args[0].startswith({str(shared)!r}):
                opened.append(args[0])
        sys.addaudithook(hook)
        from nauticus_ref.cli import main
        try:
            main(["validate", {str(EXAMPLES / "game-2p.ngn")!r}])
        except SystemExit as e:
            print("exit", e.code, "opened", opened)
    """)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TMPDIR": str(shared)},
        cwd=ROOT,
    )
    assert result.stdout.strip().endswith("exit 0 opened []"), result.stdout + result.stderr
    assert not marker.exists()


# -- a record cannot make the referee read any file ---------------------------------

from click.testing import CliRunner  # noqa: E402

from nauticus_ref.cli import main  # noqa: E402
from nauticus_ref.game.board import BoardError, resolve, resolve_for_record  # noqa: E402

GAME = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8")
STANDARD_TOML = (ROOT / "nauticus_ref" / "game" / "boards" / "standard.toml").read_text(
    encoding="utf-8"
)


def cli(*args, **kwargs):
    return CliRunner().invoke(main, [str(a) for a in args], **kwargs)


def record_naming(tmp_path, spec: str):
    path = tmp_path / "game.ngn"
    path.write_text(f"board: {spec}\n" + GAME, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "spec, says",
    [
        ("/dev/zero", "not an absolute path"),
        ("/etc/passwd", "not an absolute path"),
        ("../outside.toml", "points outside the record's folder"),
        ("sub/../../outside.toml", "points outside the record's folder"),
        ("a" * 300, "is not a bundled board's name"),
        ("nope", "no bundled board called `nope`"),
    ],
)
def test_a_record_names_only_bundled_boards_or_files_beside_it(tmp_path, spec, says):
    (tmp_path / "outside.toml").write_text(STANDARD_TOML, encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    result = cli("validate", record_naming(folder, spec))
    assert result.exit_code == 2 and says in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_link_beside_the_record_cannot_lead_out_of_its_folder(tmp_path):
    (tmp_path / "outside.toml").write_text(STANDARD_TOML, encoding="utf-8")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "board.toml").symlink_to(tmp_path / "outside.toml")
    result = cli("validate", record_naming(folder, "board.toml"))
    assert result.exit_code == 2 and "points outside the record's folder" in result.output


def test_a_board_file_beside_or_below_the_record_is_read(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "club.toml").write_text(STANDARD_TOML, encoding="utf-8")
    result = cli("validate", record_naming(tmp_path, "boards/club.toml"))
    assert result.exit_code == 0, result.output


def test_the_command_line_may_name_any_board_path(tmp_path):
    elsewhere = tmp_path / "elsewhere" / "club.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text(STANDARD_TOML, encoding="utf-8")
    assert resolve(str(elsewhere)).name == "standard"
    with pytest.raises(BoardError, match="not an absolute path"):
        resolve_for_record(str(elsewhere), tmp_path)


@pytest.mark.parametrize(
    "make, says",
    [
        (lambda p: os.mkfifo(p), "not a regular file (a FIFO)"),
        (
            lambda p: p.write_text("#" * (65 * 1024), encoding="utf-8"),
            "too large to be a board file",
        ),
        (lambda p: p.write_bytes(STANDARD_TOML.encode("utf-16")), "UTF-16"),
    ],
)
def test_a_board_file_is_a_small_regular_file(tmp_path, make, says):
    board = tmp_path / "board.toml"
    make(board)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "nauticus_ref.cli",
            "validate",
            "--board",
            str(board),
            str(EXAMPLES / "game-2p.ngn"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and says in result.stderr, result.stderr


def test_a_device_as_board_is_refused_unread():
    result = cli("validate", "--board", "/dev/zero", EXAMPLES / "game-2p.ngn")
    assert result.exit_code == 2 and "not a regular file (a device)" in result.output


def test_a_bad_board_is_one_error_per_run(tmp_path):
    for i in range(5):
        (tmp_path / f"g{i}.ngn").write_text(GAME, encoding="utf-8")
    for jobs in ("1", "2"):
        result = cli("validate", "--jobs", jobs, "--board", tmp_path / "missing.toml", tmp_path)
        assert result.exit_code == 2
        assert result.output.count("missing.toml") == 1, result.output


# -- records that are not regular files, and OS errors ---------------------------------


def test_a_fifo_or_device_given_as_a_record_is_refused_unread(tmp_path):
    fifo = tmp_path / "game.ngn"
    os.mkfifo(fifo)
    for path, says in ((fifo, "not a regular file (a FIFO)"), ("/dev/zero", "(a device)")):
        result = subprocess.run(
            [sys.executable, "-m", "nauticus_ref.cli", "state", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2 and says in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["validate", "state", "explain --line 3", "annotate"])
def test_a_name_too_long_is_one_line(command):
    result = cli(*command.split(), "x" * 300 + ".ngn")
    assert result.exit_code == 2 and "too long" in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("command", ["annotate", "simulate"])
def test_an_output_that_cannot_be_written_is_one_line(tmp_path, command):
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    args = (
        [command, EXAMPLES / "game-2p.ngn"]
        if command == "annotate"
        else [command, "--players", "2", "--seed", "1"]
    )
    for out, says in (
        (a_file / "out.ngn", "not a directory"),
        (tmp_path / ("y" * 300), "too long"),
    ):
        result = cli(*args, "--out", out)
        assert result.exit_code == 2 and says in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
        assert not isinstance(result.exception, OSError)


def test_a_full_disk_leaves_no_half_written_file(tmp_path, monkeypatch):
    import errno

    out = tmp_path / "out.ngn"

    def no_space(*args):
        raise OSError(errno.ENOSPC, "No space left on device", str(out))

    monkeypatch.setattr(os, "replace", no_space)
    result = cli("annotate", EXAMPLES / "game-2p.ngn", "--out", out)
    assert result.exit_code == 2 and "no space left on device" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_signal_while_writing_leaves_no_temporary_file(tmp_path, monkeypatch):
    from nauticus_ref.core.writing import write_atomically

    def terminated(*args):
        raise SystemExit(143)  # what the command line's SIGTERM handler raises

    monkeypatch.setattr(os, "replace", terminated)
    with pytest.raises(SystemExit):
        write_atomically(tmp_path / "out.ngn", "players: A, B\n")
    assert list(tmp_path.iterdir()) == []


def test_the_text_reaches_the_disk_before_the_rename(tmp_path, monkeypatch):
    """A power cut leaves the old text or the new: the temporary file is synced before
    it is renamed over the target, and the folder after."""
    from nauticus_ref.core.writing import write_atomically

    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append("sync folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "sync file")
        real_fsync(fd)

    def replace(src, dst):
        events.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    target = tmp_path / "out.ngn"
    write_atomically(target, "players: A, B\n")
    write_atomically(target, "players: A, C\n")
    assert events == ["sync file", "rename", "sync folder"] * 2
    assert target.read_text() == "players: A, C\n"


# -- output a stranger cannot abuse ---------------------------------------------------

EVIL = 'players: "Ev\x1b]0;pwned\x07il", "Bi\u202edi"\nround 1: goods hulls money transport crowns masts deliver sails\n1. Carl hulls\n'


@pytest.mark.parametrize(
    "command", ["validate", "score", "state", "annotate", "parse", "explain --line 3"]
)
def test_control_characters_reach_no_terminal(tmp_path, command):
    path = tmp_path / "evil.ngn"
    path.write_text(EVIL, encoding="utf-8")
    result = cli(*command.split(), path)
    assert (
        "\x1b" not in result.output
        and "\u202e" not in result.output
        and "\x07" not in result.output
    )
    assert "\\x1b" in result.output or "\\u202e" in result.output, result.output


def test_json_keeps_control_characters_as_json_escapes(tmp_path):
    import json

    path = tmp_path / "evil.ngn"
    path.write_text(EVIL.replace("1. Carl hulls\n", ""), encoding="utf-8")
    result = cli("state", "--format", "json", path)
    assert "\x1b" not in result.output and "\u202e" not in result.output
    names = [p["name"] for p in json.loads(result.output)["players"]]
    assert names == ["Ev\x1b]0;pwned\x07il", "Bi\u202edi"]


def test_caret_stays_under_the_mistake_after_an_escape(tmp_path):
    path = tmp_path / "evil.ngn"
    path.write_text('players: "A\x1bB", "a\x1bb", Ben\n', encoding="utf-8")
    lines = cli("validate", path).output.splitlines()
    source = next(ln for ln in lines if ln.startswith("1 | "))
    caret = lines[lines.index(source) + 1]
    assert source[caret.index("^") : caret.rindex("^") + 1] == '"a\\x1bb"', (source, caret)


def test_an_output_encoding_that_cannot_show_a_name_does_not_crash(tmp_path):
    path = tmp_path / "game.ngn"
    path.write_text(GAME.replace("Anna", "Иван"), encoding="utf-8")
    for command in ("score", "state"):
        result = subprocess.run(
            [sys.executable, "-m", "nauticus_ref.cli", command, str(path)],
            capture_output=True,
            timeout=60,
            env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        )
        assert result.returncode == 0, result.stderr
        assert b"\\u0418\\u0432\\u0430\\u043d" in result.stdout


def test_the_suggested_command_is_quoted_for_the_shell(tmp_path):
    import shlex

    path = tmp_path / "Zoë's $(touch PWNED) game.ngn"
    path.write_text(
        "players: Anna, Ben\nround 1: goods hulls money transport crowns masts "
        "deliver sails\n1. Ben hulls bonus whale\n",
        encoding="utf-8",
    )
    result = cli("validate", "--format", "json", path)
    import json

    command = json.loads(result.output)["files"][0]["diagnostics"][0]["explain"]
    assert shlex.split(command)[2] == str(path)
    subprocess.run(["bash", "-c", f"true {command.split(' ', 2)[2]}"], cwd=tmp_path, check=True)
    assert not (tmp_path / "PWNED").exists()


def test_markdown_escapes_names(tmp_path):
    path = tmp_path / "game.ngn"
    path.write_text(
        GAME.replace("Anna", '"A|<b>x</b>"', 1).replace("Anna", '"A|<b>x</b>"'), encoding="utf-8"
    )
    for command in ("score", "state", "explain --line 8"):
        out = cli(*command.split(), "--format", "markdown", path).output
        assert "<b>" not in out.split("```")[0] and "A|<" not in out.split("```")[0], out
        assert "A\\|&lt;b&gt;x&lt;/b&gt;" in out or "```" in out
