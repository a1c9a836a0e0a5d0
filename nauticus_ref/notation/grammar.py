"""Loading the NGN grammar (`grammar/ngn.lark`) and the parser built from it.

The grammar file lives at the top of the repository (`grammar/ngn.lark`) and is
copied into the wheel as `nauticus_ref/grammar/ngn.lark`; both places are looked up,
installed first.

lark's analysis of the grammar (the LALR tables) is shipped with the package in
`_ngn_tables.py`, written by `python scripts/regenerate.py` and checked by a
test against the grammar file, which stays the single source (lark numbers its
states differently from run to run, so the test compares digests and behaviour,
not text).  Nothing is read
from or written to a shared folder: lark's own `cache=True` keeps a pickle in the
system temp folder under a predictable name, which another local user could plant
(docs/security.md).  Should the shipped tables ever not match the grammar file
beside them, the parser is built from the grammar in memory instead.

The accelerator: with lark-cython installed (`pip install 'nauticus-ref[fast]'`), lines
are parsed by lark's own tables driven by lark-cython's compiled lexer and parser
(`line_parser(accelerated=True)`); a line it cannot parse is parsed again by plain
lark, whose error the syntax messages are made from, so the diagnostics are the same
byte for byte with it or without it.  `NAUTICUS_REF_ACCELERATOR=0` turns it off.

The lexer's patterns: lark's contextual lexer compiles a regular expression for each
state of the parser it meets, about forty in a game, which was a tenth of a cold
validate.  Python cannot keep a compiled pattern between processes, but it builds one
from its compiled code, which `_ngn_tables.py` ships beside the tables (`PATTERNS`):
`precompile_patterns` puts those patterns into the `re` module's own cache, where
lark's `re.compile` finds them.  Only the Python that wrote them is served (`SRE`
names it); any other compiles as usual, and tests/core/test_security.py checks that each
shipped code is what this Python's compiler makes of its pattern.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
from types import ModuleType
from typing import Any, cast

import lark
from lark import Lark

GRAMMAR_FILE = "ngn.lark"
#: Paths are strings here: pathlib is not loaded on a cold start (docs/performance.md).
_HERE = os.path.dirname(os.path.realpath(__file__))  # nauticus_ref/notation/
TABLES_FILE = os.path.join(_HERE, "_ngn_tables.py")
#: The options the parser is built with; the shipped tables are built with the same.
OPTIONS = {"parser": "lalr", "lexer": "contextual", "start": "line", "maybe_placeholders": True}


def grammar_path() -> str:
    package = os.path.dirname(_HERE)  # nauticus_ref/
    for candidate in (
        os.path.join(package, "grammar", GRAMMAR_FILE),
        os.path.join(os.path.dirname(package), "grammar", GRAMMAR_FILE),
    ):
        if os.path.isfile(candidate):
            return candidate
    raise FileNotFoundError(f"the NGN grammar {GRAMMAR_FILE} is missing from the installation")


def grammar_text() -> str:
    with open(grammar_path(), encoding="utf-8") as f:
        return f.read()


def grammar_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def accelerator() -> dict[str, Any] | None:
    """lark-cython's plugins, if it is installed and not turned off."""
    if os.environ.get("NAUTICUS_REF_ACCELERATOR", "1") == "0":
        return None
    try:
        import lark_cython
    except ImportError:
        return None
    plugins: dict[str, Any] = lark_cython.plugins
    return plugins


@functools.cache
def line_parser(*, accelerated: bool = False) -> Lark:
    """The LALR parser for one line of NGN, with the raw-line transformer built in;
    `accelerated`: driven by lark-cython, where it is installed (else plain lark).

    Built once per process, from the shipped tables when they were made from this
    grammar by this version of lark; otherwise analysed in memory (never cached).
    """
    from nauticus_ref.notation.transform import LineTransformer

    plugins = accelerator() if accelerated else None
    if accelerated and plugins is None:
        return line_parser()
    extra = {"_plugins": plugins} if plugins else {}

    grammar = grammar_text()
    tables: Any
    try:
        from nauticus_ref.notation import _ngn_tables as tables
    except ImportError:  # pragma: no cover - a checkout whose tables were deleted
        tables = None
    if (
        tables is not None
        and tables.GRAMMAR_SHA256 == grammar_digest(grammar)
        and tables.LARK_VERSION == lark.__version__
    ):
        precompile_patterns(tables)
        loaded: Lark = cast(Any, Lark)._load_from_dict(
            tables.DATA, tables.MEMO, transformer=LineTransformer(), **extra
        )
        return loaded
    return Lark(grammar, transformer=LineTransformer(), **OPTIONS, **extra)


