"""The calls CPython raises no audit event for, watched the way the hook watches the rest.

Each is replaced (once, by ``guard.install``) by a wrapper that raises an event of our own for the hook
(``rlm_jupyter.*``, checked in ``guard_checks``) or asks the guard itself, then calls the original:

- **thread starts**: ``threading.Thread.start`` and ``_thread.start_new_thread`` (3.11 has no event for
  either). A thread started *for* the model's code by a library (``Thread(target=os.system)``, a Dask client's
  I/O loop) runs library frames alone, so the thread remembers which run's code started it.
- **process starts and signals**: ``_posixsubprocess.fork_exec``, through which ``multiprocessing``'s spawn and
  forkserver start processes (``subprocess`` raises its own event first), and ``signal.pidfd_send_signal``.
- **files**: ``os.mkfifo`` and ``os.mknod`` create files; ``os.open``'s event lacks its ``dir_fd`` (handed over
  here, so the path is resolved in that folder); GNU Readline reads and writes its history and init files in C.
- **callbacks that run after the run, unwatched** (category ``hooks``): ``atexit.register``,
  ``weakref.finalize``, ``os.register_at_fork``, and a class with ``__del__`` (it runs when its objects are
  collected, maybe after the run). Only the model's own call is refused (``registry.registrant``): libraries
  register their clean-up as the model's code imports and uses them.

Why wrappers can be bypassed, and what that means: code that took the original before the guard was
installed (``from os import open``) calls it unwatched; that is code written before the run, which
docs/security.md concedes. Each wrapper is ``pass_through``: its frame acts for its caller, never as the engine.
"""
from __future__ import annotations

import _thread
import atexit
import builtins
import importlib.abc
import importlib.machinery
import os
import signal
import sys
import threading
import types
import weakref
from collections.abc import Callable, Sequence
from typing import Any, cast

from . import registry
from .code_origin import ENGINE_THREAD, pass_through
from .places import DIR_FD, named
from .watch import Owner


def install() -> None:
    """Replace the unaudited calls by their watched wrappers (once per process; called by ``guard.install``)."""
    _wrap_thread_starts()
    _wrap_processes()
    _wrap_files()
    _wrap_callbacks()
    readline = sys.modules.get("readline")
    if readline is not None:
        _wrap_readline(readline)
    else:
        sys.meta_path.insert(0, _WrapReadline())


# -- threads ----------------------------------------------------------------------------------------------------------
def _wrap_thread_starts() -> None:
    start, start_new = threading.Thread.start, cast(Any, _thread.start_new_thread)

    @pass_through
    def watched_start(self: threading.Thread) -> None:
        if registry._watched and not getattr(self, ENGINE_THREAD, False):
            owner = registry.starter(sys._getframe(1))
            if owner is not None:
                setattr(self, registry.OWNER, owner)
        start(self)

    @pass_through
    def watched_start_new(function: Callable[..., Any], args: Sequence[Any],
                          kwargs: dict[str, Any] | None = None) -> int:
        owner = registry.starter(sys._getframe(1)) if registry._watched else None
        if owner is not None:
            return int(start_new(_owned, (owner, function, tuple(args), dict(kwargs or {}))))
        return int(start_new(function, args, kwargs) if kwargs is not None else start_new(function, args))

    setattr(threading.Thread, "start", watched_start)  # noqa: B010 - attributes mypy types as the originals
    setattr(_thread, "start_new_thread", watched_start_new)  # noqa: B010
    setattr(_thread, "start_new", watched_start_new)  # noqa: B010


