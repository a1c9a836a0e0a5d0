"""The shapes of the referee's JSON outputs, as typed dictionaries (the record by its own
model), from which `views/schema.py` makes the published JSON Schemas.  Strict: a key
a shape does not name is an error."""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from nauticus_ref.notation.model import Record
from nauticus_ref.views.shapes_moves import STRICT, Nearest, Version, WhatIf


@with_config(STRICT)
class Edit(TypedDict):
    """Replace the text from (`line`, `column`) up to (`end_line`, `end_column`) with
    `text`; an empty range inserts."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@with_config(STRICT)
class Fix(TypedDict):
    """A change that mends a finding, as an editor's quick fix makes it: every edit, made
    together.  A finding with several fixes offers alternatives: pick one."""

    title: str
    edits: list[Edit]


@with_config(STRICT)
class Diagnostic(TypedDict):
    """One finding: where (lines and columns count from 1; `end_column` is just past the
    end), what, and the fix (`help`)."""

    rule: str
    severity: Literal["error", "warning", "note"]
    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    help: str | None
    accepted: NotRequired[Literal[True]]  # the table let it stand (`# ref: accept RULE`)
    fixes: NotRequired[list[Fix]]  # where the referee knows how to mend it
    explain: NotRequired[str]  # the command that explains it in full


@with_config(STRICT)
class ValidatedFile(TypedDict):
    """A record, in the order of the files; one that could not be checked (unreadable,
    not UTF-8, over a limit, its board unusable) is not valid, has no diagnostics, and
    says why in `error`."""

    path: str
    valid: bool
    complete: bool
    diagnostics: list[Diagnostic]
    error: NotRequired[str]


@with_config(STRICT)
class Validate(TypedDict):
    """`validate --format json`: every record checked, in the order of the files."""

    version: Version
    files: list[ValidatedFile]


@with_config(STRICT)
class DiagnosticLine(Diagnostic):
    """A diagnostic, naming its record."""

    version: Version
    path: str


@with_config(STRICT)
class UncheckedLine(TypedDict):
    """A record that could not be checked, and why."""

    version: Version
    path: str
    error: str


#: `validate --format jsonl`: one line per diagnostic, and one per record not checked.
ValidateLine = DiagnosticLine | UncheckedLine


@with_config(STRICT)
class ParsedFile(TypedDict):
    path: str
    ok: bool
    record: Record | None  # the record model (notation/model.py)
    diagnostics: list[Diagnostic]


@with_config(STRICT)
class Parse(TypedDict):
    """`parse --format json`: each record's model, or its syntax errors."""

    version: Version
    files: list[ParsedFile]


# -- score ---------------------------------------------------------------------------


@with_config(STRICT)
class Breakdown(TypedDict):
    track: int
    ships: int
    goods: int
    material: int


@with_config(STRICT)
class ShipScore(TypedDict):
    ship: str
    size: int
    vp: int


@with_config(STRICT)
class GoodScore(TypedDict):
    good: str
    count: int
    vp: int


# Keys with spaces take the functional form (which has no class body for the config).
#: Material converted at the end: taler in hand and the taler value of what is left.
Material = TypedDict(
    "Material",
    {
        "taler_in_hand": int,
        "workers": int,
        "storage": int,
        "unfinished ships": int,
        "undelivered goods": int,
    },
)
#: VP gained in one round, by source (`correction`: a check line's, only when there was one).
LedgerRound = TypedDict(
    "LedgerRound",
    {
        "round": int,
        "bonus": int,
        "crowns": int,
        "rewards": int,
        "pass penalty": int,
        "correction": NotRequired[int],
        "total": int,
    },
)
for _shape in (Material, LedgerRound):
    setattr(_shape, "__pydantic_config__", STRICT)  # noqa: B010 - mypy knows no such attribute


@with_config(STRICT)
class ScoreDetails(TypedDict):
    track_start: int
    ships: list[ShipScore]
    goods: list[GoodScore]
    material: Material


@with_config(STRICT)
class PlayerScore(TypedDict):
    name: str
    seat: int
    rank: int
    shared: bool  # the place is shared (a tie nothing broke)
    total: int
    breakdown: Breakdown
    taler: int  # all taler at the end, for the tie-break
    taler_remainder: int
    details: ScoreDetails
    ledger: list[LedgerRound]


@with_config(STRICT)
class Change(TypedDict):
    player: str
    source: str  # a ledger source, or ships, goods, material at the end
    points: int


@with_config(STRICT)
class TimelinePoint(TypedDict):
    """The victory points of every player at one point of the game."""

    at: str  # "start", "R.P" (after that phase), "R end", or "end"
    round: int | None
    phase: int | None
    vp: dict[str, int]  # by player name
    changes: list[Change]  # what changed since the point before


@with_config(STRICT)
class ScoredGame(TypedDict):
    path: str
    title: NotRequired[str]  # the record's `game:` line
    date: NotRequired[str]  # the record's `date:` line, as written
    complete: bool  # false: provisional, as if the game ended now
    valid: bool
    players: list[PlayerScore]  # best first
    tie_breaks: NotRequired[list[str]]
    timeline: NotRequired[list[TimelinePoint]]  # the score track over the game, for the chart
    error: NotRequired[str]  # the record could not be scored (syntax errors)
    diagnostics: list[Diagnostic]


@with_config(STRICT)
class Score(TypedDict):
    """`score --format json`: each game's standings and every part of each score."""

    version: Version
    games: list[ScoredGame]


# -- state ---------------------------------------------------------------------------


@with_config(STRICT)
class Crowns(TypedDict):
    total: int
    crown_masts: int
    crown_sails: int
    pass_tiles: int


