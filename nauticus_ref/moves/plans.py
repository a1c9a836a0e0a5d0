"""Where a clause of a placing action could put its tiles: the tiles it could place, what
each ship and a new ship could take (`onto.py`, asked of the placing rules themselves),
and every plan that combines them, before prices and rewards (`placing.py` prices them
and writes their placements).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator, cast

from nauticus_ref.game.board import LATER_PRICE
from nauticus_ref.game.state import Ship, Tile, spaces
from nauticus_ref.moves.onto import REMEMBERED, UNBOUNDED, remembered, tiles_of
from nauticus_ref.moves.purse import Ask, Purse, forfeited
from nauticus_ref.moves.rewards import most_rewards
from nauticus_ref.notation import vocab


@dataclass
class Plan:
    """One way to place a clause's tiles: where each goes, before prices and rewards."""

    store: tuple[Tile, ...]
    ships: list[tuple[str, tuple[Tile, ...], Ship]]  # existing: key, tiles, result
    new: list[tuple[tuple[Tile, ...], Ship]]


@dataclass
class Reach:
    """What a clause of a placing action could place and where, before combining: the
    tiles in the order tried, how many of each there are, the most tiles the workers
    allow, the taler there are, the first tile's price of each kind, the sequences
    each ship (`onto`, by key) and a new ship (`shapes`) could take."""

    tiles: list[Tile]
    have: Counter[Tile]
    most: int
    budget: int | None  # None for a transport, which costs nothing
    first: dict[Tile, int]
    onto: dict[str, list[tuple[tuple[Tile, ...], Ship]]]
    shapes: list[tuple[tuple[Tile, ...], Ship]]
    #: of `most` and `budget`, what the rewards could bring (`_rewarded`); what a ship
    #: the clause completes brings at most, by key ("" a new ship's)
    rewarded: tuple[int, int] = (0, 0)
    rewards: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def keys(self) -> list[str]:
        return [k for k, seqs in self.onto.items() if seqs]

    @property
    def hulls(self) -> int:
        """The hull parts there are: at most as many new ships."""
        return sum(self.have[t] for t in self.tiles if t[0] == "hull")


def reach(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, only: Counter[Tile] | None = None
) -> Reach | None:
    """Where a clause of `action` could place what; None when it could place nothing.
    A sail can finish a ship, whose rewards may pay for more: for sails and transports,
    `most` and `budget` allow for that (they only cut the search).  Asked again of a
    purse alike in all it reads (the ships by identity: never changed once made), the
    answer is the one kept in `Ask.reached`; read only."""
    if only is not None:
        return _reach(ask, purse, action, extra, blue, only)
    held = purse.supply if action != "transport" else purse.storage
    # a transport costs nothing: its answer does not read the taler
    taler = purse.taler if action != "transport" else 0
    k: tuple[object, ...] = (action, extra, blue, purse.workers, taler)
    k += (tuple(held.items()), tuple(purse.ships.items()))  # the ships kept alive
    if k not in ask.reached:
        if len(ask.reached) >= REMEMBERED:
            ask.reached.clear()
        ask.reached[k] = _reach(ask, purse, action, extra, blue, None)
    return cast("Reach | None", ask.reached[k])


