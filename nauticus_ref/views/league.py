"""A league's report (`league`): the standings, each player's rating over the games,
head-to-head, wins by seat and by player count, and the records not counted; as text
for a terminal, JSON for programs, CSV for a spreadsheet and one HTML page."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from typing import Any, Callable

from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.league import League, Standing
from nauticus_ref.views import JSON_VERSION
from nauticus_ref.views.text import dumps, escape_controls

Data = dict[str, Any]


def _figure(x: float) -> float:
    """A figure as the outputs carry it: four decimals, enough to check and to compare."""
    return round(x, 4)


def _player(s: Standing) -> Data:
    assert s.rating is not None and s.best is not None
    return {
        "name": s.name,
        "games": s.games,
        "wins": s.wins,
        "mean_vp": _figure(s.mean_vp),
        "mean_rank": _figure(s.mean_rank),
        "best": {"vp": s.best[0], "path": s.best[1]},
        "rating": {
            "mu": _figure(s.rating.mu),
            "sigma": _figure(s.rating.sigma),
            "display": _figure(s.rating.display),
        },
    }


def league_json(league: League, skipped: list[tuple[str, str]], undated: list[str]) -> Data:
    """The whole report as data: `skipped` are the records not counted, with why;
    `undated` the counted games without a `date:` (rated after the dated ones)."""
    return {
        "version": JSON_VERSION,
        "games": len(league.games),
        "players": [_player(s) for s in league.standings],
        "skipped": [{"path": p, "reason": why} for p, why in skipped + league.apart],
        "undated": undated,
    }


def league_text(data: Data) -> str:
    rows = [
        ("", "player", "games", "wins", "mean VP", "mean rank", "best", "rating", "mu", "sigma")
    ]
    for n, p in enumerate(data["players"], 1):
        r = p["rating"]
        rows.append(
            (
                str(n),
                escape_controls(p["name"]),
                str(p["games"]),
                str(p["wins"]),
                f"{p['mean_vp']:.1f}",
                f"{p['mean_rank']:.2f}",
                str(p["best"]["vp"]),
                f"{r['display']:.2f}",
                f"{r['mu']:.2f}",
                f"{r['sigma']:.2f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = [_heading(data), ""]
    for row in rows:
        cells = [c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
    out += ["", "rating: mu - 3 sigma, openskill's Plackett-Luce, the games rated in date order"]
    out += _apart_lines(data)
    return "\n".join(out) + "\n"


def _heading(data: Data) -> str:
    games, undated = data["games"], len(data["undated"])
    return ngettext(
        "league: {n} game, {players} players", "league: {n} games, {players} players", games
    ).format(n=games, players=len(data["players"])) + (
        " " + _("({n} not dated, rated after the dated ones)").format(n=undated) if undated else ""
    )


def _apart_lines(data: Data) -> list[str]:
    out = []
    if data["undated"]:
        out += ["", _("not dated (no `date:` line):")]
        out += [f"  {escape_controls(p)}" for p in data["undated"]]
    if data["skipped"]:
        n = len(data["skipped"])
        out += ["", ngettext("not counted: {n} record", "not counted: {n} records", n).format(n=n)]
        out += [escape_controls(f"  {s['path']}: {s['reason']}") for s in data["skipped"]]
    return out


def league_csv(data: Data) -> str:
    """One row a player, for a spreadsheet."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        [
            "rank",
            "name",
            "games",
            "wins",
            "mean_vp",
            "mean_rank",
            "best_vp",
            "display",
            "mu",
            "sigma",
        ]
    )
    for n, p in enumerate(data["players"], 1):
        r = p["rating"]
        writer.writerow(
            [
                n,
                _cell(p["name"]),
                p["games"],
                p["wins"],
                p["mean_vp"],
                p["mean_rank"],
                p["best"]["vp"],
                r["display"],
                r["mu"],
                r["sigma"],
            ]
        )
    return buffer.getvalue()


def _cell(text: str) -> str:
    """A name as a spreadsheet cell that stays text: one that starts as a formula would
    (=, +, -, @) is written with a leading apostrophe, as spreadsheets themselves do."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# -- the page ----------------------------------------------------------------------------
def league_html(league: League, data: Data, pages: dict[str, str] | None = None) -> str:
    """One page that needs nothing else; `pages`: a game's path -> its replay page's
    address, for the games that have one (`league --out FOLDER`)."""
    from nauticus_ref.views import html

    names = [p["name"] for p in data["players"]]
    pages = pages or {}
    return html.render(
        "league.html.j2",
        title=f"League: {data['games']} games",
        heading=_heading(data).removeprefix("league: "),
        players=data["players"],
        chart=html.picture(rating_svg(league, names)) if league.games else None,
        names=names,
        ahead=league.ahead,
        seats=_by_seat(league),
        counts=_by_count(league, names),
        games=[
            (n, g.date or _("not dated"), g.path, pages.get(g.path), _placing(g))
            for n, g in enumerate(league.games, 1)
        ],
        skipped=data["skipped"],
        undated=data["undated"],
    )


def _placing(game: Any) -> str:
    return ", ".join(f"{p.name} {p.vp}" for p in sorted(game.places, key=lambda p: p.rank))


def _rate(wins: int, games: int) -> str:
    return f"{round(100 * wins / games)} % ({wins}/{games})"


def _by_seat(league: League) -> list[tuple[int, list[str]]]:
    """For each player count, each seat's wins."""
    counts = sorted({n for n, _ in league.by_seat})
    return [
        (
            n,
            [
                _rate(*league.by_seat[n, seat]) if (n, seat) in league.by_seat else "–"
                for seat in range(1, n + 1)
            ],
        )
        for n in counts
    ]


