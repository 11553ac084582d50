"""Acceptance cases, written as the twelfth held-out set (``cases_holdout12``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout13`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune13``. The cases were written without looking at
the gates, the prompts or any earlier result, and without running them under any policy, as a capable model writes its
answers (legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of
``cases_tune2``. Every case name starts with ``h12_``.

Size: 74 legitimate answers covering all 33 legitimate classes (two or three each) and 62 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code run in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls),
only to check that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: three Helsinki seaside public saunas over a winter (a
semicolon CSV export with Finnish headers, days written ``5.3.2024`` without zero padding, takings and temperatures
with a decimal comma, notes such as ``huolto`` for a maintenance closure), a Finnish amateur radio station's 24-hour
contest log in the Cabrillo format (text: ``QSO:`` lines with the frequency in kHz, ``HHMM`` UTC times, calls whose
prefix gives the country, duplicates, ``X-QSO`` lines and a scoring rule in a SOAPBOX header), a Hanoi parking
garage's March tickets (Vietnamese column names, day-first ``05/03/2024`` dates, ``HH:MM`` times in and out, fees as
text like ``25.000đ``, bicycles without plates), a Prague chamber orchestra's 2024/25 season as nested JSON with Czech
keys (concerts with hall, capacity, tickets sold and takings in crowns, programmes whose lengths are written ``36'``),
an alpaca-fibre cooperative near Cusco in a wide layout (Spanish names, one column per month ``ene_24`` ...
``dic_24``, kilos per community and grade, a price in soles per kilo), a Naxos dive centre's price list and rules in
markdown (euros, depth limits, a no-fly rule, a cancellation rule), a Surrey wildlife rescue's typed-up intake book
(free text with ``|`` fields, days written ``12/03`` without a year, weights in grams or kilograms), a Pune club T20
league as a dict of three tables to join (teams, matches with overs written ``19.4`` for 19 overs and 4 balls, batting
cards) and an Istanbul Grand Bazaar carpet shop's sales (Turkish column names, days written ``5 Mart 2024`` with
Turkish month names, prices as text like ``12.500,00 ₺``). Each frame builder returns a fresh copy (model code may
change a frame in place).
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
SAUNAS = {"Kallio": (1.0, 14.0), "Hernesaari": (1.7, 21.0), "Lauttasaari": (0.8, 12.0)}


def fi(x: float, decimals: int = 2) -> str:
    """Finnish digits: ``1 234,50`` (a space between thousands, a decimal comma)."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def comma(x: float, decimals: int) -> str:
    """A decimal comma and no thousands separator, as a Finnish spreadsheet exports it: ``1234,50``."""
    return f"{x:.{decimals}f}".replace(".", ",")


@functools.lru_cache(maxsize=1)
def sauna_csv(seed: int = 6001) -> str:
    """Three Helsinki public saunas by the sea, 1 January to 30 April 2024, as a semicolon CSV export with Finnish
    headers: the day written ``5.3.2024`` (day first, no zero padding), visitors, ticket takings in euros with a decimal
    comma (``1234,50``), the air and the sea-water temperature (°C, decimal comma, the air well below zero in January)
    and a note (``avanto jäässä``: the ice hole froze over; ``huolto``: closed for maintenance). Hernesaari is the big
    one; weekends and cold days are busier; visits thin out in April; Lauttasaari was closed 12-18 February."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-01-01", "2024-04-30")
    k = np.arange(len(days))
    air = -6.5 + 13.0 * (k / len(days)) ** 1.6 + rng.normal(0, 3.0, len(days))
    air[5:11] -= np.array([6.0, 11.0, 14.0, 12.5, 9.0, 4.0])  # a cold snap in the first week of January
    air = air.round(1)
    water = np.clip(0.1 + np.where(k > 90, (k - 90) * 0.11, 0.0) + rng.normal(0, 0.15, len(days)), -0.3, None).round(1)
    lines = ["pvm;sauna;kävijät;lipputulot_eur;ilma_C;vesi_C;huomio"]
    for i, day in enumerate(days):
        weekend = {4: 1.2, 5: 1.55, 6: 1.45}.get(day.day_of_week, 1.0)
        cold = 1 + max(0.0, -air[i]) / 35
        spring = 0.72 if day.month == 4 else 1.0
        for name, (size, price) in SAUNAS.items():
            note = ""
            if name == "Lauttasaari" and pd.Timestamp("2024-02-12") <= day <= pd.Timestamp("2024-02-18"):
                visitors, takings, note = 0, 0.0, "huolto"
            else:
                visitors = int(rng.poisson(62 * size * weekend * cold * spring))
                takings = round(visitors * price * rng.uniform(0.82, 0.95), 2)
                if name == "Kallio" and air[i] < -17:
                    note = "avanto jäässä"
            lines.append(f"{day.day}.{day.month}.{day.year};{name};{visitors};{comma(takings, 2)};{comma(air[i], 1)};"
                         f"{comma(water[i], 1)};{note}")
    return "\n".join(lines)


PREFIXES = {"OH": ("Finland", "EU"), "SM": ("Sweden", "EU"), "ES": ("Estonia", "EU"), "LY": ("Lithuania", "EU"),
            "DL": ("Germany", "EU"), "SP": ("Poland", "EU"), "OK": ("Czechia", "EU"), "G": ("England", "EU"),
            "I": ("Italy", "EU"), "K": ("USA", "NA"), "VE": ("Canada", "NA"), "JA": ("Japan", "AS"),
            "VK": ("Australia", "OC"), "PY": ("Brazil", "SA")}
BANDS = {160: (1810, 1840), 80: (3510, 3560), 40: (7002, 7040), 20: (14002, 14060), 15: (21002, 21060), 10: (28002, 28060)}
MYCALL = "OH1XZ"


def continent(call: str) -> str:
    """The continent of a call, from its longest matching prefix."""
    return next(v[1] for k, v in sorted(PREFIXES.items(), key=lambda kv: -len(kv[0])) if call.startswith(k))


@functools.lru_cache(maxsize=1)
def cabrillo(seed: int = 6002) -> str:
    """A Finnish amateur radio station's log of a 24-hour CW contest (12:00 UTC on Saturday 16 March to 11:59 UTC on
    Sunday 17 March 2024), in the Cabrillo format: a header (with the scoring rule in a SOAPBOX line), then one
    ``QSO:`` line per contact: frequency in kHz, mode, date, time as ``HHMM`` UTC, the calls, the reports and the serial
    numbers sent and received. The low bands carry the night, 20 and 15 m the day; DX (other continents) comes mostly
    on 20 m; a few contacts are duplicates (same call on the same band); two lines are ``X-QSO:`` (not counted); the
    operator slept from about 02:00 to 04:30 UTC."""
    rng = np.random.default_rng(seed)
    weights = {"OH": 8, "SM": 10, "ES": 5, "LY": 4, "DL": 16, "SP": 9, "OK": 7, "G": 8, "I": 6, "K": 9, "VE": 3, "JA": 6,
               "VK": 2, "PY": 2}
    pool: list[str] = []
    pref = list(weights)
    p = np.array([weights[x] for x in pref], dtype=float)
    while len(pool) < 900:
        x = pref[int(rng.choice(len(pref), p=p / p.sum()))]
        call = f"{x}{int(rng.integers(1, 10))}{''.join(rng.choice(list('ABCDEFGHIJKLMNOPQRSTUVWXYZ'), int(rng.integers(2, 4))))}"
        if call not in pool and call != MYCALL:
            pool.append(call)
    pop = rng.pareto(1.5, len(pool)) + 0.3
    dx = np.array([continent(c) != "EU" for c in pool])
    ja = np.array([c.startswith("JA") for c in pool])
    start = pd.Timestamp("2024-03-16 12:00")
    minutes = np.sort(rng.integers(0, 24 * 60, 1300))
    minutes = minutes[~((minutes >= 14 * 60) & (minutes < 16 * 60 + 30) & (rng.random(len(minutes)) < 0.97))]  # asleep
    out = ["START-OF-LOG: 3.0", "CONTEST: BALTIC-NORDIC-CW-24H", f"CALLSIGN: {MYCALL}", "CATEGORY-OPERATOR: SINGLE-OP",
           "CATEGORY-POWER: LOW", "LOCATION: Turku, Finland", "NAME: Veikko Saarinen", "CLAIMED-SCORE: 2214",
           "SOAPBOX: Scoring: 1 point per QSO with Finland, 2 with the rest of Europe, 3 with other continents; dupes 0.",
           "SOAPBOX: Slept 02:00-04:30z. 10 m was dead, 15 m opened to JA for an hour in the morning."]
    seen: list[tuple[str, int]] = []
    worked: set[tuple[str, int]] = set()
    for serial, m in enumerate(minutes, 1):
        t = start + pd.Timedelta(minutes=int(m))
        h = t.hour
        if 7 <= h < 15:
            band = int(rng.choice([40, 20, 15, 10], p=[.15, .55, .27, .03]))
        elif 15 <= h < 18:
            band = int(rng.choice([80, 40, 20], p=[.2, .45, .35]))
        else:
            band = int(rng.choice([160, 80, 40, 20], p=[.12, .45, .33, .10]))
        if seen and rng.random() < 0.03:
            call, band = seen[int(rng.integers(0, len(seen)))]
        else:
            q = pop * np.where(dx, {20: 3.0, 15: 3.5, 10: 2.0}.get(band, 0.25), 1.0)
            q = q * np.where(ja & (band == 15) & (7 <= h < 9), 6.0, np.where(ja, 0.3, 1.0))
            q = q * np.array([(c, band) not in worked for c in pool])
            call = pool[int(rng.choice(len(pool), p=q / q.sum()))]
        seen.append((call, band))
        worked.add((call, band))
        lo, hi = BANDS[band]
        freq = int(rng.integers(lo, hi))
        out.append(f"QSO: {freq:>5} CW {t:%Y-%m-%d} {t:%H%M} {MYCALL:<10} 599 {serial:04d} {call:<10} 599 "
                   f"{int(rng.integers(1, 1500)):04d}")
        if serial in (211, 640):
            out.append(f"X-QSO: {freq:>5} CW {t:%Y-%m-%d} {t:%H%M} {MYCALL:<10} 599 {serial:04d} {'OH1XXX':<10} 599 0000")
    out.append("END-OF-LOG:")
    return "\n".join(out)


def vnd(x: int) -> str:
    """Vietnamese dong as a Hanoi ticket prints it: ``25.000đ``."""
    return f"{x:,}".replace(",", ".") + "đ"


def baixe() -> pd.DataFrame:
    return _baixe().copy()


@functools.lru_cache(maxsize=1)
def _baixe(seed: int = 6003) -> pd.DataFrame:
    """A Hanoi parking garage's tickets for March 2024, Vietnamese column names: ticket number, day written
    ``05/03/2024`` (day first), vehicle kind (``xe máy`` motorbike, ``ô tô`` car, ``xe đạp`` bicycle), plate (bicycles
    have none: ``không có``), time in and out as ``HH:MM`` and the fee as text like ``25.000đ``. A motorbike pays 5.000đ,
    or 10.000đ if it leaves after 18:00; a car 30.000đ for the first two hours and 20.000đ for each hour begun after; a
    bicycle 3.000đ. Some forty regulars come on most working days; visitors fill the rest."""
    rng = np.random.default_rng(seed)

    def plate(car: bool) -> str:
        if car:
            return f"30{rng.choice(list('ABEFGHK'))}-{int(rng.integers(100, 999))}.{int(rng.integers(10, 99))}"
        return f"29{rng.choice(list('BDEFGHKLMN'))}{int(rng.integers(1, 10))}-{int(rng.integers(100, 999))}.{int(rng.integers(10, 99))}"

    regulars = [("xe máy", plate(False)) for _ in range(34)] + [("ô tô", plate(True)) for _ in range(9)] \
        + [("xe đạp", "không có") for _ in range(3)]
    visitors_bike = [plate(False) for _ in range(420)]
    visitors_car = [plate(True) for _ in range(140)]
    rows = []
    for day in pd.date_range("2024-03-01", "2024-03-31"):
        weekend = day.day_of_week >= 5
        arrivals: list[tuple[str, str, int, int]] = []
        if not weekend:
            for kind, p in regulars:
                if rng.random() < 0.82:
                    t_in = int(rng.integers(7 * 60, 9 * 60 + 30))
                    arrivals.append((kind, p, t_in, t_in + int(rng.normal(9.3 * 60, 45))))
        for _ in range(int(rng.poisson(22 if weekend else 16))):
            kind = str(rng.choice(["xe máy", "ô tô", "xe đạp"], p=[.7, .22, .08]))
            p = (visitors_bike[int(rng.integers(0, 420))] if kind == "xe máy" else
                 visitors_car[int(rng.integers(0, 140))] if kind == "ô tô" else "không có")
            t_in = int(rng.integers(8 * 60, 20 * 60))
            arrivals.append((kind, p, t_in, t_in + int(rng.gamma(2.0, 70)) + 10))
        for kind, p, t_in, t_out in arrivals:
            t_out = min(t_out, 23 * 60 + 30)
            if kind == "xe máy":
                fee = 10000 if t_out > 18 * 60 else 5000
            elif kind == "ô tô":
                fee = 30000 + 20000 * max(0, -(-(t_out - t_in - 120) // 60))
            else:
                fee = 3000
            rows.append((day, t_in, t_out, kind, p, fee))
    rows.sort(key=lambda r: (r[0], r[1]))
    return pd.DataFrame({
        "mã_vé": [f"VX{i + 1:05d}" for i in range(len(rows))],
        "ngày": [f"{r[0]:%d/%m/%Y}" for r in rows], "loại_xe": [r[3] for r in rows], "biển_số": [r[4] for r in rows],
        "giờ_vào": [f"{r[1] // 60:02d}:{r[1] % 60:02d}" for r in rows], "giờ_ra": [f"{r[2] // 60:02d}:{r[2] % 60:02d}" for r in rows],
        "phí": [vnd(r[5]) for r in rows],
    })


HALLS = {"Rudolfinum – Dvořákova síň": 1100, "Obecní dům – Smetanova síň": 1200, "Kostel sv. Šimona a Judy": 320,
         "Anežský klášter": 250}
WORKS = [("Antonín Dvořák", "Symfonie č. 8 G dur", 36), ("Antonín Dvořák", "Symfonie č. 9 e moll „Z Nového světa“", 42),
         ("Antonín Dvořák", "Violoncellový koncert h moll", 40), ("Antonín Dvořák", "Serenáda pro smyčce E dur", 28),
         ("Bedřich Smetana", "Vltava", 12), ("Bedřich Smetana", "Šárka", 10), ("Leoš Janáček", "Sinfonietta", 23),
         ("Leoš Janáček", "Suita pro smyčcový orchestr", 14), ("Bohuslav Martinů", "Symfonie č. 4", 32),
         ("Bohuslav Martinů", "Dvojkoncert pro dva smyčcové orchestry", 22), ("Josef Suk", "Serenáda Es dur", 29),
         ("Josef Mysliveček", "Sinfonia D dur", 11), ("W. A. Mozart", "Symfonie č. 38 „Pražská“", 27),
         ("W. A. Mozart", "Klavírní koncert č. 20 d moll", 31), ("L. van Beethoven", "Symfonie č. 7 A dur", 38),
         ("Johannes Brahms", "Houslový koncert D dur", 39), ("Joseph Haydn", "Symfonie č. 104", 28),
         ("Gustav Mahler", "Symfonie č. 1 D dur", 55)]
CONDUCTORS = ["Tomáš Netopil", "Alena Hroňková", "Jakub Hrůša", "Marek Šedivý"]


@functools.lru_cache(maxsize=1)
def season_json(seed: int = 6004) -> str:
    """A Prague chamber orchestra's 2024/25 season as nested JSON with Czech keys: concerts (id, date, hall and its
    capacity, conductor, tickets sold, takings in CZK, price range) each with its programme (composer, work, length
    written ``36'`` in minutes). The small church and convent halls sell out; Dvořák and Mahler programmes sell best in
    the big halls; takings are in Czech crowns."""
    rng = np.random.default_rng(seed)
    dates = sorted(pd.Timestamp("2024-09-19") + pd.Timedelta(days=int(d)) for d in rng.choice(266, 24, replace=False))
    concerts = []
    for i, day in enumerate(dates):
        hall = str(rng.choice(list(HALLS), p=[.35, .25, .2, .2]))
        cap = HALLS[hall]
        picks = [WORKS[int(j)] for j in rng.choice(len(WORKS), int(rng.integers(2, 4)), replace=False)]
        star = any(c in ("Antonín Dvořák", "Gustav Mahler") for c, _, _ in picks)
        fill = rng.uniform(0.86, 1.0) if cap < 400 else rng.uniform(0.55, 0.8) + (0.17 if star else 0.0)
        sold = int(min(cap, round(cap * fill)))
        lo, hi = (390, 790) if cap < 400 else (450, 1290)
        takings = int(round(sold * rng.uniform(lo, hi) / 10) * 10)
        concerts.append({"id": f"K{i + 1:02d}", "datum": f"{day:%Y-%m-%d}", "sál": hall, "kapacita": cap,
                         "dirigent": str(rng.choice(CONDUCTORS)), "prodáno": sold, "tržba_Kč": takings,
                         "ceny_Kč": [lo, hi],
                         "program": [{"skladatel": c, "dílo": w, "délka": f"{m}'"} for c, w, m in picks]})
    return json.dumps({"orchestr": "Komorní filharmonie Vltava", "sezóna": "2024/25", "koncerty": concerts},
                      ensure_ascii=False, indent=1)


COMUNIDADES = {"Pitumarca": 1.4, "Checacupe": 1.0, "Marcapata": 0.75, "Ocongate": 1.15}
CALIDADES = {"baby": (0.12, 31.0), "superfine": (0.3, 24.5), "huarizo": (0.33, 13.0), "gruesa": (0.25, 7.5)}
MESES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"]


def fibra() -> pd.DataFrame:
    return _fibra().copy()


@functools.lru_cache(maxsize=1)
def _fibra(seed: int = 6005) -> pd.DataFrame:
    """An alpaca-fibre cooperative near Cusco, 2024, in a wide layout with Spanish names: one row per community
    (``comunidad``) and grade (``calidad``: baby, superfine, huarizo, gruesa) with the price paid in soles per kg
    (``precio_sol_kg``), then one column per month (``ene_24`` ... ``dic_24``) with the kilos collected. The shearing
    runs from November to March; Pitumarca is the biggest community; a snowstorm cut Marcapata's March collection."""
    rng = np.random.default_rng(seed)
    season = np.array([1.3, 1.2, 1.0, 0.35, 0.12, 0.08, 0.06, 0.07, 0.1, 0.3, 1.0, 1.25])
    rows = []
    for com, size in COMUNIDADES.items():
        for cal, (share, price) in CALIDADES.items():
            kg = 2400 * size * share * season * rng.uniform(0.85, 1.15, 12)
            if com == "Marcapata":
                kg[2] *= 0.3
            rows.append((com, cal, round(price * rng.uniform(0.96, 1.04), 2), *kg.round(1)))
    return pd.DataFrame(rows, columns=["comunidad", "calidad", "precio_sol_kg", *[f"{m}_24" for m in MESES]])


DIVE = """# Naxos Blue Dive Centre · Price list and diving rules 2024

Agia Anna beach, Naxos. Open from 1 May to 20 October, every day 8:30-19:00. Καλές βουτιές!

## Guided dives (prices per person, in euros)

| Dive | Price | Notes |
| --- | --- | --- |
| Single boat dive | 55 € | Full equipment included |
| Double boat dive (same morning) | 95 € | Lunch on board not included |
| Shore dive | 40 € | From the centre, max 12 m |
| Night dive | 70 € | Advanced certification or 20 logged dives |
| 5-dive package | 250 € | Use within 14 days |
| 10-dive package | 460 € | Use within 21 days |

Nitrox (EAN32) is 8 € extra per tank for certified divers. Bringing your own equipment takes 5 € off each dive (not
off the packages).

## Courses

| Course | Price | Days |
| --- | --- | --- |
| Discover Scuba (try dive) | 90 € | 1 |
| Open Water Diver | 430 € | 4 |
| Advanced Open Water | 360 € | 3 |
| Rescue Diver | 410 € | 4 |

Course prices include the manual, the certification fee and all equipment. Children from 10 years may take the Open
Water course (Junior Open Water); the try dive starts at 8 years.

## Rules

Open Water divers go to 18 m, Advanced divers to 30 m; no dive goes below 30 m. Every diver fills in the medical
questionnaire; a doctor's signature is needed for any "yes". Log book and certification card must be shown on the
first day. Do not fly within 18 hours after a single dive, or within 24 hours after repetitive dives or several days
of diving. Boats leave the harbour at 9:00 sharp; be at the centre by 8:30.

## Cancellation

Cancel up to 24 hours before the boat leaves and pay nothing. Later cancellations pay 50% of the dive. If we cancel
for weather, you get a full refund or another date.
"""

SPECIES = {"hedgehog": ("Hedgehog", (180, 900), "g"), "fox": ("Fox (cub)", (0.4, 2.4), "kg"),
           "badger": ("Badger", (6.0, 12.5), "kg"), "owl": ("Tawny owl", (330, 560), "g"),
           "pigeon": ("Wood pigeon", (280, 560), "g"), "blackbird": ("Blackbird (fledgling)", (55, 105), "g"),
           "swift": ("Swift", (28, 46), "g"), "duckling": ("Mallard (duckling)", (18, 130), "g"),
           "gull": ("Herring gull", (700, 1150), "g"), "thrush": ("Song thrush (fledgling)", (50, 85), "g")}
FINDERS = ["a dog walker", "a postman", "a neighbour", "the RSPCA", "a school caretaker", "a cyclist", "a farmer"]
ROADS = ["Cranleigh Rd, Guildford", "Ewhurst Green", "Shere Lane, Gomshall", "Horsham Rd, Dorking", "Bramley High St",
         "Ockley Common", "Chilworth Station car park", "Peaslake Lane"]
PROBLEMS = {"hedgehog": ["underweight", "flystrike", "strimmer injury", "out in daylight"],
            "fox": ["orphaned", "mange", "caught in netting"], "badger": ["hit by a car", "bite wounds"],
            "owl": ["hit by a car", "concussion"], "pigeon": ["cat attack", "window strike"],
            "blackbird": ["cat attack", "orphaned"], "swift": ["grounded", "underweight"],
            "duckling": ["orphaned", "separated from mother"], "gull": ["fishing line", "wing injury"],
            "thrush": ["cat attack", "orphaned"]}


@functools.lru_cache(maxsize=1)
def intake(seed: int = 6006) -> tuple[str, ...]:
    """A Surrey wildlife rescue's intake book, March to August 2024, as typed up: reference ``24-001``, day written
    ``12/03`` (day first, no year), species with its weight (grams, or kilograms for foxes and badgers), where and by
    whom it was found, the problem, and the outcome (released with its weight, died, put to sleep, transferred, or still
    in care). Hedgehogs are the commonest patients; fox cubs come in spring, ducklings and fledglings in early summer,
    swifts in July and August."""
    rng = np.random.default_rng(seed)
    days = pd.Timestamp("2024-03-01") + pd.to_timedelta(np.sort(rng.integers(0, 184, 190)), unit="D")
    out = []
    for i, day in enumerate(days):
        m = day.month
        p = {"hedgehog": 4.0, "fox": 2.2 if m in (4, 5) else 0.2, "badger": 0.5, "owl": 0.7, "pigeon": 1.4,
             "blackbird": 2.0 if m in (5, 6, 7) else 0.2, "swift": 2.6 if m in (7, 8) else 0.05,
             "duckling": 2.4 if m in (5, 6) else 0.05, "gull": 0.6, "thrush": 1.2 if m in (5, 6) else 0.1}
        keys = list(p)
        pr = np.array([p[k] for k in keys])
        sp = keys[int(rng.choice(len(keys), p=pr / pr.sum()))]
        name, (lo, hi), unit = SPECIES[sp]
        w = rng.uniform(lo, hi)
        weight = f"{w:.1f} kg" if unit == "kg" else f"{int(w)} g"
        later = day + pd.Timedelta(days=int(rng.integers(2, 40)))
        r = rng.random()
        if later > pd.Timestamp("2024-08-31") or r < 0.08:
            outcome = "Still in care."
        elif r < 0.62:
            gain = rng.uniform(1.05, 1.6)
            back = f"{w * gain:.1f} kg" if unit == "kg" else f"{int(w * gain)} g"
            outcome = f"Released {later:%d/%m} at {back}."
        elif r < 0.8:
            outcome = f"Died {later:%d/%m}."
        elif r < 0.9:
            outcome = f"Put to sleep {later:%d/%m}."
        else:
            outcome = f"Transferred {later:%d/%m} to {rng.choice(['Brent Lodge', 'Tiggywinkles', 'Swan Sanctuary'])}."
        out.append(f"24-{i + 1:03d} | {day:%d/%m} | {name}, {weight} | found at {rng.choice(ROADS)} by "
                   f"{rng.choice(FINDERS)} | {rng.choice(PROBLEMS[sp])} | {outcome}")
    return tuple(out)


TEAMS = {"KK": "Kothrud Kings", "BB": "Baner Blasters", "AA": "Aundh Arrows", "HH": "Hadapsar Hawks",
         "VV": "Viman Nagar Vipers", "SS": "Shivajinagar Strikers"}
GROUNDS = {"KK": "PYC Gymkhana", "BB": "Balewadi Ground 2", "AA": "Aundh Sports Club", "HH": "Magarpatta Oval",
           "VV": "Symbiosis Ground", "SS": "Deccan Gymkhana"}
FIRST = ["Aarav", "Rohan", "Siddharth", "Vikram", "Aditya", "Kunal", "Omkar", "Pranav", "Tanmay", "Yash", "Nikhil",
         "Harsh", "Rahul", "Sameer", "Akash", "Ishaan", "Varun", "Chinmay"]
LAST = ["Patil", "Deshmukh", "Kulkarni", "Joshi", "Jadhav", "Gokhale", "Pawar", "Shinde", "Bhosale", "Kale", "Apte"]


def overs(balls: int) -> str:
    """Cricket's overs: 118 balls are ``19.4`` (19 overs and 4 balls), not a decimal."""
    return f"{balls // 6}.{balls % 6}" if balls % 6 else f"{balls // 6}"


def league() -> dict[str, pd.DataFrame]:
    """A Pune club T20 league, April to June 2024, as a dict of three tables to join."""
    return {name: frame.copy() for name, frame in _league().items()}


@functools.lru_cache(maxsize=1)
def _league(seed: int = 6007) -> dict[str, pd.DataFrame]:
    """``teams``: code, name, home ground. ``matches``: id, ISO date, home and away team, each side's runs, wickets and
    overs (written ``19.4`` for 19 overs and 4 balls), extras, who batted first and the winner. ``batting``: one row per
    batter per innings (runs, balls, fours, sixes, out or not). Three teams win six matches each, one match is a tie, and
    nobody makes a hundred."""
    rng = np.random.default_rng(seed)
    names = list(dict.fromkeys(f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(200)))
    squads = {t: names[i * 13:(i + 1) * 13] for i, t in enumerate(TEAMS)}
    strength = {"KK": 1.18, "BB": 1.0, "AA": 0.95, "HH": 1.05, "VV": 0.9, "SS": 1.0}
    fixtures = [(a, b) for a in TEAMS for b in TEAMS if a != b]
    order = rng.permutation(len(fixtures))
    days = [d for d in pd.date_range("2024-04-06", "2024-06-30") if d.day_of_week >= 5]
    matches, batting = [], []

    def innings(team: str, target: int | None) -> tuple[int, int, int, int, list[tuple[str, int, int, int, int, bool]]]:
        batters = list(rng.permutation(squads[team])[:11])
        score = {b: [0, 0, 0, 0, False] for b in batters}
        on, off, nxt, wk, runs, balls = 0, 1, 2, 0, 0, 0
        extras = int(rng.integers(4, 16))
        runs += extras
        while balls < 120 and wk < 10 and (target is None or runs < target):
            balls += 1
            b = batters[on]
            score[b][1] += 1
            if rng.random() < 0.048 / strength[team]:
                score[b][4] = True
                wk += 1
                if nxt < 11:
                    on, nxt = nxt, nxt + 1
                continue
            r = int(rng.choice([0, 1, 2, 3, 4, 6], p=[.36, .36, .1, .02, .12, .04]))
            score[b][0] += r
            score[b][2] += r == 4
            score[b][3] += r == 6
            runs += r
            if r % 2:
                on, off = off, on
            if balls % 6 == 0:
                on, off = off, on
        played = [(b, *score[b][:4], bool(score[b][4])) for b in batters if score[b][1] > 0 or score[b][4]]
        return runs, wk, balls, extras, played

    for k, idx in enumerate(order):
        home, away = fixtures[int(idx)]
        mid = f"M{k + 1:02d}"
        first = home if rng.random() < 0.5 else away
        second = away if first == home else home
        r1, w1, b1, e1, p1 = innings(first, None)
        r2, w2, b2, e2, p2 = innings(second, r1 + 1)
        winner = second if r2 > r1 else first if r1 > r2 else "tie"
        side = {first: (r1, w1, b1, e1), second: (r2, w2, b2, e2)}
        matches.append((mid, f"{days[k // 2]:%Y-%m-%d}", home, away, side[home][0], side[home][1], overs(side[home][2]),
                        side[home][3], side[away][0], side[away][1], overs(side[away][2]), side[away][3], first, winner))
        for team, played in ((first, p1), (second, p2)):
            for b, runs, balls, fours, sixes, out in played:
                batting.append((mid, team, b, runs, balls, fours, sixes, out))
    return {
        "teams": pd.DataFrame([(k, v, GROUNDS[k]) for k, v in TEAMS.items()], columns=["team", "name", "ground"]),
        "matches": pd.DataFrame(matches, columns=["match_id", "date", "home", "away", "home_runs", "home_wkts", "home_overs",
                                                  "home_extras", "away_runs", "away_wkts", "away_overs", "away_extras",
                                                  "batted_first", "winner"]),
        "batting": pd.DataFrame(batting, columns=["match_id", "team", "batter", "runs", "balls", "fours", "sixes", "out"]),
    }


AYLAR = ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran"]
BOLGE = {"Hereke": 38000, "Uşak": 9200, "Kayseri": 7600, "Milas": 6100, "Konya": 3400}
URUN = {"halı": (2.0, 6.0), "kilim": (1.5, 5.0), "seccade": (0.9, 1.3), "yastık kılıfı": (0.2, 0.3)}


def tl(x: float) -> str:
    """Turkish lira as the shop writes it: ``12.500,00 ₺``."""
    return f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".") + " ₺"


