"""The turns of the next line, listed for the recorder's choices while the player
looks: a request waits `WAIT_SECONDS` at most and answers from the turns listed by
then, while the listing goes on, `LIST_SECONDS` in all, for the requests after it.

The first turn of each kind (`TurnOptions.each_first`) is listed first, so that an answer
given early, or a listing cut at its end, still has some of every kind; then every
turn, the Extra Action's kinds taken in turn (`TurnOptions.interleaved`).  Once the
listing has ended, the answer before any part is chosen, which goes through every
turn listed, is found at once, and each answer is kept.
"""

from __future__ import annotations

import itertools
import re
import threading
import time
from typing import Any, Iterator

from nauticus_ref.moves.purse import OutOfTime
from nauticus_ref.moves.turns import TurnOption, TurnOptions
from nauticus_ref.notation.printer import Printer
from nauticus_ref.record.parts import Matcher

#: Seconds a request waits for the listing before it answers from what is listed.
WAIT_SECONDS = 0.05
#: Seconds the listing of one position takes at most; past them it is cut.
LIST_SECONDS = 1.0
#: Seconds of those the first turn of each kind may take.
FIRSTS_SECONDS = 0.25
#: Turns listed between two looks at the clock and at a request to stop.
BATCH = 64
#: Answers kept at most, once the listing has ended (`Listing.answers`).
ANSWERS = 64
#: Next steps an answer offers at most.
MAX_CHOICES = 300
#: A canonical turn's claim at its end: the taler paid or received, or the points.
CLAIM = re.compile(r"=\s*(-?\d+)\s*(?:t|vp)\s*$")
#: The Extra Action's parts (`parts.turn_groups`): offered after the phase's action's.
EXTRA = ("extra ", "then extra ")
#: A step's kind where it is the Extra Action's: the action, and before or after.
EXTRA_KIND = re.compile(r"(then )?extra \w+:")

Data = dict[str, Any]


class Listing:
    """The turns of `player` at one position, listed by a thread of its own into
    `matcher` (read under `lock`)."""

    def __init__(self, player: str, options: TurnOptions, printer: Printer, held: set[str]):
        self.player = player
        self.matcher = Matcher(held)  # the player's ships, by casefolded name
        self.lock = threading.Lock()
        self.whole = False  # every turn is listed
        self.done = threading.Event()  # the listing has ended, whole or cut
        self._stopped = threading.Event()
        self._seen: set[str] = set()
        #: the answers given once the listing ended, by the parts chosen: the first
        #: step of a rich turn goes through every turn listed
        self.answers: dict[tuple[str, ...], Data] = {}
        threading.Thread(
            target=self._list, args=(options, printer), name="choices", daemon=True
        ).start()

    def wait(self) -> None:
        """Until the listing ends, `WAIT_SECONDS` at most."""
        self.done.wait(WAIT_SECONDS)

    def stop(self) -> None:
        """End the listing where it is (the record changed)."""
        self._stopped.set()

    def answer(self, chosen: tuple[str, ...]) -> Data:
        """The next steps after the parts `chosen` among the turns listed so far, each
        with how many turns go on from it and what they cost, `MAX_CHOICES` at most;
        the turn `chosen` make, if they make one; whether that is all (`cut`) and
        whether the listing goes on (`listing`)."""
        with self.lock:
            known = self.answers.get(chosen)
            if known is not None:
                return known
            cut, running = not self.whole, not self.done.is_set()
            going_on = list(self.matcher.going_on(list(chosen)))
        steps: dict[str, list[int]] = {}
        gives: dict[str, int] = {}  # a step that makes a turn: what its claim says
        complete: Data | None = None
        for turn, nexts in going_on:
            taler = turn.taler
            if not nexts:
                complete = complete or {"text": turn.text, "taler": taler, "workers": turn.workers}
                continue
            claim = CLAIM.search(turn.text)
            for part in nexts:
                seen = steps.setdefault(part, [0, taler, taler])
                seen[0] += 1
                seen[1], seen[2] = min(seen[1], taler), max(seen[2], taler)
                if turn.size == len(chosen) + 1 and claim is not None:
                    gives[part] = int(claim.group(1))
        answer = {
            "chosen": list(chosen),
            "complete": complete,
            "cut": cut or len(steps) > MAX_CHOICES,
            "listing": running,
            "steps": [
                {
                    "text": k,
                    "turns": v[0],
                    "taler": [v[1], v[2]],
                    **({"gives": gives[k]} if k in gives else {}),
                }
                for k, v in _shown(steps)
            ],
        }
        if not running:
            with self.lock:
                if len(self.answers) >= ANSWERS:
                    self.answers.pop(next(iter(self.answers)))
                self.answers[chosen] = answer
        return answer

    def _list(self, options: TurnOptions, printer: Printer) -> None:
        deadline = time.monotonic() + LIST_SECONDS
        try:
            # the first of each kind, then every turn: what is found is kept when a
            # search runs out of time (on a loaded machine, at a rich position)
            with options.until(min(deadline, time.monotonic() + FIRSTS_SECONDS)):
                self._add_all(printer, options.each_first(), deadline)
            with options.until(deadline):
                self.whole = self._add_all(printer, options.interleaved(), deadline)
        finally:
            self.done.set()
        if not self._stopped.is_set():
            self.answer(())  # the first a player asks, and the dearest

    def _add_all(self, printer: Printer, found: Iterator[TurnOption], deadline: float) -> bool:
        """Add the turns `found` yields, in batches, until the deadline, a stop or a
        search that runs out of time (`OutOfTime`); whether all were added."""
        batch: list[TurnOption] = []
        try:
            for option in found:
                batch.append(option)
                if len(batch) == BATCH:
                    self._add(printer, batch)
                    batch = []
                    if self._stopped.is_set() or time.monotonic() > deadline:
                        return False
        except OutOfTime:
            return False
        finally:
            self._add(printer, batch)
        return not self._stopped.is_set()

    def _add(self, printer: Printer, options: list[TurnOption]) -> None:
        texts = [(printer.turn(o.turn), o) for o in options]
        with self.lock:
            for text, o in texts:
                if text not in self._seen:
                    self._seen.add(text)
                    self.matcher.add(text, o.taler, o.workers)


def _shown(steps: dict[str, list[int]]) -> list[tuple[str, list[int]]]:
    """The steps offered, `MAX_CHOICES` at most: the phase's own action first, each
    Extra Action after it, each cheapest first; where there are more, as many of each
    kind as there is room for (each Extra Action by its action and place), so that every
    kind keeps some."""

    def order(kv: tuple[str, list[int]]) -> tuple[object, ...]:
        return (kv[0].startswith(EXTRA), kv[1][1], -kv[1][0], kv[0])

    kinds: dict[str, list[tuple[str, list[int]]]] = {}
    for kv in sorted(steps.items(), key=order):
        kind = EXTRA_KIND.match(kv[0])
        kinds.setdefault(kind.group(0) if kind else "", []).append(kv)
    taken = itertools.islice(
        (kv for row in itertools.zip_longest(*kinds.values()) for kv in row if kv), MAX_CHOICES
    )
    return sorted(taken, key=order)
