"""Names that need quotes (`"Björn B."`, `"Sea Cow"`): everything the referee writes for a
person to paste (help lines, fixes, completion) writes them quoted, as the printer does."""

from __future__ import annotations

import pytest
from helpers import EXAMPLES

from nauticus_ref.core.files import Source
from nauticus_ref.core.findings import applied
from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.referee.validate import validate_source

DEAL = "round 1: goods hulls money transport crowns masts deliver sails\n"


@pytest.mark.parametrize(
    "name, written",
    [
        ("Anna", "Anna"),
        ("Björn B.", '"Björn B."'),
        ("Sea Cow", '"Sea Cow"'),
        ("3w", '"3w"'),
        ("pass", '"pass"'),
        ("Jean-Luc", "Jean-Luc"),
        ("store", '"store"'),
    ],
)
def test_a_name_is_written_as_the_printer_writes_it(name, written):
    assert quoted(name) == written


def _diagnostics(text: str):
    return validate_source(Source("g.ngn", text), None).diagnostics


def test_a_help_line_that_writes_a_phase_line_quotes_the_start_player():
    text = 'players: "Björn B.", Anna\n' + DEAL + '1. "Björn B." masts\n'
    (found,) = [d for d in _diagnostics(text) if d.rule == "bonus-choice"]
    assert 'write `1. "Björn B." masts bonus coffee`' in found.help
    pasted = found.help.split("`")[1]
    assert parse_text('players: "Björn B.", Anna\n' + DEAL + pasted + "\n").record is not None


def test_a_help_line_that_names_a_ship_quotes_it():
    text = (
        "players: Anna, Ben\n" + DEAL + "1. Anna hulls\n"
        '  Anna: bow stern >new "Sea Cow", 1ship >new "Sea Cow"\n'
    )
    (found,) = [d for d in _diagnostics(text) if d.rule == "ship-name"]
    assert 'write `>"Sea Cow"` to add to it' in found.help


def test_an_unquoted_name_with_a_space_gets_the_quoted_one_as_help():
    text = 'players: Anna, "Björn B."\n' + DEAL + "1. Anna hulls\n  Anna: pass\n  Björn B.: pass\n"
    (found,) = parse_text(text).diagnostics
    assert found.message == "a name with spaces or punctuation needs double quotes"
    assert found.help == 'write `"Björn B.": ...`'
    assert (found.span.line, found.span.column, found.span.end_column) == (5, 3, 11)


@pytest.mark.parametrize("line", ["  Anna store: bow,", "  Anna extra goods: coffee >A"])
def test_other_mistakes_before_a_colon_are_not_taken_for_a_spaced_name(line):
    diags = parse_text("players: Anna, Ben\n" + DEAL + "1. Anna goods\n" + line + "\n").diagnostics
    assert diags and all("double quotes" not in d.message for d in diags)


@pytest.fixture
def workspace():
    pytest.importorskip("pygls")
    from nauticus_ref.lsp.analysis import Workspace

    return Workspace(lambda message: None)


RECORD = (
    'players: Anna, "Ben B."\n' + DEAL + "1. Anna hulls bonus whale\n"
    '  Anna: bow stern >new "Big One" = 4t\n  "Ben B.": 1ship >new S = 1t\n'
)


def _labels(workspace, text: str) -> list[str]:
    """What completion offers at the end of `text`, typed into `RECORD` as an editor
    would (the server has seen the record before the new line)."""
    workspace.check("/nowhere/g.ngn", RECORD)
    analysis = workspace.check("/nowhere/g.ngn", text)
    last = text.split("\n")[-1]
    return [c.label for c in analysis.complete(text.count("\n"), len(last))]


def test_completion_offers_quoted_players_on_an_empty_turn_line(workspace):
    assert '"Ben B.": ' in _labels(workspace, RECORD + "  ")


@pytest.mark.parametrize(
    "tail, expected",
    [
        ('  "Ben B.": ', "coffee"),
        ('2. "Ben B." ', "masts"),
        ('2. "Ben B." masts bonus ', "coffee"),  # masts lies on the worker + good space
        ('  "Ben B.": whale mast >', "S"),
        ("  Anna: whale mast >", '"Big One"'),
    ],
)
def test_completion_after_a_quoted_name(workspace, tail, expected):
    assert expected in _labels(workspace, RECORD + tail)


def test_go_to_definition_of_a_ship_made_in_the_setup(workspace):
    text = (EXAMPLES / "all-constructs.ngn").read_text(encoding="utf-8")
    lines = text.split("\n")
    analysis = workspace.check(str(EXAMPLES / "all-constructs.ngn"), text)
    use = next(i for i, ln in enumerate(lines) if '>"Sea Cow"' in ln)
    found = analysis.definition(use, lines[use].index('"Sea Cow"') + 2)
    setup = next(i for i, ln in enumerate(lines) if ln.startswith('  Anna ship "Sea Cow"'))
    assert found is not None and found.line == setup + 1
    deliver = next(
        i
        for i, ln in enumerate(lines)
        if ln.strip() == "Anna: A" or ln.strip().startswith("Anna: A ")
    )
    found = analysis.definition(deliver, lines[deliver].index(": A") + 2)
    assert found is not None and lines[found.line - 1].startswith("  Anna ship A:")


def test_the_suggested_bonus_fix_mends_a_quoted_start_player():
    text = 'players: "Björn B.", Anna\n' + DEAL + '1. "Björn B." masts\n'
    (found,) = [d for d in _diagnostics(text) if d.rule == "bonus-choice"]
    mended = applied(text, found.fixes[0])
    assert not [d for d in _diagnostics(mended) if d.rule == "bonus-choice"]
