"""The `explain` view: settle a dispute about one line.

The table before the line, then the steps the referee worked out at the line, each
with the rule that governs it and its arithmetic, and the verdict.  Formats: text,
JSON and Markdown (`FORMATS`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import N_, _, ngettext
from nauticus_ref.game.board import Board
from nauticus_ref.notation.model import Record, Turn
from nauticus_ref.notation.vocab import count
from nauticus_ref.referee.result import ReplayResult, TableView
from nauticus_ref.rules import BY_ID, SYNTAX
from nauticus_ref.rules.rule import cite
from nauticus_ref.views import markdown as md
from nauticus_ref.views.point import Point, find_point, replay_upto
from nauticus_ref.views.state import player_json, wheel_json
from nauticus_ref.views.text import versioned

if TYPE_CHECKING:
    from nauticus_ref.moves.turns import TurnOption, TurnOptions

Data = dict[str, Any]


def rule_json(rule_id: str | None) -> Data | None:
    rule = SYNTAX if rule_id == SYNTAX.id else BY_ID.get(rule_id or "")
    if rule is None:
        return None
    return {
        "id": rule.id,
        "title": rule.title,
        "section": rule.section,
        "section_en": rule.section_en,
        "summary": rule.summary,
    }


def explain_json(
    path: str,
    lines: list[str],
    record: Record,
    full: ReplayResult,
    diagnostics: list[Diagnostic],
    board: Board,
    point: Point,
) -> Data:
    before = replay_upto(record, point.line - 1, board)
    who = None
    if point.turn is not None:
        who = point.turn.player.key
    elif point.phase is not None:
        who = point.phase.player.key
    situation: Data = {}
    if who is not None and who in before.by_key:
        situation["player"] = player_json(before, before.by_key[who])
    if point.phase is not None and len(before.deal) == 8 and point.phase.action in before.deal:
        space = before.deal.index(point.phase.action)
        wheel = wheel_json(before)[space]
        situation["action"] = {
            "action": point.phase.action,
            **wheel,
            "bonus": before.board.bonuses[space],
        }
        if point.turn is not None and before.phase_blue is not None:
            situation["action"]["blue_workers"] = before.phase_blue
    what = (
        N_("a turn")
        if point.turn is not None
        else N_("a phase line")
        if point.phase is not None
        else N_("a line")
    )
    dealt = next((r for r in record.rounds if r.span.line == point.line), None)
    if dealt is not None:
        from nauticus_ref.views.card import card_json

        after = replay_upto(record, point.line, board)
        situation["card"] = card_json(
            after.board, after.deal, after.anchor, dealt.number, (), after.word
        )
        what = N_("a round line")
    if record.final is not None and record.final.span.line == point.line:
        situation["scores"] = _final_scores(record, before)
        what = N_("the final scores")
    steps = [
        {"text": s.text, "player": s.player, "rule": rule_json(s.rule)}
        for s in full.steps
        if s.line == point.line
    ]
    found = [d for d in diagnostics if d.span.line == point.line]
    legal = not any(d.severity == "error" for d in found)
    verdict: Data = {
        "legal": legal,
        "diagnostics": [
            {**d.as_json(), "why": (rule_json(d.rule) or {}).get("summary")} for d in found
        ],
    }
    if not legal and point.turn is not None:
        verdict["nearest"] = _nearest(record, board, lines, point.turn, found)
    return {
        "path": path,
        "line": point.line,
        "source": lines[point.line - 1] if 0 < point.line <= len(lines) else "",
        "what": what,
        "round": point.round,
        "phase": point.phase.number if point.phase is not None else None,
        "player": point.turn.player.text
        if point.turn is not None
        else (point.phase.player.text if point.phase is not None else None),
        "before": situation,
        "steps": steps,
        "verdict": verdict,
    }


#: Seconds explain searches for the nearest legal turns (a turn with very many options
#: may need longer; explain then shows none).
NEAREST_SECONDS = 0.5


def _nearest(
    record: Record, board: Board, lines: list[str], turn: Turn, found: list[Diagnostic]
) -> list[Data]:
    """The legal turns nearest to an illegal one, each with how many changes it makes;
    first, where a finding's own fix (`found`, as its help says) writes a legal turn,
    that turn."""
    from nauticus_ref.moves.edits import suggestions
    from nauticus_ref.moves.nearest import changes
    from nauticus_ref.moves.point import turn_options_of
    from nauticus_ref.moves.turns import key

    given = turn_options_of(record, board, turn, lines)
    if given is None:
        return []  # a turn out of order: the options are the next player's
    options, read = given
    printer = options.printer(record)
    near, _complete = suggestions(
        options, read.clauses, deadline=time.monotonic() + NEAREST_SECONDS
    )
    fixed = [o for o in (_fixed(options, board, lines, turn, d) for d in found) if o]
    shown = [(changes(read.clauses, o.clauses), o.clauses) for o in fixed]
    own = {key(o.clauses) for o in fixed}
    shown += [(d, clauses) for d, clauses in near if key(clauses) not in own]
    return [{"text": printer.turn(options.turn_of(c)), "changes": d} for d, c in shown]


def _fixed(
    options: TurnOptions, board: Board, lines: list[str], turn: Turn, d: Diagnostic
) -> TurnOption | None:
    """The option a finding's own fix writes on the turn's line, if it writes a legal
    turn there (the record replayed with the fix applied says so)."""
    from nauticus_ref.moves.point import turn_options_of
    from nauticus_ref.views.whatif import rewritten

    line = turn.span.line
    for fix in d.fixes:
        if not fix.edits or any(e.span.line != line or e.span.end_line != line for e in fix.edits):
            continue
        text = lines[line - 1]
        for e in sorted(fix.edits, key=lambda e: e.span.column, reverse=True):
            text = text[: e.span.column - 1] + e.text + text[e.span.end_column - 1 :]
        game = rewritten("<fix>", lines, line, text, board)
        if game.record is None or any(x.span.line == line for x in game.errors):
            continue
        written = find_point(game.record, line).turn
        given = turn_options_of(game.record, board, written, game.lines) if written else None
        option = options.find(given[1].clauses) if given is not None else None
        if option is not None:
            return option
    return None


def _rule_ref(rule: Data | None) -> str:
    if rule is None:
        return ""
    return f"[{rule['id']}] {rule['title']}: {cite(rule['section'], rule['section_en'])}"


def _final_scores(record: Record, table: TableView) -> list[Data]:
    """Each player's final scoring, part by part, beside what the final line writes."""
    from nauticus_ref.game.scoring import final_scores

    assert record.final is not None
    written = {e.player.key: e.score for e in record.final.entries}
    return [
        {
            "name": s.name,
            "track": s.track,
            "ships": s.ships_vp,
            "goods": s.goods_vp,
            "material": s.material_vp,
            "taler": s.total_taler,
            "total": s.total,
            "written": written.get(s.name.casefold()),
        }
        for s in final_scores(table.players)
    ]


