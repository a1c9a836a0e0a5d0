"""`explain`, `state` and `rules`: settling a dispute at the table."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES
from syrupy.extensions.json import JSONSnapshotExtension

from nauticus_ref.cli import main
from nauticus_ref.rules import RULES

RULEBOOK = EXAMPLES / "rulebook"


def run(*args):
    return CliRunner().invoke(main, list(args))


# the rulebook's worked examples, each at the line that shows it
@pytest.mark.parametrize(
    "example, line",
    [
        ("hulls.ngn", 8),
        ("hulls.ngn", 9),
        ("hulls.ngn", 10),
        ("goods.ngn", 11),
        ("masts.ngn", 9),
        ("crowns.ngn", 11),
        ("crowns-cap.ngn", 10),
    ],
)
def test_explain_rulebook_examples(example, line, snapshot, monkeypatch):
    monkeypatch.chdir(RULEBOOK)
    result = run("explain", example, "--line", str(line))
    assert result.exit_code == 0, result.output
    assert "verdict: legal" in result.output
    assert result.output == snapshot


def test_explain_arithmetic_of_the_rulebook(monkeypatch):
    monkeypatch.chdir(RULEBOOK)
    assert (
        "1ship 0 + bow 1 + stern 3 + middle 2 = 6 taler"
        in run("explain", "hulls.ngn", "--line", "8").output
    )
    assert "4 uses: 2 blue workers + 2 own" in run("explain", "hulls.ngn", "--line", "8").output
    assert "bow 1 + stern 3 = 4 taler" in run("explain", "hulls.ngn", "--line", "9").output
    assert "1 use: 1 blue worker + 0 own" in run("explain", "hulls.ngn", "--line", "10").output
    assert (
        "coffee 0 + coffee 4 + grain 2 + fish 1 = 7 taler"
        in run("explain", "goods.ngn", "--line", "11").output
    )
    assert (
        "whale mast 0 + anchor mast 1 + anchor mast 4 = 5 taler"
        in run("explain", "masts.ngn", "--line", "9").output
    )
    assert (
        "3 crowns (1 crown mast, 1 crown sail, 1 pass tile) x 3 workers = 9 VP"
        in run("explain", "crowns.ngn", "--at", "1.2.Ben").output
    )
    assert (
        "x 5 workers = 15 VP (cap 15)" in run("explain", "crowns-cap.ngn", "--at", "1.2.Ben").output
    )


def test_explain_a_violation_says_why_and_what_would_be_legal(monkeypatch, snapshot):
    monkeypatch.chdir(EXAMPLES / "invalid")
    result = run("explain", "deliver.ngn", "--line", "8")
    assert result.exit_code == 1
    assert "verdict: not legal" in result.output
    assert "why: Only a complete ship" in result.output
    assert result.output == snapshot


def test_explain_json_and_markdown(monkeypatch, snapshot):
    monkeypatch.chdir(RULEBOOK)
    data = json.loads(run("explain", "hulls.ngn", "--at", "1.1.Anna", "--format", "json").output)
    assert data["verdict"]["legal"] and data["before"]["action"]["blue_workers"] == 2
    assert data == snapshot(extension_class=JSONSnapshotExtension)
    markdown = run("explain", "crowns.ngn", "--at", "1.2", "--format", "markdown").output
    assert markdown.startswith("**explain crowns.ngn:10, round 1 phase 2: a phase line of Ben**")
    assert markdown == snapshot


@pytest.mark.parametrize(
    "args, message",
    [
        (["--line", "3", "--at", "1.1"], "exactly one of --line"),
        ([], "exactly one of --line"),
        (["--line", "999"], "has 10 lines, not 999"),
        (["--at", "7.1"], "no round 7 phase 1"),
        (["--at", "1.1.Zed"], "no turn of `Zed`"),
        (["--at", "one"], "is not ROUND.PHASE"),
    ],
)
def test_explain_bad_points_cannot_run(args, message, monkeypatch):
    monkeypatch.chdir(RULEBOOK)
    result = run("explain", "hulls.ngn", *args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_state_at_the_end_after_a_line_and_after_a_phase(monkeypatch, snapshot):
    monkeypatch.chdir(EXAMPLES)
    end = run("state", "game-2p.ngn")
    assert end.exit_code == 0 and end.output == snapshot(name="end")
    after_line = run("state", "game-2p.ngn", "--line", "11")
    assert "after line 11" in after_line.output and after_line.output == snapshot(name="line")
    data = json.loads(run("state", "game-2p.ngn", "--at", "1.7", "--format", "json").output)
    # after round 1 (the checks in the record say so): Anna 10 VP 6 taler 6 workers
    anna = data["players"][0]
    assert (anna["vp"], anna["taler"], anna["workers"]) == (10, 6, 6)
    assert data["round_over"] and data["supply"]["coffee"] == 12 - 3
    # the wheel as round 1 was played (anchor at the 3-workers space), and where it turns next
    assert [w["blue_workers"] for w in data["wheel"]] == [0, 2, 1, 2, 3, 1, 3, 2]
    assert data["anchor"] == "3w" and data["next_anchor"] == "mast"
    assert data == snapshot(name="json", extension_class=JSONSnapshotExtension)
    assert run("state", "game-2p.ngn", "--at", "2.1", "--format", "markdown").output == snapshot(
        name="markdown"
    )


def test_state_before_the_players_are_named_cannot_run(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("state", "game-3p.ngn", "--line", "2")
    assert result.exit_code == 2 and "the players are not named yet by line 2" in result.output


@pytest.mark.parametrize("command", [["state"], ["explain", "--line", "3"], ["annotate"]])
def test_one_record_commands_refuse_a_folder(command, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run(command[0], "rulebook", *command[1:])
    assert (
        result.exit_code == 2
        and "rulebook: a folder; this command reads one record file" in result.output
    ), result.output


def test_rules_table_and_one_rule(snapshot):
    table = run("rules")
    assert table.exit_code == 0 and table.output == snapshot(name="table")
    assert len(table.output.splitlines()) == len(RULES) + 1  # and `syntax`
    one = run("rules", "one-crest")
    assert one.output == snapshot(name="one-crest")
    assert "Breaks it:" in one.output and "Keeps it:" in one.output
    data = json.loads(run("rules", "crown-cap", "--format", "json").output)
    assert data["section"] == "3.2.2.4 Wertung der Kronen" and data["severity"] == "note"


def test_unknown_rule_names_the_closest():
    result = run("rules", "one-crests")
    assert result.exit_code == 2 and "did you mean `one-crest`?" in result.output


def test_every_help_line_names_the_command_that_explains_it(monkeypatch):
    monkeypatch.chdir(EXAMPLES / "invalid")
    for rule in RULES:
        output = run("validate", f"{rule.id}.ngn").output
        helps = [ln for ln in output.splitlines() if ln.startswith("help:")]
        assert helps and all(f"`nauticus-ref explain {rule.id}.ngn --line " in h for h in helps)
