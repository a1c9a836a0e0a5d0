"""The nearest legal turn: written in place of an illegal one, the record is mended on
that line and after it; validate names it in its help when one is nearest."""

from __future__ import annotations

import pytest
from helpers import EXAMPLES

from nauticus_ref.core.files import Source
from nauticus_ref.core.findings import applied, replace
from nauticus_ref.moves.mend import mend
from nauticus_ref.moves.nearest import nearest, nearest_weighed
from nauticus_ref.moves.point import turn_options_of
from nauticus_ref.referee.validate import Game, validate_source

INVALID = sorted((EXAMPLES / "invalid").glob("*.ngn"))


def _game(path) -> Game:
    return validate_source(Source(path.name, path.read_text(encoding="utf-8")))


def _bad_turn(game: Game):
    """The turn the record's first error is on, if it is on a turn of the player to move."""
    if game.record is None or not game.errors:
        return None
    line = min(d.span.line for d in game.errors)
    turn = next(
        (
            t
            for rnd in game.record.rounds
            for ph in rnd.phases
            for t in ph.turns
            if t.span.line == line
        ),
        None,
    )
    if turn is None:
        return None
    found = turn_options_of(game.record, game.replayed.table.board, turn, game.lines)
    if found is None:
        return None  # the turn is out of order: its finding is about the order
    options, read = found  # the turn as the options name its crests
    return read, options


#: A rich player's Extra Action on hulls, with too many workers after it: some 230,000
#: first clauses, more than the listing can go through in time.
RICH = (
    "players: Anna, Ben\n"
    "setup: round 1 phase 1\n"
    "  Anna: 30t 6w\n"
    "round 1: money hulls goods transport crowns masts deliver sails\n"
    "1. Anna money\n"
    "  Anna: extra hulls: bow >store; 12w\n"
)

MOVES = [p for p in INVALID if _bad_turn(_game(p)) is not None]


def test_most_bad_examples_are_about_a_move():
    assert len(MOVES) >= 20, [p.name for p in MOVES]


@pytest.mark.parametrize("path", MOVES, ids=[p.stem for p in MOVES])
def test_the_first_suggestion_written_in_place_mends_the_record(path):
    game = _game(path)
    turn, options = _bad_turn(game)
    (distance, best), *_ = nearest(options, turn.clauses)
    text = options.printer(game.record).turn(best.turn)
    mended = validate_source(
        Source(path.name, applied("\n".join(game.lines) + "\n", replace(turn.span, text)))
    )
    later = [d.message for d in mended.errors if d.span.line >= turn.span.line]
    assert later == [], (text, later)
    assert distance > 0


def test_validate_names_the_nearest_turn_when_one_is_nearest():
    game = _game(EXAMPLES / "invalid" / "workers.ngn")
    (d,) = [d for d in mend(game) if d.severity == "error"]
    assert d.help.endswith("the nearest legal turn is `Anna: 5w = 10t`")
    assert d.fixes[-1].edits[0].text == "Anna: 5w = 10t"


def test_what_if_and_the_nearest_turn_survive_mangled_turns():
    """A stranger's --instead text, and whatever turn a record holds: mangled turn lines
    go through what-if and the nearest-turn search without a crash."""
    import random
    import time

    from fuzzing import byte_noise, change_number, control_chars, swap_word

    from nauticus_ref.views.whatif import WhatIfError, edited, what_if

    rng = random.Random(31)
    game = _game(EXAMPLES / "game-2p.ngn")
    turns = [t for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns]
    started = time.monotonic()
    for _ in range(60):
        turn = rng.choice(turns)
        text = game.lines[turn.span.line - 1].strip()
        for mangle in rng.sample([swap_word, change_number, byte_noise, control_chars], 2):
            text = mangle(rng, text)
        try:
            new = edited(game, turn.span.line, text)
        except WhatIfError:
            continue
        if new.record is not None:
            what_if(game, new, turn.span.line)
            mend(new)
    assert time.monotonic() - started < 120


def test_a_findings_own_fix_that_is_a_legal_turn_comes_first():
    """golden-rule.ngn line 6 (`Anna: middle >new A`): the finding's help says to write
    `middle >store`; that turn is legal, so explain's nearest legal turns begin with it."""
    import json

    from click.testing import CliRunner

    from nauticus_ref.cli import main

    path = str(EXAMPLES / "invalid" / "golden-rule.ngn")
    data = json.loads(
        CliRunner().invoke(main, ["explain", path, "--line", "6", "--format", "json"]).stdout
    )
    nearest = [n["text"] for n in data["verdict"]["nearest"]]
    assert nearest[0] == "Anna: middle >store = 0t" and len(set(nearest)) == len(nearest)


