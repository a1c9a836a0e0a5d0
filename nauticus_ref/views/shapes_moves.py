"""The shape of `moves --format json` (the other outputs' are in shapes.py)."""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from nauticus_ref.views.shapes import STRICT, Version


@with_config(STRICT)
class Written(TypedDict):
    text: str          # the move the line holds, in canonical form
    legal: bool        # whether it is among the options (validate agrees)


@with_config(STRICT)
class MoveOption(TypedDict):
    text: str          # a phase line, or a turn line without its indentation
    group: str         # pass, the action, or "extra ACTION first|after"; a phase line's action
    bonus: NotRequired[str | None]     # a phase line's bonus choice
    taler: NotRequired[int]            # a turn's taler paid in all
    workers: NotRequired[int]          # a turn's uses of workers in all (blue and own)


@with_config(STRICT)
class MostOf(TypedDict):
    item: str          # a tile, "workers" or "ships"
    most: int          # the most one turn of the phase's action takes
    to: list[str]      # where it can go: store, a ship's name, new ship


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
    reason: NotRequired[str]           # kind none: why there is no choice here
    written: Written | None
    count: int | None                  # every option; None if the Extra Action's ran out of time
    counts: dict[str, int]             # by group
    counted: NotRequired[bool]
    without_extra: NotRequired[int]    # the turns without the Extra Action, always counted
    taler: NotRequired[int]
    workers: NotRequired[int]
    blue: NotRequired[int]
    extra_action: NotRequired[bool]    # the player still has it
    summary: NotRequired[list[MostOf]]
    examples: NotRequired[dict[str, str]]   # the first option of each group
    options: list[MoveOption]
    listed: int
    cut: bool                          # the listing stops before the last option
