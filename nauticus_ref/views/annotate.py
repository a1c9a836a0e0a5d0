"""The annotated record: every phase and turn line followed by what the referee computed.

The annotations are comments (`# ref: ...`), so the output parses to the same record.
"""

from __future__ import annotations

from collections import defaultdict

from nauticus_ref.referee.validate import Game

PREFIX = "# ref: "


def annotate(report: Game) -> str:
    result = report.replayed
    moves: dict[int, list] = defaultdict(list)
    round_ends: dict[int, list] = defaultdict(list)
    for step in result.steps:
        (round_ends if step.kind == "round-end" else moves)[step.line].append(step)
    vp: dict[tuple[int, str], int] = defaultdict(int)
    now: dict[tuple[int, str], int] = {}
    running = {p.name: p.vp for p in result.table.players}
    for _rnd, line, who, source, points in reversed(result.ledger):
        now.setdefault((line, who), running[who])  # the track after this line's changes
        running[who] -= points
        if source != "pass penalty":
            vp[(line, who)] += points
    problems: dict[int, list] = defaultdict(list)
    for d in report.diagnostics:
        problems[d.span.line].append(d)

    out = []
    for number, line in enumerate(report.lines, 1):
        out.append(line)
        indent = line[: len(line) - len(line.lstrip())]
        notes = []
        for who in dict.fromkeys(s.player for s in moves[number]):
            texts = [s.text for s in moves[number] if s.player == who]
            gained = vp.get((number, who))
            if gained:
                texts.append(f"VP {gained:+d}, now {now[(number, who)]}")
            notes.append((f"{who}: " if who else "") + "; ".join(texts))
        notes += [f"{d.severity}[{d.rule}]: {d.message}" for d in problems[number]]
        out += [f"{indent}{PREFIX}{n}" for n in notes]
        if round_ends[number]:
            title = round_ends[number][0].text.split(":", 1)[0]  # "end of round N"
            out.append(PREFIX + title + ": " + "; ".join(
                f"{s.player} {s.text.split(': ', 1)[1]}" for s in round_ends[number]))
    return "\n".join(out)
