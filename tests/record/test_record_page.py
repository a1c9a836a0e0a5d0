"""The recorder's page as the person keeping the record meets it: a phone in headless
Chromium, tapping through two rounds of a game, and whole games at 2, 3 and 4 players
with each turn's parts tapped in a random order."""

from __future__ import annotations

import pytest
from helpers import need_browser

from nauticus_ref.core.files import Source
from nauticus_ref.referee.validate import validate_source

pytestmark = need_browser()


def _lines(page) -> int:
    return page.locator("#lines li").count()


def _dealt(serve, browser, width: int):
    """A recorder with round 1 dealt, and its page open at `width` by 800."""
    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.call("/api/play", {"line": "round 1: money hulls goods transport crowns masts deliver sails"})
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(s.base + "/")
    return s, page


def _after(page, action) -> None:
    """Do `action` and wait until the record has one line more."""
    from playwright.sync_api import expect

    n = _lines(page)
    action()  # (the page's CSP allows no script from a string: a locator waits instead)
    expect(page.locator("#lines li")).to_have_count(n + 1, timeout=30_000)


def test_two_rounds_are_recorded_by_tapping_at_phone_width(serve, browser, monkeypatch):
    from nauticus_ref.record import listing

    # the first choice offered is tapped, so the choices need not be gone through for
    # the recorder's whole second: the page's flow is what is tested here
    monkeypatch.setattr(listing, "LIST_SECONDS", 0.2)
    s = serve()
    page = browser.new_page(viewport={"width": 400, "height": 800})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.goto(s.base + "/")
    page.locator("#start").wait_for()
    page.fill("#player1", "Christiane")
    page.fill("#player2", "Ben")
    _after(page, lambda: page.click("#start"))
    turns = 0
    while True:
        heading = page.locator("#decide h2").last.inner_text()
        if "the deal" in heading:
            # after a round, its summary: what it brought each player, and their totals
            assert page.locator("#summary").count() == (0 if heading.startswith("Round 1") else 1)
            if heading.startswith("Round 3"):
                break
            _after(page, lambda: page.click("#deal"))
        elif heading.startswith("Phase"):
            _after(page, lambda: page.locator("#decide .steps button").first.click())
        else:  # a turn: the first choice offered, then confirm when it is a whole turn
            page.locator("#steps button").first.wait_for()
            if not page.locator("#confirm-turn").count():
                page.locator("#steps button").first.click()
                page.locator("#confirm-turn").wait_for(timeout=30_000)
            _after(page, lambda: page.click("#confirm-turn"))
            turns += 1
            # the line just written and the table after it are on the screen together
            assert page.locator("#table").is_visible()
            box = page.locator("#table").bounding_box()
            assert box is not None and box["y"] < 800 and box["width"] <= 400
            # in one column, at about the size it is drawn
            assert (
                page.locator("#table").evaluate(
                    "i => i.getBoundingClientRect().width / i.naturalWidth"
                )
                >= 0.75
            )
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
    assert turns == 2 * 7 * 2 and not problems
    text = s.path.read_text(encoding="utf-8")
    game = validate_source(Source(str(s.path), text))
    assert not game.errors and text.count("\nround ") == 2
    assert "players: Christiane, Ben" in text
    page.close()


def test_until_a_turn_is_listed_the_page_says_it_is_finding_the_choices(
    serve, browser, monkeypatch
):
    """On a loaded machine the first answer may come before any turn is listed: the
    page keeps saying it is finding the choices, never an empty choice, and offers
    them once they are listed."""
    import time

    from playwright.sync_api import expect

    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "WAIT_SECONDS", 0.05)  # as served
    firsts = listing.Listing._firsts
    monkeypatch.setattr(
        listing.Listing,
        "_firsts",
        lambda self, deadline: time.sleep(4) or firsts(self, time.monotonic() + 0.25),
    )
    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    s.call("/api/play", {"line": "round 1: money hulls goods transport crowns masts deliver sails"})
    s.call("/api/play", {"line": "1. Anna money"})
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(s.base + "/")
    expect(page.locator("#steps")).to_contain_text("Finding", timeout=30_000)
    page.wait_for_timeout(1_000)  # the first answer is in: nothing listed yet
    expect(page.locator("#steps")).to_contain_text("Finding", timeout=100)
    expect(page.locator("#steps button").first).to_be_visible(timeout=30_000)
    assert "pass" in page.locator("#steps").inner_text()


