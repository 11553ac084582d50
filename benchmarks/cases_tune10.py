"""Acceptance cases, written as the ninth held-out set (``cases_holdout9``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout10`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune10``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``. Every case name starts
with ``h9_``.

Size: 71 legitimate answers covering all 33 legitimate classes (two or three each) and 61 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code run in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls),
only to check that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Busan fish market's morning auction (Korean column
names, days written ``2024. 3. 5.``, bids in won), a cattle market near Buenos Aires (Spanish column names, day-first
``05/03/2024`` dates, prices per kilo as Argentine text like ``$ 1.234,50``), an office tower's lift controller log
(text: syslog stamps without a year and with milliseconds, ``Dec  5 07:03:11.412``, and ``key=value`` fields), a
bouldering gym's logbook as nested JSON (walls, routes, ascents, times in epoch milliseconds), a car repair workshop
(a dict of three tables to join: vehicles, jobs, parts), a public swimming pool's hours, fees and rules in markdown,
a breeding-bird survey's typed-up field notes (free text, days written ``12 May`` without a year), an escape-room
venue's bookings (time used written ``47m 05s``, ratings as text like ``92%``) and Kraków's air monitoring network
in a wide layout (one row per station and pollutant, one column per month, to be melted). Each frame builder returns
a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
import json
import re
from typing import Any

import numpy as np
import pandas as pd

from benchmarks.acceptance_cases import Registry, Script, compute, differs, repl
from benchmarks.cases_kit import misround, swap_digits
from benchmarks.cases_tune2 import INVENTED_CLASSES, LEGIT_CLASSES
from rlm_jupyter.testing import ChatRequest, RuleBasedSubModel

__all__ = ["CASES", "INVENTED_CLASSES", "LEGIT_CLASSES"]

REGISTRY = Registry(LEGIT_CLASSES, INVENTED_CLASSES)
CASES = REGISTRY.cases
case = REGISTRY.case


# =================================================================================================================
# Data
# =================================================================================================================
FISH = {"고등어": 5200, "갈치": 14800, "오징어": 9100, "전갱이": 3900, "삼치": 7600}
VESSELS = ["해성호", "대양호", "동백호", "금강호", "한빛호"]
FISH_EN = {"고등어": "mackerel", "갈치": "hairtail", "오징어": "squid", "전갱이": "horse mackerel", "삼치": "Spanish mackerel"}
VESSEL_EN = {"해성호": "Haeseong-ho", "대양호": "Daeyang-ho", "동백호": "Dongbaek-ho", "금강호": "Geumgang-ho",
             "한빛호": "Hanbit-ho"}


def auction() -> pd.DataFrame:
    return _auction().copy()


@functools.lru_cache(maxsize=1)
def _auction(seed: int = 4901) -> pd.DataFrame:
    """A Busan fish market's morning auction, 1 March to 31 May 2024, Monday to Saturday: auction day written the
    Korean way (``2024. 3. 5.``), species, vessel, boxes, weight (kg) and the winning bid in won. Squid landings shrink
    month by month; mackerel grows; hairtail is the dearest per kilo."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-03-01", "2024-05-31"):
        if day.day_of_week == 6:
            continue
        month = day.month - 3
        for fish, per_kg in FISH.items():
            lots = int(rng.integers(1, 4))
            for _ in range(lots):
                base = {"고등어": 40 + 12 * month, "갈치": 18, "오징어": 34 - 11 * month, "전갱이": 26, "삼치": 15}[fish]
                boxes = max(1, int(rng.poisson(base)))
                kg = round(boxes * rng.uniform(9.5, 10.5), 1)
                won = int(round(kg * per_kg * rng.uniform(0.85, 1.2), -2))
                vessel = VESSELS[int(rng.choice(5, p=[.3, .25, .2, .15, .1]))]
                rows.append((f"{day.year}. {day.month}. {day.day}.", fish, vessel, boxes, kg, won))
    return pd.DataFrame(rows, columns=["경매일", "어종", "선박", "상자", "중량_kg", "낙찰가_원"])


CATEGORIAS = {"Novillo": (440, 1620), "Novillito": (360, 1750), "Vaquillona": (330, 1700), "Vaca": (450, 1180),
              "Ternero": (190, 2050)}
CONSIGNATARIOS = ["Reggi y Cía", "Colombo y Magliano", "Madelan", "Ganaderos del Oeste"]


def pesos(x: float) -> str:
    """Argentine money: ``$ 1.234,50``."""
    return "$ " + f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def ar(x: float, decimals: int = 1) -> str:
    """Argentine digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def hacienda() -> pd.DataFrame:
    return _hacienda().copy()


@functools.lru_cache(maxsize=1)
def _hacienda(n: int = 420, seed: int = 4902) -> pd.DataFrame:
    """A cattle market near Buenos Aires, January to June 2024: lot (``L-0001``), day written ``05/03/2024``
    (day first), category, consignment firm, head of cattle, total live weight (kg) and the price per kilo as text in
    Argentine pesos (``$ 1.234,50``). Prices climb every month with inflation; cows (Vaca) are the cheapest per kilo."""
    rng = np.random.default_rng(seed)
    days = pd.Timestamp("2024-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 181, n)), unit="D")
    rows = []
    for i, day in enumerate(days):
        cat = str(rng.choice(list(CATEGORIAS), p=[.26, .22, .2, .18, .14]))
        kg_head, base = CATEGORIAS[cat]
        head = int(rng.integers(8, 61))
        kg = int(np.round(head * kg_head * rng.uniform(0.9, 1.1)))
        price = base * (1.045 ** (day.month - 1)) * rng.uniform(0.94, 1.06)
        rows.append((f"L-{i + 1:04d}", f"{day:%d/%m/%Y}", cat, str(rng.choice(CONSIGNATARIOS, p=[.35, .3, .2, .15])),
                     head, kg, pesos(round(price, 2))))
    return pd.DataFrame(rows, columns=["lote", "fecha", "categoria", "consignatario", "cabezas", "kg_vivo", "precio_kg"])


LIFTS = ["L1", "L2", "L3", "L4", "L5", "L6"]
_HOUR_WEIGHTS = np.array([1, 1, 1, 1, 1, 2, 8, 30, 70, 40, 25, 28, 45, 38, 24, 22, 30, 48, 20, 8, 4, 2, 1, 1], float)
_HOUR_WEIGHTS /= _HOUR_WEIGHTS.sum()


@functools.lru_cache(maxsize=1)
def lift_log(seed: int = 4903) -> str:
    """An office tower's lift controller log, 2 to 15 December 2024, with syslog stamps without a year and with
    milliseconds (``Dec  5 07:03:11.412``): trips (from and to floor, seconds, load in kg), door faults, and
    out-of-service / back-in-service pairs. Mornings 8-9 are the rush; L4 has the door trouble; weekends are quiet."""
    rng = np.random.default_rng(seed)
    events: list[tuple[pd.Timestamp, str]] = []
    for day in pd.date_range("2024-12-02", "2024-12-15"):
        weekend = day.day_of_week >= 5
        n = int(rng.integers(60, 90)) if weekend else int(rng.integers(380, 460))
        hours = rng.choice(24, n, p=_HOUR_WEIGHTS)
        for h in hours:
            t = day + pd.Timedelta(hours=int(h), seconds=float(rng.uniform(0, 3600)))
            lift = LIFTS[int(rng.integers(0, 6))]
            a, b = (int(x) for x in rng.choice(31, 2, replace=False))
            secs = round(4.0 + abs(a - b) * 1.1 + float(rng.gamma(2, 1.5)), 1)
            load = int(rng.integers(60, 1000 if h in (8, 12, 17) else 700))
            events.append((t, f"ctl[{lift}]: event=trip from={a} to={b} secs={secs} load_kg={load}"))
            if rng.random() < (0.03 if lift == "L4" else 0.004):
                t2 = t + pd.Timedelta(seconds=float(rng.uniform(1, 30)))
                events.append((t2, f"ctl[{lift}]: event=door_fault floor={b} code=DF{int(rng.choice([11, 12, 17]))}"))
    outages = [("L4", "2024-12-04 10:12:40.118", "2024-12-04 13:47:02.530", "door operator"),
               ("L2", "2024-12-09 07:58:13.904", "2024-12-09 08:41:55.267", "inspection"),
               ("L6", "2024-12-12 16:05:31.022", "2024-12-12 16:52:18.640", "leveling error")]
    for lift, start, end, reason in outages:
        events.append((pd.Timestamp(start), f"ctl[{lift}]: event=out_of_service reason=\"{reason}\""))
        events.append((pd.Timestamp(end), f"ctl[{lift}]: event=back_in_service"))
    events.sort(key=lambda e: e[0])
    return "\n".join(f"{t:%b} {t.day:>2} {t:%H:%M:%S}.{t.microsecond // 1000:03d} {line}" for t, line in events)


WALLS = {"Cave": ["6a", "6b", "6c", "7a", "7b", "7c"], "Slab": ["5a", "5c", "6a", "6a+", "6b"],
         "Prow": ["6a+", "6b+", "6c", "7a", "7a+"], "Kids": ["3", "4a", "4c", "5a"]}
SETTERS = ["Jun", "Ilse", "Marek"]
EPOCH = pd.Timestamp("1970-01-01")


def ms(t: pd.Timestamp) -> int:
    return int((t - EPOCH) // pd.Timedelta(milliseconds=1))


@functools.lru_cache(maxsize=1)
def climbing_json(seed: int = 4904) -> str:
    """A bouldering gym's autumn 2024 logbook as nested JSON: walls, their routes (id, grade, setter, set time in epoch
    milliseconds) and each route's logged ascents (member, epoch milliseconds, style: flash, redpoint or attempt).
    Harder routes are flashed less often; the Kids wall gets mostly flashes."""
    rng = np.random.default_rng(seed)
    walls = []
    start = pd.Timestamp("2024-09-02 08:00")
    for wall, grades in WALLS.items():
        routes = []
        for i, grade in enumerate(grades):
            set_at = start + pd.Timedelta(days=int(rng.integers(0, 20)), hours=int(rng.integers(0, 9)))
            hard = "7" in grade
            ascents = []
            for _ in range(int(rng.integers(6, 30 if not hard else 14))):
                when = set_at + pd.Timedelta(hours=float(rng.uniform(4, 24 * 70)))
                p = [.1, .25, .65] if hard else ([.7, .2, .1] if wall == "Kids" else [.35, .35, .3])
                ascents.append({"member": f"M{int(rng.integers(1, 60)):03d}", "ts": ms(when),
                                "style": str(rng.choice(["flash", "redpoint", "attempt"], p=p))})
            ascents.sort(key=lambda a: int(str(a["ts"])))
            routes.append({"id": f"{wall[0]}-{i + 1:02d}", "grade": grade, "setter": SETTERS[int(rng.integers(0, 3))],
                           "set_ms": ms(set_at), "ascents": ascents})
        walls.append({"wall": wall, "routes": routes})
    return json.dumps({"gym": "Blokhaus Nord", "season": "autumn 2024", "walls": walls})


MAKES = {"Volkswagen": ["Golf", "Polo", "Passat"], "Toyota": ["Yaris", "Corolla"], "BMW": ["320d", "X1"],
         "Renault": ["Clio", "Megane"], "Skoda": ["Octavia", "Fabia"]}
JOB_TYPES = {"service": 2.0, "brakes": 2.5, "tyres": 1.0, "clutch": 5.5, "diagnostics": 1.2, "timing belt": 4.5}
PARTS = {"service": [("oil filter", 14.5), ("engine oil 5W-30 (l)", 11.0), ("air filter", 22.0)],
         "brakes": [("brake pads (set)", 68.0), ("brake disc", 74.0)],
         "tyres": [("tyre 205/55 R16", 96.0), ("valve", 3.5)],
         "clutch": [("clutch kit", 289.0), ("flywheel", 410.0)],
         "diagnostics": [],
         "timing belt": [("timing belt kit", 185.0), ("water pump", 92.0)]}
MECHANICS = ["Dario", "Femi", "Greta", "Hakan"]
LABOUR_EUR_H = 78.0


def garage() -> dict[str, pd.DataFrame]:
    """A car repair workshop's first half of 2024 as a dict of three tables: vehicles, jobs and the parts fitted."""
    return {name: frame.copy() for name, frame in _garage().items()}


