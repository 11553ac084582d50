"""What the split case modules (``cases_tune``, ``cases_holdout``) share: their classes, their data, and the split.

Why a second set of cases: the first (``acceptance_cases``) was written alongside the gates and tuned on, so an
in-sample 100% there says nothing about the next phrasing. These cases were written apart from the gates, in
other classes and over other data, then split in two by ``assign`` before any of them was run through the
benchmark: the policy is tuned on ``cases_tune`` only, and ``cases_holdout`` measures whether a change generalises.

How the halves were made: all 117 cases (75 legitimate in 25 classes, 42 invented or misread in 21 classes) were
written first, in one pool, and checked to build; then ``assign`` with ``SPLIT_SEED`` dealt them to the two halves,
stratified by kind and class (per class: the names sorted, shuffled with ``random.Random(SPLIT_SEED)``, dealt
alternately, the odd one to the half with fewer cases of its kind, a tie drawn), before any of them ran through the
benchmark. No case moved afterwards: ``tests/test_acceptance_benchmark.py`` checks that each half holds exactly what
``assign`` deals it.

A case follows the first set's conventions: ``replies`` up to and including the first FINAL (or a code answer:
``SUBMIT``, the ``answer`` dict); ``after`` is what a capable model does once a legitimate FINAL is refused (it prints
the figure or selects the row with code, then answers the same); an invented case sends the same FINAL again. Every
figure a legitimate reply quotes is computed with the code the reply runs (``compute``); an invented figure is
checked to differ from the truth (``differs``).

The data are small seeded sets of other domains than the first set's orders, tickets and service log: a web
server's access log, a git log, IoT sensor readings, an HR table, a warehouse inventory, support chats, a
finance ledger with losses, a survey, server metrics, a dict of three shop tables, JSON-lines events and a
markdown handbook. Each builder returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
import json
import math
import random
import re
from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from rlm_jupyter.testing import ChatRequest, RuleBasedSubModel

from .acceptance_cases import Case, compute, repl

LEGIT_CLASSES: tuple[str, ...] = (
    "describe() statistic", "bullet list of figures", "markdown table in text", "value with a unit",
    "range from min to max", "two groups compared", "X out of Y", "period-over-period change", "top-N list by code",
    "significant figures", "negative figure", "quoted log line or ID", "count off value_counts",
    "date from a log timestamp", "week, weekday or time of day", "locale number abbreviation", "joined tables",
    "qualitative over a full small table", "FINAL_VAR of a dict or frame", "DSPy SUBMIT fields",
    "answer-dict dialect", "sub-call summary", "markdown document fact", "yes/no with evidence",
    "correlation or fitted statistic",
)
INVENTED_CLASSES: tuple[str, ...] = (
    "plausible figure from memory", "mean given as the median", "unit misread", "fraction written as percent",
    "second row called the top", "label absent from the data", "total of the wrong subset",
    "stale figure before a correction", "transposed digits", "number echoed from the question",
    "rows counted instead of distinct", "wrong year", "wrong rounding", "nothing found in the wrong column",
    "trend in the wrong direction", "sample generalized to the whole", "wrong denominator",
    "sub-call over part of the data", "date format misread", "cumulative read as the period's value",
    "literal typed into a code answer",
)

# -- the split ----------------------------------------------------------------------------------------------------
SPLIT_SEED = 3636
HALVES: tuple[str, str] = ("tune", "holdout")


def assign(cases: Iterable[Case], seed: int = SPLIT_SEED) -> dict[str, str]:
    """Each case's half: a seeded random assignment stratified by kind and class.

    Per (kind, class), in sorted order: the case names sorted, shuffled with ``random.Random(seed)`` (one
    generator for the whole split), then dealt alternately to the two halves, the first card going to the half
    that holds fewer cases of that kind so far (on a tie, a draw of the same generator). So each class is split
    as evenly as it can be, and each kind's halves differ by at most one case.
    """
    rng = random.Random(seed)
    groups: dict[tuple[str, str], list[str]] = {}
    for c in cases:
        groups.setdefault((c.kind, c.cls), []).append(c.name)
    held: dict[tuple[str, str], int] = {}
    out: dict[str, str] = {}
    for (kind, _), names in sorted(groups.items()):
        names = sorted(names)
        rng.shuffle(names)
        tune, holdout = held.get((kind, "tune"), 0), held.get((kind, "holdout"), 0)
        first = 0 if tune < holdout else 1 if holdout < tune else rng.randrange(2)
        for i, name in enumerate(names):
            half = HALVES[(first + i) % 2]
            out[name] = half
            held[(kind, half)] = held.get((kind, half), 0) + 1
    return out


# -- data ----------------------------------------------------------------------------------------------------------
PATHS = ["/", "/login", "/api/items", "/api/cart", "/checkout", "/static/app.js", "/healthz", "/search"]
AGENTS = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)",
          "curl/8.5.0", "Googlebot/2.1 (+http://www.google.com/bot.html)"]


@functools.lru_cache(maxsize=2)  # text is immutable: one build serves every run
def access_log(lines: int = 2400, seed: int = 361) -> str:
    """A week (Mon 7 to Sun 13 October 2024) of an Apache access log, combined format plus ``%D`` (microseconds)."""
    rng = np.random.default_rng(seed)
    ips = [f"203.0.113.{i}" for i in rng.choice(range(2, 250), 30, replace=False)] + \
          [f"198.51.100.{i}" for i in rng.choice(range(2, 250), 12, replace=False)]
    weights = rng.pareto(1.2, len(ips)) + 0.2
    seconds = rng.integers(0, 7 * 86400, lines)
    afternoon = (seconds // 86400) * 86400 + rng.integers(13 * 3600, 17 * 3600, lines)
    seconds = np.sort(np.where(rng.random(lines) < 0.35, afternoon, seconds))  # busier afternoons
    out = []
    for s in seconds:
        stamp = pd.Timestamp("2024-10-07") + pd.Timedelta(seconds=int(s))
        ip = ips[int(rng.choice(len(ips), p=weights / weights.sum()))]
        path = PATHS[int(rng.choice(len(PATHS), p=[.12, .08, .3, .12, .06, .16, .1, .06]))]
        if path == "/api/items" and rng.random() < 0.4:
            path = f"/api/items/{int(rng.integers(100, 999))}"
        method = "POST" if path in ("/login", "/checkout", "/api/cart") and rng.random() < 0.7 else "GET"
        status = int(rng.choice([200, 301, 304, 404, 500, 503], p=[.8, .03, .07, .06, .03, .01]))
        size = "-" if status == 304 else str(int(rng.integers(200, 48000)))
        micros = int(rng.gamma(2.0, 60000)) + (900000 if status >= 500 else 0)
        agent = AGENTS[int(rng.choice(4, p=[.5, .3, .12, .08]))]
        out.append(f'{ip} - - [{stamp:%d/%b/%Y:%H:%M:%S} +0000] "{method} {path} HTTP/1.1" {status} {size} '
                   f'"-" "{agent}" {micros}')
    return "\n".join(out)


AUTHORS = [("Ana Lima", "ana@example.org"), ("Ben Okafor", "ben@example.org"), ("Chen Wei", "chen@example.org"),
           ("Dora Nagy", "dora@example.org"), ("Emil Berg", "emil@example.org")]
WORK = {"feat": ["add CSV export", "support dark mode", "add retry to uploads", "paginate search results",
                 "add audit log"],
        "fix": ["handle empty cart in checkout", "off-by-one in pagination", "race in session refresh",
                "timezone in report dates", "crash on missing avatar"],
        "docs": ["update install guide", "document the API limits"],
        "refactor": ["split the billing module", "extract the mailer"],
        "test": ["cover the export path", "flaky upload test"],
        "chore": ["bump dependencies", "update CI image"]}


@functools.lru_cache(maxsize=2)
def git_log(commits: int = 140, seed: int = 362) -> str:
    """``git log`` output, newest first, from January to April 2024, authors in several UTC offsets."""
    rng = np.random.default_rng(seed)
    offsets = {"Ana Lima": "+0100", "Ben Okafor": "+0000", "Chen Wei": "+0800", "Dora Nagy": "+0100",
               "Emil Berg": "+0200"}
    days = rng.integers(0, 119, commits) * 86400 + rng.integers(8 * 3600, 20 * 3600, commits)
    stamps = sorted(pd.Timestamp("2024-01-02") + pd.Timedelta(seconds=int(s)) for s in days)
    blocks = []
    for stamp in stamps:
        who, mail = AUTHORS[int(rng.choice(5, p=[.3, .25, .2, .15, .1]))]
        kind = str(rng.choice(list(WORK), p=[.3, .3, .1, .1, .1, .1]))
        subject = f"{kind}: {rng.choice(WORK[kind])}"
        digest = "".join(rng.choice(list("0123456789abcdef"), 40))
        day = f"{stamp:%a %b} {stamp.day} {stamp:%H:%M:%S %Y}"
        blocks.append(f"commit {digest}\nAuthor: {who} <{mail}>\nDate:   {day} {offsets[who]}\n\n    {subject}\n")
    return "\n".join(reversed(blocks))


SENSORS = ["greenhouse", "freezer", "server_room", "outdoor"]


def sensors() -> pd.DataFrame:
    return _sensors().copy()


@functools.lru_cache(maxsize=1)
def _sensors(seed: int = 363) -> pd.DataFrame:
    """Hourly readings of four sensors, 1 to 14 February 2024: temperature (°C, the freezer below zero),
    relative humidity (%) and battery (V)."""
    rng = np.random.default_rng(seed)
    hours = pd.date_range("2024-02-01", periods=14 * 24, freq="h")
    base = {"greenhouse": 24.0, "freezer": -18.0, "server_room": 21.5, "outdoor": 4.0}
    swing = {"greenhouse": 3.0, "freezer": 0.6, "server_room": 0.8, "outdoor": 5.0}
    frames = []
    for i, name in enumerate(SENSORS):
        daily = np.sin((hours.hour.to_numpy() - 9) / 24 * 2 * np.pi)
        temp = base[name] + swing[name] * daily + rng.normal(0, 0.7, len(hours))
        if name == "server_room":
            temp[200:206] += np.array([3.0, 6.5, 9.8, 8.1, 4.2, 1.5])  # a cooling failure on 9 February
        frames.append(pd.DataFrame({
            "ts": hours, "sensor": name, "temp_c": temp.round(1),
            "humidity_pct": np.clip(rng.normal([70, 35, 40, 82][i], 6, len(hours)), 5, 100).round(1),
            "battery_v": (3.6 - np.linspace(0, [0.25, 0.6, 0.1, 0.4][i], len(hours))
                          + rng.normal(0, 0.01, len(hours))).round(3)}))
    return pd.concat(frames, ignore_index=True)


DEPARTMENTS = ["Engineering", "Sales", "Support", "Finance", "Operations"]


def staff() -> pd.DataFrame:
    return _staff().copy()


@functools.lru_cache(maxsize=1)
def _staff(n: int = 140, seed: int = 364) -> pd.DataFrame:
    """Employees: department, level, office, yearly salary in euros, hire date, last rating (1-5)."""
    rng = np.random.default_rng(seed)
    dept = rng.choice(DEPARTMENTS, n, p=[.35, .2, .2, .1, .15])
    level = rng.choice(["L1", "L2", "L3", "L4"], n, p=[.3, .35, .25, .1])
    base = {"Engineering": 62000, "Sales": 52000, "Support": 41000, "Finance": 56000, "Operations": 47000}
    step = {"L1": 0, "L2": 9000, "L3": 21000, "L4": 38000}
    salary = [base[d] + step[lv] + int(rng.normal(0, 4000)) for d, lv in zip(dept, level, strict=True)]
    return pd.DataFrame({
        "emp_id": [f"E{1001 + i}" for i in range(n)], "department": dept, "level": level,
        "office": rng.choice(["Berlin", "Madrid", "Lisbon", "Remote"], n, p=[.4, .25, .15, .2]),
        "salary_eur": np.round(salary, -2).astype(int),
        "hire_date": pd.Timestamp("2015-01-01") + pd.to_timedelta(rng.integers(0, 3650, n), unit="D"),
        "rating": rng.choice([1, 2, 3, 4, 5], n, p=[.04, .12, .44, .3, .1]),
    })


CATEGORIES = ["cables", "monitors", "keyboards", "mice", "docks"]
WAREHOUSES = ["Rotterdam", "Antwerp", "Hamburg"]


def inventory() -> pd.DataFrame:
    return _inventory().copy()


@functools.lru_cache(maxsize=1)
def _inventory(n: int = 90, seed: int = 365) -> pd.DataFrame:
    """Stock per SKU and warehouse; the last restock is a day-first text date (``03/04/2024`` is 3 April)."""
    rng = np.random.default_rng(seed)
    cat = rng.choice(CATEGORIES, n)
    cost = {"cables": 4.5, "monitors": 180.0, "keyboards": 38.0, "mice": 17.0, "docks": 120.0}
    restock = pd.Timestamp("2024-01-01") + pd.to_timedelta(rng.integers(0, 150, n), unit="D")
    return pd.DataFrame({
        "sku": [f"SKU-{2000 + i}" for i in range(n)], "category": cat,
        "warehouse": rng.choice(WAREHOUSES, n, p=[.45, .3, .25]),
        "on_hand": rng.integers(0, 400, n), "reorder_point": rng.integers(20, 120, n),
        "unit_cost_eur": [round(cost[c] * rng.uniform(0.7, 1.4), 2) for c in cat],
        "last_restock": [f"{d:%d/%m/%Y}" for d in restock],
    })


def chats() -> pd.DataFrame:
    return _chats().copy()


@functools.lru_cache(maxsize=1)
def _chats(n: int = 420, seed: int = 366) -> pd.DataFrame:
    """Support chats of January 2024: channel, agent, topic, wait and duration in seconds, CSAT (1-5, often
    missing), resolved or not."""
    rng = np.random.default_rng(seed)
    channel = rng.choice(["web", "app", "whatsapp"], n, p=[.5, .3, .2])
    wait = np.round(rng.gamma(1.6, 28, n) + np.where(channel == "whatsapp", 40, 0)).astype(int)
    csat = rng.choice([1, 2, 3, 4, 5], n, p=[.07, .08, .2, .35, .3]).astype(float)
    csat[rng.random(n) < 0.35] = np.nan
    return pd.DataFrame({
        "chat_id": [f"C-{70000 + i}" for i in range(n)],
        "started": pd.Timestamp("2024-01-01") + pd.to_timedelta(np.sort(rng.integers(0, 31 * 86400, n)), unit="s"),
        "channel": channel, "agent": rng.choice(["Ines", "Jonas", "Kemal", "Lea", "Mats"], n),
        "topic": rng.choice(["billing", "delivery", "returns", "account", "other"], n, p=[.3, .28, .2, .15, .07]),
        "wait_s": wait, "duration_s": np.round(rng.gamma(3.0, 140, n)).astype(int), "csat": csat,
        "resolved": rng.random(n) < 0.82,
    })


UNITS = ["Retail", "Wholesale", "Online"]


def ledger() -> pd.DataFrame:
    return _ledger().copy()


@functools.lru_cache(maxsize=1)
def _ledger(seed: int = 367) -> pd.DataFrame:
    """Monthly revenue and costs per business unit, 2022 to 2024, in euros; profit may be negative (Wholesale
    declines and loses money in 2024)."""
    rng = np.random.default_rng(seed)
    months = pd.period_range("2022-01", "2024-12", freq="M")
    rows = []
    for unit in UNITS:
        for i, month in enumerate(months):
            year = month.year - 2022
            scale = {"Retail": 410000 * (1.04 ** year), "Wholesale": 300000 * (0.86 ** year),
                     "Online": 150000 * (1.22 ** year)}[unit]
            revenue = scale * (1 + 0.12 * np.sin(i / 12 * 2 * np.pi)) * rng.uniform(0.93, 1.07)
            margin = {"Retail": 0.09, "Wholesale": 0.05 - 0.05 * year, "Online": 0.14}[unit]
            costs = revenue * (1 - margin) * rng.uniform(0.97, 1.03)
            rows.append((str(month), unit, round(revenue), round(costs)))
    frame = pd.DataFrame(rows, columns=["month", "unit", "revenue_eur", "costs_eur"])
    frame["profit_eur"] = frame.revenue_eur - frame.costs_eur
    return frame


COMMENTS = {"price": "Too expensive for what it does.", "speed": "The app is slow to load in the morning.",
            "support": "Support answered quickly and fixed it.", "features": "Missing a proper calendar export.",
            "none": ""}


def survey() -> pd.DataFrame:
    return _survey().copy()


@functools.lru_cache(maxsize=1)
def _survey(n: int = 260, seed: int = 368) -> pd.DataFrame:
    """Survey answers: country, plan, age band, satisfaction (1-5), would recommend (yes/no/maybe), comment."""
    rng = np.random.default_rng(seed)
    plan = rng.choice(["free", "pro", "team"], n, p=[.5, .3, .2])
    sat = np.clip(rng.normal(np.select([plan == "free", plan == "pro"], [3.1, 3.9], 3.6), 1.0).round(), 1, 5)
    recommend = np.where(sat >= 4, rng.choice(["yes", "maybe"], n, p=[.8, .2]),
                         np.where(sat <= 2, rng.choice(["no", "maybe"], n, p=[.75, .25]),
                                  rng.choice(["yes", "no", "maybe"], n, p=[.3, .3, .4])))
    topic = rng.choice(list(COMMENTS), n, p=[.22, .18, .15, .15, .3])
    return pd.DataFrame({
        "respondent": [f"R{300 + i}" for i in range(n)],
        "country": rng.choice(["DE", "FR", "ES", "IT", "NL"], n, p=[.3, .25, .2, .15, .1]),
        "plan": plan, "age_band": rng.choice(["18-24", "25-34", "35-44", "45-54", "55+"], n, p=[.15, .3, .25, .18, .12]),
        "satisfaction": sat.astype(int), "recommend": recommend, "comment": [COMMENTS[t] for t in topic],
    })


def metrics() -> pd.DataFrame:
    return _metrics().copy()


@functools.lru_cache(maxsize=1)
def _metrics(seed: int = 369) -> pd.DataFrame:
    """Per-minute metrics of three hosts over three hours of 12 June 2024: CPU (%), memory used (GB), p95
    latency (ms) and errors; web-2 has a latency spike."""
    rng = np.random.default_rng(seed)
    minutes = pd.date_range("2024-06-12 09:00", periods=180, freq="min")
    frames = []
    for host, cpu, mem, lat in (("web-1", 38, 5.2, 140), ("web-2", 44, 5.6, 155), ("db-1", 61, 27.5, 12)):
        p95 = rng.normal(lat, lat * 0.08, 180)
        if host == "web-2":
            p95[95:110] *= 3.4
        frames.append(pd.DataFrame({
            "ts": minutes, "host": host, "cpu_pct": np.clip(rng.normal(cpu, 9, 180), 2, 100).round(1),
            "mem_gb": (mem + np.linspace(0, 0.9, 180) + rng.normal(0, 0.1, 180)).round(2),
            "p95_ms": p95.round(1), "errors": rng.poisson(0.3 if host != "web-2" else 0.5, 180)}))
        if host == "web-2":
            frames[-1].loc[95:109, "errors"] += rng.poisson(4, 15)
    return pd.concat(frames, ignore_index=True)


def shop() -> dict[str, pd.DataFrame]:
    """Three tables of a small shop, as a dict: customers, products, orders (each order is one product line)."""
    return {name: frame.copy() for name, frame in _shop().items()}


@functools.lru_cache(maxsize=1)
def _shop(seed: int = 370) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    customers = pd.DataFrame({
        "customer_id": range(1, 41),
        "country": rng.choice(["Austria", "Belgium", "Denmark", "Portugal"], 40, p=[.35, .25, .2, .2]),
        "segment": rng.choice(["consumer", "business"], 40, p=[.7, .3])})
    products = pd.DataFrame({
        "product_id": [f"P{i:02d}" for i in range(1, 13)],
        "name": ["desk lamp", "office chair", "standing desk", "monitor arm", "footrest", "cable tray",
                 "whiteboard", "notebook set", "pen pack", "webcam", "headset", "desk mat"],
        "category": ["lighting", "seating", "desks", "accessories", "seating", "accessories", "boards",
                     "stationery", "stationery", "electronics", "electronics", "accessories"],
        "price_eur": [39.0, 249.0, 520.0, 89.0, 35.0, 24.0, 120.0, 12.5, 6.9, 79.0, 64.0, 19.0]})
    n = 300
    orders = pd.DataFrame({
        "order_id": range(5001, 5001 + n), "customer_id": rng.integers(1, 41, n),
        "product_id": rng.choice(products.product_id, n),
        "qty": rng.choice([1, 1, 1, 2, 2, 3, 5], n),
        "order_date": pd.Timestamp("2024-04-01") + pd.to_timedelta(np.sort(rng.integers(0, 91, n)), unit="D")})
    return {"customers": customers, "products": products, "orders": orders}


SERVICES = ["checkout", "search", "auth", "catalog"]


@functools.lru_cache(maxsize=2)
def events_jsonl(n: int = 220, seed: int = 371) -> str:
    """Platform events of May 2024 as JSON lines: deploys (with a version), rollbacks, incidents (with minutes
    of impact) and config changes, by service."""
    rng = np.random.default_rng(seed)
    versions = {s: [1, int(rng.integers(0, 5)), 0] for s in SERVICES}
    stamps = np.sort(rng.integers(0, 31 * 86400, n))
    out = []
    for s in stamps:
        service = SERVICES[int(rng.choice(4, p=[.35, .25, .2, .2]))]
        kind = str(rng.choice(["deploy", "config_change", "incident", "rollback"], p=[.55, .25, .12, .08]))
        event: dict[str, object] = {"ts": f"{pd.Timestamp('2024-05-01') + pd.Timedelta(seconds=int(s)):%Y-%m-%dT%H:%M:%SZ}",
                                    "type": kind, "service": service}
        if kind == "deploy":
            v = versions[service]
            v[2] += 1
            if rng.random() < 0.15:
                v[1], v[2] = v[1] + 1, 0
            event["version"] = ".".join(map(str, v))
        elif kind == "incident":
            event["severity"] = str(rng.choice(["sev3", "sev2", "sev1"], p=[.6, .3, .1]))
            event["minutes"] = int(rng.integers(4, 95))
        event["by"] = str(rng.choice(["ana", "ben", "chen", "dora"]))
        out.append(json.dumps(event))
    return "\n".join(out)


HANDBOOK = """# Travel and expenses handbook

