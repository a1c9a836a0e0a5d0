"""The opening of a replay: the players' start values, the box, and a setup position."""

from __future__ import annotations

from collections import Counter

from nauticus_ref import rules as R
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import SEAT_BONUS, Player, Ship, Tile
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import SetupTiles
from nauticus_ref.referee.actions import Actions


def rounds_for(players: int) -> int:
    """4 rounds with two players, 5 with three or four (German "Spielende")."""
    return 4 if players <= 2 else 5


class Opening(Actions):
    # -- setup of the game ------------------------------------------------------------
    def start_game(self) -> None:
        header = self.rec.header
        span = header.players_span or Span(line=1, column=1, end_line=1, end_column=2)
        self.flag_all(R.player_count.check(header, span))
        n = len(header.players)
        bonuses = SEAT_BONUS.get(n, SEAT_BONUS[4] + [(0, 0)] * max(0, n - 4))
        for seat, name in enumerate(header.players):
            if name.key in self.by_key:
                continue
            taler, workers = bonuses[seat] if seat < len(bonuses) else (0, 0)
            p = Player(name=name.text, seat=seat)
            p.taler += taler
            p.workers += workers
            self.players.append(p)
            self.by_key[name.key] = p
        self.max_rounds = rounds_for(len(self.players))
        for tile in self._all_tiles():
            self.supply[tile] = self.board.box_count(*tile)

    @staticmethod
    def _all_tiles() -> list[Tile]:
        tiles = [("hull", h) for h in vocab.HULLS] + [("good", g) for g in vocab.GOODS]
        for kind in ("mast", "sail"):
            tiles += [(kind, c) for c in vocab.DEFAULT_CRESTS + ("crown",)]
        return tiles

    def apply_setup(self) -> None:
        """setup: a position must be one the game can reach."""
        s = self.rec.setup
        assert s is not None
        self.flag_all(R.setup.check(s, len(self.players), self.max_rounds))
        self.expected_round = s.round
        self.rounds_played = max(0, s.round - 1)
        self.setup_pending = True
        if s.anchor is not None:
            self.anchor = vocab.BONUSES.index(s.anchor)
        for sp in s.players:
            if sp.span.line > self.until:
                continue
            p = self.player(sp.player)
            if p is None:
                continue
            if sp.taler is not None:
                p.taler = sp.taler
            if sp.workers is not None:
                p.workers = sp.workers
            if sp.vp is not None:
                p.vp = sp.vp
            if sp.passed is not None:
                p.passed = sp.passed
            p.extra_used = sp.extra_used
            self.flag_all(R.setup.check_player(p, sp, s))
        for tiles in s.tiles:
            if tiles.span.line > self.until:
                continue
            p = self.player(tiles.player)
            if p is None:
                continue
            if tiles.where == "store":
                for item in tiles.items:
                    p.storage[(item.kind, item.name)] += item.count
                self.flag(R.setup.check_storage(p, tiles))
            elif tiles.where == "delivered":
                for item in tiles.items:
                    p.delivered[item.name] += item.count
            else:
                self.setup_ship(p, tiles)
        held: Counter[Tile] = Counter()
        for p in self.players:
            held.update(p.held_tiles())
        for tile, n in held.items():
            self.supply[tile] -= n
            self.flag(R.setup.check_box(s.span, self.tile(tile), self.board.box_count(*tile), n))

    def setup_ship(self, p: Player, tiles: SetupTiles) -> None:
        assert tiles.ship is not None, "a ship line names its ship"
        if self.flag(R.setup.check_ship_name(p, tiles)):
            return
        ship = p.ships[tiles.ship.key] = Ship(name=tiles.ship.text)
        for item in tiles.items:
            for _ in range(item.count):
                problem = self.placing_problem(ship, (item.kind, item.name), item.span)
                if self.flag(R.setup.check_ship(ship.name, problem)):
                    break
                self.put_on_ship(ship, (item.kind, item.name))
        ship.completed = ship.complete