def _reach(
    ask: Ask, purse: Purse, action: str, extra: bool, blue: int, only: Counter[Tile] | None
) -> Reach | None:
    """`reach`, worked out."""
    buying = action != "transport"
    held = purse.supply if buying else purse.storage
    tiles = tiles_of(ask, action, held)
    if not tiles:
        return None
    have = Counter({t: held[t] for t in tiles})
    if only is not None:
        have = Counter({t: min(n, only[t]) for t, n in have.items()})
    most = blue + purse.workers
    if most <= 0 and action not in ("sails", "transport"):
        return None
    first = {t: ask.first_price(action, extra, t[1]) for t in tiles} if buying else {}
    # a ship takes only so many masts, sails or goods, whatever the workers, and a
    # transport only what the storage holds, so what it could take of them is asked
    # once for any number of workers
    lists = UNBOUNDED if action in ("masts", "sails", "goods", "transport") else most
    # a purchase's tiles are some of those the table's supply holds, the lists theirs
    bought = action if buying else None
    question = (tuple(tiles), lists, tuple(have[t] for t in tiles))
    onto = {
        k: remembered(ask, s, tiles, lists, have, bought, question) for k, s in purse.ships.items()
    }
    shapes = (
        remembered(ask, None, tiles, lists, have, bought, question)
        if any(t[0] == "hull" for t in tiles)
        else []
    )
    # a ship a sail or transport completes brings at most what its richest reward set
    # does (`most_rewards`); as many new ships as hull parts to start them, and no more
    # ships together than the tiles and workers could complete (`_rewarded`)
    completions: dict[str, Completion] = {}
    if action in ("sails", "transport"):
        for k, seqs in onto.items():
            if completing(seqs, purse.ships[k]):
                completions[k] = _completion(seqs, 1)
        if completing(shapes, None):
            hulls = sum(have[t] for t in tiles if t[0] == "hull")
            completions[""] = _completion(shapes, hulls)
    rewarded = _rewarded(list(completions.values()), have, most)
    most += rewarded[1]
    if most <= 0:
        return None
    budget = purse.taler + rewarded[0] if buying else None
    rewards = {k: (t, w) for k, (_, t, w, _) in completions.items()}
    return Reach(tiles, have, most, budget, first, onto, shapes, rewarded, rewards)


#: What completing one of a clause's ships takes and brings (`_completion`): the fewest
#: tiles of each kind (hull, mast, sail, good) that complete it, the most taler and
#: workers its rewards bring, and how many such ships there could be.
Completion = tuple[Counter[str], int, int, int]


def _completion(seqs: list[tuple[tuple[Tile, ...], Ship]], ships: int) -> Completion:
    """What completing a ship takes and brings, of the sequences `seqs` it could take (a
    new ship's: then up to `ships` of them)."""
    done = [seq for seq, made in seqs if made.complete]
    kinds = {t[0] for seq in done for t in seq}
    least = Counter({k: min(sum(1 for t in seq if t[0] == k) for seq in done) for k in kinds})
    taler, workers, _ = most_rewards(max(made.size for _, made in seqs if made.complete))
    return least, taler, workers, ships


#: Sets of completed ships weighed at most (`_rewarded`); past it, all of them together.
WEIGHED = 4096


def _rewarded(completions: list[Completion], have: Counter[Tile], most: int) -> tuple[int, int]:
    """The most taler and the most workers the rewards of the ships one clause completes
    could bring: of every set of them whose least tiles the tiles `have` hold, and no
    more in all than `most` workers and the set's own rewards could place (a bound:
    only where a sail or a transport can complete a ship does it cut the search)."""
    if not completions:
        return 0, 0
    choices = [range(n + 1) for *_, n in completions]
    if math.prod(map(len, choices)) > WEIGHED:
        return sum(t * n for _, t, _, n in completions), sum(w * n for _, _, w, n in completions)
    held: Counter[str] = Counter()
    for tile, n in have.items():
        held[tile[0]] += n
    best = (0, 0)
    for counts in itertools.product(*choices):
        need: Counter[str] = Counter()
        taler = workers = 0
        for (least, t, w, _), n in zip(completions, counts):
            for k, m in least.items():
                need[k] += m * n
            taler, workers = taler + t * n, workers + w * n
        if all(need[k] <= held[k] for k in need) and sum(need.values()) <= most + workers:
            best = (max(best[0], taler), max(best[1], workers))
    return best


def taking(ask: Ask, found: Reach, action: str, ship: Ship) -> list[tuple[tuple[Tile, ...], Ship]]:
    """What `ship`, one the purse `found` was reached from does not hold (a clause before
    made it), could take of the tiles the purchase or transport `action` reached, read
    with workers to spare (`UNBOUNDED`): as `found.onto` has it for the purse's own
    ships."""
    bought = action if action in vocab.BUYING_ACTIONS else None
    return remembered(ask, ship, found.tiles, UNBOUNDED, found.have, bought)


