"""The decision at a point of a record: whose it is, the legal choices, and where the
line holds a move, whether the written move is one of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from nauticus_ref.game.board import Board
from nauticus_ref.moves.judge import Judge
from nauticus_ref.moves.phases import PhaseOption, legal, phase_options
from nauticus_ref.moves.turns import TurnOption, TurnOptions, turn_options
from nauticus_ref.notation.model import Phase, Record, Turn
from nauticus_ref.notation.printer import Printer
from nauticus_ref.referee.engine import referee_before

#: The line that comes next where no move can be made ("": none can be named).
Comes = Literal["round", "phase", "end", ""]


@dataclass
class Options:
    """What could be played on `line`, from the table before it.

    `kind` is "phase" (the start player's phase line: `phases`), "turn" (a player's
    turn: `turns`) or "none" (`reason` says why: the round is over, the game has not
    started...; `comes` names the line that comes next: "round", "phase", or "end"
    once the game is over, "" when none can be named).  `written` is the move the line
    holds, in canonical form; `written_legal` whether the referee, asked on this table
    under the record's settings, finds no error in it (as `validate` does); and
    `written_option` the option that does the same, None if the options hold none.
    """

    line: int
    kind: Literal["phase", "turn", "none"]
    round: int
    phase: int
    action: str | None = None
    player: str | None = None
    phases: list[PhaseOption] = field(default_factory=list)
    turns: TurnOptions | None = None
    written: str | None = None
    written_option: PhaseOption | TurnOption | None = None
    written_legal: bool | None = None
    reason: str = ""
    comes: Comes = ""

    @property
    def among(self) -> bool | None:
        """Whether the written move is legal (None: the line holds none); the referee
        says so, not the listing, so that `moves` and `validate` always agree."""
        return None if self.written is None else bool(self.written_legal)


def options_at(
    record: Record,
    board: Board,
    line: int,
    lines: list[str] | None = None,
    off: frozenset[str] = frozenset(),
) -> Options:
    """The decision on `line` of `record`: a phase line's, a turn line's, or (on any
    other line) the next one the record comes to."""
    r = referee_before(record, board, line, lines, off)
    t = r.table
    # the line as the referee reads it: its crests the board's (`crests:`, context.py)
    written_phase, written_turn = _move_on(r.rec, line)
    printer = Printer(r.rec, t.crest_words)  # the same words as `TurnOptions.printer`
    ph = t.phase
    next_turn = ph is not None and not t.round_ended and any(p not in ph.done for p in ph.order)
    if written_phase is None and next_turn or written_turn is not None:
        turns = turn_options(r)
        if turns is None:
            return Options(
                line,
                "none",
                t.round_no,
                t.phase_no,
                reason="no phase is in play: a phase line comes next",
                comes="phase",
            )
        out = Options(
            line, "turn", t.round_no, t.phase_no, turns.action, turns.player.name, turns=turns
        )
        if written_turn is not None:  # another player's turn is judged as written too
            out.written = printer.turn(written_turn)
            judge = Judge(r, written_turn.player.text, line)
            out.written_legal = judge.legal(written_turn.clauses)
            if written_turn.player.key == turns.player.key:
                out.written_option = turns.find(written_turn.clauses)
        return out
    phases = phase_options(r, line)
    if not phases:
        why: str
        comes: Comes
        why, comes = (
            ("no round has begun yet: a round line comes next", "round")
            if t.round_no == 0
            else ("the game is over", "end")
            if t.round_ended and t.rounds_played >= t.max_rounds
            else ("the round has had its seven phases: a round line comes next", "round")
            if t.phase_no >= 7 or t.round_ended
            else ("no start player can be found here", "")
        )
        return Options(line, "none", t.round_no, t.phase_no, reason=why, comes=comes)
    out = Options(
        line, "phase", t.round_no, phases[0].number, player=phases[0].player, phases=phases
    )
    if written_phase is not None:
        out.written = printer.phase(written_phase)[0]
        b = written_phase.bonus
        word = printer.bonus(b) if b is not None and b.kind != "claim" else None
        out.written_legal = legal(r, written_phase)  # a written bonus claim is checked too
        if out.written_legal:
            out.written_option = next(
                (
                    o
                    for o in phases
                    if o.action == written_phase.action
                    and o.player.casefold() == written_phase.player.key
                    and o.bonus == word
                ),
                None,
            )
    return out


def turn_options_of(
    record: Record,
    board: Board,
    turn: Turn,
    lines: list[str] | None = None,
    off: frozenset[str] = frozenset(),
) -> tuple[TurnOptions, Turn] | None:
    """The options open to the player of the turn line `turn`, from the table before it,
    and the turn as the referee reads it (its crests the board's, as the options name
    them); None when that turn is out of order (another player is to move).  Unlike
    `options_at`, the written turn is not looked for among them."""
    r = referee_before(record, board, turn.span.line, lines, off)
    turns = turn_options(r)
    read = _move_on(r.rec, turn.span.line)[1]
    if turns is None or read is None or turns.player.key != turn.player.key:
        return None
    return turns, read


def _move_on(record: Record, line: int) -> tuple[Phase | None, Turn | None]:
    for rnd in record.rounds:
        for ph in rnd.phases:
            if ph.span.line == line:
                return ph, None
            for turn in ph.turns:
                if turn.span.line == line:
                    return None, turn
    return None, None
