"""Loading and unloading the IPython extension.

Why loading never raises: the RLM kernelspec preloads this extension, and a
failed load there only logs to the server log while the user sees a kernel
without ``%rlm``. So a failure is shown as a warning inside the notebook.
"""
from __future__ import annotations

import logging
import re
import warnings

from IPython.core.error import UsageError
from IPython.core.interactiveshell import ExecutionInfo, InteractiveShell

from .magic import RLMMagics
from .session import Session
from .which_notebook import ExecutedCells

log = logging.getLogger(__name__)
_EMPTY_CELL_FORM = re.compile(r"^\s*%%rlm(\s|$)")
_QUESTION_LINE = re.compile(r"^(?P<indent>[ \t]*)%rlm[ \t]+(?P<rest>\S.*\?)[ \t]*\n?$")
_magics: RLMMagics | None = None


def rewrite_empty_rlm_cell(lines: list[str]) -> list[str]:
    """``%%rlm df "q"`` with an empty body -> ``%rlm df "q"``: IPython rejects empty cell-magic bodies."""
    if lines and _EMPTY_CELL_FORM.match(lines[0]) and not "".join(lines[1:]).strip():
        return [lines[0].replace("%%rlm", "%rlm", 1).rstrip("\n") + "\n"]
    return lines


def keep_question_marks(lines: list[str]) -> list[str]:
    """``%rlm df what is the rate?`` -> the magic's call: IPython's help syntax would take the line for ``rate?``.

    Why here: IPython's ``HelpEnd`` token transformer turns any line that ends with ``name?`` into ``%pinfo
    name`` ("Object `rate` not found."), so an unquoted question never reached the magic. Cleanup transformers
    run before it: the line becomes the ``run_line_magic`` call IPython itself would have made, and the magic
    then says in one line to quote the question. ``%rlm?`` and ``%rlm??`` (the magic's help) are left alone.
    """
    return [_QUESTION_LINE.sub(lambda m: f"{m['indent']}get_ipython().run_line_magic('rlm', {m['rest']!r})",
                               line.rstrip("\n")) + "\n" if _QUESTION_LINE.match(line) else line for line in lines]


def load(shell: InteractiveShell) -> None:
    global _magics
    try:
        if _magics is None or _magics.shell is not shell:
            _magics = RLMMagics(shell=shell, parent=shell)
        shell.register_magics(_magics)
        for transform in (rewrite_empty_rlm_cell, keep_question_marks):  # in this order: the first makes line forms
            if transform not in shell.input_transformers_cleanup:
                shell.input_transformers_cleanup.append(transform)
        if record_executed_cell not in shell.events.callbacks["pre_run_cell"]:
            if not _magics.notebook_replay.executed.sources:  # a %reload_ext has been counting all along
                _start_counting(shell, _magics.notebook_replay.executed)
            shell.events.register("pre_run_cell", record_executed_cell)
        shell.events.register("post_run_cell", release_unbound_namespace)  # registers once, however often loaded
    except Exception as exc:  # never kill a kernel that preloads us
        log.exception("rlm_jupyter failed to load")
        _explain_in_the_notebook(shell, f"rlm_jupyter could not load: {type(exc).__name__}: {exc}. "
                                        "Fix the RLMMagics setting it names (ipython_config.py or %config), "
                                        "then run %reload_ext rlm_jupyter")


def _explain_in_the_notebook(shell: InteractiveShell, message: str) -> None:
    """At kernel start nothing is displayed, so say it in the first cell that runs, and in %rlm itself."""

    def once(*_: object) -> None:
        shell.events.unregister("pre_run_cell", once)
        warnings.warn(message, RuntimeWarning, stacklevel=1)

    def rlm(line: str, cell: str | None = None) -> None:
        raise UsageError(message)

    shell.events.register("pre_run_cell", once)
    shell.register_magic_function(rlm, "line_cell", "rlm")  # type: ignore[arg-type]  # IPython's stub is wrong


def record_executed_cell(info: ExecutionInfo) -> None:
    """``pre_run_cell``: remember the cell's source, so notebook-wide replay can tell which of several saved
    notebooks this kernel runs (``which_notebook.ExecutedCells``). Silent executions trigger no event."""
    if _magics is not None:
        _magics.notebook_replay.executed.saw(info.raw_cell or "")


def _start_counting(shell: InteractiveShell, executed: ExecutedCells) -> None:
    """Loaded by a cell (``%load_ext``): that cell counts, and the cells before it are ``unseen`` (known from the
    execution count when the client stores history, as nbclient's does; nbval's does not, and then their number
    is unknown)."""
    kernel = getattr(shell, "kernel", None)
    parent = kernel.get_parent() if kernel is not None else None
    content = parent.get("content", {}) if isinstance(parent, dict) else {}
    if not isinstance(content, dict) or not isinstance(content.get("code"), str):
        return  # loaded as the kernel starts (the RLM kernelspec): every cell is seen
    # IPython counts a cell that stores history before it runs it: this one is number execution_count - 1
    executed.unseen = max(shell.execution_count - 2, 0) if content.get("store_history", True) else None
    executed.saw(content["code"])


def release_unbound_namespace(*_: object) -> None:
    """``post_run_cell``: after ``del rlm_run``, free the hidden namespace the run kept for ``--continue``.

    Why after every cell: deleting a variable calls nothing of ours, and the model's objects in that
    namespace (never in the user's) would otherwise stay until the next run. The check is one identity
    pass over ``user_ns`` (``Session.release_unbound``). It never raises: a failing callback would print a
    traceback under every cell of the notebook.
    """
    try:
        if _magics is not None and _magics.shell is not None:
            _magics.session.release_unbound(_magics.shell.user_ns)
    except Exception:
        log.exception("rlm_jupyter could not check whether the last run's namespace can be released")


def unload(shell: InteractiveShell) -> None:
    for transform in (rewrite_empty_rlm_cell, keep_question_marks):
        if transform in shell.input_transformers_cleanup:
            shell.input_transformers_cleanup.remove(transform)
    if release_unbound_namespace in shell.events.callbacks["post_run_cell"]:
        shell.events.unregister("post_run_cell", release_unbound_namespace)
    if record_executed_cell in shell.events.callbacks["pre_run_cell"]:
        shell.events.unregister("pre_run_cell", record_executed_cell)
    if _magics is not None:
        for kind in ("line", "cell"):
            shell.magics_manager.magics[kind].pop("rlm", None)


def session() -> Session | None:
    """The kernel's ``%rlm`` session (its runs), or None before ``%load_ext rlm_jupyter``."""
    return _magics.session if _magics is not None else None
