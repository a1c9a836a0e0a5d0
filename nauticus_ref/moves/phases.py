"""The phase lines the start player could write next: each face-up action with each
bonus choice its space allows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from nauticus_ref.core.span import Span
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Action, Bonus, Name, Phase
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.referee.context import Referee, TooManyErrors
from nauticus_ref.referee.wheel import start_phase


@dataclass(frozen=True, slots=True)
class PhaseOption:
    """One legal phase line: the start player takes `action`, choosing `bonus` (the
    record's word for it; None where the space needs no choice, or has none to give)."""

    number: int
    player: str
    action: str
    bonus: str | None

    def ngn(self) -> str:
        """The option as a canonical phase line."""
        return f"{self.number}. {quoted(self.player)} {self.action}" + (
            f" bonus {self.bonus}" if self.bonus else ""
        )


def phase_options(r: Referee, line: int) -> list[PhaseOption]:
    """Every phase line legal as the next one, on line `line`, on the table `r` holds
    (left as it was): in the deal's order, each action's choices in the board's order.
    None when the round has had its seven phases (a round line comes next)."""
    t = r.table
    if t.round_ended or t.phase_no >= 7:
        return []
    number = t.phase_no + 1
    start = t.expected_start(number)
    if start is None:
        return []
    span = Span(line=line, column=1, end_line=line, end_column=2)
    saved = r.state()  # each candidate is played from here, and the table put back
    out = []
    for action in t.deal:
        if action in t.flipped:
            continue
        kind = t.board.bonuses[t.deal.index(action)]
        for value, word in _choices(r, kind):
            phase = Phase(
                span=span,
                number=number,
                player=Name(span=span, text=start.name),
                action=cast(Action, action),
                action_span=span,
                bonus=Bonus(span=span, kind="good" if kind == "w+good" else "crest", value=value)
                if value
                else None,
            )
            if legal(r, phase, saved):
                out.append(PhaseOption(number, start.name, action, word))
    return out


def _choices(r: Referee, kind: str) -> list[tuple[str | None, str | None]]:
    """The bonus choices a `kind` space could take, as (the tile's name, the record's
    word for it): a good, or a regular crest; none for the other spaces."""
    t = r.table
    if kind == "w+good":
        return [(g, g) for g in vocab.GOODS] + [(None, None)]
    if kind in ("mast", "sail"):
        return [(c, t.word(c)) for c in t.board.tiles["masts"]] + [(None, None)]
    return [(None, None)]


def legal(r: Referee, phase: Phase, saved: dict[str, Any] | None = None) -> bool:
    """Whether the phase line draws no error: played on the table, which is then put back
    as `saved` (`Referee.state`; taken here if not given) holds it."""
    saved = r.state() if saved is None else saved
    before = len(r.diags)
    try:
        start_phase(r, phase)
        return not any(d.severity == "error" for d in r.diags[before:])
    except TooManyErrors:  # the record's errors so far reached the cap: judged by this one
        return False
    finally:
        r.restore(saved)