@with_config(STRICT)
class Storage(TypedDict):
    used: int
    spaces: int
    tiles: dict[str, int]


@with_config(STRICT)
class Ship(TypedDict):
    name: str
    hull: list[str]
    masts: list[str]  # the crest of each mast
    sails: list[str]
    goods: list[str]
    complete: bool


@with_config(STRICT)
class PlayerState(TypedDict):
    name: str
    seat: int
    vp: int
    taler: int
    workers: int
    pass_tiles_flipped: int
    extra_action: Literal["used", "unused"]
    crowns: Crowns
    storage: Storage
    ships: list[Ship]
    delivered: dict[str, int]


@with_config(STRICT)
class WheelSpace(TypedDict):
    """One of the eight spaces, clockwise from the first bonus of the board."""

    space: str  # the space's bonus
    action: str | None  # the action tile lying there (None before the deal)
    blue_workers: int
    face_up: bool
    items: NotRequired[list[str]]  # a buying action: its four items, the board's names
    prices: NotRequired[dict[str, int]]  # and each item's price in taler, the record's words


@with_config(STRICT)
class State(TypedDict):
    """`state --format json`: the table at a point of the record."""

    version: Version
    path: str
    where: str
    round: int | None
    phase: int | None
    round_over: bool
    game_over: bool  # the last round is over
    final: dict[str, int] | None  # once the game is over: each player's final score, best first
    phase_action: str | None  # the action of the phase in play
    start_player: str | None  # who starts the phase in play, or the next phase
    to_move: str | None  # whose turn it is in the phase in play
    players: list[PlayerState]
    face_up: list[str]
    flipped: list[str]
    anchor: str
    next_anchor: str | None
    board: str
    wheel: list[WheelSpace]
    crest_words: list[str]  # the record's words for the board's four crests, in order
    supply: dict[str, int]


@with_config(STRICT)
class LeagueRating(TypedDict):
    mu: float
    sigma: float
    display: float  # mu - 3 sigma: the conservative value the table sorts by


@with_config(STRICT)
class LeagueBest(TypedDict):
    vp: int
    path: str


@with_config(STRICT)
class LeaguePlayer(TypedDict):
    name: str
    games: int
    wins: int  # games finished first, a shared first place included
    mean_vp: float
    mean_rank: float
    best: LeagueBest  # the player's highest final score, and its game
    rating: LeagueRating


@with_config(STRICT)
class LeagueApart(TypedDict):
    path: str
    reason: str


@with_config(STRICT)
class League(TypedDict):
    """`league --format json`: the standings of the games counted, best rating first."""

    version: Version
    games: int
    players: list[LeaguePlayer]
    skipped: list[LeagueApart]  # records not counted, with why
    undated: list[str]  # counted games without a `date:` line, rated after the dated ones


@with_config(STRICT)
class Card(TypedDict):
    """`card --format json`: the eight spaces of a round as dealt."""

    version: Version
    round: int | None  # None: a deal given with --deal
    board: str
    anchor: str  # the space the wheel's anchor points at
    spaces: list[WheelSpace]


# -- explain and rules ---------------------------------------------------------------


@with_config(STRICT)
class RuleRef(TypedDict):
    id: str
    title: str
    section: str  # the German rulebook's section
    section_en: str
    summary: str


@with_config(STRICT)
class Step(TypedDict):
    text: str
    player: str | None
    rule: RuleRef | None


@with_config(STRICT)
class ExplainedDiagnostic(Diagnostic):
    why: str | None  # the rule's summary


@with_config(STRICT)
class Verdict(TypedDict):
    legal: bool
    diagnostics: list[ExplainedDiagnostic]
    nearest: NotRequired[list[Nearest]]  # an illegal turn: the legal turns nearest to it


@with_config(STRICT)
class ActionBefore(WheelSpace):
    bonus: str


@with_config(STRICT)
class DealtCard(TypedDict):
    """The round card as a round line deals it."""

    round: int | None
    board: str
    anchor: str
    spaces: list[WheelSpace]


@with_config(STRICT)
class FinalScoreLine(TypedDict):
    """A player's final score, as the final line is checked against it."""

    name: str
    track: int
    ships: int
    goods: int
    material: int
    taler: int  # all taler counted for material (in hand and converted)
    total: int
    written: int | None  # what the final line writes, if it names the player


@with_config(STRICT)
class Before(TypedDict):
    player: NotRequired[PlayerState]
    action: NotRequired[ActionBefore]
    card: NotRequired[DealtCard]  # on a round line: the card it deals
    scores: NotRequired[list[FinalScoreLine]]  # on the final line: the final scoring


@with_config(STRICT)
class Explain(TypedDict):
    """`explain --format json`: the situation before a move, each step, the verdict."""

    version: Version
    path: str
    line: int
    source: str
    what: str
    round: int | None
    phase: int | None
    player: str | None
    before: Before
    steps: list[Step]
    verdict: Verdict
    instead: NotRequired[WhatIf]  # with --instead: what writing the line otherwise changes


@with_config(STRICT)
class RuleEntry(TypedDict):
    id: str
    title: str
    section: str
    section_en: str
    severity: Literal["error", "warning", "note"]


@with_config(STRICT)
class Rules(TypedDict):
    """`rules --format json`: the catalogue."""

    version: Version
    rules: list[RuleEntry]


@with_config(STRICT)
class Rule(RuleEntry):
    """`rules ID --format json`: one rule in full, with a record breaking it and one
    keeping it."""

    version: Version
    summary: str
    fail: str
    ok: str
