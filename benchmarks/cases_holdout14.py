"""Acceptance cases, the fourteenth held-out set: written blind, to measure whether the policy generalises.

It was written by a helper that never read the engine, the gates, the prompts or any earlier result, and that ran no
case under any acceptance policy. It is a held-out set: it is measured on its aggregates only, never read case by case
and never tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_holdout14``. The cases are written as a capable model
writes its answers (legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes
of ``cases_tune2`` (the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts
with ``h16_``. About half of the questions are in English; the rest are in Hebrew, Greek, Swedish, Hindi and Mongolian,
and the answers write numbers, dates, times, money and units as those locales do (``96,367.7 ק"ג``, ``כ-2.03 מיליון ₪``,
``1.234,5 m³``, ``8:10 π.μ.``, ``2 894,0 mil``, ``99,6 tkr``, ``vecka 26``, ``1,62,964 क्विंटल``, ``₹109.06 करोड़``,
``356.9 сая ₮``), with dunams next to square metres, Swedish miles and litres per mil next to kilometres, quintals next
to tonnes, sheep units, ISO ordinal and ISO week dates, and rowing times written ``6:58.4``.

Size: 78 legitimate answers covering all 33 legitimate classes (two or three each) and 62 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code (and the code of its ``after`` turns) run in a plain namespace against the case's own data (with the case's
sub-model standing in for the sub-calls), only to check that the code runs and the figures are the ones it computes;
no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's parse step, as the ``with_*`` helpers do); every invented figure or label
is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: an Arava date-palm grove's packing-house intake for the
2024 harvest (Hebrew column names, days written ``05.09.24``, plots in dunams, varieties and grades, shekels per kilo), a
Cycladic island's reverse-osmosis desalination plant over summer 2024 (Greek column names, days written ``5/6/2024``,
reading times ``8:10 π.μ.``, cubic metres, kWh and conductivity in μS/cm, a pump failure), a Jämtland village
car-sharing cooperative's trip book for the first half of 2024 (Swedish column names, ISO dates, odometer readings that
run on from trip to trip, litres tanked, fees in kronor), the Kota grain market's arrivals and prices over the 2024 rabi
season (Hindi column names, days in Devanagari digits ``०५/०३/२०२४``, arrivals in quintals, minimum, maximum and modal
prices in rupees per quintal), a Dundgovi cashmere collection point's spring 2024 as a dict of two tables to join
(Mongolian names in Cyrillic, days written ``2024 оны 4 сарын 15``, herds by species, kilos by colour, tögrög per kilo),
a community pottery's kiln book (text: ISO ordinal dates ``2024-065``, cones, peak temperatures, firing times written
``9h41m``, pieces lost, free-text notes), a rowing club's winter ergometer tests (ISO week dates ``2024-W06-3``, times
``6:58.4``, stroke rates) and a Shropshire boarding kennels' terms and prices in markdown (pounds, peak nights,
vaccination and cancellation rules). Each frame builder returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
import math
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
# -- a date-palm grove in the Arava, harvest 2024 (Hebrew) -----------------------------------------------------------
CHELKOT = {"א1": ("מג'הול", 42), "א2": ("מג'הול", 38), "ב1": ("מג'הול", 55), "ב2": ("ברחי", 30), "ג1": ("דקל נור", 26),
           "ג2": ("חיאני", 18)}
ZAN_PRICE = {"מג'הול": 24.0, "ברחי": 13.5, "דקל נור": 11.0, "חיאני": 8.5}
MEDJOOL, ALEF, BET = "מג'הול", "א'", "ב'"
DARGA = {"סופר": 1.35, "א'": 1.0, "ב'": 0.62}


def tamar() -> pd.DataFrame:
    return _tamar().copy()


@functools.lru_cache(maxsize=1)
def _tamar(seed: int = 8601) -> pd.DataFrame:
    """A date-palm grove's packing-house intake in the Arava, late August to mid November 2024, Hebrew column names:
    pallet number, the day written ``05.09.24`` (day, month, two-digit year), plot, variety (Medjool on three plots,
    Barhi picked early and fresh), the plot's area in dunams (1 dunam = 1,000 m²), kilos, grade (סופר, א', ב') and the
    price in shekels per kilo. Picking peaks in late September; Medjool fetches the best price."""
    rng = np.random.default_rng(seed)
    plots = list(CHELKOT)
    rows = []
    for k, day in enumerate(pd.date_range("2024-08-20", "2024-11-15")):
        if day.day_name() == "Saturday":
            continue
        lam = 7 * math.exp(-((k - 38) / 20) ** 2) + 0.6
        for _ in range(int(rng.poisson(lam))):
            plot = plots[int(rng.choice(6, p=[.24, .2, .26, .12, .11, .07]))]
            zan, area = CHELKOT[plot]
            if zan == "ברחי" and k > 45:
                plot, (zan, area) = "א1", CHELKOT["א1"]
            grade = str(rng.choice(list(DARGA), p=[.3, .5, .2] if zan == "מג'הול" else [.1, .6, .3]))
            kg = round(float(rng.gamma(3.0, 110)) + 40, 1)
            price = round(ZAN_PRICE[zan] * DARGA[grade] * float(rng.uniform(.95, 1.05)), 2)
            rows.append((day, plot, zan, area, kg, grade, price))
    return pd.DataFrame({
        "משטח": [f"T-{i + 1:04d}" for i in range(len(rows))], "תאריך": [f"{r[0]:%d.%m.%y}" for r in rows],
        "חלקה": [r[1] for r in rows], "זן": [r[2] for r in rows], "שטח_דונם": [r[3] for r in rows],
        "משקל_קג": [r[4] for r in rows], "דרגה": [r[5] for r in rows], "מחיר_לקג": [r[6] for r in rows]})


# -- a Cycladic island's desalination plant, summer 2024 (Greek) -----------------------------------------------------
MONADES = {"Α": (52.0, 3.35), "Β": (38.0, 3.95)}
PARATIRISEIS = ["", "", "", "", "", "", "αλλαγή φίλτρων", "έλεγχος δοσομετρικής αντλίας"]


def afalatosi() -> pd.DataFrame:
    return _afalatosi().copy()


@functools.lru_cache(maxsize=1)
def _afalatosi(seed: int = 8602) -> pd.DataFrame:
    """The daily log of a reverse-osmosis desalination plant on a Cycladic island, 1 June to 30 September 2024, Greek
    column names: the day written ``5/6/2024`` (day first, no padding), the unit (Α or Β), the time the reading was
    taken written the Greek way ``8:10 π.μ.`` / ``7:45 μ.μ.``, hours run, water produced (m³), energy used (kWh), the
    product water's conductivity (μS/cm) and a remark. August is the peak (tourists); unit Β is smaller, less efficient,
    and was down 12 to 15 August with a failed high-pressure pump."""
    rng = np.random.default_rng(seed)
    load = {6: .78, 7: .95, 8: 1.0, 9: .72}
    rows = []
    for day in pd.date_range("2024-06-01", "2024-09-30"):
        for unit, (rate, kwh) in MONADES.items():
            hours = float(np.clip(rng.normal(23 * load[day.month], 1.2), 6, 24))
            hours = round(hours * 2) / 2
            rem = str(rng.choice(PARATIRISEIS))
            if unit == "Β" and pd.Timestamp("2024-08-12") <= day <= pd.Timestamp("2024-08-15"):
                hours, rem = 0.0, "βλάβη αντλίας υψηλής πίεσης"
            if unit == "Α" and day in (pd.Timestamp("2024-07-09"), pd.Timestamp("2024-09-10")):
                rem = "χημικός καθαρισμός μεμβρανών"
            m3 = round(hours * rate * float(rng.uniform(.94, 1.04)))
            energy = round(m3 * float(rng.normal(kwh, .12)))
            cond = round(float(rng.normal(360 if unit == "Α" else 420, 35)) + (day.day_of_year - 152) * .6)
            evening = rng.random() < .15
            minute = int(rng.integers(0, 60))
            t = f"{7 + int(evening):d}:{minute:02d} {'μ.μ.' if evening else 'π.μ.'}"
            rows.append((day, unit, t, hours, m3, energy, cond, rem))
    return pd.DataFrame({
        "ημερομηνία": [f"{r[0].day}/{r[0].month}/{r[0].year}" for r in rows], "μονάδα": [r[1] for r in rows],
        "ώρα": [r[2] for r in rows], "ώρες_λειτουργίας": [r[3] for r in rows], "παραγωγή_m3": [r[4] for r in rows],
        "ενέργεια_kWh": [r[5] for r in rows], "αγωγιμότητα_uS_cm": [r[6] for r in rows],
        "παρατηρήσεις": [r[7] for r in rows]})


# -- a village car-sharing cooperative in Jämtland, first half of 2024 (Swedish) -------------------------------------
BILAR = {"DXR 41B": ("Volvo V70", .62), "HJT 208": ("Toyota Yaris", .46), "MPN 77C": ("VW Caddy", .71)}
MEDLEMMAR = ["Karin Öberg", "Olof Strand", "Ingrid Sjödin", "Björn Hallberg", "Maja Lind", "Gustav Ek", "Astrid Norén",
             "Nils Forsberg"]


def bilpool() -> pd.DataFrame:
    return _bilpool().copy()


@functools.lru_cache(maxsize=1)
def _bilpool(seed: int = 8603) -> pd.DataFrame:
    """The trip book of a village car-sharing cooperative in Jämtland, January to June 2024, Swedish column names: ISO
    date, the car's registration and model, the member, the odometer at the start and end of the trip (km; it runs on
    from trip to trip), hours booked, litres tanked (0 when nobody filled up) and the fee in kronor (2.80 kr a km plus 15 kr
    an hour). Members think in Swedish miles (1 mil = 10 km) and in litres per mil; June brings the long summer trips."""
    rng = np.random.default_rng(seed)
    odo = {"DXR 41B": 148230, "HJT 208": 61905, "MPN 77C": 99410}
    since = {r: 0.0 for r in BILAR}
    rows = []
    for day in pd.date_range("2024-01-02", "2024-06-30"):
        for _ in range(int(rng.poisson(1.5 if day.month < 6 else 2.1))):
            reg = str(rng.choice(list(BILAR), p=[.4, .35, .25]))
            km = int(rng.gamma(2.0, 38 if day.month < 6 else 70)) + 4
            hours = int(max(1, round(km / 45 + float(rng.gamma(1.5, 1.2)))))
            start = odo[reg]
            odo[reg] += km
            since[reg] += km / 10 * BILAR[reg][1] * float(rng.uniform(.9, 1.12))
            tank = 0.0
            if since[reg] > 35 and rng.random() < .6:
                tank, since[reg] = round(since[reg], 1), 0.0
            rows.append((day, reg, BILAR[reg][0], str(rng.choice(MEDLEMMAR, p=[.2, .16, .14, .12, .12, .1, .09, .07])),
                         start, odo[reg], hours, tank, round(km * 2.8 + hours * 15, 2)))
    return pd.DataFrame(rows, columns=["datum", "bil", "modell", "medlem", "mätare_start", "mätare_slut", "timmar",
                                       "tankat_l", "avgift_kr"]).assign(datum=lambda d: d.datum.dt.strftime("%Y-%m-%d"))


# -- a grain market (mandi) in Kota, rabi season 2024 (Hindi, Devanagari digits) --------------------------------------
JINS = {"गेहूं": (2290, 90), "सरसों": (5420, 160), "चना": (5510, 140), "जौ": (1890, 70)}
DEVA = str.maketrans("0123456789", "०१२३४५६७८९")


def deva(text: object) -> str:
    """Western digits written in Devanagari: ``05/03/2024`` -> ``०५/०३/२०२४``."""
    return str(text).translate(DEVA)


def mandi() -> pd.DataFrame:
    return _mandi().copy()


@functools.lru_cache(maxsize=1)
def _mandi(seed: int = 8604) -> pd.DataFrame:
    """Daily arrivals and prices at the Kota grain market, 1 March to 30 April 2024, Hindi column names: the day in
    Devanagari digits ``०५/०३/२०२४`` (day first), the commodity (wheat, mustard, gram, barley), arrivals in quintals
    (1 quintal = 100 kg) and the minimum, maximum and modal price in rupees per quintal. Closed on Sundays. Wheat
    arrivals climb steeply into April; mustard peaks in mid March and falls away."""
    rng = np.random.default_rng(seed)
    rows = []
    for k, day in enumerate(pd.date_range("2024-03-01", "2024-04-30")):
        if day.day_name() == "Sunday":
            continue
        lam = {"गेहूं": 300 + 95 * k, "सरसों": 2600 * math.exp(-((k - 16) / 14) ** 2) + 250,
               "चना": 900 + 8 * k, "जौ": 260 + 3 * k}
        for jins, (price, sd) in JINS.items():
            q = int(max(5, rng.normal(lam[jins], lam[jins] * .18)))
            modal = round(price + float(rng.normal(0, sd)) - (k * 2.5 if jins == "सरसों" else 0))
            lo = modal - int(rng.integers(60, 260))
            hi = modal + int(rng.integers(50, 220))
            rows.append((deva(f"{day:%d/%m/%Y}"), jins, q, lo, hi, modal))
    return pd.DataFrame(rows, columns=["तारीख", "जिंस", "आवक_क्विंटल", "न्यूनतम_मूल्य", "अधिकतम_मूल्य", "मॉडल_मूल्य"])


# -- a cashmere collection point in Dundgovi, spring 2024 (Mongolian; a dict of two tables) -------------------------
SUMUUD = ["Өлзийт", "Цагаандэлгэр", "Гурвансайхан", "Луус"]
NERS = ["Батболд", "Оюунчимэг", "Ганбаатар", "Сарангэрэл", "Должинсүрэн", "Түмэнбаяр", "Энхтуяа", "Мөнхбат",
        "Нарантуяа", "Бямбадорж", "Цэцэгмаа", "Алтангэрэл", "Төмөрбаатар", "Солонго", "Баярсайхан", "Ариунаа",
        "Пүрэвдорж", "Ундрах", "Жаргалсайхан", "Номин", "Эрдэнэбат", "Хулан", "Ганзориг", "Мягмарсүрэн", "Лхагвасүрэн",
        "Отгонбаяр"]
ONGO = {"цагаан": (.42, 131000), "цайвар": (.26, 118000), "бор": (.32, 109000)}


def mn_date(day: pd.Timestamp) -> str:
    """``2024 оны 4 сарын 15``: the way a Mongolian clerk writes a day."""
    return f"{day.year} оны {day.month} сарын {day.day}"


def noolur() -> dict[str, pd.DataFrame]:
    """Herders and their cashmere deliveries, as a dict of two tables to join."""
    return {name: frame.copy() for name, frame in _noolur().items()}


@functools.lru_cache(maxsize=1)
def _noolur(seed: int = 8605) -> dict[str, pd.DataFrame]:
    """``малчид``: herder code, name, sum (district), and the herd counted in the 2023 year-end census: goats, sheep,
    horses, cattle, camels. ``тушаалт``: one delivery of combed raw cashmere a row, from 1 April to 20 June 2024: receipt
    number, the day written ``2024 оны 4 сарын 15``, herder code, kilos, colour (цагаан white, цайвар light, бор brown)
    and the price in tögrög per kilo (white is dearest; prices slip through the season). Өлзийт has the biggest herds."""
    rng = np.random.default_rng(seed)
    herd_scale = {"Өлзийт": 1.5, "Цагаандэлгэр": 1.0, "Гурвансайхан": 0.8, "Луус": 0.6}
    sums = rng.choice(SUMUUD, len(NERS), p=[.32, .26, .24, .18])
    goats = [int(rng.integers(180, 620) * herd_scale[s]) for s in sums]
    malchid = pd.DataFrame({
        "малчны_код": [f"М-{101 + i}" for i in range(len(NERS))], "нэр": NERS, "сум": sums, "ямаа": goats,
        "хонь": [int(g * rng.uniform(.5, 1.3)) for g in goats], "адуу": rng.integers(8, 90, len(NERS)),
        "үхэр": rng.integers(0, 40, len(NERS)), "тэмээ": rng.integers(0, 25, len(NERS))})
    rows = []
    left = {c: g * float(rng.uniform(.28, .36)) for c, g in zip(malchid["малчны_код"], goats, strict=True)}
    days = pd.date_range("2024-04-01", "2024-06-20")
    for code in malchid["малчны_код"]:
        for _ in range(int(rng.integers(2, 5))):
            day = days[int(np.clip(rng.normal(30, 14), 0, len(days) - 1))]
            kg = round(left[code] * float(rng.uniform(.25, .5)), 1)
            colour = str(rng.choice(list(ONGO), p=[v[0] for v in ONGO.values()]))
            price = int(round(ONGO[colour][1] * (1 - .0015 * (day - days[0]).days) * float(rng.uniform(.97, 1.03)), -2))
            rows.append((day, code, kg, colour, price))
    rows.sort(key=lambda r: r[0])
    tushaalt = pd.DataFrame({
        "баримт": [f"Н-{i + 1:03d}" for i in range(len(rows))], "огноо": [mn_date(r[0]) for r in rows],
        "малчны_код": [r[1] for r in rows], "ноолуур_кг": [r[2] for r in rows], "өнгө": [r[3] for r in rows],
        "үнэ_кг": [r[4] for r in rows]})
    return {"малчид": malchid, "тушаалт": tushaalt}


# -- a community pottery's kiln book, first half of 2024 (English text, ordinal dates) -------------------------------
KILN_NOTES = ["", "", "", "", "perfect load, even cone pack", "crawling on two celadon bowls", "dunting on a large platter",
              "pinholing on the tenmoku glaze", "kiln wash flaking on the bottom shelf"]


@functools.lru_cache(maxsize=1)
def kiln_log(seed: int = 8606) -> str:
    """The firing book of a community pottery, January to June 2024, one line a firing: number, the day as an ISO
    ordinal date ``2024-065`` (year and day of the year), the kiln (K1 gas, K2 electric), bisque or glaze, the start
    time, the cone, the peak temperature in °C, the firing time ``9h41m``, pieces loaded, pieces lost, and a note. The
    gas kiln goes to cone 10 and loses more pieces; K2's elements were replaced in April."""
    rng = np.random.default_rng(seed)
    out: list[str] = []
    no = 301
    day = pd.Timestamp("2024-01-03")
    while day < pd.Timestamp("2024-06-29"):
        kiln = "K1 gas" if rng.random() < .35 else "K2 electric"
        kind = "glaze" if kiln == "K1 gas" or rng.random() < .55 else "bisque"
        cone = "10" if kiln == "K1 gas" else ("6" if kind == "glaze" else "04")
        peak = {"10": 1285, "6": 1222, "04": 1060}[cone] + int(rng.integers(-9, 10))
        minutes = int({"10": 690, "6": 560, "04": 480}[cone] + rng.normal(0, 35))
        start = int(rng.choice([6, 7, 7, 8, 8, 9, 20, 21])) * 60 + int(rng.choice([0, 10, 15, 20, 30, 40, 45]))
        pieces = int(rng.integers(18, 62))
        lost = int(rng.poisson(2.4 if kiln == "K1 gas" else .7 if kind == "glaze" else .2))
        note = str(rng.choice(KILN_NOTES)) if lost or rng.random() < .4 else ""
        if kiln == "K2 electric" and pd.Timestamp("2024-04-08") <= day and "replaced" not in "\n".join(out):
            note = "elements replaced before this firing"
        out.append(f"FIRING {no} | {day.year}-{day.day_of_year:03d} | {kiln} | {kind} | start {start // 60:02d}:{start % 60:02d} | "
                   f"cone {cone} | peak {peak}C | {minutes // 60}h{minutes % 60:02d}m | {pieces} pcs | {lost} lost"
                   + (f" | note: {note}" if note else ""))
        no += 1
        day += pd.Timedelta(days=int(rng.choice([1, 2, 2, 3, 3, 4, 5])))
    return "\n".join(out)


