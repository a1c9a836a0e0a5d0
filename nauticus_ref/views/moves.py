"""The `moves` view: the legal choices at a point, counted, summarised and listed.

Formats: text for a person (counts by kind, what can be bought at most and where,
an example of each kind, the first options), JSON for programs (the options, to a cap,
and the counts).  `FORMATS`.

Every answer is bounded: counting and listing share `SECONDS`.  Inside it the count is
exact; past it the answer says what is known: the exact counts of the kinds counted,
and `at_least`, the most that counting or listing found.
"""

from __future__ import annotations

import dataclasses
import itertools
import time
from collections import Counter
from typing import Any, Callable

from nauticus_ref.core.language import _, ngettext
from nauticus_ref.core.language import number as grouped
from nauticus_ref.moves.judge import FOLLOWED
from nauticus_ref.moves.point import Options
from nauticus_ref.moves.purse import OutOfTime
from nauticus_ref.moves.turns import TurnOption, TurnOptions
from nauticus_ref.notation.model import ActionClause, Clause, Record
from nauticus_ref.notation.printer import Printer
from nauticus_ref.notation.vocab import count
from nauticus_ref.views.text import versioned

Data = dict[str, Any]

#: Seconds one answer may take in all: counting every turn may take half of them; past
#: that the turns without the Extra Action are counted on their own, and the listing has
#: what is left.
SECONDS = 1.3
#: Options listed at most, whatever `--limit` says: the listing is then cut, with a note.
MAX_LISTED = 100_000


def moves_json(
    path: str,
    record: Record,
    o: Options,
    limit: int | None,
    seconds: float = SECONDS,
    start: float | None = None,
) -> Data:
    """The options at `o`, listed up to `limit` (and `MAX_LISTED`), with their counts,
    all within `seconds` of `start` (`time.monotonic()`, by default now: a command
    gives the time it began, so that reading and replaying the record count too)."""
    cap = MAX_LISTED if limit is None else min(limit, MAX_LISTED)
    data: Data = {
        "path": path,
        "line": o.line,
        "kind": o.kind,
        "round": o.round or None,
        "phase": o.phase or None,
        "action": o.action,
        "player": o.player,
    }
    if o.kind == "none":
        return {
            **data,
            "reason": o.reason,
            "count": 0,
            "counts": {},
            "options": [],
            "listed": 0,
            "cut": False,
            "written": None,
        }
    if o.written is not None:
        data["written"] = {
            "text": o.written,
            "legal": bool(o.among),
            "listed": o.written_option is not None,
        }
    else:
        data["written"] = None
    if o.kind == "phase":
        options = [{"text": p.ngn(), "group": p.action, "bonus": p.bonus} for p in o.phases]
        return {
            **data,
            "count": len(options),
            "counts": dict(Counter(p.action for p in o.phases)),
            "counted": True,
            "options": options[:cap],
            "listed": min(cap, len(options)),
            "cut": len(options) > cap,
        }
    turns = o.turns
    assert turns is not None
    printer = turns.printer(record)
    start = time.monotonic() if start is None else start
    end = start + seconds
    most = _Most(printer)  # gathered while counting: the bodies are not listed again for it
    found = 0  # past the deadline: how many options counting had found
    if not turns.follows:
        return {**data, **_judged(printer, turns, cap, end, most)}
    try:
        counts, counted, plain = turns.counts(start + seconds / 2, most.add), True, True
    except OutOfTime as e:
        found = e.counted
        try:  # the turns without the Extra Action, tallied without listing them
            counts, counted, plain = turns.plain_counts(start + 3 * seconds / 4), False, True
        except OutOfTime as e:
            counts, counted, plain, found = {}, False, False, max(found, e.counted)
    options = _listed(printer, turns, cap, end)
    if most.bodies != counts.get(turns.action):  # the count stopped before it saw them all
        most.gather(turns, end)  # with the time the listing left
    total = sum(counts.values())
    at_least = max(total, found, len(options))
    plain_count = counts.get("pass", 0) + counts.get(turns.action, 0) if plain else None
    return {
        **data,
        **_turns_answer(printer, turns, counts, counted, at_least, plain_count, most, options),
    }


