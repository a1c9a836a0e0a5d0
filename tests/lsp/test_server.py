"""The language server, driven through the protocol as an editor drives it (pytest-lsp
starts `nauticus-ref server` as a process and speaks LSP to it over stdio)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from helpers import EXAMPLES
from lsprotocol import types as lsp
from pygls.workspace.position_codec import PositionCodec
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

GAME = EXAMPLES / "game-2p.ngn"
SERVER = [sys.executable, "-m", "nauticus_ref.cli", "server"]


async def initialized(lsp_client: LanguageClient, locale: str | None = None) -> None:
    """The session VS Code opens, in the editor's `locale` if one is given."""
    await lsp_client.initialize_session(
        lsp.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=EXAMPLES.as_uri(),
            locale=locale,
        )
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    await initialized(lsp_client)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def german_client(lsp_client: LanguageClient):
    await initialized(lsp_client, "de-DE")
    yield
    await lsp_client.shutdown_session()


def open_doc(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(
                uri=uri,
                language_id="ngn",
                version=1,
                text=path.read_text(encoding="utf-8") if text is None else text,
            )
        )
    )
    return uri


async def diagnostics(client: LanguageClient, uri: str) -> list[lsp.Diagnostic]:
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


def edit(
    client: LanguageClient, uri: str, version: int, line: int, start: int, end: int, text: str
) -> None:
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                lsp.TextDocumentContentChangePartial(
                    range=lsp.Range(
                        start=lsp.Position(line=line, character=start),
                        end=lsp.Position(line=line, character=end),
                    ),
                    text=text,
                )
            ],
        )
    )


@pytest.mark.asyncio
async def test_diagnostics_on_open_and_after_an_edit(client: LanguageClient):
    uri = open_doc(client, GAME)
    assert [
        d for d in await diagnostics(client, uri) if d.severity == lsp.DiagnosticSeverity.Error
    ] == []
    lines = GAME.read_text(encoding="utf-8").splitlines()
    # make a claim wrong (`= 6t` becomes `= 96t`): the referee says so at that place,
    # with the rule as the code and its help as related information
    target = next(i for i, ln in enumerate(lines) if "= 6t" in ln)
    col = lines[target].index("= 6t") + 2
    edit(client, uri, 2, target, col, col, "9")
    found = await diagnostics(client, uri)
    claim = [d for d in found if d.code == "claim"]
    assert claim and claim[0].range.start.line == target
    assert claim[0].severity == lsp.DiagnosticSeverity.Error
    assert claim[0].related_information[0].message.startswith("help: ")
    assert claim[0].code_description.href.endswith("rules.md#claim")
    assert "not 96t" in claim[0].message
    edit(client, uri, 3, target, col, col + 1, "")  # and mended again: the error goes
    assert not [d for d in await diagnostics(client, uri) if d.code == "claim"]


@pytest.mark.asyncio
async def test_a_quick_fix_mends_the_claim(client: LanguageClient):
    path = EXAMPLES / "invalid" / "claim.ngn"
    uri = open_doc(client, path)
    found = [d for d in await diagnostics(client, uri) if d.code == "claim"]
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=found[0].range,
            context=lsp.CodeActionContext(diagnostics=found),
        )
    )
    assert [a.title for a in actions] == ["write `= 4t` (claim)"]
    (change,) = actions[0].edit.changes[uri]
    line = path.read_text(encoding="utf-8").splitlines()[change.range.start.line]
    mended = (
        line[: change.range.start.character] + change.new_text + line[change.range.end.character :]
    )
    assert mended.strip() == "Anna: 2w = 4t"


@pytest.mark.asyncio
async def test_hover_shows_a_turn_before_and_after_and_a_phase_space(client: LanguageClient):
    uri = open_doc(client, GAME)
    await diagnostics(client, uri)
    lines = GAME.read_text(encoding="utf-8").splitlines()
    turn = next(i for i, ln in enumerate(lines) if ln.startswith("  Anna:"))
    hover = await client.text_document_hover_async(
        lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=turn, character=3),
        )
    )
    text = hover.contents.value
    assert text.startswith("**Anna**") and "| taler |" in text and "| storage |" in text
    phase = next(i for i, ln in enumerate(lines) if ln[:2] == "1.")
    hover = await client.text_document_hover_async(
        lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=phase, character=1),
        )
    )
    assert "space: bonus" in hover.contents.value and "blue worker" in hover.contents.value


