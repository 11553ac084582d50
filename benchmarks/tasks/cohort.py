"""Cohort retention over an orders DataFrame (100K to 5M rows) with duplicate rows and refunded orders.

Score: the share of gold cells (cohort x months since first order, where
that month is in the data) that the answer matches within 0.1 percentage
point. The traps: refunded orders must not count (they move customers'
cohorts and activity), and exact duplicate rows must not count twice.
"""
from __future__ import annotations

import math
from typing import Any

import pandas as pd

from rlm_jupyter.demo_model.datasets import make_orders_with_traps
from rlm_jupyter.testing import RuleBasedSubModel

from ..dialects import Step
from . import Instance, Size, Task
from .scoring import decode

QUESTION = ("Compute monthly cohort retention. A customer's cohort is the month (YYYY-MM) of their first completed "
            "order; refunded orders do not count, and duplicate rows are the same order. For each cohort and each "
            "k = 0, 1, 2, ... months after the cohort month, give the percentage (0-100) of the cohort's customers "
            "with at least one completed order in month cohort+k. Return a DataFrame indexed by cohort with integer "
            "columns k.")


def generate(rows: int, seed: int) -> list[Instance]:
    orders = make_orders_with_traps(rows, seed=seed)
    return [Instance(QUESTION, orders, gold_table(orders), kind="retention")]


def gold_table(orders: Any) -> dict[str, dict[int, float]]:
    """The reference answer, computed independently of the strategy (month numbers and plain sets)."""
    done = orders[orders["status"] == "completed"]
    months = done["order_date"].dt.year.to_numpy() * 12 + done["order_date"].dt.month.to_numpy() - 1
    customers = done["customer_id"].to_numpy()
    first: dict[int, int] = {}
    for c, m in zip(customers.tolist(), months.tolist()):
        if m < first.get(c, 1 << 30):
            first[c] = m
    active = set(zip(customers.tolist(), months.tolist()))
    last = int(months.max())
    size: dict[int, int] = {}
    for m in first.values():
        size[m] = size.get(m, 0) + 1
    hits: dict[tuple[int, int], int] = {}
    for c, m in active:
        key = (first[c], m - first[c])
        hits[key] = hits.get(key, 0) + 1
    table: dict[str, dict[int, float]] = {}
    for cohort in sorted(size):
        label = f"{cohort // 12}-{cohort % 12 + 1:02d}"
        table[label] = {k: 100.0 * hits.get((cohort, k), 0) / size[cohort] for k in range(last - cohort + 1)}
    return table


def score(answer: Any, gold: dict[str, dict[int, float]]) -> float:
    table = _as_table(decode(answer))
    cells = [(c, k, v) for c, row in gold.items() for k, v in row.items()]
    good = 0
    for cohort, k, value in cells:
        got = table.get(cohort, {}).get(k)
        good += got is not None and not math.isnan(got) and abs(got - value) <= 0.1 + 1e-9
    return good / len(cells) if cells else 0.0


def _as_table(value: Any) -> dict[str, dict[int, float]]:
    """A DataFrame, a Series indexed by (cohort, k) or a dict of rows -> {cohort 'YYYY-MM': {k: percent}}.

    Labels are normalized; a one-level Series is not a table (a real model returned one: {}, scored 0).
    """
    if isinstance(value, pd.Series):
        value = value.unstack() if value.index.nlevels == 2 else None
    if isinstance(value, pd.DataFrame):
        value = {idx: row for idx, row in value.to_dict(orient="index").items()}
    if not isinstance(value, dict):
        return {}
    table: dict[str, dict[int, float]] = {}
    for cohort, row in value.items():
        if not isinstance(row, dict):
            continue
        cells: dict[int, float] = {}
        for k, v in row.items():
            try:
                cells[int(float(k))] = float(v)
            except (TypeError, ValueError):
                continue
        table[str(cohort)[:7]] = cells
    return table


def strategy(question: str, var: str) -> list[Step]:
    return [
        Step("Let me look at the orders first.",
             f"print({var}.shape)\nprint({var}.dtypes.to_string())\nprint({var}.head(3).to_string())\n"
             f"print({var}['status'].value_counts().to_string())\nprint('duplicated rows:', int({var}.duplicated().sum()))"),
        Step("Refunded orders do not count and duplicated rows are one order, so I drop both first. Then a "
             "customer's cohort is their first month, and retention at k is the share of the cohort active k months later.",
             "import pandas as pd\n"
             f"done = {var}[{var}['status'] == 'completed'].drop_duplicates()\n"
             "month = done['order_date'].dt.to_period('M')\n"
             "first = month.groupby(done['customer_id']).transform('min')\n"
             "age = (month.dt.year - first.dt.year) * 12 + (month.dt.month - first.dt.month)\n"
             "active = pd.DataFrame({'cohort': first.astype(str), 'k': age, 'customer': done['customer_id']}).drop_duplicates()\n"
             "counts = active.groupby(['cohort', 'k'])['customer'].nunique().unstack(fill_value=0)\n"
             "last, start = month.max(), month.min()\n"
             "counts = counts.reindex(columns=range((last.year - start.year) * 12 + last.month - start.month + 1), fill_value=0)\n"
             "result = (counts.div(counts[0], axis=0) * 100).round(3)\n"
             "for cohort in result.index:\n"
             "    gap = (last.year - int(cohort[:4])) * 12 + last.month - int(cohort[5:7])\n"
             "    result.loc[cohort, [k for k in result.columns if k > gap]] = float('nan')\n"
             "print(result.iloc[:4, :6].to_string())"),
        Step("The table is computed from the completed, de-duplicated orders.", final="result"),
    ]


def as_text(orders: Any) -> str:
    return str(orders.to_csv(index=False))


def loader(source: str, target: str) -> str:
    return (f"import io\nimport pandas as pd\n"
            f"{target} = pd.read_csv(io.StringIO({source}), parse_dates=['order_date'])")


TASK = Task(
    name="cohort", title="Cohort retention (orders with traps)", canonical="orders",
    sizes=[Size(n, f"{n // 1000:,}K rows" if n < 1_000_000 else f"{n // 1_000_000}M rows")
           for n in (100_000, 1_000_000, 5_000_000)],
    quick_sizes=[Size(20_000, "20K rows")],
    generate=generate, score=score, strategy=strategy, sub_model=RuleBasedSubModel(),
    native_type="DataFrame", as_text=as_text, loader=loader,
    scoring="share of cells within 0.1 percentage point",
)
