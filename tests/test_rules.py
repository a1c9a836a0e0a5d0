"""The rules catalogue: each rule's failing example breaks it once, its passing example
keeps it; the generated docs and invalid examples are up to date."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from syrupy.extensions.json import JSONSnapshotExtension

from nauticus_ref.files import Source
from nauticus_ref.referee.validate import validate_source
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


def test_every_rule_the_referee_reports_is_a_catalogue_rule(monkeypatch):
    """The referee reports Rule objects from the catalogue, never bare ids: replay every
    example, every rule's examples and simulated games with a spy on `report`."""
    from nauticus_ref.game.board import bundled
    from nauticus_ref.notation.printer import to_ngn
    from nauticus_ref.referee.engine import Replay
    from nauticus_ref.tools.simulate import simulate

    reported = []
    real = Replay.report

    def spy(self, rule, *args, **kwargs):
        reported.append(rule)
        return real(self, rule, *args, **kwargs)

    monkeypatch.setattr(Replay, "report", spy)
    texts = [f.read_text(encoding="utf-8") for f in EXAMPLES.rglob("*.ngn")]
    texts += [t for r in RULES for t in (r.fail, r.ok)]
    texts += [to_ngn(simulate(n, 3, bundled("standard"))) for n in (2, 3, 4)]
    for text in texts:
        validate_source(Source("x.ngn", text))
    catalogue = {id(r) for r in RULES}
    assert reported and all(id(r) in catalogue for r in reported)
    assert {r.id for r in reported} == set(BY_ID)   # and every rule is reachable


def test_a_rule_id_is_written_once():
    """Each id with a hyphen (the others are also words of the notation) stands as a
    string in exactly one place of the package: its rule module."""
    import ast

    seen: dict[str, list[str]] = {}
    for path in (ROOT / "nauticus_ref").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in BY_ID:
                seen.setdefault(node.value, []).append(path.name)
    for rule_id in (r for r in BY_ID if "-" in r):
        assert seen[rule_id] == [rule_id.replace("-", "_") + ".py"], (rule_id, seen[rule_id])


def test_every_rule_module_says_what_why_and_shows_both_cases():
    from nauticus_ref import rules

    for r in RULES:
        module = getattr(rules, r.id.replace("-", "_"))
        doc = module.__doc__
        assert doc.startswith(r.summary) and "## Why" in doc and r.why, r.id
        assert r.fail in doc and r.ok in doc


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