@pytest.mark.asyncio
async def test_completion_offers_what_fits_the_place(client: LanguageClient):
    text = GAME.read_text(encoding="utf-8")
    uri = open_doc(client, GAME)
    await diagnostics(client, uri)
    lines = text.splitlines()
    last = len(lines)
    edit(client, uri, 2, last, 0, 0, "  Anna: bow >")

    async def labels(character: int) -> list[str]:
        got = await client.text_document_completion_async(
            lsp.CompletionParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri),
                position=lsp.Position(line=last, character=character),
            )
        )
        return [i.label for i in got.items]

    after_gt = await labels(len("  Anna: bow >"))
    assert "store" in after_gt and "new " in after_gt and "A" in after_gt  # Anna's ship A
    assert "coffee" in await labels(len("  Anna: "))
    assert "whale mast" in await labels(len("  Anna: "))


@pytest.mark.asyncio
async def test_go_to_the_placement_that_started_a_ship(client: LanguageClient):
    uri = open_doc(client, GAME)
    await diagnostics(client, uri)
    lines = GAME.read_text(encoding="utf-8").splitlines()
    started = next(i for i, ln in enumerate(lines) if ">new A" in ln)
    later = next(
        i for i, ln in enumerate(lines) if i > started and ln.startswith("  Anna") and " >A" in ln
    )
    where = await client.text_document_definition_async(
        lsp.DefinitionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=later, character=lines[later].index(" >A") + 2),
        )
    )
    assert where.range.start.line == started
    assert lines[started][where.range.start.character : where.range.end.character] == "A"


@pytest.mark.asyncio
async def test_formatting_goes_through_fmt(client: LanguageClient):
    messy = "players:Anna ,Ben\n"
    uri = open_doc(client, EXAMPLES / "untitled.ngn", messy)
    await diagnostics(client, uri)
    edits = await client.text_document_formatting_async(
        lsp.DocumentFormattingParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            options=lsp.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert edits[0].new_text == "players: Anna, Ben\n"


@pytest.mark.asyncio
async def test_malformed_and_huge_documents_do_not_take_the_server_down(client: LanguageClient):
    uri = open_doc(client, EXAMPLES / "bad.ngn", "\x00\ufeffround ]]] [[[ >>> \udcff\n" * 50)
    assert any(d.code == "syntax" for d in await diagnostics(client, uri))
    huge = open_doc(
        client, EXAMPLES / "huge.ngn", "players: Anna, Ben\n" + "check Anna: 1t\n" * 60_000
    )
    assert await diagnostics(client, huge) is not None
    # still answering
    uri = open_doc(client, GAME)
    assert [
        d for d in await diagnostics(client, uri) if d.severity == lsp.DiagnosticSeverity.Error
    ] == []


def test_the_server_command_says_how_to_install_what_it_needs(monkeypatch):
    """Without the [server] extra the command says which extra to install."""
    from click.testing import CliRunner

    from nauticus_ref.cli import main

    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.setitem(sys.modules, "pygls.lsp.server", None)
    monkeypatch.delitem(sys.modules, "nauticus_ref.lsp.server", raising=False)
    result = CliRunner().invoke(main, ["server"])
    assert result.exit_code == 2
    assert "pip install 'nauticus-ref[server]'" in result.output


@pytest.mark.asyncio
async def test_completion_of_bonus_choices_and_rewards(client: LanguageClient):
    """After `bonus` the choices that space gives this round; in brackets, reward words."""
    text = GAME.read_text(encoding="utf-8")
    lines = text.splitlines()
    uri = open_doc(client, GAME)
    await diagnostics(client, uri)
    # the cursor is at the end, in the last round: its deal decides
    deal = [ln for ln in lines if ln.startswith("round ")][-1].split(":")[1].split()
    mast_space = deal[1]  # the second space clockwise from 3w is the mast space
    goods_space = deal[5]  # the sixth is worker + good
    last = len(lines)

    async def labels(line_text: str) -> list[str]:
        got = await client.text_document_completion_async(
            lsp.CompletionParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri),
                position=lsp.Position(line=last, character=len(line_text)),
            )
        )
        return [i.label for i in got.items]

    version = 2
    for line_text, expected in (
        (f"3. Anna {mast_space} bonus ", ["whale", "anchor", "helm", "crest4"]),
        (f"3. Anna {goods_space} bonus ", ["coffee", "grain", "salt", "fish"]),
        ("  Anna: stern >A [", ["crown mast", "crown sail", "3vp", "7t", "3w", "goods"]),
    ):
        edit(client, uri, version, last, 0, 200, line_text)
        version += 1
        assert await labels(line_text) == expected, line_text


def utf16(line: str, char: int) -> int:
    """A character index as the editor counts it, in UTF-16 units."""
    return len(line[:char].encode("utf-16-le")) // 2


