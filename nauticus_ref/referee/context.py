"""What every effect of a move works with: the table, the rules to ask, and the report.

`Referee` holds the table (`game/table.py`) and the record being replayed, asks the
rules at each moment (`ask`, `first`), and keeps what the replay reports: findings,
steps (what the referee worked out, for explain and annotate) and the ledger of
victory points.  The effects of the moves are functions over it, one module for each
part of the table they touch (see engine.py).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, NamedTuple, Sequence

from nauticus_ref import rules
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.board import Board
from nauticus_ref.game.state import Player, Tile
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Name, Phase, Record, Turn, remap_crests
from nauticus_ref.referee.result import LedgerEntry, PlayerView, ShipView, Step, TableView
from nauticus_ref.rules import moments

#: After this many errors the replay stops and says so (no one reads further).
MAX_RULE_ERRORS = 200


class TooManyErrors(Exception):
    pass


class Checkpoint(NamedTuple):
    """What a turn can change, copied out, so that the turn can be taken back
    (`Referee.rollback`): the simulator tries candidate turns this way.  A named tuple,
    as the moments' facts are: most runs never take one, and defining it costs a
    fraction of a frozen dataclass."""

    players: list[Player]  # copies (`Player.__deepcopy__` copies only what can change)
    supply: Counter[Tile]
    done: list[Player]
    #: the phase's order and the bonus still to give: the first turn settles them after
    #: a wrong start player (`engine.settle_start`)
    start: tuple[list[Player], tuple[Phase, int] | None]
    lengths: tuple[int, int, int]  # diagnostics, steps, ledger
    scalars: tuple[bool, int, int, int]


class Referee:
    """The table, the rules to ask, and what the replay of one record reports."""

    def __init__(
        self,
        record: Record,
        board: Board,
        until_line: int | None = None,
        lines: Sequence[str] | None = None,
        steps: bool = True,
        off: frozenset[str] = frozenset(),
    ):
        # `crests:` names the crests in the board's order (docs/notation.md); the parser, which
        # knows no board, gives the words the default crests by position.
        order = board.tiles["masts"]
        if record.header.crests and order != vocab.DEFAULT_CRESTS:
            record = remap_crests(record, dict(zip(vocab.DEFAULT_CRESTS, order)))
        self.rec = record
        words = dict(
            zip(order if record.header.crests else vocab.DEFAULT_CRESTS, record.crest_words)
        )
        words["crown"] = "crown"
        self.table = Table(board, words)
        #: the record's text, where known: some fixes move whole lines
        self.lines = lines
        #: replay only what stands on lines 1..until_line (the state after that line)
        self.until = until_line if until_line is not None else float("inf")
        #: the rules to ask at each moment: every rule but those the settings turn off
        self.off = off
        self.judges = rules.judges(off)
        self.diags: list[Diagnostic] = []
        self.error_count = 0
        #: after a wrong start player, the two who may have started; the phase's bonus
        #: waits for whichever of them writes the first turn
        self.start_candidates: tuple[Player, ...] = ()
        self.pending_bonus: tuple[Phase, int] | None = None
        #: the turn lines of the phase in play, for fixes that move them
        self.phase_turns: Sequence[Turn] = ()
        self.setup_pending = False
        self.actor: Player | None = None  # whose move is being replayed
        self.line_no = 0  # the source line being replayed
        self.steps: list[Step] = []
        #: whether to write the steps at all: explain and annotate read them; validate
        #: and score do not, and spare the replay a third of its work
        self.keep_steps = steps
        #: tiles of the placement being replayed that went where it says (for its step)
        self.landed: Counter[Tile] = Counter()
        #: every change of victory points
        self.ledger: list[LedgerEntry] = []

    # -- asking the rules ------------------------------------------------------------
    def ask(self, at: object) -> bool:
        """Ask the rules that judge the moment `at` (its facts, `rules/moments.py`),
        record what they find, and say whether they found anything."""
        found = False
        table = self.table
        for judge in self.judges[type(at)]:
            finding = judge(table, at)
            if finding is None:
                continue
            for d in finding if isinstance(finding, list) else (finding,):
                self.flag(d)
                found = True
        return found

    def first(self, at: object) -> Diagnostic | None:
        """The first finding of the rules that judge the moment `at`, not recorded."""
        for judge in self.judges[type(at)]:
            finding = judge(self.table, at)
            if finding:
                return finding[0] if isinstance(finding, list) else finding
        return None

    # -- reporting -------------------------------------------------------------
    def flag(self, finding: Diagnostic) -> None:
        """Record a finding.  An error taints the player whose move it is."""
        self.diags.append(finding)
        if finding.severity == "error":
            self.taint(self.actor, finding.span)
            self.error_count += 1
            if self.error_count >= MAX_RULE_ERRORS:
                raise TooManyErrors

    @staticmethod
    def taint(p: Player | None, span: Span) -> None:
        if p is not None and p.tainted_at is None:
            p.tainted_at = span.line
        if p is not None and p.first_error is None:
            p.first_error = span.line

    def step(
        self,
        text: str,
        topic: str | None = None,
        player: Player | None = None,
        kind: str = "move",
        rule: str | None = None,
    ) -> None:
        """What the referee worked out on the line being replayed; `topic` says what kind
        of effect it is (`rules.EXPLAINER[topic]` is the rule that explains it), or `rule`
        names the rule whose finding it follows."""
        if not self.keep_steps:
            return
        who = player or self.actor
        if topic is not None:
            rule = rules.EXPLAINER[topic]
        self.steps.append(
            Step(
                line=self.line_no, player=who.name if who else None, rule=rule, text=text, kind=kind
            )
        )

    def gain_vp(self, p: Player, points: int, source: str) -> None:
        p.vp += points
        self.ledger.append(LedgerEntry(self.table.round_no, self.line_no, p.name, source, points))

    def player(self, name: Name) -> Player | None:
        """The player `name` names, if one of the table's."""
        self.ask(moments.PlayerNamed(name))
        return self.table.by_key.get(name.key)

    # -- taking a turn back --------------------------------------------------------
    def checkpoint(self) -> Checkpoint:
        """The state a turn can change, to take the turn back with `rollback`."""
        t = self.table
        return Checkpoint(
            players=[copy.deepcopy(p) for p in t.players],
            supply=t.supply.copy(),
            done=list(t.phase.done) if t.phase is not None else [],
            start=(list(t.phase.order) if t.phase is not None else [], self.pending_bonus),
            lengths=(len(self.diags), len(self.steps), len(self.ledger)),
            scalars=(t.round_ended, t.rounds_played, t.anchor, self.error_count),
        )

    def failed_since(self, cp: Checkpoint) -> bool:
        """Whether anything worse than a note was reported since `cp`."""
        return any(d.severity != "note" for d in self.diags[cp.lengths[0] :])

    def rollback(self, cp: Checkpoint) -> None:
        """Back to `cp`: players, supply, the phase's turns and order, the bonus still to
        give, findings, steps, ledger, and the error count (a turn taken back must not count towards the error cap)."""
        t = self.table
        for p, saved in zip(t.players, cp.players):
            vars(p).update(vars(copy.deepcopy(saved)))
        t.supply = cp.supply.copy()
        if t.phase is not None:
            t.phase.done[:] = cp.done
            t.phase.order = list(cp.start[0])
        self.pending_bonus = cp.start[1]
        del self.diags[cp.lengths[0] :], self.steps[cp.lengths[1] :], self.ledger[cp.lengths[2] :]
        t.round_ended, t.rounds_played, t.anchor, self.error_count = cp.scalars
        self.actor = None

    # -- the whole state, for a mark -------------------------------------------------
    def state(self) -> dict[str, Any]:
        """A copy of everything the replay changes (for `Mark`, engine.py)."""
        return _copy_state({k: v for k, v in vars(self).items() if k not in _NOT_STATE})

    def restore(self, state: dict[str, Any]) -> None:
        vars(self).update(_copy_state(state))

    def snapshot(self) -> TableView:
        """The table now, as plain frozen values (nothing in it is shared with the replay)."""
        t = self.table
        players = tuple(
            PlayerView(
                name=p.name,
                seat=p.seat,
                vp=p.vp,
                taler=p.taler,
                workers=p.workers,
                storage=Counter(p.storage),
                delivered=Counter(p.delivered),
                passed=p.passed,
                extra_used=p.extra_used,
                storage_used=p.storage_used,
                crown_tiles=p.crowns_breakdown(),
                ships={
                    k: ShipView(
                        name=s.name,
                        parts=tuple(s.parts),
                        masts=tuple(s.masts),
                        sails=tuple(s.sails),
                        goods=tuple(s.goods),
                        complete=s.complete,
                    )
                    for k, s in p.ships.items()
                },
            )
            for p in t.players
        )
        ph = t.phase
        start = (
            ph.order[0]
            if ph is not None and ph.order
            else t.expected_start(t.phase_no + 1)
            if t.round_no and not t.round_ended
            else None
        )
        to_move = next((p for p in ph.order if p not in ph.done), None) if ph else None
        return TableView(
            board=t.board,
            players=players,
            supply=Counter(t.supply),
            deal=tuple(t.deal),
            flipped=tuple(t.flipped),
            anchor=t.anchor,
            next_anchor=t.next_anchor,
            round_no=t.round_no,
            phase_no=t.phase_no,
            round_ended=t.round_ended,
            rounds_played=t.rounds_played,
            max_rounds=t.max_rounds,
            phase_blue=ph.blue if ph is not None else None,
            phase_action=ph.action if ph is not None else None,
            start_seat=start.seat if start is not None else None,
            to_move_seat=to_move.seat if to_move is not None else None,
            crest_words=dict(t.crest_words),
        )


#: What a mark does not copy: the record and its text (read-only), the rules, the hooks.
_NOT_STATE = frozenset({"rec", "lines", "until", "off", "judges", "keep_steps"})
#: The lists a replay only appends frozen values to: a shallow copy keeps them.
_APPEND_ONLY = ("diags", "steps", "ledger")


def _copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of a replay's state that shares nothing with it but frozen values (the
    record's nodes, findings, steps, ledger entries; the counter holds only tiles and
    numbers; the table copies itself, `Table.__deepcopy__`)."""
    lists: dict[str, Any] = {k: list(state[k]) for k in _APPEND_ONLY}
    lists["landed"] = Counter(state["landed"])
    pending = state["pending_bonus"]
    copied = copy.deepcopy(
        {k: v for k, v in state.items() if k not in lists and k != "phase_turns"},
        {id(pending[0]): pending[0]} if pending else {},
    )
    copied["phase_turns"] = state["phase_turns"]  # the record's own lines, read-only
    copied.update(lists)
    return copied
