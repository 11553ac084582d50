"""Acceptance cases, the nineteenth tuning set (the seventeenth held-out set until stop 59): written apart from the gates.

It was held out through stop 59 and measured then only for its aggregate figures; from stop 60, once
``cases_holdout19`` was written, it is read case by case and tuned on.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy. Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune19``. The cases are written as a capable
model writes its answers (legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the
classes of ``cases_tune2`` (the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name
starts with ``q17_``. About three quarters of the questions are in English; the rest are in Swahili, Welsh, Bengali,
Italian, Romanian, Swedish and Portuguese, and the answers write numbers, dates and money as those locales do (``TSh
959,050``, ``shilingi milioni 41.1``, ``৳74.25 lakh``, ``২৪,৩৪,২৩৫ টাকা``, ``310.140 kg``, ``2 078,0 kg``, ``kl.
07.05``, ``R$ 349,8 mil``, ``-R$ 18.975,00``), with maunds next to kilograms, knots, metres of altitude, carcass weights
and ski-jumping points.

Size: 73 legitimate answers covering all 33 legitimate classes (two or three each) and 58 invented or misread ones
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

The data are small seeded sets of domains no other set uses: a Zanzibar seaweed farmers' cooperative's purchase book
from 2 January to 14 June 2024 (Swahili column names, days written ``5 Machi 2024``, spinosum and cottonii in dried kg,
shillings per kg that rise on 1 April, moisture measured on fewer than half the receipts, farmers who sell every week
or so, a cottonii die-off in two villages in February and March, a June cut off mid-month), a Welsh heritage railway's
running log from Good Friday 29 March to 30 June 2024 (text: Welsh stamps like ``Sad 30 Mawrth 2024 10:02:41`` where
``Maw`` at the start of a line is Tuesday and ``Mawrth`` is March, timetabled beside actual times, adults and children
booked on the up departure, cancelled trains and the guard's notes in Welsh) with its bilingual fares and conditions in
markdown (pounds, a family ticket, under-fives free, dogs, a refund rule for trains more than 30 minutes late), a
Faridpur jute buyer's 2024 season as a dict of three tables to join (Bengali names, farmers by upazila, grades ক to ঘ
with base prices, purchases dated in Bengali digits like ``১৫/০৭/২০২৪``, weights in maunds of 37.3242 kg, taka per
maund that dip in August and jump in September), a Parmigiano-Reggiano dairy's 2023 production as nested JSON (Italian
keys, lots with their milk, wheels with their weighings and the Consorzio's grading at twelve months, day-first dates,
wheels still ungraded as ``null`` at the 30 September 2024 update, more defects in the summer lots), a women's ski
jumping World Cup weekend's FIS results as fixed-width text (a final-round row under each first-round row with no name,
tied ranks, five judges' marks of which the highest and lowest are dropped, gate points, a wind compensation that is
negative in a headwind and positive in a tailwind, the non-qualified, a disqualification and a non-starter listed after
the ranking), a Västerbotten elk-hunting team's register as of 3 November 2024 (Swedish column names, times written
``07.45``, a running count against the quota, carcass weights still missing for the last animals, a correction row at
the end that replaces an earlier weighing), a month of twice-daily radiosonde ascents from Camborne as text blocks (the
launch time about an hour before the nominal 00Z or 12Z, so the first ascent of January 2024 went up on 31 December
2023; levels every 120 seconds since launch, temperatures far below zero, ``////`` for humidity too cold to report,
winds in knots, one ascent that lost its signal and one that never flew), and an Amazon river-boat company's ticket
export (a Brazilian semicolon CSV: ``R$ 1.600,00`` as text, ``dd/mm/aaaa`` dates, masked CPFs of passengers who travel
again and again, half fares and free tickets at ``R$ 0,00``, refunds as a second row with the same ticket number and a
negative amount, a Carnival rush, sales that stop on 20 March). Each frame builder returns a fresh copy (model code may
change a frame in place).
"""
from __future__ import annotations

import functools
import json
import re
from collections import Counter
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
# -- a Zanzibar seaweed farmers' cooperative (Swahili column names, dates written "5 Machi 2024") -------------------
SW_MONTHS = ["Januari", "Februari", "Machi", "Aprili", "Mei", "Juni", "Julai", "Agosti", "Septemba", "Oktoba",
             "Novemba", "Desemba"]
SW_VILLAGES = {"Paje": .27, "Jambiani": .25, "Bwejuu": .19, "Michamvi": .16, "Kiwengwa": .13}
SW_FARMERS = ["Mwanaisha Juma", "Fatma Ali", "Time Haji", "Asha Makame", "Mwajuma Vuai", "Zuhura Khamis", "Riziki Omar",
              "Mwanahawa Ussi", "Salma Mussa", "Tatu Pandu", "Bahati Said", "Mgeni Ame", "Zainab Mcha", "Mwatima Silima",
              "Hadija Kombo", "Amina Shaame", "Rehema Mjaka", "Mariamu Haji", "Siti Abdalla", "Maryam Kheri",
              "Mwanakhamis Faki", "Saada Ramadhani", "Pili Mohamed", "Nasra Bakari", "Halima Nassor", "Mtumwa Hamad",
              "Rukia Simai", "Mwanaidi Kassim", "Hamisa Ameir", "Kazija Mrisho", "Juma Kombo", "Ali Vuai",
              "Omar Mzee", "Said Othman", "Makame Haji", "Khamis Ussi"]
SW_PRICE = {("spinosum", False): 700, ("spinosum", True): 800, ("cottonii", False): 1300, ("cottonii", True): 1500}


def mwani() -> pd.DataFrame:
    """A fresh copy for every run: model code may change a frame in place."""
    return _mwani().copy()


@functools.lru_cache(maxsize=1)
def _mwani(seed: int = 1701) -> pd.DataFrame:
    """The purchase book of a seaweed farmers' cooperative on Zanzibar's east coast, 2 January to 14 June 2024 (the
    export stops mid-June): one receipt per sale of dried seaweed, spinosum or cottonii, in kg; the price per kg in
    shillings rises on 1 April (a new buyer contract); moisture is measured only now and then (missing otherwise).
    Warm water kills much of the cottonii in Paje and Jambiani in February and March."""
    rng = np.random.default_rng(seed)
    village = rng.choice(list(SW_VILLAGES), len(SW_FARMERS), p=list(SW_VILLAGES.values()))
    cottonii_share = rng.uniform(0.0, 0.6, len(SW_FARMERS))
    rows = []
    for i, name in enumerate(SW_FARMERS):
        day = pd.Timestamp("2024-01-02") + pd.Timedelta(days=int(rng.integers(0, 8)))
        while day <= pd.Timestamp("2024-06-14"):
            kind = "cottonii" if rng.random() < cottonii_share[i] else "spinosum"
            kg = rng.gamma(5.0, 14.0 if kind == "spinosum" else 9.0)
            if kind == "cottonii" and village[i] in ("Paje", "Jambiani") and day.month in (2, 3):
                kg *= 0.35  # the die-off
            if name.split()[0] in ("Juma", "Ali", "Omar", "Said", "Makame", "Khamis"):
                kg *= 1.3
            kg = round(max(3.0, kg), 1)
            moisture = round(float(rng.normal(34, 3)), 1) if rng.random() < 0.45 else np.nan
            price = SW_PRICE[(kind, day >= pd.Timestamp("2024-04-01"))]
            rows.append((day, village[i], name, kind, kg, price, moisture))
            day += pd.Timedelta(days=int(rng.integers(5, 12)))
    rows.sort(key=lambda r: (r[0], r[2]))
    return pd.DataFrame({
        "risiti": [f"ZS-{k + 1:04d}" for k in range(len(rows))],
        "tarehe": [f"{d.day} {SW_MONTHS[d.month - 1]} {d.year}" for d, *_ in rows],
        "kijiji": [r[1] for r in rows], "mkulima": [r[2] for r in rows], "aina": [r[3] for r in rows],
        "kilo_kavu": [r[4] for r in rows], "bei_kwa_kilo": [r[5] for r in rows], "unyevu_asilimia": [r[6] for r in rows],
        "jumla_tsh": [round(r[4] * r[5]) for r in rows],
    })


# -- a Welsh heritage railway: its running log (Welsh day and month names) and its fares and conditions -----------
CY_DAYS = ["Llun", "Maw", "Mer", "Iau", "Gwe", "Sad", "Sul"]
CY_MONTHS = ["Ionawr", "Chwefror", "Mawrth", "Ebrill", "Mai", "Mehefin", "Gorffennaf", "Awst", "Medi", "Hydref",
             "Tachwedd", "Rhagfyr"]
BANK_HOLIDAYS = [pd.Timestamp(d) for d in ("2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27")]
LOCOS = {"Seren": .34, "Tegid": .3, "Gwenllian": .24, "Dolwen": .12}
INCIDENTS = [("defaid", "Defaid ar y lein ger Nant Gwyn"), ("coeden", "Coeden wedi syrthio ar draws y lein uwchben Pont Llyn"),
             ("injan", "Nam ar yr injan: pwysau'r stêm yn isel"), ("tân", "Tân bach ar ochr y lein ger Cwm Bach, wedi'i ddiffodd"),
             ("croesfan", "Car wedi aros ar groesfan Tyddyn Isaf")]


def cy_stamp(t: pd.Timestamp) -> str:
    """Welsh: ``Sad 30 Mawrth 2024 10:02:41`` (note ``Maw``, Tuesday, beside ``Mawrth``, March)."""
    return f"{CY_DAYS[t.day_of_week]} {t.day} {CY_MONTHS[t.month - 1]} {t.year} {t:%H:%M:%S}"


@functools.lru_cache(maxsize=1)
def rail_log(seed: int = 1702) -> str:
    """Rheilffordd Cwm Dyfnant's running log, Good Friday 29 March to Sunday 30 June 2024: every up train leaves Porth
    Dyfnant, arrives at Blaen Cwm, leaves again and arrives back (GADAEL, CYRRAEDD), with the timetabled time beside the
    actual one and the adults and children booked on the up departure; two trains on weekdays, three at weekends and
    on bank holidays; cancelled trains (CANSLWYD) and the guard's notes (NODYN) in Welsh."""
    rng = np.random.default_rng(seed)
    out = []
    for day in pd.date_range("2024-03-29", "2024-06-30"):
        busy = day.day_of_week >= 5 or day in BANK_HOLIDAYS
        starts = ["10:00", "12:15", "14:30"] if busy else ["10:30", "14:00"]
        season = 1.0 + 0.5 * (day - pd.Timestamp("2024-03-29")).days / 93
        for k, start in enumerate(starts, 1):
            loco = str(rng.choice(list(LOCOS), p=list(LOCOS.values())))
            sched = day + pd.Timedelta(hours=int(start[:2]), minutes=int(start[3:]))
            if rng.random() < 0.025:
                out.append((sched - pd.Timedelta(minutes=int(rng.integers(20, 50))),
                            f"CANSLWYD trên={k} injan={loco} rheswm=\"nam ar yr injan\""))
                continue
            late = int(max(0, rng.normal(2.0, 2.0)))
            incident = None
            if rng.random() < 0.06:
                incident = INCIDENTS[int(rng.choice(len(INCIDENTS), p=[.36, .16, .24, .12, .12]))]
                extra = int(rng.integers(8, 48)) if incident[0] != "injan" else int(rng.integers(25, 70))
            adults = int(rng.poisson((26 if busy else 15) * season * (1.25 if k == 1 else 1.0)))
            children = int(rng.poisson((12 if busy else 4) * season))
            legs = [("GADAEL", "Porth Dyfnant", sched, 0), ("CYRRAEDD", "Blaen Cwm", sched + pd.Timedelta(minutes=52), 1),
                    ("GADAEL", "Blaen Cwm", sched + pd.Timedelta(minutes=92), 2),
                    ("CYRRAEDD", "Porth Dyfnant", sched + pd.Timedelta(minutes=142), 3)]
            delay = late
            for event, station, when, leg in legs:
                if incident and leg == 1:
                    delay += extra
                    out.append((when + pd.Timedelta(minutes=delay - 3, seconds=int(rng.integers(0, 60))),
                                f"NODYN trên={k} \"{incident[1]}; {extra} munud o oedi.\""))
                if leg == 2:
                    delay = max(0, delay - 6)  # the turnaround absorbs a little
                actual = when + pd.Timedelta(minutes=delay, seconds=int(rng.integers(0, 60)))
                extra_fields = f" oedolion={adults} plant={children}" if leg == 0 else ""
                out.append((actual, f"{event} trên={k} injan={loco} gorsaf=\"{station}\" amserlen={when:%H:%M}{extra_fields}"))
                delay = max(0, delay + int(rng.integers(-1, 3)))
    out.sort(key=lambda e: e[0])
    return "\n".join(f"{cy_stamp(t)} {text}" for t, text in out)


RAIL_TERMS = """# Rheilffordd Cwm Dyfnant — Prisiau ac Amodau 2024 / Fares and Conditions 2024

Mae'r trên yn rhedeg bob dydd o 29 Mawrth i 30 Mehefin 2024. The train runs every day from 29 March to 30 June 2024.

## Amserlenni / Timetables

- **Amserlen Las / Blue timetable** (dydd Llun i ddydd Gwener / Monday to Friday): 2 drên, o Borth Dyfnant am 10:30 a 14:00.
- **Amserlen Goch / Red timetable** (penwythnos a gŵyl y banc / weekends and bank holidays): 3 thrên, am 10:00, 12:15 a 14:30.

Mae'r daith i Flaen Cwm yn cymryd 52 munud; mae'r trên yn aros 40 munud yno ac yn cymryd 50 munud i ddod yn ôl.
The journey to Blaen Cwm takes 52 minutes; the train waits 40 minutes there and takes 50 minutes to come back.

## Prisiau / Fares (dwy ffordd / return)

| Tocyn / Ticket | Pris / Fare |
| --- | --- |
| Oedolyn / Adult | £18.50 |
| Pensiynwr 60+ / Senior 60+ | £16.50 |
| Plentyn 5–15 / Child 5–15 | £9.00 |
| Dan 5 / Under 5 | Am ddim / Free |
| Teulu (2 oedolyn + 2 blentyn) / Family (2 adults + 2 children) | £46.00 |
| Ci / Dog | £2.00 |

Grwpiau o 15 neu fwy: 10% i ffwrdd. Groups of 15 or more: 10% off.
Tocyn Crwydro (3 diwrnod mewn 7) / Rover ticket (3 days in 7): £39.00 oedolyn / adult, £19.50 plentyn / child.

## Oedi ac ad-daliadau / Delays and refunds

Os bydd eich trên yn cyrraedd yn ôl fwy na 30 munud yn hwyr, cewch ad-daliad o 50% o bris y tocyn. Os caiff y trên ei
ganslo, cewch ad-daliad llawn neu docyn ar gyfer diwrnod arall. If your train arrives back more than 30 minutes late,
you get 50% of the fare back. If the train is cancelled, you get a full refund or a ticket for another day.

## Cŵn a beiciau / Dogs and bicycles

Croeso i gŵn ar dennyn, ond nid yn y cerbyd dosbarth cyntaf. Ni allwn gario beiciau.
Dogs on a lead are welcome, but not in the first-class carriage. We cannot carry bicycles.
"""


# -- a Faridpur jute buyer's purchases (a dict of three tables, Bengali names, Bengali digits, maunds, taka) ---------
BN_DIGITS = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")
JUTE_FARMERS = ["আব্দুল করিম", "রহিমা খাতুন", "মোঃ সেলিম মিয়া", "জাহানারা বেগম", "নুরুল ইসলাম", "শাহানা পারভীন", "হারুন অর রশিদ",
                "মোঃ জসিম উদ্দিন", "ফাতেমা আক্তার", "আবুল কালাম", "রফিকুল ইসলাম", "মাহমুদা বেগম", "কামরুল হাসান", "আলেয়া খাতুন",
                "মোঃ শফিকুল আলম", "সালমা বেগম", "আনোয়ার হোসেন", "রোকেয়া সুলতানা", "মোঃ বাবুল শেখ", "তাসলিমা আক্তার",
                "দেলোয়ার হোসেন", "মনোয়ারা বেগম", "মোঃ আলমগীর কবির", "শিরিন আক্তার", "গোলাম মোস্তফা", "নাজমা খাতুন"]
UPAZILAS = {"বোয়ালমারী": .26, "মধুখালী": .22, "আলফাডাঙ্গা": .2, "নগরকান্দা": .18, "সালথা": .14}
JUTE_GRADES = {"ক": ("সোনালি, লম্বা, পরিষ্কার আঁশ", 3500), "খ": ("ভালো আঁশ, সামান্য দাগ", 3200),
               "গ": ("মাঝারি, কিছু কাটিং", 2900), "ঘ": ("নিম্নমান, শক্ত গোড়া", 2500)}
MAUND_KG = 37.3242


def jute() -> dict[str, pd.DataFrame]:
    """A jute buyer's three tables, as a dict: farmers, grades and purchases (each purchase names a farmer and a grade)."""
    return {name: frame.copy() for name, frame in _jute().items()}


@functools.lru_cache(maxsize=1)
def _jute(seed: int = 1703) -> dict[str, pd.DataFrame]:
    """A jute trader's buying centre in Faridpur over the 2024 season (15 July to 31 October): farmers (with their
    upazila), grades (ক best to ঘ, with the base price in taka per maund) and purchases (a receipt, the day written
    day first in Bengali digits like ``১৫/০৭/২০২৪``, maunds of 37.3242 kg, the price paid per maund and the total).
    Prices rise in September, when the mills start buying, and ease in October."""
    rng = np.random.default_rng(seed)
    n = len(JUTE_FARMERS)
    farmers = pd.DataFrame({"কৃষক_আইডি": [f"F{i + 1:02d}" for i in range(n)], "নাম": JUTE_FARMERS,
                            "উপজেলা": rng.choice(list(UPAZILAS), n, p=list(UPAZILAS.values()))})
    grades = pd.DataFrame({"গ্রেড": list(JUTE_GRADES), "বিবরণ": [v[0] for v in JUTE_GRADES.values()],
                           "ভিত্তি_দর": [v[1] for v in JUTE_GRADES.values()]})
    rows = []
    for i in range(n):
        for _ in range(int(rng.integers(3, 9))):
            day = pd.Timestamp("2024-07-15") + pd.Timedelta(days=int(np.clip(rng.normal(45, 24), 0, 108)))
            grade = str(rng.choice(list(JUTE_GRADES), p=[.2, .38, .3, .12]))
            boost = 1.0 + (0.09 if day.month == 9 else 0.05 if day.month == 10 else 0.0)
            price = int(round(JUTE_GRADES[grade][1] * boost * rng.uniform(0.97, 1.03), -1))
            maunds = round(float(rng.gamma(4.0, 4.0)) + 2, 1)
            rows.append((day, f"F{i + 1:02d}", grade, maunds, price))
    rows.sort()
    purchases = pd.DataFrame({
        "রসিদ_নং": [f"R-{k + 101}" for k in range(len(rows))],
        "তারিখ": [f"{d:%d/%m/%Y}".translate(BN_DIGITS) for d, *_ in rows],
        "কৃষক_আইডি": [r[1] for r in rows], "গ্রেড": [r[2] for r in rows], "ওজন_মণ": [r[3] for r in rows],
        "দর_টাকা": [r[4] for r in rows], "মোট_টাকা": [round(r[3] * r[4]) for r in rows]})
    return {"কৃষক": farmers, "গ্রেড": grades, "ক্রয়": purchases}


# -- a Parmigiano-Reggiano dairy's wheels as nested JSON (Italian keys, day-first dates) --------------------------
DEFECTS = ["occhiatura", "spacco", "gonfiore", "crosta difettosa"]