@pytest.mark.asyncio
async def test_positions_are_converted_to_and_from_utf16(client: LanguageClient):
    """Two emoji in a name stand four UTF-16 units but two characters: every position
    the server sends or takes is converted."""
    name = '"Zoë 😀😀"'
    text = (
        f"players: {name}, Ben\nround 1: goods hulls money transport crowns masts deliver "
        f"sails\n1. {name} hulls bonus whale\n  {name}: bow stern >new A = 6t\n  Ben: pass\n"
    )
    turn = text.split("\n")[3]
    uri = open_doc(client, EXAMPLES / "emoji.ngn", text)
    [claim] = [d for d in await diagnostics(client, uri) if d.code == "claim"]
    at = turn.index("= 6t")
    assert (claim.range.start.character, claim.range.end.character) == (
        utf16(turn, at),
        utf16(turn, at + 4),
    )
    ship = turn.index(">new A") + 5
    where = await client.text_document_definition_async(
        lsp.DefinitionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=3, character=utf16(turn, ship)),
        )
    )
    assert where.range.start == lsp.Position(line=3, character=utf16(turn, ship))
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=claim.range,
            context=lsp.CodeActionContext(diagnostics=[claim]),
        )
    )
    (change,) = actions[0].edit.changes[uri]
    units = turn.encode("utf-16-le")
    start, end = change.range.start.character * 2, change.range.end.character * 2
    assert (units[:start] + change.new_text.encode("utf-16-le") + units[end:]).decode(
        "utf-16-le"
    ) == turn.replace("= 6t", "= 5t")


def _applied(text: str, edits: list[lsp.TextEdit]) -> str:
    """`text` with the server's edits made, as an editor makes them (UTF-16 positions
    on the protocol's lines)."""
    from nauticus_ref.lsp.documents import Document

    doc = Document("x", text, 1)
    for e in sorted(
        edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
    ):
        doc.apply(
            lsp.TextDocumentContentChangePartial(range=e.range, text=e.new_text),
            PositionCodec(lsp.PositionEncodingKind.Utf16),
        )
    return doc.text


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "char", ["\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85"]
)
async def test_a_character_python_breaks_lines_at_does_not_move_an_edit(client, char):
    """Only `\\n`, `\\r\\n` and `\\r` end a line in the protocol: an edit below a comment
    holding another line separator lands where the editor put it, and formatting gives
    back the editor's own text, formatted."""
    text = GAME.read_text(encoding="utf-8").replace("# Anna and Ben,", f"# Anna{char}and Ben,", 1)
    uri = open_doc(client, EXAMPLES / "separator.ngn", text)
    assert not [
        d for d in await diagnostics(client, uri) if d.severity == lsp.DiagnosticSeverity.Error
    ]
    lines = text.split("\n")
    target = next(i for i, ln in enumerate(lines) if "= 6t" in ln)
    col = lines[target].index("= 6t")
    edit(client, uri, 2, target, col, col + 4, "=6t")  # not canonical, still legal
    found = await diagnostics(client, uri)
    assert not [d for d in found if d.severity == lsp.DiagnosticSeverity.Error], found
    lines[target] = lines[target][:col] + "=6t" + lines[target][col + 4 :]
    now = "\n".join(lines)
    edits = await client.text_document_formatting_async(
        lsp.DocumentFormattingParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            options=lsp.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    from nauticus_ref.notation.fmt import format_text

    assert _applied(now, edits) == format_text(now).text


@pytest.mark.asyncio
async def test_range_formatting_formats_the_lines_the_range_touches(client: LanguageClient):
    text = (
        "players: Anna,Ben\nround 1: goods hulls money transport crowns masts deliver "
        "sails\n1. Anna   money bonus whale\n  Anna:2w=4t\n  Ben :pass\n"
    )
    uri = open_doc(client, EXAMPLES / "range.ngn", text)
    await diagnostics(client, uri)
    edits = await client.text_document_range_formatting_async(
        lsp.DocumentRangeFormattingParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=lsp.Range(
                start=lsp.Position(line=2, character=3), end=lsp.Position(line=4, character=0)
            ),
            options=lsp.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    assert _applied(text, edits) == (
        "players: Anna,Ben\nround 1: goods hulls money transport crowns masts deliver "
        "sails\n1. Anna money bonus whale\n  Anna: 2w = 4t\n  Ben :pass\n"
    )


@pytest.mark.asyncio
async def test_a_document_never_opened_is_not_read_from_disk(client: LanguageClient, tmp_path):
    fifo = tmp_path / "pipe.ngn"
    os.mkfifo(fifo)
    asked = lsp.TextDocumentIdentifier(uri=fifo.as_uri())
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            lsp.HoverParams(text_document=asked, position=lsp.Position(line=0, character=0))
        ),
        10,
    )
    assert hover is None
    edits = await asyncio.wait_for(
        client.text_document_formatting_async(
            lsp.DocumentFormattingParams(
                text_document=asked, options=lsp.FormattingOptions(tab_size=2, insert_spaces=True)
            )
        ),
        10,
    )
    assert edits is None
    uri = open_doc(client, GAME)  # the server still answers
    assert await diagnostics(client, uri) is not None


