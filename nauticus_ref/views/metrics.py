"""How wide a text is in the pictures' font, so that boxes grow to fit and labels never
clip or overlap.

The pictures name DejaVu Sans first (`svg.FONT`); its advance widths are read from the
font by `scripts/regenerate.py` into `_metrics.py`.  A character the table lacks counts
as the font's widest, so a text is never measured short.
"""

from __future__ import annotations

import re

from nauticus_ref.views import _metrics


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` at `size` px, in px."""
    table = _metrics.BOLD if bold else _metrics.REGULAR
    widest = _metrics.BOLD_WIDEST if bold else _metrics.REGULAR_WIDEST
    return sum(table.get(ch, widest) for ch in text) * size / _metrics.UNITS_PER_EM


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `width` px: broken after a space or a `/` (a path),
    and a piece wider than a line broken anywhere."""
    lines: list[str] = []
    line = ""
    for piece in re.findall(r"[^ /]*[ /]?", text):
        while text_width(line + piece, size, bold) > width:
            if line:
                lines.append(line.rstrip())
                line = ""
                continue
            cut = max(
                1,
                next(
                    (
                        n
                        for n in range(len(piece), 0, -1)
                        if text_width(piece[:n], size, bold) <= width
                    ),
                    1,
                ),
            )
            lines.append(piece[:cut])
            piece = piece[cut:]
        line += piece
    return lines + [line.rstrip()] if line.strip() or not lines else lines
