"""The referee in German and French: the language chosen on the command line, by the
environment or the settings; every finding of every invalid example said in each
language's own words, for the same rules and the same JSON keys."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.rules import RULES

INVALID = sorted((EXAMPLES / "invalid").glob("*.ngn"))
GOLDEN = EXAMPLES / "invalid" / "golden-rule.ngn"


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def program(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "nauticus_ref", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )


def test_the_golden_rule_speaks_of_the_lager_in_german_and_the_entrepot_in_french():
    assert "Lager" in run("validate", "--lang", "de", GOLDEN).output
    assert "entrepôt" in run("validate", "--lang", "fr", GOLDEN).output
    assert "storage" in run("validate", GOLDEN).output


def test_the_locale_does_what_the_flag_does(tmp_path):
    import os

    env = {**os.environ, "LANG": "de_DE.UTF-8"}
    # a finding on a phase line: its help names no nearest legal turn, which a search
    # bounded in time finds or not, as busy as the machine is
    setup = EXAMPLES / "invalid" / "setup.ngn"
    by_locale = program("validate", setup, env=env)
    by_flag = program("validate", "--lang", "de", setup)
    assert by_locale.stdout == by_flag.stdout
    assert "Runde" in by_locale.stdout
    assert "Lager" in program("validate", GOLDEN, env=env).stdout
    # the variable wins over the locale, the flag over both
    env["NAUTICUS_REF_LANG"] = "fr"
    assert "entrepôt" in program("validate", GOLDEN, env=env).stdout
    assert "storage" in program("validate", "--lang", "en", GOLDEN, env=env).stdout


def test_the_settings_lang_is_below_the_flag(tmp_path):
    record = tmp_path / "game.ngn"
    record.write_text(GOLDEN.read_text())
    (tmp_path / ".nauticus-ref.toml").write_text('lang = "fr"\n')
    assert "entrepôt" in run("validate", record).output
    assert "Lager" in run("validate", "--lang", "de", record).output


def _findings(lang, path):
    done = run("validate", "--lang", lang, "--format", "json", path)
    return json.loads(done.output)["files"][0]["diagnostics"]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_every_finding_of_an_invalid_example_is_said_anew_with_the_same_rule_and_keys(path):
    english = _findings("en", path)
    assert english
    for lang in ("de", "fr"):
        said = _findings(lang, path)
        assert [(d["rule"], d["line"], d["column"], sorted(d)) for d in said] == [
            (d["rule"], d["line"], d["column"], sorted(d)) for d in english
        ]
        for e, t in zip(english, said):
            assert t["message"] != e["message"], (lang, e["message"])
            assert t["help"] != e["help"], (lang, e["help"])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_rule_is_explained_in_the_language(lang):
    for rule in RULES:
        english = json.loads(run("rules", rule.id, "--format", "json").output)
        said = json.loads(run("rules", rule.id, "--format", "json", "--lang", lang).output)
        assert said["id"] == english["id"]
        for key in ("title", "summary"):
            assert said[key] != english[key], (rule.id, key)


def test_each_language_cites_its_own_rulebook():
    de = run("rules", "golden-rule", "--lang", "de").output
    fr = run("rules", "golden-rule", "--lang", "fr").output
    assert "Steht in: Die Goldene Regel" in de and "Golden Rule" not in de
    assert "La règle d'or" in fr and "Goldene" not in fr and "Golden Rule" not in fr
    explained = run("explain", "--lang", "fr", GOLDEN, "--line", "6").output
    assert "La règle d'or" in explained
    assert "English" not in explained and "German" not in explained


def test_help_is_translated_on_every_command():
    from nauticus_ref.cli import COMMANDS

    for name in COMMANDS:
        english = run(name, "--help").output
        for lang in ("de", "fr"):
            said = run(name, "--lang", lang, "--help").output
            assert said != english, (name, lang)
    # click's own words come from the same catalogs, in the program as a shell runs it
    assert program("validate", "--help", "--lang", "de").stdout.startswith("Aufruf:")
    assert "Utilisation :" in program("--lang", "fr", "--help").stdout


def test_the_score_and_replay_pages_say_their_language(tmp_path):
    game = EXAMPLES / "game-2p.ngn"
    page = run("score", "--lang", "de", "--format", "html", game).output
    assert '<html lang="de">' in page and "<th>Leiste</th>" in page and "<th>Track</th>" not in page
    out = tmp_path / "view.html"
    run("view", "--lang", "fr", game, "--out", out)
    replay = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in replay and "Cliquez sur une ligne" in replay
    assert '"after_line":"après la ligne {n}"' in replay  # what the page's script says
    assert '<html lang="en">' in run("score", "--format", "html", game).output


def test_the_pictures_are_labelled_in_the_language():
    svg = run("state", "--lang", "de", "--format", "svg", EXAMPLES / "game-2p.ngn").output
    assert ">Vorrat<" in svg and ">supply<" not in svg
    chart = run("score", "--lang", "fr", "--format", "svg", EXAMPLES / "game-2p.ngn").output
    assert "Points de victoire au fil de la partie" in chart


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_invalid_examples_read_in_each_language(lang, snapshot):
    """What a player reads of every invalid example (paths left out)."""
    said = []
    for path in INVALID:
        done = run("validate", "--lang", lang, path)
        assert done.exit_code in (0, 1), done.output  # a finding, never "could not run"
        said.append(done.output.replace(str(path), path.name))
    assert "\n".join(said) == snapshot


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_explain_in_each_language(lang, snapshot):
    golden = run("explain", "--lang", lang, GOLDEN, "--line", "6").output
    game = EXAMPLES / "game-3p.ngn"
    turn = run("explain", "--lang", lang, game, "--at", "1.2").output
    assert (golden + "\n" + turn).replace(str(GOLDEN), GOLDEN.name).replace(
        str(game), game.name
    ) == snapshot


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_score_page_in_each_language(lang, snapshot):
    """The score page's words, without its markup, chart and style."""
    import re

    page = run("score", "--lang", lang, "--format", "html", EXAMPLES / "game-2p.ngn").output
    body = page[page.index("<body>") :]
    body = re.sub(r"<svg.*?</svg>", "", body, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    words = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    assert "\n".join(words).replace(str(EXAMPLES), "examples/logs") == snapshot


def test_a_folders_own_settings_name_its_language(tmp_path):
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "game.ngn").write_text(GOLDEN.read_text())
    (tmp_path / "club" / ".nauticus-ref.toml").write_text('lang = "de"\n')
    assert "Lager" in run("validate", tmp_path / "club").output


