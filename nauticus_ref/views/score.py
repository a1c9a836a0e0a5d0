"""The score report: final scoring with every part shown, in text, JSON or Markdown.

Built from a replayed record (`referee.validate.Game`); an incomplete record is
scored as if the game ended now and is marked provisional.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable

from nauticus_ref.core.language import N_, _, ngettext, nN_
from nauticus_ref.game.scoring import Score, final_scores, tie_breaks
from nauticus_ref.referee.validate import Game
from nauticus_ref.views import JSON_VERSION
from nauticus_ref.views import markdown as md
from nauticus_ref.views.text import json_item, json_list_document

SOURCES = ("bonus", "crowns", "rewards", "pass penalty", "correction")
#: The sources as a person reads them (`_`), marked for the catalogs.
SOURCE_WORDS = (N_("bonus"), N_("crowns"), N_("rewards"), N_("pass penalty"))
MATERIAL_WORDS = {
    "workers": nN_("{n} worker", "{n} workers"),
    "storage": nN_("{n} stored tile", "{n} stored tiles"),
    "unfinished ships": nN_("{n} part of unfinished ships", "{n} parts of unfinished ships"),
    "undelivered goods": nN_("{n} undelivered good", "{n} undelivered goods"),
}


def _ledger(report: Game, name: str) -> list[dict[str, int]]:
    assert report.replayed is not None
    rounds: dict[int, dict[str, int]] = defaultdict(lambda: {s: 0 for s in SOURCES})
    for rnd, _line, who, source, points in report.replayed.ledger:
        if who == name:
            rounds[rnd][source] += points
    return [
        {
            "round": r,
            **{k: v for k, v in sources.items() if v or k != "correction"},
            "total": sum(sources.values()),
        }
        for r, sources in sorted(rounds.items())
    ]


#: What the final scoring adds to the track, in the order of the rulebook's end scoring.
END_SOURCES = ("ships", "goods", "material")


def _point(
    at: str,
    rnd: int | None,
    phase: int | None,
    vp: dict[str, int],
    changes: dict[tuple[str, str], int],
) -> dict[str, Any]:
    return {
        "at": at,
        "round": rnd,
        "phase": phase,
        "vp": dict(vp),
        "changes": [
            {"player": who, "source": source, "points": n}
            for (who, source), n in changes.items()
            if n
        ],
    }


def timeline(report: Game, scores: list[Score]) -> list[dict[str, Any]]:
    """Each player's victory points at the start, after every phase, at each round's
    end (the pass penalty) and after the final scoring, with what changed them there.

    A point is `at` "start", "R.P" (after phase P of round R), "R end" or "end".
    A change on a line before a round's first phase (a check line's correction)
    counts with that first phase.
    """
    record, replayed = report.record, report.replayed
    assert record is not None and replayed is not None
    vp = {s.name: s.track for s in scores}
    for entry in replayed.ledger:
        vp[entry.player] -= entry.points  # back to the start of the track
    # every ledger entry to the point it belongs to: its round's phase or the round's end
    at: dict[tuple[int, int | None], dict[tuple[str, str], int]] = {}
    starts = {rnd.number: [(ph.span.line, ph.number) for ph in rnd.phases] for rnd in record.rounds}
    before: dict[tuple[str, str], int] = {}
    for entry in replayed.ledger:
        phases = starts.get(entry.round, [])
        if not phases:
            key: tuple[int, int | None] | None = None
        elif entry.source == "pass penalty":
            key = (entry.round, None)
        else:
            key = (
                entry.round,
                max((n for line, n in phases if line <= entry.line), default=phases[0][1]),
            )
        changes = before if key is None else at.setdefault(key, {})
        changes[entry.player, entry.source] = (
            changes.get((entry.player, entry.source), 0) + entry.points
        )
    for (who, _source), n in before.items():
        vp[who] += n
    out = [_point("start", None, None, vp, {})]
    for rnd in record.rounds:
        keys: list[tuple[int, int | None]] = [(rnd.number, ph.number) for ph in rnd.phases]
        if (rnd.number, None) in at:
            keys.append((rnd.number, None))
        for key in keys:
            changes = at.get(key, {})
            for (who, _source), n in changes.items():
                vp[who] += n
            r, ph = key
            out.append(_point(f"{r}.{ph}" if ph is not None else f"{r} end", r, ph, vp, changes))
    end = {
        (s.name, source): n
        for s in scores
        for source, n in zip(END_SOURCES, (s.ships_vp, s.goods_vp, s.material_vp))
    }
    out.append(_point("end", None, None, {s.name: s.total for s in scores}, end))
    return out


def score_json(report: Game) -> dict[str, Any]:
    """One game's scores, or an error when the record could not be replayed."""
    diagnostics = [d.as_json(report.path) for d in report.diagnostics]
    if report.replayed is None:
        return {
            "path": report.path,
            "complete": False,
            "valid": False,
            "players": [],
            "error": _("the record has syntax errors and cannot be scored"),
            "diagnostics": diagnostics,
        }
    players = []
    scores = final_scores(report.replayed.table.players)
    for s in scores:
        ledger = _ledger(report, s.name)
        players.append(
            {
                "name": s.name,
                "seat": s.seat + 1,
                "rank": s.rank,
                "shared": s.shared,
                "total": s.total,
                "breakdown": {
                    "track": s.track,
                    "ships": s.ships_vp,
                    "goods": s.goods_vp,
                    "material": s.material_vp,
                },
                "taler": s.total_taler,
                "taler_remainder": s.remainder,
                "details": {
                    "track_start": s.track - sum(r["total"] for r in ledger),
                    "ships": [{"ship": n, "size": size, "vp": vp} for n, size, vp in s.ships],
                    "goods": [{"good": g, "count": n, "vp": vp} for g, n, vp in s.goods],
                    "material": {"taler_in_hand": s.taler, **s.material},
                },
                "ledger": ledger,
            }
        )
    header = report.record.header if report.record is not None else None
    written = {"title": header.game, "date": header.date} if header is not None else {}
    named = {key: node.text for key, node in written.items() if node is not None}
    return {
        "path": report.path,
        **named,
        "complete": report.complete,
        "valid": report.valid,
        "players": players,
        "tie_breaks": tie_breaks(scores),
        "timeline": timeline(report, scores),
        "diagnostics": diagnostics,
    }


