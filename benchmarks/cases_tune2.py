"""Acceptance cases, second tuning set: more cases to tune the policy on, over other data than the first two sets.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune2``. Like ``cases_tune`` this set may be tuned
on; ``cases_holdout`` stays the measure of whether a change generalises. The cases were written without running
them under any policy first, as a capable model writes its answers (legitimate) or as weaker models got a figure or
a label wrong (invented or misread), in the classes of ``cases_kit`` and in the classes the evidence issue names.

Size: 82 legitimate answers in 33 classes and 60 invented or misread ones in 29 classes (at least two per class): the
25 and 21 classes of ``cases_kit`` and the 8 and 8 the evidence issue names.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then
answers the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the
code the reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of other domains than the first two sets': hospital admissions, flights with their
delays, a shop's orders and returns, energy meter readings, staff absences with day-first dates, mobile app crash
reports, a CI build log, an nginx access log with request times and ids, a dnsmasq query log (syslog dates without
a year), invoices in four currencies with credit notes, and an on-call runbook in markdown. Each frame builder
returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
import re
from typing import Any

import numpy as np
import pandas as pd

from benchmarks.acceptance_cases import Registry, Script, compute, differs, repl
from benchmarks.cases_kit import INVENTED_CLASSES as KIT_INVENTED
from benchmarks.cases_kit import LEGIT_CLASSES as KIT_LEGIT
from benchmarks.cases_kit import misround, swap_digits
from rlm_jupyter.testing import ChatRequest, RuleBasedSubModel

LEGIT_CLASSES: tuple[str, ...] = KIT_LEGIT + (
    "in-head arithmetic beyond two operands", "log or version-control timestamps",
    "locale abbreviations for thousands and millions", "top row of a sorted table named the maximum",
    "selection printed right after its table", "same label in two printed tables", "trend sentence naming several labels",
    "labelled SUBMIT for a which question",
)
INVENTED_CLASSES: tuple[str, ...] = KIT_INVENTED + (
    "figure from the right row but another column", "maximum picked from a partial table",
    "first row of an ascending sort called the highest", "two labels' figures swapped", "decrease reported as a rise",
    "table returned for one figure", "zero after filtering the wrong column",
    "none found after searching a date in another format",
)

REGISTRY = Registry(LEGIT_CLASSES, INVENTED_CLASSES)
CASES = REGISTRY.cases
case = REGISTRY.case


# =================================================================================================================
# Data
# =================================================================================================================
WARDS = ["Cardiology", "Oncology", "Pediatrics", "Orthopedics", "Geriatrics"]


def admissions() -> pd.DataFrame:
    return _admissions().copy()


@functools.lru_cache(maxsize=1)
def _admissions(n: int = 640, seed: int = 3701) -> pd.DataFrame:
    """Hospital admissions of the first quarter of 2024: ward, patient (some come back), age, sex, triage level,
    length of stay in days, readmitted within 30 days."""
    rng = np.random.default_rng(seed)
    ward = rng.choice(WARDS, n, p=[.24, .16, .18, .22, .20])
    admitted = pd.Timestamp("2024-01-01") + pd.to_timedelta(np.sort(rng.integers(0, 91 * 1440, n)), unit="min")
    mean_los = {"Cardiology": 5.2, "Oncology": 7.8, "Pediatrics": 2.9, "Orthopedics": 4.6, "Geriatrics": 9.1}
    los = np.array([max(1, round(rng.gamma(2.0, mean_los[w] / 2))) for w in ward])
    age = np.array([int(rng.integers(0, 18)) if w == "Pediatrics" else int(rng.integers(70, 99)) if w == "Geriatrics"
                    else int(np.clip(rng.normal(58, 16), 18, 95)) for w in ward])
    readmit = {"Cardiology": .14, "Oncology": .22, "Pediatrics": .05, "Orthopedics": .08, "Geriatrics": .18}
    return pd.DataFrame({
        "admission_id": [f"A{24000 + i}" for i in range(n)],
        "patient_id": [f"P-{k:05d}" for k in rng.integers(10000, 10530, n)],
        "ward": ward, "admitted": admitted,
        "discharged": admitted.normalize() + pd.to_timedelta(los, unit="D") + pd.to_timedelta(rng.integers(9, 18, n), unit="h"),
        "age": age, "sex": rng.choice(["F", "M"], n),
        "triage": rng.choice([1, 2, 3, 4, 5], n, p=[.06, .18, .38, .28, .10]),
        "los_days": los, "readmitted_30d": rng.random(n) < np.array([readmit[w] for w in ward]),
    })


WARD_BEDS = pd.DataFrame({"ward": WARDS, "beds": [28, 22, 18, 26, 34], "floor": [3, 4, 2, 1, 5]})

AIRLINES = {"LH": "Lufthansa", "KL": "KLM", "IB": "Iberia", "AF": "Air France", "TP": "TAP", "AZ": "ITA Airways"}
ROUTES = {("FRA", "MAD"): 1420, ("AMS", "LIS"): 1860, ("CDG", "FCO"): 1100, ("MUC", "BCN"): 1060,
          ("LIS", "CDG"): 1460, ("MAD", "AMS"): 1480, ("FCO", "FRA"): 960, ("BCN", "AMS"): 1240,
          ("CDG", "MUC"): 690, ("LIS", "FRA"): 1890}


def flights() -> pd.DataFrame:
    return _flights().copy()


@functools.lru_cache(maxsize=1)
def _flights(n: int = 900, seed: int = 3702) -> pd.DataFrame:
    """Departures of March 2024: airline, flight number, route and distance, scheduled departure, departure delay
    in minutes (negative: left early; missing when cancelled), cancelled."""
    rng = np.random.default_rng(seed)
    codes = rng.choice(list(AIRLINES), n, p=[.22, .2, .16, .18, .12, .12])
    routes = list(ROUTES)
    picked = [routes[i] for i in rng.integers(0, len(routes), n)]
    sched = (pd.Timestamp("2024-03-01") + pd.to_timedelta(rng.integers(0, 31, n), unit="D")
             + pd.to_timedelta(rng.integers(6 * 12, 22 * 12, n) * 5, unit="min"))
    mu = {"LH": 9.0, "KL": 6.0, "IB": 11.0, "AF": 13.0, "TP": -7.0, "AZ": 7.0}
    friday = np.asarray(sched.day_of_week == 4)
    delay = np.array([rng.normal(mu[c], 7) + (rng.exponential(35) if rng.random() < (0.08 if c == "TP" else 0.2) else 0)
                      for c in codes]) + np.where(friday, 8, 0)
    cancelled = rng.random(n) < 0.03
    frame = pd.DataFrame({
        "flight": [f"{c}{int(rng.integers(100, 9999))}" for c in codes], "airline": [AIRLINES[c] for c in codes],
        "origin": [o for o, _ in picked], "dest": [d for _, d in picked], "distance_km": [ROUTES[r] for r in picked],
        "sched_dep": sched, "dep_delay_min": np.where(cancelled, np.nan, np.round(delay)), "cancelled": cancelled,
    })
    return frame.sort_values("sched_dep", ignore_index=True)


CATEGORIES = ["shoes", "dresses", "jackets", "bags", "accessories"]
REASONS = ["wrong size", "damaged", "not as described", "changed mind", "arrived late"]
RETURN_COMMENTS = {"wrong size": "Runs small, I needed one size up.", "damaged": "The seam was torn when it arrived.",
                   "not as described": "The colour is nothing like the photos.", "changed mind": "",
                   "arrived late": "It came after the event I bought it for."}


def shop_returns() -> dict[str, pd.DataFrame]:
    """A fashion shop's orders (January to June 2024) and the returns of some of them, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _shop_returns().items()}


@functools.lru_cache(maxsize=1)
def _shop_returns(n: int = 1300, seed: int = 3703) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    category = rng.choice(CATEGORIES, n, p=[.3, .22, .18, .15, .15])
    price = {"shoes": 89, "dresses": 74, "jackets": 139, "bags": 59, "accessories": 24}
    day = np.sort(rng.integers(0, 182, n))
    orders = pd.DataFrame({
        "order_no": [f"SO-{880000 + i}" for i in range(n)],
        "order_date": pd.Timestamp("2024-01-01") + pd.to_timedelta(day, unit="D"),
        "country": rng.choice(["NL", "BE", "DE", "FR", "IT"], n, p=[.3, .15, .25, .2, .1]),
        "category": category,
        "amount_eur": [round(price[c] * rng.uniform(0.7, 1.5), 2) for c in category],
    })
    rate = {"shoes": .24, "dresses": .31, "jackets": .14, "bags": .07, "accessories": .05}
    month = orders.order_date.dt.month.to_numpy()
    returned = rng.random(n) < np.array([rate[c] for c in category]) * (1.25 - 0.07 * month)  # returns fall over time
    kept = orders[returned]
    reason = [str(rng.choice(REASONS, p=[.42, .14, .16, .2, .08] if c in ("shoes", "dresses") else [.15, .3, .25, .2, .1]))
              for c in kept.category]
    returns = pd.DataFrame({
        "order_no": kept.order_no.to_numpy(),
        "return_date": (kept.order_date + pd.to_timedelta(rng.integers(3, 29, len(kept)), unit="D")).to_numpy(),
        "reason": reason, "refund_eur": (kept.amount_eur * rng.choice([1.0, 1.0, 1.0, 0.8], len(kept))).round(2).to_numpy(),
        "comment": [RETURN_COMMENTS[r] for r in reason],
    })
    return {"orders": orders, "returns": returns}


BUILDINGS = ["HQ", "Lab", "Depot"]


def meters() -> pd.DataFrame:
    return _meters().copy()


@functools.lru_cache(maxsize=1)
def _meters(seed: int = 3704) -> pd.DataFrame:
    """Hourly electricity of three buildings, Monday 5 February to Sunday 3 March 2024 (ISO weeks 6-9): kWh used in
    the hour, the meter's register (cumulative kWh) and the outdoor temperature (°C, below zero on cold nights,
    warming over the four weeks, so heating and consumption fall)."""
    rng = np.random.default_rng(seed)
    hours = pd.date_range("2024-02-05", periods=28 * 24, freq="h")
    h = hours.hour.to_numpy()
    outdoor = (-1.5 + np.arange(len(hours)) / len(hours) * 9.0 + 4.0 * np.sin((h - 9) / 24 * 2 * np.pi)
               + rng.normal(0, 1.2, len(hours))).round(1)
    weekday = np.asarray(hours.day_of_week < 5)
    office = (h >= 7) & (h < 19)
    frames = []
    for building, base, use, heat, start in (("HQ", 18.0, 42.0, 2.4, 183_402.0), ("Lab", 35.0, 20.0, 1.1, 402_117.0),
                                             ("Depot", 6.0, 9.0, 1.6, 58_930.0)):
        load = base + use * (office & weekday) * (1 if building != "Depot" else 1.4) + heat * np.clip(16 - outdoor, 0, None)
        kwh = np.clip(load * rng.uniform(0.92, 1.08, len(hours)), 0, None).round(2)
        frames.append(pd.DataFrame({"ts": hours, "building": building, "kwh": kwh,
                                    "register_kwh": (start + np.cumsum(kwh)).round(1), "outdoor_c": outdoor}))
    return pd.concat(frames, ignore_index=True)


TEAMS = ["Platform", "Data", "Mobile", "Design", "Sales"]
PEOPLE = {"Platform": ["Anke", "Bruno", "Carla", "Dirk"], "Data": ["Elif", "Femke", "Goran"],
          "Mobile": ["Hana", "Ivo", "Jorge", "Kai"], "Design": ["Lotte", "Mira"], "Sales": ["Nils", "Olga", "Pia", "Quim"]}


def absences() -> pd.DataFrame:
    return _absences().copy()


@functools.lru_cache(maxsize=1)
def _absences(n: int = 260, seed: int = 3705) -> pd.DataFrame:
    """Absences of the first half of 2024, as the German HR tool exports them: day-first dates with dots
    (``03.04.2024`` is 3 April), the type (sick, vacation, training, parental) and the working days taken."""
    rng = np.random.default_rng(seed)
    team = rng.choice(TEAMS, n, p=[.25, .2, .25, .1, .2])
    kind = rng.choice(["sick", "vacation", "training", "parental"], n, p=[.38, .46, .12, .04])
    start = pd.Timestamp("2024-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 178, n)), unit="D")
    start = pd.DatetimeIndex([s + pd.Timedelta(days=2) if s.day_of_week == 5 else s + pd.Timedelta(days=1)
                              if s.day_of_week == 6 else s for s in start])
    days = np.array([int(rng.integers(1, 4)) if k == "sick" else int(rng.integers(2, 11)) if k == "vacation"
                     else int(rng.integers(1, 3)) if k == "training" else int(rng.integers(20, 41)) for k in kind])
    end = [pd.bdate_range(s, periods=d)[-1] for s, d in zip(start, days, strict=True)]
    return pd.DataFrame({
        "employee": [str(rng.choice(PEOPLE[t])) for t in team], "team": team, "type": kind,
        "start": [f"{s:%d.%m.%Y}" for s in start], "end": [f"{e:%d.%m.%Y}" for e in end], "workdays": days,
    })


VERSIONS = ["3.0.0", "3.0.1", "3.1.0", "3.1.1", "3.2.0"]
OSES = ["Android 14", "Android 13", "iOS 17.4", "iOS 16.7"]
EXCEPTIONS = {"Android": ["NullPointerException", "OutOfMemoryError", "IllegalStateException", "SIGSEGV"],
              "iOS": ["EXC_BAD_ACCESS", "NSInvalidArgumentException", "SIGABRT", "NSRangeException"]}
SCREENS = ["feed", "checkout", "camera", "settings", "login"]


def crashes() -> pd.DataFrame:
    return _crashes().copy()


@functools.lru_cache(maxsize=1)
def _crashes(n: int = 720, seed: int = 3706) -> pd.DataFrame:
    """Crash reports of a mobile app, April 2024: a crash id (hash), time, user (several crash more than once),
    app version, OS, device, exception, the screen it happened on and the free memory (MB)."""
    rng = np.random.default_rng(seed)
    version = rng.choice(VERSIONS, n, p=[.3, .24, .2, .14, .12])
    os_ = rng.choice(OSES, n, p=[.36, .22, .3, .12])
    devices = {"Android 14": ["Pixel 8", "Galaxy S23", "Galaxy A54"], "Android 13": ["Galaxy A14", "Redmi Note 12"],
               "iOS 17.4": ["iPhone 15", "iPhone 13"], "iOS 16.7": ["iPhone 11", "iPhone SE"]}
    family = ["Android" if o.startswith("Android") else "iOS" for o in os_]
    exc = [str(rng.choice(EXCEPTIONS[f], p=[.4, .3, .2, .1])) for f in family]
    free = np.round(np.where([e == "OutOfMemoryError" for e in exc], rng.gamma(2, 18, n), rng.gamma(3, 95, n)))
    return pd.DataFrame({
        "crash_id": ["".join(rng.choice(list("0123456789abcdef"), 12)) for _ in range(n)],
        "ts": pd.Timestamp("2024-04-01") + pd.to_timedelta(np.sort(rng.integers(0, 30 * 86400, n)), unit="s"),
        "user_id": [f"u{k}" for k in rng.integers(1000, 1420, n)], "app_version": version, "os": os_,
        "device": [str(rng.choice(devices[o])) for o in os_], "exception": exc,
        "screen": rng.choice(SCREENS, n, p=[.34, .22, .2, .14, .1]), "free_mem_mb": free.astype(int),
    })


def sessions() -> pd.DataFrame:
    """Sessions per app version over the same April (to turn crash counts into rates)."""
    return pd.DataFrame({"app_version": VERSIONS, "sessions": [61_200, 58_900, 66_400, 57_300, 29_800]})


JOBS = ["lint", "unit-tests", "integration", "build-image", "deploy-staging", "deploy-prod"]


@functools.lru_cache(maxsize=1)
def ci_log(builds: int = 150, seed: int = 3707) -> str:
    """A CI server's log of May 2024, one line per job: ISO timestamp (UTC), build number, branch, job, short
    commit, status (passed, failed, cancelled) and the duration in seconds."""
    rng = np.random.default_rng(seed)
    starts = np.sort(rng.integers(0, 31 * 86400, builds))
    base = {"lint": 45, "unit-tests": 310, "integration": 780, "build-image": 240, "deploy-staging": 150,
            "deploy-prod": 190}
    out = []
    for b, s in enumerate(starts):
        when = pd.Timestamp("2024-05-01") + pd.Timedelta(seconds=int(s))
        branch = str(rng.choice(["main", "release/2.4", "feature/search", "feature/payments"], p=[.45, .15, .2, .2]))
        commit = "".join(rng.choice(list("0123456789abcdef"), 7))
        jobs = JOBS if branch == "main" else JOBS[:4]
        for job in jobs:
            status = str(rng.choice(["passed", "failed", "cancelled"], p=[.84, .12, .04]))
            secs = int(base[job] * rng.uniform(0.7, 1.6)) if status != "cancelled" else int(rng.integers(5, 60))
            level = "ERROR" if status == "failed" else "INFO "
            out.append(f"{when:%Y-%m-%dT%H:%M:%SZ} {level} build=#{4700 + b} branch={branch} job={job} "
                       f"commit={commit} status={status} duration={secs}s")
            when += pd.Timedelta(seconds=secs + int(rng.integers(2, 20)))
            if status != "passed":
                break
    return "\n".join(out)


NGINX_PATHS = ["/api/v2/orders", "/api/v2/products", "/api/v2/cart", "/api/v2/auth/token", "/img/logo.svg",
               "/api/v2/search", "/healthz"]
NGINX_AGENTS = ["okhttp/4.12.0", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)",
                "Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0", "kube-probe/1.29"]