# -- a rowing club's winter ergometer tests (English, ISO week dates) -------------------------------------------------
ROWERS = {"Senior men": ["Tom Avery", "Raj Patel", "Callum Reid", "Owen Price", "Felix Grant", "Sam Doyle"],
          "Senior women": ["Hannah Moss", "Priya Nair", "Ellie Shaw", "Grace Kim", "Zoe Hart"],
          "Juniors": ["Leo Marsh", "Isla Ford", "Noah Webb", "Mia Cole", "Alfie Stone"]}


def erg() -> pd.DataFrame:
    return _erg().copy()


@functools.lru_cache(maxsize=1)
def _erg(seed: int = 8607) -> pd.DataFrame:
    """A rowing club's winter ergometer tests, one row a test: the day as an ISO week date ``2024-W06-3`` (year, week,
    weekday 1 to 7), the rower, the squad, the piece (2k or 5k), the time written ``6:58.4`` (minutes, seconds and
    tenths) and the average stroke rate. Tests fall in weeks 2, 6 and 10 (2k) and 4 and 8 (5k); most squads get faster
    from January to March."""
    rng = np.random.default_rng(seed)
    base = {"Senior men": 382.0, "Senior women": 440.0, "Juniors": 425.0}
    rows = []
    for week, piece in ((2, "2k"), (4, "5k"), (6, "2k"), (8, "5k"), (10, "2k")):
        for squad, names in ROWERS.items():
            weekday = {"Senior men": 2, "Senior women": 4, "Juniors": 6}[squad]
            for j, name in enumerate(names):
                if rng.random() < .1:
                    continue
                gain = (week - 2) * (.55 if squad != "Juniors" else 1.1)
                two = base[squad] + j * 3.1 + float(rng.normal(0, 2.5)) - gain
                secs = two if piece == "2k" else two * 2.5 * 1.085
                spm = round((33 if piece == "2k" else 27) - j * .3 + float(rng.normal(0, 1.2)))
                rows.append((f"2024-W{week:02d}-{weekday}", name, squad, piece, secs, spm))
    return pd.DataFrame({
        "week_date": [r[0] for r in rows], "rower": [r[1] for r in rows], "squad": [r[2] for r in rows],
        "piece": [r[3] for r in rows], "time": [f"{int(r[4] // 60)}:{r[4] % 60:04.1f}" for r in rows],
        "spm": [r[5] for r in rows]})


# -- a boarding kennels' terms (English markdown) --------------------------------------------------------------------
KENNEL = """# Hollybrook Boarding Kennels & Cattery – terms and prices 2025

Effective 1 January 2025. Hollybrook Lane, Onibury, near Ludlow, Shropshire.

## Drop-off and collection

Monday to Saturday between 8:00 and 11:00 or between 15:00 and 18:00. Sunday: collections only, 10:00 to 12:00. We are
closed to arrivals and collections on 25 and 26 December and on bank holidays.

## Nightly rates

| Guest | Standard night | Peak night |
| --- | --- | --- |
| Small dog (up to 10 kg) | £24.00 | £28.00 |
| Medium dog (10–25 kg) | £27.50 | £32.00 |
| Large dog (over 25 kg) | £31.00 | £36.50 |
| Second dog sharing a kennel | £19.00 | £22.00 |
| Cat | £15.50 | £18.00 |
| Second cat sharing a pen | £10.00 | £12.00 |

Peak nights are 19 July to 31 August, 20 December to 3 January, and the Easter weekend (Good Friday to Easter Monday).
We charge by the night: a dog that arrives on Monday morning and leaves on Friday afternoon stays four nights. All rates
include VAT. Tablets are given free of charge; insulin injections cost £3.50 a day.

## Vaccinations

Dogs must have had their DHP and leptospirosis boosters within the last 12 months, and the kennel cough vaccine at least
14 days before arrival. Cats must be vaccinated against cat flu and enteritis within the last 12 months, at least 7 days
before arrival. Please bring the vaccination card: without it we cannot admit your pet.

## Deposit and cancellation

A deposit of 25% of the booking is due when you book (50% for stays that include a peak night). If you cancel more than
28 days before arrival, the deposit is refunded less a £10 administration fee. If you cancel between 28 and 8 days before
arrival, the deposit is kept. Cancellations within 7 days of arrival, and no-shows, are charged the full price of the
first three nights. Collecting early does not reduce the bill.

## Extras

Bath and brush: £18 for a small dog, £25 for a medium dog, £32 for a large dog. A daily paddock walk is included; a
one-to-one play session costs £6.
"""


# -- formatting helpers --------------------------------------------------------------------------------------------
def el(x: float, decimals: int = 1) -> str:
    """Greek digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def sv(x: float, decimals: int = 1) -> str:
    """Swedish digits: a space between thousands, a decimal comma: ``12 345,6``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def ind(x: float) -> str:
    """Indian grouping: ``12,34,567``."""
    s = f"{round(x)}"
    head, tail = s[:-3], s[-3:]
    parts: list[str] = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    return ",".join(([head] if head else []) + parts + [tail]) if head or parts else tail


def g(x: float) -> str:
    return f"{x:g}"


def mmss(secs: float) -> str:
    """Rowing times: ``6:58.4``."""
    return f"{int(secs // 60)}:{secs % 60:04.1f}"


HE_MONTHS = {8: "אוגוסט", 9: "ספטמבר", 10: "אוקטובר", 11: "נובמבר"}
EL_MONTHS = {6: "Ιούνιο", 7: "Ιούλιο", 8: "Αύγουστο", 9: "Σεπτέμβριο"}
EL_MONTHS_GEN = {6: "Ιουνίου", 7: "Ιουλίου", 8: "Αυγούστου", 9: "Σεπτεμβρίου"}
SV_MONTHS = {1: "januari", 2: "februari", 3: "mars", 4: "april", 5: "maj", 6: "juni"}
HI_MONTHS = {3: "मार्च", 4: "अप्रैल"}

# -- first looks: what a capable model runs before anything else ---------------------------------------------------
T_LOOK = repl("print(tamar.shape)\nprint(tamar.head())\nprint(tamar.dtypes)", "בודק קודם את מבנה הטבלה.")
A_LOOK = repl("print(afalatosi.shape)\nprint(afalatosi.head())", "Πρώτα μια ματιά στο ημερολόγιο.")
B_LOOK = repl("print(bilpool.shape)\nprint(bilpool.head())", "Först en titt på körjournalen.")
M_LOOK = repl("print(mandi.shape)\nprint(mandi.head(8))", "पहले डेटा देख लेते हैं।")
N_LOOK = repl("for ner, t in noolur.items():\n    print(ner, t.shape)\n    print(t.head(3).to_string())",
              "Two tables in a dict; a look at each.")
K_LOOK = repl("lines = kiln.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:4]))", "A look at the firing book first.")
R_LOOK = repl("print(erg.shape)\nprint(erg.head())\nprint(erg.piece.value_counts())")
H_LOOK = repl("print(len(terms))\nprint(terms[:700])")

# Parsing steps (run in the same namespace before a question's own code).
T_PARSE = ("import pandas as pd\nt = tamar.copy()\nt['יום'] = pd.to_datetime(t['תאריך'], format='%d.%m.%y')\n"
           "t['שווי'] = t['משקל_קג'] * t['מחיר_לקג']\nprint(t[['תאריך', 'יום']].head(3))")
A_PARSE = ("import pandas as pd\na = afalatosi.copy()\na['day'] = pd.to_datetime(a['ημερομηνία'], format='%d/%m/%Y')\n"
           "print(a[['ημερομηνία', 'day']].head(3))")
B_PARSE = ("import pandas as pd\nb = bilpool.copy()\nb['datum'] = pd.to_datetime(b.datum)\n"
           "b['km'] = b.mätare_slut - b.mätare_start\nb['mil'] = b.km / 10\nprint(b[['datum', 'bil', 'km', 'mil']].head(3))")
M_PARSE = ("import pandas as pd\nm = mandi.copy()\n"
           "m['दिन'] = pd.to_datetime(m['तारीख'].str.translate(str.maketrans('०१२३४५६७८९', '0123456789')), format='%d/%m/%Y')\n"
           "print(m[['तारीख', 'दिन']].head(3))")
N_JOIN = ("import pandas as pd\nd = noolur['тушаалт'].merge(noolur['малчид'], on='малчны_код')\n"
          "p = d['огноо'].str.extract(r'(\\d+) оны (\\d+) сарын (\\d+)').astype(int)\n"
          "d['өдөр'] = pd.to_datetime(dict(year=p[0], month=p[1], day=p[2]))\nd['дүн'] = d['ноолуур_кг'] * d['үнэ_кг']\n"
          "print(d.shape)\nprint(d.head(3).to_string())")
K_PARSE = ("import re\nimport pandas as pd\n"
           "pat = re.compile(r'FIRING (\\d+) \\| (\\d{4})-(\\d{3}) \\| (K\\d) (\\w+) \\| (\\w+) \\| start (\\d\\d:\\d\\d) \\| cone (\\w+) "
           "\\| peak (\\d+)C \\| (\\d+)h(\\d+)m \\| (\\d+) pcs \\| (\\d+) lost(?: \\| note: (.*))?')\n"
           "f = pd.DataFrame([pat.match(l).groups() for l in lines], columns=['no', 'year', 'doy', 'kiln', 'fuel', 'kind', 'start',\n"
           "                 'cone', 'peak_c', 'h', 'm', 'pieces', 'lost', 'note'])\n"
           "f['day'] = pd.to_datetime(f.year + f.doy, format='%Y%j')\n"
           "f['minutes'] = f.h.astype(int) * 60 + f.m.astype(int)\n"
           "for col in ('no', 'peak_c', 'pieces', 'lost'):\n    f[col] = f[col].astype(int)\n"
           "f['note'] = f.note.fillna('')\nprint(f.shape)\nprint(f.head(3))")
R_PARSE = ("import pandas as pd\ne = erg.copy()\ne['day'] = pd.to_datetime(e.week_date + '', format='%G-W%V-%u')\n"
           "e['secs'] = e.time.str.split(':').map(lambda p: int(p[0]) * 60 + float(p[1]))\n"
           "e['split'] = e.secs / e.piece.map({'2k': 4, '5k': 10})\nprint(e[['week_date', 'day', 'time', 'secs']].head(3))")
PARSE_T = repl(T_PARSE, "התאריכים כתובים dd.mm.yy; ממיר לתאריכים ומחשב שווי לכל משטח.")
PARSE_A = repl(A_PARSE, "Οι ημερομηνίες είναι ημέρα/μήνας/έτος· τις μετατρέπω.")
PARSE_B = repl(B_PARSE, "Sträckan får jag ur mätarställningarna; 1 mil = 10 km.")
PARSE_M = repl(M_PARSE, "तारीखें देवनागरी अंकों में हैं (दिन/महीना/साल); इन्हें बदलता हूँ।")
JOIN_N = repl(N_JOIN, "Хоёр хүснэгтийг малчны кодоор нийлүүлж, огноог хөрвүүлнэ.")
PARSE_K = repl(K_PARSE, "Dates are ISO ordinal (year and day of the year); parsing each line into a table.")
PARSE_R = repl(R_PARSE, "The days are ISO week dates (2024-W06-3 is the Wednesday of week 6); converting, and times to seconds.")


def _with(ctx: dict[str, Any], parse: str, code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return ctx, compute(ctx, parse + "\n" + code)


def with_t(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A date-palm case's context, and what its parse step then ``code`` bind (as the run will)."""
    return _with({"tamar": tamar()}, T_PARSE, code)


def with_a(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"afalatosi": afalatosi()}, A_PARSE, code)


def with_b(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"bilpool": bilpool()}, B_PARSE, code)


def with_m(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"mandi": mandi()}, M_PARSE, code)


def with_n(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"noolur": noolur()}, N_JOIN, code)


def with_k(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"kiln": kiln_log()}
    return ctx, compute({**ctx, "lines": kiln_log().splitlines()}, K_PARSE + "\n" + code)


