"""The referee beside python-chess, in one run: validating NGN against reading PGN.

    pip install -e '.[bench,fast]'   # python-chess, for this script only; lark-cython
    python benchmarks/compare.py [--games 2000] [--rounds 3]

Both sides read text into a checked game, one core, in this process:
- python-chess: `chess.pgn.read_game` over 2,000 random games (each move is parsed
  as SAN and played on a board, so it is checked as legal), until the file ends;
- the referee: `validate_source` over 2,000 simulated 4-player games (parse, replay
  against every rule, diagnostics), as `nauticus-ref validate` calls it: without the
  replay's steps, which only `explain` and `annotate` show.

The two are timed in alternation, `--rounds` times, each after a full garbage
collection, and the best of each is kept, so that the noise of this shared machine
touches both alike.  The referee runs twice in each round: with the accelerator
(lark-cython, the `[fast]` extra) and with plain lark.  Printed: MB/s and games/s of
each, and the ratios (the target, docs/performance.md: 1.0 or more).  Also printed, as the floor
under the referee: lark's own parser over the same records with no transformer of
ours, plain and accelerated.
"""

from __future__ import annotations

import argparse
import io
import random
from typing import Callable

import chess
import chess.pgn
from common import accelerated, best_seconds, each, lark_floor

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.grammar import accelerator
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.tools.simulate import simulate


def random_pgn(seed: int) -> str:
    """A random legal game of up to 160 plies, as PGN with the usual seven tags."""
    rng = random.Random(seed)
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers.update(
        Event="Random",
        Site="?",
        Date="2026.11.23",
        Round=str(seed),
        White=f"White {seed}",
        Black=f"Black {seed}",
    )
    node: chess.pgn.GameNode = game
    while not board.is_game_over() and board.ply() < 160:
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        node = node.add_variation(move)
    game.headers["Result"] = board.result(claim_draw=False)
    return str(game) + "\n\n"


def read_all_pgn(text: str) -> None:
    stream = io.StringIO(text)
    while chess.pgn.read_game(stream) is not None:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    board = bundled("standard")
    ngn = [to_ngn(simulate(4, i, board)) for i in range(args.games)]
    pgn = "".join(random_pgn(i) for i in range(args.games))
    ngn_mb = sum(len(t.encode("utf-8")) for t in ngn) / 1e6
    pgn_mb = len(pgn.encode("utf-8")) / 1e6
    print(
        f"{args.games} simulated 4-player NGN games, {ngn_mb:.2f} MB; "
        f"{args.games} random PGN games, {pgn_mb:.2f} MB"
    )

    def validate(text: str) -> None:
        validate_source(Source("g.ngn", text), board=board, steps=False)

    fast_available = accelerator() is not None
    sides: dict[str, Callable[[], None]] = {
        "pgn": lambda: read_all_pgn(pgn),
        "plain": each(validate, ngn),
    }
    if fast_available:
        sides["fast"] = each(validate, ngn)
    best = dict.fromkeys(sides, float("inf"))
    for _ in range(args.rounds):  # interleaved: the machine's noise falls on all alike
        for side, run in sides.items():
            accelerated(side == "fast")  # the parser is loaded here, outside the timing
            best[side] = min(best[side], best_seconds(run, repeat=1))
    chess_rate = pgn_mb / best["pgn"]
    print(
        f"{'python-chess, read PGN':<44} {chess_rate:6.2f} MB/s  "
        f"{args.games / best['pgn']:7.0f} games/s"
    )
    for side, label in (
        ("plain", "nauticus-ref, validate NGN (plain lark)"),
        ("fast", "nauticus-ref, validate NGN (lark-cython)"),
    ):
        if side in best:
            rate = ngn_mb / best[side]
            print(
                f"{label:<44} {rate:6.2f} MB/s  {args.games / best[side]:7.0f} games/s"
                f"  ratio {rate / chess_rate:.2f}x"
            )
    if not fast_available:
        print("(lark-cython is not installed: pip install -e '.[fast]' for its row)")
    floors = [("plain lark", None)] + ([("lark-cython", accelerator())] if fast_available else [])
    for name, plugins in floors:
        for label, loop in lark_floor(ngn, plugins):
            if "parser" in label:
                seconds = best_seconds(loop, repeat=args.rounds)
                print(f"{label + ', ' + name:<44} {ngn_mb / seconds:6.2f} MB/s")


if __name__ == "__main__":
    main()
