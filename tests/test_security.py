"""Hardening: nothing loaded from a place another user can write, no file read that the
user did not name, output a stranger cannot abuse (docs/security.md)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap

import pytest

from conftest import EXAMPLES, ROOT
from nauticus_ref import grammar


def test_shipped_parser_tables_match_the_grammar():
    """The `.lark` file is the single source: after editing it, run
    `python -m nauticus_ref.grammar` to write the tables again."""
    import lark

    from nauticus_ref import _ngn_tables as tables

    text = grammar.grammar_path().read_text(encoding="utf-8")
    assert tables.GRAMMAR_SHA256 == grammar.grammar_digest(text), "stale: run python -m nauticus_ref.grammar"
    assert tables.LARK_VERSION == lark.__version__, "made by another lark: run python -m nauticus_ref.grammar"


def test_shipped_tables_parse_like_the_grammar():
    """Every line of every example, and every taught syntax mistake, gives the same result
    from the shipped tables as from a parser analysed from the grammar now."""
    import lark

    from nauticus_ref import _ngn_tables as tables
    from nauticus_ref.syntax_errors import KINDS
    from nauticus_ref.transform import LineTransformer

    fresh = lark.Lark(grammar.grammar_path().read_text(encoding="utf-8"),
                      transformer=LineTransformer(), **grammar.OPTIONS)
    shipped = lark.Lark._load_from_dict(tables.DATA, tables.MEMO, transformer=LineTransformer())
    lines = {ln for f in EXAMPLES.rglob("*.ngn") for ln in f.read_text(encoding="utf-8").splitlines()}
    lines |= {ex for _, _, examples in KINDS.values() for ex in examples}

    def outcome(parser, line):
        try:
            return parser.parse(line)
        except lark.exceptions.UnexpectedInput as e:
            return (type(e).__name__, e.column, sorted(getattr(e, "expected", ()) or ()))

    assert len(lines) > 300
    for line in sorted(lines):
        assert outcome(shipped, line) == outcome(fresh, line), line


def test_the_parser_is_loaded_from_the_shipped_tables(monkeypatch):
    import lark

    def refuse(*args, **kwargs):
        raise AssertionError("the grammar was analysed at run time")

    grammar.line_parser.cache_clear()
    monkeypatch.setattr(lark.Lark, "__init__", refuse)
    try:
        parser = grammar.line_parser()
        assert parser.parse("Anna: pass").tag == "turn"
    finally:
        grammar.line_parser.cache_clear()


class _Planted:
    """Unpickling this runs code: it writes the marker file."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _lark_cache_name(tmp_path) -> str:
    """The file name lark's `cache=True` used for our grammar (the referee's old way)."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    code = ("from lark import Lark\n"
            "from nauticus_ref.grammar import grammar_path, OPTIONS\n"
            "from nauticus_ref.transform import LineTransformer\n"
            "Lark(grammar_path().read_text(encoding='utf-8'), transformer=LineTransformer(),"
            " cache=True, **OPTIONS)\n")
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "TMPDIR": str(scratch)})
    (name,) = os.listdir(scratch)
    return name


@pytest.mark.parametrize("plant", ["pickle", "fifo", "symlink"])
def test_a_planted_parser_cache_is_never_opened(tmp_path, plant):
    name = _lark_cache_name(tmp_path)
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    marker = tmp_path / "PWNED"
    target = shared / name
    payload = pickle.dumps({"data": _Planted(str(marker)), "memo": {}})
    if plant == "pickle":
        target.write_bytes(payload)
    elif plant == "fifo":
        os.mkfifo(target)   # opening it for reading would block for ever
    else:
        elsewhere = tmp_path / "elsewhere.tmp"
        elsewhere.write_bytes(payload)
        target.symlink_to(elsewhere)
    # An audit hook records every file the referee opens under the shared temp folder.
    code = textwrap.dedent(f"""
        import sys
        opened = []
        def hook(event, args):
            if event == "open" and isinstance(args[0], str) and args[0].startswith({str(shared)!r}):
                opened.append(args[0])
        sys.addaudithook(hook)
        from nauticus_ref.cli import main
        try:
            main(["validate", {str(EXAMPLES / "game-2p.ngn")!r}])
        except SystemExit as e:
            print("exit", e.code, "opened", opened)
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, env={**os.environ, "TMPDIR": str(shared)}, cwd=ROOT)
    assert result.stdout.strip().endswith("exit 0 opened []"), result.stdout + result.stderr
    assert not marker.exists()
