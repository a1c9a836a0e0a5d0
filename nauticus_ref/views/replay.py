"""The replay page: one self-contained HTML file to step through a game.

The record is on one side, each diagnostic under its line; the table picture for
the selected line on the other; the score chart below.  A click on a line or the
arrow keys step through the game.

The page is written by Jinja2 (`templates/view.html.j2`, escaping on) and works
offline: no network, no external script or font.  Its data is the referee's own
JSON, embedded once: the validate result, the score, and the tables after every
line as the pieces `state --format svg` draws them (`pieces`), each distinct table
once, with a list saying which table each line shows.  The page's script
(`templates/view.js`) puts the selected table together from its pieces, in two
columns or, on a phone, one; the page starts with the picture drawn here, so it
reads without a script too, and a browser test checks that the script shows the same
texts.
"""

from __future__ import annotations

import time
from typing import Any

from nauticus_ref.core.language import _, ngettext
from nauticus_ref.core.language import number as grouped
from nauticus_ref.referee.validate import Game
from nauticus_ref.views import JSON_VERSION
from nauticus_ref.views.text import escape_controls

Data = dict[str, Any]


def _is_move(text: str) -> bool:
    """A line a reader steps to: not blank, not only a comment."""
    stripped = text.strip()
    return bool(stripped) and not stripped.startswith("#")


def replay_json(game: Game) -> Data:
    """The page's data: validate and score results, and the table after every line."""
    from nauticus_ref.views.score import score_json
    from nauticus_ref.views.state import state_json

    states: list[Data] = []
    line_state: list[int] = []
    if game.replayed is not None:
        index: dict[int, int] = {}  # a table (by identity) -> its place in `states`
        for n, table in enumerate(game.tables(), 1):
            if id(table) not in index:
                index[id(table)] = len(states)
                states.append(state_json(table, _("after line {n}").format(n=n)))
            line_state.append(index[id(table)])
    moves = [n for n, text in enumerate(game.lines, 1) if _is_move(text)]
    from nauticus_ref.views.state import path_lines

    return {
        "version": JSON_VERSION,
        "path": game.path,
        "path_lines": path_lines(game.path),
        "validate": game.as_json(),
        "score": score_json(game) if game.replayed is not None else None,
        "states": states,
        "line_state": line_state,
        "start_line": moves[-1] if moves else 1,
    }


#: Seconds spent counting the legal turns of one turn line for the page (past them it
#: says how many it found, "more than"), and on the counts and the variations of all
#: lines (past them, lines say none).
COUNT_SECONDS, PAGE_SECONDS = 0.05, 1.0


def turn_counts(game: Game, page_deadline: float | None = None) -> dict[int, str]:
    """For each turn line of the player to move, how many legal turns there were (the
    Extra Action's apart), in words for the page; as many lines as `PAGE_SECONDS` (or
    `page_deadline`) allow, from the first (each costs a replay up to it)."""
    from nauticus_ref.moves.point import turn_options_of
    from nauticus_ref.moves.purse import OutOfTime

    out: dict[int, str] = {}
    if game.record is None or game.replayed is None:
        return out
    board = game.replayed.table.board
    if page_deadline is None:
        page_deadline = time.monotonic() + PAGE_SECONDS
    for rnd in game.record.rounds:
        for ph in rnd.phases:
            for turn in ph.turns:
                if time.monotonic() > page_deadline:
                    return out
                found = turn_options_of(game.record, board, turn, game.lines, game.off)
                if found is None:
                    continue
                turns = found[0]
                try:
                    n = sum(
                        turns.plain_counts(
                            min(page_deadline, time.monotonic() + COUNT_SECONDS)
                        ).values()
                    )
                    said = ngettext("{n} legal turn", "{n} legal turns", n).format(n=grouped(n))
                except OutOfTime as e:  # counted without listing: none found so far
                    said = (
                        _("more than {n} legal turns").format(n=grouped(e.counted))
                        if e.counted
                        else _("more legal turns than the page had time to count")
                    )
                extra = " " + _("(and more with the Extra Action)") if turns.purse.extra else ""
                out[turn.span.line] = _("{count} here: `nauticus-ref moves` lists them").format(
                    count=said + extra
                )
    return out