@pass_through
def _owned(owner: Owner, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """A thread started with ``_thread`` directly by the run's code: its actions are the run's."""
    registry.thread_state.owner = owner
    return function(*args, **kwargs)


# -- processes and signals -------------------------------------------------------------------------------------------
def _wrap_processes() -> None:
    import _posixsubprocess
    import subprocess

    fork_exec = _posixsubprocess.fork_exec
    seen_by_popen = subprocess.__file__  # subprocess raises "subprocess.Popen" itself, before it gets here

    @pass_through
    def watched_fork_exec(*args: Any, **kwargs: Any) -> Any:
        if registry._watched and sys._getframe(1).f_code.co_filename != seen_by_popen:
            sys.audit("rlm_jupyter.fork_exec", args[0] if args else kwargs.get("args"))
        return fork_exec(*args, **kwargs)

    _posixsubprocess.fork_exec = watched_fork_exec
    send = getattr(signal, "pidfd_send_signal", None)
    if send is not None:
        @pass_through
        def watched_pidfd_send_signal(pidfd: int, sig: int, *args: Any, **kwargs: Any) -> None:
            if registry._watched:
                sys.audit("rlm_jupyter.pidfd_send_signal", _pid_of(pidfd), sig)
            send(pidfd, sig, *args, **kwargs)

        signal.pidfd_send_signal = watched_pidfd_send_signal


def _pid_of(pidfd: int) -> int:
    """The process a pidfd refers to (Linux's /proc/self/fdinfo), or -1 when it cannot be told."""
    try:
        with open(f"/proc/self/fdinfo/{int(pidfd)}") as fh:
            for line in fh:
                if line.startswith("Pid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return -1


# -- files ----------------------------------------------------------------------------------------------------------
def _wrap_files() -> None:
    os_open = os.open

    @pass_through
    def watched_open(path: Any, flags: int, mode: int = 0o777, *, dir_fd: int | None = None) -> int:
        if dir_fd is None:
            return os_open(path, flags, mode)
        DIR_FD.fd = dir_fd  # for the "open" event os.open raises, which lacks it
        try:
            return os_open(path, flags, mode, dir_fd=dir_fd)
        finally:
            DIR_FD.fd = None

    _dir_fd_call(os, "open", watched_open)
    for name, event in (("mkfifo", "rlm_jupyter.os.mkfifo"), ("mknod", "rlm_jupyter.os.mknod")):
        original = getattr(os, name, None)
        if original is not None:
            _dir_fd_call(os, name, _creates(original, event))


def _creates(original: Callable[..., Any], event: str) -> Callable[..., Any]:
    @pass_through
    def watched(path: Any, *args: Any, dir_fd: int | None = None, **kwargs: Any) -> Any:
        if registry._watched:
            sys.audit(event, path, dir_fd)
        return original(path, *args, dir_fd=dir_fd, **kwargs)
    return watched


def _dir_fd_call(module: types.ModuleType, name: str, wrapper: Callable[..., Any]) -> None:
    """Replace ``module.name``, keeping ``os.supports_dir_fd`` true of it (shutil and os.fwalk ask)."""
    original = getattr(module, name)
    setattr(module, name, wrapper)
    if original in os.supports_dir_fd:
        os.supports_dir_fd.add(wrapper)


class _WrapReadline(importlib.abc.MetaPathFinder):
    """Wraps GNU Readline's file functions when ``readline`` is first imported (importing it eagerly would set up
    the terminal of every process that imports rlm_jupyter)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None) -> Any:
        if fullname != "readline":
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return None
        loader = spec.loader
        execute = loader.exec_module

        def exec_module(module: types.ModuleType) -> None:
            execute(module)
            _wrap_readline(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _wrap_readline(readline: types.ModuleType) -> None:
    default = os.path.join(os.path.expanduser("~"), ".history")  # GNU Readline's history file when none is named

    def wrap(name: str, event: str, position: int) -> None:
        original = getattr(readline, name, None)
        if original is None or getattr(original, "_rlm_watched", False):
            return

        @pass_through
        def watched(*args: Any) -> Any:
            if registry._watched:
                named = args[position] if len(args) > position and args[position] is not None else (
                    default if event.endswith("write") or name == "read_history_file" else None)
                if named is not None:
                    sys.audit(event, named)
            return original(*args)

        watched._rlm_watched = True  # type: ignore[attr-defined]
        setattr(readline, name, watched)

    wrap("write_history_file", "rlm_jupyter.readline.write", 0)
    wrap("append_history_file", "rlm_jupyter.readline.write", 1)
    wrap("read_history_file", "rlm_jupyter.readline.read", 0)
    wrap("read_init_file", "rlm_jupyter.readline.read", 0)


# -- callbacks that would run after the run ---------------------------------------------------------------------------
def _wrap_callbacks() -> None:
    at_exit, init, at_fork = cast(Callable[..., Any], atexit.register), weakref.finalize.__init__, os.register_at_fork
    call = weakref.finalize.__call__

    @pass_through
    def counted_call(self: weakref.finalize[Any, Any], _: Any = None) -> Any:
        """A finalizer runs wherever the garbage collector is: the code further out on the stack is not whose it is."""
        registry.thread_state.finalizing = getattr(registry.thread_state, "finalizing", 0) + 1
        try:
            return call(self, _)
        finally:
            registry.thread_state.finalizing -= 1

    @pass_through
    def watched_register(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        _refuse_late(sys._getframe(1), f"atexit.register({named(func)})")
        return at_exit(func, *args, **kwargs)

    @pass_through
    def watched_finalize(self: weakref.finalize[Any, Any], obj: object, func: Callable[..., Any], /, *args: Any,
                         **kwargs: Any) -> None:
        _refuse_late(sys._getframe(1), f"weakref.finalize(<{type(obj).__name__}>, {named(func)})")
        init(self, obj, func, *args, **kwargs)

    @pass_through
    def watched_at_fork(**kwargs: Callable[[], Any]) -> None:
        _refuse_late(sys._getframe(1), "os.register_at_fork(" + ", ".join(f"{k}={named(v)}" for k, v in kwargs.items())
                     + ")")
        at_fork(**kwargs)

    build_class = builtins.__build_class__

    @pass_through
    def watched_build_class(body: Callable[..., Any], name: str, *bases: Any, **kwargs: Any) -> Any:
        cls = build_class(body, name, *bases, **kwargs)
        if registry._watched and isinstance(cls, type) and "__del__" in vars(cls):
            _refuse_late(sys._getframe(1), f"class {name} with __del__, which runs when its objects are collected")
        return cls

    setattr(builtins, "__build_class__", watched_build_class)  # noqa: B010
    setattr(atexit, "register", watched_register)  # noqa: B010 - a module attribute mypy types as the function
    setattr(weakref.finalize, "__init__", watched_finalize)  # noqa: B010
    setattr(weakref.finalize, "__call__", counted_call)  # noqa: B010
    setattr(os, "register_at_fork", watched_at_fork)  # noqa: B010


def _refuse_late(frame: types.FrameType, what: str) -> None:
    """A callback the run's own code leaves to run after the run ended, where nothing watches it: refused."""
    where = registry.registrant(frame) if registry._watched else None
    if where is not None:
        where.watch.decide(where, "hooks", f"{what}, which would run after the run, unwatched")
