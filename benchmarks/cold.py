"""A cold start: one game validated by a fresh `nauticus-ref` process, beside its floor.

    python benchmarks/cold.py [--runs 25] [--instructions]

Each round runs, one after the other, a fresh Python doing nothing, one importing
click and lark (the floor: no referee built on them starts faster), `nauticus-ref
--version`, and `nauticus-ref validate` on examples/logs/game-2p.ngn twice: copied
into a folder of its own (a player's game: no settings file above it) and where it
lies in this repository (whose pyproject.toml is read for settings).  Rounds are
interleaved so that the machine's noise touches all alike; printed are the median and
the least wall time, and the CPU time, of each.  Bytecode is cached, as after
`pip install` (this workplace sets PYTHONDONTWRITEBYTECODE).

A validate of the same game in German reads the catalog and says every message
through it: switching language must cost nothing measurable beside it.  A third
validate runs under a settings file (`.nauticus-ref.toml` beside the game),
which loads the TOML reader and pydantic.  `--instructions` also counts each process's
instructions with valgrind's callgrind, which repeats exactly on a noisy machine (a few
seconds each): the way to see what a change to the cold start did.  The targets
(docs/performance.md): one game at most 1.8x the floor, under a settings file at most
1.9x one without.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "examples" / "logs" / "game-2p.ngn"
#: The console script pip writes, as a user runs it (else the module, a little slower).
SCRIPT = Path(sys.executable).parent / "nauticus-ref"
CLI = (
    [sys.executable, str(SCRIPT)]
    if SCRIPT.is_file()
    else [sys.executable, "-m", "nauticus_ref.cli"]
)


FLOOR = "floor: import click and lark"


def commands(folder: Path) -> dict[str, list[str]]:
    alone = folder / "alone" / GAME.name
    league = folder / "league" / GAME.name
    for path in (alone, league):
        path.parent.mkdir()
        shutil.copyfile(GAME, path)
    (league.parent / ".nauticus-ref.toml").write_text(
        'ignore = ["ship-name"]\nseverity = { storage = "warning" }\n', encoding="utf-8"
    )
    return {
        "python, nothing imported": [sys.executable, "-c", "pass"],
        FLOOR: [sys.executable, "-c", "import click, lark"],
        "nauticus-ref --version": CLI + ["--version"],
        "validate, a game in its own folder": CLI + ["validate", str(alone)],
        "validate, the same in German (--lang de)": CLI + ["validate", "--lang", "de", str(alone)],
        "validate, under a settings file": CLI + ["validate", str(league)],
        "validate, in this repository": CLI + ["validate", str(GAME)],
    }


def once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU milliseconds of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True, env=env, cwd=ROOT, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall * 1000, cpu * 1000


def instructions(cmd: list[str], env: dict[str, str]) -> float | None:
    """Millions of instructions the process runs, or None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    return int(found.group(1)) / 1e6 if found else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=25)
    ap.add_argument("--instructions", action="store_true")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        cmds = commands(Path(tmp))
        for cmd in cmds.values():  # warm the bytecode and the file cache
            once(cmd, env)
        wall: dict[str, list[float]] = {k: [] for k in cmds}
        cpu: dict[str, list[float]] = {k: [] for k in cmds}
        for _ in range(args.runs):
            for label, cmd in cmds.items():
                w, c = once(cmd, env)
                wall[label].append(w)
                cpu[label].append(c)
        counted = {k: instructions(c, env) for k, c in cmds.items()} if args.instructions else {}
    print(
        f"cold start, {args.runs} interleaved rounds: median (least), ms; x: the median "
        "against the floor's"
    )
    floor = statistics.median(wall[FLOOR])
    for label in cmds:
        median = statistics.median(wall[label])
        line = (
            f"  {label:<36} wall {median:6.1f} ({min(wall[label]):5.1f}) "
            f"{median / floor:5.2f}x   cpu {statistics.median(cpu[label]):6.1f} "
            f"({min(cpu[label]):5.1f})"
        )
        if counted.get(label) is not None:
            line += f"   {counted[label]:6.1f} M instructions"
        print(line)


if __name__ == "__main__":
    main()
