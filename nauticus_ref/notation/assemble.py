"""Parsing a whole record: each line through the grammar, then into the model.

Lines are parsed one at a time, so a syntax error costs one line and the parse
resynchronises at the next.  The assembler keeps the context a line needs to be
understood (the header's crest words, the phase's action, whether a setup block
is open) and reports, as syntax errors, lines that are well-formed on their own
but out of place or use unknown words.  No rule of the game is checked here.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from nauticus_ref.core.findings import SYNTAX_RULE, Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.notation import raw as t
from nauticus_ref.notation import vocab
from nauticus_ref.notation.grammar import line_parser
from nauticus_ref.notation.model import (
    Bonus,
    Check,
    Final,
    FinalEntry,
    Header,
    Phase,
    Record,
    Round,
    Setup,
    SetupTiles,
    Text,
)
from nauticus_ref.notation.raw import Tok, c0
from nauticus_ref.notation.reading import (
    MAX_AMOUNT,
    MAX_LINE_LENGTH,
    MAX_STATEMENT_CHARS,
    MAX_SYNTAX_ERRORS,
    PLURALS,
    LineParse,
    PhaseDraft,
    RoundDraft,
    SyntaxProblem,
    did_you_mean,
    parse_line,
    read_amount,
    read_amounts,
    read_number,
    syntax_problem,
)
from nauticus_ref.notation.turns import TurnReader


@dataclass
class ParseResult:
    """What parsing a text gives: the record (None if any syntax error) and diagnostics."""

    record: Record | None
    diagnostics: list[Diagnostic]
    lines: list[str]

    @property
    def ok(self) -> bool:
        return self.record is not None


_PHASE_LINE = re.compile(r"\s*\d+\s*\.")
_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of a record: LF, CRLF and CR-only line ends all end a line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return _LINE_END.split(text) if "\r" in text else text.split("\n")


def comment_start(line: str) -> int | None:
    """The index of the `#` that starts the line's comment (none inside a quoted name)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return i
    return None


def parse_text(
    text: str, memo: dict[str, LineParse] | None = None, accelerated: bool = True
) -> ParseResult:
    """Read a record.  `memo` keeps what each line of text parsed to, for a caller that
    reads the same text again after an edit (the language server): a line seen before
    is not parsed again.  The assembly, which depends on the lines around, always runs.
    `accelerated`: with lark-cython where it is installed (the result is the same)."""
    lines = split_lines(text)
    asm = _Assembler()
    statements = [(n, ln) for n, ln in enumerate(lines, 1) if (s := ln.strip()) and s[0] != "#"]
    if sum(map(_parsed_length, statements)) > MAX_STATEMENT_CHARS:
        return _refused(asm, statements, lines)
    parser = line_parser(accelerated=accelerated)
    for number, line in statements:
        asm.line = number
        if len(line) > MAX_LINE_LENGTH:
            asm.error(
                SyntaxProblem(
                    1,
                    MAX_LINE_LENGTH,
                    _(
                        "line of {n} characters; no line of a record is longer than {max_line_length}"
                    ).format(n=len(line), max_line_length=MAX_LINE_LENGTH),
                    _("split it into one statement per line"),
                )
            )
            continue
        parsed = parse_line(parser, line, memo)
        if isinstance(parsed, SyntaxProblem):
            asm.error(parsed)
            if _PHASE_LINE.match(line):
                asm.orphan_turns_reported = True  # its turns are not reported again
        else:
            raw = parsed
            try:
                asm.feed(raw)
            except SyntaxProblem as p:
                asm.error(p)
        if asm.errors >= MAX_SYNTAX_ERRORS:
            asm.diags.append(
                Diagnostic(
                    rule=SYNTAX_RULE,
                    severity="note",
                    span=Span(line=number, column=1, end_line=number, end_column=len(line) + 1),
                    message=_(
                        "stopped after {max_syntax_errors} syntax errors; the rest of the file was not read"
                    ).format(max_syntax_errors=MAX_SYNTAX_ERRORS),
                    help=_("fix the errors above and run again"),
                )
            )
            break
    return asm.finish(lines)


def _parsed_length(statement: tuple[int, str]) -> int:
    """What a statement line costs to read: a line over the length limit is refused unread."""
    return len(statement[1]) if len(statement[1]) <= MAX_LINE_LENGTH else 0


