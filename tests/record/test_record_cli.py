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
    result = CliRunner().invoke(main, ["record", str(path), "--players", "Carla, Dana"])
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
