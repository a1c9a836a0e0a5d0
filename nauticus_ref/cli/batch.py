"""Running validate and score over many records: in order, in parallel, to the end.

Each record is handled by `validate_one` or `score_one`, which read, replay and
render it and return a small picklable `Outcome`, so that `--jobs N` can spread
records over processes while the output keeps the order of the files.

One record never stops a batch: a record that makes the referee fail, that takes
longer than `TIME_LIMIT`, or whose worker process dies (killed, out of memory) is
reported as not checked, with the reason, and the others go on.  Workers ignore
Ctrl-C (the parent ends them) and end with their parent.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator

from nauticus_ref.settings.finder import Checking

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from nauticus_ref.referee.validate import Game
    from nauticus_ref.views.text import JsonItem

#: Seconds one record may take before it is reported as not checked.  Every record
#: within the size limits answers in well under two seconds; this catches a hang.
TIME_LIMIT = 60.0
#: Address space a worker process may use (bytes); past it, the record fails alone.
WORKER_MEMORY = 2 * 1024**3


@dataclass
class Outcome:
    path: str
    text: str = ""  # the rendered output of a streamed format
    #: the record's part of a gathered document: its data, or its part of a JSON document
    #: already written (`JsonItem`, so that workers write them, not the parent)
    data: dict[str, Any] | JsonItem | None = None
    valid: bool = True
    #: how many diagnostics of each (rule, severity): for the summary and --statistics
    by_rule: Counter[tuple[str, str]] = field(default_factory=Counter)
    failure: str | None = None  # why the record could not be handled (exit 2)


def load(path: str, checking: Checking, steps: bool = True) -> tuple[Game | None, str | None]:
    """Read and replay one record under its settings: (report, None), or (None, why it
    cannot be handled).  `steps`: whether the replay writes its steps (see
    `validate_source`)."""
    from dataclasses import replace

    from nauticus_ref.core.files import SourceError, read
    from nauticus_ref.game.board import BoardError
    from nauticus_ref.referee.validate import validate_source

    try:
        game = validate_source(read(path), checking.board, steps=steps, off=checking.not_asked)
        return replace(game, diagnostics=checking.apply(game.diagnostics)), None
    except (SourceError, BoardError) as e:
        message = str(e)
        return None, message if message.startswith(path) else f"{path}: {message}"


def validate_one(
    path: str, checking: Checking, fmt: str, quiet: bool = False, variations: bool = False
) -> Outcome:
    """One record through the validate view; `quiet`: its problems only (no notes, no
    summary line); `variations`: check the record's `# instead:` comments too."""
    from nauticus_ref.views.validate import FORMATS, validate_text

    if quiet and fmt == "text":
        return _render(
            path,
            checking,
            fmt,
            {"text": lambda g: validate_text(g, False)},
            quiet,
            mended=True,
            variations=variations,
        )
    return _render(path, checking, fmt, FORMATS, quiet, mended=True, variations=variations)


def score_one(path: str, checking: Checking, fmt: str, quiet: bool = False) -> Outcome:
    from nauticus_ref.views.score import FORMATS

    return _render(path, checking, fmt, FORMATS, quiet)


def league_one(path: str, checking: Checking, fmt: str, pages: str | None = None) -> Outcome:
    """What a league counts of one record (`cli/league.py`): its date and each player's
    place (`data["places"]`: name, seat, final score, rank), or why it is not counted
    (`data["apart"]`).  `pages`: a folder to write the game's replay page in."""
    from nauticus_ref.game.scoring import final_scores

    game, failure = load(path, checking, steps=False)
    if game is None:
        return Outcome(path, failure=failure)
    why = uncounted(game)
    if why:
        return Outcome(path, data={"apart": why}, valid=False)
    assert game.record is not None and game.replayed is not None
    date = game.record.header.date
    places = [
        (s.name, s.seat + 1, s.total, s.rank) for s in final_scores(game.replayed.table.players)
    ]
    data: dict[str, Any] = {"date": date.text if date else None, "places": places}
    if pages is not None:
        from nauticus_ref.core.writing import write_output
        from nauticus_ref.views.replay import replay_html

        data["page"] = page_name(path)
        write_output(os.path.join(pages, data["page"]), replay_html(game))
    return Outcome(path, data=data)


def uncounted(game: Game) -> str:
    """Why a league does not count a record ("" when it does)."""
    if game.record is None or game.replayed is None:
        return "syntax errors: the record was not replayed"
    errors = len(game.errors)
    if errors:
        return f"{errors} error{'s' if errors != 1 else ''}: `nauticus-ref validate` shows them"
    if not game.complete:
        return "cut short: the game is not over"
    if game.record.final is None:
        return "no final score: the record has no `final:` line"
    return ""