def _refused(asm: _Assembler, statements: list[tuple[int, str]], lines: list[str]) -> ParseResult:
    """A record whose moves are longer than any game is refused before parsing."""
    total = 0
    for number, line in statements:
        total += _parsed_length((number, line))
        if total > MAX_STATEMENT_CHARS:
            asm.line = number
            asm.error(
                SyntaxProblem(
                    1,
                    len(line) + 1,
                    _(
                        "the moves pass {max_statement_chars:,} characters at this line; no game is that long, so the record was not read"
                    ).format(max_statement_chars=MAX_STATEMENT_CHARS),
                    _("keep one game to a record; comment lines do not count"),
                )
            )
            break
    return ParseResult(None, asm.diags, lines)


class _Assembler(TurnReader):
    """Lines into a record: the header, the setup block, rounds, phases, checks, final."""

    # -- dispatch --------------------------------------------------------
    def feed(self, raw: t.Line) -> None:
        if self.final is not None and not isinstance(raw, t.CheckLine):
            raise syntax_problem(
                raw,
                _("nothing but checks may follow the `final:` line"),
                _("move the `final:` line to the end of the record"),
            )
        if isinstance(raw, t.TextLine):
            self.on_text(raw)
        elif isinstance(raw, t.NamesLine):
            (self.on_players if raw.key == "players" else self.on_crests)(raw)
        elif isinstance(raw, t.SetupLine):
            self.on_setup(raw)
        elif isinstance(raw, t.SetupTilesLine):
            self.on_tiles(raw)
        elif isinstance(raw, t.RoundLine):
            self.on_round(raw)
        elif isinstance(raw, t.PhaseLine):
            self.on_phase(raw)
        elif isinstance(raw, t.TurnLine):
            self.on_turn(raw)
        elif isinstance(raw, t.CheckLine):
            self.on_check(raw)
        else:
            self.on_final(raw)

    def _header_field(self, raw: t.Line, key: str) -> None:
        if self.rounds or self.setup:
            raise syntax_problem(
                raw,
                _("`{key}:` belongs in the header, before the first round").format(key=key),
                _("move this line to the top of the record"),
            )
        if key in self.header:
            raise syntax_problem(
                raw,
                _("second `{key}:` line").format(key=key),
                _("write `{key}:` once, in the header").format(key=key),
            )

    def on_text(self, raw: t.TextLine) -> None:
        """`game:`, `date:` or `board:`."""
        key, tok = raw.key, raw.value
        self._header_field(raw, key)
        value = tok.value.strip() if tok is not None else ""
        if tok is None or not value:
            raise syntax_problem(
                raw,
                _("`{key}:` needs a value").format(key=key),
                _("write it like `{key}: ...` or leave the line out").format(key=key),
            )
        if key == "date":
            try:
                datetime.date.fromisoformat(value)
            except ValueError:
                raise syntax_problem(
                    tok,
                    _("`{value}` is not a date").format(value=value),
                    _("write the date as year-month-day, like `2026-11-21`"),
                ) from None
        column = c0(tok)
        self.header[key] = Text(
            span=Span(
                line=self.line, column=column, end_line=self.line, end_column=column + len(value)
            ),
            text=value,
        )

    def on_players(self, raw: t.NamesLine) -> None:
        self._header_field(raw, "players")
        self.header["players"] = [self.name(tok) for tok in raw.names]
        self.header["players_span"] = self.span(raw)

    def on_crests(self, raw: t.NamesLine) -> None:
        self._header_field(raw, "crests")
        for tok in raw.names:
            if tok.type == "QUOTED":
                raise syntax_problem(
                    tok,
                    _("a crest is named by one word, without quotes"),
                    _("write a single word, like `gull`"),
                )
        names = [self.name(tok) for tok in raw.names]
        if len(names) != 4:
            raise syntax_problem(
                raw,
                _("`crests:` names the four regular crests, this names {n}").format(n=len(names)),
                _("write four words, like `crests: whale anchor helm gull`"),
            )
        taken = (
            set(vocab.HULL_ALIASES)
            | set(vocab.GOODS)
            | set(PLURALS)
            | {"crown", "mast", "sail", "goods"}
        )
        seen = set()
        for n in names:
            if n.key in taken or n.key in seen:
                raise SyntaxProblem(
                    n.span.column,
                    n.span.end_column,
                    _("`{text}` cannot name a crest: the word is taken").format(text=n.text),
                    _("choose a word that is not an item word or another crest"),
                )
            seen.add(n.key)
        self.header["crests"] = names
        self.crest_map = {n.key: canon for n, canon in zip(names, vocab.DEFAULT_CRESTS)}

    # -- setup -------------------------------------------------------------
    def on_setup(self, raw: t.SetupLine) -> None:
        if self.rounds or self.setup:
            raise syntax_problem(
                raw,
                _("a `setup:` block comes once, before the first round line"),
                _("start the record with the header, then `setup:`, then the round line"),
            )
        setup: dict[str, Any] = {
            "span": self.span(raw),
            "round": read_number(raw.round),
            "phase": read_number(raw.phase),
            "anchor": None,
            "flipped": [],
            "players": [],
            "tiles": [],
        }
        for opt in raw.options:
            if isinstance(opt, t.SetupAnchor):
                value = opt.space.value.lower()
                if value not in vocab.BONUSES:
                    raise syntax_problem(
                        opt.space,
                        _("unknown board space `{value}`").format(value=opt.space.value),
                        _("name the space by its bonus: {spaces}").format(
                            spaces=", ".join(vocab.BONUSES)
                        ),
                    )
                setup["anchor"] = value
            else:
                setup["flipped"].extend(self.action(w) for w in opt.actions)
        self.setup = setup
        self.in_setup = True

    def on_tiles(self, raw: t.SetupTilesLine) -> None:
        where, player, ship, items = raw.where, raw.player, raw.ship, raw.items
        if not self.in_setup:
            raise syntax_problem(
                raw,
                _("`{player} {where}` lines belong in a `setup:` block").format(
                    player=player, where=where
                ),
                _("start the block with a `setup:` line"),
            )
        if where == "delivered":
            parsed = self.items(items, "setup")
            for item in parsed:
                if item.kind != "good":
                    raise SyntaxProblem(
                        item.span.column,
                        item.span.end_column,
                        _("only goods are delivered"),
                        _("list goods here, like `2 grain, 3 fish`"),
                    )
        else:
            parsed = self.items(items, "setup")
        self.setup["tiles"].append(
            SetupTiles(
                span=self.span(raw),
                player=self.name(player),
                where=where,
                ship=self.name(ship) if ship is not None else None,
                items=parsed,
            )
        )

    def on_round(self, raw: t.RoundLine) -> None:
        num, words = raw.number, raw.deal
        self.in_setup = False
        if "players" not in self.header:
            raise syntax_problem(
                raw,
                _("the first round comes before any `players:` line"),
                _("start the record with `players: Anna, Ben` (seat order, clockwise)"),
            )
        deal = [self.action(w) for w in words]
        # The round is opened before the count is judged, so that its phases
        # are not reported again as phases outside a round.
        self.rounds.append(RoundDraft(span=self.span(raw), number=read_number(num), deal=deal))
        self.orphan_turns_reported = False
        if len(deal) != 8:
            raise syntax_problem(
                raw,
                _("a deal lists the eight action tiles, this lists {n}").format(n=len(deal)),
                _("write all eight actions clockwise from the 3-workers space"),
            )

    def on_phase(self, raw: t.PhaseLine) -> None:
        num, player, action_tok, bonus_tok = raw.number, raw.player, raw.action, raw.bonus
        if not self.rounds:
            raise syntax_problem(
                raw,
                _("a phase line before any round line"),
                _(
                    "deal the round first, like `round 1: goods hulls money transport crowns masts deliver sails`"
                ),
            )
        phase = PhaseDraft(
            raw_span=self.span(raw),
            number=read_number(num),
            player=self.name(player),
            action=None,
            action_span=self.span(action_tok),
            bonus=None,
        )
        self.rounds[-1].entries.append(phase)
        self.orphan_turns_reported = False
        phase.action = self.action(action_tok)
        if bonus_tok is not None:
            phase.bonus = self.bonus(bonus_tok)

    def bonus(self, tok: Tok) -> Bonus:
        word = tok.value.lower()
        span = self.span(tok)
        if word in vocab.CLAIMABLE_BONUSES:
            return Bonus(span=span, kind="claim", value=word)
        if word in self.crest_map:
            return Bonus(span=span, kind="crest", value=self.crest_map[word])
        if word in vocab.GOODS:
            return Bonus(span=span, kind="good", value=word)
        if word == "crown":
            return Bonus(span=span, kind="crest", value="crown")
        if word in ("mast", "masts", "sail", "sails", "good", "goods"):
            example = "coffee" if word.startswith("good") else next(iter(self.crest_map))
            raise syntax_problem(
                tok,
                (
                    _("the bonus names the good you take, not the word `{value}`")
                    if word.startswith("good")
                    else _("the bonus names the crest you take, not the word `{value}`")
                ).format(value=tok.value),
                _(
                    "write it like `bonus {example}`: the space decides whether it is a mast, a sail or a good"
                ).format(example=example),
            )
        choices = list(self.crest_map) + list(vocab.GOODS) + list(vocab.CLAIMABLE_BONUSES)
        raise syntax_problem(
            tok,
            _("unknown bonus `{value}`").format(value=tok.value),
            did_you_mean(word, choices)
            or _("name a crest ({crests}), a good, or a bonus like `3w`").format(
                crests=", ".join(self.crest_map)
            ),
        )

    def on_check(self, raw: t.CheckLine) -> None:
        player_tok, amounts = raw.player, raw.amounts
        if not amounts:
            raise syntax_problem(
                raw,
                _("a check line lists amounts like `23vp 12t 5w`"),
                _("write the check like `check Anna: 23vp 12t 5w`"),
            )
        fields = read_amounts(amounts, "checked")
        check = Check(
            span=self.span(raw),
            player=self.name(player_tok),
            vp=fields.get("vp"),
            taler=fields.get("taler"),
            workers=fields.get("workers"),
        )
        self.in_setup = False
        if self.phase is not None:
            self.phase.entries.append(check)
        elif self.rounds:
            self.rounds[-1].entries.append(check)
        else:
            self.checks.append(check)

    def on_final(self, raw: t.FinalLine) -> None:
        if not self.rounds:
            raise syntax_problem(
                raw,
                _("a `final:` line before any round"),
                _("write the `final:` line after the last round"),
            )
        entries = []
        for e in raw.entries:
            player_tok, score_tok = e.player, e.score
            if score_tok.type == "AMOUNT":
                value, unit = read_amount(score_tok)
                if unit != "vp":
                    raise syntax_problem(
                        score_tok,
                        _("a final score is in victory points, not `{unit}`").format(unit=unit),
                        _("write `{value}` or `{value}vp`").format(value=value),
                    )
            else:
                value = read_number(score_tok, MAX_AMOUNT, _("a score"))
            entries.append(FinalEntry(span=self.span(e), player=self.name(player_tok), score=value))
        self.final = Final(span=self.span(raw), entries=entries)

    # -- the whole record ----------------------------------------------------
    def finish(self, lines: list[str]) -> ParseResult:
        if "players" not in self.header and not self.errors:
            self.line = 1
            self.error(
                SyntaxProblem(
                    1,
                    2,
                    _("the record has no `players:` line"),
                    _("start the record with `players: Anna, Ben` (seat order, clockwise)"),
                )
            )
        if self.errors:
            return ParseResult(None, self.diags, lines)
        rounds = []
        for rb in self.rounds:
            entries: list[Phase | Check] = []
            for e in rb.entries:
                if isinstance(e, PhaseDraft):
                    assert e.action is not None  # else the record has a syntax error
                    entries.append(
                        Phase(
                            span=e.raw_span,
                            number=e.number,
                            player=e.player,
                            action=e.action,
                            action_span=e.action_span,
                            bonus=e.bonus,
                            entries=e.entries,
                        )
                    )
                else:
                    entries.append(e)
            rounds.append(Round(span=rb.span, number=rb.number, deal=rb.deal, entries=entries))
        header = Header(**self.header)
        setup = Setup(**self.setup) if self.setup else None
        record = Record(
            header=header, setup=setup, checks=self.checks, rounds=rounds, final=self.final
        )
        return ParseResult(record, self.diags, lines)
