"""Every generated file is what its source makes now (scripts/regenerate.py)."""

from __future__ import annotations

import subprocess
import sys

from helpers import ROOT


def test_no_generated_file_is_stale(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    regenerate = __import__("regenerate")
    files = regenerate.generated()
    assert len(files) > 40  # tables, boards, rules page, invalid examples, schemas
    assert regenerate.stale() == [], "stale: run `python scripts/regenerate.py`"


def test_the_script_checks_without_writing():
    done = subprocess.run(
        [sys.executable, "scripts/regenerate.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "up to date" in done.stdout, done.stdout + done.stderr
