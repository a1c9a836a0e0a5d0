"""The score report: final scoring with every part shown, in text, JSON or Markdown.

Built from a replayed record (`referee.validate.Game`); an incomplete record is
scored as if the game ended now and is marked provisional.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable

from nauticus_ref.game.scoring import Score, final_scores, tie_breaks
from nauticus_ref.referee.validate import Game
from nauticus_ref.views import JSON_VERSION
from nauticus_ref.views import markdown as md
from nauticus_ref.views.text import dumps

SOURCES = ("bonus", "crowns", "rewards", "pass penalty", "correction")
MATERIAL_WORDS = {
    "workers": ("worker", "workers"),
    "storage": ("stored tile", "stored tiles"),
    "unfinished ships": ("part of unfinished ships", "parts of unfinished ships"),
    "undelivered goods": ("undelivered good", "undelivered goods"),
}


def _ledger(report: Game, name: str) -> list[dict[str, int]]:
    assert report.replayed is not None
    rounds: dict[int, dict[str, int]] = defaultdict(lambda: {s: 0 for s in SOURCES})
    for rnd, _line, who, source, points in report.replayed.ledger:
        if who == name:
            rounds[rnd][source] += points
    return [{"round": r, **{k: v for k, v in sources.items() if v or k != "correction"},
             "total": sum(sources.values())} for r, sources in sorted(rounds.items())]


def score_json(report: Game) -> dict[str, Any]:
    """One game's scores, or an error when the record could not be replayed."""
    diagnostics = [d.as_json(report.path) for d in report.diagnostics]
    if report.replayed is None:
        return {"path": report.path, "complete": False, "valid": False, "players": [],
                "error": "the record has syntax errors and cannot be scored",
                "diagnostics": diagnostics}
    players = []
    scores = final_scores(report.replayed.table.players)
    for s in scores:
        ledger = _ledger(report, s.name)
        players.append({
            "name": s.name, "seat": s.seat + 1, "rank": s.rank, "shared": s.shared,
            "total": s.total,
            "breakdown": {"track": s.track, "ships": s.ships_vp, "goods": s.goods_vp,
                          "material": s.material_vp},
            "taler": s.total_taler, "taler_remainder": s.remainder,
            "details": {
                "track_start": s.track - sum(r["total"] for r in ledger),
                "ships": [{"ship": n, "size": size, "vp": vp} for n, size, vp in s.ships],
                "goods": [{"good": g, "count": n, "vp": vp} for g, n, vp in s.goods],
                "material": {"taler_in_hand": s.taler, **s.material},
            },
            "ledger": ledger,
        })
    return {"path": report.path, "complete": report.complete, "valid": report.valid,
            "players": players, "tie_breaks": tie_breaks(scores), "diagnostics": diagnostics}


def _parts(s: Score) -> str:
    return (f"track {s.track} + ships {s.ships_vp} + goods {s.goods_vp} + material "
            f"{s.material_vp}")


def score_text(report: Game) -> str:
    data = score_json(report)
    if "error" in data:
        return f"{report.path}: {data['error']}"
    state = ("complete game, final scoring" if report.complete else
             "incomplete record: the standing if the game ended now (provisional)")
    out = [f"{report.path}: {state}"]
    if not report.valid:
        errors = sum(d.severity == "error" for d in report.diagnostics)
        out.append(f"warning: the record has {errors} error{'s' if errors != 1 else ''}; this "
                   "score rests on an invalid record (see `nauticus-ref validate`)")
    assert report.replayed is not None   # score_json said so otherwise
    scores = final_scores(report.replayed.table.players)
    width = max(len(s.name) for s in scores)
    out.append("")
    for s in scores:
        place = f"{s.rank}{'=' if s.shared else '.'}"
        out.append(f"  {place:<3} {s.name:<{width}}  {s.total:>3} VP   {_parts(s)}"
                   f"   ({s.total_taler} taler, remainder {s.remainder})")
    out += [f"  tie-break: {t}" for t in data["tie_breaks"]]
    for s, p in zip(scores, data["players"]):
        d = p["details"]
        out += ["", s.name]
        track = [f"start {d['track_start']}"] + [
            f"round {r['round']}: " + ", ".join(f"{k} {v:+d}" for k, v in r.items()
                                                if k not in ("round", "total") and v)
            for r in p["ledger"] if any(v for k, v in r.items() if k not in ("round", "total"))]
        out.append(f"  track     {s.track:>3}   " + "; ".join(track))
        ships = ", ".join(f"{n} {size}-ship {vp}" for n, size, vp in s.ships) or "none"
        out.append(f"  ships     {s.ships_vp:>3}   {ships}")
        goods = ", ".join(f"{n} {g} {vp}" for g, n, vp in s.goods) or "none"
        out.append(f"  goods     {s.goods_vp:>3}   {goods}")
        mat = d["material"]
        parts = [f"{mat['taler_in_hand']} in hand"] + [
            f"{v} {MATERIAL_WORDS[k][v != 1]}" for k, v in mat.items() if k != "taler_in_hand" and v]
        out.append(f"  material  {s.material_vp:>3}   {s.total_taler} taler ("
                   + " + ".join(parts) + f") / 3 = {s.material_vp}, remainder {s.remainder}")
    return "\n".join(out)


def score_markdown(report: Game) -> str:
    data = score_json(report)
    if "error" in data:
        return f"**{md.text(report.path)}**: {data['error']}"
    state = "final scoring" if report.complete else "provisional standing (the game is not over)"
    out = [f"**{md.text(report.path)}**: {state}" + ("" if report.valid else
                                             " — *the record has errors*"), "",
           "| Rank | Player | Track | Ships | Goods | Material | **Total** | Taler |",
           "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for p in data["players"]:
        b = p["breakdown"]
        rank = f"{p['rank']}{'=' if p['shared'] else ''}"
        out.append(f"| {rank} | {md.text(p['name'])} | {b['track']} | {b['ships']} | {b['goods']} | "
                   f"{b['material']} | **{p['total']}** | {p['taler']} |")
    if data["tie_breaks"]:
        out += [""] + [f"Tie-break: {md.text(t)}" for t in data["tie_breaks"]]
    rounds = sorted({r["round"] for p in data["players"] for r in p["ledger"]})
    if rounds:
        out += ["", "Victory points on the track by round (bonus, crowns, rewards, pass penalty):",
                "", "| Player | " + " | ".join(f"R{r}" for r in rounds) + " |",
                "|---|" + "---:|" * len(rounds)]
        for p in data["players"]:
            by_round = {r["round"]: r["total"] for r in p["ledger"]}
            out.append(f"| {md.text(p['name'])} | " + " | ".join(f"{by_round.get(r, 0):+d}" for r in rounds)
                       + " |")
    return "\n".join(out)


#: The formats of this view, for the command line's choices.
FORMATS: dict[str, Callable[[Game], Any]] = {"text": score_text, "json": score_json,
                                             "markdown": score_markdown}
#: The gathered formats: every game's part in one document.
DOCUMENTS: dict[str, Callable[[list[dict[str, Any]]], str]] = {
    "json": lambda games: dumps({"version": JSON_VERSION, "games": games})}
