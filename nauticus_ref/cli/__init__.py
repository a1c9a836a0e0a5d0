"""The `nauticus-ref` command line: a thin layer over parsing, replay and reports.

Exit codes, for every command: 0 clean, 1 the records have errors, 2 the command
could not run (a missing or unreadable file, bad options).
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import click

from nauticus_ref import __version__

if TYPE_CHECKING:
    from nauticus_ref.cli.batch import Handler
    from nauticus_ref.files import Source
    from nauticus_ref.game.board import Board
    from nauticus_ref.notation.assemble import ParseResult
    from nauticus_ref.referee.validate import Game
    from nauticus_ref.rules import Rule

F = TypeVar("F", bound=Callable[..., Any])
EXIT_CLEAN, EXIT_ERRORS, EXIT_CANNOT_RUN = 0, 1, 2

# pydantic looks for third-party plugins by scanning every installed package's entry
# points the first time a model is built: 15-20 ms of each cold start, for plugins the
# referee never wants watching its models.  A user may still set the variable.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def _echo(text: str = "", nl: bool = True, err: bool = False) -> None:
    """Print text for a person: control characters a record may carry are shown escaped."""
    from nauticus_ref.views.text import escape_controls

    click.echo(escape_controls(text), nl=nl, err=err)


def _fail(message: str) -> None:
    _echo(f"nauticus-ref: error: {message}", err=True)


def _board(board_option: str | None) -> Board | None:
    """The board named by `--board`, checked once for the whole run (None: none given)."""
    if not board_option:
        return None
    from nauticus_ref.game.board import BoardError, resolve

    try:
        return resolve(board_option)
    except BoardError as e:
        _fail(f"--board: {e}")
        sys.exit(EXIT_CANNOT_RUN)


def _sources(paths: tuple[str, ...]) -> tuple[list[Source], bool]:
    """Yield readable sources; report the others.  Returns a list and a flag."""
    from nauticus_ref.files import SourceError, expand, read

    files, errors = expand(list(paths))
    for message in errors:
        _fail(message)
    sources = []
    for f in files:
        try:
            sources.append(read(f))
        except SourceError as e:
            _fail(str(e))
            errors.append(str(e))
    return sources, bool(errors)


#: `--board`, shared by every command that replays records.
board_option = click.option(
    "--board", "board_option", metavar="FILE",
    help="A board file (TOML) or a bundled board's name; overrides the records' `board:`.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="nauticus-ref",
                      message="%(prog)s %(version)s")
def main() -> None:
    """The referee for NAUTICUS: parse, check and score recorded games.

    \b
    Example:
      nauticus-ref parse examples/logs/all-constructs.ngn
    """


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: a summary line per file; json: the record model.")
def parse(paths: tuple[str, ...], fmt: str) -> None:
    """Parse records and report syntax errors, without replaying the game.

    PATHS are .ngn files or directories (every .ngn file below them).

    \b
    Examples:
      nauticus-ref parse game.ngn
      nauticus-ref parse --format json game.ngn
      nauticus-ref parse club-archive/
    """
    from nauticus_ref.notation.assemble import parse_text
    from nauticus_ref.notation.model import to_json
    from nauticus_ref.views.text import dumps, render_text

    sources, unreadable = _sources(paths)
    any_errors = False
    files_json = []
    for src in sources:
        result = parse_text(src.text)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        any_errors |= bool(errors)
        if fmt == "json":
            files_json.append({
                "path": src.path,
                "ok": result.ok,
                "record": to_json(result.record) if result.record else None,
                "diagnostics": [d.as_json(src.path) for d in result.diagnostics],
            })
            continue
        for d in result.diagnostics:
            _echo(render_text(src.path, result.lines, d))
            _echo()
        _echo(summary_line(src.path, result))
    if fmt == "json":
        click.echo(dumps({"files": files_json}))
    sys.exit(EXIT_CANNOT_RUN if unreadable else EXIT_ERRORS if any_errors else EXIT_CLEAN)


def format_option(view: str, help: str = "text, json, or markdown for a forum thread."
                  ) -> Callable[[F], F]:
    """`--format`, its choices read from the view's table of formats."""
    from nauticus_ref.views import FORMAT_NAMES

    return click.option("--format", "fmt", type=click.Choice(FORMAT_NAMES[view]),
                        default="text", show_default=True, help=help)


