"""Acceptance cases, the fourteenth set: written apart from the gates, to be read case by case and tuned on.

It was written by a helper that never read the engine, the gates, the prompts or any earlier result, and that ran no
case under any acceptance policy; it is meant to be read case by case and tuned on, like ``cases_tune2`` to
``cases_tune13``.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune14``. The cases are written as a capable model
writes its answers (legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes
of ``cases_tune2``. Every case name starts with ``h14_``. About a third of the questions are in English; the rest are
in Slovak, Ukrainian, Estonian, Persian, Croatian, Malay, Swahili, Lithuanian, Catalan and Afrikaans, and the answers
write numbers, dates, times and money as those locales do (``1 234,5``, ``1.234,56 €``, ``۱۲٬۸``, ``RM96.2 ribu``,
``7,98 тис. т``, ``1,84 mil. €``, ``R8 150``, ``5. 3. 2024``, ``۲ آبان ۱۴۰۳``), with ISO weeks, quarters, a UK
financial year, percentage points, durations like ``1 h 29 min`` and 12-hour clock times.

Size: 80 legitimate answers covering all 33 legitimate classes (two or three each) and 66 invented or misread ones
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

The data are small seeded sets of domains no other set uses: the High Tatras mountain rescue service's 2024 call-outs
(Slovak column names, days written ``5. 3. 2024``, durations ``1 h 23 min``, altitudes in metres above sea level, a
helicopter flag), Dubrovnik's 2024 cruise calls (Croatian column names, days written ``12. 6. 2024.`` with the closing
dot, ``07:30`` times, port dues as text like ``7.154,20 €``), a Poltava grain elevator's trucks over the 2024 harvest
(Ukrainian column names, ``05.08.2024`` days, gross, tare and net kilograms, moisture in percent, wheat classes), an
M-Pesa agent's SMS confirmations of March 2024 in Nakuru (text: ``5/3/24 at 9:14 AM`` day-first stamps, amounts like
``Ksh2,500.00``, withdrawals, deposits, float bought from and sent to the bank, failed deposits, reversals), saffron
lots sold in Mashhad over the 1403 harvest (Persian column names, Solar Hijri days in Persian digits like
``۱۴۰۳/۰۸/۱۲``, prices in tomans per kilo, crocin strength), a durian orchard in Raub (Malay column names, days written
``15 Julai 2024``, amounts as text like ``RM1,234.50``, grades and buyers), a Kaunas basketball club's October to
December 2024 as a dict of three tables to join (Lithuanian names, minutes ``32:15``, shots written ``5/9``), a
Speyside distillery's cask register (UK ``14/03/2016`` dates, bulk litres, % ABV, litres of pure alcohol, three
warehouses), four Estonian beaches' lifeguard logs for summer 2024 (Estonian column names, ``12.07.2024`` days, water
and air in °C, wind in m/s, flags), a Girona castellers' team's 2024 season (Catalan column names, ``22/06/2024`` days,
towers written ``3de7a`` or ``pd5``, results and points) and a Karoo game lodge's 2025 tariffs and rules in Afrikaans
markdown (rand amounts like ``R1 480``, seasons, children's rates, a levy, a cancellation rule). Each frame builder
returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
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
# -- High Tatras mountain rescue (Slovak) --------------------------------------------------------------------------
LOKALITY = {"Rysy": 2503, "Gerlachovský štít": 2654, "Lomnické sedlo": 2190, "Skalnaté pleso": 1751,
            "Téryho chata": 2015, "Zbojnícka chata": 1960, "Kriváň": 2494, "Popradské pleso": 1494,
            "Štrbské Pleso": 1350, "Slavkovský štít": 2452}
LETO = {"zranenie dolnej končatiny": .34, "vyčerpanie": .18, "zablúdenie": .12, "pád": .14, "srdcové ťažkosti": .08,
        "uviaznutie v teréne": .14}
ZIMA = {"lyžiarsky úraz": .38, "zranenie dolnej končatiny": .18, "podchladenie": .14, "lavína": .08, "zablúdenie": .10,
        "pád": .12}


def zasahy() -> pd.DataFrame:
    return _zasahy().copy()


@functools.lru_cache(maxsize=1)
def _zasahy(seed: int = 7401) -> pd.DataFrame:
    """The High Tatras mountain rescue service's call-outs of 2024, as its register exports them, Slovak column names:
    number, day written ``5. 3. 2024`` (day first, spaces after the dots, no zero padding), time of the call ``14:30``,
    place, kind of incident, persons helped, helicopter (``áno``/``nie``), the duration written ``1 h 23 min``, the
    altitude in metres above sea level and the casualty's country. The high trails are closed from 1 November to
    15 June, so July and August carry the year; skiing accidents and avalanches fill the winter."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-01-01", "2024-12-31")
    month_rate = {1: 0.75, 2: 0.8, 3: 0.7, 4: 0.35, 5: 0.3, 6: 0.65, 7: 1.9, 8: 2.2, 9: 1.1, 10: 0.6, 11: 0.15, 12: 0.45}
    rows = []
    for day in days:
        lam = month_rate[day.month] * (1.45 if day.day_of_week >= 5 else 1.0)
        for _ in range(int(rng.poisson(lam))):
            winter = day.month in (12, 1, 2, 3, 4)
            kinds = ZIMA if winter else LETO
            kind = str(rng.choice(list(kinds), p=list(kinds.values())))
            if kind == "lyžiarsky úraz":
                place = str(rng.choice(["Skalnaté pleso", "Štrbské Pleso", "Lomnické sedlo"], p=[.45, .4, .15]))
            else:
                place = str(rng.choice(list(LOKALITY), p=[.16, .05, .09, .1, .12, .1, .13, .1, .07, .08]))
            top = LOKALITY[place]
            alt = int(round(rng.uniform(max(1000, top - 700), top) / 10) * 10)
            heli = bool(rng.random() < (0.25 + (alt - 1300) / 1800 if kind != "zablúdenie" else 0.1))
            minutes = int(max(20, rng.gamma(2.2, 45 if heli else 70)))
            t = int(rng.integers(9 * 60, 19 * 60)) if rng.random() < 0.85 else int(rng.integers(0, 24 * 60))
            rows.append((day, t, place, kind, heli, minutes, alt))
    rows.sort(key=lambda r: (r[0], r[1]))
    n = len(rows)
    persons = rng.choice([1, 1, 1, 1, 1, 1, 2, 2, 3, 4], n)
    country = rng.choice(["SK", "CZ", "PL", "HU", "DE", "UA", "GB"], n, p=[.42, .22, .2, .06, .04, .04, .02])
    return pd.DataFrame({
        "číslo": [f"HZS-{i + 1:03d}/24" for i in range(n)],
        "dátum": [f"{r[0].day}. {r[0].month}. {r[0].year}" for r in rows],
        "čas": [f"{r[1] // 60:02d}:{r[1] % 60:02d}" for r in rows],
        "lokalita": [r[2] for r in rows], "druh": [r[3] for r in rows], "osoby": persons,
        "vrtuľník": ["áno" if r[4] else "nie" for r in rows],
        "trvanie": [f"{r[5] // 60} h {r[5] % 60} min" if r[5] >= 60 else f"{r[5]} min" for r in rows],
        "výška_m": [r[6] for r in rows], "štát": country,
    })


# -- Dubrovnik cruise calls (Croatian) ------------------------------------------------------------------------------
SHIPS = {"Mistral Sun": ("Helios Cruises", 2100, 262), "Azure Pearl": ("Blue Meridian", 3400, 294),
         "Star Dalmatia": ("Adria Line", 720, 178), "Nordic Dawn": ("Fjordway", 1250, 205),
         "Regal Adria": ("Regal Seas", 4200, 330), "Ocean Vela": ("Vela Voyages", 480, 142),
         "Silver Lagoon": ("Lagoon Yachts", 260, 120), "Aurora Serena": ("Serena Lines", 2950, 290)}


def eur_hr(x: float) -> str:
    """Croatian euros: ``12.345,60 €``."""
    return f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".") + " €"


def kruzeri() -> pd.DataFrame:
    return _kruzeri().copy()


@functools.lru_cache(maxsize=1)
def _kruzeri(seed: int = 7402) -> pd.DataFrame:
    """Cruise calls at Dubrovnik (Gruž) in 2024, Croatian column names: day written ``12. 6. 2024.`` (Croatian style,
    with the closing dot), ship, line, berth, arrival and departure as ``07:30``, passengers and crew on board, and the
    port dues as text like ``7.154,20 €`` (2,60 € a passenger and 18,50 € a metre of length). The season runs from
    April to mid-November and peaks in September and October; the city allows two ships a day."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-04-01", "2024-11-15")
    month_p = {4: .35, 5: .55, 6: .6, 7: .65, 8: .6, 9: .85, 10: .8, 11: .3}
    weights = np.array([1.2, 1.0, 1.1, 0.9, 0.7, 1.0, 0.8, 1.0])
    names = list(SHIPS)
    rows = []
    for day in days:
        k = int(rng.random() < month_p[day.month]) + int(rng.random() < month_p[day.month] * 0.55)
        picked = rng.choice(len(names), k, replace=False, p=weights / weights.sum())
        for j in picked:
            ship = names[int(j)]
            line, cap, length = SHIPS[ship]
            pax = int(cap * rng.uniform(0.72, 1.04))
            arr = int(rng.integers(6 * 4, 10 * 4)) * 15
            dep = arr + int(rng.integers(6 * 4, 12 * 4)) * 15
            berth = str(rng.choice(["Gruž 1", "Gruž 2"])) if length >= 250 else str(rng.choice(["Gruž 3", "Gruž 4"]))
            fee = round(pax * 2.60 + length * 18.50, 2)
            rows.append((day, ship, line, berth, arr, min(dep, 23 * 60 + 45), pax, int(cap * rng.uniform(0.36, 0.44)), fee))
    rows.sort(key=lambda r: (r[0], r[4]))
    return pd.DataFrame({
        "datum": [f"{r[0].day}. {r[0].month}. {r[0].year}." for r in rows], "brod": [r[1] for r in rows],
        "kompanija": [r[2] for r in rows], "vez": [r[3] for r in rows],
        "dolazak": [f"{r[4] // 60:02d}:{r[4] % 60:02d}" for r in rows],
        "odlazak": [f"{r[5] // 60:02d}:{r[5] % 60:02d}" for r in rows],
        "putnici": [r[6] for r in rows], "posada": [r[7] for r in rows], "pristojba": [eur_hr(r[8]) for r in rows],
    })


# -- a grain elevator in Poltava oblast (Ukrainian) ----------------------------------------------------------------
GOSP = ["ФГ Колос", "ТОВ Агро-Лан", "ПП Нива", "ФГ Світанок", "СТОВ Дружба", "ФГ Левада"]
KULT = {"ріпак": ((7, 1), (7, 25), 7.0, 9.5), "ячмінь": ((7, 5), (7, 31), 11.5, 15.0),
        "пшениця": ((7, 12), (8, 25), 11.0, 15.5), "соняшник": ((9, 2), (10, 10), 6.5, 10.5),
        "кукурудза": ((9, 25), (10, 31), 15.5, 24.0)}


def elevator() -> pd.DataFrame:
    return _elevator().copy()


@functools.lru_cache(maxsize=1)
def _elevator(seed: int = 7403) -> pd.DataFrame:
    """Trucks received by a grain elevator in Poltava oblast over the 2024 harvest (July to October), Ukrainian column
    names: waybill number, day ``05.08.2024``, time ``14:35``, the farm, the truck's plate, the crop (rapeseed and
    barley in July, wheat to late August, sunflower in September, maize in October), the wheat class, gross, tare and
    net weight in kilograms, moisture and foreign matter in percent. Maize comes in wet; ФГ Колос is the biggest
    supplier."""
    rng = np.random.default_rng(seed)
    size = np.array([1.6, 1.2, 1.0, 0.8, 1.1, 0.5])
    mix = {"ріпак": .12, "ячмінь": .14, "пшениця": .36, "соняшник": .2, "кукурудза": .18}
    rows = []
    for crop, ((m0, d0), (m1, d1), lo, hi) in KULT.items():
        days = pd.date_range(f"2024-{m0:02d}-{d0:02d}", f"2024-{m1:02d}-{d1:02d}")
        for _ in range(int(900 * mix[crop])):
            day = days[int(min(len(days) - 1, rng.beta(2, 2.2) * len(days)))]
            farm = GOSP[int(rng.choice(6, p=size / size.sum()))]
            tare = int(rng.integers(13500, 15800))
            net = int(rng.normal(24500, 2600) if crop != "соняшник" else rng.normal(19500, 2000))
            cls = str(rng.choice(["2", "3", "4"], p=[.3, .5, .2])) if crop == "пшениця" else "—"
            t = int(rng.integers(6 * 60, 21 * 60))
            rows.append((day, t, farm, crop, cls, tare + net, tare, net, round(float(rng.uniform(lo, hi)), 1),
                         round(float(rng.gamma(2.0, 0.6)), 1)))
    rows.sort(key=lambda r: (r[0], r[1]))
    letters = "АВЕІКМНОРСТХ"
    return pd.DataFrame({
        "ттн": [f"ТТН-24-{i + 1:04d}" for i in range(len(rows))],
        "дата": [f"{r[0]:%d.%m.%Y}" for r in rows], "час": [f"{r[1] // 60:02d}:{r[1] % 60:02d}" for r in rows],
        "господарство": [r[2] for r in rows],
        "авто": [f"ВІ {int(rng.integers(1000, 9999))} {rng.choice(list(letters))}{rng.choice(list(letters))}" for _ in rows],
        "культура": [r[3] for r in rows], "клас": [r[4] for r in rows], "брутто_кг": [r[5] for r in rows],
        "тара_кг": [r[6] for r in rows], "нетто_кг": [r[7] for r in rows], "вологість_%": [r[8] for r in rows],
        "смітна_домішка_%": [r[9] for r in rows],
    })


# -- an M-Pesa agent's SMS confirmations (Kenya) -------------------------------------------------------------------
WATEJA = ["JOHN KAMAU", "MARY WANJIRU", "PETER OTIENO", "GRACE ACHIENG", "JAMES MWANGI", "FAITH CHEBET",
          "DAVID KIPRONO", "ESTHER NJOKI", "BRIAN OCHIENG", "MERCY AKINYI", "SAMUEL KARIUKI", "JANE MUTHONI",
          "KEVIN WAFULA", "LUCY NYAMBURA", "DENNIS KIPCHUMBA", "ANN WAMBUI", "GEORGE ODHIAMBO", "SHARON JEPKOECH"]


def ksh(x: float) -> str:
    return f"Ksh{x:,.2f}"


def _stamp(t: pd.Timestamp) -> str:
    """M-Pesa's ``5/3/24 at 9:14 AM``: day first, no zero padding, a two-digit year, a 12-hour clock."""
    h = t.hour % 12 or 12
    return f"{t.day}/{t.month}/{t.year % 100} at {h}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"


@functools.lru_cache(maxsize=1)
def mpesa_sms(seed: int = 7404) -> tuple[str, ...]:
    """The SMS confirmations an M-Pesa agent in Nakuru received in March 2024, oldest first: withdrawals (the agent
    gives cash, the float rises), deposits (the agent takes cash, the float falls), float bought from the bank, the
    February commission, a few failed deposits (not enough float) and two reversals. Dates are written ``5/3/24 at
    9:14 AM`` (day first); the month ends with salary-day withdrawals."""
    rng = np.random.default_rng(seed)
    codes: set[str] = set()

    def code() -> str:
        while True:
            c = "SC" + "".join(rng.choice(list("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"), 8))
            if c not in codes:
                codes.add(c)
                return c

    def phone() -> str:
        return f"07{int(rng.integers(10, 99))}***{int(rng.integers(100, 999))}"

    people = {n: phone() for n in WATEJA}
    float_ = 21_500.0
    out: list[str] = []
    t0 = pd.Timestamp("2024-03-01 07:06")
    out.append(f"{code()} Confirmed. Commission of {ksh(4_386.40)} for February 2024 has been paid to your M-PESA account "
               f"on {_stamp(t0)}. New M-PESA float balance is {ksh(float_ + 4_386.40)}.")
    float_ += 4_386.40
    done: list[tuple[str, float, str]] = []
    for day in pd.date_range("2024-03-01", "2024-03-31"):
        busy = 1.0 + (0.9 if day.day >= 28 else 0.0) + (0.3 if day.day_of_week == 5 else 0.0) - (0.5 if day.day_of_week == 6 else 0.0)
        n = int(rng.poisson(19 * busy))
        minutes = np.sort(rng.integers(7 * 60 + 30, 20 * 60 + 30, n))
        for m in minutes:
            t = day + pd.Timedelta(minutes=int(m))
            who = str(rng.choice(WATEJA))
            withdraw = rng.random() < (0.62 if day.day >= 28 else 0.46)
            amt = float(min(70_000, max(50, round(rng.lognormal(7.6, 0.9) / 50) * 50)))
            if withdraw:
                float_ += amt
                c = code()
                out.append(f"{c} Confirmed. on {_stamp(t)} Give {ksh(amt)} cash to {who} {people[who]} New M-PESA float "
                           f"balance is {ksh(float_)}.")
                done.append((c, amt, "give"))
            elif amt > float_:
                out.append(f"Failed. On {_stamp(t)}, insufficient float to complete deposit of {ksh(amt)} to {who}. "
                           f"Your M-PESA float balance is {ksh(float_)}.")
            else:
                float_ -= amt
                c = code()
                out.append(f"{c} Confirmed. on {_stamp(t)} Take {ksh(amt)} cash from {who} {people[who]} New M-PESA float "
                           f"balance is {ksh(float_)}.")
                done.append((c, amt, "take"))
            if float_ < 6_000 and rng.random() < 0.5:
                buy = float(rng.choice([20_000, 30_000, 40_000]))
                float_ += buy
                out.append(f"{code()} Confirmed. {ksh(buy)} float received from KCB BANK AGENCY 522522 on "
                           f"{_stamp(t + pd.Timedelta(minutes=3))}. New M-PESA float balance is {ksh(float_)}.")
            elif float_ > 60_000 and rng.random() < 0.5:
                sell = float(rng.choice([30_000, 40_000]))
                float_ -= sell
                out.append(f"{code()} Confirmed. {ksh(sell)} float transferred to KCB BANK AGENCY 522522 on "
                           f"{_stamp(t + pd.Timedelta(minutes=3))}. New M-PESA float balance is {ksh(float_)}.")
        if day.day in (12, 23):
            orig, amt, kind = done[-4]
            float_ += amt if kind == "take" else -amt
            t = day + pd.Timedelta(hours=20, minutes=41)
            out.append(f"{code()} Confirmed. Transaction {orig} of {ksh(amt)} has been reversed on {_stamp(t)}. "
                       f"New M-PESA float balance is {ksh(float_)}.")
    return tuple(out)


# -- Mashhad saffron auction (Persian) -----------------------------------------------------------------------------
FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
SHAHR = {"تربت حیدریه": 1.6, "قائنات": 1.3, "گناباد": 0.9, "بجستان": 0.6, "زاوه": 0.5}
NOE = {"نگین": (0.3, 118_000_000), "سرگل": (0.38, 104_000_000), "پوشال": (0.2, 82_000_000), "دسته": (0.12, 56_000_000)}
MAH = {8: "آبان", 9: "آذر", 10: "دی"}


def fa(x: float, decimals: int = 0) -> str:
    """Persian digits with the Persian thousands and decimal separators: ``۱۲۳٬۴۵۶٫۷``."""
    return f"{x:,.{decimals}f}".replace(",", "٬").replace(".", "٫").translate(FA_DIGITS)


def jalali(day: pd.Timestamp) -> tuple[int, int, int]:
    """A Gregorian day of 22 October 2024 to 19 January 2025 in the Solar Hijri calendar (Aban to Dey 1403)."""
    k = (day - pd.Timestamp("2024-10-22")).days
    return 1403, 8 + k // 30, k % 30 + 1


def zafaran() -> pd.DataFrame:
    return _zafaran().copy()


@functools.lru_cache(maxsize=1)
def _zafaran(seed: int = 7405) -> pd.DataFrame:
    """Saffron lots sold at a Mashhad trading floor over the 1403 harvest (Aban to Dey, late October 2024 to mid
    January 2025), Persian column names: lot code, day in the Solar Hijri calendar with Persian digits
    (``۱۴۰۳/۰۸/۱۲``), county, grade (نگین, سرگل, پوشال, دسته), weight in kg, crocin (colouring strength, ISO 3632),
    moisture in percent, and the price in tomans per kilo. Prices climb through the season and with crocin; Torbat-e
    Heydarieh brings the most."""
    rng = np.random.default_rng(seed)
    n = 260
    k = np.sort(rng.integers(0, 90, n))
    counties = list(SHAHR)
    cw = np.array(list(SHAHR.values()))
    grades = list(NOE)
    rows = []
    for i, kk in enumerate(k):
        day = pd.Timestamp("2024-10-22") + pd.Timedelta(days=int(kk))
        y, m, d = jalali(day)
        county = counties[int(rng.choice(5, p=cw / cw.sum()))]
        grade = grades[int(rng.choice(4, p=[NOE[g][0] for g in grades]))]
        crocin = int(rng.normal(245 if grade in ("نگین", "سرگل") else 215, 14))
        price = NOE[grade][1] * (1 + 0.17 * kk / 90) * (1 + (crocin - 230) * 0.004) * rng.uniform(0.96, 1.04)
        rows.append((f"ZF-{i + 1:03d}", f"{y}/{m:02d}/{d:02d}".translate(FA_DIGITS), county, grade,
                     round(float(rng.gamma(3.0, 4.0)) + 1, 1), crocin, round(float(rng.uniform(6.0, 10.5)), 1),
                     int(round(price / 100_000) * 100_000)))
    return pd.DataFrame(rows, columns=["کد_محموله", "تاریخ", "شهرستان", "نوع", "وزن_کیلوگرم", "کروسین", "رطوبت_درصد",
                                       "قیمت_هر_کیلو_تومان"])


