"""Counting without listing: a purchase's or transport's bodies tallied by what they need
are exactly the bodies listed, and so are the turns counted with the Extra Action."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

from helpers import EXAMPLES

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.moves.clauses import bodies, rooms, tally
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.purse import Ask, OutOfTime
from nauticus_ref.moves.states import one_of, packed_one_of, plus_within
from nauticus_ref.notation import vocab
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.referee.validate import Game, validate_source
from nauticus_ref.tools.simulate import simulate

#: Bodies listed at most to check a tally against (the largest positions take seconds).
MOST = 3_000


def _games() -> list[Game]:
    board = bundled("standard")
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.ngn"))]
    texts += [(f"sim{seed}", to_ngn(simulate(2 + seed % 3, seed, board))) for seed in range(8)]
    return [validate_source(Source(name, text)) for name, text in texts]


def _positions(rng: random.Random, per_game: int):
    for game in _games():
        lines = [t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns]
        for line in rng.sample(lines, min(per_game, len(lines))):
            o = options_at(game.record, game.replayed.table.board, line, game.lines)
            if o.turns is not None:
                yield game.path, line, o.turns


def _nearly_full(purse):
    """A copy of `purse` with one storage space left."""
    full = purse.copy()
    full.storage["good", "fish"] += max(0, full.storage_free - 1)
    return full


class _Listed:
    """A clause's bodies, listed when first asked for (at most MOST + 1 of them)."""

    def __init__(self, ask, purse, action, extra):
        self.args, self.bodies = (ask, purse, action, extra), None

    def __call__(self):
        if self.bodies is None:
            self.bodies = list(itertools.islice(bodies(*self.args), MOST + 1))
        return self.bodies


def test_a_tally_is_what_listing_the_bodies_gives():
    tallied = Counter()
    for name, line, turns in _positions(random.Random(31), 8):
        for action, extra in itertools.product(vocab.PLACING_ACTIONS, (False, True)):
            counted = tally(turns.ask, turns.purse, action, extra)
            if action in ("hulls", "masts", "goods"):
                assert counted is not None, (name, line, action)  # only a sail completes
            if counted is None:
                continue
            listed = list(itertools.islice(bodies(turns.ask, turns.purse, action, extra), MOST + 1))
            if len(listed) > MOST:
                continue
            assert counted == Counter(b.needs for b in listed), (name, line, action, extra)
            tallied[bool(listed)] += 1
    assert tallied[True] > 100 and tallied[False] > 20  # both kinds of position were met


