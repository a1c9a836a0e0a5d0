"""Points of a record: the line or `ROUND.PHASE[.PLAYER]` a person asks about.

Lines are independent, so the table after line N is the replay of what stands on
the first N lines: the parsed record is replayed up to that line.
"""

from __future__ import annotations

from dataclasses import dataclass

from nauticus_ref.core.language import _
from nauticus_ref.game.board import Board
from nauticus_ref.notation.model import Phase, Record, Turn
from nauticus_ref.referee.engine import replay
from nauticus_ref.referee.result import TableView


class InspectError(Exception):
    """The point asked for is not in the record; the message is for the user."""


@dataclass
class Point:
    """A line of the record and what stands on it."""

    line: int
    round: int | None = None
    phase: Phase | None = None
    turn: Turn | None = None


def replay_upto(record: Record, last_line: int, board: Board) -> TableView:
    """The replay of what stands on lines 1..last_line (0: nothing played yet)."""
    span = record.header.players_span
    if span is None or span.line > last_line:
        raise InspectError(
            _("the players are not named yet by line {last_line}; choose a later point").format(
                last_line=last_line
            )
        )
    return replay(record, board, until_line=last_line).table


def find_point(record: Record, line: int = 0, at: str | None = None) -> Point:
    """The point named by `--line N` or `--at ROUND.PHASE[.PLAYER]`."""
    if at is not None:
        parts = at.split(".", 2)
        try:
            rnd, ph = int(parts[0]), int(parts[1])
        except (ValueError, IndexError):
            raise InspectError(
                _(
                    "`{at}` is not ROUND.PHASE or ROUND.PHASE.PLAYER, like `2.3` or `2.3.Anna`"
                ).format(at=at)
            ) from None
        player = parts[2].casefold() if len(parts) == 3 else None
        for r in record.rounds:
            for p in r.phases:
                if r.number == rnd and p.number == ph:
                    if player is None:
                        return Point(p.span.line, r.number, p)
                    for t in p.turns:
                        if t.player.key == player:
                            return Point(t.span.line, r.number, p, t)
                    raise InspectError(
                        _("no turn of `{value}` in round {rnd} phase {ph}").format(
                            value=parts[2], rnd=rnd, ph=ph
                        )
                    )
        raise InspectError(_("the record has no round {rnd} phase {ph}").format(rnd=rnd, ph=ph))
    for r in record.rounds:
        for p in r.phases:
            if p.span.line == line:
                return Point(line, r.number, p)
            for t in p.turns:
                if t.span.line == line:
                    return Point(line, r.number, p, t)
    return Point(line)
