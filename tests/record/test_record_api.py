"""The recorder through its HTTP API, as the page and any other client use it: whole
games played a line at a time, the file validated clean after every line, nothing
written on a refusal, and a stranger held to what the page can do."""

from __future__ import annotations

import random
import time
import urllib.request

import pytest

from nauticus_ref.core.files import Source
from nauticus_ref.game.board import bundled
from nauticus_ref.notation import vocab
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.record.book import Book, final_line
from nauticus_ref.record.parts import chosen_groups
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.tools.simulate import simulate
from nauticus_ref.views.score import score_json


def _clean(path) -> None:
    game = validate_source(Source(str(path), path.read_text(encoding="utf-8")))
    assert not game.errors, [d.message for d in game.errors]


def _totals(text: str) -> dict[str, int]:
    game = validate_source(Source("game.ngn", text))
    return {p["name"]: p["total"] for p in score_json(game)["players"]}


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 5)])
def test_a_simulated_game_played_through_the_api_scores_as_the_simulator_played_it(
    serve, players, seed
):
    text = to_ngn(simulate(players, seed, bundled("standard")))
    names = [n.strip() for n in text.split("players:", 1)[1].splitlines()[0].split(",")]
    s = serve()
    status, state = s.call("/api/new", {"players": names, "board": "standard"})
    assert status == 200 and state["next"]["kind"] == "round"
    moves = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.startswith(("game:", "players:", "#"))
    ]
    for line in moves:
        status, state = s.call("/api/play", {"line": line, "at": state["at"]})
        assert status == 200, (line, state)
        _clean(s.path)
    assert state["next"]["kind"] == "over"
    assert _totals(s.path.read_text(encoding="utf-8")) == _totals(text)
    with urllib.request.urlopen(s.base + "/score") as response:  # the score page
        page = response.read().decode()
    assert all(name in page for name in names) and "<svg" in page


def test_a_game_of_random_legal_choices_is_written_clean_line_by_line(serve):
    rng = random.Random(31)
    s = serve()
    status, state = s.call("/api/state")
    assert state["next"]["kind"] == "new"
    status, state = s.call("/api/new", {"players": ["Anna", "Ben", "Carla"], "at": state["at"]})
    played = 0
    while state["next"]["kind"] != "over":
        nxt = state["next"]
        if nxt["kind"] == "round":
            deal = list(vocab.ACTIONS)
            rng.shuffle(deal)
            line = f"round {nxt['round']}: {' '.join(deal)}"
        elif nxt["kind"] in ("phase", "turn"):
            options = nxt["options"]["options"]
            assert options and nxt["options"]["count"] != 0
            line = rng.choice(options)["text"]
        else:
            assert nxt["kind"] == "final", nxt
            line = nxt["line"]
        status, state = s.call(
            "/api/play", {"line": line, "at": state["at"], "comment": f"move {played}"}
        )
        assert status == 200, (line, state)
        _clean(s.path)
        played += 1
    text = s.path.read_text(encoding="utf-8")
    game = validate_source(Source("game.ngn", text))
    assert game.complete and final_line(game) in text
    assert played > 60 and "# move 1" in text


def test_a_turn_is_chosen_a_part_at_a_time_among_the_legal_ones(serve):
    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.call("/api/play", {"line": "round 1: goods hulls money transport crowns masts deliver sails"})
    status, state = s.call("/api/play", {"line": "1. Anna hulls bonus anchor"})
    status, first = s.call("/api/choices", {"chosen": []})
    texts = [step["text"] for step in first["steps"]]
    assert "pass" in texts and "1ship >new A" in texts and first["complete"] is None
    status, passed = s.call("/api/choices", {"chosen": ["pass"]})
    assert passed["complete"]["text"] == "Anna: pass"
    assert passed["complete"]["left"] == {"taler": 15, "workers": 4}
    status, built = s.call("/api/choices", {"chosen": ["1ship >new A"]})
    assert built["complete"]["text"].startswith("Anna: 1ship >new A = ")
    assert all(step["taler"][0] <= step["taler"][1] for step in built["steps"])
    status, state = s.call("/api/play", {"line": built["complete"]["text"]})
    assert status == 200 and state["lines"][-1] == "  " + built["complete"]["text"]


