"""The printer writes canonical NGN; parsing it gives the same record back."""

from __future__ import annotations

import pytest
from helpers import EXAMPLES, parse_ok, strip_spans
from hypothesis import given, settings
from hypothesis import strategies as st

from nauticus_ref.notation.model import to_json
from nauticus_ref.notation.printer import to_ngn

ALL_RECORDS = [p for p in sorted(EXAMPLES.rglob("*.ngn")) if "syntax" not in p.parts]


@pytest.mark.parametrize("path", ALL_RECORDS, ids=lambda p: p.stem)
def test_round_trip_of_every_example(path):
    record = parse_ok(path.read_text(encoding="utf-8"))
    printed = to_ngn(record)
    again = parse_ok(printed)
    assert strip_spans(to_json(again)) == strip_spans(to_json(record))
    assert to_ngn(again) == printed  # canonical text is a fixed point


def test_canonical_form_spells_out_items():
    record = parse_ok(
        "players: Anna, Ben\ncrests: whale anchor helm gull\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna masts bonus gull\n  anna: 2 GULL >new A, single >store\n"
    )
    assert "  anna: 2 gull mast >new A, 1ship >store" in to_ngn(record)


# Generated records: names, items, destinations, rewards and claims in any mix.
names = st.sampled_from(["A", "Sea-Cow", "Ship_2", "Big One", "new", "3", "Öre"])
hull = st.sampled_from(["1ship", "bow", "middle", "stern", "single", "mid"])
good = st.sampled_from(["coffee", "grain", "salt", "fish"])
crest = st.sampled_from(["whale", "anchor", "helm", "crest4", "crown"])


def quoted(name: str) -> str:
    return f'"{name}"'


@st.composite
def placement(draw, action):
    word = {
        "hulls": hull,
        "goods": good,
        "masts": crest,
        "sails": crest,
        "transport": st.one_of(hull, good, crest.map(lambda c: c + " mast")),
    }[action]
    items = draw(st.lists(st.tuples(st.integers(1, 3), word), min_size=1, max_size=3))
    text = " ".join(f"{n} {w}" if n > 1 else w for n, w in items)
    dest = draw(
        st.one_of(
            st.just(">store"),
            names.map(lambda n: ">" + quoted(n)),
            names.map(lambda n: ">new " + quoted(n)),
        )
    )
    rewards = draw(
        st.lists(
            st.sampled_from(["crown mast", "crown sail", "3vp", "7t", "3w", "goods coffee fish"]),
            max_size=4,
        )
    )
    gift = draw(st.booleans())
    return (
        ("+" if gift else "") + f"{text} {dest}" + (f" [{', '.join(rewards)}]" if rewards else "")
    )


@st.composite
def turn_line(draw, action):
    if action in ("hulls", "goods", "masts", "sails", "transport"):
        body = ", ".join(draw(st.lists(placement(action), min_size=1, max_size=3)))
        if action != "transport" and draw(st.booleans()):
            body += f" = {draw(st.integers(0, 30))}t"
    elif action in ("money", "crowns"):
        body = f"{draw(st.integers(0, 9))}w"
        if draw(st.booleans()):
            body += f" = {draw(st.integers(0, 30))}{'t' if action == 'money' else 'vp'}"
    else:
        body = ", ".join(quoted(n) for n in draw(st.lists(names, min_size=1, max_size=3)))
    clauses = [draw(st.sampled_from(["pass", body]))]
    if draw(st.booleans()):
        clauses.append(f"extra money: {draw(st.integers(0, 5))}w")
    return "  " + draw(st.sampled_from(["Anna", "Ben"])) + ": " + "; ".join(clauses)


@st.composite
def record_text(draw):
    lines = [
        "players: Anna, Ben",
        "round 1: goods hulls money transport crowns masts deliver sails",
    ]
    for n in range(1, draw(st.integers(1, 7)) + 1):
        action = draw(
            st.sampled_from(
                ["hulls", "goods", "masts", "sails", "transport", "money", "crowns", "deliver"]
            )
        )
        lines.append(f"{n}. Anna {action}")
        lines.extend(draw(st.lists(turn_line(action), min_size=1, max_size=3)))
        if draw(st.booleans()):
            lines.append(f"  check Ben: {draw(st.integers(-9, 99))}vp")
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None)
@given(record_text())
def test_round_trip_of_generated_records(text):
    record = parse_ok(text)
    again = parse_ok(to_ngn(record))
    assert strip_spans(to_json(again)) == strip_spans(to_json(record))
