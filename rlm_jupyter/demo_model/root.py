"""The demo root model: a strategy, not an answer key, so the demo runs with no network and no LLM.

Why it exists: the demo, the example notebooks and the tests must run on a
machine with no model at all. ``demo_root`` reads the question and the
context variables back from the root request (``Conversation.read_opening``:
it knows nothing of the prompt's wording), picks a strategy, and replays the
strategy's step for the current turn (``Conversation.turn``). Each strategy
writes the same kind of code a real model writes (explore, compute with
pandas/re, fan out with ``llm_query_batched``, ``FINAL_VAR``), so every number
in its answers is computed from the data by that code.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ..engine.dialogue.conversation import Conversation
from .dask_frames import dask_strategy, wants_dask_strategy
from .responders import ChatRequest, Reply
from .spark_frames import spark_strategy, wants_spark_strategy


def _cohort_retention(name: str) -> list[str]:
    return [
        (f"Let me look at the orders first.\n```repl\nprint({name}.shape)\nprint({name}.dtypes.to_string())\n"
        f"print({name}.head(3).to_string())\n```"),
        ("I'll compute monthly cohorts: a customer's cohort is the month of their first order, and retention "
        "at age k is the share of the cohort ordering k months later.\n```repl\nimport pandas as pd\n"
        f"cols = list({name}.columns)\n"
        "customer = next(c for c in cols if 'customer' in c.lower() or 'user' in c.lower())\n"
        f"when = next(c for c in cols if pd.api.types.is_datetime64_any_dtype({name}[c]))\n"
        f"month = {name}[when].dt.to_period('M')\n"
        f"first = month.groupby({name}[customer]).transform('min')\n"
        "age = (month.dt.year - first.dt.year) * 12 + (month.dt.month - first.dt.month)\n"
        f"active = pd.DataFrame({{'cohort': first.astype(str), 'age': age, 'customer': {name}[customer]}})\n"
        "counts = active.drop_duplicates().groupby(['cohort', 'age'])['customer'].nunique().unstack(fill_value=0)\n"
        "# Months a cohort has not reached yet (after the data ends) are unknown, not 0%: leave them empty.\n"
        "horizon = pd.Series([(month.max() - pd.Period(c, 'M')).n for c in counts.index], index=counts.index)\n"
        "reached = pd.DataFrame({a: horizon >= a for a in counts.columns})\n"
        "retention = counts.div(counts[0], axis=0).where(reached).round(4)\n"
        "retention.columns.name = 'months_since_first_order'\n"
        "retention.attrs['empty_cells'] = 'months the cohort has not reached yet: the data ends first'\n"
        "print(retention.iloc[:6, :6].to_string())\n```"),
        ("Let me have the sub-model comment on each cohort's curve, all at once.\n```repl\n"
        "prompts = [f'Describe in one sentence the retention curve of cohort {c}: ' + "
        "', '.join(f'{v:.0%}' for v in row.iloc[1:4].dropna()) for c, row in retention.iterrows()]\n"
        "notes = llm_query_batched(prompts)\nprint(notes[:3])\n```"),
        "The table is computed from the data.\nFINAL_VAR(retention)",
    ]


def _needle(name: str, question: str) -> list[str]:
    key = re.search(r"magic numbers? for ([\w-]+)", question)
    target = f"magic numbers for {key.group(1)}" if key else "magic number"
    return [
        (f"The context is long; I'll search it instead of reading it.\n```repl\nimport re\nprint(len({name}))\n"
        f"hits = [m.start() for m in re.finditer({re.escape(target)!r}, {name})]\nprint(len(hits), hits[:5])\n```"),
        ("Let me have the sub-model read the text around each hit.\n```repl\n"
        f"windows = [{name}[max(0, i - 200): i + 200] for i in hits[:8]]\n"
        "answers = llm_query_batched(['Extract the special magic number from this text. Reply with the number only.'"
        " + chr(10) + w for w in windows])\nanswer = answers[0].strip() if answers else None\nprint(answers)\n```"),
        "FINAL_VAR(answer)",
    ]


# What the demo model says to a question none of its strategies knows: it is a script, which questions it
# answers, and how to ask a real model. It says so as a refusal (the API's ``message.refusal``), so the run ends
# "declined", not "final": never a word count dressed up as an answer (the first hour of a newcomer, on Binder
# too, is exactly such a question).
UNSCRIPTED = (
    "This is rlm_jupyter's demo model, a script bundled for trying the notebooks without an LLM, and it has no "
    "strategy for this question, so it does not answer it. What ran above is only its fallback (chunk the data "
    "and ask the demo sub-model, which counts words). It answers: cohort retention of an orders DataFrame; "
    "'the special magic number for KEY' in a long text; 'error patterns' in a log string; and the Dask and "
    "Spark example notebooks' questions. To ask a real model: %rlm demo off, then set OPENAI_API_KEY (or point "
    "at any OpenAI-compatible server with %config RLMMagics.base_url = 'http://127.0.0.1:8080/v1') and "
    "%config RLMMagics.model = 'gpt-5-mini' (your model's name)."
)


def _unscripted(name: str, question: str) -> list[str | Reply]:
    """The fallback: explore and fan out as a model would (the panel has something to show), then decline."""
    return [
        f"```repl\nprint(type({name}).__name__, len({name}))\nprint(repr({name})[:300])\n```",
        ("I'll split the data into chunks and ask the sub-model about each, concurrently.\n```repl\n"
        f"data = {name}.to_csv() if hasattr({name}, 'to_csv') else str({name})\n"
        "size = max(1, -(-len(data) // 8))\nchunks = [data[i:i + size] for i in range(0, len(data), size)]\n"
        f"notes = llm_query_batched([{question!r} + chr(10) + c for c in chunks])\nprint(len(notes), notes[:2])\n```"),
        Reply("", refusal=UNSCRIPTED),
    ]


_LOG_ANALYSIS = """\
import json
import numpy as np
import pandas as pd
doc = json.loads({name})
events = pd.DataFrame(np.array(doc["events"], dtype=np.int64), columns=["t", "s", "status", "ms"])
events["service"] = pd.Categorical.from_codes(events.s, doc["services"])
events["minute"] = events.t // 60
events["error"] = events.status >= 500
per_minute = events.groupby(["service", "minute"], observed=True)["error"].agg(["mean", "size"]).reset_index()
hot = per_minute[(per_minute["size"] >= 20) & (per_minute["mean"] > 0.2)].sort_values(["service", "minute"])
windows = []  # runs of consecutive bad minutes per service
for service, group in hot.groupby("service", observed=True):
    run_id = (group.minute.diff() != 1).cumsum()
    for _, w in group.groupby(run_id):
        windows.append({{"service": service, "start_minute": int(w.minute.min()), "minutes": len(w),
                        "error_rate": round(float(w["mean"].mean()), 3)}})