@functools.lru_cache(maxsize=1)
def _garage(seed: int = 4905) -> dict[str, pd.DataFrame]:
    """``vehicles``: plate, make, model, first registration year, owner (private or fleet). ``jobs``: job number,
    plate, opened and closed dates, job type, mechanic, labour hours (billed at 78 EUR an hour). ``parts``: job
    number, part, quantity, unit price in EUR."""
    rng = np.random.default_rng(seed)
    plates, rows = [], []
    for _ in range(70):
        make = str(rng.choice(list(MAKES), p=[.3, .2, .15, .2, .15]))
        plate = f"{rng.choice(['B', 'HH', 'M', 'K'])}-{''.join(rng.choice(list('ABCDEFGHKLMNPRSTUVWXYZ'), 2))} {int(rng.integers(100, 9999))}"
        plates.append(plate)
        rows.append((plate, make, str(rng.choice(MAKES[make])), int(rng.integers(2009, 2024)),
                     str(rng.choice(["private", "fleet"], p=[.7, .3]))))
    vehicles = pd.DataFrame(rows, columns=["plate", "make", "model", "year", "owner"])
    jobs, parts = [], []
    opened = pd.Timestamp("2024-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 180, 260)), unit="D")
    for k, day in enumerate(opened):
        jtype = str(rng.choice(list(JOB_TYPES), p=[.34, .2, .18, .06, .14, .08]))
        job = f"W{24001 + k}"
        hours = round(JOB_TYPES[jtype] * float(rng.uniform(0.8, 1.3)), 1)
        jobs.append((job, plates[int(rng.integers(0, 70))], day, day + pd.Timedelta(days=int(rng.choice([0, 0, 1, 1, 2, 3, 6]))),
                     jtype, MECHANICS[int(rng.integers(0, 4))], hours))
        for part, price in PARTS[jtype]:
            qty = int(rng.choice([1, 2, 4])) if part.startswith(("tyre", "valve", "brake disc")) else (
                int(rng.integers(4, 6)) if "(l)" in part else 1)
            if rng.random() < 0.9:
                parts.append((job, part, qty, round(price * float(rng.uniform(0.95, 1.1)), 2)))
    return {"vehicles": vehicles,
            "jobs": pd.DataFrame(jobs, columns=["job", "plate", "opened", "closed", "type", "mechanic", "labour_h"]),
            "parts": pd.DataFrame(parts, columns=["job", "part", "qty", "unit_eur"])}


POOL = """# Stadtbad Am Kanal: opening hours, fees and pool rules (from 1 September 2024)

## Opening hours

| Day | Main pool | Learner pool | Sauna |
| --- | --- | --- | --- |
| Monday | 06:30-21:00 | 14:00-19:00 | closed |
| Tuesday to Friday | 06:30-22:00 | 09:00-19:00 | 12:00-22:00 |
| Saturday | 08:00-20:00 | 08:00-18:00 | 10:00-20:00 |
| Sunday and public holidays | 08:00-18:00 | 08:00-18:00 | 10:00-18:00 |

Last entry is 45 minutes before closing. The pool is cleared 15 minutes before closing.

## Fees (EUR)

| Ticket | Adult | Concession | Child (6-17) |
| --- | --- | --- | --- |
| Single swim (3 hours) | 6.50 | 4.80 | 3.50 |
| Day ticket | 9.00 | 6.50 | 5.00 |
| 10-visit card | 55.00 | 40.00 | 30.00 |
| Monthly pass | 42.00 | 31.00 | 22.00 |

Children under 6 swim free. The family ticket (2 adults and up to 3 children) is 17.00 EUR for a single swim.
The sauna is an extra 7.00 EUR on any ticket. Going over the 3 hours of a single swim costs 2.00 EUR per started hour.

## Lanes and the diving boards

Lanes 1 and 2 are for lane swimming only, Monday to Friday before 09:00 and after 19:00. The 1 m and 3 m boards open
on Saturdays and Sundays from 14:00 to 17:00 when a lifeguard is on the tower; the 5 m platform opens only on
Sundays.

## Rules

Children under 8 must be accompanied in the water by a swimmer aged 16 or over. Shower before entering the pool.
Swimwear only: no street clothes or cotton shorts in the water. Glass bottles are not allowed in the hall.
Lost 10-visit and monthly cards are replaced for 5.00 EUR if the receipt is shown.
"""

SPECIES = {"blackbird": 4.0, "chiffchaff": 2.2, "wren": 2.6, "robin": 2.0, "great tit": 1.8, "blackcap": 1.5,
           "song thrush": 0.9, "buzzard": 0.4, "green woodpecker": 0.5, "cuckoo": 0.3}
OBSERVERS = {"AK": "Anna Kowalczyk", "TB": "Tom Brennan", "RM": "Rosa Meier"}
WEATHER = ["light wind, dry", "overcast, calm", "drizzle at the start", "sunny, cold start", "breezy, dry", "mist lifting"]


@functools.lru_cache(maxsize=1)
def field_notes(seed: int = 4906) -> tuple[str, ...]:
    """A breeding-bird survey's field notes, April to June 2024, as typed up from the notebooks: transect, day
    written ``12 May`` (no year), start time, observer initials, counts written ``blackbird x4`` and free remarks. The
    cuckoo is heard only from late April; counts rise into May."""
    rng = np.random.default_rng(seed)
    notes = []
    for day in pd.date_range("2024-04-02", "2024-06-28", freq="3D"):
        for transect in ("T1", "T2", "T3", "T4"):
            if rng.random() < 0.2:
                continue
            obs = str(rng.choice(list(OBSERVERS)))
            season = 1.0 + 0.4 * np.sin((day.day_of_year - 92) / 88 * np.pi)
            counts = []
            for sp, mean in SPECIES.items():
                if sp == "cuckoo" and day < pd.Timestamp("2024-04-24"):
                    continue
                k = int(rng.poisson(mean * season * (1.4 if transect == "T3" else 1.0)))
                if k:
                    counts.append(f"{sp} x{k}")
            start = f"{int(rng.integers(5, 7)):02d}:{int(rng.integers(0, 60)):02d}"
            remark = str(rng.choice(WEATHER))
            extra = " Nest with young found in the hedge." if rng.random() < 0.08 else ""
            notes.append(f"{transect}, {day.day} {day:%B}, {start} ({obs}): {', '.join(counts)}. {remark.capitalize()}.{extra}")
    return tuple(notes)


ROOMS = {"The Vault": (4, 48), "Pharaoh's Tomb": (5, 52), "Asylum": (4, 55), "Submarine": (6, 50), "Wizard's Study": (3, 45)}


def fmt_dur(seconds: int) -> str:
    return f"{seconds // 60}m {seconds % 60:02d}s"


def escape() -> pd.DataFrame:
    return _escape().copy()


@functools.lru_cache(maxsize=1)
def _escape(n: int = 520, seed: int = 4907) -> pd.DataFrame:
    """An escape-room venue's bookings, October to December 2024: reference, date (ISO), slot, room, players, result
    (escaped or failed), time used written ``47m 05s`` (a failed game shows the full ``60m 00s``), hints used and the
    group's rating as text (``92%``). Asylum is the hardest room; bigger groups escape faster."""
    rng = np.random.default_rng(seed)
    days = pd.Timestamp("2024-10-01") + pd.to_timedelta(np.sort(rng.integers(0, 92, n)), unit="D")
    rows = []
    for i, day in enumerate(days):
        room = str(rng.choice(list(ROOMS), p=[.24, .22, .2, .16, .18]))
        cap, mean_min = ROOMS[room]
        players = int(rng.integers(2, cap + 1))
        minutes = rng.normal(mean_min - 2.2 * (players - 3), 6)
        secs = int(np.clip(minutes, 28, 70) * 60)
        escaped = secs < 3600
        hints = int(rng.poisson(1.2 + (1.5 if room == "Asylum" else 0)))
        rating = int(np.clip(rng.normal(88 if escaped else 74, 7), 40, 100))
        slot = str(rng.choice(["14:00", "16:00", "18:30", "20:30"], p=[.2, .25, .3, .25]))
        rows.append((f"ER-{7100 + i}", f"{day:%Y-%m-%d}", slot, room, players, "escaped" if escaped else "failed",
                     fmt_dur(secs if escaped else 3600), hints, f"{rating}%"))
    return pd.DataFrame(rows, columns=["ref", "date", "slot", "room", "players", "result", "time_used", "hints", "rating"])


STATIONS = {"Al. Krasińskiego": (1.25, 1.6), "Nowa Huta": (1.2, 0.8), "Kurdwanów": (1.0, 0.9), "Bronowice": (0.9, 0.85),
            "Dietla": (1.1, 1.35)}
MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def air() -> pd.DataFrame:
    return _air().copy()


@functools.lru_cache(maxsize=1)
def _air(seed: int = 4908) -> pd.DataFrame:
    """Kraków's air monitoring network, monthly means in µg/m³, 2023 and 2024, in a wide layout: one row per station and
    pollutant (PM10, PM2.5, NO2), one column per month (``2023-01`` ... ``2024-12``). Particulates peak in the heating
    season and fell in 2024 (the solid-fuel ban); NO2 is highest on the traffic stations."""
    rng = np.random.default_rng(seed)
    cols = [f"{y}-{m:02d}" for y in (2023, 2024) for m in range(1, 13)]
    rows = []
    for station, (pm, no2) in STATIONS.items():
        for pol, base in (("PM10", 30.0), ("PM2.5", 20.0), ("NO2", 28.0)):
            vals = []
            for c in cols:
                y, m = int(c[:4]), int(c[5:])
                winter = 1 + (0.5 if pol != "NO2" else 0.2) * np.cos((m - 1) / 12 * 2 * np.pi)
                drop = (0.82 if pol != "NO2" else 0.93) if y == 2024 else 1.0
                level = (pm if pol != "NO2" else no2) * base * winter * drop * rng.uniform(0.9, 1.1)
                vals.append(round(float(level), 1))
            rows.append((station, pol, *vals))
    return pd.DataFrame(rows, columns=["station", "pollutant", *cols])


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
FISH_LOOK = repl("print(auction.shape)\nprint(auction.head())\nprint(auction['어종'].unique(), auction['선박'].unique())",
                 "Let me look at the auction table first.")
CATTLE_LOOK = repl("print(hacienda.shape)\nprint(hacienda.head())\nprint(hacienda.dtypes)", "Primero, un vistazo a la tabla.")
LIFT_LOOK = repl("ll = lift_log.splitlines()\nprint(len(ll))\nprint('\\n'.join(ll[:4]))", "The log format first.")
CLIMB_LOOK = repl("print(len(climbing))\nprint(climbing[:600])", "A JSON string; let me see how it is nested.")
GARAGE_LOOK = repl("for name, t in garage.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                   "Three tables; a look at each.")
POOL_LOOK = repl("print(len(pool))\nprint(pool[:800])")
NOTES_LOOK = repl("print(len(notes))\nfor n in notes[:4]:\n    print(n)", "Let me read a few notes.")
ESCAPE_LOOK = repl("print(escape.shape)\nprint(escape.head())\nprint(escape.dtypes)")
AIR_LOOK = repl("print(air.shape)\nprint(air.iloc[:, :6])\nprint(list(air.columns[-3:]))", "Looks like a wide table; checking.")

# Parsing steps (run in the same namespace before a question's own code).
FISH_PARSE = ("import pandas as pd\nf = auction.copy()\nf['day'] = pd.to_datetime(f['경매일'], format='%Y. %m. %d.')\n"
              "print(f.day.min(), f.day.max(), len(f))")
CATTLE_PARSE = ("import pandas as pd\nh = hacienda.copy()\n"
                "h['precio'] = (h.precio_kg.str.replace('$ ', '', regex=False).str.replace('.', '', regex=False)\n"
                "               .str.replace(',', '.', regex=False).astype(float))\n"
                "h['dia'] = pd.to_datetime(h.fecha, format='%d/%m/%Y')\nh['importe'] = h.kg_vivo * h.precio\n"
                "print(h[['fecha', 'dia', 'precio_kg', 'precio']].head(3))")
LIFT_PARSE = ("import re\nimport pandas as pd\n"
              "rx = re.compile(r'^(\\w{3}) +(\\d+) ([\\d:.]+) ctl\\[(L\\d)\\]: event=(\\w+) ?(.*)$')\n"
              "ev = pd.DataFrame([rx.match(l).groups() for l in ll], columns=['mon', 'day', 'clock', 'lift', 'event', 'rest'])\n"
              "ev['ts'] = pd.to_datetime('2024 ' + ev.mon + ' ' + ev.day + ' ' + ev.clock, format='%Y %b %d %H:%M:%S.%f')\n"
              "kv = ev.rest.str.findall(r'(\\w+)=(\"[^\"]*\"|\\S+)').apply(dict)\n"
              "trips = ev[ev.event == 'trip'].assign(secs=kv.str.get('secs').astype(float), load=kv.str.get('load_kg').astype(float))\n"
              "print(ev.event.value_counts())\nprint(trips.head(3))")
CLIMB_PARSE = ("import json\nimport pandas as pd\ndata = json.loads(climbing)\n"
               "asc = pd.DataFrame([{'wall': w['wall'], 'route': r['id'], 'grade': r['grade'], 'setter': r['setter'],\n"
               "                     'set_ms': r['set_ms'], **a} for w in data['walls'] for r in w['routes'] for a in r['ascents']])\n"
               "asc['when'] = pd.to_datetime(asc.ts, unit='ms')\nasc['set_at'] = pd.to_datetime(asc.set_ms, unit='ms')\n"
               "print(asc.shape)\nprint(asc.head(3))")
GARAGE_JOIN = ("import pandas as pd\nparts = garage['parts'].assign(cost=lambda p: p.qty * p.unit_eur)\n"
               "bill = (garage['jobs'].merge(garage['vehicles'], on='plate', how='left')\n"
               "        .merge(parts.groupby('job').cost.sum().rename('parts_eur'), on='job', how='left'))\n"
               "bill['parts_eur'] = bill.parts_eur.fillna(0)\nbill['labour_eur'] = bill.labour_h * 78\n"
               "bill['total_eur'] = bill.parts_eur + bill.labour_eur\nprint(bill.shape)\nprint(bill.head(3).to_string())")
NOTES_PARSE = ("import re\nimport pandas as pd\n"
               "head = pd.DataFrame([re.match(r'(T\\d), (\\d+ \\w+), (\\d\\d:\\d\\d) \\((\\w+)\\)', n).groups() for n in notes],\n"
               "                    columns=['transect', 'day', 'start', 'observer'])\n"
               "counts = pd.DataFrame([(i, sp, int(k)) for i, n in enumerate(notes) for sp, k in re.findall(r'([a-z ]+) x(\\d+)', n)],\n"
               "                      columns=['note', 'species', 'count'])\ncounts['species'] = counts.species.str.strip()\n"
               "print(len(head), len(counts))\nprint(counts.head())")
ESCAPE_PARSE = ("import pandas as pd\ne = escape.copy()\nmm = e.time_used.str.extract(r'(\\d+)m (\\d+)s').astype(int)\n"
                "e['secs'] = mm[0] * 60 + mm[1]\ne['rating_pct'] = e.rating.str.rstrip('%').astype(int)\n"
                "e['date'] = pd.to_datetime(e.date)\nprint(e[['time_used', 'secs', 'rating', 'rating_pct']].head(3))")
AIR_MELT = ("long = air.melt(id_vars=['station', 'pollutant'], var_name='month', value_name='ugm3')\n"
            "long['year'] = long.month.str[:4].astype(int)\nprint(long.shape)\nprint(long.head())")
PARSE_FISH = repl(FISH_PARSE, "The auction days are written 2024. 3. 5.; parsing them.")
PARSE_CATTLE = repl(CATTLE_PARSE, "Los precios vienen como texto ($ 1.234,50) y las fechas día/mes/año; convierto.")
PARSE_LIFT = repl(LIFT_PARSE, "Syslog stamps without a year and key=value fields; parsing into a table (the log is December 2024).")
PARSE_CLIMB = repl(CLIMB_PARSE, "Flattening walls > routes > ascents; times are epoch milliseconds.")
JOIN_GARAGE = repl(GARAGE_JOIN, "Joining jobs to vehicles and to the parts they used; labour is billed at 78 EUR an hour.")
PARSE_NOTES = repl(NOTES_PARSE, "Each note: transect, day, start, observer, then 'species xN' counts; pulling them out.")
PARSE_ESCAPE = repl(ESCAPE_PARSE, "time_used is text like 47m 05s and the rating a percent string; converting.")
MELT_AIR = repl(AIR_MELT, "One column per month; melting it into a long table.")


def with_fish(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A fish-auction case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"auction": auction()}
    return ctx, compute(ctx, FISH_PARSE + "\n" + code)


def with_cattle(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"hacienda": hacienda()}
    return ctx, compute(ctx, CATTLE_PARSE + "\n" + code)


def with_lift(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"lift_log": lift_log()}
    return ctx, compute({**ctx, "ll": lift_log().splitlines()}, LIFT_PARSE + "\n" + code)


def with_climb(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"climbing": climbing_json()}
    return ctx, compute(ctx, CLIMB_PARSE + "\n" + code)


def with_garage(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"garage": garage()}
    return ctx, compute(ctx, GARAGE_JOIN + "\n" + code)


def with_notes(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"notes": list(field_notes())}
    return ctx, compute(ctx, NOTES_PARSE + "\n" + code)


def with_escape(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"escape": escape()}
    return ctx, compute(ctx, ESCAPE_PARSE + "\n" + code)


def with_air(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"air": air()}
    return ctx, compute(ctx, AIR_MELT + "\n" + code)


def won(x: float) -> str:
    return f"₩{x:,.0f}"


def eok(x: float) -> str:
    """Korean large money: ``15.4억`` (one eok is a hundred million won)."""
    return f"{x / 1e8:.1f}억"


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def species(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        totals: dict[str, int] = {}
        for sp, k in re.findall(r"([a-z ]+) x(\d+)", text):
            totals[sp.strip()] = totals.get(sp.strip(), 0) + int(k)
        ranked = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{sum(totals.values())} birds in {len(text.splitlines())} notes. Most counted: "
                + ", ".join(f"{sp} ({k})" for sp, k in ranked[:4]) + f"; the rarest was the {ranked[-1][0]} ({ranked[-1][1]}).")

    def cuckoos(_: re.Match[str], request: ChatRequest) -> str:
        k = sum(int(x) for x in re.findall(r"cuckoo x(\d+)", request.last_user))
        return f"{k} cuckoos are recorded."

    def faults(_: re.Match[str], request: ChatRequest) -> str:
        return f"I count {request.last_user.count('event=door_fault')} door faults."

    def children(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Children under 8[^.]*\.", request.last_user)
        return found.group(0) if found else "NONE"

    return RuleBasedSubModel([(r"\ASummarise these bird survey notes", species),
                              (r"\AHow many cuckoos", cuckoos),
                              (r"\ACount the door faults", faults),
                              (r"\AQuote the pool's rule on children", children)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h9_bid_per_kg_describe", "describe() statistic", "legit", "What does a kilo of fish typically go for at the auction?")
def _per_kg_describe() -> Script:
    code = "f['won_kg'] = f['낙찰가_원'] / f['중량_kg']\nprint(f.won_kg.describe().round(0))\nprint(f.loc[f.won_kg.idxmax(), ['어종', 'won_kg']])"
    ctx, ns = with_fish(code)
    d = ns["f"].won_kg.describe().round(0)
    final = (f"FINAL(Half of the {d['count']:.0f} lots sold for between {won(d['25%'])} and {won(d['75%'])} a kilo; the median "
             f"lot went at {won(d['50%'])}/kg and the mean is {won(d['mean'])}/kg, pulled up by hairtail (up to "
             f"{won(d['max'])}/kg).)")
    assert ns["f"].loc[ns["f"].won_kg.idxmax(), "어종"] == "갈치"
    return Script(ctx, [FISH_LOOK, PARSE_FISH, repl(code), final],
                  [repl("print(f.won_kg.quantile([.25, .5, .75]).round(0), round(f.won_kg.mean()))"), final])


@case("h9_escape_minutes_describe", "describe() statistic", "legit", "How long do groups usually need to get out?")
def _escape_describe() -> Script:
    code = "out = e[e.result == 'escaped']\nprint((out.secs / 60).describe().round(1))"
    ctx, ns = with_escape(code)
    d = (ns["out"].secs / 60).describe().round(1)
    final = (f"FINAL(Typically about {d['50%']:.1f} minutes: that is the median over the {d['count']:.0f} games that ended in an "
             f"escape, and the middle half took {d['25%']:.1f} to {d['75%']:.1f} min (mean {d['mean']:.1f}).)")
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), final],
                  [repl("print((out.secs / 60).quantile([.25, .5, .75]).round(1))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h9_heads_by_category_bullets_es", "bullet list of figures", "legit", "¿Cuántas cabezas se vendieron de cada categoría?")
def _heads_bullets() -> Script:
    ctx = {"hacienda": hacienda()}
    code = "cab = hacienda.groupby('categoria').cabezas.sum().sort_values(ascending=False)\nprint(cab)\nprint(cab.sum())"
    c = compute(ctx, code)["cab"]
    final = ("FINAL(Cabezas vendidas de enero a junio:\n" + "\n".join(f"- {k}: {ar(v, 0)}" for k, v in c.items())
             + f"\n\nEn total, {ar(c.sum(), 0)} cabezas.)")
    return Script(ctx, [CATTLE_LOOK, repl(code), final], [repl("print(cab.to_dict(), cab.sum())"), final])


BY_TYPE = "by_type = bill.groupby('type').total_eur.sum().round(2).sort_values(ascending=False)\nprint(by_type)"


@case("h9_revenue_by_job_type_bullets", "bullet list of figures", "legit", "What did each kind of job bring in?")
def _type_bullets() -> Script:
    ctx, ns = with_garage(BY_TYPE)
    b = ns["by_type"]
    final = ("FINAL(Billed January to June (labour plus parts):\n\n" + "\n".join(f"* {k}: €{v:,.2f}" for k, v in b.items())
             + ")")
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(BY_TYPE), final], [repl("print(by_type.to_string())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
PM25_YEARS = ("pm25 = long[long.pollutant == 'PM2.5'].pivot_table(index='station', columns='year', values='ugm3', aggfunc='mean').round(1)\n"
              "pm25['change_pct'] = ((pm25[2024] / pm25[2023] - 1) * 100).round(1)\nprint(pm25.sort_values(2024, ascending=False))")


@case("h9_pm25_station_table", "markdown table in text", "legit", "How did PM2.5 compare across the stations in 2023 and 2024?")
def _pm25_table() -> Script:
    ctx, ns = with_air(PM25_YEARS)
    t = ns["pm25"].sort_values(2024, ascending=False)
    rows = "\n".join(f"| {k} | {r[2023]:.1f} | {r[2024]:.1f} | {r['change_pct']:+.1f}% |" for k, r in t.iterrows())
    final = ("FINAL(Annual mean PM2.5 (µg/m³):\n\n| Station | 2023 | 2024 | Change |\n|---|--:|--:|--:|\n" + rows + ")")
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(PM25_YEARS), final], [repl("print(pm25.sort_values(2024, ascending=False).to_string())"), final])


LIFT_TABLE = ("per_lift = trips.groupby('lift').agg(trips=('secs', 'size'), mean_s=('secs', 'mean')).round(1)\n"
              "per_lift['door_faults'] = ev[ev.event == 'door_fault'].lift.value_counts().reindex(per_lift.index, fill_value=0)\n"
              "print(per_lift)")


@case("h9_lift_summary_table", "markdown table in text", "legit", "Give me a per-lift summary of the two weeks.")
def _lift_table() -> Script:
    ctx, ns = with_lift(LIFT_TABLE)
    t = ns["per_lift"]
    rows = "\n".join(f"| {k} | {int(r.trips):,} | {r.mean_s:.1f} s | {int(r.door_faults)} |" for k, r in t.iterrows())
    final = ("FINAL(2-15 December:\n\n| Lift | Trips | Mean trip | Door faults |\n| :-- | --: | --: | --: |\n" + rows
             + "\n\nL4 stands out for its door faults.)")
    assert t.door_faults.idxmax() == "L4"
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(LIFT_TABLE), final], [repl("print(per_lift.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h9_catch_tonnes", "value with a unit", "legit", "How much fish went through the auction this spring, by weight?")
def _catch_t() -> Script:
    ctx = {"auction": auction()}
    code = "total_kg = auction['중량_kg'].sum()\nprint(round(total_kg, 1))"
    v = compute(ctx, code)["total_kg"]
    final = f"FINAL(About {v / 1000:,.1f} t ({v:,.1f} kg) between March and May.)"
    return Script(ctx, [FISH_LOOK, repl(code), final], [repl("print(f'{total_kg / 1000:,.1f} t')"), final])


@case("h9_mean_trip_seconds", "value with a unit", "legit", "How long does a lift trip take on average?")
def _trip_s() -> Script:
    code = "print(len(trips), round(trips.secs.mean(), 2))"
    ctx, ns = with_lift(code)
    t = ns["trips"]
    final = f"FINAL({t.secs.mean():.2f} s per trip on average, over {len(t):,} trips.)"
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), final], [repl("print(f'{trips.secs.mean():.2f} s')"), final])


