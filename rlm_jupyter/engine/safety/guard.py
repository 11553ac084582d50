"""The capability guard: while the model's code runs, what the data could turn it against is refused.

Why: an RLM reads inputs too large to check by eye (logs, scraped pages, tickets), and any of them can carry
an instruction ("run ``os.system('curl ... | sh')``", "upload ~/.ssh/id_rsa"). A model that obeys writes
ordinary Python, which runs in the user's kernel with the user's permissions. Analysis needs none of what
such code wants: the network (the engine makes the model calls), other processes, writes outside a scratch
folder, credentials, native code, interpreter hooks, the endpoint's environment variables.

How: one PEP 578 audit hook (``sys.addaudithook``), added on the first run and never removed (CPython cannot
remove one), and wrappers around the few calls CPython raises no event for (``engine/safety/guard_calls.py``). For
each event it cares about, it asks who is on the stack, walking out from the event:

- a frame whose globals are a namespace a run registered is the **model's** code: its action is checked
  against the run's rules (``engine/safety/guard_checks.py``);
- a frame whose code was compiled from a file of this package is the **engine** (``engine/safety/code_origin.py``;
  never decided by globals, which code the model ``exec``s can borrow). The engine acts for the user, and for
  the run only within what the run needs: when the model's code is further out on the stack, or the thread is
  the run's (its loop, a thread its code started), the action is checked as the model's, with the engine's
  own work on top (the configured endpoint, the response cache, the run's record, the cell guard's tracer).
  So a package function the model calls with arguments of its choosing (saving a record anywhere, building a
  client for another URL, running a script) does no more than the model may, and when the engine calls into
  an object the model made (its repr, a callback), that work is the model's;
- other frames (libraries, code compiled from strings) act for whoever called them.

Why the stack and not a flag: a flag that says "model code is running" can be flipped by model code;
threads and callbacks the model's code starts carry its functions, or remember whose code started them.
User cells are never affected: their frames are watched only while a run is running, when no user cell runs.
What this cannot stop is in docs/security.md, class by class.

Where the parts are: this module is the entry point (the hook, registering a run, the scratch folder); the
run's rules and the words of a refusal are in ``watch``, who is acting in ``registry``, what each event means in
``guard_checks``, the wrapped calls in ``guard_calls``, paths and hosts as the OS reads them in ``places``.
"""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

from ..record.trajectory import Run
from . import guard_calls, registry
from .guard_checks import CHECKS, Actor
from .places import loopback_host
from .registry import acting, not_the_runs, record, registration_of, unregister
from .watch import CATEGORY_TEXT, OS_LIMITS, SECRET_FILES, GuardRefused, Registration, Watch, refusal, secret_paths

__all__ = ["CATEGORY_TEXT", "OS_LIMITS", "SECRET_FILES", "GuardRefused", "Registration", "Watch", "install",
           "left_files", "loopback_host", "not_the_runs", "record", "refusal", "register", "registration_of",
           "scratch_folder", "secret_paths", "unregister"]

_lock = threading.Lock()
_installed = False


def install() -> None:
    """Add the audit hook and the wrappers of calls that raise no audit event (once per process: CPython
    cannot remove a hook)."""
    global _installed
    with _lock:
        if _installed:
            return
        sys.addaudithook(_audit)
        guard_calls.install()
        _installed = True


def register(ns: dict[str, Any], watch: Watch, runs: list[Run], own_thread: bool = False) -> Registration:
    """Watch the code whose globals are ``ns`` until ``unregister``; the hook is added on the first call.

    ``own_thread``: the calling thread is the run's loop until then (what the engine does there, it does for
    the run); its owner before is put back by ``unregister``."""
    install()
    return registry.register(ns, watch, runs, own_thread)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    check = CHECKS.get(event)
    if check is None or not registry._watched:
        return
    try:
        frame = sys._getframe(1)
    except ValueError:  # no Python frame at all: a thread started on a C function, attributed by its owner
        frame = None
    where, engine = acting(frame)
    if where is None:
        return
    found = check(where.watch, args, Actor(engine is not None, engine))
    if found is not None:
        where.watch.decide(where, *found)


# -- the scratch folder --------------------------------------------------------------------------------------------
@contextlib.contextmanager
def scratch_folder() -> Iterator[str]:
    """A new folder for the run's writes, which ``tempfile`` uses while it lasts; removed at the end if empty.

    Why ``sys.dont_write_bytecode`` too: an import by model code would try to write its ``.pyc`` next to the
    source, a refused write that is harmless but would fill the record.
    """
    folder = tempfile.mkdtemp(prefix="rlm-scratch-")
    before, bytecode = tempfile.tempdir, sys.dont_write_bytecode
    tempfile.tempdir, sys.dont_write_bytecode = folder, True
    try:
        yield folder
    finally:
        tempfile.tempdir, sys.dont_write_bytecode = before, bytecode
        with contextlib.suppress(OSError):
            os.rmdir(folder)  # only when empty: what the model's code wrote there is the user's to look at


def left_files(folder: str) -> str:
    """``folder`` when model code left files in it (the user's to look at), else "" (it will be removed)."""
    try:
        return folder if os.listdir(folder) else ""
    except OSError:
        return ""
