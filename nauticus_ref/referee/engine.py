"""The replay engine: play a record move by move and report every rule broken.

`Replay` walks the record (rounds, phases, turns, checks, the final line) and applies
the effects of each move to the table.  The parts, each using only those above it:

    game/table.py  Table      the table: players, supply, deal, wheel, phase in play
    context.py     Referee    the table, the rules to ask, and the report
    stock.py                  workers, taler, the supply and the storage
    ships.py                  naming ships, placing tiles on them, rewards
    actions.py                the eight actions and the Extra Action
    opening.py                start values, the box, a setup position
    wheel.py                  rounds, the deal, phases, start players and bonuses
    engine.py      Replay     the walk itself, turns, checks and the final score

At each moment of the game (`rules/moments.py`) the effects ask the rules registered
for it, through `Referee.ask`; no module here names a rule.  A rule the settings turn
off is not asked: the game goes on as if it did not exist.  Diagnostics are collected,
never raised, and the result is plain values (`result.py`).

Recovery, so that one mistake gives one diagnostic:
- a move is applied as written where that is physically possible; taler and
  workers may go below zero, and a player reported short of one is not
  reported short of it again until a check line gives its amount;
- a tile that cannot go where it was written goes to storage instead (or is
  lost if the storage is full); a tile that cannot be had at all is skipped;
- a completed ship's rewards are taken as written, one a mast, except a goods
  reward of two same goods and the first of a kind written more than twice;
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

from typing import Any, NamedTuple, Sequence

from nauticus_ref import rules
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import ngettext
from nauticus_ref.game.board import Board
from nauticus_ref.game.scoring import final_scores
from nauticus_ref.game.state import Player
from nauticus_ref.game.table import differences
from nauticus_ref.notation.model import ActionClause, Check, Clause, Phase, Record, Setup, Turn
from nauticus_ref.referee.actions import action, extra_action
from nauticus_ref.referee.context import MAX_RULE_ERRORS, Referee, TooManyErrors
from nauticus_ref.referee.opening import apply_setup, start_game
from nauticus_ref.referee.result import ReplayResult, TableView
from nauticus_ref.referee.wheel import end_round, give_bonus, start_phase, start_round
from nauticus_ref.rules import moments


class Mark(NamedTuple):
    """The replay's whole state just before the phase on `line` (at `position`: the
    index of its round, and its index among that round's entries), so that a replay
    of an edited record can start there (`Replay.resume`, referee/resume.py).  Only
    the language server takes marks: a named tuple costs a cold start least."""

    line: int
    position: tuple[int, int]
    state: dict[str, Any]


class Replay:
    """The replay of one record on one board; `run()` gives its `ReplayResult`.

    `off`: the ids of rules not to ask.  Set `tables` to a list before `run()` to have
    the table after every move line appended to it, as `(line, TableView)` (the replay
    page steps through them).  Set `marks` to a list to have a `Mark` appended before
    each round's first phase (a mark costs about as much as replaying two phases, so
    one a round is the balance between taking them and replaying from the last one;
    benchmarks/server.py).
    """

    tables: list[tuple[int, TableView]] | None = None
    marks: list[Mark] | None = None
    #: where the walk begins: (round index, entry index), None for the start of the game
    start: tuple[int, int] | None = None

    def __init__(
        self,
        record: Record,
        board: Board,
        until_line: int | None = None,
        lines: Sequence[str] | None = None,
        steps: bool = True,
        off: frozenset[str] = frozenset(),
    ):
        self.referee = Referee(record, board, until_line, lines, steps, off)
        self.rec = self.referee.rec
        self.until = self.referee.until

    # -- the whole record ------------------------------------------------------------
    def run(self) -> ReplayResult:
        r = self.referee
        try:
            if self.start is None:
                self.replay_all()
            else:
                self.replay_rounds(*self.start, begun=True)
            complete = r.table.round_ended and r.table.rounds_played >= r.table.max_rounds
            if self.rec.final is not None and self.rec.final.span.line <= self.until:
                self.final_score(complete)
        except TooManyErrors:
            r.diags.append(rules.stopped(r.diags[-1].span, MAX_RULE_ERRORS))
            complete = False
        r.diags.sort(key=Diagnostic.sort_key)
        return ReplayResult(
            diagnostics=r.diags,
            complete=complete,
            steps=tuple(r.steps),
            ledger=tuple(r.ledger),
            table=r.snapshot(),
        )

    def replay_all(self) -> None:
        start_game(self.referee)
        self.seen(0)
        if self.rec.setup is not None and self.rec.setup.span.line <= self.until:
            apply_setup(self.referee)
            self.seen(setup_end(self.rec.setup))
        for check in self.rec.checks:
            if check.span.line <= self.until:
                self.check(check)
                self.seen(check.span.line)
        self.replay_rounds(0, 0)

    def replay_rounds(self, first: int, entry: int, begun: bool = False) -> None:
        """The rounds from the `first`-th, that round from its `entry`-th entry on
        (`begun`: that round was started, and marked, before)."""
        for i, rnd in enumerate(self.rec.rounds[first:], first):
            if rnd.span.line > self.until:
                return
            resumed = i == first and begun
            if not resumed:
                start_round(self.referee, rnd)
                self.seen(rnd.span.line)
            marked = resumed
            skip = entry if i == first else 0
            for e, node in enumerate(rnd.entries[skip:], skip):
                if node.span.line > self.until:
                    return
                if isinstance(node, Phase):
                    if not marked:
                        self.mark(i, e, node)
                        marked = True
                    self.run_phase(node)
                else:
                    self.check(node)
                    self.seen(node.span.line)

    def seen(self, line: int) -> None:
        """The moves of `line` are replayed: keep the table as it stands, if asked to."""
        if self.tables is not None:
            self.tables.append((line, self.referee.snapshot()))

    # -- marks, and starting from one -------------------------------------------------
    def mark(self, rnd: int, entry: int, phase: Phase) -> None:
        """Keep the state before `phase`, if asked to (`marks`)."""
        if self.marks is not None:
            self.marks.append(Mark(phase.span.line, (rnd, entry), self.referee.state()))

    def resume(self, mark: Mark) -> None:
        """Start at `mark`, taken by a replay of a record whose lines before it are the
        same as this one's: `run()` then replays from that phase on."""
        self.referee.restore(mark.state)
        self.start = mark.position

    # -- phases ----------------------------------------------------------------
    def run_phase(self, phase: Phase) -> None:
        start_phase(self.referee, phase)
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
        play_turn(self.referee, turn)

    # checks ----------------------------------------------------------------------
    def check(self, check: Check) -> None:
        """A checkpoint's values match the replay; after an error that concerned the
        player, the replay goes on from the written values."""
        r = self.referee
        p = r.player(check.player)
        if p is None:
            return
        if r.ask(moments.CheckLine(p, check)) and p.tainted_at is not None:
            for unit, written, replayed in differences(p, check.vp, check.taler, check.workers):
                if unit == "vp":
                    r.gain_vp(p, written - replayed, "correction")
                else:
                    setattr(p, {"t": "taler", "w": "workers"}[unit], written)
        p.short -= {"taler"} if check.taler is not None else set()
        p.short -= {"workers"} if check.workers is not None else set()
        if None not in (check.vp, check.taler, check.workers):
            p.tainted_at = None
            p.lost_turn = False

    def final_score(self, complete: bool) -> None:
        """The `final:` line gives the final scoring's totals."""
        r, final = self.referee, self.rec.final
        assert final is not None
        r.line_no = final.span.line
        if r.ask(moments.FinalLine(final, complete)):
            return
        scores = {s.name: s for s in final_scores(r.table.players)}
        for entry in final.entries:
            p = r.player(entry.player)
            if p is not None:
                r.ask(moments.FinalEntryLine(p, entry, scores[p.name]))


