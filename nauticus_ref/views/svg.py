"""Pictures as plain SVG, built with the standard library's ElementTree (as `chess.svg`
draws a board): the drawing kit and the game's pieces as they look on the table.

Every piece of text goes through ElementTree, which escapes `<`, `&` and quotes, after
`escape_controls` (characters XML cannot hold are shown escaped), so a name from a
record shows as text in every picture.  Pictures read in black and white: every crest,
good and worker has a shape of its own as well as a colour, a taken action tile is
turned over and says so, and counts are written in digits as well as drawn.  Texts are
measured in the font the pictures name (`metrics.py`), so boxes grow or wrap to fit.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Callable

from nauticus_ref.core.language import _
from nauticus_ref.views.text import escape_controls

Data = dict[str, Any]

#: The width of a cell of the table (the wheel, a player's side), and of the card.
CARD_W = 460
INK, PAPER, FAINT, BLUE = "#1b1b1b", "#ffffff", "#d9d9d9", "#2c6fbb"
WOOD, TILE, DARK = "#e8d5b0", "#f3ead8", "#555555"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: Each crest as a shape and a colour, in board order, and the crown.
CREST_SHAPES = {
    "whale": ("circle", "#3b7dd8"),
    "anchor": ("triangle", "#c0392b"),
    "helm": ("diamond", "#27ae60"),
    "crest4": ("square", "#8e44ad"),
    "crown": ("star", "#d4a017"),
}
#: Each good as its tile's colour, and the symbol on it with the symbol's colour.
GOODS = {
    "coffee": ("#6f4e37", "bean", PAPER),
    "grain": ("#e3b23c", "ear", INK),
    "salt": ("#eeeeee", "crystal", INK),
    "fish": ("#2f8f9d", "fish", PAPER),
}


def el(tag: str, attrs: dict[str, Any] | None = None, text: str | None = None) -> ET.Element:
    """An SVG element; attribute values are written as strings, text escaped."""
    e = ET.Element(
        tag, {k.replace("_", "-"): _value(v) for k, v in (attrs or {}).items() if v is not None}
    )
    if text is not None:
        e.text = escape_controls(text)
    return e


def _value(v: Any) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def label(
    x: float,
    y: float,
    text: str,
    size: float = 11,
    anchor: str = "start",
    weight: str | None = None,
    fill: str = INK,
) -> ET.Element:
    return el(
        "text",
        {
            "x": x,
            "y": y,
            "font_size": size,
            "text_anchor": None if anchor == "start" else anchor,
            "font_weight": weight,
            "fill": fill,
        },
        text,
    )


def lines(
    x: float,
    y: float,
    text: str,
    size: float,
    width: float,
    bold: bool = False,
    anchor: str = "start",
) -> tuple[ET.Element, int]:
    """`text` wrapped to `width` px, the first line's baseline at `y`, and how many lines
    it took (a line is `size` + 3 px)."""
    from nauticus_ref.views.metrics import wrap

    rows = wrap(text, size, width, bold)
    g = group(
        *(
            label(x, y + n * (size + 3), row, size, anchor, "bold" if bold else None)
            for n, row in enumerate(rows)
        )
    )
    return g, len(rows)


def group(*children: ET.Element, **attrs: Any) -> ET.Element:
    g = el("g", attrs)
    g.extend(children)
    return g


def titled(e: ET.Element, title: str) -> ET.Element:
    """`e` with a tooltip that names what it shows (a tile drawn without words)."""
    e.insert(0, el("title", text=title))
    return e


class Drawing:
    """One SVG document: a view box of `width` x `height` that scales to any screen."""

    def __init__(self, width: float, height: float, title: str):
        self.root = el(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": f"0 0 {width:g} {height:g}",
                "width": width,
                "height": height,
                "role": "img",
                "font_family": FONT,
            },
        )
        self.root.append(el("title", text=title))
        self.root.append(el("rect", {"width": "100%", "height": "100%", "fill": PAPER}))

    def add(self, *elements: ET.Element) -> None:
        self.root.extend(elements)

    def text(self) -> str:
        """The document, one element a line (so that a change reads as a diff)."""
        ET.indent(self.root, space="")
        return ET.tostring(self.root, encoding="unicode") + "\n"


#: Shapes drawn as polygons, around (0, 0) with radius 1.
POLYGONS: dict[str, list[tuple[float, float]]] = {
    "triangle": [(0, -1), (0.95, 0.8), (-0.95, 0.8)],
    "diamond": [(0, -1.1), (1, 0), (0, 1.1), (-1, 0)],
    "star": [
        (0, -1.1),
        (0.3, -0.35),
        (1.05, -0.35),
        (0.45, 0.15),
        (0.65, 0.95),
        (0, 0.45),
        (-0.65, 0.95),
        (-0.45, 0.15),
        (-1.05, -0.35),
        (-0.3, -0.35),
    ],
    # a worker, as the wooden ones stand: head, arms, legs
    "worker": [
        (-0.3, -1),
        (0.3, -1),
        (0.38, -0.5),
        (1, -0.3),
        (1, 0.1),
        (0.45, 0.1),
        (0.75, 1),
        (0.12, 1),
        (0, 0.55),
        (-0.12, 1),
        (-0.75, 1),
        (-0.45, 0.1),
        (-1, 0.1),
        (-1, -0.3),
        (-0.38, -0.5),
    ],
    "crystal": [(0, -1), (0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5)],
    "fish": [
        (-0.95, 0),
        (-0.4, -0.5),
        (0.25, -0.45),
        (0.6, -0.05),
        (1, -0.5),
        (1, 0.5),
        (0.6, 0.05),
        (0.25, 0.45),
        (-0.4, 0.5),
    ],
}


def _points(x: float, y: float, r: float, shape: str) -> str:
    return " ".join(f"{x + px * r:.1f},{y + py * r:.1f}" for px, py in POLYGONS[shape])


def symbol(
    shape: str, x: float, y: float, r: float, fill: str, stroke_width: float = 1, stroke: str = INK
) -> ET.Element:
    """A circle, square (`r` half its side) or one of `POLYGONS`, centred on (x, y)."""
    style = {"fill": fill, "stroke": stroke, "stroke_width": stroke_width}
    if shape == "circle":
        return el("circle", {"cx": x, "cy": y, "r": r, **style})
    if shape == "square":
        return el("rect", {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r, **style})
    return el("polygon", {"points": _points(x, y, r, shape), **style})


def crest(kind: str, x: float, y: float, r: float = 6, fill: str | None = None) -> ET.Element:
    """A crest's symbol centred on (x, y): shape and colour, so black and white reads
    (a square a little smaller, to look as big as the round shapes)."""
    shape, colour = CREST_SHAPES.get(kind, ("circle", "#7f8c8d"))
    return symbol(shape, x, y, r * 0.85 if shape == "square" else r, fill or colour)


def crest_reader(crest_words: list[str]) -> Callable[[str], str]:
    """The board's crest a record's crest word stands for (the crown is the crown)."""
    from nauticus_ref.notation.vocab import DEFAULT_CRESTS

    return lambda word: DEFAULT_CRESTS[crest_words.index(word)] if word in crest_words else word


def worker(x: float, y: float, r: float = 5, colour: str = BLUE) -> ET.Element:
    """A worker standing on (x, y + r)."""
    return symbol("worker", x, y, r, colour, 0.8)


def workers(x: float, y: float, n: int) -> ET.Element:
    """`n` blue workers drawn, and counted in digits (`2 blue`), the figures past the
    words in whatever language they are said."""
    from nauticus_ref.views.metrics import text_width

    said = _("{n} blue").format(n=n)
    start = max(42.0, text_width(said, 10) + 10)  # a figure stands on its middle
    g = group(label(x, y + 4, said, 10))
    g.extend(worker(x + start + i * 11, y) for i in range(n))
    return g


def good(name: str, x: float, y: float, size: float = 14) -> ET.Element:
    """A good as its tile: its colour, and its symbol on it (coffee a bean, grain an ear,
    salt a crystal, fish a fish)."""
    colour, mark, ink = GOODS.get(name, ("#bbbbbb", "circle", INK))
    cx, cy, r = x + size / 2, y + size / 2, size * 0.32
    g = group(
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": size,
                "height": size,
                "rx": 2,
                "fill": colour,
                "stroke": INK,
                "stroke_width": 0.8,
            },
        )
    )
    if mark == "bean":
        g.extend(
            [
                el(
                    "ellipse",
                    {
                        "cx": cx,
                        "cy": cy,
                        "rx": r * 0.75,
                        "ry": r * 1.1,
                        "fill": "none",
                        "stroke": ink,
                        "stroke_width": 1.2,
                    },
                ),
                el(
                    "line",
                    {
                        "x1": cx,
                        "y1": cy - r * 0.8,
                        "x2": cx,
                        "y2": cy + r * 0.8,
                        "stroke": ink,
                        "stroke_width": 1,
                    },
                ),
            ]
        )
    elif mark == "ear":
        g.append(
            el(
                "line",
                {
                    "x1": cx,
                    "y1": cy - r * 1.2,
                    "x2": cx,
                    "y2": cy + r * 1.3,
                    "stroke": ink,
                    "stroke_width": 0.9,
                },
            )
        )
        g.extend(
            el(
                "ellipse",
                {
                    "cx": cx + side * r * 0.45,
                    "cy": cy + dy * r,
                    "rx": r * 0.38,
                    "ry": r * 0.22,
                    "fill": ink,
                },
            )
            for dy in (-0.7, 0, 0.7)
            for side in (-1, 1)
        )
    elif mark == "circle":
        g.append(symbol("circle", cx, cy, r, ink, 0.6))
    else:
        g.append(symbol(mark, cx, cy, r * (1.15 if mark == "fish" else 1), ink, 0.6))
    return titled(g, name)


def hull_part(
    kind: str,
    x: float,
    y: float,
    w: float = 46,
    h: float = 24,
    strong: bool = False,
    text: bool = True,
) -> ET.Element:
    """A hull part: a bow points left, a stern right, a 1-ship both ways."""
    tip = min(10, w / 4)
    left = tip if kind in ("bow", "1ship") else 0
    right = tip if kind in ("stern", "1ship") else 0
    points = [
        (x + left, y),
        (x + w - right, y),
        (x + w, y + h / 2),
        (x + w - right, y + h),
        (x + left, y + h),
        (x, y + h / 2),
    ]
    g = group(
        el(
            "polygon",
            {
                "points": " ".join(f"{px:g},{py:g}" for px, py in points),
                "fill": WOOD,
                "stroke": INK,
                "stroke_width": 2.5 if strong else 1,
            },
        )
    )
    if text:
        g.append(
            label(
                x + w / 2, y + h / 2 + 3, "1-ship" if kind == "1ship" else kind, 9, anchor="middle"
            )
        )
    return titled(g, kind)


def mast(kind: str, x: float, top: float, bottom: float) -> ET.Element:
    """A mast from `top` to `bottom` at `x`: a pole in its crest's colour, the crest's
    symbol flying at the top."""
    colour = CREST_SHAPES.get(kind, ("circle", "#7f8c8d"))[1]
    return group(
        el(
            "rect",
            {
                "x": x - 1.8,
                "y": top + 4,
                "width": 3.6,
                "height": bottom - top - 4,
                "fill": colour,
                "stroke": INK,
                "stroke_width": 0.8,
            },
        ),
        crest(kind, x, top + 2, 5),
    )


def sail(kind: str, x: float, top: float, h: float = 22) -> ET.Element:
    """A sail hung right of the mast at `x`: a cloth in its crest's colour, with the
    crest's symbol on it in white."""
    colour = CREST_SHAPES.get(kind, ("circle", "#7f8c8d"))[1]
    w = h * 0.75
    cloth = [
        (x + 3, top),
        (x + 3 + w, top + h * 0.12),
        (x + 3 + w * 0.9, top + h * 0.55),
        (x + 3 + w, top + h),
        (x + 3, top + h * 0.92),
    ]
    return group(
        el(
            "polygon",
            {
                "points": " ".join(f"{px:.1f},{py:.1f}" for px, py in cloth),
                "fill": colour,
                "stroke": INK,
                "stroke_width": 0.8,
            },
        ),
        crest(kind, x + 3 + w * 0.45, top + h * 0.5, h * 0.2, fill=PAPER),
    )


def tile(
    name: str, x: float, y: float, w: float, h: float, crest_of: Callable[[str], str] = str
) -> ET.Element:
    """A tile of the storage or the supply, by its name (`bow`, `coffee`, `whale mast`),
    drawn as the piece it is, in a box of `w` x `h`."""
    word, _, kind = name.rpartition(" ")
    if kind in ("mast", "sail"):
        crest_kind = crest_of(word)
        mid = x + w / 2
        piece = (
            mast(crest_kind, mid, y + 5, y + h - 3)
            if kind == "mast"
            else sail(crest_kind, mid - h * 0.35, y + 3, h - 6)
        )
        return titled(group(piece), name)
    if name in GOODS:
        side = min(w, h) - 6
        return good(name, x + (w - side) / 2, y + (h - side) / 2, side)
    return hull_part(name, x + 2, y + h * 0.25, w - 4, h * 0.5, text=False)
