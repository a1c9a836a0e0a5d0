"""Engine behaviour the catalogue's examples do not show on their own."""

from __future__ import annotations

from pathlib import Path

from helpers import EXAMPLES, parse_ok

from nauticus_ref.game.board import bundled
from nauticus_ref.referee.engine import replay
from nauticus_ref.rules import DEAL, OPENING


def run(text: str):
    return replay(parse_ok(text), bundled("standard"))


def problems(text: str):
    return [(d.rule, d.message) for d in run(text).diagnostics if d.severity != "note"]


def test_extra_action_on_a_flipped_action_at_2_then_4_taler():
    text = (
        OPENING + "1. Anna goods bonus 3w\n  Anna: pass\n  Ben: pass\n"
        "2. Ben hulls bonus whale\n  Ben: pass\n"
        "  Anna: pass; extra goods: 2 coffee grain >store = 8t\n"
    )
    assert problems(text) == []
    anna = run(text).table.players[0]
    assert anna.taler == 15 - 8 and anna.extra_used
    # goods lies flipped and the Extra Action brought 2 workers for its 3 uses
    assert anna.workers == 4 + 3 + 2 - 3


def test_rewards_can_be_used_at_once_in_the_same_clause():
    # Anna starts with 0 taler and takes the 4-taler bonus; after the whale sail (3) she
    # has 1, too little for the crest4 sail (2) but for the 7 taler that ship A brings
    text = (
        "players: Anna, Ben\nsetup: round 1 phase 1\n  Anna: 0t\n"
        "  Anna ship A: 1ship, whale mast\n  Anna ship B: 1ship, crest4 mast\n"
        + DEAL
        + "1. Anna sails\n  Anna: whale >A [7t], crest4 >B [3vp] = 5t\n"
    )
    assert problems(text) == []
    assert run(text).table.players[0].taler == 0 + 4 - 3 + 7 - 2
    short = text.replace("[7t]", "[3vp]")
    assert [r for r, _ in problems(short)] == ["taler"]


def test_start_player_carries_on_across_rounds():
    phases = "".join(
        f"{n}. {'Anna' if n % 2 else 'Ben'} {a}\n  {'Anna' if n % 2 else 'Ben'}: pass\n"
        f"  {'Ben' if n % 2 else 'Anna'}: pass\n"
        for n, a in zip(
            range(1, 8), ["money", "transport", "crowns", "deliver", "goods", "masts", "sails"]
        )
    )
    phases = phases.replace("money\n", "money bonus whale\n").replace(
        "masts\n", "masts bonus coffee\n"
    )
    second = "round 2: goods hulls money transport crowns masts deliver sails\n"
    ok = OPENING + phases + second + "1. Ben money bonus whale\n"
    assert problems(ok) == []
    wrong = OPENING + phases + second + "1. Anna money bonus whale\n"
    assert [r for r, _ in problems(wrong)] == ["start-player"]


def test_the_wheel_turns_to_the_first_action_of_the_last_round():
    phases = "".join(
        f"{n}. {'Anna' if n % 2 else 'Ben'} {a}\n"
        for n, a in zip(
            range(1, 8),
            [
                "transport",
                "money bonus whale",
                "crowns",
                "deliver",
                "goods",
                "masts bonus coffee",
                "sails",
            ],
        )
    )
    phases = "".join(
        line + "\n  Anna: pass\n  Ben: pass\n" if line else "" for line in phases.split("\n")
    )
    rp = run(
        OPENING + phases + "round 2: goods hulls money transport crowns masts deliver sails\n"
    ).table
    # transport lay on the 2 VP space (index 3): the anchor points there in round 2
    assert rp.anchor == 3
    # space s gets the wheel section (s - 3) mod 8 of [0, 2, 1, 2, 3, 1, 3, 2]
    assert [rp.board.blue_workers(s, rp.anchor) for s in range(8)] == [1, 3, 2, 0, 2, 1, 2, 3]


def test_pass_penalties_at_round_end_and_pass_tiles_turn_back():
    text = OPENING + (
        "1. Anna goods bonus 3w\n  Anna: pass\n  Ben: grain >store\n"
        "2. Ben hulls bonus whale\n  Ben: middle >store\n  Anna: middle >store\n"
        "3. Anna money bonus anchor\n  Anna: 1w\n  Ben: 1w\n"
        "4. Ben crowns bonus 2w\n  Ben: 1w\n  Anna: 1w\n"
        "5. Anna masts bonus coffee\n  Anna: helm >store\n  Ben: helm >store\n"
        "6. Ben sails bonus 4t\n  Ben: anchor >store\n  Anna: anchor >store\n"
        "7. Anna deliver bonus w+vp\n  Anna: pass\n  check Anna: 12vp\n  Ben: pass\n"
        "check Anna: 11vp\ncheck Ben: 7vp\n"
    )
    assert problems(text) == []  # the checks hold: penalties right after the last turn
    rp = run(text).table
    # Anna: 10 + 1 (her flipped pass tile is a crown: 1 crown x 1 worker) + 1 (worker + VP
    # bonus) - 1 (two tiles flipped); Ben: 10 - 3 (one tile flipped)
    assert [(p.vp, p.passed) for p in rp.players] == [(11, 0), (7, 0)]
    assert rp.round_ended and rp.rounds_played == 1


