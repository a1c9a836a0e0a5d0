"""The translation catalogs are what the code says now, and complete
(scripts/catalogs.py; docs/languages.md)."""

from __future__ import annotations

import gettext

import pytest
from helpers import ROOT

from nauticus_ref.core.language import DOMAIN, LOCALE_DIR


@pytest.fixture(scope="module")
def catalogs():
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import catalogs as module
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return module


def test_no_catalog_is_stale(catalogs):
    stale = [str(p.relative_to(ROOT)) for p in catalogs.stale()]
    assert stale == [], "stale: run `python scripts/catalogs.py`, then translate what is new"


def test_every_german_and_french_entry_is_translated_and_none_is_fuzzy(catalogs):
    assert catalogs.problems() == []


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_compiled_catalogs_are_read_with_the_standard_library_alone(lang):
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    assert found.gettext("the free tile must go to storage") != "the free tile must go to storage"


def test_every_placeholder_of_a_message_is_kept_in_its_translations(catalogs):
    """A translation that drops or misspells `{player}` would fail with KeyError, or say
    less, only where the message is said."""
    import re

    from babel.messages.pofile import read_po

    field = re.compile(r"\{(\w*)[^}]*\}|%\((\w+)\)s")
    for lang in catalogs.TRANSLATED:
        with (ROOT / "nauticus_ref" / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open(
            "rb"
        ) as f:
            for m in read_po(f):
                if not m.id:
                    continue
                ids = m.id if isinstance(m.id, tuple) else (m.id,)
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                want = set(field.findall(ids[-1])) | set(field.findall(ids[0]))
                for s in strings:
                    assert set(field.findall(s)) <= want, (lang, ids[0], s)
                    assert set(field.findall(s)) >= set(field.findall(ids[0])) - {"n"}, (
                        lang,
                        ids[0],
                        s,
                    )


def test_every_rulebook_section_a_rule_cites_has_its_french_heading():
    from nauticus_ref.rules import RULES
    from nauticus_ref.rules.rule import FRENCH, NOTATION

    cited = {part for r in RULES for part in r.section.split("; ")}
    assert {p for p in cited if not p.startswith(NOTATION)} - set(FRENCH) == set()
