"""`nauticus-ref record` as a person starts it: the address printed, the page served,
Ctrl-C to stop; and what it prints for a phone."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request

from click.testing import CliRunner

from nauticus_ref.cli import main
from nauticus_ref.cli.record import _addresses, _qr


def test_the_recorder_starts_on_loopback_says_where_and_stops_on_ctrl_c(tmp_path):
    path = tmp_path / "tonight.ngn"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nauticus_ref",
            "record",
            str(path),
            "--players",
            "Anna, Ben",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        address = re.search(r"at (http://127\.0\.0\.1:\d+/)$", first.strip())
        assert address, first
        with urllib.request.urlopen(address.group(1) + "api/state", timeout=30) as response:
            state = json.loads(response.read())
        assert state["lines"] == ["players: Anna, Ben"] and state["next"]["kind"] == "round"
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err
    assert path.read_text(encoding="utf-8") == "players: Anna, Ben\n"


def test_a_new_game_on_a_record_that_holds_one_is_refused(tmp_path):
    path = tmp_path / "old.ngn"
    path.write_text("players: Anna, Ben\n", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["record", str(path), "--players", "Carla, Dana", "--port", "0"]
    )
    assert result.exit_code == 2 and "already holds a game" in result.output
    assert path.read_text(encoding="utf-8") == "players: Anna, Ben\n"


def test_for_a_phone_the_address_on_the_network_carries_the_token_and_a_qr_code(capsys):
    shown = _addresses("0.0.0.0", 8000, "tok")
    assert shown[0] == "http://127.0.0.1:8000/?t=tok" and shown[-1].endswith(":8000/?t=tok")
    assert _addresses("127.0.0.1", 8000, None) == ["http://127.0.0.1:8000/"]
    assert _addresses("::1", 8000, None) == ["http://[::1]:8000/"]
    _qr(shown[-1])
    code = capsys.readouterr().out.splitlines()
    assert len(code) > 10 and len({len(line) for line in code}) == 1  # a square of blocks


def test_a_recorder_on_a_taken_port_writes_nothing_and_can_start_again(tmp_path):
    import socket

    path = tmp_path / "tonight.ngn"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        args = ["record", str(path), "--players", "Anna, Ben", "--port", port]
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "cannot listen" in result.output
    assert not path.exists()


def test_players_with_commas_spaces_and_marks_are_quoted_in_the_record(tmp_path):
    from nauticus_ref.cli.record import player_names
    from nauticus_ref.record.book import Book

    names = player_names('"Lee, Anna", Ben # host, O\'Brien, Anna Lee')
    assert names == ["Lee, Anna", "Ben # host", "O'Brien", "Anna Lee"]
    path = tmp_path / "names.ngn"
    Book.open(str(path)).new(names, None)
    assert path.read_text(encoding="utf-8") == (
        'players: "Lee, Anna", "Ben # host", "O\'Brien", "Anna Lee"\n'
    )
    from nauticus_ref.core.files import Source
    from nauticus_ref.referee.validate import validate_source

    game = validate_source(Source(str(path), path.read_text(encoding="utf-8")))
    assert [p.name for p in game.replayed.table.players] == names


def test_a_record_with_no_name_or_a_folder_is_refused(tmp_path):
    for game, says in (("", "name the record's file"), (str(tmp_path), "is a directory")):
        result = CliRunner().invoke(main, ["record", game, "--players", "Anna, Ben", "--port", "0"])
        assert result.exit_code == 2 and says in result.output
    assert list(tmp_path.iterdir()) == []
