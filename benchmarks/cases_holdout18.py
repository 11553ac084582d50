"""Acceptance cases, the eighteenth held-out set: written apart from the gates, to be measured only for its aggregate figures.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy; while it is held out, it is measured only for its aggregate figures, never read case by case. Run: ``python -m
benchmarks.acceptance --cases benchmarks.cases_holdout18``. The cases are written as a capable model writes its answers
(legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``
(the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``q18_``. About
three quarters of the questions are in English; the rest are in Korean, Indonesian, Czech, Finnish, Bulgarian and
Latvian, and the answers write numbers, dates and money as those locales do (``약 1,119만 원``, ``Rp 122,6 juta``,
``Rp 33.450.000``, ``56,6 tis. Kč``, ``39 174,92 Kč``, ``7. 3. 2024``, ``162,8 хил. лв.``, ``13 342 кг``, ``58.06``
for a running time, ``50 %``, ``10,67 EUR``), with stones-pounds next to kilograms, fractional odds, cents of pitch and
minutes per kilometre.

Size: 72 legitimate answers covering all 33 legitimate classes (two or three each) and 58 invented or misread ones
covering all 29 invented classes (two each). Before it was handed over, each case was built and its replies' code (and
the code of its ``after`` turns) run in a plain namespace against the case's own data (with the case's sub-model standing
in for the sub-calls), only to check that the code runs and the figures are the ones it computes; no case was run under
any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's look and parse steps, as the ``with_*`` helpers do); every invented figure
or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Kazanlak rose-oil distillery's 2023 and 2024 picking
seasons (Bulgarian column names, one row per still charge, days written ``05.06.2024``, kilos of petals, the morning
temperature, grams of oil, leva per kilo of petals that rise on 1 June 2024, a frost-shortened 2024, the last charges
still in the still without oil, and three re-weighed ``корекция`` rows at the end that replace earlier weighings), a
Czech motorway toll operator's gantry log for Monday 4 to Sunday 10 March 2024 (text: ``dd.mm.yyyy HH:MM:SS.mmm``
stamps, gantries by motorway and kilometre, Czech, Slovak, Polish and German plates with spaces, vehicle categories,
axles and emission classes, tolls with a decimal comma, unread units charged ``0,00`` as ``CHYBA`` and passages logged
twice as ``DUPL``, the Sunday-afternoon driving ban for heavy trucks), a Kuopio orienteering race of May 2024 as nested
JSON with Finnish keys (classes with their length and controls, runners with club, EMIT card and status ``OK``,
``HYL``, ``KESK`` or ``EIL``, finish times written ``mm:ss`` with minutes past 60, cumulative split times with
``null`` for a missing punch), a Jakarta futsal venue's April to June 2024 as a dict of three tables to join (courts
with day and evening rates in rupiah, bookings dated ``5 Mei 2024`` with statuses ``selesai``, ``batal`` and ``tidak
datang``, payments as a deposit, the balance and negative refunds; a quiet Lebaran week and a June below May), an
Irish racecourse's 2023 and 2024 summer evening results as fixed-width text (meeting and race header lines with the
going and the winner's prize in euros, positions or ``F``, ``PU``, ``UR``, weights in stones-pounds ``11-7``,
fractional starting prices with the favourite marked ``F`` or ``JF``, distances beaten), a Seoul PC bang's March 2024
session export as a CSV with Korean headers (seat zones, member numbers empty for guests, sessions past midnight,
fees and food in won quoted with thousands commas, takings that grow week by week), a Riga driving school's prices
and rules in Latvian markdown (lesson and package prices in euros, a weekend supplement, discounts, a cancellation
rule, state exam fees paid apart) and a London piano tuner's spring diary (free text, one paragraph per visit, days
written ``Tue 5 Mar`` without a year, pitch at A4 in cents flat or sharp, months since the last tuning, pitch raises,
times written ``1h40`` or ``95 min``, fees in pounds, call-outs, repairs). Each frame builder returns a fresh copy
(model code may change a frame in place).
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
# -- a Kazanlak rose-oil distillery's two picking seasons (Bulgarian column names, dotted day-first dates) -------------
GROWERS = ["Кооперация Розова долина", "Иван Петров", "Мария Колева", "Георги Димитров", "Стоян Танев", "Петя Русева",
           "Николай Генчев", "Росица Маринова", "Тодор Илиев", "Елена Стоянова", "Димитър Влахов", "Христо Ганев"]
GROWER_P = np.array([.2, .1, .09, .09, .08, .08, .07, .07, .06, .06, .05, .05])


def rose() -> pd.DataFrame:
    return _rose().copy()


@functools.lru_cache(maxsize=1)
def _rose(seed: int = 1801) -> pd.DataFrame:
    """Batches of the 2023 and 2024 picking seasons: one row per still charge (партида), with the day (text,
    ``05.06.2024``), the still (К1-К4), the variety (дамаска or бяла), the grower, kilos of petals, the morning
    temperature at picking, grams of oil, the price paid per kilo of petals in leva (2.60 in 2023; 2.80 in 2024,
    3.20 from 1 June 2024) and a note. A late frost in 2024 cut the crop. The last charges of 2024 are still in the
    still (no oil yet), and three re-weighed charges are appended at the end (бележка ``корекция``): they replace
    the first weighing of the same партида."""
    rng = np.random.default_rng(seed)
    rows = []
    for year, start, days, scale in ((2023, "2023-05-15", 31, 1.0), (2024, "2024-05-13", 31, 0.78)):
        k = 0
        for d in range(days):
            day = pd.Timestamp(start) + pd.Timedelta(days=d)
            peak = np.exp(-((d - 17) / 8.5) ** 2)
            n = max(1, round((2 + 5 * peak) * scale + rng.normal(0, 0.6)))
            for _ in range(n):
                k += 1
                variety = "дамаска" if rng.random() < 0.82 else "бяла"
                grower = str(rng.choice(GROWERS, p=GROWER_P / GROWER_P.sum()))
                petals = int(rng.integers(240, 640) * (0.9 + 0.2 * peak))
                temp = round(float(11 + d * 0.25 + rng.normal(0, 2.2)), 1)
                base = 0.305 if variety == "дамаска" else 0.215
                yld = max(0.12, base - 0.0065 * (temp - 14) + rng.normal(0, 0.015))
                price = 2.60 if year == 2023 else (3.20 if day >= pd.Timestamp("2024-06-01") else 2.80)
                rows.append({"партида": f"Р{year % 100}-{k:03d}", "дата": f"{day:%d.%m.%Y}",
                             "казан": f"К{int(rng.integers(1, 5))}", "сорт": variety, "доставчик": grower,
                             "цвят_кг": petals, "темп_C": temp, "масло_г": round(petals * yld, 1),
                             "цена_лв_кг": price, "бележка": ""})
    frame = pd.DataFrame(rows)
    last = frame.index[frame["партида"].str.startswith("Р24")][-2:]
    frame.loc[last, "масло_г"] = np.nan
    frame.loc[last, "бележка"] = "в казана"
    fixes = []
    for pid, delta in (("Р24-021", -38.5), ("Р24-047", 41.2), ("Р24-066", -27.9)):
        row = frame[frame["партида"] == pid].iloc[0].to_dict()
        row["масло_г"] = round(row["масло_г"] + delta, 1)
        row["бележка"] = "корекция"
        fixes.append(row)
    return pd.concat([frame, pd.DataFrame(fixes)], ignore_index=True)


# -- a Czech motorway toll operator's gantry log, a week of March 2024 (text) -------------------------------------
GANTRIES = {"D1-021.5": 7.9, "D1-056.0": 11.2, "D1-112.4": 9.6, "D1-146.8": 12.4, "D1-182.1": 8.3,
            "D5-034.2": 10.1, "D5-067.9": 13.5, "D11-018.3": 9.0}
RATES = {("N3", 5, "EURO6"): 5.10, ("N3", 5, "EURO5"): 6.32, ("N3", 4, "EURO6"): 4.45, ("N3", 3, "EURO6"): 3.98,
         ("N2", 2, "EURO6"): 2.05, ("N2", 2, "EURO5"): 2.54, ("M3", 2, "EURO6"): 2.37, ("M3", 3, "EURO6"): 2.96}


@functools.lru_cache(maxsize=1)
def toll_log(seed: int = 1802) -> str:
    """The gantries' passage records, Monday 4 to Sunday 10 March 2024, in time order: ``dd.mm.yyyy HH:MM:SS.mmm``
    local time, the gantry (motorway and kilometre), the plate (Czech, Slovak, Polish, German; with a space), the
    vehicle category (N2, N3 trucks; M3 buses), axles, emission class, the toll in crowns with a decimal comma and a
    status: ``OK``, ``CHYBA`` (the on-board unit could not be read: 0,00 charged) or ``DUPL`` (the same passage
    recorded twice, a second later: not charged again but logged with the amount). Heavy trucks may not drive on
    Sunday between 13:00 and 22:00."""
    rng = np.random.default_rng(seed)
    plates: list[tuple[str, str, int, str]] = []
    for _ in range(72):
        kind = [("N3", 5, "EURO6"), ("N3", 5, "EURO5"), ("N3", 4, "EURO6"), ("N3", 3, "EURO6"), ("N2", 2, "EURO6"),
                ("N2", 2, "EURO5"), ("M3", 2, "EURO6"), ("M3", 3, "EURO6")][int(rng.choice(8, p=[.34, .1, .1, .08, .16, .06, .1, .06]))]
        country = rng.choice(["CZ", "SK", "PL", "DE"], p=[.55, .15, .2, .1])
        if country == "CZ":
            plate = f"{int(rng.integers(1, 10))}{rng.choice(list('ABCEHJKLMPSTUZ'))}{int(rng.integers(1, 10))} {int(rng.integers(1000, 9999))}"
        elif country == "SK":
            plate = f"{rng.choice(['BA', 'KE', 'ZA', 'TT', 'NR'])}-{int(rng.integers(100, 999))}{''.join(rng.choice(list('ABCDEHKLMPRSTVXY'), 2))}"
        elif country == "PL":
            plate = f"{rng.choice(['KR', 'WA', 'SK', 'WR', 'PO'])} {int(rng.integers(1, 9))}{''.join(rng.choice(list('ACEHKLMPRSTWXY'), 1))}{int(rng.integers(10, 99))}"
        else:
            plate = f"{rng.choice(['M', 'DD', 'N', 'B'])}-{''.join(rng.choice(list('ABCEFGHKLMNPRSTX'), 2))} {int(rng.integers(100, 9999))}"
        plates.append((plate, *kind))
    weights = rng.pareto(1.4, len(plates)) + 0.3
    gates = list(GANTRIES)
    gate_p = np.array([.18, .16, .15, .12, .1, .12, .09, .08])
    out = []
    for day in range(7):
        date = pd.Timestamp("2024-03-04") + pd.Timedelta(days=day)
        n = int(rng.integers(230, 270)) if day < 5 else (150 if day == 5 else 110)
        secs = np.sort(rng.integers(0, 86400, n))
        for s in secs:
            hour = s // 3600
            if rng.random() < (0.55 if 0 <= hour < 5 or hour >= 22 else 0.0):
                continue
            plate, cat, axles, emis = plates[int(rng.choice(len(plates), p=weights / weights.sum()))]
            if day == 6 and 13 <= hour < 22 and cat == "N3" and rng.random() < 0.97:
                continue
            gate = gates[int(rng.choice(len(gates), p=gate_p))]
            amount = round(RATES[(cat, axles, emis)] * GANTRIES[gate], 2)
            status = str(rng.choice(["OK", "CHYBA", "DUPL"], p=[.95, .03, .02]))
            stamp = date + pd.Timedelta(seconds=int(s), milliseconds=int(rng.integers(0, 1000)))
            charged = 0.0 if status == "CHYBA" else amount
            line = (f"{stamp:%d.%m.%Y %H:%M:%S}.{stamp.microsecond // 1000:03d} BRANA={gate} SPZ={plate} KAT={cat} "
                    f"NAPRAVY={axles} EMISE={emis} CASTKA={f'{charged:.2f}'.replace('.', ',')} STAV=")
            if status == "DUPL":
                out.append(line + "OK")
                dup = stamp + pd.Timedelta(milliseconds=int(rng.integers(400, 1500)))
                line = line.replace(f"{stamp:%H:%M:%S}.{stamp.microsecond // 1000:03d}",
                                    f"{dup:%H:%M:%S}.{dup.microsecond // 1000:03d}")
            out.append(line + status)
    return "\n".join(out)


# -- a Kuopio orienteering race, spring 2024, as nested JSON with Finnish keys ------------------------------------
CLASSES = {"H21": (10.4, 20, 5.9), "D21": (7.6, 16, 6.8), "H35": (8.5, 18, 6.6), "D35": (6.2, 14, 7.5),
           "H50": (6.9, 15, 7.4), "D50": (5.1, 12, 8.4), "H16": (5.6, 13, 7.9), "D16": (4.5, 11, 8.8)}
CLUBS = ["Kalevan Rasti", "Tampereen Pyrintö", "Helsingin Suunnistajat", "Vehkalahden Veikot", "Angelniemen Ankkuri",
         "MS Parma", "Kuopion Suunnistajat", "Koovee"]
FIRST = {"H": ["Juha", "Mikko", "Antti", "Ville", "Tuomas", "Eero", "Lauri", "Otto", "Aleksi", "Jussi", "Olli", "Teemu"],
         "D": ["Anna", "Sanna", "Laura", "Aino", "Emma", "Heidi", "Kaisa", "Venla", "Elina", "Noora", "Riikka", "Iida"]}
LAST = ["Virtanen", "Korhonen", "Mäkinen", "Nieminen", "Hämäläinen", "Laine", "Heikkinen", "Koskinen", "Järvinen",
        "Lehtonen", "Saarinen", "Salminen", "Rantanen", "Karjalainen", "Hyvönen", "Lindqvist"]


def mmss(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 60}:{s % 60:02d}"


@functools.lru_cache(maxsize=1)
def orienteering_json(seed: int = 1803) -> str:
    """Kuopion Kevätrastit, Saturday 18 May 2024: per class (sarja) its length (km), controls (rastit) and runners
    with club, EMIT card, start time, status (``OK``, ``HYL`` disqualified for a missing or wrong punch, ``KESK``
    did not finish, ``EIL`` did not start), finish time written ``mm:ss`` with minutes beyond 60 (``72:15``), and
    the split times (väliajat) at each control, cumulative from the start, ``null`` where a punch is missing."""
    rng = np.random.default_rng(seed)
    classes = []
    emit = 201000
    for name, (km, controls, pace) in CLASSES.items():
        runners = []
        n = int(rng.integers(7, 17)) if name not in ("H21", "D21") else int(rng.integers(14, 20))
        used: set[str] = set()
        for i in range(n):
            while True:
                who = f"{rng.choice(FIRST[name[0]])} {rng.choice(LAST)}"
                if who not in used:
                    used.add(who)
                    break
            emit += int(rng.integers(3, 400))
            status = str(rng.choice(["OK", "HYL", "KESK", "EIL"], p=[.82, .08, .06, .04]))
            my_pace = pace * rng.uniform(0.86, 1.45) * 60
            legs = rng.dirichlet(np.ones(controls + 1) * 4) * km * my_pace
            cum = np.cumsum(legs)
            splits: list[str | None] = [mmss(c) for c in cum[:-1]]
            total: str | None = mmss(cum[-1])
            if status == "HYL":
                splits[int(rng.integers(1, controls - 1))] = None
            elif status == "KESK":
                stop = int(rng.integers(controls // 2, controls))
                splits = splits[:stop] + [None] * (controls - stop)
                total = None
            elif status == "EIL":
                splits, total = [], None
            runners.append({"nimi": who, "seura": str(rng.choice(CLUBS)), "emit": emit,
                            "lahto": f"{11 + i // 6}:{(i % 6) * 10 + int(name[1:]) % 7:02d}:00", "tila": status,
                            "aika": total, "valiajat": splits})
        classes.append({"sarja": name, "matka_km": km, "rasteja": controls, "kilpailijat": runners})
    return json.dumps({"kilpailu": "Kuopion Kevätrastit 2024", "pvm": "18.5.2024", "paikka": "Puijo, Kuopio",
                       "sarjat": classes}, ensure_ascii=False, indent=1)


# -- a Jakarta futsal venue: courts, bookings and payments (a dict of three tables, Indonesian) --------------------
BULAN = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November",
         "Desember"]
TEAMS = ["FC Kemang", "Garuda Muda", "PT Sinar Jaya FC", "Bintaro United", "Anak Tebet", "Warung Kopi FC",
         "Cilandak Raya", "Alumni SMAN 70", "Ojol Bersatu", "Persija Fans Club", "Kantor Pajak FC", "Rawamangun Boys",
         "Bank Mandiri Futsal", "Kampus UI FC", "Senopati Squad", "Pasar Minggu FC", "Tim Lembur", "Menteng Elite",
         "Kalibata City FC", "Dapur Ibu FC", "Startup Ballers", "Duren Sawit", "Pondok Indah FC", "Santai Saja FC"]


def futsal() -> dict[str, pd.DataFrame]:
    return {name: t.copy() for name, t in _futsal().items()}


@functools.lru_cache(maxsize=1)
def _futsal(seed: int = 1804) -> dict[str, pd.DataFrame]:
    """Courts (lapangan) with their day and evening rates (from 17:00) in rupiah per hour; bookings (pemesanan) of
    April to June 2024, dated as text like ``5 Mei 2024``, with start hour, hours, court, team, price and status
    (``selesai`` played, ``batal`` cancelled, ``tidak datang`` no-show); payments (pembayaran): a 50% deposit (DP)
    at booking, the rest (pelunasan) after playing, the deposit refunded (a negative ``refund``) when a booking is
    cancelled, kept on a no-show. Lebaran (10 April 2024) and the week around it are quiet; June is quieter than May."""
    rng = np.random.default_rng(seed)
    courts = pd.DataFrame({
        "kode": ["L1", "L2", "L3", "L4", "L5"],
        "nama": ["Lapangan Garuda", "Lapangan Elang", "Lapangan Rajawali", "Lapangan Merpati", "Lapangan Kenari"],
        "jenis": ["vinyl", "vinyl", "rumput sintetis", "rumput sintetis", "interlock"],
        "tarif_siang": [150000, 150000, 200000, 200000, 120000], "tarif_malam": [200000, 200000, 275000, 275000, 160000]})
    rates = courts.set_index("kode")
    team_p = rng.pareto(1.2, len(TEAMS)) + 0.4
    rows = []
    days = pd.date_range("2024-04-01", "2024-06-30")
    for day in days:
        quiet = 0.2 if pd.Timestamp("2024-04-07") <= day <= pd.Timestamp("2024-04-15") else 1.0
        month = {4: 1.0, 5: 1.15, 6: 0.9}[day.month]
        weekend = 1.5 if day.day_of_week >= 5 else 1.0
        n = rng.poisson(5.2 * quiet * month * weekend)
        for _ in range(n):
            hour = int(rng.choice(range(8, 23), p=np.array([1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 5, 6, 6, 5, 3]) / 38))
            court = str(rng.choice(rates.index, p=[.22, .22, .2, .2, .16]))
            hours = int(rng.choice([1, 2], p=[.6, .4]))
            price = int(rates.loc[court, "tarif_malam" if hour >= 17 else "tarif_siang"] * hours)
            rows.append((day, f"{hour:02d}:00", hours, court, str(rng.choice(TEAMS, p=team_p / team_p.sum())), price,
                         str(rng.choice(["selesai", "batal", "tidak datang"], p=[.84, .11, .05]))))
    book = pd.DataFrame(rows, columns=["tanggal", "jam_mulai", "durasi_jam", "kode_lapangan", "tim", "harga", "status"])
    book.insert(0, "id", [f"BK-{i:04d}" for i in range(1, len(book) + 1)])
    pays = []
    for r in book.itertuples():
        dp = r.harga // 2
        method = str(rng.choice(["QRIS", "transfer", "tunai"], p=[.5, .3, .2]))
        pays.append((r.id, "DP", dp, method))
        if r.status == "selesai":
            pays.append((r.id, "pelunasan", r.harga - dp, str(rng.choice(["QRIS", "transfer", "tunai"], p=[.45, .2, .35]))))
        elif r.status == "batal":
            pays.append((r.id, "refund", -dp, "transfer"))
    book["tanggal"] = [f"{d.day} {BULAN[d.month - 1]} {d.year}" for d in book.tanggal]
    pay = pd.DataFrame(pays, columns=["id_pemesanan", "jenis", "jumlah", "metode"])
    return {"lapangan": courts, "pemesanan": book, "pembayaran": pay}


# -- an Irish racecourse's results over two seasons, as fixed-width text ------------------------------------------
HORSES = ["Ballyhigh Star", "Corrib Lass", "Mountain Tiger", "Shannon Gold", "Dunmore Rebel", "Lough Derg Lady",
          "Clonmel Flyer", "Knockmore Boy", "Silver Birch Lane", "Tullamore Dew Drop", "Atlantic Gale", "Glenstal",
          "Kerry Cowboy", "Rathmore Queen", "Old Bridge Road", "Emerald Isle", "Cashel Rock", "Brave Connemara",
          "The Last Furlong", "Sionnach Rua", "Midnight Clare", "Bective Abbey", "Fionn Mac Cool", "Castlebar Jet",
          "Inch Strand", "Moyvalley Mist", "Boherbue Belle", "Ardfert Prince", "Ballinasloe Fair", "Slaney Valley",
          "Coolmore Ridge", "Annamoe", "Lady Gregory", "Tinahely Blaze", "Kilkee Breeze", "Boreen Boy"]
JOCKEYS = ["J. Kennedy", "R. Blackmore", "D. Russell", "P. Townend", "M. Walsh", "S. Flanagan", "K. Brouder",
           "D. Mullins", "J. Slevin", "B. Hayes"]
TRAINERS = ["G. Elliott", "W. P. Mullins", "H. de Bromhead", "J. Harrington", "N. Meade", "G. Cromwell", "E. McNamara"]
RACE_TYPES = [("Maiden Hurdle", "2m3f", 6000), ("Handicap Hurdle", "2m", 7500), ("Beginners Chase", "2m5f", 9000),
              ("Handicap Chase", "3m", 8500), ("Mares Hurdle", "2m4f", 6500), ("Bumper (INH Flat)", "2m", 5000),
              ("Novice Hurdle", "2m1f", 7000)]


def frac_odds(p: float) -> str:
    """A fractional price near the fair one for probability ``p``."""
    ladder = ["1/2", "4/6", "4/5", "evs", "11/10", "5/4", "6/4", "7/4", "2/1", "9/4", "5/2", "11/4", "3/1", "7/2", "4/1",
              "9/2", "5/1", "11/2", "6/1", "7/1", "8/1", "9/1", "10/1", "12/1", "14/1", "16/1", "20/1", "25/1", "33/1",
              "40/1", "50/1"]

    def prob(s: str) -> float:
        a, b = (1, 1) if s == "evs" else map(int, s.split("/"))
        return b / (a + b)
    return min(ladder, key=lambda s: abs(prob(s) - p))


@functools.lru_cache(maxsize=1)
def race_results(seed: int = 1805) -> str:
    """Results of the 2023 and 2024 summer evening meetings, fixed-width: a meeting line (``MEETING  Fri 12 May 2023``
    and the going), a race line (number, off time, name, distance in miles and furlongs, prize to the winner in euros)
    and one row per runner: position (or ``F`` fell, ``PU`` pulled up, ``UR`` unseated rider), horse, age, weight in
    stones-pounds (``11-7``), jockey, trainer, starting price as fractional odds (``7/2``; the favourite marked ``F``,
    joint favourites ``JF``) and the distance beaten in lengths."""
    rng = np.random.default_rng(seed)
    ability = {h: rng.normal(0, 1) for h in HORSES}
    born = {h: int(rng.integers(2014, 2020)) for h in HORSES}
    jockey_skill = {j: s for j, s in zip(JOCKEYS, [.5, .45, .35, .3, .1, 0, -.1, -.2, -.25, -.3], strict=True)}
    meetings = {2023: ["2023-05-12", "2023-05-26", "2023-06-09", "2023-06-23", "2023-07-14", "2023-08-04"],
                2024: ["2024-05-10", "2024-05-24", "2024-06-07", "2024-06-21", "2024-07-12", "2024-08-02"]}
    out = ["KILBEGGAN RACECOURSE - SUMMER EVENING RESULTS 2023-2024", ""]
    for year, dates in meetings.items():
        for date in dates:
            day = pd.Timestamp(date)
            going = str(rng.choice(["Good", "Good to Yielding", "Yielding", "Soft"], p=[.35, .35, .2, .1]))
            out.append(f"MEETING  {day:%a} {day.day} {day:%b %Y}   Going: {going}")
            off = pd.Timestamp(f"{date} 17:20")
            for r, k in enumerate(rng.choice(len(RACE_TYPES), 6, replace=False)):
                name, dist, prize = RACE_TYPES[int(k)]
                prize = int(prize * (1.1 if year == 2024 else 1.0))
                field = list(rng.choice(HORSES, int(rng.integers(6, 13)), replace=False))
                jockeys = list(rng.choice(JOCKEYS, len(field), replace=False)) if len(field) <= len(JOCKEYS) else \
                    list(rng.choice(JOCKEYS, len(field)))
                strength = np.array([ability[h] + jockey_skill[j] for h, j in zip(field, jockeys, strict=True)])
                p = np.exp(strength * 1.3)
                p = p / p.sum()
                odds = [frac_odds(float(x) * 0.88) for x in p]
                perf = strength + rng.gumbel(0, 0.75, len(field))
                order = list(np.argsort(-perf))
                chase = "Chase" in name or "Hurdle" in name
                fallers = {int(i) for i in order[1:] if chase and rng.random() < 0.06}
                prob_of = {s: (1 / 2 if s == "evs" else int(s.split("/")[1]) / (int(s.split("/")[0]) + int(s.split("/")[1])))
                           for s in odds}
                best = max(prob_of[o] for o in odds)
                favs = [i for i, o in enumerate(odds) if prob_of[o] == best]
                out.append(f"RACE {r + 1}  {off + pd.Timedelta(minutes=35 * r):%H:%M}  {name:<32}{dist:>6}   Win €{prize:,}")
                out.append(f"{'Pos':<5}{'Horse':<22}{'Age':>3}  {'Wgt':<6}{'Jockey':<14}{'Trainer':<17}{'SP':<7}Btn")
                pos = 0
                finishers = [i for i in order if i not in fallers]
                for i in finishers + sorted(fallers):
                    if i in fallers:
                        mark = str(rng.choice(["F", "PU", "UR"], p=[.4, .4, .2]))
                        btn = ""
                    else:
                        pos += 1
                        mark = str(pos)
                        btn = "" if pos == 1 else str(rng.choice(["nk", "hd", "1/2", "1", "1 1/2", "2", "3", "4 1/2", "6", "9", "15"]))
                    st, lb = divmod(int(rng.integers(150, 166)) if chase or "Bumper" in name else int(rng.integers(120, 140)), 14)
                    sp = odds[i] + ("JF" if len(favs) > 1 and i in favs else "F" if i in favs else "")
                    trainer = TRAINERS[(HORSES.index(field[i]) * 3) % len(TRAINERS)]
                    out.append(f"{mark:<5}{field[i]:<22}{year - born[field[i]]:>3}  {f'{st}-{lb}':<6}{jockeys[i]:<14}"
                               f"{trainer:<17}{sp:<7}{btn}".rstrip())
                out.append("")
    return "\n".join(out)


# -- a Seoul PC bang's March 2024 session export (a CSV with Korean headers) --------------------------------------
@functools.lru_cache(maxsize=1)
def pcbang_csv(seed: int = 1806) -> str:
    """Sessions of March 2024, one per line: seat (1-60 일반 standard, 61-76 프리미엄 premium, 77-80 커플 couple seats),
    member number (empty for a guest, 비회원), start and end (``2024-03-05 19:42``; a session may run past midnight),
    minutes used, the fee and the food bill in won written with thousands commas inside quotes (``"12,400"``), and
    the payment method. Evenings and weekends are busy; the month gets busier week by week once the new
    semester has started and a game's new season opens."""
    rng = np.random.default_rng(seed)
    members = [f"M{int(x)}" for x in rng.choice(range(10000, 19999), 220, replace=False)]
    member_p = rng.pareto(1.3, len(members)) + 0.3
    lines = ["좌석번호,구역,회원번호,시작,종료,이용분,요금,음식,결제수단"]
    rows = []
    for day in pd.date_range("2024-03-01", "2024-03-31"):
        busy = (1.0 + 0.022 * (day.day - 1)) * (1.45 if day.day_of_week >= 5 else 1.0)
        n = rng.poisson(38 * busy)
        for _ in range(n):
            hour = int(rng.choice(24, p=np.array([5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 9, 8, 7]) / 110))
            start = day + pd.Timedelta(hours=hour, minutes=int(rng.integers(0, 60)))
            seat = int(rng.choice([int(rng.integers(1, 61)), int(rng.integers(61, 77)), int(rng.integers(77, 81))], p=[.72, .22, .06]))
            zone = "일반" if seat <= 60 else "프리미엄" if seat <= 76 else "커플"
            member = members[int(rng.choice(len(members), p=member_p / member_p.sum()))] if rng.random() < 0.78 else ""
            minutes = int(np.clip(rng.gamma(2.2, 70), 15, 720))
            rate = {"일반": 1200 if member else 1500, "프리미엄": 2000, "커플": 1800}[zone]
            fee = int(round(minutes / 60 * rate, -2))
            food = int(rng.choice([0, 0, 3500, 4500, 6000, 6500, 8000, 9500])) if rng.random() < 0.55 else 0
            pay = str(rng.choice(["카드", "현금", "카카오페이", "선불"], p=[.45, .1, .25, .2]))
            rows.append((start, seat, zone, member, minutes, fee, food, pay))
    rows.sort(key=lambda r: r[0])
    for start, seat, zone, member, minutes, fee, food, pay in rows:
        end = start + pd.Timedelta(minutes=minutes)
        lines.append(f'{seat},{zone},{member},{start:%Y-%m-%d %H:%M},{end:%Y-%m-%d %H:%M},{minutes},"{fee:,}","{food:,}",{pay}')
    return "\n".join(lines)


