"""Files made from the rules catalogue: `docs/rules.md` and `examples/logs/invalid/*.ngn`.

    python scripts/regenerate.py          # rewrite both (and every generated file)

Tests fail when the files in the repository differ from what this writes.
"""

from __future__ import annotations

from pathlib import Path

from nauticus_ref.rules import RULES, Rule

ROOT = Path(__file__).resolve().parents[2]


def rules_markdown() -> str:
    out = [
        "# The rules the referee enforces",
        "",
        "Made from the rule modules in `nauticus_ref/rules/` (one module per rule, its "
        "docstring saying what, why and two examples) by "
        "`python scripts/regenerate.py`; do not edit by hand.",
        "",
        "Sections use the German rulebook's numbering (the original), or its heading where it "
        "has no number; the English name follows. `nauticus-ref rules ID` prints one rule.",
        "",
        "| id | title | written in |",
        "| --- | --- | --- |",
    ]
    out += [f"| [`{r.id}`](#{r.id}) | {r.title} | {r.citation} |" for r in RULES]
    for r in RULES:
        out += [
            "",
            f"## {r.id}",
            "",
            f"**{r.title}**: {r.citation}. Severity: {r.severity}.",
            "",
            r.summary,
            "",
            f"Why: {r.why}",
            "",
            "Breaks it:",
            "",
            "```",
            r.fail.rstrip("\n"),
            "```",
            "",
            "Keeps it:",
            "",
            "```",
            r.ok.rstrip("\n"),
            "```",
        ]
    return "\n".join(out) + "\n"


def invalid_example(rule: Rule) -> str:
    return (
        f"# This record breaks one rule, `{rule.id}` ({rule.title}), once.\n"
        f"# `nauticus-ref rules {rule.id}` explains it; `nauticus-ref validate` reports it.\n"
        + rule.fail
    )


def targets() -> dict[Path, str]:
    files = {ROOT / "docs" / "rules.md": rules_markdown()}
    for r in RULES:
        files[ROOT / "examples" / "logs" / "invalid" / f"{r.id}.ngn"] = invalid_example(r)
    return files
