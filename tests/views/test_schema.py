"""Every JSON output has a published JSON Schema (docs/schema/), generated from the
shapes in views/schema.py; the files are fresh, and real outputs match them as an
independent validator (jsonschema) reads them."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from helpers import EXAMPLES, ROOT
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from nauticus_ref.cli import main
from nauticus_ref.cli.tools import published
from nauticus_ref.views import FORMAT_NAMES

RECORDS = (
    sorted(EXAMPLES.glob("*.ngn"))
    + sorted((EXAMPLES / "invalid").glob("*.ngn"))
    + sorted((EXAMPLES / "syntax").glob("*.ngn"))
)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def validator(name: str) -> Draft202012Validator:
    path = ROOT / "docs" / "schema" / f"{name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def output_json(*args):
    result = run(*args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def test_every_json_output_has_a_schema():
    with_json = {command for command, formats in FORMAT_NAMES.items() if "json" in formats}
    assert with_json | {"parse", "rules", "rule", "validate-line", "settings"} == set(published())


def test_validate_and_parse_outputs_match():
    validate, line, parse = validator("validate"), validator("validate-line"), validator("parse")
    validate.validate(output_json("validate", "--format", "json", *RECORDS))
    parse.validate(output_json("parse", "--format", "json", *RECORDS))
    lines = run("validate", "--format", "jsonl", *RECORDS).output.splitlines()
    assert len(lines) > 40
    for text in lines:
        line.validate(json.loads(text))


def test_score_outputs_match():
    score = validator("score")
    document = output_json("score", "--format", "json", *RECORDS)
    assert any("error" in g for g in document["games"])  # a record that does not parse
    assert any(g["players"] for g in document["games"])
    score.validate(document)


def test_league_outputs_match():
    document = output_json("league", "--format", "json", EXAMPLES)
    assert document["players"] and document["skipped"]
    validator("league").validate(document)


@pytest.mark.parametrize(
    "record", ["game-2p.ngn", "game-4p.ngn", "invalid/gift.ngn", "invalid/check.ngn"]
)
def test_state_and_explain_outputs_match(record):
    state, explain = validator("state"), validator("explain")
    path = EXAMPLES / record
    lines = path.read_text(encoding="utf-8").splitlines()
    state.validate(output_json("state", "--format", "json", path))
    moves = [
        n
        for n, text in enumerate(lines, 1)  # phase and turn lines
        if re.match(r"\d+\.|\s+[^#\s]", text)
    ]
    for n in moves[:: max(1, len(moves) // 12)] + moves[-2:]:
        state.validate(output_json("state", "--format", "json", "--line", n, path))
        explain.validate(output_json("explain", "--format", "json", "--line", n, path))


def test_rules_outputs_match():
    validator("rules").validate(output_json("rules", "--format", "json"))
    rule = validator("rule")
    for rule_id in ("syntax", "one-crest", "gift"):
        rule.validate(output_json("rules", rule_id, "--format", "json"))


def test_the_settings_schema_describes_a_settings_file():
    settings = validator("settings")
    settings.validate(
        {
            "ignore": ["one-crest"],
            "severity": {"storage": "warning"},
            "exclude": ["drafts/"],
            "board": "standard",
            "per-file-ignores": {"2019/*.ngn": ["rewards"]},
        }
    )
    for wrong in ({"ignore": ["one-crst"]}, {"ignores": []}, {"severity": {"storage": "loud"}}):
        with pytest.raises(ValidationError):
            settings.validate(wrong)


def test_the_schemas_are_strict():
    """A key the schema does not know fails, so an undocumented output key fails above."""
    document = output_json("validate", "--format", "json", EXAMPLES / "invalid" / "gift.ngn")
    document["files"][0]["diagnostics"][0]["colour"] = "red"
    with pytest.raises(ValidationError, match="colour"):
        validator("validate").validate(document)


def test_the_schema_command_prints_the_published_file():
    assert run("schema").output.split() == list(published())
    for name in published():
        path = ROOT / "docs" / "schema" / f"{name}.schema.json"
        assert run("schema", name).output == path.read_text(encoding="utf-8")
    unknown = run("schema", "scores")
    assert unknown.exit_code == 2 and "did you mean `score`?" in unknown.output


def test_card_outputs_match():
    card = validator("card")
    card.validate(
        output_json(
            "card",
            "--deal",
            "goods hulls money transport crowns masts deliver sails",
            "--format",
            "json",
        )
    )
    for game in sorted(EXAMPLES.glob("game-*.ngn")):
        card.validate(output_json("card", game, "--round", "1", "--format", "json"))
