"""`nauticus-ref parse`: summaries, the JSON model, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES
from syrupy.extensions.json import JSONSnapshotExtension

from nauticus_ref import __version__
from nauticus_ref.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.output.strip() == f"nauticus-ref {__version__}"


def test_every_command_has_help_with_an_example():
    from nauticus_ref.cli import COMMANDS

    for command in COMMANDS:
        result = run(command, "--help")
        assert result.exit_code == 0
        assert "Example" in result.output, command


def test_text_summary(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("parse", "all-constructs.ngn")
    assert result.exit_code == 0
    assert result.output == (
        "all-constructs.ngn: ok, 2 players (Anna, Björn B.), 1 round, 5 phases, 10 turn lines\n"
    )


def test_json_model_of_the_all_constructs_example(monkeypatch, snapshot):
    monkeypatch.chdir(EXAMPLES)
    result = run("parse", "--format", "json", "all-constructs.ngn")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["files"][0]["ok"] is True
    assert data == snapshot(extension_class=JSONSnapshotExtension)


def test_json_of_a_file_with_syntax_errors(monkeypatch):
    monkeypatch.chdir(EXAMPLES / "syntax")
    data = json.loads(run("parse", "--format", "json", "missing-gt.ngn").output)
    entry = data["files"][0]
    assert entry["ok"] is False and entry["record"] is None
    assert entry["diagnostics"][0] == {
        "rule": "syntax",
        "severity": "error",
        "line": 5,
        "column": 24,
        "end_line": 5,
        "end_column": 25,
        "message": "missing `>` before the destination",
        "help": "write the destination after `>`: `>store`, `>NAME` or `>new NAME`",
        "explain": "nauticus-ref rules syntax",
    }


def test_a_directory_means_every_ngn_file_below_it():
    result = run("parse", str(EXAMPLES))
    assert result.exit_code == 1  # the syntax examples are in there
    assert result.output.count(": ok,") == len(
        [p for p in EXAMPLES.rglob("*.ngn") if "syntax" not in p.parts]
    )


def test_missing_file_cannot_run(tmp_path):
    result = run("parse", str(tmp_path / "nope.ngn"))
    assert result.exit_code == 2
    assert "no such file or directory" in result.output
    assert "Traceback" not in result.output


def test_not_utf8_cannot_run(tmp_path):
    bad = tmp_path / "bad.ngn"
    bad.write_bytes(b"players: Anna, B\xe9n\n")
    result = run("parse", str(bad))
    assert result.exit_code == 2
    assert "not UTF-8" in result.output


def test_directory_without_records_cannot_run(tmp_path):
    result = run("parse", str(tmp_path))
    assert result.exit_code == 2
    assert "no .ngn files" in result.output


def test_parse_never_writes_to_its_input(tmp_path):
    record = tmp_path / "game.ngn"
    record.write_text(
        (EXAMPLES / "all-constructs.ngn").read_text(encoding="utf-8"), encoding="utf-8"
    )
    before = record.read_bytes(), record.stat().st_mtime_ns
    run("parse", "--format", "json", str(record))
    assert (record.read_bytes(), record.stat().st_mtime_ns) == before


def _modules_loaded_by(*args: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running the command."""
    code = (
        "import sys\nfrom nauticus_ref.cli import main\n"
        f"try:\n    main({list(args)!r})\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {line.split(".")[0] for line in out.splitlines()} | set(out.splitlines())


def test_a_command_imports_only_what_it_needs():
    # A cold start is mostly imports: `--version` needs neither parser nor models, and
    # validating one file needs no process pool, simulator or explain machinery.
    version = _modules_loaded_by("--version")
    assert not version & {"lark", "pydantic", "nauticus_ref.notation.model"}
    validate = _modules_loaded_by("validate", str(EXAMPLES / "game-2p.ngn"))
    assert "nauticus_ref.referee.engine" in validate
    # the record model and diagnostics are plain dataclasses: text output needs no pydantic
    assert "pydantic" not in validate
    assert not validate & {
        "multiprocessing",
        "nauticus_ref.tools.simulate",
        "nauticus_ref.views.explain",
        "nauticus_ref.notation.printer",
        "nauticus_ref.views.annotate",
    }
    # the other commands' modules load only when they are asked for
    assert not validate & {
        "nauticus_ref.cli.look",
        "nauticus_ref.cli.tools",
        "nauticus_ref.cli.fmt",
        "nauticus_ref.referee.resume",
    }


@pytest.mark.parametrize(
    "raw",
    [
        "a.ngn",
        "./a.ngn",
        "a//b/./c.ngn",
        "/x/y",
        "//x/y",
        "///x/y",
        "a/../b",
        ".",
        "./",
        "dir/",
        "/",
    ],
)
def test_paths_are_shown_as_pathlib_shows_them(raw):
    """Paths are strings on the way of one validate, shown as they always were."""
    from pathlib import Path

    from nauticus_ref.core.files import shown

    assert shown(raw) == str(Path(raw))


def test_a_folder_walk_gives_files_in_the_order_paths_sort(tmp_path):
    """Part by part, as pathlib sorts (a string sort would put `a-b.ngn` first)."""
    from nauticus_ref.core.files import expand

    (tmp_path / "a").mkdir()
    for name in ("a/b.ngn", "a-b.ngn", "a.ngn"):
        (tmp_path / name).write_text("players: Anna, Ben\n", encoding="utf-8")
    files, errors = expand([f"{tmp_path}/./"])
    assert errors == []
    assert files == [str(tmp_path / name) for name in ("a/b.ngn", "a-b.ngn", "a.ngn")]


def test_a_game_outside_any_project_is_validated_without_pathlib_or_toml(tmp_path):
    """Each was ~3 % of a cold start (docs/performance.md): paths are strings on the way
    of one validate, the standard board ships parsed, and no settings file is read."""
    (tmp_path / "game.ngn").write_bytes((EXAMPLES / "game-2p.ngn").read_bytes())
    validate = _modules_loaded_by("validate", str(tmp_path / "game.ngn"))
    assert "nauticus_ref.referee.engine" in validate
    assert not validate & {"pathlib", "tomllib", "json", "difflib", "shlex"}


def _collector_at_exit(*code: str) -> str:
    """What a fresh interpreter running `code` says of its garbage collector at exit
    (after the command, before Python's own clean-up): the objects between passes, and
    whether any were set aside."""
    probe = [
        "import atexit, gc, sys",
        "atexit.register(lambda: print(gc.get_threshold()[0], gc.get_freeze_count() > 0))",
        *code,
    ]
    result = subprocess.run(
        [sys.executable, "-c", "\n".join(probe)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[-1]


def test_the_program_tunes_the_garbage_collector_and_the_library_does_not():
    """A fifth of a cold start went on collector passes that found nothing
    (nauticus_ref/__main__.py); a program using the library keeps Python's settings."""
    from nauticus_ref.__main__ import GC_THRESHOLD

    game = str(EXAMPLES / "game-2p.ngn")
    untouched = _collector_at_exit()
    assert untouched.endswith("False") and not untouched.startswith(f"{GC_THRESHOLD} ")
    assert _collector_at_exit("import nauticus_ref", f"nauticus_ref.read({game!r})") == untouched
    assert (
        _collector_at_exit("from nauticus_ref.cli import entry", f"entry(['validate', {game!r}])")
        == untouched
    )
    assert (
        _collector_at_exit(
            f"sys.argv = ['nauticus-ref', 'validate', {game!r}]",
            "from nauticus_ref.__main__ import main",
            "main()",
        )
        == f"{GC_THRESHOLD} True"
    )


@pytest.mark.parametrize("module", ["nauticus_ref", "nauticus_ref.cli"])
def test_python_dash_m_runs_the_program(module):
    game = str(EXAMPLES / "invalid" / "one-crest.ngn")
    result = subprocess.run(
        [sys.executable, "-m", module, "validate", game], capture_output=True, text=True
    )
    assert result.returncode == 1 and "one-crest" in result.stdout


def test_the_command_table_names_every_command():
    """`COMMANDS` says where each command lives; a command missing from it could not be
    found by name."""
    from click import Context

    from nauticus_ref.cli import COMMANDS, main

    listed = main.list_commands(Context(main))
    assert sorted(listed) == sorted(COMMANDS) == sorted(main.commands)
    for name, module in COMMANDS.items():
        assert main.commands[name].callback.__module__ == f"nauticus_ref.cli.{module}"
