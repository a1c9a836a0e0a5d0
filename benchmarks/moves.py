"""The legal moves at every position of many records: how long finding them takes.

    python benchmarks/moves.py [RECORD...] [--games N] [--seconds S]

By default: every phase and turn line of the three examples and of N simulated games
(default 20, seeds 0 to N-1, 2 to 4 players in turn).  For each position, in the same
run: the table before the line (`referee_before`, a replay from the start), the options
without the Extra Action counted, the exact count of every turn with the Extra Action
(stopped after S seconds, default 2), and the answer `moves --format json` gives, within
its own bound (`views/moves.SECONDS`).  Beside them, the reference: validating each whole
record once.  Printed: the median, the 99th percentile and the maximum of each, the
positions whose count ran past S, and the process's peak memory.

The targets (docs/moves.md): a count's median at most 50 ms, its maximum at most 1 s,
peak memory at most 200 MB.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.purse import OutOfTime
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.engine import referee_before
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.tools.simulate import simulate
from nauticus_ref.views.moves import moves_json

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = [ROOT / "examples" / "logs" / f"game-{n}p.ngn" for n in (2, 3, 4)]


def records(paths: list[Path], games: int) -> list[tuple[str, str]]:
    """(name, text) of the records to measure."""
    out = [(p.name, p.read_text(encoding="utf-8")) for p in (paths or EXAMPLES)]
    if not paths:
        board = bundled("standard")
        out += [(f"simulated {s}", to_ngn(simulate(2 + s % 3, s, board))) for s in range(games)]
    return out


def measure(name: str, text: str, seconds: float, times: dict[str, list[float]]) -> int:
    """Time every position of one record into `times`; how many counts ran past."""
    start = time.perf_counter()
    game = validate_source(Source(name, text), steps=False)
    times["validating the whole record"].append(time.perf_counter() - start)
    assert game.record is not None and game.replayed is not None, name
    board = game.replayed.table.board
    lines = sorted(
        m.span.line for rnd in game.record.rounds for ph in rnd.phases for m in [ph, *ph.turns]
    )
    past = 0
    for line in lines:
        t0 = time.perf_counter()
        referee_before(game.record, board, line, game.lines)
        t1 = time.perf_counter()
        options = options_at(game.record, board, line, game.lines)
        t2 = time.perf_counter()
        times["the table before the line"].append(t1 - t0)
        if options.turns is None:
            continue
        options.turns.plain_counts()
        t3 = time.perf_counter()
        try:
            options.turns.counts(time.monotonic() + seconds)
        except OutOfTime:
            past += 1
        t4 = time.perf_counter()
        moves_json(name, game.record, options, None)
        t5 = time.perf_counter()
        times["options without the Extra Action"].append(t3 - t1)
        times["every turn counted (Extra Action too)"].append(t4 - t3 + (t2 - t1))
        times["`moves --format json`, bounded"].append(t5 - t4 + (t2 - t1))
    return past


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="*", type=Path)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    times: dict[str, list[float]] = {
        k: []
        for k in (
            "validating the whole record",
            "the table before the line",
            "options without the Extra Action",
            "every turn counted (Extra Action too)",
            "`moves --format json`, bounded",
        )
    }
    measured = records(args.records, args.games)
    past = 0
    for k, (name, text) in enumerate(measured, 1):
        print(f"[{k}/{len(measured)}] {name}", file=sys.stderr, flush=True)
        past += measure(name, text, args.seconds, times)
    positions = len(times["the table before the line"])
    print(f"{len(measured)} records, {positions} positions")
    for label, found in times.items():
        ms = sorted(t * 1000 for t in found)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(
            f"  {label:<40} median {statistics.median(ms):8.1f} ms   "
            f"p99 {p99:8.1f} ms   max {ms[-1]:8.1f} ms"
        )
    print(f"  counts that ran past {args.seconds:g} s: {past}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
