"""The commands over one record: annotate, explain, state, card and view."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, TypeVar

import click

from nauticus_ref.cli import (
    EXIT_CLEAN,
    EXIT_ERRORS,
    board_from,
    board_option,
    cannot_run,
    config_options,
    echo,
    format_option,
    line_in_range,
    main,
    one_record,
    same_file,
    stdin_option,
    write_file,
)
from nauticus_ref.core.language import _
from nauticus_ref.notation.vocab import BONUSES

F = TypeVar("F", bound=Callable[..., Any])


@main.command()
@click.argument("path", type=click.Path())
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    metavar="PATH",
    help="Write the annotated record here (never over the input) instead of printing it.",
)
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
        cannot_run(
            _("{out}: annotate never writes over its input; choose another --out").format(out=out)
        )
    report = one_record(path, board_option)
    _print_or_write(out, annotated(report))
    sys.exit(EXIT_CLEAN if report.valid else EXIT_ERRORS)


def _print_or_write(out: str | None, text: str) -> None:
    """`text` to standard output, or (ending in a newline) to the file `out`."""
    if out is None:
        echo(text, nl=not text.endswith("\n"))
    else:
        write_file(Path(out), text if text.endswith("\n") else text + "\n")


@main.command()
@click.argument("path", type=click.Path())
@click.option(
    "--line", "line", type=click.IntRange(min=1), help="Explain the move(s) on this line."
)
@click.option(
    "--at",
    "at",
    metavar="ROUND.PHASE[.PLAYER]",
    help="Explain a phase line (2.3) or one player's turn in it (2.3.Anna).",
)
@click.option(
    "--instead",
    "instead",
    metavar="TEXT",
    help="What if the line had been written as TEXT: its verdict, the first later "
    "line it makes illegal, and the final scores before and after.",
)
@format_option("explain")
@board_option
@stdin_option
@config_options
def explain(
    path: str,
    line: int | None,
    at: str | None,
    instead: str | None,
    fmt: str,
    board_option: str | None,
) -> None:
    """Settle a dispute: the situation before a move, each step with its rule and
    arithmetic, and the verdict with what would have been legal, the nearest legal
    turns first.  With --instead, the same for the line written otherwise.

    \b
    Examples:
      nauticus-ref explain game.ngn --line 14
      nauticus-ref explain game.ngn --at 2.3.Ben
      nauticus-ref explain game.ngn --line 14 --instead "Anna: 5w = 10t"
      nauticus-ref explain game.ngn --at 1.1 --format markdown
    """
    from nauticus_ref.views.explain import FORMATS, explain_json
    from nauticus_ref.views.point import InspectError, find_point
    from nauticus_ref.views.whatif import WhatIfError, edited, what_if

    if (line is None) == (at is None):
        cannot_run(_("give exactly one of --line N and --at ROUND.PHASE[.PLAYER]"))
    report = one_record(path, board_option)
    line_in_range(report, line)
    if line is not None and report.lines[line - 1].strip()[:1] in ("", "#"):
        cannot_run(
            _(
                "{path}:{line}: this line has no move (it is blank or a comment); explain a phase or turn line"
            ).format(path=report.path, line=line)
        )
    record, result = report.record, report.replayed
    assert record is not None and result is not None  # one_record saw to it
    try:
        point = find_point(record, line or 0, at)
        change = None
        if instead is not None:
            new = edited(report, point.line, instead)
            if new.record is None or new.replayed is None:
                cannot_run(
                    f"{report.path}:{point.line}: `{instead}` cannot be read: "
                    + "; ".join(d.message for d in new.diagnostics if d.severity == "error")
                )
            change = what_if(report, new, point.line)
            report, record, result = new, new.record, new.replayed
            point = find_point(record, point.line)
        data = explain_json(
            report.path, report.lines, record, result, report.diagnostics, result.table.board, point
        )
        if change is not None:
            data["instead"] = change
    except (InspectError, WhatIfError) as e:
        cannot_run(_("{path}: {e}").format(path=report.path, e=e))
    echo(FORMATS[fmt](data))
    sys.exit(EXIT_CLEAN if data["verdict"]["legal"] else EXIT_ERRORS)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="The state after this line.")
@click.option(
    "--at", "at", metavar="ROUND.PHASE", help="The state after this phase has been played (2.3)."
)
@format_option(
    "state",
    "text for the terminal, json for programs, markdown for a forum "
    "thread, svg for a picture of the table.",
)
@board_option
@stdin_option
@config_options
def state(path: str, line: int | None, at: str | None, fmt: str, board_option: str | None) -> None:
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
        cannot_run(_("give at most one of --line N and --at ROUND.PHASE"))
    report = one_record(path, board_option)
    line_in_range(report, line)
    record, result = report.record, report.replayed
    assert record is not None and result is not None  # one_record saw to it
    board = result.table.board
    try:
        if at is not None:
            if at.count(".") != 1:
                raise InspectError(_("`{at}` is not ROUND.PHASE, like `2.3`").format(at=at))
            point = find_point(record, at=at)
            phase = point.phase
            assert phase is not None  # find_point names a phase for ROUND.PHASE
            last = max([phase.span.line] + [e.span.line for e in phase.entries])
            where = f"after round {point.round} phase {phase.number} (line {last})"
            rp = replay_upto(record, last, board)
        elif line is not None:
            where = f"after line {line}"
            rp = replay_upto(record, line, board)
        else:
            where, rp = "at the end of the record", result.table
    except InspectError as e:
        cannot_run(_("{path}: {e}").format(path=report.path, e=e))
    data = state_json(rp, where)
    echo(FORMATS[fmt]({"path": report.path, **data}))
    sys.exit(EXIT_CLEAN if report.valid else EXIT_ERRORS)


@main.command()
@click.argument("path", type=click.Path(), required=False)
@click.option(
    "--round",
    "round_no",
    type=click.IntRange(min=1),
    metavar="N",
    help="The card of round N of the record (default: its last round).",
)
@click.option(
    "--deal",
    metavar="ACTIONS",
    help="A deal not yet written: the eight actions clockwise from the 3w space, "
    'as on a round line ("goods hulls money transport crowns masts deliver sails").',
)
@click.option(
    "--anchor",
    type=click.Choice(BONUSES),
    default=None,
    help="With --deal: the space the wheel's anchor points at (default 3w, as at "
    "the start of a game).",
)
@format_option("card", "text for the terminal, json for programs, svg for a picture.")
@board_option
@stdin_option
@config_options
def card(
    path: str | None,
    round_no: int | None,
    deal: str | None,
    anchor: str | None,
    fmt: str,
    board_option: str | None,
) -> None:
    """The round card: the eight spaces clockwise from the 3w space, each with its bonus,
    the action tile lying there, its blue workers and the price of each item.

    The card shows the round as dealt, before any action is taken (`state` shows
    the round in play).

    \b
    Examples:
      nauticus-ref card game.ngn
      nauticus-ref card game.ngn --round 3 --format svg > round3.svg
      nauticus-ref card --deal "goods hulls money transport crowns masts deliver sails"
      nauticus-ref card --deal "hulls goods masts sails money crowns deliver transport" --anchor 2vp
    """
    from nauticus_ref.views.card import FORMATS, card_json

    if path is None and deal is None:
        cannot_run(
            _(
                "give a record, or a deal with --deal ACTIONS; for example `nauticus-ref card game.ngn`"
            )
        )
    if path is not None and deal is not None:
        cannot_run(_("give a record or --deal ACTIONS, not both"))
    if deal is not None:
        if round_no is not None:
            cannot_run(_("--round reads a record; with --deal there is none"))
        from nauticus_ref.game.board import resolve

        board = board_from(board_option) or resolve(None)
        data, valid = card_json(board, _deal(deal), BONUSES.index(anchor or BONUSES[0])), True
    else:
        assert path is not None
        if anchor is not None:
            cannot_run(
                _("--anchor goes with --deal; a record's rounds say where the anchor points")
            )
        data, valid = _record_card(path, round_no, board_option)
    text = FORMATS[fmt](data)
    echo(text, nl=not text.endswith("\n"))
    sys.exit(EXIT_CLEAN if valid else EXIT_ERRORS)


def _deal(text: str) -> list[str]:
    """The eight actions of `--deal`, or exit 2 saying what is wrong."""
    from nauticus_ref.notation.vocab import ACTIONS, closest

    words = text.lower().split()
    for w in words:
        if w not in ACTIONS:
            near = closest(w, ACTIONS)
            cannot_run(
                f"--deal: `{w[:40]}` is not an action"
                + (f"; did you mean `{near}`?" if near else f" (the actions: {', '.join(ACTIONS)})")
            )
    if len(words) != 8 or len(set(words)) != 8:
        twice = sorted({w for w in words if words.count(w) > 1})
        missing = [a for a in ACTIONS if a not in words]
        wrong = ([f"names {', '.join(twice)} more than once"] if twice else []) + (
            [f"lacks {', '.join(missing)}"] if missing else []
        )
        cannot_run(
            _(
                "--deal: a deal names each of the eight actions once, clockwise from the 3w space; this one {value}"
            ).format(value=" and ".join(wrong))
        )
    return words


def _record_card(
    path: str, round_no: int | None, board_option: str | None
) -> tuple[dict[str, Any], bool]:
    """The card of a record's round as dealt (its last round by default), and whether the
    record is valid."""
    from nauticus_ref.views.card import card_json
    from nauticus_ref.views.point import replay_upto

    report = one_record(path, board_option)
    record, result = report.record, report.replayed
    assert record is not None and result is not None  # one_record saw to it
    rounds = {r.number: r for r in record.rounds}
    if not rounds:
        cannot_run(_("{path}: no round has been dealt yet").format(path=report.path))
    chosen = rounds.get(round_no if round_no is not None else max(rounds))
    if chosen is None:
        cannot_run(
            _("{path}: no round {round_no} (the record has rounds {value})").format(
                path=report.path, round_no=round_no, value=", ".join(map(str, sorted(rounds)))
            )
        )
    table = replay_upto(record, chosen.span.line, result.table.board)
    return (
        card_json(table.board, table.deal, table.anchor, chosen.number, (), table.word),
        report.valid,
    )


@main.command()
@click.argument("path", type=click.Path())
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False),
    metavar="PATH",
    help="Write the page here (never over the input); without it the page goes to "
    "standard output, if that is not a terminal.",
)
@board_option
@stdin_option
@config_options
def view(path: str, out: str | None, board_option: str | None) -> None:
    """Write a replay page: one HTML file, with nothing to fetch, to mail around.

    The record is on one side, each diagnostic under its line; the table after the
    selected line on the other; the score chart below.  Click a line, or step with
    the arrow keys.  A record with syntax errors still gets a page, with its
    errors marked (and no table).

    \b
    Examples:
      nauticus-ref view examples/logs/game-4p.ngn --out game.html
      nauticus-ref view game.ngn > game.html
    """
    from nauticus_ref.views.replay import replay_html

    if out is not None and same_file(out, path):
        cannot_run(
            _("{out}: view never writes over its input; choose another --out").format(out=out)
        )
    if out is None and sys.stdout.isatty():
        cannot_run(
            _("the page is HTML for a browser: give --out game.html, or redirect the output")
        )
    report = one_record(path, board_option, replayed=False)
    if not report.valid:  # an illegal turn shows the nearest legal one
        from dataclasses import replace

        from nauticus_ref.moves.mend import mend

        report = replace(report, diagnostics=mend(report))
    _print_or_write(out, replay_html(report))
    sys.exit(EXIT_CLEAN if report.valid else EXIT_ERRORS)
