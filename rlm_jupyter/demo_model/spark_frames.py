"""The demo model's strategy for a Spark DataFrame: aggregate in Spark, bring back only small results.

Why a strategy of its own: with Spark (a local session, a cluster, Databricks
or Spark Connect) the kernel is only the driver; the rows live in the
executors. A model that calls ``toPandas()`` on the whole frame defeats the
point. This strategy writes the code a good model writes instead: it reads
the schema it was given (no job), aggregates with ``groupBy().agg()`` and a
window function on the cluster, converts only those aggregates with
``toPandas()``, and fans out one short summary per group to
``llm_query_batched``. Every number in the answer is computed by that code.

``spark_strategy(name)`` returns the steps; ``demo_root`` picks it for a
question about sales, revenue or growth over a ``pyspark.sql.DataFrame``.
``REGION_RULE`` lets ``demo_sub`` read a region summary.
"""
from __future__ import annotations

import re

from .responders import ChatRequest, Rule, steps_for

_EXPLORE = """Let me read the schema first; nothing here starts a Spark job.
```repl
print(type({name}).__name__)
print({name}.dtypes)
```"""

_AGGREGATE = """I'll aggregate in Spark, by region and month, with month-over-month growth from a window function, \
and each region's best-selling product; only these small tables come back to the kernel.
```repl
from pyspark.sql import Window
from pyspark.sql import functions as F

kinds = dict({name}.dtypes)
region = next(c for c in {name}.columns if 'region' in c.lower())
product = next(c for c in {name}.columns if 'product' in c.lower())
when = next(c for c, t in kinds.items() if t in ('date', 'timestamp'))
amount = next(c for c, t in kinds.items() if t in ('double', 'float') or t.startswith('decimal'))
monthly = ({name}.groupBy(region, F.trunc(when, 'month').alias('month'))
           .agg(F.round(F.sum(amount), 2).alias('revenue'), F.count(F.lit(1)).alias('orders')))
by_month = Window.partitionBy(region).orderBy('month')
monthly = monthly.withColumn('growth', F.round(F.col('revenue') / F.lag('revenue').over(by_month) - 1, 4))
monthly_pd = monthly.orderBy(region, 'month').toPandas()
by_revenue = Window.partitionBy(region).orderBy(F.desc('revenue'), product)
best = ({name}.groupBy(region, product).agg(F.round(F.sum(amount), 2).alias('revenue'))
        .withColumn('rank', F.row_number().over(by_revenue)).filter(F.col('rank') == 1)
        .select(region, F.col(product).alias('best_product')).toPandas())
print(len(monthly_pd), 'region-months;', len(best), 'regions')
print(monthly_pd.head(4).to_string())
```"""

_FAN_OUT = """Now one short summary per region, and the sub-model reads each one, all at once.
```repl
import pandas as pd

summary = (monthly_pd.groupby(region)
           .agg(revenue=('revenue', 'sum'), orders=('orders', 'sum'), last_growth=('growth', 'last'))
           .round({{'revenue': 2}}).reset_index().merge(best, on=region).sort_values('revenue', ascending=False))
summary = summary.reset_index(drop=True)
prompts = [f"Region {{r[region]}}: revenue {{r['revenue']:,.0f}} over {{r['orders']:,}} orders, best product "
           f"{{r['best_product']}}, last month's growth {{r['last_growth']:+.1%}}. In one sentence, how is it doing?"
           for r in summary.to_dict('records')]
summary['note'] = llm_query_batched(prompts)
print(summary.to_string())
```"""

_ANSWER = """Every figure above was aggregated in Spark; the table is a pandas DataFrame.
FINAL_VAR(summary)"""


def spark_strategy(name: str) -> list[str] | None:
    """The root model's steps for a Spark DataFrame bound as ``name`` (None if ``name`` is no identifier)."""
    return steps_for(name, _EXPLORE, _AGGREGATE, _FAN_OUT, _ANSWER)


def wants_spark_strategy(question: str, kind: str) -> bool:
    """When ``demo_root`` uses this strategy: a question about sales, revenue or growth, over a Spark frame."""
    lowered = question.lower()
    return any(word in lowered for word in ("sales", "revenue", "growth")) and kind.startswith("pyspark")


def _region_note(match: re.Match[str], request: ChatRequest) -> str:
    """The sub-model's reading of one region summary: numbers taken from the prompt, nothing invented."""
    region, revenue, orders, product, growth = match.groups()
    trend = "growing" if not growth.startswith("-") else "shrinking"
    return (f"{region} is {trend} ({growth} last month) on {revenue} of revenue from {orders} orders; "
            f"{product} sells best.")


REGION_RULE: Rule = (r"Region (\S+): revenue ([\d,]+) over ([\d,]+) orders, best product (\S+), "
                     r"last month's growth ([+-][\d.]+%)", _region_note)
"""A ``RuleBasedSubModel`` rule (pattern, body) for the prompts ``spark_strategy`` sends."""


__all__ = ["REGION_RULE", "spark_strategy", "wants_spark_strategy"]