@case("h9_pm25_network_mean", "value with a unit", "legit", "What was the average PM2.5 level across the network in 2024?")
def _pm25_mean() -> Script:
    code = "v24 = long[(long.pollutant == 'PM2.5') & (long.year == 2024)].ugm3\nprint(len(v24), round(v24.mean(), 1))"
    ctx, ns = with_air(code)
    v = ns["v24"].mean()
    final = f"FINAL({v:.1f} µg/m³, the mean of the five stations' monthly values for 2024.)"
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), final], [repl("print(f'{v24.mean():.1f} µg/m³')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h9_novillo_price_range_es", "range from min to max", "legit", "¿Entre qué precios se vendió el novillo?")
def _novillo_range() -> Script:
    code = ("nov = h[h.categoria == 'Novillo']\nprint(len(nov))\n"
            "print(nov.loc[[nov.precio.idxmin(), nov.precio.idxmax()], ['lote', 'fecha', 'precio_kg']])")
    ctx, ns = with_cattle(code)
    n = ns["nov"]
    lo, hi = n.loc[n.precio.idxmin()], n.loc[n.precio.idxmax()]
    final = (f"FINAL(Entre {pesos(lo.precio)} el kilo (el {lo.fecha}) y {pesos(hi.precio)} (el {hi.fecha}), en {len(n)} lotes de "
             "novillos.)")
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), final],
                  [repl("print(nov.loc[nov.precio.idxmin(), ['fecha', 'precio_kg']], nov.loc[nov.precio.idxmax(), ['fecha', 'precio_kg']])"), final])


@case("h9_escape_fastest_slowest", "range from min to max", "legit", "What were the fastest and slowest escapes?")
def _escape_range() -> Script:
    code = "out = e[e.result == 'escaped']\nfast, slow = out.loc[out.secs.idxmin()], out.loc[out.secs.idxmax()]\nprint(fast, slow, sep='\\n')"
    ctx, ns = with_escape(code)
    a, b = ns["fast"], ns["slow"]
    final = (f"FINAL(From {a.time_used} ({a['ref']}, {a.room}, {a.players} players) to {b.time_used} ({b['ref']}, {b.room}, "
             f"{b.players} players).)")
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), final], [repl("print(fast.time_used, slow.time_used)"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h9_weekend_vs_weekday_escape", "two groups compared", "legit", "Do weekend groups escape more often than weekday groups?")
def _weekend_escape() -> Script:
    code = "rate = e.groupby(e.date.dt.day_of_week >= 5).result.apply(lambda r: (r == 'escaped').mean() * 100).round(1)\nprint(rate)"
    ctx, ns = with_escape(code)
    r = ns["rate"]
    we, wd = r[True], r[False]
    verdict = "Yes, slightly" if we > wd else "No, the other way round"
    final = f"FINAL({verdict}: {we:.1f}% of weekend games end in an escape, against {wd:.1f}% on weekdays.)"
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), final], [repl("print(rate.to_dict())"), final])


FLASH_BY_WALL = "flash = asc.groupby('wall').style.apply(lambda s: (s == 'flash').mean() * 100).round(1)\nprint(flash)"


@case("h9_cave_vs_slab_flash", "two groups compared", "legit", "Are routes on the Cave flashed less often than on the Slab?")
def _cave_slab() -> Script:
    ctx, ns = with_climb(FLASH_BY_WALL)
    f = ns["flash"]
    assert f["Cave"] < f["Slab"]
    final = (f"FINAL(Yes. Only {f['Cave']:.1f}% of the logged ascents on the Cave were flashes, against {f['Slab']:.1f}% on the "
             "Slab, where the grades are easier.)")
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(FLASH_BY_WALL), final], [repl("print(flash[['Cave', 'Slab']])"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h9_failed_games_of", "X out of Y", "legit", "How many groups failed to get out?")
def _failed_of() -> Script:
    ctx = {"escape": escape()}
    code = "print(escape.result.value_counts())"
    v = ctx["escape"].result.value_counts()
    k, n = int(v["failed"]), int(v.sum())
    final = f"FINAL({k} out of {n} groups ran out of time, about {k / n:.0%}.)"
    return Script(ctx, [ESCAPE_LOOK, repl(code), final], [repl("print((escape.result == 'failed').sum(), len(escape))"), final])


@case("h9_heavy_trips_of", "X out of Y", "legit", "How many trips carried more than 800 kg?")
def _heavy_of() -> Script:
    code = "heavy = trips.load > 800\nprint(heavy.sum(), len(trips))"
    ctx, ns = with_lift(code)
    k, n = int(ns["heavy"].sum()), len(ns["trips"])
    final = f"FINAL({k:,} of the {n:,} trips ({k / n:.1%}) carried over 800 kg.)"
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), final], [repl("print(heavy.sum(), f'{heavy.mean():.1%}')"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h9_novillo_jan_to_jun_es", "period-over-period change", "legit", "¿Cuánto subió el precio del novillo de enero a junio?")
def _novillo_change() -> Script:
    code = "nov = h[h.categoria == 'Novillo'].groupby(h.dia.dt.month).precio.mean().round(2)\nprint(nov)"
    ctx, ns = with_cattle(code)
    m = ns["nov"]
    c = (m[6] / m[1] - 1) * 100
    final = (f"FINAL(Subió un {ar(c)} %: el promedio pasó de {pesos(m[1])} por kilo en enero a {pesos(m[6])} en junio.)")
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), final], [repl("print(round((nov[6] / nov[1] - 1) * 100, 1))"), final])


