"""A placement goes to an existing ship of the player (`>A`) or starts a new one under a name not used before (`>new A`); separate ships are never joined.

## Why
A record names ships so that later placements can find them; one name, one ship, and
ships never merge.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow >new A
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic, span_text, swap
from nauticus_ref.core.language import _
from nauticus_ref.game.table import Table
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id="ship-name",
    title="ships are named once",
    section="3.2.1.1 Rumpfteile kaufen",
    section_en="Buy hull parts",
)


def new(table: Table, at: moments.NewShip) -> Diagnostic | None:
    """`>new NAME`: the player has no ship of that name yet."""
    ship = at.player.ships.get(at.name.key)
    if ship is None:
        return None
    return RULE.at(
        at.name.span,
        _("{player} already has a ship called `{ship}`").format(
            player=at.player.name, ship=ship.name
        ),
        _("write `{dest}` to add to it, or choose a new name").format(dest=f">{quoted(ship.name)}"),
    )


def named(table: Table, at: moments.ShipNamed) -> Diagnostic | None:
    """`>NAME`: the player has a ship of that name.  A placement on it before the one
    that starts it, later in the same action, is mended by swapping the two (where the
    record's lines are known)."""
    p, name = at.player, at.name
    if name.key in p.ships:
        return None
    message = _("{player} has no ship called `{ship}`").format(player=p.name, ship=name.text)
    start = next(
        (
            pl
            for pl in at.later
            if pl.dest.kind == "new" and pl.dest.ship is not None and pl.dest.ship.key == name.key
        ),
        None,
    )
    if start is not None and at.used is not None and at.lines is not None:
        first, then = span_text(at.lines, start.span), span_text(at.lines, at.used.span)
        return RULE.at(
            name.span,
            _("{player} has no ship called `{ship}` yet").format(player=p.name, ship=name.text),
            _("`{ship}` is started later in this action: write `{first}` before `{then}`").format(
                ship=name.text, first=first, then=then
            ),
            fixes=(swap(at.lines, at.used.span, start.span, _("swap the two placements")),),
        )
    known = ", ".join(s.name for s in p.ships.values()) or _("none yet")
    return RULE.at(
        name.span,
        message,
        at.help_start + _("{player}'s ships: {ships}").format(player=p.name, ships=known),
    )


JUDGES: moments.Judges = {moments.NewShip: new, moments.ShipNamed: named}