#: `--jobs`, for the commands that handle many records.
jobs_option = click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
                           help="Records handled at once, in separate processes; the output "
                           "keeps the order of the files.")


def _batch(fn: Handler, paths: tuple[str, ...], board_option: str | None, fmt: str, jobs: int,
           json_key: str) -> None:
    """Run `fn` over every record, print in file order, finish with the exit code."""
    import time

    from nauticus_ref.cli.batch import run
    from nauticus_ref.views.validate import tally
    from nauticus_ref.views.text import dumps
    from nauticus_ref.files import expand

    started = time.perf_counter()
    board = _board(board_option)
    files, errors = expand(list(paths))
    for message in errors:
        _fail(message)
    cannot_run = bool(errors)
    payload, totals, bad, done = [], {"error": 0, "warning": 0, "note": 0}, 0, 0
    for outcome in run(fn, [str(f) for f in files], board, fmt, jobs):
        if outcome.failure:
            _fail(outcome.failure)
            cannot_run = True
            continue
        done += 1
        bad += not outcome.valid
        for k in totals:
            totals[k] += outcome.counts[k]
        if fmt == "json":
            payload.append(outcome.data)
        elif outcome.text:
            if json_key == "games" and done > 1:
                _echo()  # a blank line between two games' scores
            _echo(outcome.text, nl=not outcome.text.endswith("\n"))
    if fmt == "json":
        click.echo(dumps({json_key: payload}))
    elif done > 1 and fmt != "github":
        seconds = time.perf_counter() - started
        _echo(f"{done} files, {bad} with errors: {tally(totals)} ({seconds:.1f} s)")
    sys.exit(EXIT_CANNOT_RUN if cannot_run else EXIT_ERRORS if bad else EXIT_CLEAN)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@format_option("validate", "text for people, json for programs, github for workflow "
               "annotations.")
@board_option
@jobs_option
def validate(paths: tuple[str, ...], fmt: str, board_option: str | None, jobs: int) -> None:
    """Replay records and report every rule broken, at its line and column.

    PATHS are .ngn files or directories (every .ngn file below them).  A record
    that stops mid-game is valid if every move so far is legal.

    \b
    Examples:
      nauticus-ref validate examples/logs/game-2p.ngn
      nauticus-ref validate --format json league/
      nauticus-ref validate --jobs 2 league/
      nauticus-ref validate --board my-board.toml game.ngn
    """
    from nauticus_ref.cli.batch import validate_one

    _batch(validate_one, paths, board_option, fmt, jobs, "files")


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@format_option("score", "text for people, json for programs, markdown for a forum post.")
@board_option
@jobs_option
def score(paths: tuple[str, ...], fmt: str, board_option: str | None, jobs: int) -> None:
    """Score finished games with every part shown: track, ships, goods, material.

    An unfinished record is scored as if the game ended now, marked provisional.
    A record with rule errors is still scored, with a warning; the exit code is
    then 1, as for validate.

    \b
    Examples:
      nauticus-ref score examples/logs/game-3p.ngn
      nauticus-ref score --format markdown game.ngn
      nauticus-ref score --format json --jobs 2 league/
    """
    from nauticus_ref.cli.batch import score_one

    _batch(score_one, paths, board_option, fmt, jobs, "games")


@main.command()
@click.argument("path", type=click.Path())
@click.option("--out", "out", type=click.Path(dir_okay=False), metavar="PATH",
              help="Write the annotated record here (never over the input) instead of printing it.")
