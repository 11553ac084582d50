"""The demo root's strategy for a Dask DataFrame: compute where the data is, fan out per partition.

Why a separate strategy: with a Dask (or Spark) frame the kernel is only the
client; the data lives in partitions on the cluster. A model that pulls the
frame into the kernel (``.compute()`` on the whole thing) defeats the point.
This strategy writes the code a good model writes instead: it reads the
schema it was given, runs the aggregations on the cluster, builds one short
text summary per partition *on the workers* (``map_partitions``), and only
those summaries travel to the kernel and on to ``llm_query_batched``. Every
number in the answer is computed from the data by that code.

``root.demo_root`` picks ``dask_strategy`` when ``wants_dask_strategy`` says
so, and ``sub.demo_sub`` reads the partition summaries with
``PARTITION_RULE``. This module imports neither, so nothing here is circular.
"""
from __future__ import annotations

import re

from .responders import ChatRequest, Rule, steps_for

_EXPLORE = """Let me look at the frame's metadata first; nothing here computes the data.
```repl
print(type({name}).__name__, {name}.npartitions, 'partitions')
print({name}.dtypes.to_string())
```"""

_AGGREGATE = """I'll count the errors by service on the cluster: only the small result comes back.
```repl
cols = list({name}.columns)
service = next(c for c in cols if 'service' in c.lower())
level = next(c for c in cols if c.lower() in ('level', 'severity', 'loglevel'))
message = next(c for c in cols if c.lower() in ('message', 'msg', 'text'))
errors = {name}[{name}[level] == 'ERROR']
by_service = errors.groupby(service).size().compute().sort_values(ascending=False, kind='stable')
by_message = errors.groupby([service, message]).size().compute()
print(by_service.to_string())
```"""

_FAN_OUT = """Now one short summary per partition, built on the workers, and the sub-model reads each one.
```repl
import pandas as pd

def summarize_partition(part):
    err = part[part[level] == 'ERROR']
    services = err.groupby(service).size().sort_values(ascending=False, kind='stable').head(3)
    common = err[message].value_counts().head(1)
    top = f"{{common.index[0]}} ({{common.iloc[0]}} times)" if len(common) else 'none'
    text = (f"{{len(part)}} lines, {{len(err)}} errors; errors by service: "
            + ', '.join(f'{{s}} {{n}}' for s, n in services.items()) + f"; most common error: {{top}}")
    return pd.DataFrame({{'summary': [text]}})

summaries = {name}.map_partitions(summarize_partition, meta={{'summary': 'object'}}).compute()['summary'].tolist()
notes = llm_query_batched([f'Partition {{i}} of a service log: {{s}}. In one sentence, what is going wrong?'
                           for i, s in enumerate(summaries)])
for i, (s, n) in enumerate(zip(summaries[:3], notes[:3])):
    print(i, s)
    print('  ->', n)
```"""

_ANSWER = """Computed on the cluster: errors per service, their share, and each service's most common error.
```repl
report = by_service.rename('errors').to_frame()
report['share'] = (report['errors'] / report['errors'].sum()).round(3)
top = by_message.sort_values(ascending=False, kind='stable').groupby(level=0).head(1)
report['most_common_error'] = [top.loc[s].index[0] for s in report.index]
print(report.to_string())
```
FINAL_VAR(report)"""


def dask_strategy(name: str) -> list[str] | None:
    """The root model's steps for a Dask DataFrame bound as ``name`` (None if ``name`` is no identifier)."""
    return steps_for(name, _EXPLORE, _AGGREGATE, _FAN_OUT, _ANSWER)


def wants_dask_strategy(question: str, kind: str) -> bool:
    """When ``demo_root`` uses this strategy: a question about partitions or errors by service, over a Dask frame."""
    lowered = question.lower()
    return ("partition" in lowered or "errors by service" in lowered) and "dask" in kind.lower()


def _partition_note(match: re.Match[str], request: ChatRequest) -> str:
    """The sub-model's reading of one partition summary: numbers taken from the prompt, nothing invented."""
    index, lines, errors, services, common, times = match.groups()
    service, _, count = (services.split(", ")[0] if services else "none 0").rpartition(" ")
    rate = int(errors) / max(int(lines), 1)
    return (f"Partition {index}: {errors} errors in {int(lines):,} lines ({rate:.1%}), mostly {service} ({count}); "
            f"the most common error is '{common}' ({times} times).")


PARTITION_RULE: Rule = ((r"Partition (\d+) of a service log: (\d+) lines, (\d+) errors; errors by service: ([^;]*); "
                   r"most common error: (.*?) \((\d+) times\)"), _partition_note)
"""A ``RuleBasedSubModel`` rule (pattern, body) for the prompts ``dask_strategy`` sends."""


__all__ = ["PARTITION_RULE", "dask_strategy", "wants_dask_strategy"]
