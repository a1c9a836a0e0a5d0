"""The reward sets a completed ship offers the move generator, made once for each
number of masts: the rewards rule's choices (one a mast, a kind at most twice, two
different goods), and what each set gives the rest of the clause, by the game's own
count (`game/rewards.py`)."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

from nauticus_ref.game import rewards
from nauticus_ref.game.rewards import CHOICES, Choice
from nauticus_ref.game.state import Tile, spaces
from nauticus_ref.moves.purse import SPAN
from nauticus_ref.notation.model import Reward


@cache
def reward_sets(masts: int) -> tuple[tuple[Choice, ...], ...]:
    """Every set of `masts` rewards the rewards rule allows."""
    return tuple(
        combo
        for combo in itertools.combinations_with_replacement(CHOICES, masts)
        if max(Counter(k for k, _ in combo).values()) <= rewards.MOST_OF_A_KIND
    )


def gains(choices: tuple[Choice, ...]) -> tuple[int, int, tuple[Tile, ...]]:
    """What a completed ship's rewards give the rest of the clause: taler, workers, and
    the tiles they take from the supply, in the order received."""
    taler = workers = 0
    tiles: tuple[Tile, ...] = ()
    for kind, goods in choices:
        _, t, w, got = rewards.gives(kind, goods)
        taler, workers, tiles = taler + t, workers + w, tiles + got
    return taler, workers, tiles


@cache
def written_sets(masts: int) -> tuple[tuple[int, int, tuple[Tile, ...], tuple[Reward, ...]], ...]:
    """Each of `reward_sets(masts)` as the listing writes it: what it gives (`gains`)
    and its rewards as written."""
    return tuple(
        (*gains(combo), tuple(Reward(span=SPAN, kind=kind, goods=goods) for kind, goods in combo))
        for combo in reward_sets(masts)
    )


@cache
def reward_groups(masts: int, ordered: bool = False) -> Counter[tuple[int, int, tuple[Tile, ...]]]:
    """The reward sets of a ship of `masts` masts, by what they give the rest of the
    clause: the taler, the workers, and the tiles taken from the supply (in the order
    they are received, with `ordered`).  Read only: the answer is shared."""
    return Counter(
        (taler, workers, tiles if ordered else tuple(sorted(tiles)))
        for taler, workers, tiles in map(gains, reward_sets(masts))
    )


@cache
def most_rewards(masts: int) -> tuple[int, int, int]:
    """The most taler, workers and storage spaces (of its tiles) any reward set of a
    ship of `masts` masts brings (`reward_groups`)."""
    groups = reward_groups(masts)
    return (
        max(t for t, _, _ in groups),
        max(w for _, w, _ in groups),
        max(sum(spaces(tile) for tile in tiles) for _, _, tiles in groups),
    )
