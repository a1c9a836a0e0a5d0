"""The printed board as data: bonuses, prices, the wheel, the supply.

A board file is TOML (see `boards/standard.toml` and docs/boards.md).  Loading
validates it completely; a bad file raises `BoardError` naming the file, the key
and what was expected.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from . import vocab

BOARDS_DIR = Path(__file__).resolve().parent / "boards"
SUPPLY_KEYS = ("1ship", "bow", "stern", "middle", "mast", "crown_mast", "sail", "crown_sail",
               "good")
DEFAULT_SUPPLY = {"1ship": 18, "bow": 18, "stern": 18, "middle": 9, "mast": 15,
                  "crown_mast": 12, "sail": 15, "crown_sail": 12, "good": 12}
TILE_ITEMS = {"hulls": set(vocab.HULLS), "masts": set(vocab.DEFAULT_CRESTS),
              "sails": set(vocab.DEFAULT_CRESTS), "goods": set(vocab.GOODS)}


class BoardError(Exception):
    """A board file that cannot be used; the message names file, key and expectation."""


@dataclass(frozen=True)
class Board:
    name: str
    source: str
    tiles: dict[str, tuple[str, ...]]
    wheel: tuple[int, ...]
    bonuses: tuple[str, ...]
    prices: tuple[tuple[int, ...], ...]
    supply: dict[str, int]

    def price(self, space: int, action: str, item: str) -> int:
        """The printed price of `item` of the buying tile `action` lying on `space`."""
        return self.prices[space][self.tiles[action].index(item)]

    def blue_workers(self, space: int, anchor: int) -> int:
        """Blue workers at `space` when the wheel's anchor points at `anchor`."""
        return self.wheel[(space - anchor) % 8]

    def box_count(self, kind: str, name: str) -> int:
        """How many tiles of one kind the box holds."""
        if kind == "hull":
            return self.supply[name]
        if kind in ("mast", "sail"):
            return self.supply[f"crown_{kind}" if name == "crown" else kind]
        return self.supply["good"]


def _expect(ok: bool, source: str, key: str, expected: str) -> None:
    if not ok:
        raise BoardError(f"{source}: `{key}`: expected {expected}")


def parse_board(data: dict, source: str) -> Board:
    _expect(isinstance(data.get("name", ""), str), source, "name", "a string")
    tiles = data.get("tiles")
    _expect(isinstance(tiles, dict), source, "tiles", "a table [tiles] with hulls, masts, sails, goods")
    parsed_tiles = {}
    for action, allowed in TILE_ITEMS.items():
        items = tiles.get(action)
        _expect(isinstance(items, list) and len(items) == 4 and set(items) == allowed,
                source, f"tiles.{action}",
                "the four items " + ", ".join(sorted(allowed)) + " once each")
        parsed_tiles[action] = tuple(items)
    extra = set(tiles) - set(TILE_ITEMS)
    _expect(not extra, source, f"tiles.{next(iter(extra), '')}", "only hulls, masts, sails, goods")

    wheel = data.get("wheel", {}).get("workers") if isinstance(data.get("wheel"), dict) else None
    _expect(isinstance(wheel, list) and len(wheel) == 8 and wheel[0] == 0
            and all(isinstance(w, int) and 1 <= w <= 3 for w in wheel[1:]),
            source, "wheel.workers", "8 whole numbers, the first 0 and the others 1 to 3")

    spaces = data.get("space")
    _expect(isinstance(spaces, list) and len(spaces) == 8, source, "space",
            "eight [[space]] tables")
    for i, space in enumerate(spaces):
        key = f"space[{i}]"
        _expect(isinstance(space, dict), source, key, "a table with bonus and prices")
        _expect(space.get("bonus") == vocab.BONUSES[i], source, f"{key}.bonus",
                f'"{vocab.BONUSES[i]}" (the bonuses clockwise: {", ".join(vocab.BONUSES)})')
        prices = space.get("prices")
        _expect(isinstance(prices, list) and sorted(prices) == [0, 1, 2, 3]
                and all(isinstance(p, int) for p in prices),
                source, f"{key}.prices", "a permutation of 0, 1, 2, 3")

    supply = dict(DEFAULT_SUPPLY)
    given = data.get("supply", {})
    _expect(isinstance(given, dict), source, "supply", "a table of tile counts")
    for key, value in given.items():
        _expect(key in SUPPLY_KEYS, source, f"supply.{key}", "one of " + ", ".join(SUPPLY_KEYS))
        _expect(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
                source, f"supply.{key}", "a whole number, 0 or more")
        supply[key] = value
    return Board(name=data.get("name", Path(source).stem), source=source, tiles=parsed_tiles,
                 wheel=tuple(wheel), bonuses=tuple(s["bonus"] for s in spaces),
                 prices=tuple(tuple(s["prices"]) for s in spaces), supply=supply)


def load_board_file(path: Path) -> Board:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BoardError(f"{path}: cannot read the board file: {getattr(e, 'strerror', None) or e}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BoardError(f"{path}: not valid TOML: {e}") from None
    return parse_board(data, str(path))


@functools.cache
def bundled(name: str) -> Board:
    path = BOARDS_DIR / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in BOARDS_DIR.glob("*.toml")))
        raise BoardError(f"no bundled board called `{name}` (bundled: {known})")
    return load_board_file(path)


def resolve(spec: str | None, record_dir: Path | None) -> Board:
    """A board by bundled name or path; a relative path is taken from the record's folder."""
    if not spec:
        return bundled("standard")
    if "/" not in spec and "\\" not in spec and not spec.endswith(".toml"):
        return bundled(spec)
    path = Path(spec)
    if not path.is_absolute() and record_dir is not None:
        path = record_dir / path
    return load_board_file(path)