def _turns_answer(
    printer: Printer,
    turns: TurnOptions,
    counts: dict[str, int],
    counted: bool,
    at_least: int,
    without_extra: int | None,
    most: _Most,
    options: list[Data],
    judged: bool = False,
) -> Data:
    """An answer about a turn: the purse, the counts (`at_least` where they could not
    all be counted), the most of each tile, an example of each group and the options
    listed; `judged`: each option was judged by the referee (`_judged`)."""
    total = sum(counts.values())
    return {
        "taler": turns.purse.taler,
        "workers": turns.purse.workers,
        "blue": turns.ask.blue,
        "extra_action": turns.purse.extra,
        "count": total if counted else None,
        **({} if counted else {"at_least": at_least}),
        "counts": counts,
        "counted": counted,
        "without_extra": without_extra,
        **({"judged": True} if judged else {}),
        "summary": most.rows(),
        "examples": {g: printer.turn(t.turn) for g, t in turns.firsts().items()},
        "options": options,
        "listed": len(options),
        "cut": len(options) < total or not counted,
    }


def _judged(printer: Printer, turns: TurnOptions, cap: int, end: float, most: _Most) -> Data:
    """Where the rules in force are not those the listing follows (`judge.follows`): the
    options the referee allows, counted as they are listed, by `end`.  The count is
    exact when they were all gone through and no rule the listing follows is off (a
    rule off allows turns the listing does not hold: then it is "at least")."""
    counts: Counter[str] = Counter()
    options: list[Data] = []
    complete = True
    with turns.until(end):
        try:
            for n, t in enumerate(turns):
                if n % 16 == 15 and time.monotonic() > end:
                    complete = False
                    break
                counts[t.group] += 1
                if len(options) < cap:
                    options.append(_option(printer, t))
                main = next(
                    (c for c in t.clauses if isinstance(c, ActionClause) and not c.extra), None
                )
                if main is not None:
                    most.add(main)
        except OutOfTime:  # a search that found nothing for long
            complete = False
    assert turns.referee is not None
    most.whole = complete
    counted = complete and not turns.referee.off & FOLLOWED
    plain = counts.get("pass", 0) + counts.get(turns.action, 0) if counted else None
    total = sum(counts.values())
    return _turns_answer(printer, turns, dict(counts), counted, total, plain, most, options, True)


def _listed(printer: Printer, turns: TurnOptions, cap: int, end: float) -> list[Data]:
    """The first `cap` options, or as many as can be written by `end`."""
    out: list[Data] = []
    with turns.until(end):
        try:
            for n, t in enumerate(itertools.islice(turns, cap)):
                if n % 64 == 63 and time.monotonic() > end:
                    break
                out.append(_option(printer, t))
        except OutOfTime:  # a search that found nothing for long
            pass
    return out


def _option(printer: Printer, t: TurnOption) -> Data:
    return {"text": printer.turn(t.turn), "group": t.group, "taler": t.taler, "workers": t.workers}


class _Most:
    """For the phase's own action: each tile, the most of it one body places, and the
    destinations it goes to; for money and crowns, the most workers; for deliver, the
    most ships.  Shown only once every body is (`whole`); a body shown twice changes
    nothing (a most and a set)."""

    def __init__(self, printer: Printer) -> None:
        self.printer = printer  # the tiles in the record's words
        self.most: Counter[str] = Counter()
        self.where: dict[str, set[str]] = {}
        self.bodies = 0  # shown so far
        self.whole = True  # every body was shown (a count that lists them shows each)

    def gather(self, turns: TurnOptions, deadline: float) -> None:
        """Show it every body of the phase's action, until `deadline`."""
        self.whole = False
        with turns.until(deadline):
            try:
                for n, c in enumerate(turns.plain()):
                    if n % 64 == 63 and time.monotonic() > deadline:
                        return
                    if c.group != "pass":
                        self.add(c.clauses[0])
            except OutOfTime:  # a search that found nothing for long
                return
        self.whole = True

    def add(self, c: Clause) -> None:
        assert isinstance(c, ActionClause)
        self.bodies += 1
        if c.workers is not None:
            self.most["workers"] = max(self.most["workers"], c.workers)
            return
        per: Counter[str] = Counter()
        for pl in c.placements:
            if pl.gift:
                continue
            dest = (
                "store"
                if pl.dest.ship is None
                else ("new ship" if pl.dest.kind == "new" else pl.dest.ship.text)
            )
            for i in pl.items:
                name = self.printer.item(dataclasses.replace(i, count=1))
                per[name] += i.count
                self.where.setdefault(name, set()).add(dest)
        if c.ships:
            per["ships"] = len(c.ships)
        for name, n in per.items():
            self.most[name] = max(self.most[name], n)

    def rows(self) -> list[Data]:
        """The most of each, where every body was shown; else none."""
        return [
            {"item": name, "most": n, "to": sorted(self.where.get(name, ()))}
            for name, n in self.most.items()
            if self.whole
        ]


