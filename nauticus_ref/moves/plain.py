"""The plain walk: every candidate line of a turn, judged by the referee.

It knows no rule.  It writes the lines a player could put down from the notation's
words (pass, the phase's action, the Extra Action on any action before or after
either), plays each on the table with the referee's own effects, a clause at a time
from a checkpoint, and keeps those the referee finds no error in: the turns `validate`
would accept on that line, under the record's settings.  It is slow (every line is
played), so it is the measure, not the tool: the table of exact counts in
`tests/moves/perft.json` is computed by it, and the generator's counts are held to it.

The candidates are bounded by what a line can physically say, not by the rules:

- a clause uses at most the player's workers, the blue workers on the space (2 more
  with the Extra Action) and 3 for each `3w` reward it writes; past the workers, larger
  clauses are tried until three sizes in a row hold none that completes a ship; a
  transport moves at most what the storage holds;
- the tiles of one destination form one placement, written middles, bow, stern,
  1-ship, masts, sails, goods, and a new ship is started by a placement holding a
  hull part; the placements are tried in every order where the clause completes a
  ship (its rewards may pay for the placements after it), else the storage first (the
  referee charges a clause the same whatever the order), the free tile last;
- a free tile is written in a clause that buys as many tiles as there are kinds;
- a placement that completes a ship (as the tiles would lie) writes one reward a mast;
- the Extra Action is a candidate while the player still has it.

Past `most` lines played it stops (`TooMany`): the answer would not be exact.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterator, Sequence, cast

from nauticus_ref.game.state import Player, Ship, Tile
from nauticus_ref.moves.judge import line_span
from nauticus_ref.moves.turns import key
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import (
    Action,
    ActionClause,
    Clause,
    Destination,
    Item,
    ItemKind,
    Name,
    PassClause,
    Placement,
    Reward,
    RewardKind,
    Turn,
)
from nauticus_ref.referee.context import Referee, TooManyErrors
from nauticus_ref.referee.engine import end_turn, play_clause, start_turn
from nauticus_ref.referee.ships import put_on_ship
from nauticus_ref.rules import moments

#: the order of a placement's items (a ship is built middles, bow, stern)
ITEM_ORDER = {"middle": 0, "bow": 1, "stern": 2, "1ship": 3}
KIND_ORDER = {"hull": 0, "mast": 1, "sail": 2, "good": 3}


class TooMany(Exception):
    """The walk played `most` lines without going through them all."""


class PlainWalk:
    """The legal turns of the player to move on the table `r` holds (left as it was),
    each by what it does (`turns.key`) with one line that does it."""

    def __init__(self, r: Referee, most: int = 200_000) -> None:
        self.r, self.most, self.played = r, most, 0
        ctx = r.table.phase
        self.player: Player | None = None
        if ctx is not None and not r.table.round_ended:
            self.player = next((p for p in ctx.order if p not in ctx.done), None)
        self.span = line_span(r)
        self.base = r.state()
        self.errors_before = len(r.diags)
        #: the state once the turn is begun, and each first clause's candidates that
        #: draw no error with the state each leaves (`_shape`)
        self.begun: dict[str, object] = {}
        self.firsts: dict[str, list[tuple[Clause, dict[str, object]]]] = {}

    # -- the walk ------------------------------------------------------------------
    def turns(self) -> dict[tuple[object, ...], tuple[Clause, ...]]:
        """Every legal turn, by what it does; raises `TooMany` past the bound."""
        r, p = self.r, self.player
        ctx = r.table.phase
        if p is None or ctx is None:
            return {}
        main = ctx.action
        shapes: list[tuple[str, ...]] = [("pass",), (main,)]
        if not p.extra_used:
            for x in vocab.ACTIONS:
                shapes += [(f"+{x}",), (f"+{x}", "pass"), ("pass", f"+{x}")]
                shapes += [(f"+{x}", main), (main, f"+{x}")]
        found: dict[tuple[object, ...], tuple[Clause, ...]] = {}
        try:
            if start_turn(r, self.turn_of([PassClause(span=self.span)])) is None:
                return {}
            del r.diags[self.errors_before :]
            self.begun = r.state()
            legal = [clauses for shape in shapes for clauses in self._shape(shape)]
            r.restore(self.begun)
            player = r.table.by_key[p.key]
            for clauses in legal:  # the rules of a whole turn, asked of each
                turn = self.turn_of(clauses)
                try:
                    r.ask(moments.TurnStart(player, turn, r.phase_turns, r.lines))
                    erred = self._erred(self.errors_before)
                except TooManyErrors:
                    erred = True
                if not erred:
                    found.setdefault(key(clauses), clauses)
                if len(r.diags) > self.errors_before:  # a finding may taint: start again
                    r.restore(self.begun)
                    player = r.table.by_key[player.key]
        finally:
            r.restore(self.base)
            del r.diags[self.errors_before :]
        return found

    def _shape(self, shape: tuple[str, ...]) -> Iterator[tuple[Clause, ...]]:
        """The turns of one shape whose clauses draw no error, each played from the
        checkpoint the clause before it left (the start of the turn is played once: what
        it does does not depend on the clauses)."""
        if shape[0] not in self.firsts:
            self.firsts[shape[0]] = list(self._from(self.begun, shape[0], last=False))
        for first, after in self.firsts[shape[0]]:
            if len(shape) == 1:
                if self._ends(after):
                    yield (first,)
            else:
                for second, _state in self._from(after, shape[1], last=True):
                    yield (first, second)

    def _from(
        self, checkpoint: dict[str, object], slot: str, last: bool
    ) -> Iterator[tuple[Clause, dict[str, object]]]:
        """The candidates for `slot` that draw no error played from `checkpoint`, each
        with the state it leaves (`last`: the turn ends after it, and no state is kept)."""
        r = self.r
        key_ = self.player.key if self.player is not None else ""
        r.restore(checkpoint)
        for lines in self._candidates(r.table.by_key[key_], slot):
            for clause in lines:
                self.played += 1
                if self.played > self.most:
                    raise TooMany
                r.restore(checkpoint)
                player = r.table.by_key[key_]
                before = len(r.diags)
                try:
                    play_clause(r, player, clause)
                    if last:
                        end_turn(r, player)
                except TooManyErrors:
                    continue
                if not self._erred(before):
                    yield clause, ({} if last else r.state())
                    break

    def _ends(self, state: dict[str, object]) -> bool:
        """Whether the turn can end on `state` with no error."""
        r = self.r
        r.restore(state)
        before = len(r.diags)
        p = self.player
        assert p is not None
        try:
            end_turn(r, r.table.by_key[p.key])
        except TooManyErrors:
            return False
        return not self._erred(before)

    def _erred(self, before: int) -> bool:
        return any(d.severity == "error" for d in self.r.diags[before:])

    def turn_of(self, clauses: Sequence[Clause]) -> Turn:
        """The player's turn of these clauses, to print or judge."""
        p = self.player
        assert p is not None
        return Turn(span=self.span, player=Name(span=self.span, text=p.name), clauses=list(clauses))

    # -- the candidate clauses ----------------------------------------------------------
    def _candidates(self, p: Player, slot: str) -> Iterator[list[Clause]]:
        """The candidate clauses for one slot of a turn's shape, each as the lines that
        would do it (tried in turn until the referee accepts one)."""
        if slot == "pass":
            yield [PassClause(span=self.span)]
            return
        extra = slot.startswith("+")
        action = cast(Action, slot.lstrip("+"))
        ctx = self.r.table.phase
        assert ctx is not None
        uses = p.workers + (2 if extra else ctx.blue)
        if action in ("money", "crowns"):
            for n in range(1, max(0, uses) + 1):
                yield [self._clause(action, extra, workers=n)]
        elif action == "deliver":
            names = [s.name for k, s in p.ships.items() if "\0" not in k]
            for size in range(1, len(names) + 1):
                for chosen in itertools.combinations(names, size):
                    ships = [Name(span=self.span, text=n) for n in chosen]
                    yield [self._clause(action, extra, ships=ships)]
        else:
            yield from self._placing(p, action, extra, max(0, uses))

    def _clause(
        self,
        action: Action,
        extra: bool,
        workers: int | None = None,
        ships: Sequence[Name] = (),
        placements: Sequence[Placement] = (),
    ) -> ActionClause:
        return ActionClause(
            span=self.span,
            action=action,
            extra=extra,
            workers=workers,
            ships=list(ships),
            placements=list(placements),
        )

    def _placing(self, p: Player, action: Action, extra: bool, uses: int) -> Iterator[list[Clause]]:
        """Every way to write a buying or transport clause: where each tile goes, the
        rewards of the ships it completes and (buying) a free tile."""
        t = self.r.table
        transport = action == "transport"
        if transport:
            held: Counter[Tile] | None = +Counter(p.storage)
            tiles = sorted(+Counter(p.storage))
        else:
            held = None
            kind = vocab.ITEM_KIND_OF_ACTION[action]
            tiles = [(kind, name) for name in t.board.tiles[action]]
        ships = {k: s for k, s in p.ships.items() if "\0" not in k}
        dests = ([] if transport else ["store"]) + list(ships)
        parts = [(tile, d) for d in dests for tile in tiles]
        gifts: list[Tile | None] = [None] if transport else [None, *tiles]
        free_letters = (c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c.casefold() not in p.ships)
        letters = list(itertools.islice(free_letters, uses + 1))
        fruitless = 0
        for size in itertools.count(1):
            if held is not None and size > sum(held.values()):
                return
            viable = False
            for old, new in _splits(parts, tiles, size, len(letters), held):
                groups = _groups(old, new, letters)
                slots = [_slots(ships.get(d), d, items) for d, items in groups]
                if size > uses + 3 * sum(slots):
                    continue
                viable = True
                for rewards in _reward_choices(slots, t.board.tiles["goods"]):
                    gained = sum(w.count(("3w", None)) for w in rewards)
                    if size > uses + 3 * gained:
                        continue
                    for gift in gifts if size >= len(tiles) else [None]:
                        yield self._orders(action, extra, groups, rewards, gift)
            fruitless = 0 if viable or size <= uses else fruitless + 1
            if fruitless == 3 or size > uses + 30:
                return

    def _orders(
        self,
        action: Action,
        extra: bool,
        groups: list[tuple[str, tuple[Tile, ...]]],
        rewards: tuple[tuple[WrittenReward, ...], ...],
        gift: Tile | None,
    ) -> list[Clause]:
        """The clause written with its placements in every order where a ship completes
        (its rewards may pay for what follows), else storage first; the free tile last."""
        placements = [
            self._placement(dest, items, written) for (dest, items), written in zip(groups, rewards)
        ]
        last = [] if gift is None else [self._gift(gift)]
        orders = itertools.permutations(placements) if any(rewards) else [placements]
        return [self._clause(action, extra, placements=[*order, *last]) for order in orders]

    def _placement(
        self, dest: str, items: tuple[Tile, ...], rewards: tuple[WrittenReward, ...]
    ) -> Placement:
        sp = self.span
        if dest == "store":
            where = Destination(span=sp, kind="store")
        elif dest.startswith("\0"):
            where = Destination(span=sp, kind="new", ship=Name(span=sp, text=dest[1:]))
        else:
            assert self.player is not None
            ship = self.r.table.by_key[self.player.key].ships[dest]
            where = Destination(span=sp, kind="ship", ship=Name(span=sp, text=ship.name))
        counted = Counter(items)
        return Placement(
            span=sp,
            items=[
                Item(span=sp, kind=cast(ItemKind, kind), name=name, count=counted[kind, name])
                for kind, name in dict.fromkeys(items)
            ],
            dest=where,
            rewards=[Reward(span=sp, kind=cast(RewardKind, k), goods=g) for k, g in rewards]
            or None,
        )

    def _gift(self, tile: Tile) -> Placement:
        sp = self.span
        return Placement(
            span=sp,
            items=[Item(span=sp, kind=cast(ItemKind, tile[0]), name=tile[1])],
            dest=Destination(span=sp, kind="store"),
            gift=True,
        )


