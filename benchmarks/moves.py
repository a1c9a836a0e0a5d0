"""The legal moves at every position of many records: how long finding them takes.

    python benchmarks/moves.py [RECORD...] [--games N] [--seconds S] [--jobs J]

By default: every phase and turn line of the three examples and of N simulated games
(default 20, seeds 0 to N-1, 2 to 4 players in turn).  For each position, in the same
run: the table before the line (`referee_before`, a replay from the start), the options
without the Extra Action counted, the exact count of every turn with the Extra Action
(stopped after S seconds, default 2), and the answer `moves --format json` gives, within
its own bound (`views/moves.SECONDS`).  Beside them, the reference: validating each whole
record once.  Printed: the median, the 99th percentile and the maximum of each, the
positions whose count ran past S, and the peak memory of the process that measured.
With `--where`, each position past S (record and line) and where its count stopped (the
generator's functions it was in), then how many stopped in each.
With `--jobs J`, J processes measure a record each at a time (on a machine with J
cores free; the reference is measured in the same processes), and the peak memory is
the largest of theirs.

The targets (docs/moves.md): a count's median at most 50 ms, its maximum at most 1 s,
peak memory at most 200 MB.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Iterator

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


def measure(name: str, text: str, seconds: float, times: dict[str, list[float]]) -> list[str]:
    """Time every position of one record into `times`; the counts that ran past, each
    as its line and where it stopped (`stopped_in`)."""
    start = time.perf_counter()
    game = validate_source(Source(name, text), steps=False)
    times["validating the whole record"].append(time.perf_counter() - start)
    assert game.record is not None and game.replayed is not None, name
    board = game.replayed.table.board
    lines = sorted(
        m.span.line for rnd in game.record.rounds for ph in rnd.phases for m in [ph, *ph.turns]
    )
    past: list[str] = []
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
        except OutOfTime as out:
            past.append(f"{line} {stopped_in(out)}")
        t4 = time.perf_counter()
        moves_json(name, game.record, options, None)
        t5 = time.perf_counter()
        times["options without the Extra Action"].append(t3 - t1)
        times["every turn counted (Extra Action too)"].append(t4 - t3 + (t2 - t1))
        times["`moves --format json`, bounded"].append(t5 - t4 + (t2 - t1))
    return past


def stopped_in(out: OutOfTime) -> str:
    """The generator's functions a count was in when it ran out of time, outermost
    first, the first three below `TurnOptions.counts`."""
    frames = traceback.extract_tb(out.__traceback__)
    names = [Path(f.filename).stem + "." + f.name for f in frames if "/moves/" in f.filename]
    return " > ".join([n for n in names[1:] if n != "purse.check"][:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="*", type=Path)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--where", action="store_true", help="name each count past S")
    args = parser.parse_args()
    times: dict[str, list[float]] = {k: [] for k in LABELS}
    measured = records(args.records, args.games)
    past: list[str] = []
    stops: Counter[str] = Counter()  # where they stopped (a record's name may hold spaces)
    with ProcessPoolExecutor(args.jobs) as pool:
        names, texts = zip(*measured)
        seconds = [args.seconds] * len(measured)
        results: Iterator[tuple[dict[str, list[float]], list[str]]] = (
            pool.map(measured_one, names, texts, seconds)
            if args.jobs > 1
            else map(measured_one, names, texts, seconds)
        )
        for k, (name, (got, over)) in enumerate(zip(names, results), 1):
            print(f"[{k}/{len(measured)}] {name}", file=sys.stderr, flush=True)
            past += [f"{name}:{p}" for p in over]
            stops.update(p.split(" ", 1)[1] for p in over)
            for label, ts in got.items():
                times[label] += ts
    positions = len(times["the table before the line"])
    print(f"{len(measured)} records, {positions} positions")
    for label, found in times.items():
        if not found:
            continue
        ms = sorted(t * 1000 for t in found)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(
            f"  {label:<40} median {statistics.median(ms):8.1f} ms   "
            f"p99 {p99:8.1f} ms   max {ms[-1]:8.1f} ms"
        )
    print(f"  counts that ran past {args.seconds:g} s: {len(past)}")
    who = resource.RUSAGE_CHILDREN if args.jobs > 1 else resource.RUSAGE_SELF
    peak = resource.getrusage(who).ru_maxrss / 1024
    print(f"  peak memory of a measuring process: {peak:.0f} MB")
    if args.where:
        print(f"where the counts past {args.seconds:g} s stopped:")
        print("".join(f"  {p}\n" for p in past), end="")
        for where, n in stops.most_common():
            print(f"  {n:4}  {where}")


LABELS = (
    "validating the whole record",
    "the table before the line",
    "options without the Extra Action",
    "every turn counted (Extra Action too)",
    "`moves --format json`, bounded",
)


def measured_one(name: str, text: str, seconds: float) -> tuple[dict[str, list[float]], list[str]]:
    """The times of one record's positions, and the counts that ran past `seconds`."""
    times: dict[str, list[float]] = {k: [] for k in LABELS}
    past = measure(name, text, seconds, times)
    return times, past


if __name__ == "__main__":
    main()
