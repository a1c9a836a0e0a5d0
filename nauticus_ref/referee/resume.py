"""Replaying an edited record from a snapshot before its first changed line.

The language server replays a document after every edit, and an edit usually
touches the last lines of a record.  `LastReplay` keeps, from one replay, the
record's lines and a `Mark` (the replay's whole state) before the first phase of
each round; the replay of the next version starts at the last mark that stands
before the first line that changed, so that only the phases from there on are
replayed again.

A mark is used only when nothing before it can have changed: the same board, the
same header, setup block and opening checks (they shape all that follows), the
same text on every line above it, and the same phase at the same place in the
new record.  Otherwise the replay runs whole, as `replay` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from nauticus_ref.game.board import Board
from nauticus_ref.notation.model import Phase, Record
from nauticus_ref.referee.engine import Mark, Replay
from nauticus_ref.referee.result import ReplayResult


@dataclass(frozen=True)
class LastReplay:
    """One replay, kept for the next version of the same document."""

    lines: list[str]
    record: Record
    board: Board
    marks: list[Mark]
    steps: bool  # whether the replay wrote its steps (see `replay`)
    off: frozenset[str]  # the rules it did not ask
    #: the line of the phase this replay began at (0: it ran whole)
    resumed_at: int = 0


def replay_edited(
    record: Record,
    board: Board,
    lines: list[str],
    last: LastReplay | None,
    steps: bool = True,
    off: frozenset[str] = frozenset(),
) -> tuple[ReplayResult, LastReplay]:
    """The replay of `record` (whose text is `lines`), the same as `replay(record,
    board, lines=lines, steps=steps, off=off)` gives, begun at the last usable mark of `last`,
    the replay of an earlier version; and what to keep for the next version."""
    walk = Replay(record, board, lines=lines, steps=steps, off=off)
    walk.marks = []
    mark = _resume_point(record, board, lines, last, steps, off)
    kept: list[Mark] = []
    if mark is not None:
        assert last is not None
        kept = [m for m in last.marks if m.line <= mark.line]
        walk.resume(mark)
    result = walk.run()
    return result, LastReplay(
        lines, record, board, kept + walk.marks, steps, off, mark.line if mark else 0
    )


def first_difference(old: list[str], new: list[str]) -> int:
    """The first line (1-based) where two texts differ; one past the shorter if one
    begins the other."""
    for number, (a, b) in enumerate(zip(old, new), 1):
        if a != b:
            return number
    return min(len(old), len(new)) + 1


def _resume_point(
    record: Record,
    board: Board,
    lines: list[str],
    last: LastReplay | None,
    steps: bool,
    off: frozenset[str],
) -> Mark | None:
    if last is None or (board, steps, off) != (last.board, last.steps, last.off):
        return None
    before = last.record
    if (record.header, record.setup, record.checks) != (before.header, before.setup, before.checks):
        return None
    changed = first_difference(last.lines, lines)
    for mark in last.marks[::-1]:
        if mark.line > changed:  # the phase's own line may be the changed one
            continue
        r, e = mark.position
        entries = record.rounds[r].entries if r < len(record.rounds) else []
        node = entries[e] if e < len(entries) else None
        if isinstance(node, Phase) and node.span.line == mark.line:
            return mark
    return None
