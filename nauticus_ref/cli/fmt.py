"""`nauticus-ref fmt`: the one command that writes its inputs (always atomically)."""

from __future__ import annotations

import sys

import click

from nauticus_ref.cli import (
    EXIT_CANNOT_RUN,
    EXIT_CLEAN,
    EXIT_ERRORS,
    config_options,
    echo,
    emit,
    fail,
    main,
    records,
    settings,
    stdin_option,
)
from nauticus_ref.core.language import _


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 1 if a file would change (for CI and pre-commit).",
)
@click.option("--diff", is_flag=True, help="Write nothing; print what would change as a diff.")
@stdin_option
@config_options
def fmt(paths: tuple[str, ...], check: bool, diff: bool) -> None:
    """Rewrite records in canonical form, keeping every comment and blank-line group.

    Each move line becomes the canonical text of what stands on it (item words
    spelled out, two-space indents, one space between words); comments, house
    decisions, blank lines and line endings stay.  A file with syntax errors is
    never rewritten.  Files are replaced atomically, keeping their mode, owner and
    links; a read-only file, or one saved by another program meanwhile, is left
    as it is.  `-` reads standard input and prints the result.  PATHS are files
    or folders, as for validate.

    \b
    Examples:
      nauticus-ref fmt game.ngn
      nauticus-ref fmt --check league/
      nauticus-ref fmt --diff game.ngn
      cat game.ngn | nauticus-ref fmt -
    """
    import difflib

    from nauticus_ref.core.files import STDIN, SourceError, read
    from nauticus_ref.core.writing import stamp, write_output
    from nauticus_ref.notation.fmt import format_text
    from nauticus_ref.views.text import render_text

    files, errors = records(paths, settings())
    for message in errors:
        fail(message)
    changed = unparsable = 0
    for f in files:
        before = stamp(f) if f != STDIN else None
        try:
            src = read(f)
        except SourceError as e:
            fail(str(e))
            errors.append(str(e))
            continue
        result = format_text(src.text)
        if result.text is None:
            unparsable += 1
            for d in result.parsed.diagnostics:
                echo(render_text(src.path, result.parsed.lines, d), err=True)
            fail(_("{path}: syntax errors; not formatted").format(path=src.path))
            continue
        if str(f) == STDIN and not (check or diff):
            emit(result.text, nl=False)
            continue
        if result.text == src.text:
            continue
        changed += 1
        if diff:
            # lines compared without their endings: a CRLF file's diff shows its changes
            echo(
                "\n".join(
                    difflib.unified_diff(
                        src.text.splitlines(),
                        result.text.splitlines(),
                        fromfile=f"a/{src.path}",
                        tofile=f"b/{src.path}",
                        lineterm="",
                    )
                )
            )
        elif check:
            echo(_("would reformat {path}").format(path=src.path))
        else:
            try:
                write_output(f, result.text, unchanged_since=before)
            except SourceError as e:  # one line a file, and the others are still formatted
                changed -= 1
                fail(str(e))
                errors.append(str(e))
                continue
            echo(_("reformatted {path}").format(path=src.path), err=True)
    if check or diff:
        echo(
            f"{changed} file{'s' if changed != 1 else ''} would be reformatted, "
            f"{len(files) - changed - unparsable} already formatted",
            err=True,
        )
    if errors:
        sys.exit(EXIT_CANNOT_RUN)
    sys.exit(EXIT_ERRORS if unparsable or ((check or diff) and changed) else EXIT_CLEAN)
