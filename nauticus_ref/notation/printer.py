"""Printing a record back as canonical NGN text.

Canonical means: header keys in a fixed order, every item word spelled out
(`whale mast`, never a bare crest), turn lines indented by two spaces, one blank
line before each round.  Parsing the output gives the same record, spans aside.
"""

from __future__ import annotations

from collections.abc import Mapping

from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import (
    ActionClause,
    Bonus,
    Check,
    Clause,
    Final,
    Item,
    Name,
    Phase,
    Placement,
    Record,
    Reward,
    Round,
    Setup,
    Turn,
)
from nauticus_ref.notation.vocab import quoted


def name(n: Name) -> str:
    return quoted(n.text)


class Printer:
    def __init__(self, record: Record, words: Mapping[str, str] | None = None):
        """`words`: the record's word for each crest the printed nodes name.  By default
        the parser's: the words of `crests:` give the standard crests by position.  What
        the referee or the moves made names the board's own crests: print it with the
        table's `crest_words`, which the replay read from `crests:` in the board's order."""
        self.record = record
        default = dict(zip(vocab.DEFAULT_CRESTS, record.crest_words))
        self.crest_word = dict(words) if words is not None else default
        self.crest_word["crown"] = "crown"

    def item(self, it: Item) -> str:
        crest = self.crest_word.get(it.name, it.name)
        word = it.name if it.kind in ("hull", "good") else f"{crest} {it.kind}"
        return f"{it.count} {word}" if it.count != 1 else word

    @staticmethod
    def reward(r: Reward) -> str:
        return f"goods {r.goods[0]} {r.goods[1]}" if r.goods is not None else r.kind

    def placement(self, p: Placement) -> str:
        dest = {
            "store": ">store",
            "new": f">new {name(p.dest.ship) if p.dest.ship else ''}",
            "ship": f">{name(p.dest.ship) if p.dest.ship else ''}",
        }[p.dest.kind]
        text = ("+" if p.gift else "") + " ".join(self.item(i) for i in p.items) + " " + dest
        if p.rewards is not None:
            text += " [" + ", ".join(self.reward(r) for r in p.rewards) + "]"
        return text

    def clause(self, c: Clause) -> str:
        if not isinstance(c, ActionClause):
            return "pass"
        if c.action in vocab.PLACING_ACTIONS:
            body = ", ".join(self.placement(p) for p in c.placements)
        elif c.action == "deliver":
            body = ", ".join(name(s) for s in c.ships)
        else:
            body = f"{c.workers}w"
        if c.claim is not None:
            body += f" = {c.claim.value}{c.claim.unit}"
        return f"extra {c.action}: {body}" if c.extra else body

    def bonus(self, b: Bonus) -> str:
        return self.crest_word.get(b.value, b.value) if b.kind == "crest" else b.value

    @staticmethod
    def check(c: Check) -> str:
        parts = [
            f"{v}{u}" for v, u in ((c.vp, "vp"), (c.taler, "t"), (c.workers, "w")) if v is not None
        ]
        return f"check {name(c.player)}: " + " ".join(parts)

    def turn(self, t: Turn) -> str:
        return f"{name(t.player)}: " + "; ".join(self.clause(c) for c in t.clauses)

    def phase(self, p: Phase) -> list[str]:
        head = f"{p.number}. {name(p.player)} {p.action}"
        if p.bonus is not None:
            head += f" bonus {self.bonus(p.bonus)}"
        body = ["  " + (self.turn(e) if isinstance(e, Turn) else self.check(e)) for e in p.entries]
        return [head] + body

    def round(self, r: Round) -> list[str]:
        out = ["", f"round {r.number}: " + " ".join(r.deal)]
        for e in r.entries:
            out.extend(self.phase(e) if isinstance(e, Phase) else [self.check(e)])
        return out

    def setup(self, s: Setup) -> list[str]:
        head = f"setup: round {s.round} phase {s.phase}"
        if s.anchor:
            head += f", anchor {s.anchor}"
        if s.flipped:
            head += ", flipped " + " ".join(s.flipped)
        out = ["", head]
        for p in s.players:
            parts = [
                " ".join(
                    f"{v}{u}"
                    for v, u in ((p.taler, "t"), (p.workers, "w"), (p.vp, "vp"))
                    if v is not None
                )
            ]
            if p.passed is not None:
                parts.append(f"passed {p.passed}")
            if p.extra_used:
                parts.append("extra used")
            out.append(f"  {name(p.player)}: " + ", ".join(x for x in parts if x))
        for t in s.tiles:
            where = f"ship {name(t.ship)}" if t.where == "ship" and t.ship else t.where
            out.append(f"  {name(t.player)} {where}: " + ", ".join(self.item(i) for i in t.items))
        return out

    @staticmethod
    def final(f: Final) -> str:
        return "final: " + ", ".join(f"{name(e.player)} {e.score}" for e in f.entries)

    def lines(self) -> list[str]:
        r = self.record
        h = r.header
        out = []
        if h.game:
            out.append(f"game: {h.game.text}")
        if h.date:
            out.append(f"date: {h.date.text}")
        out.append("players: " + ", ".join(name(p) for p in h.players))
        if h.board:
            out.append(f"board: {h.board.text}")
        if h.crests:
            out.append("crests: " + " ".join(c.text for c in h.crests))  # bare words
        if r.setup:
            out.extend(self.setup(r.setup))
        out.extend(self.check(c) for c in r.checks)
        for rnd in r.rounds:
            out.extend(self.round(rnd))
        if r.final:
            out.append("")
            out.append(self.final(r.final))
        return out


def to_ngn(record: Record) -> str:
    return "\n".join(Printer(record).lines()) + "\n"