@functools.lru_cache(maxsize=1)
def dairy_json(seed: int = 1704) -> str:
    """Caseificio Sociale Val d'Enza's 2023 production as one JSON document: a lot (``lotto``) per cheese-making day,
    its milk in kg and its wheels (``forme``), each with its number, the weight at one month, the later weighings and
    the Consorzio's grading at 12 months (``espertizzazione``: ``Parmigiano Reggiano``, ``Mezzano`` or ``Scarto``, with
    the defects found), as of 30 September 2024: wheels made after 30 September 2023 are not graded yet (``null``).
    Dates are written day first (``05/03/2023``). Summer lots crack and swell more often."""
    rng = np.random.default_rng(seed)
    cutoff = pd.Timestamp("2024-09-30")
    lots = []
    day = pd.Timestamp("2023-01-03")
    while day.year == 2023:
        wheels = int(rng.integers(6, 11))
        summer = day.month in (6, 7, 8)
        milk = int(round(wheels * rng.normal(550, 12), -1))
        forme = []
        for w in range(1, wheels + 1):
            kg1 = round(float(rng.normal(41.2, 0.9)), 1)
            pesate = []
            for months, loss in ((12, 0.055), (18, 0.075), (24, 0.09)):
                if day + pd.DateOffset(months=months) <= cutoff:
                    pesate.append({"mesi": months, "kg": round(kg1 * (1 - loss + float(rng.normal(0, 0.004))), 1)})
            graded = None
            if day + pd.DateOffset(months=12) <= cutoff:
                p = [.9, .07, .03] if not summer else [.74, .16, .10]
                esito = str(rng.choice(["Parmigiano Reggiano", "Mezzano", "Scarto"], p=p))
                difetti = [] if esito == "Parmigiano Reggiano" else sorted(set(
                    str(rng.choice(DEFECTS, p=[.35, .3, .2, .15] if not summer else [.2, .35, .35, .1]))
                    for _ in range(int(rng.integers(1, 3)))))
                when = day + pd.DateOffset(months=12) + pd.Timedelta(days=int(rng.integers(3, 25)))
                graded = {"esito": esito, "difetti": difetti, "data": f"{when:%d/%m/%Y}"}
            forme.append({"matricola": f"VE-23-{day:%m%d}-{w:02d}", "peso_1_mese_kg": kg1, "pesate": pesate,
                          "espertizzazione": graded})
        lots.append({"lotto": f"L{day:%y%m%d}", "data_produzione": f"{day:%d/%m/%Y}", "latte_kg": milk, "forme": forme})
        day += pd.Timedelta(days=int(rng.integers(4, 7)))
    return json.dumps({"caseificio": "Caseificio Sociale Val d'Enza", "matricola_consorzio": 2716,
                       "aggiornato_al": f"{cutoff:%d/%m/%Y}", "lotti": lots}, ensure_ascii=False, indent=1)


# -- a women's ski jumping World Cup weekend: the results as fixed-width text ------------------------------------
JUMPERS = [("VRHOVNIK", "Maja", "SLO"), ("KRANJEC", "Nika", "SLO"), ("BOGATAJ", "Ema", "SLO"), ("LOGAR", "Tina", "SLO"),
           ("HOELZL", "Lena", "AUT"), ("PINKELNIG", "Sara", "AUT"), ("EDER", "Julia", "AUT"), ("MAIR", "Hannah", "AUT"),
           ("TAKANASHI", "Aoi", "JPN"), ("ITO", "Rin", "JPN"), ("MARUYAMA", "Yuka", "JPN"), ("SEYFARTH", "Anna", "GER"),
           ("FREITAG", "Lisa", "GER"), ("SCHMID", "Paula", "GER"), ("OPSETH", "Silje", "NOR"), ("STROEM", "Ingrid", "NOR"),
           ("LUNDBY", "Maren", "NOR"), ("TWARDOSZ", "Kinga", "POL"), ("PIASECKA", "Ola", "POL"), ("STRATE", "Abby", "CAN"),
           ("LOUTITT", "Emma", "CAN"), ("IANCU", "Daniela", "ROU"), ("HAIDU", "Ioana", "ROU"), ("STRAUB", "Josie", "USA"),
           ("MALSINER", "Lara", "ITA"), ("KYKKAENEN", "Julia", "FIN"), ("PENG", "Qingyue", "CHN"), ("CLAIR", "Joséphine", "FRA"),
           ("INDRACKOVA", "Karolina", "CZE"), ("KUPRIYANOVA", "Alina", "KAZ"), ("BIRGMANN", "Vera", "AUT"),
           ("WERNER", "Luisa", "GER"), ("KVANDAL", "Thea", "NOR"), ("ROGELJ", "Spela", "SLO"), ("SATO", "Mei", "JPN"),
           ("BRECL", "Jerneja", "SLO"), ("KLINEC", "Nina", "SLO"), ("IWABUCHI", "Kaori", "JPN")]
SKILL = dict(zip([j[0] for j in JUMPERS], np.linspace(1.0, 0.0, len(JUMPERS)).round(3)))


@functools.lru_cache(maxsize=1)
def jumping_results(seed: int = 1705) -> str:
    """FIS-style results of the two individual competitions at Râșnov (HS97, K-point 90 m), Saturday 2 and Sunday 3
    March 2024: a row per jump, the final-round row under the first-round row without rank or name; speed in km/h,
    distance in m (2.0 points a metre from 60 at K), five judges' marks of which the highest and lowest are dropped,
    the gate and its points (a lower gate earns points), the wind in m/s and its compensation (a headwind costs points,
    a tailwind earns them), the round's points and the total. Only the best 30 of the first round jump again; the
    others and the disqualified are listed after the ranking."""
    rng = np.random.default_rng(seed)
    blocks = []
    for label, day, base_gate, wind_mu in (("Saturday 2 MAR 2024", 2, 14, 0.55), ("Sunday 3 MAR 2024", 3, 12, -0.35)):
        entrants = [j for j in JUMPERS if not (day == 3 and j[0] == "HAIDU")]
        bibs = {j[0]: b for b, j in enumerate(reversed(entrants), 1)}
        dsq = {2: "STRAUB", 3: "PIASECKA"}[day]
        jumps: dict[str, list[dict[str, Any]]] = {}
        finalists: list[str] = []
        for rnd in (1, 2):
            names = [j[0] for j in entrants] if rnd == 1 else finalists
            gate = base_gate if rnd == 1 else base_gate - 1
            for name in names:
                if rnd == 1 and name == dsq:
                    continue
                wind = round(float(rng.normal(wind_mu, 0.35)), 2) or 0.0  # no -0.00
                speed = round(86.2 + 0.35 * (gate - 12) + float(rng.normal(0, 0.3)), 1)
                dist = 78 + 20 * SKILL[name] + float(rng.normal(0, 3.2)) + 2.2 * (gate - base_gate) + 3.0 * wind
                dist = round(dist * 2) / 2
                style = 15.5 + 3.0 * SKILL[name] + (-1.5 if dist < 80 else 0) + float(rng.normal(0, 0.4))
                marks = [min(20.0, max(12.0, round((style + float(rng.normal(0, 0.35))) * 2) / 2)) for _ in range(5)]
                judges = sum(sorted(marks)[1:4])
                dist_pts = 60 + 2.0 * (dist - 90)
                gate_pts = round((base_gate - gate) * 0.8 * 6.5, 1)  # 0.8 m of in-run between gates
                wind_pts = round(-wind * (8.0 if wind > 0 else 9.68), 1)
                pts = round(dist_pts + judges + gate_pts + wind_pts, 1)
                jumps.setdefault(name, []).append({"speed": speed, "dist": dist, "dist_pts": round(dist_pts, 1),
                                                   "marks": marks, "judges": judges, "gate": gate, "gate_pts": gate_pts,
                                                   "wind": wind, "wind_pts": wind_pts, "pts": pts})
            if rnd == 1:
                first = sorted(jumps, key=lambda n: -jumps[n][0]["pts"])
                cut = jumps[first[29]][0]["pts"]
                finalists = [n for n in first if jumps[n][0]["pts"] >= cut]
        ranked = sorted(finalists, key=lambda n: -sum(j["pts"] for j in jumps[n]))
        who = {j[0]: j for j in entrants}
        lines = ["FIS SKI JUMPING WORLD CUP LADIES", "RASNOV (ROU)   Trambulina Valea Carbunarii HS 97",
                 f"Individual Competition   {label}   Start 1st round {'16:00' if day == 2 else '14:30'}",
                 "K-Point 90 m   Meter value 2.0 points/m   Gate factor 6.50 points/m   Wind factors head 8.00 / tail 9.68 points/m/s",
                 f"Start gate 1st round {base_gate}   final round {base_gate - 1}",
                 "",
                 f"{'Rank':>4} {'Bib':>3} {'Name':<22} {'Nat':<3} {'Speed':>5} {'Dist':>5} {'DistP':>5}  "
                 f"{'J1':>4} {'J2':>4} {'J3':>4} {'J4':>4} {'J5':>4} {'JudgeP':>6} {'Gate':>4} {'GateP':>5} "
                 f"{'Wind':>5} {'WindP':>5} {'Round':>6} {'Total':>6}"]
        rank, last_total = 0, None
        for pos, name in enumerate(ranked, 1):
            total = round(sum(j["pts"] for j in jumps[name]), 1)
            if total != last_total:
                rank = pos
            last_total = total
            for r, j in enumerate(jumps[name]):
                head = (f"{rank:>4} {bibs[name]:>3} {name + ' ' + who[name][1]:<22} {who[name][2]:<3}" if r == 0
                        else f"{'':>4} {'':>3} {'':<22} {'':<3}")
                marks_txt = " ".join(f"{m:>4.1f}" for m in j["marks"])
                gp = f"{j['gate_pts']:>5.1f}" if j["gate_pts"] else f"{'':>5}"
                tail = f" {total:>6.1f}" if r == 1 else ""
                lines.append(f"{head} {j['speed']:>5.1f} {j['dist']:>5.1f} {j['dist_pts']:>5.1f}  {marks_txt} {j['judges']:>6.1f} "
                             f"{j['gate']:>4} {gp} {j['wind']:>5.2f} {j['wind_pts']:>5.1f} {j['pts']:>6.1f}{tail}")
        lines += ["", "Not qualified for final round"]
        for name in sorted((n for n in jumps if n not in finalists), key=lambda n: -jumps[n][0]["pts"]):
            j = jumps[name][0]
            marks_txt = " ".join(f"{m:>4.1f}" for m in j["marks"])
            gp = f"{j['gate_pts']:>5.1f}" if j["gate_pts"] else f"{'':>5}"
            lines.append(f"{'':>4} {bibs[name]:>3} {name + ' ' + who[name][1]:<22} {who[name][2]:<3} {j['speed']:>5.1f} "
                         f"{j['dist']:>5.1f} {j['dist_pts']:>5.1f}  {marks_txt} {j['judges']:>6.1f} {j['gate']:>4} {gp} "
                         f"{j['wind']:>5.2f} {j['wind_pts']:>5.1f} {j['pts']:>6.1f}")
        lines += ["", "Disqualified", f"{'':>4} {bibs[dsq]:>3} {dsq + ' ' + who[dsq][1]:<22} {who[dsq][2]:<3}  SCE 1 (suit)"]
        if day == 3:
            lines += ["", "Did not start", f"{'':>4} {'':>3} {'HAIDU Ioana':<22} ROU"]
        blocks.append("\n".join(lines))
    return ("\n\n" + "=" * 118 + "\n\n").join(blocks) + "\n"


# -- a Västerbotten elk-hunting team's register (Swedish column names, times written 07.45, a correction row) -------
HUNTERS = {"Per Lindqvist": .14, "Anna Holmberg": .12, "Erik Nordin": .11, "Lars-Göran Öberg": .1, "Karin Sjöström": .09,
           "Johan Wikström": .08, "Maria Lundgren": .07, "Nils Burman": .07, "Sofia Hedlund": .06, "Olof Grahn": .05,
           "Ida Marklund": .04, "Tomas Strand": .04, "Gunnar Ekman": .03}
DRIVES = {"Myrbacken": .32, "Tallåsen": .27, "Storberget": .24, "Björkliden": .17}
DOGS = ["Tjalve", "Freja", "Bamse", "Ronja"]


def jakt() -> pd.DataFrame:
    return _jakt().copy()


@functools.lru_cache(maxsize=1)
def _jakt(seed: int = 1706) -> pd.DataFrame:
    """Lövåsens jaktlag's register of the 2024 elk hunt near Lycksele, as of 3 November 2024 (the season runs to 31
    January, so it is not over): one row per elk shot, numbered Ä-01, Ä-02 ... with the date (ISO), the time written
    the Swedish way (``07.45``), the shooter, the drive (såt), sex and age class, antler points (bulls only), the
    carcass weight in kg (missing until the animal is weighed at the slaughterhouse), the dog and the team's running
    count (``fällda_hittills``) against its quota of 9 adults and 8 calves; a last row corrects an earlier weight."""
    rng = np.random.default_rng(seed)
    days = ([pd.Timestamp("2024-09-02") + pd.Timedelta(days=d) for d in range(6)]
            + [d for d in pd.date_range("2024-09-09", "2024-11-03") if d.day_of_week >= 5])
    rows = []
    adults = calves = 0
    for day in days:
        first_week = day < pd.Timestamp("2024-09-08")
        minutes = sorted(int(rng.integers(7 * 60, 17 * 60)) for _ in range(int(rng.poisson(1.3 if first_week else 0.45))))
        for minute in minutes:  # in the order they were shot
            if adults >= 9 and calves >= 8:
                break
            calf = (rng.random() < 0.48 and calves < 8) or adults >= 9
            if calf:
                calves += 1
            else:
                adults += 1
            male = rng.random() < (0.5 if calf else 0.55)
            weight = (rng.normal(78, 10) if calf else rng.normal(225, 22) if male else rng.normal(178, 16))
            rows.append({"datum": f"{day:%Y-%m-%d}", "tid": f"{minute // 60:02d}.{minute % 60:02d}",
                         "skytt": str(rng.choice(list(HUNTERS), p=list(HUNTERS.values()))),
                         "såt": str(rng.choice(list(DRIVES), p=list(DRIVES.values()))),
                         "kön": "hane" if male else "hona", "ålder": "kalv" if calf else "vuxen",
                         "taggar": int(rng.choice([2, 4, 6, 8, 9, 10, 12, 14])) if male and not calf else np.nan,
                         "slaktvikt_kg": round(float(weight), 1), "hund": str(rng.choice(DOGS)),
                         "fällda_hittills": adults + calves, "anteckning": ""})
    frame = pd.DataFrame(rows)
    frame.insert(0, "nr", [f"Ä-{i + 1:02d}" for i in range(len(frame))])
    frame.loc[frame.index[-2:], "slaktvikt_kg"] = np.nan  # not weighed yet
    fix = frame[frame["ålder"] == "vuxen"].iloc[2].copy()
    fix["slaktvikt_kg"] = round(float(fix["slaktvikt_kg"]) + 6.5, 1)
    fix["anteckning"] = "rättelse: omvägd på slakteriet, ersätter första vägningen"
    return pd.concat([frame, fix.to_frame().T], ignore_index=True).astype(
        {"taggar": float, "slaktvikt_kg": float, "fällda_hittills": int})


# -- an upper-air station's radiosonde soundings for January 2024 (text blocks, seconds since launch) ---------------
@functools.lru_cache(maxsize=1)
def soundings(seed: int = 1707) -> str:
    """Twice-daily radiosonde ascents from Camborne (03808), January 2024, one block per ascent: a header with the
    launch time (UTC, some 50 to 75 minutes before the nominal 00Z or 12Z), then a level every 120 s since launch
    (pressure in hPa, height in m, temperature in °C, relative humidity in %, ``////`` when the sensor is too cold to
    report, wind direction and speed in knots), and a footer: the balloon burst, or the signal was lost. A cold spell
    from 16 to 20 January brings the freezing level down to the ground; the 00Z ascent of 14 January never flew."""
    rng = np.random.default_rng(seed)
    blocks = []
    for day in pd.date_range("2024-01-01", "2024-01-31"):
        for nominal in (0, 12):
            if day == pd.Timestamp("2024-01-14") and nominal == 0:
                blocks.append(f"#NO SOUNDING 03808 CAMBORNE NOMINAL {day:%Y-%m-%d}T00Z  reason: balloon burst during filling")
                continue
            cold = pd.Timestamp("2024-01-16") <= day <= pd.Timestamp("2024-01-20")
            launch = day + pd.Timedelta(hours=nominal) - pd.Timedelta(minutes=int(rng.integers(50, 76)), seconds=int(rng.integers(0, 60)))
            surface_t = float(rng.normal(1.5 if cold else 8.5, 1.2)) - (1.5 if nominal == 0 else 0)
            trop = float(rng.normal(9200 if cold else 11000, 500))
            trop_t = surface_t - 6.4 * trop / 1000
            jet = float(rng.normal(120 if not cold else 95, 20))
            rate = float(rng.normal(5.1, 0.3))
            burst = float(rng.normal(31500, 1500))
            lost = rng.random() < 0.04
            if lost:
                burst = float(rng.uniform(9000, 18000))
            lines = [f"#SOUNDING 03808 CAMBORNE  LAUNCH {launch:%Y-%m-%dT%H:%M:%S}Z  NOMINAL {nominal:02d}Z  "
                     f"SONDE RS41 S{int(rng.integers(3000000, 3999999))}",
                     f"#{'t_s':>5} {'pres_hPa':>8} {'hgt_m':>6} {'temp_C':>6} {'rh_pct':>6} {'wdir':>4} {'wspd_kt':>7}"]
            t, h = 0, 87.0
            while h < burst:
                temp = surface_t - 6.4 * (h - 87) / 1000 if h < trop else trop_t + 1.2 * (h - trop) / 1000
                temp += float(rng.normal(0, 0.3))
                pres = 1013.0 * np.exp(-h / 7400) + float(rng.normal(0, 0.3))
                rh = "////" if temp < -40 else f"{int(np.clip(rng.normal(80 - 35 * h / trop, 8), 2, 100)):>4}"
                wspd = jet * np.exp(-((h - trop + 500) / 3500) ** 2) + 12 + float(rng.normal(0, 4))
                wdir = round(float(rng.normal(255 if not cold else 330, 15))) % 360
                lines.append(f" {t:>5} {pres:>8.1f} {h:>6.0f} {temp:>6.1f} {rh:>6} {wdir:>4} {max(0, wspd):>7.0f}")
                t += 120
                h += rate * 120 * float(rng.uniform(0.93, 1.07))
            lines.append(f"#END {'SIGNAL LOST' if lost else 'BURST'} at {h:.0f} m after {t} s")
            blocks.append("\n".join(lines))
    return "\n".join(blocks) + "\n"


# -- an Amazon river-boat company's ticket export (a Brazilian semicolon CSV: R$ 1.234,56, dd/mm/aaaa, refunds) ----
ROUTES = {"Manaus → Itacoatiara": ({"rede": 60, "camarote": 220}, .17), "Manaus → Parintins": ({"rede": 180, "camarote": 650}, .27),
          "Manaus → Santarém": ({"rede": 250, "camarote": 900}, .24), "Manaus → Tefé": ({"rede": 200, "camarote": 750}, .14),
          "Manaus → Belém": ({"rede": 420, "camarote": 1600, "suíte": 2400}, .18)}
BOATS = {"Manaus → Itacoatiara": ["Lancha Ajato Gold"], "Manaus → Parintins": ["N/M Princesa do Xingu", "N/M Lady Luíza"],
         "Manaus → Santarém": ["N/M Lady Luíza", "N/M Dona Francisca"], "Manaus → Tefé": ["F/B Rei Davi"],
         "Manaus → Belém": ["N/M Dona Francisca", "N/M Princesa do Xingu"]}


def brl(x: float) -> str:
    """Brazilian money: ``R$ 1.234,56`` (``-R$ 180,00`` for a refund)."""
    return ("-" if x < 0 else "") + "R$ " + f"{abs(x):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


@functools.lru_cache(maxsize=1)
def boat_tickets(seed: int = 1708) -> str:
    """Expresso Rio Negro Navegação's ticket sales, exported on 20/03/2024 as a semicolon CSV with Brazilian numbers:
    one row per ticket sold from 2 January (the trip date up to three weeks later), the passenger's CPF masked, the
    accommodation (a hammock space, ``rede``; a cabin, ``camarote``; a suite on the Belém boats), the fare type
    (``inteira``, ``meia`` at half price for students, ``gratuidade`` free for passengers over 60), the amount as text
    (``R$ 1.600,00``) and the status; a refund is a second row with the same ticket number, status ``ESTORNO`` and a
    negative amount. Carnival (10 to 13 February) fills the boats to Parintins and Santarém; sales stop on 20 March."""
    rng = np.random.default_rng(seed)
    pool = [f"***.{rng.integers(100, 999)}.{rng.integers(100, 999)}-**" for _ in range(620)]
    weights = rng.pareto(1.5, len(pool)) + 0.3
    rows = []
    k = 0
    for sale in pd.date_range("2024-01-02", "2024-03-20"):
        carnival = pd.Timestamp("2024-01-29") <= sale <= pd.Timestamp("2024-02-09")
        for _ in range(int(rng.poisson(13 + (9 if carnival else 0)))):
            route = str(rng.choice(list(ROUTES), p=[v[1] for v in ROUTES.values()]))
            if carnival and rng.random() < 0.5:
                route = str(rng.choice(["Manaus → Parintins", "Manaus → Santarém"]))
            fares = ROUTES[route][0]
            room = str(rng.choice(list(fares), p=[.78, .22] if len(fares) == 2 else [.7, .22, .08]))
            kind = str(rng.choice(["inteira", "meia", "gratuidade"], p=[.8, .13, .07]))
            value = fares[room] * (1.0 if kind == "inteira" else 0.5 if kind == "meia" else 0.0)
            if kind == "gratuidade" and room != "rede":
                kind, value = "inteira", float(fares[room])
            trip = sale + pd.Timedelta(days=int(rng.integers(1, 22)))
            if carnival and route in ("Manaus → Parintins", "Manaus → Santarém"):
                trip = pd.Timestamp("2024-02-08") + pd.Timedelta(days=int(rng.integers(0, 2)))
            k += 1
            who = pool[int(rng.choice(len(pool), p=weights / weights.sum()))]
            row = [f"EXP-{k:05d}", sale, trip, str(rng.choice(BOATS[route])), route, room, kind, who, value, "EMITIDO"]
            rows.append(row)
            if value > 0 and rng.random() < 0.06:
                back = min(sale + pd.Timedelta(days=int(rng.integers(1, 10))), pd.Timestamp("2024-03-20"))
                rows.append([row[0], back, trip, row[3], route, room, kind, who, -value, "ESTORNO"])
    rows.sort(key=lambda r: (r[1], r[0]))
    out = ["bilhete;data_venda;data_viagem;embarcacao;trecho;acomodacao;tipo;passageiro_cpf;valor;situacao"]
    out += [f"{r[0]};{r[1]:%d/%m/%Y};{r[2]:%d/%m/%Y};{r[3]};{r[4]};{r[5]};{r[6]};{r[7]};{brl(r[8])};{r[9]}" for r in rows]
    return "\n".join(out) + "\n"


