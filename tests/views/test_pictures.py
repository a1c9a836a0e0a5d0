"""The round card and the table as a picture: what they show agrees with the replay,
the SVG parses, names from a record stay text, and the text card fits 80 columns."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, HOSTILE_RECORD
from helpers import ROOT as ROOT_DIR

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
        board.wheel[(i - at) % 8] for i in range(8)
    ]
    assert data["spaces"][at]["blue_workers"] == 0  # the anchor's space has none
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


@pytest.mark.parametrize(
    "args, message",
    [
        (["--deal", "goods hull money"], "`hull` is not an action; did you mean `hulls`?"),
        (
            ["--deal", "goods hulls money"],
            "this one lacks masts, sails, transport, deliver, crowns",
        ),
        (
            ["--deal", "goods goods hulls money transport crowns masts deliver"],
            "this one names goods more than once and lacks sails",
        ),
        ([EXAMPLES / "game-2p.ngn", "--deal", DEAL], "give a record or --deal ACTIONS, not both"),
        ([], "give a record, or a deal with --deal ACTIONS"),
        ([EXAMPLES / "game-2p.ngn", "--anchor", "2vp"], "--anchor goes with --deal"),
        (["--deal", DEAL, "--round", "2"], "--round reads a record"),
        (
            [EXAMPLES / "game-2p.ngn", "--round", "9"],
            "no round 9 (the record has rounds 1, 2, 3, 4)",
        ),
    ],
)
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
    monkeypatch.chdir(EXAMPLES)  # the picture names its record: no absolute path in a snapshot
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
    # taken actions are turned over and say so: black and white still reads
    assert sum(t.endswith(" · taken") for t in shown) == len(data["flipped"])
    # where the game stands: the phase in play, who started it, whose turn it is
    assert "Round 2, phase 4: goods" in shown
    assert f"start player: {data['start_player']} · to move: {data['to_move']}" in shown
    # the supply: each stack, drawn and named in its tooltip, with how many are left
    stacks = root.find(f".//{SVG}g[@class='supply']")
    named = [t.text for t in stacks.iter(f"{SVG}title")]
    counts = [t for t in texts(ET.tostring(stacks, encoding="unicode")) if t[0] == "×"]
    assert dict(zip(named, counts)) == {k: f"×{n}" for k, n in data["supply"].items()}
    # the storage: every tile drawn as its piece
    stores = root.findall(f".//{SVG}g[@class='storage']")
    for p, store in zip(data["players"], stores):
        tiles = sorted(t.text for t in store.iter(f"{SVG}title"))
        assert tiles == sorted(k for k, n in p["storage"]["tiles"].items() for _ in range(n))
    assert picture == snapshot


def test_an_empty_stack_of_the_supply_is_crossed_out_and_says_so():
    from nauticus_ref.views.state import state_svg

    data = json.loads(run("state", EXAMPLES / "game-2p.ngn", "--format", "json").output)
    data["supply"]["crown mast"] = 0
    stacks = ET.fromstring(state_svg(data)).find(f".//{SVG}g[@class='supply']")
    shown = texts(ET.tostring(stacks, encoding="unicode"))
    empty = sum(n == 0 for n in data["supply"].values())
    assert empty >= 1 and shown.count("none") == empty
    assert len(stacks.findall(f"{SVG}line")) == empty  # each crossed out


def test_every_crest_good_and_worker_has_a_shape_of_its_own():
    """In black and white the pieces still read: no two kinds share a shape."""
    from nauticus_ref.views import svg

    shapes = (
        [shape for shape, _ in svg.CREST_SHAPES.values()]
        + [mark for _, mark, _ in svg.GOODS.values()]
        + ["worker"]
    )
    assert len(set(shapes)) == len(shapes) == 10


@pytest.mark.parametrize("args", [["state", "--format", "svg"], ["score", "--format", "svg"]])
def test_names_from_a_record_stay_text_in_pictures(args, tmp_path):
    record = tmp_path / "x.ngn"
    record.write_text(HOSTILE_RECORD, encoding="utf-8")
    picture = run(args[0], record, *args[1:]).output
    root = ET.fromstring(picture)
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("script", "img")]
    shown = " ".join(texts(picture))
    assert "<scrip" in shown and "x&amp;y" in shown  # the chart shortens long names
    if args[0] == "state":
        assert "'><img src=x onerror=alert(1)>" in shown
    assert "<script" not in picture and "<img" not in picture


# -- the score chart and the pages ------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_score_chart_has_a_line_per_player_and_names_them(game, snapshot, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("score", game.name, "--format", "svg")
    assert result.exit_code == 0
    root = ET.fromstring(result.output)
    lines = [e for e in root.iter(f"{SVG}polyline") if e.get("class") == "player-line"]
    data = json.loads(run("score", game.name, "--format", "json").output)["games"][0]
    assert sorted(e.get("data-player") for e in lines) == sorted(p["name"] for p in data["players"])
    timeline = data["timeline"]  # the lines follow the game up to the final scoring
    assert all(len(e.get("points").split()) == len(timeline) - 1 for e in lines)
    shown = texts(result.output)
    for p in data["players"]:  # each line named at its end with the final total
        assert f"{p['name']} {p['total']}" in shown
    # ... and the total beside it as a bar of its parts, each as long as its points
    bars = {
        e.get("data-player"): [float(r.get("width")) for r in e.iter(f"{SVG}rect")]
        for e in root.iter(f"{SVG}g")
        if e.get("class") == "end-scoring"
    }
    most = max(p["total"] for p in data["players"])
    for p in data["players"]:
        parts = [p["breakdown"][k] for k in ("track", "ships", "goods", "material")]
        assert bars[p["name"]] == pytest.approx([v / most * 110 for v in parts], abs=0.06)
        assert " + ".join(map(str, parts)) in shown
    # the course keeps the chart's height: its highest point is near the plot's top
    top = min(float(y) for e in lines for pt in e.get("points").split() for y in pt.split(",")[1:])
    assert top < 26 + 214 / 3
    assert sum(t.startswith("R") for t in shown) == len({p["round"] for p in timeline} - {None})
    assert result.output == snapshot


def test_score_svg_draws_one_game(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("score", "game-2p.ngn", "game-3p.ngn", "--format", "svg")
    assert result.exit_code == 2
    assert "--format svg draws one game, and 2 records were given" in result.output


def _scripts_and_data(page: str) -> tuple[list[str], str]:
    """The opening tags of a page's script elements, and its embedded JSON as written."""
    tags = re.findall(r"<script\b[^>]*>", page)
    data = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    return tags, data.group(1) if data else ""