def test_an_illegal_line_is_refused_with_the_referees_findings_and_nothing_is_written(serve):
    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.call("/api/play", {"line": "round 1: goods hulls money transport crowns masts deliver sails"})
    before = s.path.read_bytes()
    status, body = s.call("/api/play", {"line": "1. Ben hulls"})
    assert status == 422 and body["findings"] and body["findings"][0]["line"] == 3
    status, body = s.call("/api/play", {"line": "1. Anna hulls\n2. Ben masts"})
    assert status == 422 and "one line" in body["error"]
    assert s.path.read_bytes() == before


def test_undo_removes_the_last_line_but_never_the_players(serve):
    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    status, state = s.call(
        "/api/play", {"line": "round 1: goods hulls money transport crowns masts deliver sails"}
    )
    status, state = s.call("/api/undo", {"at": state["at"]})
    assert status == 200 and state["lines"] == ["players: Anna, Ben"]
    assert s.path.read_text(encoding="utf-8") == "players: Anna, Ben\n"
    status, body = s.call("/api/undo", {})
    assert status == 409 and "no line to undo" in body["error"]


def test_two_tabs_see_one_state_and_the_one_behind_is_refused(serve):
    s = serve()
    status, state = s.call("/api/new", {"players": ["Anna", "Ben"]})
    seen = state["at"]
    deal = "round 1: goods hulls money transport crowns masts deliver sails"
    assert s.call("/api/play", {"line": deal, "at": seen})[0] == 200
    status, body = s.call("/api/play", {"line": deal, "at": seen})  # the other tab
    assert status == 409 and body["state"]["at"] == seen + 1
    assert s.path.read_text(encoding="utf-8").count("round 1") == 1


def test_a_file_changed_behind_the_recorders_back_is_not_overwritten(serve):
    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.path.write_text("players: Anna, Ben\n# someone's note\n", encoding="utf-8")
    status, body = s.call(
        "/api/play", {"line": "round 1: goods hulls money transport crowns masts deliver sails"}
    )
    assert status == 409 and "changed by another program" in body["error"]
    assert s.path.read_text(encoding="utf-8").endswith("# someone's note\n")


def test_an_existing_record_with_errors_is_shown_and_refused(serve, tmp_path):
    (tmp_path / "bad.ngn").write_text(
        "players: Anna, Ben\nround 1: goods goods\n", encoding="utf-8"
    )
    s = serve("bad.ngn")
    status, state = s.call("/api/state")
    assert state["next"]["kind"] == "refused" and state["findings"]
    status, body = s.call("/api/play", {"line": "1. Anna goods"})
    assert status == 409


def test_a_new_game_takes_only_the_bundled_boards_and_refuses_a_second_game(serve):
    s = serve()
    status, body = s.call("/api/new", {"players": ["Anna", "Ben"], "board": "/etc/passwd"})
    assert status == 422 and "no board called" in body["error"]
    status, body = s.call("/api/new", {"players": ["Anna"]})
    assert status == 422
    assert not s.path.exists()
    assert s.call("/api/new", {"players": ["Anna", "Ben"]})[0] == 200
    status, body = s.call("/api/new", {"players": ["Carla", "Dana"]})
    assert status == 409 and "already holds a game" in body["error"]


def test_a_stranger_can_do_only_what_the_page_does(serve, tmp_path):
    s = serve(token="secret-token")
    assert s.call("/api/state", headers={"X-Token": "wrong"})[0] == 403
    assert s.call("/api/new", {"players": ["A", "B"]}, headers={"X-Token": ""})[0] == 403
    assert not s.path.exists()
    # a body too large, a body that is not JSON, a form another site could post
    assert s.call("/api/play", raw=b'{"line": "' + b"x" * 20_000 + b'"}')[0] == 413
    assert s.call("/api/play", raw=b"not json")[0] == 400
    assert (
        s.call("/api/play", raw=b'{"line": "x"}', headers={"Content-Type": "text/plain"})[0] == 415
    )
    # no request names a file: a `path` is not read
    s.call("/api/new", {"players": ["Anna", "Ben"], "path": str(tmp_path / "other.ngn")})
    assert s.path.exists() and not (tmp_path / "other.ngn").exists()


