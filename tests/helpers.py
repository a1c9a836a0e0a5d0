"""What the tests share: where things are, a few records, and small helpers.  Every test
module imports what it needs from here (`from helpers import EXAMPLES`); conftest.py
holds only pytest's fixtures.  Tests mirror the package: tests/notation, game, rules,
referee, views, cli, lsp, and core for what reaches the referee from outside."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.rules import RULES, SYNTAX, Rule

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "logs"
TESTS = ROOT / "tests"

HEADER = "players: Anna, Ben\nround 1: goods hulls money transport crowns masts deliver sails\n"


#: Every rule, the notation's first, and the folder of their fixtures: one file per rule
#: (`tests/rules/fixtures/<id>.toml`, as sqlfluff keeps its rule fixtures).
ALL_RULES = (SYNTAX, *RULES)
RULE_FIXTURES = TESTS / "rules" / "fixtures"


def rule_cases(rule: Rule) -> dict[str, list[tuple[str, str]]]:
    """The records that break `rule` ("fail") and keep it ("pass"): the rule module's own
    example of each, then its fixture file's cases, as (name, record)."""
    import tomllib

    data = tomllib.loads((RULE_FIXTURES / f"{rule.id}.toml").read_text(encoding="utf-8"))
    return {
        kind: [("the rule's own example", example)]
        + [(case["name"], case["ngn"]) for case in data.get(kind, [])]
        for kind, example in (("fail", rule.fail), ("pass", rule.ok))
    }


def parse_ok(text: str):
    """Parse text that must be free of syntax errors; return the record."""
    result = parse_text(text)
    assert result.record is not None, [d.message for d in result.diagnostics]
    return result.record


def syntax_errors(text: str) -> list:
    result = parse_text(text)
    assert result.record is None
    return [d for d in result.diagnostics if d.severity == "error"]


def strip_spans(obj):
    """A model dump without source positions, to compare records written differently."""
    if isinstance(obj, dict):
        return {
            k: strip_spans(v)
            for k, v in obj.items()
            if k not in ("span", "action_span", "players_span")
        }
    if isinstance(obj, list):
        return [strip_spans(x) for x in obj]
    return obj


#: A short legal record whose player and ship names are markup, for every picture and page:
#: they must show as the text they are.
HOSTILE_RECORD = (
    'players: "<script>alert(1)</script>", "x&amp;y"\n'
    "round 1: goods hulls money transport crowns masts deliver sails\n"
    '1. "<script>alert(1)</script>" hulls bonus whale\n'
    '  "<script>alert(1)</script>": bow >new "\'><img src=x onerror=alert(1)>"\n'
    '  "x&amp;y": 1ship >new "</script><script>alert(2)</script>"   # </script> in a comment\n'
)


# the browser tests ----------------------------------------------------------------
#: Debian's `chromium` package, driven by Playwright (`.ci/run` installs it when it is
#: missing).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: The flags a sandboxed machine with a closed network needs (no background networking).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def need_browser() -> pytest.MarkDecorator:
    """The mark for a module of browser tests: skipped, saying why, where no browser
    exists, except under `.ci/run`, which sets NAUTICUS_NEED_BROWSER so that a missing
    browser fails."""
    why = "no chromium here: install Debian's `chromium` package to run the browser tests"
    if CHROMIUM is None and os.environ.get("NAUTICUS_NEED_BROWSER"):
        raise RuntimeError(why)
    return pytest.mark.skipif(CHROMIUM is None, reason=why)


def screenshots(browser, name: str) -> Path:
    """Every page still open in `browser`, as pictures in a new temporary folder (never
    in the repository): what the test saw when it failed."""
    folder = Path(tempfile.mkdtemp(prefix="nauticus-ref-screens-"))
    for i, context in enumerate(browser.contexts):
        for j, page in enumerate(context.pages):
            page.screenshot(path=str(folder / f"{name}-{i}-{j}.png"), full_page=True)
    return folder