def with_r(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"erg": erg()}, R_PARSE, code)


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def notes(_: re.Match[str], request: ChatRequest) -> str:
        lines = [x.strip() for x in request.last_user.split("\n\n", 1)[-1].splitlines() if x.strip()]
        kinds = {"crawling": "crawling", "dunting": "dunting (cracks from cooling)", "pinholing": "pinholing",
                 "kiln wash": "kiln wash flaking", "perfect": "a perfect load", "replaced": "new elements"}
        counts = {label: sum(key in x for x in lines) for key, label in kinds.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{len(lines)} notes. " + "; ".join(f"{label}: {n}" for label, n in ranked) + ".")

    def mention(found: re.Match[str], request: ChatRequest) -> str:
        word = found.group(1)
        lines = request.last_user.split("\n\n", 1)[-1].splitlines()
        return f"{sum(word in x for x in lines)} lines mention {word}."

    def cancel(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Deposit and cancellation\n\n(.*?)(?:\n\n|\Z)", request.last_user, re.S)
        return " ".join(found.group(1).split()) if found else "NONE"

    return RuleBasedSubModel([(r"\ASummarise these firing notes", notes), (r"\ACount the lines that mention '([^']+)'", mention),
                              (r"\AQuote the deposit and cancellation rule", cancel)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the date-palm grove (Hebrew) ----------------------------------------------------------------------------------
@case("h16_pallet_weight_describe_he", "describe() statistic", "legit", "כמה שוקל משטח טיפוסי שמגיע לבית האריזה?")
def _pallet_describe() -> Script:
    code = "print(t['משקל_קג'].describe().round(1))"
    ctx, ns = with_t(code)
    d = ns["t"]["משקל_קג"].describe().round(1)
    final = (f"FINAL(המשטח החציוני שוקל {g(d['50%'])} ק\"ג, וחצי מ-{d['count']:.0f} המשטחים שוקלים בין {g(d['25%'])} ל-{g(d['75%'])} ק\"ג. "
             f"הממוצע, {g(d['mean'])} ק\"ג, מעט גבוה מהחציון בגלל כמה משטחים כבדים במיוחד (עד {g(d['max'])} ק\"ג); הקל ביותר שקל "
             f"{g(d['min'])} ק\"ג.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), final],
                  [repl("print(t['משקל_קג'].median(), t['משקל_קג'].quantile([.25, .75]).tolist())"), final])


@case("h16_harvest_tonnes_he", "value with a unit", "legit", "כמה תמרים נקטפו העונה בסך הכול?")
def _tonnes() -> Script:
    code = "print(round(t['משקל_קג'].sum(), 1), len(t))"
    ctx, ns = with_t(code)
    kg = round(ns["t"]["משקל_קג"].sum(), 1)
    final = f"FINAL(כ-{kg / 1000:.1f} טון: {kg:,.1f} ק\"ג ב-{len(ns['t'])} משטחים, בממוצע {kg / len(ns['t']):.0f} ק\"ג למשטח.)"
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), final], [repl("print(round(t['משקל_קג'].sum() / 1000, 1))"), final])


GRADES = "print(t['דרגה'].value_counts())"


@case("h16_pallets_per_grade_he", "count off value_counts", "legit", "כמה משטחים סווגו בדרגת סופר?")
def _grade_count() -> Script:
    ctx, ns = with_t(GRADES)
    v = ns["t"]["דרגה"].value_counts()
    final = (f"FINAL({v['סופר']} משטחים סווגו כסופר, מתוך {v.sum()} בסך הכול. בדרגה א' היו {v[ALEF]} משטחים "
             f"ובדרגה ב' {v[BET]}.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(GRADES), final], [repl("print((t['דרגה'] == 'סופר').sum())"), final])


HEAVIEST = "print(t.nlargest(3, 'משקל_קג')[['משטח', 'תאריך', 'חלקה', 'זן', 'משקל_קג', 'דרגה']])"


@case("h16_heaviest_pallet_id", "quoted log line or ID", "legit", "Which single pallet was the heaviest?")
def _heaviest() -> Script:
    ctx, ns = with_t(HEAVIEST)
    x = ns["t"].nlargest(2, "משקל_קג")
    a = x.iloc[0]
    assert a["משקל_קג"] > x.iloc[1]["משקל_קג"]
    final = (f"FINAL(Pallet {a['משטח']}: {a['משקל_קג']:g} kg of {a['זן']} from plot {a['חלקה']}, brought in on {a['תאריך']} "
             f"({a['יום']:%-d %B %Y}), graded {a['דרגה']}. The next heaviest, {x.iloc[1]['משטח']}, weighed {x.iloc[1]['משקל_קג']:g} kg.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(HEAVIEST), final], [repl("print(t.loc[t['משקל_קג'].idxmax(), ['משטח', 'משקל_קג']])"), final])


ZAN_PRICE_CMP = ("cmp = t[t['זן'].isin([\"מג'הול\", 'ברחי'])].groupby('זן')['מחיר_לקג'].agg(['size', 'mean', 'median']).round(2)\n"
                 "print(cmp)")


@case("h16_medjool_vs_barhi_price", "two groups compared", "legit", "How much more does Medjool fetch than Barhi?")
def _medjool_barhi() -> Script:
    ctx, ns = with_t(ZAN_PRICE_CMP)
    c = ns["cmp"]
    mj, br = c.loc[MEDJOOL, "mean"], c.loc["ברחי", "mean"]
    final = (f"FINAL(Medjool averages ₪{mj:.2f} a kilo against ₪{br:.2f} for Barhi, about ₪{mj - br:.2f} more, or {mj / br:.1f} times "
             f"the price (medians ₪{c.loc[MEDJOOL, 'median']:.2f} and ₪{c.loc['ברחי', 'median']:.2f}), over "
             f"{c.loc[MEDJOOL, 'size']:.0f} Medjool and {c.loc['ברחי', 'size']:.0f} Barhi pallets.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(ZAN_PRICE_CMP), final], [repl("print(cmp['mean'])"), final])


TOP_DAYS = "ימים = t.groupby('יום')['משקל_קג'].sum().round(1).nlargest(3)\nprint(ימים)"


@case("h16_top3_days_he", "top-N list by code", "legit", "מה היו שלושת ימי הקטיף הגדולים ביותר?")
def _top_days() -> Script:
    ctx, ns = with_t(TOP_DAYS)
    full = ns["t"].groupby("יום")["משקל_קג"].sum().round(1).nlargest(4)
    assert full.iloc[2] > full.iloc[3]
    final = ("FINAL(שלושת ימי הקטיף הגדולים:\n"
             + "\n".join(f"{i}. {d:%d.%m.%y} – {kg:,.1f} ק\"ג" for i, (d, kg) in enumerate(full.head(3).items(), 1)) + ")")
    return Script(ctx, [T_LOOK, PARSE_T, repl(TOP_DAYS), final], [repl("print(ימים.index.strftime('%d.%m.%y').tolist())"), final])


THREE_ZANIM = "לפי_זן = t.groupby('זן')['משקל_קג'].sum().round(1)\nprint(לפי_זן)"


@case("h16_non_medjool_head_he", "in-head arithmetic beyond two operands", "legit", "כמה ק\"ג נקטפו מכל הזנים שאינם מג'הול יחד?")
def _non_medjool() -> Script:
    ctx, ns = with_t(THREE_ZANIM)
    z = ns["לפי_זן"]
    br, dn, ch = z["ברחי"], z["דקל נור"], z["חיאני"]
    tot = round(br + dn + ch, 1)
    final = (f"FINAL({tot:,.1f} ק\"ג: ברחי {br:,.1f} + דקל נור {dn:,.1f} + חיאני {ch:,.1f}. זה כ-{tot / z.sum() * 100:.0f}% מכלל הקטיף; "
             "השאר מג'הול.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(THREE_ZANIM), final],
                  [repl("print(round(לפי_זן.drop(\"מג'הול\").sum(), 1))"), final])


PLOT_YIELD = ("תנובה = t.groupby(['חלקה', 'שטח_דונם'])['משקל_קג'].sum().reset_index()\n"
              "תנובה['קג_לדונם'] = (תנובה['משקל_קג'] / תנובה['שטח_דונם']).round(1)\nprint(תנובה)\n"
              "best = תנובה.loc[תנובה['קג_לדונם'].idxmax()]\nprint(best)")


@case("h16_best_plot_per_dunam", "selection printed right after its table", "legit", "Which plot yielded the most per dunam?")
def _best_plot() -> Script:
    ctx, ns = with_t(PLOT_YIELD)
    y = ns["תנובה"].sort_values("קג_לדונם", ascending=False)
    b = y.iloc[0]
    assert b["קג_לדונם"] > y.iloc[1]["קג_לדונם"]
    final = (f"FINAL(Plot {b['חלקה']}: {b['קג_לדונם']:g} kg per dunam ({b['משקל_קג']:,.1f} kg off {b['שטח_דונם']} dunams), i.e. about "
             f"{b['קג_לדונם']:g} kg per 1,000 m². Runner-up is {y.iloc[1]['חלקה']} at {y.iloc[1]['קג_לדונם']:g} kg per dunam.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(PLOT_YIELD), final], [repl("print(best['חלקה'], best['קג_לדונם'])"), final])


ZAN_MONTHS = ("חודשי = t.pivot_table(index='זן', columns=t['יום'].dt.month, values='משקל_קג', aggfunc='sum', fill_value=0).round(0)\n"
              "print(חודשי)")


@case("h16_variety_month_trend_he", "trend sentence naming several labels", "legit", "איך התפזר הקטיף של כל זן לאורך העונה?")
def _zan_trend() -> Script:
    ctx, ns = with_t(ZAN_MONTHS)
    p = ns["חודשי"]
    assert p.loc["ברחי", 11] == 0 and p.loc["ברחי"].idxmax() == 9 and p.loc[MEDJOOL].idxmax() == 10

    def arc(z: str) -> str:
        return " → ".join(f"{p.loc[z, c]:,.0f}" for c in p.columns)
    final = ("FINAL(לפי חודשים (ק\"ג, אוגוסט → ספטמבר → אוקטובר → נובמבר): "
             f"מג'הול {arc(MEDJOOL)}, עם שיא באוקטובר; ברחי {arc('ברחי')} – נקטף מוקדם, טרי, עם שיא בספטמבר, ונגמר באוקטובר; "
             f"דקל נור {arc('דקל נור')}; חיאני {arc('חיאני')}.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(ZAN_MONTHS), final], [repl("print(חודשי.idxmax(axis=1))"), final])


T_TOTALS = "pallets = len(t)\nkg = round(float(t['משקל_קג'].sum()), 1)\nrevenue = round(float(t['שווי'].sum()), 2)\nprint(pallets, kg, revenue)"


@case("h16_submit_season_he", "DSPy SUBMIT fields", "legit", "כמה משטחים, כמה ק\"ג ומה שווי הקטיף בשקלים?")
def _submit_t() -> Script:
    ctx, _ = with_t(T_TOTALS)
    submit = repl("SUBMIT(pallets=pallets, kg=kg, revenue_ils=revenue)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(T_TOTALS), submit], [repl("print(len(t), t['משקל_קג'].sum(), t['שווי'].sum())"), submit])


@case("h16_revenue_elef_he", "locale abbreviations for thousands and millions", "legit", "מה שווי הקטיף כולו?")
def _revenue_he() -> Script:
    code = "print(round(t['שווי'].sum(), 2))\nprint(t.groupby('זן')['שווי'].sum().round(0))"
    ctx, ns = with_t(code)
    v = round(ns["t"]["שווי"].sum(), 2)
    mj = ns["t"].groupby("זן")["שווי"].sum()["מג'הול"]
    final = (f"FINAL(כ-{v / 1e6:.2f} מיליון ₪ ({v:,.2f} ₪). המג'הול לבדו שווה כ-{mj / 1e3:,.0f} אלף ₪, "
             f"כלומר {mj / v * 100:.0f}% מהשווי.)")
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), final], [repl("print(round(t['שווי'].sum() / 1e6, 2))"), final])


# -- the desalination plant (Greek) ----------------------------------------------------------------------------------
MONTH_TABLE_A = ("μήνας = a.groupby(a.day.dt.month).agg(m3=('παραγωγή_m3', 'sum'), kwh=('ενέργεια_kWh', 'sum'),\n"
                 "                                    ώρες=('ώρες_λειτουργίας', 'sum'))\n"
                 "μήνας['kwh_ανά_m3'] = (μήνας.kwh / μήνας.m3).round(2)\nprint(μήνας)")


@case("h16_desal_month_table_el", "markdown table in text", "legit", "Δώσε μου έναν πίνακα με την παραγωγή ανά μήνα.")
def _desal_table() -> Script:
    ctx, ns = with_a(MONTH_TABLE_A)
    t = ns["μήνας"]
    rows = "\n".join(f"| {EL_MONTHS[int(mo)]} | {el(r.m3, 0)} | {el(r.kwh, 0)} | {el(r.ώρες, 1)} | {el(r.kwh_ανά_m3, 2)} |"
                     for mo, r in t.iterrows())
    final = ("FINAL(Παραγωγή της μονάδας αφαλάτωσης, καλοκαίρι 2024:\n\n| Μήνας | Νερό (m³) | Ενέργεια (kWh) | Ώρες λειτουργίας | kWh/m³ |\n"
             f"| --- | --- | --- | --- | --- |\n{rows}\n\nΣύνολο: {el(t.m3.sum(), 0)} m³.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(MONTH_TABLE_A), final], [repl("print(μήνας.m3.to_dict())"), final])


@case("h16_desal_total_megalitres", "value with a unit", "legit", "How much fresh water did the plant make this summer?")
def _desal_total() -> Script:
    code = "print(a['παραγωγή_m3'].sum())\nprint(a.groupby('μονάδα')['παραγωγή_m3'].sum())"
    ctx, ns = with_a(code)
    v = int(ns["a"]["παραγωγή_m3"].sum())
    final = (f"FINAL({v:,} m³ between 1 June and 30 September 2024, i.e. {v / 1000:.1f} megalitres (about {v / 122:.0f} m³ a day "
             "over the 122 days).)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), final], [repl("print(a['παραγωγή_m3'].sum() / 1000)"), final])


UNITS_A = ("μονάδες = a[a['ώρες_λειτουργίας'] > 0].groupby('μονάδα')[['παραγωγή_m3', 'ενέργεια_kWh']].sum()\n"
           "μονάδες['kwh_ανά_m3'] = (μονάδες['ενέργεια_kWh'] / μονάδες['παραγωγή_m3']).round(3)\nprint(μονάδες)")


@case("h16_units_efficiency_el", "two groups compared", "legit", "Ποια μονάδα είναι πιο αποδοτική ενεργειακά, η Α ή η Β;")
def _units_eff() -> Script:
    ctx, ns = with_a(UNITS_A)
    u = ns["μονάδες"]
    ea, eb = u.loc["Α", "kwh_ανά_m3"], u.loc["Β", "kwh_ανά_m3"]
    assert ea < eb
    final = (f"FINAL(Η Α. Καταναλώνει {el(ea, 3)} kWh ανά m³ έναντι {el(eb, 3)} kWh/m³ της Β, δηλαδή περίπου "
             f"{(eb / ea - 1) * 100:.0f}% λιγότερη ενέργεια ανά κυβικό. Επιπλέον η Α έβγαλε {el(u.loc['Α', 'παραγωγή_m3'], 0)} m³ "
             f"έναντι {el(u.loc['Β', 'παραγωγή_m3'], 0)} m³ της Β.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(UNITS_A), final], [repl("print(μονάδες['kwh_ανά_m3'])"), final])


@case("h16_conductivity_sigfigs", "significant figures", "legit", "Roughly what conductivity does the product water have?")
def _cond_sig() -> Script:
    code = "print(a['αγωγιμότητα_uS_cm'].agg(['mean', 'median', 'min', 'max']).round(1))"
    ctx, ns = with_a(code)
    c = ns["a"]["αγωγιμότητα_uS_cm"]
    final = (f"FINAL(About {float(f'{c.mean():.2g}'):g} μS/cm (mean {c.mean():.1f}, median {c.median():g}); it ranged from {c.min()} "
             f"to {c.max()} μS/cm. That is well within drinking-water limits.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), final], [repl("print(round(a['αγωγιμότητα_uS_cm'].mean(), -1))"), final])


@case("h16_remarks_count_el", "count off value_counts", "legit", "Πόσες φορές έγινε αλλαγή φίλτρων;")
def _remarks_count() -> Script:
    code = "print(a['παρατηρήσεις'].value_counts())"
    ctx, ns = with_a(code)
    v = ns["a"]["παρατηρήσεις"].value_counts()
    final = (f"FINAL({v['αλλαγή φίλτρων']} φορές (στις δύο μονάδες μαζί). Επίσης καταγράφηκαν {v['έλεγχος δοσομετρικής αντλίας']} "
             f"έλεγχοι δοσομετρικής αντλίας και {v['χημικός καθαρισμός μεμβρανών']} χημικοί καθαρισμοί μεμβρανών.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), final],
                  [repl("print((a['παρατηρήσεις'] == 'αλλαγή φίλτρων').sum())"), final])


@case("h16_conductivity_over_500_el", "yes/no with evidence", "legit", "Ξεπέρασε ποτέ η αγωγιμότητα τα 500 μS/cm;")
def _over500() -> Script:
    code = "high = a[a['αγωγιμότητα_uS_cm'] > 500]\nprint(len(high))\nprint(high[['ημερομηνία', 'μονάδα', 'αγωγιμότητα_uS_cm']])"
    ctx, ns = with_a(code)
    h = ns["high"]
    assert len(h) > 0 and (h["μονάδα"] == "Β").all()
    top = h.loc[h["αγωγιμότητα_uS_cm"].idxmax()]
    final = (f"FINAL(Ναι, {len(h)} φορές, όλες στη μονάδα Β και προς το τέλος του καλοκαιριού. Η υψηλότερη τιμή ήταν "
             f"{top['αγωγιμότητα_uS_cm']} μS/cm στις {top['ημερομηνία']}.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), final],
                  [repl("print(a.loc[a['αγωγιμότητα_uS_cm'].idxmax(), ['ημερομηνία', 'μονάδα', 'αγωγιμότητα_uS_cm']])"), final])


FIT_A = ("import numpy as np\nrun = a[a['παραγωγή_m3'] > 0]\nslope, icpt = np.polyfit(run['παραγωγή_m3'], run['ενέργεια_kWh'], 1)\n"
         "r = np.corrcoef(run['παραγωγή_m3'], run['ενέργεια_kWh'])[0, 1]\nprint(round(slope, 3), round(icpt, 1), round(r, 4))")


@case("h16_energy_fit_el", "correlation or fitted statistic", "legit", "Πόση ενέργεια χρειάζεται κάθε επιπλέον κυβικό νερού;")
def _energy_fit() -> Script:
    ctx, ns = with_a(FIT_A)
    final = (f"FINAL(Μια γραμμική προσαρμογή δίνει {el(ns['slope'], 3)} kWh για κάθε επιπλέον m³ (σταθερός όρος {el(ns['icpt'], 1)} kWh), "
             f"με συντελεστή συσχέτισης r = {el(ns['r'], 4)}· η κατανάλωση ακολουθεί στενά την παραγωγή.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(FIT_A), final], [repl("print(slope, r)"), final])


BETA_TWO = ("print(a.groupby('μονάδα')['ώρες_λειτουργίας'].sum())\n"
            "print(a[a['παρατηρήσεις'] != ''].groupby('μονάδα')['παρατηρήσεις'].value_counts())")


@case("h16_unit_b_two_tables_el", "same label in two printed tables", "legit", "Πόσες ώρες δούλεψε η μονάδα Β και πόσες βλάβες είχε;")
def _unit_b() -> Script:
    ctx, ns = with_a(BETA_TWO)
    x = ns["a"]
    h = x.groupby("μονάδα")["ώρες_λειτουργίας"].sum()["Β"]
    k = int(((x["μονάδα"] == "Β") & (x["παρατηρήσεις"] == "βλάβη αντλίας υψηλής πίεσης")).sum())
    final = (f"FINAL(Η μονάδα Β δούλεψε {el(h, 1)} ώρες συνολικά. Καταγράφεται μία βλάβη, της αντλίας υψηλής πίεσης, που την κράτησε "
             f"εκτός για {k} ημέρες (12–15 Αυγούστου).)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(BETA_TWO), final],
                  [repl("print(a[a['μονάδα'] == 'Β']['ώρες_λειτουργίας'].sum())"), final])


@case("h16_answer_desal_day_el", "answer-dict dialect", "legit", "Τι έγινε στις 13 Αυγούστου στη μονάδα αφαλάτωσης;")
def _answer_day() -> Script:
    code = ("day = a[a.day == '2024-08-13']\nprint(day.to_string())\n"
            "answer['content'] = (f\"Στις 13/8/2024 η μονάδα Α παρήγαγε {day[day['μονάδα'] == 'Α']['παραγωγή_m3'].iloc[0]} m³, ενώ η Β \"\n"
            "                     f\"ήταν εκτός λειτουργίας: {day[day['μονάδα'] == 'Β']['παρατηρήσεις'].iloc[0]}.\")\n"
            "answer['ready'] = True")
    ctx, ns = with_a(code.split("\nanswer[")[0])
    assert len(ns["day"]) == 2
    return Script(ctx, [A_LOOK, PARSE_A, repl(code)], [repl("print(day[['μονάδα', 'παραγωγή_m3', 'παρατηρήσεις']])"), repl(code)])


EL_MONTH_QUAL = ("μ = a.groupby(a.day.dt.month).agg(m3=('παραγωγή_m3', 'sum'), ώρες=('ώρες_λειτουργίας', 'mean'),\n"
                 "                                  αγωγ=('αγωγιμότητα_uS_cm', 'mean')).round(1)\nprint(μ)")


@case("h16_desal_summer_qualitative", "qualitative over a full small table", "legit", "How did the plant's summer go, month by month?")
def _desal_qual() -> Script:
    ctx, ns = with_a(EL_MONTH_QUAL)
    m = ns["μ"]
    assert m.m3.idxmax() in (7, 8) and m.m3.idxmin() in (6, 9) and m["αγωγ"].is_monotonic_increasing
    final = (f"FINAL(It followed the tourist season. June was a warm-up at {m.loc[6, 'm3']:,.0f} m³ with the units running "
             f"{m.loc[6, 'ώρες']:g} h a day on average; July ({m.loc[7, 'm3']:,.0f} m³) and August ({m.loc[8, 'm3']:,.0f} m³) were "
             f"the busy months, running close to round the clock, and August got through despite unit Β's four-day pump failure. "
             f"September dropped back to {m.loc[9, 'm3']:,.0f} m³. Product conductivity crept up every month, from "
             f"{m.loc[6, 'αγωγ']:g} to {m.loc[9, 'αγωγ']:g} μS/cm: the membranes are ageing.)")
    return Script(ctx, [A_LOOK, PARSE_A, repl(EL_MONTH_QUAL), final], [repl("print(μ.m3.idxmax(), μ['αγωγ'].tolist())"), final])


@case("h16_reading_time_el", "count off value_counts", "legit", "Τι ώρα παίρνεται συνήθως η μέτρηση;")
def _reading_time() -> Script:
    code = "print(a['ώρα'].str[-4:].value_counts())\nprint(a['ώρα'].str.split(':').str[0].value_counts())"
    ctx, ns = with_a(code)
    x = ns["a"]["ώρα"]
    am = int(x.str.endswith("π.μ.").sum())
    final = (f"FINAL(Το πρωί, μεταξύ 7:00 και 8:00 π.μ.: {am} από τις {len(x)} μετρήσεις ({am / len(x) * 100:.0f}%) είναι π.μ. "
             f"Οι υπόλοιπες {len(x) - am} πάρθηκαν το απόγευμα, μεταξύ 8:00 και 9:00 μ.μ.)")
    assert set(x[x.str.endswith("π.μ.")].str.split(":").str[0]) == {"7"}
    assert set(x[x.str.endswith("μ.μ.")].str.split(":").str[0]) == {"8"}
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), final], [repl("print(a['ώρα'].str.endswith('π.μ.').sum(), len(a))"), final])


# -- the car-sharing cooperative (Swedish) ---------------------------------------------------------------------------
@case("h16_car_km_bullets", "bullet list of figures", "legit", "How far did each car go this half-year?")
def _car_bullets() -> Script:
    code = "per_bil = b.groupby(['bil', 'modell']).km.sum().sort_values(ascending=False)\nprint(per_bil)\nprint(b.km.sum())"
    ctx, ns = with_b(code)
    p = ns["per_bil"]
    final = ("FINAL(Distance driven, January–June 2024:\n"
             + "\n".join(f"- {reg} ({mod}): {km:,} km ({km / 10:,.1f} mil)" for (reg, mod), km in p.items())
             + f"\n\nAll three cars: {p.sum():,} km.)")
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), final], [repl("print(b.groupby('bil').km.sum().to_dict())"), final])


@case("h16_total_mil_sv", "value with a unit", "legit", "Hur långt har bilpoolens bilar kört sammanlagt i år?")
def _total_mil() -> Script:
    code = "print(b.mil.sum(), b.km.sum(), len(b))"
    ctx, ns = with_b(code)
    mil = ns["b"].mil.sum()
    final = f"FINAL({sv(mil)} mil, alltså {sv(mil * 10, 0)} km, fördelat på {len(ns['b'])} resor – i snitt {sv(mil / len(ns['b']), 2)} mil per resa.)"
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), final], [repl("print(round(b.mil.sum(), 1))"), final])