# -- a durian orchard in Raub (Malay) ------------------------------------------------------------------------------
VARIETI = {"Musang King": (1.8, 52.0, .34), "D24": (1.6, 22.0, .2), "Black Thorn": (2.0, 78.0, .12),
           "Udang Merah": (1.5, 36.0, .12), "Kampung": (1.2, 9.0, .22)}
BULAN = {6: "Jun", 7: "Julai", 8: "Ogos"}


def rm(x: float) -> str:
    return f"RM{x:,.2f}"


def durian() -> pd.DataFrame:
    return _durian().copy()


@functools.lru_cache(maxsize=1)
def _durian(seed: int = 7406) -> pd.DataFrame:
    """A durian orchard's daily collection in Raub, Pahang, 1 June to 15 August 2024, Malay column names: day written
    ``15 Julai 2024`` (Malay month names), block, variety, fruits collected, weight in kg, grade (A, B, C), buyer, the
    price per kilo and the amount as text like ``RM1,234.50``. The fall peaks in mid July; Musang King brings in most
    of the money, Black Thorn the highest price per kilo."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-06-01", "2024-08-15")
    peak = np.exp(-((np.arange(len(days)) - 44) / 17.0) ** 2)
    rows = []
    for i, day in enumerate(days):
        for blok in "ABCD":
            for var, (w, price, share) in VARIETI.items():
                if rng.random() > 0.55:
                    continue
                biji = int(rng.poisson(60 * share * peak[i] * (1.3 if blok == "B" else 1.0)))
                if biji == 0:
                    continue
                kg = round(biji * w * rng.uniform(0.85, 1.15), 1)
                gred = str(rng.choice(["A", "B", "C"], p=[.45, .4, .15]))
                p = round(price * {"A": 1.15, "B": 1.0, "C": 0.7}[gred] * rng.uniform(0.95, 1.05), 2)
                buyer = ("kilang pes" if gred == "C" and rng.random() < 0.6 else
                         str(rng.choice(["pemborong Singapura", "gerai tepi jalan", "eksport China"], p=[.35, .4, .25])))
                rows.append((f"{day.day} {BULAN[day.month]} 2024", blok, var, biji, kg, gred, buyer, p, rm(round(kg * p, 2))))
    return pd.DataFrame(rows, columns=["tarikh", "blok", "varieti", "biji", "berat_kg", "gred", "pembeli", "harga_sekilo",
                                       "jumlah"])


# -- a Kaunas basketball club's first half of the season (Lithuanian) ----------------------------------------------
ZAIDEJAI = [("Mantas Kazlauskas", "G", 191, 1998, 4), ("Lukas Petrauskas", "G", 188, 2001, 7),
            ("Tomas Jankauskas", "F", 201, 1995, 9), ("Dovydas Žukauskas", "C", 211, 1999, 15),
            ("Paulius Butkus", "F", 204, 1997, 11), ("Rokas Stankevičius", "G", 194, 2003, 3),
            ("Gytis Vasiliauskas", "C", 208, 1994, 21), ("Arnas Paulauskas", "F", 199, 2002, 13),
            ("Marius Urbonas", "G", 186, 1996, 5), ("Justas Navickas", "F", 202, 2004, 23),
            ("Ignas Balčiūnas", "C", 213, 2000, 33), ("Deividas Kavaliauskas", "G", 190, 2005, 1)]
VARZOVAI = ["Vilniaus Vilkai", "Klaipėdos Banga", "Šiaulių Saulė", "Panevėžio Lūšys", "Alytaus Dzūkai",
            "Utenos Ąžuolas", "Marijampolės Sūduva", "Jonavos Azotas"]


def krepsinis() -> dict[str, pd.DataFrame]:
    """A Kaunas basketball club (Kauno Perkūnas) in October to December 2024, as a dict of three tables to join."""
    return {name: frame.copy() for name, frame in _krepsinis().items()}


@functools.lru_cache(maxsize=1)
def _krepsinis(seed: int = 7407) -> dict[str, pd.DataFrame]:
    """``zaidejai``: number, name, position, height in cm, year of birth. ``rungtynes``: game number, ISO date,
    opponent, home or away (``namie``/``išvykoje``), our points and theirs, attendance. ``statistika``: one row per
    player per game: minutes written ``32:15``, points, two-pointers, threes and free throws written made/attempted
    (``5/9``), rebounds and assists. Kazlauskas scores the most; the team starts badly in October and wins most of
    December."""
    rng = np.random.default_rng(seed)
    dates = pd.to_datetime(["2024-10-04", "2024-10-12", "2024-10-19", "2024-10-26", "2024-11-02", "2024-11-09",
                            "2024-11-16", "2024-11-23", "2024-11-30", "2024-12-07", "2024-12-14", "2024-12-21",
                            "2024-12-28"])
    opps = [VARZOVAI[i % 8] for i in range(len(dates))]
    rng.shuffle(opps)
    role = np.array([1.6, 1.1, 1.25, 1.2, 1.0, 0.7, 0.9, 0.8, 0.85, 0.45, 0.6, 0.35])
    games, stats = [], []
    for g, (day, opp) in enumerate(zip(dates, opps, strict=True), 1):
        form = {10: 0.9, 11: 1.0, 12: 1.12}[day.month]
        home = g % 2 == 1
        mins = rng.dirichlet(role * 9) * 200 * 60
        mins = np.minimum(mins, 38 * 60)
        mins = np.round(mins / mins.sum() * 12000).astype(int)
        mins[0] += 12000 - mins.sum()
        total = 0
        for (name, pos, *_), sec in zip(ZAIDEJAI, mins, strict=True):
            share = sec / 12000
            a2 = int(rng.poisson(40 * share * (1.2 if pos == "C" else 0.9)))
            a3 = int(rng.poisson(23 * share * (1.4 if pos == "G" else 0.6 if pos == "C" else 1.0)))
            m2 = int(rng.binomial(a2, 0.54 * form if name != "Mantas Kazlauskas" else 0.6))
            m3 = int(rng.binomial(a3, 0.35 * form))
            fa_ = int(rng.poisson(17 * share))
            ft = int(rng.binomial(fa_, 0.76))
            pts = 2 * m2 + 3 * m3 + ft
            if name == "Mantas Kazlauskas":
                extra = int(rng.integers(1, 4))
                a3, m3, pts = a3 + extra, m3 + extra, pts + 3 * extra
            total += pts
            stats.append((g, name, f"{sec // 60}:{sec % 60:02d}", pts, f"{m2}/{a2}", f"{m3}/{a3}", f"{ft}/{fa_}",
                          int(rng.poisson(34 * share * (1.6 if pos == "C" else 0.8))), int(rng.poisson(19 * share * (1.7 if pos == "G" else 0.6)))))
        theirs = int(rng.normal(80 + (9 if day.month == 10 else -4 if day.month == 12 else 0), 7))
        if theirs == total:
            theirs += 1
        games.append((g, f"{day:%Y-%m-%d}", opp, "namie" if home else "išvykoje", total, theirs,
                      int(rng.normal(4300 if home else 2600, 500))))
    return {
        "zaidejai": pd.DataFrame([(no, n, p, h, y) for n, p, h, y, no in ZAIDEJAI],
                                 columns=["nr", "žaidėjas", "pozicija", "ūgis_cm", "gimimo_metai"]),
        "rungtynes": pd.DataFrame(games, columns=["rungtynės", "data", "varžovas", "vieta", "mes", "jie", "žiūrovai"]),
        "statistika": pd.DataFrame(stats, columns=["rungtynės", "žaidėjas", "minutės", "taškai", "dvitaškiai", "tritaškiai",
                                                   "baudos", "atkovoti", "rez_perdavimai"]),
    }


# -- a Speyside distillery's cask register (English, UK conventions) -----------------------------------------------
CASK_TYPES = {"ex-bourbon barrel": 200, "hogshead": 250, "sherry butt": 500, "port pipe": 550, "quarter cask": 125}


def casks() -> pd.DataFrame:
    return _casks().copy()


@functools.lru_cache(maxsize=1)
def _casks(n: int = 320, seed: int = 7408) -> pd.DataFrame:
    """A Speyside distillery's cask register as at 31 March 2025: cask number, filling day written the UK way
    (``14/03/2016``), cask type, warehouse, litres at filling, bulk litres now, strength now (% ABV), litres of pure
    alcohol (LPA), the last regauge (UK date) and the owner (the distillery or a private client). Spirit is filled at
    63.5% ABV; casks lose about 2% of their volume a year (the angels' share) and strength slowly; the racked warehouse
    loses more than the dunnage one."""
    rng = np.random.default_rng(seed)
    kinds = list(CASK_TYPES)
    fill_day = pd.Timestamp("2008-01-07") + pd.to_timedelta(rng.integers(0, 6200, n), unit="D")
    fill_day = fill_day.sort_values()
    rows = []
    for i, day in enumerate(fill_day):
        kind = str(rng.choice(kinds, p=[.42, .25, .18, .05, .1]))
        wh = str(rng.choice(["No. 1 dunnage", "No. 3 racked", "No. 5 palletised"], p=[.35, .4, .25]))
        years = (pd.Timestamp("2025-03-31") - day).days / 365.25
        loss = {"No. 1 dunnage": 0.017, "No. 3 racked": 0.024, "No. 5 palletised": 0.021}[wh] * (1.3 if kind == "quarter cask" else 1.0)
        fill = round(CASK_TYPES[kind] * rng.uniform(0.95, 1.0), 1)
        bulk = round(fill * (1 - loss) ** years * rng.uniform(0.98, 1.02), 1)
        abv = round(63.5 - years * rng.uniform(0.25, 0.45) + rng.normal(0, 0.3), 1)
        regauge = min(pd.Timestamp("2025-03-20"), day + pd.Timedelta(days=int(years * 365.25 * rng.uniform(0.6, 1.0))))
        owner = "distillery" if rng.random() < 0.8 else str(rng.choice(["private: A. MacLeod", "private: Kirkwall Whisky Club",
                                                                        "private: H. Sato"]))
        rows.append((f"GT/{day:%y}/{i + 1:04d}", f"{day:%d/%m/%Y}", kind, wh, fill, bulk, abv, round(bulk * abv / 100, 1),
                     f"{regauge:%d/%m/%Y}", owner))
    return pd.DataFrame(rows, columns=["cask_no", "filled", "cask_type", "warehouse", "fill_litres", "bulk_litres", "abv_pct",
                                       "lpa", "last_regauge", "owner"])


# -- Estonian beach lifeguards (Estonian) --------------------------------------------------------------------------
RANNAD = {"Pirita": (1.0, 0.0), "Stroomi": (0.55, 0.3), "Pärnu keskrand": (1.5, 1.4), "Narva-Jõesuu": (0.7, 0.8)}


def rannavalve() -> pd.DataFrame:
    return _rannavalve().copy()


@functools.lru_cache(maxsize=1)
def _rannavalve(seed: int = 7409) -> pd.DataFrame:
    """The lifeguards' daily log of four Estonian beaches, 1 June to 31 August 2024, Estonian column names: day written
    ``12.07.2024``, beach, water and air temperature (°C), wind (m/s), the flag of the day (``roheline`` green,
    ``kollane`` yellow, ``punane`` red: no swimming), visitors counted at 14:00, people rescued from the water, first-aid
    cases and lost children found. Pärnu is the biggest and warmest; a heatwave in mid July fills every beach; the
    water warms from June to late July and cools in August."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-06-01", "2024-08-31")
    k = np.arange(len(days))
    water_base = 14.5 + 7.0 * np.sin(np.clip(k / 60, 0, 1) * np.pi / 2) - np.where(k > 62, (k - 62) * 0.12, 0)
    air_base = 19.0 + 4.0 * np.sin(k / 92 * np.pi) + rng.normal(0, 2.6, len(days))
    air_base[44:51] += np.array([4.0, 6.5, 8.0, 8.5, 7.0, 5.0, 2.5])  # a heatwave, 15-21 July
    rows = []
    for i, day in enumerate(days):
        wind_day = float(rng.gamma(2.5, 1.9))
        for beach, (size, warm) in RANNAD.items():
            water = round(water_base[i] + warm + rng.normal(0, 0.6), 1)
            air = round(air_base[i] + warm * 0.6 + rng.normal(0, 0.8), 1)
            wind = round(max(0.5, wind_day + rng.normal(0, 1.2)), 1)
            flag = "punane" if wind > 10 or water < 14 else "kollane" if wind > 7 else "roheline"
            visitors = int(max(0, rng.normal(1.0, 0.15) * size * 900 * max(0.05, (air - 14) / 8) ** 1.6
                               * (1.35 if day.day_of_week >= 5 else 1.0) * (0.35 if flag == "punane" else 1.0)))
            rows.append((f"{day:%d.%m.%Y}", beach, water, air, wind, flag, visitors,
                         int(rng.poisson(visitors / 2600 * (2.2 if flag != "roheline" else 1.0))),
                         int(rng.poisson(visitors / 500)), int(rng.poisson(visitors / 1400))))
    return pd.DataFrame(rows, columns=["kuupäev", "rand", "vesi_C", "õhk_C", "tuul_m_s", "lipp", "külastajad", "päästetud",
                                       "esmaabi", "kadunud_lapsed"])


# -- a Catalan castellers' team's 2024 season (Catalan) ------------------------------------------------------------
PUNTS = {"4de6": (170, 150), "3de6": (160, 140), "pd5": (230, 200), "2de6": (250, 215), "5de6": (270, 235),
         "3de7": (405, 350), "4de7": (440, 380), "4de7a": (545, 470), "3de7a": (620, 535), "5de7": (690, 600),
         "2de7": (1040, 900), "pd6": (1190, 1030), "3de8": (1360, 1180)}
RESULTATS = ["descarregat", "carregat", "intent", "intent desmuntat"]
DIADES = [("2024-03-24", "Diada de Primavera", "Girona"), ("2024-04-14", "Fira de Sant Jordi", "Salt"),
          ("2024-04-28", "Diada de la Colla", "Girona"), ("2024-05-12", "Festa Major de Banyoles", "Banyoles"),
          ("2024-05-26", "Trobada de Colles", "Olot"), ("2024-06-09", "Fires de Maig", "Figueres"),
          ("2024-06-23", "Revetlla de Sant Joan", "Girona"), ("2024-07-07", "Festa Major de Palamós", "Palamós"),
          ("2024-07-21", "Diada Castellera de l'Estiu", "Sant Feliu de Guíxols"),
          ("2024-08-04", "Festa Major de Llagostera", "Llagostera"), ("2024-08-25", "Festa Major de Blanes", "Blanes"),
          ("2024-09-11", "Diada Nacional", "Girona"), ("2024-09-22", "Santa Tecla", "Tarragona"),
          ("2024-10-06", "Concurs de Castells", "Tarragona"), ("2024-10-27", "Fires de Sant Narcís", "Girona"),
          ("2024-11-10", "Diada de Tots Sants", "Vilafranca del Penedès"), ("2024-11-24", "Diada de Cloenda", "Girona")]


def castells() -> pd.DataFrame:
    return _castells().copy()


@functools.lru_cache(maxsize=1)
def _castells(seed: int = 7410) -> pd.DataFrame:
    """A Girona castellers' team's 2024 season (17 performances), Catalan column names: day written ``22/06/2024``
    (day first), the festival, the town square, the round (``1a ronda`` to ``3a ronda``, then ``pilar``), the tower in
    castellers' notation (``3de7``: three columns of seven storeys; ``a``: with a needle; ``pd5``: a pillar of five),
    the result (``descarregat``: built and taken down, full points; ``carregat``: crowned but fell on the way down;
    ``intent`` or ``intent desmuntat``: not crowned, no points) and the points it earned. The team climbs from towers of
    six in spring to its first 3de8 attempts in the autumn."""
    rng = np.random.default_rng(seed)
    spring = ["4de6", "3de6", "5de6", "2de6", "3de7", "4de7"]
    summer = ["3de7", "4de7", "5de6", "2de6", "4de7a", "3de7a", "5de7"]
    autumn = ["3de7a", "5de7", "4de7a", "2de7", "3de8", "3de7", "4de7"]
    ease = {c: p for c, p in zip(PUNTS, [.93, .92, .85, .8, .84, .74, .7, .62, .58, .55, .45, .5, .3], strict=True)}
    rows = []
    for day, diada, town in DIADES:
        m = int(day[5:7])
        pool = spring if m <= 6 else summer if m <= 8 else autumn
        tried = list(rng.choice(pool, 3, replace=False))
        pillar = "pd5" if m < 9 or rng.random() < 0.4 else "pd6"
        for r, c in enumerate(tried + [pillar], 1):
            ok = rng.random()
            p = ease[c] + (0.06 if m >= 9 else 0)
            res = ("descarregat" if ok < p else "carregat" if ok < p + (1 - p) * 0.3 else
                   "intent" if ok < p + (1 - p) * 0.75 else "intent desmuntat")
            punts = PUNTS[c][0] if res == "descarregat" else PUNTS[c][1] if res == "carregat" else 0
            rows.append((f"{day[8:]}/{day[5:7]}/{day[:4]}", diada, town, f"{r}a ronda" if r <= 3 else "pilar", c, res, punts))
            if res.startswith("intent") and r <= 3 and rng.random() < 0.5:
                res2 = "descarregat" if rng.random() < p else "intent desmuntat"
                rows.append((f"{day[8:]}/{day[5:7]}/{day[:4]}", diada, town, f"{r}a ronda (repetició)", c, res2,
                             PUNTS[c][0] if res2 == "descarregat" else 0))
    return pd.DataFrame(rows, columns=["data", "diada", "plaça", "ronda", "castell", "resultat", "punts"])


LODGE = """# Kameeldoring Wildplaas · Tariewe en reëls 2025

Naby Graaff-Reinet, Oos-Kaap. Alle tariewe geld van 1 Januarie tot 31 Desember 2025 en sluit BTW (15%) in.

## Akkommodasie

Tariewe is per persoon per nag en sluit aandete, bed en ontbyt in (die kampeerterrein: per staanplek per nag, sonder
etes).

| Eenheid | Hoogseisoen | Laagseisoen | Maks. gaste |
| --- | --- | --- | --- |
| Luukse tent | R2 450 | R1 950 | 2 |
| Gesinschalet | R1 850 | R1 480 | 5 |
| Plaashuis (selfsorg, hele huis) | R9 800 | R7 600 | 10 |
| Kampeerterrein | R420 | R350 | 6 |

Hoogseisoen: die skoolvakansies (28 Maart – 8 April, 27 Junie – 21 Julie, 3 – 13 Oktober en 10 Desember 2025 –
14 Januarie 2026). Die res van die jaar is laagseisoen.

Kinders onder 4 jaar bly gratis; kinders van 4 tot 12 jaar betaal die helfte van die volwasse tarief; vanaf 13 jaar
geld die volle tarief.

## Aktiwiteite

| Aktiwiteit | Prys per persoon | Tye |
| --- | --- | --- |
| Oggend-wildrit | R480 | 06:30 – 09:30 |
| Middag-wildrit met sononder-drankie | R520 | 16:00 – 19:00 |
| Begeleide voetslaan (vanaf 16 jaar) | R390 | 07:00 – 10:00 |
| Sterrekyk-aand | R260 | 20:30 – 22:00 |
| Fossielroete (self begelei) | R90 | sonop tot sononder |

Kinders van 6 tot 12 jaar betaal die helfte op wildritte en die sterrekyk-aand. Kinders onder 6 jaar word nie op die
oop wildvoertuie toegelaat nie; 'n privaat rit vir 'n gesin kos R3 200 per voertuig (tot 6 persone).

## Bewaringsheffing

R150 per persoon per dag vir gaste vanaf 13 jaar en R75 vir kinders van 4 tot 12 jaar, betaalbaar by aankoms.

## Aankoms en vertrek

Inklok vanaf 14:00, uitklok teen 10:00. Die hek is van 07:00 tot 19:00 oop; wie later aankom, reël dit vooraf en
betaal 'n heffing van R250.

## Kansellasie

Kansellasies meer as 30 dae voor aankoms: volle terugbetaling min 'n administrasiefooi van R500. Tussen 14 en 30 dae
voor aankoms: 50% van die besprekingsbedrag word terugbetaal. Minder as 14 dae voor aankoms, of geen opdaging nie:
geen terugbetaling nie.

## Reëls

Geen honde of ander troeteldiere nie. Die spoedgrens op die plaaspaaie is 30 km/h. Moenie die diere voer nie. Vure
net in die boma's. Stilte tussen 22:00 en 06:00. Hommeltuie (drones) word nie toegelaat nie.
"""


