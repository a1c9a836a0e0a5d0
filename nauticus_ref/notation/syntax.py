"""Plain-language messages for lark's parse errors.

Following lark's `match_examples` idea, each kind of mistake is taught by a few
example lines; the parser state and the token at which each example fails are
learnt once, and a real error is recognised by the same state and token.  No
lark terminal name ever reaches a user: they are translated by `TERMINALS`.
"""

from __future__ import annotations

import functools
import re
from typing import Hashable, Iterator

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from nauticus_ref.core.language import N_, _
from nauticus_ref.notation.vocab import ACTIONS, KEYWORDS, quoted

# kind -> (message, help, examples).  `{tok}` is the offending text, `{prev}` the
# text of the token before it.
KINDS: dict[str, tuple[str, str | None, list[str]]] = {
    "missing-colon": (
        N_("missing `:` after the player's name `{prev}`"),
        N_("write `{prev}: ...`, a colon after the name"),
        [
            "Anna pass",
            "Anna bow >store",
            "Anna 3w",
            "Anna 2 coffee >A",
            "Anna >A",
            "Anna, Ben",
            "Anna [3vp]",
            "Anna = 3t",
            "Anna + bow >A",
            "Anna.",
            "Anna;",
            '"Anna X" pass',
            "Anna extra goods: coffee >A",
            "Anna A, B",
            'Anna "A"',
            "Anna",
        ],
    ),
    "missing-gt": (
        N_("missing `>` before the destination"),
        N_("write the destination after `>`: `>store`, `>NAME` or `>new NAME`"),
        [
            "Anna: bow stern new A",
            "Anna: bow stern",
            "Anna: 2 coffee",
            "Anna: bow stern A",
            "Anna: bow >A, stern",
            "Anna: bow >A, 2 coffee",
            "Anna: bow = 3t",
            "Anna: bow [3vp]",
            'Anna: bow "A"',
            "Anna: extra goods: 2 coffee",
            "Anna: bow stern; pass",
            "Anna: bow stern, middle >A",
            "Anna: + bow",
            "Anna: + bow, stern >A",
            "Anna: +bow; pass",
            "Anna: bow stern = 3t",
            "Anna: 2 bow, stern >A",
        ],
    ),
    "count-without-item": (
        N_("a count needs an item after it"),
        N_("write the item after the count, like `2 coffee`"),
        [
            "Anna: 2 >store",
            "Anna: bow >A, 2 >B",
            "Anna: 2",
            "Anna: 2, bow >A",
            "Anna: bow 2 >A",
            "Anna store: 2",
            "Anna store: bow, 2",
            "Anna ship A: 2",
            "Anna delivered: 2",
            "Anna: 2; pass",
            "Anna: + 2 >A",
            "Anna: bow 2",
            "Anna store: 2, bow",
            "Anna: extra goods: 2 >A",
            "Anna: 2 = 3t",
        ],
    ),
    "claim-unit": (
        N_("a claim needs its unit, like `= 6t`"),
        N_("write `t` for taler or `vp` for victory points after the number"),
        ["Anna: bow >A = 6", "Anna: 3w = 6", "Anna: bow >A = bow", "Anna: 3w = x"],
    ),
    "amount-unit": (
        N_("a number of workers needs its unit, like `3w`"),
        N_("write `w` after the number"),
        ["Anna: 3w 3", "Anna: 3w = 6t 3"],
    ),
    "missing-destination": (
        N_("missing destination after `>`"),
        N_("write `>store`, `>NAME` or `>new NAME`"),
        [
            "Anna: bow >",
            "Anna: bow >, stern >A",
            "Anna: bow > [3vp]",
            "Anna: bow > = 3t",
            "Anna: bow >; pass",
            "Anna: bow > >A",
        ],
    ),
    "new-needs-name": (
        N_("a new ship needs a name"),
        N_("write the ship's name after `new`, like `>new A`"),
        [
            "Anna: bow >new",
            "Anna: bow >new, stern >A",
            "Anna: bow >new [3vp]",
            "Anna: bow >new = 3t",
            "Anna: bow >new; pass",
        ],
    ),
    "unclosed-rewards": (
        N_("missing `]` after the rewards"),
        N_("close the list of rewards with `]`"),
        [
            "Anna: bow >A [3vp",
            "Anna: bow >A [crown mast",
            "Anna: bow >A [3vp, 7t",
            "Anna: bow >A [crown mast, stern >B",
            "Anna: bow >A [3vp; pass",
            "Anna: bow >A [goods coffee grain",
            "Anna: bow >A [3vp = 3t",
        ],
    ),
    "reward-comma": (
        N_("separate rewards with `,`"),
        N_("write them like `[7t, crown sail]`"),
        # (`[crown mast 3vp]` parses as one reward of three words; the assembler says it)
        [
            "Anna: bow >A [7t crown sail]",
            "Anna: bow >A [3vp 7t]",
            "Anna: bow >A [7t goods coffee fish]",
        ],
    ),
    "rewards-brackets": (
        N_("rewards go in brackets after the placement that completes the ship"),
        N_("write them like `>A [crown sail, 7t]`"),
        [
            "Anna: bow >A 7t",
            "Anna: bow >A 3vp, 7t",
            "Anna: bow >new A 3w",
            "Anna: bow >store 3vp",
            'Anna: bow >"A" 7t',
        ],
    ),
    "empty-rewards": (
        N_("empty list of rewards"),
        N_("name one reward per mast, like `[3vp, 7t]`, or leave the brackets out"),
        ["Anna: bow >A []", "Anna: bow >A [,", "Anna: bow >A [>"],
    ),
    "missing-separator": (
        N_("missing `,` between two placements"),
        N_("separate placements with `,` and clauses with `;`"),
        [
            "Anna: bow >A stern >B",
            "Anna: bow >A 2 coffee >B",
            "Anna: bow >A [3vp] stern >B",
            "Anna: bow >new A stern >B",
            "Anna: bow >store stern >B",
            'Anna: bow >"A" stern >B',
            "Anna: bow >A pass",
            "Anna: bow >A + bow >store",
        ],
    ),
    "missing-semicolon": (
        N_("missing `;` between two clauses"),
        N_("separate clauses with `;`, like `pass; extra money: 2w`"),
        [
            "Anna: pass pass",
            "Anna: pass bow >A",
            "Anna: pass extra money: 2w",
            "Anna: pass 3w",
            "Anna: pass, extra money: 2w",
            "Anna: A, B pass",
            "Anna: 3w pass",
            "Anna: 3w = 6t pass",
            "Anna: pass >A",
        ],
    ),
    "phase-dot": (
        N_("missing `.` after the phase number"),
        N_("write the phase line like `1. Anna hulls`"),
        ["1 Anna hulls", '1 "Anna" hulls', "1: Anna hulls", "1"],
    ),
    "phase-action": (
        N_("a phase line names the start player and then the action"),
        N_("write the phase line like `1. Anna hulls`"),
        ["1. Anna", "1. Anna 3w", "1.", "1. 3w", '1. Anna "hulls"', "1. Anna, hulls"],
    ),
    "bonus-value": (
        N_("`bonus` needs the bonus after it"),
        N_(
            "name the crest or the good you take, like `bonus whale`, or write the bonus, like `bonus 3w`"
        ),
        ["1. Anna hulls bonus", '1. Anna hulls bonus "whale"', "1. Anna hulls bonus, x"],
    ),
    "phase-trailing": (
        N_("unexpected text after the phase's action"),
        N_("write the phase line like `1. Anna hulls` or `1. Anna hulls bonus whale`"),
        ["1. Anna hulls whale", "1. Anna hulls 3w", "1. Anna hulls, x", "1. Anna hulls >A"],
    ),
    "bonus-words": (
        N_("write only your choice after `bonus`"),
        N_(
            "the space decides whether the bonus is a mast, a sail or a good: write `bonus whale` "
            "or `bonus coffee`"
        ),
        [
            "1. Anna hulls bonus whale mast",
            "1. Anna hulls bonus whale sail",
            "1. Anna goods bonus w+good coffee",
            "1. Anna goods bonus 3w 3",
            "1. Anna goods bonus 3w w",
        ],
    ),
    "round-colon": (
        N_("missing `:` after the round number"),
        N_("write the deal like `round 1: goods hulls money transport crowns masts deliver sails`"),
        ["round 1 goods hulls", "round 1", "round 1, goods", "round 1 3"],
    ),
    "round-number": (
        N_("missing round number"),
        N_("write the deal like `round 1: goods hulls money transport crowns masts deliver sails`"),
        ["round: goods", "round goods", "round", "round 1w: goods"],
    ),
    "deal-word": (
        N_("a deal lists eight action words"),
        N_("write the deal like `round 1: goods hulls money transport crowns masts deliver sails`"),
        ["round 1: goods, hulls", 'round 1: "goods"'],
    ),
    "extra-colon": (
        N_("missing `:` after the Extra Action's name"),
        N_("write the Extra Action like `extra goods: coffee >A`"),
        [
            "Anna: extra goods coffee >A",
            "Anna: extra goods",
            "Anna: extra goods 2w",
            "Anna: extra goods; pass",
            "Anna: extra goods >A",
        ],
    ),
    "extra-name": (
        N_("`extra` needs the action's name after it"),
        N_("write the Extra Action like `extra goods: coffee >A`"),
        [
            "Anna: extra: coffee >A",
            "Anna: extra",
            "Anna: extra; pass",
            'Anna: extra "goods": coffee >A',
        ],
    ),
    "empty-clause": (
        N_("a turn needs `pass` or the action's body"),
        N_("write what the player did after the colon, like `Anna: pass`"),
        [
            "Anna:",
            "Anna: pass;",
            "Anna: extra goods:",
            "Anna: ;",
            "Anna: extra goods: ; pass",
            "Anna: , bow >A",
        ],
    ),
    "header-colon": (
        N_("missing `:` after `{prev}`"),
        N_("write the header line like `players: Anna, Ben`"),
        [
            "players Anna, Ben",
            "game Club",
            "crests whale",
            "date 2026",
            "board standard",
            "setup round 4",
            "final Anna 3",
            "players",
            "game",
        ],
    ),
    "header-players": (
        N_("`players:` lists the names in seat order, separated by commas"),
        N_("write the header line like `players: Anna, Ben, Carla`"),
        ["players: Anna Ben", "players:", "players: Anna,", "crests:"],
    ),
    "check-line": (
        N_("a check line lists amounts like `23vp 12t 5w`"),
        N_("write the check like `check Anna: 23vp 12t 5w`"),
        [
            "check Anna",
            "check Anna: 3",
            "check Anna: whale",
            "check: Anna 3vp",
            "check 3vp",
            "check Anna: 3vp, 2t",
        ],
    ),
    "final-entry": (
        N_("a final score is the player's name followed by a number"),
        N_("write the final line like `final: Anna 87, Ben 80`"),
        [
            "final: Anna",
            "final: Anna, Ben 3",
            "final:",
            "final: 87",
            "final: Anna 87 Ben 80",
            "final: Anna 87,",
            "final: Anna whale",
        ],
    ),
    "setup-head": (
        N_("a setup line starts with the round and phase in play"),
        N_("write it like `setup: round 4 phase 3, anchor 2vp, flipped hulls crowns`"),
        [
            "setup:",
            "setup: round",
            "setup: round 4",
            "setup: round 4 phase",
            "setup: 4 3",
            "setup: round 4, phase 3",
            "setup: round 4 phase 3 anchor 2vp",
            "setup: round 4 phase 3, anchor",
            "setup: round 4 phase 3, flipped",
            "setup: round 4 phase 3, 2vp",
            "setup: round 4 phase 3,",
        ],
    ),
    "setup-tiles": (
        N_("a setup line lists tiles separated by commas"),
        N_("write it like `Anna store: bow, whale mast, coffee`"),
        [
            "Anna ship A:",
            "Anna ship: bow",
            "Anna ship A bow",
            "Anna store bow",
            "Anna delivered 2 grain",
            "Anna store: bow,",
            "Anna store: >A",
            "Anna ship A: bow >A",
        ],
    ),
    "setup-stat": (
        N_("a setup player line lists amounts, `passed N` and `extra used`"),
        N_("write it like `Anna: 12t 3w 25vp, passed 1, extra used`"),
        [
            "Anna: passed",
            "Anna: passed x",
            "Anna: extra used 3w",
            "Anna: passed 1 3w",
            "Anna: 3w, 2t",
            "Anna: passed 1, 3w",
            "Anna: 3w, pass",
        ],
    ),
}

