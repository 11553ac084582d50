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
from typing import Any

from ..engine.trajectory import Run
from .report import METADATA_KEY


def notebook_path(user_ns: dict[str, Any]) -> Path | None:
    """The notebook this kernel serves, as Jupyter tells kernels (``__session__`` / ``JPY_SESSION_NAME``)."""
    candidates = (user_ns.get("__session__"), user_ns.get("__vsc_ipynb_file__"), os.environ.get("JPY_SESSION_NAME"))
    for candidate in candidates:
        if isinstance(candidate, str) and candidate.endswith(".ipynb") and Path(candidate).is_file():
            return Path(candidate)
    return None


def runs_in_notebook(path: Path) -> Iterator[Run]:
    """Every run recorded in the saved outputs of ``path``, in cell order."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook.get("cells", []):
        for output in cell.get("outputs", []):
            meta = output.get("metadata", {}).get(METADATA_KEY)
            if isinstance(meta, dict) and "trajectory" in meta:
                yield Run.from_dict(meta["trajectory"])


def find_recording(spec: str, question: str, context_names: list[str], kernel_runs: Sequence[Run],
                   user_ns: dict[str, Any]) -> Run:
    """The recording to replay: ``spec`` if it names a file, else the latest run of the same question."""
    if spec:
        path = Path(spec).expanduser()
        if not path.is_file():
            raise LookupError(f"--replay {spec}: no such file; save one with --record PATH or Run.save(PATH)")
        return Run.load(path)

    def same(run: Run) -> bool:
        return run.question == question and run.context_names == context_names and run.replay_of is None

    for run in reversed(kernel_runs):
        if same(run):
            return run
    saved = notebook_path(user_ns)
    found = [run for run in runs_in_notebook(saved) if same(run)] if saved else []
    if found:
        return found[-1]
    raise LookupError("--replay: no recorded run of this question in this kernel or in the saved notebook; "
                      "run it once (and save the notebook), or pass --replay PATH")
