"""Fan-out: N sub-calls of 0.2 s each through ``llm_query_batched`` at concurrency 16.

Why: an RLM's cost in wall time is dominated by its sub-calls. With 16 in
flight, N calls cannot finish before ceil(N/16) * 0.2 s; the ratio of the
measured time to that ideal shows what the scaffold adds (target <= 1.15).
The time is measured by the model's own code around the call (what a user
waits for), after one warm-up batch in the same session; the median of 3
rounds in which the libraries take turns. The server reports the peak number
of requests in flight. dspy.RLM's ``llm_query_batched`` uses
8 threads (fixed in DSPy), so its ideal is twice as long.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from ..dialects import Step
from ..harness import SUB, Log, bundled_server, install
from ..libraries import Library
from ..tasks.scoring import first_number
from .common import fmt, median, ratio, session, sub_requests

COUNTS = (8, 32, 128, 512)
QUICK_COUNTS = (8, 32)
LATENCY_S, CONCURRENCY = 0.2, 16
REPEATS = 3
QUESTION = "Fan-out probe: send {n} sub-calls at once and report how long they took."


def strategy(question: str, var: str) -> list[Step]:
    match = re.search(r"send (\d+) sub-calls", question)
    n = int(match.group(1)) if match else 1
    return [Step("I'll send all prompts in one batch and time it.",
                 # names the data: rlm_jupyter accepts a FINAL only after code has read the context
                 f"import time\nseen = len({var})\nprompts = ['Probe ' + str(i) + ': reply with ok' for i in range({n})]\n"
                 "t0 = time.perf_counter()\nreplies = llm_query_batched(prompts)\n"
                 "result = round(time.perf_counter() - t0, 4)\nprint(len(replies), result)"),
            Step("Timed.", final="result")]


def ideal(n: int) -> float:
    return math.ceil(n / CONCURRENCY) * LATENCY_S


def run(libraries: Sequence[Library], quick: bool, log: Log = print) -> dict[str, Any]:
    """One session per library, warmed up with one batch; then rounds in which the libraries take turns.

    Taking turns (and the median over rounds) keeps bursts of load from other
    processes on the machine from landing on one library only.
    """
    counts, repeats = (QUICK_COUNTS, 1) if quick else (COUNTS, REPEATS)
    samples: dict[str, dict[int, list[dict[str, float]]]] = {lib.name: {n: [] for n in counts} for lib in libraries}
    with bundled_server(latency={SUB: LATENCY_S}) as server, ExitStack() as stack:
        install(server, strategy, "context", lambda request: "ok")
        sessions = {lib.name: stack.enter_context(session(lib, server)) for lib in libraries}
        for s in sessions.values():
            s.run(QUESTION.format(n=CONCURRENCY), "fan-out probe", "context")
        for n in counts:
            for _ in range(repeats):
                for name, s in sessions.items():
                    server.reset()
                    wall = first_number(s.run(QUESTION.format(n=n), "fan-out probe", "context"))
                    subs = sub_requests(server)
                    samples[name][n].append({
                        "wall_s": wall if wall is not None else float("nan"), "peak_in_flight": server.max_in_flight,
                        "span_s": max(r.finished for r in subs) - min(r.started for r in subs) if subs else float("nan"),
                        "calls": len(subs)})
    rows = {name: {str(n): {key: median([x[key] for x in runs]) for key in runs[0]} for n, runs in per.items()}
            for name, per in samples.items()}
    for name, per in rows.items():
        log(f"  fan-out {name}: " + ", ".join(f"N={n} {v['wall_s']:.2f} s (peak {v['peak_in_flight']:.0f})"
                                             for n, v in per.items()))
    return {"counts": list(counts), "latency_s": LATENCY_S, "concurrency": CONCURRENCY, "repeats": repeats, "rows": rows}


def render(result: dict[str, Any], titles: dict[str, str]) -> str:
    names = list(result["rows"])
    head = "| N | ideal ⌈N/16⌉·0.2 s | " + " | ".join(f"{titles[n]}: wall (÷ ideal), peak in flight" for n in names)
    others = [n for n in names if n != "ours"]
    head += "".join(f" | ours/{titles[n]} wall" for n in others if "ours" in names) + " |"
    lines = [head, "| --- " * (head.count("|") - 1) + "|"]
    for n in result["counts"]:
        cells = []
        for name in names:
            row = result["rows"][name][str(n)]
            cells.append(f"{row['wall_s']:.2f} s ({row['wall_s'] / ideal(n):.2f}), {row['peak_in_flight']:.0f}")
        ratios = [ratio(result["rows"]["ours"][str(n)]["wall_s"], result["rows"][o][str(n)]["wall_s"])
                  for o in others if "ours" in names]
        lines.append(f"| {n} | {fmt(ideal(n), 1)} s | " + " | ".join(cells + ratios) + " |")
    return "\n".join(lines)


def plot(result: dict[str, Any], titles: dict[str, str], path: Path) -> bool:
    """fanout.png: wall time vs N for each library, with the ideal. False if matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    counts = result["counts"]
    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=120)
    ax.plot(counts, [ideal(n) for n in counts], "k--", label=f"ideal ⌈N/{CONCURRENCY}⌉·{LATENCY_S} s")
    for name, rows in result["rows"].items():
        label = titles[name] + (" (8 threads, fixed in DSPy)" if name == "dspy" else "")
        ax.plot(counts, [rows[str(n)]["wall_s"] for n in counts], "o-", label=label)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xticks(counts, [str(n) for n in counts])
    ax.set_xlabel("sub-calls in one llm_query_batched (N)")
    ax.set_ylabel("wall time (s)")
    ax.set_title(f"Fan-out: sub-calls of {LATENCY_S} s, concurrency {CONCURRENCY}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True
