"""The `validate` view: every diagnostic of a record, and a summary line.

Formats (`FORMATS`): text in the rustc layout for people, GitHub workflow commands,
and JSON (a dict, gathered with the other records' into one document).
"""

from __future__ import annotations

from typing import Any, Callable

from nauticus_ref.findings import counts
from nauticus_ref.referee.validate import Game
from nauticus_ref.views.text import render_github, render_text


def validate_text(game: Game) -> str:
    return "".join(render_text(game.path, game.lines, d) + "\n\n"
                   for d in game.diagnostics) + summary(game) + "\n"


def validate_github(game: Game) -> str:
    return "".join(render_github(game.path, d) + "\n" for d in game.diagnostics)


def validate_json(game: Game) -> dict[str, Any]:
    return game.as_json()


def summary(game: Game) -> str:
    """`game.ngn: valid, complete game`, or the count of each severity."""
    c = counts(game.diagnostics)
    state = "complete game" if game.complete else "incomplete record"
    if game.valid:
        extra = [f"{c[k]} {k}{'s' if c[k] != 1 else ''}" for k in ("warning", "note") if c[k]]
        return f"{game.path}: valid, {state}" + (f" ({', '.join(extra)})" if extra else "")
    return f"{game.path}: {tally(c)} ({state})"


def tally(c: dict[str, int]) -> str:
    return ", ".join(f"{c[k]} {k}{'s' if c[k] != 1 else ''}" for k in ("error", "warning", "note"))


#: The formats of this view, for the command line's choices.
FORMATS: dict[str, Callable[[Game], Any]] = {"text": validate_text, "json": validate_json,
                                             "github": validate_github}