# -- number formats ------------------------------------------------------------------------------------------------
def it(x: float, decimals: int = 1) -> str:
    """Italian digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def sv(x: float, decimals: int = 1) -> str:
    """Swedish digits: a space for thousands and a decimal comma, ``1 234,5``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def tsh(x: float) -> str:
    """Tanzanian shillings as the cooperative writes them: ``TSh 1,234,500``."""
    return f"TSh {x:,.0f}"


def taka(x: float) -> str:
    """Taka grouped in lakhs and crores: ``৳12,34,567``."""
    whole = f"{abs(round(x)):d}"
    head, tail = whole[:-3], whole[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return ("-" if x < 0 else "") + "৳" + ",".join(groups + [tail])


def bn(text: object) -> str:
    """Bengali digits."""
    return str(text).translate(BN_DIGITS)


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
MWANI_LOOK = repl("print(mwani.shape)\nprint(mwani.head(8))\nprint(mwani.dtypes)\nprint(mwani.tarehe.iloc[[0, -1]].tolist())",
                  "Swahili column names; a look at the rows and the types first.")
MWANI_PARSE = (
    "import pandas as pd\n"
    "miezi = {'Januari': 1, 'Februari': 2, 'Machi': 3, 'Aprili': 4, 'Mei': 5, 'Juni': 6}\n"
    "sehemu = mwani.tarehe.str.split()\n"
    "mwani['siku'] = pd.to_datetime(pd.DataFrame({'year': sehemu.str[2].astype(int), 'month': sehemu.str[1].map(miezi),\n"
    "                                             'day': sehemu.str[0].astype(int)}))\n"
    "mwani['mwezi'] = mwani.siku.dt.month\n"
    "print(mwani.siku.min(), mwani.siku.max())\nprint(mwani.groupby(['mwezi', 'aina']).kilo_kavu.sum().unstack().round(1))")
PARSE_MWANI = repl(MWANI_PARSE, "The dates are Swahili text ('5 Machi 2024'); mapping the month names to numbers.")

RAIL_LOOK = repl("lines = log_tren.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:9]))\n"
                 "print([l for l in lines if 'NODYN' in l or 'CANSLWYD' in l][:3])\nprint(telerau[:400])",
                 "A running log in Welsh and the fares page; a first look at both.")
RAIL_PARSE = (
    "import re\nimport pandas as pd\n"
    "misoedd = {'Mawrth': 3, 'Ebrill': 4, 'Mai': 5, 'Mehefin': 6}  # note: 'Maw' at the start of a line is Tuesday\n"
    "rx = re.compile(r'^\\w+ (\\d+) (\\w+) (\\d{4}) ([\\d:]{8}) (GADAEL|CYRRAEDD) trên=(\\d) injan=(\\w+) gorsaf=\"([^\"]+)\" '\n"
    "                r'amserlen=(\\d{2}:\\d{2})(?: oedolion=(\\d+) plant=(\\d+))?$')\n"
    "rows = []\n"
    "for l in lines:\n"
    "    m = rx.match(l)\n"
    "    if m:\n"
    "        d, mis, bl, amser, dig, tren, injan, gorsaf, amserlen, oed, pl = m.groups()\n"
    "        dydd = pd.Timestamp(int(bl), misoedd[mis], int(d))\n"
    "        rows.append({'dydd': dydd, 'amser': dydd + pd.Timedelta(amser), 'digwyddiad': dig, 'tren': int(tren),\n"
    "                     'injan': injan, 'gorsaf': gorsaf, 'amserlen': dydd + pd.Timedelta(amserlen + ':00'),\n"
    "                     'oedolion': None if oed is None else int(oed), 'plant': None if pl is None else int(pl)})\n"
    "ev = pd.DataFrame(rows)\n"
    "ev['oedi'] = (ev.amser - ev.amserlen).dt.total_seconds() / 60  # minutes late\n"
    "up = ev[(ev.digwyddiad == 'GADAEL') & (ev.gorsaf == 'Porth Dyfnant')]\n"
    "back = ev[(ev.digwyddiad == 'CYRRAEDD') & (ev.gorsaf == 'Porth Dyfnant')]\n"
    "trenau = up[['dydd', 'tren', 'injan', 'amser', 'amserlen', 'oedolion', 'plant']].merge(\n"
    "    back[['dydd', 'tren', 'oedi']].rename(columns={'oedi': 'oedi_yn_ol'}), on=['dydd', 'tren'])\n"
    "trenau['teithwyr'] = trenau.oedolion + trenau.plant\n"
    "print(len(ev), len(trenau))\nprint(trenau.head())")
PARSE_RAIL = repl(RAIL_PARSE, "Welsh dates ('Sad 30 Mawrth 2024'); one row per event, then one per train from its up departure and return.")

JUTE_LOOK = repl("for name, t in pat.items():\n    print(name, t.shape)\n    print(t.head().to_string())",
                 "A dict of three tables with Bengali names; a look at each.")
JUTE_PARSE = (
    "import pandas as pd\n"
    "k = pat['ক্রয়'].merge(pat['কৃষক'], on='কৃষক_আইডি', how='left').merge(pat['গ্রেড'], on='গ্রেড', how='left')\n"
    "bn = str.maketrans('০১২৩৪৫৬৭৮৯', '0123456789')\n"
    "k['দিন'] = pd.to_datetime(k['তারিখ'].str.translate(bn), format='%d/%m/%Y')  # Bengali digits, day first\n"
    "k['কেজি'] = k['ওজন_মণ'] * 37.3242  # 1 maund = 37.3242 kg\n"
    "print(k.shape)\nprint(k.head().to_string())")
PARSE_JUTE = repl(JUTE_PARSE, "Joining the purchases to farmers and grades; the dates use Bengali digits, weights are in maunds.")

DAIRY_LOOK = repl("print(len(caseificio))\nprint(caseificio[:900])", "One JSON document; the head first.")
DAIRY_PARSE = (
    "import json\nimport pandas as pd\n"
    "doc = json.loads(caseificio)\n"
    "righe = []\n"
    "for lotto in doc['lotti']:\n"
    "    for f in lotto['forme']:\n"
    "        esp = f['espertizzazione'] or {}\n"
    "        pes = {p['mesi']: p['kg'] for p in f['pesate']}\n"
    "        righe.append({'lotto': lotto['lotto'], 'prodotto': lotto['data_produzione'], 'matricola': f['matricola'],\n"
    "                      'kg_1m': f['peso_1_mese_kg'], 'kg_12m': pes.get(12), 'kg_18m': pes.get(18), 'kg_24m': pes.get(24),\n"
    "                      'esito': esp.get('esito'), 'difetti': ', '.join(esp.get('difetti', [])), 'data_esp': esp.get('data')})\n"
    "forme = pd.DataFrame(righe)\n"
    "forme['prodotto'] = pd.to_datetime(forme.prodotto, format='%d/%m/%Y')  # day first\n"
    "lotti = pd.DataFrame([{'lotto': l['lotto'], 'prodotto': pd.to_datetime(l['data_produzione'], format='%d/%m/%Y'),\n"
    "                       'latte_kg': l['latte_kg'], 'forme': len(l['forme'])} for l in doc['lotti']])\n"
    "print(doc['caseificio'], doc['aggiornato_al'], len(lotti), len(forme))\nprint(forme.esito.value_counts(dropna=False))")
PARSE_DAIRY = repl(DAIRY_PARSE, "Flattening lots and wheels into a table; dates are dd/mm/yyyy, ungraded wheels have no espertizzazione.")

SKI_LOOK = repl("print(len(risultati))\nprint(risultati[:2200])", "Fixed-width FIS results; the header and the first rows.")
SKI_PARSE = (
    "import pandas as pd\n"
    "rows, comp, part, who = [], None, None, None\n"
    "for l in risultati.splitlines():\n"
    "    if l.startswith('Individual Competition'):\n"
    "        comp, part = ('Sat' if 'Saturday' in l else 'Sun'), 'ranked'\n"
    "    elif l.startswith('Not qualified'):\n"
    "        part = 'out'\n"
    "    elif l.startswith(('Disqualified', 'Did not start', '=')):\n"
    "        part = None\n"
    "    elif part and len(l) > 60 and l[36:].split()[0].replace('.', '').isdigit():\n"
    "        v = [float(x) for x in l[36:].split()]  # 13 numbers in a first-round row, 15 in a final-round row\n"
    "        if l[:36].strip():\n"
    "            who = {'rank': int(l[:4]) if l[:4].strip() else None, 'bib': int(l[5:8]), 'name': l[9:31].strip(), 'nat': l[32:35]}\n"
    "        rnd = 2 if len(v) == 15 else 1\n"
    "        gate_p = v[10] if rnd == 2 else 0.0\n"
    "        w = v[11:] if rnd == 2 else v[10:]\n"
    "        rows.append({'comp': comp, **who, 'round': rnd, 'speed': v[0], 'dist': v[1], 'dist_p': v[2], 'judges': v[3:8],\n"
    "                     'judge_p': v[8], 'gate': int(v[9]), 'gate_p': gate_p, 'wind': w[0], 'wind_p': w[1], 'points': w[2],\n"
    "                     'total': v[14] if rnd == 2 else None})\n"
    "jumps = pd.DataFrame(rows)\n"
    "print(jumps.shape)\nprint(jumps.groupby(['comp', 'round']).size())")
PARSE_SKI = repl(SKI_PARSE, "A final-round row sits under its jumper's first-round row with no name; parsing by column position.")

ELK_LOOK = repl("print(jakt.shape)\nprint(jakt.to_string())", "Swedish column names; the register is short, so all of it.")
ELK_PARSE = (
    "import pandas as pd\n"
    "# the last row is a correction (rättelse) of an earlier animal: keep the latest row per number\n"
    "algar = jakt.drop_duplicates('nr', keep='last').sort_values('nr').reset_index(drop=True)\n"
    "algar['när'] = pd.to_datetime(algar.datum + ' ' + algar.tid.str.replace('.', ':', regex=False))\n"
    "print(len(jakt), len(algar))\nprint(algar[['nr', 'när', 'kön', 'ålder', 'slaktvikt_kg']].to_string())")
PARSE_ELK = repl(ELK_PARSE, "Times are written 07.45; the rättelse row replaces an earlier weighing.")

SONDE_LOOK = repl("rader = sonder.splitlines()\nprint(len(rader))\nprint('\\n'.join(rader[:8]))\n"
                  "print([r for r in rader if r.startswith('#') and not r.startswith('#  t_s')][:6])",
                  "Radiosonde ascents as text blocks; the first block and the header lines.")
SONDE_PARSE = (
    "import re\nimport pandas as pd\n"
    "levels, flights, cur = [], [], None\n"
    "for l in sonder.splitlines():\n"
    "    if l.startswith('#SOUNDING'):\n"
    "        m = re.search(r'LAUNCH (\\S+)Z\\s+NOMINAL (\\d{2})Z', l)\n"
    "        launch = pd.Timestamp(m.group(1))\n"
    "        cur = {'launch': launch, 'nominal': (launch + pd.Timedelta(hours=2)).floor('12h')}  # launched ~1 h before\n"
    "        flights.append(cur)\n"
    "    elif l.startswith('#END'):\n"
    "        m = re.search(r'#END (BURST|SIGNAL LOST) at (\\d+) m after (\\d+) s', l)\n"
    "        cur.update(end=m.group(1), top_m=int(m.group(2)), secs=int(m.group(3)))\n"
    "    elif l.startswith('#NO SOUNDING'):\n"
    "        flights.append({'launch': pd.NaT, 'nominal': pd.Timestamp(re.search(r'NOMINAL (\\S+)Z', l).group(1)), 'end': 'NONE'})\n"
    "    elif l.strip() and not l.startswith('#'):\n"
    "        t, p, h, temp, rh, wd, ws = l.split()\n"
    "        levels.append({'nominal': cur['nominal'], 't_s': int(t), 'pres': float(p), 'hgt': float(h), 'temp': float(temp),\n"
    "                       'rh': None if rh == '////' else float(rh), 'wdir': int(wd), 'wspd': int(ws)})\n"
    "asc = pd.DataFrame(flights)\nlev = pd.DataFrame(levels)\n"
    "print(len(asc), len(lev))\nprint(asc.end.value_counts())")
PARSE_SONDE = repl(SONDE_PARSE, "A block per ascent; times are seconds since launch, and the launch comes about an hour before the nominal hour.")

BOAT_LOOK = repl("print(passagens[:700])\nprint(passagens.count('\\n'))", "A Brazilian CSV export; the header and the first rows.")
BOAT_PARSE = (
    "import io\nimport pandas as pd\n"
    "bil = pd.read_csv(io.StringIO(passagens), sep=';', dtype=str)\n"
    "bil['valor'] = (bil.valor.str.replace('R$ ', '', regex=False).str.replace('.', '', regex=False)\n"
    "                .str.replace(',', '.', regex=False).astype(float))  # R$ 1.600,00 -> 1600.0; refunds are negative\n"
    "for c in ['data_venda', 'data_viagem']:\n"
    "    bil[c] = pd.to_datetime(bil[c], format='%d/%m/%Y')\n"
    "estornados = set(bil.loc[bil.situacao == 'ESTORNO', 'bilhete'])\n"
    "validos = bil[(bil.situacao == 'EMITIDO') & ~bil.bilhete.isin(estornados)]  # tickets that still stand\n"
    "print(bil.shape, len(estornados), len(validos))\nprint(bil.situacao.value_counts())")
PARSE_BOAT = repl(BOAT_PARSE, "Brazilian numbers (R$ 1.600,00) and dd/mm/aaaa dates; a refund is a second, negative row.")


def with_mwani(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A seaweed case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"mwani": mwani()}
    return ctx, compute({"mwani": mwani()}, MWANI_PARSE + "\n" + code)


def with_rail(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"log_tren": rail_log(), "telerau": RAIL_TERMS}
    return ctx, compute({**ctx, "lines": rail_log().splitlines()}, RAIL_PARSE + "\n" + code)


def with_jute(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"pat": jute()}
    return ctx, compute({"pat": jute()}, JUTE_PARSE + "\n" + code)


def with_dairy(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"caseificio": dairy_json()}
    return ctx, compute(ctx, DAIRY_PARSE + "\n" + code)


def with_ski(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"risultati": jumping_results()}
    return ctx, compute(ctx, SKI_PARSE + "\n" + code)


def with_elk(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"jakt": jakt()}
    return ctx, compute({"jakt": jakt()}, ELK_PARSE + "\n" + code)


def with_sonde(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"sonder": soundings()}
    return ctx, compute(ctx, SONDE_PARSE + "\n" + code)


def with_boat(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"passagens": boat_tickets()}
    return ctx, compute(ctx, BOAT_PARSE + "\n" + code)


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
NOTES_PROMPT = "Summarise these guard's notes from a railway log: what held the trains up, how often, and how many minutes it cost.\n\n"
DEFECTS_PROMPT = "Count the defects named in these graded cheese wheels, per defect, and say which is the most common.\n\n"
CAUSES = {"Defaid": "sheep on the line", "Coeden": "a fallen tree", "Nam ar yr injan": "locomotive faults",
          "Tân": "lineside fires", "Car wedi aros": "a car stuck on the level crossing"}


def sub_model() -> RuleBasedSubModel:
    def notes(_: re.Match[str], request: ChatRequest) -> str:
        found = re.findall(r'NODYN trên=\d "([^";]+); (\d+) munud o oedi\."', request.last_user)
        groups: dict[str, list[int]] = {}
        for text, minutes in found:
            cause = next(v for k, v in CAUSES.items() if text.startswith(k))
            groups.setdefault(cause, []).append(int(minutes))
        ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        return (f"{len(found)} delays are noted, {sum(int(m) for _, m in found)} minutes in all. "
                + "; ".join(f"{cause}: {len(ms)} time{'s' if len(ms) != 1 else ''}, {sum(ms)} minutes" for cause, ms in ranked) + ".")

    def defects(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        rows = [line for line in text.splitlines() if "|" in line]
        if rows:  # one wheel a line: "number | grade | defects"
            counts = Counter(d.strip() for line in rows for d in line.split("|")[-1].split(",") if d.strip())
            wheels = len(rows)
        else:  # raw JSON: count the downgraded wheels and the defects named
            counts = Counter(re.findall("|".join(DEFECTS), text))
            wheels = len(re.findall(r'"esito": "(?:Mezzano|Scarto)"', text))
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{wheels} wheels, {sum(counts.values())} defects named. The most common is {ranked[0][0]} ({ranked[0][1]}), then "
                + ", ".join(f"{d} ({k})" for d, k in ranked[1:]) + ".")

    return RuleBasedSubModel([(r"\ASummarise these guard's notes", notes), (r"\ACount the defects named", defects)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# -- steps several cases share --------------------------------------------------------------------------------------
BN_MONTHS = {7: "জুলাই", 8: "আগস্ট", 9: "সেপ্টেম্বর", 10: "অক্টোবর"}
MONTHLY_PRICE = ("mas = k.groupby(k['দিন'].dt.month)[['ওজন_মণ', 'মোট_টাকা']].sum()\n"
                 "mas['দর'] = (mas['মোট_টাকা'] / mas['ওজন_মণ']).round(1)\nprint(mas)")
SUN_R1 = "dum = jumps[(jumps.comp == 'Sun') & (jumps['round'] == 1)]\nprint(dum.dist.describe().round(1))"
SUN_FINAL = ("dum2 = jumps[(jumps.comp == 'Sun') & (jumps['round'] == 2)].sort_values('total', ascending=False)\n"
             "print(dum2[['rank', 'name', 'nat', 'total']].head(5))")
ROUTE_NET = "por_trecho = bil.groupby('trecho').valor.sum().sort_values(ascending=False)\nprint(por_trecho)\nprint(bil.valor.sum())"


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the seaweed cooperative ----------------------------------------------------------------------------------------
@case("q17_spinosum_sale_describe_sw", "describe() statistic", "legit",
      "Mkulima huuza kilo ngapi za spinosum kavu kwa mauzo moja, kwa kawaida?")
def _spinosum_describe() -> Script:
    code = "spi = mwani[mwani.aina == 'spinosum']\nprint(spi.kilo_kavu.describe().round(1))"
    ctx, ns = with_mwani(code)
    d = ns["spi"].kilo_kavu.describe().round(1)
    final = (f"FINAL(Kwa kawaida karibu kilo {d['50%']:.0f} kwa mauzo moja (wastani wa kati ni kilo {d['50%']}). Katika mauzo "
             f"{d['count']:.0f} ya spinosum, wastani ni kilo {d['mean']}; nusu ya mauzo yako kati ya kilo {d['25%']} na "
             f"{d['75%']}, na mauzo makubwa zaidi yalikuwa kilo {d['max']}.)")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final],
                  [repl("print(spi.kilo_kavu.median(), round(spi.kilo_kavu.mean(), 1), spi.kilo_kavu.quantile([.25, .75]).round(1).tolist())"), final])


@case("q17_top5_seaweed_farmers", "top-N list by code", "legit", "Who are our five biggest seaweed sellers this year?")
def _top5_farmers() -> Script:
    code = "top5 = mwani.groupby(['mkulima', 'kijiji']).kilo_kavu.sum().nlargest(5).round(1)\nprint(top5)"
    ctx, ns = with_mwani(code)
    t = ns["top5"]
    final = ("FINAL(By dried weight sold, 2 January to 14 June 2024:\n"
             + "\n".join(f"{i}. {name} ({village}): {kg:,.1f} kg" for i, ((name, village), kg) in enumerate(t.items(), 1))
             + ")")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final], [repl("print(top5.reset_index().to_string())"), final])


