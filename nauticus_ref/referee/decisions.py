"""House decisions: a mistake the table let stand, written into the record.

A comment that starts `ref: accept` names the rules the table accepted on that line
(docs/notation.md, "House decisions"):

    Ben: anchor >A          # ref: accept one-crest  (Ben's first game; we let it stand)

The referee replays every move as played in any case; a finding of an accepted rule
on that line becomes a note that cites the decision, and the summary lists it.  An
`accept` of a rule the line does not break, or of no rule at all, is a warning: the
decision no longer fits the record.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass

from nauticus_ref.core.findings import SYNTAX_RULE, Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.notation.assemble import comment_start

#: Compiled when first used (by `re`'s cache): most records accept nothing.
_ACCEPT = r"(?i)#\s*ref:\s*accept\b(?P<rules>[^()#]*)"
_RULE_ID = r"[A-Za-z][\w-]*"


@dataclass(frozen=True)
class Decision:
    rule: str
    span: Span


def decisions(lines: list[str]) -> dict[int, list[Decision]]:
    """The rules accepted on each line, by line number."""
    found: dict[int, list[Decision]] = {}
    for number, line in enumerate(lines, 1):
        start = comment_start(line) if "accept" in line.lower() else None
        if start is None:
            continue
        m = re.compile(_ACCEPT).match(line, start)
        if m is None:
            continue
        for word in re.finditer(_RULE_ID, m.group("rules")):
            column = m.start("rules") + word.start() + 1
            found.setdefault(number, []).append(
                Decision(
                    word.group().lower(),
                    Span(
                        line=number,
                        column=column,
                        end_line=number,
                        end_column=column + len(word.group()),
                    ),
                )
            )
    return found


def apply(
    lines: list[str], diagnostics: Iterable[Diagnostic], known: Iterable[str]
) -> list[Diagnostic]:
    """`diagnostics` with the house decisions of `lines` applied: accepted findings as
    notes citing the decision, and a warning for each decision that fits no finding
    (`known`: the rule ids there are)."""
    from nauticus_ref.notation.vocab import closest

    taken = decisions(lines)
    if not taken:
        return list(diagnostics)
    known = set(known)
    used: set[tuple[int, str]] = set()
    out = []
    for d in diagnostics:
        accepted = {x.rule for x in taken.get(d.span.line, [])}
        if d.rule in accepted and d.severity != "note":
            used.add((d.span.line, d.rule))
            d = dataclasses.replace(
                d,
                severity="note",
                accepted=True,
                message=_("{message} (accepted by the table: `{decision}` on line {line})").format(
                    message=d.message, decision=f"# ref: accept {d.rule}", line=d.span.line
                ),
            )
        out.append(d)
    for line, found in taken.items():
        for x in found:
            if (line, x.rule) in used:
                continue
            if x.rule not in known:
                near = closest(x.rule, known)
                out.append(
                    Diagnostic(
                        rule=SYNTAX_RULE,
                        severity="warning",
                        span=x.span,
                        message=_("`{rule}` is no rule, so it cannot be accepted").format(
                            rule=x.rule
                        ),
                        help=_("did you mean `{rule}`").format(rule=near)
                        if near
                        else _("`nauticus-ref rules` lists the rules"),
                    )
                )
            else:
                out.append(
                    Diagnostic(
                        rule=x.rule,
                        severity="warning",
                        span=x.span,
                        message=_(
                            "`{rule}` is accepted here, but this line does not break it"
                        ).format(rule=x.rule),
                        help=_("remove the decision, or name the rule the line breaks"),
                    )
                )
    out.sort(key=Diagnostic.sort_key)
    return out
