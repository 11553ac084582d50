"""Peak memory of one run over a 40M-character context, relative to the context's size (target: < 10%).

Method: a fresh subprocess per library and per method, so nothing else
shares its heap; the server stays in the parent so its memory is not counted.
The child builds the context, builds the library object and does one
warm-up run on a small context (lazy imports and first-use caches are not
the context's fault), then measures one run over the big context:

- ``rss``: resident set size. The kernel's peak (VmHWM) is reset just before
  the run (``/proc/self/clear_refs``), so peak - RSS before = what the run
  added, including copies made in C (file reads, JSON encoding).
- ``tracemalloc``: Python's own allocator tracing, peak - current at the start:
  the same question counted in Python allocations only.

For dspy.RLM the code runs in a worker subprocess; its peak RSS is reported
separately (it holds yet another copy of the context).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import re
import resource
import subprocess
import sys
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rlm_jupyter.demo_model.datasets import make_haystack

from ..harness import ROOT, SUB, Log, bundled_server, install, scripted_endpoint
from ..libraries import LIBRARIES, Endpoint, Library
from ..tasks import niah
from .common import fmt, ratio

CHARS, QUICK_CHARS = 40_000_000, 1_000_000
METHODS = ("rss", "tracemalloc")
ROOT_DIR = Path(__file__).resolve().parents[2]


def _status_kib(field: str) -> int:
    found = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError(f"/proc/self/status has no {field} line: this benchmark needs Linux")
    return int(found.group(1))


def child(library: Library, base_url: str, chars: int, method: str) -> dict[str, Any]:
    """Runs in the fresh subprocess: one warm-up run, then the measured run over ``chars`` characters."""
    big, small = make_haystack(chars, seed=2), make_haystack(10_000, seed=3)
    text, question, gold = big.text, niah.QUESTION.format(key=big.key), big.value
    del big
    session = library.session(Endpoint(base_url, ROOT, SUB))
    session.run(niah.QUESTION.format(key=small.key), small.text, niah.TASK.canonical)
    gc.collect()
    if method == "rss":
        before = _status_kib("VmRSS")
        Path("/proc/self/clear_refs").write_text("5")
        answer = session.run(question, text, niah.TASK.canonical)
        added = (_status_kib("VmHWM") - before) * 1024
    else:
        tracemalloc.start()
        start = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        answer = session.run(question, text, niah.TASK.canonical)
        added = tracemalloc.get_traced_memory()[1] - start
        tracemalloc.stop()
    session.close()
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return {"added_bytes": added, "context_bytes": len(text.encode()), "worker_peak_bytes": worker,
            "correct": niah.score(answer, gold)}


def run(libraries: Sequence[Library], quick: bool, log: Log = print) -> dict[str, Any]:
    chars = QUICK_CHARS if quick else CHARS
    rows: dict[str, dict[str, Any]] = {}
    with bundled_server() as server:
        install(server, niah.strategy, niah.TASK.canonical, niah.SUB_MODEL)
        for library in libraries:
            rows[library.name] = {}
            for method in METHODS:
                command = [sys.executable, "-m", "benchmarks.scaffold.memory", "--library", library.name,
                           "--base-url", scripted_endpoint(server).base_url, "--chars", str(chars), "--method", method]
                done = subprocess.run(command, cwd=ROOT_DIR, capture_output=True, text=True, timeout=600,
                                      env={**os.environ, "PYTHONPATH": str(ROOT_DIR)})
                if done.returncode != 0:
                    rows[library.name][method] = {"error": done.stderr.strip().splitlines()[-1:] or ["failed"]}
                    continue
                rows[library.name][method] = json.loads(done.stdout.strip().splitlines()[-1])
            log(f"  memory {library.name}: " + ", ".join(
                f"{m} +{v.get('added_bytes', float('nan')) / 1e6:.1f} MB" for m, v in rows[library.name].items()))
    return {"chars": chars, "rows": rows}


def share(row: dict[str, Any]) -> float | None:
    return row["added_bytes"] / row["context_bytes"] if "added_bytes" in row else None


def render(result: dict[str, Any], titles: dict[str, str]) -> str:
    rows = result["rows"]
    lines = [f"Context: {result['chars']:,} characters (ASCII, {result['chars'] / 1e6:.0f} MB).", "",
             "| library | added by the run, RSS peak | ÷ context | added, tracemalloc peak | ÷ context | "
             "code worker process peak RSS | answer correct |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for name, by_method in rows.items():
        rss, traced = by_method.get("rss", {}), by_method.get("tracemalloc", {})
        if "error" in rss or "error" in traced:
            lines.append(f"| {titles[name]} | failed: {(rss.get('error') or traced.get('error'))[0]} | | | | | |")
            continue
        worker = rss["worker_peak_bytes"] if name == "dspy" else None
        lines.append(f"| {titles[name]} | {rss['added_bytes'] / 1e6:,.1f} MB | {share(rss):.1%} | "
                     f"{traced['added_bytes'] / 1e6:,.1f} MB | {share(traced):.1%} | "
                     f"{fmt(worker / 1e6 if worker else None, 0, ' MB')} | {rss['correct']:.0f} |")
    if "ours" in rows and "added_bytes" in rows["ours"].get("rss", {}):
        for name, by_method in rows.items():
            if name != "ours" and "added_bytes" in by_method.get("rss", {}):
                lines.append(f"\nAdded memory ours/{titles[name]} (RSS): "
                             f"{ratio(rows['ours']['rss']['added_bytes'], by_method['rss']['added_bytes'])}.")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="child process of the memory benchmark")
    parser.add_argument("--library", required=True, choices=sorted(LIBRARIES))
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--chars", type=int, default=CHARS)
    parser.add_argument("--method", choices=METHODS, default="rss")
    args = parser.parse_args(argv)
    print(json.dumps(child(LIBRARIES[args.library], args.base_url, args.chars, args.method)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
