"""The score track as a picture: each player's victory points over the game, a line each.

Drawn from a game's score JSON (its `timeline`): a point at the start, after every
phase, at each round's end (the pass penalty) and after the final scoring.  Rounds
are marked, the big steps (crowns, rewards, pass penalties, end scoring) are labelled
with the player and the reason.  A line is told apart by colour, dash and marker
shape, and is named at its end, so a black-and-white print still reads.

Names are never cut: every label is measured in the pictures' font (`metrics.py`), the
margin beside the plot grows to the longest name, and a label that would cover another
moves until it is clear.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from nauticus_ref.views import svg
from nauticus_ref.views.metrics import text_width
from nauticus_ref.views.svg import el, group, label

Data = dict[str, Any]

#: The plot's width and height and the margins around it (the right one grows to the
#: names beside the lines' ends); below the plot the round names, then the pass
#: penalties, a row a player.
WIDTH, PLOT_H = 412, 214
LEFT, RIGHT, TOP, END_GAP = 30, 92, 26, 28
PLOT_W = WIDTH - LEFT - RIGHT
#: Space between a label and what is beside it, in px.
PAD = 3
#: A player's line: colour (Okabe-Ito, told apart by most colour-blind readers), dash, marker.
STYLES = (("#0072b2", None, "circle"), ("#d55e00", "7 3", "square"),
          ("#009e73", "2 2", "triangle"), ("#cc79a7", "9 3 2 3", "diamond"),
          ("#e69f00", "4 4", "circle"))
#: A step at least this big is labelled.
BIG = 3
SHORT_SOURCE = {"pass penalty": "pass", "correction": "check"}


def marker(shape: str, x: float, y: float, colour: str, r: float = 3.5) -> ET.Element:
    return svg.symbol(shape, x, y, r, colour, stroke_width=.8)


def _scale(top: int) -> tuple[int, int]:
    """The top of the axis and the step between its lines, for values up to `top`."""
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 500, 1000, 10 ** 9) if top <= s * 6)
    return -(-top // step) * step or step, step


class Placed:
    """Where labels already are, so that a new one moves up or down until it is clear."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float]] = []   # x from, x to, baseline

    def clear_y(self, x0: float, x1: float, y: float, away: float, top: float) -> float:
        """The first baseline from `y`, moving by `away` (and back the other way from
        `top` if it gets there), where a label from `x0` to `x1` covers none placed."""
        start = y
        for _ in range(40):
            if not any(a < x1 + PAD and x0 < b + PAD and abs(y - yy) < 10
                       for a, b, yy in self.boxes):
                break
            y += away
            if y < top:
                away, y = -away, start - away
        self.boxes.append((x0, x1, y))
        return y


def _xs(timeline: list[Data], left: float, width: float) -> list[float]:
    """Where each point is across: evenly, with a gap before the final scoring so that its
    jump does not hide the last round."""
    if len(timeline) < 3:
        return [left + i * width for i in range(len(timeline))]
    dx = (width - END_GAP) / (len(timeline) - 2)
    return [left + i * dx for i in range(len(timeline) - 1)] + [left + width]


