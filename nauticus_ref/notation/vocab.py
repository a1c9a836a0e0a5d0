"""The words of the notation (docs/notation.md): actions, items, rewards, bonuses.

Everything here is vocabulary, not rules: which word means which tile.  Prices,
supply counts and the wheel are board data (see `board.py`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from nauticus_ref.core.language import ngettext, nN_, number

ACTIONS = ("hulls", "masts", "sails", "goods", "transport", "money", "deliver", "crowns")
BUYING_ACTIONS = ("hulls", "masts", "sails", "goods")
#: The kind of tile each buying action buys, and back.
ITEM_KIND_OF_ACTION = {"hulls": "hull", "masts": "mast", "sails": "sail", "goods": "good"}
ACTION_OF_ITEM_KIND = {kind: action for action, kind in ITEM_KIND_OF_ACTION.items()}
PLACING_ACTIONS = BUYING_ACTIONS + ("transport",)

HULLS = ("1ship", "bow", "middle", "stern")
HULL_ALIASES = {
    "1ship": "1ship",
    "single": "1ship",
    "bow": "bow",
    "middle": "middle",
    "mid": "middle",
    "stern": "stern",
}
GOODS = ("coffee", "grain", "salt", "fish")
#: The crests as the rulebook and the default `crests:` name them, in board order.
DEFAULT_CRESTS = ("whale", "anchor", "helm", "crest4")

#: The eight board spaces, clockwise from the 3-workers space, by their bonus.
BONUSES = ("3w", "mast", "sail", "2vp", "2w", "w+good", "w+vp", "4t")
#: Bonuses that need no choice may be written as a checked claim.
CLAIMABLE_BONUSES = ("3w", "2vp", "2w", "w+vp", "4t")

#: Rewards for a completed ship, one per mast (rulebook 4).
REWARDS = ("crown mast", "crown sail", "3vp", "7t", "3w", "goods")

#: Words that stand in the way of a ship or player name and must then be quoted.
KEYWORDS = (
    "game",
    "date",
    "board",
    "players",
    "crests",
    "setup",
    "round",
    "phase",
    "anchor",
    "flipped",
    "store",
    "ship",
    "delivered",
    "bonus",
    "pass",
    "extra",
    "passed",
    "used",
    "new",
    "check",
    "final",
)


@lru_cache(maxsize=1024)
def quoted(name: str) -> str:
    """A player's or ship's name as NGN writes it: bare where it is one plain word,
    else in double quotes (`Anna`, `"Björn B."`).  Every place that writes a name for
    the user to paste (help lines, fixes, completion) writes it so; the few names of a
    game are written over and over (every option listed names its player and ships),
    so each is worked out once."""
    import re  # cached by re: compiled once, on the first name written

    if (
        re.fullmatch(r"\w[\w-]*", name)
        and not re.fullmatch(r"\d+(?:vp|t|w)?|w\+(?:vp|good)", name, re.IGNORECASE)
        and name.lower() not in KEYWORDS
    ):
        return name
    return f'"{name}"'


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The valid word closest to `word`, for a `help:` line, or None."""
    import difflib  # only when a word is wrong: no cost to a clean record

    found = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.5)
    return found[0] if found else None


#: The nouns `count` says, each in its singular and plural.
NOUNS = {
    "blue worker": nN_("{n} blue worker", "{n} blue workers"),
    "change": nN_("{n} change", "{n} changes"),
    "crown": nN_("{n} crown", "{n} crowns"),
    "crown mast": nN_("{n} crown mast", "{n} crown masts"),
    "crown sail": nN_("{n} crown sail", "{n} crown sails"),
    "good": nN_("{n} good", "{n} goods"),
    "hull part": nN_("{n} hull part", "{n} hull parts"),
    "legal phase line": nN_("{n} legal phase line", "{n} legal phase lines"),
    "mast": nN_("{n} mast", "{n} masts"),
    "pass tile": nN_("{n} pass tile", "{n} pass tiles"),
    "point": nN_("{n} point", "{n} points"),
    "sail": nN_("{n} sail", "{n} sails"),
    "worker": nN_("{n} worker", "{n} workers"),
}


def count(n: int, word: str) -> str:
    """`1 worker`, `3 workers`: a number with its noun in the right number, in the
    language in force (`word` one of `NOUNS`)."""
    return ngettext(*NOUNS[word], n).format(n=number(n))
