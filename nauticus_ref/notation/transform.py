"""From lark's parse of one line to a typed value: structure, tokens and columns.

This layer only shapes what the grammar matched; it knows nothing of context.
The assembler (`assemble.py`) gives the words their meaning.  Every kind of line,
and every part of one, is a named tuple of its own, so the assembler reads fields
by name.  Columns (`c0`, `c1`) are lark's: 1-based, the end exclusive.  Punctuation
tokens are dropped once they have given their columns to the enclosing value.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Protocol, Union

from lark import Token, Transformer

try:   # the accelerator's tokens (grammar.py) carry the same fields, but are not `str`
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

class ItemRaw(NamedTuple):
    number: Tok | None   # the count before the word, if any
    word: Tok
    c0: int
    c1: int


class DestRaw(NamedTuple):
    kind: Literal["store", "new", "ship"]
    name: Tok | None
    c0: int
    c1: int


class RewardRaw(NamedTuple):
    words: tuple[Tok, ...]
    c0: int
    c1: int


class RewardsRaw(NamedTuple):
    """`[crown sail, 7t]`, the brackets included in the columns."""

    rewards: tuple[RewardRaw, ...]
    c0: int
    c1: int


class ClaimRaw(NamedTuple):
    amount: Tok
    c0: int
    c1: int


class PlacementRaw(NamedTuple):
    plus: Tok | None
    items: tuple[ItemRaw, ...]
    dest: DestRaw
    rewards: RewardsRaw | None
    c0: int
    c1: int


class StatRaw(NamedTuple):
    """`passed N` or `extra used`."""

    first: Tok
    second: Tok
    c0: int
    c1: int


class PlacementsBody(NamedTuple):
    placements: tuple[PlacementRaw, ...]
    claim: ClaimRaw | None
    c0: int
    c1: int


class AmountsBody(NamedTuple):
    amounts: tuple[Tok, ...]
    claim: ClaimRaw | None
    stats: tuple[StatRaw, ...]
    c0: int
    c1: int


class ShipsBody(NamedTuple):
    names: tuple[Tok, ...]
    c0: int
    c1: int


Body = Union[PlacementsBody, AmountsBody, ShipsBody]


class PassRaw(NamedTuple):
    c0: int
    c1: int


class ExtraRaw(NamedTuple):
    action: Tok
    body: Body
    c0: int
    c1: int


Clause = Union[PassRaw, ExtraRaw, PlacementsBody, AmountsBody, ShipsBody]


class SetupAnchor(NamedTuple):
    space: Tok
    c0: int
    c1: int


class SetupFlipped(NamedTuple):
    actions: tuple[Tok, ...]
    c0: int
    c1: int


class FinalEntryRaw(NamedTuple):
    player: Tok
    score: Tok
    c0: int
    c1: int


# -- lines ------------------------------------------------------------------------------

class TextLine(NamedTuple):
    """`game:`, `date:` or `board:` and its free text."""

    key: Literal["game", "date", "board"]
    value: Tok | None
    c0: int
    c1: int


class NamesLine(NamedTuple):
    """`players:` or `crests:` and its names."""

    key: Literal["players", "crests"]
    names: tuple[Tok, ...]
    c0: int
    c1: int


class SetupLine(NamedTuple):
    round: Tok
    phase: Tok
    options: tuple[SetupAnchor | SetupFlipped, ...]
    c0: int
    c1: int


class SetupTilesLine(NamedTuple):
    """`Anna store: ...`, `Anna ship A: ...` or `Anna delivered: ...`."""

    where: Literal["store", "ship", "delivered"]
    player: Tok
    ship: Tok | None
    items: tuple[ItemRaw, ...]
    c0: int
    c1: int


class RoundLine(NamedTuple):
    number: Tok
    deal: tuple[Tok, ...]
    c0: int
    c1: int


class PhaseLine(NamedTuple):
    number: Tok
    player: Tok
    action: Tok
    bonus: Tok | None
    c0: int
    c1: int


class TurnLine(NamedTuple):
    player: Tok
    clauses: tuple[Clause, ...]
    c0: int
    c1: int


class CheckLine(NamedTuple):
    player: Tok
    amounts: tuple[Tok, ...]
    c0: int
    c1: int


class FinalLine(NamedTuple):
    entries: tuple[FinalEntryRaw, ...]
    c0: int
    c1: int


Line = Union[TextLine, NamesLine, SetupLine, SetupTilesLine, RoundLine, PhaseLine, TurnLine,
             CheckLine, FinalLine]


# -- columns ----------------------------------------------------------------------------

def c0(x: Any) -> int:
    """The first column of a token, a typed value, or a run of them."""
    if type(x) is tuple:   # a run (a typed value is a named tuple: another type)
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


def _cols(children: list[Any]) -> tuple[int, int]:
    """The columns of a rule's children, from the first and last that are there."""
    first, last = children[0], children[-1]
    if first is None or last is None:   # an optional part left out at an end
        present = [c for c in children if c is not None]
        first, last = present[0], present[-1]
    return c0(first), c1(last)


