"""Where ``--replay`` finds its recording: a file, this kernel's earlier runs, or the saved notebook.

Why the notebook: the static report of every run carries its trajectory in
the output metadata, so a notebook someone sent you can be replayed against
your data without the recording file and without a model.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from ..engine.trajectory import Run
from .report import METADATA_KEY


def notebook_path(user_ns: dict[str, Any]) -> Path | None:
    """The notebook this kernel serves, as Jupyter tells kernels (``__session__`` / ``JPY_SESSION_NAME``)."""
    candidates = (user_ns.get("__session__"), user_ns.get("__vsc_ipynb_file__"), os.environ.get("JPY_SESSION_NAME"))
    for candidate in candidates:
        if isinstance(candidate, str) and candidate.endswith(".ipynb") and Path(candidate).is_file():
            return Path(candidate)
    return None


def saved_cells(path: Path) -> Iterator[tuple[int, str, tuple[object, ...]]]:
    """(cell number, source, run records in its outputs) of every code cell saved in ``path``, unchecked."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise ValueError(f"{path}: cannot read the saved notebook ({exc}); pass --replay PATH") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    for number, cell in enumerate(cells if isinstance(cells, list) else [], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source")
        outputs = cell.get("outputs")
        yield (number, "".join(source) if isinstance(source, list) else str(source or ""),
               tuple(_records(outputs if isinstance(outputs, list) else [])))


def _records(outputs: list[object]) -> Iterator[object]:
    for output in outputs:
        meta = output.get("metadata") if isinstance(output, dict) else None
        meta = meta.get(METADATA_KEY) if isinstance(meta, dict) else None
        if isinstance(meta, dict) and "trajectory" in meta:
            yield meta["trajectory"]


def _trajectories(path: Path) -> Iterator[tuple[int, object]]:
    """(cell number, trajectory record) of every run report saved in ``path``, unchecked, in cell order."""
    for number, _, records in saved_cells(path):
        for record in records:
            yield number, record


def _from_notebook(path: Path, number: int, record: object) -> Run:
    """A saved trajectory as a Run; a malformed one is a one-line ValueError naming the notebook and cell."""
    try:
        return Run.from_dict(record)  # type: ignore[arg-type]  # from_dict checks it is a record
    except ValueError as exc:
        raise ValueError(f"{path}, cell {number}: {exc}") from None


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
