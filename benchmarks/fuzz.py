"""Fuzzing and adversarial inputs: what a stranger's record can cost the referee.

    python benchmarks/fuzz.py                 # 20,000 mutated inputs, 1 % through the CLI
    python benchmarks/fuzz.py --long          # 100,000 inputs
    python benchmarks/fuzz.py --inputs 0      # only the adversarial and pathological inputs

Three parts, each printed as it ends:
1. Mutation fuzzing: legal simulated records, mutated (grammar-aware, byte-level, `board:`
   lines, control characters), through the whole referee in this process; a share of
   them is written to a file as a stranger's editor might save it (BOM, CRLF, CR, UTF-16,
   NUL) and run through the real command line, a random command and output encoding,
   with a time and memory limit per input.  A crash (a traceback, or an exit code other
   than 0, 1, 2) is saved as fuzz-crash-N.ngn in the current folder.
2. Adversarial records (tests/fuzzing.py, ADVERSARIAL): each kind of line repeated up to
   the limits, the longest names and lines, many ships, checks and clauses; every command
   on each, with its time and peak memory (of that process alone), and the worst per
   command against the bound of docs/security.md (2 s, 200 MB).
3. Pathological files: too large, binary, UTF-16, not UTF-8, empty, a FIFO.
Not a test: tests/cli/test_robustness.py runs a small budget of each.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from common import CLI
from fuzzing import ADVERSARIAL, check_input, file_bytes, mutate

from nauticus_ref.game.board import bundled
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.notation.reading import MAX_STATEMENT_CHARS
from nauticus_ref.tools.simulate import simulate

SECONDS, MEGABYTES = 2.0, 200
COMMANDS = {
    "parse": ["parse"],
    "validate": ["validate"],
    "score": ["score"],
    "annotate": ["annotate"],
    "state": ["state"],
    "state --line": ["state", "--line", "{mid}"],
    "explain --line": ["explain", "--line", "{mid}"],
    "validate json": ["validate", "--format", "json"],
    "view": ["view"],
    "validate --variations": ["validate", "--variations"],
}


#: Address space each command may use: past it, it fails with a MemoryError (a crash here).
MEMORY_LIMIT = 1024**3


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cli(args: list[str], timeout: float = 30.0, env: dict | None = None):
    """(exit code, seconds, peak MB, stderr) of the command in a fresh process with a 1 GiB
    memory limit: the peak is that process's own (os.wait4's rusage); killed past `timeout`
    (exit code None)."""
    import threading

    start = time.perf_counter()
    proc = subprocess.Popen(
        CLI + args,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=_limit_memory,
    )
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stderr.close()
    code = None if proc.returncode == -9 and seconds >= timeout else proc.returncode
    return code, seconds, usage.ru_maxrss / 1024, err.decode("utf-8", "replace")


def fuzz(inputs: int, seed: int, cli_share: float) -> None:
    records = [to_ngn(simulate(n, s, bundled("standard"))) for n in (2, 3, 4) for s in range(4)]
    rng = random.Random(seed)
    crashes = through_cli = 0
    slowest = worst_cli = 0.0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(inputs):
            text = mutate(rng, rng.choice(records))
            t0 = time.perf_counter()
            try:
                if rng.random() < cli_share:
                    through_cli += 1
                    path = Path(tmp) / "record.ngn"
                    path.write_bytes(file_bytes(rng, text))
                    command = rng.choice(list(COMMANDS.values()))
                    args = [a.replace("{mid}", str(rng.randint(1, 60))) for a in command]
                    env = {
                        **os.environ,
                        "PYTHONIOENCODING": rng.choice(["utf-8", "cp1252", "ascii"]),
                    }
                    code, seconds, _, err = run_cli(args + [str(path)], env=env)
                    worst_cli = max(worst_cli, seconds)
                    if code not in (0, 1, 2) or "Traceback" in err:
                        raise RuntimeError(f"{' '.join(args)}: exit {code}\n{err[-2000:]}")
                else:
                    check_input(text, None)
            except Exception:  # noqa: BLE001 - a crash is what we count
                crashes += 1
                Path(f"fuzz-crash-{crashes}.ngn").write_text(
                    text, encoding="utf-8", errors="surrogateescape"
                )
                traceback.print_exc(limit=3)
            slowest = max(slowest, time.perf_counter() - t0)
            if (i + 1) % 5000 == 0:
                print(f"  {i + 1} inputs, {crashes} crashes", file=sys.stderr)
    seconds = time.perf_counter() - start
    print(
        f"fuzz: {inputs} inputs ({through_cli} through the command line), {crashes} crashes, "
        f"{seconds:.0f} s; slowest in process {slowest * 1000:.0f} ms, through the command "
        f"line {worst_cli * 1000:.0f} ms"
    )


def adversarial() -> None:
    print(f"\nadversarial records, every command (bound: {SECONDS:g} s, {MEGABYTES} MB)")
    worst: dict[str, tuple[float, float, str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in ADVERSARIAL.items():
            # Just under the bound on the moves (the costliest that is read), and a file
            # near the byte limit (refused unread).
            for size, label in ((MAX_STATEMENT_CHARS - 200, "64 KiB"), (500 * 1024, "500 KiB")):
                text = make(size)
                path = Path(tmp) / "record.ngn"
                path.write_text(text, encoding="utf-8")
                mid = str(max(1, text.count("\n") // 2))
                cells = []
                for command, args in COMMANDS.items():
                    code, seconds, peak, err = run_cli(
                        [a.replace("{mid}", mid) for a in args] + [str(path)]
                    )
                    if "Traceback" in err or code not in (0, 1, 2):
                        cells.append(f"{command}: CRASH")
                        continue
                    cells.append(f"{seconds:.2f}")
                    if seconds > worst.get(command, (0, 0, ""))[0]:
                        worst[command] = (seconds, peak, f"{name} {label}")
                print(f"  {name + ' ' + label:<24} " + " ".join(f"{c:>6}" for c in cells))
    print("  columns: " + ", ".join(COMMANDS))
    print("worst per command:")
    for command, (seconds, peak, what) in worst.items():
        flag = "" if seconds <= SECONDS and peak <= MEGABYTES else "  OVER THE BOUND"
        print(f"  {command:<16} {seconds:5.2f} s, peak {peak:4.0f} MB  ({what}){flag}")


PATHOLOGICAL = {
    "10 MB file": b"# " + b"x" * (10 * 1024 * 1024) + b"\n",
    "1 MB line": b"players: A, B\n  A: " + b"bow " * 250_000 + b">store\n",
    "binary data": bytes(range(256)) * 4096,
    "UTF-16": "players: Anna, Ben\n".encode("utf-16") * 100,
    "invalid UTF-8": b"players: J\xf6rg, Ben\n" * 1000,
    "empty file": b"",
    "comments only": b"# a comment\n" * 40_000,
}


def pathological() -> None:
    print("\npathological files, validate")
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in PATHOLOGICAL.items():
            path = Path(tmp) / "record.ngn"
            path.write_bytes(content)
            _show(name, run_cli(["validate", str(path)]))
        fifo = Path(tmp) / "fifo.ngn"
        os.mkfifo(fifo)
        _show("a FIFO", run_cli(["validate", str(fifo)], timeout=10))


def _show(name: str, result) -> None:
    code, seconds, peak, err = result
    said = (err.strip().splitlines() or ["(nothing on stderr)"])[0]
    print(f"  {name:>14}: exit {code} in {seconds:.2f} s, peak {peak:.0f} MB: {said[:90]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=20_000)
    ap.add_argument("--long", action="store_true", help="100,000 inputs")
    ap.add_argument(
        "--cli-share",
        type=float,
        default=0.01,
        help="share of inputs run through the command line (default 0.01)",
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    fuzz(100_000 if args.long else args.inputs, args.seed, args.cli_share)
    adversarial()
    pathological()


if __name__ == "__main__":
    main()
