"""The rules as predicates: asked at their moments, callable without a record, and not
asked at all when the settings turn them off."""

from __future__ import annotations

import pytest
from helpers import ALL_RULES, EXAMPLES, HEADER, parse_ok, rule_cases

from nauticus_ref.core.files import Source
from nauticus_ref.core.span import Span
from nauticus_ref.game.board import bundled
from nauticus_ref.game.state import Player, Ship
from nauticus_ref.game.table import Table
from nauticus_ref.referee.engine import replay
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.rules import BY_ID, RULES, judges, moments

BOARD = bundled("standard")
SPAN = Span(line=1, column=1, end_line=1, end_column=2)


def _ask(table: Table, at: object) -> list:
    found = []
    for judge in judges()[type(at)]:
        f = judge(table, at)
        found += f if isinstance(f, list) else [f] if f is not None else []
    return found


def test_a_placement_is_judged_on_a_table_built_by_hand():
    """No record, no replay: a table, a ship, and the question whether a tile may go on it."""
    table = Table(BOARD, {"crown": "crown"})
    anna = Player(name="Anna", seat=0)
    table.players.append(anna)
    table.by_key["anna"] = anna
    ship = Ship(name="A", parts=["bow", "stern"], masts=["whale"])
    assert _ask(table, moments.placed(ship, ("sail", "whale"), SPAN)) == []
    assert _ask(table, moments.placed(ship, ("sail", "crown"), SPAN)) == []
    [finding] = _ask(table, moments.placed(ship, ("sail", "anchor"), SPAN))
    assert finding.rule == "one-crest" and "carries whale" in finding.message
    [finding] = _ask(table, moments.placed(ship, ("hull", "middle"), SPAN))
    assert finding.rule == "hull-order"
    assert ship.sails == [] and ship.parts == ["bow", "stern"]  # asking changed nothing


def test_the_first_finding_at_a_placement_is_the_one_the_referee_reports():
    """Where two rules would refuse the same tile, their predicates do not overlap: a
    1-ship refuses a bow under `one-ship` only, though its hull is also closed."""
    table = Table(BOARD, {})
    one = Ship(name="A", parts=["1ship"])
    assert [d.rule for d in _ask(table, moments.placed(one, ("hull", "bow"), SPAN))] == ["one-ship"]


def test_every_moment_asks_its_rules_in_the_catalogues_order():
    order = {r.id: n for n, r in enumerate(RULES)}
    from nauticus_ref import rules

    for found in rules._JUDGES.values():
        ids = [rule_id for rule_id, _ in found]
        assert ids == sorted(ids, key=order.__getitem__)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_a_rule_turned_off_is_not_asked_and_the_replay_goes_on(rule):
    """Every record that breaks the rule, replayed with it off: no finding of it, and no
    crash in the effects that its predicate used to guard."""
    off = frozenset({rule.id})
    texts = [text for _, text in rule_cases(rule)["fail"]]
    invalid = EXAMPLES / "invalid" / f"{rule.id}.ngn"
    if invalid.exists():
        texts.append(invalid.read_text(encoding="utf-8"))
    for text in texts:
        game = validate_source(Source("x.ngn", text), off=off)
        assert rule.id not in {d.rule for d in game.diagnostics if not d.accepted}
        assert game.off == off and len(game.tables()) == len(game.lines)


def test_with_a_rule_off_the_game_goes_on_as_if_it_did_not_exist():
    """With `one-crest` off, an anchor mast goes onto a whale ship (not to storage, as the
    referee's recovery from a breach would put it), and the ship is not in doubt."""
    text = (
        HEADER.replace(
            "round 1:", "setup: round 1 phase 1\n  Anna ship A: bow, stern, whale mast\nround 1:"
        )
        + "1. Anna masts bonus coffee\n"
        "  Anna: anchor mast >A\n  Ben: pass\n"
    )
    on = replay(parse_ok(text), BOARD)
    off = replay(parse_ok(text), BOARD, off=frozenset({"one-crest"}))
    assert [d.rule for d in on.diagnostics] == ["one-crest"] and off.diagnostics == []
    anna_on, anna_off = on.table.players[0], off.table.players[0]
    assert anna_on.ships["a"].masts == ("whale",) and anna_on.storage[("mast", "anchor")] == 1
    assert anna_off.ships["a"].masts == ("whale", "anchor")
    assert not anna_off.storage[("mast", "anchor")]


def test_settings_that_select_rules_leave_the_others_unasked():
    from nauticus_ref.settings.finder import Checking

    assert Checking(off=frozenset({"taler"})).not_asked == {"taler"}
    picked = Checking(only=frozenset({"claim", "check"})).not_asked
    assert picked == set(BY_ID) - {"claim", "check"}
    assert {r.id for r in ALL_RULES} - picked == {"syntax", "claim", "check"}


def test_with_every_rule_off_every_example_replays_to_its_end():
    """Nothing the referee does relies on a rule having been asked."""
    off = frozenset(BY_ID)
    for path in sorted(EXAMPLES.rglob("*.ngn")):
        game = validate_source(Source(path.name, path.read_text(encoding="utf-8")), off=off)
        assert not [d for d in game.diagnostics if d.rule in off and not d.accepted], path.name