def _before_lines(before: Data) -> list[str]:
    """The card a round line deals, or the final scoring's arithmetic."""
    from nauticus_ref.views.card import card_lines

    out: list[str] = []
    if "card" in before:
        out += [
            "  "
            + _("the wheel's anchor points at the {space} space").format(
                space=before["card"]["anchor"]
            )
        ]
        out += card_lines(before["card"])
    for s in before.get("scores", []):
        written = (
            ""
            if s["written"] is None
            else (
                "; " + _("the final line agrees")
                if s["written"] == s["total"]
                else "; " + _("the final line writes {score}").format(score=s["written"])
            )
        )
        out.append(
            f"  {s['name']}: "
            + _(
                "track {track} + ships {ships} + goods {goods} + material {material} "
                "({taler} taler / 3) = {total}"
            ).format(**{k: s[k] for k in ("track", "ships", "goods", "material", "taler", "total")})
            + written
        )
    return out


def explain_text(data: Data) -> str:
    where = f"{data['path']}:{data['line']}"
    if data["round"] is not None:
        where += ", " + _("round {round} phase {phase}").format(
            round=data["round"], phase=data["phase"]
        )
    what = _(data["what"])
    if data["player"]:
        what = _("{what} of {player}").format(what=what, player=data["player"])
    out = [
        f"explain {where}: {what}",
        f"  {data['source'].strip()}",
        "",
    ]
    before = data["before"]
    if before:
        out.append(
            _("the card it deals")
            if "card" in before
            else _("the final scoring")
            if "scores" in before
            else _("before")
        )
        if "player" in before:
            p = before["player"]
            ships = "; ".join(
                f"{s['name']} {' '.join(s['hull'])}"
                + (
                    f" +{count(len(s['masts']), 'mast')} +{count(len(s['sails']), 'sail')}"
                    if s["masts"]
                    else ""
                )
                + (
                    ", " + _("goods {goods}").format(goods=" ".join(s["goods"]))
                    if s["goods"]
                    else ""
                )
                + (" " + _("(complete)") if s["complete"] else "")
                for s in p["ships"]
            ) or _("none")
            out.append(
                f"  {p['name']}: "
                + _(
                    "{vp} VP, {taler} taler, {workers}; storage {used}/12; crowns {crowns}; "
                    "pass tiles flipped {passed}; Extra Action {extra}"
                ).format(
                    vp=p["vp"],
                    taler=p["taler"],
                    workers=count(p["workers"], "worker"),
                    used=p["storage"]["used"],
                    crowns=p["crowns"]["total"],
                    passed=p["pass_tiles_flipped"],
                    extra=_(p["extra_action"]),
                )
            )
            out.append("  " + _("ships: {ships}").format(ships=ships))
        if "action" in before:
            a = before["action"]
            prices = ", ".join(f"{k} {v}" for k, v in a.get("prices", {}).items())
            out.append(
                "  "
                + _("`{action}` lies on the {space} space: bonus {space}, {blue}").format(
                    action=a["action"],
                    space=a["bonus"],
                    blue=count(a["blue_workers"], "blue worker"),
                )
                + (_("; prices {prices}").format(prices=prices) if prices else "")
            )
        out += _before_lines(before)
        out.append("")
    if data["steps"]:
        out.append(_("steps"))
        shown: set[str] = set()
        for i, s in enumerate(data["steps"], 1):
            out.append(f"  {i}. {s['text']}")
            rule = s["rule"]
            if rule:
                out.append(f"     {_rule_ref(rule)}")
                if rule["id"] not in shown:  # the summary once per explanation
                    shown.add(rule["id"])
                    out.append(f"     {rule['summary']}")
        out.append("")
    verdict = data["verdict"]
    problems = verdict["diagnostics"]
    if not problems:
        out.append(_("verdict: legal"))
    else:
        errors = sum(d["severity"] == "error" for d in problems)
        out.append(
            (
                _("verdict: not legal; {findings}") if errors else _("verdict: legal; {findings}")
            ).format(
                findings=ngettext("{n} finding", "{n} findings", len(problems)).format(
                    n=len(problems)
                )
            )
        )
        for d in problems:
            out.append(f"  {d['severity']}[{d['rule']}]: {d['message']}")
            rule = rule_json(d["rule"])
            if rule:
                out.append(
                    "    "
                    + _("why: {summary} ({citation})").format(
                        summary=rule["summary"], citation=cite(rule["section"], rule["section_en"])
                    )
                )
            if d["help"]:
                out.append("    " + _("what would be legal: {help}").format(help=d["help"]))
    if "instead" in data:
        from nauticus_ref.views.whatif import what_if_text

        out += ["", *what_if_text(data["instead"])]
    if verdict.get("nearest"):
        out.append(_("nearest legal turns, to write in its place:"))
        out += [f"  {n['text']}    ({count(n['changes'], 'change')})" for n in verdict["nearest"]]
    return "\n".join(out)


def explain_markdown(data: Data) -> str:
    text = explain_text(data)
    head, _nl, rest = text.partition("\n")
    return f"**{md.text(head)}**\n\n" + md.code_block(rest.strip())


#: The formats of this view, for the command line's choices.
FORMATS: dict[str, Callable[[Data], str]] = {
    "text": explain_text,
    "json": versioned,
    "markdown": explain_markdown,
}