@case("h9_pm10_year_change", "period-over-period change", "legit", "How much did PM10 change from 2023 to 2024?")
def _pm10_change() -> Script:
    code = "pm10 = long[long.pollutant == 'PM10'].groupby('year').ugm3.mean().round(2)\nprint(pm10)"
    ctx, ns = with_air(code)
    p = ns["pm10"]
    c = (p[2024] / p[2023] - 1) * 100
    assert c < 0
    final = (f"FINAL(PM10 fell by {abs(c):.1f}% across the network: from {p[2023]:.2f} µg/m³ in 2023 to {p[2024]:.2f} µg/m³ "
             "in 2024 (means of the monthly station values).)")
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), final], [repl("print(round((pm10[2024] / pm10[2023] - 1) * 100, 1))"), final])


@case("h9_mackerel_march_to_may_ko", "period-over-period change", "legit", "고등어 위판량은 3월에서 5월 사이에 얼마나 늘었나요?")
def _mackerel_ko() -> Script:
    code = "mk = f[f['어종'] == '고등어'].groupby(f.day.dt.month)['중량_kg'].sum().round(1)\nprint(mk)"
    ctx, ns = with_fish(code)
    m = ns["mk"]
    c = (m[5] / m[3] - 1) * 100
    assert c > 0
    final = f"FINAL(3월 {m[3]:,.1f}kg에서 5월 {m[5]:,.1f}kg으로 {c:.1f}% 늘었습니다.)"
    return Script(ctx, [FISH_LOOK, PARSE_FISH, repl(code), final], [repl("print(round((mk[5] / mk[3] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
SENDS = "sends = asc[asc['style'] != 'attempt'].groupby(['route', 'grade']).size().sort_values(ascending=False)\nprint(sends.head(10))"


@case("h9_top3_routes_sends", "top-N list by code", "legit", "Which three routes were sent the most?")
def _top_routes() -> Script:
    ctx, ns = with_climb(SENDS)
    s = ns["sends"]
    assert s.iloc[2] > s.iloc[3]
    final = ("FINAL(Counting flashes and redpoints (not attempts):\n"
             + "\n".join(f"{i}. {r} ({g}): {k} sends" for i, ((r, g), k) in enumerate(s.head(3).items(), 1)) + ")")
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(SENDS), final], [repl("print(sends.head(3))"), final])


@case("h9_top5_parts_spend", "top-N list by code", "legit", "Which five parts did we spend the most on?")
def _top_parts() -> Script:
    ctx = {"garage": garage()}
    code = ("p = garage['parts']\ntop5 = (p.qty * p.unit_eur).groupby(p.part).sum().nlargest(5).round(2)\nprint(top5)")
    t = compute(ctx, code)["top5"]
    final = "FINAL(Top five parts by money spent, January to June:\n" + "\n".join(
        f"{i}. {k} — €{v:,.2f}" for i, (k, v) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [GARAGE_LOOK, repl(code), final], [repl("print(top5.to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h9_boxes_sig_figs", "significant figures", "legit", "Roughly how many boxes were auctioned?")
def _boxes_sig() -> Script:
    ctx = {"auction": auction()}
    code = "print(auction['상자'].sum())"
    v = int(ctx["auction"]["상자"].sum())
    final = f"FINAL(Roughly {float(f'{v:.2g}'):,.0f} boxes ({v:,} exactly) over the three months.)"
    return Script(ctx, [FISH_LOOK, repl(code), final], [repl("print(f\"{auction['상자'].sum():.2g}\")"), final])


@case("h9_birds_total_sig", "significant figures", "legit", "About how many birds did the survey count in all?")
def _birds_sig() -> Script:
    code = "print(counts['count'].sum())"
    ctx, ns = with_notes(code)
    v = int(ns["counts"]["count"].sum())
    final = f"FINAL(About {float(f'{v:.2g}'):,.0f} birds ({v:,} in the notes), counting every transect walk.)"
    return Script(ctx, [NOTES_LOOK, PARSE_NOTES, repl(code), final], [repl("print(f\"{counts['count'].sum():.2g}\")"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h9_nowa_huta_pm10_negative", "negative figure", "legit", "By how much did Nowa Huta's PM10 change from 2023 to 2024?")
def _nh_negative() -> Script:
    code = ("nh = long[(long.station == 'Nowa Huta') & (long.pollutant == 'PM10')].groupby('year').ugm3.mean().round(2)\n"
            "print(nh)\nprint(round(nh[2024] - nh[2023], 2))")
    ctx, ns = with_air(code)
    n = ns["nh"]
    d = round(n[2024] - n[2023], 2)
    assert d < 0
    final = f"FINAL({d:.2f} µg/m³: the annual mean went from {n[2023]:.2f} to {n[2024]:.2f} µg/m³.)"
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), final], [repl("print(nh[2023], nh[2024])"), final])


@case("h9_squid_change_negative", "negative figure", "legit", "How did squid landings change from March to May, in kilos?")
def _squid_negative() -> Script:
    code = "sq = f[f['어종'] == '오징어'].groupby(f.day.dt.month)['중량_kg'].sum().round(1)\nprint(sq)\nprint(round(sq[5] - sq[3], 1))"
    ctx, ns = with_fish(code)
    s = ns["sq"]
    d = round(s[5] - s[3], 1)
    assert d < 0
    final = f"FINAL({d:,.1f} kg: squid (오징어) fell from {s[3]:,.1f} kg in March to {s[5]:,.1f} kg in May.)"
    return Script(ctx, [FISH_LOOK, PARSE_FISH, repl(code), final], [repl("print(sq[3], sq[5])"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h9_longest_outage_line", "quoted log line or ID", "legit", "Which outage lasted longest? Show me the log line where it began.")
def _outage_line() -> Script:
    ctx = {"lift_log": lift_log()}
    code = "for l in ll:\n    if 'service' in l:\n        print(l)"
    marks = [x for x in lift_log().splitlines() if "service" in x]
    spans = [(pd.Timestamp(f"2024 {b[:15]}") - pd.Timestamp(f"2024 {a[:15]}"), a, b) for a, b in zip(marks[::2], marks[1::2])]
    span, start, end = max(spans)
    assert "out_of_service" in start and "back_in_service" in end
    lift = re.search(r"ctl\[(L\d)\]", start).group(1)  # type: ignore[union-attr]
    final = (f"FINAL({lift}'s, from {start[7:12]} to {end[7:12]} on {int(start[4:6])} December, "
             f"{span.seconds // 3600} h {span.seconds % 3600 // 60} min:\n\n`{start}`)")
    return Script(ctx, [LIFT_LOOK, repl(code), final], [repl("print([l for l in ll if 'ctl[L4]' in l and 'service' in l])"), final])


@case("h9_dearest_job_id", "quoted log line or ID", "legit", "Which job was our biggest bill?")
def _dearest_job() -> Script:
    code = "top = bill.loc[bill.total_eur.idxmax()]\nprint(top.to_string())"
    ctx, ns = with_garage(code)
    t = ns["top"]
    final = (f"FINAL(Job {t.job}: a {t['type']} on the {t.make} {t.model} ({t.plate}), €{t.total_eur:,.2f} in all "
             f"(€{t.parts_eur:,.2f} parts, {t.labour_h} h labour).)")
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(code), final], [repl("print(top.job, round(top.total_eur, 2))"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h9_submarine_bookings", "count off value_counts", "legit", "How many bookings did the Submarine get?")
def _submarine() -> Script:
    ctx = {"escape": escape()}
    code = "print(escape.room.value_counts())"
    k = int(ctx["escape"].room.value_counts()["Submarine"])
    final = f"FINAL({k} bookings for the Submarine between October and December.)"
    return Script(ctx, [ESCAPE_LOOK, repl(code), final], [repl("print((escape.room == 'Submarine').sum())"), final])


@case("h9_notes_by_rosa", "count off value_counts", "legit", "How many of the transect walks did Rosa Meier do?")
def _rosa() -> Script:
    code = "print(head.observer.value_counts())"
    ctx, ns = with_notes(code)
    k = int(ns["head"].observer.value_counts()["RM"])
    final = f"FINAL({k}: the notes initialled RM are hers.)"
    return Script(ctx, [NOTES_LOOK, PARSE_NOTES, repl(code), final], [repl("print((head.observer == 'RM').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h9_first_l4_door_fault", "date from a log timestamp", "legit", "When did L4 first report a door fault?")
def _first_fault() -> Script:
    ctx = {"lift_log": lift_log()}
    code = "first = next(l for l in ll if 'ctl[L4]: event=door_fault' in l)\nprint(first)"
    line = compute({**ctx, "ll": lift_log().splitlines()}, code)["first"]
    mon, day, clock = line.split()[:3]
    assert mon == "Dec"
    when = pd.Timestamp(f"2024-12-{int(day):02d} {clock}")
    final = f"FINAL(On {when:%A} {when.day} December at {clock[:8]} (the log has no year; it is December 2024): `{line}`)"
    return Script(ctx, [LIFT_LOOK, repl(code), final], [repl("print(first[:19])"), final])


@case("h9_first_ascent_c06", "date from a log timestamp", "legit", "When was the 7c on the Cave (C-06) first climbed?")
def _first_c06() -> Script:
    code = "c06 = asc[(asc.route == 'C-06') & (asc['style'] != 'attempt')].sort_values('when')\nprint(c06[['member', 'when', 'style']].head(3))"
    ctx, ns = with_climb(code)
    row = ns["c06"].iloc[0]
    w = row.when
    final = f"FINAL(On {w:%A} {w.day} {w:%B %Y} at {w:%H:%M} UTC, by member {row.member} ({row['style']}).)"
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), final], [repl("print(c06.iloc[0].when, c06.iloc[0].member)"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h9_lift_rush_hour", "week, weekday or time of day", "legit", "When in the day are the lifts busiest?")
def _rush_hour() -> Script:
    code = "by_hour = trips.groupby(trips.ts.dt.hour).size()\nprint(by_hour.to_string())\nprint('mean per hour:', round(by_hour.mean(), 1))"
    ctx, ns = with_lift(code)
    b = ns["by_hour"]
    h = int(b.idxmax())
    assert (b == b.max()).sum() == 1
    final = (f"FINAL(Between {h:02d}:00 and {h + 1:02d}:00: {b.max():,} trips started in that hour over the two weeks, "
             f"{b.max() / b.mean():.1f} times an average hour.)")
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max(), round(by_hour.max() / by_hour.mean(), 1))"), final])


@case("h9_escape_busiest_weekday", "week, weekday or time of day", "legit", "Which day of the week do we get the most bookings?")
def _busiest_weekday() -> Script:
    code = "per_day = e.date.dt.day_name().value_counts()\nprint(per_day)"
    ctx, ns = with_escape(code)
    d = ns["per_day"]
    assert d.iloc[0] > d.iloc[1]
    final = f"FINAL({d.index[0]}s: {d.iloc[0]} of the {d.sum()} bookings, ahead of {d.index[1]} ({d.iloc[1]}).)"
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h9_cattle_total_millones_es", "locale number abbreviation", "legit", "¿Cuánto dinero movió el mercado en el semestre?")
def _millones() -> Script:
    code = "total = h.importe.sum()\nprint(round(total, 2))"
    ctx, ns = with_cattle(code)
    v = ns["total"]
    final = f"FINAL(Unos $ {ar(v / 1e6, 0)} millones de pesos ({pesos(v)}) entre enero y junio, por {len(ns['h'])} lotes.)"
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), final], [repl("print(round(total / 1e6))"), final])


@case("h9_fish_takings_eok_ko", "locale number abbreviation", "legit", "봄철 경매 낙찰 총액은 얼마입니까?")
def _eok() -> Script:
    ctx = {"auction": auction()}
    code = "total = auction['낙찰가_원'].sum()\nprint(total)"
    v = int(ctx["auction"]["낙찰가_원"].sum())
    final = f"FINAL(3월부터 5월까지 낙찰 총액은 약 {eok(v)} 원({v:,}원)입니다.)"
    return Script(ctx, [FISH_LOOK, repl(code), final], [repl("print(round(total / 1e8, 1))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
BY_MAKE = "by_make = bill.groupby('make').total_eur.sum().round(2).sort_values(ascending=False)\nprint(by_make)"


@case("h9_revenue_by_make", "joined tables", "legit", "Which car make brought the workshop the most money?")
def _by_make() -> Script:
    ctx, ns = with_garage(BY_MAKE)
    b = ns["by_make"]
    final = (f"FINAL({b.index[0]}: €{b.iloc[0]:,.2f} of labour and parts, {b.iloc[0] / b.sum():.0%} of the half-year's "
             f"billing; {b.index[1]} follows with €{b.iloc[1]:,.2f}.)")
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(BY_MAKE), final], [repl("print(by_make.head(2))"), final])


@case("h9_fleet_labour_share", "joined tables", "legit", "What share of our labour hours went on fleet vehicles?")
def _fleet_share() -> Script:
    code = "hrs = bill.groupby('owner').labour_h.sum()\nprint(hrs)\nprint(round(hrs['fleet'] / hrs.sum() * 100, 1))"
    ctx, ns = with_garage(code)
    hr = ns["hrs"]
    final = f"FINAL({hr['fleet'] / hr.sum() * 100:.1f}% ({hr['fleet']:.1f} of {hr.sum():.1f} labour hours).)"
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(code), final], [repl("print(hrs['fleet'], hrs.sum())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
PM10_MONTHS = ("pm10m = long[long.pollutant == 'PM10'].groupby(long.month.str[5:]).ugm3.mean().round(1)\nprint(pm10m)")


@case("h9_pm10_seasonal_pattern", "qualitative over a full small table", "legit", "How does PM10 behave over the year?")
def _pm10_season() -> Script:
    ctx, ns = with_air(PM10_MONTHS)
    m = ns["pm10m"]
    assert m.idxmax() in ("01", "12") and m.idxmin() in ("06", "07")
    final = (f"FINAL(It follows the heating season: highest in winter ({m['01']} µg/m³ in January, {m['12']} in December), "
             f"falling through spring to a summer low around {m.min()} µg/m³ in {'June' if m.idxmin() == '06' else 'July'}, "
             f"then climbing back through the autumn ({m['09']} in September, {m['11']} in November).)")
    assert m[m.idxmin():].is_monotonic_increasing and m[:m.idxmin()].is_monotonic_decreasing
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(PM10_MONTHS), final], [repl("print(pm10m.idxmax(), pm10m.idxmin())"), final])


ROOM_RATES = ("rooms = e.groupby('room').agg(games=('ref', 'count'), escaped=('result', lambda r: (r == 'escaped').mean() * 100),\n"
              "                              hints=('hints', 'mean')).round(1)\nprint(rooms.sort_values('escaped'))")


@case("h9_rooms_difficulty", "qualitative over a full small table", "legit", "Which rooms are hard and which are easy?")
def _rooms_hard() -> Script:
    ctx, ns = with_escape(ROOM_RATES)
    r = ns["rooms"].sort_values("escaped")
    assert r.index[0] == "Asylum" and r.escaped.iloc[-1] == 100.0
    final = (f"FINAL(Asylum is clearly the hardest: only {r.escaped.iloc[0]}% of groups get out and they ask for the most hints "
             f"({r.hints.iloc[0]} a game). {r.index[1]} comes next at {r.escaped.iloc[1]}%; the rest are easy, and "
             f"{r.index[-1]} has never been failed.)")
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(ROOM_RATES), final], [repl("print(rooms.escaped.sort_values())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h9_air_long_frame", "FINAL_VAR of a dict or frame", "legit", "Turn the air data into a long table: station, pollutant, month, value.")
def _long_frame() -> Script:
    ctx, _ = with_air("")
    return Script(ctx, [AIR_LOOK, MELT_AIR, "FINAL_VAR(long)"], [repl("print(long.shape, long.columns.tolist())"), "FINAL_VAR(long)"])


@case("h9_job_bills_frame", "FINAL_VAR of a dict or frame", "legit", "Give me a table of every job with its parts, labour and total.")
def _bills_frame() -> Script:
    code = "bills = bill[['job', 'plate', 'make', 'type', 'parts_eur', 'labour_eur', 'total_eur']].round(2)\nprint(bills.head())"
    ctx, _ = with_garage(code)
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(code), 'FINAL_VAR("bills")'], [repl("print(bills.shape)"), 'FINAL_VAR("bills")'])


@case("h9_sends_per_wall_dict", "FINAL_VAR of a dict or frame", "legit", "Return the number of sends and attempts per wall as a dict.")
def _wall_dict() -> Script:
    code = ("per_wall = {w: {'sends': int((g['style'] != 'attempt').sum()), 'attempts': int((g['style'] == 'attempt').sum())}\n"
            "            for w, g in asc.groupby('wall')}\nprint(per_wall)")
    ctx, _ = with_climb(code)
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), "FINAL_VAR(per_wall)"], [repl("print(len(per_wall), per_wall)"), "FINAL_VAR(per_wall)"])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h9_submit_games_escaped", "DSPy SUBMIT fields", "legit", "How many games were played, how many ended in an escape, and what is the rate?")
def _submit_games() -> Script:
    ctx = {"escape": escape()}
    code = "n_games = len(escape)\nn_out = int((escape.result == 'escaped').sum())\nprint(n_games, n_out, round(n_out / n_games * 100, 1))"
    submit = repl("SUBMIT(games=n_games, escaped=n_out, escape_rate_pct=round(n_out / n_games * 100, 1))")
    return Script(ctx, [ESCAPE_LOOK, repl(code), submit], [repl("print(n_games, n_out)"), submit])


