"""One test per construct of NOTATION.md: what is written is what the model holds."""

from __future__ import annotations

import pytest
from helpers import HEADER, parse_ok, syntax_errors


def turn(text: str, phase: str = "1. Anna hulls bonus whale"):
    record = parse_ok(HEADER + phase + "\n" + text + "\n")
    return record.rounds[0].phases[0].turns[0]


def clause(text: str, phase: str = "1. Anna hulls bonus whale"):
    return turn("  Anna: " + text, phase).clauses[0]


# -- lexical rules ------------------------------------------------------------


def test_comments_and_blank_lines_carry_no_meaning():
    record = parse_ok("# a comment\n\nplayers: Anna, Ben   # seats\n\n   # indented comment\n")
    assert [p.text for p in record.header.players] == ["Anna", "Ben"]


def test_byte_order_mark_and_crlf_line_ends():
    record = parse_ok(
        "\ufeffplayers: Anna, Ben\r\nround 1: goods hulls money transport crowns "
        "masts deliver sails\r\n1. Anna money bonus anchor\r\n"
    )
    phase = record.rounds[0].phases[0]
    assert phase.action == "money" and phase.span.line == 3


def test_a_byte_order_mark_among_blanks_is_a_blank():
    """As a file pasted into another leaves it; WS matches the mark in runs of blanks."""
    record = parse_ok("players:\ufeff Anna, \t\ufeff\ufeff \fBen\ufeff\n")
    ben = record.header.players[1]
    assert [p.text for p in record.header.players] == ["Anna", "Ben"]
    assert (ben.span.column, ben.span.end_column) == (22, 25)


def test_keywords_actions_and_items_are_case_insensitive():
    record = parse_ok(
        "PLAYERS: Anna, Ben\nRound 1: GOODS hulls money transport crowns masts "
        "deliver sails\n1. Anna HULLS BONUS Whale\n  Anna: BOW Stern >NEW A\n"
        "  Ben: PASS\n"
    )
    phase = record.rounds[0].phases[0]
    assert phase.action == "hulls" and phase.bonus.value == "whale"
    assert [i.name for i in phase.turns[0].clauses[0].placements[0].items] == ["bow", "stern"]
    assert phase.turns[1].clauses[0].kind == "pass"


def test_names_any_script_quoted_and_compared_case_insensitively():
    record = parse_ok('players: Zoë, "Ben the Bold", 李\n')
    names = record.header.players
    assert [n.text for n in names] == ["Zoë", "Ben the Bold", "李"]
    assert names[0].key == "zoë".casefold()


def test_spans_are_line_and_column_of_the_source():
    record = parse_ok(HEADER + "1. Anna hulls\n  Anna: bow stern >new A\n")
    placement = record.rounds[0].phases[0].turns[0].clauses[0].placements[0]
    assert (placement.span.line, placement.span.column, placement.span.end_column) == (4, 9, 25)
    assert (placement.dest.span.column, placement.dest.span.end_column) == (19, 25)


# -- header ---------------------------------------------------------------


def test_header_fields():
    record = parse_ok(
        "game: Club night at Anna's  # title\ndate: 2026-11-21\n"
        "players: Anna, Ben, Carla\nboard: boards/my board.toml\n"
        "crests: whale anchor helm gull\n"
    )
    h = record.header
    assert h.game.text == "Club night at Anna's"
    assert h.date.text == "2026-11-21"
    assert h.board.text == "boards/my board.toml"
    assert [c.text for c in h.crests] == ["whale", "anchor", "helm", "gull"]


def test_bad_date_and_wrong_number_of_crests_are_syntax_errors():
    assert "not a date" in syntax_errors("players: A, B\ndate: 21.11.2026\n")[0].message
    assert "four regular crests" in syntax_errors("players: A, B\ncrests: a b c\n")[0].message


def test_renamed_crest_is_the_fourth_crest():
    record = parse_ok(
        "players: Anna, Ben\ncrests: whale anchor helm gull\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna masts bonus gull\n  Anna: gull >store\n"
    )
    phase = record.rounds[0].phases[0]
    assert phase.bonus.value == "crest4"
    assert phase.turns[0].clauses[0].placements[0].items[0].name == "crest4"


# -- rounds and phases ----------------------------------------------------------


def test_round_line_deal():
    record = parse_ok(HEADER)
    assert record.rounds[0].deal == [
        "goods",
        "hulls",
        "money",
        "transport",
        "crowns",
        "masts",
        "deliver",
        "sails",
    ]


def test_phase_line_with_crest_good_and_claimed_bonus():
    for phase_line, kind, value in [
        ("1. Anna hulls bonus whale", "crest", "whale"),
        ("1. Anna hulls bonus coffee", "good", "coffee"),
        ("1. Anna hulls bonus 3w", "claim", "3w"),
        ("1. Anna hulls bonus w+vp", "claim", "w+vp"),
    ]:
        phase = parse_ok(HEADER + phase_line + "\n").rounds[0].phases[0]
        assert (phase.number, phase.player.text, phase.action) == (1, "Anna", "hulls")
        assert (phase.bonus.kind, phase.bonus.value) == (kind, value)