@functools.lru_cache(maxsize=1)
def nginx_log(lines: int = 3000, seed: int = 3708) -> str:
    """An nginx access log, Monday 10 to Sunday 16 June 2024 in local time (+0200): the combined format plus the
    request time and upstream time in seconds and a request id."""
    rng = np.random.default_rng(seed)
    ips = [f"192.0.2.{i}" for i in rng.choice(range(2, 250), 25, replace=False)] + ["10.244.0.1"]
    weights = np.append(rng.pareto(1.1, 25) + 0.3, 4.0)
    seconds = rng.integers(0, 7 * 86400, lines)
    peak = (seconds // 86400) * 86400 + rng.integers(14 * 3600, 15 * 3600, lines)
    seconds = np.sort(np.where(rng.random(lines) < 0.12, peak, seconds))
    out = []
    for s in seconds:
        stamp = pd.Timestamp("2024-06-10") + pd.Timedelta(seconds=int(s))
        i = int(rng.choice(len(ips), p=weights / weights.sum()))
        ip = ips[i]
        path = "/healthz" if ip == "10.244.0.1" else NGINX_PATHS[int(rng.choice(6, p=[.25, .25, .15, .1, .1, .15]))]
        if path == "/api/v2/orders" and rng.random() < 0.5:
            path = f"/api/v2/orders/{int(rng.integers(40000, 49999))}"
        method = "POST" if path in ("/api/v2/cart", "/api/v2/auth/token") else "GET"
        status = 200 if path == "/healthz" else int(rng.choice([200, 201, 304, 401, 404, 499, 502, 504],
                                                               p=[.78, .04, .05, .03, .04, .02, .025, .015]))
        rt = rng.gamma(2.0, 0.06) + (2.5 + rng.random() * 3 if status == 504 else 0) + (0.4 if "search" in path else 0)
        if path == "/healthz":
            rt = rng.uniform(0.001, 0.004)
        agent = "kube-probe/1.29" if path == "/healthz" else NGINX_AGENTS[int(rng.choice(3, p=[.5, .3, .2]))]
        size = 0 if status == 304 else int(rng.integers(120, 30000))
        rid = "".join(rng.choice(list("0123456789abcdef"), 16))
        out.append(f'{ip} - - [{stamp:%d/%b/%Y:%H:%M:%S} +0200] "{method} {path} HTTP/2.0" {status} {size} "-" '
                   f'"{agent}" rt={rt:.3f} urt={max(rt - 0.002, 0):.3f} req={rid}')
    return "\n".join(out)


DOMAINS = ["api.example.com", "cdn.example.net", "login.example.com", "metrics.internal", "db-primary.internal",
           "updates.vendor.io", "telemetry.vendor.io", "wpad.internal"]


@functools.lru_cache(maxsize=1)
def dns_log(queries: int = 900, seed: int = 3709) -> str:
    """A dnsmasq log over Thursday 13 and Friday 14 June: syslog dates without a year, each query followed by
    its reply (an address, a CNAME or NXDOMAIN)."""
    rng = np.random.default_rng(seed)
    clients = [f"10.1.{rng.integers(0, 3)}.{rng.integers(2, 200)}" for _ in range(14)]
    seconds = np.sort(rng.integers(0, 2 * 86400, queries))
    out = []
    for k, s in enumerate(seconds):
        stamp = pd.Timestamp("2024-06-13") + pd.Timedelta(seconds=int(s))
        name = DOMAINS[int(rng.choice(len(DOMAINS), p=[.25, .2, .12, .12, .1, .08, .08, .05]))]
        qtype = "AAAA" if rng.random() < 0.25 else "A"
        pid = 812
        day = f"{stamp:%b} {stamp.day:2d} {stamp:%H:%M:%S}"
        out.append(f"{day} dnsmasq[{pid}]: query[{qtype}] {name} from {clients[int(rng.integers(0, 14))]}")
        if name == "wpad.internal" or (name == "telemetry.vendor.io" and stamp.day == 14 and rng.random() < 0.6):
            answer = "NXDOMAIN"
        elif name.endswith(".internal"):
            answer = f"10.0.{k % 3}.{10 + k % 7}"
        else:
            answer = f"93.184.{int(rng.integers(0, 255))}.{int(rng.integers(1, 255))}"
        out.append(f"{day} dnsmasq[{pid}]: reply {name} is {answer}")
    return "\n".join(out)


FX_TO_EUR = {"EUR": 1.0, "USD": 0.92, "GBP": 1.17, "CHF": 1.04}
CLIENTS = ["Aldergrove Ltd", "Brightwater GmbH", "Cortado SA", "Dunmore Inc", "Elbsand AG", "Fjordline AS",
           "Giralda SL", "Hollis & Co"]


def invoices() -> pd.DataFrame:
    return _invoices().copy()


@functools.lru_cache(maxsize=1)
def _invoices(n: int = 420, seed: int = 3710) -> pd.DataFrame:
    """Invoices and credit notes (negative amounts) of 2023 and 2024, in the client's currency, with the rate to
    euros, the issue and due dates, and the payment date (missing: unpaid)."""
    rng = np.random.default_rng(seed)
    client = rng.choice(CLIENTS, n)
    currency = {"Aldergrove Ltd": "GBP", "Brightwater GmbH": "EUR", "Cortado SA": "EUR", "Dunmore Inc": "USD",
                "Elbsand AG": "CHF", "Fjordline AS": "EUR", "Giralda SL": "EUR", "Hollis & Co": "USD"}
    issued = pd.Timestamp("2023-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 730, n)), unit="D")
    credit = rng.random(n) < 0.07
    amount = np.round(rng.gamma(2.2, 2400, n) * np.where(credit, -0.3, 1.0) * (1 + 0.12 * (issued.year == 2024)), 2)
    due = issued + pd.Timedelta(days=30)
    late = rng.gamma(1.5, 9, n) - 8
    paid = [pd.NaT if (i > pd.Timestamp("2024-11-15") and rng.random() < 0.7) or rng.random() < 0.04
            else d + pd.Timedelta(days=int(x)) for i, d, x in zip(issued, due, late, strict=True)]
    frame = pd.DataFrame({
        "invoice_no": [f"{'CN' if c else 'INV'}-{d.year}-{i:04d}" for i, (c, d) in enumerate(zip(credit, issued, strict=True))],
        "client": client, "currency": [currency[c] for c in client], "amount": amount,
        "issued": issued, "due": due, "paid": pd.to_datetime(paid),
    })
    frame["amount_eur"] = (frame.amount * frame.currency.map(FX_TO_EUR)).round(2)
    return frame


MERGERS = {"Lena Vogel": "+0200", "Tomás Rey": "+0200", "Priya Nair": "+0530", "Sam O'Neill": "+0100"}


@functools.lru_cache(maxsize=1)
def merge_log(merges: int = 40, seed: int = 3711) -> str:
    """``git log --merges --date=rfc --pretty='%h %ad %an: %s'`` of April and May 2024, newest first: RFC 2822 dates
    in each author's offset."""
    rng = np.random.default_rng(seed)
    stamps = sorted(pd.Timestamp("2024-04-01 07:00") + pd.Timedelta(minutes=int(m))
                    for m in rng.integers(0, 61 * 1440, merges))
    names = list(MERGERS)
    branches = ["feature/search", "feature/payments", "fix/session-refresh", "feature/exports", "chore/deps"]
    out = []
    for k, stamp in enumerate(stamps):
        who = names[int(rng.choice(4, p=[.35, .3, .2, .15]))]
        local = stamp + pd.Timedelta(hours=int(MERGERS[who][1:3]), minutes=int(MERGERS[who][3:]))
        digest = "".join(rng.choice(list("0123456789abcdef"), 7))
        out.append(f"{digest} {local:%a, %d %b %Y %H:%M:%S} {MERGERS[who]} {who}: Merge pull request #{880 + k} "
                   f"from acme/{rng.choice(branches)}")
    return "\n".join(reversed(out))


RUNBOOK = """# On-call runbook: payments platform

Last reviewed 3 June 2024 by the SRE guild.

## Severity levels

| Severity | Example | First response | Resolution target | Status page |
| --- | --- | --- | --- | --- |
| P1 | Checkout down for all users | 15 minutes | 4 hours | within 30 minutes |
| P2 | Card payments failing in one country | 1 hour | 1 business day | within 2 hours |
| P3 | Slow refunds, no data loss | 4 business hours | 5 business days | not needed |
| P4 | Cosmetic issue in the admin panel | next business day | next sprint | not needed |

## Escalation

If the primary on-call engineer has not acknowledged a P1 page after 10 minutes, the pager escalates to the
secondary; after another 10 minutes it escalates to the engineering manager. A P1 lasting more than 2 hours is
reported to the CTO.

## Rotation and compensation

Shifts run from Monday 09:00 to the next Monday 09:00 (Europe/Amsterdam). On-call pays EUR 35 per weekday night and
EUR 60 per weekend or public-holiday day. An engineer is on call at most one week in four.

## After an incident

Write the post-mortem within 5 business days for P1 and P2 incidents. Action items get an owner and a due date.
"""


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
ADM_LOOK = repl("print(admissions.shape)\nprint(admissions.head())\nprint(admissions.dtypes)", "Let me look at the data first.")
FLIGHTS_LOOK = repl("print(flights.shape)\nprint(flights.head())")
RETURNS_LOOK = repl("for name, t in shop.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                    "Two tables; let me see both.")
METERS_LOOK = repl("print(meters.shape)\nprint(meters.head())\nprint(meters.ts.min(), meters.ts.max())")
ABS_LOOK = repl("print(absences.shape)\nprint(absences.head())", "A quick look at the export.")
CRASH_LOOK = repl("print(crashes.shape)\nprint(crashes.head())\nprint(crashes.columns.tolist())")
CI_LOOK = repl("ci = ci_log.splitlines()\nprint(len(ci))\nprint('\\n'.join(ci[:4]))", "The log format first.")
NGINX_LOOK = repl("lines = nginx_log.splitlines()\nprint(len(lines))\nprint(lines[0])\nprint(lines[-1])")
DNS_LOOK = repl("dns = dns_log.splitlines()\nprint(len(dns))\nprint('\\n'.join(dns[:6]))")
INV_LOOK = repl("print(invoices.shape)\nprint(invoices.head())\nprint(invoices.currency.unique())",
                "Let me see the invoice table.")
RUNBOOK_LOOK = repl("print(len(runbook))\nprint(runbook[:600])")

# Parsing steps (run in the same namespace before a question's own code).
CI_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\S+) (\\w+)\\s+build=#(\\d+) branch=(\\S+) job=(\\S+) commit=(\\w+) status=(\\w+) duration=(\\d+)s')\n"
    "jobs = pd.DataFrame([rx.match(l).groups() for l in ci],\n"
    "                    columns=['ts', 'level', 'build', 'branch', 'job', 'commit', 'status', 'secs'])\n"
    "jobs['ts'] = pd.to_datetime(jobs.ts)\njobs['secs'] = jobs.secs.astype(int)\njobs['build'] = jobs.build.astype(int)\n"
    "print(jobs.shape)\nprint(jobs.head(3))")
NGINX_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\S+) - \\S+ \\[([^\\]]+)\\] \"(\\S+) (\\S+) [^\"]+\" (\\d{3}) (\\d+) \"[^\"]*\" \"([^\"]*)\" "
    "rt=([\\d.]+) urt=([\\d.]+) req=(\\w+)')\n"
    "ng = pd.DataFrame([rx.match(l).groups() for l in lines],\n"
    "                  columns=['ip', 'time', 'method', 'path', 'status', 'bytes', 'agent', 'rt', 'urt', 'req'])\n"
    "ng['time'] = pd.to_datetime(ng.time, format='%d/%b/%Y:%H:%M:%S %z')\n"
    "ng[['status', 'bytes']] = ng[['status', 'bytes']].astype(int)\nng[['rt', 'urt']] = ng[['rt', 'urt']].astype(float)\n"
    "print(ng.shape)\nprint(ng.head(3))")
DNS_PARSE = (
    "import re\nimport pandas as pd\n"
    "q = pd.DataFrame(re.findall(r'^(\\w{3} +\\d+ [\\d:]{8}) dnsmasq\\[\\d+\\]: query\\[(\\w+)\\] (\\S+) from (\\S+)$', dns_log, re.M),\n"
    "                 columns=['when', 'qtype', 'name', 'client'])\n"
    "r = pd.DataFrame(re.findall(r'^(\\w{3} +\\d+ [\\d:]{8}) dnsmasq\\[\\d+\\]: reply (\\S+) is (\\S+)$', dns_log, re.M),\n"
    "                 columns=['when', 'name', 'answer'])\nprint(len(q), len(r))")
PARSE_CI = repl(CI_PARSE, "One job per line; parsing it into a table.")
PARSE_NGINX = repl(NGINX_PARSE, "nginx combined format plus rt/urt (seconds) and a request id; parsing.")
PARSE_DNS = repl(DNS_PARSE, "dnsmasq: a query line and a reply line per lookup.")
RET_JOIN = ("import pandas as pd\nret = shop['returns'].merge(shop['orders'], on='order_no', how='left')\n"
            "print(ret.shape)")


def with_ci(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A CI-log case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"ci_log": ci_log()}
    return ctx, compute({**ctx, "ci": ci_log().splitlines()}, CI_PARSE + "\n" + code)


def with_nginx(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"nginx_log": nginx_log()}
    return ctx, compute({**ctx, "lines": nginx_log().splitlines()}, NGINX_PARSE + "\n" + code)


def with_dns(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"dns_log": dns_log()}
    return ctx, compute({**ctx, "dns": dns_log().splitlines()}, DNS_PARSE + "\n" + code)


