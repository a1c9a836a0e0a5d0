"""The recorder's page as the person keeping the record meets it: a phone, 400×800, in
headless Chromium, tapping through two rounds of a game."""

from __future__ import annotations

from helpers import need_browser

from nauticus_ref.core.files import Source
from nauticus_ref.referee.validate import validate_source

pytestmark = need_browser()


def _lines(page) -> int:
    return page.locator("#lines li").count()


def _after(page, action) -> None:
    """Do `action` and wait until the record has one line more."""
    from playwright.sync_api import expect

    n = _lines(page)
    action()  # (the page's CSP allows no script from a string: a locator waits instead)
    expect(page.locator("#lines li")).to_have_count(n + 1, timeout=30_000)


def test_two_rounds_are_recorded_by_tapping_at_phone_width(serve, browser):
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
        heading = page.locator("#decide h2").first.inner_text()
        if "the deal" in heading:
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
