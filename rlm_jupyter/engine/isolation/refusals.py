"""The isolated REPL is never silent: what its operating-system limits refused is recorded and told.

Why: the guard inside the worker refuses what it sees, in its own words, before the OS does (and, for what
the user allowed, says the limits refuse it all the same: ``guard.Watch``). But some of the model's actions
raise no audit event (a Parquet file written by Arrow's C++, a semaphore ``multiprocessing`` creates in
``/dev/shm``), and with the guard off inside only the OS stands in the way. The OS then answers with a bare
``PermissionError`` the model reads as a puzzle, and nothing was on the record.

How: while a block runs, a trace function watches the frames of the model's code (and of the threads it
starts) for an ``OSError`` the limits cause (EACCES, EPERM, ENETUNREACH), or SQLite's "unable to open
database", passing through, whether the code catches it or not. Each one goes on the run's record
(``by="os"``) and, after the block, the model reads it in the guard's words. Only the model's frames carry
the trace function, and only exceptions are reported to it (``f_trace_lines`` off), so a library's own calls
cost one check each.

What the worker cannot know: a process the code started fails on its own (its exit status is all the
worker sees), and C code that returns an error code instead of raising (``ctypes``) says nothing to
Python. A process started is recorded with the limits it runs under (``guard.Watch``), and the report's
"isolation" row says what limits were in force.
"""
from __future__ import annotations

import errno
import os
import sys
import threading
import types
from typing import Any

from .. import guard
from ..guard_checks import real, show
from ..trajectory import GuardAction

_LIMITS = frozenset({errno.EACCES, errno.EPERM, errno.ENETUNREACH})  # what Landlock, seccomp and the namespace say
_NET_FILES = ("socket.py", "ssl.py", "selectors.py", "asyncio", "urllib3", "httpcore", "http/client.py")
_PROC_FILES = ("subprocess.py", "multiprocessing", "popen", "pty.py")


class Refusals:
    """One block's watch over the OS refusals the model's code meets (a context manager, on the worker's main
    thread); ``told`` has the guard's words for each, for the block's output."""

    def __init__(self, registration: guard.Registration) -> None:
        self.registration, self.ns = registration, registration.ns
        self.told: list[str] = []
        self._seen: list[BaseException] = []  # held, so an id is never reused while the block runs
        self._lock = threading.Lock()

    def __enter__(self) -> Refusals:
        self._before = sys.gettrace(), threading.gettrace()
        sys.settrace(self._call)
        threading.settrace(self._call)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(self._before[0])
        threading.settrace(self._before[1])
        self._seen.clear()

    def _call(self, frame: types.FrameType, event: str, arg: Any) -> Any:
        if frame.f_globals is not self.ns:
            return None  # a library's frame: an exception it raises is seen where it reaches the model's code
        frame.f_trace_lines = False
        return self._exception

    def _exception(self, frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "exception":
            self._met(arg[1], arg[2])
        return self._exception

    def _met(self, exc: BaseException, tb: types.TracebackType | None) -> None:
        found = _refused(exc, tb, self.registration.watch)
        if found is None:
            return
        with self._lock:
            if any(exc is seen for seen in self._seen):
                return  # the same exception passing through another frame of the model's
            self._seen.append(exc)
        category, what = found
        what = f"{what} (the operating system refused it: {exc})"
        thread = threading.current_thread()
        self.registration.watch.keep(self.registration, GuardAction(
            category=category, what=what, by="os", thread="" if thread is threading.main_thread() else thread.name))
        with self._lock:
            self.told.append(guard.refusal(category, self.registration.watch.redact(what), guard.OS_LIMITS))


def _refused(exc: BaseException, tb: types.TracebackType | None, watch: guard.Watch) -> tuple[str, str] | None:
    """The category and words for an exception the OS limits caused, or None: an ``OSError`` of theirs (not the
    guard's own refusal), or SQLite failing to open a database (its ``ATTACH`` opens files in C)."""
    # (a library that raises PermissionError("...") from a C error, as Arrow does, gives no errno)
    if isinstance(exc, OSError) and not isinstance(exc, guard.GuardRefused) and (
            exc.errno in _LIMITS or (exc.errno is None and isinstance(exc, PermissionError))):
        return _what(exc, tb, watch)
    if getattr(exc, "sqlite_errorname", None) == "SQLITE_CANTOPEN":
        return "write", "open a database file (SQLite could not)"
    return None


def _what(exc: OSError, tb: types.TracebackType | None, watch: guard.Watch) -> tuple[str, str]:
    """The category and the words for an OS refusal, from the exception: its file, or where it was raised (``tb``:
    the traceback so far, as the trace function gets it; the exception's own is not set yet)."""
    if exc.filename is not None:
        named = show(exc.filename) + (f" -> {show(exc.filename2)}" if exc.filename2 is not None else "")
        return ("secrets", f"read {named}") if watch.secret(real(exc.filename)) else ("write", f"use {named}")
    code = None
    while tb is not None:
        code, tb = tb.tb_frame.f_code, tb.tb_next
    raised = code.co_filename if code is not None else ""
    where = f" ({code.co_qualname} in {os.path.basename(raised)})" if code is not None else ""
    if any(part in raised for part in _NET_FILES) or exc.errno == errno.ENETUNREACH:
        return "net", f"use the network{where}"
    if any(part in raised for part in _PROC_FILES):
        return "proc", f"start or manage processes{where}"
    return ("proc", f"signal or trace another process{where}") if exc.errno == errno.EPERM else (
        "write", f"write a file{where}")