# -- a Riga driving school's prices and rules (Latvian markdown) ---------------------------------------------------
DRIVING_SCHOOL = """# Autoskola "Zaļais Vilnis" — cenas un noteikumi 2024

Spēkā no 2024. gada 1. marta. Rīga, Brīvības iela 140.

## 1. B kategorija

| Pakalpojums | Cena |
| --- | --- |
| Teorijas kurss (16 nodarbības, klātienē vai tiešsaistē) | 120 EUR |
| Braukšanas nodarbība (45 min), manuālā kārba | 32 EUR |
| Braukšanas nodarbība (45 min), automātiskā kārba | 35 EUR |
| Pakete: 20 braukšanas nodarbības, manuālā kārba | 590 EUR |
| Pakete: 20 braukšanas nodarbības, automātiskā kārba | 650 EUR |
| Skolas auto CSDD eksāmenam (ar instruktoru, 90 min) | 45 EUR |
| Iekšējais teorijas eksāmens | bez maksas |

Nodarbības sestdienās un svētdienās: +5 EUR par katru nodarbību. Paketes nodarbības jāizmanto 6 mēnešu laikā.

## 2. A kategorija (motocikls)

Teorijas kurss 90 EUR. Braukšanas nodarbība laukumā (45 min) 30 EUR, pilsētā 34 EUR. Ekipējuma noma (ķivere,
jaka, cimdi) 5 EUR par nodarbību.

## 3. Atlaides

Skolēniem un studentiem ar derīgu apliecību — 10 % atlaide teorijas kursam. Ja teorijas kursu un 20 nodarbību
paketi apmaksā vienā reizē, teorijas kurss maksā 100 EUR.

## 4. Atcelšana un kavējumi

Nodarbību var atcelt bez maksas līdz 24 stundām pirms sākuma. Ja atceļ vēlāk par 24 stundām, jāmaksā 50 % no
nodarbības cenas; ja skolēns neierodas vispār, nodarbība tiek uzskatīta par notikušu un jāmaksā pilnā apmērā. Ja
instruktors kavē vairāk nekā 15 minūtes, nodarbību pagarina vai nākamā nodarbība ir bez maksas.

## 5. CSDD eksāmens

Valsts nodevas (CSDD teorijas eksāmens 10,67 EUR, braukšanas eksāmens 28,46 EUR) skolēns maksā pats un tās nav
iekļautas autoskolas cenās.
"""


# -- a London piano tuner's job diary, March to May 2024 (free text, days without a year) -------------------------
MAKES = ["Yamaha U3", "Yamaha U1", "Kawai K-300", "Steinway Model O", "Bechstein Concert 8", "Challen upright",
         "Broadwood grand", "Chappell upright", "Knight K10", "Blüthner Model 4", "Danemann upright"]
CLIENTS = ["Mrs Okonkwo, Clapham", "St Anne's Church, Soho", "Dr Patel, Highgate", "Hollybrook Primary School",
           "Mr & Mrs Fairweather, Dulwich", "The Blue Lantern (bar), Camden", "Ms Kowalczyk, Ealing",
           "Royal Oak Care Home, Barnet", "Mr Adeyemi, Brixton", "Fenwick Music Studios, Hackney", "Ms Chen, Islington",
           "Mr Lloyd-Hughes, Richmond", "Holloway Community Hall", "Mrs Nakamura, Putney"]
ISSUES = {"sticking keys": "A few sticking keys (damp) eased.", "broken string": "Replaced a broken string ({note}).",
          "moth damage": "Moth damage to the hammer felts; quoted for re-felting.",
          "sluggish action": "Sluggish action, regulated the worst notes.", "buzzing": "Traced a buzz to a loose rib.",
          "pedal squeak": "Oiled a squeaking sustain pedal."}