def _by_count(league: League, names: list[str]) -> tuple[list[int], list[tuple[str, list[str]]]]:
    """Each player's wins in games of each player count."""
    counts = sorted({n for _, n in league.by_count})
    rows = [
        (
            name,
            [
                _rate(*league.by_count[name, n]) if (name, n) in league.by_count else "–"
                for n in counts
            ],
        )
        for name in names
    ]
    return counts, rows


#: The rating chart: its plot's size and margins.
CHART_W, CHART_H, LEFT, TOP, BOTTOM = 420, 240, 40, 14, 30
LEGEND_ROW = 18


def rating_svg(league: League, names: list[str]) -> str:
    """Each player's rating (the display value) after each game they played, a line a
    player in the score chart's styles, and a legend under the plot."""
    from nauticus_ref.views import svg
    from nauticus_ref.views.chart import marker
    from nauticus_ref.views.metrics import text_width

    values = [r.display for step in league.history for r in step.values()]
    low, high = min(values + [0.0]), max(values + [1.0])
    plot_w, plot_h = CHART_W - LEFT - 12, CHART_H - TOP - BOTTOM
    games = max(1, len(league.history))

    def x(i: int) -> float:
        return round(LEFT + 8 + (plot_w - 8) * (i / (games - 1) if games > 1 else 0.5), 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (high - v) / (high - low or 1), 1)

    parts: list[ET.Element] = []
    for v in _ticks(low, high):
        parts.append(
            svg.el(
                "line",
                {
                    "x1": LEFT,
                    "x2": LEFT + plot_w,
                    "y1": y(v),
                    "y2": y(v),
                    "stroke": "#d9d9d9",
                    "stroke_width": 0.8,
                },
            )
        )
        parts.append(svg.label(LEFT - 4, y(v) + 4, f"{v:g}", 11, anchor="end"))
    parts.append(svg.label(LEFT, CHART_H - BOTTOM + 18, _("game {n}").format(n=1), 11))
    last = _("game {n}").format(n=games)
    parts.append(svg.label(LEFT + plot_w, CHART_H - BOTTOM + 18, last, 11, anchor="end"))
    for n, name in enumerate(names):
        colour, dash, shape = _style(n)
        points = [
            (x(i), y(step[name].display)) for i, step in enumerate(league.history) if name in step
        ]
        line = svg.el(
            "polyline",
            {
                "points": " ".join(f"{px},{py}" for px, py in points),
                "fill": "none",
                "stroke": colour,
                "stroke_width": 1.8,
                "stroke_dasharray": dash,
            },
        )
        line.set("data-player", name)
        parts += [line, marker(shape, *points[-1], colour)]
    legend, lx, ly = [], 10.0, CHART_H + 4.0
    for n, name in enumerate(names):  # the names wrap onto as many rows as they need
        colour, _dash, shape = _style(n)
        room = 16 + text_width(name, 12) + 14
        if lx > 10 and lx + room > CHART_W:
            lx, ly = 10.0, ly + LEGEND_ROW
        drawn, rows = svg.lines(lx + 12, ly + 11, name, 12, CHART_W - lx - 22)
        legend += [marker(shape, lx + 4, ly + 6, colour), drawn]
        lx, ly = (10.0, ly + LEGEND_ROW * rows) if rows > 1 else (lx + room, ly)
    drawing = svg.Drawing(CHART_W, ly + LEGEND_ROW + 6, title="The players' ratings over the games")
    drawing.add(*parts, *legend)
    return drawing.text()


def _style(n: int) -> tuple[str, str | None, str]:
    """The n-th player's line: the score chart's colours and dashes, and past five
    players another marker shape, so that no two of twenty players look alike."""
    from nauticus_ref.views.chart import STYLES

    colour, dash, _shape = STYLES[n % len(STYLES)]
    return colour, dash, ("circle", "square", "triangle", "diamond")[n // len(STYLES) % 4]


def _ticks(low: float, high: float) -> list[float]:
    span = high - low or 1
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if span / s <= 6)
    first = int(low // step) * step
    return [float(v) for v in range(first, int(high) + step, step) if low <= v <= high]


#: The formats of this view, each from the league and its data (`league_json`); the
#: page is made again with its links where `league --out` writes the games' pages.
FORMATS: dict[str, Callable[[League, Data], str]] = {
    "text": lambda league, data: league_text(data),
    "json": lambda league, data: dumps(data) + "\n",
    "csv": lambda league, data: league_csv(data),
    "html": lambda league, data: league_html(league, data),
}
