"""`nauticus-ref fmt`: a record in canonical form, line by line, nothing lost.

Each move line is replaced by the printer's canonical text for what stands on it
(`printer.Printer`), so that reparsing gives the same record.  Everything a person
wrote around the moves stays: whole-line comments and their indentation, a comment
after a move (set two spaces after it), and blank lines between groups (a run of
blank lines becomes one; none at the start or the end).  Decided in docs/notation.md.
"""

from __future__ import annotations

from nauticus_ref.classes import dataclass
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
        head, *rest = pr.setup(s)[1:]   # the printer's lines, without its blank line
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
                    out[t.span.line] = "  " + (pr.turn(t) if isinstance(t, Turn)
                                               else pr.check(t))
            else:
                out[e.span.line] = pr.check(e)
    if record.final is not None:
        out[record.final.span.line] = pr.final(record.final)
    return out


def format_text(text: str) -> Formatted:
    """`text` in canonical form (see the module docstring)."""
    parsed = parse_text(text)
    if parsed.record is None:
        return Formatted(None, parsed)
    canonical = canonical_lines(parsed.record)
    out: list[str] = []
    for number, line in enumerate(parsed.lines, 1):
        start = comment_start(line)
        comment = line[start:].rstrip() if start is not None else ""
        if number in canonical:
            out.append(canonical[number] + (f"  {comment}" if comment else ""))
        elif not line.strip():
            if out and out[-1]:
                out.append("")
        else:   # a whole-line comment: kept as written
            out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return Formatted("\n".join(out) + "\n" if out else "", parsed)


def comments(text: str) -> list[str]:
    """Every comment of `text`, in order (to check that formatting keeps them)."""
    found = []
    for line in parse_text(text).lines:
        start = comment_start(line)
        if start is not None:
            found.append(line[start:].rstrip())
    return found


__all__ = ["Formatted", "format_text", "canonical_lines", "comments"]
