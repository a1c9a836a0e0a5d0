"""What a rule is: its metadata, read together with the docstring of its module.

Each rule is one module of this package, in the shape ruff gives its rules: the
module's docstring says what the rule checks (its first paragraph, the summary),
why (`## Why`), a record that breaks it (`## Breaks it`) and the same situation
played right (`## Keeps it`); the module's `RULE` holds the rest (id, title,
rulebook sections, severity, the usual fix).  The id is written there and nowhere
else.

Below `RULE`, the module holds the rule's predicates, and `JUDGES` says which moment of
the game each one judges (`moments.py`): a predicate reads the table and the facts of
the move and returns its findings (`RULE.at(...)`, a `Diagnostic`), several, or None.
It never changes the table; the referee asks it at its moment and decides what the
game does after a breach (`referee/`).  A module may also say which kinds of the
referee's steps its rule explains (`EXPLAINS`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from nauticus_ref.core.findings import Diagnostic, Fix, Severity
from nauticus_ref.core.span import Span

#: How a rule's section names the notation instead of the rulebook: `NGN: HEADING`,
#: HEADING a section of docs/notation.md.
NOTATION = "NGN"


def cite(section: str, section_en: str) -> str:
    """`German 3.2.1 Schiffsrümpfe (English Buy hull parts)`, or for a rule of the
    notation `the notation, "Checks and the final score" (docs/notation.md)`; a rule that
    rests on both (`Spielvorbereitung; NGN: ...`) cites both, in that order."""
    out = []
    for german, english in zip(section.split("; "), section_en.split("; ")):
        if german.startswith(NOTATION):
            heading = german.removeprefix(NOTATION).lstrip(": ")
            out.append(
                "the notation" + (f', "{heading}"' if heading else "") + " (docs/notation.md)"
            )
        else:
            out.append(f"German {german} (English {english})")
    return "; ".join(out)


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    section: str  # the German rulebook's number or heading (the original)
    section_en: str  # the English rulebook's
    doc: str  # the rule module's docstring, read into the four below
    severity: str = "error"
    help: str | None = None  # the usual fix, for diagnostics that give no other

    @classmethod
    def from_doc(
        cls,
        doc: str | None,
        *,
        id: str,
        title: str,
        section: str,
        section_en: str,
        severity: str = "error",
        help: str | None = None,
    ) -> Rule:
        """The rule whose module docstring is `doc` (see the module docstring above)."""
        if not doc:
            raise ValueError(f"rule {id}: the module has no docstring")
        return cls(
            id=id,
            title=title,
            section=section,
            section_en=section_en,
            doc=doc,
            severity=severity,
            help=help,
        )

    @property
    def citation(self) -> str:
        """Where the rule is written, for a person: see `cite`."""
        return cite(self.section, self.section_en)

    @property
    def summary(self) -> str:
        """What the rule checks, in one paragraph."""
        return _read_doc(self.doc, self.id)[0]

    @property
    def why(self) -> str:
        """Why the rule is so: the rulebook's reason."""
        return _read_doc(self.doc, self.id)[1]

    @property
    def fail(self) -> str:
        """A record that breaks the rule once."""
        return _read_doc(self.doc, self.id)[2]

    @property
    def ok(self) -> str:
        """The same situation played right."""
        return _read_doc(self.doc, self.id)[3]

    def at(
        self,
        span: Span,
        message: str,
        help: str | None = None,
        severity: Severity = "error",
        fixes: tuple[Fix, ...] = (),
    ) -> Diagnostic:
        """A finding of this rule at `span`; `help` defaults to the rule's usual fix;
        `fixes` are the edits that mend it, where they are known."""
        return Diagnostic(
            rule=self.id,
            severity=severity,
            span=span,
            message=message,
            help=help if help is not None else self.help,
            fixes=fixes,
        )


@functools.cache
def _read_doc(doc: str, rule_id: str) -> tuple[str, str, str, str]:
    """A rule module's docstring as summary, why, failing and passing example.  Read when
    first asked for, not when the rule is imported: a cold start reads none of them."""
    summary, _, rest = doc.strip().partition("\n\n")
    sections = dict(re.findall(r"^## (.+?)\n(.*?)(?=^## |\Z)", rest, re.M | re.S))
    missing = {"Why", "Breaks it", "Keeps it"} - set(sections)
    if missing:
        raise ValueError(f"rule {rule_id}: the docstring lacks " + ", ".join(sorted(missing)))
    return (
        _paragraph(summary),
        _paragraph(sections["Why"]),
        _example(sections["Breaks it"], rule_id),
        _example(sections["Keeps it"], rule_id),
    )


def _paragraph(text: str) -> str:
    """The lines of a paragraph joined by single spaces (spaces within a line are kept)."""
    return " ".join(line.strip() for line in text.strip().splitlines())


def _example(text: str, rule_id: str) -> str:
    found = re.search(r"```ngn\n(.*?)```", text, re.S)
    if found is None:
        raise ValueError(f"rule {rule_id}: an example is not in a ```ngn block")
    return found.group(1)
