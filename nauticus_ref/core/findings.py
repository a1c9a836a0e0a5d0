"""Findings: what the referee says about a place in a record (a diagnostic).

Every layer reports through this one type: the parser its syntax errors, the referee
its rule findings.  How a diagnostic is shown is the views' job (`views/text.py`).
Messages follow rustc's style: lowercase, no final period, the fix only in `help`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal, Sequence

from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span

Severity = Literal["error", "warning", "note"]
#: The id every syntax error is reported under (its rule is `rules/syntax.py`).
SYNTAX_RULE = "syntax"


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text at `span` (on one line) with `text`; an empty span inserts."""

    span: Span
    text: str


@dataclass(frozen=True, slots=True)
class Fix:
    """A change that mends a finding, as an editor applies it (a code action)."""

    title: str
    edits: tuple[Edit, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "edits": [
                {
                    "line": e.span.line,
                    "column": e.span.column,
                    "end_line": e.span.end_line,
                    "end_column": e.span.end_column,
                    "text": e.text,
                }
                for e in self.edits
            ],
        }


def replace(span: Span, text: str, title: str | None = None) -> Fix:
    """The fix that writes `text` at `span`."""
    return Fix(title or f"write `{text}`", (Edit(span, text),))


def insert(line: int, column: int, text: str, title: str | None = None) -> Fix:
    """The fix that inserts `text` before `column` of `line`."""
    return Fix(
        title or f"write `{text.strip()}`",
        (Edit(Span(line=line, column=column, end_line=line, end_column=column), text),),
    )


def span_text(lines: Sequence[str], span: Span) -> str:
    """The text at `span` (on one line) of the record whose lines are `lines`."""
    return lines[span.line - 1][span.column - 1 : span.end_column - 1]


def swap(lines: Sequence[str], a: Span, b: Span, title: str) -> Fix:
    """The fix that exchanges the texts at `a` and `b` (each on one line, apart), as
    `lines` (the record's) have them."""
    return Fix(title, (Edit(a, span_text(lines, b)), Edit(b, span_text(lines, a))))


def whole_line(lines: Sequence[str], n: int) -> Span:
    """The span of all of line `n`, comment and all."""
    return Span(line=n, column=1, end_line=n, end_column=len(lines[n - 1]) + 1)


def applied(text: str, fix: Fix) -> str:
    """`text` with `fix` made (edits on one line each, none overlapping)."""
    lines = text.split("\n")
    for e in sorted(fix.edits, key=lambda e: (e.span.line, e.span.column), reverse=True):
        line = lines[e.span.line - 1]
        lines[e.span.line - 1] = line[: e.span.column - 1] + e.text + line[e.span.end_column - 1 :]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    rule: str
    severity: Severity = "error"
    span: Span
    message: str
    help: str | None = None
    #: a finding the table let stand (`# ref: accept RULE` on its line), shown as a note
    accepted: bool = False
    #: changes that mend it, where the referee knows them (alternatives: pick one)
    fixes: tuple[Fix, ...] = ()

    def sort_key(self) -> tuple[int, int]:
        return (self.span.line, self.span.column)

    def explain_command(self, path: str) -> str:
        """The command that explains this diagnostic in full."""
        if self.rule == SYNTAX_RULE:
            return "nauticus-ref rules syntax"
        return f"nauticus-ref explain {_quoted(path)} --line {self.span.line}"

    def help_line(self, path: str) -> str:
        see = _("see `{command}`").format(command=self.explain_command(path))
        return f"{self.help}; {see}" if self.help else see

    def as_json(self, path: str | None = None) -> dict[str, object]:
        extra = {"explain": self.explain_command(path)} if path is not None else {}
        return {
            "rule": self.rule,
            "severity": self.severity,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "message": self.message,
            "help": self.help,
            **({"accepted": True} if self.accepted else {}),
            **({"fixes": [fix.as_json() for fix in self.fixes]} if self.fixes else {}),
            **extra,
        }


def _quoted(path: str) -> str:
    """The path as one shell word, safe to paste: `$(...)` and quotes stay text."""
    import shlex

    return shlex.quote(path)


def counts(diags: Iterable[Diagnostic]) -> dict[str, int]:
    c = {"error": 0, "warning": 0, "note": 0}
    for d in diags:
        c[d.severity] += 1
    return c
