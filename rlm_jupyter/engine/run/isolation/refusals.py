"""The isolated REPL is never silent: what its operating-system limits refused is recorded and told.

Why: the guard inside the worker refuses what it sees, in its own words, before the OS does (and, for what
the user allowed, says the limits refuse it all the same: ``guard.Watch``). But some of the model's actions
raise no audit event (a Parquet file written by Arrow's C++, a semaphore ``multiprocessing`` creates in
``/dev/shm``), and with the guard off inside only the OS stands in the way. The OS then answers with a bare
``PermissionError`` the model reads as a puzzle, and nothing was on the record.

How: an error the limits cause (an ``OSError`` with EACCES, EPERM or ENETUNREACH, or SQLite's "unable to
open database") is seen where the model's code meets it: in each ``except`` clause of the block (the block's
syntax tree is rewritten so that every handler first reports what it caught), and as the error a block ends
with. Each one goes on the run's record (``by="os"``) and, after the block, the model reads it in the guard's
words. Why not a trace function: it would run on every Python call of every library the model uses (a
matplotlib figure took 60% longer); the rewritten handlers cost nothing until an exception is handled.

What the worker cannot know: a process the code started fails on its own (its exit status is all the
worker sees), C code that returns an error code instead of raising (``ctypes``) says nothing to Python, and
a library that catches the error itself handles it. A process started is recorded with the limits it runs
under (``guard.Watch``), and the report's "isolation" row says what limits were in force.
"""
from __future__ import annotations

import ast
import errno
import os
import sys
import threading
import types
from typing import Any

from ...record.trajectory import GuardAction
from ...safety import guard
from ...safety.places import real, show

_LIMITS = frozenset({errno.EACCES, errno.EPERM, errno.ENETUNREACH})  # what Landlock, seccomp and the namespace say
_NET_FILES = ("socket.py", "ssl.py", "selectors.py", "asyncio", "urllib3", "httpcore", "http/client.py")
_PROC_FILES = ("subprocess.py", "multiprocessing", "popen", "pty.py")
REPORT = "__rlm_os_refused__"  # the name the rewritten handlers call (a dunder: never listed as the model's)


class Refusals:
    """One block's watch over the OS refusals the model's code meets; ``told`` has the guard's words for each,
    for the block's output. Made before the block runs: it binds ``REPORT`` in the block's namespace (again for
    each block, since the model's code may delete it)."""

    def __init__(self, registration: guard.Registration) -> None:
        self.registration = registration
        self.told: list[str] = []
        self._seen: list[BaseException] = []  # held, so an id is never reused (a thread may report late)
        self._lock = threading.Lock()
        registration.ns[REPORT] = self._handled

    def rewrite(self, tree: ast.Module) -> ast.Module:
        """Each ``except`` clause of the block first reports what it caught (a failed report is ignored)."""
        rewritten: ast.Module = _Handlers().visit(tree)
        return ast.fix_missing_locations(rewritten)

    def failed(self, exc: BaseException) -> None:
        """The error a block ended with."""
        self._met(exc, exc.__traceback__)

    def _handled(self) -> None:
        _, exc, tb = sys.exc_info()
        if exc is not None:
            self._met(exc, tb)

    def _met(self, exc: BaseException, tb: types.TracebackType | None) -> None:
        found = _refused(exc, tb, self.registration.watch)
        if found is None:
            return
        with self._lock:
            if any(exc is seen for seen in self._seen):
                return  # the same exception, handled again further out
            self._seen.append(exc)
        category, what = found
        what = f"{what} (the operating system refused it: {exc})"
        thread = threading.current_thread()
        self.registration.watch.keep(self.registration, GuardAction(
            category=category, what=what, by="os", thread="" if thread is threading.main_thread() else thread.name))
        with self._lock:
            self.told.append(guard.refusal(category, self.registration.watch.redact(what), guard.OS_LIMITS))


class _Handlers(ast.NodeTransformer):
    """``except ...: body`` becomes ``except ...: try: REPORT() except BaseException: pass; body``."""

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        self.generic_visit(node)
        report = ast.parse(f"try:\n    {REPORT}()\nexcept BaseException:\n    pass").body[0]
        node.body.insert(0, ast.copy_location(report, node.body[0] if node.body else node))
        return node


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
    """The category and the words for an OS refusal, from the exception: its file, or where it was raised."""
    if exc.filename is not None:
        named = show(exc.filename) + (f" -> {show(exc.filename2)}" if exc.filename2 is not None else "")
        return ("secrets", f"read {named}") if watch.secret(real(exc.filename)) else ("write", f"use {named}")
    code: Any = None
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
