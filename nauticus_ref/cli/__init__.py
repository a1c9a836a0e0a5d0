"""The `nauticus-ref` command line: a thin layer over parsing, replay and reports.

Exit codes, for every command: 0 clean, 1 the records have errors (whatever the
command shows), 2 the command could not run (a missing or unreadable file, bad
options, a line or point that is not in the record).
"""

from __future__ import annotations

import os
import signal
import sys
from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeVar

import click

from nauticus_ref.cli.lang import (
    Command,
    choose_language,
    settings_language,
    translate_help,
    with_lang,
)
from nauticus_ref.core.about import __version__
from nauticus_ref.core.language import _

if TYPE_CHECKING:
    from pathlib import Path

    from nauticus_ref.game.board import Board
    from nauticus_ref.referee.validate import Game
    from nauticus_ref.settings.finder import Finder

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
EXIT_CLEAN, EXIT_ERRORS, EXIT_CANNOT_RUN = 0, 1, 2


# pydantic looks for third-party plugins by scanning every installed package's entry
# points the first time a model is built: 15-20 ms of each cold start, for plugins the
# referee never wants watching its models.  A user may still set the variable.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


#: Whether output is coloured (`--color`, NO_COLOR, FORCE_COLOR; see `use_colour`).
COLOUR = {"out": False, "err": False}


def use_colour(choice: str) -> None:
    """Decide colour for standard output and error: `never`, `always`, or `auto` (colour on
    a terminal, unless NO_COLOR is set; FORCE_COLOR asks for it even when piped)."""
    for key, stream in (("out", sys.stdout), ("err", sys.stderr)):
        if choice != "auto":
            COLOUR[key] = choice == "always"
        elif os.environ.get("NO_COLOR"):
            COLOUR[key] = False
        elif os.environ.get("FORCE_COLOR", "0") not in ("", "0"):
            COLOUR[key] = True
        else:
            COLOUR[key] = stream is not None and stream.isatty()


class OutputError(Exception):
    """Standard output cannot be written (closed, a full disk): one line, exit 2."""


def _reader_gone() -> None:
    """The reader of standard output went away (`| head -1`): what is left to print goes
    nowhere, and the command runs to its end, so that its exit status still means what
    it always means (0 clean, 1 errors, 2 could not run)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def emit(text: str, nl: bool = True, err: bool = False, colour: bool = False) -> None:
    """Write to standard output (or error): a reader that went away is not an error, a
    stream that cannot be written is an `OutputError`; a closed standard error is left
    alone."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        if err:
            return
        raise OutputError("standard output is closed")
    try:
        click.echo(text, nl=nl, err=err, color=colour)
    except BrokenPipeError:
        if not err:
            _reader_gone()
    except OSError as e:
        if not err:
            raise OutputError(_unwritable(e)) from None


def _unwritable(e: OSError) -> str:
    from nauticus_ref.core.files import os_reason

    return f"cannot write to standard output: {os_reason(e)}"


def echo(text: str = "", nl: bool = True, err: bool = False) -> None:
    """Print text for a person: control characters a record may carry are shown escaped,
    then the referee's layout is coloured if colour is on."""
    from nauticus_ref.views.text import escape_controls

    text = escape_controls(text)
    colour = COLOUR["err" if err else "out"]
    if colour:
        from nauticus_ref.views.text import colourise

        text = colourise(text)
    emit(text, nl=nl, err=err, colour=colour)


def fail(message: str) -> None:
    echo(f"nauticus-ref: error: {message}", err=True)


def cannot_run(message: str) -> NoReturn:
    """Say why the command cannot run, and exit 2."""
    fail(message)
    sys.exit(EXIT_CANNOT_RUN)


def board_from(board_option: str | None) -> Board | None:
    """The board named by `--board`, checked once for the whole run (None: none given)."""
    if not board_option:
        return None
    from nauticus_ref.game.board import BoardError, resolve

    try:
        return resolve(board_option)
    except BoardError as e:
        cannot_run(_("--board: {e}").format(e=e))


