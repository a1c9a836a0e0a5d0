"""Simulated games: complete, legal records played by a seeded random player.

The player proposes a few candidate turns that look like play (build ships of a
chosen size, mast and sail them in one crest, load and deliver goods, score
crowns, pass now and then, use the Extra Action in the last round).  Each
candidate is tried on the replay engine itself; one that draws an error is
undone and the next is tried, and `pass` is always legal.  So the rules live in
the engine alone, and a simulated record is legal by construction.  Same seed,
same game.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Iterator, cast

from nauticus_ref.core.span import Span
from nauticus_ref.game.board import LATER_PRICE, Board
from nauticus_ref.game.scoring import final_scores
from nauticus_ref.game.state import (
    EXTRA_WORKERS,
    TALER_PER_WORKER,
    Player,
    Ship,
    Tile,
    crown_points,
    crown_room,
    spaces,
)
from nauticus_ref.game.table import PhaseInPlay, Table
from nauticus_ref.moves.turns import turn_options
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import (
    Action,
    ActionClause,
    Bonus,
    Check,
    Claim,
    Clause,
    Destination,
    Final,
    FinalEntry,
    Header,
    Item,
    ItemKind,
    Name,
    PassClause,
    Phase,
    Placement,
    Record,
    Reward,
    RewardKind,
    Round,
    Text,
    Turn,
)
from nauticus_ref.referee.engine import Replay
from nauticus_ref.referee.opening import start_game
from nauticus_ref.referee.ships import put_on_ship
from nauticus_ref.referee.wheel import start_phase, start_round
from nauticus_ref.rules.moments import placed

NAMES = ("Anna", "Ben", "Carla", "Dana")
SPAN = Span(line=1, column=1, end_line=1, end_column=2)
SHIP_SIZES = (1, 2, 3, 4)
SHIP_SIZE_WEIGHTS = (3, 4, 3, 2)


def _name(text: str) -> Name:
    return Name(span=SPAN, text=text)


def _item(kind: str, name: str, count: int = 1) -> Item:
    return Item(span=SPAN, kind=cast(ItemKind, kind), name=name, count=count)


class Moves:
    """The clauses a player could write now: purchases, transports, deliveries, crowns
    and money, in the shape a person plays them (ships of a planned size, one crest)."""

    rp: Replay
    rng: random.Random
    board: Board
    targets: dict[tuple[str, str], int]  # (player, ship) -> planned size
    ship_counter: int

    def workers_here(self, p: Player) -> int:
        return self.ctx.blue + max(0, p.workers)

    @property
    def space(self) -> int:
        """The board space of the phase's action (never the Extra Action's)."""
        assert self.ctx.space is not None
        return self.ctx.space

    @property
    def table(self) -> Table:
        return self.rp.referee.table

    @property
    def ctx(self) -> PhaseInPlay:
        """The phase being played (the simulator plays only inside one)."""
        assert self.table.phase is not None
        return self.table.phase

    def bodies(self, p: Player, action: Action) -> list[ActionClause | None]:
        if action in vocab.BUYING_ACTIONS:
            return [self.buy(p, action) for _ in range(2)]
        if action == "transport":
            return [self.transport(p)]
        if action == "money":
            w = min(self.workers_here(p), self.rng.randint(2, 4))
            return (
                [
                    ActionClause(
                        span=SPAN,
                        action="money",
                        workers=w,
                        claim=Claim(span=SPAN, value=TALER_PER_WORKER * w, unit="t")
                        if self.rng.random() < 0.5
                        else None,
                    )
                ]
                if w
                else []
            )
        if action == "crowns":
            crowns = p.crowns()
            room = crown_room(p.crown_vp_this_round, extra=False)
            if not crowns or room <= 0:
                return []
            w = min(self.workers_here(p), -(-room // crowns))
            return (
                [
                    ActionClause(
                        span=SPAN,
                        action="crowns",
                        workers=w,
                        claim=Claim(span=SPAN, value=crown_points(crowns, w, room), unit="vp"),
                    )
                ]
                if w
                else []
            )
        ships = self.deliverable(p)
        out, budget = [], self.workers_here(p)
        for s in ships:
            if len(s.goods) <= budget:
                out.append(s)
                budget -= len(s.goods)
        return (
            [ActionClause(span=SPAN, action="deliver", ships=[_name(s.name) for s in out])]
            if out
            else []
        )

    @staticmethod
    def deliverable(p: Player) -> list[Ship]:
        return [s for s in p.ships.values() if s.complete and s.loaded]

    # buying ------------------------------------------------------------------
    def price(self, action: str, name: str, seen: set[str]) -> int:
        price = self.board.price(self.space, action, name) if name not in seen else LATER_PRICE
        seen.add(name)
        return price

    def buy(self, p: Player, action: Action) -> ActionClause | None:
        kind = vocab.ITEM_KIND_OF_ACTION[action]
        uses = min(self.workers_here(p), self.rng.randint(1, 3))
        budget = p.taler
        seen: set[str] = set()
        placements: list[Placement] = []
        ships = {k: copy.deepcopy(s) for k, s in p.ships.items()}
        paid = 0
        free_space = p.storage_free
        for _ in range(uses):
            choice = self.next_purchase(p, kind, ships)
            if choice is None:
                break
            name, ship_key = choice
            price = self.board.price(self.space, action, name) if name not in seen else LATER_PRICE
            if price > budget:
                break
            seen.add(name)
            budget -= price
            paid += price
            tile = (kind, name)
            if price == 0 or ship_key is None:
                if free_space < spaces(tile):
                    break
                free_space -= spaces(tile)
                placements.append(
                    Placement(
                        span=SPAN,
                        items=[_item(kind, name)],
                        dest=Destination(span=SPAN, kind="store"),
                    )
                )
                continue
            placements.append(self.place_on(p, ships, ship_key, tile))
        if not placements:
            return None
        bought = {pl.items[0].name for pl in placements}
        if bought >= set(self.board.tiles[action]):
            gift = self.rng.choice(
                [
                    t
                    for t in self.board.tiles[action]
                    if self.table.supply[(kind, t)] > bought_count(placements, t)
                ]
                or self.board.tiles[action]
            )
            placements.append(
                Placement(
                    span=SPAN,
                    items=[_item(kind, gift)],
                    dest=Destination(span=SPAN, kind="store"),
                    gift=True,
                )
            )
        claim = Claim(span=SPAN, value=paid, unit="t") if self.rng.random() < 0.5 else None
        return ActionClause(span=SPAN, action=action, placements=placements, claim=claim)

    def place_on(self, p: Player, ships: dict[str, Ship], key: str, tile: Tile) -> Placement:
        """A placement of one tile onto ship `key` (new if not yet in `ships`), with rewards."""
        if key in ships:
            dest = Destination(span=SPAN, kind="ship", ship=_name(ships[key].name))
            ship = ships[key]
        else:
            ship = ships[key] = Ship(name=key)
            dest = Destination(span=SPAN, kind="new", ship=_name(key))
        put_on_ship(ship, tile)
        rewards = None
        if ship.complete and not ship.completed:
            ship.completed = True
            rewards = self.choose_rewards(len(ship.masts))
        return Placement(span=SPAN, items=[_item(*tile)], dest=dest, rewards=rewards)

    def choose_rewards(self, n: int) -> list[Reward]:
        kinds = ["7t", "3w", "3vp", "crown mast", "crown sail", "goods"]
        picked: list[str] = []
        while len(picked) < n:
            k = self.rng.choice(kinds)
            if picked.count(k) < 2:
                picked.append(k)
        out: list[Reward] = []
        for k in picked:
            if k == "goods":
                a, b = self.rng.sample(vocab.GOODS, 2)
                out.append(Reward(span=SPAN, kind="goods", goods=(a, b)))
            else:
                out.append(Reward(span=SPAN, kind=cast(RewardKind, k)))
        return out

    def next_purchase(
        self, p: Player, kind: str, ships: dict[str, Ship]
    ) -> tuple[str, str | None] | None:
        """What to buy next, and the ship it is for (None: for storage)."""
        rng = self.rng
        if kind == "hull":
            open_ships = [k for k, s in ships.items() if s.parts and not s.closed]
            if open_ships:  # finish the hull under way before starting another
                key = open_ships[0]
                s = ships[key]
                target = self.targets.get((p.name, key), 4)
                if s.parts[0] != "bow":
                    return "bow", key
                if s.parts.count("middle") < target - 2 and len(s.parts) < target - 1:
                    return "middle", key
                return "stern", key
            size = rng.choices(SHIP_SIZES, SHIP_SIZE_WEIGHTS)[0]
            self.ship_counter += 1
            key = f"{p.name[0]}{self.ship_counter}"
            self.targets[(p.name, key)] = size
            return ("1ship" if size == 1 else "bow"), key
        if kind == "good":
            room = [k for k, s in ships.items() if len(s.goods) < s.size]
            good = rng.choice(vocab.GOODS)
            if room:  # finished ships first: they can deliver
                return good, max(room, key=lambda k: (ships[k].complete, ships[k].size))
            return good, None
        # masts and sails: one crest per ship
        need = [
            k
            for k, s in ships.items()
            if (len(s.masts) < s.size if kind == "mast" else len(s.sails) < len(s.masts))
        ]
        if need:  # the ship nearest to completion
            key = max(
                need, key=lambda k: (ships[k].closed, len(ships[k].masts) + len(ships[k].sails))
            )
            crest = ships[key].crest or rng.choice(vocab.DEFAULT_CRESTS)
            return crest, key
        return rng.choice(vocab.DEFAULT_CRESTS), None

    # transport ------------------------------------------------------------------
    def transport(self, p: Player) -> ActionClause | None:
        ships = {k: copy.deepcopy(s) for k, s in p.ships.items()}
        storage = +p.storage
        placements = []
        budget = self.workers_here(p)
        for tile in sorted(storage, key=lambda t: ("hull", "mast", "sail", "good").index(t[0])):
            for _ in range(storage[tile]):
                if budget == 0:
                    break
                fits = [
                    k
                    for k, s in ships.items()
                    if self.rp.referee.first(placed(s, tile, SPAN)) is None
                    and not (tile[0] == "hull" and not s.parts)
                ]
                if tile[0] == "hull" and not fits and tile[1] in ("1ship", "bow"):
                    self.ship_counter += 1
                    key = f"{p.name[0]}{self.ship_counter}"
                    self.targets[(p.name, key)] = (
                        1 if tile[1] == "1ship" else self.rng.choice((2, 3, 4))
                    )
                    placements.append(self.place_on(p, ships, key, tile))
                    budget -= 1
                    continue
                if not fits:
                    break
                placements.append(self.place_on(p, ships, self.rng.choice(fits), tile))
                budget -= 1
        if not placements:
            return None
        return ActionClause(span=SPAN, action="transport", placements=placements)


class Simulator(Moves):
    """A seeded random player for every seat, playing through the replay engine."""

    def __init__(self, players: int, seed: int | str, board: Board):
        if not 2 <= players <= 4:
            raise ValueError("a game has 2 to 4 players")
        self.rng = random.Random(f"nauticus-{seed}")
        self.seed = seed
        self.board = board
        names = [_name(n) for n in NAMES[:players]]
        self.header = Header(
            game=Text(span=SPAN, text=f"Simulated game, seed {seed}"),
            players=names,
            players_span=SPAN,
        )
        self.rp = Replay(Record(header=self.header), board)
        start_game(self.rp.referee)
        self.targets: dict[tuple[str, str], int] = {}  # (player, ship) -> planned size
        self.ship_counter = 0

    # -- the game ------------------------------------------------------------
    def play(self) -> Record:
        rounds = []
        for number in range(1, self.table.max_rounds + 1):
            deal = cast(list[Action], self.rng.sample(vocab.ACTIONS, 8))
            rnd = Round(span=SPAN, number=number, deal=deal)
            start_round(self.rp.referee, rnd)
            phases = [self.play_phase(phase_no) for phase_no in range(1, 8)]
            if self.rng.random() < 0.3:  # check lines after the round, in its last phase
                last = phases[-1]
                phases[-1] = replace(last, entries=[*last.entries, *self.checks()])
            rounds.append(replace(rnd, entries=list[Phase | Check](phases)))
        scores = final_scores(self.table.players)
        by_name = {s.name: s.total for s in scores}
        final = Final(
            span=SPAN,
            entries=[
                FinalEntry(span=SPAN, player=_name(p.name), score=by_name[p.name])
                for p in self.table.players
            ],
        )
        return Record(header=self.header, rounds=rounds, final=final)

    def checks(self) -> list[Check]:
        return [
            Check(span=SPAN, player=_name(p.name), vp=p.vp, taler=p.taler, workers=p.workers)
            for p in self.table.players
            if p.taler >= 0 and p.workers >= 0
        ]

    def play_phase(self, phase_no: int) -> Phase:
        t = self.table
        start = t.players[((t.round_no - 1) * 7 + phase_no - 1) % len(t.players)]
        face_up = [cast(Action, a) for a in t.deal if a not in t.flipped]
        action = self.choose_action(start, face_up)
        space = t.deal.index(action)
        phase = Phase(
            span=SPAN,
            number=phase_no,
            player=_name(start.name),
            action=action,
            action_span=SPAN,
            bonus=self.choose_bonus(start, self.board.bonuses[space]),
        )
        start_phase(self.rp.referee, phase)
        turns = [self.play_turn(p, action) for p in self.ctx.order]
        return replace(phase, entries=list[Turn | Check](turns))

    def choose_action(self, p: Player, face_up: list[Action]) -> Action:
        """The action the start player's ships need most, with some chance."""
        ships = list(p.ships.values())
        need = {
            "deliver": 8 if self.deliverable(p) else 0.2,
            "goods": 4 if any(s.complete and not s.loaded for s in ships) else 1,
            "sails": 5 if any(len(s.sails) < len(s.masts) for s in ships) else 0.5,
            "masts": 4 if any(len(s.masts) < s.size for s in ships) else 0.5,
            "hulls": 4 if not any(not s.closed for s in ships) else 2,
            "transport": 3 if sum(p.storage.values()) >= 2 else 0.3,
            "money": 4 if p.taler < 6 else 1,
            "crowns": 1 + 2 * p.crowns(),
        }
        return self.rng.choices(face_up, [need[a] for a in face_up])[0]

    def choose_bonus(self, p: Player, kind: str) -> Bonus | None:
        if kind in ("mast", "sail"):
            crests = [s.crest for s in p.ships.values() if s.crest] or list(vocab.DEFAULT_CRESTS)
            crests = [c for c in crests if self.table.supply[(kind, c)] > 0] or [
                c for c in vocab.DEFAULT_CRESTS if self.table.supply[(kind, c)] > 0
            ]
            return Bonus(span=SPAN, kind="crest", value=self.rng.choice(crests)) if crests else None
        if kind == "w+good":
            goods = [g for g in vocab.GOODS if self.table.supply[("good", g)] > 0]
            return Bonus(span=SPAN, kind="good", value=self.rng.choice(goods)) if goods else None
        return Bonus(span=SPAN, kind="claim", value=kind) if self.rng.random() < 0.3 else None

    # -- turns ------------------------------------------------------------------
    def play_turn(self, p: Player, action: Action) -> Turn:
        for clauses in self.candidates(p, action):
            turn = Turn(span=SPAN, player=_name(p.name), clauses=clauses)
            checkpoint = self.rp.referee.checkpoint()
            self.rp.run_turn(turn)
            if not self.rp.referee.failed_since(checkpoint):
                return turn
            self.rp.referee.rollback(checkpoint)
        # every turn it thought of was refused (a house rule may forbid even a pass):
        # the first of the legal options, as `moves` lists them
        options = turn_options(self.rp.referee, p)
        for option in options or ():
            turn = Turn(span=SPAN, player=_name(p.name), clauses=list(option.clauses))
            checkpoint = self.rp.referee.checkpoint()
            self.rp.run_turn(turn)
            if not self.rp.referee.failed_since(checkpoint):
                return turn
            self.rp.referee.rollback(checkpoint)
        raise ValueError(
            f"{p.name} has no legal turn in round {self.table.round_no}, "
            f"phase {self.table.phase_no}: the rules in force allow none"
        )

    def candidates(self, p: Player, action: Action) -> Iterator[list[Clause]]:
        rng = self.rng
        last_round = self.table.round_no == self.table.max_rounds
        want_pass = p.passed < 2 and rng.random() < (0.15 if p.passed == 0 else 0.05)
        extra = None
        if not p.extra_used and last_round and rng.random() < 0.3:
            extra = self.extra_clause(p)
        main = [] if want_pass else [c for c in self.bodies(p, action) if c is not None]
        for body in main[:3]:
            yield self.with_extra(body, extra)
            if extra:
                yield [body]
        yield self.with_extra(PassClause(span=SPAN), extra)
        yield [PassClause(span=SPAN)]

    def with_extra(self, clause: Clause, extra: ActionClause | None) -> list[Clause]:
        if extra is None:
            return [clause]
        return [extra, clause] if self.rng.random() < 0.5 else [clause, extra]

    def extra_clause(self, p: Player) -> ActionClause | None:
        if p.crowns() >= 2:
            w = min(p.workers + EXTRA_WORKERS, -(-crown_room(0, extra=True) // p.crowns()))
            return ActionClause(span=SPAN, action="crowns", extra=True, workers=max(1, w))
        ships = self.deliverable(p)
        if ships and sum(len(s.goods) for s in ships) <= p.workers + EXTRA_WORKERS:
            return ActionClause(
                span=SPAN, action="deliver", extra=True, ships=[_name(s.name) for s in ships]
            )
        return ActionClause(
            span=SPAN,
            action="money",
            extra=True,
            workers=EXTRA_WORKERS,
            claim=Claim(span=SPAN, value=TALER_PER_WORKER * EXTRA_WORKERS, unit="t"),
        )


def bought_count(placements: list[Placement], name: str) -> int:
    return sum(i.count for pl in placements for i in pl.items if i.name == name)


def simulate(players: int, seed: int | str, board: Board) -> Record:
    return Simulator(players, seed, board).play()