def test_on_loopback_only_this_machines_names_are_answered(serve):
    s = serve()
    assert s.call("/api/state", headers={"Host": "attacker.example"})[0] == 400
    assert s.call("/api/state", headers={"Host": "localhost"})[0] == 200


def test_the_page_loads_nothing_from_elsewhere(serve):
    import urllib.request

    s = serve()
    with urllib.request.urlopen(s.base + "/") as response:
        page = response.read().decode()
        csp = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp
    assert "http" not in page.replace('lang="en"', "")


def test_a_record_keeps_its_line_endings(tmp_path):
    path = tmp_path / "crlf.ngn"
    path.write_bytes(b"players: Anna, Ben\r\n")
    book = Book.open(str(path))
    book.play("round 1: goods hulls money transport crowns masts deliver sails")
    assert path.read_bytes() == (
        b"players: Anna, Ben\r\nround 1: goods hulls money transport crowns masts deliver sails\r\n"
    )


def test_the_table_comes_in_one_column_for_a_phone_and_two_otherwise(serve):
    import xml.etree.ElementTree as ET

    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.call("/api/play", {"line": "round 1: goods hulls money transport crowns masts deliver sails"})
    widths = {}
    for asked in ("1", "2", "3", "1%00", ""):
        request = urllib.request.Request(
            f"{s.base}/api/table.svg?columns={asked}", headers={"X-Token": s.token or ""}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            widths[asked] = ET.fromstring(response.read()).get("width")
    assert widths == {"1": "460", "2": "930", "3": "930", "1%00": "930", "": "930"}


def test_the_end_of_a_round_shows_what_it_brought_each_player(tmp_path):
    """The deal of round 2 comes with round 1's summary: each player's points by source,
    the pass penalty among them, and the total after it, as the referee's ledger has it."""
    from helpers import EXAMPLES

    lines = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8").splitlines(keepends=True)
    upto = next(k for k, line in enumerate(lines) if line.startswith("round 2"))
    path = tmp_path / "game.ngn"
    path.write_text("".join(lines[:upto]), encoding="utf-8")
    state = Book.open(str(path)).state()
    summary = state["next"]["summary"]
    assert state["next"]["kind"] == "round" and summary["round"] == 1
    table = {p["name"]: p["vp"] for p in state["table"]["players"]}
    for p in summary["players"]:
        assert p["gained"] == sum(p["by"].values()) and p["vp"] == table[p["name"]]
    assert any(p["by"].get("pass penalty", 0) < 0 for p in summary["players"])


#: The Extra Actions a player with taler and workers can take before game-2p.ngn line 9.
BUYABLE = {f"extra {a}" for a in ("hulls", "masts", "sails", "goods", "money", "crowns")}


def test_the_extra_action_is_one_part_and_its_clause_comes_after_it(tmp_path):
    """game-2p.ngn line 9: 787,266 turns. Each Extra Action is offered as one part
    (`extra masts`, `then extra masts`), with every part of a turn without it, none cut;
    the Extra Action's own parts come once it is chosen. After a pass each Extra Action
    after it is offered, but no transport: nothing is in storage to move."""
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    first = book.choices([])
    steps = {s["text"] for s in first["steps"]}
    assert not first["cut"] and BUYABLE | {f"then {a}" for a in BUYABLE} <= steps
    assert not any(":" in s for s in steps)  # no part of an Extra Action's clause yet
    after = {s["text"] for s in book.choices(["pass"])["steps"]}
    assert {f"then {a}" for a in BUYABLE} <= after and BUYABLE <= after
    assert not any(a.endswith(("transport", "deliver")) for a in after)
    money = book.choices(["pass", "then extra money"])
    assert {s["text"] for s in money["steps"]} == {f"then extra money: {n}w" for n in range(1, 7)}
    assert not money["cut"]
    # a part of the Extra Action's clause is no part until the Extra Action is chosen
    assert book.choices(["pass", "then extra money: 2w"])["steps"] == []


def test_an_answer_is_summed_a_while_a_request_and_grows_to_the_whole(tmp_path, monkeypatch):
    """A request sums the turns found for `SUM_SECONDS` at most, then answers with what it
    has and says it is still listing; the next request goes on where it stopped.  With
    no time at all, each sums a turn (two where it asks the thread and sums again after
    its wait): asked again as the page asks, the answer grows to the whole one."""
    from nauticus_ref.record import listing

    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    chosen = ["pass", "then extra money"]
    whole = book.choices(chosen)  # the fixture's time: every turn summed
    assert not whole["listing"] and len(whole["steps"]) == 6
    book.stop()
    monkeypatch.setattr(listing, "SUM_SECONDS", 0.0)
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    book.choices([])  # the listing has ended, and answers this
    seen = []
    while (answer := book.choices(chosen))["listing"]:
        seen.append(sum(s["turns"] for s in answer["steps"]))
        assert answer["cut"] and len(seen) <= 6
    assert seen and seen == sorted(set(seen)) and seen[0] < 6 and answer == whole


def test_a_rich_positions_choices_answer_before_the_listing_ends_and_grow(tmp_path, monkeypatch):
    """game-2p.ngn line 9: the turns take a second to find. The first answer does not
    wait for them: it has the first turn of every kind (found within
    `FIRSTS_SECONDS`), says it is cut and that the listing goes on; an answer once it
    has ended offers every first part."""
    from nauticus_ref.record import listing

    # longer than served, so that a loaded machine has found the first turns
    monkeypatch.setattr(listing, "WAIT_SECONDS", listing.FIRSTS_SECONDS + 0.05)
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    first = book.choices([])
    running = book._listing[1]
    assert first["cut"] and first["listing"] and not running.ready.is_set()
    assert {s["text"] for s in first["steps"]} >= BUYABLE
    deadline = time.monotonic() + 30
    while (later := book.choices([]))["listing"]:  # as the page asks again
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert running.ready.is_set() and not later["cut"]
    assert len(later["steps"]) > len(first["steps"])


def test_once_parts_are_chosen_the_turns_that_hold_them_are_searched_for(tmp_path, monkeypatch):
    """game-2p.ngn line 9: too many turns hold the Extra Action after the purchase to
    list them all, but those that hold the two ships Anna started are found when she
    chooses the Extra Action after them: every next part is offered, and a turn made of
    them is legal.  No part goes onto her new ships: a bow and a stern close a hull.
    (The search takes about 1.2 s of the 2 s it has; a loaded machine is given more.)"""
    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "QUERY_SECONDS", 10.0)
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    chosen = ["bow stern >new A", "1ship >new B", "then extra hulls"]
    answer = book.choices(chosen)
    steps = [s["text"] for s in answer["steps"]]
    assert not answer["cut"] and not answer["listing"]
    assert "then extra hulls: middle >store" in steps and "middle >store" in steps
    assert not any(s.endswith((">A", ">B")) for s in steps)  # both hulls are whole
    whole = book.choices([*chosen, "then extra hulls: middle >store"])
    assert whole["complete"]["text"].startswith(
        "Anna: 1ship >new A, bow stern >new B = 6t; extra hulls: middle >store = "
    )
    assert book.play(whole["complete"]["text"])["at"] == len(book.lines)


