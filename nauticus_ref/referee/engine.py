"""The replay engine: play a record move by move and report every rule broken.

`Replay` walks the record (rounds, phases, turns, checks, the final line).  It is
built in layers, one module each, every layer using only the ones below it:

    table.py     Table     the state, reporting, and the stock (taler, workers, storage)
    ships.py     Ships     ship names, placing tiles on ships, rewards
    actions.py   Actions   the effects of the eight actions and the Extra Action
    opening.py   Opening   start values, the box, a setup position
    phases.py    Phases    rounds, the deal, the wheel, start players and bonuses
    engine.py    Replay    the walk itself, turns, checks and the final score

The layers hold the effects of the moves; whether a move breaks a rule is asked of
that rule's checks (`rules/`), and what they find is recorded with `flag`.
Diagnostics are collected, never raised, and the result is plain values (`result.py`).

Recovery, so that one mistake gives one diagnostic:
- a move is applied as written where that is physically possible; taler and
  workers may go below zero, and a player reported short of one is not
  reported short of it again until a check line gives its amount;
- a tile that cannot go where it was written goes to storage instead (or is
  lost if the storage is full); a tile that cannot be had at all is skipped;
- a ship involved in an error (an unknown name, a name started twice, a tile
  that did not fit) becomes doubtful: later placements and deliveries on it are
  taken as written, unchecked;
- a player whose state an error changed is tainted: the next `check` line for
  that player puts the replay back on the written values, with a note;
- after a wrong start player, the turn order follows whichever of the two
  candidates writes the first turn; a turn or phase in the wrong place is
  replayed where it stands.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

from nauticus_ref import rules as R
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.board import Board
from nauticus_ref.game.scoring import final_scores
from nauticus_ref.notation.model import ActionClause, Check, Phase, Record, Setup, Turn
from nauticus_ref.referee.phases import Phases
from nauticus_ref.referee.result import ReplayResult, TableView
from nauticus_ref.referee.table import MAX_RULE_ERRORS, TooManyErrors

#: What a `Mark` does not copy: the record, its text and board (read-only), the hooks.
_NOT_STATE = frozenset({"rec", "board", "lines", "until", "tables", "marks", "start",
                        "keep_steps"})
#: The lists a replay only appends frozen values to: a shallow copy keeps them.
_APPEND_ONLY = ("diags", "steps", "ledger")


@dataclass(frozen=True)
class Mark:
    """The replay's whole state just before the phase on `line` (at `position`: the
    index of its round, and its index among that round's entries), so that a replay
    of an edited record can start there (`Replay.resume`, referee/resume.py)."""

    line: int
    position: tuple[int, int]
    state: dict[str, Any]


class Replay(Phases):
    """The replay of one record on one board; `run()` gives its `ReplayResult`.

    Set `tables` to a list before `run()` to have the table after every move line
    appended to it, as `(line, TableView)` (the replay page steps through them).
    Set `marks` to a list to have a `Mark` appended before each round's first phase
    (a mark costs about as much as replaying two phases, so one a round is the
    balance between taking them and replaying from the last one; benchmarks/server.py).
    """

    tables: list[tuple[int, TableView]] | None = None
    marks: list[Mark] | None = None
    #: where the walk begins: (round index, entry index), None for the start of the game
    start: tuple[int, int] | None = None

    # -- the whole record ------------------------------------------------------------
    def run(self) -> ReplayResult:
        try:
            if self.start is None:
                self.replay_all()
            else:
                self.replay_rounds(*self.start, begun=True)
            complete = self.round_ended and self.rounds_played >= self.max_rounds
            if self.rec.final is not None and self.rec.final.span.line <= self.until:
                self.final_score(complete)
        except TooManyErrors:
            self.diags.append(R.check.stopped(self.diags[-1].span, MAX_RULE_ERRORS))
            complete = False
        self.diags.sort(key=Diagnostic.sort_key)
        return ReplayResult(diagnostics=self.diags, complete=complete, steps=tuple(self.steps),
                            ledger=tuple(self.ledger), table=self.snapshot())

    def replay_all(self) -> None:
        self.start_game()
        self.seen(0)
        if self.rec.setup is not None and self.rec.setup.span.line <= self.until:
            self.apply_setup()
            self.seen(setup_end(self.rec.setup))
        for check in self.rec.checks:
            if check.span.line <= self.until:
                self.check(check)
                self.seen(check.span.line)
        self.replay_rounds(0, 0)

    def replay_rounds(self, first: int, entry: int, begun: bool = False) -> None:
        """The rounds from the `first`-th, that round from its `entry`-th entry on
        (`begun`: that round was started, and marked, before)."""
        for r, rnd in enumerate(self.rec.rounds[first:], first):
            if rnd.span.line > self.until:
                return
            resumed = r == first and begun
            if not resumed:
                self.start_round(rnd)
                self.seen(rnd.span.line)
            marked = resumed
            skip = entry if r == first else 0
            for e, node in enumerate(rnd.entries[skip:], skip):
                if node.span.line > self.until:
                    return
                if isinstance(node, Phase):
                    if not marked:
                        self.mark(r, e, node)
                        marked = True
                    self.run_phase(node)
                else:
                    self.check(node)
                    self.seen(node.span.line)

    def seen(self, line: int) -> None:
        """The moves of `line` are replayed: keep the table as it stands, if asked to."""
        if self.tables is not None:
            self.tables.append((line, self.snapshot()))

    # -- marks, and starting from one -------------------------------------------------
    def mark(self, rnd: int, entry: int, phase: Phase) -> None:
        """Keep the state before `phase`, if asked to (`marks`)."""
        if self.marks is not None:
            self.marks.append(Mark(phase.span.line, (rnd, entry), self._state()))

    def _state(self) -> dict[str, Any]:
        return _copy_state({k: v for k, v in vars(self).items() if k not in _NOT_STATE})

    def resume(self, mark: Mark) -> None:
        """Start at `mark`, taken by a replay of a record whose lines before it are the
        same as this one's: `run()` then replays from that phase on."""
        vars(self).update(_copy_state(mark.state))
        self.start = mark.position

    # -- phases ----------------------------------------------------------------
    def run_phase(self, phase: Phase) -> None:
        self.start_phase(phase)
        self.seen(phase.span.line)
        for entry in phase.entries:
            if entry.span.line > self.until:
                return
            if isinstance(entry, Turn):
                self.run_turn(entry)
            else:
                self.check(entry)
            self.seen(entry.span.line)

    # -- turns ---------------------------------------------------------------------
    def run_turn(self, turn: Turn) -> None:
        ctx = self.ctx
        if ctx is None:
            return
        self.line_no = turn.span.line
        p = self.player(turn.player)
        if p is None:
            return
        if not ctx.done and self.start_candidates:
            starter = p if p in self.start_candidates else self.start_candidates[0]
            ctx.order = self.clockwise_from(starter)  # a wrong start player is reported once
            if self.pending_bonus:
                phase, space = self.pending_bonus
                self.give_bonus(phase, starter, space)
                self.pending_bonus = None
        self.actor = p
        self.flag(R.turn_order.check(p, turn, ctx.order, ctx.done, ctx.phase.number,
                                     ctx.phase.turns, self.lines))
        self.flag(R.turn_content.check(turn))
        self.flag(R.extra_action.check_turn(turn))
        for clause in turn.clauses:
            if not isinstance(clause, ActionClause):
                p.passed = min(3, p.passed + 1)
                self.step(f"pass: {p.passed} pass tile{'s' if p.passed != 1 else ''} flipped "
                          f"(each a crown this round)")
            elif clause.extra:
                self.extra_action(p, clause)
            else:
                self.action(p, clause, ctx.blue, extra=False)
        self.actor = None
        if p not in ctx.done:
            ctx.done.append(p)
            if len(ctx.done) == len(ctx.order) and self.phase_no >= 7 and not self.round_ended:
                self.end_round()

    # checks ----------------------------------------------------------------------
    def check(self, check: Check) -> None:
        """check: a checkpoint's values match the replay; after an error that concerned
        the player, the replay goes on from the written values."""
        p = self.player(check.player)
        if p is None:
            return
        if self.flag(R.check.check_values(p, check)) and p.tainted_at is not None:
            for unit, written, replayed in R.check.differences(p, check):
                if unit == "vp":
                    self.gain_vp(p, written - replayed, "correction")
                else:
                    setattr(p, {"t": "taler", "w": "workers"}[unit], written)
        p.short -= {"taler"} if check.taler is not None else set()
        p.short -= {"workers"} if check.workers is not None else set()
        if None not in (check.vp, check.taler, check.workers):
            p.tainted_at = None
            p.lost_turn = False

    def final_score(self, complete: bool) -> None:
        """final-score: the `final:` line gives the final scoring's totals."""
        final = self.rec.final
        assert final is not None
        self.line_no = final.span.line
        if self.flag(R.final_score.check_place(final, complete)):
            return
        scores = {s.name: s for s in final_scores(self.players)}
        for entry in final.entries:
            p = self.player(entry.player)
            if p is not None:
                self.flag(R.final_score.check(p, entry, scores[p.name]))