def _parts(b: dict[str, int]) -> str:
    return _("track {track} + ships {ships} + goods {goods} + material {material}").format(**b)


def state_line(data: dict[str, Any]) -> str:
    return (
        _("complete game, final scoring")
        if data["complete"]
        else _("incomplete record: the standing if the game ended now (provisional)")
    )


def invalid_line(data: dict[str, Any]) -> str | None:
    """The warning for a score that rests on a record with errors."""
    if data["valid"]:
        return None
    errors = sum(d["severity"] == "error" for d in data["diagnostics"])
    return ngettext(
        "the record has {n} error; this score rests on an invalid record (see "
        "`nauticus-ref validate`)",
        "the record has {n} errors; this score rests on an invalid record (see "
        "`nauticus-ref validate`)",
        errors,
    ).format(n=errors)


#: A source of VP on the track as the breakdown says it: a check line's correction is the
#: record's value taken after an error made the replay's doubtful.
TRACK_WORDS = {"correction": N_("set by a check line after an error")}


def breakdown(p: dict[str, Any]) -> list[tuple[str, int, str]]:
    """One player's score, part by part: the part, its VP, and how it was reached."""
    b, d = p["breakdown"], p["details"]
    track = [_("start {vp}").format(vp=d["track_start"])] + [
        _("round {round}: ").format(round=r["round"])
        + ", ".join(
            f"{_(TRACK_WORDS.get(k, k))} {v:+d}"
            for k, v in r.items()
            if k not in ("round", "total") and v
        )
        for r in p["ledger"]
        if any(v for k, v in r.items() if k not in ("round", "total"))
    ]
    ships = ", ".join(
        _("{ship} {size}-ship {vp}").format(ship=s["ship"], size=s["size"], vp=s["vp"])
        for s in d["ships"]
    ) or _("none")
    goods = ", ".join(f"{g['count']} {g['good']} {g['vp']}" for g in d["goods"]) or _("none")
    mat = d["material"]
    parts = [_("{n} in hand").format(n=mat["taler_in_hand"])] + [
        ngettext(*MATERIAL_WORDS[k], v).format(n=v)
        for k, v in mat.items()
        if k != "taler_in_hand" and v
    ]
    material = _("{taler} taler ({parts}) / 3 = {vp}, remainder {remainder}").format(
        taler=p["taler"],
        parts=" + ".join(parts),
        vp=b["material"],
        remainder=p["taler_remainder"],
    )
    return [
        (_("track"), b["track"], "; ".join(track)),
        (_("ships"), b["ships"], ships),
        (_("goods"), b["goods"], goods),
        (_("material"), b["material"], material),
    ]


def score_text(report: Game) -> str:
    data = score_json(report)
    if "error" in data:
        return f"{report.path}: {data['error']}"
    out = [f"{report.path}: {state_line(data)}"]
    warning = invalid_line(data)
    if warning:
        out.append(_("warning: {warning}").format(warning=warning))
    width = max(len(p["name"]) for p in data["players"])
    out.append("")
    for p in data["players"]:
        place = f"{p['rank']}{'=' if p['shared'] else '.'}"
        out.append(
            f"  {place:<3} {p['name']:<{width}}  {p['total']:>3} "
            + _("VP   {parts}   ({taler} taler, remainder {remainder})").format(
                parts=_parts(p["breakdown"]), taler=p["taler"], remainder=p["taler_remainder"]
            )
        )
    out += ["  " + _("tie-break: {how}").format(how=t) for t in data["tie_breaks"]]
    for p in data["players"]:
        out += ["", p["name"]]
        out += [f"  {part:<8}  {vp:>3}   {how}" for part, vp, how in breakdown(p)]
    return "\n".join(out)


