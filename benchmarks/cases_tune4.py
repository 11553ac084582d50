"""Acceptance cases, fourth tuning set: written apart from the gates as a held-out set (``cases_holdout3``), over
data none of the other sets use; measured once that way, then tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune4``. It was written without reading the
acceptance gates or the prompts, and without running any case under the ``strict`` or ``lenient`` policy (only
under ``off``, to check that every case builds and runs end to end). Its aggregate numbers were measured once at
prompt ``.29`` and once at ``.30`` (``benchmarks/RESULTS.md``, "Acceptance on cases it was not tuned on"); then it
was read case by case and tuned on, and ``cases_holdout4`` (now ``cases_tune5``), written the same way, took its place
as the measure.
Legitimate answers are written as a capable model writes them after looking at and computing on the data, invented
or misread answers as weaker models get a figure or a label wrong, with the error written as such a model would
(in a sentence, hedged, next to correct context figures, in another language).

Size: 66 legitimate answers in 33 classes and 58 invented or misread ones in 29 classes, two per class: the classes
of ``cases_tune2`` (the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name
starts with ``h3_``.

Conventions (those of ``acceptance_cases``, ``cases_kit`` and ``cases_tune2``): ``replies`` go up to and including
the first answer (FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict) and no earlier reply answers; ``after`` is
what a capable model does once a legitimate answer is refused (it prints the figure, date or label the answer
states, or selects the row with code, then answers the same); an invented case sends the same answer again. Every
figure a reply quotes is computed with the code its replies run (``compute``, over a fresh copy of the context:
``run`` and the ``with_*`` helpers run a dataset's look and parse steps first, as the run will); every invented
figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains none of the other sets use: ride-hailing trips in Lisbon, a vineyard's
harvest log over two vintages (day-first text dates), a hotel group's summer bookings with cancellations and its
hotels (a dict of two tables), a transit validator log in Swiss date format (text), machined-part defect
inspections, Swiss real-estate listings in CHF, a marathon's results with ``h:mm:ss`` split times and its runner
guide in markdown, newsletter campaigns, a solar farm's daily production with a cumulative meter, an Apache error
log (text), a package registry's download stats as JSON lines (text), a crowdfunding campaign's pledges in three
currencies with exchange rates and reward tiers (a dict of three tables), and a museum's visitor counts by gate and
hour. Each frame builder returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
import json
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
ZONES = ["Baixa", "Alfama", "Belém", "Parque das Nações", "Airport", "Campo de Ourique"]
PRODUCTS = ["Economy", "Comfort", "XL", "Green"]


def rides() -> pd.DataFrame:
    return _rides().copy()


@functools.lru_cache(maxsize=1)
def _rides(n: int = 1600, seed: int = 4301) -> pd.DataFrame:
    """Ride-hailing trip requests in Lisbon, September 2024: pickup and drop-off zone, product, driver, rider (many
    ride more than once), distance, duration, surge multiplier, fare and tip in euros, rider rating (missing when
    not given), and the status (completed, or cancelled by the rider or the driver, or no driver found)."""
    rng = np.random.default_rng(seed)
    secs = rng.integers(0, 30 * 86400, n)
    rush = (secs // 86400) * 86400 + rng.choice([8 * 3600, 18 * 3600], n) + rng.integers(0, 2 * 3600, n)
    secs = np.sort(np.where(rng.random(n) < 0.4, rush, secs))
    requested = pd.Timestamp("2024-09-01") + pd.to_timedelta(secs, unit="s")
    product = rng.choice(PRODUCTS, n, p=[.55, .2, .1, .15])
    pickup = rng.choice(ZONES, n, p=[.3, .12, .1, .16, .2, .12])
    dropoff = rng.choice(ZONES, n, p=[.25, .1, .12, .18, .2, .15])
    distance = np.round(np.where(pickup == "Airport", rng.gamma(5, 2.4, n), rng.gamma(2.2, 2.0, n)) + 0.6, 1)
    hour = requested.hour.to_numpy()
    peak = ((hour >= 8) & (hour < 10)) | ((hour >= 18) & (hour < 20))
    surge = np.where(peak, rng.choice([1.0, 1.2, 1.5, 2.0], n, p=[.35, .3, .25, .1]),
                     rng.choice([1.0, 1.2, 1.5], n, p=[.85, .12, .03]))
    duration = np.round(distance * rng.uniform(2.2, 3.4, n) * np.where(peak, 1.35, 1.0) + rng.uniform(2, 6, n)).astype(int)
    base = {"Economy": 1.0, "Comfort": 1.3, "XL": 1.6, "Green": 1.05}
    fare = np.round((2.5 + 0.62 * distance + 0.14 * duration) * np.array([base[p] for p in product]) * surge, 2)
    status = rng.choice(["completed", "rider_cancelled", "driver_cancelled", "no_driver"], n, p=[.83, .09, .05, .03])
    done = status == "completed"
    rating = rng.choice([1, 2, 3, 4, 5], n, p=[.02, .03, .1, .3, .55]).astype(float)
    rating[~done | (rng.random(n) < 0.3)] = np.nan
    tip = np.where(done & (rng.random(n) < 0.22), rng.choice([0.5, 1.0, 2.0, 3.0, 5.0], n), 0.0)
    return pd.DataFrame({
        "trip_id": [f"TR-{610000 + i}" for i in range(n)], "requested_at": requested,
        "pickup_zone": pickup, "dropoff_zone": dropoff, "product": product,
        "driver_id": [f"D-{k:03d}" for k in rng.integers(1, 140, n)],
        "rider_id": [f"R-{k:04d}" for k in rng.integers(1, 720, n)],
        "distance_km": distance, "duration_min": duration, "surge": surge,
        "fare_eur": np.where(done, fare, 0.0), "tip_eur": tip, "rating": rating, "status": status,
    })


VARIETIES = ["Riesling", "Pinot Noir", "Chardonnay", "Gewürztraminer"]
PARCELS = {f"P{i:02d}": v for i, v in enumerate(
    ["Riesling", "Riesling", "Riesling", "Pinot Noir", "Pinot Noir", "Pinot Noir", "Pinot Noir", "Chardonnay",
     "Chardonnay", "Gewürztraminer", "Gewürztraminer", "Riesling"], 1)}


def harvest() -> pd.DataFrame:
    return _harvest().copy()


@functools.lru_cache(maxsize=1)
def _harvest(seed: int = 4302) -> pd.DataFrame:
    """A vineyard's harvest log of the 2022 and 2023 vintages, one row per picking: the pick date as the cellar
    writes it (day first: ``04/10/2023`` is 4 October), parcel, variety, picking team, crates, kilograms, must
    weight (°Oechsle) and acidity (g/L). 2023 was a smaller harvest after hail on the Pinot Noir parcels."""
    rng = np.random.default_rng(seed)
    rows = []
    for year, start, days in ((2022, "2022-09-05", 32), (2023, "2023-09-11", 30)):
        order = {"Chardonnay": 0, "Pinot Noir": 6, "Gewürztraminer": 10, "Riesling": 16}
        for parcel, variety in PARCELS.items():
            picks = int(rng.integers(3, 7))
            for k in range(picks):
                day = min(order[variety] + k * int(rng.integers(1, 4)) + int(rng.integers(0, 3)), days - 1)
                crates = int(rng.integers(60, 180))
                if year == 2023 and variety == "Pinot Noir":
                    crates = int(crates * 0.55)
                kg = round(crates * rng.uniform(11.5, 13.5), 1)
                oechsle = int(rng.normal({"Riesling": 84, "Pinot Noir": 96, "Chardonnay": 90, "Gewürztraminer": 101}[variety]
                                         + (4 if year == 2022 else 0) + k * 1.5, 3))
                rows.append((pd.Timestamp(start) + pd.Timedelta(days=day), parcel, variety,
                             str(rng.choice(["Team A", "Team B", "Team C"])), crates, kg, oechsle,
                             round(float(rng.normal({"Riesling": 9.1, "Pinot Noir": 6.4, "Chardonnay": 7.2,
                                                    "Gewürztraminer": 5.3}[variety] - (0.6 if year == 2022 else 0), 0.4)), 1)))
    frame = pd.DataFrame(rows, columns=["date", "parcel", "variety", "team", "crates", "kg", "oechsle", "acidity_gl"])
    frame = frame.sort_values(["date", "parcel"], ignore_index=True)
    frame.insert(0, "pick_date", [f"{d:%d/%m/%Y}" for d in frame.date])
    return frame.drop(columns="date")


HOTELS = {"Seaside": 120, "Old Town": 64, "Airport": 180}
CHANNELS = ["direct", "Booking.com", "Expedia", "travel agent"]
CANCEL_NOTES = {"plans": "Our plans changed, we are not travelling any more.",
                "price": "Found a cheaper room nearby.", "flight": "Our flight was cancelled by the airline.",
                "illness": "One of us fell ill.", "dates": "Wrong dates booked by mistake."}


def bookings() -> dict[str, pd.DataFrame]:
    """A small hotel group's summer bookings (check-ins June to August 2024) and its three hotels, as a dict."""
    return {name: frame.copy() for name, frame in _bookings().items()}


@functools.lru_cache(maxsize=1)
def _bookings(n: int = 2200, seed: int = 4303) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    hotel = rng.choice(list(HOTELS), n, p=[.42, .23, .35])
    channel = rng.choice(CHANNELS, n, p=[.3, .38, .2, .12])
    check_in = pd.Timestamp("2024-06-01") + pd.to_timedelta(rng.integers(0, 92, n), unit="D")
    lead = np.round(rng.gamma(1.6, 22, n)).astype(int) + np.where(channel == "travel agent", 40, 0)
    nights = np.where(hotel == "Airport", rng.choice([1, 1, 1, 2, 3], n), rng.choice([2, 3, 4, 5, 7, 10], n))
    month = check_in.month.to_numpy()
    base = {"Seaside": 165.0, "Old Town": 140.0, "Airport": 98.0}
    adr = np.round([base[h] * (1 + 0.12 * (m - 6)) * rng.uniform(0.85, 1.2) for h, m in zip(hotel, month, strict=True)], 2)
    p_cancel = np.select([channel == "Booking.com", channel == "Expedia", channel == "direct"], [.31, .22, .12], .09)
    cancelled = rng.random(n) < p_cancel
    reason = rng.choice(list(CANCEL_NOTES), n, p=[.38, .24, .14, .14, .10])
    rooms = rng.choice(["double", "twin", "suite", "single"], n, p=[.5, .25, .1, .15])
    frame = pd.DataFrame({
        "hotel": hotel, "channel": channel,
        "booked_on": check_in - pd.to_timedelta(lead, unit="D"), "check_in": check_in, "nights": nights,
        "room": rooms, "guests": np.where(rooms == "single", 1, rng.choice([1, 2, 2, 2, 3, 4], n)),
        "adr_eur": adr, "country": rng.choice(["PT", "ES", "DE", "FR", "GB", "US", "NL"], n, p=[.2, .15, .18, .14, .15, .1, .08]),
        "cancelled": cancelled, "cancel_note": [CANCEL_NOTES[r] if c else "" for r, c in zip(reason, cancelled, strict=True)],
    }).sort_values("booked_on", ignore_index=True)
    frame.insert(0, "booking_id", [f"BK{24000 + i}" for i in range(n)])
    hotels = pd.DataFrame({"hotel": list(HOTELS), "rooms": list(HOTELS.values()),
                           "city": ["Cascais", "Lisbon", "Lisbon"], "stars": [4, 4, 3]})
    return {"bookings": frame, "hotels": hotels}


STOPS = {"Tram 4": ["Bahnhofplatz", "Central", "Bellevue", "Tiefenbrunnen"],
         "Tram 11": ["Auzelg", "Oerlikon", "Central", "Rehalp"],
         "Bus 33": ["Morgental", "Bahnhof Wiedikon", "Schaffhauserplatz", "Tiergarten"],
         "S-Bahn S5": ["Zürich HB", "Stadelhofen", "Uster", "Rapperswil"]}


@functools.lru_cache(maxsize=1)
def taps(n: int = 4200, seed: int = 4304) -> str:
    """A transit validator log of one week (Monday 7 to Sunday 13 October 2024) in Swiss date format
    (``07.10.2024 07:41:12``): a tap-in, its card, line and stop, the ticket product and the fare in francs; a
    card with no valid ticket and too little balance is DENIED."""
    rng = np.random.default_rng(seed)
    cards = ["".join(rng.choice(list("0123456789ABCDEF"), 8)) for _ in range(900)]
    weights = rng.pareto(1.5, len(cards)) + 0.3
    secs = rng.integers(0, 7 * 86400, n)
    day = secs // 86400
    commute = day * 86400 + rng.choice([7 * 3600, 17 * 3600], n) + rng.integers(0, 2 * 3600, n)
    secs = np.sort(np.where((rng.random(n) < 0.45) & (day < 5), commute, secs))
    out = []
    for s in secs:
        stamp = pd.Timestamp("2024-10-07") + pd.Timedelta(seconds=int(s))
        card = cards[int(rng.choice(len(cards), p=weights / weights.sum()))]
        line = str(rng.choice(list(STOPS), p=[.3, .25, .2, .25]))
        stop = str(rng.choice(STOPS[line]))
        product = str(rng.choice(["monthly", "single", "day_pass", "half_fare_single"], p=[.48, .3, .1, .12]))
        fare = {"monthly": 0.0, "day_pass": 0.0, "single": 4.40 if line == "S-Bahn S5" else 2.80,
                "half_fare_single": 2.20 if line == "S-Bahn S5" else 1.40}[product]
        event = "DENIED" if product != "monthly" and rng.random() < 0.025 else "IN"
        out.append(f"{stamp:%d.%m.%Y %H:%M:%S} {event:<6} card={card} line={line.replace(' ', '_')} "
                   f"stop={stop.replace(' ', '_')} product={product} fare_chf={0.0 if event == 'DENIED' else fare:.2f}")
    return "\n".join(out)


LINES = ["L1", "L2", "L3", "L4"]
OFFSET = {"L1": 0.002, "L2": -0.006, "L3": 0.003, "L4": 0.0}  # mean bore offset from nominal per line (mm)
DEFECTS = ["scratch", "dent", "misalignment", "porosity"]


def inspections() -> pd.DataFrame:
    return _inspections().copy()


@functools.lru_cache(maxsize=1)
def _inspections(seed: int = 4305) -> pd.DataFrame:
    """Quality inspections of machined housings, one row per lot, over eight weeks from Monday 4 March 2024: line,
    shift, inspector, units inspected, defective units, the most common defect of the lot, the mean bore diameter
    (mm; nominal 42.00) and the shop-floor humidity (%). Line L3 got a new fixture on 8 April, after which its
    defect rate fell."""
    rng = np.random.default_rng(seed)
    rows: list[tuple[Any, ...]] = []
    for d in range(56):
        day = pd.Timestamp("2024-03-04") + pd.Timedelta(days=d)
        if day.day_of_week == 6:
            continue
        for line in LINES:
            for shift in (["early", "late", "night"] if day.day_of_week < 5 else ["early"]):
                units = int(rng.integers(180, 420))
                humidity = round(float(rng.normal(48, 9)), 1)
                rate = {"L1": .021, "L2": .034, "L3": .058, "L4": .026}[line] * (1.25 if shift == "night" else 1.0)
                if line == "L3" and day >= pd.Timestamp("2024-04-08"):
                    rate = .024 * (1.25 if shift == "night" else 1.0)
                rate *= 1 + max(humidity - 50, 0) * 0.03
                defects = int(rng.binomial(units, rate))
                kind = "porosity" if humidity > 58 and rng.random() < .6 else str(rng.choice(DEFECTS, p=[.35, .2, .3, .15]))
                rows.append((f"LOT-{len(rows) + 5001}", day, line, shift,
                             str(rng.choice(["Keller", "Moreau", "Rossi", "Brandt", "Silva"])), units, defects,
                             kind if defects else "none", round(float(rng.normal(42.0 + OFFSET[line], 0.012)), 3), humidity))
    return pd.DataFrame(rows, columns=["lot", "date", "line", "shift", "inspector", "units", "defective", "main_defect",
                                       "bore_mm", "humidity_pct"])


CITIES_CH = ["Zürich", "Geneva", "Basel", "Bern", "Lausanne", "Lugano"]


def listings() -> pd.DataFrame:
    return _listings().copy()