@case("h16_refuel_share_sv", "X out of Y", "legit", "Hur ofta tankar medlemmarna efter en resa?")
def _refuel() -> Script:
    code = "print((b.tankat_l > 0).sum(), len(b))"
    ctx, ns = with_b(code)
    k, n = int((ns["b"].tankat_l > 0).sum()), len(ns["b"])
    final = f"FINAL({k} av {n} resor slutade med en tankning, ungefär var {n / k:.0f}:e resa ({sv(k / n * 100)} %).)"
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), final], [repl("print((b.tankat_l > 0).sum())"), final])


WEEKS = "b['vecka'] = b.datum.dt.isocalendar().week\nv = b.groupby('vecka').km.sum()\nprint(v.nlargest(5))"


@case("h16_busiest_week_sv", "week, weekday or time of day", "legit", "Vilken vecka kördes det mest?")
def _busiest_week() -> Script:
    ctx, ns = with_b(WEEKS)
    v = ns["b"].groupby("vecka").km.sum().sort_values(ascending=False)
    assert v.iloc[0] > v.iloc[1]
    wk = int(v.index[0])
    mon = pd.Timestamp.fromisocalendar(2024, wk, 1)
    sun = mon + pd.Timedelta(days=6)
    final = (f"FINAL(Vecka {wk} ({mon.day}–{sun.day} {SV_MONTHS[sun.month]} 2024), med {sv(v.iloc[0], 0)} km eller {sv(v.iloc[0] / 10)} mil. "
             f"Näst mest kördes vecka {int(v.index[1])} ({sv(v.iloc[1], 0)} km).)")
    return Script(ctx, [B_LOOK, PARSE_B, repl(WEEKS), final], [repl("print(v.idxmax(), v.max())"), final])


MEMBERS = "resor = b.medlem.value_counts()\nprint(resor)\nprint(resor.idxmax(), resor.max())"


@case("h16_most_trips_member_sv", "selection printed right after its table", "legit", "Vem har bokat flest resor?")
def _most_trips() -> Script:
    ctx, ns = with_b(MEMBERS)
    r = ns["resor"]
    assert r.iloc[0] > r.iloc[1]
    final = f"FINAL({r.index[0]}, med {r.iloc[0]} resor – {r.iloc[0] - r.iloc[1]} fler än {r.index[1]} ({r.iloc[1]}).)"
    return Script(ctx, [B_LOOK, PARSE_B, repl(MEMBERS), final], [repl("print(resor.head(2))"), final])


@case("h16_long_trip_sv", "yes/no with evidence", "legit", "Har någon kört längre än 40 mil på en resa?")
def _long_trip() -> Script:
    code = "lång = b[b.mil > 40]\nprint(len(lång))\nprint(lång[['datum', 'bil', 'modell', 'medlem', 'km', 'mil']])\nprint(b.mil.nlargest(3))"
    ctx, ns = with_b(code)
    lg, b_ = ns["lång"], ns["b"]
    assert len(lg) == 1
    top = lg.iloc[0]
    final = (f"FINAL(Ja, en gång: {top.medlem} körde {sv(top.mil)} mil ({top.km} km) med {top.bil} ({top.modell}) den {top.datum.day} "
             f"{SV_MONTHS[top.datum.month]}. Ingen annan resa var längre än 40 mil; näst längst var {sv(b_.mil.nlargest(2).iloc[1])} mil.)")
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), final], [repl("print((b.mil > 40).sum(), b.mil.max())"), final])


FEES = "print(b.avgift_kr.sum())\nprint(b.groupby(b.datum.dt.month).avgift_kr.sum())"


@case("h16_fees_tkr_sv", "locale number abbreviation", "legit", "Hur mycket har medlemmarna betalat i avgifter hittills?")
def _fees_tkr() -> Script:
    ctx, ns = with_b(FEES)
    v = ns["b"].avgift_kr.sum()
    jun = ns["b"].groupby(ns["b"].datum.dt.month).avgift_kr.sum()[6]
    final = f"FINAL(Cirka {sv(v / 1000)} tkr ({sv(v, 2)} kr). Juni ensam stod för {sv(jun / 1000)} tkr.)"
    return Script(ctx, [B_LOOK, PARSE_B, repl(FEES), final], [repl("print(round(b.avgift_kr.sum() / 1000, 1))"), final])


@case("h16_car_dict_var", "FINAL_VAR of a dict or frame", "legit", "Give me the litres per mil of each car as a dict.")
def _lpm_dict() -> Script:
    code = ("per = b.groupby('bil').agg(l=('tankat_l', 'sum'), mil=('mil', 'sum'))\n"
            "l_per_mil = (per.l / per.mil).round(3).to_dict()\nprint(l_per_mil)")
    ctx, _ = with_b(code)
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), "FINAL_VAR(l_per_mil)"], [repl("print(len(l_per_mil), l_per_mil)"), "FINAL_VAR(l_per_mil)"])


# -- the grain market (Hindi) ----------------------------------------------------------------------------------------
ARRIVALS = "आवक = m.groupby('जिंस')['आवक_क्विंटल'].sum().sort_values(ascending=False)\nprint(आवक)\nprint(आवक.sum())"