def hali() -> pd.DataFrame:
    return _hali().copy()


@functools.lru_cache(maxsize=1)
def _hali(n: int = 540, seed: int = 6008) -> pd.DataFrame:
    """An Istanbul Grand Bazaar carpet shop's sales, January to June 2024, Turkish column names: sale number, day
    written ``5 Mart 2024`` (Turkish month names), product (``halı`` carpet, ``kilim``, ``seccade`` prayer rug,
    ``yastık kılıfı`` cushion cover), region of origin, area in m², price as text like ``12.500,00 ₺``, payment and the
    buyer's country. Hereke silk is by far the dearest per m²; spring brings the tourists; kilims sell the most pieces."""
    rng = np.random.default_rng(seed)
    w = np.array([0.55, 0.6, 0.9, 1.2, 1.4, 1.5])
    month = rng.choice(6, n, p=w / w.sum())
    when = sorted((int(mo), int(rng.integers(1, [31, 29, 31, 30, 31, 30][mo] + 1))) for mo in month)
    rows = []
    for i, (mo, day) in enumerate(when):
        kind = str(rng.choice(list(URUN), p=[.3, .38, .17, .15]))
        region = "Konya" if kind == "kilim" and rng.random() < 0.6 else str(rng.choice(list(BOLGE), p=[.08, .3, .24, .2, .18]))
        area = round(float(rng.uniform(*URUN[kind])), 2)
        price = round(BOLGE[region] * area * rng.uniform(0.85, 1.2) / 50) * 50
        rows.append((f"S-{2401 + i}", f"{day} {AYLAR[mo]} 2024", kind, region, area, tl(price),
                     str(rng.choice(["nakit", "kredi kartı", "havale"], p=[.35, .5, .15])),
                     str(rng.choice(["TR", "DE", "US", "GB", "JP", "FR"], p=[.25, .2, .2, .12, .12, .11]))))
    return pd.DataFrame(rows, columns=["satış_no", "tarih", "ürün", "bölge", "m2", "fiyat", "ödeme", "ülke"])


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
SAUNA_LOOK = repl("print(len(sauna))\nprint(sauna[:420])", "Katsotaan ensin, missä muodossa data on.")
QSO_LOOK = repl("cl = cabrillo.splitlines()\nprint(len(cl))\nprint('\\n'.join(cl[:14]))", "A Cabrillo log, by the look of it; the header first.")
BAIXE_LOOK = repl("print(baixe.shape)\nprint(baixe.head())\nprint(baixe.dtypes)", "Xem qua bảng dữ liệu trước đã.")
SEASON_LOOK = repl("print(len(season))\nprint(season[:900])", "A JSON string; checking how it nests.")
FIBRA_LOOK = repl("print(fibra.shape)\nprint(fibra.iloc[:5, :7])\nprint(list(fibra.columns))", "Primero veo la forma de la tabla.")
DIVE_LOOK = repl("print(len(dive))\nprint(dive[:1200])")
INTAKE_LOOK = repl("print(len(intake))\nfor e in intake[:4]:\n    print(e)", "Reading a few entries to see the layout.")
LEAGUE_LOOK = repl("for name, t in league.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                   "Three tables in a dict; a look at each.")
HALI_LOOK = repl("print(hali.shape)\nprint(hali.head())\nprint(hali.dtypes)", "Önce tabloya bir bakayım.")

# Parsing steps (run in the same namespace before a question's own code).
SAUNA_PARSE = ("import io\nimport pandas as pd\ns = pd.read_csv(io.StringIO(sauna), sep=';', decimal=',')\n"
               "s['päivä'] = pd.to_datetime(s.pvm, format='%d.%m.%Y')\nprint(s.dtypes)\nprint(s.head(3))")
QSO_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^QSO:\\s+(\\d+)\\s+(\\w+)\\s+(\\S+)\\s+(\\d{4})\\s+(\\S+)\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)\\s+(\\d+)\\s+(\\d+)', re.M)\n"
    "q = pd.DataFrame(rx.findall(cabrillo), columns=['freq', 'mode', 'date', 'time', 'mycall', 'rst_s', 'nr_s', 'call', 'rst_r', 'nr_r'])\n"
    "q['freq'] = q.freq.astype(int)\nq['ts'] = pd.to_datetime(q.date + ' ' + q.time, format='%Y-%m-%d %H%M')\n"
    "q['band'] = pd.cut(q.freq, [1800, 2000, 3800, 7300, 14350, 21450, 29700], labels=[160, 80, 40, 20, 15, 10]).astype(int)\n"
    "PFX = {'OH': 'Finland', 'SM': 'Sweden', 'ES': 'Estonia', 'LY': 'Lithuania', 'DL': 'Germany', 'SP': 'Poland',\n"
    "       'OK': 'Czechia', 'G': 'England', 'I': 'Italy', 'K': 'USA', 'VE': 'Canada', 'JA': 'Japan', 'VK': 'Australia',\n"
    "       'PY': 'Brazil'}\n"
    "q['country'] = [next(PFX[p] for p in sorted(PFX, key=len, reverse=True) if c.startswith(p)) for c in q.call]\n"
    "q['cont'] = q.country.map({'USA': 'NA', 'Canada': 'NA', 'Japan': 'AS', 'Australia': 'OC', 'Brazil': 'SA'}).fillna('EU')\n"
    "print(q.shape)\nprint(q.head(3).to_string())")
