"""What a player can spend in a turn, and what a clause leaves: the part of the table a
turn changes, light enough to copy for every option.

`Purse.of(table, player)` reads it from the table the replay reached; the clause
generators (`clauses.py`) build a new one for each option they find, so that the
second clause of a turn (the Extra Action before or after the phase's action) is
found from what the first left.
"""

from __future__ import annotations

import copy
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, cast

from nauticus_ref.core.span import Span
from nauticus_ref.game import rewards
from nauticus_ref.game.state import EXTRA_WORKERS, STORAGE_SPACES, Player, Ship, Tile, spaces
from nauticus_ref.game.table import Table
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Action, ActionClause, Claim, Name, Placement, Unit
from nauticus_ref.rules import moments

#: Where a generated move stands: options are text, not read from a file.
SPAN = Span(line=1, column=1, end_line=1, end_column=2)


class OutOfTime(Exception):
    """Counting went past its deadline; `counted`: how many options it had found."""

    def __init__(self, counted: int = 0):
        super().__init__(f"out of time after {counted} options")
        self.counted = counted


def check(deadline: float | None) -> None:
    """Raise `OutOfTime` past `deadline` (`time.monotonic()`)."""
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime


#: The predicates that judge a moment, by its type (`Referee.judges`).
Judges = dict[type, tuple[moments.Predicate, ...]]


@dataclass(slots=True)
class Purse:
    """A player's workers, taler, storage, ships and crowns, the supply, and what the
    phase gives: the blue workers at its space (None once used), whether the Extra
    Action is still to be had, the crown points the round still allows."""

    taler: int
    workers: int
    storage: Counter[Tile]
    ships: dict[str, Ship]  # by casefolded name, in the order they were started
    supply: Counter[Tile]
    passed: int
    crowns_owned: int  # crown masts and sails, in storage or on ships
    crown_scored: int  # crown points scored this round (`state.crown_room`)
    extra: bool  # the Extra Action is still the player's
    main_done: bool = False  # the phase's action (or pass) is taken
    held: frozenset[str] = frozenset()  # the ships the player had when the turn began

    @classmethod
    def of(cls, table: Table, p: Player) -> Purse:
        masts, sails, _ = p.crowns_breakdown()
        return cls(
            taler=p.taler,
            workers=p.workers,
            storage=Counter(p.storage),
            ships={k: copy.deepcopy(s) for k, s in p.ships.items()},
            supply=Counter(table.supply),
            passed=p.passed,
            crowns_owned=masts + sails,
            crown_scored=p.crown_vp_this_round,
            extra=not p.extra_used,
            held=frozenset(p.ships),
        )

    @property
    def crowns(self) -> int:
        return self.crowns_owned + self.passed

    @property
    def storage_free(self) -> int:
        return STORAGE_SPACES - sum(spaces(t) * n for t, n in self.storage.items())

    def copy(self, ships: dict[str, Ship] | None = None) -> Purse:
        """A copy with its own counters, sharing the ships unless `ships` are given (a
        clause that changes a ship gives the changed copies)."""
        return replace(
            self,
            storage=Counter(self.storage),
            supply=Counter(self.supply),
            ships=dict(self.ships) if ships is None else ships,
        )

    def twins(self) -> dict[str, str]:
        """The ships this turn started that are alike one started before them, each
        with the last of those: giving one of two such ships something does what giving
        it to the other would (`turns.key`), so a clause gives a ship at most what it
        gives its twin (`plans.plans`)."""
        last: dict[tuple[object, ...], str] = {}
        out: dict[str, str] = {}
        for k, s in self.ships.items():
            if k not in self.held:
                made = (*map(tuple, (s.parts, s.masts, s.sails, s.goods)), s.completed)
                if made in last:
                    out[k] = last[made]
                last[made] = k
        return out

    def shape(self, action: str) -> tuple[object, ...]:
        """What the bodies of `action` depend on but the taler and workers (a body needs
        at least so many of each: `Body.needs`): two purses of one shape have the same
        bodies, and each can afford those whose needs it meets."""
        return self.shapes((action,))[action]

    def shapes(self, actions: Iterable[str]) -> dict[str, tuple[object, ...]]:
        """`shape` of each of `actions`, what they share read once."""
        actions = list(actions)
        ships = list(self.ships.values())
        placing = set(actions) & set(vocab.PLACING_ACTIONS)
        supply = sorted(self.supply.items()) if placing else []
        hulls = tuple(tuple(s.parts) for s in ships) if placing else ()
        rigs = (
            tuple((tuple(s.masts), tuple(s.sails)) for s in ships)
            if placing & {"masts", "sails", "transport"}
            else ()
        )
        goods = tuple(len(s.goods) for s in ships) if placing & {"goods", "transport"} else ()
        free = self.storage_free if placing - {"transport"} else 0
        all_twins: dict[str, str] | None = None
        out: dict[str, tuple[object, ...]] = {}
        for action in actions:
            if action in ("money", "crowns"):
                out[action] = (self.crowns, self.crown_scored)
                continue
            if all_twins is None:
                all_twins = self.twins()
            twins = all_twins
            if action == "deliver":  # a delivery chooses among the ships ready for it
                shape: tuple[object, ...] = tuple(
                    len(s.goods) for s in ships if s.complete and s.loaded
                )
                twins = {
                    k: t
                    for k, t in twins.items()
                    if self.ships[k].complete and self.ships[k].loaded
                }
            else:
                kind = vocab.ITEM_KIND_OF_ACTION.get(action)
                # a sail or transport that completes a ship takes its rewards' tiles
                read = tuple(
                    (t, n)
                    for t, n in supply
                    if t[0] == kind or action in ("sails", "transport") and t in rewards.TILES
                )
                if action == "hulls":
                    shape = (free, read, hulls)
                elif action == "goods":
                    shape = (free, read, hulls, goods)
                elif action in ("masts", "sails"):
                    shape = (free, read, hulls, rigs)
                else:
                    shape = (tuple(sorted(self.storage.items())), read, hulls, rigs, goods)
            if twins:  # where ships are alike, fewer clauses are told apart
                order = {k: i for i, k in enumerate(self.ships)}
                shape += (tuple(sorted((order[a], order[b]) for a, b in twins.items())),)
            out[action] = shape
        return out


