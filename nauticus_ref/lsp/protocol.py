"""The protocol as the specification has it, where pygls is lenient: a request before
`initialize` is answered with the error ServerNotInitialized (-32002), and a request
whose parameters cannot be read gets an error response (-32602), not silence."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol

SERVER_NOT_INITIALIZED = -32002


class _Unreadable:
    """A request whose parameters could not be read: answered with its error."""

    def __init__(self, msg_id: Any, error: JsonRpcException):
        self.id, self.error = msg_id, error


class Protocol(LanguageServerProtocol):
    initialize_seen = False

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as e:
            if "method" in data and isinstance(data.get("id"), (int, str)):
                return _Unreadable(data["id"], e)
            raise

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _Unreadable):
            self._send_response(message.id, None, message.error.to_response_error())
            return
        method = getattr(message, "method", None)
        msg_id = getattr(message, "id", None)
        if not self.initialize_seen and method not in (None, lsp.INITIALIZE, lsp.EXIT):
            if msg_id is not None:  # a request: say why it is not answered
                self._send_response(
                    msg_id,
                    None,
                    lsp.ResponseError(
                        code=SERVER_NOT_INITIALIZED, message="the server is not initialized yet"
                    ),
                )
            return  # a notification before initialize is dropped, as the protocol says
        if method == lsp.INITIALIZE:
            self.initialize_seen = True
        super().handle_message(message)
