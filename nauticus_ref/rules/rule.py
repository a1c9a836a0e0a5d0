"""What a rule is: its metadata, read together with the docstring of its module.

Each rule is one module of this package, in the shape ruff gives its rules: the
module's docstring says what the rule checks (its first paragraph, the summary),
why (`## Why`), a record that breaks it (`## Breaks it`) and the same situation
played right (`## Keeps it`); the module's `RULE` holds the rest (id, title,
rulebook sections, severity, the usual fix).  The id is written there and nowhere
else.

Below `RULE`, the module holds the rule's checks: plain functions that look at the
game state and the record's notation and return a finding (`RULE.at(...)`, a
`Diagnostic`) or None.  A check never changes the state; the referee decides when
to ask it and what the game does after a breach (`referee/`).
"""

from __future__ import annotations

import re

from nauticus_ref.classes import dataclass
from nauticus_ref.findings import Diagnostic, Fix, Severity
from nauticus_ref.notation.model import Span


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    section: str          # the German rulebook's number or heading (the original)
    section_en: str       # the English rulebook's
    summary: str          # what the rule checks, in one paragraph
    why: str              # why the rule is so: the rulebook's reason
    fail: str             # a record that breaks the rule once
    ok: str               # the same situation played right
    severity: str = "error"
    help: str | None = None   # the usual fix, for diagnostics that give no other

    @classmethod
    def from_doc(cls, doc: str | None, *, id: str, title: str, section: str, section_en: str,
                 severity: str = "error", help: str | None = None) -> Rule:
        """The rule whose module docstring is `doc` (see the module docstring above)."""
        if not doc:
            raise ValueError(f"rule {id}: the module has no docstring")
        summary, _, rest = doc.strip().partition("\n\n")
        sections = dict(re.findall(r"^## (.+?)\n(.*?)(?=^## |\Z)", rest, re.M | re.S))
        missing = {"Why", "Breaks it", "Keeps it"} - set(sections)
        if missing:
            raise ValueError(f"rule {id}: the docstring lacks " + ", ".join(sorted(missing)))
        return cls(id=id, title=title, section=section, section_en=section_en,
                   summary=_paragraph(summary), why=_paragraph(sections["Why"]),
                   fail=_example(sections["Breaks it"], id), ok=_example(sections["Keeps it"], id),
                   severity=severity, help=help)

    def at(self, span: Span, message: str, help: str | None = None,
           severity: Severity = "error", fixes: tuple[Fix, ...] = ()) -> Diagnostic:
        """A finding of this rule at `span`; `help` defaults to the rule's usual fix;
        `fixes` are the edits that mend it, where they are known."""
        return Diagnostic(rule=self.id, severity=severity, span=span, message=message,
                          help=help if help is not None else self.help, fixes=fixes)


def _paragraph(text: str) -> str:
    """The lines of a paragraph joined by single spaces (spaces within a line are kept)."""
    return " ".join(line.strip() for line in text.strip().splitlines())


def _example(text: str, rule_id: str) -> str:
    found = re.search(r"```ngn\n(.*?)```", text, re.S)
    if found is None:
        raise ValueError(f"rule {rule_id}: an example is not in a ```ngn block")
    return found.group(1)
