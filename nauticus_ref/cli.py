"""The `nauticus-ref` command line: a thin layer over parsing, replay and reports.

Exit codes, for every command: 0 clean, 1 the records have errors, 2 the command
could not run (a missing or unreadable file, bad options).
"""

from __future__ import annotations

import sys

import click

from . import __version__

EXIT_CLEAN, EXIT_ERRORS, EXIT_CANNOT_RUN = 0, 1, 2


def _fail(message: str) -> None:
    click.echo(f"nauticus-ref: error: {message}", err=True)


def _sources(paths):
    """Yield readable sources; report the others.  Returns a list and a flag."""
    from .sources import SourceError, expand, read

    files, errors = expand(list(paths))
    for message in errors:
        _fail(message)
    sources = []
    for f in files:
        try:
            sources.append(read(f))
        except SourceError as e:
            _fail(str(e))
            errors.append(str(e))
    return sources, bool(errors)


#: `--board`, shared by every command that replays records.
board_option = click.option(
    "--board", "board_option", metavar="FILE",
    help="A board file (TOML) or a bundled board's name; overrides the records' `board:`.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="nauticus-ref",
                      message="%(prog)s %(version)s")
def main() -> None:
    """The referee for NAUTICUS: parse, check and score recorded games.

    \b
    Example:
      nauticus-ref parse examples/logs/all-constructs.ngn
    """


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: a summary line per file; json: the record model.")
def parse(paths, fmt):
    """Parse records and report syntax errors, without replaying the game.

    PATHS are .ngn files or directories (every .ngn file below them).

    \b
    Examples:
      nauticus-ref parse game.ngn
      nauticus-ref parse --format json game.ngn
      nauticus-ref parse club-archive/
    """
    from .assemble import parse_text
    from .diagnostics import dumps, render_text

    sources, unreadable = _sources(paths)
    any_errors = False
    files_json = []
    for src in sources:
        result = parse_text(src.text)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        any_errors |= bool(errors)
        if fmt == "json":
            files_json.append({
                "path": src.path,
                "ok": result.ok,
                "record": result.record.model_dump(mode="json") if result.record else None,
                "diagnostics": [d.as_json(src.path) for d in result.diagnostics],
            })
            continue
        for d in result.diagnostics:
            click.echo(render_text(src.path, result.lines, d))
            click.echo()
        click.echo(summary_line(src.path, result))
    if fmt == "json":
        click.echo(dumps({"files": files_json}))
    sys.exit(EXIT_CANNOT_RUN if unreadable else EXIT_ERRORS if any_errors else EXIT_CLEAN)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text",
              show_default=True, help="text for people, json for programs, github for "
              "workflow annotations.")
@board_option
def validate(paths, fmt, board_option):
    """Replay records and report every rule broken, at its line and column.

    PATHS are .ngn files or directories (every .ngn file below them).  A record
    that stops mid-game is valid if every move so far is legal.

    \b
    Examples:
      nauticus-ref validate examples/logs/game-2p.ngn
      nauticus-ref validate --format json league/
      nauticus-ref validate --board my-board.toml game.ngn
    """
    from .diagnostics import counts, dumps, render_github, render_text

    reports, cannot_run = _validate_all(paths, board_option)
    if fmt == "json":
        click.echo(dumps({"files": [r.as_json() for r in reports]}))
    elif fmt == "github":
        for r in reports:
            for d in r.diagnostics:
                click.echo(render_github(r.path, d))
    else:
        for r in reports:
            for d in r.diagnostics:
                click.echo(render_text(r.path, r.lines, d))
                click.echo()
            click.echo(validate_summary(r))
        if len(reports) > 1:
            total = counts(d for r in reports for d in r.diagnostics)
            bad = sum(not r.valid for r in reports)
            click.echo(f"{len(reports)} files, {bad} with errors: {_tally(total)}")
    _exit(reports, cannot_run)


def _validate_all(paths, board_option):
    """Replay every record; return (reports, could_not_run)."""
    from .validate import BoardError, validate_source

    sources, cannot_run = _sources(paths)
    reports = []
    for src in sources:
        try:
            reports.append(validate_source(src, board_option))
        except BoardError as e:
            _fail(f"{src.path}: {e}")
            cannot_run = True
    return reports, cannot_run


def _exit(reports, cannot_run) -> None:
    any_errors = any(not r.valid for r in reports)
    sys.exit(EXIT_CANNOT_RUN if cannot_run else EXIT_ERRORS if any_errors else EXIT_CLEAN)


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text",
              show_default=True, help="text for people, json for programs, markdown for a "
              "forum post.")