def _name_stdin(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    from nauticus_ref.core.files import name_stdin

    name_stdin(value)


#: `--stdin-filename`, for every command that reads records (`-` is standard input).
stdin_option = click.option(
    "--stdin-filename",
    metavar="NAME",
    expose_value=False,
    callback=_name_stdin,
    help="What a record read from `-` (standard input) is called in messages; a `board:` "
    "line in it is looked up beside NAME.",
)


#: `--config` and `--isolated` as given to the running command (see `config_options`).
_SETTINGS: dict[str, Any] = {"config": None, "isolated": False}


def _remember(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    assert param.name is not None
    _SETTINGS[param.name] = value


def config_options(f: F) -> F:
    """`--config FILE` and `--isolated`, for every command that reads records."""
    f = click.option(
        "--isolated",
        is_flag=True,
        expose_value=False,
        callback=_remember,
        help="Read no settings file: every rule, at its own severity.",
    )(f)
    return click.option(
        "--config",
        metavar="FILE",
        expose_value=False,
        callback=_remember,
        help="The settings file for every record (pyproject.toml or .nauticus-ref.toml), "
        "instead of the one nearest above each record.",
    )(f)


def settings() -> Finder:
    """Where each record's settings come from (`--config`, `--isolated`, or the file
    nearest above it); exit 2 with a line per problem if a settings file is wrong."""
    from nauticus_ref.settings.finder import Finder

    if _SETTINGS["config"] is not None and _SETTINGS["isolated"]:
        cannot_run(_("give at most one of --config FILE and --isolated"))
    return settled(lambda: Finder(_SETTINGS["config"], _SETTINGS["isolated"], warn))


def settled(get: Callable[[], T]) -> T:
    """`get()`, or exit 2 if it meets a settings file that cannot be used."""
    from nauticus_ref.settings.finder import ConfigError

    try:
        return get()
    except ConfigError as e:
        for line in str(e).splitlines():
            fail(line)
        sys.exit(EXIT_CANNOT_RUN)


def records(paths: tuple[str, ...] | list[str], finder: Finder) -> tuple[list[str], list[str]]:
    """The record files the user named or that folders hold (less what each one's
    settings exclude), and a message for each path that cannot be used."""
    from nauticus_ref.core.files import expand, settings_path

    if paths:  # the language of the settings of the first record, or of a folder's own
        first = paths[0]
        where = os.path.join(first, "-") if os.path.isdir(first) else settings_path(first)
        settings_language(settled(lambda: finder.for_record(where)).lang)
    files, problems = settled(
        lambda: expand(list(paths), keep=lambda f: not finder.for_record(f).excluded(f))
    )
    return files, list(problems)  # each a `files.Problem`, which names its path


def warn(message: str) -> None:
    echo(f"nauticus-ref: warning: {message}", err=True)


def for_terminal() -> None:
    """Fit text output to the terminal it goes to: `help:` lines wrapped at its width."""
    if sys.stdout.isatty():
        import shutil

        from nauticus_ref.views import text

        text.WRAP_WIDTH = shutil.get_terminal_size().columns


#: `--board`, shared by every command that replays records.
board_option = click.option(
    "--board",
    "board_option",
    metavar="FILE",
    help="A board file (TOML) or a bundled board's name; overrides the records' `board:`.",
)


#: Which module defines each command.  A command's module is imported when the command
#: is asked for, so that `validate` does not load what `view` or `server` need (a cold
#: start is mostly imports; docs/performance.md).  tests/cli/test_cli_parse.py checks that
#: the table names every command.
COMMANDS = {
    "parse": "check",
    "validate": "check",
    "score": "check",
    "fmt": "fmt",
    "annotate": "look",
    "explain": "look",
    "state": "look",
    "card": "look",
    "view": "look",
    "moves": "moves",
    "simulate": "tools",
    "rules": "tools",
    "schema": "tools",
    "server": "tools",
    "record": "record",
    "league": "league",
}


class _Commands(click.Group):
    """The command group, loading each command's module when it is first needed."""

    command_class = Command

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            import importlib

            importlib.import_module(f"nauticus_ref.cli.{COMMANDS[cmd_name]}")
        command = super().get_command(ctx, cmd_name)
        return with_lang(command) if command is not None else None

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        translate_help(self)
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None:
                translate_help(command)
        super().format_help(ctx, formatter)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command named first in `args`; an unknown name gets the closest one as a
        suggestion, as an unknown option does."""
        if args and self.get_command(ctx, args[0]) is None and not args[0].startswith("-"):
            from nauticus_ref.notation.vocab import closest

            near = closest(args[0], COMMANDS)
            ctx.fail(f"no such command `{args[0]}`" + (f"; did you mean `{near}`?" if near else ""))
        return super().resolve_command(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for name in COMMANDS:
            self.get_command(ctx, name)
        return super().list_commands(ctx)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    __version__, "-V", "--version", prog_name="nauticus-ref", message="%(prog)s %(version)s"
)
@click.option(
    "--color",
    "color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour the severity, rule id, carets and help lines: on a terminal "
    "(auto; NO_COLOR turns it off, FORCE_COLOR on), always, or never.",
)
def main(color: str) -> None:
    """The referee for NAUTICUS: parse, check and score recorded games.

    \b
    Examples:
      nauticus-ref validate examples/logs/game-2p.ngn
      nauticus-ref --color never validate league/
      nauticus-ref rules one-crest
    """
    use_colour(color)


with_lang(main)


def format_option(
    view: str, help: str = "text, json, or markdown for a forum thread."
) -> Callable[[F], F]:
    """`--format`, its choices read from the view's table of formats."""
    from nauticus_ref.views import FORMAT_NAMES

    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMAT_NAMES[view]),
        default="text",
        show_default=True,
        help=help,
    )


