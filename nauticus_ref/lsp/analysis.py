"""What the language server knows of one open record, in plain Python (no LSP types).

`Workspace.check(path, text)` reads and replays the text as `validate` would (the
record's board, the settings file nearest its folder) and gives an `Analysis`:
the diagnostics, and the answers to hover, completion and go-to-definition at a
place.  Lines and columns here are 0-based, as the protocol counts them, in
characters (server.py converts them to and from the editor's UTF-16 units).

Speed: each document keeps a memo of what lark made of every line it has seen, so
an edit parses only the lines it changed, and of its last replay, so that the next
one starts at the last phase before the edit (referee/resume.py); the assembly runs
whole (benchmarks/server.py measures a recheck).
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.language import _
from nauticus_ref.core.span import Span
from nauticus_ref.game.board import BoardError, resolve
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import ActionClause, Phase, Record, Turn
from nauticus_ref.notation.vocab import quoted
from nauticus_ref.referee.result import PlayerView, TableView
from nauticus_ref.referee.validate import Game, Memo, validate_source
from nauticus_ref.settings.finder import Checking, Finder
from nauticus_ref.views import markdown as md

#: A word under the cursor: a quoted name whole, or a run of word characters.
WORD = re.compile(r'"[^"]*"|[\w+-]+')
#: A player's name as a line writes it: a plain word or a double-quoted string.
NAME = r'(?:"[^"]*"|[\w-]+)'


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str  # "action", "item", "crest", "ship", "reward", "bonus", "player", "keyword"
    detail: str = ""


#: Whole turns offered at most on an empty turn line, and the seconds spent finding them.
MAX_TURNS = 40
TURN_SECONDS = 0.2


@dataclass
class Memory:
    """What the server keeps of one document between edits."""

    memo: Memo = field(default_factory=Memo)  # each line's parse, the last replay
    last_good: "Analysis | None" = None  # the last version that parsed, for completion


class Workspace:
    """The open documents' memories, and the settings files found for them."""

    def __init__(self, warn: Callable[[str], None]):
        self.warn = warn
        self.finder = Finder(None, False, warn)
        self.memory: dict[str, Memory] = {}
        self.settings_seen: dict[str, object] = {}  # folder -> its settings files' stamps

    def _fresh_settings(self, path: str) -> None:
        """Read the settings anew when a settings file above `path` appeared, changed or
        went since the last check (a stat of each candidate: cheap beside a check)."""
        from nauticus_ref.core.writing import stamp
        from nauticus_ref.settings.finder import OWN_FILE, PYPROJECT

        folder = os.path.dirname(os.path.abspath(path))
        chain, here = [], folder
        while True:
            chain += [stamp(os.path.join(here, OWN_FILE)), stamp(os.path.join(here, PYPROJECT))]
            parent = os.path.dirname(here)
            if parent == here:
                break
            here = parent
        now = tuple(chain)
        if self.settings_seen.get(folder, now) != now:
            self.finder = Finder(None, False, self.warn)
            self.settings_seen.clear()
        self.settings_seen[folder] = now

    def forget(self, path: str) -> None:
        self.memory.pop(path, None)

    def check(self, path: str, text: str) -> "Analysis":
        """Read and replay `text`, the document at `path`, as `validate` would."""
        from nauticus_ref.core.files import Source
        from nauticus_ref.settings.finder import ConfigError

        memory = self.memory.setdefault(path, Memory())
        self._fresh_settings(path)
        try:
            checking = self.finder.for_record(Path(path)).checking(Path(path), None)
        except ConfigError:  # a broken settings file: check as if there were none
            checking = Checking()
        source, problem = Source(path, text), None
        try:
            game = validate_source(
                source, checking.board, memory.memo, steps=False, off=checking.not_asked
            )
        except BoardError as e:  # the record's board cannot be used: say so, go on
            game = validate_source(
                source, resolve(None), memory.memo, steps=False, off=checking.not_asked
            )
            problem = str(e)
        game = replace(game, diagnostics=checking.apply(game.diagnostics))
        analysis = Analysis(game, problem)
        if game.record is not None:
            memory.last_good = analysis
        analysis.previous = memory.last_good
        return analysis


