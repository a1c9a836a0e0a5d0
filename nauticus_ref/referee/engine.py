"""The replay engine: play a record move by move and report every rule broken.

Each rule of the catalogue (`rules.py`) is checked by the method of `Replay`
that bears its id in its docstring; diagnostics are collected, never raised.

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

from collections import Counter
from dataclasses import dataclass, field

from nauticus_ref.notation import vocab
from nauticus_ref.notation.vocab import count
from nauticus_ref.game.board import Board
from nauticus_ref.findings import Diagnostic
from nauticus_ref import rules as R
from nauticus_ref.rules.rule import Rule
from nauticus_ref.referee.result import (LedgerEntry, PlayerView, ReplayResult, ShipView, Step,
                                         TableView)
from nauticus_ref.notation.model import (ActionClause, Check, Item, Phase, Placement, Record, Round, Span, Turn,
                    remap_crests)
from nauticus_ref.game.scoring import final_scores
from nauticus_ref.game.state import (CROWN_CAP, PASS_PENALTY, SEAT_BONUS, STORAGE_SPACES, Player, Ship, Tile,
                    spaces, tile_text)

ITEM_KIND_OF_ACTION = {"hulls": "hull", "masts": "mast", "sails": "sail", "goods": "good"}
#: (workers, VP, taler) for the bonuses that need no choice.
BONUS_GAINS = {"3w": (3, 0, 0), "2w": (2, 0, 0), "2vp": (0, 2, 0), "w+vp": (1, 1, 0),
               "4t": (0, 0, 4)}
#: The rule that says where a tile of each kind may go on a ship.
PLACING_RULE = {"hull": R.hull_order.RULE, "mast": R.mast_place.RULE,
                "sail": R.sail_place.RULE, "good": R.good_place.RULE}


#: After this many errors the replay stops and says so (no one reads further).
MAX_RULE_ERRORS = 200


class _TooManyErrors(Exception):
    pass


def rounds_for(players: int) -> int:
    """4 rounds with two players, 5 with three or four (German "Spielende")."""
    return 4 if players <= 2 else 5


@dataclass
class _Use:
    """Workers for one clause: blue ones from the wheel first, then the player's own."""

    blue: int
    used: int = 0
    own: int = 0


@dataclass
class _PhaseCtx:
    phase: Phase
    action: str
    space: int | None
    blue: int
    order: list[Player]
    done: list[Player] = field(default_factory=list)


