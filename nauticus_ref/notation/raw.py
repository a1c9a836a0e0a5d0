"""The values the transformer (`transform.py`) makes of one line: each kind of line, and
each part of one, as a small class of its own with the tokens it holds and its
columns, so that the assembler reads fields by name.

Columns (`c0`, `c1`) are lark's: 1-based, the end exclusive.  The classes are slotted
dataclasses, cheaper to make than named tuples, and not frozen, the cheapest of all:
they live only until the assembler has read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol, Union

from lark import Token

try:  # the accelerator's tokens (grammar.py) carry the same fields, but are not `str`
    from lark_cython import Token as _FastToken

    TOKENS: tuple[type[Any], ...] = (Token, _FastToken)
except ImportError:
    TOKENS = (Token,)


class Tok(Protocol):
    """A token, lark's or the accelerator's: read its text as `.value`, never as the
    token itself (only lark's tokens are strings)."""

    @property
    def type(self) -> str: ...
    @property
    def value(self) -> Any: ...
    @property
    def line(self) -> int | None: ...
    @property
    def column(self) -> int | None: ...
    @property
    def end_column(self) -> int | None: ...


# -- parts of lines ---------------------------------------------------------------------


@dataclass(slots=True)
class ItemRaw:
    number: Tok | None  # the count before the word, if any
    word: Tok
    c0: int
    c1: int


@dataclass(slots=True)
class DestRaw:
    kind: Literal["store", "new", "ship"]
    name: Tok | None
    c0: int
    c1: int


@dataclass(slots=True)
class RewardRaw:
    words: tuple[Tok, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class RewardsRaw:
    """`[crown sail, 7t]`, the brackets included in the columns."""

    rewards: tuple[RewardRaw, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class ClaimRaw:
    amount: Tok
    c0: int
    c1: int


@dataclass(slots=True)
class PlacementRaw:
    plus: Tok | None
    items: tuple[ItemRaw, ...]
    dest: DestRaw
    rewards: RewardsRaw | None
    c0: int
    c1: int


@dataclass(slots=True)
class StatRaw:
    """`passed N` or `extra used`."""

    first: Tok
    second: Tok
    c0: int
    c1: int


@dataclass(slots=True)
class PlacementsBody:
    placements: tuple[PlacementRaw, ...]
    claim: ClaimRaw | None
    c0: int
    c1: int


@dataclass(slots=True)
class AmountsBody:
    amounts: tuple[Tok, ...]
    claim: ClaimRaw | None
    stats: tuple[StatRaw, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class ShipsBody:
    names: tuple[Tok, ...]
    c0: int
    c1: int


Body = Union[PlacementsBody, AmountsBody, ShipsBody]


@dataclass(slots=True)
class PassRaw:
    c0: int
    c1: int


@dataclass(slots=True)
class ExtraRaw:
    action: Tok
    body: Body
    c0: int
    c1: int


Clause = Union[PassRaw, ExtraRaw, PlacementsBody, AmountsBody, ShipsBody]


@dataclass(slots=True)
class SetupAnchor:
    space: Tok
    c0: int
    c1: int


@dataclass(slots=True)
class SetupFlipped:
    actions: tuple[Tok, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class FinalEntryRaw:
    player: Tok
    score: Tok
    c0: int
    c1: int


# -- lines ------------------------------------------------------------------------------


@dataclass(slots=True)
class TextLine:
    """`game:`, `date:` or `board:` and its free text."""

    key: Literal["game", "date", "board"]
    value: Tok | None
    c0: int
    c1: int


@dataclass(slots=True)
class NamesLine:
    """`players:` or `crests:` and its names."""

    key: Literal["players", "crests"]
    names: tuple[Tok, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class SetupLine:
    round: Tok
    phase: Tok
    options: tuple[SetupAnchor | SetupFlipped, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class SetupTilesLine:
    """`Anna store: ...`, `Anna ship A: ...` or `Anna delivered: ...`."""

    where: Literal["store", "ship", "delivered"]
    player: Tok
    ship: Tok | None
    items: tuple[ItemRaw, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class RoundLine:
    number: Tok
    deal: tuple[Tok, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class PhaseLine:
    number: Tok
    player: Tok
    action: Tok
    bonus: Tok | None
    c0: int
    c1: int


@dataclass(slots=True)
class TurnLine:
    player: Tok
    clauses: tuple[Clause, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class CheckLine:
    player: Tok
    amounts: tuple[Tok, ...]
    c0: int
    c1: int


@dataclass(slots=True)
class FinalLine:
    entries: tuple[FinalEntryRaw, ...]
    c0: int
    c1: int


Line = Union[
    TextLine,
    NamesLine,
    SetupLine,
    SetupTilesLine,
    RoundLine,
    PhaseLine,
    TurnLine,
    CheckLine,
    FinalLine,
]


# -- columns ----------------------------------------------------------------------------


def c0(x: Any) -> int:
    """The first column of a token, a typed value, or a run of them."""
    if type(x) is tuple:  # a run of them
        return c0(x[0])
    if isinstance(x, TOKENS):
        return x.column or 0
    return int(x.c0)


def c1(x: Any) -> int:
    """The column after the last character of a token, a typed value, or a run of them."""
    if type(x) is tuple:
        return c1(x[-1])
    if isinstance(x, TOKENS):
        return x.end_column or 0
    return int(x.c1)
