"""A transport's bodies from many storages, counted from one tally.

A transport after a purchase reads the storage the purchase leaves, and purchases that
differ only in what they store leave storages that differ in a few tiles.  A way onto
the ships from a storage is one from a storage holding more, that the smaller one holds
each tile of; so the tally from the storage holding the most of each tile, those tiles
told by number, holds each smaller storage's states, and its bodies are those states
within it.
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from dataclasses import replace

from nauticus_ref.game.state import Tile
from nauticus_ref.moves.plans import reach
from nauticus_ref.moves.purse import Ask, Purse, as_clause
from nauticus_ref.moves.tally import Tally, completes


def transport_needs(
    ask: Ask, purse: Purse, extra: bool, afters: list[Purse]
) -> list[Counter[tuple[int, int]]] | None:
    """What the bodies of a transport from `purse` need (`tally.placing_needs`) with
    the storage of each of `afters` in turn, from one tally; None where a body could
    complete a ship."""
    if not afters:
        return []
    most: Counter[Tile] = Counter()
    for after in afters:
        most |= after.storage
    richest, blue = as_clause(ask, replace(purse, storage=most), extra)
    found = reach(ask, richest, "transport", extra, blue)
    if found is None:
        return [Counter() for _ in afters]
    if completes(ask, richest, found):
        return None
    # the tiles the storages hold unalike, told by number, and what the bodies need by
    # how many they take of them (a transport stores nothing: its bodies are the ways
    # that place something)
    varying = [i for i, t in enumerate(found.tiles) if any(a.storage[t] != most[t] for a in afters)]
    counted = Tally(
        ask, richest, "transport", extra, blue, found, frozenset(found.tiles[i] for i in varying)
    )
    needs: dict[tuple[int, ...], Counter[tuple[int, int]]] = defaultdict(Counter)
    for used, n in counted.ships({counted.zero: 1}, found.keys).items():
        if used[-1]:
            needs[tuple(used[i] for i in varying)][counted.need(used)] += n
    out = []
    for after in afters:
        held = [after.storage[found.tiles[i]] for i in varying]
        within: Counter[tuple[int, int]] = Counter()
        for taken, counted_needs in needs.items():
            if all(map(operator.le, taken, held)):
                within.update(counted_needs)
        out.append(within)
    return out
