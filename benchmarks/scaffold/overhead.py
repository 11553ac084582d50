"""Scaffold overhead: time per iteration with zero-latency replies, and the fixed cost of one run.

Why server-side timestamps: ``RequestRecord.started/finished`` are the
server's ``time.monotonic()``, and the server runs in this process, so they
are on the same clock as the caller. Then:

- per iteration: root request i+1 started - root request i finished, i.e.
  receiving the reply, parsing it, running the code, building the next prompt
  and sending it. The code is one assignment (microseconds), so what remains
  is the scaffold (target < 5 ms);
- fixed cost: call -> first request started, plus last response finished ->
  return (target < 50 ms). The library object is built once beforehand (as a
  user would), and two warm-up runs come first.
Medians over repeats.
"""
from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from ..dialects import Step
from ..harness import Log, bundled_server, install
from ..libraries import Library, Options
from .common import fmt, median, ratio, root_requests, session

TURNS, QUICK_TURNS = 20, 5
RUNS, QUICK_RUNS = 10, 3
LOOP_QUESTION = "Overhead probe: take {n} turns, then answer."
ONE_SHOT = "Overhead probe: answer at once."


def strategy(question: str, var: str) -> list[Step]:
    match = re.search(r"take (\d+) turns", question)
    turns = int(match.group(1)) if match else 0
    steps = [Step(f"Turn {i}.", f"step_{i} = {i}") for i in range(turns)]
    return steps + [Step("Done.", "result = 'ok'", final="result")]


def _gaps(server: Any) -> list[float]:
    roots = root_requests(server)
    return [b.started - a.finished for a, b in zip(roots, roots[1:])]


def run(libraries: Sequence[Library], quick: bool, log: Log = print) -> dict[str, Any]:
    turns, runs = (QUICK_TURNS, QUICK_RUNS) if quick else (TURNS, RUNS)
    rows: dict[str, dict[str, float]] = {}
    with bundled_server() as server:
        install(server, strategy, "context", lambda request: "ok")
        for library in libraries:
            with session(library, server, Options(max_iterations=turns + 5)) as s:
                gaps: list[float] = []
                for _ in range(max(1, runs // 3)):
                    server.reset()
                    s.run(LOOP_QUESTION.format(n=turns), "overhead probe", "context")
                    gaps += _gaps(server)
                before, after = [], []
                for attempt in range(runs + 2):
                    server.reset()
                    called = time.monotonic()
                    s.run(ONE_SHOT, "overhead probe", "context")
                    returned = time.monotonic()
                    roots = root_requests(server)
                    if attempt >= 2:  # warm-up runs first
                        before.append(roots[0].started - called)
                        after.append(returned - roots[-1].finished)
            rows[library.name] = {"iteration_ms": 1000 * median(gaps), "call_to_first_ms": 1000 * median(before),
                                  "last_to_return_ms": 1000 * median(after),
                                  "fixed_ms": 1000 * (median(before) + median(after))}
            log(f"  overhead {library.name}: {rows[library.name]['iteration_ms']:.1f} ms/iteration, "
                f"fixed {rows[library.name]['fixed_ms']:.1f} ms")
    return {"turns": turns, "runs": runs, "rows": rows}


def render(result: dict[str, Any], titles: dict[str, str]) -> str:
    rows = result["rows"]
    lines = ["| library | per iteration (ms) | call → first request (ms) | last response → return (ms) | fixed cost (ms) |",
             "| --- | --- | --- | --- | --- |"]
    for name, row in rows.items():
        lines.append(f"| {titles[name]} | {fmt(row['iteration_ms'], 2)} | {fmt(row['call_to_first_ms'], 2)} | "
                     f"{fmt(row['last_to_return_ms'], 2)} | {fmt(row['fixed_ms'], 2)} |")
    if "ours" in rows:
        for name, row in rows.items():
            if name != "ours":
                lines.append(f"| ours/{titles[name]} | {ratio(rows['ours']['iteration_ms'], row['iteration_ms'])} | "
                             f"{ratio(rows['ours']['call_to_first_ms'], row['call_to_first_ms'])} | "
                             f"{ratio(rows['ours']['last_to_return_ms'], row['last_to_return_ms'])} | "
                             f"{ratio(rows['ours']['fixed_ms'], row['fixed_ms'])} |")
    return "\n".join(lines)