def variation_notes(game: Game, deadline: float) -> dict[int, str]:
    """For each variation's comment line (`# instead:`), what the referee says of it, in
    words for the page; as many as `deadline` allows (each is a replay)."""
    from nauticus_ref.views.whatif import checked_variations

    return {
        v.line: (
            _("a variation for line {n}: legal there").format(n=v.target)
            if v.finding is None
            else v.finding.message
        )
        for v in checked_variations(game, deadline)
    }


def headings(game: Game) -> dict[int, str]:
    """For each line from the first round on, where the game stands there, for the
    page's header: the round, the phase and its action, the start player, and on a
    turn line who plays it."""
    out: dict[int, str] = {}
    if game.record is None:
        return out
    marks: list[tuple[int, str]] = []
    for rnd in game.record.rounds:
        marks.append((rnd.span.line, _("Round {round}: the deal").format(round=rnd.number)))
        for ph in rnd.phases:
            said = dict(round=rnd.number, phase=ph.number, action=ph.action, player=ph.player.text)
            marks.append(
                (
                    ph.span.line,
                    _(
                        "Round {round}, phase {phase}: {action} · {player} starts and chooses"
                    ).format(**said),
                )
            )
            marks.extend(
                (
                    t.span.line,
                    _(
                        "Round {round}, phase {phase}: {action} · {player} starts · {turn} plays"
                    ).format(**said, turn=t.player.text),
                )
                for t in ph.turns
            )
    if game.record.final is not None:
        marks.append((game.record.final.span.line, _("The game is over: the final scores")))
    marks.sort()
    at = 0
    for n in range(1, len(game.lines) + 1):
        while at < len(marks) and marks[at][0] <= n:
            at += 1
        if at:
            out[n] = marks[at - 1][1]
    return out


def movers(game: Game) -> dict[int, int]:
    """For each turn line, the seat of its player (from 1, as `g.player` carries it), so
    that on a phone the page shows that player's side after the line."""
    if game.record is None or game.replayed is None:
        return {}
    seats = {p.name.casefold(): p.seat + 1 for p in game.replayed.table.players}
    return {
        t.span.line: seats[t.player.text.casefold()]
        for rnd in game.record.rounds
        for ph in rnd.phases
        for t in ph.turns
        if t.player.text.casefold() in seats
    }


def replay_html(game: Game) -> str:
    from nauticus_ref.notation.assemble import comment_start
    from nauticus_ref.views import chart, html
    from nauticus_ref.views.state import state_svg
    from nauticus_ref.views.validate import summary, title

    data = replay_json(game)
    deadline = time.monotonic() + PAGE_SECONDS  # for the counts and the variations
    shown_variations = variation_notes(game, deadline)
    counts = turn_counts(game, deadline)
    heads, seats = headings(game), movers(game)
    by_line: dict[int, list[Data]] = {}
    for d in data["validate"]["diagnostics"]:
        by_line.setdefault(d["line"], []).append(d)
    lines = []
    shown = game.lines[:-1] if game.lines and game.lines[-1] == "" else game.lines
    for n, text in enumerate(shown, 1):
        found = by_line.get(n, [])
        worst = next(
            (s for s in ("error", "warning") if any(d["severity"] == s for d in found)), None
        )
        at = comment_start(text)  # a comment is shown apart from the record's words
        code, comment = (text, "") if at is None else (text[:at], text[at:])
        lines.append(
            {
                "no": n,
                "text": escape_controls(code),
                "comment": escape_controls(comment),
                "move": _is_move(text),
                "diagnostics": found,
                "worst": worst,
                "options": counts.get(n),
                "variation": shown_variations.get(n),
                "head": escape_controls(heads.get(n, "")),
                "seat": seats.get(n),
            }
        )
    picture = chart_picture = None
    if data["states"]:
        start = data["start_line"]
        state = data["states"][data["line_state"][start - 1]]
        picture = html.picture(
            state_svg({"path": game.path, **state, "where": _("after line {n}").format(n=start)})
        )
        chart_picture = html.picture(chart.chart_svg(data["score"]))
    embedded = {
        **{k: v for k, v in data.items() if k != "states"},
        **pieces(data["states"]),
        "words": script_words(),
    }
    return html.render(
        "view.html.j2",
        title=_("{game}: replay").format(game=title(game)),
        heading=title(game),
        script=html.asset("view.js"),
        path=game.path,
        summary=summary(game),
        lines=lines,
        picture=picture,
        chart=chart_picture,
        data=embedded,
    )


