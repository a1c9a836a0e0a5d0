"""The record kept at the table: one file, named on the command line, that grows a
confirmed line at a time.  Each line is checked by the referee before it is written;
the file is rewritten atomically after each, so it always validates clean, and a
crash loses at most the line being entered (docs/record.md).

A `Book` knows no HTTP: the web app (app.py) is one client, the tests another.  Its
methods take the lock, so two tabs on one record see one state; a change made from a
page that had not seen the last line is refused (`at`), as is a file changed on disk
behind the book's back.
"""

from __future__ import annotations

import errno
import itertools
import os
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from nauticus_ref.core.files import (
    MAX_RECORD_BYTES,
    Source,
    SourceError,
    decode,
    os_reason,
    read_bytes_limited,
)
from nauticus_ref.core.language import _
from nauticus_ref.core.writing import stamp, write_atomically
from nauticus_ref.game.board import (
    Board,
    BoardError,
    bundled,
    bundled_names,
    resolve,
    resolve_for_record,
)
from nauticus_ref.moves.point import options_at
from nauticus_ref.moves.purse import OutOfTime
from nauticus_ref.notation import vocab
from nauticus_ref.notation.reading import MAX_STATEMENT_CHARS
from nauticus_ref.record.parts import Matcher
from nauticus_ref.referee.validate import Game, validate_source
from nauticus_ref.views.moves import moves_json
from nauticus_ref.views.state import state_json, state_svg
from nauticus_ref.views.validate import title

Data = dict[str, Any]

#: Options sent with the state at most; the rest are reached through `choices`.
LISTED = 60
#: Seconds the state may spend counting the options; past them the count is "more".
COUNT_SECONDS = 0.1
#: Seconds `choices` may spend going through the options.
CHOICE_SECONDS = 1.0
#: Next steps `choices` offers at most.
MAX_CHOICES = 300
#: A canonical turn's claim at its end: the taler paid or received, or the points.
CLAIM = re.compile(r"=\s*(-?\d+)\s*(?:t|vp)\s*$")
#: The Extra Action's parts (`parts.turn_groups`): offered after the phase's action's.
EXTRA = ("extra ", "then extra ")
#: A step's kind where it is the Extra Action's: the action, and before or after.
EXTRA_KIND = re.compile(r"(then )?extra \w+:")
#: Header lines: they start a game and are never undone.
HEADER = re.compile(r"\s*(game|date|players|board|crests)\s*:", re.IGNORECASE)


@dataclass(frozen=True)
class Turns:
    """The turns `choices` goes through at one position (`parts.Matcher`), gone through
    once (within `CHOICE_SECONDS`) and kept until the record changes; `cut`: the time
    ran out before the last."""

    player: str
    listed: Matcher
    cut: bool


