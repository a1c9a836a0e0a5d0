"""A fuzzer for every surface a stranger can reach beyond the record itself.

    python benchmarks/surfaces.py                  # 100,000 inputs in all, with fuzz.py's
    python benchmarks/surfaces.py --scale 0.1      # a tenth of each surface's budget
    python benchmarks/surfaces.py --only toml,patterns

Each surface has its own generator and checks, and prints its counts as it ends:

- `toml`: board and settings files as TOML of every shape (nesting, dotted keys, sizes,
  types, broken quoting), read by the settings and the board readers;
- `patterns`: `.gitignore`, `exclude` and `per-file-ignores` patterns (stars, classes,
  negations, escapes) matched against long names;
- `documents`: the language server's copy of a document under edits with every line
  break character and positions past the ends, held against a model of the text;
- `protocol`: the language server over stdio: frames, message orders, unopened and odd
  URIs, parameters of the wrong shape, every request at random places;
- `fmt`: the file system under `fmt`: links, hard links, modes, owners, read-only files,
  saves while it runs, against what docs/security.md promises;
- `cli`: command lines and standard streams: random arguments, closed, full and broken
  streams, through the real program.

Every input runs under the bound of docs/security.md: at most 2 s, at most 200 MB (the
process's peak growth in process; the peak of its own process through the command line).
A crash is an exception the surface does not promise (a traceback, an exit code other
than 0, 1, 2) or a broken promise (a link replaced, a read-only file written, a
document that drifted from the editor's).  Records themselves are fuzz.py's.
Not a test: tests/cli/test_robustness.py runs a small budget of each.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Callable, Iterator

from common import CLI

SECONDS, MEGABYTES = 2.0, 200
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "logs"
GAME = (EXAMPLES / "game-2p.ngn").read_text(encoding="utf-8")
#: Each surface's share of the inputs (with fuzz.py's 28,400 records, 102,000 in all).
BUDGET = {
    "toml": 20_000,
    "patterns": 20_000,
    "documents": 20_000,
    "protocol": 8_000,
    "fmt": 3_000,
    "cli": 600,
    "record": 2_000,
}


class Report:
    """The counts of one surface: inputs, crashes, the slowest input, the peak growth."""

    def __init__(self, name: str):
        self.name, self.inputs, self.crashes, self.slowest, self.over = name, 0, 0, 0.0, 0
        self.base = _peak_mb()
        self.started = time.perf_counter()

    def timed(self, fn: Callable[[], None], what: Callable[[], str]) -> None:
        self.inputs += 1
        t0 = time.perf_counter()
        try:
            fn()
        except Exception:  # noqa: BLE001 - a crash is what we count
            self.crashes += 1
            print(f"  CRASH on {what()[:300]!r}", file=sys.stderr)
            traceback.print_exc(limit=4)
        took = time.perf_counter() - t0
        self.slowest = max(self.slowest, took)
        if took > SECONDS or _peak_mb() - self.base > MEGABYTES:
            self.over += 1
            print(f"  OVER THE BOUND ({took:.2f} s) on {what()[:200]!r}", file=sys.stderr)

    def line(self) -> str:
        return (
            f"{self.name:<10} {self.inputs:>7} inputs, {self.crashes} crashes, "
            f"{self.over} over the bound; slowest {self.slowest * 1000:.0f} ms, peak "
            f"growth {_peak_mb() - self.base:.0f} MB, {time.perf_counter() - self.started:.0f} s"
        )


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- toml -------------------------------------------------------------------------------


def toml_text(rng: random.Random) -> str:
    """A board or settings file as a stranger might write one, valid or not."""

    def key() -> str:
        parts = rng.choice([1, 1, 2, 3, rng.randint(1, 200)])
        words = [
            rng.choice(
                [
                    "a",
                    "ignore",
                    "severity",
                    "board",
                    "exclude",
                    '"q.k"',
                    "'l'",
                    "per-file-ignores",
                    "tiles",
                    "wheel",
                    "supply",
                    "x" * 50,
                ]
            )
            for _ in range(parts)
        ]
        return ".".join(words)

    def value(depth: int) -> str:
        kind = rng.randrange(12)
        if kind == 0:  # a deep spine, written at once: nesting a stranger might send
            d = rng.choice([10, 17, 100, 3000])
            return rng.choice(["[", "{a="]) * d + "1" + "]" * d
        if depth > 3 or kind < 4:
            return rng.choice(
                [
                    '"claim"',
                    "1",
                    "-7",
                    "1.5e3",
                    "true",
                    "1979-05-27",
                    "'lit'",
                    '"""multi\nline"""',
                    '"un\\"closed',
                    "inf",
                    '"\\u00e9"',
                ]
            )
        if kind == 1:  # a long flat array
            return "[" + "1, " * rng.choice([10, 3000]) + "1]"
        width = rng.choice([0, 1, 3])
        if kind < 8:
            return (
                "[" + ", ".join(value(depth + 1) for _ in range(width)) + rng.choice(["]", "]", ""])
            )
        return "{" + ", ".join(f"{key()} = {value(depth + 1)}" for _ in range(min(width, 3))) + "}"

    lines = []
    for _ in range(rng.choice([1, 5, 30, 400])):
        roll = rng.random()
        if roll < 0.1:
            lines.append(f"[{key()}]" if rng.random() < 0.7 else f"[[{key()}]]")
        elif roll < 0.15:
            lines.append("# " + "#" * rng.randint(0, 100))
        else:
            lines.append(f"{key()} = {value(0)}")
    return "\n".join(lines)[: rng.choice([65_536, 1 << 20])]


def fuzz_toml(rng: random.Random, budget: int, tmp: Path) -> Report:
    from nauticus_ref.game.board import BoardError, load_board_file
    from nauticus_ref.settings.finder import ConfigError, load

    report = Report("toml")
    for _ in range(budget):
        text = toml_text(rng)
        board, settings = (
            tmp / "board.toml",
            tmp / rng.choice([".nauticus-ref.toml", "pyproject.toml"]),
        )

        def one() -> None:
            board.write_text(text, encoding="utf-8")
            settings.write_text(
                ("[tool.nauticus-ref]\n" if settings.name == "pyproject.toml" else "") + text,
                encoding="utf-8",
            )
            try:
                load_board_file(board)
            except BoardError:
                pass
            try:
                load(str(settings))
            except ConfigError:
                pass

        report.timed(one, lambda: text)
    return report


# -- patterns ---------------------------------------------------------------------------

PATTERN_ATOMS = [
    "*",
    "**",
    "?",
    "a",
    "-",
    ".",
    "/",
    "[a-z]",
    "[!a]",
    "[z-a]",
    "\\",
    "!",
    "#",
    " ",
    "ngn",
    "é",
    "[",
    "]",
    "{a,b}",
    "*.ngn",
    "**/",
]


def fuzz_patterns(rng: random.Random, budget: int, tmp: Path) -> Report:
    from nauticus_ref.core.files import SourceError, ignore_spec

    report = Report("patterns")
    for _ in range(budget):
        patterns = [
            "".join(rng.choice(PATTERN_ATOMS) for _ in range(rng.randint(1, 40)))
            for _ in range(rng.choice([1, 3, 30]))
        ]
        names = [
            "/".join(
                rng.choice(["a" * rng.randint(1, 240), "x-" * rng.randint(1, 120), "dir", "é" * 50])
                for _ in range(rng.randint(1, 4))
            )
            + rng.choice([".ngn", ".draft.ngn", ""])
            for _ in range(5)
        ]

        def one() -> None:
            try:
                spec = ignore_spec(patterns, "fuzz/.gitignore")
            except SourceError:
                return
            for name in names:
                spec.check_file(name)

        report.timed(one, lambda: repr(patterns))
    return report


# -- the language server's documents ------------------------------------------------------

BREAKS = [
    "\n",
    "\r\n",
    "\r",
    "\u2028",
    "\u2029",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1d",
    "\x1e",
    "\x85",
    "é",
    "😀",
    " ",
    "#",
]


def fuzz_documents(rng: random.Random, budget: int, tmp: Path) -> Report:
    """Edits held against a model: the text as a list of protocol lines, edited by
    characters; every edit must leave the server's copy equal to the model."""
    import re

    from lsprotocol import types as lsp
    from pygls.workspace.position_codec import PositionCodec

    from nauticus_ref.lsp.documents import Document

    codec = PositionCodec(lsp.PositionEncodingKind.Utf32)  # positions in characters
    report = Report("documents")
    text = GAME
    doc = Document("file:///fuzz.ngn", text, 1)
    for _ in range(budget):
        if rng.random() < 0.01:
            text = "".join(rng.choice(BREAKS) for _ in range(rng.randint(0, 50)))
            doc = Document("file:///fuzz.ngn", text, 1)
        lines = re.split(r"(?<=\r\n)|(?<=\n)|(?<=\r)(?!\n)", text)
        a = (rng.randint(0, len(lines) + 1), rng.randint(0, 90))
        b = (rng.randint(a[0], len(lines) + 1), rng.randint(0, 90))
        new = "".join(rng.choice(BREAKS) for _ in range(rng.randint(0, 4)))

        def offset(line: int, char: int) -> int:
            if line >= len(lines):
                return len(text)
            content = lines[line].rstrip("\r\n")
            return sum(len(ln) for ln in lines[:line]) + min(char, len(content))

        def one() -> None:
            nonlocal text
            start = offset(*a)
            end = max(start, offset(*b))
            expected = text[:start] + new + text[end:]
            doc.apply(
                lsp.TextDocumentContentChangePartial(
                    range=lsp.Range(start=lsp.Position(*a), end=lsp.Position(*b)), text=new
                ),
                codec,
            )
            text = expected
            if doc.text != expected:
                raise AssertionError("the server's copy drifted from the editor's")

        report.timed(one, lambda: f"{a} {b} {new!r}")
    return report


