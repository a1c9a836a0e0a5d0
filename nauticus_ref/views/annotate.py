"""The annotated record: every phase and turn line followed by what the referee computed.

The annotations are comments (`# ref: ...`), so the output parses to the same record.
"""

from __future__ import annotations

from collections import defaultdict

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.referee.result import Step
from nauticus_ref.referee.validate import Game

PREFIX = "# ref: "


def annotate(report: Game) -> str:
    result = report.replayed
    assert result is not None, "annotate takes a replayed record"
    moves: dict[int, list[Step]] = defaultdict(list)
    round_ends: dict[int, list[Step]] = defaultdict(list)
    for step in result.steps:
        (round_ends if step.kind == "round-end" else moves)[step.line].append(step)
    vp: dict[tuple[int, str | None], int] = defaultdict(int)
    now: dict[tuple[int, str | None], int] = {}
    running = {p.name: p.vp for p in result.table.players}
    for _rnd, at, who, source, points in reversed(result.ledger):
        now.setdefault((at, who), running[who])  # the track after this line's changes
        running[who] -= points
        if source != "pass penalty":
            vp[(at, who)] += points
    problems: dict[int, list[Diagnostic]] = defaultdict(list)
    for d in report.diagnostics:
        problems[d.span.line].append(d)

    out: list[str] = []
    for number, line in enumerate(report.lines, 1):
        out.append(line)
        indent = line[: len(line) - len(line.lstrip())]
        notes = []
        for player in dict.fromkeys(s.player for s in moves[number]):
            texts = [s.text for s in moves[number] if s.player == player]
            gained = vp.get((number, player))
            if gained:
                texts.append(
                    _("VP {gained}, now {now}").format(
                        gained=f"{gained:+d}", now=now[(number, player)]
                    )
                )
            notes.append((f"{player}: " if player else "") + "; ".join(texts))
        notes += [f"{d.severity}[{d.rule}]: {d.message}" for d in problems[number]]
        out += [f"{indent}{PREFIX}{n}" for n in notes]
        if round_ends[number]:
            title = round_ends[number][0].text.split(":", 1)[0]  # "end of round N"
            out.append(
                PREFIX
                + title
                + ": "
                + "; ".join(f"{s.player} {s.text.split(': ', 1)[1]}" for s in round_ends[number])
            )
    return "\n".join(out)