def test_a_search_that_runs_out_of_time_says_what_it_found_is_not_all(tmp_path, monkeypatch):
    """game-2p.ngn line 9: the Extra Action after a purchase, with nothing else chosen,
    holds more turns than can be found in the time a question has: the answer offers
    those found and says it is cut, and the question is not asked again."""
    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "QUERY_SECONDS", 0.2)
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    answer = book.choices(["then extra hulls"])
    assert answer["cut"] and not answer["listing"] and answer["steps"]
    assert book.choices(["then extra hulls"]) == answer


def test_a_newer_question_stops_the_search_for_the_last_and_it_is_asked_again(
    tmp_path, monkeypatch
):
    """game-2p.ngn line 9: the Extra Action after a purchase, with nothing else chosen,
    is searched for longer than the player looks at it.  Once she chooses other parts,
    the search stops and theirs is answered at once; the first is searched again when
    she comes back to it."""
    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "QUERY_SECONDS", 60.0)
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    book.choices([])  # the listing has ended
    monkeypatch.setattr(listing, "WAIT_SECONDS", 0.2)
    assert book.choices(["then extra hulls"])["listing"]
    monkeypatch.setattr(listing, "WAIT_SECONDS", 30.0)
    start = time.monotonic()
    money = book.choices(["pass", "then extra money"])
    assert not money["listing"] and not money["cut"] and len(money["steps"]) == 6
    # at once (0.04 s here), not when the first search fills the room for turns (7 s)
    assert time.monotonic() - start < 3
    monkeypatch.setattr(listing, "WAIT_SECONDS", 0.2)
    assert book.choices(["then extra hulls"])["listing"]  # searched again