# -- the language server over stdio -------------------------------------------------------


def _frame(message: object) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _protocol_messages(rng: random.Random, uris: list[str]) -> Iterator[bytes]:
    methods = [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
        "textDocument/codeAction",
        "textDocument/formatting",
        "textDocument/rangeFormatting",
        "workspace/symbol",
        "no/such/method",
    ]
    msg_id = 100
    while True:
        roll = rng.random()
        uri = rng.choice(uris)
        position = {
            "line": rng.choice([0, 3, 10, 10_000, -1]),
            "character": rng.choice([0, 2, 500, -3]),
        }
        if roll < 0.05:
            yield rng.choice(
                [
                    b"Content-Length: 5\r\n\r\n{]}}}",
                    b"Content-Length: 2\r\n\r\n{}",
                    _frame({"jsonrpc": "2.0", "id": msg_id, "method": None}),
                    _frame([1, 2, 3]),
                    _frame({"jsonrpc": "1.0", "method": "x"}),
                ]
            )
        elif roll < 0.25:
            text = rng.choice(
                [
                    GAME,
                    GAME.replace("# Anna", "# Anna\u2028"),
                    "",
                    "\x00" * 9,
                    "players: A, B\n" * rng.randint(1, 200),
                ]
            )
            yield _frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didOpen",
                    "params": {
                        "textDocument": {
                            "uri": uri,
                            "languageId": "ngn",
                            "version": 1,
                            "text": text,
                        }
                    },
                }
            )
        elif roll < 0.55:
            yield _frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri, "version": 2},
                        "contentChanges": [
                            {
                                "range": {"start": position, "end": position},
                                "text": "".join(
                                    rng.choice(BREAKS) for _ in range(rng.randint(0, 5))
                                ),
                            }
                        ],
                    },
                }
            )
        elif roll < 0.6:
            yield _frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didClose",
                    "params": {"textDocument": {"uri": uri}},
                }
            )
        else:
            msg_id += 1
            params = rng.choice(
                [
                    {"textDocument": {"uri": uri}, "position": position},
                    {
                        "textDocument": {"uri": uri},
                        "range": {"start": position, "end": position},
                        "context": {"diagnostics": []},
                        "options": {"tabSize": 2, "insertSpaces": True},
                    },
                    {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}},
                    {"bogus": True},
                    None,
                    {"query": "A"},
                ]
            )
            yield _frame(
                {"jsonrpc": "2.0", "id": msg_id, "method": rng.choice(methods), "params": params}
            )