def test_the_search_for_a_rich_players_turn_keeps_to_its_bound():
    """An Extra Action on hulls with 30 taler has some 230,000 first clauses: the search
    weighs them one at a time and stops at its deadline, keeping only the nearest."""
    import time
    import tracemalloc

    game = validate_source(Source("rich.ngn", RICH))
    assert [d.rule for d in game.errors] == ["workers"]
    tracemalloc.start()
    started = time.monotonic()
    try:
        mend(game)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert time.monotonic() - started < 5  # the search's own bound is half a second
    assert peak < 50_000_000


def test_a_listing_cut_short_by_its_deadline_gives_the_nearest_it_weighed():
    """The rich player's turns are more than a second's search can weigh: what it
    weighed by then (the turns without the Extra Action come first) is kept, said to
    be incomplete, rather than lost."""
    import time

    game = validate_source(Source("rich.ngn", RICH))
    turn, options = _bad_turn(game)
    found, complete = nearest_weighed(options, turn.clauses, 3, time.monotonic() + 1.0)
    assert not complete
    assert len(found) == 3 and all(len(o.clauses) == 1 for _, o in found)


@pytest.mark.parametrize("path", MOVES, ids=[p.stem for p in MOVES])
def test_every_suggestion_written_in_place_mends_the_line(path):
    """The turns a few edits away are judged by the referee, as validate judges the
    line: each written in its place draws no error on that line."""
    from nauticus_ref.moves.edits import suggestions

    game = _game(path)
    turn, options = _bad_turn(game)
    near, _ = suggestions(options, turn.clauses, most=5)
    assert near
    printer = options.printer(game.record)
    for distance, clauses in near:
        text = printer.turn(options.turn_of(clauses))
        mended = validate_source(
            Source(path.name, applied("\n".join(game.lines) + "\n", replace(turn.span, text)))
        )
        assert not [d for d in mended.errors if d.span.line == turn.span.line], text
        assert distance > 0


def test_the_judge_asks_the_rules_the_settings_keep():
    """A rule turned off in the settings is not asked by the judge either: `Anna: 6w`
    is refused by `workers`, and legal with it off."""
    from nauticus_ref.moves.judge import Judge

    game = _game(EXAMPLES / "invalid" / "workers.ngn")
    turn, _ = _bad_turn(game)
    board = game.replayed.table.board
    for off, legal in ((frozenset(), False), (frozenset({"workers"}), True)):
        options, read = turn_options_of(game.record, board, turn, game.lines, off)
        judge = Judge(options.referee, "Anna", turn.span.line)
        assert judge.legal(read.clauses) is legal
        assert judge.legal(read.clauses) is legal  # the table was put back


def test_a_rich_players_turn_gets_the_nearest_turn_by_edits():
    """The listing of a rich player's Extra Action cannot be gone through in time; the
    edits find the turn a player would write: one worker fewer."""
    game = validate_source(Source("rich.ngn", RICH))
    (d,) = mend(game)
    assert "the nearest legal turn" not in d.help  # a nearer one may lie unlisted
    import time

    from nauticus_ref.moves.edits import suggestions

    turn, options = _bad_turn(game)
    near, complete = suggestions(options, turn.clauses, 1, time.monotonic() + 0.5)
    assert not complete
    assert options.printer(game.record).turn(options.turn_of(near[0][1])) == (
        "Anna: extra hulls: bow >store; 10w"
    )


def _edited(path, text: str, line: int) -> list[str]:
    """The turns the edits alone find nearest to `line` of `text`, as the record writes
    them."""
    from nauticus_ref.moves.edits import edited
    from nauticus_ref.moves.judge import Judge

    game = validate_source(Source(path.name, text))
    turn, options = _bad_turn(game)
    judge = Judge(options.referee, options.player.name, line)
    ships = [s.name for s in options.player.ships.values()]
    tiles = sorted(t for t, n in options.purse.supply.items() if n > 0)
    printer = options.printer(game.record)
    found = edited(judge, turn.clauses, ships, 6, None, tiles)
    return [f"{d} {printer.turn(options.turn_of(c))}" for d, c in found]


def test_the_edits_add_the_reward_a_completed_ship_was_not_given():
    """`whale sail >A` completes A but names no reward: a reward added is one change."""
    path = EXAMPLES / "invalid" / "rewards.ngn"
    found = _edited(path, path.read_text(encoding="utf-8"), 8)
    assert "1 Anna: whale sail >A [7t]" in found and "1 Anna: whale sail >A [3vp]" in found


def test_the_edits_add_the_kind_a_free_tile_still_needs():
    """Three kinds bought and a free tile taken: the fourth kind added is one change, as
    near as dropping the free tile."""
    path = EXAMPLES / "invalid" / "gift.ngn"
    text = path.read_text(encoding="utf-8").replace("coffee grain >", "coffee grain salt >")
    found = _edited(path, text, 6)
    assert found[:2] == [
        "1 Anna: coffee grain salt >store",
        "1 Anna: coffee grain salt fish >store, +salt >store",
    ]