def page_name(path: str) -> str:
    """The file name of a record's replay page in a league's folder: its own name, and a
    short digest of its path, so that two records of one name in two folders differ."""
    import hashlib

    stem = os.path.splitext(os.path.basename(path))[0]
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in stem)[:60] or "game"
    return f"{stem}-{hashlib.sha256(path.encode('utf-8', 'surrogateescape')).hexdigest()[:8]}.html"


def _render(
    path: str,
    checking: Checking,
    fmt: str,
    formats: dict[str, Callable[[Game], Any]],
    quiet: bool,
    mended: bool = False,
    variations: bool = False,
) -> Outcome:
    """One record through a view: its text, or its part of a gathered document.
    `mended`: errors on turn lines name the nearest legal turn (moves/mend.py);
    `variations`: the findings on its variations join its own (views/whatif.py)."""
    from dataclasses import replace

    from nauticus_ref.views.text import JsonItem

    report, failure = load(path, checking, steps=False)  # validate and score show none
    if report is None:
        return Outcome(path, failure=failure)
    if mended and not report.valid:
        from nauticus_ref.moves.mend import mend

        report = replace(report, diagnostics=mend(report))
    if variations:
        from nauticus_ref.views.whatif import variations as checked

        report = replace(
            report,
            diagnostics=sorted(report.diagnostics + checked(report), key=lambda d: d.sort_key()),
        )
    if quiet:
        report = replace(
            report, diagnostics=[d for d in report.diagnostics if d.severity != "note"]
        )
    rendered = formats[fmt](report)
    text, data = ("", rendered) if isinstance(rendered, (dict, JsonItem)) else (rendered, None)
    return Outcome(
        path, text, data, report.valid, Counter((d.rule, d.severity) for d in report.diagnostics)
    )


Handler = Callable[[str, Checking, str], Outcome]
#: One record to handle: its path and its settings.
Task = tuple[str, Checking]


def _not_checked(path: str, why: str) -> Outcome:
    return Outcome(path, failure=f"{path}: not checked: {why}")


def guarded(fn: Handler, task: Task, fmt: str) -> Outcome:
    """`fn` on one record; a failure of the referee itself becomes that record's outcome."""
    path, checking = task
    try:
        return fn(path, checking, fmt)
    except Exception as e:  # noqa: BLE001 - one record must not end the batch
        return _not_checked(
            path,
            f"the referee failed on it ({type(e).__name__}: {e}); "
            "please report this with the record",
        )


def run(
    fn: Handler, tasks: list[Task], fmt: str, jobs: int, time_limit: float = TIME_LIMIT
) -> Iterator[Outcome]:
    """Outcomes in the order of `tasks`, computed by `jobs` processes; a progress line on
    a terminal (on standard error, so that piped output stays clean)."""
    if jobs > 1 and len(tasks) > 1:
        results = _pooled(fn, tasks, fmt, min(jobs, len(tasks)), time_limit)
    else:
        results = (_timed(fn, t, fmt, time_limit) for t in tasks)
    if len(tasks) <= 1 or not sys.stderr.isatty():
        yield from results
        return
    progress = Progress(len(tasks))
    try:
        for outcome in results:
            progress.clear()  # the caller prints while no progress line is shown
            yield outcome
            progress.advance()
    finally:
        progress.clear()


class Progress:
    """`records [#####---------------] 31/300` on standard error, redrawn in place.  It is
    cleared before anything else is printed and drawn again after, so that it never
    shares a line with the output (the terminal shows both streams)."""

    WIDTH = 20

    def __init__(self, total: int):
        self.total, self.done, self.shown = total, 0, False
        self.draw()

    def draw(self) -> None:
        filled = self.WIDTH * self.done // self.total
        sys.stderr.write(
            f"\rrecords [{'#' * filled}{'-' * (self.WIDTH - filled)}] {self.done}/{self.total}"
        )
        sys.stderr.flush()
        self.shown = True

    def advance(self) -> None:
        self.done += 1
        if self.done < self.total:
            self.draw()

    def clear(self) -> None:
        if self.shown:
            sys.stdout.flush()
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


class _TimeUp(BaseException):
    """Raised by the alarm in the one-process run; not an Exception, so `guarded` lets it by."""


