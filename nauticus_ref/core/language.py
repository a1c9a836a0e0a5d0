"""The language a person reads: English, German or French, from gettext catalogs.

Every word the referee says to a person is written in English in the code and passed
through `_` (or `ngettext`) where it is said; the catalogs in `nauticus_ref/locale/`
give its German and French.  Reading a catalog needs only the standard library's
`gettext`; Babel extracts and compiles them (scripts/catalogs.py, docs/languages.md).
Rule ids, JSON keys and the notation are never translated.

The language in force is the process's (`use`, set once by the command line) unless a
request sets its own for the time it is answered (`using`: the recorder's pages, the
language server), so that two requests in two languages do not mix.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
import os
from collections.abc import Iterator, Mapping

#: The languages the referee speaks, each by its name in itself.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}
DEFAULT = "en"
DOMAIN = "nauticus_ref"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
#: The environment variable that names the language (below `--lang`, above the settings).
ENV = "NAUTICUS_REF_LANG"
#: Where gettext reads the locale, in its own order.
LOCALE_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_process = DEFAULT
_request: contextvars.ContextVar[str | None] = contextvars.ContextVar("lang", default=None)
_catalogs: dict[str, gettext.NullTranslations] = {}


def known(code: str | None) -> str | None:
    """The language a code names (`de`, `de_DE.UTF-8`, `fr-CH`, `FR`), or None."""
    if not code:
        return None
    base = code.replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
    return base if base in LANGUAGES else None


def from_locale(environ: Mapping[str, str] = os.environ) -> str | None:
    """The language of the locale, read as gettext reads it: the first of `LANGUAGE`
    (a colon-separated list), `LC_ALL`, `LC_MESSAGES` and `LANG` that is set; `C` and
    `POSIX` name none."""
    for key in LOCALE_ENV:
        value = environ.get(key)
        if value:
            for lang in map(known, value.split(":")):
                if lang:
                    return lang
            if key != "LANGUAGE":  # LANGUAGE is a list of wishes; the rest decide
                return None
    return None


def from_accept_language(header: str | None) -> str | None:
    """The language a browser asks for first (`Accept-Language: fr-CH, fr;q=0.9, en;q=0.8`)
    among those the referee speaks, or None; at most the first 32 entries are read."""
    wishes = []
    for i, part in enumerate((header or "").split(",")[:32]):
        code, _sep, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and known(code):
            wishes.append((-q, i, known(code)))
    return min(wishes)[2] if wishes else None


def choose(
    flag: str | None = None,
    setting: str | None = None,
    environ: Mapping[str, str] = os.environ,
) -> str:
    """The language in force: `--lang`, else NAUTICUS_REF_LANG, else the settings' `lang`,
    else the locale, else English."""
    for code in (flag, environ.get(ENV), setting):
        lang = known(code)
        if lang:
            return lang
    return from_locale(environ) or DEFAULT


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English: none, every message as written)."""
    if lang not in _catalogs:
        _catalogs[lang] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    return _catalogs[lang]


def current() -> str:
    """The language in force here: the request's, else the process's."""
    return _request.get() or _process


def use(lang: str) -> None:
    """Make `lang` the process's language (the command line, once)."""
    global _process
    _process = known(lang) or DEFAULT


@contextlib.contextmanager
def using(lang: str | None) -> Iterator[str]:
    """Speak `lang` for the time of a request (None: the process's language)."""
    token = _request.set(known(lang) or current())
    try:
        yield current()
    finally:
        _request.reset(token)


def _(message: str) -> str:
    """`message` in the language in force."""
    lang = current()
    return message if lang == DEFAULT else catalog(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message, as the language in force counts `n`."""
    lang = current()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    return catalog(lang).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for the catalogs where it is written, to be translated where it is
    said (`_(name)`): help texts and titles defined at import."""
    return message


def nN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with its plural for the catalogs, to be said with `ngettext`."""
    return singular, plural


#: How a number's thousands are grouped and its decimals marked, by language.
_SEPARATORS = {"en": (",", "."), "de": (".", ","), "fr": ("\u202f", ",")}


def number(value: int | float, decimals: int | None = None) -> str:
    """`value` as a person reads it in the language in force: `1,234` in English,
    `1.234` in German, `1 234` in French (never in JSON)."""
    thousands, point = _SEPARATORS[current()]
    text = f"{value:,.{decimals}f}" if decimals is not None else f"{value:,}"
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)