@functools.lru_cache(maxsize=1)
def tuner_diary(seed: int = 1807) -> str:
    """One paragraph per visit: the day (``Tue 5 Mar``, no year), client and place, the piano, how far it was from
    concert pitch at A4 in cents (flat is negative) and the months since its last tuning, whether a pitch raise was
    needed (more than 15 cents flat), the time spent (``1h40`` or ``95 min``), the fee in pounds and any issues.
    A few visits were cancelled or the client was out (a call-out fee)."""
    rng = np.random.default_rng(seed)
    out = []
    days = sorted(rng.choice(pd.date_range("2024-03-01", "2024-05-31"), 74, replace=False))
    for d in days:
        day = pd.Timestamp(d)
        if day.day_of_week == 6:
            continue
        client = str(rng.choice(CLIENTS))
        make = str(rng.choice(MAKES, p=[.16, .14, .12, .06, .05, .1, .06, .1, .09, .05, .07]))
        head = f"{day:%a} {day.day} {day:%b} — {client}. {make}."
        r = rng.random()
        if r < 0.05:
            out.append(f"{head} Client cancelled on the doorstep. Call-out £35.")
            continue
        if r < 0.08:
            out.append(f"{head} No answer, waited 20 min. Call-out £35 invoiced.")
            continue
        months = int(rng.integers(5, 40))
        cents = -round(float(months * 0.75 + rng.normal(0, 4)), 1)
        if rng.random() < 0.08:
            cents = round(abs(cents) * 0.3, 1)  # a few sharp (central heating)
        raise_ = cents < -15
        mins = int(rng.normal(80, 12) + (35 if raise_ else 0))
        spent = f"{mins // 60}h{mins % 60:02d}" if rng.random() < 0.6 else f"{mins} min"
        fee = 95 + (40 if raise_ else 0) + (20 if "grand" in make.lower() or "Model O" in make or "Concert" in make else 0)
        issues = [ISSUES[k].format(note=str(rng.choice(["C2", "F#3", "A1", "D5", "G6"])))
                  for k in rng.choice(list(ISSUES), int(rng.choice([0, 0, 1, 1, 2])), replace=False)]
        if any("string" in i for i in issues):
            fee += 25
        where = "flat" if cents < 0 else "sharp"
        text = (f"{head} Last tuned about {months} months ago. A4 was {abs(cents)} cents {where}"
                + ("; pitch raise first, then fine tuning." if raise_ else ", fine tuning only.")
                + f" {' '.join(issues)} Time {spent}. £{fee}, " + str(rng.choice(["paid cash", "paid by card", "bank transfer",
                                                                                  "invoice sent"])) + ".")
        out.append(" ".join(text.split()))
    return "\n\n".join(out)


# -- first looks and parsing steps: what a capable model runs before its question's own code --------------------
ROSE_LOOK = repl("print(rose.shape)\nprint(rose.head())\nprint(rose.tail(6).to_string())\nprint(rose['бележка'].value_counts())",
                 "Let me look at the distillery's table first.")
ROSE_PARSE = ("import pandas as pd\nr = rose.copy()\nr['ден'] = pd.to_datetime(r['дата'], format='%d.%m.%Y')\n"
              "r['година'] = r['ден'].dt.year\nfix = r[r['бележка'] == 'корекция'].set_index('партида')['масло_г']\n"
              "r = r[r['бележка'] != 'корекция'].copy()\nhit = r['партида'].isin(fix.index)\n"
              "r.loc[hit, 'масло_г'] = r.loc[hit, 'партида'].map(fix)\nr['добив'] = r['масло_г'] / r['цвят_кг']\n"
              "print(r.shape)\nprint(r.groupby('година')[['цвят_кг', 'масло_г']].sum())")
PARSE_ROSE = repl(ROSE_PARSE, "Dates are day first; the корекция rows replace the first weighing of their партида, so I apply them "
                              "and drop them.")

TOLL_LOOK = repl("lines = myto.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:4]))\nprint(lines[-1])",
                 "A text log; the format first.")
TOLL_PARSE = ("import re\nimport pandas as pd\n"
              "rx = re.compile(r'(\\S+ \\S+) BRANA=(\\S+) SPZ=(.+?) KAT=(\\S+) NAPRAVY=(\\d) EMISE=(\\S+) CASTKA=([\\d,]+) STAV=(\\w+)')\n"
              "m = pd.DataFrame([rx.match(l).groups() for l in lines],\n"
              "                 columns=['cas', 'brana', 'spz', 'kat', 'napravy', 'emise', 'castka', 'stav'])\n"
              "m['cas'] = pd.to_datetime(m.cas, format='%d.%m.%Y %H:%M:%S.%f')\n"
              "m['castka'] = m.castka.str.replace(',', '.').astype(float)\nm['dalnice'] = m.brana.str.split('-').str[0]\n"
              "ok = m[m.stav == 'OK']\nprint(m.shape)\nprint(m.stav.value_counts())")
PARSE_TOLL = repl(TOLL_PARSE, "Day-first stamps with milliseconds, amounts with a decimal comma; DUPL lines repeat a passage and "
                              "CHYBA ones were not charged, so the passages are the OK lines.")

RUN_LOOK = repl("print(len(tulokset))\nprint(tulokset[:600])", "Nested JSON; a look at its top.")
RUN_PARSE = ("import json\nimport pandas as pd\ndata = json.loads(tulokset)\nrows = []\nfor s in data['sarjat']:\n"
             "    for k in s['kilpailijat']:\n"
             "        rows.append({'sarja': s['sarja'], 'km': s['matka_km'], 'rasteja': s['rasteja'], 'nimi': k['nimi'],\n"
             "                     'seura': k['seura'], 'emit': k['emit'], 'tila': k['tila'], 'aika': k['aika'],\n"
             "                     'valiajat': k['valiajat']})\ndf = pd.DataFrame(rows)\n"
             "df['sek'] = df.aika.map(lambda t: int(t.split(':')[0]) * 60 + int(t.split(':')[1]) if isinstance(t, str) else None)\n"
             "print(df.shape)\nprint(df.groupby('sarja').tila.value_counts().unstack(fill_value=0))")
PARSE_RUN = repl(RUN_PARSE, "One row per runner; the time is mm:ss with minutes past 60, so I turn it into seconds.")