def alike_counts(twins: dict[str, str], keys: Iterable[str]) -> Counter[str]:
    """Of the ships `keys`, the first of each set started alike (`twins`, as
    `Purse.twins` gives them), with how many of `keys` that set holds."""
    out: Counter[str] = Counter()
    for key in keys:
        while key in twins:
            key = twins[key]
        out[key] += 1
    return out


def as_clause(ask: Ask, purse: Purse, extra: bool) -> tuple[Purse, int]:
    """What a clause has to spend, and its blue workers: as the Extra Action, two more
    workers of the player's own and none of the phase's blue ones."""
    if not extra:
        return purse, ask.blue
    # read only: its counters shared
    return replace(purse, workers=purse.workers + EXTRA_WORKERS), 0


#: How many first clauses leave, or bodies need, each (taler, own workers).
Budgets = Counter[tuple[int, int]]
#: First clauses by the shape they leave the next clause (`Purse.shape`, or what its
#: tally reads): a purse of that shape, and how many leave each (taler, workers).
Shaped = dict[object, tuple[Purse, Budgets]]
#: As `Shaped`, each with what the next clause's bodies need where it is counted too.
Tallied = dict[object, tuple[Purse, Budgets, Budgets | None]]


def forfeited(tile: Tile, taken: int, room: int) -> bool:
    """Whether a free tile (the first of a kind at a printed 0) stored once `taken` of
    the storage's `room` free spaces are filled finds no room, and is forfeited as the
    house rulings allow.  The storage is filled in the order the clause is written,
    which is the order the generator tries tiles in but for hull parts (written bow
    to stern): a free hull part is taken as forfeited only where the storage has no
    room for it at all."""
    return spaces(tile) > (room if tile[0] == "hull" else room - taken)


def fits(table: Table, judges: Judges, ship: Ship, tile: Tile) -> bool:
    """Whether the placing rules allow `tile` onto `ship`: the same predicates that judge
    a written placement, asked without a record."""
    at = moments.placed(ship, tile, SPAN)
    for judge in judges[type(at)]:
        found = judge(table, at)
        if found and any(
            d.severity == "error" for d in (found if isinstance(found, list) else (found,))
        ):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Body:
    """One legal body of an action: the clause, what it leaves, what it cost."""

    clause: ActionClause
    after: Purse
    taler: int  # taler paid
    workers: int  # uses (blue and own workers)
    #: the least taler and own workers the body needs (a reward can pay for what
    #: comes after it), own workers counted before the Extra Action's two
    needs: tuple[int, int] = (0, 0)


#: The ways through ships an `Ask` remembers at most (about 100 bytes each).
WALKED = 200_000