@pytest.mark.parametrize("command", ["score", "view"])
def test_names_from_a_record_stay_text_in_pages(command, tmp_path):
    """No markup from a record reaches a page: every `<` of a name is escaped, the
    embedded data cannot close its script element, and nothing is loaded from outside."""
    record = tmp_path / "x.ngn"
    record.write_text(HOSTILE_RECORD, encoding="utf-8")
    args = ["--format", "html"] if command == "score" else []
    page = run(command, record, *args).output
    tags, data = _scripts_and_data(page)
    assert tags == (
        []
        if command == "score"
        else ['<script type="application/json" id="game-data">', "<script>"]
    )
    assert "<img" not in page and "alert(1)</script>" not in page.replace(data, "")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "x&amp;amp;y" in page
    assert not set("<>&") & set(data)
    if command == "view":
        assert json.loads(data)["path"] == str(record)
    assert "default-src 'none'" in page.replace("&#39;", "'")
    assert not re.search(r"<[a-z]+\s[^>]*\b(src|href)=", page)
    assert "url(" not in page and "@import" not in page


def test_score_page(snapshot, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    result = run("score", "game-2p.ngn", "--format", "html")
    assert result.exit_code == 0
    assert result.output == snapshot


def test_view_writes_a_page_and_never_over_its_input(tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    out = tmp_path / "game.html"
    result = run("view", "game-2p.ngn", "--out", out)
    assert result.exit_code == 0 and result.stdout == "" and result.stderr == f"wrote {out}\n"
    page = out.read_text(encoding="utf-8")
    _, data = _scripts_and_data(page)
    game = json.loads(data)
    lines = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8").splitlines()
    assert page.count('class="line') == len(lines) == len(game["line_state"]) - 1
    assert game["validate"]["valid"] and game["score"]["complete"]
    assert run("view", "game-2p.ngn", "--out", "game-2p.ngn").exit_code == 2


def test_view_marks_each_diagnostic_at_its_line_and_shows_syntax_errors(tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    page = run("view", "invalid/rewards.ngn").output
    assert '<div class="line move has-error" id="L8"' in page
    assert "error[rewards] 8:9: this completes `A`: name its 1 reward" in page
    broken = tmp_path / "broken.ngn"
    broken.write_text("players: Anna, Ben\nround 1: nonsense\n", encoding="utf-8")
    result = run("view", broken)
    assert result.exit_code == 1 and "has-error" in result.output
    assert "was not replayed" in result.output


@pytest.mark.parametrize(
    "name, args",
    [
        (
            "round-card.svg",
            ["card", "examples/logs/game-4p.ngn", "--round", "2", "--format", "svg"],
        ),
        ("table.svg", ["state", "examples/logs/game-2p.ngn", "--line", "40", "--format", "svg"]),
        ("score-chart.svg", ["score", "examples/logs/game-4p.ngn", "--format", "svg"]),
    ],
)
def test_the_pictures_in_docs_are_what_the_commands_draw(name, args, monkeypatch):
    """docs/pictures/ shows the README's readers real output; remake with the command."""
    from helpers import ROOT

    monkeypatch.chdir(ROOT)
    picture = run(*args)
    assert (ROOT / "docs" / "pictures" / name).read_text(encoding="utf-8") == picture.output, (
        f"stale: nauticus-ref {' '.join(map(str, args))} > docs/pictures/{name}"
    )


@pytest.mark.parametrize("command", ["card", "view"])
def test_a_board_name_stays_text(command, tmp_path):
    """A board file is untrusted too: its name shows as text on the card and the page."""
    standard = (ROOT_DIR / "nauticus_ref" / "game" / "boards" / "standard.toml").read_text("utf-8")
    board = tmp_path / "board.toml"
    board.write_text(
        standard.replace('name = "standard"', 'name = "<b onmouseover=x>"'), encoding="utf-8"
    )
    if command == "card":
        out = run("card", "--deal", DEAL, "--board", board, "--format", "svg").output
        assert "<b onmouseover=x> board" in texts(out) and "<b " not in out
    else:
        out = run("view", EXAMPLES / "game-2p.ngn", "--board", board).output
        assert "<b " not in out.split('<script type="application/json"')[0]
        assert "&lt;b onmouseover=x&gt; board" in out


def test_the_replay_page_carries_each_cell_once_and_stays_small(monkeypatch):
    """The 4-player example's page is at most 400 KB; its tables, put together again
    from the cells as the page's script does, are the pictures `state` draws."""
    import base64
    import gzip

    from nauticus_ref.core.files import Source
    from nauticus_ref.referee.validate import validate_source
    from nauticus_ref.views.replay import pieces, replay_json
    from nauticus_ref.views.state import state_svg

    monkeypatch.chdir(EXAMPLES)
    page = run("view", "game-4p.ngn").output
    assert len(page.encode("utf-8")) <= 400 * 1024
    game = validate_source(Source("game-4p.ngn", (EXAMPLES / "game-4p.ngn").read_text("utf-8")))
    states = replay_json(game)["states"]
    carried = json.loads(json.dumps(pieces(states)))
    cells = json.loads(gzip.decompress(base64.b64decode(carried["cells"])))
    shown = sum(len(table["wide"]["cells"]) for table in carried["tables"])
    assert len(states) > 100 and 2 * len(cells) < shown  # most pieces are shared
    for state, table in list(zip(states, carried["tables"]))[::20]:
        whole = state_svg(state).replace("\n", "")  # one element a line
        for i, x, y in table["wide"]["cells"]:
            assert f'<g transform="translate({x:g} {y:g})">{cells[i]}</g>' in whole
        # on a phone the same pieces, one column, each cell below the one before
        narrow = table["narrow"]["cells"]
        assert [i for i, _, _ in narrow] == [i for i, _, _ in table["wide"]["cells"]]
        assert {x for _, x, _ in narrow} == {0} and table["narrow"]["width"] == 460


def test_a_table_many_lines_leave_as_it_was_is_drawn_once(monkeypatch):
    """Lines that change nothing (checks, comments) each have a table on the page, and a
    move changes one player's side: each side and wheel is drawn once however many
    tables show it (a record of thousands of checks took seconds to draw)."""
    from nauticus_ref.core.files import Source
    from nauticus_ref.referee.validate import validate_source
    from nauticus_ref.views import dockyard, wheel
    from nauticus_ref.views.replay import pieces, replay_json

    text = (
        "players: A, Ben\nround 1: goods hulls money transport crowns masts deliver sails\n"
        + "check A: 10vp 15t 4w\n" * 300
        + "1. A money bonus whale\n  A: 1w\n"
        + "check A: 10vp 17t 3w\n" * 300
    )
    states = replay_json(validate_source(Source("checks.ngn", text)))["states"]
    drawn = []
    for module, name in ((dockyard, "player"), (wheel, "wheel_cell")):
        draw = getattr(module, name)
        monkeypatch.setattr(
            module, name, lambda *a, draw=draw, name=name: drawn.append(name) or draw(*a)
        )
    tables = pieces(states)["tables"]
    assert len(states) > 300 and len(tables) == len(states)
    # a few sides and wheels (before and after the round, the phase and the move), not
    # one for each of the hundreds of tables
    assert 0 < drawn.count("player") <= 6 and 0 < drawn.count("wheel_cell") <= 6, drawn


def test_the_replay_page_is_titled_by_the_game_and_shows_its_path(monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    page = run("view", "game-2p.ngn").output
    title = "Anna vs Ben, first game with the new sleeves"  # its `game:` line
    assert f"<title>{title}: replay</title>" in page and f"<h1>{title}</h1>" in page
    assert '<p class="path">game-2p.ngn</p>' in page
