"""The recorder's web app: the page and the HTTP API under it (docs/record.md).

Starlette serves it (an ASGI toolkit with routing, requests and responses, and
nothing else); uvicorn runs it (`server_config`, for cli/record.py and the tests).
Every request is bounded in size and time, and so are the connections a stranger can
hold open; every answer, an error too, is JSON.  No request names a file, so only the
record named on the command line is written; with a token (any host but loopback),
every request must carry it.  The page is served with a strict CSP and loads nothing
from elsewhere.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import re
import time
from importlib import resources
from typing import Any, Awaitable, Callable, cast

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from nauticus_ref.core import language
from nauticus_ref.record.book import Book, BookError

#: The largest request body read, in bytes (a line of a record is far less).
MAX_BODY = 16 * 1024
#: What the page may load: its own script, style and pictures, nothing else.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
ASSETS = {
    "/": ("page.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}

#: The host names the recorder answers to when it listens on loopback only.
LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"]

#: Seconds a connection may take to send a request's head, and a request its body.
REQUEST_SECONDS = 10.0
#: Connections held open at most: past it the one idle longest is closed, so that
#: strangers holding connections open cannot keep the players from being answered.
MAX_CONNECTIONS = 64

Handler = Callable[[Request], Awaitable[Response]]


def make_app(book: Book, token: str | None = None, public: bool = False) -> Starlette:
    """The app for `book`.  `token`: the secret every request must carry (`?t=` or the
    `X-Token` header); `public`: the page says that it is reachable from the network."""

    def guarded(handler: Handler) -> Handler:
        async def run(request: Request) -> Response:
            with language.using(spoken(request)):
                return await answer(request)

        async def answer(request: Request) -> Response:
            if token is not None:
                given = request.headers.get("x-token") or request.query_params.get("t") or ""
                if not hmac.compare_digest(given.encode(), token.encode()):
                    return _json(
                        {
                            "error": "this recorder asks for the address with its "
                            "token, as the terminal printed it"
                        },
                        403,
                    )
            try:
                return await handler(request)
            except BookError as e:
                try:
                    state: Any = await run_in_threadpool(book.state)
                except Exception:  # the state itself cannot be had: the error says why
                    state = None
                return _json({"error": e.message, "findings": e.findings, "state": state}, e.status)
            except Exception as e:  # whatever else: the documented JSON, no traceback
                return _json({"error": f"the recorder could not answer: {_reason(e)}"}, 500)

        return run

    async def asset(request: Request) -> Response:
        name, kind = ASSETS[request.url.path]
        text = resources.files("nauticus_ref.record").joinpath("static", name).read_text("utf-8")
        if name == "page.html":
            with language.using(spoken(request)):
                text = page(text)
        return Response(text, media_type=kind, headers=HEADERS)

    async def state(request: Request) -> Response:
        data = await run_in_threadpool(book.state)
        return _json({**data, "public": public})

    async def table(request: Request) -> Response:
        columns = 1 if request.query_params.get("columns") == "1" else 2  # 1: a phone's
        svg = await run_in_threadpool(book.table_svg, columns)
        return Response(
            svg,
            media_type="image/svg+xml",
            headers={
                **HEADERS,
                "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
            },
        )

    async def score(request: Request) -> Response:
        page = await run_in_threadpool(book.score_page)  # its own CSP is in the page
        return Response(
            page,
            media_type="text/html; charset=utf-8",
            headers={k: v for k, v in HEADERS.items() if k != "Content-Security-Policy"},
        )

    async def play(request: Request) -> Response:
        body = await _body(request)
        data = await run_in_threadpool(
            book.play, _text(body, "line"), _text(body, "comment"), _at(body)
        )
        return _json(data)

    async def undo(request: Request) -> Response:
        body = await _body(request)
        return _json(await run_in_threadpool(book.undo, _at(body)))

    async def new(request: Request) -> Response:
        body = await _body(request)
        players = body.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise BookError(422, "`players` is a list of names")
        board = body.get("board")
        if board is not None and not isinstance(board, str):
            raise BookError(422, "`board` is a board's name")
        return _json(await run_in_threadpool(book.new, players, board, _at(body)))

    async def choices(request: Request) -> Response:
        body = await _body(request)
        chosen = body.get("chosen", [])
        if (
            not isinstance(chosen, list)
            or not all(isinstance(c, str) for c in chosen)
            or len(chosen) > 64
        ):
            raise BookError(422, "`chosen` is a list of the parts of a turn")
        return _json(await run_in_threadpool(book.choices, chosen))

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=HEADERS)

    routes = [Route(path, asset) for path in ASSETS]  # the page holds no secret
    routes.append(Route("/favicon.ico", no_icon))
    routes += [
        Route("/api/state", guarded(state)),
        Route("/api/table.svg", guarded(table)),
        Route("/score", guarded(score)),
        Route("/api/play", guarded(play), methods=["POST"]),
        Route("/api/undo", guarded(undo), methods=["POST"]),
        Route("/api/new", guarded(new), methods=["POST"]),
        Route("/api/choices", guarded(choices), methods=["POST"]),
    ]
    # on loopback, only the names of this machine: a page elsewhere cannot reach the
    # recorder by a name of its own that resolves here
    middleware = [] if public else [Middleware(TrustedHostMiddleware, allowed_hosts=LOOPBACK)]
    return Starlette(
        routes=routes, middleware=middleware, exception_handlers={HTTPException: _http_error}
    )


def spoken(request: Request) -> str:
    """The language of a request: the page's `?lang=` (the player's choice), else the
    browser's `Accept-Language`, else the recorder's own."""
    return (
        language.known(request.query_params.get("lang"))
        or language.from_accept_language(request.headers.get("accept-language"))
        or language.current()
    )


#: What the page's script says: each `_("...")` and `N_("...")` of app.js.
_SAID = re.compile(r'\bN?_\("((?:[^"\\]|\\.)*)"')


@functools.cache
def _script_messages() -> tuple[str, ...]:
    script = resources.files("nauticus_ref.record").joinpath("static", "app.js").read_text("utf-8")
    return tuple(dict.fromkeys(_SAID.findall(script)))


def page(template: str) -> str:
    """The recorder's page in the language in force, with the words its script says."""
    from nauticus_ref.views import html

    words = {m: language._(m) for m in _script_messages()}
    return html.environment().from_string(template).render(lang=language.current(), words=words)


