"""Scale measurements for docs/scale.md: big contexts through %rlm, 10,000-prompt batches, rate limits, lazy frames.

Standalone (not part of ``python -m benchmarks``); run from the repository root:

    .venv/bin/python benchmarks/scale_contexts.py            # ~4 minutes on 2 cores
    .venv/bin/python benchmarks/scale_contexts.py --quick    # smaller batches, ~1 minute

Everything runs against the bundled deterministic server (no network, no LLM) and prints markdown
tables. What is measured, and how:

1. Big in-memory contexts, end to end through the magic in a real kernel: a 40M-character string
   and a 5M-row DataFrame next to tiny ones. "first root request" is the characters of every
   message of the first request the root model received. "scaffold peak" is tracemalloc's peak in
   the kernel during a minimal run over the variable (the model prints the type and answers): the
   memory the scaffold itself allocates (description, prompts, records, panel, report, kernel
   messages), which must stay under 10% of the context. The demo model's own analysis (regexes,
   a cohort table) allocates what that analysis needs and is timed separately. "views" is what giving the
   variable to the model's code costs (a view), and its state as the run starts and ends (for a DataFrame, a
   digest of its numeric memory), in the kernel.
2. ``llm_query_batched`` over 10,000 prompts (concurrency 16, latency 0, server in the same
   process, so client and server share the 2 cores and the GIL): wall time, calls in flight at
   the server, futures alive at once, tracemalloc peak, and the same batch with the live panel.
3. A rate limit of 1,200 requests per minute over 100 calls: the wall time against the bound.
4. Lazy and out-of-core contexts: describe() time and description size, with the work the
   library did meanwhile (Dask tasks executed, DuckDB UDF calls, Polars batches).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from rlm_jupyter import RLM
from rlm_jupyter.demo_model import demo_root, demo_sub
from rlm_jupyter.engine.run import subcalls
from rlm_jupyter.engine.run.context import describe
from rlm_jupyter.jupyter.panel import LivePanel
from rlm_jupyter.testing import FakeLLMServer, RuleBasedSubModel, Scripted
from rlm_jupyter.testing.kernel import KernelSession


def fence(code: str) -> str:
    return f"```repl\n{code}\n```"


def table(header: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def mb(n: float) -> str:
    return f"{n / 1e6:,.1f} MB" if n >= 1e6 else f"{n / 1e3:,.0f} KB"


# -- 1. big contexts through the magic --------------------------------------------------------------
CONTEXTS = [
    ("str, 1,000 chars", "tiny_text", ("filler = '2024-01-01 10:00:00 INFO request handled in 12ms.\\n'\n"
                                       "tiny_text = filler * 10 + 'The special magic number is 48613907.\\n' "
                                       "+ filler * 10"), "find the special magic number"),
    ("str, 40M chars", "big_text", ("big_text = filler * 400_000 + 'The special magic number is 48613907.\\n' "
                                    "+ filler * 400_000"), "find the special magic number"),
    ("DataFrame, 1,000 rows", "few_orders", ("from rlm_jupyter.demo_model.datasets import make_orders\n"
                                             "few_orders = make_orders(1_000, customers=100, seed=1)"),
     "cohort retention by month"),
    ("DataFrame, 5M rows", "orders", "orders = make_orders(5_000_000, customers=500_000, seed=1)",
     "cohort retention by month"),
]
SIZE = ("(lambda o: int(o.memory_usage(index=True).sum()) if hasattr(o, 'memory_usage') "
        "else __import__('sys').getsizeof(o))({})")
# What the views cost a run over the variable, in the kernel: giving it (a view, no data copied), the state as
# the run starts (for a frame, a digest of its numeric memory: engine/safety/memory_digest.py) and the comparison as it
# ends, in ms; the median of three.
VIEW_COST = """
def _view_cost(obj):
    import statistics, time
    from rlm_jupyter.engine.safety.views import Views
    times = []
    for _ in range(3):
        views = Views()
        t0 = time.perf_counter()
        given = views.protect_context({'x': obj})
        t1 = time.perf_counter()
        views.snapshot()
        t2 = time.perf_counter()
        views.changes(given, None)
        t3 = time.perf_counter()
        times.append((t1 - t0, t2 - t1, t3 - t2))
    return tuple(round(1000 * statistics.median(t[i] for t in times), 1) for i in range(3))
