"""The start player takes the bonus printed at the chosen action's space.  The mast and sail bonuses are a regular mast or sail of a crest the player names; the worker + good bonus needs a good named; the other bonuses need no choice.

## Why
The start player takes the bonus printed at the chosen action's space; a mast, a sail or
a good is a tile the player must name, the others are fixed.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
```
"""

from __future__ import annotations

from typing import Sequence

from nauticus_ref.core.findings import Diagnostic, Fix, insert, replace
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Bonus, Phase
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="bonus-choice",
    title="the bonus choice",
    section="Durchführen einer Aktion: 1. Bonus",
    section_en="Performing an action: 1. Bonus",
)


def chosen(table: Table, at: moments.BonusChosen) -> Diagnostic | None:
    """The bonus of a space that needs a choice has one: a good for worker + good, a
    regular crest for a mast or sail; any other needs none."""
    phase, kind, b = at.phase, at.kind, at.bonus
    span = b.span if b is not None else phase.span
    if kind == "w+good":
        if b is not None and b.kind == "good":
            return None
        return RULE.at(
            span,
            _("the worker + good bonus of `{action}` needs a good").format(action=phase.action),
            _("write `{line}` (or {others})").format(
                line=f"{phase.number}. {quoted(phase.player.text)} {phase.action} bonus coffee",
                others="grain, salt, fish",
            ),
            fixes=_choices(phase, b, vocab.GOODS),
        )
    if kind in ("mast", "sail"):
        if b is not None and b.kind == "crest" and b.value != "crown":
            return None
        crests = [table.word(c) for c in table.board.tiles["masts"]]
        if b is not None and b.value == "crown":
            return RULE.at(
                span,
                _("the {kind} bonus is a regular {kind}, never a crown").format(kind=kind),
                _("name a crest: {crests}").format(crests=", ".join(crests)),
            )
        return RULE.at(
            span,
            _("the {kind} bonus of `{action}` needs a crest").format(
                kind=kind, action=phase.action
            ),
            _("write `{line}` (or {others})").format(
                line=f"{phase.number}. {quoted(phase.player.text)} {phase.action} bonus {crests[0]}",
                others=", ".join(crests[1:]),
            ),
            fixes=_choices(phase, b, crests),
        )
    if b is None:
        return None
    return RULE.at(
        b.span,
        _("the {kind} bonus needs no choice").format(kind=kind),
        _("leave out `bonus {value}` or write `bonus {kind}`").format(value=b.value, kind=kind),
    )


def _choices(phase: Phase, b: Bonus | None, words: Sequence[str]) -> tuple[Fix, ...]:
    """A fix for each choice: the bonus written after the phase line's action, or the
    written choice replaced."""
    if b is None:
        end = phase.span
        return tuple(insert(end.line, end.end_column, f" bonus {w}") for w in words)
    return tuple(replace(b.span, w, _("write `{text}`").format(text=f"bonus {w}")) for w in words)


JUDGES: moments.Judges = {moments.BonusChosen: chosen}
EXPLAINS = ("bonus",)