@case("q17_payout_milioni_sw", "locale number abbreviation", "legit", "Ushirika umewalipa wakulima kiasi gani mwaka huu hadi sasa?")
def _payout_milioni() -> Script:
    code = "jumla = mwani.jumla_tsh.sum()\nprint(jumla)\nprint(mwani.groupby('mwezi').jumla_tsh.sum())"
    ctx, ns = with_mwani(code)
    total = ns["jumla"]
    final = (f"FINAL(Takriban shilingi milioni {total / 1e6:.1f} (TSh {total:,}) zimelipwa kwa wakulima tangu 2 Januari hadi "
             "14 Juni 2024. Kumbuka kwamba Juni ni nusu mwezi tu katika data hii.)")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final], [repl("print(round(jumla / 1e6, 1), 'milioni')"), final])


@case("q17_cottonii_dieoff_pattern", "qualitative over a full small table", "legit",
      "Was there anything unusual about cottonii deliveries in the first half of the year?")
def _cottonii_pattern() -> Script:
    code = ("cot = mwani[mwani.aina == 'cottonii'].pivot_table(index='kijiji', columns='mwezi', values='kilo_kavu', aggfunc='sum').round(1)\n"
            "print(cot)")
    ctx, ns = with_mwani(code)
    c = ns["cot"]
    for v in ("Paje", "Jambiani"):
        assert c.loc[v, 2] < 0.6 * c.loc[v, 1] and c.loc[v, 4] > c.loc[v, 2]
    for v in ("Kiwengwa", "Bwejuu"):
        assert c.loc[v, 2] > 0.85 * c.loc[v, 1]
    final = (f"FINAL(Yes: cottonii collapsed in Paje and Jambiani in February. Paje went from {c.loc['Paje', 1]:,.1f} kg in January "
             f"to {c.loc['Paje', 2]:,.1f} kg, Jambiani from {c.loc['Jambiani', 1]:,.1f} kg to just {c.loc['Jambiani', 2]:,.1f} kg, and "
             "both stayed low through March before recovering in April and May. Bwejuu and Kiwengwa held steady over the same "
             "weeks, so it looks like a local die-off on the southern farms rather than fewer farmers selling. (June only runs to "
             "the 14th, so its lower figures are not a second drop.))")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final],
                  [repl("print(cot.loc[['Paje', 'Jambiani', 'Bwejuu', 'Kiwengwa'], [1, 2, 3, 4]])"), final])


@case("q17_moisture_range_sw", "range from min to max", "legit", "Unyevu wa mwani uliopimwa ulikuwa kati ya asilimia ngapi?")
def _moisture_range() -> Script:
    code = "u = mwani.unyevu_asilimia\nprint(u.min(), u.max(), u.notna().sum(), len(mwani))"
    ctx, ns = with_mwani(code)
    u = ns["u"]
    final = (f"FINAL(Kati ya asilimia {u.min()} na {u.max()}. Unyevu ulipimwa kwenye mauzo {u.notna().sum()} tu kati ya "
             f"{len(ns['mwani'])}; mengine hayana kipimo.)")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final], [repl("print(mwani.unyevu_asilimia.agg(['min', 'max']))"), final])


@case("q17_top_village_sorted", "top row of a sorted table named the maximum", "legit", "Which village brings in the most seaweed?")
def _top_village_sorted() -> Script:
    code = ("vijiji = mwani.groupby('kijiji').agg(kilo=('kilo_kavu', 'sum'), wakulima=('mkulima', 'nunique')).round(1)\n"
            "print(vijiji.sort_values('kilo', ascending=False))")
    ctx, ns = with_mwani(code)
    v = ns["vijiji"].sort_values("kilo", ascending=False)
    final = (f"FINAL(Paje, by a long way: {v.kilo.iloc[0]:,.1f} kg of dried seaweed from {v.wakulima.iloc[0]} farmers, against "
             f"{v.kilo.iloc[1]:,.1f} kg from {v.index[1]}, the next village.)")
    assert v.index[0] == "Paje"
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final], [repl("print(vijiji.kilo.idxmax(), vijiji.kilo.max())"), final])


@case("q17_three_villages_in_head", "in-head arithmetic beyond two operands", "legit",
      "How much seaweed did Bwejuu, Michamvi and Kiwengwa deliver between them?")
def _three_villages() -> Script:
    code = "kilo = mwani.groupby('kijiji').kilo_kavu.sum().round(1)\nprint(kilo)"
    ctx, ns = with_mwani(code)
    k = ns["kilo"]
    total = k["Bwejuu"] + k["Michamvi"] + k["Kiwengwa"]
    final = (f"FINAL({total:,.1f} kg together: {k['Bwejuu']:,.1f} kg from Bwejuu + {k['Michamvi']:,.1f} kg from Michamvi + "
             f"{k['Kiwengwa']:,.1f} kg from Kiwengwa, about {total / k.sum():.0%} of everything the cooperative bought.)")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final],
                  [repl("print(round(kilo[['Bwejuu', 'Michamvi', 'Kiwengwa']].sum(), 1), round(kilo[['Bwejuu', 'Michamvi', 'Kiwengwa']].sum() / kilo.sum(), 2))"), final])


@case("q17_april_may_takings_sw", "period-over-period change", "legit", "Malipo kwa wakulima yalibadilikaje kutoka Aprili hadi Mei?")
def _april_may() -> Script:
    code = ("kwa_mwezi = mwani.groupby('mwezi').jumla_tsh.sum()\nprint(kwa_mwezi)\n"
            "print(kwa_mwezi[5] - kwa_mwezi[4], round((kwa_mwezi[5] / kwa_mwezi[4] - 1) * 100, 1))")
    ctx, ns = with_mwani(code)
    m = ns["kwa_mwezi"]
    apr, mei = m[4], m[5]
    final = (f"FINAL(Yaliongezeka kwa {tsh(mei - apr)}, yaani {(mei / apr - 1) * 100:.1f}%: kutoka {tsh(apr)} mwezi Aprili hadi "
             f"{tsh(mei)} mwezi Mei.)")
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), final],
                  [repl("print(f'TSh {kwa_mwezi[5] - kwa_mwezi[4]:,}', round((kwa_mwezi[5] / kwa_mwezi[4] - 1) * 100, 1))"), final])


# -- the heritage railway -------------------------------------------------------------------------------------------
@case("q17_rail_month_table", "markdown table in text", "legit", "Can you give me a table of passengers by month?")
def _rail_month_table() -> Script:
    code = ("per_month = trenau.groupby(trenau.dydd.dt.month).agg(trains=('tren', 'size'), adults=('oedolion', 'sum'),\n"
            "                                                   children=('plant', 'sum'), passengers=('teithwyr', 'sum'))\n"
            "per_month['per_train'] = (per_month.passengers / per_month.trains).round(1)\nprint(per_month)\nprint(per_month.sum())")
    ctx, ns = with_rail(code)
    p = ns["per_month"]
    names = {3: "March (29–31 only)", 4: "April", 5: "May", 6: "June"}
    rows = "\n".join(f"| {names[k]} | {r.trains} | {r.adults:,.0f} | {r.children:,.0f} | {r.passengers:,.0f} | {r.per_train} |"
                     for k, r in p.iterrows())
    final = ("FINAL(Passengers booked on the up trains from Porth Dyfnant, 2024:\n\n"
             "| Month | Trains | Adults | Children | Passengers | Per train |\n|---|---:|---:|---:|---:|---:|\n" + rows
             + f"\n| **Total** | **{p.trains.sum()}** | **{p.adults.sum():,.0f}** | **{p.children.sum():,.0f}** | "
             f"**{p.passengers.sum():,.0f}** | |\n\nCancelled trains are not counted.)")
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final], [repl("print(per_month.to_string())\nprint(per_month.sum())"), final])


@case("q17_rail_weekend_vs_weekday_cy", "two groups compared", "legit",
      "Pa mor brysur yw'r trên ar y penwythnos o'i gymharu â chanol yr wythnos?")
def _weekend_vs_weekday() -> Script:
    code = ("trenau['penwythnos'] = trenau.dydd.dt.day_of_week >= 5\n"
            "cymh = trenau.groupby('penwythnos').teithwyr.agg(['mean', 'size']).round(1)\nprint(cymh)\n"
            "print(round(cymh.loc[True, 'mean'] / cymh.loc[False, 'mean'], 1))")
    ctx, ns = with_rail(code)
    c = ns["cymh"]
    we, wd = c.loc[True, "mean"], c.loc[False, "mean"]
    assert 1.7 < we / wd < 1.9
    final = (f"FINAL(Bron ddwywaith mor brysur: ar gyfartaledd {we} o deithwyr ar bob trên ar ddydd Sadwrn a dydd Sul, o'i "
             f"gymharu â {wd} ar ddiwrnodau'r wythnos ({int(c.loc[True, 'size'])} o drenau penwythnos a {int(c.loc[False, 'size'])} "
             f"o drenau yn ystod yr wythnos). Mae hynny tua {we / wd:.1f} gwaith cymaint.)")
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final], [repl("print(cymh['mean'].tolist(), round(cymh.loc[True, 'mean'] / cymh.loc[False, 'mean'], 1))"), final])


@case("q17_rail_mayday_cancellation_line", "quoted log line or ID", "legit",
      "Show me the log entry for the train that was cancelled on the May Day bank holiday.")
def _mayday_line() -> Script:
    code = "canslwyd = [l for l in lines if ' CANSLWYD ' in l]\nprint(len(canslwyd))\nprint('\\n'.join(canslwyd))"
    ctx, ns = with_rail(code)
    c = ns["canslwyd"]
    line = next(x for x in c if x.startswith("Llun 6 Mai 2024"))
    assert all("nam ar yr injan" in x for x in c)
    final = (f"FINAL(Here it is:\n\n```\n{line}\n```\n\nThat is Monday 6 May 2024: the second train of the day (the 12:15) was "
             f"cancelled because of a fault on the engine (*nam ar yr injan*). It is one of {len(c)} cancellations this season, "
             "all of them for engine faults.)")
    return Script(ctx, [RAIL_LOOK, repl(code), final], [repl("print([l for l in lines if l.startswith('Llun 6 Mai') and 'CANSLWYD' in l])"), final])


@case("q17_rail_worst_delay_date", "date from a log timestamp", "legit", "When was the worst delay of the season?")
def _worst_delay() -> Script:
    code = ("waethaf = trenau.loc[trenau.oedi_yn_ol.idxmax()]\nprint(waethaf)\n"
            "print(ev[(ev.dydd == waethaf.dydd) & (ev.tren == waethaf.tren)][['amser', 'digwyddiad', 'gorsaf', 'amserlen', 'oedi']])\n"
            "print([l for l in lines if ' NODYN ' in l and l.startswith('Iau 23 Mai')])")
    ctx, ns = with_rail(code)
    w, ev = ns["waethaf"], ns["ev"]
    back = ev[(ev.dydd == w.dydd) & (ev.tren == w.tren) & (ev.digwyddiad == "CYRRAEDD") & (ev.gorsaf == "Porth Dyfnant")].iloc[0]
    assert w.dydd == pd.Timestamp("2024-05-23") and w.tren == 1
    final = (f"FINAL(On Thursday 23 May 2024 (*Iau 23 Mai* in the log). The {w.amserlen:%H:%M} up train, hauled by {w.injan}, "
             f"was due back at Porth Dyfnant at {back.amserlen:%H:%M} and arrived at {back.amser:%H:%M:%S}, {w.oedi_yn_ol:.0f} minutes "
             "late. The guard's note blames low steam pressure on the engine.)")
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final], [repl("print(waethaf.dydd.date(), round(waethaf.oedi_yn_ol), waethaf.injan)"), final])


@case("q17_rail_busiest_weekday_cy", "week, weekday or time of day", "legit", "Pa ddiwrnod o'r wythnos mae'r trenau llawnaf?")
def _busiest_weekday() -> Script:
    code = ("dyddiau = trenau.groupby(trenau.dydd.dt.day_name()).teithwyr.agg(['sum', 'mean', 'size']).round(1)\n"
            "print(dyddiau.sort_values('mean', ascending=False))")
    ctx, ns = with_rail(code)
    d = ns["dyddiau"].sort_values("mean", ascending=False)
    assert list(d.index[:2]) == ["Sunday", "Saturday"] and d.loc["Saturday", "sum"] > d.loc["Sunday", "sum"]
    final = (f"FINAL(Dydd Sul: {d.loc['Sunday', 'mean']} o deithwyr y trên ar gyfartaledd, ychydig o flaen dydd Sadwrn "
             f"({d.loc['Saturday', 'mean']}). Ond aeth mwy o bobl i gyd ar ddydd Sadwrn ({d.loc['Saturday', 'sum']:,.0f} o'i gymharu "
             f"â {d.loc['Sunday', 'sum']:,.0f}), gan fod mwy o ddyddiau Sadwrn yn y tymor. Dydd Iau yw'r tawelaf "
             f"({d.loc['Thursday', 'mean']}).)")
    assert d.index[-1] == "Thursday"
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final], [repl("print(dyddiau['mean'].idxmax(), dyddiau['sum'].idxmax())"), final])


@case("q17_rail_fare_takings_joined", "joined tables", "legit", "Roughly how much fare money did the booked passengers bring in?")
def _fare_takings() -> Script:
    code = ("import re\npris = {m.group(1): float(m.group(2)) for m in re.finditer(r'\\| ([^|/]+?) / [^|]+\\| £([\\d.]+) \\|', telerau)}\n"
            "print(pris)\n"
            "oed, pl = trenau.oedolion.sum(), trenau.plant.sum()\n"
            "incwm = oed * pris['Oedolyn'] + pl * pris['Plentyn 5–15']\nprint(oed, pl, incwm)")
    ctx, ns = with_rail(code)
    oed, pl, inc = ns["oed"], ns["pl"], ns["incwm"]
    assert ns["pris"]["Oedolyn"] == 18.5 and ns["pris"]["Plentyn 5–15"] == 9.0
    final = (f"FINAL(At most about £{inc:,.0f}: {oed:,.0f} adults × £18.50 + {pl:,.0f} children × £9.00, if everyone paid the full "
             "return fare from the fares page. The log does not say who travelled on a senior, family or rover ticket, so the "
             "real takings are somewhat lower.)")
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final], [repl("print(f'£{incwm:,.0f}')"), final])


@case("q17_rail_guard_notes_subcall", "sub-call summary", "legit", "What held the trains up this season?")
def _guard_notes() -> Script:
    ctx = {"log_tren": rail_log(), "telerau": RAIL_TERMS}
    code = (f"nodiadau = '\\n'.join(l for l in log_tren.splitlines() if ' NODYN ' in l)\nsaid = llm_query({NOTES_PROMPT!r} + nodiadau)\n"
            "print(said)")
    said = sub_says(NOTES_PROMPT + "\n".join(line for line in rail_log().splitlines() if " NODYN " in line))
    found = re.match(r"(\d+) delays are noted, (\d+) minutes in all\. locomotive faults: (\d+) times, (\d+) minutes; sheep on the "
                     r"line: (\d+) times, (\d+) minutes; a fallen tree: (\d+) times, (\d+) minutes; lineside fires: (\d+) times, "
                     r"(\d+) minutes; a car stuck on the level crossing: 1 time, (\d+) minutes", said)
    assert found, said
    n, total, loco, loco_m, sheep, sheep_m, tree, tree_m, fire, fire_m, car_m = found.groups()
    assert loco == sheep
    final = (f"FINAL(The guard noted {n} delays, {total} minutes in all. Engine trouble (low steam pressure) and sheep on the line "
             f"came up {loco} times each, the engine faults costing more ({loco_m} minutes against {sheep_m}). Then a fallen tree "
             f"({tree} times, {tree_m} minutes), small lineside fires ({fire} times, {fire_m} minutes) and once a car stuck on the "
             f"level crossing ({car_m} minutes). On top of that, engine faults cancelled six trains outright.)")
    assert rail_log().count(" CANSLWYD ") == 6
    return Script(ctx, [RAIL_LOOK, repl(code, "The notes are in Welsh; a sub-model can read and group them."), final],
                  [repl("print(said)"), final], sub_model())


@case("q17_rail_dog_and_bike", "markdown document fact", "legit", "Can I bring my bike and my dog on the train?")
def _dog_and_bike() -> Script:
    ctx, _ = with_rail("")
    code = "print(telerau.split('## Cŵn a beiciau / Dogs and bicycles')[1])\nprint([l for l in telerau.splitlines() if 'Ci /' in l])"
    final = ("FINAL(The dog yes, the bike no. Dogs on a lead are welcome (a dog ticket is £2.00 return), but not in the "
             "first-class carriage; the railway cannot carry bicycles at all.)")
    assert "Ni allwn gario beiciau" in RAIL_TERMS and "| Ci / Dog | £2.00 |" in RAIL_TERMS
    fix = repl("import re\nprint(re.findall(r'Dogs on a lead[^.]*\\.|We cannot carry bicycles\\.', telerau))")
    return Script(ctx, [RAIL_LOOK, repl(code), final], [fix, final])


@case("q17_rail_late_refund", "markdown document fact", "legit",
      "Our train got back 35 minutes late. We had two adult tickets — what refund are we owed?")
def _late_refund() -> Script:
    ctx, _ = with_rail("")
    code = "print(telerau.split('## Oedi ac ad-daliadau / Delays and refunds')[1].split('##')[0])\nprint([l for l in telerau.splitlines() if 'Oedolyn' in l])"
    final = ("FINAL(£18.50. The conditions give back 50% of the fare when the train arrives back more than 30 minutes late, and "
             "35 minutes qualifies: two adult returns cost 2 × £18.50 = £37.00, half of which is £18.50.)")
    assert "50% of the fare back" in RAIL_TERMS
    return Script(ctx, [RAIL_LOOK, repl(code), final], [repl("print(2 * 18.50 * 0.5)"), final])


@case("q17_rail_family_fare_in_head", "in-head arithmetic beyond two operands", "legit",
      "Two of us, our children aged 3, 8 and 11, and the dog: what is the cheapest way to pay, and how much?")
def _family_fare() -> Script:
    ctx, _ = with_rail("")
    code = "for l in telerau.splitlines():\n    if l.startswith('| ') and ('£' in l or 'Am ddim' in l):\n        print(l)"
    final = ("FINAL(£48.00: one family ticket (2 adults + 2 children, £46.00) for the two of you and the 8- and 11-year-olds, "
             "nothing for the 3-year-old (under-5s travel free) and £2.00 for the dog. Separate tickets would come to "
             "2 × £18.50 + 2 × £9.00 + £2.00 = £57.00, so the family ticket saves £9.00.)")
    assert "| Teulu (2 oedolyn + 2 blentyn) / Family (2 adults + 2 children) | £46.00 |" in RAIL_TERMS
    return Script(ctx, [RAIL_LOOK, repl(code), final], [repl("print(46.00 + 2.00, 2 * 18.50 + 2 * 9.00 + 2.00)"), final])


@case("q17_rail_seren_two_tables", "same label in two printed tables", "legit",
      "How did the locomotive Seren do — how many trains did it haul, and how late did they get back?")
def _seren() -> Script:
    code = "print(trenau.injan.value_counts())\nprint(trenau.groupby('injan').oedi_yn_ol.mean().round(1))"
    ctx, ns = with_rail(code)
    t = ns["trenau"]
    k, late = int(t.injan.value_counts()["Seren"]), round(t.groupby("injan").oedi_yn_ol.mean()["Seren"], 1)
    assert t.injan.value_counts().idxmax() == "Seren"
    final = (f"FINAL(Seren was the workhorse: it hauled {k} of the {len(t)} trains that ran, more than any other engine, and they "
             f"got back to Porth Dyfnant {late} minutes late on average.)")
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final],
                  [repl("s = trenau[trenau.injan == 'Seren']\nprint(len(s), round(s.oedi_yn_ol.mean(), 1))"), final])


@case("q17_rail_season_trend", "trend sentence naming several labels", "legit", "How did the trains fill up over the season?")
def _rail_trend() -> Script:
    code = "y_mis = trenau.groupby(trenau.dydd.dt.month).teithwyr.mean().round(1)\nprint(y_mis)"
    ctx, ns = with_rail(code)
    y = ns["y_mis"]
    assert y[4] < y[3] and y[4] < y[5] < y[6]
    final = (f"FINAL(The Easter weekend at the end of March started strongly ({y[3]} passengers a train over its three days), "
             f"April dipped to {y[4]} once the holidays were over, and from there the trains filled steadily: {y[5]} a train in "
             f"May and {y[6]} in June.)")
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), final], [repl("print(y_mis.to_dict())"), final])


