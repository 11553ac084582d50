"""Seeded synthetic data for the demo, the notebooks and the tests (generated at run time, never committed)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


def make_orders(n: int = 50_000, customers: int = 5_000, seed: int = 0, start: str = "2024-01-01",
                days: int = 365) -> pd.DataFrame:
    """Orders with customers who join over the year and come back less and less (realistic cohorts)."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    joined = rng.integers(0, days, customers)  # each customer's first possible day
    draws = 2 * n  # orders that would fall after the window are dropped, so draw more than needed
    customer = rng.integers(0, customers, draws)
    day = joined[customer] + rng.exponential(days / 4, draws).astype(int)  # most repeat orders come soon
    keep = np.flatnonzero(day < days)[:n]
    orders = pd.DataFrame({
        "customer_id": customer[keep],
        "order_date": pd.Timestamp(start) + pd.to_timedelta(day[keep], unit="D"),
        "amount": rng.gamma(2.0, 30.0, len(keep)).round(2),
    }).sort_values("order_date", kind="stable", ignore_index=True)
    orders.insert(0, "order_id", np.arange(len(orders)))
    return orders
