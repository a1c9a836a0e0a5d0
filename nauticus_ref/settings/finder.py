"""Project settings: `[tool.nauticus-ref]` in `pyproject.toml`, or `.nauticus-ref.toml`.

A league keeps its settings beside its records, as it does for ruff or sqlfluff:

    [tool.nauticus-ref]
    ignore = ["ship-name"]                  # rules not checked
    severity = { storage = "warning" }      # a rule's findings at another severity
    exclude = ["drafts/"]                   # left out of folder walks (.gitignore style)
    board = "boards/club.toml"              # as --board, relative to this file
    per-file-ignores = { "2019/*.ngn" = ["rewards"] }
    rules-url = "https://league.example/rules.html"   # where reports link each rule

Each record is checked under the settings file nearest above it (`.nauticus-ref.toml`
before `pyproject.toml` in the same folder; a `pyproject.toml` without the table is
passed over).  `--config FILE` names the one file to use; `--isolated` uses none.
A settings file found on the way up is read only if nobody but its owner (the user or
root) can change it: a file others may write, or one in a folder where others may
replace it, is passed over with a warning (docs/security.md).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable

from nauticus_ref.core.findings import SYNTAX_RULE, Diagnostic, Severity

if TYPE_CHECKING:
    from os import PathLike

    from pathspec import GitIgnoreSpec

    from nauticus_ref.game.board import Board

#: The settings file of its own, and the table inside `pyproject.toml`.
OWN_FILE = ".nauticus-ref.toml"
PYPROJECT = "pyproject.toml"
TABLE = "tool.nauticus-ref"
#: A settings file is a page of TOML; `pyproject.toml` may be long, but not this long.
MAX_CONFIG_BYTES = 1024 * 1024


class ConfigError(Exception):
    """A settings file that cannot be used; the message names the file and the key, a
    line for each problem."""


@dataclass(frozen=True)
class Checking:
    """How one record is checked: its board (None: the record's own) and which findings
    are kept, at what severity.  Small and picklable, for worker processes."""

    board: Board | None = None
    off: frozenset[str] = frozenset()  # rules not checked
    only: frozenset[str] | None = None  # if set, the only rules checked
    severity: tuple[tuple[str, Severity], ...] = ()

    @property
    def not_asked(self) -> frozenset[str]:
        """The rules the replay does not ask: those turned off, and with `select`, every
        rule it does not name."""
        if self.only is None:
            return self.off
        from nauticus_ref.rules import BY_ID

        return self.off | (frozenset(BY_ID) - self.only)

    def apply(self, found: Iterable[Diagnostic]) -> list[Diagnostic]:
        """The findings these settings keep, each at its severity.  Syntax errors are
        always kept: a record that does not parse is not replayed at all."""
        from dataclasses import replace

        severity = dict(self.severity)
        kept = []
        for d in found:
            if d.rule != SYNTAX_RULE and (
                d.rule in self.off or (self.only is not None and d.rule not in self.only)
            ):
                continue
            if d.rule in severity and not d.accepted and d.severity != severity[d.rule]:
                d = replace(d, severity=severity[d.rule])
            kept.append(d)
        return kept


#: No settings: every rule, at its own severity, on the record's board.
DEFAULT = Checking()


@dataclass
class Config:
    """One settings file, read and validated (or none: `path` None, every default)."""

    path: str | None = None  # paths are strings here: no pathlib on a cold start
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    severity: dict[str, Severity] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()
    board: str | None = None
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rules_url: str | None = None
    aliases: dict[str, str] = field(default_factory=dict)  # for `league`
    lang: str | None = None

    @property
    def root(self) -> str:
        """The folder the file's paths and patterns are relative to."""
        return os.path.dirname(self.path) if self.path else os.getcwd()

    def where(self, key: str) -> str:
        """`pyproject.toml: [tool.nauticus-ref] board`: for a message about one key."""
        table = f"[{TABLE}] " if self.path and os.path.basename(self.path) == PYPROJECT else ""
        return f"{self.path}: {table}{key}"

    def excluded(self, path: str | PathLike[str]) -> bool:
        """Whether a folder walk leaves `path` out (`exclude`)."""
        return _matches(self._exclude_spec, self._relative(path))

    def checking(self, path: str | PathLike[str], board: Board | None) -> Checking:
        """The settings for one record; `board` is the command line's, which wins."""
        off = set(self.ignore)
        rel = self._relative(path) if self.per_file_ignores else None
        for spec, rules in self._per_file_specs:
            if _matches(spec, rel):
                off.update(rules)
        return Checking(
            board or self._board,
            frozenset(off),
            frozenset(self.select) if self.select is not None else None,
            tuple(sorted(self.severity.items())),
        )

    @cached_property
    def _exclude_spec(self) -> GitIgnoreSpec | None:
        return _spec(self.exclude, self.where("exclude")) if self.exclude else None

    @cached_property
    def _per_file_specs(self) -> list[tuple[GitIgnoreSpec, tuple[str, ...]]]:
        """`per-file-ignores` with each pattern compiled once, not once per record."""
        return [
            (_spec([pattern], self.where("per-file-ignores")), rules)
            for pattern, rules in self.per_file_ignores.items()
        ]

    @cached_property
    def _board(self) -> Board | None:
        if self.board is None:
            return None
        from nauticus_ref.game.board import BoardError, resolve

        spec = self.board
        if "/" in spec or "\\" in spec or spec.endswith(".toml"):
            spec = os.path.join(self.root, spec)
        try:
            return resolve(spec)
        except BoardError as e:
            raise ConfigError(f"{self.where('board')}: {e}") from None

    def _relative(self, path: str | PathLike[str]) -> str | None:
        """`path` relative to the settings file's folder, with `/`; None if outside it
        (then no pattern applies)."""
        full, root = os.path.abspath(path), os.path.abspath(self.root)
        inside = full.startswith(root.rstrip(os.sep) + os.sep)
        return full[len(root.rstrip(os.sep)) + 1 :].replace(os.sep, "/") if inside else None


def _spec(patterns: Iterable[str], where: str) -> GitIgnoreSpec:
    """Patterns of a setting, compiled to match in linear time (`files.ignore_spec`); a
    pattern that cannot be used stops the run with a line naming the file and the key."""
    from nauticus_ref.core.files import SourceError, ignore_spec

    try:
        spec: GitIgnoreSpec = ignore_spec(list(patterns), where)
    except SourceError as e:
        raise ConfigError(str(e)) from None
    return spec


def _matches(spec: GitIgnoreSpec | None, rel: str | None) -> bool:
    return spec is not None and rel is not None and spec.match_file(rel)


# -- finding and reading settings files ------------------------------------------------


def load(
    path: str, explicit: bool = False, opened: tuple[int, os.stat_result] | None = None
) -> Config | None:
    """The settings in `path` (already `opened`, when the trust check opened it), or None
    if it is a `pyproject.toml` without the table (unless the user named it: `--config
    pyproject.toml` without it is an error)."""
    from nauticus_ref.core.bounded_toml import parse_toml
    from nauticus_ref.core.files import SourceError, decode, open_regular, read_bytes_limited

    try:
        fd, st = opened or open_regular(path)
    except SourceError as e:
        raise ConfigError(str(e)) from None
    pyproject = os.path.basename(path) == PYPROJECT
    if pyproject and not explicit and not _may_hold_table(fd):
        os.close(fd)
        return None
    try:
        text = decode(
            read_bytes_limited(path, MAX_CONFIG_BYTES, "a settings file", (fd, st)),
            str(path),
            "a settings file",
        )
        data: Any = parse_toml(text, str(path), "a settings file")
    except SourceError as e:
        raise ConfigError(str(e)) from None
    if pyproject:
        data = data.get("tool", {}).get("nauticus-ref")
        if not isinstance(data, dict):
            if explicit:
                raise ConfigError(f"{path}: no [{TABLE}] table")
            return None
    return _validated(data, path)


#: How far into another project's `pyproject.toml` the table is looked for: a file this
#: large that does not name it is passed over, whatever it holds.
MAX_PYPROJECT_SCAN = 64 * 1024 * 1024


def _may_hold_table(fd: int) -> bool:
    """Whether a `pyproject.toml` may have the table, looked for in its bytes before
    anything is decoded or refused: its key is written `nauticus-ref`, bare or quoted,
    or else with `\\u` escapes in a quoted key.  Another project's file, Latin-1,
    UTF-16 or larger than a settings file may be, is passed over so, and a cold start
    loads no TOML parser."""
    from nauticus_ref.core.files import contains_any

    return contains_any(fd, (b"nauticus-ref", b"\\u", b"\\U"), MAX_PYPROJECT_SCAN)


def _validated(data: dict[str, Any], path: str) -> Config:
    from pydantic import ValidationError

    from nauticus_ref.settings.model import Settings, message

    shown = Config(path)
    try:
        settings = Settings.model_validate(data)
    except ValidationError as e:
        errors: list[Any] = e.errors()
        raise ConfigError(
            "\n".join(f"{shown.where(_key(error['loc']))}: {message(error)}" for error in errors)
        ) from None
    return Config(path, **settings.as_config())


def _key(loc: tuple[int | str, ...]) -> str:
    """`ignore[1]`, `severity.one-crest`, `per-file-ignores."a/*.ngn"[0]`."""
    out = ""
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = part if all(c.isalnum() or c in "-_" for c in part) else f'"{part}"'
            out += f".{text}" if out else text
    return out or "(the table)"


def _open_trusted(path: str) -> tuple[tuple[int, os.stat_result] | None, str | None]:
    """A settings file found on the way up, opened once and judged on what was opened:
    (the open file, None), (None, why it is not to be trusted), or (None, None) when
    there is no settings file.  Not trusted: a link that another user owns, a file that
    belongs to another user or that others may write, or one in a folder where others
    may replace it."""
    from nauticus_ref.core.files import SourceError, open_regular, os_reason

    me = os.geteuid() if hasattr(os, "geteuid") else None
    try:
        link = os.lstat(path)
    except OSError:
        return None, None
    if stat.S_ISLNK(link.st_mode) and me is not None and link.st_uid not in (me, 0):
        return None, f"it is a link that belongs to another user (uid {link.st_uid})"
    try:
        fd, st = open_regular(path)
    except SourceError:
        return None, None  # a folder or a FIFO of that name: not a settings file
    why = None
    if me is not None and st.st_uid not in (me, 0):
        why = f"it belongs to another user (uid {st.st_uid})"
    elif st.st_mode & stat.S_IWOTH:
        why = "any user may write it"
    else:
        for folder in {os.path.dirname(path) or ".", os.path.dirname(os.path.realpath(path))}:
            try:
                mode = os.stat(folder).st_mode
            except OSError as e:
                why = os_reason(e)
                break
            if mode & stat.S_IWOTH and not mode & stat.S_ISVTX:
                why = "any user may replace it in its folder"
                break
    if why is not None:
        os.close(fd)
        return None, why
    return (fd, st), None


class Finder:
    """The settings for each record of a run: `--config` for all, none (`--isolated`),
    or the file nearest above each record's folder, each file read once."""

    def __init__(self, explicit: str | None, isolated: bool, warn: Callable[[str], None]):
        self.warn = warn
        self.fixed: Config | None = None
        if isolated:
            self.fixed = Config()
        elif explicit is not None:
            from nauticus_ref.core.files import shown

            self.fixed = load(shown(explicit), explicit=True)
        self._by_folder: dict[str, Config] = {}

    def for_record(self, path: str | PathLike[str]) -> Config:
        """The settings of a record (standard input: `files.settings_path`)."""
        return self.fixed or self._nearest(os.path.dirname(os.path.abspath(path)))

    def _nearest(self, folder: str) -> Config:
        """The settings file in `folder` or the nearest above it: `.nauticus-ref.toml`, or
        a `pyproject.toml` with the table (one without is passed over)."""
        passed: list[str] = []
        found: Config | None = None
        while found is None:
            if folder in self._by_folder:
                found = self._by_folder[folder]
                break
            passed.append(folder)
            found = self._in(folder)
            parent = os.path.dirname(folder)
            if parent == folder:
                break
            folder = parent
        for f in passed:
            self._by_folder[f] = found or Config()
        return found or Config()

    def _in(self, folder: str) -> Config | None:
        """The settings in `folder` itself; files that another user could have written
        are passed over with a warning."""
        for name in (OWN_FILE, PYPROJECT):
            candidate = os.path.join(folder, name)
            opened, why = _open_trusted(candidate)
            if why:
                self.warn(f"{candidate}: not read: {why}")
            if opened is not None:
                found = load(candidate, opened=opened)
                if found:
                    return found
        return None
