"""The library's `Game` and `Table`: a record read and replayed, with what a programmer
or a notebook asks of it beyond the referee's verdict.

`referee/validate.py` gives the verdict on one record as plain values (its `Game`);
the views and the moves are built on it.  The library hands out the same values with
three things more, which need those upper layers and so live above them here:

- `Game.moves(line)`: the legal choices on a line (`moves/point.py`);
- `Game._repr_html_`: in a Jupyter notebook, its summary, diagnostics, score and chart;
- `Table._repr_svg_`: in a notebook, the table as `state --format svg` draws it.

Each is imported when it is asked for, so reading a record costs no more for them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from nauticus_ref.referee import validate
from nauticus_ref.referee.result import TableView

if TYPE_CHECKING:
    from nauticus_ref.moves.point import Options


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Table(TableView):
    """The table at one point of a record, as the library hands it out."""

    def _repr_svg_(self) -> str:
        from nauticus_ref.views.state import state_json, state_svg, where

        return state_svg(state_json(self, where(self)))


@dataclasses.dataclass(frozen=True)
class Game(validate.Game):
    """One record, read and replayed (see `referee.validate.Game`)."""

    @classmethod
    def of(cls, checked: validate.Game) -> Game:
        """The library's game for the referee's verdict on a record."""
        return cls(**{f.name: getattr(checked, f.name) for f in dataclasses.fields(checked)})

    def table(self, line: int | None = None) -> Table:
        return _shown(super().table(line))

    def tables(self) -> list[TableView]:
        made: dict[int, Table] = {}  # a line with no move shares the table before it
        return [made.setdefault(id(t), _shown(t)) for t in super().tables()]

    def moves(self, line: int) -> Options:
        """The legal choices on `line`, from the table before it: the start player's
        phase lines or the turns of the player to move, and whether the written move is
        among them (`moves/point.py`; docs/api.md shows it)."""
        from nauticus_ref.moves.point import options_at

        record, board = self.record, self._replayed().table.board
        assert record is not None, f"{self.path} has syntax errors"
        return options_at(record, board, line, self.lines, self.off)

    def _repr_html_(self) -> str:
        """In a Jupyter notebook: the summary, the diagnostics, the score and its chart."""
        from nauticus_ref.views.score import notebook_html

        return notebook_html(self)


def _shown(table: TableView) -> Table:
    return Table(**{f.name: getattr(table, f.name) for f in dataclasses.fields(table)})
