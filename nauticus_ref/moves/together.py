"""The plans a walk pays alike, taken together (`walks.py`).

A walk pays a plan's ships in runs (`runs`): each ship the plan completes, with the
ships that bring no reward before it, and the rest at the end.  Paying a run only
takes taler and workers, so what it costs, whether it can be paid and the kinds it
pays first depend on which tiles it holds, not their order: plans with the same tiles
in each run are walked once, as many times as they are (`together`).  A transport
pays a tile a worker whatever it is, so its plans onto the ships no tile can complete
need not be made one by one at all: the ways onto them and onto new ships that are
not completed are counted by the tiles they take (`tally.Tally.ships`), and only
those onto the ships it could complete are made (`counted_rest`).
"""

from __future__ import annotations

import operator
from collections import Counter
from dataclasses import replace
from typing import Callable, Iterator

from nauticus_ref.game.state import Tile
from nauticus_ref.moves.plans import Plan, finishers, finishing_first, plans, reach
from nauticus_ref.moves.purse import Ask, Purse, check
from nauticus_ref.moves.states import Used
from nauticus_ref.moves.tally import Tally, known

#: A walk's order of payment: each run's tiles, sorted, and the masts of the ship it
#: completes (0: the rest, which brings no reward).
Runs = list[tuple[tuple[Tile, ...], int]]
#: The plans of a walk, each with its runs (all the tiles it places) and how many
#: plans it stands for.
Planned = Iterator[tuple[Plan, Runs, int]]


def _paid(purse: Purse, plan: Plan) -> list[tuple[tuple[Tile, ...], int]]:
    """The ships of `plan` in the order they are paid (`plans.finishing_first`, then
    the new ships), each with the masts of the ship it completes (0: none)."""
    ships = [
        (seq, len(ship.masts) if completes else 0)
        for _, seq, ship, completes in finishing_first(purse, plan)
    ]
    return ships + [(seq, len(s.masts) if s.complete else 0) for seq, s in plan.new]


def runs(purse: Purse, plan: Plan) -> Runs:
    """The runs `plan` is paid in: its ships in the order they are paid, each ship that
    brings no reward joined to the next (paid one after another, the taler and workers
    only go down until a reward, so the lowest they go is where the run ends), each
    run's tiles sorted."""
    out: Runs = []
    run: tuple[Tile, ...] = ()
    for seq, masts in _paid(purse, plan):
        run += seq
        if masts:
            out.append((tuple(sorted(run)), masts))
            run = ()
    return out + [(tuple(sorted(run)), 0)] if run else out


def one_by_one(
    purse: Purse, planned: Iterator[tuple[Plan, Counter[Tile]]], deadline: float | None
) -> Planned:
    """Each plan with its runs, standing for itself alone."""
    for n, (plan, _) in enumerate(planned):
        if n % 16 == 15:
            check(deadline)  # OutOfTime past it
        yield plan, runs(purse, plan), 1


def together(purse: Purse, planned: Planned, price_of: Callable[[Tile], int] | None) -> Planned:
    """`planned` with the plans a walk pays alike taken together, each once with how
    many they are: those with the same runs and the same tiles on each ship they
    complete (`plans.finishers`, what the other orders cost; of a transport, which
    pays a worker a tile, as many tiles), since the tiles they place are then the
    same too."""
    first: dict[object, tuple[Plan, Runs]] = {}
    times: Counter[object] = Counter()
    last: Plan | None = None
    done: tuple[object, ...] = ()
    for plan, order, n in planned:
        if plan is not last:  # a plan comes once, or with each rest in a row
            # what the other orders cost: of a transport, a worker a tile
            done = tuple(
                len(seq) if price_of is None else tuple(sorted(seq))
                for _, seq in finishers(purse, plan, price_of)
            )
            last = plan
        k = (tuple(order), done)
        first.setdefault(k, (plan, order))
        times[k] += n
    for key, (plan, order) in first.items():
        yield plan, order, times[key]


def counted_rest(
    ask: Ask, purse: Purse, extra: bool, blue: int, deadline: float | None
) -> Planned | None:
    """A transport's plans, made only onto the ships it could complete and as new
    ships it could complete, each with the ways onto the other ships and as other new
    ships counted by how many tiles they take.  A transport pays each tile a worker,
    so the plans whose other tiles are as many are walked alike, and those tiles are
    walked after the ships the plan completes: the order written pays them no later,
    so it needs no less, and that order is among those a body may be paid in
    (`plans.arrangements`), so the bodies counted are the same.  Which tiles they are
    the walk does not read (nor, of a transport, what the storage keeps): one tile
    stands in for them all, and the plans whose rest takes as many are walked once.
    None where no ship is left to count (then every plan is made)."""
    found = reach(ask, purse, "transport", extra, blue)
    if found is None:
        return None
    completing = [k for k in found.keys if known(ask, found.onto[k], purse.ships[k]).completes]
    rest = [k for k in found.keys if k not in completing]
    made = [shape for shape in found.shapes if shape[1].complete]
    others = [shape for shape in found.shapes if not shape[1].complete]
    if not completing and not made or not rest and not others:
        return None
    # as many tiles as the workers and the rewards allow (`plans.reach`)
    counted = Tally(ask, replace(purse, workers=found.most - blue), "transport", extra, blue, found)
    exact, limits = counted.exact, counted.limits
    # the ways onto the other ships from none placed: from any start the same, where
    # the start and they together do not place more of a tile, or more tiles, than
    # there may be (what the tally cuts at only grows); each kept with the room it
    # leaves of the tiles told by number, and of tiles in all (last)
    fit = [i for i, e in enumerate(exact) if e] + [len(exact)]
    stand = found.tiles[0]
    ways: list[tuple[tuple[int, ...], int]] = [
        (tuple(limits[i] - used[i] for i in fit), n)
        for used, n in counted.ships({counted.zero: 1}, rest, others).items()
    ]
    ways.sort(key=lambda way: -way[0][-1])  # the fewest tiles first
    after: dict[Used, Counter[int]] = {}

    def taken(start: Used) -> Counter[int]:
        """How many ways onto the other ships take each number of tiles after `start`."""
        if start not in after:
            placed = tuple(start[i] for i in fit)
            out = after[start] = Counter()
            for room, n in ways:
                if room[-1] < placed[-1]:
                    break  # and every way after it: more tiles than there may be
                if all(map(operator.le, placed, room)):
                    out[limits[-1] - room[-1]] += n
        return after[start]

    def planned() -> Planned:
        for i, (plan, placed) in enumerate(
            plans(ask, purse, "transport", extra, blue, stores=False, ships=(completing, made))
        ):
            if i % 16 == 15:
                check(deadline)  # OutOfTime past it
            # the ships it completes first, the others and the rest after them, each
            # tile a worker whatever it is: all one tile
            paid = _paid(purse, plan)
            head = [((stand,) * len(seq), masts) for seq, masts in paid if masts]
            tail = sum(len(seq) for seq, masts in paid if not masts)
            for more, n in taken(counted.state(tuple(placed.elements()))).items():
                rest = (stand,) * (tail + more)
                yield plan, head + [(rest, 0)] if rest else head, n

    return planned()
