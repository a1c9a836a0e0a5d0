"""The table the referee keeps while it replays: state, reporting, and the stock.

The bottom layer of the replay (see engine.py): the players and supply, how a finding
is reported and a step recorded, and the moves of tiles, taler and workers that every
action shares (paying, using a worker, taking from the supply, storing).
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from nauticus_ref import rules as R
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.board import Board
from nauticus_ref.game.state import Player, Tile, spaces, tile_text
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Action, Item, Name, Phase, Record, remap_crests
from nauticus_ref.referee.result import LedgerEntry, PlayerView, ShipView, Step, TableView
from nauticus_ref.rules.rule import Rule

#: After this many errors the replay stops and says so (no one reads further).
MAX_RULE_ERRORS = 200


class TooManyErrors(Exception):
    pass




@dataclass
class Uses:
    """Workers for one clause: blue ones from the wheel first, then the player's own."""

    blue: int
    used: int = 0
    own: int = 0


@dataclass
class PhaseContext:
    phase: Phase
    action: str
    space: int | None
    blue: int
    order: list[Player]
    done: list[Player] = field(default_factory=list)


@dataclass(frozen=True)
class Checkpoint:
    """What a turn can change, copied out, so that the turn can be taken back
    (`Table.rollback`): the simulator tries candidate turns this way."""

    players: list[dict[str, object]]
    supply: Counter[Tile]
    done: list[Player]
    lengths: tuple[int, int, int]     # diagnostics, steps, ledger
    scalars: tuple[bool, int, int, int]


