"""The legal moves at every position of a record: how long finding them takes.

    python benchmarks/moves.py [RECORD] [--seconds S]   (default: the 4-player example)

For each phase and turn line, in the same run: the table before the line
(`referee_before`, a replay from the start), the options without the Extra Action
counted (every body of the phase's action listed once, the lines a person reads
first), and the exact count of every turn with the Extra Action, stopped after S
seconds (default 10, as `moves` does).  Beside them, the reference: validating the
whole record once.  The target: a median of at most 50 ms a position.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from nauticus_ref.core.files import Source
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.purse import OutOfTime
from nauticus_ref.referee.engine import referee_before
from nauticus_ref.referee.validate import validate_source

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    args = sys.argv[1:]
    seconds = 10.0
    if "--seconds" in args:
        at = args.index("--seconds")
        seconds = float(args[at + 1])
        del args[at : at + 2]
    path = Path(args[0]) if args else ROOT / "examples/logs/game-4p.ngn"
    text = path.read_text(encoding="utf-8")
    start = time.perf_counter()
    game = validate_source(Source(path.name, text), steps=False)
    validate = time.perf_counter() - start
    assert game.record is not None and game.replayed is not None
    board = game.replayed.table.board
    lines = [ph.span.line for rnd in game.record.rounds for ph in rnd.phases] + [
        t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns
    ]
    table, plain, full = [], [], []
    uncounted = 0
    for line in sorted(lines):
        t0 = time.perf_counter()
        referee_before(game.record, board, line, game.lines)
        t1 = time.perf_counter()
        options = options_at(game.record, board, line, game.lines)
        if options.turns is None:
            plain.append(time.perf_counter() - t1)
            full.append(time.perf_counter() - t1)
            table.append(t1 - t0)
            continue
        t2 = time.perf_counter()
        options.turns.plain_counts()
        t3 = time.perf_counter()
        try:
            options.turns.counts(time.monotonic() + seconds)
        except OutOfTime:
            uncounted += 1
        t4 = time.perf_counter()
        table.append(t1 - t0)
        plain.append(t3 - t2 + (t2 - t1))
        full.append(t4 - t3 + (t2 - t1))
    print(
        f"{path.name}: {len(lines)} positions; validating the whole record once: "
        f"{validate * 1000:.1f} ms"
    )
    for name, times in (
        ("the table before the line", table),
        ("options without the Extra Action", plain),
        ("every turn counted (Extra Action too)", full),
    ):
        ms = sorted(t * 1000 for t in times)
        print(
            f"  {name:<40} median {statistics.median(ms):8.1f} ms   "
            f"p90 {ms[int(len(ms) * 0.9)]:8.1f} ms   max {ms[-1]:8.1f} ms"
        )
    print(f"  positions whose full count ran past {seconds:g} s: {uncounted}")


if __name__ == "__main__":
    main()