@functools.lru_cache(maxsize=1)
def _listings(n: int = 760, seed: int = 4306) -> pd.DataFrame:
    """Homes for sale in six Swiss cities, listed in 2023 and 2024: type, rooms (Swiss half rooms), living area,
    asking price in francs, listing date, status (sold, active, withdrawn) and days on the market (missing while
    active)."""
    rng = np.random.default_rng(seed)
    city = rng.choice(CITIES_CH, n, p=[.28, .2, .14, .13, .15, .1])
    kind = rng.choice(["apartment", "house"], n, p=[.78, .22])
    rooms = np.where(kind == "house", rng.choice([4.5, 5.5, 6.5], n), rng.choice([1.5, 2.5, 3.5, 4.5, 5.5], n, p=[.08, .24, .34, .26, .08]))
    area = np.round(rooms * rng.uniform(21, 29, n) + np.where(kind == "house", 30, 0)).astype(int)
    per_m2 = {"Zürich": 15200, "Geneva": 14600, "Basel": 10100, "Bern": 9300, "Lausanne": 11800, "Lugano": 9900}
    listed = pd.Timestamp("2023-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 700, n)), unit="D")
    year = listed.year.to_numpy()
    price = np.round(area * np.array([per_m2[c] for c in city]) * rng.uniform(0.8, 1.25, n)
                     * np.where(year == 2024, 1.04, 1.0), -3).astype(int)
    status = np.where(listed > pd.Timestamp("2024-09-01"), rng.choice(["sold", "active"], n, p=[.3, .7]),
                      rng.choice(["sold", "active", "withdrawn"], n, p=[.78, .08, .14]))
    dom = np.round(rng.gamma(2.0, 38, n) * np.where(city == "Lugano", 1.6, 1.0)).astype(float) + 7
    dom[status == "active"] = np.nan
    return pd.DataFrame({
        "listing_id": [f"CH-{int(rng.integers(100000, 999999))}" for _ in range(n)], "city": city, "type": kind,
        "rooms": rooms, "area_m2": area, "price_chf": price, "listed": listed, "status": status, "days_on_market": dom,
    })


COUNTRIES = ["DE", "AT", "CH", "NL", "IT", "FR", "GB", "KE"]


def race() -> pd.DataFrame:
    return _race().copy()


def _hms(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


@functools.lru_cache(maxsize=1)
def _race(n: int = 1400, seed: int = 4307) -> pd.DataFrame:
    """A city marathon's results (Sunday 13 October 2024): bib, sex, age group, country, split times at 10 km and
    at the half as ``h:mm:ss`` text, finish (chip) time, and the status (finished or DNF: no finish time)."""
    rng = np.random.default_rng(seed)
    sex = rng.choice(["M", "W"], n, p=[.64, .36])
    age = rng.integers(18, 76, n)
    pace = rng.lognormal(np.log(np.where(sex == "M", 5.55, 6.05)), 0.16, n) * 60 * (1 + np.clip(age - 40, 0, None) * 0.004)
    pace[:6] = [176, 178, 181, 183, 190, 199]  # the elite wave
    age[:6] = [27, 31, 29, 34, 26, 30]
    ten = pace * 10 * rng.uniform(0.96, 1.0, n)
    half = ten + pace * 11.0975 * rng.uniform(0.98, 1.04, n)
    fade = np.where(rng.random(n) < 0.18, rng.uniform(0.94, 0.995, n), rng.uniform(1.0, 1.16, n))
    finish = half + pace * 21.0975 * fade
    dnf = rng.random(n) < 0.035
    band = [f"{'M' if s == 'M' else 'W'}{'20' if a < 30 else str(a // 5 * 5)}" for s, a in zip(sex, age, strict=True)]
    return pd.DataFrame({
        "bib": np.arange(1, n + 1), "sex": sex, "age_group": band,
        "country": rng.choice(COUNTRIES, n, p=[.46, .1, .12, .08, .07, .06, .07, .04]),
        "split_10k": [_hms(t) for t in ten], "split_half": [_hms(t) for t in half],
        "finish": ["" if d else _hms(t) for d, t in zip(dnf, finish, strict=True)],
        "status": np.where(dnf, "DNF", "finished"),
    })


RACE_GUIDE = """# Lakeside City Marathon 2024: runner guide

Race day: Sunday 13 October 2024. Start and finish on the Quai promenade. The course is certified at 42.195 km.

## Start waves

| Wave | Start time | Expected finish | Colour |
| --- | --- | --- | --- |
| Elite | 08:30 | under 2:45 | black |
| A | 08:40 | 2:45 to 3:30 | red |
| B | 08:55 | 3:30 to 4:15 | blue |
| C | 09:10 | over 4:15 | green |

## Cut-off times

Runners who have not passed a cut-off point by the time below are taken off the course by the sweeper bus.

| Point | Distance | Closes at |
| --- | --- | --- |
| Half marathon | 21.1 km | 11:45 |
| Harbour bridge | 30 km | 12:55 |
| Finish | 42.195 km | 14:40 |

## Bag drop

Bags are accepted at the bag tent from 07:00 until 08:15. Use only the transparent bag from your start pack;
other bags are not accepted. Bags can be collected until 16:00.

## Refunds and transfers

Entries are not refundable. A place can be transferred to another runner until 15 September for a fee of
EUR 25. Runners who cannot start because of illness may defer to the 2025 race with a medical certificate,
sent before 20 October.
"""


def campaigns() -> pd.DataFrame:
    return _campaigns().copy()


@functools.lru_cache(maxsize=1)
def _campaigns(seed: int = 4308) -> pd.DataFrame:
    """An outdoor-gear shop's newsletter campaigns of 2024 (two a week): segment, sent date, emails sent, delivered,
    unique opens, unique clicks, unsubscribes. The list grows over the year; opens sag in the summer."""
    rng = np.random.default_rng(seed)
    rows = []
    k = 0
    for week in range(1, 49):
        for slot in ("Tue", "Thu"):
            k += 1
            day = pd.Timestamp.fromisocalendar(2024, week, 2 if slot == "Tue" else 4)
            segment = str(rng.choice(["all", "customers", "leads", "lapsed"], p=[.35, .3, .2, .15]))
            size = {"all": 41000, "customers": 16500, "leads": 18000, "lapsed": 9000}[segment] * (1 + week * 0.006)
            sent = int(size * rng.uniform(0.97, 1.03))
            delivered = int(sent * rng.uniform(0.965, 0.992))
            summer = 0.8 if 26 <= week <= 34 else 1.0
            open_rate = {"all": .31, "customers": .44, "leads": .24, "lapsed": .12}[segment] * summer * rng.uniform(.9, 1.1)
            opens = int(delivered * open_rate)
            clicks = int(opens * rng.uniform(.08, .18) * (1.4 if segment == "customers" else 1.0))
            topic = str(rng.choice(["New arrivals", "Hiking boots", "Rain gear", "Camping deals", "Trail guide",
                                    "Members' weekend"]))
            rows.append((f"NL-{k:03d}", f"{topic} #{week}", day, segment, sent, delivered, opens, clicks,
                         int(delivered * rng.uniform(.0008, .004) * (2.2 if segment == "lapsed" else 1.0))))
    return pd.DataFrame(rows, columns=["campaign", "subject", "sent_on", "segment", "sent", "delivered", "opens",
                                       "clicks", "unsubscribes"])


ARRAYS = {"roof_south": (0.0, 9.6), "roof_west": (0.0, 6.4), "carport": (0.0, 4.8)}


def solar() -> pd.DataFrame:
    return _solar().copy()


@functools.lru_cache(maxsize=1)
def _solar(seed: int = 4309) -> pd.DataFrame:
    """Daily production of a farm's three solar arrays, 1 April to 30 June 2024: kWh produced that day, the
    inverter's lifetime meter (cumulative kWh) at the end of the day, the peak power (kW) and the sunshine hours.
    Days get longer, so production rises from April to June."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-04-01", "2024-06-30", freq="D")
    season = 0.72 + 0.28 * np.arange(len(days)) / (len(days) - 1)
    sun = np.clip(rng.normal(6.0 * season + 1.0, 2.4, len(days)), 0.3, 14.5).round(1)
    frames = []
    for name, start in (("roof_south", 31_480.2), ("roof_west", 18_905.7), ("carport", 6_210.4)):
        kwp = ARRAYS[name][1]
        kwh = (kwp * (0.9 + sun * 0.42) * season * rng.uniform(0.93, 1.05, len(days))).round(2)
        if name == "carport":
            kwh[68:73] = 0.0  # an inverter fault, 8 to 12 June
        frames.append(pd.DataFrame({"date": days, "array": name, "kwh": kwh, "meter_kwh": (start + np.cumsum(kwh)).round(1),
                                    "peak_kw": np.where(kwh > 0, (kwp * rng.uniform(0.55, 0.93, len(days))).round(2), 0.0),
                                    "sun_hours": sun}))
    return pd.concat(frames, ignore_index=True)


MODULES = {"core": "notice", "ssl": "warn", "proxy_fcgi": "error", "authz_core": "error", "mpm_event": "notice",
           "php": "error"}
ERRORS = {
    "proxy_fcgi": ["AH01071: Got error 'PHP message: PHP Fatal error:  Allowed memory size of 268435456 bytes exhausted'",
                   "AH01079: failed to make connection to backend: 127.0.0.1:9000",
                   "AH01067: Failed to read FastCGI header"],
    "authz_core": ["AH01630: client denied by server configuration: /var/www/shop/.env",
                   "AH01630: client denied by server configuration: /var/www/shop/wp-config.php"],
    "ssl": ["AH01909: www.example.shop:443:0 server certificate does NOT include an ID which matches the server name"],
    "core": ["AH00094: Command line: '/usr/sbin/apache2'", "AH00558: apache2: Could not reliably determine the server's fully qualified domain name"],
    "mpm_event": ["AH00489: Apache/2.4.62 (Debian) configured -- resuming normal operations",
                  "AH00484: server reached MaxRequestWorkers setting, consider raising the MaxRequestWorkers setting"],
    "php": ["PHP Warning:  Undefined array key \"cart\" in /var/www/shop/checkout.php on line 88",
            "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/shop/db.php:14"],
}


@functools.lru_cache(maxsize=1)
def apache_errors(n: int = 1100, seed: int = 4310) -> str:
    """An Apache error log, Monday 9 to Sunday 15 September 2024 (server time, +0200 not written): Apache's own
    timestamp format with microseconds, module and level, pid, client, message. On 12 September the PHP backend
    went down for a while (connection refused and crit lines)."""
    rng = np.random.default_rng(seed)
    burst = 3 * 86400 + 14 * 3600 + rng.integers(5 * 60, 52 * 60, 80)  # the backend outage, 12 September 14:05-14:52
    secs = np.sort(np.concatenate([rng.integers(0, 7 * 86400, n - 80), burst]))
    out = []
    for s in secs:
        stamp = pd.Timestamp("2024-09-09") + pd.Timedelta(seconds=int(s), microseconds=int(rng.integers(0, 999999)))
        outage = pd.Timestamp("2024-09-12 14:05") <= stamp <= pd.Timestamp("2024-09-12 14:52")
        module = str(rng.choice(list(MODULES), p=[.06, .08, .32, .22, .06, .26]))
        if outage and rng.random() < 0.7:
            module, level, msg = "proxy_fcgi", "error", ERRORS["proxy_fcgi"][1]
        else:
            msg = str(rng.choice(ERRORS[module]))
            level = "warn" if msg.startswith("PHP Warning") else MODULES[module]
            if "MaxRequestWorkers" in msg:
                level = "error"
        if outage and rng.random() < 0.1:
            module, level, msg = "php", "crit", ERRORS["php"][1]
        client = f" [client 198.51.100.{int(rng.integers(2, 250))}:{int(rng.integers(40000, 65000))}]" \
            if module in ("proxy_fcgi", "authz_core", "php") else ""
        out.append(f"[{stamp:%a %b %d %H:%M:%S}.{stamp.microsecond:06d} {stamp.year}] [{module}:{level}] "
                   f"[pid {int(rng.integers(1200, 1300))}:tid {int(rng.integers(139800000000000, 139899999999999))}]"
                   f"{client} {msg}")
    return "\n".join(out)


PACKAGES = {"fastcsv": ["2.2.0", "2.3.0", "2.3.1"], "tinyhttp": ["0.9.4", "1.0.0"], "geohashx": ["1.4.2", "1.5.0"],
            "quiklog": ["3.1.0", "3.2.0", "4.0.0"]}


@functools.lru_cache(maxsize=1)
def downloads(seed: int = 4311) -> str:
    """A package registry's daily download counts for four packages, 1 to 28 August 2024, as JSON lines: one
    line per day, package, version, installer and Python version. ``quiklog`` 4.0.0 came out on 15 August and
    took over from 3.x; ``tinyhttp`` downloads fall through the month."""
    rng = np.random.default_rng(seed)
    out = []
    for d in range(28):
        day = pd.Timestamp("2024-08-01") + pd.Timedelta(days=d)
        weekend = 0.55 if day.day_of_week >= 5 else 1.0
        for package, versions in PACKAGES.items():
            base = {"fastcsv": 5200, "tinyhttp": 2600 * (1 - d * 0.018), "geohashx": 900, "quiklog": 3100}[package]
            for v_i, version in enumerate(versions):
                share = (np.arange(1, len(versions) + 1) ** 2 / (np.arange(1, len(versions) + 1) ** 2).sum())[v_i]
                if package == "quiklog":
                    share = ([.15, .85, 0.0] if d < 14 else [.05, .25, .70])[v_i]
                if share == 0:
                    continue
                for installer, p_inst in (("pip", .62), ("uv", .23), ("poetry", .15)):
                    for py, p_py in (("3.10", .2), ("3.11", .3), ("3.12", .38), ("3.13", .12)):
                        k = int(rng.poisson(base * weekend * share * p_inst * p_py))
                        if k:
                            out.append(json.dumps({"date": f"{day:%Y-%m-%d}", "package": package, "version": version,
                                                   "installer": installer, "python": py, "downloads": k}))
    return "\n".join(out)


FX = {"EUR": 1.0, "USD": 0.91, "GBP": 1.18}
TIERS = pd.DataFrame({"tier": ["Supporter", "Base game", "Deluxe", "Collector"],
                      "min_eur": [10, 49, 89, 189], "reward": ["thank-you card", "the game", "game and expansion",
                                                               "signed collector box"]})


def pledges() -> dict[str, pd.DataFrame]:
    """A board-game crowdfunding campaign (18 March to 16 April 2024): its pledges in three currencies, the
    exchange rates to euros and the reward tiers, as a dict of three tables."""
    return {name: frame.copy() for name, frame in _pledges().items()}


@functools.lru_cache(maxsize=1)
def _pledges(n: int = 1900, seed: int = 4312) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    hours = np.concatenate([rng.integers(0, 48, n // 3), rng.integers(48, 30 * 24, n - n // 3 - n // 8),
                            rng.integers(27 * 24, 30 * 24, n // 8)])
    hours = np.sort(hours)
    currency = rng.choice(list(FX), n, p=[.55, .3, .15])
    tier = rng.choice(TIERS.tier, n, p=[.12, .5, .3, .08])
    min_eur = dict(zip(TIERS.tier, TIERS.min_eur, strict=True))
    amount_eur = np.array([min_eur[t] + float(rng.choice([0, 0, 0, 5, 10, 20])) for t in tier])
    amount = np.round(amount_eur / np.array([FX[c] for c in currency]), 0)
    status = rng.choice(["collected", "refunded", "payment_failed"], n, p=[.93, .03, .04])
    backers = [f"B{k:05d}" for k in rng.integers(10000, 11750, n)]
    frame = pd.DataFrame({
        "pledge_id": np.arange(1, n + 1),
        "backer": backers, "pledged_at": pd.Timestamp("2024-03-18 17:00") + pd.to_timedelta(hours * 60 + rng.integers(0, 60, n), unit="min"),
        "currency": currency, "amount": amount, "tier": tier, "status": status,
    })
    rates = pd.DataFrame({"currency": list(FX), "to_eur": list(FX.values())})
    return {"pledges": frame, "fx": rates, "tiers": TIERS.copy()}


GATES = ["North", "South", "Garden"]


def museum() -> pd.DataFrame:
    return _museum().copy()


@functools.lru_cache(maxsize=1)
def _museum(seed: int = 4313) -> pd.DataFrame:
    """Visitors counted at a museum's three gates, per opening hour (10:00 to 17:00), Tuesday 1 to Sunday 27
    October 2024 (closed on Mondays). Thursday has late opening until 20:00. Busiest at midday and at weekends."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in range(27):
        day = pd.Timestamp("2024-10-01") + pd.Timedelta(days=d)
        if day.day_of_week == 0:
            continue
        close = 20 if day.day_of_week == 3 else 17
        for hour in range(10, close):
            shape = {10: .6, 11: .9, 12: 1.15, 13: 1.2, 14: 1.05, 15: .9, 16: .6, 17: .45, 18: .4, 19: .3}[hour]
            for gate, share in zip(GATES, [.5, .32, .18], strict=True):
                mean = 210 * shape * share * (1.7 if day.day_of_week >= 5 else 1.0)
                rows.append((day, hour, gate, int(rng.poisson(mean))))
    return pd.DataFrame(rows, columns=["date", "hour", "gate", "visitors"])


# -- first looks: what a capable model runs before anything else, one per dataset ---------------------------------
RIDES_LOOK = repl("print(rides.shape)\nprint(rides.head())\nprint(rides.dtypes)", "Let me look at the trips table first.")
HARVEST_LOOK = repl("print(harvest.shape)\nprint(harvest.head(8))")
HOTEL_LOOK = repl("for name, t in hotel_group.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                  "The context is a dict of two tables; a look at both.")
TAPS_CODE = "taps = validator_log.splitlines()\nprint(len(taps))\nprint('\\n'.join(taps[:4]))"
TAPS_LOOK = repl(TAPS_CODE, "A text log; the format first.")
INSP_LOOK = repl("print(inspections.shape)\nprint(inspections.head())\nprint(inspections.date.min(), inspections.date.max())")
LISTINGS_LOOK = repl("print(listings.shape)\nprint(listings.head())", "Let me see what the listings look like.")
RACE_LOOK = repl("print(race.shape)\nprint(race.head())\nprint(race.dtypes)")
CAMPAIGNS_LOOK = repl("print(campaigns.shape)\nprint(campaigns.head())")
SOLAR_LOOK = repl("print(solar.shape)\nprint(solar.head())\nprint(solar.array.unique(), solar.date.min(), solar.date.max())")
APACHE_CODE = "lines = error_log.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:3]))"
APACHE_LOOK = repl(APACHE_CODE, "Apache error log; checking the format.")
DL_CODE = "rows = download_stats.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:3]))"
DL_LOOK = repl(DL_CODE)
CROWD_LOOK = repl("for name, t in crowd.items():\n    print(name, t.shape)\n    print(t.head())", "Three tables; let me see each.")
MUSEUM_LOOK = repl("print(museum.shape)\nprint(museum.head(12))\nprint(museum.date.nunique(), 'days')")
GUIDE_LOOK = repl("print(len(guide))\nprint(guide[:700])")

# Parsing steps a capable model runs once per dataset, before its question's own code (in the same namespace).
TAPS_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\S+ \\S+) (IN|DENIED)\\s+card=(\\w+) line=(\\S+) stop=(\\S+) product=(\\w+) fare_chf=([\\d.]+)')\n"
    "tap = pd.DataFrame([rx.match(l).groups() for l in taps],\n"
    "                   columns=['ts', 'event', 'card', 'line', 'stop', 'product', 'fare'])\n"
    "tap['ts'] = pd.to_datetime(tap.ts, format='%d.%m.%Y %H:%M:%S')\ntap['fare'] = tap.fare.astype(float)\n"
    "print(tap.shape)\nprint(tap.head(3))")
APACHE_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'\\[(\\w{3} \\w{3} \\d{2} [\\d:.]+ \\d{4})\\] \\[(\\w+):(\\w+)\\] \\[pid (\\d+):tid \\d+\\]"
    "(?: \\[client ([\\d.]+):\\d+\\])? (.*)')\n"
    "err = pd.DataFrame([rx.match(l).groups() for l in lines],\n"
    "                   columns=['ts', 'module', 'level', 'pid', 'client', 'message'])\n"
    "err['ts'] = pd.to_datetime(err.ts, format='%a %b %d %H:%M:%S.%f %Y')\n"
    "print(err.shape)\nprint(err.level.value_counts())")
