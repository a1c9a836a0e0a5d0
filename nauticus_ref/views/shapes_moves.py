"""The shapes of what could have been played: `moves --format json`, and the nearest
turns and what-if of `explain` (the other outputs' are in shapes.py, which takes the
strictness and version from here)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from nauticus_ref.views import JSON_VERSION

STRICT = ConfigDict(extra="forbid")
Version = Literal[1]
assert JSON_VERSION == 1, "raise Version with JSON_VERSION"


@with_config(STRICT)
class Nearest(TypedDict):
    text: str  # a turn line to write in place of the illegal one
    changes: int  # how many small changes from what was written


@with_config(STRICT)
class ScoreChange(TypedDict):
    player: str
    before: int
    after: int | None


@with_config(STRICT)
class WhatIf(TypedDict):
    written: str  # the line as the record has it
    instead: str  # the line written otherwise
    legal: bool  # no error on the new line
    first_broken: (
        dict[str, Any] | None
    )  # the first later error it brings: a diagnostic with its line's source
    scores: list[ScoreChange] | None  # a complete record: each final score before and after


@with_config(STRICT)
class Written(TypedDict):
    text: str  # the move the line holds, in canonical form
    legal: bool  # whether the referee finds it legal here (as validate does)
    listed: bool  # whether the options hold it


@with_config(STRICT)
class MoveOption(TypedDict):
    text: str  # a phase line, or a turn line without its indentation
    group: str  # pass, the action, or "extra ACTION first|after"; a phase line's action
    bonus: NotRequired[str | None]  # a phase line's bonus choice
    taler: NotRequired[int]  # a turn's taler paid in all
    workers: NotRequired[int]  # a turn's uses of workers in all (blue and own)


@with_config(STRICT)
class MostOf(TypedDict):
    item: str  # a tile, "workers" or "ships"
    most: int  # the most one turn of the phase's action takes
    to: list[str]  # where it can go: store, a ship's name, new ship


@with_config(STRICT)
class Moves(TypedDict):
    """`moves --format json`: the legal choices at a point, counted and listed."""

    version: Version
    path: str
    line: int
    kind: Literal["phase", "turn", "none"]
    round: int | None
    phase: int | None
    action: str | None
    player: str | None
    reason: NotRequired[str]  # kind none: why there is no choice here
    written: Written | None
    count: int | None  # every option; None if they could not all be counted in time
    at_least: NotRequired[int]  # count None: the most that counting or listing found
    counts: dict[str, int]  # by group, those counted exactly
    counted: NotRequired[bool]
    judged: NotRequired[bool]  # the rules in force are others than the listing follows:
    # each option was judged by the referee, and the count is of those it allowed
    without_extra: NotRequired[
        int | None
    ]  # the turns without the Extra Action (None: too many to count in time)
    taler: NotRequired[int]
    workers: NotRequired[int]
    blue: NotRequired[int]
    extra_action: NotRequired[bool]  # the player still has it
    summary: NotRequired[list[MostOf]]
    examples: NotRequired[dict[str, str]]  # the first option of each group
    options: list[MoveOption]
    listed: int
    cut: bool  # the listing stops before the last option