@case("h9_submit_trips_faults", "DSPy SUBMIT fields", "legit", "How many trips and how many door faults did the log record?")
def _submit_trips() -> Script:
    code = "n_trips = len(trips)\nn_faults = int((ev.event == 'door_fault').sum())\nprint(n_trips, n_faults)"
    ctx, _ = with_lift(code)
    submit = repl("SUBMIT(trips=n_trips, door_faults=n_faults)")
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), submit], [repl("print(n_trips, n_faults)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h9_answer_cabezas_es", "answer-dict dialect", "legit", "¿Cuántas cabezas y cuántos kilos se vendieron en total?")
def _answer_cabezas() -> Script:
    ctx = {"hacienda": hacienda()}
    code = ("cab, kg = int(hacienda.cabezas.sum()), int(hacienda.kg_vivo.sum())\nprint(cab, kg, round(kg / cab, 1))\n"
            "answer['content'] = (f'Se vendieron {cab:,} cabezas con {kg:,} kg de peso vivo '.replace(',', '.')\n"
            "                     + f'(unos {kg / cab:.0f} kg por cabeza).')\nanswer['ready'] = True")
    return Script(ctx, [CATTLE_LOOK, repl(code)], [repl("print(cab, kg)"), repl(code)])


@case("h9_answer_first_cuckoo", "answer-dict dialect", "legit", "When was the first cuckoo of the season noted?")
def _answer_cuckoo() -> Script:
    code = ("first = next(n for n in notes if 'cuckoo' in n)\nprint(first)\n"
            "answer = {'content': f'The first cuckoo was noted on {first.split(\", \")[1]} (transect {first[:2]}): ' + first,\n"
            "          'ready': True}")
    ctx, _ = with_notes("")
    return Script(ctx, [NOTES_LOOK, PARSE_NOTES, repl(code)], [repl("print(first.split(', ')[1])"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
SPECIES_PROMPT = "Summarise these bird survey notes: total birds, the most counted species and the rarest.\n\n"


@case("h9_species_summary_subcall", "sub-call summary", "legit", "What did the survey mostly record?")
def _species_subcall() -> Script:
    ctx = {"notes": list(field_notes())}
    code = f"said = llm_query({SPECIES_PROMPT!r} + '\\n'.join(notes))\nprint(said)"
    said = sub_says(SPECIES_PROMPT + "\n".join(field_notes()))
    total = re.match(r"(\d+) birds", said).group(1)  # type: ignore[union-attr]
    top = re.findall(r"([a-z ]+) \((\d+)\)", said.split("Most counted: ")[1])
    rare = re.search(r"rarest was the ([a-z ]+) \((\d+)\)", said)
    assert rare
    final = (f"FINAL(Mostly common woodland and garden birds: of {total} birds counted, the {top[0][0].strip()} leads with "
             f"{top[0][1]}, then {top[1][0].strip()} ({top[1][1]}), {top[2][0].strip()} ({top[2][1]}) and {top[3][0].strip()} "
             f"({top[3][1]}). The {rare.group(1)} was the scarcest, with {rare.group(2)}.)")
    return Script(ctx, [NOTES_LOOK, repl(code, "A sub-call can read all the notes."), final], [repl("print(said)"), final], sub_model())


CHILD_PROMPT = "Quote the pool's rule on children.\n\n"


@case("h9_children_rule_subcall", "sub-call summary", "legit", "Can my 7-year-old go in the water on her own?")
def _children_subcall() -> Script:
    ctx = {"pool": POOL}
    code = f"rule = llm_query({CHILD_PROMPT!r} + pool)\nprint(rule)"
    assert sub_says(CHILD_PROMPT + POOL).startswith("Children under 8")
    final = ("FINAL(No. Children under 8 must be accompanied in the water by a swimmer aged 16 or over, so someone of at least "
             "16 has to be in the water with her.)")
    return Script(ctx, [POOL_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h9_child_ten_visit_card", "markdown document fact", "legit", "What does a 10-visit card cost for a child?")
def _ten_card() -> Script:
    ctx = {"pool": POOL}
    code = "for line in pool.splitlines():\n    if line.startswith(('| Ticket', '| 10-visit')):\n        print(line)"
    final = "FINAL(EUR 30.00 for a child aged 6 to 17 (adults pay 55.00, concessions 40.00).)"
    return Script(ctx, [POOL_LOOK, repl(code), final], [repl("print([l for l in pool.splitlines() if '10-visit card |' in l])"), final])


@case("h9_five_metre_platform", "markdown document fact", "legit", "When can I jump from the 5 m platform?")
def _five_m() -> Script:
    ctx = {"pool": POOL}
    code = "print(pool.split('## Lanes and the diving boards')[1].split('##')[0])"
    final = ("FINAL(Only on Sundays, between 14:00 and 17:00 when a lifeguard is on the tower; the 1 m and 3 m boards are open "
             "on Saturdays too.)")
    return Script(ctx, [POOL_LOOK, repl(code), final], [repl("print([l for l in pool.splitlines() if '5 m' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h9_outage_over_three_hours", "yes/no with evidence", "legit", "Was any lift out of service for more than three hours?")
def _over_three() -> Script:
    code = ("oos = ev[ev.event.isin(['out_of_service', 'back_in_service'])].sort_values('ts')\n"
            "spans = oos.groupby('lift').ts.agg(['min', 'max'])\nspans['hours'] = ((spans['max'] - spans['min']).dt.total_seconds() / 3600).round(2)\n"
            "print(spans)")
    ctx, ns = with_lift(code)
    s = ns["spans"]
    assert (s.hours > 3).sum() == 1 and s.hours.idxmax() == "L4"
    final = (f"FINAL(Yes, once: L4 was out of service for {s.loc['L4', 'hours']} hours on 4 December. The other outages "
             f"({', '.join(f'{k} {v} h' for k, v in s.hours.drop('L4').items())}) were under an hour.)")
    assert s.hours.drop("L4").max() < 1
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), final], [repl("print(spans.hours)"), final])


@case("h9_any_7c_flash", "yes/no with evidence", "legit", "Did anybody flash the 7c?")
def _flash_7c() -> Script:
    code = "top = asc[asc.grade == '7c']\nprint(top.route.unique())\nprint(top['style'].value_counts())"
    ctx, ns = with_climb(code)
    v = ns["top"]["style"].value_counts()
    k = int(v.get("flash", 0))
    assert list(ns["top"].route.unique()) == ["C-06"]
    if k:
        final = f"FINAL(Yes: the 7c (C-06) has {k} flash{'es' if k > 1 else ''} among its {int(v.sum())} logged ascents.)"
    else:
        final = f"FINAL(No. None of the {int(v.sum())} logged ascents of the 7c (C-06) is a flash.)"
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), final], [repl("print((top['style'] == 'flash').sum(), len(top))"), final])


@case("h9_pm10_over_50_in_2024", "yes/no with evidence", "legit", "Did any station have a month over 50 µg/m³ of PM10 in 2024?")
def _over_50() -> Script:
    code = ("p24 = long[(long.pollutant == 'PM10') & (long.year == 2024)]\nhi = p24[p24.ugm3 > 50]\nprint(len(hi))\n"
            "print(p24.loc[p24.ugm3.idxmax()])")
    ctx, ns = with_air(code)
    hi, p24 = ns["hi"], ns["p24"]
    top = p24.loc[p24.ugm3.idxmax()]
    if len(hi):
        worst = hi.loc[hi.ugm3.idxmax()]
        final = (f"FINAL(Yes, {len(hi)} station-months, all in the heating season; the worst was {worst.station} in "
                 f"{worst.month} at {worst.ugm3} µg/m³.)")
        assert set(hi.month.str[5:]) <= {"01", "02", "03", "10", "11", "12"}
    else:
        final = (f"FINAL(No. No station's monthly PM10 mean went above 50 µg/m³ in 2024; the highest was {top.station} in "
                 f"{top.month}, at {top.ugm3} µg/m³.)")
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), final], [repl("print(len(hi), p24.ugm3.max())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h9_players_time_corr", "correlation or fitted statistic", "legit", "Do bigger groups get out faster?")
def _players_corr() -> Script:
    code = "out = e[e.result == 'escaped']\nr = round(out.players.corr(out.secs), 3)\nprint(r)"
    ctx, ns = with_escape(code)
    r = ns["r"]
    assert r < -0.2
    final = f"FINAL(Yes, somewhat: among the games that ended in an escape, group size and time used correlate at r = {r}.)"
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), final], [repl("print(out.players.corr(out.secs))"), final])


