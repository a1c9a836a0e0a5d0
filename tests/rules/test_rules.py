"""The rules catalogue: each rule's failing example breaks it once, its passing example
keeps it; the generated docs and invalid examples are up to date."""

from __future__ import annotations

import functools
import inspect
import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, ROOT, parse_ok
from syrupy.extensions.json import JSONSnapshotExtension

from nauticus_ref.cli import main
from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.referee.engine import replay
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.rules import BY_ID, DEAL, OPENING, RULES


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
    assert not [d for d in found if d.severity != "note" or d.rule == rule.id], [
        (d.rule, d.message) for d in found
    ]


def test_catalogue_entries_are_well_formed():
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    for r in RULES:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", r.id)
        assert r.title and r.section and r.section_en and r.summary.endswith(".")


def rule_module(rule):
    from nauticus_ref import rules

    return getattr(rules, rule.id.replace("-", "_"))


def checks_of(module):
    """The predicates a rule module declares, by name."""
    return {f.__name__: f for f in module.JUDGES.values()}


def board_without(kind):
    """The standard board with no tile of `kind` in its box."""
    from nauticus_ref.game.board import BOARDS_DIR, parse_board

    data = tomllib.loads((Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8"))
    return parse_board({**data, "supply": {**data["supply"], kind: 0}}, f"no-{kind}")


def test_every_rule_module_declares_its_moments_and_predicates():
    """Each rule judges at least one moment with a documented predicate of its own
    module that takes the table and the moment's facts."""
    from nauticus_ref.rules import moments

    kinds = {
        c for c in vars(moments).values() if inspect.isclass(c) and c.__module__ == moments.__name__
    }
    for rule in RULES:
        module = rule_module(rule)
        assert module.JUDGES, f"{rule.id}: judges no moment"
        for moment, f in module.JUDGES.items():
            assert moment in kinds, f"{rule.id}: {moment} is no moment"
            assert f.__module__ == module.__name__ and f.__doc__, f"{rule.id}.{f.__name__}"
            assert list(inspect.signature(f).parameters) == ["table", "at"], f.__name__
    judged = {m for rule in RULES for m in rule_module(rule).JUDGES}
    assert judged == kinds, "every moment is judged by some rule"


def test_every_finding_comes_from_its_rules_own_checks(monkeypatch):
    """Replay every example, every rule's examples and simulated games with a spy on each
    rule module's checks and on the referee's `flag`: each finding the referee records
    was made by a check of its own rule's module, every rule is reached, and every check
    of every rule module is called (no dead check).  Structural, no regex over source."""
    import nauticus_ref.rules as catalogue
    from nauticus_ref.game.board import bundled
    from nauticus_ref.notation.printer import to_ngn
    from nauticus_ref.referee.context import Referee
    from nauticus_ref.tools.simulate import simulate

    made: dict[int, tuple[object, str]] = {}  # id of a finding -> it, and the rule that made it
    called: set[tuple[str, str]] = set()

    def spying(rule_id, f):
        @functools.wraps(f)
        def spy(table, at):
            called.add((rule_id, f.__name__))
            found = f(table, at)
            for d in found if isinstance(found, list) else [found]:
                if d is not None:
                    made[id(d)] = (d, rule_id)  # kept alive, so that ids stay unique
            return found

        return spy

    monkeypatch.setattr(
        catalogue,
        "_JUDGES",
        {
            moment: [(rule_id, spying(rule_id, f)) for rule_id, f in found]
            for moment, found in catalogue._JUDGES.items()
        },
    )
    flagged = []
    real = Referee.flag

    def flag(self, finding):
        flagged.append((finding, made.get(id(finding), (None, None))[1]))
        return real(self, finding)

    monkeypatch.setattr(Referee, "flag", flag)
    texts = [f.read_text(encoding="utf-8") for f in EXAMPLES.rglob("*.ngn")]
    texts += [t for r in RULES for t in (r.fail, r.ok)]
    texts += [to_ngn(simulate(n, 3, bundled("standard"))) for n in (2, 3, 4)]
    texts += [
        f.read_text(encoding="utf-8")
        for f in (ROOT / "tests" / "rules" / "fixtures").rglob("*.ngn")
    ]
    texts += [
        t
        for f in sorted((ROOT / "tests" / "rules" / "fixtures").glob("*.toml"))
        for case in tomllib.loads(f.read_text(encoding="utf-8")).values()
        for t in ([c["ngn"] for c in case] if isinstance(case, list) else [])
    ]
    for text in texts:
        validate_source(Source("x.ngn", text))
    # the two checks no example reaches: a replay cut short, a bonus with nothing to give
    replay(
        parse_ok("players: A, B\n" + DEAL + "1. A money bonus whale\n" + "  A: 1w\n" * 300),
        bundled("standard"),
    )
    replay(parse_ok(OPENING + "1. Anna hulls bonus whale\n"), board_without("mast"))
    # a finding modified on its way (`put_checked` adds to the help) keeps its rule's id
    assert [(d.rule, made_by) for d, made_by in flagged if made_by not in (None, d.rule)] == []
    assert all(d.rule in BY_ID for d, _ in flagged)
    assert {d.rule for d, _ in flagged} == set(BY_ID)  # every rule is reachable
    every = {(r.id, name) for r in RULES for name in checks_of(rule_module(r))}
    assert every - called == set()


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
    assert json.loads(as_json.output) == snapshot(
        name="json", extension_class=JSONSnapshotExtension
    )
