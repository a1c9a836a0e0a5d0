"""A recorder served for real, on loopback, for the tests to talk to over HTTP."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def whole_listings(monkeypatch):
    """The choices answer from every turn listed, as they do once the player has looked
    at the table for a second: a request waits for the listing to end and sums every
    turn found (`listing.py`)."""
    from nauticus_ref.record import listing

    monkeypatch.setattr(listing, "WAIT_SECONDS", 30.0)
    monkeypatch.setattr(listing, "SUM_SECONDS", 30.0)


class Served:
    """A recorder running in a thread: `call` speaks to it as any client would."""

    def __init__(self, path: Path, token: str | None = None, board: str | None = None):
        import uvicorn

        from nauticus_ref.record.app import make_app, server_config
        from nauticus_ref.record.book import Book

        self.path = path
        self.token = token
        self.book = Book.open(str(path), board)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.base = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(server_config(make_app(self.book, token)))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the recorder did not start"
            time.sleep(0.01)

    def call(
        self,
        path: str,
        body: object = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
    ) -> tuple[int, dict]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.token is not None and "X-Token" not in sent:
            sent["X-Token"] = self.token
        request = urllib.request.Request(
            self.base + path, data=data, headers=sent, method="POST" if data is not None else "GET"
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as e:
            text = e.read()
            try:
                return e.code, json.loads(text)
            except ValueError:
                return e.code, {"text": text.decode("utf-8", "replace")}

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def serve(tmp_path):
    """Start recorders (`serve(path, token=...)`); each is stopped after the test."""
    started: list[Served] = []

    def start(name: str = "game.ngn", **kwargs) -> Served:
        s = Served(tmp_path / name, **kwargs)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()
