"""The command line as linter users expect it: standard input, folder walks that leave
out what git ignores, one exit-code convention, output formats read back by their own
readers, progress that never mixes with output, carets under wide characters."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, ROOT
from syrupy.extensions.json import JSONSnapshotExtension

from nauticus_ref.cli import main

INVALID = EXAMPLES / "invalid"
GAME = EXAMPLES / "game-2p.ngn"


def run(*args, input=None, monkeypatch=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


# -- standard input -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [["validate"], ["score"], ["parse"], ["annotate"], ["state"], ["explain", "--line", "8"]],
)
def test_a_dash_reads_standard_input(command):
    text = (INVALID / "one-crest.ngn").read_text(encoding="utf-8")
    by_file = run(*command, INVALID / "one-crest.ngn")
    by_stdin = run(*command, "--stdin-filename", INVALID / "one-crest.ngn", "-", input=text)
    assert by_stdin.exit_code == by_file.exit_code and by_stdin.output == by_file.output
    unnamed = run(*command, "-", input=text)
    assert unnamed.exit_code == by_file.exit_code
    assert "no such file" not in unnamed.output


def test_standard_input_is_named_stdin_in_messages():
    text = (INVALID / "one-crest.ngn").read_text(encoding="utf-8")
    result = run("validate", "--concise", "-", input=text)
    assert result.exit_code == 1
    assert result.output.startswith("<stdin>:8:9: error[one-crest] ")


# -- walking a folder ---------------------------------------------------------------------


def test_a_folder_walk_leaves_out_hidden_and_tool_folders_and_what_gitignore_ignores(tmp_path):
    game = GAME.read_text(encoding="utf-8")
    for place in (
        "league/r1.ngn",
        "league/drafts/d.ngn",
        "league/keep/k.ngn",
        ".venv/lib/x.ngn",
        "node_modules/pkg/y.ngn",
        "league/.hidden/h.ngn",
        "league/scratch.ngn",
        "league/keep/scratch.ngn",
    ):
        (tmp_path / place).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / place).write_text(game, encoding="utf-8")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("drafts/\nscratch.ngn\n", encoding="utf-8")
    (tmp_path / "league" / "keep" / ".gitignore").write_text("!scratch.ngn\n", encoding="utf-8")
    result = run("validate", tmp_path / "league")
    shown = sorted(
        Path(m).relative_to(tmp_path).as_posix()
        for m in re.findall(r"^(\S+\.ngn): valid", result.output, re.M)
    )
    assert shown == ["league/keep/k.ngn", "league/keep/scratch.ngn", "league/r1.ngn"]
    # a file named on the command line is read whatever .gitignore says
    assert run("validate", tmp_path / "league" / "scratch.ngn").exit_code == 0


# -- one convention for exit codes and lines out of range ---------------------------------


def test_every_one_record_command_exits_1_on_a_record_with_errors():
    path = INVALID / "one-crest.ngn"
    for command in (["state"], ["annotate"], ["explain", "--line", "8"], ["validate"], ["score"]):
        assert run(*command, path).exit_code == 1, command


def test_a_line_past_the_end_is_the_same_answer_for_every_command():
    answers = [run(command, GAME, "--line", 9999) for command in ("state", "explain")]
    lines = len(GAME.read_text(encoding="utf-8").splitlines())
    for result in answers:
        assert result.exit_code == 2
        assert f"has {lines} lines, not 9999" in result.output


def test_explain_says_when_a_line_has_no_move(tmp_path):
    path = tmp_path / "g.ngn"
    path.write_text(
        "# a friendly game\nplayers: Anna, Ben\n\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n",
        encoding="utf-8",
    )
    for line in (1, 3):
        result = run("explain", path, "--line", line)
        assert result.exit_code == 2 and "this line has no move" in result.output
        assert "verdict" not in result.output


def test_score_json_of_a_record_with_syntax_errors_gives_its_diagnostics(tmp_path):
    path = tmp_path / "g.ngn"
    path.write_text("players: Anna, Ben\nround 1: goods hulls moneyy\n", encoding="utf-8")
    data = json.loads(run("score", "--format", "json", path).output)
    game = data["games"][0]
    assert data["version"] == 1 and game["valid"] is False
    assert [d["rule"] for d in game["diagnostics"]] == ["syntax"]
    assert game["diagnostics"][0]["line"] == 2


def test_a_bad_board_is_reported_once_for_the_whole_run(tmp_path):
    for i in range(5):
        (tmp_path / f"g{i}.ngn").write_text(GAME.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("validate", "--board", tmp_path / "missing.toml", tmp_path)
    assert result.exit_code == 2 and result.output.count("missing.toml") == 1


# -- formats ------------------------------------------------------------------------------


def test_github_escapes_file_names_as_its_toolkit_does(tmp_path):
    path = tmp_path / "round 3, table 2: final%.ngn"
    path.write_text((INVALID / "one-crest.ngn").read_text(encoding="utf-8"), encoding="utf-8")
    out = run("validate", "--format", "github", path).output
    prop = out.split("::")[1]
    assert "round 3%2C table 2%3A final%25.ngn," in prop
    file_value = re.search(r"file=([^,]*),line=", prop).group(1)
    assert "," not in file_value and ":" not in file_value


@pytest.fixture
def json_snapshot(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)


def in_examples(*args):
    """Run from examples/logs, so that paths in the output are the same everywhere."""
    cwd = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        return run(*args)
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("fmt", ["concise", "jsonl", "github", "sarif", "junit"])
def test_format_snapshots(fmt, snapshot):
    result = in_examples(
        "validate", "--format", fmt, "invalid/one-crest.ngn", "invalid/storage.ngn", "game-2p.ngn"
    )
    assert result.exit_code == 1
    assert result.output.replace(EXAMPLES.as_uri(), "file:///EXAMPLES") == snapshot


def test_jsonl_is_one_versioned_object_per_diagnostic():
    result = in_examples(
        "validate", "--format", "jsonl", "invalid/one-crest.ngn", "invalid/storage.ngn"
    )
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert len(rows) == 2 and all(r["version"] == 1 for r in rows)
    assert [(r["path"], r["rule"]) for r in rows] == [
        ("invalid/one-crest.ngn", "one-crest"),
        ("invalid/storage.ngn", "storage"),
    ]


@pytest.mark.parametrize(
    "items",
    [
        [],
        [{}],
        [[]],
        [{"path": "a.ngn", "diagnostics": []}],
        [
            {
                "name": "Zoë",
                "note": "line\nbreak",
                "esc": "\x1b[31m",
                "sep": "\u2028\u202e",
                "n": None,
            },
            {"nested": [{"a": [1, 2.5, True]}, []], "empty": {}},
            "text",
            7,
        ],
    ],
)
def test_a_json_document_joined_from_written_items_is_the_one_written_whole(items):
    """Workers write their records' parts of a gathered JSON document (`json_item`); the
    parent's join must be exactly what writing the whole document gives."""
    from nauticus_ref.views.text import dumps, json_item, json_list_document

    head = {"version": 1, "tool": "nauticus-ref"}
    joined = json_list_document(head, "files", [json_item(x) for x in items])
    assert joined == dumps({**head, "files": items})