class RawClient:
    """The protocol spoken byte by byte, for what a well-behaved client never sends."""

    def __init__(self) -> None:
        import subprocess

        self.process = subprocess.Popen(
            [sys.executable, "-m", "nauticus_ref", "server"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )

    def send(self, message: dict) -> None:
        import json

        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict:
        import json

        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.process.stdout.read(1)
        size = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(self.process.stdout.read(size))

    def response(self, msg_id: int) -> dict:
        while True:  # notifications (log messages) may come first
            got = self.receive()
            if got.get("id") == msg_id:
                return got


@pytest.mark.parametrize("shutdown, status", [(True, 0), (False, 1)])
def test_the_protocol_as_the_specification_has_it(shutdown, status):
    client = RawClient()
    hover = {"textDocument": {"uri": "file:///x.ngn"}, "position": {"line": 0, "character": 0}}
    try:
        client.send({"id": 1, "method": "textDocument/hover", "params": hover})
        assert client.response(1)["error"]["code"] == -32002  # not initialized yet
        client.send({"id": 2, "method": "initialize", "params": {"capabilities": {}}})
        assert "result" in client.response(2)
        client.send({"method": "initialized", "params": {}})
        client.send({"id": 3, "method": "textDocument/hover", "params": {"bogus": 1}})
        assert client.response(3)["error"]["code"] == -32602  # invalid params
        if shutdown:
            client.send({"id": 4, "method": "shutdown"})
            assert client.response(4)["result"] is None
        client.send({"method": "exit"})
        assert client.process.wait(20) == status
    finally:
        client.process.kill()


@pytest.mark.parametrize(
    "encoding",
    [lsp.PositionEncodingKind.Utf16, lsp.PositionEncodingKind.Utf8, lsp.PositionEncodingKind.Utf32],
)
def test_the_end_of_a_last_line_without_a_break_is_its_end(encoding):
    """Completion at the end of a record that does not end in a line break asks about the
    end of the line, not the character before it."""
    from nauticus_ref.lsp.documents import Document

    doc = Document("x", "players: A, B\n  Zoë 😀: bow >", 1)
    units = {"utf-8": len("  Zoë 😀: bow >".encode()), "utf-16": 15, "utf-32": 14}[encoding.value]
    assert doc.position(lsp.Position(line=1, character=units), PositionCodec(encoding)) == (1, 14)
    assert doc.position(
        lsp.Position(line=1, character=units + 3),  # past the end
        PositionCodec(encoding),
    ) == (1, 14)


@pytest.mark.asyncio
async def test_an_empty_turn_line_completes_whole_legal_turns(client: LanguageClient):
    bad = GAME.parent / "invalid" / "workers.ngn"  # Anna's money turn, then Ben's to come
    uri = open_doc(client, bad)
    await diagnostics(client, uri)
    last = len(bad.read_text(encoding="utf-8").splitlines())
    edit(client, uri, 2, last, 0, 0, "  ")
    got = await client.text_document_completion_async(
        lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=last, character=2),
        )
    )
    labels = [i.label for i in got.items]
    assert labels[:3] == ["Ben: pass", "Ben: 1w = 2t", "Ben: 2w = 4t"]
    assert "Ben: " in labels  # the player's name, to write a turn by hand


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[*SERVER, "--lang", "fr"]))
async def french_server(lsp_client: LanguageClient):
    await initialized(lsp_client, "de-DE")
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_servers_own_lang_wins_over_the_editors_locale(french_server: LanguageClient):
    uri = open_doc(french_server, EXAMPLES / "invalid" / "golden-rule.ngn")
    found = await diagnostics(french_server, uri)
    assert found and "entrepôt" in found[0].message


@pytest.mark.asyncio
async def test_an_editor_in_german_reads_the_findings_in_german(german_client: LanguageClient):
    uri = open_doc(german_client, EXAMPLES / "invalid" / "golden-rule.ngn")
    found = await diagnostics(german_client, uri)
    assert found and "Lager" in found[0].message
