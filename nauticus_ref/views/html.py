"""HTML pages, from the Jinja2 templates in `templates/`.

Escaping is on for every template (`autoescape=True`): names in a record come from
strangers, so whatever a template prints shows as text, and characters that would act
instead of showing (bidirectional overrides, controls) show as escapes.  The two things that reach
a page unescaped are marked here and nowhere else: an SVG picture that `svg.py` built
(its text was escaped by ElementTree), and the page's own script.  Data for a script
goes through Jinja's `tojson`, which writes `<`, `>`, `&` and `'` as `\\u003c` and the
like, so that it can never close its script element.

Every page carries a Content-Security-Policy that loads nothing from anywhere and
runs no script but its own (by its hash), so a page mailed around stays self-contained
and an injected script would not run even if one slipped past the escaping.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib import resources

import jinja2
from markupsafe import Markup

from nauticus_ref.core import language


def _shown(value: object) -> object:
    """A text a template prints, with the characters that would act instead of showing
    (controls, bidirectional overrides and isolates) written as escapes, as a terminal
    shows them: a name that reverses the text after it shows as the escape it is."""
    if isinstance(value, str) and not isinstance(value, Markup):
        if value.isascii() and value.isprintable():  # most of a page: nothing to escape
            return value
        from nauticus_ref.views.text import escape_controls

        return escape_controls(value)
    return value


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("nauticus_ref.views", "templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_shown,
    )
    # the words of a page in the language in force when it is drawn (`_` looks it up)
    # (a method the i18n extension adds to the environment, unknown to its type)
    getattr(env, "install_gettext_callables")(
        gettext=language._, ngettext=language.ngettext, newstyle=True
    )
    # keep the referee's key order (prices, storage and delivered goods are drawn in it)
    env.policies["json.dumps_kwargs"] = {
        "sort_keys": False,
        "ensure_ascii": False,
        "separators": (",", ":"),
    }
    return env


def picture(svg_text: str) -> Markup:
    """An SVG document drawn by `svg.py`, to put inline in a page."""
    return Markup(svg_text)


def asset(name: str) -> str:
    """A file of `templates/` (a script, the style sheet), as text."""
    return (resources.files("nauticus_ref.views") / "templates" / name).read_text("utf-8")


def render(template: str, *, title: str, script: str | None = None, **context: object) -> str:
    """A whole page: `template` with the page's title and, if it has one, its script."""
    scripts = "'none'"
    if script is not None:
        digest = hashlib.sha256(script.encode("utf-8")).digest()
        scripts = f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
    csp = f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src {scripts}"
    return fragment(
        template,
        lang=language.current(),
        title=title,
        csp=csp,
        style=Markup(asset("page.css")),
        script=Markup(script) if script is not None else None,
        **context,
    )


def fragment(template: str, **context: object) -> str:
    """Part of a page, for a host page to hold (a Jupyter notebook's output)."""
    return environment().get_template(template).render(**context)