def score_markdown(report: Game) -> str:
    data = score_json(report)
    if "error" in data:
        return f"**{md.text(report.path)}**: {data['error']}"
    state = (
        _("final scoring") if report.complete else _("provisional standing (the game is not over)")
    )
    out = [
        f"**{md.text(report.path)}**: {state}"
        + ("" if report.valid else " — *" + _("the record has errors") + "*"),
        "",
        _("| Rank | Player | Track | Ships | Goods | Material | **Total** | Taler |"),
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for p in data["players"]:
        b = p["breakdown"]
        rank = f"{p['rank']}{'=' if p['shared'] else ''}"
        out.append(
            f"| {rank} | {md.text(p['name'])} | {b['track']} | {b['ships']} | {b['goods']} | "
            f"{b['material']} | **{p['total']}** | {p['taler']} |"
        )
    if data["tie_breaks"]:
        out += [""] + [_("Tie-break: {how}").format(how=md.text(t)) for t in data["tie_breaks"]]
    rounds = sorted({r["round"] for p in data["players"] for r in p["ledger"]})
    if rounds:
        out += [
            "",
            _("Victory points on the track by round (bonus, crowns, rewards, pass penalty):"),
            "",
            _("| Player | ") + " | ".join(_("R{round}").format(round=r) for r in rounds) + " |",
            "|---|" + "---:|" * len(rounds),
        ]
        for p in data["players"]:
            by_round = {r["round"]: r["total"] for r in p["ledger"]}
            out.append(
                f"| {md.text(p['name'])} | "
                + " | ".join(f"{by_round.get(r, 0):+d}" for r in rounds)
                + " |"
            )
    return "\n".join(out)


def score_svg(report: Game) -> str:
    """The score track of one game as a picture (a picture that says why, if the record
    cannot be scored)."""
    from nauticus_ref.views import chart, svg

    data = score_json(report)
    if "error" in data:
        drawing = svg.Drawing(
            chart.WIDTH, 40, title=_("{path}: not scored").format(path=report.path)
        )
        drawing.add(svg.label(10, 24, f"{report.path}: {data['error']}", 10))
        return drawing.text()
    return chart.chart_svg(data)


def score_html(games: list[dict[str, Any]]) -> str:
    """One page for the games' score JSON: for each, the standings, the tie-break, the
    chart of the score track and each player's breakdown; then, apart and not counted,
    the records that could not be scored and why."""
    from nauticus_ref.views import html

    scored = [g for g in games if "error" not in g]
    title = (
        _("Scores of {n} games").format(n=len(scored))
        if len(scored) != 1
        else _("Score of {game}").format(game=scored[0].get("title") or scored[0]["path"])
        if scored
        else _("No games scored")
    )
    return html.render(
        "score.html.j2",
        title=title,
        games=[_shown(g) for g in scored],
        named=len(scored) != 1,
        apart=[g for g in games if "error" in g],
    )


def _shown(game: dict[str, Any]) -> dict[str, Any]:
    """A game's score JSON with what the HTML shows besides: the state, the warning, the
    chart and each player's breakdown."""
    from nauticus_ref.views import chart, html

    if "error" in game:
        return game
    return {
        **game,
        "state": state_line(game),
        "warning": invalid_line(game),
        "chart": html.picture(chart.chart_svg(game)),
        "breakdowns": [(p, breakdown(p)) for p in game["players"]],
    }


def notebook_html(report: Game) -> str:
    """A game in a Jupyter notebook (`Game._repr_html_`): the summary, the diagnostics,
    and the score with its chart."""
    from nauticus_ref.views import html
    from nauticus_ref.views.validate import summary

    data = score_json(report)
    return html.fragment(
        "notebook.html.j2",
        summary=summary(report),
        named=True,
        diagnostics=data["diagnostics"],
        game=None if "error" in data else _shown(data),
    )


#: The formats of this view, for the command line's choices.  `html` gathers every game's
#: score JSON into one page; `svg` draws one game.
FORMATS: dict[str, Callable[[Game], Any]] = {
    "text": score_text,
    "json": lambda game: json_item(score_json(game)),
    "markdown": score_markdown,
    "html": score_json,
    "svg": score_svg,
}
#: What the page shows of a record that could not be read or checked.
UNCHECKED: dict[str, Callable[[str, str], Any]] = {
    "html": lambda path, why: {"path": path, "error": why}
}
#: The gathered formats: every game's part in one document.
DOCUMENTS: dict[str, Callable[[list[Any]], str]] = {
    "json": lambda games: json_list_document({"version": JSON_VERSION}, "games", games),
    "html": score_html,
}
