"""The record model: what a `.ngn` file says, as immutable typed values.

Every node carries the span of text it came from, so that any later layer (the
replay engine, explain mode) can point back at the exact place in the file.  The
model says what was written; it does not judge whether the move was legal.

Nodes are frozen, slotted dataclasses: cheap to build, and importing them costs no
more than the module.  pydantic serves only where JSON is asked for (`to_json`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from nauticus_ref.core.span import Span

Action = Literal["hulls", "masts", "sails", "goods", "transport", "money", "deliver", "crowns"]
ItemKind = Literal["hull", "mast", "sail", "good"]
Unit = Literal["t", "w", "vp"]
RewardKind = Literal["crown mast", "crown sail", "3vp", "7t", "3w", "goods"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Node:
    """A part of the record, with the place in the text it was read from."""

    span: Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Name(Node):
    """A player or ship name, as first written; compare through `key`."""

    text: str

    @property
    def key(self) -> str:
        return self.text.casefold()


@dataclass(frozen=True, slots=True, kw_only=True)
class Text(Node):
    """A header value written as free text: the `game:`, `date:` or `board:` line's."""

    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Item(Node):
    """Tiles of one kind: `2 coffee`, `whale mast`, `bow`.

    `name` is canonical: a hull part (`1ship bow middle stern`), a crest of the
    board (`whale anchor helm crest4`) or `crown` for masts and sails, a good.
    """

    kind: ItemKind
    name: str
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Destination(Node):
    """Where a placement's tiles go: `>store`, `>NAME` (a ship) or `>new NAME`."""

    kind: Literal["store", "ship", "new"]
    ship: Name | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Reward(Node):
    """One completion reward: `crown mast`, `crown sail`, `3vp`, `7t`, `3w`, `goods`."""

    kind: RewardKind
    goods: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement(Node):
    """Tiles and where they go: `bow stern >new A`, `+coffee >store` (a gift),
    `crown mast >A [3vp]` (with the rewards of a ship it completes)."""

    items: list[Item]
    dest: Destination
    gift: bool = False
    rewards: list[Reward] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim(Node):
    """What the player says the action cost or brought: `= 6t`, `= 3w`."""

    value: int
    unit: Unit


@dataclass(frozen=True, slots=True, kw_only=True)
class PassClause(Node):
    """`pass`: the player turns a pass tile instead of acting."""

    kind: Literal["pass"] = "pass"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionClause(Node):
    """The body of an action, the phase's own or (with `extra`) the Extra Action.

    Which fields are used depends on the action: `placements` for the buying
    actions and transport, `workers` for money and crowns, `ships` for deliver.
    """

    kind: Literal["action"] = "action"
    action: Action
    extra: bool = False
    placements: list[Placement] = field(default_factory=list)
    workers: int | None = None
    ships: list[Name] = field(default_factory=list)
    claim: Claim | None = None


Clause = Union[PassClause, ActionClause]


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn(Node):
    """One player's turn line in a phase: `Anna: bow stern >new A = 5t`."""

    player: Name
    clauses: list[Clause]


@dataclass(frozen=True, slots=True, kw_only=True)
class Check(Node):
    """`check Anna: 23vp 12t 5w`: any subset of the three values."""

    kind: Literal["check"] = "check"
    player: Name
    vp: int | None = None
    taler: int | None = None
    workers: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Bonus(Node):
    """What follows `bonus` on a phase line: a crest, a good, or a claim like `3w`."""

    kind: Literal["crest", "good", "claim"]
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Phase(Node):
    """A phase line and the turns and checks under it: `1. Anna hulls bonus whale`."""

    number: int
    player: Name
    action: Action
    action_span: Span
    bonus: Bonus | None = None
    entries: list[Union[Turn, Check]] = field(default_factory=list)

    @property
    def turns(self) -> list[Turn]:
        return [e for e in self.entries if isinstance(e, Turn)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Round(Node):
    """A `round N:` line with its deal of the eight action tiles, and its phases."""

    number: int
    deal: list[Action]
    entries: list[Union[Phase, Check]] = field(default_factory=list)

    @property
    def phases(self) -> list[Phase]:
        return [e for e in self.entries if isinstance(e, Phase)]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetupPlayer(Node):
    """`Anna: 12t 3w 25vp, passed 1, extra used`."""

    player: Name
    taler: int | None = None
    workers: int | None = None
    vp: int | None = None
    passed: int | None = None
    extra_used: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetupTiles(Node):
    """`Anna store: ...`, `Anna ship A: ...` or `Anna delivered: ...`."""

    player: Name
    where: Literal["store", "ship", "delivered"]
    ship: Name | None = None
    items: list[Item]


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup(Node):
    """A `setup:` block: a game taken up at a later round and phase, with each
    player's position written out."""

    round: int
    phase: int
    anchor: str | None = None
    flipped: list[Action] = field(default_factory=list)
    players: list[SetupPlayer] = field(default_factory=list)
    tiles: list[SetupTiles] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalEntry(Node):
    """One player's total on the `final:` line."""

    player: Name
    score: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Final(Node):
    """The `final:` line: the totals the players agreed after the final scoring."""

    entries: list[FinalEntry]


@dataclass(frozen=True, slots=True, kw_only=True)
class Header:
    """The lines before the first round: `game:`, `date:`, `players:`, `board:`
    and `crests:`."""

    game: Text | None = None
    date: Text | None = None
    players: list[Name] = field(default_factory=list)
    players_span: Span | None = None
    board: Text | None = None
    crests: list[Name] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """A whole record as written: header, optional setup block, opening checks,
    rounds and the `final:` line."""

    header: Header
    setup: Setup | None = None
    checks: list[Check] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    final: Final | None = None

    @property
    def crest_words(self) -> tuple[str, ...]:
        """The words this record uses for the four regular crests."""
        from nauticus_ref.notation.vocab import DEFAULT_CRESTS

        if self.header.crests and len(self.header.crests) == 4:
            return tuple(n.text for n in self.header.crests)
        return DEFAULT_CRESTS


def remap_crests(node: Any, mapping: dict[str, str]) -> Any:
    """`node` with every regular crest of a mast, sail or crest bonus renamed by `mapping`
    (the replay's translation of `crests:` words into a board's own crest order)."""
    if isinstance(node, list):
        return [remap_crests(x, mapping) for x in node]
    if isinstance(node, Item) and node.kind in ("mast", "sail"):
        return dataclasses.replace(node, name=mapping.get(node.name, node.name))
    if isinstance(node, Bonus):
        return (
            dataclasses.replace(node, value=mapping.get(node.value, node.value))
            if node.kind == "crest"
            else node
        )
    if (
        dataclasses.is_dataclass(node)
        and not isinstance(node, type)
        and not isinstance(node, (Span, Name, Text))
    ):
        return dataclasses.replace(
            node,
            **{
                f.name: remap_crests(v, mapping)
                for f in dataclasses.fields(node)
                if isinstance(v := getattr(node, f.name), list) or dataclasses.is_dataclass(v)
            },
        )
    return node


def to_json(node: Any) -> Any:
    """A node as JSON-ready values (dicts, lists, strings, numbers), fields in declared
    order.  The one place the record model meets pydantic, imported only here."""
    from pydantic import TypeAdapter

    return TypeAdapter(type(node)).dump_python(node, mode="json")
