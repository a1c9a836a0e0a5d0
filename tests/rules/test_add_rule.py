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


def _probe(root, code: str) -> None:
    """Run `code` against the copy of the package at `root`; it prints `ok` when its
    assertions hold."""
    checked = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(root)},
    )
    assert checked.stdout.strip() == "ok", checked.stderr[-3000:]


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


HOUSE = [
    "money-six",
    "--title",
    "a money turn takes at most six workers",
    "--section",
    "3.2.3 Geld",
    "--section-en",
    "Money",
    "--moment",
    "ActionUsed",
]
#: The house rule's predicate: the only edit, in the new rule's own module.
HOUSE_PREDICATE = """
    if at.clause.action == "money" and (at.clause.workers or 0) > 6:
        return RULE.at(at.clause.span, "a money turn takes at most six workers")
    return None"""


def test_a_house_rule_reaches_the_moves_the_nearest_turns_the_recorder_and_the_simulator(
    tmp_path,
):
    """A house rule added with add_rule.py, and nothing else changed: `moves`, the nearest
    legal turns, the recorder's choices and the simulator stop offering what it
    forbids, and `moves` agrees with `validate` on the written turn."""
    root = _copy(tmp_path)
    shutil.copytree(ROOT / "grammar", root / "grammar")
    assert _run(root, *HOUSE).returncode == 0
    module = root / "nauticus_ref" / "rules" / "money_six.py"
    text = module.read_text(encoding="utf-8")
    module.write_text(text.replace("\n    return None", HOUSE_PREDICATE), encoding="utf-8")
    probe = """
import re, tempfile
from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.moves.edits import suggestions
from nauticus_ref.moves.point import options_at, turn_options_of
from nauticus_ref.record.book import Book
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.tools.simulate import simulate
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.views.moves import moves_json

HEAD = ("players: Anna, Ben\\nsetup: round 3 phase 1\\n  Anna: 10t 12w, extra used\\n"
        "round 3: money hulls goods transport crowns masts deliver sails\\n1. Anna money\\n")
game = validate_source(Source("house.ngn", HEAD + "  Anna: 8w\\n"))
assert [d.rule for d in game.errors] == ["money-six"], game.errors

def too_many(text):
    return any(int(n) > 6 for n in re.findall(r"(?:^|: |; )(\\d+)w", text.split(":", 1)[1]))

o = options_at(game.record, game.replayed.table.board, 6, game.lines)
assert o.among is False
data = moves_json("house.ngn", game.record, o, None)
texts = [x["text"] for x in data["options"]]
assert texts and not [t for t in texts if too_many(t)], [t for t in texts if too_many(t)][:3]
assert "Anna: 6w = 12t" in texts and data["judged"] and data["count"] == len(texts)

turn = game.record.rounds[0].phases[0].turns[0]
options, read = turn_options_of(game.record, game.replayed.table.board, turn, game.lines)
near, _ = suggestions(options, read.clauses, 3)
shown = [options.printer(game.record).turn(options.turn_of(c)) for _, c in near]
assert shown and not [t for t in shown if too_many(t)], shown

folder = tempfile.mkdtemp()
with open(folder + "/house.ngn", "w") as f:
    f.write(HEAD)
book = Book.open(folder + "/house.ngn")
steps = [s["text"] for s in book.choices([])["steps"]]
assert "6w" in steps and not [s for s in steps if re.fullmatch(r"([7-9]|1\\d)w", s)], steps

for seed in range(3):
    played = to_ngn(simulate(2, seed, bundled("standard")))
    assert not validate_source(Source("sim.ngn", played)).errors, seed
print("ok")
"""
    _probe(root, probe)


def test_a_house_rule_that_forbids_a_pass_does_not_stop_the_simulator(tmp_path):
    """The simulator tries its own turns first and, when the rules in force refuse them
    all, takes the first legal option `moves` lists."""
    root = _copy(tmp_path)
    shutil.copytree(ROOT / "grammar", root / "grammar")
    args = ["no-pass", "--title", "no pass", "--section", "4", "--section-en", "4"]
    assert _run(root, *args, "--moment", "TurnStart").returncode == 0
    module = root / "nauticus_ref" / "rules" / "no_pass.py"
    module.write_text(
        module.read_text(encoding="utf-8").replace(
            "\n    return None",
            """
    if all(c.kind == "pass" for c in at.turn.clauses) and table.round_no == table.phase_no == 1:
        return RULE.at(at.turn.span, "no pass in the first phase")
    return None""",
        ),
        encoding="utf-8",
    )
    probe = """
from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.tools.simulate import simulate

for seed in range(4):
    played = to_ngn(simulate(2, seed, bundled("standard")))
    assert not validate_source(Source("sim.ngn", played)).errors, seed
print("ok")
"""
    _probe(root, probe)
