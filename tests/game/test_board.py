"""Board files: the standard board agrees with the rulebook; bad files are clear errors."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES

from nauticus_ref.cli import main
from nauticus_ref.game.board import BOARDS_DIR, BoardError, bundled, load_board_file, parse_board

STANDARD = tomllib.loads((Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8"))


def test_standard_board_agrees_with_the_rulebook_examples():
    b = bundled("standard")
    two_vp = b.bonuses.index("2vp")
    # German 3.1: the hull tile on the 2 VP space, 2 blue workers, 1-ship 0, bow 1 + stern 3
    assert [b.price(two_vp, "hulls", h) for h in ("1ship", "bow", "middle", "stern")] == [
        0,
        1,
        2,
        3,
    ]
    assert b.blue_workers(two_vp, anchor=0) == 2
    # German 3.2.1.2: whale mast 0, anchor masts 1 (and 4 for the second)
    assert (b.price(two_vp, "masts", "whale"), b.price(two_vp, "masts", "anchor")) == (0, 1)
    # German 3.2.1.4: fish, grain and two coffee for 7 taler; salt would have cost 3
    wvp = b.bonuses.index("w+vp")
    assert b.price(wvp, "goods", "coffee") == 0 and b.price(wvp, "goods", "salt") == 3
    assert b.price(wvp, "goods", "fish") + b.price(wvp, "goods", "grain") + 0 + 4 == 7
    assert b.wheel[0] == 0 and b.supply["middle"] == 9 and b.supply["crown_sail"] == 12


def broken(**changes):
    data = {
        k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
        for k, v in STANDARD.items()
    }
    for path, value in changes.items():
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value
    return data


@pytest.mark.parametrize(
    "changes, key",
    [
        ({"wheel": {"workers": [1, 2, 1, 2, 3, 1, 3, 2]}}, "wheel.workers"),
        ({"wheel": {"workers": [0, 2, 1]}}, "wheel.workers"),
        ({"tiles.hulls": ["1ship", "bow", "bow", "stern"]}, "tiles.hulls"),
        ({"supply.middle": -1}, "supply.middle"),
        ({"supply.mizzen": 3}, "supply.mizzen"),
    ],
)
def test_bad_board_names_the_key(changes, key):
    with pytest.raises(BoardError) as caught:
        parse_board(broken(**changes), "my-board.toml")
    assert str(caught.value).startswith(f"my-board.toml: `{key}`: expected")


def test_bad_prices_and_bonus_order():
    data = broken()
    data["space"] = [dict(s) for s in data["space"]]
    data["space"][2]["prices"] = [0, 0, 1, 2]
    with pytest.raises(BoardError, match=r"`space\[2\].prices`: expected a permutation"):
        parse_board(data, "b.toml")
    data["space"][2]["prices"] = [0, 1, 2, 3]
    data["space"][0], data["space"][1] = data["space"][1], data["space"][0]
    with pytest.raises(BoardError, match=r"`space\[0\].bonus`: expected \"3w\""):
        parse_board(data, "b.toml")


def test_not_toml_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed\n", encoding="utf-8")
    with pytest.raises(BoardError, match="not valid TOML"):
        load_board_file(bad)


def test_bundled_boards_are_parsed_ahead_and_a_changed_text_is_parsed_now(tmp_path):
    """_boards.py holds each bundled board's TOML parsed (scripts/regenerate.py writes it,
    tests/test_generated.py keeps it fresh); it serves only a file of the very same text."""
    from nauticus_ref.game import board

    text = (Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8")
    assert board._parsed_ahead()[board._digest(text)] == STANDARD
    copy = tmp_path / "copy.toml"
    copy.write_text(text.replace('name = "standard"', 'name = "copy"'), encoding="utf-8")
    assert load_board_file(copy).name == "copy"  # not the bundled board's parse


RECORD = (
    "players: Anna, Ben\n"
    "round 1: goods hulls money transport crowns masts deliver sails\n"
    "1. Anna hulls bonus whale\n  Anna: bow >new A = 3t\n"
)  # bow is 3 on the standard board


def _record_with_board(tmp_path, spec: str):
    record = tmp_path / "game.ngn"
    record.write_text(f"board: {spec}\n" + RECORD, encoding="utf-8")
    return record


def test_board_path_is_relative_to_the_record_and_option_overrides(tmp_path, monkeypatch):
    boards = tmp_path / "boards"
    boards.mkdir()
    text = (Path(BOARDS_DIR) / "standard.toml").read_text(encoding="utf-8")
    # on this board the mast space prices the hull tile 1ship 3, bow 1, middle 0, stern 2
    (boards / "mine.toml").write_text(
        text.replace("prices = [1, 3, 0, 2]", "prices = [3, 1, 0, 2]"), encoding="utf-8"
    )
    record = _record_with_board(tmp_path, "boards/mine.toml")
    monkeypatch.chdir(EXAMPLES)  # not the record's folder: the path is the record's
    mine = CliRunner().invoke(main, ["validate", str(record)])
    assert mine.exit_code == 1 and "the price paid is 1t, not 3t" in mine.output
    standard = CliRunner().invoke(main, ["validate", "--board", "standard", str(record)])
    assert standard.exit_code == 0, standard.output
    missing = CliRunner().invoke(main, ["validate", "--board", "nowhere.toml", str(record)])
    assert missing.exit_code == 2 and "nowhere.toml" in missing.output
    assert "Traceback" not in missing.output


def test_bad_board_in_a_record_cannot_run(tmp_path):
    (tmp_path / "b.toml").write_text("name = 'x'\n", encoding="utf-8")
    record = _record_with_board(tmp_path, "b.toml")
    result = CliRunner().invoke(main, ["validate", str(record)])
    assert result.exit_code == 2
    assert "b.toml: `tiles`: expected" in result.output


def test_unknown_bundled_board(tmp_path):
    record = _record_with_board(tmp_path, "deluxe")
    result = CliRunner().invoke(main, ["validate", str(record)])
    assert result.exit_code == 2 and "no bundled board called `deluxe`" in result.output
