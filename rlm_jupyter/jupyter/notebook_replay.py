"""Notebook-wide replay: each ``%rlm`` cell answers from the recording saved in its own output.

Why: people share executed notebooks as audit trails, and a colleague's CI must be able to re-execute one
(``RLM_REPLAY=1 pytest --nbval``, papermill, ``nbconvert --execute``) without a key, a model or the network.
The kernel those tools start is not told which notebook it runs, nor which cell, so this finds both:

- the notebook: ``$RLM_REPLAY_NOTEBOOK`` when set; else the one Jupyter says this kernel serves; else every
  ``*.ipynb`` in the kernel's working folder (nbval and nbconvert start the kernel in the notebook's folder),
- the cell: the saved cell whose source is the code being executed (the kernel has it from the execute
  request). The n-th execution of a source takes the n-th saved cell with that source, and the k-th run
  within one execution that cell's k-th recording, so a cell copied twice or a loop of runs still pairs up.

Why by source and not by position: papermill injects a parameters cell, and a notebook run by hand may skip
cells; the source is what ties the code running now to the output it left when it was saved.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.replay import NOTEBOOK_ENV, REPLAY_ENV, Recording
from ..engine.trajectory import Run
from .recordings import notebook_path, saved_cells


class ReplayFailed(Exception):
    """A cell that notebook-wide replay cannot reproduce: its recording is missing, cannot be followed, or (when
    verifying) gives another answer on today's data.

    Why an exception and not the magic's ``UsageError``: IPython prints a ``UsageError`` to stderr, which
    nbval ignores, and sends no error output, so nbval reported only "outputs differ" and papermill an empty
    message. This is an error output every tool stops on, shown as its message alone (IPython renders
    ``_render_traceback_`` instead of a traceback): one line naming the cell, or the line and the diff.
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


@dataclass(frozen=True)
class SavedCell:
    """A code cell of a saved notebook: where it is, its source, and the run records its outputs hold."""

    path: Path
    number: int  # 1-based, counting every cell, as a reader counts them
    source: str
    records: tuple[object, ...]

    @property
    def label(self) -> str:
        first = self.source.strip().splitlines()[0] if self.source.strip() else ""
        return f"{self.path.name}, cell {self.number} ({first[:60]})"


class NotebookReplay:
    """This kernel's pairing of executed cells with saved ones, for one session of notebook-wide replay."""

    def __init__(self) -> None:
        self._executions: Counter[str] = Counter()  # how often each source has started executing
        self._current: tuple[int, str] | None = None  # (execution count, source) of the cell running now
        self._within = 0  # runs so far in that execution

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
            have = (f"holds {len(records)} recording(s), and this is run {kth + 1}," if records
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

    @staticmethod
    def _matching(spec: str, code: str, user_ns: dict[str, Any]) -> list[SavedCell]:
        """The saved cells with this source, from the one notebook that has them (with recordings, preferably)."""
        if spec:
            path = Path(spec).expanduser()
            if not path.is_file():
                raise LookupError(f"replay: {NOTEBOOK_ENV}={spec}: no such notebook; set it to the saved notebook's "
                                  f"path, or unset it to find it in the kernel's folder ({Path.cwd()})")
            candidates = [path]
        else:
            served = notebook_path(user_ns)
            candidates = [served] if served is not None else sorted(Path.cwd().glob("*.ipynb"))
        found = {path: cells for path in candidates if (cells := _cells_with(path, code))}
        recorded = {path: cells for path, cells in found.items() if any(c.records for c in cells)}
        found = recorded or found
        if not found:
            where = candidates[0] if spec else f"{len(candidates)} notebook(s) in {Path.cwd()}"
            raise LookupError(f"replay: no saved cell in {where} has this cell's source ({_first_line(code)}); "
                              f"save the notebook after running it, or set {NOTEBOOK_ENV}=path/to/notebook.ipynb")
        if len(found) > 1 and len({_first_id(cells) for cells in found.values()}) > 1:
            names = ", ".join(p.name for p in found)
            raise LookupError(f"replay: this cell is saved with different recordings in {names}; "
                              f"set {NOTEBOOK_ENV}=path/to/the/notebook.ipynb to say which to replay")
        return next(iter(found.values()))


def _cells_with(path: Path, code: str) -> list[SavedCell]:
    """The code cells of ``path`` whose source is ``code`` (blank lines around it aside)."""
    wanted = code.strip()
    try:
        cells = list(saved_cells(path))
    except ValueError:  # an unreadable notebook in the folder is not this cell's
        return []
    return [SavedCell(path, number, source, records) for number, source, records in cells if source.strip() == wanted]


def _first_id(cells: list[SavedCell]) -> str:
    """The run id of the first original recording among ``cells``: two copies of one notebook agree on it."""
    for cell in cells:
        for record in cell.records:
            if isinstance(record, dict):
                source = record.get("replayed_from")
                return str(source.get("run_id") if isinstance(source, dict) else record.get("id"))
    return ""


def _first_line(code: str) -> str:
    stripped = code.strip()
    return json.dumps(stripped.splitlines()[0][:60] if stripped else "")
