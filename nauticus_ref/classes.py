"""`dataclass`: the standard library's decorator, made cheaper to import.

Every class of the package that holds values (the record model, findings, the table's
state, results) is a dataclass.  The standard decorator writes each class's
`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__` and `__delattr__` as
source text and compiles it when the module is imported: about 0.4 ms a frozen class,
half of the referee's own import time, paid by every fresh `nauticus-ref` process
(docs/performance.md, the cold start).

This one takes the same arguments and makes the same classes, with
`dataclasses.fields`, `replace`, `asdict` and pydantic working on them as before:
- the fields are read as the standard library reads them, into its own `Field`
  objects (`_read_fields`; anything unusual is left to the standard library);
- each `__init__` is written out ahead in `_inits.py` (by `python -m
  nauticus_ref.classes`, as the parser tables are), and compiled only if its source is
  not there; a frozen slotted class sets its fields through the slots' own setters,
  faster than the standard `object.__setattr__`;
- the other methods are closures over the class's fields: nothing is compiled.

A class this version does not cover (`order`, `unsafe_hash`, `__post_init__`, a field
left out of `__init__` or of comparisons, an `InitVar`) is handed to the standard
decorator whole.  mypy sees the standard decorator itself.
tests/test_classes.py holds the two side by side.
"""

from __future__ import annotations

import dataclasses
import functools
import reprlib
from dataclasses import MISSING, FrozenInstanceError
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    def dataclass(cls: type | None = None, /, **options: Any) -> Any:
        """`dataclasses.dataclass`, with only `__init__` compiled (module doc)."""
        def wrap(c: type) -> type:
            return _make(c, **options)
        return wrap if cls is None else wrap(cls)


def _make(cls: type, *, init: bool = True, repr: bool = True, eq: bool = True,
          frozen: bool = False, slots: bool = False, kw_only: bool = False,
          **others: Any) -> type:
    own = cls.__dict__
    if any(others.values()) or not _covered(own):
        return dataclasses.dataclass(cls, init=init, repr=repr, eq=eq, frozen=frozen,
                                     slots=slots, kw_only=kw_only, **others)
    if not own.get("__doc__"):   # else the standard decorator imports inspect to write one
        cls.__doc__ = f"{cls.__name__}({', '.join(own.get('__annotations__', {}))})"
    made = _read_fields(cls, slots=slots, kw_only=kw_only) or dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, slots=slots, kw_only=kw_only)
    fields = dataclasses.fields(made)
    names = [f.name for f in fields]
    values = _values_getter(names)
    methods: dict[str, Any] = {}
    if init and "__init__" not in own:
        methods["__init__"] = _init_method(made, fields, frozen=frozen, slots=slots)
    if repr and "__repr__" not in own:
        methods["__repr__"] = _repr_method(names)
    if eq and "__eq__" not in own:
        methods["__eq__"] = _eq_method(values)
    if eq and own.get("__hash__", None) is None:
        # as the standard one: a frozen class hashes its values, a mutable one has none
        methods["__hash__"] = _hash_method(values) if frozen else None
    if frozen:
        methods["__setattr__"] = methods["__delattr__"] = _frozen
        if slots:   # copy and pickle would set the slots through __setattr__
            methods["__getstate__"] = _getstate_method(values)
            methods["__setstate__"] = _setstate_method(names)
    for name, method in methods.items():
        setattr(made, name, method)
    return made


