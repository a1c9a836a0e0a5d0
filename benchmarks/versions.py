"""Two versions of the referee side by side: parse and validate MB/s, and cold starts.

    git worktree add /tmp/old <commit>
    python benchmarks/versions.py --old /tmp/old [--games 300] [--rounds 3]

Runs each measurement for this checkout and for the older source tree named by
`--old`, interleaved round by round in fresh processes (this machine is noisy: only
measurements taken side by side compare), on the same simulated 4-player games, and
prints the best of each with the ratio.  Either layout of the package (before or
after the folders of the architecture change) is understood.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run inside a fresh interpreter with PYTHONPATH set to one source tree.
THROUGHPUT = r"""
import gc, sys, time, glob
try:
    from nauticus_ref.notation.assemble import parse_text
    from nauticus_ref.referee.validate import validate_source
    try:
        from nauticus_ref.core.files import Source
    except ImportError:
        from nauticus_ref.files import Source
except ImportError:
    from nauticus_ref.assemble import parse_text
    from nauticus_ref.validate import validate_source
    from nauticus_ref.sources import Source
texts = [open(p, encoding="utf-8").read() for p in sorted(glob.glob(sys.argv[1] + "/*.ngn"))]
size = sum(len(t.encode()) for t in texts)
def best(fn):
    b = float("inf")
    for _ in range(3):
        gc.collect(); s = time.perf_counter(); fn(); b = min(b, time.perf_counter() - s)
    return b
p = best(lambda: [parse_text(t) and None for t in texts])
v = best(lambda: [validate_source(Source("x.ngn", t)) and None for t in texts])
print(size / 1e6 / p, size / 1e6 / v)
"""


def env_for(tree: Path) -> dict[str, str]:
    """The environment that makes a fresh Python import the package from `tree`:
    PYTHONPATH names it, and PYTHONSAFEPATH keeps Python from putting the working folder
    (`-c`, `-m`) ahead of it, which made every run of this script measure the checkout
    it was started in, twice, until 2026-11-23."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONSAFEPATH"] = "1"
    return env


def throughput(tree: Path, folder: Path) -> tuple[float, float]:
    out = subprocess.run(
        [sys.executable, "-c", THROUGHPUT, str(folder)],
        env=env_for(tree),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0]), float(out[1])


def cold_ms(tree: Path, record: Path, runs: int = 9) -> float:
    args = [sys.executable, "-m", "nauticus_ref.cli", "validate", str(record)]
    subprocess.run(args, env=env_for(tree), capture_output=True)  # bytecode, caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, env=env_for(tree), capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True, help="the older source tree")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    from nauticus_ref.game.board import bundled
    from nauticus_ref.notation.printer import to_ngn
    from nauticus_ref.tools.simulate import simulate

    trees = {"old": args.old.resolve(), "new": ROOT}
    best: dict[str, dict[str, float]] = {
        k: {"parse": 0.0, "validate": 0.0, "cold": float("inf")} for k in trees
    }
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        board = bundled("standard")
        for i in range(args.games):
            (folder / f"g{i:04d}.ngn").write_text(to_ngn(simulate(4, i, board)), encoding="utf-8")
        record = ROOT / "examples" / "logs" / "game-2p.ngn"
        for r in range(args.rounds):
            for name, tree in trees.items():
                parse, validate = throughput(tree, folder)
                b = best[name]
                b["parse"], b["validate"] = max(b["parse"], parse), max(b["validate"], validate)
                b["cold"] = min(b["cold"], cold_ms(tree, record))
            print(f"  round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"{args.games} simulated 4-player games; best of {args.rounds} interleaved rounds")
    print(f"  {'':<34} {'old':>9} {'new':>9} {'ratio':>7}")
    for key, label, unit in (
        ("parse", "parse", "MB/s"),
        ("validate", "validate (parse + replay)", "MB/s"),
        ("cold", "validate one game, cold", "ms"),
    ):
        old, new = best["old"][key], best["new"][key]
        ratio = new / old if unit == "MB/s" else old / new
        print(f"  {label + ' (' + unit + ')':<34} {old:9.2f} {new:9.2f} {ratio:6.2f}x")


if __name__ == "__main__":
    main()
