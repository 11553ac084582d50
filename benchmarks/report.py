"""RESULTS.md: machine, versions, headline ratios, then one section per benchmark.

Why generated: the numbers in the README must be reproducible with one
command, so the report is written by the run that measured them, never by hand.
"""
from __future__ import annotations

import datetime as _dt
import os
import platform
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .harness import TaskResult
from .libraries import Library
from .scaffold import fanout, memory, overhead, prompt_size, startup
from .tasks import Task


def machine() -> str:
    cpu = re.search(r"^model name\s*:\s*(.+)$", _read("/proc/cpuinfo"), re.MULTILINE)
    mem = re.search(r"^MemTotal:\s+(\d+) kB", _read("/proc/meminfo"), re.MULTILINE)
    memory_text = f"{int(mem.group(1)) / 2**20:.1f} GiB" if mem else "unknown"
    return (f"{platform.system()} {platform.release()} ({platform.machine()}), {os.cpu_count()} cores"
            f"{f' ({cpu.group(1).strip()})' if cpu else ''}, {memory_text} memory, "
            f"Python {platform.python_version()}")


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _cell(result: TaskResult | None) -> str:
    if result is None:
        return "–"
    if result.skipped:
        return "not run (see note)"
    text = f"{result.score:.3f} ({sum(result.seconds):.1f} s)"
    if result.errors:
        text += f" ⚠ {len(result.errors)} failed"
    return text


def task_table(tasks: Sequence[Task], results: Sequence[TaskResult], names: Sequence[str], titles: dict[str, str]) -> str:
    by_key = {(r.task, r.size, r.library): r for r in results}
    head = "| task | size | questions | " + " | ".join(f"{titles[n]} score (time)" for n in names) + " |"
    lines = [head, "| --- | --- | --- |" + " --- |" * len(names)]
    notes: list[str] = []
    for task in tasks:
        sizes = list(dict.fromkeys(r.size for r in results if r.task == task.name))
        for size in sizes:
            row = [by_key.get((task.name, size, n)) for n in names]
            count = max((len(r.scores) for r in row if r is not None), default=0)
            lines.append(f"| {task.title} | {size} | {count} | " + " | ".join(_cell(r) for r in row) + " |")
            for r in row:
                if r is not None and r.parts:
                    parts = ", ".join(f"{k} {sum(v) / len(v):.2f}" for k, v in r.parts.items())
                    notes.append(f"- {task.title}, {size}, {titles[r.library]}: per pattern {parts}")
                if r is not None and r.errors:
                    notes.append(f"- {task.title}, {size}, {titles[r.library]}: {r.errors[0]}")
        if task.limit_reason and any(r.skipped for r in results if r.task == task.name):
            notes.append(f"- {task.title}: {task.limit_reason}")
    scoring = "\n".join(f"- {t.title}: {t.scoring}" for t in tasks)
    return "\n".join(lines) + "\n\nScoring:\n" + scoring + ("\n\nNotes:\n" + "\n".join(notes) if notes else "")


def _target(scaffold: dict[str, Any], met: bool, text: str) -> str:
    return f" rlm_jupyter's target {text}: {'met' if met else 'missed'}." if scaffold else ""


def headline(scaffold: dict[str, Any], titles: dict[str, str]) -> str:
    """The few numbers worth quoting, each library measured in this run, with rlm_jupyter's targets."""
    out: list[str] = []
    if "prompt_size" in scaffold:
        chars = scaffold["prompt_size"]["chars"]
        growth = ", ".join(f"{titles[n]} {prompt_size.growth(v):.3f}" for n, v in chars.items())
        sizes = scaffold["prompt_size"]["sizes"]
        flat = "ours" in chars and prompt_size.growth(chars["ours"]) < 1.01
        out.append(f"- Root prompt growth from {sizes[0]:,} to {sizes[-1]:,} context characters (1.000 = flat): {growth}."
                   + _target(chars.get("ours", {}), flat, "flat (< 1.01)"))
    if "fanout" in scaffold:
        result = scaffold["fanout"]
        n = result["counts"][-1] if 128 not in result["counts"] else 128
        parts = [f"{titles[name]} {rows[str(n)]['wall_s'] / fanout.ideal(n):.2f}× ideal (peak {rows[str(n)]['peak_in_flight']:.0f} in flight)"
                 for name, rows in result["rows"].items()]
        ours = result["rows"].get("ours", {}).get(str(n))
        out.append(f"- Fan-out of {n} sub-calls of {result['latency_s']} s at concurrency {result['concurrency']}: "
                   + ", ".join(parts) + "."
                   + _target(ours or {}, bool(ours) and ours["wall_s"] / fanout.ideal(n) <= 1.15, "≤ 1.15× ideal"))
    if "overhead" in scaffold:
        rows = scaffold["overhead"]["rows"]
        out.append("- Scaffold time per iteration: " + ", ".join(f"{titles[n]} {r['iteration_ms']:.1f} ms" for n, r in rows.items())
                   + "; fixed cost per run: " + ", ".join(f"{titles[n]} {r['fixed_ms']:.1f} ms" for n, r in rows.items()) + "."
                   + _target(rows.get("ours", {}), rows.get("ours", {}).get("iteration_ms", 1e9) < 5, "< 5 ms per iteration")
                   + _target(rows.get("ours", {}), rows.get("ours", {}).get("fixed_ms", 1e9) < 50, "< 50 ms fixed"))
    if "memory" in scaffold:
        rows = scaffold["memory"]["rows"]
        parts = [f"{titles[n]} +{memory.share(r['rss']):.1%}" for n, r in rows.items() if "added_bytes" in r.get("rss", {})]
        ours_rss = rows.get("ours", {}).get("rss", {})
        out.append(f"- Memory added by a run over a {scaffold['memory']['chars'] / 1e6:.0f}M-character context "
                   "(RSS peak ÷ context size): " + ", ".join(parts) + "."
                   + _target(ours_rss, (share := memory.share(ours_rss)) is not None and share < 0.10,
                           "< 10%"))
    if "startup" in scaffold:
        result = scaffold["startup"]
        parts = [f"`import {result['modules'][n]}` {1000 * s:.0f} ms" for n, s in result["import_s"].items()]
        if result["load_ext_s"] is not None:
            parts.append(f"`%load_ext rlm_jupyter` {1000 * result['load_ext_s']:.0f} ms")
        out.append("- Start-up (best of several fresh processes): " + ", ".join(parts) + ".")
    return "\n".join(out)


