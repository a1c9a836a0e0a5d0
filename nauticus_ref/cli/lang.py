"""The language of the command line: `--lang` on every command, the settings' `lang`,
and the help texts said in the language in force (core/language.py chooses it)."""

from __future__ import annotations

import os

import click

from nauticus_ref.core.language import N_


def _set_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--lang`, on the group or a command; where neither says, the environment (the
    settings' `lang` may still speak, `settings_language`)."""
    from nauticus_ref.core import language

    root = ctx.find_root().meta
    if value is not None:
        root["lang"] = value
        language.use(value)
        LANGUAGE["given"] = True
    elif "lang" not in root:  # the first `--lang` of an invocation that gives none
        root["lang"] = None
        language.use(language.choose())
        LANGUAGE["given"] = language.known(os.environ.get(language.ENV)) is not None


#: click's own words that a person reads in help and in usage errors, for the catalogs:
#: click says them through gettext, which reads the same catalogs (`choose_language`).
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("default: {default}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("No such option {name!r}."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
)

#: Whether `--lang` or NAUTICUS_REF_LANG named the language (then the settings' `lang`
#: does not count).
LANGUAGE = {"given": False}


def lang_option() -> click.Option:
    """`--lang`, which every command takes (`with_lang`)."""
    from nauticus_ref.core.language import LANGUAGES

    return click.Option(
        ["--lang"],
        type=click.Choice(list(LANGUAGES)),
        expose_value=False,
        is_eager=True,
        callback=_set_language,
        help="The language of what a person reads: en, de or fr (else NAUTICUS_REF_LANG, "
        "the settings' `lang`, the locale).",
    )


def settings_language(lang: str | None) -> None:
    """Speak the settings' `lang`, unless `--lang` or NAUTICUS_REF_LANG said otherwise."""
    if lang and not LANGUAGE["given"]:
        from nauticus_ref.core import language

        language.use(lang)


#: Each help text as written (English), by the object that holds it: what `_` translates.
_ENGLISH: dict[tuple[int, str], str] = {}


def english(holder: object, attr: str) -> str | None:
    """A help text as written, whatever language it was last shown in."""
    text: str | None = _ENGLISH.setdefault((id(holder), attr), getattr(holder, attr))
    return text


def _said(holder: object, attr: str) -> None:
    english_text = english(holder, attr)
    if english_text:
        from nauticus_ref.core.language import _

        setattr(holder, attr, _(english_text))


def translate_help(command: click.Command) -> None:
    """The command's help texts in the language in force (from the English as written,
    so that a second language in the same process, as in the tests, reads right)."""
    _said(command, "help")
    _said(command, "short_help")
    for param in command.params:
        if isinstance(param, click.Option):
            _said(param, "help")


def with_lang(command: click.Command) -> click.Command:
    """`command`, taking `--lang` (added once)."""
    if not any(p.name == "lang" for p in command.params):
        command.params.append(lang_option())
    return command


class Command(click.Command):
    """A command whose help speaks the language in force."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        translate_help(self)
        super().format_help(ctx, formatter)


def choose_language(args: list[str]) -> None:
    """The language, before click reads the arguments (so that `--help` anywhere speaks
    it): `--lang` wherever it is written, else NAUTICUS_REF_LANG, else the locale.  Click's
    own words (Usage, Options) are read from the same catalogs, by gettext's own lookup."""
    import gettext

    from nauticus_ref.core import language

    flag = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            flag = args[i + 1]
        elif arg.startswith("--lang="):
            flag = arg.removeprefix("--lang=")
    lang = language.choose(flag)
    language.use(lang)
    LANGUAGE["given"] = bool(language.known(flag) or language.known(os.environ.get(language.ENV)))
    gettext.bindtextdomain(language.DOMAIN, language.LOCALE_DIR)
    gettext.textdomain(language.DOMAIN)
    os.environ["LANGUAGE"] = lang
