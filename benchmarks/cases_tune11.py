"""Acceptance cases, written as the tenth held-out set (``cases_holdout10``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout11`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune11``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``. Every case name starts
with ``h10_``.

Size: 70 legitimate answers covering all 33 legitimate classes (two or three each) and 60 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code run in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls),
only to check that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Novosibirsk district-heating network's boiler houses
over a heating season (Russian column names in Cyrillic, dates ``05.03.2024``, heat output as Russian text like
``1 234,5``), a Bangkok night market (a dict of three tables, stalls with Thai dish names, market nights dated in the
Buddhist era like ``05/03/2567``, takings in baht), a Hangzhou tea house's daily sales (Chinese column names, days as
``20240305`` integers, yuan), a 3D-print farm's job log (text: US ``5/14/2024 9:12:03 PM`` stamps, ``h:mm:ss``
estimates, ``key=value`` fields), a Budapest summer festival's line-up as nested JSON (days, stages, sets whose times
cross midnight, crowd estimates), a Norwegian salmon farm's weekly pen records in a wide layout (Norwegian column
names, one column per week ``uke_10`` ... ``uke_35``, one row per pen and measure), a Dolomites mountain hut's prices
and house rules in markdown (Italian decimal commas), a Vienna hotel's lost-and-found book (free text, days written
``Sat 6 Jul`` without a year) and an Amman water-tanker service's deliveries (Arabic column names, dinars with three
decimals). Each frame builder returns a fresh copy (model code may change a frame in place).
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
BOILERS = {"Северная": 1.0, "Заречная": 0.8, "Центральная": 1.35, "Южная": 0.6}


def ru(x: float, decimals: int = 1) -> str:
    """Russian digits: ``1 234,5``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def teplo() -> pd.DataFrame:
    return _teplo().copy()


@functools.lru_cache(maxsize=1)
def _teplo(seed: int = 5001) -> pd.DataFrame:
    """Novosibirsk district heating, 1 October 2023 to 31 March 2024: one row per boiler house and day, with the day
    written ``05.03.2024``, heat output in Gcal as Russian text (``1 234,5``), gas burnt in thousand m³, the outdoor
    temperature (°C) and the day's incidents. January is the coldest (a cold snap below -30 °C in mid-January), output
    follows the cold, Центральная is the biggest house and Заречная has the most incidents."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2023-10-01", "2024-03-31")
    k = np.arange(len(days))
    temp = 6 - 26 * np.sin(np.pi * (k + 10) / 205) + rng.normal(0, 3.5, len(days))
    temp[100:106] -= 13
    temp = temp.round(1)
    rows = []
    for i, day in enumerate(days):
        for house, size in BOILERS.items():
            gcal = size * (40 + 22 * (18 - temp[i])) * rng.uniform(0.95, 1.05)
            gas = gcal * 0.158 * rng.uniform(0.97, 1.03)
            lam = 0.04 * (2.5 if house == "Заречная" else 1.0) * (1 + max(0.0, -temp[i] - 15) / 10)
            rows.append((f"{day:%d.%m.%Y}", house, ru(gcal), round(gas, 1), temp[i], int(rng.poisson(lam))))
    return pd.DataFrame(rows, columns=["дата", "котельная", "выработка_Гкал", "газ_тыс_м3", "t_нар_C", "аварии"])


STALLS = [("S01", "ผัดไทย", "pad thai", "A", 350, 60), ("S02", "ส้มตำ", "som tam", "A", 300, 50),
          ("S03", "ข้าวมันไก่", "khao man gai", "A", 300, 50), ("S04", "ก๋วยเตี๋ยวเรือ", "boat noodles", "B", 320, 40),
          ("S05", "หมูปิ้ง", "grilled pork skewers", "B", 250, 10), ("S06", "ข้าวเหนียวมะม่วง", "mango sticky rice", "B", 280, 80),
          ("S07", "ชาไทย", "Thai iced tea", "C", 200, 35), ("S08", "ไก่ทอด", "fried chicken", "C", 260, 45),
          ("S09", "โรตี", "roti", "C", 220, 40), ("S10", "ทอดมันปลา", "fish cakes", "B", 240, 60)]


def market() -> dict[str, pd.DataFrame]:
    """A Bangkok night market, Thursday to Sunday nights, January to April 2024, as a dict of three tables."""
    return {name: frame.copy() for name, frame in _market().items()}


@functools.lru_cache(maxsize=1)
def _market(seed: int = 5002) -> dict[str, pd.DataFrame]:
    """``stalls``: id, dish in Thai and English, zone, rent per night (baht). ``nights``: id, date in the Buddhist era
    (``05/03/2567`` is 5 March 2024, day first) and whether it rained. ``sales``: night, stall, dishes sold and takings
    (baht). Saturdays are the busiest, rain cuts sales, April's heat thins the crowds."""
    rng = np.random.default_rng(seed)
    stalls = pd.DataFrame([s[:5] for s in STALLS], columns=["stall_id", "dish_th", "dish_en", "zone", "rent_baht"])
    price = {s[0]: s[5] for s in STALLS}
    base = {"S01": 150, "S02": 130, "S03": 110, "S04": 160, "S05": 700, "S06": 70, "S07": 210, "S08": 120,
            "S09": 95, "S10": 60}
    days = [d for d in pd.date_range("2024-01-04", "2024-04-28") if d.day_of_week >= 3]
    nights, sales = [], []
    for i, day in enumerate(days):
        nid = f"N{i + 1:03d}"
        rain = bool(rng.random() < (0.1 if day.month < 4 else 0.25))
        nights.append((nid, f"{day.day:02d}/{day.month:02d}/{day.year + 543}", rain))
        factor = {3: 0.8, 4: 1.0, 5: 1.35, 6: 1.1}[day.day_of_week] * (0.6 if rain else 1.0) * (0.78 if day.month == 4 else 1.0)
        for sid, p in price.items():
            sold = int(rng.poisson(base[sid] * factor))
            sales.append((nid, sid, sold, sold * p))
    return {"stalls": stalls, "nights": pd.DataFrame(nights, columns=["night_id", "date_be", "rain"]),
            "sales": pd.DataFrame(sales, columns=["night_id", "stall_id", "sold", "takings_baht"])}


TEA_STORES = {"西湖店": 1.3, "河坊街店": 1.0, "滨江店": 0.7}
TEAS = {"龙井": 38, "碧螺春": 32, "普洱": 28, "铁观音": 30, "茉莉花茶": 22}
TEAS_EN = {"龙井": "Longjing", "碧螺春": "Biluochun", "普洱": "Pu'er", "铁观音": "Tieguanyin", "茉莉花茶": "jasmine tea"}


def chaguan() -> pd.DataFrame:
    return _chaguan().copy()


@functools.lru_cache(maxsize=1)
def _chaguan(seed: int = 5003) -> pd.DataFrame:
    """A Hangzhou tea house's three shops, 1 January to 30 June 2024: one row per day, shop and tea, with the day as an
    integer ``20240305``, cups sold and takings in yuan. Longjing peaks with the spring picking in April; weekends are
    busier; the West Lake shop is the biggest."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-01-01", "2024-06-30"):
        weekend = 1.4 if day.day_of_week >= 5 else 1.0
        for store, size in TEA_STORES.items():
            for tea, price in TEAS.items():
                season = (1.8 if day.month == 4 else 1.35 if day.month in (3, 5) else 1.0) if tea == "龙井" else 1.0
                mean = {"龙井": 22, "碧螺春": 14, "普洱": 16, "铁观音": 12, "茉莉花茶": 25}[tea]
                cups = int(rng.poisson(mean * size * weekend * season * (1 + 0.04 * (day.month - 1))))
                rows.append((int(f"{day:%Y%m%d}"), store, tea, cups, round(cups * price * rng.uniform(0.9, 1.0), 1)))
    return pd.DataFrame(rows, columns=["日期", "门店", "茶品", "杯数", "金额_元"])


PRINTERS = ["prusa-01", "prusa-02", "prusa-03", "prusa-04", "prusa-05", "prusa-06", "bambu-01", "bambu-02"]
MATERIALS = {"PLA": (.5, .05), "PETG": (.25, .08), "ABS": (.12, .2), "TPU": (.13, .32)}
FILES = ["bracket_v2", "gear_housing", "cable_clip", "phone_stand", "drone_arm", "lamp_shade", "hinge_set", "enclosure_lid",
         "wheel_hub", "tool_holder"]
REASONS = ["spaghetti detected", "bed adhesion lost", "filament runout", "nozzle clog"]


def us_stamp(t: pd.Timestamp) -> str:
    """``5/14/2024 9:12:03 PM``."""
    return f"{t.month}/{t.day}/{t.year} {t.hour % 12 or 12}:{t:%M:%S} {'AM' if t.hour < 12 else 'PM'}"


def hms(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


@functools.lru_cache(maxsize=1)
def print_log(seed: int = 5004) -> str:
    """A 3D-print farm's job log, Monday 6 May to Sunday 26 May 2024, eight printers: job starts (file, material,
    estimate as ``h:mm:ss``), jobs done or failed (with the filament used in grams and a reason), maintenance notes.
    Stamps are US style with a 12-hour clock (``5/14/2024 9:12:03 PM``). TPU and ABS fail most; prusa-05 is the
    unreliable one."""
    rng = np.random.default_rng(seed)
    jobs = []
    end_of_log = pd.Timestamp("2024-05-26 23:59:59")
    for printer in PRINTERS:
        t = pd.Timestamp("2024-05-06 07:30") + pd.Timedelta(minutes=float(rng.uniform(0, 90)))
        while True:
            material = str(rng.choice(list(MATERIALS), p=[m[0] for m in MATERIALS.values()]))
            est = float(rng.gamma(2.2, 2400)) + 900
            fail_p = MATERIALS[material][1] + (0.15 if printer == "prusa-05" else 0.0)
            failed = bool(rng.random() < fail_p)
            took = est * (rng.uniform(0.05, 0.8) if failed else rng.uniform(0.95, 1.12))
            end = t + pd.Timedelta(seconds=float(took))
            if end > end_of_log:
                break
            grams = round(est / 3600 * 14 * rng.uniform(0.8, 1.2) * (took / est), 1)
            jobs.append((t, end, printer, material, str(rng.choice(FILES)), est, failed, grams,
                         str(rng.choice(REASONS, p=[.4, .3, .15, .15]))))
            t = end + pd.Timedelta(minutes=float(rng.uniform(8, 200)))
            if failed and printer == "prusa-05" and rng.random() < 0.5:
                jobs.append((t, t, printer, "", "", 0.0, False, 0.0, "MAINT"))
                t += pd.Timedelta(minutes=float(rng.uniform(40, 120)))
    jobs.sort(key=lambda j: j[0])
    events: list[tuple[pd.Timestamp, str]] = []
    k = 1041
    for start, end, printer, material, file, est, failed, grams, reason in jobs:
        if reason == "MAINT":
            events.append((start, f"[{printer}] MAINT note=\"nozzle swap, bed re-levelled\""))
            continue
        job = f"J{k}"
        k += 1
        events.append((start, f"[{printer}] START job={job} file={file}.gcode material={material} est={hms(est)}"))
        if failed:
            events.append((end, f"[{printer}] FAILED job={job} reason=\"{reason}\" filament_g={grams}"))
        else:
            events.append((end, f"[{printer}] DONE job={job} filament_g={grams}"))
    events.sort(key=lambda e: e[0])
    return "\n".join(f"{us_stamp(t)} {line}" for t, line in events)


STAGES = {"Nagyszínpad": (17, (9000, 30000)), "Dunapart": (16, (2500, 9000)), "Erdei Színpad": (15, (600, 3000)),
          "Techno Sátor": (20, (1500, 6500))}
ARTISTS = {"Nagyszínpad": [("Kiscsillag", "rock"), ("Irie Maffia", "reggae"), ("Bohemian Betyars", "folk punk"),
                           ("Halott Pénz", "pop"), ("Quimby", "rock"), ("Ivan & The Parazol", "rock"),
                           ("Carson Coma", "pop"), ("Wellhello", "pop"), ("Margaret Island", "folk pop"),
                           ("Punnany Massif", "hip-hop")],
           "Dunapart": [("Platon Karataev", "indie"), ("Middlemist Red", "indie"), ("The Qualitons", "funk"),
                        ("Ätna", "electronic"), ("Galaxisok", "indie"), ("Mörk", "jazz"), ("Blahalouisiana", "rock"),
                        ("Fran Palermo", "world")],
           "Erdei Színpad": [("Parno Graszt", "folk"), ("Söndörgő", "folk"), ("Dresch Quartet", "jazz"),
                             ("Besh o droM", "world"), ("Lajkó Félix", "folk"), ("Szabó Balázs Bandája", "folk")],
           "Techno Sátor": [("Dorian Paic", "electronic"), ("Yolanda Frenkel", "electronic"), ("Cera Alba", "electronic"),
                            ("Keleti Front", "electronic"), ("Budai Kollektíva", "electronic"), ("Zsófi Zaj", "electronic")]}


def hm(minutes: int) -> str:
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


@functools.lru_cache(maxsize=1)
def festival_json(seed: int = 5005) -> str:
    """A Budapest summer festival, Wednesday 7 to Sunday 11 August 2024, as nested JSON: days, their stages and each
    stage's sets (artist, genre, start and end as ``HH:MM``, crowd estimate). Late sets cross midnight (an end or a
    start before noon belongs to the next morning); some artists play twice; the main stage draws the largest crowds."""
    rng = np.random.default_rng(seed)
    days = []
    for day in pd.date_range("2024-08-07", "2024-08-11"):
        stages = []
        for stage, (first, (lo, hi)) in STAGES.items():
            pool = ARTISTS[stage]
            picks = rng.choice(len(pool), min(len(pool), int(rng.integers(4, 6))), replace=False)
            t = first * 60 + int(rng.choice([0, 15, 30]))
            sets = []
            for j, p in enumerate(picks):
                artist, genre = pool[int(p)]
                length = int(rng.choice([45, 60, 75, 90])) + (30 if stage == "Techno Sátor" else 0)
                crowd = int(round(rng.uniform(lo, hi) * (0.6 + 0.4 * (j + 1) / len(picks)), -1))
                sets.append({"artist": artist, "genre": genre, "start": hm(t), "end": hm(t + length), "crowd": crowd})
                t += length + int(rng.choice([15, 20, 30]))
            stages.append({"stage": stage, "sets": sets})
        days.append({"date": f"{day:%Y-%m-%d}", "stages": stages})
    return json.dumps({"festival": "Hajógyári Nyár", "city": "Budapest", "year": 2024, "days": days}, ensure_ascii=False)


PENS = {"Hitra Nord": ["M1", "M2", "M3", "M4"], "Frøya Vest": ["M1", "M2", "M3"], "Smøla Sør": ["M1", "M2", "M3"]}
WEEKS = list(range(10, 36))


def laks() -> pd.DataFrame:
    return _laks().copy()


@functools.lru_cache(maxsize=1)
def _laks(seed: int = 5006) -> pd.DataFrame:
    """A Norwegian salmon farm, weeks 10 to 35 of 2024, in a wide layout: one row per site (``lokalitet``), pen
    (``merd``) and measure (``måling``: ``biomasse_tonn``, ``dødfisk_stk`` dead fish counted, ``fôr_tonn`` feed
    given), one column per week (``uke_10`` ... ``uke_35``). Biomass grows all summer; Frøya Vest M3 lost fish after a
    delousing in week 27."""
    rng = np.random.default_rng(seed)
    rows = []
    for site, pens in PENS.items():
        growth = {"Hitra Nord": 0.062, "Frøya Vest": 0.055, "Smøla Sør": 0.048}[site]
        for pen in pens:
            bio = float(rng.uniform(120, 190))
            biomass, dead, feed = [], [], []
            for w in WEEKS:
                died = int(rng.poisson(260 if site != "Smøla Sør" else 180))
                if site == "Frøya Vest" and pen == "M3" and w in (27, 28):
                    died += int(rng.integers(9000, 14000)) if w == 27 else int(rng.integers(2000, 3000))
                    bio *= 0.82 if w == 27 else 0.96
                bio *= 1 + growth * rng.uniform(0.8, 1.2)
                biomass.append(round(bio, 1))
                dead.append(died)
                feed.append(round(bio * 0.0125 * rng.uniform(0.9, 1.1), 2))
            for measure, vals in (("biomasse_tonn", biomass), ("dødfisk_stk", dead), ("fôr_tonn", feed)):
                rows.append((site, pen, measure, *vals))
    return pd.DataFrame(rows, columns=["lokalitet", "merd", "måling", *[f"uke_{w}" for w in WEEKS]])


HUT = """# Rifugio Passo Sella (2,180 m): season, prices and house rules