def test_crests_names_the_boards_crests_in_the_boards_order():
    import tomllib

    from nauticus_ref.game.board import BOARDS_DIR, parse_board

    data = tomllib.loads((Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8"))
    order = ["anchor", "whale", "helm", "crest4"]
    board = parse_board({**data, "tiles": {**data["tiles"], "masts": order}}, "reordered")
    # masts on the w+good space: prices [2, 1, 0, 3] in the tile's order, so on this
    # board anchor costs 2 and whale 1; `crests: a b c d` makes `a` the anchor
    text = (
        "players: Anna, Ben\ncrests: a b c d\n"
        + DEAL
        + "1. Anna masts bonus coffee\n  Anna: a mast >store = 2t\n"
    )
    result = replay(parse_ok(text), board)
    assert [d.message for d in result.diagnostics if d.severity == "error"] == []
    assert result.table.players[0].storage[("mast", "anchor")] == 1
    wrong = replay(parse_ok(text.replace("= 2t", "= 1t")), board)
    assert [d.message for d in wrong.diagnostics] == ["the price paid is 2t, not 1t"]


def test_explain_steps_say_what_the_replay_did():
    from helpers import EXAMPLES

    from nauticus_ref.core.files import Source
    from nauticus_ref.referee.validate import validate_source
    from nauticus_ref.views.explain import explain_json
    from nauticus_ref.views.point import find_point

    path = EXAMPLES / "invalid" / "one-crest.ngn"
    report = validate_source(Source(str(path), path.read_text(encoding="utf-8")))
    rp = report.replayed
    data = explain_json(
        report.path,
        report.lines,
        report.parsed.record,
        rp,
        report.diagnostics,
        rp.table.board,
        find_point(report.parsed.record, 8),
    )
    texts = [s["text"] for s in data["steps"]]
    assert texts[0] == "the anchor mast does not fit on `A`: to storage instead"
    assert not any("to `A`" in t for t in texts), texts


def test_a_crown_claim_broken_by_the_cap_names_the_cap():
    text = (
        "players: Anna, Ben\nsetup: round 1 phase 1\n  Anna store: 6 crown sail\n"
        + DEAL
        + "1. Anna crowns bonus 2w\n  Anna: 3w = 18vp\n"
    )
    (claim,) = [d for d in run(text).diagnostics if d.severity == "error"]
    assert claim.rule == "claim" and "`crown-cap`" in claim.message
    assert "capped at 15 by `crown-cap`" in claim.help and "rules crown-cap" in claim.help


def test_numbers_agree_with_their_nouns():
    text = OPENING + "1. Anna money bonus whale\n  Anna: 1w\n  Ben: pass\n"
    steps = [s.text for s in run(text).steps]
    assert "1 worker x 2 taler = 2 taler" in steps
    end = run(
        "players: Anna, Ben\nsetup: round 1 phase 7, flipped goods hulls money transport "
        "crowns masts\n  Anna: passed 3\n" + DEAL + "7. Anna deliver\n  Anna: pass\n"
        "  Ben: pass\n"
    ).steps
    assert any("3 pass tiles flipped, no penalty" in s.text for s in end)
    assert any("1 pass tile flipped, -3 VP" in s.text for s in end)


def test_a_replay_without_steps_finds_and_scores_the_same():
    """validate and score replay without writing steps (explain and annotate need
    them): everything else in the result is the same."""
    from dataclasses import replace

    from nauticus_ref.notation.assemble import parse_text
    from nauticus_ref.notation.printer import to_ngn
    from nauticus_ref.tools.simulate import simulate

    board = bundled("standard")
    examples = EXAMPLES
    texts = [p.read_text(encoding="utf-8") for p in sorted(examples.rglob("*.ngn"))]
    texts += [to_ngn(simulate(n, f"steps-{n}", board)) for n in (2, 3, 4)]
    compared = 0
    for text in texts:
        record = parse_text(text).record
        if record is None:
            continue
        full, bare = replay(record, board), replay(record, board, steps=False)
        assert bare.steps == ()
        assert bare == replace(full, steps=())
        compared += bool(full.steps)
    assert compared > 40
