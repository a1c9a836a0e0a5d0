"""The command that keeps a record at the table: record (docs/record.md)."""

from __future__ import annotations

import ipaddress
import secrets
import socket

import click

from nauticus_ref.cli import cannot_run, echo, main
from nauticus_ref.core.language import _

#: Hosts that only this machine reaches: no token is asked for there.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


@main.command()
@click.argument("game", type=click.Path(dir_okay=False))
@click.option(
    "--players",
    metavar="NAMES",
    help='Start a new game with these players in seat order, like "Anna, Ben"; a name '
    "with a comma in double quotes, like '\"Lee, Anna\", Ben'.",
)
@click.option(
    "--board",
    "board_option",
    metavar="NAME|PATH",
    help="The board: a bundled board's name, or a board file beside the record.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Where to listen; 0.0.0.0 lets a phone on the same network in (with a token).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port; 0 takes any free one.",
)
def record(game: str, players: str | None, board_option: str | None, host: str, port: int) -> None:
    """Record a game at the table in a web page: each line is offered from the legal
    moves, checked by the referee, and written to GAME at once.

    \b
    Install its extra first:
      pip install 'nauticus-ref[record]'       (from the package index)
      pip install '.[record]'                  (from a checkout of the project)
    \b
    Examples:
      nauticus-ref record tonight.ngn --players "Anna, Ben, Carla"
      nauticus-ref record tonight.ngn                      (continue it)
      nauticus-ref record tonight.ngn --host 0.0.0.0       (for a phone on the same network)
    """
    try:
        import uvicorn

        from nauticus_ref.record.app import make_app, server_config
    except ImportError as e:
        cannot_run(
            _(
                "the recorder needs its extra ({name} is missing): pip install 'nauticus-ref[record]' (from a checkout: pip install '.[record]')"
            ).format(name=e.name)
        )
    from nauticus_ref.core.files import SourceError
    from nauticus_ref.game.board import BoardError
    from nauticus_ref.record.book import Book, BookError

    try:
        book = Book.open(game, board_option)
    except (SourceError, BoardError) as e:
        cannot_run(str(e))
    public = host not in LOOPBACK_HOSTS
    token = secrets.token_urlsafe(16) if public else None
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the queue until the app serves them
    except UnicodeError as e:
        cannot_run(_("cannot listen on {host}:{port}: {e}").format(host=host, port=port, e=e))
    except OSError as e:
        cannot_run(
            _("cannot listen on {host}:{port}: {value}").format(
                host=host, port=port, value=e.strerror or e
            )
        )
    if players is not None:  # written once the page can be served: a failed start writes nothing
        try:
            book.new(player_names(players), board_option)
        except BookError as e:
            sock.close()
            cannot_run(_("{game}: {message}").format(game=game, message=e.message))
    port = sock.getsockname()[1]
    for address in _addresses(host, port, token):
        echo(_("recording {game} at {address}").format(game=game, address=address))
    if public:
        echo(
            "this page is reachable from the network: only those with its address "
            "(and token) can write"
        )
        _qr(_addresses(host, port, token)[-1])
    echo(_("press Ctrl-C to stop; every confirmed line is already written"))
    uvicorn.Server(server_config(make_app(book, token, public))).run(sockets=[sock])


def player_names(text: str) -> list[str]:
    """`--players`: names separated by commas, a name with a comma in double quotes."""
    import csv

    row = next(csv.reader([text], skipinitialspace=True), [])
    return [name.strip() for name in row]


def _addresses(host: str, port: int, token: str | None) -> list[str]:
    """The page's addresses: on loopback one; on every address, this machine's own
    and its address on the local network (the one a phone would use)."""
    query = f"/?t={token}" if token else "/"
    if host in LOOPBACK_HOSTS:
        return [f"http://{_bracket(host)}:{port}{query}"]
    hosts = [host]
    if _is_ip(host) and ipaddress.ip_address(host).is_unspecified:
        hosts = ["127.0.0.1", _lan_address()]
    return [f"http://{_bracket(h)}:{port}{query}" for h in hosts]


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _lan_address() -> str:
    """This machine's address on the local network: the one a packet to another
    network would leave from (nothing is sent: a UDP socket only chooses a route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _qr(address: str) -> None:
    """The address as a QR code in the terminal, for a phone's camera."""
    import io

    import segno

    out = io.StringIO()
    segno.make(address, error="l").terminal(out, compact=True)
    echo(out.getvalue().rstrip("\n"))
