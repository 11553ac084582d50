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
from IPython.core.interactiveshell import InteractiveShell

from .magic import RLMMagics
from .session import Session

log = logging.getLogger(__name__)
_EMPTY_CELL_FORM = re.compile(r"^\s*%%rlm(\s|$)")
_magics: RLMMagics | None = None


def rewrite_empty_rlm_cell(lines: list[str]) -> list[str]:
    """``%%rlm df "q"`` with an empty body -> ``%rlm df "q"``: IPython rejects empty cell-magic bodies."""
    if lines and _EMPTY_CELL_FORM.match(lines[0]) and not "".join(lines[1:]).strip():
        return [lines[0].replace("%%rlm", "%rlm", 1).rstrip("\n") + "\n"]
    return lines


def load(shell: InteractiveShell) -> None:
    global _magics
    try:
        if _magics is None or _magics.shell is not shell:
            _magics = RLMMagics(shell=shell, parent=shell)
        shell.register_magics(_magics)
        if rewrite_empty_rlm_cell not in shell.input_transformers_cleanup:
            shell.input_transformers_cleanup.append(rewrite_empty_rlm_cell)
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
    if rewrite_empty_rlm_cell in shell.input_transformers_cleanup:
        shell.input_transformers_cleanup.remove(rewrite_empty_rlm_cell)
    if release_unbound_namespace in shell.events.callbacks["post_run_cell"]:
        shell.events.unregister("post_run_cell", release_unbound_namespace)
    if _magics is not None:
        for kind in ("line", "cell"):
            shell.magics_manager.magics[kind].pop("rlm", None)


def session() -> Session | None:
    """The kernel's ``%rlm`` session (its runs), or None before ``%load_ext rlm_jupyter``."""
    return _magics.session if _magics is not None else None
