"""Turning a run back into code a person can continue by hand.

The exported script is the model's code blocks in order. Its sub-calls are
answered from the record (``recorded_helpers``), so the analysis re-runs
without a model and without cost; swap the helpers for live ones to ask again.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from ..dialogue.helpers import PrintedFinal, helpers
from ..dialogue.protocol import parse_reply
from .replay import RecordedQueries
from .trajectory import Run


def export_code(run: Run, run_source: str) -> str:
    """The run as a script; ``run_source`` is the Python expression that gives the Run (a variable or a load)."""
    header = [f"# Exported from RLM run {run.id} ({run.status}): {run.question!r}",
              "# Sub-calls are answered from the record; delete the next two lines to call a model instead.",
              "from rlm_jupyter import recorded_helpers",
              f"globals().update(recorded_helpers({run_source}))"]
    if len(run.context_names) == 1 and run.context_names[0] != "context":
        header.append(f"context = {run.context_names[0]}")
    body = []
    for it in run.iterations:
        if not it.cells:
            continue
        prose = parse_reply(it.reply).prose.strip().splitlines()
        body.append(f"\n# --- iteration {it.index + 1}" + (f": {prose[0][:100]}" if prose else ""))
        body.extend(cell.code for cell in it.cells)
    return "\n".join(header + body) + "\n"


def recorded_helpers(run: Run | str | os.PathLike[str]) -> dict[str, Callable[..., Any]]:
    """``llm_query`` & co. that answer from ``run``'s record; a prompt it never saw raises, naming it."""
    return helpers(RecordedQueries(run if isinstance(run, Run) else Run.load(run)), PrintedFinal(), None)