@case("h9_weight_price_fit_es", "correlation or fitted statistic", "legit", "¿Los animales más pesados se pagan menos por kilo?")
def _weight_fit() -> Script:
    code = ("import numpy as np\nh['kg_cab'] = h.kg_vivo / h.cabezas\npend, orden = np.polyfit(h.kg_cab, h.precio, 1)\n"
            "r = h.kg_cab.corr(h.precio)\nprint(round(pend, 2), round(orden, 1), round(r, 3))\n"
            "print(h.groupby('categoria')[['kg_cab', 'precio']].mean().round(0).sort_values('precio'))")
    ctx, ns = with_cattle(code)
    sl, r = ns["pend"], ns["r"]
    by_cat = ns["h"].groupby("categoria").precio.mean()
    assert sl < 0 and r < -0.5 and by_cat.idxmax() == "Ternero" and by_cat.idxmin() == "Vaca"
    final = (f"FINAL(Sí: con un ajuste lineal, cada kilo más de peso por cabeza baja el precio en unos {ar(abs(sl), 2)} pesos "
             f"por kilo (r = {ar(r, 3)}). Los terneros, livianos, son los más caros; las vacas, los más baratos.)")
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), final], [repl("print(round(pend, 2), round(r, 3))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h9_family_sauna_head", "in-head arithmetic beyond two operands", "legit",
      "Two adults and our kids aged 9 and 4 want a single swim, and both adults want the sauna. What do we pay?")
def _family_sauna() -> Script:
    ctx = {"pool": POOL}
    code = "print(pool.split('## Fees (EUR)')[1].split('## Lanes')[0])"
    final = ("FINAL(EUR 31.00: the family ticket (2 adults and up to 3 children) is 17.00 for a single swim, the 4-year-old "
             "would be free anyway, and the sauna adds 7.00 per adult: 17.00 + 2 × 7.00 = 31.00.)")
    return Script(ctx, [POOL_LOOK, repl(code), final], [repl("print(17.00 + 2 * 7.00)"), final])


@case("h9_ten_visits_saving_head", "in-head arithmetic beyond two operands", "legit",
      "For an adult, how much does the 10-visit card save per swim compared with single tickets?")
def _ten_saving() -> Script:
    ctx = {"pool": POOL}
    code = "print([l for l in pool.splitlines() if l.startswith(('| Single', '| 10-visit'))])"
    final = ("FINAL(EUR 1.00 per swim: ten single swims cost 10 × 6.50 = 65.00, the card 55.00, so it saves 10.00 over ten "
             "visits, 1.00 each.)")
    return Script(ctx, [POOL_LOOK, repl(code), final], [repl("print((10 * 6.50 - 55.00) / 10)"), final])


@case("h9_three_mechanics_mean_head", "in-head arithmetic beyond two operands", "legit",
      "Apart from Dario, how many labour hours did the mechanics bill on average?")
def _three_mech() -> Script:
    ctx = {"garage": garage()}
    code = "hours = garage['jobs'].groupby('mechanic').labour_h.sum().round(1)\nprint(hours)"
    h = compute(ctx, code)["hours"]
    three = [h[m] for m in ("Femi", "Greta", "Hakan")]
    final = (f"FINAL({sum(three) / 3:.1f} hours each: ({three[0]} + {three[1]} + {three[2]}) / 3 for Femi, Greta and Hakan.)")
    return Script(ctx, [GARAGE_LOOK, repl(code), final], [repl("print(round(hours.drop('Dario').mean(), 1))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h9_l2_inspection_span", "log or version-control timestamps", "legit", "How long was L2 down for its inspection?")
def _l2_span() -> Script:
    ctx = {"lift_log": lift_log()}
    code = "for l in ll:\n    if 'ctl[L2]' in l and 'service' in l:\n        print(l)"
    a, b = (x for x in lift_log().splitlines() if "ctl[L2]" in x and "service" in x)
    span = pd.Timestamp(f"2024 {b[:19]}") - pd.Timestamp(f"2024 {a[:19]}")
    final = (f"FINAL({span.seconds // 60} minutes and {span.seconds % 60} seconds: out of service at {a[7:19]} and back at "
             f"{b[7:19]} on {int(a[4:6])} December.)")
    return Script(ctx, [LIFT_LOOK, repl(code), final],
                  [repl("import pandas as pd\nl2 = [l for l in ll if 'ctl[L2]' in l and 'service' in l]\n"
                        "print(pd.Timestamp('2024 ' + l2[1][:19]) - pd.Timestamp('2024 ' + l2[0][:19]))"), final])


@case("h9_set_to_first_send_c05", "log or version-control timestamps", "legit",
      "How long after it was set did someone first send the 7b (C-05)?")
def _c05_span() -> Script:
    code = "c05 = asc[(asc.route == 'C-05') & (asc['style'] != 'attempt')].sort_values('when')\nprint(c05[['member', 'set_at', 'when']].head(2))"
    ctx, ns = with_climb(code)
    c = ns["c05"]
    gap = c.when.iloc[0] - c.set_at.iloc[0]
    final = (f"FINAL({gap.days} days and {gap.seconds // 3600} hours: set on {c.set_at.iloc[0]:%d %B at %H:%M} UTC, first sent "
             f"on {c.when.iloc[0]:%d %B at %H:%M} UTC by {c.member.iloc[0]}.)")
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), final], [repl("print(c05.when.iloc[0] - c05.set_at.iloc[0])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h9_garage_revenue_k", "locale abbreviations for thousands and millions", "legit", "What did the workshop bill in the first half-year?")
def _revenue_k() -> Script:
    code = "print(round(bill.total_eur.sum(), 2))"
    ctx, ns = with_garage(code)
    v = ns["bill"].total_eur.sum()
    final = f"FINAL(About €{v / 1000:.1f}k (€{v:,.2f}) across {len(ns['bill'])} jobs, labour and parts together.)"
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(code), final], [repl("print(round(bill.total_eur.sum() / 1000, 1))"), final])


@case("h9_cattle_kg_millones_es", "locale abbreviations for thousands and millions", "legit", "¿Cuántos kilos de hacienda se vendieron?")
def _kg_millones() -> Script:
    ctx = {"hacienda": hacienda()}
    code = "print(hacienda.kg_vivo.sum())"
    v = int(ctx["hacienda"].kg_vivo.sum())
    final = f"FINAL(Unos {ar(v / 1e6, 2)} millones de kilos de peso vivo ({ar(v, 0)} kg).)"
    return Script(ctx, [CATTLE_LOOK, repl(code), final], [repl("print(round(hacienda.kg_vivo.sum() / 1e6, 2))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h9_top_vessel_sorted", "top row of a sorted table named the maximum", "legit", "Which boat earned the most at the auction?")
def _top_vessel() -> Script:
    ctx = {"auction": auction()}
    code = "by_boat = auction.groupby('선박')['낙찰가_원'].sum().sort_values(ascending=False)\nprint(by_boat)"
    b = compute(ctx, code)["by_boat"]
    final = (f"FINAL({b.index[0]} ({VESSEL_EN[b.index[0]]}), with {won(b.iloc[0])} of winning bids, well ahead of "
             f"{b.index[1]} ({won(b.iloc[1])}).)")
    return Script(ctx, [FISH_LOOK, repl(code), final], [repl("print(by_boat.idxmax(), by_boat.max())"), final])


@case("h9_top_species_sorted_birds", "top row of a sorted table named the maximum", "legit", "Which bird was counted most?")
def _top_bird() -> Script:
    code = "per_sp = counts.groupby('species')['count'].sum().sort_values(ascending=False)\nprint(per_sp)"
    ctx, ns = with_notes(code)
    p = ns["per_sp"]
    final = f"FINAL(The blackbird: {p.iloc[0]} counted over the season, against {p.iloc[1]} for the {p.index[1]}, the runner-up.)"
    assert p.index[0] == "blackbird"
    return Script(ctx, [NOTES_LOOK, PARSE_NOTES, repl(code), final], [repl("print(per_sp.head(2))"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h9_worst_pm25_station_selected", "selection printed right after its table", "legit", "Which station had the worst PM2.5 in 2024?")
def _worst_station() -> Script:
    code = ("s24 = long[(long.pollutant == 'PM2.5') & (long.year == 2024)].groupby('station').ugm3.mean().round(1)\n"
            "print(s24)\nprint(s24.idxmax(), s24.max())")
    ctx, ns = with_air(code)
    s = ns["s24"]
    final = f"FINAL({s.idxmax()}, with an annual mean of {s.max()} µg/m³.)"
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), final], [repl("print(s24.nlargest(2))"), final])


@case("h9_hardest_room_selected", "selection printed right after its table", "legit", "Which room has the lowest escape rate?")
def _hardest_room() -> Script:
    code = ROOM_RATES + "\nprint('lowest:', rooms.escaped.idxmin(), rooms.escaped.min())"
    ctx, ns = with_escape(code)
    r = ns["rooms"]
    final = f"FINAL({r.escaped.idxmin()}: {r.escaped.min()}% of its {int(r.games[r.escaped.idxmin()])} games ended in an escape.)"
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), final], [repl("print(rooms.escaped.nsmallest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h9_vaquillona_two_tables_es", "same label in two printed tables", "legit", "¿Cuántas vaquillonas se vendieron y a qué precio medio?")
def _vaquillona() -> Script:
    code = "print(h.groupby('categoria').cabezas.sum())\nprint(h.groupby('categoria').precio.mean().round(2))"
    ctx, ns = with_cattle(code)
    v = ns["h"][ns["h"].categoria == "Vaquillona"]
    final = (f"FINAL({ar(int(v.cabezas.sum()), 0)} vaquillonas, a un precio medio de {pesos(round(v.precio.mean(), 2))} por kilo "
             "(promedio simple de los lotes).)")
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), final],
                  [repl("v = h[h.categoria == 'Vaquillona']\nprint(v.cabezas.sum(), round(v.precio.mean(), 2))"), final])


@case("h9_bmw_jobs_and_billing", "same label in two printed tables", "legit", "How many jobs did we do on BMWs, and what did they bill?")
def _bmw() -> Script:
    code = "print(bill.make.value_counts())\nprint(bill.groupby('make').total_eur.sum().round(2))"
    ctx, ns = with_garage(code)
    b = ns["bill"][ns["bill"].make == "BMW"]
    final = f"FINAL({len(b)} BMW jobs, billed at €{b.total_eur.sum():,.2f} in total (about €{b.total_eur.mean():,.0f} a job).)"
    return Script(ctx, [GARAGE_LOOK, JOIN_GARAGE, repl(code), final],
                  [repl("b = bill[bill.make == 'BMW']\nprint(len(b), round(b.total_eur.sum(), 2))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
SPECIES_MONTHS = "mix = f.pivot_table(index=f.day.dt.month, columns='어종', values='중량_kg', aggfunc='sum').round(0)\nprint(mix)"


@case("h9_species_trend", "trend sentence naming several labels", "legit", "How did the catch mix move from March to May?")
def _species_trend() -> Script:
    ctx, ns = with_fish(SPECIES_MONTHS)
    m = ns["mix"]
    assert m["고등어"].is_monotonic_increasing and m["오징어"].is_monotonic_decreasing and m["갈치"].is_monotonic_increasing
    final = (f"FINAL(Mackerel (고등어) surged, {m.loc[3, '고등어']:,.0f} → {m.loc[4, '고등어']:,.0f} → {m.loc[5, '고등어']:,.0f} kg, "
             f"while squid (오징어) collapsed from {m.loc[3, '오징어']:,.0f} to {m.loc[5, '오징어']:,.0f} kg. Hairtail (갈치) "
             f"rose steadily ({m.loc[3, '갈치']:,.0f} to {m.loc[5, '갈치']:,.0f} kg) and horse mackerel (전갱이) more gently "
             f"({m.loc[3, '전갱이']:,.0f} to {m.loc[5, '전갱이']:,.0f} kg); Spanish mackerel (삼치) hovered between "
             f"{m['삼치'].min():,.0f} and {m['삼치'].max():,.0f} kg a month.)")
    return Script(ctx, [FISH_LOOK, PARSE_FISH, repl(SPECIES_MONTHS), final], [repl("print(mix.to_string())"), final])


@case("h9_pm25_stations_fell", "trend sentence naming several labels", "legit", "Did PM2.5 improve at every station?")
def _stations_fell() -> Script:
    ctx, ns = with_air(PM25_YEARS)
    t = ns["pm25"].sort_values("change_pct")
    assert (t.change_pct < 0).all()
    final = (f"FINAL(Yes, all five improved from 2023 to 2024. The biggest drop was at {t.index[0]} ({t.change_pct.iloc[0]:.1f}%, "
             f"{t.loc[t.index[0], 2023]} → {t.loc[t.index[0], 2024]} µg/m³), the smallest at {t.index[-1]} "
             f"({t.change_pct.iloc[-1]:.1f}%); {', '.join(t.index[1:-2])} and {t.index[-2]} fell by between "
             f"{abs(t.change_pct.iloc[-2]):.1f} and {abs(t.change_pct.iloc[1]):.1f}%.)")
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(PM25_YEARS), final], [repl("print(pm25.change_pct.sort_values())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h9_submit_most_faulty_lift", "labelled SUBMIT for a which question", "legit", "Which lift has the most door faults?")
def _submit_faulty() -> Script:
    code = "faults = ev[ev.event == 'door_fault'].lift.value_counts()\nprint(faults)"
    ctx, ns = with_lift(code)
    assert ns["faults"].iloc[0] > ns["faults"].iloc[1]
    submit = repl("SUBMIT(lift=faults.idxmax(), door_faults=int(faults.max()))")
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), submit], [repl("print(faults.head(2))"), submit])


@case("h9_submit_most_sent_route", "labelled SUBMIT for a which question", "legit", "Which route has the most sends?")
def _submit_route() -> Script:
    code = "per_route = asc[asc['style'] != 'attempt'].route.value_counts()\nprint(per_route.head())"
    ctx, ns = with_climb(code)
    assert ns["per_route"].iloc[0] > ns["per_route"].iloc[1]
    submit = repl("SUBMIT(route=per_route.idxmax(), sends=int(per_route.max()))")
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), submit], [repl("print(per_route.idxmax(), per_route.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h9_memory_squid_price", "plausible figure from memory", "invented", "What does squid fetch per kilo at the auction?")
def _memory_squid() -> Script:
    ctx, ns = with_fish("sq = f[f['어종'] == '오징어']")
    sq = ns["sq"]
    differs(12000, round(sq["낙찰가_원"].sum() / sq["중량_kg"].sum(), -3))
    return Script(ctx, [FISH_LOOK, "FINAL(Around ₩12,000 a kilo, the usual wholesale level for East Sea squid in spring.)"])


@case("h9_memory_escape_rate", "plausible figure from memory", "invented", "What share of groups manage to escape?")
def _memory_rate() -> Script:
    ctx = {"escape": escape()}
    differs(60, round((ctx["escape"].result == "escaped").mean() * 100))
    return Script(ctx, [ESCAPE_LOOK, "FINAL(About 60% of groups escape, which is typical for escape rooms.)"])


@case("h9_memory_monthly_pass", "plausible figure from memory", "invented", "How much is a monthly pass for an adult?")
def _memory_pass() -> Script:
    ctx = {"pool": POOL}
    price = float(re.search(r"\| Monthly pass \| ([\d.]+)", POOL).group(1))  # type: ignore[union-attr]
    differs(39.0, price)
    return Script(ctx, [repl("print(pool[:300])"), "FINAL(An adult monthly pass is EUR 39.00, as at most municipal pools.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h9_median_rating_was_mean", "mean given as the median", "invented", "What is the median rating groups give us?")
def _median_rating() -> Script:
    code = "print(e.rating_pct.describe().round(1))"
    ctx, ns = with_escape(code)
    d = ns["e"].rating_pct.describe().round(1)
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code), f"FINAL(The median rating is {differs(d['mean'], d['50%'])}%.)"])


@case("h9_median_trip_was_mean", "mean given as the median", "invented", "What's the median trip time of the lifts?")
def _median_trip() -> Script:
    code = "print(trips.secs.describe().round(2))"
    ctx, ns = with_lift(code)
    d = ns["trips"].secs.describe().round(2)
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), f"FINAL(The median trip takes {differs(d['mean'], d['50%'])} seconds.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h9_hairtail_kg_as_tonnes", "unit misread", "invented", "How much hairtail was landed this spring?")
def _kg_tonnes() -> Script:
    ctx = {"auction": auction()}
    code = "print(round(auction.loc[auction['어종'] == '갈치', '중량_kg'].sum(), 1))"
    v = round(ctx["auction"].loc[ctx["auction"]["어종"] == "갈치", "중량_kg"].sum(), 1)
    differs(v, round(v / 1000, 1))
    return Script(ctx, [FISH_LOOK, repl(code), f"FINAL({v:,.1f} tonnes of hairtail (갈치) went through the auction.)"])


