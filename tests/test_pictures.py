"""The round card and the table as a picture: what they show agrees with the replay,
the SVG parses, names from a record stay text, and the text card fits 80 columns."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.game.board import resolve
from nauticus_ref.notation.vocab import BONUSES

GAMES = sorted(EXAMPLES.glob("game-*.ngn"))
DEAL = "goods hulls money transport crowns masts deliver sails"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def texts(svg_text: str) -> list[str]:
    """What a person reads in a picture: the text of its text elements, in order."""
    return [t.text or "" for t in ET.fromstring(svg_text).iter(f"{SVG}text")]


def test_card_of_a_deal(snapshot):
    result = run("card", "--deal", DEAL, "--anchor", "2vp")
    assert result.exit_code == 0
    assert result.output == snapshot
    assert max(len(line) for line in result.output.splitlines()) <= 80


@pytest.mark.parametrize("anchor", BONUSES)
def test_card_blue_workers_turn_with_the_anchor(anchor):
    board = resolve(None)
    data = json.loads(run("card", "--deal", DEAL, "--anchor", anchor, "--format", "json").output)
    at = BONUSES.index(anchor)
    assert [s["blue_workers"] for s in data["spaces"]] == [
        board.wheel[(i - at) % 8] for i in range(8)]
    assert data["spaces"][at]["blue_workers"] == 0   # the anchor's space has none
    hulls = next(s for s in data["spaces"] if s["action"] == "hulls")
    space = BONUSES.index(hulls["space"])
    assert list(hulls["prices"].values()) == list(board.prices[space])


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_each_round_card_agrees_with_state_after_its_round_line(game):
    lines = game.read_text(encoding="utf-8").splitlines()
    round_lines = [n for n, text in enumerate(lines, 1) if text.startswith("round ")]
    for number, line in enumerate(round_lines, 1):
        card = run("card", game, "--round", number)
        assert card.exit_code == 0 and max(map(len, card.output.splitlines())) <= 80
        data = json.loads(run("card", game, "--round", number, "--format", "json").output)
        state = json.loads(run("state", game, "--line", line, "--format", "json").output)
        assert data["spaces"] == state["wheel"] and data["anchor"] == state["anchor"]
        assert data["round"] == number


def test_card_of_the_last_round_by_default(snapshot):
    result = run("card", EXAMPLES / "game-3p.ngn")
    assert result.exit_code == 0 and result.output == snapshot


@pytest.mark.parametrize("args, message", [
    (["--deal", "goods hull money"], "`hull` is not an action; did you mean `hulls`?"),
    (["--deal", "goods hulls money"], "this one lacks masts, sails, transport, deliver, crowns"),
    (["--deal", "goods goods hulls money transport crowns masts deliver"],
     "this one names goods more than once and lacks sails"),
    ([EXAMPLES / "game-2p.ngn", "--deal", DEAL], "give a record or --deal ACTIONS, not both"),
    ([], "give a record or --deal ACTIONS, not both"),
    ([EXAMPLES / "game-2p.ngn", "--anchor", "2vp"], "--anchor goes with --deal"),
    (["--deal", DEAL, "--round", "2"], "--round reads a record"),
    ([EXAMPLES / "game-2p.ngn", "--round", "9"], "no round 9 (the record has rounds 1, 2, 3, 4)"),
])
def test_card_says_what_is_wrong(args, message):
    result = run("card", *args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_card_svg(snapshot):
    picture = run("card", EXAMPLES / "game-4p.ngn", "--round", "2", "--format", "svg").output
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg" and len(root.findall(f".//{SVG}g[@class='space']")) == 8
    shown = texts(picture)
    assert "ANCHOR" in shown and "round 2" in shown
    assert picture == snapshot


def test_state_svg_shows_every_player_ship_and_storage(snapshot, monkeypatch):
    monkeypatch.chdir(EXAMPLES)   # the picture names its record: no absolute path in a snapshot
    game = "game-4p.ngn"
    data = json.loads(run("state", game, "--line", 60, "--format", "json").output)
    picture = run("state", game, "--line", 60, "--format", "svg").output
    root = ET.fromstring(picture)
    shown = texts(picture)
    for p in data["players"]:
        assert p["name"] in shown
        assert f"storage {p['storage']['used']}/12" in shown
        for s in p["ships"]:
            assert s["name"] in shown
    ships = sum(len(p["ships"]) for p in data["players"])
    assert len(root.findall(f".//{SVG}g[@class='ship']")) == ships
    complete = sum(s["complete"] for p in data["players"] for s in p["ships"])
    assert shown.count("complete") == complete
    # taken actions are crossed out and say so: black and white still reads
    assert shown.count("taken") == len(data["flipped"])
    assert picture == snapshot


def test_names_from_a_record_stay_text_in_pictures(tmp_path):
    record = tmp_path / "x.ngn"
    record.write_text(
        'players: "<script>alert(1)</script>", "x&amp;y"\n'
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        '1. "<script>alert(1)</script>" hulls bonus whale\n'
        '  "<script>alert(1)</script>": bow >new "\'><img src=x onerror=alert(1)>"\n',
        encoding="utf-8")
    picture = run("state", record, "--format", "svg").output
    root = ET.fromstring(picture)
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("script", "img")]
    shown = texts(picture)
    assert "<script>alert(1)</script>" in shown and "x&amp;y" in shown
    assert "'><img src=x onerror=alert(1)>" in shown
    assert "<script" not in picture and "<img" not in picture


@pytest.mark.parametrize("name, args", [
    ("round-card.svg", ["card", "examples/logs/game-4p.ngn", "--round", "2", "--format", "svg"]),
    ("table.svg", ["state", "examples/logs/game-2p.ngn", "--line", "40", "--format", "svg"]),
])
def test_the_pictures_in_docs_are_what_the_commands_draw(name, args, monkeypatch):
    """docs/pictures/ shows the README's readers real output; remake with the command."""
    from conftest import ROOT

    monkeypatch.chdir(ROOT)
    picture = run(*args)
    assert (ROOT / "docs" / "pictures" / name).read_text(encoding="utf-8") == picture.output, (
        f"stale: nauticus-ref {' '.join(map(str, args))} > docs/pictures/{name}")