def test_a_refused_turn_keeps_its_text_and_findings_and_enter_writes(serve, browser):
    from playwright.sync_api import expect

    s, page = _dealt(serve, browser, 400)
    # choosing the phase: the header names the phase being chosen, not the last one
    expect(page.locator("#where")).to_have_text("Round 1, phase 1")
    _after(page, lambda: page.locator("#decide .steps button", has_text="money").first.click())
    expect(page.locator("#where")).to_have_text("Round 1, phase 1: money")
    # money says what the workers bring
    expect(page.get_by_role("button", name="2w gives 4 taler", exact=True)).to_be_visible()
    page.locator("#decide summary").click()
    page.fill("#typed", "Anna: 9w")
    page.press("#typed", "Enter")
    message = page.locator("#message")
    expect(message).to_contain_text("no worker left")
    page.wait_for_timeout(1500)  # the choices came back meanwhile: nothing was wiped
    expect(message).to_be_visible()
    assert message.inner_text().count("no worker left") == 1
    assert page.input_value("#typed") == "Anna: 9w"
    page.fill("#typed", "Anna: 2w")
    expect(message).to_be_hidden()
    _after(page, lambda: page.press("#typed", "Enter"))
    assert s.path.read_text(encoding="utf-8").splitlines()[-1].strip() == "Anna: 2w"
    page.close()


def test_a_refused_deal_keeps_what_was_chosen(serve, browser):
    from playwright.sync_api import expect

    s = serve()
    s.call("/api/new", {"players": ["Anna", "Ben"]})
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(s.base + "/")
    page.locator("#deal0").wait_for()
    page.select_option("#deal1", page.input_value("#deal0"))  # one tile twice: not a deal
    chosen = [page.input_value(f"#deal{i}") for i in range(8)]
    page.click("#deal")
    expect(page.locator("#message")).to_be_visible()
    assert [page.input_value(f"#deal{i}") for i in range(8)] == chosen
    assert s.path.read_text(encoding="utf-8") == "players: Anna, Ben\n"
    page.close()


def test_on_a_desktop_the_table_is_drawn_at_its_size_beside_the_decision(serve, browser):
    from playwright.sync_api import expect

    s, page = _dealt(serve, browser, 1280)
    expect(page.locator("#decide h2")).to_contain_text("Phase 1")
    table = page.locator("#table")
    for _ in range(100):  # the picture loaded (the page's CSP allows no script from a string)
        if table.evaluate("i => i.complete && i.naturalWidth > 0"):
            break
        page.wait_for_timeout(100)
    scale = table.evaluate(  # as drawn: the picture is contained in its box
        "i => Math.min(i.getBoundingClientRect().width / i.naturalWidth,"
        " i.getBoundingClientRect().height / i.naturalHeight)"
    )
    assert scale >= 0.75, scale
    decide = page.locator("#decide").bounding_box()
    picture = page.locator("#picture").bounding_box()
    assert decide["x"] >= picture["x"] + picture["width"] and decide["y"] < 800
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.close()


def test_a_german_browser_gets_the_page_and_the_referee_in_german(serve, browser):
    s = serve()
    context = browser.new_context(locale="de-DE", viewport={"width": 400, "height": 800})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(s.base + "/")
    page.locator("#start").wait_for()
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("#start").inner_text() == "Partie beginnen"
    assert page.locator("#undo").inner_text() == "Letzte Zeile zurücknehmen"
    page.fill("#player1", "Anna")
    page.fill("#player2", "Ben")
    _after(page, lambda: page.click("#start"))
    assert page.locator("#decide h2").last.inner_text() == "Runde 1: die Auslage"
    _after(page, lambda: page.click("#deal"))
    assert page.locator("#where").inner_text().startswith("Runde 1")
    assert page.locator("#decide h2").last.inner_text() == "Phase 1: Anna wählt"
    assert not problems
    context.close()