def fuzz_protocol(rng: random.Random, budget: int, tmp: Path) -> Report:
    """Sessions of a few hundred messages each; after every message the server must still
    answer a hover within the bound."""
    report = Report("protocol")
    fifo = tmp / "pipe.ngn"
    if not fifo.exists():
        os.mkfifo(fifo)
    uris = [
        (tmp / "a.ngn").as_uri(),
        fifo.as_uri(),
        "file:///dev/zero",
        "untitled:Untitled-1",
        "file:///nowhere/x.ngn",
        "http://example.invalid/x.ngn",
        "file:///%00",
    ]
    sent = 0
    while sent < budget:
        proc = subprocess.Popen(
            CLI + ["server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        replies: list[dict] = []
        reader = threading.Thread(target=_read_replies, args=(proc, replies), daemon=True)
        reader.start()
        proc.stdin.write(
            _frame(
                {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
            )
        )
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        proc.stdin.flush()
        messages = _protocol_messages(rng, uris)
        for n in range(min(300, budget - sent)):
            message = next(messages)
            probe = 10_000_000 + sent

            def one() -> None:
                proc.stdin.write(message)
                proc.stdin.write(
                    _frame(
                        {
                            "jsonrpc": "2.0",
                            "id": probe,
                            "method": "textDocument/hover",
                            "params": {
                                "textDocument": {"uri": uris[0]},
                                "position": {"line": 0, "character": 0},
                            },
                        }
                    )
                )
                proc.stdin.flush()
                deadline = time.monotonic() + SECONDS
                while not any(r.get("id") == probe for r in replies):
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise AssertionError("the server stopped answering")
                    time.sleep(0.001)

            report.timed(one, lambda: message.decode("utf-8", "replace"))
            sent += 1
            if proc.poll() is not None:
                break
        proc.kill()
        proc.wait()
    return report


def _read_replies(proc: subprocess.Popen, replies: list[dict]) -> None:
    out = proc.stdout
    while True:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = out.read(1)
            if not byte:
                return
            header += byte
        size = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        replies.append(json.loads(out.read(size)))
        del replies[:-50]


# -- the file system under fmt ---------------------------------------------------------------


def fuzz_fmt(rng: random.Random, budget: int, tmp: Path) -> Report:
    from click.testing import CliRunner

    from nauticus_ref.cli import main

    messy = GAME.replace("Anna: 3w = 6t", "Anna:3w=6t")
    report = Report("fmt")
    for i in range(budget):
        folder = tmp / f"fmt{i % 50}"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        case = rng.choice(
            [
                "plain",
                "link",
                "hardlink",
                "readonly",
                "owner",
                "saved",
                "dir-link",
                "dangling",
                "long-name",
                "folder-readonly",
            ]
        )
        target = folder / ("g" * (200 if case == "long-name" else 1) + ".ngn")
        ending = rng.choice(["\n", "\r\n"])
        target.write_bytes(messy.replace("\n", ending).encode())
        path = target
        if case == "link":
            path = folder / "link.ngn"
            path.symlink_to(target)
        elif case == "hardlink":
            os.link(target, folder / "other.ngn")
        elif case == "readonly":
            os.chmod(target, 0o444)
        elif case == "owner" and os.geteuid() == 0:
            os.chown(target, 4321, 4321)
        elif case == "dangling":
            path = folder / "gone.ngn"
            path.symlink_to(folder / "missing.ngn")
        elif case == "dir-link":
            (folder / "sub").mkdir()
            (folder / "sub" / "x.ngn").symlink_to(target)
            path = folder / "sub"
        before = os.lstat(target)

        def one() -> None:
            if case == "saved":  # an editor saves while fmt runs
                threading.Timer(
                    rng.random() / 200,
                    lambda: target.write_text(messy + "# saved\n", encoding="utf-8"),
                ).start()
            result = CliRunner().invoke(main, ["fmt", str(path)])
            if result.exit_code not in (0, 1, 2) or (
                result.exception and not isinstance(result.exception, SystemExit)
            ):
                raise AssertionError(f"{case}: exit {result.exit_code}: {result.output[-500:]}")
            after = os.lstat(target)
            if case == "link" and not path.is_symlink():
                raise AssertionError("the link was replaced")
            if case == "readonly" and target.read_bytes() != messy.replace("\n", ending).encode():
                raise AssertionError("a read-only file was written")
            if case == "hardlink" and os.stat(folder / "other.ngn").st_ino != after.st_ino:
                raise AssertionError("the hard links were split")
            if (after.st_uid, after.st_gid, stat.S_IMODE(after.st_mode)) != (
                before.st_uid,
                before.st_gid,
                stat.S_IMODE(before.st_mode),
            ):
                raise AssertionError("owner or mode changed")
            if (
                case == "saved"
                and not target.read_text(encoding="utf-8").endswith("# saved\n")
                and "changed since" not in result.output
            ):
                time.sleep(0.02)  # the save may land after fmt wrote: then it is the save's
                if not target.read_text(encoding="utf-8").endswith("# saved\n"):
                    raise AssertionError("a save was lost")
            leftovers = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
            if leftovers:
                raise AssertionError(f"temporary files left: {leftovers}")

        report.timed(one, lambda: case)
    return report


# -- command lines and standard streams -------------------------------------------------------

WORDS = [
    "validate",
    "score",
    "fmt",
    "annotate",
    "explain",
    "state",
    "card",
    "view",
    "rules",
    "parse",
    "schema",
    "simulate",
    "--format",
    "json",
    "sarif",
    "junit",
    "html",
    "svg",
    "--line",
    "0",
    "-1",
    "99999",
    "--at",
    "1.1.Anna",
    "x.y",
    "--jobs",
    "2",
    "--board",
    "standard",
    "/dev/zero",
    "--config",
    "-",
    "--out",
    "--isolated",
    "--quiet",
    "--statistics",
    "--deal",
    "a b",
    "--round",
    "--players",
    "5",
    "--seed",
    "\x1b[31m",
    "é",
    "--help",
    "-h",
    "--",
    "--color",
    "always",
    "GAME",
    "FOLDER",
    "--check",
    "--diff",
]


def fuzz_cli(rng: random.Random, budget: int, tmp: Path) -> Report:
    game = tmp / "cli game.ngn"
    game.write_text(GAME, encoding="utf-8")
    report = Report("cli")
    for _ in range(budget):
        words = [rng.choice(WORDS) for _ in range(rng.randint(0, 6))]
        args = [str(game) if w == "GAME" else str(tmp) if w == "FOLDER" else w for w in words]
        redirect = rng.choice(
            ["", "", "> /dev/full", "<&-", ">&-", "| head -c 10", "2>&-", "< /dev/zero"]
        )
        shell = " ".join(map(_quoted, CLI + args)) + " " + redirect
        if redirect.startswith("|"):
            shell += "; exit ${PIPESTATUS[0]}"

        def one() -> None:
            t0 = time.perf_counter()
            done = subprocess.run(
                ["bash", "-c", f"ulimit -v {1024 * 1024}; {shell}"],
                capture_output=True,
                timeout=30,
                cwd=tmp,
            )
            err = done.stderr.decode("utf-8", "replace")
            if done.returncode not in (0, 1, 2) or "Traceback" in err:
                raise AssertionError(f"exit {done.returncode}: {err[-800:]}")
            if time.perf_counter() - t0 > SECONDS:
                raise AssertionError(f"took {time.perf_counter() - t0:.1f} s")

        report.timed(one, lambda: shell)
    for leftover in tmp.iterdir():  # what --out or simulate wrote
        if leftover != game and leftover.is_file():
            leftover.unlink()
    return report


def _quoted(word: str) -> str:
    import shlex

    return shlex.quote(word)


# -- record -----------------------------------------------------------------------------

RECORD_PATHS = [
    "/api/state",
    "/api/table.svg",
    "/api/play",
    "/api/undo",
    "/api/new",
    "/api/choices",
    "/",
    "/app.js",
    "/../etc/passwd",
    "/api/play?path=/etc/passwd",
]


def _record_body(rng: random.Random, lines: list[str]) -> bytes:
    """A request body as a stranger on the network might send one."""
    from fuzzing import mutate

    junk = [
        None,
        1,
        -1,
        True,
        2**70,
        1.5,
        "",
        "x" * rng.randint(0, 3000),
        [],
        {},
        ["a"] * 70,
        "\x00\u202e",
        "../../etc/passwd",
        "two\u2028lines",
        "a\x85b\x0bc\x0cd\x1ce",
        "lone \ud800 half",
        "Ben # host",
        "Anna, Ben",
        'say "hi"',
    ]
    line = rng.choice(lines)
    if rng.random() < 0.5:
        line = mutate(rng, line + "\n").strip("\n")
    body = rng.choice(
        [
            {
                "line": line,
                "comment": rng.choice(["", "note", "a\nb"] + junk[:4]),
                "at": rng.choice([None, -1, 0, 10**9, "3"]),
            },
            {"line": rng.choice(junk)},
            {
                "players": rng.choice(
                    [["Anna", "Ben"], ["A"], ["Anna", "Ben\nround 1: x"], junk, ["x" * 5000, "y"]]
                ),
                "board": rng.choice(["standard", None] + junk[:6]),
            },
            {"chosen": rng.choice([[], ["pass"], junk, [line]])},
            rng.choice(junk),
        ]
    )
    data = json.dumps(body).encode()
    deep = rng.randint(1, 3000)
    return rng.choice(
        [
            data,
            data,
            data[: rng.randint(0, len(data))],
            bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))),
            b"x" * rng.choice([0, 17_000]),
            b'{"line": ' + b"[" * deep + b"]" * deep + b"}",
        ]
    )