def _legal_turns(n: int) -> str:
    return ngettext("{n} legal turn", "{n} legal turns", n).format(n=grouped(n))


def moves_text(data: Data) -> str:
    head = f"{data['path']}:{data['line']}: "
    if data["kind"] == "none":
        return f"{head}{data['reason']}"
    where = _("round {round}, phase {phase}").format(round=data["round"], phase=data["phase"])
    if data["kind"] == "phase":
        lines = [
            head
            + _("{where}: {player} chooses the action; {count}").format(
                where=where,
                player=data["player"],
                count=count(data["count"], "legal phase line"),
            )
        ]
    else:
        lines = [
            head
            + _("{where} ({action}): {player}'s turn, with {taler} taler, {workers}").format(
                where=where,
                action=data["action"],
                player=data["player"],
                taler=grouped(data["taler"]),
                workers=count(data["workers"], "worker"),
            )
            + (
                _(" and {blue} on the space").format(blue=count(data["blue"], "blue worker"))
                if data["blue"]
                else ""
            )
            + (_("; the Extra Action is still to be had") if data["extra_action"] else "")
        ]
        turns = (
            _legal_turns(data["count"])
            if data["counted"]
            else _("at least {n} legal turns").format(n=grouped(data["at_least"]))
        )
        if data.get("judged"):
            lines.append(
                turns
                + _(
                    ": the settings or house rules change what a turn may do, so each option "
                    "was judged by the referee"
                )
                + (
                    ""
                    if data["counted"]
                    else _(" (a rule turned off allows turns not listed here)")
                )
            )
        elif data["counted"]:
            lines.append(turns)
        else:
            lines.append(
                turns
                + ": "
                + (
                    _(
                        "{n} without the Extra Action, and more with it than can be counted "
                        "in {seconds} s"
                    ).format(n=grouped(data["without_extra"]), seconds=f"{SECONDS:g}")
                    if data["without_extra"] is not None
                    else _("more than can be counted in {seconds} s").format(seconds=f"{SECONDS:g}")
                )
            )
    width = max((len(g) for g in data["counts"]), default=0)
    for group, n in data["counts"].items():
        example = data.get("examples", {}).get(group)
        lines.append(
            f"  {group:<{width}}  {grouped(n):>9}"
            + ("   " + _("e.g. {example}").format(example=example) if example else "")
        )
    if data.get("summary"):
        lines.append(
            _("{action}: the most one turn can take, and where it can go").format(
                action=data["action"]
            )
        )
        for s in data["summary"]:
            lines.append(
                f"  {s['item']:<14} {s['most']:>3}"
                + (f"   {', '.join(s['to'])}" if s["to"] else "")
            )
    written = data["written"]
    if written is not None:
        lines.append(
            (
                _("the written move `{text}` is among them")
                if written["legal"] and written["listed"]
                else _(
                    "the written move `{text}` is legal here, as `nauticus-ref validate` finds, "
                    "though not among them: the options do not yet follow every setting and "
                    "house rule"
                )
                if written["legal"]
                else _(
                    "the written move `{text}` is not among them: `nauticus-ref validate` reports it"
                )
            ).format(text=written["text"])
        )
    if data["options"]:
        lines.append(
            _("the first {n}:").format(n=grouped(data["listed"]))
            if data["cut"]
            else _("all of them:")
        )
        lines += [f"  {o['text']}" for o in data["options"]]
    return "\n".join(lines)


FORMATS: dict[str, Callable[[Data], str]] = {"text": moves_text, "json": versioned}
