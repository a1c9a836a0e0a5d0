"""The commands over one record: annotate, explain and state."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import click

if TYPE_CHECKING:
    pass

F = TypeVar("F", bound=Callable[..., Any])
from nauticus_ref.cli import (
    EXIT_CANNOT_RUN,
    EXIT_CLEAN,
    EXIT_ERRORS,
    board_option,
    config_options,
    echo,
    fail,
    format_option,
    line_in_range,
    main,
    one_record,
    same_file,
    stdin_option,
    write_file,
)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--out", "out", type=click.Path(dir_okay=False), metavar="PATH",
              help="Write the annotated record here (never over the input) instead of printing it.")
@board_option
@stdin_option
@config_options
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

    if out is not None and same_file(out, path):
        fail(f"{out}: annotate never writes over its input; choose another --out")
        sys.exit(EXIT_CANNOT_RUN)
    report = one_record(path, board_option)
    text = annotated(report)
    if out is None:
        echo(text, nl=not text.endswith("\n"))
    else:
        write_file(Path(out), text if text.endswith("\n") else text + "\n")
    sys.exit(EXIT_CLEAN if report.valid else EXIT_ERRORS)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="Explain the move(s) on this line.")
@click.option("--at", "at", metavar="ROUND.PHASE[.PLAYER]",
              help="Explain a phase line (2.3) or one player's turn in it (2.3.Anna).")
@format_option("explain")
@board_option
@stdin_option
@config_options
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
        fail("give exactly one of --line N and --at ROUND.PHASE[.PLAYER]")
        sys.exit(EXIT_CANNOT_RUN)
    report = one_record(path, board_option)
    line_in_range(report, line)
    if line is not None and report.lines[line - 1].strip()[:1] in ("", "#"):
        fail(f"{report.path}:{line}: this line has no move (it is blank or a comment); "
             "explain a phase or turn line")
        sys.exit(EXIT_CANNOT_RUN)
    record, result = report.record, report.replayed
    assert record is not None and result is not None   # one_record saw to it
    try:
        point = find_point(record, line or 0, at)
        data = explain_json(report.path, report.lines, record, result,
                            report.diagnostics, result.table.board, point)
    except InspectError as e:
        fail(f"{report.path}: {e}")
        sys.exit(EXIT_CANNOT_RUN)
    echo(FORMATS[fmt](data))
    sys.exit(EXIT_CLEAN if data["verdict"]["legal"] else EXIT_ERRORS)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="The state after this line.")
@click.option("--at", "at", metavar="ROUND.PHASE",
              help="The state after this phase has been played (2.3).")
@format_option("state")
@board_option
@stdin_option
@config_options
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
        fail("give at most one of --line N and --at ROUND.PHASE")
        sys.exit(EXIT_CANNOT_RUN)
    report = one_record(path, board_option)
    line_in_range(report, line)
    record, result = report.record, report.replayed
    assert record is not None and result is not None   # one_record saw to it
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
            where = f"after line {line}"
            rp = replay_upto(record, line, board)
        else:
            where, rp = "at the end of the record", result.table
    except InspectError as e:
        fail(f"{report.path}: {e}")
        sys.exit(EXIT_CANNOT_RUN)
    data = state_json(rp, where)
    echo(FORMATS[fmt]({"path": report.path, **data}))
    sys.exit(EXIT_CLEAN if report.valid else EXIT_ERRORS)
