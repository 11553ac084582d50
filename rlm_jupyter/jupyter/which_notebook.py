"""Which saved notebook this kernel runs, as far as the tool that started it tells, and the cells it has run.

Why: replay reads its recordings from the saved notebook, and the kernel is never told the notebook in an
execute request. What each tool does tell a kernel (read from their sources: jupyter_server's session manager,
nbval's ``RunningKernel``, nbclient's ``start_new_kernel``, papermill's ``NotebookExecutionManager``):

- Jupyter's server (JupyterLab, Notebook 7) sets ``JPY_SESSION_NAME`` to the notebook's path, which ipykernel
  copies to ``__session__``; VS Code sets ``__vsc_ipynb_file__``.
- nbval starts one kernel per notebook, in the notebook's folder, from inside pytest, which keeps the test it
  is at in ``PYTEST_CURRENT_TEST`` (``nb.ipynb::Cell 0 (setup)``): the kernel inherits it.
- papermill saves the output notebook before every cell, with that cell marked running and the input notebook
  in its metadata (``notebook_replay`` reads that, since it reads the notebooks anyway).
- nbclient and ``nbconvert --execute`` tell nothing but the folder (they start the kernel in the notebook's).
  There, the notebooks holding the cell are told apart by the cells this kernel has executed so far, in order
  (``ExecutedCells``): a notebook whose code cells cannot have produced that sequence is not the one running.

So no variable per notebook is needed to verify a folder (``RLM_REPLAY_NOTEBOOK`` still says it outright).
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PYTEST_ENV = "PYTEST_CURRENT_TEST"


def notebook_path(user_ns: Mapping[str, Any], environ: Mapping[str, str] = os.environ) -> Path | None:
    """The notebook this kernel runs, as Jupyter, VS Code or pytest (nbval) tell it; None when none does."""
    tested = environ.get(PYTEST_ENV, "").split("::", 1)[0]
    candidates = (user_ns.get("__session__"), user_ns.get("__vsc_ipynb_file__"), environ.get("JPY_SESSION_NAME"),
                  tested)
    for candidate in candidates:
        if isinstance(candidate, str) and candidate.endswith(".ipynb"):
            # A path relative to the server's root (or pytest's) while the kernel runs in the notebook's folder.
            for path in (Path(candidate), Path.cwd() / Path(candidate).name):
                if path.is_file():
                    return path
    return None


@dataclass
class ExecutedCells:
    """The sources of the cells this kernel executed since the extension was loaded, in order.

    ``unseen``: how many cells ran before that (the execution count of the cell that loaded it, minus one), or
    None when unknown (a client that stores no history, as nbval, leaves the count at 1).
    """

    sources: list[str] = field(default_factory=list)
    unseen: int | None = 0

    def saw(self, code: str) -> None:
        self.sources.append(code.strip())

    def misfit(self, cells: list[str]) -> int | None:
        """How many of a notebook's code cells (``cells``, stripped) the executed sequence skipped, or None when
        that notebook cannot have produced it (a cell it lacks, or in another order); 0 with nothing seen yet.

        The executed cells must be the notebook's in order, each one once (a tool runs a notebook top to
        bottom; nbval skips a tagged cell, papermill adds a parameters cell), with ``unseen`` cells before the
        first. The notebook that fits with the fewest cells skipped is the one running. A dynamic programme over
        (executed cell, notebook cell): the best skip count with the j-th executed cell at the i-th notebook cell.
        """
        if not self.sources:
            return 0  # nothing seen yet (the extension was not loaded by a cell): no evidence against any notebook
        inf = len(cells) + 1
        first = self.unseen
        best = [(i - first if first is not None else 0) if cells[i] == self.sources[0]
                and (first is None or i >= first) else inf for i in range(len(cells))]
        for source in self.sources[1:]:
            row, before = [inf] * len(cells), inf  # before: min over k < i of best[k] - k
            for i in range(len(cells)):
                if cells[i] == source and before < inf:
                    row[i] = before + i - 1
                if best[i] < inf:
                    before = min(before, best[i] - i)
            best = row
        found = min(best, default=inf)
        return found if found < inf else None