@pytest.mark.parametrize("command", ["validate", "score"])
def test_a_gathered_json_document_is_laid_out_as_json_writes_it(command):
    from nauticus_ref.views.text import dumps

    for jobs in ("1", "2"):
        result = in_examples(
            command,
            "--format",
            "json",
            "--jobs",
            jobs,
            "invalid/one-crest.ngn",
            "invalid/storage.ngn",
            "game-2p.ngn",
            "syntax/bonus-word.ngn",
        )
        assert result.exit_code == 1
        data = json.loads(result.output)
        assert len(data["files" if command == "validate" else "games"]) == 4
        assert result.output == dumps(data) + "\n"


def test_sarif_reads_back_as_sarif_2_1():
    sarif_pydantic = pytest.importorskip("sarif_pydantic")
    result = in_examples(
        "validate",
        "--format",
        "sarif",
        "invalid/one-crest.ngn",
        "invalid/storage.ngn",
        "game-2p.ngn",
    )
    log = sarif_pydantic.Sarif.model_validate_json(result.output)
    assert log.version == "2.1.0"
    results = log.runs[0].results
    assert [
        (r.rule_id, r.level.value if hasattr(r.level, "value") else r.level) for r in results
    ] == [("one-crest", "error"), ("storage", "error")]
    region = results[0].locations[0].physical_location.region
    assert (region.start_line, region.start_column) == (8, 9)
    rules = log.runs[0].tool.driver.rules
    assert rules[results[0].rule_index].id == "one-crest"