def spc(x: float, decimals: int = 1) -> str:
    """Slovak, Ukrainian, Lithuanian and Estonian digits: ``1 234,5`` (a space between thousands, a decimal comma)."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def dot(x: float, decimals: int = 2) -> str:
    """Croatian and Catalan digits: ``1.234,56``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def g(x: float, comma: bool = False) -> str:
    """A figure as pandas prints it once rounded: ``14.5``, ``79`` (a decimal comma when asked)."""
    text = f"{x:g}"
    return text.replace(".", ",") if comma else text


def hm(minutes: float) -> str:
    m = round(minutes)
    return f"{m // 60} h {m % 60} min" if m >= 60 else f"{m} min"


SK_MESIACE = {1: "januára", 2: "februára", 3: "marca", 4: "apríla", 5: "mája", 6: "júna", 7: "júla", 8: "augusta",
              9: "septembra", 10: "októbra", 11: "novembra", 12: "decembra"}
HR_MJESECI = {4: "travnja", 5: "svibnja", 6: "lipnja", 7: "srpnja", 8: "kolovoza", 9: "rujna", 10: "listopada",
              11: "studenoga"}
UK_MISIATSI = {7: "липня", 8: "серпня", 9: "вересня", 10: "жовтня"}
SW_SIKU = {"Monday": "Jumatatu", "Tuesday": "Jumanne", "Wednesday": "Jumatano", "Thursday": "Alhamisi",
           "Friday": "Ijumaa", "Saturday": "Jumamosi", "Sunday": "Jumapili"}
ET_PAEVAD = {"Monday": "esmaspäev", "Tuesday": "teisipäev", "Wednesday": "kolmapäev", "Thursday": "neljapäev",
             "Friday": "reede", "Saturday": "laupäev", "Sunday": "pühapäev"}
CA_MESOS = {3: "de març", 4: "d'abril", 5: "de maig", 6: "de juny", 7: "de juliol", 8: "d'agost", 9: "de setembre",
            10: "d'octubre", 11: "de novembre"}


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
ZAS_LOOK = repl("print(zasahy.shape)\nprint(zasahy.head())\nprint(zasahy.dtypes)", "Najprv sa pozriem, ako údaje vyzerajú.")
KRUZ_LOOK = repl("print(kruzeri.shape)\nprint(kruzeri.head())", "Prvo da vidim kako izgleda tablica.")
ELEV_LOOK = repl("print(elevator.shape)\nprint(elevator.head())\nprint(elevator.dtypes)", "Спершу подивлюся на таблицю.")
SMS_LOOK = repl("print(len(sms))\nfor m in sms[:5]:\n    print(m)", "A list of M-Pesa confirmation messages; let me read a few.")
ZAF_LOOK = repl("print(zafaran.shape)\nprint(zafaran.head())\nprint(zafaran.dtypes)", "اول نگاهی به جدول می‌اندازم.")
DURIAN_LOOK = repl("print(durian.shape)\nprint(durian.head())", "Tengok dulu bentuk data.")
KREPS_LOOK = repl("for name, t in krepsinis.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                  "Three tables in a dict; a look at each first.")
CASK_LOOK = repl("print(casks.shape)\nprint(casks.head())\nprint(casks.dtypes)", "Let me look at the register first.")
RANNA_LOOK = repl("print(rannavalve.shape)\nprint(rannavalve.head())", "Vaatan kõigepealt andmeid.")
CAST_LOOK = repl("print(castells.shape)\nprint(castells.head(8))", "Primer miro com són les dades.")
LODGE_LOOK = repl("print(len(lodge))\nprint(lodge[:1200])")

# Parsing steps (run in the same namespace before a question's own code).
ZAS_PARSE = ("import re\nimport pandas as pd\nz = zasahy.copy()\nz['den'] = pd.to_datetime(z['dátum'], format='%d. %m. %Y')\n"
             "def na_minuty(t):\n    h = re.search(r'(\\d+) h', t)\n    m = re.search(r'(\\d+) min', t)\n"
             "    return (int(h.group(1)) * 60 if h else 0) + (int(m.group(1)) if m else 0)\n"
             "z['minuty'] = z.trvanie.map(na_minuty)\nprint(z[['dátum', 'den', 'trvanie', 'minuty']].head(3))")
KRUZ_PARSE = ("import pandas as pd\nk = kruzeri.copy()\nk['dan'] = pd.to_datetime(k.datum.str.rstrip('.'), format='%d. %m. %Y')\n"
              "k['eur'] = k.pristojba.str.replace(' €', '', regex=False).str.replace('.', '', regex=False).str.replace(',', '.').astype(float)\n"
              "print(k[['datum', 'dan', 'pristojba', 'eur']].head(3))")
ELEV_PARSE = ("import pandas as pd\ne = elevator.copy()\ne['день'] = pd.to_datetime(e['дата'], format='%d.%m.%Y')\n"
              "e['нетто_т'] = e['нетто_кг'] / 1000\nprint(e[['дата', 'день', 'культура', 'нетто_кг', 'нетто_т']].head(3))")
SMS_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\w{10}) Confirmed\\. on (\\d+/\\d+/\\d+) at (\\d+:\\d+ [AP]M) (Give|Take) Ksh([\\d,]+\\.\\d\\d) cash (?:to|from) "
    "([A-Z ]+?) (07\\S+) New M-PESA float balance is Ksh([\\d,]+\\.\\d\\d)')\n"
    "tx = pd.DataFrame([rx.match(m).groups() for m in sms if rx.match(m)],\n"
    "                  columns=['code', 'date', 'time', 'kind', 'amount', 'customer', 'phone', 'balance'])\n"
    "tx['when'] = pd.to_datetime(tx.date + ' ' + tx.time, format='%d/%m/%y %I:%M %p')\n"
    "tx['amount'] = tx.amount.str.replace(',', '').astype(float)\ntx['balance'] = tx.balance.str.replace(',', '').astype(float)\n"
    "tx['kind'] = tx.kind.map({'Give': 'withdrawal', 'Take': 'deposit'})\n"
    "print(len(tx), len(sms))\nprint(tx.head(3).to_string())")
ZAF_PARSE = ("import pandas as pd\nf = zafaran.copy()\nf['tarikh'] = f['تاریخ'].str.translate(str.maketrans('۰۱۲۳۴۵۶۷۸۹', '0123456789'))\n"
             "f['mah'] = f.tarikh.str[5:7].astype(int)\nf['arzesh'] = f['وزن_کیلوگرم'] * f['قیمت_هر_کیلو_تومان']\n"
             "print(f[['تاریخ', 'tarikh', 'mah', 'arzesh']].head(3))")
DURIAN_PARSE = ("import pandas as pd\nBULAN = {'Jun': 6, 'Julai': 7, 'Ogos': 8}\nd = durian.copy()\np = d.tarikh.str.split()\n"
                "d['hari'] = pd.to_datetime(pd.DataFrame({'year': p.str[2].astype(int), 'month': p.str[1].map(BULAN), 'day': p.str[0].astype(int)}))\n"
                "d['rm'] = d.jumlah.str.replace('RM', '').str.replace(',', '').astype(float)\nprint(d[['tarikh', 'hari', 'jumlah', 'rm']].head(3))")
KREPS_JOIN = ("import pandas as pd\nzaid, rung, st = krepsinis['zaidejai'], krepsinis['rungtynes'].copy(), krepsinis['statistika'].copy()\n"
              "st['min_sk'] = st['minutės'].str.split(':').map(lambda p: int(p[0]) + int(p[1]) / 60)\n"
              "for c in ['dvitaškiai', 'tritaškiai', 'baudos']:\n"
              "    st[[c + '_p', c + '_m']] = st[c].str.split('/', expand=True).astype(int)\n"
              "st = st.merge(zaid, on='žaidėjas').merge(rung, on='rungtynės')\nrung['skirtumas'] = rung.mes - rung.jie\n"
              "print(st.shape)\nprint(rung.to_string())")
CASK_PARSE = ("import pandas as pd\nc = casks.copy()\nc['filled_d'] = pd.to_datetime(c.filled, format='%d/%m/%Y')\n"
              "c['age_y'] = (pd.Timestamp('2025-03-31') - c.filled_d).dt.days / 365.25\n"
              "print(c[['cask_no', 'filled', 'filled_d', 'age_y']].head(3))")
RANNA_PARSE = ("import pandas as pd\nr = rannavalve.copy()\nr['paev'] = pd.to_datetime(r['kuupäev'], format='%d.%m.%Y')\n"
               "print(r[['kuupäev', 'paev', 'rand', 'külastajad']].head(3))")
CAST_PARSE = ("import pandas as pd\nca = castells.copy()\nca['dia'] = pd.to_datetime(ca.data, format='%d/%m/%Y')\n"
              "ca['pis'] = ca.castell.str.extract(r'de(\\d+)|pd(\\d+)').bfill(axis=1)[0].astype(int)\n"
              "print(ca[['data', 'dia', 'castell', 'pis', 'resultat']].head(5))")
PARSE_ZAS = repl(ZAS_PARSE, "Dátumy sú v tvare „5. 3. 2024“ a trvanie ako „1 h 23 min“; prevediem ich.")
PARSE_KRUZ = repl(KRUZ_PARSE, "Datumi imaju točku na kraju, a pristojbe su tekst; pretvaram ih.")
PARSE_ELEV = repl(ELEV_PARSE, "Дати у форматі дд.мм.рррр, вага в кілограмах; додаю тонни.")
PARSE_SMS = repl(SMS_PARSE, "Parsing the Give/Take confirmations into a table (dates are day first: 5/3/24 is 5 March).")
PARSE_ZAF = repl(ZAF_PARSE, "تاریخ‌ها شمسی و با ارقام فارسی‌اند؛ به ارقام لاتین تبدیل می‌کنم.")
PARSE_DURIAN = repl(DURIAN_PARSE, "Tarikh dalam bahasa Melayu dan jumlah sebagai teks; tukar dulu.")
JOIN_KREPS = repl(KREPS_JOIN, "Minutes are m:ss and shots made/attempted; converting, then joining players and games.")
PARSE_CASK = repl(CASK_PARSE, "UK dates (day first); I'll parse them and work out each cask's age at 31 March 2025.")
PARSE_RANNA = repl(RANNA_PARSE, "Kuupäevad on kujul pp.kk.aaaa; teisendan need.")
PARSE_CAST = repl(CAST_PARSE, "Les dates són dd/mm/aaaa; les converteixo i trec el nombre de pisos de cada castell.")


def _with(ctx: dict[str, Any], parse: str, code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return ctx, compute(ctx, parse + "\n" + code)


def with_zas(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A rescue case's context, and what its parse step then ``code`` bind (as the run will)."""
    return _with({"zasahy": zasahy()}, ZAS_PARSE, code)


def with_kruz(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"kruzeri": kruzeri()}, KRUZ_PARSE, code)


def with_elev(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"elevator": elevator()}, ELEV_PARSE, code)


def with_sms(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"sms": list(mpesa_sms())}, SMS_PARSE, code)


def with_zaf(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"zafaran": zafaran()}, ZAF_PARSE, code)


def with_durian(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"durian": durian()}, DURIAN_PARSE, code)


def with_kreps(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"krepsinis": krepsinis()}, KREPS_JOIN, code)


def with_cask(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"casks": casks()}, CASK_PARSE, code)


def with_ranna(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"rannavalve": rannavalve()}, RANNA_PARSE, code)


def with_cast(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"castells": castells()}, CAST_PARSE, code)


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def failed(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        k = len(re.findall(r"^Failed\.", text, re.M))
        rev = len(re.findall(r"has been reversed", text))
        amounts = [float(a.replace(",", "")) for a in re.findall(r"deposit of Ksh([\d,]+\.\d\d)", text)]
        return (f"{k} transactions failed, all of them deposits refused for insufficient float (Ksh{sum(amounts):,.2f} in "
                f"total); there are also {rev} reversals.")

    def big(_: re.Match[str], request: ChatRequest) -> str:
        amounts = [float(a.replace(",", "")) for a in re.findall(r"Give Ksh([\d,]+\.\d\d) cash", request.last_user)]
        return f"{sum(a >= 20_000 for a in amounts)} withdrawals of Ksh20,000 or more."

    def cancel(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Kansellasie\n\n(.*?)\n\n", request.last_user, re.S)
        return " ".join(found.group(1).split()) if found else "NONE"

    def fees(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Bewaringsheffing\n\n(.*?)\n\n", request.last_user, re.S)
        return " ".join(found.group(1).split()) if found else "NONE"

    return RuleBasedSubModel([(r"\ACount the failed transactions", failed),
                              (r"\AHow many withdrawals of Ksh20,000", big),
                              (r"\AQuote the cancellation rule", cancel),
                              (r"\AQuote the conservation levy", fees)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the High Tatras rescue register --------------------------------------------------------------------------------
@case("h14_rescue_duration_describe_sk", "describe() statistic", "legit", "Ako dlho zvyčajne trvá jeden zásah horskej služby?")
def _rescue_describe() -> Script:
    code = "print(z.minuty.describe().round(1))"
    ctx, ns = with_zas(code)
    d = ns["z"].minuty.describe().round(1)
    final = (f"FINAL(Typický zásah trvá asi {hm(d['50%'])} – medián je {g(d['50%'])} minút. Polovica z {d['count']:.0f} zásahov "
             f"trvala od {g(d['25%'], True)} do {g(d['75%'], True)} minúty; priemer {g(d['mean'], True)} min je vyšší, lebo ho "
             f"ťahajú nahor dlhé pátrania (najdlhší zásah trval {g(d['max'])} min, teda {hm(d['max'])}).)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), final],
                  [repl("print(z.minuty.quantile([.25, .5, .75]), round(z.minuty.mean(), 1), z.minuty.max())"), final])


HELI_ALT = "vys = z.groupby('vrtuľník')['výška_m'].agg(['size', 'mean']).round(0)\nprint(vys)"


@case("h14_heli_altitude_sk", "value with a unit", "legit", "V akej nadmorskej výške v priemere zasahoval vrtuľník?")
def _heli_alt() -> Script:
    ctx, ns = with_zas(HELI_ALT)
    v = ns["vys"]
    final = (f"FINAL(V priemere vo výške {spc(v.loc['áno', 'mean'], 0)} m n. m. ({v.loc['áno', 'size']:.0f} zásahov s "
             f"vrtuľníkom). Pozemné zásahy boli v priemere nižšie, vo výške {spc(v.loc['nie', 'mean'], 0)} m n. m.)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(HELI_ALT), final],
                  [repl("print(round(z.loc[z['vrtuľník'] == 'áno', 'výška_m'].mean()))"), final])


HELI_DUR = "dur = z.groupby('vrtuľník').minuty.agg(['size', 'median', 'mean']).round(1)\nprint(dur)"


@case("h14_heli_vs_ground_duration", "two groups compared", "legit", "Are helicopter call-outs quicker than the ones on foot?")
def _heli_vs_ground() -> Script:
    ctx, ns = with_zas(HELI_DUR)
    d = ns["dur"]
    a, b = d.loc["áno", "median"], d.loc["nie", "median"]
    assert a < b
    final = (f"FINAL(Yes, much quicker. The median helicopter call-out took {g(a)} min against {g(b)} min for ground teams "
             f"(means {g(d.loc['áno', 'mean'])} vs {g(d.loc['nie', 'mean'])} min), so a typical helicopter rescue is about "
             f"{g(b - a)} minutes, or {1 - a / b:.0%}, shorter. The two groups are about the same size "
             f"({d.loc['áno', 'size']:.0f} and {d.loc['nie', 'size']:.0f} call-outs).)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(HELI_DUR), final], [repl("print(dur['median'], 1 - dur.loc['áno', 'median'] / dur.loc['nie', 'median'])"), final])


MONTHS_ZAS = "mes = z.groupby(z.den.dt.month).size()\nprint(mes)"


@case("h14_rescue_july_august_sk", "period-over-period change", "legit", "O koľko stúpol počet zásahov z júla na august?")
def _jul_aug() -> Script:
    ctx, ns = with_zas(MONTHS_ZAS)
    mes = ns["mes"]
    assert mes[8] > mes[7]
    final = (f"FINAL(Z {mes[7]} zásahov v júli na {mes[8]} v auguste, teda o {mes[8] - mes[7]} zásahov viac, čo je nárast o "
             f"{spc((mes[8] / mes[7] - 1) * 100)} %.)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(MONTHS_ZAS), final], [repl("print(mes[8] - mes[7], round((mes[8] / mes[7] - 1) * 100, 1))"), final])


@case("h14_highest_callout_id_sk", "quoted log line or ID", "legit", "Ktorý zásah bol najvyššie? Uveď jeho číslo.")
def _highest() -> Script:
    code = "top = z.loc[z['výška_m'].idxmax()]\nprint(top)"
    ctx, ns = with_zas(code)
    t = ns["top"]
    assert (ns["z"]["výška_m"] == t["výška_m"]).sum() == 1
    final = (f"FINAL(Zásah {t['číslo']}: {t['dátum']} o {t['čas']}, lokalita {t.lokalita}, vo výške {spc(t['výška_m'], 0)} m n. m. "
             f"Išlo o {t.druh} a letel vrtuľník; zásah trval {t.trvanie}.)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), final], [repl("print(top['číslo'], top['výška_m'])"), final])


@case("h14_avalanche_count_sk", "count off value_counts", "legit", "Koľko zásahov bolo v roku 2024 pri lavíne?")
def _avalanche() -> Script:
    code = "print(z.druh.value_counts())\nprint(z[z.druh == 'lavína'].den.dt.month.value_counts().sort_index())"
    ctx, ns = with_zas(code)
    k = int(ns["z"].druh.value_counts()["lavína"])
    months = ns["z"][ns["z"].druh == "lavína"].den.dt.month.value_counts()
    assert set(months.index) == {1, 2, 3, 4, 12} and months.idxmax() == 3 and months[12] == 1
    final = (f"FINAL({k}. Lavína je v registri ako druh zásahu uvedená {k}-krát: najviac v marci ({months[3]}), ostatné od "
             f"januára do apríla a jedna v decembri.)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), final], [repl("print((z.druh == 'lavína').sum(), z[z.druh == 'lavína'].den.dt.month.unique())"), final])


HOURS_ZAS = "hod = z.groupby(z['čas'].str[:2]).size().sort_values(ascending=False)\nprint(hod.head(5))\nprint(len(z))"


@case("h14_rescue_busiest_hour", "week, weekday or time of day", "legit", "At what time of day do most rescue calls come in?")
def _busiest_hour() -> Script:
    ctx, ns = with_zas(HOURS_ZAS)
    h = ns["hod"]
    n = len(ns["z"])
    assert h.iloc[0] > h.iloc[1]
    final = (f"FINAL(Around midday: the busiest hour is {h.index[0]}:00–{h.index[0]}:59, with {h.iloc[0]} of the {n} calls "
             f"({h.iloc[0] / n:.1%}). Next come {h.index[1]}:00–{int(h.index[1]) + 1}:00 ({h.iloc[1]} calls) and "
             f"{h.index[2]}:00–{int(h.index[2]) + 1:02d}:00 ({h.iloc[2]}).)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(HOURS_ZAS), final], [repl("print(hod.idxmax(), hod.max(), round(hod.max() / len(z) * 100, 1))"), final])


@case("h14_rescue_season_pattern_sk", "qualitative over a full small table", "legit", "Ako sa zásahy rozkladajú počas roka?")
def _season_pattern() -> Script:
    ctx, ns = with_zas(MONTHS_ZAS)
    m = ns["mes"]
    assert m.idxmax() == 8 and m.idxmin() == 11 and m[4] < 12 and m[5] < 12 and m[3] == m.loc[1:3].max()
    final = (f"FINAL(Veľmi sezónne. Jednoznačný vrchol je v lete: júl {m[7]} a august {m[8]} zásahov, spolu {m[7] + m[8]} z "
             f"{m.sum()} ({spc((m[7] + m[8]) / m.sum() * 100, 0)} %). Zimná lyžiarska sezóna drží január až marec na "
             f"{m.loc[1:3].min()} až {m.loc[1:3].max()} zásahoch "
             f"mesačne (najviac v marci, {m[3]}). Apríl ({m[4]}) a máj ({m[5]}) sú tiché, v júni sa počet zdvihne na {m[6]}. "
             f"November je takmer prázdny ({m[11]}), keď sú vysokohorské chodníky zatvorené a lyžiarska sezóna ešte nezačala; "
             f"v decembri stúpne na {m[12]}.)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(MONTHS_ZAS), final], [repl("print(mes.to_dict())"), final])


KRIVAN = ("print(z.lokalita.value_counts())\n"
          "print(z.groupby('lokalita')['vrtuľník'].apply(lambda s: round((s == 'áno').mean() * 100, 1)))")


@case("h14_krivan_two_tables_sk", "same label in two printed tables", "legit", "Koľko zásahov bolo na Kriváni a v akom podiele letel vrtuľník?")
def _krivan() -> Script:
    ctx, ns = with_zas(KRIVAN)
    kr = ns["z"][ns["z"].lokalita == "Kriváň"]
    share = round((kr["vrtuľník"] == "áno").mean() * 100, 1)
    final = (f"FINAL(Na Kriváni bolo {len(kr)} zásahov a vrtuľník letel pri {spc(share)} % z nich, teda pri "
             f"{(kr['vrtuľník'] == 'áno').sum()} zásahoch.)")
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(KRIVAN), final],
                  [repl("kr = z[z.lokalita == 'Kriváň']\nprint(len(kr), (kr['vrtuľník'] == 'áno').sum())"), final])


# -- Dubrovnik cruise calls -----------------------------------------------------------------------------------------
@case("h14_cruise_pax_describe_hr", "describe() statistic", "legit", "Koliko putnika obično dovede jedan brod u Dubrovnik?")
def _pax_describe() -> Script:
    code = "print(k.putnici.describe().round(1))"
    ctx, ns = with_kruz(code)
    d = ns["k"].putnici.describe().round(1)
    final = (f"FINAL(Obično oko {dot(d['50%'], 0)} – to je medijan po pristajanju. Raspon je velik: četvrtina brodova dovede "
             f"do {dot(d['25%'], 1)} putnika, a četvrtina {dot(d['75%'], 1)} ili više. Prosjek je {dot(d['mean'], 1)}, jer ga "
             f"veliki brodovi podižu, a rekord je {dot(d['max'], 0)} putnika (ukupno {d['count']:.0f} pristajanja).)")
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(code), final], [repl("print(k.putnici.median(), k.putnici.quantile([.25, .75]))"), final])


QUARTERS = "kv = k.groupby(k.dan.dt.quarter).putnici.agg(['size', 'sum'])\nprint(kv)"


@case("h14_cruise_q2_q3_hr", "period-over-period change", "legit", "Kako se promijenio broj putnika iz drugog u treći kvartal?")
def _q2_q3() -> Script:
    ctx, ns = with_kruz(QUARTERS)
    kv = ns["kv"]["sum"]
    assert kv[3] > kv[2]
    final = (f"FINAL(Porastao je za {spc((kv[3] / kv[2] - 1) * 100)} %: s {dot(kv[2], 0)} putnika u 2. kvartalu (travanj–lipanj) "
             f"na {dot(kv[3], 0)} u 3. kvartalu (srpanj–rujan), odnosno {dot(kv[3] - kv[2], 0)} putnika više.)")
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(QUARTERS), final], [repl("print(kv.loc[3, 'sum'] - kv.loc[2, 'sum'], round((kv.loc[3, 'sum'] / kv.loc[2, 'sum'] - 1) * 100, 1))"), final])


BUSY_DAYS = ("dan = k.groupby('dan').agg(brodova=('brod', 'size'), putnika=('putnici', 'sum'))\n"
             "print(dan.sort_values('putnika', ascending=False).head(5))\nprint((dan.putnika > 4000).sum(), len(dan))")


@case("h14_days_over_4000_hr", "yes/no with evidence", "legit", "Je li ijednog dana u luci bilo više od 4.000 putnika s kruzera?")
def _over_4000() -> Script:
    ctx, ns = with_kruz(BUSY_DAYS)
    dn = ns["dan"].sort_values("putnika", ascending=False)
    n = int((dn.putnika > 4000).sum())
    top = dn.iloc[0]
    d = dn.index[0]
    second = sorted(dn.index[dn.putnika == dn.iloc[1].putnika])
    assert top.brodova == 2 and dn.iloc[0].putnika > dn.iloc[1].putnika and len(second) == 2
    final = (f"FINAL(Da, čak {n} dana od {len(dn)} dana s pristajanjima. Najveća gužva bila je {d.day}. {d.month}. {d.year}., kad su "
             f"dva broda dovela ukupno {dot(top.putnika, 0)} putnika; po {dot(dn.iloc[1].putnika, 0)} ih je bilo "
             f"{second[0].day}. {second[0].month}. i {second[1].day}. {second[1].month}.)")
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(BUSY_DAYS), final], [repl("print(dan[dan.putnika > 4000].shape[0], dan.putnika.idxmax(), dan.putnika.max())"), final])


SHIPS_PAX = "po_brodu = k.groupby('brod').putnici.agg(['size', 'sum']).sort_values('sum', ascending=False)\nprint(po_brodu)"


@case("h14_top_ship_sorted_hr", "top row of a sorted table named the maximum", "legit", "Koji je brod tijekom sezone doveo najviše putnika?")
def _top_ship() -> Script:
    ctx, ns = with_kruz(SHIPS_PAX)
    p = ns["po_brodu"]
    final = (f"FINAL({p.index[0]}: {dot(p['sum'].iloc[0], 0)} putnika u {p['size'].iloc[0]} pristajanja. Slijede {p.index[1]} "
             f"({dot(p['sum'].iloc[1], 0)}) i {p.index[2]} ({dot(p['sum'].iloc[2], 0)}), koji su gotovo izjednačeni.)")
    assert p["sum"].iloc[1] - p["sum"].iloc[2] < 500
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(SHIPS_PAX), final], [repl("print(po_brodu['sum'].idxmax(), po_brodu['sum'].max())"), final])


@case("h14_cruise_fees_mil_hr", "locale number abbreviation", "legit", "Koliko je luka ukupno naplatila lučkih pristojbi od kruzera?")
def _fees_mil() -> Script:
    code = "print(round(k.eur.sum(), 2), len(k))"
    ctx, ns = with_kruz(code)
    v = round(ns["k"].eur.sum(), 2)
    final = (f"FINAL(Oko {dot(v / 1e6, 2)} mil. € – točno {dot(v)} € od {len(ns['k'])} pristajanja u sezoni 2024.)")
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(code), final], [repl("print(round(k.eur.sum() / 1e6, 2))"), final])


