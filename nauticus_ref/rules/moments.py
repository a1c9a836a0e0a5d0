"""The moments of a game that the rules judge, each with the facts of the move made there.

A rule module declares which moments it judges and, for each, a pure predicate:

    JUDGES: Judges = {moments.MastPlaced: placed}

    def placed(table: Table, at: moments.MastPlaced) -> Found:
        ...

The predicate reads the table as it stands just before the move (`game/table.py`)
and the facts below, changes neither, and returns its findings: a `Diagnostic`, a
list of them, or None.  The referee (`referee/`) builds the facts as it replays a
record and asks every rule registered for the moment (`rules.judges`), in the
catalogue's order; anyone else can build the facts and ask the same question
without a record ("would this purchase be legal on this table?").

The facts are named tuples: immutable and typed like a frozen dataclass, and about
ten times cheaper to define (these 49 cost 3 ms of a cold start, as frozen
dataclasses 30) and cheaper to build, which the referee does several times for every
tile of a record.  They are told apart by their type, never compared.  Their
annotations are evaluated when the module is read (no `from __future__ import
annotations`): typing then has no strings to compile, a quarter of the module's cost.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple, TypeAlias

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.game.state import Player, Ship, Tile
from nauticus_ref.notation import model

if TYPE_CHECKING:
    from nauticus_ref.game.scoring import Score
    from nauticus_ref.game.table import Table

#: What a predicate returns: no finding, one, or several.
Found: TypeAlias = "Diagnostic | list[Diagnostic] | None"
#: A rule's predicate for one moment.
Predicate: TypeAlias = "Callable[[Table, Any], Found]"
#: What a rule module declares: the moments it judges, with its predicate for each.
Judges: TypeAlias = "Mapping[type, Predicate]"


# -- the opening and a setup position ------------------------------------------------
class Opening(NamedTuple):
    """The header's players are read (`span`: the players line)."""

    header: model.Header
    span: Span


class SetupBlock(NamedTuple):
    """A `setup:` block gives its round, phase and flipped actions."""

    setup: model.Setup


class SetupPlayerLine(NamedTuple):
    """A setup line gives a player's values (they are on the table already)."""

    player: Player
    line: model.SetupPlayer
    setup: model.Setup


class SetupStorage(NamedTuple):
    """A setup line has filled a player's storage."""

    player: Player
    tiles: model.SetupTiles


class SetupShip(NamedTuple):
    """A setup line starts a ship of the player's, not made yet."""

    player: Player
    tiles: model.SetupTiles


class SetupShipTile(NamedTuple):
    """A tile of a setup ship that the placing rules refuse (`problem`: the first
    finding where it is placed, `placed`)."""

    ship: Ship
    problem: Diagnostic


class SetupBox(NamedTuple):
    """The setup holds `used` tiles of a kind, taken from the box."""

    span: Span
    tile: Tile
    used: int


class SetupRound(NamedTuple):
    """The round line after a setup block."""

    setup: model.Setup
    round: model.Round


# -- rounds and phases ---------------------------------------------------------------
class RoundCut(NamedTuple):
    """A round line comes while the round before is still in play."""

    round: model.Round


class RoundStart(NamedTuple):
    """A round line; the table is still the round before's."""

    round: model.Round


class Deal(NamedTuple):
    """The round's eight action tiles are laid out."""

    round: model.Round


class PhaseEnd(NamedTuple):
    """The phase in play ends (at `at`), with the players `missing` a turn."""

    missing: tuple[Player, ...]
    at: Span


class PhaseStart(NamedTuple):
    """A phase line; the table is still the phase before's."""

    phase: model.Phase


class StartPlayer(NamedTuple):
    """The phase line's start player (`written`) and the one whose turn it is to start."""

    phase: model.Phase
    written: Player
    expected: Player


class ActionChosen(NamedTuple):
    """The start player takes the phase line's action from the wheel."""

    phase: model.Phase


class BonusClaimed(NamedTuple):
    """The phase line writes its bonus as a claim; the space gives a `kind` bonus."""

    phase: model.Phase
    kind: str


class BonusChosen(NamedTuple):
    """The start player takes the bonus of a `kind` space, choosing `bonus`."""

    phase: model.Phase
    kind: str
    bonus: model.Bonus | None


class BonusEmpty(NamedTuple):
    """Every stack the bonus of a `kind` space comes from is empty."""

    kind: str
    bonus: model.Bonus | None


# -- turns -----------------------------------------------------------------------------
class TurnStart(NamedTuple):
    """A player's turn line in the phase in play (`turns`: the phase's turn lines, and
    `lines`: the record's text, where known, for fixes that move lines)."""

    player: Player
    turn: model.Turn
    turns: Sequence[model.Turn] = ()
    lines: Sequence[str] | None = None


class PlayerNamed(NamedTuple):
    """A line names a player."""

    name: model.Name


class ExtraActionUsed(NamedTuple):
    """A player uses the Extra Action for `clause`."""

    player: Player
    clause: model.ActionClause


class ActionUsed(NamedTuple):
    """Money or crowns is performed with the clause's workers."""

    clause: model.ActionClause


class WorkerUsed(NamedTuple):
    """Use number `used` of a clause, which has `blue` workers from the wheel."""

    player: Player
    used: int
    blue: int
    span: Span


class Payment(NamedTuple):
    """A player pays `amount` taler for a tile."""

    player: Player
    amount: int
    span: Span
    tile: Tile


class FromSupply(NamedTuple):
    """A tile is taken from its stack in the supply (`verb`: buy, take, receive)."""

    tile: Tile
    span: Span
    verb: str


