"""Writing the files a command says it writes, keeping each file's identity: never
half-written, links, owner and mode kept, new files by the umask (docs/security.md)."""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, NoReturn

from nauticus_ref.core.files import SourceError, os_reason

if TYPE_CHECKING:
    from pathlib import Path


def stamp(path: str | Path) -> tuple[int, int, int] | None:
    """What tells whether the file at `path` (links followed) changed: its inode, size and
    modification time; None when there is none."""
    try:
        st = os.stat(path)
    except OSError:  # none there, or none that can be looked at
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _temporary_name(target: str) -> str:
    """A prefix for the temporary file beside `target`: its name cut to 60 bytes of UTF-8
    (whole characters), so that the temporary name never exceeds a file system's limit."""
    name = os.path.basename(target).encode("utf-8")[:60].decode("utf-8", "ignore")
    return f".{name}."


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(
    path: str | Path, text: str, unchanged_since: tuple[int, int, int] | None = None
) -> None:
    """Write `text` to `path` so that it is never half-written, keeping the file's
    identity (docs/security.md):

    - a symbolic link stays a link: its target is written;
    - an existing file keeps its mode, owner and group; a new one gets the mode the
      umask gives (0644 under the usual 022), as any program's output does;
    - a file with other hard links is written in place, so that every link sees the
      new text (not atomic: a crash mid-write can leave it short);
    - otherwise a temporary file in the same folder is synced to the disk and renamed
      over it, and removed on any failure (Ctrl-C and SIGTERM included); the folder is
      then synced, so that a power cut leaves the old text or the new.

    Refused with `SourceError`: a read-only file, one that changed since
    `unchanged_since` (its `stamp` when it was read), and one whose owner cannot be
    kept.  Folders on the way to a new file are made."""
    import tempfile

    target = os.path.realpath(path)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None

    def refuse(why: str) -> NoReturn:
        raise SourceError(f"{path}: {why}; not written")

    def check_unchanged() -> None:
        if unchanged_since is not None and stamp(target) != unchanged_since:
            refuse("it changed since it was read (saved by another program?)")

    if st is not None:
        if not st.st_mode & 0o222:
            refuse("the file is read-only (make it writable to have it written)")
        check_unchanged()
        if st.st_nlink > 1:
            with open(target, "r+", encoding="utf-8", newline="") as f:
                f.write(text)
                f.truncate()
                f.flush()
                os.fsync(f.fileno())
            return
    folder = os.path.dirname(target)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=_temporary_name(target), suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            if st is None:
                os.fchmod(f.fileno(), 0o666 & ~_umask())
            else:
                os.fchmod(f.fileno(), stat.S_IMODE(st.st_mode))
                mine = os.fstat(f.fileno())
                if (mine.st_uid, mine.st_gid) != (st.st_uid, st.st_gid):
                    try:
                        os.fchown(f.fileno(), st.st_uid, st.st_gid)
                    except PermissionError:
                        refuse(
                            f"it belongs to uid {st.st_uid}, and a file written here would "
                            "belong to you"
                        )
            os.fsync(f.fileno())  # the text is on the disk before the name points at it
        check_unchanged()
        os.replace(tmp, target)
        _sync_folder(folder)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _sync_folder(folder: str) -> None:
    """Have the rename itself reach the disk, where the system allows a folder to be
    synced (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_output(
    path: str | Path, text: str, unchanged_since: tuple[int, int, int] | None = None
) -> None:
    """`write_atomically`, with any OS error turned into a one-line SourceError."""
    try:
        write_atomically(path, text, unchanged_since)
    except OSError as e:
        raise SourceError(f"{path}: cannot write: {os_reason(e)}") from None
