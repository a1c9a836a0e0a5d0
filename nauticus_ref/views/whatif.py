"""What-if: a record replayed with one line written otherwise, and what that changes:
the new line's verdict, the first later line it makes illegal, the final scores; and
the variations a record carries as comments, checked the same way."""

from __future__ import annotations

import dataclasses
import shlex
import time
from typing import Any, Iterator

from nauticus_ref.core.files import Source
from nauticus_ref.core.findings import SYNTAX_RULE, Diagnostic
from nauticus_ref.core.language import _, ngettext
from nauticus_ref.core.span import Span
from nauticus_ref.game.board import Board
from nauticus_ref.notation.assemble import comment_start
from nauticus_ref.referee.validate import Game, validate_source

Data = dict[str, Any]


class WhatIfError(Exception):
    """The text cannot stand in for the line; the message is for the user."""


def edited(game: Game, line: int, text: str) -> Game:
    """`game`'s record with `line` written as `text` (indented as the line was), read and
    replayed as any record is: the same grammar and limits."""
    if "\n" in text or "\r" in text:
        raise WhatIfError("--instead is one line of a record")
    board = game.replayed.table.board if game.replayed else None
    return rewritten(game.path, game.lines, line, text, board, game.off)


def rewritten(
    path: str,
    lines: list[str],
    line: int,
    text: str,
    board: Board | None,
    off: frozenset[str] = frozenset(),
) -> Game:
    """The record of `lines` with `line` written as `text` (one line, indented as the
    line was), read and replayed on `board` without the rules `off`."""
    old = lines[line - 1]
    indent = old[: len(old) - len(old.lstrip())] if text.strip()[:1] != "#" else ""
    new = [*lines[: line - 1], indent + text.strip(), *lines[line:]]
    return validate_source(Source(path, "\n".join(new) + "\n"), board, off=off)


def what_if(game: Game, new: Game, line: int) -> Data:
    """What writing `new`'s line `line` instead of `game`'s changes."""

    def errors_after(g: Game) -> set[tuple[int, str, str]]:
        return {(d.span.line, d.rule, d.message) for d in g.errors if d.span.line > line}

    was = errors_after(game)
    broken = sorted(
        (
            d
            for d in new.errors
            if d.span.line > line and (d.span.line, d.rule, d.message) not in was
        ),
        key=lambda d: d.sort_key(),
    )
    first = broken[0] if broken else None
    scores = None
    if game.complete and new.complete and game.valid and new.record is not None:
        after = {s.name: s.total for s in new.scores()}
        scores = [
            {"player": s.name, "before": s.total, "after": after.get(s.name)} for s in game.scores()
        ]
    return {
        "written": game.lines[line - 1].strip(),
        "instead": new.lines[line - 1].strip(),
        "legal": not any(d.span.line == line for d in new.errors),
        "first_broken": None
        if first is None
        else {
            "line": first.span.line,
            "source": new.lines[first.span.line - 1].strip(),
            **first.as_json(),
        },
        "scores": scores,
    }


def what_if_text(data: Data) -> list[str]:
    out = [
        (
            _("instead of `{written}`: `{instead}` is legal")
            if data["legal"]
            else _("instead of `{written}`: `{instead}` is not legal either")
        ).format(written=data["written"], instead=data["instead"])
    ]
    first = data["first_broken"]
    out.append(
        _("no later line becomes illegal")
        if first is None
        else _(
            "the first later line it makes illegal is line {line}, `{source}`: {finding}"
        ).format(
            line=first["line"],
            source=first["source"],
            finding=f"{first['severity']}[{first['rule']}]: {first['message']}",
        )
    )
    for s in data["scores"] or []:
        change = "" if s["after"] is None else f" ({s['after'] - s['before']:+d})"
        out.append(f"  {s['player']}: {s['before']} -> {s['after']} VP{change}")
    return out


#: A variation: a comment `# instead: TEXT`, after a move or on its own line below one.
INSTEAD = "instead:"


@dataclasses.dataclass(frozen=True)
class Variation:
    """A variation the record carries: at `line` (its comment), for the move on `target`,
    `text` written there instead; `finding` is why it is not legal (None: it is)."""

    line: int
    target: int
    text: str
    finding: Diagnostic | None


def _comments(game: Game) -> Iterator[tuple[int, int, str, Span]]:
    """Each variation comment: its line, the move line it is for, its text, its span."""
    target = 0
    for n, line in enumerate(game.lines, 1):
        start = comment_start(line)
        if line[:start].strip():
            target = n  # a move line: its own trailing variation, and those below it
        if start is None:
            continue
        body = line[start + 1 :].strip()
        if body.startswith(INSTEAD) and target:
            yield (
                n,
                target,
                body[len(INSTEAD) :].strip(),
                Span(line=n, column=start + 1, end_line=n, end_column=len(line.rstrip()) + 1),
            )


def checked_variations(game: Game, deadline: float | None = None) -> Iterator[Variation]:
    """Each variation (`# instead: TEXT`, docs/notation.md), written in place of its
    move line and replayed; one that cannot be read, or draws an error there, has the
    finding, reported at its comment.  Stops past `deadline` (`time.monotonic()`)."""
    if game.record is None:
        return
    for n, target, text, span in _comments(game):
        if deadline is not None and time.monotonic() > deadline:
            return
        new = edited(game, target, text) if text and "#" not in text else None
        if new is None or new.record is None:
            yield Variation(
                n,
                target,
                text,
                Diagnostic(
                    rule=SYNTAX_RULE,
                    span=span,
                    message=_("the variation `{text}` for line {n} cannot be read").format(
                        text=text, n=target
                    ),
                    help=_("write a move line after `# instead:`"),
                ),
            )
            continue
        wrong = next((d for d in new.errors if d.span.line == target), None)
        yield Variation(
            n,
            target,
            text,
            None
            if wrong is None
            else dataclasses.replace(
                wrong,
                span=span,
                fixes=(),
                message=_("the variation `{text}` for line {n} is not legal: {why}").format(
                    text=text, n=target, why=wrong.message
                ),
            ),
        )


#: How long `validate --variations` spends on one record's variations (each is a replay
#: of the record); those it has no time for are named in a note.
VARIATION_SECONDS = 1.0


def variations(game: Game, seconds: float = VARIATION_SECONDS) -> list[Diagnostic]:
    """The findings on the variations a record carries (`checked_variations`), checked
    for at most `seconds`; a note at the first one left unchecked says how many were."""
    checked = list(checked_variations(game, time.monotonic() + seconds))
    found = [v.finding for v in checked if v.finding is not None]
    left = list(_comments(game))[len(checked) :] if game.record is not None else []
    if left:
        _line, target, _text, span = left[0]
        found.append(
            Diagnostic(
                rule=SYNTAX_RULE,
                span=span,
                severity="note",
                message=ngettext(
                    "{n} variation from here on was not checked: checking a record's "
                    "variations stops after {seconds} s",
                    "{n} variations from here on were not checked: checking a record's "
                    "variations stops after {seconds} s",
                    len(left),
                ).format(n=len(left), seconds=f"{seconds:g}"),
                help=_("check one at a time: `{command}`").format(
                    command=f"nauticus-ref explain {shlex.quote(game.path)} "
                    f'--line {target} --instead "TEXT"'
                ),
            )
        )
    return found