FUTSAL_LOOK = repl("for name, t in futsal.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                   "Three tables; let me see each.")
FUTSAL_PARSE = ("import pandas as pd\nbulan = {'Januari': 1, 'Februari': 2, 'Maret': 3, 'April': 4, 'Mei': 5, 'Juni': 6, 'Juli': 7,\n"
                "         'Agustus': 8, 'September': 9, 'Oktober': 10, 'November': 11, 'Desember': 12}\n"
                "book = futsal['pemesanan'].copy()\nparts = book.tanggal.str.split(expand=True)\n"
                "book['tgl'] = pd.to_datetime(pd.DataFrame({'year': parts[2].astype(int), 'month': parts[1].map(bulan),\n"
                "                                           'day': parts[0].astype(int)}))\n"
                "pay = futsal['pembayaran']\ncourts = futsal['lapangan']\nprint(book.tgl.min(), book.tgl.max())\n"
                "print(book.status.value_counts())")
PARSE_FUTSAL = repl(FUTSAL_PARSE, "The dates are Indonesian text ('5 Mei 2024'); mapping the month names.")

RACE_LOOK = repl("print(len(hasil))\nprint(hasil[:1500])", "Fixed-width results; the layout first.")
RACE_PARSE = ("import pandas as pd\nrows = []\nfor line in hasil.splitlines():\n    if line.startswith('MEETING'):\n"
              "        day = pd.to_datetime(line[9:].split('   ')[0], format='%a %d %b %Y')\n"
              "        going = line.split('Going: ')[1]\n    elif line.startswith('RACE'):\n"
              "        race, race_name, dist = int(line.split()[1]), line[15:47].strip(), line[47:53].strip()\n"
              "        prize = int(line.split('€')[1].replace(',', ''))\n"
              "    elif line[:5].strip() and (line[:5].strip().isdigit() or line[:5].strip() in ('F', 'PU', 'UR')):\n"
              "        rows.append({'day': day, 'going': going, 'race': race, 'race_name': race_name, 'dist': dist,\n"
              "                     'prize': prize, 'pos': line[:5].strip(), 'horse': line[5:27].strip(),\n"
              "                     'age': int(line[27:30]), 'wgt': line[32:38].strip(), 'jockey': line[38:52].strip(),\n"
              "                     'trainer': line[52:69].strip(), 'sp': line[69:76].strip(), 'btn': line[76:].strip()})\n"
              "res = pd.DataFrame(rows)\nres['year'] = res.day.dt.year\nres['fav'] = res.sp.str.endswith('F')\n"
              "res['won'] = res.pos == '1'\nprint(res.shape)\nprint(res.groupby('year').agg(meetings=('day', 'nunique'), runners=('horse', 'size')))")
PARSE_RACE = repl(RACE_PARSE, "Meeting and race lines carry the day and the prize; runner rows are fixed-width below them.")

PC_LOOK = repl("print(pc.count('\\n') + 1)\nprint('\\n'.join(pc.splitlines()[:5]))", "A CSV export; the header and a few lines.")
PC_PARSE = ("import io\nimport pandas as pd\ns = pd.read_csv(io.StringIO(pc), thousands=',', dtype={'회원번호': str})\n"
            "s['시작'] = pd.to_datetime(s['시작'])\ns['종료'] = pd.to_datetime(s['종료'])\n"
            "s['회원'] = s['회원번호'].notna()\ns['매출'] = s['요금'] + s['음식']\nprint(s.shape)\nprint(s.dtypes)")
PARSE_PC = repl(PC_PARSE, "Fees are quoted with thousands commas, so read with thousands=','; an empty 회원번호 is a guest.")

SCHOOL_LOOK = repl("print(len(autoskola))\nprint(autoskola[:900])", "A markdown price list; reading it.")
DIARY_LOOK = repl("visits = diary.split('\\n\\n')\nprint(len(visits))\nprint('\\n'.join(visits[:4]))", "Free-text diary; a few entries.")
DIARY_PARSE = ("import re\nimport pandas as pd\nrows = []\nfor v in visits:\n"
               "    c = re.search(r'A4 was ([\\d.]+) cents (flat|sharp)', v)\n    fee = re.search(r'£(\\d+)', v)\n"
               "    t = re.search(r'Time (?:(\\d+)h(\\d+)|(\\d+) min)', v)\n    months = re.search(r'about (\\d+) months', v)\n"
               "    rows.append({'day': v.split(' — ')[0], 'client': v.split(' — ')[1].split('. ')[0],\n"
               "                 'piano': v.split('. ')[1] if c else None,\n"
               "                 'cents': (float(c.group(1)) * (-1 if c.group(2) == 'flat' else 1)) if c else None,\n"
               "                 'months': int(months.group(1)) if months else None,\n"
               "                 'minutes': (int(t.group(1)) * 60 + int(t.group(2)) if t.group(1) else int(t.group(3))) if t else None,\n"
               "                 'fee': int(fee.group(1)), 'raise': 'pitch raise' in v, 'tuned': c is not None})\n"
               "jobs = pd.DataFrame(rows)\nprint(jobs.shape)\nprint(jobs.head())")
PARSE_DIARY = repl(DIARY_PARSE, "Pulling the pitch, time, fee and months since the last tuning out of each entry.")


def with_rose(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A rose case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"rose": rose()}
    return ctx, compute({"rose": rose()}, ROSE_PARSE + "\n" + code)


def with_toll(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"myto": toll_log()}
    return ctx, compute(ctx, "lines = myto.splitlines()\n" + TOLL_PARSE + "\n" + code)


def with_run(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"tulokset": orienteering_json()}
    return ctx, compute(ctx, RUN_PARSE + "\n" + code)


def with_futsal(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"futsal": futsal()}
    return ctx, compute({"futsal": futsal()}, FUTSAL_PARSE + "\n" + code)


def with_race(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"hasil": race_results()}
    return ctx, compute(ctx, RACE_PARSE + "\n" + code)


def with_pc(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"pc": pcbang_csv()}
    return ctx, compute(ctx, PC_PARSE + "\n" + code)


def with_diary(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"diary": tuner_diary()}
    return ctx, compute(ctx, "visits = diary.split('\\n\\n')\n" + DIARY_PARSE + "\n" + code)


# -- locale digits ---------------------------------------------------------------------------------------------------
def spaced(x: float, decimals: int = 1) -> str:
    """Czech, Bulgarian, Finnish and Latvian digits: ``12 345,6``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def dotted(x: float, decimals: int = 0) -> str:
    """Indonesian digits: ``12.345,6``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def rp(x: float) -> str:
    """``Rp 1.250.000`` (``-Rp 450.000`` for a negative amount)."""
    return f"{'-' if x < 0 else ''}Rp {dotted(abs(x))}"


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ------------------
ISSUES_PROMPT = "List the problems these visits found besides the tuning itself, and count each kind.\n\n"
RAISES_PROMPT = "Count the visits in this diary that needed a pitch raise. Answer with the number first.\n\n"
CANCEL_PROMPT = "Quote the school's rule on cancelling or missing a driving lesson, in full.\n\n"
CHYBA_PROMPT = "Count the passages with STAV=CHYBA in these log lines. Answer with the number first.\n\n"


def sub_model() -> RuleBasedSubModel:
    def issues(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        kinds = {"sticking keys": "sticking keys", "broken strings replaced": "broken string",
                 "moth damage to the hammers": "Moth damage", "sluggish action": "Sluggish action",
                 "a buzz (loose rib)": "buzz", "a squeaking pedal": "squeaking sustain pedal"}
        counts = {k: text.count(w) for k, w in kinds.items()}
        ranked = sorted(((k, n) for k, n in counts.items() if n), key=lambda kv: (-kv[1], kv[0]))
        return (f"{sum(counts.values())} problems besides tuning: " + ", ".join(f"{k} ({n})" for k, n in ranked) + ".")

    def raises(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('pitch raise first')} visits needed a pitch raise."

    def cancel(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## 4\. Atcelšana un kavējumi\n\n(.+?)\n\n", request.last_user, re.S)
        return " ".join(found.group(1).split()) if found else "NONE"

    def chyba(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('STAV=CHYBA')} passages have STAV=CHYBA."

    return RuleBasedSubModel([(r"\AList the problems these visits", issues), (r"\ACount the visits in this diary", raises),
                              (r"\AQuote the school's rule on cancelling", cancel), (r"\ACount the passages with STAV", chyba)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("q18_rose_damask_yield_describe", "describe() statistic", "legit",
      "In 2024, how much oil did a still charge of damask roses typically give per kilo of petals?")
def _damask_describe() -> Script:
    code = "d24 = r[(r['година'] == 2024) & (r['сорт'] == 'дамаска')]\nprint(d24['добив'].describe().round(3))"
    ctx, ns = with_rose(code)
    d = ns["d24"]["добив"].describe().round(3)
    final = (f"FINAL(Typically about {d['50%']:.2f} g of oil per kg of petals: the median of the {d['count']:.0f} damask "
             f"charges with oil weighed is {d['50%']} g/kg (mean {d['mean']}), and the middle half lay between "
             f"{d['25%']} and {d['75%']} g/kg.)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final],
                  [repl("print(round(d24['добив'].median(), 2), d24['добив'].quantile([.25, .75]).round(3).tolist())"), final])


@case("q18_pc_minutes_describe_ko", "describe() statistic", "legit", "손님들은 보통 몇 분 정도 이용하나요?")
def _pc_minutes_describe() -> Script:
    code = "print(s['이용분'].describe().round(1))"
    ctx, ns = with_pc(code)
    d = ns["s"]["이용분"].describe().round(1)
    final = (f"FINAL(보통 {d['50%']:.0f}분 정도 이용합니다. 3월 전체 {d['count']:,.0f}건 세션의 중앙값이 {d['50%']:.0f}분이고, 평균은 "
             f"{d['mean']}분입니다. 절반의 세션이 {d['25%']:.0f}분에서 {d['75%']:.0f}분 사이이며, 가장 긴 세션은 {d['max']:.0f}분"
             f"(12시간)이었습니다.)")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final],
                  [repl("print(s['이용분'].median(), round(s['이용분'].mean(), 1), s['이용분'].quantile([.25, .75]).tolist())"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("q18_toll_motorway_bullets_cs", "bullet list of figures", "legit", "Kolik se tento týden vybralo mýtného na jednotlivých dálnicích?")
def _toll_bullets() -> Script:
    code = "po_dalnicich = ok.groupby('dalnice').castka.agg(['size', 'sum']).round(2).sort_values('sum', ascending=False)\nprint(po_dalnicich)"
    ctx, ns = with_toll(code)
    t = ns["po_dalnicich"]
    final = ("FINAL(Mýtné vybrané od 4. do 10. 3. 2024 (jen zaúčtované průjezdy, bez chyb čtení a duplicit):\n"
             + "\n".join(f"- **{k}**: {spaced(v['sum'], 2)} Kč ({int(v['size'])} průjezdů)" for k, v in t.iterrows())
             + f"\n\nCelkem {spaced(t['sum'].sum(), 2)} Kč.)")
    fix = repl("for k, v in po_dalnicich.iterrows():\n    print(k, f\"{v['sum']:,.2f}\".replace(',', ' ').replace('.', ','), 'Kč', int(v['size']))\n"
               "print(f\"{po_dalnicich['sum'].sum():,.2f}\".replace(',', ' ').replace('.', ','))")
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [fix, final])


@case("q18_run_winners_bullets_fi", "bullet list of figures", "legit", "Kuka voitti kunkin sarjan ja millä ajalla?")
def _run_winners_bullets() -> Script:
    code = ("voittajat = df[df.tila == 'OK'].sort_values('sek').groupby('sarja').head(1).sort_values('sarja')\n"
            "print(voittajat[['sarja', 'nimi', 'seura', 'aika']].to_string(index=False))")
    ctx, ns = with_run(code)
    v = ns["voittajat"]
    final = ("FINAL(Sarjojen voittajat:\n" + "\n".join(f"* {r.sarja}: {r.nimi} ({r.seura}), {r.aika.replace(':', '.')}"
                                                       for r in v.itertuples()) + ")")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final], [repl("print(voittajat[['sarja', 'nimi', 'aika']].values.tolist())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
FUTSAL_COURTS = ("main = book[book.status == 'selesai'].merge(courts, left_on='kode_lapangan', right_on='kode')\n"
                 "per_court = main.groupby(['kode', 'nama']).agg(pemesanan=('id', 'size'), jam=('durasi_jam', 'sum'),\n"
                 "                                               pendapatan=('harga', 'sum')).reset_index()\nprint(per_court)")


@case("q18_futsal_court_table_id", "markdown table in text", "legit",
      "Buatkan tabel jumlah pemesanan, jam main, dan pendapatan per lapangan (hanya yang jadi main).")
def _futsal_court_table() -> Script:
    ctx, ns = with_futsal(FUTSAL_COURTS)
    t = ns["per_court"]
    rows = "\n".join(f"| {r.kode} | {r.nama} | {r.pemesanan} | {r.jam} | {rp(r.pendapatan)} |" for r in t.itertuples())
    final = ("FINAL(April–Juni 2024, pemesanan berstatus selesai:\n\n| Kode | Lapangan | Pemesanan | Jam main | Pendapatan |\n"
             "|---|---|--:|--:|--:|\n" + rows + f"\n| | **Total** | **{t.pemesanan.sum()}** | **{t.jam.sum()}** | **{rp(t.pendapatan.sum())}** |)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(FUTSAL_COURTS), final],
                  [repl("print(per_court.to_string())\nprint(per_court[['pemesanan', 'jam', 'pendapatan']].sum())"), final])


RIDES_2024 = ("r24 = res[res.year == 2024]\njockeys = r24.groupby('jockey').agg(rides=('horse', 'size'), wins=('won', 'sum'))\n"
              "jockeys['strike_pct'] = (jockeys.wins / jockeys.rides * 100).round(1)\n"
              "jockeys = jockeys.sort_values(['wins', 'strike_pct'], ascending=False)\nprint(jockeys)")


@case("q18_race_jockey_table", "markdown table in text", "legit", "Give me a table of the jockeys' rides, winners and strike rates in 2024.")
def _jockey_table() -> Script:
    ctx, ns = with_race(RIDES_2024)
    j = ns["jockeys"]
    rows = "\n".join(f"| {k} | {v.rides} | {v.wins} | {v.strike_pct:.1f}% |" for k, v in j.iterrows())
    final = "FINAL(Kilbeggan, 2024 summer evening meetings:\n\n| Jockey | Rides | Winners | Strike rate |\n|---|---:|---:|---:|\n" + rows + ")"
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(RIDES_2024), final], [repl("print(jockeys.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("q18_race_heaviest_weight_kg", "value with a unit", "legit", "What was the heaviest weight any horse carried in 2024, in kilograms?")
def _heaviest_kg() -> Script:
    code = ("r24 = res[res.year == 2024].copy()\nr24['lb'] = r24.wgt.str.split('-').map(lambda p: int(p[0]) * 14 + int(p[1]))\n"
            "top = r24.loc[r24.lb.idxmax()]\nprint(top[['day', 'race_name', 'horse', 'wgt', 'lb']])\nprint(r24.lb.max() * 0.45359237)")
    ctx, ns = with_race(code)
    t = ns["top"]
    kg = ns["r24"].lb.max() * 0.45359237
    final = (f"FINAL({t.wgt} (stones-pounds), i.e. {t.lb} lb or about {kg:.1f} kg, carried by {t.horse} in the "
             f"{t.race_name} on {t.day:%-d %B %Y}.)")
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), final], [repl("print(round(r24.lb.max() * 0.45359237, 1), 'kg')"), final])


@case("q18_run_h21_winner_pace", "value with a unit", "legit", "What pace did the H21 winner run, per kilometre?")
def _h21_pace() -> Script:
    code = ("h21 = df[(df.sarja == 'H21') & (df.tila == 'OK')].sort_values('sek')\nw = h21.iloc[0]\n"
            "pace = w.sek / w.km\nprint(w[['nimi', 'aika', 'km']].tolist(), round(pace, 1), 'seconds per km')")
    ctx, ns = with_run(code)
    w, pace = ns["w"], ns["pace"]
    final = (f"FINAL({int(pace // 60)}:{round(pace % 60):02d} min/km: {w.nimi} ran the {w.km} km H21 course in {w.aika}, "
             f"i.e. {pace:.1f} seconds per kilometre.)")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final],
                  [repl("print(f'{int(pace // 60)}:{round(pace % 60):02d} min/km')"), final])


@case("q18_rose_oil_kg_2024", "value with a unit", "legit", "How much rose oil did the 2024 season produce, in kilograms?")
def _oil_kg() -> Script:
    code = "oil24 = r.loc[r['година'] == 2024, 'масло_г'].sum()\nprint(oil24, 'g')\nprint(r.loc[r['година'] == 2024, 'масло_г'].isna().sum(), 'charges still in the still')"
    ctx, ns = with_rose(code)
    g = ns["oil24"]
    final = (f"FINAL(About {g / 1000:.2f} kg ({g:,.1f} g) of oil from the 2024 charges, after the three corrected weighings; "
             "the last two charges were still in the still and are not counted.)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final], [repl("print(round(oil24 / 1000, 2), 'kg')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("q18_diary_pitch_range", "range from min to max", "legit", "How far from concert pitch were the pianos I tuned this spring?")
def _pitch_range() -> Script:
    code = "tuned = jobs[jobs.tuned]\nprint(tuned.cents.min(), tuned.cents.median(), tuned.cents.max())"
    ctx, ns = with_diary(code)
    c = ns["tuned"].cents
    final = (f"FINAL(Anywhere from {abs(c.min())} cents flat to {c.max()} cents sharp at A4; the median piano was "
             f"{abs(c.median())} cents flat.)")
    return Script(ctx, [DIARY_LOOK, PARSE_DIARY, repl(code), final], [repl("print(tuned.cents.agg(['min', 'median', 'max']))"), final])


@case("q18_toll_n3_amount_range", "range from min to max", "legit", "What does a heavy truck (N3) pay per gantry passage, lowest to highest?")
def _n3_range() -> Script:
    code = "n3 = ok[ok.kat == 'N3']\nprint(n3.castka.min(), n3.castka.max())\nprint(n3.loc[[n3.castka.idxmin(), n3.castka.idxmax()], ['brana', 'napravy', 'emise', 'castka']])"
    ctx, ns = with_toll(code)
    n3 = ns["n3"]
    lo, hi = n3.loc[n3.castka.idxmin()], n3.loc[n3.castka.idxmax()]
    final = (f"FINAL(From {lo.castka:.2f} CZK ({lo.napravy} axles, {lo.emise}, at {lo.brana}) to {hi.castka:.2f} CZK "
             f"({hi.napravy} axles, {hi.emise}, at {hi.brana}).)")
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(n3.castka.agg(['min', 'max']))"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("q18_pc_member_vs_guest_ko", "two groups compared", "legit", "회원과 비회원 중 누가 한 번 올 때 돈을 더 많이 쓰나요?")
def _member_guest() -> Script:
    code = "print(s.groupby('회원')[['요금', '음식', '매출', '이용분']].mean().round(0))"
    ctx, ns = with_pc(code)
    g = ns["s"].groupby("회원")[["요금", "음식", "매출", "이용분"]].mean().round(0)
    guest, member = g.loc[False], g.loc[True]
    assert guest["매출"] > member["매출"]
    final = (f"FINAL(비회원이 조금 더 씁니다. 세션당 평균 결제액(요금+음식)이 비회원은 {guest['매출']:,.0f}원, 회원은 "
             f"{member['매출']:,.0f}원으로 약 {guest['매출'] - member['매출']:,.0f}원 차이입니다. 비회원은 시간당 요금이 더 비싸기 "
             f"때문입니다(평균 이용시간은 비회원 {guest['이용분']:.0f}분, 회원 {member['이용분']:.0f}분).)")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final],
                  [repl("m = s.groupby('회원')['매출'].mean()\nprint(round(m[False]), round(m[True]), round(m[False] - m[True]))"), final])


@case("q18_rose_damask_vs_alba", "two groups compared", "legit", "Which variety gives more oil per kilo of petals, damask or white rose?")
def _damask_alba() -> Script:
    code = "print(r.groupby('сорт')['добив'].agg(['count', 'mean', 'median']).round(3))"
    ctx, ns = with_rose(code)
    g = ns["r"].groupby("сорт")["добив"].agg(["count", "mean", "median"]).round(3)
    d, a = g.loc["дамаска"], g.loc["бяла"]
    final = (f"FINAL(Damask (дамаска), clearly: {d['mean']:.3f} g of oil per kg of petals on average over both seasons, against "
             f"{a['mean']:.3f} g/kg for the white rose (бяла), about {d['mean'] / a['mean']:.1f} times as much.)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final],
                  [repl("m = r.groupby('сорт')['добив'].mean().round(3)\nprint(m, round(m['дамаска'] / m['бяла'], 1))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("q18_run_h21_finishers_fi", "X out of Y", "legit", "Moniko H21-sarjan lähtijöistä sai hyväksytyn tuloksen?")
def _h21_finishers() -> Script:
    code = "h21 = df[df.sarja == 'H21']\nprint(h21.tila.value_counts())\nprint(len(h21))"
    ctx, ns = with_run(code)
    h = ns["h21"]
    started = int((h.tila != "EIL").sum())
    okk = int((h.tila == "OK").sum())
    assert started == len(h)
    final = (f"FINAL({okk} lähtijää {started}:stä sai hyväksytyn tuloksen H21-sarjassa. Kaikki ilmoittautuneet lähtivät; "
             f"{int((h.tila == 'HYL').sum())} hylättiin ja {int((h.tila == 'KESK').sum())} keskeytti.)")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final],
                  [repl("print((h21.tila == 'OK').sum(), (h21.tila != 'EIL').sum())"), final])


@case("q18_futsal_cancelled_of_id", "X out of Y", "legit", "Berapa banyak pemesanan yang dibatalkan?")
def _futsal_cancelled() -> Script:
    code = "print(book.status.value_counts())\nprint(len(book))"
    ctx, ns = with_futsal(code)
    b = ns["book"]
    k = int((b.status == "batal").sum())
    final = f"FINAL({k} dari {len(b)} pemesanan dibatalkan (sekitar {dotted(k / len(b) * 100, 1)}%), di luar yang tidak datang.)"
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final],
                  [repl("print((book.status == 'batal').sum(), len(book), round((book.status == 'batal').mean() * 100, 1))"), final])


@case("q18_toll_unread_of", "X out of Y", "legit", "How many passages could not be charged because the on-board unit wasn't read?")
def _unread_of() -> Script:
    code = "passages = m[m.stav != 'DUPL']\nprint(passages.stav.value_counts())"
    ctx, ns = with_toll(code)
    p = ns["passages"]
    k = int((p.stav == "CHYBA").sum())
    final = f"FINAL({k} of the {len(p):,} passages ({k / len(p):.1%}) were logged as CHYBA and charged 0.00 CZK; duplicates left out.)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print((passages.stav == 'CHYBA').sum(), len(passages))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
FUTSAL_MONTHS = "played = book[book.status == 'selesai']\nper_month = played.groupby(played.tgl.dt.month).harga.sum()\nprint(per_month)"


@case("q18_futsal_april_to_may", "period-over-period change", "legit", "How did court revenue change from April to May?")
def _april_may() -> Script:
    ctx, ns = with_futsal(FUTSAL_MONTHS)
    pm = ns["per_month"]
    a, b = pm[4], pm[5]
    final = (f"FINAL(It rose by Rp {b - a:,} ({(b / a - 1) * 100:+.1f}%), from Rp {a:,} in April, which had the Lebaran "
             f"week, to Rp {b:,} in May (played bookings only).)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(FUTSAL_MONTHS), final],
                  [repl("print(per_month[5] - per_month[4], round((per_month[5] / per_month[4] - 1) * 100, 1))"), final])


PC_WEEKS = "weekly = s.groupby(s['시작'].dt.isocalendar().week)['매출'].sum()\nprint(weekly)"


@case("q18_pc_week11_to_12", "period-over-period change", "legit", "How much did takings change from ISO week 11 to week 12?")
def _week11_12() -> Script:
    ctx, ns = with_pc(PC_WEEKS)
    w = ns["weekly"]
    final = (f"FINAL(Up ₩{w[12] - w[11]:,}, from ₩{w[11]:,} in week 11 (11-17 March) to ₩{w[12]:,} in week 12 "
             f"(18-24 March), {(w[12] / w[11] - 1):+.1%}.)")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(PC_WEEKS), final],
                  [repl("print(weekly[12] - weekly[11], f'{weekly[12] / weekly[11] - 1:+.1%}')"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("q18_toll_top5_plates", "top-N list by code", "legit", "Which five vehicles paid the most toll this week?")
def _top5_plates() -> Script:
    code = "top5 = ok.groupby(['spz', 'kat']).castka.agg(['size', 'sum']).nlargest(5, 'sum').round(2)\nprint(top5)"
    ctx, ns = with_toll(code)
    t = ns["top5"]
    final = "FINAL(" + "\n".join(f"{i}. {spz} ({kat}): {v['sum']:,.2f} CZK over {int(v['size'])} passages"
                                 for i, ((spz, kat), v) in enumerate(t.iterrows(), 1)) + ")"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(top5.index.tolist())"), final])


@case("q18_race_top3_trainers", "top-N list by code", "legit", "Which three trainers won the most prize money over the two seasons?")
def _top3_trainers() -> Script:
    code = "money = res[res.won].groupby('trainer').agg(wins=('won', 'size'), prize=('prize', 'sum')).nlargest(3, 'prize')\nprint(money)"
    ctx, ns = with_race(code)
    t = ns["money"]
    final = "FINAL(" + "\n".join(f"{i}. {k}: €{v.prize:,} from {v.wins} winners" for i, (k, v) in enumerate(t.iterrows(), 1)) + ")"
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), final], [repl("print(money.prize.to_dict())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("q18_toll_mean_passage_sig", "significant figures", "legit", "Roughly what does an average charged passage cost?")
def _mean_passage() -> Script:
    code = "print(ok.castka.mean(), len(ok))"
    ctx, ns = with_toll(code)
    v = ns["ok"].castka.mean()
    final = f"FINAL(About {v:.0f} CZK ({v:.2f} CZK to the haléř) over the {len(ns['ok']):,} charged passages.)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(round(ok.castka.mean()), round(ok.castka.mean(), 2))"), final])


