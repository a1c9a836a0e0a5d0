"""What-if: a record replayed with one line written otherwise, and what that changes:
the new line's verdict, the first later line it makes illegal, the final scores."""

from __future__ import annotations

from typing import Any

from nauticus_ref.core.files import Source
from nauticus_ref.referee.validate import Game, validate_source

Data = dict[str, Any]


class WhatIfError(Exception):
    """The text cannot stand in for the line; the message is for the user."""


def edited(game: Game, line: int, text: str) -> Game:
    """`game`'s record with `line` written as `text` (indented as the line was), read and
    replayed as any record is: the same grammar and limits."""
    if "\n" in text or "\r" in text:
        raise WhatIfError("--instead is one line of a record")
    old = game.lines[line - 1]
    indent = old[:len(old) - len(old.lstrip())] if text.strip()[:1] != "#" else ""
    lines = list(game.lines)
    lines[line - 1] = indent + text.strip()
    return validate_source(Source(game.path, "\n".join(lines) + "\n"),
                           game.replayed.table.board if game.replayed else None, off=game.off)


def what_if(game: Game, new: Game, line: int) -> Data:
    """What writing `new`'s line `line` instead of `game`'s changes."""
    def errors_after(g: Game) -> set[tuple[int, str, str]]:
        return {(d.span.line, d.rule, d.message) for d in g.errors if d.span.line > line}

    was = errors_after(game)
    broken = sorted((d for d in new.errors if d.span.line > line
                     and (d.span.line, d.rule, d.message) not in was), key=lambda d: d.sort_key())
    first = broken[0] if broken else None
    scores = None
    if game.complete and new.complete and game.valid and new.record is not None:
        after = {s.name: s.total for s in new.scores()}
        scores = [{"player": s.name, "before": s.total, "after": after.get(s.name)}
                  for s in game.scores()]
    return {"written": game.lines[line - 1].strip(), "instead": new.lines[line - 1].strip(),
            "legal": not any(d.span.line == line for d in new.errors),
            "first_broken": None if first is None else {
                "line": first.span.line, "source": new.lines[first.span.line - 1].strip(),
                **first.as_json()},
            "scores": scores}


def what_if_text(data: Data) -> list[str]:
    out = [f"instead of `{data['written']}`: `{data['instead']}` is "
           + ("legal" if data["legal"] else "not legal either")]
    first = data["first_broken"]
    out.append("no later line becomes illegal" if first is None else
               f"the first later line it makes illegal is line {first['line']}, "
               f"`{first['source']}`: {first['severity']}[{first['rule']}]: {first['message']}")
    for s in data["scores"] or []:
        change = "" if s["after"] is None else f" ({s['after'] - s['before']:+d})"
        out.append(f"  {s['player']}: {s['before']} -> {s['after']} VP{change}")
    return out