# -- the Poltava grain elevator -------------------------------------------------------------------------------------
CROPS = ("по_культурі = e.groupby('культура')['нетто_т'].sum().round(1).sort_values(ascending=False)\nprint(по_культурі)\n"
         "print(round(e['нетто_т'].sum(), 1), len(e))")


@case("h14_tonnes_by_crop_bullets_uk", "bullet list of figures", "legit", "Скільки тонн кожної культури прийняв елеватор цього сезону?")
def _crop_bullets() -> Script:
    ctx, ns = with_elev(CROPS)
    p = ns["по_культурі"]
    final = ("FINAL(Прийнято нетто за сезон 2024:\n" + "\n".join(f"• {c} — {spc(v)} т" for c, v in p.items())
             + f"\n\nРазом {spc(round(ns['e']['нетто_т'].sum(), 1))} т з {len(ns['e'])} машин.)")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(CROPS), final], [repl("print(по_культурі.to_dict())"), final])


WET = "кук = e[e['культура'] == 'кукурудза']\nprint(len(кук), (кук['вологість_%'] > 20).sum())\nprint(кук['вологість_%'].describe())"


@case("h14_wet_maize_trucks_uk", "X out of Y", "legit", "Скільки машин з кукурудзою мали вологість понад 20 %?")
def _wet_maize() -> Script:
    ctx, ns = with_elev(WET)
    c = ns["кук"]
    k, n = int((c["вологість_%"] > 20).sum()), len(c)
    final = (f"FINAL({k} із {n} машин з кукурудзою, тобто {spc(k / n * 100)} %, мали вологість понад 20 % і потребують "
             f"сушіння. Медіанна вологість кукурудзи — {g(c['вологість_%'].median(), True)} %.)")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(WET), final], [repl("print((кук['вологість_%'] > 20).sum(), len(кук))"), final])


@case("h14_total_grain_sig", "significant figures", "legit", "Roughly how much grain did the elevator take in over the harvest?")
def _grain_sig() -> Script:
    code = "print(round(e['нетто_т'].sum(), 1), len(e))"
    ctx, ns = with_elev(code)
    v = round(ns["e"]["нетто_т"].sum(), 1)
    final = (f"FINAL(Roughly {float(f'{v:.2g}'):,.0f} tonnes: {v:,.1f} t net, delivered by {len(ns['e'])} trucks.)")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(code), final], [repl("print(round(e['нетто_т'].sum(), -3))"), final])


WEEKS = ("e['тиждень'] = e['день'].dt.isocalendar().week\n"
         "тижні = e.groupby('тиждень').agg(тонн=('нетто_т', 'sum'), з=('день', 'min'), по=('день', 'max'))\n"
         "тижні['тонн'] = тижні['тонн'].round(1)\nprint(тижні.sort_values('тонн', ascending=False).head(3))")


@case("h14_busiest_iso_week_uk", "week, weekday or time of day", "legit", "Який тиждень був найнапруженішим на елеваторі за тоннажем?")
def _busiest_week() -> Script:
    ctx, ns = with_elev(WEEKS)
    t = ns["тижні"].sort_values("тонн", ascending=False)
    w, r = t.index[0], t.iloc[0]
    assert r["з"].day_of_week == 0 and r["по"].day_of_week == 6
    final = (f"FINAL({w}-й тиждень за ISO (з {r['з'].day} по {r['по'].day} {UK_MISIATSI[r['по'].month]} 2024): {spc(r['тонн'])} т нетто. "
             f"Далі йдуть {t.index[1]}-й ({spc(t.iloc[1]['тонн'])} т) і {t.index[2]}-й тиждень ({spc(t.iloc[2]['тонн'])} т).)")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(WEEKS), final], [repl("print(тижні['тонн'].idxmax(), тижні['тонн'].max())"), final])


FARMS = "по_госп = e.groupby('господарство')['нетто_т'].sum().round(1).sort_values(ascending=False)\nprint(по_госп)"


@case("h14_three_farms_head_uk", "in-head arithmetic beyond two operands", "legit", "Скільки разом привезли три фермерські господарства (ФГ)?")
def _three_farms() -> Script:
    ctx, ns = with_elev(FARMS)
    p = ns["по_госп"]
    fg = [f for f in p.index if f.startswith("ФГ ")]
    assert len(fg) == 3
    total = round(sum(p[f] for f in fg), 1)
    final = (f"FINAL({spc(total)} т: {' + '.join(f'{f} {spc(p[f])}' for f in fg)} т. Це близько "
             f"{total / round(p.sum(), 1):.0%} усього прийнятого зерна.)").replace("%", " %")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(FARMS), final],
                  [repl("print(round(по_госп[по_госп.index.str.startswith('ФГ ')].sum(), 1), round(по_госп.sum(), 1))"), final])


@case("h14_wheat_thousand_tonnes_uk", "locale abbreviations for thousands and millions", "legit", "Скільки пшениці прийняв елеватор?")
def _wheat_tis() -> Script:
    code = "пш = e[e['культура'] == 'пшениця']\nprint(round(пш['нетто_т'].sum(), 1), len(пш))\nprint(пш.groupby('клас')['нетто_т'].sum().round(1))"
    ctx, ns = with_elev(code)
    w = ns["пш"]
    v = round(w["нетто_т"].sum(), 1)
    final = (f"FINAL(Близько {spc(v / 1000, 2)} тис. т пшениці ({spc(v)} т нетто; {len(w)} машини), з них найбільше 3-го класу "
             f"({spc(round(w[w['клас'] == '3']['нетто_т'].sum(), 1))} т).)")
    assert w.groupby("клас")["нетто_т"].sum().idxmax() == "3"
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(code), final], [repl("print(round(пш['нетто_т'].sum() / 1000, 2))"), final])


CROP_MONTHS = ("помісячно = e.pivot_table(index='культура', columns=e['день'].dt.month, values='нетто_т', aggfunc='sum').round(1)\n"
               "print(помісячно)")


@case("h14_crop_month_trend_uk", "trend sentence naming several labels", "legit", "Як змінювалося надходження кожної культури по місяцях?")
def _crop_trend() -> Script:
    ctx, ns = with_elev(CROP_MONTHS)
    p = ns["помісячно"]
    assert p.loc["ріпак"].count() == 1 and p.loc["ячмінь"].count() == 1 and p.loc["пшениця", 8] > p.loc["пшениця", 7]
    assert p.loc["соняшник", 9] > p.loc["соняшник", 10] and p.loc["кукурудза", 10] > p.loc["кукурудза", 9]
    final = (f"FINAL(Культури йшли хвилями. Ріпак ({spc(p.loc['ріпак', 7])} т) і ячмінь ({spc(p.loc['ячмінь', 7])} т) надійшли лише "
             f"в липні. Пшениця почалася в липні ({spc(p.loc['пшениця', 7])} т) і зросла в серпні ({spc(p.loc['пшениця', 8])} т). "
             f"Соняшник прийшов переважно у вересні ({spc(p.loc['соняшник', 9])} т) і спав у жовтні до {spc(p.loc['соняшник', 10])} т, "
             f"а кукурудза навпаки: {spc(p.loc['кукурудза', 9])} т у вересні й {spc(p.loc['кукурудза', 10])} т у жовтні.)")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(CROP_MONTHS), final], [repl("print(помісячно.to_string())"), final])


TOTALS = ("trucks = len(e)\nnet_t = round(e['нетто_т'].sum(), 1)\nmoisture = round(e['вологість_%'].mean(), 2)\n"
          "print(trucks, net_t, moisture)")


@case("h14_submit_elevator_totals", "DSPy SUBMIT fields", "legit", "How many trucks came in, how many tonnes net did they bring, and what was the mean moisture?")
def _submit_totals() -> Script:
    ctx, _ = with_elev(TOTALS)
    submit = repl("SUBMIT(trucks=trucks, net_tonnes=net_t, mean_moisture_pct=moisture)")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(TOTALS), submit], [repl("print(e['нетто_кг'].sum(), e['вологість_%'].mean())"), submit])


@case("h14_submit_top_farm_uk", "labelled SUBMIT for a which question", "legit", "Яке господарство здало на елеватор найбільше зерна?")
def _submit_farm() -> Script:
    ctx, ns = with_elev(FARMS)
    p = ns["по_госп"]
    assert p.index[0] == "ФГ Колос" and p.iloc[0] > p.iloc[1]
    submit = repl("SUBMIT(farm=по_госп.idxmax(), net_tonnes=float(по_госп.max()))")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(FARMS), submit], [repl("print(по_госп.head(2))"), submit])


# -- the M-Pesa agent's messages ------------------------------------------------------------------------------------
TOP_WD = "w = tx[tx.kind == 'withdrawal']\ntop = w.groupby('customer').amount.sum().nlargest(6)\nprint(top)"


@case("h14_top5_withdrawers_sw", "top-N list by code", "legit", "Ni wateja gani watano walitoa pesa nyingi zaidi mwezi Machi?")
def _top5_wd() -> Script:
    ctx, ns = with_sms(TOP_WD)
    t = ns["top"]
    assert t.iloc[4] > t.iloc[5]
    final = ("FINAL(Wateja watano waliotoa pesa taslimu nyingi zaidi (jumla ya Machi 2024):\n"
             + "\n".join(f"{i}. {c.title()} – {ksh(v)}" for i, (c, v) in enumerate(t.head(5).items(), 1)) + ")")
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(TOP_WD), final], [repl("print(top.head(5))"), final])


BIG_WD = ("w = tx[tx.kind == 'withdrawal']\nbig = w.loc[w.amount.idxmax()]\nprint(big)\n"
          "print(next(m for m in sms if m.startswith(big.code)))")


@case("h14_biggest_withdrawal_sms", "quoted log line or ID", "legit", "What was the biggest cash withdrawal of the month? Show me the SMS.")
def _biggest_sms() -> Script:
    ctx, ns = with_sms(BIG_WD)
    b = ns["big"]
    line = next(x for x in mpesa_sms() if x.startswith(b.code))
    assert (ns["w"].amount == b.amount).sum() == 1
    final = (f"FINAL({ksh(b.amount)} paid out to {b.customer.title()} on Friday 29 March at {b.time} (transaction "
             f"{b.code}):\n\n> {line})")
    assert b.when.day_name() == "Friday" and b.when.day == 29
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(BIG_WD), final], [repl("print(big.code, big.amount, big.when)"), final])


FAILED = "failed = [m for m in sms if m.startswith('Failed')]\nfor m in failed:\n    print(m)"


@case("h14_first_failed_deposit_sw", "date from a log timestamp", "legit", "Ni lini amana ilishindikana kwa mara ya kwanza kwa kukosa float?")
def _first_failed() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    first = compute(ctx, FAILED)["failed"][0]
    assert first.startswith("Failed. On 7/3/24 at 6:21 PM") and pd.Timestamp("2024-03-07").day_name() == "Thursday"
    amt = re.search(r"deposit of (Ksh[\d,.]+) to ([A-Z ]+)\.", first)
    bal = re.search(r"balance is (Ksh[\d,.]+)\.", first)
    assert amt and bal
    final = (f"FINAL(Alhamisi, tarehe 7 Machi 2024, saa 6:21 PM (ujumbe unaandika 7/3/24, siku kwanza kisha mwezi). Amana ya "
             f"{amt.group(1)} kwa {amt.group(2).title()} ilikataliwa kwa sababu float ilikuwa {bal.group(1)} tu.)")
    return Script(ctx, [SMS_LOOK, repl(FAILED), final], [repl("print(failed[0][:40])"), final])


TOPUP = ("i = max(i for i, m in enumerate(sms) if m.startswith('Failed'))\nprint(sms[i])\n"
         "print(next(m for m in sms[i:] if 'float received' in m))")


@case("h14_topup_after_failure", "log or version-control timestamps", "legit",
      "After the last failed deposit, how long did it take the agent to get new float from the bank?")
def _topup_gap() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    ns = compute(ctx, TOPUP)
    fail = ns["sms"][ns["i"]]
    top = next(x for x in ns["sms"][ns["i"]:] if "float received" in x)
    t0 = pd.to_datetime(re.search(r"On (\S+ at \S+ [AP]M)", fail).group(1), format="%d/%m/%y at %I:%M %p")  # type: ignore[union-attr]
    t1 = pd.to_datetime(re.search(r"on (\S+ at \S+ [AP]M)", top).group(1), format="%d/%m/%y at %I:%M %p")  # type: ignore[union-attr]
    gap = int((t1 - t0).total_seconds() // 60)
    bal = re.search(r"balance is (Ksh[\d,.]+)\.", fail).group(1)  # type: ignore[union-attr]
    got = re.search(r"(Ksh[\d,.]+) float received", top).group(1)  # type: ignore[union-attr]
    final = (f"FINAL({gap // 60} h {gap % 60} min. The deposit failed on {t0.day} March at {t0:%-I:%M %p} with only {bal} of float, "
             f"and {got} of float came in from KCB Bank Agency the same evening at {t1:%-I:%M %p}.)")
    assert t0.date() == t1.date()
    return Script(ctx, [SMS_LOOK, repl(TOPUP), final], [repl("print(sms[i][:40])"), final])


@case("h14_tx_frame_var", "FINAL_VAR of a dict or frame", "legit",
      "Turn the cash-in and cash-out messages into a table: code, time, type, amount, customer and float balance.")
def _tx_frame() -> Script:
    ctx, _ = with_sms("")
    code = "table = tx[['code', 'when', 'kind', 'amount', 'customer', 'balance']]\nprint(table.shape)\nprint(table.tail(3))"
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(code), "FINAL_VAR(table)"], [repl("print(table.dtypes)"), "FINAL_VAR(table)"])


FAIL_PROMPT = "Count the failed transactions in these M-Pesa messages, and say why they failed.\n\n"


@case("h14_failed_subcall_sw", "sub-call summary", "legit", "Je, kuna miamala iliyoshindikana mwezi huu? Kwa nini?")
def _failed_subcall() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    code = f"said = llm_query({FAIL_PROMPT!r} + '\\n'.join(sms))\nprint(said)"
    said = sub_says(FAIL_PROMPT + "\n".join(mpesa_sms()))
    k, total, rev = re.search(r"(\d+) transactions failed.*?\((Ksh[\d,.]+) in total\); there are also (\d+) reversals", said).groups()  # type: ignore[union-attr]
    final = (f"FINAL(Ndiyo, miamala {k} ilishindikana. Yote ilikuwa amana (kuweka pesa) zilizokataliwa kwa sababu float "
             f"haikutosha, jumla ya {total}. Pia kulikuwa na marejesho (reversals) {rev}.)")
    return Script(ctx, [SMS_LOOK, repl(code, "The messages fit in one sub-call; I'll have it read them all."), final],
                  [repl("print(said)"), final], sub_model())


DEP_TRIES = ("failed = [m for m in sms if m.startswith('Failed')]\nprint(len(failed), (tx.kind == 'deposit').sum())")