#: `--jobs`, for the commands that handle many records.
jobs_option = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Records handled at once, in separate processes; the output keeps the order of the files.",
)


def same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # either is missing or cannot be looked at: not the same file
        return False


def write_file(path: str | Path, text: str, say: bool = True) -> None:
    """Write an output file atomically, or exit 2 with a one-line message; `say`: tell the
    user (on standard error) what was written, and which folder was made for it."""
    from nauticus_ref.core.files import SourceError
    from nauticus_ref.core.writing import write_output

    folder = os.path.dirname(os.path.abspath(path))
    made = not os.path.isdir(folder)
    try:
        write_output(path, text)
    except SourceError as e:
        cannot_run(str(e))
    if say:
        echo(
            f"wrote {path}" + (f" (made the folder {os.path.dirname(str(path))})" if made else ""),
            err=True,
        )


def one_record(path: str, board_option: str | None, replayed: bool = True) -> Game:
    """The replayed report of one record, or exit 2 / 1 with a message (1: the record has
    syntax errors, unless `replayed` is False: then its report is given all the same)."""
    from nauticus_ref.cli.batch import load
    from nauticus_ref.core.files import settings_path
    from nauticus_ref.views.text import render_text

    if os.path.isdir(path):
        cannot_run(_("{path}: a folder; this command reads one record file").format(path=path))
    for_terminal()
    board, finder = board_from(board_option), settings()
    where = settings_path(path)
    config = settled(lambda: finder.for_record(where))
    settings_language(config.lang)
    checking = settled(lambda: config.checking(where, board))
    report, failure = load(path, checking)
    if report is None:
        cannot_run(failure or path)
    if report.replayed is None and replayed:
        for d in report.diagnostics:
            echo(render_text(report.path, report.lines, d), err=True)
        fail(_("{path}: syntax errors; fix them first").format(path=report.path))
        sys.exit(EXIT_ERRORS)
    return report


def line_in_range(report: Game, line: int | None) -> None:
    """Exit 2 with one line if `--line` is past the record's end (every command alike)."""
    lines = report.lines[:-1] if report.lines and report.lines[-1] == "" else report.lines
    if line is not None and line > len(lines):
        cannot_run(
            _("{path} has {n} lines, not {line}").format(path=report.path, n=len(lines), line=line)
        )


def _plain(message: str) -> str:
    """click's message in the program's style: lowercase, no final period."""
    return message[:1].lower() + message[1:].removesuffix(".")


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def entry(argv: list[str] | None = None) -> None:
    """The `nauticus-ref` program: `main` with the exit codes a shell expects.

    SIGTERM unwinds like an exception, so that no temporary file is left beside an
    output; Ctrl-C exits 130 with one line; an output encoding that cannot show a
    character (cp1252 and a Cyrillic name) shows it escaped instead of failing.
    """
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    signal.signal(signal.SIGTERM, _terminated)
    if sys.stdout is None:  # `>&-`: nowhere to report to
        fail(_("standard output is closed"))
        sys.exit(EXIT_CANNOT_RUN)
    choose_language(sys.argv[1:] if argv is None else argv)
    code: Any = EXIT_CLEAN
    try:
        main.main(args=argv, prog_name="nauticus-ref", standalone_mode=False)
    except click.exceptions.Abort:
        fail("interrupted")
        code = 130
    except click.exceptions.Exit as e:
        code = e.exit_code
    except click.ClickException as e:
        # click's own layout, with the one way every error of the program is written
        if isinstance(e, click.UsageError) and e.ctx is not None:
            emit(f"{e.ctx.get_usage()}\nTry '{e.ctx.command_path} --help' for help.\n", err=True)
        fail(_plain(e.format_message()))
        code = e.exit_code
    except OutputError as e:
        fail(str(e))
        code = EXIT_CANNOT_RUN
    except SystemExit as e:
        code = e.code
    except BrokenPipeError:  # click's own output (help) to a reader that went away
        _reader_gone()
    except OSError as e:  # click's own output to a full disk, or an error of ours
        from nauticus_ref.core.files import os_reason

        fail(
            _("{filename}: {value}").format(filename=e.filename, value=os_reason(e))
            if e.filename
            else _unwritable(e)
        )
        code = EXIT_CANNOT_RUN
    try:  # what is still buffered, before the exit status is given
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone()
    except ValueError:  # closed by the command itself (the language server's exit)
        pass
    except OSError as e:
        fail(_unwritable(e))
        code = EXIT_CANNOT_RUN
    sys.exit(code)
