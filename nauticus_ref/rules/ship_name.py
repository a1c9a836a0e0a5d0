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

from typing import Sequence

from nauticus_ref.core.findings import Diagnostic, span_text, swap
from nauticus_ref.game.state import Player
from nauticus_ref.notation.model import Name, Placement
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id="ship-name",
                     title="ships are named once",
                     section="3.2.1.1 Rumpfteile kaufen",
                     section_en="Buy hull parts")


def check_new(p: Player, name: Name) -> Diagnostic | None:
    """`>new NAME`: `p` has no ship of that name yet."""
    ship = p.ships.get(name.key)
    if ship is None:
        return None
    return RULE.at(name.span, f"{p.name} already has a ship called `{ship.name}`",
                   f"write `>{quoted(ship.name)}` to add to it, or choose a new name")


def check_known(p: Player, name: Name, help_start: str = "", used: Placement | None = None,
                later: Sequence[Placement] = (),
                lines: Sequence[str] | None = None) -> Diagnostic | None:
    """`>NAME`: `p` has a ship of that name.  A placement `used` on it before the one
    that starts it, among the `later` placements of the same action, is mended by
    swapping the two (where the record's `lines` are known)."""
    if name.key in p.ships:
        return None
    message = f"{p.name} has no ship called `{name.text}`"
    start = next((pl for pl in later if pl.dest.kind == "new" and pl.dest.ship is not None
                  and pl.dest.ship.key == name.key), None)
    if start is not None and used is not None and lines is not None:
        first, then = span_text(lines, start.span), span_text(lines, used.span)
        return RULE.at(name.span, message + " yet", f"`{name.text}` is started later in this "
                       f"action: write `{first}` before `{then}`",
                       fixes=(swap(lines, used.span, start.span, "swap the two placements"),))
    known = ", ".join(s.name for s in p.ships.values()) or "none yet"
    return RULE.at(name.span, message, f"{help_start}{p.name}'s ships: {known}")
