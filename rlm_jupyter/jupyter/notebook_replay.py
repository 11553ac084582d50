"""Notebook-wide replay: each ``%rlm`` cell answers from the recording saved in its own output.

Why: people share executed notebooks as audit trails, and a colleague's CI must be able to re-execute one
(``RLM_REPLAY=1 pytest --nbval``, papermill, ``nbconvert --execute``) without a key, a model or the network.
The kernel those tools start is not told which notebook it runs, nor which cell, so this finds both:

- the notebook: ``$RLM_REPLAY_NOTEBOOK`` when set; else the one the tool running the kernel names
  (``which_notebook``: Jupyter's session, nbval's test); else, in the kernel's folder (nbval, nbclient and
  nbconvert start the kernel in the notebook's), a papermill output being written names its input; else the
  ``*.ipynb`` there that hold the cell, told apart when their recordings differ by the cells this kernel has
  executed so far (``which_notebook.ExecutedCells``),
- the cell: the saved cell whose source is the code being executed (the kernel has it from the execute
  request). The n-th execution of a source takes the n-th saved cell with that source, and the k-th run
  within one execution that cell's k-th recording, so a cell copied twice or a loop of runs still pairs up.

Why by source and not by position: papermill injects a parameters cell, and a notebook run by hand may skip
cells; the source is what ties the code running now to the output it left when it was saved.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..engine.record.replay import NOTEBOOK_ENV, REPLAY_ENV, Recording
from ..engine.record.trajectory import Run
from ..text import plural
from .outcomes import CellFailed
from .recordings import SavedCell, SavedNotebook, read_notebook
from .which_notebook import ExecutedCells, notebook_path


class ReplayFailed(CellFailed):
    """A cell that notebook-wide replay cannot reproduce: its recording is missing, cannot be followed, or (when
    verifying) gives another answer on today's data.

    Why an exception and not the magic's ``UsageError``: IPython prints a ``UsageError`` to stderr, which
    nbval ignores, and sends no error output, so nbval reported only "outputs differ" and papermill an empty
    message. This is an error output every tool stops on, shown as its message alone (``outcomes.OneLine``):
    one line naming the cell, or the line and the diff.
    """


class NotebookReplay:
    """This kernel's pairing of executed cells with saved ones, for one session of notebook-wide replay."""

    def __init__(self) -> None:
        self._executions: Counter[str] = Counter()  # how often each source has started executing
        self._current: tuple[int, str] | None = None  # (execution count, source) of the cell running now
        self._within = 0  # runs so far in that execution
        self.executed = ExecutedCells()  # every cell this kernel ran since the extension loaded (extension.py)

    def find(self, spec: str, code: str, execution_count: int, question: str, names: list[str],
             user_ns: dict[str, Any]) -> Recording:
        """The recording of this run: the saved cell whose source is ``code``, and its next recording.

        ``spec`` is the notebook's path (``$RLM_REPLAY_NOTEBOOK``; "" to find it). A miss is a ``LookupError``
        of one line naming the notebook and cell (or the folder searched) and what to do.
        """
        nth, kth = self._position(execution_count, code)
        cells = self._matching(spec, code, user_ns)
        cell = cells[min(nth, len(cells) - 1)]
        originals: list[object] = [r for r in cell.records if isinstance(r, dict) and r.get("replay_of") is None]
        records = originals or list(cell.records)
        if kth >= len(records):
            have = (f"holds {plural(len(records), 'recording')}, and this is run {kth + 1}," if records
                    else "holds no recording")
            raise LookupError(f"replay: {cell.label} {have} in its saved outputs; run it once against a model and "
                              f"save the notebook (or unset {REPLAY_ENV} to call the model)")
        try:
            run = Run.from_dict(records[kth])  # type: ignore[arg-type]  # from_dict checks it is a record
        except ValueError as exc:
            raise LookupError(f"replay: {cell.label}: {exc}") from None
        if run.question != question or run.context_names != names:
            raise LookupError(f"replay: {cell.label} recorded {run.question!r} over {', '.join(run.context_names)}, "
                              f"not {question!r} over {', '.join(names)}; run it against a model and save again")
        return Recording(run, cell.label)

    def _position(self, execution_count: int, code: str) -> tuple[int, int]:
        """(which execution of this source, which run within it), both from 0."""
        if self._current != (execution_count, code):
            self._current, self._within = (execution_count, code), 0
            self._executions[code] += 1
        else:
            self._within += 1
        return self._executions[code] - 1, self._within

    def _matching(self, spec: str, code: str, user_ns: dict[str, Any]) -> list[SavedCell]:
        """The saved cells with this source, from the one notebook that has them (with recordings, preferably)."""
        if spec:
            path = Path(spec).expanduser()
            if not path.is_file():
                raise LookupError(f"replay: {NOTEBOOK_ENV}={spec}: no such notebook; set it to the saved notebook's "
                                  f"path, or unset it to find it in the kernel's folder ({Path.cwd()})")
            candidates = [path]
        else:
            named = notebook_path(user_ns)
            candidates = [named] if named is not None else sorted(Path.cwd().glob("*.ipynb"))
        notebooks = [notebook for path in candidates if (notebook := _readable(path)) is not None]
        notebooks = _papermill_input(notebooks, code) or notebooks
        found = {notebook.path: (notebook, cells) for notebook in notebooks if (cells := _cells_with(notebook, code))}
        recorded = {path: pair for path, pair in found.items() if any(c.records for c in pair[1])}
        found = recorded or found
        if not found:
            where = candidates[0] if spec else f"{plural(len(candidates), 'notebook')} in {Path.cwd()}"
            raise LookupError(f"replay: no saved cell in {where} has this cell's source ({_first_line(code)}); "
                              f"save the notebook after running it, or set {NOTEBOOK_ENV}=path/to/notebook.ipynb")
        if len(found) > 1:
            found = self._running(found)
        return next(iter(found.values()))[1]

    def _running(self, found: dict[Path, tuple[SavedNotebook, list[SavedCell]]]
                 ) -> dict[Path, tuple[SavedNotebook, list[SavedCell]]]:
        """Of several notebooks holding the cell, the one whose cells this kernel has been running (the fewest
        skipped); notebooks that are copies of one another (the same recordings) need not be told apart."""
        misfits = {path: self.executed.misfit([c.source.strip() for c in notebook.cells])
                   for path, (notebook, _) in found.items()}
        fitting = [misfit for misfit in misfits.values() if misfit is not None]
        best = {path: pair for path, pair in found.items() if fitting and misfits[path] == min(fitting)}
        if len(best) == 1 or len({_recording_ids(cells) for _, cells in (best or found).values()}) == 1:
            return best or found
        names = ", ".join(p.name for p in best or found)
        raise LookupError(f"replay: this cell is saved with different recordings in {names}, and the cells run so "
                          f"far fit {'each' if best else 'none'} of them; set {NOTEBOOK_ENV}=path/to/the/notebook"
                          ".ipynb to say which to replay")