deploys = pd.DataFrame(doc["deploys"])
for w in windows:
    before = deploys[(deploys.service == w["service"]) & (deploys.t // 60 <= w["start_minute"])
                     & (deploys.t // 60 >= w["start_minute"] - 5)]
    w["pattern"] = "deploy_burst" if len(before) else "spike"
    w["detail"] = (f"503 burst right after deploy {{before.version.iloc[-1]}}" if len(before)
                   else f"5xx spike for {{w['minutes']}} min, no deploy nearby")
hourly = events.assign(hour=events.t // 3600).groupby(["service", "hour"], observed=True)["ms"].median().unstack()
growth = (hourly.iloc[:, -3:].mean(axis=1) / hourly.iloc[:, :3].mean(axis=1)).round(2)
for service, ratio in growth[growth > 2.5].items():
    windows.append({{"service": service, "pattern": "rising_latency", "start_minute": 0,
                    "detail": f"median latency grows {{ratio}}x over the day"}})
patterns = pd.DataFrame(windows)[["service", "pattern", "start_minute", "detail"]]
print(len(events), "events;", len(patterns), "patterns")
print(patterns.to_string())"""


def _log_errors(name: str) -> list[str]:
    return [
        (f"The log is large; I'll look at its start and end only.\n```repl\nprint(len({name}))\n"
        f"print({name}[:400])\nprint({name}[-120:])\n```"),
        "It is one JSON document with compact events. I'll aggregate error rates per service and minute, "
        "relate bursts to deploys, and compare latency early vs late in the day.\n```repl\n"
        + _LOG_ANALYSIS.format(name=name) + "\n```",
        ("Let me have the sub-model phrase each finding for the report, all at once.\n```repl\n"
        "patterns['summary'] = llm_query_batched([f'Summarize this incident in one sentence: {r.service}: "
        "{r.detail}' for r in patterns.itertuples()])\nprint(patterns.summary.tolist())\n```"),
        "Every pattern above is computed from the log.\nFINAL_VAR(patterns)",
    ]


def demo_root(request: ChatRequest) -> str | Reply:
    """The root model: picks a strategy from the question, then replays its turn-th step."""
    opening = Conversation.read_opening(request.messages)
    question, (name, kind) = opening.question, opening.first_variable or ("context", "str")
    lowered = question.lower()
    steps: Sequence[str | Reply]
    if ("retention" in lowered or "cohort" in lowered) and kind.endswith("DataFrame"):
        steps = _cohort_retention(name)
    elif wants_dask_strategy(question, kind):
        steps = dask_strategy(name) or _unscripted(name, question)
    elif wants_spark_strategy(question, kind):
        steps = spark_strategy(name) or _unscripted(name, question)
    elif "magic number" in lowered or "needle" in lowered:
        steps = _needle(name, question)
    elif "error" in lowered and "pattern" in lowered and kind == "str":
        steps = _log_errors(name)
    else:
        steps = _unscripted(name, question)
    return steps[min(Conversation.turn(request.messages), len(steps) - 1)]