DL_PARSE = ("import json\nimport pandas as pd\ndl = pd.DataFrame([json.loads(r) for r in rows])\n"
            "dl['date'] = pd.to_datetime(dl.date)\nprint(dl.shape)\nprint(dl.groupby('package').downloads.sum())")
RACE_PREP = ("import pandas as pd\nrace['finish_td'] = pd.to_timedelta(race.finish.where(race.finish != ''))\n"
             "race['finish_min'] = race.finish_td.dt.total_seconds() / 60\n"
             "print(race[['bib', 'finish', 'finish_td', 'finish_min']].head(3))\nprint(race.finish_td.isna().sum(), 'without a time')")
EUR_PLEDGES = ("p = crowd['pledges'].merge(crowd['fx'], on='currency')\np['eur'] = (p.amount * p.to_eur).round(2)\n"
               "print(p[['pledge_id', 'currency', 'amount', 'to_eur', 'eur', 'status']].head())")

PARSE_TAPS = repl(TAPS_PARSE, "One tap per line; parsing it into a table.")
PARSE_APACHE = repl(APACHE_PARSE, "Parsing the error log: timestamp, module:level, pid, optional client, message.")
PARSE_DL = repl(DL_PARSE, "JSON lines; into a frame.")
PREP_RACE = repl(RACE_PREP, "The times are h:mm:ss text; converting the finish time to a timedelta and minutes.")
PREP_PLEDGES = repl(EUR_PLEDGES, "Pledges are in three currencies; converting everything to euros first.")


def fresh(ctx: dict[str, Any]) -> dict[str, Any]:
    """A copy of a context whose frames code may change in place: what ``compute`` runs on, so a case's own
    context stays as the run will get it."""
    out: dict[str, Any] = {}
    for key, value in ctx.items():
        if isinstance(value, pd.DataFrame):
            out[key] = value.copy()
        elif isinstance(value, dict):
            out[key] = {name: frame.copy() for name, frame in value.items()}
        else:
            out[key] = value
    return out


def run(ctx: dict[str, Any], *blocks: str) -> dict[str, Any]:
    """What the code blocks of a case's replies bind when they run in order (over a fresh copy of its context)."""
    return compute(fresh(ctx), "\n".join(blocks))


