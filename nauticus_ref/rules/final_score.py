"""A `final:` line after the last round gives each player's total of the final scoring: the track, completed ships, delivered goods and material (1 VP per 3 taler).

## Why
The final line is the table's score sheet; it must agree with the final scoring of the
replayed game.

## Breaks it
```ngn
players: Anna, Ben
setup: round 4 phase 7, flipped hulls masts sails goods transport money
  Anna: 8t 2w 50vp
  Anna ship A: 1ship, whale mast, whale sail
  Ben: 20vp
round 4: hulls masts sails goods transport money crowns deliver
7. Ben crowns
  Ben: pass
  Anna: pass
final: Anna 52, Ben 24
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 4 phase 7, flipped hulls masts sails goods transport money
  Anna: 8t 2w 50vp
  Anna ship A: 1ship, whale mast, whale sail
  Ben: 20vp
round 4: hulls masts sails goods transport money crowns deliver
7. Ben crowns
  Ben: pass
  Anna: pass
final: Anna 52, Ben 25
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic, replace
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.game.table import Table
from nauticus_ref.notation.model import FinalEntry
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="final-score",
    title="the final line matches the scoring",
    section="Spielende",
    section_en="End of Game",
)


def placed(table: Table, at: moments.FinalLine) -> Diagnostic | None:
    """The `final:` line stands after the game's last round."""
    if at.complete:
        return None
    return RULE.at(
        at.final.span,
        _("the `final:` line stands before the end of the game"),
        _("score a finished game, or leave the line out"),
    )


def total(table: Table, at: moments.FinalEntryLine) -> Diagnostic | None:
    """The total the entry writes for the player is the final scoring's; after an error
    that concerned the player the replay may be off, so a difference is a note."""
    p, entry, s = at.player, at.entry, at.score
    if entry.score == s.total:
        return None
    working = _(
        "track {track} + ships {ships} + goods {goods} + material {material} ({taler} taler) "
        "= {total}"
    ).format(
        track=s.track,
        ships=s.ships_vp,
        goods=s.goods_vp,
        material=s.material_vp,
        taler=s.total_taler,
        total=s.total,
    )
    if p.first_error is not None:
        return RULE.at(
            entry.span,
            _(
                "after the error at line {line} the replay scores {player} {total}, not {score}"
            ).format(line=p.first_error, player=p.name, total=s.total, score=entry.score),
            working,
            severity="note",
        )
    return RULE.at(
        entry.span,
        _("{player} scores {total}, not {score}").format(
            player=p.name, total=s.total, score=entry.score
        ),
        working + "; " + _("`nauticus-ref score` shows every part"),
        fixes=(replace(_number(entry), str(s.total), _("write {total}").format(total=s.total)),),
    )


def _number(entry: FinalEntry) -> Span:
    """Where the entry's score is written: its last characters."""
    sp = entry.span
    return Span(
        line=sp.line,
        column=sp.end_column - len(str(entry.score)),
        end_line=sp.line,
        end_column=sp.end_column,
    )


JUDGES: moments.Judges = {moments.FinalLine: placed, moments.FinalEntryLine: total}
