"""The plans a walk pays alike, taken together (`walks.py`).

A walk pays a plan's ships in runs (`runs`): each ship the plan completes, with the
ships that bring no reward before it, and the rest at the end.  Paying a run only
takes taler and workers, so what it costs, whether it can be paid and the kinds it
pays first depend on which tiles it holds, not their order: plans with the same tiles
in each run are walked once, as many times as they are (`together`).  A transport
pays a tile a worker whatever it is, so its plans onto the ships no tile can complete
need not be made one by one at all: the ways onto them are counted by the tiles they
take (`tally.Tally.ships`) and only those onto the ships it could complete are made
(`counted_rest`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Iterator

from nauticus_ref.game.state import Tile
from nauticus_ref.moves.plans import Plan, finishers, finishing_first, plans, reach
from nauticus_ref.moves.purse import Ask, Purse, check
from nauticus_ref.moves.tally import Tally, Used, known

#: A walk's order of payment: each run's tiles, sorted, and the masts of the ship it
#: completes (0: the rest, which brings no reward).
Runs = list[tuple[tuple[Tile, ...], int]]
#: The plans of a walk, each with the tiles it places, its runs and how many plans it
#: stands for.
Planned = Iterator[tuple[Plan, Counter[Tile], Runs, int]]


def runs(purse: Purse, plan: Plan, more: tuple[Tile, ...] = ()) -> Runs:
    """The runs `plan` is paid in: its ships in the order they are paid
    (`plans.finishing_first`, then the new ships), each ship that brings no reward
    joined to the next (paid one after another, the taler and workers only go down
    until a reward, so the lowest they go is where the run ends), each run's tiles
    sorted; `more` tiles placed at the end."""
    out: Runs = []
    run: tuple[Tile, ...] = ()
    ships = [
        (seq, len(ship.masts) if completes else 0)
        for _, seq, ship, completes in finishing_first(purse, plan)
    ]
    for seq, masts in ships + [(seq, len(s.masts) if s.complete else 0) for seq, s in plan.new]:
        run += seq
        if masts:
            out.append((tuple(sorted(run)), masts))
            run = ()
    run += more
    return out + [(tuple(sorted(run)), 0)] if run else out


def one_by_one(
    purse: Purse, planned: Iterator[tuple[Plan, Counter[Tile]]], deadline: float | None
) -> Planned:
    """Each plan with its runs, standing for itself alone."""
    for n, (plan, placed) in enumerate(planned):
        if n % 16 == 15:
            check(deadline)  # OutOfTime past it
        yield plan, placed, runs(purse, plan), 1


def together(purse: Purse, planned: Planned, price_of: Callable[[Tile], int] | None) -> Planned:
    """`planned` with the plans a walk pays alike taken together, each once with how
    many they are: those with the same runs and the same tiles on each ship they
    complete (`plans.finishers`, what the other orders cost), since the tiles they
    place are then the same too."""
    alike: dict[object, list[Any]] = {}
    for plan, placed, order, times in planned:
        done = tuple(tuple(sorted(seq)) for _, seq in finishers(purse, plan, price_of))
        k = (tuple(order), done)
        if k in alike:
            alike[k][3] += times
        else:
            alike[k] = [plan, placed, order, times]
    for plan, placed, order, times in alike.values():
        yield plan, placed, order, times


def counted_rest(
    ask: Ask, purse: Purse, extra: bool, blue: int, deadline: float | None
) -> Planned | None:
    """A transport's plans, made only onto the ships it could complete, and each with
    the ways onto the other ships and new ones counted by how many tiles they take:
    those tiles come last (a ship that brings no reward is paid after the last that
    does, `plans.finishing_first`) and a transport pays each a worker, so the plans
    that take as many are walked alike.  The tiles stand in for those the ways take
    by number where the tally tells them by number, else by the first such tile.
    None where a new ship could be completed, or no ship could be (then every plan is
    made)."""
    found = reach(ask, purse, "transport", extra, blue)
    if found is None or known(ask, found.shapes, None).completes:
        return None
    completing = [k for k in found.keys if known(ask, found.onto[k], purse.ships[k]).completes]
    rest = [k for k in found.keys if k not in completing]
    if not completing or not rest and not found.shapes:
        return None
    # as many tiles as the workers and the rewards allow (`plans.reach`)
    counted = Tally(ask, _with(purse, found.most - blue), "transport", extra, blue, found)
    tiles, exact = found.tiles, counted.exact
    some = next((t for t, e in zip(tiles, exact) if not e), None)
    after: dict[Used, list[tuple[tuple[Tile, ...], int]]] = {}

    def taken(start: Used) -> list[tuple[tuple[Tile, ...], int]]:
        """The tiles the ways onto the other ships take, from `start`, and how many
        ways take each."""
        if start not in after:
            out: Counter[tuple[Tile, ...]] = Counter()
            for used, n in counted.ships({start: 1}, rest).items():
                more = [
                    t for t, e, a, b in zip(tiles, exact, used, start) if e for _ in range(a - b)
                ]
                if len(more) < used[-1] - start[-1]:
                    assert some is not None, "only a tile told apart by whether it is placed"
                    more += [some] * (used[-1] - start[-1] - len(more))
                out[tuple(more)] += n
            after[start] = list(out.items())
        return after[start]

    def planned() -> Planned:
        for i, (plan, placed) in enumerate(
            plans(ask, purse, "transport", extra, blue, stores=False, ships=completing)
        ):
            if i % 16 == 15:
                check(deadline)  # OutOfTime past it
            for more, n in taken(counted.state(tuple(placed.elements()))):
                yield plan, placed + Counter(more), runs(purse, plan, more), n

    return planned()


def _with(purse: Purse, workers: int) -> Purse:
    """`purse` with so many workers (read only: its counters shared)."""
    return replace(purse, workers=workers)