TERMINALS = {
    "COLON": "`:`",
    "COMMA": "`,`",
    "SEMI": "`;`",
    "DOT": "`.`",
    "GT": "`>`",
    "PLUS": "`+`",
    "EQUALS": "`=`",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "AMOUNT": N_("an amount like `3w`"),
    "WPLUS": "`w+vp`",
    "NUMBER": N_("a number"),
    "WORD": N_("a word"),
    "QUOTED": N_("a quoted name"),
    "TEXT": N_("text"),
    "$END": N_("the end of the line"),
}


def describe(token_type: str) -> str:
    return _(TERMINALS[token_type]) if token_type in TERMINALS else f"`{token_type.lower()}`"


#: How many parser states below the top identify the context of an error.  The
#: state at the top is often shared (`name: WORD .` is reached from many places);
#: the ones beneath it say where in the line the parser was.
_DEPTHS = (4, 3, 2)


def _keys(e: UnexpectedToken) -> Iterator[Hashable]:
    stack = tuple(e.state.state_stack)
    for depth in _DEPTHS:
        yield (stack[-depth:], e.token.type)
    for depth in _DEPTHS:
        yield stack[-depth:]


@functools.cache
def _learnt() -> dict[Hashable, str]:
    """Parser context (and token type) -> kind of mistake, from the example lines."""
    from nauticus_ref.notation.grammar import line_parser

    parser = line_parser()
    table: dict[Hashable, str] = {}
    for kind, (_message, _help, examples) in KINDS.items():
        for example in examples:
            try:
                parser.parse(example)
            except UnexpectedToken as e:
                for key in _keys(e):
                    table.setdefault(key, kind)
            except UnexpectedInput:
                continue
            # an example that parses teaches nothing; tests/notation/test_syntax_errors.py
            # makes sure there is none
    return table