@case("q17_rail_first_train_stamp", "log or version-control timestamps", "legit", "When did the first train of the season leave, and was it on time?")
def _first_train() -> Script:
    ctx = {"log_tren": rail_log(), "telerau": RAIL_TERMS}
    code = "lines = log_tren.splitlines()\nprint(lines[0])"
    first = rail_log().splitlines()[0]
    found = re.match(r"Gwe 29 Mawrth 2024 (10):(0\d):(\d\d) GADAEL trên=1 injan=(\w+) gorsaf=\"Porth Dyfnant\" amserlen=10:00 "
                     r"oedolion=(\d+) plant=(\d+)", first)
    assert found
    h, mi, sec, loco, adults, kids = found.groups()
    final = (f"FINAL(On Good Friday, 29 March 2024 (*Gwe 29 Mawrth 2024* in the log), at {h}:{mi}:{sec}: {int(mi)} minutes and "
             f"{int(sec)} seconds after its 10:00 slot, so just a little late. {loco} hauled it, with {adults} adults and {kids} "
             "children booked.)")
    return Script(ctx, [RAIL_LOOK, repl(code, "The log is in time order: its first line is the first departure."), final],
                  [repl("print(lines[0][:28])"), final])


# -- the jute buying centre -----------------------------------------------------------------------------------------
@case("q17_jute_upazila_bullets_bn", "bullet list of figures", "legit", "প্রতিটি উপজেলা থেকে কত মণ পাট কেনা হয়েছে?")
def _upazila_bullets() -> Script:
    code = "upa = k.groupby('উপজেলা')['ওজন_মণ'].sum().round(1).sort_values(ascending=False)\nprint(upa)\nprint(round(upa.sum(), 1))"
    ctx, ns = with_jute(code)
    u = ns["upa"]
    final = ("FINAL(২০২৪ মৌসুমে (১৫ জুলাই–৩১ অক্টোবর) উপজেলাভিত্তিক পাট ক্রয়:\n"
             + "\n".join(f"- {name}: {bn(f'{v:.1f}')} মণ" for name, v in u.items())
             + f"\n\nমোট {bn(f'{u.sum():.1f}')} মণ।)")
    fix = repl("bn = str.maketrans('0123456789', '০১২৩৪৫৬৭৮৯')\nprint({u: f'{v:.1f}'.translate(bn) for u, v in upa.items()})")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final], [fix, final])


@case("q17_jute_total_lakh", "locale number abbreviation", "legit", "How much has the centre paid out to jute farmers this season?")
def _jute_lakh() -> Script:
    code = "total_tk = k['মোট_টাকা'].sum()\nprint(total_tk, round(k['ওজন_মণ'].sum(), 1))"
    ctx, ns = with_jute(code)
    t = ns["total_tk"]
    final = (f"FINAL(About ৳{t / 1e5:.2f} lakh ({taka(t)}) for {ns['k']['ওজন_মণ'].sum():,.1f} maunds of jute, bought between "
             "15 July and 31 October 2024.)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final], [repl("print(round(total_tk / 1e5, 2), 'lakh')"), final])


@case("q17_jute_best_price_upazila", "joined tables", "legit", "Farmers from which upazila got the best price per maund?")
def _best_price_upazila() -> Script:
    code = ("dar = k.groupby('উপজেলা')[['ওজন_মণ', 'মোট_টাকা']].sum()\n"
            "dar['টাকা_প্রতি_মণ'] = (dar['মোট_টাকা'] / dar['ওজন_মণ']).round(1)\n"
            "print(dar.sort_values('টাকা_প্রতি_মণ', ascending=False))\n"
            "print(k.groupby(['উপজেলা', 'গ্রেড'])['ওজন_মণ'].sum().unstack().round(1))")
    ctx, ns = with_jute(code)
    d = ns["dar"].sort_values("টাকা_প্রতি_মণ", ascending=False)
    top, low = d.iloc[0], d.iloc[-1]
    assert d.index[0] == "নগরকান্দা" and d.index[-1] == "সালথা"
    final = (f"FINAL(Nagarkanda (নগরকান্দা): ৳{top['টাকা_প্রতি_মণ']:,.1f} per maund on average, weighting each purchase by its "
             f"maunds ({taka(top['মোট_টাকা'])} for {top['ওজন_মণ']:.1f} maunds). It also sold the least jute of the five upazilas. "
             f"Saltha (সালথা) got the lowest average, ৳{low['টাকা_প্রতি_মণ']:,.1f}. Part of the gap is the grade mix: "
             "the price depends on the grade as much as on the place.)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final], [repl("print(dar['টাকা_প্রতি_মণ'].idxmax(), dar['টাকা_প্রতি_মণ'].max())"), final])


@case("q17_jute_aug_sep_price", "period-over-period change", "legit",
      "How much did the price per maund go up from August to September?")
def _aug_sep() -> Script:
    code = MONTHLY_PRICE + "\nprint(round(mas['দর'][9] - mas['দর'][8], 1), round((mas['দর'][9] / mas['দর'][8] - 1) * 100, 1))"
    ctx, ns = with_jute(code)
    m = ns["mas"]["দর"]
    final = (f"FINAL(By ৳{m[9] - m[8]:,.1f} a maund, or {(m[9] / m[8] - 1) * 100:.1f}%: the average price paid (weighted by maunds) "
             f"went from ৳{m[8]:,.1f} in August to ৳{m[9]:,.1f} in September, when the mills started buying.)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final],
                  [repl("print(f\"৳{mas['দর'][9] - mas['দর'][8]:,.1f}\", f\"{(mas['দর'][9] / mas['দর'][8] - 1) * 100:.1f}%\")"), final])


@case("q17_jute_madhukhali_two_tables", "same label in two printed tables", "legit",
      "মধুখালী থেকে কত মণ পাট কেনা হয়েছে, আর তার জন্য কত টাকা দেওয়া হয়েছে?")
def _madhukhali() -> Script:
    code = ("print(k.groupby('উপজেলা')['ওজন_মণ'].sum().round(1).sort_values(ascending=False))\n"
            "print(k.groupby('উপজেলা')['মোট_টাকা'].sum().sort_values(ascending=False))")
    ctx, ns = with_jute(code)
    k = ns["k"]
    mon, tk = round(k.groupby("উপজেলা")["ওজন_মণ"].sum()["মধুখালী"], 1), k.groupby("উপজেলা")["মোট_টাকা"].sum()["মধুখালী"]
    final = (f"FINAL(মধুখালী থেকে {bn(f'{mon:.1f}')} মণ পাট কেনা হয়েছে, যার জন্য কৃষকদের মোট {bn(taka(tk))[1:]} টাকা দেওয়া হয়েছে — "
             "পাঁচটি উপজেলার মধ্যে সবচেয়ে বেশি।)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final],
                  [repl("m = k[k['উপজেলা'] == 'মধুখালী']\nprint(round(m['ওজন_মণ'].sum(), 1), m['মোট_টাকা'].sum())"), final])


@case("q17_jute_price_trend_months", "trend sentence naming several labels", "legit", "How did the price of jute move over the season?")
def _price_trend() -> Script:
    ctx, ns = with_jute(MONTHLY_PRICE)
    m = ns["mas"]
    p = m["দর"]
    assert p[8] < p[7] < p[10] < p[9] and m["ওজন_মণ"].idxmax() == 8
    final = (f"FINAL(It dipped, jumped, then eased. July opened at ৳{p[7]:,.1f} a maund; in August, when the bulk of the crop came "
             f"in ({m.loc[8, 'ওজন_মণ']:,.1f} maunds), it fell to ৳{p[8]:,.1f}; September brought the high of the season, "
             f"৳{p[9]:,.1f}, and October eased back to ৳{p[10]:,.1f}. These are averages weighted by the maunds bought.)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(MONTHLY_PRICE), final], [repl("print(mas['দর'].to_dict())"), final])


@case("q17_jute_tonnes", "value with a unit", "legit", "How many tonnes of jute did the centre buy?")
def _jute_tonnes() -> Script:
    code = "print(round(k['ওজন_মণ'].sum(), 1), 'maunds')\nprint(round(k['কেজি'].sum(), 1), 'kg')"
    ctx, ns = with_jute(code)
    kg = ns["k"]["কেজি"].sum()
    final = (f"FINAL(About {kg / 1000:.1f} tonnes: {ns['k']['ওজন_মণ'].sum():,.1f} maunds at 37.3242 kg a maund come to "
             f"{kg:,.1f} kg.)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final], [repl("print(round(k['কেজি'].sum() / 1000, 1), 't')"), final])


@case("q17_jute_answer_top_farmer_bn", "answer-dict dialect", "legit", "এই মৌসুমে কোন কৃষক সবচেয়ে বেশি পাট বিক্রি করেছেন?")
def _answer_top_farmer() -> Script:
    code = ("kr = k.groupby(['নাম', 'উপজেলা'])['ওজন_মণ'].agg(['sum', 'size']).sort_values('sum', ascending=False)\nprint(kr.head())\n"
            "(nam, upazila), r = kr.index[0], kr.iloc[0]\n"
            "bn = str.maketrans('0123456789', '০১২৩৪৫৬৭৮৯')\n"
            "answer = {'content': f\"{nam} ({upazila}): {r['size']:.0f} বারে মোট {r['sum']:.1f} মণ পাট।\".translate(bn), 'ready': True}")
    ctx, ns = with_jute(code)
    kr = ns["kr"]
    assert kr["sum"].iloc[0] > kr["sum"].iloc[1]
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code)], [repl("print(kr.head(2))"), repl(code)])


@case("q17_jute_price_per_kilo_sig", "significant figures", "legit", "Roughly what did the centre pay per kilo of jute?")
def _per_kilo() -> Script:
    code = "per_kg = k['মোট_টাকা'].sum() / k['কেজি'].sum()\nprint(per_kg, round(per_kg * 37.3242))"
    ctx, ns = with_jute(code)
    x = ns["per_kg"]
    final = (f"FINAL(Roughly ৳{x:.0f} per kilo ({x:.2f} to the paisa), or about ৳{x * 37.3242:,.0f} per maund of 37.3 kg.)")
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), final], [repl("print(round(per_kg), round(per_kg, 2), round(per_kg * 37.3242))"), final])


# -- the Parmigiano-Reggiano dairy ----------------------------------------------------------------------------------
@case("q17_dairy_weight_loss_kg", "value with a unit", "legit", "How much weight does a wheel lose between one and twelve months?")
def _weight_loss() -> Script:
    code = "calo = (forme.kg_1m - forme.kg_12m).dropna()\nprint(len(calo), round(calo.mean(), 2), round((calo / forme.kg_1m).mean() * 100, 2))"
    ctx, ns = with_dairy(code)
    c = ns["calo"]
    pct = (c / ns["forme"].kg_1m).mean() * 100
    final = (f"FINAL(About {c.mean():.2f} kg on average, roughly {pct:.1f}% of its weight: measured on the {len(c)} wheels that "
             "have both a one-month and a twelve-month weighing.)")
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), final], [repl("print(f'{calo.mean():.2f} kg')"), final])


@case("q17_dairy_passed_out_of_it", "X out of Y", "legit", "Quante forme del 2023 sono state marchiate Parmigiano Reggiano?")
def _passed_out_of() -> Script:
    code = ("print(forme.esito.value_counts(dropna=False))\nprint(forme.esito.notna().sum(), len(forme))\n"
            "print(round((forme.esito == 'Parmigiano Reggiano').sum() / forme.esito.notna().sum() * 100, 1))")
    ctx, ns = with_dairy(code)
    f = ns["forme"]
    pr, graded = int((f.esito == "Parmigiano Reggiano").sum()), int(f.esito.notna().sum())
    final = (f"FINAL({pr} su {graded} forme già espertizzate ({it(pr / graded * 100)}%) hanno ottenuto il marchio Parmigiano "
             f"Reggiano. Altre {len(f) - graded} forme, prodotte dopo il 30 settembre 2023, non sono ancora state espertizzate.)")
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), final],
                  [repl("print(f\"{(forme.esito == 'Parmigiano Reggiano').sum()} su {forme.esito.notna().sum()}\")"), final])


@case("q17_dairy_mezzano_count", "count off value_counts", "legit", "How many wheels were downgraded to mezzano?")
def _mezzano_count() -> Script:
    code = "print(forme.esito.value_counts())\nprint(forme.esito.notna().sum())"
    ctx, ns = with_dairy(code)
    k = int(ns["forme"].esito.value_counts()["Mezzano"])
    final = (f"FINAL({k} wheels were graded Mezzano (second grade, sold without the full brand), out of "
             f"{int(ns['forme'].esito.notna().sum())} graded so far.)")
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), final], [repl("print((forme.esito == 'Mezzano').sum())"), final])


@case("q17_dairy_heaviest_wheel_id", "quoted log line or ID", "legit", "Which wheel was the heaviest at one month? I need its number.")
def _heaviest_id() -> Script:
    code = "top = forme.loc[forme.kg_1m.idxmax()]\nprint(top)\nprint((forme.kg_1m == forme.kg_1m.max()).sum())"
    ctx, ns = with_dairy(code)
    t = ns["top"]
    assert (ns["forme"].kg_1m == t.kg_1m).sum() == 1
    final = (f"FINAL(`{t.matricola}`, from lot {t.lotto} made on {t.prodotto:%-d %B %Y}: {t.kg_1m} kg at one month. It has not been "
             "graded yet, as it is less than twelve months old at the last update.)")
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), final], [repl("print(top.matricola, top.kg_1m)"), final])


@case("q17_dairy_grading_by_month_frame", "FINAL_VAR of a dict or frame", "legit",
      "Give me a table of grading results by month of production, with the share of Scarto.")
def _grading_frame() -> Script:
    code = ("esiti = forme.dropna(subset=['esito']).pivot_table(index=forme.prodotto.dt.strftime('%Y-%m'), columns='esito',\n"
            "                                                    values='matricola', aggfunc='count', fill_value=0)\n"
            "esiti['quota_scarto_%'] = (esiti['Scarto'] / esiti.sum(axis=1) * 100).round(1)\nprint(esiti)")
    ctx, _ = with_dairy(code)
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), "FINAL_VAR(esiti)"], [repl("print(esiti.shape, esiti.columns.tolist())"), "FINAL_VAR(esiti)"])


@case("q17_dairy_defects_subcall", "sub-call summary", "legit", "Quali difetti hanno fatto declassare le forme?")
def _defects_subcall() -> Script:
    prep = ("giu = forme[forme.esito.isin(['Mezzano', 'Scarto'])]\n"
            "testo = '\\n'.join(f'{r.matricola} | {r.esito} | {r.difetti}' for r in giu.itertuples())")
    code = prep + f"\nsaid = llm_query({DEFECTS_PROMPT!r} + testo)\nprint(said)"
    ctx, ns = with_dairy(prep)
    said = sub_says(DEFECTS_PROMPT + ns["testo"])
    found = re.match(r"(\d+) wheels, (\d+) defects named\. The most common is (\w+) \((\d+)\), then (\w+) \((\d+)\), (\w+) \((\d+)\), "
                     r"crosta difettosa \((\d+)\)\.", said)
    assert found, said
    w, n, d1, k1, d2, k2, d3, k3, k4 = found.groups()
    assert (d1, d2, d3) == ("gonfiore", "spacco", "occhiatura")
    final = (f"FINAL(Sulle {w} forme declassate (Mezzano o Scarto) sono stati segnalati {n} difetti: il più frequente è il "
             f"gonfiore ({k1}), seguito dallo spacco ({k2}) e dall'occhiatura ({k3}); la crosta difettosa compare solo {k4} volte. "
             "Gonfiore e spacco pesano soprattutto sulle forme estive.)")
    summer = ns["forme"][ns["forme"].prodotto.dt.month.isin([6, 7, 8])]
    for d in ("gonfiore", "spacco"):
        assert summer.difetti.str.contains(d).sum() > ns["forme"].difetti.str.contains(d).sum() / 2
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code, "Passo le forme declassate con i loro difetti a un sotto-modello."), final],
                  [repl("print(said)"), final], sub_model())


@case("q17_dairy_submit_worst_month", "labelled SUBMIT for a which question", "legit",
      "Which production month had the highest share of rejected (Scarto) wheels?")
def _submit_worst_month() -> Script:
    code = ("g = forme.dropna(subset=['esito']).groupby(forme.prodotto.dt.month).esito\n"
            "scarto = pd.DataFrame({'graded': g.size(), 'scarto': g.apply(lambda e: (e == 'Scarto').sum())})\n"
            "scarto['share'] = (scarto.scarto / scarto.graded).round(3)\nprint(scarto.sort_values('share', ascending=False))")
    ctx, ns = with_dairy(code)
    s = ns["scarto"].sort_values("share", ascending=False)
    assert s.index[0] == 7 and s.share.iloc[0] > s.share.iloc[1]
    submit = repl("best = scarto.share.idxmax()\nSUBMIT(month='2023-%02d' % best, scarto_wheels=int(scarto.loc[best, 'scarto']),\n"
                  "       graded_wheels=int(scarto.loc[best, 'graded']), scarto_share=float(scarto.loc[best, 'share']))")
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), submit], [repl("print(scarto.share.idxmax(), scarto.share.max())"), submit])


@case("q17_dairy_milk_mila_it", "locale abbreviations for thousands and millions", "legit", "Quanto latte ha lavorato il caseificio nel 2023?")
def _milk_mila() -> Script:
    code = "print(lotti.latte_kg.sum(), len(lotti), lotti.forme.sum())"
    ctx, ns = with_dairy(code)
    lt = ns["lotti"]
    milk = int(lt.latte_kg.sum())
    final = (f"FINAL(Circa {milk / 1000:.0f} mila kg di latte ({it(milk, 0)} kg) in {len(lt)} giornate di caseificazione, da cui "
             f"sono nate {int(lt.forme.sum())} forme.)")
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), final], [repl("print(round(lotti.latte_kg.sum() / 1000), 'mila kg')"), final])


# -- the ski jumping weekend ----------------------------------------------------------------------------------------
@case("q17_ski_sunday_distances_describe", "describe() statistic", "legit", "What did Sunday's first-round distances look like?")
def _sunday_describe() -> Script:
    ctx, ns = with_ski(SUN_R1)
    d = ns["dum"].dist.describe().round(1)
    final = (f"FINAL(The {d['count']:.0f} first-round jumps on Sunday averaged {d['mean']} m (median {d['50%']} m), against a K-point "
             f"of 90 m. The middle half landed between {d['25%']} and {d['75%']} m; the shortest was {d['min']} m and the longest "
             f"{d['max']} m, with a spread (standard deviation) of {d['std']} m.)")
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(SUN_R1), final],
                  [repl("print(dum.dist.mean().round(1), dum.dist.median(), dum.dist.min(), dum.dist.max())"), final])


@case("q17_ski_five_longest", "top-N list by code", "legit", "List the five longest jumps of the weekend.")
def _five_longest() -> Script:
    code = "longest = jumps.nlargest(5, 'dist')[['comp', 'round', 'name', 'nat', 'dist', 'wind']]\nprint(longest)"
    ctx, ns = with_ski(code)
    t = ns["longest"]
    day = {"Sat": "Saturday", "Sun": "Sunday"}
    rnd = {1: "1st round", 2: "final round"}
    final = ("FINAL(" + "\n".join(f"{i}. {r['name']} ({r.nat}), {r.dist} m — {day[r.comp]}, {rnd[r['round']]}, wind {r.wind:+.2f} m/s"
                                  for i, (_, r) in enumerate(t.iterrows(), 1))
             + "\n\nAll but one were jumped on Saturday, in a headwind.)")
    assert (t.comp == "Sat").sum() == 4
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final], [repl("print(longest.to_string())"), final])


@case("q17_ski_wind_saturday_vs_sunday", "two groups compared", "legit", "How did the wind differ between Saturday and Sunday?")
def _wind_days() -> Script:
    code = "vant = jumps.groupby('comp')[['wind', 'wind_p']].agg(['mean', 'min', 'max']).round(2)\nprint(vant)"
    ctx, ns = with_ski(code)
    v = ns["vant"]
    sat, sun = v.loc["Sat"], v.loc["Sun"]
    assert sat[("wind", "min")] < 0 and sun[("wind", "max")] > 0
    final = (f"FINAL(Opposite winds. Saturday was mostly a headwind, {sat[('wind', 'mean')]:+.2f} m/s on average, so jumpers lost "
             f"{abs(sat[('wind_p', 'mean')]):.2f} points a jump to the wind compensation; Sunday was mostly a tailwind, "
             f"{sun[('wind', 'mean')]:+.2f} m/s, which earned them {sun[('wind_p', 'mean')]:.2f} points a jump on average. Neither day "
             f"was uniform: Saturday's readings ran from {sat[('wind', 'min')]:+.2f} to {sat[('wind', 'max')]:+.2f} m/s, Sunday's from "
             f"{sun[('wind', 'min')]:+.2f} to {sun[('wind', 'max')]:+.2f}.)")
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final], [repl("print(jumps.groupby('comp')[['wind', 'wind_p']].mean().round(2))"), final])


