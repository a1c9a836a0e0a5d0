"""The state at any point of a record, and the explanation of one line.

Lines are independent, so the state after line N is the replay of what stands
on the first N lines: the parsed record is replayed up to that line.  An explanation takes the state
before the line, then the steps the engine worked out at the line, each with the
rule that governs it, and the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from nauticus_ref.views import markdown as md
from nauticus_ref.game.board import Board
from nauticus_ref.referee.engine import ITEM_KIND_OF_ACTION, replay
from nauticus_ref.referee.result import PlayerView, ReplayResult, TableView
from nauticus_ref.notation.model import Phase, Record, Turn
from nauticus_ref.rules import BY_ID, SYNTAX
from nauticus_ref.game.state import STORAGE_SPACES, tile_text
from nauticus_ref.notation.vocab import count


class InspectError(Exception):
    """The point asked for is not in the record; the message is for the user."""


@dataclass
class Point:
    """A line of the record and what stands on it."""

    line: int
    round: int | None = None
    phase: Phase | None = None
    turn: Turn | None = None


def replay_upto(record: Record, last_line: int, board: Board) -> TableView:
    """The replay of what stands on lines 1..last_line (0: nothing played yet)."""
    span = record.header.players_span
    if span is None or span.line > last_line:
        raise InspectError(f"the players are not named yet by line {last_line}; "
                           "choose a later point")
    return replay(record, board, until_line=last_line).table


def find_point(record: Record, line: int | None = None, at: str | None = None) -> Point:
    """The point named by `--line N` or `--at ROUND.PHASE[.PLAYER]`."""
    if at is not None:
        parts = at.split(".", 2)
        try:
            rnd, ph = int(parts[0]), int(parts[1])
        except (ValueError, IndexError):
            raise InspectError(f"`{at}` is not ROUND.PHASE or ROUND.PHASE.PLAYER, "
                               "like `2.3` or `2.3.Anna`") from None
        player = parts[2].casefold() if len(parts) == 3 else None
        for r in record.rounds:
            for p in r.phases:
                if r.number == rnd and p.number == ph:
                    if player is None:
                        return Point(p.span.line, r.number, p)
                    for t in p.turns:
                        if t.player.key == player:
                            return Point(t.span.line, r.number, p, t)
                    raise InspectError(f"no turn of `{parts[2]}` in round {rnd} phase {ph}")
        raise InspectError(f"the record has no round {rnd} phase {ph}")
    for r in record.rounds:
        for p in r.phases:
            if p.span.line == line:
                return Point(line, r.number, p)
            for t in p.turns:
                if t.span.line == line:
                    return Point(line, r.number, p, t)
    return Point(line)


# -- state ----------------------------------------------------------------------------

def player_json(rp: TableView, p: PlayerView) -> dict:
    masts, sails, tiles = p.crowns_breakdown()
    return {
        "name": p.name, "seat": p.seat + 1, "vp": p.vp, "taler": p.taler, "workers": p.workers,
        "pass_tiles_flipped": p.passed, "extra_action": "used" if p.extra_used else "unused",
        "crowns": {"total": masts + sails + tiles, "crown_masts": masts, "crown_sails": sails,
                   "pass_tiles": tiles},
        "storage": {"used": p.storage_used, "spaces": STORAGE_SPACES,
                    "tiles": {rp.tile(t): n for t, n in sorted(p.storage.items()) if n}},
        "ships": [{"name": s.name, "hull": s.parts, "masts": [rp.word(c) for c in s.masts],
                   "sails": [rp.word(c) for c in s.sails], "goods": s.goods,
                   "complete": s.complete} for s in p.ships.values()],
        "delivered": {g: n for g, n in sorted(p.delivered.items()) if n},
    }


def wheel_json(rp: TableView) -> list[dict]:
    board = rp.board
    out = []
    for space, bonus in enumerate(board.bonuses):
        action = rp.deal[space] if len(rp.deal) == 8 else None
        entry = {"space": bonus, "action": action,
                 "blue_workers": board.blue_workers(space, rp.anchor),
                 "face_up": action is not None and action not in rp.flipped}
        if action in board.tiles:
            entry["prices"] = {tile_text((ITEM_KIND_OF_ACTION[action], i), rp.word): n
                               for i, n in zip(board.tiles[action], board.prices[space])}
        out.append(entry)
    return out


def state_json(rp: TableView, where: str) -> dict:
    return {
        "where": where, "round": rp.round_no or None, "phase": rp.phase_no or None,
        "round_over": rp.round_ended,
        "players": [player_json(rp, p) for p in rp.players],
        "face_up": [a for a in rp.deal if a not in rp.flipped],
        "flipped": list(rp.flipped),
        "anchor": rp.board.bonuses[rp.anchor],
        # after a round and before the next round line: where the wheel turns next
        "next_anchor": rp.board.bonuses[rp.next_anchor] if rp.round_ended and rp.next_anchor
        is not None and rp.rounds_played < rp.max_rounds else None,
        "wheel": wheel_json(rp),
        "supply": {rp.tile(t): n for t, n in rp.supply.items()},
    }


def _player_lines(p: dict) -> list[str]:
    c = p["crowns"]
    out = [f"{p['name']} (seat {p['seat']}): {p['vp']} VP, {p['taler']} taler, "
           f"{count(p['workers'], 'worker')}; {count(p['pass_tiles_flipped'], 'pass tile')} "
           f"flipped; Extra Action {p['extra_action']}; {count(c['total'], 'crown')}"]
    st = p["storage"]
    tiles = ", ".join(f"{n} {t}" if n > 1 else t for t, n in st["tiles"].items()) or "empty"
    out.append(f"  storage {st['used']}/{st['spaces']}: {tiles}")
    for s in p["ships"]:
        parts = " ".join(s["hull"]) or "no hull yet"
        extras = [f"masts {' '.join(s['masts'])}" if s["masts"] else "",
                  f"sails {' '.join(s['sails'])}" if s["sails"] else "",
                  f"goods {' '.join(s['goods'])}" if s["goods"] else ""]
        out.append(f"  ship {s['name']}: {parts}" + "".join(f"; {e}" for e in extras if e)
                   + (" (complete)" if s["complete"] else ""))
    if p["delivered"]:
        out.append("  delivered: " + ", ".join(f"{n} {g}" for g, n in p["delivered"].items()))
    return out


def state_text(data: dict) -> str:
    out = [f"state {data['where']}"]
    for p in data["players"]:
        out += [""] + _player_lines(p)
    out += ["", f"face up: {' '.join(data['face_up']) or 'none'}; flipped: "
                f"{' '.join(data['flipped']) or 'none'}",
            f"wheel: the anchor points at the {data['anchor']} space"
            + (f"; round {data['round']} is over, and the next round's anchor points at the "
               f"{data['next_anchor']} space" if data["next_anchor"] else "")]
    for w in data["wheel"]:
        prices = ", ".join(f"{k} {v}" for k, v in w.get("prices", {}).items())
        out.append(f"  {w['space']:<7} {w['action'] or '-':<10} {w['blue_workers']} blue"
                   + ("" if w["face_up"] else "  (flipped)") + (f"  {prices}" if prices else ""))
    out.append("supply: " + ", ".join(f"{t} {n}" for t, n in data["supply"].items()))
    return "\n".join(out)


def state_markdown(data: dict) -> str:
    out = [f"**State {md.text(data['where'])}**", "",
           "| Player | VP | Taler | Workers | Pass tiles | Crowns | Storage | Extra |",
           "|---|---:|---:|---:|---:|---:|---:|---|"]
    for p in data["players"]:
        out.append(f"| {md.text(p['name'])} | {p['vp']} | {p['taler']} | {p['workers']} | "
                   f"{p['pass_tiles_flipped']} | {p['crowns']['total']} | "
                   f"{p['storage']['used']}/12 | {p['extra_action']} |")
    out += ["", md.code_block("\n".join(ln for p in data["players"] for ln in _player_lines(p)))]
    out += ["", "| Space | Action | Blue workers | Face up |", "|---|---|---:|---|"]
    out += [f"| {w['space']} | {w['action'] or ''} | {w['blue_workers']} | "
            f"{'yes' if w['face_up'] else 'no'} |" for w in data["wheel"]]
    return "\n".join(out)


# -- explain ---------------------------------------------------------------------------

def rule_json(rule_id: str | None) -> dict | None:
    rule = BY_ID.get(rule_id) if rule_id != "syntax" else SYNTAX
    if rule is None:
        return None
    return {"id": rule.id, "title": rule.title, "section": rule.section,
            "section_en": rule.section_en, "summary": rule.summary}


def explain_json(path: str, lines: list[str], record: Record, full: ReplayResult, diagnostics,
                 board: Board, point: Point) -> dict:
    before = replay_upto(record, point.line - 1, board)
    who = None
    if point.turn is not None:
        who = point.turn.player.key
    elif point.phase is not None:
        who = point.phase.player.key
    situation = {}
    if who is not None and who in before.by_key:
        situation["player"] = player_json(before, before.by_key[who])
    if point.phase is not None and len(before.deal) == 8 and point.phase.action in before.deal:
        space = before.deal.index(point.phase.action)
        wheel = wheel_json(before)[space]
        situation["action"] = {"action": point.phase.action, **wheel,
                               "bonus": before.board.bonuses[space]}
        if point.turn is not None and before.phase_blue is not None:
            situation["action"]["blue_workers"] = before.phase_blue
    steps = [{"text": s.text, "player": s.player, "rule": rule_json(s.rule)}
             for s in full.steps if s.line == point.line]
    found = [d for d in diagnostics if d.span.line == point.line]
    what = ("a turn" if point.turn is not None else "a phase line" if point.phase is not None
            else "a line")
    return {
        "path": path, "line": point.line, "source": lines[point.line - 1]
        if 0 < point.line <= len(lines) else "",
        "what": what, "round": point.round,
        "phase": point.phase.number if point.phase is not None else None,
        "player": point.turn.player.text if point.turn is not None else
        (point.phase.player.text if point.phase is not None else None),
        "before": situation, "steps": steps,
        "verdict": {"legal": not any(d.severity == "error" for d in found),
                    "diagnostics": [{**d.as_json(), "why": (rule_json(d.rule) or {}).get("summary")}
                                    for d in found]},
    }


def _rule_ref(rule: dict | None) -> str:
    if rule is None:
        return ""
    return f"[{rule['id']}] {rule['title']}: German {rule['section']} ({rule['section_en']})"


def explain_text(data: dict) -> str:
    where = f"{data['path']}:{data['line']}"
    if data["round"] is not None:
        where += f", round {data['round']} phase {data['phase']}"
    out = [f"explain {where}: {data['what']}" + (f" of {data['player']}" if data["player"] else ""),
           f"  {data['source'].strip()}", ""]
    before = data["before"]
    if before:
        out.append("before")
        if "player" in before:
            p = before["player"]
            ships = "; ".join(f"{s['name']} {' '.join(s['hull'])}" + (
                f" +{count(len(s['masts']), 'mast')} +{count(len(s['sails']), 'sail')}"
                if s["masts"] else "")
                + (f", goods {' '.join(s['goods'])}" if s["goods"] else "")
                + (" (complete)" if s["complete"] else "") for s in p["ships"]) or "none"
            out.append(f"  {p['name']}: {p['vp']} VP, {p['taler']} taler, "
                       f"{count(p['workers'], 'worker')}; "
                       f"storage {p['storage']['used']}/12; crowns {p['crowns']['total']}; "
                       f"pass tiles flipped {p['pass_tiles_flipped']}; Extra Action "
                       f"{p['extra_action']}")
            out.append(f"  ships: {ships}")
        if "action" in before:
            a = before["action"]
            prices = ", ".join(f"{k} {v}" for k, v in a.get("prices", {}).items())
            out.append(f"  `{a['action']}` lies on the {a['bonus']} space: bonus {a['bonus']}, "
                       f"{count(a['blue_workers'], 'blue worker')}"
                       + (f"; prices {prices}" if prices else ""))
        out.append("")
    if data["steps"]:
        out.append("steps")
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
        out.append("verdict: legal")
    else:
        errors = sum(d["severity"] == "error" for d in problems)
        out.append(f"verdict: {'not legal' if errors else 'legal'}; "
                   f"{len(problems)} finding{'s' if len(problems) != 1 else ''}")
        for d in problems:
            out.append(f"  {d['severity']}[{d['rule']}]: {d['message']}")
            rule = rule_json(d["rule"])
            if rule:
                out.append(f"    why: {rule['summary']} (German {rule['section']})")
            if d["help"]:
                out.append(f"    what would be legal: {d['help']}")
    return "\n".join(out)


def explain_markdown(data: dict) -> str:
    text = explain_text(data)
    head, _, rest = text.partition("\n")
    return f"**{md.text(head)}**\n\n" + md.code_block(rest.strip())
