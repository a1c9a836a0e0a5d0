"""What a stranger's files can make the referee do, bounded: board and settings files
(TOML read within bounds of depth, dotted keys and entries), `.gitignore`, `exclude` and
`per-file-ignores` patterns (matched in linear time), another project's `pyproject.toml`
(passed over unread), and settings files the trust check judges on what it opened."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.game.board import BoardError, load_board_file
from nauticus_ref.settings.finder import Finder

GAME = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _bounded(code: str, cwd: Path) -> tuple[float, int, str]:
    """Run `code` in a fresh Python; the CPU seconds it took (not the wall time, which a
    busy machine stretches), its peak memory in MB, its output."""
    wrapper = textwrap.dedent("""
        import resource, sys, time
        start = time.process_time()
        exec(compile(sys.argv[1], "case", "exec"))
        took = time.process_time() - start
        print(f"TOOK {took} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}")
    """)
    base = subprocess.run(
        [
            sys.executable,
            "-c",
            "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)",
        ],
        capture_output=True,
        text=True,
    ).stdout
    done = subprocess.run(
        [sys.executable, "-c", wrapper, code], capture_output=True, text=True, cwd=cwd, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    took, peak = done.stdout.split("TOOK ")[-1].split()
    return float(took), int(peak) - int(base), done.stdout


#: Files a stranger may write at the size limit, shaped to make a TOML reader work hard.
SHAPES = {
    "dotted key": lambda size: "a" + ".a" * (size // 2 - 4) + "=1\n",
    "nested arrays": lambda size: "x = " + "[" * 3000 + "]" * 3000 + "\n",
    "nested tables": lambda size: "x = " + "{a=" * 2000 + "1" + "}" * 2000 + "\n",
    "many keys": lambda size: "".join(f"k{i} = {i}\n" for i in range(size // 12)),
    "long array": lambda size: "x = [" + "1," * (size // 2 - 8) + "1]\n",
    "many tables": lambda size: "".join(f"[t{i}]\n" for i in range(size // 8)),
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("kind", ["board", "settings"])
def test_a_board_or_settings_file_at_its_size_limit_is_read_quickly(tmp_path, shape, kind):
    from nauticus_ref.game.board import MAX_BOARD_BYTES
    from nauticus_ref.settings.finder import MAX_CONFIG_BYTES

    size = MAX_BOARD_BYTES if kind == "board" else MAX_CONFIG_BYTES
    text = SHAPES[shape](size)[:size]
    if kind == "board":
        (tmp_path / "board.toml").write_text(text, encoding="utf-8")
        (tmp_path / "g.ngn").write_text("board: board.toml\n" + GAME, encoding="utf-8")
    else:
        (tmp_path / ".nauticus-ref.toml").write_text(text, encoding="utf-8")
        (tmp_path / "g.ngn").write_text(GAME, encoding="utf-8")
    code = (
        "from nauticus_ref.cli import entry\ntry:\n    entry(['validate', 'g.ngn'])\n"
        "except SystemExit as e:\n    print('EXIT', e.code)\n"
    )
    took, peak, out = _bounded(code, tmp_path)
    assert "Traceback" not in out and "EXIT 2" in out
    # the bound every input is held to (docs/performance.md): a reader that went
    # quadratic on these shapes would take minutes
    assert took <= 2 and peak <= 100, (took, peak)


def test_a_board_file_with_a_long_dotted_key_says_so(tmp_path):
    board = tmp_path / "board.toml"
    board.write_text("a" + ".a" * 1000 + " = 1\n", encoding="utf-8")
    with pytest.raises(BoardError, match="a dotted key of 1001 parts"):
        load_board_file(board)
    board.write_text("x = " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    with pytest.raises(BoardError, match="nested 3000 levels deep"):
        load_board_file(board)


def test_strings_that_look_like_structure_are_not_counted(tmp_path):
    from nauticus_ref.core.bounded_toml import _toml_shape

    text = (
        'a = "[[[[....{{{{ \\" ]]]"\nb = \'[[[[....\'\nc = """\n[[[[ ... \\"""\n"""\n'
        "d = '''[[[[...'''\n[t.u]\ne = [[1], [2]]  # [[[[.....\n"
    )
    assert _toml_shape(text) == (2, 2, 10)


def test_settings_are_bounded_in_entries(tmp_path):
    rows = ", ".join(f'"p{i}/*.ngn" = ["rewards"]' for i in range(300))
    (tmp_path / ".nauticus-ref.toml").write_text(f"per-file-ignores = {{{rows}}}\n")
    (tmp_path / "g.ngn").write_text(GAME, encoding="utf-8")
    result = run("validate", tmp_path / "g.ngn")
    assert (
        result.exit_code == 2
        and "per-file-ignores: dictionary should have at most 256" in result.output
    )


@pytest.mark.parametrize("where", [".gitignore", "exclude", "per-file-ignores"])
def test_a_pattern_that_would_backtrack_is_matched_in_linear_time(tmp_path, where):
    pattern = "*a*a*a*a*a*a*a*a*a*a*a*a*c"
    (tmp_path / ".git").mkdir()
    (tmp_path / ("a" * 200 + ".ngn")).write_text(GAME, encoding="utf-8")
    (tmp_path / ("-".join(["x"] * 120) + ".draft.ngn")).write_text(GAME, encoding="utf-8")
    if where == ".gitignore":
        (tmp_path / ".gitignore").write_text(f"{pattern}\n*-*-*-*-*.draft.ngn\n")
    elif where == "exclude":
        (tmp_path / ".nauticus-ref.toml").write_text(
            f'exclude = ["{pattern}", "*-*-*-*-*.draft.ngn"]\n'
        )
    else:
        (tmp_path / ".nauticus-ref.toml").write_text(
            f'per-file-ignores = {{"{pattern}" = ["rewards"], "*-*-*-*-*.draft.ngn" = ["claim"]}}\n'
        )
    code = (
        "from nauticus_ref.cli import entry\ntry:\n    entry(['validate', '.'])\n"
        "except SystemExit as e:\n    print('EXIT', e.code)\n"
    )
    took, _, out = _bounded(code, tmp_path)
    assert took < 2, took
    assert "EXIT 0" in out


@pytest.mark.parametrize("pattern", ["!", "[z-a]"])
@pytest.mark.parametrize("where", [".gitignore", "exclude", "per-file-ignores"])
def test_a_pattern_that_cannot_be_used_is_one_line_naming_it(tmp_path, pattern, where):
    (tmp_path / ".git").mkdir()
    (tmp_path / "g.ngn").write_text(GAME, encoding="utf-8")
    if where == ".gitignore":
        (tmp_path / ".gitignore").write_text(f"{pattern}\n")
    elif where == "exclude":
        (tmp_path / ".nauticus-ref.toml").write_text(f'exclude = ["{pattern}"]\n')
    else:
        (tmp_path / ".nauticus-ref.toml").write_text(
            f'per-file-ignores = {{"{pattern}" = ["rewards"]}}\n'
        )
    result = run("validate", tmp_path)
    assert (
        result.exit_code == 2
        and result.exception is None
        or isinstance(result.exception, SystemExit)
    )
    assert f"the pattern `{pattern}` cannot be used" in result.output
    assert where.strip(".") in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "content",
    [
        "[project]\nname = 'caf\xe9'\n".encode("latin-1"),
        "[project]\nname = 'x'\n".encode("utf-16"),
        b"[project]\n" + b"# filler\n" * 150_000,
    ],
)
def test_another_projects_pyproject_is_passed_over_unread(tmp_path, content):
    (tmp_path / "pyproject.toml").write_bytes(content)
    (tmp_path / "g.ngn").write_text(GAME, encoding="utf-8")
    result = run("validate", tmp_path / "g.ngn")
    assert result.exit_code == 0, result.output


def test_a_pyproject_with_the_table_is_still_judged_in_full(tmp_path):
    (tmp_path / "pyproject.toml").write_bytes(
        b"[tool.nauticus-ref]\nignore = ['claim']\n" + b"# filler\n" * 150_000
    )
    (tmp_path / "g.ngn").write_text(GAME, encoding="utf-8")
    result = run("validate", tmp_path / "g.ngn")
    assert result.exit_code == 2 and "too large to be a settings file" in result.output


OTHER = 4321  # a user who is not the one running the referee


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="only root can act as another user")


@needs_root
def test_a_link_another_user_planted_is_not_followed(tmp_path):
    """In a folder anyone may write (with the sticky bit, as /tmp), another user plants a
    link to a file of root's: the link is judged by its own owner, and refused."""
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    trusted = tmp_path / "root-owned.toml"
    trusted.write_text('ignore = ["claim"]\n')
    link = shared / ".nauticus-ref.toml"
    link.symlink_to(trusted)
    os.lchown(link, OTHER, OTHER)
    warnings: list[str] = []
    config = Finder(None, False, warnings.append).for_record(shared / "g.ngn")
    assert config.ignore == ()
    assert warnings == [
        f"{link}: not read: it is a link that belongs to another user (uid {OTHER})"
    ]


@needs_root
def test_a_file_swapped_between_the_check_and_the_read_is_never_applied(tmp_path):
    """A race loop swaps the settings file between root's own and another user's; every
    look-up either applies root's settings or refuses, never the other user's."""
    folder = tmp_path / "league"
    folder.mkdir()
    mine, theirs = tmp_path / "mine.toml", tmp_path / "theirs.toml"
    mine.write_text('ignore = ["claim"]\n')
    theirs.write_text('ignore = ["storage"]\n')
    os.chown(theirs, OTHER, OTHER)
    target = folder / ".nauticus-ref.toml"
    stop = threading.Event()

    def swapper() -> None:
        staged = folder / ".staged"
        while not stop.is_set():
            for source in (mine, theirs):
                try:
                    os.link(source, staged)
                    os.replace(staged, target)
                except OSError:
                    pass

    thread = threading.Thread(target=swapper, daemon=True)
    thread.start()
    seen: set[tuple[str, ...]] = set()
    try:
        deadline = time.monotonic() + 5
        for _ in range(20_000):
            if time.monotonic() > deadline:
                break
            seen.add(Finder(None, False, lambda m: None).for_record(folder / "g.ngn").ignore)
    finally:
        stop.set()
        thread.join()
    assert ("storage",) not in seen and ("claim",) in seen


def test_the_language_server_reads_settings_anew_when_they_change(tmp_path):
    pytest.importorskip("pygls")
    from nauticus_ref.lsp.analysis import Workspace

    record = tmp_path / "g.ngn"
    text = GAME.replace("= 6t", "= 96t", 1)
    workspace = Workspace(lambda message: None)
    assert any(d.rule == "claim" for d in workspace.check(str(record), text).diagnostics())
    (tmp_path / ".nauticus-ref.toml").write_text('ignore = ["claim"]\n')
    assert not any(d.rule == "claim" for d in workspace.check(str(record), text).diagnostics())
    (tmp_path / ".nauticus-ref.toml").unlink()
    assert any(d.rule == "claim" for d in workspace.check(str(record), text).diagnostics())


def _program(shell: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """The program run by a shell, so that standard streams can be closed, full or cut."""
    prog = f"{sys.executable} -m nauticus_ref"
    return subprocess.run(
        ["bash", "-c", shell.replace("PROG", prog)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def clean_folder(tmp_path) -> Path:
    for n in range(40):  # enough output that the reader leaves before the end
        (tmp_path / f"g{n:02}.ngn").write_text(GAME, encoding="utf-8")
    return tmp_path


def test_a_reader_that_goes_away_does_not_change_the_exit_status(clean_folder):
    done = _program('PROG validate . | head -1; echo "status ${PIPESTATUS[0]}"', clean_folder)
    assert done.stdout.splitlines()[-1] == "status 0", done.stdout
    assert "Traceback" not in done.stderr and done.stderr == ""
    (clean_folder / "bad.ngn").write_text(GAME.replace("= 6t", "= 96t", 1), encoding="utf-8")
    done = _program('PROG validate . | head -1; echo "status ${PIPESTATUS[0]}"', clean_folder)
    assert done.stdout.splitlines()[-1] == "status 1"


@pytest.mark.parametrize(
    "shell, says",
    [
        ("PROG validate . > /dev/full", "cannot write to standard output: no space left on device"),
        (
            "PROG validate --format json . > /dev/full",
            "cannot write to standard output: no space left on device",
        ),
        (
            "PROG validate --help > /dev/full",
            "cannot write to standard output: no space left on device",
        ),
        ("PROG validate - <&-", "<stdin>: standard input is closed"),
        ("PROG validate . >&-", "standard output is closed"),
    ],
)
def test_a_closed_or_full_stream_is_one_line_and_exit_2(clean_folder, shell, says):
    done = _program(shell, clean_folder)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"nauticus-ref: error: {says}\n"


def _visible_text(page: str) -> str:
    """The text of a page that is shown: every text node outside scripts and styles."""
    from html.parser import HTMLParser

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.parts: list[str] = []
            self.hidden = 0

        def handle_starttag(self, tag, attrs):
            self.hidden += tag in ("script", "style")

        def handle_endtag(self, tag):
            self.hidden -= tag in ("script", "style")

        def handle_data(self, data):
            if not self.hidden:
                self.parts.append(data)

    reader = Text()
    reader.feed(page)
    return "".join(reader.parts)


BIDI = "\u202eAnna\u2066"  # a name that would reverse what follows it


@pytest.mark.parametrize("command", [["score", "--format", "html"], ["view"]])
def test_bidirectional_overrides_show_escaped_in_pages(tmp_path, command):
    record = tmp_path / f"x{BIDI}.ngn"
    record.write_text(GAME.replace("Anna", f'"{BIDI}"'), encoding="utf-8")
    out = tmp_path / "page.html"
    args = [*command, record] + (["--out", out] if command == ["view"] else [])
    result = CliRunner().invoke(main, [str(a) for a in args])
    page = out.read_text(encoding="utf-8") if command == ["view"] else result.stdout
    # in the text a reader sees (not the data a script reads), no override acts
    visible = _visible_text(page)
    assert "\u202e" not in visible and "\u2066" not in visible
    assert "\\u202eAnna\\u2066" in visible
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "\\u202e" in title
