"""Recursive Language Models inside Jupyter.

``from rlm_jupyter import RLM`` works in plain Python; ``%load_ext rlm_jupyter``
adds the ``%rlm`` / ``%%rlm`` magics to a kernel. IPython and ipywidgets are
imported only by the extension loader, never by the engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .engine.dialogue.helpers import BatchError, SubCallError
from .engine.record.export import recorded_helpers
from .engine.record.jsonl import to_jsonl
from .engine.record.spend import Usage
from .engine.record.trajectory import CodeCell, Iteration, Run, SubCall
from .engine.run.budget import LimitReached
from .engine.run.loop import RLM
from .engine.settings import Settings
from .llm.client import LLMError

if TYPE_CHECKING:
    from IPython.core.interactiveshell import InteractiveShell

__all__ = [
    "RLM",
    "BatchError",
    "CodeCell",
    "Iteration",
    "LLMError",
    "LimitReached",
    "Run",
    "Settings",
    "SubCall",
    "SubCallError",
    "Usage",
    "last_run",
    "load_ipython_extension",
    "recorded_helpers",
    "to_jsonl",
    "unload_ipython_extension",
]
__version__ = "0.1.0"


def load_ipython_extension(ipython: InteractiveShell) -> None:
    """Register the magics. Never raises: a kernelspec preloads us, and a failed load must not kill the kernel."""
    from .jupyter.extension import load

    load(ipython)


def unload_ipython_extension(ipython: InteractiveShell) -> None:
    from .jupyter.extension import unload

    unload(ipython)


def last_run() -> Run | None:
    """The most recent run of the ``%%rlm`` magic in this kernel, or None."""
    from .jupyter.extension import session

    current = session()
    return current.last_run if current is not None else None