"""


def first_request_chars(server: FakeLLMServer, model: str) -> int:
    first = next(r for r in server.requests if r.model == model)
    return sum(len(m["content"]) for m in first.messages)


def big_contexts() -> str:
    server = FakeLLMServer(models={"demo-root": demo_root, "demo-sub": demo_sub}, default=demo_sub).start()
    kernel = KernelSession(server.base_url, RLM_MODEL="demo-root", RLM_SUB_MODEL="demo-sub",
                           RLM_CACHE_DIR=tempfile.mkdtemp(prefix="rlm-scale-cache-"))
    rows = []
    try:
        kernel.ok("%load_ext rlm_jupyter\n%config RLMMagics.cache = False")
        kernel.ok(VIEW_COST)
        for label, name, setup, question in CONTEXTS:
            kernel.ok(setup)
            size = int(kernel.value(SIZE.format(name)))
            given, start, end = (float(x) for x in kernel.value(f"_view_cost({name})").strip("()").split(","))
            server.reset()
            started = time.perf_counter()
            kernel.ok(f'%rlm {name} "{question}" -o answer_{name}')
            wall = time.perf_counter() - started
            status = kernel.value("rlm_run.status")
            first = first_request_chars(server, "demo-root")
            server.models["peek"] = Scripted([fence(f"print(type({name}).__name__)"), "FINAL(done)"])
            kernel.ok("import tracemalloc\ntracemalloc.start()")
            kernel.ok(f'%rlm {name} --model peek "what is this?" -o peeked')
            peak = int(kernel.value("tracemalloc.get_traced_memory()[1]"))
            kernel.ok("tracemalloc.stop()")
            share = f"{100 * peak / size:.2f}%" if size >= 1e6 else "- (a tiny context)"
            rows.append([label, mb(size), f"{first:,}", mb(peak), share, f"{given:.1f} / {start:.1f} / {end:.1f} ms",
                         f"{status}, {wall:.1f} s"])
    finally:
        kernel.close()
        server.stop()
    return table(["context", "size in memory", "first root request (chars)", "scaffold peak", "of the context",
                  "views: given / run start / run end", "demo model's run (through %rlm)"], rows)


# -- 2. 10,000 prompts -----------------------------------------------------------------------------
class CountingPool(ThreadPoolExecutor):
    peak = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._alive: set[Future[Any]] = set()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        self._alive = {f for f in self._alive if not f.done()} | {future}
        CountingPool.peak = max(CountingPool.peak, len(self._alive))
        return future


def batch(n: int, concurrency: int = 16) -> str:
    subcalls.ThreadPoolExecutor = CountingPool  # type: ignore[attr-defined]
    code = f"answers = llm_query_batched([f'item {{i}}' for i in range({n})])"
    rows = []
    with FakeLLMServer(models={"root": Scripted([fence(code), "FINAL_VAR(answers)"])},
                       default=RuleBasedSubModel()) as server:
        for mode in ("plain", "live panel attached", "tracemalloc on"):
            server.reset()
            CountingPool.peak = 0
            rlm = RLM(model="root", sub_model="sub", base_url=server.base_url, api_key="k", concurrency=concurrency,
                      cell_timeout_s=None, max_subcalls=None)  # n is past the default cap of 1,000
            panel = LivePanel(20) if mode == "live panel attached" else None
            if panel is not None:
                panel.start()
            if mode == "tracemalloc on":
                tracemalloc.start()
            started = time.perf_counter()
            run = rlm.run("q", observers=(panel.observe,) if panel else ())
            wall = time.perf_counter() - started
            peak = ""
            if mode == "tracemalloc on":
                peak = mb(tracemalloc.get_traced_memory()[1])
                tracemalloc.stop()
            if panel is not None:
                panel.finish()
            rlm.close()
            ok = run.status == "final" and [a.split(": ", 1)[1] for a in run.answer] == [f"item {i}" for i in range(n)]
            rows.append([mode, f"{n:,}", concurrency, f"{wall:.1f} s", f"{1000 * wall / n:.2f} ms",
                         server.max_in_flight, CountingPool.peak, peak or "-", "yes" if ok else "NO"])
    subcalls.ThreadPoolExecutor = ThreadPoolExecutor  # type: ignore[attr-defined]
    return table(["run", "prompts", "concurrency", "wall", "per call", "peak in flight (server)",
                  "peak futures alive", "tracemalloc peak", "all answers, in order"], rows)


# -- 3. rate limit ------------------------------------------------------------------------------------
def rate_limit(calls: int = 100, rpm: int = 1_200) -> str:
    code = f"answers = llm_query_batched([f'p{{i}}' for i in range({calls})])"
    with FakeLLMServer(models={"root": Scripted([fence(code), "FINAL_VAR(answers)"])},
                       default=RuleBasedSubModel()) as server:
        with RLM(model="root", sub_model="sub", base_url=server.base_url, api_key="k", concurrency=16,
                 rate_limits={"sub": {"rpm": rpm}}) as rlm:
            started = time.perf_counter()
            run = rlm.run("q")
            wall = time.perf_counter() - started
        arrivals = sorted(r.started for r in server.requests if r.model == "sub")
    burst = rpm // 60
    spread = arrivals[-1] - arrivals[0]
    return table(["calls", "limit", "burst", "bound (calls - burst) / rate", "wall", "first to last request",
                  "status"],
                 [[calls, f"{rpm:,} rpm", burst, f"{(calls - burst) / (rpm / 60):.2f} s", f"{wall:.2f} s",
                   f"{spread:.2f} s", run.status]])


# -- 4. lazy contexts ----------------------------------------------------------------------------------
def lazy_contexts() -> str:
    rows = []

    def measure(label: str, obj: Any, work: Callable[[], int]) -> None:
        before = work()
        started = time.perf_counter()
        text = describe(obj, "x")
        elapsed = time.perf_counter() - started
        rows.append([label, f"{1000 * elapsed:.1f} ms", f"{len(text):,}", work() - before])

    tmp = Path(tempfile.mkdtemp(prefix="rlm-scale-lazy-"))
    try:
        import numpy as np
        import pyarrow as pa
        import pyarrow.parquet as pq

        for i in range(8):
            pq.write_table(pa.table({"id": np.arange(1_000_000) + i * 1_000_000,
                                     "service": np.array(["auth", "db", "web", "cache"])[np.arange(1_000_000) % 4],
                                     "latency": np.random.default_rng(i).gamma(2.0, 30.0, 1_000_000)}),
                           tmp / f"part-{i}.parquet")
    except ImportError:
        return "(pyarrow is not installed: skipped)"
    try:
        import polars as pl

        batches = [0]

        def counted(df: Any) -> Any:
            batches[0] += 1
            return df

        measure("Polars LazyFrame over 8 Parquet files (8M rows), plus a map_batches", pl.scan_parquet(
            tmp / "*.parquet").map_batches(counted), lambda: batches[0])
    except ImportError:
        pass
    try:
        import duckdb

        con = duckdb.connect()
        udf_calls = [0]

        def udf(x: int) -> int:
            udf_calls[0] += 1
            return x

        con.create_function("udf", udf, ["BIGINT"], "BIGINT", side_effects=True)
        measure("DuckDB relation, a Python UDF over 10M rows", con.sql("select udf(range) as v from range(10000000)"),
                lambda: udf_calls[0])
    except ImportError:
        pass
    import pyarrow.dataset as pads

    measure("PyArrow dataset, 8 Parquet files", pads.dataset(str(tmp), format="parquet"), lambda: 0)
    try:
        import dask
        import dask.dataframe as dd
        from dask.callbacks import Callback

        tasks = [0]

        class Count(Callback):
            def _pretask(self, key: Any, dsk: Any, state: Any) -> None:
                tasks[0] += 1

        with dask.config.set(scheduler="sync"), Count():  # type: ignore[no-untyped-call]
            frame = dd.read_parquet(str(tmp))
            measure("Dask DataFrame over 8 Parquet files", frame, lambda: tasks[0])
            measure("the same, after set_index (divisions need a pass over the data)", frame.set_index("service"),
                    lambda: tasks[0])
    except ImportError:
        pass
    return table(["context", "describe()", "description (chars)", "work the library did while describing"], rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2,000-prompt batches")
    parser.add_argument("--contexts", action="store_true", help="only the big in-memory contexts (section 1)")
    args = parser.parse_args()
    n = 2_000 if args.quick else 10_000
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    print("## Big in-memory contexts through %rlm\n")
    print(big_contexts() + "\n")
    if args.contexts:
        return
    print(f"## llm_query_batched over {n:,} prompts\n")
    print(batch(n) + "\n")
    print("## Rate limit\n")
    print(rate_limit() + "\n")
    print("## Lazy and out-of-core contexts\n")
    print(lazy_contexts())


if __name__ == "__main__":
    main()
