"""What a run may not leave changed in the process: taken as it starts, put back as it ends, each undo said.

Why a snapshot as well as the guard: the guard refuses the ordinary routes as they happen (``os.putenv``,
``os.chdir``, ``atexit.register``...), but some changes raise no event at all. The environment mapping's own
dict (``os.environ._data``) changes without ``putenv``, and the next run would send the key to the endpoint it
names; ``gc.callbacks`` and ``sys.excepthook`` take model code that would run after the run, unwatched; the
engine's own client can be re-pointed through the objects a helper is bound to. So whatever the route, the
next run finds them as the user left them, and ``Run.undone`` (the report's "undone" row) says what was put
back, as it does for ``%config`` (``jupyter/run_guard.py``). Values are never quoted: they may be keys.

- **the environment**: every variable, set, changed or deleted during the run (``putenv`` too);
- **the working folder**;
- **interpreter hooks** model code could leave behind: ``sys.excepthook``, ``sys.unraisablehook``,
  ``sys.breakpointhook``, ``sys.displayhook``, ``threading.excepthook``, ``gc.callbacks``, and import hooks
  (``sys.meta_path``, ``sys.path_hooks``) and ``weakref.finalize`` callbacks whose code is neither a library's
  nor the engine's (a library imported during the run keeps its own);
- **the engine's endpoint**: what decides where an ``RLM``'s calls go and with what key (its client, the
  wrappers' inner clients, the openai client's base URL, key, headers and HTTP client), for the next run of
  the same ``RLM``.
"""
from __future__ import annotations

import contextlib
import gc
import os
import sys
import threading
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

from ...llm.client import endpoint_parts
from .code_origin import made_elsewhere
from .places import named, show

_HOOKS = (("sys", sys, "excepthook"), ("sys", sys, "unraisablehook"), ("sys", sys, "breakpointhook"),
          ("sys", sys, "displayhook"), ("threading", threading, "excepthook"))
_MISSING = object()


@dataclass
class Residue:
    """The process as a run found it (see the module's docstring)."""

    environ: dict[str, str]
    cwd: str | None
    hooks: dict[str, Any]
    gc_callbacks: list[Any]
    import_hooks: tuple[list[Any], list[Any]]
    finalizers: set[Any]
    endpoint: list[tuple[object, str, Any]]  # (object, attribute, value as the run found it)

    @classmethod
    def take(cls, engine: object) -> Residue:
        """The state as the run starts; ``engine``: the ``RLM`` (its client decides the next run's endpoint)."""
        return cls(dict(os.environ), _getcwd(), {f"{m}.{name}": getattr(o, name) for m, o, name in _HOOKS},
                   list(gc.callbacks), (list(sys.meta_path), list(sys.path_hooks)),
                   set(weakref.finalize._registry),  # type: ignore[attr-defined]
                   [(obj, name, _kept(getattr(obj, name))) for obj, names in _endpoint_objects(engine)
                    for name in names if hasattr(obj, name)])

    def undo(self) -> list[str]:
        """Put back what changed since ``take``; one line per change ("model code changed ...: restored")."""
        return [*self._environment(), *self._cwd(), *self._hooks(), *self._finalizers(), *self._endpoint()]

    def _environment(self) -> Iterator[str]:
        now = dict(os.environ)
        for name in sorted(set(now) | set(self.environ)):
            before, after = self.environ.get(name), now.get(name)
            if before == after:
                continue
            if before is None:
                del os.environ[name]
                yield f"model code set the environment variable {name}: removed"
            else:
                os.environ[name] = before
                verb = "deleted" if after is None else "changed"
                yield f"model code {verb} the environment variable {name}: restored"

    def _cwd(self) -> Iterator[str]:
        now = _getcwd()
        if self.cwd is not None and now != self.cwd:
            with contextlib.suppress(OSError):
                os.chdir(self.cwd)
                yield f"model code changed the working folder to {show(now or '?')}: restored"

    def _hooks(self) -> Iterator[str]:
        for module, owner, name in _HOOKS:
            key = f"{module}.{name}"
            if getattr(owner, name) is not self.hooks[key]:
                setattr(owner, name, self.hooks[key])
                yield f"model code replaced {key}: restored"
        if gc.callbacks != self.gc_callbacks:
            gc.callbacks[:] = self.gc_callbacks
            yield "model code changed gc.callbacks: restored"
        for listed, before, name in ((cast(list[Any], sys.meta_path), self.import_hooks[0], "sys.meta_path"),
                                     (cast(list[Any], sys.path_hooks), self.import_hooks[1], "sys.path_hooks")):
            for hook in [hook for hook in listed if not any(hook is kept for kept in before) and _model_made(hook)]:
                listed.remove(hook)
                yield f"model code added an import hook to {name} ({named(hook)}): removed"

    def _finalizers(self) -> Iterator[str]:
        registry = weakref.finalize._registry  # type: ignore[attr-defined]
        for finalizer, info in list(registry.items()):
            if finalizer not in self.finalizers and made_elsewhere(info.func):
                finalizer.detach()
                yield f"model code left a weakref.finalize callback ({named(info.func)}): detached"

    def _endpoint(self) -> Iterator[str]:
        for obj, name, before in self.endpoint:
            after = getattr(obj, name, _MISSING)
            if _same(before, after):
                continue
            try:
                setattr(obj, name, before.value if isinstance(before, _Copy) else before)
            except (AttributeError, TypeError):  # one that cannot be set back: said, and the next run's client is new
                yield f"model code changed the endpoint's {type(obj).__name__}.{name}: could not be restored"
                continue
            yield f"model code changed the endpoint's {type(obj).__name__}.{name}: restored"


@dataclass(frozen=True)
class _Copy:
    """A dict attribute (request headers) as it was: the dict may be changed in place."""

    value: dict[Any, Any]

    def same(self, now: object) -> bool:
        return isinstance(now, dict) and now == self.value

    @classmethod
    def of(cls, value: dict[Any, Any]) -> _Copy:
        return cls(dict(value))


def _same(before: Any, after: Any) -> bool:
    """Unchanged: the same object, equal headers, or an equal value a property builds anew on each read (a URL)."""
    if after is before:
        return True
    if isinstance(before, _Copy):
        return before.same(after)
    try:
        return bool(type(after) is type(before) and after == before)
    except Exception:
        return False


def _kept(value: Any) -> Any:
    return _Copy.of(value) if isinstance(value, dict) else value


def _endpoint_objects(engine: object) -> list[tuple[object, tuple[str, ...]]]:
    """The engine's own attributes that decide its endpoint, then its client's (``llm.client.endpoint_parts``)."""
    client = getattr(engine, "client", None)
    root = getattr(engine, "root", None)
    return [(engine, ("client", "settings", "root")), *([(root, ("client",))] if root is not None else []),
            *(endpoint_parts(client) if client is not None else [])]


def _model_made(hook: object) -> bool:
    """An import hook whose code is neither a library's nor the engine's (a finder object, or its class's)."""
    target = getattr(hook, "find_spec", None) or getattr(hook, "find_module", None) or hook
    return made_elsewhere(target)


def _getcwd() -> str | None:
    try:
        return os.getcwd()
    except OSError:  # the working folder was deleted
        return None
