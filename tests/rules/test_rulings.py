"""One test per reading of RULINGS.md; docs/rulings.md names each of them."""

from __future__ import annotations

from pathlib import Path

from helpers import EXAMPLES, parse_ok

from nauticus_ref.game.board import bundled
from nauticus_ref.game.scoring import final_scores, goods_set_vp
from nauticus_ref.referee.engine import replay
from nauticus_ref.rules import DEAL, OPENING


def run(text: str):
    return replay(parse_ok(text), bundled("standard"))


def errors(text: str) -> list[str]:
    return [d.rule for d in run(text).diagnostics if d.severity == "error"]


def anna(text: str):
    return run(text).table.players[0]


def setup(lines: str, rest: str) -> str:
    return "players: Anna, Ben\nsetup: round 1 phase 1\n" + lines + DEAL + rest


# -- facts the English text leaves out ------------------------------------------------


def test_fact_storage_holds_twelve_spaces_a_mast_takes_two():
    assert errors(
        setup("  Anna store: 6 whale mast\n", "1. Anna goods bonus 3w\n  Anna: coffee >store\n")
    ) == ["storage"]
    full = anna(
        setup(
            "  Anna store: 5 whale mast, bow\n", "1. Anna goods bonus 3w\n  Anna: coffee >store\n"
        )
    )
    assert full.storage_used == 12


def test_fact_delivering_costs_one_worker_per_good():
    p = anna(
        setup(
            "  Anna ship A: bow stern, 2 whale mast, 2 whale sail, coffee, fish\n",
            "1. Anna deliver bonus w+vp\n  Anna: A\n",
        )
    )
    # 4 workers + 1 from the bonus; deliver has 3 blue workers at the w+vp space in round 1
    assert p.workers == 5 and sum(p.delivered.values()) == 2
    p = anna(
        setup(
            "  Anna: 0w\n  Anna ship A: bow middle stern, 3 whale mast, 3 whale sail, "
            "coffee, fish, salt\n",
            "1. Anna deliver bonus w+vp\n  Anna: A\n",
        )
    )
    assert p.workers == 1  # 3 goods take the 3 blue workers; the bonus worker is left


def test_fact_one_reward_per_mast_each_at_most_twice():
    base = "  Anna ship A: bow middle stern, 3 whale mast, 2 whale sail\n"
    ok = setup(base, "1. Anna sails\n  Anna: whale >A [7t, 7t, 3vp] = 3t\n")
    assert errors(ok) == []
    assert errors(setup(base, "1. Anna sails\n  Anna: whale >A [7t, 7t, 7t] = 3t\n")) == ["rewards"]
    assert errors(setup(base, "1. Anna sails\n  Anna: whale >A [7t, 3vp] = 3t\n")) == ["rewards"]


def test_fact_start_values_and_seat_bonuses():
    def start(n):
        names = ["A", "B", "C", "D"][:n]
        return [
            (p.vp, p.workers, p.taler) for p in run(f"players: {', '.join(names)}\n").table.players
        ]

    assert start(2) == [(10, 4, 15), (10, 4, 16)]
    assert start(3) == [(10, 4, 15), (10, 4, 16), (10, 5, 17)]
    assert start(4) == [(10, 4, 15), (10, 4, 16), (10, 5, 16), (10, 6, 17)]


# -- readings where the rulebook is silent -------------------------------------------


def test_reading_1_blue_workers_never_serve_the_extra_action():
    # money has 1 blue worker; the Extra Action's 1 use takes one of Anna's own
    p = anna(OPENING + "1. Anna money bonus whale\n  Anna: pass; extra money: 1w = 2t\n")
    assert p.workers == 4 + 2 - 1


def test_reading_2_pass_with_the_extra_action_still_flips_a_pass_tile():
    p = anna(OPENING + "1. Anna money bonus whale\n  Anna: pass; extra money: 1w\n")
    assert p.passed == 1 and p.extra_used


def test_reading_3_the_gift_one_per_clause_any_kind_no_worker_to_storage():
    p = anna(
        OPENING + "1. Anna goods bonus 3w\n  Anna: coffee grain salt fish >store, "
        "+fish >store = 6t\n"
    )
    assert p.storage[("good", "fish")] == 2 and p.workers == 4 + 3 - 4
    assert errors(
        OPENING + "1. Anna goods bonus 3w\n  Anna: coffee grain salt fish >store, "
        "+fish >store, +salt >store\n"
    ) == ["gift"]


