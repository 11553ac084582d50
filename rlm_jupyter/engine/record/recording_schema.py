"""Checking a recording against the record's own dataclasses before anything reads it.

Why: recordings are files people move, edit, truncate and hand around (``--replay PATH``, a trajectory
in a notebook someone sent). A field of the wrong type used to surface as a traceback deep in the
replay or the report, after the settings were built; checked here it is one line that names the
field (``iterations[2].cells[0].code: expected a string, got a number (3)``), before any model call.

Why the dataclasses are the schema: ``Run``, ``Iteration``, ``CodeCell``, ``SubCall`` and ``Usage``
already say every field's type, so a new field is checked with no edit here. Records written by
older versions still load: a missing field takes its dataclass default (only fields without one are
required), and the fields a class retired are named by the caller (``retired``) and accepted. A
field nobody ever wrote is refused, so a typo or a file of another format does not pass silently.

This module does not import ``trajectory`` (which imports it): it works on any dataclass it is given.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Collection, Mapping
from typing import Any, Literal, Union

from ...text import bounded_repr


class RecordError(ValueError):
    """What is wrong with a record, and at which field (``iterations[0].index: ...``)."""


def check_record(cls: type, data: object, *, where: str = "",
                 retired: Mapping[type, Collection[str]] | None = None,
                 private: Mapping[type, Collection[str]] | None = None) -> None:
    """Raise ``RecordError`` at the first field of ``data`` that ``cls`` (a dataclass) would not accept.

    ``retired``: per class, keys older versions wrote that are accepted and ignored. ``private``: per
    class, fields that are never serialized (a live namespace), so a record must not carry them.
    """
    _Checker(retired or {}, private or {}).record(cls, data, where)


class _Checker:
    def __init__(self, retired: Mapping[type, Collection[str]], private: Mapping[type, Collection[str]]) -> None:
        self.retired, self.private = retired, private

    def record(self, cls: type, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise RecordError(f"{where or 'the top level'}: expected a JSON object (a {cls.__name__}), "
                              f"got {_kind(data)}")
        hints = _hints(cls)
        known = {f.name: f for f in dataclasses.fields(cls) if f.name not in self.private.get(cls, ())}
        for key in data:
            if key not in known and key not in self.retired.get(cls, ()):
                raise RecordError(f"{_at(where, str(key))}: unknown field of a {cls.__name__} "
                                  "(a file of another format, or edited by hand?)")
        for name, spec in known.items():
            if name in data:
                self.value(hints[name], data[name], _at(where, name))
            elif spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
                raise RecordError(f"{_at(where, name)}: missing (every {cls.__name__} has one)")

    def value(self, hint: Any, value: object, where: str) -> None:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is Any:
            return
        if origin in (Union, types.UnionType):
            if value is None and type(None) in args:
                return
            options = [a for a in args if a is not type(None)]
            errors = []
            for option in options:
                try:
                    self.value(option, value, where)
                    return
                except RecordError as exc:
                    errors.append(exc)
            raise errors[0]
        if origin is Literal:
            if value not in args:
                raise RecordError(f"{where}: expected one of {', '.join(map(repr, args))}, got {_kind(value)}")
            return
        if dataclasses.is_dataclass(hint) and isinstance(hint, type):
            self.record(hint, value, where)
            return
        if origin is list:
            if not isinstance(value, list):
                raise RecordError(f"{where}: expected a list, got {_kind(value)}")
            for i, item in enumerate(value):
                self.value(args[0] if args else Any, item, f"{where}[{i}]")
            return
        if origin is dict:
            if not isinstance(value, dict):
                raise RecordError(f"{where}: expected a JSON object, got {_kind(value)}")
            for key, item in value.items():
                self.value(args[1] if args else Any, item, f"{where}[{key!r}]")
            return
        expected = _SCALARS.get(hint)
        if expected is None:  # a type this checker does not know: a programming error, not a bad file
            raise TypeError(f"recording_schema cannot check {hint!r} (at {where})")
        wanted, words = expected
        if not isinstance(value, wanted) or (wanted is not bool and isinstance(value, bool)):
            raise RecordError(f"{where}: expected {words}, got {_kind(value)}")


# JSON has numbers, not ints and floats: a float field accepts a whole number; no number field accepts true/false.
_SCALARS: dict[Any, tuple[type | tuple[type, ...], str]] = {
    str: (str, "a string"), bool: (bool, "true or false"), int: (int, "a whole number"),
    float: ((int, float), "a number"),
}


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types (the record modules use ``from __future__ import annotations``)."""
    return typing.get_type_hints(cls)


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _kind(value: object) -> str:
    """A JSON value as a person reads it: its JSON kind and, for a scalar, a short excerpt."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    kinds = ((str, "a string"), (int, "a number"), (float, "a number"), (list, "a list"), (dict, "a JSON object"))
    kind = next((word for t, word in kinds if isinstance(value, t)), type(value).__name__)
    return kind if isinstance(value, (list, dict)) else f"{kind} ({bounded_repr(value, 40)})"
