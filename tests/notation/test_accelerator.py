"""The accelerator (lark-cython, the `[fast]` extra) changes nothing but the speed: every
line parses to the same value or fails alike, and every record gets the same
diagnostics, byte for byte, with it and without it."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest
from fuzzing import mutate
from helpers import ALL_RULES, EXAMPLES, HOSTILE_RECORD, rule_cases

from nauticus_ref.game.board import bundled
from nauticus_ref.notation import grammar
from nauticus_ref.notation.assemble import parse_text, split_lines
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.notation.raw import TOKENS
from nauticus_ref.tools.simulate import simulate

lark_cython = pytest.importorskip("lark_cython")  # the test extra installs it


def corpus() -> list[str]:
    """Every record the tests know: examples (games, invalid, syntax errors, rulebook),
    the rules' cases, simulated games, and each of those mutated as a fuzzer does."""
    texts = [p.read_text(encoding="utf-8") for p in sorted(Path(EXAMPLES).rglob("*.ngn"))]
    texts += [
        text
        for rule in ALL_RULES
        for kind in ("fail", "pass")
        for _, text in rule_cases(rule)[kind]
    ]
    texts += [
        to_ngn(simulate(n, seed, bundled("standard"))) for n in (2, 3, 4) for seed in range(2)
    ]
    texts.append(HOSTILE_RECORD)
    rng = random.Random(17)
    return texts + [mutate(rng, rng.choice(texts)) for _ in range(300)]


CORPUS = corpus()


def plain(value: Any) -> Any:
    """A parse with every token, lark's or lark-cython's, as (type, text, columns)."""
    if isinstance(value, TOKENS):
        return ("token", value.type, value.value, value.line, value.column, value.end_column)
    if isinstance(value, tuple):
        return tuple(map(plain, value))
    if dataclasses.is_dataclass(value):
        return (
            type(value).__name__,
            *(plain(getattr(value, f.name)) for f in dataclasses.fields(value)),
        )
    return value


def test_the_accelerator_is_used():
    fast = grammar.line_parser(accelerated=True)
    assert fast is not grammar.line_parser()
    assert type(fast.parse("check Anna: 3t").player).__module__.startswith("lark_cython")


def test_every_line_parses_alike_or_fails_alike():
    fast, slow = grammar.line_parser(accelerated=True), grammar.line_parser()
    lines = {
        ln
        for text in CORPUS
        for ln in split_lines(text)
        if ln.strip() and not ln.lstrip().startswith("#") and len(ln) < 2000
    }
    parsed = 0
    for line in sorted(lines):
        try:
            expected = plain(slow.parse(line))
        except Exception:
            with pytest.raises(Exception):
                fast.parse(line)
            continue
        assert plain(fast.parse(line)) == expected, line
        parsed += 1
    assert parsed > 1000


def test_every_record_gets_the_same_diagnostics():
    for text in CORPUS:
        fast, slow = parse_text(text, accelerated=True), parse_text(text, accelerated=False)
        assert fast.diagnostics == slow.diagnostics
        assert repr(fast.record) == repr(slow.record)


def test_the_switch_turns_it_off(monkeypatch):
    monkeypatch.setenv("NAUTICUS_REF_ACCELERATOR", "0")
    assert grammar.accelerator() is None
    monkeypatch.setenv("NAUTICUS_REF_ACCELERATOR", "1")
    assert grammar.accelerator() is lark_cython.plugins
