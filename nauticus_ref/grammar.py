"""Loading the NGN grammar (`grammar/ngn.lark`) and the parser built from it.

The grammar file lives at the top of the repository and is copied into the wheel
as `nauticus_ref/grammar/ngn.lark`; both places are looked up, installed first.
"""

from __future__ import annotations

import functools
from pathlib import Path

from lark import Lark

GRAMMAR_FILE = "ngn.lark"


def grammar_path() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "grammar" / GRAMMAR_FILE, here.parent / "grammar" / GRAMMAR_FILE):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"the NGN grammar {GRAMMAR_FILE} is missing from the installation")


@functools.cache
def line_parser() -> Lark:
    """The LALR parser for one line of NGN, with the raw-line transformer built in.

    Built once per process; lark keeps the analysed tables in its cache file so
    that a cold start does not rebuild them.
    """
    from .transform import LineTransformer

    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start="line",
        maybe_placeholders=True,
        transformer=LineTransformer(),
        cache=True,
    )
