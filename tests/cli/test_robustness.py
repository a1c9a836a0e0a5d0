"""No input crashes the referee: fuzzing, pathological files, batch runs."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner
from fuzzing import MUTATIONS, board_line, check_input, control_chars, mutate
from helpers import ROOT

from nauticus_ref.cli import main
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.tools.simulate import simulate

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
        codes.add(check_input(mutate(rng, rng.choice(records)), None))
    assert codes <= {0, 1, 2} and 1 in codes


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda m: m.__name__)
def test_every_mutation_kind_through_the_command_line(mutation, records, tmp_path):
    rng = random.Random(mutation.__name__)
    for i in range(4):
        path = tmp_path / f"m{i}.ngn"
        path.write_text(mutation(rng, rng.choice(records)), encoding="utf-8")
        for command in ("validate", "score"):
            result = run(command, path)
            # 2: a `board:` line naming what a record may not, or a NUL byte (binary data)
            allowed = (0, 1, 2) if mutation in (board_line, control_chars) else (0, 1)
            assert result.exit_code in allowed, (command, result.output, result.exception)
            assert "Traceback" not in result.output


def test_huge_numbers_are_refused_not_counted():
    # found by fuzzing: a count of 10**19 made the replay loop for ever
    base = (
        "players: A, B\nround 1: goods hulls money transport crowns masts deliver sails\n"
        "1. A money bonus whale\n"
    )
    for line in ("  A: 99999999999w", "  A: 5w = 123456t", "check B: 100000vp"):
        from nauticus_ref.notation.assemble import parse_text

        result = parse_text(base + line + "\n")
        assert result.record is None
        assert "far larger than a game allows" in result.diagnostics[0].message


@pytest.mark.parametrize(
    "name, content, code, message",
    [
        ("big.ngn", b"# " + b"x" * (10 * 1024 * 1024) + b"\n", 2, "too large to be a record"),
        ("binary.ngn", bytes(range(256)) * 64, 2, "binary data"),
        ("latin1.ngn", "players: Jörg, Ben\n".encode("latin-1"), 2, "not UTF-8"),
        ("empty.ngn", b"", 1, "no `players:` line"),
        ("comments.ngn", b"# just a comment\n# and another\n", 1, "no `players:` line"),
        (
            "megaline.ngn",
            b"players: A, B\n  A: " + b"bow " * 250_000 + b">store\n",
            2,
            "too large to be a record",
        ),
        (
            "longline.ngn",
            b"players: A, B\n  A: " + b"bow " * 25_000 + b">store\n",
            1,
            "no line of a record is longer",
        ),
    ],
)
def test_pathological_inputs_get_a_clear_message(tmp_path, name, content, code, message):
    path = tmp_path / name
    path.write_bytes(content)
    result = run("validate", path)
    assert result.exit_code == code and message in result.output, result.output
    assert "Traceback" not in result.output


def test_many_errors_are_capped(tmp_path):
    lines = [
        "players: A, B",
        "round 1: goods hulls money transport crowns masts deliver sails",
        "1. A money bonus whale",
    ] + ["  A: 1w"] * 400
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
    assert one.output == two.output  # not piped to a terminal: no run time in the summary
    assert re.search(
        r"^7 files, 1 with errors: \d+ errors?, 0 warnings, \d+ notes?$", one.output, re.M
    ), one.output
    scored = [
        json.loads(run("score", "--format", "json", "--jobs", j, tmp_path).output) for j in (1, 2)
    ]
    assert scored[0] == scored[1] and len(scored[0]["games"]) == 7


def test_no_progress_bar_when_piped(tmp_path, records):
    for i, text in enumerate(records[:2]):
        (tmp_path / f"g{i}.ngn").write_text(text, encoding="utf-8")
    result = run("validate", tmp_path)
    assert "records" not in result.output and "%" not in result.output


# -- batches that end cleanly ----------------------------------------------------------

import os  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

from nauticus_ref.cli.batch import Outcome  # noqa: E402
from nauticus_ref.cli.batch import run as run_batch  # noqa: E402
from nauticus_ref.settings.finder import DEFAULT  # noqa: E402


def misbehaving(path: str, checking, fmt: str) -> Outcome:
    """A stand-in for validate_one that crashes, hangs or dies on some records."""
    name = os.path.basename(path)
    if name.startswith("crash"):
        raise ValueError("boom")
    if name.startswith("hang"):
        time.sleep(600)
    if name.startswith("die"):
        os.kill(os.getpid(), signal.SIGKILL)
    return Outcome(path, text=f"checked {name}")


@pytest.mark.parametrize("jobs", [1, 2])
def test_one_bad_record_does_not_stop_the_batch(jobs):
    names = ["a", "b", "crash", "c", "hang", "d", "e"] + (["die", "f"] if jobs > 1 else [])
    outcomes = list(
        run_batch(misbehaving, [(n, DEFAULT) for n in names], "text", jobs, time_limit=2)
    )
    assert [o.path for o in outcomes] == names  # every record, in order
    by_name = {o.path: o for o in outcomes}
    assert "the referee failed on it (ValueError: boom)" in by_name["crash"].failure
    assert "took longer than 2 s" in by_name["hang"].failure
    if jobs > 1:
        assert "was killed (SIGKILL, perhaps out of memory)" in by_name["die"].failure
    fine = [o for o in outcomes if o.failure is None]
    assert [o.text for o in fine] == [
        f"checked {n}" for n in names if n not in ("crash", "hang", "die")
    ]


def test_a_worker_lost_mid_chunk_costs_one_record():
    """Workers take records in chunks: when one dies or hangs, the record it was on is
    reported and the rest of its chunk is checked by a new worker."""
    names = [f"r{i}" for i in range(60)]
    names[10], names[31] = "die", "hang"
    outcomes = list(run_batch(misbehaving, [(n, DEFAULT) for n in names], "text", 2, time_limit=2))
    assert [o.path for o in outcomes] == names
    assert [o.path for o in outcomes if o.failure] == ["die", "hang"]
    assert all(o.text == f"checked {o.path}" for o in outcomes if o.failure is None)


def test_folders_name_what_they_skip(tmp_path, records):
    (tmp_path / "good.ngn").write_text(records[0], encoding="utf-8")
    os.mkfifo(tmp_path / "fifo.ngn")
    (tmp_path / "loop.ngn").symlink_to(tmp_path / "loop.ngn")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "nested.ngn").write_text(records[1], encoding="utf-8")
    (tmp_path / "linked").symlink_to(tmp_path / "sub")
    result = run("validate", tmp_path)
    assert result.exit_code == 2
    assert "fifo.ngn: not a regular file (a FIFO); skipped" in result.output
    assert "loop.ngn: a symbolic link loop; skipped" in result.output
    assert "linked: a link to a folder; not followed" in result.output
    assert "good.ngn: valid" in result.output and "nested.ngn: valid" in result.output


def test_utf16_and_cr_line_ends(tmp_path, records):
    utf16 = tmp_path / "u16.ngn"
    utf16.write_bytes(records[0].encode("utf-16"))
    result = run("validate", utf16)
    assert result.exit_code == 2 and "UTF-16 text; save it as UTF-8" in result.output
    mac = tmp_path / "cr.ngn"
    mac.write_bytes(records[0].replace("\n", "\r").encode("utf-8"))
    assert run("validate", mac).exit_code == 0


def _big_folder(tmp_path, records, n=300):
    for i in range(n):
        (tmp_path / f"g{i:03d}.ngn").write_text(records[i % len(records)], encoding="utf-8")


def _processes_mentioning(marker: str) -> list[int]:
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if marker.encode() in f.read():
                        found.append(int(pid))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc to find stray workers")
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_ends_the_batch_and_its_workers(tmp_path, records, sig, code):
    _big_folder(tmp_path, records)
    # a shell without job control starts a command in the background with SIGINT
    # ignored, and the batch would inherit that: give it the default, as a terminal does
    ignored = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "nauticus_ref.cli", "validate", "--jobs", "2", str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, ignored)
    deadline = time.monotonic() + 60
    while proc.stdout.readline().count("valid") == 0 and time.monotonic() < deadline:
        pass  # the workers are at work once the first result is out
    os.killpg(proc.pid, sig)  # as a terminal sends Ctrl-C: to the whole group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert "Traceback" not in err
    time.sleep(0.5)
    assert _processes_mentioning(str(tmp_path)) == []


# -- bounded work on any input ---------------------------------------------------------

from fuzzing import ADVERSARIAL  # noqa: E402

from nauticus_ref.notation.assemble import parse_text  # noqa: E402
from nauticus_ref.notation.reading import MAX_STATEMENT_CHARS  # noqa: E402


@pytest.mark.parametrize("name", ADVERSARIAL)
def test_adversarial_records_at_the_bound_are_handled(name):
    """Every command's path on the costliest record that is still read (the benchmark,
    benchmarks/fuzz.py, times them; here they must only answer)."""
    text = ADVERSARIAL[name](MAX_STATEMENT_CHARS - 200)
    assert check_input(text, None) in (0, 1)


def test_moves_beyond_any_game_are_refused_unread(monkeypatch):
    import nauticus_ref.notation.assemble as assemble

    def no_parser():
        raise AssertionError("a line was parsed")

    monkeypatch.setattr(assemble, "line_parser", no_parser)
    text = ADVERSARIAL["money turns"](2 * MAX_STATEMENT_CHARS)
    result = parse_text(text)
    (diag,) = result.diagnostics
    assert result.record is None and "the moves pass 65,536 characters" in diag.message
    total, lines = 0, text.split("\n")
    for number, line in enumerate(lines, 1):  # the line where the budget ran out
        total += len(line)
        if total > MAX_STATEMENT_CHARS:
            break
    assert diag.span.line == number
    monkeypatch.undo()
    assert parse_text("# a comment\n" * 20_000 + "players: A, B\n").record is not None


def test_an_unreadable_folder_is_named(tmp_path, records, monkeypatch):
    # Permissions do not stop root, who runs CI; so the folder's listing fails here.
    (tmp_path / "good.ngn").write_text(records[0], encoding="utf-8")
    (tmp_path / "locked").mkdir()
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = run("validate", tmp_path)
    assert result.exit_code == 2
    assert "locked: cannot read this folder (permission denied); skipped" in result.output
    assert "good.ngn: valid" in result.output


@pytest.mark.parametrize(
    "surface", ["toml", "patterns", "documents", "protocol", "fmt", "cli", "record"]
)
def test_every_surface_fuzzer_small_budget(surface, tmp_path, monkeypatch):
    """A small budget of each surface's generator (benchmarks/surfaces.py runs the full one):
    no crash, no broken promise, nothing over the bound."""

    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    surfaces = __import__("surfaces")
    budget = {"protocol": 40, "fmt": 30, "cli": 8, "record": 40}.get(surface, 300)
    report = surfaces.SURFACES[surface](random.Random(surface), budget, tmp_path)
    assert report.inputs == budget and report.crashes == 0 and report.over == 0, report.line()


def test_one_job_bounds_a_records_memory_as_a_worker_does(monkeypatch):
    """With `--jobs 1` records are handled in the program's own process: one that wants
    more memory than a worker may have fails alone, and the next is checked."""
    import resource

    from nauticus_ref.cli import batch

    used = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
    monkeypatch.setattr(batch, "WORKER_MEMORY", used + 300 * 1024**2)

    def greedy(path, checking, fmt, quiet=False):
        if path == "greedy.ngn":
            bytearray(1024**3)  # a gigabyte: past the bound
        return Outcome(path, text="ok\n")

    before = resource.getrlimit(resource.RLIMIT_AS)
    outcomes = list(
        batch.run(greedy, [("greedy.ngn", DEFAULT), ("next.ngn", DEFAULT)], "text", jobs=1)
    )
    assert "MemoryError" in (outcomes[0].failure or "")
    assert outcomes[1].text == "ok\n"
    assert resource.getrlimit(resource.RLIMIT_AS) == before  # the bound is lifted after
