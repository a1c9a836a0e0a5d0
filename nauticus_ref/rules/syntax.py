"""The record follows the notation (docs/notation.md); a line that does not is reported and the record is not replayed.

## Why
A record is read before it is replayed: a line that does not follow the notation cannot
be replayed, and a guess at what it meant would show up as a rule broken somewhere else.

## Breaks it
```ngn
players: Anna Ben
```

## Keeps it
```ngn
players: Anna, Ben
```
"""

from __future__ import annotations

from nauticus_ref.core.findings import SYNTAX_RULE
from nauticus_ref.rules.rule import Rule

RULE = Rule.from_doc(__doc__, id=SYNTAX_RULE, title="the notation", section="NGN", section_en="NGN")