def script_words() -> dict[str, str]:
    """What the page's script says, in the language in force (`{n}`: a line's number,
    `{where}`: where the table stands)."""
    return {
        "after_line": _("after line {n}"),
        "caption": _("the table {where}"),
        "title": _("The table {where}"),
        "not_unpacked": _(
            "This browser cannot unpack the tables: the table after line {n} stays shown"
        ),
    }


def pieces(states: list[Data]) -> Data:
    """The tables as the page carries them: each piece of a cell `state.table_cells`
    draws (the wheel, the supply, a player's side), written once however many tables
    show it, gzipped and in base64; and for each table, which pieces go where (`grid`),
    with what the script needs to know of it.  A move changes one player's side, the
    heading and the supply, and now and then the wheel, so a page of a few hundred
    tables holds a few hundred pieces (view.js `unpack`)."""
    import base64
    import gzip
    import json
    import xml.etree.ElementTree as ET

    from nauticus_ref.views.state import Cell, grid, table_cells

    index: dict[str, tuple[int, int]] = {}  # a piece -> (its slot in a table, its number)
    drawn: list[tuple[Data, list[str], dict[str, tuple[list[list[float]], float, float]]]] = []
    made: dict[str, Cell] = {}  # the cells drawn, shared by the tables that show them
    text: dict[int, str] = {}  # each piece's markup, by the piece (kept alive in `made`)
    for state in states:
        cells = []
        for pieces, h in table_cells(state, made):
            for piece in pieces:
                if id(piece) not in text:
                    text[id(piece)] = ET.tostring(piece, encoding="unicode")
            cells.append(([text[id(piece)] for piece in pieces], h))
        markups = [markup for pieces, _ in cells for markup in pieces]
        for slot, markup in enumerate(markups):
            index.setdefault(markup, (slot, len(index)))
        layouts = {}
        for layout, columns in (("wide", 2), ("narrow", 1)):  # a desktop's, a phone's
            places, width, height = grid([h for _, h in cells], columns)
            layouts[layout] = (
                [[x, y] for (pieces, _), (x, y) in zip(cells, places) for _ in pieces],
                width,
                height,
            )
        drawn.append((state, markups, layouts))
    # each piece next to the one it grew from (the same player's side a move before),
    # where gzip's window sees what they share: a quarter of the size in any other order
    order = sorted(index, key=index.__getitem__)
    number = {markup: n for n, markup in enumerate(order)}
    tables = [
        {
            "round": state["round"],
            "phase": state["phase"],
            "round_over": state["round_over"],
            **{
                layout: {
                    "width": width,
                    "height": height,
                    "cells": [[number[m], *at] for m, at in zip(markups, places)],
                }
                for layout, (places, width, height) in layouts.items()
            },
        }
        for state, markups, layouts in drawn
    ]
    packed = gzip.compress(json.dumps(order).encode("utf-8"), mtime=0)
    return {"cells": base64.b64encode(packed).decode("ascii"), "tables": tables}
