"""The score track as a picture: each player's victory points over the game, a line each,
and the end scoring beside it as a bar a player.

Drawn from a game's score JSON (its `timeline`): a point at the start, after every
phase and at each round's end (the pass penalty).  Rounds are marked, the big steps
(crowns, rewards) are labelled with the player and the reason.  The final scoring is
not a last jump of the lines, which would squeeze the game into the foot of the chart:
beside the lines' ends each player's total stands as a bar of its parts (the track,
ships, goods, material), on a scale of its own.  A line is told apart by colour, dash
and marker shape, and is named at its end, so a black-and-white print still reads.

Names are never cut: every label is measured in the pictures' font (`metrics.py`), the
margin beside the plot grows to the longest name, and a label that would cover another
label or cross a line moves until it is clear.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from nauticus_ref.core.language import _
from nauticus_ref.views import svg
from nauticus_ref.views.metrics import text_width
from nauticus_ref.views.svg import PAPER, el, group, label

Data = dict[str, Any]

#: The plot's width and height and the margins around it (the right one grows to the
#: names beside the lines' ends); below the plot the round names, then the pass
#: penalties, a row a player.
WIDTH, PLOT_H = 412, 214
LEFT, RIGHT, TOP = 30, 92, 26
PLOT_W = WIDTH - LEFT - RIGHT
#: Space between a label and what is beside it, in px.
PAD = 3
#: A player's line: colour (Okabe-Ito, told apart by most colour-blind readers), dash, marker.
STYLES = (
    ("#0072b2", None, "circle"),
    ("#d55e00", "7 3", "square"),
    ("#009e73", "2 2", "triangle"),
    ("#cc79a7", "9 3 2 3", "diamond"),
    ("#e69f00", "4 4", "circle"),
)
#: The end scoring's bars: the longest, and each part's colour, in the order they stack.
BAR_W = 110
PARTS = (("track", None), ("ships", "#b08d57"), ("goods", "#7fa7c9"), ("material", "#c8c8c8"))
#: A step at least this big is labelled.
BIG = 3
SHORT_SOURCE = {"pass penalty": "pass", "correction": "check"}


def marker(shape: str, x: float, y: float, colour: str, r: float = 3.5) -> ET.Element:
    return svg.symbol(shape, x, y, r, colour, stroke_width=0.8)


def _scale(top: int) -> tuple[int, int]:
    """The top of the axis and the step between its lines, for values up to `top`."""
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9) if top <= s * 6)
    return -(-top // step) * step or step, step


class Placed:
    """Where labels and lines already are, so that a new label moves up or down until
    it covers no label and crosses no line."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float]] = []  # x from, x to, baseline
        self.segments: list[tuple[float, float, float, float]] = []

    def line(self, points: list[tuple[float, float]]) -> None:
        self.segments += [(*a, *b) for a, b in zip(points, points[1:])]

    def _crosses(self, x0: float, x1: float, y: float) -> bool:
        """Whether a line passes through the box of a label from `x0` to `x1` on the
        baseline `y` (8 px text: from 7 above the baseline to 2 below)."""
        top, foot = y - 7 - PAD / 2, y + 2 + PAD / 2
        for ax, ay, bx, by in self.segments:
            lo, hi = max(min(ax, bx), x0 - 1), min(max(ax, bx), x1 + 1)
            if lo > hi:
                continue
            if ax == bx:  # upright: all of it is over the box's width
                ys = [ay, by]
            else:  # the segment's heights where the box's width begins and ends
                ys = [ay + (by - ay) * (px - ax) / (bx - ax) for px in (lo, hi)]
            if min(ys) <= foot and max(ys) >= top:
                return True
        return False

    def clear_y(self, x0: float, x1: float, y: float, away: float, top: float) -> float:
        """The first baseline from `y`, moving by `away` (and back the other way from
        `top` if it gets there), where a label from `x0` to `x1` covers no label placed
        and crosses no line; failing that, the first that covers no label."""
        start, first_clear = y, None
        for _try in range(40):
            if not any(
                a < x1 + PAD and x0 < b + PAD and abs(y - yy) < 10 for a, b, yy in self.boxes
            ):
                if not self._crosses(x0, x1, y):
                    break
                first_clear = y if first_clear is None else first_clear
            y += away
            if y < top:
                away, y = -away, start - away
        else:
            y = first_clear if first_clear is not None else y
        self.boxes.append((x0, x1, y))
        return y


def _xs(timeline: list[Data], left: float, width: float) -> list[float]:
    """Where each point is across: evenly, the final scoring at the last round's end
    (its totals stand in the bars beside the plot)."""
    if len(timeline) < 3:
        return [left + i * width for i in range(len(timeline))]
    dx = width / (len(timeline) - 2)
    return [left + i * dx for i in range(len(timeline) - 1)] + [left + width]


