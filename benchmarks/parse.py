"""Parsing throughput: MB/s for parsing alone (text to record model), one core.

    python benchmarks/parse.py [--mb 1.0] [FILE.ngn ...]

Builds a corpus of at least `--mb` megabytes from the records given (default: every
example record that parses) and parses each record of it, reporting MB/s.  Not a
test: a figure to compare before and after a change.
"""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from nauticus_ref.assemble import parse_text

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--mb", type=float, default=1.0, help="corpus size in MB (default 1)")
    ap.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = ap.parse_args()

    files = args.files or [p for p in sorted((ROOT / "examples" / "logs").rglob("*.ngn"))
                           if "syntax" not in p.parts]
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
    parse_text(corpus[0])  # build the parser once, outside the timing

    best = float("inf")
    for _ in range(args.repeat):
        gc.collect()
        start = time.perf_counter()
        for text in corpus:
            parse_text(text)
        best = min(best, time.perf_counter() - start)
    lines = sum(t.count("\n") for t in corpus)
    print(f"parsed {len(corpus)} records, {size / 1e6:.2f} MB, {lines} lines")
    print(f"best of {args.repeat}: {best:.2f} s = {size / 1e6 / best:.2f} MB/s, "
          f"{lines / best:,.0f} lines/s")


if __name__ == "__main__":
    main()
