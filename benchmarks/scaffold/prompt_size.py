"""Root prompt size per iteration for contexts of 10K to 40M characters: it must stay flat.

Why: the point of an RLM is that the context never enters the root prompt.
The same NIAH strategy runs over haystacks of growing size; the server
records every root request, and we compare its characters per iteration.
"Growth" is the largest prompt at an iteration over the smallest across
sizes (1.00 = flat).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rlm_jupyter.demo_model.datasets import make_haystack

from ..harness import Log, bundled_server, context_for, install
from ..libraries import Library
from ..tasks import niah
from .common import fmt, prompt_chars, ratio, root_requests, session

SIZES = (10_000, 100_000, 1_000_000, 10_000_000, 40_000_000)
QUICK_SIZES = (10_000, 100_000)


def run(libraries: Sequence[Library], quick: bool, log: Log = print) -> dict[str, Any]:
    sizes = QUICK_SIZES if quick else SIZES
    chars: dict[str, dict[int, list[int]]] = {lib.name: {} for lib in libraries}
    with bundled_server() as server:
        install(server, niah.strategy, niah.TASK.canonical, niah.SUB_MODEL)
        for size in sizes:
            hay = make_haystack(chars=size, seed=1)
            question = niah.QUESTION.format(key=hay.key)
            for library in libraries:
                server.reset()
                with session(library, server) as s:
                    s.run(question, context_for(library, niah.TASK, hay.text), niah.TASK.canonical)
                chars[library.name][size] = [prompt_chars(r) for r in root_requests(server)]
            log(f"  prompt size {size:,} chars: " + ", ".join(f"{n} {v[size]}" for n, v in chars.items()))
    return {"sizes": list(sizes), "chars": {n: {str(k): v for k, v in per.items()} for n, per in chars.items()}}


def growth(per_size: dict[str, list[int]]) -> float:
    """Largest over smallest root prompt at the same iteration, across context sizes (worst iteration)."""
    turns = min(len(v) for v in per_size.values())
    return max(max(v[i] for v in per_size.values()) / min(v[i] for v in per_size.values()) for i in range(turns))


def render(result: dict[str, Any], titles: dict[str, str]) -> str:
    sizes = result["sizes"]
    lines = ["| library | iteration | " + " | ".join(f"{s:,} chars" for s in sizes) + " | growth |",
             "| --- | --- |" + " --- |" * (len(sizes) + 1)]
    for name, per in result["chars"].items():
        turns = min(len(v) for v in per.values())
        g = growth(per)
        for i in range(turns):
            cells = " | ".join(f"{per[str(s)][i]:,}" for s in sizes)
            lines.append(f"| {titles[name]} | {i + 1} | {cells} | {g:.3f} |" if i == 0 else f"| | {i + 1} | {cells} | |")
    if "ours" in result["chars"]:
        ours = result["chars"]["ours"][str(sizes[-1])]
        for name, per in result["chars"].items():
            if name != "ours":
                theirs = per[str(sizes[-1])]
                lines.append(f"\nRoot prompt at the largest context, first iteration, ours/{titles[name]}: "
                             f"{ratio(ours[0], theirs[0])} ({fmt(ours[0], 0)} vs {fmt(theirs[0], 0)} chars).")
    return "\n".join(lines)
