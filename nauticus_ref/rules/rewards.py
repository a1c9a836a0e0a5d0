"""Completing a ship gives one reward per mast, named right after the completing placement: crown mast, crown sail, 3 VP, 7 taler, 3 workers or two different goods, each at most twice per ship.

## Why
Completing a ship interrupts the turn for its rewards, one per mast, each kind at most
twice per ship; they follow the placement that completed it.

## Breaks it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna sails
  Anna: whale sail >A
```

## Keeps it
```ngn
players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: 1ship, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna sails
  Anna: whale sail >A [7t]
```
"""

from __future__ import annotations

from collections import Counter

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _, ngettext
from nauticus_ref.game.rewards import MOST_OF_A_KIND
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="rewards",
    title="rewards for a completed ship",
    section="4. Belohnungen für fertige Schiffe",
    section_en="4. Rewards for completed ships",
)


def completed(table: Table, at: moments.ShipCompleted) -> list[Diagnostic]:
    """The rewards written after the placement that completed the ship: one a mast, a
    kind at most twice, a goods reward of two different goods."""
    ship, pl = at.ship, at.placement
    need = len(ship.masts)
    if pl.rewards is None:
        return [
            RULE.at(
                pl.span,
                ngettext(
                    "this completes `{ship}`: name its {n} reward",
                    "this completes `{ship}`: name its {n} rewards",
                    need,
                ).format(ship=ship.name, n=need),
                _("write them in brackets after the placement, like `[crown sail, 7t]`"),
            )
        ]
    found = []
    if len(pl.rewards) != need:
        found.append(
            RULE.at(
                pl.rewards[0].span.merge(pl.rewards[-1].span),
                ngettext(
                    "`{ship}` has {n} mast, so {n} reward, not {written}",
                    "`{ship}` has {n} masts, so {n} rewards, not {written}",
                    need,
                ).format(ship=ship.name, n=need, written=len(pl.rewards)),
                _("one reward per mast"),
            )
        )
    counts = Counter(r.kind for r in pl.rewards)
    for r in pl.rewards[:need]:
        if counts[r.kind] > MOST_OF_A_KIND:
            found.append(
                RULE.at(
                    r.span,
                    _("`{reward}` is taken {n} times").format(reward=r.kind, n=counts[r.kind]),
                    _("each reward at most twice per ship"),
                )
            )
            counts[r.kind] = 0  # report once
        elif r.goods is not None and r.goods[0] == r.goods[1]:
            found.append(
                RULE.at(
                    r.span,
                    _("the goods reward is two different goods"),
                    _("for example `{reward}`").format(
                        reward=f"goods {r.goods[0]} {next(g for g in vocab.GOODS if g != r.goods[0])}"
                    ),
                )
            )
    return found


def none(table: Table, at: moments.NothingCompleted) -> Diagnostic | None:
    """A placement that completed no ship has no rewards (reading 12)."""
    pl = at.placement
    if pl.rewards is None:
        return None
    return RULE.at(
        pl.rewards[0].span.merge(pl.rewards[-1].span),
        _("no ship was completed by this placement, so there are no rewards"),
        _("rewards follow the placement that completes a ship"),
    )


JUDGES: moments.Judges = {moments.ShipCompleted: completed, moments.NothingCompleted: none}
EXPLAINS = ("completed",)