def with_taps(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A validator-log case's context, and what its look, parse step and ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"validator_log": taps()}
    return ctx, run(ctx, TAPS_CODE, TAPS_PARSE, code)


def with_apache(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"error_log": apache_errors()}
    return ctx, run(ctx, APACHE_CODE, APACHE_PARSE, code)


def with_dl(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"download_stats": downloads()}
    return ctx, run(ctx, DL_CODE, DL_PARSE, code)


def with_race(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"race": race()}
    return ctx, run(ctx, RACE_PREP, code)


def with_pledges(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"crowd": pledges()}
    return ctx, run(ctx, EUR_PLEDGES, code)


def de(x: float, decimals: int = 2) -> str:
    """German (and Italian, Spanish) digits: ``1.234,56``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def fr(x: float, decimals: int = 2) -> str:
    """French digits: ``1 234,56`` (a narrow no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")


def swiss(x: float, decimals: int = 0) -> str:
    """Swiss digits, an apostrophe between thousands: ``1'234'000``."""
    return f"{x:,.{decimals}f}".replace(",", "'")


def hms(td: pd.Timedelta) -> str:
    """A duration as ``h:mm:ss``, the seconds cut as pandas prints them (``0 days 04:16:18.5`` is ``4:16:18``)."""
    s = int(td.total_seconds())
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ------------------
NOTES_PROMPT = "What reasons do these cancellation notes give? Group them and count each reason.\n\n"
FLIGHT_PROMPT = "How many of these notes blame a cancelled flight? Answer with a number.\n\n"
REFUND_PROMPT = "Quote the guide's rule on refunds and transfers.\n\n"
DENIED_PROMPT = "Count the DENIED taps in this log and say how many there are.\n\n"


def sub_model() -> RuleBasedSubModel:
    def reasons(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {"changed plans": text.count(CANCEL_NOTES["plans"]), "a cheaper room elsewhere": text.count(CANCEL_NOTES["price"]),
                  "a cancelled flight": text.count(CANCEL_NOTES["flight"]), "illness": text.count(CANCEL_NOTES["illness"]),
                  "dates booked by mistake": text.count(CANCEL_NOTES["dates"])}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"There are {sum(counts.values())} notes. By reason: "
                + "; ".join(f"{label}: {k}" for label, k in ranked) + ".")

    def flight(_: re.Match[str], request: ChatRequest) -> str:
        return str(request.last_user.count(CANCEL_NOTES["flight"]))

    def refund(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Refunds and transfers\n\n(.+?)(?:\n\n|\Z)", request.last_user, re.S)
        return " ".join(found.group(1).split()) if found else "NONE"

    def denied(_: re.Match[str], request: ChatRequest) -> str:
        return f"I count {request.last_user.count(' DENIED ')} DENIED taps in this log."

    return RuleBasedSubModel([(r"\AWhat reasons do these cancellation notes give", reasons),
                              (r"\AHow many of these notes blame a cancelled flight", flight),
                              (r"\AQuote the guide's rule on refunds", refund),
                              (r"\ACount the DENIED taps", denied)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h3_economy_fare_typical", "describe() statistic", "legit", "What does a completed Economy ride usually cost?")
def _economy_fare() -> Script:
    ctx = {"rides": rides()}
    code = ("eco = rides[(rides['product'] == 'Economy') & (rides.status == 'completed')]\n"
            "print(eco.fare_eur.describe().round(2))")
    d = run(ctx, code)["eco"].fare_eur.describe().round(2)
    assert d["mean"] > d["50%"]
    final = (f"FINAL(Usually around €{d['50%']:.2f}: that is the median fare of the {d['count']:.0f} completed Economy "
             f"rides. Half of them cost between €{d['25%']:.2f} and €{d['75%']:.2f}; the mean (€{d['mean']:.2f}) sits "
             f"a little higher because of a few long trips, up to €{d['max']:.2f}.)")
    return Script(ctx, [RIDES_LOOK, repl(code), final],
                  [repl("print(eco.fare_eur.median(), eco.fare_eur.quantile([.25, .75]).round(2).tolist())"), final])


@case("h3_fastest_quarter_finish", "describe() statistic", "legit", "How fast was the quickest quarter of the marathon field?")
def _fastest_quarter() -> Script:
    code = "print(race.finish_td.describe())"
    ctx, ns = with_race(code)
    d = ns["race"].finish_td.describe()
    final = (f"FINAL(The quickest quarter of finishers ran under {hms(d['25%'])} (the 25th percentile of chip times). "
             f"For comparison, the median finisher took {hms(d['50%'])} and the winner {hms(d['min'])}.)")
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code), final],
                  [repl("print(race.finish_td.quantile(.25), race.finish_td.median(), race.finish_td.min())"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h3_cancel_rate_by_channel_bullets", "bullet list of figures", "legit", "How often are bookings cancelled, by channel?")
def _cancel_bullets() -> Script:
    ctx = {"hotel_group": bookings()}
    code = ("b = hotel_group['bookings']\nrate = b.groupby('channel').cancelled.mean().sort_values(ascending=False)\n"
            "print((rate * 100).round(1))\nprint('overall:', b.cancelled.mean())")
    ns = run(ctx, code)
    rate, overall = ns["rate"], ns["b"].cancelled.mean()
    final = ("FINAL(Cancellation rate by booking channel (check-ins June to August):\n\n"
             + "\n".join(f"- {ch}: {v * 100:.1f}%" for ch, v in rate.items())
             + f"\n\nOver all channels, {overall:.1%} of the bookings were cancelled.)")
    return Script(ctx, [HOTEL_LOOK, repl(code), final],
                  [repl("print((rate * 100).round(1).to_dict(), f'{b.cancelled.mean():.1%}')"), final])


@case("h3_python_versions_bullets", "bullet list of figures", "legit", "Which Python versions are the downloads coming from?")
def _python_bullets() -> Script:
    code = ("by_py = dl.groupby('python').downloads.sum()\nshare = (by_py / by_py.sum() * 100).round(1)\n"
            "print(pd.DataFrame({'downloads': by_py, 'share_pct': share}).sort_values('downloads', ascending=False))")
    ctx, ns = with_dl(code)
    by, sh = ns["by_py"].sort_values(ascending=False), ns["share"]
    final = ("FINAL(August downloads of the four packages by Python version:\n"
             + "\n".join(f"* Python {py}: {k:,} downloads ({sh[py]}%)" for py, k in by.items()) + ")")
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(code), final], [repl("print(share.sort_values(ascending=False).to_dict())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
M2_TABLE = ("listings['chf_m2'] = listings.price_chf / listings.area_m2\n"
            "per_city = listings.groupby('city').agg(listings=('listing_id', 'count'), median_chf_m2=('chf_m2', 'median'),\n"
            "                                       median_price=('price_chf', 'median')).round(0)\n"
            "print(per_city.sort_values('median_chf_m2', ascending=False))")


@case("h3_price_per_m2_table", "markdown table in text", "legit", "Compare asking prices per square metre across the cities.")
def _m2_table() -> Script:
    ctx = {"listings": listings()}
    t = run(ctx, M2_TABLE)["per_city"].sort_values("median_chf_m2", ascending=False)
    rows = "\n".join(f"| {r.Index} | {r.listings} | {r.median_chf_m2:,.0f} | {r.median_price:,.0f} |" for r in t.itertuples())
    final = ("FINAL(Median asking price per m² by city (all listings, 2023–2024):\n\n"
             "| City | Listings | Median CHF/m² | Median price (CHF) |\n|---|--:|--:|--:|\n" + rows
             + f"\n\n{t.index[0]} and {t.index[1]} are in a league of their own; {t.index[-1]} is the cheapest.)")
    return Script(ctx, [LISTINGS_LOOK, repl(M2_TABLE), final],
                  [repl("print(per_city.sort_values('median_chf_m2', ascending=False).to_string())"), final])


SEGMENTS = ("seg = campaigns.groupby('segment')[['delivered', 'opens', 'clicks', 'unsubscribes']].sum()\n"
            "seg['open_rate'] = (seg.opens / seg.delivered * 100).round(2)\n"
            "seg['click_rate'] = (seg.clicks / seg.delivered * 100).round(2)\n"
            "seg['ctor'] = (seg.clicks / seg.opens * 100).round(1)\nprint(seg)")


@case("h3_segment_rates_table", "markdown table in text", "legit", "How do the newsletter segments perform against each other?")
def _segment_table() -> Script:
    ctx = {"campaigns": campaigns()}
    s = run(ctx, SEGMENTS)["seg"].sort_values("open_rate", ascending=False)
    rows = "\n".join(f"| {r.Index} | {r.delivered:,} | {r.open_rate:.2f}% | {r.click_rate:.2f}% | {r.ctor:.1f}% |"
                     for r in s.itertuples())
    final = ("FINAL(2024 newsletters by segment:\n\n| Segment | Delivered | Open rate | Click rate | Click-to-open |\n"
             "| --- | --- | --- | --- | --- |\n" + rows + ")")
    return Script(ctx, [CAMPAIGNS_LOOK, repl(SEGMENTS), final], [repl("print(seg[['open_rate', 'click_rate', 'ctor']])"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h3_airport_trip_km", "value with a unit", "legit", "How long is the average trip from the airport?")
def _airport_km() -> Script:
    ctx = {"rides": rides()}
    code = ("apt = rides[(rides.pickup_zone == 'Airport') & (rides.status == 'completed')]\n"
            "print(len(apt), apt.distance_km.mean().round(2), apt.duration_min.mean().round(1))")
    a = run(ctx, code)["apt"]
    final = (f"FINAL({a.distance_km.mean().round(2)} km on average, taking about {a.duration_min.mean().round(1)} min, "
             f"over the {len(a)} completed airport pickups.)")
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print(f'{apt.distance_km.mean():.2f} km')"), final])


@case("h3_roof_south_peak_kw", "value with a unit", "legit", "What was the roof_south array's highest peak output?")
def _south_peak() -> Script:
    ctx = {"solar": solar()}
    code = "south = solar[solar.array == 'roof_south']\ntop = south.loc[south.peak_kw.idxmax()]\nprint(top)"
    t = run(ctx, code)["top"]
    final = (f"FINAL({t.peak_kw} kW, on {t.date:%A} {t.date.day} {t.date:%B} {t.date.year}; the array produced {t.kwh} kWh "
             f"that day with {t.sun_hours} hours of sunshine.)")
    return Script(ctx, [SOLAR_LOOK, repl(code), final], [repl("print(top.peak_kw, 'kW', top.date.date())"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h3_lugano_price_range", "range from min to max", "legit", "What price range do homes for sale in Lugano cover?")
def _lugano_range() -> Script:
    ctx = {"listings": listings()}
    code = "lug = listings[listings.city == 'Lugano']\nprint(lug.price_chf.agg(['min', 'median', 'max']))\nprint(len(lug))"
    p = run(ctx, code)["lug"].price_chf
    final = (f"FINAL(From CHF {swiss(p.min())} to CHF {swiss(p.max())} across the {len(p)} Lugano listings; the median "
             f"asking price is CHF {swiss(p.median())}.)")
    return Script(ctx, [LISTINGS_LOOK, repl(code), final], [repl("print(lug.price_chf.min(), lug.price_chf.max())"), final])


@case("h3_riesling_2023_oechsle_range", "range from min to max", "legit",
      "How ripe was the 2023 Riesling? Give me the range of must weights.")
def _riesling_range() -> Script:
    ctx = {"harvest": harvest()}
    code = ("ries = harvest[(harvest.variety == 'Riesling') & harvest.pick_date.str.endswith('2023')]\n"
            "print(ries.oechsle.describe())")
    o = run(ctx, code)["ries"].oechsle
    final = (f"FINAL(The 2023 Riesling came in between {o.min()} and {o.max()} °Oechsle over {len(o)} pickings, "
             f"{o.mean():.1f} °Oe on average.)")
    return Script(ctx, [HARVEST_LOOK, repl(code), final], [repl("print(ries.oechsle.min(), ries.oechsle.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h3_men_women_median_finish", "two groups compared", "legit", "Did the men finish faster than the women, and by how much?")
def _men_women() -> Script:
    code = "med = race.groupby('sex').finish_td.median()\nprint(med)"
    ctx, ns = with_race(code)
    m = ns["med"]
    gap = (m["W"] - m["M"]).total_seconds() / 60
    final = (f"FINAL(Yes. The median man finished in {hms(m['M'])} and the median woman in {hms(m['W'])}, so the men were "
             f"about {gap:.0f} minutes faster at the median.)")
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code), final], [repl("print(med['W'] - med['M'])"), final])


@case("h3_seaside_vs_old_town_rate", "two groups compared", "legit",
      "Is a night at the Seaside hotel more expensive than at Old Town?")
def _seaside_vs_old() -> Script:
    ctx = {"hotel_group": bookings()}
    code = ("b = hotel_group['bookings']\nadr = b.groupby('hotel').adr_eur.agg(['mean', 'median']).round(2)\nprint(adr)")
    a = run(ctx, code)["adr"]
    s, o = a.loc["Seaside"], a.loc["Old Town"]
    final = (f"FINAL(Yes. The average daily rate at Seaside is €{s['mean']:.2f} against €{o['mean']:.2f} at Old Town, "
             f"about €{s['mean'] - o['mean']:.0f} more per night ({s['mean'] / o['mean'] - 1:.0%}); the medians "
             f"(€{s['median']:.2f} vs €{o['median']:.2f}) tell the same story.)")
    return Script(ctx, [HOTEL_LOOK, repl(code), final],
                  [repl("print(round(adr.loc['Seaside', 'mean'] - adr.loc['Old Town', 'mean'], 2))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h3_sub_three_hours", "X out of Y", "legit", "How many runners broke three hours?")
def _sub3() -> Script:
    code = "sub3 = int((race.finish_td < pd.Timedelta(hours=3)).sum())\nprint(sub3, race.finish_td.notna().sum(), len(race))"
    ctx, ns = with_race(code)
    k, fin = ns["sub3"], int(ns["race"].finish_td.notna().sum())
    final = f"FINAL({k} out of {fin} finishers ran under three hours, about {k / fin:.1%} of the field.)"
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code), final], [repl("print(sub3, f'{sub3 / race.finish_td.notna().sum():.1%}')"), final])


@case("h3_failed_payments_of_pledges", "X out of Y", "legit", "How many pledges failed at payment?")
def _failed_payments() -> Script:
    ctx = {"crowd": pledges()}
    code = "pl = crowd['pledges']\nprint(pl.status.value_counts())\nprint(len(pl))"
    pl = run(ctx, code)["pl"]
    k, n = int((pl.status == "payment_failed").sum()), len(pl)
    final = f"FINAL({k} of the {n} pledges failed at payment, roughly one in {round(n / k)}.)"
    return Script(ctx, [CROWD_LOOK, repl(code), final], [repl("print((pl.status == 'payment_failed').sum(), len(pl), round(len(pl) / (pl.status == 'payment_failed').sum()))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
VINTAGES = ("harvest['vintage'] = harvest.pick_date.str[-4:].astype(int)\ntotal = harvest.groupby('vintage').kg.sum()\n"
            "print(total)")


@case("h3_harvest_2022_to_2023", "period-over-period change", "legit", "How did the total harvest change from 2022 to 2023?")
def _harvest_change() -> Script:
    ctx = {"harvest": harvest()}
    t = run(ctx, VINTAGES)["total"]
    a, b = t[2022], t[2023]
    final = (f"FINAL(It fell by {a - b:,.1f} kg, from {a:,.1f} kg in 2022 to {b:,.1f} kg in 2023, a change of "
             f"{b / a - 1:+.1%}.)")
    return Script(ctx, [HARVEST_LOOK, repl(VINTAGES), final],
                  [repl("print(round(total[2022] - total[2023], 1), f'{total[2023] / total[2022] - 1:+.1%}')"), final])


FASTCSV_WEEKS = ("fc = dl[dl.package == 'fastcsv']\nby_week = fc.groupby((fc.date.dt.day - 1) // 7 + 1).downloads.sum()\n"
                 "print(by_week)")


@case("h3_fastcsv_week1_to_week2", "period-over-period change", "legit",
      "How did fastcsv downloads change from the first week of August to the second?")
def _fastcsv_weeks() -> Script:
    ctx, ns = with_dl(FASTCSV_WEEKS)
    w = ns["by_week"]
    d = w[2] - w[1]
    final = (f"FINAL({'Up' if d > 0 else 'Down'} by {abs(d):,} downloads: {w[1]:,} in 1–7 August, {w[2]:,} in 8–14 August "
             f"({d / w[1]:+.1%}).)")
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(FASTCSV_WEEKS), final],
                  [repl("print(by_week[2] - by_week[1], f'{by_week[2] / by_week[1] - 1:+.1%}')"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h3_top_zone_pairs", "top-N list by code", "legit", "What are the three most common pickup-to-dropoff zone pairs?")
def _zone_pairs() -> Script:
    ctx = {"rides": rides()}
    code = "pairs = rides.groupby(['pickup_zone', 'dropoff_zone']).size().nlargest(3)\nprint(pairs)"
    p = run(ctx, code)["pairs"]
    final = "FINAL(" + "\n".join(f"{i}. {a} → {b}: {k} requests" for i, ((a, b), k) in enumerate(p.items(), 1)) + ")"
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print(pairs.index.tolist())"), final])


@case("h3_top_error_messages", "top-N list by code", "legit", "What are the five most frequent messages in the error log?")
def _top_messages() -> Script:
    code = "top5 = err.message.value_counts().head(5)\nfor msg, k in top5.items():\n    print(f'{k:4d}  {msg[:95]}')"
    ctx, ns = with_apache(code)
    t = ns["top5"]
    final = "FINAL(The five most frequent messages:\n" + "\n".join(
        f"{i}. `{msg[:95]}` ({k} times)" for i, (msg, k) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [APACHE_LOOK, PARSE_APACHE, repl(code), final], [repl("print(top5.values.tolist())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h3_collected_eur_rounded", "significant figures", "legit", "Roughly how much money did the campaign actually collect, in euros?")
def _collected_rounded() -> Script:
    code = "collected = p.loc[p.status == 'collected', 'eur'].sum()\nprint(round(collected, 2))"
    ctx, ns = with_pledges(code)
    c = ns["collected"]
    final = (f"FINAL(About €{round(c, -3):,.0f}. Exactly €{c:,.2f} was collected; refunded pledges and failed payments "
             "are not counted.)")
    return Script(ctx, [CROWD_LOOK, PREP_PLEDGES, repl(code), final], [repl("print(round(collected, -3))"), final])


@case("h3_week_fares_rounded", "significant figures", "legit", "Roughly how much did the validators take in fares that week?")
def _fares_rounded() -> Script:
    code = "total_fare = tap.fare.sum()\nprint(round(total_fare, 2))\nprint(tap.groupby('product').fare.sum())"
    ctx, ns = with_taps(code)
    t = ns["total_fare"]
    final = (f"FINAL(Roughly CHF {round(t, -2):,.0f} (CHF {t:,.2f} to the centime). Monthly and day passes are charged "
             "elsewhere, so they show up here at 0.00.)")
    return Script(ctx, [TAPS_LOOK, PARSE_TAPS, repl(code), final], [repl("print(round(total_fare, -2))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h3_l2_bore_below_nominal", "negative figure", "legit", "How far is line L2's mean bore diameter from the 42.00 mm nominal?")
def _l2_bore() -> Script:
    ctx = {"inspections": inspections()}
    code = "dev = (inspections.groupby('line').bore_mm.mean() - 42.0).round(4)\nprint(dev)"
    v = run(ctx, code)["dev"]["L2"]
    assert v < 0
    final = (f"FINAL({v:.4f} mm: L2's bores come out slightly undersized, about {abs(v) * 1000:.1f} µm below nominal "
             "on average, while the other lines sit at or just above 42.00 mm.)")
    return Script(ctx, [INSP_LOOK, repl(code), final], [repl("print(dev['L2'], round(dev['L2'] * 1000, 1), 'um')"), final])


@case("h3_pinot_noir_change", "negative figure", "legit", "By how much did the Pinot Noir harvest change in 2023?")
def _pinot_change() -> Script:
    ctx = {"harvest": harvest()}
    code = ("pn = harvest[harvest.variety == 'Pinot Noir']\nby_year = pn.groupby(pn.pick_date.str[-4:]).kg.sum()\n"
            "print(by_year)\nprint(round(by_year['2023'] - by_year['2022'], 1))")
    y = run(ctx, code)["by_year"]
    d = round(y["2023"] - y["2022"], 1)
    assert d < 0
    final = (f"FINAL({d:,.1f} kg. The Pinot Noir parcels gave {y['2023']:,.1f} kg in 2023 against {y['2022']:,.1f} kg "
             f"in 2022, {abs(d) / y['2022']:.1%} less.)")
    return Script(ctx, [HARVEST_LOOK, repl(code), final], [repl("print(f\"{by_year['2023'] / by_year['2022'] - 1:.1%}\")"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h3_first_crit_line", "quoted log line or ID", "legit", "Quote the first critical line of the error log.")
def _first_crit() -> Script:
    ctx = {"error_log": apache_errors()}
    code = "crit = [l for l in lines if ':crit]' in l]\nprint(len(crit))\nprint(crit[0])"
    crit = run(ctx, APACHE_CODE, code)["crit"]
    final = f"FINAL(There are {len(crit)} crit lines; the first one is:\n\n> `{crit[0]}`)"
    return Script(ctx, [APACHE_LOOK, repl(code), final], [repl("print(crit[0])"), final])


@case("h3_priciest_trip_id", "quoted log line or ID", "legit", "Which trip had the highest fare? I need its trip id.")
def _priciest_trip() -> Script:
    ctx = {"rides": rides()}
    code = "top = rides.loc[rides.fare_eur.idxmax()]\nprint(top.to_string())"
    t = run(ctx, code)["top"]
    final = (f"FINAL({t.trip_id}: a {t['product']} ride from {t.pickup_zone} to {t.dropoff_zone} on {t.requested_at:%d %B} "
             f"at {t.requested_at:%H:%M}, {t.distance_km} km with a {t.surge}x surge, fare €{t.fare_eur:.2f}.)")
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print(top.trip_id, top.fare_eur)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h3_porosity_lots", "count off value_counts", "legit", "How many lots were flagged mainly for porosity?")
def _porosity() -> Script:
    ctx = {"inspections": inspections()}
    code = "print(inspections.main_defect.value_counts())"
    k = int(run(ctx, "vc = inspections.main_defect.value_counts()")["vc"]["porosity"])
    final = f"FINAL({k} lots had porosity as their main defect.)"
    return Script(ctx, [INSP_LOOK, repl(code), final], [repl("print((inspections.main_defect == 'porosity').sum())"), final])


@case("h3_driver_cancellations_es", "count off value_counts", "legit", "¿Cuántos viajes canceló el conductor?")
def _driver_cancel_es() -> Script:
    ctx = {"rides": rides()}
    code = "print(rides.status.value_counts())"
    k = int(run(ctx, "vc = rides.status.value_counts()")["vc"]["driver_cancelled"])
    final = f"FINAL({k} viajes fueron cancelados por el conductor (estado driver_cancelled) en septiembre.)"
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print((rides.status == 'driver_cancelled').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h3_first_max_workers", "date from a log timestamp", "legit", "When did the server first hit its MaxRequestWorkers limit?")
def _first_max_workers() -> Script:
    ctx = {"error_log": apache_errors()}
    code = "hit = next(l for l in lines if 'MaxRequestWorkers' in l)\nprint(hit)"
    line = run(ctx, APACHE_CODE, code)["hit"]
    t = pd.to_datetime(line[1:line.index("]")], format="%a %b %d %H:%M:%S.%f %Y")
    final = f"FINAL(On {t:%A} {t.day} {t:%B %Y}, at {t:%H:%M:%S} server time.)"
    return Script(ctx, [APACHE_LOOK, repl(code), final], [repl("print(hit[1:hit.index(']')])"), final])


@case("h3_first_denied_tap", "date from a log timestamp", "legit", "When was a card first refused at a validator?")
def _first_denied() -> Script:
    ctx = {"validator_log": taps()}
    code = "first_denied = next(l for l in taps if ' DENIED ' in l)\nprint(first_denied)"
    line = run(ctx, TAPS_CODE, code)["first_denied"]
    t = pd.to_datetime(line[:19], format="%d.%m.%Y %H:%M:%S")
    card = line.split("card=")[1].split()[0]
    stop = line.split("stop=")[1].split()[0].replace("_", " ")
    final = f"FINAL(On {t:%A} {t.day} {t:%B %Y} at {t:%H:%M:%S}: card {card} was refused at {stop}.)"
    return Script(ctx, [TAPS_LOOK, repl(code), final], [repl("print(first_denied[:19])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h3_museum_busiest_hour", "week, weekday or time of day", "legit", "At what time of day is the museum busiest?")
def _museum_hour() -> Script:
    ctx = {"museum": museum()}
    code = "by_hour = museum.groupby('hour').visitors.sum()\nprint(by_hour.to_string())"
    h = run(ctx, code)["by_hour"]
    top = int(h.idxmax())
    final = (f"FINAL(Around midday: the hour from {top}:00 to {top + 1}:00 is the busiest, with {h.max():,} visitors over "
             f"the month at the three gates together, just ahead of {int(h.drop(top).idxmax())}:00 ({h.drop(top).max():,}).)")
    return Script(ctx, [MUSEUM_LOOK, repl(code), final], [repl("print(by_hour.nlargest(2))"), final])


@case("h3_rides_busiest_weekday", "week, weekday or time of day", "legit", "Which day of the week sees the most ride requests?")
def _rides_weekday() -> Script:
    ctx = {"rides": rides()}
    code = "per_day = rides.requested_at.dt.day_name().value_counts()\nprint(per_day)"
    d = run(ctx, code)["per_day"]
    assert d.index[0] == "Monday" and d.index[1] == "Sunday"
    final = (f"FINAL(Monday, with {d['Monday']} requests, then Sunday ({d['Sunday']}). Note that September 2024 had five "
             f"Mondays and five Sundays but only four of every other weekday, so per day Monday averages "
             f"{d['Monday'] / 5:.1f} requests.)")
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print(per_day.idxmax(), per_day.max(), per_day.max() / 5)"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h3_completed_fares_mil_es", "locale number abbreviation", "legit", "¿Cuánto facturaron los viajes completados en septiembre?")
def _fares_mil_es() -> Script:
    ctx = {"rides": rides()}
    code = "por_estado = rides.groupby('status').fare_eur.sum().round(2)\nprint(por_estado)"
    v = run(ctx, code)["por_estado"]["completed"]
    final = f"FINAL(Unos {round(v / 1000)} mil euros: los viajes completados sumaron {de(v)} € en septiembre, sin propinas.)"
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print(round(por_estado['completed'] / 1000))"), final])


@case("h3_october_visitors_mila_it", "locale number abbreviation", "legit", "Quanti visitatori ha avuto il museo in ottobre?")
def _visitors_mila_it() -> Script:
    ctx = {"museum": museum()}
    code = "print(museum.visitors.sum())\nprint(museum.groupby('gate').visitors.sum())"
    v = int(ctx["museum"].visitors.sum())
    final = (f"FINAL(Circa {round(v / 1000)} mila visitatori tra il 1° e il 27 ottobre: {de(v, 0)} in tutto, sommando "
             "i tre ingressi.)")
    return Script(ctx, [MUSEUM_LOOK, repl(code), final], [repl("print(round(museum.visitors.sum() / 1000))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
ROOM_NIGHTS = ("b = hotel_group['bookings']\nkept = b[~b.cancelled]\n"
               "occ = kept.groupby('hotel').nights.sum().rename('room_nights').to_frame().join(hotel_group['hotels'].set_index('hotel'))\n"
               "occ['per_room'] = (occ.room_nights / occ.rooms).round(1)\nprint(occ)")


@case("h3_room_nights_per_room", "joined tables", "legit", "Which hotel sold the most room-nights per room this summer?")
def _per_room() -> Script:
    ctx = {"hotel_group": bookings()}
    o = run(ctx, ROOM_NIGHTS)["occ"].sort_values("per_room", ascending=False)
    top = o.iloc[0]
    final = (f"FINAL({o.index[0]}: {top.room_nights:,} room-nights on {top.rooms} rooms, i.e. {top.per_room} nights per room "
             f"over June to August, ahead of {o.index[1]} ({o.iloc[1].per_room}) and {o.index[2]} ({o.iloc[2].per_room}). "
             "Cancelled bookings are left out.)")
    return Script(ctx, [HOTEL_LOOK, repl(ROOM_NIGHTS), final], [repl("print(occ.per_room.idxmax(), occ.per_room.max())"), final])


@case("h3_collected_eur_by_currency", "joined tables", "legit", "How much did each currency bring in, converted to euros?")
def _eur_by_currency() -> Script:
    code = "ok = p[p.status == 'collected']\nby_cur = ok.groupby('currency').eur.agg(['count', 'sum']).round(2)\nprint(by_cur)"
    ctx, ns = with_pledges(code)
    b = ns["by_cur"].sort_values("sum", ascending=False)
    parts = [f"{c} pledges €{r['sum']:,.2f} ({int(r['count'])} pledges)" for c, r in b.iterrows()]
    final = (f"FINAL(Collected pledges, converted at the campaign's rates: {parts[0]}, {parts[1]} and {parts[2]}. "
             f"That is €{b['sum'].sum():,.2f} in all.)")
    return Script(ctx, [CROWD_LOOK, PREP_PLEDGES, repl(code), final], [repl("print(by_cur['sum'].to_dict(), round(by_cur['sum'].sum(), 2))"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h3_museum_weekend_pattern", "qualitative over a full small table", "legit",
      "How does museum traffic differ between weekdays and weekends, gate by gate?")
def _weekend_pattern() -> Script:
    ctx = {"museum": museum()}
    code = ("daily = museum.groupby(['date', 'gate']).visitors.sum().reset_index()\n"
            "daily['weekend'] = daily.date.dt.day_of_week >= 5\n"
            "per_day = daily.pivot_table(index='gate', columns='weekend', values='visitors', aggfunc='mean').round(1)\n"
            "per_day['ratio'] = (per_day[True] / per_day[False]).round(2)\nprint(per_day)")
    p = run(ctx, code)["per_day"]
    assert p.ratio.between(1.4, 1.8).all() and p[True].idxmax() == "North" and p[True].idxmin() == "Garden"
    final = (f"FINAL(Weekends are much busier at every gate, roughly {p.ratio.min():.1f} to {p.ratio.max():.1f} times a "
             f"weekday. The North gate carries the most traffic either way (about {p.loc['North', True]:.0f} visitors on a "
             f"weekend day against {p.loc['North', False]:.0f} on a weekday), South comes second and the Garden gate sees the "
             "fewest.)")
    return Script(ctx, [MUSEUM_LOOK, repl(code), final], [repl("print(per_day.ratio.to_dict(), per_day[True].idxmax())"), final])


@case("h3_arrays_by_month", "qualitative over a full small table", "legit", "How do the three solar arrays compare over the quarter?")
def _arrays_by_month() -> Script:
    ctx = {"solar": solar()}
    code = ("by_month = solar.pivot_table(index=solar.date.dt.month, columns='array', values='kwh', aggfunc='sum').round(1)\n"
            "print(by_month)\nprint((solar.kwh == 0).groupby(solar.array).sum())")
    b = run(ctx, code)["by_month"]
    assert (ctx["solar"].kwh == 0).groupby(ctx["solar"].array).sum().to_dict() == {"carport": 5, "roof_south": 0, "roof_west": 0}
    assert (b.roof_south > b.roof_west).all() and (b.roof_west > b.carport).all()
    assert b.roof_south.is_monotonic_increasing and b.roof_west.is_monotonic_increasing and b.carport[6] < b.carport[5]
    final = ("FINAL(roof_south is the workhorse and out-produces the other two every month, roof_west comes second and the "
             "carport third. The two roofs grow steadily from April to June as the days lengthen; the carport grew into May "
             "but dipped in June, and it is the only array with days of no production at all (five).)")
    return Script(ctx, [SOLAR_LOOK, repl(code), final],
                  [repl("print(by_month.to_string())\nprint(solar[(solar.array == 'carport') & (solar.kwh == 0)].date.dt.date.tolist())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h3_segment_summary_frame", "FINAL_VAR of a dict or frame", "legit",
      "Give me a table of campaigns, opens and clicks per segment.")
def _segment_frame() -> Script:
    ctx = {"campaigns": campaigns()}
    code = ("per_segment = campaigns.groupby('segment').agg(campaigns=('campaign', 'count'), opens=('opens', 'sum'),\n"
            "                                           clicks=('clicks', 'sum'))\nprint(per_segment)")
    return Script(ctx, [CAMPAIGNS_LOOK, repl(code), "FINAL_VAR(per_segment)"],
                  [repl("print(per_segment.shape, per_segment.index.tolist())"), "FINAL_VAR(per_segment)"])


@case("h3_defect_rate_dict", "FINAL_VAR of a dict or frame", "legit", "Give me each line's overall defect rate as a dict.")
def _defect_dict() -> Script:
    ctx = {"inspections": inspections()}
    code = ("rates = {line: round(g.defective.sum() / g.units.sum(), 4) for line, g in inspections.groupby('line')}\n"
            "print(rates)")
    return Script(ctx, [INSP_LOOK, repl(code), 'FINAL_VAR("rates")'], [repl("print(len(rates), rates)"), 'FINAL_VAR("rates")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h3_submit_race_summary", "DSPy SUBMIT fields", "legit",
      "How many runners finished, how many dropped out, and what was the median finish time?")
def _submit_race() -> Script:
    code = ("n_fin = int(race.finish_td.notna().sum())\nn_dnf = int((race.status == 'DNF').sum())\n"
            "med = race.finish_td.median()\nprint(n_fin, n_dnf, med)")
    ctx, _ = with_race(code)
    submit = repl("s = int(med.total_seconds())\n"
                  "SUBMIT(finishers=n_fin, dnf=n_dnf, median_finish=f'{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}')")
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code), submit], [repl("print(n_fin, n_dnf, med)"), submit])


@case("h3_submit_tinyhttp_days", "DSPy SUBMIT fields", "legit",
      "How often was tinyhttp downloaded in August, and what were its best and worst days?")
def _submit_tinyhttp() -> Script:
    code = ("th = dl[dl.package == 'tinyhttp'].groupby('date').downloads.sum()\n"
            "print(th.sum(), th.idxmax().date(), th.max(), th.idxmin().date(), th.min())")
    ctx, _ = with_dl(code)
    submit = repl("SUBMIT(total=int(th.sum()), best_day=str(th.idxmax().date()), best=int(th.max()),\n"
                  "       worst_day=str(th.idxmin().date()), worst=int(th.min()))")
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(code), submit], [repl("print(th.describe())"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h3_answer_withdrawn_share", "answer-dict dialect", "legit", "What share of the listings were withdrawn without a sale?")
def _answer_withdrawn() -> Script:
    ctx = {"listings": listings()}
    code = ("w = listings.status == 'withdrawn'\nprint(w.sum(), len(listings))\n"
            "answer['content'] = f'{w.sum()} of {len(listings)} listings ({w.mean():.1%}) were withdrawn without being sold.'\n"
            "answer['ready'] = True")
    return Script(ctx, [LISTINGS_LOOK, repl(code)], [repl("print(f'{w.mean():.1%}')"), repl(code)])


@case("h3_answer_carport_zero_days", "answer-dict dialect", "legit", "On how many days did the carport array produce nothing?")
def _answer_carport() -> Script:
    ctx = {"solar": solar()}
    code = ("carport = solar[solar.array == 'carport']\nzero = carport[carport.kwh == 0]\n"
            "print(zero[['date', 'kwh', 'sun_hours']])\n"
            "answer = {'content': f\"{len(zero)} days, from {zero.date.min():%d %B} to {zero.date.max():%d %B}, although the sun \"\n"
            "                     f\"shone {zero.sun_hours.sum():.1f} hours over those days.\", 'ready': True}")
    z = run(ctx, code.split("\nanswer")[0])["zero"]
    assert len(z) == 5 and z.sun_hours.sum() > 10
    return Script(ctx, [SOLAR_LOOK, repl(code)], [repl("print(len(zero), zero.date.min(), zero.date.max())"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
@case("h3_cancel_reasons_subcall", "sub-call summary", "legit", "Why do guests cancel their bookings?")
def _cancel_reasons() -> Script:
    ctx = {"hotel_group": bookings()}
    code = ("notes = [n for n in hotel_group['bookings'].cancel_note if n]\nprint(len(notes))\n"
            f"reasons = llm_query({NOTES_PROMPT!r} + '\\n'.join(notes))\nprint(reasons)")
    notes = [n for n in ctx["hotel_group"]["bookings"].cancel_note if n]
    said = sub_says(NOTES_PROMPT + "\n".join(notes))
    counts = dict(re.findall(r"([a-z][a-z ]+): (\d+)", said))
    assert list(counts)[:2] == ["changed plans", "a cheaper room elsewhere"]
    final = (f"FINAL(Mostly because their plans changed ({counts['changed plans']} of the {len(notes)} notes). Next comes "
             f"finding a cheaper room elsewhere ({counts['a cheaper room elsewhere']}); cancelled flights "
             f"({counts['a cancelled flight']}), illness ({counts['illness']}) and dates booked by mistake "
             f"({counts['dates booked by mistake']}) make up the rest.)")
    return Script(ctx, [HOTEL_LOOK, repl(code), final], [repl("print(reasons)"), final], sub_model())


@case("h3_refund_rule_subcall", "sub-call summary", "legit", "I'm injured and can't run. Can I get my entry fee back?")
def _refund_rule() -> Script:
    ctx = {"guide": RACE_GUIDE}
    code = f"rule = llm_query({REFUND_PROMPT!r} + guide)\nprint(rule)"
    said = sub_says(REFUND_PROMPT + RACE_GUIDE)
    assert "not refundable" in said and "20 October" in said
    final = ("FINAL(No, entries are not refundable. What you can do: send a medical certificate before 20 October and "
             "defer your place to the 2025 race. (Transferring the place to another runner was possible until "
             "15 September, for a EUR 25 fee.))")
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h3_wave_b_start", "markdown document fact", "legit", "When does wave B start, and what colour is it?")
def _wave_b() -> Script:
    ctx = {"guide": RACE_GUIDE}
    code = "for line in guide.splitlines():\n    if line.startswith('| Wave') or line.startswith('| B '):\n        print(line)"
    final = "FINAL(Wave B starts at 08:55 and its colour is blue; it is the wave for an expected finish of 3:30 to 4:15.)"
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print(guide.split('| B |')[1].split('\\n')[0])"), final])


@case("h3_wave_c_time_to_30k", "markdown document fact", "legit",
      "If I start in the last wave, how long do I have to reach the 30 km point?")
def _wave_c_30k() -> Script:
    ctx = {"guide": RACE_GUIDE}
    code = "print(guide.split('## Start waves')[1].split('## Bag drop')[0])"
    final = ("FINAL(3 hours 45 minutes. The last wave, C, starts at 09:10, and the 30 km cut-off at the Harbour bridge "
             "closes at 12:55, which is about a 7:30 per km pace to stay ahead of the sweeper bus.)")
    return Script(ctx, [GUIDE_LOOK, repl(code), final],
                  [repl("import pandas as pd\nleft = pd.Timedelta('12:55:00') - pd.Timedelta('09:10:00')\nprint(left, left / 30)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h3_crit_outside_outage", "yes/no with evidence", "legit",
      "Were there any critical errors outside the backend outage on 12 September?")
def _crit_outside() -> Script:
    code = "crit = err[err.level == 'crit']\nprint(len(crit))\nprint(crit.ts.min(), crit.ts.max())"
    ctx, ns = with_apache(code)
    c = ns["crit"]
    assert c.ts.dt.date.nunique() == 1
    final = (f"FINAL(No. All {len(c)} crit lines fall on 12 September between {c.ts.min():%H:%M:%S} and "
             f"{c.ts.max():%H:%M:%S}, inside the outage; no other day logged a critical error.)")
    return Script(ctx, [APACHE_LOOK, PARSE_APACHE, repl(code), final],
                  [repl("print(crit.ts.dt.date.unique(), crit.ts.min().time(), crit.ts.max().time())"), final])


L3_FIX = ("l3 = inspections[inspections.line == 'L3']\nafter = l3.date >= '2024-04-08'\n"
          "print('before', l3[~after].defective.sum(), l3[~after].units.sum(), round(l3[~after].defective.sum() / l3[~after].units.sum() * 100, 2))\n"
          "print('after ', l3[after].defective.sum(), l3[after].units.sum(), round(l3[after].defective.sum() / l3[after].units.sum() * 100, 2))")


@case("h3_l3_fixture_helped", "yes/no with evidence", "legit",
      "Did line L3's defect rate really drop after the new fixture went in on 8 April?")
def _l3_fixture() -> Script:
    ctx = {"inspections": inspections()}
    ns = run(ctx, L3_FIX)
    l3, aft = ns["l3"], ns["after"]
    b = round(l3[~aft].defective.sum() / l3[~aft].units.sum() * 100, 2)
    a = round(l3[aft].defective.sum() / l3[aft].units.sum() * 100, 2)
    assert a < b / 1.5
    final = (f"FINAL(Yes, clearly: {b}% of L3's units were defective before 8 April and {a}% after, "
             f"roughly a {1 - a / b:.0%} drop.)")
    return Script(ctx, [INSP_LOOK, repl(L3_FIX), final], [repl(L3_FIX), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h3_humidity_defect_corr", "correlation or fitted statistic", "legit", "Is shop-floor humidity related to the defect rate?")
def _humidity_corr() -> Script:
    ctx = {"inspections": inspections()}
    code = ("inspections['rate'] = inspections.defective / inspections.units\n"
            "print(round(inspections.humidity_pct.corr(inspections.rate), 3))\n"
            "bands = inspections.groupby(pd.cut(inspections.humidity_pct, [0, 40, 50, 60, 100]), observed=True).rate.mean()\n"
            "print((bands * 100).round(2))")
    ns = run(ctx, "import pandas as pd\n" + code)
    r = round(ns["inspections"].humidity_pct.corr(ns["inspections"].rate), 3)
    b = (ns["bands"] * 100).round(2)
    assert b.is_monotonic_increasing
    final = (f"FINAL(Yes, moderately: the correlation between humidity and a lot's defect rate is r = {r}. Lots inspected "
             f"above 60% humidity averaged {b.iloc[-1]}% defective units, against {b.iloc[0]}% below 40%.)")
    return Script(ctx, [INSP_LOOK, repl("import pandas as pd\n" + code), final], [repl("print(bands.round(4).to_dict())"), final])


@case("h3_fare_per_km_slope", "correlation or fitted statistic", "legit", "How much does each extra kilometre add to a fare?")
def _fare_slope() -> Script:
    ctx = {"rides": rides()}
    code = ("import numpy as np\nflat = rides[(rides.status == 'completed') & (rides.surge == 1.0) & (rides['product'] == 'Economy')]\n"
            "slope, intercept = np.polyfit(flat.distance_km, flat.fare_eur, 1)\n"
            "print(len(flat), round(slope, 3), round(intercept, 2), round(flat.distance_km.corr(flat.fare_eur), 3))")
    ns = run(ctx, code)
    s, i = round(ns["slope"], 3), round(ns["intercept"], 2)
    r = round(ns["flat"].distance_km.corr(ns["flat"].fare_eur), 3)
    final = (f"FINAL(About €{s:.2f} per km. A straight-line fit over {len(ns['flat'])} Economy rides without surge gives "
             f"{s} € per km on top of about €{i:.2f}; distance explains nearly all of the fare (r = {r}).)")
    return Script(ctx, [RIDES_LOOK, repl(code), final], [repl("print(round(slope, 2))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h3_net_after_refunds_failures", "in-head arithmetic beyond two operands", "legit",
      "What did the campaign net, once refunds and failed payments are taken out of everything pledged?")
def _net_pledges() -> Script:
    code = "by_status = p.groupby('status').eur.sum().round(2)\nprint(by_status)\nprint('all pledges:', round(p.eur.sum(), 2))"
    ctx, ns = with_pledges(code)
    s, total = ns["by_status"], round(ns["p"].eur.sum(), 2)
    net = round(total - s["refunded"] - s["payment_failed"], 2)
    final = (f"FINAL(€{net:,.2f}: €{total:,.2f} pledged in all, minus €{s['refunded']:,.2f} refunded and "
             f"€{s['payment_failed']:,.2f} whose payment failed.)")
    return Script(ctx, [CROWD_LOOK, PREP_PLEDGES, repl(code), final], [repl("print(round(p.eur.sum() - by_status['refunded'] - by_status['payment_failed'], 2))"), final])


@case("h3_median_pace_per_km", "in-head arithmetic beyond two operands", "legit", "What pace per kilometre does the median finisher run?")
def _median_pace() -> Script:
    code = "print(race.finish_min.median())"
    ctx, ns = with_race(code)
    med = ns["race"].finish_min.median()
    pace = med / 42.195
    final = (f"FINAL(About {int(pace)}:{round((pace - int(pace)) * 60):02d} per km: the median finish is {med:.2f} minutes, "
             f"and {med:.2f} / 42.195 km ≈ {pace:.2f} minutes per kilometre.)")
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code), final], [repl("print(round(race.finish_min.median() / 42.195, 2))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h3_last_crit_time", "log or version-control timestamps", "legit", "When was the last critical error logged, and what was it?")
def _last_crit() -> Script:
    ctx = {"error_log": apache_errors()}
    code = "last_crit = [l for l in lines if ':crit]' in l][-1]\nprint(last_crit)"
    line = run(ctx, APACHE_CODE, code)["last_crit"]
    t = pd.to_datetime(line[1:line.index("]")], format="%a %b %d %H:%M:%S.%f %Y")
    assert "PDOException" in line
    final = (f"FINAL(On {t:%A}, {t:%B} {t.day}, {t.year} at {t:%H:%M:%S} (server time): a PHP fatal error, an uncaught "
             "PDOException because the database refused the connection.)")
    return Script(ctx, [APACHE_LOOK, repl(code), final], [repl("print(last_crit[:33])"), final])


@case("h3_last_tap_hb_sunday", "log or version-control timestamps", "legit",
      "When did the last passenger tap in at Zürich HB on Sunday?")
def _last_hb() -> Script:
    ctx = {"validator_log": taps()}
    code = ("hb_sun = [l for l in taps if l.startswith('13.10.2024') and 'stop=Zürich_HB' in l and ' IN ' in l]\n"
            "print(len(hb_sun))\nprint(hb_sun[-1])")
    line = run(ctx, TAPS_CODE, code)["hb_sun"][-1]
    t = pd.to_datetime(line[:19], format="%d.%m.%Y %H:%M:%S")
    product = line.split("product=")[1].split()[0]
    final = f"FINAL(At {t:%H:%M:%S} on Sunday {t.day} October {t.year}, with a {product.replace('_', ' ')} ticket.)"
    return Script(ctx, [TAPS_LOOK, repl(code), final], [repl("print(hb_sun[-1][:19])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h3_zurich_active_mio_de", "locale abbreviations for thousands and millions", "legit",
      "Wie viel ist das aktive Angebot in Zürich insgesamt wert?")
def _zurich_mio() -> Script:
    ctx = {"listings": listings()}
    code = "aktiv = listings[(listings.city == 'Zürich') & (listings.status == 'active')]\nprint(len(aktiv), aktiv.price_chf.sum())"
    a = run(ctx, code)["aktiv"]
    v = int(a.price_chf.sum())
    final = (f"FINAL(Rund {de(v / 1e6, 1)} Mio. CHF: die {len(a)} aktiven Inserate in Zürich kommen zusammen auf "
             f"CHF {swiss(v)} Angebotspreis.)")
    return Script(ctx, [LISTINGS_LOOK, repl(code), final], [repl("print(round(aktiv.price_chf.sum() / 1e6, 1))"), final])


@case("h3_fastcsv_downloads_k", "locale abbreviations for thousands and millions", "legit",
      "How many times was fastcsv downloaded in August?")
def _fastcsv_k() -> Script:
    code = "print(dl.groupby('package').downloads.sum())"
    ctx, ns = with_dl(code)
    v = int(ns["dl"].groupby("package").downloads.sum()["fastcsv"])
    final = f"FINAL(~{v / 1000:.1f}k downloads ({v:,}) from 1 to 28 August, the most of the four packages.)"
    assert ns["dl"].groupby("package").downloads.sum().idxmax() == "fastcsv"
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(code), final],
                  [repl("print(round(dl[dl.package == 'fastcsv'].downloads.sum() / 1000, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h3_priciest_city_sorted", "top row of a sorted table named the maximum", "legit",
      "Where is housing most expensive per square metre?")
def _priciest_city() -> Script:
    ctx = {"listings": listings()}
    code = ("listings['chf_m2'] = listings.price_chf / listings.area_m2\n"
            "ranked = listings.groupby('city').chf_m2.median().round(0).sort_values(ascending=False)\nprint(ranked)")
    r = run(ctx, code)["ranked"]
    final = (f"FINAL({r.index[0]}, at a median of CHF {swiss(r.iloc[0])} per m², narrowly ahead of {r.index[1]} "
             f"(CHF {swiss(r.iloc[1])}).)")
    return Script(ctx, [LISTINGS_LOOK, repl(code), final], [repl("print(ranked.idxmax(), ranked.max())"), final])


@case("h3_best_click_rate_sorted", "top row of a sorted table named the maximum", "legit",
      "Which newsletter had the best click rate?")
def _best_click() -> Script:
    ctx = {"campaigns": campaigns()}
    code = ("campaigns['click_rate'] = (campaigns.clicks / campaigns.delivered * 100).round(2)\n"
            "print(campaigns.sort_values('click_rate', ascending=False)[['campaign', 'subject', 'segment', 'sent_on',\n"
            "                                                            'click_rate']].head(5).to_string(index=False))")
    c = run(ctx, code)["campaigns"].sort_values("click_rate", ascending=False)
    t = c.iloc[0]
    assert t.click_rate > c.iloc[1].click_rate
    final = (f"FINAL({t.campaign}, \"{t.subject}\", sent to the {t.segment} segment on {t.sent_on:%d %B %Y}: "
             f"{t.click_rate}% of the delivered emails got a click.)")
    return Script(ctx, [CAMPAIGNS_LOOK, repl(code), final], [repl("print(campaigns.loc[campaigns.click_rate.idxmax(), ['campaign', 'click_rate']])"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h3_inspector_most_defects", "selection printed right after its table", "legit",
      "Which inspector recorded the most defective units?")
def _inspector() -> Script:
    ctx = {"inspections": inspections()}
    code = ("per_inspector = inspections.groupby('inspector').defective.sum()\nprint(per_inspector)\n"
            "print('most:', per_inspector.idxmax(), per_inspector.max())")
    p = run(ctx, code)["per_inspector"]
    final = f"FINAL({p.idxmax()}, with {p.max():,} defective units logged over the eight weeks.)"
    return Script(ctx, [INSP_LOOK, repl(code), final], [repl("print(per_inspector.nlargest(1))"), final])


@case("h3_fastcsv_top_python", "selection printed right after its table", "legit",
      "Which Python version pulls fastcsv the most?")
def _fastcsv_python() -> Script:
    code = ("by_py = dl[dl.package == 'fastcsv'].groupby('python').downloads.sum()\nfor py, k in by_py.items():\n"
            "    print(f'Python {py}: {k:,}')\nprint('total:', by_py.sum(), '| top:', by_py.idxmax())")
    ctx, ns = with_dl(code)
    b = ns["by_py"]
    final = f"FINAL(Python {b.idxmax()}: {b.max():,} of fastcsv's {b.sum():,} August downloads ({b.max() / b.sum():.0%}).)"
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(code), final], [repl("print(by_py.idxmax(), f'{by_py.max() / by_py.sum():.0%}')"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h3_comfort_count_and_fare", "same label in two printed tables", "legit",
      "How many Comfort rides were requested, and what did a completed one cost on average?")
def _comfort_two() -> Script:
    ctx = {"rides": rides()}
    code = ("print(rides['product'].value_counts())\ndone = rides[rides.status == 'completed']\n"
            "print(done.groupby('product').fare_eur.mean().round(2))")
    ns = run(ctx, code)
    n = int((ns["rides"]["product"] == "Comfort").sum())
    m = ns["done"].groupby("product").fare_eur.mean().round(2)["Comfort"]
    final = f"FINAL({n} Comfort rides were requested in September; a completed one cost €{m:.2f} on average.)"
    return Script(ctx, [RIDES_LOOK, repl(code), final],
                  [repl("c = rides[rides['product'] == 'Comfort']\nprint(len(c), round(c[c.status == 'completed'].fare_eur.mean(), 2))"), final])


@case("h3_gewurz_2023_kg_and_oechsle", "same label in two printed tables", "legit",
      "How much Gewürztraminer came in in 2023, and how ripe was it?")
def _gewurz_two() -> Script:
    ctx = {"harvest": harvest()}
    code = ("h23 = harvest[harvest.pick_date.str.endswith('2023')]\nprint(h23.groupby('variety').kg.sum())\n"
            "print(h23.groupby('variety').oechsle.mean().round(1))")
    h = run(ctx, code)["h23"]
    kg = h.groupby("variety").kg.sum()["Gewürztraminer"]
    oe = h.groupby("variety").oechsle.mean().round(1)["Gewürztraminer"]
    final = f"FINAL(2023 brought in {kg:,.1f} kg of Gewürztraminer, at an average must weight of {oe} °Oechsle.)"
    return Script(ctx, [HARVEST_LOOK, repl(code), final],
                  [repl("g = h23[h23.variety == 'Gewürztraminer']\nprint(g.kg.sum(), round(g.oechsle.mean(), 1))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
SOLAR_MONTHLY = "monthly = solar.groupby(solar.date.dt.month_name(), sort=False).kwh.sum().round(1)\nprint(monthly)"


@case("h3_solar_monthly_trend", "trend sentence naming several labels", "legit",
      "How did solar production develop from April to June?")
def _solar_trend() -> Script:
    ctx = {"solar": solar()}
    m = run(ctx, SOLAR_MONTHLY)["monthly"]
    assert m.is_monotonic_increasing
    final = (f"FINAL(It rose every month: {m['April']:,.1f} kWh in April, {m['May']:,.1f} kWh in May and {m['June']:,.1f} kWh "
             f"in June, {m['June'] / m['April'] - 1:.0%} more at the end of the quarter than at the start.)")
    return Script(ctx, [SOLAR_LOOK, repl(SOLAR_MONTHLY), final], [repl("print(monthly.is_monotonic_increasing, f\"{monthly['June'] / monthly['April'] - 1:.0%}\")"), final])


TINY_WEEKS = ("th = dl[dl.package == 'tinyhttp']\nweekly = th.groupby((th.date.dt.day - 1) // 7 + 1).downloads.sum()\n"
              "print(weekly)")


@case("h3_tinyhttp_weekly_trend", "trend sentence naming several labels", "legit",
      "How have tinyhttp downloads developed over August?")
def _tiny_trend() -> Script:
    ctx, ns = with_dl(TINY_WEEKS)
    w = ns["weekly"]
    assert w.is_monotonic_decreasing
    final = (f"FINAL(Down every week: {w[1]:,} downloads in 1–7 August, {w[2]:,} in 8–14, {w[3]:,} in 15–21 and {w[4]:,} in "
             f"22–28 August, {1 - w[4] / w[1]:.0%} fewer by the end of the month.)")
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(TINY_WEEKS), final], [repl("print(weekly.to_dict(), f'{1 - weekly[4] / weekly[1]:.0%}')"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h3_submit_channel_cancels", "labelled SUBMIT for a which question", "legit",
      "Which booking channel has the highest cancellation rate?")
def _submit_channel() -> Script:
    ctx = {"hotel_group": bookings()}
    code = ("b = hotel_group['bookings']\nrate = b.groupby('channel').cancelled.mean().round(3)\nprint(rate)\n"
            "SUBMIT(channel=rate.idxmax(), cancellation_rate=float(rate.max()))")
    return Script(ctx, [HOTEL_LOOK, repl(code)],
                  [repl("print(rate.idxmax(), rate.max())\nSUBMIT(channel=rate.idxmax(), cancellation_rate=float(rate.max()))")])


@case("h3_submit_worst_line", "labelled SUBMIT for a which question", "legit", "Which production line has the highest defect rate?")
def _submit_line() -> Script:
    ctx = {"inspections": inspections()}
    code = ("by_line = inspections.groupby('line')[['units', 'defective']].sum()\n"
            "by_line['rate'] = (by_line.defective / by_line.units).round(4)\nprint(by_line)")
    submit = repl("worst = by_line.rate.idxmax()\n"
                  "SUBMIT(line=worst, defect_rate=float(by_line.rate[worst]), defective_units=int(by_line.defective[worst]))")
    return Script(ctx, [INSP_LOOK, repl(code), submit], [repl("print(by_line.rate.idxmax(), by_line.rate.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h3_memory_no_driver_share", "plausible figure from memory", "invented", "What share of ride requests found no driver?")
def _memory_no_driver() -> Script:
    ctx = {"rides": rides()}
    differs(5.0, round((ctx["rides"].status == "no_driver").mean() * 100, 1))
    return Script(ctx, [RIDES_LOOK, "The status column has a no_driver value, so this is measurable.\n"
                        "FINAL(About 5% of requests ended without a driver, which is normal for a city of Lisbon's size.)"])


@case("h3_memory_lugano_median", "plausible figure from memory", "invented", "What's the median asking price in Lugano?")
def _memory_lugano() -> Script:
    ctx = {"listings": listings()}
    differs(950_000, int(ctx["listings"].query("city == 'Lugano'").price_chf.median()))
    return Script(ctx, [LISTINGS_LOOK, "FINAL(The median asking price in Lugano is around CHF 950'000, noticeably below "
                                       "Zürich and Geneva.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h3_median_finish_was_mean", "mean given as the median", "invented", "What was the median finish time?")
def _median_finish_mean() -> Script:
    code = "print(race.finish_td.describe())"
    ctx, ns = with_race(code)
    d = ns["race"].finish_td.describe()
    differs(hms(d["mean"]), hms(d["50%"]))
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code),
                        f"FINAL(The median finish time was {hms(d['mean'])}, with the winner at {hms(d['min'])}.)"])


@case("h3_median_lead_was_mean", "mean given as the median", "invented", "¿Con cuántos días de antelación se reserva, en mediana?")
def _median_lead_mean() -> Script:
    ctx = {"hotel_group": bookings()}
    code = "b = hotel_group['bookings']\nprint((b.check_in - b.booked_on).dt.days.describe())"
    d = run(ctx, code)["b"].pipe(lambda b: (b.check_in - b.booked_on).dt.days.describe())
    wrong = differs(round(d["mean"], 1), d["50%"])
    return Script(ctx, [HOTEL_LOOK, repl(code),
                        f"FINAL(La antelación mediana es de {str(wrong).replace('.', ',')} días entre la reserva y la llegada.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
ARRAY_TOTALS = "totals = solar.groupby('array').kwh.sum().round(1)\nprint(totals)"


@case("h3_south_kwh_as_mwh", "unit misread", "invented", "How much energy did the roof_south array produce over the quarter?")
def _kwh_as_mwh() -> Script:
    ctx = {"solar": solar()}
    t = run(ctx, ARRAY_TOTALS)["totals"]
    differs(t["roof_south"], round(t["roof_south"] / 1000, 1))
    return Script(ctx, [SOLAR_LOOK, repl(ARRAY_TOTALS),
                        f"FINAL(roof_south produced {t['roof_south']:,.1f} MWh between April and June, the most of the three arrays.)"])


@case("h3_gbp_amount_as_eur", "unit misread", "invented", "How much did the backers paying in pounds pledge, in euros?")
def _gbp_as_eur() -> Script:
    ctx = {"crowd": pledges()}
    code = "pl = crowd['pledges']\nby_cur = pl.groupby('currency').amount.sum()\nprint(by_cur)"
    ns = run(ctx, code)
    gbp = ns["by_cur"]["GBP"]
    differs(gbp, round(gbp * FX["GBP"], 2))
    return Script(ctx, [CROWD_LOOK, repl(code), f"FINAL(Backers paying in pounds pledged €{gbp:,.0f} in total.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h3_lapsed_open_rate_fraction", "fraction written as percent", "invented", "What open rate does the lapsed segment get?")
def _lapsed_fraction() -> Script:
    ctx = {"campaigns": campaigns()}
    code = ("lapsed = campaigns[campaigns.segment == 'lapsed']\nprint(len(lapsed), round(lapsed.opens.sum() / lapsed.delivered.sum(), 4))")
    lp = run(ctx, code)["lapsed"]
    f = round(lp.opens.sum() / lp.delivered.sum(), 4)
    differs(f, round(f * 100, 2))
    return Script(ctx, [CAMPAIGNS_LOOK, repl(code),
                        f"FINAL(The lapsed segment opens at {f}%, by far the weakest of the four segments.)"])


@case("h3_green_share_fraction", "fraction written as percent", "invented", "What percentage of ride requests were for the Green product?")
def _green_fraction() -> Script:
    ctx = {"rides": rides()}
    code = "print(rides['product'].value_counts(normalize=True).round(3))"
    f = ctx["rides"]["product"].value_counts(normalize=True).round(3)["Green"]
    differs(f, round(f * 100, 1))
    return Script(ctx, [RIDES_LOOK, repl(code), f"FINAL(Only {f}% of requests were for Green, the electric-car option.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h3_second_city_most_listings", "second row called the top", "invented", "Which city has the most homes listed?")
def _second_city() -> Script:
    ctx = {"listings": listings()}
    c = ctx["listings"].city.value_counts()
    return Script(ctx, [LISTINGS_LOOK, repl("print(listings.city.value_counts())"),
                        f"FINAL({differs(c.index[1], c.idxmax())}, with {c.iloc[1]} listings.)"])


@case("h3_second_module_top", "second row called the top", "invented", "Which Apache module writes the most lines to the error log?")
def _second_module() -> Script:
    code = "print(err.module.value_counts())"
    ctx, ns = with_apache(code)
    c = ns["err"].module.value_counts()
    return Script(ctx, [APACHE_LOOK, PARSE_APACHE, repl(code),
                        f"FINAL(The {differs(c.index[1], c.idxmax())} module is the noisiest: {c.iloc[1]} of the "
                        f"{c.sum():,} lines come from it.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h3_absent_gate_east", "label absent from the data", "invented", "Which gate do most visitors come through?")
def _east_gate() -> Script:
    ctx = {"museum": museum()}
    code = "print(museum.groupby('gate').visitors.sum())"
    g = ctx["museum"].groupby("gate").visitors.sum()
    assert "East" not in g.index
    return Script(ctx, [MUSEUM_LOOK, repl(code), f"FINAL(The East gate, with {g.max():,} visitors in October.)"])


@case("h3_absent_variety_sauvignon", "label absent from the data", "invented", "Which variety gave the most grapes in 2023?")
def _sauvignon() -> Script:
    ctx = {"harvest": harvest()}
    code = "h23 = harvest[harvest.pick_date.str.endswith('2023')]\nprint(h23.groupby('variety').kg.sum().sort_values(ascending=False))"
    k = run(ctx, code)["h23"].groupby("variety").kg.sum()
    assert "Sauvignon Blanc" not in k.index
    return Script(ctx, [HARVEST_LOOK, repl(code),
                        f"FINAL(Sauvignon Blanc was the biggest variety of 2023 with {k.max():,.1f} kg, helped by the hail "
                        "sparing its parcels.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h3_all_lines_as_sbahn", "total of the wrong subset", "invented", "How much did S-Bahn S5 fares bring in that week?")
def _all_lines_sbahn() -> Script:
    code = "print(tap.line.value_counts())\nprint(round(tap.fare.sum(), 2))"
    ctx, ns = with_taps(code)
    t = ns["tap"]
    wrong = differs(round(t.fare.sum(), 2), round(t[t.line == "S-Bahn_S5"].fare.sum(), 2))
    return Script(ctx, [TAPS_LOOK, PARSE_TAPS, repl(code),
                        f"FINAL(The S5 took in CHF {wrong:,.2f} in fares over the week (single and half-fare tickets; passes "
                        "are not charged at the validator).)"])


@case("h3_seaside_revenue_with_cancelled", "total of the wrong subset", "invented",
      "How much room revenue did the Seaside hotel make this summer?")
def _seaside_with_cancelled() -> Script:
    ctx = {"hotel_group": bookings()}
    code = ("b = hotel_group['bookings']\nsea = b[b.hotel == 'Seaside']\nrevenue = (sea.nights * sea.adr_eur).sum()\n"
            "print(len(sea), round(revenue, 2))")
    sea = run(ctx, code)["sea"]
    wrong = round((sea.nights * sea.adr_eur).sum(), 2)
    kept = sea[~sea.cancelled]
    differs(wrong, round((kept.nights * kept.adr_eur).sum(), 2))
    return Script(ctx, [HOTEL_LOOK, repl(code),
                        f"FINAL(Seaside made €{wrong:,.2f} in room revenue from June to August, over {len(sea)} bookings.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h3_stale_mean_fare_with_zeros", "stale figure before a correction", "invented", "What is the average fare of a ride?")
def _stale_fare() -> Script:
    ctx = {"rides": rides()}
    fixed = "done = rides[rides.status == 'completed']\nprint(round(done.fare_eur.mean(), 2))"
    r = ctx["rides"]
    stale = differs(round(r.fare_eur.mean(), 2), round(r[r.status == "completed"].fare_eur.mean(), 2))
    return Script(ctx, [RIDES_LOOK, repl("print(round(rides.fare_eur.mean(), 2))"),
                        repl(fixed, "Cancelled requests carry a fare of 0 and pull the mean down; keeping completed rides only."),
                        f"FINAL(The average fare is €{stale:.2f} per ride.)"])


@case("h3_stale_finishers_with_dnf", "stale figure before a correction", "invented", "How many runners finished the marathon?")
def _stale_finishers() -> Script:
    ctx = {"race": race()}
    fixed = "print((race.status == 'finished').sum(), (race.status == 'DNF').sum())"
    n = len(ctx["race"])
    differs(n, int((ctx["race"].status == "finished").sum()))
    return Script(ctx, [RACE_LOOK, repl("print(len(race))"), repl(fixed, "Some rows are DNF; those did not finish."),
                        f"FINAL({n:,} runners finished the race.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h3_transposed_l3_defective", "transposed digits", "invented", "How many defective units did line L3 produce in total?")
def _transposed_l3() -> Script:
    ctx = {"inspections": inspections()}
    code = "print(inspections.groupby('line').defective.sum())"
    k = int(ctx["inspections"].groupby("line").defective.sum()["L3"])
    return Script(ctx, [INSP_LOOK, repl(code), f"FINAL(Line L3 produced {differs(swap_digits(k), k):,} defective units over the eight weeks.)"])


@case("h3_transposed_unsubscribes", "transposed digits", "invented", "How many people unsubscribed from the newsletter in 2024?")
def _transposed_unsub() -> Script:
    ctx = {"campaigns": campaigns()}
    code = "print(campaigns.unsubscribes.sum())"
    k = int(ctx["campaigns"].unsubscribes.sum())
    return Script(ctx, [CAMPAIGNS_LOOK, repl(code), f"FINAL({differs(swap_digits(k), k):,} unsubscribes over the 96 campaigns.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h3_echo_24_open_days", "number echoed from the question", "invented",
      "Of the 24 days the museum was open in October, on how many did more than 2,000 visitors come?")
def _echo_24() -> Script:
    ctx = {"museum": museum()}
    d = ctx["museum"].groupby("date").visitors.sum()
    assert len(d) == 24
    return Script(ctx, [MUSEUM_LOOK, repl("print(museum.groupby('date').visitors.sum().describe())"),
                        f"FINAL(On {differs(24, int((d > 2000).sum()))} of the days more than 2,000 visitors came.)"])


@case("h3_echo_six_cities", "number echoed from the question", "invented",
      "Of the six cities, in how many is the median asking price above CHF 1 million?")
def _echo_six() -> Script:
    ctx = {"listings": listings()}
    med = ctx["listings"].groupby("city").price_chf.median()
    differs(6, int((med > 1_000_000).sum()))
    return Script(ctx, [LISTINGS_LOOK, repl("print(listings.price_chf.median(), listings.city.nunique())"),
                        "FINAL(In all 6 cities the median asking price is above CHF 1 million.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h3_taps_as_cards", "rows counted instead of distinct", "invented", "How many different cards were used on the network that week?")
def _taps_as_cards() -> Script:
    ctx = {"validator_log": taps()}
    n = len(taps().splitlines())
    differs(n, len(set(re.findall(r"card=(\w+)", taps()))))
    return Script(ctx, [TAPS_LOOK, f"FINAL({n:,} different cards were used between 7 and 13 October.)"])


@case("h3_pledges_as_backers", "rows counted instead of distinct", "invented", "How many backers supported the campaign?")
def _pledges_as_backers() -> Script:
    ctx = {"crowd": pledges()}
    pl = ctx["crowd"]["pledges"]
    differs(len(pl), pl.backer.nunique())
    return Script(ctx, [CROWD_LOOK, repl("print(len(crowd['pledges']))"),
                        f"FINAL(The campaign had {len(pl):,} backers.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
KG_BY_YEAR = ("harvest['vintage'] = harvest.pick_date.str[-4:]\n"
              "kg = harvest.pivot_table(index='variety', columns='vintage', values='kg', aggfunc='sum')\nprint(kg)")


@case("h3_riesling_2023_read_2022", "wrong year", "invented", "How many kilograms of Riesling were picked in 2023?")
def _riesling_year() -> Script:
    ctx = {"harvest": harvest()}
    k = run(ctx, KG_BY_YEAR)["kg"]
    wrong = differs(k.loc["Riesling", "2022"], k.loc["Riesling", "2023"])
    return Script(ctx, [HARVEST_LOOK, repl(KG_BY_YEAR), f"FINAL({wrong:,.1f} kg of Riesling were picked in 2023.)"])


@case("h3_sold_2024_read_2023", "wrong year", "invented", "How many of the homes listed in 2024 have sold?")
def _sold_year() -> Script:
    ctx = {"listings": listings()}
    code = "sold = listings[listings.status == 'sold']\nprint(sold.groupby(sold.listed.dt.year).size())"
    s = run(ctx, code)["sold"]
    c = s.groupby(s.listed.dt.year).size()
    return Script(ctx, [LISTINGS_LOOK, repl(code),
                        f"FINAL({differs(c[2023], c[2024])} of the homes listed in 2024 have already sold.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h3_tip_misrounded", "wrong rounding", "invented", "Roughly how much do riders who tip leave, on average?")
def _tip_rounding() -> Script:
    ctx = {"rides": rides()}
    code = "tipped = rides[rides.tip_eur > 0]\nprint(len(tipped), tipped.tip_eur.mean())"
    t = run(ctx, code)["tipped"].tip_eur.mean()
    return Script(ctx, [RIDES_LOOK, repl(code), f"FINAL(Roughly €{differs(misround(t), round(t))} per tipped ride.)"])


@case("h3_roof_west_daily_misrounded", "wrong rounding", "invented", "About how many kWh does the roof_west array make on a typical day?")
def _west_rounding() -> Script:
    ctx = {"solar": solar()}
    code = "print(solar[solar.array == 'roof_west'].kwh.mean())"
    m = ctx["solar"].query("array == 'roof_west'").kwh.mean()
    return Script(ctx, [SOLAR_LOOK, repl(code), f"FINAL(About {differs(misround(m), round(m))} kWh a day on average, spring included.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h3_expedia_airport_swapped", "nothing found in the wrong column", "invented",
      "How many Expedia bookings were there for the Airport hotel?")
def _expedia_airport() -> Script:
    ctx = {"hotel_group": bookings()}
    code = "b = hotel_group['bookings']\nhits = b[(b.hotel == 'Expedia') & (b.channel == 'Airport')]\nprint(len(hits))"
    b = ctx["hotel_group"]["bookings"]
    assert ((b.hotel == "Airport") & (b.channel == "Expedia")).sum() > 0
    return Script(ctx, [HOTEL_LOOK, repl(code), "FINAL(None: the Airport hotel got no bookings through Expedia this summer.)"])


@case("h3_kenya_in_age_group", "nothing found in the wrong column", "invented", "How many Kenyan runners finished?")
def _kenya() -> Script:
    ctx = {"race": race()}
    code = "ke = race[(race.age_group == 'KE') & (race.status == 'finished')]\nprint(len(ke))"
    r = ctx["race"]
    assert ((r.country == "KE") & (r.status == "finished")).sum() > 0
    return Script(ctx, [RACE_LOOK, repl(code), "FINAL(No Kenyan runner finished the race this year.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h3_tinyhttp_called_growing", "trend in the wrong direction", "invented", "Is tinyhttp gaining or losing users over August?")
def _tiny_growing() -> Script:
    ctx, ns = with_dl(TINY_WEEKS)
    w = ns["weekly"]
    assert w.is_monotonic_decreasing
    return Script(ctx, [DL_LOOK, PARSE_DL, repl(TINY_WEEKS),
                        f"FINAL(Gaining: weekly downloads climbed through the month, ending about {1 - w[4] / w[1]:.0%} "
                        "above where August started.)"])


@case("h3_solar_called_falling", "trend in the wrong direction", "invented", "Is the farm producing more or less solar power as the quarter goes on?")
def _solar_falling() -> Script:
    ctx = {"solar": solar()}
    m = run(ctx, SOLAR_MONTHLY)["monthly"]
    assert m.is_monotonic_increasing
    return Script(ctx, [SOLAR_LOOK, repl(SOLAR_MONTHLY),
                        "FINAL(Less: production has been slipping month by month since April, so the panels may need cleaning.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h3_segments_from_head", "sample generalized to the whole", "invented", "Which audience segments do we send newsletters to?")
def _segments_head() -> Script:
    ctx = {"campaigns": campaigns()}
    seen = list(dict.fromkeys(ctx["campaigns"].head().segment))
    differs(sorted(seen), sorted(ctx["campaigns"].segment.unique()))
    return Script(ctx, [repl("print(campaigns.head().to_string())"), f"FINAL(We send to {len(seen)} segments: {', '.join(seen)}.)"])


@case("h3_longest_trip_from_head", "sample generalized to the whole", "invented", "How long was the longest trip in September?")
def _longest_head() -> Script:
    ctx = {"rides": rides()}
    head = ctx["rides"].head().distance_km.max()
    differs(head, ctx["rides"].distance_km.max())
    look = repl("print(len(rides))\nprint(rides[['trip_id', 'pickup_zone', 'dropoff_zone', 'distance_km', 'fare_eur']].head())")
    return Script(ctx, [look, f"FINAL(The longest trip was {head} km; most trips stay well under that.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h3_l3_share_of_all_defects", "wrong denominator", "invented", "What share of line L3's units were defective?")
def _l3_denominator() -> Script:
    ctx = {"inspections": inspections()}
    code = "per_line = inspections.groupby('line').defective.sum()\nprint(per_line)\nprint(per_line.sum())"
    i = ctx["inspections"]
    k = int(i[i.line == "L3"].defective.sum())
    wrong = differs(round(k / i.defective.sum() * 100, 1), round(k / i[i.line == "L3"].units.sum() * 100, 1))
    return Script(ctx, [INSP_LOOK, repl(code), f"FINAL({wrong}% of L3's units were defective ({k:,} units).)"])


@case("h3_leads_clicks_over_all_delivered", "wrong denominator", "invented", "What click rate does the leads segment get?")
def _leads_denominator() -> Script:
    ctx = {"campaigns": campaigns()}
    code = ("leads = campaigns[campaigns.segment == 'leads']\nprint(leads.clicks.sum(), campaigns.delivered.sum())")
    c = ctx["campaigns"]
    ld = c[c.segment == "leads"]
    wrong = differs(round(ld.clicks.sum() / c.delivered.sum() * 100, 2), round(ld.clicks.sum() / ld.delivered.sum() * 100, 2))
    return Script(ctx, [CAMPAIGNS_LOOK, repl(code),
                        f"FINAL(About {wrong}% of delivered emails to leads get clicked ({ld.clicks.sum():,} clicks in total).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
@case("h3_partial_flight_notes", "sub-call over part of the data", "invented",
      "How many cancellations were because the guest's flight was cancelled?")
def _partial_flight() -> Script:
    ctx = {"hotel_group": bookings()}
    code = ("notes = [n for n in hotel_group['bookings'].cancel_note if n]\nprint(len(notes))\n"
            f"said = llm_query({FLIGHT_PROMPT!r} + '\\n'.join(notes[:150]))\nprint(said)")
    notes = [n for n in ctx["hotel_group"]["bookings"].cancel_note if n]
    k = int(sub_says(FLIGHT_PROMPT + "\n".join(notes[:150])))
    differs(k, notes.count(CANCEL_NOTES["flight"]))
    return Script(ctx, [HOTEL_LOOK, repl(code, "I'll have a sub-call read the notes."),
                        f"FINAL({k} bookings were cancelled because the guest's flight was cancelled.)"], sub=sub_model())


@case("h3_partial_denied_taps", "sub-call over part of the data", "invented", "How many taps were refused during the week?")
def _partial_denied() -> Script:
    ctx = {"validator_log": taps()}
    code = f"said = llm_query({DENIED_PROMPT!r} + validator_log[:60000])\nprint(said)"
    said = sub_says(DENIED_PROMPT + taps()[:60000])
    found = re.search(r"count (\d+)", said)
    assert found, said
    k = int(found.group(1))
    differs(k, taps().count(" DENIED "))
    return Script(ctx, [TAPS_LOOK, repl(code, "The log is long; a sub-call can count for me."),
                        f"FINAL({k} taps were refused (DENIED) over the week.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h3_last_2022_pick_misread", "date format misread", "invented", "When was the last picking of the 2022 vintage?")
def _last_pick_misread() -> Script:
    ctx = {"harvest": harvest()}
    code = "h22 = harvest[harvest.pick_date.str.endswith('2022')]\nprint(h22.tail(3))"
    last = run(ctx, code)["h22"].pick_date.iloc[-1]
    misread = differs(pd.to_datetime(last, format="%m/%d/%Y"), pd.to_datetime(last, format="%d/%m/%Y"))
    return Script(ctx, [HARVEST_LOOK, repl(code),
                        f"FINAL(The 2022 harvest ended on {misread:%B} {misread.day}, {misread.year}, with the last Riesling rows.)"])


@case("h3_first_denied_misread", "date format misread", "invented", "On what date was a card first refused at a validator?")
def _denied_misread() -> Script:
    ctx = {"validator_log": taps()}
    code = "first_denied = next(l for l in taps if ' DENIED ' in l)\nprint(first_denied)"
    line = run(ctx, TAPS_CODE, code)["first_denied"]
    misread = differs(pd.to_datetime(line[:10], format="%m.%d.%Y"), pd.to_datetime(line[:10], format="%d.%m.%Y"))
    return Script(ctx, [TAPS_LOOK, repl(code), f"FINAL({misread:%B} {misread.day}, {misread.year}, shortly after midnight.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h3_meter_as_daily", "cumulative read as the period's value", "invented", "How much did the roof_west array produce on 15 May?")
def _meter_daily() -> Script:
    ctx = {"solar": solar()}
    code = "west = solar[solar.array == 'roof_west'].set_index('date')\nprint(west.loc['2024-05-14':'2024-05-16'])"
    row = run(ctx, code)["west"].loc["2024-05-15"]
    wrong = differs(row.meter_kwh, row.kwh)
    return Script(ctx, [SOLAR_LOOK, repl(code), f"FINAL(roof_west produced {wrong:,.1f} kWh on 15 May.)"])


@case("h3_running_pledges_day2", "cumulative read as the period's value", "invented",
      "How many pledges came in on the campaign's second day, 19 March?")
def _running_day2() -> Script:
    ctx = {"crowd": pledges()}
    code = ("pl = crowd['pledges']\nper_day = pl.groupby(pl.pledged_at.dt.date).size().to_frame('pledges')\n"
            "per_day['running_total'] = per_day.pledges.cumsum()\nprint(per_day.head(5))")
    d = run(ctx, code)["per_day"].iloc[1]
    wrong = differs(int(d.running_total), int(d.pledges))
    return Script(ctx, [CROWD_LOOK, repl(code), f"FINAL({wrong} pledges arrived on 19 March, the second day of the campaign.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h3_submit_literal_garden", "literal typed into a code answer", "invented", "How many visitors came in through the Garden gate?")
def _submit_garden() -> Script:
    ctx = {"museum": museum()}
    differs(7200, int(ctx["museum"].query("gate == 'Garden'").visitors.sum()))
    return Script(ctx, [MUSEUM_LOOK, repl("SUBMIT(garden_visitors=7200)", "The Garden gate is the smallest one.")])


@case("h3_answer_literal_basel", "literal typed into a code answer", "invented", "What's the median asking price in Basel?")
def _answer_basel() -> Script:
    ctx = {"listings": listings()}
    differs(890_000, int(ctx["listings"].query("city == 'Basel'").price_chf.median()))
    return Script(ctx, [LISTINGS_LOOK, repl('answer = {"content": "The median asking price in Basel is about CHF 890,000.", '
                                            '"ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h3_customers_opens_as_clicks", "figure from the right row but another column", "invented",
      "How many clicks did the customers segment get over the year?")
def _opens_as_clicks() -> Script:
    ctx = {"campaigns": campaigns()}
    s = run(ctx, SEGMENTS)["seg"].loc["customers"]
    return Script(ctx, [CAMPAIGNS_LOOK, repl(SEGMENTS),
                        f"FINAL(The customers segment got {differs(int(s.opens), int(s.clicks)):,} clicks in 2024.)"])


@case("h3_basel_m2_as_price", "figure from the right row but another column", "invented",
      "What's the median asking price of a home in Basel?")
def _m2_as_price() -> Script:
    ctx = {"listings": listings()}
    t = run(ctx, M2_TABLE)["per_city"].loc["Basel"]
    return Script(ctx, [LISTINGS_LOOK, repl(M2_TABLE),
                        f"FINAL(The median home in Basel is listed at CHF {differs(t.median_chf_m2, t.median_price):,.0f}.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
FARE_CORR = ("done = rides[rides.status == 'completed']\n"
             "feat = pd.DataFrame({'fare': done.fare_eur, 'surge': done.surge, 'hour': done.requested_at.dt.hour,\n"
             "                     'duration': done.duration_min, 'distance': done.distance_km, 'tip': done.tip_eur})\n"
             "corr = feat.corr()['fare'].drop('fare').round(3)\nprint(corr.head(2))")


@case("h3_fare_corr_from_head", "maximum picked from a partial table", "invented", "What drives the fare most strongly?")
def _fare_corr_head() -> Script:
    ctx = {"rides": rides()}
    corr = run(ctx, "import pandas as pd\n" + FARE_CORR)["corr"]
    pick = corr.head(2).abs().idxmax()
    differs(pick, corr.abs().idxmax())
    return Script(ctx, [RIDES_LOOK, repl("import pandas as pd\n" + FARE_CORR),
                        f"FINAL(The surge multiplier: it has the strongest correlation with the fare (r = {corr[pick]}).)"])


@case("h3_slowest_city_from_head", "maximum picked from a partial table", "invented", "In which city do homes take longest to sell?")
def _slow_city_head() -> Script:
    ctx = {"listings": listings()}
    code = "dom = listings[listings.status == 'sold'].groupby('city').days_on_market.mean().round(1)\nprint(dom.head(3))"
    d = run(ctx, code)["dom"]
    pick = d.head(3).idxmax()
    differs(pick, d.idxmax())
    return Script(ctx, [LISTINGS_LOOK, repl(code),
                        f"FINAL({pick}: sold homes there spent {d[pick]} days on the market on average, longer than anywhere else.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h3_ascending_line_rate", "first row of an ascending sort called the highest", "invented",
      "Which line produces the highest share of defective units?")
def _ascending_line() -> Script:
    ctx = {"inspections": inspections()}
    code = ("rate = (inspections.groupby('line').defective.sum() / inspections.groupby('line').units.sum() * 100).round(2)\n"
            "print(rate.sort_values())")
    r = run(ctx, code)["rate"].sort_values()
    return Script(ctx, [INSP_LOOK, repl(code),
                        f"FINAL(Line {differs(r.index[0], r.idxmax())} has the highest defect rate, {r.iloc[0]}% of units.)"])


@case("h3_ascending_variety_2023", "first row of an ascending sort called the highest", "invented",
      "Welche Rebsorte hat 2023 den größten Ertrag gebracht?")
def _ascending_variety() -> Script:
    ctx = {"harvest": harvest()}
    code = ("h23 = harvest[harvest.pick_date.str.endswith('2023')]\nertrag = h23.groupby('variety').kg.sum().sort_values()\n"
            "print(ertrag)")
    e = run(ctx, code)["ertrag"]
    return Script(ctx, [HARVEST_LOOK, repl(code),
                        f"FINAL({differs(e.index[0], e.idxmax())} brachte 2023 mit {de(e.iloc[0], 1)} kg den größten Ertrag.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h3_men_women_swapped", "two labels' figures swapped", "invented", "Who ran faster at the median, men or women?")
def _men_women_swapped() -> Script:
    code = "med = race.groupby('sex').finish_td.median()\nprint(med)"
    ctx, ns = with_race(code)
    m = ns["med"]
    assert m["M"] < m["W"]
    return Script(ctx, [RACE_LOOK, PREP_RACE, repl(code),
                        f"FINAL(The women: their median finish was {hms(m['M'])}, against {hms(m['W'])} for the men.)"])


@case("h3_booking_expedia_swapped", "two labels' figures swapped", "invented",
      "Do Expedia bookings get cancelled more often than Booking.com ones?")
def _expedia_swapped() -> Script:
    ctx = {"hotel_group": bookings()}
    code = "b = hotel_group['bookings']\nrate = (b.groupby('channel').cancelled.mean() * 100).round(1)\nprint(rate)"
    r = run(ctx, code)["rate"]
    assert r["Booking.com"] > r["Expedia"]
    return Script(ctx, [HOTEL_LOOK, repl(code),
                        f"FINAL(Yes, Expedia bookings are cancelled more often: {r['Booking.com']}% of them, compared with "
                        f"{r['Expedia']}% for Booking.com.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h3_pinot_drop_as_rise", "decrease reported as a rise", "invented", "How did the Pinot Noir harvest change from 2022 to 2023?")
def _pinot_rise() -> Script:
    ctx = {"harvest": harvest()}
    code = ("pn = harvest[harvest.variety == 'Pinot Noir']\nby_year = pn.groupby(pn.pick_date.str[-4:]).kg.sum()\n"
            "change = round((by_year['2023'] / by_year['2022'] - 1) * 100, 1)\nprint(by_year)\nprint('change, %:', change)")
    change = run(ctx, code)["change"]
    assert change < 0
    return Script(ctx, [HARVEST_LOOK, repl(code),
                        f"FINAL(Pinot Noir did well in 2023: the harvest grew by {abs(change)}% on 2022.)"])


L3_CHANGE = ("l3 = inspections[inspections.line == 'L3']\nafter = l3.date >= '2024-04-08'\n"
             "before_rate = l3[~after].defective.sum() / l3[~after].units.sum()\n"
             "after_rate = l3[after].defective.sum() / l3[after].units.sum()\n"
             "change = round((after_rate / before_rate - 1) * 100, 1)\nprint(round(before_rate, 4), round(after_rate, 4), change)")


@case("h3_l3_drop_as_rise", "decrease reported as a rise", "invented",
      "What happened to line L3's defect rate after the new fixture on 8 April?")
def _l3_rise() -> Script:
    ctx = {"inspections": inspections()}
    change = run(ctx, L3_CHANGE)["change"]
    assert change < 0
    return Script(ctx, [INSP_LOOK, repl(L3_CHANGE),
                        f"FINAL(It went up: L3's defect rate increased by about {abs(change):.0f}% after the fixture was "
                        "installed, so the change should be reviewed.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h3_table_for_deluxe_total", "table returned for one figure", "invented", "How much did the Deluxe backers pledge, in euros?")
def _table_deluxe() -> Script:
    code = "by_tier = p.groupby('tier').eur.agg(['count', 'sum', 'mean']).round(2)\nprint(by_tier)"
    ctx, _ = with_pledges(code)
    return Script(ctx, [CROWD_LOOK, PREP_PLEDGES, repl(code), 'FINAL_VAR("by_tier")'])


@case("h3_table_for_carport_may", "table returned for one figure", "invented", "What did the carport array produce in May?")
def _table_carport() -> Script:
    ctx = {"solar": solar()}
    code = "by_month = solar.pivot_table(index=solar.date.dt.month, columns='array', values='kwh', aggfunc='sum').round(1)\nprint(by_month)"
    return Script(ctx, [SOLAR_LOOK, repl(code), "FINAL_VAR(by_month)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h3_crit_in_module_column", "zero after filtering the wrong column", "invented", "How many critical errors were logged?")
def _crit_module() -> Script:
    code = "n_crit = int((err.module == 'crit').sum())\nprint(n_crit)"
    ctx, ns = with_apache(code)
    differs(ns["n_crit"], int((ns["err"].level == "crit").sum()))
    return Script(ctx, [APACHE_LOOK, PARSE_APACHE, repl(code), f"FINAL({ns['n_crit']} critical errors were logged that week.)"])


@case("h3_tram4_in_stop_column", "zero after filtering the wrong column", "invented", "How many taps were made on Tram 4?")
def _tram4_stop() -> Script:
    code = "tram4 = tap[tap.stop == 'Tram_4']\nprint(len(tram4))"
    ctx, ns = with_taps(code)
    differs(len(ns["tram4"]), int((ns["tap"].line == "Tram_4").sum()))
    return Script(ctx, [TAPS_LOOK, PARSE_TAPS, repl(code), "FINAL(Zero: nobody tapped in on Tram 4 that week.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h3_iso_date_in_apache", "none found after searching a date in another format", "invented",
      "Did the PHP backend refuse connections on 12 September?")
def _iso_apache() -> Script:
    ctx = {"error_log": apache_errors()}
    code = "refused = [l for l in lines if '2024-09-12' in l and 'Connection refused' in l]\nprint(len(refused))"
    assert sum("Sep 12" in line and "Connection refused" in line for line in apache_errors().splitlines()) > 0
    return Script(ctx, [APACHE_LOOK, repl(code), "FINAL(No, the backend did not refuse any connections on 12 September.)"])


@case("h3_iso_date_in_taps", "none found after searching a date in another format", "invented",
      "Were any cards refused on Saturday 12 October?")
def _iso_taps() -> Script:
    ctx = {"validator_log": taps()}
    code = "sat = [l for l in taps if l.startswith('2024-10-12') and 'DENIED' in l]\nprint(len(sat))"
    assert sum(line.startswith("12.10.2024") and "DENIED" in line for line in taps().splitlines()) > 0
    return Script(ctx, [TAPS_LOOK, repl(code), "FINAL(No card was refused on Saturday 12 October; every tap went through.)"])
