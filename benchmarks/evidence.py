"""``python -m benchmarks.evidence [--write]``: what judging an answer by its evidence costs, per FINAL.

Why: every check of ``engine/trust/acceptance.py`` runs when the model writes a FINAL, never per block or per sub-call,
so its cost is paid once or twice a run; this measures how much that once is, on the cases the issue names: a
60-row table printed, and a 5,000-character answer citing its figures. Side by side in the same process, it
measures one scripted iteration of the loop on the bundled server with zero latency (the scaffold's own cost of a
turn), so the figure reads as a ratio too. The first check of a process also loads the CLDR data and dateparser
(``engine/trust/localedata.py``); that one-time cost is measured in a fresh process, apart.

    python -m benchmarks.evidence            # print the section (~30 s)
    python -m benchmarks.evidence --write    # and replace the "Evidence cost" section of RESULTS.md
"""
from __future__ import annotations

import argparse
import datetime as _dt
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from rlm_jupyter import RLM
from rlm_jupyter.engine.dialogue.helpers import FinalSlot
from rlm_jupyter.engine.dialogue.prompts import PROMPT_VERSION
from rlm_jupyter.engine.dialogue.protocol import parse_reply
from rlm_jupyter.engine.record.trajectory import CodeCell, Iteration, Run
from rlm_jupyter.engine.trust.acceptance import Acceptance
from rlm_jupyter.engine.trust.gates import Policy
from rlm_jupyter.testing import FakeLLMServer, Scripted

from . import sections

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADING = "## Evidence cost"
ROWS, ANSWER_CHARS, REPEATS = 60, 5_000, 30


def table() -> pd.DataFrame:
    rng = np.random.default_rng(7)
    return pd.DataFrame({"city": [f"City {i:02d}" for i in range(ROWS)], "orders": rng.integers(10, 900, ROWS),
                         "revenue": (rng.integers(10_000, 9_000_000, ROWS) / 100).round(2)}).set_index("city")


def answer(frame: pd.DataFrame) -> str:
    """A long report in a capable model's style: a sentence per city citing its printed figures, then the leader."""
    lines = [f"{city} placed {row.orders} orders worth ${row.revenue:,.2f}." for city, row in frame.iterrows()]
    text = " ".join(lines)
    while len(text) < ANSWER_CHARS:
        text += " " + " ".join(lines[: 5])
    top = frame.revenue.idxmax()
    return text[:ANSWER_CHARS - 80].rsplit(".", 1)[0] + f". {top} had the highest revenue, ${frame.revenue.max():,.2f}."


def one_check(frame: pd.DataFrame, text: str) -> float:
    """Seconds for the policy to judge one typed FINAL over one printed table (every gate, strict)."""
    shown = frame.to_string()
    run = Run(id="b", question="Which city had the highest revenue?", model="m", sub_model="s", context_names=["df"],
              iterations=[Iteration(0, "r", cells=[CodeCell("print(df.to_string())", stdout=shown, shown=shown)])])
    it = Iteration(1, f"FINAL({text})")
    run.iterations.append(it)
    acceptance = Acceptance(Policy.parse("strict"), run, None, {"df": frame}, None, "", frozenset({"df"}))
    started = time.perf_counter()
    decision = acceptance.final(it, parse_reply(it.reply), FinalSlot())
    elapsed = time.perf_counter() - started
    assert decision.ended, it.verdicts  # the legitimate report is accepted: every gate ran
    return elapsed


def iteration_seconds(frame: pd.DataFrame) -> float:
    """Seconds per scripted iteration of the loop (a block that prints the table; zero model latency)."""
    with FakeLLMServer(models={}) as server:
        server.models["b"] = Scripted(["```repl\nprint(df.head())\n```"])
        with RLM(model="b", base_url=server.base_url, api_key="k", max_iterations=20, cache_dir=None,
                 acceptance="off") as rlm:
            started = time.perf_counter()
            run = rlm.run("q", {"df": frame})
            return (time.perf_counter() - started) / max(len(run.iterations), 1)


def first_check_seconds() -> float:
    """A fresh process's first check: CLDR's data and dateparser load then, once."""
    code = ("import time, benchmarks.evidence as e\nf = e.table()\nt = e.answer(f)\n"
            "s = time.perf_counter(); e.one_check(f, t); print(time.perf_counter() - s)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300,
                         cwd=Path(__file__).resolve().parents[1])
    return float(out.stdout.strip().splitlines()[-1])


def measure() -> dict[str, float]:
    frame = table()
    text = answer(frame)
    one_check(frame, text)  # warm: the libraries' data loaded, as after a process's first answer
    checks = [one_check(frame, text) for _ in range(REPEATS)]
    return {"median": statistics.median(checks), "p90": sorted(checks)[int(REPEATS * 0.9) - 1],
            "iteration": iteration_seconds(frame), "first": first_check_seconds(), "chars": len(text)}


def section(found: dict[str, float]) -> str:
    now = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    ratio = found["median"] / found["iteration"] if found["iteration"] else float("nan")
    return f"""{HEADING}

Generated by `python -m benchmarks.evidence --write` on {now}; prompt version `{PROMPT_VERSION}`.

What judging one FINAL costs: every answer gate under `strict` (the values traced to their sources, the printed
table read back, the claims checked against it, derivations searched) on a typed answer of {int(found['chars']):,}
characters citing the figures of a {ROWS}-row table its code printed whole. The checks run once per FINAL, never per
block or sub-call. Side by side in the same process: one iteration of the loop on the bundled server with zero
model latency (a block that prints a table), the scaffold's own cost of a turn.

| what | time |
| --- | --- |
| one FINAL judged (median of {REPEATS}) | {found['median'] * 1000:.0f} ms |
| one FINAL judged (90th percentile) | {found['p90'] * 1000:.0f} ms |
| one scripted iteration, zero model latency | {found['iteration'] * 1000:.1f} ms |
| ratio: a FINAL's check to an iteration | {ratio:.1f}x |
| the first check of a process (loads CLDR data and dateparser, once) | {found['first'] * 1000:.0f} ms |

A real root turn takes seconds (20-90 s on the local CPU model, 1-30 s on hosted models), so a check is well under
a percent of the turn that wrote the FINAL. A run that never writes a FINAL never imports Babel or dateparser
(`tests/test_evidence.py::test_the_parsing_libraries_load_only_when_an_answer_is_checked`).
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"replace the '{HEADING[3:]}' section of RESULTS.md")
    args = parser.parse_args()
    text = section(measure())
    print(text)
    if args.write:
        sections.write_section(RESULTS, HEADING, text)


if __name__ == "__main__":
    main()
