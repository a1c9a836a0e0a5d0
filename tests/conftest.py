"""pytest's fixtures for every test; what tests share besides is in helpers.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EXAMPLES


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


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test (`item.rep_call`), for fixtures that act on
    a failure (the browser tests' screenshots)."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
