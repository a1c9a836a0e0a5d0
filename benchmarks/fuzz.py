"""A large fuzzing run: mutated simulated records through the whole referee.

    python benchmarks/fuzz.py [--inputs 20000] [--seed 1]

Prints the count of inputs tried and of crashes (each crash is saved as
fuzz-crash-N.ngn in the current folder), then times the pathological inputs
(a 10 MB file, a 1 MB line, binary data, invalid UTF-8, an empty file, comments
only) through the command line with their peak memory.  Not a test.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from common import CLI

from nauticus_ref.board import bundled
from nauticus_ref.fuzz import check_input, mutate
from nauticus_ref.printer import to_ngn
from nauticus_ref.simulate import simulate

PATHOLOGICAL = {
    "10 MB file": b"# " + b"x" * (10 * 1024 * 1024) + b"\n",
    "1 MB line": b"players: A, B\n  A: " + b"bow " * 250_000 + b">store\n",
    "100 KB line": b"players: A, B\n  A: " + b"bow " * 25_000 + b">store\n",
    "binary data": bytes(range(256)) * 4096,
    "invalid UTF-8": b"players: J\xf6rg, Ben\n" * 1000,
    "empty file": b"",
    "comments only": b"# a comment\n" * 20_000,
}


def fuzz(inputs: int, seed: int) -> None:
    board = bundled("standard")
    records = [to_ngn(simulate(n, s, board)) for n in (2, 3, 4) for s in range(4)]
    rng = random.Random(seed)
    crashes = 0
    slowest = 0.0
    start = time.perf_counter()
    for i in range(inputs):
        text = mutate(rng, rng.choice(records))
        t0 = time.perf_counter()
        try:
            check_input(text, board)
        except Exception:  # noqa: BLE001 - a crash is what we count
            crashes += 1
            Path(f"fuzz-crash-{crashes}.ngn").write_text(text, encoding="utf-8")
            traceback.print_exc(limit=3)
        slowest = max(slowest, time.perf_counter() - t0)
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1} inputs, {crashes} crashes", file=sys.stderr)
    seconds = time.perf_counter() - start
    print(f"fuzz: {inputs} inputs tried, {crashes} crashes, {seconds:.0f} s "
          f"({inputs / seconds:.0f} inputs/s, slowest {slowest * 1000:.0f} ms)")


def pathological() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in PATHOLOGICAL.items():
            path = Path(tmp) / "record.ngn"
            path.write_bytes(content)
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            t0 = time.perf_counter()
            proc = subprocess.run(CLI + ["validate", str(path)], capture_output=True, text=True)
            seconds = time.perf_counter() - t0
            peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
            said = (proc.stderr.strip() or proc.stdout.strip().splitlines()[0]).splitlines()[0]
            print(f"{name:>14}: exit {proc.returncode} in {seconds:.2f} s, peak {peak:.0f} MB: "
                  f"{said[:100]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    fuzz(args.inputs, args.seed)
    pathological()


if __name__ == "__main__":
    main()
