"""Markdown for forum posts, safe with names that strangers chose.

A name is text, never markup: in a table cell `|` would end the cell and `<b>` would
reach the page as HTML, so both are escaped; a code block is fenced with more
backticks than the text holds, so no line of it can close the block.
"""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"[\\|*_`\[\]<>&]")
_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}


def text(value: object) -> str:
    """`value` as literal Markdown text, fit for a table cell or a bold title."""
    return _SPECIAL.sub(lambda m: _ENTITIES.get(m.group(), "\\" + m.group()), str(value))


def code_block(body: str) -> str:
    """`body` in a fenced code block that nothing inside it can close."""
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{body}\n{fence}"