class Replay:
    def __init__(self, record: Record, board: Board, until_line: int | None = None):
        # `crests:` names the crests in the board's order (NOTATION.md); the parser, which
        # knows no board, gives the words the default crests by position.
        order = board.tiles["masts"]
        if record.header.crests and order != vocab.DEFAULT_CRESTS:
            record = remap_crests(record, dict(zip(vocab.DEFAULT_CRESTS, order)))
        self.rec = record
        self.board = board
        #: replay only what stands on lines 1..until_line (the state after that line)
        self.until = until_line if until_line is not None else float("inf")
        self.diags: list[Diagnostic] = []
        crest_words = record.crest_words
        self._crest_word = dict(zip(order if record.header.crests else vocab.DEFAULT_CRESTS,
                                    crest_words))
        self._crest_word["crown"] = "crown"
        self.players: list[Player] = []
        self.by_key: dict[str, Player] = {}
        self.supply: Counter = Counter()
        self.round_no = 0
        self.max_rounds = 5
        self.deal: list[str] = []
        self.flipped: list[str] = []
        self.anchor = 0                 # the board space the wheel's anchor points at
        self.next_anchor: int | None = None
        self.phase_no = 0
        self.ctx: _PhaseCtx | None = None
        self.round_ended = True
        self.rounds_played = 0
        self.expected_round = 1
        self.setup_pending = False
        self.actor: Player | None = None   # whose move is being replayed
        self.line_no = 0                     # the source line being replayed
        self.error_count = 0
        self.steps: list[Step] = []
        #: tiles of the placement being replayed that went where it says (for its step)
        self.landed: Counter = Counter()
        #: every change of victory points
        self.ledger: list[LedgerEntry] = []

    # -- reporting -------------------------------------------------------------
    def report(self, rule: Rule, span: Span, message: str, help: str | None = None,
               severity: str = "error") -> None:
        """A finding under `rule` (a rule module's RULE); `help` defaults to the rule's."""
        self.diags.append(Diagnostic(rule=rule.id, severity=severity, span=span, message=message,
                                     help=help if help is not None else rule.help))
        if severity == "error":
            self.taint(self.actor, span)
            self.error_count += 1
            if self.error_count >= MAX_RULE_ERRORS:
                raise _TooManyErrors

    @staticmethod
    def taint(p: Player | None, span: Span) -> None:
        if p is not None and p.tainted_at is None:
            p.tainted_at = span.line
        if p is not None and p.first_error is None:
            p.first_error = span.line

    def step(self, text: str, rule: Rule | None = None, player: Player | None = None,
             kind: str = "move") -> None:
        who = player or self.actor
        self.steps.append(Step(line=self.line_no, player=who.name if who else None,
                               rule=rule.id if rule else None,
                               text=text, kind=kind))

    def gain_vp(self, p: Player, points: int, source: str) -> None:
        p.vp += points
        self.ledger.append(LedgerEntry(self.round_no, self.line_no, p.name, source, points))

    def word(self, crest: str) -> str:
        return self._crest_word.get(crest, crest)

    def tile(self, tile: Tile) -> str:
        return tile_text(tile, self.word)

    # -- the whole record ------------------------------------------------------------
    def run(self) -> ReplayResult:
        try:
            self.replay_all()
            complete = self.round_ended and self.rounds_played >= self.max_rounds
            if self.rec.final is not None and self.rec.final.span.line <= self.until:
                self.final_score(complete)
        except _TooManyErrors:
            last = self.diags[-1].span
            self.diags.append(Diagnostic(rule=R.check.RULE.id, severity="note", span=last,
                                         message=f"stopped after {MAX_RULE_ERRORS} errors; the "
                                                 "rest of the record was not replayed",
                                         help="fix the errors above and run again"))
            complete = False
        self.diags.sort(key=Diagnostic.sort_key)
        return ReplayResult(diagnostics=self.diags, complete=complete, steps=tuple(self.steps),
                            ledger=tuple(self.ledger), table=self.snapshot())

    def snapshot(self) -> TableView:
        """The table now, as plain frozen values (nothing in it is shared with the engine)."""
        players = tuple(PlayerView(
            name=p.name, seat=p.seat, vp=p.vp, taler=p.taler, workers=p.workers,
            storage=Counter(p.storage), delivered=Counter(p.delivered), passed=p.passed,
            extra_used=p.extra_used,
            ships={k: ShipView(name=s.name, parts=tuple(s.parts), masts=tuple(s.masts),
                               sails=tuple(s.sails), goods=tuple(s.goods), complete=s.complete)
                   for k, s in p.ships.items()}) for p in self.players)
        return TableView(board=self.board, players=players, supply=Counter(self.supply),
                         deal=tuple(self.deal), flipped=tuple(self.flipped), anchor=self.anchor,
                         next_anchor=self.next_anchor, round_no=self.round_no,
                         phase_no=self.phase_no, round_ended=self.round_ended,
                         rounds_played=self.rounds_played, max_rounds=self.max_rounds,
                         phase_blue=self.ctx.blue if self.ctx is not None else None,
                         crest_words=dict(self._crest_word))

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

    # -- setup of the game ------------------------------------------------------------
    def start_game(self) -> None:
        header = self.rec.header
        span = header.players_span or Span(line=1, column=1, end_line=1, end_column=2)
        self.player_count(header, span)
        n = len(header.players)
        bonuses = SEAT_BONUS.get(n, SEAT_BONUS[4] + [(0, 0)] * max(0, n - 4))
        for seat, name in enumerate(header.players):
            if name.key in self.by_key:
                continue
            taler, workers = bonuses[seat] if seat < len(bonuses) else (0, 0)
            p = Player(name=name.text, seat=seat)
            p.taler += taler
            p.workers += workers
            self.players.append(p)
            self.by_key[name.key] = p
        self.max_rounds = rounds_for(len(self.players))
        for (kind, name) in self._all_tiles():
            self.supply[(kind, name)] = self.board.box_count(kind, name)

    @staticmethod
    def _all_tiles() -> list[Tile]:
        tiles = [("hull", h) for h in vocab.HULLS] + [("good", g) for g in vocab.GOODS]
        for kind in ("mast", "sail"):
            tiles += [(kind, c) for c in vocab.DEFAULT_CRESTS + ("crown",)]
        return tiles

    def player_count(self, header, span: Span) -> None:
        """player-count: two to four players, each name once."""
        seen = set()
        for name in header.players:
            if name.key in seen:
                self.report(R.player_count.RULE, name.span, f"`{name.text}` is named twice",
                            "give every player a different name")
            seen.add(name.key)
        n = len(seen)
        if not 2 <= n <= 4:
            self.report(R.player_count.RULE, span, f"a game has 2 to 4 players, not {n}",
                        "list 2 to 4 players in seat order")

    def apply_setup(self) -> None:
        """setup: a position must be one the game can reach."""
        s = self.rec.setup
        if not 1 <= s.round <= self.max_rounds:
            self.report(R.setup.RULE, s.span, f"a game of {len(self.players)} players has rounds 1 to "
                        f"{self.max_rounds}, not {s.round}")
        if not 1 <= s.phase <= 7:
            self.report(R.setup.RULE, s.span, f"a round has phases 1 to 7, not {s.phase}")
        self.expected_round = s.round
        self.rounds_played = max(0, s.round - 1)
        self.setup_pending = True
        if len(s.flipped) != s.phase - 1 and 1 <= s.phase <= 7:
            self.report(R.setup.RULE, s.span, f"phase {s.phase} comes after {s.phase - 1} flipped "
                        f"action{'s' if s.phase != 2 else ''}, the setup lists {len(s.flipped)}",
                        "list the actions already taken this round after `flipped`")
        if len(set(s.flipped)) != len(s.flipped):
            self.report(R.setup.RULE, s.span, "an action is flipped twice", "list each action once")
        if s.anchor is not None:
            self.anchor = vocab.BONUSES.index(s.anchor)
        for sp in s.players:
            if sp.span.line > self.until:
                continue
            p = self.player(sp.player)
            if p is None:
                continue
            if sp.taler is not None:
                p.taler = sp.taler
            if sp.workers is not None:
                p.workers = sp.workers
            if sp.vp is not None:
                p.vp = sp.vp
            played = max(0, s.phase - 1)   # phases already played this round
            if sp.passed is not None:
                p.passed = sp.passed
                if sp.passed > played:
                    self.report(R.setup.RULE, sp.span, f"{p.name} has flipped {sp.passed} pass "
                                f"tile{'s' if sp.passed != 1 else ''} before phase {s.phase}, "
                                f"after {played} phase{'s' if played != 1 else ''} of the round",
                                "a pass tile is flipped by passing in a phase played this round")
            p.extra_used = sp.extra_used
            if sp.extra_used and s.round <= 1 and played == 0:
                self.report(R.setup.RULE, sp.span, f"{p.name}'s Extra Action is used before any phase "
                            "of the game was played", "leave out `extra used`, or set the "
                            "position later in the game")
        for tiles in s.tiles:
            if tiles.span.line > self.until:
                continue
            p = self.player(tiles.player)
            if p is None:
                continue
            if tiles.where == "store":
                for item in tiles.items:
                    p.storage[(item.kind, item.name)] += item.count
                if p.storage_used > STORAGE_SPACES:
                    self.report(R.setup.RULE, tiles.span, f"{p.name}'s storage holds {STORAGE_SPACES} "
                                f"spaces, the setup fills {p.storage_used}",
                                "a mast takes two spaces, any other tile one")
            elif tiles.where == "delivered":
                for item in tiles.items:
                    p.delivered[item.name] += item.count
            else:
                self.setup_ship(p, tiles)
        held = Counter()
        for p in self.players:
            held.update(p.held_tiles())
        for tile, n in held.items():
            self.supply[tile] -= n
            if self.supply[tile] < 0:
                self.report(R.setup.RULE, s.span, f"the box has {self.board.box_count(*tile)} "
                            f"{self.tile(tile)} tiles, the setup uses {n}",
                            "check the tiles listed in the setup")

    def setup_ship(self, p: Player, tiles) -> None:
        key = tiles.ship.key
        if key in p.ships:
            self.report(R.setup.RULE, tiles.span, f"{p.name} has two ships called `{tiles.ship.text}`",
                        "give each ship its own name")
            return
        ship = p.ships[key] = Ship(name=tiles.ship.text)
        for item in tiles.items:
            for _ in range(item.count):
                problem = self.placing_problem(ship, (item.kind, item.name))
                if problem:
                    self.report(R.setup.RULE, item.span, f"ship `{ship.name}`: {problem[1]}",
                                "list hull parts from bow to stern, then masts, sails and goods")
                    break
                self.put_on_ship(ship, (item.kind, item.name))
        ship.completed = ship.complete

    def player(self, name) -> Player | None:
        """unknown-player: every name in the record is a player of the header."""
        p = self.by_key.get(name.key)
        if p is None:
            known = ", ".join(pl.name for pl in self.players)
            self.report(R.unknown_player.RULE, name.span, f"`{name.text}` is not a player of this game",
                        f"the players are {known}")
        return p

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
        if self.setup_pending:
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

    def give_bonus(self, phase: Phase, p: Player, space: int) -> None:
        self.actor = p
        self.bonus(phase, p, space)
        self.actor = None

    def clockwise_from(self, p: Player) -> list[Player]:
        return self.players[p.seat:] + self.players[:p.seat]

    def start_phase(self, phase: Phase) -> None:
        self.line_no = phase.span.line
        self.missing_turns(phase.span)
        self.start_candidates: tuple[Player, ...] = ()
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
        self.ctx = _PhaseCtx(phase=phase, action=phase.action, space=space, blue=blue, order=order)
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

    def bonus_exhausted(self, kind: str, p: Player, b) -> bool:
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

    def bonus_choice_missing(self, phase: Phase, kind: str, b) -> None:
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

    # -- actions ---------------------------------------------------------------------
    def extra_action(self, p: Player, clause: ActionClause) -> None:
        """extra-action: once a game, 2 workers first, any action, no blue workers."""
        if p.extra_used:
            self.report(R.extra_action.RULE, clause.span, f"{p.name} has used the Extra Action already",
                        "the Extra Action tile goes back in the box once used")
            return
        p.extra_used = True
        p.workers += 2
        self.step(f"Extra Action on {clause.action}: +2 workers, no blue workers"
                  + ("; first tiles 2 taler, identical ones 4" if clause.action in
                     vocab.BUYING_ACTIONS else ""), R.extra_action.RULE)
        self.action(p, clause, blue=0, extra=True)

    def action(self, p: Player, clause: ActionClause, blue: int, extra: bool) -> None:
        use = _Use(blue=blue)
        if clause.action in vocab.BUYING_ACTIONS:
            self.buy(p, clause, use, extra)
        elif clause.action == "transport":
            self.transport(p, clause, use)
        elif clause.action == "money":
            self.money(p, clause, use)
        elif clause.action == "crowns":
            self.crowns(p, clause, use, extra)
        else:
            self.deliver(p, clause, use)
        if use.used:
            blue_used = min(use.blue, use.used)
            self.step(f"{use.used} use{'s' if use.used != 1 else ''}: {blue_used} blue worker"
                      f"{'s' if blue_used != 1 else ''} + {use.own} own", R.workers.RULE)

    def use_worker(self, p: Player, use: _Use, span: Span) -> None:
        """workers: each use takes a worker, the blue ones on the wheel first."""
        use.used += 1
        if use.used <= use.blue:
            return
        use.own += 1
        if p.workers <= 0 and "workers" not in p.short:
            p.short.add("workers")
            self.report(R.workers.RULE, span, f"{p.name} has no worker left for this use",
                        f"this is use {use.used}: {use.blue} blue worker"
                        f"{'s' if use.blue != 1 else ''} from the wheel, then the player's own")
        p.workers -= 1

    def pay(self, p: Player, amount: int, span: Span, what: str) -> None:
        """taler: a price is paid in full from the player's taler."""
        if amount > p.taler and "taler" not in p.short:
            p.short.add("taler")
            self.report(R.taler.RULE, span, f"{p.name} has {p.taler} taler, {what} costs {amount}",
                        "buy fewer tiles, or take money first")
        p.taler -= amount

    def check_claim(self, claim, actual: int, unit: str, what: str, working: str) -> None:
        """claim: a written price, income or score matches what the rules give."""
        if claim is not None and claim.value != actual:
            self.report(R.claim.RULE, claim.span, f"{what} {actual}{unit}, not {claim.value}{unit}",
                        working)

    # buying ------------------------------------------------------------------------
    def buy(self, p: Player, clause: ActionClause, use: _Use, extra: bool) -> None:
        action = clause.action
        kind = ITEM_KIND_OF_ACTION[action]
        space = self.ctx.space if not extra else None
        regular = set(self.board.tiles[action])
        all_four = {i.name for pl in clause.placements if not pl.gift for i in pl.items
                    if i.kind == kind and i.name != "crown"} >= regular
        # Identical tiles are interchangeable (RULINGS.md reading 10): where the first of
        # a kind is free, the free one is a copy written to storage, wherever it stands.
        last_stored = {i.name: k for k, pl in enumerate(clause.placements)
                       if pl.dest.kind == "store" and not pl.gift for i in pl.items}
        first_paid: set[str] = set()   # kinds whose printed price is paid in this clause
        paid = 0
        working: list[str] = []
        gifts = 0
        early_gifts: list[Placement] = []
        for k, pl in enumerate(clause.placements):
            if pl.gift:
                if all_four and not first_paid >= regular:
                    self.report(R.gift.RULE, pl.span, "the free tile is written before the purchases "
                                "that complete the four kinds", "move the `+` placement after the "
                                "placement that buys the fourth kind")
                    early_gifts.append(pl)   # received after the purchases, as it was played
                    continue
                gifts += 1
                self.gift(p, clause, pl, all_four, gifts)
                continue
            completed = []
            ship = self.ship_for(p, pl) if pl.dest.kind != "store" else None
            self.landed.clear()
            for item in pl.items:
                for _ in range(item.count):
                    if not self.action_items(item, kind, action):
                        continue
                    tile = (item.kind, item.name)
                    if not self.supply_has(tile, item.span, "buy"):
                        continue
                    price = 4
                    if item.name not in first_paid:
                        price = 2 if extra else self.board.price(space, action, item.name) \
                            if space is not None else 4
                        if price == 0 and last_stored.get(item.name, -1) > k:
                            price = 4   # the free copy is the one written to storage later
                        else:
                            first_paid.add(item.name)
                    self.use_worker(p, use, item.span)
                    self.pay(p, price, item.span, f"this {self.tile(tile)}")
                    paid += price
                    working.append(f"{self.tile(tile)} {price}")
                    self.supply[tile] -= 1
                    done = self.place(p, pl, ship, item, tile, free=price == 0)
                    if done is not None:
                        completed.append(done)
            self.rewards(p, pl, completed, ship)
        for pl in early_gifts:
            gifts += 1
            self.gift(p, clause, pl, all_four, gifts)
        if working:
            self.step(" + ".join(working) + f" = {paid} taler", R.taler.RULE)
        if all_four and not gifts:
            self.report(R.gift.RULE, clause.span, f"{p.name} bought all four kinds and took no free tile",
                        "write the free tile as `+<item> >store`", severity="warning")
        self.check_claim(clause.claim, paid, "t", "the price paid is",
                         " + ".join(working) + f" = {paid} taler" if working else "nothing was bought")

    def action_items(self, item: Item, kind: str, action: str) -> bool:
        """action-items and crown-not-bought: a buying action buys the tiles of its own tile."""
        if item.kind != kind:
            self.report(R.action_items.RULE, item.span, f"`{action}` buys {kind}s, not "
                        f"{self.tile((item.kind, item.name))}",
                        f"buy it in a `{ {'hull': 'hulls', 'mast': 'masts', 'sail': 'sails', 'good': 'goods'}[item.kind] }` phase")
            return False
        if item.name == "crown":
            self.report(R.crown_not_bought.RULE, item.span, f"crown {kind}s cannot be bought",
                        "crown masts and sails are only rewards for completed ships")
            return False
        return True

    def supply_has(self, tile: Tile, span: Span, verb: str) -> bool:
        """supply: no tile from an empty stack."""
        if self.supply[tile] <= 0:
            self.report(R.supply.RULE, span, f"the {self.tile(tile)} stack is empty",
                        f"nobody can {verb} a tile of an empty stack")
            return False
        return True

    def gift(self, p: Player, clause: ActionClause, pl: Placement, all_four: bool, n: int) -> None:
        """gift: buying all four kinds in one clause gives one free tile of that tile, to storage."""
        if self.take_gift(p, clause, pl, all_four, n):
            self.placed_step(pl, None)
        self.no_ship_completed(pl)

    def take_gift(self, p: Player, clause: ActionClause, pl: Placement, all_four: bool,
                  n: int) -> bool:
        kind = ITEM_KIND_OF_ACTION[clause.action]
        if not all_four:
            self.report(R.gift.RULE, pl.span, "a free tile comes only with buying all four kinds in "
                        "the clause", "remove the `+` placement, or buy the missing kinds")
            return False
        if n > 1:
            self.report(R.gift.RULE, pl.span, "only one free tile per clause",
                        "keep one `+` placement")
            return False
        count = sum(i.count for i in pl.items)
        item = pl.items[0]
        if count != 1 or item.kind != kind or item.name == "crown":
            self.report(R.gift.RULE, pl.span, f"the free tile is one {kind} of the `{clause.action}` "
                        "tile", f"write one item, like `+{self.board.tiles[clause.action][0]}"
                        f"{'' if kind in ('hull', 'good') else ' ' + kind} >store`")
            return False
        tile = (item.kind, item.name)
        if not self.supply_has(tile, item.span, "take"):
            return False
        if pl.dest.kind != "store":
            self.report(R.golden_rule.RULE, pl.dest.span, "the free tile must go to storage",
                        "write `>store`: every tile received without paying taler is stored first")
        return self.receive_free(p, tile, pl.span, "free tile")

    def receive_free(self, p: Player, tile: Tile, span: Span, what: str) -> bool:
        """storage: a free tile that finds the storage full is forfeited (a note)."""
        if not self.supply_has(tile, span, "receive"):
            return False
        if p.storage_free() < spaces(tile):
            self.report(R.storage.RULE, span, f"{p.name}'s storage is full: the {what} "
                        f"({self.tile(tile)}) is forfeited and stays in the supply",
                        severity="note")
            return False
        self.supply[tile] -= 1
        p.storage[tile] += 1
        return True

    def store_paid(self, p: Player, tile: Tile, span: Span) -> bool:
        """storage: 12 spaces, a mast takes 2; a paid tile cannot go to a full storage."""
        if p.storage_free() < spaces(tile):
            self.report(R.storage.RULE, span, f"{p.name}'s storage has {p.storage_free()} free "
                        f"space{'s' if p.storage_free() != 1 else ''}, "
                        f"a {self.tile(tile)} takes {spaces(tile)}; the tile is lost",
                        "place it on a ship, or do not buy it")
            self.supply[tile] += 1
            return False
        p.storage[tile] += 1
        self.landed[tile] += 1
        return True

    def place(self, p: Player, pl: Placement, ship: Ship | None, item: Item, tile: Tile,
              free: bool) -> Ship | None:
        """Put one tile where the placement says; return the ship if this completes it."""
        if pl.dest.kind == "store":
            if free:
                self._store_free(p, tile, item)
            else:
                self.store_paid(p, tile, item.span)
            return None
        if free:
            self.report(R.golden_rule.RULE, pl.dest.span, f"the {self.tile(tile)} cost 0 taler, so it "
                        "goes to storage first", f"write `{self.tile(tile)} >store`, and move it "
                        "to a ship with a transport action")
        if ship is None:
            self._fallback_to_store(p, tile, item)
            return None
        return self.put_checked(p, ship, tile, item.span)

    def _store_free(self, p: Player, tile: Tile, item: Item) -> None:
        if p.storage_free() < spaces(tile):
            self.report(R.storage.RULE, item.span, f"{p.name}'s storage is full: the free "
                        f"{self.tile(tile)} is forfeited and stays in the supply", severity="note")
            self.supply[tile] += 1
            return
        p.storage[tile] += 1
        self.landed[tile] += 1

    def _fallback_to_store(self, p: Player, tile: Tile, item: Item) -> None:
        if p.storage_free() >= spaces(tile):
            p.storage[tile] += 1
        else:
            self.supply[tile] += 1

    def ship_for(self, p: Player, pl: Placement) -> Ship | None:
        """ship-name: `>NAME` is an existing ship of the player, `>new NAME` a new name."""
        name = pl.dest.ship
        ship = p.ships.get(name.key)
        if pl.dest.kind == "new":
            if ship is not None:
                self.report(R.ship_name.RULE, name.span, f"{p.name} already has a ship called "
                            f"`{ship.name}`", f"write `>{ship.name}` to add to it, or choose "
                            "a new name")
                # Both ships stay in play; the name now means the new one.
                ship.doubtful = True
                p.ships[f"{name.key}\0{len(p.ships)}"] = p.ships.pop(name.key)
                ship = p.ships[name.key] = Ship(name=name.text, doubtful=True)
                p.misnamed = ship
                return ship
            ship = p.ships[name.key] = Ship(name=name.text)
            return ship
        if ship is None:
            return self.unknown_ship(p, name, f"start a ship with `>new {name.text}`; ")
        return ship

    def unknown_ship(self, p: Player, name, help_start: str = "") -> Ship:
        """ship-name: an unknown name is reported once and then stands for a doubtful ship."""
        if p.misnamed is not None:  # the ship started under a taken name: it is this one
            ship, p.misnamed = p.misnamed, None
        elif p.lost_turn:  # probably started in the missing turn
            ship = Ship(name=name.text, doubtful=True)
        else:
            known = ", ".join(s.name for s in p.ships.values()) or "none yet"
            self.report(R.ship_name.RULE, name.span, f"{p.name} has no ship called `{name.text}`",
                        f"{help_start}{p.name}'s ships: {known}")
            ship = Ship(name=name.text, doubtful=True)
        p.ships[name.key] = ship
        return ship

    def placing_problem(self, ship: Ship, tile: Tile) -> tuple[Rule, str] | None:
        """(rule, message) if the tile cannot go on the ship, else None."""
        kind, name = tile
        if kind == "hull":
            return self.hull_problem(ship, name)
        if kind == "mast":
            if len(ship.masts) >= ship.size:
                return (R.mast_place.RULE, f"every hull part of `{ship.name}` has a mast already"
                        if ship.size else f"`{ship.name}` has no hull part for a mast")
            return self.crest_problem(ship, name, "mast")
        if kind == "sail":
            if len(ship.sails) >= len(ship.masts):
                return (R.sail_place.RULE, f"every mast of `{ship.name}` has a sail already"
                        if ship.masts else f"`{ship.name}` has no mast for a sail")
            return self.crest_problem(ship, name, "sail")
        if len(ship.goods) >= ship.size:
            return (R.good_place.RULE, f"every hull part of `{ship.name}` carries a good already"
                    if ship.size else f"`{ship.name}` has no hull part for a good")
        return None

    def hull_problem(self, ship: Ship, part: str) -> tuple[Rule, str] | None:
        """hull-order, hull-size and one-ship: how hull parts join."""
        parts = ship.parts
        if not parts:
            return None
        if part == "1ship" or parts == ["1ship"]:
            return (R.one_ship.RULE, "a 1-ship hull is a ship by itself; nothing joins it")
        if ship.closed:
            return (R.hull_order.RULE, f"`{ship.name}` has its bow and stern, so its size is fixed")
        if part == "bow" and parts[0] == "bow":
            return (R.hull_order.RULE, f"`{ship.name}` has a bow already")
        if part == "stern" and parts[-1] == "stern":
            return (R.hull_order.RULE, f"`{ship.name}` has a stern already")
        if part == "middle" and parts.count("middle") >= 2:
            return (R.hull_size.RULE, f"`{ship.name}` has two middles; a ship has at most two")
        if len(parts) >= 4:
            return (R.hull_size.RULE, f"`{ship.name}` has four hull parts; a ship has at most four")
        return None

    def crest_problem(self, ship: Ship, crest: str, kind: str) -> tuple[Rule, str] | None:
        """one-crest: the masts and sails of a ship share one crest; crowns are jokers."""
        if crest != "crown" and ship.crest not in (None, crest):
            return (R.one_crest.RULE, f"`{ship.name}` carries {self.word(ship.crest)}, not "
                    f"{self.word(crest)}")
        return None

    def put_on_ship(self, ship: Ship, tile: Tile) -> None:
        kind, name = tile
        if kind == "hull":
            if name == "bow":
                ship.parts.insert(0, name)
            elif name == "middle" and ship.parts and ship.parts[-1] == "stern":
                ship.parts.insert(len(ship.parts) - 1, name)
            else:
                ship.parts.append(name)
        elif kind == "mast":
            ship.masts.append(name)
        elif kind == "sail":
            ship.sails.append(name)
        else:
            ship.goods.append(name)

    def put_checked(self, p: Player, ship: Ship, tile: Tile, span: Span) -> Ship | None:
        problem = None if ship.doubtful else self.placing_problem(ship, tile)
        if problem:
            ship.doubtful = True
            rule, message = problem
            stored = p.storage_free() >= spaces(tile)
            self.report(rule, span, message, f"{rule.help}" + (
                "; the referee stores the tile and goes on" if stored else
                "; the storage is full, so the referee drops the tile and goes on"))
            self.step(f"the {self.tile(tile)} does not fit on `{ship.name}`: "
                      + ("to storage instead" if stored else "dropped, the storage is full"), rule)
            if stored:
                p.storage[tile] += 1
            else:
                self.supply[tile] += 1
            return None
        self.put_on_ship(ship, tile)
        self.landed[tile] += 1
        if ship.complete and not ship.completed:
            ship.completed = True
            return ship
        return None

    # rewards -------------------------------------------------------------------------
    def rewards(self, p: Player, pl: Placement, completed: list[Ship], ship: Ship | None = None,
                placing_rule: Rule | None = None) -> None:
        """rewards: a completed ship gives one reward per mast, at most two of a kind."""
        self.placed_step(pl, ship, placing_rule, self.landed)
        for done in completed:
            taken = ", ".join(r.kind if r.kind != "goods" else f"goods {r.goods[0]} {r.goods[1]}"
                              for r in pl.rewards or [])
            self.step(f"`{done.name}` completed, a {done.size}-ship: {len(done.masts)} reward"
                      f"{'s' if len(done.masts) != 1 else ''}" + (f": {taken}" if taken else ""),
                      R.rewards.RULE)
        if not completed:
            if pl.rewards is not None and ship is not None and ship.doubtful:
                for r in pl.rewards:
                    self.take_reward(p, r)
            else:
                self.no_ship_completed(pl)
            return
        ship = completed[-1]
        need = len(ship.masts)
        if ship.doubtful:  # after an error on this ship, its rewards are taken as written
            for r in pl.rewards or []:
                self.take_reward(p, r)
            return
        if pl.rewards is None:
            self.report(R.rewards.RULE, pl.span, f"this completes `{ship.name}`: name its {need} "
                        f"reward{'s' if need > 1 else ''}", "write them in brackets after the "
                        "placement, like `[crown sail, 7t]`")
            return
        span = pl.rewards[0].span.merge(pl.rewards[-1].span)
        if len(pl.rewards) != need:
            self.report(R.rewards.RULE, span, f"`{ship.name}` has {need} mast{'s' if need > 1 else ''}, "
                        f"so {need} reward{'s' if need > 1 else ''}, not {len(pl.rewards)}",
                        "one reward per mast")
        counts = Counter(r.kind for r in pl.rewards)
        for r in pl.rewards[:need]:
            if counts[r.kind] > 2:
                self.report(R.rewards.RULE, r.span, f"`{r.kind}` is taken {counts[r.kind]} times",
                            "each reward at most twice per ship")
                counts[r.kind] = 0  # report once
                continue
            if r.kind == "goods" and r.goods[0] == r.goods[1]:
                self.report(R.rewards.RULE, r.span, "the goods reward is two different goods",
                            f"for example `goods {r.goods[0]} "
                            f"{next(g for g in vocab.GOODS if g != r.goods[0])}`")
                continue
            self.take_reward(p, r)

    def no_ship_completed(self, pl: Placement) -> None:
        """rewards: rewards follow only a placement that completes a ship (reading 12)."""
        if pl.rewards is not None:
            self.report(R.rewards.RULE, pl.rewards[0].span.merge(pl.rewards[-1].span),
                        "no ship was completed by this placement, so there are no rewards",
                        "rewards follow the placement that completes a ship")

    def placed_step(self, pl: Placement, ship: Ship | None, rule: Rule | None = None,
                    landed: Counter | None = None) -> None:
        """The step for a placement: the tiles that went where it says (`landed`; all of
        them if None).  A tile that went elsewhere has its own step or diagnostic."""
        shown = []
        for i in pl.items:
            tile = (i.kind, i.name)
            n = i.count if landed is None else min(i.count, landed[tile])
            if landed is not None:
                landed[tile] -= n
            if n:
                shown.append(f"{n} {self.tile(tile)}" if n > 1 else self.tile(tile))
        if not shown:
            return
        items = ", ".join(shown)
        if pl.dest.kind == "store" or ship is None:
            text, rule = f"{items} to storage", rule or R.storage.RULE
        else:
            text = f"{items} to `{ship.name}`, which now has {ship.describe(self.word)}"
            rule = rule or PLACING_RULE[pl.items[0].kind]
        self.step(("free tile " if pl.gift else "") + text, R.gift.RULE if pl.gift else rule)

    def take_reward(self, p: Player, r) -> None:
        if r.kind == "3vp":
            self.gain_vp(p, 3, "rewards")
        elif r.kind == "7t":
            p.taler += 7
        elif r.kind == "3w":
            p.workers += 3
        elif r.kind in ("crown mast", "crown sail"):
            self.receive_free(p, (r.kind.split()[1], "crown"), r.span, "reward")
        else:
            for good in r.goods:
                self.receive_free(p, ("good", good), r.span, "reward")

    # transport, money, crowns, deliver -------------------------------------------------
    def transport(self, p: Player, clause: ActionClause, use: _Use) -> None:
        """transport: tiles from storage onto ships, one worker a tile."""
        for pl in clause.placements:
            if pl.dest.kind == "store" or pl.gift:
                self.report(R.transport.RULE, pl.dest.span if not pl.gift else pl.span,
                            "transport moves tiles from storage onto a ship",
                            "write the ship: `>NAME` or `>new NAME`")
                continue
            completed = []
            ship = self.ship_for(p, pl)
            self.landed.clear()
            for item in pl.items:
                for _ in range(item.count):
                    tile = (item.kind, item.name)
                    if p.storage[tile] <= 0:
                        self.report(R.transport.RULE, item.span, f"{p.name} has no {self.tile(tile)} "
                                    "in storage", "only stored tiles can be transported")
                        continue
                    self.use_worker(p, use, item.span)
                    if ship is None:
                        continue
                    p.storage[tile] -= 1
                    done = self.put_checked(p, ship, tile, item.span)
                    if done is not None:
                        completed.append(done)
            self.rewards(p, pl, completed, ship, R.transport.RULE)
        self.check_claim(clause.claim, 0, "t", "the price of a transport is",
                         "transport costs workers, no taler")

    def money(self, p: Player, clause: ActionClause, use: _Use) -> None:
        """Money: 2 taler per worker used."""
        if not self.uses_at_least_one(clause):
            return
        for _ in range(clause.workers):
            self.use_worker(p, use, clause.span)
        p.taler += 2 * clause.workers
        working = f"{count(clause.workers, 'worker')} x 2 taler = {2 * clause.workers} taler"
        self.step(working)
        self.check_claim(clause.claim, 2 * clause.workers, "t", "the money received is", working)

    def uses_at_least_one(self, clause: ActionClause) -> bool:
        if clause.workers == 0:
            self.report(R.turn_content.RULE, clause.span, "an action is used at least once",
                        "write `pass` if the player did not perform the action")
            return False
        return True

    def crowns(self, p: Player, clause: ActionClause, use: _Use, extra: bool) -> None:
        """crown-cap: crowns x workers victory points, at most 15 a round (the Extra Action apart)."""
        if not self.uses_at_least_one(clause):
            return
        for _ in range(clause.workers):
            self.use_worker(p, use, clause.span)
        crowns = p.crowns()
        room = CROWN_CAP if extra else CROWN_CAP - p.crown_vp_this_round
        raw = crowns * clause.workers
        gained = max(0, min(raw, room))
        self.gain_vp(p, gained, "crowns")
        masts, sails, tiles = p.crowns_breakdown()
        self.step(f"{crowns} crown{'s' if crowns != 1 else ''} ({masts} crown mast"
                  f"{'s' if masts != 1 else ''}, {sails} crown sail{'s' if sails != 1 else ''}, "
                  f"{tiles} pass tile{'s' if tiles != 1 else ''}) x {clause.workers} worker"
                  f"{'s' if clause.workers != 1 else ''} = {raw} VP"
                  + (f", cap {room}: {gained} VP" if raw > room else f" (cap {CROWN_CAP})"),
                  R.crown_cap.RULE)
        if not extra:
            p.crown_vp_this_round += gained
        if raw > room:
            useful = -(-room // crowns) if crowns else 0
            wasted = clause.workers - useful
            if wasted > 0:
                self.report(R.crown_cap.RULE, clause.span, f"{count(crowns, 'crown')} x "
                            f"{count(clause.workers, 'worker')} = {raw} points, capped at {room}: "
                            f"{count(wasted, 'worker')} earned nothing",
                            f"{count(useful, 'worker')} reach{'es' if useful == 1 else ''} the cap",
                            severity="note")
        capped = raw > room
        self.check_claim(clause.claim, gained, "vp",
                         f"the crown cap (`crown-cap`) allows {room} points this round: the crowns "
                         "give" if capped else "the crowns give",
                         f"{count(crowns, 'crown')} x {count(clause.workers, 'worker')} = {raw}"
                         + (f", capped at {room} by `crown-cap`" if capped else "")
                         + f": {gained} point{'s' if gained != 1 else ''}"
                         + ("; `nauticus-ref rules crown-cap` explains the cap" if capped else ""))

    def deliver(self, p: Player, clause: ActionClause, use: _Use) -> None:
        """deliver: only complete, fully loaded ships, one worker per good, the whole cargo."""
        seen = set()
        for name in clause.ships:
            ship = p.ships.get(name.key) or self.unknown_ship(p, name)
            if name.key in seen:
                self.report(R.deliver.RULE, name.span, f"`{ship.name}` is named twice",
                            "a ship is unloaded once")
                continue
            seen.add(name.key)
            if not ship.doubtful and self.delivery_problem(ship, name):
                continue
            for _ in ship.goods:
                self.use_worker(p, use, name.span)
            self.step(f"`{ship.name}` delivers {' '.join(ship.goods) or 'nothing'}: one worker "
                      "per good", R.deliver.RULE)
            p.delivered.update(ship.goods)
            ship.goods.clear()

    def delivery_problem(self, ship: Ship, name) -> bool:
        """deliver: only complete, fully loaded ships."""
        if not ship.complete:
            self.report(R.deliver.RULE, name.span, f"`{ship.name}` is not complete: "
                        f"{ship.describe(self.word)}",
                        "only a finished ship (hull, masts and sails) delivers")
            return True
        if not ship.loaded:
            self.report(R.deliver.RULE, name.span, f"`{ship.name}` carries {len(ship.goods)} "
                        f"good{'s' if len(ship.goods) != 1 else ''} on {ship.size} hull "
                        "parts", "a ship delivers only with a good under every hull part")
            return True
        return False

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