def _unexpected_character(col: int, line: str) -> tuple[int, int, str, str | None]:
    ch = line[col - 1] if 0 < col <= len(line) else ""
    if ch == '"':
        end = len(line.rstrip()) + 1
        return col, end, _("unterminated quoted name"), _('close the name with `"`')
    shown = ch if ch.isprintable() else repr(ch)
    return (
        col,
        col + 1,
        _("unexpected character `{char}`").format(char=shown),
        _("remove it; names are letters, digits, `_` and `-`, or in double quotes"),
    )


def explain(e: UnexpectedInput, line: str) -> tuple[int, int, str, str | None]:
    """(column, end column, message, help) for a lark error on `line`."""
    if isinstance(e, UnexpectedCharacters):
        return _unexpected_character(e.column or 1, line)
    assert isinstance(e, UnexpectedToken)
    tok: Token = e.token
    if tok.type == "TEXT":
        # Only the lexer's fallback makes free text where none is expected: the
        # text begins with a character no token here can start with.
        return _unexpected_character(tok.column or 1, line)
    if tok.type == "$END":
        col = tok.end_column if tok.end_column else len(line.rstrip()) + 1
        end = col + 1
    else:
        col, end = tok.column or 1, tok.end_column or 1
    spaced = _spaced_name(line, col)
    if spaced is not None:
        return spaced
    repeated = re.match(_ACTION_FIRST, line, re.IGNORECASE)
    if repeated and repeated["player"].lower() not in KEYWORDS:
        said, fix = action_in_turn(repeated["player"], repeated["action"].lower())
        return repeated.start("action") + 1, repeated.end("action") + 1, said, fix
    stack = e.state.value_stack
    prev = _last_text(stack[-1]) if stack else ""
    table = _learnt()
    kind: str | None = next((table[k] for k in _keys(e) if k in table), None)
    if kind == "missing-separator" and tok.lower() in ("crown", "goods"):
        kind = "rewards-brackets"  # `>A crown sail`: a reward, not another placement
    if kind:
        message, help_, _examples = KINDS[kind]
        return (
            col,
            end,
            _(message).format(tok=tok, prev=prev),
            _(help_).format(tok=tok, prev=prev) if help_ else None,
        )
    what = _("end of the line") if tok.type == "$END" else f"`{tok}`"
    expected = sorted({describe(t) for t in e.expected if not t.startswith("__")})
    return (
        col,
        end,
        _("unexpected {what}").format(what=what),
        _("expected {what}").format(
            what=_("{some} or {last}").format(some=", ".join(expected[:-1]), last=expected[-1])
            if len(expected) > 1
            else "".join(expected)
        ),
    )