class BookError(Exception):
    """A change the book refuses: `status` as HTTP would say it (409 stale or refused,
    422 not legal), with the referee's findings where there are some."""

    def __init__(self, status: int, message: str, findings: list[Data] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.findings = findings or []


@dataclass
class Book:
    """The record at `path`, on `board` (`--board`, as written in `board_spec`; None: the
    board the record names, as every command reads it)."""

    path: str
    board: Board | None
    board_spec: str | None = None
    text: str = ""
    newline: str = "\n"
    seen: tuple[int, int, int] | None = None  # the file's stamp when last read or written
    lock: threading.Lock = field(default_factory=threading.Lock)
    _game: tuple[str, Game] | None = None
    _turns: tuple[str, Turns] | None = None

    @classmethod
    def open(cls, path: str, board_spec: str | None = None) -> Book:
        """The book for `path`, read if it exists.  Raises SourceError, or BoardError
        when `board_spec` or the board the record names cannot be read."""
        if not path.strip() or os.path.isdir(path):
            raise SourceError(
                _("{path!r}: name the record's file, like tonight.ngn").format(path=path)
            )
        book = cls(path, resolve(board_spec) if board_spec else None, board_spec)
        if os.path.exists(path):
            data = read_bytes_limited(path, MAX_RECORD_BYTES, "a record")
            book.text = decode(data, path)
            book.seen = stamp(path)
            if "\r\n" in book.text:
                book.newline = "\r\n"
            book.game()  # the record's own board is read now, before anything is written
        return book

    # reading ---------------------------------------------------------------
    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @property
    def started(self) -> bool:
        return any(HEADER.match(line) for line in self.lines)

    def game(self) -> Game:
        if self._game is None or self._game[0] != self.text:
            self._game = (self.text, validate_source(Source(self.path, self.text), self.board))
        return self._game[1]

    def state(self) -> Data:
        with self.lock:
            return self._state()

    def _state(self) -> Data:
        data: Data = {
            "path": os.path.basename(self.path),
            "lines": self.lines,
            "at": len(self.lines),
            "boards": self._boards(),
        }
        if not self.started:
            return {**data, "next": {"kind": "new"}, "findings": []}
        game = self.game()
        findings = [d.as_json() for d in game.errors]
        data["findings"] = findings
        data["title"] = title(game)
        if findings or game.replayed is None:
            return {
                **data,
                "next": {
                    "kind": "refused",
                    "reason": "the record has errors: fix them in the file "
                    "(nauticus-ref validate) and start again",
                },
            }
        table = game.replayed.table
        data["table"] = state_json(table, f"after line {len(self.lines)}")
        data["next"] = self._next(game)
        return data

    def _next(self, game: Game, listed: bool = True) -> Data:
        """The decision the next line makes; with `listed`, with its options (`moves
        --format json`, cut at `LISTED`)."""
        assert game.record is not None and game.replayed is not None
        o = options_at(game.record, game.replayed.table.board, len(self.lines) + 1, game.lines)
        if o.kind == "none":
            if o.comes == "end":
                return (
                    {"kind": "over"}
                    if game.record.final
                    else {"kind": "final", "line": final_line(game)}
                )
            if o.comes == "round":
                ended = game.replayed.table.round_no
                return {
                    "kind": "round",
                    "round": ended + 1,
                    "actions": list(vocab.ACTIONS),
                    **({"summary": round_summary(game, ended)} if ended else {}),
                }
            return {"kind": "none", "reason": o.reason}
        if not listed:
            return {"kind": o.kind}
        listing = moves_json(os.path.basename(self.path), game.record, o, LISTED, COUNT_SECONDS)
        return {
            "kind": o.kind,
            "round": o.round,
            "phase": o.phase,
            "player": o.player,
            "action": o.action,
            "options": listing,
        }

    def _boards(self) -> list[str]:
        """The boards a new game may be played on: the bundled ones and `--board`."""
        return bundled_names() + (
            [self.board_spec] if self.board_spec and self.board_spec not in bundled_names() else []
        )

    def table_svg(self, columns: int = 2) -> str:
        """The table after the last line, its cells in `columns` columns (one for a
        phone)."""
        with self.lock:
            game = self.game() if self.started else None
            if game is None or game.replayed is None:
                return ""
            return state_svg(
                state_json(game.replayed.table, f"after line {len(self.lines)}"), columns
            )

    def score_page(self) -> str:
        """The score page of the game so far (provisional before its end), as `score
        --format html` makes it."""
        from nauticus_ref.views.score import score_html, score_json

        with self.lock:
            if not self.started:
                raise BookError(409, _("no game is being recorded yet"))
            game = self.game()
            return score_html([score_json(game)])

    # choosing step by step ---------------------------------------------------
    def choices(self, chosen: list[str]) -> Data:
        """The next steps after the parts `chosen` of a turn (each a clause or placement,
        as the canonical turn writes them): each with how many turns go on from it and
        what they cost; and the turn, if `chosen` is one."""
        with self.lock:
            if not self.started:
                raise BookError(409, _("no game is being recorded yet"))
            turns = self._turns_now()
            steps: dict[str, list[int]] = {}
            gives: dict[str, int] = {}  # a step that makes a turn: what its claim says
            complete: Data | None = None
            for turn, nexts in turns.listed.going_on(chosen):
                taler = turn.taler
                if not nexts:
                    complete = complete or {
                        "text": turn.text,
                        "taler": taler,
                        "workers": turn.workers,
                    }
                    continue
                claim = CLAIM.search(turn.text)
                for part in nexts:
                    seen = steps.setdefault(part, [0, taler, taler])
                    seen[0] += 1
                    seen[1], seen[2] = min(seen[1], taler), max(seen[2], taler)
                    if turn.size == len(chosen) + 1 and claim is not None:
                        gives[part] = int(claim.group(1))
            if complete is not None:  # what the player has left, from the referee itself
                after = validate_source(
                    Source(self.path, self.text + "  " + complete["text"] + self.newline),
                    self.board,
                ).replayed
                assert after is not None
                p = next(p for p in after.table.players if p.name == turns.player)
                complete["left"] = {"taler": p.taler, "workers": p.workers}
            return {
                "chosen": chosen,
                "complete": complete,
                "cut": turns.cut or len(steps) > MAX_CHOICES,
                "steps": [
                    {
                        "text": k,
                        "turns": v[0],
                        "taler": [v[1], v[2]],
                        **({"gives": gives[k]} if k in gives else {}),
                    }
                    for k, v in _shown(steps)
                ],
            }

    def _turns_now(self) -> Turns:
        """The turns of the next line, gone through once a position (`Turns`)."""
        if self._turns is not None and self._turns[0] == self.text:
            return self._turns[1]
        game = self.game()
        if game.record is None or game.replayed is None or game.errors:
            raise BookError(409, _("the record has errors"))
        o = options_at(game.record, game.replayed.table.board, len(self.lines) + 1, game.lines)
        if o.kind != "turn" or o.turns is None or o.player is None:
            raise BookError(409, _("the next line is not a turn"))
        printer = o.turns.printer(game.record)
        player = next(p for p in game.replayed.table.players if p.name == o.player)
        listed = Matcher(set(player.ships))  # by casefolded name
        cut = False
        texts: set[str] = set()
        deadline = time.monotonic() + CHOICE_SECONDS
        with o.turns.until(deadline):
            try:
                for n, option in enumerate(o.turns.interleaved()):
                    if n % 256 == 255 and time.monotonic() > deadline:
                        cut = True
                        break
                    texts.add(text := printer.turn(option.turn))
                    listed.add(text, option.taler, option.workers)
            except OutOfTime:  # a search that found nothing for long
                cut = True
        if cut:  # every group keeps its first turn, however slow the others were
            with o.turns.until(time.monotonic() + CHOICE_SECONDS / 4):
                try:
                    for option in o.turns.firsts().values():
                        if (text := printer.turn(option.turn)) not in texts:
                            listed.add(text, option.taler, option.workers)
                except OutOfTime:
                    pass
        turns = Turns(o.player, listed, cut)
        self._turns = (self.text, turns)
        return turns

    # changing ----------------------------------------------------------------
    def play(self, line: str, comment: str = "", at: int | None = None) -> Data:
        """Add `line` (with `comment`) to the record if the referee finds no error in it,
        and write the file; `at`: how many lines the page had seen."""
        with self.lock:
            self._fresh(at)
            if not self.started:
                raise BookError(409, _("start a game first: no players are named yet"))
            line, comment = _one_line(line, "line"), _one_line(comment, "comment")
            if not line:
                raise BookError(422, _("the line is empty"))
            game = self.game()
            if game.errors:
                raise BookError(409, _("the record has errors"))
            before = self._next(game, listed=False)
            if before["kind"] == "over":
                raise BookError(409, _("the record takes no more lines"))
            indent = "  " if before["kind"] == "turn" else ""
            self._write(
                self.text + indent + line + (f"  # {comment}" if comment else "") + self.newline,
                check=True,
            )
            return self._state()

    def undo(self, at: int | None = None) -> Data:
        """Remove the last line, unless it is a header line (those start the game)."""
        with self.lock:
            self._fresh(at)
            lines = self.lines
            while lines and not lines[-1].strip():
                lines.pop()
            if not lines or HEADER.match(lines[-1]):
                raise BookError(409, _("there is no line to undo"))
            lines.pop()
            self._write(self.newline.join(lines) + (self.newline if lines else ""), check=False)
            return self._state()

    def new(self, players: list[str], board: str | None, at: int | None = None) -> Data:
        """Start a new game: `players` in seat order, on a bundled board or `--board`."""
        with self.lock:
            self._fresh(at)
            if self.started:
                raise BookError(
                    409, _("{value} already holds a game").format(value=os.path.basename(self.path))
                )
            names = [_one_line(p, "player") for p in players if p.strip()]
            if not 2 <= len(names) <= 4:
                raise BookError(422, _("a game has 2 to 4 players"))
            if any('"' in n for n in names):
                raise BookError(422, _("a player's name cannot hold a double quote (\")"))
            board = board or self.board_spec or "standard"
            if board not in self._boards():
                raise BookError(
                    422,
                    _("no board called `{value}` here (the boards: {value2})").format(
                        value=board[:40], value2=", ".join(self._boards())
                    ),
                )
            try:
                self.board = bundled(board) if board in bundled_names() else resolve(board)
            except BoardError as e:
                raise BookError(422, str(e)) from None
            header = f"players: {', '.join(vocab.quoted(n) for n in names)}" + self.newline
            if board != "standard" and board in bundled_names():
                header += f"board: {board}" + self.newline
            elif board not in bundled_names():
                header += f"board: {self._board_written(board)}" + self.newline
            self._write(self.text + header, check=True)
            return self._state()

    def _board_written(self, spec: str) -> str:
        """How the record names a board file: beside the record (docs/notation.md)."""
        rel = os.path.relpath(os.path.realpath(spec), os.path.dirname(os.path.realpath(self.path)))
        if os.sep in rel or rel.startswith(".."):
            raise BookError(422, _("a board file must lie in the record's own folder"))
        try:  # as every command will read the record's `board:` line
            resolve_for_record(rel, os.path.dirname(os.path.realpath(self.path)))
        except BoardError as e:
            raise BookError(422, str(e)) from None
        return rel

    def _fresh(self, at: int | None) -> None:
        if at is not None and at != len(self.lines):
            raise BookError(
                409,
                _(
                    "the record has changed since this page last looked: it now shows the latest state"
                ),
            )
        if stamp(self.path) != self.seen or not self._same_on_disk():
            raise BookError(
                409,
                _(
                    "{value} was changed by another program: restart the recorder to continue from it"
                ).format(value=os.path.basename(self.path)),
            )

    def _same_on_disk(self) -> bool:
        """Whether the file holds what the book last read or wrote: compared by content,
        since an edit in place can keep the size and the time (`rsync --inplace -t`)."""
        if not os.path.lexists(self.path):
            return self.seen is None
        try:
            return (
                decode(read_bytes_limited(self.path, MAX_RECORD_BYTES, "a record"), self.path)
                == self.text
            )
        except SourceError:
            return False

    def _write(self, text: str, check: bool) -> None:
        if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
            raise BookError(422, _("the record would pass the size limit of 512 KiB"))
        if check:
            try:  # on the board the record names, as any command will read it after
                game = validate_source(Source(self.path, text), self.board)
            except BoardError as e:
                raise BookError(422, str(e)) from None
            errors = game.errors
            if errors:
                raise BookError(422, errors[0].message, [d.as_json() for d in errors])
            self._game = (text, game)
        try:
            write_atomically(self.path, text, unchanged_since=self.seen)
        except SourceError as e:
            raise BookError(409, str(e)) from None
        except OSError as e:
            full = e.errno in (errno.ENOSPC, errno.EDQUOT)
            raise BookError(
                507 if full else 500,
                _("{value} could not be written ({value2}); the file is as it was").format(
                    value=os.path.basename(self.path), value2=os_reason(e)
                ),
            ) from None
        self.text, self.seen = text, stamp(self.path)


def _shown(steps: dict[str, list[int]]) -> list[tuple[str, list[int]]]:
    """The steps offered, `MAX_CHOICES` at most: the phase's own action first, each
    Extra Action after it, each cheapest first; where there are more, as many of each
    kind as there is room for (each Extra Action by its action and place), so that every
    kind keeps some."""

    def order(kv: tuple[str, list[int]]) -> tuple[object, ...]:
        return (kv[0].startswith(EXTRA), kv[1][1], -kv[1][0], kv[0])

    kinds: dict[str, list[tuple[str, list[int]]]] = {}
    for kv in sorted(steps.items(), key=order):
        kind = EXTRA_KIND.match(kv[0])
        kinds.setdefault(kind.group(0) if kind else "", []).append(kv)
    taken = itertools.islice(
        (kv for row in itertools.zip_longest(*kinds.values()) for kv in row if kv), MAX_CHOICES
    )
    return sorted(taken, key=order)


def round_summary(game: Game, number: int) -> Data:
    """What round `number` brought each player, from the referee's ledger: the points by
    source (the pass penalty among them, as a loss) and the total after it."""
    assert game.replayed is not None
    players = []
    for p in game.replayed.table.players:
        by: dict[str, int] = {}
        for e in game.replayed.ledger:
            if e.round == number and e.player == p.name:
                by[e.source] = by.get(e.source, 0) + e.points
        players.append({"name": p.name, "gained": sum(by.values()), "by": by, "vp": p.vp})
    return {"round": number, "players": players}


def final_line(game: Game) -> str:
    from nauticus_ref.views.score import score_json

    players = score_json(game)["players"]
    return "final: " + ", ".join(f"{p['name']} {p['total']}" for p in players)


#: What one line of NGN cannot hold: whatever Python's `splitlines` splits on, NUL,
#: and a lone surrogate (no UTF-8 can write it).
NOT_IN_A_LINE = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029\x00\ud800-\udfff]")


def _one_line(text: str, what: str) -> str:
    if not isinstance(text, str):
        raise BookError(422, _("the {what} must be text").format(what=what))
    bad = NOT_IN_A_LINE.search(text)
    if bad is not None:
        raise BookError(
            422,
            _("the {what} must be one line of text, without U+{value:04X}").format(
                what=what, value=ord(bad.group())
            ),
        )
    if len(text) > MAX_STATEMENT_CHARS:
        raise BookError(
            422,
            _("the {what} is longer than {max_statement_chars:,} characters").format(
                what=what, max_statement_chars=MAX_STATEMENT_CHARS
            ),
        )
    return text.strip()


__all__ = ["Book", "BookError", "final_line"]
