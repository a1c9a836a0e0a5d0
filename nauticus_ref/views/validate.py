"""The `validate` view: every diagnostic of a record, and a summary line.

Formats (`FORMATS`), one table for the command line's choices:

- streamed, one record at a time: `text` (the rustc layout), `concise` (one line per
  diagnostic), `github` (workflow commands), `jsonl` (one JSON object per diagnostic);
- gathered into one document over every record (`DOCUMENTS`): `json`, `sarif` (SARIF
  2.1.0, for code-scanning pages) and `junit` (JUnit XML, one test case per record,
  for CI dashboards).  A record's part of them is `validate_json`, for `json` written
  already where the record was handled (`views.text.json_item`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from nauticus_ref.core.findings import counts
from nauticus_ref.core.language import _, ngettext, nN_
from nauticus_ref.referee.validate import Game
from nauticus_ref.views import JSON_VERSION
from nauticus_ref.views.text import (
    JsonItem,
    dumps,
    escape_controls,
    json_item,
    json_list_document,
    render_github,
    render_github_problem,
    render_text,
)

Data = dict[str, Any]


def validate_text(game: Game, with_summary: bool = True) -> str:
    return "".join(render_text(game.path, game.lines, d) + "\n\n" for d in game.diagnostics) + (
        summary(game) + "\n" if with_summary else ""
    )


def validate_concise(game: Game) -> str:
    """`path:line:col: error[rule] message`, one line a diagnostic, and no summary."""
    return "".join(
        f"{game.path}:{d.span.line}:{d.span.column}: {d.severity}[{d.rule}] {d.message}\n"
        for d in game.diagnostics
    )


def validate_github(game: Game) -> str:
    return "".join(render_github(game.path, d) + "\n" for d in game.diagnostics)


def validate_jsonl(game: Game) -> str:
    return "".join(
        dumps({"version": JSON_VERSION, "path": game.path, **d.as_json(game.path)}, indent=None)
        + "\n"
        for d in game.diagnostics
    )


def validate_json(game: Game) -> Data:
    return game.as_json()


def title(game: Game) -> str:
    """What a page about the game is called: its `game:` line, else its path."""
    header = game.record.header if game.record is not None else None
    return header.game.text if header is not None and header.game is not None else game.path


def summary(game: Game) -> str:
    """`game.ngn: valid, complete game`, or the count of each severity."""
    c = counts(game.diagnostics)
    state = (
        _("not replayed: syntax errors")
        if game.replayed is None
        else _("complete game")
        if game.complete
        else _("incomplete record")
    )
    accepted = [d for d in game.diagnostics if d.accepted]
    decided = (
        (
            _("; accepted by the table: {rules}").format(
                rules=", ".join(
                    _("{rule} (line {line})").format(rule=d.rule, line=d.span.line)
                    for d in accepted
                )
            )
        )
        if accepted
        else ""
    )
    if game.valid:
        extra = tally(c, ("warning", "note"))
        return (
            _("{path}: valid, {state}").format(path=game.path, state=state)
            + (f" ({extra})" if extra else "")
            + decided
        )
    return f"{game.path}: {tally(c)} ({state}){decided}"


#: How many findings of each severity, in the language in force.
SEVERITIES = {
    "error": nN_("{n} error", "{n} errors"),
    "warning": nN_("{n} warning", "{n} warnings"),
    "note": nN_("{n} note", "{n} notes"),
}


def tally(c: dict[str, int], kinds: tuple[str, ...] = ("error", "warning", "note")) -> str:
    """`1 error, 0 warnings, 2 notes` (of `kinds`; with fewer kinds, only those found)."""
    shown = [k for k in kinds if c[k] or len(kinds) == len(SEVERITIES)]
    return ", ".join(ngettext(*SEVERITIES[k], c[k]).format(n=c[k]) for k in shown)


# -- documents over every record ---------------------------------------------------------


def json_document(files: list[JsonItem]) -> str:
    return json_list_document({"version": JSON_VERSION}, "files", files)


def unchecked_json(path: str, why: str) -> Data:
    """A record that could not be checked, as an entry of the JSON, SARIF and JUnit
    documents: not valid, no diagnostics, and why (`error`)."""
    return {"path": path, "valid": False, "complete": False, "diagnostics": [], "error": why}


def _uri(path: str, root: str) -> tuple[str, str | None]:
    """A record's path as a SARIF artifact location: a percent-encoded URI reference
    relative to `%SRCROOT%` (the working folder `root`) where the record is below it,
    else an absolute `file://` URI.  (uri, uriBaseId or None)"""
    import os
    from pathlib import Path
    from urllib.parse import quote

    full = os.path.normpath(os.path.join(root, path))
    rel = os.path.relpath(full, root)
    if rel != ".." and not rel.startswith(".." + os.sep):
        return quote(rel.replace(os.sep, "/")), "%SRCROOT%"
    return Path(full).as_uri(), None


def sarif_document(files: list[Data], rules_url: str | None = None, root: str | None = None) -> str:
    """SARIF 2.1.0: one run of the referee, its rules (each with a link to its section
    of the rules page, `rules_url`), one result per diagnostic, and a notification for
    each record that could not be checked.  Paths are URIs relative to `%SRCROOT%`, the
    working folder (`root`)."""
    import os
    from pathlib import Path

    from nauticus_ref.core.about import HOMEPAGE, RULES_URL, __version__
    from nauticus_ref.rules import RULES, SYNTAX

    root = root or os.getcwd()
    base = rules_url or RULES_URL
    catalogue = (SYNTAX, *RULES)
    index = {r.id: i for i, r in enumerate(catalogue)}
    rules = [
        {
            "id": r.id,
            "name": r.title,
            "shortDescription": {"text": r.title},
            "fullDescription": {"text": r.summary},
            "help": {"text": f"{r.summary} Written in: {r.citation}."},
            "helpUri": f"{base}#{r.id}",
            "defaultConfiguration": {"level": r.severity},
        }
        for r in catalogue
    ]

    def location(path: str) -> dict[str, Any]:
        uri, base_id = _uri(path, root)
        return {"uri": uri, **({"uriBaseId": base_id} if base_id else {})}

    def result(path: str, d: Data) -> Data:
        out: Data = {
            "ruleId": d["rule"],
            "ruleIndex": index[d["rule"]],
            "level": d["severity"],
            "message": {"text": d["message"] + (f"\nhelp: {d['help']}" if d["help"] else "")},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": location(path),
                        "region": {
                            "startLine": d["line"],
                            "startColumn": d["column"],
                            "endLine": d["end_line"],
                            "endColumn": d["end_column"],
                        },
                    }
                }
            ],
        }
        if d.get("accepted"):
            out["suppressions"] = [
                {
                    "kind": "inSource",
                    "justification": f"# ref: accept {d['rule']} on line {d['line']}",
                }
            ]
        return out

    unchecked = [f for f in files if "error" in f]
    invocation: Data = {"executionSuccessful": not unchecked}
    if unchecked:
        invocation["toolExecutionNotifications"] = [
            {
                "level": "error",
                "message": {"text": f["error"]},
                "locations": [{"physicalLocation": {"artifactLocation": location(f["path"])}}],
            }
            for f in unchecked
        ]
    return dumps(
        {
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "nauticus-ref",
                            "version": __version__,
                            "informationUri": HOMEPAGE,
                            "rules": rules,
                        }
                    },
                    "originalUriBaseIds": {
                        "%SRCROOT%": {"uri": Path(root).as_uri().rstrip("/") + "/"}
                    },
                    "invocations": [invocation],
                    "results": [result(f["path"], d) for f in files for d in f["diagnostics"]],
                }
            ],
        }
    )


def junit_document(files: list[Data]) -> str:
    """JUnit XML: a test suite of records, a record failing with its errors, a record
    that could not be checked in error.  Only the attributes the strict JUnit schema
    (Jenkins' xunit) allows: the record's path is the test case's name
    (docs/integrations.md)."""
    import xml.etree.ElementTree as ET

    failed = sum(not f["valid"] and "error" not in f for f in files)
    broken = sum("error" in f for f in files)
    suites = ET.Element(
        "testsuites",
        name="nauticus-ref",
        tests=str(len(files)),
        failures=str(failed),
        errors=str(broken),
    )
    suite = ET.SubElement(
        suites,
        "testsuite",
        name="nauticus-ref validate",
        tests=str(len(files)),
        failures=str(failed),
        errors=str(broken),
        skipped="0",
    )
    # XML 1.0 cannot carry control characters: what a record brings is shown escaped
    for f in files:
        path = escape_controls(f["path"])
        case = ET.SubElement(suite, "testcase", classname="nauticus-ref", name=path)
        if "error" in f:
            ET.SubElement(
                case, "error", type="not-checked", message=escape_controls(f["error"])
            ).text = escape_controls(f"{f['path']}: {f['error']}")
            continue
        if not f["diagnostics"]:
            continue
        listing = escape_controls(
            "\n".join(
                f"{f['path']}:{d['line']}:{d['column']}: {d['severity']}[{d['rule']}]: "
                f"{d['message']}"
                for d in f["diagnostics"]
            )
        )
        problems = [d for d in f["diagnostics"] if d["severity"] == "error"]
        if problems:
            ET.SubElement(
                case,
                "failure",
                type=problems[0]["rule"],
                message=escape_controls(
                    f"{len(problems)} error{'s' if len(problems) != 1 else ''}: "
                    f"{problems[0]['message']}"
                ),
            ).text = listing
        else:
            ET.SubElement(case, "system-out").text = listing
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, "unicode") + "\n"


#: The formats of this view, for the command line's choices: a record's text, or its
#: part of a document that `DOCUMENTS` makes of every record's.
FORMATS: dict[str, Callable[[Game], Any]] = {
    "text": validate_text,
    "concise": validate_concise,
    "json": lambda game: json_item(validate_json(game)),
    "jsonl": validate_jsonl,
    "github": validate_github,
    "sarif": validate_json,
    "junit": validate_json,
}
DOCUMENTS: dict[str, Callable[[list[Any]], str]] = {
    "json": json_document,
    "sarif": sarif_document,
    "junit": junit_document,
}
#: A record that could not be checked, in each format that has a place for it (the
#: others say so on standard error only): (path, why) -> its text or its document part.
UNCHECKED: dict[str, Callable[[str, str], Any]] = {
    "github": lambda path, why: render_github_problem(path, why) + "\n",
    "jsonl": lambda path, why: (
        dumps({"version": JSON_VERSION, "path": path, "error": why}, indent=None) + "\n"
    ),
    "json": lambda path, why: json_item(unchecked_json(path, why)),
    "sarif": unchecked_json,
    "junit": unchecked_json,
}


def statistics(by_rule: Mapping[tuple[str, str], int]) -> str:
    """`--statistics`: how often each rule was broken, most often first."""
    from nauticus_ref.rules import BY_ID, SYNTAX

    rows = sorted(by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
    width = max((len(str(n)) for n in by_rule.values()), default=1)
    return "".join(
        f"{n:>{width}}  {severity:<7}  {rule:<18}  {(BY_ID.get(rule) or SYNTAX).title}\n"
        for (rule, severity), n in rows
    )
