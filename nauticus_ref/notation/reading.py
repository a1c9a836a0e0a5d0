"""Reading the parts of a line: names, items, rewards, claims and numbers.

The bottom layer of the assembler (`assemble.py`): the state it keeps while it reads a
record, how a syntax problem is reported, and the words every kind of line shares.
No rule of the game is checked here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Union, cast

from lark import Lark
from lark.exceptions import UnexpectedInput

from nauticus_ref.core.findings import SYNTAX_RULE, Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.notation import raw as t
from nauticus_ref.notation import vocab
from nauticus_ref.notation.grammar import line_parser
from nauticus_ref.notation.model import (
    Action,
    Bonus,
    Check,
    Claim,
    Final,
    Item,
    Name,
    Reward,
    RewardKind,
    Turn,
    Unit,
)
from nauticus_ref.notation.raw import Tok, c0, c1
from nauticus_ref.notation.syntax import action_in_turn, explain

#: After this many syntax errors in one file the parse stops and says so.
MAX_SYNTAX_ERRORS = 50

#: No line of a record is this long; a longer one is refused before parsing.
MAX_LINE_LENGTH = 2000

#: The moves of a record (every line that is not blank or a comment) hold at most this
#: many characters: a whole four-player game with a check after every turn takes about
#: 25,000.  It bounds the time and memory any record can cost (docs/security.md).
MAX_STATEMENT_CHARS = 64 * 1024

#: Plural item words, as people write them after a count: `2 whale masts`, `3 bows`.
PLURALS = {
    "masts": "mast",
    "sails": "sail",
    "bows": "bow",
    "sterns": "stern",
    "middles": "middle",
    "mids": "mid",
    "1ships": "1ship",
    "singles": "single",
}

#: Bounds on numbers, so that no record can make the referee count for ever: a count
#: of tiles or workers, taler or victory points, and any other number (rounds, phases).
MAX_COUNT, MAX_AMOUNT, MAX_NUMBER = 99, 9999, 999


class SyntaxProblem(Exception):
    """Raised inside the assembler for one line; becomes a `syntax` diagnostic."""

    def __init__(self, col: int, end: int, message: str, help: str | None = None):
        super().__init__(message)
        self.col, self.end, self.message, self.help = col, end, message, help


def syntax_problem(x: Any, message: str, help: str | None = None) -> SyntaxProblem:
    return SyntaxProblem(c0(x), c1(x), message, help)


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    best = vocab.closest(word, choices)
    return _("did you mean `{word}`").format(word=best) if best else None


@dataclass
class PhaseDraft:
    raw_span: Span
    number: int
    player: Name
    action: Action | None
    action_span: Span
    bonus: Bonus | None
    entries: list[Turn | Check] = field(default_factory=list)


@dataclass
class RoundDraft:
    span: Span
    number: int
    deal: list[Action]
    entries: list[PhaseDraft | Check] = field(default_factory=list)


class Reader:
    """What the assembler keeps while it reads, and the parts every line shares."""

    def __init__(self) -> None:
        self.line = 0
        self.diags: list[Diagnostic] = []
        self.errors = 0
        self.header: dict[str, Any] = {}
        self.crest_map = {w: w for w in vocab.DEFAULT_CRESTS}
        self.setup: dict[str, Any] = {}  # empty until a `setup:` line
        self.in_setup = False
        self.checks: list[Check] = []
        self.rounds: list[RoundDraft] = []
        self.final: Final | None = None
        self.orphan_turns_reported = False
        self.turn_player: str | None = None  # the player of the turn line being read

    # -- plumbing --------------------------------------------------------
    def span(self, x: Any, y: Any = None) -> Span:
        return Span(line=self.line, column=c0(x), end_line=self.line, end_column=c1(y or x))

    def error(self, p: SyntaxProblem) -> None:
        self.errors += 1
        self.diags.append(
            Diagnostic(
                rule=SYNTAX_RULE,
                span=Span(
                    line=self.line,
                    column=p.col,
                    end_line=self.line,
                    end_column=max(p.end, p.col + 1),
                ),
                message=p.message,
                help=p.help,
            )
        )

    def name(self, tok: Tok) -> Name:
        text = tok.value[1:-1] if tok.type == "QUOTED" else tok.value
        if not text.strip():
            raise syntax_problem(tok, _("empty name"), _("write a name between the quotes"))
        return Name(span=self.span(tok), text=text)

    @property
    def phase(self) -> PhaseDraft | None:
        """The phase that turn and check lines now belong to."""
        entries = self.rounds[-1].entries if self.rounds else None
        return entries[-1] if entries and isinstance(entries[-1], PhaseDraft) else None

    # -- rounds and phases ---------------------------------------------------
    def action(self, tok: Tok) -> Action:
        word = str(tok.value).lower()
        if word not in vocab.ACTIONS:
            raise syntax_problem(
                tok,
                _("unknown action `{value}`").format(value=tok.value),
                did_you_mean(word, vocab.ACTIONS)
                or _("the actions are {actions}").format(actions=" ".join(vocab.ACTIONS)),
            )
        return cast(Action, word)

    def items(self, raws: tuple[t.ItemRaw, ...], context: str) -> list[Item]:
        """Item words to items.  `context` is the action, or `setup`."""
        out: list[list[Any]] = []  # [kind, name, count, first, last]; kind None = bare crest
        for raw in raws:
            count_tok, word_tok = raw.number, raw.word
            count = 1
            if count_tok is not None:
                count = read_number(count_tok, MAX_COUNT, _("a count"))
                if count < 1:
                    raise syntax_problem(
                        count_tok, _("a count is at least 1"), _("leave out the item instead")
                    )
            word = word_tok.value.lower()
            word = PLURALS.get(word, word)
            if word in ("mast", "sail"):
                if out and out[-1][0] is None and out[-1][4] is out[-1][3] and count_tok is None:
                    out[-1][0] = word
                    out[-1][4] = word_tok
                    continue
                raise syntax_problem(
                    word_tok,
                    _("`{word}` needs a crest before it").format(word=word),
                    _("write it like `whale {word}` or `crown {word}`").format(word=word),
                )
            if word in vocab.HULL_ALIASES:
                out.append(["hull", vocab.HULL_ALIASES[word], count, raw, raw])
            elif word in vocab.GOODS:
                out.append(["good", word, count, raw, raw])
            elif word in self.crest_map or word == "crown":
                crest = self.crest_map.get(word, "crown")
                out.append([None, crest, count, raw, raw])
            elif word in vocab.ACTIONS and not out and self.turn_player is not None:
                raise syntax_problem(word_tok, *action_in_turn(self.turn_player, word))
            else:
                choices = (
                    list(vocab.HULL_ALIASES) + list(vocab.GOODS) + list(self.crest_map) + ["crown"]
                )
                raise syntax_problem(
                    word_tok,
                    _("unknown item `{value}`").format(value=word_tok.value),
                    did_you_mean(word, choices)
                    or _(
                        "items are hull parts, masts, sails and goods, like `bow`, `whale mast`, `coffee`"
                    ),
                )
        items = []
        for kind, name, count, first, last in out:
            if kind is None:
                if context in ("masts", "sails"):
                    kind = context[:-1]
                else:
                    word = (
                        next(w for w, c in self.crest_map.items() if c == name)
                        if name != "crown"
                        else "crown"
                    )
                    raise syntax_problem(
                        first,
                        _("`{word}` alone could be a mast or a sail").format(word=word),
                        _("write `{word} mast` or `{word} sail`").format(word=word),
                    )
            items.append(Item(span=self.span(first, last), kind=kind, name=name, count=count))
        return items

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
            raise syntax_problem(
                raw, _("the goods reward names two goods"), _("write it like `goods coffee fish`")
            )
        text = " ".join(tok.value for tok in raw.words)
        parts = split_rewards(words)
        if parts:
            raise syntax_problem(
                raw,
                _("separate rewards with `,`"),
                _("write them like `[{value}]`").format(value=", ".join(parts)),
            )
        raise syntax_problem(
            raw,
            _("unknown reward `{text}`").format(text=text),
            did_you_mean(text.lower(), vocab.REWARDS)
            or _(
                "the rewards are `crown mast`, `crown sail`, `3vp`, `7t`, `3w` and "
                "`goods <good> <good>`"
            ),
        )

    def claim(self, raw: t.ClaimRaw, unit: str, action: str) -> Claim:
        tok = raw.amount
        value, got = read_amount(tok)
        if got != unit:
            raise syntax_problem(
                tok,
                _("a claim for `{action}` is in `{unit}`, not `{got}`").format(
                    action=action, unit=unit, got=got
                ),
                _("write it like `= {value}{unit}`").format(value=value, unit=unit),
            )
        return Claim(span=self.span(raw), value=value, unit=cast(Unit, got))


def split_rewards(words: list[str]) -> list[str] | None:
    """`crown mast crown sail` -> [`crown mast`, `crown sail`]: rewards written without
    their commas, or None if the words are not a run of rewards."""
    parts, i = [], 0
    while i < len(words):
        if words[i] in ("3vp", "7t", "3w"):
            parts.append(words[i])
            i += 1
        elif words[i : i + 2] in (["crown", "mast"], ["crown", "sail"]):
            parts.append(" ".join(words[i : i + 2]))
            i += 2
        elif (
            words[i] == "goods"
            and len(words) >= i + 3
            and all(w in vocab.GOODS for w in words[i + 1 : i + 3])
        ):
            parts.append(" ".join(words[i : i + 3]))
            i += 3
        else:
            return None
    return parts if len(parts) > 1 else None


def read_amount(tok: Tok) -> tuple[int, str]:
    """`12t` -> (12, "t").  Only victory points can be negative."""
    text = tok.value.lower()
    unit = "vp" if text.endswith("vp") else text[-1]
    value = read_number(
        tok, MAX_COUNT if unit == "w" else MAX_AMOUNT, _("an amount"), text[: -len(unit)]
    )
    if value < 0 and unit != "vp":
        raise syntax_problem(
            tok,
            _("`{value}` is negative").format(value=tok.value),
            _("taler and workers are never below zero"),
        )
    return value, unit


#: The field of a check line or a setup line that each amount's unit sets.
AMOUNT_FIELDS = {"t": "taler", "w": "workers", "vp": "vp"}


def read_amounts(tokens: Iterable[Tok], twice: str) -> dict[str, int]:
    """`23vp 12t 5w` -> {"vp": 23, "taler": 12, "workers": 5}; a unit given a second time
    is a syntax error (`twice`: `checked` or `given`, for the message)."""
    fields: dict[str, int] = {}
    for tok in tokens:
        value, unit = read_amount(tok)
        key = AMOUNT_FIELDS[unit]
        if key in fields:
            raise syntax_problem(
                tok,
                _("`{unit}` is {twice} twice").format(unit=unit, twice=twice),
                _("give each amount once"),
            )
        fields[key] = value
    return fields


def read_number(
    tok: Tok, limit: int = MAX_NUMBER, what: str | None = None, digits: str | None = None
) -> int:
    """The token's number (`what`: a number), refused (as a syntax error) beyond `limit`."""
    value = int(digits if digits is not None else tok.value)
    if abs(value) > limit:
        raise syntax_problem(
            tok,
            _("{what} of {value} is far larger than a game allows").format(
                what=what or _("a number"), value=digits or tok.value
            ),
            _("write {limit} or less").format(limit=limit),
        )
    return value


