"""Acceptance cases, third tuning set: written apart from the gates as a held-out set, on new data; measured once
that way, then tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune3``. How it came to be tuned on: the set was
written (as ``cases_holdout2``) by a helper that never read the acceptance gates, the system prompt or any earlier
benchmark result, and ran no case under a policy that refuses. Its aggregate numbers were measured once at prompt
``.29`` and once at ``.30`` (``benchmarks/RESULTS.md``, "Acceptance on cases it was not tuned on"); they showed the
gates generalising far less than the tuning sets said, so the set was then read case by case and tuned on, and
a fourth set (``cases_holdout3``), written the same way, took its place as the measure. The legitimate answers are
written as a capable model writes them after looking at the data and computing (in sentences, with units, formatted
or abbreviated figures, in French, German, Spanish or Japanese, arithmetic done in the head from printed figures,
FINAL_VAR, ``SUBMIT`` or the ``answer`` dict where the class says so); the invented and misread ones as weaker models
get a figure or a label wrong, each error written in its own way.

Size: 66 legitimate answers covering all 33 legitimate classes (two each) and 58 invented or misread ones covering
all 29 invented classes (one to three each). The classes are those of ``cases_tune2``: the 25 and 21 of
``cases_kit`` and the 8 and 8 the evidence issue names.

Conventions (those of ``acceptance_cases``, ``cases_kit`` and ``cases_tune2``): ``replies`` go up to and including
the first answer (FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict set ready); ``after`` is what a capable model
does once a legitimate answer is refused (it prints the figure, date or label its answer states, or selects the row
with code, then answers the same); an invented case sends the same answer again. Every figure a reply quotes is
computed with the code the reply runs (``compute``); every invented figure or label is checked to differ from the
truth (``differs``); the sub-model reads the prompt it is given, as a real one would.

The data are small seeded sets of domains no earlier set uses: bike-share trips with a station table, library loans
exported with US month-first dates, daily readings of four weather stations with a year-to-date rain column, a
payroll with overtime in pounds, an online shop's sessions and carts (a dict of two frames), a blood-pressure
trial's visit table, a football league season, a syslog-style host journal (no year on its lines), a Kubernetes
events export, convenience-store point-of-sale lines in yen, a cloud bill by account and service with credits, a
call-centre queue with agents' notes, a collège's marks on the 0-20 scale, a parcel carrier's scan export with
day-first dotted dates, and a bike-share terms page in markdown. Each frame builder returns a fresh copy (model
code may change a frame in place).
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
STATIONS = ["Canal St", "Market Sq", "Riverside", "University", "Central Stn", "Harbour", "Old Town", "Park Gate"]
DOCKS = pd.DataFrame({"station": STATIONS, "docks": [24, 30, 18, 36, 40, 16, 22, 20],
                      "district": ["Centre", "Centre", "West", "North", "Centre", "East", "Centre", "North"]})


def trips() -> pd.DataFrame:
    return _trips().copy()


@functools.lru_cache(maxsize=1)
def _trips(n: int = 2600, seed: int = 4101) -> pd.DataFrame:
    """Bike-share trips of July 2024: start time, start and end station, bike (classic or electric), rider (member
    or casual), duration in minutes and distance in km. A few dozen maintenance test rides last under a minute and
    end where they started."""
    rng = np.random.default_rng(seed)
    day = rng.integers(0, 31, n)
    weekday = (pd.Timestamp("2024-07-01") + pd.to_timedelta(day, unit="D")).day_of_week < 5
    commute = rng.choice([8.2, 17.6], n, p=[.42, .58]) + rng.normal(0, 1.0, n)
    leisure = rng.normal(14.0, 3.2, n)
    hour = np.clip(np.where(weekday & (rng.random(n) < 0.7), commute, leisure), 5.0, 23.9)
    start = (pd.Timestamp("2024-07-01") + pd.to_timedelta(day, unit="D") + pd.to_timedelta(np.round(hour * 3600), unit="s"))
    rider = np.where(rng.random(n) < np.where(weekday, .72, .44), "member", "casual")
    bike = np.where(rng.random(n) < 0.38, "electric", "classic")
    distance = (rng.gamma(2.2, 1.05, n) + 0.3) * np.where(rider == "casual", 1.3, 1.0)
    speed = np.where(bike == "electric", 18.0, 13.0) * np.where(rider == "casual", 0.8, 1.0) * rng.uniform(0.85, 1.15, n)
    duration = distance / speed * 60 + rng.uniform(0.5, 3.0, n)
    weights = np.array([.16, .14, .1, .15, .2, .07, .1, .08])
    origin = rng.choice(STATIONS, n, p=weights)
    dest = np.array([str(rng.choice([s for s in STATIONS if s != o])) for o in origin])
    test = rng.choice(n, 34, replace=False)
    dest[test], rider[test], bike[test] = origin[test], "member", "classic"
    distance[test], duration[test] = 0.0, rng.uniform(0.2, 0.9, 34)
    frame = pd.DataFrame({"start_station": origin, "end_station": dest, "started": start, "bike": bike, "rider": rider,
                          "duration_min": duration.round(1), "distance_km": distance.round(2)})
    frame = frame.sort_values("started", ignore_index=True)
    frame.insert(0, "trip_id", [f"BK{700000 + i}" for i in range(n)])
    return frame


BRANCHES = ["Central", "Northside", "Eastgate", "Harbourview"]
FORMATS = ["book", "ebook", "audiobook", "DVD"]
GENRES = ["fiction", "crime", "children", "history", "science", "travel"]


def loans() -> pd.DataFrame:
    return _loans().copy()


@functools.lru_cache(maxsize=1)
def _loans(n: int = 1100, seed: int = 4102) -> pd.DataFrame:
    """Loans of a public library, January to June 2024, as its US-made system exports them: checkout, due and return
    dates as MM/DD/YYYY text (empty: not back yet), the patron (most borrow several times), branch, format, genre,
    and the late fine in dollars (25 cents a day, at most $10)."""
    rng = np.random.default_rng(seed)
    branch = rng.choice(BRANCHES, n, p=[.38, .22, .22, .18])
    checkout = pd.Timestamp("2024-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 180, n)), unit="D")
    due = checkout + pd.Timedelta(days=21)
    late_p = {"Central": .12, "Northside": .1, "Eastgate": .27, "Harbourview": .15}
    late = rng.random(n) < np.array([late_p[b] for b in branch])
    offset = np.where(late, rng.integers(1, 45, n), -rng.integers(0, 20, n))
    returned = due + pd.to_timedelta(offset, unit="D")
    out = (returned > pd.Timestamp("2024-06-30")) | (rng.random(n) < 0.02)
    fmt = rng.choice(FORMATS, n, p=[.58, .2, .12, .1])
    return pd.DataFrame({
        "loan_id": [f"L{240001 + i}" for i in range(n)], "patron": [f"P-{k:04d}" for k in rng.integers(1, 430, n)],
        "branch": branch, "format": fmt, "genre": rng.choice(GENRES, n, p=[.3, .2, .2, .1, .1, .1]),
        "checkout": [f"{d:%m/%d/%Y}" for d in checkout], "due": [f"{d:%m/%d/%Y}" for d in due],
        "returned": ["" if o else f"{d:%m/%d/%Y}" for o, d in zip(out, returned, strict=True)],
        "fine_usd": np.where(late & ~out, np.minimum(offset * 0.25, 10.0), 0.0).round(2),
    })


WEATHER_STATIONS = {"Brest": (12.5, 5.0, 7.0, .52, 4.2, 48.0), "Dijon": (11.5, 9.0, 10.5, .36, 5.0, 34.0),
                    "Grenoble": (12.0, 10.5, 11.5, .38, 5.8, 30.0), "Perpignan": (16.2, 7.5, 9.5, .2, 7.5, 52.0)}


def weather() -> pd.DataFrame:
    return _weather().copy()


@functools.lru_cache(maxsize=1)
def _weather(seed: int = 4103) -> pd.DataFrame:
    """Daily readings of four French weather stations, 2023 and 2024: max and min temperature (°C), precipitation
    (mm) and its running total since 1 January (``precip_ytd_mm``), the strongest gust (km/h), sunshine (h)."""
    rng = np.random.default_rng(seed)
    dates = pd.date_range("2023-01-01", "2024-12-31", freq="D")
    doy = dates.day_of_year.to_numpy()
    frames = []
    for name, (mean, amp, spread, wet, rain, gust) in WEATHER_STATIONS.items():
        season = mean + amp * -np.cos((doy - 15) / 365.25 * 2 * np.pi) + np.where(dates.year == 2024, 0.4, 0.0)
        anomaly = np.convolve(rng.normal(0, 1.6, len(dates) + 4), np.ones(5) / 5 * 1.8, "valid")
        tmax = season + spread / 2 + anomaly + rng.normal(0, 1.0, len(dates))
        tmin = season - spread / 2 + anomaly + rng.normal(0, 1.0, len(dates))
        precip = np.where(rng.random(len(dates)) < wet, rng.gamma(0.9, rain, len(dates)), 0.0).round(1)
        ytd = pd.Series(precip).groupby(dates.year).cumsum().round(1).to_numpy()
        frames.append(pd.DataFrame({
            "station": name, "date": dates, "tmax_c": tmax.round(1), "tmin_c": tmin.round(1), "precip_mm": precip,
            "precip_ytd_mm": ytd, "gust_kmh": np.round(gust * rng.gamma(6, 1 / 6, len(dates))).astype(int),
            "sunshine_h": np.clip(7 + 4 * -np.cos((doy - 15) / 365.25 * 2 * np.pi) - precip / 3
                                  + rng.normal(0, 1.5, len(dates)), 0, 15).round(1)}))
    return pd.concat(frames, ignore_index=True)


PAY_DEPTS = ["Warehouse", "Drivers", "Office", "Maintenance"]


def payroll() -> pd.DataFrame:
    return _payroll().copy()


@functools.lru_cache(maxsize=1)
def _payroll(seed: int = 4104) -> pd.DataFrame:
    """Monthly payroll of a logistics firm, January to June 2024, in pounds: contracted and overtime hours, the
    hourly rate and the gross pay (overtime paid at time and a half). Warehouse overtime climbs into the spring
    peak; drivers' overtime falls once new drivers start in March."""
    rng = np.random.default_rng(seed)
    staff = [(f"W-{101 + i}", str(d)) for i, d in enumerate(rng.choice(PAY_DEPTS, 48, p=[.4, .3, .15, .15]))]
    rate = {e: round(float({"Warehouse": 12.6, "Drivers": 14.8, "Office": 16.5, "Maintenance": 17.2}[d]
                           * rng.uniform(0.92, 1.12)), 2) for e, d in staff}
    overtime = {"Warehouse": [6, 7, 9, 12, 15, 17], "Drivers": [18, 17, 13, 10, 8, 7], "Office": [1, 1, 2, 1, 1, 2],
                "Maintenance": [5, 6, 5, 6, 7, 6]}
    rows = []
    for m, month in enumerate(pd.period_range("2024-01", "2024-06", freq="M")):
        for emp, dept in staff:
            regular = round(float(rng.normal(150 if dept == "Office" else 160, 6)), 1)
            ot = round(max(0.0, float(rng.normal(overtime[dept][m], 3))), 1)
            gross = round(regular * rate[emp] + ot * rate[emp] * 1.5, 2)
            rows.append((str(month), emp, dept, regular, ot, rate[emp], gross))
    return pd.DataFrame(rows, columns=["month", "employee", "dept", "regular_h", "overtime_h", "rate_gbp", "gross_gbp"])


SOURCES = ["organic", "paid", "email", "social", "direct"]


