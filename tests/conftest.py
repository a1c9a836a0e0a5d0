"""pytest's fixtures for every test; what tests share besides is in helpers.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import CHROMIUM, CHROMIUM_FLAGS, EXAMPLES, screenshots

# The tests read English unless they ask for another language: the machine's locale
# (LANG=de_DE.UTF-8 on a German developer's machine) must not reach the programs they
# run, nor NAUTICUS_REF_LANG.
for _key in ("NAUTICUS_REF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_key, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(autouse=True)
def fresh_stdin():
    """Standard input is read once a process; each test is a process of its own here."""
    import nauticus_ref.core.files as files

    files._stdin_text = None
    files.name_stdin(None)
    yield
    files._stdin_text = None
    files.name_stdin(None)


@pytest.fixture(autouse=True)
def english():
    """A test that speaks another language (`--lang` through click's test runner sets
    the process's language) leaves English behind it."""
    yield
    from nauticus_ref.cli import lang
    from nauticus_ref.core import language

    language.use("en")
    lang.LANGUAGE["given"] = False


@pytest.fixture(autouse=True)
def unhurried_nearest(monkeypatch):
    """The search for the nearest legal turn stops after half a second for a user; a
    test's findings must not depend on how busy the machine is (a snapshot of a help
    line naming the nearest turn, `explain`'s nearest turns), so tests give it more time."""
    monkeypatch.setattr("nauticus_ref.moves.mend.SEARCH_SECONDS", 3.0)
    monkeypatch.setattr("nauticus_ref.views.explain.NEAREST_SECONDS", 3.0)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test (`item.rep_call`), for fixtures that act on
    a failure (the browser tests' screenshots)."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, for a module marked `need_browser()`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def screenshots_on_failure(request):
    """A failed browser test leaves screenshots of its pages, and says where."""
    yield
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed and "browser" in request.fixturenames:
        folder = screenshots(request.getfixturevalue("browser"), request.node.name)
        print(f"screenshots of the pages: {folder}")