def test_phase_without_bonus():
    assert parse_ok(HEADER + "2. Ben money\n").rounds[0].phases[0].bonus is None


# -- turns and bodies -------------------------------------------------------------


def test_pass():
    assert clause("pass").kind == "pass"


def test_buying_placements_in_written_order_with_destinations():
    c = clause("bow stern >new A, middle >store, 1ship >A")
    assert c.action == "hulls" and not c.extra
    assert [[i.name for i in p.items] for p in c.placements] == [
        ["bow", "stern"],
        ["middle"],
        ["1ship"],
    ]
    assert [(p.dest.kind, p.dest.ship.text if p.dest.ship else None) for p in c.placements] == [
        ("new", "A"),
        ("store", None),
        ("ship", "A"),
    ]


def test_counts_and_aliases():
    c = clause("2 coffee single mid >store", "1. Anna goods")
    assert [(i.kind, i.name, i.count) for i in c.placements[0].items] == [
        ("good", "coffee", 2),
        ("hull", "1ship", 1),
        ("hull", "middle", 1),
    ]


def test_masts_and_sails_with_crests_and_bare_crests():
    masts = clause("whale >A, crown mast >store, 2 anchor >store", "1. Anna masts")
    assert [(i.kind, i.name, i.count) for p in masts.placements for i in p.items] == [
        ("mast", "whale", 1),
        ("mast", "crown", 1),
        ("mast", "anchor", 2),
    ]
    sails = clause("helm >A, whale sail >store", "1. Anna sails")
    assert [(i.kind, i.name) for p in sails.placements for i in p.items] == [
        ("sail", "helm"),
        ("sail", "whale"),
    ]


def test_bare_crest_outside_masts_and_sails_is_a_syntax_error():
    errors = syntax_errors(HEADER + "1. Anna transport\n  Anna: whale >A\n")
    assert "could be a mast or a sail" in errors[0].message


def test_gift_and_claim():
    c = clause("bow stern >new A, middle >A, 1ship >store, +1ship >store = 6t")
    assert [p.gift for p in c.placements] == [False, False, False, True]
    assert (c.claim.value, c.claim.unit) == (6, "t")


def test_transport_body():
    c = clause("bow >A, crown sail >B", "1. Anna transport")
    assert c.action == "transport"
    assert [(i.kind, i.name) for p in c.placements for i in p.items] == [
        ("hull", "bow"),
        ("sail", "crown"),
    ]


def test_money_and_crowns_with_claims():
    money = clause("3w = 6t", "1. Anna money")
    assert (money.workers, money.claim.value, money.claim.unit) == (3, 6, "t")
    crowns = clause("5w = 15vp", "1. Anna crowns")
    assert (crowns.workers, crowns.claim.value, crowns.claim.unit) == (5, 15, "vp")


def test_claim_in_the_wrong_unit_is_a_syntax_error():
    assert "is in `t`" in syntax_errors(HEADER + "1. Anna money\n  Anna: 3w = 6vp\n")[0].message


def test_deliver_body():
    c = clause('A, "Big One"', "1. Anna deliver")
    assert [s.text for s in c.ships] == ["A", "Big One"]


def test_extra_action_before_and_after_the_main_clause():
    t = turn("  Anna: extra money: 2w = 4t; bow >store; extra goods: coffee >A")
    assert [(c.kind, getattr(c, "action", None), getattr(c, "extra", None)) for c in t.clauses] == [
        ("action", "money", True),
        ("action", "hulls", False),
        ("action", "goods", True),
    ]


def test_pass_with_extra_action():
    t = turn("  Anna: pass; extra crowns: 2w")
    assert [c.kind for c in t.clauses] == ["pass", "action"]
    assert t.clauses[1].workers == 2


def test_rewards_in_brackets():
    c = clause(
        "whale sail >A [crown mast, crown sail, 3vp, 7t, 3w, goods coffee fish]", "1. Anna sails"
    )
    rewards = c.placements[0].rewards
    assert [r.kind for r in rewards] == ["crown mast", "crown sail", "3vp", "7t", "3w", "goods"]
    assert rewards[-1].goods == ("coffee", "fish")


def test_unknown_reward_names_the_closest():
    errors = syntax_errors(HEADER + "1. Anna sails\n  Anna: whale >A [crown sial]\n")
    assert errors[0].message == "unknown reward `crown sial`"
    assert errors[0].help == "did you mean `crown sail`"


# -- checkpoints and claims ---------------------------------------------------------


def test_check_line_between_turns():
    record = parse_ok(
        HEADER + "1. Anna money\n  Anna: 2w\n  check Anna: 23vp 12t 5w\n  Ben: pass\n"
    )
    entries = record.rounds[0].phases[0].entries
    assert [type(e).__name__ for e in entries] == ["Turn", "Check", "Turn"]
    check = entries[1]
    assert (check.player.text, check.vp, check.taler, check.workers) == ("Anna", 23, 12, 5)


def test_check_with_a_subset_of_values():
    record = parse_ok(HEADER + "check Ben: 4w\n")
    check = record.rounds[0].entries[0]
    assert (check.vp, check.taler, check.workers) == (None, None, 4)


