"""The replay page and the score page as a person sees them, in headless Chromium
(`need_browser` in helpers.py says where it comes from).
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, HOSTILE_RECORD, need_browser, screenshots

from nauticus_ref.cli import main

pytestmark = need_browser()
SVG = "{http://www.w3.org/2000/svg}"


def test_a_failure_leaves_screenshots_outside_the_repository(browser, tmp_path):
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.set_content("<p>a page</p>")
    folder = screenshots(browser, "example")
    page.close()
    pictures = list(folder.glob("*.png"))
    assert pictures and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pictures)
    assert not folder.resolve().is_relative_to(Path(__file__).resolve().parents[2])
    shutil.rmtree(folder)


def opened(page, address: str) -> None:
    """Go to a page and wait until it is whole: a replay page has drawn its table (its
    cells are unpacked after the page loads)."""
    page.goto(address)
    page.wait_for_load_state("load")
    if page.locator("#picture svg").count():
        page.wait_for_selector("#picture[data-line]")


class Opened:
    """A page opened from a file, with what went wrong in it collected."""

    def __init__(self, browser, path: Path):
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.page = browser.new_page(viewport={"width": 1200, "height": 900})
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(m.text))
        self.page.on("pageerror", lambda e: self.problems.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("request", lambda r: r.url.startswith("file:") or self.requests.append(r.url))
        opened(self.page, path.as_uri())

    def picture_texts(self) -> list[str]:
        return self.page.locator("#picture svg text").all_text_contents()


def write(tmp_path: Path, command: str, record: str, *args: str) -> Path:
    out = tmp_path / f"{command}.html"
    result = CliRunner().invoke(main, [command, record, *args])
    out.write_text(result.output, encoding="utf-8")
    return out


def state_texts(record: str, line: int) -> list[str]:
    """The texts of `state --format svg --line N`, the picture the page must agree with."""
    svg = CliRunner().invoke(main, ["state", record, "--line", str(line), "--format", "svg"]).output
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_replay_page_steps_through_the_game(browser, tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    record = "game-4p.ngn"
    lines = (EXAMPLES / record).read_text(encoding="utf-8").splitlines()
    seen = Opened(browser, write(tmp_path, "view", record))
    page = seen.page
    assert seen.problems == [] and seen.requests == []
    # the record, every line of it, and the picture of the table after the last move
    assert page.locator("#record .line").count() == len(lines)
    assert page.locator("#L5 .text").inner_text() == lines[4]
    assert page.locator("#picture svg g.player").count() == 4
    assert page.locator("#picture").get_attribute("data-line") == str(len(lines))
    assert seen.picture_texts() == state_texts(record, len(lines))
    # a click on a line shows the table after it, as `state --line` draws it
    page.locator("#L60").click()
    assert page.locator("#L60").get_attribute("aria-current") == "true"
    assert page.locator("#where").inner_text() == "The table after line 60"
    assert seen.picture_texts() == state_texts(record, 60)
    cursor = page.locator("#chart line.cursor").get_attribute("data-at")
    assert cursor == "2.4"  # line 60 is the phase line of round 2's fourth phase
    # the arrow keys step from move to move, past blank lines and comments
    page.keyboard.press("ArrowDown")
    assert page.locator("#picture").get_attribute("data-line") == "61"
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    assert page.locator("#picture").get_attribute("data-line") == "58"
    assert seen.picture_texts() == state_texts(record, 58)
    page.keyboard.press("Home")
    first = page.locator("#picture").get_attribute("data-line")
    assert lines[int(first) - 1].strip() and not lines[int(first) - 1].startswith("#")
    assert page.locator("#chart line.cursor").get_attribute("data-at") == "start"
    page.keyboard.press("End")
    assert page.locator("#picture").get_attribute("data-line") == str(len(lines))
    # the chart: one line per player
    names = page.locator("#chart polyline.player-line").evaluate_all(
        "ls => ls.map(l => l.getAttribute('data-player'))"
    )
    assert sorted(names) == ["Ida", "Nele", "Ole", "Tom"]
    assert seen.problems == [] and seen.requests == []


def test_an_address_names_a_line_and_follows_the_selection(browser, tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    path = write(tmp_path, "view", "game-4p.ngn")
    page = browser.new_page(viewport={"width": 400, "height": 800})
    opened(page, path.as_uri() + "#L40")
    assert page.locator("#L40").get_attribute("aria-current") == "true"
    assert page.locator("#picture").get_attribute("data-line") == "40"
    assert page.locator("#where").inner_text() == "The table after line 40"
    # the selected turn says how many legal turns there were; the others say nothing
    counted = page.locator(".line:has(.options)").first
    assert not counted.locator(".options").is_visible()
    counted.click()
    assert "legal turn" in counted.locator(".options").inner_text()
    assert page.locator(".options:visible").count() == 1
    page.locator("#L12").click()
    assert page.evaluate("location.hash") == "#L12"
    page.keyboard.press("ArrowDown")
    line = page.locator("#picture").get_attribute("data-line")
    assert page.evaluate("location.hash") == f"#L{line}" and line != "12"
    page.evaluate("location.hash = '#L60'")
    page.wait_for_function("document.querySelector('#picture').dataset.line === '60'")
    page.close()


def _in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + min(box["height"], 60) <= 800
        and box["x"] >= 0
        and box["x"] + box["width"] <= 400.5
    )


def test_on_a_phone_the_selected_line_and_the_table_after_it_are_on_one_screen(
    browser, tmp_path, monkeypatch
):
    monkeypatch.chdir(EXAMPLES)
    path = write(tmp_path, "view", "game-4p.ngn")
    page = browser.new_page(viewport={"width": 400, "height": 800})
    opened(page, path.as_uri() + "#L40")
    heads = []
    for _ in range(3):  # lines 40, 41 and 42: turns of round 1's last phase
        line = page.evaluate("location.hash")
        assert _in_view(page, line) and _in_view(page, "#picture")
        picture = page.locator("#picture").bounding_box()
        assert page.locator(line).bounding_box()["y"] >= picture["y"] + picture["height"]
        # the table in one column, at about the size it is drawn, the side of the
        # player who moved in view in the picture's box
        assert (
            page.locator("#picture svg").evaluate(
                "s => s.getBoundingClientRect().width / s.viewBox.baseVal.width"
            )
            >= 0.75
        )
        seat = page.locator(line).get_attribute("data-seat")
        side = page.locator(f'#picture g.player[data-seat="{seat}"]').bounding_box()
        assert picture["y"] - 1 <= side["y"] < picture["y"] + picture["height"] - 40
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        heads.append(page.locator("#head").inner_text())
        before = page.evaluate("location.hash")
        page.locator("#next").click()  # the big step button
        assert page.evaluate("location.hash") != before
    assert heads == [
        f"Round 1, phase 7: deliver · Nele starts · {name} plays" for name in ("Ole", "Ida", "Tom")
    ]
    assert page.locator("#head").inner_text() == "Round 2: the deal"
    assert _in_view(page, page.evaluate("location.hash")) and _in_view(page, "#picture")
    page.close()


def test_on_a_phone_the_page_opens_with_the_last_line_in_view_and_one_whose_turn(
    browser, tmp_path, monkeypatch
):
    """Opened with no line named, the page selects the record's last line: it is on the
    screen with the table after it, which says the game is over and the final scores.
    The page's header says who plays a line; the picture only who is to move next."""
    monkeypatch.chdir(EXAMPLES)
    path = write(tmp_path, "view", "game-2p.ngn")
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    opened(page, path.as_uri())
    last = page.locator(".line[aria-current=true]")
    box, record = last.bounding_box(), page.locator("#record").bounding_box()
    assert last.get_attribute("data-line") == "104"  # final: Anna 63, Ben 57
    assert 0 <= box["y"] and box["y"] + box["height"] <= min(844, record["y"] + record["height"])
    texts = page.locator("#picture svg text").all_text_contents()
    assert "The end of the game" in texts and "final scores: Anna 63 · Ben 57" in texts
    for line, next_one in (("#L9", "to move: Ben"), ("#L10", None)):  # Anna's turn, Ben's
        page.evaluate(f"location.hash = '{line}'")
        page.wait_for_function(f"document.querySelector('#picture').dataset.line === '{line[2:]}'")
        head = page.locator("#head").inner_text()
        said = " ".join(page.locator("#picture svg text").all_text_contents())
        assert head.endswith(" plays") and "'s turn" not in head + said
        assert (next_one in said) if next_one else "to move" not in said
    page.close()