def _read_fields(cls: type, *, slots: bool, kw_only: bool) -> type | None:
    """What the standard decorator does when `_make` calls it (no method of its own to
    write): read the fields, then make the class again with slots, in a third of its
    time (it reads every annotation's text three times over for ClassVar, InitVar
    and KW_ONLY).  None for a class whose fields need the standard reading: a field
    named as an inherited one or as a base's attribute, a ClassVar or KW_ONLY, a
    mutable default, a field without annotation, a frozen dataclass base, a metaclass,
    or a Python whose dataclasses module differs.  (An InitVar never comes here:
    `_covered` hands its class to the standard decorator whole.)"""
    own = cls.__dict__
    is_field = getattr(dataclasses, "_FIELD", None)
    if is_field is None or type(cls) is not type or "__slots__" in own:
        return None
    fields: dict[str, dataclasses.Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = base.__dict__.get("__dataclass_fields__")
        if inherited is not None:
            if base.__dict__["__dataclass_params__"].frozen:
                return None
            fields.update(inherited)
    annotations: dict[str, Any] = own.get("__annotations__", {})
    taken = {name for base in cls.__mro__[1:-1] for name in base.__dict__}   # object's: dunders
    for name, annotation in annotations.items():
        if (name in fields or name in taken or not isinstance(annotation, str)
                or "ClassVar" in annotation or "KW_ONLY" in annotation):
            return None
        default = own.get(name, MISSING)
        f: Any = default if isinstance(default, dataclasses.Field) else dataclasses.field(
            default=default)
        if f.default is not MISSING and type(f.default).__hash__ is None:
            return None   # the standard decorator refuses it, and says why
        f.name, f.type, f._field_type = name, annotation, is_field
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        fields[name] = f
    if any(isinstance(v, dataclasses.Field) and k not in annotations for k, v in own.items()):
        return None
    done = {"__dataclass_fields__": fields, "__dataclass_params__": _params(slots, kw_only)}
    if "__match_args__" not in own:
        done["__match_args__"] = tuple(f.name for f in fields.values() if f.init and not f.kw_only)
    if not slots:
        for name in annotations:
            if isinstance(own.get(name), dataclasses.Field):
                if fields[name].default is MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, fields[name].default)
        for key, value in done.items():
            setattr(cls, key, value)
        return cls
    namespace = {k: v for k, v in own.items()
                 if k not in annotations and k not in ("__dict__", "__weakref__")}
    namespace.update(done, __slots__=tuple(annotations))
    made = type(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    return made


@functools.cache
def _params(slots: bool, kw_only: bool) -> Any:
    """The `__dataclass_params__` the standard decorator gives a class `_make` calls it
    for (its fields of this Python's version), taken from a class it made so."""
    bare = type("Template", (), {"__doc__": "a docstring, so that inspect is not imported"})
    template: Any = dataclasses.dataclass(bare, init=False, repr=False, eq=False, slots=slots,
                                          kw_only=kw_only)
    return template.__dataclass_params__


def _covered(own: Any) -> bool:
    """Whether a class body uses only what `_make` writes itself (see the module doc)."""
    if "__post_init__" in own:
        return False
    for name, annotation in own.get("__annotations__", {}).items():
        if "InitVar" in str(annotation):
            return False
        f = own.get(name)
        if isinstance(f, dataclasses.Field) and not (
                f.init and f.repr and f.compare and f.hash is None):
            return False
    return True


def _values_getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from an instance to the tuple of its field values, in field order."""
    if len(names) > 1:
        getter: Callable[[Any], tuple[Any, ...]] = attrgetter(*names)
        return getter
    if names:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _init_method(cls: type, fields: tuple[dataclasses.Field[Any], ...], *,
                 frozen: bool, slots: bool) -> Callable[..., None]:
    """`__init__`, made from source as the standard library does it: taken from the
    functions written out ahead (`_inits.py`) where one has this very source, else
    compiled now."""
    scope: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []   # keyword-only fields come last, wherever they were declared
    body = []
    for f in fields:
        params = keyword if f.kw_only else positional
        value = f.name
        if f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            scope["_FACTORY"], scope[f"_factory_{f.name}"] = _FACTORY, f.default_factory
            params.append(f"{f.name}=_FACTORY")
            value = f"_factory_{f.name}() if {f.name} is _FACTORY else {f.name}"
        else:
            if params is positional and any("=" in p for p in positional):
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            params.append(f.name)
        if frozen and slots:
            scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
            body.append(f"_set_{f.name}(self, {value})")
        elif frozen:
            scope["_object_setattr"] = object.__setattr__
            body.append(f"_object_setattr(self, {f.name!r}, {value})")
        else:
            body.append(f"self.{f.name} = {value}")
    params = positional + (["*", *keyword] if keyword else [])
    source = (f"def __init__(self, {', '.join(params)}):\n"
              + "".join(f"    {line}\n" for line in body or ["pass"]))
    SOURCES[source] = sorted(scope)
    ahead = _written_ahead().get(source)
    if ahead is not None:
        method: Callable[..., None] = ahead(**scope)
    else:
        exec(source, scope)
        method = scope["__init__"]
    method.__qualname__ = f"{cls.__qualname__}.__init__"
    method.__annotations__ = {**{f.name: f.type for f in fields}, "return": None}   # as help() shows
    return method


#: Every `__init__` source made in this process, with the names it takes from its class.
SOURCES: dict[str, list[str]] = {}


@functools.cache
def _written_ahead() -> dict[str, Callable[..., Callable[..., None]]]:
    try:
        from nauticus_ref._inits import INITS
    except ImportError:   # pragma: no cover - a checkout whose file was deleted
        return {}
    return INITS


def inits_source() -> str:
    """The text of `_inits.py`: every `__init__` the package's classes use, written out
    (`python -m nauticus_ref.classes`, after importing every module)."""
    out = ["# Generated by `python -m nauticus_ref.classes`; do not edit.  Each dataclass's",
           "# __init__, written out ahead so that importing the package compiles none of",
           "# them (nauticus_ref/classes.py).  A test fails when they are stale.",
           "# fmt: off", "# ruff: noqa", "from typing import Any, Callable", "", ""]
    for n, (source, names) in enumerate(sorted(SOURCES.items())):
        out += [f"def _{n}({', '.join(names)}):",
                *(f"    {line}" for line in source.splitlines()),
                "    return __init__", "", ""]
    out.append("INITS: dict[str, Callable[..., Any]] = {")
    out += [f"    {source!r}: _{n}," for n, source in enumerate(sorted(SOURCES))]
    return "\n".join(out + ["}", ""])


def import_everything() -> list[str]:
    """Import every module of the package (so that every class is made); the names of
    those that cannot be imported here (an extra not installed)."""
    import importlib
    import pkgutil

    import nauticus_ref

    missing = []
    for module in pkgutil.walk_packages(nauticus_ref.__path__, "nauticus_ref."):
        if module.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(module.name)
        except ImportError:
            missing.append(module.name)
    return missing


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


#: Stands in for a field whose default is made by a factory, as in the standard library.
_FACTORY = _Factory()


def _repr_method(names: list[str]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()   # as the standard one: `...` for an object inside itself
    def __repr__(self: Any) -> str:
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({inside})"
    return __repr__


def _eq_method(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], Any]:
    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)
    return __eq__


def _hash_method(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))
    return __hash__


def _frozen(self: Any, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _getstate_method(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], list[Any]]:
    def __getstate__(self: Any) -> list[Any]:
        return list(values(self))
    return __getstate__


def _setstate_method(names: list[str]) -> Callable[[Any, list[Any]], None]:
    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state):
            object.__setattr__(self, name, value)
    return __setstate__


if __name__ == "__main__":
    from pathlib import Path

    from nauticus_ref import classes  # the module the package's classes were made by
    from nauticus_ref.writing import write_atomically

    for name in classes.import_everything():
        print(f"not imported (an extra is missing): {name}")
    target = Path(__file__).resolve().parent / "_inits.py"
    write_atomically(target, classes.inits_source())
    print(f"wrote {target}")
