"""What a replay gives: plain, frozen values, never the live engine.

`ReplayResult` holds the diagnostics, the steps the referee worked out at each
line (for annotate and explain), the ledger of every change of victory points (for
score), and a `TableView`: a snapshot of the table (players, ships, supply, wheel)
at the end of what was replayed.  Views and the library read these; nothing a
caller does to them can change a replay.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.board import Board
from nauticus_ref.game.state import Tile, tile_text


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """What the referee worked out at one line: for annotate and explain."""

    line: int
    player: str | None
    rule: str | None
    text: str
    kind: str = "move"  # "phase" (the action's space), "move", or "round-end"


class LedgerEntry(NamedTuple):
    """One change of a player's victory points."""

    round: int
    line: int
    player: str
    source: str  # "bonus", "crowns", "rewards", "pass penalty", "correction"
    points: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShipView:
    name: str
    parts: tuple[str, ...]
    masts: tuple[str, ...]
    sails: tuple[str, ...]
    goods: tuple[str, ...]
    complete: bool

    @property
    def size(self) -> int:
        return len(self.parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerView:
    """A player at one point of a record.  What the live `Player` works out from its
    holdings (the storage's spaces, the crowns in view) is read from it once, when the
    snapshot is taken, and kept here as plain values."""

    name: str
    seat: int
    vp: int
    taler: int
    workers: int
    storage: Counter[Tile]  # tile -> count (a copy)
    ships: dict[str, ShipView]  # by casefolded name
    delivered: Counter[str]  # good -> count (a copy)
    passed: int
    extra_used: bool
    storage_used: int  # spaces the stored tiles take (a mast two)
    crown_tiles: tuple[int, int, int]  # crown masts, crown sails, flipped pass tiles

    @property
    def key(self) -> str:
        return self.name.casefold()


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """The table at one point of a record."""

    board: Board
    players: tuple[PlayerView, ...]
    supply: Counter[Tile]  # tile -> count left (a copy)
    deal: tuple[str, ...]  # the round's deal, clockwise from the 3-workers space
    flipped: tuple[str, ...]  # actions taken this round, in order
    anchor: int  # the space the wheel's anchor points at this round
    next_anchor: int | None  # where it points next round, once known
    round_no: int
    phase_no: int
    round_ended: bool
    rounds_played: int
    max_rounds: int
    phase_blue: int | None  # blue workers of the phase in play, if one is
    phase_action: str | None  # the action of the phase in play, if one is
    start_seat: int | None  # who starts the phase in play, or the next one
    to_move_seat: int | None  # whose turn it is in the phase in play
    crest_words: dict[str, str]  # the board's crests -> the record's words

    @property
    def by_key(self) -> dict[str, PlayerView]:
        return {p.key: p for p in self.players}

    def word(self, crest: str) -> str:
        return self.crest_words.get(crest, crest)

    def tile(self, tile: Tile) -> str:
        return tile_text(tile, self.word)


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayResult:
    diagnostics: list[Diagnostic]
    complete: bool
    steps: tuple[Step, ...]
    ledger: tuple[LedgerEntry, ...]
    table: TableView

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]
