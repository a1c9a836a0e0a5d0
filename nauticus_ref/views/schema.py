"""The shapes of the referee's JSON outputs, and their JSON Schemas (docs/schema/).

    python scripts/regenerate.py           # rewrite docs/schema/ (and every generated file)

Each output document is described as a typed dictionary in `views/shapes.py` (the
record and the settings by their own models); pydantic turns each into a JSON Schema.  The files in
docs/schema/ are generated from `SCHEMAS` (`nauticus-ref schema NAME` prints one),
and a test fails when they are stale or when an output does not match its schema.
Keys a newer release adds do not change `version` (views/__init__.py); validate with
the schemas of the release you run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from nauticus_ref.views.shapes import (
    Card,
    Explain,
    Parse,
    Rule,
    Rules,
    Score,
    State,
    Validate,
    ValidateLine,
)


def _settings_schema() -> dict[str, Any]:
    from nauticus_ref.config_model import Settings

    return _schema(Settings, "settings")


def _schema(shape: Any, name: str) -> dict[str, Any]:
    schema = TypeAdapter(shape).json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


#: Every published schema by name: `docs/schema/NAME.schema.json`.
SCHEMAS: dict[str, Callable[[], dict[str, Any]]] = {
    "validate": lambda: _schema(Validate, "validate"),
    "validate-line": lambda: _schema(ValidateLine, "validate-line"),
    "parse": lambda: _schema(Parse, "parse"),
    "score": lambda: _schema(Score, "score"),
    "state": lambda: _schema(State, "state"),
    "explain": lambda: _schema(Explain, "explain"),
    "card": lambda: _schema(Card, "card"),
    "rules": lambda: _schema(Rules, "rules"),
    "rule": lambda: _schema(Rule, "rule"),
    "settings": _settings_schema,
}


def schema_text(name: str) -> str:
    """The schema called `name` as its published file reads."""
    import json

    return json.dumps(SCHEMAS[name](), indent=2, ensure_ascii=False) + "\n"


def targets() -> dict[Path, str]:
    folder = Path(__file__).resolve().parents[2] / "docs" / "schema"
    return {folder / f"{name}.schema.json": schema_text(name) for name in SCHEMAS}