@case("q18_rose_petals_2023_sig", "significant figures", "legit", "Roughly how many tonnes of petals went into the stills in 2023?")
def _petals_2023() -> Script:
    code = "p23 = r.loc[r['година'] == 2023, 'цвят_кг'].sum()\nprint(p23)"
    ctx, ns = with_rose(code)
    p = ns["p23"]
    final = f"FINAL(Roughly {p / 1000:.1f} tonnes ({p:,} kg of petals in 2023).)"
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final], [repl("print(round(p23 / 1000, 1))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("q18_futsal_refunds_negative", "negative figure", "legit", "How much did refunds for cancelled bookings take off our takings?")
def _refunds() -> Script:
    code = "refunds = pay[pay.jenis == 'refund']\nprint(len(refunds), refunds.jumlah.sum())"
    ctx, ns = with_futsal(code)
    f = ns["refunds"]
    v = int(f.jumlah.sum())
    assert v < 0
    final = (f"FINAL({rp(v)}: {len(f)} deposits were paid back for cancelled bookings, so refunds took Rp {dotted(abs(v))} "
             "off the takings.)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final], [repl("print(refunds.jumlah.sum())"), final])


@case("q18_race_every_runner_loss", "negative figure", "legit",
      "If I'd put €10 on every runner at starting price in 2023, how would I have done?")
def _every_runner_loss() -> Script:
    code = ("from fractions import Fraction\nbets = res[res.year == 2023].copy()\n"
            "bets['odds'] = bets.sp.str.rstrip('JF').map(lambda s: 1.0 if s == 'evs' else float(Fraction(s)))\n"
            "bets['pl'] = bets.apply(lambda x: 10 * x.odds if x.won else -10, axis=1)\n"
            "print(len(bets), bets.won.sum(), round(bets.pl.sum(), 2))")
    ctx, ns = with_race(code)
    b = ns["bets"]
    pl = round(b.pl.sum(), 2)
    assert pl < 0
    final = (f"FINAL(Badly: {len(b)} bets of €10 (€{10 * len(b):,} staked) found {int(b.won.sum())} winners, a net result of "
             f"−€{abs(pl):,.2f}: you'd have lost about {abs(pl) / (10 * len(b)):.0%} of the stake.)")
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), final], [repl("print(round(bets.pl.sum(), 2), f'{abs(bets.pl.sum()) / (10 * len(bets)):.0%}')"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("q18_toll_costliest_line", "quoted log line or ID", "legit", "Show me the log line of the most expensive single passage.")
def _costliest_line() -> Script:
    code = "i = ok.castka.idxmax()\nprint(ok.loc[i, 'castka'], ok.castka.eq(ok.castka.max()).sum())\nprint(lines[i])"
    ctx, ns = with_toll(code)
    line = ns["lines"][ns["i"]]
    n_max = int(ns["ok"].castka.eq(ns["ok"].castka.max()).sum())
    final = (f"FINAL(The highest single toll is {ns['ok'].castka.max():.2f} CZK, charged {n_max} times; the first of them:\n\n"
             f"`{line}`)")
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(lines[i])"), final])


@case("q18_diary_flattest_entry", "quoted log line or ID", "legit", "Which piano was furthest out of tune? Quote my note.")
def _flattest_entry() -> Script:
    code = "worst = jobs.cents.idxmin()\nprint(jobs.loc[worst, ['day', 'client', 'piano', 'cents']].tolist())\nprint(visits[worst])"
    ctx, ns = with_diary(code)
    entry = ns["visits"][ns["worst"]]
    final = f"FINAL(This one:\n\n> {entry})"
    return Script(ctx, [DIARY_LOOK, PARSE_DIARY, repl(code), final], [repl("print(visits[worst])"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("q18_race_fallers_count", "count off value_counts", "legit", "How many horses fell over the two seasons?")
def _fallers() -> Script:
    code = "print(res.pos.value_counts().loc[['F', 'PU', 'UR']])"
    ctx, ns = with_race(code)
    c = ns["res"].pos.value_counts()
    final = f"FINAL({c['F']} fell (F); another {c['PU']} were pulled up and {c['UR']} unseated their rider.)"
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), final], [repl("print((res.pos == 'F').sum())"), final])


@case("q18_pc_premium_sessions_ko", "count off value_counts", "legit", "3월에 프리미엄석 이용은 몇 건이었나요?")
def _premium_count() -> Script:
    code = "print(s['구역'].value_counts())"
    ctx, ns = with_pc(code)
    k = int(ns["s"]["구역"].value_counts()["프리미엄"])
    final = f"FINAL(3월 한 달 동안 프리미엄석(61~76번) 이용은 총 {k}건이었습니다.)"
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final], [repl("print((s['구역'] == '프리미엄').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("q18_toll_first_unread", "date from a log timestamp", "legit", "When did the first failed read (CHYBA) of the week happen?")
def _first_chyba() -> Script:
    code = "first_err = next(l for l in lines if l.endswith('STAV=CHYBA'))\nprint(first_err)"
    ctx, ns = with_toll(code)
    line = ns["first_err"]
    t = pd.to_datetime(line[:23], format="%d.%m.%Y %H:%M:%S.%f")
    gate = re.search(r"BRANA=(\S+)", line).group(1)  # type: ignore[union-attr]
    plate = re.search(r"SPZ=(.+?) KAT", line).group(1)  # type: ignore[union-attr]
    final = f"FINAL(On {t:%A} {t.day} {t:%B %Y} at {t:%H:%M:%S}, at gantry {gate}, for {plate}.)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(first_err[:19])"), final])


@case("q18_pc_longest_session_start", "date from a log timestamp", "legit", "When did the longest session of the month start?")
def _longest_start() -> Script:
    code = "longest = s.loc[s['이용분'].idxmax()]\nprint(longest)\nprint((s['이용분'] == s['이용분'].max()).sum())"
    ctx, ns = with_pc(code)
    lg = ns["longest"]
    n = int((ns["s"]["이용분"] == ns["s"]["이용분"].max()).sum())
    first = "" if n == 1 else f" (the first of {n} sessions of that length)"
    final = (f"FINAL(On {lg['시작']:%A %-d March} at {lg['시작']:%H:%M}, at seat {lg['좌석번호']}{first}; it ran "
             f"{lg['이용분']} minutes, until {lg['종료']:%H:%M} on {lg['종료']:%-d March}.)")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final], [repl("print(longest['시작'], longest['종료'])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("q18_toll_busiest_hour", "week, weekday or time of day", "legit", "At what time of day do the gantries see the most trucks?")
def _busiest_hour() -> Script:
    code = "trucks = ok[ok.kat.isin(['N2', 'N3'])]\nby_hour = trucks.groupby(trucks.cas.dt.hour).size()\nprint(by_hour.to_string())"
    ctx, ns = with_toll(code)
    h = ns["by_hour"]
    assert (h == h.max()).sum() == 1
    top = int(h.idxmax())
    final = f"FINAL(Between {top}:00 and {top + 1}:00: {h.max()} truck passages in that hour over the week, against {h.mean():.0f} in an average hour.)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max(), round(by_hour.mean()))"), final])


@case("q18_futsal_busiest_weekday_id", "week, weekday or time of day", "legit", "Hari apa lapangan paling ramai dipesan?")
def _busiest_weekday() -> Script:
    code = "per_hari = book.tgl.dt.day_name().value_counts()\nprint(per_hari)"
    ctx, ns = with_futsal(code)
    d = ns["per_hari"]
    hari = {"Monday": "Senin", "Tuesday": "Selasa", "Wednesday": "Rabu", "Thursday": "Kamis", "Friday": "Jumat",
            "Saturday": "Sabtu", "Sunday": "Minggu"}
    final = (f"FINAL(Hari {hari[d.index[0]]}: {d.iloc[0]} pemesanan selama April–Juni, disusul {hari[d.index[1]]} "
             f"({d.iloc[1]}). Hari kerja paling sepi adalah {hari[d.index[-1]]} ({d.iloc[-1]}).)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final], [repl("print(per_hari.head(2))"), final])


@case("q18_pc_busiest_hour_ko", "week, weekday or time of day", "legit", "몇 시에 손님이 가장 많이 들어오나요?")
def _pc_hour() -> Script:
    code = "by_hour = s.groupby(s['시작'].dt.hour).size()\nprint(by_hour.to_string())"
    ctx, ns = with_pc(code)
    h = ns["by_hour"]
    top = int(h.idxmax())
    assert (h == h.max()).sum() == 1 and top >= 13
    final = f"FINAL(오후 {top - 12}시대({top}:00~{top}:59)에 가장 많이 들어옵니다. 3월 한 달 동안 이 시간대에 시작한 세션이 {h.max()}건이었습니다.)"
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("q18_pc_revenue_man_won_ko", "locale number abbreviation", "legit", "3월 총매출이 얼마예요?")
def _pc_man() -> Script:
    code = "total = s['매출'].sum()\nprint(total, s['요금'].sum(), s['음식'].sum())"
    ctx, ns = with_pc(code)
    t = int(ns["total"])
    final = (f"FINAL(3월 총매출은 약 {t / 10000:,.0f}만 원입니다(정확히는 {t:,}원). 이용요금이 {ns['s']['요금'].sum() / 10000:,.0f}만 원, "
             f"음식이 {ns['s']['음식'].sum() / 10000:,.0f}만 원입니다.)")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final],
                  [repl("print(round(total / 10000), round(s['요금'].sum() / 10000), round(s['음식'].sum() / 10000))"), final])


@case("q18_futsal_revenue_juta_id", "locale number abbreviation", "legit", "Berapa pendapatan sewa lapangan dari April sampai Juni?")
def _futsal_juta() -> Script:
    code = "main = book[book.status == 'selesai']\nprint(main.harga.sum())\nprint(pay.jumlah.sum())"
    ctx, ns = with_futsal(code)
    v = int(ns["main"].harga.sum())
    cash = int(ns["pay"].jumlah.sum())
    final = (f"FINAL(Sekitar Rp {dotted(v / 1e6, 1)} juta dari pemesanan yang jadi main. Uang yang benar-benar masuk "
             f"(DP hangus dari yang tidak datang ikut dihitung, refund dikurangi) sekitar Rp {dotted(cash / 1e6, 1)} juta.)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final],
                  [repl("print(round(main.harga.sum() / 1e6, 1), round(pay.jumlah.sum() / 1e6, 1))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("q18_futsal_surface_per_hour", "joined tables", "legit", "Which court surface earns the most per hour actually played?")
def _surface_per_hour() -> Script:
    code = ("main = book[book.status == 'selesai'].merge(courts, left_on='kode_lapangan', right_on='kode')\n"
            "surface = main.groupby('jenis').agg(jam=('durasi_jam', 'sum'), pendapatan=('harga', 'sum'))\n"
            "surface['per_jam'] = (surface.pendapatan / surface.jam).round(0)\nprint(surface.sort_values('per_jam', ascending=False))")
    ctx, ns = with_futsal(code)
    t = ns["surface"].sort_values("per_jam", ascending=False)
    final = (f"FINAL(The synthetic-grass courts (rumput sintetis): Rp {t.per_jam.iloc[0]:,.0f} per hour played over {t.jam.iloc[0]} "
             f"hours, against Rp {t.per_jam.iloc[1]:,.0f} for {t.index[1]} and Rp {t.per_jam.iloc[2]:,.0f} for {t.index[2]}.)")
    assert t.index[0] == "rumput sintetis"
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final], [repl("print(surface.per_jam.idxmax(), surface.per_jam.max())"), final])


@case("q18_futsal_top_paying_team", "joined tables", "legit", "Which team has paid us the most, net of refunds?")
def _top_paying_team() -> Script:
    code = ("paid = pay.merge(book[['id', 'tim']], left_on='id_pemesanan', right_on='id')\n"
            "per_team = paid.groupby('tim').jumlah.sum().sort_values(ascending=False)\nprint(per_team.head(5))")
    ctx, ns = with_futsal(code)
    t = ns["per_team"]
    final = (f"FINAL({t.index[0]}: {rp(t.iloc[0])} net of refunds over April–June, well ahead of {t.index[1]} "
             f"({rp(t.iloc[1])}).)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final], [repl("print(per_team.idxmax(), per_team.max())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("q18_run_club_turnout", "qualitative over a full small table", "legit", "How did the clubs' turnout compare?")
def _club_turnout() -> Script:
    code = "turnout = df.seura.value_counts()\nprint(turnout)"
    ctx, ns = with_run(code)
    t = ns["turnout"]
    assert t.index[0] == "Kuopion Suunnistajat" and t.iloc[0] - t.iloc[1] >= 4
    final = (f"FINAL(The home club, {t.index[0]}, brought clearly the most runners ({t.iloc[0]}); the other clubs were fairly "
             f"even at {t.iloc[-2]} to {t.iloc[1]} entries, with {t.index[-1]} the smallest group ({t.iloc[-1]}).)")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final], [repl("print(turnout.head(2), turnout.tail(2))"), final])


@case("q18_rose_2024_season_shape", "qualitative over a full small table", "legit", "How did the 2024 picking go week by week?")
def _season_shape() -> Script:
    code = ("r24 = r[r['година'] == 2024]\nweekly = r24.groupby(r24['ден'].dt.to_period('W'))['цвят_кг'].sum()\n"
            "print(weekly)\nprint((weekly / weekly.sum()).round(3))")
    ctx, ns = with_rose(code)
    w = ns["weekly"]
    peak = w.idxmax()
    assert list(w.index).index(peak) == 2
    final = (f"FINAL(A classic bell: the picking built up over the first two weeks, peaked in the week of {peak.start_time:%-d %B} "
             f"({w.max():,} kg, {w.max() / w.sum():.0%} of the season's petals) and fell away in June, with only "
             f"{w.iloc[-1]:,} kg in the last days.)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final], [repl("print(weekly.idxmax(), weekly.max(), round(weekly.max() / weekly.sum(), 2))"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("q18_toll_category_frame", "FINAL_VAR of a dict or frame", "legit",
      "Make me a table per vehicle category: charged passages, total toll and average toll.")
def _category_frame() -> Script:
    code = ("po_kategoriich = ok.groupby('kat').castka.agg(pruchody='size', celkem='sum', prumer='mean').round(2)\n"
            "print(po_kategoriich)")
    ctx, _ = with_toll(code)
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), "FINAL_VAR(po_kategoriich)"],
                  [repl("print(po_kategoriich.dtypes)"), "FINAL_VAR(po_kategoriich)"])


@case("q18_run_winners_dict", "FINAL_VAR of a dict or frame", "legit", "Give me each class's winner and time as a dict.")
def _winners_dict() -> Script:
    code = ("winners = {s: {'name': g.iloc[0].nimi, 'club': g.iloc[0].seura, 'time': g.iloc[0].aika}\n"
            "           for s, g in df[df.tila == 'OK'].sort_values('sek').groupby('sarja')}\nprint(winners)")
    ctx, _ = with_run(code)
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), 'FINAL_VAR("winners")'], [repl("print(len(winners))"), 'FINAL_VAR("winners")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("q18_race_submit_2024", "DSPy SUBMIT fields", "legit", "How many races and runners were there in 2024, and how many favourites won?")
def _submit_race() -> Script:
    code = ("r24 = res[res.year == 2024]\nraces = r24.groupby(['day', 'race']).ngroups\n"
            "fav_wins = int(r24[r24.won & r24.fav].groupby(['day', 'race']).ngroups)\nprint(races, len(r24), fav_wins)")
    ctx, _ = with_race(code)
    submit = repl("SUBMIT(races=int(races), runners=int(len(r24)), favourites_won=fav_wins,\n"
                  "       favourite_strike_pct=round(fav_wins / races * 100, 1))")
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), submit], [repl("print(races, len(r24), fav_wins)"), submit])


