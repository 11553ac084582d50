"""Runs the five tasks against each library, on the bundled server or on a real endpoint.

Why one in-process server: both libraries then see byte-identical replies
(the scripted strategy renders each step in the asking library's dialect),
and the scaffold benchmarks can compare the server's ``time.monotonic()``
timestamps with the client's.
"""
from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from rlm_jupyter.testing import FakeLLMServer, Responder, RuleBasedSubModel

from .dialects import Loader, Strategy, identity_loader, responder
from .libraries import DEFAULT_OPTIONS, Endpoint, Library, Options
from .tasks import Instance, Size, Task

ROOT, SUB = "bench-root", "bench-sub"


@contextmanager
def bundled_server(latency: dict[str, float] | None = None) -> Iterator[FakeLLMServer]:
    """The deterministic server, in this process; ``use_task`` installs a task's strategy and sub-model."""
    with FakeLLMServer(models={}, default=RuleBasedSubModel(), latency=latency) as server:
        yield server


def use_task(server: FakeLLMServer, task: Task) -> None:
    install(server, task.steps, task.canonical, task.sub_model, task.native_type, task.loader)


def install(server: FakeLLMServer, strategy: Strategy, canonical: str, sub_model: Responder,
            native_type: str = "str", loader: Loader = identity_loader) -> None:
    """Serve ``strategy`` as the root model and ``sub_model`` for every other model name."""
    server.models.update({ROOT: responder(strategy, canonical, native_type, loader), SUB: sub_model})
    server.default = sub_model


def scripted_endpoint(server: FakeLLMServer) -> Endpoint:
    return Endpoint(server.base_url, ROOT, SUB)


@dataclass
class TaskResult:
    task: str
    size: str
    library: str
    scores: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    parts: dict[str, list[float]] = field(default_factory=dict)
    skipped: str = ""

    @property
    def score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None


Log = Callable[[str], None]


def run_tasks(tasks: Sequence[Task], libraries: Sequence[Library], endpoint: Endpoint | None, quick: bool,
              seed: int = 0, log: Log = print, options: Options = DEFAULT_OPTIONS) -> list[TaskResult]:
    """Every task x size x library. ``endpoint`` None means the bundled server with the scripted strategies."""
    results: list[TaskResult] = []
    with bundled_server() as server:
        for task in tasks:
            if endpoint is None:
                use_task(server, task)
            target = endpoint or scripted_endpoint(server)
            for size in (task.quick_sizes if quick else task.sizes):
                started = time.perf_counter()
                instances = task.generate(size.value, seed)
                log(f"  {task.name} {size.label}: {len(instances)} question(s), data in {time.perf_counter() - started:.1f} s")
                for library in libraries:
                    results.append(_run_size(task, size, instances, library, target, options, log))
    return results


def _run_size(task: Task, size: Size, instances: list[Instance], library: Library, endpoint: Endpoint,
              options: Options, log: Log) -> TaskResult:
    result = TaskResult(task.name, size.label, library.name)
    limit = task.limits.get(library.name)
    if limit is not None and size.value > limit:
        result.skipped = task.limit_reason
        return result
    session = library.session(endpoint, options)
    try:
        for instance in instances:
            context = context_for(library, task, instance.context)
            started = time.perf_counter()
            try:
                answer = session.run(instance.question, context, task.canonical)
            except Exception as exc:
                answer = None
                result.errors.append(f"{instance.kind}: {type(exc).__name__}: {exc}"[:300])
                if not str(exc):
                    result.errors[-1] += " " + traceback.format_exc(limit=2)[-200:]
            result.seconds.append(time.perf_counter() - started)
            result.scores.append(task.score(answer, instance.gold) if answer is not None else 0.0)
            if task.parts is not None and answer is not None:
                for part, value in task.parts(answer, instance.gold).items():
                    result.parts.setdefault(part, []).append(value)
    finally:
        session.close()
    log(f"    {library.name:5s} score {result.score:.3f} in {sum(result.seconds):.1f} s"
        + (f" ({len(result.errors)} error(s): {result.errors[0]})" if result.errors else ""))
    return result


def context_for(library: Library, task: Task, context: Any) -> Any:
    return context if library.takes_objects else task.as_text(context)