class Analysis:
    """One version of a document, read and replayed."""

    def __init__(self, game: Game, board_problem: str | None = None):
        self.game = game
        self.board_problem = board_problem  # the record's board could not be used
        self.previous: Analysis | None = None
        self._tables: list[TableView] | None = None

    @property
    def record(self) -> Record | None:
        return self.game.record

    def tables(self) -> list[TableView]:
        if self._tables is None:
            self._tables = self.game.tables() if self.game.replayed is not None else []
        return self._tables

    def table_after(self, line: int) -> TableView | None:
        """The table after 1-based `line` (a turn or phase line is never line 1: the
        `players:` line comes first)."""
        tables = self.tables()
        return tables[min(line, len(tables)) - 1] if tables and line >= 1 else None

    # -- what stands on a line ------------------------------------------------------------
    def node_at(self, line: int) -> Phase | Turn | None:
        """The phase or turn written on 1-based `line`."""
        if self.record is None:
            return None
        for rnd in self.record.rounds:
            for phase in rnd.phases:
                if phase.span.line == line:
                    return phase
                for entry in phase.entries:
                    if isinstance(entry, Turn) and entry.span.line == line:
                        return entry
        return None

    def word_at(self, line: int, char: int) -> tuple[str, int, int] | None:
        """The word under 0-based (`line`, `char`): its text, start and end."""
        lines = self.game.lines
        if not 0 <= line < len(lines):
            return None
        for m in WORD.finditer(lines[line]):
            if m.start() <= char <= m.end():
                return m.group(), m.start(), m.end()
        return None

    # -- hover ----------------------------------------------------------------------------
    def hover(self, line: int, char: int) -> str | None:
        """Markdown for the place: a rule id's summary, a turn's before and after, a
        phase's space."""
        from nauticus_ref.rules import BY_ID

        word = self.word_at(line, char)
        if word is not None and word[0] in BY_ID:
            rule = BY_ID[word[0]]
            written = _("Written in: {citation}").format(citation=rule.citation)
            return f"**{rule.id}**: {rule.title}\n\n{rule.summary}\n\n{written}"
        node = self.node_at(line + 1)
        if isinstance(node, Turn):
            return self._turn_hover(node)
        if isinstance(node, Phase):
            return self._phase_hover(node)
        return None

    def _turn_hover(self, turn: Turn) -> str | None:
        before, after = self.table_after(turn.span.line - 1), self.table_after(turn.span.line)
        if before is None or after is None:
            return None
        key = turn.player.key
        if key not in before.by_key or key not in after.by_key:
            return None
        rows = ["| | before | after |", "|---|---|---|"] + [
            f"| {what} | {value(before.by_key[key], before)} | {value(after.by_key[key], after)} |"
            for what, value in _PLAYER_ROWS
        ]
        name = md.text(after.by_key[key].name)  # a name from a record: shown as text
        return f"**{name}**, line {turn.span.line}\n\n" + "\n".join(rows)

    def _phase_hover(self, phase: Phase) -> str | None:
        table = self.table_after(phase.span.line)
        if table is None or len(table.deal) != 8 or phase.action not in table.deal:
            return None
        from nauticus_ref.views.card import card_spaces

        space = next(
            s
            for s in card_spaces(table.board, table.deal, table.anchor, (), table.word)
            if s["action"] == phase.action
        )
        prices = ", ".join(f"{k} {v}t" for k, v in space.get("prices", {}).items())
        return (
            f"**{phase.action}** lies on the **{space['space']}** space: bonus "
            f"{space['space']}, {space['blue_workers']} blue worker"
            f"{'s' if space['blue_workers'] != 1 else ''}"
            + (f"\n\nprices: {prices}" if prices else "")
        )

    # -- completion -----------------------------------------------------------------------
    def complete(self, line: int, char: int) -> list[Completion]:
        """What may be written at 0-based (`line`, `char`), from the text before it and
        the last version of the record that parsed."""
        lines = self.game.lines
        if not 0 <= line < len(lines):
            return []
        before = lines[line][:char]
        known = self if self.record is not None else self.previous
        record = known.record if known is not None else None
        players = [p.text for p in record.header.players] if record else []
        crests = list(record.crest_words) if record else list(vocab.DEFAULT_CRESTS)
        stripped = before.lstrip()
        if re.match(r"round\s+\d+\s*:", stripped):
            return [Completion(a, "action") for a in vocab.ACTIONS]
        phase = re.match(rf"\d+\.\s+{NAME}\s+(\w*)$", stripped)
        if phase:
            return [Completion(a, "action") for a in vocab.ACTIONS]
        bonus = re.match(rf"\d+\.\s+{NAME}\s+(\w+)\s+bonus\s+\w*$", stripped)
        if bonus:
            return self._bonus_choices(known, line + 1, bonus.group(1), crests)
        if "[" in before and "]" not in before[before.rindex("[") :]:
            return [Completion(r, "reward") for r in vocab.REWARDS]
        turn = re.match(rf"({NAME})\s*:", stripped)
        if turn and before.startswith((" ", "\t")):
            if re.search(r">\s*(new\s+)?(\w*|\"[^\"]*)$", before):
                if re.search(r">\s*new\s+(\w*|\"[^\"]*)$", before):
                    return []
                ships = self._ships(known, turn.group(1).strip('"'))
                return [
                    Completion("store", "keyword", _("the player's storage")),
                    Completion("new ", "keyword", _("start a ship")),
                ] + [Completion(quoted(s), "ship") for s in ships]
            return self._items(crests)
        if before and not stripped:  # an indented empty line: a turn begins
            return self._turns(known, line + 1) + [
                Completion(f"{quoted(p)}: ", "player") for p in players
            ]
        return []

    @staticmethod
    def _turns(known: "Analysis | None", line: int) -> list[Completion]:
        """Whole legal turns for the player to move on `line`: pass first, then the
        phase's action from the cheapest (the Extra Action's, which are many, left out);
        as many as `TURN_SECONDS` finds, `MAX_TURNS` at most."""
        game = known.game if known is not None else None
        if game is None or game.record is None or game.replayed is None:
            return []
        from nauticus_ref.moves.point import options_at
        from nauticus_ref.moves.purse import OutOfTime

        options = options_at(game.record, game.replayed.table.board, line, game.lines, game.off)
        if options.turns is None:
            return []
        deadline = time.monotonic() + TURN_SECONDS
        found = []
        with options.turns.until(deadline):
            try:
                for n, option in enumerate(options.turns.plain()):
                    found.append(option)
                    if n % 64 == 63 and time.monotonic() > deadline:
                        break
            except OutOfTime:  # a search that found nothing for long
                pass
        found.sort(key=lambda o: (o.group != "pass", o.taler, o.workers))
        printer = options.turns.printer(game.record)
        return [
            Completion(
                printer.turn(o.turn),
                "turn",
                f"{o.taler} taler, {o.workers} worker{'s' if o.workers != 1 else ''}",
            )
            for o in found[:MAX_TURNS]
        ]

    @staticmethod
    def _items(crests: list[str]) -> list[Completion]:
        out = [Completion(h, "item", _("hull part")) for h in vocab.HULLS]
        out += [Completion(g, "item", "good") for g in vocab.GOODS]
        for kind in ("mast", "sail"):
            out += [Completion(f"{c} {kind}", "crest") for c in crests + ["crown"]]
        return out + [Completion("pass", "keyword")]

    @staticmethod
    def _ships(known: "Analysis | None", player: str) -> list[str]:
        table = known.game.replayed.table if known and known.game.replayed else None
        if table is None:
            return []
        p = table.by_key.get(player.casefold())
        return [s.name for s in p.ships.values()] if p else []

    @staticmethod
    def _bonus_choices(
        known: "Analysis | None", line: int, action: str, crests: list[str]
    ) -> list[Completion]:
        """The choices the space under `action` gives in the round the cursor is in."""
        kind = None
        if known is not None and known.record is not None:
            rounds = [r for r in known.record.rounds if r.span.line < line]
            table = known.table_after(rounds[-1].span.line) if rounds else None
            if table is not None and action in table.deal:
                kind = table.board.bonuses[table.deal.index(action)]
        if kind in ("mast", "sail"):
            return [Completion(c, "bonus", f"{c} {kind}") for c in crests]
        if kind == "w+good":
            return [Completion(g, "bonus", _("a worker and this good")) for g in vocab.GOODS]
        if kind is not None:
            return [Completion(kind, "bonus", _("the space's bonus, as a claim"))]
        return [Completion(c, "bonus") for c in crests] + [
            Completion(g, "bonus") for g in vocab.GOODS
        ]

    # -- go to definition -----------------------------------------------------------------
    def definition(self, line: int, char: int) -> Span | None:
        """Where the ship under the cursor was started: its `>new NAME` placement, or its
        line in the `setup:` block."""
        word = self.word_at(line, char)
        node = self.node_at(line + 1)
        if word is None or self.record is None:
            return None
        key = word[0].strip('"').casefold()
        owner = node.player.key if isinstance(node, Turn) else None
        if self.record.setup is not None:
            for tiles in self.record.setup.tiles:
                if (
                    tiles.ship is not None
                    and tiles.ship.key == key
                    and owner in (None, tiles.player.key)
                ):
                    return tiles.ship.span
        for rnd in self.record.rounds:
            for phase in rnd.phases:
                for turn in phase.turns:
                    if owner is not None and turn.player.key != owner:
                        continue
                    for clause in turn.clauses:
                        if not isinstance(clause, ActionClause):
                            continue
                        for pl in clause.placements:
                            ship = pl.dest.ship
                            if pl.dest.kind == "new" and ship and ship.key == key:
                                return ship.span
        return None

    def diagnostics(self) -> list[Diagnostic]:
        return self.game.diagnostics


def _storage(p: PlayerView, table: TableView) -> str:
    return (
        ", ".join(
            f"{n} {table.tile(t)}" if n > 1 else table.tile(t)
            for t, n in sorted(p.storage.items())
            if n
        )
        or "empty"
    )


_PLAYER_ROWS: list[tuple[str, Callable[[PlayerView, TableView], str]]] = [
    ("taler", lambda p, t: str(p.taler)),
    ("workers", lambda p, t: str(p.workers)),
    ("VP", lambda p, t: str(p.vp)),
    ("storage", lambda p, t: f"{p.storage_used}/12: {_storage(p, t)}"),
]