def de(x: float, decimals: int = 1) -> str:
    """German digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def fr(x: float, decimals: int = 1) -> str:
    """French digits: ``1 234,5`` (a narrow no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def return_themes(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {label: text.count(comment) for label, comment in
                  (("sizing (runs small)", RETURN_COMMENTS["wrong size"]), ("damage in transit", RETURN_COMMENTS["damaged"]),
                   ("colour unlike the photos", RETURN_COMMENTS["not as described"]),
                   ("late arrival", RETURN_COMMENTS["arrived late"]))}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{sum(counts.values())} comments. The top theme is {ranked[0][0]} ({ranked[0][1]} comments), followed by "
                f"{ranked[1][0]} ({ranked[1][1]}), {ranked[2][0]} ({ranked[2][1]}) and {ranked[3][0]} ({ranked[3][1]}).")

    def count_sizing(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count(RETURN_COMMENTS['wrong size'])} of the comments say it runs small."

    def crash_kind(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        memory = len(re.findall(r"OutOfMemoryError", text))
        native = len(re.findall(r"SIGSEGV|EXC_BAD_ACCESS|SIGABRT", text))
        total = len([line for line in text.splitlines() if line.strip()])
        return (f"Of {total} crashes, {native} are native memory-access faults (SIGSEGV, EXC_BAD_ACCESS, SIGABRT) and "
                f"{memory} are out-of-memory errors; the rest are app-level exceptions.")

    def nxdomain(_: re.Match[str], request: ChatRequest) -> str:
        names = re.findall(r"reply (\S+) is NXDOMAIN", request.last_user)
        top = max(sorted(set(names)), key=names.count) if names else "none"
        return f"{len(names)} lookups failed with NXDOMAIN; most of them for {top} ({names.count(top)})."

    def escalation(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"If the primary on-call[^\n]*\n[^\n]*\n[^\n]*", request.last_user)
        return " ".join(found.group(0).split()) if found else "NONE"

    return RuleBasedSubModel([(r"\AWhat do these return comments", return_themes),
                              (r"\AHow many of these comments say", count_sizing),
                              (r"\AGroup these crash lines", crash_kind),
                              (r"\AHow many lookups in this log failed", nxdomain),
                              (r"\AQuote the escalation rule", escalation)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("flight_delay_upper_quartile", "describe() statistic", "legit",
      "What is the upper quartile of the departure delays in March?")
def _delay_q3() -> Script:
    ctx = {"flights": flights()}
    code = "print(flights.dep_delay_min.describe())"
    d = ctx["flights"].dep_delay_min.describe()
    final = (f"FINAL(The upper quartile is {d['75%']:.0f} minutes: a quarter of the flights that flew left at least "
             f"{d['75%']:.0f} minutes late, while the median flight was {d['50%']:.0f} minutes late.)")
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(flights.dep_delay_min.quantile(.75))"), final])


@case("hq_hourly_kwh_std_de", "describe() statistic", "legit",
      "Wie stark schwankt der stündliche Verbrauch im HQ? Bitte die Standardabweichung.")
def _hq_std() -> Script:
    ctx = {"meters": meters()}
    code = "hq = meters[meters.building == 'HQ']\nprint(hq.kwh.describe().round(2))"
    d = ctx["meters"].query("building == 'HQ'").kwh.describe().round(2)
    final = (f"FINAL(Die Standardabweichung liegt bei {de(d['std'], 2)} kWh pro Stunde, bei einem Mittelwert von "
             f"{de(d['mean'], 2)} kWh (Minimum {de(d['min'], 2)}, Maximum {de(d['max'], 2)} kWh).)")
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(round(hq.kwh.std(), 2), round(hq.kwh.mean(), 2))"), final])


@case("ios174_free_memory_describe", "describe() statistic", "legit",
      "How much free memory did iOS 17.4 devices typically have when the app crashed?")
def _free_mem_describe() -> Script:
    ctx = {"crashes": crashes()}
    code = ("stats = crashes.groupby('os').free_mem_mb.describe()[['count', 'mean', '50%', 'max']].round(1)\n"
            "print(stats)")
    s = compute(ctx, code)["stats"].loc["iOS 17.4"]
    final = (f"FINAL(Typically about {s['50%']:.0f} MB: that is the median free memory over the {s['count']:.0f} "
             f"crashes on iOS 17.4 (mean {s['mean']:.1f} MB).)")
    return Script(ctx, [CRASH_LOOK, repl(code), final], [repl("print(stats.loc['iOS 17.4', '50%'])"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("crash_share_by_os_bullets", "bullet list of figures", "legit", "How are the crashes split across OS versions?")
def _os_bullets() -> Script:
    ctx = {"crashes": crashes()}
    code = "share = crashes.os.value_counts(normalize=True)\nprint(share)"
    sh = compute(ctx, code)["share"]
    final = ("FINAL(Share of all crashes by OS version:\n\n" + "\n".join(f"* {os_} — {v * 100:.1f}%" for os_, v in sh.items())
             + f"\n\nAndroid as a whole accounts for {sum(v for k, v in sh.items() if k.startswith('Android')) * 100:.1f}%.)")
    return Script(ctx, [CRASH_LOOK, repl(code), final],
                  [repl("print((share * 100).round(1))\nprint(round(share[share.index.str.startswith('Android')].sum() * 100, 1))"), final])


@case("ward_stay_bullets", "bullet list of figures", "legit", "Give me the average length of stay per ward.")
def _stay_bullets() -> Script:
    ctx = {"admissions": admissions()}
    code = "stay = admissions.groupby('ward').los_days.mean().round(1).sort_values(ascending=False)\nprint(stay)"
    st = compute(ctx, code)["stay"]
    final = "FINAL(Average length of stay, longest first:\n" + "\n".join(
        f"- **{w}**: {v:.1f} days" for w, v in st.items()) + ")"
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(stay.to_string())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
AIRLINE_SUMMARY = ("flown = flights[~flights.cancelled]\n"
                   "summary = flown.groupby('airline').agg(flights=('flight', 'count'),\n"
                   "                                       mean_delay=('dep_delay_min', 'mean'),\n"
                   "                                       on_time=('dep_delay_min', lambda d: (d <= 15).mean() * 100)).round(1)\n"
                   "print(summary)")


@case("airline_punctuality_table", "markdown table in text", "legit", "Compare the airlines on punctuality.")
def _airline_table() -> Script:
    ctx = {"flights": flights()}
    t = compute(ctx, AIRLINE_SUMMARY)["summary"].sort_values("on_time", ascending=False)
    rows = "\n".join(f"| {r.Index} | {r.flights} | {r.mean_delay:.1f} | {r.on_time:.1f}% |" for r in t.itertuples())
    final = ("FINAL(Punctuality in March (flights that flew; on time = left at most 15 minutes late):\n\n"
             "| Airline | Flights | Mean delay (min) | On time |\n|:--|--:|--:|--:|\n" + rows + ")")
    return Script(ctx, [FLIGHTS_LOOK, repl(AIRLINE_SUMMARY), final],
                  [repl("print(summary.sort_values('on_time', ascending=False).to_string())"), final])


@case("invoiced_per_currency_table", "markdown table in text", "legit",
      "How much did we invoice in each currency in 2024, and what is that in euros?")
def _currency_table() -> Script:
    ctx = {"invoices": invoices()}
    code = ("y24 = invoices[invoices.issued.dt.year == 2024]\n"
            "by_cur = y24.groupby('currency').agg(docs=('invoice_no', 'count'), amount=('amount', 'sum'),\n"
            "                                      eur=('amount_eur', 'sum')).round(2)\nprint(by_cur)")
    t = compute(ctx, code)["by_cur"]
    rows = "\n".join(f"| {r.Index} | {r.docs} | {r.amount:,.2f} {r.Index} | €{r.eur:,.2f} |" for r in t.itertuples())
    final = ("FINAL(2024, invoices net of credit notes:\n\n| Currency | Documents | Invoiced | In EUR |\n| --- | --- | --- | --- |\n"
             + rows + f"\n| **All** | {t.docs.sum()} | | **€{t.eur.sum():,.2f}** |)")
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(by_cur.to_string())\nprint(round(by_cur.eur.sum(), 2))"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("search_request_time_seconds", "value with a unit", "legit", "How long do search requests take on average?")
def _search_rt() -> Script:
    code = "search = ng[ng.path.str.startswith('/api/v2/search')]\nprint(len(search), round(search.rt.mean(), 3))"
    ctx, ns = with_nginx(code)
    s = ns["search"]
    final = f"FINAL({s.rt.mean():.3f} s on average, over {len(s):,} requests to /api/v2/search.)"
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), final], [repl("print(f'{search.rt.mean():.3f} s')"), final])


@case("depot_peak_hour_kwh", "value with a unit", "legit", "What was the Depot's highest consumption in a single hour?")
def _depot_peak() -> Script:
    ctx = {"meters": meters()}
    code = "depot = meters[meters.building == 'Depot']\npeak = depot.loc[depot.kwh.idxmax()]\nprint(peak)"
    p = compute(ctx, code)["peak"]
    final = (f"FINAL({p.kwh:.2f} kWh, in the hour from {p.ts:%H:%M} on {p.ts:%A %-d %B}; it was {p.outdoor_c} °C "
             "outside.)")
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(peak.kwh, peak.ts, peak.outdoor_c)"), final])


@case("healthz_latency_microseconds", "value with a unit", "legit", "How fast does the health-check endpoint answer?")
def _healthz_us() -> Script:
    code = "hz = ng[ng.path == '/healthz']\nprint(len(hz), hz.rt.median(), round(hz.rt.mean(), 5))"
    ctx, ns = with_nginx(code)
    med = ns["hz"].rt.median()
    final = (f"FINAL(Very fast: the median /healthz request takes {med * 1000:g} ms, that is {med * 1e6:,.0f} µs "
             f"(over {len(ns['hz'])} probe requests).)")
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), final], [repl("print(hz.rt.median() * 1000, 'ms', hz.rt.median() * 1e6, 'us')"), final])


@case("mean_response_size_kb", "value with a unit", "legit", "How big is a typical API response?")
def _response_kb() -> Script:
    code = "api = ng[ng.path != '/healthz']\nprint(api.bytes.mean(), api.bytes.median())"
    ctx, ns = with_nginx(code)
    b = ns["api"].bytes
    final = f"FINAL(About {b.mean() / 1000:.1f} KB on average ({b.mean():,.0f} bytes; median {b.median():,.0f} bytes).)"
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), final], [repl("print(round(api.bytes.mean() / 1000, 1), 'KB')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("cardiology_age_range", "range from min to max", "legit", "What ages do the Cardiology patients span?")
def _cardio_ages() -> Script:
    ctx = {"admissions": admissions()}
    code = "card = admissions[admissions.ward == 'Cardiology']\nprint(card.age.agg(['min', 'median', 'max']))"
    a = ctx["admissions"].query("ward == 'Cardiology'").age
    final = f"FINAL(Cardiology patients were between {a.min()} and {a.max()} years old (median age {a.median():g}).)"
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(card.age.min(), card.age.max())"), final])


@case("outdoor_temperature_span", "range from min to max", "legit",
      "Between which temperatures did it vary outside over the four weeks?")
def _outdoor_range() -> Script:
    ctx = {"meters": meters()}
    code = "temps = meters.drop_duplicates('ts').outdoor_c\nprint(temps.min(), temps.max())"
    t = ctx["meters"].drop_duplicates("ts").outdoor_c
    lo = f"{t.min()}".replace("-", "\u2212")
    final = f"FINAL(From {lo} °C on the coldest night to {t.max()} °C at the warmest, a spread of {t.max() - t.min():.1f} degrees.)"
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(temps.min(), temps.max(), round(temps.max() - temps.min(), 1))"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("readmission_oncology_vs_ortho", "two groups compared", "legit",
      "Are Oncology patients readmitted more often than Orthopedics patients?")
def _readmit_compare() -> Script:
    ctx = {"admissions": admissions()}
    code = "rates = admissions.groupby('ward').readmitted_30d.mean().round(3)\nprint(rates)"
    r = compute(ctx, code)["rates"]
    final = (f"FINAL(Yes, about {r['Oncology'] / r['Orthopedics']:.1f} times as often: {r['Oncology']:.1%} of Oncology "
             f"admissions were readmitted within 30 days, against {r['Orthopedics']:.1%} in Orthopedics.)")
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(round(rates['Oncology'] / rates['Orthopedics'], 1))"), final])


@case("friday_delays_es", "two groups compared", "legit", "¿Los vuelos de los viernes salen con más retraso que el resto?")
def _friday_es() -> Script:
    ctx = {"flights": flights()}
    code = ("flown = flights.dropna(subset=['dep_delay_min'])\nfri = flown.sched_dep.dt.day_name() == 'Friday'\n"
            "print('viernes', round(flown[fri].dep_delay_min.mean(), 1))\n"
            "print('resto', round(flown[~fri].dep_delay_min.mean(), 1))")
    ns = compute(ctx, code)
    f, o = (round(ns["flown"][sel].dep_delay_min.mean(), 1) for sel in (ns["fri"], ~ns["fri"]))
    def es(x: float) -> str:
        return f"{x:.1f}".replace(".", ",")
    final = (f"FINAL(Sí. Los viernes el retraso medio de salida es de {es(f)} minutos, frente a {es(o)} minutos el resto "
             f"de la semana: unos {es(f - o)} minutos más.)")
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(round(flown[fri].dep_delay_min.mean() - flown[~fri].dep_delay_min.mean(), 1))"), final])


@case("sick_days_mobile_vs_sales", "two groups compared", "legit", "Who took more sick days, Mobile or Sales?")
def _sick_pivot() -> Script:
    ctx = {"absences": absences()}
    code = ("by_type = absences.pivot_table(index='team', columns='type', values='workdays', aggfunc=['count', 'sum'],\n"
            "                               fill_value=0)\nprint(by_type)")
    p = compute(ctx, code)["by_type"]
    days, count = p[("sum", "sick")], p[("count", "sick")]
    assert days["Mobile"] == days["Sales"] and count["Mobile"] == count["Sales"]
    final = (f"FINAL(Neither: both teams took {days['Mobile']} sick days in the first half of 2024, each spread over "
             f"{count['Mobile']} absences.)")
    return Script(ctx, [ABS_LOOK, repl(code), final],
                  [repl("print(by_type.loc[['Mobile', 'Sales'], [('count', 'sick'), ('sum', 'sick')]])"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("cancelled_flights_out_of", "X out of Y", "legit", "How many flights were cancelled in March?")
def _cancelled_of() -> Script:
    ctx = {"flights": flights()}
    code = "print(flights.cancelled.sum(), len(flights))"
    f = ctx["flights"]
    k, n = int(f.cancelled.sum()), len(f)
    final = f"FINAL({k} out of {n} scheduled flights were cancelled, about {k / n:.1%}.)"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(f'{flights.cancelled.mean():.1%}')"), final])


@case("unpaid_invoices_pt", "X out of Y", "legit", "Quantas faturas de 2024 ainda não foram pagas?")
def _unpaid_pt() -> Script:
    ctx = {"invoices": invoices()}
    code = ("y24 = invoices[(invoices.issued.dt.year == 2024) & invoices.invoice_no.str.startswith('INV')]\n"
            "print(y24.paid.isna().sum(), len(y24))")
    y = compute(ctx, code)["y24"]
    final = f"FINAL({int(y.paid.isna().sum())} de {len(y)} faturas emitidas em 2024 continuam por pagar.)"
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(y24.paid.isna().sum())"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
WEEKLY_KWH = "weekly = meters.groupby(meters.ts.dt.isocalendar().week).kwh.sum().round(1)\nprint(weekly)"


@case("energy_week8_to_week9", "period-over-period change", "legit",
      "How did total electricity use change from ISO week 8 to week 9?")
def _week8_to_9() -> Script:
    ctx = {"meters": meters()}
    w = compute(ctx, WEEKLY_KWH)["weekly"]
    delta = w[9] - w[8]
    final = (f"FINAL(It went down by {abs(delta):,.1f} kWh, from {w[8]:,.1f} kWh in week 8 to {w[9]:,.1f} kWh in week 9 "
             f"({delta / w[8]:+.1%}), as the weather got milder.)")
    return Script(ctx, [METERS_LOOK, repl(WEEKLY_KWH), final], [repl("print(round(weekly[9] - weekly[8], 1), f'{weekly[9] / weekly[8] - 1:+.1%}')"), final])


@case("returns_april_to_may_it", "period-over-period change", "legit", "Di quanto sono cambiati i resi da aprile a maggio?")
def _returns_it() -> Script:
    ctx = {"shop": shop_returns()}
    code = ("ret = shop['returns']\nper_month = ret.groupby(ret.return_date.dt.strftime('%Y-%m')).size()\nprint(per_month)")
    pm = compute(ctx, code)["per_month"]
    a, b = pm["2024-04"], pm["2024-05"]
    pct = f"{(b / a - 1) * 100:.1f}".replace(".", ",")
    assert b < a
    final = f"FINAL(I resi sono scesi da {a} ad aprile a {b} a maggio: {a - b} resi in meno, cioè {pct}%.)"
    return Script(ctx, [RETURNS_LOOK, repl(code), final], [repl("print(per_month['2024-05'] - per_month['2024-04'], round((per_month['2024-05'] / per_month['2024-04'] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("top5_crash_signatures", "top-N list by code", "legit",
      "What are the five most frequent crash signatures (exception and screen)?")
def _top_signatures() -> Script:
    ctx = {"crashes": crashes()}
    code = ("from collections import Counter\nsig = Counter(zip(crashes.exception, crashes.screen))\n"
            "for (exc, screen), k in sig.most_common(5):\n    print(f'{exc:28s} {screen:10s} {k}')")
    top = compute(ctx, code)["sig"].most_common(5)
    final = "FINAL(" + "\n".join(f"{i}. `{e}` on the {s} screen — {k} crashes" for i, ((e, s), k) in enumerate(top, 1)) + ")"
    return Script(ctx, [CRASH_LOOK, repl(code), final], [repl("print(sig.most_common(5))"), final])


@case("top3_delayed_routes", "top-N list by code", "legit", "Which three routes have the worst average departure delay?")
def _top_routes() -> Script:
    ctx = {"flights": flights()}
    code = ("worst = flights.groupby(['origin', 'dest']).dep_delay_min.mean().nlargest(3).round(1)\nprint(worst)")
    w = compute(ctx, code)["worst"]
    final = "FINAL(The three worst routes by mean departure delay:\n" + "\n".join(
        f"{i}. {o} → {d}: {v} min" for i, ((o, d), v) in enumerate(w.items(), 1)) + ")"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(worst.index.tolist())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("mean_stay_sig_figs", "significant figures", "legit", "What's the average length of stay?")
def _mean_stay() -> Script:
    ctx = {"admissions": admissions()}
    code = "print(admissions.los_days.mean(), len(admissions))"
    mean = ctx["admissions"].los_days.mean()
    final = f"FINAL(About {mean:.1f} days ({mean:.2f} to two decimals), over all {len(ctx['admissions'])} admissions.)"
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(round(admissions.los_days.mean(), 2))"), final])


@case("invoiced_2024_three_sig", "significant figures", "legit", "Roughly how much did we invoice in 2024, in euros?")
def _invoiced_sig() -> Script:
    ctx = {"invoices": invoices()}
    code = "total_24 = invoices.loc[invoices.issued.dt.year == 2024, 'amount_eur'].sum()\nprint(total_24)"
    t = compute(ctx, code)["total_24"]
    final = f"FINAL(Roughly €{t / 1e6:.2f} million, net of credit notes (exactly €{t:,.2f}).)"
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(round(total_24 / 1e6, 2))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("tap_left_early", "negative figure", "legit", "On average, how late did TAP flights leave?")
def _tap_early() -> Script:
    ctx = {"flights": flights()}
    code = "tap = flights[flights.airline == 'TAP']\nprint(tap.dep_delay_min.mean().round(1), tap.dep_delay_min.median())"
    t = ctx["flights"].query("airline == 'TAP'").dep_delay_min
    m = round(t.mean(), 1)
    assert m < 0
    final = (f"FINAL(They didn't leave late at all: TAP's mean departure delay is {m} minutes, so its flights left "
             f"{abs(m)} minutes early on average (median {t.median():g} min).)")
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(tap.dep_delay_min.mean().round(1))"), final])


@case("credit_notes_2023_eur", "negative figure", "legit", "How much did credit notes take off our 2023 revenue, in euros?")
def _credit_notes() -> Script:
    ctx = {"invoices": invoices()}
    code = ("cn23 = invoices[(invoices.amount < 0) & (invoices.issued.dt.year == 2023)]\n"
            "print(len(cn23), cn23.amount_eur.sum().round(2))")
    c = compute(ctx, code)["cn23"]
    v = round(c.amount_eur.sum(), 2)
    final = f"FINAL(−€{abs(v):,.2f}: the {len(c)} credit notes issued in 2023 add up to {v:,.2f} EUR.)"
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(cn23.amount_eur.sum().round(2))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("slowest_request_id", "quoted log line or ID", "legit", "Which request was the slowest? Give me its request id.")
def _slowest_req() -> Script:
    code = "slow = ng.loc[ng.rt.idxmax()]\nprint(slow.to_string())"
    ctx, ns = with_nginx(code)
    s = ns["slow"]
    final = (f"FINAL(`req={s.req}`: {s.method} {s.path} from {s.ip} at {s.time:%H:%M:%S} on {s.time:%-d %B}, which took "
             f"{s.rt} s and ended with a {s.status}.)")
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), final], [repl("print(slow.req, slow.rt)"), final])


@case("failed_prod_deploy_line", "quoted log line or ID", "legit", "Quote the log line of the failed production deploy.")
def _failed_deploy_line() -> Script:
    ctx = {"ci_log": ci_log()}
    code = "bad = [l for l in ci if 'job=deploy-prod' in l and 'status=failed' in l]\nprint(len(bad))\nprint(*bad, sep='\\n')"
    bad = compute({**ctx, "ci": ci_log().splitlines()}, code)["bad"]
    assert len(bad) == 1
    final = f"FINAL(There was one failed production deploy in May:\n\n> `{bad[0]}`)"
    return Script(ctx, [CI_LOOK, repl(code), final], [repl("print(bad[0])"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("geriatrics_admissions_de", "count off value_counts", "legit", "Wie viele Aufnahmen hatte die Geriatrie im Quartal?")
def _geriatrics_de() -> Script:
    ctx = {"admissions": admissions()}
    code = "print(admissions.ward.value_counts())"
    k = int(ctx["admissions"].ward.value_counts()["Geriatrics"])
    final = f"FINAL(Die Geriatrie (Geriatrics) hatte im ersten Quartal {k} Aufnahmen.)"
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print((admissions.ward == 'Geriatrics').sum())"), final])


@case("damaged_returns_count", "count off value_counts", "legit", "How many items came back damaged?")
def _damaged_count() -> Script:
    ctx = {"shop": shop_returns()}
    code = "print(shop['returns'].reason.value_counts())"
    k = int(ctx["shop"]["returns"].reason.value_counts()["damaged"])
    final = f"FINAL({k} returned items were sent back as damaged.)"
    return Script(ctx, [RETURNS_LOOK, repl(code), final], [repl("print((shop['returns'].reason == 'damaged').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("first_nxdomain_when", "date from a log timestamp", "legit", "When did the first failed DNS lookup (NXDOMAIN) happen?")
def _first_nxdomain() -> Script:
    ctx = {"dns_log": dns_log()}
    code = "first_fail = next(l for l in dns if l.endswith('is NXDOMAIN'))\nprint(first_fail)"
    line = compute({**ctx, "dns": dns_log().splitlines()}, code)["first_fail"]
    month, day, clock = line.split()[:3]
    name = line.split("reply ")[1].split()[0]
    final = f"FINAL(At {clock} on {int(day)} June (the log has no year), for {name}.)"
    assert month == "Jun"
    return Script(ctx, [DNS_LOOK, repl(code), final], [repl("print(first_fail[:15])"), final])


@case("last_green_prod_deploy", "date from a log timestamp", "legit", "When did the last successful production deploy start?")
def _last_green() -> Script:
    ctx = {"ci_log": ci_log()}
    code = "ok = [l for l in ci if 'job=deploy-prod' in l and 'status=passed' in l]\nprint(len(ok))\nprint(ok[-1])"
    line = compute({**ctx, "ci": ci_log().splitlines()}, code)["ok"][-1]
    when = pd.Timestamp(line.split()[0])
    build = line.split("build=")[1].split()[0]
    final = f"FINAL(On {when:%A}, {when.day} {when:%B %Y} at {when:%H:%M:%S} UTC, in build {build}.)"
    return Script(ctx, [CI_LOOK, repl(code), final],
                  [repl("import pandas as pd\nprint(pd.Timestamp(ok[-1].split()[0]).strftime('%A, %-d %B %Y %H:%M:%S'))"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("api_busiest_hour", "week, weekday or time of day", "legit", "At what time of day is the API busiest?")
def _busiest_hour() -> Script:
    code = "by_hour = ng.groupby(ng.time.dt.hour).size()\nprint(by_hour.to_string())\nprint('mean per hour:', by_hour.mean())"
    ctx, ns = with_nginx(code)
    h = ns["by_hour"]
    top = int(h.idxmax())
    final = (f"FINAL(Between {top}:00 and {top + 1}:00 local time (+02:00): {h.max()} requests fell in that hour over the "
             f"week, more than three times the {h.mean():.0f} of an average hour.)")
    assert h.max() > 3 * h.mean()
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max())"), final])


@case("busiest_iso_week_admissions", "week, weekday or time of day", "legit", "Which calendar week had the most admissions?")
def _busiest_week() -> Script:
    ctx = {"admissions": admissions()}
    code = ("weeks = admissions.admitted.dt.isocalendar().week.value_counts().sort_index()\nprint(weeks.to_string())\n"
            "print('max:', weeks.idxmax(), weeks.max())")
    w = compute(ctx, code)["weeks"]
    monday = pd.Timestamp.fromisocalendar(2024, int(w.idxmax()), 1)
    final = f"FINAL(ISO week {w.idxmax()} of 2024 (starting Monday {monday.day} {monday:%B}), with {w.max()} admissions.)"
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("import pandas as pd\nprint(pd.Timestamp.fromisocalendar(2024, int(weeks.idxmax()), 1).date())"), final])


@case("crashes_by_weekday_fr", "week, weekday or time of day", "legit", "Quel jour de la semaine l'app plante-t-elle le plus ?")
def _crash_weekday_fr() -> Script:
    ctx = {"crashes": crashes()}
    code = "per_day = crashes.ts.dt.day_name().value_counts()\nprint(per_day)"
    d = compute(ctx, code)["per_day"]
    jours = {"Monday": "lundi", "Tuesday": "mardi", "Wednesday": "mercredi", "Thursday": "jeudi", "Friday": "vendredi",
             "Saturday": "samedi", "Sunday": "dimanche"}
    assert d.iloc[0] > d.iloc[1]
    final = f"FINAL(Le {jours[d.index[0]]} : {d.iloc[0]} des {d.sum()} plantages d'avril ont eu lieu un {jours[d.index[0]]}.)"
    return Script(ctx, [CRASH_LOOK, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("lab_consumption_mila_it", "locale number abbreviation", "legit", "Quanta energia ha consumato il Lab in quattro settimane?")
def _lab_mila() -> Script:
    ctx = {"meters": meters()}
    code = "print(meters.groupby('building').kwh.sum().round(1))"
    v = ctx["meters"].groupby("building").kwh.sum()["Lab"]
    final = f"FINAL(Il Lab ha consumato circa {round(v / 1000)} mila kWh (per l'esattezza {fr(v, 1).replace(chr(0x202f), '.')} kWh).)"
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(round(meters[meters.building == 'Lab'].kwh.sum() / 1000))"), final])


@case("usd_invoiced_mil_pt", "locale number abbreviation", "legit", "Quanto faturámos em dólares em 2023?")
def _usd_mil_pt() -> Script:
    ctx = {"invoices": invoices()}
    code = "usd = invoices[invoices.currency == 'USD']\nprint(usd.groupby(usd.issued.dt.year).amount.sum())"
    v = ctx["invoices"].query("currency == 'USD'").pipe(lambda u: u[u.issued.dt.year == 2023]).amount.sum()
    final = f"FINAL(Cerca de {round(v / 1000)} mil dólares (USD) em 2023, já descontadas as notas de crédito.)"
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(round(usd[usd.issued.dt.year == 2023].amount.sum() / 1000))"), final])


@case("tap_kilometres_mil_es", "locale number abbreviation", "legit", "¿Cuántos kilómetros voló TAP en marzo?")
def _tap_km() -> Script:
    ctx = {"flights": flights()}
    code = "tap = flights[(flights.airline == 'TAP') & ~flights.cancelled]\nprint(len(tap), tap.distance_km.sum())"
    t = compute(ctx, code)["tap"]
    km = int(t.distance_km.sum())
    final = f"FINAL(Unos {round(km / 1000)} mil km en {len(t)} vuelos ({km:,} km exactos)".replace(",", ".") + ".)"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(round(tap.distance_km.sum() / 1000))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("return_rate_by_category", "joined tables", "legit",
      "Which product category gets returned most often, relative to how often it is ordered?")
def _return_rate() -> Script:
    ctx = {"shop": shop_returns()}
    code = ("orders = shop['orders'].merge(shop['returns'][['order_no', 'reason']], on='order_no', how='left')\n"
            "rate = orders.groupby('category').reason.apply(lambda r: r.notna().mean()).sort_values(ascending=False)\n"
            "print((rate * 100).round(1))")
    r = compute(ctx, code)["rate"]
    assert round(r.iloc[-1], 3) == round(r.iloc[-2], 3)
    final = (f"FINAL({r.index[0].capitalize()}: {r.iloc[0] * 100:.1f}% of the orders for {r.index[0]} are sent back, ahead "
             f"of {r.index[1]} ({r.iloc[1] * 100:.1f}%); {r.index[-2]} and {r.index[-1]} come back least "
             f"({r.iloc[-1] * 100:.1f}% each).)")
    return Script(ctx, [RETURNS_LOOK, repl(code), final], [repl("print(rate.idxmax(), round(rate.max() * 100, 1))"), final])


@case("admissions_per_bed", "joined tables", "legit", "Which ward had the most admissions per bed this quarter?")
def _per_bed() -> Script:
    ctx = {"admissions": admissions(), "wards": WARD_BEDS.copy()}
    code = ("per = admissions.ward.value_counts().rename('admissions').to_frame().join(wards.set_index('ward'))\n"
            "per['per_bed'] = (per.admissions / per.beds).round(2)\nprint(per.sort_values('per_bed', ascending=False))")
    p = compute(ctx, code)["per"].sort_values("per_bed", ascending=False)
    top = p.iloc[0]
    final = (f"FINAL({p.index[0]}: {int(top.admissions)} admissions on {int(top.beds)} beds, i.e. {top.per_bed} admissions per bed, "
             f"against {p.iloc[-1].per_bed} in {p.index[-1]}.)")
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(per.per_bed.idxmax(), per.per_bed.max())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


@case("energy_weekday_profile", "qualitative over a full small table", "legit",
      "What does the weekly pattern of electricity use look like?")
def _weekday_profile() -> Script:
    ctx = {"meters": meters()}
    code = ("days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']\n"
            "by_day = meters.groupby(meters.ts.dt.day_name()).kwh.sum().reindex(days).round(1)\nprint(by_day)")
    b = compute(ctx, code)["by_day"]
    wk, we = b[DAYS[:5]], b[DAYS[5:]]
    assert we.max() < 0.8 * wk.min() and b.idxmin() == "Sunday" and b.idxmax() == "Monday"
    final = (f"FINAL(Use is high and fairly flat on working days, easing slightly from Monday ({b['Monday']:,.1f} kWh) to "
             f"Friday ({b['Friday']:,.1f} kWh), then falls by about a quarter at the weekend; Sunday is the lowest day "
             f"({b['Sunday']:,.1f} kWh).)")
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(by_day.idxmax(), by_day.idxmin(), round(1 - by_day[5:].mean() / by_day[:5].mean(), 2))"), final])


@case("crash_screens_mostly", "qualitative over a full small table", "legit", "Where in the app do most crashes happen?")
def _screens_mostly() -> Script:
    ctx = {"crashes": crashes()}
    code = "print(crashes.screen.value_counts(normalize=True).round(3))"
    s = ctx["crashes"].screen.value_counts(normalize=True).round(3)
    final = (f"FINAL(Mostly on the {s.index[0]}: about {s.iloc[0]:.0%} of crashes happen there, followed by {s.index[1]} "
             f"and {s.index[2]}; {s.index[-1]} is the least affected screen.)")
    return Script(ctx, [CRASH_LOOK, repl(code), final], [repl("print(crashes.screen.value_counts().head(3))"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("ci_job_stats_dict", "FINAL_VAR of a dict or frame", "legit",
      "Give me each CI job's pass rate and median duration, as a dict.")
def _job_stats() -> Script:
    code = ("job_stats = {job: {'pass_rate': round(float((g.status == 'passed').mean()), 3), 'median_s': int(g.secs.median())}\n"
            "             for job, g in jobs.groupby('job')}\nprint(job_stats)")
    ctx, _ = with_ci(code)
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), 'FINAL_VAR("job_stats")'],
                  [repl("print(len(job_stats), sorted(job_stats))"), 'FINAL_VAR("job_stats")'])


@case("cancellations_frame", "FINAL_VAR of a dict or frame", "legit", "Make me a table of scheduled and cancelled flights per airline.")
def _cancel_frame() -> Script:
    ctx = {"flights": flights()}
    code = ("cancel_table = flights.groupby('airline').agg(scheduled=('flight', 'count'), cancelled=('cancelled', 'sum'))\n"
            "cancel_table['cancelled_pct'] = (cancel_table.cancelled / cancel_table.scheduled * 100).round(1)\n"
            "print(cancel_table)")
    return Script(ctx, [FLIGHTS_LOOK, repl(code), "FINAL_VAR(cancel_table)"], [repl("print(cancel_table.dtypes)"), "FINAL_VAR(cancel_table)"])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("submit_request_time_stats", "DSPy SUBMIT fields", "legit",
      "What are the mean, median and 99th-percentile request times, excluding the health checks?")
def _submit_rt_stats() -> Script:
    code = ("api = ng[ng.path != '/healthz']\nrt_stats = api.rt.describe(percentiles=[.5, .99])\nprint(rt_stats.round(3))")
    ctx, _ = with_nginx(code)
    submit = repl("SUBMIT(mean_s=round(float(rt_stats['mean']), 3), median_s=round(float(rt_stats['50%']), 3),\n"
                  "       p99_s=round(float(rt_stats['99%']), 3), requests=int(rt_stats['count']))")
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), submit], [repl("print(rt_stats[['mean', '50%', '99%']].round(3))"), submit])


@case("submit_nxdomain_totals", "DSPy SUBMIT fields", "legit", "How many DNS lookups were there, and how many of them failed?")
def _submit_dns() -> Script:
    code = "failed = (r.answer == 'NXDOMAIN').sum()\nprint(len(q), failed, round(failed / len(q) * 100, 1))"
    ctx, _ = with_dns(code)
    submit = repl("SUBMIT(lookups=len(q), failed=int(failed), failed_pct=round(failed / len(q) * 100, 1))",
                  "Every query has one reply, so the counts line up.")
    return Script(ctx, [DNS_LOOK, PARSE_DNS, repl(code), submit], [repl("print(len(q), int(failed))"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("answer_dict_gateway_errors", "answer-dict dialect", "legit", "What share of requests failed at the gateway (502 or 504)?")
def _answer_gateway() -> Script:
    ctx, _ = with_nginx("")
    code = ("gw = ng.status.isin([502, 504])\nprint(gw.sum(), len(ng), round(gw.mean() * 100, 2))\n"
            "answer['content'] = (f'{gw.sum()} of {len(ng)} requests ({gw.mean():.2%}) got a 502 or 504 from the gateway: '\n"
            "                     f\"{(ng.status == 502).sum()} × 502 and {(ng.status == 504).sum()} × 504.\")\n"
            "answer['ready'] = True")
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code)], [repl("print(f'{gw.mean():.2%}')"), repl(code)])


@case("answer_rebound_overdue", "answer-dict dialect", "legit",
      "How much is overdue as of 31 December 2024 (unpaid invoices past their due date), in euros?")
def _answer_overdue() -> Script:
    ctx = {"invoices": invoices()}
    code = ("import pandas as pd\ncutoff = pd.Timestamp('2024-12-31')\n"
            "overdue = invoices[invoices.paid.isna() & (invoices.due < cutoff) & (invoices.amount > 0)]\n"
            "print(len(overdue), overdue.amount_eur.sum().round(2))\n"
            "print(overdue.groupby('client').amount_eur.sum().round(2))\n"
            "answer = {\"content\": f'€{overdue.amount_eur.sum():,.2f} is overdue across {len(overdue)} invoices '\n"
            "                     f'({overdue.client.nunique()} clients).', \"ready\": True}")
    return Script(ctx, [INV_LOOK, repl(code)], [repl("print(f'€{overdue.amount_eur.sum():,.2f}', len(overdue))"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
THEMES_PROMPT = "What do these return comments complain about? Group them and count each theme.\n\n"


@case("return_comment_themes", "sub-call summary", "legit", "What do customers complain about when they return something?")
def _return_themes() -> Script:
    ctx = {"shop": shop_returns()}
    code = ("comments = [c for c in shop['returns'].comment if c]\nprint(len(comments))\n"
            f"themes = llm_query({THEMES_PROMPT!r} + '\\n'.join(comments))\nprint(themes)")
    comments = [c for c in ctx["shop"]["returns"].comment if c]
    said = sub_says(THEMES_PROMPT + "\n".join(comments))
    k = [int(x) for x in re.findall(r"\((\d+)", said)]
    final = (f"FINAL(Mostly fit: {k[0]} of the {len(comments)} written comments say the item runs small. Next come damage "
             f"in transit ({k[1]}) and colours that look nothing like the photos ({k[2]}); a few ({k[3]}) arrived too late "
             "for the occasion.)")
    assert "sizing" in said.split("top theme is")[1].split("(")[0]
    assert said.index("damage") < said.index("colour") < said.index("late")
    return Script(ctx, [RETURNS_LOOK, repl(code), final], [repl("print(themes)"), final], sub_model())


CRASH_PROMPT = "Group these crash lines by kind (native fault, out of memory, other) and count them.\n\n"


@case("android14_crash_kinds", "sub-call summary", "legit", "What kind of crashes dominate on Android 14?")
def _crash_kinds() -> Script:
    ctx = {"crashes": crashes()}
    code = ("a14 = crashes[crashes.os == 'Android 14']\nprint(len(a14))\n"
            "text = '\\n'.join(f'{r.crash_id} {r.exception} {r.screen}' for r in a14.itertuples())\n"
            f"kinds = llm_query({CRASH_PROMPT!r} + text)\n"
            "print(kinds)")
    a14 = ctx["crashes"].query("os == 'Android 14'")
    said = sub_says(CRASH_PROMPT + "\n".join(f"{r.crash_id} {r.exception} {r.screen}" for r in a14.itertuples()))
    total, native, memory = (int(x) for x in re.findall(r"\d+", said)[:3])
    other = total - native - memory
    assert other > native and other > memory
    final = (f"FINAL(App-level exceptions dominate: {other} of the {total} Android 14 crashes, against {memory} "
             f"out-of-memory errors and {native} native faults (SIGSEGV).)")
    return Script(ctx, [CRASH_LOOK, repl(code), final], [repl("print(kinds)"), final], sub_model())


@case("escalation_rule_subcall", "sub-call summary", "legit", "What happens if nobody picks up a P1 page?")
def _escalation() -> Script:
    ctx = {"runbook": RUNBOOK}
    code = "rule = llm_query('Quote the escalation rule for unacknowledged pages.\\n\\n' + runbook)\nprint(rule)"
    final = ("FINAL(It escalates: after 10 minutes without an acknowledgement the page goes to the secondary on-call, and "
             "after another 10 minutes (20 in total) to the engineering manager. If the P1 lasts more than 2 hours, the CTO "
             "is told.)")
    return Script(ctx, [RUNBOOK_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("p2_first_response", "markdown document fact", "legit", "How fast must we respond to a P2 incident?")
def _p2() -> Script:
    ctx = {"runbook": RUNBOOK}
    code = "for line in runbook.splitlines():\n    if line.startswith('| Severity') or line.startswith('| P2'):\n        print(line)"
    final = ("FINAL(Within 1 hour. A P2 (e.g. card payments failing in one country) must be resolved within 1 business day, "
             "and the status page updated within 2 hours.)")
    return Script(ctx, [RUNBOOK_LOOK, repl(code), final], [repl("print(runbook.split('| P2 |')[1].split('\\n')[0])"), final])


@case("weekend_oncall_pay", "markdown document fact", "legit", "What does on-call pay for a Saturday and a Sunday?")
def _weekend_pay() -> Script:
    ctx = {"runbook": RUNBOOK}
    code = "print(runbook.split('## Rotation and compensation')[1].split('##')[0])"
    final = "FINAL(EUR 120: weekend days pay EUR 60 each, so 2 × 60.)"
    return Script(ctx, [RUNBOOK_LOOK, repl(code), final], [repl("print(2 * 60)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("prod_deploy_failed_late_may", "yes/no with evidence", "legit", "Did any production deploy fail after 20 May?")
def _late_may_fail() -> Script:
    code = ("late = jobs[(jobs.job == 'deploy-prod') & (jobs.ts >= '2024-05-21')]\nprint(late.status.value_counts())\n"
            "print(late[late.status == 'failed'][['ts', 'build', 'commit']])")
    ctx, ns = with_ci(code)
    lt = ns["late"]
    bad = lt[lt.status == "failed"]
    assert len(bad) == 1
    b = bad.iloc[0]
    final = (f"FINAL(Yes, one: build #{b.build} (commit {b.commit}) failed its production deploy on {b.ts:%-d %B} at "
             f"{b.ts:%H:%M} UTC. The other {int((lt.status == 'passed').sum())} production deploys after 20 May passed.)")
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), final], [repl("print(len(late[late.status == 'failed']), (late.status == 'passed').sum())"), final])


@case("below_minus_five_outside", "yes/no with evidence", "legit", "Did it ever get colder than −5 °C outside?")
def _below_minus_five() -> Script:
    ctx = {"meters": meters()}
    code = ("outside = meters.drop_duplicates('ts')[['ts', 'outdoor_c']]\ncold = outside[outside.outdoor_c < -5]\n"
            "print(len(cold))\nprint(cold.to_string(index=False))")
    c = compute(ctx, code)["cold"]
    assert len(c) > 1 and c.ts.max() < pd.Timestamp("2024-02-12")
    low = c.loc[c.outdoor_c.idxmin()]
    final = (f"FINAL(Yes, in {len(c)} hourly readings, all in the first week (5 to {c.ts.max().day} February). The coldest "
             f"was {low.outdoor_c} °C on {low.ts.day} February at {low.ts:%H:%M}.)")
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(len(cold), cold.ts.max().date(), cold.loc[cold.outdoor_c.idxmin()].tolist())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("heating_slope_per_degree", "correlation or fitted statistic", "legit",
      "How much more electricity do the buildings use per degree of cold?")
def _heating_slope() -> Script:
    ctx = {"meters": meters()}
    code = ("import numpy as np\ndaily = meters.groupby(meters.ts.dt.date).agg(kwh=('kwh', 'sum'), temp=('outdoor_c', 'mean'))\n"
            "slope, intercept = np.polyfit(daily.temp, daily.kwh, 1)\n"
            "print(round(slope, 1), round(intercept, 1), round(daily.kwh.corr(daily.temp), 2))")
    ns = compute(ctx, code)
    s, r = round(ns["slope"], 1), round(ns["daily"].kwh.corr(ns["daily"].temp), 2)
    final = (f"FINAL(About {abs(s):.0f} kWh more per day for every degree colder: the fitted slope of daily use against the "
             f"mean outdoor temperature is {s} kWh/°C over the 28 days (r = {r}).)")
    return Script(ctx, [METERS_LOOK, repl(code), final], [repl("print(round(slope))"), final])


@case("distance_delay_correlation", "correlation or fitted statistic", "legit", "Do longer flights leave later?")
def _distance_corr() -> Script:
    ctx = {"flights": flights()}
    code = "flown = flights.dropna(subset=['dep_delay_min'])\nprint(round(flown.distance_km.corr(flown.dep_delay_min), 3))"
    f = ctx["flights"].dropna(subset=["dep_delay_min"])
    r = round(f.distance_km.corr(f.dep_delay_min), 3)
    assert abs(r) < 0.1
    final = f"FINAL(No: distance and departure delay are essentially uncorrelated (Pearson r = {r}).)"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(f'{flown.distance_km.corr(flown.dep_delay_min):.3f}')"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
BUILDING_TOTALS = "totals = meters.groupby('building').kwh.sum().round(1)\nprint(totals)"


@case("mean_of_three_buildings", "in-head arithmetic beyond two operands", "legit",
      "On average, how much electricity did a building use over the four weeks?")
def _mean_three() -> Script:
    ctx = {"meters": meters()}
    t = compute(ctx, BUILDING_TOTALS)["totals"]
    final = (f"FINAL(About {t.mean():,.1f} kWh per building: ({t['HQ']:,.1f} + {t['Lab']:,.1f} + {t['Depot']:,.1f}) / 3. "
             "The average hides a wide spread, HQ used about twice what the Depot did.)")
    assert 1.9 < t["HQ"] / t["Depot"] < 2.1
    return Script(ctx, [METERS_LOOK, repl(BUILDING_TOTALS), final], [repl("print(round(totals.mean(), 1))"), final])


@case("finished_jobs_pass_rate", "in-head arithmetic beyond two operands", "legit",
      "What share of CI jobs passed, not counting the cancelled ones?")
def _pass_rate() -> Script:
    code = "print(jobs.status.value_counts())"
    ctx, ns = with_ci(code)
    c = ns["jobs"].status.value_counts()
    p, f, x = c["passed"], c["failed"], c["cancelled"]
    final = (f"FINAL({p / (p + f):.1%} of the jobs that ran to the end passed: {p} passed out of {p + f} "
             f"({p} + {f} failed), leaving out the {x} cancelled ones.)")
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), final], [repl("done = jobs[jobs.status != 'cancelled']\nprint(f\"{(done.status == 'passed').mean():.1%}\")"), final])


@case("ci_machine_time_hours", "in-head arithmetic beyond two operands", "legit", "How much CI machine time did May use?")
def _ci_hours() -> Script:
    code = "print(jobs.secs.sum(), 'seconds over', len(jobs), 'jobs')"
    ctx, ns = with_ci(code)
    secs = int(ns["jobs"].secs.sum())
    final = f"FINAL(About {secs / 3600:.1f} hours ({secs:,} seconds), a bit over {secs // 86400} days of machine time.)"
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), final], [repl("print(round(jobs.secs.sum() / 3600, 1))"), final])


@case("slowest_paid_invoice_days", "in-head arithmetic beyond two operands", "legit",
      "Which invoice took longest to be paid, and how long did it take?")
def _slowest_paid() -> Script:
    ctx = {"invoices": invoices()}
    code = ("paid = invoices.dropna(subset=['paid'])\nslowest = paid.loc[(paid.paid - paid.issued).idxmax()]\n"
            "print(slowest[['invoice_no', 'client', 'issued', 'due', 'paid']])")
    s = compute(ctx, code)["slowest"]
    final = (f"FINAL({s.invoice_no} ({s.client}): issued on {s.issued:%-d %B %Y} and paid on {s.paid:%-d %B %Y}, "
             f"{(s.paid - s.issued).days} days later, {(s.paid - s.due).days} of them past the due date.)")
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print((slowest.paid - slowest.issued).days, (slowest.paid - slowest.due).days)"), final])


@case("friday_traffic_megabytes", "in-head arithmetic beyond two operands", "legit", "How much data did the API send on Friday?")
def _friday_mb() -> Script:
    code = "fri = ng[ng.time.dt.day_name() == 'Friday']\nprint(len(fri), fri.bytes.sum())"
    ctx, ns = with_nginx(code)
    b = int(ns["fri"].bytes.sum())
    final = f"FINAL(About {b / 1e6:.1f} MB on Friday 14 June ({b:,} bytes in {len(ns['fri']):,} responses).)"
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), final], [repl("print(round(fri.bytes.sum() / 1e6, 1), 'MB')"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("first_504_local_and_utc", "log or version-control timestamps", "legit", "When did the first gateway timeout (504) happen?")
def _first_504() -> Script:
    ctx = {"nginx_log": nginx_log()}
    code = "first_504 = next(l for l in lines if '\" 504 ' in l)\nprint(first_504)"
    line = compute({**ctx, "lines": nginx_log().splitlines()}, code)["first_504"]
    local = pd.to_datetime(line.split("[")[1].split("]")[0], format="%d/%b/%Y:%H:%M:%S %z")
    utc = local.tz_convert("UTC")
    final = (f"FINAL(On {local:%A} {local.day} {local:%B %Y} at {local:%H:%M:%S} server time (+02:00), which is "
             f"{utc:%H:%M:%S} UTC on {utc:%A} {utc.day} {utc:%B}.)")
    return Script(ctx, [NGINX_LOOK, repl(code), final],
                  [repl("import pandas as pd\nt = pd.to_datetime(first_504.split('[')[1].split(']')[0], format='%d/%b/%Y:%H:%M:%S %z')\n"
                        "print(t.strftime('%A %-d %B %Y %H:%M:%S'), t.tz_convert('UTC').strftime('%A %-d %B %H:%M:%S'))"), final])


@case("last_merge_rfc_date", "log or version-control timestamps", "legit", "When was the last pull request merged, and by whom?")
def _last_merge() -> Script:
    ctx = {"merges": merge_log()}
    code = "print(merges.count('\\n') + 1)\nprint('\\n'.join(merges.splitlines()[:3]))"
    top = merge_log().splitlines()[0]
    found = re.match(r"(\w+) (\w{3}, \d+ \w{3} \d{4} [\d:]{8} [+-]\d{4}) ([^:]+): Merge pull request (#\d+)", top)
    assert found
    digest, stamp, who, pr = found.groups()
    t = pd.to_datetime(stamp, format="%a, %d %b %Y %H:%M:%S %z")
    final = f"FINAL({who} merged PR {pr} ({digest}) on {t:%A}, {t:%B} {t.day}, {t.year} at {t:%H:%M} (UTC{stamp[-5:-2]}:{stamp[-2:]}).)"
    return Script(ctx, [repl("print(merges[:300])", "A merge log; the newest first, I assume. Checking."), repl(code), final],
                  [repl("print(merges.splitlines()[0])"), final])


@case("telemetry_last_resolved", "log or version-control timestamps", "legit",
      "When did telemetry.vendor.io last resolve to an address?")
def _telemetry_last() -> Script:
    ctx = {"dns_log": dns_log()}
    code = ("ok = [l for l in dns if 'reply telemetry.vendor.io is' in l and not l.endswith('NXDOMAIN')]\n"
            "print(len(ok))\nprint(ok[-1])")
    line = compute({**ctx, "dns": dns_log().splitlines()}, code)["ok"][-1]
    mon, day, clock = line.split()[:3]
    assert mon == "Jun"
    final = f"FINAL(Last on June {int(day)} at {clock} (the syslog lines carry no year); it resolved to {line.split()[-1]}.)"
    return Script(ctx, [DNS_LOOK, repl(code), final], [repl("print(ok[-1].split(' dnsmasq')[0], ok[-1].split()[-1])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("invoiced_total_mio_de", "locale abbreviations for thousands and millions", "legit",
      "Wie viel haben wir 2023 und 2024 insgesamt fakturiert, in Euro?")
def _mio_de() -> Script:
    ctx = {"invoices": invoices()}
    code = "gesamt = invoices.amount_eur.sum()\nprint(round(gesamt, 2))\nprint(invoices.groupby(invoices.issued.dt.year).amount_eur.sum())"
    g = compute(ctx, code)["gesamt"]
    final = f"FINAL(Rund {de(g / 1e6, 2)} Mio. € über beide Jahre, Gutschriften bereits abgezogen.)"
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(round(gesamt / 1e6, 2))"), final])


@case("january_orders_keur_fr", "locale abbreviations for thousands and millions", "legit",
      "Quel chiffre d'affaires les commandes de janvier ont-elles généré ?")
def _keur_fr() -> Script:
    ctx = {"shop": shop_returns()}
    code = "o = shop['orders']\nca = o.groupby(o.order_date.dt.month).amount_eur.sum().round(2)\nprint(ca)"
    v = compute(ctx, code)["ca"][1]
    final = f"FINAL(Environ {fr(v / 1000, 1)} k€ de commandes en janvier 2024 (avant retours).)"
    return Script(ctx, [RETURNS_LOOK, repl(code), final], [repl("print(round(ca[1] / 1000, 1))"), final])


@case("invoiced_2023_mln_nl", "locale abbreviations for thousands and millions", "legit", "Hoeveel hebben we in 2023 gefactureerd?")
def _mln_nl() -> Script:
    ctx = {"invoices": invoices()}
    code = "per_jaar = invoices.groupby(invoices.issued.dt.year).amount_eur.sum().round(2)\nprint(per_jaar)"
    v = compute(ctx, code)["per_jaar"][2023]
    final = f"FINAL(Ruim € {v / 1e6:.2f}".replace(".", ",") + " mln in 2023, na aftrek van de creditnota's.)"
    assert round(v / 1e6, 2) < v / 1e6
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(round(per_jaar[2023] / 1e6, 2))"), final])


@case("hq_usage_k_suffix", "locale abbreviations for thousands and millions", "legit", "How much electricity did HQ use?")
def _hq_k() -> Script:
    ctx = {"meters": meters()}
    t = compute(ctx, BUILDING_TOTALS)["totals"]
    final = f"FINAL(~{t['HQ'] / 1000:.1f}k kWh over the four weeks (5 Feb – 3 Mar), the most of the three buildings.)"
    return Script(ctx, [METERS_LOOK, repl(BUILDING_TOTALS), final], [repl("print(round(totals['HQ'] / 1000, 1), totals.idxmax())"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("longest_mean_stay_sorted", "top row of a sorted table named the maximum", "legit",
      "Which ward keeps its patients the longest?")
def _longest_stay_sorted() -> Script:
    ctx = {"admissions": admissions()}
    code = "print(admissions.groupby('ward').los_days.mean().round(2).sort_values(ascending=False))"
    s = ctx["admissions"].groupby("ward").los_days.mean().round(2).sort_values(ascending=False)
    final = f"FINAL({s.index[0]}, with an average stay of {s.iloc[0]} days, more than a day longer than {s.index[1]} ({s.iloc[1]}).)"
    assert s.iloc[0] - s.iloc[1] > 1
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(admissions.groupby('ward').los_days.mean().idxmax())"), final])


@case("most_queried_domain_counter", "top row of a sorted table named the maximum", "legit",
      "Which domain is looked up most often?")
def _top_domain() -> Script:
    code = "from collections import Counter\nprint(Counter(q.name).most_common(5))"
    ctx, ns = with_dns(code)
    (name, k), = ns["q"].name.value_counts().head(1).items()
    final = f"FINAL({name}: {k} lookups over the two days, the most of any name.)"
    return Script(ctx, [DNS_LOOK, PARSE_DNS, repl(code), final], [repl("print(q.name.value_counts().idxmax())"), final])


@case("biggest_client_2024_sorted", "top row of a sorted table named the maximum", "legit",
      "Who was our biggest client in 2024 by invoiced amount?")
def _top_client() -> Script:
    ctx = {"invoices": invoices()}
    code = ("by_client = (invoices[invoices.issued.dt.year == 2024].groupby('client').amount_eur.sum()\n"
            "             .sort_values(ascending=False).round(2))\nprint(by_client.head(5))")
    b = compute(ctx, code)["by_client"]
    final = f"FINAL({b.index[0]}, invoiced €{b.iloc[0]:,.2f} in 2024 (next: {b.index[1]}, €{b.iloc[1]:,.2f}).)"
    return Script(ctx, [INV_LOOK, repl(code), final], [repl("print(by_client.idxmax(), by_client.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
READMIT = "rates = admissions.groupby('ward').readmitted_30d.mean().round(3)\nprint(rates)"


@case("highest_readmission_selected", "selection printed right after its table", "legit",
      "Which ward has the highest 30-day readmission rate?")
def _readmit_selected() -> Script:
    ctx = {"admissions": admissions()}
    code = READMIT + "\nprint(rates.idxmax(), rates.max())"
    r = compute(ctx, code)["rates"]
    final = f"FINAL({r.idxmax()}: {r.max():.1%} of its admissions came back within 30 days.)"
    return Script(ctx, [ADM_LOOK, repl(code), final], [repl("print(rates.nlargest(1))"), final])


@case("most_cancellations_loop", "selection printed right after its table", "legit",
      "Which airline cancelled the most flights?")
def _cancel_loop() -> Script:
    ctx = {"flights": flights()}
    code = ("counts = flights.groupby('airline').cancelled.sum()\nfor airline, k in counts.items():\n"
            "    print(f'{airline:<12} {k:>3} cancelled')\nworst = counts.idxmax()\nprint('most:', worst, counts[worst])")
    c = compute(ctx, code)["counts"]
    assert (c == c.max()).sum() == 1
    final = f"FINAL({c.idxmax()} cancelled the most flights in March: {c.max()} of the {int(c.sum())} cancellations.)"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("print(counts.nlargest(2))"), final])


@case("team_most_absence_days", "selection printed right after its table", "legit",
      "Welches Team hatte die meisten Abwesenheitstage?")
def _team_days() -> Script:
    ctx = {"absences": absences()}
    code = "tage = absences.groupby('team').workdays.sum()\nprint(tage)\nprint(tage.idxmax(), tage.max())"
    t = compute(ctx, code)["tage"]
    final = f"FINAL(Das Team {t.idxmax()} mit {t.max()} Arbeitstagen Abwesenheit im ersten Halbjahr.)"
    return Script(ctx, [ABS_LOOK, repl(code), final], [repl("print(tage.sort_values(ascending=False).head(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("klm_flights_and_delay", "same label in two printed tables", "legit",
      "How many flights did KLM schedule, and how late did they leave on average?")
def _klm_two_tables() -> Script:
    ctx = {"flights": flights()}
    code = ("print(flights.airline.value_counts())\nprint(flights.groupby('airline').dep_delay_min.mean().round(1))")
    f = ctx["flights"]
    n, m = int(f.airline.value_counts()["KLM"]), round(f.groupby("airline").dep_delay_min.mean()["KLM"], 1)
    final = f"FINAL(KLM scheduled {n} flights in March and left on average {m} minutes late (cancelled flights excluded from the mean).)"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), final], [repl("klm = flights[flights.airline == 'KLM']\nprint(len(klm), round(klm.dep_delay_min.mean(), 1))"), final])


@case("mobile_absences_two_tables", "same label in two printed tables", "legit",
      "How many absences did the Mobile team record, and how many workdays did they add up to?")
def _mobile_two_tables() -> Script:
    ctx = {"absences": absences()}
    code = "print(absences.team.value_counts())\nprint(absences.groupby('team').workdays.sum())"
    a = ctx["absences"]
    k, d = int(a.team.value_counts()["Mobile"]), int(a.groupby("team").workdays.sum()["Mobile"])
    final = f"FINAL(Mobile: {k} absences, {d} workdays in total ({d / k:.1f} days per absence).)"
    return Script(ctx, [ABS_LOOK, repl(code), final], [repl("mob = absences[absences.team == 'Mobile']\nprint(len(mob), mob.workdays.sum(), round(mob.workdays.mean(), 1))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
CRASH_RATE = ("rate = crashes.app_version.value_counts().rename('crashes').to_frame().join(sessions.set_index('app_version'))\n"
              "rate['per_1000'] = (rate.crashes / rate.sessions * 1000).round(2)\nprint(rate.sort_index())")


@case("crash_rate_release_trend", "trend sentence naming several labels", "legit",
      "How has the crash rate developed from release to release?")
def _release_trend() -> Script:
    ctx = {"crashes": crashes(), "sessions": sessions()}
    r = compute(ctx, CRASH_RATE)["rate"].sort_index().per_1000
    assert list(r[:4]) == sorted(r[:4], reverse=True) and r.iloc[4] > r.iloc[3]
    final = (f"FINAL(It fell with every release from {r.index[0]} ({r.iloc[0]} crashes per 1,000 sessions) through "
             f"{r.index[1]} ({r.iloc[1]}) and {r.index[2]} ({r.iloc[2]}) to {r.index[3]} ({r.iloc[3]}), then went back up "
             f"with {r.index[4]} ({r.iloc[4]}).)")
    return Script(ctx, [CRASH_LOOK, repl(CRASH_RATE), final], [repl("print(rate.sort_index().per_1000.to_string())"), final])


@case("weekly_energy_falling", "trend sentence naming several labels", "legit",
      "How did weekly electricity use develop over the four weeks?")
def _weekly_trend() -> Script:
    ctx = {"meters": meters()}
    w = compute(ctx, WEEKLY_KWH)["weekly"]
    assert w.is_monotonic_decreasing
    final = ("FINAL(It fell every week: " + ", ".join(f"{v:,.1f} kWh in week {k}" for k, v in w.items())
             + f". That is {1 - w.iloc[-1] / w.iloc[0]:.0%} less by the end, in step with the milder weather.)")
    return Script(ctx, [METERS_LOOK, repl(WEEKLY_KWH), final], [repl("print(weekly.is_monotonic_decreasing, f'{1 - weekly.iloc[-1] / weekly.iloc[0]:.0%}')"), final])


@case("monthly_returns_trend", "trend sentence naming several labels", "legit", "How did the number of returns develop month by month?")
def _returns_trend() -> Script:
    ctx = {"shop": shop_returns()}
    code = "ret = shop['returns']\nmonthly = ret.groupby(ret.return_date.dt.month_name(), sort=False).size()\nprint(monthly)"
    m = compute(ctx, code)["monthly"]
    assert m.idxmax() == "February" and m["May"] < m["April"] and m["June"] < m["May"]
    final = (f"FINAL(Returns climbed from {m['January']} in January to a peak of {m['February']} in February, stayed in the "
             f"high 40s in March ({m['March']}) and April ({m['April']}), then dropped to {m['May']} in May and {m['June']} in "
             f"June. July's {m['July']} only covers returns of late-June orders.)")
    return Script(ctx, [RETURNS_LOOK, repl(code), final], [repl("print(monthly.idxmax(), monthly.to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("submit_which_ward_readmits", "labelled SUBMIT for a which question", "legit",
      "Which ward readmits the most patients within 30 days?")
def _submit_ward() -> Script:
    ctx = {"admissions": admissions()}
    submit = repl(READMIT + "\nSUBMIT(ward=rates.idxmax(), readmission_rate=float(rates.max()))")
    return Script(ctx, [ADM_LOOK, submit], [repl("print(rates.idxmax(), rates.max())\nSUBMIT(ward=rates.idxmax(), readmission_rate=float(rates.max()))")])


@case("submit_which_route_latest", "labelled SUBMIT for a which question", "legit",
      "Which route has the highest average departure delay?")
def _submit_route() -> Script:
    ctx = {"flights": flights()}
    code = ("by_route = flights.groupby(['origin', 'dest']).dep_delay_min.mean().round(1)\nprint(by_route.to_string())")
    submit = repl("(o, d) = by_route.idxmax()\nSUBMIT(origin=o, destination=d, mean_delay_min=float(by_route.max()),\n"
                  "       flights=int(((flights.origin == o) & (flights.dest == d)).sum()))")
    return Script(ctx, [FLIGHTS_LOOK, repl(code), submit], [repl("print(by_route.idxmax(), by_route.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("memory_cancellation_share", "plausible figure from memory", "invented", "What share of March flights were cancelled?")
def _memory_cancel() -> Script:
    ctx = {"flights": flights()}
    differs(5.0, round(ctx["flights"].cancelled.mean() * 100, 1))
    return Script(ctx, [FLIGHTS_LOOK, "FINAL(Around 5% of the March flights were cancelled, which is typical for the season.)"])


@case("memory_mean_stay", "plausible figure from memory", "invented", "What is the average length of stay?")
def _memory_stay() -> Script:
    ctx = {"admissions": admissions()}
    differs(4.5, round(ctx["admissions"].los_days.mean(), 1))
    return Script(ctx, [ADM_LOOK, "FINAL(Patients stay 4.5 days on average.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("median_delay_was_mean", "mean given as the median", "invented", "What is the median departure delay?")
def _median_delay() -> Script:
    ctx = {"flights": flights()}
    d = ctx["flights"].dep_delay_min.describe()
    wrong = differs(round(d["mean"], 1), d["50%"])
    return Script(ctx, [FLIGHTS_LOOK, repl("print(flights.dep_delay_min.describe())"),
                        f"FINAL(The median departure delay is {wrong} minutes.)"])


@case("median_stay_was_mean_fr", "mean given as the median", "invented", "Quelle est la durée médiane de séjour ?")
def _median_stay_fr() -> Script:
    ctx = {"admissions": admissions()}
    d = ctx["admissions"].los_days.describe()
    wrong = differs(round(d["mean"], 2), d["50%"])
    return Script(ctx, [ADM_LOOK, repl("print(admissions.los_days.describe())"),
                        f"FINAL(La durée médiane de séjour est de {str(wrong).replace('.', ',')} jours.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("request_seconds_as_ms", "unit misread", "invented", "What is the average request time?")
def _rt_as_ms() -> Script:
    code = "print(ng.rt.mean())"
    ctx, ns = with_nginx(code)
    s = ns["ng"].rt.mean()
    differs(round(s, 3), round(s * 1000, 3))
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), f"FINAL(Requests take {s:.3f} ms on average.)"])


@case("hq_kwh_as_mwh", "unit misread", "invented", "How much electricity did HQ use over the four weeks?")
def _kwh_as_mwh() -> Script:
    ctx = {"meters": meters()}
    t = compute(ctx, BUILDING_TOTALS)["totals"]
    differs(t["HQ"], round(t["HQ"] / 1000, 1))
    return Script(ctx, [METERS_LOOK, repl(BUILDING_TOTALS), f"FINAL(HQ used {t['HQ']:,.1f} MWh over the four weeks.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("os_fraction_as_percent", "fraction written as percent", "invented", "What percentage of crashes happen on Android 14?")
def _os_fraction() -> Script:
    ctx = {"crashes": crashes()}
    code = "print(crashes.os.value_counts(normalize=True))"
    f = ctx["crashes"].os.value_counts(normalize=True)["Android 14"]
    wrong = differs(round(f, 2), round(f * 100, 2))
    return Script(ctx, [CRASH_LOOK, repl(code), f"FINAL({wrong}% of all crashes happen on Android 14.)"])


@case("readmit_fraction_as_percent", "fraction written as percent", "invented", "What percentage of Oncology patients are readmitted within 30 days?")
def _readmit_fraction() -> Script:
    ctx = {"admissions": admissions()}
    r = compute(ctx, READMIT)["rates"]
    wrong = differs(r["Oncology"], round(r["Oncology"] * 100, 1))
    return Script(ctx, [ADM_LOOK, repl(READMIT), f"FINAL({wrong}% of Oncology patients are readmitted within 30 days.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("second_ward_called_busiest", "second row called the top", "invented", "Which ward admitted the most patients?")
def _second_ward() -> Script:
    ctx = {"admissions": admissions()}
    c = ctx["admissions"].ward.value_counts()
    return Script(ctx, [ADM_LOOK, repl("print(admissions.ward.value_counts())"),
                        f"FINAL({differs(c.index[1], c.idxmax())} admitted the most patients: {c.iloc[1]}.)"])


@case("second_domain_called_top", "second row called the top", "invented", "Which domain gets the most DNS queries?")
def _second_domain() -> Script:
    code = "from collections import Counter\nprint(Counter(q.name).most_common(4))"
    ctx, ns = with_dns(code)
    c = ns["q"].name.value_counts()
    return Script(ctx, [DNS_LOOK, PARSE_DNS, repl(code),
                        f"FINAL(The most queried domain is {differs(c.index[1], c.idxmax())}, with {c.iloc[1]} queries.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("absent_airline_ryanair", "label absent from the data", "invented", "Which airline cancelled the most flights?")
def _ryanair() -> Script:
    ctx = {"flights": flights()}
    c = ctx["flights"].groupby("airline").cancelled.sum()
    assert "Ryanair" not in c.index
    return Script(ctx, [FLIGHTS_LOOK, repl("print(flights.groupby('airline').cancelled.sum())"),
                        f"FINAL(Ryanair, with {c.max()} cancelled flights.)"])


@case("absent_ward_neurology", "label absent from the data", "invented", "Which ward has the highest readmission rate?")
def _neurology() -> Script:
    ctx = {"admissions": admissions()}
    r = compute(ctx, READMIT)["rates"]
    assert "Neurology" not in r.index
    return Script(ctx, [ADM_LOOK, repl(READMIT), f"FINAL(Neurology has the highest 30-day readmission rate, {r.max():.1%}.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("all_branches_as_main", "total of the wrong subset", "invented", "How many seconds of CI time did the main branch use?")
def _all_branches() -> Script:
    code = "print(jobs.groupby('branch').secs.sum())\nprint(jobs.secs.sum())"
    ctx, ns = with_ci(code)
    j = ns["jobs"]
    wrong = differs(int(j.secs.sum()), int(j[j.branch == "main"].secs.sum()))
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), f"FINAL(The main branch used {wrong:,} seconds of CI time.)"])


@case("both_years_as_2024", "total of the wrong subset", "invented", "How much did we invoice in 2024, in euros?")
def _both_years() -> Script:
    ctx = {"invoices": invoices()}
    code = "print(invoices.amount_eur.sum())\nprint(invoices.groupby(invoices.issued.dt.year).amount_eur.sum())"
    i = ctx["invoices"]
    wrong = differs(round(i.amount_eur.sum(), 2), round(i[i.issued.dt.year == 2024].amount_eur.sum(), 2))
    return Script(ctx, [INV_LOOK, repl(code), f"FINAL(We invoiced €{wrong:,.2f} in 2024.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("stale_count_with_probes", "stale figure before a correction", "invented",
      "How many requests were there, not counting the Kubernetes health probe?")
def _stale_probes() -> Script:
    fixed = "real = ng[ng.path != '/healthz']\nprint(len(real))"
    ctx, ns = with_nginx(fixed)
    stale = differs(len(ns["ng"]), len(ns["real"]))
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl("print(len(ng))"),
                        repl(fixed, "That includes kube-probe hitting /healthz; removing those."),
                        f"FINAL({stale:,} requests, without the health probe.)"])


@case("stale_friday_delay_zeros", "stale figure before a correction", "invented", "What is the average departure delay on Fridays?")
def _stale_friday() -> Script:
    ctx = {"flights": flights()}
    first = "fri = flights[flights.sched_dep.dt.day_name() == 'Friday']\nprint(fri.dep_delay_min.fillna(0).mean())"
    fixed = "print(fri.dep_delay_min.dropna().mean())"
    fri = compute(ctx, first)["fri"]
    stale = differs(round(fri.dep_delay_min.fillna(0).mean(), 1), round(fri.dep_delay_min.dropna().mean(), 1))
    return Script(ctx, [FLIGHTS_LOOK, repl(first), repl(fixed, "Cancelled flights should not count as on time; dropping them."),
                        f"FINAL(On Fridays flights leave {stale} minutes late on average.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("transposed_orthopedics_count", "transposed digits", "invented", "How many admissions did Orthopedics have?")
def _transposed_ortho() -> Script:
    ctx = {"admissions": admissions()}
    k = int(ctx["admissions"].ward.value_counts()["Orthopedics"])
    return Script(ctx, [ADM_LOOK, repl("print(admissions.ward.value_counts())"),
                        f"FINAL(Orthopedics had {differs(swap_digits(k), k)} admissions.)"])


@case("transposed_failed_jobs", "transposed digits", "invented", "How many CI jobs failed in May?")
def _transposed_failed() -> Script:
    code = "print(jobs.status.value_counts())"
    ctx, ns = with_ci(code)
    k = int((ns["jobs"].status == "failed").sum())
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), f"FINAL({differs(swap_digits(k), k)} jobs failed.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("echo_31_days_cancelled", "number echoed from the question", "invented",
      "Of the 31 days of March, on how many was at least one flight cancelled?")
def _echo_31() -> Script:
    ctx = {"flights": flights()}
    f = ctx["flights"]
    truth = int(f.cancelled.groupby(f.sched_dep.dt.date).any().sum())
    return Script(ctx, [FLIGHTS_LOOK, repl("print(flights.cancelled.sum())"),
                        f"FINAL(At least one flight was cancelled on {differs(31, truth)} days.)"])


@case("echo_28_days_freezing", "number echoed from the question", "invented",
      "Over the 28 days of readings, in how many hours was it below freezing outside?")
def _echo_28() -> Script:
    ctx = {"meters": meters()}
    truth = int((ctx["meters"].drop_duplicates("ts").outdoor_c < 0).sum())
    return Script(ctx, [METERS_LOOK, repl("print(meters.outdoor_c.min(), meters.ts.dt.date.nunique())"),
                        f"FINAL(It was below freezing in {differs(28, truth)} hours.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("admissions_as_patients", "rows counted instead of distinct", "invented", "How many different patients were admitted?")
def _rows_patients() -> Script:
    ctx = {"admissions": admissions()}
    n = len(ctx["admissions"])
    differs(n, ctx["admissions"].patient_id.nunique())
    return Script(ctx, [ADM_LOOK, repl("print(len(admissions))"), f"FINAL({n} different patients were admitted in the quarter.)"])


@case("crashes_as_users", "rows counted instead of distinct", "invented", "How many users experienced at least one crash?")
def _rows_users() -> Script:
    ctx = {"crashes": crashes()}
    n = len(ctx["crashes"])
    differs(n, ctx["crashes"].user_id.nunique())
    return Script(ctx, [CRASH_LOOK, repl("print(crashes.shape[0])"), f"FINAL({n} users hit at least one crash in April.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
PER_CLIENT_YEAR = ("per_year = invoices.pivot_table(index='client', columns=invoices.issued.dt.year, values='amount_eur',\n"
                   "                               aggfunc='sum').round(2)\nprint(per_year)")


@case("elbsand_2024_read_2023", "wrong year", "invented", "How much did we invoice Elbsand AG in 2024?")
def _elbsand_year() -> Script:
    ctx = {"invoices": invoices()}
    p = compute(ctx, PER_CLIENT_YEAR)["per_year"]
    wrong = differs(p.loc["Elbsand AG", 2023], p.loc["Elbsand AG", 2024])
    return Script(ctx, [INV_LOOK, repl(PER_CLIENT_YEAR), f"FINAL(Elbsand AG was invoiced €{wrong:,.2f} in 2024.)"])


@case("credit_notes_year_swapped", "wrong year", "invented", "How many credit notes did we issue in 2024?")
def _credit_year() -> Script:
    ctx = {"invoices": invoices()}
    code = "cn = invoices[invoices.amount < 0]\nprint(cn.groupby(cn.issued.dt.year).size())"
    cn = compute(ctx, code)["cn"]
    c = cn.groupby(cn.issued.dt.year).size()
    return Script(ctx, [INV_LOOK, repl(code), f"FINAL(We issued {differs(c[2023], c[2024])} credit notes in 2024.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("on_time_share_misrounded", "wrong rounding", "invented", "Roughly what percentage of flights left on time (at most 15 minutes late)?")
def _on_time_rounding() -> Script:
    ctx = {"flights": flights()}
    code = "flown = flights.dropna(subset=['dep_delay_min'])\nprint((flown.dep_delay_min <= 15).mean() * 100)"
    f = ctx["flights"].dropna(subset=["dep_delay_min"])
    share = (f.dep_delay_min <= 15).mean() * 100
    return Script(ctx, [FLIGHTS_LOOK, repl(code), f"FINAL(Roughly {differs(misround(share), round(share))}% of flights left on time.)"])


@case("hq_hourly_misrounded", "wrong rounding", "invented", "About how many kWh does HQ use in an average hour?")
def _hq_rounding() -> Script:
    ctx = {"meters": meters()}
    m = ctx["meters"].query("building == 'HQ'").kwh.mean()
    return Script(ctx, [METERS_LOOK, repl("print(meters[meters.building == 'HQ'].kwh.mean())"),
                        f"FINAL(About {differs(misround(m), round(m))} kWh per hour.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("checkout_ios_columns_swapped", "nothing found in the wrong column", "invented",
      "How many checkout-screen crashes came from iOS 17.4?")
def _swapped_columns() -> Script:
    ctx = {"crashes": crashes()}
    code = "hit = crashes[(crashes.os == 'checkout') & (crashes.screen == 'iOS 17.4')]\nprint(len(hit))"
    assert ((ctx["crashes"].screen == "checkout") & (ctx["crashes"].os == "iOS 17.4")).sum() > 0
    return Script(ctx, [CRASH_LOOK, repl(code), "FINAL(None: no checkout crash came from iOS 17.4.)"])


@case("elbsand_in_invoice_no", "nothing found in the wrong column", "invented", "Does Elbsand AG have any unpaid invoices?")
def _elbsand_wrong_column() -> Script:
    ctx = {"invoices": invoices()}
    code = "unpaid = invoices[invoices.paid.isna()]\nprint(unpaid[unpaid.invoice_no.str.contains('Elbsand')])"
    i = ctx["invoices"]
    assert (i.paid.isna() & (i.client == "Elbsand AG")).sum() > 0
    return Script(ctx, [INV_LOOK, repl(code), "FINAL(No, Elbsand AG has no unpaid invoices; everything they were billed is settled.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("weekly_use_called_rising", "trend in the wrong direction", "invented", "How did weekly electricity use develop over the four weeks?")
def _weekly_rising() -> Script:
    ctx = {"meters": meters()}
    w = compute(ctx, WEEKLY_KWH)["weekly"]
    assert w.is_monotonic_decreasing
    return Script(ctx, [METERS_LOOK, repl(WEEKLY_KWH),
                        f"FINAL(Weekly use climbed steadily, ending {1 - w.iloc[-1] / w.iloc[0]:.0%} higher in week 9 than in week 6.)"])


@case("crash_rate_called_rising", "trend in the wrong direction", "invented", "Are new releases crashing more or less often?")
def _crash_rising() -> Script:
    ctx = {"crashes": crashes(), "sessions": sessions()}
    r = compute(ctx, CRASH_RATE)["rate"].sort_index().per_1000
    assert r.iloc[-1] < r.iloc[0]
    return Script(ctx, [CRASH_LOOK, repl(CRASH_RATE),
                        "FINAL(More often: each new release has crashed more per session than the one before, so stability is getting worse.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("longest_delay_from_head", "sample generalized to the whole", "invented", "What was the longest departure delay in March?")
def _delay_head() -> Script:
    ctx = {"flights": flights()}
    head = ctx["flights"].head().dep_delay_min
    return Script(ctx, [FLIGHTS_LOOK, f"FINAL(The longest departure delay was {differs(head.max(), ctx['flights'].dep_delay_min.max()):.0f} minutes.)"])


@case("currencies_from_head", "sample generalized to the whole", "invented", "Which currencies do we invoice in?")
def _currencies_head() -> Script:
    ctx = {"invoices": invoices()}
    seen = list(dict.fromkeys(ctx["invoices"].head().currency))
    differs(sorted(seen), sorted(ctx["invoices"].currency.unique()))
    return Script(ctx, [repl("print(invoices.head())"), f"FINAL(We invoice in {len(seen)} currencies: {', '.join(seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("iberia_cancel_share_of_all", "wrong denominator", "invented", "What share of Iberia's flights were cancelled?")
def _iberia_share() -> Script:
    ctx = {"flights": flights()}
    code = "ib = flights[flights.airline == 'Iberia']\nprint(ib.cancelled.sum(), len(flights))"
    f = ctx["flights"]
    k = int(f[f.airline == "Iberia"].cancelled.sum())
    wrong = differs(round(k / len(f) * 100, 1), round(k / (f.airline == "Iberia").sum() * 100, 1))
    return Script(ctx, [FLIGHTS_LOOK, repl(code), f"FINAL({wrong}% of Iberia's flights were cancelled ({k} flights).)"])


@case("cardiology_share_of_readmits", "wrong denominator", "invented", "What share of Cardiology admissions were readmitted within 30 days?")
def _cardio_share() -> Script:
    ctx = {"admissions": admissions()}
    code = "print(admissions[admissions.readmitted_30d].ward.value_counts())"
    a = ctx["admissions"]
    k = int((a.readmitted_30d & (a.ward == "Cardiology")).sum())
    wrong = differs(round(k / a.readmitted_30d.sum() * 100, 1), round(k / (a.ward == "Cardiology").sum() * 100, 1))
    return Script(ctx, [ADM_LOOK, repl(code), f"FINAL({wrong}% of Cardiology admissions ended in a readmission within 30 days.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
SIZING_PROMPT = "How many of these comments say the item runs small? Answer with a number.\n\n"


@case("partial_sizing_comments", "sub-call over part of the data", "invented", "How many returns say the item runs small?")
def _partial_sizing() -> Script:
    ctx = {"shop": shop_returns()}
    code = ("comments = [c for c in shop['returns'].comment if c]\n"
            f"said = llm_query({SIZING_PROMPT!r} + '\\n'.join(comments[:80]))\nprint(said)")
    comments = [c for c in ctx["shop"]["returns"].comment if c]
    k = int(sub_says(SIZING_PROMPT + "\n".join(comments[:80])).split()[0])
    differs(k, comments.count(RETURN_COMMENTS["wrong size"]))
    return Script(ctx, [RETURNS_LOOK, repl(code), f"FINAL({k} returns were sent back because the item runs small.)"], sub=sub_model())


NX_PROMPT = "How many lookups in this log failed with NXDOMAIN, and for which name most often?\n\n"


@case("partial_nxdomain_count", "sub-call over part of the data", "invented", "How many DNS lookups failed?")
def _partial_nx() -> Script:
    ctx = {"dns_log": dns_log()}
    code = f"said = llm_query({NX_PROMPT!r} + dns_log[:30000])\nprint(said)"
    said = sub_says(NX_PROMPT + dns_log()[:30000])
    k = int(said.split()[0])
    differs(k, dns_log().count("is NXDOMAIN"))
    return Script(ctx, [DNS_LOOK, repl(code, "The log is long; I'll let a sub-call read it."),
                        f"FINAL({k} lookups failed with NXDOMAIN.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("lotte_leave_month_first", "date format misread", "invented", "When did Lotte's parental leave begin?")
def _lotte_misread() -> Script:
    ctx = {"absences": absences()}
    code = "print(absences[(absences.employee == 'Lotte') & (absences.type == 'parental')])"
    a = ctx["absences"]
    start = a[(a.employee == "Lotte") & (a.type == "parental")].start.iloc[0]
    misread = differs(pd.to_datetime(start, format="%m.%d.%Y"), pd.to_datetime(start, format="%d.%m.%Y"))
    return Script(ctx, [ABS_LOOK, repl(code), f"FINAL(Lotte's parental leave began on {misread:%B} {misread.day}, {misread.year}.)"])


@case("dirk_leave_end_month_first", "date format misread", "invented", "Wann endete Dirks Elternzeit?")
def _dirk_misread() -> Script:
    ctx = {"absences": absences()}
    code = "print(absences[absences.employee == 'Dirk'].to_string())"
    a = ctx["absences"]
    end = a[(a.employee == "Dirk") & (a.type == "parental")].end.iloc[0]
    misread = differs(pd.to_datetime(end, format="%m.%d.%Y"), pd.to_datetime(end, format="%d.%m.%Y"))
    months = {3: "März", 8: "August"}
    return Script(ctx, [ABS_LOOK, repl(code), f"FINAL(Dirks Elternzeit endete am {misread.day}. {months[misread.month]} {misread.year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("lab_register_as_daily", "cumulative read as the period's value", "invented", "How much electricity did the Lab use on 1 March?")
def _register_as_daily() -> Script:
    ctx = {"meters": meters()}
    code = ("lab = meters[meters.building == 'Lab'].set_index('ts')\n"
            "daily = lab.resample('D').agg({'kwh': 'sum', 'register_kwh': 'last'})\nprint(daily.tail(4))")
    d = compute(ctx, code)["daily"].loc["2024-03-01"]
    wrong = differs(d.register_kwh, round(d.kwh, 2))
    return Script(ctx, [METERS_LOOK, repl(code), f"FINAL(The Lab used {wrong:,.1f} kWh on 1 March.)"])


@case("returns_cumulative_april", "cumulative read as the period's value", "invented", "How many returns were there in April?")
def _returns_cumulative() -> Script:
    ctx = {"shop": shop_returns()}
    code = ("ret = shop['returns']\nby_month = ret.groupby(ret.return_date.dt.to_period('M')).size().to_frame('returns')\n"
            "by_month['running_total'] = by_month.returns.cumsum()\nprint(by_month)")
    b = compute(ctx, code)["by_month"]
    wrong = differs(int(b.loc["2024-04", "running_total"]), int(b.loc["2024-04", "returns"]))
    return Script(ctx, [RETURNS_LOOK, repl(code), f"FINAL(There were {wrong} returns in April 2024.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("submit_literal_delay", "literal typed into a code answer", "invented", "What is the average departure delay?")
def _submit_literal() -> Script:
    ctx = {"flights": flights()}
    differs(12.5, round(ctx["flights"].dep_delay_min.mean(), 1))
    return Script(ctx, [FLIGHTS_LOOK, repl("SUBMIT(mean_delay_min=12.5)")])


@case("answer_dict_lab_from_memory", "literal typed into a code answer", "invented", "How much electricity did the Lab use?")
def _answer_literal() -> Script:
    ctx = {"meters": meters()}
    differs(45000, round(ctx["meters"].query("building == 'Lab'").kwh.sum()))
    return Script(ctx, [METERS_LOOK, repl('answer = {"content": "The Lab used about 45,000 kWh over the four weeks.", "ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("klm_mean_delay_as_on_time", "figure from the right row but another column", "invented",
      "What share of KLM flights left on time?")
def _klm_column() -> Script:
    ctx = {"flights": flights()}
    t = compute(ctx, AIRLINE_SUMMARY)["summary"].loc["KLM"]
    return Script(ctx, [FLIGHTS_LOOK, repl(AIRLINE_SUMMARY),
                        f"FINAL({differs(t.mean_delay, t.on_time)}% of KLM flights left on time.)"])


@case("oncology_mean_as_longest", "figure from the right row but another column", "invented",
      "What was the longest single stay in Oncology?")
def _oncology_column() -> Script:
    ctx = {"admissions": admissions()}
    code = "stays = admissions.groupby('ward').los_days.agg(['count', 'mean', 'max']).round(2)\nprint(stays)"
    s = compute(ctx, code)["stays"].loc["Oncology"]
    return Script(ctx, [ADM_LOOK, repl(code), f"FINAL(The longest Oncology stay was {differs(s['mean'], s['max'])} days.)"])


@case("gbp_eur_column", "figure from the right row but another column", "invented", "How many pounds did we invoice in 2024?")
def _gbp_column() -> Script:
    ctx = {"invoices": invoices()}
    code = ("y24 = invoices[invoices.issued.dt.year == 2024]\n"
            "by_cur = y24.groupby('currency')[['amount', 'amount_eur']].sum().round(2)\nprint(by_cur)")
    b = compute(ctx, code)["by_cur"].loc["GBP"]
    return Script(ctx, [INV_LOOK, repl(code), f"FINAL(£{differs(b.amount_eur, b.amount):,.2f} in 2024.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
HQ_CORR = ("hq = meters[meters.building == 'HQ']\n"
           "feat = pd.DataFrame({'kwh': hq.kwh, 'outdoor_c': hq.outdoor_c, 'day_of_month': hq.ts.dt.day,\n"
           "                     'hour': hq.ts.dt.hour, 'weekday': (hq.ts.dt.day_of_week < 5).astype(int),\n"
           "                     'register_kwh': hq.register_kwh})\ncorr = feat.corr()['kwh'].drop('kwh').round(3)\n"
           "print(corr.head(2))")


@case("strongest_correlate_from_head", "maximum picked from a partial table", "invented",
      "Which factor is most strongly correlated with HQ's hourly consumption?")
def _corr_head() -> Script:
    ctx = {"meters": meters()}
    corr = compute(ctx, "import pandas as pd\n" + HQ_CORR)["corr"]
    pick = corr.head(2).abs().idxmax()
    differs(pick, corr.abs().idxmax())
    return Script(ctx, [METERS_LOOK, repl("import pandas as pd\n" + HQ_CORR),
                        f"FINAL(The outdoor temperature has the strongest correlation with HQ's consumption (r = {corr[pick]}).)"])


@case("most_crashing_device_from_head", "maximum picked from a partial table", "invented", "Which device crashes the most?")
def _device_head() -> Script:
    ctx = {"crashes": crashes()}
    code = "per_device = crashes.groupby('device').size()\nprint(per_device.head())"
    d = compute(ctx, code)["per_device"]
    pick = d.head().idxmax()
    return Script(ctx, [CRASH_LOOK, repl(code), f"FINAL({differs(pick, d.idxmax())} crashes the most, {d[pick]} times in April.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("ascending_team_called_most", "first row of an ascending sort called the highest", "invented",
      "Which team took the most days off?")
def _ascending_team() -> Script:
    ctx = {"absences": absences()}
    code = "days_off = absences.groupby('team').workdays.sum().sort_values()\nprint(days_off)"
    d = compute(ctx, code)["days_off"]
    return Script(ctx, [ABS_LOOK, repl(code), f"FINAL({differs(d.index[0], d.idxmax())} took the most days off: {d.iloc[0]} workdays.)"])


@case("ascending_on_time_called_best", "first row of an ascending sort called the highest", "invented",
      "Which airline is the most punctual?")
def _ascending_airline() -> Script:
    ctx = {"flights": flights()}
    code = AIRLINE_SUMMARY.replace("print(summary)", "print(summary.sort_values('on_time'))")
    s = compute(ctx, code)["summary"].sort_values("on_time")
    return Script(ctx, [FLIGHTS_LOOK, repl(code),
                        f"FINAL({differs(s.index[0], s.on_time.idxmax())} is the most punctual airline, with {s.on_time.iloc[0]}% of flights on time.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("lufthansa_air_france_swapped", "two labels' figures swapped", "invented",
      "Which left later on average in March, Lufthansa or Air France?")
def _lh_af_swapped() -> Script:
    ctx = {"flights": flights()}
    code = "print(flights.groupby('airline').dep_delay_min.mean().round(1))"
    m = ctx["flights"].groupby("airline").dep_delay_min.mean().round(1)
    assert m["Air France"] > m["Lufthansa"]
    return Script(ctx, [FLIGHTS_LOOK, repl(code),
                        f"FINAL(Lufthansa: its flights left {m['Air France']} minutes late on average, against {m['Lufthansa']} for Air France.)"])


@case("hq_lab_totals_swapped", "two labels' figures swapped", "invented", "How do HQ and the Lab compare in electricity use?")
def _hq_lab_swapped() -> Script:
    ctx = {"meters": meters()}
    t = compute(ctx, BUILDING_TOTALS)["totals"]
    return Script(ctx, [METERS_LOOK, repl(BUILDING_TOTALS),
                        f"FINAL(The Lab used more, {t['HQ']:,.1f} kWh, against {t['Lab']:,.1f} kWh at HQ.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("depot_decline_as_growth", "decrease reported as a rise", "invented",
      "How did the Depot's weekly consumption change between week 6 and week 9?")
def _depot_decline() -> Script:
    ctx = {"meters": meters()}
    code = ("depot = meters[meters.building == 'Depot']\nw = depot.groupby(depot.ts.dt.isocalendar().week).kwh.sum()\n"
            "change = round((w[9] / w[6] - 1) * 100, 1)\nprint(w.round(1))\nprint('change week 6 -> 9, %:', change)")
    change = compute(ctx, code)["change"]
    assert change < 0
    return Script(ctx, [METERS_LOOK, repl(code), f"FINAL(The Depot's weekly consumption grew by {abs(change)}% between week 6 and week 9.)"])


@case("elbsand_drop_as_rise_es", "decrease reported as a rise", "invented", "¿Cómo evolucionó la facturación a Elbsand AG de 2023 a 2024?")
def _elbsand_drop() -> Script:
    ctx = {"invoices": invoices()}
    code = PER_CLIENT_YEAR + "\ncambio = ((per_year[2024] / per_year[2023] - 1) * 100).round(1)\nprint(cambio)"
    c = compute(ctx, code)["cambio"]["Elbsand AG"]
    assert c < 0
    return Script(ctx, [INV_LOOK, repl(code), f"FINAL(La facturación a Elbsand AG subió un {str(abs(c)).replace('.', ',')} % en 2024.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("table_for_iberia_average", "table returned for one figure", "invented", "What was the average departure delay of Iberia flights?")
def _table_iberia() -> Script:
    ctx = {"flights": flights()}
    code = "by_airline = flights.groupby('airline').dep_delay_min.agg(['mean', 'median', 'max']).round(1)\nprint(by_airline)"
    return Script(ctx, [FLIGHTS_LOOK, repl(code), 'FINAL_VAR("by_airline")'])


@case("table_for_failed_main_count", "table returned for one figure", "invented", "What's the number of failed jobs on main?")
def _table_failed_main() -> Script:
    code = "failed_main = jobs[(jobs.branch == 'main') & (jobs.status == 'failed')]\nprint(failed_main[['ts', 'build', 'job']])"
    ctx, _ = with_ci(code)
    return Script(ctx, [CI_LOOK, PARSE_CI, repl(code), "FINAL_VAR(failed_main)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("bytes_filtered_for_502", "zero after filtering the wrong column", "invented", "How many requests got a 502 Bad Gateway?")
def _bytes_502() -> Script:
    code = "n502 = int((ng.bytes == 502).sum())\nprint(n502)"
    ctx, ns = with_nginx(code)
    differs(ns["n502"], int((ns["ng"].status == 502).sum()))
    return Script(ctx, [NGINX_LOOK, PARSE_NGINX, repl(code), f"FINAL({ns['n502']})"])


@case("client_filtered_for_chf", "zero after filtering the wrong column", "invented", "How many invoices are in Swiss francs?")
def _client_chf() -> Script:
    ctx = {"invoices": invoices()}
    code = "chf = invoices[invoices.client == 'CHF']\nprint(len(chf))"
    differs(0, int((ctx["invoices"].currency == "CHF").sum()))
    return Script(ctx, [INV_LOOK, repl(code), "FINAL(0 invoices are in CHF.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("iso_date_in_nginx_504", "none found after searching a date in another format", "invented",
      "Were there any gateway timeouts (504) on 12 June?")
def _iso_in_nginx() -> Script:
    ctx = {"nginx_log": nginx_log()}
    code = "hits = [l for l in lines if '2024-06-12' in l and '\" 504 ' in l]\nprint(len(hits))"
    assert sum("12/Jun/2024" in line and '" 504 ' in line for line in nginx_log().splitlines()) > 0
    return Script(ctx, [NGINX_LOOK, repl(code), "FINAL(No, there were no gateway timeouts on 12 June.)"])


@case("iso_date_in_absences", "none found after searching a date in another format", "invented",
      "Did anyone start an absence on 2024-04-01?")
def _iso_in_absences() -> Script:
    ctx = {"absences": absences()}
    code = "print(absences[absences.start == '2024-04-01'])"
    assert (ctx["absences"].start == "01.04.2024").sum() > 0
    return Script(ctx, [ABS_LOOK, repl(code), "FINAL(No one started an absence on 1 April 2024.)"])


@case("iso_date_in_syslog", "none found after searching a date in another format", "invented",
      "Did any DNS lookups fail on 14 June?")
def _iso_in_syslog() -> Script:
    ctx = {"dns_log": dns_log()}
    code = "fails = [l for l in dns if l.startswith('2024-06-14') and l.endswith('NXDOMAIN')]\nprint(len(fails))"
    assert sum(line.startswith("Jun 14") and line.endswith("NXDOMAIN") for line in dns_log().splitlines()) > 0
    return Script(ctx, [DNS_LOOK, repl(code), "FINAL(No: none of the lookups on 14 June failed.)"])
