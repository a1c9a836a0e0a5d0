"""Running validate and score over many records: in order, in parallel, with progress.

Each record is handled by `validate_one` or `score_one`, which read, replay and
render it and return a small picklable `Outcome`, so that `--jobs N` can spread
records over processes while the output keeps the order of the files.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import click


@dataclass
class Outcome:
    path: str
    text: str = ""                      # the rendered output for text, github or markdown
    data: dict | None = None            # the JSON payload
    valid: bool = True
    counts: dict = field(default_factory=lambda: {"error": 0, "warning": 0, "note": 0})
    failure: str | None = None          # why the record could not be handled (exit 2)


def load(path: str, board_option: str | None):
    """Read and replay one record: (report, None), or (None, why it cannot be handled)."""
    from .board import BoardError
    from .sources import SourceError, read
    from .validate import validate_source

    try:
        return validate_source(read(Path(path)), board_option), None
    except (SourceError, BoardError) as e:
        message = str(e)
        return None, message if message.startswith(path) else f"{path}: {message}"


def validate_one(path: str, board_option: str | None, fmt: str) -> Outcome:
    from .diagnostics import counts, render_github, render_text

    report, failure = load(path, board_option)
    if report is None:
        return Outcome(path, failure=failure)
    if fmt == "json":
        text, data = "", report.as_json()
    elif fmt == "github":
        text, data = "".join(render_github(report.path, d) + "\n" for d in report.diagnostics), None
    else:
        text = "".join(render_text(report.path, report.lines, d) + "\n\n"
                       for d in report.diagnostics) + summary(report) + "\n"
        data = None
    return Outcome(path, text, data, report.valid, counts(report.diagnostics))


def score_one(path: str, board_option: str | None, fmt: str) -> Outcome:
    from .diagnostics import counts
    from .reports import score_json, score_markdown, score_text

    report, failure = load(path, board_option)
    if report is None:
        return Outcome(path, failure=failure)
    if fmt == "json":
        text, data = "", score_json(report)
    else:
        text, data = (score_text if fmt == "text" else score_markdown)(report), None
    return Outcome(path, text, data, report.valid, counts(report.diagnostics))


def summary(report) -> str:
    from .diagnostics import counts

    c = counts(report.diagnostics)
    state = "complete game" if report.complete else "incomplete record"
    if report.valid:
        extra = [f"{c[k]} {k}{'s' if c[k] != 1 else ''}" for k in ("warning", "note") if c[k]]
        return f"{report.path}: valid, {state}" + (f" ({', '.join(extra)})" if extra else "")
    return f"{report.path}: {tally(c)} ({state})"


def tally(c: dict) -> str:
    return ", ".join(f"{c[k]} {k}{'s' if c[k] != 1 else ''}" for k in ("error", "warning", "note"))


def _call(args):
    fn, path, board_option, fmt = args
    return fn(path, board_option, fmt)


def run(fn: Callable[..., Outcome], paths: list[str], board_option: str | None, fmt: str,
        jobs: int) -> Iterator[Outcome]:
    """Outcomes in the order of `paths`, computed by `jobs` processes; a progress bar on a
    terminal (on standard error, so that piped output stays clean)."""
    work = [(fn, p, board_option, fmt) for p in paths]
    show = len(work) > 1 and sys.stderr.isatty()
    if jobs > 1 and len(work) > 1:
        import multiprocessing  # only here: it costs a cold start several milliseconds

        ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
        with ctx.Pool(min(jobs, len(work))) as pool:
            results = pool.imap(_call, work, chunksize=max(1, min(16, len(work) // (jobs * 8))))
            yield from _progress(results, len(work), show)
    else:
        yield from _progress(map(_call, work), len(work), show)


def _progress(results, total: int, show: bool):
    if not show:
        yield from results
        return
    with click.progressbar(results, length=total, label="records", file=sys.stderr,
                           show_pos=True) as bar:
        yield from bar
