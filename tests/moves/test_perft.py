"""The table of exact counts (tests/moves/perft/table.json, `python scripts/perft.py`):
at each position the generator counts and lists exactly the moves the plain walk finds
by judging every candidate line with the referee, each once."""

from __future__ import annotations

import sys
from collections import Counter

import pytest
from helpers import ROOT

from nauticus_ref.moves.plain import PlainWalk
from nauticus_ref.moves.turns import key, turn_options

sys.path.insert(0, str(ROOT / "scripts"))
import perft  # noqa: E402

sys.path.remove(str(ROOT / "scripts"))

POSITIONS = perft.load()


def _id(position: dict) -> str:
    return f"{position['record']}:{position['line']}"


def test_the_table_is_large_enough_and_covers_what_it_must():
    assert len(POSITIONS) >= 30
    records = {p["record"] for p in POSITIONS}
    assert {f"examples/logs/game-{n}p.ngn" for n in (2, 3, 4)} <= records
    assert sum(r.startswith("simulated:") for r in records) >= 3
    covered = " ".join(p["why"] for p in POSITIONS)
    for what in ("Extra Action", "rewards", "storage full", "last turn", "crests:"):
        assert what in covered, what


@pytest.mark.parametrize("position", POSITIONS, ids=[_id(p) for p in POSITIONS])
def test_the_generator_counts_and_lists_the_moves_of_the_table(position):
    r, _ = perft.referee_at(position)
    options = turn_options(r)
    assert options is not None
    assert options.count() == position["count"]
    listed = Counter(key(o.clauses) for o in options)
    assert sum(listed.values()) == len(listed), "a move is listed twice"
    assert len(listed) == position["count"]


QUICK = [p for p in POSITIONS if p["played"] <= 5_000]


@pytest.mark.parametrize("position", QUICK, ids=[_id(p) for p in QUICK])
def test_the_plain_walk_finds_the_table_s_count_where_it_is_quick(position):
    r, _ = perft.referee_at(position)
    assert len(PlainWalk(r).turns()) == position["count"]


def test_each_move_the_plain_walk_finds_validates_written_in_place():
    """The walk's moves are the referee's: each, written on the record's next line,
    draws no error from `validate` (the rest of the table follows by its counts)."""
    from nauticus_ref.core.files import Source
    from nauticus_ref.notation.printer import Printer
    from nauticus_ref.referee.validate import validate_source

    position = next(p for p in POSITIONS if p["record"].endswith("transport-reward.ngn"))
    r, game = perft.referee_at(position)
    walk = PlainWalk(r)
    moves = walk.turns()
    assert len(moves) == position["count"] > 20
    printer = Printer(game.record)
    text = (ROOT / position["record"]).read_text(encoding="utf-8")
    for clauses in moves.values():
        line = printer.turn(walk.turn_of(clauses))
        again = validate_source(Source("again.ngn", f"{text}  {line}\n"))
        assert again.errors == [], line


def test_the_bodies_that_place_some_tiles_are_those_listing_every_body_finds():
    """`TurnOptions.group(..., least=)`: after the Extra Action, only the bodies that
    place the tiles asked for are looked for, a set of tiles at a time
    (`clauses.holding`), and those the purse cannot pay for are not; the turns found
    are those found by listing every body and keeping those that place them.  Asked at
    the table's own records, for the tiles of a placement the phase's action can make."""
    from nauticus_ref.moves.clauses import placed

    def tiles_of(clause):
        return placed(getattr(clause, "placements", None) or ())

    asked = 0
    for position in POSITIONS:
        if not position["record"].startswith("tests/moves/perft/"):
            continue
        options = turn_options(perft.referee_at(position)[0])
        assert options is not None
        mains = [c for c, _, _, _ in options.main_bodies(options.purse)]
        wanted = {
            tuple(sorted(placed([pl]).items()))
            for clause in mains
            for pl in getattr(clause, "placements", None) or ()
            if not pl.gift
        }
        # and the most tiles a body places: where the Extra Action leaves too little
        # to pay for them, no body holds them, however many sets of tiles there are
        most = max(mains, key=lambda c: sum(tiles_of(c).values()))
        for tiles in [*sorted(wanted)[:6], tuple(sorted(tiles_of(most).items()))]:
            least = Counter(dict(tiles))

            def places(clause, least=least):
                return all(tiles_of(clause)[t] >= n for t, n in least.items())

            for g in options.group_names():
                if g.endswith(" first"):
                    quick = Counter(key(o.clauses) for o in options.group(g, places, least=least))
                    every = Counter(key(o.clauses) for o in options.group(g, places))
                    assert quick == every, (position["record"], g, least)
                    asked += bool(every)
    assert asked >= 10