def _crowded(svg_text: str) -> list[str]:
    """Each label that runs into the piece drawn after it on its row (the next sibling
    that has an `x` and shares the label's height band)."""
    import xml.etree.ElementTree as ET

    from nauticus_ref.views.metrics import text_width

    def local(tag: str) -> str:
        return tag.rsplit("}", 1)[-1]

    out = []
    for parent in ET.fromstring(svg_text).iter():
        kids = list(parent)
        for label, after in zip(kids, kids[1:]):
            if local(label.tag) != "text" or label.get("text-anchor") or after.get("x") is None:
                continue
            size, y = float(label.get("font-size", "11")), float(label.get("y", "0"))
            top = float(after.get("y", "0"))
            bottom = top + float(after.get("height", "0") or 0)
            if local(after.tag) == "text":
                top -= float(after.get("font-size", "11"))
            if bottom < y - size or top > y:
                continue  # another row
            end = float(label.get("x", "0")) + text_width(
                label.text or "", size, label.get("font-weight") == "bold"
            )
            if float(after.get("x", "0")) < end - 0.5:
                out.append(f"{label.text!r} runs under the piece after it")
    return out


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_no_label_of_a_picture_runs_into_the_next_piece(lang):
    for game in ("game-2p.ngn", "game-3p.ngn", "game-4p.ngn"):
        svg = run("state", "--lang", lang, "--format", "svg", EXAMPLES / game).output
        assert _crowded(svg) == [], game