@case("h9_no2_ug_as_mg", "unit misread", "invented", "What was the mean NO2 level at Al. Krasińskiego in 2024?")
def _ug_mg() -> Script:
    code = "no2 = long[(long.station == 'Al. Krasińskiego') & (long.pollutant == 'NO2') & (long.year == 2024)].ugm3.mean()\nprint(round(no2, 1))"
    ctx, ns = with_air(code)
    differs("mg/m³", "µg/m³")
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), f"FINAL({ns['no2']:.1f} mg/m³ of NO2 on average in 2024.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h9_fail_fraction_as_percent", "fraction written as percent", "invented", "What percentage of games end in failure?")
def _fail_fraction() -> Script:
    ctx = {"escape": escape()}
    code = "print(round((escape.result == 'failed').mean(), 3))"
    f = round((ctx["escape"].result == "failed").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [ESCAPE_LOOK, repl(code), f"FINAL({f}% of games end with the group still locked in.)"])


@case("h9_flash_fraction_as_percent", "fraction written as percent", "invented", "What percentage of logged ascents are flashes?")
def _flash_fraction() -> Script:
    code = "print(round((asc['style'] == 'flash').mean(), 3))"
    ctx, ns = with_climb(code)
    f = round((ns["asc"]["style"] == "flash").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), f"FINAL({f}% of the logged ascents were flashes.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h9_second_boat_called_top", "second row called the top", "invented", "어느 배가 가장 많은 낙찰 금액을 올렸나요?")
def _second_boat() -> Script:
    ctx = {"auction": auction()}
    code = "by_boat = auction.groupby('선박')['낙찰가_원'].sum().sort_values(ascending=False)\nprint(by_boat)"
    b = compute(ctx, code)["by_boat"]
    return Script(ctx, [FISH_LOOK, repl(code), f"FINAL({differs(b.index[1], b.idxmax())}가 {b.iloc[1]:,}원으로 가장 많았습니다.)"])


@case("h9_second_mechanic_called_top", "second row called the top", "invented", "Which mechanic billed the most hours?")
def _second_mech() -> Script:
    ctx = {"garage": garage()}
    code = "hours = garage['jobs'].groupby('mechanic').labour_h.sum().round(1).sort_values(ascending=False)\nprint(hours)"
    h = compute(ctx, code)["hours"]
    return Script(ctx, [GARAGE_LOOK, repl(code), f"FINAL({differs(h.index[1], h.idxmax())}, with {h.iloc[1]} labour hours.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h9_absent_room_jungle", "label absent from the data", "invented", "Which room gets booked the most?")
def _absent_room() -> Script:
    ctx = {"escape": escape()}
    code = "print(escape.room.value_counts())"
    v = ctx["escape"].room.value_counts()
    assert "Jungle Temple" not in v.index
    return Script(ctx, [ESCAPE_LOOK, repl(code), f"FINAL(Jungle Temple is the most booked room, with {v.max()} bookings.)"])


@case("h9_absent_station_wawel", "label absent from the data", "invented", "Which station has the highest NO2?")
def _absent_station() -> Script:
    code = "no2 = long[long.pollutant == 'NO2'].groupby('station').ugm3.mean().round(1)\nprint(no2)"
    ctx, ns = with_air(code)
    n = ns["no2"]
    assert "Wawel" not in n.index
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), f"FINAL(Wawel, with a mean of {n.max()} µg/m³.)"])


@case("h9_absent_lift_l7", "label absent from the data", "invented", "Which lift made the most trips?")
def _absent_lift() -> Script:
    code = "print(trips.lift.value_counts())"
    ctx, ns = with_lift(code)
    v = ns["trips"].lift.value_counts()
    assert "L7" not in v.index
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), f"FINAL(L7 made the most trips: {v.max()}.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h9_all_heads_as_novillo_es", "total of the wrong subset", "invented", "¿Cuántos novillos se vendieron?")
def _all_novillo() -> Script:
    ctx = {"hacienda": hacienda()}
    h = ctx["hacienda"]
    wrong = differs(int(h.cabezas.sum()), int(h[h.categoria == "Novillo"].cabezas.sum()))
    return Script(ctx, [CATTLE_LOOK, repl("print(hacienda.cabezas.sum())"), f"FINAL(Se vendieron {ar(wrong, 0)} novillos.)"])


@case("h9_all_trips_as_l3", "total of the wrong subset", "invented", "How many trips did L3 make?")
def _all_l3() -> Script:
    code = "print(len(trips))"
    ctx, ns = with_lift(code)
    t = ns["trips"]
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), f"FINAL(L3 made {differs(len(t), int((t.lift == 'L3').sum())):,} trips.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h9_stale_time_with_failed", "stale figure before a correction", "invented", "How long does a successful escape take on average?")
def _stale_time() -> Script:
    first = "print(round(e.secs.mean() / 60, 1))"
    fixed = "won = e[e.result == 'escaped']\nprint(round(won.secs.mean() / 60, 1))"
    ctx, ns = with_escape(fixed)
    stale = differs(round(ns["e"].secs.mean() / 60, 1), round(ns["won"].secs.mean() / 60, 1))
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(first), repl(fixed, "That counted the failed games at 60 minutes; escapes only."),
                        f"FINAL(A successful escape takes {stale} minutes on average.)"])


@case("h9_stale_all_categories_ternero_es", "stale figure before a correction", "invented", "¿Cuál fue el precio medio del ternero?")
def _stale_ternero() -> Script:
    first = "print(round(h.precio.mean(), 2))"
    fixed = "ter = h[h.categoria == 'Ternero']\nprint(round(ter.precio.mean(), 2))"
    ctx, ns = with_cattle(fixed)
    stale = differs(round(ns["h"].precio.mean(), 2), round(ns["ter"].precio.mean(), 2))
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(first), repl(fixed, "Eso era el promedio general; filtro los terneros."),
                        f"FINAL(El ternero se pagó en promedio {pesos(stale)} por kilo.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h9_transposed_trips", "transposed digits", "invented", "How many trips did the lifts make in the two weeks?")
def _transposed_trips() -> Script:
    code = "print(len(trips))"
    ctx, ns = with_lift(code)
    k = len(ns["trips"])
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), f"FINAL({differs(swap_digits(k), k):,} trips.)"])


@case("h9_transposed_boxes", "transposed digits", "invented", "How many boxes of fish were sold?")
def _transposed_boxes() -> Script:
    ctx = {"auction": auction()}
    v = int(ctx["auction"]["상자"].sum())
    return Script(ctx, [FISH_LOOK, repl("print(auction['상자'].sum())"), f"FINAL({differs(swap_digits(v), v):,} boxes between March and May.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h9_echo_5_rooms", "number echoed from the question", "invented", "Of our 5 rooms, how many have had at least one failed game?")
def _echo_rooms() -> Script:
    ctx = {"escape": escape()}
    code = "print(escape.groupby('room').result.value_counts().unstack())"
    e = ctx["escape"]
    truth = int(e[e.result == "failed"].room.nunique())
    return Script(ctx, [ESCAPE_LOOK, repl(code), f"FINAL({differs(5, truth)} of the 5 rooms have had a failed game.)"])


@case("h9_echo_6_lifts", "number echoed from the question", "invented", "Of the 6 lifts, how many logged more than 5 door faults?")
def _echo_lifts() -> Script:
    code = "faults = ev[ev.event == 'door_fault'].lift.value_counts()\nprint(faults)"
    ctx, ns = with_lift(code)
    truth = int((ns["faults"] > 5).sum())
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), f"FINAL({differs(6, truth)})"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h9_ascents_as_climbers", "rows counted instead of distinct", "invented", "How many different members logged a climb on the Prow?")
def _ascents_members() -> Script:
    code = "prow = asc[asc.wall == 'Prow']\nprint(len(prow))"
    ctx, ns = with_climb(code)
    p = ns["prow"]
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), f"FINAL({differs(len(p), p.member.nunique())} members climbed on the Prow.)"])


@case("h9_service_jobs_as_cars", "rows counted instead of distinct", "invented", "How many different cars came in for a service?")
def _jobs_cars() -> Script:
    ctx = {"garage": garage()}
    code = "svc = garage['jobs'][garage['jobs'].type == 'service']\nprint(len(svc))"
    s = compute(ctx, code)["svc"]
    return Script(ctx, [GARAGE_LOOK, repl(code), f"FINAL({differs(len(s), s.plate.nunique())} different cars had a service.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h9_first_lot_wrong_year_es", "wrong year", "invented", "¿Desde qué fecha hay registros de remates?")
def _first_year() -> Script:
    ctx = {"hacienda": hacienda()}
    code = "print(hacienda.fecha.iloc[0], hacienda.fecha.iloc[-1])"
    d = pd.to_datetime(ctx["hacienda"].fecha.iloc[0], format="%d/%m/%Y")
    return Script(ctx, [CATTLE_LOOK, repl(code), f"FINAL(Desde el {d.day} de enero de {differs(d.year - 1, d.year)}.)"])


@case("h9_worst_month_wrong_year", "wrong year", "invented", "In which month did Nowa Huta have its highest PM10?")
def _worst_year() -> Script:
    code = "nh = long[(long.station == 'Nowa Huta') & (long.pollutant == 'PM10')].set_index('month').ugm3\nprint(nh.idxmax(), nh.max())"
    ctx, ns = with_air(code)
    nh = ns["nh"]
    month = pd.Timestamp(nh.idxmax() + "-01")
    wrong = differs(2024 if month.year == 2023 else 2023, month.year)
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), f"FINAL({month:%B} {wrong}, at {nh.max()} µg/m³.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h9_mean_players_misrounded", "wrong rounding", "invented", "How many players does a typical group have, to the nearest whole player?")
def _players_round() -> Script:
    ctx = {"escape": escape()}
    m = ctx["escape"].players.mean()
    return Script(ctx, [ESCAPE_LOOK, repl("print(escape.players.mean())"), f"FINAL({differs(misround(m), round(m))} players.)"])


@case("h9_mean_heads_misrounded_es", "wrong rounding", "invented", "¿Cuántas cabezas tiene un lote en promedio, redondeando a la unidad?")
def _heads_round() -> Script:
    ctx = {"hacienda": hacienda()}
    m = ctx["hacienda"].cabezas.mean()
    return Script(ctx, [CATTLE_LOOK, repl("print(hacienda.cabezas.mean())"),
                        f"FINAL(Un lote tiene en promedio {differs(misround(m), round(m))} cabezas.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h9_room_in_result_column", "nothing found in the wrong column", "invented", "Has any group ever failed the Wizard's Study?")
def _room_wrong() -> Script:
    ctx = {"escape": escape()}
    e = ctx["escape"]
    code = "hit = escape[(escape.result == \"Wizard's Study\") & (escape.room == 'failed')]\nprint(len(hit))"
    assert ((e.room == "Wizard's Study") & (e.result == "failed")).sum() > 0
    return Script(ctx, [ESCAPE_LOOK, repl(code), "FINAL(No, nobody has ever failed the Wizard's Study.)"])


@case("h9_part_in_job_type_column", "nothing found in the wrong column", "invented", "Did we fit any water pumps?")
def _pump_wrong() -> Script:
    ctx = {"garage": garage()}
    code = "pumps = garage['jobs'][garage['jobs'].type == 'water pump']\nprint(len(pumps))"
    assert (ctx["garage"]["parts"].part == "water pump").sum() > 0
    return Script(ctx, [GARAGE_LOOK, repl(code), "FINAL(No water pumps were fitted in the first half of 2024.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h9_squid_called_rising", "trend in the wrong direction", "invented", "Are squid landings picking up this spring?")
def _squid_rising() -> Script:
    code = "print(f[f['어종'] == '오징어'].groupby(f.day.dt.month)['중량_kg'].sum().round(1))"
    ctx, ns = with_fish(code)
    f = ns["f"]
    assert f[f["어종"] == "오징어"].groupby(f.day.dt.month)["중량_kg"].sum().is_monotonic_decreasing
    return Script(ctx, [FISH_LOOK, PARSE_FISH, repl(code), "FINAL(Yes, squid landings rose month on month from March to May.)"])


@case("h9_vaca_prices_called_falling_es", "trend in the wrong direction", "invented", "¿Bajó el precio de la vaca en el semestre?")
def _vaca_falling() -> Script:
    code = "print(h[h.categoria == 'Vaca'].groupby(h.dia.dt.month).precio.mean().round(2))"
    ctx, ns = with_cattle(code)
    h = ns["h"]
    m = h[h.categoria == "Vaca"].groupby(h.dia.dt.month).precio.mean()
    assert m[6] > m[1]
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), "FINAL(Sí, el precio de la vaca fue bajando de enero a junio.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h9_species_from_head", "sample generalized to the whole", "invented", "Which species are sold at the auction?")
def _species_head() -> Script:
    ctx = {"auction": auction()}
    seen = list(dict.fromkeys(ctx["auction"].head()["어종"]))
    differs(sorted(seen), sorted(FISH))
    names = " and ".join(f"{FISH_EN[s]} ({s})" for s in seen)
    return Script(ctx, [repl("print(auction.head().to_string())"), f"FINAL(The auction sells {names}.)"])


