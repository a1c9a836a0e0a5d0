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
from dataclasses import dataclass, field
from typing import Any, Iterable, cast

from lark import Token
from lark.exceptions import UnexpectedInput

from nauticus_ref.notation import vocab
from nauticus_ref.findings import SYNTAX_RULE, Diagnostic
from nauticus_ref.notation.grammar import line_parser
from nauticus_ref.notation.model import (Action, ActionClause, Bonus, Check, Claim, Clause,
                                         Destination, Final, FinalEntry, Header, Item, Name,
                                         PassClause, Phase, Placement, Record, Reward, RewardKind,
                                         Round, Setup, SetupPlayer, SetupTiles, Span, Text, Turn,
                                         Unit)
from nauticus_ref.notation.syntax import action_in_turn, explain
from nauticus_ref.notation import transform as t
from nauticus_ref.notation.transform import c0, c1

#: After this many syntax errors in one file the parse stops and says so.
MAX_SYNTAX_ERRORS = 50
#: No line of a record is this long; a longer one is refused before parsing.
MAX_LINE_LENGTH = 2000
#: The moves of a record (every line that is not blank or a comment) hold at most this
#: many characters: a whole four-player game with a check after every turn takes about
#: 25,000.  It bounds the time and memory any record can cost (docs/security.md).
MAX_STATEMENT_CHARS = 64 * 1024
#: Plural item words, as people write them after a count: `2 whale masts`, `3 bows`.
PLURALS = {"masts": "mast", "sails": "sail", "bows": "bow", "sterns": "stern",
           "middles": "middle", "mids": "mid", "1ships": "1ship", "singles": "single"}
#: Bounds on numbers, so that no record can make the referee count for ever: a count
#: of tiles or workers, taler or victory points, and any other number (rounds, phases).
MAX_COUNT, MAX_AMOUNT, MAX_NUMBER = 99, 9999, 999


@dataclass
class ParseResult:
    """What parsing a text gives: the record (None if any syntax error) and diagnostics."""

    record: Record | None
    diagnostics: list[Diagnostic]
    lines: list[str]

    @property
    def ok(self) -> bool:
        return self.record is not None


class SyntaxProblem(Exception):
    """Raised inside the assembler for one line; becomes a `syntax` diagnostic."""

    def __init__(self, col: int, end: int, message: str, help: str | None = None):
        super().__init__(message)
        self.col, self.end, self.message, self.help = col, end, message, help


def _problem(x: Any, message: str, help: str | None = None) -> SyntaxProblem:
    return SyntaxProblem(c0(x), c1(x), message, help)


def _did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    best = vocab.closest(word, choices)
    return f"did you mean `{best}`" if best else None


@dataclass
class _PhaseB:
    raw_span: Span
    number: int
    player: Name
    action: Action | None
    action_span: Span
    bonus: Bonus | None
    entries: list[Turn | Check] = field(default_factory=list)


@dataclass
class _RoundB:
    span: Span
    number: int
    deal: list[Action]
    entries: list[_PhaseB | Check] = field(default_factory=list)


_PHASE_LINE = re.compile(r"\s*\d+\s*\.")
_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of a record: LF, CRLF and CR-only line ends all end a line."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return _LINE_END.split(text) if "\r" in text else text.split("\n")


def parse_text(text: str) -> ParseResult:
    lines = split_lines(text)
    asm = _Assembler()
    statements = [(n, ln) for n, ln in enumerate(lines, 1)
                  if (s := ln.strip()) and s[0] != "#"]
    if sum(map(_parsed_length, statements)) > MAX_STATEMENT_CHARS:
        return _refused(asm, statements, lines)
    parser = line_parser()
    for number, line in statements:
        asm.line = number
        if len(line) > MAX_LINE_LENGTH:
            asm.error(SyntaxProblem(1, MAX_LINE_LENGTH, f"line of {len(line)} characters; "
                                    f"no line of a record is longer than {MAX_LINE_LENGTH}",
                                    "split it into one statement per line"))
            continue
        try:
            raw = cast(t.Line, parser.parse(line))   # the transformer's typed line
        except UnexpectedInput as e:
            col, end, message, help_ = explain(e, line)
            asm.error(SyntaxProblem(col, end, message, help_))
            if _PHASE_LINE.match(line):
                asm.orphan_turns_reported = True   # its turns are not reported again
        else:
            try:
                asm.feed(raw)
            except SyntaxProblem as p:
                asm.error(p)
        if asm.errors >= MAX_SYNTAX_ERRORS:
            asm.diags.append(Diagnostic(
                rule=SYNTAX_RULE, severity="note",
                span=Span(line=number, column=1, end_line=number, end_column=len(line) + 1),
                message=f"stopped after {MAX_SYNTAX_ERRORS} syntax errors; "
                        "the rest of the file was not read",
                help="fix the errors above and run again"))
            break
    return asm.finish(lines)


