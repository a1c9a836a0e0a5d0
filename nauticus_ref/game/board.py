"""The printed board as data: bonuses, prices, the wheel, the supply.

A board file is TOML (see `boards/standard.toml` and docs/boards.md).  Loading
validates it completely; a bad file raises `BoardError` naming the file, the key
and what was expected.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nauticus_ref.core.language import _
from nauticus_ref.notation import vocab

if TYPE_CHECKING:
    from pathlib import Path

#: The bundled boards' folder.  Paths on the way of one validate are strings: pathlib
#: is loaded only for a board file a record names (docs/performance.md, cold start).
BOARDS_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "boards")
SUPPLY_KEYS = (
    "1ship",
    "bow",
    "stern",
    "middle",
    "mast",
    "crown_mast",
    "sail",
    "crown_sail",
    "good",
)
DEFAULT_SUPPLY = {
    "1ship": 18,
    "bow": 18,
    "stern": 18,
    "middle": 9,
    "mast": 15,
    "crown_mast": 12,
    "sail": 15,
    "crown_sail": 12,
    "good": 12,
}
TILE_ITEMS = {
    "hulls": set(vocab.HULLS),
    "masts": set(vocab.DEFAULT_CRESTS),
    "sails": set(vocab.DEFAULT_CRESTS),
    "goods": set(vocab.GOODS),
}


class BoardError(Exception):
    """A board file that cannot be used; the message names file, key and expectation."""


#: What a tile costs after the first of its kind in a clause.
LATER_PRICE = 4
#: What the first tile of a kind costs as the Extra Action.
EXTRA_PRICE = 2


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

    def first_price(self, space: int | None, action: str, item: str, extra: bool) -> int:
        """What the first tile of a kind costs in a clause: `EXTRA_PRICE` as the Extra
        Action, else the price printed at the phase's `space` (`LATER_PRICE` where the
        phase has none); each one after it costs `LATER_PRICE`."""
        if extra:
            return EXTRA_PRICE
        return LATER_PRICE if space is None else self.price(space, action, item)

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
        raise BoardError(
            _("{source}: `{key}`: expected {expected}").format(
                source=source, key=key, expected=expected
            )
        )


def parse_board(data: dict[str, Any], source: str) -> Board:
    """A board from TOML data, checked key by key (untrusted: a user's file)."""
    _expect(isinstance(data.get("name", ""), str), source, "name", "a string")
    tiles: Any = data.get("tiles")
    _expect(
        isinstance(tiles, dict), source, "tiles", "a table [tiles] with hulls, masts, sails, goods"
    )
    parsed_tiles = {}
    for action, allowed in TILE_ITEMS.items():
        items = tiles.get(action)
        _expect(
            isinstance(items, list) and len(items) == 4 and set(items) == allowed,
            source,
            f"tiles.{action}",
            "the four items " + ", ".join(sorted(allowed)) + " once each",
        )
        parsed_tiles[action] = tuple(items)
    extra = set(tiles) - set(TILE_ITEMS)
    _expect(not extra, source, f"tiles.{next(iter(extra), '')}", "only hulls, masts, sails, goods")

    wheel: Any = (
        data.get("wheel", {}).get("workers") if isinstance(data.get("wheel"), dict) else None
    )
    _expect(
        isinstance(wheel, list)
        and len(wheel) == 8
        and wheel[0] == 0
        and all(isinstance(w, int) and 1 <= w <= 3 for w in wheel[1:]),
        source,
        "wheel.workers",
        "8 whole numbers, the first 0 and the others 1 to 3",
    )

    spaces: Any = data.get("space")
    _expect(
        isinstance(spaces, list) and len(spaces) == 8, source, "space", "eight [[space]] tables"
    )
    for i, space in enumerate(spaces):
        key = f"space[{i}]"
        _expect(isinstance(space, dict), source, key, "a table with bonus and prices")
        _expect(
            space.get("bonus") == vocab.BONUSES[i],
            source,
            f"{key}.bonus",
            f'"{vocab.BONUSES[i]}" (the bonuses clockwise: {", ".join(vocab.BONUSES)})',
        )
        prices = space.get("prices")
        _expect(
            isinstance(prices, list)
            and sorted(prices) == [0, 1, 2, 3]
            and all(isinstance(p, int) for p in prices),
            source,
            f"{key}.prices",
            "a permutation of 0, 1, 2, 3",
        )

    supply = dict(DEFAULT_SUPPLY)
    given: Any = data.get("supply", {})
    _expect(isinstance(given, dict), source, "supply", "a table of tile counts")
    for key, value in given.items():
        _expect(key in SUPPLY_KEYS, source, f"supply.{key}", "one of " + ", ".join(SUPPLY_KEYS))
        _expect(
            isinstance(value, int) and not isinstance(value, bool) and value >= 0,
            source,
            f"supply.{key}",
            "a whole number, 0 or more",
        )
        supply[key] = value
    return Board(
        name=data.get("name", os.path.splitext(os.path.basename(source))[0]),
        source=source,
        tiles=parsed_tiles,
        wheel=tuple(wheel),
        bonuses=tuple(s["bonus"] for s in spaces),
        prices=tuple(tuple(s["prices"]) for s in spaces),
        supply=supply,
    )


#: A board file is a page of TOML; anything larger is not one.
MAX_BOARD_BYTES = 64 * 1024
#: What a bundled board's name looks like; anything else is a path or an error.
_BUNDLED_NAME = r"[A-Za-z0-9_-]{1,64}"


def load_board_file(path: str | Path) -> Board:
    """A board file: a regular file of at most 64 KiB of UTF-8 TOML, fully validated."""
    from nauticus_ref.core.bounded_toml import parse_toml
    from nauticus_ref.core.files import SourceError, decode, read_bytes_limited

    try:
        text = decode(
            read_bytes_limited(path, MAX_BOARD_BYTES, "a board file"), str(path), "a board file"
        )
    except SourceError as e:
        raise BoardError(_("board file {e}").format(e=e)) from None
    data = _parsed_ahead().get(_digest(text))
    if data is None:  # a bundled board is read ahead, and most runs use one
        try:
            data = parse_toml(text, str(path), "a board file")
        except SourceError as e:
            raise BoardError(str(e)) from None
    return parse_board(data, str(path))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.cache
def _parsed_ahead() -> dict[str, dict[str, Any]]:
    """The bundled boards' TOML, parsed when the package was made (`_boards.py`, written
    by `python scripts/regenerate.py`), by the digest of its text: a file with the
    very same text needs no TOML parser (loading and running one was 2 % of a cold
    start)."""
    try:
        from nauticus_ref.game._boards import PARSED
    except ImportError:  # pragma: no cover - a checkout whose file was deleted
        return {}
    return PARSED


def parsed_ahead_source() -> str:
    """The text of `_boards.py`: each bundled board's TOML, parsed."""
    import pprint
    import textwrap
    import tomllib

    out = [
        "# Generated by `python scripts/regenerate.py` from boards/*.toml; do not edit.",
        "# The bundled boards parsed ahead, by the SHA-256 of their text (board.py).",
        "# fmt: off",
        "from typing import Any",
        "",
        "PARSED: dict[str, dict[str, Any]] = {",
    ]
    for name in bundled_names():
        with open(os.path.join(BOARDS_DIR, f"{name}.toml"), encoding="utf-8") as f:
            text = f.read()
        out.append(f"    # {name}.toml")
        data = pprint.pformat(tomllib.loads(text), width=100, sort_dicts=False)
        out.append(f"    {_digest(text)!r}:\n" + textwrap.indent(data, " " * 8) + ",")
    return "\n".join(out + ["}", ""])


def bundled_names() -> list[str]:
    return sorted(f[: -len(".toml")] for f in os.listdir(BOARDS_DIR) if f.endswith(".toml"))


@functools.cache
def bundled(name: str) -> Board:
    if name not in bundled_names():
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise BoardError(
            _("no bundled board called `{shown}` (bundled: {value})").format(
                shown=shown, value=", ".join(bundled_names())
            )
        )
    return load_board_file(os.path.join(BOARDS_DIR, f"{name}.toml"))


def _is_name(spec: str) -> bool:
    return "/" not in spec and "\\" not in spec and not spec.endswith(".toml")


def resolve(spec: str | None) -> Board:
    """The board the user named on the command line: a bundled board's name or any path."""
    if not spec:
        return bundled("standard")
    if _is_name(spec):
        return bundled(spec)
    return load_board_file(spec)


def resolve_for_record(spec: str | None, record_dir: str | Path) -> Board:
    """The board a record's `board:` line names.  A record may come from a stranger, so it
    may name a bundled board or a board file in its own folder, and nothing else: no
    absolute path, no way out of the folder (`..` or a link)."""
    if not spec:
        return bundled("standard")
    if _is_name(spec):
        if not re.fullmatch(_BUNDLED_NAME, spec):
            raise BoardError(
                _(
                    "`board: {value}{value2}` is not a bundled board's name; name a bundled board or a `.toml` file beside the record"
                ).format(value=spec[:40], value2="..." if len(spec) > 40 else "")
            )
        return bundled(spec)
    from pathlib import Path

    path = Path(spec)
    shown = spec if len(spec) <= 60 else spec[:60] + "..."
    if path.is_absolute() or path.drive:
        raise BoardError(
            _(
                "`board: {shown}`: a record may name only a board file in its own folder, not an absolute path; pass it with --board instead"
            ).format(shown=shown)
        )
    folder = Path(record_dir).resolve()
    try:
        target = (folder / path).resolve()
    except (OSError, RuntimeError) as e:
        raise BoardError(
            _("`board: {shown}`: cannot be followed ({e})").format(shown=shown, e=e)
        ) from None
    if not target.is_relative_to(folder):
        raise BoardError(
            _(
                "`board: {shown}` points outside the record's folder; a record may name only a board file beside it or below it; pass it with --board instead"
            ).format(shown=shown)
        )
    return load_board_file(target)