#: What lark made of one line: its typed line, or the syntax problem it found.
LineParse = Union[t.Line, SyntaxProblem]


def _plainly(line: str) -> LineParse:
    """`line` parsed by plain lark, after the accelerator could not."""
    try:
        return cast(t.Line, line_parser().parse(line))
    except UnexpectedInput as e:
        return SyntaxProblem(*explain(e, line))


#: A memo holds at most this many lines (a long session's edits do not pile up).
MEMO_LINES = 20_000


def parse_line(parser: Lark, line: str, memo: dict[str, LineParse] | None) -> LineParse:
    """The transformer's typed line, or the syntax problem lark found; from `memo` if there.
    A line the accelerated `parser` cannot parse is parsed again by plain lark, whose
    error the message is made from (grammar.py)."""
    if memo is not None and line in memo:
        return memo[line]
    parsed: LineParse
    try:
        parsed = cast(t.Line, parser.parse(line))
    except Exception as e:
        if parser is not line_parser():  # loaded only now: most runs never need it
            parsed = _plainly(line)
        elif isinstance(e, UnexpectedInput):
            parsed = SyntaxProblem(*explain(e, line))
        else:
            raise
    if memo is not None:
        if len(memo) > MEMO_LINES:
            memo.clear()
        memo[line] = parsed
    return parsed