@case("h16_arrivals_bullets_hi", "bullet list of figures", "legit", "मार्च-अप्रैल में हर जिंस की कितनी आवक हुई?")
def _arrivals_bullets() -> Script:
    ctx, ns = with_m(ARRIVALS)
    a = ns["आवक"]
    final = ("FINAL(कोटा मंडी, 1 मार्च – 30 अप्रैल 2024, कुल आवक:\n"
             + "\n".join(f"• {k}: {ind(v)} क्विंटल" for k, v in a.items()) + f"\n\nकुल: {ind(a.sum())} क्विंटल।)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(ARRIVALS), final], [repl("print(आवक.to_dict())"), final])


@case("h16_top_commodity_sorted_hi", "top row of a sorted table named the maximum", "legit", "सबसे ज़्यादा आवक किस जिंस की रही?")
def _top_commodity() -> Script:
    ctx, ns = with_m(ARRIVALS)
    a = ns["आवक"]
    final = (f"FINAL({a.index[0]} की – {ind(a.iloc[0])} क्विंटल, यानी लगभग {a.iloc[0] / 10:,.0f} टन। दूसरे नंबर पर {a.index[1]} "
             f"({ind(a.iloc[1])} क्विंटल) रहा।)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(ARRIVALS), final], [repl("print(आवक.idxmax(), आवक.max())"), final])


WHEAT_RANGE = "w = m[m['जिंस'] == 'गेहूं']\nprint(w['मॉडल_मूल्य'].agg(['min', 'max']))\nprint(w.loc[w['मॉडल_मूल्य'].idxmin(), 'तारीख'], w.loc[w['मॉडल_मूल्य'].idxmax(), 'तारीख'])"


@case("h16_wheat_modal_range", "range from min to max", "legit", "What range did the modal wheat price move in?")
def _wheat_range() -> Script:
    ctx, ns = with_m(WHEAT_RANGE)
    w = ns["w"]
    lo, hi = w.loc[w["मॉडल_मूल्य"].idxmin()], w.loc[w["मॉडल_मूल्य"].idxmax()]
    final = (f"FINAL(Between ₹{lo['मॉडल_मूल्य']:,} and ₹{hi['मॉडल_मूल्य']:,} a quintal: the low on {lo['दिन']:%-d %B} and the high on "
             f"{hi['दिन']:%-d %B} 2024, a spread of ₹{hi['मॉडल_मूल्य'] - lo['मॉडल_मूल्य']:,}.)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(WHEAT_RANGE), final], [repl("print(w['मॉडल_मूल्य'].min(), w['मॉडल_मूल्य'].max())"), final])


MONTHS_M = ("मासिक = m.pivot_table(index='जिंस', columns=m['दिन'].dt.month, values='आवक_क्विंटल', aggfunc='sum')\n"
            "मासिक['बदलाव_%'] = ((मासिक[4] / मासिक[3] - 1) * 100).round(1)\nprint(मासिक)")


@case("h16_wheat_april_change_hi", "period-over-period change", "legit", "मार्च से अप्रैल में गेहूं की आवक कितनी बढ़ी?")
def _wheat_change() -> Script:
    ctx, ns = with_m(MONTHS_M)
    r = ns["मासिक"].loc["गेहूं"]
    final = (f"FINAL(गेहूं की आवक मार्च में {ind(r[3])} क्विंटल थी और अप्रैल में {ind(r[4])} क्विंटल हो गई – यानी {r['बदलाव_%']:g}% की "
             f"बढ़ोतरी ({ind(r[4] - r[3])} क्विंटल ज़्यादा)। कटाई अप्रैल में ज़ोर पकड़ती है।)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(MONTHS_M), final], [repl("print(मासिक.loc['गेहूं', [3, 4, 'बदलाव_%']])"), final])


@case("h16_commodity_month_trend", "trend sentence naming several labels", "legit", "How did arrivals of each crop change from March to April?")
def _crop_trend() -> Script:
    ctx, ns = with_m(MONTHS_M)
    p = ns["मासिक"]
    assert p.loc["गेहूं", "बदलाव_%"] > 100 and p.loc["सरसों", "बदलाव_%"] < 0 and p.loc["चना", "बदलाव_%"] > 0 and p.loc["जौ", "बदलाव_%"] > 0
    names = {"गेहूं": "Wheat", "सरसों": "Mustard", "चना": "Gram", "जौ": "Barley"}
    parts = [f"{names[k]} ({k}) {ind(p.loc[k, 3])} → {ind(p.loc[k, 4])} q ({p.loc[k, 'बदलाव_%']:+g}%)" for k in ["गेहूं", "सरसों", "चना", "जौ"]]
    final = ("FINAL(Wheat surged as the harvest came in, while mustard, harvested earlier, tailed off; gram and barley edged up. "
             "March → April: " + "; ".join(parts) + ".)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(MONTHS_M), final], [repl("print(मासिक['बदलाव_%'])"), final])


VALUE_M = "m['मूल्य_रु'] = m['आवक_क्विंटल'] * m['मॉडल_मूल्य']\nप्रति = m.groupby('जिंस')['मूल्य_रु'].sum()\nprint(प्रति)\nprint(प्रति.sum())"


@case("h16_trade_value_crore_hi", "locale number abbreviation", "legit", "दो महीनों में मंडी में कितने रुपये का माल आया?")
def _crore() -> Script:
    ctx, ns = with_m(VALUE_M)
    v = ns["प्रति"].sum()
    mu = ns["प्रति"]["सरसों"]
    final = (f"FINAL(मॉडल भाव के हिसाब से लगभग ₹{v / 1e7:.2f} करोड़ (₹{ind(v)})। इसमें अकेले सरसों का हिस्सा ₹{mu / 1e7:.2f} करोड़ "
             "रहा।)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(VALUE_M), final], [repl("print(round(प्रति.sum() / 1e7, 2))"), final])


@case("h16_three_crops_head_hi", "in-head arithmetic beyond two operands", "legit", "गेहूं को छोड़कर बाकी तीनों जिंसों की कुल आवक कितनी थी?")
def _three_crops() -> Script:
    ctx, ns = with_m(ARRIVALS)
    a = ns["आवक"]
    tot = int(a["सरसों"] + a["चना"] + a["जौ"])
    final = (f"FINAL({ind(tot)} क्विंटल: सरसों {ind(a['सरसों'])} + चना {ind(a['चना'])} + जौ {ind(a['जौ'])}। यह कुल आवक का लगभग "
             f"{tot / a.sum() * 100:.0f}% है।)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(ARRIVALS), final], [repl("print(आवक.drop('गेहूं').sum())"), final])


MSP = "w = m[m['जिंस'] == 'गेहूं']\nprint((w['मॉडल_मूल्य'] >= 2275).sum(), len(w))"


@case("h16_wheat_above_msp", "X out of Y", "legit", "On how many market days did wheat trade at or above the ₹2,275 MSP?")
def _above_msp() -> Script:
    ctx, ns = with_m(MSP)
    w = ns["w"]
    k = int((w["मॉडल_मूल्य"] >= 2275).sum())
    final = f"FINAL(On {k} out of {len(w)} market days ({k / len(w) * 100:.0f}%) the modal wheat price was at or above ₹2,275 per quintal.)"
    return Script(ctx, [M_LOOK, PARSE_M, repl(MSP), final], [repl("print((w['मॉडल_मूल्य'] >= 2275).sum())"), final])


MUSTARD_CHANGE = ("s = m[m['जिंस'] == 'सरसों'].groupby(m['दिन'].dt.month)['मॉडल_मूल्य'].mean().round(1)\n"
                  "print(s)\nprint(round((s[4] / s[3] - 1) * 100, 2))")


@case("h16_mustard_price_drop", "negative figure", "legit", "How did the mustard price move from March to April?")
def _mustard_drop() -> Script:
    ctx, ns = with_m(MUSTARD_CHANGE)
    s = ns["s"]
    ch = round((s[4] / s[3] - 1) * 100, 2)
    assert ch < 0
    final = (f"FINAL(It fell: the average modal price went from ₹{s[3]:,.1f} to ₹{s[4]:,.1f} a quintal, a change of {ch:.2f}% "
             f"({s[4] - s[3]:+,.1f} ₹/q).)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(MUSTARD_CHANGE), final], [repl("print(s[4] - s[3])"), final])


QUAL_M = ("सार = m.groupby('जिंस').agg(आवक=('आवक_क्विंटल', 'sum'), भाव=('मॉडल_मूल्य', 'mean'),\n"
          "                         फैलाव=('अधिकतम_मूल्य', 'mean')).round(0)\nसार['फैलाव'] = सार['फैलाव'] - m.groupby('जिंस')['न्यूनतम_मूल्य'].mean().round(0)\nprint(सार)")


@case("h16_mandi_overview_qualitative", "qualitative over a full small table", "legit", "Give me an overview of the four crops at the market.")
def _mandi_qual() -> Script:
    ctx, ns = with_m(QUAL_M)
    s = ns["सार"]
    assert s["आवक"].idxmax() == "गेहूं" and s["भाव"].idxmax() in ("चना", "सरसों") and s["आवक"].idxmin() == "जौ"
    final = (f"FINAL(Wheat dominates by volume ({ind(s.loc['गेहूं', 'आवक'])} quintals) but is a low-value crop at about "
             f"₹{s.loc['गेहूं', 'भाव']:,.0f}/q. Gram (a pulse) and mustard (an oilseed) are worth more than twice as much per quintal: gram around "
             f"₹{s.loc['चना', 'भाव']:,.0f} and mustard around ₹{s.loc['सरसों', 'भाव']:,.0f}, with mustard the bigger of the two in arrivals "
             f"({ind(s.loc['सरसों', 'आवक'])} vs {ind(s.loc['चना', 'आवक'])} q). Barley is the smallest and cheapest "
             f"({ind(s.loc['जौ', 'आवक'])} q at ₹{s.loc['जौ', 'भाव']:,.0f}). The gap between the day's highest and lowest bids is "
             f"widest for {s['फैलाव'].idxmax()} (₹{s['फैलाव'].max():,.0f} on average).)")
    return Script(ctx, [M_LOOK, PARSE_M, repl(QUAL_M), final], [repl("print(सार.to_string())"), final])


# -- the cashmere collection point (Mongolian) -----------------------------------------------------------------------
TOP_HERDERS = "малчин = d.groupby(['малчны_код', 'нэр', 'сум'])['ноолуур_кг'].sum().round(1).nlargest(4)\nprint(малчин)"


@case("h16_top3_herders_mn", "top-N list by code", "legit", "Хамгийн их ноолуур тушаасан гурван малчин хэн бэ?")
def _top_herders() -> Script:
    ctx, ns = with_n(TOP_HERDERS)
    h = ns["малчин"]
    assert h.iloc[2] > h.iloc[3]
    final = ("FINAL(Хамгийн их ноолуур тушаасан гурван малчин:\n"
             + "\n".join(f"{i}. {nm} ({code}, {s} сум) – {kg:g} кг" for i, ((code, nm, s), kg) in enumerate(h.head(3).items(), 1)) + ")")
    return Script(ctx, [N_LOOK, JOIN_N, repl(TOP_HERDERS), final], [repl("print(малчин.head(3).index.get_level_values('нэр').tolist())"), final])


SUM_TABLE = ("by_sum = d.groupby('сум').agg(малчин=('малчны_код', 'nunique'), кг=('ноолуур_кг', 'sum'), дүн=('дүн', 'sum'))\n"
             "by_sum['кг'] = by_sum['кг'].round(1)\nby_sum = by_sum.sort_values('кг', ascending=False)\nprint(by_sum)")


@case("h16_sum_markdown_table", "markdown table in text", "legit", "Give me a table of the cashmere collected per district.")
def _sum_table() -> Script:
    ctx, ns = with_n(SUM_TABLE)
    t = ns["by_sum"]
    rows = "\n".join(f"| {s} | {int(r.малчин)} | {r.кг:,.1f} | {r.дүн:,.0f} |" for s, r in t.iterrows())
    final = ("FINAL(Spring 2024 cashmere by sum (district):\n\n| Sum | Herders | Cashmere (kg) | Paid (₮) |\n| --- | --- | --- | --- |\n"
             f"{rows}\n\nTotal: {t['кг'].sum():,.1f} kg for ₮{t['дүн'].sum():,.0f}.)")
    return Script(ctx, [N_LOOK, JOIN_N, repl(SUM_TABLE), final], [repl("print(by_sum['кг'].to_dict())"), final])


@case("h16_top_sum_sorted", "top row of a sorted table named the maximum", "legit", "Which district delivered the most cashmere?")
def _top_sum() -> Script:
    ctx, ns = with_n(SUM_TABLE)
    t = ns["by_sum"]
    final = f"FINAL({t.index[0]}, with {t['кг'].iloc[0]:,.1f} kg from {t['малчин'].iloc[0]} herders; {t.index[1]} came second ({t['кг'].iloc[1]:,.1f} kg).)"
    return Script(ctx, [N_LOOK, JOIN_N, repl(SUM_TABLE), final], [repl("print(by_sum['кг'].idxmax(), by_sum['кг'].max())"), final])


PER_GOAT = ("херд = noolur['малчид'].groupby('сум')['ямаа'].sum()\nкг = d.groupby('сум')['ноолуур_кг'].sum()\n"
            "ямаанд = (кг / херд * 1000).round(0)\nprint(pd.DataFrame({'ямаа': херд, 'кг': кг.round(1), 'гр_ямаанд': ямаанд}))")


@case("h16_grams_per_goat", "joined tables", "legit", "How many grams of cashmere did each district get per goat?")
def _per_goat() -> Script:
    ctx, ns = with_n(PER_GOAT)
    y = ns["ямаанд"].sort_values(ascending=False)
    herd = ns["херд"]
    final = ("FINAL(Cashmere delivered per goat counted in the census, by sum:\n"
             + "\n".join(f"- {s}: {v:.0f} g per goat ({herd[s]:,} goats)" for s, v in y.items())
             + f"\n\n{y.index[0]} combs the most per head, {y.index[-1]} the least.)")
    return Script(ctx, [N_LOOK, JOIN_N, repl(PER_GOAT), final], [repl("print(ямаанд.to_dict())"), final])


COLOUR_SUM = ("өнгөөр = d.pivot_table(index='сум', columns='өнгө', values='ноолуур_кг', aggfunc='sum', fill_value=0).round(1)\n"
              "print(өнгөөр)\nprint((өнгөөр['цагаан'] / өнгөөр.sum(axis=1) * 100).round(1))")


@case("h16_white_share_by_sum_mn", "joined tables", "legit", "Аль сумын ноолуурт цагаан ноолуурын эзлэх хувь хамгийн бага байсан бэ?")
def _white_share() -> Script:
    ctx, ns = with_n(COLOUR_SUM)
    o = ns["өнгөөр"]
    sh = (o["цагаан"] / o.sum(axis=1) * 100).round(1).sort_values()
    assert sh.iloc[0] < sh.iloc[1] - 5
    final = (f"FINAL({sh.index[0]} сум: тушаасан ноолуурын ердөө {sh.iloc[0]:g}% нь цагаан ({o.loc[sh.index[0], 'цагаан']:g} кг), "
             f"үлдсэн нь бор ({o.loc[sh.index[0], 'бор']:g} кг) болон цайвар. Бусад гурван сумд цагаан ноолуур {sh.iloc[1]:g}%–{sh.iloc[-1]:g}% "
             "эзэлж байна.)")
    return Script(ctx, [N_LOOK, JOIN_N, repl(COLOUR_SUM), final], [repl("print((өнгөөр['цагаан'] / өнгөөр.sum(axis=1) * 100).round(1).sort_values())"), final])


TOTAL_N = "print(round(d['дүн'].sum()), round(d['ноолуур_кг'].sum(), 1), d['малчны_код'].nunique())"


@case("h16_total_paid_saya_mn", "locale abbreviations for thousands and millions", "legit", "Нийт хэдэн төгрөг малчдад төлсөн бэ?")
def _saya() -> Script:
    ctx, ns = with_n(TOTAL_N)
    v = round(ns["d"]["дүн"].sum())
    kg = round(ns["d"]["ноолуур_кг"].sum(), 1)
    final = (f"FINAL(Нийт {v / 1e6:.1f} сая ₮ ({v:,} ₮) төлсөн; {ns['d']['малчны_код'].nunique()} малчнаас {kg:,.1f} кг ноолуур авсан, "
             f"дунджаар кг тутамд {v / kg / 1000:.1f} мянган ₮.)")
    return Script(ctx, [N_LOOK, JOIN_N, repl(TOTAL_N), final], [repl("print(round(d['дүн'].sum() / 1e6, 1))"), final])


@case("h16_total_paid_sigfig", "significant figures", "legit", "Roughly how much did the collection point pay out this spring?")
def _paid_sig() -> Script:
    ctx, ns = with_n(TOTAL_N)
    v = round(ns["d"]["дүн"].sum())
    final = f"FINAL(Roughly ₮{float(f'{v:.2g}') / 1e6:g} million (₮{v:,} exactly), or about US${v / 3400 / 1000:.1f}k at ₮3,400 to the dollar.)"
    return Script(ctx, [N_LOOK, JOIN_N, repl(TOTAL_N), final], [repl("print(round(d['дүн'].sum(), -6))"), final])


@case("h16_answer_herder_mn", "answer-dict dialect", "legit", "М-112 малчин хэдэн удаа ноолуур тушааж, хэдэн төгрөг авсан бэ?")
def _answer_herder() -> Script:
    code = ("me = d[d['малчны_код'] == 'М-112']\nprint(me[['баримт', 'огноо', 'ноолуур_кг', 'өнгө', 'үнэ_кг', 'дүн']].to_string())\n"
            "answer['content'] = (f\"{me['нэр'].iloc[0]} (М-112, {me['сум'].iloc[0]} сум) {len(me)} удаа нийт {me['ноолуур_кг'].sum():.1f} кг \"\n"
            "                     f\"ноолуур тушааж {me['дүн'].sum():,.0f} ₮ авсан.\")\nanswer['ready'] = True")
    ctx, ns = with_n(code.split("\nanswer[")[0])
    assert len(ns["me"]) >= 2
    return Script(ctx, [N_LOOK, JOIN_N, repl(code)], [repl("print(me['дүн'].sum(), len(me))"), repl(code)])


WHICH_SUM = "кг_сум = d.groupby('сум')['ноолуур_кг'].sum().round(1).sort_values(ascending=False)\nprint(кг_сум)"


@case("h16_submit_top_sum_mn", "labelled SUBMIT for a which question", "legit", "Аль сум хамгийн их ноолуур тушаасан бэ?")
def _submit_sum() -> Script:
    ctx, ns = with_n(WHICH_SUM)
    k = ns["кг_сум"]
    assert k.iloc[0] > k.iloc[1]
    submit = repl("SUBMIT(sum_district=кг_сум.idxmax(), cashmere_kg=float(кг_сум.max()))")
    return Script(ctx, [N_LOOK, JOIN_N, repl(WHICH_SUM), submit], [repl("print(кг_сум.head(2))"), submit])


@case("h16_first_delivery_mn", "date from a log timestamp", "legit", "When did the first cashmere of the season come in?")
def _first_delivery() -> Script:
    code = "first = d.loc[d['өдөр'].idxmin()]\nprint(first[['баримт', 'огноо', 'нэр', 'ноолуур_кг']])"
    ctx, ns = with_n(code)
    f = ns["first"]
    final = (f"FINAL(On {f['өдөр']:%A %-d %B %Y} (written {f['огноо']} in the book): receipt {f['баримт']}, {f['ноолуур_кг']:g} kg from "
             f"{f['нэр']}.)")
    return Script(ctx, [N_LOOK, JOIN_N, repl(code), final], [repl("print(d['өдөр'].min())"), final])


SHEEP_UNITS = ("su = noolur['малчид'].copy()\nsu['хонин_толгой'] = su['тэмээ'] * 5 + su['адуу'] * 7 + su['үхэр'] * 6 + su['хонь'] + su['ямаа'] * 0.9\n"
               "кг = d.groupby('малчны_код')['ноолуур_кг'].sum()\nsu = su.set_index('малчны_код').join(кг)\n"
               "print(su[['нэр', 'сум', 'хонин_толгой', 'ноолуур_кг']].sort_values('хонин_толгой', ascending=False).head())")


@case("h16_biggest_herd_sheep_units", "joined tables", "legit", "Whose herd is largest in sheep units, and how much cashmere did they bring?")
def _sheep_units() -> Script:
    ctx, ns = with_n(SHEEP_UNITS)
    s = ns["su"].sort_values("хонин_толгой", ascending=False)
    a = s.iloc[0]
    assert a["хонин_толгой"] > s.iloc[1]["хонин_толгой"]
    final = (f"FINAL({a['нэр']} ({s.index[0]}, {a['сум']}): {a['хонин_толгой']:,.1f} sheep units (camel 5, horse 7, cattle 6, sheep 1, "
             f"goat 0.9), and {a['ноолуур_кг']:g} kg of cashmere delivered this spring.)")
    return Script(ctx, [N_LOOK, JOIN_N, repl(SHEEP_UNITS), final], [repl("print(su['хонин_толгой'].idxmax(), su['хонин_толгой'].max())"), final])


# -- the kiln book (English text) -------------------------------------------------------------------------------------
@case("h16_firings_per_kiln_bullets", "bullet list of figures", "legit", "How many firings did each kiln do, by type?")
def _kiln_bullets() -> Script:
    code = "print(f.groupby(['kiln', 'fuel', 'kind']).size())\nprint(len(f))"
    ctx, ns = with_k(code)
    v = ns["f"].groupby(["kiln", "fuel", "kind"]).size()
    final = ("FINAL(Firings, January to June 2024:\n"
             + "\n".join(f"* {k} ({fu}), {kind}: {n}" for (k, fu, kind), n in v.items()) + f"\n\n{len(ns['f'])} firings in all.)")
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print(f.groupby(['kiln', 'kind']).size().to_dict())"), final])


CONE6 = "c6 = f[f.cone == '6']\nprint(c6.peak_c.agg(['min', 'max', 'mean']).round(1))\nprint(c6.loc[[c6.peak_c.idxmin(), c6.peak_c.idxmax()], ['no', 'day', 'peak_c']])"


@case("h16_cone6_peak_range", "range from min to max", "legit", "How consistent are the cone 6 glaze firings' peak temperatures?")
def _cone6() -> Script:
    ctx, ns = with_k(CONE6)
    c = ns["c6"]
    lo, hi = c.loc[c.peak_c.idxmin()], c.loc[c.peak_c.idxmax()]
    final = (f"FINAL(Quite consistent: across {len(c)} cone 6 firings the peak ran from {lo.peak_c} °C (firing {lo.no}) to {hi.peak_c} °C "
             f"(firing {hi.no}), a spread of {hi.peak_c - lo.peak_c} °C around a mean of {c.peak_c.mean():.1f} °C.)")
    return Script(ctx, [K_LOOK, PARSE_K, repl(CONE6), final], [repl("print(c6.peak_c.min(), c6.peak_c.max())"), final])


@case("h16_firings_with_losses", "X out of Y", "legit", "How many firings lost at least one piece?")
def _with_losses() -> Script:
    code = "print((f.lost > 0).sum(), len(f), f.lost.sum(), f.pieces.sum())"
    ctx, ns = with_k(code)
    x = ns["f"]
    k = int((x.lost > 0).sum())
    final = (f"FINAL({k} of the {len(x)} firings lost at least one piece. Overall {x.lost.sum()} of {x.pieces.sum():,} pieces were lost, "
             f"{x.lost.sum() / x.pieces.sum() * 100:.1f}%.)")
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print((f.lost > 0).sum())"), final])


WORST = "print(f.nlargest(3, 'lost')[['no', 'day', 'kiln', 'kind', 'lost', 'pieces', 'note']])"


@case("h16_worst_firing_line", "quoted log line or ID", "legit", "Which firing went worst?")
def _worst() -> Script:
    ctx, ns = with_k(WORST)
    x = ns["f"]
    top = x[x.lost == x.lost.max()]
    r = top.iloc[-1]
    line = kiln_log().splitlines()[int(r.name)]
    assert len(top) == 2 and top.iloc[0].no == 321
    final = (f"FINAL(Two firings tie for the worst, each losing {r.lost} pieces, both in the gas kiln: firing {top.iloc[0].no} on "
             f"{top.iloc[0].day:%-d %B} and firing {r.no} on {r.day:%-d %B}. The later one's line reads:\n\n{line})")
    code = WORST + f"\nprint(lines[{int(r.name)}])"
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print(f[f.lost == f.lost.max()][['no', 'day', 'lost']])"), final])


@case("h16_elements_replaced_date", "date from a log timestamp", "legit", "When were K2's elements replaced?")
def _elements() -> Script:
    code = "hit = f[f.note.str.contains('replaced')]\nprint(hit[['no', 'year', 'doy', 'day', 'note']])"
    ctx, ns = with_k(code)
    h = ns["hit"].iloc[0]
    final = (f"FINAL(Just before firing {h.no}, logged as day {h.doy} of {h.year} ({h.year}-{h.doy}), which is {h.day:%A %-d %B %Y}. "
             "The note says the elements were replaced before that firing.)")
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print(hit.day.iloc[0])"), final])


@case("h16_last_glaze_firing_date", "date from a log timestamp", "legit", "When was the last glaze firing in the book?")
def _last_glaze() -> Script:
    code = "g_ = f[f.kind == 'glaze'].iloc[-1]\nprint(g_[['no', 'year', 'doy', 'day', 'kiln']])"
    ctx, ns = with_k(code)
    r = ns["g_"]
    final = f"FINAL(Firing {r.no}, in {r.kiln} ({r.fuel}), on {r.year}-{r.doy}, i.e. {r.day:%-d %B %Y}.)"
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print(f[f.kind == 'glaze'].day.max())"), final])


@case("h16_usual_start_time", "week, weekday or time of day", "legit", "What time of day do firings usually start?")
def _start_time() -> Script:
    code = "hour = f.start.str[:2].astype(int)\nprint(hour.value_counts().sort_index())\nprint((hour < 12).sum(), len(f))"
    ctx, ns = with_k(code)
    hour = ns["hour"]
    am = int((hour < 12).sum())
    final = (f"FINAL(Early morning: {am} of {len(hour)} firings started between 06:00 and 10:00, most often in the {hour.mode().iloc[0]:02d}:00 "
             f"hour. The other {len(hour) - am} were overnight firings started between 20:00 and 22:00.)")
    assert hour[hour < 12].max() <= 9 and set(hour[hour >= 12]) <= {20, 21}
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print(hour.mode(), (hour < 12).sum())"), final])


@case("h16_longest_firing_duration", "log or version-control timestamps", "legit", "What was the longest firing?")
def _longest() -> Script:
    code = "print(f.nlargest(3, 'minutes')[['no', 'day', 'kiln', 'cone', 'minutes']])"
    ctx, ns = with_k(code)
    x = ns["f"].nlargest(2, "minutes")
    r = x.iloc[0]
    assert r.minutes > x.iloc[1].minutes
    final = (f"FINAL(Firing {r.no} in {r.kiln} (cone {r.cone}) on {r.day:%-d %B}: {r.minutes // 60}h{r.minutes % 60:02d}m, i.e. "
             f"{r.minutes} minutes. The next longest ran {x.iloc[1].minutes // 60}h{x.iloc[1].minutes % 60:02d}m.)")
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), final], [repl("print(f.minutes.max())"), final])


GAP = "k1 = f[f.kiln == 'K1'].copy()\nk1['gap_days'] = k1.day.diff().dt.days\nprint(k1[['no', 'day', 'gap_days']])\nprint(k1.gap_days.max())"


@case("h16_k1_longest_idle", "log or version-control timestamps", "legit", "What was the longest stretch the gas kiln sat idle?")
def _idle() -> Script:
    ctx, ns = with_k(GAP)
    k1 = ns["k1"]
    i = k1.gap_days.idxmax()
    pos = list(k1.index).index(i)
    a, b = k1.iloc[pos - 1], k1.loc[i]
    assert (k1.gap_days == k1.gap_days.max()).sum() == 1
    final = (f"FINAL({int(b.gap_days)} days: K1 fired on {a.year}-{a.doy} ({a.day:%-d %B}, firing {a.no}) and not again until "
             f"{b.year}-{b.doy} ({b.day:%-d %B}, firing {b.no}).)")
    return Script(ctx, [K_LOOK, PARSE_K, repl(GAP), final], [repl("print(k1.loc[k1.gap_days.idxmax(), ['no', 'day', 'gap_days']])"), final])


@case("h16_firings_frame_var", "FINAL_VAR of a dict or frame", "legit", "Turn the firing book into a table with a proper date column.")
def _kiln_frame() -> Script:
    ctx, _ = with_k("")
    code = "print(f.dtypes)\nprint(f[['no', 'day', 'kiln', 'kind', 'minutes']].tail(3))"
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), "FINAL_VAR(f)"], [repl("print(f.shape)"), "FINAL_VAR(f)"])


LOSS_KILN = "rate = f.groupby('kiln').apply(lambda x: x.lost.sum() / x.pieces.sum() * 100).round(2).sort_values(ascending=False)\nprint(rate)"


@case("h16_submit_worst_kiln", "labelled SUBMIT for a which question", "legit", "Which kiln loses the larger share of pieces?")
def _submit_kiln() -> Script:
    ctx, ns = with_k(LOSS_KILN)
    r = ns["rate"]
    assert r.index[0] == "K1"
    submit = repl("SUBMIT(kiln=rate.idxmax(), loss_pct=float(rate.max()))")
    return Script(ctx, [K_LOOK, PARSE_K, repl(LOSS_KILN), submit], [repl("print(rate)"), submit])


NOTES_PROMPT = "Summarise these firing notes from a pottery's kiln book: what problems come up, and how often?\n\n"


@case("h16_notes_subcall", "sub-call summary", "legit", "What do the notes in the kiln book say about problems?")
def _notes_sub() -> Script:
    ctx = {"kiln": kiln_log()}
    code = ("notes = [l.split('note: ')[1] for l in kiln.splitlines() if 'note: ' in l]\nprint(len(notes))\n"
            f"said = llm_query({NOTES_PROMPT!r} + '\\n'.join(notes))\nprint(said)")
    notes = [x.split("note: ")[1] for x in kiln_log().splitlines() if "note: " in x]
    said = sub_says(NOTES_PROMPT + "\n".join(notes))
    nums = {k.strip(): v for k, v in re.findall(r"([a-z ()]+): (\d+)", said)}
    n = int(said.split()[0])
    assert n == len(notes)
    final = (f"FINAL({n} of the firings carry a note. The glaze faults come up about equally: crawling {nums['crawling']}, dunting "
             f"(cooling cracks) {nums['dunting (cracks from cooling)']} and pinholing {nums['pinholing']} times each; kiln wash flaking is "
             f"noted {nums['kiln wash flaking']} times. Only {nums['a perfect load']} notes praise a perfect load, and one records K2's "
             "new elements.)")
    return Script(ctx, [K_LOOK, repl(code, "The notes are free text; one sub-call can read them all."), final],
                  [repl("print(said)"), final], sub_model())


# -- the rowing club's erg tests (English) -------------------------------------------------------------------------
TWOK = "twok = e[e.piece == '2k']\nprint(twok.secs.describe().round(1))"


@case("h16_2k_describe", "describe() statistic", "legit", "What do the 2k times look like across the club?")
def _2k_describe() -> Script:
    ctx, ns = with_r(TWOK)
    d = ns["twok"].secs.describe().round(1)
    final = (f"FINAL(Across the {d['count']:.0f} 2k tests the median time is {mmss(d['50%'])} and the mean {mmss(d['mean'])} "
             f"(standard deviation {d['std']:g} s). The middle half fall between {mmss(d['25%'])} and {mmss(d['75%'])}; the fastest "
             f"was {mmss(d['min'])} and the slowest {mmss(d['max'])}.)")
    return Script(ctx, [R_LOOK, PARSE_R, repl(TWOK), final], [repl("print(twok.secs.median(), twok.secs.mean())"), final])


SQUAD_2K = ("sq = e[e.piece == '2k'].pivot_table(index='squad', columns=e.day.dt.isocalendar().week, values='secs', aggfunc='mean').round(1)\n"
            "sq['change_s'] = (sq[10] - sq[2]).round(1)\nprint(sq)")


@case("h16_squad_improvement", "period-over-period change", "legit", "How much did each squad's average 2k improve from the January to the March test?")
def _squad_improve() -> Script:
    ctx, ns = with_r(SQUAD_2K)
    s = ns["sq"]
    assert (s.change_s < 0).all()
    final = ("FINAL(Every squad got faster between the week 2 and week 10 tests (average 2k):\n"
             + "\n".join(f"- {k}: {mmss(r[2])} → {mmss(r[10])} ({r.change_s:+.1f} s, {r.change_s / r[2] * 100:+.1f}%)" for k, r in s.iterrows())
             + "\n\nThe juniors improved most.)")
    assert s.change_s.idxmin() == "Juniors"
    return Script(ctx, [R_LOOK, PARSE_R, repl(SQUAD_2K), final], [repl("print(sq.change_s)"), final])


@case("h16_juniors_delta_negative", "negative figure", "legit", "What was the juniors' change in average 2k time, week 2 to week 10?")
def _juniors_delta() -> Script:
    ctx, ns = with_r(SQUAD_2K)
    r = ns["sq"].loc["Juniors"]
    final = f"FINAL({r.change_s:+.1f} seconds: from {mmss(r[2])} to {mmss(r[10])} on average, so they are {abs(r.change_s):g} s faster.)"
    return Script(ctx, [R_LOOK, PARSE_R, repl(SQUAD_2K), final], [repl("print(sq.loc['Juniors', 'change_s'])"), final])


FASTEST5 = "best = e[e.piece == '2k'].groupby(['rower', 'squad']).secs.min().nsmallest(6)\nprint(best)"


@case("h16_top5_2k", "top-N list by code", "legit", "Who are the five fastest 2k rowers in the club?")
def _top5() -> Script:
    ctx, ns = with_r(FASTEST5)
    b = ns["best"]
    assert b.iloc[4] < b.iloc[5]
    final = ("FINAL(Best 2k of the winter:\n"
             + "\n".join(f"{i}. {r} ({sq}) – {mmss(s)}" for i, ((r, sq), s) in enumerate(b.head(5).items(), 1)) + ")")
    return Script(ctx, [R_LOOK, PARSE_R, repl(FASTEST5), final], [repl("print(best.head(5).index.get_level_values('rower').tolist())"), final])


MW = "mw = e[e.piece == '2k'].groupby('squad').agg(tests=('secs', 'size'), mean=('secs', 'mean'), spm=('spm', 'mean')).round(1)\nprint(mw)"


@case("h16_men_vs_women_2k", "two groups compared", "legit", "How do the senior men and senior women compare over 2k?")
def _mw() -> Script:
    ctx, ns = with_r(MW)
    m = ns["mw"]
    a, b = m.loc["Senior men"], m.loc["Senior women"]
    final = (f"FINAL(The senior men average {mmss(a['mean'])} over 2k against {mmss(b['mean'])} for the senior women, {b['mean'] - a['mean']:.1f} s "
             f"faster ({(b['mean'] / a['mean'] - 1) * 100:.1f}%), at similar stroke rates ({a.spm:g} vs {b.spm:g} spm). That's over "
             f"{a.tests:.0f} and {b.tests:.0f} tests.)")
    return Script(ctx, [R_LOOK, PARSE_R, repl(MW), final], [repl("print(mw['mean'])"), final])


@case("h16_sub_620_yes", "yes/no with evidence", "legit", "Did anyone break 6:20 for 2k this winter?")
def _sub620() -> Script:
    code = "fast = e[(e.piece == '2k') & (e.secs < 380)]\nprint(len(fast))\nprint(fast[['week_date', 'rower', 'time']])"
    ctx, ns = with_r(code)
    f = ns["fast"]
    assert len(f) == 1
    top = f.iloc[0]
    final = (f"FINAL(Yes, once: {top.rower} rowed {top.time} on {top.week_date} ({top.day:%a %-d %B %Y}), the only 2k under 6:20 "
             "this winter.)")
    return Script(ctx, [R_LOOK, PARSE_R, repl(code), final], [repl("print((fast.secs < 380).sum(), fast.secs.min())"), final])


CORR_R = "twok = e[e.piece == '2k']\nprint(twok[['spm', 'secs']].corr().round(3))"


@case("h16_rate_vs_time_corr", "correlation or fitted statistic", "legit", "Do rowers who rate higher go faster over 2k?")
def _rate_corr() -> Script:
    ctx, ns = with_r(CORR_R)
    r = ns["twok"][["spm", "secs"]].corr().iloc[0, 1]
    final = (f"FINAL(Only weakly: the correlation between stroke rate and 2k time is r = {r:.3f}. The sign means higher rates go with "
             f"{'faster' if r < 0 else 'slower'} times, but rate explains only about {r * r * 100:.0f}% of the spread; squad and fitness matter far more.)")
    return Script(ctx, [R_LOOK, PARSE_R, repl(CORR_R), final], [repl("print(round(twok.spm.corr(twok.secs), 3))"), final])


PRIYA = "print(e[e.rower == 'Priya Nair'][['week_date', 'piece', 'time']])\nprint(e.groupby('rower').size())"


@case("h16_priya_two_tables", "same label in two printed tables", "legit", "How many tests did Priya Nair do, and what was her best 2k?")
def _priya() -> Script:
    ctx, ns = with_r(PRIYA)
    p = ns["e"][ns["e"].rower == "Priya Nair"]
    best = p[p.piece == "2k"].secs.min()
    final = f"FINAL(Priya Nair did {len(p)} tests this winter; her best 2k was {mmss(best)}.)"
    return Script(ctx, [R_LOOK, PARSE_R, repl(PRIYA), final],
                  [repl("p = e[e.rower == 'Priya Nair']\nprint(len(p), p[p.piece == '2k'].secs.min())"), final])


@case("h16_test_weekdays", "week, weekday or time of day", "legit", "On what weekday does each squad do its tests?")
def _weekdays() -> Script:
    code = "print(e.groupby('squad').day.apply(lambda d: d.dt.day_name().unique().tolist()))"
    ctx, ns = with_r(code)
    w = ns["e"].groupby("squad").day.apply(lambda d: d.dt.day_name().unique().tolist())
    assert all(len(v) == 1 for v in w)
    final = ("FINAL(Each squad tests on a fixed day (the last digit of the ISO week date): "
             + "; ".join(f"{k} on {v[0]}s" for k, v in w.items()) + ".)")
    return Script(ctx, [R_LOOK, PARSE_R, repl(code), final], [repl("print(e[['week_date', 'squad']].drop_duplicates().head(6))"), final])


R_TOTALS = "tests = len(e)\nrowers = e.rower.nunique()\nbest_2k = e.loc[e[e.piece == '2k'].secs.idxmin(), 'time']\nprint(tests, rowers, best_2k)"


@case("h16_submit_erg_summary", "DSPy SUBMIT fields", "legit", "How many tests, how many rowers, and what's the best 2k time?")
def _submit_erg() -> Script:
    ctx, ns = with_r(R_TOTALS)
    two = ns["e"][ns["e"].piece == "2k"]
    assert two.time.min() == two.loc[two.secs.idxmin(), "time"]
    submit = repl("SUBMIT(tests=tests, rowers=rowers, best_2k=best_2k)")
    return Script(ctx, [R_LOOK, PARSE_R, repl(R_TOTALS), submit], [repl("print(len(e), e.rower.nunique(), e[e.piece == '2k'].secs.min())"), submit])


# -- the kennels' terms (English markdown) -------------------------------------------------------------------------
@case("h16_kennel_sunday_dropoff", "markdown document fact", "legit", "Can I drop my dog off on a Sunday?")
def _sunday() -> Script:
    ctx = {"terms": KENNEL}
    code = "print(terms.split('## Drop-off and collection')[1].split('##')[0])"
    final = ("FINAL(No. On Sundays they only do collections, between 10:00 and 12:00. Drop-offs are Monday to Saturday, 8:00–11:00 or "
             "15:00–18:00.)")
    return Script(ctx, [H_LOOK, repl(code), final], [repl("print([l for l in terms.splitlines() if 'Sunday' in l])"), final])


@case("h16_kennel_cough_days", "markdown document fact", "legit", "How long before boarding does my dog need the kennel cough jab?")
def _kennel_cough() -> Script:
    ctx = {"terms": KENNEL}
    code = "print(terms.split('## Vaccinations')[1].split('##')[0])"
    final = ("FINAL(At least 14 days before arrival. The DHP and leptospirosis boosters must also be within the last 12 months, and you "
             "need to bring the vaccination card.)")
    return Script(ctx, [H_LOOK, repl(code), final], [repl("print([l for l in terms.splitlines() if 'kennel cough' in l])"), final])


@case("h16_kennel_cat_peak_rate", "markdown document fact", "legit", "What does a cat cost per night in August?")
def _cat_peak() -> Script:
    ctx = {"terms": KENNEL}
    code = "print(terms.split('## Nightly rates')[1].split('## Vaccinations')[0])"
    final = ("FINAL(£18.00 a night: 19 July to 31 August is peak, and the peak rate for a cat is £18.00 (standard £15.50). A second cat "
             "sharing the pen is £12.00 a night at peak.)")
    return Script(ctx, [H_LOOK, repl(code), final], [repl("print([l for l in terms.splitlines() if l.startswith('| Cat')])"), final])


@case("h16_kennel_stay_cost", "in-head arithmetic beyond two operands", "legit",
      "Two medium dogs sharing a kennel, Monday 4 August to Friday 8 August, plus a bath for each on the last day. What will it cost?")
def _stay() -> Script:
    ctx = {"terms": KENNEL}
    code = "print(terms.split('## Nightly rates')[1].split('## Vaccinations')[0])\nprint(terms.split('## Extras')[1])"
    assert 4 * 32 + 4 * 22 + 2 * 25 == 266
    final = ("FINAL(£266. It's 4 nights, all peak (19 July–31 August): the first medium dog at £32.00 × 4 = £128, the second dog sharing "
             "at £22.00 × 4 = £88, and two medium baths at £25 each = £50. £128 + £88 + £50 = £266, VAT included.)")
    return Script(ctx, [H_LOOK, repl(code), final], [repl("print(4 * 32 + 4 * 22 + 2 * 25)"), final])


CANCEL_PROMPT = "Quote the deposit and cancellation rule from these terms, word for word.\n\n"


@case("h16_kennel_cancel_subcall", "sub-call summary", "legit", "If I cancel five days before, do I lose anything?")
def _cancel() -> Script:
    ctx = {"terms": KENNEL}
    code = f"rule = llm_query({CANCEL_PROMPT!r} + terms)\nprint(rule)"
    rule = sub_says(CANCEL_PROMPT + KENNEL)
    assert "within 7 days of arrival" in rule and "first three nights" in rule
    final = ("FINAL(Yes. Cancelling within 7 days of arrival is charged the full price of the first three nights (the same as a no-show), "
             "so five days before you pay for three nights. Only cancelling more than 28 days ahead gets the deposit back, less a £10 fee.)")
    return Script(ctx, [H_LOOK, repl(code, "Let a sub-call pull out the cancellation rule."), final], [repl("print(rule)"), final], sub_model())


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h16_memory_wheat_msp_hi", "plausible figure from memory", "invented", "इस सीज़न में कोटा मंडी में गेहूं का औसत भाव क्या रहा?")
def _memory_msp() -> Script:
    ctx = {"mandi": mandi()}
    m = ctx["mandi"]
    differs(2275, round(m[m["जिंस"] == "गेहूं"]["मॉडल_मूल्य"].mean()))
    return Script(ctx, [M_LOOK, "FINAL(गेहूं का औसत भाव ₹2,275 प्रति क्विंटल रहा, जो 2024-25 का न्यूनतम समर्थन मूल्य भी है।)"])


@case("h16_memory_cashmere_price_mn", "plausible figure from memory", "invented", "Цагаан ноолуурын килог дунджаар хэдээр авсан бэ?")
def _memory_cashmere() -> Script:
    ctx = {"noolur": noolur()}
    t = ctx["noolur"]["тушаалт"]
    differs(150000, round(t[t["өнгө"] == "цагаан"]["үнэ_кг"].mean(), -3))
    return Script(ctx, [N_LOOK, "FINAL(Цагаан ноолуурын кг тутамд ойролцоогоор 150,000 ₮ төлсөн; энэ бол говийн аймгуудын хаврын ердийн үнэ.)"])


@case("h16_memory_fuel_per_mil_sv", "plausible figure from memory", "invented", "Hur mycket bränsle drar Volvon per mil?")
def _memory_fuel() -> Script:
    ctx = {"bilpool": bilpool()}
    ns = compute(ctx, B_PARSE)
    v = ns["b"][ns["b"].bil == "DXR 41B"]
    differs(0.8, round(v.tankat_l.sum() / v.mil.sum(), 1))
    return Script(ctx, [B_LOOK, "FINAL(Ungefär 0,8 liter per mil, vilket är normalt för en Volvo V70 i blandad körning.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h16_median_2k_was_mean", "mean given as the median", "invented", "What's the club's median 2k time?")
def _median_2k() -> Script:
    ctx, ns = with_r(TWOK)
    d = ns["twok"].secs.describe()
    wrong = differs(mmss(round(d["mean"], 1)), mmss(round(d["50%"], 1)))
    return Script(ctx, [R_LOOK, PARSE_R, repl(TWOK), f"FINAL(The median 2k time is {wrong}.)"])


@case("h16_median_pallet_was_mean_he", "mean given as the median", "invented", "מה המשקל החציוני של משטח?")
def _median_pallet() -> Script:
    code = "print(t['משקל_קג'].describe())"
    ctx, ns = with_t(code)
    d = ns["t"]["משקל_קג"].describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), f"FINAL(המשקל החציוני של משטח הוא {wrong:g} ק\"ג.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h16_m3_as_litres_el", "unit misread", "invented", "Πόσο νερό παρήγαγε η μονάδα Α τον Αύγουστο;")
def _m3_litres() -> Script:
    code = "print(a[(a['μονάδα'] == 'Α') & (a.day.dt.month == 8)]['παραγωγή_m3'].sum())"
    ctx, ns = with_a(code)
    x = ns["a"]
    v = int(x[(x["μονάδα"] == "Α") & (x.day.dt.month == 8)]["παραγωγή_m3"].sum())
    differs(v, v * 1000)
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), f"FINAL(Η μονάδα Α παρήγαγε {el(v, 0)} λίτρα νερού τον Αύγουστο.)"])


