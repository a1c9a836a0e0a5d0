"""The rules catalogue: each rule's failing example breaks it once, its passing example
keeps it; the generated docs and invalid examples are up to date."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from syrupy.extensions.json import JSONSnapshotExtension

from conftest import EXAMPLES, ROOT, parse_ok
from nauticus_ref.game.board import bundled
from nauticus_ref.rules.docs import targets
from nauticus_ref.cli import main
from nauticus_ref.referee.engine import replay
from nauticus_ref.rules import BY_ID, RULES


def diagnostics(text: str):
    return replay(parse_ok(text), bundled("standard")).diagnostics


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_failing_example_breaks_the_rule_once(rule):
    found = diagnostics(rule.fail)
    assert [d.rule for d in found] == [rule.id], [(d.rule, d.message) for d in found]
    assert found[0].severity == rule.severity


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_passing_example_keeps_the_rule(rule):
    found = diagnostics(rule.ok)
    assert not [d for d in found if d.severity != "note" or d.rule == rule.id], \
        [(d.rule, d.message) for d in found]


def test_catalogue_entries_are_well_formed():
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    for r in RULES:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", r.id)
        assert r.title and r.section and r.section_en and r.summary.endswith(".")


def test_every_rule_the_engine_reports_is_in_the_catalogue():
    source = (ROOT / "nauticus_ref" / "referee" / "engine.py").read_text(encoding="utf-8")
    reported = set(re.findall(r'report\(\s*"([a-z-]+)"', source))
    reported |= set(re.findall(r'return \("([a-z-]+)", f?"', source))
    assert reported and reported <= set(BY_ID), reported - set(BY_ID)
    assert set(BY_ID) <= reported  # and no catalogue entry is dead


@pytest.mark.parametrize("path", sorted(targets()), ids=lambda p: p.name)
def test_generated_files_are_up_to_date(path: Path):
    assert path.read_text(encoding="utf-8") == targets()[path], \
        "stale: run `python -m nauticus_ref.rules.docs`"


INVALID = sorted((EXAMPLES / "invalid").glob("*.ngn"))


def test_one_invalid_example_per_rule():
    assert {p.stem for p in INVALID} == set(BY_ID)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_example_output(path, snapshot, monkeypatch):
    monkeypatch.chdir(path.parent)
    text = CliRunner().invoke(main, ["validate", path.name])
    as_json = CliRunner().invoke(main, ["validate", "--format", "json", path.name])
    expected_exit = 0 if BY_ID[path.stem].severity != "error" else 1
    assert text.exit_code == as_json.exit_code == expected_exit
    assert text.output == snapshot(name="text")
    assert json.loads(as_json.output) == snapshot(name="json", extension_class=JSONSnapshotExtension)