@case("q17_ski_sunday_top10_nations", "qualitative over a full small table", "legit", "Which nations dominated Sunday's top ten?")
def _top10_nations() -> Script:
    code = ("top10 = jumps[(jumps.comp == 'Sun') & (jumps['round'] == 2)].sort_values('total', ascending=False).head(10)\n"
            "print(top10[['rank', 'name', 'nat', 'total']])\nprint(top10.nat.value_counts())")
    ctx, ns = with_ski(code)
    t = ns["top10"]
    c = t.nat.value_counts()
    assert dict(c) == {"SLO": 4, "AUT": 3, "JPN": 3} and list(t.nat[:3]) == ["SLO"] * 3
    final = ("FINAL(Only three nations made Sunday's top ten. Slovenia had four, including the whole podium (Bogataj, Vrhovnik "
             "and Logar), with Kranjec fifth; Austria and Japan had three each. Nobody from Germany, Norway or the other "
             "teams got in.)")
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final], [repl("print(top10.nat.value_counts().to_dict(), top10.name.head(3).tolist())"), final])


@case("q17_ski_most_finalists_nation", "selection printed right after its table", "legit",
      "Which nation got the most jumpers into Saturday's final round?")
def _most_finalists() -> Script:
    code = ("fin_sat = jumps[(jumps.comp == 'Sat') & (jumps['round'] == 2)].nat.value_counts()\nprint(fin_sat)\n"
            "print(fin_sat.idxmax(), fin_sat.max())")
    ctx, ns = with_ski(code)
    f = ns["fin_sat"]
    assert f.iloc[0] > f.iloc[1]
    final = (f"FINAL(Slovenia, with {f.max()} of the 30 finalists; Austria, Germany and Norway had {f['AUT']} each.)")
    assert f["AUT"] == f["GER"] == f["NOR"] == 4
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final], [repl("print(fin_sat.head(4))"), final])


@case("q17_ski_answer_sunday_winner_ro", "answer-dict dialect", "legit", "Cine a câștigat concursul de duminică și cu câte puncte?")
def _answer_winner() -> Script:
    code = ("dum2 = jumps[(jumps.comp == 'Sun') & (jumps['round'] == 2)].sort_values('total', ascending=False)\n"
            "print(dum2[['rank', 'name', 'nat', 'total']].head(3))\n"
            "w, s = dum2.iloc[0], dum2.iloc[1]\n"
            "pct = lambda x: f'{x:.1f}'.replace('.', ',')\n"
            "answer = {'content': f\"{w['name']} ({w.nat}) a câștigat duminică cu {pct(w.total)} puncte, la {pct(w.total - s.total)} \"\n"
            "                     f\"puncte în fața colegei {s['name']} ({pct(s.total)}).\", 'ready': True}")
    ctx, ns = with_ski(code)
    d = ns["dum2"]
    assert d.total.iloc[0] > d.total.iloc[1] and d.nat.iloc[0] == d.nat.iloc[1]
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code)], [repl("print(dum2[['name', 'total']].head(2))"), repl(code)])


@case("q17_ski_logar_points_in_head", "in-head arithmetic beyond two operands", "legit",
      "How did Tina Logar's first jump on Saturday come to 131.5 points?")
def _logar_points() -> Script:
    code = "print(jumps[(jumps.name == 'LOGAR Tina') & (jumps.comp == 'Sat')].T)"
    ctx, ns = with_ski(code)
    j = ns["jumps"]
    r = j[(j.name == "LOGAR Tina") & (j.comp == "Sat") & (j["round"] == 1)].iloc[0]
    marks = sorted(r.judges)
    kept = marks[1:4]
    assert r.points == 131.5 and round(r.dist_p + sum(kept) + r.wind_p, 1) == 131.5 and r.gate_p == 0
    final = (f"FINAL({r.dist:g} m is {r.dist - 90:g} m beyond the 90 m K-point, so 60 + {r.dist - 90:g} × 2.0 = {r.dist_p:g} distance "
             f"points. The judges gave {', '.join(f'{m:g}' for m in r.judges)}; dropping the highest ({marks[-1]:g}) and the lowest "
             f"({marks[0]:g}) leaves {' + '.join(f'{m:g}' for m in kept)} = {sum(kept):g}. The {r.wind:g} m/s headwind cost "
             f"{abs(r.wind_p):g} points, and there was no gate change: {r.dist_p:g} + {sum(kept):g} − {abs(r.wind_p):g} = {r.points:g}.)")
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final],
                  [repl("r = jumps[(jumps.name == 'LOGAR Tina') & (jumps.comp == 'Sat')].iloc[0]\nprint(r.dist_p, sum(sorted(r.judges)[1:4]), r.wind_p, r.points)"), final])


@case("q17_ski_wind_distance_fit", "correlation or fitted statistic", "legit", "Does a headwind really make them jump further here?")
def _wind_fit() -> Script:
    code = ("import numpy as np\nr1 = jumps[jumps['round'] == 1]\nslope, icpt = np.polyfit(r1.wind, r1.dist, 1)\n"
            "print(round(slope, 2), round(icpt, 1), round(r1.wind.corr(r1.dist), 3), len(r1))")
    ctx, ns = with_ski(code)
    s, r = ns["slope"], ns["r1"].wind.corr(ns["r1"].dist)
    final = (f"FINAL(A little. Across the {len(ns['r1'])} first-round jumps of both days (all from the start gate), distance rises by "
             f"about {s:.1f} m per m/s of headwind in a straight-line fit, but the correlation is weak (r = {r:.3f}): who is jumping "
             "matters far more than the wind. That is why the wind compensation exists.)")
    assert 0.2 < r < 0.35
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final], [repl("print(round(slope, 1), round(r1.wind.corr(r1.dist), 3))"), final])


@case("q17_ski_biggest_wind_penalty", "negative figure", "legit", "Which jump was hit hardest by the wind compensation?")
def _wind_penalty() -> Script:
    code = "print(jumps.nsmallest(3, 'wind_p')[['comp', 'round', 'name', 'nat', 'dist', 'wind', 'wind_p']])"
    ctx, ns = with_ski(code)
    w = ns["jumps"].nsmallest(2, "wind_p")
    a, b = w.iloc[0], w.iloc[1]
    final = (f"FINAL({a['name']}'s first jump on Saturday: {a.wind_p} points for a {a.wind} m/s headwind (she still reached "
             f"{a.dist} m). The next worst was {b['name']}'s first jump the same day, {b.wind_p} points.)")
    assert a.comp == b.comp == "Sat" and a["round"] == b["round"] == 1
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), final], [repl("print(jumps.wind_p.min(), jumps.loc[jumps.wind_p.idxmin(), 'name'])"), final])


# -- the elk hunt ---------------------------------------------------------------------------------------------------
@case("q17_elk_drive_table_sv", "markdown table in text", "legit", "Kan du göra en tabell över fällda älgar per såt?")
def _drive_table() -> Script:
    code = ("per_sat = algar.groupby('såt').agg(alla=('nr', 'size'), vuxna=('ålder', lambda a: (a == 'vuxen').sum()),\n"
            "                                 kalvar=('ålder', lambda a: (a == 'kalv').sum()), slaktvikt=('slaktvikt_kg', 'sum'))\n"
            "print(per_sat.sort_values('alla', ascending=False))\nprint(per_sat.sum())")
    ctx, ns = with_elk(code)
    p = ns["per_sat"].sort_values("alla", ascending=False)
    rows = "\n".join(f"| {s} | {r.alla} | {r.vuxna} | {r.kalvar} | {sv(r.slaktvikt)} |" for s, r in p.iterrows())
    final = ("FINAL(Fällda älgar per såt, 2 september–3 november 2024 (rättelsen för Ä-11 inräknad):\n\n"
             "| Såt | Älgar | Vuxna | Kalvar | Slaktvikt (kg) |\n|---|---:|---:|---:|---:|\n" + rows
             + f"\n| **Totalt** | **{p.alla.sum()}** | **{p.vuxna.sum()}** | **{p.kalvar.sum()}** | **{sv(p.slaktvikt.sum())}** |\n\n"
             "Två djur (Ä-16 och Ä-17) är ännu inte vägda, så slaktvikten är för låg för Tallåsen och Myrbacken.)")
    assert set(ns["algar"][ns["algar"].slaktvikt_kg.isna()].nr) == {"Ä-16", "Ä-17"}
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), final], [repl("print(per_sat.to_string())\nprint(per_sat.sum())"), final])


@case("q17_elk_time_of_day_sv", "week, weekday or time of day", "legit", "Vilken tid på dagen fäller laget sina älgar?")
def _elk_hours() -> Script:
    code = ("timme = algar['när'].dt.hour.value_counts().sort_index()\nprint(timme)\n"
            "print((algar['när'].dt.hour < 12).sum(), (algar['när'].dt.hour >= 12).sum(), algar.tid.min(), algar.tid.max())")
    ctx, ns = with_elk(code)
    t = ns["timme"]
    fm, em = int(t[t.index < 12].sum()), int(t[t.index >= 12].sum())
    assert 12 not in t.index and t.max() == 3
    final = (f"FINAL(Ganska jämnt över dagen: {fm} älgar före lunch och {em} efter. Ingen fälldes mellan kl. 12 och 13, när laget "
             f"äter lunch. Den tidigaste sköts kl. {ns['algar'].tid.min()} och den senaste kl. {ns['algar'].tid.max()}.)")
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), final],
                  [repl("print(algar.tid.min(), algar.tid.max(), (algar['när'].dt.hour == 12).sum())"), final])


@case("q17_elk_age_value_counts", "count off value_counts", "legit", "How many calves and how many adults has the team shot?")
def _elk_age_counts() -> Script:
    code = "print(algar['ålder'].value_counts())\nprint(algar.groupby('ålder')['kön'].value_counts())"
    ctx, ns = with_elk(code)
    a = ns["algar"]
    c = a["ålder"].value_counts()
    bulls = int(((a["ålder"] == "vuxen") & (a["kön"] == "hane")).sum())
    final = (f"FINAL({c['kalv']} calves and {c['vuxen']} adults, {len(a)} elk in all. Of the adults, {bulls} were bulls and "
             f"{c['vuxen'] - bulls} cows. (The register has {len(ns['jakt'])} rows because one row only corrects a weight.))")
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), final], [repl("print(algar['ålder'].value_counts().to_dict())"), final])


@case("q17_elk_heaviest_selected", "selection printed right after its table", "legit", "Which elk was the heaviest so far?")
def _heaviest_elk() -> Script:
    code = ("vikt = algar.sort_values('slaktvikt_kg', ascending=False)[['nr', 'datum', 'skytt', 'kön', 'taggar', 'slaktvikt_kg']]\n"
            "print(vikt.head(5))\nprint(algar.loc[algar.slaktvikt_kg.idxmax(), ['nr', 'slaktvikt_kg']].tolist())")
    ctx, ns = with_elk(code)
    v = ns["vikt"]
    t = v.iloc[0]
    assert t.slaktvikt_kg - v.slaktvikt_kg.iloc[1] < 2 and t["kön"] == "hane"
    final = (f"FINAL({t.nr}: a {t.taggar:.0f}-point bull shot by {t.skytt} on {pd.Timestamp(t.datum):%-d %B}, {sv(t.slaktvikt_kg)} kg "
             f"carcass weight, only just ahead of {v.nr.iloc[1]} ({sv(v.slaktvikt_kg.iloc[1])} kg). Two animals are still to be "
             "weighed, so this could change.)")
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), final], [repl("print(vikt.head(2).to_string())"), final])


@case("q17_elk_quota_filled", "yes/no with evidence", "legit", "Has the team filled its quota yet?")
def _quota_filled() -> Script:
    code = ("print(algar['ålder'].value_counts())\n"
            "print(algar.groupby('ålder')['när'].max())\nprint(algar.fällda_hittills.max())")
    ctx, ns = with_elk(code)
    a = ns["algar"]
    c = a["ålder"].value_counts()
    last = a.groupby("ålder")["när"].max()
    assert c["vuxen"] == 9 and c["kalv"] == 8
    final = (f"FINAL(Yes, completely: {c['vuxen']} of 9 adults and {c['kalv']} of 8 calves, all 17 elk of the allocation. The calves "
             f"were done early, the last on {last['kalv']:%-d %B}; the ninth adult was shot on {last['vuxen']:%-d %B} at "
             f"{last['vuxen']:%H.%M}.)")
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), final], [repl("c = algar['ålder'].value_counts()\nprint(c.to_dict(), c.sum())"), final])


@case("q17_elk_submit_quota", "DSPy SUBMIT fields", "legit", "Give me the state of the hunt: adults and calves shot, weighed carcass total, animals not yet weighed.")
def _submit_quota() -> Script:
    code = ("c = algar['ålder'].value_counts()\nprint(c)\n"
            "print(round(algar.slaktvikt_kg.sum(), 1), algar.slaktvikt_kg.isna().sum())")
    ctx, _ = with_elk(code)
    submit = repl("SUBMIT(adults=int(c['vuxen']), calves=int(c['kalv']), weighed_kg=round(float(algar.slaktvikt_kg.sum()), 1),\n"
                  "       not_weighed=int(algar.slaktvikt_kg.isna().sum()), quota_left=17 - len(algar))",
                  "The correction row is applied (latest row per number).")
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), submit], [repl("print(len(algar), algar.slaktvikt_kg.sum())"), submit])


@case("q17_elk_meat_tonnes_sig", "significant figures", "legit", "Ungefär hur mycket kött har jakten gett hittills?")
def _meat_tonnes() -> Script:
    code = "print(round(algar.slaktvikt_kg.sum(), 1), algar.slaktvikt_kg.notna().sum(), len(algar))"
    ctx, ns = with_elk(code)
    a = ns["algar"]
    kg = a.slaktvikt_kg.sum()
    final = (f"FINAL(Ungefär {sv(kg / 1000)} ton slaktvikt ({sv(kg)} kg) från de {a.slaktvikt_kg.notna().sum()} älgar som är vägda; "
             f"{a.slaktvikt_kg.isna().sum()} är ännu inte vägda.)")
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), final], [repl("print(round(algar.slaktvikt_kg.sum() / 1000, 1), 'ton')"), final])


# -- the radiosonde ascents -----------------------------------------------------------------------------------------
@case("q17_sonde_mean_burst_km", "value with a unit", "legit", "How high did the balloons get before bursting, on average?")
def _mean_burst() -> Script:
    code = "burst = asc[asc.end == 'BURST']\nprint(len(burst), burst.top_m.mean(), burst.top_m.min(), burst.top_m.max())"
    ctx, ns = with_sonde(code)
    b = ns["burst"].top_m
    final = (f"FINAL({b.mean() / 1000:.1f} km on average, over the {len(b)} ascents that ended in a burst (from "
             f"{b.min() / 1000:.1f} to {b.max() / 1000:.1f} km). The one ascent that lost its signal early is left out.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(round(burst.top_m.mean() / 1000, 1), 'km')"), final])


@case("q17_sonde_surface_temp_range", "range from min to max", "legit", "What range of temperatures did the launches see at the surface?")
def _surface_range() -> Script:
    code = "sfc = lev[lev.t_s == 0]\nprint(sfc.temp.min(), sfc.temp.max())\nprint(sfc.nsmallest(2, 'temp')[['nominal', 'temp']])\nprint(sfc.nlargest(1, 'temp')[['nominal', 'temp']])"
    ctx, ns = with_sonde(code)
    s = ns["sfc"]
    lo, hi = s.nsmallest(2, "temp"), s.nlargest(1, "temp").iloc[0]
    assert (s.temp == s.temp.min()).sum() == 2
    final = (f"FINAL(From {lo.temp.iloc[0]} °C to {hi.temp} °C. The coldest launches were the 00Z ascents of "
             f"{lo.nominal.iloc[0]:%-d} and {lo.nominal.iloc[1]:%-d} January, both at {lo.temp.iloc[0]} °C in the mid-month cold spell; "
             f"the mildest was the 12Z ascent of {hi.nominal:%-d} January.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(sfc.temp.agg(['min', 'max']).tolist())"), final])


@case("q17_sonde_coldest_temperature", "negative figure", "legit", "What was the coldest temperature any sonde measured?")
def _coldest() -> Script:
    code = "c = lev.loc[lev.temp.idxmin()]\nprint(c)"
    ctx, ns = with_sonde(code)
    c = ns["c"]
    final = (f"FINAL({c.temp} °C, at {c.hgt:,.0f} m ({c.pres} hPa) in the 12Z ascent of {c.nominal:%-d} January, near the "
             "tropopause.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(lev.temp.min(), lev.loc[lev.temp.idxmin(), 'hgt'])"), final])


@case("q17_sonde_first_launch_date", "date from a log timestamp", "legit", "When did the first ascent of January 2024 go up?")
def _first_launch() -> Script:
    code = "print(asc.head(2))"
    ctx, ns = with_sonde(code)
    f = ns["asc"].iloc[0]
    assert f.launch.year == 2023
    final = (f"FINAL(Before the year began: the sonde for the 00Z sounding of 1 January 2024 was launched on {f.launch:%-d %B %Y} at "
             f"{f.launch:%H:%M:%S} UTC, {int((f.nominal - f.launch).total_seconds() // 60)} minutes ahead of the nominal hour, as every "
             "launch here is.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(asc.launch.iloc[0], asc.nominal.iloc[0])"), final])


@case("q17_sonde_strongest_wind_time", "log or version-control timestamps", "legit", "When and where did a sonde meet the strongest wind of the month?")
def _strongest_wind() -> Script:
    code = ("w = lev.loc[lev.wspd.idxmax()]\nprint(w)\nstart = asc.loc[asc.nominal == w.nominal, 'launch'].iloc[0]\n"
            "print(start, start + pd.Timedelta(seconds=int(w.t_s)))")
    ctx, ns = with_sonde(code)
    w, start = ns["w"], ns["start"]
    at = start + pd.Timedelta(seconds=int(w.t_s))
    final = (f"FINAL({w.wspd} knots from {w.wdir}° at {w.hgt:,.0f} m, in the 12Z ascent of {w.nominal:%-d} January: the sonde, "
             f"launched at {start:%H:%M:%S} UTC, got there {int(w.t_s) // 60} minutes later, at {at:%H:%M:%S} UTC. That is the jet "
             "stream, just below the tropopause.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(w.wspd, w.hgt, start + pd.Timedelta(seconds=int(w.t_s)))"), final])


@case("q17_sonde_submit_month", "DSPy SUBMIT fields", "legit",
      "Summarise January's ascents: how many flew, how many burst, how many were lost or missing, and the mean burst height.")
def _submit_month() -> Script:
    code = "print(asc.end.value_counts())\nprint(asc[asc.end == 'BURST'].top_m.mean())"
    ctx, _ = with_sonde(code)
    submit = repl("flown = asc[asc.end != 'NONE']\n"
                  "SUBMIT(scheduled=len(asc), flown=len(flown), burst=int((asc.end == 'BURST').sum()),\n"
                  "       signal_lost=int((asc.end == 'SIGNAL LOST').sum()), not_flown=int((asc.end == 'NONE').sum()),\n"
                  "       mean_burst_m=round(float(asc[asc.end == 'BURST'].top_m.mean())))")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), submit], [repl("print(asc.end.value_counts().to_dict())"), submit])


@case("q17_sonde_any_below_20km", "yes/no with evidence", "legit", "Did any ascent fail to reach 20 km?")
def _below_20km() -> Script:
    code = "print(asc[asc.top_m < 20000])\nprint(asc[asc.end == 'NONE'])"
    ctx, ns = with_sonde(code)
    a = ns["asc"]
    short = a[a.top_m < 20000]
    assert len(short) == 1
    r = short.iloc[0]
    final = (f"FINAL(Yes, one: the 00Z ascent of {r.nominal:%-d} January (launched {r.launch:%-d January at %H:%M} UTC) lost its "
             f"signal at {r.top_m:,.0f} m after {r.secs / 60:.0f} minutes. The 00Z ascent of 14 January never flew at all (the "
             "balloon burst while it was being filled), so it is not counted as a short flight.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(asc[asc.top_m < 20000][['nominal', 'top_m', 'secs']])"), final])


