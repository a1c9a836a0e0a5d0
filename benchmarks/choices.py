"""The recorder's choices at rich positions, tapped as a player taps them.

    python benchmarks/choices.py [RECORD:LINE...] [--walks N] [--seed S]

By default: game-2p.ngn line 9 (787,266 turns), game-4p.ngn lines 46 and 126 and
game-2p.ngn line 15 (a sails phase).  At each, N walks (default 15) through
`Book.choices` from nothing: each answer is asked again, as the page does, until the
search for it has ended; then a random part offered is tapped, until the parts make a
whole turn (where more may follow, it stops there a time in three).  Printed for each
position: the answers given and how many of them were cut (a legal next part may be
missing), the time one request takes (median, 90th percentile, maximum; a request
waits 0.05 s at most for the search), the longest an answer took to be whole (no
longer cut: every legal next part offered) and to settle (its search ended).
Beside them, the reference: listing the position's first 10,000 turns.  The process
runs as the program does (its garbage collector's setting, `nauticus_ref/__main__.py`),
and a position's listing is stopped before the next, as the recorder stops it.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import statistics
import tempfile
import time
from pathlib import Path

from nauticus_ref.__main__ import GC_THRESHOLD
from nauticus_ref.record.book import Book

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = [
    "examples/logs/game-2p.ngn:9",
    "examples/logs/game-4p.ngn:46",
    "examples/logs/game-4p.ngn:126",
    "examples/logs/game-2p.ngn:15",
]


def book_before(record: str, line: int, folder: Path) -> Book:
    """A recorder's book holding `record`'s lines before `line`."""
    lines = (ROOT / record).read_text(encoding="utf-8").splitlines(keepends=True)
    path = folder / f"{Path(record).stem}-{line}.ngn"
    path.write_text("".join(lines[: line - 1]), encoding="utf-8")
    return Book.open(str(path))


def walk(book: Book, walks: int, rng: random.Random) -> dict[str, float]:
    requests: list[float] = []
    settled: list[float] = []
    whole: list[float] = []
    answers = cut = 0
    for _ in range(walks):
        chosen: list[str] = []
        while True:
            start = time.monotonic()
            became = None  # whole
            while True:
                asked = time.monotonic()
                answer = book.choices(chosen)
                requests.append(time.monotonic() - asked)
                if not answer["cut"] and became is None:
                    became = time.monotonic() - start
                if not answer["listing"]:
                    break
                time.sleep(0.05)
            settled.append(time.monotonic() - start)
            if became is not None:
                whole.append(became)
            answers += 1
            cut += answer["cut"]
            steps = [s["text"] for s in answer["steps"]]
            if not steps or (answer["complete"] and rng.random() < 1 / 3):
                break
            chosen.append(rng.choice(steps))
    requests.sort()
    return {
        "answers": answers,
        "cut": cut,
        "median": statistics.median(requests),
        "p90": requests[int(len(requests) * 0.9)],
        "max": requests[-1],
        "settled": max(settled),
        "whole": max(whole, default=0.0),
    }


def reference(book: Book) -> float:
    """Listing the position's first 10,000 turns, as `moves` lists them."""
    from nauticus_ref.moves.point import options_at

    game = book.game()
    options = options_at(game.record, game.replayed.table.board, len(book.lines) + 1, game.lines)
    start = time.monotonic()
    for _ in itertools.islice(options.turns or (), 10_000):
        pass
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", nargs="*", default=POSITIONS, metavar="RECORD:LINE")
    parser.add_argument("--walks", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])  # as the program runs
    print(
        f"{'position':32} {'answers':>7} {'cut':>4} {'request median':>14} {'p90':>7} "
        f"{'max':>7} {'whole':>8} {'settled':>8} {'10,000 turns listed':>20}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for position in args.positions:
            record, _, line = position.rpartition(":")
            book = book_before(record, int(line), Path(folder))
            found = walk(book, args.walks, random.Random(args.seed))
            book.stop()  # as the recorder does once the record moves on
            listed = reference(book_before(record, int(line), Path(folder)))
            print(
                f"{position:32} {found['answers']:>7} {found['cut']:>4} "
                f"{found['median'] * 1000:>11.1f} ms {found['p90'] * 1000:>4.0f} ms "
                f"{found['max'] * 1000:>4.0f} ms {found['whole']:>6.2f} s "
                f"{found['settled']:>6.2f} s {listed:>18.2f} s"
            )


if __name__ == "__main__":
    main()