def right_margin(game: Data) -> float:
    """The margin beside the plot: the names at the lines' ends and in the pass rows."""
    timeline = game["timeline"]
    widest = 0.0
    for p in game["players"]:
        name, end = p["name"], timeline[-1]["vp"][p["name"]]
        gain = end - timeline[-2]["vp"][name] if len(timeline) > 1 else 0
        widest = max(widest, text_width(f"{name} {end}", 10, bold=True),
                     text_width(f"end scoring +{gain}", 7), text_width(name, 7.5))
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
    values = [v for p in timeline for v in p["vp"].values()]
    low = min(0, *values)
    high, step = _scale(max(1, *values) - low)
    xs = _xs(timeline, x + LEFT, width)
    bottom = y + TOP + height

    def vy(vp: int) -> float:
        return float(bottom - (vp - low) / high * height)

    g = group(label(x + LEFT, y + 14, "Victory points over the game"
                    + ("" if game["complete"] else " (provisional)"), 11, weight="bold"))
    g.set("class", "chart")
    g.set("data-xs", " ".join(f"{px:.1f}" for px in xs))
    g.set("data-top", f"{y + TOP:g}")
    g.set("data-bottom", f"{bottom:g}")
    for v in range(0, high + 1, step):   # the value lines
        g.append(el("line", {"x1": x + LEFT, "y1": vy(v + low), "x2": x + LEFT + width,
                             "y2": vy(v + low), "stroke": svg.FAINT, "stroke_width": 1}))
        g.append(label(x + LEFT - 4, vy(v + low) + 3, str(v + low), 9, anchor="end"))
    for px, point in zip(xs, timeline):   # each round's start, and the final scoring
        if point["phase"] == 1 or point["at"] == "end":
            g.append(el("line", {"x1": px, "y1": y + TOP, "x2": px, "y2": bottom,
                                 "stroke": "#9a9a9a", "stroke_width": 1,
                                 "stroke_dasharray": "3 3"}))
            end = point["at"] == "end"
            g.append(label(px + (-2 if end else 2), bottom + 11,
                           "end" if end else f"R{point['round']}", 9,
                           anchor="end" if end else "start", weight="bold"))
    penalties = [(px, point) for px, point in zip(xs, timeline)
                 if any(c["source"] == "pass penalty" for c in point["changes"])]
    if penalties:   # the pass penalties below the axis: a row a player, a column a round
        g.append(label(x + 2, bottom + 24, "pass", 8, weight="bold"))
        for row, name in enumerate(names):
            ry = bottom + 24 + row * 9
            g.append(label(x + LEFT + width + 17, ry, name, 7.5))
            for px, point in penalties:
                lost = sum(c["points"] for c in point["changes"]
                           if c["source"] == "pass penalty" and c["player"] == name)
                if lost:
                    g.append(label(px, ry, f"{lost:+d}", 7.5, anchor="end"))
    placed = Placed()
    ends: list[tuple[float, str, str, str]] = []
    for n, name in enumerate(names):
        colour, dash, shape = STYLES[n % len(STYLES)]
        points = [(px, vy(p["vp"][name])) for px, p in zip(xs, timeline)]
        line = el("polyline", {"points": " ".join(f"{px:.1f},{py:.1f}" for px, py in points),
                               "fill": "none", "stroke": colour, "stroke_width": 2,
                               "stroke_dasharray": dash, "stroke_linejoin": "round"})
        line.set("class", "player-line")
        line.set("data-player", name)
        g.append(line)
        for (px, py), point in zip(points, timeline):
            gained = sum(c["points"] for c in point["changes"]
                         if c["player"] == name and c["source"] not in ("pass penalty",))
            if gained < BIG or point["at"] == "end":
                continue
            why = max((c for c in point["changes"] if c["player"] == name),
                      key=lambda c: c["points"])["source"]
            g.append(marker(shape, px, py, colour))
            text = f"{name} +{gained} {SHORT_SOURCE.get(why, why)}"
            w = text_width(text, 8)
            x0 = max(x + LEFT + PAD, min(px - 2, x + LEFT + width - END_GAP - w))
            ty = placed.clear_y(x0, x0 + w, py - 6, -10, y + TOP + 8)
            if ty < py - 12:   # moved up past another label: a leader back to the point
                g.append(el("line", {"x1": px, "y1": py - 4, "x2": px, "y2": ty + 2,
                                     "stroke": "#9a9a9a", "stroke_width": .8}))
            g.append(label(x0, ty, text, 8))
        ex, ey = points[-1]
        g.append(marker(shape, ex, ey, colour, 4))
        ends.append((ey, name, colour, shape))
    # the names at the line ends, pushed apart so that none hides another, and kept
    # beside the plot: a column that would run past its foot moves up as a whole
    spots: list[float] = []
    for ey, *_ in sorted(ends):
        spots.append(max(ey + 3, spots[-1] + 22) if spots else ey + 3)
    over = (spots[-1] - (bottom - 6)) if spots else 0
    spots = [max(s - over, y + TOP + 8 + 22 * i) for i, s in enumerate(spots)] if over > 0 \
        else spots
    for ty, (ey, name, colour, shape) in zip(spots, sorted(ends)):
        end = timeline[-1]["vp"][name]
        gain = end - timeline[-2]["vp"][name] if len(timeline) > 1 else 0
        g.append(marker(shape, x + LEFT + width + 10, ty - 3.5, colour))
        g.append(label(x + LEFT + width + 17, ty, f"{name} {end}", 10, weight="bold"))
        g.append(label(x + LEFT + width + 17, ty + 9, f"end scoring +{gain}", 7))
    return g


def height(game: Data) -> float:
    """How tall the chart of `game` is."""
    return TOP + PLOT_H + 30 + 9 * len(game["players"])


def chart_svg(game: Data) -> str:
    """The chart alone, as an SVG document."""
    drawing = svg.Drawing(width(game), height(game),
                          title=f"{game['path']}: victory points over the game")
    drawing.add(track_chart(game))
    return drawing.text()
