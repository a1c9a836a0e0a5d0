"""What the benchmark scripts share: timing, and the floor set by lark.

The floor is what the libraries the design card fixes cost by themselves on this
machine: lark's lexer alone and lark's parser alone (its own trees, none of our
transformer, assembler or models); for a cold start, a fresh process that only
imports click and lark (cold.py).  No referee built on them is faster than that.

Results are never kept between records while timing: holding thousands of parsed
records alive makes Python's cyclic garbage collector walk them again and again,
which measures the benchmark, not the referee (it once cut the parse figure by 3x).
"""

from __future__ import annotations

import gc
import os
import sys
import time
from typing import Callable, Iterable

from lark import Lark

from nauticus_ref.notation.assemble import split_lines
from nauticus_ref.notation.grammar import grammar_text

CLI = [sys.executable, "-m", "nauticus_ref.cli"]
#: The test tools the benchmarks share with the tests (the fuzzer's mutations), which
#: the wheel does not carry.
sys.path.append(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))


def best_seconds(fn: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` runs of `fn`, each after a full collection."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def each(fn: Callable[[str], object], items: Iterable) -> Callable[[], None]:
    """A loop calling `fn` on every item and dropping the result."""

    def loop() -> None:
        for item in items:
            fn(item)

    return loop


def accelerated(on: bool) -> None:
    """Parse with lark-cython (`[fast]`) or without it from here on (grammar.py)."""
    from nauticus_ref.notation import grammar

    os.environ["NAUTICUS_REF_ACCELERATOR"] = "1" if on else "0"
    grammar.line_parser.cache_clear()
    grammar.line_parser(accelerated=True)  # loaded now, not while timing


def lark_floor(
    texts: list[str], plugins: dict | None = None
) -> list[tuple[str, Callable[[], None]]]:
    """Loops over `texts` that run only lark: its lexer on whole texts, and its LALR
    parser with the contextual lexer on each line, as nauticus-ref runs it (driven by
    lark-cython when given its `plugins`)."""
    grammar = grammar_text()
    parser = Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start="line",
        maybe_placeholders=True,
        _plugins=plugins or {},
    )
    # The same terminals, with newlines skipped too, so whole texts can be lexed.
    lexer = Lark(
        grammar + "\nNEWLINE: /\\n/\n%ignore NEWLINE\n", parser="lalr", lexer="basic", start="line"
    )
    lines = [
        ln for t in texts for ln in split_lines(t) if ln.strip() and not ln.lstrip().startswith("#")
    ]
    return [
        ("lark's lexer alone (floor)", each(lambda t: list(lexer.lex(t)), texts)),
        ("lark's parser alone (floor)", each(parser.parse, lines)),
    ]
