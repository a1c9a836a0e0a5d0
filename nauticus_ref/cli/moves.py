"""The command that lists what could have been played: moves."""

from __future__ import annotations

import sys
import time

import click

from nauticus_ref.cli import (
    EXIT_CLEAN,
    EXIT_ERRORS,
    board_option,
    cannot_run,
    config_options,
    echo,
    format_option,
    line_in_range,
    main,
    one_record,
    stdin_option,
)
from nauticus_ref.core.language import _


@main.command()
@click.argument("path", type=click.Path())
@click.option(
    "--line",
    "line",
    type=click.IntRange(min=1),
    help="The choices on this line, from the table before it.",
)
@click.option(
    "--at",
    "at",
    metavar="ROUND.PHASE[.PLAYER]",
    help="The choices of a phase line (2.3) or of one player's turn in it (2.3.Anna).",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=None,
    metavar="K",
    help="List at most K options (the count is always whole).  "
    "[default: 20 for text, all for json]",
)
@format_option("moves", "text for a person, json for programs (every option).")
@board_option
@stdin_option
@config_options
def moves(
    path: str,
    line: int | None,
    at: str | None,
    limit: int | None,
    fmt: str,
    board_option: str | None,
) -> None:
    """The legal choices at a point of a record: the phase lines the start player
    could write, or every complete turn of the player to move, counted by kind, with
    what can be bought and where, and whether the written move is among them.

    \b
    Examples:
      nauticus-ref moves game.ngn --line 14
      nauticus-ref moves game.ngn --at 2.3.Ben --limit 50
      nauticus-ref moves game.ngn --at 2.3 --format json
    """
    began = time.monotonic()  # the answer's bound counts reading the record too
    from nauticus_ref.moves.point import options_at
    from nauticus_ref.views.moves import FORMATS, moves_json
    from nauticus_ref.views.point import InspectError, find_point

    if (line is None) == (at is None):
        cannot_run(_("give exactly one of --line N and --at ROUND.PHASE[.PLAYER]"))
    report = one_record(path, board_option)
    line_in_range(report, line)
    record, result = report.record, report.replayed
    assert record is not None and result is not None  # one_record saw to it
    try:
        point = find_point(record, line or 0, at)
    except InspectError as e:
        cannot_run(_("{path}: {e}").format(path=report.path, e=e))
    options = options_at(record, result.table.board, point.line, report.lines, report.off)
    if limit is None and fmt == "text":
        limit = 20
    data = moves_json(report.path, record, options, limit, start=began)
    echo(FORMATS[fmt](data))
    sys.exit(EXIT_ERRORS if options.among is False else EXIT_CLEAN)
