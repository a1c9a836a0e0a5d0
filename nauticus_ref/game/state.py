"""The game state the replay engine keeps: players, their ships and storage, the supply.

State is separate from notation: nothing here knows about text or spans.  Tiles
are `(kind, name)` pairs: `("hull", "bow")`, `("mast", "whale")`, `("sail",
"crown")`, `("good", "coffee")`.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

STORAGE_SPACES = 12
START_VP, START_WORKERS, START_TALER = 10, 4, 15
#: Extra taler and workers by seat (0-based) and number of players (German
#: "Spielvorbereitung"; RULINGS.md).
SEAT_BONUS = {
    2: [(0, 0), (1, 0)],
    3: [(0, 0), (1, 0), (2, 1)],
    4: [(0, 0), (1, 0), (1, 1), (2, 2)],
}
#: Points lost at the end of a round for the pass tiles not flipped, by tiles flipped.
PASS_PENALTY = {0: 6, 1: 3, 2: 1, 3: 0}
CROWN_CAP = 15
#: The workers the Extra Action gives its player before its action (which takes no
#: blue workers).
EXTRA_WORKERS = 2
#: What the money action pays for each worker on it.
TALER_PER_WORKER = 2


def crown_room(scored: int, extra: bool) -> int:
    """The crown points one crowns action may still score: the round's cap less the
    `scored` this round, or as the Extra Action a cap of its own."""
    return CROWN_CAP if extra else CROWN_CAP - scored


def crown_points(crowns: int, workers: int, room: int) -> int:
    """What `workers` on the crowns action score with so many `crowns`: crowns x
    workers, at most the `room` the cap leaves (`crown_room`)."""
    return max(0, min(crowns * workers, room))


Tile = tuple[str, str]


def spaces(tile: Tile) -> int:
    """Storage spaces a tile takes: a mast 2, anything else 1."""
    return 2 if tile[0] == "mast" else 1


def tile_text(tile: Tile, crest_word: Callable[[str], str] = str) -> str:
    kind, name = tile
    if kind in ("mast", "sail"):
        return f"{crest_word(name)} {kind}"
    return name


@dataclass(eq=False)  # one ship on the table: compared by identity
class Ship:
    name: str
    parts: list[str] = field(default_factory=list)
    masts: list[str] = field(default_factory=list)
    sails: list[str] = field(default_factory=list)
    goods: list[str] = field(default_factory=list)
    completed: bool = False
    #: after an error on this ship, later placements on it are taken as written
    doubtful: bool = False

    @property
    def closed(self) -> bool:
        """The hull is whole: a 1-ship, or a bow and a stern with the middles between."""
        parts = self.parts
        if len(parts) < 2:
            return parts == ["1ship"]
        return parts[0] == "bow" and parts[-1] == "stern"

    @property
    def size(self) -> int:
        return len(self.parts)

    @property
    def crest(self) -> str | None:
        """The ship's one regular crest, if a non-crown mast or sail set it."""
        return next((c for c in self.masts + self.sails if c != "crown"), None)

    @property
    def complete(self) -> bool:
        size = len(self.parts)  # the counts first: asked of many ships, most not complete
        return len(self.masts) == size and len(self.sails) == size and self.closed

    @property
    def loaded(self) -> bool:
        return self.size > 0 and len(self.goods) == self.size

    def __deepcopy__(self, memo: dict[int, Any]) -> Ship:
        memo[id(self)] = twin = self.twin()
        return twin

    def twin(self) -> Ship:
        """A copy with its own lists (of strings: no deeper copy is needed)."""
        return Ship(
            self.name,
            list(self.parts),
            list(self.masts),
            list(self.sails),
            list(self.goods),
            self.completed,
            self.doubtful,
        )

    def tiles(self) -> list[Tile]:
        return (
            [("hull", p) for p in self.parts]
            + [("mast", m) for m in self.masts]
            + [("sail", s) for s in self.sails]
            + [("good", g) for g in self.goods]
        )

    def describe(self, crest_word: Callable[[str], str] = str) -> str:
        if not self.parts:
            return "no hull yet"
        text = " ".join(self.parts)
        for kind, crests in (("mast", self.masts), ("sail", self.sails)):
            if crests:
                text += ", " + ", ".join(
                    f"{n} {crest_word(c)} {kind}s" if n > 1 else f"{crest_word(c)} {kind}"
                    for c, n in Counter(crests).items()
                )
        if self.goods:
            text += ", goods " + " ".join(self.goods)
        return text


@dataclass(eq=False)  # a player is one seat at the table: compared by identity
class Player:
    name: str
    seat: int
    taler: int = START_TALER
    workers: int = START_WORKERS
    vp: int = START_VP
    storage: Counter[Tile] = field(default_factory=Counter)
    ships: dict[str, Ship] = field(default_factory=dict)  # by casefolded name
    delivered: Counter[str] = field(default_factory=Counter)
    passed: int = 0
    extra_used: bool = False
    crown_vp_this_round: int = 0
    #: line of the first error that may have put the replay off this player's real state;
    #: cleared by a check line that gives all three of vp, taler and workers
    tainted_at: int | None = None
    #: line of the first error in the game that concerned this player (never cleared:
    #: check lines re-synchronise amounts, not tiles)
    first_error: int | None = None
    #: resources ("taler", "workers") already reported short since a check line gave them
    short: set[str] = field(default_factory=set)
    #: a ship started under a name already taken; a name never started is taken to be it
    misnamed: Ship | None = None
    #: the player's turn line was missing: ships it started are unknown, so unknown
    #: names are taken as ships (until a check line gives all three values)
    lost_turn: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        """A twin with its own counters, set and ships (copying with the general deepcopy
        is ten times slower, and the replay's marks copy every player once a round).
        The counters and the set hold only strings, tuples and numbers."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        for key, value in vars(self).items():
            if isinstance(value, (Counter, set)):
                setattr(twin, key, type(value)(value))
        twin.ships = {k: copy.deepcopy(s, memo) for k, s in self.ships.items()}
        twin.misnamed = copy.deepcopy(self.misnamed, memo)
        return twin

    @property
    def key(self) -> str:
        return self.name.casefold()

    @property
    def storage_used(self) -> int:
        """Storage spaces the stored tiles take (a mast two)."""
        return sum(spaces(t) * n for t, n in self.storage.items())

    @property
    def storage_free(self) -> int:
        return STORAGE_SPACES - self.storage_used

    def crowns_breakdown(self) -> tuple[int, int, int]:
        """Crown masts and crown sails owned (in storage or on ships), and flipped pass
        tiles."""
        ships = list(self.ships.values())
        masts = self.storage.get(("mast", "crown"), 0) + sum(s.masts.count("crown") for s in ships)
        sails = self.storage.get(("sail", "crown"), 0) + sum(s.sails.count("crown") for s in ships)
        return masts, sails, self.passed

    def crowns(self) -> int:
        """Crowns in view: crown masts and sails owned (storage or ships) and flipped pass
        tiles."""
        return sum(self.crowns_breakdown())

    def held_tiles(self) -> Counter[Tile]:
        """Every tile the player holds, in storage, on ships, or delivered."""
        held = Counter(self.storage)
        for ship in self.ships.values():
            held.update(ship.tiles())
        for good, n in self.delivered.items():
            held[("good", good)] += n
        return held
