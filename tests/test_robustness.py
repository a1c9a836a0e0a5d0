"""No input crashes the referee: fuzzing, pathological files, batch runs."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from nauticus_ref.board import bundled
from nauticus_ref.cli import main
from nauticus_ref.fuzz import MUTATIONS, check_input, mutate
from nauticus_ref.printer import to_ngn
from nauticus_ref.simulate import simulate

BOARD = bundled("standard")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def records():
    return [to_ngn(simulate(n, seed, BOARD)) for n in (2, 3, 4) for seed in range(2)]


def test_fuzz_small_budget(records):
    """CI's budget; benchmarks/fuzz.py runs a large one."""
    rng = random.Random(2026)
    codes = set()
    for _ in range(250):
        codes.add(check_input(mutate(rng, rng.choice(records)), BOARD))
    assert codes <= {0, 1} and 1 in codes


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.__name__)
def test_every_mutation_kind_through_the_command_line(mutation, records, tmp_path):
    rng = random.Random(mutation.__name__)
    for i in range(4):
        path = tmp_path / f"m{i}.ngn"
        path.write_text(mutation(rng, rng.choice(records)), encoding="utf-8")
        for command in ("validate", "score"):
            result = run(command, path)
            assert result.exit_code in (0, 1), (command, result.output, result.exception)


def test_huge_numbers_are_refused_not_counted():
    # found by fuzzing: a count of 10**19 made the replay loop for ever
    base = ("players: A, B\nround 1: goods hulls money transport crowns masts deliver sails\n"
            "1. A money bonus whale\n")
    for line in ("  A: 99999999999w", "  A: 5w = 123456t", "check B: 100000vp"):
        from nauticus_ref.assemble import parse_text

        result = parse_text(base + line + "\n")
        assert result.record is None
        assert "far larger than a game allows" in result.diagnostics[0].message


@pytest.mark.parametrize("name, content, code, message", [
    ("big.ngn", b"# " + b"x" * (10 * 1024 * 1024) + b"\n", 2, "too large to be a record"),
    ("binary.ngn", bytes(range(256)) * 64, 2, "binary data"),
    ("latin1.ngn", "players: Jörg, Ben\n".encode("latin-1"), 2, "not UTF-8"),
    ("empty.ngn", b"", 1, "no `players:` line"),
    ("comments.ngn", b"# just a comment\n# and another\n", 1, "no `players:` line"),
    ("megaline.ngn", b"players: A, B\n  A: " + b"bow " * 250_000 + b">store\n", 2,
     "too large to be a record"),
    ("longline.ngn", b"players: A, B\n  A: " + b"bow " * 25_000 + b">store\n", 1,
     "no line of a record is longer"),
])
def test_pathological_inputs_get_a_clear_message(tmp_path, name, content, code, message):
    path = tmp_path / name
    path.write_bytes(content)
    result = run("validate", path)
    assert result.exit_code == code and message in result.output, result.output
    assert "Traceback" not in result.output


def test_many_errors_are_capped(tmp_path):
    lines = ["players: A, B", "round 1: goods hulls money transport crowns masts deliver sails",
             "1. A money bonus whale"] + ["  A: 1w"] * 400
    path = tmp_path / "loop.ngn"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = json.loads(run("validate", "--format", "json", path).output)
    diags = data["files"][0]["diagnostics"]
    assert len(diags) <= 201 and "stopped after 200 errors" in diags[-1]["message"]


def test_batch_output_is_the_same_whatever_the_jobs(tmp_path, records):
    for i, text in enumerate(records):
        (tmp_path / f"g{i}.ngn").write_text(text, encoding="utf-8")
    (tmp_path / "bad.ngn").write_text(records[0].replace(">new", ">", 1), encoding="utf-8")
    one = run("validate", "--jobs", 1, tmp_path)
    two = run("validate", "--jobs", 2, tmp_path)
    assert one.exit_code == two.exit_code == 1
    strip = lambda s: re.sub(r"\(\d+\.\d s\)", "(s)", s)  # noqa: E731
    assert strip(one.output) == strip(two.output)
    assert re.search(r"^7 files, 1 with errors: \d+ errors?, 0 warnings, \d+ notes? \(\d+\.\d s\)$",
                     one.output, re.M), one.output
    scored = [json.loads(run("score", "--format", "json", "--jobs", j, tmp_path).output)
              for j in (1, 2)]
    assert scored[0] == scored[1] and len(scored[0]["games"]) == 7


def test_no_progress_bar_when_piped(tmp_path, records):
    for i, text in enumerate(records[:2]):
        (tmp_path / f"g{i}.ngn").write_text(text, encoding="utf-8")
    result = run("validate", tmp_path)
    assert "records" not in result.output and "%" not in result.output
