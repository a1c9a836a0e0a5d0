"""The open documents, as the editor has them: the server's own copy of each one's text.

The protocol breaks lines at `\\n`, `\\r\\n` and `\\r` only.  pygls keeps documents too,
but counts lines with Python's `splitlines`, which also breaks at U+2028, U+2029, form
feed, vertical tab, `\\x1c`-`\\x1e` and `\\x85`: with one of those in a comment, every
edit below it would land on the wrong line.  So the server keeps its own copy, counted
as the protocol counts, and answers only for documents the editor opened (a request
about any other file is never answered by reading the disk).
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp
from pygls.workspace.position_codec import PositionCodec

#: The line breaks of the protocol (and of the notation: `assemble.split_lines`).
_BREAK = re.compile(r"\r\n|\r|\n")


def protocol_lines(text: str) -> list[str]:
    """`text` split where the protocol breaks lines, each line keeping its break; a text
    that ends with a break has no empty last line (as `str.splitlines(True)`)."""
    out: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        out.append(text[start : m.end()])
        start = m.end()
    if start < len(text):
        out.append(text[start:])
    return out


class Document:
    """One open document: its text and version, and its lines as the protocol counts."""

    def __init__(self, uri: str, text: str, version: int | None):
        self.uri, self.version = uri, version
        self.text = text
        self.lines = protocol_lines(text)

    def offset(self, line: int, character: int) -> int:
        """Where (`line`, `character`), counted in characters, stands in the text; past the
        end of a line or of the text, its end (as the protocol asks)."""
        if line >= len(self.lines):
            return len(self.text)
        content = len(self.lines[line].rstrip("\r\n"))  # a line holds no break but its own
        return sum(len(ln) for ln in self.lines[:line]) + min(character, content)

    def position(self, position: lsp.Position, codec: PositionCodec) -> tuple[int, int]:
        """A position in the client's units (`codec.encoding`) as (line, character) in
        characters, a character past the end of its line taken as the end.  (pygls's own
        conversion takes such a position one character short on a last line that has no
        line break: completion at the end of a record would look one character back.)"""
        if position.line >= len(self.lines):
            return len(self.lines), 0
        content = self.lines[position.line].rstrip("\r\n")
        encoding = str(getattr(codec.encoding, "value", codec.encoding))
        units = chars = 0
        for c in content:
            if units >= position.character:
                break
            units += (
                len(c.encode("utf-8"))
                if encoding == "utf-8"
                else 2
                if encoding == "utf-16" and ord(c) > 0xFFFF
                else 1
            )
            chars += 1
        return position.line, chars

    def _offset_of(self, position: lsp.Position, codec: PositionCodec) -> int:
        """Where a position in the client's units stands in the text."""
        return self.offset(*self.position(position, codec))

    def apply(self, change: lsp.TextDocumentContentChangeEvent, codec: PositionCodec) -> None:
        """One change from the editor: a range replaced, or the whole text."""
        if isinstance(change, lsp.TextDocumentContentChangePartial):
            start = self._offset_of(change.range.start, codec)
            end = max(start, self._offset_of(change.range.end, codec))
            text = self.text[:start] + change.text + self.text[end:]
        else:
            text = change.text
        self.text = text
        self.lines = protocol_lines(text)


class Documents:
    """Every open document, by URI."""

    def __init__(self) -> None:
        self.open: dict[str, Document] = {}

    def opened(self, item: lsp.TextDocumentItem) -> Document:
        doc = self.open[item.uri] = Document(item.uri, item.text, item.version)
        return doc

    def changed(self, params: lsp.DidChangeTextDocumentParams, codec: PositionCodec) -> None:
        doc = self.open.get(params.text_document.uri)
        if doc is None:  # a change to a document never opened: nothing to apply it to
            return
        for change in params.content_changes:
            doc.apply(change, codec)
        doc.version = params.text_document.version

    def closed(self, uri: str) -> None:
        self.open.pop(uri, None)

    def get(self, uri: str) -> Document | None:
        return self.open.get(uri)