@board_option
def score(paths, fmt, board_option):
    """Score finished games with every part shown: track, ships, goods, material.

    An unfinished record is scored as if the game ended now, marked provisional.
    A record with rule errors is still scored, with a warning; the exit code is
    then 1, as for validate.

    \b
    Examples:
      nauticus-ref score examples/logs/game-3p.ngn
      nauticus-ref score --format markdown game.ngn
      nauticus-ref score --format json league/
    """
    from .diagnostics import dumps
    from .reports import score_json, score_markdown, score_text

    reports, cannot_run = _validate_all(paths, board_option)
    if fmt == "json":
        click.echo(dumps({"games": [score_json(r) for r in reports]}))
    else:
        render = score_text if fmt == "text" else score_markdown
        click.echo("\n\n".join(render(r) for r in reports))
    _exit(reports, cannot_run)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--out", "out", type=click.Path(dir_okay=False), metavar="PATH",
              help="Write the annotated record here (never over the input) instead of printing it.")
@board_option
def annotate(path, out, board_option):
    """Print the record with what the referee computed after every phase and turn line.

    Each annotation is a comment starting `# ref:`, so the output reads back as
    the same record: bonus received, workers (blue and own), taler paid or
    received, tiles placed and where, ships completed and rewards, VP gained;
    and at each round's end the pass penalties and the standing.

    \b
    Examples:
      nauticus-ref annotate examples/logs/game-2p.ngn
      nauticus-ref annotate game.ngn --out game.annotated.ngn
    """
    from pathlib import Path

    from .annotate import annotate as annotated
    from .sources import write_atomically

    if out is not None and Path(out).exists() and Path(path).exists() \
            and Path(out).resolve() == Path(path).resolve():
        _fail(f"{out}: annotate never writes over its input; choose another --out")
        sys.exit(EXIT_CANNOT_RUN)
    report = _one_record(path, board_option)
    text = annotated(report)
    if out is None:
        click.echo(text, nl=not text.endswith("\n"))
    else:
        write_atomically(Path(out), text if text.endswith("\n") else text + "\n")
    _exit([report], False)


def _one_record(path, board_option):
    """The replayed report of one record, or exit 2 / 1 with a message."""
    from .diagnostics import render_text

    reports, cannot_run = _validate_all([path], board_option)
    if cannot_run or not reports:
        sys.exit(EXIT_CANNOT_RUN)
    report = reports[0]
    if report.replayed is None:
        for d in report.diagnostics:
            click.echo(render_text(report.path, report.lines, d), err=True)
        _fail(f"{report.path}: syntax errors; fix them first")
        sys.exit(EXIT_ERRORS)
    return report


#: `--format` for the commands a person reads or pastes into a forum thread.
format_option = click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]),
                             default="text", show_default=True,
                             help="text, json, or markdown for a forum thread.")


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="Explain the move(s) on this line.")
@click.option("--at", "at", metavar="ROUND.PHASE[.PLAYER]",
              help="Explain a phase line (2.3) or one player's turn in it (2.3.Anna).")
@format_option
@board_option
def explain(path, line, at, fmt, board_option):
    """Settle a dispute: the situation before a move, each step with its rule and
    arithmetic, and the verdict with what would have been legal.

    \b
    Examples:
      nauticus-ref explain game.ngn --line 14
      nauticus-ref explain game.ngn --at 2.3.Ben
      nauticus-ref explain game.ngn --at 1.1 --format markdown
    """
    from .diagnostics import dumps
    from .inspect import InspectError, explain_json, explain_markdown, explain_text, find_point

    if (line is None) == (at is None):
        _fail("give exactly one of --line N and --at ROUND.PHASE[.PLAYER]")
        sys.exit(EXIT_CANNOT_RUN)
    report = _one_record(path, board_option)
    if line is not None and line > len(report.lines):
        _fail(f"{report.path} has {len(report.lines)} lines, not {line}")
        sys.exit(EXIT_CANNOT_RUN)
    rp = report.replayed.replay
    try:
        point = find_point(report.parsed.record, line, at)
        data = explain_json(report.path, report.lines, report.parsed.record, rp,
                            report.diagnostics, rp.board, point)
    except InspectError as e:
        _fail(f"{report.path}: {e}")
        sys.exit(EXIT_CANNOT_RUN)
    if fmt == "json":
        click.echo(dumps(data))
    else:
        click.echo(explain_text(data) if fmt == "text" else explain_markdown(data))
    sys.exit(EXIT_CLEAN if data["verdict"]["legal"] else EXIT_ERRORS)


@main.command()
@click.argument("path", type=click.Path())
@click.option("--line", "line", type=click.IntRange(min=1), help="The state after this line.")
@click.option("--at", "at", metavar="ROUND.PHASE",
              help="The state after this phase has been played (2.3).")