def _records_in(folder: Path) -> None:
    """A folder as a club's CI meets it: a record whose path needs percent-encoding, one
    accepted mistake, and a record that cannot be read."""
    (folder / "my games").mkdir()
    (folder / "my games" / "Björn #1.ngn").write_text(
        (INVALID / "claim.ngn").read_text(encoding="utf-8"), encoding="utf-8"
    )
    accepted = (
        (INVALID / "one-crest.ngn")
        .read_text(encoding="utf-8")
        .replace("anchor mast >A", "anchor mast >A  # ref: accept one-crest")
    )
    (folder / "accepted.ngn").write_text(accepted, encoding="utf-8")
    (folder / "broken.ngn").write_bytes(b"players: Anna, Ben\n\xff\n")


def _validate_in(folder: Path, *args):
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return run("validate", *args)
    finally:
        os.chdir(cwd)


def test_sarif_locations_are_uri_references_and_name_what_could_not_be_checked(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    pytest.importorskip("rfc3986_validator")  # what jsonschema checks `uri-reference` with
    sarif_pydantic = pytest.importorskip("sarif_pydantic")
    _records_in(tmp_path)
    outside = tmp_path.parent / f"{tmp_path.name}-outside.ngn"
    outside.write_text((INVALID / "claim.ngn").read_text(encoding="utf-8"), encoding="utf-8")
    result = _validate_in(tmp_path, "--format", "sarif", ".", str(outside))
    assert result.exit_code == 2
    log = json.loads(result.stdout)
    sarif_pydantic.Sarif.model_validate(log)
    (run_,) = log["runs"]
    locations = [
        loc["physicalLocation"]["artifactLocation"]
        for r in run_["results"]
        for loc in r["locations"]
    ]
    notes = run_["invocations"][0]["toolExecutionNotifications"]
    locations += [n["locations"][0]["physicalLocation"]["artifactLocation"] for n in notes]
    uri = {"type": "string", "format": "uri-reference"}
    checker = jsonschema.FormatChecker()
    for loc in locations:
        jsonschema.validate(loc["uri"], uri, format_checker=checker)
        if "uriBaseId" in loc:  # relative, below the working folder the base names
            assert loc["uriBaseId"] == "%SRCROOT%" and not loc["uri"].startswith("/")
        else:  # elsewhere: an absolute file URI (SARIF1004)
            assert loc["uri"].startswith("file:///")
    assert {"uri": "my%20games/Bj%C3%B6rn%20%231.ngn", "uriBaseId": "%SRCROOT%"} in locations
    assert outside.as_uri() in [loc["uri"] for loc in locations]
    base = run_["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == tmp_path.as_uri() + "/"
    assert run_["invocations"][0]["executionSuccessful"] is False
    assert [n["message"]["text"] for n in notes] == [
        "not UTF-8 text (byte 0xff at offset 19); save it as UTF-8"
    ]
    suppressed = [r for r in run_["results"] if "suppressions" in r]
    assert [(r["ruleId"], r["suppressions"][0]["kind"]) for r in suppressed] == [
        ("one-crest", "inSource")
    ]
    rules = run_["tool"]["driver"]["rules"]
    assert all(r["helpUri"].endswith(f"rules.md#{r['id']}") for r in rules)
    assert run_["tool"]["driver"]["informationUri"].startswith("https://")


def test_sarif_rule_links_follow_the_settings(tmp_path):
    _records_in(tmp_path)
    (tmp_path / ".nauticus-ref.toml").write_text('rules-url = "https://league.example/r.html"\n')
    result = _validate_in(tmp_path, "--format", "sarif", "accepted.ngn")
    rules = json.loads(result.output)["runs"][0]["tool"]["driver"]["rules"]
    assert rules[1]["helpUri"] == f"https://league.example/r.html#{rules[1]['id']}"


def test_every_document_has_an_entry_for_a_record_that_could_not_be_checked(tmp_path):
    junitparser = pytest.importorskip("junitparser")
    _records_in(tmp_path)
    data = json.loads(_validate_in(tmp_path, "--format", "json", ".").stdout)
    broken = [f for f in data["files"] if f["path"] == "broken.ngn"]
    assert broken == [
        {
            "path": "broken.ngn",
            "valid": False,
            "complete": False,
            "diagnostics": [],
            "error": broken[0]["error"],
        }
    ]
    lines = [
        json.loads(line)
        for line in _validate_in(tmp_path, "--format", "jsonl", ".").stdout.splitlines()
    ]
    assert {"version": 1, "path": "broken.ngn", "error": broken[0]["error"]} in lines
    github = _validate_in(tmp_path, "--format", "github", ".").stdout
    assert "::error file=broken.ngn,title=not-checked::broken.ngn: not UTF-8" in github
    result = _validate_in(tmp_path, "--format", "junit", ".")
    assert result.exit_code == 2
    path = tmp_path / "report.xml"
    path.write_text(result.stdout, encoding="utf-8")
    xml = junitparser.JUnitXml.fromfile(str(path))
    cases = {case.name: [type(r).__name__ for r in case.result] for suite in xml for case in suite}
    assert cases["broken.ngn"] == ["Error"]
    assert '<testsuites name="nauticus-ref" tests="3" failures="1" errors="1">' in result.stdout


def test_junit_uses_only_what_the_strict_junit_schema_allows(tmp_path):
    """Jenkins' xunit schema (junit-10.xsd) allows these attributes and no others, so a
    strict reader takes the document; the record's path is the test case's name."""
    import xml.etree.ElementTree as ET

    allowed = {
        "testsuites": {"name", "tests", "failures", "errors", "time", "disabled"},
        "testsuite": {
            "name",
            "tests",
            "failures",
            "errors",
            "time",
            "disabled",
            "skipped",
            "timestamp",
            "hostname",
            "id",
            "package",
        },
        "testcase": {"name", "assertions", "time", "classname", "status"},
        "failure": {"type", "message"},
        "error": {"type", "message"},
        "system-out": set(),
    }
    _records_in(tmp_path)
    root = ET.fromstring(_validate_in(tmp_path, "--format", "junit", ".").stdout)
    for element in root.iter():
        assert set(element.attrib) <= allowed[element.tag], element.tag


@pytest.mark.parametrize("fmt", ["json", "jsonl", "sarif", "junit", "github"])
def test_statistics_never_mix_into_a_document_for_programs(fmt, tmp_path):
    result = CliRunner().invoke(
        main, ["validate", "--statistics", "--format", fmt, str(INVALID / "claim.ngn")]
    )
    assert "claim" in result.stderr and "claim" in result.stdout
    if fmt in ("json", "sarif"):
        json.loads(result.stdout)
    assert " error    claim " not in result.stdout


def test_junit_reads_back_with_a_junit_reader(tmp_path):
    junitparser = pytest.importorskip("junitparser")
    result = in_examples(
        "validate",
        "--format",
        "junit",
        "invalid/one-crest.ngn",
        "invalid/storage.ngn",
        "game-2p.ngn",
    )
    path = tmp_path / "report.xml"
    path.write_text(result.output, encoding="utf-8")
    xml = junitparser.JUnitXml.fromfile(str(path))
    cases = [case for suite in xml for case in suite]
    assert [c.name for c in cases] == [
        "invalid/one-crest.ngn",
        "invalid/storage.ngn",
        "game-2p.ngn",
    ]
    verdicts = [[type(r).__name__ for r in c.result] for c in cases]
    assert verdicts == [["Failure"], ["Failure"], []]
    assert "one-crest" in cases[0].result[0].type


def test_quiet_prints_only_problems():
    result = in_examples(
        "validate", "--quiet", "invalid/one-crest.ngn", "invalid/storage.ngn", "game-2p.ngn"
    )
    assert "error[one-crest]" in result.output
    assert "note[" not in result.output and ": valid" not in result.output
    assert "files," not in result.output


def test_statistics_count_each_rule(snapshot):
    result = in_examples("validate", "--statistics", "invalid/", "game-4p.ngn")
    assert result.exit_code == 1
    assert result.output == snapshot
    counts = {
        line.split()[2]: int(line.split()[0])
        for line in result.output.splitlines()
        if line.strip() and line.split()[0].isdigit()
    }
    assert counts["one-crest"] == 1 and counts["storage"] >= 1


# -- terminals ----------------------------------------------------------------------------


def test_the_caret_stands_under_wide_characters(tmp_path):
    path = tmp_path / "g.ngn"
    path.write_text(
        "players: 小明, Ben\n"
        "round 1: goods hulls money transport crowns masts deliver sails\n"
        "1. 小明 money bonus whale\n  小明: 1w\n  Ben: 1w\n  Zoe: pass\n",
        encoding="utf-8",
    )
    out = run("validate", path).output
    lines = out.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("6 |"))
    # `Zoe` stands after two spaces: the caret under it, counted in terminal cells
    assert lines[i + 1] == "  |   ^^^"
    wide = "1. 小明 money bonus whale"
    from nauticus_ref.views.text import display_width

    assert display_width(wide) == len(wide) + 2


def test_help_lines_wrap_at_word_boundaries_to_the_terminal():
    from nauticus_ref.views.text import wrap

    text = "help: " + " ".join(["word"] * 40)
    wrapped = wrap(text, 40, "      ")
    assert all(len(line) <= 40 for line in wrapped.splitlines())
    assert wrapped.replace("\n      ", " ") == text
    assert wrap(text, None, "      ") == text


def visible_lines(raw: str) -> list[str]:
    """What a terminal shows, line by line, after carriage returns and erase-line."""
    shown = []
    for line in raw.replace("\r\n", "\n").split("\n"):
        cells: list[str] = []
        cursor = 0
        for part in re.split(r"(\r|\x1b\[K)", line):
            if part == "\r":
                cursor = 0
            elif part == "\x1b[K":
                del cells[cursor:]
            else:
                for ch in part:
                    if cursor < len(cells):
                        cells[cursor] = ch
                    else:
                        cells.append(ch)
                    cursor += 1
        shown.append("".join(cells))
    return shown


def in_a_terminal(args: list[str], cwd: Path, no_color: bool = True) -> str:
    """Run the command with standard output and error on one pseudo-terminal."""
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update({"COLUMNS": "200", **({"NO_COLOR": "1"} if no_color else {})})
    proc = subprocess.Popen(
        [sys.executable, "-m", "nauticus_ref.cli", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    out = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    proc.wait(60)
    os.close(leader)
    return out.decode("utf-8", "replace")


def test_progress_never_shares_a_line_with_output(tmp_path):
    for i, name in enumerate(sorted(INVALID.glob("*.ngn"))[:12]):
        (tmp_path / f"g{i:02}.ngn").write_text(name.read_text(encoding="utf-8"), encoding="utf-8")
    raw = in_a_terminal(["validate", "--concise", "."], tmp_path)
    assert "records [" in raw  # the progress line was drawn
    shown = [line for line in visible_lines(raw) if line]
    assert shown and not any("records [" in line for line in shown), shown
    assert all(re.match(r"(\./)?g\d\d\.ngn:|\d+ files", line) for line in shown), shown


# -- house decisions ----------------------------------------------------------------------

ACCEPTED = """players: Anna, Ben
setup: round 1 phase 1
  Anna ship A: bow stern, whale mast
round 1: goods hulls money transport crowns masts deliver sails
1. Anna masts bonus coffee
  Anna: anchor >A      # ref: accept one-crest (Anna's first game; we let it stand)
  Ben: pass
"""


def test_an_accepted_mistake_is_a_note_citing_the_decision_and_listed_in_the_summary(
    tmp_path, snapshot
):
    path = tmp_path / "house.ngn"
    path.write_text(ACCEPTED, encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 0
    out = result.output.replace(str(tmp_path) + os.sep, "")
    assert "note[one-crest]" in out and "accepted by the table" in out
    assert out.rstrip().endswith("accepted by the table: one-crest (line 6)")
    assert out == snapshot
    data = json.loads(run("validate", "--format", "json", path).output)
    (d,) = data["files"][0]["diagnostics"]
    assert d["accepted"] is True and d["severity"] == "note"
    # without the decision the same line is an error, and the replay goes on the same way
    plain = tmp_path / "plain.ngn"
    plain.write_text(ACCEPTED.split("      #")[0] + "\n  Ben: pass\n", encoding="utf-8")
    assert run("validate", plain).exit_code == 1
    states = [json.loads(run("state", p, "--format", "json").output) for p in (path, plain)]
    assert states[0]["players"] == states[1]["players"]


def test_an_accept_that_fits_no_finding_is_a_warning(tmp_path):
    path = tmp_path / "house.ngn"
    path.write_text(
        ACCEPTED.replace("  Ben: pass\n", "  Ben: pass  # ref: accept taler onecrest\n"),
        encoding="utf-8",
    )
    result = run("validate", "--format", "json", path)
    found = [
        (d["rule"], d["severity"], d["line"])
        for d in json.loads(result.output)["files"][0]["diagnostics"]
    ]
    assert found == [("one-crest", "note", 6), ("taler", "warning", 7), ("syntax", "warning", 7)]
    assert result.exit_code == 0


def test_a_hash_inside_a_quoted_name_starts_no_comment():
    from nauticus_ref.notation.assemble import comment_start
    from nauticus_ref.referee.decisions import decisions

    assert comment_start('players: "A#1", Ben  # ref: accept x') == 21
    assert decisions(['  "A#1": anchor >A # ref: accept one-crest'])[1][0].rule == "one-crest"
    assert decisions(["# a note, no decision: we accept nothing"]) == {}


# -- colour -------------------------------------------------------------------------------


def test_colour_is_chosen_by_option_and_environment(monkeypatch):
    path = INVALID / "one-crest.ngn"
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    piped = run("validate", path).output
    assert "\x1b[" not in piped  # auto, not a terminal
    always = run("--color", "always", "validate", path).output
    assert "\x1b[31m\x1b[1merror\x1b[0m" in always and "\x1b[1mone-crest\x1b[0m" in always
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run("validate", path).output
    assert "\x1b[" not in run("--color", "never", "validate", path).output
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run("validate", path).output
    # JSON is for programs: never coloured
    assert "\x1b[" not in run("--color", "always", "validate", "--format", "json", path).output


def test_colour_on_a_terminal_unless_no_color(tmp_path):
    record = tmp_path / "g.ngn"
    record.write_text((INVALID / "one-crest.ngn").read_text(encoding="utf-8"), encoding="utf-8")
    coloured = in_a_terminal(["validate", "g.ngn"], tmp_path, no_color=False)
    assert "\x1b[31m" in coloured
    plain = in_a_terminal(["validate", "g.ngn"], tmp_path)
    assert "\x1b[31m" not in plain and "error[one-crest]" in plain


def test_a_name_in_a_record_cannot_smuggle_colour(tmp_path):
    record = tmp_path / "g.ngn"
    record.write_text(
        "players: Anna, Ben\nround 1: goods hulls money transport crowns masts "
        "deliver sails\n1. Anna money bonus whale\n  Zoe\x1b[31m: pass\n",
        encoding="utf-8",
    )
    out = run("--color", "always", "validate", record).output
    assert "\\x1b[31m" in out  # shown escaped, as text
    assert out.count("\x1b[31m") == out.count("\x1b[31m\x1b[1m")  # only ours


# -- integrations -------------------------------------------------------------------------


def test_rule_ids_complete_in_the_shell():
    env = {
        **os.environ,
        "_NAUTICUS_REF_COMPLETE": "bash_complete",
        "COMP_WORDS": "nauticus-ref rules one-",
        "COMP_CWORD": "2",
    }
    out = subprocess.run(
        [sys.executable, "-m", "nauticus_ref.cli"], env=env, capture_output=True, text=True
    ).stdout
    assert "plain,one-crest" in out and "plain,one-ship" in out and "hull" not in out


def test_the_problem_matcher_in_the_docs_reads_concise_output():
    doc = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    pattern = json.loads(re.search(r"```json\n(.*?)```", doc, re.S).group(1))["tasks"][0][
        "problemMatcher"
    ]["pattern"]["regexp"]
    out = in_examples("validate", "--concise", "invalid/one-crest.ngn").output
    m = re.match(pattern, out.splitlines()[0])
    assert m and m.group(5) == "one-crest" and m.group(2) == "8"


def test_pre_commit_hooks_name_real_commands():
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entries = re.findall(r"entry: nauticus-ref (\w+)", hooks)
    assert entries == ["validate", "fmt"]
    assert all(name in every_command() for name in entries)


def every_command() -> dict:
    """Every command, its module loaded (the group loads them when asked for)."""
    import click

    ctx = click.Context(main)
    return {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}


def test_every_command_help_shows_an_example():
    for name, command in every_command().items():
        help_text = run(name, "--help").output
        assert "Example" in help_text and f"nauticus-ref {name}" in help_text, name


def test_option_names_agree_across_commands():
    """An option spelt the same means the same everywhere: same short form, flag or
    value, and every command that reads records takes the same reading options."""
    import click

    seen: dict[str, set] = {}
    for command in every_command().values():
        for p in command.params:
            if isinstance(p, click.Option):
                seen.setdefault(p.opts[0], set()).add((tuple(p.opts), p.is_flag))
    assert {name: shapes for name, shapes in seen.items() if len(shapes) > 1} == {}
    reading = {"--stdin-filename", "--config", "--isolated"}
    for name, command in every_command().items():
        options = {p.opts[0] for p in command.params if isinstance(p, click.Option)}
        takes_records = any(
            isinstance(p, click.Argument) and p.name in ("path", "paths") for p in command.params
        )
        assert (reading <= options) == takes_records, name
        if takes_records and name not in ("parse", "fmt"):
            assert "--board" in options, name  # every command that replays
