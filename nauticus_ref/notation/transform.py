"""From lark's parse of one line to a typed value (`raw.py`): structure, tokens and
columns.

This layer only shapes what the grammar matched; it knows nothing of context.
The assembler (`assemble.py`) gives the words their meaning.  Punctuation tokens are
dropped once they have given their columns to the enclosing value.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from nauticus_ref.notation.raw import (
    TOKENS,
    AmountsBody,
    CheckLine,
    ClaimRaw,
    DestRaw,
    ExtraRaw,
    FinalEntryRaw,
    FinalLine,
    ItemRaw,
    Line,
    NamesLine,
    PassRaw,
    PhaseLine,
    PlacementRaw,
    PlacementsBody,
    RewardRaw,
    RewardsRaw,
    RoundLine,
    SetupAnchor,
    SetupFlipped,
    SetupLine,
    SetupTilesLine,
    ShipsBody,
    StatRaw,
    TextLine,
    Tok,
    TurnLine,
    c0,
    c1,
)


def _cols(children: list[Any]) -> tuple[int, int]:
    """The columns of a rule's children, from the first and last that are there."""
    first, last = children[0], children[-1]
    if first is None or last is None:  # an optional part left out at an end
        present = [c for c in children if c is not None]
        first, last = present[0], present[-1]
    return c0(first), c1(last)


def _kept(children: list[Any], *types: str) -> tuple[Any, ...]:
    """The children that are values or tokens of the given types, in order."""
    return tuple(
        c for c in children if c is not None and (not isinstance(c, TOKENS) or c.type in types)
    )


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
        return PlacementsBody(
            tuple(x for x in kept if isinstance(x, PlacementRaw)), claim, *_cols(c)
        )

    def amounts(self, c: Children) -> AmountsBody:
        kept = _kept(c, "AMOUNT")
        return AmountsBody(
            tuple(x for x in kept if isinstance(x, TOKENS)),
            next((x for x in kept if isinstance(x, ClaimRaw)), None),
            tuple(x for x in kept if isinstance(x, StatRaw)),
            *_cols(c),
        )

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
