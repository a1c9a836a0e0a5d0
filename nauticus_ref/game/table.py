"""The table as it stands at one moment of a game: what the rules look at.

One plain class, `Table`: the players with everything they hold, the supply, the
round's deal and the wheel, and the phase in play with the turns taken in it.  The
rules (`rules/`) read it and never change it; the referee (`referee/`) changes it
as it replays the moves, and so can anyone who asks "what if".
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from nauticus_ref.game.board import Board
from nauticus_ref.game.state import Player, Tile, tile_text


@dataclass
class PhaseInPlay:
    """The phase being played: its number as written, its action and the action's board
    space (None when the action is not in the deal), the wheel's blue workers there, the
    players in turn order and those who have had their turn."""

    number: int
    action: str
    space: int | None
    blue: int
    order: list[Player]
    done: list[Player] = field(default_factory=list)


class Table:
    """Players, supply, deal and wheel, and the phase in play."""

    def __init__(self, board: Board, crest_words: dict[str, str]):
        self.board = board
        #: the board's crests -> the record's words for them (`crests:`), crown -> crown
        self.crest_words = crest_words
        self.players: list[Player] = []
        self.by_key: dict[str, Player] = {}  # by casefolded name
        self.supply: Counter[Tile] = Counter()
        self.round_no = 0
        self.max_rounds = 5
        self.expected_round = 1  # the number the next round line must have
        self.rounds_played = 0
        self.round_ended = True
        self.deal: list[str] = []  # the round's actions, from the 3-workers space
        self.flipped: list[str] = []  # the actions taken this round, in order
        self.anchor = 0  # the board space the wheel's anchor points at
        self.next_anchor: int | None = None
        self.phase_no = 0
        self.phase: PhaseInPlay | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A twin sharing only the board and the crest words."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.players = [copy.deepcopy(p, memo) for p in self.players]
        twin.by_key = {k: memo[id(p)] for k, p in self.by_key.items()}
        twin.supply = Counter(self.supply)
        twin.deal, twin.flipped = list(self.deal), list(self.flipped)
        if self.phase is not None:
            ph = self.phase
            twin.phase = PhaseInPlay(
                ph.number,
                ph.action,
                ph.space,
                ph.blue,
                [memo[id(p)] for p in ph.order],
                [memo[id(p)] for p in ph.done],
            )
        return twin

    def word(self, crest: str) -> str:
        """The record's word for a crest."""
        return self.crest_words.get(crest, crest)

    def tile(self, tile: Tile) -> str:
        return tile_text(tile, self.word)

    def clockwise_from(self, p: Player) -> list[Player]:
        return self.players[p.seat :] + self.players[: p.seat]

    def expected_start(self, phase_no: int | None = None) -> Player | None:
        """Who starts phase `phase_no` (the phase in play if None) of round `round_no`:
        the first player starts the game, and the start moves one seat clockwise every
        phase."""
        if not self.players:
            return None
        n = self.phase_no if phase_no is None else phase_no
        return self.players[((self.round_no - 1) * 7 + (n - 1)) % len(self.players)]


def differences(
    p: Player, vp: int | None, taler: int | None, workers: int | None
) -> list[tuple[str, int, int]]:
    """(unit, written, on the table) for each of the values written (not None) that `p`
    does not have."""
    return [
        (unit, said, real)
        for unit, said, real in (("vp", vp, p.vp), ("t", taler, p.taler), ("w", workers, p.workers))
        if said is not None and said != real
    ]