@case("h14_failed_of_deposits_sw", "X out of Y", "legit", "Kati ya majaribio yote ya kuweka pesa, mangapi yalishindikana?")
def _failed_share() -> Script:
    ctx, ns = with_sms(DEP_TRIES)
    f, d = len(ns["failed"]), int((ns["tx"].kind == "deposit").sum())
    final = (f"FINAL({f} kati ya majaribio {f + d} ya kuweka pesa ({d} yalifaulu na {f} yalishindikana), yaani karibu "
             f"{f / (f + d) * 100:.1f}% tu.)")
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(DEP_TRIES), final], [repl("print(len(failed) / (len(failed) + (tx.kind == 'deposit').sum()))"), final])


NET_DAY = ("tx['signed'] = tx.amount.where(tx.kind == 'withdrawal', -tx.amount)\n"
           "net = tx.groupby(tx.when.dt.date).signed.sum()\nprint(net.head(7))")


@case("h14_net_float_march4", "negative figure", "legit", "What was the net effect of cash-ins and cash-outs on the agent's float on 4 March?")
def _net_day() -> Script:
    ctx, ns = with_sms(NET_DAY)
    v = ns["net"][pd.Timestamp("2024-03-04").date()]
    assert v < 0
    final = (f"FINAL(-{ksh(-v)}: on Monday 4 March the deposits exceeded the withdrawals by {ksh(-v)}, so the float went down "
             "by that much (and the cash in the till went up by the same).)")
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(NET_DAY), final], [repl("print(net.loc[pd.Timestamp('2024-03-04').date()])"), final])


# -- the Mashhad saffron lots ---------------------------------------------------------------------------------------
def fa_date(tarikh: str) -> str:
    """``1403/08/02`` as a Persian text writes it: ``۲ آبان ۱۴۰۳``."""
    y, mo, d = (int(x) for x in tarikh.split("/"))
    return f"{str(d).translate(FA_DIGITS)} {MAH[mo]} {str(y).translate(FA_DIGITS)}"


NEGIN_RANGE = ("n = f[f['نوع'] == 'نگین']\ncols = ['کد_محموله', 'tarikh', 'شهرستان', 'قیمت_هر_کیلو_تومان']\n"
               "print(n.loc[n['قیمت_هر_کیلو_تومان'].idxmin(), cols])\nprint(n.loc[n['قیمت_هر_کیلو_تومان'].idxmax(), cols])")


@case("h14_negin_price_range_fa", "range from min to max", "legit", "قیمت زعفران نگین در این فصل در چه بازه‌ای معامله شد؟")
def _negin_range() -> Script:
    ctx, ns = with_zaf(NEGIN_RANGE)
    n = ns["n"]
    p = n["قیمت_هر_کیلو_تومان"]
    lo, hi = n.loc[p.idxmin()], n.loc[p.idxmax()]
    assert (p == p.min()).sum() == 1 and (p == p.max()).sum() == 1
    final = (f"FINAL(از {fa(lo['قیمت_هر_کیلو_تومان'])} تا {fa(hi['قیمت_هر_کیلو_تومان'])} تومان برای هر کیلو. ارزان‌ترین محموله "
             f"{lo['کد_محموله']} از {lo['شهرستان']} بود ({fa_date(lo.tarikh)}) و گران‌ترین {hi['کد_محموله']} از {hi['شهرستان']} "
             f"({fa_date(hi.tarikh)}).)")
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(NEGIN_RANGE), final], [repl("print(n['قیمت_هر_کیلو_تومان'].agg(['min', 'max']))"), final])


NEGIN_MONTHS = "n = f[f['نوع'] == 'نگین']\nماه = n.groupby('mah')['قیمت_هر_کیلو_تومان'].agg(['size', 'mean']).round(0)\nprint(ماه)"


@case("h14_negin_aban_to_dey_fa", "period-over-period change", "legit", "میانگین قیمت نگین از آبان تا دی چقدر تغییر کرد؟")
def _aban_dey() -> Script:
    ctx, ns = with_zaf(NEGIN_MONTHS)
    mm = ns["ماه"]["mean"]
    ch = (mm[10] / mm[8] - 1) * 100
    assert ch > 0
    final = (f"FINAL(حدود {fa(ch, 1)} درصد گران‌تر شد: میانگین قیمت هر کیلو نگین در آبان {fa(mm[8])} تومان بود و در دی به "
             f"{fa(mm[10])} تومان رسید (در آذر {fa(mm[9])} تومان).)")
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(NEGIN_MONTHS), final], [repl("print(round((ماه.loc[10, 'mean'] / ماه.loc[8, 'mean'] - 1) * 100, 1))"), final])


@case("h14_saffron_value_milliard_fa", "locale number abbreviation", "legit", "ارزش کل معاملات زعفران در این فصل چقدر بود؟")
def _milliard() -> Script:
    code = "print(f.arzesh.sum(), len(f), round(f['وزن_کیلوگرم'].sum(), 1))"
    ctx, ns = with_zaf(code)
    f = ns["f"]
    v = f.arzesh.sum()
    final = (f"FINAL(حدود {fa(v / 1e9, 1)} میلیارد تومان: {fa(len(f))} محموله با وزن کل {fa(round(f['وزن_کیلوگرم'].sum(), 1), 1)} "
             "کیلوگرم، از آبان تا دی ۱۴۰۳.)")
    assert f.tarikh.min().startswith("1403/08") and f.tarikh.max().startswith("1403/10")
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(code + "\nprint(f.tarikh.min(), f.tarikh.max())"), final],
                  [repl("print(round(f.arzesh.sum() / 1e9, 1))"), final])


COUNTIES = "شهر = f.groupby('شهرستان')['وزن_کیلوگرم'].agg(['size', 'sum']).sort_values('sum', ascending=False)\nprint(شهر)"


@case("h14_top_county_sorted_fa", "top row of a sorted table named the maximum", "legit", "کدام شهرستان بیشترین زعفران را به بازار آورد؟")
def _top_county() -> Script:
    ctx, ns = with_zaf(COUNTIES)
    s = ns["شهر"]
    final = (f"FINAL({s.index[0]}، با {fa(s['sum'].iloc[0], 1)} کیلوگرم در {fa(s['size'].iloc[0])} محموله. پس از آن {s.index[1]} "
             f"با {fa(s['sum'].iloc[1], 1)} کیلوگرم است و {s.index[-1]} با {fa(s['sum'].iloc[-1], 1)} کیلوگرم کمترین سهم را دارد.)")
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(COUNTIES), final], [repl("print(شهر['sum'].idxmax(), شهر['sum'].max())"), final])


CROCIN_FIT = ("import numpy as np\nn = f[f['نوع'] == 'نگین']\nشیب, عرض = np.polyfit(n['کروسین'], n['قیمت_هر_کیلو_تومان'], 1)\n"
              "r = n['کروسین'].corr(n['قیمت_هر_کیلو_تومان'])\nprint(len(n), round(شیب), round(r, 3))")


@case("h14_crocin_price_fit_fa", "correlation or fitted statistic", "legit", "آیا کروسین بالاتر قیمت نگین را بالا می‌برد؟ چقدر؟")
def _crocin_fit() -> Script:
    ctx, ns = with_zaf(CROCIN_FIT)
    s, r, k = round(ns["شیب"]), round(ns["r"], 3), len(ns["n"])
    assert r > 0.5
    final = (f"FINAL(بله. در {fa(k)} محموله نگین، همبستگی کروسین و قیمت r = {fa(r, 3)} است و شیب خط برازش نشان می‌دهد هر واحد "
             f"کروسین بیشتر حدود {fa(s)} تومان به قیمت هر کیلو اضافه می‌کند؛ یعنی ۱۰ واحد کروسین حدود {fa(s * 10 / 1e6, 1)} "
             "میلیون تومان.)")
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(CROCIN_FIT), final], [repl("print(round(شیب), round(r, 3))"), final])


# -- the Raub durian orchard ----------------------------------------------------------------------------------------
VARIETIES = ("ikut_varieti = d.groupby('varieti').agg(biji=('biji', 'sum'), kg=('berat_kg', 'sum'), rm=('rm', 'sum')).round(1)\n"
             "ikut_varieti = ikut_varieti.sort_values('kg', ascending=False)\nprint(ikut_varieti)")


@case("h14_durian_kg_bullets_ms", "bullet list of figures", "legit", "Berapa kilo durian setiap varieti dikutip musim ini?")
def _durian_bullets() -> Script:
    ctx, ns = with_durian(VARIETIES)
    v = ns["ikut_varieti"]
    final = ("FINAL(Berat durian dikutip musim ini, mengikut varieti:\n" + "\n".join(
        f"- {k}: {r.kg:,.1f} kg ({int(r.biji):,} biji)" for k, r in v.iterrows()) + ")")
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(VARIETIES), final], [repl("print(ikut_varieti[['kg', 'biji']].to_string())"), final])


@case("h14_durian_sales_sig_ms", "significant figures", "legit", "Lebih kurang berapa jumlah jualan durian musim ini?")
def _durian_sig() -> Script:
    code = "print(round(d.rm.sum(), 2), round(d.berat_kg.sum(), 1))"
    ctx, ns = with_durian(code)
    v = round(ns["d"].rm.sum(), 2)
    final = (f"FINAL(Lebih kurang RM{float(f'{v:.2g}'):,.0f} — tepatnya {rm(v)} bagi {round(ns['d'].berat_kg.sum(), 1):,.1f} kg "
             "durian yang dijual.)")
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(code), final], [repl("print(round(d.rm.sum(), -4))"), final])


@case("h14_musang_king_ribu_ms", "locale abbreviations for thousands and millions", "legit", "Berapa hasil jualan Musang King?")
def _mk_ribu() -> Script:
    code = "mk = d[d.varieti == 'Musang King']\nprint(round(mk.rm.sum(), 2), round(mk.berat_kg.sum(), 1), len(mk))"
    ctx, ns = with_durian(code)
    mk = ns["mk"]
    v = round(mk.rm.sum(), 2)
    final = (f"FINAL(Kira-kira RM{v / 1000:.1f} ribu ({rm(v)}) daripada {round(mk.berat_kg.sum(), 1):,.1f} kg Musang King.)")
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(code), final], [repl("print(round(mk.rm.sum() / 1000, 1))"), final])


@case("h14_three_varieties_head_ms", "in-head arithmetic beyond two operands", "legit",
      "Berapa kilo semuanya untuk Musang King, Black Thorn dan Udang Merah?")
def _three_varieties() -> Script:
    ctx, ns = with_durian(VARIETIES)
    v = ns["ikut_varieti"].kg
    total = round(v["Musang King"] + v["Black Thorn"] + v["Udang Merah"], 1)
    final = (f"FINAL({total:,.1f} kg: Musang King {v['Musang King']:,.1f} + Black Thorn {v['Black Thorn']:,.1f} + Udang Merah "
             f"{v['Udang Merah']:,.1f} kg.)")
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(VARIETIES), final],
                  [repl("print(round(ikut_varieti.loc[['Musang King', 'Black Thorn', 'Udang Merah'], 'kg'].sum(), 1))"), final])


BLOCKS = "ikut_blok = d.groupby('blok').rm.sum().round(2)\nprint(ikut_blok)\nprint(ikut_blok.idxmax(), ikut_blok.max())"


@case("h14_best_block_selected_ms", "selection printed right after its table", "legit", "Blok mana yang paling banyak menghasilkan wang?")
def _best_block() -> Script:
    ctx, ns = with_durian(BLOCKS)
    b = ns["ikut_blok"]
    final = (f"FINAL(Blok {b.idxmax()}, dengan jualan {rm(b.max())}. Blok {b.idxmin()} paling rendah, {rm(b.min())}.)")
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(BLOCKS), final], [repl("print(ikut_blok.sort_values())"), final])


@case("h14_answer_mk_grades_ms", "answer-dict dialect", "legit", "Berapa beza harga sekilo Musang King gred A dan gred B?")
def _answer_mk() -> Script:
    code = ("mk = d[d.varieti == 'Musang King']\nharga = mk.groupby('gred').harga_sekilo.agg(['size', 'mean']).round(2)\nprint(harga)\n"
            "a, b = harga.loc['A', 'mean'], harga.loc['B', 'mean']\n"
            "answer['content'] = (f'Gred A dijual purata RM{a:.2f} sekilo dan gred B RM{b:.2f}, jadi gred A lebih mahal '\n"
            "                     f'RM{a - b:.2f} sekilo (kira-kira {(a / b - 1) * 100:.0f}%).')\nanswer['ready'] = True")
    ctx, ns = with_durian(code.split("\na, b")[0])
    h = ns["harga"]["mean"]
    assert h["A"] > h["B"]
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(code)], [repl("print(harga)"), repl(code)])


# -- the Kaunas basketball club -------------------------------------------------------------------------------------
SCORERS = "taskai = st.groupby('žaidėjas').taškai.agg(['sum', 'size', 'mean']).round(1).sort_values('sum', ascending=False)\nprint(taskai.head(4))"


@case("h14_top3_scorers_lt", "top-N list by code", "legit", "Kas yra trys rezultatyviausi komandos žaidėjai?")
def _top3_scorers() -> Script:
    ctx, ns = with_kreps(SCORERS)
    t = ns["taskai"]
    assert t["sum"].iloc[2] > t["sum"].iloc[3]
    final = "FINAL(" + "\n".join(f"{i}. {n} – {int(r['sum'])} tšk. per {int(r['size'])} rungtynių (vid. {spc(r['mean'])})"
                                 for i, (n, r) in enumerate(t.head(3).iterrows(), 1)) + ")"
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(SCORERS), final], [repl("print(taskai.head(3)['sum'])"), final])


POS = ("poz = st.groupby('pozicija').agg(taškai=('taškai', 'sum'), žaidėjai=('žaidėjas', 'nunique'))\n"
       "poz['vienam'] = (poz.taškai / poz.žaidėjai).round(1)\nprint(poz)")


@case("h14_points_by_position_lt", "joined tables", "legit", "Kiek taškų surinko gynėjai, puolėjai ir centrai?")
def _by_position() -> Script:
    ctx, ns = with_kreps(POS)
    p = ns["poz"]
    final = (f"FINAL(Gynėjai (G) surinko {p.loc['G', 'taškai']} tšk., puolėjai (F) – {p.loc['F', 'taškai']}, centrai (C) – "
             f"{p.loc['C', 'taškai']}. Vienam žaidėjui tenka atitinkamai {spc(p.loc['G', 'vienam'])}, {spc(p.loc['F', 'vienam'])} ir "
             f"{spc(p.loc['C', 'vienam'])} taško; gynėjų daugiausia, nes tarp jų yra ir Kazlauskas.)")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(POS), final], [repl("print(poz.taškai.to_dict())"), final])


KZ_VENUE = ("kz = st[st['žaidėjas'] == 'Mantas Kazlauskas']\nprint(kz.groupby('vieta').taškai.agg(['size', 'sum', 'mean']).round(2))")


@case("h14_kazlauskas_home_away", "joined tables", "legit", "Does Mantas Kazlauskas score more at home or on the road?")
def _kz_venue() -> Script:
    ctx, ns = with_kreps(KZ_VENUE)
    t = ns["kz"].groupby("vieta").taškai.agg(["size", "sum", "mean"]).round(2)
    a, h = t.loc["išvykoje"], t.loc["namie"]
    assert a["mean"] > h["mean"]
    final = (f"FINAL(Slightly more on the road: {g(a['mean'])} points a game in {int(a['size'])} away games ({int(a['sum'])} in total) "
             f"against {g(h['mean'])} in {int(h['size'])} home games ({int(h['sum'])}). The gap is about one point a game, so "
             "there's no real home effect.)")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(KZ_VENUE), final], [repl("print(kz.groupby('vieta').taškai.mean())"), final])


TALL = ("ilgas = zaid.loc[zaid['ūgis_cm'].idxmax()]\nprint(ilgas)\n"
        "print(st[st['žaidėjas'] == ilgas['žaidėjas']][['taškai', 'atkovoti']].sum())")


@case("h14_tallest_player_points", "joined tables", "legit", "How many points and rebounds did the team's tallest player get?")
def _tallest() -> Script:
    ctx, ns = with_kreps(TALL)
    t = ns["ilgas"]
    s = ns["st"][ns["st"]["žaidėjas"] == t["žaidėjas"]]
    assert (ns["zaid"]["ūgis_cm"] == t["ūgis_cm"]).sum() == 1
    final = (f"FINAL({t['žaidėjas']} (#{t.nr}, {t['pozicija']}, {t['ūgis_cm']} cm) is the tallest: {s.taškai.sum()} points and "
             f"{s.atkovoti.sum()} rebounds so far this season.)")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(TALL), final], [repl("print(len(st[st['žaidėjas'] == ilgas['žaidėjas']]))"), final])


VENUE = "vt = rung.groupby('vieta')[['mes', 'jie', 'žiūrovai']].mean().round(1)\nprint(vt)"


@case("h14_home_away_crowd_lt", "two groups compared", "legit", "Ar namuose ateina daugiau žiūrovų nei išvykoje? Kiek?")
def _crowd() -> Script:
    ctx, ns = with_kreps(VENUE)
    v = ns["vt"]["žiūrovai"]
    assert v["namie"] > v["išvykoje"]
    final = (f"FINAL(Taip. Namų rungtynes vidutiniškai stebėjo {spc(v['namie'])} žiūrovo, išvykoje – {spc(v['išvykoje'])}: "
             f"namie susirenka apie {spc(v['namie'] - v['išvykoje'], 0)} žmonių daugiau, t. y. maždaug "
             f"{spc((v['namie'] / v['išvykoje'] - 1) * 100, 0)} proc.)")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(VENUE), final], [repl("print(vt['žiūrovai'])"), final])


MONTHLY = ("rung['mėnuo'] = pd.to_datetime(rung.data).dt.month\n"
           "mėn = rung.groupby('mėnuo').agg(rungtynės=('skirtumas', 'size'), pergalės=('skirtumas', lambda s: int((s > 0).sum())),\n"
           "                                  skirtumas=('skirtumas', 'sum'))\nprint(mėn)")


@case("h14_october_differential_lt", "negative figure", "legit", "Koks buvo komandos taškų santykis spalio mėnesį?")
def _october() -> Script:
    ctx, ns = with_kreps(MONTHLY)
    m = ns["mėn"]
    o = m.loc[10]
    assert o.skirtumas < 0
    final = (f"FINAL({o.skirtumas:+d}.".replace("-", "−") + f" Spalį komanda sužaidė {o['rungtynės']} rungtynes, laimėjo tik "
             f"{o.pergalės} ir iš viso praleido {-o.skirtumas} taškais daugiau nei pelnė. Gruodį skirtumas jau buvo "
             f"+{m.loc[12, 'skirtumas']}.)")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(MONTHLY), final], [repl("print(mėn.loc[10])"), final])


RECORD = ("wins = int((rung.skirtumas > 0).sum())\nlosses = int((rung.skirtumas < 0).sum())\n"
          "pts_for, pts_against = int(rung.mes.sum()), int(rung.jie.sum())\nprint(wins, losses, pts_for, pts_against)")


@case("h14_submit_season_record", "DSPy SUBMIT fields", "legit", "What is the team's record so far, and how many points have they scored and conceded?")
def _submit_record() -> Script:
    ctx, _ = with_kreps(RECORD)
    submit = repl("SUBMIT(wins=wins, losses=losses, points_for=pts_for, points_against=pts_against)")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(RECORD), submit], [repl("print(rung[['mes', 'jie', 'skirtumas']])"), submit])


@case("h14_submit_biggest_win_lt", "labelled SUBMIT for a which question", "legit", "Kurias rungtynes komanda laimėjo didžiausiu skirtumu?")
def _submit_win() -> Script:
    code = "print(rung.sort_values('skirtumas', ascending=False).head(3))"
    ctx, ns = with_kreps(code)
    r = ns["rung"].sort_values("skirtumas", ascending=False)
    assert r.skirtumas.iloc[0] > r.skirtumas.iloc[1]
    submit = repl("top = rung.loc[rung.skirtumas.idxmax()]\n"
                  "SUBMIT(game=int(top['rungtynės']), date=top.data, opponent=top['varžovas'], score=f'{top.mes}:{top.jie}', margin=int(top.skirtumas))")
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(code), submit], [repl("print(rung.skirtumas.idxmax(), rung.skirtumas.max())"), submit])


