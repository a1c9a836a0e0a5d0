"""An answer of the recorder's choices, summed over the turns found so far
(`listing.Listing`): the next steps after the parts chosen, what the turns that go on
from each cost, and the turn the parts make, if they make one."""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

from nauticus_ref.record.parts import Listed, Matcher, is_extra

Data = dict[str, Any]

#: Next steps an answer offers at most.
MAX_CHOICES = 300
#: A canonical turn's claim at its end: the taler paid or received, or the points.
CLAIM = re.compile(r"=\s*(-?\d+)\s*(?:t|vp)\s*$")
#: A step's kind where it is the Extra Action's: the action, and before or after.
EXTRA_KIND = re.compile(r"(then )?extra \w+")


class Sum:
    """An answer summed over the turns `matcher` holds, the first `upto` of them, for
    parts chosen `size` many."""

    def __init__(self, matcher: Matcher, size: int) -> None:
        self.matcher = matcher
        self.size = size
        self.upto = 0
        #: each next step: how many turns go on from it, and their least and most taler
        self.steps: dict[str, list[int]] = {}
        self.gives: dict[str, int] = {}  # a step that makes a turn: what its claim says
        self.complete: Data | None = None  # the turn the parts make, if they make one
        self.gates: set[str] = set()  # the Extra Actions of the turns that go on

    def take_on(self, chosen: list[str], deadline: float) -> bool:
        """Sum the turns found since, until the deadline; whether all are summed."""
        found = self.matcher.going_on(chosen, start=self.upto)
        for place, turn, nexts in found:
            self._add(turn, nexts)
            self.upto = place + 1
            if time.monotonic() > deadline:  # one turn a request at least
                return self.upto == len(self.matcher.turns)
        self.upto = len(self.matcher.turns)
        return True

    def _add(self, turn: Listed, nexts: list[str]) -> None:
        if turn.gate:
            self.gates.add(turn.gate)
        taler = turn.taler
        if not nexts:
            if self.complete is None:
                self.complete = {"text": turn.text, "taler": taler, "workers": turn.workers}
            return
        claim = CLAIM.search(turn.text) if turn.size == self.size + 1 else None
        for part in nexts:
            seen = self.steps.setdefault(part, [0, taler, taler])
            seen[0] += 1
            seen[1], seen[2] = min(seen[1], taler), max(seen[2], taler)
            if claim is not None:
                self.gives[part] = int(claim.group(1))

    def shown(self) -> list[Data]:
        """The next steps offered (`_shown`), each with how many turns go on from it,
        their least and most taler, and what its claim says where it makes a turn."""
        return [
            {
                "text": k,
                "turns": v[0],
                "taler": [v[1], v[2]],
                **({"gives": self.gives[k]} if k in self.gives else {}),
            }
            for k, v in _shown(self.steps)
        ]


def _shown(steps: dict[str, list[int]]) -> list[tuple[str, list[int]]]:
    """The steps offered, `MAX_CHOICES` at most: the phase's own action first, each
    Extra Action after it, each cheapest first; where there are more, as many of each
    kind as there is room for (each Extra Action by its action and place), so that every
    kind keeps some."""

    def order(kv: tuple[str, list[int]]) -> tuple[object, ...]:
        return (is_extra(kv[0]), kv[1][1], -kv[1][0], kv[0])

    kinds: dict[str, list[tuple[str, list[int]]]] = {}
    for kv in sorted(steps.items(), key=order):
        kind = EXTRA_KIND.match(kv[0])
        kinds.setdefault(kind.group(0) if kind else "", []).append(kv)
    taken = itertools.islice(
        (kv for row in itertools.zip_longest(*kinds.values()) for kv in row if kv), MAX_CHOICES
    )
    return sorted(taken, key=order)