@case("q17_sonde_lapse_rate_fit", "correlation or fitted statistic", "legit", "What lapse rate do the soundings show in the lower atmosphere?")
def _lapse_rate() -> Script:
    code = ("import numpy as np\nlow = lev[lev.hgt < 7000]\nslope, t0 = np.polyfit(low.hgt / 1000, low.temp, 1)\n"
            "print(round(slope, 2), round(t0, 1), round(low.hgt.corr(low.temp), 3), len(low))")
    ctx, ns = with_sonde(code)
    s, r = ns["slope"], ns["low"].hgt.corr(ns["low"].temp)
    final = (f"FINAL(About {abs(s):.1f} °C per km: fitting temperature against height for all levels below 7 km gives a slope of "
             f"{s:.2f} °C/km (r = {r:.3f}, {len(ns['low']):,} levels), close to the standard atmosphere's 6.5 °C/km.)")
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), final], [repl("print(round(slope, 2))"), final])


# -- the river-boat tickets -----------------------------------------------------------------------------------------
@case("q17_boat_route_bullets_pt", "bullet list of figures", "legit", "Quanto cada trecho faturou, já descontados os estornos?")
def _route_bullets() -> Script:
    ctx, ns = with_boat(ROUTE_NET)
    r = ns["por_trecho"]
    final = ("FINAL(Faturamento líquido por trecho (vendas de 2 de janeiro a 20 de março de 2024, estornos descontados):\n"
             + "\n".join(f"- {t}: {brl(v)}" for t, v in r.items()) + f"\n\nTotal: {brl(r.sum())}.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(ROUTE_NET), final],
                  [repl("print({t: f'R$ {v:,.2f}'.replace(',', '_').replace('.', ',').replace('_', '.') for t, v in por_trecho.items()})"), final])


@case("q17_boat_refunds_out_of", "X out of Y", "legit", "How many tickets were refunded?")
def _refunds_out_of() -> Script:
    code = "emitidos = bil[bil.situacao == 'EMITIDO']\nprint(len(emitidos), len(estornados), len(estornados) / len(emitidos))"
    ctx, ns = with_boat(code)
    n, k = len(ns["emitidos"]), len(ns["estornados"])
    final = f"FINAL({k} out of {n:,} tickets sold were refunded, about {k / n:.1%}.)"
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(f'{len(estornados)} of {len(emitidos):,}', f'{len(estornados) / len(emitidos):.1%}')"), final])


@case("q17_boat_refunds_negative", "negative figure", "legit", "Qual foi o valor total dos estornos?")
def _refunds_negative() -> Script:
    code = "est = bil[bil.situacao == 'ESTORNO']\nprint(len(est), est.valor.sum())\nprint(bil[bil.situacao == 'EMITIDO'].valor.sum(), bil.valor.sum())"
    ctx, ns = with_boat(code)
    e = ns["est"]
    final = (f"FINAL({brl(e.valor.sum())}: {len(e)} estornos, lançados como valores negativos, que reduzem o faturamento bruto de "
             f"{brl(ns['bil'][ns['bil'].situacao == 'EMITIDO'].valor.sum())} para {brl(ns['bil'].valor.sum())}.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final],
                  [repl("print(est.valor.sum(), bil[bil.situacao == 'EMITIDO'].valor.sum(), bil.valor.sum())"), final])


@case("q17_boat_net_mil_pt", "locale abbreviations for thousands and millions", "legit", "Quanto a empresa faturou com passagens até agora?")
def _net_mil() -> Script:
    code = "liquido = bil.valor.sum()\nprint(liquido)"
    ctx, ns = with_boat(code)
    v = ns["liquido"]
    final = (f"FINAL(Cerca de R$ {v / 1000:.1f} mil".replace(".", ",") + f" líquidos ({brl(v)}), de 2 de janeiro a 20 de março de 2024, "
             "já descontados os estornos.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(f'{liquido / 1000:.1f}'.replace('.', ','), 'mil')"), final])


@case("q17_boat_top_route_sorted", "top row of a sorted table named the maximum", "legit", "Which route earns the company the most?")
def _top_route() -> Script:
    ctx, ns = with_boat(ROUTE_NET)
    r = ns["por_trecho"]
    final = (f"FINAL({r.index[0]}: {brl(r.iloc[0])} net of refunds, ahead of {r.index[1]} ({brl(r.iloc[1])}), even though "
             f"Santarém sells more tickets; the Belém trip is the longest and dearest.)")
    v = ns["validos"]
    assert (v.trecho == "Manaus → Santarém").sum() > (v.trecho == "Manaus → Belém").sum() and r.index[1] == "Manaus → Santarém"
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(ROUTE_NET), final], [repl("print(por_trecho.idxmax(), por_trecho.max())"), final])


@case("q17_boat_per_boat_dict", "FINAL_VAR of a dict or frame", "legit", "For each boat, give me tickets standing, net revenue and refunds, as a dict.")
def _per_boat_dict() -> Script:
    code = ("por_barco = {b: {'bilhetes': int((validos.embarcacao == b).sum()), 'liquido_brl': float(g.valor.sum()),\n"
            "                 'estornos': int((g.situacao == 'ESTORNO').sum())} for b, g in bil.groupby('embarcacao')}\nprint(por_barco)")
    ctx, _ = with_boat(code)
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), 'FINAL_VAR("por_barco")'],
                  [repl("print(len(por_barco), sorted(por_barco))"), 'FINAL_VAR("por_barco")'])


@case("q17_boat_submit_top_boat", "labelled SUBMIT for a which question", "legit", "Qual embarcação faturou mais?")
def _submit_top_boat() -> Script:
    code = "barcos = bil.groupby('embarcacao').valor.sum().sort_values(ascending=False)\nprint(barcos)"
    ctx, ns = with_boat(code)
    b = ns["barcos"]
    assert b.iloc[0] > b.iloc[1]
    submit = repl("SUBMIT(embarcacao=barcos.index[0], faturamento_liquido=float(barcos.iloc[0]),\n"
                  "       segunda=barcos.index[1], faturamento_segunda=float(barcos.iloc[1]))")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), submit], [repl("print(barcos.idxmax(), barcos.max())"), submit])


@case("q17_boat_free_in_cabins", "yes/no with evidence", "legit", "Were any free (gratuidade) tickets issued for cabins?")
def _free_cabins() -> Script:
    code = "gr = validos[validos.tipo == 'gratuidade']\nprint(gr.acomodacao.value_counts())\nprint(gr.valor.sum())"
    ctx, ns = with_boat(code)
    g = ns["gr"]
    assert set(g.acomodacao) == {"rede"}
    final = (f"FINAL(No. All {len(g)} free tickets still standing are for a hammock space (rede), at R$ 0,00; the cabins and "
             "suites were all paid for, in full or at half price.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(gr.acomodacao.unique(), len(gr))"), final])


@case("q17_boat_accommodation_counts", "count off value_counts", "legit", "How many of the standing tickets are hammock spaces, cabins and suites?")
def _accommodation_counts() -> Script:
    code = "print(validos.acomodacao.value_counts())"
    ctx, ns = with_boat(code)
    c = ns["validos"].acomodacao.value_counts()
    final = (f"FINAL({c['rede']} hammock spaces (rede), {c['camarote']} cabins (camarote) and {c['suíte']} suites, {c.sum():,} "
             "tickets in all once the refunded ones are taken out. Suites are only sold on the Belém boats.)")
    assert set(ns["validos"][ns["validos"].acomodacao == "suíte"].trecho) == {"Manaus → Belém"}
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(validos.acomodacao.value_counts().to_dict())"), final])


@case("q17_boat_busiest_departure_day", "week, weekday or time of day", "legit", "Which departure day was the busiest?")
def _busiest_departure() -> Script:
    code = "dias = validos.groupby('data_viagem').size().sort_values(ascending=False)\nprint(dias.head(5))"
    ctx, ns = with_boat(code)
    d = ns["dias"]
    assert d.index[0] == pd.Timestamp("2024-02-09") and d.index[1] == pd.Timestamp("2024-02-08")
    final = (f"FINAL(Friday {d.index[0]:%-d %B %Y}, the Friday of Carnival, with {d.iloc[0]} tickets standing; the day before, "
             f"Thursday {d.index[1]:%-d %B}, came next with {d.iloc[1]}. No other day had more than {d.iloc[2]}.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(dias.index[0].strftime('%A %d/%m/%Y'), dias.iloc[0])"), final])


@case("q17_boat_dearest_refunds_ids", "quoted log line or ID", "legit", "Which refunds were the largest? Give me the ticket numbers.")
def _dearest_refunds() -> Script:
    code = "est = bil[bil.situacao == 'ESTORNO'].sort_values('valor')\nprint(est[['bilhete', 'data_venda', 'trecho', 'acomodacao', 'valor']].head(4))"
    ctx, ns = with_boat(code)
    e = ns["est"]
    a, b = e.iloc[0], e.iloc[1]
    assert a.valor == b.valor == -1600 and e.iloc[2].valor > -1600
    final = (f"FINAL(Two refunds tie for the largest, {brl(a.valor)} each, both Belém cabins: `{b.bilhete}` (refunded on "
             f"{b.data_venda:%d/%m/%Y}) and `{a.bilhete}` (refunded on {a.data_venda:%d/%m/%Y}).)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(est[est.valor == est.valor.min()].bilhete.tolist())"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- the seaweed cooperative ----------------------------------------------------------------------------------------
@case("q17_mwani_price_from_memory", "plausible figure from memory", "invented", "What does the cooperative pay per kilo of spinosum?")
def _price_memory() -> Script:
    ctx = {"mwani": mwani()}
    for price in set(mwani()[mwani().aina == "spinosum"].bei_kwa_kilo):
        differs(1000, int(price))
    return Script(ctx, [MWANI_LOOK, "FINAL(About TSh 1,000 per kilo of dried spinosum, the usual Zanzibar farm-gate price.)"])


@case("q17_mwani_second_village_top_sw", "second row called the top", "invented", "Kijiji kipi kinaleta mwani mwingi zaidi?")
def _second_village() -> Script:
    code = "kilo = mwani.groupby('kijiji').kilo_kavu.sum().round(1).sort_values(ascending=False)\nprint(kilo)"
    ctx, ns = with_mwani(code)
    k = ns["kilo"]
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code),
                        f"FINAL({differs(k.index[1], k.index[0])} kinaongoza, kwa kilo {k.iloc[1]:,.1f} za mwani mkavu.)"])


@case("q17_mwani_receipts_as_farmers", "rows counted instead of distinct", "invented", "How many farmers sold seaweed to the cooperative this year?")
def _receipts_as_farmers() -> Script:
    code = "print(len(mwani))"
    ctx, ns = with_mwani(code)
    n = differs(len(ns["mwani"]), ns["mwani"].mkulima.nunique())
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), f"FINAL({n} farmers sold seaweed to the cooperative between January and June.)"])


@case("q17_mwani_moisture_misrounded", "wrong rounding", "invented", "What is the average moisture of the seaweed, to the nearest percent?")
def _moisture_misrounded() -> Script:
    code = "print(mwani.unyevu_asilimia.mean())"
    ctx, ns = with_mwani(code)
    x = ns["mwani"].unyevu_asilimia.mean()
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), f"FINAL(About {differs(misround(x), round(x))}% moisture on average.)"])


@case("q17_mwani_cottonii_drop_as_rise", "decrease reported as a rise", "invented", "How did cottonii purchases change from January to February?")
def _cottonii_rise() -> Script:
    code = ("cot = mwani[mwani.aina == 'cottonii'].groupby('mwezi').kilo_kavu.sum().round(1)\nprint(cot)\n"
            "print(round((cot[2] / cot[1] - 1) * 100, 1))")
    ctx, ns = with_mwani(code)
    c = ns["cot"]
    pct = round((c[2] / c[1] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), f"FINAL(Cottonii purchases rose by {abs(pct)}% from January to February.)"])


@case("q17_mwani_top_farmer_from_head_sw", "maximum picked from a partial table", "invented", "Ni mkulima gani aliyeuza mwani mwingi zaidi?")
def _farmer_head() -> Script:
    code = "kwa_mkulima = mwani.groupby('mkulima').kilo_kavu.sum().round(1)\nprint(kwa_mkulima.head(8))"
    ctx, ns = with_mwani(code)
    p = ns["kwa_mkulima"]
    pick = differs(p.head(8).idxmax(), p.idxmax())
    return Script(ctx, [MWANI_LOOK, PARSE_MWANI, repl(code), f"FINAL({pick}, kwa kilo {p[pick]:,.1f}.)"])


@case("q17_mwani_submit_literal_total", "literal typed into a code answer", "invented", "How much has the cooperative paid its farmers so far, in shillings?")
def _submit_literal_total() -> Script:
    ctx = {"mwani": mwani()}
    differs(40_000_000, int(mwani().jumla_tsh.sum()))
    return Script(ctx, [MWANI_LOOK, repl("SUBMIT(total_tsh=40_000_000, farmers=36)", "Roughly forty million shillings for the half year.")])


# -- the heritage railway -------------------------------------------------------------------------------------------
@case("q17_rail_children_fraction_as_percent", "fraction written as percent", "invented", "What share of the passengers were children?")
def _children_fraction() -> Script:
    code = "cyfran = round(trenau.plant.sum() / trenau.teithwyr.sum(), 3)\nprint(cyfran)"
    ctx, ns = with_rail(code)
    c = ns["cyfran"]
    differs(c, round(c * 100, 1))
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), f"FINAL(Children made up {c}% of the passengers this season.)"])


@case("q17_rail_total_transposed", "transposed digits", "invented", "How many passengers did the railway carry this season?")
def _rail_total_transposed() -> Script:
    code = "print(int(trenau.teithwyr.sum()), len(trenau))"
    ctx, ns = with_rail(code)
    k = int(ns["trenau"].teithwyr.sum())
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code),
                        f"FINAL({differs(swap_digits(k), k):,} passengers between Good Friday and the end of June.)"])


@case("q17_rail_refund_threshold_echoed", "number echoed from the question", "invented",
      "The refund rule starts at 30 minutes late. How many trains came back more than 30 minutes late?")
def _threshold_echo() -> Script:
    code = "print(trenau.oedi_yn_ol.describe())"
    ctx, ns = with_rail(code)
    differs(30, int((ns["trenau"].oedi_yn_ol > 30).sum()))
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), "FINAL(30 trains came back more than 30 minutes late, so 30 trainloads "
                                                         "of passengers can claim half their fare back.)"])


@case("q17_rail_filling_called_falling", "trend in the wrong direction", "invented",
      "Did the trains get busier or quieter from April to June?")
def _filling_falling() -> Script:
    code = "y_mis = trenau.groupby(trenau.dydd.dt.month).teithwyr.mean().round(1)\nprint(y_mis)"
    ctx, ns = with_rail(code)
    y = ns["y_mis"]
    assert y[4] < y[5] < y[6]
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code),
                        f"FINAL(Quieter: the average train carried {y[4]} people in April but only {y[6]} in June, so demand faded "
                        "as the season went on.)"])


@case("q17_rail_weekend_weekday_swapped", "two labels' figures swapped", "invented", "Are weekday or weekend trains busier?")
def _rail_swapped() -> Script:
    code = ("trenau['penwythnos'] = trenau.dydd.dt.day_of_week >= 5\nprint(trenau.groupby('penwythnos').teithwyr.mean().round(1))")
    ctx, ns = with_rail(code)
    t = ns["trenau"]
    g = t.groupby("penwythnos").teithwyr.mean().round(1)
    assert g[True] > g[False]
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code),
                        f"FINAL(Weekday trains: they carry {g[True]} passengers on average, against {g[False]} at weekends.)"])


@case("q17_rail_iso_date_in_welsh_log", "none found after searching a date in another format", "invented",
      "Did any trains run on the May Day bank holiday, 6 May 2024?")
def _rail_iso_date() -> Script:
    ctx = {"log_tren": rail_log(), "telerau": RAIL_TERMS}
    code = "mai6 = [l for l in log_tren.splitlines() if '2024-05-06' in l or '06/05/2024' in l]\nprint(len(mai6))"
    assert sum(line.startswith("Llun 6 Mai 2024") and "GADAEL" in line for line in rail_log().splitlines()) > 0
    return Script(ctx, [RAIL_LOOK, repl(code), "FINAL(No. There is nothing in the log for 6 May 2024, so the railway did not "
                                               "run on the bank holiday.)"])


@case("q17_rail_notes_subcall_half", "sub-call over part of the data", "invented", "How many delays did the guard note this season, and why?")
def _notes_half() -> Script:
    ctx = {"log_tren": rail_log(), "telerau": RAIL_TERMS}
    code = f"said = llm_query({NOTES_PROMPT!r} + log_tren[:len(log_tren) // 2])\nprint(said)"
    said = sub_says(NOTES_PROMPT + rail_log()[:len(rail_log()) // 2])
    found = re.match(r"(\d+) delays are noted, (\d+) minutes in all\. (.+?): (\d+) times", said)
    assert found
    n = int(found.group(1))
    differs(n, rail_log().count(" NODYN "))
    return Script(ctx, [RAIL_LOOK, repl(code, "The log is long; the sub-model can go through it."),
                        f"FINAL(The guard noted {n} delays this season, {found.group(2)} minutes in all; {found.group(3)} was the "
                        f"most common cause ({found.group(4)} times).)"], sub=sub_model())


@case("q17_rail_per_train_misrounded", "wrong rounding", "invented", "How many passengers does a train carry on average? A whole number is fine.")
def _per_train_misrounded() -> Script:
    code = "print(trenau.teithwyr.mean())"
    ctx, ns = with_rail(code)
    x = ns["trenau"].teithwyr.mean()
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), f"FINAL({differs(misround(x), round(x))} passengers per train.)"])


@case("q17_rail_may_adults_only", "total of the wrong subset", "invented", "How many people rode the train in May?")
def _may_adults_only() -> Script:
    code = "mai = trenau[trenau.dydd.dt.month == 5]\nprint(int(mai.oedolion.sum()))"
    ctx, ns = with_rail(code)
    mai = ns["mai"]
    wrong = differs(int(mai.oedolion.sum()), int(mai.teithwyr.sum()))
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), f"FINAL({wrong:,} people rode the train in May 2024.)"])


@case("q17_rail_adults_for_children", "figure from the right row but another column", "invented",
      "How many children were on the very first train of the season?")
def _adults_for_children() -> Script:
    code = "print(trenau.iloc[0])"
    ctx, ns = with_rail(code)
    r = ns["trenau"].iloc[0]
    wrong = differs(int(r.oedolion), int(r.plant))
    return Script(ctx, [RAIL_LOOK, PARSE_RAIL, repl(code), f"FINAL({wrong} children were booked on the first train, the 10:00 on Good Friday.)"])


# -- the jute buying centre -----------------------------------------------------------------------------------------
@case("q17_jute_mean_as_median", "mean given as the median", "invented", "What is the median size of a jute purchase, in maunds?")
def _jute_mean_median() -> Script:
    code = "print(k['ওজন_মণ'].describe())"
    ctx, ns = with_jute(code)
    d = ns["k"]["ওজন_মণ"].describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 2))
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), f"FINAL(The median purchase is {wrong} maunds.)"])


@case("q17_jute_maunds_as_kg", "unit misread", "invented", "How many kilograms of jute were bought in all?")
def _maunds_as_kg() -> Script:
    code = "print(round(pat['ক্রয়']['ওজন_মণ'].sum(), 1))"
    ctx = {"pat": jute()}
    mon = round(jute()["ক্রয়"]["ওজন_মণ"].sum(), 1)
    differs(mon, round(mon * MAUND_KG, 1))
    return Script(ctx, [JUTE_LOOK, repl(code), f"FINAL({mon:,.1f} kg of jute were bought this season.)"])


@case("q17_jute_upazila_in_name_column", "nothing found in the wrong column", "invented", "Did we buy any jute from Madhukhali (মধুখালী)?")
def _upazila_in_name() -> Script:
    code = "print(k[k['নাম'].str.contains('মধুখালী')])"
    ctx, ns = with_jute(code)
    differs(0, int((ns["k"]["উপজেলা"] == "মধুখালী").sum()))
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), "FINAL(No, none of this season's purchases came from Madhukhali.)"])


@case("q17_jute_ascending_upazila", "first row of an ascending sort called the highest", "invented",
      "কোন উপজেলা থেকে সবচেয়ে বেশি পাট এসেছে?")
def _ascending_upazila() -> Script:
    code = "print(k.groupby('উপজেলা')['ওজন_মণ'].sum().round(1).sort_values())"
    ctx, ns = with_jute(code)
    u = ns["k"].groupby("উপজেলা")["ওজন_মণ"].sum().round(1).sort_values()
    pick = differs(u.index[0], u.idxmax())
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), f"FINAL({pick} থেকে সবচেয়ে বেশি পাট এসেছে: {bn(f'{u.iloc[0]:.1f}')} মণ।)"])


@case("q17_jute_cumulative_as_september", "cumulative read as the period's value", "invented",
      "How many maunds did we buy in September?")