class Stored(NamedTuple):
    """A tile goes into a player's storage: bought (`paid`), bought for nothing, or
    received as `what` (a reward, a bonus, a free tile)."""

    player: Player
    tile: Tile
    span: Span
    paid: bool
    what: str = ""


class ItemBought(NamedTuple):
    """A buying action for tiles of `kind` buys `item`."""

    item: model.Item
    kind: str
    action: str


class BoughtFor(NamedTuple):
    """A tile bought for `price` taler goes where `placement` says."""

    placement: model.Placement
    tile: Tile
    price: int


class GiftWritten(NamedTuple):
    """A free tile (`+`) stands in a clause (`all_four`: the clause buys all four kinds;
    `bought`: the kinds bought before it, of the action's `regular` ones)."""

    placement: model.Placement
    all_four: bool
    bought: frozenset[str]
    regular: frozenset[str]


class Gift(NamedTuple):
    """The `n`th free tile of `clause` is taken."""

    clause: model.ActionClause
    placement: model.Placement
    all_four: bool
    n: int


class GiftStored(NamedTuple):
    """A free tile goes where `placement` says."""

    placement: model.Placement


class PurchaseEnd(NamedTuple):
    """A buying clause is done: it took `gifts` free tiles (`all_four`: it earned one)."""

    player: Player
    clause: model.ActionClause
    all_four: bool
    gifts: int


class Claimed(NamedTuple):
    """A clause writes an amount (`claim`); the `actual` one (`unit` t or vp; `what` and
    `working` word it)."""

    claim: model.Claim
    actual: int
    unit: str
    what: str
    working: str


# -- ships -----------------------------------------------------------------------------
class NewShip(NamedTuple):
    """`>new NAME`: a player starts a ship."""

    player: Player
    name: model.Name


class ShipNamed(NamedTuple):
    """`>NAME` names no ship of the player's (`used`: the placement; `later`: the ones
    after it in the action; `help_start`: how the help begins)."""

    player: Player
    name: model.Name
    help_start: str = ""
    used: model.Placement | None = None
    later: Sequence[model.Placement] = ()
    lines: Sequence[str] | None = None


class HullPlaced(NamedTuple):
    """A hull part goes onto a ship (not there yet)."""

    ship: Ship
    tile: Tile
    span: Span


class MastPlaced(NamedTuple):
    """A mast goes onto a ship (not there yet)."""

    ship: Ship
    tile: Tile
    span: Span


class SailPlaced(NamedTuple):
    """A sail goes onto a ship (not there yet)."""

    ship: Ship
    tile: Tile
    span: Span


class GoodPlaced(NamedTuple):
    """A good goes onto a ship (not there yet)."""

    ship: Ship
    tile: Tile
    span: Span


#: A tile onto a ship: the moment for each kind of tile.
PLACED: dict[str, type[HullPlaced | MastPlaced | SailPlaced | GoodPlaced]] = {
    "hull": HullPlaced,
    "mast": MastPlaced,
    "sail": SailPlaced,
    "good": GoodPlaced,
}


def placed(ship: Ship, tile: Tile, span: Span) -> HullPlaced | MastPlaced | SailPlaced | GoodPlaced:
    """The moment of `tile` going onto `ship`, of the tile's kind."""
    return PLACED[tile[0]](ship, tile, span)


class ShipCompleted(NamedTuple):
    """`placement` completed `ship`: its rewards are written after it."""

    ship: Ship
    placement: model.Placement


class NothingCompleted(NamedTuple):
    """Rewards are written after `placement`, which completed no ship."""

    placement: model.Placement


class TransportTo(NamedTuple):
    """A transport clause's placement."""

    placement: model.Placement


class Transported(NamedTuple):
    """A tile is moved from the player's storage onto a ship."""

    player: Player
    tile: Tile
    span: Span


class CrownsScored(NamedTuple):
    """`crowns` x `workers` points, with `room` left under the cap."""

    crowns: int
    workers: int
    room: int
    span: Span


class DeliveryNamed(NamedTuple):
    """A delivery names `ship` (as `name`) after the names `seen` (casefolded)."""

    ship: Ship
    name: model.Name
    seen: frozenset[str]


class Delivered(NamedTuple):
    """`ship` (not in doubt) delivers its goods."""

    ship: Ship
    name: model.Name


#: The moments of a turn: from its start to its last delivery (what a turn's legality
#: is judged at, `moves/judge.py`).
TURN: frozenset[type] = frozenset(
    {
        TurnStart,
        PlayerNamed,
        ExtraActionUsed,
        ActionUsed,
        WorkerUsed,
        Payment,
        FromSupply,
        Stored,
        ItemBought,
        BoughtFor,
        GiftWritten,
        Gift,
        GiftStored,
        PurchaseEnd,
        Claimed,
        NewShip,
        ShipNamed,
        HullPlaced,
        MastPlaced,
        SailPlaced,
        GoodPlaced,
        ShipCompleted,
        NothingCompleted,
        TransportTo,
        Transported,
        CrownsScored,
        DeliveryNamed,
        Delivered,
    }
)


# -- checks and the end ----------------------------------------------------------------
class CheckLine(NamedTuple):
    """A check line gives `player`'s values."""

    player: Player
    check: model.Check


class FinalLine(NamedTuple):
    """The `final:` line (`complete`: the game has had its last round)."""

    final: model.Final
    complete: bool


class FinalEntryLine(NamedTuple):
    """One player's total on the final line, and the final scoring's."""

    player: Player
    entry: model.FinalEntry
    score: "Score"