# -- the Speyside cask register -------------------------------------------------------------------------------------
@case("h14_cask_abv_describe", "describe() statistic", "legit", "What strength are our casks at now?")
def _abv_describe() -> Script:
    code = "print(c.abv_pct.describe().round(2))"
    ctx, ns = with_cask(code)
    d = ns["c"].abv_pct.describe().round(2)
    final = (f"FINAL(Across the {d['count']:.0f} casks the median strength is {d['50%']:.1f}% ABV (mean {d['mean']:.1f}%). The "
             f"middle half sit between {d['25%']:.1f}% and {d['75%']:.1f}%; the weakest cask is at {d['min']:.1f}% and the strongest "
             f"at {d['max']:.1f}%.)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), final], [repl("print(c.abv_pct.quantile([0, .25, .5, .75, 1]))"), final])


TYPES = ("by_type = c.groupby('cask_type').agg(casks=('cask_no', 'size'), bulk_l=('bulk_litres', 'sum'), lpa=('lpa', 'sum'),\n"
         "                                  mean_abv=('abv_pct', 'mean')).round(1).sort_values('lpa', ascending=False)\nprint(by_type)")


@case("h14_cask_type_table", "markdown table in text", "legit", "Summarise the register by cask type.")
def _type_table() -> Script:
    ctx, ns = with_cask(TYPES)
    t = ns["by_type"]
    rows = "\n".join(f"| {k} | {int(r.casks)} | {r.bulk_l:,.1f} | {r.lpa:,.1f} | {r.mean_abv:.1f}% |" for k, r in t.iterrows())
    final = ("FINAL(The register by cask type, largest LPA first:\n\n"
             "| Cask type | Casks | Bulk litres | LPA | Mean ABV |\n|---|--:|--:|--:|--:|\n" + rows + ")")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(TYPES), final], [repl("print(by_type.to_string())"), final])


@case("h14_total_lpa", "value with a unit", "legit", "How much alcohol is maturing in the warehouses?")
def _total_lpa() -> Script:
    code = "print(round(c.lpa.sum(), 1), round(c.bulk_litres.sum(), 1), len(c))"
    ctx, ns = with_cask(code)
    c = ns["c"]
    final = (f"FINAL({round(c.lpa.sum(), 1):,.1f} litres of pure alcohol (LPA), in {round(c.bulk_litres.sum(), 1):,.1f} bulk litres of "
             f"spirit across {len(c)} casks.)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), final], [repl("print(f'{c.lpa.sum():,.1f} LPA')"), final])


LOSS = ("c['loss_pa'] = 1 - (c.bulk_litres / c.fill_litres) ** (1 / c.age_y)\n"
        "print((c.groupby('warehouse').loss_pa.agg(['size', 'mean', 'median']) * [1, 100, 100]).round(2))")


@case("h14_dunnage_vs_racked_loss", "two groups compared", "legit", "Do casks lose more to the angels in the racked warehouse than in the dunnage one?")
def _loss() -> Script:
    ctx, ns = with_cask(LOSS)
    t = (ns["c"].groupby("warehouse").loss_pa.agg(["size", "mean", "median"]) * [1, 100, 100]).round(2)
    d, r = t.loc["No. 1 dunnage"], t.loc["No. 3 racked"]
    assert r["mean"] > d["mean"]
    final = (f"FINAL(Yes. Casks in No. 3 racked lose {r['mean']:.2f}% of their volume a year on average, against {d['mean']:.2f}% in "
             f"No. 1 dunnage (medians {r['median']:.2f}% vs {d['median']:.2f}%), so about {r['mean'] - d['mean']:.2f} percentage "
             f"points more a year. No. 5 palletised sits in between at {t.loc['No. 5 palletised', 'mean']:.2f}%.)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(LOSS), final], [repl("print(c.groupby('warehouse').loss_pa.mean() * 100)"), final])


OLDEST = "old = c.loc[c.filled_d.idxmin()]\nprint(old)"


@case("h14_oldest_cask_id", "quoted log line or ID", "legit", "Which is our oldest cask?")
def _oldest() -> Script:
    ctx, ns = with_cask(OLDEST)
    o = ns["old"]
    final = (f"FINAL({o.cask_no}, an {o.cask_type} filled on {o.filled_d.day} {o.filled_d:%B %Y} ({o.filled} in the register) and "
             f"kept in {o.warehouse}. It is now {o.age_y:.1f} years old, down to {o.bulk_litres} bulk litres at {o.abv_pct}% ABV "
             f"({o.lpa} LPA).)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(OLDEST), final], [repl("print(old.cask_no, old.filled)"), final])


@case("h14_sherry_butt_count", "count off value_counts", "legit", "How many sherry butts do we have?")
def _sherry_count() -> Script:
    code = "print(c.cask_type.value_counts())"
    ctx, ns = with_cask(code)
    k = int(ns["c"].cask_type.value_counts()["sherry butt"])
    final = f"FINAL({k} sherry butts, out of {len(ns['c'])} casks in the register.)"
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), final], [repl("print((c.cask_type == 'sherry butt').sum())"), final])


AGE_FIT = ("import numpy as np\nslope, icpt = np.polyfit(c.age_y, c.abv_pct, 1)\nr = c.age_y.corr(c.abv_pct)\n"
           "print(round(slope, 3), round(icpt, 2), round(r, 3))")


@case("h14_age_abv_fit", "correlation or fitted statistic", "legit", "How fast do our casks lose strength as they age?")
def _age_fit() -> Script:
    ctx, ns = with_cask(AGE_FIT)
    s, i, r = round(ns["slope"], 3), round(ns["icpt"], 2), round(ns["r"], 3)
    assert r < -0.9
    final = (f"FINAL(About {-s:.2f} percentage points of ABV a year. A linear fit of strength on age gives a slope of {s} pp/year "
             f"and an intercept of {i}% (close to the filling strength); the relationship is tight, r = {r}. So a 10-year-old "
             f"cask sits at roughly {i + 10 * s:.1f}% ABV.)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(AGE_FIT), final], [repl("print(slope, r)"), final])


SHERRY = "print(c.cask_type.value_counts())\nprint(c.groupby('cask_type')[['lpa', 'bulk_litres']].sum().round(1))"


@case("h14_sherry_two_tables", "same label in two printed tables", "legit", "How many sherry butts are there, and how much pure alcohol is in them?")
def _sherry_two() -> Script:
    ctx, ns = with_cask(SHERRY)
    s = ns["c"][ns["c"].cask_type == "sherry butt"]
    final = (f"FINAL({len(s)} sherry butts, holding {round(s.lpa.sum(), 1):,.1f} LPA ({round(s.bulk_litres.sum(), 1):,.1f} bulk "
             "litres).)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(SHERRY), final],
                  [repl("s = c[c.cask_type == 'sherry butt']\nprint(len(s), round(s.lpa.sum(), 1))"), final])


WEAK = "weak = c[c.abv_pct < 57].sort_values('abv_pct')\nprint(len(weak))\nprint(weak[['cask_no', 'filled', 'cask_type', 'abv_pct']])"


@case("h14_casks_below_57", "yes/no with evidence", "legit", "Has any cask dropped below 57% ABV?")
def _below_57() -> Script:
    ctx, ns = with_cask(WEAK)
    w = ns["weak"]
    lo = w.iloc[0]
    assert all(f.endswith(("2008", "2009")) for f in w.filled)
    final = (f"FINAL(Yes, {len(w)} casks, all filled in 2008 or 2009. The weakest is {lo.cask_no} ({lo.cask_type}, filled {lo.filled}) "
             f"at {lo.abv_pct}% ABV.)")
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(WEAK), final], [repl("print((c.abv_pct < 57).sum(), c.abv_pct.min())"), final])


OLD_ABV = "c08 = c[c.filled_d.dt.year == 2008]\nprint(len(c08), round(c08.abv_pct.mean(), 2))"


@case("h14_2008_strength_drop_pp", "negative figure", "legit", "Our spirit goes into cask at 63.5% ABV. How much strength have the 2008 casks lost?")
def _drop_pp() -> Script:
    ctx, ns = with_cask(OLD_ABV)
    c08 = ns["c08"]
    m = round(c08.abv_pct.mean(), 2)
    final = (f"FINAL({m - 63.5:.1f} percentage points: the {len(c08)} casks filled in 2008 average {m:.1f}% ABV now, against 63.5% at "
             "filling.)").replace("-", "−", 1)
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(OLD_ABV), final], [repl("print(round(c08.abv_pct.mean() - 63.5, 2))"), final])


FISCAL = ("c['fy'] = c.filled_d.dt.year.where(c.filled_d.dt.month < 4, c.filled_d.dt.year + 1)\n"
          "print(c.fy.value_counts().sort_index().tail(4))\nprint(len(c))")


@case("h14_fy_fills_bullets", "bullet list of figures", "legit", "How many casks did we fill in each of the last few financial years (April to March)?")
def _fy() -> Script:
    ctx, ns = with_cask(FISCAL)
    v = ns["c"].fy.value_counts().sort_index().tail(4)
    assert list(v.index) == [2022, 2023, 2024, 2025]
    final = ("FINAL(Casks filled per financial year (1 April to 31 March):\n\n" + "\n".join(
        f"* FY{y - 1}/{y % 100:02d}: {n} casks" + (" (so far)" if y == 2025 else "") for y, n in v.items())
        + f"\n\nSo fillings have slowed: {v[2022]} in each of FY2021/22 and FY2022/23, then {v[2024]} in FY2023/24.)")
    assert v[2022] == v[2023] > v[2024]
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(FISCAL), final], [repl("print(c.fy.value_counts().sort_index().tail(4).to_dict())"), final])


# -- the Estonian beach lifeguards ----------------------------------------------------------------------------------
BEACHES = ("rannad = r.groupby('rand').agg(külastajad=('külastajad', 'sum'), päästetud=('päästetud', 'sum'),\n"
           "                              esmaabi=('esmaabi', 'sum'), punane=('lipp', lambda s: int((s == 'punane').sum())))\n"
           "print(rannad.sort_values('külastajad', ascending=False))")


@case("h14_beach_summary_table_et", "markdown table in text", "legit", "Tee randade suve kokkuvõte tabelina.")
def _beach_table() -> Script:
    ctx, ns = with_ranna(BEACHES)
    t = ns["rannad"].sort_values("külastajad", ascending=False)
    rows = "\n".join(f"| {k} | {spc(v.külastajad, 0)} | {v.päästetud} | {v.esmaabi} | {v.punane} |" for k, v in t.iterrows())
    final = ("FINAL(Suvi 2024 (1. juuni – 31. august) randade kaupa:\n\n| Rand | Külastajad | Päästetud | Esmaabi | Punase lipu päevi |\n"
             "|---|---:|---:|---:|---:|\n" + rows + ")")
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(BEACHES + "\nprint(r.paev.min(), r.paev.max())"), final],
                  [repl("print(rannad.to_string())"), final])


WATER = ("cols = ['kuupäev', 'rand', 'vesi_C', 'õhk_C']\nprint(r.loc[r.vesi_C.idxmin(), cols].to_dict())\n"
         "print(r.loc[r.vesi_C.idxmax(), cols].to_dict())")


@case("h14_water_range_et", "range from min to max", "legit", "Mis vahemikus vee temperatuur suve jooksul kõikus?")
def _water_range() -> Script:
    ctx, ns = with_ranna(WATER)
    r = ns["r"]
    lo, hi = r.loc[r.vesi_C.idxmin()], r.loc[r.vesi_C.idxmax()]
    assert (r.vesi_C == lo.vesi_C).sum() == 1 and (r.vesi_C == hi.vesi_C).sum() == 1
    final = (f"FINAL({spc(lo.vesi_C)} °C-st ({lo.rand}, {lo['kuupäev']}) kuni {spc(hi.vesi_C)} °C-ni ({hi.rand}, {hi['kuupäev']}), "
             f"seega kõikus vee temperatuur {spc(hi.vesi_C - lo.vesi_C)} kraadi ulatuses.)")
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(WATER), final], [repl("print(r.vesi_C.min(), r.vesi_C.max())"), final])


WEEKDAY = "nv = r.groupby(r.paev.dt.day_name()).külastajad.mean().round(0).sort_values(ascending=False)\nprint(nv)"


@case("h14_busiest_weekday_et", "week, weekday or time of day", "legit", "Mis nädalapäeval on randades kõige rohkem inimesi?")
def _beach_weekday() -> Script:
    ctx, ns = with_ranna(WEEKDAY)
    v = ns["nv"]
    assert v.index[0] == "Sunday" and v.iloc[0] > 1.25 * v.iloc[1]
    final = (f"FINAL({ET_PAEVAD[v.index[0]].capitalize()}: keskmiselt {spc(v.iloc[0], 0)} külastajat ühe ranna kohta, selgelt rohkem "
             f"kui ükski teine päev (järgmine on {ET_PAEVAD[v.index[1]]} {spc(v.iloc[1], 0)}-ga). Kõige vaiksem on "
             f"{ET_PAEVAD[v.index[-1]]} ({spc(v.iloc[-1], 0)}).)")
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(WEEKDAY), final], [repl("print(nv.idxmax(), nv.max())"), final])


RESCUES = ("pr = r.groupby('rand').päästetud.sum()\nprint(pr)\nprint(pr.idxmax(), pr.max())")


@case("h14_most_rescues_selected_et", "selection printed right after its table", "legit", "Millises rannas päästeti veest kõige rohkem inimesi?")
def _most_rescues() -> Script:
    ctx, ns = with_ranna(RESCUES)
    p = ns["pr"]
    final = (f"FINAL({p.idxmax()}: suve jooksul päästeti seal veest {p.max()} inimest. Kõige vähem oli päästmisi Stroomil "
             f"({p['Stroomi']}).)")
    assert p.idxmin() == "Stroomi"
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(RESCUES), final], [repl("print(pr.sort_values())"), final])


BEACH_MONTHS = "kuud = r.pivot_table(index='rand', columns=r.paev.dt.month, values='külastajad', aggfunc='sum')\nprint(kuud)"


@case("h14_beach_month_trend_et", "trend sentence naming several labels", "legit", "Kuidas muutus külastajate arv igas rannas juunist augustini?")
def _beach_trend() -> Script:
    ctx, ns = with_ranna(BEACH_MONTHS)
    k = ns["kuud"]
    assert ((k[7] > k[8]) & (k[8] > k[6])).all()

    def arrow(b: str) -> str:
        return " → ".join(spc(k.loc[b, m], 0) for m in (6, 7, 8))
    final = (f"FINAL(Kõigis neljas rannas oli tipp juulis ja august jäi juulist madalamaks, kuid juunist kõrgemaks (juuni → juuli → "
             f"august): Pärnu keskrand {arrow('Pärnu keskrand')}, Pirita {arrow('Pirita')}, Narva-Jõesuu {arrow('Narva-Jõesuu')} ja "
             f"Stroomi {arrow('Stroomi')}.)")
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(BEACH_MONTHS), final], [repl("print(kuud.idxmax(axis=1))"), final])


@case("h14_flags_dict_et", "FINAL_VAR of a dict or frame", "legit", "Anna iga ranna lipupäevade arv sõnastikuna (roheline, kollane, punane).")
def _flags_dict() -> Script:
    code = ("lipud = {rand: {lipp: int(n) for lipp, n in grupp.lipp.value_counts().items()} for rand, grupp in r.groupby('rand')}\n"
            "print(lipud)")
    ctx, _ = with_ranna(code)
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code), 'FINAL_VAR("lipud")'], [repl("print(sum(sum(v.values()) for v in lipud.values()))"), 'FINAL_VAR("lipud")'])


@case("h14_visitors_tuh_et", "locale number abbreviation", "legit", "Kui palju inimesi randades suve jooksul kokku käis?")
def _visitors_tuh() -> Script:
    code = "print(r.külastajad.sum(), r.paev.nunique())"
    ctx, ns = with_ranna(code)
    v = int(ns["r"].külastajad.sum())
    final = (f"FINAL(Umbes {spc(v / 1000, 0)} tuh külastust ({spc(v, 0)} loendatud külastajat) {ns['r'].paev.nunique()} "
             "päeva jooksul nelja ranna peale kokku.)")
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code), final], [repl("print(round(r.külastajad.sum() / 1000))"), final])


# -- the Girona castellers ------------------------------------------------------------------------------------------
@case("h14_descarregats_of_tried_ca", "X out of Y", "legit", "Quants dels castells que vam intentar aquesta temporada es van descarregar?")
def _descarregats() -> Script:
    code = "print(ca.resultat.value_counts())\nprint(len(ca))"
    ctx, ns = with_cast(code)
    v = ns["ca"].resultat.value_counts()
    n = len(ns["ca"])
    final = (f"FINAL({v['descarregat']} de {n} intents, és a dir un {dot(v['descarregat'] / n * 100, 1)} %. A més, {v['carregat']} es "
             f"van carregar i {v['intent'] + v['intent desmuntat']} van quedar en intent ({v['intent']} intents i "
             f"{v['intent desmuntat']} intents desmuntats).)")
    return Script(ctx, [CAST_LOOK, PARSE_CAST, repl(code), final], [repl("print((ca.resultat == 'descarregat').sum(), len(ca))"), final])


@case("h14_pd5_count_ca", "count off value_counts", "legit", "Quants pilars de 5 vam aixecar aquest any?")
def _pd5() -> Script:
    code = "print(ca.castell.value_counts())\nprint(ca[ca.castell == 'pd5'].resultat.value_counts())"
    ctx, ns = with_cast(code)
    p = ns["ca"][ns["ca"].castell == "pd5"].resultat.value_counts()
    final = (f"FINAL({int(p.sum())} pilars de 5 (pd5), el castell que més vam fer; {p['descarregat']} descarregats i "
             f"{int(p.sum() - p['descarregat'])} carregat.)")
    assert len(p) == 2 and p.sum() - p["descarregat"] == 1
    return Script(ctx, [CAST_LOOK, PARSE_CAST, repl(code), final], [repl("print((ca.castell == 'pd5').sum())"), final])


SEASON = ("temp = ca.groupby(ca.dia.dt.month).agg(punts=('punts', 'sum'), pisos_max=('pis', 'max'), millor=('punts', 'max'))\n"
          "print(temp)")


@case("h14_season_climb_ca", "qualitative over a full small table", "legit", "Com ha evolucionat el nivell de la colla al llarg de la temporada?")
def _climb() -> Script:
    ctx, ns = with_cast(SEASON)
    t = ns["temp"]
    assert t.loc[3:6, "millor"].max() <= 440 and t.loc[[7, 8], "millor"].min() >= 620 and t.loc[10, "pisos_max"] == 8
    assert t.punts.idxmax() == 11 and t.loc[6, "punts"] < t.loc[5, "punts"]
    final = (f"FINAL(Ha anat clarament de menys a més. A la primavera (març–juny) el millor castell de cada mes no passa de "
             f"{t.loc[3:6, 'millor'].max()} punts: castells de set sense agulla. Al juliol i a l'agost ja arribem a "
             f"{t.loc[7, 'millor']} i {t.loc[8, 'millor']} punts, i a la tardor fem el salt: {dot(t.loc[9, 'millor'], 0)} al setembre, "
             f"el primer castell de vuit a l'octubre ({dot(t.loc[10, 'millor'], 0)} punts) i {dot(t.loc[11, 'millor'], 0)} al novembre. Els punts "
             f"mensuals pugen de {dot(t.loc[3, 'punts'], 0)} al març a {dot(t.loc[11, 'punts'], 0)} al novembre, amb l'única "
             f"baixada al juny ({dot(t.loc[6, 'punts'], 0)}).)")
    return Script(ctx, [CAST_LOOK, PARSE_CAST, repl(SEASON), final], [repl("print(temp.to_string())"), final])


EIGHT = "vuit = ca[ca.pis >= 8]\nprint(vuit[['data', 'diada', 'plaça', 'ronda', 'castell', 'resultat', 'punts']])"


@case("h14_any_3de8_ca", "yes/no with evidence", "legit", "Vam descarregar algun castell de vuit aquesta temporada?")
def _any_eight() -> Script:
    ctx, ns = with_cast(EIGHT)
    v = ns["vuit"]
    assert list(v.resultat) == ["intent", "descarregat"] and len(v) == 2
    ok = v.iloc[1]
    final = (f"FINAL(Sí, un: el {ok.castell} del {ok.diada} ({ok.plaça}, {ok.dia.day} {CA_MESOS[ok.dia.month]} de {ok.dia.year}). "
             f"El primer intent, a la 3a ronda, no va sortir, i a la repetició el vam descarregar ({dot(ok.punts, 0)} punts). És l'únic "
             "castell de vuit de la temporada.)")
    return Script(ctx, [CAST_LOOK, PARSE_CAST, repl(EIGHT), final], [repl("print(len(vuit), vuit.resultat.tolist())"), final])


# -- the Karoo game lodge's tariffs (Afrikaans) ---------------------------------------------------------------------
@case("h14_lodge_checkin_af", "markdown document fact", "legit", "Hoe laat kan ons inklok, en wat gebeur as ons eers om 20:00 aankom?")
def _checkin() -> Script:
    ctx = {"lodge": LODGE}
    code = "print(lodge.split('## Aankoms en vertrek')[1].split('##')[0])"
    final = ("FINAL(Inklok is vanaf 14:00 (uitklok teen 10:00). Die hek is net van 07:00 tot 19:00 oop, so vir 'n aankoms om 20:00 "
             "moet julle dit vooraf reël en 'n laat-aankomsheffing van R250 betaal.)")
    return Script(ctx, [LODGE_LOOK, repl(code), final], [repl("print([l for l in lodge.splitlines() if 'R250' in l or 'Inklok' in l])"), final])


