"""Validating one record: parse, pick the board, replay; the report of one file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nauticus_ref.notation.assemble import ParseResult, parse_text
from nauticus_ref.game.board import Board, BoardError, resolve_for_record
from nauticus_ref.findings import Diagnostic
from nauticus_ref.referee.engine import ReplayResult, replay
from nauticus_ref.files import Source


@dataclass
class FileReport:
    path: str
    lines: list[str]
    diagnostics: list[Diagnostic]
    complete: bool
    parsed: ParseResult
    replayed: ReplayResult | None

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    def as_json(self) -> dict:
        return {"path": self.path, "valid": self.valid, "complete": self.complete,
                "diagnostics": [d.as_json(self.path) for d in self.diagnostics]}


def board_for(parsed: ParseResult, source: Source) -> Board:
    """The board the record's `board:` line names (bundled, or a file beside the
    record), else the standard one."""
    header = parsed.record.header if parsed.record else None
    spec = header.board.text if header and header.board else None
    return resolve_for_record(spec, Path(source.path).parent)


def validate_source(source: Source, board: Board | None = None) -> FileReport:
    """Parse and replay one record on `board` (the user's `--board`), or else on the
    board the record names.  Raises BoardError when that board cannot be used."""
    parsed = parse_text(source.text)
    if parsed.record is None:
        return FileReport(source.path, parsed.lines, parsed.diagnostics, False, parsed, None)
    board = board or board_for(parsed, source)
    result = replay(parsed.record, board)
    return FileReport(source.path, parsed.lines, parsed.diagnostics + result.diagnostics,
                      result.complete, parsed, result)


__all__ = ["FileReport", "validate_source", "BoardError"]
