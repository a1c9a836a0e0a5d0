"""A tally's states and the ways to add a destination's choices to them.

A state (`Used`) is how many of each tile a clause places (or, for a tile not told by
number, whether it places any), then how many tiles in all; a way to it is counted, not
kept.  A destination takes one of its choices (`one_of`), alike ships each take one or
none told apart only by how many take each (`n_of`), new ships any number
(`any_number`); `plus_within` says whether a sum is still within the limits and taler.
"""

from __future__ import annotations

import operator
from collections import Counter, defaultdict
from typing import Callable

#: How many of each tile, in the order of a tally's tiles, then how many tiles in all.
Used = tuple[int, ...]


def plus_within(
    limits: Used, caps: Used | None, price: Callable[[Used], int], taler: int
) -> Callable[[Used, Used], Used | None]:
    """What adds a choice to a state (`tally.Tally.plus`): within `limits` and `taler`, each
    tile cut to its `caps` where there are any.  Its answers are not kept: a tally
    seldom adds the same choice to the same state twice (about one time in ten)."""

    def plus(used: Used, add: Used) -> Used | None:
        """`used` with `add` placed too, None where the player cannot have that."""
        more = tuple(map(operator.add, used, add))
        if any(map(operator.gt, more, limits)):
            return None
        if caps is not None:
            more = tuple(map(min, more, caps))
        return more if price(more) <= taler else None

    return plus


def one_of(
    ways: dict[Used, int],
    choices: Counter[Used],
    plus: Callable[[Used, Used], Used | None],
    most: int,
) -> dict[Used, int]:
    """`ways` and, for each, each of `choices` added (a destination taking at most one);
    `plus`: the state with a choice added, None where it cannot be, as where it holds
    more than `most` tiles in all (those are not asked: most choices of a fleet of new
    ships hold too many for a state that already holds some)."""
    out: dict[Used, int] = defaultdict(int, ways)
    fewest_first = sorted(choices.items(), key=lambda choice: choice[0][-1])
    for used, n in ways.items():
        room = most - used[-1]
        for add, k in fewest_first:
            if add[-1] > room:
                break  # and every choice after it
            more = plus(used, add)
            if more is not None:
                out[more] += n * k
    return out


#: How many pairs of a state and a choice, for each state and choice, make packing them
#: worth its cost (`tally.Tally._one_of`).
PACKED_PAIRS = 8


def packed_one_of(ways: dict[Used, int], choices: Counter[Used], limits: Used) -> dict[Used, int]:
    """As `one_of` where a state is held to `limits` alone (`ways` within them), each
    state packed into one number: a field a tile (the total last), wide enough that
    adding a choice carries into no other field, and each set off by so much that a
    number past its limit sets its field's top bit.  A sum of two is then a state and
    its check one mask."""
    if not ways or not choices:
        return dict(ways)
    top = max(*limits, *(n for choice in choices for n in choice))
    width = top.bit_length() + 1
    shifts = range(0, width * len(limits), width)
    offsets = [(1 << (width - 1)) - 1 - limit for limit in limits]
    high = sum(1 << (width - 1 + shift) for shift in shifts)
    mask = (1 << width) - 1
    starts = [
        (sum((k + offset) << shift for k, offset, shift in zip(used, offsets, shifts)), n, used[-1])
        for used, n in ways.items()
    ]
    fewest_first = sorted(
        (choice[-1], sum(k << shift for k, shift in zip(choice, shifts)), n)
        for choice, n in choices.items()
    )
    out = {at: n for at, n, _ in starts}
    for at, n, placed in starts:
        room = limits[-1] - placed
        for total, add, k in fewest_first:
            if total > room:
                break  # and every choice after it
            more = at + add
            if not more & high:
                out[more] = out.get(more, 0) + n * k
    return {
        tuple(((at >> shift) & mask) - offset for shift, offset in zip(shifts, offsets)): n
        for at, n in out.items()
    }


def n_of(
    ways: dict[Used, int],
    choices: Counter[Used],
    n: int,
    plus: Callable[[Used, Used], Used | None],
) -> dict[Used, int]:
    """`ways` with `n` alike ships each taking nothing or one of `choices` (a state as
    many times as there are ways to it), told apart only by how many take each way:
    each way is taken by none, one, ... of the ships not given one before it."""
    out: dict[tuple[Used, int], int] = {(used, 0): k for used, k in ways.items()}
    for add, ways_to in choices.items():
        for _ in range(ways_to):
            grown: dict[tuple[Used, int], int] = defaultdict(int, out)
            frontier = out
            while frontier:
                more_ways: dict[tuple[Used, int], int] = defaultdict(int)
                for (used, given), k in frontier.items():
                    more = plus(used, add) if given < n else None
                    if more is not None:
                        more_ways[more, given + 1] += k
                for state, k in more_ways.items():
                    grown[state] += k
                frontier = more_ways
            out = grown
    counted: dict[Used, int] = defaultdict(int)
    for (used, _), k in out.items():
        counted[used] += k
    return counted


def any_number(
    ways: dict[Used, int], add: Used, plus: Callable[[Used, Used], Used | None]
) -> dict[Used, int]:
    """`ways` with any number of `add` added (`plus` as for `one_of`)."""
    out: dict[Used, int] = defaultdict(int, ways)
    frontier = ways
    while frontier:
        grown: dict[Used, int] = defaultdict(int)
        for used, n in frontier.items():
            more = plus(used, add)
            if more is not None:
                grown[more] += n
        for k, n in grown.items():
            out[k] += n
        frontier = grown
    return out