BAIXE_PARSE = ("import pandas as pd\nbx = baixe.copy()\nbx['ngay'] = pd.to_datetime(bx['ngày'], format='%d/%m/%Y')\n"
               "bx['phi_vnd'] = bx['phí'].str.replace('.', '', regex=False).str.rstrip('đ').astype(int)\n"
               "bx['vao'] = bx.ngay + pd.to_timedelta(bx['giờ_vào'] + ':00')\nbx['ra'] = bx.ngay + pd.to_timedelta(bx['giờ_ra'] + ':00')\n"
               "bx['phut'] = (bx.ra - bx.vao).dt.total_seconds() / 60\nprint(bx[['ngày', 'loại_xe', 'phí', 'phi_vnd', 'phut']].head(3))")
SEASON_PARSE = ("import json\nimport pandas as pd\nsez = json.loads(season)\n"
                "k = pd.DataFrame([{key: v for key, v in c.items() if key != 'program'} for c in sez['koncerty']])\n"
                "k['datum'] = pd.to_datetime(k.datum)\nk['obsazenost'] = k['prodáno'] / k.kapacita\n"
                "works = pd.DataFrame([{'id': c['id'], 'datum': c['datum'], 'sál': c['sál'], **w} for c in sez['koncerty'] for w in c['program']])\n"
                "works['min'] = works['délka'].str.rstrip(\"'\").astype(int)\nprint(k.shape, works.shape)\nprint(k.head(3).to_string())")
FIBRA_MELT = ("MES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic']\n"
              "long = fibra.melt(id_vars=['comunidad', 'calidad', 'precio_sol_kg'], var_name='mes', value_name='kg')\n"
              "long['n_mes'] = long.mes.str[:3].map({m: i for i, m in enumerate(MES, 1)})\n"
              "long['soles'] = long.kg * long.precio_sol_kg\nprint(long.shape)\nprint(long.head())")
INTAKE_PARSE = ("import pandas as pd\nrows = []\nfor e in intake:\n"
                "    ref, day, animal, where, problem, outcome = [x.strip() for x in e.split('|')]\n"
                "    species, weight = animal.rsplit(', ', 1)\n    val, unit = weight.split()\n"
                "    rows.append((ref, day, species, float(val) * (1000 if unit == 'kg' else 1), where, problem, outcome))\n"
                "book = pd.DataFrame(rows, columns=['ref', 'day', 'species', 'grams', 'where', 'problem', 'outcome'])\n"
                "book['date'] = pd.to_datetime(book.day + '/2024', format='%d/%m/%Y')\n"
                "book['result'] = book.outcome.str.split().str[0]\nprint(book.shape)\nprint(book.result.value_counts())")
LEAGUE_JOIN = ("import pandas as pd\nteams, mt, bat = league['teams'], league['matches'].copy(), league['batting']\n"
               "def to_balls(o):\n    ov, _, b = str(o).partition('.')\n    return int(ov) * 6 + int(b or 0)\n"
               "for side in ('home', 'away'):\n    mt[side + '_balls'] = mt[side + '_overs'].map(to_balls)\n"
               "bat = bat.merge(teams[['team', 'name']], on='team')\nprint(mt.head(3).to_string())\nprint(bat.shape)")
HALI_PARSE = ("import pandas as pd\nAY = {'Ocak': 1, 'Şubat': 2, 'Mart': 3, 'Nisan': 4, 'Mayıs': 5, 'Haziran': 6}\nh = hali.copy()\n"
              "p = h.tarih.str.split()\n"
              "h['date'] = pd.to_datetime(pd.DataFrame({'year': p.str[2].astype(int), 'month': p.str[1].map(AY), 'day': p.str[0].astype(int)}))\n"
              "h['tl'] = h.fiyat.str.replace(' ₺', '').str.replace('.', '', regex=False).str.replace(',', '.').astype(float)\n"
              "h['tl_m2'] = h.tl / h.m2\nprint(h[['tarih', 'date', 'fiyat', 'tl']].head(3))")
PARSE_SAUNA = repl(SAUNA_PARSE, "Puolipiste erottimena ja desimaalipilkku; luen sen pandasilla.")
PARSE_QSO = repl(QSO_PARSE, "One QSO line per contact; parsing them, with the band from the frequency and the country from the prefix.")
PARSE_BAIXE = repl(BAIXE_PARSE, "Ngày dạng dd/mm/yyyy, phí là chuỗi như 25.000đ; chuyển sang số.")
PARSE_SEASON = repl(SEASON_PARSE, "Flattening the concerts, and their programmes into a second table.")
MELT_FIBRA = repl(FIBRA_MELT, "Una columna por mes; la paso a formato largo.")
PARSE_INTAKE = repl(INTAKE_PARSE, "Pipe-separated fields; weights are in g or kg, so I convert everything to grams.")
JOIN_LEAGUE = repl(LEAGUE_JOIN, "Overs like 19.4 mean 19 overs and 4 balls, so I convert them to balls first.")
PARSE_HALI = repl(HALI_PARSE, "Tarihler '5 Mart 2024' biçiminde, fiyatlar metin; ikisini de çeviriyorum.")


def with_sauna(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A sauna case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"sauna": sauna_csv()}
    return ctx, compute(ctx, SAUNA_PARSE + "\n" + code)


def with_qso(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"cabrillo": cabrillo()}
    return ctx, compute({**ctx, "cl": cabrillo().splitlines()}, QSO_PARSE + "\n" + code)


def with_baixe(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"baixe": baixe()}
    return ctx, compute(ctx, BAIXE_PARSE + "\n" + code)


def with_season(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"season": season_json()}
    return ctx, compute(ctx, SEASON_PARSE + "\n" + code)


def with_fibra(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"fibra": fibra()}
    return ctx, compute(ctx, FIBRA_MELT + "\n" + code)


def with_intake(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"intake": list(intake())}
    return ctx, compute(ctx, INTAKE_PARSE + "\n" + code)


def with_league(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"league": league()}
    return ctx, compute(ctx, LEAGUE_JOIN + "\n" + code)


def with_hali(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"hali": hali()}
    return ctx, compute(ctx, HALI_PARSE + "\n" + code)


def czk(x: float) -> str:
    """Czech crowns: ``1 294 770 Kč``."""
    return f"{x:,.0f}".replace(",", " ") + " Kč"


def soles(x: float) -> str:
    return f"S/ {x:,.2f}"


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
SPECIES_WORDS = {"hedgehogs": "| Hedgehog,", "swifts": "| Swift,", "blackbirds": "| Blackbird", "ducklings": "| Mallard",
                 "wood pigeons": "| Wood pigeon,", "fox cubs": "| Fox (cub)", "song thrushes": "| Song thrush",
                 "tawny owls": "| Tawny owl,", "herring gulls": "| Herring gull,", "badgers": "| Badger,"}


