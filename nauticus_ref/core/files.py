"""Finding, reading and writing the files the user named (docs/security.md).

A problem here means the command cannot run on that input (exit 2): the message
is one line, never a traceback.  Files are opened without blocking and checked
to be regular files before a byte is read, so that a FIFO or a device named as a
record (or a board) is refused instead of hanging the referee, and no more than
the size limit is ever read.

Paths are plain strings on the way of one validate (pathlib is loaded only to write a
file: it costs 3 % of a cold start; docs/performance.md); any path-like is taken.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:
    from pathlib import Path

from dataclasses import dataclass

from nauticus_ref.core.language import _


class SourceError(Exception):
    """A path that cannot be read as a record; the message is for the user."""


class Problem(str):
    """A one-line message about a path that could not be used (`path: why`); `path`
    names it, so that a report can list the path among the records it checked."""

    path: str

    def __new__(cls, path: str, why: str) -> Self:
        made = super().__new__(cls, f"{path}: {why}")
        made.path = path
        return made


@dataclass(frozen=True)
class Source:
    path: str
    text: str


#: A record is a few kilobytes; a file this large is not one.  Comment lines cost next
#: to nothing to read, so the limit is generous; the moves themselves are bounded by
#: `assemble.MAX_STATEMENT_CHARS`.
MAX_RECORD_BYTES = 512 * 1024


def os_reason(e: OSError) -> str:
    if e.errno == errno.ENAMETOOLONG:
        return _("the file name is too long")
    if e.errno == errno.ELOOP:
        return _("a symbolic link loop")
    if e.errno == errno.ENOENT:
        return _("no such file or directory")
    return e.strerror.lower() if e.strerror else str(e)


def expand(
    paths: list[str], keep: Callable[[str], bool] | None = None
) -> tuple[list[str], list[Problem]]:
    """Files to read (a directory means every `.ngn` below it) and error messages,
    one for each path that cannot be used and for each file skipped in a folder.
    `keep` decides which files found in a folder are read (settings' `exclude`); a
    file named by the user is always read."""
    files: list[str] = []
    errors: list[Problem] = []
    for raw in paths:
        if raw == STDIN:
            if STDIN not in files:
                files.append(STDIN)
            continue
        try:
            mode = os.stat(raw).st_mode
        except OSError as e:
            errors.append(Problem(raw, os_reason(e)))
            continue
        if stat.S_ISDIR(mode):
            found, skipped = _walk(raw)
            if keep is not None:
                found = [f for f in found if keep(f)]
            errors.extend(skipped)
            if not found and not skipped:
                errors.append(Problem(raw, _("no .ngn files in this directory")))
            files.extend(found)
        elif stat.S_ISREG(mode):
            files.append(shown(raw))
        else:
            errors.append(
                Problem(raw, _("not a regular file ({value}); not read").format(value=_kind(mode)))
            )
    return files, errors


def shown(path: str) -> str:
    """`path` as pathlib writes it, and so as messages show it: no empty or `.` parts, no
    slash at the end (`./league//a.ngn` is `league/a.ngn`); `..` is kept."""
    if path == STDIN:
        return path
    lead = (
        "//" if path.startswith("//") and not path.startswith("///") else "/" * path.startswith("/")
    )
    return lead + "/".join(p for p in path.split("/") if p not in ("", ".")) or "."


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISDIR, "a directory"),
    ):
        if test(mode):
            return name
    return "not a file"


#: Folders a walk never enters: tools' own (virtual environments, caches, package
#: folders).  Hidden folders (`.git`, `.venv`) are skipped too, and whatever a
#: `.gitignore` on the way ignores.
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "venv", "site-packages"})
#: A `.gitignore` larger than this is not one a person wrote; it is not read.
MAX_IGNORE_BYTES = 256 * 1024


class _Ignores:
    """The `.gitignore` files from the top of the walk's git work tree (if any) down to
    the folder being walked, each applying below its own folder, as git reads them."""

    def __init__(self, top: str, warn: Callable[[str, str], None]):
        self.specs: dict[str, Any] = {}  # folder -> its .gitignore's patterns (None: unreadable)
        self.warn = warn
        start = os.path.abspath(top)
        chain = [start]
        folder = start
        while not os.path.exists(os.path.join(folder, ".git")):
            parent = os.path.dirname(folder)
            if parent == folder:  # not in a git work tree: only the walk's own files count
                chain = [start]
                break
            folder = parent
            chain.append(folder)
        self.above = [f for f in reversed(chain) if f != start]
        for f in self.above:
            self.load(f)

    def load(self, folder: str) -> None:
        path = os.path.join(folder, ".gitignore")
        if not os.path.isfile(path):
            return
        try:
            text = decode(
                read_bytes_limited(path, MAX_IGNORE_BYTES, "a .gitignore"), path, "a .gitignore"
            )
        except SourceError as e:
            self.warn(
                path,
                _("{value}; its patterns are not applied").format(
                    value=str(e).removeprefix(path + ": ")
                ),
            )
            return
        try:
            self.specs[folder] = ignore_spec(text.splitlines(), path)
        except SourceError as e:
            self.warn(
                path,
                _("{value}; the folder is not walked").format(
                    value=str(e).removeprefix(path + ": ")
                ),
            )
            self.specs[folder] = None  # nothing below it is read: what it meant is unknown

    def ignored(self, path: str, is_dir: bool) -> bool:
        """Whether git would ignore `path`: the deepest `.gitignore` with a say decides
        (so `!name` below undoes `name` above)."""
        full = os.path.abspath(path)
        ignored = False
        for folder in sorted(self.specs, key=len):
            if full.startswith(folder + os.sep):
                spec = self.specs[folder]
                if spec is None:  # its .gitignore could not be read: nothing is taken
                    return True
                rel = os.path.relpath(full, folder).replace(os.sep, "/")
                verdict = spec.check_file(rel + "/" if is_dir else rel).include
                if verdict is not None:
                    ignored = verdict
        return ignored


def ignore_spec(patterns: list[str], where: str) -> Any:
    """`patterns` as git reads them, compiled for RE2, which matches in time linear in
    the path (pathspec's own backend backtracks: `*a*a*a*a*a*a*a*a*a*a*a*a*c` against a
    name of 200 `a`s never ends).  A pattern that cannot be used is a SourceError naming
    `where` and the pattern."""
    import warnings

    from pathspec import GitIgnoreSpec  # only for a walk or exclude: no cost elsewhere

    with warnings.catch_warnings():  # Python's `re` warns of `[[` in a stranger's pattern
        warnings.simplefilter("ignore", FutureWarning)
        try:
            return GitIgnoreSpec.from_lines(patterns, backend="re2")
        except Exception:  # noqa: BLE001 - pathspec's and RE2's errors differ: find which
            pass
        for pattern in patterns:
            try:
                GitIgnoreSpec.from_lines([pattern], backend="re2")
            except Exception as e:  # noqa: BLE001
                shown = pattern if len(pattern) <= 60 else pattern[:60] + "..."
                raise SourceError(
                    _("{where}: the pattern `{shown}` cannot be used ({value})").format(
                        where=where, shown=shown, value=str(e).splitlines()[0][:120]
                    )
                ) from None
    raise SourceError(_("{where}: the patterns cannot be used together").format(where=where))


def _walk(top: str) -> tuple[list[str], list[Problem]]:
    """Every regular `.ngn` file below `top`, sorted, and a message for each entry skipped:
    an unreadable folder, a `.ngn` name that is not a regular file, a broken link.
    Links to folders are not followed, so no link loop can trap the walk.  Hidden and
    tool folders (`SKIPPED_FOLDERS`) and what `.gitignore` files ignore are left out
    silently, as git and linters leave them out."""
    found: list[str] = []
    skipped: list[Problem] = []

    def unreadable(e: OSError) -> None:
        skipped.append(
            Problem(
                str(e.filename),
                _("cannot read this folder ({value}); skipped").format(value=os_reason(e)),
            )
        )

    ignores = _Ignores(top, lambda path, why: skipped.append(Problem(path, why)))
    for folder, dirs, names in os.walk(top, onerror=unreadable):
        ignores.load(os.path.abspath(folder))
        kept = []
        for d in sorted(dirs):
            path = os.path.join(folder, d)
            if d.startswith(".") or d in SKIPPED_FOLDERS or ignores.ignored(path, True):
                continue
            if os.path.islink(path):
                skipped.append(Problem(path, _("a link to a folder; not followed")))
                continue
            kept.append(d)
        dirs[:] = kept
        for name in sorted(names):
            path = os.path.join(folder, name)
            if not name.endswith(".ngn") or ignores.ignored(path, False):
                continue
            try:
                mode = os.stat(path).st_mode
            except OSError as e:
                broken = "a broken link" if e.errno == errno.ENOENT else os_reason(e)
                skipped.append(Problem(path, _("{broken}; skipped").format(broken=broken)))
                continue
            if stat.S_ISREG(mode):
                found.append(shown(path))
            else:
                skipped.append(
                    Problem(
                        path, _("not a regular file ({value}); skipped").format(value=_kind(mode))
                    )
                )
    return sorted(found, key=lambda p: p.split("/")), skipped  # as paths sort: part by part


def open_regular(path: str | Path) -> tuple[int, os.stat_result]:
    """`path` opened for reading without blocking (a FIFO never hangs the referee), and
    what the opened file is: SourceError unless it is a regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise SourceError(
            _("{path}: cannot read: {value}").format(path=path, value=os_reason(e))
        ) from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise SourceError(
            _("{path}: not a regular file ({value}); not read").format(
                path=path, value=_kind(st.st_mode)
            )
        )
    return fd, st


def read_bytes_limited(
    path: str | Path, limit: int, what: str, opened: tuple[int, os.stat_result] | None = None
) -> bytes:
    """At most `limit` bytes of the regular file `path` (or of the file already `opened`
    by `open_regular`, whose descriptor this closes), or SourceError: checked before
    anything is read."""
    fd, st = opened or open_regular(path)
    try:
        with os.fdopen(fd, "rb") as f:
            if st.st_size > limit:
                raise SourceError(
                    _(
                        "{path}: {value} is too large to be {what} (the limit is {value2} KiB)"
                    ).format(path=path, value=_size(st.st_size), what=what, value2=limit // 1024)
                )
            data = f.read(limit + 1)
    except OSError as e:
        raise SourceError(
            _("{path}: cannot read: {value}").format(path=path, value=os_reason(e))
        ) from None
    if len(data) > limit:  # the file grew while it was read
        raise SourceError(
            _("{path}: too large to be {what} (the limit is {value} KiB)").format(
                path=path, what=what, value=limit // 1024
            )
        )
    return data


def contains_any(fd: int, needles: tuple[bytes, ...], limit: int) -> bool:
    """Whether the first `limit` bytes of the open file hold one of `needles`, read a
    chunk at a time (nothing is decoded, nothing kept); the file is read from its start
    and left at it."""
    overlap = max(len(n) for n in needles) - 1
    os.lseek(fd, 0, os.SEEK_SET)
    tail, seen = b"", 0
    try:
        while seen < limit:
            chunk = os.read(fd, min(1 << 20, limit - seen))
            if not chunk:
                return False
            seen += len(chunk)
            window = tail + chunk
            if any(n in window for n in needles):
                return True
            tail = window[-overlap:] if overlap else b""
        return False
    finally:
        os.lseek(fd, 0, os.SEEK_SET)


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1024:.0f} KiB"


def decode(data: bytes, path: str, what: str = "a record") -> str:
    """UTF-8 text, or SourceError naming what the bytes are instead."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (
        len(data) > 3
        and (data[1::2].count(0) > len(data) // 4 or data[0::2].count(0) > len(data) // 4)
    ):
        raise SourceError(_("{path}: UTF-16 text; save it as UTF-8").format(path=path))
    if b"\0" in data:
        raise SourceError(
            _("{path}: binary data (a NUL byte at offset {value}), not {what}").format(
                path=path, value=data.index(0), what=what
            )
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SourceError(
            _(
                "{path}: not UTF-8 text (byte 0x{value:02x} at offset {start}); save it as UTF-8"
            ).format(path=path, value=data[e.start], start=e.start)
        ) from None


#: The path that means standard input, as in most command-line tools.
STDIN = "-"
#: What a record read from standard input is called in messages, unless the user names it
#: (`--stdin-filename`); a `board:` line in it is looked up beside that name.
_stdin_name = "<stdin>"
_stdin_text: str | None = None


def name_stdin(name: str | None) -> None:
    """Call a record read from standard input `name` in messages (None: `<stdin>`)."""
    global _stdin_name
    _stdin_name = name or "<stdin>"


def settings_path(path: str) -> str:
    """Where a record is, for finding its settings: standard input is where
    `--stdin-filename` says, else in the working folder."""
    return _stdin_name if path == STDIN else path


def read_stdin() -> Source:
    """The record on standard input, read once (bounded, like a file) and kept, so that a
    second look and a forked worker see the same text."""
    import sys

    global _stdin_text
    if _stdin_text is None:
        if sys.stdin is None:  # `<&-`: there is no standard input to read
            raise SourceError(
                _("{stdin_name}: standard input is closed").format(stdin_name=_stdin_name)
            )
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise SourceError(
                _("{stdin_name}: too large to be a record (the limit is {value} KiB)").format(
                    stdin_name=_stdin_name, value=MAX_RECORD_BYTES // 1024
                )
            )
        _stdin_text = decode(data, _stdin_name)
    return Source(_stdin_name, _stdin_text)


def read(path: Path | str) -> Source:
    """The record at `path` (`-`: standard input), or SourceError."""
    if str(path) == STDIN:
        return read_stdin()
    return Source(
        str(path), decode(read_bytes_limited(path, MAX_RECORD_BYTES, "a record"), str(path))
    )