def test_reading_4_free_tile_to_full_storage_is_a_note_paid_tile_an_error():
    full = "  Anna store: 6 whale mast\n"
    free = run(setup(full, "1. Anna goods bonus 3w\n  Anna: grain >store\n"))
    assert [(d.rule, d.severity) for d in free.diagnostics] == [("storage", "note")]
    assert free.table.supply[("good", "grain")] == 12  # it stays in the supply
    assert errors(setup(full, "1. Anna goods bonus 3w\n  Anna: coffee >store\n")) == ["storage"]


def test_reading_5_crown_cap_15_a_round_extra_action_has_its_own():
    crowns = setup("  Anna store: 3 crown sail\n", "1. Anna crowns\n  Anna: 6w; extra crowns: 5w\n")
    result = run(crowns)
    assert result.table.players[0].vp == 10 + 15 + 15
    assert [(d.rule, d.severity) for d in result.diagnostics] == [("crown-cap", "note")]


def test_reading_6_free_places_and_one_crest_with_crown_jokers():
    ship = "  Anna ship A: bow stern, crown mast, crown sail\n"
    assert errors(setup(ship, "1. Anna masts bonus coffee\n  Anna: anchor >A = 1t\n")) == []
    assert errors(
        setup(
            ship + "  Anna store: whale sail\n",
            "1. Anna masts bonus coffee\n  Anna: anchor >A = 1t\n"
            "  Ben: pass\n2. Ben hulls bonus whale\n  Ben: pass\n"
            "  Anna: pass\n3. Anna sails\n  Anna: helm >A = 1t\n",
        )
    ) == ["one-crest"]


def test_reading_7_a_closed_hull_takes_nothing_more():
    assert errors(
        setup(
            "  Anna store: bow, stern, middle\n",
            "1. Anna transport\n  Anna: bow stern >new A, middle >A\n",
        )
    ) == ["hull-order"]
    assert (
        errors(
            setup(
                "  Anna store: bow, middle, stern\n",
                "1. Anna transport\n  Anna: bow middle stern >new A\n",
            )
        )
        == []
    )


def test_reading_8_empty_stacks_and_delivered_goods_never_return():
    result = run(
        setup(
            "  Anna ship A: 1ship, whale mast, whale sail, coffee\n",
            "1. Anna deliver bonus w+vp\n  Anna: A\n",
        )
    )
    assert result.table.supply[("good", "coffee")] == 11
    assert errors(
        setup("  Anna store: 9 middle\n", "1. Anna hulls bonus whale\n  Anna: middle >store\n")
    ) == ["supply"]


def test_reading_9_end_of_game_scoring_matches_the_rulebook_example():
    record = parse_ok((EXAMPLES / "rulebook" / "final-scoring.ngn").read_text(encoding="utf-8"))
    result = replay(record, bundled("standard"))
    assert result.complete and not result.errors
    score = next(s for s in final_scores(result.table.players) if s.name == "Anna")
    assert (score.goods_vp, score.ships_vp) == (39, 34)
    assert sum(score.material.values()) == 13 and score.taler == 8
    assert (score.total_taler, score.material_vp, score.remainder) == (21, 7, 0)
    assert [goods_set_vp(n) for n in range(1, 8)] == [2, 5, 9, 14, 20, 25, 30]


def test_reading_9_ties_remainder_then_taler_then_shared():
    from nauticus_ref.game.scoring import Score, rank

    def s(name, seat, track, taler):
        return Score(
            name=name, seat=seat, track=track, ships=[], goods=[], material={}, taler=taler
        )

    # equal VP (10 + 1): remainder 2 beats remainder 1
    by_rest = rank([s("A", 0, 10, 4), s("B", 1, 10, 5)])
    assert [(x.name, x.rank) for x in by_rest] == [("B", 1), ("A", 2)]
    # equal VP and remainder: more taler wins
    by_taler = rank([s("A", 0, 10, 5), s("B", 1, 9, 8)])
    assert [(x.name, x.rank) for x in by_taler] == [("B", 1), ("A", 2)]
    # equal in everything: a shared place
    shared = rank([s("A", 0, 10, 5), s("B", 1, 10, 5), s("C", 2, 1, 0)])
    assert [(x.name, x.rank, x.shared) for x in shared] == [
        ("A", 1, True),
        ("B", 1, True),
        ("C", 3, False),
    ]


def test_docs_rulings_names_every_ruling_test_and_only_real_ones():
    import re
    import sys

    from helpers import ROOT

    doc = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", doc))
    here = {n for n in dir(sys.modules[__name__]) if n.startswith(("test_fact", "test_reading"))}
    assert named >= here and named - here <= {
        "test_standard_board_agrees_with_the_rulebook_examples"
    }


