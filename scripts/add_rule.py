"""A new rule's three places: its module, its fixture and its line in the catalogue.

    python scripts/add_rule.py no-empty-ship --title "a ship carries a hull" \\
        --section "3.2.1.1 Rumpfteile kaufen" --section-en "Buy hull parts" \\
        --moment MastPlaced [--after one-ship]

writes nauticus_ref/rules/no_empty_ship.py (the module: metadata, a docstring to fill
in, a predicate for the moment that finds nothing yet), tests/rules/fixtures/
no-empty-ship.toml (a failing and a passing case to fill in), and adds the module to
the catalogue in nauticus_ref/rules/__init__.py (after `--after`, else last).  The
referee needs no change: it asks every rule registered for a moment.  Then write the
predicate and the examples until `pytest tests/rules` passes, and run
`python scripts/regenerate.py` for docs/rules.md and examples/logs/invalid/.

`--moment` is a class of nauticus_ref/rules/moments.py.  Nothing is overwritten: an id
already in use stops the script.  Lives outside the package, as ruff's own does.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULE = '''"""{summary}

## Why
Say why the rulebook has the rule, in a sentence or two.

## Breaks it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow stern >new A
```

## Keeps it
```ngn
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
1. Anna hulls bonus whale
  Anna: bow stern >new A
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.game.table import Table
from nauticus_ref.rules import moments
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(
    __doc__,
    id={id},
    title={title},
    section={section},
    section_en={section_en},
)


def judged(table: Table, at: moments.{moment}) -> Diagnostic | None:
    """What the predicate asks of the table and the move (return `RULE.at(span,
    message)` when the rule is broken)."""
    return None


JUDGES: moments.Judges = {{moments.{moment}: judged}}
'''

FIXTURE = '''# Cases for `{id}` ({title}) beside the two in its rule module's docstring:
# each [[fail]] breaks this rule and no other, each [[pass]] breaks no rule.

[[fail]]
name = "the same situation as the module's, told another way"
ngn = """
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
"""

[[pass]]
name = "that situation played right"
ngn = """
players: Anna, Ben
round 1: goods hulls money transport crowns masts deliver sails
"""
'''


def add_rule(
    root: Path,
    rule_id: str,
    title: str,
    section: str,
    section_en: str,
    moment: str,
    after: str | None = None,
) -> list[Path]:
    """Write the three places of a new rule under `root`; the files written or changed."""
    if not re.fullmatch(r"[a-z]+(-[a-z]+)*", rule_id):
        raise SystemExit(f"error: `{rule_id}` is no rule id: lowercase words joined by `-`")
    name = rule_id.replace("-", "_")
    rules = root / "nauticus_ref" / "rules"
    module, fixture = (
        rules / f"{name}.py",
        root / "tests" / "rules" / "fixtures" / f"{rule_id}.toml",
    )
    for path in (module, fixture):
        if path.exists():
            raise SystemExit(f"error: {path.relative_to(root)} exists: `{rule_id}` is taken")
    moments = (rules / "moments.py").read_text(encoding="utf-8")
    known = re.findall(r"^class (\w+)\(NamedTuple\):", moments, re.M)
    if moment not in known:
        raise SystemExit(f"error: `{moment}` is no moment; the moments are " + ", ".join(known))
    catalogue = rules / "__init__.py"
    text = _catalogue_with(
        catalogue.read_text(encoding="utf-8"), name, after.replace("-", "_") if after else None
    )
    summary = f"{title[0].upper()}{title[1:]}."
    module.write_text(
        MODULE.format(
            summary=summary,
            id=_string(rule_id),
            title=_string(title),
            section=_string(section),
            section_en=_string(section_en),
            moment=moment,
        ),
        encoding="utf-8",
    )
    fixture.write_text(FIXTURE.format(id=rule_id, title=title), encoding="utf-8")
    catalogue.write_text(text, encoding="utf-8")
    return [module, fixture, catalogue]


def _catalogue_with(text: str, name: str, after: str | None) -> str:
    """The catalogue's text with module `name` imported and in `MODULES` (after `after`)."""
    imports = re.search(r"from nauticus_ref\.rules import \(\n(.*?)\)\n", text, re.S)
    listed = re.search(r"^MODULES = \(\n(.*?)\)\n", text, re.S | re.M)
    if imports is None or listed is None:
        raise SystemExit("error: nauticus_ref/rules/__init__.py has no import list or MODULES")
    names = sorted(set(re.findall(r"\w+", imports.group(1))) | {name})
    block = "".join(f"    {n},\n" for n in names)
    order = re.findall(r"\w+", listed.group(1))
    if after is not None and after not in order:
        raise SystemExit(f"error: --after: `{after}` is not in the catalogue")
    order.insert(order.index(after) + 1 if after else len(order), name)
    text = text[: imports.start(1)] + block + text[imports.end(1) :]
    listed = re.search(r"^MODULES = \(\n(.*?)\)\n", text, re.S | re.M)
    assert listed is not None
    return text[: listed.start(1)] + "".join(f"    {n},\n" for n in order) + text[listed.end(1) :]


def _string(text: str) -> str:
    """A Python string literal as ruff's formatter writes it (double quotes)."""
    return json.dumps(text, ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("id", help="the rule's id, e.g. no-empty-ship")
    parser.add_argument("--title", required=True, help="a few words, lowercase")
    parser.add_argument("--section", required=True, help="the German rulebook's section")
    parser.add_argument("--section-en", required=True, help="the English rulebook's section")
    parser.add_argument("--moment", required=True, help="the moment it judges (moments.py)")
    parser.add_argument("--after", help="the rule it follows in the catalogue")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    for path in add_rule(
        args.root, args.id, args.title, args.section, args.section_en, args.moment, args.after
    ):
        print(f"wrote {path.relative_to(args.root)}")
    print(
        "next:\n"
        "  1. write the predicate and the examples until `python -m pytest tests/rules` passes\n"
        "  2. `python scripts/regenerate.py` (the rules page, the invalid example, schemas)\n"
        "  3. `python -m pytest --snapshot-update tests/rules` on one core, and read the diff\n"
        "  4. `python scripts/catalogs.py`, then translate the rule's title, summary, why and\n"
        "     messages in the German and French .po files, pair its German section with the\n"
        "     French one in FRENCH (rules/rule.py), and run the script again (docs/languages.md)\n"
        "  5. the whole suite, `python -m pytest -n auto`: a rule judging a turn is asked by\n"
        "     `moves` at once, each option judged; tests/moves/test_judge.py asks you to add\n"
        "     it to FOLLOWED in moves/judge.py once the listing itself follows it"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
