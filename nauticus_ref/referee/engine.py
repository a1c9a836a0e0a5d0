"""The replay engine: play a record move by move and report every rule broken.

`Replay` walks the record (rounds, phases, turns, checks, the final line).  It is
built in layers, one module each, every layer using only the ones below it:

    table.py     Table     the state, reporting, and the stock (taler, workers, storage)
    ships.py     Ships     ship names, placing tiles on ships, rewards
    actions.py   Actions   the effects of the eight actions and the Extra Action
    opening.py   Opening   start values, the box, a setup position
    phases.py    Phases    rounds, the deal, the wheel, start players and bonuses
    engine.py    Replay    the walk itself, turns, checks and the final score

A finding is reported under a rule module's `RULE` (`rules/`); diagnostics are
collected, never raised, and the result is plain values (`result.py`).

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

from nauticus_ref import rules as R
from nauticus_ref.findings import Diagnostic
from nauticus_ref.game.board import Board
from nauticus_ref.game.scoring import final_scores
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import ActionClause, Check, Phase, Record, Turn
from nauticus_ref.referee.phases import Phases
from nauticus_ref.referee.result import ReplayResult
from nauticus_ref.referee.table import MAX_RULE_ERRORS, TooManyErrors


class Replay(Phases):
    """The replay of one record on one board; `run()` gives its `ReplayResult`."""

    # -- the whole record ------------------------------------------------------------
    def run(self) -> ReplayResult:
        try:
            self.replay_all()
            complete = self.round_ended and self.rounds_played >= self.max_rounds
            if self.rec.final is not None and self.rec.final.span.line <= self.until:
                self.final_score(complete)
        except TooManyErrors:
            last = self.diags[-1].span
            self.diags.append(Diagnostic(rule=R.check.RULE.id, severity="note", span=last,
                                         message=f"stopped after {MAX_RULE_ERRORS} errors; the "
                                                 "rest of the record was not replayed",
                                         help="fix the errors above and run again"))
            complete = False
        self.diags.sort(key=Diagnostic.sort_key)
        return ReplayResult(diagnostics=self.diags, complete=complete, steps=tuple(self.steps),
                            ledger=tuple(self.ledger), table=self.snapshot())

    def replay_all(self) -> None:
        self.start_game()
        if self.rec.setup is not None and self.rec.setup.span.line <= self.until:
            self.apply_setup()
        for check in self.rec.checks:
            if check.span.line <= self.until:
                self.check(check)
        for rnd in self.rec.rounds:
            if rnd.span.line > self.until:
                return
            self.start_round(rnd)
            for entry in rnd.entries:
                if entry.span.line > self.until:
                    return
                if isinstance(entry, Phase):
                    self.run_phase(entry)
                else:
                    self.check(entry)

    # -- phases ----------------------------------------------------------------
    def run_phase(self, phase: Phase) -> None:
        self.start_phase(phase)
        for entry in phase.entries:
            if entry.span.line > self.until:
                return
            if isinstance(entry, Turn):
                self.run_turn(entry)
            else:
                self.check(entry)

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
        self.turn_order(turn, p)
        self.turn_content(turn)
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

    def turn_order(self, turn: Turn, p: Player) -> None:
        """turn-order: every player once per phase, the start player first, then clockwise."""
        ctx = self.ctx
        assert ctx is not None, "a turn belongs to a phase"
        if p in ctx.done:
            self.report(R.turn_order.RULE, turn.player.span,
                        f"{p.name} already had a turn in phase {ctx.phase.number}",
                        "write one turn line per player and phase")
            return
        expected = next((q for q in ctx.order if q not in ctx.done), None)
        if expected is not None and p is not expected:
            self.report(R.turn_order.RULE, turn.player.span,
                        f"it is {expected.name}'s turn, not {p.name}'s",
                        "after the start player, turns go clockwise: "
                        + ", ".join(q.name for q in ctx.order))

    def turn_content(self, turn: Turn) -> None:
        """turn-content: a turn is the phase's action or `pass`, at most one Extra Action."""
        main = [c for c in turn.clauses if isinstance(c, ActionClause) and not c.extra]
        passes = [c for c in turn.clauses if not isinstance(c, ActionClause)]
        extras = [c for c in turn.clauses if isinstance(c, ActionClause) and c.extra]
        if main and passes:
            self.report(R.turn_content.RULE, passes[0].span, "a player either performs the action or "
                        "passes, not both", "keep the action or the `pass`")
        elif len(main) + len(passes) > 1:
            second = (main + passes)[1]
            self.report(R.turn_content.RULE, second.span, "the turn acts or passes more than once",
                        "write all placements of the action in one clause, separated by "
                        "commas, or one `pass`")
        elif not main and not passes:
            self.report(R.turn_content.RULE, turn.span, "the turn neither performs the phase's action "
                        "nor passes", "add `pass` if the player did not perform the action")
        if len(extras) > 1:
            self.report(R.extra_action.RULE, extras[1].span, "the Extra Action is used twice",
                        "each player has one Extra Action tile per game")

    # checks ----------------------------------------------------------------------
    def check(self, check: Check) -> None:
        """check: a checkpoint's values match the replay."""
        p = self.player(check.player)
        if p is None:
            return
        wrong = [(label, claimed, actual) for label, claimed, actual in
                 (("vp", check.vp, p.vp), ("t", check.taler, p.taler),
                  ("w", check.workers, p.workers)) if claimed is not None and claimed != actual]
        if wrong and p.tainted_at is not None:
            said = ", ".join(f"{c}{u}" for u, c, _ in wrong)
            self.report(R.check.RULE, check.span, f"after the error at line {p.tainted_at} the replay "
                        f"differs from this check ({said}); it goes on from the values written "
                        "here", severity="note")
            for u, claimed, actual in wrong:
                if u == "vp":
                    self.gain_vp(p, claimed - actual, "correction")
                else:
                    setattr(p, {"t": "taler", "w": "workers"}[u], claimed)
        elif wrong:
            said = ", ".join(f"{c}{u}" for u, c, _ in wrong)
            real = ", ".join(f"{a}{u}" for u, _, a in wrong)
            self.report(R.check.RULE, check.span, f"{p.name} has {real}, not {said}",
                        f"the replay gives {p.name} {p.vp}vp {p.taler}t {p.workers}w here")
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
        if not complete:
            self.report(R.final_score.RULE, final.span, "the `final:` line stands before the end of "
                        "the game", "score a finished game, or leave the line out")
            return
        scores = {s.name: s for s in final_scores(self.players)}
        for entry in final.entries:
            p = self.player(entry.player)
            if p is None:
                continue
            s = scores[p.name]
            if entry.score != s.total:
                working = (f"track {s.track} + ships {s.ships_vp} + goods {s.goods_vp} + material "
                           f"{s.material_vp} ({s.total_taler} taler) = {s.total}")
                if p.first_error is not None:  # the replay is off since an earlier error
                    self.report(R.final_score.RULE, entry.span, f"after the error at line "
                                f"{p.first_error} the replay scores {p.name} {s.total}, not "
                                f"{entry.score}", working, severity="note")
                else:
                    self.report(R.final_score.RULE, entry.span, f"{p.name} scores {s.total}, not "
                                f"{entry.score}", working + "; `nauticus-ref score` shows every part")


def replay(record: Record, board: Board, until_line: int | None = None) -> ReplayResult:
    """Replay `record` on `board`; with `until_line`, only what stands on the lines up to it."""
    return Replay(record, board, until_line).run()