@board_option
def annotate(path: str, out: str | None, board_option: str | None) -> None:
    """Print the record with what the referee computed after every phase and turn line.

    Each annotation is a comment starting `# ref:`, so the output reads back as
    the same record: bonus received, workers (blue and own), taler paid or
    received, tiles placed and where, ships completed and rewards, VP gained;
    and at each round's end the pass penalties and the standing.

    \b
    Examples:
      nauticus-ref annotate examples/logs/game-2p.ngn
      nauticus-ref annotate game.ngn --out game.annotated.ngn
    """
    from nauticus_ref.views.annotate import annotate as annotated

    if out is not None and _same_file(out, path):
        _fail(f"{out}: annotate never writes over its input; choose another --out")
        sys.exit(EXIT_CANNOT_RUN)
    report = _one_record(path, board_option)
    text = annotated(report)
    if out is None:
        _echo(text, nl=not text.endswith("\n"))
    else:
        _write(Path(out), text if text.endswith("\n") else text + "\n")
    sys.exit(EXIT_CLEAN if report.valid else EXIT_ERRORS)


@main.command()
@click.option("--players", "players", type=click.IntRange(2, 4), required=True,
              help="Players in the game, 2 to 4.")
@click.option("--seed", "seed", type=int, required=True, help="The same seed gives the same game.")
@click.option("--games", "games", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many games; game i is played with seed SEED + i.")
@click.option("--out", "out", type=click.Path(), metavar="PATH",
              help="A file for one game (default: print it), a folder for several.")
@board_option
def simulate(players: int, seed: int, games: int, out: str | None,
             board_option: str | None) -> None:
    """Play complete, legal games by choosing among legal moves at random, and write
    them in canonical NGN.

    \b
    Examples:
      nauticus-ref simulate --players 3 --seed 7
      nauticus-ref simulate --players 4 --seed 1 --games 100 --out sims/
    """
    import contextlib
    from nauticus_ref.game.board import bundled
    from nauticus_ref.notation.printer import to_ngn
    from nauticus_ref.tools.simulate import simulate as play

    board = _board(board_option) or bundled("standard")
    if games == 1:
        text = to_ngn(play(players, seed, board))
        if out is None:
            click.echo(text, nl=False)
        else:
            _write(Path(out), text)
        sys.exit(EXIT_CLEAN)
    if out is None:
        _fail("several games need --out FOLDER, one file per game")
        sys.exit(EXIT_CANNOT_RUN)
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        _fail(f"{out}: not a folder")
        sys.exit(EXIT_CANNOT_RUN)
    numbers = range(games)
    width = len(str(games - 1))
    with click.progressbar(numbers, label="games", file=sys.stderr, show_pos=True) \
            if sys.stderr.isatty() else contextlib.nullcontext(numbers) as bar:
        for i in bar:
            name = f"game-{players}p-{seed + i:0{width}d}.ngn"
            _write(folder / name, to_ngn(play(players, seed + i, board)))
    _echo(f"wrote {games} games to {folder}")
    sys.exit(EXIT_CLEAN)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:   # either is missing or cannot be looked at: not the same file
        return False


def _write(path: Path, text: str) -> None:
    """Write an output file atomically, or exit 2 with a one-line message."""
    from nauticus_ref.files import SourceError, write_output

    try:
        write_output(path, text)
    except SourceError as e:
        _fail(str(e))
        sys.exit(EXIT_CANNOT_RUN)


def _one_record(path: str, board_option: str | None) -> Game:
    """The replayed report of one record, or exit 2 / 1 with a message."""
    from nauticus_ref.cli.batch import load
    from nauticus_ref.views.text import render_text

    if os.path.isdir(path):
        _fail(f"{path}: a folder; this command reads one record file")
        sys.exit(EXIT_CANNOT_RUN)
    report, failure = load(path, _board(board_option))
    if report is None:
        _fail(failure or path)
        sys.exit(EXIT_CANNOT_RUN)
    if report.replayed is None:
        for d in report.diagnostics:
            _echo(render_text(report.path, report.lines, d), err=True)
        _fail(f"{report.path}: syntax errors; fix them first")
        sys.exit(EXIT_ERRORS)
    return report


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="Explain the move(s) on this line.")
@click.option("--at", "at", metavar="ROUND.PHASE[.PLAYER]",
              help="Explain a phase line (2.3) or one player's turn in it (2.3.Anna).")
