"""The commands over many records: parse, validate and score."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import click

if TYPE_CHECKING:
    from nauticus_ref.cli.batch import Handler
    from nauticus_ref.files import Source
    from nauticus_ref.notation.assemble import ParseResult

F = TypeVar("F", bound=Callable[..., Any])
from nauticus_ref.cli import (
    EXIT_CANNOT_RUN,
    EXIT_CLEAN,
    EXIT_ERRORS,
    board_from,
    board_option,
    echo,
    fail,
    format_option,
    jobs_option,
    main,
)


def _sources(paths: tuple[str, ...]) -> tuple[list[Source], bool]:
    """Yield readable sources; report the others.  Returns a list and a flag."""
    from nauticus_ref.files import SourceError, expand, read

    files, errors = expand(list(paths))
    for message in errors:
        fail(message)
    sources = []
    for f in files:
        try:
            sources.append(read(f))
        except SourceError as e:
            fail(str(e))
            errors.append(str(e))
    return sources, bool(errors)


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
            echo(render_text(src.path, result.lines, d))
            echo()
        echo(summary_line(src.path, result))
    if fmt == "json":
        click.echo(dumps({"files": files_json}))
    sys.exit(EXIT_CANNOT_RUN if unreadable else EXIT_ERRORS if any_errors else EXIT_CLEAN)


def _batch(fn: Handler, paths: tuple[str, ...], board_option: str | None, fmt: str, jobs: int,
           json_key: str) -> None:
    """Run `fn` over every record, print in file order, finish with the exit code."""
    import time

    from nauticus_ref.cli.batch import run
    from nauticus_ref.files import expand
    from nauticus_ref.views.text import dumps
    from nauticus_ref.views.validate import tally

    started = time.perf_counter()
    board = board_from(board_option)
    files, errors = expand(list(paths))
    for message in errors:
        fail(message)
    cannot_run = bool(errors)
    payload, totals, bad, done = [], {"error": 0, "warning": 0, "note": 0}, 0, 0
    for outcome in run(fn, [str(f) for f in files], board, fmt, jobs):
        if outcome.failure:
            fail(outcome.failure)
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
                echo()  # a blank line between two games' scores
            echo(outcome.text, nl=not outcome.text.endswith("\n"))
    if fmt == "json":
        click.echo(dumps({json_key: payload}))
    elif done > 1 and fmt != "github":
        seconds = time.perf_counter() - started
        echo(f"{done} files, {bad} with errors: {tally(totals)} ({seconds:.1f} s)")
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
