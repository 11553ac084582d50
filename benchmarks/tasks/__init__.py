"""Task generators with scorers: each module defines one ``Task`` (data, questions, gold, strategy, sub-model).

Why one shape for all five: the harness runs every task the same way against
every library (scripted or real model), so adding a task never touches it.
Data is generated at run time from a seed and never committed.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rlm_jupyter.testing import RuleBasedSubModel

from ..dialects import Loader, Step, Strategy, identity_loader


@dataclass(frozen=True)
class Instance:
    """One question over one generated context, with the gold answer the scorer compares to."""

    question: str
    context: Any
    gold: Any
    kind: str = ""  # the question's family (for reports)


@dataclass(frozen=True)
class Size:
    value: int
    label: str


@dataclass(frozen=True)
class Task:
    """Everything the harness needs to run and score one task.

    ``canonical`` is the variable name the data gets (and the strategy's code
    uses); ``native_type`` is "str" or "DataFrame". Libraries that only take
    text receive ``as_text(context)`` and the strategy's first step starts
    with ``loader``'s code. ``limits`` caps the size per library where a
    library cannot take the full size here (the report says so).
    """

    name: str
    title: str
    canonical: str
    sizes: Sequence[Size]
    quick_sizes: Sequence[Size]
    generate: Callable[[int, int], list[Instance]]  # (size, seed) -> questions over one generated context
    score: Callable[[Any, Any], float]  # (answer, gold) -> [0, 1]
    strategy: Strategy
    sub_model: RuleBasedSubModel
    native_type: str = "str"
    as_text: Callable[[Any], str] = str
    loader: Loader = identity_loader
    limits: dict[str, int] = field(default_factory=dict)
    limit_reason: str = ""
    scoring: str = ""
    parts: Callable[[Any, Any], dict[str, float]] | None = None  # per-part scores, shown next to the score


    def steps(self, question: str, variable: str) -> list[Step]:
        return list(self.strategy(question, variable))


def all_tasks() -> list[Task]:
    from . import cohort, logs, niah, oolong, oolong_pairs

    return [niah.TASK, oolong.TASK, oolong_pairs.TASK, cohort.TASK, logs.TASK]
