"""The tree as the linters and the layer contract hold it, so that CI checks them with
the rest: ruff's lint rules and formatter, and the layers of the pipeline (the
`[tool.importlinter]` contract in pyproject.toml, read by import-linter)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from helpers import ROOT


@pytest.mark.parametrize(
    "command",
    [["ruff", "check", "."], ["ruff", "format", "--check", "."]],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff_finds_nothing(command):
    result = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def test_the_layers_import_only_downward():
    """No folder imports one above it, and none is in a cycle with another."""
    lint = shutil.which("lint-imports", path=os.path.dirname(sys.executable)) or "lint-imports"
    result = subprocess.run(
        [lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0 and "1 kept, 0 broken" in result.stdout, result.stdout[-3000:]
