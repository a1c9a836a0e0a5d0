"""The wheel as it lies on the board, drawn round: the eight spaces around the round
card, each with its bonus, its action tile (turned over once taken), its blue workers
and, for a buying action, its prices; the anchor pointing at its space.  Above it, where
the game stands; below it, the supply."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from nauticus_ref.core.language import N_, _
from nauticus_ref.notation.vocab import DEFAULT_CRESTS
from nauticus_ref.views import svg
from nauticus_ref.views.metrics import text_width
from nauticus_ref.views.svg import CARD_W, DARK, FAINT, INK, PAPER, Data, el, group, label

#: A space of the wheel, and the radius of the circle the spaces' middles lie on.
SPACE_W, SPACE_H, RADIUS = 116, 94, 170
#: The round card in the middle.
DISC = 86
WHEEL_H = 2 * RADIUS + SPACE_H


def round_name(card: Data) -> str:
    """`round 2`, or `the deal` for a deal given on the command line."""
    return _("round {round}").format(round=card["round"]) if card.get("round") else _("the deal")


def angle(i: int) -> float:
    """Where the `i`th space lies, clockwise from the top (the 3w space)."""
    return math.radians(-90 + 45 * i)


def action_tile(s: Data, x: float, y: float) -> ET.Element:
    """The action tile on a space: face up with its name; turned over once taken, dark,
    saying what it was; a dashed outline before the deal."""
    w, h = SPACE_W - 20, 22
    if s["action"] is None:
        return group(
            el(
                "rect",
                {
                    "x": x,
                    "y": y,
                    "width": w,
                    "height": h,
                    "rx": 3,
                    "fill": PAPER,
                    "stroke": INK,
                    "stroke_dasharray": "3 2",
                },
            ),
            label(x + w / 2, y + 15, _("no deal yet"), 9, anchor="middle"),
        )
    if s["face_up"]:
        return group(
            el(
                "rect",
                {
                    "x": x,
                    "y": y,
                    "width": w,
                    "height": h,
                    "rx": 3,
                    "fill": PAPER,
                    "stroke": INK,
                    "stroke_width": 1.2,
                },
            ),
            label(x + w / 2, y + 15, s["action"].upper(), 11, anchor="middle", weight="bold"),
        )
    taken = _("{action} · taken").format(action=s["action"])
    return group(
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": h,
                "rx": 3,
                "fill": DARK,
                "stroke": INK,
                "stroke_width": 1.2,
            },
        ),
        label(
            x + w / 2,
            y + 15,
            taken,
            round(min(9.0, 9 * (w - 8) / text_width(taken, 9, bold=True)), 1),  # smaller if long
            anchor="middle",
            weight="bold",
            fill=PAPER,
        ),
    )


def prices(x: float, y: float, prices: dict[str, int], crests: list[str] | None) -> ET.Element:
    """The four prices, two a line; a mast's or sail's with its crest's symbol (`crests`,
    the board's crest of each)."""
    g = group()
    for i, (name, n) in enumerate(prices.items()):
        px, py = x + (i % 2) * 53, y + (i // 2) * 13
        if crests:
            g.append(svg.crest(crests[i], px + 4, py - 3.5, 4))
            name = name.rsplit(" ", 1)[0]
            px += 10
        g.append(label(px, py, f"{name} {n}", 9))
    return g


def space(s: Data, x: float, y: float, is_anchor: bool) -> ET.Element:
    """One space of the wheel at (x, y), its top left; the space the anchor points at
    has a thick border and says so."""
    g = group(
        el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": SPACE_W,
                "height": SPACE_H,
                "rx": 6,
                "fill": PAPER,
                "stroke": INK,
                "stroke_width": 3 if is_anchor else 1,
            },
        ),
        label(x + 7, y + 15, s["space"], 12, weight="bold"),
        action_tile(s, x + 10, y + 21),
        svg.workers(x + 7, y + 57, s["blue_workers"]),
    )
    g.set("class", "space")
    if is_anchor:
        g.append(label(x + SPACE_W - 7, y + 14, _("ANCHOR"), 8, anchor="end", weight="bold"))
    if s.get("prices"):
        kinds = s["items"] if s["action"] in ("masts", "sails") else None
        g.append(prices(x + 7, y + 76, s["prices"], kinds))
    return g


