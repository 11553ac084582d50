"""Runs one code block in a namespace: output capture, last expression, errors, timeout.

Why our own executor and not ``shell.run_cell``: hidden cells must not add
``Out[n]``, touch ``_`` or history, or show red tracebacks in the notebook
(docs/architecture.md, "Jupyter facts"). The Jupyter layer plugs IPython's pieces in (``transform`` for
``%magics``/``!cmd``, ``register`` for real tracebacks, ``capture`` for rich
display output, ``trap`` for the builtin trap); by default this is plain
Python. Code runs on the calling thread because output capture swaps
``sys.stdout`` process-wide and a block is made to end (stop, time limit) by
``cell_guard``, which needs the main thread.
"""
from __future__ import annotations

import ast
import contextlib
import itertools
import linecache
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from io import StringIO
from types import TracebackType
from typing import Any, Protocol

from ...text import bounded_repr, clip
from ..record.trajectory import CodeCell
from ..safety.cell_guard import CellTimeout, guarded

MAX_RECORDED_CHARS = 1_000_000  # per stream: the record keeps this much of a huge print, the model sees far less
MAX_ERROR_LINES = 40


CELL_FILENAME_PREFIX = "<rlm-cell-"  # model code's filename: tracebacks show its lines, the guard finds its frames
# A stopped block's error on the record: whether its output was kept tells a reader what the record can hold.
STOPPED_DURING = "KeyboardInterrupt: the run was stopped during this block"
STOPPED_AT = "KeyboardInterrupt: the run was stopped at this block, before its record was taken (no output kept)"


class CellInterrupted(KeyboardInterrupt):
    """The stop was pressed during a block: carries the block as far as it ran, so the record keeps it."""

    def __init__(self, cell: CodeCell) -> None:
        super().__init__("the run was stopped")
        self.cell = cell


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
    filename = f"{CELL_FILENAME_PREFIX}{next(_counter)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    return filename


class Executor:
    """Executes model code in ``namespace`` (the same dict every call, so definitions persist)."""

    def __init__(self, namespace: dict[str, Any], *,
                 transform: Callable[[str], str] = lambda code: code,
                 register: Callable[[str], str] = register_source,
                 capture: Callable[[], AbstractContextManager[Captured]] = capture_std,
                 trap: Callable[[], AbstractContextManager[object]] = contextlib.nullcontext,
                 timeout_s: float | None = None,
                 rewrite: Callable[[ast.Module], ast.Module] = lambda tree: tree,
                 failed: Callable[[BaseException], None] = lambda exc: None) -> None:
        """``rewrite`` changes the parsed block before it is compiled, and ``failed`` sees the exception a block
        ended with: the isolated REPL's watch over what its OS limits refuse (``isolation/refusals.py``)."""
        self.namespace = namespace
        self._transform, self._register, self._capture, self._trap = transform, register, capture, trap
        self._rewrite, self._failed = rewrite, failed
        self.timeout_s = timeout_s

    def run(self, code: str) -> CodeCell:
        """Run one block; raises ``CellInterrupted`` (with the block's record) when the stop was pressed.

        Why the stop is raised after the block even when the code caught it: the guard keeps the press in its
        own flag, so ``except: pass`` around a sleep cannot turn a stop into a run that goes on.
        """
        cell = CodeCell(code=code)
        started = time.monotonic()
        stopped = False
        with self._capture() as captured, self._trap():
            try:
                with guarded(self.timeout_s, CELL_FILENAME_PREFIX) as guard:
                    try:
                        value = self._execute(code)
                    finally:
                        stopped = guard is not None and guard.reason == "stop"
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
            except KeyboardInterrupt:
                stopped = True
            except Exception as exc:
                self._failed(exc)
                cell.error = format_error(exc)
        cell.stdout = _cap(captured.stdout)
        cell.stderr = _cap(captured.stderr)
        cell.outputs = list(captured.outputs)
        cell.duration_s = time.monotonic() - started
        if stopped:
            cell.error = cell.error or STOPPED_DURING
            raise CellInterrupted(cell)
        return cell

    def _execute(self, code: str) -> object:
        source = self._transform(code)
        filename = self._register(source)
        tree = self._rewrite(ast.parse(source, filename))
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
        else:
            last = None
        exec(compile(tree, filename, "exec"), self.namespace)
        if last is None:
            return None
        return eval(compile(ast.Expression(last.value), filename, "eval"), self.namespace)


class BlockRunner(Protocol):
    """What the loop runs a block with: an ``Executor`` here, or the isolated REPL's (``isolation.remote``)."""

    def run(self, code: str) -> CodeCell: ...


ExecutorFactory = Callable[[dict[str, Any], "float | None"], BlockRunner]
"""Makes the executor for one turn from the namespace and the time a cell may take (the magic's: hidden cells)."""


def default_executor(namespace: dict[str, Any], timeout_s: float | None) -> Executor:
    """Plain Python: no IPython transforms, stdout/stderr captured, guarded on the main thread."""
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
