"""Throughput over simulated 4-player games, and cold starts.

    python benchmarks/throughput.py [--games 2000]

Simulates the games once (into a temporary folder), then measures MB/s and
games/s for parsing alone and for validate + score, on one core in this process
and through `nauticus-ref validate --jobs 1|2` and `score`; then the cold start of
`nauticus-ref --version` and of validating one game.  Not a test.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nauticus_ref.assemble import parse_text
from nauticus_ref.board import bundled
from nauticus_ref.printer import to_ngn
from nauticus_ref.reports import score_json
from nauticus_ref.simulate import simulate
from nauticus_ref.sources import Source
from nauticus_ref.validate import validate_source

CLI = [sys.executable, "-m", "nauticus_ref.cli"]


def timed(fn) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def report(label: str, seconds: float, size: int, games: int) -> None:
    print(f"{label:<34} {size / 1e6 / seconds:6.2f} MB/s  {games / seconds:7.1f} games/s  "
          f"({seconds:.1f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()
    board = bundled("standard")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        texts = []
        for i in range(args.games):
            text = to_ngn(simulate(4, i, board))
            (folder / f"g{i:05d}.ngn").write_text(text, encoding="utf-8")
            texts.append(text)
        size = sum(len(t.encode("utf-8")) for t in texts)
        print(f"{args.games} simulated 4-player games, {size / 1e6:.1f} MB "
              f"(simulated in {time.perf_counter() - t0:.0f} s)")

        report("parse only, one core", timed(lambda: [parse_text(t) for t in texts]),
               size, args.games)
        report("validate + score, one core", timed(lambda: [
            score_json(validate_source(Source("g", t), board=board)) for t in texts]),
               size, args.games)
        for jobs in (1, 2):
            seconds = timed(lambda: subprocess.run(CLI + ["validate", "--jobs", str(jobs),
                                                          str(folder)], capture_output=True))
            report(f"nauticus-ref validate --jobs {jobs}", seconds, size, args.games)
        for jobs in (1, 2):
            seconds = timed(lambda: subprocess.run(CLI + ["score", "--format", "json", "--jobs",
                                                          str(jobs), str(folder)],
                                                         capture_output=True))
            report(f"nauticus-ref score --jobs {jobs}", seconds, size, args.games)

        one = folder / "g00000.ngn"
        for label, cmd in (("cold start: --version", ["--version"]),
                           ("cold start: validate one game", ["validate", str(one)])):
            runs = [timed(lambda: subprocess.run(CLI + cmd, capture_output=True))
                    for _ in range(7)]
            print(f"{label:<34} median {statistics.median(runs) * 1000:.0f} ms "
                  f"(min {min(runs) * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