def _numbers(p: Data) -> str:
    return " + ".join(str(p["breakdown"][part]) for part, _ in PARTS)


def right_margin(game: Data) -> float:
    """The margin beside the plot: the names and totals at the lines' ends, the bars and
    their parts, the legend, and the names in the pass rows."""
    widest = max(
        [BAR_W, _legend(0, 0)[1]]
        + [
            max(
                text_width(f"{p['name']} {p['total']}", 10, bold=True),
                text_width(_numbers(p), 7),
                text_width(p["name"], 7.5),
            )
            for p in game["players"]
        ]
    )
    return max(RIGHT, 17 + widest + 2 * PAD)


def width(game: Data) -> float:
    """How wide the chart of `game` is."""
    return LEFT + PLOT_W + right_margin(game)


def track_chart(game: Data, x: float = 0, y: float = 0) -> ET.Element:
    """The chart of one scored game (score JSON with its `timeline`), width(game) x
    height(game).

    The group carries `data-xs`, the x of every point of the timeline, and `data-top`
    and `data-bottom`, the plot's, for a page that marks where the reader is.
    """
    timeline: list[Data] = game["timeline"]
    names = [p["name"] for p in sorted(game["players"], key=lambda p: p["seat"])]
    width, height = PLOT_W, PLOT_H
    course = timeline[:-1] if len(timeline) > 1 else timeline  # the end is in the bars
    values = [v for p in course for v in p["vp"].values()]
    low = min(0, *values)
    high, step = _scale(max(1, *values) - low)
    xs = _xs(timeline, x + LEFT, width)
    bottom = y + TOP + height

    def vy(vp: int) -> float:
        return float(bottom - (vp - low) / high * height)

    g = group(
        label(
            x + LEFT,
            y + 14,
            _("Victory points over the game")
            + ("" if game["complete"] else " " + _("(provisional)")),
            11,
            weight="bold",
        )
    )
    g.set("class", "chart")
    g.set("data-xs", " ".join(f"{px:.1f}" for px in xs))
    g.set("data-top", f"{y + TOP:g}")
    g.set("data-bottom", f"{bottom:g}")
    for v in range(0, high + 1, step):  # the value lines
        g.append(
            el(
                "line",
                {
                    "x1": x + LEFT,
                    "y1": vy(v + low),
                    "x2": x + LEFT + width,
                    "y2": vy(v + low),
                    "stroke": svg.FAINT,
                    "stroke_width": 1,
                },
            )
        )
        g.append(label(x + LEFT - 4, vy(v + low) + 3, str(v + low), 9, anchor="end"))
    for px, point in zip(xs, course):  # each round's start
        if point["phase"] == 1:
            g.append(
                el(
                    "line",
                    {
                        "x1": px,
                        "y1": y + TOP,
                        "x2": px,
                        "y2": bottom,
                        "stroke": "#9a9a9a",
                        "stroke_width": 1,
                        "stroke_dasharray": "3 3",
                    },
                )
            )
            g.append(
                label(
                    px + 2,
                    bottom + 11,
                    _("R{round}").format(round=point["round"]),
                    9,
                    weight="bold",
                )
            )
    penalties = [
        (px, point)
        for px, point in zip(xs, timeline)
        if any(c["source"] == "pass penalty" for c in point["changes"])
    ]
    if penalties:  # the pass penalties below the axis: a row a player, a column a round
        g.append(label(x + 2, bottom + 24, _("pass"), 8, weight="bold"))
        for row, name in enumerate(names):
            ry = bottom + 24 + row * 9
            g.append(label(x + LEFT + width + 17, ry, name, 7.5))
            for px, point in penalties:
                lost = sum(
                    c["points"]
                    for c in point["changes"]
                    if c["source"] == "pass penalty" and c["player"] == name
                )
                if lost:
                    g.append(label(px, ry, f"{lost:+d}", 7.5, anchor="end"))
    placed = Placed()
    lines = {name: [(px, vy(p["vp"][name])) for px, p in zip(xs, course)] for name in names}
    for points in lines.values():
        placed.line(points)
    ends: list[tuple[float, str, str, str]] = []
    for n, name in enumerate(names):
        colour, dash, shape = STYLES[n % len(STYLES)]
        points = lines[name]
        line = el(
            "polyline",
            {
                "points": " ".join(f"{px:.1f},{py:.1f}" for px, py in points),
                "fill": "none",
                "stroke": colour,
                "stroke_width": 2,
                "stroke_dasharray": dash,
                "stroke_linejoin": "round",
            },
        )
        line.set("class", "player-line")
        line.set("data-player", name)
        g.append(line)
        for (px, py), point in zip(points, course):
            gains: dict[str, int] = {}  # what the player gained here, by source
            for c in point["changes"]:
                if c["player"] == name and c["source"] != "pass penalty":
                    gains[c["source"]] = gains.get(c["source"], 0) + c["points"]
            if sum(gains.values()) < BIG:
                continue
            g.append(marker(shape, px, py, colour))
            text = name + "".join(
                f" {points:+d} {SHORT_SOURCE.get(why, why)}"
                for why, points in sorted(gains.items(), key=lambda kv: -kv[1])
                if points
            )
            w = text_width(text, 8)
            x0 = max(x + LEFT + PAD, min(px - 2, x + LEFT + width - w))
            ty = placed.clear_y(x0, x0 + w, py - 6, -10, y + TOP + 8)
            if ty < py - 12:  # moved up past another label: a leader back to the point
                g.append(
                    el(
                        "line",
                        {
                            "x1": px,
                            "y1": py - 4,
                            "x2": px,
                            "y2": ty + 2,
                            "stroke": "#9a9a9a",
                            "stroke_width": 0.8,
                        },
                    )
                )
            g.append(label(x0, ty, text, 8))
        ex, ey = points[-1]
        g.append(marker(shape, ex, ey, colour, 4))
        ends.append((ey, name, colour, shape))
    # at the line ends each player's total as a bar of its parts, the rows pushed apart
    # so that none hides another and kept beside the plot: a column that would run past
    # its foot moves up as a whole
    spots: list[float] = []
    for ey, *_rest in sorted(ends):
        spots.append(max(ey + 3, spots[-1] + ROW) if spots else ey + 3)
    over = (spots[-1] - (bottom - 20)) if spots else 0
    spots = (
        [max(s - over, y + TOP + 8 + ROW * i) for i, s in enumerate(spots)] if over > 0 else spots
    )
    by_name = {p["name"]: p for p in game["players"]}
    left = x + LEFT + width + 17
    most = max(1, *(p["total"] for p in game["players"]))
    colours = [STYLES[n % len(STYLES)][0] for n in range(len(names))]
    g.append(_legend(left, y + 14, colours)[0])
    for ty, (ey, name, colour, shape) in zip(spots, sorted(ends)):
        p = by_name[name]
        g.append(marker(shape, left - 7, ty - 3.5, colour))
        g.append(label(left, ty, f"{name} {p['total']}", 10, weight="bold"))
        bar = group()
        bar.set("class", "end-scoring")
        bar.set("data-player", name)
        at = left
        for part, fill in PARTS:  # the track in the colour of the player's line
            w = max(0, p["breakdown"][part]) / most * BAR_W
            bar.append(
                el(
                    "rect",
                    {
                        "x": round(at, 1),
                        "y": ty + 3,
                        "width": round(w, 1),
                        "height": 7,
                        "fill": fill or colour,
                        "stroke": svg.INK,
                        "stroke_width": 0.5,
                    },
                )
            )
            at += w
        g.append(bar)
        g.append(label(left, ty + 18, _numbers(p), 7))
    return g


