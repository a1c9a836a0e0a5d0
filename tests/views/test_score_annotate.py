"""`nauticus-ref score` and `annotate`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, parse_ok, strip_spans
from syrupy.extensions.json import JSONSnapshotExtension

from nauticus_ref.cli import main
from nauticus_ref.notation.model import to_json

GAMES = ["game-2p.ngn", "game-3p.ngn", "game-4p.ngn"]


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("fmt", ["text", "markdown"])
@pytest.mark.parametrize("game", GAMES)
def test_score_output(game, fmt, snapshot, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("score", "--format", fmt, game)
    assert result.exit_code == 0
    assert result.output == snapshot


@pytest.mark.parametrize("game", GAMES)
def test_score_json(game, snapshot, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    data = json.loads(run("score", "--format", "json", game).output)
    assert data == snapshot(extension_class=JSONSnapshotExtension)
    for p in data["games"][0]["players"]:
        b = p["breakdown"]
        assert p["total"] == b["track"] + b["ships"] + b["goods"] + b["material"]
        assert p["details"]["track_start"] + sum(r["total"] for r in p["ledger"]) == b["track"]
        assert b["material"] == p["taler"] // 3 and p["taler_remainder"] == p["taler"] % 3


@pytest.mark.parametrize("game", GAMES + ["rulebook/final-scoring.ngn", "invalid/rewards.ngn"])
def test_the_timeline_adds_up_to_the_score(game, monkeypatch):
    """Each point's changes take the points before it to its own; the track ends where the
    breakdown's track is, and the end point at the totals."""
    monkeypatch.chdir(EXAMPLES)
    data = json.loads(run("score", "--format", "json", game).output)["games"][0]
    timeline, players = data["timeline"], data["players"]
    assert timeline[0]["at"] == "start" and timeline[-1]["at"] == "end"
    assert timeline[0]["vp"] == {p["name"]: p["details"]["track_start"] for p in players}
    for before, point in zip(timeline, timeline[1:]):
        gained = {name: 0 for name in before["vp"]}
        for change in point["changes"]:
            gained[change["player"]] += change["points"]
        assert {n: before["vp"][n] + gained[n] for n in gained} == point["vp"], point["at"]
    assert timeline[-2]["vp"] == {p["name"]: p["breakdown"]["track"] for p in players}
    assert timeline[-1]["vp"] == {p["name"]: p["total"] for p in players}
    record = parse_ok((EXAMPLES / game).read_text(encoding="utf-8"))
    phases = [p["at"] for p in timeline if p["phase"] is not None]
    assert phases == [f"{r.number}.{ph.number}" for r in record.rounds for ph in r.phases]


def test_the_final_lines_of_the_games_agree_with_score(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    for game in GAMES:
        record = parse_ok((EXAMPLES / game).read_text(encoding="utf-8"))
        data = json.loads(run("score", "--format", "json", game).output)
        totals = {p["name"]: p["total"] for p in data["games"][0]["players"]}
        assert {e.player.text: e.score for e in record.final.entries} == totals


def test_rulebook_scoring_example(monkeypatch, snapshot):
    monkeypatch.chdir(EXAMPLES / "rulebook")
    result = run("score", "final-scoring.ngn")
    assert result.exit_code == 0
    assert (
        "material    7   21 taler (8 in hand + 2 workers + 3 stored tiles + 5 parts of "
        "unfinished ships + 3 undelivered goods) / 3 = 7, remainder 0" in result.output
    )
    assert result.output == snapshot


def test_an_incomplete_record_is_provisional(tmp_path):
    text = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8").split("round 3:")[0]
    path = tmp_path / "half.ngn"
    path.write_text(text, encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 0 and "provisional" in result.output
    data = json.loads(run("score", "--format", "json", str(path)).output)
    assert data["games"][0]["complete"] is False


def test_a_record_with_errors_is_scored_with_a_warning(monkeypatch):
    monkeypatch.chdir(EXAMPLES / "invalid")
    result = run("score", "claim.ngn")
    assert result.exit_code == 1
    assert "warning: the record has 1 error; this score rests on an invalid record" in result.output


def test_a_final_line_before_the_end_is_an_error():
    text = (
        "players: Anna, Ben\nround 1: goods hulls money transport crowns masts deliver "
        "sails\n1. Anna goods bonus 3w\n  Anna: pass\n  Ben: pass\nfinal: Anna 10, Ben 7\n"
    )
    from nauticus_ref.game.board import bundled
    from nauticus_ref.referee.engine import replay

    result = replay(parse_ok(text), bundled("standard"))
    assert [(d.rule, d.message) for d in result.diagnostics] == [
        ("final-score", "the `final:` line stands before the end of the game")
    ]


@pytest.mark.parametrize("game", GAMES)
def test_annotated_record_parses_back_to_the_same_record(game, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("annotate", game)
    assert result.exit_code == 0
    original = parse_ok((EXAMPLES / game).read_text(encoding="utf-8"))
    again = parse_ok(result.output)
    assert strip_spans(to_json(again)) == strip_spans(to_json(original))
    assert result.output.count("# ref: end of round") == original.rounds[-1].number


def test_annotated_game(snapshot, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    assert run("annotate", "game-2p.ngn").output == snapshot


def test_annotate_writes_out_and_never_over_its_input(tmp_path):
    game = tmp_path / "game.ngn"
    game.write_text((EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8"), encoding="utf-8")
    before = game.read_bytes()
    refused = run("annotate", str(game), "--out", str(game))
    assert refused.exit_code == 2 and "never writes over its input" in refused.output
    assert game.read_bytes() == before
    out = tmp_path / "annotated.ngn"
    assert run("annotate", str(game), "--out", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").count("# ref:") > 50
    assert game.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp file left


def test_annotate_shows_errors_and_refuses_syntax_errors(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    bad = run("annotate", "invalid/one-crest.ngn")
    assert bad.exit_code == 1 and "# ref: error[one-crest]" in bad.output
    broken = run("annotate", "syntax/missing-gt.ngn")
    assert broken.exit_code == 1 and "syntax errors; fix them first" in broken.output


@pytest.mark.parametrize(
    "amounts, tie",
    [
        # Anna 19 taler of material (remainder 1), Ben 20 (remainder 2): both 16 VP
        (("", ""), "Ben and Anna both score 16; Ben places higher on the remainder, 2 against 1"),
        # the same remainder, 22 against 19 taler: both 18 VP
        (
            ("11vp 18t", "12vp 15t"),
            "Anna and Ben both score 18 with remainder 1; Anna places "
            "higher on the total of taler, 22 against 19",
        ),
        (
            ("15t", "15t"),
            "Anna and Ben both score 16 with remainder 1 and 19 taler; they share place 1",
        ),
    ],
)
def test_ties_say_which_tie_break_decided(tmp_path, amounts, tie):
    import json

    setup = "".join(f"  {who}: {a}\n" for who, a in zip(("Anna", "Ben"), amounts) if a)
    path = tmp_path / "tie.ngn"
    path.write_text(
        "players: Anna, Ben\n" + (f"setup: round 1 phase 1\n{setup}" if setup else ""),
        encoding="utf-8",
    )
    data = json.loads(CliRunner().invoke(main, ["score", "--format", "json", str(path)]).output)
    assert data["games"][0]["tie_breaks"] == [tie]
    assert f"  tie-break: {tie}" in CliRunner().invoke(main, ["score", str(path)]).output
    md = CliRunner().invoke(main, ["score", "--format", "markdown", str(path)]).output
    assert "\nTie-break: " in md and " both score " in md
