"""The other commands: simulate games, and list the rules."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

import click

if TYPE_CHECKING:
    from nauticus_ref.rules import Rule

from nauticus_ref.cli import (
    EXIT_CLEAN,
    board_from,
    board_option,
    cannot_run,
    echo,
    emit,
    main,
    write_file,
)
from nauticus_ref.cli.lang import LANGUAGE
from nauticus_ref.core.language import _

F = TypeVar("F", bound=Callable[..., Any])


@main.command()
@click.option(
    "--players",
    "players",
    type=click.IntRange(2, 4),
    required=True,
    help="Players in the game, 2 to 4.",
)
@click.option("--seed", "seed", type=int, required=True, help="The same seed gives the same game.")
@click.option(
    "--games",
    "games",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many games; game i is played with seed SEED + i.",
)
@click.option(
    "--out",
    "out",
    type=click.Path(),
    metavar="PATH",
    help="A file for one game (default: print it), a folder for several.",
)
@board_option
def simulate(
    players: int, seed: int, games: int, out: str | None, board_option: str | None
) -> None:
    """Play complete, legal games by choosing among legal moves at random, and write
    them in canonical NGN.

    \b
    Examples:
      nauticus-ref simulate --players 3 --seed 7
      nauticus-ref simulate --players 4 --seed 1 --games 100 --out sims/
    """
    import contextlib

    from nauticus_ref.game.board import bundled
    from nauticus_ref.notation.printer import to_ngn
    from nauticus_ref.tools.simulate import simulate as play

    board = board_from(board_option) or bundled("standard")
    if games == 1:
        text = to_ngn(play(players, seed, board))
        if out is None:
            emit(text, nl=False)
        else:
            write_file(Path(out), text)
        sys.exit(EXIT_CLEAN)
    if out is None:
        cannot_run(_("several games need --out FOLDER, one file per game"))
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        cannot_run(_("{out}: not a folder").format(out=out))
    numbers = range(games)
    width = len(str(games - 1))
    with (
        click.progressbar(numbers, label="games", file=sys.stderr, show_pos=True)
        if sys.stderr.isatty()
        else contextlib.nullcontext(numbers) as bar
    ):
        for i in bar:
            name = f"game-{players}p-{seed + i:0{width}d}.ngn"
            write_file(folder / name, to_ngn(play(players, seed + i, board)), say=False)
    echo(_("wrote {n} games to {folder}").format(n=games, folder=folder))
    sys.exit(EXIT_CLEAN)


def _complete_rule(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of rule ids (`nauticus-ref rules one-<TAB>`)."""
    from nauticus_ref.rules import RULES, SYNTAX

    return [r.id for r in (SYNTAX, *RULES) if r.id.startswith(incomplete.lower())]


@main.command()
@click.argument("rule_id", required=False, metavar="[ID]", shell_complete=_complete_rule)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for programs.",
)
def rules(rule_id: str | None, fmt: str) -> None:
    """The rules the referee enforces; with an ID, one rule in full.

    \b
    Examples:
      nauticus-ref rules
      nauticus-ref rules one-crest
      nauticus-ref rules --format json
    """
    from nauticus_ref.notation.vocab import closest
    from nauticus_ref.rules import RULES, SYNTAX
    from nauticus_ref.views.text import versioned

    catalogue = {r.id: r for r in (SYNTAX, *RULES)}
    if rule_id is None:
        if fmt == "json":
            emit(versioned({"rules": [_rule_dict(r) for r in catalogue.values()]}))
        else:
            width = max(map(len, catalogue))
            for r in catalogue.values():
                echo(f"{r.id:<{width}}  {r.title:<40}  {r.section_here}")
        sys.exit(EXIT_CLEAN)
    rule = catalogue.get(rule_id.lower())
    if rule is None:
        near = closest(rule_id, catalogue)
        cannot_run(
            f"no rule `{rule_id[:40]}`"
            + (f"; did you mean `{near}`?" if near else "")
            + " (`nauticus-ref rules` lists them)"
        )
    if fmt == "json":
        emit(versioned(dict(_rule_dict(rule, full=True))))
    else:
        echo(
            f"{rule.id}: {rule.title}\n\n"
            + _("Written in: {citation}. Severity: {severity}.").format(
                citation=rule.citation, severity=rule.severity
            )
            + f"\n\n{rule.summary}\n\n"
            + _("Breaks it:")
            + "\n"
            + _indent(rule.fail)
            + "\n"
            + _("Keeps it:")
            + "\n"
            + _indent(rule.ok)
        )
    sys.exit(EXIT_CLEAN)


def _indent(text: str) -> str:
    return "".join(f"    {line}\n" for line in text.rstrip("\n").split("\n"))


def _rule_dict(rule: Rule, full: bool = False) -> dict[str, str]:
    data = {
        "id": rule.id,
        "title": rule.title,
        "section": rule.section,
        "section_en": rule.section_en,
        "severity": rule.severity,
    }
    if full:
        data.update(summary=rule.summary, fail=rule.fail, ok=rule.ok)
    return data


@main.command()
@click.argument(
    "name",
    required=False,
    shell_complete=lambda ctx, param, incomplete: [
        n for n in _schema_names() if n.startswith(incomplete)
    ],
)
def schema(name: str | None) -> None:
    """Print the JSON Schema of a JSON output (or of the settings file); with no NAME,
    list them.  The same files are in docs/schema/.

    \b
    Examples:
      nauticus-ref schema
      nauticus-ref schema validate > validate.schema.json
      nauticus-ref schema settings
    """
    if name is None:
        for n in _schema_names():
            echo(n)
        sys.exit(EXIT_CLEAN)
    if name not in _schema_names():
        from nauticus_ref.notation.vocab import closest

        near = closest(name, _schema_names())
        cannot_run(
            f"no schema `{name[:40]}`"
            + (f"; did you mean `{near}`?" if near else "")
            + " (`nauticus-ref schema` lists them)"
        )
    from nauticus_ref.views.schema import schema_text

    emit(schema_text(published()[name]()), nl=False)
    sys.exit(EXIT_CLEAN)


def published() -> dict[str, Callable[[], dict[str, Any]]]:
    """Every published schema by name (`docs/schema/NAME.schema.json`): the JSON outputs'
    and the settings file's."""
    from nauticus_ref.settings.model import Settings
    from nauticus_ref.views.schema import SCHEMAS, json_schema

    return {**SCHEMAS, "settings": lambda: json_schema(Settings)}


def _schema_names() -> list[str]:
    return list(published())


@main.command()
def server() -> None:
    """Run the language server for NGN records over standard input and output.

    An editor starts it for `*.ngn` files: diagnostics as you type, hover, completion,
    quick fixes, formatting and go to definition.  It needs the `server` extra.
    Set-up for VS Code, Neovim and Helix: docs/editors.md.

    \b
    Examples:
      pip install 'nauticus-ref[server]'       (from the package index)
      pip install '.[server]'                  (from a checkout of the project)
      nauticus-ref server
    """
    try:
        from nauticus_ref.lsp.server import serve
    except ImportError as e:
        cannot_run(
            _(
                "the language server needs pygls ({name} is missing): pip install 'nauticus-ref[server]' (from a checkout: pip install '.[server]')"
            ).format(name=e.name)
        )
    if LANGUAGE["given"]:  # `server --lang de`: above the editor's locale, as the variable is
        from nauticus_ref.core import language

        os.environ[language.ENV] = language.current()
    serve()