def test_a_listing_out_of_room_lets_go_of_all_but_its_first_turns(tmp_path, monkeypatch):
    """The turns kept are bounded (`MAX_TURNS`): a question asked when they fill half the
    room starts over from the first listing's turns, and the answers after it are as
    whole as before."""
    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "MAX_TURNS", 5_000)  # the first listing keeps 3,562
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    first = book.choices([])
    assert not first["cut"]
    kept = book._listing[1]
    monkeypatch.setattr(listing, "QUERY_SECONDS", 0.5)
    assert book.choices(["then extra hulls"])["cut"]  # more than there is room for
    assert len(kept.matcher.turns) <= 5_000
    # time enough, on a loaded machine too, to find again what the turns let go held
    monkeypatch.setattr(listing, "QUERY_SECONDS", 10.0)
    mine = book.choices(["1ship >new A", "bow stern >new B", "then extra money"])
    assert not mine["cut"] and len(mine["steps"]) > 6
    again = book.choices([])
    assert not again["cut"] and len(kept.matcher.turns) <= 5_000
    assert {s["text"] for s in again["steps"]} == {s["text"] for s in first["steps"]}


def test_where_a_group_is_too_large_to_keep_a_turn_for_each_part_makes_the_answer_whole(
    tmp_path, monkeypatch
):
    """game-2p.ngn line 9, with room for 5,000 turns: the turns with an Extra Action
    that hold the parts chosen are more than that (24,184 with `extra money` alone), so
    a turn is found for each part its turns hold (`moves.cover`). The answers are whole,
    and they offer the parts that listing every such turn offers."""
    from nauticus_ref.record import listing

    questions = [["then extra money"], ["extra money"], ["extra crowns"]]
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    part = next(s["text"] for s in book.choices([])["steps"] if s["text"].endswith(">new A"))
    questions += [[part, "then extra money"], ["extra money", part]]
    whole = {}
    for chosen in questions:
        answer = book.choices(chosen)
        assert not answer["cut"], chosen
        whole[tuple(chosen)] = {s["text"] for s in answer["steps"]}
    book.stop()
    monkeypatch.setattr(listing, "MAX_TURNS", 5_000)
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    for chosen in questions:
        answer = book.choices(chosen)
        assert not answer["cut"], chosen
        assert {s["text"] for s in answer["steps"]} == whole[tuple(chosen)], chosen
        assert len(book._listing[1].matcher.turns) <= 5_000
    assert book._listing[1].covered["extra money first"]  # not listed whole, covered


