"""scripts/add_rule.py: a new rule touches its module, its fixture and the catalogue,
and nothing in the referee."""

from __future__ import annotations

import shutil
import subprocess
import sys

from helpers import ROOT

SCRIPT = ROOT / "scripts" / "add_rule.py"
ARGS = [
    "no-empty-ship",
    "--title",
    "a ship carries a hull",
    "--section",
    "3.2.1.1 Rumpfteile kaufen",
    "--section-en",
    "Buy hull parts",
    "--moment",
    "MastPlaced",
    "--after",
    "one-ship",
]


def _copy(tmp_path):
    shutil.copytree(
        ROOT / "nauticus_ref",
        tmp_path / "nauticus_ref",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copytree(
        ROOT / "tests" / "rules" / "fixtures", tmp_path / "tests" / "rules" / "fixtures"
    )
    return tmp_path


def _run(root, *args):
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args, "--root", str(root)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_new_rule_is_asked_at_its_moment_with_no_change_to_the_referee(tmp_path):
    root = _copy(tmp_path)
    referee = {p.name: p.read_bytes() for p in (root / "nauticus_ref" / "referee").glob("*.py")}
    done = _run(root, *ARGS)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:3] == [
        "wrote nauticus_ref/rules/no_empty_ship.py",
        "wrote tests/rules/fixtures/no-empty-ship.toml",
        "wrote nauticus_ref/rules/__init__.py",
    ]
    assert {
        p.name: p.read_bytes() for p in (root / "nauticus_ref" / "referee").glob("*.py")
    } == referee
    probe = """
import tomllib
from nauticus_ref import rules
from nauticus_ref.rules import moments
rule = rules.BY_ID["no-empty-ship"]
ids = [r.id for r in rules.RULES]
assert ids.index("no-empty-ship") == ids.index("one-ship") + 1
assert rule.summary == "A ship carries a hull." and rule.why and rule.fail and rule.ok
module = rules.no_empty_ship
assert list(module.JUDGES) == [moments.MastPlaced]
assert module.judged in rules.judges()[moments.MastPlaced]
assert module.judged not in rules.judges(frozenset({"no-empty-ship"}))[moments.MastPlaced]
cases = tomllib.load(open("tests/rules/fixtures/no-empty-ship.toml", "rb"))
assert len(cases["fail"]) == len(cases["pass"]) == 1
print("ok")
"""
    checked = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(root)},
    )
    assert checked.stdout.strip() == "ok", checked.stderr
    written = [
        str(root / "nauticus_ref" / "rules" / n) for n in ("no_empty_ship.py", "__init__.py")
    ]
    for check in (["format", "--check"], ["check"]):  # what it writes is as ruff writes it
        styled = subprocess.run(
            [
                sys.executable,
                "-m",
                "ruff",
                *check,
                "--config",
                str(ROOT / "pyproject.toml"),
                *written,
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert styled.returncode == 0, styled.stdout + styled.stderr


def test_nothing_is_overwritten_and_a_wrong_moment_is_named(tmp_path):
    root = _copy(tmp_path)
    before = (root / "nauticus_ref" / "rules" / "__init__.py").read_text(encoding="utf-8")
    taken = _run(root, "one-crest", *ARGS[1:])
    assert taken.returncode == 1 and "`one-crest` is taken" in taken.stderr
    wrong = _run(root, *ARGS[:-4], "--moment", "Placement")
    assert (
        wrong.returncode == 1
        and "`Placement` is no moment; the moments are Opening" in wrong.stderr
    )
    assert (root / "nauticus_ref" / "rules" / "__init__.py").read_text(encoding="utf-8") == before
    assert not (root / "nauticus_ref" / "rules" / "no_empty_ship.py").exists()


def test_a_new_placing_rule_without_help_gets_the_referees_own_help(tmp_path):
    """A scaffolded rule's finding has no help of its own; where the referee adds what it
    does next, that is all the help says (never `help: None; ...`)."""
    root = _copy(tmp_path)
    shutil.copytree(ROOT / "grammar", root / "grammar")
    assert _run(root, *ARGS).returncode == 0
    module = root / "nauticus_ref" / "rules" / "no_empty_ship.py"
    module.write_text(
        module.read_text(encoding="utf-8").replace(
            "    return None", '    return RULE.at(at.span, "no masts today")'
        ),
        encoding="utf-8",
    )
    record = (
        "players: Anna, Ben\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. Anna hulls bonus whale\n"
        "  Anna: bow stern >new A\n"
        "  Ben: pass\n"
        "2. Ben masts bonus coffee\n"
        "  Ben: pass\n"
        "  Anna: whale mast >A\n"
    )
    checked = subprocess.run(
        [sys.executable, "-m", "nauticus_ref", "validate", "-"],
        input=record,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(root)},
    )
    assert "error[no-empty-ship]" in checked.stdout, checked.stdout + checked.stderr
    assert "help: the referee stores the tile and goes on" in checked.stdout
    assert "None" not in checked.stdout