def completing(seqs: list[tuple[tuple[Tile, ...], Ship]], ship: Ship | None) -> bool:
    """Whether one of `seqs`, what `ship` could take (a new ship's when None), completes
    it."""
    # a ship of such a list is marked completed where it is complete (`onto._grow`)
    return not (ship is not None and ship.complete) and any(made.completed for _, made in seqs)


def plans(
    ask: Ask,
    purse: Purse,
    action: str,
    extra: bool,
    blue: int,
    only: Counter[Tile] | None = None,
    stores: bool = True,
    ships: tuple[list[str], list[tuple[tuple[Tile, ...], Ship]]] | None = None,
) -> Iterator[tuple[Plan, Counter[Tile]]]:
    """Every way to place the clause's tiles, with how many of each it places: on each
    ship (a choice from what it can take), on new ships, in storage; grown one
    destination at a time and cut as soon as the tiles chosen cost more taler or
    workers than the player could have.  `only`: just the ways that place exactly
    these tiles (to find a written clause quickly).  Without `stores`: the ways for the
    ships alone, the empty one too, the storage left to the caller (`walks.py`); with
    `ships` too, onto those ships alone and new ones of those shapes."""
    found = reach(ask, purse, action, extra, blue, only)
    if found is None:
        return
    if ships is not None:
        found = replace(found, onto={k: found.onto[k] for k in ships[0]}, shapes=ships[1])
    grown = _Planner(ask, purse, found)
    for chosen, used, n, paid, gained in grown.on_ships(0, Counter(), 0, 0, [], (0, 0)):
        for fleet, used2, n2, paid2, gained2 in grown.fleets(used, n, paid, gained):
            if not stores:  # the ships alone, the empty way too: the caller stores
                yield Plan((), chosen, fleet), used2
                continue
            for store, used3 in (
                grown.stored(0, used2, n2, paid2, purse.storage_free, (), grown.limit(gained2))
                if found.budget is not None
                else [((), used2)]
            ):
                if (store or chosen or fleet) and (only is None or used3 == only):
                    yield Plan(store, chosen, fleet), used3


Placed = list[tuple[str, tuple[Tile, ...], Ship]]
Fleet = list[tuple[tuple[Tile, ...], Ship]]
#: The taler and workers the rewards of the ships a plan completes bring at most
#: (`Reach.rewards`), or the most a plan could have of them (`_Planner.limit`).
Gain = tuple[int, int]


