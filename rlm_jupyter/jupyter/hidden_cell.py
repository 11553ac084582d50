"""Hidden cells: the engine's executor with IPython's pieces plugged in (docs/architecture.md, "Jupyter facts").

``shell.transform_cell`` makes ``%magics`` and ``!cmd`` work in model code,
``capture_output`` collects printed text *and* rich display output (plots,
DataFrame HTML) for the panel instead of letting it land loose in the cell,
and ``builtin_trap`` gives code the same builtins as a normal cell. Nothing
here touches ``Out``, ``_`` or the history, and errors are returned to the
model instead of being shown as tracebacks in the notebook.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from ..engine.run.executor import CapturedOutput, Executor, ExecutorFactory


@contextlib.contextmanager
def capture_rich() -> Iterator[CapturedOutput]:
    result = CapturedOutput()
    try:
        with capture_output() as captured:
            yield result
    finally:
        result.stdout, result.stderr = captured.stdout, captured.stderr
        result.outputs = [{"data": dict(o.data), "metadata": dict(o.metadata)} for o in captured.outputs]


def executor_factory(shell: InteractiveShell) -> ExecutorFactory:
    """Executors that run model code as hidden cells of ``shell``."""

    def make(namespace: dict[str, Any], timeout_s: float | None) -> Executor:
        return Executor(namespace, transform=shell.transform_cell, capture=capture_rich,
                        trap=lambda: shell.builtin_trap, timeout_s=timeout_s)

    return make