def _parsed_length(statement: tuple[int, str]) -> int:
    """What a statement line costs to read: a line over the length limit is refused unread."""
    return len(statement[1]) if len(statement[1]) <= MAX_LINE_LENGTH else 0


def _refused(asm: _Assembler, statements: list[tuple[int, str]],
             lines: list[str]) -> ParseResult:
    """A record whose moves are longer than any game is refused before parsing."""
    total = 0
    for number, line in statements:
        total += _parsed_length((number, line))
        if total > MAX_STATEMENT_CHARS:
            asm.line = number
            asm.error(SyntaxProblem(1, len(line) + 1, f"the moves pass {MAX_STATEMENT_CHARS:,} "
                                    "characters at this line; no game is that long, so the "
                                    "record was not read",
                                    "keep one game to a record; comment lines do not count"))
            break
    return ParseResult(None, asm.diags, lines)


class _Assembler:
    def __init__(self) -> None:
        self.line = 0
        self.diags: list[Diagnostic] = []
        self.errors = 0
        self.header: dict[str, Any] = {}
        self.crest_map = {w: w for w in vocab.DEFAULT_CRESTS}
        self.setup: dict[str, Any] = {}   # empty until a `setup:` line
        self.in_setup = False
        self.checks: list[Check] = []
        self.rounds: list[_RoundB] = []
        self.final: Final | None = None
        self.orphan_turns_reported = False
        self.turn_player: str | None = None   # the player of the turn line being read

    # -- plumbing --------------------------------------------------------
    def span(self, x: Any, y: Any = None) -> Span:
        return Span(line=self.line, column=c0(x), end_line=self.line, end_column=c1(y or x))

    def error(self, p: SyntaxProblem) -> None:
        self.errors += 1
        self.diags.append(Diagnostic(
            rule=SYNTAX_RULE, span=Span(line=self.line, column=p.col, end_line=self.line,
                                     end_column=max(p.end, p.col + 1)),
            message=p.message, help=p.help))

    def name(self, tok: Token) -> Name:
        text = tok.value[1:-1] if tok.type == "QUOTED" else tok.value
        if not text.strip():
            raise _problem(tok, "empty name", "write a name between the quotes")
        return Name(span=self.span(tok), text=text)

    @property
    def phase(self) -> _PhaseB | None:
        """The phase that turn and check lines now belong to."""
        entries = self.rounds[-1].entries if self.rounds else None
        return entries[-1] if entries and isinstance(entries[-1], _PhaseB) else None

    # -- dispatch --------------------------------------------------------
    def feed(self, raw: t.Line) -> None:
        if self.final is not None and not isinstance(raw, t.CheckLine):
            raise _problem(raw, "nothing but checks may follow the `final:` line",
                           "move the `final:` line to the end of the record")
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
            raise _problem(raw, f"`{key}:` belongs in the header, before the first round",
                           "move this line to the top of the record")
        if key in self.header:
            raise _problem(raw, f"second `{key}:` line",
                           f"write `{key}:` once, in the header")

    def on_text(self, raw: t.TextLine) -> None:
        """`game:`, `date:` or `board:`."""
        key, tok = raw.key, raw.value
        self._header_field(raw, key)
        value = tok.value.strip() if tok is not None else ""
        if tok is None or not value:
            raise _problem(raw, f"`{key}:` needs a value", f"write it like `{key}: ...` or leave the line out")
        if key == "date":
            try:
                datetime.date.fromisoformat(value)
            except ValueError:
                raise _problem(tok, f"`{value}` is not a date",
                               "write the date as year-month-day, like `2026-11-21`") from None
        column = c0(tok)
        self.header[key] = Text(span=Span(line=self.line, column=column, end_line=self.line,
                                          end_column=column + len(value)), text=value)

    def on_players(self, raw: t.NamesLine) -> None:
        self._header_field(raw, "players")
        self.header["players"] = [self.name(tok) for tok in raw.names]
        self.header["players_span"] = self.span(raw)

    def on_crests(self, raw: t.NamesLine) -> None:
        self._header_field(raw, "crests")
        for tok in raw.names:
            if tok.type == "QUOTED":
                raise _problem(tok, "a crest is named by one word, without quotes",
                               "write a single word, like `gull`")
        names = [self.name(tok) for tok in raw.names]
        if len(names) != 4:
            raise _problem(raw, f"`crests:` names the four regular crests, this names {len(names)}",
                           "write four words, like `crests: whale anchor helm gull`")
        taken = (set(vocab.HULL_ALIASES) | set(vocab.GOODS) | set(PLURALS)
                 | {"crown", "mast", "sail", "goods"})
        seen = set()
        for n in names:
            if n.key in taken or n.key in seen:
                raise SyntaxProblem(n.span.column, n.span.end_column,
                                    f"`{n.text}` cannot name a crest: the word is taken",
                                    "choose a word that is not an item word or another crest")
            seen.add(n.key)
        self.header["crests"] = names
        self.crest_map = {n.key: canon for n, canon in zip(names, vocab.DEFAULT_CRESTS)}

    # -- setup -------------------------------------------------------------
    def on_setup(self, raw: t.SetupLine) -> None:
        if self.rounds or self.setup:
            raise _problem(raw, "a `setup:` block comes once, before the first round line",
                           "start the record with the header, then `setup:`, then the round line")
        setup: dict[str, Any] = {"span": self.span(raw), "round": _number(raw.round),
                                 "phase": _number(raw.phase), "anchor": None, "flipped": [],
                                 "players": [], "tiles": []}
        for opt in raw.options:
            if isinstance(opt, t.SetupAnchor):
                value = opt.space.value.lower()
                if value not in vocab.BONUSES:
                    raise _problem(opt.space, f"unknown board space `{opt.space}`",
                                   "name the space by its bonus: " + ", ".join(vocab.BONUSES))
                setup["anchor"] = value
            else:
                setup["flipped"].extend(self.action(w) for w in opt.actions)
        self.setup = setup
        self.in_setup = True

    def on_tiles(self, raw: t.SetupTilesLine) -> None:
        where, player, ship, items = raw.where, raw.player, raw.ship, raw.items
        if not self.in_setup:
            raise _problem(raw, f"`{player} {where}` lines belong in a `setup:` block",
                           "start the block with a `setup:` line")
        if where == "delivered":
            parsed = self.items(items, "setup")
            for item in parsed:
                if item.kind != "good":
                    raise SyntaxProblem(item.span.column, item.span.end_column,
                                        "only goods are delivered",
                                        "list goods here, like `2 grain, 3 fish`")
        else:
            parsed = self.items(items, "setup")
        self.setup["tiles"].append(SetupTiles(
            span=self.span(raw), player=self.name(player), where=where,
            ship=self.name(ship) if ship is not None else None, items=parsed))

    # -- rounds and phases ---------------------------------------------------
    def action(self, tok: Token) -> Action:
        word = str(tok.value).lower()
        if word not in vocab.ACTIONS:
            raise _problem(tok, f"unknown action `{tok}`",
                           _did_you_mean(word, vocab.ACTIONS)
                           or "the actions are " + " ".join(vocab.ACTIONS))
        return cast(Action, word)

    def on_round(self, raw: t.RoundLine) -> None:
        num, words = raw.number, raw.deal
        self.in_setup = False
        if "players" not in self.header:
            raise _problem(raw, "the first round comes before any `players:` line",
                           "start the record with `players: Anna, Ben` (seat order, clockwise)")
        deal = [self.action(w) for w in words]
        # The round is opened before the count is judged, so that its phases
        # are not reported again as phases outside a round.
        self.rounds.append(_RoundB(span=self.span(raw), number=_number(num), deal=deal))
        self.orphan_turns_reported = False
        if len(deal) != 8:
            raise _problem(raw, f"a deal lists the eight action tiles, this lists {len(deal)}",
                           "write all eight actions clockwise from the 3-workers space")

    def on_phase(self, raw: t.PhaseLine) -> None:
        num, player, action_tok, bonus_tok = raw.number, raw.player, raw.action, raw.bonus
        if not self.rounds:
            raise _problem(raw, "a phase line before any round line",
                           "deal the round first, like `round 1: goods hulls money transport "
                           "crowns masts deliver sails`")
        phase = _PhaseB(raw_span=self.span(raw), number=_number(num), player=self.name(player),
                        action=None, action_span=self.span(action_tok), bonus=None)
        self.rounds[-1].entries.append(phase)
        self.orphan_turns_reported = False
        phase.action = self.action(action_tok)
        if bonus_tok is not None:
            phase.bonus = self.bonus(bonus_tok)

    def bonus(self, tok: Token) -> Bonus:
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
            what = "the good" if word.startswith("good") else "the crest"
            example = "coffee" if word.startswith("good") else next(iter(self.crest_map))
            raise _problem(tok, f"the bonus names {what} you take, not the word `{tok}`",
                           f"write it like `bonus {example}`: the space decides whether it is a "
                           "mast, a sail or a good")
        choices = list(self.crest_map) + list(vocab.GOODS) + list(vocab.CLAIMABLE_BONUSES)
        raise _problem(tok, f"unknown bonus `{tok}`",
                       _did_you_mean(word, choices)
                       or "name a crest (" + ", ".join(self.crest_map) + "), a good, or a bonus like `3w`")

    # -- turns ---------------------------------------------------------------
    def on_turn(self, raw: t.TurnLine) -> None:
        player_tok, clause_raws = raw.player, raw.clauses
        if self.in_setup:
            return self.on_setup_player(raw)
        phase = self.phase
        if phase is None:
            if self.orphan_turns_reported:
                return  # one report for a run of turn lines with no phase line above
            self.orphan_turns_reported = True
            raise _problem(raw, "a turn line before any phase line",
                           "open the phase first, like `1. Anna hulls`")
        player = self.name(player_tok)
        self.turn_player = player_tok.value   # as written, quotes and all
        try:
            clauses = self.clauses(clause_raws, phase)
        finally:
            self.turn_player = None
        if clauses is not None:
            phase.entries.append(Turn(span=self.span(raw), player=player, clauses=clauses))

    def clauses(self, clause_raws: tuple[t.Clause, ...], phase: _PhaseB) -> list[Clause] | None:
        """The clauses of a turn line, or None when its phase line had an error."""
        clauses: list[Clause] = []
        for cr in clause_raws:
            if isinstance(cr, t.PassRaw):
                clauses.append(PassClause(span=self.span(cr)))
            elif isinstance(cr, t.ExtraRaw):
                action = self.action(cr.action)
                clauses.append(self.clause(cr, action, cr.body, extra=True))
            elif phase.action is None:
                return None  # the phase line's own error was reported; nothing to add
            else:
                clauses.append(self.clause(cr, phase.action, cr, extra=False))
        return clauses

    def clause(self, whole: t.Clause, action: Action, body: t.Body, extra: bool) -> ActionClause:
        span = self.span(whole)
        if isinstance(body, t.ShipsBody) and action in vocab.PLACING_ACTIONS:
            # `Anna: bow` parses as a list of ship names; for a placing action the
            # player forgot where the tiles go.
            raise SyntaxProblem(body.c1, body.c1 + 1, "missing `>` before the destination",
                                "write the destination after `>`: `>store`, `>NAME` or `>new NAME`")
        if action in vocab.PLACING_ACTIONS:
            if not isinstance(body, t.PlacementsBody):
                raise _problem(body, f"`{action}` places tiles, like `bow stern >new A`",
                               self._body_help(action))
            placements, claim = body.placements, body.claim
            return ActionClause(span=span, action=action, extra=extra,
                                placements=[self.placement(p, action) for p in placements],
                                claim=self.claim(claim, "t", action) if claim else None)
        if action in ("money", "crowns"):
            if not isinstance(body, t.AmountsBody) or len(body.amounts) != 1 or body.stats:
                raise _problem(body, f"`{action}` takes the workers used, like `3w`",
                               self._body_help(action))
            amount = body.amounts[0]
            value, unit = _amount(amount)
            if unit != "w":
                raise _problem(amount, f"`{action}` takes the workers used, like `3w`, not `{amount}`",
                               self._body_help(action))
            claim = body.claim
            return ActionClause(span=span, action=action, extra=extra, workers=value,
                                claim=self.claim(claim, "t" if action == "money" else "vp", action)
                                if claim else None)
        # deliver
        if not isinstance(body, t.ShipsBody):
            raise _problem(body, "`deliver` names the ships unloaded, like `A, B`",
                           self._body_help(action))
        return ActionClause(span=span, action=action, extra=extra,
                            ships=[self.name(tok) for tok in body.names])

    @staticmethod
    def _body_help(action: str) -> str:
        return {
            "hulls": "write placements like `bow stern >new A, 1ship >store`",
            "masts": "write placements like `whale >A, anchor mast >store`",
            "sails": "write placements like `whale >A, helm sail >store`",
            "goods": "write placements like `coffee >A, 2 fish >store`",
            "transport": "write the tiles taken from storage and their ship, like `bow >A`",
            "money": "write the workers used, like `3w = 6t`",
            "crowns": "write the workers used, like `3w = 9vp`",
            "deliver": "write the ships unloaded, like `A, B`",
        }[action]

    def claim(self, raw: t.ClaimRaw, unit: str, action: str) -> Claim:
        tok = raw.amount
        value, got = _amount(tok)
        if got != unit:
            raise _problem(tok, f"a claim for `{action}` is in `{unit}`, not `{got}`",
                           f"write it like `= {value}{unit}`")
        return Claim(span=self.span(raw), value=value, unit=cast(Unit, got))

    def placement(self, raw: t.PlacementRaw, action: str) -> Placement:
        items = self.items(raw.items, action)
        d = raw.dest
        dest = Destination(span=self.span(d), kind=d.kind,
                           ship=self.name(d.name) if d.name is not None else None)
        rewards = ([self.reward(r) for r in raw.rewards.rewards] if raw.rewards is not None
                   else None)
        return Placement(span=self.span(raw), items=items, dest=dest, gift=raw.plus is not None,
                         rewards=rewards)

    def reward(self, raw: t.RewardRaw) -> Reward:
        words = [tok.value.lower() for tok in raw.words]
        span = self.span(raw)
        if len(words) == 1 and words[0] in ("3vp", "7t", "3w"):
            return Reward(span=span, kind=cast(RewardKind, words[0]))
        if words in (["crown", "mast"], ["crown", "sail"]):
            return Reward(span=span, kind=cast(RewardKind, " ".join(words)))
        if words[0] == "goods":
            if len(words) == 3 and all(w in vocab.GOODS for w in words[1:]):
                return Reward(span=span, kind="goods", goods=(words[1], words[2]))
            raise _problem(raw, "the goods reward names two goods",
                           "write it like `goods coffee fish`")
        text = " ".join(tok.value for tok in raw.words)
        parts = _split_rewards(words)
        if parts:
            raise _problem(raw, "separate rewards with `,`",
                           f"write them like `[{', '.join(parts)}]`")
        raise _problem(raw, f"unknown reward `{text}`",
                       _did_you_mean(text.lower(), vocab.REWARDS)
                       or "the rewards are `crown mast`, `crown sail`, `3vp`, `7t`, `3w` and "
                          "`goods <good> <good>`")

    def items(self, raws: tuple[t.ItemRaw, ...], context: str) -> list[Item]:
        """Item words to items.  `context` is the action, or `setup`."""
        out: list[list[Any]] = []  # [kind, name, count, first, last]; kind None = bare crest
        for raw in raws:
            count_tok, word_tok = raw.number, raw.word
            count = 1
            if count_tok is not None:
                count = _number(count_tok, MAX_COUNT, "a count")
                if count < 1:
                    raise _problem(count_tok, "a count is at least 1", "leave out the item instead")
            word = word_tok.value.lower()
            word = PLURALS.get(word, word)
            if word in ("mast", "sail"):
                if out and out[-1][0] is None and out[-1][4] is out[-1][3] and count_tok is None:
                    out[-1][0] = word
                    out[-1][4] = word_tok
                    continue
                raise _problem(word_tok, f"`{word}` needs a crest before it",
                               f"write it like `whale {word}` or `crown {word}`")
            if word in vocab.HULL_ALIASES:
                out.append(["hull", vocab.HULL_ALIASES[word], count, raw, raw])
            elif word in vocab.GOODS:
                out.append(["good", word, count, raw, raw])
            elif word in self.crest_map or word == "crown":
                crest = self.crest_map.get(word, "crown")
                out.append([None, crest, count, raw, raw])
            elif word in vocab.ACTIONS and not out and self.turn_player is not None:
                raise _problem(word_tok, *action_in_turn(self.turn_player, word))
            else:
                choices = (list(vocab.HULL_ALIASES) + list(vocab.GOODS) + list(self.crest_map)
                           + ["crown"])
                raise _problem(word_tok, f"unknown item `{word_tok}`",
                               _did_you_mean(word, choices)
                               or "items are hull parts, masts, sails and goods, like `bow`, "
                                  "`whale mast`, `coffee`")
        items = []
        for kind, name, count, first, last in out:
            if kind is None:
                if context in ("masts", "sails"):
                    kind = context[:-1]
                else:
                    word = next(w for w, c in self.crest_map.items() if c == name) \
                        if name != "crown" else "crown"
                    raise _problem(first, f"`{word}` alone could be a mast or a sail",
                                   f"write `{word} mast` or `{word} sail`")
            items.append(Item(span=self.span(first, last), kind=kind, name=name, count=count))
        return items

    # -- setup player lines, checks, final ------------------------------------
    def on_setup_player(self, raw: t.TurnLine) -> None:
        player_tok, clause_raws = raw.player, raw.clauses
        body = clause_raws[0]
        if len(clause_raws) != 1 or not isinstance(body, t.AmountsBody):
            raise _problem(raw, "a setup player line lists amounts, `passed N` and `extra used`",
                           "write it like `Anna: 12t 3w 25vp, passed 1, extra used`")
        if body.claim is not None:
            raise _problem(body.claim, "a setup line has no claims", "leave out the `= ...`")
        fields: dict[str, Any] = {}
        amounts, stats = body.amounts, body.stats
        for tok in amounts:
            value, unit = _amount(tok)
            key = {"t": "taler", "w": "workers", "vp": "vp"}[unit]
            if key in fields:
                raise _problem(tok, f"`{unit}` is given twice", "give each amount once")
            fields[key] = value
        for stat in stats:
            first, second = stat.first, stat.second
            if first.type == "PASSED":
                n = _number(second)
                if n > 3:
                    raise _problem(stat, "a player has three pass tiles",
                                   "write `passed 0` to `passed 3`")
                fields["passed"] = n
            else:
                fields["extra_used"] = True
        self.setup["players"].append(
            SetupPlayer(span=self.span(raw), player=self.name(player_tok), **fields))

    def on_check(self, raw: t.CheckLine) -> None:
        player_tok, amounts = raw.player, raw.amounts
        if not amounts:
            raise _problem(raw, "a check line lists amounts like `23vp 12t 5w`",
                           "write the check like `check Anna: 23vp 12t 5w`")
        fields: dict[str, int] = {}
        for tok in amounts:
            value, unit = _amount(tok)
            key = {"t": "taler", "w": "workers", "vp": "vp"}[unit]
            if key in fields:
                raise _problem(tok, f"`{unit}` is checked twice", "give each amount once")
            fields[key] = value
        check = Check(span=self.span(raw), player=self.name(player_tok), vp=fields.get("vp"),
                      taler=fields.get("taler"), workers=fields.get("workers"))
        self.in_setup = False
        if self.phase is not None:
            self.phase.entries.append(check)
        elif self.rounds:
            self.rounds[-1].entries.append(check)
        else:
            self.checks.append(check)

    def on_final(self, raw: t.FinalLine) -> None:
        if not self.rounds:
            raise _problem(raw, "a `final:` line before any round",
                           "write the `final:` line after the last round")
        entries = []
        for e in raw.entries:
            player_tok, score_tok = e.player, e.score
            if score_tok.type == "AMOUNT":
                value, unit = _amount(score_tok)
                if unit != "vp":
                    raise _problem(score_tok, f"a final score is in victory points, not `{unit}`",
                                   f"write `{value}` or `{value}vp`")
            else:
                value = _number(score_tok, MAX_AMOUNT, "a score")
            entries.append(FinalEntry(span=self.span(e), player=self.name(player_tok), score=value))
        self.final = Final(span=self.span(raw), entries=entries)

    # -- the whole record ----------------------------------------------------
    def finish(self, lines: list[str]) -> ParseResult:
        if "players" not in self.header and not self.errors:
            self.line = 1
            self.error(SyntaxProblem(1, 2, "the record has no `players:` line",
                                     "start the record with `players: Anna, Ben` "
                                     "(seat order, clockwise)"))
        if self.errors:
            return ParseResult(None, self.diags, lines)
        rounds = []
        for rb in self.rounds:
            entries: list[Phase | Check] = []
            for e in rb.entries:
                if isinstance(e, _PhaseB):
                    assert e.action is not None   # else the record has a syntax error
                    entries.append(Phase(span=e.raw_span, number=e.number, player=e.player,
                                         action=e.action, action_span=e.action_span,
                                         bonus=e.bonus, entries=e.entries))
                else:
                    entries.append(e)
            rounds.append(Round(span=rb.span, number=rb.number, deal=rb.deal, entries=entries))
        header = Header(**self.header)
        setup = Setup(**self.setup) if self.setup else None
        record = Record(header=header, setup=setup, checks=self.checks, rounds=rounds,
                        final=self.final)
        return ParseResult(record, self.diags, lines)


