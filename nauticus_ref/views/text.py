"""Diagnostics as text: for a terminal (the rustc layout), for GitHub, and as JSON.

Whatever a record carries is shown safely: control characters are escaped for a
terminal and written as JSON's own escapes in JSON (docs/security.md).
"""

from __future__ import annotations

import dataclasses
import json
import re

from nauticus_ref.findings import Diagnostic

#: Characters of a source line shown under a message; longer lines show a window.
MAX_SHOWN = 120


#: Characters a record may carry that would act on a terminal instead of showing: C0
#: controls but tab and newline, DEL, C1 controls, bidirectional overrides and
#: isolates, and the Unicode line and paragraph separators.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                       "\u202a-\u202e\u2066-\u2069]")


def _escaped(m: re.Match[str]) -> str:
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
        s = dataclasses.replace(s, column=_shown_column(raw, s.column),
                                end_column=_shown_column(raw, s.end_column))
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


def dumps(obj: object) -> str:
    """JSON for programs; control characters inside strings are written as `\\u` escapes
    (JSON's own), so that printing it to a terminal is safe and the values are unchanged."""
    return _CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}",
                         json.dumps(obj, indent=2, ensure_ascii=False))
