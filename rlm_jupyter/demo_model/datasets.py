"""Seeded synthetic data for the demo, the notebooks and the tests (generated at run time, never committed)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
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


# -- orders with traps ----------------------------------------------------------------------------------------
def make_orders_with_traps(n: int = 100_000, customers: int | None = None, seed: int = 0, duplicate_share: float = 0.01,
                           refund_share: float = 0.05, start: str = "2024-01-01", days: int = 365) -> pd.DataFrame:
    """``make_orders`` plus the two traps real order tables have: exact duplicate rows and refunded orders.

    Why: a cohort analysis that forgets to drop refunds (or counts duplicated
    rows as extra orders) gives plausible but wrong numbers; benchmarks and
    notebooks use this table to check that the analysis handles both. ``n`` is
    the total number of rows, duplicates included; ``status`` is "completed"
    or "refunded" (a duplicate has the status of the row it copies).
    """
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed + 1)
    duplicates = int(n * duplicate_share)
    orders = make_orders(n - duplicates, customers=customers or max(100, n // 10), seed=seed, start=start, days=days)
    orders["status"] = np.where(rng.random(len(orders)) < refund_share, "refunded", "completed")
    copies = orders.iloc[np.sort(rng.choice(len(orders), duplicates, replace=False))]
    return pd.concat([orders, copies]).sort_values(["order_date", "order_id"], kind="stable", ignore_index=True)


# -- needle in a haystack -------------------------------------------------------------------------------------
NEEDLE = "One of the special magic numbers for {key} is: {value}."
_NOISE_WORDS = [
    "the", "a", "an", "of", "to", "in", "and", "or", "but", "with", "from", "into", "over", "under", "about",
    "after", "before", "while", "because", "although", "river", "mountain", "city", "garden", "window",
    "letter", "morning", "evening", "winter", "summer", "market", "bridge", "harbor", "forest", "village",
    "road", "teacher", "farmer", "sailor", "painter", "doctor", "child", "neighbor", "traveler", "stranger",
    "merchant", "walked", "carried", "noticed", "remembered", "opened", "closed", "painted", "wrote",
    "followed", "watched", "gathered", "crossed", "quiet", "bright", "heavy", "narrow", "distant", "ancient",
    "gentle", "sudden", "careful", "simple", "early", "late", "old", "new", "small", "large", "green", "blue",
    "yellow", "grey", "warm", "cold", "slowly", "quickly", "often", "never", "always", "again", "together",
    "alone", "every", "some", "many", "few", "other", "same", "story", "song", "book", "table", "lamp", "door",
    "wall", "field", "cloud", "rain", "stone", "bread", "coffee", "tea", "ship", "train", "station", "island",
    "valley", "lake", "hill", "street",
]
_KEY_PARTS = (
    ("amber", "brisk", "cobalt", "dusty", "eager", "fuzzy", "gilded", "hollow", "ivory", "jolly", "kind", "lunar",
     "misty", "noble", "olive", "plush", "quiet", "rustic", "silver", "tidy", "umber", "velvet", "woolly", "zesty"),
    ("anchor", "beacon", "candle", "dagger", "ember", "falcon", "goblet", "harp", "igloo", "jigsaw", "kettle",
     "lantern", "marble", "nutmeg", "orchid", "pebble", "quill", "ribbon", "saddle", "thimble", "urn", "violin",
     "walnut", "yarrow"),
)


@dataclass(frozen=True)
class Haystack:
    """A long noise text with one needle for ``key`` and a few distractor needles for other keys."""

    text: str
    key: str
    value: str
    position: int  # character offset of the needle in ``text``
    distractors: dict[str, str]


def make_haystack(chars: int = 1_000_000, seed: int = 0, distractors: int = 3) -> Haystack:
    """Noise sentences (RULER's S-NIAH set-up) with the needle at a seeded depth.

    Why distractors: with a single needle, "grab the first magic number" would
    score 1.0; with needles for other keys, only reading the right key does.
    Fast enough for 40M characters (a pool of sentences sampled with numpy).
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    words = np.array(_NOISE_WORDS)
    pool = []
    for length in rng.integers(6, 15, 4096):
        sentence = " ".join(words[rng.integers(0, len(words), length)])
        pool.append(sentence[0].upper() + sentence[1:] + ". ")
    mean = sum(map(len, pool)) / len(pool)
    count = int(chars / mean * 1.05) + 20
    sentences = [pool[i] for i in rng.integers(0, len(pool), count)]
    keys: list[str] = []
    while len(keys) < distractors + 1:
        key = f"{rng.choice(_KEY_PARTS[0])}-{rng.choice(_KEY_PARTS[1])}-{rng.integers(100, 1000)}"
        if key not in keys:
            keys.append(key)
    values = [str(v) for v in rng.integers(1_000_000, 10_000_000, len(keys))]
    limit = max(1, int(count * 0.9))  # keep every needle well before the final cut to ``chars``
    slots = rng.choice(limit, len(keys), replace=False)
    for slot, key, value in zip(slots, keys, values):
        sentences[slot] = NEEDLE.format(key=key, value=value) + " " + sentences[slot]
    text = "".join(sentences)[:chars]
    needle = NEEDLE.format(key=keys[0], value=values[0])
    return Haystack(text=text, key=keys[0], value=values[0], position=text.index(needle),
                    distractors=dict(zip(keys[1:], values[1:])))


# -- JSON event log with planted error patterns ---------------------------------------------------------------
LOG_SERVICES = ("api", "auth", "billing", "search", "checkout", "inventory", "notify", "gateway")


@dataclass(frozen=True)
class EventLog:
    """A one-day JSON service log and the three patterns planted in it (the answer key)."""

    text: str
    events: int
    planted: dict[str, dict[str, object]]


def make_event_log(events: int = 2_800_000, seed: int = 0) -> EventLog:
    """One day of request events as one JSON document (~50 MB at 2.8M events), with three planted patterns.

    - ``spike``: one service's 5xx rate jumps to ~35% for 12 minutes, with no deploy nearby;
    - ``deploy_burst``: one of ~10 deploys is followed a minute later by ~10 minutes of 503s
      (the other deploys change nothing);
    - ``rising_latency``: one service's latency grows ~5x over the day (the others stay flat).

    Why this layout: ``{"services": [...], "deploys": [...], "fields": [...], "events": [[t, s, status, ms], ...]}``
    with one event per line keeps 2.8M events near 50 MB, so the file is large
    enough that nobody can read it but small enough to generate in seconds.
    ``t`` is seconds since ``start``, ``s`` indexes ``services``.
    """
    import json

    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    day, n_services = 86_400, len(LOG_SERVICES)
    spike_s, burst_s, slow_s = (int(s) for s in rng.choice(n_services, 3, replace=False))
    t = np.sort(rng.integers(0, day, events))
    weights = np.linspace(1.6, 0.4, n_services)
    service = rng.choice(n_services, events, p=weights / weights.sum())
    status = rng.choice(np.array([200, 404, 500, 503]), events, p=[0.975, 0.015, 0.005, 0.005])
    # two disjoint windows, away from the edges of the day
    spike_minute, burst_minute = (int(m) for m in rng.choice(np.arange(60, 1300, 15), 2, replace=False))
    while abs(spike_minute - burst_minute) < 90:
        burst_minute = int(rng.choice(np.arange(60, 1300, 15)))
    in_spike = (service == spike_s) & (t >= spike_minute * 60) & (t < (spike_minute + 12) * 60)
    status[in_spike & (rng.random(events) < 0.35)] = 500
    deploy_t = burst_minute * 60 - 60 - int(rng.integers(0, 50))
    in_burst = (service == burst_s) & (t >= burst_minute * 60) & (t < (burst_minute + 10) * 60)
    status[in_burst & (rng.random(events) < 0.4)] = 503
    base = rng.lognormal(np.log(45), 0.45, events)
    base = np.where(service == slow_s, base * (1 + 4 * t / day), base)
    latency = np.maximum(1, base).astype(np.int64)

    burst_version = _version(rng)
    deploys = [{"t": deploy_t, "service": LOG_SERVICES[burst_s], "version": burst_version}]
    quiet = [m for m in range(30, 1400, 7) if abs(m - burst_minute) > 40 and abs(m - spike_minute) > 40]
    for minute in rng.choice(quiet, 9, replace=False):
        deploys.append({"t": int(minute) * 60 + int(rng.integers(0, 60)),
                        "service": LOG_SERVICES[int(rng.integers(0, n_services))], "version": _version(rng)})
    deploys.sort(key=lambda d: int(str(d["t"])))
    frame = pd.DataFrame({"t": t, "s": service, "status": status, "ms": latency})
    body = frame.to_csv(header=False, index=False, lineterminator="],\n[")[: -len(",\n[")]
    head = {"start": "2025-03-03T00:00:00Z", "services": list(LOG_SERVICES), "deploys": deploys,
            "fields": ["t", "s", "status", "latency_ms"]}
    text = json.dumps(head)[:-1] + ',\n"events": [\n[' + body + "\n]}\n"
    planted: dict[str, dict[str, object]] = {"spike": {"service": LOG_SERVICES[spike_s], "start_minute": spike_minute},
               "deploy_burst": {"service": LOG_SERVICES[burst_s], "version": burst_version},
               "rising_latency": {"service": LOG_SERVICES[slow_s]}}
    return EventLog(text=text, events=events, planted=planted)


def _version(rng: np.random.Generator) -> str:
    major, minor, patch = rng.integers(1, 6), rng.integers(0, 20), rng.integers(0, 10)
    return f"v{major}.{minor}.{patch}"


SALES_REGIONS = ("north", "south", "east", "west", "central")
_REGION_TRENDS = (0.30, -0.15, 0.10, 0.0, 0.45)  # how much each region's order values grow over the year


def make_spark_sales(spark: Any, rows: int = 3_000_000, seed: int = 0) -> Any:
    """A year of sales orders as a Spark DataFrame, generated *in Spark* (``spark.range``), never in pandas.

    Why hashes and not ``rand``: every value is a hash of the row id, so the
    frame is the same whatever the partitioning, and the notebook's outputs
    are reproducible. Columns: ``order_id``, ``region``, ``product``,
    ``order_date`` (a date in 2025) and ``amount`` (dollars, with a per-region
    trend over the year so month-over-month growth differs by region).
    """
    from pyspark.sql import functions as F  # noqa: N812 - the name every PySpark user knows

    def pick(salt: int, n: int) -> Any:  # a value in [0, n) from the row id, the seed and a salt
        return F.pmod(F.hash(F.col("id"), F.lit(seed), F.lit(salt)), F.lit(n))

    region = pick(1, len(SALES_REGIONS))
    day = pick(3, 365)
    trend = F.element_at(F.array(*[F.lit(t) for t in _REGION_TRENDS]), (region + 1).cast("int"))
    amount = (F.lit(5.0) + pick(4, 20_000) / 100.0) * (F.lit(1.0) + trend * day / 365.0)
    return spark.range(rows).select(
        F.col("id").alias("order_id"),
        F.element_at(F.array(*[F.lit(r) for r in SALES_REGIONS]), (region + 1).cast("int")).alias("region"),
        F.concat(F.lit("P"), F.lpad(pick(2, 40).cast("string"), 2, "0")).alias("product"),
        F.date_add(F.lit("2025-01-01").cast("date"), day.cast("int")).alias("order_date"),
        F.round(amount, 2).alias("amount"))
