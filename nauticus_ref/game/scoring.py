"""Final scoring (German "Spielende"; RULINGS.md item 9), with every part shown.

Victory points = the track + completed ships by size + delivered goods in sets per
kind + material: remaining workers, every tile in storage, every part of an
unfinished ship and every undelivered good are 1 taler each, added to the taler,
and every 3 taler give 1 VP.  Ties: the larger remainder (0-2 taler), then the
larger total of taler, else a shared place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Protocol, Sequence

from nauticus_ref.core.language import _
from nauticus_ref.game.state import Tile


class ShipLike(Protocol):
    """What scoring reads of a ship: the engine's `Ship` or a snapshot's `ShipView`."""

    @property
    def name(self) -> str: ...
    @property
    def masts(self) -> Sequence[str]: ...
    @property
    def sails(self) -> Sequence[str]: ...
    @property
    def goods(self) -> Sequence[str]: ...
    @property
    def complete(self) -> bool: ...
    @property
    def size(self) -> int: ...


class PlayerLike(Protocol):
    """What scoring reads of a player: the engine's `Player` or a snapshot's `PlayerView`."""

    @property
    def name(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def vp(self) -> int: ...
    @property
    def taler(self) -> int: ...
    @property
    def workers(self) -> int: ...
    @property
    def storage(self) -> Mapping[Tile, int]: ...
    @property
    def ships(self) -> Mapping[str, ShipLike]: ...
    @property
    def delivered(self) -> Mapping[str, int]: ...


SHIP_VP = {1: 2, 2: 8, 3: 20, 4: 35}
GOODS_SET_VP = (0, 2, 5, 9, 14, 20)  # for sets of 0 to 5; each further good +5


def goods_set_vp(n: int) -> int:
    return GOODS_SET_VP[n] if n <= 5 else GOODS_SET_VP[5] + 5 * (n - 5)


@dataclass
class Score:
    name: str
    seat: int
    track: int
    ships: list[tuple[str, int, int]]  # (ship, size, VP)
    goods: list[tuple[str, int, int]]  # (good, count, VP)
    material: dict[str, int]  # taler worth of each kind of material
    taler: int  # taler in hand
    rank: int = 0
    shared: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def ships_vp(self) -> int:
        return sum(vp for _, _, vp in self.ships)

    @property
    def goods_vp(self) -> int:
        return sum(vp for _, _, vp in self.goods)

    @property
    def total_taler(self) -> int:
        return self.taler + sum(self.material.values())

    @property
    def material_vp(self) -> int:
        return self.total_taler // 3

    @property
    def remainder(self) -> int:
        return self.total_taler % 3

    @property
    def total(self) -> int:
        return self.track + self.ships_vp + self.goods_vp + self.material_vp


def score_player(p: PlayerLike) -> Score:
    ships: list[tuple[str, int, int]] = []
    unfinished: Counter[str] = Counter()
    undelivered = 0
    for ship in p.ships.values():
        undelivered += len(ship.goods)
        if ship.complete:
            ships.append((ship.name, ship.size, SHIP_VP[ship.size]))
        else:
            unfinished["hull parts"] += ship.size
            unfinished["masts"] += len(ship.masts)
            unfinished["sails"] += len(ship.sails)
    goods = [(g, n, goods_set_vp(n)) for g, n in sorted(p.delivered.items()) if n]
    material = {
        "workers": max(0, p.workers),
        "storage": sum(p.storage.values()),
        "unfinished ships": sum(unfinished.values()),
        "undelivered goods": undelivered,
    }
    return Score(
        name=p.name,
        seat=p.seat,
        track=p.vp,
        ships=ships,
        goods=goods,
        material=material,
        taler=max(0, p.taler),
    )


def rank(scores: list[Score]) -> list[Score]:
    """Places by total, then remainder, then total taler; equal on all three share a place."""

    def key(s: Score) -> tuple[int, int, int]:
        return (s.total, s.remainder, s.total_taler)

    ordered = sorted(scores, key=lambda s: (key(s), -s.seat), reverse=True)
    for i, s in enumerate(ordered):
        if i and key(s) == key(ordered[i - 1]):
            s.rank, s.shared, ordered[i - 1].shared = ordered[i - 1].rank, True, True
        else:
            s.rank = i + 1
    return ordered


def tie_breaks(ordered: list[Score]) -> list[str]:
    """How each tie on points was broken, in the order of the standings: the remainder,
    then the total of taler, else a shared place."""
    out = []
    for a, b in zip(ordered, ordered[1:]):
        if a.total != b.total:
            continue
        said = dict(
            a=a.name,
            b=b.name,
            total=a.total,
            remainder=a.remainder,
            other=b.remainder,
            taler=a.total_taler,
            other_taler=b.total_taler,
            rank=a.rank,
        )
        if a.remainder != b.remainder:
            text = _(
                "{a} and {b} both score {total}; {a} places higher on the remainder, "
                "{remainder} against {other}"
            )
        elif a.total_taler != b.total_taler:
            text = _(
                "{a} and {b} both score {total} with remainder {remainder}; {a} places "
                "higher on the total of taler, {taler} against {other_taler}"
            )
        else:
            text = _(
                "{a} and {b} both score {total} with remainder {remainder} and {taler} "
                "taler; they share place {rank}"
            )
        out.append(text.format(**said))
    return out


def final_scores(players: Iterable[PlayerLike]) -> list[Score]:
    return rank([score_player(p) for p in players])
