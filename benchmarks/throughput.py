"""Throughput over simulated 4-player games, and cold starts.

    python benchmarks/throughput.py [--games 2000]

Simulates the games once (into a temporary folder), then measures MB/s and
games/s for parsing alone and for validate + score, on one core in this process
and through `nauticus-ref validate --jobs 1|2` and `score`; then the cold start of
`nauticus-ref --version` and of validating one game.  Beside them, the floor set by
the libraries themselves (see common.py).  Not a test.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

from common import CLI, best_seconds, cold_ms, each, import_floor_commands, lark_floor

from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.views.score import score_json
from nauticus_ref.tools.simulate import simulate
from nauticus_ref.files import Source
from nauticus_ref.referee.validate import validate_source


def report(label: str, seconds: float, size: int, games: int) -> None:
    print(f"  {label:<36} {size / 1e6 / seconds:5.2f} MB/s  {games / seconds:7.1f} games/s  "
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

        def validate_and_score(text: str) -> None:
            score_json(validate_source(Source("g", text), board=board))

        print("in this process, one core, best of 3")
        for label, loop in ([("parse only", each(parse_text, texts)),
                             ("validate + score", each(validate_and_score, texts))]
                            + lark_floor(texts)):
            report(label, best_seconds(loop), size, args.games)

        print("the command, one run each")
        for command in (["validate"], ["score", "--format", "json"]):
            for jobs in (1, 2):
                args_ = CLI + command + ["--jobs", str(jobs), str(folder)]
                seconds = best_seconds(lambda: subprocess.run(args_, capture_output=True), 1)
                report(f"nauticus-ref {command[0]} --jobs {jobs}", seconds, size, args.games)

        print("cold start: median (min) of 15 fresh processes")
        one = str(folder / "g00000.ngn")
        for label, cmd in import_floor_commands() + [
                ("nauticus-ref --version", CLI + ["--version"]),
                ("nauticus-ref validate (one game)", CLI + ["validate", one])]:
            median, least = cold_ms(cmd)
            print(f"  {label:<36} {median:5.0f} ms ({least:.0f} ms)")


if __name__ == "__main__":
    main()