def test_a_listing_whose_search_runs_out_of_time_offers_what_it_found(tmp_path, monkeypatch):
    """On a loaded machine a search may run out of time before it finds the Extra
    Action's first turn: the turns found before it, pass and the phase's action, are
    still offered, and the answer says it is cut."""
    from nauticus_ref.moves.purse import OutOfTime
    from nauticus_ref.moves.turns import TurnOptions

    def out_of_time(*args, **kwargs):
        raise OutOfTime

    monkeypatch.setattr(TurnOptions, "extra_bodies", out_of_time)
    path = tmp_path / "game.ngn"
    path.write_text(
        "players: Anna, Ben\nround 1: money hulls goods transport crowns masts deliver sails\n"
        "1. Anna money\n",
        encoding="utf-8",
    )
    answer = Book.open(str(path)).choices([])
    steps = [s["text"] for s in answer["steps"]]
    assert answer["cut"] and {"pass", "1w", "2w"} <= set(steps), answer


def test_the_rewards_of_a_completed_ship_are_chosen_one_at_a_time(tmp_path, monkeypatch):
    """game-3p.ngn line 103: `crest4 sail >K` completes K, whose three masts bring three
    rewards. They are chosen a step each, from a handful of buttons, not one button for
    every combination.  (Which Extra Actions could follow is searched for 2 s a step,
    not the recorder's 10: the rewards are what is asked here.)"""
    from helpers import EXAMPLES

    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "QUERY_SECONDS", 2.0)

    lines = (EXAMPLES / "game-3p.ngn").read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "game.ngn"
    path.write_text("".join(lines[:102]), encoding="utf-8")
    book = Book.open(str(path))
    chosen = ["crest4 sail >K"]
    for _ in range(3):
        steps = [s["text"] for s in book.choices(chosen)["steps"]]
        assert steps and all(s.startswith("reward ") for s in steps) and len(steps) <= 12, steps
        chosen.append("reward 7t" if "reward 7t" in steps else steps[0])
    then = book.choices(chosen)
    assert then["complete"] and not any(s["text"].startswith("reward") for s in then["steps"])


def test_the_phases_own_action_comes_before_the_extra_action_among_the_steps(tmp_path):
    path = tmp_path / "game.ngn"
    path.write_text(
        "players: Anna, Ben\nround 1: money hulls goods transport crowns masts deliver sails\n"
        "1. Anna money\n",
        encoding="utf-8",
    )
    steps = [s["text"] for s in Book.open(str(path)).choices([])["steps"]]
    first_extra = next(k for k, s in enumerate(steps) if s.startswith(("extra ", "then extra ")))
    assert {"pass", "1w", "2w"} <= set(steps[:first_extra])
    assert all(s.startswith(("extra ", "then extra ")) for s in steps[first_extra:])


