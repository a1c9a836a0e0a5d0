"""The language server's work after an edit: how long one recheck of a record takes.

    python benchmarks/server.py [RECORD]     (default: the 4-player example, 193 lines)

A record is opened once, then edited line by line (a space added at the end of each
move line in turn, as typing would); each edit is checked as the server checks it
(`Workspace.check`: parse with the document's line memo, replay, settings).  Printed
beside it, in the same run: a cold check of the same text (no memo), so the ratio
holds on this noisy machine.  The target (issue 16): under 100 ms for 200 lines.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from nauticus_ref.lsp.analysis import Workspace

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples/logs/game-4p.ngn"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    moves = [i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")]
    warm, cold = Workspace(warn=print), Workspace(warn=print)
    warm.check(str(path), text)
    after_edit, from_scratch = [], []
    for i in moves:
        edited = "\n".join(ln + " " if n == i else ln for n, ln in enumerate(lines))
        start = time.perf_counter()
        warm.check(str(path), edited)
        after_edit.append(time.perf_counter() - start)
        cold.forget(str(path))
        start = time.perf_counter()
        cold.check(str(path), edited)
        from_scratch.append(time.perf_counter() - start)

    def ms(xs: list[float]) -> str:
        return (f"median {statistics.median(xs) * 1000:5.1f} ms, "
                f"90th percentile {sorted(xs)[int(len(xs) * .9)] * 1000:5.1f} ms")

    print(f"{path.name}: {len(lines)} lines, {len(moves)} edits, each checked in full")
    print(f"  after an edit (line memo):  {ms(after_edit)}")
    print(f"  from scratch (no memo):     {ms(from_scratch)}")
    print(f"  ratio: {statistics.median(from_scratch) / statistics.median(after_edit):.2f}x")


if __name__ == "__main__":
    main()
