"""What ``RLM.run`` accepts besides the question: the context (a mapping of names, or one object) and the
expected type of the answer (a type, or a name such as ``"DataFrame"``). Read before any model call, so a bad
input fails with a one-line error and changes nothing.
"""
from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import cast

from ..dialogue.helpers import HELPER_NAMES

EXPECT_ALIASES = {"int": numbers.Integral, "float": numbers.Real, "number": numbers.Number, "str": str,
                  "list": list, "dict": dict, "tuple": tuple, "set": set, "bool": bool}


def context_mapping(context: object) -> dict[str, object]:
    """The context variables by name: a mapping of identifiers as given, anything else as ``context``."""
    if context is None:
        return {}
    if isinstance(context, Mapping) and all(isinstance(k, str) for k in context):
        bad = [k for k in context if not k.isidentifier() or k in HELPER_NAMES]
        if bad:
            raise ValueError(f"context names must be Python identifiers other than the helpers {HELPER_NAMES}; "
                             f"got {bad}")
        return dict(context)
    return {"context": context}


def expect_type(expect: type | str | None) -> type | None:
    """Resolve ``expect``: a type, or a name such as 'DataFrame', 'int', 'list', 'ndarray'."""
    if expect is None or isinstance(expect, type):
        return expect
    name = expect.strip()
    if name in EXPECT_ALIASES:
        return EXPECT_ALIASES[name]
    if name in ("DataFrame", "Series"):
        import pandas

        return cast(type, getattr(pandas, name))
    if name == "ndarray":
        import numpy

        return numpy.ndarray
    known = ", ".join(list(EXPECT_ALIASES) + ["DataFrame", "Series", "ndarray"])
    raise ValueError(f"unknown expected type {expect!r}; use one of {known}, or pass a type")


def expect_label(expect: type) -> str:
    """The name the prompt and the messages give an expected type: the alias it was asked by, else its own."""
    return next((name for name, t in EXPECT_ALIASES.items() if t is expect), expect.__name__)