#: a reward as written: its kind, and for `goods` the two goods
WrittenReward = tuple[str, "tuple[str, str] | None"]


def _order(tile: Tile) -> tuple[int, int, str]:
    """Where a tile is written in its placement (`ITEM_ORDER`, `KIND_ORDER`)."""
    return (KIND_ORDER[tile[0]], ITEM_ORDER.get(tile[1], 9), tile[1])


def _splits(
    parts: list[tuple[Tile, str]],
    tiles: list[Tile],
    size: int,
    most_new: int,
    held: Counter[Tile] | None,
) -> Iterator[tuple[tuple[tuple[Tile, str], ...], tuple[tuple[Tile, ...], ...]]]:
    """`size` tiles shared between the storage and the player's ships (`parts`) and
    new ships, each new ship holding a hull part; new ships as a sorted collection.
    `held`: the tiles there are (a transport's storage), None for no limit."""
    for on_old in range(size, -1, -1):
        for new in _fleets(tiles, size - on_old, most_new):
            left = None
            if held is not None:
                on_new = sum((Counter(ship) for ship in new), Counter())
                if on_new - held:
                    continue
                left = held - on_new
                if sum(left.values()) < on_old:
                    continue
            for old in _bounded(parts, on_old, left):
                yield old, new


def _bounded(
    parts: list[tuple[Tile, str]], n: int, left: Counter[Tile] | None
) -> Iterator[tuple[tuple[Tile, str], ...]]:
    """The multisets of `n` parts, using no more of a tile than `left` holds."""
    if left is None:
        yield from itertools.combinations_with_replacement(parts, n)
        return

    def grow(
        start: int, n: int, chosen: tuple[tuple[Tile, str], ...]
    ) -> Iterator[tuple[tuple[Tile, str], ...]]:
        if n == 0:
            yield chosen
            return
        for i in range(start, len(parts)):
            tile = parts[i][0]
            if left[tile] > 0:
                left[tile] -= 1
                yield from grow(i, n - 1, (*chosen, parts[i]))
                left[tile] += 1

    yield from grow(0, n, ())


