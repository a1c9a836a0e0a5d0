"""A league beside validate on the same folder, and the rating of a large archive.

    python benchmarks/league.py [--games 2000] [--archive 100000] [--rounds 3]

1. Simulates --games games (2 to 4 players, names from a pool of 40, dated over two
   years) into a temporary folder, once; then runs `nauticus-ref validate --quiet` and
   `nauticus-ref league` on it in alternation, --rounds times each, and prints the
   median wall and CPU seconds of each, their ratio (the target: a league costs at
   most 1.5 times validate, each record read and replayed once) and each one's peak
   memory.
2. Rates --archive game results of a large online archive (2 to 4 players from a pool
   of 2,000 names, random places), with the league's own code: the seconds and the
   peak memory of rating them, and with the replay cost per record from step 1, what
   a league over that many records costs in all.
Not a test.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from common import CLI
from throughput import peak_mb, timed

from nauticus_ref.game.board import bundled
from nauticus_ref.game.league import Place, Result, rate
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.tools.simulate import NAMES, simulate

POOL = [f"Player{n:02d}" for n in range(40)]


def club(folder: Path, games: int) -> None:
    rng = random.Random(46)
    board = bundled("standard")
    for n in range(games):
        players = 2 + n % 3
        text = to_ngn(simulate(players, n, board))
        chosen = dict(zip(NAMES, rng.sample(POOL, players)))
        text = re.sub(r"\b(" + "|".join(NAMES) + r")\b", lambda m: chosen[m.group(1)], text)
        day = f"{2025 + n % 2}-{1 + n % 12:02d}-{1 + n % 28:02d}"
        text = text.replace("\nplayers:", f"\ndate: {day}\nplayers:", 1)
        (folder / f"game-{n:05d}.ngn").write_text(text, encoding="utf-8")


def archive(games: int) -> list[Result]:
    rng = random.Random(100)
    names = [f"member{n:04d}" for n in range(2000)]
    out = []
    for n in range(games):
        players = rng.sample(names, rng.choice((2, 3, 4)))
        ranks = sorted(rng.randint(1, len(players)) for _ in players)
        places = tuple(
            Place(name, seat, rng.randint(30, 100), rank)
            for seat, (name, rank) in enumerate(zip(players, ranks), 1)
        )
        out.append(Result(f"game{n}.ngn", f"20{10 + n * 15 // games:02d}-01-01", places))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--archive", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        club(folder, args.games)
        print(f"{args.games} simulated games in {time.perf_counter() - started:.0f} s")
        commands = {
            "validate": [*CLI, "validate", "--quiet", "--isolated", str(folder)],
            "league": [*CLI, "league", "--isolated", str(folder)],
        }
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, command in commands.items():
                runs[name].append(timed(command))
        medians = {
            name: (statistics.median(w for w, _ in r), statistics.median(c for _, c in r))
            for name, r in runs.items()
        }
        for name, (wall, cpu) in medians.items():
            print(
                f"  {name:<9} wall {wall:6.1f} s  cpu {cpu:6.1f} s  "
                f"{args.games / wall:6.1f} games/s  peak {peak_mb(commands[name]):.0f} MB"
            )
        ratio = medians["league"][0] / medians["validate"][0]
        print(f"  league / validate: {ratio:.2f} (wall, median of {args.rounds}; target <= 1.5)")
        per_record = medians["league"][1] / args.games
    results = archive(args.archive)
    for page in (False, True):
        started = time.perf_counter()
        league = rate(results, page=page)
        seconds = time.perf_counter() - started
        del league
        tracemalloc.start()  # a second run, measured: tracing slows it down
        league = rate(results, page=page)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        what = "the page: the ratings' course, head to head" if page else "text, json, csv"
        print(
            f"an archive of {args.archive} games, {len(league.standings)} players ({what}): "
            f"rated in {seconds:.1f} s, {peak:.0f} MB at the peak beside the results"
        )
        if not page:
            rated = seconds
    print(
        f"  with the replay at {per_record * 1000:.1f} ms of CPU a record (above): about "
        f"{(per_record * args.archive + rated) / 60:.0f} minutes of CPU for the whole league"
    )


if __name__ == "__main__":
    sys.exit(main())
