"""The recorder against a stranger on the network and a file changed behind its back:
every refusal is the documented JSON with a clear status, the file stays valid and
whole, and the players are still answered."""

from __future__ import annotations

import errno
import json
import os
import re
import socket
import time
from pathlib import Path

import pytest

from nauticus_ref import game
from nauticus_ref.game.board import BoardError
from nauticus_ref.record.book import Book, BookError

STANDARD = Path(game.__file__).parent / "boards" / "standard.toml"
ROUND = "round 1: goods hulls money transport crowns masts deliver sails"


def _started(s) -> dict:
    status, state = s.call("/api/new", {"players": ["Anna", "Ben"]})
    assert status == 200
    return state


@pytest.mark.parametrize(
    "comment",
    [
        "a\x00b",
        "line\u2028two",
        "para\u2029two",
        "tab\x0bv",
        "form\x0cfeed",
        "next\x85line",
        "group\x1dsep",
        "lone \ud800 surrogate",
    ],
    ids=["nul", "u2028", "u2029", "vt", "ff", "nel", "gs", "surrogate"],
)
def test_a_comment_holds_only_what_one_line_of_ngn_can(serve, comment):
    s = serve()
    state = _started(s)
    before = s.path.read_bytes()
    status, body = s.call("/api/play", {"line": ROUND, "comment": comment, "at": state["at"]})
    assert status == 422 and "must be one line of text" in body["error"]
    assert s.path.read_bytes() == before
    # and the same goes for the line itself and a player's name
    status, body = s.call("/api/play", {"line": ROUND + comment, "at": state["at"]})
    assert status == 422 and s.path.read_bytes() == before
    t = serve("other.ngn")
    status, body = t.call("/api/new", {"players": ["Anna", "B" + comment]})
    assert status == 422 and not t.path.exists()


def test_undo_after_a_comment_removes_the_whole_line(serve):
    s = serve()
    state = _started(s)
    status, state = s.call("/api/play", {"line": ROUND, "comment": "Anna deals", "at": 1})
    assert status == 200
    status, state = s.call("/api/undo", {"at": state["at"]})
    assert status == 200 and s.path.read_text(encoding="utf-8") == "players: Anna, Ben\n"


def test_json_nested_too_deep_is_a_400_in_json(serve):
    s = serve()
    status, body = s.call("/api/play", raw=b'{"line": ' + b"[" * 1200 + b"]" * 1200 + b"}")
    assert status == 400 and "nested too deep" in body["error"]


def test_a_full_disk_is_a_507_in_json_and_the_file_stays_whole(serve, monkeypatch):
    s = serve()
    _started(s)
    before = s.path.read_bytes()

    def full(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    status, body = s.call("/api/play", {"line": ROUND, "at": 1})
    assert status == 507 and "no space left on device" in body["error"]
    assert s.path.read_bytes() == before
    assert [p.name for p in s.path.parent.iterdir()] == [s.path.name]  # no temporary left


def test_any_other_failure_is_a_500_in_json_without_a_traceback(serve, monkeypatch):
    s = serve()
    _started(s)

    def broken(self):
        raise RuntimeError("a bug")

    monkeypatch.setattr(Book, "table_svg", broken)
    monkeypatch.setattr(Book, "state", broken)
    status, body = s.call("/api/state")
    assert status == 500 and body == {"error": "the recorder could not answer: RuntimeError"}


def test_an_edit_that_keeps_the_size_and_the_time_is_noticed(tmp_path):
    """`rsync --inplace -t`: the same inode, size and modification time, another text."""
    path = tmp_path / "game.ngn"
    book = Book.open(str(path))
    book.new(["Anna", "Ben"], None)
    st = os.stat(path)
    edited = path.read_bytes().replace(b"Ben", b"Bob")
    with open(path, "r+b") as f:
        f.write(edited)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_mtime_ns == st.st_mtime_ns and os.stat(path).st_ino == st.st_ino
    with pytest.raises(BookError) as refused:
        book.play(ROUND)
    assert refused.value.status == 409 and "changed by another program" in refused.value.message
    assert path.read_bytes() == edited


def test_the_record_is_continued_on_the_board_it_names(tmp_path):
    standard = STANDARD.read_text(encoding="utf-8").replace('name = "standard"', 'name = "club"')
    (tmp_path / "club.toml").write_text(
        standard.replace("prices = [2, 0, 3, 1]", "prices = [0, 1, 2, 3]"), encoding="utf-8"
    )
    path = tmp_path / "game.ngn"
    path.write_text(f"players: Anna, Ben\nboard: club.toml\n{ROUND}\n", encoding="utf-8")
    book = Book.open(str(path))
    assert book.game().replayed.table.board.name == "club"
    assert not book.game().errors
    (tmp_path / "club.toml").unlink()
    with pytest.raises(BoardError):
        Book.open(str(path))  # refused before anything could be written


def test_a_board_file_the_record_could_not_name_is_refused_before_writing(tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "club.toml").write_text(STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "game.ngn"
    book = Book.open(str(path), str(other / "club.toml"))
    with pytest.raises(BookError) as refused:
        book.new(["Anna", "Ben"], str(other / "club.toml"))
    assert refused.value.status == 422 and not path.exists()


def test_idle_connections_are_closed_and_never_starve_the_players(serve, monkeypatch):
    from nauticus_ref.record import app

    monkeypatch.setattr(app, "REQUEST_SECONDS", 1.0)
    s = serve()
    host, port = s.base.removeprefix("http://").split(":")
    idle = [socket.create_connection((host, int(port))) for _ in range(app.MAX_CONNECTIONS + 40)]
    try:
        started = time.monotonic()
        status, state = s.call("/api/state")
        assert status == 200 and time.monotonic() - started < 5
        # a connection that sends no request is closed once its time is up
        slow = socket.create_connection((host, int(port)))
        slow.settimeout(10)
        slow.sendall(b"GET /api/state HTTP/1.1\r\n")  # and never the rest of its head
        assert slow.recv(1024) == b""
        slow.close()
    finally:
        for c in idle:
            c.close()


def test_a_slow_body_is_refused_in_time(serve, monkeypatch):
    from nauticus_ref.record import app

    monkeypatch.setattr(app, "REQUEST_SECONDS", 1.0)
    s = serve()
    host, port = s.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as c:
        c.settimeout(10)
        c.sendall(
            b"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        answer = b""
        while b"\r\n\r\n" not in answer:  # the head, then the body it announces
            answer += c.recv(4096)
        head, _, body = answer.partition(b"\r\n\r\n")
        length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
        while len(body) < length:
            body += c.recv(4096)
    assert head.startswith(b"HTTP/1.1 408") and "error" in json.loads(body)
