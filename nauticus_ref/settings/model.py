"""The settings table, validated by pydantic (imported only when a settings file is read).

Every error names its key; a rule id that is not one is answered with the closest id.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema

from nauticus_ref.core.findings import SYNTAX_RULE, Severity


def _rule_id(value: str) -> str:
    from nauticus_ref.notation.vocab import closest
    from nauticus_ref.rules import BY_ID

    if value == SYNTAX_RULE:
        raise ValueError(
            "syntax errors are always reported: a record that does not parse cannot be replayed"
        )
    if value not in BY_ID:
        near = closest(value, BY_ID)
        raise ValueError(
            f"`{value}` is not a rule id"
            + (f"; did you mean `{near}`?" if near else "; `nauticus-ref rules` lists them")
        )
    return value


def _web_address(value: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.fragment:
        raise ValueError(
            "an http or https address without `#`, like `https://example.org/rules.html`"
        )
    return value


def message(error: dict[str, Any]) -> str:
    """One validation error in plain words (pydantic's, with the key named by the caller)."""
    from nauticus_ref.notation.vocab import closest

    if error["type"] == "extra_forbidden":
        known = [f.alias or name for name, f in Settings.model_fields.items()]
        near = closest(str(error["loc"][-1]), known)
        return "not a setting; " + (
            f"did you mean `{near}`?" if near else "the settings are " + ", ".join(known)
        )
    text = str(error["msg"]).removeprefix("Value error, ")
    return text[:1].lower() + text[1:]


def _rule_ids() -> list[str]:
    from nauticus_ref.rules import RULES

    return [r.id for r in RULES]


#: A rule id; the JSON Schema lists them, so that an editor can complete them.
RuleId = Annotated[
    str, AfterValidator(_rule_id), WithJsonSchema({"type": "string", "enum": _rule_ids()})
]


#: A league's settings are a page: bounds in entries as well as in bytes keep what a
#: settings file can make each record cost small (every pattern is matched against every
#: record's path).
MAX_PATTERNS = 256
MAX_ENTRIES = 100
#: A player's name as a record writes it, of a length a name could have.
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=200)]
#: A pattern as in .gitignore, of a length a path could match.
Pattern = Annotated[str, StringConstraints(max_length=1024)]


class Settings(BaseModel):
    """`[tool.nauticus-ref]` in pyproject.toml, or the whole of .nauticus-ref.toml."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, populate_by_name=True, title="nauticus-ref settings"
    )

    select: list[RuleId] | None = Field(
        None,
        max_length=MAX_ENTRIES,
        description="The only rules checked (rule ids); syntax errors are always reported.",
    )
    ignore: list[RuleId] = Field([], max_length=MAX_ENTRIES, description="Rules not checked.")
    severity: dict[RuleId, Severity] = Field(
        {},
        max_length=MAX_ENTRIES,
        description="A rule's findings reported at another severity: error, warning or note.",
    )
    exclude: list[Pattern] = Field(
        [],
        max_length=MAX_PATTERNS,
        description="Patterns (as in .gitignore, relative to this file) that folder walks "
        "leave out; a file named on the command line is still read.",
    )
    board: str | None = Field(
        None,
        description="The board for every record, as --board (which wins): a bundled "
        "board's name or a board file's path relative to this file.",
    )
    per_file_ignores: dict[Pattern, list[RuleId]] = Field(
        {},
        alias="per-file-ignores",
        max_length=MAX_PATTERNS,
        description="Rules not checked in the records matching each pattern (as in .gitignore, "
        "relative to this file).",
    )
    rules_url: Annotated[str, AfterValidator(_web_address)] | None = Field(
        None,
        alias="rules-url",
        description="The page that reports link each rule to, as `URL#rule-id` (SARIF's "
        "helpUri): a league's own copy of the rules page; the project's by default.",
    )

    lang: Literal["en", "de", "fr"] | None = Field(
        None,
        description="The language of what a person reads (en, de, fr), below --lang and "
        "NAUTICUS_REF_LANG, above the locale.",
    )

    aliases: dict[PlayerName, PlayerName] = Field(
        {},
        max_length=MAX_ENTRIES,
        description="For `league`: another spelling of a player's name -> the name it "
        'stands for (`Anne = "Anna"`), as `--alias` gives it.',
    )

    def as_config(self) -> dict[str, Any]:
        return {
            "select": tuple(self.select) if self.select is not None else None,
            "ignore": tuple(self.ignore),
            "severity": dict(self.severity),
            "exclude": tuple(self.exclude),
            "board": self.board,
            "per_file_ignores": {k: tuple(v) for k, v in self.per_file_ignores.items()},
            "rules_url": self.rules_url,
            "aliases": dict(self.aliases),
            "lang": self.lang,
        }
