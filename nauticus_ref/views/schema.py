"""The shapes of the referee's JSON outputs, and their JSON Schemas (docs/schema/).

    python scripts/regenerate.py           # rewrite docs/schema/ (and every generated file)

Each output document is described as a typed dictionary in `views/shapes.py` (the
record by its own model); pydantic turns each into a JSON Schema.  The files in
docs/schema/ are generated from `SCHEMAS` and the settings' own schema
(`cli.tools.published`; `nauticus-ref schema NAME` prints one), and a test fails when
they are stale or when an output does not match its schema.
Keys a newer release adds do not change `version` (views/__init__.py); validate with
the schemas of the release you run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from nauticus_ref.views.shapes import (
    Card,
    Explain,
    League,
    Parse,
    Rule,
    Rules,
    Score,
    State,
    Validate,
    ValidateLine,
)
from nauticus_ref.views.shapes_moves import Moves


def json_schema(shape: Any) -> dict[str, Any]:
    """The JSON Schema of a shape (a typed dictionary or a pydantic model)."""
    schema = TypeAdapter(shape).json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


#: The schema of each JSON output by name (`docs/schema/NAME.schema.json`; the settings
#: file's schema is the settings' own, `settings/model.py`).
SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "validate": lambda: json_schema(Validate),
    "validate-line": lambda: json_schema(ValidateLine),
    "parse": lambda: json_schema(Parse),
    "score": lambda: json_schema(Score),
    "state": lambda: json_schema(State),
    "explain": lambda: json_schema(Explain),
    "card": lambda: json_schema(Card),
    "moves": lambda: json_schema(Moves),
    "league": lambda: json_schema(League),
    "rules": lambda: json_schema(Rules),
    "rule": lambda: json_schema(Rule),
}


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as its published file reads."""
    import json

    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