def test_a_forced_pass_is_one_tap(serve, browser, tmp_path):
    """Where the only legal turn is a pass (no ships to deliver, the Extra Action
    spent), the page opens on Confirm: one tap writes it."""
    from playwright.sync_api import expect

    (tmp_path / "forced.ngn").write_text(
        "players: Anna, Ben\n"
        "setup: round 2 phase 2, flipped hulls\n"
        "  Anna: extra used\n"
        "round 2: goods hulls money transport crowns masts deliver sails\n"
        "2. Anna deliver\n",
        encoding="utf-8",
    )
    s = serve("forced.ngn")
    page = browser.new_page(viewport={"width": 400, "height": 800})
    page.goto(s.base + "/")
    expect(page.locator("#confirm-turn")).to_have_text("Confirm: Anna: pass", timeout=30_000)
    _after(page, lambda: page.click("#confirm-turn"))
    assert s.path.read_text(encoding="utf-8").splitlines()[-1].strip() == "Anna: pass"
    page.close()


def _tap_a_turn(page, rng) -> tuple[list[str], str]:
    """Tap a turn together a part at a time, each a random one of those offered, until
    the parts make a whole turn and a coin (or the end of the choices) says confirm:
    the parts in the order tapped, and the line confirmed."""
    from playwright.sync_api import expect

    expect(page.locator("#steps")).not_to_contain_text("Finding", timeout=30_000)
    tapped = page.locator("#chosen span").all_inner_texts()  # a forced pass is chosen
    while True:
        expect(page.locator("#chosen span")).to_have_count(len(tapped), timeout=30_000)
        expect(page.locator("#steps")).not_to_contain_text("Finding", timeout=30_000)
        steps = page.locator("#steps button")
        confirm = page.locator("#confirm-turn")
        if confirm.count() and (not steps.count() or rng.random() < 0.25):
            line = confirm.inner_text().removeprefix("Confirm: ")
            _after(page, lambda: confirm.tap())
            return tapped, line
        step = steps.nth(rng.randrange(steps.count()))
        tapped.append(step.evaluate("b => b.firstChild.textContent"))
        step.tap()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_is_recorded_by_tapping_parts_in_any_order(
    serve, browser, monkeypatch, players
):
    """A phone (390×844, touch): a whole game recorded by tapping alone, each turn's
    parts tapped in a random order. The line written is the canonical one whatever the
    order, and the record validates, complete, at the end. A picture of the page at each
    round's end is left in a temporary folder, named in the test's output."""
    import random
    import tempfile
    from pathlib import Path

    from playwright.sync_api import expect

    from nauticus_ref.record import listing
    from nauticus_ref.record.parts import turn_parts

    monkeypatch.setattr(listing, "LIST_SECONDS", 0.2)  # the page's flow is what is tested
    rng = random.Random(players)
    folder = Path(tempfile.mkdtemp(prefix=f"nauticus-ref-record-{players}p-"))
    print(f"screenshots of the game: {folder}")
    s = serve()
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(s.base + "/")
    page.locator("#start").wait_for()
    for n, name in enumerate(["Anna", "Ben", "Carla", "Dev"][:players], 1):
        page.fill(f"#player{n}", name)
    _after(page, lambda: page.locator("#start").tap())
    shuffled = several = turns = 0  # turns tapped out of order, of more than one part, all
    while True:
        heading = page.locator("#decide h2").last.inner_text()
        if "the deal" in heading:
            page.screenshot(path=str(folder / f"{heading.split(':')[0]}.png"), full_page=True)
            _after(page, lambda: page.locator("#deal").tap())
        elif heading.startswith("Phase"):
            options = page.locator("#decide .steps button")
            _after(page, lambda: options.nth(rng.randrange(options.count())).tap())
        elif heading == "The game is over":
            _after(page, lambda: page.locator("#final").tap())
            break
        else:
            tapped, line = _tap_a_turn(page, rng)
            written = turn_parts(line)
            assert len(tapped) == len(written), (tapped, line)
            shuffled += tapped != written  # (new ships are lettered in the order tapped)
            several += len(written) > 1
            turns += 1
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("#where")).to_have_text("The game is over")
    page.screenshot(path=str(folder / "the end.png"), full_page=True)
    text = s.path.read_text(encoding="utf-8")
    game = validate_source(Source(str(s.path), text))
    assert game.complete and not game.errors
    assert text.count("\n  ") >= turns
    # which parts are offered depends on the time given to find them, so how many turns
    # have several parts varies from run to run; some of them were tapped out of order
    print(f"{turns} turns, {several} of several parts, {shuffled} tapped out of order")
    assert shuffled >= max(1, several // 5)
    context.close()