def play_turn(r: Referee, turn: Turn) -> None:
    """Play `turn` on the table `r` holds, with the referee's own effects, every rule of
    its moments asked (the replay's turns, and a turn judged by `moves/judge.py`)."""
    p = start_turn(r, turn)
    if p is None:
        return
    for clause in turn.clauses:
        play_clause(r, p, clause)
    end_turn(r, p)


def start_turn(r: Referee, turn: Turn) -> Player | None:
    """The start of `turn`: its player (None if there is no phase in play or no such
    player), the start player settled, and the rules of a whole turn asked.  Then
    `play_clause` for each clause and `end_turn`, as `play_turn` does; a walk of the
    legal turns plays them one at a time, to go back to a clause's start."""
    if r.table.phase is None:
        return None
    r.line_no = turn.span.line
    p = r.player(turn.player)
    if p is None:
        return None
    settle_start(r, p)
    r.actor = p
    r.ask(moments.TurnStart(p, turn, r.phase_turns, r.lines))
    return p


def settle_start(r: Referee, p: Player) -> None:
    """After a wrong start player, the phase's first turn settles it: `p` if one of
    the two who may start, and the space's bonus goes to whoever starts."""
    t, ctx = r.table, r.table.phase
    if ctx is not None and not ctx.done and r.start_candidates:
        starter = p if p in r.start_candidates else r.start_candidates[0]
        ctx.order = t.clockwise_from(starter)  # a wrong start player is reported once
        if r.pending_bonus:
            phase, space = r.pending_bonus
            give_bonus(r, phase, starter, space)
            r.pending_bonus = None