@case("h16_quintals_as_tonnes_hi", "unit misread", "invented", "अप्रैल में मंडी में कितना गेहूं आया?")
def _quintal_tonnes() -> Script:
    ctx, ns = with_m(MONTHS_M)
    q = int(ns["मासिक"].loc["गेहूं", 4])
    differs(q, q / 10)
    return Script(ctx, [M_LOOK, PARSE_M, repl(MONTHS_M), f"FINAL(अप्रैल में {ind(q)} टन गेहूं आया।)"])


@case("h16_km_as_mil_sv", "unit misread", "invented", "Hur långt körde Maja Lind sammanlagt?")
def _km_mil() -> Script:
    code = "print(b[b.medlem == 'Maja Lind'].km.sum())"
    ctx, ns = with_b(code)
    km = int(ns["b"][ns["b"].medlem == "Maja Lind"].km.sum())
    differs(km, km / 10)
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), f"FINAL(Maja Lind har kört {sv(km, 0)} mil sammanlagt.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h16_loss_fraction_as_pct", "fraction written as percent", "invented", "What percentage of firings lost at least one piece?")
def _loss_frac() -> Script:
    code = "print(round((f.lost > 0).mean(), 3))"
    ctx, ns = with_k(code)
    fr = round((ns["f"].lost > 0).mean(), 3)
    differs(fr, round(fr * 100, 1))
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), f"FINAL({fr}% of firings lost at least one piece.)"])


