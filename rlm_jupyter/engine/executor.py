"""Runs one code block in a namespace: output capture, last expression, errors, timeout.

Why our own executor and not ``shell.run_cell``: hidden cells must not add
``Out[n]``, touch ``_`` or history, or show red tracebacks in the notebook
(docs/architecture.md, "Jupyter facts"). The Jupyter layer plugs IPython's pieces in (``transform`` for
``%magics``/``!cmd``, ``register`` for real tracebacks, ``capture`` for rich
display output, ``trap`` for the builtin trap); by default this is plain
Python. Code runs on the calling thread because output capture swaps
``sys.stdout`` process-wide and the timeout uses SIGALRM (main thread only).
"""
from __future__ import annotations

import ast
import contextlib
import itertools
import linecache
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from io import StringIO
from types import FrameType, TracebackType
from typing import Any, Protocol

from ..text import bounded_repr, clip
from .trajectory import CodeCell

MAX_RECORDED_CHARS = 1_000_000  # per stream: the record keeps this much of a huge print, the model sees far less
MAX_ERROR_LINES = 40


class CellTimeout(BaseException):
    """Raised inside model code when the per-cell timeout fires (BaseException: ``except Exception`` can't eat it)."""


class Captured(Protocol):
    stdout: str
    stderr: str
    outputs: list[dict[str, Any]]


@dataclass
class CapturedOutput:
    stdout: str = ""
    stderr: str = ""
    outputs: list[dict[str, Any]] = field(default_factory=list)


@contextlib.contextmanager
def capture_std() -> Iterator[CapturedOutput]:
    """Capture stdout/stderr of plain Python code (no rich display outside Jupyter)."""
    result, out, err = CapturedOutput(), StringIO(), StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield result
    finally:
        result.stdout, result.stderr = out.getvalue(), err.getvalue()


_counter = itertools.count(1)


def register_source(source: str) -> str:
    """Put the code in linecache under a unique name so tracebacks show its lines."""
    filename = f"<rlm-cell-{next(_counter)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    return filename


class Executor:
    """Executes model code in ``namespace`` (the same dict every call, so definitions persist)."""

    def __init__(self, namespace: dict[str, Any], *,
                 transform: Callable[[str], str] = lambda code: code,
                 register: Callable[[str], str] = register_source,
                 capture: Callable[[], AbstractContextManager[Captured]] = capture_std,
                 trap: Callable[[], AbstractContextManager[object]] = contextlib.nullcontext,
                 timeout_s: float | None = None) -> None:
        self.namespace = namespace
        self._transform, self._register, self._capture, self._trap = transform, register, capture, trap
        self.timeout_s = timeout_s

    def run(self, code: str) -> CodeCell:
        cell = CodeCell(code=code)
        started = time.monotonic()
        with self._capture() as captured, self._trap():
            try:
                with self._alarm():
                    value = self._execute(code)
                if value is not None:
                    cell.value = bounded_repr(value)
            except CellTimeout:
                limit = max(self.timeout_s or 0, 1e-3)
                cell.error = (f"TimeoutError: the code block hit its time limit of {limit:.3g}s "
                              "(per cell, or what was left of the run's wall time) and was interrupted; "
                              "make it faster or work on a sample.")
            except SystemExit as exc:
                cell.error = (f"SystemExit({exc.code!r}): exit() and sys.exit() are disabled here; "
                              "finish with FINAL(...).")
            except Exception as exc:
                cell.error = format_error(exc)
        cell.stdout = _cap(captured.stdout)
        cell.stderr = _cap(captured.stderr)
        cell.outputs = list(captured.outputs)
        cell.duration_s = time.monotonic() - started
        return cell

    def _execute(self, code: str) -> object:
        source = self._transform(code)
        filename = self._register(source)
        tree = ast.parse(source, filename)
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
        else:
            last = None
        exec(compile(tree, filename, "exec"), self.namespace)
        if last is None:
            return None
        return eval(compile(ast.Expression(last.value), filename, "eval"), self.namespace)


    @contextlib.contextmanager
    def _alarm(self) -> Iterator[None]:
        """SIGALRM-based timeout; silently unavailable off the main thread or on Windows."""
        limit = self.timeout_s
        usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if limit is None or not usable:
            yield
            return

        def fire(signum: int, frame: FrameType | None) -> None:
            raise CellTimeout()

        previous = signal.signal(signal.SIGALRM, fire)
        # setitimer(0) would *disarm* the timer: a run whose wall time is already used up (remaining 0 s)
        # must interrupt the cell at once, not let it run unbounded.
        outer_delay, outer_interval = signal.setitimer(signal.ITIMER_REAL, max(limit, 1e-3))
        started = time.monotonic()
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if outer_delay > 0:  # someone else's alarm (e.g. pytest-timeout) was pending: give it back
                signal.setitimer(signal.ITIMER_REAL, max(outer_delay - (time.monotonic() - started), 1e-3),
                                 outer_interval)


ExecutorFactory = Callable[[dict[str, Any], "float | None"], Executor]
"""Makes the executor for one turn from the namespace and the time a cell may take (the magic's: hidden cells)."""


def default_executor(namespace: dict[str, Any], timeout_s: float | None) -> Executor:
    """Plain Python: no IPython transforms, stdout/stderr captured, SIGALRM timeout on the main thread."""
    return Executor(namespace, timeout_s=timeout_s)


def format_error(exc: BaseException) -> str:
    """The traceback as a REPL would show it, without the executor's own frames."""
    tb: TracebackType | None = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    lines = traceback.format_exception(type(exc), exc, tb)
    text = "".join(lines).rstrip()
    kept = text.splitlines()
    if len(kept) > MAX_ERROR_LINES:
        omitted = f"... ({len(kept) - MAX_ERROR_LINES} traceback lines omitted) ..."
        kept = kept[:5] + [omitted] + kept[-(MAX_ERROR_LINES - 5):]
    return "\n".join(kept)


def _cap(text: str) -> str:
    return clip(text, MAX_RECORDED_CHARS, unit="characters not recorded")