@format_option("explain")
@board_option
def explain(path: str, line: int | None, at: str | None, fmt: str,
            board_option: str | None) -> None:
    """Settle a dispute: the situation before a move, each step with its rule and
    arithmetic, and the verdict with what would have been legal.

    \b
    Examples:
      nauticus-ref explain game.ngn --line 14
      nauticus-ref explain game.ngn --at 2.3.Ben
      nauticus-ref explain game.ngn --at 1.1 --format markdown
    """
    from nauticus_ref.views.explain import FORMATS, explain_json
    from nauticus_ref.views.point import InspectError, find_point

    if (line is None) == (at is None):
        _fail("give exactly one of --line N and --at ROUND.PHASE[.PLAYER]")
        sys.exit(EXIT_CANNOT_RUN)
    report = _one_record(path, board_option)
    if line is not None and line > len(report.lines):
        _fail(f"{report.path} has {len(report.lines)} lines, not {line}")
        sys.exit(EXIT_CANNOT_RUN)
    record, result = report.record, report.replayed
    assert record is not None and result is not None   # _one_record saw to it
    try:
        point = find_point(record, line or 0, at)
        data = explain_json(report.path, report.lines, record, result,
                            report.diagnostics, result.table.board, point)
    except InspectError as e:
        _fail(f"{report.path}: {e}")
        sys.exit(EXIT_CANNOT_RUN)
    _echo(FORMATS[fmt](data))
    sys.exit(EXIT_CLEAN if data["verdict"]["legal"] else EXIT_ERRORS)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="The state after this line.")
@click.option("--at", "at", metavar="ROUND.PHASE",
              help="The state after this phase has been played (2.3).")
@format_option("state")
@board_option
def state(path: str, line: int | None, at: str | None, fmt: str,
          board_option: str | None) -> None:
    """Every player's full state at a point of the record (the end by default),
    with the supply, the face-up tiles, and the wheel's blue workers per space.

    \b
    Examples:
      nauticus-ref state game.ngn
      nauticus-ref state game.ngn --line 40
      nauticus-ref state game.ngn --at 2.7 --format json
    """
    from nauticus_ref.views.point import InspectError, find_point, replay_upto
    from nauticus_ref.views.state import FORMATS, state_json

    if line is not None and at is not None:
        _fail("give at most one of --line N and --at ROUND.PHASE")
        sys.exit(EXIT_CANNOT_RUN)
    report = _one_record(path, board_option)
    record, result = report.record, report.replayed
    assert record is not None and result is not None   # _one_record saw to it
    board = result.table.board
    try:
        if at is not None:
            if at.count(".") != 1:
                raise InspectError(f"`{at}` is not ROUND.PHASE, like `2.3`")
            point = find_point(record, at=at)
            phase = point.phase
            assert phase is not None   # find_point names a phase for ROUND.PHASE
            last = max([phase.span.line] + [e.span.line for e in phase.entries])
            where = f"after round {point.round} phase {phase.number} (line {last})"
            rp = replay_upto(record, last, board)
        elif line is not None:
            last = min(line, len(report.lines))
            where = f"after line {last}"
            rp = replay_upto(record, last, board)
        else:
            where, rp = "at the end of the record", result.table
    except InspectError as e:
        _fail(f"{report.path}: {e}")
        sys.exit(EXIT_CANNOT_RUN)
    data = state_json(rp, where)
    _echo(FORMATS[fmt]({"path": report.path, **data}))
    sys.exit(EXIT_CLEAN)


