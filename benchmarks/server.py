"""The language server's work after an edit: how long one recheck of a record takes.

    python benchmarks/server.py [RECORD]     (default: the 4-player example, 193 lines)

A record is opened once, then edited line by line (a space added at the end of each
move line in turn, as typing would); each edit is checked as the server checks it
(`Workspace.check`: parse with the document's line memo, replay from the last
snapshot before the edit, settings).  Printed beside it, in the same run: a cold
check of the same text (no memo), so the ratio holds on this noisy machine; and the
replay alone, resumed from a snapshot against whole.  The target: under
100 ms for 200 lines.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Callable

from nauticus_ref.lsp.analysis import Workspace
from nauticus_ref.notation.assemble import parse_text
from nauticus_ref.referee.engine import replay
from nauticus_ref.referee.resume import replay_edited

ROOT = Path(__file__).resolve().parents[1]


def edits(path: Path, text: str, where: list[int]) -> dict[str, list[float]]:
    """Seconds per check, for an edit on each line of `where` in turn: by the server
    (memos), from scratch, and the replay alone, resumed and whole."""
    lines = text.split("\n")
    warm, cold = Workspace(warn=print), Workspace(warn=print)
    warm.check(str(path), text)
    memory = warm.memory[str(path)].memo
    times: dict[str, list[float]] = {k: [] for k in ("edit", "scratch", "resumed", "whole")}

    def timed(key: str, work: Callable[[], object]) -> None:
        start = time.perf_counter()
        work()
        times[key].append(time.perf_counter() - start)

    for i in where:
        edited = "\n".join(ln + " " if n == i else ln for n, ln in enumerate(lines))
        last = memory.replay  # what the version before this edit left
        timed("edit", lambda: warm.check(str(path), edited))
        cold.forget(str(path))
        timed("scratch", lambda: cold.check(str(path), edited))
        parsed = parse_text(edited)
        record = parsed.record
        assert record is not None and last is not None
        timed("resumed", lambda: replay_edited(record, last.board, parsed.lines, last, steps=False))
        timed("whole", lambda: replay(record, last.board, lines=parsed.lines, steps=False))
    return times


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "examples/logs/game-4p.ngn"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    moves = [i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("#")]

    def ms(xs: list[float]) -> str:
        return (
            f"median {statistics.median(xs) * 1000:5.1f} ms, "
            f"90th percentile {sorted(xs)[int(len(xs) * 0.9)] * 1000:5.1f} ms"
        )

    print(f"{path.name}: {len(lines)} lines")
    for title, where in (
        (f"an edit on each of the {len(moves)} move lines", moves),
        (
            "ten edits on each of the last five move lines (typing as the game goes)",
            [i for i in moves[-5:] for _ in range(10)],
        ),
    ):
        times = edits(path, text, where)
        print(f"{title}:")
        print(f"  after an edit (memos):      {ms(times['edit'])}")
        print(f"  from scratch (no memo):     {ms(times['scratch'])}")
        print(
            f"  ratio: {statistics.median(times['scratch']) / statistics.median(times['edit']):.2f}x"
        )
        print(f"  the replay alone, resumed:  {ms(times['resumed'])}")
        print(f"  the replay alone, whole:    {ms(times['whole'])}")


if __name__ == "__main__":
    main()
