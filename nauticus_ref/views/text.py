"""Diagnostics as text: for a terminal (the rustc layout), for GitHub, and as JSON.

Whatever a record carries is shown safely: control characters are escaped for a
terminal and written as JSON's own escapes in JSON (docs/security.md).
"""

from __future__ import annotations

import re

from nauticus_ref.core.findings import Diagnostic

#: Characters of a source line shown under a message; longer lines show a window.
MAX_SHOWN = 120


#: Characters a record may carry that would act on a terminal instead of showing: C0
#: controls but tab and newline, DEL, C1 controls, bidirectional overrides and
#: isolates, and the Unicode line and paragraph separators.
_CONTROLS = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
_ASCII_CONTROLS = "[\x00-\x08\x0b-\x1f\x7f]"


def _controls(text: str) -> re.Pattern[str]:
    """The controls `text` may hold.  The whole set holds characters past U+00FF, which
    Python compiles into a 64 KiB map (0.3 ms): ASCII text, most output, needs only
    the small set, and `re`'s cache keeps each once compiled."""
    return re.compile(_ASCII_CONTROLS if text.isascii() else _CONTROLS)


def _escaped(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """`text` with every control character shown as an escape (`\\x1b`), for a terminal."""
    return _controls(text).sub(_escaped, text)


def _shown_column(raw: str, column: int) -> int:
    """Where 1-based `column` of `raw` stands once `raw` is shown escaped."""
    return len(escape_controls(raw[: column - 1])) + 1 + max(0, column - 1 - len(raw))


#: Set by the command line when it prints to a terminal: `help:` lines are wrapped at
#: word boundaries to this many columns (None: never wrapped, as for pipes and files).
WRAP_WIDTH: int | None = None


_SEVERITY = {"error": "red", "warning": "yellow", "note": "cyan"}
#: The parts of the layout `colourise` colours (compiled when colour is first asked for).
_HEADLINE = r"(?m)^(.*?:\d+:\d+: )(error|warning|note)(\[)([\w-]+)(\])"
_CARETS = r"(?m)^( *\d* \| *)(\^+)$"
_HELP = r"(?m)^help:"


def colourise(text: str) -> str:
    """`text` (already shown safely) with colour where it helps a reader: the severity,
    the rule id, the carets, `help:`.  Only the referee's own layout is coloured, so a
    record's content never decides what gets escape codes."""
    from click import style

    text = re.sub(
        _HEADLINE,
        lambda m: (
            m[1] + style(m[2], fg=_SEVERITY[m[2]], bold=True) + m[3] + style(m[4], bold=True) + m[5]
        ),
        text,
    )
    text = re.sub(_CARETS, lambda m: m[1] + style(m[2], fg="red", bold=True), text)
    return re.sub(_HELP, style("help:", fg="green", bold=True), text)


def display_width(text: str) -> int:
    """Terminal cells `text` takes: wide characters (`小明`) two, combining marks none."""
    if text.isascii():
        return len(text)
    from wcwidth import wcwidth  # only for text beyond ASCII

    return sum(max(0, wcwidth(c)) for c in text)


def wrap(text: str, width: int | None, indent: str) -> str:
    """`text` broken at spaces into lines of at most `width` cells (a longer word stands
    alone); lines after the first start with `indent`."""
    if width is None or display_width(text) <= width:
        return text
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and display_width((indent if lines else "") + candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return ("\n" + indent).join(lines)


def render_text(path: str, source_lines: list[str], diag: Diagnostic) -> str:
    """`path:line:col: error[rule]: message`, the source line with carets, `help:`."""
    s = diag.span
    out = [f"{path}:{s.line}:{s.column}: {diag.severity}[{diag.rule}]: {diag.message}"]
    if 1 <= s.line <= len(source_lines):
        raw = source_lines[s.line - 1].expandtabs(1)
        text = escape_controls(raw)  # shown escaped; the caret moves with the escapes
        column = _shown_column(raw, s.column)
        end = _shown_column(raw, s.end_column) if s.end_line == s.line else len(text) + 1
        start, prefix, suffix = 0, "", ""
        if len(text) > MAX_SHOWN:  # a window around the caret, not the whole line
            start = max(0, column - 1 - MAX_SHOWN // 4)
            prefix = "..." if start else ""
            suffix = "..." if start + MAX_SHOWN < len(text) else ""
            end = min(end, column + MAX_SHOWN // 2, start + MAX_SHOWN + 1)
        gutter = str(s.line)
        shown = prefix + text[start : start + MAX_SHOWN] + suffix
        # the caret is measured in terminal cells, so that it stands under wide characters
        pad = display_width(prefix + text[start : column - 1])
        carets = max(1, display_width(text[column - 1 : end - 1]))
        out.append(f"{gutter} | {shown}")
        out.append(f"{' ' * len(gutter)} | {' ' * pad}{'^' * carets}")
    out.append(wrap(f"help: {diag.help_line(path)}", WRAP_WIDTH, "      "))
    return "\n".join(out)


def _github_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub's own toolkit does."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    """A workflow command's property value (`file=`): `:` and `,` end it, so they too."""
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(path: str, diag: Diagnostic) -> str:
    """A GitHub Actions workflow command that annotates the line."""
    level = {"error": "error", "warning": "warning", "note": "notice"}[diag.severity]
    s = diag.span
    msg = _github_data(f"{diag.message} (help: {diag.help_line(path)})")
    return (
        f"::{level} file={_github_property(path)},line={s.line},col={s.column},"
        f"endLine={s.end_line},endColumn={s.end_column},"
        f"title={_github_property(diag.rule)}::{msg}"
    )


def render_github_problem(path: str, why: str) -> str:
    """The workflow command for a record that could not be checked: an error on the file."""
    return (
        f"::error file={_github_property(path)},title=not-checked::{_github_data(f'{path}: {why}')}"
    )


def dumps(obj: object, indent: int | None = 2) -> str:
    """JSON for programs; control characters inside strings are written as `\\u` escapes
    (JSON's own), so that printing it to a terminal is safe and the values are unchanged.
    With `indent=None`, one line (JSON lines)."""
    import json  # only for JSON output: text output need not load it

    text = json.dumps(obj, indent=indent, ensure_ascii=False)
    return _controls(text).sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class JsonItem(str):
    """A record's part of a gathered JSON document, written where the record was
    handled (`json_item`): with `--jobs`, each worker process writes its records'
    parts and the parent only joins them (`json_list_document`).  Writing indented JSON
    is pure Python and slow: 39 MB of scores took the parent 1.5 s alone at the end."""

    __slots__ = ()


#: An item of a document's top-level list lies two levels deep.
_ITEM_INDENT = " " * 4


def json_item(data: object) -> JsonItem:
    """`data` written as `dumps` writes an item of a document's top-level list."""
    return JsonItem(_ITEM_INDENT + dumps(data).replace("\n", "\n" + _ITEM_INDENT))


def json_list_document(head: dict[str, object], key: str, items: list[JsonItem]) -> str:
    """`dumps({**head, key: [...]})`, to the character, from the list's items written
    by `json_item` (JSON strings hold no raw newline: each one is the layout's)."""
    if not items:
        return dumps({**head, key: []})
    end = "\n  ]\n}"
    shell = dumps({**head, key: [None]})  # ... "key": [\n    null\n  ]\n}
    return shell[: -len(_ITEM_INDENT + "null" + end)] + ",\n".join(items) + end


def versioned(data: dict[str, object]) -> str:
    """A JSON document of the referee's, with its `version` first (docs/schema/)."""
    from nauticus_ref.views import JSON_VERSION

    return dumps({"version": JSON_VERSION, **data})
