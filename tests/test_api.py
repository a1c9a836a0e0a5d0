"""The library API: docs/api.md runs as doctests, and `import nauticus_ref` stays light."""

from __future__ import annotations

import doctest
import subprocess
import sys

import nauticus_ref
from conftest import ROOT


def test_the_api_page_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 10 and result.failed == 0


def test_all_lists_what_the_api_gives():
    for name in nauticus_ref.__all__:
        assert getattr(nauticus_ref, name) is not None, name
    assert (ROOT / "nauticus_ref" / "py.typed").is_file()


def test_importing_the_package_loads_neither_lark_nor_pydantic():
    out = subprocess.run([sys.executable, "-c", "import sys, nauticus_ref\n"
                          "print(' '.join(sorted(sys.modules)))"], capture_output=True,
                         text=True, check=True).stdout.split()
    assert "lark" not in out and "pydantic" not in out


def test_every_view_offers_the_formats_the_command_line_lists():
    from nauticus_ref.views import FORMAT_NAMES, card, explain, score, state, validate

    modules = {"validate": validate, "score": score, "state": state, "explain": explain,
               "card": card}
    assert set(modules) == set(FORMAT_NAMES)
    for view, module in modules.items():
        assert tuple(module.FORMATS) == FORMAT_NAMES[view], view


def test_the_package_passes_mypy_strict():
    """The library is typed (py.typed ships): mypy --strict, no blanket ignores."""
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "nauticus_ref"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:]
    ignores = [p for p in (ROOT / "nauticus_ref").rglob("*.py")
               if "type: ignore" in p.read_text(encoding="utf-8")]
    assert ignores == []


def test_no_module_over_400_lines_and_no_class_over_300():
    """The sizes the architecture keeps, so that each unit reads in one sitting (the
    generated parser tables apart)."""
    import ast

    too_long = []
    for path in sorted((ROOT / "nauticus_ref").rglob("*.py")):
        if path.name == "_ngn_tables.py":
            continue
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 400:
            too_long.append((path.name, len(text.splitlines())))
        too_long += [(f"{path.name}:{node.name}", node.end_lineno - node.lineno + 1)
                     for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef)
                     and node.end_lineno is not None and node.end_lineno - node.lineno >= 300]
    assert too_long == []


def test_tables_gives_the_table_after_each_line_as_table_does():
    """`Game.tables()` (one replay) agrees with `Game.table(n)` (a replay up to line n) on
    every line of every example, valid or not, setup blocks included."""
    from nauticus_ref.views.state import state_json

    games = sorted((ROOT / "examples" / "logs").rglob("*.ngn"))
    checked = 0
    for path in games:
        game = nauticus_ref.read(path)
        if game.replayed is None:
            continue
        tables = game.tables()
        assert len(tables) == len(game.lines), path
        for n, table in enumerate(tables, 1):
            assert state_json(table, "") == state_json(game.table(n), ""), (path, n)
        checked += 1
    assert checked > 30


def test_games_and_tables_show_themselves_in_jupyter():
    """`Game._repr_html_` (summary, diagnostics, score and chart) and `TableView._repr_svg_`
    (the table picture), with names from the record as text."""
    import xml.etree.ElementTree as ET

    from conftest import HOSTILE_RECORD

    game = nauticus_ref.read(ROOT / "examples" / "logs" / "invalid" / "rewards.ngn")
    shown = game._repr_html_()
    assert "error[rewards] line 8:9: this completes `A`: name its 1 reward" in shown
    assert shown.count("<svg") == 1 and "<table class=\"standings\">" in shown
    svg = game.table(8)._repr_svg_()
    root = ET.fromstring(svg)
    assert root.find("{http://www.w3.org/2000/svg}title").text == "The table in round 1, phase 1"
    hostile = nauticus_ref.parse(HOSTILE_RECORD)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in hostile._repr_html_()
    assert "<script" not in hostile._repr_html_() and "<script" not in hostile.table()._repr_svg_()
    broken = nauticus_ref.parse("players: A, B\nround 1: x\n")
    assert "error[syntax] line 2:10" in broken._repr_html_() and "<svg" not in broken._repr_html_()
