"""The namespaces the guard watches, and who is acting: the run whose code is on the stack or owns the thread.

Why a registry read without a lock: the audit hook runs on every audited event in the process, so it reads a
dict that is replaced, never changed in place, and takes the lock only to replace it.
"""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

from ..record.trajectory import GuardAction, Run
from .code_origin import ELSEWHERE, ENGINE, is_engine, is_library, is_users, kind
from .watch import Owner, Registration, Watch

_watched: dict[int, Registration] = {}  # replaced, never changed in place: the hook reads it without a lock
_lock = threading.Lock()
OWNER = "_rlm_guard_owner"  # on a Thread: the Owner of a thread the run's code started, or of the run's loop
# ``owner``: the same for a thread started with ``_thread`` directly; ``finalizing``: finalizers running (guard_calls)
thread_state = threading.local()


def register(ns: dict[str, Any], watch: Watch, runs: list[Run], own_thread: bool = False) -> Registration:
    """Watch the code whose globals are ``ns`` until ``unregister`` (``guard.register`` adds the hook first).

    ``own_thread``: the calling thread is the run's loop until then (what the engine does there, it does for
    the run); its owner before is put back by ``unregister``."""
    global _watched
    registration = Registration(ns, watch, runs)
    if own_thread:
        thread = threading.current_thread()
        registration._thread = (thread, getattr(thread, OWNER, None))
        setattr(thread, OWNER, Owner(registration, model=False))
    with _lock:
        _watched = {**_watched, id(ns): registration}
    return registration


def registration_of(ns: dict[str, Any]) -> Registration | None:
    """The watch over ``ns`` while its run runs (None when the guard is off or the run has ended)."""
    found = _watched.get(id(ns))
    return found if found is not None and found.ns is ns else None


def record(ns: dict[str, Any], action: GuardAction) -> None:
    """An action the guard inside the isolated REPL took on ``ns``'s run: recorded here as if taken here."""
    where = registration_of(ns)
    if where is not None:
        where.watch.keep(where, action)


def unregister(registration: Registration) -> None:
    global _watched
    with _lock:
        if _watched.get(id(registration.ns)) is registration:
            _watched = {k: v for k, v in _watched.items() if k != id(registration.ns)}
    if registration._thread is not None:
        thread, before = registration._thread
        registration._thread = None
        setattr(thread, OWNER, before)


@contextlib.contextmanager
def not_the_runs(registration: Registration | None) -> Iterator[None]:
    """The run's loop thread is not the run's for a while: the engine's own work for the user there (putting
    back what the run changed in the process) is not checked as the run's. Its code stays watched."""
    if registration is None or registration._thread is None:
        yield
        return
    thread, before = registration._thread
    owner = getattr(thread, OWNER, None)
    setattr(thread, OWNER, before)
    try:
        yield
    finally:
        setattr(thread, OWNER, owner)


# -- who is acting -----------------------------------------------------------------------------------------------------
def thread_owner() -> Owner | None:
    """The run this thread is (its loop, a thread its code started), while that run runs: a thread left behind by a
    run that ended is nobody's now."""
    owner = getattr(thread_state, "owner", None) or getattr(threading.current_thread(), OWNER, None)
    return owner if owner is not None and _watched.get(id(owner.registration.ns)) is owner.registration else None


def acting(frame: Any) -> tuple[Registration | None, Any]:
    """Whose action this is: the run, and the code of the engine frame nearest the action when the engine acts for
    it (one nearer than the run's code), else None. No run when no watched run's code is on the stack nor owns
    the thread, or when the user's own code acts on the run's loop thread (an observer of theirs)."""
    if finalizing():  # the garbage collector runs a finalizer wherever it is: who is further out is not whose it is
        return None, None  # (the run's own were refused when registered, or detached at its end)
    watched, engine, users, owner = _watched, None, False, None
    while frame is not None:
        found = frame.f_globals
        registration = watched.get(id(found))
        if registration is not None and registration.ns is found:
            return registration, engine
        if engine is None:
            code = frame.f_code
            origin = kind(code.co_filename)
            if origin is ENGINE and is_engine(code):
                engine = code
                owner = thread_owner()
                if owner is not None and not users:  # the run's thread: its code further out would be this run too
                    return owner.registration, engine
            elif origin is ELSEWHERE and not users:
                users = is_users(code, found)
        frame = frame.f_back
    owner = owner or thread_owner()
    if owner is None or (users and not owner.model):
        return None, None
    return owner.registration, engine


def finalizing() -> bool:
    """Whether this thread is running a ``weakref.finalize`` callback (``guard_calls`` counts them)."""
    return bool(getattr(thread_state, "finalizing", 0))


def starter(frame: Any) -> Owner | None:
    """The run a thread started from ``frame`` belongs to: the run whose code is anywhere on the stack (a library
    or the engine starting it for that code), else the owner of a thread that code started."""
    watched = _watched
    while frame is not None:
        found = frame.f_globals
        registration = watched.get(id(found))
        if registration is not None and registration.ns is found:
            return Owner(registration, model=True)
        frame = frame.f_back
    owner = thread_owner()
    return owner if owner is not None and owner.model else None


def registrant(frame: Any) -> Registration | None:
    """The run whose code registers a callback from ``frame`` (the caller): the model's code calling directly, or
    through code compiled from a string. A library or the engine registering its own clean-up is neither."""
    watched, direct = _watched, True
    while frame is not None:
        found = frame.f_globals
        registration = watched.get(id(found))
        if registration is not None and registration.ns is found:
            return registration
        code = frame.f_code
        if direct and (is_engine(code) or is_library(code)):
            return None
        direct = False
        frame = frame.f_back
    owner = thread_owner()
    return owner.registration if owner is not None and owner.model else None