def _kept(children: list[Any], *types: str) -> tuple[Any, ...]:
    """The children that are values or tokens of the given types, in order."""
    return tuple(c for c in children
                 if c is not None and (not isinstance(c, TOKENS) or c.type in types))


Children = list[Any]


class LineTransformer(Transformer[Token, Line]):
    # header
    def game(self, c: Children) -> TextLine:
        return TextLine("game", c[2], *_cols(c))

    def date(self, c: Children) -> TextLine:
        return TextLine("date", c[2], *_cols(c))

    def board(self, c: Children) -> TextLine:
        return TextLine("board", c[2], *_cols(c))

    def players(self, c: Children) -> NamesLine:
        return NamesLine("players", _kept(c[2:], "WORD", "QUOTED"), *_cols(c))

    def crests(self, c: Children) -> NamesLine:
        return NamesLine("crests", _kept(c[2:], "WORD", "QUOTED"), *_cols(c))

    # setup
    def setup_head(self, c: Children) -> SetupLine:
        return SetupLine(c[3], c[5], _kept(c[6:]), *_cols(c))

    def setup_anchor(self, c: Children) -> SetupAnchor:
        return SetupAnchor(c[1], *_cols(c))

    def setup_flipped(self, c: Children) -> SetupFlipped:
        return SetupFlipped(tuple(c[1:]), *_cols(c))

    def setup_items(self, c: Children) -> tuple[ItemRaw, ...]:
        return tuple(item for items in _kept(c) for item in items)

    def setup_store(self, c: Children) -> SetupTilesLine:
        return SetupTilesLine("store", c[0], None, c[3] or (), *_cols(c))

    def setup_ship(self, c: Children) -> SetupTilesLine:
        return SetupTilesLine("ship", c[0], c[2], c[4], *_cols(c))

    def setup_delivered(self, c: Children) -> SetupTilesLine:
        return SetupTilesLine("delivered", c[0], None, c[3] or (), *_cols(c))

    # rounds, phases, turns
    def round_line(self, c: Children) -> RoundLine:
        return RoundLine(c[1], tuple(c[3:]), *_cols(c))

    def phase_line(self, c: Children) -> PhaseLine:
        return PhaseLine(c[0], c[2], c[3], c[5], *_cols(c))

    def turn_line(self, c: Children) -> TurnLine:
        return TurnLine(c[0], _kept(c[2:]), *_cols(c))

    def pass_clause(self, c: Children) -> PassRaw:
        return PassRaw(*_cols(c))

    def extra_clause(self, c: Children) -> ExtraRaw:
        return ExtraRaw(c[1], c[3], *_cols(c))

    def placements(self, c: Children) -> PlacementsBody:
        kept = _kept(c)
        claim = kept[-1] if isinstance(kept[-1], ClaimRaw) else None
        return PlacementsBody(tuple(x for x in kept if isinstance(x, PlacementRaw)), claim,
                              *_cols(c))

    def amounts(self, c: Children) -> AmountsBody:
        kept = _kept(c, "AMOUNT")
        return AmountsBody(tuple(x for x in kept if isinstance(x, TOKENS)),
                           next((x for x in kept if isinstance(x, ClaimRaw)), None),
                           tuple(x for x in kept if isinstance(x, StatRaw)), *_cols(c))

    def stats(self, c: Children) -> AmountsBody:
        return AmountsBody((), None, _kept(c), *_cols(c))

    def stat(self, c: Children) -> StatRaw:
        return StatRaw(c[0], c[1], *_cols(c))

    def ships(self, c: Children) -> ShipsBody:
        return ShipsBody(_kept(c, "WORD", "QUOTED"), *_cols(c))

    def placement(self, c: Children) -> PlacementRaw:
        return PlacementRaw(c[0], c[1], c[2], c[3], *_cols(c))

    def items(self, c: Children) -> tuple[ItemRaw, ...]:
        return tuple(c)

    def item(self, c: Children) -> ItemRaw:
        return ItemRaw(c[0], c[1], *_cols(c))

    def dest_store(self, c: Children) -> DestRaw:
        return DestRaw("store", None, *_cols(c))

    def dest_new(self, c: Children) -> DestRaw:
        return DestRaw("new", c[2], *_cols(c))

    def dest_ship(self, c: Children) -> DestRaw:
        return DestRaw("ship", c[1], *_cols(c))

    def rewards(self, c: Children) -> RewardsRaw:
        return RewardsRaw(_kept(c[1:-1]), *_cols(c))

    def reward(self, c: Children) -> RewardRaw:
        return RewardRaw(tuple(c), *_cols(c))

    def claim(self, c: Children) -> ClaimRaw:
        return ClaimRaw(c[1], *_cols(c))

    # checkpoints
    def check_line(self, c: Children) -> CheckLine:
        return CheckLine(c[1], tuple(c[3:]), *_cols(c))

    def final_line(self, c: Children) -> FinalLine:
        return FinalLine(_kept(c[2:]), *_cols(c))

    def final_entry(self, c: Children) -> FinalEntryRaw:
        return FinalEntryRaw(c[0], c[1], *_cols(c))

    def name(self, c: Children) -> Tok:
        tok: Tok = c[0]
        return tok
