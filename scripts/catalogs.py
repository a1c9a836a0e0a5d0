"""The translation catalogs, made anew from the code (Babel, the test extra).

    python scripts/catalogs.py            # extract, merge into de and fr, compile
    python scripts/catalogs.py --check    # write nothing; exit 1 if a catalog is stale,
                                          # or an entry is missing or fuzzy

What a person reads is found in three places:

- the code: `_("...")`, `ngettext(...)`, `N_("...")` and `nN_(...)` in the package, the
  page templates and the recorder's page (`{% trans %}`, `_()`), and the recorder's
  script (`_("...")`, `N_("...")`);
- the rules: each rule's title, summary and why, read from its module;
- the command line: each command's and option's help, read from click's objects.

The template `nauticus_ref/locale/nauticus_ref.pot` holds every message; each language's
`.po` holds its translations, and its `.mo` is what the referee reads at run time with
the standard library.  New messages arrive in the `.po` files untranslated: translate
them (docs/languages.md), then run this again to compile.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nauticus_ref"
LOCALE = PACKAGE / "locale"
DOMAIN = "nauticus_ref"
TRANSLATED = ("de", "fr")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "nN_": (1, 2)}
METHODS = [
    ("**.py", "python"),
    ("**/templates/**.j2", "jinja2.ext:babel_extract"),
    ("**/static/**.js", "javascript"),
    ("**/static/**.html", "jinja2.ext:babel_extract"),
]
JINJA = {"extensions": "jinja2.ext.i18n", "trimmed": "true"}


def template() -> Any:
    """Every message of the package, as a Babel catalog (no dates, no line numbers: the
    template changes only when a message does)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="nauticus-ref", domain=DOMAIN, fuzzy=False)
    catalog.creation_date = catalog.revision_date = _epoch()
    for filename, _lineno, message, comments, _context in extract_from_dir(
        str(PACKAGE),
        METHODS,
        {"**/templates/**.j2": JINJA, "**/static/**.html": JINJA},
        KEYWORDS,
    ):
        catalog.add(message, locations=[(f"nauticus_ref/{filename}", None)])
    for where, message in _live():
        catalog.add(message, locations=[(where, None)])
    return catalog


def _epoch() -> Any:
    import datetime

    return datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def _live() -> list[tuple[str, str]]:
    """The messages held in objects rather than written in calls: each rule's title,
    summary and why, and the command line's help texts."""
    import click

    from nauticus_ref import rules
    from nauticus_ref.cli import COMMANDS, main
    from nauticus_ref.cli.lang import english

    out = []
    for rule in rules.RULES:
        where = f"nauticus_ref/rules/{rule.id.replace('-', '_')}.py"
        summary, why = rule.english_summary, rule.english_why
        out += [(where, rule.english_title), (where, summary), (where, why)]
        if rule.english_help:
            out.append((where, rule.english_help))
    ctx = click.Context(main)
    commands = [main] + [main.get_command(ctx, name) for name in COMMANDS]
    for command in commands:
        assert command is not None
        where = "nauticus_ref/cli"
        holders = [(command, "help"), (command, "short_help")]
        holders += [(p, "help") for p in command.params if isinstance(p, click.Option)]
        out += [(where, text) for holder, attr in holders if (text := english(holder, attr))]
    return out


def _po_text(catalog: Any) -> bytes:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, include_lineno=False)
    return buf.getvalue()


def _mo_bytes(catalog: Any) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


def _read_po(path: Path, locale: str) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def wanted() -> dict[Path, bytes]:
    """Each catalog file and the bytes it should have: the template; each language's
    `.po`, merged with the template (new messages untranslated, gone ones dropped); its
    `.mo`, compiled from that."""
    from babel.messages.catalog import Catalog

    pot = template()
    assert isinstance(pot, Catalog)
    files = {LOCALE / f"{DOMAIN}.pot": _po_text(pot)}
    for lang in TRANSLATED:
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            po = _read_po(path, lang)
        else:
            po = Catalog(locale=lang, project="nauticus-ref", domain=DOMAIN, fuzzy=False)
        assert isinstance(po, Catalog)
        po.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        po.obsolete.clear()
        po.creation_date = po.revision_date = _epoch()
        files[path] = _po_text(po)
        files[path.with_suffix(".mo")] = _mo_bytes(po)
    return files


def problems() -> list[str]:
    """Each entry of a language's catalog that is untranslated or fuzzy."""
    out = []
    for lang in TRANSLATED:
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if not path.is_file():
            out.append(f"{lang}: no catalog")
            continue
        for message in _read_po(path, lang):
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                state = "fuzzy" if message.fuzzy else "untranslated"
                first = message.id[0] if isinstance(message.id, tuple) else message.id
                out.append(f"{lang}: {state}: {first!r}")
    return out


def stale() -> list[Path]:
    return [p for p, data in wanted().items() if not p.is_file() or p.read_bytes() != data]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    args = ap.parse_args()
    old = stale()
    if not args.check:
        files = wanted()
        for path in old:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
            print(f"wrote {path.relative_to(ROOT)}")
        old = stale()  # the .mo follows its .po's second reading
    for path in old:
        print(f"stale: {path.relative_to(ROOT)}")
    missing = problems()
    for line in missing[:50]:
        print(line)
    if len(missing) > 50:
        print(f"... and {len(missing) - 50} more")
    if not old and not missing:
        print("every catalog is up to date and complete")
    sys.exit(1 if old or missing else 0)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
