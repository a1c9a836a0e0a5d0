"""The opening of a replay: the players' start values, the box, and a setup position."""

from __future__ import annotations

from collections import Counter

from nauticus_ref import rules as R
from nauticus_ref.game.state import SEAT_BONUS, STORAGE_SPACES, Player, Ship, Tile
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import Header, SetupTiles, Span
from nauticus_ref.referee.actions import Actions


def rounds_for(players: int) -> int:
    """4 rounds with two players, 5 with three or four (German "Spielende")."""
    return 4 if players <= 2 else 5


class Opening(Actions):
    # -- setup of the game ------------------------------------------------------------
    def start_game(self) -> None:
        header = self.rec.header
        span = header.players_span or Span(line=1, column=1, end_line=1, end_column=2)
        self.player_count(header, span)
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

    def player_count(self, header: Header, span: Span) -> None:
        """player-count: two to four players, each name once."""
        seen: set[str] = set()
        for name in header.players:
            if name.key in seen:
                self.report(R.player_count.RULE, name.span, f"`{name.text}` is named twice",
                            "give every player a different name")
            seen.add(name.key)
        n = len(seen)
        if not 2 <= n <= 4:
            self.report(R.player_count.RULE, span, f"a game has 2 to 4 players, not {n}",
                        "list 2 to 4 players in seat order")

    def apply_setup(self) -> None:
        """setup: a position must be one the game can reach."""
        s = self.rec.setup
        assert s is not None
        if not 1 <= s.round <= self.max_rounds:
            self.report(R.setup.RULE, s.span, f"a game of {len(self.players)} players has rounds 1 to "
                        f"{self.max_rounds}, not {s.round}")
        if not 1 <= s.phase <= 7:
            self.report(R.setup.RULE, s.span, f"a round has phases 1 to 7, not {s.phase}")
        self.expected_round = s.round
        self.rounds_played = max(0, s.round - 1)
        self.setup_pending = True
        if len(s.flipped) != s.phase - 1 and 1 <= s.phase <= 7:
            self.report(R.setup.RULE, s.span, f"phase {s.phase} comes after {s.phase - 1} flipped "
                        f"action{'s' if s.phase != 2 else ''}, the setup lists {len(s.flipped)}",
                        "list the actions already taken this round after `flipped`")
        if len(set(s.flipped)) != len(s.flipped):
            self.report(R.setup.RULE, s.span, "an action is flipped twice", "list each action once")
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
            played = max(0, s.phase - 1)   # phases already played this round
            if sp.passed is not None:
                p.passed = sp.passed
                if sp.passed > played:
                    self.report(R.setup.RULE, sp.span, f"{p.name} has flipped {sp.passed} pass "
                                f"tile{'s' if sp.passed != 1 else ''} before phase {s.phase}, "
                                f"after {played} phase{'s' if played != 1 else ''} of the round",
                                "a pass tile is flipped by passing in a phase played this round")
            p.extra_used = sp.extra_used
            if sp.extra_used and s.round <= 1 and played == 0:
                self.report(R.setup.RULE, sp.span, f"{p.name}'s Extra Action is used before any phase "
                            "of the game was played", "leave out `extra used`, or set the "
                            "position later in the game")
        for tiles in s.tiles:
            if tiles.span.line > self.until:
                continue
            p = self.player(tiles.player)
            if p is None:
                continue
            if tiles.where == "store":
                for item in tiles.items:
                    p.storage[(item.kind, item.name)] += item.count
                if p.storage_used > STORAGE_SPACES:
                    self.report(R.setup.RULE, tiles.span, f"{p.name}'s storage holds {STORAGE_SPACES} "
                                f"spaces, the setup fills {p.storage_used}",
                                "a mast takes two spaces, any other tile one")
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
            if self.supply[tile] < 0:
                self.report(R.setup.RULE, s.span, f"the box has {self.board.box_count(*tile)} "
                            f"{self.tile(tile)} tiles, the setup uses {n}",
                            "check the tiles listed in the setup")

    def setup_ship(self, p: Player, tiles: SetupTiles) -> None:
        assert tiles.ship is not None, "a ship line names its ship"
        key = tiles.ship.key
        if key in p.ships:
            self.report(R.setup.RULE, tiles.span, f"{p.name} has two ships called `{tiles.ship.text}`",
                        "give each ship its own name")
            return
        ship = p.ships[key] = Ship(name=tiles.ship.text)
        for item in tiles.items:
            for _ in range(item.count):
                problem = self.placing_problem(ship, (item.kind, item.name))
                if problem:
                    self.report(R.setup.RULE, item.span, f"ship `{ship.name}`: {problem[1]}",
                                "list hull parts from bow to stern, then masts, sails and goods")
                    break
                self.put_on_ship(ship, (item.kind, item.name))
        ship.completed = ship.complete
