"""Diagnostics: what the referee says about a place in a record, and how it is shown.

Messages follow rustc's style: lowercase, no final period, the fix only in `help`.
"""

from __future__ import annotations

import json
from typing import Iterable, Literal

from .model import Frozen, Span

Severity = Literal["error", "warning", "note"]


class Diagnostic(Frozen):
    rule: str
    severity: Severity = "error"
    span: Span
    message: str
    help: str | None = None

    def sort_key(self):
        return (self.span.line, self.span.column)

    def as_json(self) -> dict:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "message": self.message,
            "help": self.help,
        }


def render_text(path: str, source_lines: list[str], diag: Diagnostic) -> str:
    """`path:line:col: error[rule]: message`, the source line with carets, `help:`."""
    s = diag.span
    out = [f"{path}:{s.line}:{s.column}: {diag.severity}[{diag.rule}]: {diag.message}"]
    if 1 <= s.line <= len(source_lines):
        text = source_lines[s.line - 1].expandtabs(1)
        gutter = str(s.line)
        width = max(1, (s.end_column if s.end_line == s.line else len(text) + 1) - s.column)
        out.append(f"{gutter} | {text}")
        out.append(f"{' ' * len(gutter)} | {' ' * (s.column - 1)}{'^' * width}")
    if diag.help:
        out.append(f"help: {diag.help}")
    return "\n".join(out)


def render_github(path: str, diag: Diagnostic) -> str:
    """A GitHub Actions workflow command that annotates the line."""
    level = {"error": "error", "warning": "warning", "note": "notice"}[diag.severity]
    s = diag.span
    msg = diag.message + (f" (help: {diag.help})" if diag.help else "")
    msg = msg.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return (f"::{level} file={path},line={s.line},col={s.column},endLine={s.end_line},"
            f"endColumn={s.end_column},title={diag.rule}::{msg}")


def counts(diags: Iterable[Diagnostic]) -> dict[str, int]:
    c = {"error": 0, "warning": 0, "note": 0}
    for d in diags:
        c[d.severity] += 1
    return c


def dumps(obj) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False)
