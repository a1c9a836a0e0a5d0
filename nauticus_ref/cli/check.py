"""The commands over many records: parse, validate and score."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import click

if TYPE_CHECKING:
    from nauticus_ref.cli.batch import Outcome
    from nauticus_ref.core.files import Source
    from nauticus_ref.notation.assemble import ParseResult
    from nauticus_ref.settings.finder import Finder

from nauticus_ref.cli import (
    EXIT_CANNOT_RUN,
    EXIT_CLEAN,
    EXIT_ERRORS,
    board_from,
    board_option,
    cannot_run,
    config_options,
    echo,
    emit,
    fail,
    for_terminal,
    format_option,
    jobs_option,
    main,
    records,
    settings,
    settled,
    stdin_option,
)
from nauticus_ref.core.language import _

F = TypeVar("F", bound=Callable[..., Any])


def _sources(paths: tuple[str, ...]) -> tuple[list[Source], bool]:
    """Yield readable sources; report the others.  Returns a list and a flag."""
    from nauticus_ref.core.files import SourceError, read

    files, errors = records(paths, settings())
    for message in errors:
        fail(message)
    for_terminal()
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
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a summary line per file; json: the record model.",
)
@stdin_option
@config_options
def parse(paths: tuple[str, ...], fmt: str) -> None:
    """Parse records and report syntax errors, without replaying the game.

    PATHS are .ngn files, directories (every .ngn file below them, leaving out
    hidden folders and what .gitignore ignores), or - for standard input.

    \b
    Examples:
      nauticus-ref parse game.ngn
      nauticus-ref parse --format json game.ngn
      nauticus-ref parse club-archive/
    """
    from nauticus_ref.notation.assemble import parse_text
    from nauticus_ref.notation.model import to_json
    from nauticus_ref.views import JSON_VERSION
    from nauticus_ref.views.text import dumps, render_text

    sources, unreadable = _sources(paths)
    any_errors = False
    files_json = []
    for src in sources:
        result = parse_text(src.text)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        any_errors |= bool(errors)
        if fmt == "json":
            files_json.append(
                {
                    "path": src.path,
                    "ok": result.ok,
                    "record": to_json(result.record) if result.record else None,
                    "diagnostics": [d.as_json(src.path) for d in result.diagnostics],
                }
            )
            continue
        for d in result.diagnostics:
            echo(render_text(src.path, result.lines, d))
            echo()
        echo(summary_line(src.path, result))
    if fmt == "json":
        emit(dumps({"version": JSON_VERSION, "files": files_json}))
    sys.exit(EXIT_CANNOT_RUN if unreadable else EXIT_ERRORS if any_errors else EXIT_CLEAN)


@dataclass(frozen=True)
class Reporting:
    """How a batch reports: the format, and the options every batch command shares."""

    fmt: str
    documents: dict[str, Callable[[list[dict[str, Any]]], str]]  # gathered formats
    quiet: bool = False
    statistics: bool = False
    between: str | None = None  # printed between two records' text (score: a blank line)
    #: a record that could not be checked, in the formats that have a place for it
    unchecked: dict[str, Callable[[str, str], Any]] = field(default_factory=dict)


def batch_records(paths: tuple[str, ...], finder: Finder) -> tuple[list[str], list[str]]:
    """The records a batch command handles, and why others cannot be: `records`, with
    standard input read here, once, before any worker process starts."""
    from nauticus_ref.core.files import STDIN, SourceError, read_stdin

    files, errors = records(paths, finder)
    if STDIN in files:
        try:
            read_stdin()
        except SourceError as e:
            files.remove(STDIN)
            errors.append(str(e))
    return files, errors


def _batch(
    fn: Callable[..., Outcome],
    paths: tuple[str, ...],
    board_option: str | None,
    how: Reporting,
    jobs: int,
) -> None:
    """Run `fn` over every record, print in file order, finish with the exit code."""
    import functools
    import time

    from nauticus_ref.cli.batch import run
    from nauticus_ref.core.files import settings_path
    from nauticus_ref.views.validate import statistics, tally

    started = time.perf_counter()
    board, finder = board_from(board_option), settings()
    files, errors = batch_records(paths, finder)
    if how.fmt == "svg" and len(files) + len(errors) > 1:
        cannot_run(
            _(
                "--format svg draws one game, and {value} records were given; --format html puts several games on one page"
            ).format(value=len(files) + len(errors))
        )
    gathered = how.fmt in how.documents
    for_people = how.fmt in ("text", "concise")
    #: `--statistics` for people prints the table instead of the records' output
    table_only = how.statistics and for_people
    payload: list[Any] = []  # each record's part of the gathered document
    unchecked = False

    def not_checked(path: str, message: str) -> None:
        """Say why a record was not checked, and give it its place in the output."""
        nonlocal unchecked
        unchecked = True
        fail(message)
        shown = how.unchecked.get(how.fmt)
        if shown is None or table_only:
            return
        part = shown(path, message.removeprefix(f"{path}: "))
        if gathered:
            payload.append(part)
        else:
            echo(part, nl=False)

    for message in errors:
        not_checked(getattr(message, "path", message.split(": ")[0]), message)
    tasks = settled(
        lambda: [
            (str(f), finder.for_record(where).checking(where, board))
            for f in files
            for where in [settings_path(f)]
        ]
    )
    for_terminal()
    bad = done = 0
    by_rule: Counter[tuple[str, str]] = Counter()
    handler = functools.partial(fn, quiet=how.quiet)
    for outcome in run(handler, tasks, how.fmt, jobs):
        if outcome.failure:
            not_checked(outcome.path, outcome.failure)
            continue
        done += 1
        bad += not outcome.valid
        by_rule.update(outcome.by_rule)
        if table_only:
            continue
        if gathered and outcome.data is not None:
            payload.append(outcome.data)
        elif outcome.text:
            if how.between is not None and done > 1:
                echo(how.between)
            echo(outcome.text, nl=not outcome.text.endswith("\n"))
    if how.statistics:
        # a table for a person: with a format for programs it goes to standard error, so
        # that the document a CI step uploads stays what it says it is
        echo(statistics(dict(by_rule)), nl=False, err=not for_people)
    if gathered and not table_only:
        document = how.documents[how.fmt](payload)
        emit(document, nl=not document.endswith("\n"))
    if done > 1 and for_people and not how.quiet:
        # the time only for a person watching: two runs over the same files print the same
        seconds = f" ({time.perf_counter() - started:.1f} s)" if sys.stdout.isatty() else ""
        totals = {
            k: sum(n for (_, severity), n in by_rule.items() if severity == k)
            for k in ("error", "warning", "note")
        }
        echo(
            _("{done} files, {bad} with errors: {tally}").format(
                done=done, bad=bad, tally=tally(totals)
            )
            + seconds
        )
    sys.exit(EXIT_CANNOT_RUN if unchecked else EXIT_ERRORS if bad else EXIT_CLEAN)


#: `--quiet` and `--statistics`, for validate and score.
def batch_options(f: F) -> F:
    f = click.option(
        "--statistics",
        is_flag=True,
        help="Instead of the diagnostics, how often each rule was broken.",
    )(f)
    f = click.option(
        "--quiet", "-q", is_flag=True, help="Only the problems: no notes, no summary lines."
    )(f)
    return f


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@format_option(
    "validate",
    "text for people (concise: a line each), json or jsonl for "
    "programs, github for workflow annotations, sarif for code scanning, junit for "
    "CI dashboards.",
)
@click.option("--concise", is_flag=True, help="Short for --format concise.")
@click.option(
    "--variations",
    is_flag=True,
    help="Check the variations the records carry (`# instead: Anna: 5w = 10t`).",
)
@batch_options
@board_option
@jobs_option
@stdin_option
@config_options
def validate(
    paths: tuple[str, ...],
    fmt: str,
    concise: bool,
    variations: bool,
    quiet: bool,
    statistics: bool,
    board_option: str | None,
    jobs: int,
) -> None:
    """Replay records and report every rule broken, at its line and column.

    PATHS are .ngn files, directories (every .ngn file below them, leaving out
    hidden folders and what .gitignore ignores), or - for standard input.  A record
    that stops mid-game is valid if every move so far is legal.

    \b
    Examples:
      nauticus-ref validate examples/logs/game-2p.ngn
      nauticus-ref validate --concise league/
      nauticus-ref validate --format sarif league/ > referee.sarif
      nauticus-ref validate --statistics --jobs 2 league/
      nauticus-ref validate --variations game.ngn
      cat game.ngn | nauticus-ref validate --stdin-filename game.ngn -
    """
    import functools
    import os

    from nauticus_ref.cli.batch import validate_one
    from nauticus_ref.views.validate import DOCUMENTS, UNCHECKED, sarif_document

    documents = DOCUMENTS
    if fmt == "sarif":  # rules link to the rules page the settings of this folder name
        here = os.path.join(os.getcwd(), "-")
        url = settled(lambda: settings().for_record(here).rules_url)
        documents = {**DOCUMENTS, "sarif": functools.partial(sarif_document, rules_url=url)}
    how = Reporting(
        "concise" if concise else fmt, documents, quiet, statistics, unchecked=UNCHECKED
    )
    _batch(
        functools.partial(validate_one, variations=variations) if variations else validate_one,
        paths,
        board_option,
        how,
        jobs,
    )


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@format_option(
    "score",
    "text for people, json for programs, markdown for a forum post, "
    "html for a page with the score chart, svg for the chart of one game.",
)
@batch_options
@board_option
@jobs_option
@stdin_option
@config_options
def score(
    paths: tuple[str, ...],
    fmt: str,
    quiet: bool,
    statistics: bool,
    board_option: str | None,
    jobs: int,
) -> None:
    """Score finished games with every part shown: track, ships, goods, material.

    An unfinished record is scored as if the game ended now, marked provisional.
    A record with rule errors is still scored, with a warning; the exit code is
    then 1, as for validate.

    \b
    Examples:
      nauticus-ref score examples/logs/game-3p.ngn
      nauticus-ref score --format markdown game.ngn
      nauticus-ref score --format html league/ > scores.html
      nauticus-ref score --format svg game.ngn > chart.svg
      nauticus-ref score --format json --jobs 2 league/
    """
    from nauticus_ref.cli.batch import score_one
    from nauticus_ref.views.score import DOCUMENTS, UNCHECKED

    how = Reporting(
        fmt,
        DOCUMENTS,
        quiet,
        statistics,
        between="",  # a blank line between games
        unchecked=UNCHECKED,
    )
    _batch(score_one, paths, board_option, how, jobs)


def summary_line(path: str, result: ParseResult) -> str:
    errors = sum(d.severity == "error" for d in result.diagnostics)
    if result.record is None:
        return f"{path}: {errors} syntax error{'s' if errors != 1 else ''}"
    rec = result.record
    phases = [p for r in rec.rounds for p in r.phases]
    turns = sum(len(p.turns) for p in phases)
    players = ", ".join(p.text for p in rec.header.players)
    return (
        f"{path}: ok, {len(rec.header.players)} players ({players}), "
        f"{len(rec.rounds)} round{'s' if len(rec.rounds) != 1 else ''}, "
        f"{len(phases)} phase{'s' if len(phases) != 1 else ''}, "
        f"{turns} turn line{'s' if turns != 1 else ''}"
    )
