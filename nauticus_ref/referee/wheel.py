"""Effects on the wheel and the rounds: the deal, phases, the start player, the bonus,
and the round's end."""

from __future__ import annotations

from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import PASS_PENALTY, Player
from nauticus_ref.game.table import PhaseInPlay
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Bonus, Phase, Round
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.context import Referee
from nauticus_ref.referee.stock import receive_free
from nauticus_ref.rules import moments

#: (workers, VP, taler) for the bonuses that need no choice.
BONUS_GAINS = {
    "3w": (3, 0, 0),
    "2w": (2, 0, 0),
    "2vp": (0, 2, 0),
    "w+vp": (1, 1, 0),
    "4t": (0, 0, 4),
}


# -- rounds ----------------------------------------------------------------
def start_round(r: Referee, rnd: Round) -> None:
    t = r.table
    r.line_no = rnd.span.line
    if not t.round_ended and t.phase is not None:
        missing_turns(r, rnd.span)
        r.ask(moments.RoundCut(rnd))
        end_round(r)
    r.ask(moments.RoundStart(rnd))
    t.round_no = t.expected_round  # its place in the game, whatever was written
    t.deal = list(rnd.deal)
    r.ask(moments.Deal(rnd))
    setup = r.rec.setup
    if r.setup_pending and setup is not None:
        r.setup_pending = False
        t.flipped = list(setup.flipped)
        t.phase_no = setup.phase - 1
        if setup.flipped and setup.flipped[0] in t.deal:
            t.next_anchor = t.deal.index(setup.flipped[0])
        r.ask(moments.SetupRound(setup, rnd))
    else:
        if t.next_anchor is not None:  # the wheel turns between two rounds
            t.anchor = t.next_anchor
        t.flipped = []
        t.phase_no = 0
        t.next_anchor = None
        for p in t.players:
            p.crown_vp_this_round = 0
    t.expected_round = rnd.number + 1
    t.round_ended = False
    t.phase = None


def end_round(r: Referee) -> None:
    """Round end: lose points for the pass tiles not flipped, then turn them back."""
    t = r.table
    for p in t.players:
        penalty = PASS_PENALTY[min(p.passed, 3)]
        r.gain_vp(p, -penalty, "pass penalty")
        r.step(
            _(
                "end of round {round}: {tiles} flipped, {penalty}; now {vp} VP, {taler} taler, {workers}"
            ).format(
                round=t.round_no,
                tiles=count(p.passed, "pass tile"),
                penalty=f"-{penalty} VP" if penalty else _("no penalty"),
                vp=p.vp,
                taler=p.taler,
                workers=count(p.workers, "worker"),
            ),
            None,
            p,
            "round-end",
        )
        p.passed = 0
        p.crown_vp_this_round = 0
    t.round_ended = True
    t.rounds_played += 1


# -- phases ----------------------------------------------------------------
def start_phase(r: Referee, phase: Phase) -> None:
    t = r.table
    r.line_no = phase.span.line
    missing_turns(r, phase.span)
    r.start_candidates = ()
    r.ask(moments.PhaseStart(phase))
    t.phase_no += 1  # the phase's place in the round, whatever number was written
    start = start_player(r, phase)
    r.ask(moments.ActionChosen(phase))
    space = t.deal.index(phase.action) if phase.action in t.deal else None
    t.flipped.append(phase.action)
    if space is not None and len(t.flipped) == 1 and t.next_anchor is None:
        t.next_anchor = space
    blue = t.board.blue_workers(space, t.anchor) if space is not None else 0
    if space is not None and r.keep_steps:
        prices = (
            ", ".join(
                f"{t.tile((vocab.ITEM_KIND_OF_ACTION[phase.action], i))} {n}"
                for i, n in zip(t.board.tiles[phase.action], t.board.prices[space])
            )
            if phase.action in t.board.tiles
            else ""
        )
        r.step(
            _("`{action}` lies on the {space} space: {blue}").format(
                action=phase.action, space=t.board.bonuses[space], blue=count(blue, "blue worker")
            )
            + (_("; prices: {prices}").format(prices=prices) if prices else ""),
            "wheel",
            start,
            "phase",
        )
    order = t.clockwise_from(start) if start else t.players
    t.phase = PhaseInPlay(
        number=phase.number, action=phase.action, space=space, blue=blue, order=order
    )
    r.phase_turns = phase.turns
    r.pending_bonus = None
    if start is not None and space is not None:
        if r.start_candidates:
            r.pending_bonus = (phase, space)  # to whoever of the two plays first
        else:
            give_bonus(r, phase, start, space)


