"""The turns a player could write: every legal one is listed (each written move of a
legal game is found among them), every listed one is legal where it stands, and the
written move is missing exactly when validate finds an error on its line."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import ALL_RULES, EXAMPLES, ROOT, rule_cases

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.turns import key
from nauticus_ref.notation.printer import Printer, to_ngn
from nauticus_ref.referee.validate import Game, validate_source
from nauticus_ref.tools.simulate import simulate

GAMES = sorted(EXAMPLES.glob("*.ngn"))


def _game(name: str, text: str) -> Game:
    return validate_source(Source(name, text))


def _turn_lines(game: Game) -> list[int]:
    return [t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns]


def _options(game: Game, line: int):
    return options_at(game.record, game.replayed.table.board, line, game.lines)


def _errors_on(game: Game, line: int) -> list[str]:
    return [d.rule for d in game.diagnostics if d.severity == "error" and d.span.line == line]


@pytest.mark.parametrize("path", GAMES, ids=[p.name for p in GAMES])
def test_every_turn_of_an_example_is_among_the_options(path):
    game = _game(path.name, path.read_text(encoding="utf-8"))
    assert game.valid
    for line in _turn_lines(game):
        o = _options(game, line)
        assert o.kind == "turn" and o.among, (line, game.lines[line - 1])


def test_every_turn_of_200_simulated_games_is_among_the_options():
    rng = random.Random(29)
    board = bundled("standard")
    for seed in range(200):
        game = _game(f"sim{seed}", to_ngn(simulate(2 + seed % 3, seed, board)))
        assert game.valid, seed
        for line in rng.sample(_turn_lines(game), 3):
            assert _options(game, line).among, (seed, line, game.lines[line - 1])


def _fixture_turns(kind: str):
    for rule in ALL_RULES:
        for name, text in rule_cases(rule)[kind]:
            yield pytest.param(rule.id, text, id=f"{rule.id}: {name}")


@pytest.mark.parametrize("rule, text", list(_fixture_turns("pass")))
def test_each_turn_of_a_rule_fixture_that_keeps_the_rule_is_among_the_options(rule, text):
    game = _game("fixture.ngn", text)
    if not game.valid or game.record is None:
        pytest.skip("a fixture that keeps this rule may break another (a warning's case)")
    for line in _turn_lines(game):
        assert _options(game, line).among, (line, game.lines[line - 1])


@pytest.mark.parametrize("rule, text", list(_fixture_turns("fail")))
def test_a_written_turn_is_missing_exactly_when_validate_finds_an_error_on_it(rule, text):
    game = _game("fixture.ngn", text)
    if game.record is None:
        pytest.skip("syntax errors: nothing is replayed")
    first_error = min((d.span.line for d in game.errors), default=None)
    for line in _turn_lines(game):
        if first_error is not None and line > first_error:
            break  # past the first error the replay recovers; the options follow the table
        o = _options(game, line)
        if (
            o.kind != "turn"
            or o.player is None
            or o.written_option is None
            and o.player.casefold() != game.lines[line - 1].split(":")[0].strip().casefold()
        ):
            continue  # a turn out of order: the options are the next player's
        assert o.among == (not _errors_on(game, line)), (
            rule,
            line,
            game.lines[line - 1],
            _errors_on(game, line),
        )


def _written_in_place(game: Game, line: int, text: str) -> Game:
    lines = list(game.lines)
    lines[line - 1] = "  " + text
    return _game("in-place.ngn", "\n".join(lines) + "\n")


def test_options_written_in_place_are_legal_on_their_line():
    rng = random.Random(30)
    board = bundled("standard")
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in GAMES] + [
        (f"sim{seed}", to_ngn(simulate(2 + seed % 3, seed, board))) for seed in range(6)
    ]
    for name, text in texts:
        game = _game(name, text)
        printer = Printer(game.record)
        for line in rng.sample(_turn_lines(game), 4):
            options = list(itertools.islice(_options(game, line).turns, 3000))
            for option in rng.sample(options, min(5, len(options))):
                written = printer.turn(option.turn)
                after = _written_in_place(game, line, written)
                assert not _errors_on(after, line), (
                    name,
                    line,
                    written,
                    [d.message for d in after.errors],
                )


def test_the_options_are_each_listed_once():
    game = _game("game-2p.ngn", (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8"))
    for line in _turn_lines(game)[:12]:
        turns = _options(game, line).turns
        keys = [key(o.clauses) for o in turns.plain()]
        assert len(keys) == len(set(keys)), line
        assert len(keys) == sum(turns.plain_counts().values())


def test_ships_started_alike_are_told_apart_by_what_each_is_given():
    """Of two ships the Extra Action started alike, either may take the next clause's
    tile (one move, whichever is named); one taking two tiles is another move than
    each taking one."""
    record = (ROOT / "tests" / "moves" / "perft" / "alike-twice.ngn").read_text("utf-8")

    def moves(*bodies: str) -> set[tuple[object, ...]]:
        found = set()
        for body in bodies:
            line = f"  Anna: extra hulls: middle >new A, middle >new B; {body}\n"
            game = _game("g.ngn", record + line)
            found.add(key(game.record.rounds[-1].phases[-1].turns[-1].clauses))
        return found

    assert len(moves("bow >A", "bow >B")) == 1
    assert len(moves("middle >A, bow >B", "bow >A, middle >B")) == 1
    assert len(moves("middle >A, bow >B", "middle bow >A")) == 2


def test_counting_stops_soon_after_its_deadline():
    """Line 98 of the 4-player example takes seconds to count in full (an Extra Action
    on hulls leaves thousands of shapes to count the transport after it for, which can
    complete a ship); asked with a deadline a second away, counting gives up soon
    after it, whether or not it shows the bodies on the way."""
    import time

    from nauticus_ref.moves.purse import OutOfTime

    game = _game("game-4p.ngn", (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8"))
    turns = options_at(game.record, game.replayed.table.board, 98, game.lines).turns
    for count in (turns.counts, lambda d: turns.counts(d, lambda c: None)):
        start = time.monotonic()
        with pytest.raises(OutOfTime):
            count(start + 1)
        assert time.monotonic() - start < 2.5


def test_a_search_that_finds_nothing_for_long_still_stops_at_the_deadline():
    """Line 143 of the 4-player example: after some Extra Actions on hulls, a transport
    searches seconds for the few ways to fill five ships. Within `until`, the search
    itself looks at the deadline (every 1024th step), so a listing whose deadline is
    past stops within that many steps, found or not; outside it, nothing stops."""
    from nauticus_ref.moves.purse import OutOfTime

    game = _game("game-4p.ngn", (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8"))
    turns = options_at(game.record, game.replayed.table.board, 143, game.lines).turns
    purse = next(
        e.after for e in turns.extra_bodies(turns.purse, "hulls") if len(e.after.ships) == 5
    )
    with turns.until(0.0):  # long past
        before = turns.ask.ticks
        with pytest.raises(OutOfTime):
            for _ in turns.main_bodies(purse):
                pass
        assert turns.ask.ticks - before <= 1024
    assert turns.ask.deadline is None


def test_new_ships_past_z_are_named_on_and_nothing_breaks(tmp_path):
    """A player whose ships take the letters A to Y can still start two ships in one
    turn: the options name them Z and AA (a ship's name is any word), and the written
    turn among them is legal."""
    standard = (ROOT / "nauticus_ref" / "game" / "boards" / "standard.toml").read_text("utf-8")
    (tmp_path / "club.toml").write_text(standard.replace('"1ship" = 18', '"1ship" = 40'), "utf-8")
    ships = "".join(f"  Anna ship {chr(65 + n)}: 1ship\n" for n in range(25))
    text = (
        "board: club.toml\nplayers: Anna, Ben\nsetup: round 1 phase 1, flipped goods\n"
        f"  Anna: 30t 6w\n{ships}"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "2. Anna hulls bonus whale\n"
        "  Anna: 1ship >new Z, 1ship >new AA\n"
    )
    (tmp_path / "g.ngn").write_text(text, encoding="utf-8")
    from nauticus_ref.core.files import read

    game = validate_source(read(str(tmp_path / "g.ngn")))
    line = len(game.lines) - 1
    assert _errors_on(game, line) == [], game.diagnostics
    options = _options(game, line)
    assert options.among
    printer = Printer(game.record)
    listed = {printer.turn(o.turn) for o in options.turns.plain()}
    assert "Anna: 1ship >new Z, 1ship >new AA = 5t" in listed


def test_a_crests_header_on_a_board_of_another_crest_order_names_the_options_right(tmp_path):
    """`crests:` names the crests in the board's order; on a board that orders them
    otherwise than the standard one, each option is written in the record's words for
    the crest it buys, so that, written in place, it is legal there with its price; and
    the written turn is among them exactly when validate finds it legal."""
    standard = (ROOT / "nauticus_ref" / "game" / "boards" / "standard.toml").read_text("utf-8")
    order = '["helm", "whale", "anchor", "crest4"]'
    board = standard.replace('masts = ["whale", "anchor", "helm", "crest4"]', f"masts = {order}")
    board = board.replace('sails = ["whale", "anchor", "helm", "crest4"]', f"sails = {order}")
    (tmp_path / "club.toml").write_text(board, encoding="utf-8")
    from nauticus_ref.core.files import read

    def written(turn: str) -> Game:
        text = (
            "board: club.toml\ncrests: rose lily oak star\nplayers: Anna, Ben\n"
            "round 1: masts hulls money transport crowns goods deliver sails\n"
            f"1. Anna masts bonus 3w\n  {turn}\n"
        )
        (tmp_path / "g.ngn").write_text(text, encoding="utf-8")
        return validate_source(read(str(tmp_path / "g.ngn")))

    game = written("Anna: rose mast >store = 1t")  # rose is helm, the board's first: 2t here
    assert _errors_on(game, 6) == ["claim"]
    options = _options(game, 6)
    assert not options.among
    printer = Printer(game.record, game.replayed.table.crest_words)
    texts = [printer.turn(o.turn) for o in itertools.islice(options.turns.plain(), 400)]
    assert "Anna: rose mast >store = 2t" in texts
    assert not any(word in text for text in texts for word in ("whale", "helm", "anchor"))
    for text in random.Random(31).sample(texts, 25):
        again = written(text)
        assert _errors_on(again, 6) == [] and _options(again, 6).among, text


def test_after_a_wrong_start_player_the_options_hold_the_bonus_the_first_turn_brings():
    """Named start player wrongly, Ben may still start; the space's bonus (2 workers)
    is his when his turn starts, so the options count them, as validate does: 6 of his
    own, and 3 blue workers on the space for the phase's action."""
    head = "players: Anna, Ben\nround 1: goods hulls money transport crowns masts deliver sails\n"

    def written(turn: str) -> Game:
        return _game("g.ngn", f"{head}1. Ben crowns bonus 2w\n  {turn}\n")

    game = written("Ben: extra money: 6w = 12t; pass")
    assert _errors_on(game, 3) == ["start-player"] and _errors_on(game, 4) == []
    options = _options(game, 4)
    assert options.among
    texts = [options.turns.printer(game.record).turn(o.turn) for o in options.turns.plain()]
    assert "Ben: 9w = 0vp" in texts and "Ben: 10w = 0vp" not in texts
    assert _errors_on(written("Ben: 10w = 0vp"), 4) == ["workers"]


def test_purses_of_one_shape_need_the_same_whatever_else_the_supply_holds():
    """A shape (`Purse.shape`) reads of the supply what its action's bodies take: the
    tiles bought, and for a sail or transport that can complete a ship the tiles its
    rewards take. Purses of one shape that differ elsewhere in the supply need the
    same; a supply of reward tiles that changes what they need is another shape."""
    from collections import Counter

    from nauticus_ref.game import rewards
    from nauticus_ref.moves.clauses import needs
    from nauticus_ref.moves.plans import reach
    from nauticus_ref.moves.tally import completes

    checked: Counter[str] = Counter()
    games = [_game(p.name, p.read_text(encoding="utf-8")) for p in GAMES]
    for game in games:
        for line in _turn_lines(game)[::3]:
            turns = _options(game, line).turns
            if turns is None:
                continue
            for action in ("sails", "transport"):
                found = reach(turns.ask, turns.purse, action, False, turns.ask.blue)
                if checked[action] >= 3 or found is None:
                    continue
                if not completes(turns.ask, turns.purse, found):
                    continue
                groups: dict[object, list] = {}
                for tile in (*rewards.TILES, ("hull", "bow"), ("mast", "mast")):
                    for n in (0, 1, 9):
                        purse = turns.purse.copy()
                        purse.supply[tile] = n
                        groups.setdefault(purse.shape(action), []).append(purse)
                for purses in groups.values():
                    wanted = needs(turns.ask, purses[0], action, False)
                    for other in purses[1:]:
                        assert needs(turns.ask, other, action, False) == wanted, (line, action)
                checked[action] += 1
    assert checked["sails"] and checked["transport"], checked


@pytest.mark.parametrize("name, line", [("game-2p.ngn", 9), ("game-4p.ngn", 126)])
def test_listing_turns_leaves_nothing_for_the_cycle_collector(name, line):
    """The recorder lists tens of thousands of turns while the players look on: a walk or
    a plan that held itself in a cycle made hundreds of thousands of objects that only a
    pass of the garbage collector frees, pausing the answers for up to 0.1 s."""
    import gc

    game = _game(name, (EXAMPLES / name).read_text(encoding="utf-8"))
    turns = _options(game, line).turns
    gc.collect()
    gc.disable()
    try:
        listed = sum(1 for _ in itertools.islice(turns, 2000))
        extra = next(g for g in turns.group_names() if g.endswith("after"))
        listed += sum(1 for _ in itertools.islice(turns.group(extra), 500))
        assert listed > 2000 and gc.collect() == 0
    finally:
        gc.enable()