def _jute_cumulative() -> Script:
    code = ("mas = k.groupby(k['দিন'].dt.month)['ওজন_মণ'].sum().round(1).to_frame('মণ')\n"
            "mas['এ_পর্যন্ত'] = mas['মণ'].cumsum().round(1)\nprint(mas)")
    ctx, ns = with_jute(code)
    m = ns["mas"]
    wrong = differs(m.loc[9, "এ_পর্যন্ত"], m.loc[9, "মণ"])
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(code), f"FINAL({wrong:,.1f} maunds in September 2024.)"])


@case("q17_jute_latin_date_in_bengali_digits", "none found after searching a date in another format", "invented",
      "Did anyone sell jute on the first day, 15 July 2024?")
def _latin_date() -> Script:
    code = "print(pat['ক্রয়'][pat['ক্রয়']['তারিখ'] == '15/07/2024'])"
    ctx = {"pat": jute()}
    assert (jute()["ক্রয়"]["তারিখ"] == "১৫/০৭/২০২৪").sum() > 0
    return Script(ctx, [JUTE_LOOK, repl(code), "FINAL(No. Nobody sold jute on 15 July 2024; the first purchases came later.)"])


@case("q17_jute_receipts_transposed", "transposed digits", "invented", "How many purchase receipts did the centre write this season?")
def _receipts_transposed() -> Script:
    code = "print(len(pat['ক্রয়']), pat['ক্রয়']['রসিদ_নং'].nunique())"
    ctx = {"pat": jute()}
    n = len(jute()["ক্রয়"])
    return Script(ctx, [JUTE_LOOK, repl(code), f"FINAL({differs(swap_digits(n), n)} receipts.)"])


@case("q17_jute_september_called_falling", "trend in the wrong direction", "invented",
      "Did jute prices go up or down once the mills started buying in September?")
def _sept_falling() -> Script:
    ctx, ns = with_jute(MONTHLY_PRICE)
    p = ns["mas"]["দর"]
    assert p[9] > p[8]
    return Script(ctx, [JUTE_LOOK, PARSE_JUTE, repl(MONTHLY_PRICE),
                        f"FINAL(Down: the average price slipped from ৳{p[9]:,.1f} a maund to ৳{p[8]:,.1f} as the mills came in and "
                        "supply outran demand.)"])


# -- the Parmigiano-Reggiano dairy ----------------------------------------------------------------------------------
@case("q17_dairy_scarto_fraction_as_percent", "fraction written as percent", "invented", "What percentage of the graded wheels were rejected?")
def _scarto_fraction() -> Script:
    code = "quota = round((forme.esito == 'Scarto').sum() / forme.esito.notna().sum(), 3)\nprint(quota)"
    ctx, ns = with_dairy(code)
    q = ns["quota"]
    differs(q, round(q * 100, 1))
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), f"FINAL({q}% of the graded wheels were rejected as Scarto, almost none.)"])


@case("q17_dairy_grading_wrong_year", "wrong year", "invented", "When were the first wheels of 2023 graded?")
def _grading_year() -> Script:
    code = "esp = pd.to_datetime(forme.data_esp, format='%d/%m/%Y')\nprint(esp.min(), esp.max())"
    ctx, ns = with_dairy(code)
    first = ns["esp"].min()
    wrong = differs(first.replace(year=2023), first)
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), f"FINAL(The first wheels were graded on {wrong:%-d %B %Y}.)"])


@case("q17_dairy_all_passed_from_head", "sample generalized to the whole", "invented", "Did all the 2023 wheels pass the grading?")
def _all_passed_head() -> Script:
    ctx, ns = with_dairy("")
    f = ns["forme"]
    assert dairy_json()[:900].count('"esito": "Parmigiano Reggiano"') == 2 and '"Scarto"' not in dairy_json()[:900]
    differs(1.0, round(float((f.esito == "Parmigiano Reggiano").sum() / f.esito.notna().sum()), 3))
    return Script(ctx, [DAIRY_LOOK, "FINAL(Yes: every wheel that has been graded was branded Parmigiano Reggiano, with no defects.)"])


@case("q17_dairy_defects_subcall_part", "sub-call over part of the data", "invented", "Which defects got wheels downgraded, and how often?")
def _defects_part() -> Script:
    ctx = {"caseificio": dairy_json()}
    code = f"said = llm_query({DEFECTS_PROMPT!r} + caseificio[:60000])\nprint(said)"
    said = sub_says(DEFECTS_PROMPT + dairy_json()[:60000])
    found = re.match(r"(\d+) wheels, (\d+) defects named\. The most common is (\w+) \((\d+)\)", said)
    assert found
    differs(int(found.group(1)), dairy_json().count('"esito": "Mezzano"') + dairy_json().count('"esito": "Scarto"'))
    return Script(ctx, [DAIRY_LOOK, repl(code, "The document is long; I'll pass it to a sub-model."),
                        f"FINAL({found.group(1)} wheels were downgraded, with {found.group(2)} defects between them; the most common "
                        f"was {found.group(3)} ({found.group(4)} wheels).)"], sub=sub_model())


@case("q17_dairy_first_lot_month_first", "date format misread", "invented", "Quando è stato prodotto il primo lotto del 2023?")
def _first_lot_misread() -> Script:
    code = "print(json.loads(caseificio)['lotti'][0]['lotto'], json.loads(caseificio)['lotti'][0]['data_produzione'])"
    ctx = {"caseificio": dairy_json()}
    first = json.loads(dairy_json())["lotti"][0]["data_produzione"]
    d, mo, y = (int(x) for x in first.split("/"))
    assert d <= 12
    wrong = differs(pd.Timestamp(y, d, mo), pd.Timestamp(y, mo, d))
    months = {1: "gennaio", 3: "marzo"}
    return Script(ctx, [DAIRY_LOOK, repl("import json\n" + code), f"FINAL(Il primo lotto è stato prodotto il {wrong.day} {months[wrong.month]} {wrong.year}.)"])


@case("q17_dairy_scarto_in_defects_column", "zero after filtering the wrong column", "invented", "How many wheels were rejected outright?")
def _scarto_wrong_column() -> Script:
    code = "print((forme.difetti == 'Scarto').sum())"
    ctx, ns = with_dairy(code)
    differs(0, int((ns["forme"].esito == "Scarto").sum()))
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), "FINAL(None: not a single wheel was rejected.)"])


@case("q17_dairy_heaviest_from_head", "maximum picked from a partial table", "invented", "What did the heaviest wheel weigh at one month?")
def _heaviest_head() -> Script:
    code = "print(forme[['matricola', 'kg_1m']].head(10))"
    ctx, ns = with_dairy(code)
    f = ns["forme"]
    seen = differs(f.head(10).kg_1m.max(), f.kg_1m.max())
    who = f.head(10).loc[f.head(10).kg_1m.idxmax(), "matricola"]
    return Script(ctx, [DAIRY_LOOK, PARSE_DAIRY, repl(code), f"FINAL({seen} kg: wheel {who} was the heaviest at one month.)"])


# -- the ski jumping weekend ----------------------------------------------------------------------------------------
@case("q17_ski_second_called_winner", "second row called the top", "invented", "Who won on Sunday?")
def _second_winner() -> Script:
    ctx, ns = with_ski(SUN_FINAL)
    d = ns["dum2"]
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(SUN_FINAL),
                        f"FINAL({differs(d['name'].iloc[1], d['name'].iloc[0])} won on Sunday with {d.total.iloc[1]} points.)"])


@case("q17_ski_round_points_as_total", "figure from the right row but another column", "invented", "What was Ema Bogataj's total on Sunday?")
def _round_as_total() -> Script:
    code = "print(jumps[(jumps.name == 'BOGATAJ Ema') & (jumps.comp == 'Sun')][['round', 'dist', 'points', 'total']])"
    ctx, ns = with_ski(code)
    j = ns["jumps"]
    b = j[(j.name == "BOGATAJ Ema") & (j.comp == "Sun")]
    wrong = differs(b.points.iloc[0], b.total.iloc[1])
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), f"FINAL(Ema Bogataj scored {wrong} points in total on Sunday.)"])


@case("q17_ski_nation_in_name_column", "zero after filtering the wrong column", "invented", "How many Slovenian jumps were there over the weekend?")
def _nation_in_name() -> Script:
    code = "print(len(jumps[jumps.name == 'SLO']))"
    ctx, ns = with_ski(code)
    differs(0, int((ns["jumps"].nat == "SLO").sum()))
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), "FINAL(0: no Slovenian jumper took part this weekend.)"])


@case("q17_ski_kpoint_echoed", "number echoed from the question", "invented",
      "The K-point is 90 m. How many of Saturday's first-round jumps reached it?")
def _kpoint_echo() -> Script:
    code = "sat1 = jumps[(jumps.comp == 'Sat') & (jumps['round'] == 1)]\nprint(sat1.dist.describe())"
    ctx, ns = with_ski(code)
    differs(90, int((ns["sat1"].dist >= 90).sum()))
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), "FINAL(90 of Saturday's first-round jumps reached the K-point.)"])


@case("q17_ski_frame_for_one_distance", "table returned for one figure", "invented", "How far did Logar jump in Saturday's final round?")
def _frame_one_distance() -> Script:
    code = "logar = jumps[jumps.name == 'LOGAR Tina']\nprint(logar[['comp', 'round', 'dist', 'points']])"
    ctx, _ = with_ski(code)
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), "FINAL_VAR(logar)"])


@case("q17_ski_absent_jumper", "label absent from the data", "invented", "Who jumped furthest on Sunday?")
def _absent_jumper() -> Script:
    code = "sun = jumps[jumps.comp == 'Sun']\nprint(sun.dist.max())"
    ctx, ns = with_ski(code)
    assert "KRAMER" not in jumping_results()
    return Script(ctx, [SKI_LOOK, PARSE_SKI, repl(code), f"FINAL(Marita Kramer (AUT), with {ns['sun'].dist.max()} m.)"])


# -- the elk hunt ---------------------------------------------------------------------------------------------------
@case("q17_elk_weight_before_correction", "stale figure before a correction", "invented", "What is the total carcass weight so far?")
def _elk_stale() -> Script:
    first = "print(round(jakt.slaktvikt_kg.sum(), 1))"
    fixed = "print(jakt[jakt.anteckning != ''])\nprint(round(algar.slaktvikt_kg.sum(), 1))"
    ctx, ns = with_elk(first + "\n" + fixed)
    stale = differs(round(ns["jakt"].slaktvikt_kg.sum(), 1), round(ns["algar"].slaktvikt_kg.sum(), 1))
    return Script(ctx, [ELK_LOOK, repl(first), PARSE_ELK, repl(fixed, "There is a rättelse row; checking what it changes."),
                        f"FINAL({sv(stale)} kg carcass weight so far.)"])


@case("q17_elk_bull_cow_swapped", "two labels' figures swapped", "invented", "Are the bulls much heavier than the cows?")
def _bull_cow_swapped() -> Script:
    code = "vuxna = algar[algar['ålder'] == 'vuxen']\nprint(vuxna.groupby('kön').slaktvikt_kg.mean().round(1))"
    ctx, ns = with_elk(code)
    g = ns["vuxna"].groupby("kön").slaktvikt_kg.mean().round(1)
    assert g["hane"] > g["hona"]
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code),
                        f"FINAL(No, the other way round: the cows average {g['hane']} kg carcass weight and the bulls {g['hona']} kg.)"])


@case("q17_elk_running_count_as_day", "cumulative read as the period's value", "invented", "Hur många älgar sköts den 21 september?")
def _running_as_day() -> Script:
    code = "print(algar[algar.datum == '2024-09-21'][['nr', 'tid', 'skytt', 'fällda_hittills']])"
    ctx, ns = with_elk(code)
    d = ns["algar"][ns["algar"].datum == "2024-09-21"]
    wrong = differs(int(d.fällda_hittills.max()), len(d))
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), f"FINAL({wrong} älgar sköts den 21 september.)"])


@case("q17_elk_bull_share_wrong_base", "wrong denominator", "invented", "What share of the adult elk shot were bulls?")
def _bull_share() -> Script:
    code = "tjurar = ((algar['ålder'] == 'vuxen') & (algar['kön'] == 'hane')).sum()\nprint(tjurar, len(algar))"
    ctx, ns = with_elk(code)
    a = ns["algar"]
    k = int(ns["tjurar"])
    wrong = differs(round(k / len(a) * 100, 1), round(k / int((a["ålder"] == "vuxen").sum()) * 100, 1))
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), f"FINAL({wrong}% of the adults shot were bulls ({k} bulls).)"])


@case("q17_elk_frame_for_september", "table returned for one figure", "invented", "Hur många älgar sköts i september?")
def _frame_september() -> Script:
    code = "sept = algar[algar['när'].dt.month == 9]\nprint(sept[['nr', 'datum', 'skytt', 'ålder']])"
    ctx, _ = with_elk(code)
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), "FINAL_VAR(sept)"])


@case("q17_elk_absent_drive", "label absent from the data", "invented", "Which drive has given the most elk?")
def _absent_drive() -> Script:
    code = "print(algar['såt'].value_counts())"
    ctx, ns = with_elk(code)
    assert "Granbacken" not in set(ns["algar"]["såt"])
    return Script(ctx, [ELK_LOOK, PARSE_ELK, repl(code), f"FINAL(Granbacken, with {ns['algar']['såt'].value_counts().max()} elk.)"])


# -- the radiosonde ascents -----------------------------------------------------------------------------------------
@case("q17_sonde_knots_as_kmh", "unit misread", "invented", "What was the strongest wind any sonde measured?")
def _knots_as_kmh() -> Script:
    code = "print(lev.wspd.max(), lev.loc[lev.wspd.idxmax(), 'hgt'])"
    ctx, ns = with_sonde(code)
    kt = int(ns["lev"].wspd.max())
    differs(kt, round(kt * 1.852))
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), f"FINAL({kt} km/h, in the jet stream at about 10 km.)"])


@case("q17_sonde_first_launch_wrong_year", "wrong year", "invented", "When was the first sonde of the month launched?")
def _launch_wrong_year() -> Script:
    code = "print(asc.launch.min())"
    ctx, ns = with_sonde(code)
    first = ns["asc"].launch.min()
    wrong = differs(first.replace(year=2024), first)
    return Script(ctx, [SONDE_LOOK, PARSE_SONDE, repl(code), f"FINAL(On {wrong:%-d %B %Y} at {wrong:%H:%M} UTC.)"])


@case("q17_sonde_burst_from_memory", "plausible figure from memory", "invented", "How high do the balloons burst, on average?")
def _burst_memory() -> Script:
    ctx, ns = with_sonde("")
    differs(25, round(ns["asc"][ns["asc"].end == "BURST"].top_m.mean() / 1000))
    return Script(ctx, [SONDE_LOOK, "FINAL(Around 25 km, which is typical for radiosonde balloons.)"])


@case("q17_sonde_answer_literal_freezing", "literal typed into a code answer", "invented", "How high was the freezing level on average this month?")
def _freezing_literal() -> Script:
    ctx, ns = with_sonde("")
    lev = ns["lev"]
    differs(1000, round(lev[lev.temp <= 0].groupby("nominal").hgt.first().mean(), -2))
    return Script(ctx, [SONDE_LOOK, repl('answer = {"content": "The freezing level averaged about 1,000 m in January.", "ready": True}')])


@case("q17_sonde_surface_from_first_block", "sample generalized to the whole", "invented", "How cold did it get at the surface at launch time?")
def _surface_first_block() -> Script:
    ctx, ns = with_sonde("")
    first = float(soundings().splitlines()[2].split()[3])
    differs(first, ns["lev"][ns["lev"].t_s == 0].temp.min())
    return Script(ctx, [SONDE_LOOK, f"FINAL(Not very: the surface was at {first} °C when the sondes went up, so it never froze at "
                                    "ground level.)"])


# -- the river-boat tickets -----------------------------------------------------------------------------------------
@case("q17_boat_mean_as_median", "mean given as the median", "invented", "What is the median ticket price?")
def _boat_mean_median() -> Script:
    code = "print(validos.valor.describe())"
    ctx, ns = with_boat(code)
    d = ns["validos"].valor.describe()
    wrong = differs(round(d["mean"], 2), d["50%"])
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL(The median ticket costs {brl(wrong)}.)"])


@case("q17_boat_tickets_as_passengers", "rows counted instead of distinct", "invented", "Quantos passageiros diferentes viajaram com a empresa?")
def _tickets_as_passengers() -> Script:
    code = "print(len(validos))"
    ctx, ns = with_boat(code)
    v = ns["validos"]
    n = differs(len(v), v.passageiro_cpf.nunique())
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL({n:,} passageiros diferentes.)".replace(",", ".")])


@case("q17_boat_revenue_before_refunds", "stale figure before a correction", "invented", "What has the company taken in from tickets, net?")
def _boat_stale() -> Script:
    first = "print(bil[bil.situacao == 'EMITIDO'].valor.sum())"
    fixed = "print(bil.situacao.value_counts())\nprint(bil.valor.sum())"
    ctx, ns = with_boat(first + "\n" + fixed)
    b = ns["bil"]
    stale = differs(b[b.situacao == "EMITIDO"].valor.sum(), b.valor.sum())
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(first), repl(fixed, "There are ESTORNO rows too; checking the net."),
                        f"FINAL(The company has taken in {brl(stale)} net from ticket sales.)"])


@case("q17_boat_destination_in_boat_column", "nothing found in the wrong column", "invented", "Did anyone buy a ticket to Belém?")
def _belem_wrong_column() -> Script:
    code = "print(validos[validos.embarcacao.str.contains('Belém')])"
    ctx, ns = with_boat(code)
    differs(0, int((ns["validos"].trecho == "Manaus → Belém").sum()))
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), "FINAL(No: nobody has bought a ticket to Belém.)"])


@case("q17_boat_ascending_route", "first row of an ascending sort called the highest", "invented", "Qual trecho fatura mais?")
def _ascending_route() -> Script:
    code = "print(bil.groupby('trecho').valor.sum().sort_values())"
    ctx, ns = with_boat(code)
    r = ns["bil"].groupby("trecho").valor.sum().sort_values()
    pick = differs(r.index[0], r.idxmax())
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL({pick}, com {brl(r.iloc[0])}.)"])


@case("q17_boat_sales_fall_as_rise", "decrease reported as a rise", "invented", "How did ticket sales change from January to February?")
def _sales_rise() -> Script:
    code = "mes = bil.groupby(bil.data_venda.dt.month).valor.sum()\nprint(mes)\nprint(round((mes[2] / mes[1] - 1) * 100, 1))"
    ctx, ns = with_boat(code)
    m = ns["mes"]
    pct = round((m[2] / m[1] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL(Sales grew {abs(pct)}% from January to February, helped by Carnival.)"])


@case("q17_boat_trip_date_month_first", "date format misread", "invented", "Quando é a viagem do bilhete EXP-00002?")
def _trip_misread() -> Script:
    ctx = {"passagens": boat_tickets()}
    code = "print([l for l in passagens.splitlines() if l.startswith('EXP-00002;')])"
    line = next(x for x in boat_tickets().splitlines() if x.startswith("EXP-00002;"))
    d, mo, y = (int(x) for x in line.split(";")[2].split("/"))
    assert d <= 12 and d != mo
    wrong = differs(pd.Timestamp(y, d, mo), pd.Timestamp(y, mo, d))
    meses = {1: "janeiro", 12: "dezembro"}
    return Script(ctx, [BOAT_LOOK, repl(code), f"FINAL(A viagem do bilhete EXP-00002 é em {wrong.day} de {meses[wrong.month]} de {wrong.year}.)"])


@case("q17_boat_belem_refund_share_wrong_base", "wrong denominator", "invented", "What share of Belém tickets were refunded?")
def _belem_share() -> Script:
    code = "bel = bil[bil.trecho == 'Manaus → Belém']\nk = (bel.situacao == 'ESTORNO').sum()\nprint(k, bil.bilhete.nunique())"
    ctx, ns = with_boat(code)
    b, k = ns["bil"], int(ns["k"])
    wrong = differs(round(k / b.bilhete.nunique() * 100, 2), round(k / ns["bel"].bilhete.nunique() * 100, 2))
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL({wrong}% of Belém tickets were refunded ({k} refunds).)"])


@case("q17_boat_january_trips_by_sale_date", "total of the wrong subset", "invented", "How much did the January departures bring in?")
def _january_wrong_subset() -> Script:
    code = "jan = validos[validos.data_venda.dt.month == 1]\nprint(jan.valor.sum())"
    ctx, ns = with_boat(code)
    v = ns["validos"]
    wrong = differs(ns["jan"].valor.sum(), v[v.data_viagem.dt.month == 1].valor.sum())
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL(The January departures brought in {brl(wrong)}.)"])