class _Planner:
    """What `plans` grows its ways from, one destination at a time.  (A class, not
    functions nested in `plans`: a nested function that calls itself is a reference
    cycle, left for the garbage collector, and a listing makes thousands of plans.)

    Only a completed ship's rewards pay for more than the player has, so a plan is cut
    as soon as it places more tiles or costs more than the player has and the rewards
    of the ships it completes, or could still complete, bring (`limit`)."""

    __slots__ = "ask purse found keys twins picked base after new made complete".split()

    def __init__(self, ask: Ask, purse: Purse, found: Reach) -> None:
        self.ask, self.purse, self.found, self.keys = ask, purse, found, found.keys
        # a ship is given at most what its twin is (in the order of `onto`, nothing least)
        self.twins = purse.twins()
        self.picked: dict[str, int] = {}
        # what the player has without rewards, and what the ships from the i-th on and
        # the new ships (one a hull part) could still bring
        taler, workers = found.rewarded
        budget = 0 if found.budget is None else found.budget - taler  # a transport pays 0
        self.base = (budget, found.most - workers)
        self.new = found.rewards.get("", (0, 0))
        after = [(self.new[0] * found.hulls, self.new[1] * found.hulls)]
        for k in reversed(self.keys):
            t, w = found.rewards.get(k, (0, 0))
            after.append((after[-1][0] + t, after[-1][1] + w))
        self.after = after[::-1]
        self.complete = [ship.complete for _, ship in found.shapes]
        self.made: dict[tuple[object, ...], list[tuple[Fleet, Counter[Tile], int, int, Gain]]] = {}

    def limit(self, gained: Gain, more: Gain = (0, 0)) -> Gain:
        """The most a plan may cost and the most tiles it may place, where the ships it
        completes bring `gained` and those it could still complete `more`."""
        taler, workers = self.found.rewarded
        return (
            self.base[0] + min(taler, gained[0] + more[0]),
            self.base[1] + min(workers, gained[1] + more[1]),
        )

    def cost(self, used: Counter[Tile], seq: tuple[Tile, ...]) -> int:
        """What adding `seq` to the tiles `used` costs at the least (prices are paid
        first of a kind at the printed price, then 4 each)."""
        first = self.found.first
        total, seen = 0, set()
        for t in seq:
            total += first[t] if not used[t] and t not in seen else LATER_PRICE
            seen.add(t)
        return total

    def grow(
        self, seq: tuple[Tile, ...], used: Counter[Tile], n: int, paid: int, limit: Gain
    ) -> tuple[Counter[Tile], int, int] | None:
        self.ask.tick()
        found = self.found
        if n + len(seq) > limit[1]:
            return None
        more = used.copy()  # a copy updated: half what adding two Counters costs
        more.update(seq)
        if any(more[t] > found.have[t] for t in seq):
            return None
        if found.budget is not None:
            paid += self.cost(used, seq)
            if paid > limit[0]:
                return None
        return more, n + len(seq), paid

    def on_ships(
        self, i: int, used: Counter[Tile], n: int, paid: int, chosen: Placed, gained: Gain
    ) -> Iterator[tuple[Placed, Counter[Tile], int, int, Gain]]:
        keys, onto, twins, picked = self.keys, self.found.onto, self.twins, self.picked
        if i == len(keys):
            yield chosen, used, n, paid, gained
            return
        k = keys[i]
        picked[k] = -1
        yield from self.on_ships(i + 1, used, n, paid, chosen, gained)
        most = picked[twins[k]] if k in twins else len(onto[k])
        reward = None if self.purse.ships[k].complete else self.found.rewards.get(k)
        done = gained if reward is None else _plus(gained, reward)  # if it completes it
        limits = (self.limit(gained, self.after[i + 1]), self.limit(done, self.after[i + 1]))
        for j, (seq, ship) in enumerate(onto[k][: most + 1]):
            completes = reward is not None and ship.complete
            grown = self.grow(seq, used, n, paid, limits[completes])
            if grown is not None:
                picked[k] = j
                got = done if completes else gained
                yield from self.on_ships(i + 1, *grown, chosen + [(k, seq, ship)], got)

    def fleets(
        self, used: Counter[Tile], n: int, paid: int, gained: Gain
    ) -> list[tuple[Fleet, Counter[Tile], int, int, Gain]]:
        """The new ships a plan could start after its ships took `used` (`on_new`),
        found once for all the ways onto the ships that leave the same."""
        k = (*(used[t] for t in self.found.tiles), n, paid, gained)
        if k not in self.made:
            self.made[k] = list(self.on_new(0, used, n, paid, [], gained))
        return self.made[k]

    def on_new(
        self, start: int, used: Counter[Tile], n: int, paid: int, chosen: Fleet, gained: Gain
    ) -> Iterator[tuple[Fleet, Counter[Tile], int, int, Gain]]:
        paid_most, most = self.limit(gained)
        if n <= most and paid <= paid_most:  # else only a ship completed after pays it
            yield chosen, used, n, paid, gained
        shapes, have = self.found.shapes, self.found.have
        # the limits for a new ship that is completed and one that is not
        limits = (
            self.limit(gained, self.after[-1]),
            self.limit(_plus(gained, self.new), self.after[-1]),
        )
        for j in range(start, len(shapes)):
            seq, ship = shapes[j]
            complete = self.complete[j]
            if n + len(seq) > limits[complete][1] or any(used[t] >= have[t] for t in seq):
                self.ask.tick()  # a step all the same: a node may have hundreds
                continue  # as `grow` would find, without copying `used`
            grown = self.grow(seq, used, n, paid, limits[complete])
            if grown is not None:
                got = _plus(gained, self.new) if complete else gained
                yield from self.on_new(j, *grown, chosen + [(seq, ship)], got)

    def stored(
        self,
        start: int,
        used: Counter[Tile],
        n: int,
        paid: int,
        room: int,
        seq: tuple[Tile, ...],
        limit: Gain,
    ) -> Iterator[tuple[tuple[Tile, ...], Counter[Tile]]]:
        yield seq, used
        tiles, first, free_room = self.found.tiles, self.found.first, self.purse.storage_free
        for i in range(start, len(tiles)):
            t = tiles[i]
            # a paid tile must fit; a free one may be forfeited (`forfeited`)
            free = first[t] == 0 and t not in seq
            lost = free and forfeited(t, free_room - room, free_room)
            if spaces(t) <= room or lost:
                grown = self.grow((t,), used, n, paid, limit)
                if grown is not None:
                    left = room if lost else room - spaces(t)
                    yield from self.stored(i, *grown, left, seq + (t,), limit)


