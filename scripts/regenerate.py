"""Every generated file of the project, made anew from its source.

    python scripts/regenerate.py            # rewrite what is stale, and say what
    python scripts/regenerate.py --check    # write nothing; exit 1 if anything is stale

| file | made from |
| --- | --- |
| nauticus_ref/notation/_ngn_tables.py | grammar/ngn.lark: lark's parser tables and lexer patterns |
| nauticus_ref/game/_boards.py | nauticus_ref/game/boards/*.toml, parsed ahead |
| docs/rules.md, examples/logs/invalid/*.ngn | the rule modules' metadata and docstrings |
| docs/schema/*.schema.json | the JSON outputs' shapes (views/shapes.py) and the settings model |

tests/test_generated.py fails when any of them is stale.  This script lives outside the
package: the wheel carries the generated files, not their generators.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def generated() -> dict[Path, str]:
    """Each generated file and the text it should have."""
    from nauticus_ref.cli.tools import published
    from nauticus_ref.game import board
    from nauticus_ref.notation import grammar
    from nauticus_ref.rules import docs
    from nauticus_ref.views.schema import schema_text

    files = {Path(grammar.TABLES_FILE): grammar.tables_source(grammar.grammar_text()),
             Path(board.BOARDS_DIR).parent / "_boards.py": board.parsed_ahead_source()}
    files.update(docs.targets())
    files.update({ROOT / "docs" / "schema" / f"{name}.schema.json": schema_text(make())
                  for name, make in published().items()})
    return {path.resolve(): text for path, text in files.items()}


def stale() -> list[Path]:
    """The generated files that differ from what their sources make now.  The parser
    tables are judged by the grammar's digest and lark's version they record: lark
    writes the same tables in another order from one run to the next."""
    import lark

    from nauticus_ref.notation import grammar

    out = []
    for path, text in generated().items():
        if path == Path(grammar.TABLES_FILE).resolve():
            from nauticus_ref.notation import _ngn_tables as tables

            fresh = (tables.GRAMMAR_SHA256 == grammar.grammar_digest(grammar.grammar_text())
                     and tables.LARK_VERSION == lark.__version__)
        else:
            fresh = path.is_file() and path.read_text(encoding="utf-8") == text
        if not fresh:
            out.append(path)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    args = ap.parse_args()
    from nauticus_ref.core.writing import write_atomically

    old = stale()
    for path in old:
        shown = path.relative_to(ROOT)
        if args.check:
            print(f"stale: {shown}")
        else:
            write_atomically(path, generated()[path])
            print(f"wrote {shown}")
    if not old:
        print("every generated file is up to date")
    sys.exit(1 if args.check and old else 0)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
