"""Parsing throughput: MB/s for parsing alone (text to record model), one core.

    python benchmarks/parse.py [--mb 1.0] [FILE.ngn ...]

Builds a corpus of at least `--mb` megabytes from the records given (default: every
example record that parses) and parses each record of it, reporting MB/s; beside it,
lark's lexer and parser alone over the same corpus, the floor no parser built on lark
goes below.  Not a test: a figure to compare before and after a change.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from common import best_seconds, each, lark_floor

from nauticus_ref.notation.assemble import parse_text

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--mb", type=float, default=1.0, help="corpus size in MB (default 1)")
    ap.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = ap.parse_args()

    files = args.files or [
        p for p in sorted((ROOT / "examples" / "logs").rglob("*.ngn")) if "syntax" not in p.parts
    ]
    records = [p.read_text(encoding="utf-8") for p in files]
    records = [t for t in records if parse_text(t).ok]
    if not records:
        raise SystemExit("no record parses; nothing to measure")
    corpus: list[str] = []
    size = 0
    while size < args.mb * 1e6:
        for text in records:
            corpus.append(text)
            size += len(text.encode("utf-8"))
    lines = sum(t.count("\n") for t in corpus)
    print(f"{len(corpus)} records, {size / 1e6:.2f} MB, {lines} lines; best of {args.repeat}")
    for label, loop in [("nauticus-ref parse", each(parse_text, corpus))] + lark_floor(corpus):
        seconds = best_seconds(loop, args.repeat)
        print(f"  {label:<30} {size / 1e6 / seconds:5.2f} MB/s  {lines / seconds:9,.0f} lines/s")


if __name__ == "__main__":
    main()
