"""TOML from strangers (board files, settings files), read within bounds of time and
memory: the standard library's reader, after a linear pass that refuses what would make
it recurse deeply or work quadratically (docs/security.md)."""

from __future__ import annotations

from typing import Any

from nauticus_ref.core.files import SourceError

#: What a board or settings file may make the TOML reader do.  The standard library's
#: reader recurses once per level of nesting and is quadratic in the parts of a dotted
#: key, so both are bounded before it runs; the number of entries (keys, values in
#: arrays, tables) bounds the rest.  A league's settings have a few hundred.
MAX_TOML_DEPTH = 16
MAX_TOML_KEY_PARTS = 16
MAX_TOML_ENTRIES = 20_000


def _toml_shape(text: str) -> tuple[int, int, int]:
    """(deepest nesting of arrays and inline tables, most parts in one dotted key, how
    many entries: keys, values in arrays and tables), read in one pass outside strings
    and comments."""
    depth = deepest = entries = dots = most_dots = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            i = text.find("\n", i)
            if i < 0:
                break
        elif c == '"' or c == "'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                if c == '"' and text[i] == "\\":
                    i += 1  # an escaped character, a quote among them
                elif len(quote) == 1 and text[i] == "\n":
                    break  # a one-line string ends with its line, closed or not
                i += 1
            i += len(quote) - 1
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
            entries += 1
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == ".":
            dots += 1
            most_dots = max(most_dots, dots)
        elif c in "=,\n":
            entries += c != "\n"
            dots = 0
        i += 1
    return deepest, most_dots + 1, entries


def parse_toml(text: str, path: str, what: str) -> dict[str, Any]:
    """`text`, a board or settings file of at most its size limit, read as TOML within
    bounds of time and memory (docs/security.md); SourceError for a file that is not TOML
    or asks more than a page of settings needs."""
    import tomllib

    deepest, parts, entries = _toml_shape(text)
    if deepest > MAX_TOML_DEPTH:
        raise SourceError(
            f"{path}: nested {deepest} levels deep; {what} needs at most {MAX_TOML_DEPTH}"
        )
    if parts > MAX_TOML_KEY_PARTS:
        raise SourceError(
            f"{path}: a dotted key of {parts} parts; {what} needs at most {MAX_TOML_KEY_PARTS}"
        )
    if entries > MAX_TOML_ENTRIES:
        raise SourceError(f"{path}: {entries} entries; {what} needs at most {MAX_TOML_ENTRIES}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SourceError(f"{path}: not valid TOML: {e}") from None
    except RecursionError:  # the bounds above keep it from happening; never a traceback
        raise SourceError(f"{path}: nested too deeply to be {what}") from None
