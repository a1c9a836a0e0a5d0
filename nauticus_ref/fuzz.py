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

from . import vocab

WORDS = (list(vocab.HULL_ALIASES) + list(vocab.GOODS) + list(vocab.DEFAULT_CRESTS)
         + list(vocab.ACTIONS) + ["crown", "mast", "sail", "pass", "extra", "new", "store",
                                  "3vp", "7t", "3w", "goods", "w+vp", "bonus"])
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
    return text[:m.start()] + new + text[m.end():]


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
    return data.decode("utf-8", errors="replace") if rng.random() < 0.7 else \
        data.decode("latin-1")


MUTATIONS: list[Callable[[random.Random, str], str]] = [
    swap_word, change_number, drop_line, duplicate_line, reorder_lines, truncate, byte_noise]


def mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATIONS)(rng, text)
    return text


def check_input(text: str, board) -> int:
    """Run validate, score, annotate and explain on `text` with `board`, as the command
    line would; return its exit code (0 or 1).  Raises only if the referee fails."""
    from .annotate import annotate
    from .inspect import InspectError, explain_json, find_point
    from .reports import score_json, score_text
    from .sources import Source
    from .validate import validate_source

    report = validate_source(Source("fuzz.ngn", text), board=board)
    score_text(report)
    score_json(report)
    if report.replayed is not None:
        annotate(report)
        rp = report.replayed.replay
        for line in [d.span.line for d in report.diagnostics][:3] or [len(report.lines)]:
            try:
                point = find_point(report.parsed.record, line)
                explain_json("fuzz.ngn", report.lines, report.parsed.record, rp,
                             report.diagnostics, rp.board, point)
            except InspectError:
                pass
    return 0 if report.valid else 1