def _plus(gained: Gain, reward: Gain) -> Gain:
    return gained[0] + reward[0], gained[1] + reward[1]


def finishing_first(purse: Purse, plan: Plan) -> list[tuple[str, tuple[Tile, ...], Ship, bool]]:
    """The plan's existing ships in the order the canonical form writes them, each with
    whether the plan completes it: those it completes first, then the others, each in
    the order they were started."""
    marked = [
        (key, seq, ship, ship.complete and not purse.ships[key].complete)
        for key, seq, ship in plan.ships
    ]
    return [x for x in marked if x[3]] + [x for x in marked if not x[3]]


#: A placement of a plan (`arrangements`): ("store", 0), ("ship", i) for the i-th ship of
#: `finishing_first`, or ("new", i) for the i-th of `plan.new`.
Part = tuple[str, int]


def finishers(
    purse: Purse, plan: Plan, price_of: Callable[[Tile], int] | None
) -> list[tuple[Part, tuple[Tile, ...]]]:
    """The placements of `plan` that complete a ship, with their tiles, in the canonical
    form's order: the existing ships first, as `finishing_first` writes them, then the
    new ones.  Empty where one of them takes a tile free as the first of its kind at
    `price_of` (the free copy must be the one stored, so the storage comes first)."""
    ships = finishing_first(purse, plan)
    done: list[tuple[Part, tuple[Tile, ...]]] = [
        (("ship", i), seq) for i, (_, seq, _, completes) in enumerate(ships) if completes
    ]
    done += [(("new", i), seq) for i, (seq, ship) in enumerate(plan.new) if ship.complete]
    if price_of is not None and any(price_of(t) == 0 for _, seq in done for t in seq):
        return []
    return done


def arrangements(
    purse: Purse, plan: Plan, price_of: Callable[[Tile], int] | None
) -> list[list[Part]]:
    """The orders the placements of `plan` are paid in, the canonical one first: the
    storage, the ships (`finishing_first`), the new ships.  A completed ship's rewards pay
    for what comes after it, so where the plan completes ships (`finishers`), then each
    order of those ships first, the storage after them and the rest as before (after the
    last reward the taler and workers only go down, so the rest's order changes
    nothing).  `price_of`: the first tile's price of each kind; None for a transport."""
    canonical: list[Part] = [("store", 0)] if plan.store else []
    canonical += [("ship", i) for i in range(len(plan.ships))]
    canonical += [("new", i) for i in range(len(plan.new))]
    done = [part for part, _ in finishers(purse, plan, price_of)]
    out = [canonical]
    for first in itertools.permutations(done):
        order = [*first, *(p for p in canonical if p not in done)]
        if order not in out:
            out.append(order)
    return out
