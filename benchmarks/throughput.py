"""Throughput over simulated 4-player games.

    python benchmarks/throughput.py [--games 2000]

Simulates the games once (into a temporary folder), then measures MB/s and
games/s for parsing alone and for validate + score, on one core in this process;
then the command `nauticus-ref validate` and `score` with `--jobs 1`, 2 and one per
core (timed in alternation, best of 2; with the CPU time each used, and the speed-up
over one job); then the peak memory of one process over a tenth of the games and
over all of them (flat: nothing is kept per game).  Beside them, the floor set by
lark itself (see common.py).  Cold starts are cold.py's.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import CLI, best_seconds, each, lark_floor

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.tools.simulate import simulate
from nauticus_ref.views.score import score_json


def report(label: str, seconds: float, size: int, games: int) -> None:
    print(
        f"  {label:<36} {size / 1e6 / seconds:5.2f} MB/s  {games / seconds:7.1f} games/s  "
        f"({seconds:.1f} s)"
    )


def timed(args: list[str]) -> tuple[float, float]:
    """Wall seconds of a command, and the CPU seconds it and its workers used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def peak_mb(args: list[str]) -> float:
    """The largest resident size (MB) of the command or any process it waited for,
    measured from a fresh process that runs nothing else."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True)
    return int(out.stdout) / 1024


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
        print(
            f"{args.games} simulated 4-player games, {size / 1e6:.1f} MB "
            f"(simulated in {time.perf_counter() - t0:.0f} s)"
        )

        def validate_and_score(text: str) -> None:
            score_json(validate_source(Source("g", text), board=board))

        print("in this process, one core, best of 3")
        for label, loop in [
            ("parse only", each(parse_text, texts)),
            ("validate + score", each(validate_and_score, texts)),
        ] + lark_floor(texts):
            report(label, best_seconds(loop), size, args.games)

        print("the command, best of 2, in alternation")
        cores = os.cpu_count() or 1
        for command in (["validate", "-q"], ["score", "--format", "json"]):
            runs = sorted({1, 2, cores})
            best: dict[int, tuple[float, float]] = {}
            for _ in range(2):
                for jobs in runs:
                    seconds, cpu = timed(CLI + command + ["--jobs", str(jobs), str(folder)])
                    if jobs not in best or seconds < best[jobs][0]:
                        best[jobs] = (seconds, cpu)
            for jobs in runs:
                seconds, cpu = best[jobs]
                report(f"nauticus-ref {command[0]} --jobs {jobs}", seconds, size, args.games)
                print(f"  {'':<36} {best[1][0] / seconds:5.2f}x one job, CPU {cpu:.1f} s")

        print("peak memory of the largest process (validate --jobs 1)")
        tenth = folder.with_name(folder.name + "-tenth")  # beside it: folders are searched
        tenth.mkdir()
        for i in range(max(1, args.games // 10)):
            (tenth / f"g{i:05d}.ngn").hardlink_to(folder / f"g{i:05d}.ngn")
        for label, target in (
            (f"{max(1, args.games // 10)} games", tenth),
            (f"{args.games} games", folder),
        ):
            print(f"  {label:<36} {peak_mb(CLI + ['validate', '-q', str(target)]):5.0f} MB")
        shutil.rmtree(tenth)


if __name__ == "__main__":
    main()