def fuzz_record(rng: random.Random, budget: int, tmp: Path) -> Report:
    """Requests to the recorder (`nauticus-ref record`), served for real on loopback:
    no answer is a server error, every refusal of the API is JSON, and the record on
    disk always validates clean."""
    import socket
    import urllib.error
    import urllib.request

    import uvicorn

    from nauticus_ref.core.files import Source
    from nauticus_ref.record.app import make_app, server_config
    from nauticus_ref.record.book import Book
    from nauticus_ref.referee.validate import validate_source

    report = Report("record")
    path = tmp / "table.ngn"
    book = Book.open(str(path))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(server_config(make_app(book)))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    lines = [ln.strip() for ln in GAME.splitlines() if ln.strip() and not ln.startswith("#")]
    moves = [ln for ln in lines if not ln.startswith(("game:", "date:", "players:"))]
    played = 0  # the game goes on between the strangers' requests: the next line of GAME
    try:
        for _ in range(budget):
            route = rng.choice(RECORD_PATHS)
            body = (
                None
                if route in ("/", "/app.js", "/api/table.svg") and rng.random() < 0.8
                else _record_body(rng, lines)
            )
            if rng.random() < 0.3:
                route = "/api/play" if path.exists() else "/api/new"
                body = json.dumps(
                    {"line": moves[played % len(moves)]}
                    if path.exists()
                    else {"players": ["Anna", "Ben"]}
                ).encode()
                played += path.exists()
            headers = {"Content-Type": rng.choice(["application/json"] * 4 + ["text/plain"])}

            def one() -> None:
                request = urllib.request.Request(base + route, data=body, headers=headers)
                try:
                    with urllib.request.urlopen(request, timeout=30) as response:
                        response.read()
                except urllib.error.HTTPError as e:
                    if e.code >= 500:
                        raise AssertionError(f"{e.code} from {route}") from None
                    if route.startswith("/api/") and e.code != 404:
                        assert "error" in json.loads(e.read()), f"{e.code} from {route}"
                if path.exists():
                    game = validate_source(Source(str(path), path.read_text(encoding="utf-8")))
                    assert not game.errors, [d.message for d in game.errors]

            report.timed(one, lambda: f"{route} {body!r}")
    finally:
        server.should_exit = True
        thread.join(10)
    return report


SURFACES: dict[str, Callable[[random.Random, int, Path], Report]] = {
    "toml": fuzz_toml,
    "patterns": fuzz_patterns,
    "documents": fuzz_documents,
    "protocol": fuzz_protocol,
    "fmt": fuzz_fmt,
    "cli": fuzz_cli,
    "record": fuzz_record,
}


def run(only: list[str], scale: float, seed: int) -> list[Report]:
    reports = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in only:
            rng = random.Random(f"{seed}-{name}")
            folder = Path(tmp) / name
            folder.mkdir()
            report = SURFACES[name](rng, max(1, int(BUDGET[name] * scale)), folder)
            print(report.line(), flush=True)
            reports.append(report)
    return reports


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(SURFACES), help="surfaces, comma-separated")
    ap.add_argument("--scale", type=float, default=1.0, help="share of each surface's budget")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    reports = run(args.only.split(","), args.scale, args.seed)
    total = sum(r.inputs for r in reports)
    bad = sum(r.crashes + r.over for r in reports)
    print(f"{total} inputs, {bad} crashes or over the bound")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
