"""The table of exact counts of legal turns (as chess engines keep a perft table): at
each position, the number of moves the plain walk finds, every candidate line judged by
the referee (`nauticus_ref/moves/plain.py`).  tests/moves/test_perft.py holds the move
generator's counts and listings to it.

    python scripts/perft.py              recompute every count and rewrite the table
    python scripts/perft.py --check      recompute and compare; exit 1 on a difference
    python scripts/perft.py --add RECORD LINE
                                         add a position (RECORD: a path from the
                                         project's root, or `simulated:PLAYERS:SEED`;
                                         LINE: a turn line, or 0 for the turn after the
                                         record's last line)

A position whose walk plays more than 400,000 lines is refused: pick a smaller one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tests" / "moves" / "perft" / "table.json"
MOST = 400_000

sys.path.insert(0, str(ROOT))

from nauticus_ref.core.files import Source, read  # noqa: E402
from nauticus_ref.game.board import bundled  # noqa: E402
from nauticus_ref.moves.plain import PlainWalk, TooMany  # noqa: E402
from nauticus_ref.notation.printer import to_ngn  # noqa: E402
from nauticus_ref.referee.context import Referee  # noqa: E402
from nauticus_ref.referee.engine import referee_before  # noqa: E402
from nauticus_ref.referee.validate import Game, validate_source  # noqa: E402
from nauticus_ref.tools.simulate import simulate  # noqa: E402


def game(record: str) -> Game:
    """The record a position names, read and replayed."""
    if record.startswith("simulated:"):
        _, players, seed = record.split(":")
        text = to_ngn(simulate(int(players), int(seed), bundled("standard")))
        return validate_source(Source(record, text))
    return validate_source(read(str(ROOT / record)))


def referee_at(position: dict[str, Any]) -> tuple[Referee, Game]:
    """The referee with the table as it stands before the position's line."""
    g = game(position["record"])
    assert g.record is not None and g.replayed is not None, position
    line = position["line"] or len(g.lines) + 1
    return referee_before(g.record, g.replayed.table.board, line, g.lines), g


def walk(position: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """The position with its count and the lines played to find it, and the seconds
    of CPU that took."""
    r, _ = referee_at(position)
    w = PlainWalk(r, MOST)
    started = time.process_time()
    count = len(w.turns())
    return {**position, "count": count, "played": w.played}, time.process_time() - started


def load() -> list[dict[str, Any]]:
    return list(json.loads(TABLE.read_text(encoding="utf-8"))["positions"])


def save(positions: list[dict[str, Any]]) -> None:
    text = json.dumps({"positions": positions}, indent=1, ensure_ascii=False)
    TABLE.write_text(text + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--add", nargs=2, metavar=("RECORD", "LINE"), help="add a position")
    args = parser.parse_args()
    positions = load() if TABLE.exists() else []
    if args.add:
        positions.append({"record": args.add[0], "line": int(args.add[1]), "why": ""})
    differ = 0
    done = []
    for i, position in enumerate(positions, 1):
        try:
            found, seconds = walk({k: position[k] for k in ("record", "line", "why")})
        except TooMany:
            print(f"{position['record']}:{position['line']}: too large, left out", file=sys.stderr)
            differ += 1
            continue
        print(
            f"{i}/{len(positions)} {found['record']}:{found['line']}: {found['count']} "
            f"({found['played']} lines played, {seconds:.1f} s)",
            file=sys.stderr,
            flush=True,
        )
        if "count" in position and position["count"] != found["count"]:
            differ += 1
            print(f"  the table says {position['count']}", file=sys.stderr)
        done.append(found)
    if args.check:
        return 1 if differ else 0
    save(done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
