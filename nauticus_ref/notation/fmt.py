"""`nauticus-ref fmt`: a record in canonical form, line by line, nothing lost.

Each move line is replaced by the printer's canonical text for what stands on it
(`printer.Printer`), so that reparsing gives the same record.  Everything a person
wrote around the moves stays: whole-line comments and their indentation, a comment
after a move (the comments of a block of lines aligned, `aligned`), blank lines between
groups (a run of blank lines becomes one; none at the start or the end) and the file's
line ending.  Decided in docs/notation.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from nauticus_ref.notation.assemble import ParseResult, comment_start, parse_text
from nauticus_ref.notation.model import Phase, Record, Turn
from nauticus_ref.notation.printer import Printer, name


@dataclass(frozen=True)
class Formatted:
    """The canonical text of a record, or None when it has syntax errors (then `parsed`
    says which: a record is never formatted from a guess)."""

    text: str | None
    parsed: ParseResult


def canonical_lines(record: Record) -> dict[int, str]:
    """The canonical text of each move line of `record`, by its line number."""
    pr = Printer(record)
    h = record.header
    out: dict[int, str] = {}
    for key, value in (("game", h.game), ("date", h.date), ("board", h.board)):
        if value is not None:
            out[value.span.line] = f"{key}: {value.text}"
    if h.players_span is not None:
        out[h.players_span.line] = "players: " + ", ".join(name(p) for p in h.players)
    if h.crests:
        out[h.crests[0].span.line] = "crests: " + " ".join(c.text for c in h.crests)
    if record.setup is not None:
        s = record.setup
        head, *rest = pr.setup(s)[1:]  # the printer's lines, without its blank line
        out[s.span.line] = head
        for node, text in zip([*s.players, *s.tiles], rest):
            out[node.span.line] = text
    for c in record.checks:
        out[c.span.line] = pr.check(c)
    for r in record.rounds:
        out[r.span.line] = pr.round(r)[1]
        for e in r.entries:
            if isinstance(e, Phase):
                out[e.span.line] = pr.phase(e)[0]
                for t in e.entries:
                    out[t.span.line] = "  " + (pr.turn(t) if isinstance(t, Turn) else pr.check(t))
            else:
                out[e.span.line] = pr.check(e)
    if record.final is not None:
        out[record.final.span.line] = pr.final(record.final)
    return out


def format_text(text: str) -> Formatted:
    """`text` in canonical form (see the module docstring), with the line ending its
    first line has (CRLF or LF)."""
    parsed = parse_text(text)
    if parsed.record is None:
        return Formatted(None, parsed)
    kept = [line for line in formatted_lines(parsed) if line is not None]
    newline = "\r\n" if "\r\n" in text[: text.find("\n") + 1] else "\n"
    return Formatted(newline.join(kept) + newline if kept else "", parsed)


def formatted_lines(parsed: ParseResult) -> list[str | None]:
    """Each line of a parsed record as canonical form writes it, or None where canonical
    form drops it (a blank line after another, or at the start or the end), so that an
    editor can format some lines alone (the language server's range formatting)."""
    assert parsed.record is not None, "only a record that parses is formatted"
    canonical = canonical_lines(parsed.record)
    out: list[tuple[str, str | None] | None] = []  # (text, trailing comment) of each
    #   line; comment None: a whole-line comment or a blank line; None: dropped
    previous = ""
    for number, line in enumerate(parsed.lines, 1):
        start = comment_start(line)
        comment = line[start:].rstrip() if start is not None else ""
        if number in canonical:
            out.append((canonical[number], comment))
        elif not line.strip():
            out.append(("", None) if previous else None)
        else:  # a whole-line comment: kept as written
            out.append((line.rstrip(), None))
        if out[-1] is not None:
            previous = out[-1][0]
    for i in range(len(out) - 1, -1, -1):  # no blank lines at the end
        entry = out[i]
        if entry is not None and entry[0]:
            break
        out[i] = None
    texts = aligned([e for e in out if e is not None])
    it = iter(texts)
    return [next(it) if e is not None else None for e in out]


def aligned(lines: list[tuple[str, str | None]]) -> list[str]:
    """Lines with their trailing comments, the comments of each block of move lines
    starting in one column: two spaces after the longest line of the block that has a
    comment.  A blank line or a whole-line comment (`comment` None) ends a block.
    gofmt aligns comments the same way, except that here a move line without a comment
    does not end the block, so the notes on a phase stay in one column however its
    moves run."""
    out: list[str] = []
    block: list[tuple[str, str]] = []

    def flush() -> None:
        width = max((len(t) for t, c in block if c), default=0) + 2
        out.extend(f"{t:<{width}}{c}" if c else t for t, c in block)
        block.clear()

    for text, comment in lines:
        if text and comment is not None:
            block.append((text, comment))
        else:
            flush()
            out.append(text)
    flush()
    return out


def comments(text: str) -> list[str]:
    """Every comment of `text`, in order (to check that formatting keeps them)."""
    found = []
    for line in parse_text(text).lines:
        start = comment_start(line)
        if start is not None:
            found.append(line[start:].rstrip())
    return found


__all__ = ["Formatted", "format_text", "formatted_lines", "canonical_lines", "comments"]
