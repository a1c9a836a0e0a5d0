"""nauticus_ref.classes.dataclass makes the same classes as the standard decorator.

Each case declares one class body twice, once for each decorator, and checks that
instances behave alike: construction, defaults, equality, hashing, repr, frozenness,
copying, pickling, `dataclasses.replace` and `fields`.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import re
from dataclasses import field
from typing import Any, Callable

import pytest

from nauticus_ref import classes

OPTIONS = [dict(), dict(frozen=True), dict(frozen=True, slots=True),
           dict(frozen=True, slots=True, kw_only=True), dict(slots=True), dict(eq=False),
           dict(repr=False), dict(frozen=True, eq=False)]


def make(decorator: Callable[..., Any], options: dict[str, Any]) -> type:
    @decorator(**options)
    class Point:
        """A point with a label and some tags."""

        x: int
        y: int = 0
        tags: list[str] = field(default_factory=list)
        label: str | None = None

    return Point


def build(cls: type, options: dict[str, Any], **values: Any) -> Any:
    return cls(**values) if options.get("kw_only") else cls(*values.values())


# pickle finds a class by its module and name: one module-level pair of each kind
Plain = make(classes.dataclass, dict(frozen=True, slots=True, kw_only=True))
Plain.__qualname__ = "Plain"


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_instances_behave_as_the_standard_ones(options: dict[str, Any]) -> None:
    ours, theirs = make(classes.dataclass, options), make(dataclasses.dataclass, options)
    for cls in (ours, theirs):
        assert dataclasses.is_dataclass(cls)
    a, b = (build(c, options, x=1, y=2) for c in (ours, theirs))
    assert (a.x, a.y, a.tags, a.label) == (b.x, b.y, b.tags, b.label) == (1, 2, [], None)
    assert build(ours, options, x=1, y=2).tags is not a.tags   # a new list each time
    shown = [re.sub(r" at 0x[0-9a-f]+", "", repr(obj).replace(type(obj).__qualname__, "P"))
             for obj in (a, b)]
    assert shown[0] == shown[1]
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert dataclasses.replace(a, y=5).y == 5 and dataclasses.replace(a, y=5).x == 1
    same, other = build(ours, options, x=1, y=2), build(ours, options, x=1, y=3)
    if options.get("eq", True):
        assert a == same and a != other
        assert (a == b) is False   # another class is never equal
    else:
        assert a != same and a == a
    assert (ours.__hash__ is None) == (theirs.__hash__ is None)
    if options.get("frozen"):
        for obj in (a, b):
            with pytest.raises(dataclasses.FrozenInstanceError):
                obj.x = 9
            with pytest.raises(dataclasses.FrozenInstanceError):
                del obj.x
        if options.get("eq", True):
            assert hash(build(ours, options, x=1, y=2, tags=(), label="p")) == hash(
                build(ours, options, x=1, y=2, tags=(), label="p"))
    else:
        a.x = 7
        assert a.x == 7
    if options.get("slots"):
        assert "__slots__" in ours.__dict__ and not hasattr(a, "__dict__")
    for duplicate in (copy.copy(a), copy.deepcopy(a)):
        assert (duplicate.x, duplicate.y, duplicate.tags) == (a.x, a.y, a.tags)


def test_an_object_inside_itself_is_shown_as_the_standard_one_shows_it() -> None:
    def node(decorator: Callable[..., Any]) -> Any:
        @decorator
        class Node:
            """A node that may hold itself."""

            children: list[Any]

        return Node([])

    ours, theirs = node(classes.dataclass), node(dataclasses.dataclass)
    for n in (ours, theirs):
        n.children.append(n)
    assert repr(ours).replace("node.<locals>.", "") == repr(theirs).replace("node.<locals>.", "")
    assert repr(ours).endswith("Node(children=[...])")


def family(decorator: Callable[..., Any], options: dict[str, Any]) -> tuple[type, type]:
    @decorator(**options)
    class Base:
        """A base with a default and a factory."""

        span: int
        notes: list[str] = field(default_factory=list)

    @decorator(**options)
    class Child(Base):
        """A child adding its own fields."""

        name: str = "x"
        count: int = 1

    return Base, Child


def shape(cls: type) -> tuple[Any, ...]:
    """What the standard decorator decides about a class, as the library exposes it."""
    import inspect

    fields = [(f.name, f.type, f.default, f.default_factory, f.kw_only, f.init, f.repr,
               f.compare, f.hash, f.metadata) for f in dataclasses.fields(cls)]
    return (fields, getattr(cls, "__match_args__", None), cls.__dict__.get("__slots__"),
            repr(cls.__dict__["__dataclass_params__"]), str(inspect.signature(cls)),
            [k for k in cls.__dict__ if k in ("span", "notes", "name", "count")])


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_fields_are_read_as_the_standard_decorator_reads_them(options: dict[str, Any]) -> None:
    if options.get("kw_only") is None:
        options = {**options, "kw_only": True}   # a base with defaults needs it for Child
    ours, theirs = family(classes.dataclass, options), family(dataclasses.dataclass, options)
    for mine, standard in zip(ours, theirs):
        got, want = shape(mine), shape(standard)
        # the standard one writes __init__ itself (its params say init=True): the rest alike
        assert got[:3] == want[:3] and got[4:] == want[4:]
        assert mine.__qualname__.split(".")[-1] == standard.__qualname__.split(".")[-1]
    child = ours[1](span=1, name="y")
    assert (child.span, child.notes, child.name, child.count) == (1, [], "y", 1)


def test_keyword_only_fields_go_last_as_in_the_standard_one() -> None:
    def mixed(decorator: Callable[..., Any]) -> type:
        @decorator
        class Mixed:
            """A keyword-only field declared before a positional one."""

            a: int = field(kw_only=True)
            b: int

        return Mixed

    import inspect

    ours, theirs = mixed(classes.dataclass), mixed(dataclasses.dataclass)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs)) == "(b: 'int', *, a: 'int') -> None"
    assert (ours(2, a=1).a, ours(2, a=1).b) == (1, 2)


def test_what_the_standard_decorator_refuses_it_refuses() -> None:
    with pytest.raises(ValueError, match="mutable default"):
        @classes.dataclass
        class Mutable:
            items: list[int] = []   # noqa: RUF012

    for decorator in (classes.dataclass, dataclasses.dataclass):
        with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
            @decorator
            class Ordered:
                a: int = 1
                b: int

    with pytest.raises(TypeError, match="is a field but has no type annotation"):
        @classes.dataclass
        class Unannotated:
            a: int
            b = field(default=1)

    @classes.dataclass
    class Base:
        a: int = 1

    @classes.dataclass
    class Again(Base):
        a: int = 2   # a field named as an inherited one: read the standard way

    assert Again().a == 2 and [f.name for f in dataclasses.fields(Again)] == ["a"]


def test_frozen_slotted_instances_pickle() -> None:
    p = Plain(x=1, y=2, tags=["a"], label=None)
    back = pickle.loads(pickle.dumps(p))
    assert back == p and back is not p


def test_positional_and_keyword_arguments_as_the_standard_ones() -> None:
    ours = make(classes.dataclass, dict(frozen=True, slots=True, kw_only=True))
    with pytest.raises(TypeError):
        ours(1)
    with pytest.raises(TypeError):
        ours(y=1)   # x has no default
    plain = make(classes.dataclass, {})
    assert plain(1, 2, ["t"], "l").label == "l"


def test_what_it_does_not_cover_goes_to_the_standard_decorator() -> None:
    @classes.dataclass(order=True)
    class Ordered:
        n: int

    @classes.dataclass
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    @classes.dataclass
    class Hidden:
        n: int
        cache: int = field(default=0, compare=False)

    assert Ordered(1) < Ordered(2)
    with pytest.raises(ValueError):
        Checked(-1)
    assert Hidden(1, 5) == Hidden(1, 6)


def test_a_class_without_a_docstring_gets_one_without_inspect() -> None:
    @classes.dataclass
    class Bare:
        a: int
        b: str

    assert Bare.__doc__ == "Bare(a, b)"


def test_the_package_makes_its_classes_with_it() -> None:
    """Every dataclass of the package goes through classes.dataclass (its import cost,
    docs/performance.md), except where the standard decorator is needed."""
    import pathlib

    package = pathlib.Path(classes.__file__).parent
    offenders = [str(p.relative_to(package)) for p in package.rglob("*.py")
                 if p.name != "classes.py" and "from dataclasses import dataclass"
                 in p.read_text(encoding="utf-8")]
    assert offenders == []


def test_every_init_is_written_ahead_and_none_is_stale():
    """A fresh process importing the whole package compiles no __init__: each is in
    _inits.py (`python -m nauticus_ref.classes` writes it), and it holds no other."""
    import subprocess
    import sys

    code = ("import builtins\n"
            "compiled = []\n"
            "plain = builtins.exec\n"
            "builtins.exec = lambda s, *a: (compiled.append(s) if isinstance(s, str) and "
            "s.startswith('def __init__(') else None, plain(s, *a))[1]\n"
            "from nauticus_ref import classes\n"
            "from nauticus_ref._inits import INITS\n"
            "missing = classes.import_everything()\n"
            "print(len(compiled), sorted(INITS) == sorted(classes.SOURCES), missing)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    compiled, same, missing = done.stdout.strip().split(maxsplit=2)
    if missing != "[]":   # the test extra installs every extra; a bare install may not
        pytest.skip(f"not importable here: {missing}")
    assert (compiled, same) == ("0", "True"), "stale: run python -m nauticus_ref.classes"
