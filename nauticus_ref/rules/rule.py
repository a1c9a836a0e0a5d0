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
from nauticus_ref.core.language import _, current
from nauticus_ref.core.span import Span

#: How a rule's section names the notation instead of the rulebook: `NGN: HEADING`,
#: HEADING a section of docs/notation.md.
NOTATION = "NGN"


#: The French rulebook's heading for each German one a rule cites: the two rulebooks
#: number their sections alike, and each language cites its own.  The French copy's
#: heading for the setup is not legible; "Mise en place" is what French rulebooks call it.
FRENCH = {
    "2. Blaue Arbeiter auf der Drehscheibe": "2. Ouvriers bleus sur la roue",
    "3.1": "3.1",
    "3.1 Grundsätzliches zu Aktionen": "3.1 À propos des actions",
    "3.2.1": "3.2.1",
    "3.2.1 Kostenpflichtige Aktionen": "3.2.1 Actions payantes",
    "3.2.1.1 Rumpfteile kaufen": "3.2.1.1 Acheter des parties de coque",
    "3.2.1.2 Mast kaufen": "3.2.1.2 Acheter des mâts",
    "3.2.1.3 Segel kaufen": "3.2.1.3 Acheter des voiles",
    "3.2.1.4 Waren kaufen": "3.2.1.4 Achat de marchandises",
    "3.2.2.1 Transport": "3.2.2.1 Transport (de l'entrepôt vers le chantier naval)",
    "3.2.2.2": "3.2.2.2",
    "3.2.2.3 Waren ausliefern": "3.2.2.3 Livrer des marchandises",
    "3.2.2.4": "3.2.2.4",
    "3.2.2.4 Wertung der Kronen": "3.2.2.4 Évaluation de la Couronne",
    "3.3 Passen": "3.3 Passe",
    "4. Belohnungen für fertige Schiffe": "4 Récompenses pour les navires achevés",
    "5. Extra-Aktion": "5 Action supplémentaire",
    "6. Ende einer Aktionsphase": "6 Fin de la phase d'action",
    "Die Goldene Regel": "La règle d'or",
    "Durchführen einer Aktion: 1. Bonus": "Exécution d'une action : 1. Bonus",
    "Hinweis zum Umgang mit dem Spielmaterial": "Remarques sur le matériel de jeu",
    "Rundenablauf": "Tour de jeu",
    "Spielablauf (Übersicht)": "Principe du jeu",
    "Spielende": "Fin du jeu",
    "Spielvorbereitung": "Mise en place",
    "Vorbereitung einer neuen Runde": "Préparation d'un nouveau tour",
}


def cite(section: str, section_en: str) -> str:
    """Where a rule is written, in the language in force, each language citing its own
    rulebook: `German 3.2.1 Schiffsrümpfe (English Buy hull parts)` in English,
    `3.2.1 Schiffsrümpfe` in German, its French heading in French; for a rule of the
    notation `the notation, "Checks and the final score" (docs/notation.md)`.  A rule that
    rests on both (`Spielvorbereitung; NGN: ...`) cites both, in that order."""
    lang = current()
    out = []
    for german, english in zip(section.split("; "), section_en.split("; ")):
        if german.startswith(NOTATION):
            heading = german.removeprefix(NOTATION).lstrip(": ")
            out.append(
                _("the notation") + (f', "{heading}"' if heading else "") + " (docs/notation.md)"
            )
        elif lang == "de":
            out.append(german)
        elif lang == "fr":
            out.append(FRENCH.get(german, german))
        else:
            out.append(f"German {german} (English {english})")
    return "; ".join(out)


@dataclass(frozen=True)
class Rule:
    id: str
    english_title: str  # `title` says it in the language in force
    section: str  # the German rulebook's number or heading (the original)
    section_en: str  # the English rulebook's
    doc: str  # the rule module's docstring, read into the four below
    severity: str = "error"
    english_help: str | None = None  # the usual fix, for diagnostics that give no other

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
            english_title=title,
            section=section,
            section_en=section_en,
            doc=doc,
            severity=severity,
            english_help=help,
        )

    @property
    def title(self) -> str:
        return _(self.english_title)

    @property
    def help(self) -> str | None:
        return _(self.english_help) if self.english_help else None

    @property
    def citation(self) -> str:
        """Where the rule is written, for a person: see `cite`."""
        return cite(self.section, self.section_en)

    @property
    def section_here(self) -> str:
        """The rulebook section of the language in force (French in French, else the
        German original)."""
        if current() != "fr":
            return self.section
        return "; ".join(FRENCH.get(part, part) for part in self.section.split("; "))

    @property
    def summary(self) -> str:
        """What the rule checks, in one paragraph."""
        return _(self.english_summary)

    @property
    def english_summary(self) -> str:
        return _read_doc(self.doc, self.id)[0]

    @property
    def english_why(self) -> str:
        return _read_doc(self.doc, self.id)[1]

    @property
    def why(self) -> str:
        """Why the rule is so: the rulebook's reason."""
        return _(self.english_why)

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
    summary, _blank, rest = doc.strip().partition("\n\n")
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
