"""Where ``--replay`` finds its recording: a file, this kernel's earlier runs, or the saved notebook.

Why the notebook: the static report of every run carries its trajectory in
the output metadata, so a notebook someone sent you can be replayed against
your data without the recording file and without a model.
"""
from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..engine.record.trajectory import Run
from .report import METADATA_KEY
from .which_notebook import notebook_path


@dataclass(frozen=True)
class SavedCell:
    """A code cell of a saved notebook: where it is, its source, and the run records its outputs hold."""

    path: Path
    number: int  # nbval's numbering: the notebook's code cells, from 0 ("Cell 2" in a test id)
    source: str
    records: tuple[object, ...]
    running: bool = False  # papermill marks the cell it is executing in the output it saves as it goes

    @property
    def label(self) -> str:
        """``analysis.ipynb::Cell 2 (%%rlm orders ...)``: the notebook and cell as nbval names its test."""
        first = self.source.strip().splitlines()[0] if self.source.strip() else ""
        return f"{cell_name(self.path, self.number)} ({first[:60]})"


@dataclass(frozen=True)
class SavedNotebook:
    """A saved notebook's code cells; for a papermill output being written, the notebook papermill runs."""

    path: Path
    cells: tuple[SavedCell, ...]
    papermill_input: str | None = None  # metadata.papermill.input_path while papermill is executing this output


def cell_name(path: Path, number: int) -> str:
    """A cell as nbval names it (``analysis.ipynb::Cell 2``), so a message and the failing test read alike."""
    return f"{path.name}::Cell {number}"


def read_notebook(path: Path) -> SavedNotebook:
    """Every code cell saved in ``path`` with the run records in its outputs (unchecked); a file that is not a
    notebook is a one-line ``ValueError``."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError(f"{path}: cannot read the saved notebook ({exc}); pass --replay PATH") from None
    raw = notebook.get("cells") if isinstance(notebook, dict) else None
    code = [cell for cell in (raw if isinstance(raw, list) else []) if isinstance(cell, dict)
            and cell.get("cell_type") == "code"]
    cells = tuple(SavedCell(path, number, _source(cell), tuple(_records(cell.get("outputs"))),
                            _papermill(cell).get("status") == "running") for number, cell in enumerate(code))
    meta = _papermill(notebook)
    in_progress = "input_path" in meta and meta.get("end_time") is None and any(c.running for c in cells)
    return SavedNotebook(path, cells, str(meta["input_path"]) if in_progress else None)


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source")
    return "".join(source) if isinstance(source, list) else str(source or "")


def _papermill(node: object) -> dict[str, Any]:
    meta = node.get("metadata") if isinstance(node, dict) else None
    found = meta.get("papermill") if isinstance(meta, dict) else None
    return found if isinstance(found, dict) else {}


def _records(outputs: object) -> Iterator[object]:
    for output in outputs if isinstance(outputs, list) else []:
        meta = output.get("metadata") if isinstance(output, dict) else None
        meta = meta.get(METADATA_KEY) if isinstance(meta, dict) else None
        if isinstance(meta, dict) and "trajectory" in meta:
            yield meta["trajectory"]


def _trajectories(path: Path) -> Iterator[tuple[int, object]]:
    """(cell number, trajectory record) of every run report saved in ``path``, unchecked, in cell order."""
    for cell in read_notebook(path).cells:
        for record in cell.records:
            yield cell.number, record


def _from_notebook(path: Path, number: int, record: object) -> Run:
    """A saved trajectory as a Run; a malformed one is a one-line ValueError naming the notebook and cell."""
    try:
        return Run.from_dict(record)  # type: ignore[arg-type]  # from_dict checks it is a record
    except ValueError as exc:
        raise ValueError(f"{path}::Cell {number}: {exc}") from None  # the path as given: it may not be the kernel's


def runs_in_notebook(path: Path) -> Iterator[Run]:
    """Every run recorded in the saved outputs of ``path``, in cell order."""
    for number, record in _trajectories(path):
        yield _from_notebook(path, number, record)


def find_recording(spec: str, question: str, context_names: list[str], kernel_runs: Sequence[Run],
                   user_ns: dict[str, Any]) -> Run:
    """The recording to replay: ``spec`` if it names a file, else the latest run of the same question.

    The recorded code refers to the context by the recorded variable names (and ``context`` when there
    was one), so a recording replayed over other names would silently re-check the recorded variables:
    it is refused, with the fix. A malformed record is a ``ValueError`` naming where it is; in the saved
    notebook only the matching run is read, so a broken report of another question does not stop a replay.
    """
    if spec:
        path = Path(spec).expanduser()
        if not path.is_file():
            raise LookupError(f"--replay {spec}: no such file; save one with --record PATH or Run.save(PATH)")
        run = Run.load(path)
        if sorted(run.context_names) != sorted(context_names):
            recorded = _names(run.context_names)
            pairs = zip(run.context_names, context_names)
            example = (f" (bind yours to them first: {'; '.join(f'{r} = {g}' for r, g in pairs)})"
                       if run.context_names and len(run.context_names) == len(context_names) else "")
            raise LookupError(f"--replay {spec}: the recording was made over {recorded}, not {_names(context_names)}; "
                              f"its code reads {recorded}, so replay with the same names{example}")
        return run

    def same(run: Run) -> bool:
        return run.question == question and run.context_names == context_names and run.replay_of is None

    for run in reversed(kernel_runs):
        if same(run):
            return run
    saved = notebook_path(user_ns)
    found = [(n, record) for n, record in _trajectories(saved) if _same_record(record, question, context_names)] \
        if saved else []
    if saved and found:
        return _from_notebook(saved, *found[-1])
    raise LookupError("--replay: no recorded run of this question in this kernel or in the saved notebook; "
                      "run it once (and save the notebook), or pass --replay PATH")


def _same_record(record: object, question: str, context_names: list[str]) -> bool:
    """``same`` on a record not yet checked: its question and names, and not a replay itself."""
    return (isinstance(record, dict) and record.get("question") == question
            and record.get("context_names") == context_names and record.get("replay_of") is None)


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else "no variables"


class RecordTarget:
    """The ``--record PATH`` file, created (exclusively) before the run and filled at its end.

    Why at the start: a path that cannot be written used to fail after the model calls were paid, with
    no answer bound; and a file that appeared during the run was overwritten. Creating the file with
    mode ``"x"`` before any call proves the path works and reserves it. ``discard`` removes the empty
    file again when the run does not get to its end, so a failed line leaves nothing behind.
    """

    def __init__(self, spec: str) -> None:
        self.spec, self.path = spec, Path(spec).expanduser()
        try:
            self._file: IO[str] | None = open(self.path, "x", encoding="utf-8")  # noqa: SIM115 (held until the end)
        except FileExistsError:
            raise ValueError(f"--record {spec} exists; choose a new path or delete it (nothing is overwritten)") \
                from None
        except OSError as exc:
            raise ValueError(f"--record {spec}: cannot create it ({exc.strerror or exc}); "
                             "choose a path in a folder you can write to") from None

    def write(self, run: Run) -> None:
        """Write the record into the file this target created (and keep it)."""
        if self._file is None:
            raise RuntimeError(f"--record {self.spec}: already written or discarded")
        file, self._file = self._file, None
        with file:
            file.write(run.to_json(indent=1))

    def discard(self) -> None:
        """Remove the file if no record was written into it (the run failed before its end)."""
        if self._file is None:
            return
        file, self._file = self._file, None
        file.close()
        self.path.unlink(missing_ok=True)