def _re_part(name: str) -> ModuleType:
    """A part of the `re` module that has no public name: `_sre` (its compiled core),
    `re._parser`, `re._compiler`.  All are loaded with `re`."""
    return sys.modules[name]


def sre_version() -> str:
    """Which Python's regular-expression compiler the shipped patterns are for."""
    sre = _re_part("_sre")
    return f"{sys.implementation.cache_tag} {sre.MAGIC} {sre.CODESIZE}"


@functools.cache
def precompile_patterns(tables: Any) -> int:
    """Put the lexer's shipped patterns into `re`'s cache (module doc); how many."""
    cache = getattr(re, "_cache", None)
    if getattr(tables, "SRE", None) != sre_version() or not isinstance(cache, dict):
        return 0
    sre = _re_part("_sre")
    for pattern, flags, final, groups, code, groupindex in tables.PATTERNS:
        indexgroup = [None] * groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        cache.setdefault(
            (str, pattern, flags),
            sre.compile(pattern, final, code, groups - 1, groupindex, tuple(indexgroup)),
        )
    return len(tables.PATTERNS)


def lexer_patterns(parser: Lark) -> list[tuple[str, int, int, int, list[int], dict[str, int]]]:
    """Every pattern the lexers of `parser` compile, with what `re` makes of it: the
    pattern, its flags, the flags it ends with, its groups (the whole match counted),
    its compiled code, its named groups."""
    compiler, parser_ = _re_part("re._compiler"), _re_part("re._parser")
    asked: dict[tuple[str, int], None] = {}

    class Recording:  # stands in for the `re` module while every scanner is built
        @staticmethod
        def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
            asked[pattern, int(flags)] = None
            return re.compile(pattern, flags)

        @staticmethod
        def match(pattern: str, text: str, flags: int = 0) -> re.Match[str] | None:
            return Recording.compile(pattern, flags).match(text)

    lexer = cast(Any, parser).parser.lexer
    for each in [*lexer.lexers.values(), lexer.root_lexer]:
        each.re, each._scanner = Recording, None
        each.scanner  # noqa: B018 - building the scanner compiles its patterns
    found = []
    for pattern, flags in asked:
        parsed = parser_.parse(pattern, flags)
        found.append(
            (
                pattern,
                flags,
                flags | parsed.state.flags,
                parsed.state.groups,
                [int(op) for op in compiler._code(parsed, flags)],
                dict(parsed.state.groupdict),
            )
        )
    return found


def tables_source(grammar: str) -> str:
    """The text of `_ngn_tables.py` for `grammar`: lark's analysis as Python literals."""
    import pprint

    from lark.grammar import Rule
    from lark.lark import _LOAD_ALLOWED_OPTIONS
    from lark.lexer import TerminalDef

    parser = Lark(grammar, **OPTIONS)
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k not in _LOAD_ALLOWED_OPTIONS}
    fmt = functools.partial(pprint.pformat, width=100, sort_dicts=False)
    return (
        "# Generated by `python scripts/regenerate.py` from grammar/ngn.lark; do not edit.\n"
        "# lark's LALR tables for the NGN grammar, shipped so that nothing is analysed or\n"
        "# cached at run time (nauticus_ref/notation/grammar.py).  A test fails when they are stale.\n"
        "# fmt: off\n"
        f"GRAMMAR_SHA256 = {grammar_digest(grammar)!r}\n"
        f"LARK_VERSION = {lark.__version__!r}\n"
        f"DATA = {fmt(data)}\n"
        f"MEMO = {fmt(memo)}\n"
        "# The lexer's patterns, compiled: (pattern, flags, final flags, groups, code,\n"
        "# named groups), for the Python named by SRE.\n"
        f"SRE = {sre_version()!r}\n"
        "PATTERNS = [\n" + "".join(f"    {entry!r},\n" for entry in lexer_patterns(parser)) + "]\n"
    )