def store() -> dict[str, pd.DataFrame]:
    """An online shop's sessions of August 2024 and the carts opened in them, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _store().items()}


@functools.lru_cache(maxsize=1)
def _store(n: int = 3000, seed: int = 4105) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    source = rng.choice(SOURCES, n, p=[.34, .22, .12, .2, .12])
    device = rng.choice(["mobile", "desktop", "tablet"], n, p=[.58, .34, .08])
    started = pd.Timestamp("2024-08-01") + pd.to_timedelta(np.sort(rng.integers(0, 31 * 86400, n)), unit="s")
    pages = rng.poisson(np.where(source == "email", 6.5, 4.2), n) + 1
    sessions = pd.DataFrame({"session_id": [f"s{90000 + i}" for i in range(n)],
                             "user_id": [f"u{k}" for k in rng.integers(1000, 2150, n)], "started": started,
                             "device": device, "source": source, "pages": pages})
    cart_p = {"organic": .2, "paid": .24, "email": .34, "social": .1, "direct": .26}
    has_cart = rng.random(n) < np.array([cart_p[s] for s in source]) * np.where(pages > 3, 1.2, 0.6)
    picked = sessions[has_cart]
    buy_p = {"organic": .38, "paid": .3, "email": .52, "social": .22, "direct": .45}
    buy = rng.random(len(picked)) < np.array([buy_p[s] for s in picked.source]) * np.where(picked.device == "desktop", 1.15, 0.92)
    items = rng.integers(1, 6, len(picked))
    carts = pd.DataFrame({"cart_id": [f"c{5000 + i}" for i in range(len(picked))], "session_id": picked.session_id.to_numpy(),
                          "items": items, "value_usd": (items * rng.gamma(3.0, 11.0, len(picked))).round(2),
                          "checked_out": buy})
    return {"sessions": sessions, "carts": carts}


SITES = ["Leiden", "Ghent", "Porto", "Graz"]
VISITS = ["Baseline", "Week 4", "Week 8", "Week 12"]


def trial() -> pd.DataFrame:
    return _trial().copy()


@functools.lru_cache(maxsize=1)
def _trial(subjects: int = 120, seed: int = 4106) -> pd.DataFrame:
    """Visits of a 12-week blood-pressure trial: 120 subjects randomised to placebo or active drug at four sites,
    four visits each unless they dropped out; systolic and diastolic pressure (mmHg), weight (kg), and the adverse
    event reported at the visit (empty: none)."""
    rng = np.random.default_rng(seed)
    effect = {"active": [0, -4.5, -8.5, -11.5], "placebo": [0, -1.5, -2.0, -2.5]}
    ae_rate = {"active": .16, "placebo": .08}
    rows = []
    for s in range(subjects):
        arm = "active" if s % 2 == 0 else "placebo"
        site = str(rng.choice(SITES, p=[.3, .25, .25, .2]))
        enrolled = pd.Timestamp("2024-01-08") + pd.Timedelta(days=int(rng.integers(0, 70)))
        base_sbp, base_dbp, weight = rng.normal(152, 9), rng.normal(94, 6), rng.normal(84, 12)
        last = 3 if rng.random() > (.14 if arm == "active" else .08) else int(rng.integers(1, 3))
        for v in range(last + 1):
            ae = str(rng.choice(["headache", "dizziness", "nausea", "fatigue", "dry cough"],
                                p=[.25, .35 if arm == "active" else .15, .15, .15, .1 if arm == "active" else .3]))
            rows.append((f"S-{101 + s:03d}", arm, site, VISITS[v],
                         enrolled + pd.Timedelta(days=28 * v + int(rng.integers(-2, 3)) * (v > 0)),
                         round(base_sbp + effect[arm][v] + rng.normal(0, 5)), round(base_dbp + effect[arm][v] / 2 + rng.normal(0, 4)),
                         round(weight + rng.normal(0, 0.8), 1), ae if v > 0 and rng.random() < ae_rate[arm] else ""))
    return pd.DataFrame(rows, columns=["subject", "arm", "site", "visit", "visit_date", "sbp_mmhg", "dbp_mmhg",
                                       "weight_kg", "adverse_event"])


TEAMS = ["Ashford Rovers", "Brookvale", "Caldera United", "Dunmore Athletic", "Elmstead", "Fairhaven City",
         "Glenrock", "Highbury Vale", "Ironbridge", "Juniper FC"]


def matches() -> pd.DataFrame:
    return _matches().copy()


@functools.lru_cache(maxsize=1)
def _matches(seed: int = 4107) -> pd.DataFrame:
    """A season of a ten-team league, August 2023 to May 2024: every pair meets home and away (90 matches, 18
    rounds, mostly on Saturdays), with the goals and the attendance."""
    rng = np.random.default_rng(seed)
    strength = dict(zip(TEAMS, [1.05, 1.6, 1.25, 0.8, 1.0, 1.45, 0.7, 1.15, 0.9, 1.3], strict=True))
    ground = dict(zip(TEAMS, [9000, 14000, 11000, 6500, 8000, 16000, 5000, 9500, 7000, 12000], strict=True))
    order = list(TEAMS)
    rounds = []
    for _ in range(9):  # the circle method: one round per rotation
        rounds.append([(order[i], order[-1 - i]) for i in range(5)])
        order = [order[0], order[-1], *order[1:-1]]
    rounds += [[(b, a) for a, b in r] for r in rounds]
    rows = []
    for r, pairs in enumerate(rounds):
        saturday = pd.Timestamp("2023-08-12") + pd.Timedelta(weeks=2 * r)
        for home, away in pairs:
            day = saturday + pd.Timedelta(days=int(rng.choice([-1, 0, 0, 0, 1])))
            hg = int(rng.poisson(1.45 * strength[home] / strength[away] ** 0.5))
            ag = int(rng.poisson(1.1 * strength[away] / strength[home] ** 0.5))
            rows.append((r + 1, day, home, away, hg, ag, int(ground[home] * rng.uniform(0.65, 1.0))))
    return pd.DataFrame(rows, columns=["round", "date", "home", "away", "home_goals", "away_goals", "attendance"])


SCANNERS = ["45.134.26.18", "193.32.162.77", "61.177.172.140", "218.92.0.112", "141.98.11.34"]


@functools.lru_cache(maxsize=1)
def journal(events: int = 1500, seed: int = 4108) -> str:
    """A syslog-style journal of host web-03, 11 to 14 March 2024 (the lines carry no year): cron runs, sshd logins
    (failed passwords from scanners, the deploy user's accepted keys), unit starts, and one OOM kill that takes
    nginx down in the night of 12 March."""
    rng = np.random.default_rng(seed)
    seconds = np.sort(rng.integers(0, 4 * 86400, events))
    weights = np.array([.4, .25, .15, .12, .08])
    users = ["root", "admin", "ubuntu", "test", "oracle", "postgres", "git"]
    out: list[tuple[int, str]] = []
    for s in seconds:
        pid = int(rng.integers(2000, 60000))
        kind = rng.random()
        if kind < 0.55:
            ip = SCANNERS[int(rng.choice(5, p=weights))]
            user = str(rng.choice(users))
            who = user if user == "root" else f"invalid user {user}"
            text = f"sshd[{pid}]: Failed password for {who} from {ip} port {int(rng.integers(30000, 65000))} ssh2"
        elif kind < 0.62:
            text = (f"sshd[{pid}]: Accepted publickey for deploy from 10.0.4.{int(rng.choice([7, 7, 12]))} port "
                    f"{int(rng.integers(30000, 65000))} ssh2: ED25519 SHA256:q3Xv{int(rng.integers(1000, 9999))}")
        elif kind < 0.9:
            text = f"CRON[{pid}]: (root) CMD (run-parts /etc/cron.hourly)"
        else:
            text = str(rng.choice(["systemd[1]: Starting Daily apt download activities...",
                                   "systemd[1]: Started Session of User deploy.",
                                   "systemd[1]: logrotate.service: Deactivated successfully.",
                                   "systemd[1]: Finished Rotate log files."]))
        out.append((int(s), text))
    oom = 86400 + 3 * 3600 + 17 * 60 + 52
    out += [(oom, "kernel: Out of memory: Killed process 1187 (nginx) total-vm:2841216kB, anon-rss:1932420kB, "
                  "file-rss:0kB, shmem-rss:0kB, UID:33 pgtables:4124kB oom_score_adj:0"),
            (oom, "systemd[1]: nginx.service: Main process exited, code=killed, status=9/KILL"),
            (oom + 1, "systemd[1]: nginx.service: Failed with result 'oom-kill'."),
            (oom + 6, "systemd[1]: nginx.service: Scheduled restart job, restart counter is at 1."),
            (oom + 7, "systemd[1]: Started A high performance web server and a reverse proxy server.")]
    out.sort(key=lambda e: e[0])
    lines = []
    for s, text in out:
        stamp = pd.Timestamp("2024-03-11") + pd.Timedelta(seconds=s)
        lines.append(f"{stamp:%b} {stamp.day:2d} {stamp:%H:%M:%S} web-03 {text}")
    return "\n".join(lines)


NAMESPACES = ["prod", "payments", "staging", "monitoring", "kube-system"]


@functools.lru_cache(maxsize=1)
def k8s_events(events: int = 700, seed: int = 4109) -> str:
    """A cluster's Kubernetes events, 19 to 21 August 2024 (UTC), exported with custom columns (time, namespace,
    type, reason, object, count, message), padded to line up, the header first."""
    rng = np.random.default_rng(seed)
    apps = {"prod": ["web", "api", "search"], "payments": ["ledger", "gateway"], "staging": ["web", "api", "worker"],
            "monitoring": ["prometheus", "grafana"], "kube-system": ["coredns", "kube-proxy"]}
    normal = ["Scheduled", "Pulled", "Created", "Started", "Killing", "SuccessfulCreate"]
    seconds = np.sort(rng.integers(0, 3 * 86400, events))
    rows = [("TIME", "NAMESPACE", "TYPE", "REASON", "OBJECT", "COUNT", "MESSAGE")]
    for s in seconds:
        ns = str(rng.choice(NAMESPACES, p=[.3, .15, .3, .15, .1]))
        app = str(rng.choice(apps[ns]))
        pod = f"pod/{app}-{int(rng.integers(0x100000, 0xffffff)):x}-{''.join(rng.choice(list('bcdfghjklmnpqrstvwxz2456789'), 5))}"
        warn_p = {"prod": .2, "payments": .12, "staging": .45, "monitoring": .25, "kube-system": .08}[ns]
        if rng.random() < warn_p:
            choices = ["BackOff", "Unhealthy", "FailedScheduling", "OOMKilling", "FailedMount"]
            p = [.32, .3, .2, .1, .08] if ns != "payments" else [.45, .4, .15, 0, 0]
            reason = str(rng.choice(choices, p=p))
            kind = "Warning"
            message = {"BackOff": f"Back-off restarting failed container {app}",
                       "Unhealthy": "Readiness probe failed: HTTP probe failed with statuscode: 503",
                       "FailedScheduling": "0/6 nodes are available: 6 Insufficient memory.",
                       "OOMKilling": f"Memory cgroup out of memory: Killed process ({app})",
                       "FailedMount": "MountVolume.SetUp failed for volume \"config\" : configmap not found"}[reason]
            count = int(rng.integers(1, 40)) if reason in ("BackOff", "Unhealthy") else int(rng.integers(1, 4))
        else:
            reason, kind, count = str(rng.choice(normal)), "Normal", 1
            message = {"Scheduled": f"Successfully assigned {ns}/{pod[4:]} to node-{int(rng.integers(1, 7))}",
                       "Pulled": f"Container image \"registry.local/{app}:1.{int(rng.integers(0, 9))}\" already present",
                       "Created": f"Created container {app}", "Started": f"Started container {app}",
                       "Killing": f"Stopping container {app}", "SuccessfulCreate": f"Created pod: {pod[4:]}"}[reason]
        stamp = pd.Timestamp("2024-08-19") + pd.Timedelta(seconds=int(s))
        rows.append((f"{stamp:%Y-%m-%dT%H:%M:%SZ}", ns, kind, reason, pod, str(count), message))
    widths = [max(len(r[i]) for r in rows) + 3 for i in range(6)]
    return "\n".join("".join(f.ljust(w) for f, w in zip(r[:6], widths, strict=True)) + r[6] for r in rows)


SHOPS = ["Shibuya", "Shinjuku", "Ikebukuro", "Umeda", "Tenjin"]
ITEMS = {"onigiri": 160, "bento": 598, "sandwich": 380, "coffee": 180, "green tea": 150, "sweets": 240,
         "fried chicken": 230}


def pos() -> pd.DataFrame:
    return _pos().copy()


@functools.lru_cache(maxsize=1)
def _pos(receipts: int = 1600, seed: int = 4110) -> pd.DataFrame:
    """Point-of-sale lines of five convenience stores, September 2024, in yen (no decimals): receipt, time, store,
    item, quantity, unit price, line total, and how the customer paid."""
    rng = np.random.default_rng(seed)
    shop = rng.choice(SHOPS, receipts, p=[.26, .3, .16, .18, .1])
    paid = rng.choice(["IC card", "cash", "credit card", "QR code"], receipts, p=[.41, .27, .18, .14])
    when = pd.Timestamp("2024-09-01") + pd.to_timedelta(np.sort(rng.integers(0, 30 * 86400, receipts)), unit="s")
    rows = []
    for r in range(receipts):
        for item in rng.choice(list(ITEMS), int(rng.integers(1, 5)), replace=False):
            qty = int(rng.choice([1, 1, 1, 2, 3]))
            price = ITEMS[str(item)]
            rows.append((f"R{880000 + r}", when[r], shop[r], str(item), qty, price, qty * price, paid[r]))
    return pd.DataFrame(rows, columns=["receipt", "ts", "store", "item", "qty", "unit_jpy", "total_jpy", "payment"])


CLOUD_SERVICES = ["EC2", "S3", "RDS", "Lambda", "CloudFront", "Support"]
ACCOUNTS = ["prod", "staging", "data"]


def cloud_bill() -> pd.DataFrame:
    return _cloud_bill().copy()


@functools.lru_cache(maxsize=1)
def _cloud_bill(seed: int = 4111) -> pd.DataFrame:
    """A cloud bill by month, account and service, January to September 2024, in US dollars: the usage cost, the
    credits applied (negative; a promotional credit on the data account until June) and the net."""
    rng = np.random.default_rng(seed)
    base = {"prod": {"EC2": 6200, "S3": 1400, "RDS": 3100, "Lambda": 420, "CloudFront": 900, "Support": 700},
            "staging": {"EC2": 2600, "S3": 300, "RDS": 1100, "Lambda": 90, "CloudFront": 60, "Support": 0},
            "data": {"EC2": 1800, "S3": 2100, "RDS": 600, "Lambda": 250, "CloudFront": 0, "Support": 0}}
    growth = {"prod": 1.012, "staging": 0.93, "data": 1.085}
    rows = []
    for m, month in enumerate(pd.period_range("2024-01", "2024-09", freq="M")):
        for account in ACCOUNTS:
            for service in CLOUD_SERVICES:
                cost = base[account][service] * growth[account] ** m * rng.uniform(0.95, 1.05)
                if cost == 0:
                    continue
                credit = -round(cost * 0.3, 2) if account == "data" and m < 6 and service in ("EC2", "S3") else 0.0
                rows.append((str(month), account, service, round(cost, 2), credit))
    frame = pd.DataFrame(rows, columns=["month", "account", "service", "cost_usd", "credits_usd"])
    frame["net_usd"] = (frame.cost_usd + frame.credits_usd).round(2)
    return frame


QUEUES = ["billing", "tech", "moving", "sales"]
CALL_NOTES = {"billing": ["Disputes the estimated reading on the last bill.", "Asks for a payment plan.",
                          "Double charge on the direct debit.", "Disputes the estimated reading on the last bill."],
              "tech": ["Smart meter not sending readings.", "Power cut at the address, reported to the network.",
                       "Smart meter not sending readings."],
              "moving": ["Moving house, final reading taken.", "New tenant, opening an account."],
              "sales": ["Wants to switch to the green tariff.", "Asks about the fixed-price tariff."]}


def calls() -> pd.DataFrame:
    return _calls().copy()


@functools.lru_cache(maxsize=1)
def _calls(n: int = 1400, seed: int = 4112) -> pd.DataFrame:
    """Calls to an energy supplier's call centre, Monday 7 to Sunday 13 October 2024: queue, arrival, seconds
    waited, seconds talked (0 when the caller hung up before an agent answered), abandoned, agent, and the agent's
    one-line note."""
    rng = np.random.default_rng(seed)
    queue = rng.choice(QUEUES, n, p=[.42, .28, .18, .12])
    day = rng.choice(7, n, p=[.22, .18, .16, .15, .14, .09, .06])
    hour = np.clip(rng.normal(np.where(rng.random(n) < .6, 10.5, 15.0), 1.6), 8, 19.9)
    arrived = pd.Timestamp("2024-10-07") + pd.to_timedelta(day, unit="D") + pd.to_timedelta(np.round(hour * 3600), unit="s")
    wait = np.round(rng.gamma(1.4, np.where(queue == "billing", 70, 38))).astype(int)
    abandoned = rng.random(n) < np.clip(wait / 600, 0.01, 0.7)
    talk = np.where(abandoned, 0, np.round(rng.gamma(3.0, np.where(queue == "tech", 150, 110)))).astype(int)
    frame = pd.DataFrame({"queue": queue, "arrived": arrived, "wait_s": wait, "talk_s": talk, "abandoned": abandoned,
                          "agent": np.where(abandoned, "", rng.choice(["Aoife", "Bram", "Cian", "Dee", "Eimear", "Fionn"], n)),
                          "note": [str(rng.choice(CALL_NOTES[q])) if not a else "" for q, a in zip(queue, abandoned, strict=True)]})
    frame = frame.sort_values("arrived", ignore_index=True)
    frame.insert(0, "call_id", [f"CL-{31000 + i}" for i in range(n)])
    return frame


CLASSES = ["5A", "5B", "5C", "6A", "6B"]
SUBJECTS = ["maths", "French", "history", "biology", "English"]


def grades() -> pd.DataFrame:
    return _grades().copy()


@functools.lru_cache(maxsize=1)
def _grades(students: int = 130, seed: int = 4113) -> pd.DataFrame:
    """Marks of a French collège, 2023-24, on the 0-20 scale: student, class, subject, term (T1 to T3), the mark
    with one decimal. Maths and biology share a science aptitude; maths marks rise over the year."""
    rng = np.random.default_rng(seed)
    klass = rng.choice(CLASSES, students)
    general, science = rng.normal(0, 2.2, students), rng.normal(0, 2.0, students)
    class_effect = {"5A": 0.3, "5B": -0.6, "5C": 0.0, "6A": 1.0, "6B": -0.2}
    subject_mean = {"maths": 10.6, "French": 11.8, "history": 12.2, "biology": 11.4, "English": 12.6}
    rows = []
    for s in range(students):
        for subject in SUBJECTS:
            for t, term in enumerate(["T1", "T2", "T3"]):
                mark = (subject_mean[subject] + general[s] + class_effect[str(klass[s])] + rng.normal(0, 1.6)
                        + (science[s] * (1.0 if subject in ("maths", "biology") else 0.1))
                        + (0.7 * t if subject == "maths" else 0.0))
                rows.append((f"E{2301 + s}", str(klass[s]), subject, term, round(float(np.clip(mark, 0, 20)), 1)))
    return pd.DataFrame(rows, columns=["student", "class", "subject", "term", "mark"])


DEPOTS = ["Leeds", "Wakefield", "Bradford"]


@functools.lru_cache(maxsize=1)
def scans(parcels: int = 420, seed: int = 4114) -> str:
    """A parcel carrier's scan export, Monday 2 to Saturday 7 September 2024, semicolon separated with day-first
    dotted dates (``03.09.2024`` is 3 September): time, parcel, event, depot or route, and a reason for a failed
    attempt. Several scans per parcel; the header first."""
    rng = np.random.default_rng(seed)
    events: list[tuple[pd.Timestamp, str, str, str, str]] = []
    reasons = ["nobody home", "address not found", "access refused", "nobody home"]
    for p in range(parcels):
        pid = f"PKG-{448000 + int(rng.integers(0, 9999)):06d}-{p:03d}"
        depot = str(rng.choice(DEPOTS, p=[.5, .3, .2]))
        t = pd.Timestamp("2024-09-02") + pd.Timedelta(days=int(rng.integers(0, 3)), hours=float(rng.uniform(8, 17)))
        events.append((t, pid, "COLLECTED", depot, ""))
        t += pd.Timedelta(hours=float(rng.uniform(2, 6)))
        events.append((t, pid, "DEPOT_IN", depot, ""))
        for attempt in range(3):
            t = (t + pd.Timedelta(days=1)).normalize() + pd.Timedelta(hours=float(rng.uniform(6.5, 8)))
            route = f"R{int(rng.integers(10, 40))}"
            events.append((t, pid, "OUT_FOR_DELIVERY", route, ""))
            t += pd.Timedelta(hours=float(rng.uniform(1, 9)))
            if t > pd.Timestamp("2024-09-07 20:00"):
                break
            if rng.random() < (0.14 if attempt == 0 else 0.08):
                events.append((t, pid, "FAILED_ATTEMPT", route, str(rng.choice(reasons))))
                continue
            events.append((t, pid, "DELIVERED", route, ""))
            break
    events = [e for e in events if e[0] < pd.Timestamp("2024-09-08")]
    events.sort(key=lambda e: (e[0], e[1]))
    body = [f"{t:%d.%m.%Y %H:%M:%S};{pid};{ev};{where};{why}" for t, pid, ev, where, why in events]
    return "\n".join(["time;parcel;event;location;reason", *body])


TERMS = """# CityCycle: plans, fees and rules