#: The height of a player's row beside the plot: name and total, bar, parts.
ROW = 30


def _legend(x: float, y: float, colours: list[str] | None = None) -> tuple[ET.Element, float]:
    """What the bars' parts are, in the order they stack, and how wide that is.  The
    track is drawn in each player's colour, so its swatch holds a stripe of each."""
    g, start = group(), x
    for part, fill in PARTS:
        stripes = [fill] if fill else colours or [PAPER]
        for i, stripe in enumerate(stripes):
            g.append(
                el(
                    "rect",
                    {
                        "x": round(x + 6 * i / len(stripes), 2),
                        "y": y - 6,
                        "width": round(6 / len(stripes), 2),
                        "height": 6,
                        "fill": stripe,
                        "stroke": "none",
                    },
                )
            )
        g.append(
            el(
                "rect",
                {
                    "x": x,
                    "y": y - 6,
                    "width": 6,
                    "height": 6,
                    "fill": "none",
                    "stroke": svg.INK,
                    "stroke_width": 0.5,
                },
            )
        )
        said = _(part)
        g.append(label(x + 8, y, said, 7))
        x += 8 + text_width(said, 7) + 6
    return g, x - 6 - start


def height(game: Data) -> float:
    """How tall the chart of `game` is."""
    return TOP + PLOT_H + 30 + 9 * len(game["players"])


def chart_svg(game: Data) -> str:
    """The chart alone, as an SVG document."""
    drawing = svg.Drawing(
        width(game),
        height(game),
        title=_("{path}: victory points over the game").format(path=game["path"]),
    )
    drawing.add(track_chart(game))
    return drawing.text()
