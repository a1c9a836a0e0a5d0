"""From lark's parse of one line to a `Raw` value: structure, tokens and columns.

This layer only shapes what the grammar matched; it knows nothing of context.
The assembler (`assemble.py`) gives the words their meaning.  Columns are lark's:
1-based, the end exclusive.  Punctuation tokens are dropped once they have given
their columns to the enclosing value.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lark import Token, Transformer


class Raw(NamedTuple):
    tag: str
    c0: int
    c1: int
    v: tuple


def c0(x) -> int:
    if isinstance(x, tuple) and not isinstance(x, Raw):
        return c0(x[0])
    return x.column if isinstance(x, Token) else x.c0


def c1(x) -> int:
    if isinstance(x, tuple) and not isinstance(x, Raw):
        return c1(x[-1])
    return x.end_column if isinstance(x, Token) else x.c1


def _raw(tag: str, children: list, *v: Any) -> Raw:
    present = [c for c in children if c is not None]
    return Raw(tag, c0(present[0]), c1(present[-1]), v)


def _kept(children: list, *types: str) -> tuple:
    """The children that are values or tokens of the given types, in order."""
    return tuple(c for c in children
                 if c is not None and (not isinstance(c, Token) or c.type in types))


class LineTransformer(Transformer):
    # header
    def game(self, c):
        return _raw("game", c, c[2])

    def date(self, c):
        return _raw("date", c, c[2])

    def board(self, c):
        return _raw("board", c, c[2])

    def players(self, c):
        return _raw("players", c, _kept(c[2:], "WORD", "QUOTED"))

    def crests(self, c):
        return _raw("crests", c, _kept(c[2:], "WORD", "QUOTED"))

    # setup
    def setup_head(self, c):
        return _raw("setup", c, c[3], c[5], _kept(c[6:]))

    def setup_anchor(self, c):
        return _raw("anchor", c, c[1])

    def setup_flipped(self, c):
        return _raw("flipped", c, tuple(c[1:]))

    def setup_items(self, c):
        return tuple(item for items in _kept(c) for item in items.v)

    def setup_store(self, c):
        return _raw("tiles", c, "store", c[0], None, c[3] or ())

    def setup_ship(self, c):
        return _raw("tiles", c, "ship", c[0], c[2], c[4])

    def setup_delivered(self, c):
        return _raw("tiles", c, "delivered", c[0], None, c[3] or ())

    # rounds, phases, turns
    def round_line(self, c):
        return _raw("round", c, c[1], tuple(c[3:]))

    def phase_line(self, c):
        return _raw("phase", c, c[0], c[2], c[3], c[5])

    def turn_line(self, c):
        return _raw("turn", c, c[0], _kept(c[2:]))

    def pass_clause(self, c):
        return _raw("pass", c)

    def extra_clause(self, c):
        return _raw("extra", c, c[1], c[3])

    def placements(self, c):
        claim = c[-1] if isinstance(c[-1], Raw) and c[-1].tag == "claim" else None
        return _raw("placements", c, tuple(x for x in _kept(c) if x.tag == "placement"), claim)

    def amounts(self, c):
        kept = _kept(c, "AMOUNT")
        amounts = tuple(x for x in kept if isinstance(x, Token))
        claim = next((x for x in kept if isinstance(x, Raw) and x.tag == "claim"), None)
        stats = tuple(x for x in kept if isinstance(x, Raw) and x.tag == "stat")
        return _raw("amounts", c, amounts, claim, stats)

    def stats(self, c):
        return _raw("amounts", c, (), None, _kept(c))

    def stat(self, c):
        return _raw("stat", c, c[0], c[1])

    def ships(self, c):
        return _raw("ships", c, _kept(c, "WORD", "QUOTED"))

    def placement(self, c):
        return _raw("placement", c, c[0], c[1], c[2], c[3])

    def items(self, c):
        return _raw("items", c, *c)

    def item(self, c):
        return _raw("item", c, c[0], c[1])

    def dest_store(self, c):
        return _raw("store", c)

    def dest_new(self, c):
        return _raw("new", c, c[2])

    def dest_ship(self, c):
        return _raw("ship", c, c[1])

    def rewards(self, c):
        return _raw("rewards", c, *_kept(c[1:-1]))

    def reward(self, c):
        return _raw("reward", c, *c)

    def claim(self, c):
        return _raw("claim", c, c[1])

    # checkpoints
    def check_line(self, c):
        return _raw("check", c, c[1], tuple(c[3:]))

    def final_line(self, c):
        return _raw("final", c, _kept(c[2:]))

    def final_entry(self, c):
        return _raw("final_entry", c, c[0], c[1])

    def name(self, c):
        return c[0]
