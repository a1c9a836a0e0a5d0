"""The views: one module per report, each with a table of its formats.

`FORMAT_NAMES` is what the command line offers for each command; it is kept here,
free of imports, so that building the command line loads no view.  Each view
module's own `FORMATS` maps the same names to its renderers (a test checks that
they agree).
"""

#: The `version` every JSON output carries; raised when a field changes meaning or goes
#: (adding a field does not change it).  The schemas are in docs/schema/.
JSON_VERSION = 1

FORMAT_NAMES: dict[str, tuple[str, ...]] = {
    "validate": ("text", "concise", "json", "jsonl", "github", "sarif", "junit"),
    "score": ("text", "json", "markdown", "html", "svg"),
    "state": ("text", "json", "markdown", "svg"),
    "explain": ("text", "json", "markdown"),
    "card": ("text", "json", "svg"),
    "moves": ("text", "json"),
    "league": ("text", "json", "csv", "html"),
}
