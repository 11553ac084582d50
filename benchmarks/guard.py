"""``python -m benchmarks.guard [--write] [--quick]``: what the capability guard and the isolated REPL cost.

Side by side in one run, on the bundled server (real HTTP on 127.0.0.1), rlm_jupyter three ways: the guard
on (the default), the guard off, and ``isolated=True``. The three take turns in every round, so load from
other processes on the machine lands on them alike; compare the ratios, not the absolute times.

- Scaffold time per iteration and the fixed cost of a run (``scaffold/overhead.py``'s probe): what the guard
  adds to a turn whose code is one assignment, and what the isolated REPL adds (a message per block, a
  process start per run).
- Fan-out wall time (``scaffold/fanout.py``'s probe): N sub-calls of 0.2 s through ``llm_query_batched``:
  the guard watches nothing the engine's own calls do, the isolated REPL adds one call across the channel.
- Blocks that do the work analysis does, timed by the model's own code: a pandas group-by over a million
  rows (compute-bound: few audited events), three matplotlib figures drawn to memory (thousands of events).
- The audit hook itself, in a fresh interpreter: an audited event the guard does not watch, one it watches
  and allows, one it refuses, each against the same call with no hook (microseconds per call).
- What crossing into the isolated REPL costs: a 1M-row DataFrame and a 40M-character string bound in a
  worker (mapped through Arrow, copied as text), beside the kernel's view of them (no copy) and a pickle
  round trip of the same objects (what a plain copy to another process costs).

``--write`` replaces the "Guard" section of ``benchmarks/RESULTS.md`` and nothing else.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import pickle
import platform
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rlm_jupyter import RLM
from rlm_jupyter.engine.run.isolation import Isolation, sandbox
from rlm_jupyter.engine.safety.views import Views
from rlm_jupyter.testing import FakeLLMServer, Scripted

from . import sections
from .libraries import Ours
from .scaffold import fanout, overhead
from .scaffold.common import fmt, median, ratio

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
HEADING = "## Guard"
COMMAND = "python -m benchmarks.guard --write"
VARIANTS = (Ours("ours", "guard on (default)"), Ours("off", "guard off", guard="off"),
            Ours("isolated", "isolated REPL", isolated=True))
ROUNDS, QUICK_ROUNDS = 5, 2

WORK = {
    "pandas group-by, 1M rows (x5)": (
        "import numpy as np, pandas as pd, time\nrng = np.random.default_rng(0)\n"
        "frame = pd.DataFrame({'k': rng.integers(0, 1000, 1_000_000), 'v': rng.random(1_000_000)})\n"
        "t0 = time.perf_counter()\nfor _ in range(5):\n    totals = frame.groupby('k').v.sum()\n"
        "result = round(time.perf_counter() - t0, 5)\nprint(len(context), result)"),
    "3 matplotlib figures to memory": (
        "import io, time\nimport matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
        "t0 = time.perf_counter()\nfor i in range(3):\n    fig, ax = plt.subplots(); ax.plot(range(100)); "
        "ax.set_title(str(i))\n    fig.savefig(io.BytesIO(), format='png'); plt.close(fig)\n"
        "result = round(time.perf_counter() - t0, 5)\nprint(len(context), result)"),
}

HOOK_PROBE = textwrap.dedent('''
    import json, os, sys, tempfile, time
    from rlm_jupyter.engine.safety import guard
    from rlm_jupyter.engine.record.trajectory import Run
    N = int(sys.argv[1])
    scratch = tempfile.mkdtemp()
    CODE = """
    import os, sys, time
    def unwatched():
        t0 = time.perf_counter()
        for _ in range(N):
            sys._getframe()
        return (time.perf_counter() - t0) / N
    def allowed():
        t0 = time.perf_counter()
        for _ in range(N // 10):
            os.close(os.open(TARGET, os.O_WRONLY | os.O_CREAT))
        return (time.perf_counter() - t0) / (N // 10)
    def refused():
        t0 = time.perf_counter()
        for _ in range(N // 10):
            try:
                os.kill(os.getppid(), 0)
            except PermissionError:
                pass
        return (time.perf_counter() - t0) / (N // 10)
    """
    ns = {"N": N, "TARGET": os.path.join(scratch, "probe.txt")}
    exec(CODE, ns)
    before = {"unwatched": ns["unwatched"](), "allowed": ns["allowed"]()}
    registration = guard.register(ns, guard.Watch("on", frozenset(), scratch, ()),
                                  [Run(id="probe", question="", model="", sub_model="")])
    after = {name: ns[name]() for name in ("unwatched", "allowed", "refused")}
    guard.unregister(registration)
    print(json.dumps({"before": before, "after": after}))
''')


# -- measurements ------------------------------------------------------------------------------------------------------
OVERHEAD_RUNS = 24  # the loop in every round: 480 iterations per variant, a difference of 2% stands out of the noise


def scaffold(quick: bool, log: Callable[[str], None]) -> dict[str, Any]:
    return {"overhead": overhead.run(VARIANTS, quick, log, runs=OVERHEAD_RUNS, loop_every=1),
            "fanout": fanout.run(VARIANTS, quick, log)}


def work(quick: bool, log: Callable[[str], None]) -> dict[str, dict[str, float]]:
    """Each block, timed by its own code, for each variant; the median of the rounds, variants taking turns."""
    rounds = QUICK_ROUNDS if quick else ROUNDS
    samples: dict[str, dict[str, list[float]]] = {w: {v.name: [] for v in VARIANTS} for w in WORK}
    with FakeLLMServer() as server:
        engines = {v.name: RLM(model="root", base_url=server.base_url, api_key="b", acceptance="off", **v.settings)
                   for v in VARIANTS}
        try:
            for name, code in WORK.items():
                server.models["root"] = Scripted([f"```repl\n{code}\n```", "FINAL_VAR(result)"])
                for _ in range(rounds + 1):  # the first round warms imports and font caches up
                    for variant, rlm in engines.items():
                        run = rlm.run("work probe", "x" * 100)
                        if run.status != "final":
                            raise RuntimeError(f"{variant} {name}: {run.status}: {run.message}")
                        samples[name][variant].append(float(run.answer))
        finally:
            for rlm in engines.values():
                rlm.close()
    result = {name: {variant: median(values[1:]) for variant, values in per.items()} for name, per in samples.items()}
    for name, per in result.items():
        log(f"  work {name}: " + ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in per.items()))
    return result


def hook(quick: bool, log: Callable[[str], None]) -> dict[str, dict[str, float]]:
    """The hook's cost per audited call, in a fresh interpreter (a hook cannot be removed once added)."""
    calls = 20_000 if quick else 200_000
    rounds = 1 if quick else 3
    runs = [json.loads(subprocess.run([sys.executable, "-c", HOOK_PROBE, str(calls)], capture_output=True,
                                      text=True, check=True, timeout=600).stdout) for _ in range(rounds)]
    result = {side: {name: median([r[side][name] for r in runs]) for name in runs[0][side]}
              for side in ("before", "after")}
    log(f"  hook: {result}")
    return result


def crossing(quick: bool, log: Callable[[str], None]) -> dict[str, dict[str, float]]:
    """Seconds to give each object to the model's code: a view in the kernel, bound in a worker, pickled."""
    import numpy as np
    import pandas as pd

    rows, chars = (100_000, 4_000_000) if quick else (1_000_000, 40_000_000)
    rng = np.random.default_rng(0)
    objects = {
        f"DataFrame, {rows:,} rows (int, float, text)": pd.DataFrame({
            "id": np.arange(rows), "amount": rng.random(rows),
            "region": pd.Series(rng.choice(["north", "south", "east", "west"], rows)).astype("str")}),
        f"str, {chars:,} characters": ("lorem ipsum dolor sit amet " * (chars // 27 + 1))[:chars],
    }
    result: dict[str, dict[str, float]] = {}
    rounds = 1 if quick else 3
    for name, value in objects.items():
        times: dict[str, list[float]] = {"view": [], "warm-up": [], "isolated": [], "pickle": []}
        for _ in range(rounds):
            started = time.perf_counter()
            Views().protect("x", value)
            times["view"].append(time.perf_counter() - started)
            isolation = Isolation("on", [])
            space = isolation.namespace()
            started = time.perf_counter()  # a small one first: the worker imports pandas and pyarrow once
            space["small"] = value[:10]
            times["warm-up"].append(time.perf_counter() - started)
            started = time.perf_counter()
            space["x"] = value
            times["isolated"].append(time.perf_counter() - started)
            isolation.worker.end()
            started = time.perf_counter()
            pickle.loads(pickle.dumps(value, protocol=5))
            times["pickle"].append(time.perf_counter() - started)
        result[name] = {k: median(v) for k, v in times.items()}
        log(f"  crossing {name}: " + ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in result[name].items()))
    return result


# -- the section -------------------------------------------------------------------------------------------------------
def render(results: dict[str, Any], *, seconds: float, quick: bool, command: str = COMMAND,
           date: str | None = None) -> str:
    titles = {v.name: v.title for v in VARIANTS}
    date = date or _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    over = results["scaffold"]["overhead"]["rows"]
    fan = results["scaffold"]["fanout"]["rows"]
    biggest = str(max(int(n) for n in fan["ours"]))
    lines = [HEADING, "",
             f"Generated by `{command}` on {date} on {platform.system()} {platform.release()} "
             f"({platform.machine()}), Python {platform.python_version()}, Landlock ABI {sandbox.landlock_abi()}"
             f"{' (quick sizes)' if quick else ''}; the whole benchmark took {seconds / 60:.1f} minutes. rlm_jupyter "
             "three ways, taking turns in every round: the guard on (the default), the guard off, and the isolated "
             "REPL. Compare the ratios, not the absolute times.", "",
             f"- Scaffold time per iteration: guard on {fmt(over['ours']['iteration_ms'], 2)} ms, off "
             f"{fmt(over['off']['iteration_ms'], 2)} ms (on/off {ratio(over['ours']['iteration_ms'], over['off']['iteration_ms'])}), "
             f"isolated {fmt(over['isolated']['iteration_ms'], 2)} ms; fixed cost per run: on "
             f"{fmt(over['ours']['fixed_ms'], 1)} ms, off {fmt(over['off']['fixed_ms'], 1)} ms, isolated "
             f"{fmt(over['isolated']['fixed_ms'], 1)} ms (the worker's start).",
             f"- Fan-out of {biggest} sub-calls of 0.2 s at concurrency 16: on {fan['ours'][biggest]['wall_s']:.2f} s, "
             f"off {fan['off'][biggest]['wall_s']:.2f} s (on/off {ratio(fan['ours'][biggest]['wall_s'], fan['off'][biggest]['wall_s'])}), "
             f"isolated {fan['isolated'][biggest]['wall_s']:.2f} s.", "",
             "### Scaffold overhead", "", overhead.render(results["scaffold"]["overhead"], titles), "",
             "### Fan-out through `llm_query_batched`", "", fanout.render(results["scaffold"]["fanout"], titles), "",
             "### Work the model's code does (timed by the code itself; median of the rounds)", "",
             "| block | guard on | guard off | isolated | on/off |", "| --- | --- | --- | --- | --- |"]
    for name, per in results["work"].items():
        lines.append(f"| {name} | {per['ours'] * 1000:.1f} ms | {per['off'] * 1000:.1f} ms | "
                     f"{per['isolated'] * 1000:.1f} ms | {ratio(per['ours'], per['off'])} |")
    hook_ = results["hook"]
    lines += ["", "### The audit hook (µs per call, a fresh interpreter; the hook's own cost is after − before)", "",
              "| audited call | no hook | guard watching | refused (the exception included) |",
              "| --- | --- | --- | --- |",
              f"| `sys._getframe()` (an event the guard does not watch) | {hook_['before']['unwatched'] * 1e6:.2f} | "
              f"{hook_['after']['unwatched'] * 1e6:.2f} | – |",
              f"| `os.open` of a scratch file (watched, allowed) | {hook_['before']['allowed'] * 1e6:.2f} | "
              f"{hook_['after']['allowed'] * 1e6:.2f} | – |",
              f"| `os.kill` of another process (watched, refused) | – | – | {hook_['after']['refused'] * 1e6:.2f} |",
              "", "### Crossing into the isolated REPL (ms to give the object to the model's code)", "",
              "| object | the kernel's view (no copy) | isolated: bound in the worker | the worker's first value of the "
              "type (its imports) | pickle round trip (a plain copy) |",
              "| --- | --- | --- | --- | --- |"]
    for name, per in results["crossing"].items():
        lines.append(f"| {name} | {per['view'] * 1000:.2f} | {per['isolated'] * 1000:.1f} | "
                     f"{per['warm-up'] * 1000:.1f} | {per['pickle'] * 1000:.1f} |")
    lines += ["", "A DataFrame goes in as an Arrow file in shared memory that the worker maps: its numeric columns "
              "are views of the mapping, so the cost is writing the file once; text is copied (a Python string "
              "cannot live in another process's memory). Nothing is copied for the kernel's view: it shares the "
              "user's columns copy-on-write."]
    return "\n".join(lines) + "\n"


def run_all(quick: bool, log: Callable[[str], None]) -> dict[str, Any]:
    return {"scaffold": scaffold(quick, log), "work": work(quick, log), "hook": hook(quick, log),
            "crossing": crossing(quick, log)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.guard", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="replace the Guard section of --results")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the RESULTS.md to write (default: %(default)s)")
    parser.add_argument("--quick", action="store_true", help="small sizes, one round: a smoke run (~1 minute)")
    args = parser.parse_args(argv)
    if sandbox.landlock_abi() < 1:
        parser.exit(1, "python -m benchmarks.guard: this kernel offers no Landlock, so the isolated REPL cannot run\n")
    started = time.monotonic()
    results = run_all(args.quick, print)
    command = " ".join(["python -m benchmarks.guard", *(argv if argv is not None else sys.argv[1:])])
    section = render(results, seconds=time.monotonic() - started, quick=args.quick, command=command)
    print(section)
    if args.write:
        sections.write_section(args.results, HEADING, section)
        print(f"wrote the Guard section of {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