async def _http_error(request: Request, e: Exception) -> Response:
    """An unknown address or method, as JSON like every other refusal."""
    assert isinstance(e, HTTPException)
    return _json({"error": e.detail.lower()}, e.status_code)


def _json(data: Any, status: int = 200) -> Response:
    return Response(
        json.dumps(data), status_code=status, media_type="application/json", headers=HEADERS
    )


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than `MAX_BODY` bytes."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        # another site's page can send a form or text without asking; JSON it cannot
        raise BookError(415, "a request's body is JSON (Content-Type: application/json)")
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise BookError(413, f"a request is at most {MAX_BODY // 1024} KiB")
    try:
        data = await asyncio.wait_for(_read(request), REQUEST_SECONDS)
    except asyncio.TimeoutError:
        raise BookError(408, f"a request's body takes at most {REQUEST_SECONDS:g} s") from None
    try:
        body = json.loads(data or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise BookError(400, "the request is not JSON") from None
    except RecursionError:
        raise BookError(400, "the request's JSON is nested too deep") from None
    if not isinstance(body, dict):
        raise BookError(400, "the request is a JSON object")
    return body


async def _read(request: Request) -> bytes:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BookError(413, f"a request is at most {MAX_BODY // 1024} KiB")
    return data


def _reason(e: Exception) -> str:
    """What went wrong, in a line: an OS error's reason, else the kind of error."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return type(e).__name__


def server_config(app: Starlette) -> Any:
    """How uvicorn runs `app`: quiet, and with the connections bounded (`Guarded`)."""
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Guarded(H11Protocol):
        """uvicorn's HTTP/1.1 protocol, with what it leaves open closed: a connection
        that sends no whole request head within `REQUEST_SECONDS`, and past
        `MAX_CONNECTIONS` the one idle longest (uvicorn closes a connection idle after
        a response by itself)."""

        opened = 0.0

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(cast(asyncio.Transport, transport))
            self.opened = time.monotonic()
            self.loop.call_later(REQUEST_SECONDS, self._expire)
            if len(self.connections) > MAX_CONNECTIONS:
                idle = [c for c in self.connections if isinstance(c, Guarded) and c._idle()]
                oldest = min(idle, key=lambda c: c.opened, default=self)
                oldest.transport.close()

        def _idle(self) -> bool:
            return self.cycle is None or self.cycle.response_complete

        def _expire(self) -> None:
            if self.cycle is None:  # not a whole request head in all that time
                self.transport.close()

    return uvicorn.Config(
        app, http=Guarded, log_level="error", server_header=False, date_header=False
    )


def _text(body: dict[str, Any], key: str) -> str:
    value = body.get(key, "")
    if not isinstance(value, str):
        raise BookError(422, f"`{key}` is text")
    return value


def _at(body: dict[str, Any]) -> int | None:
    at = body.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
        raise BookError(422, "`at` is the number of lines the page has seen")
    return at
