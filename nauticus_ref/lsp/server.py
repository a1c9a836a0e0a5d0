"""`nauticus-ref server`: the language server for NGN records, over stdio (pygls).

Diagnostics on open, on save and after edits (debounced); hover; completion; code
actions from the fixes the referee knows and formatting through `fmt`; go to the
placement that started a ship.  What a record says is worked out in `analysis.py`;
this module only speaks the protocol.

Columns: the referee counts characters (code points); the protocol counts in the
encoding the editor and pygls agreed on (UTF-16 unless the editor offers another).
Every position is converted on its way in and out, with the lines it refers to.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Sequence

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace.position_codec import PositionCodec

from nauticus_ref.core import language
from nauticus_ref.core.about import __version__
from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.lsp.analysis import Analysis, Workspace
from nauticus_ref.lsp.documents import Document, Documents
from nauticus_ref.lsp.protocol import Protocol

#: Seconds of quiet after an edit before the record is checked again.
DEBOUNCE = 0.25
SEVERITY = {
    "error": lsp.DiagnosticSeverity.Error,
    "warning": lsp.DiagnosticSeverity.Warning,
    "note": lsp.DiagnosticSeverity.Information,
}
KINDS = {
    "action": lsp.CompletionItemKind.Function,
    "item": lsp.CompletionItemKind.Value,
    "crest": lsp.CompletionItemKind.EnumMember,
    "ship": lsp.CompletionItemKind.Variable,
    "reward": lsp.CompletionItemKind.Value,
    "bonus": lsp.CompletionItemKind.EnumMember,
    "player": lsp.CompletionItemKind.Variable,
    "keyword": lsp.CompletionItemKind.Keyword,
    "turn": lsp.CompletionItemKind.Snippet,
}


def to_range(span: Span) -> lsp.Range:
    """A span as a range counted in characters (to be converted for the client)."""
    return lsp.Range(
        start=lsp.Position(line=span.line - 1, character=span.column - 1),
        end=lsp.Position(line=span.end_line - 1, character=span.end_column - 1),
    )


def _rules_page() -> str | None:
    """The rules' page as a URI: in the installed package (the wheel carries it), or
    docs/rules.md of the checkout the package runs from."""
    package = Path(__file__).resolve().parents[1]
    for page in (package / "rules.md", package.parent / "docs" / "rules.md"):
        if page.is_file():
            return page.as_uri()
    return None


class Server:
    """The protocol's side: documents in, diagnostics and answers out."""

    def __init__(self) -> None:
        self.ls = LanguageServer(
            "nauticus-ref",
            __version__,
            protocol_cls=Protocol,
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
        )
        self.workspace = Workspace(warn=self.log)
        self.documents = Documents()
        self.analyses: dict[str, Analysis] = {}
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.rules_page = _rules_page()
        self.shut_down = False  # `shutdown` asked for: `exit` then exits 0
        self._register()

    # -- positions: characters here, the agreed encoding's units for the client ----------
    def out(self, lines: Sequence[str], span: Span) -> lsp.Range:
        return self.ls.workspace.position_codec.range_to_client_units(lines, to_range(span))

    @property
    def codec(self) -> PositionCodec:
        return self.ls.workspace.position_codec

    def inward(self, doc: Document, position: lsp.Position) -> tuple[int, int]:
        return doc.position(position, self.codec)

    def log(self, message: str) -> None:
        self.ls.window_log_message(
            lsp.LogMessageParams(type=lsp.MessageType.Warning, message=message)
        )

    # -- checking -------------------------------------------------------------------------
    def check(self, uri: str) -> Analysis | None:
        """Check the open document now and publish what was found; never raises."""
        doc = self.documents.get(uri)
        if doc is None:
            return None
        try:
            path = to_fs_path(uri) or uri
            analysis = self.workspace.check(path, doc.text)
        except Exception as e:  # a bug of ours must not take the editor's server down
            self.log(f"nauticus-ref: could not check {uri}: {type(e).__name__}: {e}")
            return None
        self.analyses[uri] = analysis
        self.ls.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(
                uri=uri, version=doc.version, diagnostics=self.diagnostics(uri, analysis)
            )
        )
        return analysis

    def diagnostics(self, uri: str, analysis: Analysis) -> list[lsp.Diagnostic]:
        out = [self._diagnostic(uri, analysis, d) for d in analysis.diagnostics()]
        if analysis.board_problem:
            out.insert(
                0,
                lsp.Diagnostic(
                    range=lsp.Range(
                        start=lsp.Position(line=0, character=0),
                        end=lsp.Position(line=0, character=0),
                    ),
                    message=f"{analysis.board_problem}; checked on the standard board",
                    severity=lsp.DiagnosticSeverity.Warning,
                    source="nauticus-ref",
                    code="board",
                ),
            )
        return out

    def _diagnostic(self, uri: str, analysis: Analysis, d: Diagnostic) -> lsp.Diagnostic:
        where = self.out(analysis.game.lines, d.span)
        return lsp.Diagnostic(
            range=where,
            message=d.message,
            severity=SEVERITY[d.severity],
            code=d.rule,
            source="nauticus-ref",
            code_description=lsp.CodeDescription(href=f"{self.rules_page}#{d.rule}")
            if self.rules_page
            else None,
            related_information=[
                lsp.DiagnosticRelatedInformation(
                    location=lsp.Location(uri=uri, range=where), message=f"help: {d.help}"
                )
            ]
            if d.help
            else None,
        )

    async def check_later(self, uri: str) -> None:
        await asyncio.sleep(DEBOUNCE)
        self.pending.pop(uri, None)
        self.check(uri)

    def edited(self, uri: str) -> None:
        """An edit: check once the typing pauses (a newer edit restarts the wait)."""
        if uri in self.pending:
            self.pending.pop(uri).cancel()
        self.pending[uri] = asyncio.get_running_loop().create_task(self.check_later(uri))

    def current(self, uri: str) -> Analysis | None:
        """The analysis of the document as it is now (checked at once if an edit waits)."""
        if uri in self.pending:
            self.pending.pop(uri).cancel()
            return self.check(uri)
        return self.analyses.get(uri) or self.check(uri)

    def format_lines(self, doc: Document, wanted: lsp.Range) -> list[lsp.TextEdit] | None:
        """Range formatting: the lines the range touches, in canonical form (a range that
        ends at the start of a line leaves that line alone); nothing for a record with
        syntax errors."""
        from nauticus_ref.notation.assemble import parse_text
        from nauticus_ref.notation.fmt import formatted_lines

        parsed = parse_text(doc.text)
        if parsed.record is None:
            return None
        first, last = wanted.start.line, wanted.end.line
        if last > first and wanted.end.character == 0:
            last -= 1
        return _range_edits(doc, first, last, formatted_lines(parsed), self.codec) or None

    # -- the protocol ---------------------------------------------------------------------
    def _register(self) -> None:
        ls = self.ls

        @ls.feature(lsp.INITIALIZE)
        def initialize(params: lsp.InitializeParams) -> None:
            # the editor's language (its `locale`), unless NAUTICUS_REF_LANG says another
            said = language.known(os.environ.get(language.ENV))
            language.use(said or language.known(params.locale) or language.choose())

        @ls.feature(lsp.SHUTDOWN)
        def shutdown(params: None) -> None:
            self.shut_down = True

        @ls.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
        def did_open(params: lsp.DidOpenTextDocumentParams) -> None:
            self.documents.opened(params.text_document)
            self.check(params.text_document.uri)

        @ls.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
        async def did_change(params: lsp.DidChangeTextDocumentParams) -> None:
            self.documents.changed(params, self.codec)
            self.edited(params.text_document.uri)

        @ls.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
        def did_save(params: lsp.DidSaveTextDocumentParams) -> None:
            self.current(params.text_document.uri)

        @ls.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
        def did_close(params: lsp.DidCloseTextDocumentParams) -> None:
            uri = params.text_document.uri
            if uri in self.pending:
                self.pending.pop(uri).cancel()
            self.analyses.pop(uri, None)
            self.documents.closed(uri)
            self.workspace.forget(to_fs_path(uri) or uri)
            ls.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )

        @ls.feature(lsp.TEXT_DOCUMENT_HOVER)
        def hover(params: lsp.HoverParams) -> lsp.Hover | None:
            uri = params.text_document.uri
            doc, analysis = self.documents.get(uri), self.current(uri)
            text = analysis.hover(*self.inward(doc, params.position)) if analysis and doc else None
            if text is None:
                return None
            return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

        @ls.feature(
            lsp.TEXT_DOCUMENT_COMPLETION,
            lsp.CompletionOptions(trigger_characters=[" ", ">", "[", ","]),
        )
        def completion(params: lsp.CompletionParams) -> lsp.CompletionList:
            uri = params.text_document.uri
            doc, analysis = self.documents.get(uri), self.current(uri)
            found = (
                analysis.complete(*self.inward(doc, params.position)) if analysis and doc else []
            )
            return lsp.CompletionList(
                is_incomplete=False,
                items=[
                    lsp.CompletionItem(
                        label=c.label, kind=KINDS.get(c.kind), detail=c.detail or c.kind
                    )
                    for c in found
                ],
            )

        @ls.feature(lsp.TEXT_DOCUMENT_DEFINITION)
        def definition(params: lsp.DefinitionParams) -> lsp.Location | None:
            uri = params.text_document.uri
            doc, analysis = self.documents.get(uri), self.current(uri)
            span = (
                analysis.definition(*self.inward(doc, params.position))
                if analysis and doc
                else None
            )
            return (
                lsp.Location(uri=uri, range=self.out(analysis.game.lines, span))
                if analysis and span
                else None
            )

        @ls.feature(
            lsp.TEXT_DOCUMENT_CODE_ACTION,
            lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]),
        )
        def code_action(params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
            uri = params.text_document.uri
            analysis = self.current(uri)
            if analysis is None:
                return []
            wanted, lines = params.range, analysis.game.lines
            out = []
            for d in _mended(analysis, range(wanted.start.line + 1, wanted.end.line + 2)):
                if not d.fixes or not _overlaps(self.out(lines, d.span), wanted):
                    continue
                for fix in d.fixes:
                    edits = [
                        lsp.TextEdit(range=self.out(lines, e.span), new_text=e.text)
                        for e in fix.edits
                    ]
                    out.append(
                        lsp.CodeAction(
                            title=f"{fix.title} ({d.rule})",
                            kind=lsp.CodeActionKind.QuickFix,
                            diagnostics=[self._diagnostic(uri, analysis, d)],
                            is_preferred=len(d.fixes) == 1,
                            edit=lsp.WorkspaceEdit(changes={uri: edits}),
                        )
                    )
            return out

        @ls.feature(lsp.TEXT_DOCUMENT_FORMATTING)
        def formatting(params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
            from nauticus_ref.notation.fmt import format_text

            doc = self.documents.get(params.text_document.uri)
            if doc is None:
                return None
            formatted = format_text(doc.text).text
            if formatted is None or formatted == doc.text:
                return None  # a record with syntax errors is never formatted from a guess
            end = len(doc.lines)
            return [
                lsp.TextEdit(
                    range=lsp.Range(
                        start=lsp.Position(line=0, character=0),
                        end=lsp.Position(line=end, character=0),
                    ),
                    new_text=formatted,
                )
            ]

        @ls.feature(lsp.TEXT_DOCUMENT_RANGE_FORMATTING)
        def range_formatting(
            params: lsp.DocumentRangeFormattingParams,
        ) -> list[lsp.TextEdit] | None:
            doc = self.documents.get(params.text_document.uri)
            return self.format_lines(doc, params.range) if doc is not None else None


def _range_edits(
    doc: Document, first: int, last: int, formatted: list[str | None], codec: PositionCodec
) -> list[lsp.TextEdit]:
    """Edits that give lines `first`..`last` of `doc` their canonical text (`formatted`,
    None: the line goes), each line keeping its own line break."""
    edits = []
    for i in range(first, min(last, len(doc.lines) - 1, len(formatted) - 1) + 1):
        old = doc.lines[i].rstrip("\r\n")
        new = formatted[i]
        if new is None:
            edits.append(
                lsp.TextEdit(
                    range=lsp.Range(
                        start=lsp.Position(line=i, character=0),
                        end=lsp.Position(line=i + 1, character=0),
                    ),
                    new_text="",
                )
            )
        elif new != old:
            end = codec.position_to_client_units(
                doc.lines, lsp.Position(line=i, character=len(old))
            )
            edits.append(
                lsp.TextEdit(
                    range=lsp.Range(start=lsp.Position(line=i, character=0), end=end), new_text=new
                )
            )
    return edits


def _mended(analysis: Analysis, lines: range) -> list[Diagnostic]:
    """The diagnostics, those on `lines` (1-based) with the nearest legal turn as a fix:
    worked out when the editor asks for the actions there, not on every change."""
    from nauticus_ref.moves.mend import mend

    return mend(analysis.game, lines)


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    def key(p: lsp.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def serve() -> None:
    """Run the server on standard input and output until the editor stops it; exit 0
    after `shutdown` then `exit`, 1 when it ends without `shutdown` (as the protocol
    says: pygls itself swallows the status)."""
    import sys

    server = Server()
    server.ls.start_io()
    sys.exit(0 if server.shut_down else 1)