SCAFFOLD_SECTIONS = (
    ("prompt_size", "Root prompt size per iteration (characters sent to the root model)", prompt_size),
    ("fanout", "Fan-out through `llm_query_batched`", fanout),
    ("overhead", "Scaffold overhead (zero-latency replies, server-side timestamps)", overhead),
    ("memory", "Peak memory over a large context", memory),
    ("startup", "Start-up", startup),
)


def write(path: Path, *, quick: bool, command: str, libraries: Sequence[Library], skipped: dict[str, str],
          tasks: Sequence[Task], task_results: Sequence[TaskResult], scaffold: dict[str, Any],
          endpoint_note: str, dspy_sandbox: str | None, plot_written: bool, load: tuple[float, float] = (0.0, 0.0),
          seconds: float = 0.0) -> None:
    titles = {lib.name: lib.title for lib in libraries}
    names = [lib.name for lib in libraries]
    versions = ", ".join(f"{lib.title} {lib.version()}" for lib in libraries)
    parts = [
        "# Benchmark results", "",
        f"Generated by `{command}` on {_dt.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}"
        f"{' (--quick: tiny sizes, for CI; not for quoting)' if quick else ''}.", "",
        f"- Machine: {machine()}; 1-minute load average {load[0]:.1f} at the start and {load[1]:.1f} at the end "
        f"(other processes share the machine: the libraries take turns, so compare them within this run); "
        f"the whole run took {seconds / 60:.1f} minutes",
        f"- Libraries: {versions}",
        f"- Models: {endpoint_note}",
        "- All timings are from this one run on this machine; compare the ratios, not the absolute times.",
    ]
    for name, reason in skipped.items():
        parts.append(f"- Not run: {name}: {reason}")
    if "dspy" in names:
        parts.append("- dspy.RLM runs with DSPy's `LocalInterpreter` (a plain Python subprocess, no sandbox): "
                     + ("its default Deno/Pyodide sandbox cannot start offline here: `" + dspy_sandbox + "`."
                        if dspy_sandbox else "its default Deno/Pyodide sandbox also works here."))
    if scaffold:
        parts += ["", "## Headline", "", headline(scaffold, titles)]
    if task_results:
        parts += ["", "## Task quality", "", task_table(tasks, task_results, names, titles)]
    for key, title, module in SCAFFOLD_SECTIONS:
        if key in scaffold:
            parts += ["", f"## {title}", "", (module.__doc__ or "").strip(), "", module.render(scaffold[key], titles)]
            if key == "fanout":
                parts.append("\n![fan-out wall time vs N](fanout.png)" if plot_written else "\n(no plot: matplotlib is not installed)")
    parts += ["", "## How the libraries are driven", "", _adaptations(), ""]
    kept = real_section_of(path, HAND_HEADING) or real_section_of(path)
    path.write_text("\n".join(parts) + (f"\n{kept}" if kept else ""), encoding="utf-8")


HAND_HEADING = "## Prompt iterations on the real model"  # written by hand, just before the "Real model" section
REAL_HEADING = "## Real model"


def real_section_of(path: Path, heading: str = REAL_HEADING) -> str:
    """An existing RESULTS.md from ``heading`` to its end (the real-model part is always last), or "".

    Why kept: the scripted run and the real-model run are separate commands (one takes minutes, the
    other hours on a CPU model), and neither may wipe out what the other measured; a scripted run
    also keeps the hand-written notes on the real model's prompt iterations that come just before it.
    """
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start = text.find("\n" + heading)
    return text[start + 1:] if start != -1 else ""


def write_real(path: Path, section: str) -> None:
    """Put ``section`` in place of RESULTS.md's "Real model" section, keeping everything before it."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    kept = real_section_of(path)
    head = text[: len(text) - len(kept)] if kept else text
    path.write_text(head.rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n", encoding="utf-8")


def _adaptations() -> str:
    from . import dialects, libraries

    return ((libraries.__doc__ or "").split("\n\n", 1)[-1].strip() + "\n\n"
            + (dialects.__doc__ or "").split("\n\n", 1)[-1].strip())