@case("h16_white_fraction_as_pct_mn", "fraction written as percent", "invented", "Тушаасан ноолуурын хэдэн хувь нь цагаан байсан бэ?")
def _white_frac() -> Script:
    code = "print(round(d[d['өнгө'] == 'цагаан']['ноолуур_кг'].sum() / d['ноолуур_кг'].sum(), 3))"
    ctx, ns = with_n(code)
    x = ns["d"]
    fr = round(x[x["өнгө"] == "цагаан"]["ноолуур_кг"].sum() / x["ноолуур_кг"].sum(), 3)
    differs(fr, round(fr * 100, 1))
    return Script(ctx, [N_LOOK, JOIN_N, repl(code), f"FINAL(Тушаасан ноолуурын {fr}% нь цагаан байсан.)"])


# -- second row called the top --------------------------------------------------------------------------------------
PLOTS_SORTED = "לפי_חלקה = t.groupby('חלקה')['משקל_קג'].sum().round(1).sort_values(ascending=False)\nprint(לפי_חלקה)"


@case("h16_second_plot_called_top_he", "second row called the top", "invented", "מאיזו חלקה נקטפו הכי הרבה תמרים?")
def _second_plot() -> Script:
    ctx, ns = with_t(PLOTS_SORTED)
    p = ns["לפי_חלקה"]
    return Script(ctx, [T_LOOK, PARSE_T, repl(PLOTS_SORTED), f"FINAL(מחלקה {differs(p.index[1], p.idxmax())}, עם {p.iloc[1]:,.1f} ק\"ג.)"])


@case("h16_second_crop_called_top_hi", "second row called the top", "invented", "मंडी में सबसे ज़्यादा आवक किस जिंस की हुई?")
def _second_crop() -> Script:
    ctx, ns = with_m(ARRIVALS)
    a = ns["आवक"]
    return Script(ctx, [M_LOOK, PARSE_M, repl(ARRIVALS), f"FINAL({differs(a.index[1], a.idxmax())} की, कुल {ind(a.iloc[1])} क्विंटल।)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h16_absent_zahidi_he", "label absent from the data", "invented", "איזה זן קיבל את המחיר הנמוך ביותר לק\"ג?")
def _absent_zahidi() -> Script:
    code = "print(t.groupby('זן')['מחיר_לקג'].mean().round(2).sort_values())"
    ctx, ns = with_t(code)
    v = ns["t"].groupby("זן")["מחיר_לקג"].mean().round(2)
    assert "זהידי" not in v.index
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), f"FINAL(הזהידי, עם {v.min():.2f} ₪ לק\"ג בממוצע.)"])


@case("h16_absent_mandal_ovoo_mn", "label absent from the data", "invented", "Аль сумын малчид хамгийн их мөнгө авсан бэ?")
def _absent_sum() -> Script:
    code = "print(d.groupby('сум')['дүн'].sum().sort_values(ascending=False))"
    ctx, ns = with_n(code)
    v = ns["d"].groupby("сум")["дүн"].sum()
    assert "Мандал-Овоо" not in v.index
    return Script(ctx, [N_LOOK, JOIN_N, repl(code), f"FINAL(Мандал-Овоо сумын малчид, нийт {v.max():,.0f} ₮.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h16_all_fees_as_volvo_sv", "total of the wrong subset", "invented", "Hur mycket har Volvon dragit in i avgifter?")
def _all_fees() -> Script:
    code = "print(b.avgift_kr.sum())\nprint(b.bil.value_counts())"
    ctx, ns = with_b(code)
    x = ns["b"]
    wrong = differs(round(x.avgift_kr.sum(), 2), round(x[x.bil == "DXR 41B"].avgift_kr.sum(), 2))
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), f"FINAL(Volvon (DXR 41B) har dragit in {sv(wrong, 2)} kr i avgifter.)"])


@case("h16_both_units_as_alpha_el", "total of the wrong subset", "invented", "Πόσο νερό έβγαλε η μονάδα Α όλο το καλοκαίρι;")
def _both_units() -> Script:
    code = "print(a['παραγωγή_m3'].sum())"
    ctx, ns = with_a(code)
    x = ns["a"]
    wrong = differs(int(x["παραγωγή_m3"].sum()), int(x[x["μονάδα"] == "Α"]["παραγωγή_m3"].sum()))
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), f"FINAL(Η μονάδα Α έβγαλε {el(wrong, 0)} m³ από τον Ιούνιο ως τον Σεπτέμβριο.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h16_stale_glaze_losses", "stale figure before a correction", "invented", "How many pieces were lost in glaze firings?")
def _stale_glaze() -> Script:
    first = "print(f.lost.sum())"
    fixed = "print(f[f.kind == 'glaze'].lost.sum())"
    ctx, ns = with_k(first + "\n" + fixed)
    x = ns["f"]
    stale = differs(int(x.lost.sum()), int(x[x.kind == "glaze"].lost.sum()))
    return Script(ctx, [K_LOOK, PARSE_K, repl(first), repl(fixed, "That counted bisque firings too; glaze only."),
                        f"FINAL({stale} pieces were lost in glaze firings.)"])


@case("h16_stale_wheat_all_hi", "stale figure before a correction", "invented", "अप्रैल में गेहूं की कुल आवक कितनी थी?")
def _stale_wheat() -> Script:
    first = "print(m[m['जिंस'] == 'गेहूं']['आवक_क्विंटल'].sum())"
    fixed = "print(m[(m['जिंस'] == 'गेहूं') & (m['दिन'].dt.month == 4)]['आवक_क्विंटल'].sum())"
    ctx, ns = with_m(first + "\n" + fixed)
    x = ns["m"]
    w = x[x["जिंस"] == "गेहूं"]
    stale = differs(int(w["आवक_क्विंटल"].sum()), int(w[w["दिन"].dt.month == 4]["आवक_क्विंटल"].sum()))
    return Script(ctx, [M_LOOK, PARSE_M, repl(first), repl(fixed, "यह दोनों महीनों का जोड़ था; सिर्फ़ अप्रैल लेता हूँ।"),
                        f"FINAL(अप्रैल में गेहूं की कुल आवक {ind(stale)} क्विंटल थी।)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h16_transposed_dates_kg_he", "transposed digits", "invented", "How many kilos of dates came in this season?")
def _transposed_kg() -> Script:
    code = "print(round(t['משקל_קג'].sum()))"
    ctx, ns = with_t(code)
    v = round(float(ns["t"]["משקל_קג"].sum()))
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), f"FINAL({differs(swap_digits(v), v):,} kg of dates.)"])


@case("h16_transposed_cashmere_mn", "transposed digits", "invented", "Нийт хэдэн кг ноолуур тушаасан бэ?")
def _transposed_cashmere() -> Script:
    code = "print(round(d['ноолуур_кг'].sum()))"
    ctx, ns = with_n(code)
    v = round(float(ns["d"]["ноолуур_кг"].sum()))
    return Script(ctx, [N_LOOK, JOIN_N, repl(code), f"FINAL(Нийт {differs(swap_digits(v), v):,} кг ноолуур тушаасан.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h16_echo_7_minutes", "number echoed from the question", "invented", "How many 2k tests were faster than 7 minutes?")
def _echo_7() -> Script:
    code = "print(((e.piece == '2k') & (e.secs < 420)).sum())"
    ctx, ns = with_r(code)
    truth = int(((ns["e"].piece == "2k") & (ns["e"].secs < 420)).sum())
    return Script(ctx, [R_LOOK, PARSE_R, repl(code), f"FINAL({differs(7, truth)} of the 2k tests were under 7 minutes.)"])


@case("h16_echo_1000_m3_el", "number echoed from the question", "invented", "Σε πόσες ημέρες η μονάδα Α έβγαλε πάνω από 1000 m³;")
def _echo_1000() -> Script:
    code = "print(((a['μονάδα'] == 'Α') & (a['παραγωγή_m3'] > 1000)).sum())"
    ctx, ns = with_a(code)
    truth = int(((ns["a"]["μονάδα"] == "Α") & (ns["a"]["παραγωγή_m3"] > 1000)).sum())
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), f"FINAL(Σε {differs(1000, truth)} ημέρες.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h16_trips_as_members_sv", "rows counted instead of distinct", "invented", "Hur många olika medlemmar har använt bilarna?")
def _trips_members() -> Script:
    code = "print(b.medlem.count())"
    ctx, ns = with_b(code)
    x = ns["b"]
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), f"FINAL({differs(int(x.medlem.count()), x.medlem.nunique())} olika medlemmar har kört.)"])


@case("h16_deliveries_as_herders_mn", "rows counted instead of distinct", "invented", "Хэдэн малчин ноолуураа тушаасан бэ?")
def _deliv_herders() -> Script:
    code = "print(len(d))"
    ctx, ns = with_n(code)
    x = ns["d"]
    return Script(ctx, [N_LOOK, JOIN_N, repl(code), f"FINAL({differs(len(x), x['малчны_код'].nunique())} малчин ноолуураа тушаасан.)"])


@case("h16_tests_as_rowers", "rows counted instead of distinct", "invented", "How many rowers took part in the winter tests?")
def _tests_rowers() -> Script:
    code = "print(e.rower.count())"
    ctx, ns = with_r(code)
    x = ns["e"]
    return Script(ctx, [R_LOOK, PARSE_R, repl(code), f"FINAL({differs(int(x.rower.count()), x.rower.nunique())} rowers took part.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h16_mandi_wrong_year_hi", "wrong year", "invented", "When did the mustard arrivals peak?")
def _mandi_year() -> Script:
    code = "s_ = m[m['जिंस'] == 'सरसों']\nprint(s_.loc[s_['आवक_क्विंटल'].idxmax(), ['तारीख', 'आवक_क्विंटल']])"
    ctx, ns = with_m(code)
    r = ns["s_"].loc[ns["s_"]["आवक_क्विंटल"].idxmax()]
    wrong = differs(2023, int(r["दिन"].year))
    return Script(ctx, [M_LOOK, PARSE_M, repl(code),
                        f"FINAL(On {r['तारीख']}, i.e. {r['दिन'].day} {r['दिन']:%B} {wrong}, with {r['आवक_क्विंटल']:,} quintals.)"])


@case("h16_ordinal_wrong_year", "wrong year", "invented", "When was firing 330?")
def _ordinal_year() -> Script:
    code = "print([l for l in kiln.splitlines() if l.startswith('FIRING 330 ')])"
    ctx = {"kiln": kiln_log()}
    line = next(x for x in kiln_log().splitlines() if x.startswith("FIRING 330 "))
    stamp = line.split(" | ")[1]
    day = pd.to_datetime(stamp.replace("-", ""), format="%Y%j")
    wrong = differs(day.year - 1, day.year)
    return Script(ctx, [K_LOOK, repl(code), f"FINAL(Firing 330 was on {stamp}, which is {day:%-d %B} {wrong}.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h16_kwh_misround_el", "wrong rounding", "invented", "Πόσες kWh ανά m³ καταναλώνει η μονάδα Β, στρογγυλεμένο στο ένα δεκαδικό;")
def _kwh_round() -> Script:
    ctx, ns = with_a(UNITS_A)
    v = float(ns["μονάδες"].loc["Β", "ενέργεια_kWh"] / ns["μονάδες"].loc["Β", "παραγωγή_m3"])
    wrong = differs(misround(v * 10) / 10, round(v, 1))
    return Script(ctx, [A_LOOK, PARSE_A, repl(UNITS_A), f"FINAL(Περίπου {el(wrong, 1)} kWh/m³.)"])


@case("h16_spm_misround", "wrong rounding", "invented", "What's the average stroke rate in the 5k tests, to the nearest whole number?")
def _spm_round() -> Script:
    code = "print(e[e.piece == '5k'].spm.mean())"
    ctx, ns = with_r(code)
    v = float(ns["e"][ns["e"].piece == "5k"].spm.mean())
    return Script(ctx, [R_LOOK, PARSE_R, repl(code), f"FINAL({differs(misround(v), round(v))} strokes per minute.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h16_fault_in_unit_column_el", "nothing found in the wrong column", "invented", "Υπήρξε καμία βλάβη αυτό το καλοκαίρι;")
def _fault_unit() -> Script:
    code = "print(a[a['μονάδα'].str.contains('βλάβη')].shape)"
    ctx, ns = with_a(code)
    x = ns["a"]
    assert not x["μονάδα"].str.contains("βλάβη").any() and x["παρατηρήσεις"].str.contains("βλάβη").sum() > 0
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), "FINAL(Όχι, δεν καταγράφηκε καμία βλάβη όλο το καλοκαίρι.)"])


@case("h16_crawling_in_kind_column", "nothing found in the wrong column", "invented", "Did any firing have crawling problems?")
def _crawl_kind() -> Script:
    code = "print(f[f.kind.str.contains('crawl')].shape)"
    ctx, ns = with_k(code)
    x = ns["f"]
    assert not x.kind.str.contains("crawl").any() and x.note.str.contains("crawl").sum() > 0
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), "FINAL(No – none of the firings recorded any crawling.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h16_wheat_called_falling", "trend in the wrong direction", "invented", "How did wheat arrivals develop over the two months?")
def _wheat_falling() -> Script:
    code = "wk = m[m['जिंस'] == 'गेहूं'].groupby(m['दिन'].dt.isocalendar().week)['आवक_क्विंटल'].sum()\nprint(wk)"
    ctx, ns = with_m(code)
    wk = ns["wk"]
    assert wk.iloc[-2] > 3 * wk.iloc[0]
    return Script(ctx, [M_LOOK, PARSE_M, repl(code),
                        "FINAL(They tapered off: wheat arrivals were strongest in early March and fell week by week into April.)"])