def _page(s, query: str = "", language: str | None = None) -> str:
    import urllib.request

    headers = {"Accept-Language": language} if language else {}
    request = urllib.request.Request(s.base + "/" + query, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read().decode("utf-8")


def test_the_page_and_the_referee_speak_the_browsers_language_unless_the_player_chooses(serve):
    s = serve()
    german = _page(s, language="de-CH, de;q=0.9, en;q=0.5")
    assert '<html lang="de">' in german and "Letzte Zeile zurücknehmen" in german
    assert '"Start the game":"Partie beginnen"' in german  # the script's words
    assert '<html lang="fr">' in _page(s, "?lang=fr", language="de")  # the player's choice
    assert '<html lang="en">' in _page(s, language="it, ja;q=0.8")  # none spoken: English
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.call("/api/play", {"line": "round 1: goods hulls money transport crowns masts deliver sails"})
    status, body = s.call("/api/play", {"line": "1. Ben hulls"}, headers={"Accept-Language": "fr"})
    assert status == 422 and "premier joueur" in body["findings"][0]["message"]
    status, body = s.call("/api/play?lang=de", {"line": "1. Ben hulls"})
    assert "Startspieler" in body["findings"][0]["message"]
    status, body = s.call("/api/play", {"line": "1. Ben hulls"})
    assert "start player" in body["findings"][0]["message"]


def _book_before(tmp_path, record: str, line: int) -> Book:
    """A recorder's book for `record` (a path under the project, or `simulated:N:SEED`),
    holding its lines before `line` (0: all of them)."""
    from helpers import ROOT

    from nauticus_ref.tools.simulate import simulate

    if record.startswith("simulated:"):
        _, players, seed = record.split(":")
        text = to_ngn(simulate(int(players), int(seed), bundled("standard")))
    else:
        text = (ROOT / record).read_text(encoding="utf-8")
        for board in (ROOT / record).parent.glob("*.toml"):  # a board the record names
            (tmp_path / board.name).write_text(board.read_text("utf-8"), encoding="utf-8")
    path = tmp_path / "game.ngn"
    lines = text.splitlines(keepends=True)
    path.write_text("".join(lines[: line - 1] if line else lines), encoding="utf-8")
    return Book.open(str(path))


def test_either_first_part_offers_the_other_and_both_write_the_canonical_turn(tmp_path):
    """Before game-2p.ngn line 9: `1ship >new A` offers `bow stern >new B`, and
    `bow stern >new A` offers `1ship >new B`; either way the turn is the one line, and
    no answer on the way is cut.  A part that starts a ship offers it by the letter it
    takes if chosen next, so each is offered once."""
    book = _book_before(tmp_path, "examples/logs/game-2p.ngn", 9)
    line = "Anna: 1ship >new A, bow stern >new B = 6t"
    first_steps = book.choices([])
    assert not first_steps["cut"]
    # a new ship is offered by the letter it takes if chosen now: once, as `A`
    started = [s["text"] for s in first_steps["steps"] if ">new " in s["text"]]
    assert started and all(s.endswith(">new A") for s in started)
    assert len(started) == len(set(started))
    for first, then in (("1ship >new A", "bow stern >new B"), ("bow stern >new A", "1ship >new B")):
        answer = book.choices([first])
        steps = [s["text"] for s in answer["steps"]]
        assert then in steps and not answer["cut"]
        assert all(s.endswith(">new B") for s in steps if ">new " in s)
        answer = book.choices([first, then])
        assert answer["complete"]["text"] == line and not answer["cut"]


#: Positions of a few hundred turns at most, the Extra Action, rewards and a full
#: storage among them (tests/moves/perft/table.json says what each holds).
WALKED = [
    ("tests/moves/perft/reward-spent.ngn", 0),
    ("tests/moves/perft/full-storage.ngn", 0),
    ("tests/moves/perft/club-crests.ngn", 0),
    ("tests/moves/perft/transport-reward.ngn", 0),
    ("examples/logs/game-4p.ngn", 131),
    ("simulated:3:2", 149),
]


@pytest.mark.parametrize("record, line", WALKED, ids=[f"{r}:{n}" for r, n in WALKED])
def test_walking_the_choices_in_any_order_reaches_exactly_the_listed_turns(tmp_path, record, line):
    """Every part offered is tapped, in every order: the whole turns reached are the
    turns `moves` lists, and no listing of parts is cut."""
    from nauticus_ref.moves.point import options_at

    book = _book_before(tmp_path, record, line)
    game = book.game()
    at = len(book.lines) + 1
    options = options_at(game.record, game.replayed.table.board, at, game.lines).turns
    printer = options.printer(game.record)
    listed = {printer.turn(o.turn) for o in options}
    reached: set[str] = set()
    seen: set[tuple[object, ...]] = set()
    todo: list[list[str]] = [[]]
    while todo:
        chosen = todo.pop()
        answer = book.choices(chosen)
        assert not answer["cut"]
        if answer["complete"]:
            reached.add(answer["complete"]["text"])
        for step in answer["steps"]:
            nxt = chosen + [step["text"]]
            state = tuple(sorted(chosen_groups(nxt) or ()))  # the parts, in any order
            if state not in seen:
                seen.add(state)
                todo.append(nxt)
    assert reached == listed and len(listed) == options.count()