def wheel(card: Data, top: float) -> ET.Element:
    """The eight spaces round the card in the middle, which names the round and points
    the anchor at its space."""
    cx, cy = CARD_W / 2, top + WHEEL_H / 2
    g = group(
        el(
            "circle",
            {"cx": cx, "cy": cy, "r": RADIUS, "fill": "none", "stroke": FAINT, "stroke_width": 14},
        )
    )
    g.set("class", "wheel")
    for i, s in enumerate(card["spaces"]):
        a = angle(i)
        g.append(
            space(
                s,
                round(cx + RADIUS * math.cos(a) - SPACE_W / 2, 1),
                round(cy + RADIUS * math.sin(a) - SPACE_H / 2, 1),
                s["space"] == card["anchor"],
            )
        )
    g.append(el("circle", {"cx": cx, "cy": cy, "r": DISC, "fill": "#f6f1e6", "stroke": INK}))
    at = next((i for i, s in enumerate(card["spaces"]) if s["space"] == card["anchor"]), None)
    if at is not None:  # the anchor: a pointer on the card's rim
        a = angle(at)
        tip = (cx + (DISC - 4) * math.cos(a), cy + (DISC - 4) * math.sin(a))
        base = [(cx + 58 * math.cos(a + d), cy + 58 * math.sin(a + d)) for d in (-0.22, 0.22)]
        g.append(
            el(
                "polygon",
                {"points": " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, *base)), "fill": INK},
            )
        )
    g.append(label(cx, cy - 6, round_name(card), 14, anchor="middle", weight="bold"))
    g.append(
        label(cx, cy + 10, _("anchor: {space}").format(space=card["anchor"]), 10, anchor="middle")
    )
    g.append(label(cx, cy + 24, _("clockwise from 3w"), 8, anchor="middle"))
    return g


def heading(card: Data, state: Data | None) -> list[tuple[str, float, bool]]:
    """What the picture says above the wheel, as (text, size, bold): where the game
    stands, who starts and who is to move (at the end, the final scores), and the
    board."""
    rnd = card.get("round")
    if state is None:
        first = _("{round}: the wheel").format(round=round_name(card)).capitalize()
    elif not rnd:
        first = _("Before the first round")
    elif state.get("game_over"):
        first = _("The end of the game")
    elif state.get("phase_action"):
        first = _("Round {round}, phase {phase}: {action}").format(
            round=rnd, phase=state["phase"], action=state["phase_action"]
        )
    elif state.get("round_over"):
        first = _("Round {round} is over").format(round=rnd)
    else:
        first = _("Round {round}: the deal").format(round=rnd)
    out = [(first, 13.0, True)]
    if state is not None and state.get("final"):
        scores = " · ".join(f"{name} {score}" for name, score in state["final"].items())
        out.append((_("final scores: {scores}").format(scores=scores), 11.0, True))
    elif state is not None and state.get("start_player"):
        who = _("start player: {player}").format(player=state["start_player"])
        if state.get("to_move"):
            who += " · " + _("to move: {player}").format(player=state["to_move"])
        out.append((who, 11.0, False))
    out.append((_("{board} board").format(board=card["board"]), 10.0, False))
    return out


#: The supply's rows: a name, and the stacks in it (by kind, the crests in board order).
SUPPLY_WORDS = (N_("hulls"), N_("goods"), N_("masts"), N_("sails"))
SUPPLY_ROWS = (
    ("hulls", ("1ship", "bow", "middle", "stern")),
    ("goods", ("coffee", "grain", "salt", "fish")),
    ("masts", ("whale", "anchor", "helm", "crest4", "crown")),
    ("sails", ("whale", "anchor", "helm", "crest4", "crown")),
)
STACK_W = 64


def supply(state: Data, top: float) -> tuple[ET.Element, float]:
    """The supply's stacks with how many tiles are left, an empty one crossed out, and
    the record's word for each crest; and the height it takes."""
    words = dict(zip(DEFAULT_CRESTS, state["crest_words"]))
    crest_of = svg.crest_reader(state["crest_words"])
    g = group(label(10, top + 12, _("supply"), 11, weight="bold"))
    g.set("class", "supply")
    y = top + 20.0
    # the stacks start past the longest row name, in whatever language it is said
    names_w = max(text_width(_(word), 10) for word in (*SUPPLY_WORDS, N_("crests")))
    first = max(58.0, 10 + names_w + 6)
    for row, names in SUPPLY_ROWS:
        g.append(label(10, y + 15, _(row), 10))
        for i, name in enumerate(names):
            key = name if row in ("hulls", "goods") else f"{words.get(name, name)} {row[:-1]}"
            left = state["supply"].get(key, 0)
            x = first + i * STACK_W
            drawn = svg.tile(key, x, y, 28, 22, crest_of)
            if not left:
                drawn.set("opacity", ".3")
                g.append(
                    el(
                        "line",
                        {
                            "x1": x + 2,
                            "y1": y + 20,
                            "x2": x + 26,
                            "y2": y + 2,
                            "stroke": INK,
                            "stroke_width": 1.5,
                        },
                    )
                )
            g.append(drawn)
            g.append(label(x + 30, y + 15, f"×{left}" if left else _("none"), 10))
        y += 26
    legend = group(label(10, y + 12, _("crests"), 10))  # a record's own words may be long
    x = first
    for kind in ("whale", "anchor", "helm", "crest4", "crown"):
        word = words.get(kind, kind)
        room = text_width(word, 10) + 22
        if x > 58 and x + room > CARD_W - 10:
            x, y = 58, y + 16
        legend.append(svg.crest(kind, x + 5, y + 8, 5))
        drawn, rows = svg.lines(x + 13, y + 12, word, 10, CARD_W - 10 - x - 13)
        legend.append(drawn)
        x, y = (58, y + 13 * rows + 3) if rows > 1 else (x + room, y)
    g.append(legend)
    return g, y + 20 - top


def wheel_cell(card: Data, state: Data | None = None) -> tuple[list[ET.Element], float]:
    """The wheel's cell of the table as its pieces, each drawn in the cell's own place
    (the heading, the wheel, with a state the supply: they change at different moves),
    and its height."""
    heading_lines = group()
    y = 4.0
    for text, size, bold in heading(card, state):
        drawn, rows = svg.lines(10, y + size, text, size, CARD_W - 20, bold)
        heading_lines.append(drawn)
        y += rows * (size + 3) + 2
    pieces = [heading_lines, wheel(card, y + 4)]
    y += WHEEL_H + 12
    if state is not None:
        drawn, h = supply(state, y)
        pieces.append(drawn)
        y += h
    return pieces, y