def test_final_line():
    record = parse_ok(HEADER + "1. Anna money\n\nfinal: Anna 87, Ben 80vp\n")
    assert [(e.player.text, e.score) for e in record.final.entries] == [("Anna", 87), ("Ben", 80)]


def test_only_checks_may_follow_final():
    errors = syntax_errors(HEADER + "final: Anna 3, Ben 4\n1. Anna money\n")
    assert "follow the `final:` line" in errors[0].message


# -- setup positions -------------------------------------------------------------


def test_setup_block():
    record = parse_ok(
        "players: Anna, Ben\n"
        "setup: round 4 phase 3, anchor 2vp, flipped hulls crowns\n"
        "  Anna: 12t 3w 25vp, passed 1, extra used\n"
        "  Anna store: bow, whale mast, coffee\n"
        "  Anna ship A: bow middle stern, 3 whale mast, 2 whale sail, coffee\n"
        "  Anna delivered: 2 grain, 3 fish\n"
        "  Ben: 9t 6w 31vp\n"
        "round 4: goods hulls money transport crowns masts deliver sails\n"
        "3. Anna goods\n"
    )
    s = record.setup
    assert (s.round, s.phase, s.anchor, s.flipped) == (4, 3, "2vp", ["hulls", "crowns"])
    anna = s.players[0]
    assert (anna.taler, anna.workers, anna.vp, anna.passed, anna.extra_used) == (12, 3, 25, 1, True)
    assert s.players[1].extra_used is False and s.players[1].passed is None
    ship = next(t for t in s.tiles if t.where == "ship")
    assert ship.ship.text == "A"
    assert [(i.kind, i.name, i.count) for i in ship.items] == [
        ("hull", "bow", 1),
        ("hull", "middle", 1),
        ("hull", "stern", 1),
        ("mast", "whale", 3),
        ("sail", "whale", 2),
        ("good", "coffee", 1),
    ]
    delivered = next(t for t in s.tiles if t.where == "delivered")
    assert [(i.name, i.count) for i in delivered.items] == [("grain", 2), ("fish", 3)]
    assert record.rounds[0].phases[0].number == 3


def test_setup_lines_outside_a_setup_block_are_syntax_errors():
    errors = syntax_errors(HEADER + "  Anna store: bow\n")
    assert "belong in a `setup:` block" in errors[0].message


def test_only_goods_are_delivered_in_a_setup():
    errors = syntax_errors("players: A, B\nsetup: round 1 phase 1\n  A delivered: bow\n")
    assert errors[0].message == "only goods are delivered"


# -- what the parser leaves to the referee ------------------------------------------


def test_a_record_that_breaks_the_rules_still_parses():
    # three players in a deal of duplicates, a crown mast bought: all legal *syntax*
    record = parse_ok(
        "players: A, B, C, D, E\nround 9: goods goods goods goods goods goods "
        "goods goods\n12. Zed masts\n  Nobody: crown mast >nowhere = 99t\n"
    )
    assert record.rounds[0].number == 9


def test_victory_points_may_be_negative_taler_and_workers_not():
    record = parse_ok(HEADER + "check Ben: -4vp\n")
    assert record.rounds[0].entries[0].vp == -4
    assert syntax_errors(HEADER + "check Ben: -4t\n")[0].message == "`-4t` is negative"


def test_header_line_without_a_value_is_a_syntax_error():
    # found by fuzzing: `game:` alone once raised inside the transformer
    for key in ("game", "date", "board"):
        errors = syntax_errors(f"{key}:\nplayers: Anna, Ben\n")
        assert errors[0].message == f"`{key}:` needs a value"


@pytest.mark.parametrize(
    "line, message, column",
    [
        ("  Anna: 3t 4t", "`t` is given twice", 12),  # a setup line
        ("check Anna: 2vp 3vp", "`vp` is checked twice", 17),  # a check line
    ],
)
def test_an_amount_given_twice_is_a_syntax_error(line, message, column):
    setup = line.startswith("  ")
    text = (
        "players: Anna, Ben\n"
        + ("setup: round 1 phase 1\n" + line + "\n" if setup else "")
        + "round 1: goods hulls money transport crowns masts deliver sails\n"
        + ("" if setup else line + "\n")
    )
    errors = syntax_errors(text)
    assert [(d.message, d.span.column) for d in errors] == [(message, column)]
    assert errors[0].help == "give each amount once"


def test_a_span_is_built_fast_and_stays_frozen():
    """Span has its own __init__ (speed); it must behave as the frozen dataclass it is."""
    import dataclasses

    from nauticus_ref.core.span import Span

    span = Span(line=3, column=5, end_line=3, end_column=9)
    assert (span.line, span.column, span.end_line, span.end_column) == (3, 5, 3, 9)
    assert span == Span(line=3, column=5, end_line=3, end_column=9)
    assert hash(span) == hash(Span(line=3, column=5, end_line=3, end_column=9))
    assert repr(span) == "Span(line=3, column=5, end_line=3, end_column=9)"
    assert dataclasses.replace(span, column=1).column == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        span.line = 4  # type: ignore[misc]