def _readable(path: Path) -> SavedNotebook | None:
    try:
        return read_notebook(path)
    except ValueError:  # an unreadable notebook in the folder is not this cell's
        return None


def _papermill_input(notebooks: list[SavedNotebook], code: str) -> list[SavedNotebook]:
    """papermill executing one of ``notebooks`` (it saves the output before each cell, that cell marked running):
    the notebook it runs, where the recordings are; [] when papermill is not running this cell here."""
    wanted = code.strip()
    for notebook in notebooks:
        if notebook.papermill_input and any(c.running and c.source.strip() == wanted for c in notebook.cells):
            given = Path(notebook.papermill_input).expanduser()
            for path in (given, notebook.path.parent / given, notebook.path.parent / given.name):
                if path.is_file() and (source := _readable(path)) is not None:
                    return [source]
    return []


def _cells_with(notebook: SavedNotebook, code: str) -> list[SavedCell]:
    """The code cells of ``notebook`` whose source is ``code`` (blank lines around it aside)."""
    wanted = code.strip()
    return [cell for cell in notebook.cells if cell.source.strip() == wanted]


def _recording_ids(cells: list[SavedCell]) -> tuple[str, ...]:
    """The run ids of the cells' recordings: two copies of one notebook agree on them, a rerun's differ."""
    return tuple(str(record.get("id")) for cell in cells for record in cell.records if isinstance(record, dict))


def _first_line(code: str) -> str:
    stripped = code.strip()
    return json.dumps(stripped.splitlines()[0][:60] if stripped else "")
