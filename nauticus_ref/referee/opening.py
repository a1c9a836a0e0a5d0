"""Effects of the opening: the players' start values, the box, and a setup position."""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Sequence, TypeVar

from nauticus_ref.core.span import Span
from nauticus_ref.game.state import SEAT_BONUS, Player, Ship, Tile
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import SetupPlayer, SetupTiles
from nauticus_ref.referee.context import Referee
from nauticus_ref.referee.ships import put_on_ship
from nauticus_ref.rules import moments

#: A line of a setup block that names a player.
SetupLine = TypeVar("SetupLine", SetupPlayer, SetupTiles)


def rounds_for(players: int) -> int:
    """4 rounds with two players, 5 with three or four (German "Spielende")."""
    return 4 if players <= 2 else 5


def start_game(r: Referee) -> None:
    """The players in seat order with their start values, and the box as the supply."""
    t, header = r.table, r.rec.header
    span = header.players_span or Span(line=1, column=1, end_line=1, end_column=2)
    r.ask(moments.Opening(header, span))
    n = len(header.players)
    bonuses = SEAT_BONUS.get(n, SEAT_BONUS[4] + [(0, 0)] * max(0, n - 4))
    for seat, name in enumerate(header.players):
        if name.key in t.by_key:
            continue
        taler, workers = bonuses[seat] if seat < len(bonuses) else (0, 0)
        p = Player(name=name.text, seat=seat)
        p.taler += taler
        p.workers += workers
        t.players.append(p)
        t.by_key[name.key] = p
    t.max_rounds = rounds_for(len(t.players))
    for tile in _all_tiles():
        t.supply[tile] = t.board.box_count(*tile)


def _all_tiles() -> list[Tile]:
    tiles = [("hull", h) for h in vocab.HULLS] + [("good", g) for g in vocab.GOODS]
    for kind in ("mast", "sail"):
        tiles += [(kind, c) for c in vocab.DEFAULT_CRESTS + ("crown",)]
    return tiles


def apply_setup(r: Referee) -> None:
    """A setup position: the round and phase it starts at, the players' values and tiles,
    taken from the box."""
    t, s = r.table, r.rec.setup
    assert s is not None
    r.ask(moments.SetupBlock(s))
    t.expected_round = s.round
    t.rounds_played = max(0, s.round - 1)
    r.setup_pending = True
    if s.anchor is not None:
        t.anchor = vocab.BONUSES.index(s.anchor)
    for sp, p in _replayed(r, s.players):
        if sp.taler is not None:
            p.taler = sp.taler
        if sp.workers is not None:
            p.workers = sp.workers
        if sp.vp is not None:
            p.vp = sp.vp
        if sp.passed is not None:
            p.passed = sp.passed
        p.extra_used = sp.extra_used
        r.ask(moments.SetupPlayerLine(p, sp, s))
    for tiles, p in _replayed(r, s.tiles):
        if tiles.where == "store":
            for item in tiles.items:
                p.storage[(item.kind, item.name)] += item.count
            r.ask(moments.SetupStorage(p, tiles))
        elif tiles.where == "delivered":
            for item in tiles.items:
                p.delivered[item.name] += item.count
        else:
            setup_ship(r, p, tiles)
    held: Counter[Tile] = Counter()
    for p in t.players:
        held.update(p.held_tiles())
    for tile, n in held.items():
        t.supply[tile] -= n
        r.ask(moments.SetupBox(s.span, tile, n))


def _replayed(r: Referee, lines: Sequence[SetupLine]) -> Iterator[tuple[SetupLine, Player]]:
    """The setup's lines up to where the replay stops, each with the player it names (a
    line naming no player of the game is reported and passed over)."""
    for line in lines:
        if line.span.line <= r.until:
            p = r.player(line.player)
            if p is not None:
                yield line, p


def setup_ship(r: Referee, p: Player, tiles: SetupTiles) -> None:
    """A ship of the setup, tile by tile, as far as its tiles fit."""
    assert tiles.ship is not None, "a ship line names its ship"
    if r.ask(moments.SetupShip(p, tiles)):
        return
    ship = p.ships[tiles.ship.key] = Ship(name=tiles.ship.text)
    for item in tiles.items:
        for _ in range(item.count):
            tile = (item.kind, item.name)
            problem = r.first(moments.placed(ship, tile, item.span))
            if problem is not None and r.ask(moments.SetupShipTile(ship, problem)):
                break
            put_on_ship(ship, tile)
    ship.completed = ship.complete
