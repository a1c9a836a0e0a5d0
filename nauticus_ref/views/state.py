"""The `state` view: every player's table, the supply and the wheel, at a point.

Formats: text for a terminal, JSON, and Markdown for a forum thread (`FORMATS`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any, Callable

from nauticus_ref.core.language import N_, _
from nauticus_ref.game.scoring import final_scores
from nauticus_ref.game.state import STORAGE_SPACES
from nauticus_ref.notation import vocab
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.result import PlayerView, TableView
from nauticus_ref.views import markdown as md
from nauticus_ref.views.card import card_lines, card_spaces
from nauticus_ref.views.text import versioned

Data = dict[str, Any]


def player_json(rp: TableView, p: PlayerView) -> Data:
    masts, sails, tiles = p.crown_tiles
    return {
        "name": p.name,
        "seat": p.seat + 1,
        "vp": p.vp,
        "taler": p.taler,
        "workers": p.workers,
        "pass_tiles_flipped": p.passed,
        "extra_action": N_("used") if p.extra_used else N_("unused"),
        "crowns": {
            "total": masts + sails + tiles,
            "crown_masts": masts,
            "crown_sails": sails,
            "pass_tiles": tiles,
        },
        "storage": {
            "used": p.storage_used,
            "spaces": STORAGE_SPACES,
            "tiles": {rp.tile(t): n for t, n in sorted(p.storage.items()) if n},
        },
        "ships": [
            {
                "name": s.name,
                "hull": s.parts,
                "masts": [rp.word(c) for c in s.masts],
                "sails": [rp.word(c) for c in s.sails],
                "goods": s.goods,
                "complete": s.complete,
            }
            for s in p.ships.values()
        ],
        "delivered": {g: n for g, n in sorted(p.delivered.items()) if n},
    }


def wheel_json(rp: TableView) -> list[Data]:
    return card_spaces(rp.board, rp.deal, rp.anchor, rp.flipped, rp.word)


def _name(rp: TableView, seat: int | None) -> str | None:
    return rp.players[seat].name if seat is not None else None


def state_json(rp: TableView, where: str) -> Data:
    over = game_over(rp)
    return {
        "where": where,
        "round": rp.round_no or None,
        "phase": rp.phase_no or None,
        "round_over": rp.round_ended,
        "game_over": over,
        "final": {s.name: s.total for s in final_scores(rp.players)} if over else None,
        "phase_action": rp.phase_action,
        "start_player": _name(rp, rp.start_seat),
        "to_move": _name(rp, rp.to_move_seat),
        "players": [player_json(rp, p) for p in rp.players],
        "face_up": [a for a in rp.deal if a not in rp.flipped],
        "flipped": list(rp.flipped),
        "anchor": rp.board.bonuses[rp.anchor],
        # after a round and before the next round line: where the wheel turns next
        "next_anchor": rp.board.bonuses[rp.next_anchor]
        if rp.round_ended and rp.next_anchor is not None and rp.rounds_played < rp.max_rounds
        else None,
        "board": rp.board.name,
        "wheel": wheel_json(rp),
        "crest_words": [rp.word(c) for c in vocab.DEFAULT_CRESTS],  # the record's, in board order
        "supply": {rp.tile(t): n for t, n in rp.supply.items()},
    }


def game_over(table: TableView) -> bool:
    """The last round is over: what is left is the final scoring."""
    return table.round_ended and table.rounds_played >= table.max_rounds


def where(table: TableView) -> str:
    """Where the game stands at `table`, as a caption says it ("at the end of round 2")."""
    if table.round_ended:
        return (
            _("at the end of the game")
            if game_over(table)
            else _("at the end of round {round}").format(round=table.round_no)
        )
    if table.phase_no:
        return _("in round {round}, phase {phase}").format(
            round=table.round_no, phase=table.phase_no
        )
    if table.round_no:
        return _("at the start of round {round}").format(round=table.round_no)
    return _("before the first round")


def _player_lines(p: Data) -> list[str]:
    c = p["crowns"]
    out = [
        _(
            "{name} (seat {seat}): {vp} VP, {taler} taler, {workers}; {passed} flipped; "
            "Extra Action {extra}; {crowns}"
        ).format(
            name=p["name"],
            seat=p["seat"],
            vp=p["vp"],
            taler=p["taler"],
            workers=count(p["workers"], "worker"),
            passed=count(p["pass_tiles_flipped"], "pass tile"),
            extra=_(p["extra_action"]),
            crowns=count(c["total"], "crown"),
        )
    ]
    st = p["storage"]
    tiles = ", ".join(f"{n} {t}" if n > 1 else t for t, n in st["tiles"].items()) or _("empty")
    out.append(
        "  "
        + _("storage {used}/{spaces}: {tiles}").format(
            used=st["used"], spaces=st["spaces"], tiles=tiles
        )
    )
    for s in p["ships"]:
        parts = " ".join(s["hull"]) or _("no hull yet")
        extras = [
            _("masts {tiles}").format(tiles=" ".join(s["masts"])) if s["masts"] else "",
            _("sails {tiles}").format(tiles=" ".join(s["sails"])) if s["sails"] else "",
            _("goods {goods}").format(goods=" ".join(s["goods"])) if s["goods"] else "",
        ]
        out.append(
            "  "
            + _("ship {name}: {parts}").format(name=s["name"], parts=parts)
            + "".join(f"; {e}" for e in extras if e)
            + (" " + _("(complete)") if s["complete"] else "")
        )
    if p["delivered"]:
        delivered = ", ".join(f"{n} {g}" for g, n in p["delivered"].items())
        out.append("  " + _("delivered: {goods}").format(goods=delivered))
    return out


def _card(data: Data) -> Data:
    """The round card in play, as the card view reads it."""
    return {
        "round": data["round"],
        "board": data["board"],
        "anchor": data["anchor"],
        "spaces": data["wheel"],
    }


def state_text(data: Data) -> str:
    out = [_("state {where}").format(where=data["where"])]
    if data["final"]:
        scores = ", ".join(f"{n} {s}" for n, s in data["final"].items())
        out.append(_("final scores: {scores}").format(scores=scores))
    for p in data["players"]:
        out += [""] + _player_lines(p)
    out += [
        "",
        _("face up: {face_up}; flipped: {flipped}").format(
            face_up=" ".join(data["face_up"]) or _("none"),
            flipped=" ".join(data["flipped"]) or _("none"),
        ),
        _("wheel: the anchor points at the {space} space").format(space=data["anchor"])
        + (
            _(
                "; round {round} is over, and the next round's anchor points at the {space} space"
            ).format(round=data["round"], space=data["next_anchor"])
            if data["next_anchor"]
            else ""
        ),
    ]
    out += card_lines(_card(data))
    supply = ", ".join(f"{t} {n}" for t, n in data["supply"].items())
    out.append(_("supply: {tiles}").format(tiles=supply))
    return "\n".join(out)


def state_markdown(data: Data) -> str:
    out = [
        "**" + _("State {where}").format(where=md.text(data["where"])) + "**",
        "",
        _("| Player | VP | Taler | Workers | Pass tiles | Crowns | Storage | Extra |"),
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for p in data["players"]:
        out.append(
            f"| {md.text(p['name'])} | {p['vp']} | {p['taler']} | {p['workers']} | "
            f"{p['pass_tiles_flipped']} | {p['crowns']['total']} | "
            f"{p['storage']['used']}/12 | {_(p['extra_action'])} |"
        )
    out += ["", md.code_block("\n".join(ln for p in data["players"] for ln in _player_lines(p)))]
    out += ["", _("| Space | Action | Blue workers | Face up |"), "|---|---|---:|---|"]
    out += [
        f"| {w['space']} | {w['action'] or ''} | {w['blue_workers']} | "
        f"{_('yes') if w['face_up'] else _('no')} |"
        for w in data["wheel"]
    ]
    return "\n".join(out)


def path_lines(path: str) -> list[str] | None:
    """A record's path in the lines it takes under the table picture, when it is too long
    to share one line with what the picture shows (None: it is not).  The replay page
    draws the caption from these same lines."""
    from nauticus_ref.views.metrics import text_width, wrap
    from nauticus_ref.views.svg import CARD_W

    room = CARD_W - 20
    if text_width(f"{path}: the table at the start of round 55", 9) <= room:
        return None
    return wrap(f"{path}:", 9, room)


#: A cell of the table: its pieces, and its height.
Cell = tuple[list[ET.Element], float]


def table_cells(data: Data, drawn: dict[str, Cell] | None = None) -> list[Cell]:
    """The table's cells as their pieces, each drawn as if the cell were at the top
    left, with the cell's height: the wheel and the supply first, then each player's
    side (one piece).  `drawn`: the cells of tables drawn before, by what each is drawn
    from, taken as they are where this table's are the same (a move changes one
    player's side and the wheel's; a check or a comment nothing)."""
    import functools
    import json

    from nauticus_ref.views.dockyard import player
    from nauticus_ref.views.wheel import wheel_cell

    made: dict[str, Cell] = {} if drawn is None else drawn

    def once(key: str, draw: Callable[[], Cell]) -> Cell:
        if key not in made:
            made[key] = draw()
        return made[key]

    def side(p: Data) -> Cell:
        piece, height = player(p, 10, 0, data["crest_words"])
        return [piece], height

    wheel = json.dumps(
        {k: v for k, v in data.items() if k not in ("players", "where")}, sort_keys=True
    )
    return [
        once(wheel, lambda: wheel_cell(_card(data), data)),
        *(
            once(json.dumps([p, data["crest_words"]], sort_keys=True), functools.partial(side, p))
            for p in data["players"]
        ),
    ]


def grid(heights: list[float], columns: int = 2) -> tuple[list[tuple[float, float]], float, float]:
    """Where each cell goes in a grid of two columns, so that every player is seen at a
    readable size (or of one, for a phone), and the width and height of the grid."""
    from nauticus_ref.views.svg import CARD_W

    places: list[tuple[float, float]] = []
    y = 0.0
    for row in range(0, len(heights), columns):
        places += [(i * (CARD_W + 10), y) for i in range(len(heights[row : row + columns]))]
        y += max(heights[row : row + columns]) + 10
    return places, columns * CARD_W + 10 * (columns - 1), y


def state_svg(data: Data, columns: int = 2) -> str:
    """The table as a picture: its cells in a grid (of one column for a phone), and a
    caption under it (the replay page draws its tables from the same cells,
    `replay.pieces`)."""
    from nauticus_ref.views import svg

    cells = table_cells(data)
    places, width, y = grid([h for _, h in cells], columns)
    parts = [
        svg.group(piece, transform=f"translate({x:g} {top:g})")
        for (pieces, _), (x, top) in zip(cells, places)
        for piece in pieces
    ]
    path, caption = data.get("path"), _("the table {where}").format(where=data["where"])
    wrapped = path_lines(path) if path else None
    lines = (
        wrapped + [caption]
        if wrapped
        else [f"{path}: {caption}"]
        if path
        else [caption.capitalize()]
    )
    title = _("The table {where}").format(where=data["where"])
    drawing = svg.Drawing(width, y + 9 + 11 * len(lines), title=title)
    drawing.add(*parts, *(svg.label(10, y + 10 + 11 * n, line, 9) for n, line in enumerate(lines)))
    return drawing.text()


#: The formats of this view, for the command line's choices.
FORMATS: dict[str, Callable[[Data], str]] = {
    "text": state_text,
    "json": versioned,
    "markdown": state_markdown,
    "svg": state_svg,
}