@case("q18_rose_submit_2024", "DSPy SUBMIT fields", "legit", "What were the 2024 season's petals, oil and average yield?")
def _submit_rose() -> Script:
    code = ("r24 = r[r['година'] == 2024]\ndone = r24.dropna(subset=['масло_г'])\n"
            "print(r24['цвят_кг'].sum(), done['масло_г'].sum(), done['масло_г'].sum() / done['цвят_кг'].sum())")
    ctx, _ = with_rose(code)
    submit = repl("SUBMIT(petals_kg=int(r24['цвят_кг'].sum()), oil_g=round(float(done['масло_г'].sum()), 1),\n"
                  "       yield_g_per_kg=round(float(done['масло_г'].sum() / done['цвят_кг'].sum()), 3),\n"
                  "       charges_in_still=int(r24['масло_г'].isna().sum()))",
                  "Yield over the charges that have been weighed only.")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), submit], [repl("print(r24['цвят_кг'].sum(), done['масло_г'].sum())"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("q18_diary_income_answer", "answer-dict dialect", "legit", "How much did I take in over the spring, and how much of it was pitch-raise money?")
def _income_answer() -> Script:
    code = ("total_fee = jobs.fee.sum()\nraises = int(jobs['raise'].sum())\nprint(total_fee, raises, raises * 40)\n"
            "answer['content'] = (f'£{total_fee:,} from {len(jobs)} visits (March to May), of which £{raises * 40:,} was the '\n"
            "                     f'£40 pitch-raise supplement on {raises} pianos.')\nanswer['ready'] = True")
    ctx, _ = with_diary("")
    return Script(ctx, [DIARY_LOOK, PARSE_DIARY, repl(code)], [repl("print(jobs.fee.sum(), jobs['raise'].sum() * 40)"), repl(code)])


@case("q18_pc_food_share_answer_ko", "answer-dict dialect", "legit", "전체 매출 중 음식 매출 비중이 얼마나 되나요?")
def _food_share_answer() -> Script:
    code = ("food = s['음식'].sum()\ntotal = s['매출'].sum()\nprint(food, total, round(food / total * 100, 1))\n"
            "answer = {'content': f'음식 매출은 {food:,}원으로 전체 매출 {total:,}원의 {food / total * 100:.1f}%입니다.', 'ready': True}")
    ctx, _ = with_pc("")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code)], [repl("print(f'{food / total * 100:.1f}%')"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
@case("q18_diary_issues_subcall", "sub-call summary", "legit", "Apart from tuning, what problems did I run into this spring?")
def _issues_subcall() -> Script:
    code = f"issues = llm_query({ISSUES_PROMPT!r} + diary)\nprint(issues)"
    ctx: dict[str, Any] = {"diary": tuner_diary()}
    said = sub_says(ISSUES_PROMPT + tuner_diary())
    k = dict(re.findall(r"([a-z][a-z ()]+?) \((\d+)\)", said.split(": ", 1)[1]))
    final = (f"FINAL({said.split()[0]} problems on top of the tuning. Most often sluggish actions that needed regulating "
             f"({k['sluggish action']}), then sticking keys ({k['sticking keys']}) and squeaking sustain pedals "
             f"({k['a squeaking pedal']}); moth-eaten hammer felts and buzzes from a loose rib came up {k['moth damage to the hammers']} "
             f"times each, and {k['broken strings replaced']} broken strings were replaced.)")
    assert k["a buzz (loose rib)"] == k["moth damage to the hammers"]
    return Script(ctx, [DIARY_LOOK, repl(code), final], [repl("print(issues)"), final], sub_model())


@case("q18_school_cancel_subcall_lv", "sub-call summary", "legit", "Kas notiek, ja braukšanas nodarbību atceļu pārāk vēlu vai neierodos?")
def _cancel_subcall() -> Script:
    code = f"noteikums = llm_query({CANCEL_PROMPT!r} + autoskola)\nprint(noteikums)"
    ctx: dict[str, Any] = {"autoskola": DRIVING_SCHOOL}
    final = ("FINAL(Bez maksas nodarbību var atcelt līdz 24 stundām pirms sākuma. Ja atceļ vēlāk, jāmaksā 50 % no nodarbības "
             "cenas (manuālajai kārbai 16 EUR no 32 EUR). Ja neierodas vispār, nodarbība skaitās notikusi un jāmaksā pilnā "
             "apmērā.)")
    return Script(ctx, [SCHOOL_LOOK, repl(code), final], [repl("print(noteikums)\nprint(32 * 0.5)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("q18_school_theory_price_lv", "markdown document fact", "legit", "Cik maksā B kategorijas teorijas kurss?")
def _theory_price() -> Script:
    code = ("for line in autoskola.splitlines():\n    if 'Teorijas kurss' in line or 'teorijas kurs' in line:\n        print(line)")
    ctx: dict[str, Any] = {"autoskola": DRIVING_SCHOOL}
    final = ("FINAL(120 EUR (16 nodarbības klātienē vai tiešsaistē). Skolēniem un studentiem ar derīgu apliecību ir 10 % atlaide, "
             "tātad 108 EUR, un, ja teorijas kursu apmaksā vienā reizē ar 20 nodarbību paketi, tas maksā 100 EUR.)")
    return Script(ctx, [SCHOOL_LOOK, repl(code), final], [repl("print(120 * 0.9)"), final])


@case("q18_school_weekend_automatic", "markdown document fact", "legit", "What does a single lesson in an automatic cost on a Saturday?")
def _weekend_auto() -> Script:
    code = "print(autoskola.split('## 1.')[1].split('## 2.')[0])"
    ctx: dict[str, Any] = {"autoskola": DRIVING_SCHOOL}
    final = "FINAL(40 EUR: 35 EUR for a 45-minute lesson with an automatic gearbox plus the 5 EUR weekend supplement.)"
    return Script(ctx, [SCHOOL_LOOK, repl(code), final], [repl("print(35 + 5)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("q18_toll_sunday_ban_cs", "yes/no with evidence", "legit", "Projel v neděli mezi 13. a 22. hodinou nějaký těžký nákladní vůz (N3)?")
def _sunday_ban() -> Script:
    code = ("passages = m[m.stav != 'DUPL']\nnedele = passages[(passages.cas.dt.day_name() == 'Sunday') & passages.cas.dt.hour.between(13, 21)]\n"
            "print(nedele.kat.value_counts())")
    ctx, ns = with_toll(code)
    n = ns["nedele"].kat.value_counts()
    assert "N3" not in n.index
    final = (f"FINAL(Ne. V neděli 10. 3. 2024 mezi 13:00 a 22:00 nezaznamenala žádná brána vůz kategorie N3; projelo jen "
             f"{n.get('M3', 0)} autobusů (M3) a {n.get('N2', 0)} lehčích nákladních vozů (N2).)")
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print((nedele.kat == 'N3').sum(), len(nedele))"), final])


@case("q18_run_women_pace", "yes/no with evidence", "legit", "Did any woman run a faster pace per kilometre than the H21 winner?")
def _women_pace() -> Script:
    code = ("fin = df[df.tila == 'OK'].copy()\nfin['pace'] = fin.sek / fin.km\n"
            "print(fin.sort_values('pace')[['sarja', 'nimi', 'aika', 'km', 'pace']].head(6).round(1))")
    ctx, ns = with_run(code)
    f = ns["fin"].sort_values("pace")
    women = f[f.sarja.str.startswith("D")]
    top, w = f.iloc[0], women.iloc[0]
    assert top.sarja == "H21" and w.pace > top.pace

    def mk(p: float) -> str:
        return f"{int(p // 60)}:{round(p % 60):02d}"
    final = (f"FINAL(No. The fastest woman per kilometre was {w.nimi} ({w.sarja}, {w.aika} for {w.km} km, {mk(w.pace)} min/km), "
             f"slower than {top.nimi}'s {mk(top.pace)} min/km in H21.)")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final],
                  [repl("print(fin[fin.sarja.str.startswith('D')].pace.min() > fin.pace.min())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("q18_diary_drift_per_month", "correlation or fitted statistic", "legit", "How fast do my clients' pianos drift flat between tunings?")
def _drift() -> Script:
    code = ("import numpy as np\ntuned = jobs[jobs.tuned]\nslope, icpt = np.polyfit(tuned.months, tuned.cents, 1)\n"
            "print(round(slope, 2), round(icpt, 1), round(tuned.months.corr(tuned.cents), 2), len(tuned))")
    ctx, ns = with_diary(code)
    sl, r = ns["slope"], ns["tuned"].months.corr(ns["tuned"].cents)
    final = (f"FINAL(About half a cent a month: fitting pitch at A4 against months since the last tuning gives a slope of "
             f"{sl:.2f} cents per month over {len(ns['tuned'])} pianos (r = {r:.2f}), so a piano left two years is typically "
             f"{abs(sl) * 24:.0f} cents flatter than one just tuned.)")
    return Script(ctx, [DIARY_LOOK, PARSE_DIARY, repl(code), final], [repl("print(round(slope, 2), round(abs(slope) * 24))"), final])


@case("q18_rose_heat_yield_corr", "correlation or fitted statistic", "legit", "Does a warm morning hurt the oil yield?")
def _heat_yield() -> Script:
    code = ("import numpy as np\nw = r.dropna(subset=['добив'])\nrho = w['темп_C'].corr(w['добив'])\n"
            "k, b0 = np.polyfit(w['темп_C'], w['добив'], 1)\nprint(round(rho, 2), round(k, 4), len(w))")
    ctx, ns = with_rose(code)
    rho, k = ns["rho"], ns["k"]
    final = (f"FINAL(Yes. Over both seasons the yield falls as the picking morning gets warmer: r = {rho:.2f} between the "
             f"temperature and grams of oil per kilo of petals, and the fitted slope is {k:.4f} g/kg per °C, about "
             f"{abs(k) * 5:.2f} g/kg less for a morning 5 °C warmer.)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final], [repl("print(round(rho, 2), round(k * 5, 2))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("q18_school_licence_total", "in-head arithmetic beyond two operands", "legit",
      "What will a B licence cost me if I pay the theory course and the 20-lesson manual package together, use the school's "
      "car for the exam and pay the CSDD fees?")
def _licence_total() -> Script:
    code = ("import re\nfor line in autoskola.splitlines():\n"
            "    if re.search(r'Pakete: 20|CSDD|vienā reizē', line):\n        print(line)")
    ctx: dict[str, Any] = {"autoskola": DRIVING_SCHOOL}
    total = 100 + 590 + 45 + 10.67 + 28.46
    final = (f"FINAL({total:.2f} EUR in all: theory 100 EUR (paid together with the package) + 590 EUR for the 20 manual "
             f"lessons + 45 EUR for the school's car at the exam + the state fees of 10.67 EUR (theory) and 28.46 EUR "
             "(driving) paid to CSDD.)")
    return Script(ctx, [SCHOOL_LOOK, repl(code), final], [repl("print(round(100 + 590 + 45 + 10.67 + 28.46, 2))"), final])


@case("q18_rose_paid_2024_two_prices", "in-head arithmetic beyond two operands", "legit", "How much did the growers get for their 2024 petals?")
def _paid_two_prices() -> Script:
    code = "r24 = r[r['година'] == 2024]\nprint(r24.groupby('цена_лв_кг')['цвят_кг'].sum())"
    ctx, ns = with_rose(code)
    g = ns["r24"].groupby("цена_лв_кг")["цвят_кг"].sum()
    lo, hi = int(g[2.8]), int(g[3.2])
    total = lo * 2.80 + hi * 3.20
    final = (f"FINAL({total:,.2f} leva: {lo:,} kg at 2.80 лв until the end of May ({lo * 2.8:,.2f} лв) plus {hi:,} kg at "
             f"3.20 лв from 1 June ({hi * 3.2:,.2f} лв).)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final],
                  [repl("print(round((r24['цвят_кг'] * r24['цена_лв_кг']).sum(), 2))"), final])


@case("q18_run_three_biggest_classes", "in-head arithmetic beyond two operands", "legit",
      "How many runners started in the three biggest classes together?")
def _three_classes() -> Script:
    code = "starters = df[df.tila != 'EIL'].sarja.value_counts()\nprint(starters)"
    ctx, ns = with_run(code)
    st = ns["starters"]
    top = st.head(3)
    assert st.iloc[2] > st.iloc[3]
    final = (f"FINAL({top.sum()} starters: {top.index[0]} {top.iloc[0]} + {top.index[1]} {top.iloc[1]} + "
             f"{top.index[2]} {top.iloc[2]}.)")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final], [repl("print(starters.head(3).sum())"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("q18_toll_last_passage", "log or version-control timestamps", "legit", "When was the last passage of the week logged, and where?")
def _last_passage() -> Script:
    code = "print(lines[-1])"
    ctx, ns = with_toll(code)
    line = ns["lines"][-1]
    t = pd.to_datetime(line[:23], format="%d.%m.%Y %H:%M:%S.%f")
    gate = re.search(r"BRANA=(\S+)", line).group(1)  # type: ignore[union-attr]
    final = f"FINAL(At {t:%H:%M:%S} on Sunday {t.day} March 2024 (local time), at gantry {gate}.)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(lines[-1][:19], lines[-1].split()[2])"), final])


@case("q18_pc_first_on_15_march", "log or version-control timestamps", "legit", "When did the first customer sit down on Friday 15 March?")
def _first_15() -> Script:
    code = "d15 = s[s['시작'].dt.strftime('%Y-%m-%d') == '2024-03-15'].sort_values('시작')\nprint(d15.head(3))"
    ctx, ns = with_pc(code)
    f = ns["d15"].iloc[0]
    final = (f"FINAL(At {f['시작']:%H:%M}, just after midnight, at seat {f['좌석번호']} ({'member ' + f['회원번호'] if f['회원'] else 'a guest'}); "
             f"the session lasted {f['이용분']} minutes.)")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final], [repl("print(d15.iloc[0]['시작'])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("q18_rose_paid_2023_hil_bg", "locale abbreviations for thousands and millions", "legit",
      "Колко е платено на производителите за розовия цвят през 2023 г.?")
def _paid_2023_bg() -> Script:
    code = "r23 = r[r['година'] == 2023]\nplateno = (r23['цвят_кг'] * r23['цена_лв_кг']).sum()\nprint(r23['цвят_кг'].sum(), round(plateno, 2))"
    ctx, ns = with_rose(code)
    v = ns["plateno"]
    final = (f"FINAL(Около {spaced(v / 1000, 1)} хил. лв.: {spaced(ns['r23']['цвят_кг'].sum(), 0)} кг цвят по 2,60 лв./кг "
             f"(точно {spaced(v, 2)} лв.).)")
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final], [repl("print(round(plateno / 1000, 1))"), final])


@case("q18_toll_total_tis_cs", "locale abbreviations for thousands and millions", "legit", "Kolik mýtného se za celý týden vybralo?")
def _toll_tis() -> Script:
    code = "celkem = ok.castka.sum()\nprint(round(celkem, 2), len(ok))"
    ctx, ns = with_toll(code)
    v = ns["celkem"]
    final = f"FINAL(Zhruba {spaced(v / 1000, 1)} tis. Kč za {spaced(len(ns['ok']), 0)} zaúčtovaných průjezdů (přesně {spaced(v, 2)} Kč).)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(round(celkem / 1000, 1))"), final])


@case("q18_futsal_deposits_juta_id", "locale abbreviations for thousands and millions", "legit", "Berapa total DP yang kami terima?")
def _deposits_juta() -> Script:
    code = "dp = pay[pay.jenis == 'DP']\nprint(len(dp), dp.jumlah.sum())"
    ctx, ns = with_futsal(code)
    d = ns["dp"]
    final = (f"FINAL(Total DP yang diterima sekitar Rp {dotted(d.jumlah.sum() / 1e6, 1)} juta dari {len(d)} pemesanan "
             "(sebelum refund untuk yang batal).)")
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final], [repl("print(round(dp.jumlah.sum() / 1e6, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("q18_race_top_jockey_2024_sorted", "top row of a sorted table named the maximum", "legit", "Who rode the most winners in 2024?")
def _top_jockey() -> Script:
    code = "w24 = res[(res.year == 2024) & res.won].jockey.value_counts()\nprint(w24)"
    ctx, ns = with_race(code)
    w = ns["w24"]
    assert w.iloc[0] > w.iloc[1]
    final = f"FINAL({w.index[0]}, with {w.iloc[0]} winners in 2024, two more than {w.index[1]} ({w.iloc[1]}).)"
    assert w.iloc[0] - w.iloc[1] == 2
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), final], [repl("print(w24.idxmax(), w24.max())"), final])


@case("q18_rose_top_grower_sorted_bg", "top row of a sorted table named the maximum", "legit",
      "Кой е доставил най-много цвят през 2024 г.?")
def _top_grower() -> Script:
    code = "dost = r[r['година'] == 2024].groupby('доставчик')['цвят_кг'].sum().sort_values(ascending=False)\nprint(dost.head())"
    ctx, ns = with_rose(code)
    d = ns["dost"]
    final = (f"FINAL({d.index[0]} – {spaced(d.iloc[0], 0)} кг цвят през 2024 г., повече от двойно спрямо следващия, "
             f"{d.index[1]} ({spaced(d.iloc[1], 0)} кг).)")
    assert d.iloc[0] > 2 * d.iloc[1]
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), final], [repl("print(dost.idxmax(), dost.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("q18_pc_top_member_selected", "selection printed right after its table", "legit", "Which member spent the most in March?")
def _top_member() -> Script:
    code = ("per_member = s.groupby('회원번호')['매출'].agg(['size', 'sum']).sort_values('sum', ascending=False)\n"
            "print(per_member.head())\nprint(per_member['sum'].idxmax(), per_member['sum'].max())")
    ctx, ns = with_pc(code)
    p = ns["per_member"]
    final = f"FINAL(Member {p.index[0]}: ₩{p['sum'].iloc[0]:,} over {p['size'].iloc[0]} sessions (seat fees and food).)"
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), final], [repl("print(per_member.head(1))"), final])


@case("q18_run_biggest_club_fi", "selection printed right after its table", "legit", "Mistä seurasta oli eniten osallistujia?")
def _biggest_club() -> Script:
    code = "seurat = df.seura.value_counts()\nprint(seurat)\nprint(seurat.idxmax(), seurat.max())"
    ctx, ns = with_run(code)
    t = ns["seurat"]
    final = f"FINAL(Kotiseura {t.idxmax()}: {t.max()} osallistujaa kaikkiaan {len(ns['df'])}:stä.)"
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), final], [repl("print(seurat.head(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("q18_toll_plate_two_tables", "same label in two printed tables", "legit",
      "How often did the busiest vehicle pass a gantry, and how much toll did it pay?")
def _plate_two_tables() -> Script:
    code = "print(ok.spz.value_counts().head(5))\nprint(ok.groupby('spz').castka.sum().round(2).sort_values(ascending=False).head(5))"
    ctx, ns = with_toll(code)
    o = ns["ok"]
    c = o.spz.value_counts()
    plate = c.index[0]
    total = round(o[o.spz == plate].castka.sum(), 2)
    assert c.iloc[0] > c.iloc[1]
    final = f"FINAL({plate}: {c.iloc[0]} charged passages during the week, for {total:,.2f} CZK in toll.)"
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final],
                  [repl(f"mine = ok[ok.spz == {plate!r}]\nprint(len(mine), round(mine.castka.sum(), 2))"), final])


@case("q18_futsal_team_two_tables", "same label in two printed tables", "legit", "How many bookings did Duren Sawit make, and how much have they paid?")
def _team_two_tables() -> Script:
    code = ("print(book.tim.value_counts().head(5))\n"
            "print(pay.merge(book[['id', 'tim']], left_on='id_pemesanan', right_on='id').groupby('tim').jumlah.sum().sort_values(ascending=False).head(5))")
    ctx, ns = with_futsal(code)
    b, p = ns["book"], ns["pay"]
    k = int((b.tim == "Duren Sawit").sum())
    paid = int(p[p.id_pemesanan.isin(b[b.tim == "Duren Sawit"].id)].jumlah.sum())
    final = f"FINAL(Duren Sawit made {k} bookings and have paid {rp(paid)} in all, net of refunds.)"
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), final],
                  [repl("ds = book[book.tim == 'Duren Sawit']\nprint(len(ds), pay[pay.id_pemesanan.isin(ds.id)].jumlah.sum())"), final])


