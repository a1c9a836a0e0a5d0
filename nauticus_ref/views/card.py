"""The round card: the eight spaces of the wheel for one round, clockwise from the 3w space,
each with its bonus, the action tile lying there, its blue workers and, for a buying
action, the price of each of its four items.  What a player needs to write a round down.

Formats: text that fits 80 columns, JSON, and SVG (`FORMATS`).  The same card is the
wheel in `state` and in the table picture.
"""

from __future__ import annotations

from typing import Any, Callable

from nauticus_ref.core.language import _
from nauticus_ref.game.board import Board
from nauticus_ref.game.state import tile_text
from nauticus_ref.notation import vocab
from nauticus_ref.views import svg
from nauticus_ref.views.text import versioned
from nauticus_ref.views.wheel import round_name, wheel_cell

Data = dict[str, Any]


def card_spaces(
    board: Board,
    deal: tuple[str, ...] | list[str],
    anchor: int,
    flipped: tuple[str, ...] | list[str] = (),
    word: Callable[[str], str] = str,
) -> list[Data]:
    """The eight spaces, clockwise from the 3w space (`deal` as the round line lists it;
    empty before the first deal)."""
    out: list[Data] = []
    for space, bonus in enumerate(board.bonuses):
        action = deal[space] if len(deal) == 8 else None
        entry: Data = {
            "space": bonus,
            "action": action,
            "blue_workers": board.blue_workers(space, anchor),
            "face_up": action is not None and action not in flipped,
        }
        if action in board.tiles:
            entry["items"] = list(board.tiles[action])  # the board's names, in price order
            entry["prices"] = {
                tile_text((vocab.ITEM_KIND_OF_ACTION[action], i), word): n
                for i, n in zip(board.tiles[action], board.prices[space])
            }
        out.append(entry)
    return out


def card_json(
    board: Board,
    deal: tuple[str, ...] | list[str],
    anchor: int,
    round_no: int | None = None,
    flipped: tuple[str, ...] | list[str] = (),
    word: Callable[[str], str] = str,
) -> Data:
    return {
        "round": round_no,
        "board": board.name,
        "anchor": board.bonuses[anchor],
        "spaces": card_spaces(board, deal, anchor, flipped, word),
    }


def _item(name: str) -> str:
    """`whale sail` -> `whale`: on the card the action already says what kind."""
    return name.rsplit(" ", 1)[0] if name.endswith((" mast", " sail")) else name


def card_lines(data: Data) -> list[str]:
    """The card's table, a line a space, at most 80 columns with the crest words of the
    default notation (longer `crests:` words may run past)."""
    out = ["  " + _("bonus   action      blue  prices in taler")]
    for s in data["spaces"]:
        action = s["action"] or "-"
        if s["action"] and not s["face_up"]:
            action = f"({action})"
        prices = ", ".join(f"{_item(k)} {v}" for k, v in s.get("prices", {}).items())
        anchor = "  <- " + _("anchor") if s["space"] == data["anchor"] else ""
        out.append(
            f"  {s['space']:<7} {action:<11} {s['blue_workers']:>4}  {prices}{anchor}".rstrip()
        )
    if any(s["action"] and not s["face_up"] for s in data["spaces"]):
        out.append("  " + _("(brackets: taken this round)"))
    return out


def card_text(data: Data) -> str:
    return "\n".join(
        [
            _(
                "{round} on the {board} board: the wheel's anchor points at the {space} space"
            ).format(round=round_name(data), board=data["board"], space=data["anchor"]),
            "",
        ]
        + card_lines(data)
    )


def card_svg(data: Data) -> str:
    title = (
        _("{round}: the wheel on the {board} board")
        .format(round=round_name(data), board=data["board"])
        .capitalize()
    )
    pieces, height = wheel_cell(data)
    drawing = svg.Drawing(svg.CARD_W, height, title=title)
    drawing.add(*pieces)
    return drawing.text()


#: The formats of this view, for the command line's choices.
FORMATS: dict[str, Callable[[Data], str]] = {"text": card_text, "json": versioned, "svg": card_svg}