#: A turn written with the phase's action first (patterns here are compiled when first
#: used, by `re`'s cache: a cold start with no syntax error compiles none of them).
_ACTION_FIRST = (
    r"\s*(?P<player>\w[\w-]*|\"[^\"]*\")\s*:\s*"
    r"(?P<action>hulls|masts|sails|goods|transport|money|deliver|crowns)\b"
)
#: What a turn of each action looks like, for help lines.
BODY_EXAMPLES = {
    "hulls": "bow stern >new A",
    "masts": "whale >A",
    "sails": "whale >A",
    "goods": "coffee >A",
    "transport": "bow >A",
    "money": "3w",
    "crowns": "3w",
    "deliver": "A, B",
}


#: A turn line whose name, before the colon, is more than one plain word.
_SPACED_NAME = r"\s*(?P<name>[^\s:#\"][^:#\"]*?)\s*:"


def _spaced_name(line: str, col: int) -> tuple[int, int, str, str] | None:
    """The error at `col` for a turn whose player's name needs quotes (`Björn B.: pass`):
    the text before the colon holds the error, no keyword (`Anna store:` is setup) and
    no action word (`Anna extra goods:` misses a colon)."""
    m = re.match(_SPACED_NAME, line)
    if (
        m is None
        or not m.start("name") < col <= m.end("name")
        or quoted(m["name"]) == m["name"]
        or any(w.lower() in KEYWORDS or w.lower() in ACTIONS for w in m["name"].split())
    ):
        return None
    name = quoted(m["name"])
    return (
        m.start("name") + 1,
        m.end("name") + 1,
        _("a name with spaces or punctuation needs double quotes"),
        _("write `{name}: ...`").format(name=name),
    )


def action_in_turn(player: str, action: str) -> tuple[str, str]:
    """The message for a turn that starts with the phase's action word."""
    if not player.startswith('"'):
        player = quoted(player)
    fix = _(
        "the phase line names the action; write only what {player} did, like `{line}` "
        "(`{extra}` is the Extra Action)"
    )
    line, extra = f"{player}: {BODY_EXAMPLES[action]}", f"extra {action}: ..."
    said = _("a turn does not repeat the action `{action}`").format(action=action)
    return said, fix.format(player=player, line=line, extra=extra)


def _last_text(value: object) -> str:
    if isinstance(value, Token):
        return str(value).strip('"') if value.type != "QUOTED" else str(value)
    return ""
