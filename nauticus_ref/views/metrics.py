"""How wide a text is in the pictures' font, so that boxes grow to fit and labels never
clip or overlap.

The pictures name DejaVu Sans first (`svg.FONT`); its advance widths are read from the
font by `scripts/regenerate.py` into `_metrics.py`.  A character the table lacks counts
as the font's widest, so a text is never measured short.
"""

from __future__ import annotations

from nauticus_ref.views import _metrics


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` at `size` px, in px."""
    table = _metrics.BOLD if bold else _metrics.REGULAR
    widest = _metrics.BOLD_WIDEST if bold else _metrics.REGULAR_WIDEST
    return sum(table.get(ch, widest) for ch in text) * size / _metrics.UNITS_PER_EM
