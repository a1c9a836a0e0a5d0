"""Which language is spoken, and how a number is written in it."""

from __future__ import annotations

import pytest

from nauticus_ref.core import language
from nauticus_ref.core.language import _, choose, from_locale, known, ngettext, number, using


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("de", "de"),
        ("de_DE.UTF-8", "de"),
        ("fr-CH", "fr"),
        ("FR", "fr"),
        ("en_GB", "en"),
        ("de_AT@euro", "de"),
        ("it_IT", None),
        ("C", None),
        ("", None),
        (None, None),
    ],
)
def test_a_code_names_a_language_the_referee_speaks_or_none(code, lang):
    assert known(code) == lang


def test_the_flag_wins_then_the_variable_then_the_settings_then_the_locale():
    env = {"NAUTICUS_REF_LANG": "fr", "LANG": "de_DE.UTF-8"}
    assert choose("de", "en", env) == "de"
    assert choose(None, "de", env) == "fr"
    assert choose(None, "fr", {"LANG": "de_DE.UTF-8"}) == "fr"
    assert choose(None, None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert choose(None, None, {}) == "en"
    assert choose("xx", None, {"NAUTICUS_REF_LANG": "klingon"}) == "en"


def test_the_locale_is_read_as_gettext_reads_it():
    assert from_locale({"LANGUAGE": "it:fr:de", "LANG": "de_DE.UTF-8"}) == "fr"
    assert from_locale({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert from_locale({"LC_MESSAGES": "C", "LANG": "de_DE.UTF-8"}) is None
    assert from_locale({"LANG": "C.UTF-8"}) is None


def test_a_request_speaks_its_own_language_and_leaves_the_process_s_alone():
    assert _("the free tile must go to storage") == "the free tile must go to storage"
    with using("de"):
        assert "Lager" in _("the free tile must go to storage")
        with using("fr"):
            assert "entrepôt" in _("the free tile must go to storage")
        assert language.current() == "de"
    assert language.current() == "en"


def test_plurals_follow_each_language_s_own_rule():
    forms = ("{n} worker", "{n} workers")
    assert [ngettext(*forms, n).format(n=n) for n in (0, 1, 2)] == [
        "0 workers",
        "1 worker",
        "2 workers",
    ]
    with using("fr"):  # French counts 0 as singular
        assert [ngettext(*forms, n).format(n=n) for n in (0, 1, 2)] == [
            "0 ouvrier",
            "1 ouvrier",
            "2 ouvriers",
        ]


def test_numbers_are_grouped_as_each_language_writes_them():
    assert number(1234567) == "1,234,567"
    with using("de"):
        assert number(1234567) == "1.234.567"
        assert number(2.5, 1) == "2,5"
    with using("fr"):
        assert number(1234) == "1\u202f234"
