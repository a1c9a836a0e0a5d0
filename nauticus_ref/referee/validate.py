"""Validating one record: parse, pick the board, replay; a `Game` is what that gives."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nauticus_ref.core.files import Source
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.board import Board, BoardError, resolve_for_record
from nauticus_ref.game.scoring import Score, final_scores
from nauticus_ref.notation.assemble import ParseResult, parse_text
from nauticus_ref.notation.model import Record
from nauticus_ref.notation.reading import LineParse
from nauticus_ref.referee.engine import replay
from nauticus_ref.referee.result import ReplayResult, TableView

if TYPE_CHECKING:
    from nauticus_ref.referee.resume import LastReplay


@dataclass(frozen=True)
class Game:
    """One record, read and replayed: what it says, what the referee found, and the table.

    `record` and `replayed` are None when the record has syntax errors (it is then
    not replayed; `diagnostics` says why).
    """

    path: str
    lines: list[str]
    diagnostics: list[Diagnostic]
    complete: bool
    parsed: ParseResult
    replayed: ReplayResult | None
    #: the rules the replay did not ask (the settings turned them off)
    off: frozenset[str] = frozenset()

    @property
    def valid(self) -> bool:
        """No diagnostic is an error (warnings and notes allowed)."""
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def record(self) -> Record | None:
        return self.parsed.record

    def scores(self) -> list[Score]:
        """Final scoring, best first (provisional if the game is not over)."""
        return final_scores(self._replayed().table.players)

    def table(self, line: int | None = None) -> TableView:
        """The table after `line` (the end of the record if None).  A `setup:` block is one
        position written over several lines: after any of its lines, the table is the
        position the whole block sets up."""
        replayed = self._replayed()
        if line is None:
            return replayed.table
        assert self.record is not None
        setup = self._setup_lines()
        end = setup.stop if line in setup else line
        return replay(self.record, replayed.table.board, until_line=end, off=self.off).table

    def _setup_lines(self) -> range:
        """The lines of the setup block before its last (empty without one): after any of
        them the table is the one after the last."""
        from nauticus_ref.referee.engine import setup_end

        setup = self.record.setup if self.record is not None else None
        return range(setup.span.line, setup_end(setup)) if setup is not None else range(0)

    def tables(self) -> list[TableView]:
        """The table after each line of the record, in order (`tables()[n - 1]` is the
        table after line n, as `table(n)` gives it), from one replay: a line with no
        move shares the table of the line before, and every line of a setup block the
        position the block sets up."""
        from nauticus_ref.referee.engine import replay_tables

        board, record = self._replayed().table.board, self.record
        assert record is not None
        marks = dict(replay_tables(record, board, self.off))
        setup = self._setup_lines()
        out: list[TableView] = []
        table, position = marks[0], None
        for line in range(1, len(self.lines) + 1):
            if line in setup:
                if position is None:  # the setup's position: replayed once
                    position = replay(record, board, until_line=setup.stop, off=self.off).table
                out.append(position)
                continue
            table = marks.get(line, table)
            out.append(table)
        return out

    def _replayed(self) -> ReplayResult:
        if self.replayed is None:
            raise ValueError(f"{self.path} has syntax errors and was not replayed")
        return self.replayed

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "valid": self.valid,
            "complete": self.complete,
            "diagnostics": [d.as_json(self.path) for d in self.diagnostics],
        }


def board_for(parsed: ParseResult, source: Source) -> Board:
    """The board the record's `board:` line names (bundled, or a file beside the
    record), else the standard one."""
    header = parsed.record.header if parsed.record else None
    spec = header.board.text if header and header.board else None
    return resolve_for_record(spec, os.path.dirname(source.path))


@dataclass
class Memo:
    """What a caller that validates one document again and again (the language server)
    keeps between its versions: what lark made of each line (`parse_text`), and the
    last replay, to start the next one at the last phase that did not change
    (referee/resume.py)."""

    lines: dict[str, LineParse] = field(default_factory=dict)
    replay: LastReplay | None = None


def validate_source(
    source: Source,
    board: Board | None = None,
    memo: Memo | None = None,
    steps: bool = True,
    off: frozenset[str] = frozenset(),
) -> Game:
    """Parse and replay one record on `board` (the user's `--board`), or else on the
    board the record names.  Raises BoardError when that board cannot be used.
    `memo`: what an earlier version of the same document left (the result is the same
    with it or without it, only faster).  `steps=False`: the replay writes no steps
    (`explain` and `annotate` show them; the findings and the table are the same).
    `off`: the ids of rules not to ask (the game goes on as if they did not exist)."""
    from nauticus_ref.referee import decisions
    from nauticus_ref.rules import BY_ID

    parsed = parse_text(source.text, memo.lines if memo else None)
    if parsed.record is None:
        return Game(source.path, parsed.lines, parsed.diagnostics, False, parsed, None)
    board = board or board_for(parsed, source)
    if memo is None:
        result = replay(parsed.record, board, lines=parsed.lines, steps=steps, off=off)
    else:
        from nauticus_ref.referee.resume import replay_edited  # only the server keeps memos

        result, memo.replay = replay_edited(
            parsed.record, board, parsed.lines, memo.replay, steps, off
        )
    found = decisions.apply(parsed.lines, parsed.diagnostics + result.diagnostics, BY_ID)
    return Game(source.path, parsed.lines, found, result.complete, parsed, result, off)


__all__ = ["Game", "Memo", "validate_source", "BoardError"]