@case("q18_race_blackmore_two_years", "same label in two printed tables", "legit", "How many winners did R. Blackmore ride in 2023, and in 2024?")
def _blackmore() -> Script:
    code = "for y in (2023, 2024):\n    print(y)\n    print(res[(res.year == y) & res.won].jockey.value_counts())"
    ctx, ns = with_race(code)
    r = ns["res"]
    a, b = (int(((r.year == y) & r.won & (r.jockey == "R. Blackmore")).sum()) for y in (2023, 2024))
    final = f"FINAL(R. Blackmore rode {a} winners in 2023 and {b} in 2024, {a + b} over the two summers.)"
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), final],
                  [repl("print(res[res.won & (res.jockey == 'R. Blackmore')].groupby('year').size())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("q18_pc_weekly_trend", "trend sentence naming several labels", "legit", "How did weekly takings develop over March?")
def _pc_trend() -> Script:
    ctx, ns = with_pc(PC_WEEKS)
    w = ns["weekly"]
    full = w.loc[10:13]
    assert full.is_monotonic_increasing
    final = ("FINAL(They grew every week: " + ", ".join(f"₩{v:,} in week {k}" for k, v in full.items())
             + f", so the last full week of March took {full.iloc[-1] / full.iloc[0] - 1:.0%} more than the first. "
             f"(Week 9 covers only 1-3 March: ₩{w[9]:,}.))")
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(PC_WEEKS), final],
                  [repl("print(weekly.loc[10:13].is_monotonic_increasing, f'{weekly[13] / weekly[10] - 1:.0%}')"), final])


@case("q18_toll_daily_trend", "trend sentence naming several labels", "legit", "How did toll takings move over the week?")
def _toll_trend() -> Script:
    code = "daily = ok.groupby(ok.cas.dt.day_name(), sort=False).castka.sum().round(2)\nprint(daily)"
    ctx, ns = with_toll(code)
    d = ns["daily"]
    assert d.idxmax() == "Tuesday" and d["Sunday"] < d["Saturday"] < d.drop(["Saturday", "Sunday"]).min()
    final = (f"FINAL(Steady on working days, between {d['Thursday']:,.2f} CZK (Thursday, the weakest) and {d['Tuesday']:,.2f} CZK "
             f"(Tuesday, the best), then a sharp drop at the weekend: {d['Saturday']:,.2f} CZK on Saturday and only "
             f"{d['Sunday']:,.2f} CZK on Sunday, when heavy trucks may not drive in the afternoon.)")
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), final], [repl("print(daily.idxmax(), daily.idxmin())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("q18_toll_submit_busiest_gantry", "labelled SUBMIT for a which question", "legit", "Which gantry recorded the most charged passages?")
def _submit_gantry() -> Script:
    code = "per_gate = ok.groupby('brana').castka.agg(['size', 'sum'])\nprint(per_gate.sort_values('size', ascending=False))"
    ctx, _ = with_toll(code)
    submit = repl("g = per_gate['size'].idxmax()\nSUBMIT(gantry=g, passages=int(per_gate.loc[g, 'size']), toll_czk=round(float(per_gate.loc[g, 'sum']), 2))")
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), submit], [repl("print(per_gate['size'].idxmax())"), submit])


@case("q18_run_submit_podium_club", "labelled SUBMIT for a which question", "legit", "Which club took the most podium places (top three in a class)?")
def _submit_podium() -> Script:
    code = ("fin = df[df.tila == 'OK'].copy()\nfin['sija'] = fin.groupby('sarja').sek.rank(method='min')\n"
            "podiums = fin[fin.sija <= 3].seura.value_counts()\nprint(podiums)")
    ctx, ns = with_run(code)
    pz = ns["podiums"]
    assert pz.iloc[0] > pz.iloc[1]
    submit = repl("SUBMIT(club=podiums.idxmax(), podiums=int(podiums.max()), classes=int(fin[(fin.sija <= 3) & (fin.seura == podiums.idxmax())].sarja.nunique()))")
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), submit], [repl("print(podiums.head(2))"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("q18_memory_petals_per_kilo", "plausible figure from memory", "invented",
      "How many kilos of petals did it take to make one kilo of oil in 2024?")
def _memory_ratio() -> Script:
    ctx, ns = with_rose("done = r[(r['година'] == 2024) & r['масло_г'].notna()]")
    d = ns["done"]
    truth = round(d["цвят_кг"].sum() / (d["масло_г"].sum() / 1000), -2)
    differs(3000, truth)
    return Script(ctx, [ROSE_LOOK, "FINAL(About 3,000 kg of petals for one kilo of oil, the usual ratio for Rosa damascena in the Kazanlak valley.)"])


@case("q18_memory_favourite_strike", "plausible figure from memory", "invented", "How often did the favourite win a race in 2024?")
def _memory_fav() -> Script:
    ctx, ns = with_race("r24 = res[res.year == 2024]\nrate = r24[r24.won & r24.fav].groupby(['day', 'race']).ngroups / r24.groupby(['day', 'race']).ngroups")
    differs(33, round(ns["rate"] * 100))
    return Script(ctx, [RACE_LOOK, "FINAL(About a third of the time (roughly 33%), which is what favourites usually manage in Irish jumps racing.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("q18_pc_median_was_mean_ko", "mean given as the median", "invented", "이용 시간의 중앙값은 몇 분인가요?")
def _pc_median_mean() -> Script:
    code = "print(s['이용분'].describe().round(1))"
    ctx, ns = with_pc(code)
    d = ns["s"]["이용분"].describe().round(1)
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), f"FINAL(이용 시간의 중앙값은 {differs(d['mean'], d['50%'])}분입니다.)"])


@case("q18_toll_n3_median_was_mean", "mean given as the median", "invented", "What is the median toll an N3 truck pays per passage?")
def _n3_median_mean() -> Script:
    code = "print(ok[ok.kat == 'N3'].castka.describe().round(2))"
    ctx, ns = with_toll(code)
    d = ns["ok"][ns["ok"].kat == "N3"].castka.describe().round(2)
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), f"FINAL(The median N3 passage costs {differs(d['mean'], d['50%']):.2f} CZK.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("q18_rose_grams_as_kilos", "unit misread", "invented", "How much rose oil did the 2024 season produce?")
def _grams_as_kilos() -> Script:
    code = "oil24 = r.loc[r['година'] == 2024, 'масло_г'].sum()\nprint(oil24)"
    ctx, ns = with_rose(code)
    g = ns["oil24"]
    differs(round(g, 1), round(g / 1000, 2))
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), f"FINAL(The 2024 season produced {g:,.1f} kg of rose oil.)"])


@case("q18_pc_minutes_as_hours", "unit misread", "invented", "How long does an average session last?")
def _minutes_as_hours() -> Script:
    code = "print(round(s['이용분'].mean(), 1))"
    ctx, ns = with_pc(code)
    v = round(ns["s"]["이용분"].mean(), 1)
    differs(v, round(v / 60, 1))
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), f"FINAL(An average session lasts {v} hours.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("q18_futsal_cancel_fraction_id", "fraction written as percent", "invented", "Berapa persen pemesanan yang dibatalkan?")
def _cancel_fraction() -> Script:
    code = "print(round((book.status == 'batal').mean(), 3))"
    ctx, ns = with_futsal(code)
    f = round((ns["book"].status == "batal").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), f"FINAL(Sekitar {dotted(f, 3)}% pemesanan dibatalkan.)"])


@case("q18_run_mispunch_fraction", "fraction written as percent", "invented", "What percentage of the starters were disqualified for a mispunch?")
def _mispunch_fraction() -> Script:
    code = "started = df[df.tila != 'EIL']\nprint(round((started.tila == 'HYL').mean(), 3))"
    ctx, ns = with_run(code)
    f = round((ns["started"].tila == "HYL").mean(), 3)
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), f"FINAL({differs(f, round(f * 100, 1))}% of the starters were disqualified (HYL).)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("q18_toll_second_gantry_top", "second row called the top", "invented", "Which gantry recorded the most charged passages?")
def _second_gantry() -> Script:
    code = "print(ok.brana.value_counts())"
    ctx, ns = with_toll(code)
    c = ns["ok"].brana.value_counts()
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code),
                        f"FINAL({differs(c.index[1], c.idxmax())} recorded the most charged passages: {c.iloc[1]}.)"])


@case("q18_rose_second_grower_bg", "second row called the top", "invented", "Кой е доставил най-много цвят през 2023 г.?")
def _second_grower() -> Script:
    code = "d23 = r[r['година'] == 2023].groupby('доставчик')['цвят_кг'].sum().sort_values(ascending=False)\nprint(d23.head())"
    ctx, ns = with_rose(code)
    d = ns["d23"]
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code),
                        f"FINAL({differs(d.index[1], d.idxmax())} – {spaced(d.iloc[1], 0)} кг цвят през 2023 г.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("q18_race_absent_jockey", "label absent from the data", "invented", "Who rode the most winners over the two seasons?")
def _absent_jockey() -> Script:
    code = "print(res[res.won].jockey.value_counts())"
    ctx, ns = with_race(code)
    w = ns["res"][ns["res"].won].jockey.value_counts()
    assert "B. Cooper" not in w.index
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), f"FINAL(B. Cooper, with {w.max()} winners over 2023 and 2024.)"])


@case("q18_futsal_absent_court", "label absent from the data", "invented", "Which court brought in the most money?")
def _absent_court() -> Script:
    ctx, ns = with_futsal(FUTSAL_COURTS)
    t = ns["per_court"]
    assert "Lapangan Cendrawasih" not in set(t.nama)
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(FUTSAL_COURTS),
                        f"FINAL(Lapangan Cendrawasih brought in the most, {rp(t.pendapatan.max())}.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("q18_rose_all_as_damask", "total of the wrong subset", "invented", "How many kilos of damask-rose petals were distilled in 2024?")
def _all_as_damask() -> Script:
    code = "print(r[r['година'] == 2024]['цвят_кг'].sum())"
    ctx, ns = with_rose(code)
    r24 = ns["r"][ns["r"]["година"] == 2024]
    wrong = differs(int(r24["цвят_кг"].sum()), int(r24[r24["сорт"] == "дамаска"]["цвят_кг"].sum()))
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), f"FINAL({wrong:,} kg of damask petals went into the stills in 2024.)"])


@case("q18_pc_all_zones_as_premium_ko", "total of the wrong subset", "invented", "프리미엄석 3월 매출은 얼마인가요?")
def _all_as_premium() -> Script:
    code = "print(s['매출'].sum())\nprint(s['구역'].value_counts())"
    ctx, ns = with_pc(code)
    ss = ns["s"]
    wrong = differs(int(ss["매출"].sum()), int(ss[ss["구역"] == "프리미엄"]["매출"].sum()))
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), f"FINAL(프리미엄석의 3월 매출은 {wrong:,}원입니다.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("q18_rose_oil_before_corrections", "stale figure before a correction", "invented", "How much oil did the 2024 charges give, in grams?")
def _oil_stale() -> Script:
    first = "raw24 = rose[rose['дата'].str.endswith('2024')]['масло_г'].sum()\nprint(round(raw24, 1))"
    ctx, ns = with_rose("oil24 = r.loc[r['година'] == 2024, 'масло_г'].sum()")
    raw = compute(ctx, first)["raw24"]
    stale = differs(round(raw, 1), round(ns["oil24"], 1))
    return Script(ctx, [ROSE_LOOK, repl(first), PARSE_ROSE,
                        repl("oil24 = r.loc[r['година'] == 2024, 'масло_г'].sum()\nprint(round(oil24, 1))",
                             "The корекция rows replace earlier weighings, so the raw sum counted those charges twice."),
                        f"FINAL(The 2024 charges gave {stale:,.1f} g of oil.)"])


@case("q18_toll_count_with_duplicates", "stale figure before a correction", "invented", "How many passages were charged this week?")
def _toll_stale() -> Script:
    ctx, ns = with_toll("")
    stale = differs(len(ns["m"]), len(ns["ok"]))
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl("print(len(m))"),
                        repl("print(len(ok))", "DUPL lines repeat a passage and CHYBA ones were not charged; keeping the OK lines."),
                        f"FINAL({stale:,} passages were charged this week.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("q18_race_runners_transposed", "transposed digits", "invented", "How many runners were there in 2024?")
def _runners_transposed() -> Script:
    code = "print((res.year == 2024).sum())"
    ctx, ns = with_race(code)
    k = int((ns["res"].year == 2024).sum())
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), f"FINAL({differs(swap_digits(k), k)} runners in 2024.)"])


@case("q18_futsal_bookings_transposed_id", "transposed digits", "invented", "Berapa jumlah pemesanan dari April sampai Juni?")
def _bookings_transposed() -> Script:
    code = "print(len(book))"
    ctx, ns = with_futsal(code)
    k = len(ns["book"])
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), f"FINAL(Ada {differs(swap_digits(k), k)} pemesanan dari April sampai Juni 2024.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("q18_run_echo_19_h21", "number echoed from the question", "invented", "Of the 19 runners in H21, how many got a valid result?")
def _echo_19() -> Script:
    code = "print(df[df.sarja == 'H21'].tila.value_counts())"
    ctx, ns = with_run(code)
    h = ns["df"][ns["df"].sarja == "H21"]
    assert len(h) == 19
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), f"FINAL({differs(19, int((h.tila == 'OK').sum()))} H21 runners got a valid result.)"])


@case("q18_pc_echo_31_days_ko", "number echoed from the question", "invented", "3월 31일 중 하루 매출이 50만 원을 넘은 날은 며칠인가요?")
def _echo_31() -> Script:
    code = "daily = s.groupby(s['시작'].dt.date)['매출'].sum()\nprint(daily.describe())"
    ctx, ns = with_pc(code)
    d = ns["daily"]
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), f"FINAL({differs(31, int((d > 500000).sum()))}일입니다.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("q18_toll_passages_as_vehicles", "rows counted instead of distinct", "invented", "How many different vehicles passed the gantries this week?")
def _passages_as_vehicles() -> Script:
    code = "print(len(ok))"
    ctx, ns = with_toll(code)
    n = differs(len(ns["ok"]), ns["ok"].spz.nunique())
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), f"FINAL({n:,} different vehicles passed the gantries.)"])


@case("q18_rose_charges_as_growers", "rows counted instead of distinct", "invented", "How many growers delivered petals in 2024?")
def _charges_as_growers() -> Script:
    code = "r24 = r[r['година'] == 2024]\nprint(len(r24))"
    ctx, ns = with_rose(code)
    n = differs(len(ns["r24"]), ns["r24"]["доставчик"].nunique())
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), f"FINAL({n} growers delivered petals in 2024.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("q18_rose_2024_read_2023_bg", "wrong year", "invented", "Колко грама масло е получено през 2024 г.?")
def _rose_year() -> Script:
    code = "po_godini = r.groupby('година')['масло_г'].sum().round(1)\nprint(po_godini)"
    ctx, ns = with_rose(code)
    p = ns["po_godini"]
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), f"FINAL(През 2024 г. са получени {spaced(differs(p[2023], p[2024]), 1)} г розово масло.)"])


@case("q18_race_kennedy_2024_read_2023", "wrong year", "invented", "How many winners did J. Kennedy ride in 2024?")
def _kennedy_year() -> Script:
    code = "print(res[res.won].groupby(['jockey', 'year']).size().unstack())"
    ctx, ns = with_race(code)
    t = ns["res"][ns["res"].won].groupby(["jockey", "year"]).size().unstack()
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code),
                        f"FINAL(J. Kennedy rode {differs(int(t.loc['J. Kennedy', 2023]), int(t.loc['J. Kennedy', 2024]))} winners in 2024.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("q18_toll_mean_misrounded", "wrong rounding", "invented", "To the nearest crown, what does an average charged passage cost?")
def _toll_misround() -> Script:
    code = "print(ok.castka.mean())"
    ctx, ns = with_toll(code)
    v = ns["ok"].castka.mean()
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), f"FINAL(About {differs(misround(v), round(v))} CZK per passage.)"])


@case("q18_run_h21_mean_misround_fi", "wrong rounding", "invented", "Mikä oli H21-sarjan hyväksyttyjen tulosten keskiaika kokonaisina minuutteina?")
def _h21_misround() -> Script:
    code = "h21 = df[(df.sarja == 'H21') & (df.tila == 'OK')]\nprint(h21.sek.mean() / 60)"
    ctx, ns = with_run(code)
    v = ns["h21"].sek.mean() / 60
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), f"FINAL(H21-sarjan keskiaika oli noin {differs(misround(v), round(v))} minuuttia.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("q18_futsal_team_in_court_column", "nothing found in the wrong column", "invented", "Did Kampus UI FC ever play on court L5?")
def _team_court_swap() -> Script:
    code = "hit = book[(book.kode_lapangan == 'Kampus UI FC') & (book.tim == 'L5')]\nprint(len(hit))"
    ctx, ns = with_futsal(code)
    b = ns["book"]
    assert ((b.tim == "Kampus UI FC") & (b.kode_lapangan == "L5")).sum() > 0
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), "FINAL(No, Kampus UI FC never booked court L5 (Lapangan Kenari).)"])