def start_player(r: Referee, phase: Phase) -> Player | None:
    """The phase line's start player; after a wrong one, either of the two may start
    (`start_candidates`) and both are tainted."""
    expected = r.table.expected_start()
    if expected is None:
        return None
    written = r.table.by_key.get(phase.player.key)
    if written is None:
        r.player(phase.player)
        return expected
    if r.ask(moments.StartPlayer(phase, written, expected)):
        r.taint(written, phase.player.span)  # the bonus went to one of them
        r.taint(expected, phase.player.span)
        r.start_candidates = (written, expected)
    return written


def give_bonus(r: Referee, phase: Phase, p: Player, space: int) -> None:
    r.actor = p
    bonus(r, phase, p, space)
    r.actor = None


def bonus(r: Referee, phase: Phase, p: Player, space: int) -> None:
    """The start player takes the space's bonus, as chosen on the phase line."""
    kind = r.table.board.bonuses[space]
    b = phase.bonus
    if b is not None and b.kind == "claim":
        if r.ask(moments.BonusClaimed(phase, kind)) and kind not in vocab.CLAIMABLE_BONUSES:
            return  # the choice is unknown: one report is enough
        b = None
    if kind in ("mast", "sail", "w+good") and bonus_exhausted(r, kind, p, b):
        return
    chosen = moments.BonusChosen(phase, kind, b)
    if kind in ("mast", "sail"):
        if r.ask(chosen) or b is None or b.kind != "crest" or b.value == "crown":
            return
        tile = r.table.tile((kind, b.value))
        r.step(
            (
                _("bonus of the {kind} space: an {tile} to storage")
                if tile[0] in "aeiou"
                else _("bonus of the {kind} space: a {tile} to storage")
            ).format(kind=kind, tile=tile),
            "bonus",
        )
        receive_free(r, p, (kind, b.value), b.span, "bonus")
    elif kind == "w+good":
        p.workers += 1
        if r.ask(chosen) or b is None or b.kind != "good":
            return
        r.step(
            _("bonus of the worker + good space: +1 worker, a {good} to storage").format(
                good=b.value
            ),
            "bonus",
        )
        receive_free(r, p, ("good", b.value), b.span, "bonus")
    else:
        r.ask(chosen)
        workers, vp, taler = BONUS_GAINS[kind]
        p.workers += workers
        p.taler += taler
        if vp:
            r.gain_vp(p, vp, "bonus")
        r.step(
            _("bonus of the {kind} space: {gains}").format(
                kind=kind,
                gains=", ".join(
                    "+" + text
                    for n, text in (
                        (workers, count(workers, "worker")),
                        (vp, f"{vp} VP"),
                        (taler, _("{n} taler").format(n=taler)),
                    )
                    if n
                ),
            ),
            "bonus",
        )


def bonus_exhausted(r: Referee, kind: str, p: Player, b: Bonus | None) -> bool:
    """When every stack the bonus could come from is empty, nothing is chosen and
    nothing comes; the worker of worker + good still comes (reading 11)."""
    t = r.table
    tiles = (
        [("good", g) for g in vocab.GOODS]
        if kind == "w+good"
        else [(kind, c) for c in t.board.tiles[kind + "s"]]
    )
    if any(t.supply[tile] > 0 for tile in tiles):
        return False
    if kind == "w+good":
        p.workers += 1
    r.step(
        (
            _(
                "bonus of the {kind} space: every stack of goods is empty, so no tile comes; +1 worker"
            )
            if kind == "w+good"
            else _(
                "bonus of the {kind} space: every stack of regular {kind}s is empty, so no tile comes"
            )
        ).format(kind=kind),
        "empty-stack",
    )
    r.ask(moments.BonusEmpty(kind, b))
    return True


def missing_turns(r: Referee, at: Span) -> None:
    """A phase ends only when every player has had a turn: those without are tainted
    (their state is unknown from here)."""
    phase = r.table.phase
    missing = tuple(p for p in phase.order if p not in phase.done) if phase else ()
    for p in missing:
        r.taint(p, at)
        p.lost_turn = True
    r.ask(moments.PhaseEnd(missing, at))
