"""nauticus-ref: the referee for the board game NAUTICUS, as a library.

    >>> import nauticus_ref
    >>> game = nauticus_ref.read("examples/logs/game-2p.ngn")
    >>> game.valid, game.complete
    (True, True)

`read` takes a path or an open text stream, `parse` a string; both return a
`Game`: its diagnostics, its scores and the table after any line.  `catalogue()`
lists the rules the referee enforces.  docs/api.md shows more.  Names load on first
use, so `import nauticus_ref` costs next to nothing.
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any

from nauticus_ref.core.about import __version__

__all__ = [
    "read",
    "parse",
    "catalogue",
    "Game",
    "Diagnostic",
    "Rule",
    "Score",
    "TableView",
    "Board",
    "BoardError",
    "SourceError",
    "__version__",
]

if TYPE_CHECKING:
    from nauticus_ref.core.files import SourceError
    from nauticus_ref.core.findings import Diagnostic
    from nauticus_ref.game.board import Board, BoardError
    from nauticus_ref.game.scoring import Score
    from nauticus_ref.referee.result import TableView
    from nauticus_ref.rules import Rule
    from nauticus_ref.session import Game

_LAZY = {
    "Game": "nauticus_ref.session",
    "Diagnostic": "nauticus_ref.core.findings",
    "Rule": "nauticus_ref.rules",
    "Score": "nauticus_ref.game.scoring",
    "TableView": "nauticus_ref.referee.result",
    "Board": "nauticus_ref.game.board",
    "BoardError": "nauticus_ref.game.board",
    "SourceError": "nauticus_ref.core.files",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'nauticus_ref' has no attribute {name!r}")


def read(source: str | os.PathLike[str] | IO[str], *, board: str | Board | None = None) -> Game:
    """Read a record from a path or an open text stream, and replay it.

    A path is read as the command line reads it (a regular file, UTF-8, within the
    size limits; `SourceError` otherwise); the record's own `board:` line is followed
    unless `board` names one (a bundled board's name, a path, or a `Board`).
    """
    from nauticus_ref.core.files import Source, shown
    from nauticus_ref.core.files import read as read_file

    if isinstance(source, (str, os.PathLike)):
        return _replayed(read_file(shown(os.fspath(source))), board)
    return _replayed(Source(str(getattr(source, "name", "<stream>")), source.read()), board)


def parse(text: str, *, name: str = "<string>", board: str | Board | None = None) -> Game:
    """Read a record from a string, and replay it; `name` stands for it in diagnostics."""
    from nauticus_ref.core.files import Source

    return _replayed(Source(name, text), board)


def catalogue() -> list[Rule]:
    """The rules the referee enforces, syntax first, in the order of docs/rules.md."""
    from nauticus_ref.rules import RULES, SYNTAX

    return [SYNTAX, *RULES]


def _replayed(source: Any, board: str | Board | None) -> Game:
    from nauticus_ref.game.board import resolve
    from nauticus_ref.referee.validate import validate_source
    from nauticus_ref.session import Game

    chosen = resolve(board) if isinstance(board, str) else board
    return Game.of(validate_source(source, chosen))
