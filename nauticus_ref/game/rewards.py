"""The rewards for a completed ship (rulebook 4), as the game counts them: one a mast,
each kind at most twice a ship, and what each gives.  The referee takes them by these
(`referee/ships.py`), the rewards rule judges the written ones by them, and the move
generator reckons with them; none restates them."""

from __future__ import annotations

import itertools
from typing import cast

from nauticus_ref.game.state import Tile
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import RewardKind

#: Each kind of reward at most so many times a ship.
MOST_OF_A_KIND = 2

#: The victory points, taler and workers of `3vp`, `7t` and `3w`.
VP, TALER, WORKERS = 3, 7, 3


def gives(
    kind: str, goods: tuple[str, str] | None = None
) -> tuple[int, int, int, tuple[Tile, ...]]:
    """What one reward gives: victory points, taler, workers, and the tiles it takes
    from the supply (a crown mast or sail; the two goods of a goods reward)."""
    if kind == "3vp":
        return VP, 0, 0, ()
    if kind == "7t":
        return 0, TALER, 0, ()
    if kind == "3w":
        return 0, 0, WORKERS, ()
    if kind in ("crown mast", "crown sail"):
        return 0, 0, 0, ((kind.split()[1], "crown"),)
    return 0, 0, 0, tuple(("good", g) for g in goods or ())


#: One reward: its kind, and its two goods for a goods reward.
Choice = tuple[RewardKind, tuple[str, str] | None]

#: The rewards one mast of a completed ship can bring: a goods reward two different goods.
CHOICES: tuple[Choice, ...] = tuple(
    [(cast(RewardKind, k), None) for k in vocab.REWARDS if k != "goods"]
    + [("goods", pair) for pair in itertools.combinations(vocab.GOODS, 2)]
)

#: Every tile a reward can take from the supply.
TILES: tuple[Tile, ...] = tuple(
    sorted({tile for kind, goods in CHOICES for tile in gives(kind, goods)[3]})
)