def _copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of a replay's state that shares nothing with it but frozen values (the
    record's nodes, findings, steps, ledger entries; the counters hold only tiles and
    numbers)."""
    lists: dict[str, Any] = {k: list(state[k]) for k in _APPEND_ONLY}
    lists.update((k, Counter(v)) for k, v in state.items() if isinstance(v, Counter))
    ctx, pending = state["ctx"], state["pending_bonus"]
    frozen = [node for node in (ctx.phase if ctx else None, pending[0] if pending else None)
              if node is not None]
    copied = copy.deepcopy({k: v for k, v in state.items() if k not in lists},
                           {id(node): node for node in frozen})
    copied.update(lists)
    return copied


def replay(record: Record, board: Board, until_line: int | None = None,
           lines: Sequence[str] | None = None, steps: bool = True) -> ReplayResult:
    """Replay `record` on `board`; with `until_line`, only what stands on the lines up to
    it; with `lines` (the record's text), findings may offer fixes that move lines;
    `steps`: write the steps (else the result has none, and the rest is the same)."""
    return Replay(record, board, until_line, lines, steps).run()


def setup_end(setup: Setup) -> int:
    """The last line of a setup block."""
    return max([setup.span.line] + [e.span.line for e in (*setup.players, *setup.tiles)])


def replay_tables(record: Record, board: Board) -> list[tuple[int, TableView]]:
    """The table before any move (line 0), then after each line that holds a move, a
    round, a phase or a check, from one replay.  A setup block is replayed as one and
    appears at its last line."""
    walk = Replay(record, board)
    walk.tables = []
    walk.run()
    return sorted(walk.tables, key=lambda t: t[0])