@dataclass
class Ask:
    """What every generator reads: the table (for the predicates and the board), the
    judges, the phase's space and blue workers.  `onto`: what each ship could take,
    kept for the next question about the same ship (placing.py); ships are never
    changed once made, so a ship is known by its identity, and kept alive by the memo."""

    table: Table
    judges: Judges
    space: int | None
    blue: int
    onto: dict[tuple[object, ...], tuple[Ship | None, list[tuple[tuple[Tile, ...], Ship]]]] = field(
        default_factory=dict
    )
    #: the lists of `onto` by the ship's identity, the most tiles and the tiles tried,
    #: with the numbers each was made from, which it denied for want, and the most of
    #: each it holds (`onto._alike`)
    lists: dict[tuple[object, ...], list[Any]] = field(default_factory=dict)
    #: the tiles each action places, in the order they are tried (`onto.tiles_of`)
    orders: dict[str, tuple[Tile, ...]] = field(default_factory=dict)
    #: where a clause could place what, by all it read of the purse (`plans.reach`)
    reached: dict[tuple[object, ...], Any] = field(default_factory=dict)
    #: what the tally works out about each of those lists, by its identity (`tally.Known`)
    known: dict[int, object] = field(default_factory=dict)
    #: the ways through a plan's ships each walk found (`walks._ways`), by all it read
    #: but the taler and workers it started from, with those
    walked: dict[tuple[object, ...], tuple[tuple[int, int], list[Any]]] = field(
        default_factory=dict
    )
    #: any number of new ships of some shapes, by all a tally reads of them, with the
    #: limits and taler they were worked out within (`tally.Tally._fleets`)
    fleets: dict[tuple[object, ...], tuple[tuple[int, ...], int, Counter[tuple[int, ...]]]] = field(
        default_factory=dict
    )
    #: what the storage adds to a state of a tally, by all the tally reads of it
    #: (`tally.Tally._rooms`)
    stored: dict[tuple[object, ...], Any] = field(default_factory=dict)
    #: how many ways `walked` holds, at most `WALKED`
    ways: int = 0
    #: where set (`TurnOptions.until`), a search for bodies raises `OutOfTime` past it
    deadline: float | None = None
    #: set (`TurnOptions.halt`), a search for bodies raises `OutOfTime` as if past it
    halted: bool = False
    ticks: int = 0

    def remember(self, k: tuple[object, ...], start: tuple[int, int], ways: list[Any]) -> None:
        """Keep what a walk from `start` found for the next walk asked the same, in
        place of one from a poorer start, within `WALKED`."""
        before = len(self.walked[k][1]) if k in self.walked else 0
        if self.ways - before + len(ways) <= WALKED:
            self.walked[k] = (start, ways)
            self.ways += len(ways) - before

    def tick(self) -> None:
        """One step of a search for bodies: every 1024th looks at the `deadline`, so a
        search that finds nothing for long still stops."""
        self.ticks += 1
        if not self.ticks & 1023:
            if self.halted:
                raise OutOfTime
            check(self.deadline)

    def first_price(self, action: str, extra: bool, name: str) -> int:
        """What the first tile of a kind costs in this phase (`Board.first_price`)."""
        return self.table.board.first_price(self.space, action, name, extra)


def stored(
    ask: Ask, purse: Purse, action: str, spaces_taken: int, ships: dict[str, Ship] | None = None
) -> Purse:
    """A copy of `purse` (with `ships`, where given) with so many storage spaces taken by
    tiles of the purchase `action` (which of its kind changes nothing but the room)."""
    after = purse.copy(ships)
    tile = (vocab.ITEM_KIND_OF_ACTION[action], ask.table.board.tiles[action][0])
    after.storage[tile] += spaces_taken // spaces(tile)
    return after


def make_clause(
    action: str,
    extra: bool,
    workers: int | None = None,
    claim: tuple[int, str] | None = None,
    placements: list[Placement] | None = None,
    ships: list[Name] | None = None,
) -> ActionClause:
    return ActionClause(
        span=SPAN,
        action=_action(action),
        extra=extra,
        placements=placements or [],
        workers=workers,
        ships=ships or [],
        claim=Claim(span=SPAN, value=claim[0], unit=cast(Unit, claim[1])) if claim else None,
    )


def _action(action: str) -> Action:
    assert action in vocab.ACTIONS
    return cast(Action, action)


def ship_name(text: str) -> Name:
    return Name(span=SPAN, text=text)