Version 4.2, effective 1 July 2024. Owner: Finance Operations.

## 1. Booking

Book flights and trains through the travel desk at least 14 days before departure. Economy class applies to
flights under 6 hours; premium economy is allowed for longer flights. Rail is preferred for trips under 4 hours.

## 2. Daily allowances

The per-diem covers meals and local transport. Hotels are reimbursed separately, up to the cap in the table.

| City | Per-diem (EUR) | Hotel cap per night (EUR) |
| --- | --- | --- |
| Amsterdam | 62 | 210 |
| Berlin | 56 | 165 |
| Lisbon | 48 | 140 |
| London | 71 | 240 |
| Madrid | 52 | 150 |
| Paris | 66 | 225 |
| Warsaw | 41 | 120 |

Other cities: 45 EUR per day and a hotel cap of 130 EUR per night.

## 3. Private car

Use of a private car is reimbursed at 0.30 EUR per km, up to 400 km per trip. Parking and tolls are
reimbursed on receipt.

## 4. Approvals

Trips up to 1,500 EUR need the manager's approval. Above 1,500 EUR the department head approves as well, and
above 5,000 EUR the CFO. Claims must be filed within 30 days of return; later claims are paid only with the
department head's sign-off.

## 5. Not reimbursed

Minibar, fines, upgrades bought on site, and lost luggage that the airline covers.
"""

# -- first looks: what a capable model runs before anything else, one per dataset -------------------------------
ACCESS_LOOK = repl("lines = access_log.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:3]))",
                   "Let me check the log format first.")
GIT_LOOK = repl("print(len(git_log))\nprint(git_log[:700])", "First a look at the log.")
SENSORS_LOOK = repl("print(sensors.shape)\nprint(sensors.head())\nprint(sensors.sensor.unique())")
STAFF_LOOK = repl("print(staff.shape)\nprint(staff.head())\nprint(staff.dtypes)", "Let me look at the table.")
INVENTORY_LOOK = repl("print(inventory.shape)\nprint(inventory.head())")
CHATS_LOOK = repl("print(chats.shape)\nprint(chats.head())\nprint(chats.dtypes)", "Exploring the chats first.")
LEDGER_LOOK = repl("print(ledger.shape)\nprint(ledger.head())\nprint(ledger.unit.unique(), ledger.month.min(), "
                   "ledger.month.max())")
SURVEY_LOOK = repl("print(survey.shape)\nprint(survey.head())")
METRICS_LOOK = repl("print(metrics.shape)\nprint(metrics.head())\nprint(metrics.host.unique())")
SHOP_LOOK = repl("for name, frame in shop.items():\n    print(name, frame.shape)\n    print(frame.head(3))",
                 "The context is a dict of tables; let me see each.")
EVENTS_LOOK = repl("rows = events.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:4]))")
HANDBOOK_LOOK = repl("print(len(handbook))\nprint(handbook[:500])")

# Parsing steps a capable model runs once per dataset, before its question's own code (in the same namespace).
ACCESS_PARSE = (
    "import re\nimport pandas as pd\n"
    "pat = re.compile(r'(\\S+) \\S+ \\S+ \\[([^\\]]+)\\] \"(\\S+) (\\S+) [^\"]*\" (\\d{3}) (\\S+) \"[^\"]*\" \"([^\"]*)\" (\\d+)')\n"
    "log = pd.DataFrame([pat.match(l).groups() for l in lines],\n"
    "                   columns=['ip', 'ts', 'method', 'path', 'status', 'bytes', 'agent', 'us'])\n"
    "log['status'] = log.status.astype(int)\nlog['us'] = log.us.astype(int)\n"
    "log['bytes'] = pd.to_numeric(log.bytes.replace('-', '0'))\n"
    "log['ts'] = pd.to_datetime(log.ts, format='%d/%b/%Y:%H:%M:%S %z')\n"
    "print(log.shape)\nprint(log.head(3))")
GIT_PARSE = (
    "import re\nimport pandas as pd\n"
    "commits = pd.DataFrame(re.findall(r'commit (\\w{40})\\nAuthor: (.+?) <[^>]+>\\nDate:   (.+?)\\n\\n    (.+)', git_log),\n"
    "                       columns=['hash', 'author', 'date', 'subject'])\n"
    "commits['when'] = pd.to_datetime(commits.date, format='%a %b %d %H:%M:%S %Y %z', utc=True)\n"
    "print(len(commits))\nprint(commits[['hash', 'author', 'when']].head(3))")
EVENTS_PARSE = ("import json\nimport pandas as pd\nev = pd.DataFrame([json.loads(r) for r in rows])\n"
                "ev['ts'] = pd.to_datetime(ev.ts)\nprint(ev.shape)\nprint(ev.type.value_counts())")

PARSE_ACCESS = repl(ACCESS_PARSE, "It is the combined log format with the response time in microseconds; let me parse it.")
PARSE_GIT = repl(GIT_PARSE, "Parsing the commits into a table.")
PARSE_EVENTS = repl(EVENTS_PARSE)
# Steps several cases share.
YEARLY = ("ledger['year'] = ledger.month.str[:4]\nyearly = ledger.pivot_table(index='unit', columns='year', "
          "values=['revenue_eur', 'profit_eur'], aggfunc='sum')\nprint(yearly)")
SHOP_JOIN = ("lines = (shop['orders'].merge(shop['products'], on='product_id')\n"
             "        .merge(shop['customers'], on='customer_id'))\nlines['revenue'] = lines.qty * lines.price_eur\n"
             "print(lines.shape)")


def with_access(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The context of an access-log case, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"access_log": access_log()}
    return ctx, compute({**ctx, "lines": access_log().splitlines()}, ACCESS_PARSE + "\n" + code)


def with_git(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"git_log": git_log()}
    return ctx, compute(ctx, GIT_PARSE + "\n" + code)


def with_events(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"events": events_jsonl()}
    return ctx, compute({**ctx, "rows": events_jsonl().splitlines()}, EVENTS_PARSE + "\n" + code)


def eur(x: float, decimals: int = 0) -> str:
    """``€1,234`` (or ``-€1,234``: a capable model puts the sign before the currency)."""
    return f"{'-' if x < 0 else ''}€{abs(x):,.{decimals}f}"


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ------------------
def sub_model() -> RuleBasedSubModel:
    def themes(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {"price": text.count(COMMENTS["price"]), "speed": text.count(COMMENTS["speed"]),
                  "support (praise)": text.count(COMMENTS["support"]), "missing features": text.count(COMMENTS["features"])}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"Of the {sum(counts.values())} comments, most are about {ranked[0][0]} ({ranked[0][1]}), then "
                f"{ranked[1][0]} ({ranked[1][1]}); {ranked[2][0]} ({ranked[2][1]}) and {ranked[3][0]} "
                f"({ranked[3][1]}) come up less.")

    def price(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count(COMMENTS['price'])} comments complain about the price."

    def server_errors(_: re.Match[str], request: ChatRequest) -> str:
        k = len(re.findall(r'" 5\d\d ', request.last_user))
        return f"{k} requests have a 5xx status."

    def car_rule(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Use of a private car[^\n]*\n[^\n]*", request.last_user)
        return " ".join(found.group(0).split()) if found else "NONE"

    def commits(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        kinds = {k: len(re.findall(rf"^\s*{k}:", text, re.MULTILINE)) for k in WORK}
        names = {"feat": "features", "fix": "fixes", "docs": "docs", "refactor": "refactors", "test": "tests",
                 "chore": "chores"}
        ranked = sorted(kinds, key=lambda k: (-kinds[k], k))
        rest = ", ".join(f"{names[k]} ({kinds[k]})" for k in ranked[2:])
        return (f"These {sum(kinds.values())} commits are mostly {names[ranked[0]]} ({kinds[ranked[0]]}) and "
                f"{names[ranked[1]]} ({kinds[ranked[1]]}); the rest are {rest}.")

    return RuleBasedSubModel([(r"\AWhat are the main themes", themes), (r"\ACount the comments that complain", price),
                              (r"\ACount the requests with a 5xx status", server_errors),
                              (r"\AQuote the handbook's rule on private cars", car_rule),
                              (r"\ASummarize these commits", commits)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# -- how the misread cases get a figure wrong ------------------------------------------------------------------
def swap_digits(n: int) -> int:
    """``n`` with its last two different neighbouring digits swapped: 145 -> 154, 62100 -> 62010."""
    d = list(str(n))
    i = max(i for i in range(len(d) - 1) if d[i] != d[i + 1])
    d[i], d[i + 1] = d[i + 1], d[i]
    return int("".join(d))


def misround(x: float) -> int:
    """Rounded the wrong way: up when it should go down, down (truncated) when it should go up."""
    return math.ceil(x) if x - math.floor(x) < 0.5 else math.floor(x)
