"""The grammar ships inside the wheel: build it, install it in a fresh venv outside
the checkout, and parse an example from there."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

from helpers import EXAMPLES, ROOT

GOLDEN = EXAMPLES / "invalid" / "golden-rule.ngn"


def test_wheel_carries_the_grammar_and_parses(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
        check=True,
        cwd=tmp_path,
    )
    wheel = next(dist.glob("nauticus_ref-*.whl"))
    with zipfile.ZipFile(wheel) as shipped:
        names = shipped.namelist()
    assert any(n.endswith("/ngn.lark") for n in names)
    # the compiled catalogs, which the installed referee reads with gettext alone
    for lang in ("de", "fr"):
        assert f"nauticus_ref/locale/{lang}/LC_MESSAGES/nauticus_ref.mo" in names
    # the generators and the test tools stay in the checkout
    assert not [n for n in names if "fuzz" in n or n.startswith(("scripts/", "tests/"))]

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run(
        [str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, cwd=tmp_path
    )

    where = subprocess.run(
        [
            str(bindir / "python"),
            "-c",
            "import nauticus_ref.notation.grammar as g; print(g.grammar_path())",
        ],
        check=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(env_dir), where  # not the checkout's grammar/

    result = subprocess.run(
        [str(bindir / "nauticus-ref"), "parse", str(EXAMPLES / "all-constructs.ngn")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert ": ok, 2 players" in result.stdout
    # German from the installed catalogs (the plain install has no Babel)
    german = subprocess.run(
        [str(bindir / "nauticus-ref"), "validate", "--lang", "de", str(GOLDEN)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert "Lager" in german.stdout, german.stdout + german.stderr