@main.command()
@click.argument("rule_id", required=False, metavar="[ID]")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def rules(rule_id: str | None, fmt: str) -> None:
    """The rules the referee enforces; with an ID, one rule in full.

    \b
    Examples:
      nauticus-ref rules
      nauticus-ref rules one-crest
      nauticus-ref rules --format json
    """
    from nauticus_ref.views.text import dumps
    from nauticus_ref.rules import RULES, SYNTAX
    from nauticus_ref.notation.vocab import closest

    catalogue = {r.id: r for r in (SYNTAX, *RULES)}
    if rule_id is None:
        if fmt == "json":
            click.echo(dumps({"rules": [_rule_dict(r) for r in catalogue.values()]}))
        else:
            width = max(map(len, catalogue))
            for r in catalogue.values():
                _echo(f"{r.id:<{width}}  {r.title:<40}  {r.section}")
        sys.exit(EXIT_CLEAN)
    rule = catalogue.get(rule_id.lower())
    if rule is None:
        near = closest(rule_id, catalogue)
        _fail(f"no rule `{rule_id[:40]}`" + (f"; did you mean `{near}`?" if near else "")
              + " (`nauticus-ref rules` lists them)")
        sys.exit(EXIT_CANNOT_RUN)
    if fmt == "json":
        click.echo(dumps(_rule_dict(rule, full=True)))
    else:
        _echo(f"{rule.id}: {rule.title}\n\nRulebook: German {rule.section}; English "
                   f"{rule.section_en}. Severity: {rule.severity}.\n\n{rule.summary}\n\n"
                   "Breaks it:\n" + _indent(rule.fail) + "\nKeeps it:\n" + _indent(rule.ok))
    sys.exit(EXIT_CLEAN)


def _indent(text: str) -> str:
    return "".join(f"    {line}\n" for line in text.rstrip("\n").split("\n"))


def _rule_dict(rule: Rule, full: bool = False) -> dict[str, str]:
    data = {"id": rule.id, "title": rule.title, "section": rule.section,
            "section_en": rule.section_en, "severity": rule.severity}
    if full:
        data.update(summary=rule.summary, fail=rule.fail, ok=rule.ok)
    return data


def summary_line(path: str, result: ParseResult) -> str:
    errors = sum(d.severity == "error" for d in result.diagnostics)
    if result.record is None:
        return f"{path}: {errors} syntax error{'s' if errors != 1 else ''}"
    rec = result.record
    phases = [p for r in rec.rounds for p in r.phases]
    turns = sum(len(p.turns) for p in phases)
    players = ", ".join(p.text for p in rec.header.players)
    return (f"{path}: ok, {len(rec.header.players)} players ({players}), "
            f"{len(rec.rounds)} round{'s' if len(rec.rounds) != 1 else ''}, "
            f"{len(phases)} phase{'s' if len(phases) != 1 else ''}, "
            f"{turns} turn line{'s' if turns != 1 else ''}")


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def entry(argv: list[str] | None = None) -> None:
    """The `nauticus-ref` program: `main` with the exit codes a shell expects.

    SIGTERM unwinds like an exception, so that no temporary file is left beside an
    output; Ctrl-C exits 130 with one line; an output encoding that cannot show a
    character (cp1252 and a Cyrillic name) shows it escaped instead of failing.
    """
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    signal.signal(signal.SIGTERM, _terminated)
    try:
        main.main(args=argv, prog_name="nauticus-ref", standalone_mode=False)
    except click.exceptions.Abort:
        _fail("interrupted")
        sys.exit(130)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except BrokenPipeError:
        # The reader went away (`| head`): say nothing more, and let Python not fail
        # flushing stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_CLEAN)
    sys.exit(EXIT_CLEAN)

