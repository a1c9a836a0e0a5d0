"""The other orders a plan's placements can be paid in, for counting (`walks.py`): a
completed ship's rewards count at once, so the ships a clause completes may come first
and pay for the storage and the rest after them (`plans.arrangements`).  For each order
of those ships, what each costs there (`costs`); for a choice of rewards, the lowest
the taler and workers go (`lowest`); and a body payable from any of several needs
counted once (`union`).
"""

from __future__ import annotations

import itertools
from typing import Callable

from nauticus_ref.game.state import Tile
from nauticus_ref.moves.placing import pay
from nauticus_ref.moves.plans import Plan, finishers
from nauticus_ref.moves.purse import Purse

#: Costs, per order: each ship (its place in the canonical order) with what it costs.
Costs = list[tuple[int, tuple[int, int]]]


#: Taler and workers enough to pay any ships: what they cost is told apart from what
#: the rewards bring (`costs`).
BIG = 1 << 40


def costs(
    purse: Purse, plan: Plan, price_of: Callable[[Tile], int] | None, blue: int
) -> list[Costs]:
    """For each order of the ships `plan` completes, first in the clause
    (`plans.finishers`, `plans.arrangements`): each ship (its place among them in the
    canonical order) with the taler and workers it costs there; none where those ships
    are not put first."""
    seqs = [seq for _, seq in finishers(purse, plan, price_of)]
    out = []
    for order in itertools.permutations(range(len(seqs))) if seqs else ():
        taler, workers, used, first_paid = BIG, BIG, 0, frozenset[str]()
        each = []
        for i in order:
            paying = pay(seqs[i], taler, workers, used, first_paid, price_of, blue, False)
            assert paying is not None, "nothing but a free tile on a ship stops a walk so"
            each.append((i, (taler - paying[0], workers - paying[1])))
            taler, workers, used, first_paid, _ = paying
        out.append(each)
    return out


def lowest(orders: list[Costs], gains: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """The lowest the taler and workers go in each of `orders` with the rewards `gains`
    (`_lows`), only those where no other order goes less low in both, sorted."""
    lows = {_lows(order, gains) for order in orders}
    return tuple(
        sorted(o for o in lows if not any(p != o and p[0] >= o[0] and p[1] >= o[1] for p in lows))
    )


def _lows(order: Costs, gains: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The lowest the taler and workers go, from 0, paying the ships of `order` (as
    `costs`) one after another, each ship's rewards (`gains`, in the canonical
    order) received once it is paid."""
    taler = workers = low_taler = low_workers = 0
    for i, (cost_taler, cost_workers) in order:
        taler, workers = taler - cost_taler, workers - cost_workers
        low_taler, low_workers = min(low_taler, taler), min(low_workers, workers)
        taler, workers = taler + gains[i][0], workers + gains[i][1]
    return low_taler, low_workers


def union(needs: list[tuple[int, int]]) -> list[tuple[tuple[int, int], int]]:
    """A body that can be paid from any of `needs` (taler, workers), as signed counts
    at needs, counting it once wherever a purse has as much as one of them: the
    needs no other is below, sorted by taler (so by workers the other way), each
    once, less once where each two neighbours meet."""
    if len(needs) < 2:
        return [(n, 1) for n in needs]
    points = sorted(set(needs))
    least = [p for p in points if not any(q != p and q[1] <= p[1] and q[0] <= p[0] for q in points)]
    return [(p, 1) for p in least] + [((b[0], a[1]), -1) for a, b in zip(least, least[1:])]
