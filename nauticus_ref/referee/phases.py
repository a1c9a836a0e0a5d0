"""Rounds and phases: the deal, the wheel, the start player, the bonus, the round's end."""

from __future__ import annotations

from nauticus_ref import rules as R
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import PASS_PENALTY, Player
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Bonus, Phase, Round
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.opening import Opening
from nauticus_ref.referee.table import PhaseContext

#: (workers, VP, taler) for the bonuses that need no choice.
BONUS_GAINS = {"3w": (3, 0, 0), "2w": (2, 0, 0), "2vp": (0, 2, 0), "w+vp": (1, 1, 0),
               "4t": (0, 0, 4)}


class Phases(Opening):
    # -- rounds ----------------------------------------------------------------
    def start_round(self, rnd: Round) -> None:
        self.line_no = rnd.span.line
        if not self.round_ended and self.ctx is not None:
            self.missing_turns(rnd.span)
            self.flag(R.round_sequence.check_early(rnd, self.round_no, self.phase_no))
            self.end_round()
        self.flag_all(R.round_sequence.check(rnd, self.expected_round, self.max_rounds,
                                             self.rounds_played, len(self.players)))
        self.round_no = self.expected_round  # its place in the game, whatever was written
        self.deal = list(rnd.deal)
        self.flag(R.deal.check(rnd))
        setup = self.rec.setup
        if self.setup_pending and setup is not None:
            self.setup_pending = False
            self.flag(R.setup.check_round(setup, rnd))
            self.flipped = list(setup.flipped)
            self.phase_no = setup.phase - 1
            if setup.flipped and setup.flipped[0] in self.deal:
                self.next_anchor = self.deal.index(setup.flipped[0])
            self.flag_all(R.setup.check_flipped(setup, self.deal))
        else:
            if self.next_anchor is not None:   # the wheel turns between two rounds
                self.anchor = self.next_anchor
            self.flipped = []
            self.phase_no = 0
            self.next_anchor = None
            for p in self.players:
                p.crown_vp_this_round = 0
        self.expected_round = rnd.number + 1
        self.round_ended = False
        self.ctx = None

    def end_round(self) -> None:
        """Round end: lose points for the pass tiles not flipped, then turn them back."""
        for p in self.players:
            penalty = PASS_PENALTY[min(p.passed, 3)]
            self.gain_vp(p, -penalty, "pass penalty")
            self.step(f"end of round {self.round_no}: {count(p.passed, 'pass tile')} flipped, "
                      + (f"-{penalty} VP" if penalty else "no penalty")
                      + f"; now {p.vp} VP, {p.taler} taler, {count(p.workers, 'worker')}",
                      None, p, "round-end")
            p.passed = 0
            p.crown_vp_this_round = 0
        self.round_ended = True
        self.rounds_played += 1

    def start_phase(self, phase: Phase) -> None:
        self.line_no = phase.span.line
        self.missing_turns(phase.span)
        self.start_candidates = ()
        self.flag(R.phase_sequence.check(phase, self.phase_no + 1, self.round_ended))
        self.phase_no += 1  # the phase's place in the round, whatever number was written
        start = self.start_player(phase)
        space = self.action_face_up(phase)
        self.flipped.append(phase.action)
        if space is not None and len(self.flipped) == 1 and self.next_anchor is None:
            self.next_anchor = space
        blue = self.board.blue_workers(space, self.anchor) if space is not None else 0
        if space is not None:
            prices = (": " + ", ".join(f"{self.tile((vocab.ITEM_KIND_OF_ACTION[phase.action], i))} {n}"
                                       for i, n in zip(self.board.tiles[phase.action],
                                                       self.board.prices[space]))
                      if phase.action in self.board.tiles else "")
            self.step(f"`{phase.action}` lies on the {self.board.bonuses[space]} space: {blue} "
                      f"blue worker{'s' if blue != 1 else ''}" + (f"; prices{prices}" if prices
                                                                   else ""), R.workers.RULE, start,
                      "phase")
        order = self.clockwise_from(start) if start else self.players
        self.ctx = PhaseContext(phase=phase, action=phase.action, space=space, blue=blue, order=order)
        self.pending_bonus = None
        if start is not None and space is not None:
            if self.start_candidates:
                self.pending_bonus = (phase, space)  # to whoever of the two plays first
            else:
                self.give_bonus(phase, start, space)

    def start_player(self, phase: Phase) -> Player | None:
        """start-player: the start player moves one seat clockwise every phase."""
        n = len(self.players)
        if n == 0:
            return None
        index = ((self.round_no - 1) * 7 + (self.phase_no - 1)) % n
        expected = self.players[index]
        written = self.by_key.get(phase.player.key)
        if written is None:
            self.player(phase.player)
            return expected
        if self.flag(R.start_player.check(phase, written, expected, self.round_no,
                                          self.phase_no)):
            self.taint(written, phase.player.span)   # the bonus went to one of them
            self.taint(expected, phase.player.span)
            self.start_candidates = (written, expected)
        return written

    def action_face_up(self, phase: Phase) -> int | None:
        """action-face-up: the chosen action is in the deal and not yet flipped this round."""
        self.flag(R.action_face_up.check(phase, self.deal, self.flipped, self.round_no))
        return self.deal.index(phase.action) if phase.action in self.deal else None

    def give_bonus(self, phase: Phase, p: Player, space: int) -> None:
        self.actor = p
        self.bonus(phase, p, space)
        self.actor = None

    def bonus(self, phase: Phase, p: Player, space: int) -> None:
        """bonus-choice and bonus-claim: the start player takes the space's bonus."""
        kind = self.board.bonuses[space]
        b = phase.bonus
        if b is not None and b.kind == "claim":
            if (self.flag(R.bonus_claim.check(phase, kind))
                    and kind not in vocab.CLAIMABLE_BONUSES):
                return  # the choice is unknown: one report is enough
            b = None
        if kind in ("mast", "sail", "w+good") and self.bonus_exhausted(kind, p, b):
            return
        choice = R.bonus_choice.check(phase, kind, b, self._regular_words())
        if kind in ("mast", "sail"):
            if self.flag(choice) or b is None:
                return
            tile = self.tile((kind, b.value))
            self.step(f"bonus of the {kind} space: {'an' if tile[0] in 'aeiou' else 'a'} {tile} "
                      "to storage", R.bonus_choice.RULE)
            self.receive_free(p, (kind, b.value), b.span, "bonus")
        elif kind == "w+good":
            p.workers += 1
            if self.flag(choice) or b is None:
                return
            self.step(f"bonus of the worker + good space: +1 worker, a {b.value} to storage",
                      R.bonus_choice.RULE)
            self.receive_free(p, ("good", b.value), b.span, "bonus")
        else:
            self.flag(choice)
            workers, vp, taler = BONUS_GAINS[kind]
            p.workers += workers
            p.taler += taler
            if vp:
                self.gain_vp(p, vp, "bonus")
            self.step(f"bonus of the {kind} space: " + ", ".join(
                f"+{n} {what}" for n, what in ((workers, "workers" if workers > 1 else "worker"),
                                               (vp, "VP"), (taler, "taler")) if n), R.bonus_choice.RULE)

    def bonus_exhausted(self, kind: str, p: Player, b: Bonus | None) -> bool:
        """supply: when every stack the bonus could come from is empty, nothing is chosen
        and nothing comes; the worker of worker + good still comes (reading 11)."""
        tiles = ([("good", g) for g in vocab.GOODS] if kind == "w+good" else
                 [(kind, c) for c in self.board.tiles[kind + "s"]])
        if any(self.supply[t] > 0 for t in tiles):
            return False
        if kind == "w+good":
            p.workers += 1
        what = "goods" if kind == "w+good" else f"regular {kind}s"
        self.step(f"bonus of the {kind} space: every stack of {what} is empty, so no tile comes"
                  + ("; +1 worker" if kind == "w+good" else ""), R.supply.RULE)
        self.flag(R.supply.check_bonus(kind, b, self.word))
        return True

    def _regular_words(self) -> list[str]:
        return [self.word(c) for c in self.board.tiles["masts"]]

    def missing_turns(self, at: Span) -> None:
        """turn-order: a phase ends only when every player has had a turn."""
        missing = [p for p in self.ctx.order if p not in self.ctx.done] if self.ctx else []
        for p in missing:
            self.taint(p, at)
            p.lost_turn = True
        self.flag(R.turn_order.check_end(missing, at, self.phase_no))
