"""The second clauses of the turns with the Extra Action, counted without listing them:
each first clause hands on what it leaves, grouped by the shape the second clause
reads (`Purse.shape`), and the second clause's bodies are found once a shape, with
what each needs (`turns.TurnOptions.counts` fills it).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from typing import Callable

from nauticus_ref.moves.clauses import alike, by_tally, in_room, needs, tally, unseen
from nauticus_ref.moves.purse import Ask, Budgets, Purse, check, stored
from nauticus_ref.moves.tally import by_needs
from nauticus_ref.notation import vocab

#: A second clause to count: its group, the shape of the purse it starts from, the
#: action and whether it is the Extra Action.
SecondKey = tuple[str, object, str, bool]


class Seconds:
    """The second clauses of a turn to count: for each `SecondKey`, a purse of that
    shape and how many first clauses left each (taler, workers).  What the second
    clause's bodies need is found once a key, from the richest of those purses; a
    purse of the shape is then short of a body's needs or can afford it."""

    def __init__(self, ask: Ask, deadline: float | None):
        self.ask, self.deadline = ask, deadline
        self.asks: dict[SecondKey, tuple[Purse, Counter[tuple[int, int]]]] = {}
        self.known: dict[SecondKey, Counter[tuple[int, int]] | None] = {}

    def add(self, group: str, after: Purse, action: str, extra: bool, shape: object = None) -> None:
        """A first clause of `group` that leaves `after` (of `shape` for `action`, where
        the caller has it)."""
        k = (group, after.shape(action) if shape is None else shape, action, extra)
        self._budgets(k, after)[after.taler, after.workers] += 1

    def add_many(
        self,
        k: SecondKey,
        after: Purse,
        budgets: Budgets,
        needs: Budgets | None = None,
    ) -> None:
        """First clauses that leave `after` (of `k`), how many leaving each (taler,
        workers); `needs`, where the caller has it, what the second clause's bodies
        from a purse of `k` need (as `clauses.needs` would find)."""
        self._budgets(k, after).update(budgets)
        if needs is not None:
            self.known[k] = needs

    def _budgets(self, k: SecondKey, after: Purse) -> Counter[tuple[int, int]]:
        """How many first clauses leave each (taler, workers) of `k`, `after` its purse
        where `k` is new."""
        assert k not in self.known, "a key is asked once all its purses are in"
        return self.asks.setdefault(k, (after, Counter()))[1]

    def tallied(
        self, group: str, purse: Purse, counted: Counter[tuple[int, int]], action: str, extra: bool
    ) -> None:
        """First clauses counted by what they need, each leaving `purse` less that and
        nothing else the bodies of `action` depend on."""
        if counted:
            self.add_many(
                (group, purse.shape(action), action, extra),
                purse,
                Counter({(purse.taler - t, purse.workers - w): n for (t, w), n in counted.items()}),
            )

    def roomed(
        self,
        group: str,
        purse: Purse,
        first: str,
        taken: Counter[tuple[int, int, int]],
        action: str,
        extra: bool,
    ) -> None:
        """First clauses of the purchase `first` counted by what they need and the room
        they take (`clauses.rooms`), each leaving `purse` less that and nothing else
        the bodies of `action` depend on."""
        for (taler, workers, room), n in taken.items():
            check(self.deadline)
            after = stored(self.ask, purse, first, room)
            after.taler, after.workers = purse.taler - taler, purse.workers - workers
            self.add_many(
                (group, after.shape(action), action, extra),
                after,
                Counter({(after.taler, after.workers): n}),
            )

    def after(self, purse: Purse, phase: str, taken: Counter[tuple[int, int, int]]) -> set[str]:
        """The Extra Actions after the phase's purchase or transport `phase` whose
        second clauses are counted here without listing the phase's bodies, which
        `taken` counts by what they need and the room they take (`clauses.rooms`):
        those that see none of what the bodies do but the taler and workers
        (`clauses.unseen`), or only the room they take (`clauses.in_room`), or that
        are purchases or a transport counted by what their tally reads
        (`clauses.by_tally`).  Each other is asked of each body of `phase` listed."""
        done: set[str] = set()
        counted = by_needs(taken)
        for action in vocab.ACTIONS:
            group = f"extra {action} after"
            if unseen(self.ask, purse, phase, False, action):
                self.tallied(group, purse, counted, action, True)
            elif in_room(self.ask, purse, phase, False, action):
                self.roomed(group, purse, phase, taken, action, True)
            else:
                shaped = by_tally(self.ask, purse, phase, False, action, self.deadline)
                if shaped is None:
                    continue
                for shape, (after, budgets, needs) in shaped.items():
                    self.add_many((group, shape, action, True), after, budgets, needs)
            done.add(action)
        return done

    def tally(
        self, group: str, purse: Purse, action: str, extra: bool
    ) -> Counter[tuple[int, int]] | None:
        """What the bodies of the second clause from `purse` need, asked from the richest
        purse of its shape (`purse` among them), where they can be tallied
        (`clauses.tally`); None where they cannot."""
        k = (group, purse.shape(action), action, extra)
        self.asks.setdefault(k, (purse, Counter()))[1][purse.taler, purse.workers] += 0
        if k not in self.known:
            self.known[k] = tally(self.ask, self._richest(k), action, extra)
        return self.known[k]

    def _richest(self, *keys: SecondKey) -> Purse:
        """A purse of the first key's shape, with the most taler and workers any purse
        of the keys has."""
        budgets = [b for k in keys for b in self.asks[k][1]]
        richest = self.asks[keys[0]][0].copy()
        richest.taler = max(t for t, _ in budgets)
        richest.workers = max(w for _, w in budgets)
        return richest

    def counts(self) -> Counter[str]:
        """How many turns each group holds, the second clauses counted.  Shapes whose
        second clauses tally alike (`clauses.alike`, up to the most workers any purse
        of the action has) are asked once, from the richest purse of them all."""
        out: Counter[str] = Counter()
        # the most workers a purse asked of each action has: those alike up to it
        most: dict[tuple[str, bool], int] = {}
        for (_, _, action, extra), (_, budgets) in self.asks.items():
            most[action, extra] = max([most.get((action, extra), 0), *(w for _, w in budgets)])
        together: dict[object, list[SecondKey]] = {}
        for k, (purse, _) in self.asks.items():
            check(self.deadline)  # telling shapes alike can take as long as the tallies
            same = None if k in self.known else alike(self.ask, purse, k[2], k[3], most[k[2], k[3]])
            together.setdefault(k if same is None else (k[2], k[3], same), []).append(k)
        for keys in together.values():
            counted = self.known.get(keys[0])
            if counted is None:
                counted = needs(
                    self.ask, self._richest(*keys), keys[0][2], keys[0][3], self.deadline
                )
                check(self.deadline)
            afforded = _afforded(counted)
            for k in keys:
                for (taler, workers), n in self.asks[k][1].items():
                    out[k[0]] += n * afforded(taler, workers)
        return out


def _afforded(needs: Counter[tuple[int, int]]) -> Callable[[int, int], int]:
    """How many of the bodies that need each (taler, workers) a purse with so many can
    afford: a table of sums over the needs' taler and workers, looked up by bisection."""
    talers = sorted({t for t, _ in needs})
    workers = sorted({w for _, w in needs})
    row_of = {t: i for i, t in enumerate(talers)}
    column_of = {w: j for j, w in enumerate(workers)}
    table = [[0] * len(workers) for _ in talers]
    for (t, w), n in needs.items():
        table[row_of[t]][column_of[w]] += n
    for i, row in enumerate(table):  # then each cell: as much or less of both
        for j in range(len(row)):
            row[j] += (
                (row[j - 1] if j else 0)
                + (table[i - 1][j] if i else 0)
                - (table[i - 1][j - 1] if i and j else 0)
            )

    def afford(taler: int, own: int) -> int:
        i, j = bisect_right(talers, taler) - 1, bisect_right(workers, own) - 1
        return table[i][j] if i >= 0 and j >= 0 else 0

    return afford