def play_clause(r: Referee, p: Player, clause: Clause) -> None:
    """One clause of `p`'s turn: a pass, the phase's action or the Extra Action."""
    ctx = r.table.phase
    assert ctx is not None, "a turn is played in a phase"
    if not isinstance(clause, ActionClause):
        p.passed = min(3, p.passed + 1)
        r.step(
            ngettext(
                "pass: {n} pass tile flipped (each a crown this round)",
                "pass: {n} pass tiles flipped (each a crown this round)",
                p.passed,
            ).format(n=p.passed)
        )
    elif clause.extra:
        extra_action(r, p, clause)
    else:
        action(r, p, clause, ctx.blue, extra=False)


def end_turn(r: Referee, p: Player) -> None:
    """`p`'s turn is over: the phase notes it, and the round ends after its last turn."""
    t, ctx = r.table, r.table.phase
    assert ctx is not None, "a turn is played in a phase"
    r.actor = None
    if p not in ctx.done:
        ctx.done.append(p)
        if len(ctx.done) == len(ctx.order) and t.phase_no >= 7 and not t.round_ended:
            end_round(r)


def replay(
    record: Record,
    board: Board,
    until_line: int | None = None,
    lines: Sequence[str] | None = None,
    steps: bool = True,
    off: frozenset[str] = frozenset(),
) -> ReplayResult:
    """Replay `record` on `board`; with `until_line`, only what stands on the lines up to
    it; with `lines` (the record's text), findings may offer fixes that move lines;
    `steps`: write the steps (else the result has none, and the rest is the same);
    `off`: the ids of rules not to ask."""
    return Replay(record, board, until_line, lines, steps, off).run()


def referee_before(
    record: Record,
    board: Board,
    line: int,
    lines: Sequence[str] | None = None,
    off: frozenset[str] = frozenset(),
) -> Referee:
    """The referee of a replay of `record` up to the line before `line`: its table as it
    stands when `line` is played (to ask what could be played there)."""
    walk = Replay(record, board, line - 1, lines, steps=False, off=off)
    walk.run()
    return walk.referee


def setup_end(setup: Setup) -> int:
    """The last line of a setup block."""
    return max([setup.span.line] + [e.span.line for e in (*setup.players, *setup.tiles)])


def replay_tables(
    record: Record, board: Board, off: frozenset[str] = frozenset()
) -> list[tuple[int, TableView]]:
    """The table before any move (line 0), then after each line that holds a move, a
    round, a phase or a check, from one replay.  A setup block is replayed as one and
    appears at its last line."""
    walk = Replay(record, board, off=off)
    walk.tables = []
    walk.run()
    return sorted(walk.tables, key=lambda t: t[0])
