"""`league`: a club's standings and ratings from a folder of records."""

from __future__ import annotations

import datetime
import functools
import os
import sys
from typing import TYPE_CHECKING

import click

from nauticus_ref.cli import (
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
    settings,
    settled,
    stdin_option,
    write_file,
)
from nauticus_ref.core.language import _, ngettext

if TYPE_CHECKING:
    from nauticus_ref.game.league import League

#: Where `--out FOLDER` puts the games' replay pages, beside the league's page.
GAMES = "games"


def _alias(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> dict[str, str]:
    joined = {}
    for given in value:
        other, sep, name = given.partition("=")
        if not sep or not other.strip() or not name.strip():
            raise click.BadParameter(f'`{given}` is not OTHER=NAME, as in --alias "Anne=Anna"')
        joined[other.strip()] = name.strip()
    return joined


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@format_option(
    "league",
    "text for a terminal, json for programs, csv for a spreadsheet, html for a page "
    "with the charts.",
)
@click.option(
    "--since",
    type=click.DateTime(["%Y-%m-%d"]),
    metavar="DATE",
    help="Only the games dated this day or later (YYYY-MM-DD).",
)
@click.option(
    "--until",
    type=click.DateTime(["%Y-%m-%d"]),
    metavar="DATE",
    help="Only the games dated this day or earlier (YYYY-MM-DD).",
)
@click.option(
    "--alias",
    "aliases",
    multiple=True,
    callback=_alias,
    metavar="OTHER=NAME",
    help="OTHER is another spelling of NAME's name (repeat for more); the settings' "
    "`aliases` table says the same for every run.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    help="Write the page (index.html, --format html) into this folder, with each game's "
    "replay page beside it, linked from the page.",
)
@board_option
@jobs_option
@stdin_option
@config_options
def league(
    paths: tuple[str, ...],
    fmt: str,
    since: datetime.datetime | None,
    until: datetime.datetime | None,
    aliases: dict[str, str],
    out: str | None,
    board_option: str | None,
    jobs: int,
) -> None:
    """Standings and ratings of a club's games: every valid, finished record under
    PATHS, counted once.

    The games are rated in the order of their `date:` lines (then of their paths),
    with openskill's Plackett-Luce model; a game without a date is counted after the
    dated ones, and the output says so.  Records with errors, cut short or without a
    `final:` line are listed apart and never counted.  Exit 1 when no game can be
    counted.

    \b
    Examples:
      nauticus-ref league club/
      nauticus-ref league club/ --since 2026-01-01 --format csv > standings.csv
      nauticus-ref league club/ --alias "Anne=Anna" --format html > league.html
      nauticus-ref league club/ --out site/        (the page and every game's replay)
    """
    from nauticus_ref.cli.batch import league_one, run
    from nauticus_ref.cli.check import batch_records
    from nauticus_ref.core.files import settings_path
    from nauticus_ref.game.league import Place, Result

    try:
        import openskill  # noqa: F401

        from nauticus_ref.game.league import rate
    except ImportError:
        cannot_run(
            _(
                "the league needs its extra (openskill is missing): pip install 'nauticus-ref[league]' (from a checkout: pip install '.[league]')"
            )
        )
    if out is not None and fmt not in ("text", "html"):
        cannot_run(
            _("--out writes the html page; --format {fmt} goes to standard output").format(fmt=fmt)
        )
    board, finder = board_from(board_option), settings()
    files, errors = batch_records(paths, finder)
    for message in errors:
        fail(message)
    configs = settled(
        lambda: [(f, w, finder.for_record(w)) for f in files for w in [settings_path(f)]]
    )
    tasks = [(f, config.checking(w, board)) for f, w, config in configs]
    # the aliases of every settings file the records come under, then the command line's
    joined = {k: v for *_, config in configs for k, v in config.aliases.items()} | aliases
    pages = os.path.join(out, GAMES) if out is not None else None
    if pages is not None:
        os.makedirs(pages, exist_ok=True)
    for_terminal()
    first, last = (d.date().isoformat() if d else "" for d in (since, until))
    skipped = [_apart(m.split(": ")[0], m) for m in errors]
    results: list[Result] = []
    undated: list[str] = []
    linked: dict[str, str] = {}
    for outcome in run(functools.partial(league_one, pages=pages), tasks, "json", jobs):
        data = outcome.data if isinstance(outcome.data, dict) else {}
        date = data.get("date")
        if outcome.failure or "apart" in data:
            skipped.append(_apart(outcome.path, outcome.failure or data["apart"]))
        elif (first or last) and date is None:
            skipped.append((outcome.path, "not dated, so not within --since and --until"))
        elif date is not None and not (first <= date and (not last or date <= last)):
            continue  # another season's
        else:
            places = tuple(Place(*p) for p in data["places"])
            results.append(Result(outcome.path, date, places))
            undated += [outcome.path] if date is None else []
            if "page" in data:
                linked[outcome.path] = f"{GAMES}/{data['page']}"
    if not results:
        for path, why in skipped:
            fail(_("{path}: not counted: {why}").format(path=path, why=why))
        n = len(files)
        echo(
            ngettext(
                "no game to count: {n} record read", "no game to count: {n} records read", n
            ).format(n=n)
        )
        sys.exit(EXIT_ERRORS)
    page = fmt == "html" or out is not None  # the courses and head-to-head: the page's alone
    _show(rate(results, joined, page=page), skipped, undated, fmt, out, linked)
    sys.exit(EXIT_CLEAN)


def _apart(path: str, why: str) -> tuple[str, str]:
    """A record not counted, and why, without its path said twice."""
    return path, why.removeprefix(f"{path}: ")


def _show(
    league: League,
    skipped: list[tuple[str, str]],
    undated: list[str],
    fmt: str,
    out: str | None,
    linked: dict[str, str],
) -> None:
    """Print the league, or write its page (and say so) with `--out`."""
    from nauticus_ref.views.league import FORMATS, league_html, league_json

    data = league_json(league, skipped, undated)
    if out is not None:
        write_file(os.path.join(out, "index.html"), league_html(league, data, linked))
    else:
        emit(FORMATS[fmt](league, data), nl=False)