class Table:
    """What the replay knows at any moment, and the moves every action shares."""

    def __init__(self, record: Record, board: Board, until_line: int | None = None,
                 lines: Sequence[str] | None = None, steps: bool = True):
        # `crests:` names the crests in the board's order (docs/notation.md); the parser, which
        # knows no board, gives the words the default crests by position.
        order = board.tiles["masts"]
        if record.header.crests and order != vocab.DEFAULT_CRESTS:
            record = remap_crests(record, dict(zip(vocab.DEFAULT_CRESTS, order)))
        self.rec = record
        self.board = board
        #: the record's text, where known: some fixes move whole lines
        self.lines = lines
        #: replay only what stands on lines 1..until_line (the state after that line)
        self.until = until_line if until_line is not None else float("inf")
        self.diags: list[Diagnostic] = []
        crest_words = record.crest_words
        self._crest_word = dict(zip(order if record.header.crests else vocab.DEFAULT_CRESTS,
                                    crest_words))
        self._crest_word["crown"] = "crown"
        self.players: list[Player] = []
        self.by_key: dict[str, Player] = {}
        self.supply: Counter[Tile] = Counter()
        self.round_no = 0
        self.max_rounds = 5
        self.deal: list[Action] = []
        self.flipped: list[Action] = []
        self.anchor = 0                 # the board space the wheel's anchor points at
        self.next_anchor: int | None = None
        self.phase_no = 0
        self.ctx: PhaseContext | None = None
        #: after a wrong start player, the two who may have started; the phase's bonus
        #: waits for whichever of them writes the first turn
        self.start_candidates: tuple[Player, ...] = ()
        self.pending_bonus: tuple[Phase, int] | None = None
        self.round_ended = True
        self.rounds_played = 0
        self.expected_round = 1
        self.setup_pending = False
        self.actor: Player | None = None   # whose move is being replayed
        self.line_no = 0                     # the source line being replayed
        self.error_count = 0
        self.steps: list[Step] = []
        #: whether to write the steps at all: explain and annotate read them; validate
        #: and score do not, and spare the replay a third of its work
        self.keep_steps = steps
        #: tiles of the placement being replayed that went where it says (for its step)
        self.landed: Counter[Tile] = Counter()
        #: every change of victory points
        self.ledger: list[LedgerEntry] = []

    # -- reporting -------------------------------------------------------------
    def flag(self, finding: Diagnostic | None) -> bool:
        """Record what a rule's check found (`rules/`), if anything; whether it found
        something.  An error taints the player whose move it is."""
        if finding is None:
            return False
        self.diags.append(finding)
        if finding.severity == "error":
            self.taint(self.actor, finding.span)
            self.error_count += 1
            if self.error_count >= MAX_RULE_ERRORS:
                raise TooManyErrors
        return True

    def flag_all(self, findings: list[Diagnostic]) -> None:
        """Record every finding of a check that can find several."""
        for finding in findings:
            self.flag(finding)

    @staticmethod
    def taint(p: Player | None, span: Span) -> None:
        if p is not None and p.tainted_at is None:
            p.tainted_at = span.line
        if p is not None and p.first_error is None:
            p.first_error = span.line

    def step(self, text: str, rule: Rule | None = None, player: Player | None = None,
             kind: str = "move") -> None:
        if not self.keep_steps:
            return
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

    def checkpoint(self) -> Checkpoint:
        """The state a turn can change, to take the turn back with `rollback`."""
        return Checkpoint(players=[copy.deepcopy(vars(p)) for p in self.players],
                          supply=self.supply.copy(),
                          done=list(self.ctx.done) if self.ctx is not None else [],
                          lengths=(len(self.diags), len(self.steps), len(self.ledger)),
                          scalars=(self.round_ended, self.rounds_played, self.anchor,
                                   self.error_count))

    def failed_since(self, cp: Checkpoint) -> bool:
        """Whether anything worse than a note was reported since `cp`."""
        return any(d.severity != "note" for d in self.diags[cp.lengths[0]:])

    def rollback(self, cp: Checkpoint) -> None:
        """Back to `cp`: players, supply, the phase's turns, findings, steps, ledger, and the
        error count (a turn taken back must not count towards the error cap)."""
        for p, saved in zip(self.players, cp.players):
            vars(p).update(copy.deepcopy(saved))
        self.supply = cp.supply.copy()
        if self.ctx is not None:
            self.ctx.done[:] = cp.done
        del self.diags[cp.lengths[0]:], self.steps[cp.lengths[1]:], self.ledger[cp.lengths[2]:]
        self.round_ended, self.rounds_played, self.anchor, self.error_count = cp.scalars
        self.actor = None

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

    def player(self, name: Name) -> Player | None:
        """The player `name` names (unknown-player: every name is one of the header's)."""
        if self.flag(R.unknown_player.check(name, self.by_key)):
            return None
        return self.by_key[name.key]

    def clockwise_from(self, p: Player) -> list[Player]:
        return self.players[p.seat:] + self.players[:p.seat]

    def use_worker(self, p: Player, use: Uses, span: Span) -> None:
        """workers: each use takes a worker, the blue ones on the wheel first."""
        use.used += 1
        if use.used <= use.blue:
            return
        use.own += 1
        if "workers" not in p.short and self.flag(R.workers.check(p, use.used, use.blue, span)):
            p.short.add("workers")   # not reported short again until a check line
        p.workers -= 1

    def pay(self, p: Player, amount: int, span: Span, what: str) -> None:
        """taler: a price is paid in full from the player's taler."""
        if "taler" not in p.short and self.flag(R.taler.check(p, amount, span, what)):
            p.short.add("taler")
        p.taler -= amount

    def supply_has(self, tile: Tile, span: Span, verb: str) -> bool:
        """supply: no tile from an empty stack."""
        return not self.flag(R.supply.check(self.supply, tile, span, verb, self.word))

    def receive_free(self, p: Player, tile: Tile, span: Span, what: str) -> bool:
        """A free tile (a reward, a bonus, a free tile) from the supply to storage, unless
        the storage is full (storage: then it is forfeited)."""
        if not self.supply_has(tile, span, "receive"):
            return False
        if self.flag(R.storage.check_free(p, tile, span, f"{what} ({self.tile(tile)})")):
            return False
        self.supply[tile] -= 1
        p.storage[tile] += 1
        return True

    def store(self, p: Player, tile: Tile, item: Item, free: bool) -> None:
        """A tile taken from the supply, to storage: a paid one that finds no room is
        lost, a free one forfeited (storage)."""
        if self.flag(R.storage.check_free(p, tile, item.span, f"free {self.tile(tile)}") if free
                     else R.storage.check_paid(p, tile, item.span, self.word)):
            self.supply[tile] += 1
            return
        p.storage[tile] += 1
        self.landed[tile] += 1

    def _fallback_to_store(self, p: Player, tile: Tile) -> None:
        if p.storage_free >= spaces(tile):
            p.storage[tile] += 1
        else:
            self.supply[tile] += 1
