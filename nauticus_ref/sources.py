"""Finding and reading the records named on the command line.

A problem here means the command cannot run on that input (exit 2): the message
is one line, never a traceback.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


class SourceError(Exception):
    """A path that cannot be read as a record; the message is for the user."""


@dataclass(frozen=True)
class Source:
    path: str
    text: str


def expand(paths: list[str]) -> tuple[list[Path], list[str]]:
    """Files to read (a directory means every `.ngn` below it) and error messages."""
    files: list[Path] = []
    errors: list[str] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*.ngn") if f.is_file())
            if not found:
                errors.append(f"{raw}: no .ngn files in this directory")
            files.extend(found)
        elif p.is_file():
            files.append(p)
        elif p.exists():
            errors.append(f"{raw}: not a regular file")
        else:
            errors.append(f"{raw}: no such file or directory")
    return files, errors


#: A record is a few kilobytes; anything this large is not one (and would be slow).
MAX_RECORD_BYTES = 512 * 1024


def read(path: Path) -> Source:
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise SourceError(f"{path}: {size / 1e6:.1f} MB is too large to be a record (the "
                              f"limit is {MAX_RECORD_BYTES // 1024} KiB)")
        data = path.read_bytes()
    except OSError as e:
        raise SourceError(f"{path}: cannot read: {e.strerror or e}") from None
    if b"\0" in data:
        raise SourceError(f"{path}: binary data (a NUL byte at offset {data.index(0)}), not a "
                          "record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SourceError(f"{path}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset "
                          f"{e.start})") from None
    return Source(str(path), text)


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