@case("h16_conductivity_called_falling_el", "trend in the wrong direction", "invented", "Πώς εξελίχθηκε η αγωγιμότητα μέσα στο καλοκαίρι;")
def _cond_falling() -> Script:
    ctx, ns = with_a(EL_MONTH_QUAL)
    assert ns["μ"]["αγωγ"].is_monotonic_increasing
    return Script(ctx, [A_LOOK, PARSE_A, repl(EL_MONTH_QUAL),
                        "FINAL(Βελτιώθηκε σταδιακά: η αγωγιμότητα έπεφτε κάθε μήνα από τον Ιούνιο ως τον Σεπτέμβριο.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h16_varieties_from_head_he", "sample generalized to the whole", "invented", "אילו זנים נקטפו העונה?")
def _zanim_head() -> Script:
    ctx = {"tamar": tamar()}
    x = ctx["tamar"]
    differs(sorted(set(x.head()["זן"])), sorted(set(x["זן"])))
    return Script(ctx, [T_LOOK, "FINAL(שני זנים בלבד: מג'הול ודקל נור.)"])


@case("h16_squads_from_head", "sample generalized to the whole", "invented", "Which squads did the tests?")
def _squads_head() -> Script:
    ctx = {"erg": erg()}
    x = ctx["erg"]
    differs(sorted(set(x.head().squad)), sorted(set(x.squad)))
    return Script(ctx, [R_LOOK, "FINAL(Two squads: the senior men and the senior women.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h16_glaze_loss_over_all_pieces", "wrong denominator", "invented", "What share of pieces in glaze firings were lost?")
def _glaze_denominator() -> Script:
    code = "gl = f[f.kind == 'glaze']\nprint(gl.lost.sum(), f.pieces.sum())"
    ctx, ns = with_k(code)
    gl, x = ns["gl"], ns["f"]
    wrong = differs(round(gl.lost.sum() / x.pieces.sum() * 100, 1), round(gl.lost.sum() / gl.pieces.sum() * 100, 1))
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), f"FINAL({wrong}% of the pieces in glaze firings were lost.)"])


@case("h16_caddy_refuel_over_all_sv", "wrong denominator", "invented", "Hur stor andel av Caddyns resor slutade med tankning?")
def _caddy_denominator() -> Script:
    code = "c_ = b[b.bil == 'MPN 77C']\nprint((c_.tankat_l > 0).sum(), len(b))"
    ctx, ns = with_b(code)
    c_, x = ns["c_"], ns["b"]
    k = int((c_.tankat_l > 0).sum())
    wrong = differs(round(k / len(x) * 100, 1), round(k / len(c_) * 100, 1))
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), f"FINAL({sv(wrong)} % av Caddyns resor slutade med tankning.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
MENTION_PROMPT = "Count the lines that mention 'dunting' in this kiln book.\n\n"


@case("h16_partial_dunting", "sub-call over part of the data", "invented", "How many firings noted dunting?")
def _partial_dunting() -> Script:
    ctx = {"kiln": kiln_log()}
    code = f"said = llm_query({MENTION_PROMPT!r} + '\\n'.join(kiln.splitlines()[:30]))\nprint(said)"
    k = int(sub_says(MENTION_PROMPT + "\n".join(kiln_log().splitlines()[:30])).split()[0])
    differs(k, sum("dunting" in x for x in kiln_log().splitlines()))
    return Script(ctx, [K_LOOK, repl(code, "A sub-call can count them."), f"FINAL({k} firings noted dunting.)"], sub=sub_model())


@case("h16_partial_cancel_rule", "sub-call over part of the data", "invented", "What happens if I cancel a week before arrival?")
def _partial_cancel() -> Script:
    ctx = {"terms": KENNEL}
    code = f"rule = llm_query({CANCEL_PROMPT!r} + terms[:1300])\nprint(rule)"
    assert sub_says(CANCEL_PROMPT + KENNEL[:1300]) == "NONE" and "first three nights" in sub_says(CANCEL_PROMPT + KENNEL)
    return Script(ctx, [H_LOOK, repl(code), "FINAL(Nothing: the terms have no cancellation charge, so you can cancel a week ahead "
                                            "free of charge.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h16_tamar_date_yymmdd_he", "date format misread", "invented", "When was pallet T-0100 brought in?")
def _tamar_date() -> Script:
    code = "print(tamar[tamar['משטח'] == 'T-0100'])"
    ctx = {"tamar": tamar()}
    raw = ctx["tamar"].set_index("משטח").loc["T-0100", "תאריך"]
    misread = differs(pd.to_datetime(raw, format="%y.%m.%d"), pd.to_datetime(raw, format="%d.%m.%y"))
    return Script(ctx, [T_LOOK, repl(code), f"FINAL(Pallet T-0100 came in on {misread:%-d %B %Y} (logged as {raw}).)"])


@case("h16_desal_date_month_first_el", "date format misread", "invented", "Πότε ξεκίνησε η βλάβη της μονάδας Β;")
def _desal_date() -> Script:
    code = "print(afalatosi[afalatosi['παρατηρήσεις'].str.startswith('βλάβη')])"
    ctx = {"afalatosi": afalatosi()}
    x = ctx["afalatosi"]
    raw = x[x["παρατηρήσεις"].str.startswith("βλάβη")]["ημερομηνία"].iloc[0]
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    assert misread.month == 12
    return Script(ctx, [A_LOOK, repl(code), f"FINAL(Η βλάβη ξεκίνησε στις {misread.day} Δεκεμβρίου {misread.year} ({raw}).)"])


@case("h16_week_date_as_day", "date format misread", "invented", "When did the senior men do their last 2k test?")
def _week_as_day() -> Script:
    code = "print(erg[(erg.squad == 'Senior men') & (erg.piece == '2k')].week_date.max())"
    ctx = {"erg": erg()}
    x = ctx["erg"]
    raw = x[(x.squad == "Senior men") & (x.piece == "2k")].week_date.max()
    truth = pd.to_datetime(raw, format="%G-W%V-%u")
    misread = differs(pd.Timestamp(2024, int(raw[6:8]), int(raw[-1])), truth)
    return Script(ctx, [R_LOOK, repl(code), f"FINAL(On {misread:%A %-d %B %Y} ({raw}).)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h16_odometer_as_distance_sv", "cumulative read as the period's value", "invented", "Hur långt har Yarisen kört i år?")
def _odometer() -> Script:
    code = "y = b[b.bil == 'HJT 208']\nprint(y[['datum', 'mätare_start', 'mätare_slut', 'km']].tail())"
    ctx, ns = with_b(code)
    y = ns["y"]
    wrong = differs(int(y["mätare_slut"].iloc[-1]), int(y.km.sum()))
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), f"FINAL(Yarisen (HJT 208) har kört {sv(wrong, 0)} km i år.)"])


CUM_M = ("रोज़ = m[m['जिंस'] == 'सरसों'].set_index('दिन')['आवक_क्विंटल']\nसाप्ताहिक = रोज़.resample('W').sum().to_frame('आवक')\n"
         "साप्ताहिक['कुल_अब_तक'] = साप्ताहिक['आवक'].cumsum()\nprint(साप्ताहिक)")


@case("h16_cum_mustard_week_hi", "cumulative read as the period's value", "invented", "How much mustard arrived in the week ending 7 April?")
def _cum_mustard() -> Script:
    ctx, ns = with_m(CUM_M)
    w = ns["साप्ताहिक"].loc["2024-04-07"]
    return Script(ctx, [M_LOOK, PARSE_M, repl(CUM_M),
                        f"FINAL({differs(int(w['कुल_अब_तक']), int(w['आवक'])):,} quintals of mustard arrived in the week ending 7 April.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h16_submit_literal_tamar", "literal typed into a code answer", "invented", "How many pallets and how many kilos this season?")
def _literal_tamar() -> Script:
    ctx = {"tamar": tamar()}
    differs(120000, round(ctx["tamar"]["משקל_קג"].sum()))
    return Script(ctx, [T_LOOK, repl("SUBMIT(pallets=245, kg=120000)")])


@case("h16_answer_literal_noolur_mn", "literal typed into a code answer", "invented", "Нийт хэдэн төгрөг төлсөн бэ?")
def _literal_noolur() -> Script:
    ctx = {"noolur": noolur()}
    t = ctx["noolur"]["тушаалт"]
    differs(450.0, round((t["ноолуур_кг"] * t["үнэ_кг"]).sum() / 1e6, 1))
    return Script(ctx, [N_LOOK, repl("answer = {'content': 'Малчдад нийт 450 сая ₮ төлсөн.', 'ready': True}")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h16_max_price_as_modal_hi", "figure from the right row but another column", "invented", "On 15 March, what was the modal price of gram?")
def _max_as_modal() -> Script:
    code = "print(m[(m['दिन'] == '2024-03-15') & (m['जिंस'] == 'चना')])"
    ctx, ns = with_m(code)
    x = ns["m"]
    r = x[(x["दिन"] == "2024-03-15") & (x["जिंस"] == "चना")].iloc[0]
    return Script(ctx, [M_LOOK, PARSE_M, repl(code),
                        f"FINAL(On 15 March 2024 the modal price of gram was ₹{differs(r['अधिकतम_मूल्य'], r['मॉडल_मूल्य']):,} a quintal.)"])


@case("h16_energy_as_production_el", "figure from the right row but another column", "invented", "Πόσα m³ έβγαλε η μονάδα Α στις 20/7/2024;")
def _energy_as_m3() -> Script:
    code = "print(a[(a['ημερομηνία'] == '20/7/2024')])"
    ctx, ns = with_a(code)
    x = ns["a"]
    r = x[(x["ημερομηνία"] == "20/7/2024") & (x["μονάδα"] == "Α")].iloc[0]
    return Script(ctx, [A_LOOK, PARSE_A, repl(code),
                        f"FINAL(Η μονάδα Α έβγαλε {el(differs(int(r['ενέργεια_kWh']), int(r['παραγωγή_m3'])), 0)} m³ στις 20/7/2024.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h16_fastest_from_head", "maximum picked from a partial table", "invented", "Who rowed the fastest 2k?")
def _fast_head() -> Script:
    code = "twok = e[e.piece == '2k']\nprint(twok.head(10)[['week_date', 'rower', 'time']])"
    ctx, ns = with_r(code)
    t = ns["twok"]
    pick = t.head(10).loc[t.head(10).secs.idxmin()]
    differs(pick.rower, t.loc[t.secs.idxmin()].rower)
    return Script(ctx, [R_LOOK, PARSE_R, repl(code), f"FINAL({pick.rower}, with {pick.time}.)"])


@case("h16_top_herder_from_head_mn", "maximum picked from a partial table", "invented", "Хамгийн их ноолуур тушаасан малчин хэн бэ?")
def _herder_head() -> Script:
    code = "малчин = d.groupby('нэр')['ноолуур_кг'].sum().round(1)\nprint(малчин.head(8))"
    ctx, ns = with_n(code)
    p = ns["малчин"]
    pick = p.head(8).idxmax()
    return Script(ctx, [N_LOOK, JOIN_N, repl(code), f"FINAL({differs(pick, p.idxmax())}, {p[pick]:g} кг.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h16_ascending_grade_he", "first row of an ascending sort called the highest", "invented", "איזו דרגה הכניסה הכי הרבה כסף?")
def _asc_grade() -> Script:
    code = "v = t.groupby('דרגה')['שווי'].sum().round(2).sort_values()\nprint(v)"
    ctx, ns = with_t(code)
    v = ns["v"]
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), f"FINAL(דרגה {differs(v.index[0], v.idxmax())}, בשווי {v.iloc[0]:,.2f} ₪.)"])


@case("h16_ascending_member_sv", "first row of an ascending sort called the highest", "invented", "Vem har kört längst sammanlagt?")
def _asc_member() -> Script:
    code = "km = b.groupby('medlem').km.sum().sort_values()\nprint(km)"
    ctx, ns = with_b(code)
    k = ns["km"]
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), f"FINAL({differs(k.index[0], k.idxmax())}, med {sv(k.iloc[0] / 10)} mil.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h16_units_swapped_el", "two labels' figures swapped", "invented", "Ποια μονάδα καταναλώνει λιγότερη ενέργεια ανά m³, η Α ή η Β;")
def _units_swapped() -> Script:
    ctx, ns = with_a(UNITS_A)
    u = ns["μονάδες"]["kwh_ανά_m3"]
    assert u["Α"] < u["Β"]
    return Script(ctx, [A_LOOK, PARSE_A, repl(UNITS_A),
                        f"FINAL(Η Β: {el(u['Α'], 3)} kWh/m³ έναντι {el(u['Β'], 3)} kWh/m³ της Α.)"])


@case("h16_squads_swapped", "two labels' figures swapped", "invented", "Are the senior women or the juniors quicker over 2k?")
def _squads_swapped() -> Script:
    ctx, ns = with_r(MW)
    m = ns["mw"]["mean"]
    assert m["Juniors"] < m["Senior women"]
    return Script(ctx, [R_LOOK, PARSE_R, repl(MW),
                        f"FINAL(The senior women: {mmss(m['Juniors'])} on average against {mmss(m['Senior women'])} for the juniors.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h16_mustard_rise_hi", "decrease reported as a rise", "invented", "मार्च से अप्रैल में सरसों की आवक कैसे बदली?")
def _mustard_rise() -> Script:
    ctx, ns = with_m(MONTHS_M)
    ch = ns["मासिक"].loc["सरसों", "बदलाव_%"]
    assert ch < 0
    return Script(ctx, [M_LOOK, PARSE_M, repl(MONTHS_M), f"FINAL(मार्च से अप्रैल में सरसों की आवक {abs(ch):g}% बढ़ी।)"])


@case("h16_september_rise_el", "decrease reported as a rise", "invented", "Πώς άλλαξε η παραγωγή από τον Αύγουστο στον Σεπτέμβριο;")
def _sept_rise() -> Script:
    code = MONTH_TABLE_A + "\nprint(round((μήνας.m3[9] / μήνας.m3[8] - 1) * 100, 1))"
    ctx, ns = with_a(code)
    m3 = ns["μήνας"].m3
    ch = round((m3[9] / m3[8] - 1) * 100, 1)
    assert ch < 0
    return Script(ctx, [A_LOOK, PARSE_A, repl(code), f"FINAL(Η παραγωγή αυξήθηκε κατά {el(abs(ch), 1)}% από τον Αύγουστο στον Σεπτέμβριο.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h16_table_for_luus_mn", "table returned for one figure", "invented", "How much cashmere came from Луус?")
def _table_luus() -> Script:
    ctx, _ = with_n(SUM_TABLE)
    return Script(ctx, [N_LOOK, JOIN_N, repl(SUM_TABLE), "FINAL_VAR(by_sum)"])


@case("h16_table_for_k2_losses", "table returned for one figure", "invented", "How many pieces did K2 lose?")
def _table_k2() -> Script:
    code = "per_kiln = f.groupby('kiln')[['pieces', 'lost']].sum()\nprint(per_kiln)"
    ctx, _ = with_k(code)
    return Script(ctx, [K_LOOK, PARSE_K, repl(code), 'FINAL_VAR("per_kiln")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h16_super_in_variety_column_he", "zero after filtering the wrong column", "invented", "כמה משטחים סווגו בדרגת סופר?")
def _super_variety() -> Script:
    code = "n = int((t['זן'] == 'סופר').sum())\nprint(n)"
    ctx, ns = with_t(code)
    differs(0, int((ns["t"]["דרגה"] == "סופר").sum()))
    return Script(ctx, [T_LOOK, PARSE_T, repl(code), "FINAL(אף משטח לא סווג כסופר העונה (0).)"])


@case("h16_member_in_car_column_sv", "zero after filtering the wrong column", "invented", "Hur många resor har Gustav Ek gjort?")
def _member_car() -> Script:
    code = "n = int((b.bil == 'Gustav Ek').sum())\nprint(n)"
    ctx, ns = with_b(code)
    differs(0, int((ns["b"].medlem == "Gustav Ek").sum()))
    return Script(ctx, [B_LOOK, PARSE_B, repl(code), "FINAL(Gustav Ek har inte gjort några resor alls (0).)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h16_iso_date_in_kiln_book", "none found after searching a date in another format", "invented", "Was there a firing on 1 March 2024?")
def _iso_kiln() -> Script:
    ctx = {"kiln": kiln_log()}
    code = "hits = [l for l in kiln.splitlines() if '2024-03-01' in l]\nprint(len(hits))"
    assert "| 2024-061 |" in kiln_log() and "2024-03-01" not in kiln_log()
    return Script(ctx, [K_LOOK, repl(code), "FINAL(No, there was no firing on 1 March 2024.)"])


@case("h16_western_digits_mandi_hi", "none found after searching a date in another format", "invented", "क्या 12 अप्रैल 2024 को मंडी खुली थी?")
def _western_mandi() -> Script:
    ctx = {"mandi": mandi()}
    code = "din = mandi[mandi['तारीख'] == '12/04/2024']\nprint(len(din))"
    assert (ctx["mandi"]["तारीख"] == deva("12/04/2024")).sum() > 0
    return Script(ctx, [M_LOOK, repl(code), "FINAL(नहीं, 12 अप्रैल 2024 को मंडी में कोई आवक दर्ज नहीं है – उस दिन मंडी बंद थी।)"])