@case("q18_pc_kakao_in_zone_ko", "nothing found in the wrong column", "invented", "프리미엄석에서 카카오페이로 결제한 건은 몇 건인가요?")
def _kakao_swap() -> Script:
    code = "hit = s[(s['결제수단'] == '프리미엄') & (s['구역'] == '카카오페이')]\nprint(len(hit))"
    ctx, ns = with_pc(code)
    ss = ns["s"]
    assert ((ss["구역"] == "프리미엄") & (ss["결제수단"] == "카카오페이")).sum() > 0
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), "FINAL(프리미엄석에서 카카오페이로 결제한 건은 없습니다(0건).)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("q18_pc_weekly_called_falling", "trend in the wrong direction", "invented", "How did weekly takings develop over March?")
def _pc_falling() -> Script:
    ctx, ns = with_pc(PC_WEEKS)
    assert ns["weekly"].loc[10:13].is_monotonic_increasing
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(PC_WEEKS),
                        "FINAL(Takings slipped week after week through March, as the new semester kept students away.)"])


@case("q18_toll_week_called_rising", "trend in the wrong direction", "invented", "How did daily toll takings move from Monday to Sunday?")
def _toll_rising() -> Script:
    code = "daily = ok.groupby(ok.cas.dt.date).castka.sum().round(2)\nprint(daily)"
    ctx, ns = with_toll(code)
    d = ns["daily"]
    assert d.iloc[-1] < d.iloc[0]
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code),
                        "FINAL(They climbed through the week and peaked at the weekend, with Sunday the strongest day.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("q18_toll_cheapest_from_head", "sample generalized to the whole", "invented", "What is the lowest toll charged for a passage?")
def _cheapest_head() -> Script:
    ctx, ns = with_toll("")
    head = [float(x.replace(",", ".")) for x in re.findall(r"CASTKA=([\d,]+)", "\n".join(ns["lines"][:4]))]
    truth = ns["ok"].castka.min()
    return Script(ctx, [TOLL_LOOK, f"FINAL(The lowest toll for a passage is {differs(min(head), truth):.2f} CZK (a bus at D1-146.8).)"])


@case("q18_run_classes_from_head", "sample generalized to the whole", "invented", "Which classes were run, and over what distances?")
def _classes_head() -> Script:
    ctx: dict[str, Any] = {"tulokset": orienteering_json()}
    n = len(json.loads(orienteering_json())["sarjat"])
    differs(1, n)
    return Script(ctx, [RUN_LOOK, "FINAL(Just one class was run, H21, over 10.4 km with 20 controls.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("q18_futsal_l3_cancel_share_all", "wrong denominator", "invented", "What share of Lapangan Rajawali's (L3) bookings were cancelled?")
def _l3_share() -> Script:
    code = "print(((book.kode_lapangan == 'L3') & (book.status == 'batal')).sum(), len(book))"
    ctx, ns = with_futsal(code)
    b = ns["book"]
    k = int(((b.kode_lapangan == "L3") & (b.status == "batal")).sum())
    wrong = differs(round(k / len(b) * 100, 1), round(k / int((b.kode_lapangan == "L3").sum()) * 100, 1))
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), f"FINAL({wrong}% of Lapangan Rajawali's bookings were cancelled ({k} bookings).)"])


@case("q18_race_fav_strike_over_runners", "wrong denominator", "invented", "How often did the favourite win in 2024?")
def _fav_denominator() -> Script:
    code = "r24 = res[res.year == 2024]\nprint((r24.won & r24.fav).sum(), len(r24))"
    ctx, ns = with_race(code)
    r24 = ns["r24"]
    k = int((r24.won & r24.fav).sum())
    races = r24.groupby(["day", "race"]).ngroups
    wrong = differs(round(k / len(r24) * 100, 1), round(k / races * 100, 1))
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), f"FINAL(The favourite won {wrong}% of the time in 2024 ({k} winning favourites).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
@case("q18_diary_raises_partial", "sub-call over part of the data", "invented", "How many visits needed a pitch raise?")
def _raises_partial() -> Script:
    code = f"said = llm_query({RAISES_PROMPT!r} + diary[:len(diary) // 2])\nprint(said)"
    ctx: dict[str, Any] = {"diary": tuner_diary()}
    d = tuner_diary()
    k = int(sub_says(RAISES_PROMPT + d[:len(d) // 2]).split()[0])
    differs(k, d.count("pitch raise first"))
    return Script(ctx, [DIARY_LOOK, repl(code, "The diary is long; a sub-call can count them."), f"FINAL({k} visits needed a pitch raise.)"],
                  sub=sub_model())


@case("q18_toll_chyba_partial_cs", "sub-call over part of the data", "invented", "Kolik průjezdů skončilo chybou čtení (CHYBA)?")
def _chyba_partial() -> Script:
    code = f"said = llm_query({CHYBA_PROMPT!r} + myto[:30000])\nprint(said)"
    ctx: dict[str, Any] = {"myto": toll_log()}
    k = int(sub_says(CHYBA_PROMPT + toll_log()[:30000]).split()[0])
    differs(k, toll_log().count("STAV=CHYBA"))
    return Script(ctx, [TOLL_LOOK, repl(code, "Log je dlouhý, nechám ho spočítat dílčím dotazem."),
                        f"FINAL(Chybou čtení skončilo {k} průjezdů.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("q18_rose_last_white_misread", "date format misread", "invented", "When was the last white-rose charge of 2024 distilled?")
def _white_misread() -> Script:
    code = "w24 = r[(r['сорт'] == 'бяла') & (r['година'] == 2024)]\nprint(w24[['партида', 'дата', 'цвят_кг', 'масло_г']].tail(3))"
    ctx, ns = with_rose(code)
    day = ns["w24"]["дата"].iloc[-1]
    misread = differs(pd.to_datetime(day, format="%m.%d.%Y"), pd.to_datetime(day, format="%d.%m.%Y"))
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), f"FINAL(On {misread:%B} {misread.day}, {misread.year}.)"])


@case("q18_toll_best_day_misread_cs", "date format misread", "invented", "Který den se vybralo nejvíc mýtného?")
def _best_day_misread() -> Script:
    code = "po_dnech = ok.groupby(ok.cas.dt.strftime('%d.%m.%Y')).castka.sum()\nprint(po_dnech)"
    ctx, ns = with_toll(code)
    day = ns["po_dnech"].idxmax()
    misread = differs(pd.to_datetime(day, format="%m.%d.%Y"), pd.to_datetime(day, format="%d.%m.%Y"))
    mesice = {5: "května"}
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code),
                        f"FINAL(Nejvíc se vybralo {misread.day}. {mesice[misread.month]} {misread.year}, {spaced(ns['po_dnech'].max(), 2)} Kč.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("q18_run_split_cumulative", "cumulative read as the period's value", "invented",
      "How long did the H21 winner take from control 10 to control 11?")
def _split_cumulative() -> Script:
    code = "w = df[(df.sarja == 'H21') & (df.tila == 'OK')].sort_values('sek').iloc[0]\nprint(w.nimi, w.valiajat)"
    ctx, ns = with_run(code)
    sp = ns["w"].valiajat

    def sec(t: str) -> int:
        return int(t.split(":")[0]) * 60 + int(t.split(":")[1])
    leg = sec(sp[10]) - sec(sp[9])
    differs(sec(sp[10]), leg)
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), f"FINAL({ns['w'].nimi} took {sp[10]} from control 10 to control 11.)"])


@case("q18_toll_thursday_running_total", "cumulative read as the period's value", "invented", "How much toll was collected on Thursday?")
def _thursday_running() -> Script:
    code = ("daily = ok.groupby(ok.cas.dt.date).castka.sum().round(2).to_frame('den')\n"
            "daily['tyden_dosud'] = daily.den.cumsum().round(2)\nprint(daily)")
    ctx, ns = with_toll(code)
    thu = ns["daily"].iloc[3]
    wrong = differs(thu.tyden_dosud, thu.den)
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), f"FINAL({wrong:,.2f} CZK was collected on Thursday 7 March.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("q18_race_submit_literal", "literal typed into a code answer", "invented", "How many races did the favourite win in 2024?")
def _submit_literal() -> Script:
    ctx, ns = with_race("r24 = res[res.year == 2024]\nk = r24[r24.won & r24.fav].groupby(['day', 'race']).ngroups")
    differs(12, ns["k"])
    return Script(ctx, [RACE_LOOK, repl("SUBMIT(favourites_won=12, season=2024)")])


@case("q18_futsal_answer_literal_id", "literal typed into a code answer", "invented", "Berapa pendapatan lapangan bulan Mei?")
def _answer_literal() -> Script:
    ctx, ns = with_futsal(FUTSAL_MONTHS)
    differs(50, round(ns["per_month"][5] / 1e6))
    return Script(ctx, [FUTSAL_LOOK, repl('answer = {"content": "Pendapatan bulan Mei sekitar Rp 50 juta.", "ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("q18_futsal_bookings_as_hours", "figure from the right row but another column", "invented",
      "For how many hours was Lapangan Rajawali played?")
def _bookings_as_hours() -> Script:
    ctx, ns = with_futsal(FUTSAL_COURTS)
    t = ns["per_court"].set_index("kode").loc["L3"]
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(FUTSAL_COURTS),
                        f"FINAL(Lapangan Rajawali was played for {differs(t.pemesanan, t.jam)} hours.)"])


@case("q18_race_rides_as_wins", "figure from the right row but another column", "invented", "How many winners did D. Russell ride in 2024?")
def _rides_as_wins() -> Script:
    ctx, ns = with_race(RIDES_2024)
    j = ns["jockeys"].loc["D. Russell"]
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(RIDES_2024), f"FINAL(D. Russell rode {differs(int(j.rides), int(j.wins))} winners in 2024.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("q18_toll_plate_from_head", "maximum picked from a partial table", "invented", "Which vehicle paid the most toll this week?")
def _plate_head() -> Script:
    code = "per_plate = ok.groupby('spz').castka.sum().round(2)\nprint(per_plate.head())"
    ctx, ns = with_toll(code)
    p = ns["per_plate"]
    pick = p.head().idxmax()
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), f"FINAL({differs(pick, p.idxmax())} paid the most toll: {p[pick]:,.2f} CZK.)"])


@case("q18_pc_seat_from_head", "maximum picked from a partial table", "invented", "Which seat took the most money in March?")
def _seat_head() -> Script:
    code = "per_seat = s.groupby('좌석번호')['매출'].sum()\nprint(per_seat.head(10))"
    ctx, ns = with_pc(code)
    p = ns["per_seat"]
    pick = p.head(10).idxmax()
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), f"FINAL(Seat {differs(pick, p.idxmax())} took the most, ₩{p[pick]:,}.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("q18_run_club_ascending_fi", "first row of an ascending sort called the highest", "invented", "Mistä seurasta oli eniten osallistujia?")
def _club_ascending() -> Script:
    code = "seurat = df.seura.value_counts().sort_values()\nprint(seurat)"
    ctx, ns = with_run(code)
    t = ns["seurat"]
    return Script(ctx, [RUN_LOOK, PARSE_RUN, repl(code), f"FINAL(Eniten osallistujia oli seurasta {differs(t.index[0], t.idxmax())}: {t.iloc[0]}.)"])


@case("q18_rose_grower_ascending", "first row of an ascending sort called the highest", "invented",
      "Which grower delivered the most petals in 2023?")
def _grower_ascending() -> Script:
    code = "d23 = r[r['година'] == 2023].groupby('доставчик')['цвят_кг'].sum().sort_values()\nprint(d23)"
    ctx, ns = with_rose(code)
    d = ns["d23"]
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code), f"FINAL({differs(d.index[0], d.idxmax())} delivered the most petals in 2023, {d.iloc[0]:,} kg.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("q18_pc_member_guest_swapped", "two labels' figures swapped", "invented", "Who spends more per visit, members or guests?")
def _member_guest_swapped() -> Script:
    code = "per_visit = s.groupby('회원')['매출'].mean().round(0)\nprint(per_visit)"
    ctx, ns = with_pc(code)
    p = ns["per_visit"]
    assert p[False] > p[True]
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code),
                        f"FINAL(Members spend more: ₩{p[False]:,.0f} per visit on average, against ₩{p[True]:,.0f} for guests.)"])


@case("q18_toll_d1_d5_swapped", "two labels' figures swapped", "invented", "How did the D1 and the D5 compare in toll collected?")
def _d1_d5_swapped() -> Script:
    code = "print(ok.groupby('dalnice').castka.sum().round(2))"
    ctx, ns = with_toll(code)
    t = ns["ok"].groupby("dalnice").castka.sum().round(2)
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code),
                        f"FINAL(The D5 collected more, {t['D1']:,.2f} CZK, against {t['D5']:,.2f} CZK on the D1.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("q18_futsal_may_june_rise", "decrease reported as a rise", "invented", "How did court revenue change from May to June?")
def _may_june() -> Script:
    code = FUTSAL_MONTHS + "\nchange = round((per_month[6] / per_month[5] - 1) * 100, 1)\nprint('May->June, %:', change)"
    ctx, ns = with_futsal(code)
    c = ns["change"]
    assert c < 0
    return Script(ctx, [FUTSAL_LOOK, PARSE_FUTSAL, repl(code), f"FINAL(Revenue grew {abs(c)}% from May to June.)"])


@case("q18_rose_oil_rise_bg", "decrease reported as a rise", "invented", "Как се промени добивът на масло от 2023 до 2024 г.?")
def _oil_rise() -> Script:
    code = ("po_godini = r.groupby('година')['масло_г'].sum()\nprint(po_godini.round(1))\n"
            "promqna = round((po_godini[2024] / po_godini[2023] - 1) * 100, 1)\nprint(promqna)")
    ctx, ns = with_rose(code)
    c = ns["promqna"]
    assert c < 0
    return Script(ctx, [ROSE_LOOK, PARSE_ROSE, repl(code),
                        f"FINAL(Количеството масло се е увеличило с {spaced(abs(c), 1)} % през 2024 г. спрямо 2023 г.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("q18_race_table_for_townend", "table returned for one figure", "invented", "How many winners did P. Townend ride in 2024?")
def _table_townend() -> Script:
    ctx, _ = with_race(RIDES_2024)
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(RIDES_2024), "FINAL_VAR(jockeys)"])


@case("q18_pc_table_for_premium", "table returned for one figure", "invented", "What did the premium seats take in March?")
def _table_premium() -> Script:
    code = "by_zone = s.groupby('구역')[['요금', '음식', '매출']].sum()\nprint(by_zone)"
    ctx, _ = with_pc(code)
    return Script(ctx, [PC_LOOK, PARSE_PC, repl(code), 'FINAL_VAR("by_zone")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("q18_toll_category_for_chyba", "zero after filtering the wrong column", "invented", "How many passages failed to read the on-board unit?")
def _kat_chyba() -> Script:
    code = "n_chyba = int((m.kat == 'CHYBA').sum())\nprint(n_chyba)"
    ctx, ns = with_toll(code)
    differs(ns["n_chyba"], int((ns["m"].stav == "CHYBA").sum()))
    return Script(ctx, [TOLL_LOOK, PARSE_TOLL, repl(code), "FINAL(0)"])


@case("q18_race_jockey_for_fell", "zero after filtering the wrong column", "invented", "How many horses fell in 2024?")
def _jockey_fell() -> Script:
    code = "r24 = res[res.year == 2024]\nprint((r24.jockey == 'F').sum())"
    ctx, ns = with_race(code)
    differs(0, int((ns["r24"].pos == "F").sum()))
    return Script(ctx, [RACE_LOOK, PARSE_RACE, repl(code), "FINAL(None: no horse fell in 2024.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("q18_toll_iso_date_cs", "none found after searching a date in another format", "invented",
      "Byly ve čtvrtek 7. 3. 2024 nějaké chyby čtení (CHYBA)?")
def _toll_iso() -> Script:
    code = "hits = [l for l in lines if l.startswith('2024-03-07') and l.endswith('CHYBA')]\nprint(len(hits))"
    ctx: dict[str, Any] = {"myto": toll_log()}
    assert sum(line.startswith("07.03.2024") and line.endswith("CHYBA") for line in toll_log().splitlines()) > 0
    return Script(ctx, [TOLL_LOOK, repl(code), "FINAL(Ne, ve čtvrtek 7. 3. 2024 nebyla žádná chyba čtení.)"])


@case("q18_futsal_iso_date_id", "none found after searching a date in another format", "invented",
      "Apakah ada pemesanan yang batal pada 5 Mei 2024?")
def _futsal_iso() -> Script:
    code = "hari = futsal['pemesanan'][futsal['pemesanan'].tanggal == '2024-05-05']\nprint(hari[hari.status == 'batal'])"
    ctx: dict[str, Any] = {"futsal": futsal()}
    b = ctx["futsal"]["pemesanan"]
    assert ((b.tanggal == "5 Mei 2024") & (b.status == "batal")).sum() > 0
    return Script(ctx, [FUTSAL_LOOK, repl(code), "FINAL(Tidak ada pemesanan yang batal pada 5 Mei 2024.)"])
