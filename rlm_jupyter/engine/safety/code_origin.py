"""Where a piece of running code comes from: the engine, an installed library, or anywhere else.

Why by the code object's source file: the capability guard must tell the engine acting for the user from
the model's code, and ``views`` must tell a library's classes from the user's. A frame's globals cannot
say it: code the model compiles or ``exec``s with one of the package's module dicts as globals would look
like the engine. The file a code object was compiled from is set by the compiler, from the file the module
was imported from, so ordinary code cannot borrow it (``compile(src, <a file of ours>, "exec")`` can: that
is code written to defeat the guard, which docs/security.md concedes).

- the **engine**: a file of this package (``rlm_jupyter/``, wherever it is installed or checked out);
- a **library**: the standard library or an installed package (``sysconfig``'s paths, the user's site
  folder), and frozen modules;
- anything else: the notebook's cells, the model's blocks (``<rlm-cell-N>``), strings compiled at run time
  (``<string>``), a script of the user's.
"""
from __future__ import annotations

import functools
import os
import site
import sys
import sysconfig
import types
from collections.abc import Callable
from typing import Any, TypeVar

_OURS = __name__.partition(".")[0]  # rlm_jupyter
# rlm_jupyter/: the top package's folder, three up from this file (rlm_jupyter/engine/safety/code_origin.py)
PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "")


def _installed_paths() -> tuple[str, ...]:
    """Where Python's own library and installed packages live, both as written and resolved."""
    paths = sysconfig.get_paths()
    found = [paths.get(key) for key in ("stdlib", "platstdlib", "purelib", "platlib")]
    found.append(site.getusersitepackages() if hasattr(site, "getusersitepackages") else None)
    return tuple(sorted({os.path.join(spelled, "") for p in found if p
                         for spelled in (os.path.abspath(p), os.path.realpath(p))}))


INSTALLED = _installed_paths()
_FROZEN = "<frozen "
ENGINE_THREAD = "_rlm_engine_thread"  # on a Thread the engine starts for itself (the cell guard's watchdog)

# Code objects of the package that act for whoever called them (the guard's own wrappers around calls that
# raise no audit event): their frames are not the engine's, or a model's call through them would count as one.
_PASS_THROUGH: set[int] = set()


_F = TypeVar("_F", bound=Callable[..., Any])


def pass_through(function: _F) -> _F:
    """Mark a function of ours as acting for its caller (decorator): its frames are neither engine nor model."""
    _PASS_THROUGH.add(id(function.__code__))
    return function


ENGINE, LIBRARY, ELSEWHERE = "engine", "library", "elsewhere"
_KINDS: dict[str, str] = {}  # by file name: the guard asks for every frame it walks, so the answer is kept


def kind(filename: str) -> str:
    """Where code compiled from ``filename`` comes from: ENGINE, LIBRARY or ELSEWHERE."""
    found = _KINDS.get(filename)
    if found is None:
        if filename.startswith(PACKAGE):
            found = ENGINE
        elif filename.startswith(INSTALLED) or filename.startswith(_FROZEN):
            found = LIBRARY
        else:
            found = ELSEWHERE
        if len(_KINDS) < 100_000:  # file names are few; code compiled at run time may name many
            _KINDS[filename] = found
    return found


def is_engine(code: types.CodeType) -> bool:
    return kind(code.co_filename) is ENGINE and id(code) not in _PASS_THROUGH


def is_library(code: types.CodeType) -> bool:
    """The standard library's or an installed package's (the engine's own files excepted, wherever installed)."""
    return kind(code.co_filename) is LIBRARY


def is_elsewhere(code: types.CodeType) -> bool:
    """Neither the engine nor a library: the notebook, the model's blocks, code compiled from a string."""
    return kind(code.co_filename) is ELSEWHERE


def is_users(code: types.CodeType, globals_: dict[str, Any]) -> bool:
    """Code of the user's own: neither the engine's nor a library's, running in a module's namespace (a
    notebook's ``__main__``, a script, a module of theirs). Code compiled from a string into a dict of its
    own, or into one of ours, belongs to no module: it acts for whoever called it."""
    if not is_elsewhere(code):
        return False
    name = globals_.get("__name__")
    if not isinstance(name, str) or name.partition(".")[0] == _OURS:
        return False
    return getattr(sys.modules.get(name), "__dict__", None) is globals_


def code_of(function: object) -> types.CodeType | None:
    """The Python code a callable runs (through bound methods, ``functools.partial`` and ``functools.wraps``);
    None for a function written in C."""
    for _ in range(20):  # a chain of wrappers is short; a cycle of them must not hang the caller
        if isinstance(function, functools.partial):
            function = function.func
        elif isinstance(function, (types.MethodType, classmethod, staticmethod)):
            function = function.__func__
        elif isinstance(function, types.FunctionType):
            return function.__code__
        else:
            call = next((k.__dict__["__call__"] for k in type(function).__mro__ if "__call__" in k.__dict__), None)
            return call.__code__ if isinstance(call, types.FunctionType) else None
    return None


def made_elsewhere(function: object) -> bool:
    """Whether a callable runs code that is neither the engine's nor a library's (the model's, say)."""
    code = code_of(function)
    return code is not None and is_elsewhere(code)
