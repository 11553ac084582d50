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
  user would), and a warm-up run comes first.
Medians over repeats; the libraries take turns within each round, in an
order that turns from round to round, so load from other processes on the
machine (or the end of another library's run) affects them alike.
"""
from __future__ import annotations

import itertools
import re
import time
from collections.abc import Sequence
from contextlib import ExitStack
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
    # The answer's block names the data: rlm_jupyter accepts a FINAL only after code has read the context.
    return steps + [Step("Done.", f"seen = len({var})\nresult = 'ok'", final="result")]


def _gaps(server: Any) -> list[float]:
    roots = root_requests(server)
    return [b.started - a.finished for a, b in itertools.pairwise(roots)]


def run(libraries: Sequence[Library], quick: bool, log: Log = print, runs: int | None = None,
        loop_every: int = 3) -> dict[str, Any]:
    """Rounds in which every library takes its turn, in an order that turns, so background load hits them alike.

    ``runs`` rounds (default RUNS), the per-iteration loop in every ``loop_every``-th of them: the guard's
    benchmark compares two settings of one library whose difference is a few percent, and asks for more."""
    turns, runs = (QUICK_TURNS, QUICK_RUNS if runs is None else min(runs, QUICK_RUNS)) if quick else (
        TURNS, RUNS if runs is None else runs)
    gaps: dict[str, list[float]] = {lib.name: [] for lib in libraries}
    before: dict[str, list[float]] = {lib.name: [] for lib in libraries}
    after: dict[str, list[float]] = {lib.name: [] for lib in libraries}
    with bundled_server() as server, ExitStack() as stack:
        install(server, strategy, "context", lambda request: "ok")
        sessions = {lib.name: stack.enter_context(session(lib, server, Options(max_iterations=turns + 5)))
                    for lib in libraries}
        for s in sessions.values():  # warm-up: first connections, lazy imports
            s.run(ONE_SHOT, "overhead probe", "context")
        names = list(sessions)
        for round_ in range(runs):
            # The order turns each round: no library always runs right after the same other one (an isolated
            # REPL's worker ending, say, would always weigh on the next).
            shift = (round_ // loop_every) % len(names)  # each round that runs the loop in a new order
            for name in names[shift:] + names[:shift]:
                s = sessions[name]
                if round_ % loop_every == 0:
                    server.reset()
                    s.run(LOOP_QUESTION.format(n=turns), "overhead probe", "context")
                    gaps[name] += _gaps(server)
                server.reset()
                called = time.monotonic()
                s.run(ONE_SHOT, "overhead probe", "context")
                returned = time.monotonic()
                roots = root_requests(server)
                before[name].append(roots[0].started - called)
                after[name].append(returned - roots[-1].finished)
    rows = {name: {"iteration_ms": 1000 * median(gaps[name]), "call_to_first_ms": 1000 * median(before[name]),
                   "last_to_return_ms": 1000 * median(after[name]),
                   "fixed_ms": 1000 * (median(before[name]) + median(after[name]))} for name in sessions}
    for name, row in rows.items():
        log(f"  overhead {name}: {row['iteration_ms']:.1f} ms/iteration, fixed {row['fixed_ms']:.1f} ms")
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
