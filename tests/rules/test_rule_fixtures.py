"""Every rule with at least two records that break it and two that keep it.

One fixture file per rule (`tests/rules/fixtures/<id>.toml`, as sqlfluff keeps its
rule fixtures), read together with the two examples in the rule module's docstring.
A failing case breaks its rule and no other; a passing case breaks no rule.
"""

from __future__ import annotations

import pytest
from helpers import ALL_RULES, EXAMPLES, RULE_FIXTURES, rule_cases

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.referee.engine import replay


def findings(text: str) -> list[Diagnostic]:
    parsed = parse_text(text)
    if parsed.record is None:
        return parsed.diagnostics
    return parsed.diagnostics + replay(parsed.record, bundled("standard")).diagnostics


def test_one_fixture_file_per_rule():
    assert sorted(p.stem for p in RULE_FIXTURES.glob("*.toml")) == sorted(r.id for r in ALL_RULES)


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.id)
def test_at_least_two_cases_each_way(rule):
    found = rule_cases(rule)
    assert len(found["fail"]) >= 2 and len(found["pass"]) >= 2


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.id)
def test_failing_cases_break_this_rule_and_no_other(rule):
    for name, text in rule_cases(rule)["fail"]:
        broken = {d.rule for d in findings(text) if d.severity != "note" or d.rule == rule.id}
        assert broken == {rule.id}, (name, [(d.rule, d.message) for d in findings(text)])


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.id)
def test_passing_cases_break_no_rule(rule):
    for name, text in rule_cases(rule)["pass"]:
        broken = [d for d in findings(text) if d.severity != "note" or d.rule == rule.id]
        assert broken == [], (name, [(d.rule, d.message) for d in broken])


def test_every_fix_mends_its_finding():
    """A fix the referee offers (an editor's code action) makes its finding go away, and
    brings no syntax error with it: in the invalid examples and the rules' failing
    cases."""
    import nauticus_ref
    from nauticus_ref.core.findings import applied

    records = [p.read_text(encoding="utf-8") for p in sorted((EXAMPLES / "invalid").glob("*.ngn"))]
    records += [text for rule in ALL_RULES for _, text in rule_cases(rule)["fail"]]
    mended = set()
    for text in records:
        for d in nauticus_ref.parse(text).diagnostics:
            for fix in d.fixes:
                after = nauticus_ref.parse(applied(text, fix)).diagnostics
                assert not [
                    x
                    for x in after
                    if x.rule in (d.rule, "syntax")
                    and x.span.line == d.span.line
                    and x.severity == "error"
                ], fix
                mended.add(d.rule)
    assert mended >= {
        "bonus-choice",
        "bonus-claim",
        "claim",
        "final-score",
        "golden-rule",
        "phase-sequence",
        "turn-order",
        "ship-name",
    }


def test_swaps_exchange_the_texts_and_keep_the_comments():
    import nauticus_ref
    from nauticus_ref.core.findings import applied

    head = (
        "players: Anna, Ben\nround 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna hulls bonus whale\n"
    )
    turns = "  Ben: pass   # Ben first?\n  Anna: stern >A, bow >new A = 5t\n"
    fixes = {d.rule: d.fixes for d in nauticus_ref.parse(head + turns).diagnostics}
    assert [f.title for f in fixes["turn-order"]] == ["swap the turn lines of Ben and Anna"]
    assert applied(head + turns, fixes["turn-order"][0]) == (
        head + "  Anna: stern >A, bow >new A = 5t\n  Ben: pass   # Ben first?\n"
    )
    swapped = head + "  Anna: bow >new A, stern >A = 5t\n  Ben: pass\n"
    text = head + "  Anna: stern >A, bow >new A = 5t\n  Ben: pass\n"
    [ship] = [d for d in nauticus_ref.parse(text).diagnostics if "no ship" in d.message]
    assert ship.help == "`A` is started later in this action: write `bow >new A` before `stern >A`"
    assert applied(text, ship.fixes[0]) == swapped
    assert nauticus_ref.parse(swapped).diagnostics == []