Effective 1 May 2024. These terms apply to every ride on the CityCycle network.

## Plans

| Plan | Price | Included ride time | Extra time |
| --- | --- | --- | --- |
| Single ride | EUR 1.50 per unlock | first 30 minutes | EUR 0.50 per started 15 minutes |
| Day pass | EUR 9.00 | rides up to 60 minutes each | EUR 1.00 per started 15 minutes |
| Annual membership | EUR 84.00 per year | rides up to 45 minutes each | EUR 0.50 per started 15 minutes |

Electric bikes cost EUR 0.10 per minute on top of any plan, from the first minute. Members get a 50% discount on
this surcharge.

## Returning a bike

A ride ends when the bike is locked at a dock. A bike left outside a dock costs a EUR 25 relocation fee. If a
station is full, the app adds 15 free minutes to reach the next one.

## Lost or damaged bikes

A bike not returned within 24 hours is reported stolen, and the rider is charged EUR 450 (EUR 1,200 for an
electric bike) unless it is found within 7 days. Damage beyond normal wear is billed at cost, up to EUR 300.

## Age

Riders must be at least 16. Electric bikes require a rider of at least 18.
"""


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
TRIPS_LOOK = repl("print(trips.shape)\nprint(trips.head())\nprint(trips.dtypes)", "Let me look at the trips first.")
LOANS_LOOK = repl("print(loans.shape)\nprint(loans.head(8).to_string())")
WEATHER_LOOK = repl("print(weather.shape)\nprint(weather.head())\nprint(weather.station.unique(), weather.date.min(), "
                    "weather.date.max())")
PAYROLL_LOOK = repl("print(payroll.shape)\nprint(payroll.head())\nprint(payroll.month.unique())",
                    "First a look at the payroll table.")
STORE_LOOK = repl("for name, t in store.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                  "A dict of two tables; checking both.")
TRIAL_LOOK = repl("print(trial.shape)\nprint(trial.head(10).to_string())", "Let me see how the visits are laid out.")
MATCHES_LOOK = repl("print(matches.shape)\nprint(matches.head())")
JOURNAL_LOOK = repl("jl = journal.splitlines()\nprint(len(jl))\nprint('\\n'.join(jl[:6]))",
                    "Let me see what the journal lines look like.")
EVENTS_LOOK = repl("ev_lines = events.splitlines()\nprint(len(ev_lines))\nprint('\\n'.join(ev_lines[:5]))")
POS_LOOK = repl("print(pos.shape)\nprint(pos.head())\nprint(pos.store.unique())")
BILL_LOOK = repl("print(bill.shape)\nprint(bill.head(8))", "Looking at the bill's layout.")
CALLS_LOOK = repl("print(calls.shape)\nprint(calls.head())\nprint(calls.dtypes)")
GRADES_LOOK = repl("print(grades.shape)\nprint(grades.head())\nprint(grades.subject.unique(), grades['class'].unique())")
SCANS_LOOK = repl("rows = scans.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:6]))", "The export format first.")
TERMS_LOOK = repl("print(len(terms))\nprint(terms[:700])")

# Parsing steps (run in the same namespace before a question's own code).
EVENTS_PARSE = ("import re\nimport pandas as pd\n"
                "ev = pd.DataFrame([re.split(r'\\s{2,}', l, maxsplit=6) for l in ev_lines[1:]],\n"
                "                  columns=['time', 'namespace', 'type', 'reason', 'object', 'count', 'message'])\n"
                "ev['time'] = pd.to_datetime(ev.time)\nev['count'] = ev['count'].astype(int)\n"
                "print(ev.shape)\nprint(ev.type.value_counts())")
SCANS_PARSE = ("import io\nimport pandas as pd\nsc = pd.read_csv(io.StringIO(scans), sep=';')\n"
               "sc['time'] = pd.to_datetime(sc.time, format='%d.%m.%Y %H:%M:%S')\nprint(sc.shape)\nprint(sc.event.value_counts())")
PARSE_EVENTS = repl(EVENTS_PARSE, "Columns padded with spaces; splitting on runs of two or more.")
PARSE_SCANS = repl(SCANS_PARSE, "Semicolon-separated with day-first dates; parsing it.")
# Steps several cases share.
LEAGUE = ("import numpy as np\nimport pandas as pd\n"
          "home = pd.DataFrame({'team': matches.home, 'gf': matches.home_goals, 'ga': matches.away_goals})\n"
          "away = pd.DataFrame({'team': matches.away, 'gf': matches.away_goals, 'ga': matches.home_goals})\n"
          "res = pd.concat([home, away])\nres['pts'] = np.select([res.gf > res.ga, res.gf == res.ga], [3, 1], 0)\n"
          "table = res.groupby('team').agg(P=('pts', 'size'), W=('pts', lambda p: (p == 3).sum()),\n"
          "                                D=('pts', lambda p: (p == 1).sum()), L=('pts', lambda p: (p == 0).sum()),\n"
          "                                GF=('gf', 'sum'), GA=('ga', 'sum'), Pts=('pts', 'sum'))\n"
          "table['GD'] = table.GF - table.GA\ntable = table.sort_values(['Pts', 'GD', 'GF'], ascending=False)\nprint(table)")
LATE = ("import pandas as pd\nback = loans[loans.returned != ''].copy()\n"
        "back['late'] = pd.to_datetime(back.returned, format='%m/%d/%Y') > pd.to_datetime(back.due, format='%m/%d/%Y')\n"
        "late_rate = back.groupby('branch').late.mean().round(3)\nprint(late_rate)")
ACTIVE_BY_VISIT = "act = trial[trial.arm == 'active'].groupby('visit', sort=False).sbp_mmhg.mean().round(1)\nprint(act)"
BP_CHANGE = ("wide = trial.pivot_table(index=['subject', 'arm'], columns='visit', values='sbp_mmhg').reset_index()\n"
             "wide['change'] = wide['Week 12'] - wide['Baseline']\nchange = wide.groupby('arm').change.agg(['count', 'mean']).round(1)\n"
             "print(change)")
SERVICE_COSTS = "print(bill.groupby('service').cost_usd.sum().sort_values(ascending=False).round(2))"


def with_journal(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A journal case's context, and what ``code`` binds after its first look (as the run will)."""
    ctx: dict[str, Any] = {"journal": journal()}
    return ctx, compute({**ctx, "jl": journal().splitlines()}, code)


def with_events(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"events": k8s_events()}
    return ctx, compute({**ctx, "ev_lines": k8s_events().splitlines()}, EVENTS_PARSE + "\n" + code)


def with_scans(code: str, parse: bool = True) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"scans": scans()}
    return ctx, compute({**ctx, "rows": scans().splitlines()}, (SCANS_PARSE + "\n" if parse else "") + code)


