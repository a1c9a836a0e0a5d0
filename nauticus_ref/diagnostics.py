"""Diagnostics: what the referee says about a place in a record, and how it is shown.

Messages follow rustc's style: lowercase, no final period, the fix only in `help`.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Iterable, Literal

from .model import Frozen, Span

Severity = Literal["error", "warning", "note"]
#: Characters of a source line shown under a message; longer lines show a window.
MAX_SHOWN = 120


class Diagnostic(Frozen):
    rule: str
    severity: Severity = "error"
    span: Span
    message: str
    help: str | None = None

    def sort_key(self):
        return (self.span.line, self.span.column)

    def explain_command(self, path: str) -> str:
        """The command that explains this diagnostic in full."""
        if self.rule == "syntax":
            return "nauticus-ref rules syntax"
        return f"nauticus-ref explain {_quoted(path)} --line {self.span.line}"

    def help_line(self, path: str) -> str:
        see = f"see `{self.explain_command(path)}`"
        return f"{self.help}; {see}" if self.help else see

    def as_json(self, path: str | None = None) -> dict:
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
            **extra,
        }


def _quoted(path: str) -> str:
    """The path as one shell word, safe to paste: `$(...)` and quotes stay text."""
    return shlex.quote(path)


#: Characters a record may carry that would act on a terminal instead of showing: C0
#: controls but tab and newline, DEL, C1 controls, bidirectional overrides and
#: isolates, and the Unicode line and paragraph separators.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                       "\u202a-\u202e\u2066-\u2069]")


def _escaped(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """`text` with every control character shown as an escape (`\\x1b`), for a terminal."""
    return _CONTROLS.sub(_escaped, text)


def _shown_column(raw: str, column: int) -> int:
    """Where 1-based `column` of `raw` stands once `raw` is shown escaped."""
    return len(escape_controls(raw[:column - 1])) + 1 + max(0, column - 1 - len(raw))


def render_text(path: str, source_lines: list[str], diag: Diagnostic) -> str:
    """`path:line:col: error[rule]: message`, the source line with carets, `help:`."""
    s = diag.span
    out = [f"{path}:{s.line}:{s.column}: {diag.severity}[{diag.rule}]: {diag.message}"]
    if 1 <= s.line <= len(source_lines):
        raw = source_lines[s.line - 1].expandtabs(1)
        text = escape_controls(raw)  # shown escaped; the caret moves with the escapes
        s = s.model_copy(update={"column": _shown_column(raw, s.column),
                                 "end_column": _shown_column(raw, s.end_column)})
        gutter = str(s.line)
        width = max(1, (s.end_column if s.end_line == s.line else len(text) + 1) - s.column)
        start = 0
        if len(text) > MAX_SHOWN:  # a window around the caret, not the whole line
            start = max(0, s.column - 1 - MAX_SHOWN // 4)
            cut = start + MAX_SHOWN < len(text)
            text = ("..." if start else "") + text[start:start + MAX_SHOWN] + ("..." if cut else "")
            start -= 3 if start else 0
            width = min(width, MAX_SHOWN // 2)
        out.append(f"{gutter} | {text}")
        out.append(f"{' ' * len(gutter)} | {' ' * (s.column - 1 - start)}{'^' * width}")
    out.append(f"help: {diag.help_line(path)}")
    return "\n".join(out)


def render_github(path: str, diag: Diagnostic) -> str:
    """A GitHub Actions workflow command that annotates the line."""
    level = {"error": "error", "warning": "warning", "note": "notice"}[diag.severity]
    s = diag.span
    msg = f"{diag.message} (help: {diag.help_line(path)})"
    msg = msg.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return (f"::{level} file={path},line={s.line},col={s.column},endLine={s.end_line},"
            f"endColumn={s.end_column},title={diag.rule}::{msg}")


def counts(diags: Iterable[Diagnostic]) -> dict[str, int]:
    c = {"error": 0, "warning": 0, "note": 0}
    for d in diags:
        c[d.severity] += 1
    return c


def dumps(obj) -> str:
    """JSON for programs; control characters inside strings are written as `\\u` escapes
    (JSON's own), so that printing it to a terminal is safe and the values are unchanged."""
    return _CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}",
                         json.dumps(obj, indent=2, ensure_ascii=False))