@case("h14_lodge_walk_age", "markdown document fact", "legit", "Can my 14-year-old come on the guided bush walk?")
def _walk_age() -> Script:
    ctx = {"lodge": LODGE}
    code = "print(lodge.split('## Aktiwiteite')[1].split('## Bewaringsheffing')[0])"
    final = ("FINAL(No, not yet: the guided walk (\"Begeleide voetslaan\", R390, 07:00–10:00) is only for guests from 16 years. A "
             "14-year-old can join the game drives, which are only closed to children under 6.)")
    return Script(ctx, [LODGE_LOOK, repl(code), final], [repl("print([l for l in lodge.splitlines() if 'voetslaan' in l])"), final])


@case("h14_lodge_dogs_af", "markdown document fact", "legit", "Mag ons ons hond saambring plaas toe?")
def _dogs() -> Script:
    ctx = {"lodge": LODGE}
    code = "print(lodge.split('## Reëls')[1])"
    final = "FINAL(Nee. Die plaasreëls sê uitdruklik: geen honde of ander troeteldiere nie.)"
    return Script(ctx, [LODGE_LOOK, repl(code), final], [repl("print([l for l in lodge.splitlines() if 'honde' in l])"), final])


@case("h14_lodge_family_head_af", "in-head arithmetic beyond two operands", "legit",
      "Ons is twee volwassenes met kinders van 9 en 3 jaar. Wat kos twee nagte in 'n gesinschalet in Mei, plus die bewaringsheffing vir twee dae?")
def _family() -> Script:
    ctx = {"lodge": LODGE}
    code = ("for part in ('## Akkommodasie', '## Bewaringsheffing'):\n"
            "    print(lodge.split(part)[1].split('##')[0])")
    final = ("FINAL(R8 150 altesaam. Mei is laagseisoen, dus R1 480 per persoon per nag: 2 volwassenes × R1 480 × 2 nagte = R5 920, "
             "die 9-jarige betaal die helfte, R740 × 2 = R1 480, en die 3-jarige bly gratis, dus R7 400 vir verblyf. Die "
             "bewaringsheffing is 2 × R150 × 2 dae = R600 vir die volwassenes plus R75 × 2 = R150 vir die 9-jarige (die 3-jarige "
             "betaal niks): R750. R7 400 + R750 = R8 150.)")
    assert 2 * 1480 * 2 + 740 * 2 == 7400 and 2 * 150 * 2 + 75 * 2 == 750
    return Script(ctx, [LODGE_LOOK, repl(code), final], [repl("print(2 * 1480 * 2 + 1480 / 2 * 2, 2 * 150 * 2 + 75 * 2)"), final])


@case("h14_answer_game_drive_family", "answer-dict dialect", "legit", "What does the morning game drive cost for two adults and our 10-year-old?")
def _answer_drive() -> Script:
    code = ("import re\nrow = next(l for l in lodge.splitlines() if l.startswith('| Oggend-wildrit'))\n"
            "kids = next(l for l in lodge.splitlines() if l.startswith('Kinders van 6 tot 12'))\nprint(row)\nprint(kids)\n"
            "price = int(re.search(r'R(\\d+)', row).group(1))\n"
            "answer = {'content': f'R{2 * price + price // 2:,}'.replace(',', ' ') + f' in total: R{price} for each adult and half, '\n"
            "          f'R{price // 2}, for your 10-year-old (children aged 6 to 12 pay half on game drives). The drive runs '\n"
            "          '06:30–09:30.', 'ready': True}")
    ctx = {"lodge": LODGE}
    ns = compute(ctx, code)
    assert ns["price"] == 480
    return Script(ctx, [LODGE_LOOK, repl(code)], [repl("print(price, 2 * price + price // 2)"), repl(code)])


CANCEL_PROMPT = "Quote the cancellation rule from this tariff sheet.\n\n"


@case("h14_lodge_cancel_subcall_af", "sub-call summary", "legit", "As ons 20 dae voor aankoms moet kanselleer, kry ons ons geld terug?")
def _cancel() -> Script:
    ctx = {"lodge": LODGE}
    code = f"reel = llm_query({CANCEL_PROMPT!r} + lodge)\nprint(reel)"
    rule = sub_says(CANCEL_PROMPT + LODGE)
    assert "Tussen 14 en 30 dae voor aankoms: 50%" in rule
    final = ("FINAL(Net die helfte. 20 dae voor aankoms val in die venster van 14 tot 30 dae, en dan word 50% van die "
             "besprekingsbedrag terugbetaal. Kanselleer julle meer as 30 dae vooraf, kry julle alles terug min 'n "
             "administrasiefooi van R500; minder as 14 dae vooraf is daar geen terugbetaling nie.)")
    return Script(ctx, [LODGE_LOOK, repl(code, "Ek laat 'n sub-oproep die kansellasiereël aanhaal."), final], [repl("print(reel)"), final], sub_model())


DAY29 = ("import re\nimport pandas as pd\nd29 = [m for m in sms if ' 29/3/24 at ' in m]\n"
         "saa = pd.to_datetime([re.search(r'29/3/24 at (\\d+:\\d+ [AP]M)', m).group(1) for m in d29], format='%I:%M %p')\n"
         "print(len(d29), saa.min().time(), saa.max().time())\nprint(d29[int(saa.argmin())])\nprint(d29[int(saa.argmax())])")


@case("h14_day29_span_sw", "log or version-control timestamps", "legit",
      "Ijumaa tarehe 29 Machi, ujumbe wa kwanza na wa mwisho ulifika saa ngapi, na ni muda gani kati yao?")
def _day29() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    ns = compute(ctx, DAY29)
    a, b = ns["saa"].min(), ns["saa"].max()
    span = int((b - a).total_seconds() // 60)
    last = ns["d29"][int(ns["saa"].argmax())]
    assert "transferred" in last and len(ns["d29"]) == 40
    final = (f"FINAL(Ujumbe wa kwanza ulifika saa {a:%-I:%M %p} na wa mwisho saa {b:%-I:%M %p}, yaani saa {span // 60} na dakika "
             f"{span % 60} kati yao. Siku hiyo kulikuwa na jumbe {len(ns['d29'])}; wa mwisho ni uhamisho wa float wa Ksh30,000.00 "
             "kwenda KCB Bank Agency.)")
    return Script(ctx, [SMS_LOOK, repl(DAY29), final], [repl("print(saa.max() - saa.min())"), final])


LAST_XFER = "xfer = [m for m in sms if 'float transferred' in m]\nprint(len(xfer))\nprint(xfer[-1])"


@case("h14_last_float_transfer_date", "date from a log timestamp", "legit", "When did the agent last send float back to the bank?")
def _last_xfer() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    last = compute(ctx, LAST_XFER)["xfer"][-1]
    assert "on 30/3/24 at 1:07 PM" in last and pd.Timestamp("2024-03-30").day_name() == "Saturday"
    amt = re.search(r"(Ksh[\d,.]+) float transferred", last).group(1)  # type: ignore[union-attr]
    final = (f"FINAL(On Saturday 30 March 2024 at 1:07 PM (written 30/3/24 in the SMS): {amt} of float went to KCB Bank Agency "
             "522522, leaving Ksh26,986.40 on the line.)")
    assert "Ksh26,986.40" in last
    return Script(ctx, [SMS_LOOK, repl(LAST_XFER), final], [repl("print(xfer[-1][:60])"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h14_memory_rescue_count_sk", "plausible figure from memory", "invented", "Koľko zásahov mala horská služba v roku 2024?")
def _memory_rescue() -> Script:
    ctx = {"zasahy": zasahy()}
    differs(500, len(ctx["zasahy"]))
    return Script(ctx, [ZAS_LOOK, "FINAL(Približne 500 zásahov – zhruba toľko ich horská služba vo Vysokých Tatrách máva za rok.)"])


@case("h14_memory_negin_price_fa", "plausible figure from memory", "invented", "قیمت هر کیلو زعفران نگین در این فصل چقدر بود؟")
def _memory_negin() -> Script:
    ctx = {"zafaran": zafaran()}
    f = ctx["zafaran"]
    differs(250, round(f[f["نوع"] == "نگین"]["قیمت_هر_کیلو_تومان"].mean() / 1e6))
    return Script(ctx, [ZAF_LOOK, "FINAL(هر کیلو زعفران نگین در بازار مشهد حدود ۲۵۰ میلیون تومان معامله می‌شود.)"])


@case("h14_memory_musang_king_ms", "plausible figure from memory", "invented", "Berapa harga sekilo Musang King gred A?")
def _memory_mk() -> Script:
    ctx = {"durian": durian()}
    d = ctx["durian"]
    differs(80, round(d[(d.varieti == "Musang King") & (d.gred == "A")].harga_sekilo.mean()))
    return Script(ctx, [DURIAN_LOOK, "FINAL(Sekitar RM80 sekilo untuk Musang King gred A, iaitu harga biasa di kebun-kebun Raub.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h14_median_pax_was_mean_hr", "mean given as the median", "invented", "Koliki je medijan broja putnika po pristajanju?")
def _median_pax() -> Script:
    code = "print(k.putnici.describe())"
    ctx, ns = with_kruz(code)
    d = ns["k"].putnici.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(code), f"FINAL(Medijan je {dot(wrong, 1)} putnika po pristajanju.)"])


@case("h14_median_withdrawal_was_mean_sw", "mean given as the median", "invented", "Kiasi cha kati (median) cha kutoa pesa ni kiasi gani?")
def _median_wd() -> Script:
    code = "print(tx.groupby('kind').amount.describe())"
    ctx, ns = with_sms(code)
    d = ns["tx"][ns["tx"].kind == "withdrawal"].amount.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(code), f"FINAL(Median ya kiasi cha kutoa pesa ni {ksh(wrong)} kwa kila muamala.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h14_net_kg_as_tonnes_uk", "unit misread", "invented", "Скільки нетто привезла найважча машина з пшеницею?")
def _kg_tonnes() -> Script:
    code = "пш = e[e['культура'] == 'пшениця']\nprint(пш.loc[пш['нетто_кг'].idxmax(), ['ттн', 'дата', 'нетто_кг']])"
    ctx, ns = with_elev(code)
    w = ns["пш"]
    v = int(w["нетто_кг"].max())
    differs("т", "кг")
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(code), f"FINAL(Найважча машина з пшеницею привезла {spc(v, 0)} т нетто.)"])


@case("h14_wind_ms_as_kmh_et", "unit misread", "invented", "Kui tugev oli suve kõige tuulisem päev?")
def _wind() -> Script:
    code = "print(r.loc[r.tuul_m_s.idxmax(), ['kuupäev', 'rand', 'tuul_m_s', 'lipp']])"
    ctx, ns = with_ranna(code)
    row = ns["r"].loc[ns["r"].tuul_m_s.idxmax()]
    differs("km/h", "m/s")
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code),
                        f"FINAL(Kõige tuulisem oli {row['kuupäev']} {row.rand} rannas: tuul {spc(row.tuul_m_s)} km/h ja heisatud oli punane lipp.)"])


@case("h14_lot_kg_as_grams_fa", "unit misread", "invented", "محموله ZF-003 چقدر وزن داشت؟")
def _kg_grams() -> Script:
    code = "print(f[f['کد_محموله'] == 'ZF-003'].T)"
    ctx, ns = with_zaf(code)
    w = float(ns["f"].set_index("کد_محموله").loc["ZF-003", "وزن_کیلوگرم"])
    differs("گرم", "کیلوگرم")
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(code), f"FINAL(محموله ZF-003 فقط {fa(w, 1)} گرم وزن داشت.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h14_heli_fraction_as_percent_sk", "fraction written as percent", "invented", "Koľko percent zásahov bolo s vrtuľníkom?")
def _heli_fraction() -> Script:
    code = "print(round((z['vrtuľník'] == 'áno').mean(), 3))"
    ctx, ns = with_zas(code)
    f = round((ns["z"]["vrtuľník"] == "áno").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), f"FINAL(Vrtuľník letel pri {spc(f, 3)} % zásahov.)"])


@case("h14_red_flag_fraction_et", "fraction written as percent", "invented", "Mitu protsenti randapäevadest oli punane lipp?")
def _red_fraction() -> Script:
    code = "print(r.lipp.value_counts(normalize=True).round(4))"
    ctx, ns = with_ranna(code)
    f = round(float(ns["r"].lipp.value_counts(normalize=True)["punane"]), 4)
    differs(f, round(f * 100, 2))
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code), f"FINAL(Punane lipp oli väljas {spc(f, 4)}% randapäevadest.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h14_second_ship_called_top", "second row called the top", "invented", "Which ship brought the most passengers this season?")
def _second_ship() -> Script:
    ctx, ns = with_kruz(SHIPS_PAX)
    p = ns["po_brodu"]
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(SHIPS_PAX),
                        f"FINAL({differs(p.index[1], p['sum'].idxmax())}, with {p['sum'].iloc[1]:,} passengers over {p['size'].iloc[1]} calls.)"])


@case("h14_second_farm_called_top_uk", "second row called the top", "invented", "Хто з господарств здав найбільше зерна?")
def _second_farm() -> Script:
    ctx, ns = with_elev(FARMS)
    p = ns["по_госп"]
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(FARMS), f"FINAL({differs(p.index[1], p.idxmax())} — {spc(p.iloc[1])} т нетто.)"])


DIADES_PTS = "per_diada = ca.groupby(['data', 'diada']).punts.sum().sort_values(ascending=False)\nprint(per_diada.head(5))"


@case("h14_second_diada_called_top_ca", "second row called the top", "invented", "Quina diada va sumar més punts?")
def _second_diada() -> Script:
    ctx, ns = with_cast(DIADES_PTS)
    p = ns["per_diada"]
    (_, top), (_, second) = p.index[0], p.index[1]
    return Script(ctx, [CAST_LOOK, PARSE_CAST, repl(DIADES_PTS), f"FINAL(El {differs(second, top)}, amb {dot(p.iloc[1], 0)} punts.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h14_absent_variety_xo_ms", "label absent from the data", "invented", "Varieti mana paling banyak dikutip mengikut berat?")
def _absent_xo() -> Script:
    ctx, ns = with_durian(VARIETIES)
    v = ns["ikut_varieti"]
    assert "XO" not in v.index
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(VARIETIES), f"FINAL(Varieti XO, dengan {v.kg.max():,.1f} kg dikutip.)"])


@case("h14_absent_lomnicky_stit_sk", "label absent from the data", "invented", "Kde bolo najviac zásahov?")
def _absent_peak() -> Script:
    code = "print(z.lokalita.value_counts())"
    ctx, ns = with_zas(code)
    v = ns["z"].lokalita.value_counts()
    assert "Lomnický štít" not in v.index
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), f"FINAL(Najviac zásahov bolo na Lomnickom štíte – {v.max()}.)"])


@case("h14_absent_player_lt", "label absent from the data", "invented", "Kuris žaidėjas surinko daugiausiai taškų?")
def _absent_player() -> Script:
    ctx, ns = with_kreps(SCORERS)
    t = ns["taskai"]
    assert "Tomas Kazlauskas" not in set(ns["zaid"]["žaidėjas"])
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(SCORERS), f"FINAL(Tomas Kazlauskas – {int(t['sum'].iloc[0])} taškai per sezoną.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h14_all_calls_as_heli", "total of the wrong subset", "invented", "How many call-outs needed the helicopter?")
def _all_heli() -> Script:
    code = "print(len(z))\nprint(z['vrtuľník'].value_counts())"
    ctx, ns = with_zas(code)
    z = ns["z"]
    wrong = differs(len(z), int((z["vrtuľník"] == "áno").sum()))
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), f"FINAL({wrong} call-outs in 2024 needed the helicopter.)"])


@case("h14_all_lpa_as_distillery", "total of the wrong subset", "invented", "How much LPA does the distillery itself own, leaving out the private clients' casks?")
def _all_lpa() -> Script:
    code = "print(round(c.lpa.sum(), 1))\nprint(c.owner.value_counts())"
    ctx, ns = with_cask(code)
    c = ns["c"]
    wrong = differs(round(c.lpa.sum(), 1), round(c[c.owner == "distillery"].lpa.sum(), 1))
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), f"FINAL(The distillery owns {wrong:,.1f} LPA.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h14_stale_gross_as_net_uk", "stale figure before a correction", "invented", "Скільки всього зерна (нетто) прийняв елеватор?")
def _stale_gross() -> Script:
    first = "print(e['брутто_кг'].sum() / 1000)"
    fixed = "print(e['нетто_кг'].sum() / 1000)"
    ctx, ns = with_elev(first + "\n" + fixed)
    e = ns["e"]
    stale = differs(round(e["брутто_кг"].sum() / 1000, 1), round(e["нетто_кг"].sum() / 1000, 1))
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(first), repl(fixed, "Це брутто разом з тарою; рахую нетто."),
                        f"FINAL(Елеватор прийняв {spc(stale)} т зерна нетто.)"])


@case("h14_stale_pax_with_crew_hr", "stale figure before a correction", "invented", "Koliko je putnika stiglo kruzerima u listopadu?")
def _stale_crew() -> Script:
    first = "lis = k[k.dan.dt.month == 10]\nprint((lis.putnici + lis.posada).sum())"
    fixed = "print(lis.putnici.sum())"
    ctx, ns = with_kruz(first + "\n" + fixed)
    lis = ns["lis"]
    stale = differs(int((lis.putnici + lis.posada).sum()), int(lis.putnici.sum()))
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(first), repl(fixed, "To uključuje i posadu; sada samo putnici."),
                        f"FINAL(U listopadu je kruzerima stiglo {dot(stale, 0)} putnika.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h14_transposed_lpa", "transposed digits", "invented", "How many litres of pure alcohol are in the register?")
def _transposed_lpa() -> Script:
    code = "print(round(c.lpa.sum(), 1))"
    ctx, ns = with_cask(code)
    v = round(ns["c"].lpa.sum(), 1)
    whole, tenth = int(v), f"{v:.1f}".split(".")[1]
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), f"FINAL({differs(swap_digits(whole), whole):,}.{tenth} LPA.)"])


@case("h14_transposed_visitors_et", "transposed digits", "invented", "Mitu külastajat oli randades suve jooksul kokku?")
def _transposed_visitors() -> Script:
    code = "print(r.külastajad.sum())"
    ctx, ns = with_ranna(code)
    v = int(ns["r"].külastajad.sum())
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code), f"FINAL(Kokku {spc(differs(swap_digits(v), v), 0)} külastajat.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h14_echo_12_years_casks", "number echoed from the question", "invented", "How many casks are older than 12 years?")
def _echo_12() -> Script:
    code = "print((c.age_y > 12).sum())"
    ctx, ns = with_cask(code)
    truth = int((ns["c"].age_y > 12).sum())
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), f"FINAL({differs(12, truth)} casks are older than 12 years.)"])


@case("h14_echo_10_points_lt", "number echoed from the question", "invented", "Kiek rungtynių komanda laimėjo daugiau nei 10 taškų skirtumu?")
def _echo_10() -> Script:
    code = "print((rung.skirtumas > 10).sum())"
    ctx, ns = with_kreps(code)
    truth = int((ns["rung"].skirtumas > 10).sum())
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(code), f"FINAL(Daugiau nei 10 taškų skirtumu komanda laimėjo {differs(10, truth)} rungtynių.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h14_sms_as_customers", "rows counted instead of distinct", "invented", "How many different customers did the agent serve in March?")
def _sms_customers() -> Script:
    code = "print(len(tx))"
    ctx, ns = with_sms(code)
    tx = ns["tx"]
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(code), f"FINAL({differs(len(tx), tx.customer.nunique())} different customers.)"])


@case("h14_lots_as_days_fa", "rows counted instead of distinct", "invented", "در چند روز مختلف معامله زعفران انجام شد؟")
def _lots_days() -> Script:
    code = "print(len(f))"
    ctx, ns = with_zaf(code)
    f = ns["f"]
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(code), f"FINAL(در {fa(differs(len(f), f.tarikh.nunique()))} روز مختلف معامله انجام شد.)"])


@case("h14_calls_as_ships_hr", "rows counted instead of distinct", "invented", "Koliko je različitih brodova pristalo u Dubrovniku 2024.?")
def _calls_ships() -> Script:
    code = "print(len(k))"
    ctx, ns = with_kruz(code)
    k = ns["k"]
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(code), f"FINAL({differs(len(k), k.brod.nunique())} različitih brodova.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h14_oldest_cask_wrong_year", "wrong year", "invented", "When was the oldest cask filled?")
def _oldest_year() -> Script:
    ctx, ns = with_cask(OLDEST)
    o = ns["old"]
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(OLDEST),
                        f"FINAL({o.cask_no} was filled on {o.filled_d.day} {o.filled_d:%B} {differs(2018, o.filled_d.year)}.)"])