def sub_model() -> RuleBasedSubModel:
    def species(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        entries = [line for line in text.splitlines() if line.startswith("24-")]
        counts = {k: sum(w in e for e in entries) for k, w in SPECIES_WORDS.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"There are {len(entries)} admissions. The commonest patients are {ranked[0][0]} ({ranked[0][1]}), "
                f"{ranked[1][0]} ({ranked[1][1]}) and {ranked[2][0]} ({ranked[2][1]}).")

    def hedgehogs(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('| Hedgehog,')} hedgehogs were admitted."

    def flying(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Do not fly[^.]*\.", request.last_user)
        return " ".join(found.group(0).split()) if found else "NONE"

    def japan(_: re.Match[str], request: ChatRequest) -> str:
        k = len(re.findall(r"^QSO:.* JA\w+ ", request.last_user, re.M))
        return f"I count {k} QSOs with Japanese (JA) stations."

    return RuleBasedSubModel([(r"\ASummarise these intake notes", species),
                              (r"\AHow many hedgehogs", hedgehogs),
                              (r"\AQuote the rule on flying", flying),
                              (r"\ACount the QSOs with Japanese stations", japan)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


def g(x: float, comma: bool = False) -> str:
    """A figure as pandas prints it once rounded: ``14.5``, ``79`` (a decimal comma when asked)."""
    text = f"{x:g}"
    return text.replace(".", ",") if comma else text


def hm(minutes: float) -> str:
    m = int(minutes)
    return f"{m // 60} h {m % 60:02d} min"


KUUKAUDET = {1: "tammikuu", 2: "helmikuu", 3: "maaliskuu", 4: "huhtikuu"}
MESES_ES = {1: "enero", 2: "febrero", 3: "marzo", 4: "abril", 5: "mayo", 6: "junio", 7: "julio", 8: "agosto",
            9: "septiembre", 10: "octubre", 11: "noviembre", 12: "diciembre"}
THU = {"Monday": "Thứ Hai", "Tuesday": "Thứ Ba", "Wednesday": "Thứ Tư", "Thursday": "Thứ Năm", "Friday": "Thứ Sáu",
       "Saturday": "Thứ Bảy", "Sunday": "Chủ Nhật"}
VIIKONPAIVAT = {"Monday": "maanantai", "Tuesday": "tiistai", "Wednesday": "keskiviikko", "Thursday": "torstai",
                "Friday": "perjantai", "Saturday": "lauantai", "Sunday": "sunnuntai"}


def trn(x: float, decimals: int = 2) -> str:
    """Turkish digits: ``1.432,85``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h12_sauna_visitors_describe_fi", "describe() statistic", "legit", "Montako kävijää saunalla on tavallisesti päivässä?")
def _sauna_describe() -> Script:
    code = "auki = s[s.huomio != 'huolto']\nprint(auki['kävijät'].describe().round(1))"
    ctx, ns = with_sauna(code)
    d = ns["auki"]["kävijät"].describe().round(1)
    final = (f"FINAL(Tavallisesti noin {g(d['50%'], True)} kävijää päivässä (mediaani). Puolet {d['count']:.0f} aukiolopäivästä "
             f"(sauna ja päivä) osui välille {g(d['25%'], True)}–{g(d['75%'], True)} kävijää; keskiarvo on {g(d['mean'], True)}, "
             f"hiljaisin päivä {g(d['min'], True)} ja vilkkain {g(d['max'], True)} kävijää. Lauttasaaren huoltoviikko on jätetty pois.)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final],
                  [repl("print(auki['kävijät'].quantile([.25, .5, .75]), round(auki['kävijät'].mean(), 1))"), final])


@case("h12_moto_stay_describe", "describe() statistic", "legit", "How long does a motorbike usually stay in the garage?")
def _moto_describe() -> Script:
    code = "moto = bx[bx['loại_xe'] == 'xe máy']\nprint(moto.phut.describe().round(1))"
    ctx, ns = with_baixe(code)
    d = ns["moto"].phut.describe().round(1)
    final = (f"FINAL(Most of a working day. The median motorbike stays {g(d['50%'])} minutes, about {hm(d['50%'])}; the middle "
             f"half of the {d['count']:.0f} motorbike tickets ran from {g(d['25%'])} to {g(d['75%'])} minutes. The mean, "
             f"{g(d['mean'])} min, is pulled down by the short daytime visits.)")
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), final],
                  [repl("print(moto.phut.quantile([.25, .5, .75]), round(moto.phut.mean(), 1))"), final])


@case("h12_innings_runs_describe", "describe() statistic", "legit", "What does a typical batting innings look like in this league?")
def _innings_describe() -> Script:
    code = "print(bat.runs.describe().round(2))"
    ctx, ns = with_league(code)
    d = ns["bat"].runs.describe().round(2)
    final = (f"FINAL(Short, mostly. Over {d['count']:.0f} innings the median is {g(d['50%'])} runs and the mean {g(d['mean'])}; "
             f"a quarter of the innings ended on {g(d['25%'])} or fewer, a quarter reached {g(d['75%'])} or more, and the best "
             f"was {g(d['max'])}.)")
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), final], [repl("print(bat.runs.quantile([.25, .5, .75]))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h12_kg_by_community_bullets_es", "bullet list of figures", "legit", "¿Cuántos kilos de fibra acopió cada comunidad en 2024?")
def _community_bullets() -> Script:
    code = "por_com = long.groupby('comunidad').kg.sum().round(1).sort_values(ascending=False)\nprint(por_com)\nprint(round(por_com.sum(), 1))"
    ctx, ns = with_fibra(code)
    p = ns["por_com"]
    final = ("FINAL(Kilos acopiados en 2024, los cuatro grados juntos:\n" + "\n".join(f"- {k}: {v:,.1f} kg" for k, v in p.items())
             + f"\n\nTotal: {round(p.sum(), 1):,.1f} kg.)")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(code), final], [repl("print(por_com.to_dict())"), final])


@case("h12_qso_by_band_bullets", "bullet list of figures", "legit", "How many contacts were made on each band?")
def _band_bullets() -> Script:
    code = "per_band = q.band.value_counts().sort_index(ascending=False)\nprint(per_band)\nprint(per_band.sum())"
    ctx, ns = with_qso(code)
    p = ns["per_band"]
    final = ("FINAL(QSOs per band over the 24 hours:\n" + "\n".join(f"• {b} m: {n}" for b, n in p.items())
             + f"\n\n{p.sum():,} in all, duplicates included.)")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), final], [repl("print(per_band.to_string())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
SAUNA_MONTHS = ("kk = s.groupby(s['päivä'].dt.month).agg(kävijät=('kävijät', 'sum'), tulot=('lipputulot_eur', 'sum'))\n"
                "kk['eur_per_kävijä'] = (kk.tulot / kk['kävijät']).round(2)\nkk['tulot'] = kk.tulot.round(2)\nprint(kk)")


@case("h12_sauna_month_table_fi", "markdown table in text", "legit", "Tee saunoista kuukausittainen yhteenveto.")
def _sauna_table() -> Script:
    ctx, ns = with_sauna(SAUNA_MONTHS)
    kk = ns["kk"]
    rows = "\n".join(f"| {KUUKAUDET[m]} | {fi(r['kävijät'], 0)} | {fi(r.tulot)} € | {fi(r.eur_per_kävijä)} € |" for m, r in kk.iterrows())
    final = ("FINAL(Kolmen saunan yhteenveto, tammi–huhtikuu 2024:\n\n| Kuukausi | Kävijät | Lipputulot | € / kävijä |\n"
             "|---|---:|---:|---:|\n" + rows + ")")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(SAUNA_MONTHS), final], [repl("print(kk.to_string())"), final])


HALI_PRODUCTS = ("ozet = h.groupby('ürün').agg(adet=('tl', 'size'), ciro=('tl', 'sum'), m2=('m2', 'sum')).round(2)\n"
                 "ozet = ozet.sort_values('ciro', ascending=False)\nprint(ozet)")


@case("h12_hali_product_table_tr", "markdown table in text", "legit", "Ürün türlerine göre satışları özetler misin?")
def _hali_table() -> Script:
    ctx, ns = with_hali(HALI_PRODUCTS)
    o = ns["ozet"]
    rows = "\n".join(f"| {k} | {int(r.adet)} | {tl(r.ciro)} | {trn(r.m2)} |" for k, r in o.iterrows())
    final = ("FINAL(Ocak–Haziran 2024 satışları:\n\n| Ürün | Adet | Ciro | Toplam m² |\n| --- | --: | --: | --: |\n" + rows + ")")
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(HALI_PRODUCTS), final], [repl("print(ozet.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h12_fibre_tonnes_es", "value with a unit", "legit", "¿Cuánta fibra se acopió en total en 2024?")
def _fibre_tonnes() -> Script:
    code = "total = long.kg.sum()\nprint(round(total, 1))"
    ctx, ns = with_fibra(code)
    t = round(ns["total"], 1)
    final = f"FINAL(Unas {t / 1000:.1f} toneladas: {t:,.1f} kg entre las cuatro comunidades y los cuatro grados.)"
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(code), final], [repl("print(f'{total / 1000:.1f} t')"), final])


@case("h12_season_music_hours", "value with a unit", "legit", "How much music does the season's programme add up to?")
def _music_hours() -> Script:
    code = "print(works['min'].sum(), len(works), works.id.nunique())"
    ctx, ns = with_season(code)
    w = ns["works"]
    total = int(w["min"].sum())
    final = (f"FINAL({total:,} minutes of music, about {total / 60:.1f} hours, in {len(w)} works over {w.id.nunique()} concerts "
             "(the printed lengths, without intervals).)")
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), final], [repl("print(round(works['min'].sum() / 60, 1))"), final])


@case("h12_car_mean_stay_hours", "value with a unit", "legit", "How long does a car stay in the garage on average?")
def _car_stay() -> Script:
    code = "oto = bx[bx['loại_xe'] == 'ô tô']\nprint(round(oto.phut.mean(), 1), len(oto))"
    ctx, ns = with_baixe(code)
    m, n = round(ns["oto"].phut.mean(), 1), len(ns["oto"])
    final = f"FINAL(About {m / 60:.1f} hours: {m} minutes on average over the {n} car tickets of March.)"
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), final], [repl("print(round(oto.phut.mean() / 60, 1))"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h12_air_range_fi", "range from min to max", "legit", "Millä välillä ilman lämpötila vaihteli tammi–huhtikuussa?")
def _air_range() -> Script:
    code = ("d = s.drop_duplicates('päivä')\nkylmin, lämpimin = d.loc[d.ilma_C.idxmin()], d.loc[d.ilma_C.idxmax()]\n"
            "print(kylmin[['pvm', 'ilma_C']].to_dict(), lämpimin[['pvm', 'ilma_C']].to_dict())")
    ctx, ns = with_sauna(code)
    lo, hi = ns["kylmin"], ns["lämpimin"]
    assert (ns["d"].ilma_C == lo.ilma_C).sum() == 1 and (ns["d"].ilma_C == hi.ilma_C).sum() == 1
    final = (f"FINAL({fi(lo.ilma_C, 1).replace('-', '−')} asteesta ({lo.pvm}) +{fi(hi.ilma_C, 1)} asteeseen ({hi.pvm}), "
             f"eli vaihteluväli oli {fi(hi.ilma_C - lo.ilma_C, 1)} astetta.)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(d.ilma_C.min(), d.ilma_C.max())"), final])


@case("h12_kilim_price_range_tr", "range from min to max", "legit", "Kilimler hangi fiyat aralığında satıldı?")
def _kilim_range() -> Script:
    code = ("kil = h[h['ürün'] == 'kilim']\nucuz, pahali = kil.loc[kil.tl.idxmin()], kil.loc[kil.tl.idxmax()]\n"
            "print(ucuz[['satış_no', 'tarih', 'bölge', 'm2', 'fiyat']].to_dict())\nprint(pahali[['satış_no', 'tarih', 'bölge', 'm2', 'fiyat']].to_dict())")
    ctx, ns = with_hali(code)
    lo, hi = ns["ucuz"], ns["pahali"]
    kil = ns["kil"]
    assert (kil.tl == lo.tl).sum() == 1 and (kil.tl == hi.tl).sum() == 1
    final = (f"FINAL(Kilimler {lo.fiyat} ile {hi.fiyat} arasında satıldı. En ucuzu {lo['satış_no']} ({lo['bölge']}, {trn(lo.m2)} m², "
             f"{lo.tarih}), en pahalısı {hi['satış_no']} ({hi['bölge']}, {trn(hi.m2)} m², {hi.tarih}).)")
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), final], [repl("print(kil.tl.min(), kil.tl.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
WEEKEND = ("päivät = s[s.huomio != 'huolto'].groupby('päivä')['kävijät'].sum()\n"
           "vk = päivät.groupby(päivät.index.day_of_week >= 5).mean().round(1)\nprint(vk)")


@case("h12_weekend_vs_weekday_sauna", "two groups compared", "legit", "Are weekends busier at the saunas than weekdays, and by how much?")
def _weekend_sauna() -> Script:
    ctx, ns = with_sauna(WEEKEND)
    vk = ns["vk"]
    final = (f"FINAL(Yes, clearly. A weekend day brings {g(vk[True])} visitors across the three saunas on average, a weekday "
             f"{g(vk[False])}: about {vk[True] / vk[False] - 1:.0%} more, or {vk[True] - vk[False]:.1f} extra visitors a day.)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(WEEKEND), final], [repl("print(round(vk[True] - vk[False], 1), round(vk[True] / vk[False], 3))"), final])


PAY = "ort = h.groupby('ödeme').tl.agg(['size', 'mean']).round(2)\nprint(ort)"


@case("h12_cash_vs_card_tr", "two groups compared", "legit", "Nakit ödenen satışlar kartla ödenenlerden daha mı büyük?")
def _cash_card() -> Script:
    ctx, ns = with_hali(PAY)
    o = ns["ort"]["mean"]
    assert o["nakit"] > o["kredi kartı"]
    final = (f"FINAL(Evet. Nakit ödenen bir satış ortalama {tl(o['nakit'])}, kredi kartıyla ödenen {tl(o['kredi kartı'])}; "
             f"nakit satışlar ortalamada yaklaşık %{(o['nakit'] / o['kredi kartı'] - 1) * 100:.0f} daha büyük. Havale ile ödenenler "
             f"ise ortalama {tl(o['havale'])}.)")
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(PAY), final], [repl("print(round(ort.loc['nakit', 'mean'] / ort.loc['kredi kartı', 'mean'], 3))"), final])


DX = ("dx_share = q.groupby('band').cont.apply(lambda c: round((c != 'EU').mean() * 100, 1))\n"
      "print(q[q.cont != 'EU'].band.value_counts())\nprint(dx_share)")


@case("h12_dx_20_vs_40", "two groups compared", "legit", "Did the DX contacts come on 20 m or on 40 m?")
def _dx_bands() -> Script:
    ctx, ns = with_qso(DX)
    q = ns["q"]
    dx = q[q.cont != "EU"].band.value_counts()
    share = ns["dx_share"]
    assert dx[20] > 3 * dx[40]
    final = (f"FINAL(Overwhelmingly on 20 m: {dx[20]} contacts outside Europe there against {dx[40]} on 40 m. DX made up "
             f"{share[20]}% of the 20 m QSOs but only {share[40]}% of the 40 m ones.)")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(DX), final], [repl("print(dx_share.loc[[20, 40]])"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h12_released_of_admitted", "X out of Y", "legit", "How many of the animals brought in were released?")
def _released() -> Script:
    code = "print(book.result.value_counts())"
    ctx, ns = with_intake(code)
    v = ns["book"].result.value_counts()
    n = int(v.sum())
    final = (f"FINAL({v['Released']} of the {n} animals admitted ({v['Released'] / n:.0%}) were released. {v['Died']} died, "
             f"{v['Put']} were put to sleep, {v['Transferred']} went to other centres and {v['Still']} are still in care.)")
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), final], [repl("print((book.result == 'Released').sum(), len(book))"), final])


@case("h12_full_concerts_cs", "X out of Y", "legit", "Kolik koncertů bylo téměř vyprodaných (alespoň 95 %)?")
def _full_concerts() -> Script:
    code = "plne = k[k.obsazenost >= 0.95]\nprint(plne[['id', 'datum', 'sál', 'prodáno', 'kapacita']])\nprint(len(plne), len(k))"
    ctx, ns = with_season(code)
    p = ns["plne"]
    assert set(p["sál"]) == {"Anežský klášter"}
    final = (f"FINAL({len(p)} z {len(ns['k'])} koncertů prodalo aspoň 95 % míst. Všechny se hrály v Anežském klášteře, "
             f"nejmenším sále sezóny ({p.kapacita.iloc[0]} míst).)")
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), final], [repl("print(len(plne), plne['sál'].unique())"), final])


@case("h12_evening_rate_motorbikes_vi", "X out of Y", "legit", "Bao nhiêu lượt xe máy phải trả giá buổi tối (10.000đ)?")
def _evening_rate() -> Script:
    code = "moto = bx[bx['loại_xe'] == 'xe máy']\nprint(moto['phí'].value_counts())"
    ctx, ns = with_baixe(code)
    v = ns["moto"]["phí"].value_counts()
    k, n = int(v["10.000đ"]), int(v.sum())
    final = f"FINAL({k} trên {n} lượt xe máy (khoảng {k / n:.0%}) lấy xe sau 18:00 nên trả 10.000đ; {int(v['5.000đ'])} lượt còn lại trả 5.000đ.)"
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), final], [repl("print((moto['phí'] == '10.000đ').sum(), len(moto))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h12_hali_q1_q2_tr", "period-over-period change", "legit", "İkinci çeyrekte ciro birinci çeyreğe göre ne kadar arttı?")
def _q1_q2() -> Script:
    code = "c = h.groupby(h.date.dt.quarter).tl.sum()\nprint(c)"
    ctx, ns = with_hali(code)
    c = ns["c"]
    final = f"FINAL(%{trn((c[2] / c[1] - 1) * 100, 1)} arttı: birinci çeyrekte {tl(c[1])}, ikinci çeyrekte {tl(c[2])}.)"
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), final], [repl("print(round((c[2] / c[1] - 1) * 100, 1))"), final])


@case("h12_sauna_feb_to_mar", "period-over-period change", "legit", "How did sauna visits change from February to March?")
def _feb_mar() -> Script:
    code = "kk = s.groupby(s['päivä'].dt.month)['kävijät'].sum()\nprint(kk)"
    ctx, ns = with_sauna(code)
    kk = ns["kk"]
    final = (f"FINAL(Up {(kk[3] / kk[2] - 1) * 100:.1f}%: from {kk[2]:,} visits in February to {kk[3]:,} in March. February was "
             "two days shorter, which accounts for part of the rise.)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(round((kk[3] / kk[2] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h12_top5_batters", "top-N list by code", "legit", "Who are the league's five leading run-scorers?")
def _top5() -> Script:
    code = "top5 = bat.groupby(['batter', 'name']).runs.sum().nlargest(6)\nprint(top5)"
    ctx, ns = with_league(code)
    t = ns["top5"]
    assert t.iloc[4] > t.iloc[5]
    final = "FINAL(" + "\n".join(f"{i}. {b} ({team}): {r} runs" for i, ((b, team), r) in enumerate(t.head(5).items(), 1)) + ")"
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), final], [repl("print(top5.head(5).to_string())"), final])


@case("h12_top3_countries", "top-N list by code", "legit", "Which three countries did we work most?")
def _top3_countries() -> Script:
    code = "top3 = q.country.value_counts().head(4)\nprint(top3)"
    ctx, ns = with_qso(code)
    t = ns["top3"]
    assert t.iloc[2] > t.iloc[3]
    final = "FINAL(" + "\n".join(f"{i}. {c}: {n} QSOs" for i, (c, n) in enumerate(t.head(3).items(), 1)) + ")"
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), final], [repl("print(top3.head(3))"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h12_sauna_visits_sig", "significant figures", "legit", "Roughly how many sauna visits were there in those four months?")
def _visits_sig() -> Script:
    code = "print(s['kävijät'].sum())"
    ctx, ns = with_sauna(code)
    v = int(ns["s"]["kävijät"].sum())
    final = f"FINAL(Roughly {float(f'{v:.2g}'):,.0f} visits ({v:,} counted) across the three saunas, January to April.)"
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(round(s['kävijät'].sum(), -3))"), final])


@case("h12_hali_area_sig_tr", "significant figures", "legit", "Kabaca kaç metrekare halı ve kilim satıldı?")
def _area_sig() -> Script:
    code = "print(round(h.m2.sum(), 2))"
    ctx, ns = with_hali(code)
    v = round(ns["h"].m2.sum(), 2)
    final = f"FINAL(Kabaca {trn(float(f'{v:.2g}'), 0)} m²; tam olarak {trn(v)} m² (yastık kılıfları ve seccadeler dahil).)"
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), final], [repl("print(round(h.m2.sum(), -2))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h12_january_air_fi", "negative figure", "legit", "Mikä oli tammikuun keskilämpötila?")
def _jan_air() -> Script:
    code = "tammi = s[s['päivä'].dt.month == 1].drop_duplicates('päivä').ilma_C.mean()\nprint(round(tammi, 1))"
    ctx, ns = with_sauna(code)
    t = round(ns["tammi"], 1)
    assert t < 0
    final = f"FINAL(Tammikuun 2024 keskilämpötila oli {fi(t, 1).replace('-', '−')} °C (ilman lämpötila, päivien keskiarvo).)"
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(round(tammi, 1))"), final])


MARCAPATA = ("mp = long[long.comunidad == 'Marcapata'].groupby('n_mes').kg.sum().round(1)\nprint(mp.loc[1:4])\n"
             "print(round(mp[3] - mp[2], 1))")


@case("h12_marcapata_march_drop_es", "negative figure", "legit", "¿Cuánto cambió el acopio de Marcapata de febrero a marzo?")
def _marcapata_drop() -> Script:
    ctx, ns = with_fibra(MARCAPATA)
    mp = ns["mp"]
    d = round(mp[3] - mp[2], 1)
    assert d < 0
    final = (f"FINAL({d:,.1f} kg: Marcapata pasó de {mp[2]:,.1f} kg en febrero a {mp[3]:,.1f} kg en marzo, una caída de "
             f"{-d / mp[2]:.0%}.)")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(MARCAPATA), final], [repl("print(mp[2], mp[3], round(mp[3] / mp[2] - 1, 3))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h12_first_ja_line", "quoted log line or ID", "legit", "When did we first work Japan? Show me the log line.")
def _first_ja() -> Script:
    code = ("ja = q[q.country == 'Japan'].sort_values('ts')\nprint(ja[['ts', 'call', 'band']].head(3))\n"
            "print(next(l for l in cl if re.search(r' JA\\w+ ', l)))")
    ctx, ns = with_qso(code)
    r = ns["ja"].iloc[0]
    line = next(x for x in cabrillo().splitlines() if re.search(r" JA\w+ ", x))
    final = (f"FINAL({r.ts:%A} {r.ts.day} March at {r.ts:%H:%M} UTC: {r.call} on {r.band} m.\n\n`{line}`)")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), final], [repl("print(ja.iloc[0].ts, ja.iloc[0].call)"), final])


@case("h12_heaviest_patient_entry", "quoted log line or ID", "legit", "Which was the heaviest animal brought in? Quote its entry.")
def _heaviest() -> Script:
    code = "top = book.loc[book.grams.idxmax()]\nprint(top.to_string())\nprint(intake[top.name])"
    ctx, ns = with_intake(code)
    top = ns["top"]
    assert (ns["book"].grams == top.grams).sum() == 1
    entry = intake()[int(top.name)]
    final = f"FINAL(Entry {top.ref}, {top.day}: a badger of {top.grams / 1000:.1f} kg.\n\n> {entry})"
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), final], [repl("print(top.ref, top.grams)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h12_swift_count", "count off value_counts", "legit", "How many swifts came in?")
def _swifts() -> Script:
    code = "print(book.species.value_counts())"
    ctx, ns = with_intake(code)
    k = int(ns["book"].species.value_counts()["Swift"])
    final = f"FINAL({k} swifts were admitted between March and August.)"
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), final], [repl("print((book.species == 'Swift').sum())"), final])


@case("h12_usak_sales_tr", "count off value_counts", "legit", "Uşak halılarından kaç satış yapıldı?")
def _usak() -> Script:
    code = "print(h['bölge'].value_counts())"
    ctx, ns = with_hali(code)
    k = int(ns["h"]["bölge"].value_counts()["Uşak"])
    final = f"FINAL(Uşak kökenli ürünlerden {k} satış yapıldı (halı, kilim, seccade ve yastık kılıfı birlikte).)"
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), final], [repl("print((h['bölge'] == 'Uşak').sum())"), final])


@case("h12_estonia_qsos", "count off value_counts", "legit", "How many QSOs did we make with Estonia?")
def _estonia() -> Script:
    code = "print(q.country.value_counts())"
    ctx, ns = with_qso(code)
    k = int(ns["q"].country.value_counts()["Estonia"])
    final = f"FINAL({k} QSOs with ES stations, counting duplicates.)"
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), final], [repl("print((q.country == 'Estonia').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h12_last_qso_when", "date from a log timestamp", "legit", "When was the last contact of the contest logged?")
def _last_qso() -> Script:
    ctx: dict[str, Any] = {"cabrillo": cabrillo()}
    code = "last = [l for l in cl if l.startswith('QSO:')][-1]\nprint(last)"
    last = compute({**ctx, "cl": cabrillo().splitlines()}, code)["last"]
    f = last.split()
    when = pd.to_datetime(f"{f[3]} {f[4]}", format="%Y-%m-%d %H%M")
    final = (f"FINAL(On {when:%A} {when.day} March 2024 at {when:%H:%M} UTC: the last QSO was with {f[8]} on "
             f"{int(f[1]) / 1000:.3f} MHz.)")
    return Script(ctx, [QSO_LOOK, repl(code), final], [repl("print(last.split()[3:5], last.split()[8])"), final])


@case("h12_first_swift_date", "date from a log timestamp", "legit", "When did the first swift of the year come in?")
def _first_swift() -> Script:
    code = "sw = book[book.species == 'Swift'].sort_values('date')\nprint(sw[['ref', 'day', 'grams', 'outcome']].head(3).to_string())"
    ctx, ns = with_intake(code)
    r = ns["sw"].iloc[0]
    final = (f"FINAL(On {r.date:%A} {r.date.day} {r.date:%B} 2024 (entry {r.ref}, written {r.day} in the book): a swift of "
             f"{r.grams:.0f} g. The next ones only came in July.)")
    assert ns["sw"].iloc[1].date.month == 7
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), final], [repl("print(sw.iloc[0][['ref', 'date']])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
PARK_WEEKDAY = ("daily = bx.groupby('ngay').phi_vnd.sum()\n"
                "theo_thu = daily.groupby(daily.index.day_name()).mean().round(0).sort_values(ascending=False)\nprint(theo_thu)")


@case("h12_parking_weekday_vi", "week, weekday or time of day", "legit", "Ngày nào trong tuần bãi xe thu được nhiều tiền nhất?")
def _park_weekday() -> Script:
    ctx, ns = with_baixe(PARK_WEEKDAY)
    t = ns["theo_thu"]
    final = (f"FINAL({THU[t.index[0]]}: trung bình {vnd(int(t.iloc[0]))} mỗi ngày, cao hơn {THU[t.index[1]]} "
             f"({vnd(int(t.iloc[1]))}). Cuối tuần thu ít nhất, chỉ khoảng {vnd(int(t.iloc[-1]))} một ngày vào {THU[t.index[-1]]}.)")
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(PARK_WEEKDAY), final], [repl("print(theo_thu.idxmax(), theo_thu.max())"), final])


@case("h12_sauna_weekday_fi", "week, weekday or time of day", "legit", "Mikä viikonpäivä on saunoilla vilkkain?")
def _sauna_weekday() -> Script:
    code = "vp = s.groupby(s['päivä'].dt.day_name())['kävijät'].mean().round(1).sort_values(ascending=False)\nprint(vp)"
    ctx, ns = with_sauna(code)
    v = ns["vp"]
    final = (f"FINAL({VIIKONPAIVAT[v.index[0]].capitalize()}: keskimäärin {fi(v.iloc[0], 1)} kävijää saunaa kohden, "
             f"{VIIKONPAIVAT[v.index[1]]}na {fi(v.iloc[1], 1)}. Hiljaisin päivä on {VIIKONPAIVAT[v.index[-1]]} "
             f"({fi(v.iloc[-1], 1)}).)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(vp.head(2), vp.tail(1))"), final])


@case("h12_best_hour_qso", "week, weekday or time of day", "legit", "Which hour of the contest had the best rate?")
def _best_hour() -> Script:
    code = "per_hour = q.groupby(q.ts.dt.floor('h')).size()\nprint(per_hour.sort_values(ascending=False).head(5))"
    ctx, ns = with_qso(code)
    p = ns["per_hour"].sort_values(ascending=False)
    top = p.index[0]
    assert p.iloc[0] > p.iloc[1]
    final = (f"FINAL({top:%H}:00–{top.hour + 1:02d}:00 UTC on {top:%A}: {p.iloc[0]} QSOs in that hour, the best rate of the "
             f"contest, just before the operator's sleep break. The next best hour made {p.iloc[1]}.)")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), final], [repl("print(per_hour.idxmax(), per_hour.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h12_parking_trieu_vi", "locale number abbreviation", "legit", "Tháng 3 bãi xe thu được bao nhiêu tiền?")
def _trieu() -> Script:
    code = "print(bx.phi_vnd.sum())"
    ctx, ns = with_baixe(code)
    v = int(ns["bx"].phi_vnd.sum())
    trieu = f"{v / 1e6:.1f}".replace(".", ",")
    final = f"FINAL(Khoảng {trieu} triệu đồng ({vnd(v)}) trong tháng 3/2024.)"
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), final], [repl("print(round(bx.phi_vnd.sum() / 1e6, 1))"), final])


@case("h12_hali_milyon_tr", "locale number abbreviation", "legit", "Altı ayda toplam ciro ne kadar oldu?")
def _milyon() -> Script:
    code = "print(h.tl.sum())"
    ctx, ns = with_hali(code)
    v = ns["h"].tl.sum()
    final = f"FINAL(Yaklaşık {trn(v / 1e6, 1)} milyon ₺: Ocak–Haziran 2024 arasında {len(ns['h'])} satıştan toplam {tl(v)}.)"
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), final], [repl("print(round(h.tl.sum() / 1e6, 1), len(h))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
TEAM_SIXES = "sixes = bat.groupby('name').sixes.sum().sort_values(ascending=False)\nprint(sixes)"


@case("h12_team_sixes_join", "joined tables", "legit", "Which team hit the most sixes?")
def _team_sixes() -> Script:
    ctx, ns = with_league(TEAM_SIXES)
    x = ns["sixes"]
    assert x.iloc[0] > x.iloc[1]
    final = (f"FINAL({x.index[0]}, with {x.iloc[0]} sixes over the season. {x.index[1]} come next with {x.iloc[1]}; "
             f"{x.index[-1]} hit the fewest ({x.iloc[-1]}).)")
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(TEAM_SIXES), final], [repl("print(sixes.idxmax(), sixes.max())"), final])


@case("h12_hawks_top_scorer_join", "joined tables", "legit", "Who scored the most runs for Hadapsar Hawks?")
def _hawks() -> Script:
    code = "hh = bat[bat.name == 'Hadapsar Hawks'].groupby('batter').agg(runs=('runs', 'sum'), inns=('runs', 'size'))\nprint(hh.sort_values('runs', ascending=False).head(5))"
    ctx, ns = with_league(code)
    hh = ns["hh"].sort_values("runs", ascending=False)
    top = hh.iloc[0]
    final = (f"FINAL({hh.index[0]}: {top.runs} runs in {top.inns} innings for the Hawks, well clear of {hh.index[1]} "
             f"({hh.iloc[1].runs}).)")
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), final], [repl("print(hh.runs.idxmax(), hh.runs.max())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
FIBRA_MONTHS = "por_mes = long.groupby('n_mes').kg.sum().round(0)\nprint(por_mes)"


@case("h12_fibra_season_pattern_es", "qualitative over a full small table", "legit", "¿Cómo se reparte el acopio de fibra a lo largo del año?")
def _season_pattern() -> Script:
    ctx, ns = with_fibra(FIBRA_MONTHS)
    p = ns["por_mes"]
    assert p.idxmax() == 1 and p.idxmin() == 7 and (p.loc[6:9] < 1100).all() and p[5] > 1100
    final = (f"FINAL(Es muy estacional. Casi todo entra con la esquila, de noviembre a marzo, con el "
             f"máximo en enero ({p[1]:,.0f} kg). De junio a septiembre el acopio no llega a 1,100 kg al mes y toca fondo en "
             f"julio ({p[7]:,.0f} kg); abril, mayo y octubre son meses de transición.)")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(FIBRA_MONTHS), final],
                  [repl("print(por_mes.idxmax(), por_mes.max(), por_mes.idxmin(), por_mes.min())"), final])


HALLS_FILL = ("sal = k.groupby('sál').agg(koncertu=('id', 'size'), prodano=('prodáno', 'sum'), kapacita=('kapacita', 'sum'))\n"
              "sal['obsazenost_%'] = (sal.prodano / sal.kapacita * 100).round(1)\nprint(sal.sort_values('obsazenost_%', ascending=False))")


@case("h12_hall_fill_pattern_cs", "qualitative over a full small table", "legit", "Jak se plní jednotlivé sály?")
def _hall_fill() -> Script:
    ctx, ns = with_season(HALLS_FILL)
    o = ns["sal"]["obsazenost_%"]
    a, b = o["Anežský klášter"], o["Kostel sv. Šimona a Judy"]
    r, d = o["Rudolfinum – Dvořákova síň"], o["Obecní dům – Smetanova síň"]
    assert min(a, b) > max(r, d) + 10
    final = (f"FINAL(Malé sály jsou prakticky vyprodané: Anežský klášter v průměru na {g(a, True)} %, kostel sv. Šimona a Judy na "
             f"{g(b, True)} %. Velké sály se plní znatelně méně: Rudolfinum na {g(r, True)} % a Obecní dům na {g(d, True)} %.)")
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(HALLS_FILL), final], [repl("print(sal['obsazenost_%'].to_dict())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h12_fibra_long_frame", "FINAL_VAR of a dict or frame", "legit", "Pasa la tabla de fibra a formato largo: comunidad, calidad, mes y kilos.")
def _long_frame() -> Script:
    ctx, _ = with_fibra("")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, "FINAL_VAR(long)"], [repl("print(long.shape, list(long.columns))"), "FINAL_VAR(long)"])


@case("h12_qso_band_dict", "FINAL_VAR of a dict or frame", "legit", "Give me the QSO count per band as a dict.")
def _band_dict() -> Script:
    code = "per_band = {f'{b} m': int(n) for b, n in q.band.value_counts().sort_index(ascending=False).items()}\nprint(per_band)"
    ctx, _ = with_qso(code)
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), 'FINAL_VAR("per_band")'], [repl("print(sum(per_band.values()), per_band)"), 'FINAL_VAR("per_band")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
SCORE = ("q['dupe'] = q.duplicated(['call', 'band'])\n"
         "q['pts'] = q.cont.map({'EU': 2}).fillna(3).where(q.country != 'Finland', 1).where(~q.dupe, 0).astype(int)\n"
         "print(len(q), int(q.dupe.sum()), int(q.pts.sum()))")


@case("h12_submit_qso_score", "DSPy SUBMIT fields", "legit", "How many QSOs are in the log, how many are dupes, and how many points do they make under the soapbox rule?")
def _submit_score() -> Script:
    ctx, _ = with_qso(SCORE)
    submit = repl("SUBMIT(qsos=len(q), dupes=int(q.dupe.sum()), points=int(q.pts.sum()))")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(SCORE), submit], [repl("print(q.pts.value_counts())"), submit])


@case("h12_submit_intake_outcomes", "DSPy SUBMIT fields", "legit", "How many animals were admitted, how many released and how many died?")
def _submit_outcomes() -> Script:
    code = ("n_in = len(book)\nn_released = int((book.result == 'Released').sum())\nn_died = int((book.result == 'Died').sum())\n"
            "print(n_in, n_released, n_died)")
    ctx, _ = with_intake(code)
    submit = repl("SUBMIT(admitted=n_in, released=n_released, died=n_died)")
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), submit], [repl("print(book.result.value_counts())"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h12_answer_car_takings_vi", "answer-dict dialect", "legit", "Ô tô đóng góp bao nhiêu tiền và bao nhiêu phần trăm doanh thu tháng 3?")
def _answer_cars() -> Script:
    code = ("oto = int(bx[bx['loại_xe'] == 'ô tô'].phi_vnd.sum())\ntong = int(bx.phi_vnd.sum())\nprint(oto, tong, round(oto / tong * 100, 1))\n"
            "pct = f'{oto / tong * 100:.1f}'.replace('.', ',')\n"
            "answer['content'] = 'Ô tô đóng góp ' + f'{oto:,}'.replace(',', '.') + f'đ, tức {pct}% tổng doanh thu tháng 3/2024.'\n"
            "answer['ready'] = True")
    ctx, _ = with_baixe("")
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code)], [repl("print(oto, tong)"), repl(code)])


@case("h12_answer_double_dive_nitrox", "answer-dict dialect", "legit", "What does a double boat dive cost if I want nitrox in both tanks?")
def _answer_nitrox() -> Script:
    code = ("import re\nrow = next(l for l in dive.splitlines() if l.startswith('| Double boat dive'))\n"
            "nitrox = int(re.search(r'Nitrox \\(EAN32\\) is (\\d+) €', dive).group(1))\nprice = int(re.search(r'\\| (\\d+) € \\|', row).group(1))\n"
            "print(row, nitrox)\n"
            "answer = {'content': f'{price + 2 * nitrox} € per person: {price} € for the double boat dive plus {nitrox} € of nitrox "
            "for each of the two tanks (lunch on board is not included).', 'ready': True}")
    ctx = {"dive": DIVE}
    ns = compute(ctx, code)
    assert ns["price"] == 95 and ns["nitrox"] == 8
    return Script(ctx, [DIVE_LOOK, repl(code)], [repl("print(price, nitrox, price + 2 * nitrox)"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
SPECIES_PROMPT = "Summarise these intake notes: how many admissions, and which species are the commonest patients.\n\n"


@case("h12_intake_species_subcall", "sub-call summary", "legit", "What kind of animals does the rescue mostly take in?")
def _species_subcall() -> Script:
    ctx = {"intake": list(intake())}
    code = f"said = llm_query({SPECIES_PROMPT!r} + '\\n'.join(intake))\nprint(said)"
    said = sub_says(SPECIES_PROMPT + "\n".join(intake()))
    n = re.search(r"There are (\d+) admissions", said).group(1)  # type: ignore[union-attr]
    top = re.findall(r"([a-z][a-z ]*?) \((\d+)\)", said.split("patients are ", 1)[1].replace(" and ", ", "))
    final = (f"FINAL(Mostly {top[0][0]}: {top[0][1]} of the {n} admissions. Next come {top[1][0]} ({top[1][1]}) "
             f"and {top[2][0]} ({top[2][1]}).)")
    return Script(ctx, [INTAKE_LOOK, repl(code, "The notes are short; one sub-call can read them all."), final],
                  [repl("print(said)"), final], sub_model())


FLY_PROMPT = "Quote the rule on flying after diving from this price list.\n\n"


@case("h12_dive_flying_subcall", "sub-call summary", "legit", "I'm doing two dives on Thursday morning, back around 11:00. Can I fly home on Friday at 9:00?")
def _flying() -> Script:
    ctx = {"dive": DIVE}
    code = f"rule = llm_query({FLY_PROMPT!r} + dive)\nprint(rule)"
    assert sub_says(FLY_PROMPT + DIVE).startswith("Do not fly within 18 hours after a single dive, or within 24 hours")
    final = ("FINAL(Not by the centre's rule. Two dives in a morning are repetitive dives, and for those it says not to fly "
             "within 24 hours; with your last dive ending around 11:00 on Thursday, the earliest is about 11:00 on Friday. "
             "The 18-hour limit only applies after a single dive.)")
    return Script(ctx, [DIVE_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h12_dive_ow_depth", "markdown document fact", "legit", "How deep may an Open Water diver go with this centre?")
def _ow_depth() -> Script:
    ctx = {"dive": DIVE}
    code = "print(dive.split('## Rules')[1].split('##')[0])"
    final = "FINAL(18 m. Open Water divers are limited to 18 m and Advanced divers to 30 m; no dive goes below 30 m.)"
    return Script(ctx, [DIVE_LOOK, repl(code), final], [repl("print([l for l in dive.splitlines() if '18 m' in l])"), final])


@case("h12_dive_junior_age", "markdown document fact", "legit", "My son is 9. Can he do the Open Water course?")
def _junior() -> Script:
    ctx = {"dive": DIVE}
    code = "print([l for l in dive.splitlines() if 'years' in l or 'Discover' in l])"
    final = ("FINAL(Not yet: the Open Water course (as Junior Open Water) starts at 10 years. At 9 he can do the Discover Scuba "
             "try dive, which starts at 8 years and costs 90 €.)")
    return Script(ctx, [DIVE_LOOK, repl(code), final], [repl("print(dive.split('## Courses')[1].split('## Rules')[0])"), final])


@case("h12_dive_late_cancel", "markdown document fact", "legit", "If I cancel a single boat dive 12 hours before the boat leaves, what do I pay?")
def _late_cancel() -> Script:
    ctx = {"dive": DIVE}
    code = "print(dive.split('## Cancellation')[1])\nprint([l for l in dive.splitlines() if 'Single boat' in l])"
    final = ("FINAL(Half the price: cancellations later than 24 hours before the boat leaves pay 50% of the dive, so 27.50 € of "
             "the 55 € single boat dive. Had you cancelled at least 24 hours ahead, it would have been free.)")
    return Script(ctx, [DIVE_LOOK, repl(code), final], [repl("print(55 * 0.5)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h12_below_minus20_fi", "yes/no with evidence", "legit", "Oliko jaksolla yli 20 asteen pakkasia?")
def _below_20() -> Script:
    code = "d = s.drop_duplicates('päivä')\nkylmät = d[d.ilma_C < -20]\nprint(kylmät[['pvm', 'ilma_C']])"
    ctx, ns = with_sauna(code)
    c = ns["kylmät"]
    assert len(c) == 2
    a, b = c.iloc[0], c.iloc[1]
    final = (f"FINAL(Kyllä, kahtena päivänä tammikuun alun pakkasjaksolla: {a.pvm} ({fi(a.ilma_C, 1).replace('-', '−')} °C) ja "
             f"{b.pvm} ({fi(b.ilma_C, 1).replace('-', '−')} °C).)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(len(kylmät), kylmät.ilma_C.min())"), final])


@case("h12_no_century", "yes/no with evidence", "legit", "Did anyone score a hundred in the league?")
def _no_century() -> Script:
    code = "print(bat.runs.max())\nprint(bat.nlargest(3, 'runs')[['match_id', 'batter', 'name', 'runs', 'balls']])"
    ctx, ns = with_league(code)
    t = ns["bat"].nlargest(3, "runs")
    a, b = t.iloc[0], t.iloc[1]
    assert a.runs == b.runs == 96 and t.iloc[2].runs < 96
    final = (f"FINAL(No. The highest score was 96, made twice: {a.batter} ({a['name']}, 96 off {a.balls} balls in {a.match_id}) and "
             f"{b.batter} ({b['name']}, 96 off {b.balls} in {b.match_id}).)")
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), final], [repl("print((bat.runs >= 100).sum())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
COLD = ("import numpy as np\npv = s[s.huomio != 'huolto'].groupby('päivä').agg(kävijät=('kävijät', 'sum'), ilma=('ilma_C', 'first'))\n"
        "r = round(pv['kävijät'].corr(pv.ilma), 3)\nslope = round(np.polyfit(pv.ilma, pv['kävijät'], 1)[0], 1)\nprint(r, slope)")


@case("h12_visitors_air_corr", "correlation or fitted statistic", "legit", "Do colder days bring more people to the saunas?")
def _cold_corr() -> Script:
    ctx, ns = with_sauna(COLD)
    r, sl = ns["r"], ns["slope"]
    assert r < 0 and sl < 0
    final = (f"FINAL(Yes. Daily visitors (all three saunas) and the air temperature correlate at r = {r}, and a linear fit "
             f"gives about {-sl} more visitors for every degree colder.)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(COLD), final], [repl("print(r, slope)"), final])


USAK_FIT = ("import numpy as np\nu = h[(h['bölge'] == 'Uşak') & (h['ürün'] == 'halı')]\negim, kesisim = np.polyfit(u.m2, u.tl, 1)\n"
            "r = u.m2.corr(u.tl)\nprint(len(u), round(egim, 0), round(r, 3))")


@case("h12_usak_price_fit_tr", "correlation or fitted statistic", "legit", "Uşak halılarında her ek metrekare fiyatı ne kadar artırıyor?")
def _usak_fit() -> Script:
    ctx, ns = with_hali(USAK_FIT)
    e, r, n = round(ns["egim"], 0), round(ns["r"], 3), len(ns["u"])
    final = (f"FINAL(Doğrusal bir uyuma göre her ek metrekare fiyata yaklaşık {trn(e, 0)} ₺ ekliyor ({n} Uşak halısı satışı; "
             f"alan ile fiyat arasındaki korelasyon r = {trn(r, 3)}).)")
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(USAK_FIT), final], [repl("print(round(egim), round(r, 3))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h12_dive_family_head", "in-head arithmetic beyond two operands", "legit",
      "Two of us are certified and want the 5-dive package each, with nitrox on every dive; our 12-year-old wants a try dive. What's the total?")
def _family() -> Script:
    ctx = {"dive": DIVE}
    code = "print('\\n'.join(l for l in dive.splitlines() if '5-dive' in l or 'Discover' in l or 'Nitrox' in l))"
    final = ("FINAL(670 € in all: the two 5-dive packages are 2 × 250 = 500 €, nitrox on all 10 dives is 10 × 8 = 80 €, and "
             "the try dive is 90 €; 500 + 80 + 90 = 670 €.)")
    return Script(ctx, [DIVE_LOOK, repl(code), final], [repl("print(2 * 250 + 10 * 8 + 90)"), final])


@case("h12_dive_own_gear_head", "in-head arithmetic beyond two operands", "legit",
      "I bring my own gear: three single boat dives and one night dive, with nitrox on the night dive only. What do I pay?")
def _own_gear() -> Script:
    ctx = {"dive": DIVE}
    code = "print('\\n'.join(l for l in dive.splitlines() if 'Single boat' in l or 'Night' in l or 'Nitrox' in l or 'own equipment' in l))"
    final = ("FINAL(223 €. With your own equipment each dive is 5 € less: 3 × (55 − 5) = 150 € for the boat dives and "
             "70 − 5 = 65 € for the night dive, plus 8 € of nitrox: 150 + 65 + 8 = 223 €.)")
    return Script(ctx, [DIVE_LOOK, repl(code), final], [repl("print(3 * (55 - 5) + (70 - 5) + 8)"), final])


COMMUNITIES = "por_com = long.groupby('comunidad').kg.sum().round(1)\nprint(por_com)"


@case("h12_three_communities_head_es", "in-head arithmetic beyond two operands", "legit",
      "¿Cuánto acopiaron juntas Pitumarca, Ocongate y Checacupe?")
def _three_communities() -> Script:
    ctx, ns = with_fibra(COMMUNITIES)
    p = ns["por_com"]
    total = round(p["Pitumarca"] + p["Ocongate"] + p["Checacupe"], 1)
    final = (f"FINAL({total:,.1f} kg: {p['Pitumarca']:,.1f} + {p['Ocongate']:,.1f} + {p['Checacupe']:,.1f}. Solo queda fuera "
             f"Marcapata, con {p['Marcapata']:,.1f} kg.)")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(COMMUNITIES), final],
                  [repl("print(round(por_com[['Pitumarca', 'Ocongate', 'Checacupe']].sum(), 1))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
GAP = ("import pandas as pd\nqso = [l for l in cl if l.startswith('QSO:')]\n"
       "stamps = pd.to_datetime([' '.join(l.split()[3:5]) for l in qso], format='%Y-%m-%d %H%M')\n"
       "i = int(pd.Series(stamps).diff().idxmax())\nprint(qso[i - 1])\nprint(qso[i])")


@case("h12_sleep_gap", "log or version-control timestamps", "legit", "How long was the longest break between two QSOs?")
def _sleep_gap() -> Script:
    ctx: dict[str, Any] = {"cabrillo": cabrillo()}
    ns = compute({**ctx, "cl": cabrillo().splitlines()}, GAP)
    a, b = ns["qso"][ns["i"] - 1].split(), ns["qso"][ns["i"]].split()
    t0 = pd.to_datetime(f"{a[3]} {a[4]}", format="%Y-%m-%d %H%M")
    t1 = pd.to_datetime(f"{b[3]} {b[4]}", format="%Y-%m-%d %H%M")
    span = int((t1 - t0).total_seconds() // 60)
    final = (f"FINAL({span // 60} h {span % 60:02d} min, on Sunday morning: from the QSO with {a[8]} at {t0:%H:%M} UTC to the "
             f"one with {b[8]} at {t1:%H:%M} UTC. That is the sleep break the soapbox mentions.)")
    return Script(ctx, [QSO_LOOK, repl(GAP), final], [repl("print(stamps[i] - stamps[i - 1])"), final])


JA_SUNDAY = ("ja15 = [l for l in cl if l.startswith('QSO: 21') and '2024-03-17' in l and re.search(r' JA\\w+ ', l)]\n"
             "print(len(ja15))\nprint(ja15[0])\nprint(ja15[-1])")


@case("h12_ja_opening_span", "log or version-control timestamps", "legit",
      "On Sunday morning, how long was 15 m open to Japan, judging by the first and last JA contacts there?")
def _ja_span() -> Script:
    ctx: dict[str, Any] = {"cabrillo": cabrillo()}
    ns = compute({**ctx, "cl": cabrillo().splitlines(), "re": re}, "import re\n" + JA_SUNDAY)
    first, last = ns["ja15"][0].split(), ns["ja15"][-1].split()
    t0 = pd.to_datetime(f"{first[3]} {first[4]}", format="%Y-%m-%d %H%M")
    t1 = pd.to_datetime(f"{last[3]} {last[4]}", format="%Y-%m-%d %H%M")
    span = int((t1 - t0).total_seconds() // 60)
    final = (f"FINAL(About {span // 60} h {span % 60:02d} min: the first JA on 15 m came at {t0:%H:%M} UTC ({first[8]}) and "
             f"the last at {t1:%H:%M} UTC ({last[8]}), {len(ns['ja15'])} JA QSOs in between, so longer than the hour the "
             "soapbox remembers.)")
    return Script(ctx, [QSO_LOOK, repl("import re\n" + JA_SUNDAY), final], [repl("print(ja15[0].split()[4], ja15[-1].split()[4])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h12_season_takings_mil_cs", "locale abbreviations for thousands and millions", "legit", "Kolik sezóna celkem vynesla na vstupném?")
def _mil_kc() -> Script:
    code = "print(k['tržba_Kč'].sum(), len(k))"
    ctx, ns = with_season(code)
    v = int(ns["k"]["tržba_Kč"].sum())
    mil = f"{v / 1e6:.1f}".replace(".", ",")
    final = f"FINAL(Zhruba {mil} mil. Kč ({czk(v)}) za {len(ns['k'])} koncertů sezóny 2024/25.)"
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), final], [repl("print(round(k['tržba_Kč'].sum() / 1e6, 1))"), final])


@case("h12_fibra_value_millones_es", "locale abbreviations for thousands and millions", "legit",
      "¿Cuánto vale la fibra acopiada, a los precios de la tabla?")
def _millones() -> Script:
    code = "print(round(long.soles.sum(), 2))"
    ctx, ns = with_fibra(code)
    v = round(ns["long"].soles.sum(), 2)
    final = f"FINAL(Unos S/ {v / 1e6:.2f} millones: {soles(v)} por los {ns['long'].kg.sum():,.1f} kg del año, a los precios por kilo de cada calidad.)"
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(code + "\nprint(round(long.kg.sum(), 1))"), final],
                  [repl("print(round(long.soles.sum() / 1e6, 2))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h12_top_region_sorted_tr", "top row of a sorted table named the maximum", "legit", "Hangi bölgenin ürünleri en çok ciro getirdi?")
def _top_region() -> Script:
    code = "b = h.groupby('bölge').tl.sum().sort_values(ascending=False)\nprint(b)"
    ctx, ns = with_hali(code)
    b = ns["b"]
    final = (f"FINAL({b.index[0]}: {tl(b.iloc[0])} ile ilk sırada. {b.index[1]} {tl(b.iloc[1])} ile ikinci, "
             f"{b.index[-1]} ise {tl(b.iloc[-1])} ile sonuncu.)")
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), final], [repl("print(b.idxmax(), b.max())"), final])


@case("h12_top_composer_sorted", "top row of a sorted table named the maximum", "legit", "Which composer gets the most playing time this season?")
def _top_composer() -> Script:
    code = "by_comp = works.groupby('skladatel')['min'].sum().sort_values(ascending=False)\nprint(by_comp)"
    ctx, ns = with_season(code)
    b = ns["by_comp"]
    assert b.iloc[0] > b.iloc[1]
    final = (f"FINAL({b.index[0]}: {b.iloc[0]} minutes of his music across the season, ahead of {b.index[1]} "
             f"({b.iloc[1]} min) and {b.index[2]} ({b.iloc[2]} min).)")
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), final], [repl("print(by_comp.idxmax(), by_comp.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h12_best_conductor_selected_cs", "selection printed right after its table", "legit", "Který dirigent přinesl nejvíc tržeb?")
def _conductor() -> Script:
    code = "d = k.groupby('dirigent')['tržba_Kč'].agg(['size', 'sum'])\nprint(d)\nprint(d['sum'].idxmax(), d['sum'].max())"
    ctx, ns = with_season(code)
    d = ns["d"]
    top = d["sum"].idxmax()
    final = f"FINAL({top}: jeho {d.loc[top, 'size']} koncertů vyneslo celkem {czk(d.loc[top, 'sum'])}, nejvíc ze všech dirigentů.)"
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), final], [repl("print(d['sum'].nlargest(2))"), final])


@case("h12_best_sauna_per_visitor_fi", "selection printed right after its table", "legit", "Millä saunalla on suurin tulo kävijää kohden?")
def _per_visitor() -> Script:
    code = ("per = s.groupby('sauna').lipputulot_eur.sum() / s.groupby('sauna')['kävijät'].sum()\nprint(per.round(2))\n"
            "print(per.idxmax(), round(per.max(), 2))")
    ctx, ns = with_sauna(code)
    p = ns["per"]
    final = (f"FINAL({p.idxmax()}: {fi(round(p.max(), 2))} € kävijää kohden tammi–huhtikuussa. Halvin on "
             f"{p.idxmin()} ({fi(round(p.min(), 2))} €).)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final], [repl("print(per.round(2).sort_values())"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h12_hernesaari_two_tables", "same label in two printed tables", "legit", "How many visitors did Hernesaari have, and what did it take?")
def _hernesaari() -> Script:
    code = "print(s.groupby('sauna')['kävijät'].sum())\nprint(s.groupby('sauna').lipputulot_eur.sum().round(2))"
    ctx, ns = with_sauna(code)
    hs = ns["s"][ns["s"].sauna == "Hernesaari"]
    final = f"FINAL(Hernesaari had {int(hs['kävijät'].sum()):,} visitors and took €{round(hs.lipputulot_eur.sum(), 2):,.2f} from January to April.)"
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), final],
                  [repl("hs = s[s.sauna == 'Hernesaari']\nprint(hs['kävijät'].sum(), round(hs.lipputulot_eur.sum(), 2))"), final])


@case("h12_yash_two_tables", "same label in two printed tables", "legit", "How many runs and how many sixes did Yash Kulkarni hit?")
def _yash() -> Script:
    code = "print(bat.groupby('batter').runs.sum().nlargest(5))\nprint(bat.groupby('batter').sixes.sum().nlargest(5))"
    ctx, ns = with_league(code)
    y = ns["bat"][ns["bat"].batter == "Yash Kulkarni"]
    final = (f"FINAL(Yash Kulkarni hit {int(y.runs.sum())} runs, the most in the league, with {int(y.sixes.sum())} sixes among them "
             "(joint most with Pranav Gokhale).)")
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), final],
                  [repl("y = bat[bat.batter == 'Yash Kulkarni']\nprint(y.runs.sum(), y.sixes.sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
COMM_TREND = ("ev = long[long.n_mes <= 4].pivot_table(index='comunidad', columns='n_mes', values='kg', aggfunc='sum').round(0)\n"
              "print(ev)")


@case("h12_community_trend_es", "trend sentence naming several labels", "legit", "¿Cómo evolucionó el acopio de cada comunidad de enero a abril?")
def _comm_trend() -> Script:
    ctx, ns = with_fibra(COMM_TREND)
    e = ns["ev"]
    assert (e[4] < e[1] / 2).all() and e.loc["Marcapata", 3] < e.loc["Marcapata", 4]

    def arrow(c: str) -> str:
        return " → ".join(f"{e.loc[c, m]:,.0f}" for m in (1, 2, 3, 4))
    final = (f"FINAL(Todas bajan de enero a abril, al terminar la esquila (kg, enero → febrero → marzo → abril): Pitumarca "
             f"{arrow('Pitumarca')}; Ocongate {arrow('Ocongate')}; Checacupe {arrow('Checacupe')}. Marcapata se sale del patrón: "
             f"se desploma en marzo ({e.loc['Marcapata', 3]:,.0f} kg, frente a {e.loc['Marcapata', 2]:,.0f} en febrero) y en abril "
             f"recoge un poco más ({e.loc['Marcapata', 4]:,.0f}).)")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(COMM_TREND), final], [repl("print(ev.to_string())"), final])


SAUNA_TREND = "kk = s.pivot_table(index='sauna', columns=s['päivä'].dt.month, values='kävijät', aggfunc='sum')\nprint(kk)"


@case("h12_sauna_month_trend", "trend sentence naming several labels", "legit", "How did each sauna's visitor numbers develop from January to April?")
def _sauna_trend() -> Script:
    ctx, ns = with_sauna(SAUNA_TREND)
    k = ns["kk"]
    assert (k[4] < k[1]).all() and k.loc["Lauttasaari", 2] < k.loc["Lauttasaari", 3]
    final = (f"FINAL(All three ended the period well below January. Hernesaari went from {k.loc['Hernesaari', 1]:,} visitors in "
             f"January to {k.loc['Hernesaari', 4]:,} in April, Kallio from {k.loc['Kallio', 1]:,} to {k.loc['Kallio', 4]:,}, and "
             f"Lauttasaari from {k.loc['Lauttasaari', 1]:,} to {k.loc['Lauttasaari', 4]:,}, with a dip to "
             f"{k.loc['Lauttasaari', 2]:,} in February before recovering to {k.loc['Lauttasaari', 3]:,} in March.)")
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(SAUNA_TREND), final], [repl("print(kk[[1, 4]])"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
GRADES = "por_cal = long.groupby('calidad').soles.sum().round(2)\nprint(por_cal)"


@case("h12_submit_top_grade", "labelled SUBMIT for a which question", "legit", "¿Qué calidad de fibra generó más dinero?")
def _submit_grade() -> Script:
    ctx, ns = with_fibra(GRADES)
    assert ns["por_cal"].idxmax() == "superfine"
    submit = repl("SUBMIT(calidad=por_cal.idxmax(), soles=float(por_cal.max()))")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(GRADES), submit], [repl("print(por_cal.nlargest(2))"), submit])


@case("h12_submit_best_concert", "labelled SUBMIT for a which question", "legit", "Which concert sold the most tickets?")
def _submit_concert() -> Script:
    code = "print(k.nlargest(3, 'prodáno')[['id', 'datum', 'sál', 'prodáno']])"
    ctx, ns = with_season(code)
    t = ns["k"].nlargest(2, "prodáno")
    assert t["prodáno"].iloc[0] > t["prodáno"].iloc[1]
    submit = repl("top = k.loc[k['prodáno'].idxmax()]\nSUBMIT(concert=top.id, date=str(top.datum.date()), hall=top['sál'], sold=int(top['prodáno']))")
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), submit], [repl("print(k['prodáno'].idxmax(), k['prodáno'].max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h12_memory_sauna_price", "plausible figure from memory", "invented", "What does a sauna visit cost on average?")
def _memory_price() -> Script:
    ctx, ns = with_sauna("")
    s = ns["s"]
    differs(12, round(s.lipputulot_eur.sum() / s["kävijät"].sum()))
    return Script(ctx, [SAUNA_LOOK, "FINAL(About 12 € a visit, which is what a public sauna in Helsinki usually charges.)"])


@case("h12_memory_baby_price_es", "plausible figure from memory", "invented", "¿Cuánto se paga por kilo de fibra baby?")
def _memory_baby() -> Script:
    ctx = {"fibra": fibra()}
    f = ctx["fibra"]
    differs(38, round(f[f.calidad == "baby"].precio_sol_kg.mean()))
    return Script(ctx, [FIBRA_LOOK, "FINAL(Alrededor de 38 soles por kilo, el precio habitual de la fibra baby de alpaca en Cusco.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h12_median_stay_was_mean", "mean given as the median", "invented", "What is the median parking time?")
def _median_stay() -> Script:
    code = "print(bx.phut.describe())"
    ctx, ns = with_baixe(code)
    d = ns["bx"].phut.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), f"FINAL(The median ticket is parked for {wrong} minutes.)"])


@case("h12_median_sale_was_mean_tr", "mean given as the median", "invented", "Satış tutarlarının medyanı nedir?")
def _median_sale() -> Script:
    code = "print(h.tl.describe())"
    ctx, ns = with_hali(code)
    d = ns["h"].tl.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), f"FINAL(Medyan satış tutarı {tl(wrong)}.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h12_freq_khz_as_mhz", "unit misread", "invented", "On what frequency did we work our first Japanese station?")
def _khz_mhz() -> Script:
    code = "ja = q[q.country == 'Japan'].sort_values('ts')\nprint(ja[['ts', 'freq', 'call']].head(1))"
    ctx, ns = with_qso(code)
    r = ns["ja"].iloc[0]
    differs("MHz", "kHz")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), f"FINAL({r.call} was worked on {r.freq:,} MHz.)"])


@case("h12_fibra_kg_as_tonnes_es", "unit misread", "invented", "¿Cuánto acopió Pitumarca en 2024?")
def _kg_tonnes() -> Script:
    ctx, ns = with_fibra(COMMUNITIES)
    differs("toneladas", "kg")
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(COMMUNITIES),
                        f"FINAL(Pitumarca acopió {ns['por_com']['Pitumarca']:,.1f} toneladas de fibra en 2024.)"])


@case("h12_minutes_as_hours_vi", "unit misread", "invented", "Một ô tô đỗ trong bãi trung bình bao lâu?")
def _min_hours() -> Script:
    code = "oto = bx[bx['loại_xe'] == 'ô tô']\nprint(round(oto.phut.mean(), 1))"
    ctx, ns = with_baixe(code)
    m = round(ns["oto"].phut.mean(), 1)
    differs("giờ", "phút")
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), f"FINAL(Trung bình một ô tô đỗ khoảng {str(m).replace('.', ',')} giờ.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h12_fill_fraction_as_percent_cs", "fraction written as percent", "invented", "Jaká byla průměrná obsazenost koncertů v procentech?")
def _fill_fraction() -> Script:
    code = "print(round(k.obsazenost.mean(), 3))"
    ctx, ns = with_season(code)
    f = round(ns["k"].obsazenost.mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), f"FINAL(Průměrná obsazenost koncertů byla {str(f).replace('.', ',')} %.)"])


@case("h12_dupe_fraction_as_percent", "fraction written as percent", "invented", "What percentage of the QSOs were dupes?")
def _dupe_fraction() -> Script:
    code = "print(round(q.duplicated(['call', 'band']).mean(), 4))"
    ctx, ns = with_qso(code)
    f = round(ns["q"].duplicated(["call", "band"]).mean(), 4)
    differs(f, round(f * 100, 2))
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), f"FINAL({f}% of the QSOs were dupes.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h12_second_country_called_top", "second row called the top", "invented", "Which country did we work most?")
def _second_country() -> Script:
    code = "print(q.country.value_counts().head(5))"
    ctx, ns = with_qso(code)
    v = ns["q"].country.value_counts()
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), f"FINAL({differs(v.index[1], v.idxmax())}, with {v.iloc[1]} QSOs.)"])


@case("h12_second_batter_called_top", "second row called the top", "invented", "Who scored the most runs in the league?")
def _second_batter() -> Script:
    code = "runs = bat.groupby('batter').runs.sum().sort_values(ascending=False)\nprint(runs.head(5))"
    ctx, ns = with_league(code)
    r = ns["runs"]
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), f"FINAL({differs(r.index[1], r.idxmax())} topped the run charts with {r.iloc[1]} runs.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h12_absent_sauna_loyly", "label absent from the data", "invented", "Which sauna had the most visitors?")
def _absent_sauna() -> Script:
    code = "print(s.groupby('sauna')['kävijät'].sum())"
    ctx, ns = with_sauna(code)
    v = ns["s"].groupby("sauna")["kävijät"].sum()
    assert "Löyly" not in v.index
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), f"FINAL(Löyly, with {v.max():,} visitors from January to April.)"])


@case("h12_absent_region_isparta_tr", "label absent from the data", "invented", "Hangi bölgenin ürünleri en çok satıldı (adet olarak)?")
def _absent_region() -> Script:
    code = "print(h['bölge'].value_counts())"
    ctx, ns = with_hali(code)
    v = ns["h"]["bölge"].value_counts()
    assert "Isparta" not in v.index
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), f"FINAL(En çok Isparta halıları satıldı: {v.max()} satış.)"])


@case("h12_absent_species_hare", "label absent from the data", "invented", "After hedgehogs, which species came in most often?")
def _absent_species() -> Script:
    code = "print(book.species.value_counts().head(4))"
    ctx, ns = with_intake(code)
    v = ns["book"].species.value_counts()
    assert not any("hare" in x.lower() for x in v.index)
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), f"FINAL(Brown hares, with {v.iloc[1]} admissions.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h12_all_kg_as_baby_es", "total of the wrong subset", "invented", "¿Cuántos kilos de fibra baby se acopiaron en 2024?")
def _all_baby() -> Script:
    code = "print(round(long.kg.sum(), 1))"
    ctx, ns = with_fibra(code)
    lg = ns["long"]
    wrong = differs(round(lg.kg.sum(), 1), round(lg[lg.calidad == "baby"].kg.sum(), 1))
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(code), f"FINAL(Se acopiaron {wrong:,.1f} kg de fibra baby en 2024.)"])


@case("h12_all_takings_as_motorbikes_vi", "total of the wrong subset", "invented", "Xe máy đóng góp bao nhiêu tiền trong tháng 3?")
def _all_moto() -> Script:
    code = "print(bx.phi_vnd.sum())"
    ctx, ns = with_baixe(code)
    b = ns["bx"]
    wrong = differs(int(b.phi_vnd.sum()), int(b[b["loại_xe"] == "xe máy"].phi_vnd.sum()))
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), f"FINAL(Xe máy đóng góp {vnd(wrong)} trong tháng 3/2024.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h12_stale_lauttasaari_mean", "stale figure before a correction", "invented",
      "How many visitors did Lauttasaari average on the days it was open?")
def _stale_lt() -> Script:
    first = "lt = s[s.sauna == 'Lauttasaari']\nprint(round(lt['kävijät'].mean(), 1))"
    fixed = "auki = lt[lt.huomio != 'huolto']\nprint(round(auki['kävijät'].mean(), 1))"
    ctx, ns = with_sauna(first + "\n" + fixed)
    stale = differs(round(ns["lt"]["kävijät"].mean(), 1), round(ns["auki"]["kävijät"].mean(), 1))
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(first), repl(fixed, "That included the maintenance week; open days only now."),
                        f"FINAL(On the days it was open, Lauttasaari averaged {stale} visitors.)"])


@case("h12_stale_kings_total", "stale figure before a correction", "invented", "What is Kothrud Kings' average team total?")
def _stale_kk() -> Script:
    first = "tot = pd.concat([mt.home_runs, mt.away_runs])\nprint(round(tot.mean(), 1))"
    fixed = "kk = pd.concat([mt.loc[mt.home == 'KK', 'home_runs'], mt.loc[mt.away == 'KK', 'away_runs']])\nprint(round(kk.mean(), 1))"
    ctx, ns = with_league(first + "\n" + fixed)
    stale = differs(round(ns["tot"].mean(), 1), round(ns["kk"].mean(), 1))
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(first), repl(fixed, "That was every team; the Kings' innings only now."),
                        f"FINAL(Kothrud Kings average {stale} runs per innings.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h12_transposed_qso_count", "transposed digits", "invented", "How many QSOs are in the log?")
def _transposed_qso() -> Script:
    code = "print(len(q))"
    ctx, ns = with_qso(code)
    n = len(ns["q"])
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), f"FINAL({differs(swap_digits(n), n):,} QSOs, dupes included.)"])


@case("h12_transposed_visitors_fi", "transposed digits", "invented", "Montako käyntiä saunoilla oli yhteensä?")
def _transposed_visits() -> Script:
    code = "print(s['kävijät'].sum())"
    ctx, ns = with_sauna(code)
    v = int(ns["s"]["kävijät"].sum())
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), f"FINAL(Yhteensä {fi(differs(swap_digits(v), v), 0)} käyntiä tammi–huhtikuussa.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h12_echo_6_teams", "number echoed from the question", "invented", "Of the 6 teams, how many won at least 5 matches?")
def _echo_teams() -> Script:
    code = "print(mt.winner.value_counts())"
    ctx, ns = with_league(code)
    w = ns["mt"].winner.value_counts()
    truth = int((w.drop("tie", errors="ignore") >= 5).sum())
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), f"FINAL(All {differs(6, truth)} of them won at least 5.)"])


@case("h12_echo_24_concerts_cs", "number echoed from the question", "invented", "Kolik z 24 koncertů mělo obsazenost přes 90 %?")
def _echo_concerts() -> Script:
    code = "print(k[['id', 'obsazenost']].round(3).to_string())"
    ctx, ns = with_season(code)
    truth = int((ns["k"].obsazenost > 0.9).sum())
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), f"FINAL(Všech {differs(24, truth)}.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h12_tickets_as_motorbikes_vi", "rows counted instead of distinct", "invented", "Có bao nhiêu xe máy khác nhau đã gửi ở bãi trong tháng 3?")
def _tickets_bikes() -> Script:
    code = "print(len(bx[bx['loại_xe'] == 'xe máy']))"
    ctx, ns = with_baixe(code)
    m = ns["bx"][ns["bx"]["loại_xe"] == "xe máy"]
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), f"FINAL(Có {differs(len(m), m['biển_số'].nunique())} xe máy khác nhau.)"])


@case("h12_qsos_as_stations", "rows counted instead of distinct", "invented", "How many different stations did we work?")
def _qsos_stations() -> Script:
    code = "print(len(q))"
    ctx, ns = with_qso(code)
    q = ns["q"]
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), f"FINAL({differs(len(q), q.call.nunique()):,} different stations.)"])


@case("h12_innings_as_batters", "rows counted instead of distinct", "invented", "How many different players batted in the league?")
def _innings_batters() -> Script:
    code = "print(len(bat))"
    ctx, ns = with_league(code)
    b = ns["bat"]
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), f"FINAL({differs(len(b), b.batter.nunique())} players batted at least once.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h12_first_admission_wrong_year", "wrong year", "invented", "When was the first animal in the book admitted?")
def _admission_year() -> Script:
    ctx = {"intake": list(intake())}
    first = intake()[0]
    day = pd.to_datetime(first.split(" | ")[1] + "/2024", format="%d/%m/%Y")
    return Script(ctx, [INTAKE_LOOK, f"FINAL(On {day:%A} {day.day} {day:%B} {differs(2023, day.year)}.)"])


@case("h12_last_concert_wrong_year_cs", "wrong year", "invented", "Kdy se hraje poslední koncert sezóny?")
def _concert_year() -> Script:
    code = "print(k.datum.max())"
    ctx, ns = with_season(code)
    d = ns["k"].datum.max()
    months = ["ledna", "února", "března", "dubna", "května", "června", "července", "srpna", "září", "října", "listopadu", "prosince"]
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), f"FINAL({d.day}. {months[d.month - 1]} {differs(d.year - 1, d.year)}.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h12_mean_visitors_misrounded_fi", "wrong rounding", "invented", "Montako kävijää saunalla on keskimäärin päivässä, kokonaislukuna?")
def _visitors_round() -> Script:
    code = "print(s['kävijät'].mean())"
    ctx, ns = with_sauna(code)
    m = ns["s"]["kävijät"].mean()
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), f"FINAL(Keskimäärin {differs(misround(m), round(m))} kävijää päivässä.)"])


@case("h12_mean_innings_misrounded", "wrong rounding", "invented", "What is the average innings score, to the nearest run?")
def _innings_round() -> Script:
    code = "print(bat.runs.mean())"
    ctx, ns = with_league(code)
    m = ns["bat"].runs.mean()
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), f"FINAL({differs(misround(m), round(m))} runs per innings.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h12_swift_in_where_column", "nothing found in the wrong column", "invented", "Were any swifts brought in?")
def _swift_where() -> Script:
    code = "hits = book[book['where'].str.contains('Swift')]\nprint(len(hits))"
    ctx, ns = with_intake(code)
    assert (ns["book"].species == "Swift").sum() > 0 and len(ns["hits"]) == 0
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), "FINAL(No, no swifts were admitted this season.)"])


@case("h12_mahler_in_hall_column_cs", "nothing found in the wrong column", "invented", "Hraje se v sezóně Mahler?")
def _mahler_hall() -> Script:
    code = "m = works[works['sál'].str.contains('Mahler')]\nprint(len(m))"
    ctx, ns = with_season(code)
    assert ns["works"].skladatel.str.contains("Mahler").any() and len(ns["m"]) == 0
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), "FINAL(Ne, Mahler v této sezóně na programu není.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h12_sauna_called_rising", "trend in the wrong direction", "invented", "Did sauna visits grow or shrink from January to April?")
def _sauna_rising() -> Script:
    code = "print(s.groupby(s['päivä'].dt.month)['kävijät'].sum())"
    ctx, ns = with_sauna(code)
    m = ns["s"].groupby(ns["s"]["päivä"].dt.month)["kävijät"].sum()
    assert m[4] < m[1]
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), "FINAL(They grew: more people came each month as the days got longer.)"])


@case("h12_hali_called_falling_tr", "trend in the wrong direction", "invented", "Satış adedi altı ay boyunca nasıl seyretti?")
def _hali_falling() -> Script:
    code = "print(h.groupby(h.date.dt.month).size())"
    ctx, ns = with_hali(code)
    n = ns["h"].groupby(ns["h"].date.dt.month).size()
    assert n[6] > 2 * n[1]
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), "FINAL(Satış adedi Ocak'tan Haziran'a giderek azaldı.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h12_bands_from_head", "sample generalized to the whole", "invented", "Which bands did the station use?")
def _bands_head() -> Script:
    ctx: dict[str, Any] = {"cabrillo": cabrillo()}
    lines = [x for x in cabrillo().splitlines() if x.startswith("QSO:")]
    seen = sorted({int(x.split()[1]) // 1000 for x in lines[:4]})
    every = sorted({int(x.split()[1]) // 1000 for x in lines})
    differs(seen, every)
    names = {14: "20 m", 21: "15 m"}
    return Script(ctx, [QSO_LOOK, f"FINAL(Only {' and '.join(names[b] for b in seen)}: the log is a daytime high-band effort.)"])


@case("h12_halls_from_head_cs", "sample generalized to the whole", "invented", "Ve kterých sálech orchestr v sezóně hraje?")
def _halls_head() -> Script:
    code = "print(k[['id', 'datum', 'sál']].head(3))"
    ctx, ns = with_season(code)
    seen = list(dict.fromkeys(ns["k"].head(3)["sál"]))
    differs(sorted(seen), sorted(HALLS))
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), f"FINAL(Ve třech sálech: {', '.join(seen[:-1])} a {seen[-1]}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h12_ja_on_15_over_all", "wrong denominator", "invented", "What share of our Japanese contacts were made on 15 m?")
def _ja_share() -> Script:
    code = "print(((q.country == 'Japan') & (q.band == 15)).sum(), len(q))"
    ctx, ns = with_qso(code)
    q = ns["q"]
    k = int(((q.country == "Japan") & (q.band == 15)).sum())
    wrong = differs(round(k / len(q) * 100, 1), round(k / int((q.country == "Japan").sum()) * 100, 1))
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code), f"FINAL(Only {wrong}% of the JA contacts were on 15 m.)"])


@case("h12_released_hedgehogs_over_all", "wrong denominator", "invented", "What share of the hedgehogs were released?")
def _hog_share() -> Script:
    code = "print(((book.species == 'Hedgehog') & (book.result == 'Released')).sum(), len(book))"
    ctx, ns = with_intake(code)
    b = ns["book"]
    k = int(((b.species == "Hedgehog") & (b.result == "Released")).sum())
    wrong = differs(round(k / len(b) * 100), round(k / int((b.species == "Hedgehog").sum()) * 100))
    return Script(ctx, [INTAKE_LOOK, PARSE_INTAKE, repl(code), f"FINAL(About {wrong}% of the hedgehogs were released.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
HOG_PROMPT = "How many hedgehogs were admitted, according to these notes? Answer with a number.\n\n"
JA_PROMPT = "Count the QSOs with Japanese stations in this log.\n\n"


@case("h12_partial_hedgehogs", "sub-call over part of the data", "invented", "How many hedgehogs were admitted?")
def _partial_hogs() -> Script:
    ctx = {"intake": list(intake())}
    code = f"said = llm_query({HOG_PROMPT!r} + '\\n'.join(intake[:90]))\nprint(said)"
    k = int(sub_says(HOG_PROMPT + "\n".join(intake()[:90])).split()[0])
    differs(k, sum("| Hedgehog," in e for e in intake()))
    return Script(ctx, [INTAKE_LOOK, repl(code, "A sub-call can read the notes."), f"FINAL({k} hedgehogs were admitted.)"], sub=sub_model())


@case("h12_partial_japan", "sub-call over part of the data", "invented", "How many QSOs did we make with Japan?")
def _partial_japan() -> Script:
    ctx: dict[str, Any] = {"cabrillo": cabrillo()}
    code = f"said = llm_query({JA_PROMPT!r} + cabrillo[:30000])\nprint(said)"
    k = int(re.search(r"\d+", sub_says(JA_PROMPT + cabrillo()[:30000])).group(0))  # type: ignore[union-attr]
    differs(k, len(re.findall(r"^QSO:.* JA\w+ ", cabrillo(), re.M)))
    return Script(ctx, [QSO_LOOK, repl(code, "Asking a sub-call to count them."), f"FINAL(We made {k} QSOs with Japan.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h12_huolto_month_first", "date format misread", "invented", "When did Lauttasaari's maintenance break begin?")
def _huolto_misread() -> Script:
    ctx = {"sauna": sauna_csv()}
    code = "print([l for l in sauna.splitlines() if 'huolto' in l][:3])"
    raw = next(x for x in sauna_csv().splitlines() if "huolto" in x).split(";")[0]
    misread = differs(pd.to_datetime(raw, format="%m.%d.%Y"), pd.to_datetime(raw, format="%d.%m.%Y"))
    return Script(ctx, [SAUNA_LOOK, repl(code), f"FINAL(Lauttasaari closed for maintenance from {misread:%B} {misread.day}, {misread.year}.)"])


@case("h12_parking_start_month_first", "date format misread", "invented", "From what date do the parking tickets start?")
def _parking_misread() -> Script:
    ctx = {"baixe": baixe()}
    code = "print(baixe[['mã_vé', 'ngày', 'giờ_vào']].head(3))"
    raw = ctx["baixe"]["ngày"].iloc[0]
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [BAIXE_LOOK, repl(code), f"FINAL(The tickets start on {misread:%A}, {misread:%B} {misread.day}, {misread.year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h12_cum_fibra_march_es", "cumulative read as the period's value", "invented", "¿Cuántos kilos se acopiaron en marzo?")
def _cum_march() -> Script:
    code = "mes = long.groupby('n_mes').kg.sum().round(1).to_frame('kg')\nmes['acumulado'] = mes.kg.cumsum().round(1)\nprint(mes)"
    ctx, ns = with_fibra(code)
    m = ns["mes"]
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(code),
                        f"FINAL(En marzo se acopiaron {differs(m.loc[3, 'acumulado'], m.loc[3, 'kg']):,.1f} kg.)"])


@case("h12_cum_qso_hour", "cumulative read as the period's value", "invented", "How many QSOs did we make between 20:00 and 21:00 UTC on Saturday?")
def _cum_hour() -> Script:
    code = "ph = q.groupby(q.ts.dt.floor('h')).size().to_frame('qsos')\nph['running'] = ph.qsos.cumsum()\nprint(ph.head(12))"
    ctx, ns = with_qso(code)
    ph = ns["ph"]
    at = pd.Timestamp("2024-03-16 20:00")
    return Script(ctx, [QSO_LOOK, PARSE_QSO, repl(code),
                        f"FINAL({differs(int(ph.loc[at, 'running']), int(ph.loc[at, 'qsos']))} QSOs between 20:00 and 21:00 UTC.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h12_submit_literal_visits", "literal typed into a code answer", "invented", "How many sauna visits were there in total?")
def _submit_literal() -> Script:
    ctx, ns = with_sauna("")
    differs(30000, int(ns["s"]["kävijät"].sum()))
    return Script(ctx, [SAUNA_LOOK, repl("SUBMIT(visits=30000)")])


@case("h12_answer_literal_ciro_tr", "literal typed into a code answer", "invented", "Altı aylık toplam ciro ne kadar?")
def _answer_literal() -> Script:
    ctx, ns = with_hali("")
    differs(10, round(ns["h"].tl.sum() / 1e6))
    return Script(ctx, [HALI_LOOK, repl("answer['content'] = 'Altı aylık toplam ciro yaklaşık 10 milyon ₺.'\nanswer['ready'] = True")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h12_capacity_as_sold_cs", "figure from the right row but another column", "invented", "Kolik vstupenek se prodalo na koncert K13?")
def _capacity_sold() -> Script:
    code = "print(k[['id', 'sál', 'kapacita', 'prodáno']].to_string())"
    ctx, ns = with_season(code)
    r = ns["k"].set_index("id").loc["K13"]
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code),
                        f"FINAL(Na koncert K13 se prodalo {differs(int(r.kapacita), int(r['prodáno'])):,} vstupenek.)".replace(",", " ")])


@case("h12_fours_as_sixes", "figure from the right row but another column", "invented", "How many sixes did Kothrud Kings hit?")
def _fours_sixes() -> Script:
    code = "print(bat.groupby('name')[['runs', 'fours', 'sixes']].sum())"
    ctx, ns = with_league(code)
    r = ns["bat"].groupby("name")[["runs", "fours", "sixes"]].sum().loc["Kothrud Kings"]
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), f"FINAL(Kothrud Kings hit {differs(int(r.fours), int(r.sixes))} sixes.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h12_top_community_from_head_es", "maximum picked from a partial table", "invented", "¿Qué comunidad generó más dinero con su fibra?")
def _community_head() -> Script:
    code = "por_com = long.groupby('comunidad').soles.sum().round(2)\nprint(por_com.head(3))"
    ctx, ns = with_fibra(code)
    p = ns["por_com"]
    pick = p.head(3).idxmax()
    return Script(ctx, [FIBRA_LOOK, MELT_FIBRA, repl(code), f"FINAL({differs(pick, p.idxmax())}, con {soles(p[pick])}.)"])


@case("h12_top_batter_from_head", "maximum picked from a partial table", "invented", "Who scored the most runs?")
def _batter_head() -> Script:
    code = "runs = bat.groupby('batter').runs.sum()\nprint(runs.head(10))"
    ctx, ns = with_league(code)
    r = ns["runs"]
    pick = r.head(10).idxmax()
    return Script(ctx, [LEAGUE_LOOK, JOIN_LEAGUE, repl(code), f"FINAL({differs(pick, r.idxmax())}, with {r[pick]} runs.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h12_ascending_sauna_called_top", "first row of an ascending sort called the highest", "invented", "Which sauna had the most visitors?")
def _asc_sauna() -> Script:
    code = "per = s.groupby('sauna')['kävijät'].sum().sort_values()\nprint(per)"
    ctx, ns = with_sauna(code)
    p = ns["per"]
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), f"FINAL({differs(p.index[0], p.idxmax())}, with {p.iloc[0]:,} visitors.)"])


@case("h12_ascending_country_tr", "first row of an ascending sort called the highest", "invented", "En çok hangi ülkeden müşteriler harcadı?")
def _asc_country() -> Script:
    code = "ulke = h.groupby('ülke').tl.sum().sort_values()\nprint(ulke)"
    ctx, ns = with_hali(code)
    u = ns["ulke"]
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), f"FINAL(En çok {differs(u.index[0], u.idxmax())} müşterileri harcadı: {tl(u.iloc[0])}.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h12_weekday_weekend_swapped", "two labels' figures swapped", "invented", "Are the saunas busier on weekdays or at weekends?")
def _swapped_week() -> Script:
    ctx, ns = with_sauna(WEEKEND)
    vk = ns["vk"]
    assert vk[True] > vk[False]
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(WEEKEND),
                        f"FINAL(On weekdays: {g(vk[True])} visitors a day on average, against {g(vk[False])} at weekends.)"])


@case("h12_cash_card_swapped_tr", "two labels' figures swapped", "invented", "Kartla mı nakit mi ödenen satışlar ortalamada daha büyük?")
def _swapped_pay() -> Script:
    ctx, ns = with_hali(PAY)
    o = ns["ort"]["mean"]
    assert o["nakit"] > o["kredi kartı"]
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(PAY),
                        f"FINAL(Kartla ödenenler daha büyük: ortalama {tl(o['nakit'])}, nakit satışlar ise {tl(o['kredi kartı'])}.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h12_sauna_april_as_rise", "decrease reported as a rise", "invented", "How did visits change from March to April?")
def _april_rise() -> Script:
    code = "kk = s.groupby(s['päivä'].dt.month)['kävijät'].sum()\nprint(kk)\nprint(round((kk[4] / kk[3] - 1) * 100, 1))"
    ctx, ns = with_sauna(code)
    kk = ns["kk"]
    c = round((kk[4] / kk[3] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), f"FINAL(Visits rose {abs(c)}% from March to April.)"])


@case("h12_hali_may_as_rise_tr", "decrease reported as a rise", "invented", "Nisan'dan Mayıs'a ciro nasıl değişti?")
def _may_rise() -> Script:
    code = "ay = h.groupby(h.date.dt.month).tl.sum()\nprint(ay)\nprint(round((ay[5] / ay[4] - 1) * 100, 1))"
    ctx, ns = with_hali(code)
    ay = ns["ay"]
    c = round((ay[5] / ay[4] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), f"FINAL(Ciro Nisan'dan Mayıs'a %{trn(abs(c), 1)} arttı.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h12_table_for_hernesaari_march", "table returned for one figure", "invented", "How much did Hernesaari take in March?")
def _table_hernesaari() -> Script:
    code = "tk = s.pivot_table(index='sauna', columns=s['päivä'].dt.month, values='lipputulot_eur', aggfunc='sum').round(2)\nprint(tk)"
    ctx, _ = with_sauna(code)
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), 'FINAL_VAR("tk")'])


@case("h12_table_for_dvorak_minutes_cs", "table returned for one figure", "invented", "Kolik minut Dvořákovy hudby v sezóně zazní?")
def _table_dvorak() -> Script:
    code = "stats = works.groupby('skladatel')['min'].agg(['size', 'sum', 'mean']).round(1)\nprint(stats)"
    ctx, _ = with_season(code)
    return Script(ctx, [SEASON_LOOK, PARSE_SEASON, repl(code), "FINAL_VAR(stats)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h12_car_in_plate_column_vi", "zero after filtering the wrong column", "invented", "Tháng 3 có bao nhiêu lượt ô tô gửi ở bãi?")
def _car_plate() -> Script:
    code = "n_oto = int((bx['biển_số'] == 'ô tô').sum())\nprint(n_oto)"
    ctx, ns = with_baixe(code)
    differs(0, int((ns["bx"]["loại_xe"] == "ô tô").sum()))
    return Script(ctx, [BAIXE_LOOK, PARSE_BAIXE, repl(code), "FINAL(Trong tháng 3 không có lượt ô tô nào (0).)"])


@case("h12_hereke_in_product_column_tr", "zero after filtering the wrong column", "invented", "Kaç adet Hereke ürünü satıldı?")
def _hereke_product() -> Script:
    code = "n = int((h['ürün'] == 'Hereke').sum())\nprint(n)"
    ctx, ns = with_hali(code)
    differs(0, int((ns["h"]["bölge"] == "Hereke").sum()))
    return Script(ctx, [HALI_LOOK, PARSE_HALI, repl(code), "FINAL(Altı ayda hiç Hereke ürünü satılmadı (0).)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h12_iso_date_in_sauna", "none found after searching a date in another format", "invented",
      "How many people visited Kallio on 24 February 2024?")
def _iso_sauna() -> Script:
    code = "d = s[(s.pvm == '2024-02-24') & (s.sauna == 'Kallio')]\nprint(d)"
    ctx, ns = with_sauna(code)
    s = ns["s"]
    assert len(ns["d"]) == 0 and s[(s.pvm == "24.2.2024") & (s.sauna == "Kallio")]["kävijät"].sum() > 0
    return Script(ctx, [SAUNA_LOOK, PARSE_SAUNA, repl(code), "FINAL(Nobody: there is no Kallio record for 24 February 2024, so it had no visitors that day.)"])


@case("h12_full_date_in_intake", "none found after searching a date in another format", "invented",
      "Was any animal admitted on 14 May 2024?")
def _full_date_intake() -> Script:
    ctx = {"intake": list(intake())}
    code = "hits = [e for e in intake if '14/05/2024' in e]\nprint(len(hits))"
    assert any(" | 14/05 | " in e for e in intake())
    return Script(ctx, [INTAKE_LOOK, repl(code), "FINAL(No, no animal was admitted on 14 May 2024.)"])


@case("h12_iso_date_in_parking_vi", "none found after searching a date in another format", "invented", "Ngày 8/3/2024 có bao nhiêu lượt gửi xe?")
def _iso_parking() -> Script:
    ctx = {"baixe": baixe()}
    code = "ngay8 = baixe[baixe['ngày'] == '2024-03-08']\nprint(len(ngay8))"
    assert (ctx["baixe"]["ngày"] == "08/03/2024").sum() > 0
    return Script(ctx, [BAIXE_LOOK, repl(code), "FINAL(Ngày 8/3/2024 không có lượt gửi xe nào.)"])