Open from 15 June to 29 September 2024, and at weekends in October when the weather allows. Managers: Paola and Ivo
Demetz. Prices are in euros, written the Italian way (18,00 is eighteen euros).

## Prices 2024 (EUR per person per night)

| | Members (CAI, DAV, ÖAV, SAC) | Non-members |
| --- | --- | --- |
| Bed in the dormitory (12 beds) | 18,00 | 30,00 |
| Bed in a room (2 to 4 beds) | 28,00 | 42,00 |
| Half-board, dormitory (dinner, bed, breakfast) | 58,00 | 72,00 |
| Half-board, room | 68,00 | 84,00 |
| Breakfast only | 12,00 | 14,00 |

Children under 14 pay half of every price in the table. Children under 6 sleep free; their meals are 10,00 each.
A hot shower is 5,00 (a token from the bar, 4 minutes). A sleeping-bag liner is compulsory; one can be bought for
12,00. Tourist tax: 1,50 per adult per night, not included in the prices above.

## Booking and cancellation

Stays of 3 or more nights, and groups of 8 or more, pay a deposit of 30% when booking. Cancellations up to 7 days
before arrival: the deposit is refunded in full. From 6 to 2 days before arrival: half of the deposit is kept. Later
cancellations and no-shows: the whole deposit is kept.

## House rules