def _fleets(tiles: list[Tile], n: int, most: int) -> list[tuple[tuple[Tile, ...], ...]]:
    """Every collection of at most `most` new ships holding `n` tiles in all, each
    ship's tiles with a hull part among them."""
    ships = [
        ship
        for k in range(1, n + 1)
        for ship in itertools.combinations_with_replacement(sorted(tiles, key=_order), k)
        if any(kind == "hull" for kind, _name in ship)
    ]
    out: list[tuple[tuple[Tile, ...], ...]] = []

    def grow(start: int, left: int, fleet: tuple[tuple[Tile, ...], ...]) -> None:
        if left == 0:
            out.append(fleet)
            return
        if len(fleet) == most:
            return
        for i in range(start, len(ships)):
            if len(ships[i]) <= left:
                grow(i, left - len(ships[i]), (*fleet, ships[i]))

    grow(0, n, ())
    return out


def _groups(
    old: tuple[tuple[Tile, str], ...], new: tuple[tuple[Tile, ...], ...], letters: list[str]
) -> list[tuple[str, tuple[Tile, ...]]]:
    """The tiles by destination, each destination's in the order they are written; a
    new ship's destination is its letter after a NUL."""
    by_dest: dict[str, list[Tile]] = {}
    for tile, dest in old:
        by_dest.setdefault(dest, []).append(tile)
    groups = [(d, tuple(sorted(items, key=_order))) for d, items in by_dest.items()]
    groups += [("\0" + letter, ship) for letter, ship in zip(letters, new)]
    return groups


def _slots(ship: Ship | None, dest: str, items: tuple[Tile, ...]) -> int:
    """The rewards the placement writes: one a mast if it completes its ship (as the
    tiles would lie; the referee judges whether they may)."""
    if dest == "store":
        return 0
    twin = Ship(name="") if ship is None else ship.twin()
    if twin.completed:
        return 0
    for tile in items:
        put_on_ship(twin, tile)
    return len(twin.masts) if twin.complete else 0


def _reward_choices(
    slots: list[int], goods: Sequence[str]
) -> Iterator[tuple[tuple[WrittenReward, ...], ...]]:
    """Every way to write the rewards of each placement, `slots` of them (one a mast of
    the ship it completes), from every reward word and every pair of goods."""
    words: list[WrittenReward] = [(w, None) for w in vocab.REWARDS if w != "goods"]
    words += [("goods", pair) for pair in itertools.combinations_with_replacement(goods, 2)]
    per_group = [list(itertools.combinations_with_replacement(words, n)) for n in slots]
    yield from itertools.product(*per_group)