def _split_rewards(words: list[str]) -> list[str] | None:
    """`crown mast crown sail` -> [`crown mast`, `crown sail`]: rewards written without
    their commas, or None if the words are not a run of rewards."""
    parts, i = [], 0
    while i < len(words):
        if words[i] in ("3vp", "7t", "3w"):
            parts.append(words[i])
            i += 1
        elif words[i:i + 2] in (["crown", "mast"], ["crown", "sail"]):
            parts.append(" ".join(words[i:i + 2]))
            i += 2
        elif words[i] == "goods" and len(words) >= i + 3 and all(
                w in vocab.GOODS for w in words[i + 1:i + 3]):
            parts.append(" ".join(words[i:i + 3]))
            i += 3
        else:
            return None
    return parts if len(parts) > 1 else None


def _amount(tok: Token) -> tuple[int, str]:
    """`12t` -> (12, "t").  Only victory points can be negative."""
    text = tok.value.lower()
    unit = "vp" if text.endswith("vp") else text[-1]
    value = _number(tok, MAX_COUNT if unit == "w" else MAX_AMOUNT, "an amount",
                    text[: -len(unit)])
    if value < 0 and unit != "vp":
        raise _problem(tok, f"`{tok}` is negative", "taler and workers are never below zero")
    return value, unit


def _number(tok: Token, limit: int = MAX_NUMBER, what: str = "a number",
            digits: str | None = None) -> int:
    """The token's number, refused (as a syntax error) beyond `limit`."""
    value = int(digits if digits is not None else tok)
    if abs(value) > limit:
        raise _problem(tok, f"{what} of {digits or tok} is far larger than a game allows",
                       f"write {limit} or less")
    return value