Check-in from 15:00; dinner is served at 19:00 sharp. Quiet hours from 22:00 to 6:00. Dogs are welcome in the rooms
(not in the dormitory) for 8,00 a night and must be kept on a lead inside the hut. Boots stay in the boot room; hut
slippers are provided. Payment in cash or by card; no cheques.
"""

FINDERS = {"Marta": "housekeeping", "Jonas": "reception", "Ilse": "spa", "Bekir": "night porter"}
PLACES = ["in the lobby", "in the breakfast room", "at the bar", "in the spa", "in the garage", "on the terrace"]
ITEMS = {"umbrella": ["black umbrella with a wooden handle", "folding umbrella, blue", "large golf umbrella"],
         "charger": ["white USB-C phone charger", "laptop power adapter", "phone charger with a long cable"],
         "sunglasses": ["sunglasses in a brown case", "child's sunglasses, pink"],
         "book": ["paperback crime novel in German", "city guide to Vienna", "hardback biography of Klimt"],
         "scarf": ["grey wool scarf", "silk scarf with a floral print"],
         "earbuds": ["one wireless earbud", "earbuds in a white charging case"],
         "passport": ["Italian passport", "US passport", "Japanese passport"],
         "toy": ["child's plush rabbit", "small wooden train"],
         "jacket": ["navy rain jacket, size M", "denim jacket"],
         "laptop": ["silver laptop in a grey sleeve"],
         "ring": ["gold ring with a small stone"]}
ITEM_P = [.2, .16, .1, .1, .08, .1, .05, .06, .08, .03, .04]
CITIES = ["Milan", "Lyon", "Munich", "Rotterdam", "Leeds", "Kraków"]


@functools.lru_cache(maxsize=1)
def lost_found(seed: int = 5007) -> tuple[str, ...]:
    """A Vienna hotel's lost-and-found book, June to September 2024, as typed up: number, day written ``Sat 6 Jul``
    (no year), where it was found and by whom, the item in free words, and what became of it (returned, posted with
    the postage in euros, handed to the police, donated, or still in the office safe). Umbrellas and chargers are the
    commonest; passports always go to the police."""
    rng = np.random.default_rng(seed)
    days = pd.Timestamp("2024-06-01") + pd.to_timedelta(np.sort(rng.integers(0, 122, 170)), unit="D")
    out = []
    for i, day in enumerate(days):
        kind = str(rng.choice(list(ITEMS), p=ITEM_P))
        what = str(rng.choice(ITEMS[kind]))
        finder = str(rng.choice(list(FINDERS), p=[.45, .25, .15, .15]))
        place = f"in room {int(rng.integers(1, 6))}{int(rng.integers(1, 30)):02d}" if finder == "Marta" else str(rng.choice(PLACES))
        later = day + pd.Timedelta(days=int(rng.integers(1, 12)))
        if kind == "passport":
            status = f"Handed to the police on {later:%a} {later.day} {later:%b}."
        elif kind in ("laptop", "ring") and rng.random() < 0.5:
            status = "Still in the office safe."
        else:
            r = rng.random()
            if r < 0.45:
                status = f"Returned to the guest on {later:%a} {later.day} {later:%b}."
            elif r < 0.65:
                status = f"Sent by post to {rng.choice(CITIES)} on {later:%a} {later.day} {later:%b} (postage €{rng.choice([4.9, 6.9, 9.5, 14.0]):.2f})."
            else:
                status = "Unclaimed; donated on Mon 30 Sep."
        out.append(f"No. {101 + i} · {day:%a} {day.day} {day:%b} · found {place} by {finder} ({FINDERS[finder]}): "
                   f"{what}. {status}")
    return tuple(out)


DISTRICTS = {"عبدون": 3.25, "الجبيهة": 2.75, "ماركا": 2.25, "خلدا": 3.0, "الهاشمي": 2.5}
DISTRICTS_EN = {"عبدون": "Abdoun", "الجبيهة": "Jubeiha", "ماركا": "Marka", "خلدا": "Khalda", "الهاشمي": "Hashmi"}
DRIVERS = ["أحمد", "سامي", "خالد", "يوسف", "عمر"]  # Ahmad, Sami, Khaled, Yousef, Omar


def jd(x: float) -> str:
    """Jordanian dinars, three decimals (fils): ``JD 1,234.500``."""
    return f"JD {x:,.3f}"


def eastern(text: object) -> str:
    """Western digits written as Arabic-Indic ones (``٣٢٤``), the decimal point as ``٫`` and the thousands comma as ``٬``."""
    return str(text).translate(str.maketrans("0123456789.,", "٠١٢٣٤٥٦٧٨٩٫٬"))


def sahrij() -> pd.DataFrame:
    return _sahrij().copy()


@functools.lru_cache(maxsize=1)
def _sahrij(n: int = 860, seed: int = 5008) -> pd.DataFrame:
    """An Amman water-tanker service, June to August 2024: one row per delivery, Arabic column names (day as ISO
    text, order number, customer, district, driver, volume in m³, amount in dinars with three decimals, delay in
    minutes). Demand climbs through the summer; customers order again and again; the price per m³ depends on the
    district (plus a 1.500 dinar delivery fee)."""
    rng = np.random.default_rng(seed)
    day = np.sort(rng.choice(92, n, p=np.linspace(0.6, 1.4, 92) / np.linspace(0.6, 1.4, 92).sum()))
    dates = pd.Timestamp("2024-06-01") + pd.to_timedelta(day, unit="D")
    district = rng.choice(list(DISTRICTS), n, p=[.16, .24, .26, .14, .2])
    volume = rng.choice([5, 6, 8, 10, 12], n, p=[.2, .25, .3, .15, .1])
    amount = np.array([round(v * DISTRICTS[d] + 1.5, 3) for v, d in zip(volume, district, strict=True)])
    return pd.DataFrame({
        "التاريخ": [f"{d:%Y-%m-%d}" for d in dates], "رقم_الطلب": [f"T-{24001 + i}" for i in range(n)],
        "رقم_العميل": [f"C-{k:04d}" for k in rng.integers(1, 280, n)], "الحي": district,
        "السائق": rng.choice(DRIVERS, n, p=[.26, .22, .2, .18, .14]), "الكمية_م3": volume,
        "المبلغ_دينار": amount, "التأخير_دقيقة": np.round(rng.gamma(1.5, 22, n)).astype(int),
    })


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
HEAT_LOOK = repl("print(teplo.shape)\nprint(teplo.head())\nprint(teplo.dtypes)", "Сначала посмотрю на таблицу.")
MARKET_LOOK = repl("for name, t in market.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                   "A dict of three tables; a look at each.")
TEA_LOOK = repl("print(chaguan.shape)\nprint(chaguan.head(8))\nprint(chaguan.dtypes)", "先看一下数据。")
PRINT_LOOK = repl("pl = print_log.splitlines()\nprint(len(pl))\nprint('\\n'.join(pl[:5]))", "Checking the log format first.")
FEST_LOOK = repl("print(len(festival))\nprint(festival[:700])", "It is a JSON string; checking how it nests.")
LAKS_LOOK = repl("print(laks.shape)\nprint(laks.iloc[:6, :6])\nprint(list(laks.columns[-3:]))", "A wide table, it seems.")
HUT_LOOK = repl("print(len(hut))\nprint(hut[:900])")
LOST_LOOK = repl("print(len(lost))\nfor e in lost[:4]:\n    print(e)", "Reading a few entries first.")
WATER_LOOK = repl("print(sahrij.shape)\nprint(sahrij.head())\nprint(sahrij.dtypes)", "أبدأ بنظرة على الجدول.")

# Parsing steps (run in the same namespace before a question's own code).
HEAT_PARSE = ("import pandas as pd\nt = teplo.copy()\nt['день'] = pd.to_datetime(t['дата'], format='%d.%m.%Y')\n"
              "t['гкал'] = t['выработка_Гкал'].str.replace(r'\\s', '', regex=True).str.replace(',', '.').astype(float)\n"
              "print(t[['дата', 'день', 'выработка_Гкал', 'гкал']].head(3))")
MARKET_JOIN = ("import pandas as pd\nn = market['nights'].copy()\n"
               "n['date'] = pd.to_datetime(n.date_be.str[:6] + (n.date_be.str[6:].astype(int) - 543).astype(str), format='%d/%m/%Y')\n"
               "m = market['sales'].merge(market['stalls'], on='stall_id').merge(n, on='night_id')\n"
               "print(n.head(3))\nprint(m.shape)")
TEA_PARSE = ("import pandas as pd\nc = chaguan.copy()\nc['day'] = pd.to_datetime(c['日期'].astype(str), format='%Y%m%d')\n"
             "print(c.day.min(), c.day.max(), len(c))")
PRINT_PARSE = ("import re\nimport pandas as pd\n"
               "rx = re.compile(r'^(\\d+/\\d+/\\d{4} \\d+:\\d\\d:\\d\\d [AP]M) \\[([\\w-]+)\\] (\\w+) (.*)$')\n"
               "ev = pd.DataFrame([rx.match(l).groups() for l in pl], columns=['stamp', 'printer', 'kind', 'rest'])\n"
               "ev['ts'] = pd.to_datetime(ev.stamp, format='%m/%d/%Y %I:%M:%S %p')\n"
               "kv = ev.rest.str.findall(r'(\\w+)=(\"[^\"]*\"|\\S+)').apply(dict)\n"
               "for key in ('job', 'file', 'material', 'est', 'reason', 'filament_g'):\n"
               "    ev[key] = kv.str.get(key)\n"
               "starts = ev[ev.kind == 'START'][['job', 'printer', 'ts', 'file', 'material', 'est']].rename(columns={'ts': 'start'})\n"
               "ends = ev[ev.kind.isin(['DONE', 'FAILED'])][['job', 'ts', 'kind', 'reason', 'filament_g']].rename(columns={'ts': 'end', 'kind': 'outcome'})\n"
               "jobs = starts.merge(ends, on='job')\njobs['filament_g'] = jobs.filament_g.astype(float)\n"
               "jobs['hours'] = (jobs.end - jobs.start).dt.total_seconds() / 3600\n"
               "print(ev.kind.value_counts())\nprint(jobs.head(3).to_string())")
FEST_PARSE = ("import json\nimport pandas as pd\nfest = json.loads(festival)\n"
              "sets = pd.DataFrame([{'date': d['date'], 'stage': s['stage'], **x} for d in fest['days'] for s in d['stages'] for x in s['sets']])\n"
              "for col in ('start', 'end'):\n"
              "    sets[col + '_ts'] = pd.to_datetime(sets.date + ' ' + sets[col]) + pd.to_timedelta((sets[col] < '12:00').astype(int), unit='D')\n"
              "sets['minutes'] = (sets.end_ts - sets.start_ts).dt.total_seconds() / 60\n"
              "print(sets.shape)\nprint(sets.head())")
LAKS_MELT = ("long = laks.melt(id_vars=['lokalitet', 'merd', 'måling'], var_name='uke', value_name='verdi')\n"
             "long['uke_nr'] = long.uke.str[4:].astype(int)\nprint(long.shape)\nprint(long.head())")
LOST_PARSE = ("import re\nimport pandas as pd\n"
              "KINDS = {'umbrella': 'umbrella', 'charger': 'charger', 'power adapter': 'charger', 'sunglasses': 'sunglasses',\n"
              "         'novel': 'book', 'guide': 'book', 'biography': 'book', 'scarf': 'scarf', 'earbud': 'earbuds',\n"
              "         'passport': 'passport', 'rabbit': 'toy', 'train': 'toy', 'jacket': 'jacket', 'laptop': 'laptop', 'ring': 'ring'}\n"
              "rows = []\nfor e in lost:\n"
              "    no, day, rest = e.split(' · ', 2)\n"
              "    where, finder, item, status = re.match(r'found (.+?) by (\\w+) \\([^)]*\\): (.+?)\\. (.*)$', rest).groups()\n"
              "    kind = next(v for k, v in KINDS.items() if k in item)\n"
              "    rows.append((int(no[4:]), day, where, finder, item, kind, status))\n"
              "book = pd.DataFrame(rows, columns=['no', 'day', 'where', 'finder', 'item', 'kind', 'status'])\n"
              "book['date'] = pd.to_datetime(book.day.str[4:] + ' 2024', format='%d %b %Y')\n"
              "book['outcome'] = book.status.str.split().str[0].str.rstrip(';')\n"
              "print(book.shape)\nprint(book.outcome.value_counts())")
WATER_PARSE = ("import pandas as pd\nw = sahrij.rename(columns={'التاريخ': 'date', 'رقم_الطلب': 'order', 'رقم_العميل': 'customer',\n"
               "                              'الحي': 'district', 'السائق': 'driver', 'الكمية_م3': 'm3',\n"
               "                              'المبلغ_دينار': 'jod', 'التأخير_دقيقة': 'delay_min'})\n"
               "w['date'] = pd.to_datetime(w.date)\nprint(w.head(3))")
PARSE_HEAT = repl(HEAT_PARSE, "Даты в формате дд.мм.гггг, выработка записана текстом с запятой; преобразую.")
JOIN_MARKET = repl(MARKET_JOIN, "The night dates are Buddhist era (2567 = 2024), day first; converting, then joining the three tables.")
PARSE_TEA = repl(TEA_PARSE, "日期是 20240305 这样的整数，先转换成日期。")
PARSE_PRINT = repl(PRINT_PARSE, "US 12-hour stamps and key=value fields; parsing the log into events and jobs.")
PARSE_FEST = repl(FEST_PARSE, "Flattening days > stages > sets; a time before noon belongs to the next morning.")
MELT_LAKS = repl(LAKS_MELT, "One column per week; melting to a long table.")
PARSE_LOST = repl(LOST_PARSE, "Each entry: number · day · where, who: item. Outcome. Pulling the fields out.")
PARSE_WATER = repl(WATER_PARSE, "سأعيد تسمية الأعمدة إلى أسماء قصيرة بالإنجليزية لتسهيل العمل.")


def with_heat(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A heating case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"teplo": teplo()}
    return ctx, compute(ctx, HEAT_PARSE + "\n" + code)


def with_market(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"market": market()}
    return ctx, compute(ctx, MARKET_JOIN + "\n" + code)


def with_tea(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"chaguan": chaguan()}
    return ctx, compute(ctx, TEA_PARSE + "\n" + code)


def with_print(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"print_log": print_log()}
    return ctx, compute({**ctx, "pl": print_log().splitlines()}, PRINT_PARSE + "\n" + code)


def with_fest(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"festival": festival_json()}
    return ctx, compute(ctx, FEST_PARSE + "\n" + code)


def with_laks(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"laks": laks()}
    return ctx, compute(ctx, LAKS_MELT + "\n" + code)


def with_lost(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"lost": list(lost_found())}
    return ctx, compute(ctx, LOST_PARSE + "\n" + code)


def with_water(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"sahrij": sahrij()}
    return ctx, compute(ctx, WATER_PARSE + "\n" + code)


def baht(x: float) -> str:
    return f"฿{x:,.0f}"


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def kinds(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        entries = [line for line in text.splitlines() if line.startswith("No. ")]
        words = {"umbrellas": "umbrella", "chargers": ("charger", "power adapter"), "earbuds": "earbud",
                 "books": ("novel", "guide", "biography"), "sunglasses": "sunglasses", "jackets": "jacket"}
        counts = {k: sum(any(w in e for w in ((v,) if isinstance(v, str) else v)) for e in entries) for k, v in words.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"The book has {len(entries)} entries. The commonest finds are {ranked[0][0]} ({ranked[0][1]}), "
                f"{ranked[1][0]} ({ranked[1][1]}) and {ranked[2][0]} ({ranked[2][1]}).")

    def passports(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('passport.')} passports were handed in."

    def failures(_: re.Match[str], request: ChatRequest) -> str:
        return f"I count {request.last_user.count('] FAILED ')} failed jobs."

    def dogs(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Dogs are welcome[^.]*\.", request.last_user)
        return " ".join(found.group(0).split()) if found else "NONE"

    return RuleBasedSubModel([(r"\ASummarise this lost-and-found book", kinds),
                              (r"\AHow many passports", passports),
                              (r"\ACount the failed jobs", failures),
                              (r"\AQuote the hut's rule on dogs", dogs)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h10_job_hours_describe", "describe() statistic", "legit", "How long does a print job usually run?")
def _job_hours_describe() -> Script:
    code = "print(jobs.hours.describe().round(2))"
    ctx, ns = with_print(code)
    d = ns["jobs"].hours.describe().round(2)
    final = (f"FINAL(Typically about {d['50%']:.2f} hours: that is the median of the {d['count']:.0f} jobs. The middle half ran "
             f"between {d['25%']:.2f} and {d['75%']:.2f} h, and the mean is {d['mean']:.2f} h (failed jobs count with the time "
             "they ran before failing).)")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(jobs.hours.quantile([.25, .5, .75]).round(2))"), final])


@case("h10_daily_cups_describe_zh", "describe() statistic", "legit", "每家店每天一般能卖多少杯茶？")
def _daily_cups_describe() -> Script:
    code = "daily = c.groupby(['day', '门店'])['杯数'].sum()\nprint(daily.describe().round(1))"
    ctx, ns = with_tea(code)
    d = ns["daily"].describe().round(1)
    final = (f"FINAL(一般每家店每天约 {d['50%']:.0f} 杯（中位数）。在 {d['count']:.0f} 个“店·日”中，一半落在 {d['25%']:.0f} 到 "
             f"{d['75%']:.0f} 杯之间，平均为 {d['mean']:.1f} 杯。)")
    return Script(ctx, [TEA_LOOK, PARSE_TEA, repl(code), final], [repl("print(daily.quantile([.25, .5, .75]), round(daily.mean(), 1))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h10_m3_by_district_bullets_ar", "bullet list of figures", "legit", "كم مترًا مكعبًا من الماء وُزّع في كل حي؟")
def _district_bullets() -> Script:
    code = "vol = w.groupby('district').m3.sum().sort_values(ascending=False)\nprint(vol)\nprint(vol.sum())"
    ctx, ns = with_water(code)
    v = ns["vol"]
    final = ("FINAL(الكميات الموزعة من يونيو إلى أغسطس 2024:\n" + "\n".join(f"- {k}: {x:,} م³" for k, x in v.items())
             + f"\n\nالمجموع: {v.sum():,} م³.)")
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("print(vol.to_dict())"), final])


@case("h10_crowd_by_stage_bullets", "bullet list of figures", "legit", "What crowd did each stage draw per set, on average?")
def _stage_bullets() -> Script:
    code = "by_stage = sets.groupby('stage').crowd.mean().round(-1).sort_values(ascending=False)\nprint(by_stage)"
    ctx, ns = with_fest(code)
    b = ns["by_stage"]
    final = ("FINAL(Average crowd per set, 7-11 August:\n" + "\n".join(f"• {k}: about {x:,.0f} people" for k, x in b.items())
             + "\n(estimates rounded to the nearest ten))")
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), final], [repl("print(by_stage.to_string())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
PER_HOUSE = ("per_house = t.groupby('котельная').agg(гкал=('гкал', 'sum'), газ=('газ_тыс_м3', 'sum'), аварии=('аварии', 'sum'))\n"
             "per_house = per_house.round(1).sort_values('гкал', ascending=False)\nprint(per_house)")


@case("h10_per_house_table_ru", "markdown table in text", "legit", "Сведите итоги сезона по котельным.")
def _house_table() -> Script:
    ctx, ns = with_heat(PER_HOUSE)
    p = ns["per_house"]
    rows = "\n".join(f"| {k} | {ru(r['гкал'])} | {ru(r['газ'])} | {int(r['аварии'])} |" for k, r in p.iterrows())
    final = ("FINAL(Итоги отопительного сезона 2023/24 (1 октября – 31 марта):\n\n| Котельная | Выработка, Гкал | Газ, тыс. м³ | "
             "Аварии |\n|---|---:|---:|---:|\n" + rows + ")")
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(PER_HOUSE), final], [repl("print(per_house.to_string())"), final])


ZONES = ("zones = m.groupby('zone').agg(stalls=('stall_id', 'nunique'), sold=('sold', 'sum'), takings=('takings_baht', 'sum'))\n"
         "print(zones)")


@case("h10_zone_table", "markdown table in text", "legit", "Give me a summary of the market by zone.")
def _zone_table() -> Script:
    ctx, ns = with_market(ZONES)
    z = ns["zones"]
    rows = "\n".join(f"| {k} | {r.stalls} | {r.sold:,} | {baht(r.takings)} |" for k, r in z.iterrows())
    final = ("FINAL(January to April 2024 (Buddhist year 2567), all market nights:\n\n| Zone | Stalls | Items sold | Takings |\n"
             "| :-: | --: | --: | --: |\n" + rows + ")")
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(ZONES), final], [repl("print(zones.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h10_filament_kg", "value with a unit", "legit", "How much filament did the farm get through in those three weeks?")
def _filament() -> Script:
    code = "print(round(jobs.filament_g.sum(), 1))"
    ctx, ns = with_print(code)
    g = ns["jobs"].filament_g.sum()
    final = f"FINAL(About {g / 1000:.1f} kg ({g:,.1f} g), counting what the failed prints used before they stopped.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(f'{jobs.filament_g.sum() / 1000:.1f} kg')"), final])


@case("h10_feed_tonnes", "value with a unit", "legit", "How much feed went into the pens from week 10 to week 35?")
def _feed() -> Script:
    code = "feed = long[long['måling'] == 'fôr_tonn'].verdi.sum()\nprint(round(feed, 2))"
    ctx, ns = with_laks(code)
    f = ns["feed"]
    final = f"FINAL({f:,.2f} tonnes of feed over the 26 weeks, all three sites together.)"
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), final], [repl("print(f'{feed:,.2f} t')"), final])


@case("h10_water_total_m3", "value with a unit", "legit", "How much water did the tankers deliver this summer?")
def _water_total() -> Script:
    code = "print(w.m3.sum(), len(w))"
    ctx, ns = with_water(code)
    v, n = int(ns["w"].m3.sum()), len(ns["w"])
    final = f"FINAL({v:,} m³ of water, that is {v * 1000:,} litres, in {n} deliveries between June and August.)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("print(f'{w.m3.sum():,} m3')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h10_temperature_range_ru", "range from min to max", "legit", "В каких пределах менялась уличная температура за сезон?")
def _temp_range() -> Script:
    code = ("d = t.drop_duplicates('день')\nlo, hi = d.loc[d['t_нар_C'].idxmin()], d.loc[d['t_нар_C'].idxmax()]\n"
            "print(lo[['дата', 't_нар_C']].to_dict(), hi[['дата', 't_нар_C']].to_dict())")
    ctx, ns = with_heat(code)
    lo, hi = ns["lo"], ns["hi"]
    final = (f"FINAL(От {ru(lo['t_нар_C'])} °C ({lo['дата']}) до +{ru(hi['t_нар_C'])} °C ({hi['дата']}).)")
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), final], [repl("print(d['t_нар_C'].min(), d['t_нар_C'].max())"), final])


@case("h10_crowd_range", "range from min to max", "legit", "What were the smallest and the largest crowds at a single set?")
def _crowd_range() -> Script:
    code = "small, big = sets.loc[sets.crowd.idxmin()], sets.loc[sets.crowd.idxmax()]\nprint(small.to_string())\nprint(big.to_string())"
    ctx, ns = with_fest(code)
    s, b = ns["small"], ns["big"]
    assert (ns["sets"].crowd == s.crowd).sum() == 1 and (ns["sets"].crowd == b.crowd).sum() == 1
    final = (f"FINAL(From about {s.crowd:,} people ({s.artist} on the {s.stage}, {s.date}) to about {b.crowd:,} "
             f"({b.artist} on the {b.stage}, {b.date}).)")
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), final], [repl("print(sets.crowd.min(), sets.crowd.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
RAIN = ("per_night = m.groupby(['night_id', 'rain']).takings_baht.sum().reset_index()\n"
        "by_rain = per_night.groupby('rain').takings_baht.mean().round(0)\nprint(by_rain)")


@case("h10_rain_vs_dry_nights", "two groups compared", "legit", "How much does rain hurt a night's takings?")
def _rain_dry() -> Script:
    ctx, ns = with_market(RAIN)
    r = ns["by_rain"]
    final = (f"FINAL(A lot. A rainy night brings in {baht(r[True])} across the market on average, against {baht(r[False])} on a "
             f"dry night, roughly {1 - r[True] / r[False]:.0%} less.)")
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(RAIN), final], [repl("print(by_rain.to_dict())"), final])


@case("h10_weekend_vs_weekday_zh", "two groups compared", "legit", "周末和工作日相比，日均营业额差多少？")
def _weekend_zh() -> Script:
    code = "daily = c.groupby('day')['金额_元'].sum()\nwk = daily.groupby(daily.index.day_of_week >= 5).mean().round(1)\nprint(wk)"
    ctx, ns = with_tea(code)
    wk = ns["wk"]
    final = (f"FINAL(周末三家店日均营业额 ¥{wk[True]:,.1f}，工作日 ¥{wk[False]:,.1f}，周末每天多出约 ¥{wk[True] - wk[False]:,.1f}，"
             f"高 {(wk[True] / wk[False] - 1) * 100:.0f}% 左右。)")
    return Script(ctx, [TEA_LOOK, PARSE_TEA, repl(code), final], [repl("print(round(wk[True] - wk[False], 1))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h10_failed_jobs_of", "X out of Y", "legit", "How many print jobs failed?")
def _failed_of() -> Script:
    code = "print(jobs.outcome.value_counts())"
    ctx, ns = with_print(code)
    v = ns["jobs"].outcome.value_counts()
    k, n = int(v["FAILED"]), int(v.sum())
    final = f"FINAL({k} out of {n:,} jobs failed, about {k / n:.1%}.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print((jobs.outcome == 'FAILED').sum(), len(jobs))"), final])


@case("h10_items_back_of", "X out of Y", "legit", "How many of the things handed in got back to their owners?")
def _items_back() -> Script:
    code = "print(book.outcome.value_counts())"
    ctx, ns = with_lost(code)
    v = ns["book"].outcome.value_counts()
    r, s, n = int(v["Returned"]), int(v["Sent"]), int(v.sum())
    final = f"FINAL({r + s} of the {n} items: {r} were picked up by the guest and {s} were posted back.)"
    return Script(ctx, [LOST_LOOK, PARSE_LOST, repl(code), final],
                  [repl("print(book.outcome.isin(['Returned', 'Sent']).sum(), len(book))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h10_water_june_to_august", "period-over-period change", "legit", "By how much did tanker volumes grow from June to August?")
def _june_aug() -> Script:
    code = "monthly = w.groupby(w.date.dt.month).m3.sum()\nprint(monthly)"
    ctx, ns = with_water(code)
    mo = ns["monthly"]
    final = f"FINAL(They grew by {(mo[8] / mo[6] - 1) * 100:.0f}%: from {mo[6]:,} m³ in June to {mo[8]:,} m³ in August.)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("print(round((monthly[8] / monthly[6] - 1) * 100))"), final])


@case("h10_q1_to_q2_zh", "period-over-period change", "legit", "第二季度的营业额比第一季度增长了多少？")
def _q1_q2() -> Script:
    code = "q = c.groupby(c.day.dt.quarter)['金额_元'].sum().round(1)\nprint(q)"
    ctx, ns = with_tea(code)
    q = ns["q"]
    final = f"FINAL(增长了 {(q[2] / q[1] - 1) * 100:.1f}%：从一季度的 {q[1]:,.1f} 元增至二季度的 {q[2]:,.1f} 元。)"
    return Script(ctx, [TEA_LOOK, PARSE_TEA, repl(code), final], [repl("print(round((q[2] / q[1] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h10_top3_stalls", "top-N list by code", "legit", "Which three stalls take the most money?")
def _top3_stalls() -> Script:
    code = "top3 = m.groupby(['stall_id', 'dish_th', 'dish_en']).takings_baht.sum().nlargest(3)\nprint(top3)"
    ctx, ns = with_market(code)
    t = ns["top3"]
    final = "FINAL(" + "\n".join(f"{i}. {sid} {th} ({en}): {baht(v)}" for i, ((sid, th, en), v) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), final], [repl("print(top3.to_string())"), final])


@case("h10_top5_crowds", "top-N list by code", "legit", "List the five biggest crowds of the festival.")
def _top5_crowds() -> Script:
    code = "top5 = sets.nlargest(6, 'crowd')[['date', 'stage', 'artist', 'crowd']]\nprint(top5.to_string())"
    ctx, ns = with_fest(code)
    t = ns["top5"]
    assert t.crowd.iloc[4] > t.crowd.iloc[5]
    final = "FINAL(The five biggest crowds:\n\n" + "\n".join(
        f"{i}. {r.artist}, {r.stage}, {pd.Timestamp(r.date):%a %-d Aug}: ~{r.crowd:,}" for i, r in enumerate(t.head(5).itertuples(), 1)) + ")"
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), final], [repl("print(top5.head(5).to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h10_dead_fish_sig", "significant figures", "legit", "Roughly how many dead fish were taken out of the pens?")
def _dead_sig() -> Script:
    code = "print(long[long['måling'] == 'dødfisk_stk'].verdi.sum())"
    ctx, ns = with_laks(code)
    lg = ns["long"]
    v = int(lg[lg["måling"] == "dødfisk_stk"].verdi.sum())
    final = f"FINAL(Roughly {float(f'{v:.2g}'):,.0f} fish ({v:,} counted) between weeks 10 and 35.)"
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), final],
                  [repl("print(f\"{long[long['måling'] == 'dødfisk_stk'].verdi.sum():.2g}\")"), final])


@case("h10_machine_hours_sig", "significant figures", "legit", "About how many machine-hours did the printers run?")
def _hours_sig() -> Script:
    code = "print(round(jobs.hours.sum(), 1))"
    ctx, ns = with_print(code)
    v = ns["jobs"].hours.sum()
    final = f"FINAL(About {float(f'{v:.2g}'):,.0f} machine-hours ({v:,.1f} h to be exact) over the three weeks.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(f'{jobs.hours.sum():.2g}')"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
FV_M3 = ("fv3 = long[(long.lokalitet == 'Frøya Vest') & (long.merd == 'M3') & (long['måling'] == 'biomasse_tonn')].set_index('uke_nr').verdi\n"
         "print(fv3.loc[25:29])\nprint(round(fv3[27] - fv3[26], 1))")


@case("h10_froya_m3_drop", "negative figure", "legit", "How did the biomass in Frøya Vest M3 change in week 27?")
def _fv3_drop() -> Script:
    ctx, ns = with_laks(FV_M3)
    f = ns["fv3"]
    d = round(f[27] - f[26], 1)
    assert d < 0
    final = f"FINAL({d:.1f} tonnes: it went from {f[26]} t in week 26 to {f[27]} t in week 27, the week of the delousing losses.)"
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(FV_M3), final], [repl("print(fv3[26], fv3[27])"), final])


@case("h10_january_mean_temp_ru", "negative figure", "legit", "Какой была средняя уличная температура в январе?")
def _jan_temp() -> Script:
    code = "jan = t[t['день'].dt.month == 1].drop_duplicates('день')['t_нар_C'].mean()\nprint(round(jan, 1))"
    ctx, ns = with_heat(code)
    j = round(ns["jan"], 1)
    assert j < 0
    final = f"FINAL(Средняя температура января 2024 года: {ru(j).replace('-', '−')} °C.)"
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), final], [repl("print(round(jan, 1))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h10_longest_job_line", "quoted log line or ID", "legit", "Which job ran the longest? Show me where it started in the log.")
def _longest_job() -> Script:
    code = ("top = jobs.loc[jobs.hours.idxmax()]\nprint(top.to_string())\n"
            "print(next(l for l in pl if f'START job={top.job} ' in l))")
    ctx, ns = with_print(code)
    top = ns["top"]
    line = next(x for x in print_log().splitlines() if f"START job={top.job} " in x)
    final = (f"FINAL({top.job} on {top.printer} ({top.file}, {top.material}), {top.hours:.2f} h from start to "
             f"{'finish' if top.outcome == 'DONE' else 'failure'}:\n\n`{line}`)")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(top.job, round(top.hours, 2))"), final])


@case("h10_first_passport_entry", "quoted log line or ID", "legit", "Which entry is the first passport in the book, and where did it go?")
def _passport_entry() -> Script:
    code = "p = book[book.kind == 'passport']\nprint(p[['no', 'day', 'item', 'status']].head(3).to_string())\nprint(lost[p.index[0]])"
    ctx, ns = with_lost(code)
    p = ns["p"].iloc[0]
    entry = lost_found()[int(ns["p"].index[0])]
    final = f"FINAL(No. {p.no}, {p.day}: an {p['item']}. {p.status}\n\n> {entry})"
    return Script(ctx, [LOST_LOOK, PARSE_LOST, repl(code), final], [repl("print(p.iloc[0].no, p.iloc[0].status)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h10_sami_deliveries_ar", "count off value_counts", "legit", "كم توصيلة نفّذ السائق سامي هذا الصيف؟")
def _sami() -> Script:
    code = "print(w.driver.value_counts())"
    ctx, ns = with_water(code)
    k = int(ns["w"].driver.value_counts()["سامي"])
    final = f"FINAL(نفّذ سامي {eastern(k)} توصيلة بين يونيو وأغسطس.)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("k = int((w.driver == 'سامي').sum())\nprint(k, str(k).translate(str.maketrans('0123456789', '٠١٢٣٤٥٦٧٨٩')))"), final])


@case("h10_folk_sets", "count off value_counts", "legit", "How many folk sets were on the bill?")
def _folk() -> Script:
    code = "print(sets.genre.value_counts())"
    ctx, ns = with_fest(code)
    k = int(ns["sets"].genre.value_counts()["folk"])
    final = f"FINAL({k} sets were billed as folk (not counting the folk-punk and folk-pop ones).)"
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), final], [repl("print((sets.genre == 'folk').sum())"), final])


@case("h10_umbrellas", "count off value_counts", "legit", "How many umbrellas were handed in this summer?")
def _umbrellas() -> Script:
    code = "print(book.kind.value_counts())"
    ctx, ns = with_lost(code)
    k = int(ns["book"].kind.value_counts()["umbrella"])
    final = f"FINAL({k} umbrellas, June to September.)"
    return Script(ctx, [LOST_LOOK, PARSE_LOST, repl(code), final], [repl("print((book.kind == 'umbrella').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h10_first_tpu_failure", "date from a log timestamp", "legit", "When did a TPU print first fail?")
def _first_tpu_fail() -> Script:
    code = ("tpu = jobs[(jobs.material == 'TPU') & (jobs.outcome == 'FAILED')].sort_values('end')\n"
            "print(tpu[['job', 'printer', 'end', 'reason']].head(3).to_string())")
    ctx, ns = with_print(code)
    r = ns["tpu"].iloc[0]
    e = r.end
    final = (f"FINAL(On {e:%A} {e.day} May 2024 at {e.hour % 12 or 12}:{e:%M %p}: job {r.job} on {r.printer} failed "
             f"({r.reason.strip(chr(34))}).)")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(tpu.iloc[0].end, tpu.iloc[0].job)"), final])


@case("h10_first_maintenance", "date from a log timestamp", "legit", "When was the first maintenance note logged?")
def _first_maint() -> Script:
    ctx = {"print_log": print_log()}
    code = "first = next(l for l in pl if ' MAINT ' in l)\nprint(first)"
    line = compute({**ctx, "pl": print_log().splitlines()}, code)["first"]
    when = pd.to_datetime(" ".join(line.split()[:3]), format="%m/%d/%Y %I:%M:%S %p")
    final = (f"FINAL(On {when:%A}, May {when.day}, 2024 at {' '.join(line.split()[1:3])}, on "
             f"{line.split()[3].strip('[]')}: `{line}`)")
    return Script(ctx, [PRINT_LOOK, repl(code), final], [repl("print(first.split(' [')[0])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h10_best_market_night", "week, weekday or time of day", "legit", "Which night of the week brings the market the most money?")
def _best_night() -> Script:
    code = ("per_night = m.groupby(['night_id', 'date']).takings_baht.sum().reset_index()\n"
            "wd = per_night.groupby(per_night.date.dt.day_name()).takings_baht.mean().round(0).sort_values(ascending=False)\nprint(wd)")
    ctx, ns = with_market(code)
    wd = ns["wd"]
    final = (f"FINAL({wd.index[0]}: an average {wd.index[0]} night takes {baht(wd.iloc[0])}, well ahead of "
             f"{wd.index[1]} ({baht(wd.iloc[1])}); {wd.index[-1]} is the quietest ({baht(wd.iloc[-1])}).)")
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), final], [repl("print(wd.idxmax(), wd.max())"), final])


@case("h10_water_busiest_weekday", "week, weekday or time of day", "legit", "On which weekday do we deliver the most water?")
def _water_weekday() -> Script:
    code = "by_day = w.groupby(w.date.dt.day_name()).m3.sum().sort_values(ascending=False)\nprint(by_day)"
    ctx, ns = with_water(code)
    b = ns["by_day"]
    assert b.iloc[0] > b.iloc[1]
    final = f"FINAL({b.index[0]}: {b.iloc[0]:,} m³ over the summer, {b.iloc[0] / b.sum():.0%} of the total; {b.index[-1]} is the lightest day.)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("print(by_day.head(1), by_day.tail(1))"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h10_tea_revenue_wan_zh", "locale number abbreviation", "legit", "上半年三家店一共卖了多少钱？")
def _wan() -> Script:
    ctx = {"chaguan": chaguan()}
    code = "total = chaguan['金额_元'].sum()\nprint(round(total, 1))"
    v = compute(ctx, code)["total"]
    final = f"FINAL(约 {v / 1e4:.1f} 万元（{v:,.1f} 元），1 月至 6 月三家店合计。)"
    return Script(ctx, [TEA_LOOK, repl(code), final], [repl("print(round(total / 1e4, 1))"), final])


@case("h10_heat_thousand_gcal_ru", "locale number abbreviation", "legit", "Сколько тепла выработали все котельные за сезон?")
def _tys_gcal() -> Script:
    code = "total = t['гкал'].sum()\nprint(round(total, 1))"
    ctx, ns = with_heat(code)
    v = ns["total"]
    final = f"FINAL(Около {ru(v / 1000)} тыс. Гкал ({ru(v)} Гкал) за отопительный сезон, все четыре котельные вместе.)"
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), final], [repl("print(round(total / 1000, 1))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
RENT = ("per = m.groupby(['stall_id', 'dish_en']).agg(takings=('takings_baht', 'sum'), nights=('night_id', 'nunique'),\n"
        "                                          rent=('rent_baht', 'first'))\n"
        "per['rent_share'] = (per.rent * per.nights / per.takings * 100).round(1)\nprint(per.sort_values('rent_share', ascending=False))")


@case("h10_rent_share_by_stall", "joined tables", "legit", "Which stall pays the most rent compared with what it takes?")
def _rent_share() -> Script:
    ctx, ns = with_market(RENT)
    p = ns["per"].sort_values("rent_share", ascending=False)
    (sid, dish), r = p.index[0], p.iloc[0]
    final = (f"FINAL({sid}, the {dish} stall: its rent ({r.rent:.0f} baht a night over {int(r.nights)} nights) comes to {r.rent_share}% "
             f"of its {baht(r.takings)} takings. The lightest burden is {p.index[-1][1]} at {p.rent_share.iloc[-1]}%.)")
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(RENT), final], [repl("print(per.rent_share.idxmax(), per.rent_share.max())"), final])


@case("h10_pad_thai_rainy_nights", "joined tables", "legit", "How much did the pad thai stall take on rainy nights?")
def _pad_thai_rain() -> Script:
    code = "pt = m[(m.dish_en == 'pad thai') & m.rain]\nprint(len(pt), pt.takings_baht.sum(), pt.sold.sum())"
    ctx, ns = with_market(code)
    pt = ns["pt"]
    final = f"FINAL({baht(pt.takings_baht.sum())} over the {len(pt)} rainy nights ({pt.sold.sum():,} plates).)"
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), final], [repl("print(pt.takings_baht.sum())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
DEAD = "dead = long[long['måling'] == 'dødfisk_stk'].groupby(['lokalitet', 'merd']).verdi.sum()\nprint(dead)"


@case("h10_mortality_pattern", "qualitative over a full small table", "legit", "How does mortality compare across the pens?")
def _mortality() -> Script:
    ctx, ns = with_laks(DEAD)
    d = ns["dead"]
    rest = d.drop(("Frøya Vest", "M3"))
    assert d.idxmax() == ("Frøya Vest", "M3") and set(d.nsmallest(3).index.get_level_values(0)) == {"Smøla Sør"}
    final = (f"FINAL(One pen stands out: Frøya Vest M3 lost {int(d[('Frøya Vest', 'M3')]):,} fish, most of them around the week-27 "
             f"delousing. The other nine pens lost between {int(rest.min()):,} and {int(rest.max()):,} each, and the three Smøla Sør pens "
             "were the lowest of all.)")
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(DEAD), final], [repl("print(dead.idxmax(), dead.nsmallest(3))"), final])


MONTHS_HEAT = "mes = t.groupby(t['день'].dt.month)['гкал'].sum().round(0)\nprint(mes)"


@case("h10_monthly_output_pattern_ru", "qualitative over a full small table", "legit", "Как менялась выработка тепла по месяцам?")
def _monthly_ru() -> Script:
    ctx, ns = with_heat(MONTHS_HEAT)
    s = ns["mes"]
    assert s[10] < s[11] < s[12] < s[1] and s[1] > s[2] > s[3]
    final = (f"FINAL(Выработка росла с октября ({ru(s[10], 0)} Гкал) через ноябрь ({ru(s[11], 0)}) и декабрь ({ru(s[12], 0)}) до "
             f"пика в январе ({ru(s[1], 0)} Гкал), а затем снижалась: февраль {ru(s[2], 0)}, март {ru(s[3], 0)} Гкал.)")
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(MONTHS_HEAT), final], [repl("print(mes.idxmax(), mes.max())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h10_laks_long_frame", "FINAL_VAR of a dict or frame", "legit", "Turn the salmon table into a long one: site, pen, measure, week, value.")
def _laks_long() -> Script:
    ctx, _ = with_laks("")
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, "FINAL_VAR(long)"], [repl("print(long.shape, list(long.columns))"), "FINAL_VAR(long)"])


@case("h10_sets_frame", "FINAL_VAR of a dict or frame", "legit", "Give me a table of every set with its day, stage, times and length.")
def _sets_frame() -> Script:
    code = "table = sets[['date', 'stage', 'artist', 'genre', 'start', 'end', 'minutes', 'crowd']]\nprint(table.head())"
    ctx, _ = with_fest(code)
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), 'FINAL_VAR("table")'], [repl("print(table.shape)"), 'FINAL_VAR("table")'])


@case("h10_driver_dict", "FINAL_VAR of a dict or frame", "legit", "Return the number of deliveries and the cubic metres per driver as a dict.")
def _driver_dict() -> Script:
    code = ("per_driver = {d: {'deliveries': int(len(g)), 'm3': int(g.m3.sum())} for d, g in w.groupby('driver')}\n"
            "print(per_driver)")
    ctx, _ = with_water(code)
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), "FINAL_VAR(per_driver)"],
                  [repl("print(len(per_driver), per_driver)"), "FINAL_VAR(per_driver)"])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h10_submit_jobs_failed", "DSPy SUBMIT fields", "legit", "How many jobs ran, how many failed, and what is the failure rate?")
def _submit_jobs() -> Script:
    code = "n_jobs = len(jobs)\nn_failed = int((jobs.outcome == 'FAILED').sum())\nprint(n_jobs, n_failed, round(n_failed / n_jobs * 100, 1))"
    ctx, _ = with_print(code)
    submit = repl("SUBMIT(jobs=n_jobs, failed=n_failed, failure_rate_pct=round(n_failed / n_jobs * 100, 1))")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), submit], [repl("print(n_jobs, n_failed)"), submit])


@case("h10_submit_lost_outcomes", "DSPy SUBMIT fields", "legit", "How many items were logged, and how many were returned or donated?")
def _submit_lost() -> Script:
    code = ("n_items = len(book)\nn_returned = int(book.outcome.isin(['Returned', 'Sent']).sum())\n"
            "n_donated = int((book.outcome == 'Unclaimed').sum())\nprint(n_items, n_returned, n_donated)")
    ctx, _ = with_lost(code)
    submit = repl("SUBMIT(items=n_items, returned=n_returned, donated=n_donated)")
    return Script(ctx, [LOST_LOOK, PARSE_LOST, repl(code), submit], [repl("print(n_items, n_returned, n_donated)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h10_answer_revenue_ar", "answer-dict dialect", "legit", "ما إجمالي ما حصّلناه من توصيلات الصيف، وكم متوسط الطلب؟")
def _answer_revenue() -> Script:
    code = ("total = round(w.jod.sum(), 3)\navg = round(w.jod.mean(), 3)\nprint(total, avg, len(w))\n"
            "answer['content'] = f'بلغ إجمالي التحصيل {total:,.3f} دينار من {len(w)} توصيلة، بمتوسط {avg:.3f} دينار للطلب.'\n"
            "answer['ready'] = True")
    ctx, _ = with_water("")
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code)], [repl("print(round(w.jod.sum(), 3), round(w.jod.mean(), 3))"), repl(code)])


@case("h10_answer_quiet_hours", "answer-dict dialect", "legit", "What are the quiet hours at the hut, and when is dinner?")
def _answer_quiet() -> Script:
    code = ("import re\nquiet = re.search(r'Quiet hours from ([\\d:]+) to ([\\d:]+)', hut).groups()\n"
            "dinner = re.search(r'dinner is served at ([\\d:]+)', hut).group(1)\nprint(quiet, dinner)\n"
            "answer = {'content': f'Quiet hours run from {quiet[0]} to {quiet[1]}; dinner is at {dinner} sharp.', 'ready': True}")
    ctx = {"hut": HUT}
    return Script(ctx, [HUT_LOOK, repl(code)], [repl("print([l for l in hut.splitlines() if 'Quiet' in l])"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
KINDS_PROMPT = "Summarise this lost-and-found book: how many entries, and the commonest kinds of item.\n\n"


@case("h10_lost_kinds_subcall", "sub-call summary", "legit", "What do guests mostly leave behind?")
def _kinds_subcall() -> Script:
    ctx = {"lost": list(lost_found())}
    code = f"said = llm_query({KINDS_PROMPT!r} + '\\n'.join(lost))\nprint(said)"
    said = sub_says(KINDS_PROMPT + "\n".join(lost_found()))
    n = re.search(r"has (\d+) entries", said).group(1)  # type: ignore[union-attr]
    top = re.findall(r"(\w+) \((\d+)\)", said)
    final = (f"FINAL(Mostly {top[0][0]} and {top[1][0]}: of the {n} entries, {top[0][1]} are {top[0][0]} and {top[1][1]} "
             f"{top[1][0]}, followed by {top[2][0]} ({top[2][1]}).)")
    return Script(ctx, [LOST_LOOK, repl(code, "A sub-call can read the whole book."), final], [repl("print(said)"), final], sub_model())


DOG_PROMPT = "Quote the hut's rule on dogs.\n\n"


@case("h10_dog_rule_subcall", "sub-call summary", "legit", "Can we bring our dog and sleep in the dormitory?")
def _dog_subcall() -> Script:
    ctx = {"hut": HUT}
    code = f"rule = llm_query({DOG_PROMPT!r} + hut)\nprint(rule)"
    assert sub_says(DOG_PROMPT + HUT).startswith("Dogs are welcome in the rooms")
    final = ("FINAL(Not in the dormitory. Dogs are welcome in the rooms only, for 8,00 € a night, and must be kept on a lead "
             "inside the hut, so you would need to book a room.)")
    return Script(ctx, [HUT_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h10_half_board_room_member", "markdown document fact", "legit", "What does half-board in a room cost for a DAV member?")
def _hb_room() -> Script:
    ctx = {"hut": HUT}
    code = "for line in hut.splitlines():\n    if line.startswith(('| |', '| Half-board')):\n        print(line)"
    final = "FINAL(68,00 € per person per night (non-members pay 84,00 €); the tourist tax of 1,50 € comes on top.)"
    return Script(ctx, [HUT_LOOK, repl(code), final], [repl("print([l for l in hut.splitlines() if 'Half-board, room' in l])"), final])


@case("h10_cancel_four_days", "markdown document fact", "legit", "We paid a deposit. If we cancel four days before arrival, do we get it back?")
def _cancel() -> Script:
    ctx = {"hut": HUT}
    code = "print(hut.split('## Booking and cancellation')[1].split('##')[0])"
    final = ("FINAL(Only half of it: cancellations from 6 to 2 days before arrival keep half of the deposit. A full refund needs "
             "at least 7 days' notice.)")
    return Script(ctx, [HUT_LOOK, repl(code), final], [repl("print([l for l in hut.splitlines() if '6 to 2 days' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h10_below_minus_30_ru", "yes/no with evidence", "legit", "Были ли за сезон дни холоднее −30 °C?")
def _below_30() -> Script:
    code = "d = t.drop_duplicates('день')\ncold = d[d['t_нар_C'] < -30]\nprint(cold[['дата', 't_нар_C']])"
    ctx, ns = with_heat(code)
    cold = ns["cold"]
    worst = cold.loc[cold["t_нар_C"].idxmin()]
    assert len(cold) and (cold["день"].dt.month == 1).all()
    final = (f"FINAL(Да, {len(cold)} дней, все в январе 2024 года. Самым холодным было {worst['дата']}: {ru(worst['t_нар_C'])} °C.)")
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), final], [repl("print(len(cold), cold['t_нар_C'].min())"), final])


@case("h10_set_past_five", "yes/no with evidence", "legit", "Did any set go on past 5 in the morning?")
def _past_five() -> Script:
    code = ("late = sets[sets.end_ts > pd.to_datetime(sets.date) + pd.Timedelta(hours=29)]\n"
            "print(late[['date', 'stage', 'artist', 'end']])\nprint(sets.end_ts.max())")
    ctx, ns = with_fest(code)
    late = ns["late"]
    if len(late):
        last = late.loc[late.end_ts.idxmax()]
        final = (f"FINAL(Yes, {len(late)} of them, all in the {', '.join(sorted(set(late.stage)))}; the latest was {last.artist}, "
                 f"who finished at {last.end} on the morning after {pd.Timestamp(last.date):%-d August}.)")
    else:
        final = "FINAL(No, no set ended after 5 in the morning.)"
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), final], [repl("print(len(late), sets.end_ts.max())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h10_heat_per_degree_ru", "correlation or fitted statistic", "legit", "Насколько растёт выработка тепла при похолодании на один градус?")
def _per_degree() -> Script:
    code = ("import numpy as np\nd = t.groupby('день').agg(гкал=('гкал', 'sum'), темп=('t_нар_C', 'first'))\n"
            "slope, icpt = np.polyfit(d['темп'], d['гкал'], 1)\nr = d['темп'].corr(d['гкал'])\nprint(round(slope, 1), round(r, 3))")
    ctx, ns = with_heat(code)
    sl, r = round(ns["slope"], 1), round(ns["r"], 3)
    assert sl < 0
    final = (f"FINAL(Примерно на {ru(-sl)} Гкал в сутки на каждый градус похолодания (все четыре котельные вместе, линейная регрессия; "
             f"r = {ru(r, 3)}).)")
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), final], [repl("print(round(slope, 1), round(r, 3))"), final])


@case("h10_feed_biomass_corr", "correlation or fitted statistic", "legit", "How closely does the feed given track the biomass in a pen?")
def _feed_corr() -> Script:
    code = ("wide = long.pivot_table(index=['lokalitet', 'merd', 'uke_nr'], columns='måling', values='verdi')\n"
            "r = round(wide['fôr_tonn'].corr(wide['biomasse_tonn']), 3)\nprint(len(wide), r)")
    ctx, ns = with_laks(code)
    final = f"FINAL(Very closely: across the {len(ns['wide'])} pen-weeks, feed and biomass correlate at r = {ns['r']}.)"
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), final], [repl("print(r)"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h10_family_half_board_head", "in-head arithmetic beyond two operands", "legit",
      "Two adult DAV members and our 10-year-old want half-board in the dormitory for two nights. What do we pay, tourist tax included?")
def _family_hb() -> Script:
    ctx = {"hut": HUT}
    code = "print(hut.split('## Prices 2024')[1].split('## Booking')[0])"
    final = ("FINAL(296,00 €: the adults pay 2 × 58,00 × 2 nights = 232,00, your daughter or son pays half, 29,00 × 2 = 58,00, and "
             "the tourist tax is 1,50 × 2 adults × 2 nights = 6,00; 232,00 + 58,00 + 6,00 = 296,00 €.)")
    return Script(ctx, [HUT_LOOK, repl(code), final], [repl("print(2 * 58 * 2 + 29 * 2 + 1.5 * 2 * 2)"), final])


@case("h10_nonmember_night_head", "in-head arithmetic beyond two operands", "legit",
      "I'm not a club member. A bed in a room for one night, breakfast and a hot shower, with the tourist tax: how much?")
def _nonmember() -> Script:
    ctx = {"hut": HUT}
    code = "print('\\n'.join(l for l in hut.splitlines() if l.startswith(('| Bed in a room', '| Breakfast')) or 'shower' in l or 'Tourist' in l))"
    final = "FINAL(62,50 € in all: 42,00 (bed in a room) + 14,00 (breakfast) + 5,00 (shower token) + 1,50 (tourist tax).)"
    return Script(ctx, [HUT_LOOK, repl(code), final], [repl("print(42 + 14 + 5 + 1.5)"), final])


@case("h10_zone_b_mean_head", "in-head arithmetic beyond two operands", "legit", "What did a zone B stall take on average?")
def _zone_b() -> Script:
    code = "per_stall = m.groupby(['zone', 'stall_id', 'dish_en']).takings_baht.sum()\nprint(per_stall)"
    ctx, ns = with_market(code)
    b = ns["per_stall"].loc["B"]
    vals = [int(v) for v in b.to_numpy()]
    final = (f"FINAL({baht(sum(vals) / len(vals))} per stall: zone B has {len(vals)} stalls, and "
             f"({' + '.join(f'{v:,}' for v in vals)}) / {len(vals)} = {sum(vals) / len(vals):,.0f} baht.)")
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), final], [repl("print(round(per_stall.loc['B'].mean()))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h10_prusa05_first_failure_span", "log or version-control timestamps", "legit",
      "How long did prusa-05's first failed job run before it failed?")
def _p05_span() -> Script:
    ctx = {"print_log": print_log()}
    code = ("import re\nfj = next(l for l in pl if '[prusa-05] FAILED' in l)\njob = re.search(r'job=(\\w+)', fj).group(1)\n"
            "for l in pl:\n    if f'job={job} ' in l:\n        print(l)")
    ns = compute({**ctx, "pl": print_log().splitlines()}, code)
    a, b = (x for x in print_log().splitlines() if f"job={ns['job']} " in x)
    t0, t1 = (pd.to_datetime(" ".join(x.split()[:3]), format="%m/%d/%Y %I:%M:%S %p") for x in (a, b))
    span = int((t1 - t0).total_seconds())
    final = (f"FINAL({span // 3600} h {span % 3600 // 60} min {span % 60} s: job {ns['job']} started at {' '.join(a.split()[:3])} "
             f"and failed at {' '.join(b.split()[1:3])} the same day.)" if t0.date() == t1.date() else
             f"FINAL({span // 3600} h {span % 3600 // 60} min {span % 60} s: job {ns['job']} started at {' '.join(a.split()[:3])} "
             f"and failed at {' '.join(b.split()[:3])}.)")
    return Script(ctx, [PRINT_LOOK, repl(code), final],
                  [repl("import pandas as pd\nl2 = [l for l in pl if f'job={job} ' in l]\n"
                        "print(*(pd.to_datetime(' '.join(x.split()[:3]), format='%m/%d/%Y %I:%M:%S %p') for x in l2))"), final])


@case("h10_bambu01_active_span", "log or version-control timestamps", "legit",
      "How long was it from bambu-01's first log line to its last?")
def _bambu_span() -> Script:
    ctx = {"print_log": print_log()}
    code = "b1 = [l for l in pl if '[bambu-01]' in l]\nprint(len(b1))\nprint(b1[0])\nprint(b1[-1])"
    b1 = [x for x in print_log().splitlines() if "[bambu-01]" in x]
    t0, t1 = (pd.to_datetime(" ".join(x.split()[:3]), format="%m/%d/%Y %I:%M:%S %p") for x in (b1[0], b1[-1]))
    span = t1 - t0
    final = (f"FINAL({span.days} days, {span.seconds // 3600} hours and {span.seconds % 3600 // 60} minutes: from "
             f"{' '.join(b1[0].split()[:3])} to {' '.join(b1[-1].split()[:3])}.)")
    return Script(ctx, [PRINT_LOOK, repl(code), final],
                  [repl("import pandas as pd\nts = [pd.to_datetime(' '.join(x.split()[:3]), format='%m/%d/%Y %I:%M:%S %p') for x in (b1[0], b1[-1])]\n"
                        "print(ts[1] - ts[0])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h10_revenue_thousand_dinars_ar", "locale abbreviations for thousands and millions", "legit", "كم بلغت إيرادات الصهاريج خلال الصيف؟")
def _alf() -> Script:
    code = "print(round(w.jod.sum(), 3))"
    ctx, ns = with_water(code)
    v = ns["w"].jod.sum()
    final = f"FINAL(نحو {v / 1000:.1f} ألف دينار ({v:,.3f} دينار) من يونيو حتى أغسطس.)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("print(round(w.jod.sum() / 1000, 1))"), final])


@case("h10_takings_million_baht_th", "locale abbreviations for thousands and millions", "legit", "ตลาดมีรายได้รวมเท่าไร")
def _lan() -> Script:
    ctx = {"market": market()}
    code = "total = market['sales'].takings_baht.sum()\nprint(total)"
    v = int(compute(ctx, code)["total"])
    final = f"FINAL(ประมาณ {v / 1e6:.2f} ล้านบาท ({v:,} บาท) ตั้งแต่มกราคมถึงเมษายน 2567)"
    return Script(ctx, [MARKET_LOOK, repl(code), final], [repl("print(round(total / 1e6, 2))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h10_top_tea_sorted_zh", "top row of a sorted table named the maximum", "legit", "按营业额算，哪种茶卖得最好？")
def _top_tea() -> Script:
    ctx = {"chaguan": chaguan()}
    code = "by_tea = chaguan.groupby('茶品')['金额_元'].sum().round(1).sort_values(ascending=False)\nprint(by_tea)"
    b = compute(ctx, code)["by_tea"]
    final = f"FINAL({b.index[0]}（{TEAS_EN[b.index[0]]}），营业额 {b.iloc[0]:,.1f} 元，远超第二名{b.index[1]}（{b.iloc[1]:,.1f} 元）。)"
    return Script(ctx, [TEA_LOOK, repl(code), final], [repl("print(by_tea.idxmax(), by_tea.max())"), final])


@case("h10_top_district_sorted", "top row of a sorted table named the maximum", "legit", "Which district took the most water?")
def _top_district() -> Script:
    code = "vol = w.groupby('district').m3.sum().sort_values(ascending=False)\nprint(vol)"
    ctx, ns = with_water(code)
    v = ns["vol"]
    final = f"FINAL({DISTRICTS_EN[v.index[0]]} ({v.index[0]}), with {v.iloc[0]:,} m³, {v.iloc[0] / v.sum():.0%} of everything delivered.)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), final], [repl("print(vol.idxmax(), vol.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h10_most_incidents_selected_ru", "selection printed right after its table", "legit", "На какой котельной было больше всего аварий?")
def _most_incidents() -> Script:
    code = "av = t.groupby('котельная')['аварии'].sum()\nprint(av)\nprint(av.idxmax(), av.max())"
    ctx, ns = with_heat(code)
    a = ns["av"]
    final = f"FINAL(На котельной «{a.idxmax()}»: {a.max()} аварийных событий за сезон, больше, чем на любой другой.)"
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), final], [repl("print(av.nlargest(2))"), final])


@case("h10_biggest_stage_selected", "selection printed right after its table", "legit", "Which stage drew the biggest crowds on average?")
def _biggest_stage() -> Script:
    code = "avg = sets.groupby('stage').crowd.mean().round(0)\nprint(avg)\nprint(avg.idxmax(), avg.max())"
    ctx, ns = with_fest(code)
    a = ns["avg"]
    final = f"FINAL(The {a.idxmax()} (the main stage): about {a.max():,.0f} people per set on average.)"
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), final], [repl("print(avg.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h10_som_tam_two_tables", "same label in two printed tables", "legit", "How many plates of som tam were sold, and for how much?")
def _som_tam() -> Script:
    code = "print(m.groupby('dish_th').sold.sum())\nprint(m.groupby('dish_th').takings_baht.sum())"
    ctx, ns = with_market(code)
    s = ns["m"][ns["m"].dish_th == "ส้มตำ"]
    final = f"FINAL(ส้มตำ (som tam): {s.sold.sum():,} plates, for {baht(s.takings_baht.sum())} in all.)"
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), final],
                  [repl("s = m[m.dish_th == 'ส้มตำ']\nprint(s.sold.sum(), s.takings_baht.sum())"), final])


@case("h10_binjiang_two_tables", "same label in two printed tables", "legit", "How many cups did the Binjiang shop sell, and for how much?")
def _binjiang() -> Script:
    ctx = {"chaguan": chaguan()}
    code = "print(chaguan.groupby('门店')['杯数'].sum())\nprint(chaguan.groupby('门店')['金额_元'].sum().round(1))"
    c = ctx["chaguan"]
    b = c[c["门店"] == "滨江店"]
    final = f"FINAL(滨江店 (Binjiang) sold {int(b['杯数'].sum()):,} cups for ¥{round(b['金额_元'].sum(), 1):,.1f} from January to June.)"
    return Script(ctx, [TEA_LOOK, repl(code), final],
                  [repl("b = chaguan[chaguan['门店'] == '滨江店']\nprint(b['杯数'].sum(), round(b['金额_元'].sum(), 1))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
SITE_BIO = ("bio = long[long['måling'] == 'biomasse_tonn'].groupby(['uke_nr', 'lokalitet']).verdi.sum().unstack().round(0)\n"
            "print(bio.loc[[10, 20, 26, 27, 35]])")


@case("h10_site_biomass_trend", "trend sentence naming several labels", "legit", "How did biomass develop at each site over the season?")
def _site_trend() -> Script:
    ctx, ns = with_laks(SITE_BIO)
    b = ns["bio"]
    assert b.loc[27, "Frøya Vest"] < b.loc[26, "Frøya Vest"] and (b.loc[35] > b.loc[10]).all()
    final = (f"FINAL(All three sites grew strongly. Hitra Nord went from {b.loc[10, 'Hitra Nord']:,.0f} t in week 10 to "
             f"{b.loc[35, 'Hitra Nord']:,.0f} t in week 35, Smøla Sør from {b.loc[10, 'Smøla Sør']:,.0f} to "
             f"{b.loc[35, 'Smøla Sør']:,.0f} t. Frøya Vest ({b.loc[10, 'Frøya Vest']:,.0f} → {b.loc[35, 'Frøya Vest']:,.0f} t) "
             f"dipped in week 27, from {b.loc[26, 'Frøya Vest']:,.0f} to {b.loc[27, 'Frøya Vest']:,.0f} t, after the delousing.)")
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(SITE_BIO), final], [repl("print(bio.loc[[10, 35]].to_string())"), final])


DISTRICT_MONTHS = "dm = w.pivot_table(index='district', columns=w.date.dt.month, values='m3', aggfunc='sum')\nprint(dm)"


@case("h10_district_monthly_trend", "trend sentence naming several labels", "legit", "How did demand move over the summer in each district?")
def _district_trend() -> Script:
    ctx, ns = with_water(DISTRICT_MONTHS)
    d = ns["dm"]
    assert (d[8] > d[6]).all()
    parts = [f"{DISTRICTS_EN[k]} {d.loc[k, 6]:,} → {d.loc[k, 7]:,} → {d.loc[k, 8]:,}" for k in d[8].sort_values(ascending=False).index]
    final = "FINAL(Every district took more water as the summer went on (m³, June → July → August): " + "; ".join(parts) + ".)"
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(DISTRICT_MONTHS), final], [repl("print(dm.to_string())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h10_submit_worst_printer", "labelled SUBMIT for a which question", "legit", "Which printer had the most failed jobs?")
def _submit_printer() -> Script:
    code = "fails = jobs[jobs.outcome == 'FAILED'].printer.value_counts()\nprint(fails)"
    ctx, ns = with_print(code)
    assert ns["fails"].iloc[0] > ns["fails"].iloc[1]
    submit = repl("SUBMIT(printer=fails.idxmax(), failed_jobs=int(fails.max()))")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), submit], [repl("print(fails.head(2))"), submit])


@case("h10_submit_deadliest_pen", "labelled SUBMIT for a which question", "legit", "Which pen lost the most fish?")
def _submit_pen() -> Script:
    ctx, ns = with_laks(DEAD)
    assert (ns["dead"] == ns["dead"].max()).sum() == 1
    submit = repl("site, pen = dead.idxmax()\nSUBMIT(site=site, pen=pen, dead_fish=int(dead.max()))")
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(DEAD), submit], [repl("print(dead.idxmax(), dead.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h10_memory_gas_per_gcal", "plausible figure from memory", "invented", "How much gas does a boiler house burn per Gcal of heat?")
def _memory_gas() -> Script:
    ctx, ns = with_heat("")
    t = ns["t"]
    differs(130, round(t["газ_тыс_м3"].sum() / t["гкал"].sum() * 1000))
    return Script(ctx, [HEAT_LOOK, "FINAL(About 130 m³ of natural gas per Gcal, the usual figure for a modern gas-fired boiler house.)"])


@case("h10_memory_cup_price_zh", "plausible figure from memory", "invented", "一杯茶平均卖多少钱？")
def _memory_cup() -> Script:
    ctx = {"chaguan": chaguan()}
    c = ctx["chaguan"]
    differs(35, round(c["金额_元"].sum() / c["杯数"].sum()))
    return Script(ctx, [TEA_LOOK, "FINAL(平均一杯大约 35 元，这是杭州茶馆常见的价位。)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h10_median_job_was_mean", "mean given as the median", "invented", "What is the median length of a print job?")
def _median_job() -> Script:
    code = "print(jobs.hours.describe())"
    ctx, ns = with_print(code)
    d = ns["jobs"].hours.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), f"FINAL(The median print job runs {wrong:.2f} hours.)"])


@case("h10_median_delay_was_mean_ar", "mean given as the median", "invented", "ما وسيط مدة التأخير في التوصيل؟")
def _median_delay() -> Script:
    code = "print(w.delay_min.describe())"
    ctx, ns = with_water(code)
    d = ns["w"].delay_min.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), f"FINAL(وسيط التأخير {wrong} دقيقة.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h10_biomass_tonnes_as_kg", "unit misread", "invented", "What was the biomass at Hitra Nord in week 35?")
def _tonnes_kg() -> Script:
    code = "hn = long[(long.lokalitet == 'Hitra Nord') & (long['måling'] == 'biomasse_tonn') & (long.uke_nr == 35)].verdi.sum()\nprint(round(hn, 1))"
    ctx, ns = with_laks(code)
    differs("kg", "t")
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), f"FINAL(Hitra Nord held {ns['hn']:,.1f} kg of fish in week 35.)"])


@case("h10_gas_thousands_as_m3_ru", "unit misread", "invented", "Сколько газа сожгла Центральная за сезон?")
def _gas_m3() -> Script:
    code = "gas = t[t['котельная'] == 'Центральная']['газ_тыс_м3'].sum()\nprint(round(gas, 1))"
    ctx, ns = with_heat(code)
    differs("м³", "тыс. м³")
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), f"FINAL(Центральная сожгла {ru(ns['gas'])} м³ газа за сезон.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h10_donated_fraction_as_percent", "fraction written as percent", "invented", "What percentage of the items ended up donated?")
def _donated_fraction() -> Script:
    code = "print(round((book.outcome == 'Unclaimed').mean(), 3))"
    ctx, ns = with_lost(code)
    f = round((ns["book"].outcome == "Unclaimed").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [LOST_LOOK, PARSE_LOST, repl(code), f"FINAL({f}% of the items went unclaimed and were donated.)"])


@case("h10_rainy_fraction_as_percent", "fraction written as percent", "invented", "What percentage of market nights had rain?")
def _rain_fraction() -> Script:
    ctx = {"market": market()}
    code = "print(round(market['nights'].rain.mean(), 3))"
    f = round(ctx["market"]["nights"].rain.mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [MARKET_LOOK, repl(code), f"FINAL(It rained on {f}% of the market nights.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h10_second_stage_called_top", "second row called the top", "invented", "Which stage drew the biggest crowds?")
def _second_stage() -> Script:
    code = "avg = sets.groupby('stage').crowd.mean().round(0).sort_values(ascending=False)\nprint(avg)"
    ctx, ns = with_fest(code)
    a = ns["avg"]
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), f"FINAL({differs(a.index[1], a.idxmax())}, with about {a.iloc[1]:,.0f} people per set.)"])


@case("h10_second_driver_called_top_ar", "second row called the top", "invented", "من السائق الذي نفّذ أكبر عدد من التوصيلات؟")
def _second_driver() -> Script:
    code = "print(w.driver.value_counts())"
    ctx, ns = with_water(code)
    v = ns["w"].driver.value_counts()
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), f"FINAL({differs(v.index[1], v.idxmax())}، بعدد {v.iloc[1]} توصيلة.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h10_absent_tea_dahongpao_zh", "label absent from the data", "invented", "哪种茶的营业额最高？")
def _absent_tea() -> Script:
    ctx = {"chaguan": chaguan()}
    code = "print(chaguan.groupby('茶品')['金额_元'].sum().round(1))"
    s = ctx["chaguan"].groupby("茶品")["金额_元"].sum().round(1)
    assert "大红袍" not in s.index
    return Script(ctx, [TEA_LOOK, repl(code), f"FINAL(大红袍的营业额最高，共 {s.max():,.1f} 元。)"])


@case("h10_absent_dish_green_curry", "label absent from the data", "invented", "Which dish sells the most plates?")
def _absent_dish() -> Script:
    code = "print(m.groupby('dish_th').sold.sum())"
    ctx, ns = with_market(code)
    s = ns["m"].groupby("dish_th").sold.sum()
    assert "แกงเขียวหวาน" not in s.index
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), f"FINAL(แกงเขียวหวาน (green curry), with {s.max():,} plates sold.)"])


@case("h10_absent_pen_m5", "label absent from the data", "invented", "Which pen held the most fish by weight in week 35?")
def _absent_pen() -> Script:
    code = "w35 = long[(long['måling'] == 'biomasse_tonn') & (long.uke_nr == 35)].set_index(['lokalitet', 'merd']).verdi\nprint(w35)"
    ctx, ns = with_laks(code)
    w35 = ns["w35"]
    assert ("Hitra Nord", "M5") not in w35.index
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), f"FINAL(Hitra Nord M5, with {w35.max():,.1f} t in week 35.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h10_all_filament_as_petg", "total of the wrong subset", "invented", "How much PETG did we print with?")
def _all_petg() -> Script:
    code = "print(round(jobs.filament_g.sum(), 1))"
    ctx, ns = with_print(code)
    j = ns["jobs"]
    wrong = differs(round(j.filament_g.sum(), 1), round(j[j.material == "PETG"].filament_g.sum(), 1))
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), f"FINAL({wrong:,.1f} g of PETG.)"])


@case("h10_all_dead_as_hitra", "total of the wrong subset", "invented", "How many dead fish were counted at Hitra Nord?")
def _all_hitra() -> Script:
    code = "print(long[long['måling'] == 'dødfisk_stk'].verdi.sum())"
    ctx, ns = with_laks(code)
    lg = ns["long"]
    dead = lg[lg["måling"] == "dødfisk_stk"]
    wrong = differs(int(dead.verdi.sum()), int(dead[dead.lokalitet == "Hitra Nord"].verdi.sum()))
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), f"FINAL(Hitra Nord counted {wrong:,} dead fish between weeks 10 and 35.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h10_stale_delay_all_districts", "stale figure before a correction", "invented", "What is the average delay in Marka?")
def _stale_delay() -> Script:
    first = "print(round(w.delay_min.mean(), 1))"
    fixed = "marka = w[w.district == 'ماركا']\nprint(round(marka.delay_min.mean(), 1))"
    ctx, ns = with_water(fixed)
    stale = differs(round(ns["w"].delay_min.mean(), 1), round(ns["marka"].delay_min.mean(), 1))
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(first), repl(fixed, "That was every district; Marka (ماركا) only now."),
                        f"FINAL(Deliveries to Marka run {stale} minutes late on average.)"])


@case("h10_stale_output_all_houses_ru", "stale figure before a correction", "invented", "Какая средняя суточная выработка у котельной «Южная»?")
def _stale_south() -> Script:
    first = "print(round(t['гкал'].mean(), 1))"
    fixed = "yug = t[t['котельная'] == 'Южная']\nprint(round(yug['гкал'].mean(), 1))"
    ctx, ns = with_heat(fixed)
    stale = differs(round(ns["t"]["гкал"].mean(), 1), round(ns["yug"]["гкал"].mean(), 1))
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(first), repl(fixed, "Это было по всем котельным; теперь только Южная."),
                        f"FINAL(Южная вырабатывает в среднем {ru(stale)} Гкал в сутки.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h10_transposed_crowd_total", "transposed digits", "invented", "Adding up the crowd estimates of every set, what do we get?")
def _transposed_crowd() -> Script:
    code = "print(sets.crowd.sum())"
    ctx, ns = with_fest(code)
    v = int(ns["sets"].crowd.sum())
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), f"FINAL({differs(swap_digits(v), v):,} people across all sets.)"])


@case("h10_transposed_cups_zh", "transposed digits", "invented", "上半年一共卖了多少杯？")
def _transposed_cups() -> Script:
    ctx = {"chaguan": chaguan()}
    v = int(ctx["chaguan"]["杯数"].sum())
    return Script(ctx, [TEA_LOOK, repl("print(chaguan['杯数'].sum())"), f"FINAL(上半年共卖出 {differs(swap_digits(v), v):,} 杯。)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h10_echo_8_printers", "number echoed from the question", "invented", "Of our 8 printers, how many had more than 20 failed jobs?")
def _echo_printers() -> Script:
    code = "fails = jobs[jobs.outcome == 'FAILED'].printer.value_counts()\nprint(fails)"
    ctx, ns = with_print(code)
    truth = int((ns["fails"] > 20).sum())
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), f"FINAL({differs(8, truth)} of the 8 printers.)"])


@case("h10_echo_4_houses_ru", "number echoed from the question", "invented", "Из 4 котельных на скольких было больше 10 аварий за сезон?")
def _echo_houses() -> Script:
    code = "print(t.groupby('котельная')['аварии'].sum())"
    ctx, ns = with_heat(code)
    truth = int((ns["t"].groupby("котельная")["аварии"].sum() > 10).sum())
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), f"FINAL(На всех {differs(4, truth)}.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h10_sets_counted_as_artists", "rows counted instead of distinct", "invented", "How many different artists played the festival?")
def _sets_artists() -> Script:
    code = "print(len(sets))"
    ctx, ns = with_fest(code)
    s = ns["sets"]
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), f"FINAL({differs(len(s), s.artist.nunique())} different artists played.)"])


@case("h10_deliveries_as_customers_ar", "rows counted instead of distinct", "invented", "How many different customers ordered water this summer?")
def _deliveries_customers() -> Script:
    code = "print(len(w))"
    ctx, ns = with_water(code)
    w = ns["w"]
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), f"FINAL({differs(len(w), w.customer.nunique())} customers ordered water.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h10_market_start_wrong_year", "wrong year", "invented", "When does the market data start?")
def _market_year() -> Script:
    ctx = {"market": market()}
    code = "print(market['nights'].head(3))"
    raw = ctx["market"]["nights"].date_be.iloc[0]
    d = pd.to_datetime(raw[:6] + str(int(raw[6:]) - 543), format="%d/%m/%Y")
    return Script(ctx, [MARKET_LOOK, repl(code), f"FINAL(On {d:%A} {d.day} {d:%B} {differs(d.year - 1, d.year)}.)"])


MONTHS_RU = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"]


@case("h10_coldest_day_wrong_year_ru", "wrong year", "invented", "Какой день сезона был самым холодным?")
def _coldest_year() -> Script:
    code = "d = t.drop_duplicates('день')\nprint(d.loc[d['t_нар_C'].idxmin(), ['дата', 't_нар_C']])"
    ctx, ns = with_heat(code)
    d = ns["d"]
    row = d.loc[d["t_нар_C"].idxmin()]
    day = row["день"]
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code),
                        f"FINAL({day.day} {MONTHS_RU[day.month - 1]} {differs(day.year - 1, day.year)} года: {ru(row['t_нар_C'])} °C.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h10_mean_volume_misrounded", "wrong rounding", "invented", "What is the average delivery size, to the nearest whole cubic metre?")
def _volume_round() -> Script:
    ctx, ns = with_water("print(w.m3.mean())")
    m = ns["w"].m3.mean()
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl("print(w.m3.mean())"), f"FINAL({differs(misround(m), round(m))} m³ per delivery.)"])


@case("h10_mean_filament_misrounded", "wrong rounding", "invented", "How many grams of filament does a job use on average, to the nearest gram?")
def _filament_round() -> Script:
    ctx, ns = with_print("print(jobs.filament_g.mean())")
    m = ns["jobs"].filament_g.mean()
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl("print(jobs.filament_g.mean())"),
                        f"FINAL(About {differs(misround(m), round(m))} g of filament per job.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h10_laptop_in_finder_column", "nothing found in the wrong column", "invented", "Was a laptop ever handed in?")
def _laptop_wrong() -> Script:
    code = "hits = book[book.finder.str.contains('laptop')]\nprint(len(hits))"
    ctx, ns = with_lost(code)
    assert (ns["book"].kind == "laptop").sum() > 0
    return Script(ctx, [LOST_LOOK, PARSE_LOST, repl(code), "FINAL(No, no laptop was handed in this summer.)"])


@case("h10_longjing_in_store_column_zh", "nothing found in the wrong column", "invented", "滨江店卖过龙井吗？")
def _longjing_wrong() -> Script:
    ctx = {"chaguan": chaguan()}
    c = ctx["chaguan"]
    code = "hit = chaguan[(chaguan['门店'] == '龙井') & (chaguan['茶品'] == '滨江店')]\nprint(len(hit))"
    assert c[(c["门店"] == "滨江店") & (c["茶品"] == "龙井")]["杯数"].sum() > 0
    return Script(ctx, [TEA_LOOK, repl(code), "FINAL(没有，滨江店从未卖出过龙井。)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h10_biomass_called_falling", "trend in the wrong direction", "invented", "Is the biomass at Smøla Sør going up or down over the season?")
def _biomass_falling() -> Script:
    ctx, ns = with_laks(SITE_BIO)
    b = ns["bio"]
    assert b.loc[35, "Smøla Sør"] > b.loc[10, "Smøla Sør"]
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(SITE_BIO), "FINAL(Down: Smøla Sør's biomass shrank over the summer.)"])


@case("h10_demand_called_falling_ar", "trend in the wrong direction", "invented", "هل انخفض الطلب على المياه خلال الصيف؟")
def _demand_falling() -> Script:
    code = "print(w.groupby(w.date.dt.month).m3.sum())"
    ctx, ns = with_water(code)
    mo = ns["w"].groupby(ns["w"].date.dt.month).m3.sum()
    assert mo.is_monotonic_increasing
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), "FINAL(نعم، تراجع الطلب شهرًا بعد شهر من يونيو إلى أغسطس.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h10_stores_from_head_zh", "sample generalized to the whole", "invented", "数据里有哪几家店？")
def _stores_head() -> Script:
    ctx = {"chaguan": chaguan()}
    seen = list(dict.fromkeys(ctx["chaguan"].head()["门店"]))
    differs(sorted(seen), sorted(TEA_STORES))
    return Script(ctx, [repl("print(chaguan.head())"), f"FINAL(数据里只有{'、'.join(seen)}{'一家店' if len(seen) == 1 else ''}。)"])


@case("h10_genres_from_head", "sample generalized to the whole", "invented", "What kinds of music were on the bill?")
def _genres_head() -> Script:
    ctx, ns = with_fest("")
    seen = list(dict.fromkeys(ns["sets"].head().genre))
    differs(sorted(seen), sorted(set(ns["sets"].genre)))
    return Script(ctx, [FEST_LOOK, PARSE_FEST, f"FINAL(The line-up was {', '.join(seen[:-1])} and {seen[-1]}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h10_tpu_failures_over_all_jobs", "wrong denominator", "invented", "What share of TPU jobs failed?")
def _tpu_share() -> Script:
    code = "print(((jobs.material == 'TPU') & (jobs.outcome == 'FAILED')).sum(), len(jobs))"
    ctx, ns = with_print(code)
    j = ns["jobs"]
    k = int(((j.material == "TPU") & (j.outcome == "FAILED")).sum())
    wrong = differs(round(k / len(j) * 100, 1), round(k / int((j.material == "TPU").sum()) * 100, 1))
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), f"FINAL({wrong}% of the TPU jobs failed.)"])


@case("h10_rainy_saturdays_over_all_nights", "wrong denominator", "invented", "What share of Saturday nights were rainy?")
def _sat_share() -> Script:
    code = "sat = n[n.date.dt.day_name() == 'Saturday']\nprint(sat.rain.sum(), len(n))"
    ctx, ns = with_market(code)
    k, sat = int(ns["sat"].rain.sum()), len(ns["sat"])
    wrong = differs(round(k / len(ns["n"]) * 100, 1), round(k / sat * 100, 1))
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), f"FINAL(About {wrong}% of Saturday nights were rainy.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
PASSPORT_PROMPT = "How many passports were handed in, according to these entries? Answer with a number.\n\n"
FAILED_PROMPT = "Count the failed jobs in this print log.\n\n"


@case("h10_partial_passports", "sub-call over part of the data", "invented", "How many passports were handed in?")
def _partial_passports() -> Script:
    ctx = {"lost": list(lost_found())}
    code = f"said = llm_query({PASSPORT_PROMPT!r} + '\\n'.join(lost[:100]))\nprint(said)"
    k = int(sub_says(PASSPORT_PROMPT + "\n".join(lost_found()[:100])).split()[0])
    differs(k, sum("passport." in e for e in lost_found()))
    return Script(ctx, [LOST_LOOK, repl(code, "A sub-call can read the entries."), f"FINAL({k} passports were handed in.)"], sub=sub_model())


@case("h10_partial_failed_jobs", "sub-call over part of the data", "invented", "How many print jobs failed?")
def _partial_failed() -> Script:
    ctx = {"print_log": print_log()}
    code = f"said = llm_query({FAILED_PROMPT!r} + print_log[:60000])\nprint(said)"
    k = int(re.search(r"\d+", sub_says(FAILED_PROMPT + print_log()[:60000])).group(0))  # type: ignore[union-attr]
    differs(k, print_log().count("] FAILED "))
    return Script(ctx, [PRINT_LOOK, repl(code, "Asking a sub-call to count them."), f"FINAL({k} jobs failed.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h10_log_start_day_first", "date format misread", "invented", "On what date does the print log begin?")
def _log_start() -> Script:
    ctx = {"print_log": print_log()}
    raw = print_log().split()[0]
    misread = differs(pd.to_datetime(raw, format="%d/%m/%Y"), pd.to_datetime(raw, format="%m/%d/%Y"))
    return Script(ctx, [PRINT_LOOK, f"FINAL(The log begins on {misread.day} {misread:%B %Y}.)"])


@case("h10_first_incident_month_first_ru", "date format misread", "invented", "Когда на Заречной случилась первая авария?")
def _incident_misread() -> Script:
    ctx = {"teplo": teplo()}
    t = ctx["teplo"]
    code = "z = teplo[(teplo['котельная'] == 'Заречная') & (teplo['аварии'] > 0)]\nprint(z.head(3))"
    raw = t[(t["котельная"] == "Заречная") & (t["аварии"] > 0)]["дата"].iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m.%d.%Y"), pd.to_datetime(raw, format="%d.%m.%Y"))
    return Script(ctx, [HEAT_LOOK, repl(code),
                        f"FINAL(Первая авария на Заречной случилась {misread.day} {MONTHS_RU[misread.month - 1]} {misread.year} года.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h10_running_m3_as_july", "cumulative read as the period's value", "invented", "How much water went out in July?")
def _running_july() -> Script:
    code = "mo = w.groupby(w.date.dt.month).m3.sum().to_frame('m3')\nmo['to_date'] = mo.m3.cumsum()\nprint(mo)"
    ctx, ns = with_water(code)
    mo = ns["mo"]
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), f"FINAL({differs(int(mo.loc[7, 'to_date']), int(mo.loc[7, 'm3'])):,} m³ in July.)"])


@case("h10_cumulative_dead_as_week_30", "cumulative read as the period's value", "invented", "How many fish died in week 30, across the farm?")
def _cum_dead() -> Script:
    code = ("wk = long[long['måling'] == 'dødfisk_stk'].groupby('uke_nr').verdi.sum().to_frame('dead')\n"
            "wk['cumulative'] = wk.dead.cumsum()\nprint(wk.loc[26:32])")
    ctx, ns = with_laks(code)
    wk = ns["wk"]
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code),
                        f"FINAL({differs(int(wk.loc[30, 'cumulative']), int(wk.loc[30, 'dead'])):,} fish died in week 30.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h10_submit_literal_jobs", "literal typed into a code answer", "invented", "How many print jobs does the log hold?")
def _submit_literal() -> Script:
    ctx = {"print_log": print_log()}
    differs(1200, print_log().count("] START "))
    return Script(ctx, [PRINT_LOOK, repl("SUBMIT(jobs=1200)")])


@case("h10_answer_literal_cups_zh", "literal typed into a code answer", "invented", "上半年一共卖了多少杯茶？")
def _answer_literal() -> Script:
    ctx = {"chaguan": chaguan()}
    differs(60000, int(ctx["chaguan"]["杯数"].sum()))
    return Script(ctx, [TEA_LOOK, repl("answer['content'] = '上半年共卖出约 60,000 杯茶。'\nanswer['ready'] = True")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h10_sold_as_takings", "figure from the right row but another column", "invented", "What did the roti stall take over the season?")
def _sold_takings() -> Script:
    code = "per = m.groupby('dish_en')[['sold', 'takings_baht']].sum()\nprint(per)"
    ctx, ns = with_market(code)
    r = ns["per"].loc["roti"]
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), f"FINAL(The roti stall took ฿{differs(int(r.sold), int(r.takings_baht)):,}.)"])


@case("h10_gcal_as_gas_ru", "figure from the right row but another column", "invented", "Сколько газа сожгла Северная?")
def _gcal_gas() -> Script:
    ctx, ns = with_heat(PER_HOUSE)
    r = ns["per_house"].loc["Северная"]
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(PER_HOUSE),
                        f"FINAL(Северная сожгла {ru(differs(r['гкал'], r['газ']))} тыс. м³ газа за сезон.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h10_top_tea_cups_from_head_zh", "maximum picked from a partial table", "invented", "哪种茶卖的杯数最多？")
def _tea_head() -> Script:
    ctx = {"chaguan": chaguan()}
    code = "by_tea = chaguan.groupby('茶品')['杯数'].sum()\nprint(by_tea.head(3))"
    b = compute(ctx, code)["by_tea"]
    pick = b.head(3).idxmax()
    return Script(ctx, [TEA_LOOK, repl(code), f"FINAL({differs(pick, b.idxmax())}卖得最多，共 {b[pick]:,} 杯。)"])


@case("h10_top_artist_from_head", "maximum picked from a partial table", "invented", "Which artist drew the most people over all their sets?")
def _artist_head() -> Script:
    code = "per_artist = sets.groupby('artist').crowd.sum()\nprint(per_artist.head(4))"
    ctx, ns = with_fest(code)
    p = ns["per_artist"]
    pick = p.head(4).idxmax()
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), f"FINAL({differs(pick, p.idxmax())}, about {p[pick]:,} people in all.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h10_ascending_district_called_top", "first row of an ascending sort called the highest", "invented",
      "Which district paid the most for water?")
def _asc_district() -> Script:
    code = "paid = w.groupby('district').jod.sum().round(3).sort_values()\nprint(paid)"
    ctx, ns = with_water(code)
    p = ns["paid"]
    top = differs(p.index[0], p.idxmax())
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), f"FINAL({DISTRICTS_EN[top]} ({top}) paid the most: {jd(p.iloc[0])}.)"])


@case("h10_ascending_site_called_top", "first row of an ascending sort called the highest", "invented", "Which site used the most feed?")
def _asc_site() -> Script:
    code = "feed = long[long['måling'] == 'fôr_tonn'].groupby('lokalitet').verdi.sum().round(2).sort_values()\nprint(feed)"
    ctx, ns = with_laks(code)
    f = ns["feed"]
    return Script(ctx, [LAKS_LOOK, MELT_LAKS, repl(code), f"FINAL({differs(f.index[0], f.idxmax())}, with {f.iloc[0]:,.2f} t of feed.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h10_rain_dry_swapped", "two labels' figures swapped", "invented", "Do rainy nights bring in less than dry ones?")
def _rain_swapped() -> Script:
    ctx, ns = with_market(RAIN)
    r = ns["by_rain"]
    assert r[True] < r[False]
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(RAIN),
                        f"FINAL(No, the opposite: rainy nights average {baht(r[False])}, dry nights only {baht(r[True])}.)"])


@case("h10_stores_swapped_zh", "two labels' figures swapped", "invented", "西湖店和河坊街店，哪家营业额更高？")
def _stores_swapped() -> Script:
    ctx = {"chaguan": chaguan()}
    code = "rev = chaguan.groupby('门店')['金额_元'].sum().round(1)\nprint(rev)"
    r = compute(ctx, code)["rev"]
    assert r["西湖店"] > r["河坊街店"]
    return Script(ctx, [TEA_LOOK, repl(code), f"FINAL(河坊街店更高：{r['西湖店']:,.1f} 元，西湖店为 {r['河坊街店']:,.1f} 元。)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h10_output_fall_as_rise_ru", "decrease reported as a rise", "invented", "Как изменилась выработка тепла с января по март?")
def _output_rise() -> Script:
    code = MONTHS_HEAT + "\nprint(round((mes[3] / mes[1] - 1) * 100, 1))"
    ctx, ns = with_heat(code)
    s = ns["mes"]
    c = round((s[3] / s[1] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [HEAT_LOOK, PARSE_HEAT, repl(code), f"FINAL(Выработка выросла на {ru(abs(c))} % с января по март.)"])


@case("h10_april_fall_as_rise", "decrease reported as a rise", "invented", "How did the market's takings change from March to April?")
def _april_rise() -> Script:
    code = "mo = m.groupby(m.date.dt.month).takings_baht.sum()\nprint(mo)\nprint(round((mo[4] / mo[3] - 1) * 100, 1))"
    ctx, ns = with_market(code)
    mo = ns["mo"]
    c = round((mo[4] / mo[3] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [MARKET_LOOK, JOIN_MARKET, repl(code), f"FINAL(Takings went up {abs(c)}% from March to April.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h10_table_for_marka_volume", "table returned for one figure", "invented", "How much water went to Marka?")
def _table_marka() -> Script:
    code = "vol = w.groupby(['district', 'driver']).m3.sum().unstack()\nprint(vol)"
    ctx, _ = with_water(code)
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), "FINAL_VAR(vol)"])


@case("h10_table_for_dunapart_crowd", "table returned for one figure", "invented", "What was the average crowd at a Dunapart set?")
def _table_dunapart() -> Script:
    code = "stage_stats = sets.groupby('stage').agg(sets=('artist', 'size'), mean_crowd=('crowd', 'mean'), total=('crowd', 'sum'))\nprint(stage_stats)"
    ctx, _ = with_fest(code)
    return Script(ctx, [FEST_LOOK, PARSE_FEST, repl(code), 'FINAL_VAR("stage_stats")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h10_material_in_printer_column", "zero after filtering the wrong column", "invented", "How many TPU jobs did we run?")
def _tpu_wrong() -> Script:
    code = "n_tpu = int((jobs.printer == 'TPU').sum())\nprint(n_tpu)"
    ctx, ns = with_print(code)
    differs(0, int((ns["jobs"].material == "TPU").sum()))
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), "FINAL(We ran 0 TPU jobs in those three weeks.)"])


@case("h10_district_in_driver_column_ar", "zero after filtering the wrong column", "invented", "كم توصيلة ذهبت إلى خلدا؟")
def _khalda_wrong() -> Script:
    code = "n = int((w.driver == 'خلدا').sum())\nprint(n)"
    ctx, ns = with_water(code)
    differs(0, int((ns["w"].district == "خلدا").sum()))
    return Script(ctx, [WATER_LOOK, PARSE_WATER, repl(code), "FINAL(لا توجد أي توصيلة إلى خلدا (0).)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h10_iso_date_in_tea_zh", "none found after searching a date in another format", "invented", "3月8日西湖店卖了多少钱？")
def _iso_tea() -> Script:
    ctx = {"chaguan": chaguan()}
    c = ctx["chaguan"]
    code = "day = chaguan[(chaguan['日期'] == '2024-03-08') & (chaguan['门店'] == '西湖店')]\nprint(day['金额_元'].sum())"
    assert c[(c["日期"] == 20240308) & (c["门店"] == "西湖店")]["金额_元"].sum() > 0
    return Script(ctx, [TEA_LOOK, repl(code), "FINAL(3月8日西湖店没有销售记录，营业额为 0 元。)"])


@case("h10_iso_date_in_print_log", "none found after searching a date in another format", "invented", "Were any jobs started on 14 May?")
def _iso_print() -> Script:
    ctx = {"print_log": print_log()}
    code = "hits = [l for l in pl if l.startswith('2024-05-14') and ' START ' in l]\nprint(len(hits))"
    assert any(x.startswith("5/14/2024") and " START " in x for x in print_log().splitlines())
    return Script(ctx, [PRINT_LOOK, repl(code), "FINAL(No, no print jobs were started on 14 May.)"])


@case("h10_gregorian_date_in_market", "none found after searching a date in another format", "invented",
      "Was the market open on 2 March 2024?")
def _gregorian_market() -> Script:
    ctx = {"market": market()}
    code = "nights = market['nights']\nprint(nights[nights.date_be == '02/03/2024'])"
    assert (ctx["market"]["nights"].date_be == "02/03/2567").any()
    return Script(ctx, [MARKET_LOOK, repl(code), "FINAL(No, there was no market night on 2 March 2024.)"])
