"""A player's side of the table as it lies: the ships in the dockyard with their masts,
sails and goods, the storage's twelve spaces, delivered goods, pass tiles, the Extra
Action and the crowns.  Names are measured and wrap; nothing is cut."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable

from nauticus_ref.core.language import _
from nauticus_ref.notation.vocab import count
from nauticus_ref.views import svg
from nauticus_ref.views.metrics import text_width
from nauticus_ref.views.svg import CARD_W, DARK, FAINT, INK, PAPER, TILE, Data, el, group, label

PART_W, PART_H = 46, 24
#: A ship's row: room for the masts and sails above the hull, the goods below it.
MAST_H, SHIP_H = 34, 86
#: The widest a ship's name may stand left of its hull before it takes a line of its own.
NAME_ROOM = 150


def ship(
    s: Data, x: float, y: float, crest_of: Callable[[str], str], width: float
) -> tuple[ET.Element, float]:
    """A ship in the dockyard, and its height: its name, its hull parts in order, on each
    its mast with the sail hung on it, its good below; a complete ship says so."""
    g = group()
    g.set("class", "ship")
    name_w = text_width(s["name"], 12, bold=True)
    if name_w <= NAME_ROOM:  # the name beside the hull, level with it
        g.append(label(x, y + MAST_H + 16, s["name"], 12, weight="bold"))
        x0, top = x + max(34.0, name_w + 10), y
    else:  # a long name on lines of its own above the ship
        drawn, rows = svg.lines(x, y + 12, s["name"], 12, width, bold=True)
        g.append(drawn)
        x0, top = x + 34, y + rows * 15
    hull_y = top + MAST_H
    for i, part in enumerate(s["hull"]):
        px = x0 + i * (PART_W + 2)
        mid = px + PART_W / 2
        g.append(svg.hull_part(part, px, hull_y, PART_W, PART_H, strong=s["complete"]))
        if i < len(s["masts"]):
            g.append(svg.mast(crest_of(s["masts"][i]), mid, top + 4, hull_y))
        if i < len(s["sails"]):
            g.append(svg.sail(crest_of(s["sails"][i]), mid, top + 9))
        if i < len(s["goods"]):
            g.append(svg.good(s["goods"][i], mid - 8, hull_y + PART_H + 4, 16))
    end = x0 + len(s["hull"]) * (PART_W + 2) + 6
    if s["complete"]:
        g.append(label(end, hull_y + 16, _("complete"), 10, weight="bold"))
    elif not s["hull"]:
        g.append(label(end, hull_y + 16, _("no hull yet"), 10))
    return g, top - y + SHIP_H


def storage(
    st: Data, x: float, y: float, crest_of: Callable[[str], str], width: float
) -> tuple[ET.Element, float]:
    """The storage as its spaces, a mast taking two, each tile drawn as its piece."""
    cell = width / st["spaces"]
    g = group(
        label(
            x, y + 11, _("storage {used}/{spaces}").format(used=st["used"], spaces=st["spaces"]), 10
        )
    )
    g.set("class", "storage")
    y += 16
    at = 0
    for name, n in st["tiles"].items():
        for _tile in range(n):
            span = 2 if name.endswith(" mast") else 1
            cx = x + at * cell
            g.append(
                el(
                    "rect",
                    {
                        "x": cx,
                        "y": y,
                        "width": span * cell - 2,
                        "height": 26,
                        "fill": TILE,
                        "stroke": INK,
                        "stroke_width": 1,
                    },
                )
            )
            g.append(svg.tile(name, cx, y, span * cell - 2, 26, crest_of))
            at += span
    for free in range(at, st["spaces"]):
        g.append(
            el(
                "rect",
                {
                    "x": x + free * cell,
                    "y": y,
                    "width": cell - 2,
                    "height": 26,
                    "fill": PAPER,
                    "stroke": FAINT,
                },
            )
        )
    return g, 16 + 26


def pass_and_extra(p: Data, x: float, y: float) -> ET.Element:
    """The three pass tiles, the flipped ones dark, and the Extra Action tile, dark once
    used; each says so in words too."""
    passed = p["pass_tiles_flipped"]
    said = _("pass tiles")
    g = group(label(x, y + 12, said, 10))
    # each piece starts past the words before it, in whatever language they are said
    tiles = x + max(54.0, text_width(said, 10) + 6)
    for i in range(3):
        g.append(
            el(
                "rect",
                {
                    "x": tiles + i * 16,
                    "y": y + 2,
                    "width": 13,
                    "height": 13,
                    "rx": 2,
                    "fill": DARK if i < passed else PAPER,
                    "stroke": INK,
                },
            )
        )
    flipped = _("{n} flipped").format(n=passed)
    g.append(label(tiles + 52, y + 12, flipped, 10))
    used = p["extra_action"] == "used"
    extra = _("Extra Action {state}").format(state=_(p["extra_action"]))
    ex = max(x + 170, tiles + 52 + text_width(flipped, 10) + 8)
    width = max(120.0, text_width(extra, 9, bold=True) + 10)
    g.append(
        el(
            "rect",
            {
                "x": ex,
                "y": y,
                "width": width,
                "height": 17,
                "rx": 3,
                "fill": DARK if used else PAPER,
                "stroke": INK,
            },
        )
    )
    g.append(
        label(
            ex + width / 2,
            y + 12,
            extra,
            9,
            anchor="middle",
            weight="bold",
            fill=PAPER if used else INK,
        )
    )
    return g


def delivered(p: Data, x: float, y: float) -> ET.Element:
    """Delivered goods by kind: each good's tile and how many."""
    said = _("delivered")
    g = group(label(x, y + 12, said, 10))
    first = x + max(58.0, text_width(said, 10) + 6)
    if not p["delivered"]:
        g.append(label(first, y + 12, _("none"), 10))
    for i, (name, n) in enumerate(p["delivered"].items()):
        g.append(svg.good(name, first + i * 50, y + 1, 15))
        g.append(label(first + 18 + i * 50, y + 12, f"×{n}", 10))
    return g


def player(p: Data, x: float, y: float, crest_words: list[str]) -> tuple[ET.Element, float]:
    """A player's side of the table, and its height."""
    width = CARD_W - 2 * x
    crest_of = svg.crest_reader(crest_words)
    seat = _("seat {n}").format(n=p["seat"])
    name, rows = svg.lines(x, y + 16, p["name"], 14, width - text_width(seat, 10) - 12, bold=True)
    g = group(name, label(CARD_W - x, y + 16, seat, 10, anchor="end"))
    g.set("class", "player")
    g.set("data-seat", str(p["seat"]))
    h = 17.0 * rows + 4
    crowns = p["crowns"]["total"]
    g.append(
        label(
            x,
            y + h + 12,
            _("{vp} VP · {taler} taler · {workers} · {crowns}").format(
                vp=p["vp"],
                taler=p["taler"],
                workers=count(p["workers"], "worker"),
                crowns=count(crowns, "crown"),
            ),
            11,
        )
    )
    h += 18
    g.append(pass_and_extra(p, x, y + h))
    h += 24
    for s in p["ships"]:
        drawn, sh = ship(s, x, y + h, crest_of, width)
        g.append(drawn)
        h += sh
    drawn, sh = storage(p["storage"], x, y + h, crest_of, width)
    g.append(drawn)
    h += sh + 6
    g.append(delivered(p, x, y + h))
    h += 24
    g.insert(
        0,
        el(
            "rect",
            {
                "x": x - 6,
                "y": y,
                "width": width + 12,
                "height": h,
                "fill": "none",
                "stroke": FAINT,
                "rx": 6,
            },
        ),
    )
    return g, h
