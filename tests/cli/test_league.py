"""`league`: standings and ratings from a folder of records, held to an independent
computation (each game's own `score --format json`, rated with openskill directly)."""

from __future__ import annotations

import csv
import io
import json
import random
import re

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.game.board import bundled
from nauticus_ref.notation.printer import to_ngn
from nauticus_ref.tools.simulate import NAMES, simulate

POOL = ("Ida", "Ole", "Tom", "Nele", "Mia", "Jonas", "Björn")
GAMES = 12


def _game(seed: int, rng: random.Random, date: str | None) -> str:
    """A simulated game, its players renamed from the pool, dated `date`."""
    players = 2 + seed % 3
    text = to_ngn(simulate(players, seed, bundled("standard")))
    chosen = dict(zip(NAMES, rng.sample(POOL, players)))
    text = re.sub(r"\b(" + "|".join(NAMES) + r")\b", lambda m: chosen[m.group(1)], text)
    return text.replace("\nplayers:", f"\ndate: {date}\nplayers:", 1) if date else text


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A club's folder: simulated games from a pool of names on shuffled dates (their
    files named in another order), one undated, and records that cannot be counted."""
    folder = tmp_path_factory.mktemp("club")
    rng = random.Random(46)
    days = [f"2026-{1 + n // 3:02d}-{1 + 7 * (n % 3):02d}" for n in range(GAMES)]
    rng.shuffle(days)
    for n in range(GAMES):
        (folder / f"game-{n:02d}.ngn").write_text(_game(n, rng, days[n]), encoding="utf-8")
    (folder / "undated.ngn").write_text(_game(GAMES, rng, None), encoding="utf-8")
    cut = _game(GAMES + 1, rng, "2026-02-03").split("\nround 3")[0] + "\n"
    (folder / "cut-short.ngn").write_text(cut, encoding="utf-8")
    bad = _game(GAMES + 2, rng, "2026-02-04").replace(" = ", " = 1", 1)
    (folder / "with-errors.ngn").write_text(bad, encoding="utf-8")
    return folder


def _run(*args):
    return CliRunner().invoke(main, ["league", *map(str, args)])


def _independently(folder, aliases=None):
    """The standings and ratings worked out apart from the league: each counted game's
    own score JSON, rated with openskill's PlackettLuce in date order (the undated
    game last)."""
    from openskill.models import PlackettLuce

    games = []
    for path in sorted(folder.glob("*.ngn")):
        result = CliRunner().invoke(main, ["score", "--format", "json", str(path)])
        scored = json.loads(result.stdout)["games"][0]
        if not scored["valid"] or not scored["complete"] or path.stem == "cut-short":
            continue
        games.append((scored.get("date") is None, scored.get("date", ""), str(path), scored))
    model, ratings, table = PlackettLuce(), {}, {}
    for *_, scored in sorted(games):
        players = [(aliases or {}).get(p["name"], p["name"]) for p in scored["players"]]
        teams = [[ratings.get(name) or model.rating(name=name)] for name in players]
        rated = model.rate(teams, ranks=[p["rank"] for p in scored["players"]])
        for name, p, [r] in zip(players, scored["players"], rated):
            ratings[name] = r
            row = table.setdefault(name, {"games": 0, "wins": 0, "vp": 0, "ranks": 0})
            row["games"] += 1
            row["wins"] += p["rank"] == 1
            row["vp"] += p["total"]
            row["ranks"] += p["rank"]
    return len(games), table, ratings


def test_the_standings_and_ratings_are_the_independent_ones(club):
    result = _run(club, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    count, table, ratings = _independently(club)
    assert data["games"] == count == GAMES + 1
    assert {p["name"] for p in data["players"]} == set(table) and len(table) > 4
    for p in data["players"]:
        row, r = table[p["name"]], ratings[p["name"]]
        assert (p["games"], p["wins"]) == (row["games"], row["wins"])
        assert p["mean_vp"] == pytest.approx(row["vp"] / row["games"], abs=1e-4)
        assert p["mean_rank"] == pytest.approx(row["ranks"] / row["games"], abs=1e-4)
        assert p["rating"]["mu"] == pytest.approx(r.mu, abs=0.01)
        assert p["rating"]["sigma"] == pytest.approx(r.sigma, abs=0.01)
        assert p["rating"]["display"] == pytest.approx(r.ordinal(), abs=0.01)
    shown = [p["rating"]["display"] for p in data["players"]]
    assert shown == sorted(shown, reverse=True)  # best first
    assert data["undated"] == [str(club / "undated.ngn")]


def test_records_with_errors_and_cut_short_are_listed_apart(club):
    data = json.loads(_run(club, "--format", "json").stdout)
    apart = {s["path"].rsplit("/", 1)[-1]: s["reason"] for s in data["skipped"]}
    assert apart == {
        "cut-short.ngn": "cut short: the game is not over",
        "with-errors.ngn": apart["with-errors.ngn"],
    }
    assert re.fullmatch(
        r"\d+ errors?: `nauticus-ref validate` shows them", apart["with-errors.ngn"]
    )
    text = _run(club).stdout
    assert "not counted: 2 records" in text and "cut-short.ngn: cut short" in text
    assert "(1 not dated, rated after the dated ones)" in text and "undated.ngn" in text


def test_since_and_until_keep_the_season(club):
    data = json.loads(
        _run(club, "--since", "2026-02-01", "--until", "2026-03-31", "--format", "json").stdout
    )
    dated = [
        line.split(": ")[1]
        for path in club.glob("game-*.ngn")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("date: ")
    ]
    assert data["games"] == sum("2026-02-01" <= d <= "2026-03-31" for d in dated) > 0
    assert any(s["reason"].startswith("not dated") for s in data["skipped"])


def test_an_alias_joins_two_spellings(club, tmp_path):
    for path in club.glob("*.ngn"):  # Mia writes herself "Maria" in some games
        text = path.read_text(encoding="utf-8")
        if path.stem in ("game-01", "game-04", "game-07"):
            text = re.sub(r"\bMia\b", "Maria", text)
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    apart = json.loads(_run(tmp_path, "--format", "json").stdout)
    names = {p["name"] for p in apart["players"]}
    assert {"Mia", "Maria"} <= names  # two spellings are two players
    joined = json.loads(_run(tmp_path, "--alias", "Maria=Mia", "--format", "json").stdout)
    _, table, ratings = _independently(tmp_path, {"Maria": "Mia"})
    mia = next(p for p in joined["players"] if p["name"] == "Mia")
    assert "Maria" not in {p["name"] for p in joined["players"]}
    assert mia["games"] == table["Mia"]["games"]
    assert mia["rating"]["mu"] == pytest.approx(ratings["Mia"].mu, abs=0.01)
    (tmp_path / ".nauticus-ref.toml").write_text('aliases = {Maria = "Mia"}\n', encoding="utf-8")
    settled = CliRunner().invoke(main, ["league", "--format", "json", str(tmp_path)])
    assert json.loads(settled.stdout)["players"] == joined["players"]


def test_a_folder_with_no_countable_game_says_so(tmp_path):
    (tmp_path / "a.ngn").write_text(
        (EXAMPLES / "invalid" / "one-crest.ngn").read_text("utf-8"), "utf-8"
    )
    result = _run(tmp_path)
    assert result.exit_code == 1
    assert "no game to count: 1 record read" in result.output
    assert "a.ngn: not counted: 1 error" in result.output


def test_csv_has_a_row_a_player_and_keeps_names_text(tmp_path):
    text = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8").replace("Anna", '"=cmd()"')
    (tmp_path / "g.ngn").write_text(text, encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(_run(tmp_path, "--format", "csv").stdout)))
    assert [r["name"] for r in rows] == ["'=cmd()", "Ben"]
    assert rows[0]["games"] == "1" and rows[0]["wins"] == "1" and float(rows[0]["mu"]) > 25


def test_the_page_has_the_table_the_charts_and_links_to_the_replays(club, tmp_path):
    alone = _run(club, "--format", "html").stdout
    assert '<table class="standings league">' in alone and "<svg" in alone
    for heading in (
        "Head to head",
        "Wins by seat",
        "Wins by player count",
        "Not counted: 2 records",
    ):
        assert f"<h2>{heading}</h2>" in alone
    players = json.loads(_run(club, "--format", "json").stdout)["players"]
    assert "<a href" not in alone and alone.count("<tr><td data-label") == len(players)
    few = tmp_path / "few"  # with --out, each game's replay page is written beside the page
    few.mkdir()
    for name in ("game-00.ngn", "game-01.ngn", "cut-short.ngn"):
        (few / name).write_bytes((club / name).read_bytes())
    result = _run(few, "--out", tmp_path / "site")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="(games/[^"]+)">', page)
    assert len(links) == 2 and "Not counted: 1 record" in page
    for link in links:
        assert "<title>Simulated game" in (tmp_path / "site" / link).read_text(encoding="utf-8")


def test_names_stay_text_in_the_page(tmp_path):
    hostile = '"<script>alert(1)</script>"'
    text = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8").replace("Anna", hostile)
    (tmp_path / "g.ngn").write_text(text, encoding="utf-8")
    page = _run(tmp_path, "--format", "html").stdout
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "default-src 'none'" in page.replace("&#39;", "'")


def test_an_alias_meets_its_name_whatever_the_case():
    from nauticus_ref.game.league import Place, Result, rate

    games = [
        Result("a.ngn", "2026-01-01", (Place("Anna", 1, 60, 1), Place("Ben", 2, 50, 2))),
        Result("b.ngn", "2026-01-02", (Place("Anne", 1, 40, 2), Place("ben", 2, 55, 1))),
    ]
    league = rate(games, {"ANNE": "anna"})
    assert sorted((s.name, s.games) for s in league.standings) == [("Anna", 2), ("Ben", 2)]