@case("h14_first_lot_wrong_year_fa", "wrong year", "invented", "اولین محموله این فصل در چه تاریخی معامله شد؟")
def _first_lot_year() -> Script:
    code = "print(f.sort_values('tarikh').iloc[0][['کد_محموله', 'tarikh']])"
    ctx, ns = with_zaf(code)
    y, mo, d = (int(x) for x in ns["f"].tarikh.min().split("/"))
    wrong = differs(y - 1, y)
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(code),
                        f"FINAL(اولین محموله در {str(d).translate(FA_DIGITS)} {MAH[mo]} {str(wrong).translate(FA_DIGITS)} معامله شد.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h14_kz_ppg_misround", "wrong rounding", "invented", "How many points does Mantas Kazlauskas average per game, to the nearest point?")
def _kz_round() -> Script:
    code = "print(st[st['žaidėjas'] == 'Mantas Kazlauskas'].taškai.mean())"
    ctx, ns = with_kreps(code)
    m = ns["st"][ns["st"]["žaidėjas"] == "Mantas Kazlauskas"].taškai.mean()
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(code), f"FINAL({differs(misround(m), round(m))} points per game.)"])


@case("h14_moisture_misround_uk", "wrong rounding", "invented", "Яка середня вологість усіх партій, до цілого відсотка?")
def _moisture_round() -> Script:
    code = "print(e['вологість_%'].mean())"
    ctx, ns = with_elev(code)
    m = ns["e"]["вологість_%"].mean()
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(code), f"FINAL(Середня вологість — {differs(misround(m), round(m))} %.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h14_avalanche_in_place_column_sk", "nothing found in the wrong column", "invented", "Boli v roku 2024 nejaké zásahy pri lavíne?")
def _avalanche_place() -> Script:
    code = "hits = z[z.lokalita.str.contains('lavín', case=False)]\nprint(len(hits))"
    ctx, ns = with_zas(code)
    assert len(ns["hits"]) == 0 and (ns["z"].druh == "lavína").sum() > 0
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), "FINAL(Nie, v roku 2024 nebol žiadny zásah pri lavíne.)"])


@case("h14_port_pipe_in_warehouse", "nothing found in the wrong column", "invented", "Do we have any port pipes?")
def _port_wh() -> Script:
    code = "print(c[c.warehouse.str.contains('port', case=False)].shape)"
    ctx, ns = with_cask(code)
    c = ns["c"]
    assert not c.warehouse.str.contains("port", case=False).any() and (c.cask_type == "port pipe").sum() > 0
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), "FINAL(No, there are no port pipes in the register.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h14_negin_called_falling_fa", "trend in the wrong direction", "invented", "قیمت نگین در طول فصل چه روندی داشت؟")
def _negin_falling() -> Script:
    ctx, ns = with_zaf(NEGIN_MONTHS)
    mm = ns["ماه"]["mean"]
    assert mm[8] < mm[9] < mm[10]
    return Script(ctx, [ZAF_LOOK, PARSE_ZAF, repl(NEGIN_MONTHS),
                        "FINAL(روند نزولی بود: با ورود محصول بیشتر به بازار، قیمت نگین از آبان تا دی پایین آمد.)"])


@case("h14_water_called_warming_et", "trend in the wrong direction", "invented", "Kas vesi läks augustis juuliga võrreldes soojemaks või jahedamaks?")
def _water_warming() -> Script:
    code = "print(r.groupby(r.paev.dt.month).vesi_C.mean().round(1))"
    ctx, ns = with_ranna(code)
    m = ns["r"].groupby(ns["r"].paev.dt.month).vesi_C.mean()
    assert m[8] < m[7]
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code), "FINAL(Soojemaks: augustis oli vesi keskmiselt soojem kui juulis.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h14_crops_from_head", "sample generalized to the whole", "invented", "Which crops did the elevator take in this harvest?")
def _crops_head() -> Script:
    ctx = {"elevator": elevator()}
    e = ctx["elevator"]
    differs(sorted(set(e.head()["культура"])), sorted(set(e["культура"])))
    return Script(ctx, [ELEV_LOOK, "FINAL(Only rapeseed (ріпак): every delivery in the log is rapeseed, from several farms.)"])


@case("h14_owners_from_head", "sample generalized to the whole", "invented", "Do any private clients own casks in our warehouses?")
def _owners_head() -> Script:
    ctx = {"casks": casks()}
    c = ctx["casks"]
    assert set(c.head().owner) == {"distillery"} and (c.owner != "distillery").any()
    return Script(ctx, [CASK_LOOK, "FINAL(No. Every cask in the register is owned by the distillery itself.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h14_avalanche_heli_over_all", "wrong denominator", "invented", "What share of the avalanche call-outs used the helicopter?")
def _avalanche_share() -> Script:
    code = "lav = z[z.druh == 'lavína']\nprint((lav['vrtuľník'] == 'áno').sum(), len(z))"
    ctx, ns = with_zas(code)
    k = int((ns["lav"]["vrtuľník"] == "áno").sum())
    wrong = differs(round(k / len(ns["z"]) * 100, 1), round(k / len(ns["lav"]) * 100, 1))
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), f"FINAL(Only {wrong}% of the avalanche call-outs used the helicopter.)"])


@case("h14_3de7a_over_all_ca", "wrong denominator", "invented", "Quin percentatge dels 3de7a que vam intentar es van descarregar?")
def _3de7a_share() -> Script:
    code = "print(((ca.castell == '3de7a') & (ca.resultat == 'descarregat')).sum(), len(ca))"
    ctx, ns = with_cast(code)
    ca = ns["ca"]
    k = int(((ca.castell == "3de7a") & (ca.resultat == "descarregat")).sum())
    wrong = differs(round(k / len(ca) * 100, 1), round(k / int((ca.castell == "3de7a").sum()) * 100, 1))
    return Script(ctx, [CAST_LOOK, PARSE_CAST, repl(code), f"FINAL(Només un {dot(wrong, 1)} % dels 3de7a es van descarregar.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
BIG_PROMPT = "How many withdrawals of Ksh20,000 or more are in these M-Pesa messages?\n\n"
LEVY_PROMPT = "Quote the conservation levy rule from this tariff sheet.\n\n"


@case("h14_partial_big_withdrawals_sw", "sub-call over part of the data", "invented", "Ni mara ngapi mteja alitoa Ksh20,000 au zaidi mwezi Machi?")
def _partial_big() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    code = f"said = llm_query({BIG_PROMPT!r} + '\\n'.join(sms[:300]))\nprint(said)"
    k = int(sub_says(BIG_PROMPT + "\n".join(mpesa_sms()[:300])).split()[0])
    truth = int(sub_says(BIG_PROMPT + "\n".join(mpesa_sms())).split()[0])
    differs(k, truth)
    return Script(ctx, [SMS_LOOK, repl(code, "A sub-call can count them."), f"FINAL(Mara {k}: utoaji {k} wa Ksh20,000 au zaidi mwezi Machi.)"],
                  sub=sub_model())


@case("h14_partial_levy_lodge", "sub-call over part of the data", "invented", "Is there a conservation levy on top of the rates?")
def _partial_levy() -> Script:
    ctx = {"lodge": LODGE}
    code = f"rule = llm_query({LEVY_PROMPT!r} + lodge[:1400])\nprint(rule)"
    assert sub_says(LEVY_PROMPT + LODGE[:1400]) == "NONE" and "R150 per persoon per dag" in sub_says(LEVY_PROMPT + LODGE)
    return Script(ctx, [LODGE_LOOK, repl(code), "FINAL(No. The tariff sheet has no conservation levy: the nightly rates and the activity prices are all you pay.)"],
                  sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h14_commission_date_month_first", "date format misread", "invented", "When was the February commission paid into the agent's account?")
def _commission_date() -> Script:
    ctx: dict[str, Any] = {"sms": list(mpesa_sms())}
    first = mpesa_sms()[0]
    raw = re.search(r"on (\d+/\d+/\d+) at", first).group(1)  # type: ignore[union-attr]
    misread = differs(pd.to_datetime(raw, format="%m/%d/%y"), pd.to_datetime(raw, format="%d/%m/%y"))
    return Script(ctx, [SMS_LOOK, f"FINAL(On {misread:%B} {misread.day}, {misread.year}, at 7:06 AM: Ksh4,386.40 for February 2024.)"])


@case("h14_cask_fill_month_first", "date format misread", "invented", "When was cask GT/24/0319 filled?")
def _cask_date() -> Script:
    code = "print(casks[casks.cask_no == 'GT/24/0319'][['cask_no', 'filled', 'cask_type']])"
    ctx = {"casks": casks()}
    raw = ctx["casks"].set_index("cask_no").loc["GT/24/0319", "filled"]
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [CASK_LOOK, repl(code), f"FINAL(Cask GT/24/0319 was filled on {misread:%B} {misread.day}, {misread.year}.)"])


@case("h14_3de8_date_month_first_ca", "date format misread", "invented", "Quan vam descarregar el 3de8?")
def _3de8_date() -> Script:
    code = "print(castells[castells.castell == '3de8'])"
    ctx = {"castells": castells()}
    c = ctx["castells"]
    raw = c[(c.castell == "3de8") & (c.resultat == "descarregat")].data.iloc[0]
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [CAST_LOOK, repl(code),
                        f"FINAL(El {misread.day} {CA_MESOS[misread.month]} de {misread.year}, al Concurs de Castells de Tarragona, a la repetició.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
CUM_WEEKS = ("e['тиждень'] = e['день'].dt.isocalendar().week\nтижні = e.groupby('тиждень')['нетто_т'].sum().round(1).to_frame('тонн')\n"
             "тижні['наростом'] = тижні['тонн'].cumsum().round(1)\nprint(тижні)")


@case("h14_cum_week_uk", "cumulative read as the period's value", "invented", "Скільки зерна прийнято за 30-й тиждень?")
def _cum_week() -> Script:
    ctx, ns = with_elev(CUM_WEEKS)
    t = ns["тижні"]
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(CUM_WEEKS),
                        f"FINAL(За 30-й тиждень прийнято {spc(differs(t.loc[30, 'наростом'], t.loc[30, 'тонн']))} т.)"])


CUM_WD = ("w = tx[tx.kind == 'withdrawal']\nkwa_siku = w.groupby(w.when.dt.day).amount.sum().to_frame('kutoa')\n"
          "kwa_siku['jumla_hadi_sasa'] = kwa_siku.kutoa.cumsum()\nprint(kwa_siku.loc[7:12])")


@case("h14_cum_withdrawals_sw", "cumulative read as the period's value", "invented", "Kiasi gani kilitolewa na wateja tarehe 10 Machi?")
def _cum_wd() -> Script:
    ctx, ns = with_sms(CUM_WD)
    k = ns["kwa_siku"]
    return Script(ctx, [SMS_LOOK, PARSE_SMS, repl(CUM_WD),
                        f"FINAL(Tarehe 10 Machi wateja walitoa jumla ya {ksh(differs(k.loc[10, 'jumla_hadi_sasa'], k.loc[10, 'kutoa']))}.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h14_submit_literal_lpa", "literal typed into a code answer", "invented", "How many casks are in the register, and how much LPA do they hold?")
def _literal_lpa() -> Script:
    ctx = {"casks": casks()}
    differs(43000.0, round(ctx["casks"].lpa.sum(), 1))
    return Script(ctx, [CASK_LOOK, repl("SUBMIT(casks=320, total_lpa=43000.0)")])


@case("h14_answer_literal_rescue_sk", "literal typed into a code answer", "invented", "Koľko zásahov mala HZS v roku 2024?")
def _literal_rescue() -> Script:
    ctx = {"zasahy": zasahy()}
    differs(352, len(ctx["zasahy"]))
    return Script(ctx, [ZAS_LOOK, repl("answer = {'content': 'V roku 2024 mala horská služba 352 zásahov.', 'ready': True}")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h14_crew_as_pax_hr", "figure from the right row but another column", "invented", "Koliko je putnika doveo Regal Adria 4. travnja?")
def _crew() -> Script:
    code = "print(k[(k.brod == 'Regal Adria') & (k.dan == '2024-04-04')][['datum', 'brod', 'putnici', 'posada']])"
    ctx, ns = with_kruz(code)
    r = ns["k"][(ns["k"].brod == "Regal Adria") & (ns["k"].dan == "2024-04-04")].iloc[0]
    return Script(ctx, [KRUZ_LOOK, PARSE_KRUZ, repl(code),
                        f"FINAL(Regal Adria je 4. travnja doveo {dot(differs(int(r.posada), int(r.putnici)), 0)} putnika.)"])


@case("h14_rebounds_as_assists", "figure from the right row but another column", "invented", "How many assists did Dovydas Žukauskas have?")
def _reb_ast() -> Script:
    code = "print(st.groupby('žaidėjas')[['taškai', 'atkovoti', 'rez_perdavimai']].sum())"
    ctx, ns = with_kreps(code)
    r = ns["st"].groupby("žaidėjas")[["taškai", "atkovoti", "rez_perdavimai"]].sum().loc["Dovydas Žukauskas"]
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(code),
                        f"FINAL(Dovydas Žukauskas has {differs(int(r.atkovoti), int(r.rez_perdavimai))} assists this season.)"])


@case("h14_first_aid_as_rescued_et", "figure from the right row but another column", "invented", "Mitu inimest Pärnu keskrannas veest päästeti?")
def _first_aid() -> Script:
    ctx, ns = with_ranna(BEACHES)
    r = ns["rannad"].loc["Pärnu keskrand"]
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(BEACHES),
                        f"FINAL(Pärnu keskrannas päästeti suve jooksul veest {differs(int(r.esmaabi), int(r['päästetud']))} inimest.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h14_top_scorer_from_head", "maximum picked from a partial table", "invented", "Who is the team's top scorer?")
def _scorer_head() -> Script:
    code = "pts = st.groupby('žaidėjas').taškai.sum()\nprint(pts.head(5))"
    ctx, ns = with_kreps(code)
    p = ns["pts"]
    pick = p.head(5).idxmax()
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(code), f"FINAL({differs(pick, p.idxmax())}, with {p[pick]} points.)"])


@case("h14_sunflower_farm_from_head_uk", "maximum picked from a partial table", "invented", "Яке господарство здало найбільше соняшнику?")
def _sunflower_head() -> Script:
    code = "сон = e[e['культура'] == 'соняшник'].groupby('господарство')['нетто_т'].sum().round(1)\nprint(сон.head(3))"
    ctx, ns = with_elev(code)
    s = ns["сон"]
    pick = s.head(3).idxmax()
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(code), f"FINAL({differs(pick, s.idxmax())}: {spc(s[pick])} т соняшнику.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h14_ascending_variety_ms", "first row of an ascending sort called the highest", "invented", "Varieti mana membawa hasil jualan tertinggi?")
def _asc_variety() -> Script:
    code = "jualan = d.groupby('varieti').rm.sum().round(2).sort_values()\nprint(jualan)"
    ctx, ns = with_durian(code)
    j = ns["jualan"]
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(code), f"FINAL({differs(j.index[0], j.idxmax())}, dengan jualan {rm(j.iloc[0])}.)"])


@case("h14_ascending_place_sk", "first row of an ascending sort called the highest", "invented", "Ktorá lokalita mala najviac zásahov?")
def _asc_place() -> Script:
    code = "lok = z.lokalita.value_counts().sort_values()\nprint(lok)"
    ctx, ns = with_zas(code)
    lk = ns["lok"]
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), f"FINAL({differs(lk.index[0], lk.idxmax())} – {lk.iloc[0]} zásahov.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h14_heli_ground_swapped_sk", "two labels' figures swapped", "invented", "Trvajú zásahy s vrtuľníkom dlhšie ako pozemné?")
def _swapped_heli() -> Script:
    ctx, ns = with_zas(HELI_DUR)
    d = ns["dur"]["median"]
    assert d["áno"] < d["nie"]
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(HELI_DUR),
                        f"FINAL(Áno, s vrtuľníkom trvá zásah dlhšie: medián {g(d['nie'])} min, bez vrtuľníka {g(d['áno'])} min.)"])


@case("h14_home_away_points_swapped_lt", "two labels' figures swapped", "invented", "Ar komanda daugiau taškų pelno namie ar išvykoje?")
def _swapped_venue() -> Script:
    ctx, ns = with_kreps(VENUE)
    v = ns["vt"]["mes"]
    assert v["išvykoje"] > v["namie"]
    return Script(ctx, [KREPS_LOOK, JOIN_KREPS, repl(VENUE),
                        f"FINAL(Namie: vidutiniškai {spc(v['išvykoje'])} taško, o išvykoje – {spc(v['namie'])}.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h14_rescue_september_rise", "decrease reported as a rise", "invented", "How did the number of call-outs change from August to September?")
def _sep_rise() -> Script:
    code = MONTHS_ZAS + "\nprint(round((mes[9] / mes[8] - 1) * 100, 1))"
    ctx, ns = with_zas(code)
    mes = ns["mes"]
    c = round((mes[9] / mes[8] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), f"FINAL(Call-outs rose by {abs(c)}% from August to September.)"])


@case("h14_beach_august_rise_et", "decrease reported as a rise", "invented", "Kuidas muutus randade külastajate arv juulist augustini?")
def _aug_rise() -> Script:
    code = "kuu = r.groupby(r.paev.dt.month).külastajad.sum()\nprint(kuu)\nprint(round((kuu[8] / kuu[7] - 1) * 100, 1))"
    ctx, ns = with_ranna(code)
    kuu = ns["kuu"]
    c = round((kuu[8] / kuu[7] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [RANNA_LOOK, PARSE_RANNA, repl(code), f"FINAL(Külastajate arv kasvas juulist augustini {spc(abs(c))}%.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h14_table_for_krivan_sk", "table returned for one figure", "invented", "Koľko zásahov bolo na Kriváni?")
def _table_krivan() -> Script:
    code = ("tab = z.groupby('lokalita').agg(zasahy=('číslo', 'size'), vrtulnik=('vrtuľník', lambda s: int((s == 'áno').sum())),\n"
            "                               minuty=('minuty', 'median'))\nprint(tab)")
    ctx, _ = with_zas(code)
    return Script(ctx, [ZAS_LOOK, PARSE_ZAS, repl(code), "FINAL_VAR(tab)"])


@case("h14_table_for_black_thorn_ms", "table returned for one figure", "invented", "Berapa hasil jualan Black Thorn?")
def _table_bt() -> Script:
    ctx, _ = with_durian(VARIETIES)
    return Script(ctx, [DURIAN_LOOK, PARSE_DURIAN, repl(VARIETIES), 'FINAL_VAR("ikut_varieti")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h14_sherry_in_owner_column", "zero after filtering the wrong column", "invented", "How many sherry butts are maturing?")
def _sherry_owner() -> Script:
    code = "n = int((c.owner == 'sherry butt').sum())\nprint(n)"
    ctx, ns = with_cask(code)
    differs(0, int((ns["c"].cask_type == "sherry butt").sum()))
    return Script(ctx, [CASK_LOOK, PARSE_CASK, repl(code), "FINAL(None: there are no sherry butts in the register (0).)"])


@case("h14_wheat_in_farm_column_uk", "zero after filtering the wrong column", "invented", "Скільки машин з пшеницею приїхало на елеватор?")
def _wheat_farm() -> Script:
    code = "n = int((e['господарство'] == 'пшениця').sum())\nprint(n)"
    ctx, ns = with_elev(code)
    differs(0, int((ns["e"]["культура"] == "пшениця").sum()))
    return Script(ctx, [ELEV_LOOK, PARSE_ELEV, repl(code), "FINAL(Жодної: машин з пшеницею не було (0).)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h14_iso_date_cruise_hr", "none found after searching a date in another format", "invented", "Koji su kruzeri bili u Dubrovniku 15. rujna 2024.?")
def _iso_cruise() -> Script:
    ctx = {"kruzeri": kruzeri()}
    code = "dan = kruzeri[kruzeri.datum == '2024-09-15']\nprint(dan)"
    assert (ctx["kruzeri"].datum == "15. 9. 2024.").sum() > 0
    return Script(ctx, [KRUZ_LOOK, repl(code), "FINAL(Toga dana u Gružu nije bio nijedan kruzer.)"])


@case("h14_ascii_date_saffron_fa", "none found after searching a date in another format", "invented", "در ۱۰ آذر ۱۴۰۳ چند محموله معامله شد؟")
def _ascii_saffron() -> Script:
    ctx = {"zafaran": zafaran()}
    code = "roz = zafaran[zafaran['تاریخ'] == '1403/09/10']\nprint(len(roz))"
    assert (ctx["zafaran"]["تاریخ"] == "1403/09/10".translate(FA_DIGITS)).sum() > 0
    return Script(ctx, [ZAF_LOOK, repl(code), "FINAL(در ۱۰ آذر ۱۴۰۳ هیچ محموله‌ای معامله نشد.)"])


@case("h14_padded_date_rescue_sk", "none found after searching a date in another format", "invented", "Boli nejaké zásahy 5. augusta 2024?")
def _padded_rescue() -> Script:
    ctx = {"zasahy": zasahy()}
    code = "den = zasahy[zasahy['dátum'] == '05.08.2024']\nprint(len(den))"
    assert (ctx["zasahy"]["dátum"] == "5. 8. 2024").sum() > 0
    return Script(ctx, [ZAS_LOOK, repl(code), "FINAL(Nie, 5. augusta 2024 nebol žiadny zásah.)"])
