"""Findings that name their mend: an error on a turn line gets the nearest legal turn,
in its help when one is nearest, and as a fix (the language server's quick fix)."""

from __future__ import annotations

import dataclasses
import time

from nauticus_ref.core.findings import Diagnostic, replace
from nauticus_ref.core.language import _
from nauticus_ref.moves.edits import suggestions
from nauticus_ref.moves.point import turn_options_of
from nauticus_ref.notation.model import Turn
from nauticus_ref.referee.validate import Game

#: Turn lines mended at most in one record: each costs a replay up to it and a search.
MENDED_LINES = 5
#: Seconds the searches of one record may take in all (a turn with many options, many
#: workers and taler, takes longer): past them the findings stay as they were.
SEARCH_SECONDS = 0.5


def mend(game: Game, lines: range | None = None) -> list[Diagnostic]:
    """`game`'s diagnostics, the first error on each of its first `MENDED_LINES` turn
    lines with one (within `lines`, if given) mended with the nearest legal turn."""
    record = game.record
    if record is None or game.replayed is None:
        return game.diagnostics
    turns = {t.span.line: t for rnd in record.rounds for ph in rnd.phases for t in ph.turns}
    out: list[Diagnostic] = []
    done: set[int] = set()
    deadline = time.monotonic() + SEARCH_SECONDS
    for d in game.diagnostics:
        line = d.span.line
        turn = turns.get(line)
        if (
            d.severity == "error"
            and turn is not None
            and line not in done
            and len(done) < MENDED_LINES
            and (lines is None or line in lines)
            and time.monotonic() < deadline
        ):
            done.add(line)
            d = _mended(game, d, turn, deadline)
        out.append(d)
    return out


def _mended(game: Game, d: Diagnostic, turn: Turn, deadline: float) -> Diagnostic:
    assert game.record is not None and game.replayed is not None
    found = turn_options_of(game.record, game.replayed.table.board, turn, game.lines, game.off)
    if found is None:
        return d  # a turn out of order: the options are another player's
    options, read = found
    near, complete = suggestions(options, read.clauses, 2, deadline)
    if not near or (len(near) == 2 and near[0][0] == near[1][0]):
        return d  # none found, or no one nearest
    if not complete and near[0][0] > 1:
        return d  # the listing was not gone through: a nearer one may be there
    text = options.printer(game.record).turn(options.turn_of(near[0][1]))
    help = f"{d.help}; " if d.help else ""
    # a finding that knows its own fix (a claim's amount) keeps it as the one quick fix
    fixes = d.fixes or (replace(turn.span, text, _("write `{text}`").format(text=text)),)
    nearest = _("the nearest legal turn is `{turn}`").format(turn=text)
    return dataclasses.replace(d, help=help + nearest, fixes=fixes)
