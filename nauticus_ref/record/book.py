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
import os
import re
import threading
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
from nauticus_ref.notation import vocab
from nauticus_ref.notation.reading import MAX_STATEMENT_CHARS
from nauticus_ref.record.listing import Listing
from nauticus_ref.referee.validate import Game, Memo, validate_source
from nauticus_ref.views.moves import moves_json
from nauticus_ref.views.state import state_json, state_svg
from nauticus_ref.views.validate import title

Data = dict[str, Any]

#: Options sent with the state at most; the rest are reached through `choices`.
LISTED = 60
#: Seconds the state may spend counting the options; past them the count is "more".
COUNT_SECONDS = 0.1
#: Turns whose ends are kept at most (`Book._left`), the latest.
LEFTS = 64
#: Header lines: they start a game and are never undone.
HEADER = re.compile(r"\s*(game|date|players|board|crests)\s*:", re.IGNORECASE)


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
    _listing: tuple[str, Listing] | None = None
    #: what each turn offered whole leaves its player, by the record's text and the turn
    _lefts: tuple[str, dict[str, Data]] | None = None
    _memo: Memo = field(default_factory=Memo)  # the last record validated, to go on from

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
            self._game = (self.text, self._validate(self.text))
        return self._game[1]

    def _validate(self, text: str) -> Game:
        """The record `text` validated, replayed from the last round it shares with the
        text validated before (`Memo`)."""
        return validate_source(Source(self.path, text), self.board, self._memo, steps=False)

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
            listing = self._listing_now()
            answer = listing.answer(tuple(chosen))
            complete = answer["complete"]
            if complete is not None:
                left = self._left(listing.player, complete["text"])
                answer = {**answer, "complete": {**complete, "left": left}}
            return answer

    def _left(self, player: str, turn: str) -> Data:
        """What the turn `turn` leaves `player`, from the referee itself: the record
        replayed with it, once a turn while the record stays as it is."""
        if self._lefts is None or self._lefts[0] != self.text:
            self._lefts = (self.text, {})
        lefts = self._lefts[1]
        if turn not in lefts:
            after = self._validate(self.text + "  " + turn + self.newline).replayed
            assert after is not None
            p = next(p for p in after.table.players if p.name == player)
            if len(lefts) >= LEFTS:
                lefts.pop(next(iter(lefts)))
            lefts[turn] = {"taler": p.taler, "workers": p.workers}
        return lefts[turn]

    def stop(self) -> None:
        """Stop the search for the next line's turns: the book is let go."""
        if self._listing is not None:
            self._listing[1].stop()

    def _listing_now(self) -> Listing:
        """The turns of the next line, listed once a position (`Listing`); a listing
        of a position left behind is stopped."""
        if self._listing is not None:
            if self._listing[0] == self.text:
                return self._listing[1]
            self._listing[1].stop()
        game = self.game()
        if game.record is None or game.replayed is None or game.errors:
            raise BookError(409, _("the record has errors"))
        o = options_at(game.record, game.replayed.table.board, len(self.lines) + 1, game.lines)
        if o.kind != "turn" or o.turns is None or o.player is None:
            raise BookError(409, _("the next line is not a turn"))
        player = next(p for p in game.replayed.table.players if p.name == o.player)
        listing = Listing(o.player, o.turns, o.turns.printer(game.record), set(player.ships))
        self._listing = (self.text, listing)
        return listing

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
                game = self._validate(text)
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
