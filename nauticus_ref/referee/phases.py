"""Rounds and phases: the deal, the wheel, the start player, the bonus, the round's end."""

from __future__ import annotations

from collections import Counter

from nauticus_ref import rules as R
from nauticus_ref.game.state import PASS_PENALTY, Player
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Bonus, Phase, Round, Span
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.opening import Opening
from nauticus_ref.referee.table import ITEM_KIND_OF_ACTION, PhaseContext

#: (workers, VP, taler) for the bonuses that need no choice.
BONUS_GAINS = {"3w": (3, 0, 0), "2w": (2, 0, 0), "2vp": (0, 2, 0), "w+vp": (1, 1, 0),
               "4t": (0, 0, 4)}


class Phases(Opening):
    # -- rounds ----------------------------------------------------------------
    def start_round(self, rnd: Round) -> None:
        self.line_no = rnd.span.line
        if not self.round_ended and self.ctx is not None:
            self.missing_turns(rnd.span)
            if self.phase_no < 7:
                self.round_sequence_early(rnd)
            self.end_round()
        self.round_sequence(rnd)
        self.round_no = self.expected_round  # its place in the game, whatever was written
        self.deal = list(rnd.deal)
        self.deal_rule(rnd)
        setup = self.rec.setup
        if self.setup_pending and setup is not None:
            self.setup_pending = False
            if rnd.number != setup.round:
                self.report(R.setup.RULE, rnd.span, f"the setup is in round {setup.round}, so the "
                            f"round line after it is round {setup.round}, not {rnd.number}")
            self.flipped = list(setup.flipped)
            self.phase_no = setup.phase - 1
            if setup.flipped and setup.flipped[0] in self.deal:
                self.next_anchor = self.deal.index(setup.flipped[0])
            for a in setup.flipped:
                if a not in self.deal:
                    self.report(R.setup.RULE, setup.span, f"flipped action `{a}` is not in "
                                f"the deal of round {setup.round}")
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

    def round_sequence(self, rnd: Round) -> None:
        """round-sequence: rounds follow one another, as many as the player count gives."""
        if rnd.number != self.expected_round:
            self.report(R.round_sequence.RULE, rnd.span, f"round {rnd.number} where round "
                        f"{self.expected_round} comes next",
                        f"number this round {self.expected_round}")
        if rnd.number > self.max_rounds or self.rounds_played >= self.max_rounds:
            self.report(R.round_sequence.RULE, rnd.span, f"a game of {len(self.players)} players has "
                        f"{self.max_rounds} rounds; this is one too many",
                        "the game ended with the last round; remove this one")

    def round_sequence_early(self, rnd: Round) -> None:
        self.report(R.round_sequence.RULE, rnd.span, f"round {rnd.number} begins before round "
                    f"{self.round_no} has had its seven phases",
                    "record the missing phases and turns of the round before")

    def deal_rule(self, rnd: Round) -> None:
        """deal: the eight action tiles, each once."""
        counts = Counter(rnd.deal)
        twice = [a for a, n in counts.items() if n > 1]
        if twice:
            missing = [a for a in vocab.ACTIONS if a not in counts]
            self.report(R.deal.RULE, rnd.span, f"`{twice[0]}` is dealt {counts[twice[0]]} times",
                        f"each action lies once; missing: {' '.join(missing)}")

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
        self.phase_sequence(phase)
        self.phase_no += 1  # the phase's place in the round, whatever number was written
        start = self.start_player(phase)
        space = self.action_face_up(phase)
        self.flipped.append(phase.action)
        if space is not None and len(self.flipped) == 1 and self.next_anchor is None:
            self.next_anchor = space
        blue = self.board.blue_workers(space, self.anchor) if space is not None else 0
        if space is not None:
            prices = (": " + ", ".join(f"{self.tile((ITEM_KIND_OF_ACTION[phase.action], i))} {n}"
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

    def phase_sequence(self, phase: Phase) -> None:
        """phase-sequence: phases 1 to 7 in order, seven to a round."""
        expected = self.phase_no + 1
        if self.round_ended or expected > 7:
            self.report(R.phase_sequence.RULE, phase.span, "a round has seven phases; this is an "
                        "eighth", "start the next round with its round line")
        elif phase.number != expected:
            self.report(R.phase_sequence.RULE, phase.span, f"phase {phase.number} where phase "
                        f"{expected} comes next", f"number this phase {expected}")

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
        if written is not expected:
            self.report(R.start_player.RULE, phase.player.span,
                        f"{expected.name} is the start player of round {self.round_no} phase "
                        f"{self.phase_no}, not {written.name}",
                        "the start player passes one seat clockwise after every phase, "
                        "also from one round to the next")
            self.taint(written, phase.player.span)   # the bonus went to one of them
            self.taint(expected, phase.player.span)
            self.start_candidates = (written, expected)
        return written

    def action_face_up(self, phase: Phase) -> int | None:
        """action-face-up: the chosen action is in the deal and not yet flipped this round."""
        if phase.action not in self.deal:
            self.report(R.action_face_up.RULE, phase.action_span,
                        f"`{phase.action}` is not in the deal of round {self.round_no}")
            return None
        if phase.action in self.flipped:
            face_up = [a for a in self.deal if a not in self.flipped]
            self.report(R.action_face_up.RULE, phase.action_span,
                        f"`{phase.action}` was already taken this round",
                        "face up: " + " ".join(face_up))
        return self.deal.index(phase.action)

    def give_bonus(self, phase: Phase, p: Player, space: int) -> None:
        self.actor = p
        self.bonus(phase, p, space)
        self.actor = None

    def bonus(self, phase: Phase, p: Player, space: int) -> None:
        """bonus-choice and bonus-claim: the start player takes the space's bonus."""
        kind = self.board.bonuses[space]
        b = phase.bonus
        if b is not None and b.kind == "claim":
            if b.value != kind:
                self.report(R.bonus_claim.RULE, b.span, f"`{phase.action}` lies on the {kind} space "
                            f"this round, so its bonus is {kind}, not {b.value}",
                            f"write `bonus {kind}` or leave the claim out" if kind in
                            vocab.CLAIMABLE_BONUSES else f"name your choice for the {kind} bonus")
                if kind not in vocab.CLAIMABLE_BONUSES:
                    return  # the choice is unknown: one report is enough
            b = None
        if kind in ("mast", "sail", "w+good") and self.bonus_exhausted(kind, p, b):
            return
        if kind in ("mast", "sail"):
            if b is None or b.kind != "crest" or b.value == "crown":
                self.bonus_choice_missing(phase, kind, b)
                return
            tile = self.tile((kind, b.value))
            self.step(f"bonus of the {kind} space: {'an' if tile[0] in 'aeiou' else 'a'} {tile} "
                      "to storage", R.bonus_choice.RULE)
            self.receive_free(p, (kind, b.value), b.span, "bonus")
        elif kind == "w+good":
            p.workers += 1
            if b is None or b.kind != "good":
                self.bonus_choice_missing(phase, kind, b)
                return
            self.step(f"bonus of the worker + good space: +1 worker, a {b.value} to storage",
                      R.bonus_choice.RULE)
            self.receive_free(p, ("good", b.value), b.span, "bonus")
        else:
            if b is not None:
                self.report(R.bonus_choice.RULE, b.span, f"the {kind} bonus needs no choice",
                            f"leave out `bonus {b.value}` or write `bonus {kind}`")
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
        if b is not None and b.kind != "claim":
            self.report(R.supply.RULE, b.span, f"every stack of {what} is empty: the bonus has no "
                        f"{'good' if kind == 'w+good' else kind} to give",
                        f"leave out `bonus {b.value if b.kind == 'good' else self.word(b.value)}`")
        return True

    def bonus_choice_missing(self, phase: Phase, kind: str, b: Bonus | None) -> None:
        span = b.span if b is not None else phase.span
        if kind == "w+good":
            self.report(R.bonus_choice.RULE, span, f"the worker + good bonus of `{phase.action}` needs "
                        "a good", f"write `{phase.number}. {phase.player.text} {phase.action} "
                        "bonus coffee` (or grain, salt, fish)")
        elif b is not None and b.value == "crown":
            self.report(R.bonus_choice.RULE, span, f"the {kind} bonus is a regular {kind}, never a "
                        "crown", f"name a crest: {', '.join(self._regular_words())}")
        else:
            self.report(R.bonus_choice.RULE, span, f"the {kind} bonus of `{phase.action}` needs a crest",
                        f"write `{phase.number}. {phase.player.text} {phase.action} bonus "
                        f"{self._regular_words()[0]}` (or {', '.join(self._regular_words()[1:])})")

    def _regular_words(self) -> list[str]:
        return [self.word(c) for c in self.board.tiles["masts"]]

    def missing_turns(self, at: Span) -> None:
        """turn-order: a phase ends only when every player has had a turn."""
        missing = [p for p in self.ctx.order if p not in self.ctx.done] if self.ctx else []
        for p in missing:
            self.taint(p, at)
            p.lost_turn = True
        if missing:
            names = ", ".join(p.name for p in missing)
            self.report(R.turn_order.RULE, at,
                        f"phase {self.phase_no} ended without a turn for {names}",
                        "every player has a turn line in every phase, `pass` if nothing else")
