"""`moves`: what a person reads (counts, the most of each tile, examples, the written
move) and what a program reads (every option, the exact counts), as the command line
gives them."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES
from test_schema import validator

from nauticus_ref.cli import main
from nauticus_ref.core.files import Source
from nauticus_ref.moves.point import options_at
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.views.moves import FORMATS, moves_json

GAME = EXAMPLES / "game-2p.ngn"
BAD = EXAMPLES / "invalid" / "workers.ngn"


def run(*args):
    return CliRunner().invoke(main, ["moves", *map(str, args)])


def test_a_turn_reads_as_counts_by_kind_with_examples(snapshot):
    result = run(GAME, "--line", 95, "--limit", 5)
    assert result.exit_code == 0, result.output
    assert result.output.replace(str(GAME), "game-2p.ngn") == snapshot


def test_a_phase_line_lists_each_action_with_its_bonus_choices(snapshot):
    result = run(GAME, "--at", "4.5")
    assert result.exit_code == 0, result.output
    assert result.output.replace(str(GAME), "game-2p.ngn") == snapshot


def test_a_written_move_that_is_not_legal_is_said_so_and_exits_as_validate_does():
    result = run(BAD, "--line", 6)
    assert result.exit_code == 1
    assert "`Anna: 6w` is not among them" in result.output
    assert "Anna: 5w = 10t" in result.output


def test_json_lists_every_option_and_counts_them_exactly():
    """With time enough (the command's own bound may cut the listing on a busy machine)."""
    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    options = options_at(game.record, game.replayed.table.board, 95, game.lines)
    data = {"version": 1, **moves_json(GAME.name, game.record, options, None, seconds=60)}
    validator("moves").validate(data)
    assert data["counted"] and not data["cut"]
    assert data["count"] == len(data["options"]) == sum(data["counts"].values())
    assert len({o["text"] for o in data["options"]}) == data["count"]
    assert data["written"] == {"text": "Anna: A, B", "legal": True, "listed": True}


def test_the_limit_cuts_the_listing_never_the_count():
    data = json.loads(run(GAME, "--line", 95, "--format", "json", "--limit", 0).output)
    assert data["options"] == [] and data["cut"] and data["count"] == 7359


def test_past_its_time_the_count_says_what_is_known():
    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    options = options_at(game.record, game.replayed.table.board, 95, game.lines)
    data = moves_json("game-2p.ngn", game.record, options, limit=3, seconds=0)
    validator("moves").validate({"version": 1, **data})
    assert data["count"] is None and not data["counted"]
    assert data["without_extra"] == 4 and data["cut"]
    assert data["at_least"] == 4 and data["counts"] == {"pass": 1, "deliver": 3}
    text = FORMATS["text"](data)
    assert "at least 4 legal turns: 4 without the Extra Action, and more with it" in text


def test_a_position_too_rich_to_count_answers_within_its_bound():
    """game-2p.ngn line 9: 787,266 turns, more than can be counted in the bound; the
    answer says at least how many, and the listing stops at the bound too."""
    import time

    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    options = options_at(game.record, game.replayed.table.board, 9, game.lines)
    started = time.monotonic()
    data = moves_json("game-2p.ngn", game.record, options, limit=None, seconds=0.3)
    assert time.monotonic() - started < 1.5
    assert data["count"] is None and data["at_least"] >= data["listed"] > 0
    assert data["cut"] and data["listed"] < 100_000
    # the turns without the Extra Action are tallied, not listed: known however rich
    assert data["without_extra"] == data["counts"]["pass"] + data["counts"]["hulls"] == 3497
    assert data["at_least"] >= 3497


def test_the_most_of_each_tile_is_shown_only_once_every_body_is_seen():
    """A count cut short has seen some of the bodies only: the most of each tile it
    saw could be short of the truth, so it is not shown."""
    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    options = options_at(game.record, game.replayed.table.board, 9, game.lines)
    cut = moves_json("game-2p.ngn", game.record, options, limit=0, seconds=0)
    assert cut["summary"] == [] and "the most one turn" not in FORMATS["text"](cut)
    whole = moves_json("game-2p.ngn", game.record, options, limit=0, seconds=60)
    most: Counter[str] = Counter()
    for option in options.turns.plain():
        placed: Counter[str] = Counter()
        for placement in getattr(option.clauses[0], "placements", None) or ():
            for item in placement.items if not placement.gift else ():
                placed[item.name] += item.count
        most |= placed
    assert {s["item"]: s["most"] for s in whole["summary"]} == most


def test_a_point_between_rounds_has_no_choice():
    text = GAME.read_text(encoding="utf-8")
    line = next(n for n, s in enumerate(text.splitlines(), 1) if s.startswith("round 2"))
    result = run(GAME, "--line", line)
    assert result.exit_code == 0
    assert "a round line comes next" in result.output


def explain(*args):
    return CliRunner().invoke(main, ["explain", *map(str, args)])


def test_explain_ends_an_illegal_turn_with_the_nearest_legal_ones():
    result = explain(BAD, "--line", 6)
    assert result.exit_code == 1
    tail = result.output.split("nearest legal turns, to write in its place:\n")[1]
    assert tail.splitlines()[0] == "  Anna: 5w = 10t    (1 change)"


def test_what_if_shows_the_new_verdict_the_first_line_it_breaks_and_the_scores():
    result = explain(GAME, "--line", 95, "--instead", "Anna: A", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    validator("explain").validate(data)
    change = data["instead"]
    assert change["written"] == "Anna: A, B" and change["legal"]
    assert change["first_broken"]["rule"] == "final-score"
    assert {s["player"]: s["after"] - s["before"] for s in change["scores"]} == {
        "Anna": -5,
        "Ben": 0,
    }
    mended = explain(BAD, "--line", 6, "--instead", "Anna: 5w = 10t")
    assert mended.exit_code == 0
    assert "`Anna: 5w = 10t` is legal\nno later line becomes illegal" in mended.output


@pytest.mark.parametrize(
    "text, said",
    [
        ("Anna: 2w\n1. Ben money", "one line"),
        ("Anna: A,, (", "cannot be read"),
        ("x" * 5000, "cannot be read"),
    ],
)
def test_what_if_text_goes_through_the_records_grammar_and_limits(text, said):
    result = explain(GAME, "--line", 95, "--instead", text)
    assert result.exit_code == 2 and said in result.output


VARIATIONS = """players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna money bonus whale
  Anna: 2w = 4t  # instead: Anna: 3w = 6t
  # instead: Anna: 9w
  # instead: Anna: 2w = 5t
  # instead: Anna: ((
  Ben: 1w = 2t
"""


def test_validate_checks_the_variations_a_record_carries_when_asked(tmp_path):
    path = tmp_path / "variations.ngn"
    path.write_text(VARIATIONS, encoding="utf-8")
    plain = CliRunner().invoke(main, ["validate", "--format", "json", str(path)])
    assert plain.exit_code == 0
    asked = CliRunner().invoke(main, ["validate", "--variations", "--format", "json", str(path)])
    assert asked.exit_code == 1
    found = json.loads(asked.output)["files"][0]["diagnostics"]
    assert [(d["line"], d["rule"]) for d in found] == [(5, "workers"), (6, "claim"), (7, "syntax")]
    assert found[0]["message"].startswith("the variation `Anna: 9w` for line 4 is not legal")


def test_variations_past_their_time_are_named_in_a_note_not_checked():
    """Each variation is a replay of the record, so a record of thousands would take
    minutes: checking stops after its time, and a note at the first left says how many
    were not checked and how to check one."""
    from nauticus_ref.core.files import Source
    from nauticus_ref.referee.validate import validate_source
    from nauticus_ref.views.whatif import variations

    game = validate_source(Source("variations.ngn", VARIATIONS))
    assert [d.severity for d in variations(game)] == ["error"] * 3  # all in time
    (note,) = variations(game, seconds=0.0)
    assert (note.severity, note.span.line) == ("note", 4)
    assert note.message.startswith("4 variations from here on were not checked")
    assert note.help is not None and "explain variations.ngn --line 4 --instead" in note.help


def test_before_the_first_round_and_after_the_last_there_is_no_choice():
    assert "no round has begun yet" in run(GAME, "--line", 1).output
    last = len(GAME.read_text(encoding="utf-8").splitlines())
    assert "the game is over" in run(GAME, "--line", last).output


def test_the_replay_page_says_of_each_variation_whether_it_was_legal(tmp_path):
    path = tmp_path / "variations.ngn"
    path.write_text(VARIATIONS, encoding="utf-8")
    page = CliRunner().invoke(main, ["view", str(path)]).output
    notes = re.findall(r'<div class="variation">([^<]*)</div>', page)
    assert len(notes) == VARIATIONS.count("# instead:")
    assert any(n.startswith("a variation for line 4: legal there") for n in notes)
    assert any("the variation `Anna: 9w` for line 4 is not legal" in n for n in notes)


INVALID = sorted((EXAMPLES / "invalid").glob("*.ngn"))


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_moves_and_validate_agree_on_every_written_move_whatever_the_settings(path):
    """With no rule off, and with the example's own rule off: the written move of every
    phase and turn line is legal for `moves` exactly when validate finds no error on it
    (the referee judges it, under the same settings)."""
    text = path.read_text(encoding="utf-8")
    for off in (frozenset(), frozenset({path.stem})):
        game = validate_source(Source(path.name, text), off=off)
        if game.record is None or game.replayed is None:
            continue
        board = game.replayed.table.board
        bad_lines = {d.span.line for d in game.errors}
        moves = [
            m.span.line for rnd in game.record.rounds for ph in rnd.phases for m in [ph, *ph.turns]
        ]
        for line in moves:
            o = options_at(game.record, board, line, game.lines, off)
            if o.written is None or o.kind == "none":
                continue
            assert o.among == (line not in bad_lines), (line, off, o.written)