@case("h9_birds_from_first_notes", "sample generalized to the whole", "invented", "Which species did the survey record?")
def _birds_head() -> Script:
    ctx = {"notes": list(field_notes())}
    seen = list(dict.fromkeys(sp.strip() for n in field_notes()[:4] for sp, _ in re.findall(r"([a-z ]+) x(\d+)", n)))
    differs(sorted(seen), sorted(SPECIES))
    return Script(ctx, [NOTES_LOOK, f"FINAL(The survey recorded {len(seen)} species: {', '.join(seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h9_asylum_fail_share_of_all", "wrong denominator", "invented", "What share of Asylum games end in failure?")
def _asylum_share() -> Script:
    ctx = {"escape": escape()}
    e = ctx["escape"]
    code = "print(((escape.room == 'Asylum') & (escape.result == 'failed')).sum(), len(escape))"
    a = e[e.room == "Asylum"]
    k = int((a.result == "failed").sum())
    wrong = differs(round(k / len(e) * 100, 1), round(k / len(a) * 100, 1))
    return Script(ctx, [ESCAPE_LOOK, repl(code), f"FINAL({wrong}% of Asylum games end in failure.)"])


@case("h9_l4_fault_rate_of_all_trips", "wrong denominator", "invented", "On what share of L4's trips did a door fault occur?")
def _l4_share() -> Script:
    code = "l4f = ((ev.event == 'door_fault') & (ev.lift == 'L4')).sum()\nprint(l4f, len(trips))"
    ctx, ns = with_lift(code)
    t = ns["trips"]
    k = int(ns["l4f"])
    wrong = differs(round(k / len(t) * 100, 2), round(k / int((t.lift == "L4").sum()) * 100, 2))
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(code), f"FINAL(On {wrong}% of L4's trips.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
CUCKOO_PROMPT = "How many cuckoos are recorded in these notes? Answer with a number.\n\n"
FAULT_PROMPT = "Count the door faults in this lift log.\n\n"


@case("h9_partial_cuckoo_count", "sub-call over part of the data", "invented", "How many cuckoos did the survey record?")
def _partial_cuckoo() -> Script:
    ctx = {"notes": list(field_notes())}
    code = f"said = llm_query({CUCKOO_PROMPT!r} + '\\n'.join(notes[:40]))\nprint(said)"
    k = int(sub_says(CUCKOO_PROMPT + "\n".join(field_notes()[:40])).split()[0])
    differs(k, sum(int(x) for n in field_notes() for x in re.findall(r"cuckoo x(\d+)", n)))
    return Script(ctx, [NOTES_LOOK, repl(code, "Asking a sub-call to count them."), f"FINAL({k} cuckoos were recorded.)"], sub=sub_model())


@case("h9_partial_door_faults", "sub-call over part of the data", "invented", "How many door faults were logged?")
def _partial_faults() -> Script:
    ctx = {"lift_log": lift_log()}
    code = f"said = llm_query({FAULT_PROMPT!r} + lift_log[:120000])\nprint(said)"
    k = int(re.search(r"\d+", sub_says(FAULT_PROMPT + lift_log()[:120000])).group(0))  # type: ignore[union-attr]
    differs(k, lift_log().count("event=door_fault"))
    return Script(ctx, [LIFT_LOOK, repl(code, "A sub-call can read the log."), f"FINAL({k} door faults were logged.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h9_first_ternero_month_first", "date format misread", "invented", "When was the first lot of calves (Ternero) sold?")
def _ternero_misread() -> Script:
    ctx = {"hacienda": hacienda()}
    h = ctx["hacienda"]
    code = "print(hacienda[hacienda.categoria == 'Ternero'].head(3))"
    raw = h[h.categoria == "Ternero"].fecha.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [CATTLE_LOOK, repl(code), f"FINAL(The first calves were sold on {misread:%B} {misread.day}, {misread.year}.)"])


@case("h9_first_madelan_month_first_es", "date format misread", "invented", "¿Cuándo remató Madelan su primer lote?")
def _madelan_misread() -> Script:
    ctx = {"hacienda": hacienda()}
    h = ctx["hacienda"]
    code = "print(hacienda[hacienda.consignatario == 'Madelan'].head(3))"
    raw = h[h.consignatario == "Madelan"].fecha.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    meses = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
             "noviembre", "diciembre"]
    return Script(ctx, [CATTLE_LOOK, repl(code),
                        f"FINAL(El primer lote de Madelan se remató el {misread.day} de {meses[misread.month - 1]} de {misread.year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h9_running_heads_as_march_es", "cumulative read as the period's value", "invented", "¿Cuántas cabezas se vendieron en marzo?")
def _running_march() -> Script:
    code = "mes = h.groupby(h.dia.dt.month).cabezas.sum().to_frame('cabezas')\nmes['acumulado'] = mes.cabezas.cumsum()\nprint(mes)"
    ctx, ns = with_cattle(code)
    m = ns["mes"]
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code),
                        f"FINAL(En marzo se vendieron {ar(differs(int(m.loc[3, 'acumulado']), int(m.loc[3, 'cabezas'])), 0)} cabezas.)"])


@case("h9_running_bookings_as_november", "cumulative read as the period's value", "invented", "How many bookings did we have in November?")
def _running_nov() -> Script:
    code = "per_month = e.groupby(e.date.dt.month).size().to_frame('bookings')\nper_month['to_date'] = per_month.bookings.cumsum()\nprint(per_month)"
    ctx, ns = with_escape(code)
    m = ns["per_month"]
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code),
                        f"FINAL({differs(int(m.loc[11, 'to_date']), int(m.loc[11, 'bookings']))} bookings in November.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h9_submit_literal_trips", "literal typed into a code answer", "invented", "How many lift trips does the log hold?")
def _submit_literal() -> Script:
    ctx = {"lift_log": lift_log()}
    differs(4500, sum("event=trip" in x for x in lift_log().splitlines()))
    return Script(ctx, [LIFT_LOOK, repl("SUBMIT(trips=4500)")])


@case("h9_answer_literal_birds", "literal typed into a code answer", "invented", "How many birds did the survey count?")
def _answer_literal() -> Script:
    ctx, ns = with_notes("")
    differs(2500, int(ns["counts"]["count"].sum()))
    return Script(ctx, [NOTES_LOOK, repl("answer['content'] = 'The survey counted 2,500 birds.'\nanswer['ready'] = True")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h9_boxes_as_kilos", "figure from the right row but another column", "invented", "How many kilos of hairtail were sold?")
def _boxes_kilos() -> Script:
    ctx = {"auction": auction()}
    code = "per_fish = auction.groupby('어종')[['상자', '중량_kg']].sum()\nprint(per_fish)"
    r = compute(ctx, code)["per_fish"].loc["갈치"]
    return Script(ctx, [FISH_LOOK, repl(code), f"FINAL({differs(int(r['상자']), r['중량_kg']):,} kg of hairtail (갈치).)"])


@case("h9_hints_as_games", "figure from the right row but another column", "invented", "How many games were played in the Asylum?")
def _hints_games() -> Script:
    ctx = {"escape": escape()}
    code = "per_room = escape.groupby('room').agg(games=('ref', 'count'), hints=('hints', 'sum'))\nprint(per_room)"
    r = compute(ctx, code)["per_room"].loc["Asylum"]
    return Script(ctx, [ESCAPE_LOOK, repl(code), f"FINAL({differs(int(r.hints), int(r.games))} games were played in the Asylum.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h9_top_route_from_head", "maximum picked from a partial table", "invented", "Which route was sent the most?")
def _route_head() -> Script:
    code = "per_route = asc[asc['style'] != 'attempt'].groupby('route').size()\nprint(per_route.head())"
    ctx, ns = with_climb(code)
    p = ns["per_route"]
    pick = p.head().idxmax()
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(code), f"FINAL({differs(pick, p.idxmax())}, with {p[pick]} sends.)"])


@case("h9_top_part_from_tail", "maximum picked from a partial table", "invented", "Which part did we spend the most on?")
def _part_tail() -> Script:
    ctx = {"garage": garage()}
    code = "p = garage['parts']\nspend = (p.qty * p.unit_eur).groupby(p.part).sum().round(2)\nprint(spend.tail(4))"
    s = compute(ctx, code)["spend"]
    pick = s.tail(4).idxmax()
    return Script(ctx, [GARAGE_LOOK, repl(code), f"FINAL(The {differs(pick, s.idxmax())}: €{s[pick]:,.2f}.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h9_ascending_station_called_worst", "first row of an ascending sort called the highest", "invented",
      "Which station had the highest NO2 in 2024?")
def _asc_station() -> Script:
    code = "no2 = long[(long.pollutant == 'NO2') & (long.year == 2024)].groupby('station').ugm3.mean().round(1).sort_values()\nprint(no2)"
    ctx, ns = with_air(code)
    n = ns["no2"]
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), f"FINAL({differs(n.index[0], n.idxmax())}, at {n.iloc[0]} µg/m³.)"])


@case("h9_ascending_boat_called_top", "first row of an ascending sort called the highest", "invented", "Which boat landed the most fish by weight?")
def _asc_boat() -> Script:
    ctx = {"auction": auction()}
    code = "kg = auction.groupby('선박')['중량_kg'].sum().round(1).sort_values()\nprint(kg)"
    k = compute(ctx, code)["kg"]
    top = differs(k.index[0], k.idxmax())
    return Script(ctx, [FISH_LOOK, repl(code), f"FINAL({top} ({VESSEL_EN[top]}) landed the most: {k.iloc[0]:,.1f} kg.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h9_weekend_weekday_swapped", "two labels' figures swapped", "invented", "Do weekend groups escape more often than weekday groups?")
def _weekend_swapped() -> Script:
    code = "rate = e.groupby(e.date.dt.day_of_week >= 5).result.apply(lambda r: (r == 'escaped').mean() * 100).round(1)\nprint(rate)"
    ctx, ns = with_escape(code)
    r = ns["rate"]
    assert r[True] > r[False]
    return Script(ctx, [ESCAPE_LOOK, PARSE_ESCAPE, repl(code),
                        f"FINAL(No: weekday groups do better, {r[True]:.1f}% of them escape against {r[False]:.1f}% at weekends.)"])


@case("h9_cave_slab_swapped", "two labels' figures swapped", "invented", "Which wall gets flashed more, the Cave or the Slab?")
def _cave_swapped() -> Script:
    ctx, ns = with_climb(FLASH_BY_WALL)
    f = ns["flash"]
    assert f["Slab"] > f["Cave"]
    return Script(ctx, [CLIMB_LOOK, PARSE_CLIMB, repl(FLASH_BY_WALL),
                        f"FINAL(The Cave: {f['Slab']:.1f}% of its ascents are flashes, against {f['Cave']:.1f}% on the Slab.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h9_squid_fall_as_rise", "decrease reported as a rise", "invented", "How did squid landings change from March to May?")
def _squid_rise() -> Script:
    code = "sq = f[f['어종'] == '오징어'].groupby(f.day.dt.month)['중량_kg'].sum()\nprint(round((sq[5] / sq[3] - 1) * 100, 1))"
    ctx, ns = with_fish(code)
    s = ns["sq"]
    c = round((s[5] / s[3] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [FISH_LOOK, PARSE_FISH, repl(code), f"FINAL(Squid landings grew {abs(c)}% from March to May.)"])


@case("h9_pm25_fall_as_rise", "decrease reported as a rise", "invented", "How did PM2.5 change across the network from 2023 to 2024?")
def _pm25_rise() -> Script:
    code = "p = long[long.pollutant == 'PM2.5'].groupby('year').ugm3.mean()\nprint(round((p[2024] / p[2023] - 1) * 100, 1))"
    ctx, ns = with_air(code)
    p = ns["p"]
    c = round((p[2024] / p[2023] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [AIR_LOOK, MELT_AIR, repl(code), f"FINAL(PM2.5 rose by {abs(c)}% across the network in 2024.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h9_table_for_novillo_june_es", "table returned for one figure", "invented", "¿Cuál fue el precio medio del novillo en junio?")
def _table_novillo() -> Script:
    code = "tabla = h.pivot_table(index=h.dia.dt.month, columns='categoria', values='precio', aggfunc='mean').round(2)\nprint(tabla)"
    ctx, _ = with_cattle(code)
    return Script(ctx, [CATTLE_LOOK, PARSE_CATTLE, repl(code), "FINAL_VAR(tabla)"])


@case("h9_table_for_l4_faults", "table returned for one figure", "invented", "How many door faults did L4 log?")
def _table_l4() -> Script:
    ctx, _ = with_lift(LIFT_TABLE)
    return Script(ctx, [LIFT_LOOK, PARSE_LIFT, repl(LIFT_TABLE), 'FINAL_VAR("per_lift")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h9_species_in_vessel_column_ko", "zero after filtering the wrong column", "invented", "갈치는 모두 몇 상자 팔렸나요?")
def _vessel_wrong() -> Script:
    ctx = {"auction": auction()}
    code = "n = int(auction.loc[auction['선박'] == '갈치', '상자'].sum())\nprint(n)"
    differs(0, int(ctx["auction"].loc[ctx["auction"]["어종"] == "갈치", "상자"].sum()))
    return Script(ctx, [FISH_LOOK, repl(code), "FINAL(0상자입니다. 갈치는 팔리지 않았습니다.)"])


@case("h9_mechanic_in_type_column", "zero after filtering the wrong column", "invented", "How many labour hours did Greta bill?")
def _mech_wrong() -> Script:
    ctx = {"garage": garage()}
    j = ctx["garage"]["jobs"]
    code = "greta = garage['jobs'].loc[garage['jobs'].type == 'Greta', 'labour_h'].sum()\nprint(greta)"
    differs(0.0, round(j[j.mechanic == "Greta"].labour_h.sum(), 1))
    return Script(ctx, [GARAGE_LOOK, repl(code), "FINAL(Greta billed 0.0 labour hours.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h9_iso_date_in_cattle_es", "none found after searching a date in another format", "invented", "¿Hubo remate el 5 de marzo?")
def _iso_cattle() -> Script:
    ctx = {"hacienda": hacienda()}
    code = "dia = hacienda[hacienda.fecha == '2024-03-05']\nprint(len(dia))"
    assert (ctx["hacienda"].fecha == "05/03/2024").sum() > 0
    return Script(ctx, [CATTLE_LOOK, repl(code), "FINAL(No, el 5 de marzo no hubo remate: no hay ningún lote con esa fecha.)"])


@case("h9_iso_date_in_lift_log", "none found after searching a date in another format", "invented",
      "Was any lift out of service on 9 December?")
def _iso_lift() -> Script:
    ctx = {"lift_log": lift_log()}
    code = "hits = [l for l in ll if l.startswith('2024-12-09') and 'out_of_service' in l]\nprint(len(hits))"
    assert any(x.startswith("Dec  9") and "out_of_service" in x for x in lift_log().splitlines())
    return Script(ctx, [LIFT_LOOK, repl(code), "FINAL(No, no lift went out of service on 9 December.)"])


@case("h9_iso_date_in_auction_ko", "none found after searching a date in another format", "invented", "4월 1일 경매에서 고등어는 얼마에 팔렸나요?")
def _iso_fish() -> Script:
    ctx = {"auction": auction()}
    a = ctx["auction"]
    code = "day = auction[(auction['경매일'] == '2024-04-01') & (auction['어종'] == '고등어')]\nprint(day['낙찰가_원'].sum())"
    assert a[(a["경매일"] == "2024. 4. 1.") & (a["어종"] == "고등어")]["낙찰가_원"].sum() > 0
    return Script(ctx, [FISH_LOOK, repl(code), "FINAL(4월 1일에는 고등어 낙찰 기록이 없습니다 (0원).)"])
