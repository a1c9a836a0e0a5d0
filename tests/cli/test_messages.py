"""Messages and help as a newcomer meets them: one error style, a suggestion for a
mistyped command, explain on every kind of line, citations that say where a rule is
written, counts in words."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.core.files import Source
from nauticus_ref.referee.validate import validate_source

GAME = EXAMPLES / "game-2p.ngn"
DEAL = "round 1: goods hulls money transport crowns masts deliver sails\n"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def program(*args):
    """The installed program as a shell runs it: its own error handling, not click's test
    runner."""
    return subprocess.run(
        [sys.executable, "-m", "nauticus_ref", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_mistyped_command_gets_the_closest_one_in_the_programs_one_error_style():
    done = program("valdate", "x.ngn")
    assert done.returncode == 2
    assert "nauticus-ref: error: no such command `valdate`; did you mean `validate`?" in done.stderr
    assert "Error:" not in done.stderr


def test_a_bad_option_is_written_in_the_same_style():
    done = program("validate", "--formt", "json", "x.ngn")
    assert done.returncode == 2
    assert "nauticus-ref: error: no such option '--formt'" in done.stderr
    assert "Error:" not in done.stderr and "Usage: nauticus-ref validate" in done.stderr


def test_card_with_nothing_to_show_says_what_to_give():
    result = run("card")
    assert result.exit_code == 2
    assert "give a record, or a deal with --deal ACTIONS" in result.output
    assert "not both" not in result.output


def test_explain_on_a_round_line_shows_the_card_it_deals():
    result = run("explain", GAME, "--line", 7)
    assert result.exit_code == 0
    assert "a round line" in result.output and "the card it deals" in result.output
    assert "3w      goods          0  coffee 2, grain 0, salt 3, fish 1  <- anchor" in result.output


def test_explain_on_the_final_line_shows_the_arithmetic():
    lines = GAME.read_text(encoding="utf-8").splitlines()
    final = next(i for i, ln in enumerate(lines, 1) if ln.startswith("final:"))
    result = run("explain", GAME, "--line", final)
    assert "the final scoring" in result.output
    assert (
        "Anna: track 10 + ships 20 + goods 26 + material 7 (23 taler / 3) = 63; the final "
        "line agrees"
    ) in result.output


def test_a_rule_of_the_notation_cites_the_notations_section():
    result = run("rules", "check")
    assert (
        'Written in: the notation, "Checks and the final score" (docs/notation.md)' in result.output
    )
    assert "German NGN" not in result.output
    assert (
        "German 3.2.1.1 Rumpfteile kaufen (English Buy hull parts)"
        in run("rules", "hull-order").output
    )


def _found(text: str, rule: str):
    return [d for d in validate_source(Source("g.ngn", text), None).diagnostics if d.rule == rule]


def test_hull_size_says_what_would_be_too_many():
    text = (
        "players: Anna, Ben\nsetup: round 1 phase 1\n  Anna ship A: bow, middle, middle\n"
        + DEAL
        + "1. Anna hulls\n  Anna: middle >A = 2t\n"
    )
    (found,) = _found(text, "hull-size")
    assert found.message == "a third middle for `A`: a ship has at most two"


def test_deliver_counts_in_words():
    text = (
        "players: Anna, Ben\nsetup: round 1 phase 1\n"
        "  Anna ship A: 1ship, whale mast, whale sail\n" + DEAL + "1. Anna deliver\n  Anna: A\n"
    )
    (found,) = _found(text, "deliver")
    assert found.message == "`A` carries 0 goods on 1 hull part"


def test_a_check_after_an_error_gives_the_replays_value_too():
    text = (
        "players: Anna, Ben\n" + DEAL + "1. Anna money bonus whale\n  Anna: 9w\n"
        "  Ben: pass\n  check Anna: 99vp\n"
    )
    (found,) = _found(text, "check")
    assert found.severity == "note"
    assert "the replay has 10vp, this check 99vp" in found.message


def test_a_record_with_syntax_errors_is_not_called_incomplete():
    result = run("validate", EXAMPLES / "syntax" / "missing-gt.ngn")
    assert result.output.rstrip().endswith("(not replayed: syntax errors)")


def test_a_correction_on_the_track_is_explained_in_the_breakdown():
    text = (
        "players: Anna, Ben\n" + DEAL + "1. Anna money bonus whale\n  Anna: 9w\n"
        "  Ben: pass\n  check Anna: 12vp\n"
    )
    result = CliRunner().invoke(main, ["score", "-"], input=text)
    assert "set by a check line after an error +2" in result.output


@pytest.mark.parametrize(
    "command, words",
    [("state", "svg for a picture of the table"), ("rules", "text for people, json for programs")],
)
def test_every_format_option_has_help(command, words):
    assert words in " ".join(run(command, "--help").output.split())
