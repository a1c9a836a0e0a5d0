"""What the program says of itself: its version, and where it and its rules' page live
(`--version`, SARIF's tool, the language server's name).  Every layer may read it."""

__version__ = "0.1.0"
#: Where the project lives; the rules page (docs/rules.md) is under it, and reports that
#: link to a rule (SARIF's helpUri) use it unless the settings' `rules-url` says otherwise.
HOMEPAGE = "https://github.com/nauticus-ref/nauticus-ref"
RULES_URL = f"{HOMEPAGE}/blob/main/docs/rules.md"