def test_a_tally_of_ships_started_alike_is_what_listing_the_bodies_gives():
    """Two ships the turn started alike (`Purse.twins`) are told apart only by what each
    is given: the tally of the clause after counts each way they take between them
    once, as the listing lists it."""
    tallied = Counter()
    for name, line, turns in _positions(random.Random(41), 4):
        starts = bodies(turns.ask, turns.purse, "hulls", True)
        afters = [b.after for b in itertools.islice(starts, 2_000) if b.after.twins()]
        for after in afters[:: max(1, len(afters) // 6)]:
            for action in vocab.PLACING_ACTIONS:
                counted = tally(turns.ask, after, action, False)
                if counted is None:  # a ship could be completed
                    continue
                listed = list(itertools.islice(bodies(turns.ask, after, action, False), MOST + 1))
                if len(listed) > MOST:
                    continue
                assert counted == Counter(b.needs for b in listed), (name, line, action)
                tallied[action, bool(listed)] += 1
    assert tallied["hulls", True] > 10 and sum(tallied.values()) > 50, tallied


def test_new_ships_kept_for_other_limits_tally_as_from_scratch():
    """Any number of new ships is worked out within the largest limits and taler a turn
    asked so far and cut to each (`Tally._fleets`): purses richer and poorer in taler
    or workers, asked one after another, tally as each does with nothing kept."""
    compared = Counter()
    for name, line, turns in _positions(random.Random(53), 3):
        ask = turns.ask
        for action in ("hulls", "masts", "transport"):
            for taler, workers in ((0, 0), (9, 0), (0, 2), (4, 1), (-3, 0), (-2, -1), (6, 3)):
                purse = turns.purse.copy()
                purse.taler = max(0, purse.taler + taler)
                purse.workers = max(0, purse.workers + workers)
                for tile in purse.supply:  # so few that each is told by number
                    purse.supply[tile] = min(purse.supply[tile], 2)
                kept = tally(ask, purse, action, True)
                fresh = tally(Ask(ask.table, ask.judges, ask.space, ask.blue), purse, action, True)
                assert kept == fresh, (name, line, action, taler, workers)
                compared[action] += bool(kept)
    assert min(compared.values()) > 20, compared


def test_storage_kept_for_other_tallies_tallies_as_from_scratch():
    """What the storage adds to a state is kept for the next tally that reads it alike
    (`Tally._rooms`, `Ask.stored`): purses richer and poorer in taler, workers and
    storage spaces, asked one after another on one ask, count by the room they take
    as each does on an ask of its own."""
    compared = Counter()
    for name, line, turns in _positions(random.Random(54), 3):
        ask = turns.ask
        for action in ("hulls", "sails", "goods"):
            for taler, workers, full in (
                (0, 0, False),
                (-3, 0, False),
                (0, -1, True),
                (5, 2, True),
            ):
                purse = turns.purse.copy()
                purse.taler = max(0, purse.taler + taler)
                purse.workers = max(0, purse.workers + workers)
                if full:
                    purse = _nearly_full(purse)
                kept = rooms(ask, purse, action, False)
                fresh = rooms(Ask(ask.table, ask.judges, ask.space, ask.blue), purse, action, False)
                assert kept == fresh, (name, line, action, taler, workers, full)
                compared[action] += bool(kept)
    assert min(compared.values()) > 20, compared


def test_states_packed_into_numbers_add_as_the_states_do():
    """A transport's tally adds choices to states packed into numbers where the pairs
    are many (`states.packed_one_of`): the same ways, each as many times, as adding
    them one pair at a time, with choices past the limits and numbers of any width."""
    rng = random.Random(7)
    for _ in range(300):
        size = rng.randint(1, 6)
        limits = tuple(rng.randint(0, rng.choice((3, 12, 70))) for _ in range(size + 1))

        def state(over: int) -> tuple[int, ...]:
            tiles = [rng.randint(0, limit + over) for limit in limits[:-1]]
            return (*tiles, min(sum(tiles) + rng.randint(0, 2), limits[-1] + over))

        ways = {state(0): rng.randint(1, 9) for _ in range(rng.randint(0, 40))}
        choices = Counter({state(rng.randint(0, 3)): rng.randint(1, 5) for _ in range(60)})
        plain = one_of(ways, choices, plus_within(limits, None, lambda _: 0, 0), limits[-1])
        assert packed_one_of(ways, choices, limits) == plain, (limits, ways, choices)


def test_turns_counted_with_the_extra_action_are_the_turns_listed():
    checked = 0
    for name, line, turns in _positions(random.Random(32), 4):
        try:
            counted = turns.counts(time.monotonic() + 0.5)
        except OutOfTime:
            continue
        if sum(counted.values()) > 3 * MOST:
            continue
        listed = Counter(o.group for o in itertools.islice(turns, 3 * MOST + 1))
        assert counted == dict(listed), (name, line)
        assert turns.plain_counts() == {
            g: n for g, n in listed.items() if not g.startswith("extra")
        }, (name, line)
        checked += 1
    assert checked > 15


def _afforded_as_listed(ask, purse, action, extra) -> None:
    """What `needs` counts a purse affords is what listing from it gives: at the purse
    and at some of the (taler, workers) the bodies need.  (A body payable in several orders of
    its placements is counted at each order's needs, with signs, so the needs need not
    be the listed bodies' own: `Body.needs` is the order listed.)"""
    from nauticus_ref.moves.clauses import needs
    from nauticus_ref.moves.seconds import _afforded

    counted = needs(ask, purse, action, extra)
    afford = _afforded(counted)
    points = sorted(k for k, n in counted.items() if n > 0)
    for taler, workers in {(purse.taler, purse.workers), *points[:: max(1, len(points) // 3)]}:
        poorer = purse.copy()
        poorer.taler, poorer.workers = taler, workers
        listed = sum(1 for _ in bodies(ask, poorer, action, extra))
        assert afford(taler, workers) == listed, (taler, workers)


def test_bodies_that_can_complete_a_ship_are_counted_as_listing_them_gives():
    """Where a sail or a transport can complete a ship (so `tally` must not count), the
    plans are walked without making their placements, the reward sets taken together
    (`listed_needs`): from the purse and from any poorer one, as many as listed."""
    checked = Counter()
    for name, line, turns in _positions(random.Random(33), 10):
        for action, extra in itertools.product(("sails", "transport"), (False, True)):
            if tally(turns.ask, turns.purse, action, extra) is not None:
                continue
            listed = list(itertools.islice(bodies(turns.ask, turns.purse, action, extra), MOST + 1))
            if len(listed) > MOST:
                continue
            _afforded_as_listed(turns.ask, turns.purse, action, extra)
            rewarded = any(c.rewards for b in listed for c in b.clause.placements)
            checked[rewarded] += 1
            if rewarded:  # and with the rewards' tiles short in the supply
                scarce = turns.purse.copy()
                for tile, left in (
                    (("sail", "crown"), 0),
                    (("mast", "crown"), 1),
                    (("good", "fish"), 1),
                    (("good", "salt"), 0),
                ):
                    scarce.supply[tile] = left
                _afforded_as_listed(turns.ask, scarce, action, extra)
    assert checked[True] > 10  # positions where some body completes a ship and is rewarded


def test_a_walk_kept_from_one_start_serves_poorer_ones_and_a_richer_one_walks_again():
    """A walk is kept with the start it was walked from and serves the clauses whose
    start is no richer (`Ask.walked`): asked of a poorer purse, then of a richer one,
    then of the poorer again, on one ask, what the bodies need is what each gives on an
    ask of its own."""
    from nauticus_ref.moves.clauses import needs

    def fresh(ask):
        return Ask(ask.table, ask.judges, ask.space, ask.blue)

    checked = 0
    for name, line, turns in _positions(random.Random(35), 6):
        for action in ("sails", "transport"):
            if tally(turns.ask, turns.purse, action, False) is not None:
                continue  # no ship can be completed: tallied, not walked
            poorer = turns.purse.copy()
            poorer.taler, poorer.workers = poorer.taler // 2, poorer.workers // 2
            if (poorer.taler, poorer.workers) == (turns.purse.taler, turns.purse.workers):
                continue
            shared = fresh(turns.ask)
            for purse in (poorer, turns.purse, poorer):
                alone = needs(fresh(turns.ask), purse, action, False)
                assert needs(shared, purse, action, False) == alone, (name, line, action)
            checked += 1
    assert checked > 10


def test_a_transport_from_what_a_purchase_leaves_is_counted_as_listing_it_gives():
    """Where a transport could complete a ship, its plans onto the other ships and new
    ships are counted by how many tiles they take, not made (`together.counted_rest`),
    and plans paid alike are walked once (`together.together`): from the purses the
    Extra Action's purchases leave (new ships, ships started alike, hull parts in
    storage), as many bodies as listing gives, at the purse and poorer ones."""
    from nauticus_ref.moves.purse import as_clause
    from nauticus_ref.moves.together import counted_rest

    checked = Counter()
    for name, line, turns in _positions(random.Random(44), 4):
        afters = [
            b.after
            for first in ("hulls", "masts", "sails", "goods")
            for b in itertools.islice(bodies(turns.ask, turns.purse, first, True), 400)
        ]
        for after in afters[:: max(1, len(afters) // 12)]:
            if tally(turns.ask, after, "transport", False) is not None:
                continue  # no ship can be completed: tallied
            listed = list(itertools.islice(bodies(turns.ask, after, "transport", False), MOST + 1))
            if len(listed) > MOST:
                continue
            _afforded_as_listed(turns.ask, after, "transport", False)
            p, blue = as_clause(turns.ask, after, False)
            rest = counted_rest(turns.ask, p, False, blue, None)
            checked[rest is not None, bool(after.twins())] += 1
    assert checked[True, False] > 20 and checked[True, True] > 5, checked


def test_a_clause_said_to_leave_the_next_its_shape_leaves_it():
    """Where `unseen` says a purchase's bodies leave the next clause's shape as it was,
    every listed body does; both answers are met."""
    from nauticus_ref.moves.clauses import unseen

    said = Counter()
    for name, line, turns in _positions(random.Random(34), 4):
        for action, other in itertools.product(vocab.PLACING_ACTIONS, vocab.ACTIONS):
            if tally(turns.ask, turns.purse, action, True) is None:
                continue
            hidden = unseen(turns.ask, turns.purse, action, True, other)
            said[hidden] += 1
            if hidden:
                shape = turns.purse.shape(other)
                for b in itertools.islice(bodies(turns.ask, turns.purse, action, True), MOST):
                    assert b.after.shape(other) == shape, (name, line, action, other)
    assert said[True] > 50 and said[False] > 50


def test_bodies_walked_by_the_shape_they_leave_are_the_bodies_listed():
    """`afters` gives, for each shape a clause leaves the next (money, crowns, a delivery,
    a purchase of another kind), how many bodies leave it with each taler and workers,
    as listing them does; also with the storage nearly full, where a reward is
    forfeited and a free tile finds no room."""
    from nauticus_ref.moves.clauses import afters
    from nauticus_ref.moves.walks import walked_before

    checked: Counter[str] = Counter()
    for name, line, turns in _positions(random.Random(35), 4):
        for purse, action in itertools.product(
            (turns.purse, _nearly_full(turns.purse)), vocab.PLACING_ACTIONS
        ):
            listed = _Listed(turns.ask, purse, action, True)  # once for every clause after
            for then in vocab.ACTIONS:
                if not walked_before(action, then):
                    assert afters(turns.ask, purse, action, True, then) is None
                elif len(listed()) <= MOST:
                    _walked_as_listed(turns, purse, action, then, listed(), checked, (name, line))
    assert all(checked[then] > 20 for then in ("money", "deliver", "hulls", "masts", "goods"))


def _walked_as_listed(turns, purse, action, then, listed, checked, where):
    """`afters` of one clause before `then` gives what listing its bodies gives."""
    from nauticus_ref.moves.clauses import afters

    shaped = afters(turns.ask, purse, action, True, then)
    assert shaped is not None
    assert all(p.shape(then) == shape for shape, (p, _) in shaped.items())
    walked = Counter(
        {
            (shape, t, w): n
            for shape, (_, budgets) in shaped.items()
            for (t, w), n in budgets.items()
        }
    )
    assert walked == Counter(
        (b.after.shape(then), b.after.taler, b.after.workers) for b in listed
    ), (*where, action, then)
    checked[then] += bool(listed)


def test_bodies_tallied_from_the_ships_seen_are_the_bodies_walked():
    """Where a later clause sees only what some ships take (goods on finished ships,
    before a delivery), `seen_on_ships` lists the ways onto those ships and tallies the
    rest: the same shapes and budgets as walking every plan, also with the storage
    nearly full."""
    from nauticus_ref.moves.purse import as_clause
    from nauticus_ref.moves.seen import seen_on_ships
    from nauticus_ref.moves.walks import listed_afters

    checked = Counter()
    for name, line, turns in _positions(random.Random(36), 6):
        for purse, action, then in itertools.product(
            (turns.purse, _nearly_full(turns.purse)),
            vocab.PLACING_ACTIONS,
            ("deliver", "money", "masts"),
        ):
            p, blue = as_clause(turns.ask, purse, True)
            shaped = seen_on_ships(turns.ask, p, action, True, blue, then)
            if shaped is None:
                continue
            assert then == "deliver" or len(shaped) <= 1, (name, line, action, then)
            walked = listed_afters(turns.ask, p, action, True, blue, then)
            assert {k: b for k, (_, b) in shaped.items()} == {
                k: b for k, (_, b) in walked.items() if b
            }, (name, line, action)
            assert all(a.shape(then) == k for k, (a, _) in shaped.items())
            checked[len(shaped) > 1] += 1
    assert checked[True] > 20  # positions where the ships seen leave more than one shape


def test_bodies_counted_by_what_the_next_tally_reads_are_the_bodies_listed():
    """Before another purchase or a transport, a purchase that completes no ship is
    counted by what the later tally reads of what it leaves (`by_tally`): the Extra
    Action before the phase's action, and the phase's action before the Extra Action.
    The same readings (`alike`), with the same taler and workers, as listing its bodies
    and reading each; also with the storage nearly full.  A purchase of the same kind
    is counted so where the supply cannot run out (`seen.ample`), read as from the
    whole supply.  Past its deadline it stops."""
    checked = Counter()
    for name, line, turns in _positions(random.Random(37), 3):
        for purse, action, extra in itertools.product(
            (turns.purse, _nearly_full(turns.purse)), vocab.BUYING_ACTIONS, (True, False)
        ):
            listed = _Listed(turns.ask, purse, action, extra)  # once for the four purchases
            for then in vocab.PLACING_ACTIONS:
                _counted_by_tally_as_listed(
                    turns, purse, action, extra, then, listed, checked, (name, line)
                )
    # each reading, and more than one group each, was met often, of each order
    assert all(checked[then, True] > 10 for then in vocab.PLACING_ACTIONS), checked
    assert checked[True] > 20 and checked[False] > 20 and checked["same kind"] > 10, checked
    assert checked["out of time"] > 10 and checked["needs given"] > 10


def _counted_by_tally_as_listed(turns, purse, action, extra, then, listed, checked, where):
    from nauticus_ref.moves.clauses import by_tally, needs
    from nauticus_ref.moves.purse import as_clause
    from nauticus_ref.moves.seen import ample, tallied_from

    grouped = by_tally(turns.ask, purse, action, extra, then)
    same = action == then
    if grouped is None:
        assert (
            "sails" in (action, then) or then == "transport" or same and not ample(purse, action)
        ), (
            *where,
            action,
        )
        return
    listed = listed()
    if len(listed) > MOST:
        return
    most = purse.workers + 2  # the most own workers `then` has, read with as many

    def read(after, most=most, then=then):  # what the tally reads (`seen.tallied_from`)
        rich, blue = as_clause(turns.ask, after, not extra)  # `then`: the other one
        rich = rich.copy()
        rich.workers = most
        if same:  # as from the whole supply: the purse's, which `ample` read
            rich.supply = Counter(purse.supply)
        return tallied_from(turns.ask, rich, then, not extra, blue, blue + most)

    counted: Counter[object] = Counter()  # (two groups read alike where ships are twins)
    asked = 0
    for p, budgets, known in grouped.values():
        counted.update({(read(p), t, w): n for (t, w), n in budgets.items()})
        if known is not None and asked < 3:  # what the second clause needs, as asked
            asked += 1
            checked["needs given"] += 1
            richest = p.copy()
            richest.workers = max(w for _, w in budgets)
            assert {k: n for k, n in known.items() if k[1] <= richest.workers} == needs(
                turns.ask, richest, then, not extra
            ), (*where, action, then)
    assert Counter((read(b.after), b.after.taler, b.after.workers) for b in listed) == counted, (
        *where,
        action,
        then,
    )
    checked[then, len(grouped) > 1] += 1
    checked[extra] += 1
    checked["same kind"] += same
    try:  # bounded in time as the walk it replaces
        by_tally(turns.ask, purse, action, extra, then, deadline=0.0)
    except OutOfTime:
        checked["out of time"] += 1


def test_an_ample_supply_leaves_a_second_purchase_its_bodies():
    """Where the supply holds so many of each tile of a purchase that two clauses could
    not run out (`seen.ample`), the phase's purchase after the Extra Action's of the
    same kind has the bodies it would have from the whole supply, each needing the
    same; where a tile is scarcer, that no longer holds somewhere."""
    from nauticus_ref.moves.seen import ample

    checked = Counter()
    for name, line, turns in _positions(random.Random(38), 2):
        for action in vocab.BUYING_ACTIONS:
            scarce = turns.purse.copy()
            for tile in scarce.supply:
                if tile[0] == vocab.ITEM_KIND_OF_ACTION[action]:
                    scarce.supply[tile] = min(scarce.supply[tile], 2)
            for purse in (turns.purse, scarce):
                firsts = itertools.islice(bodies(turns.ask, purse, action, True), 0, None, 25)
                for first in itertools.islice(firsts, 12):
                    after = first.after
                    whole = after.copy()
                    whole.supply = Counter(purse.supply)
                    found, from_whole = (
                        list(itertools.islice(bodies(turns.ask, p, action, False), MOST + 1))
                        for p in (after, whole)
                    )
                    if max(len(found), len(from_whole)) > MOST:
                        continue
                    found, from_whole = (Counter(b.needs for b in x) for x in (found, from_whole))
                    if ample(purse, action):
                        assert found == from_whole, (name, line, action, first.clause)
                        checked["ample", bool(found)] += 1
                    else:
                        checked["scarce", found != from_whole] += 1
    assert checked["ample", True] > 50, checked
    assert checked["scarce", True] > 5, checked  # the check can tell a scarce supply


def test_purses_alike_for_a_tally_have_the_same_bodies():
    """`alike` lets the tallies of purses of different shapes be asked once: where it
    says two purses are alike for masts, sails, goods or a transport, given the most
    workers any of them has, their tallies are the same at the same taler and workers,
    up to that most (where the tally declines, a few times what they need)."""
    from nauticus_ref.moves.clauses import alike, needs

    merged = walked = 0
    for name, line, turns in _positions(random.Random(36), 3):
        afters = [
            b.after
            for first in ("hulls", "masts", "sails", "goods")
            for b in itertools.islice(bodies(turns.ask, turns.purse, first, True), 300)
        ]
        most = max((p.workers for p in afters), default=0)
        for action in ("masts", "sails", "goods", "transport"):
            groups: dict[object, list] = {}
            for after in afters:
                same = alike(turns.ask, after, action, False, most)
                if same is not None:
                    groups.setdefault(same, []).append(after)
            for purses in groups.values():
                shapes = {p.shape(action): p for p in purses}
                if len(shapes) < 2:
                    continue
                merged += 1
                one, *others = shapes.values()
                for other in others[:3]:
                    for taler, workers in ((one.taler, one.workers), (one.taler, most)):
                        a, b = one.copy(), other.copy()
                        a.taler = b.taler = taler
                        a.workers = b.workers = workers
                        tallies = (
                            tally(turns.ask, a, action, False),
                            tally(turns.ask, b, action, False),
                        )
                        if None in tallies:  # declined (twins, a ship completed): walked, slower
                            walked += 1
                            if walked > 4:
                                continue
                            tallies = (
                                needs(turns.ask, a, action, False),
                                needs(turns.ask, b, action, False),
                            )
                        assert tallies[0] == tallies[1], (name, line, action)
    assert merged > 20  # purses of different shapes were found alike


def test_purses_alike_for_a_walk_need_the_same():
    """Where the bodies cannot be tallied (hull parts, a ship that could be completed,
    two ships started alike), `alike` reads what their walk reads: purses it says are
    alike, given the most workers any of them has, have bodies needing the same at the
    same taler and workers, up to that most."""
    from nauticus_ref.moves.clauses import alike, needs
    from nauticus_ref.moves.plans import reach
    from nauticus_ref.moves.tally import completes

    merged: Counter[str] = Counter()
    for name, line, turns in _positions(random.Random(39), 3):
        afters = [
            b.after
            for first in ("hulls", "masts", "sails")
            for b in itertools.islice(bodies(turns.ask, turns.purse, first, True), 200)
        ]
        most = max((p.workers for p in afters), default=0)
        for action in vocab.PLACING_ACTIONS:
            groups: dict[object, dict[object, object]] = {}
            for after in afters:
                same = alike(turns.ask, after, action, False, most)
                if same is not None:
                    groups.setdefault(same, {}).setdefault(after.shape(action), after)
            for purses in groups.values():
                one, *others = purses.values()
                found = reach(turns.ask, one, action, False, turns.ask.blue)
                if not others or found is None:
                    continue
                why = (
                    "twins"
                    if one.twins()
                    else "completes"
                    if completes(turns.ask, one, found)
                    else action
                )
                if merged[why] >= 12:
                    continue
                merged[why] += 1
                for other in others[:2]:
                    a, b = one.copy(), other.copy()
                    a.taler = b.taler = max(one.taler, other.taler)
                    a.workers = b.workers = most
                    assert needs(turns.ask, a, action, False) == needs(
                        turns.ask, b, action, False
                    ), (name, line, action, why)
    # purses of different shapes were found alike for each reason
    assert merged["hulls"] and merged["twins"] and merged["completes"], merged


def test_purses_alike_for_a_walk_differ_only_in_what_no_body_could_use():
    """A walk reads how many of each tile there are and the free storage only up to what
    the most workers could place: purses read alike that differ in the supply of a hull
    part or the storage need the same, and a purse that could use the difference is not
    read alike."""
    from nauticus_ref.moves.clauses import alike, needs

    told = Counter()
    for name, line, turns in _positions(random.Random(43), 1):
        base = turns.purse.copy()
        base.taler, base.workers = 99, max(base.workers, 4)
        most = base.workers
        for tile in [t for t in base.supply if t[0] == "hull"][:2]:
            groups: dict[object, list] = {}
            for n in (*range(most + 4), 30):
                purse = base.copy()
                purse.supply[tile] = n
                groups.setdefault(alike(turns.ask, purse, "hulls", False, most), []).append(purse)
            for key, purses in groups.items():
                wanted = needs(turns.ask, purses[0], "hulls", False)
                for other in purses[1:]:
                    assert needs(turns.ask, other, "hulls", False) == wanted, (name, line, tile)
                told[len(purses) > 1] += 1
    assert told[True] and told[False] > 10, told  # both merged and told apart


def test_a_purse_that_can_place_nothing_is_alike_no_other():
    """Without workers a purse places nothing, but a richer purse of its shape could:
    it must not be asked together with a purse that has nothing to place."""
    from dataclasses import replace

    from nauticus_ref.moves.clauses import alike

    _, _, turns = next(_positions(random.Random(38), 1))
    ask = replace(turns.ask, blue=0, onto={}, known={})
    idle = turns.purse.copy()
    idle.workers = 0
    bare = turns.purse.copy()
    for tile in list(bare.supply):
        if tile[0] == "mast":
            bare.supply[tile] = 0
    assert alike(ask, idle, "masts", False, 0) is None
    assert alike(ask, bare, "masts", False, bare.workers) is None


def test_a_clause_seen_only_by_its_room_is_counted_by_it():
    """Where `in_room` says the next clause sees a purchase only by the room it takes,
    `rooms` counts its bodies by what they need and the spaces they take as listing
    them does, and a purse with that room (`stored`) has each body's shape."""
    from nauticus_ref.moves.clauses import in_room, rooms
    from nauticus_ref.moves.purse import stored

    checked = 0
    for name, line, turns in _positions(random.Random(37), 4):
        purse = turns.purse
        for first, then in itertools.product(vocab.BUYING_ACTIONS, ("hulls", "masts", "goods")):
            counted = rooms(turns.ask, purse, first, True)  # None: it can complete a ship
            if counted is None or not in_room(turns.ask, purse, first, True, then):
                continue
            listed = list(itertools.islice(bodies(turns.ask, purse, first, True), MOST + 1))
            if len(listed) > MOST or not listed:
                continue
            taken = [purse.storage_free - b.after.storage_free for b in listed]
            assert counted == Counter((*b.needs, t) for b, t in zip(listed, taken)), (
                name,
                line,
                first,
            )
            for b, t in list(zip(listed, taken))[:40]:
                assert stored(turns.ask, purse, first, t).shape(then) == b.after.shape(then)
            checked += 1
    assert checked > 30


def test_a_transport_building_new_ships_may_spend_a_reward_on_the_next():
    """A player without ships moves two ships' worth of tiles from storage with the
    workers for one: the first new ship, completed, brings 3 workers that move the
    second (the search's bounds allow for rewards from new ships too)."""
    game = _games()[0]
    line = next(t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns)
    turns = options_at(game.record, game.replayed.table.board, line, game.lines).turns
    purse = turns.purse.copy(ships={})
    purse.storage = Counter({("hull", "1ship"): 2, ("mast", "helm"): 2, ("sail", "helm"): 2})
    purse.workers = 6 - turns.ask.blue - 3  # six tiles, three workers short
    moved = [b for b in bodies(turns.ask, purse, "transport", False) if b.workers == 6]
    assert moved and all(b.clause.placements[0].rewards[0].kind == "3w" for b in moved)