@format_option
@board_option
def state(path, line, at, fmt, board_option):
    """Every player's full state at a point of the record (the end by default),
    with the supply, the face-up tiles, and the wheel's blue workers per space.

    \b
    Examples:
      nauticus-ref state game.ngn
      nauticus-ref state game.ngn --line 40
      nauticus-ref state game.ngn --at 2.7 --format json
    """
    from .diagnostics import dumps
    from .inspect import InspectError, find_point, replay_upto, state_json, state_markdown, state_text

    if line is not None and at is not None:
        _fail("give at most one of --line N and --at ROUND.PHASE")
        sys.exit(EXIT_CANNOT_RUN)
    report = _one_record(path, board_option)
    try:
        if at is not None:
            if at.count(".") != 1:
                raise InspectError(f"`{at}` is not ROUND.PHASE, like `2.3`")
            point = find_point(report.parsed.record, at=at)
            phase = point.phase
            last = max([phase.span.line] + [e.span.line for e in phase.entries])
            where, rp = f"after round {point.round} phase {phase.number} (line {last})", \
                replay_upto(report.lines, last, report.replayed.replay.board)
        elif line is not None:
            last = min(line, len(report.lines))
            where = f"after line {last}"
            rp = replay_upto(report.lines, last, report.replayed.replay.board)
        else:
            where, rp = "at the end of the record", report.replayed.replay
    except InspectError as e:
        _fail(f"{report.path}: {e}")
        sys.exit(EXIT_CANNOT_RUN)
    data = state_json(rp, where)
    data = {"path": report.path, **data}
    if fmt == "json":
        click.echo(dumps(data))
    else:
        click.echo(state_text(data) if fmt == "text" else state_markdown(data))
    sys.exit(EXIT_CLEAN)


@main.command()
@click.argument("rule_id", required=False, metavar="[ID]")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def rules(rule_id, fmt):
    """The rules the referee enforces; with an ID, one rule in full.

    \b
    Examples:
      nauticus-ref rules
      nauticus-ref rules one-crest
      nauticus-ref rules --format json
    """
    from .diagnostics import dumps
    from .rules import RULES, SYNTAX
    from .vocab import closest

    catalogue = {r.id: r for r in (SYNTAX, *RULES)}
    if rule_id is None:
        if fmt == "json":
            click.echo(dumps({"rules": [_rule_dict(r) for r in catalogue.values()]}))
        else:
            width = max(map(len, catalogue))
            for r in catalogue.values():
                click.echo(f"{r.id:<{width}}  {r.title:<40}  {r.section}")
        sys.exit(EXIT_CLEAN)
    rule = catalogue.get(rule_id.lower())
    if rule is None:
        near = closest(rule_id, catalogue)
        _fail(f"no rule `{rule_id}`" + (f"; did you mean `{near}`?" if near else "")
              + " (`nauticus-ref rules` lists them)")
        sys.exit(EXIT_CANNOT_RUN)
    if fmt == "json":
        click.echo(dumps(_rule_dict(rule, full=True)))
    else:
        click.echo(f"{rule.id}: {rule.title}\n\nRulebook: German {rule.section}; English "
                   f"{rule.section_en}. Severity: {rule.severity}.\n\n{rule.summary}\n\n"
                   "Breaks it:\n" + _indent(rule.fail) + "\nKeeps it:\n" + _indent(rule.ok))
    sys.exit(EXIT_CLEAN)


def _indent(text: str) -> str:
    return "".join(f"    {line}\n" for line in text.rstrip("\n").split("\n"))


def _rule_dict(rule, full: bool = False) -> dict:
    data = {"id": rule.id, "title": rule.title, "section": rule.section,
            "section_en": rule.section_en, "severity": rule.severity}
    if full:
        data.update(summary=rule.summary, fail=rule.fail, ok=rule.ok)
    return data


def _tally(c: dict) -> str:
    parts = [f"{c[k]} {k}{'s' if c[k] != 1 else ''}" for k in ("error", "warning", "note")]
    return ", ".join(parts)


def validate_summary(report) -> str:
    from .diagnostics import counts

    c = counts(report.diagnostics)
    state = "complete game" if report.complete else "incomplete record"
    if report.valid:
        return f"{report.path}: valid, {state}" + (
            f" ({_tally(c).split(', ', 1)[1]})" if c["warning"] or c["note"] else "")
    return f"{report.path}: {_tally(c)} ({state})"


def summary_line(path: str, result) -> str:
    errors = sum(d.severity == "error" for d in result.diagnostics)
    if result.record is None:
        return f"{path}: {errors} syntax error{'s' if errors != 1 else ''}"
    rec = result.record
    phases = [p for r in rec.rounds for p in r.phases]
    turns = sum(len(p.turns) for p in phases)
    players = ", ".join(p.text for p in rec.header.players)
    return (f"{path}: ok, {len(rec.header.players)} players ({players}), "
            f"{len(rec.rounds)} round{'s' if len(rec.rounds) != 1 else ''}, "
            f"{len(phases)} phase{'s' if len(phases) != 1 else ''}, "
            f"{turns} turn line{'s' if turns != 1 else ''}")


if __name__ == "__main__":  # pragma: no cover
    main()