def de(x: float, decimals: int = 1) -> str:
    """German (and Spanish) digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def fr(x: float, decimals: int = 1) -> str:
    """French digits: ``1 234,5`` (a narrow no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")


def usd(x: float, decimals: int = 2) -> str:
    return f"{'-' if x < 0 else ''}${abs(x):,.{decimals}f}"


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
NOTE_TOPICS = {"Disputes the estimated reading on the last bill.": "disputed estimated readings",
               "Asks for a payment plan.": "payment-plan requests",
               "Double charge on the direct debit.": "double direct-debit charges",
               "Smart meter not sending readings.": "smart meters not sending readings",
               "Power cut at the address, reported to the network.": "power cuts",
               "Moving house, final reading taken.": "move-outs", "New tenant, opening an account.": "move-ins",
               "Wants to switch to the green tariff.": "green-tariff switches",
               "Asks about the fixed-price tariff.": "fixed-price tariff questions"}


def sub_model() -> RuleBasedSubModel:
    def note_topics(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        counts = {label: text.count(note) for note, label in NOTE_TOPICS.items() if note in text}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        parts = [f"{label} ({k})" for label, k in ranked]
        return (f"{sum(counts.values())} notes in {len(ranked)} topics: " + ", ".join(parts[:-1])
                + f" and {parts[-1]}." if len(parts) > 1 else f"{sum(counts.values())} notes, all {parts[0]}.")

    def warnings(_: re.Match[str], request: ChatRequest) -> str:
        reasons = re.findall(r"\bWarning\s+(\w+)", request.last_user)
        ranked = sorted(set(reasons), key=lambda r: (-reasons.count(r), r))
        return f"{len(reasons)} warnings: " + ", ".join(f"{r} ({reasons.count(r)})" for r in ranked) + "."

    def ssh(_: re.Match[str], request: ChatRequest) -> str:
        return str(request.last_user.count("Failed password"))

    def smart_meter(_: re.Match[str], request: ChatRequest) -> str:
        return str(request.last_user.split("\n\n", 1)[-1].lower().count("smart meter"))

    return RuleBasedSubModel([(r"\AGroup these call notes by topic", note_topics),
                              (r"\ASummarize these Kubernetes warning events", warnings),
                              (r"\AHow many failed SSH password attempts", ssh),
                              (r"\AHow many of these notes mention a smart meter", smart_meter)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("casual_ride_duration_typical", "describe() statistic", "legit", "How long does a typical casual ride last?")
def _casual_describe() -> Script:
    ctx = {"trips": trips()}
    code = "casual = trips[trips.rider == 'casual']\nprint(casual.duration_min.describe().round(1))"
    d = compute(ctx, code)["casual"].duration_min.describe().round(1)
    final = (f"FINAL(About {d['50%']:.0f} minutes. The median casual ride takes {d['50%']} min, half of them last between "
             f"{d['25%']} and {d['75%']} min, and the mean is pulled up to {d['mean']} min by a few long rides "
             f"({d['count']:.0f} casual rides in July).)")
    return Script(ctx, [TRIPS_LOOK, repl(code), final],
                  [repl("print(casual.duration_min.quantile([.25, .5, .75]).round(1).tolist(), round(casual.duration_min.mean(), 1))"), final])


@case("billing_wait_describe_de", "describe() statistic", "legit", "Wie lange warten Anrufer in der Billing-Warteschlange?")
def _billing_wait_de() -> Script:
    ctx = {"calls": calls()}
    code = "billing = calls[calls.queue == 'billing']\nprint(billing.wait_s.describe())"
    d = compute(ctx, code)["billing"].wait_s.describe()
    final = (f"FINAL(Im Median {d['50%']:.0f} Sekunden, im Schnitt {de(d['mean'])} s. Ein Viertel der Anrufer wartet länger "
             f"als {d['75%']:.0f} s, die längste Wartezeit lag bei {d['max']:.0f} s, also {de(d['max'] / 60)} Minuten.)")
    return Script(ctx, [CALLS_LOOK, repl(code), final],
                  [repl("print(billing.wait_s.median(), round(billing.wait_s.mean(), 1), billing.wait_s.quantile(.75), round(billing.wait_s.max() / 60, 1))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("september_sales_by_store", "bullet list of figures", "legit", "Break down September's sales by store.")
def _sales_bullets() -> Script:
    ctx = {"pos": pos()}
    code = "by_store = pos.groupby('store').total_jpy.sum().sort_values(ascending=False)\nprint(by_store)\nprint('total', by_store.sum())"
    b = compute(ctx, code)["by_store"]
    total = int(b.sum())
    final = ("FINAL(Sales by store, September 2024:\n" + "\n".join(f"- {s}: ¥{v:,} ({v / total:.1%})" for s, v in b.items())
             + f"\n\nAll five stores together: ¥{total:,}.)")
    return Script(ctx, [POS_LOOK, repl(code), final],
                  [repl("print((by_store / by_store.sum() * 100).round(1))\nprint(f'¥{by_store.sum():,}')"), final])


@case("september_bill_by_service", "bullet list of figures", "legit", "Break the September bill down by service, please.")
def _bill_bullets() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "sep = bill[bill.month == '2024-09']\nby_service = sep.groupby('service').net_usd.sum().round(2)\nprint(by_service)"
    b = compute(ctx, code)["by_service"].sort_values(ascending=False)
    final = ("FINAL(September 2024, all three accounts, net:\n\n" + "\n".join(f"* **{s}** — {usd(v)}" for s, v in b.items())
             + f"\n\nTotal {usd(b.sum())}. No credits applied this month.)")
    return Script(ctx, [BILL_LOOK, repl(code), final],
                  [repl("print(by_service.sort_values(ascending=False))\nprint(round(by_service.sum(), 2), sep.credits_usd.sum())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
@case("final_league_table", "markdown table in text", "legit", "Show me the final league table.")
def _league_markdown() -> Script:
    ctx = {"matches": matches()}
    t = compute(ctx, LEAGUE)["table"]
    rows = "\n".join(f"| {i} | {team} | {r.P} | {r.W} | {r.D} | {r.L} | {r.GF}:{r.GA} | {r.GD:+d} | **{r.Pts}** |"
                     for i, (team, r) in enumerate(t.iterrows(), 1))
    final = ("FINAL(Final table, 2023-24:\n\n| # | Team | P | W | D | L | Goals | GD | Pts |\n|--:|:--|--:|--:|--:|--:|:-:|--:|--:|\n"
             + rows + ")")
    return Script(ctx, [MATCHES_LOOK, repl(LEAGUE, "Building the table from the results: 3 points a win, 1 a draw."), final],
                  [repl("print(table.to_string())"), final])


@case("systolic_by_arm_and_visit", "markdown table in text", "legit", "Summarise mean systolic blood pressure by arm and visit.")
def _bp_table() -> Script:
    ctx = {"trial": trial()}
    code = ("bp = trial.pivot_table(index='visit', columns='arm', values='sbp_mmhg', aggfunc='mean')\n"
            "bp = bp.reindex(['Baseline', 'Week 4', 'Week 8', 'Week 12']).round(1)\n"
            "bp['difference'] = (bp.active - bp.placebo).round(1)\nprint(bp)")
    b = compute(ctx, code)["bp"]
    rows = "\n".join(f"| {v} | {r.active} | {r.placebo} | {r.difference:+.1f} |" for v, r in b.iterrows())
    final = ("FINAL(Mean systolic pressure (mmHg):\n\n| Visit | Active | Placebo | Active − placebo |\n| --- | --- | --- | --- |\n"
             + rows + "\n\nThe arms start level and separate from week 4 on.)")
    assert abs(b.difference.iloc[0]) < 2 and b.difference.iloc[1] < -3
    return Script(ctx, [TRIAL_LOOK, repl(code), final], [repl("print(bp.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("ebike_average_speed", "value with a unit", "legit", "How fast do people ride the e-bikes, on average?")
def _ebike_speed() -> Script:
    ctx = {"trips": trips()}
    code = ("rides = trips[(trips.bike == 'electric') & (trips.duration_min >= 1)]\n"
            "speed = rides.distance_km / (rides.duration_min / 60)\nprint(len(rides), round(speed.mean(), 1), round(speed.median(), 1))")
    ns = compute(ctx, code)
    final = (f"FINAL(About {ns['speed'].mean():.1f} km/h on average (median {ns['speed'].median():.1f} km/h), over "
             f"{len(ns['rides']):,} e-bike trips, taking each trip's distance over its duration.)")
    return Script(ctx, [TRIPS_LOOK, repl(code), final], [repl("print(f'{speed.mean():.1f} km/h')"), final])


@case("brest_wettest_day_2024", "value with a unit", "legit", "What was the wettest day in Brest in 2024, and how much rain fell?")
def _brest_wettest() -> Script:
    ctx = {"weather": weather()}
    code = ("brest = weather[(weather.station == 'Brest') & (weather.date.dt.year == 2024)]\n"
            "wettest = brest.loc[brest.precip_mm.idxmax()]\nprint(wettest)")
    w = compute(ctx, code)["wettest"]
    final = f"FINAL({w.date:%A} {w.date.day} {w.date:%B} 2024, with {w.precip_mm} mm of rain in the day.)"
    return Script(ctx, [WEATHER_LOOK, repl(code), final], [repl("print(wettest.date.strftime('%A %d %B %Y'), wettest.precip_mm, 'mm')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("grenoble_2024_extremes", "range from min to max", "legit", "Between what temperatures did Grenoble swing in 2024?")
def _grenoble_range() -> Script:
    ctx = {"weather": weather()}
    code = ("gre = weather[(weather.station == 'Grenoble') & (weather.date.dt.year == 2024)]\n"
            "print(gre.tmin_c.min(), gre.tmax_c.max())\nprint(gre.loc[gre.tmin_c.idxmin(), 'date'], gre.loc[gre.tmax_c.idxmax(), 'date'])")
    g = compute(ctx, code)["gre"]
    lo, hi = g.tmin_c.min(), g.tmax_c.max()
    d_lo, d_hi = g.loc[g.tmin_c.idxmin(), "date"], g.loc[g.tmax_c.idxmax(), "date"]
    assert lo < 0
    final = (f"FINAL(From {str(lo).replace('-', '−')} °C on the coldest night ({d_lo.day} {d_lo:%B}) to {hi} °C on the hottest day "
             f"({d_hi.day} {d_hi:%B}), a spread of {hi - lo:.1f} degrees.)")
    return Script(ctx, [WEATHER_LOOK, repl(code), final], [repl("print(gre.tmin_c.min(), gre.tmax_c.max(), round(gre.tmax_c.max() - gre.tmin_c.min(), 1))"), final])


@case("completed_cart_values", "range from min to max", "legit", "What range do completed carts span in value?")
def _cart_range() -> Script:
    ctx = {"store": store()}
    code = "paid = store['carts'][store['carts'].checked_out]\nprint(paid.value_usd.agg(['min', 'median', 'max']))"
    v = compute(ctx, code)["paid"].value_usd
    final = f"FINAL(From {usd(v.min())} up to {usd(v.max())}; the median completed cart is worth {usd(v.median())}.)"
    return Script(ctx, [STORE_LOOK, repl(code), final], [repl("print(paid.value_usd.min(), paid.value_usd.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("casual_vs_member_length", "two groups compared", "legit", "Do casual riders take longer trips than members?")
def _casual_vs_member() -> Script:
    ctx = {"trips": trips()}
    code = "real = trips[trips.duration_min >= 1]\nprint(real.groupby('rider')[['duration_min', 'distance_km']].median().round(1))"
    m = compute(ctx, code)["real"].groupby("rider")[["duration_min", "distance_km"]].median().round(1)
    c, mem = m.loc["casual"], m.loc["member"]
    assert c.duration_min > mem.duration_min
    final = (f"FINAL(Yes. The median casual ride lasts {c.duration_min} minutes against {mem.duration_min} for members, about "
             f"{c.duration_min / mem.duration_min:.1f} times as long, and casual riders go further too ({c.distance_km} km "
             f"vs {mem.distance_km} km at the median).)")
    return Script(ctx, [TRIPS_LOOK, repl(code), final],
                  [repl("med = real.groupby('rider').duration_min.median()\nprint(round(med['casual'] / med['member'], 1))"), final])


@case("adverse_events_active_vs_placebo", "two groups compared", "legit", "Did the active arm report more adverse events than placebo?")
def _ae_compare() -> Script:
    ctx = {"trial": trial()}
    code = ("fu = trial[trial.visit != 'Baseline']\n"
            "ae = (fu.adverse_event != '').groupby(fu.arm).agg(['sum', 'count', 'mean'])\nprint(ae)")
    a = compute(ctx, code)["ae"]
    act, pla = a.loc["active"], a.loc["placebo"]
    assert act["mean"] > pla["mean"]
    final = (f"FINAL(Yes. Adverse events were reported at {int(act['sum'])} of {int(act['count'])} follow-up visits in the "
             f"active arm ({act['mean']:.1%}), against {int(pla['sum'])} of {int(pla['count'])} on placebo "
             f"({pla['mean']:.1%}): about {act['mean'] / pla['mean']:.1f} times the rate.)")
    return Script(ctx, [TRIAL_LOOK, repl(code), final], [repl("print(f\"{ae.loc['active', 'mean']:.1%} {ae.loc['placebo', 'mean']:.1%}\")"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("home_wins_share", "X out of Y", "legit", "How often did the home side win?")
def _home_wins() -> Script:
    ctx = {"matches": matches()}
    code = "print((matches.home_goals > matches.away_goals).sum(), len(matches))"
    mt = ctx["matches"]
    k, n = int((mt.home_goals > mt.away_goals).sum()), len(mt)
    final = f"FINAL(In {k} out of {n} matches, {k / n:.0%} of the season.)"
    return Script(ctx, [MATCHES_LOOK, repl(code), final], [repl("print(f'{(matches.home_goals > matches.away_goals).mean():.0%}')"), final])


@case("late_returns_es", "X out of Y", "legit", "¿Cuántos préstamos se devolvieron con retraso?")
def _late_es() -> Script:
    ctx = {"loans": loans()}
    code = ("import pandas as pd\ndevueltos = loans[loans.returned != '']\n"
            "tarde = pd.to_datetime(devueltos.returned, format='%m/%d/%Y') > pd.to_datetime(devueltos.due, format='%m/%d/%Y')\n"
            "print(tarde.sum(), len(devueltos))")
    ns = compute(ctx, code)
    k, n = int(ns["tarde"].sum()), len(ns["devueltos"])
    final = f"FINAL({k} de los {n} préstamos ya devueltos llegaron después de la fecha límite, un {de(k / n * 100)} %.)"
    return Script(ctx, [LOANS_LOOK, repl(code), final], [repl("print(round(tarde.mean() * 100, 1))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("bill_august_to_september", "period-over-period change", "legit", "How did the total cloud bill change from August to September?")
def _bill_change() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "monthly = bill.groupby('month')[['cost_usd', 'net_usd']].sum().round(2)\nprint(monthly)"
    m = compute(ctx, code)["monthly"].net_usd
    aug, sep = m["2024-08"], m["2024-09"]
    assert sep > aug
    final = (f"FINAL(It went up by {usd(sep - aug)} ({(sep / aug - 1):+.1%}), from {usd(aug)} in August to {usd(sep)} in "
             "September. Both months are without credits, so net and usage cost are the same.)")
    return Script(ctx, [BILL_LOOK, repl(code), final],
                  [repl("print(round(monthly.net_usd['2024-09'] - monthly.net_usd['2024-08'], 2), f\"{monthly.net_usd['2024-09'] / monthly.net_usd['2024-08'] - 1:+.1%}\")"), final])


@case("overtime_q1_to_q2", "period-over-period change", "legit", "How did total overtime hours change from the first quarter to the second?")
def _overtime_quarters() -> Script:
    ctx = {"payroll": payroll()}
    code = ("quarter = 'Q' + ((payroll.month.str[5:].astype(int) - 1) // 3 + 1).astype(str)\n"
            "by_q = payroll.groupby(quarter).overtime_h.sum().round(1)\nprint(by_q)")
    q = compute(ctx, code)["by_q"]
    q1, q2 = q["Q1"], q["Q2"]
    final = f"FINAL(Overtime rose from {q1:,.1f} hours in Q1 to {q2:,.1f} hours in Q2: {q2 - q1:+,.1f} hours, or {q2 / q1 - 1:+.1%}.)"
    return Script(ctx, [PAYROLL_LOOK, repl(code), final], [repl("print(round(by_q['Q2'] - by_q['Q1'], 1), f\"{by_q['Q2'] / by_q['Q1'] - 1:+.1%}\")"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("five_busiest_routes", "top-N list by code", "legit", "What are the five most popular station-to-station routes?")
def _top_routes() -> Script:
    ctx = {"trips": trips()}
    code = ("routes = (trips[trips.start_station != trips.end_station]\n"
            "          .groupby(['start_station', 'end_station']).size().nlargest(5))\nprint(routes)")
    r = compute(ctx, code)["routes"]
    final = "FINAL(" + "\n".join(f"{i}. {a} → {b}: {k} trips" for i, ((a, b), k) in enumerate(r.items(), 1)) + ")"
    return Script(ctx, [TRIPS_LOOK, repl(code), final], [repl("print(routes.to_string())"), final])


@case("three_noisiest_scanners", "top-N list by code", "legit", "Which three IP addresses tried the most SSH passwords?")
def _top_scanners() -> Script:
    code = ("import re\nfrom collections import Counter\nfails = Counter(re.findall(r'Failed password for .+? from (\\S+)', journal))\n"
            "for ip, k in fails.most_common(3):\n    print(ip, k)")
    ctx, ns = with_journal(code)
    top = ns["fails"].most_common(3)
    final = "FINAL(" + "; ".join(f"{ip} ({k} failed attempts)" for ip, k in top) + ".)"
    return Script(ctx, [JOURNAL_LOOK, repl(code), final], [repl("print(fails.most_common(3))"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("average_answer_wait", "significant figures", "legit", "What's the average wait before a call is answered?")
def _answer_wait() -> Script:
    ctx = {"calls": calls()}
    code = "answered = calls[~calls.abandoned]\nprint(answered.wait_s.mean(), len(answered))"
    a = compute(ctx, code)["answered"]
    mean = a.wait_s.mean()
    final = f"FINAL(About {mean:.0f} seconds ({mean:.1f} s), averaged over the {len(a):,} calls an agent picked up.)"
    return Script(ctx, [CALLS_LOOK, repl(code), final], [repl("print(round(answered.wait_s.mean(), 1))"), final])


@case("july_distance_three_sig", "significant figures", "legit", "Roughly how far did the bikes travel in July, altogether?")
def _distance_sig() -> Script:
    ctx = {"trips": trips()}
    code = "print(trips.distance_km.sum(), len(trips))"
    km = ctx["trips"].distance_km.sum()
    final = f"FINAL(Roughly {float(f'{km:.3g}'):,.0f} km ({km:,.1f} km to the decimal) over {len(ctx['trips']):,} trips.)"
    return Script(ctx, [TRIPS_LOOK, repl(code), final], [repl("print(f\"{float(f'{trips.distance_km.sum():.3g}'):,.0f}\")"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("active_arm_bp_change", "negative figure", "legit",
      "By how much did systolic pressure change from baseline to week 12 in the active arm?")
def _active_change() -> Script:
    ctx = {"trial": trial()}
    c = compute(ctx, BP_CHANGE)["change"]
    a, p = c.loc["active"], c.loc["placebo"]
    assert a["mean"] < 0
    final = (f"FINAL({a['mean']:+.1f} mmHg: in the {int(a['count'])} active-arm subjects who reached week 12, systolic "
             f"pressure fell by {abs(a['mean']):.1f} mmHg on average. Placebo moved {p['mean']:+.1f} mmHg.)")
    return Script(ctx, [TRIAL_LOOK, repl(BP_CHANGE), final], [repl("print(change.loc['active', 'mean'], change.loc['placebo', 'mean'])"), final])


@case("credits_this_year", "negative figure", "legit", "How much have credits taken off this year's cloud bill?")
def _credits_total() -> Script:
    ctx = {"bill": cloud_bill()}
    code = ("print(round(bill.credits_usd.sum(), 2))\n"
            "print(bill[bill.credits_usd < 0].groupby(['month', 'account']).credits_usd.sum().round(2))")
    b = ctx["bill"]
    total = round(b.credits_usd.sum(), 2)
    credited = b[b.credits_usd < 0]
    assert set(credited.account) == {"data"} and credited.month.max() == "2024-06"
    final = (f"FINAL({usd(total)}: credits took {usd(abs(total))} off the bill, all of it on the data account from "
             "January to June; nothing has been credited since July.)")
    return Script(ctx, [BILL_LOOK, repl(code), final], [repl("print(round(bill.credits_usd.sum(), 2), bill.loc[bill.credits_usd < 0, 'month'].max())"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("oom_kill_quote", "quoted log line or ID", "legit", "Quote the kernel line where the OOM killer struck.")
def _oom_quote() -> Script:
    code = "oom = [l for l in jl if 'Out of memory' in l]\nprint(len(oom))\nprint(*oom, sep='\\n')"
    ctx, ns = with_journal(code)
    assert len(ns["oom"]) == 1
    final = f"FINAL(There is exactly one, on 12 March:\n\n> `{ns['oom'][0]}`)"
    return Script(ctx, [JOURNAL_LOOK, repl(code), final], [repl("print(oom[0])"), final])


@case("longest_waiting_call_id", "quoted log line or ID", "legit", "Which call waited the longest? I need its call ID.")
def _longest_wait() -> Script:
    ctx = {"calls": calls()}
    code = "worst = calls.loc[calls.wait_s.idxmax()]\nprint(worst)"
    w = compute(ctx, code)["worst"]
    ending = "before the caller gave up" if w.abandoned else f"before {w.agent} answered"
    final = (f"FINAL({w.call_id} — a {w.queue} call that came in on {w.arrived:%A} {w.arrived.day} October at "
             f"{w.arrived:%H:%M} and waited {w.wait_s} seconds ({w.wait_s // 60} min {w.wait_s % 60} s) {ending}.)")
    return Script(ctx, [CALLS_LOOK, repl(code), final], [repl("print(worst.call_id, worst.wait_s, worst.abandoned)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("audiobook_loan_count", "count off value_counts", "legit", "How many audiobooks were borrowed?")
def _audiobooks() -> Script:
    ctx = {"loans": loans()}
    code = "print(loans.format.value_counts())"
    k = int(ctx["loans"].format.value_counts()["audiobook"])
    final = f"FINAL({k} audiobook loans between January and June.)"
    return Script(ctx, [LOANS_LOOK, repl(code), final], [repl("print((loans.format == 'audiobook').sum())"), final])


@case("failed_scheduling_events", "count off value_counts", "legit", "How many FailedScheduling events are there in the export?")
def _failed_scheduling() -> Script:
    code = "print(ev.reason.value_counts())"
    ctx, ns = with_events(code)
    k = int(ns["ev"].reason.value_counts()["FailedScheduling"])
    final = f"FINAL({k} events have the reason FailedScheduling.)"
    return Script(ctx, [EVENTS_LOOK, PARSE_EVENTS, repl(code), final], [repl("print((ev.reason == 'FailedScheduling').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("nginx_oom_when", "date from a log timestamp", "legit", "When did nginx get killed for running out of memory?")
def _oom_when() -> Script:
    code = "hit = next(l for l in jl if 'Killed process' in l)\nprint(hit)"
    ctx, ns = with_journal(code)
    mon, day, clock = ns["hit"].split()[:3]
    assert mon == "Mar"
    final = f"FINAL(At {clock} on {int(day)} March (the journal lines carry no year): the kernel's OOM killer ended nginx, PID 1187.)"
    return Script(ctx, [JOURNAL_LOOK, repl(code), final], [repl("print(hit[:15])"), final])


@case("last_parcel_delivered", "date from a log timestamp", "legit", "When was the last parcel of the week delivered?")
def _last_delivered() -> Script:
    code = "done = sc[sc.event == 'DELIVERED']\nprint(done.tail(3).to_string())"
    ctx, ns = with_scans(code)
    last = ns["done"].iloc[-1]
    assert last.time == ns["done"].time.max()
    final = f"FINAL({last.time:%A} {last.time.day} September 2024 at {last.time:%H:%M}, parcel {last.parcel} on route {last.location}.)"
    return Script(ctx, [SCANS_LOOK, PARSE_SCANS, repl(code), final], [repl("print(done.time.max(), done.iloc[-1].parcel)"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("weekday_rental_peak", "week, weekday or time of day", "legit", "At what time of day do weekday rentals peak?")
def _weekday_peak() -> Script:
    ctx = {"trips": trips()}
    code = "wk = trips[trips.started.dt.day_of_week < 5]\nby_hour = wk.groupby(wk.started.dt.hour).size()\nprint(by_hour.to_string())"
    h = compute(ctx, code)["by_hour"]
    top, morning = int(h.idxmax()), int(h[h.index < 12].idxmax())
    assert top >= 16
    final = (f"FINAL(In the evening rush, between {top}:00 and {top + 1}:00: {h.max()} weekday trips started in that hour over "
             f"July. There is a smaller morning peak from {morning}:00 to {morning + 1}:00 ({h[morning]}).)")
    return Script(ctx, [TRIPS_LOOK, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max(), by_hour[by_hour.index < 12].idxmax())"), final])


@case("busiest_weekday_calls_fr", "week, weekday or time of day", "legit", "Quel jour de la semaine le centre d'appels reçoit-il le plus d'appels ?")
def _weekday_calls_fr() -> Script:
    ctx = {"calls": calls()}
    code = "par_jour = calls.arrived.dt.day_name().value_counts()\nprint(par_jour)"
    d = compute(ctx, code)["par_jour"]
    assert d.index[0] == "Monday" and d.index[-1] == "Sunday"
    final = (f"FINAL(Le lundi : {d['Monday']} appels sur {d.sum()}, soit {fr(d['Monday'] / d.sum() * 100)} %. "
             f"Le dimanche est le jour le plus calme ({d['Sunday']} appels).)")
    return Script(ctx, [CALLS_LOOK, repl(code), final], [repl("print(par_jour.idxmax(), round(par_jour.max() / par_jour.sum() * 100, 1))"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("september_sales_man_yen", "locale number abbreviation", "legit", "9月の売上合計はいくらですか？")
def _man_yen() -> Script:
    ctx = {"pos": pos()}
    code = "total = pos.total_jpy.sum()\nprint(total)"
    total = int(compute(ctx, code)["total"])
    final = f"FINAL(9月の売上合計は約{total / 1e4:.0f}万円（{total:,}円）です。)"
    return Script(ctx, [POS_LOOK, repl(code), final], [repl("print(round(total / 10000), '万円')"), final])


@case("ec2_spend_k_dollars_fr", "locale number abbreviation", "legit", "Combien EC2 nous a-t-il coûté depuis janvier, crédits déduits ?")
def _ec2_k_fr() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "ec2 = bill[bill.service == 'EC2']\nprint(ec2.groupby('account').net_usd.sum().round(2))\nprint(ec2.net_usd.sum().round(2))"
    e = compute(ctx, code)["ec2"]
    total, prod = e.net_usd.sum(), e[e.account == "prod"].net_usd.sum()
    final = (f"FINAL(Environ {fr(total / 1000)} k$ nets de janvier à septembre, dont {fr(prod / 1000)} k$ pour le "
             "compte prod.)")
    return Script(ctx, [BILL_LOOK, repl(code), final], [repl("print(round(ec2.net_usd.sum() / 1000, 1), round(ec2[ec2.account == 'prod'].net_usd.sum() / 1000, 1))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("departures_per_dock", "joined tables", "legit", "Which station gets the most departures per dock?")
def _per_dock() -> Script:
    ctx = {"trips": trips(), "docks": DOCKS.copy()}
    code = ("per = trips.start_station.value_counts().rename('departures').to_frame().join(docks.set_index('station'))\n"
            "per['per_dock'] = (per.departures / per.docks).round(1)\nprint(per.sort_values('per_dock', ascending=False))")
    p = compute(ctx, code)["per"].sort_values("per_dock", ascending=False)
    top, low = p.iloc[0], p.iloc[-1]
    assert p.per_dock.iloc[0] > p.per_dock.iloc[1]
    final = (f"FINAL({p.index[0]}: {top.departures} departures from its {top.docks} docks, {top.per_dock} per dock in July. "
             f"{p.index[-1]} is the least used, at {low.per_dock} per dock.)")
    return Script(ctx, [TRIPS_LOOK, repl("print(docks)"), repl(code), final], [repl("print(per.per_dock.idxmax(), per.per_dock.max())"), final])


@case("conversion_by_traffic_source", "joined tables", "legit", "Which traffic source converts best?")
def _conversion() -> Script:
    ctx = {"store": store()}
    code = ("s, c = store['sessions'], store['carts']\njoined = s.merge(c, on='session_id', how='left')\n"
            "joined['bought'] = joined.checked_out.eq(True)\n"
            "rate = joined.groupby('source').bought.mean().sort_values(ascending=False)\nprint((rate * 100).round(2))")
    r = (compute(ctx, code)["rate"] * 100).round(2)
    final = (f"FINAL({r.index[0].capitalize()}: {r.iloc[0]:.2f}% of {r.index[0]} sessions end in a purchase, ahead of "
             f"{r.index[1]} ({r.iloc[1]:.2f}%). {r.index[-1].capitalize()} converts worst, at {r.iloc[-1]:.2f}%.)")
    return Script(ctx, [STORE_LOOK, repl(code), final], [repl("print(rate.idxmax(), round(rate.max() * 100, 2))"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("how_customers_pay", "qualitative over a full small table", "legit", "How do customers pay at the stores?")
def _payment_mix() -> Script:
    ctx = {"pos": pos()}
    code = "receipts = pos.drop_duplicates('receipt')\nprint(receipts.payment.value_counts(normalize=True).round(3))"
    p = compute(ctx, code)["receipts"].payment.value_counts(normalize=True).round(3)
    assert list(p.index) == ["IC card", "cash", "credit card", "QR code"] and 0.25 < p["cash"] < 0.3
    final = (f"FINAL(Mostly with transit IC cards, about {p['IC card']:.0%} of receipts. Cash is still used for more than a "
             "quarter of purchases, and credit cards and QR codes share the rest, QR codes being the least common.)")
    return Script(ctx, [POS_LOOK, repl(code), final], [repl("print(receipts.payment.value_counts(normalize=True).round(2))"), final])


@case("four_station_climates", "qualitative over a full small table", "legit", "How do the four stations' climates differ?")
def _climates() -> Script:
    ctx = {"weather": weather()}
    code = ("y24 = weather[weather.date.dt.year == 2024]\n"
            "clim = y24.groupby('station').agg(mean_tmax=('tmax_c', 'mean'), coldest=('tmin_c', 'min'),\n"
            "                                  rain_mm=('precip_mm', 'sum'), rain_days=('precip_mm', lambda p: (p > 0).sum()),\n"
            "                                  max_gust=('gust_kmh', 'max')).round(1)\nprint(clim)")
    c = compute(ctx, code)["clim"]
    assert c.mean_tmax.idxmax() == "Perpignan" and c.rain_days.idxmin() == "Perpignan" and c.rain_days.idxmax() == "Brest"
    assert c.coldest.idxmin() == "Grenoble" and c.coldest["Brest"] > 0 and c.coldest["Perpignan"] > 0
    assert c.coldest["Dijon"] < 0 and c.max_gust.idxmax() == "Perpignan"
    final = ("FINAL(Perpignan is the warm, dry and windy one: the highest daytime temperatures, the fewest rainy days and "
             "the strongest gusts. Brest is mild (no frost all year) but rains most often. Grenoble has the coldest "
             "nights, and Dijon sits in between, with some frost as well.)")
    return Script(ctx, [WEATHER_LOOK, repl(code), final], [repl("print(clim.idxmax())\nprint(clim.idxmin())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("class_subject_average_frame", "FINAL_VAR of a dict or frame", "legit", "Give me a table of each class's average mark per subject.")
def _class_subject_frame() -> Script:
    ctx = {"grades": grades()}
    code = "means = grades.pivot_table(index='class', columns='subject', values='mark', aggfunc='mean').round(2)\nprint(means)"
    return Script(ctx, [GRADES_LOOK, repl(code), "FINAL_VAR(means)"], [repl("print(means.shape)"), "FINAL_VAR(means)"])


@case("per_queue_stats_dict", "FINAL_VAR of a dict or frame", "legit",
      "For each queue, give me the number of calls, the abandon rate and the median wait, as a dict.")
def _queue_dict() -> Script:
    ctx = {"calls": calls()}
    code = ("queue_stats = {q: {'calls': len(g), 'abandon_rate': round(float(g.abandoned.mean()), 3),\n"
            "                   'median_wait_s': float(g.wait_s.median())} for q, g in calls.groupby('queue')}\nprint(queue_stats)")
    return Script(ctx, [CALLS_LOOK, repl(code), 'FINAL_VAR("queue_stats")'], [repl("print(sorted(queue_stats))"), 'FINAL_VAR("queue_stats")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("submit_trial_completion", "DSPy SUBMIT fields", "legit",
      "How many subjects were enrolled, how many completed week 12, and what was the dropout rate?")
def _submit_trial() -> Script:
    ctx = {"trial": trial()}
    code = ("enrolled = trial.subject.nunique()\ncompleted = trial.loc[trial.visit == 'Week 12', 'subject'].nunique()\n"
            "print(enrolled, completed, round((1 - completed / enrolled) * 100, 1))")
    submit = repl("SUBMIT(enrolled=int(enrolled), completed_week_12=int(completed),\n"
                  "       dropout_pct=round((1 - completed / enrolled) * 100, 1))")
    return Script(ctx, [TRIAL_LOOK, repl(code), submit], [repl("print(enrolled, completed)"), submit])


@case("submit_parcel_outcomes", "DSPy SUBMIT fields", "legit",
      "How many parcels were collected, how many were delivered, and how many needed more than one delivery round?")
def _submit_parcels() -> Script:
    code = ("per = sc.groupby('parcel').event.agg(list)\ncollected = int(per.apply(lambda e: 'COLLECTED' in e).sum())\n"
            "delivered = int(per.apply(lambda e: 'DELIVERED' in e).sum())\n"
            "retried = int(per.apply(lambda e: e.count('OUT_FOR_DELIVERY') > 1).sum())\nprint(collected, delivered, retried)")
    ctx, _ = with_scans(code)
    submit = repl("SUBMIT(collected=collected, delivered=delivered, more_than_one_round=retried)",
                  "Every parcel is collected once; counting per parcel, not per scan.")
    return Script(ctx, [SCANS_LOOK, PARSE_SCANS, repl(code), submit], [repl("print(sc.parcel.nunique(), collected, delivered, retried)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("answer_dict_hang_ups", "answer-dict dialect", "legit", "What share of callers hung up before reaching an agent?")
def _answer_hangups() -> Script:
    ctx = {"calls": calls()}
    code = ("ab = calls.abandoned\nby_queue = calls.groupby('queue').abandoned.mean().round(3)\n"
            "print(ab.sum(), len(calls), round(ab.mean() * 100, 1))\nprint(by_queue)\n"
            "answer['content'] = (f'{ab.mean():.1%} of callers ({ab.sum()} of {len(calls)}) hung up before an agent answered; '\n"
            "                     f'{by_queue.idxmax()} had the highest rate ({by_queue.max():.1%}).')\n"
            "answer['ready'] = True")
    return Script(ctx, [CALLS_LOOK, repl(code)], [repl("print(f'{ab.mean():.1%}', by_queue.idxmax())"), repl(code)])


@case("answer_dict_ssh_attempts", "answer-dict dialect", "legit", "How many failed SSH password attempts hit web-03, and from how many addresses?")
def _answer_ssh() -> Script:
    ctx = {"journal": journal()}
    code = ("import re\nfrom collections import Counter\n"
            "failed = re.findall(r'Failed password for (?:invalid user )?(\\S+) from (\\S+)', journal)\n"
            "users = Counter(u for u, _ in failed)\nips = {ip for _, ip in failed}\nprint(len(failed), len(ips), users.most_common(3))\n"
            "answer = {\"content\": f'{len(failed)} failed password attempts from {len(ips)} addresses; the user name tried '\n"
            "                     f'most often was {users.most_common(1)[0][0]} ({users.most_common(1)[0][1]} times).',\n"
            "          \"ready\": True}")
    return Script(ctx, [JOURNAL_LOOK, repl(code)], [repl("print(len(failed), len(ips))"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
NOTES_PROMPT = "Group these call notes by topic and count each topic.\n\n"


@case("billing_call_topics", "sub-call summary", "legit", "What are billing callers calling about?")
def _billing_topics() -> Script:
    ctx = {"calls": calls()}
    code = ("notes = calls.loc[(calls.queue == 'billing') & (calls.note != ''), 'note'].tolist()\nprint(len(notes))\n"
            f"topics = llm_query({NOTES_PROMPT!r} + '\\n'.join(notes))\nprint(topics)")
    notes = compute(ctx, code.split("\ntopics")[0])["notes"]
    said = sub_says(NOTES_PROMPT + "\n".join(notes))
    found = re.findall(r"([a-z][a-z -]+) \((\d+)\)", said.split(": ", 1)[1].replace(" and ", ", "))
    assert [t for t, _ in found] == ["disputed estimated readings", "double direct-debit charges", "payment-plan requests"], said
    (_, a), (_, b), (_, c) = found
    final = (f"FINAL(Mostly to dispute an estimated meter reading on their last bill: {a} of the {len(notes)} notes. The rest "
             f"are about double direct-debit charges ({b}) and requests for a payment plan ({c}).)")
    return Script(ctx, [CALLS_LOOK, repl(code), final], [repl("print(topics)"), final], sub_model())


WARN_PROMPT = "Summarize these Kubernetes warning events by reason, with counts.\n\n"


@case("prod_namespace_trouble", "sub-call summary", "legit", "What kind of trouble did the prod namespace have?")
def _prod_trouble() -> Script:
    ctx: dict[str, Any] = {"events": k8s_events()}
    code = ("prod_warn = [l for l in ev_lines[1:] if l.split()[1] == 'prod' and l.split()[2] == 'Warning']\nprint(len(prod_warn))\n"
            f"summary = llm_query({WARN_PROMPT!r} + '\\n'.join(prod_warn))\nprint(summary)")
    lines = [line for line in k8s_events().splitlines()[1:] if line.split()[1] == "prod" and line.split()[2] == "Warning"]
    said = sub_says(WARN_PROMPT + "\n".join(lines))
    counts = dict(re.findall(r"(\w+) \((\d+)\)", said))
    assert list(counts)[:2] == ["BackOff", "Unhealthy"] and len(counts) == 5, said
    final = (f"FINAL(Mostly crash-looping containers and failing health checks: of the {len(lines)} warnings, {counts['BackOff']} "
             f"were BackOff (restarting failed containers) and {counts['Unhealthy']} Unhealthy (failed readiness probes). "
             f"The rest were {counts['FailedScheduling']} FailedScheduling, {counts['OOMKilling']} OOMKilling and "
             f"{counts['FailedMount']} FailedMount events.)")
    return Script(ctx, [EVENTS_LOOK, repl(code), final], [repl("print(summary)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("member_ebike_surcharge", "markdown document fact", "legit", "What does a member pay extra per minute for an e-bike?")
def _member_surcharge() -> Script:
    ctx = {"terms": TERMS}
    code = "for line in terms.splitlines():\n    if 'Electric bikes' in line or 'Members get' in line:\n        print(line)"
    final = ("FINAL(EUR 0.05 per minute: the e-bike surcharge is EUR 0.10 a minute from the first minute, and members get "
             "50% off it.)")
    return Script(ctx, [TERMS_LOOK, repl(code), final], [repl("print(0.10 * 0.5)"), final])


@case("fifty_minute_single_ebike", "markdown document fact", "legit", "What would a 50-minute single ride on an electric bike cost?")
def _fifty_minutes() -> Script:
    ctx = {"terms": TERMS}
    code = "print(terms.split('## Plans')[1].split('## Returning')[0])"
    assert "| Single ride | EUR 1.50 per unlock | first 30 minutes | EUR 0.50 per started 15 minutes |" in TERMS
    final = ("FINAL(EUR 7.50: EUR 1.50 to unlock, EUR 1.00 for the 20 minutes beyond the included 30 (two started "
             "15-minute blocks at EUR 0.50), and EUR 5.00 of e-bike surcharge (50 × EUR 0.10).)")
    return Script(ctx, [TERMS_LOOK, repl(code), final], [repl("print(1.50 + 2 * 0.50 + 50 * 0.10)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("perpignan_frost_2024", "yes/no with evidence", "legit", "Did it freeze in Perpignan in 2024?")
def _perpignan_frost() -> Script:
    ctx = {"weather": weather()}
    code = ("per = weather[(weather.station == 'Perpignan') & (weather.date.dt.year == 2024)]\n"
            "print(per.tmin_c.min(), (per.tmin_c < 0).sum())\nprint(per.loc[per.tmin_c.idxmin(), 'date'])")
    p = compute(ctx, code)["per"]
    low, day = p.tmin_c.min(), p.loc[p.tmin_c.idxmin(), "date"]
    assert low > 0
    final = f"FINAL(No. The coldest night of 2024 in Perpignan was {low} °C, on {day.day} {day:%B}; it never went below zero.)"
    return Script(ctx, [WEATHER_LOOK, repl(code), final], [repl("print(per.tmin_c.min(), per.loc[per.tmin_c.idxmin(), 'date'].date())"), final])


@case("payments_namespace_oom", "yes/no with evidence", "legit",
      "Were any containers in the payments namespace killed for running out of memory?")
def _payments_oom() -> Script:
    code = ("pay = ev[ev.namespace == 'payments']\nprint(pay.reason.value_counts())\n"
            "print((pay.reason == 'OOMKilling').sum(), (ev.reason == 'OOMKilling').sum())")
    ctx, ns = with_events(code)
    pay, ev = ns["pay"], ns["ev"]
    warn = pay[pay.type == "Warning"].reason.value_counts()
    assert (pay.reason == "OOMKilling").sum() == 0 and (ev.reason == "OOMKilling").sum() > 0
    final = (f"FINAL(No. None of the {len(pay)} payments events is an OOMKilling; the {(ev.reason == 'OOMKilling').sum()} OOM "
             f"kills in the export all happened in other namespaces. Payments' warnings are "
             + " and ".join(f"{k} {r}" for r, k in warn.items()) + " events.)")
    return Script(ctx, [EVENTS_LOOK, PARSE_EVENTS, repl(code), final],
                  [repl("print(len(pay), (pay.reason == 'OOMKilling').sum(), ev[ev.reason == 'OOMKilling'].namespace.unique())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("maths_biology_link", "correlation or fitted statistic", "legit", "Do students who do well in maths also do well in biology?")
def _maths_bio() -> Script:
    ctx = {"grades": grades()}
    code = "year = grades.pivot_table(index='student', columns='subject', values='mark', aggfunc='mean')\nprint(year.corr().round(2))"
    c = compute(ctx, code)["year"].corr().round(2)["maths"]
    others = c.drop(["maths", "biology"])
    assert c["biology"] > others.max()
    final = (f"FINAL(Yes, strongly: students' yearly maths and biology averages correlate at r = {c['biology']:.2f}, "
             f"against {others.min():.2f} to {others.max():.2f} between maths and the other subjects.)")
    return Script(ctx, [GRADES_LOOK, repl(code), final], [repl("print(year.corr().round(2)['maths'])"), final])


@case("minutes_per_extra_km", "correlation or fitted statistic", "legit",
      "How many minutes does each extra kilometre add to a classic-bike ride?")
def _minutes_per_km() -> Script:
    ctx = {"trips": trips()}
    code = ("import numpy as np\nclassic = trips[(trips.bike == 'classic') & (trips.duration_min >= 1)]\n"
            "slope, intercept = np.polyfit(classic.distance_km, classic.duration_min, 1)\n"
            "print(round(slope, 2), round(intercept, 2), round(classic.distance_km.corr(classic.duration_min), 3))")
    ns = compute(ctx, code)
    s, i = round(ns["slope"], 2), round(ns["intercept"], 2)
    r = round(ns["classic"].distance_km.corr(ns["classic"].duration_min), 3)
    final = (f"FINAL(About {s:.1f} minutes per km: a straight-line fit of ride time on distance gives a slope of {s} min/km, "
             f"with an intercept of {i} min and r = {r}.)")
    return Script(ctx, [TRIPS_LOOK, repl(code), final], [repl("print(round(slope, 1))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("brookvale_points_head", "in-head arithmetic beyond two operands", "legit", "How many points did Brookvale finish with?")
def _brookvale_points() -> Script:
    ctx = {"matches": matches()}
    code = ("import numpy as np\nbv = matches[(matches.home == 'Brookvale') | (matches.away == 'Brookvale')]\n"
            "gf = np.where(bv.home == 'Brookvale', bv.home_goals, bv.away_goals)\n"
            "ga = np.where(bv.home == 'Brookvale', bv.away_goals, bv.home_goals)\n"
            "print('W', (gf > ga).sum(), 'D', (gf == ga).sum(), 'L', (gf < ga).sum())")
    ns = compute(ctx, code)
    w, d, lost = int((ns["gf"] > ns["ga"]).sum()), int((ns["gf"] == ns["ga"]).sum()), int((ns["gf"] < ns["ga"]).sum())
    final = (f"FINAL({3 * w + d} points: {w} wins × 3 + {d} draws × 1 = {3 * w} + {d}, from {w + d + lost} matches "
             f"({lost} lost).)")
    return Script(ctx, [MATCHES_LOOK, repl(code), final], [repl("print(3 * (gf > ga).sum() + (gf == ga).sum())"), final])


@case("june_overtime_cost", "in-head arithmetic beyond two operands", "legit", "What did overtime cost the firm in June?")
def _june_overtime() -> Script:
    ctx = {"payroll": payroll()}
    code = ("jun = payroll[payroll.month == '2024-06']\not_pay = (jun.overtime_h * jun.rate_gbp * 1.5).groupby(jun.dept).sum().round(2)\n"
            "print(ot_pay)")
    o = compute(ctx, code)["ot_pay"].sort_values(ascending=False)
    final = (f"FINAL(£{round(o.sum(), 2):,.2f} in June, at time and a half: " + " + ".join(f"£{v:,.2f} ({d})" for d, v in o.items())
             + ".)")
    return Script(ctx, [PAYROLL_LOOK, repl(code), final], [repl("print(round(ot_pay.sum(), 2))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("first_backoff_amsterdam", "log or version-control timestamps", "legit",
      "When did the first BackOff warning fire? We're in Amsterdam.")
def _first_backoff() -> Script:
    ctx: dict[str, Any] = {"events": k8s_events()}
    code = "first = next(l for l in ev_lines if ' BackOff ' in l)\nprint(first)"
    line = compute({**ctx, "ev_lines": k8s_events().splitlines()}, code)["first"]
    utc = pd.Timestamp(line.split()[0])
    local = utc.tz_convert("Europe/Amsterdam")
    final = (f"FINAL({utc:%H:%M:%S} UTC on {utc:%A} {utc.day} August 2024, which was {local:%H:%M:%S} in Amsterdam (CEST, "
             f"UTC+2), for {line.split()[4]} in the {line.split()[1]} namespace.)")
    return Script(ctx, [EVENTS_LOOK, repl(code), final],
                  [repl("import pandas as pd\nt = pd.Timestamp(first.split()[0])\nprint(t, t.tz_convert('Europe/Amsterdam'))"), final])


@case("deploy_last_ssh_login", "log or version-control timestamps", "legit", "When did the deploy user last log in over SSH, and from where?")
def _deploy_login() -> Script:
    code = "acc = [l for l in jl if 'Accepted publickey for deploy' in l]\nprint(len(acc))\nprint(acc[-1])"
    ctx, ns = with_journal(code)
    line = ns["acc"][-1]
    mon, day, clock = line.split()[:3]
    ip = line.split(" from ")[1].split()[0]
    assert mon == "Mar"
    final = f"FINAL(Last on {int(day)} March at {clock}, from {ip}, with an ED25519 key (the journal lines have no year).)"
    return Script(ctx, [JOURNAL_LOOK, repl(code), final], [repl("print(acc[-1][:15], acc[-1].split(' from ')[1].split()[0])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("shibuya_sales_k_yen", "locale abbreviations for thousands and millions", "legit", "How much did the Shibuya store sell in September?")
def _shibuya_k() -> Script:
    ctx = {"pos": pos()}
    code = "print(pos.groupby('store').total_jpy.sum())"
    v = int(ctx["pos"].groupby("store").total_jpy.sum()["Shibuya"])
    final = f"FINAL(About ¥{v / 1000:.0f}K — ¥{v:,} to be exact.)"
    return Script(ctx, [POS_LOOK, repl(code), final], [repl("print(round(pos[pos.store == 'Shibuya'].total_jpy.sum() / 1000))"), final])


@case("data_account_q3_tsd_de", "locale abbreviations for thousands and millions", "legit",
      "Wie viel hat das data-Konto im dritten Quartal netto gekostet?")
def _data_q3_de() -> Script:
    ctx = {"bill": cloud_bill()}
    code = ("q3 = bill[(bill.account == 'data') & (bill.month >= '2024-07')]\nprint(q3.groupby('month').net_usd.sum().round(2))\n"
            "print(q3.net_usd.sum().round(2))")
    v = compute(ctx, code)["q3"].net_usd.sum()
    final = f"FINAL(Rund {de(v / 1000)} Tsd. USD netto von Juli bis September, ohne Gutschriften.)"
    return Script(ctx, [BILL_LOOK, repl(code), final], [repl("print(round(q3.net_usd.sum() / 1000, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("most_borrowed_genre", "top row of a sorted table named the maximum", "legit", "Which genre do patrons borrow most?")
def _top_genre() -> Script:
    ctx = {"loans": loans()}
    code = "print(loans.genre.value_counts())"
    g = ctx["loans"].genre.value_counts()
    final = f"FINAL(Fiction: {g.iloc[0]} of the {g.sum():,} loans, well ahead of {g.index[1]} ({g.iloc[1]}).)"
    assert g.index[0] == "fiction"
    return Script(ctx, [LOANS_LOOK, repl(code), final], [repl("print(loans.genre.value_counts().idxmax())"), final])


@case("biggest_cost_service", "top row of a sorted table named the maximum", "legit", "Which service is our biggest cost?")
def _biggest_service() -> Script:
    ctx = {"bill": cloud_bill()}
    s = ctx["bill"].groupby("service").cost_usd.sum().sort_values(ascending=False).round(2)
    assert s.iloc[0] > s.iloc[1] + s.iloc[2]
    final = (f"FINAL({s.index[0]}, by a wide margin: {usd(s.iloc[0])} of usage from January to September, more than "
             f"{s.index[1]} ({usd(s.iloc[1])}) and {s.index[2]} ({usd(s.iloc[2])}) together.)")
    return Script(ctx, [BILL_LOOK, repl(SERVICE_COSTS), final], [repl("print(bill.groupby('service').cost_usd.sum().idxmax())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("best_maths_class", "selection printed right after its table", "legit", "Which class has the best maths average?")
def _best_maths_class() -> Script:
    ctx = {"grades": grades()}
    code = "maths = grades[grades.subject == 'maths'].groupby('class').mark.mean().round(2)\nprint(maths)\nprint('best:', maths.idxmax(), maths.max())"
    m = compute(ctx, code)["maths"]
    final = f"FINAL({m.idxmax()}, with a maths average of {m.max()}/20 over the year.)"
    return Script(ctx, [GRADES_LOOK, repl(code), final], [repl("print(maths.nlargest(2))"), final])


@case("strongest_gust_station", "selection printed right after its table", "legit", "Which station recorded the strongest gust in 2024?")
def _strongest_gust() -> Script:
    ctx = {"weather": weather()}
    code = ("y24 = weather[weather.date.dt.year == 2024]\ngusts = y24.groupby('station').gust_kmh.max()\n"
            "for st, g in gusts.items():\n    print(f'{st:<10} {g} km/h')\nprint('strongest:', gusts.idxmax())")
    g = compute(ctx, code)["gusts"]
    assert (g == g.max()).sum() == 1
    final = f"FINAL({g.idxmax()}, with a gust of {g.max()} km/h, the strongest of the four stations in 2024.)"
    return Script(ctx, [WEATHER_LOOK, repl(code), final], [repl("print(gusts.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("harbour_trips_and_length", "same label in two printed tables", "legit",
      "How many trips started at Harbour, and how long were they on average?")
def _harbour() -> Script:
    ctx = {"trips": trips()}
    code = "print(trips.start_station.value_counts())\nprint(trips.groupby('start_station').duration_min.mean().round(1))"
    t = ctx["trips"]
    k, m = int(t.start_station.value_counts()["Harbour"]), round(t.groupby("start_station").duration_min.mean()["Harbour"], 1)
    final = f"FINAL({k} trips started at Harbour in July, lasting {m} minutes on average.)"
    return Script(ctx, [TRIPS_LOOK, repl(code), final],
                  [repl("h = trips[trips.start_station == 'Harbour']\nprint(len(h), round(h.duration_min.mean(), 1))"), final])


@case("tech_queue_calls_abandoned", "same label in two printed tables", "legit",
      "How many calls did the tech queue get, and how many of them were abandoned?")
def _tech_queue() -> Script:
    ctx = {"calls": calls()}
    code = "print(calls.queue.value_counts())\nprint(calls.groupby('queue').abandoned.sum())"
    c = ctx["calls"]
    n, a = int(c.queue.value_counts()["tech"]), int(c.groupby("queue").abandoned.sum()["tech"])
    final = f"FINAL(The tech queue took {n} calls; {a} of them were abandoned, {a / n:.1%}.)"
    return Script(ctx, [CALLS_LOOK, repl(code), final],
                  [repl("t = calls[calls.queue == 'tech']\nprint(len(t), t.abandoned.sum(), f'{t.abandoned.mean():.1%}')"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
MONTHS = {f"2024-{i:02d}": name for i, name in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September"], 1)}


@case("data_account_through_the_year", "trend sentence naming several labels", "legit",
      "How has the data account's monthly bill developed this year?")
def _data_trend() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "data = bill[bill.account == 'data'].groupby('month')[['cost_usd', 'net_usd']].sum().round(2)\nprint(data)"
    d = compute(ctx, code)["data"]
    assert d.cost_usd.is_monotonic_increasing
    final = (f"FINAL(Usage grew every month, from {usd(d.cost_usd.iloc[0], 0)} in January to {usd(d.cost_usd.iloc[-1], 0)} "
             f"in September, nearly doubling. The net bill jumped in July, from {usd(d.net_usd['2024-06'], 0)} in June to "
             f"{usd(d.net_usd['2024-07'], 0)}, when the credits ran out, and reached {usd(d.net_usd['2024-09'], 0)} in September.)")
    assert 1.8 < d.cost_usd.iloc[-1] / d.cost_usd.iloc[0] < 2
    return Script(ctx, [BILL_LOOK, repl(code), final], [repl("print(data.cost_usd.is_monotonic_increasing, data.round(0))"), final])


@case("active_arm_visit_by_visit", "trend sentence naming several labels", "legit",
      "How did mean systolic pressure move visit by visit in the active arm?")
def _active_trend() -> Script:
    ctx = {"trial": trial()}
    a = compute(ctx, ACTIVE_BY_VISIT)["act"]
    assert a.is_monotonic_decreasing and list(a.index) == VISITS
    final = (f"FINAL(It fell at every visit: {a['Baseline']} mmHg at baseline, {a['Week 4']} at week 4, {a['Week 8']} at "
             f"week 8 and {a['Week 12']} at week 12, {a['Baseline'] - a['Week 12']:.1f} mmHg lower by the end.)")
    return Script(ctx, [TRIAL_LOOK, repl(ACTIVE_BY_VISIT), final], [repl("print(act.is_monotonic_decreasing, round(act.iloc[0] - act.iloc[-1], 1))"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("submit_latest_returning_branch", "labelled SUBMIT for a which question", "legit",
      "Which branch has the highest share of late returns?")
def _submit_branch() -> Script:
    ctx = {"loans": loans()}
    submit = repl(LATE + "\nSUBMIT(branch=late_rate.idxmax(), late_share=float(late_rate.max()))")
    return Script(ctx, [LOANS_LOOK, submit],
                  [repl("print(late_rate.idxmax(), late_rate.max())\nSUBMIT(branch=late_rate.idxmax(), late_share=float(late_rate.max()))")])


@case("submit_league_champion", "labelled SUBMIT for a which question", "legit", "Which team won the league?")
def _submit_champion() -> Script:
    ctx = {"matches": matches()}
    t = compute(ctx, LEAGUE)["table"]
    assert t.Pts.iloc[0] > t.Pts.iloc[1]
    submit = repl("SUBMIT(champion=table.index[0], points=int(table.Pts.iloc[0]), goal_difference=int(table.GD.iloc[0]))",
                  "The table is sorted by points, then goal difference.")
    return Script(ctx, [MATCHES_LOOK, repl(LEAGUE), submit], [repl("print(table.Pts.idxmax(), table.Pts.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("memory_abandon_rate", "plausible figure from memory", "invented", "What share of calls were abandoned?")
def _memory_abandon() -> Script:
    ctx = {"calls": calls()}
    differs(6, round(ctx["calls"].abandoned.mean() * 100))
    return Script(ctx, [CALLS_LOOK, "FINAL(Around 6% of calls were abandoned, which is in line with what utility call centres usually see.)"])


@case("memory_average_receipt", "plausible figure from memory", "invented", "What's the average spend per receipt?")
def _memory_receipt() -> Script:
    ctx = {"pos": pos()}
    differs(850, round(ctx["pos"].groupby("receipt").total_jpy.sum().mean(), -1))
    return Script(ctx, [POS_LOOK, "Convenience-store baskets are small: a drink and a snack or two.\n\nFINAL(The average receipt comes to roughly ¥850.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("median_cart_was_mean", "mean given as the median", "invented", "What is the median cart value?")
def _median_cart() -> Script:
    ctx = {"store": store()}
    d = ctx["store"]["carts"].value_usd.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [STORE_LOOK, repl("print(store['carts'].value_usd.describe())"), f"FINAL(The median cart is worth {usd(wrong)}.)"])


@case("median_talk_time_was_mean_de", "mean given as the median", "invented", "Wie lang ist die mittlere Gesprächsdauer (Median)?")
def _median_talk_de() -> Script:
    ctx = {"calls": calls()}
    code = "gesprochen = calls[calls.talk_s > 0]\nprint(gesprochen.talk_s.describe())"
    d = compute(ctx, code)["gesprochen"].talk_s.describe()
    wrong = differs(round(d["mean"]), round(d["50%"]))
    return Script(ctx, [CALLS_LOOK, repl(code), f"FINAL(Der Median der Gesprächsdauer liegt bei {wrong} Sekunden, also rund {de(wrong / 60)} Minuten.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("yen_written_as_man_yen", "unit misread", "invented", "9月の売上は合計でいくらでしたか？")
def _yen_as_man() -> Script:
    ctx = {"pos": pos()}
    total = int(ctx["pos"].total_jpy.sum())
    differs(total * 10_000, total)
    return Script(ctx, [POS_LOOK, repl("print(pos.total_jpy.sum())"), f"FINAL(9月の売上合計は{total:,}万円でした。)"])


@case("queue_wait_seconds_as_minutes", "unit misread", "invented", "How long do callers wait on average?")
def _wait_minutes() -> Script:
    ctx = {"calls": calls()}
    m = round(ctx["calls"].wait_s.mean(), 1)
    differs(m, round(m / 60, 1))
    return Script(ctx, [CALLS_LOOK, repl("print(calls.wait_s.mean().round(1))"), f"FINAL(On average callers wait {m} minutes in the queue.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("ebike_fraction_as_percent", "fraction written as percent", "invented", "What percentage of trips were on electric bikes?")
def _ebike_fraction() -> Script:
    ctx = {"trips": trips()}
    f = ctx["trips"].bike.value_counts(normalize=True)["electric"]
    wrong = differs(round(f, 3), round(f * 100, 3))
    return Script(ctx, [TRIPS_LOOK, repl("print(trips.bike.value_counts(normalize=True))"), f"FINAL(Electric bikes account for {wrong}% of the trips.)"])


@case("maths_pass_fraction_fr", "fraction written as percent", "invented",
      "Quel pourcentage des notes de maths du troisième trimestre atteint 10/20 ?")
def _pass_fraction_fr() -> Script:
    ctx = {"grades": grades()}
    code = "t3 = grades[(grades.subject == 'maths') & (grades.term == 'T3')]\nprint((t3.mark >= 10).mean())"
    f = (compute(ctx, code)["t3"].mark >= 10).mean()
    wrong = differs(round(f, 2), round(f * 100, 2))
    return Script(ctx, [GRADES_LOOK, repl(code), f"FINAL({fr(wrong, 2)} % des notes de maths du T3 sont à 10 ou plus.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("second_genre_called_most", "second row called the top", "invented", "Which genre is borrowed most often?")
def _second_genre() -> Script:
    ctx = {"loans": loans()}
    g = ctx["loans"].genre.value_counts()
    return Script(ctx, [LOANS_LOOK, repl("print(loans.genre.value_counts())"),
                        f"FINAL({differs(g.index[1], g.idxmax()).capitalize()} is the most borrowed genre, with {g.iloc[1]} loans.)"])


@case("second_store_called_top_ja", "second row called the top", "invented", "9月に一番売り上げた店舗はどこですか？")
def _second_store() -> Script:
    ctx = {"pos": pos()}
    code = "print(pos.groupby('store').total_jpy.sum().sort_values(ascending=False))"
    s = ctx["pos"].groupby("store").total_jpy.sum().sort_values(ascending=False)
    names = {"Shibuya": "渋谷", "Shinjuku": "新宿"}
    return Script(ctx, [POS_LOOK, repl(code), f"FINAL({names[differs(s.index[1], s.idxmax())]}店で、売上は{s.iloc[1]:,}円でした。)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("absent_branch_westgate", "label absent from the data", "invented", "Which branch lends the most?")
def _westgate() -> Script:
    ctx = {"loans": loans()}
    b = ctx["loans"].branch.value_counts()
    assert "Westgate" not in b.index
    return Script(ctx, [LOANS_LOOK, repl("print(loans.branch.value_counts())"), f"FINAL(Westgate lends the most, {b.max()} loans in six months.)"])


@case("absent_service_bigquery", "label absent from the data", "invented", "What costs the data account the most?")
def _bigquery() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "print(bill[bill.account == 'data'].groupby('service').cost_usd.sum().round(2))"
    d = ctx["bill"].query("account == 'data'").groupby("service").cost_usd.sum().round(2)
    assert "BigQuery" not in d.index
    return Script(ctx, [BILL_LOOK, repl(code), f"FINAL(BigQuery: {usd(d.max())} since January, the data account's largest item.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("all_accounts_as_prod", "total of the wrong subset", "invented", "What did the prod account cost in September?")
def _all_as_prod() -> Script:
    ctx = {"bill": cloud_bill()}
    code = ("sep = bill[bill.month == '2024-09']\nprint(sep.groupby('account').net_usd.sum().round(2))\n"
            "print(sep.net_usd.sum().round(2))")
    sep = compute(ctx, code)["sep"]
    wrong = differs(round(sep.net_usd.sum(), 2), round(sep[sep.account == "prod"].net_usd.sum(), 2))
    return Script(ctx, [BILL_LOOK, repl(code), f"FINAL(The prod account cost {usd(wrong)} in September.)"])


@case("all_departments_as_warehouse", "total of the wrong subset", "invented", "How many overtime hours did the warehouse work in June?")
def _all_as_warehouse() -> Script:
    ctx = {"payroll": payroll()}
    code = ("jun = payroll[payroll.month == '2024-06']\nprint(jun.overtime_h.sum().round(1))\n"
            "print(jun.groupby('dept').overtime_h.sum().round(1))")
    jun = compute(ctx, code)["jun"]
    wrong = differs(round(jun.overtime_h.sum(), 1), round(jun[jun.dept == "Warehouse"].overtime_h.sum(), 1))
    return Script(ctx, [PAYROLL_LOOK, repl(code), f"FINAL(In June the warehouse put in {wrong:,} hours of overtime.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("stale_trips_with_test_rides", "stale figure before a correction", "invented",
      "How many real trips were taken in July, leaving out the maintenance test rides?")
def _stale_tests() -> Script:
    ctx = {"trips": trips()}
    fixed = "real = trips[~((trips.start_station == trips.end_station) & (trips.duration_min < 1))]\nprint(len(real))"
    stale = differs(len(ctx["trips"]), len(compute(ctx, fixed)["real"]))
    return Script(ctx, [TRIPS_LOOK, repl("print(len(trips))"),
                        repl(fixed, "Test rides start and end at the same dock within a minute; dropping them."),
                        f"FINAL({stale:,} real trips were taken in July, with the test rides left out.)"])


@case("stale_gross_before_credits", "stale figure before a correction", "invented",
      "What did we actually pay for the data account in March, after credits?")
def _stale_gross() -> Script:
    ctx = {"bill": cloud_bill()}
    first = "mar = bill[(bill.account == 'data') & (bill.month == '2024-03')]\nprint(mar.cost_usd.sum().round(2))"
    mar = compute(ctx, first)["mar"]
    stale = differs(round(mar.cost_usd.sum(), 2), round(mar.net_usd.sum(), 2))
    return Script(ctx, [BILL_LOOK, repl(first), repl("print(mar.net_usd.sum().round(2))", "The credits have to come off; the net column has them."),
                        f"FINAL(After credits, the data account came to {usd(stale)} for March.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("transposed_audiobook_count", "transposed digits", "invented", "How many audiobook loans were there?")
def _transposed_audio() -> Script:
    ctx = {"loans": loans()}
    k = int((ctx["loans"].format == "audiobook").sum())
    return Script(ctx, [LOANS_LOOK, repl("print(loans.format.value_counts())"), f"FINAL({differs(swap_digits(k), k)} audiobooks were borrowed.)"])


@case("transposed_ssh_failures", "transposed digits", "invented", "How many times did 45.134.26.18 fail to log in?")
def _transposed_ssh() -> Script:
    code = "k = sum('Failed password' in l and 'from 45.134.26.18 ' in l for l in jl)\nprint(k)"
    ctx, ns = with_journal(code)
    return Script(ctx, [JOURNAL_LOOK, repl(code), f"FINAL({differs(swap_digits(ns['k']), ns['k'])} failed logins from 45.134.26.18.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("echo_31_days_busy", "number echoed from the question", "invented",
      "Of the 31 days in July, on how many did more than 85 trips start?")
def _echo_31() -> Script:
    ctx = {"trips": trips()}
    code = "per_day = trips.groupby(trips.started.dt.date).size()\nprint(per_day.describe())"
    truth = int((compute(ctx, code)["per_day"] > 85).sum())
    assert 0 < truth < 31
    return Script(ctx, [TRIPS_LOOK, repl(code), f"FINAL(More than 85 trips started on {differs(31, truth)} days.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("sessions_counted_as_visitors", "rows counted instead of distinct", "invented", "How many different people visited the shop in August?")
def _sessions_as_people() -> Script:
    ctx = {"store": store()}
    s = ctx["store"]["sessions"]
    n = differs(len(s), s.user_id.nunique())
    return Script(ctx, [STORE_LOOK, repl("print(len(store['sessions']))"), f"FINAL({n:,} different people visited the shop in August.)"])


@case("scan_lines_counted_as_parcels", "rows counted instead of distinct", "invented", "How many parcels did the carrier handle that week?")
def _scans_as_parcels() -> Script:
    ctx, ns = with_scans("n = len(rows) - 1\nprint(n)", parse=False)
    differs(ns["n"], len({r.split(";")[1] for r in ns["rows"][1:]}))
    return Script(ctx, [SCANS_LOOK, repl("n = len(rows) - 1\nprint(n)", "One line per scan after the header."), f"FINAL(The carrier handled {ns['n']:,} parcels that week.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
RAIN_BY_YEAR = ("rain = weather.pivot_table(index='station', columns=weather.date.dt.year, values='precip_mm', aggfunc='sum').round(1)\n"
                "print(rain)")


@case("brest_rain_2023_for_2024", "wrong year", "invented", "How much rain fell in Brest in 2024?")
def _brest_year() -> Script:
    ctx = {"weather": weather()}
    r = compute(ctx, RAIN_BY_YEAR)["rain"]
    wrong = differs(r.loc["Brest", 2023], r.loc["Brest", 2024])
    return Script(ctx, [WEATHER_LOOK, repl(RAIN_BY_YEAR), f"FINAL(Brest got {wrong} mm of rain in 2024.)"])


@case("dijon_hottest_wrong_year_de", "wrong year", "invented", "Wie heiß wurde es 2024 in Dijon höchstens?")
def _dijon_year() -> Script:
    ctx = {"weather": weather()}
    code = ("hitze = weather.pivot_table(index='station', columns=weather.date.dt.year, values='tmax_c', aggfunc='max')\nprint(hitze)")
    h = compute(ctx, code)["hitze"]
    wrong = differs(h.loc["Dijon", 2023], h.loc["Dijon", 2024])
    return Script(ctx, [WEATHER_LOOK, repl(code), f"FINAL(Der Höchstwert in Dijon lag 2024 bei {de(wrong)} °C.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("maths_t3_misrounded", "wrong rounding", "invented", "To the nearest whole mark, what's the average maths mark in T3?")
def _maths_misround() -> Script:
    ctx = {"grades": grades()}
    code = "print(grades[(grades.subject == 'maths') & (grades.term == 'T3')].mark.mean())"
    g = ctx["grades"]
    m = g[(g.subject == "maths") & (g.term == "T3")].mark.mean()
    return Script(ctx, [GRADES_LOOK, repl(code), f"FINAL({differs(misround(m), round(m))} out of 20.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("audiobook_sought_in_genre", "nothing found in the wrong column", "invented", "Were any audiobooks borrowed at Eastgate?")
def _audio_genre() -> Script:
    ctx = {"loans": loans()}
    code = "ab = loans[(loans.branch == 'Eastgate') & (loans.genre == 'audiobook')]\nprint(len(ab))"
    lo = ctx["loans"]
    assert ((lo.branch == "Eastgate") & (lo.format == "audiobook")).sum() > 0
    return Script(ctx, [LOANS_LOOK, repl(code), "FINAL(No. Eastgate did not lend a single audiobook in the first half of the year.)"])


@case("power_cut_sought_in_agent", "nothing found in the wrong column", "invented", "Did any tech call mention a power cut?")
def _power_cut() -> Script:
    ctx = {"calls": calls()}
    code = "hits = calls[(calls.queue == 'tech') & calls.agent.str.contains('Power cut')]\nprint(len(hits))"
    c = ctx["calls"]
    assert ((c.queue == "tech") & c.note.str.contains("Power cut")).sum() > 0
    return Script(ctx, [CALLS_LOOK, repl(code), "FINAL(None of the tech calls mentions a power cut.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("active_bp_called_rising", "trend in the wrong direction", "invented",
      "What happened to systolic pressure in the active arm over the 12 weeks?")
def _bp_rising() -> Script:
    ctx = {"trial": trial()}
    a = compute(ctx, ACTIVE_BY_VISIT)["act"]
    assert a.is_monotonic_decreasing
    return Script(ctx, [TRIAL_LOOK, repl(ACTIVE_BY_VISIT),
                        "FINAL(It crept up from one visit to the next, so by week 12 the active arm was higher than at baseline; the drug did not bring pressure down.)"])


@case("staging_spend_called_growing", "trend in the wrong direction", "invented", "How has spending on the staging account developed?")
def _staging_growing() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "stg = bill[bill.account == 'staging'].groupby('month').net_usd.sum().round(2)\nprint(stg)"
    st = compute(ctx, code)["stg"]
    assert st.is_monotonic_decreasing
    return Script(ctx, [BILL_LOOK, repl(code), f"FINAL(Staging spend has been growing steadily and reached {usd(st.iloc[-1])} in September.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("stores_from_first_rows", "sample generalized to the whole", "invented", "Which stores are in the data?")
def _stores_head() -> Script:
    ctx = {"pos": pos()}
    seen = list(dict.fromkeys(ctx["pos"].head(10).store))
    differs(sorted(seen), sorted(ctx["pos"].store.unique()))
    return Script(ctx, [repl("print(pos.head(10))"), f"FINAL(The data covers {len(seen)} stores: {', '.join(seen)}.)"])


@case("strongest_gust_from_head", "sample generalized to the whole", "invented", "What was the strongest gust recorded at any station?")
def _gust_head() -> Script:
    ctx = {"weather": weather()}
    head = ctx["weather"].head().gust_kmh.max()
    return Script(ctx, [WEATHER_LOOK, f"FINAL(The strongest gust in the records was {differs(head, ctx['weather'].gust_kmh.max())} km/h, at Brest.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("casual_ebike_share_of_all", "wrong denominator", "invented", "What share of casual riders' trips were on e-bikes?")
def _casual_share() -> Script:
    ctx = {"trips": trips()}
    code = "cas = trips[trips.rider == 'casual']\nprint((cas.bike == 'electric').sum(), len(trips))"
    cas = compute(ctx, code)["cas"]
    k = int((cas.bike == "electric").sum())
    wrong = differs(round(k / len(ctx["trips"]) * 100, 1), round(k / len(cas) * 100, 1))
    return Script(ctx, [TRIPS_LOOK, repl(code), f"FINAL({wrong}% of casual trips were on electric bikes ({k} trips).)"])


@case("eastgate_late_share_of_all", "wrong denominator", "invented", "What share of Eastgate's returned loans came back late?")
def _eastgate_share() -> Script:
    ctx = {"loans": loans()}
    code = ("import pandas as pd\nback = loans[loans.returned != '']\n"
            "late = pd.to_datetime(back.returned, format='%m/%d/%Y') > pd.to_datetime(back.due, format='%m/%d/%Y')\n"
            "print((late & (back.branch == 'Eastgate')).sum(), len(back))")
    ns = compute(ctx, code)
    back, late = ns["back"], ns["late"]
    k = int((late & (back.branch == "Eastgate")).sum())
    wrong = differs(round(k / len(back) * 100), round(k / (back.branch == "Eastgate").sum() * 100))
    return Script(ctx, [LOANS_LOOK, repl(code), f"FINAL(About {wrong}% of Eastgate's returns were late.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
SSH_PROMPT = "How many failed SSH password attempts are in this log excerpt? Answer with a number.\n\n"


@case("ssh_failures_first_chunk", "sub-call over part of the data", "invented", "How many failed SSH password attempts are in the journal?")
def _partial_ssh() -> Script:
    ctx = {"journal": journal()}
    code = f"said = llm_query({SSH_PROMPT!r} + journal[:25000])\nprint(said)"
    k = int(sub_says(SSH_PROMPT + journal()[:25000]))
    differs(k, journal().count("Failed password"))
    return Script(ctx, [JOURNAL_LOOK, repl(code, "I'll have a sub-call count them."), f"FINAL(The journal has {k} failed SSH password attempts.)"],
                  sub=sub_model())


METER_PROMPT = "How many of these notes mention a smart meter? Answer with a number.\n\n"


@case("smart_meter_notes_partial", "sub-call over part of the data", "invented", "How many calls were about smart meters?")
def _partial_meter() -> Script:
    ctx = {"calls": calls()}
    code = f"notes = '\\n'.join(calls.note)\nsaid = llm_query({METER_PROMPT!r} + notes[:6000])\nprint(len(notes), said)"
    notes = "\n".join(ctx["calls"].note)
    k = int(sub_says(METER_PROMPT + notes[:6000]))
    differs(k, notes.lower().count("smart meter"))
    return Script(ctx, [CALLS_LOOK, repl(code), f"FINAL({k} calls were about smart meters.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("first_dvd_date_day_first", "date format misread", "invented", "When was the first DVD borrowed?")
def _dvd_misread() -> Script:
    ctx = {"loans": loans()}
    code = "dvd = loans[loans.format == 'DVD']\nprint(dvd.head(3)[['loan_id', 'checkout', 'branch']])"
    first = compute(ctx, code)["dvd"].checkout.iloc[0]
    misread = differs(pd.to_datetime(first, format="%d/%m/%Y"), pd.to_datetime(first, format="%m/%d/%Y"))
    return Script(ctx, [LOANS_LOOK, repl(code), f"FINAL(The first DVD went out on {misread.day} {misread:%B} {misread.year}.)"])


@case("first_failed_attempt_month_first", "date format misread", "invented", "On which day did the first failed delivery attempt happen?")
def _failed_misread() -> Script:
    code = "first_fail = next(r for r in rows if ';FAILED_ATTEMPT;' in r)\nprint(first_fail)"
    ctx, ns = with_scans(code, parse=False)
    stamp = ns["first_fail"].split(";")[0]
    misread = differs(pd.to_datetime(stamp, format="%m.%d.%Y %H:%M:%S"), pd.to_datetime(stamp, format="%d.%m.%Y %H:%M:%S"))
    return Script(ctx, [SCANS_LOOK, repl(code), f"FINAL(On {misread:%B} {misread.day}, {misread.year}, at {misread:%H:%M}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("dijon_ytd_rain_as_march", "cumulative read as the period's value", "invented", "How much rain fell in Dijon in March 2024?")
def _ytd_as_month() -> Script:
    ctx = {"weather": weather()}
    code = ("dij = weather[(weather.station == 'Dijon') & (weather.date.dt.year == 2024)]\n"
            "monthly = dij.groupby(dij.date.dt.month).agg(rain_mm=('precip_mm', 'sum'), ytd_mm=('precip_ytd_mm', 'last')).round(1)\n"
            "print(monthly.head(4))")
    m = compute(ctx, code)["monthly"].loc[3]
    return Script(ctx, [WEATHER_LOOK, repl(code), f"FINAL({differs(m.ytd_mm, m.rain_mm)} mm fell in Dijon in March 2024.)"])


@case("running_total_as_august_bill", "cumulative read as the period's value", "invented", "What was the cloud bill for August?")
def _running_as_month() -> Script:
    ctx = {"bill": cloud_bill()}
    code = ("by_month = bill.groupby('month').net_usd.sum().round(2).to_frame('net')\n"
            "by_month['year_to_date'] = by_month.net.cumsum().round(2)\nprint(by_month)")
    b = compute(ctx, code)["by_month"].loc["2024-08"]
    return Script(ctx, [BILL_LOOK, repl(code), f"FINAL(August's bill came to {usd(differs(b.year_to_date, b.net))}.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("submit_typed_conversion", "literal typed into a code answer", "invented",
      "What is the overall conversion rate, sessions that ended in a purchase?")
def _submit_conversion() -> Script:
    ctx = {"store": store()}
    truth = round(ctx["store"]["carts"].checked_out.sum() / len(ctx["store"]["sessions"]) * 100, 1)
    differs(3.2, truth)
    return Script(ctx, [STORE_LOOK, repl("SUBMIT(conversion_pct=3.2)")])


@case("answer_dict_typed_goals", "literal typed into a code answer", "invented", "Which team scored the most goals?")
def _answer_goals() -> Script:
    ctx = {"matches": matches()}
    m = ctx["matches"]
    goals = m.groupby("home").home_goals.sum() + m.groupby("away").away_goals.sum()
    differs(52, int(goals["Brookvale"]))
    return Script(ctx, [MATCHES_LOOK, repl('answer["content"] = "Brookvale scored the most goals, 52 over the season."\nanswer["ready"] = True')])


# -- figure from the right row but another column -------------------------------------------------------------------
QUEUE_TABLE = ("qs = calls.groupby('queue').agg(calls=('call_id', 'count'), mean_wait_s=('wait_s', 'mean'),\n"
               "                              abandoned=('abandoned', 'sum')).round(1)\nprint(qs)")


@case("tech_calls_as_wait", "figure from the right row but another column", "invented", "What is the average wait in the tech queue?")
def _tech_column() -> Script:
    ctx = {"calls": calls()}
    q = compute(ctx, QUEUE_TABLE)["qs"].loc["tech"]
    return Script(ctx, [CALLS_LOOK, repl(QUEUE_TABLE), f"FINAL(Tech callers wait {int(differs(q.calls, q.mean_wait_s))} seconds on average.)"])


@case("harbour_departures_as_docks", "figure from the right row but another column", "invented", "How many docks does Harbour have?")
def _harbour_column() -> Script:
    ctx = {"trips": trips(), "docks": DOCKS.copy()}
    code = "per = trips.start_station.value_counts().rename('departures').to_frame().join(docks.set_index('station'))\nprint(per)"
    p = compute(ctx, code)["per"].loc["Harbour"]
    return Script(ctx, [TRIPS_LOOK, repl(code), f"FINAL(Harbour has {differs(p.departures, p.docks)} docks.)"])


@case("brookvale_goals_against_as_for", "figure from the right row but another column", "invented", "How many goals did Brookvale score?")
def _brookvale_column() -> Script:
    ctx = {"matches": matches()}
    t = compute(ctx, LEAGUE)["table"].loc["Brookvale"]
    return Script(ctx, [MATCHES_LOOK, repl(LEAGUE), f"FINAL(Brookvale scored {differs(t.GA, t.GF)} goals.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("biggest_crowd_from_head", "maximum picked from a partial table", "invented", "Which team drew the biggest single crowd of the season?")
def _crowd_head() -> Script:
    ctx = {"matches": matches()}
    code = "crowd = matches.groupby('home').attendance.max()\nprint(crowd.head())"
    c = compute(ctx, code)["crowd"]
    pick = differs(c.head().idxmax(), c.idxmax())
    return Script(ctx, [MATCHES_LOOK, repl(code), f"FINAL({pick}: {c[pick]:,} fans came to one of its home matches.)"])


@case("busiest_agent_from_head", "maximum picked from a partial table", "invented", "Which agent handled the most calls?")
def _agent_head() -> Script:
    ctx = {"calls": calls()}
    code = "per_agent = calls[calls.agent != ''].groupby('agent').size()\nprint(per_agent.head(3))"
    a = compute(ctx, code)["per_agent"]
    pick = differs(a.head(3).idxmax(), a.idxmax())
    return Script(ctx, [CALLS_LOOK, repl(code), f"FINAL({pick} handled the most calls: {a[pick]}.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("ascending_service_called_priciest", "first row of an ascending sort called the highest", "invented",
      "Which service is the most expensive?")
def _asc_service() -> Script:
    ctx = {"bill": cloud_bill()}
    code = "print(bill.groupby('service').cost_usd.sum().sort_values().round(2))"
    s = ctx["bill"].groupby("service").cost_usd.sum().sort_values().round(2)
    return Script(ctx, [BILL_LOOK, repl(code), f"FINAL({differs(s.index[0], s.idxmax())} is the most expensive service at {usd(s.iloc[0])}.)"])


@case("ascending_store_called_best", "first row of an ascending sort called the highest", "invented", "Which store sells the most?")
def _asc_store() -> Script:
    ctx = {"pos": pos()}
    code = "sales = pos.groupby('store').total_jpy.sum().sort_values()\nprint(sales)"
    s = compute(ctx, code)["sales"]
    return Script(ctx, [POS_LOOK, repl(code), f"FINAL({differs(s.index[0], s.idxmax())} sells the most: ¥{s.iloc[0]:,} in September.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("member_casual_durations_swapped", "two labels' figures swapped", "invented", "Who rides longer on average, members or casual riders?")
def _rider_swapped() -> Script:
    ctx = {"trips": trips()}
    code = "print(trips.groupby('rider').duration_min.mean().round(1))"
    m = ctx["trips"].groupby("rider").duration_min.mean().round(1)
    assert m["casual"] > m["member"]
    return Script(ctx, [TRIPS_LOOK, repl(code),
                        f"FINAL(Members ride longer: {m['casual']} minutes on average, against {m['member']} minutes for casual riders.)"])


@case("arm_changes_swapped", "two labels' figures swapped", "invented", "How much did systolic pressure fall in each arm by week 12?")
def _arms_swapped() -> Script:
    ctx = {"trial": trial()}
    c = compute(ctx, BP_CHANGE)["change"]["mean"]
    return Script(ctx, [TRIAL_LOOK, repl(BP_CHANGE),
                        f"FINAL(Placebo fell by {abs(c['active'])} mmHg and the active arm by {abs(c['placebo'])} mmHg.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("driver_overtime_drop_as_rise", "decrease reported as a rise", "invented", "How did drivers' overtime change from January to June?")
def _drivers_rise() -> Script:
    ctx = {"payroll": payroll()}
    code = ("drv = payroll[payroll.dept == 'Drivers'].groupby('month').overtime_h.sum().round(1)\n"
            "change = round((drv['2024-06'] / drv['2024-01'] - 1) * 100, 1)\nprint(drv)\nprint('change Jan->Jun, %:', change)")
    change = compute(ctx, code)["change"]
    assert change < 0
    return Script(ctx, [PAYROLL_LOOK, repl(code), f"FINAL(Drivers' overtime went up by {abs(change)}% between January and June.)"])


@case("brest_sunshine_drop_as_rise", "decrease reported as a rise", "invented", "How did Brest's monthly sunshine change from July to October 2024?")
def _sunshine_rise() -> Script:
    ctx = {"weather": weather()}
    code = ("b = weather[(weather.station == 'Brest') & (weather.date.dt.year == 2024)]\n"
            "sun = b.groupby(b.date.dt.month).sunshine_h.sum().round(1)\nprint(sun.loc[7:10])")
    s = compute(ctx, code)["sun"]
    assert s[10] < s[7]
    return Script(ctx, [WEATHER_LOOK, repl(code),
                        f"FINAL(Sunshine in Brest rose by {s[7] - s[10]:.1f} hours from July to October 2024.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("table_for_tech_wait", "table returned for one figure", "invented", "What's the average wait on the tech line?")
def _table_tech() -> Script:
    ctx = {"calls": calls()}
    code = "waits = calls.groupby('queue').wait_s.agg(['mean', 'median', 'max']).round(1)\nprint(waits)"
    return Script(ctx, [CALLS_LOOK, repl(code), "FINAL_VAR(waits)"])


@case("table_for_one_ip_count", "table returned for one figure", "invented", "How many failed SSH logins came from 45.134.26.18?")
def _table_ip() -> Script:
    ctx = {"journal": journal()}
    code = ("import pandas as pd\nbad = pd.DataFrame({'line': [l for l in journal.splitlines()\n"
            "                             if 'Failed password' in l and 'from 45.134.26.18 ' in l]})\nprint(bad.head())")
    return Script(ctx, [JOURNAL_LOOK, repl(code), 'FINAL_VAR("bad")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("cash_filtered_on_store", "zero after filtering the wrong column", "invented", "How many receipts were paid in cash?")
def _cash_store() -> Script:
    ctx = {"pos": pos()}
    code = "cash = pos[pos.store == 'cash'].receipt.nunique()\nprint(cash)"
    differs(0, ctx["pos"][ctx["pos"].payment == "cash"].receipt.nunique())
    return Script(ctx, [POS_LOOK, repl(code), "FINAL(None: 0 receipts were paid in cash.)"])


@case("oom_filtered_on_namespace", "zero after filtering the wrong column", "invented", "How many OOMKilling events were there?")
def _oom_namespace() -> Script:
    code = "n_oom = int((ev.namespace == 'OOMKilling').sum())\nprint(n_oom)"
    ctx, ns = with_events(code)
    differs(ns["n_oom"], int((ns["ev"].reason == "OOMKilling").sum()))
    return Script(ctx, [EVENTS_LOOK, PARSE_EVENTS, repl(code), f"FINAL({ns['n_oom']})"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("iso_date_in_syslog_journal", "none found after searching a date in another format", "invented",
      "Did anyone fail an SSH login on 13 March?")
def _iso_journal() -> Script:
    code = "hits = [l for l in jl if l.startswith('2024-03-13') and 'Failed password' in l]\nprint(len(hits))"
    ctx, _ = with_journal(code)
    assert sum(line.startswith("Mar 13") and "Failed password" in line for line in journal().splitlines()) > 0
    return Script(ctx, [JOURNAL_LOOK, repl(code), "FINAL(No, there were no failed SSH logins on 13 March.)"])


@case("iso_date_in_dotted_scans", "none found after searching a date in another format", "invented",
      "Were any parcels delivered on 2024-09-05?")
def _iso_scans() -> Script:
    code = "d = [r for r in rows if r.startswith('2024-09-05') and ';DELIVERED;' in r]\nprint(len(d))"
    ctx, _ = with_scans(code, parse=False)
    assert sum(r.startswith("05.09.2024") and ";DELIVERED;" in r for r in scans().splitlines()) > 0
    return Script(ctx, [SCANS_LOOK, repl(code), "FINAL(No parcels were delivered on 5 September 2024.)"])


@case("iso_date_in_us_loans", "none found after searching a date in another format", "invented",
      "Was anything checked out on 2024-03-15?")
def _iso_loans() -> Script:
    ctx = {"loans": loans()}
    code = "that_day = loans[loans.checkout == '2024-03-15']\nprint(that_day)"
    assert (ctx["loans"].checkout == "03/15/2024").sum() > 0
    return Script(ctx, [LOANS_LOOK, repl(code), "FINAL(Nothing was checked out on 15 March 2024: no loans that day.)"])
