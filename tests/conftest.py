"""Shared helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from nauticus_ref.notation.assemble import parse_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "logs"

HEADER = "players: Anna, Ben\nround 1: goods hulls money transport crowns masts deliver sails\n"


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
        return {k: strip_spans(v) for k, v in obj.items()
                if k not in ("span", "action_span", "players_span")}
    if isinstance(obj, list):
        return [strip_spans(x) for x in obj]
    return obj


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(autouse=True)
def fresh_stdin():
    """Standard input is read once a process; each test is a process of its own here."""
    import nauticus_ref.core.files as files

    files._stdin_text = None
    files.name_stdin(None)
    yield
    files._stdin_text = None
    files.name_stdin(None)


#: A short legal record whose player and ship names are markup, for every picture and page:
#: they must show as the text they are.
HOSTILE_RECORD = (
    'players: "<script>alert(1)</script>", "x&amp;y"\n'
    "round 1: goods hulls money transport crowns masts deliver sails\n"
    '1. "<script>alert(1)</script>" hulls bonus whale\n'
    '  "<script>alert(1)</script>": bow >new "\'><img src=x onerror=alert(1)>"\n'
    '  "x&amp;y": 1ship >new "</script><script>alert(2)</script>"   # </script> in a comment\n')