def test_at_desktop_width_the_table_shows_every_player_at_the_size_it_is_drawn(
    browser, tmp_path, monkeypatch
):
    monkeypatch.chdir(EXAMPLES)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    opened(page, write(tmp_path, "view", "game-4p.ngn").as_uri() + "#L88")
    svg = page.locator("#picture svg")
    scale = svg.evaluate("s => s.getBoundingClientRect().width / s.viewBox.baseVal.width")
    assert scale >= 0.9  # 10 px text shows at 9 px or more
    table = page.locator(".table").bounding_box()
    sides = [
        b
        for b in page.locator("#picture g.player").evaluate_all(
            "gs => gs.map(g => g.getBoundingClientRect().toJSON())"
        )
    ]
    assert len(sides) == 4  # two a row, none cut at the column's sides
    assert all(table["x"] <= b["x"] and b["right"] <= table["x"] + table["width"] for b in sides)
    assert len({round(b["y"]) for b in sides}) == 3  # Ida beside the wheel, then two rows
    page.close()


def test_the_replay_page_marks_diagnostics(browser, tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    seen = Opened(browser, write(tmp_path, "view", "invalid/rewards.ngn"))
    line = seen.page.locator("#L8")
    assert "has-error" in line.get_attribute("class")
    assert line.locator(".diagnostic.error").inner_text().startswith("error[rewards] 8:9:")
    assert seen.page.locator("#L8 .diagnostic").is_visible()
    assert seen.problems == []


def test_the_score_page_shows_standings_and_a_chart_per_game(browser, tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    out = tmp_path / "score.html"
    result = CliRunner().invoke(main, ["score", "game-2p.ngn", "game-4p.ngn", "--format", "html"])
    out.write_text(result.output, encoding="utf-8")
    seen = Opened(browser, out)
    page = seen.page
    assert seen.problems == [] and seen.requests == []
    assert page.locator("section.game").count() == 2
    scored = json.loads(
        CliRunner().invoke(main, ["score", "game-4p.ngn", "--format", "json"]).output
    )["games"][0]
    rows = page.locator("section.game").nth(1).locator("table.standings tbody tr")
    assert rows.count() == 4
    assert rows.nth(0).locator("td").nth(1).inner_text() == scored["players"][0]["name"]
    assert rows.nth(0).locator("td.total").inner_text() == str(scored["players"][0]["total"])
    for n, players in ((0, 2), (1, 4)):
        chart = page.locator("section.game").nth(n).locator("svg polyline.player-line")
        assert chart.count() == players
        assert chart.first.bounding_box()["width"] > 200  # drawn, and wide enough to read


@pytest.mark.parametrize("command", ["view", "score"])
def test_names_from_a_record_show_as_text_in_the_browser(command, browser, tmp_path):
    record = tmp_path / "x.ngn"
    record.write_text(HOSTILE_RECORD, encoding="utf-8")
    seen = Opened(
        browser,
        write(
            tmp_path, command, str(record), *(["--format", "html"] if command == "score" else [])
        ),
    )
    page = seen.page
    assert seen.dialogs == [] and seen.problems == []
    assert page.locator("img").count() == 0
    assert page.locator("script").count() == (2 if command == "view" else 0)
    body = page.locator("body").inner_text()
    assert "<script>alert(1)</script>" in body
    if command == "view":  # the table drawn by the page's script shows the names as text
        assert "<script>alert(1)</script>" in seen.picture_texts()
        assert "</script><script>alert(2)</script>" in seen.picture_texts()


LONG_NAMES = {"Ida": "Christiane", "Tom": "Christian", "Nele": "Maximiliane", "Ole": "Bartholomew"}


def long_names(tmp_path: Path) -> Path:
    """game-4p.ngn with players of long names, two of them alike, and a ship of two
    words (Ole's ship O)."""
    import re

    text = (EXAMPLES / "game-4p.ngn").read_text(encoding="utf-8")
    text = re.sub(r"\b(" + "|".join(LONG_NAMES) + r")\b", lambda m: LONG_NAMES[m.group(1)], text)
    text = re.sub(r"(>(?:new )?|: )O\b", r'\1"Flying Dutchman"', text)
    path = tmp_path / "long-names.ngn"
    path.write_text(text, encoding="utf-8")
    return path


TEXT_BOXES = """() => {
  // each text's box where it shows (moved groups included), in the picture's own units
  const svg = document.querySelector("svg");
  const vb = svg.viewBox.baseVal;
  const r = svg.getBoundingClientRect();
  const k = vb.width / r.width;
  return {view: [vb.x, vb.y, vb.width, vb.height],
          texts: [...svg.querySelectorAll("text")].map((t) => {
            const b = t.getBoundingClientRect();
            return [t.textContent, vb.x + (b.x - r.x) * k, vb.y + (b.y - r.y) * k,
                    b.width * k, b.height * k];
          })};
}"""


def text_problems(browser, path: Path) -> list[str]:
    """What a person would see wrong in the texts of an SVG drawn by Chromium: a text
    that leaves the picture, or two that overlap."""
    page = browser.new_page()
    page.goto(path.as_uri())
    found = page.evaluate(TEXT_BOXES)
    page.close()
    vx, vy, vw, vh = found["view"]
    boxes = [t for t in found["texts"] if t[0].strip()]
    problems = [
        f"{t!r} leaves the picture"
        for t, x, y, w, h in boxes
        if x < vx - 0.5 or y < vy - 0.5 or x + w > vx + vw + 0.5 or y + h > vy + vh + 0.5
    ]
    for i, (t1, x1, y1, w1, h1) in enumerate(boxes):
        for t2, x2, y2, w2, h2 in boxes[i + 1 :]:
            dx = min(x1 + w1, x2 + w2) - max(x1, x2)
            dy = min(y1 + h1, y2 + h2) - max(y1, y2)
            if dx > 0.5 and dy > 1.5:  # glyph boxes of two lines touch; they must not cross
                problems.append(f"{t1!r} overlaps {t2!r}")
    return problems


def labels_across_lines(browser, path: Path) -> list[str]:
    """The chart's step labels ("Tom +12 crowns") that a player's line runs through,
    as Chromium draws them."""
    page = browser.new_page()
    page.goto(path.as_uri())
    found = page.evaluate(TEXT_BOXES)
    lines = page.evaluate(
        "() => [...document.querySelectorAll('polyline.player-line')]"
        ".map((l) => l.getAttribute('points'))"
    )
    page.close()
    segments = []
    for points in lines:
        xy = [tuple(map(float, pt.split(","))) for pt in points.split()]
        segments += list(zip(xy, xy[1:]))
    crossed = []
    for text, x, y, w, h in found["texts"]:
        if " +" not in text or text.startswith("end"):
            continue
        for (ax, ay), (bx, by) in segments:
            lo, hi = max(min(ax, bx), x), min(max(ax, bx), x + w)
            if lo > hi:
                continue
            ys = (
                [ay, by]
                if ax == bx
                else [ay + (by - ay) * (px - ax) / (bx - ax) for px in (lo, hi)]
            )
            if min(ys) < y + h - 1 and max(ys) > y + 1:
                crossed.append(text)
                break
    return crossed


@pytest.mark.parametrize("record", ["game-2p.ngn", "game-3p.ngn", "game-4p.ngn", "long"])
def test_the_score_chart_names_every_player_whole_and_no_label_covers_another(
    record, browser, tmp_path
):
    path = long_names(tmp_path) if record == "long" else EXAMPLES / record
    out = tmp_path / "chart.svg"
    result = CliRunner().invoke(main, ["score", str(path), "--format", "svg", "--isolated"])
    out.write_text(result.stdout, encoding="utf-8")
    assert text_problems(browser, out) == []
    assert labels_across_lines(browser, out) == []
    texts = [t.text or "" for t in ET.fromstring(result.stdout).iter(f"{SVG}text")]
    if record == "long":
        for name in LONG_NAMES.values():
            assert any(t.startswith(name + " ") for t in texts), name


@pytest.mark.parametrize("record", ["game-2p.ngn", "game-3p.ngn", "game-4p.ngn", "long"])
def test_the_table_and_the_card_keep_every_text_whole_and_apart(record, browser, tmp_path):
    """The table at every tenth line and the card of every round: no text leaves the
    picture or covers another, and every player's and ship's name is one whole text."""
    path = long_names(tmp_path) if record == "long" else EXAMPLES / record
    text = path.read_text(encoding="utf-8")
    pictures = [
        ["state", str(path), "--line", str(n)] for n in range(10, len(text.splitlines()) + 1, 10)
    ]
    pictures += [
        ["card", str(path), "--round", str(n)] for n in range(1, text.count("\nround ") + 1)
    ]
    for args in pictures:
        svg = CliRunner().invoke(main, [*args, "--format", "svg", "--isolated"]).stdout
        out = tmp_path / "picture.svg"
        out.write_text(svg, encoding="utf-8")
        assert text_problems(browser, out) == [], args
    state = json.loads(CliRunner().invoke(main, ["state", str(path), "--format", "json"]).stdout)
    last = CliRunner().invoke(main, ["state", str(path), "--format", "svg"]).stdout
    texts = [t.text or "" for t in ET.fromstring(last).iter(f"{SVG}text")]
    names = [p["name"] for p in state["players"]] + [
        s["name"] for p in state["players"] for s in p["ships"]
    ]
    assert all(name in texts for name in names), set(names) - set(texts)
    if record == "long":
        assert "Flying Dutchman" in names and "Christiane" in names


def test_the_text_check_sees_a_clipped_and_a_covered_label(browser, tmp_path):
    """The check above can fail: two labels that cross and one past the edge."""
    bad = tmp_path / "bad.svg"
    bad.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40" width="100" '
        'height="40" font-family="DejaVu Sans"><text x="10" y="20" font-size="10">'
        'Christiane</text><text x="30" y="22" font-size="10">Christian</text>'
        '<text x="80" y="35" font-size="10">Flying Dutchman</text></svg>',
        encoding="utf-8",
    )
    assert text_problems(browser, bad) == [
        "'Flying Dutchman' leaves the picture",
        "'Christiane' overlaps 'Christian'",
    ]


@pytest.mark.parametrize("command", ["score", "view"])
def test_at_phone_width_the_pages_never_scroll_sideways(command, browser, tmp_path):
    """At 400 px the score page's standings become cards and every total is in view; the
    replay page is one column."""
    records = [str(EXAMPLES / "game-4p.ngn"), str(long_names(tmp_path))]
    args = [command, *records, "--format", "html"] if command == "score" else [command, records[1]]
    out = tmp_path / f"{command}.html"
    out.write_text(CliRunner().invoke(main, [*args, "--isolated"]).stdout, encoding="utf-8")
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(out.as_uri())
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => "
        "e.getBoundingClientRect().right > 400.5).map(e => e.outerHTML.slice(0, 80))"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 400, wide[:3]
    if command == "score":
        totals = page.locator("td.total").evaluate_all(
            "ts => ts.map(t => t.getBoundingClientRect().right)"
        )
        assert len(totals) == 8 and max(totals) <= 400
    page.close()


def test_a_long_path_under_the_table_picture_wraps_and_stays_whole(browser, tmp_path):
    deep = tmp_path / ("a-folder-with-a-long-name-" * 3) / "and-another-one-below-it"
    deep.mkdir(parents=True)
    record = deep / "long-names.ngn"
    record.write_text(long_names(tmp_path).read_text(encoding="utf-8"), encoding="utf-8")
    svg = CliRunner().invoke(main, ["state", str(record), "--format", "svg", "--isolated"]).stdout
    out = tmp_path / "table.svg"
    out.write_text(svg, encoding="utf-8")
    assert text_problems(browser, out) == []
    texts = [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]
    at = next(n for n, t in enumerate(texts) if t.startswith(str(tmp_path)[:20]))
    assert "".join(texts[at : at + 3]).startswith(str(record) + ":"), texts[at : at + 3]


def test_comments_look_apart_from_moves_and_wrap_indented(browser, tmp_path):
    note = "# " + "Ben said the wheel was turned the wrong way, so we checked twice; " * 3
    record = tmp_path / "noted.ngn"
    record.write_text(
        (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8") + note + "\n", encoding="utf-8"
    )
    out = tmp_path / "view.html"
    out.write_text(
        CliRunner().invoke(main, ["view", str(record), "--isolated"]).stdout, encoding="utf-8"
    )
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(out.as_uri())
    last = page.locator("#record .line").last
    comment, move = last.locator(".comment"), page.locator("#record .line.move .text").first
    style = "e => [getComputedStyle(e).color, getComputedStyle(e).fontStyle]"
    assert comment.evaluate(style)[1] == "italic"
    assert comment.evaluate(style)[0] != move.evaluate(style)[0]
    # the note wraps; its second row starts right of where the line's text begins
    rows = comment.evaluate("e => [...e.getClientRects()].map(r => r.left)")
    assert len(rows) >= 2 and rows[1] > rows[0]
    page.close()


def test_printed_the_replay_page_shows_the_whole_record(browser, tmp_path, monkeypatch):
    monkeypatch.chdir(EXAMPLES)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(write(tmp_path, "view", "game-2p.ngn").as_uri())
    record = page.locator("#record")
    assert record.evaluate("e => getComputedStyle(e).overflowY") == "auto"
    page.emulate_media(media="print")
    assert record.evaluate(
        "e => [getComputedStyle(e).overflowY, getComputedStyle(e).maxHeight]"
    ) == ["visible", "none"]
    assert page.locator(".keys").evaluate("e => getComputedStyle(e).display") == "none"
    assert record.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    page.close()


def test_the_league_page_reads_at_phone_and_desktop_width(browser, tmp_path):
    """The league page: the standings as cards on a phone, the grids scrolling in their
    own boxes, nothing wider than the screen; the rating chart keeps its texts whole and
    apart, a line and a legend entry a player."""
    result = CliRunner().invoke(main, ["league", str(EXAMPLES), "--out", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    index = tmp_path / "site" / "index.html"
    for width in (400, 1200):
        page = browser.new_page(viewport={"width": width, "height": 800})
        problems: list[str] = []
        page.on("console", lambda m: m.type == "error" and problems.append(m.text))
        page.goto(index.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        ratings = page.locator("td.total").evaluate_all(
            "ts => ts.map(t => t.getBoundingClientRect().right)"
        )
        assert len(ratings) == 10 and max(ratings) <= width and not problems
        page.locator("a[href^='games/']").first.click()  # a game's replay page
        assert page.locator("#record").is_visible()
        page.close()
    chart = ET.fromstring(
        index.read_text(encoding="utf-8").split('<figure class="chart">')[1].split("</figure>")[0]
    )
    out = tmp_path / "chart.svg"
    out.write_text(ET.tostring(chart, encoding="unicode"), encoding="utf-8")
    assert text_problems(browser, out) == []
    assert len(chart.findall(f".//{SVG}polyline")) == 10
