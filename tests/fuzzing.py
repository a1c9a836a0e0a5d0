"""A mutation fuzzer for the referee (a developer's tool: tests and benchmarks/fuzz.py).

Mutations start from legal simulated records and are either grammar-aware (swap
an item, a player or a ship name, change a number, drop, duplicate or reorder a
line, truncate) or byte-level (flip, insert or delete bytes).  `check_input` runs
the whole referee on one input the way the command line does and raises only if
the referee itself fails: any diagnostics are fine, an exception is a crash.
"""

from __future__ import annotations

import random
import re
from typing import Callable

from nauticus_ref.game.board import Board
from nauticus_ref.notation import vocab

WORDS = (
    list(vocab.HULL_ALIASES)
    + list(vocab.GOODS)
    + list(vocab.DEFAULT_CRESTS)
    + list(vocab.ACTIONS)
    + [
        "crown",
        "mast",
        "sail",
        "pass",
        "extra",
        "new",
        "store",
        "3vp",
        "7t",
        "3w",
        "goods",
        "w+vp",
        "bonus",
    ]
)
NAMES = ["Anna", "Ben", "Carla", "Dana", "Zed", "A1", "B2", '"Big One"', "new"]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def swap_word(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    words = re.split(r"(\s+)", lines[i])
    spots = [k for k, w in enumerate(words) if w.strip()]
    if spots:
        words[rng.choice(spots)] = rng.choice(WORDS + NAMES)
    lines[i] = "".join(words)
    return "\n".join(lines)


def change_number(rng: random.Random, text: str) -> str:
    matches = list(re.finditer(r"\d+", text))
    if not matches:
        return text
    m = rng.choice(matches)
    new = str(rng.choice([0, 1, 2, 3, 4, 7, 8, 15, 99, 12345678901234567890]))
    return text[: m.start()] + new + text[m.end() :]


def drop_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return "\n".join(lines)


def reorder_lines(rng: random.Random, text: str) -> str:
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def byte_noise(rng: random.Random, text: str) -> str:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 8)):
        pos = rng.randrange(len(data) + 1)
        what = rng.randrange(3)
        if what == 0 and data:
            data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif what == 1:
            data[pos:pos] = bytes([rng.randrange(256)])
        elif data:
            del data[min(pos, len(data) - 1)]
    return data.decode("utf-8", errors="replace") if rng.random() < 0.7 else data.decode("latin-1")


BOARD_SPECS = [
    "standard",
    "/dev/zero",
    "/etc/passwd",
    "../../board.toml",
    "nope",
    "a" * 300,
    "boards/x.toml",
    "\x1b]0;pwned\x07",
    "/dev/stdin",
    ".",
]


def board_line(rng: random.Random, text: str) -> str:
    """A `board:` header line naming something a stranger might: a device, a path out."""
    lines = _lines(text)
    lines.insert(rng.randrange(min(3, len(lines)) + 1), "board: " + rng.choice(BOARD_SPECS))
    return "\n".join(lines)


def control_chars(rng: random.Random, text: str) -> str:
    """Terminal escapes and bidi overrides inside names and comments."""
    pos = rng.randrange(len(text) + 1)
    return (
        text[:pos]
        + rng.choice(["\x1b[2J", "\x1b]0;x\x07", "\u202e", "\x9b", "\r", "\x00"])
        + text[pos:]
    )


MUTATIONS: list[Callable[[random.Random, str], str]] = [
    swap_word,
    change_number,
    drop_line,
    duplicate_line,
    reorder_lines,
    truncate,
    byte_noise,
    board_line,
    control_chars,
]


def file_bytes(rng: random.Random, text: str) -> bytes:
    """The bytes of a record as a stranger's editor might save them: a BOM, CRLF or CR
    line ends, UTF-16, a NUL byte, or plain UTF-8."""
    kind = rng.randrange(8)
    if kind == 0:
        return b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
    if kind == 1:
        return text.replace("\n", "\r\n").encode("utf-8", "surrogatepass")
    if kind == 2:
        return text.replace("\n", "\r").encode("utf-8", "surrogatepass")
    if kind == 3:
        return text.encode("utf-16", "surrogatepass")
    if kind == 4:
        data = text.encode("utf-8", "surrogatepass")
        pos = rng.randrange(len(data) + 1)
        return data[:pos] + b"\0" + data[pos:]
    return text.encode("utf-8", "surrogatepass")


def mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATIONS)(rng, text)
    return text


def check_input(text: str, board: Board | None) -> int:
    """Run validate (with its variations), score, annotate and explain on `text` (on
    `board`, or the board the record names), as the command line would; return its exit
    code: 0, 1, or 2 for a board that cannot be used.  Raises only if the referee itself
    fails."""
    from nauticus_ref.core.files import Source
    from nauticus_ref.game.board import BoardError
    from nauticus_ref.referee.validate import validate_source
    from nauticus_ref.views.annotate import annotate
    from nauticus_ref.views.explain import explain_json
    from nauticus_ref.views.point import InspectError, find_point
    from nauticus_ref.views.score import score_json, score_text
    from nauticus_ref.views.whatif import variations

    try:
        report = validate_source(Source("fuzz.ngn", text), board=board)
    except BoardError:
        return 2
    score_text(report)
    score_json(report)
    variations(report)  # each a replay, bounded in time all together
    record, result = report.record, report.replayed
    if record is not None and result is not None:
        annotate(report)
        for line in [d.span.line for d in report.diagnostics][:3] or [len(report.lines)]:
            try:
                point = find_point(record, line)
                explain_json(
                    "fuzz.ngn",
                    report.lines,
                    record,
                    result,
                    report.diagnostics,
                    result.table.board,
                    point,
                )
            except InspectError:
                pass
    return 0 if report.valid else 1


# -- adversarial inputs ------------------------------------------------------------
# Each generator writes a record of about `size` bytes that a stranger could send to
# make the referee slow or greedy: one kind of line repeated, the longest names and
# lines, many ships, checks and clauses.  benchmarks/fuzz.py times every command on
# each; tests run them small.

_DEAL = "round 1: goods hulls money transport crowns masts deliver sails\n"
_HEAD = "players: A, Ben\n" + _DEAL


def _repeat(head: str, line: str, size: int) -> str:
    return head + line * max(1, (size - len(head)) // len(line))


def _numbered(head: str, pattern: str, size: int) -> str:
    out, n, total = [head], 0, len(head)
    while total < size:
        line = pattern.format(n=n)
        out.append(line)
        total += len(line)
        n += 1
    return "".join(out)


ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "money turns": lambda size: _repeat(_HEAD + "1. A money bonus whale\n", "  A: 1w\n", size),
    "hull turns": lambda size: _repeat(
        _HEAD + "1. A hulls bonus whale\n", "  Ben: bow >new B17 = 2t\n", size
    ),
    "checks": lambda size: _repeat(_HEAD, "check A: 10vp 15t 4w\n", size),
    "phase lines": lambda size: _repeat(_HEAD, "1. A money bonus whale\n", size),
    "round lines": lambda size: _repeat("players: A, Ben\n", _DEAL, size),
    "many ships": lambda size: _numbered(
        _HEAD + "1. A hulls bonus whale\n", "  A: 1ship >new S{n}\n", size
    ),
    "long lines": lambda size: _repeat(
        _HEAD + "1. A hulls bonus whale\n", "  A: " + "bow " * 480 + ">store\n", size
    ),
    "long names": lambda size: _repeat(
        'players: "' + "A" * 1990 + '", Ben\n' + _DEAL, 'check "' + "A" * 1990 + '": 10vp\n', size
    ),
    "deep clauses": lambda size: _repeat(
        _HEAD + "1. A money bonus whale\n", "  A: " + "pass; " * 330 + "pass\n", size
    ),
    "many rewards": lambda size: _repeat(
        _HEAD + "1. A hulls bonus whale\n", "  A: 1ship >new X [" + "3vp, " * 390 + "3vp]\n", size
    ),
    "setup ships": lambda size: (
        _numbered(
            "players: A, Ben\nsetup: round 1 phase 1\n",
            "  A ship S{n}: bow middle middle stern, 4 whale mast\n",
            size,
        )
        + _DEAL
    ),
    "syntax errors": lambda size: _repeat(_HEAD, "  A: bow stern new A\n", size),
    "unknown words": lambda size: _repeat(
        _HEAD + "1. A hulls bonus whale\n", "  A: bowx >store\n", size
    ),
    "variations": lambda size: _repeat(
        _HEAD + "1. A money bonus whale\n  A: 1w\n", "  # instead: A: 2w\n", size
    ),
}