# -- readings 10 to 13 ------------------------------------------------------------------

MASTS_HELM_FREE = "1. Anna masts bonus coffee\n"  # masts on the w+good space: helm mast 0


def test_reading_10_identical_tiles_in_a_clause_are_interchangeable():
    ship = "  Anna ship A: bow stern\n"
    for turn in ("helm mast >A, helm mast >store = 4t", "helm mast >store, helm mast >A = 4t"):
        result = run(setup(ship, MASTS_HELM_FREE + f"  Anna: {turn}\n"))
        assert [d.rule for d in result.diagnostics if d.severity == "error"] == [], turn
        p = result.table.players[0]
        assert p.taler == 15 - 4 and p.ships["a"].masts == ("helm",)
        assert p.storage[("mast", "helm")] == 1
    # no copy to storage: the free one is on the ship, against the golden rule
    only_ship = run(setup(ship, MASTS_HELM_FREE + "  Anna: helm mast >A = 0t\n"))
    assert [d.rule for d in only_ship.diagnostics if d.severity == "error"] == ["golden-rule"]
    # the Extra Action has no free copy: 2 then 4, in either order
    for turn in ("helm mast >A, helm mast >store", "helm mast >store, helm mast >A"):
        assert (
            errors(setup(ship, f"1. Anna goods bonus 3w\n  Anna: pass; extra masts: {turn} = 6t\n"))
            == []
        )
    # goods too: grain costs 0 where goods lie on the 3-workers space
    assert (
        errors(setup(ship, "1. Anna goods bonus 3w\n  Anna: grain >A, grain >store = 4t\n")) == []
    )


def test_reading_11_a_bonus_with_nothing_left_to_give():
    import tomllib

    from nauticus_ref.game.board import BOARDS_DIR, parse_board

    data = tomllib.loads((Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8"))
    board = parse_board({**data, "supply": {**data["supply"], "mast": 0, "good": 0}}, "empty")

    def on_empty(text):
        return replay(parse_ok(text), board)

    # hulls lies on the mast space: no mast is left, so no choice and no tile
    none_left = on_empty(OPENING + "1. Anna hulls\n")
    assert [d for d in none_left.diagnostics if d.severity == "error"] == []
    assert sum(none_left.table.players[0].storage.values()) == 0
    chose = on_empty(OPENING + "1. Anna hulls bonus whale\n")
    assert [(d.rule, d.message) for d in chose.diagnostics if d.severity == "error"] == [
        ("supply", "every stack of regular masts is empty: the bonus has no mast to give")
    ]
    # masts lies on the worker + good space: the worker still comes
    worker = on_empty(OPENING + "1. Anna masts\n")
    assert [d for d in worker.diagnostics if d.severity == "error"] == []
    assert worker.table.players[0].workers == 4 + 1


def test_reading_12_the_gift_comes_after_the_fourth_kind_and_rewards_after_a_completion():
    four = "coffee grain salt fish >store"
    assert errors(OPENING + f"1. Anna goods bonus 3w\n  Anna: {four}, +coffee >store = 6t\n") == []
    early = run(OPENING + f"1. Anna goods bonus 3w\n  Anna: +coffee >store, {four} = 6t\n")
    (gift,) = [d for d in early.diagnostics if d.severity == "error"]
    assert gift.rule == "gift" and "after the placement that buys the fourth kind" in gift.help
    assert early.table.players[0].storage[("good", "coffee")] == 2  # received all the same
    # rewards after a placement that completes no ship, the free tile's included
    assert errors(
        OPENING + "1. Anna masts bonus coffee\n  Anna: whale anchor helm crest4 "
        ">store, +whale >store [3vp, 7t] = 6t\n"
    ) == ["rewards"]


def test_reading_13_a_setup_must_be_reachable():
    def head(phase):
        return f"players: Anna, Ben\nsetup: round 1 phase {phase}"

    deal = DEAL
    assert errors(f"{head(2)}, flipped goods\n  Anna: passed 1, extra used\n{deal}") == []
    assert errors(f"{head(2)}, flipped goods\n  Anna: passed 2\n{deal}") == ["setup"]
    assert errors(f"{head(1)}\n  Anna: extra used\n{deal}") == ["setup"]
    assert errors(f"{head(1)}\n  Anna store: 7 whale mast\n{deal}") == ["setup"]
    assert errors(f"{head(1)}\n  Anna ship A: bow stern middle\n{deal}") == ["setup"]
