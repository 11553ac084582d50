"""Error patterns in a ~50 MB JSON service log (~2.8M events) with three planted patterns.

Score: one third per planted pattern found — the error ``spike`` (service,
and start minute within 5 minutes), the ``deploy_burst`` (service and version
of the deploy followed by errors), and the ``rising_latency`` service. The
spike and the burst look alike in the error counts; only checking them
against the deploy list tells them apart.
"""
from __future__ import annotations

from typing import Any

from rlm_jupyter.demo_model.datasets import make_event_log
from rlm_jupyter.testing import RuleBasedSubModel

from ..dialects import Step
from . import Instance, Size, Task
from .scoring import decode, first_number

QUESTION = ("Find the error patterns in this one-day service log. Return a dict with: 'spike' = {'service', "
            "'start_minute'} for the sudden spike of 5xx errors that no deploy explains (start_minute counted from the "
            "log start); 'deploy_burst' = {'service', 'version'} for the deploy followed by a burst of errors; "
            "'rising_latency' = {'service'} for the service whose latency rises steadily over the day.")
START_TOLERANCE_MIN = 5


def generate(events: int, seed: int) -> list[Instance]:
    log = make_event_log(events, seed=seed)
    return [Instance(QUESTION, log.text, log.planted, kind="patterns")]


def parts(answer: Any, gold: dict[str, dict[str, Any]]) -> dict[str, float]:
    found = decode(answer)
    found = found if isinstance(found, dict) else {}

    def field(pattern: str, name: str) -> str:
        part = found.get(pattern)
        return str(part.get(name, "")).strip().lower() if isinstance(part, dict) else ""

    start = first_number(field("spike", "start_minute"))
    spike = (field("spike", "service") == gold["spike"]["service"] and start is not None
             and abs(start - float(gold["spike"]["start_minute"])) <= START_TOLERANCE_MIN)
    burst = (field("deploy_burst", "service") == gold["deploy_burst"]["service"]
             and field("deploy_burst", "version") == str(gold["deploy_burst"]["version"]).lower())
    rising = field("rising_latency", "service") == gold["rising_latency"]["service"]
    return {"spike": float(spike), "deploy_burst": float(burst), "rising_latency": float(rising)}


def score(answer: Any, gold: dict[str, dict[str, Any]]) -> float:
    found = parts(answer, gold)
    return sum(found.values()) / len(found)


PARSE = """\
import io
import json
import numpy as np
import pandas as pd
cut = DATA.index('"events"')
head = json.loads(DATA[:cut].rstrip().rstrip(',') + '}')
body = DATA[DATA.index('[', cut) + 1: DATA.rindex(']')]
ev = pd.read_csv(io.StringIO(body.replace('[', '').replace('],', '').replace(']', '')), header=None, names=head['fields'])
ev['service'] = np.array(head['services'])[ev['s'].to_numpy()]
ev['minute'] = ev['t'] // 60
ev['err'] = ev['status'] >= 500
deploys = pd.DataFrame(head['deploys'])
print(len(ev), 'events;', ev['err'].mean().round(4), '5xx share')
print(deploys.to_string())"""

ANALYZE = """\
per = ev.groupby(['service', 'minute']).agg(n=('err', 'size'), e=('err', 'sum')).reset_index()
rate = per.groupby('service')['e'].sum() / per.groupby('service')['n'].sum()
per['hot'] = (per['e'] >= 3) & (per['e'] > 4 * per['n'] * per['service'].map(rate) + 2)
episodes = []
for service, g in per[per['hot']].groupby('service'):
    minutes = sorted(g['minute'].tolist())
    start, prev, count = minutes[0], minutes[0], 1
    for m in minutes[1:] + [None]:
        if m is None or m - prev > 3:
            if count >= 3:
                episodes.append({'service': service, 'start': start, 'end': prev, 'minutes': count})
            start, count = m, 1
        else:
            count += 1
        prev = m
findings = {}
for ep in sorted(episodes, key=lambda e: -e['minutes']):
    near = deploys[(deploys['service'] == ep['service']) & (deploys['t'] >= ep['start'] * 60 - 600)
                   & (deploys['t'] <= ep['start'] * 60 + 60)]
    if len(near) and 'deploy_burst' not in findings:
        findings['deploy_burst'] = {'service': ep['service'], 'version': near.iloc[-1]['version'], 'minute': ep['start']}
    elif not len(near) and 'spike' not in findings:
        findings['spike'] = {'service': ep['service'], 'start_minute': int(ep['start'])}
hourly = ev.assign(hour=ev['t'] // 3600).groupby(['service', 'hour'])['latency_ms'].median().unstack()
trend = {s: float(np.polyfit(hourly.columns, row.to_numpy(), 1)[0] * 24 / row.mean()) for s, row in hourly.iterrows()}
findings['rising_latency'] = {'service': max(trend, key=trend.get), 'growth_per_day': round(max(trend.values()), 2)}
print(episodes)
print(findings)"""

NOTES = """\
notes = llm_query_batched(['Incident note: ' + name + ' ' + json.dumps(value, default=str) for name, value in findings.items()])
result = {name: dict(value) for name, value in findings.items()}
result['notes'] = notes
print(notes)"""


def strategy(question: str, var: str) -> list[Step]:
    return [
        Step("The log is one large JSON document; let me see its start and end.",
             f"print(len({var}))\nprint({var}[:700])\nprint({var}[-120:])"),
        Step("A header, then one event per line. I'll parse the header with json and the events with read_csv.",
             PARSE.replace("DATA", var)),
        Step("Per service and minute, find runs of minutes with far more 5xx than the service's usual rate; a run "
             "right after a deploy of that service is a deploy burst, otherwise a spike. Latency: hourly medians, slope.",
             ANALYZE),
        Step("I'll have the sub-model phrase one note per finding for the report.", NOTES),
        Step("Every finding comes from the parsed events.", final="result"),
    ]


SUB_MODEL = RuleBasedSubModel([(r"^Incident note: (\w+) (.*)", r"\1: \2")])

TASK = Task(
    name="logs", title="Error patterns in a JSON log", canonical="logs",
    sizes=[Size(n, f"{n / 1e6:.1f}M events") for n in (700_000, 2_800_000)],
    quick_sizes=[Size(300_000, "0.3M events")],
    generate=generate, score=score, strategy=strategy, sub_model=SUB_MODEL, parts=parts,
    scoring="1/3 per planted pattern (spike, deploy burst, rising latency)",
)