def _timed(fn: Handler, task: Task, fmt: str, limit: float) -> Outcome:
    """`guarded` with a time limit, where this process can set an alarm, and with the
    memory a worker may use (`--jobs 1` handles records in this process)."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        return guarded(fn, task, fmt)
    with _memory_bounded():
        return _alarmed(fn, task, fmt, limit)


@contextlib.contextmanager
def _memory_bounded() -> Iterator[None]:
    """This process's address space bounded as a worker's is, for one record: a record
    that wants more fails alone (a MemoryError, reported as not checked)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        yield
        return
    if soft != resource.RLIM_INFINITY and soft <= WORKER_MEMORY:
        yield
        return
    try:
        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY, hard))
    except (OSError, ValueError):  # already larger than the bound, or not allowed
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _alarmed(fn: Handler, task: Task, fmt: str, limit: float) -> Outcome:
    """`guarded`, stopped after `limit` seconds."""

    def time_up(signum: int, frame: object) -> None:
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, time_up)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return guarded(fn, task, fmt)
    except _TimeUp:
        return _not_checked(task[0], f"it took longer than {limit:g} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- the worker processes --------------------------------------------------------------


def _worker(
    conn: Connection,
    others: list[Connection],
    fn: Handler,
    tasks: list[Task],
    fmt: str,
    lang: str,
) -> None:
    """Handle the chunks of task numbers the parent sends, answering record by record
    (`tasks` came with the process: forked, or pickled once on Windows), in the
    parent's language."""
    from nauticus_ref.core import language

    language.use(lang)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for other in others:  # the parent's ends of the other workers' pipes, inherited by fork
        other.close()
    _die_with_parent()
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (WORKER_MEMORY, WORKER_MEMORY))
    except (ImportError, ValueError, OSError):
        pass
    while True:
        try:
            chunk = conn.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if chunk is None:
            return
        for index in chunk:
            conn.send((index, guarded(fn, tasks[index], fmt)))


def _die_with_parent() -> None:
    """On Linux, ask the kernel to end this process when its parent dies."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    #: the task numbers sent and not answered yet, in the order the worker takes them
    pending: deque[int] = field(default_factory=deque)
    started: float = 0.0  # when the record at the head of `pending` was begun


#: The most task numbers sent to a worker at once.  A worker goes from one record to
#: the next without waiting for the parent; smaller chunks near the end keep both
#: workers busy to the last record.
CHUNK = 16


def _pooled(fn: Handler, tasks: list[Task], fmt: str, jobs: int, limit: float) -> Iterator[Outcome]:
    import multiprocessing  # only here: it costs a cold start several milliseconds
    from multiprocessing.connection import wait

    from nauticus_ref.core import language

    ctx: Any = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    workers: list[_Worker] = []

    def start() -> _Worker:
        parent, child = ctx.Pipe()
        others = [w.conn for w in workers]
        args = (child, others, fn, tasks, fmt, language.current())
        process = ctx.Process(target=_worker, args=args, daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    todo = deque(range(len(tasks)))
    results: dict[int, Outcome] = {}
    next_out = 0
    try:
        for _ in range(jobs):
            workers.append(start())
        while next_out < len(tasks):
            for w in workers:
                if not w.pending and todo:
                    size = max(1, min(CHUNK, len(todo) // (2 * jobs)))
                    chunk = [todo.popleft() for _ in range(min(size, len(todo)))]
                    w.pending.extend(chunk)
                    w.started = time.monotonic()
                    w.conn.send(chunk)
            busy = [w for w in workers if w.pending]
            wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=0.5)
            for w in busy:
                failure = None
                try:
                    while w.pending and w.conn.poll():
                        got, outcome = w.conn.recv()
                        results[got] = outcome
                        w.pending.popleft()  # answered in the order sent
                        w.started = time.monotonic()
                except (EOFError, OSError):
                    failure = _death(w.process)
                if failure is None and w.pending:
                    if not w.process.is_alive():
                        failure = _death(w.process)
                    elif time.monotonic() - w.started > limit:
                        failure = f"it took longer than {limit:g} s"
                if failure is not None:
                    index = w.pending.popleft()
                    results[index] = _not_checked(tasks[index][0], failure)
                    todo.extendleft(reversed(w.pending))  # the rest, tried again
                    _stop(w)
                    workers[workers.index(w)] = start()
            while next_out in results:
                yield results.pop(next_out)
                next_out += 1
    finally:
        for w in workers:
            _stop(w)


def _death(process: BaseProcess) -> str:
    process.join(1)
    code = process.exitcode
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        hint = ", perhaps out of memory" if name == "SIGKILL" else ""
        return f"the process checking it was killed ({name}{hint})"
    return f"the process checking it ended unexpectedly (exit code {code})"


def _stop(w: _Worker) -> None:
    if w.process.is_alive():
        w.process.kill()
    w.process.join(5)
    w.conn.close()
