"""Syntax errors are diagnostics for people: plain words, a caret, a help line."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, HEADER, syntax_errors
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from nauticus_ref.cli import main
from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.notation.grammar import line_parser
from nauticus_ref.notation.reading import MAX_SYNTAX_ERRORS
from nauticus_ref.notation.syntax import KINDS, explain

SYNTAX_EXAMPLES = sorted((EXAMPLES / "syntax").glob("*.ngn"))


@pytest.mark.parametrize("path", SYNTAX_EXAMPLES, ids=lambda p: p.stem)
def test_syntax_example_output(path, snapshot, monkeypatch):
    monkeypatch.chdir(path.parent)
    result = CliRunner().invoke(main, ["parse", path.name])
    assert result.exit_code == 1
    assert result.output == snapshot


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_teaching_example_fails_and_is_recognised(kind):
    message, _, examples = KINDS[kind]
    stem = message.split("{")[0]
    for example in examples:
        with pytest.raises(UnexpectedInput) as caught:
            line_parser().parse(example)
        assert explain(caught.value, example)[2].startswith(stem), example


@pytest.mark.parametrize(
    "line, message",
    [
        ("  Anna: bow stern new A", "missing `>` before the destination"),
        ("  Anna: bow", "missing `>` before the destination"),
        ("  Anna bow >store", "missing `:` after the player's name `Anna`"),
        ("  Anna: 2 >store", "a count needs an item after it"),
        ("  Anna: bow >A [3vp", "missing `]` after the rewards"),
        ("  Anna: bow >new", "a new ship needs a name"),
        ('  Anna: bow >new "A', "unterminated quoted name"),
        ("  Anna: bow >A %", "unexpected character `%`"),
        ("  Anna: bwo >A", "unknown item `bwo`"),
    ],
)
def test_plain_language_messages(line, message):
    errors = syntax_errors(HEADER + "1. Anna hulls\n" + line + "\n")
    assert errors[0].message == message
    assert errors[0].span.line == 4


def test_unknown_words_name_the_closest_valid_word():
    action = syntax_errors(HEADER + "1. Anna hull\n")[0]
    assert (action.message, action.help) == ("unknown action `hull`", "did you mean `hulls`")
    item = syntax_errors(HEADER + "1. Anna goods\n  Anna: cofee >store\n")[0]
    assert (item.message, item.help) == ("unknown item `cofee`", "did you mean `coffee`")


def test_the_parser_resynchronises_at_the_next_line():
    text = HEADER + "1. Anna hulls\n  Anna pass\n  Ben: bow stern\n2. Ben mony\n  Anna: 2 >A\n"
    assert [d.span.line for d in syntax_errors(text)] == [4, 5, 6, 7]


def test_errors_are_capped_and_the_cap_is_said():
    text = HEADER + "1. Anna hulls\n" + "  Anna pass\n" * (MAX_SYNTAX_ERRORS + 20)
    result = parse_text(text)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert len(errors) == MAX_SYNTAX_ERRORS
    assert "stopped after" in result.diagnostics[-1].message


def test_a_deal_that_is_not_eight_words():
    errors = syntax_errors("players: A, B\nround 1: goods hulls money\n")
    assert errors[0].message == "a deal lists the eight action tiles, this lists 3"


LARK_NAMES = re.compile(
    r"__ANON|\b(RSQB|LSQB|COLON|COMMA|SEMI|WORD|QUOTED|NUMBER|AMOUNT|WPLUS|"
    r"TEXT|GT|EQUALS|PLUS|DOT)\b|\$END"
)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list('Anna: bow>new[3vp],;=+.2"#%w\n sail 1')), max_size=60)
)
def test_no_lark_name_ever_reaches_a_user(text):
    for d in parse_text(HEADER + "1. Anna hulls\n" + text).diagnostics:
        assert not LARK_NAMES.search(d.message), d.message
        assert not LARK_NAMES.search(d.help or ""), d.help
        assert d.message == d.message.rstrip(".") and d.message[:1] == d.message[:1].lower()


@pytest.mark.parametrize(
    "line, message, help_part",
    [
        # the mistakes new users really made (issue: messages that sent them the wrong way)
        (
            "1. Anna hulls bonus mast",
            "the bonus names the crest you take, not the word `mast`",
            "`bonus whale`",
        ),
        ("1. Anna hulls bonus whale mast", "write only your choice after `bonus`", "`bonus whale`"),
        (
            "1. Anna masts bonus w+good coffee",
            "write only your choice after `bonus`",
            "`bonus coffee`",
        ),
        (
            "  Anna: bow stern >new A 7t, 3vp",
            "rewards go in brackets after the placement that completes the ship",
            "[crown sail, 7t]",
        ),
        (
            "  Anna: 1ship >new A crown sail",
            "rewards go in brackets after the placement that completes the ship",
            "[crown sail, 7t]",
        ),
        ("  Anna: 1ship >new A [7t crown sail]", "separate rewards with `,`", "[7t, crown sail]"),
        ("  Anna: 1ship >new A [crown mast 3vp]", "separate rewards with `,`", "[crown mast, 3vp]"),
        ("  Anna: deliver A", "a turn does not repeat the action `deliver`", "`Anna: A, B`"),
        (
            "  Anna: hulls bow >new A",
            "a turn does not repeat the action `hulls`",
            "`Anna: bow stern >new A`",
        ),
    ],
)
def test_messages_name_the_real_fix(line, message, help_part):
    phase = "" if line.startswith("1.") else "1. Anna hulls bonus whale\n"
    errors = syntax_errors(HEADER + phase + line + "\n  Ben: pass\n")
    assert [(e.message, help_part in e.help) for e in errors] == [(message, True)], errors


def test_a_broken_phase_line_does_not_orphan_its_turns():
    errors = syntax_errors(HEADER + "1. Anna hulls bonus whale mast\n  Anna: pass\n  Ben: pass\n")
    assert [e.span.line for e in errors] == [3]


def test_plural_item_words_are_read():
    from helpers import parse_ok

    record = parse_ok(HEADER + "1. Anna masts\n  Anna: 2 whale masts >store, 2 crown sails >A\n")
    items = record.rounds[0].phases[0].turns[0].clauses[0].placements
    assert [(i.kind, i.name, i.count) for p in items for i in p.items] == [
        ("mast", "whale", 2),
        ("sail", "crown", 2),
    ]
    assert parse_ok("players: A, B\nsetup: round 1 phase 1\n  A store: 2 bows, 3 sterns\n")
