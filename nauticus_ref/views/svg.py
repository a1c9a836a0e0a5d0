"""Pictures as plain SVG, built with the standard library's ElementTree (as `chess.svg`
draws a board): the wheel, a player's ships and storage.

Every piece of text goes through ElementTree, which escapes `<`, `&` and quotes, after
`escape_controls` (characters XML cannot hold are shown escaped), so a name from a
record shows as text in every picture.  Pictures read in black and white: a crest is a
shape as well as a colour, a taken action is crossed out and says so, blue workers are
counted in digits as well as drawn.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from nauticus_ref.views.text import escape_controls

Data = dict[str, Any]

#: A space of the wheel, and the card of eight spaces around the middle (3 x 3 cells).
CELL_W, CELL_H, GAP = 132, 104, 4
CARD_W, CARD_H = 3 * CELL_W + 4 * GAP, 3 * CELL_H + 4 * GAP
#: The cells of the eight spaces, clockwise from the top left (the 3w space).
CELLS = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))

INK, PAPER, FAINT, BLUE = "#1b1b1b", "#ffffff", "#d9d9d9", "#2c6fbb"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: Each crest as a shape and a colour, in board order, and the crown.
CREST_SHAPES = {"whale": ("circle", "#3b7dd8"), "anchor": ("triangle", "#c0392b"),
                "helm": ("diamond", "#27ae60"), "crest4": ("square", "#8e44ad"),
                "crown": ("star", "#d4a017")}


def el(tag: str, attrs: dict[str, Any] | None = None, text: str | None = None) -> ET.Element:
    """An SVG element; attribute values are written as strings, text escaped."""
    e = ET.Element(tag, {k.replace("_", "-"): _value(v) for k, v in (attrs or {}).items()
                         if v is not None})
    if text is not None:
        e.text = escape_controls(text)
    return e


def _value(v: Any) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def label(x: float, y: float, text: str, size: float = 11, anchor: str = "start",
          weight: str | None = None, fill: str = INK) -> ET.Element:
    return el("text", {"x": x, "y": y, "font_size": size, "text_anchor": anchor,
                       "font_weight": weight, "fill": fill}, text)


def group(*children: ET.Element, **attrs: Any) -> ET.Element:
    g = el("g", attrs)
    g.extend(children)
    return g


class Drawing:
    """One SVG document: a view box of `width` x `height` that scales to any screen."""

    def __init__(self, width: float, height: float, title: str):
        self.root = el("svg", {"xmlns": "http://www.w3.org/2000/svg",
                               "viewBox": f"0 0 {width:g} {height:g}",
                               "width": width, "height": height, "role": "img",
                               "font_family": FONT})
        self.root.append(el("title", text=title))
        self.root.append(el("rect", {"width": "100%", "height": "100%", "fill": PAPER}))

    def add(self, *elements: ET.Element) -> None:
        self.root.extend(elements)

    def text(self) -> str:
        """The document, one element a line (so that a change reads as a diff)."""
        ET.indent(self.root, space="")
        return ET.tostring(self.root, encoding="unicode") + "\n"


#: The crest shapes drawn as polygons, around (0, 0) with radius 1.
POLYGONS: dict[str, list[tuple[float, float]]] = {
    "triangle": [(0, -1), (.95, .8), (-.95, .8)],
    "diamond": [(0, -1.1), (1, 0), (0, 1.1), (-1, 0)],
    "star": [(0, -1.1), (.3, -.35), (1.05, -.35), (.45, .15), (.65, .95), (0, .45),
             (-.65, .95), (-.45, .15), (-1.05, -.35), (-.3, -.35)],
}


def symbol(shape: str, x: float, y: float, r: float, fill: str,
           stroke_width: float = 1) -> ET.Element:
    """A circle, square (`r` half its side) or one of `POLYGONS`, centred on (x, y)."""
    style = {"fill": fill, "stroke": INK, "stroke_width": stroke_width}
    if shape == "circle":
        return el("circle", {"cx": x, "cy": y, "r": r, **style})
    if shape == "square":
        return el("rect", {"x": x - r, "y": y - r, "width": 2 * r, "height": 2 * r, **style})
    return el("polygon", {"points": " ".join(f"{x + px * r:.1f},{y + py * r:.1f}"
                                             for px, py in POLYGONS[shape]), **style})


def crest(kind: str, x: float, y: float, r: float = 6) -> ET.Element:
    """A crest's symbol centred on (x, y): shape and colour, so black and white reads
    (a square a little smaller, to look as big as the round shapes)."""
    shape, colour = CREST_SHAPES.get(kind, ("circle", "#7f8c8d"))
    return symbol(shape, x, y, r * .85 if shape == "square" else r, colour)


def workers(x: float, y: float, n: int, colour: str = BLUE) -> ET.Element:
    """`n` workers as discs and in digits (`2 blue`)."""
    g = group(label(x, y + 4, f"{n} blue", 10))
    for i in range(n):
        g.append(el("circle", {"cx": x + 44 + i * 12, "cy": y, "r": 4.5, "fill": colour,
                               "stroke": INK, "stroke_width": 1}))
    return g


def prices(x: float, y: float, prices: dict[str, int], crests: list[str] | None) -> ET.Element:
    """The four prices, two a line; a mast's or sail's with its crest's symbol (`crests`,
    the board's crest of each)."""
    g = group()
    for i, (name, n) in enumerate(prices.items()):
        px, py = x + (i % 2) * 62, y + (i // 2) * 13
        if crests:
            g.append(crest(crests[i], px + 4, py - 3.5, 4))
            name = name.rsplit(" ", 1)[0]
            px += 11
        g.append(label(px, py, f"{name} {n}", 10))
    return g


def space(s: Data, x: float, y: float, is_anchor: bool) -> ET.Element:
    """One space of the wheel: bonus, action (crossed out when taken), blue workers,
    prices; the space the anchor points at has a thick border and says so."""
    taken = s["action"] is not None and not s["face_up"]
    g = group(el("rect", {"x": x, "y": y, "width": CELL_W, "height": CELL_H, "rx": 6,
                          "fill": FAINT if taken else PAPER, "stroke": INK,
                          "stroke_width": 3 if is_anchor else 1}),
              label(x + 8, y + 17, s["space"], 13, weight="bold"),
              label(x + CELL_W - 8, y + 17, "ANCHOR" if is_anchor else "bonus", 9,
                    anchor="end", weight="bold" if is_anchor else None))
    g.set("class", "space")
    action = s["action"] or "no deal yet"
    g.append(label(x + CELL_W / 2, y + 40, action.upper() if s["action"] else action, 13,
                   anchor="middle", weight="bold"))
    if taken:
        g.append(el("line", {"x1": x + 24, "y1": y + 36, "x2": x + CELL_W - 24, "y2": y + 36,
                             "stroke": INK, "stroke_width": 2}))
        g.append(label(x + CELL_W / 2, y + 52, "taken", 9, anchor="middle"))
    g.append(workers(x + 8, y + 66, s["blue_workers"]))
    if s.get("prices"):
        kinds = s["items"] if s["action"] in ("masts", "sails") else None
        g.append(prices(x + 8, y + 84, s["prices"], kinds))
    return g


def round_name(card: Data) -> str:
    """`round 2`, or `the deal` for a deal given on the command line."""
    return f"round {card['round']}" if card.get("round") else "the deal"


def wheel(card: Data, x: float, y: float) -> ET.Element:
    """The eight spaces clockwise around the middle, which names the round and the space
    the wheel's anchor points at."""
    g = group()
    g.set("class", "wheel")
    for s, (cx, cy) in zip(card["spaces"], CELLS):
        g.append(space(s, x + GAP + cx * (CELL_W + GAP), y + GAP + cy * (CELL_H + GAP),
                       s["space"] == card["anchor"]))
    mx, my = x + GAP + CELL_W + GAP + CELL_W / 2, y + GAP + CELL_H + GAP + CELL_H / 2
    g.append(label(mx, my - 14, round_name(card), 14, anchor="middle", weight="bold"))
    g.append(label(mx, my + 4, f"{card['board']} board", 10, anchor="middle"))
    g.append(label(mx, my + 20, f"anchor: {card['anchor']}", 10, anchor="middle"))
    g.append(label(mx, my + 34, "clockwise from 3w", 9, anchor="middle"))
    return g


# -- a player's side of the table ------------------------------------------------------

PART_W, PART_H = 46, 24
PANEL_W = CARD_W
SHORT = {"1ship": "1-ship", "middle": "middle", "coffee": "coffee", "grain": "grain",
         "salt": "salt", "fish": "fish"}


def crest_of(word: str, crest_words: list[str]) -> str:
    """The board's crest a record's crest word stands for (the crown is the crown)."""
    from nauticus_ref.notation.vocab import DEFAULT_CRESTS

    return DEFAULT_CRESTS[crest_words.index(word)] if word in crest_words else word


def hull_part(kind: str, x: float, y: float, strong: bool) -> ET.Element:
    """A hull part: a bow points left, a stern right, a 1-ship both ways."""
    left = 10 if kind in ("bow", "1ship") else 0
    right = 10 if kind in ("stern", "1ship") else 0
    points = [(x + left, y), (x + PART_W - right, y), (x + PART_W, y + PART_H / 2),
              (x + PART_W - right, y + PART_H), (x + left, y + PART_H), (x, y + PART_H / 2)]
    return group(el("polygon", {"points": " ".join(f"{px:g},{py:g}" for px, py in points),
                                "fill": "#e8d5b0", "stroke": INK,
                                "stroke_width": 2.5 if strong else 1}),
                 label(x + PART_W / 2, y + 15, SHORT.get(kind, kind), 9, anchor="middle"))


def ship(s: Data, x: float, y: float, crest_words: list[str]) -> ET.Element:
    """A ship in the dockyard: its hull parts in order, on each its mast with the mast's
    crest, the sail's crest beside it, the good below; a complete ship says so."""
    g = group(label(x, y + 44, s["name"], 12, weight="bold"))
    g.set("class", "ship")
    x0 = x + 34
    for i, part in enumerate(s["hull"]):
        px = x0 + i * (PART_W + 2)
        g.append(hull_part(part, px, y + 30, s["complete"]))
        if i < len(s["masts"]):
            g.append(el("line", {"x1": px + PART_W / 2, "y1": y + 30, "x2": px + PART_W / 2,
                                 "y2": y + 6, "stroke": INK, "stroke_width": 2}))
            g.append(crest(crest_of(s["masts"][i], crest_words), px + PART_W / 2, y + 8, 5))
        if i < len(s["sails"]):
            g.append(crest(crest_of(s["sails"][i], crest_words), px + PART_W / 2 + 11, y + 20,
                           5))
        if i < len(s["goods"]):
            g.append(label(px + PART_W / 2, y + 66, s["goods"][i], 9, anchor="middle"))
    end = x0 + len(s["hull"]) * (PART_W + 2) + 6
    if s["complete"]:
        g.append(label(end, y + 46, "complete", 10, weight="bold"))
    elif not s["hull"]:
        g.append(label(end, y + 46, "no hull yet", 10))
    return g


def storage(st: Data, x: float, y: float, crest_words: list[str]) -> ET.Element:
    """The storage as its 12 spaces, a mast taking two."""
    cell = (PANEL_W - 2 * x - 70) / st["spaces"]
    g = group(label(x, y + 14, f"storage {st['used']}/{st['spaces']}", 10))
    g.set("class", "storage")
    at = 0
    for name, n in st["tiles"].items():
        for _ in range(n):
            width = 2 if name.endswith(" mast") else 1
            cx = x + 70 + at * cell
            g.append(el("rect", {"x": cx, "y": y, "width": width * cell - 2, "height": 22,
                                 "fill": "#f3ead8", "stroke": INK, "stroke_width": 1}))
            word, _, kind = name.rpartition(" ")
            if kind in ("mast", "sail"):
                middle = cx + (width * cell - 2) / 2
                g.append(crest(crest_of(word, crest_words), middle, y + 7, 4))
                g.append(label(middle, y + 19, kind, 7, anchor="middle"))
            else:
                g.append(label(cx + cell / 2 - 1, y + 14, SHORT.get(name, name)[:4], 8,
                               anchor="middle"))
            at += width
    for free in range(at, st["spaces"]):
        g.append(el("rect", {"x": x + 70 + free * cell, "y": y, "width": cell - 2,
                             "height": 22, "fill": PAPER, "stroke": FAINT}))
    return g


def player(p: Data, x: float, y: float, crest_words: list[str]) -> tuple[ET.Element, float]:
    """A player's side of the table, and its height."""
    from nauticus_ref.notation.vocab import count

    passed = p["pass_tiles_flipped"]
    g = group(label(x, y + 16, p["name"], 14, weight="bold"),
              label(PANEL_W - x, y + 16, f"seat {p['seat']}", 10, anchor="end"),
              label(x, y + 34, f"{p['vp']} VP · {p['taler']} taler · "
                    f"{count(p['workers'], 'worker')} · {count(p['crowns']['total'], 'crown')}",
                    11),
              label(x, y + 50, f"pass tiles {'■' * passed}{'□' * (3 - passed)} ({passed} "
                    f"flipped) · Extra Action {p['extra_action']}", 10))
    g.set("class", "player")
    h = 60
    for s in p["ships"]:
        g.append(ship(s, x, y + h, crest_words))
        h += 74
    g.append(storage(p["storage"], x, y + h, crest_words))
    h += 32
    delivered = ", ".join(f"{n} {good}" for good, n in p["delivered"].items()) or "none"
    g.append(label(x, y + h + 4, f"delivered: {delivered}", 10))
    h += 16
    g.insert(0, el("rect", {"x": x - 6, "y": y, "width": PANEL_W - 2 * x + 12,
                            "height": h, "fill": "none", "stroke": FAINT, "rx": 6}))
    return g, h


def wheel_cell(card: Data, state: Data) -> tuple[ET.Element, float]:
    """The wheel's cell of the table, and its height."""
    return wheel(card, 0, 0), float(CARD_H)
