"""Whether a turn is legal, asked of the referee itself: the turn is played on the table
with the referee's own effects, every rule of its moments asked under the record's
settings, and the table is put back.  The same question `validate` answers for a line,
so a rule added or turned off is seen here with no change.

The listing of turns (turns.py) is generated, not judged, and follows the rules in
`FOLLOWED`.  Where the rules in force at a turn's moments are others (a rule turned off
in the settings, a house rule added), `follows` says so: the listing is then judged
option by option, and its count is what the judge confirmed.
"""

from __future__ import annotations

from typing import Any, Sequence

from nauticus_ref import rules
from nauticus_ref.core.span import Span
from nauticus_ref.notation.model import Clause, Name, Turn
from nauticus_ref.referee.context import Referee, TooManyErrors
from nauticus_ref.referee.engine import play_turn
from nauticus_ref.rules import moments

#: The rules judging a turn that the generated listing follows, each of them worked
#: into it (turns.py and what it calls); a test holds this to the shipped catalogue.
FOLLOWED = frozenset(
    module.RULE.id
    for module in (
        rules.action_items,
        rules.claim,
        rules.crown_cap,
        rules.crown_not_bought,
        rules.deliver,
        rules.extra_action,
        rules.gift,
        rules.golden_rule,
        rules.good_place,
        rules.hull_order,
        rules.hull_size,
        rules.mast_place,
        rules.one_crest,
        rules.one_ship,
        rules.rewards,
        rules.sail_place,
        rules.ship_name,
        rules.storage,
        rules.supply,
        rules.taler,
        rules.transport,
        rules.turn_content,
        rules.turn_order,
        rules.unknown_player,
        rules.workers,
    )
)


def follows(r: Referee) -> bool:
    """Whether the rules asked at a turn on `r`'s table are those the listing follows."""
    return rules.asked_at(moments.TURN, r.off) == FOLLOWED


def line_span(r: Referee, line: int | None = None) -> Span:
    """Where a turn judged on `r`'s table is written: on `line`, else on the line after
    the last one replayed (else the last one)."""
    if line is None:
        line = r.until + 1 if isinstance(r.until, int) else r.line_no
    return Span(line=line, column=1, end_line=line, end_column=2)


class Judge:
    """Judges turns of `player` written on `line` (the next line, if None), on the table
    `r` holds (left as it was)."""

    def __init__(self, r: Referee, player: str, line: int | None = None) -> None:
        self.r = r
        self.span = line_span(r, line)
        self.player = Name(span=self.span, text=player)
        self.saved: dict[str, Any] = r.state()
        self.asked = 0

    def legal(self, clauses: Sequence[Clause]) -> bool:
        """Whether the turn of these clauses draws no error."""
        r = self.r
        self.asked += 1
        before = len(r.diags)
        try:
            play_turn(r, Turn(span=self.span, player=self.player, clauses=list(clauses)))
            return not any(d.severity == "error" for d in r.diags[before:])
        except TooManyErrors:  # the record's errors so far reached the cap
            return False
        finally:
            r.restore(self.saved)
