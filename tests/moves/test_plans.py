"""Where a clause could put its tiles (`moves/plans.py`): the bound that cuts the plans a
sail or a transport could pay only with the rewards of ships it completes; and what a
ship could take (`moves/onto.py`), kept for the next question alike."""

from __future__ import annotations

from collections import Counter

from helpers import EXAMPLES

from nauticus_ref.core.files import Source
from nauticus_ref.moves.onto import UNBOUNDED, remembered, tiles_of
from nauticus_ref.moves.plans import _rewarded, plans, reach
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.purse import Ask
from nauticus_ref.referee.validate import validate_source

MAST, SAIL = ("mast", "helm"), ("sail", "crown")
#: a 1-ship without masts and sails: one mast and one sail complete it, for 7t or 3w
ONE_SHIP = (Counter({"mast": 1, "sail": 1}), 7, 3, 1)
#: a bow, a middle and a stern more in storage
HULLS = {("hull", "bow"): 1, ("hull", "middle"): 1, ("hull", "stern"): 1}


def test_no_more_ships_are_counted_on_than_the_tiles_could_complete_together():
    two = [ONE_SHIP, ONE_SHIP]
    assert _rewarded(two, Counter({MAST: 2, SAIL: 2}), 2) == (14, 6)
    assert _rewarded(two, Counter({MAST: 2, SAIL: 1}), 2) == (7, 3)  # one sail: one ship
    # up to three new ships alike, of which the tiles complete two
    assert _rewarded([(*ONE_SHIP[:3], 3)], Counter({MAST: 5, SAIL: 2}), 2) == (14, 6)
    # nor more than the workers and the rewards could place: a ship of four tiles to go
    far = (Counter({"mast": 2, "sail": 2}), 14, 6, 1)
    assert _rewarded([far], Counter({MAST: 2, SAIL: 2}), 0) == (14, 6)  # 4 <= 0 + 6
    assert _rewarded([ONE_SHIP, far], Counter({MAST: 3, SAIL: 3}), 0) == (21, 9)
    assert _rewarded([ONE_SHIP, far], Counter({MAST: 3, SAIL: 2}), 0) == (14, 6)
    assert _rewarded([], Counter({MAST: 2}), 2) == (0, 0)


def test_a_plan_completing_no_ship_places_no_more_than_the_workers_allow():
    """Only a completed ship's rewards bring workers, so a plan of a sail purchase or a
    transport that completes none places at most what the player's workers can; the
    planner cuts the others as it grows them, where a completion could still come."""
    cut = 0
    for name, line, turns in _turns(every=4):
        ask, purse = turns.ask, turns.purse
        for action in ("sails", "transport"):
            found = reach(ask, purse, action, False, ask.blue)
            if found is None or not found.rewarded[1]:
                continue
            most = ask.blue + purse.workers
            for plan, placed in plans(ask, purse, action, False, ask.blue, stores=False):
                completes = [s for k, _, s in plan.ships if not purse.ships[k].complete]
                if not any(s.complete for s in completes + [s for _, s in plan.new]):
                    assert sum(placed.values()) <= most, (name, line, action, plan)
            cut += 1
    assert cut >= 10, cut


def test_a_list_kept_for_other_numbers_of_tiles_is_the_list_made_anew():
    """What a ship could take is kept for numbers of the tiles that tell no sequence
    apart (`onto._alike`): asked of storages with more and fewer of each tile, one after
    another, each ship's list is the one a fresh walk makes, in the same order."""
    kept = compared = 0
    for name, line, turns in _turns(every=6):
        ask, purse = turns.ask, turns.purse
        for more in (Counter(), Counter({t: 2 for t in purse.storage}), Counter(HULLS)):
            for less in (0, 1):
                storage = purse.storage + more
                for t in list(storage)[:less]:
                    storage[t] -= 1
                tiles = tiles_of(ask, "transport", storage)
                for ship in [*purse.ships.values(), None]:
                    listed = remembered(ask, ship, tiles, UNBOUNDED, storage)
                    fresh = Ask(ask.table, ask.judges, ask.space, ask.blue)
                    made = remembered(fresh, ship, tiles, UNBOUNDED, storage)
                    assert _read(listed) == _read(made), (name, line, ship, storage)
                    compared += 1
        kept += sum(len(lists) > 1 for lists in ask.lists.values())
    assert compared > 200 and kept > 10, (compared, kept)


def _read(listed):
    """A list of what a ship could take, by value (ships compare by identity)."""
    return [(seq, vars(made)) for seq, made in listed]


def _turns(every: int):
    """Every `every`th turn line of the examples' games, with the turns there."""
    for path in sorted(EXAMPLES.glob("game-*.ngn")):
        game = validate_source(Source(path.name, path.read_text(encoding="utf-8")))
        assert game.record is not None
        lines = [t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns]
        for line in lines[::every]:
            turns = options_at(game.record, game.replayed.table.board, line, game.lines).turns
            if turns is not None:
                yield path.name, line, turns
