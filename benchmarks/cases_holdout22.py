"""Acceptance cases, the twenty-second held-out set: written apart from the gates, to be measured only for its aggregate figures.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy; while it is held out, it is measured only for its aggregate figures, never read case by case. Run: ``python -m
benchmarks.acceptance --cases benchmarks.cases_holdout22``. The cases are written as a capable model writes its answers
(legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``
(the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``q22_``. About
three quarters of the questions are in English (58 of 78); the rest are in Faroese, Armenian and Amharic, and the answers
write numbers, dates and money as those locales do (``4.640.580,90 kr.``, ``4,6 mió. kr.``, ``15,82 kg``, ``50,5 %``,
``2024 թ. հոկտեմբերի 11-ին``, ``4,8 հազ. լիտր``, ``27 500 ֏``, ``−2,1 °Bx``, ``1,344.5 ኪሎ``, ``ከጃንዋሪ 1 እስከ ኤፕሪል 30``),
with degrees Brix that end below zero, litres of wine per 100 kg of grapes, carcass weights per lamb and per reindeer,
and air temperatures far below zero.

Size: 44 legitimate answers covering all 33 legitimate classes (one or two each) and 34 invented or misread ones covering
all 29 invented classes (one or two each).

Before it was handed over, each case was built and its replies' code (and the code of its ``after`` turns) run in a
plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls), only to check
that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's look and parse steps, as the ``with_*`` helpers do); every invented figure
or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Faroese slaughterhouse's autumn 2024 lamb intake (a
DataFrame with Faroese column names, days written ``16. september 2024``, deliveries by farmer, village and island,
lambs, condemned carcasses left out of the weight, grades A to C with a price in kroner per kg, the vet's remarks in
Faroese, and a ``Rætting`` row at the end that re-weighs an earlier delivery), an Areni winery's 2024 karas log as text
(Armenian event names, ``dd.mm.yyyy HH:MM`` stamps, twelve clay jars filled, measured twice a day for sugar and
temperature with decimal commas, two that ran too hot, the cellar master's notes in Armenian, pressings in litres, the
last two jars not pressed yet) with its tasting-room terms and prices in dram as a bilingual markdown document, a Debre
Markos grain mill's first four months of 2024 as a dict of three tables to join (customers by kebele and kind,
milling fees per grain, orders with Amharic column names, day-first ``05/03/2024`` dates, orders on credit, days
without power, and the shiro chickpeas that jump in Lent), and a Sámi reindeer herding district's separation
roundups of the 2024/25 season as nested JSON with Northern Sámi keys (roundups from October 2024 to January 2025 at
four places, temperatures down to −26 °C, reindeer counted by owner and earmark and by kind, animals slaughtered, carcass
weights still ``null`` for the last roundup, strays from other districts). Each frame builder returns a fresh copy
(model code may change a frame in place).
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
# -- a Faroese slaughterhouse's autumn lamb intake (Faroese column names, days written "16. september 2024") --------
FO_MONTHS = ["januar", "februar", "mars", "apríl", "mai", "juni", "juli", "august", "september", "oktober", "november",
             "desember"]
FO_ISLANDS = {"Eysturoy": (["Skáli", "Gøta", "Strendur", "Eiði"], .3), "Streymoy": (["Kvívík", "Hvalvík", "Kollafjørður"], .22),
              "Vágar": (["Sandavágur", "Miðvágur", "Bøur"], .16), "Sandoy": (["Sandur", "Skopun", "Húsavík"], .14),
              "Suðuroy": (["Tvøroyri", "Vágur", "Hov", "Sumba"], .18)}
FO_FARMERS = ["Jógvan Joensen", "Heðin Hansen", "Rúni Poulsen", "Sunnvá Olsen", "Bárður Jacobsen", "Eyðun Dam",
              "Marjun Djurhuus", "Turið Petersen", "Hallur Nielsen", "Óli Jákup Rasmussen", "Guðrið Mikkelsen",
              "Sjúrður Joensen", "Ragnhild Lamhauge", "Tróndur Patursson", "Annika Hoydal", "Bogi Niclasen",
              "Kristian Zachariasen", "Elin Næs", "Pætur Lützen", "Rannvá Højgaard", "Símun Hentze", "Durita Vang",
              "Jákup Mortensen", "Sólrun Thomsen", "Hanus Ellefsen", "Beinta Reinert", "Finnbogi Ísaksen", "Ása Kjærbo",
              "Regin Jensen", "Katrin Dahl", "Magnus Weihe", "Gunnvá Heinesen"]
FO_PRICE = {"A": 96.0, "B": 88.0, "C": 71.0}
FO_REMARKS = ["Sjúk livur", "Brotið bein", "Ov feitt", "Ov magurt", "Skitin ull"]
FO_REMARKS_EN = {"Sjúk livur": "diseased liver", "Brotið bein": "broken bone", "Ov feitt": "too fat", "Ov magurt": "too lean",
                 "Skitin ull": "dirty wool"}


def fo_day(d: pd.Timestamp) -> str:
    return f"{d.day}. {FO_MONTHS[d.month - 1]} {d.year}"


def slakt() -> pd.DataFrame:
    """A fresh copy for every run: model code may change a frame in place."""
    return _slakt().copy()


@functools.lru_cache(maxsize=1)
def _slakt(seed: int = 2201) -> pd.DataFrame:
    """Sláturhúsið á Skála's autumn 2024 lamb intake, Monday 16 September to Thursday 31 October: one row per delivery
    (``innlegg``), the day written the Faroese way (``16. september 2024``), the farmer, village and island, lambs
    delivered, carcass weight in kg (condemned carcasses left out), the grade (A, B, C by weight and fat), the price in
    kr. per kg of the grade, the amount paid and the vet's remark (often none). Lambs grow heavier into October; the
    Suðuroy flocks are the heaviest. A last row corrects an earlier delivery's weighing (``rætting``)."""
    rng = np.random.default_rng(seed)
    islands = list(FO_ISLANDS)
    home = rng.choice(islands, len(FO_FARMERS), p=[v[1] for v in FO_ISLANDS.values()])
    village = [str(rng.choice(FO_ISLANDS[i][0])) for i in home]
    flock = rng.integers(30, 170, len(FO_FARMERS))
    days = [d for d in pd.date_range("2024-09-16", "2024-10-31") if d.day_of_week < 4 or (d.day_of_week == 4 and d.day % 2)]
    base = {"Eysturoy": 15.4, "Streymoy": 15.0, "Vágar": 14.6, "Sandoy": 15.2, "Suðuroy": 16.6}
    rows = []
    for i, name in enumerate(FO_FARMERS):
        left = int(flock[i])
        trips = int(rng.integers(2, 6)) if left > 50 else int(rng.integers(1, 3))
        picks = sorted(rng.choice(len(days), trips, replace=False))
        for t, p in enumerate(picks):
            day = days[int(p)]
            lambs = left if t == trips - 1 else int(rng.integers(6, max(7, left // 2)))
            left -= lambs
            condemned = int(rng.random() < 0.12) + int(rng.random() < 0.03)
            weeks = (day - pd.Timestamp("2024-09-16")).days / 7
            per = rng.normal(base[str(home[i])] + 0.18 * weeks, 0.9)
            kg = round(float(per * (lambs - condemned)), 1)
            grade = "A" if per > 15.9 else "B" if per > 14.3 else "C"
            remark = str(rng.choice(FO_REMARKS, p=[.3, .15, .2, .2, .15])) if condemned or rng.random() < 0.18 else ""
            rows.append([day, name, village[i], str(home[i]), lambs, condemned, kg, grade, remark])
    rows.sort(key=lambda r: (r[0], r[1]))
    frame = pd.DataFrame(rows, columns=["d", "bóndi", "bygd", "oyggj", "lomb", "kasserað", "kropsvekt_kg", "flokkur",
                                        "viðmerking"])
    frame.insert(0, "nr", [f"SK-{k + 1:04d}" for k in range(len(frame))])
    frame.insert(1, "dagur", [fo_day(d) for d in frame.d])
    frame["prísur_kr_kg"] = frame.flokkur.map(FO_PRICE)
    frame["upphædd_kr"] = (frame.kropsvekt_kg * frame.prísur_kr_kg).round(2)
    frame = frame.drop(columns="d")
    fix = frame.iloc[int(len(frame) * 0.4)].copy()
    fix["kropsvekt_kg"] = round(float(fix["kropsvekt_kg"]) - 12.5, 1)
    fix["upphædd_kr"] = round(float(fix["kropsvekt_kg"]) * float(fix["prísur_kr_kg"]), 2)
    fix["viðmerking"] = "Rætting: vigað umaftur, kemur í staðin fyri fyrru vigingina"
    frame = pd.concat([frame, fix.to_frame().T], ignore_index=True)
    return frame.astype({"lomb": int, "kasserað": int, "kropsvekt_kg": float, "prísur_kr_kg": float, "upphædd_kr": float})


# -- an Areni winery's karas log (Armenian event names, days written 05.10.2024, decimal commas) and its tasting terms --
HY_VARIETIES = {"Արենի": .5, "Ոսկեհատ": .3, "Խնդողնի": .2}
HY_PLOTS = ["Արենի", "Ռինդ", "Աղավնաձոր", "Խաչիկ"]
HY_NOTES = {"hot": "Ջերմաստիճանը բարձր է, կարասը սառեցրինք սառը ջրով",
            "slow": "Խմորումը դանդաղել է, ավելացրինք խմորասնկեր",
            "punch": "Կեղևի գլխարկը չոր էր, խառնեցինք երեք անգամ",
            "smell": "Ծծմբի թեթև հոտ, օդափոխեցինք"}
HY_NOTES_EN = {"hot": "the must ran too hot and the karas was cooled with cold water",
               "slow": "fermentation slowed and yeast was added",
               "punch": "the cap of skins dried out and was punched down three times",
               "smell": "a light sulphur smell, so the must was aerated"}


def hy(x: float, decimals: int = 1) -> str:
    """Armenian digits: a space for thousands and a decimal comma, ``1 234,5``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


@functools.lru_cache(maxsize=1)
def karas_log(seed: int = 2202) -> str:
    """Areni Gyugh winery's 2024 fermentation log: twelve clay karases (K01 to K12) filled with grapes between 21
    September and 9 October (ԼՑՈՒՄ: the variety, kg of grapes, the vineyard), measured twice a day (ՉԱՓՈՒՄ: sugar in
    °Brix, which ends a little below zero once the must is dry, and temperature in °C, with decimal commas), the cellar
    master's notes (ՆՇՈՒՄ, in Armenian) and the pressing (ՃԶՄՈՒՄ: litres of new wine). Stamps are ``dd.mm.yyyy HH:MM``;
    the log runs to 17 October, and the last two karases are not pressed yet."""
    rng = np.random.default_rng(seed)
    events: list[tuple[pd.Timestamp, str]] = []
    fills = sorted(pd.Timestamp("2024-09-20") + pd.Timedelta(days=int(d)) for d in rng.integers(0, 20, 12))
    fills[-1] = pd.Timestamp("2024-10-09")
    end = pd.Timestamp("2024-10-17 23:59")
    for k, day in enumerate(fills, 1):
        kid = f"K{k:02d}"
        variety = str(rng.choice(list(HY_VARIETIES), p=list(HY_VARIETIES.values())))
        kg = int(round(rng.normal(760, 90), -1))
        start = day + pd.Timedelta(hours=int(rng.integers(9, 16)), minutes=int(rng.integers(0, 60)))
        events.append((start, f"ԼՑՈՒՄ կարաս={kid} սորտ={variety} կգ={kg} այգի={rng.choice(HY_PLOTS)}"))
        brix = float(rng.normal(23.6 if variety == "Արենի" else 22.2, 0.6))
        temp = float(rng.normal(17.5, 1.0))
        lag = float(rng.uniform(0.8, 1.6))
        hot = k in (4, 9)
        t = day.normalize() + pd.Timedelta(days=1, hours=8)
        pressed = False
        while t < end:
            for hour in (8, 19):
                stamp = t.normalize() + pd.Timedelta(hours=hour, minutes=int(rng.integers(0, 40)))
                if stamp <= start or stamp > end:
                    continue
                days_in = (stamp - start).total_seconds() / 86400
                active = days_in > lag
                temp += (float(rng.normal(1.3 if active and brix > 8 else -0.8, 0.4)) / 2)
                if hot and 8 < brix < 16:
                    temp += 1.6
                temp = float(np.clip(temp, 14.0, 32.5))
                rate = (0.045 + 0.012 * (temp - 18)) * (1 if active else 0.15) * (0.45 if k == 6 and 3 < brix < 9 else 1)
                brix -= max(0.0, rate * 12 * float(rng.uniform(0.85, 1.15)))
                brix = max(brix, -1.9 + float(rng.normal(0, 0.1)))
                events.append((stamp, f"ՉԱՓՈՒՄ կարաս={kid} բրիքս={brix:.1f} ջերմ={temp:.1f}".replace(".", ",")))
                if hot and temp > 29 and not any(kid in e and "ՆՇՈՒՄ" in e for _, e in events):
                    events.append((stamp + pd.Timedelta(minutes=25), f"ՆՇՈՒՄ կարաս={kid} \"{HY_NOTES['hot']}\""))
                    temp -= 5.5
                if k == 6 and 3 < brix < 9 and not any(kid in e and HY_NOTES["slow"] in e for _, e in events):
                    events.append((stamp + pd.Timedelta(minutes=30), f"ՆՇՈՒՄ կարաս={kid} \"{HY_NOTES['slow']}\""))
                if rng.random() < 0.05 and brix > 5:
                    note = str(rng.choice(["punch", "smell"], p=[.6, .4]))
                    events.append((stamp + pd.Timedelta(minutes=20), f"ՆՇՈՒՄ կարաս={kid} \"{HY_NOTES[note]}\""))
                if brix < -1.0 and not pressed and days_in > 9:
                    when = stamp.normalize() + pd.Timedelta(days=1, hours=int(rng.integers(10, 16)), minutes=int(rng.integers(0, 60)))
                    if when < end:
                        litres = round(kg * float(rng.normal(0.66 if variety == "Արենի" else 0.62, 0.015)))
                        events.append((when, f"ՃԶՄՈՒՄ կարաս={kid} լիտր={litres}"))
                    pressed = True
            if pressed:
                break
            t += pd.Timedelta(days=1)
    events.sort(key=lambda e: e[0])
    return "\n".join(f"{t:%d.%m.%Y %H:%M} {text}" for t, text in events) + "\n"


ARENI_TERMS = """# Արենի Գյուղ Գինետուն — Areni Gyugh Winery

Համտես և էքսկուրսիա 2024 / Tastings and tours 2024

The tasting room is open Tuesday to Sunday, 11:00 to 19:00. It is closed on Mondays, and on 1 January and 6 January.
During the Areni Wine Festival (the first Saturday of October) we open at 10:00 and take no bookings.

## Գներ / Prices

| Ծառայություն / Service | Գին / Price |
| --- | --- |
| Համտես, 3 գինի / Tasting, 3 wines | 5 000 ֏ |
| Համտես, 5 գինի / Tasting, 5 wines | 8 000 ֏ |
| Կարասների մառան / Karas cellar tour (45 min) | 3 000 ֏ |
| Պանրի ափսե / Cheese and lavash plate | 4 500 ֏ |
| Խաղողի հյութ / Grape juice (children) | 1 000 ֏ |

Children under 12 join the cellar tour free of charge; nobody under 18 is served wine. Groups of 10 or more get 15% off
tastings and tours (not the cheese plate). Prices include VAT.

## Շշեր / Bottles to take away

- Areni Noir 2022, oak-free: 9 500 ֏
- Voskehat 2023: 7 000 ֏
- Karas Reserve Areni 2021, aged in clay: 18 000 ֏
- Khndoghni 2023: 8 500 ֏

A box of six bottles of the same wine costs the price of five. We ship within Armenia only (2 500 ֏ a box).

## Վճարում / Payment

Cash in dram, or by card. No US dollars or euros are accepted at the till.
"""


# -- a Debre Markos grain mill's customers, fees and milling orders (a dict of three tables, Amharic names) -------------
AM_GRAINS = {"ነጭ ጤፍ": (3.0, .3), "ቀይ ጤፍ": (2.75, .18), "ስንዴ": (2.0, .17), "በቆሎ": (1.75, .14), "ገብስ": (2.0, .09),
             "ሽምብራ": (3.5, .12)}
AM_NAMES = ["አበበ በቀለ", "ትግስት ኃይሉ", "መሰረት ደምሴ", "ዮሐንስ ታደሰ", "ሰላማዊት ገብሩ", "ብርሃኑ አለሙ", "አስቴር ወልዴ", "ዳዊት መንግስቱ",
            "ፋሲካ ተስፋዬ", "ሄኖክ ሙሉጌታ", "ቤተልሔም ካሳ", "ተሾመ ገብረ ማርያም", "ዘውዲቱ አበራ", "ሳሙኤል ጌታቸው", "ማርታ ይልማ", "ኤፍሬም ሽፈራው",
            "ትዕግስት በላይ", "ግርማ ወርቁ", "ሕይወት ደሳለኝ", "ካሳሁን ዘለቀ", "የሺ ንጉሤ", "ሙሉቀን አሰፋ", "ብዙአየሁ ጥላሁን", "ሮማን ታምሩ",
            "ሲሳይ ፈለቀ", "አልማዝ ከበደ", "ደረጄ ሀብቴ", "ፀሐይ ለማ", "ጌታነህ ምህረቱ", "እመቤት ሞገስ", "አዲሱ ቦጋለ", "ወይንሸት ግርማ",
            "ሆቴል ጣና", "ሆቴል ጮቄ", "ምግብ ቤት አባይ", "ሆቴል ዓባይ ማዶ"]
AM_TYPES = {"ቤተሰብ": "household", "እንጀራ ጋጋሪ": "injera baker", "ሆቴል": "hotel or restaurant"}
TYPE_TASTE = {"ቤተሰብ": [1.0, 1.0, 1.0, 1.2, 1.3, 1.0], "እንጀራ ጋጋሪ": [2.2, 1.6, .2, .1, .1, .1], "ሆቴል": [.8, .4, 1.8, .5, .3, 2.2]}


def birr(x: float, decimals: int = 2) -> str:
    """Ethiopian money as the mill writes it: ``1,234.50 ብር``."""
    return f"{x:,.{decimals}f} ብር"


def wefcho() -> dict[str, pd.DataFrame]:
    """The mill's three tables, as a dict: customers, the fee list and the orders (each order names a customer and a grain)."""
    return {name: frame.copy() for name, frame in _wefcho().items()}


@functools.lru_cache(maxsize=1)
def _wefcho(seed: int = 2203) -> dict[str, pd.DataFrame]:
    """A grain mill (ወፍጮ ቤት) in Debre Markos, 1 January to 30 April 2024: customers (a household, an injera baker or a
    hotel, by kebele), the milling fee in birr per kg of each grain, and the orders (the day written day first,
    ``05/03/2024``, kg milled, the fee, paid or on credit, ``ዱቤ``). Lent (11 March to 4 May 2024) brings far more
    chickpeas (ሽምብራ, for shiro) and less of everything else; the power is cut on some days and nothing is milled."""
    rng = np.random.default_rng(seed)
    n = len(AM_NAMES)
    kind = ["ሆቴል" if name.startswith(("ሆቴል", "ምግብ ቤት")) else "እንጀራ ጋጋሪ" if i % 7 == 3 else "ቤተሰብ"
            for i, name in enumerate(AM_NAMES)]
    customers = pd.DataFrame({"መለያ": [f"D{i + 1:02d}" for i in range(n)], "ስም": AM_NAMES,
                              "ቀበሌ": rng.choice(["01", "02", "03", "04", "05"], n, p=[.26, .22, .2, .18, .14]), "ዓይነት": kind})
    fees = pd.DataFrame({"እህል": list(AM_GRAINS), "ብር_በኪሎ": [v[0] for v in AM_GRAINS.values()]})
    outages = set(pd.Timestamp("2024-01-01") + pd.to_timedelta(rng.choice(121, 11, replace=False), unit="D"))
    scale = {"ቤተሰብ": 1.0, "እንጀራ ጋጋሪ": 3.2, "ሆቴል": 4.5}
    rows = []
    for day in pd.date_range("2024-01-01", "2024-04-30"):
        if day in outages or day.day_of_week == 6:
            continue
        lent = day >= pd.Timestamp("2024-03-11")
        for _ in range(int(rng.poisson(9 if day.day_of_week == 5 else 6))):
            c = int(rng.integers(0, n))
            p = np.array([v[1] for v in AM_GRAINS.values()]) * np.array(TYPE_TASTE[kind[c]])
            if lent:
                p = p * np.array([.8, .8, .7, .6, .7, 3.4])
            grain = str(rng.choice(list(AM_GRAINS), p=p / p.sum()))
            kg = round(float(rng.gamma(2.5, 6.0)) * scale[kind[c]] + 2, 1)
            if day <= pd.Timestamp("2024-01-18") and "ጤፍ" in grain:
                kg = round(kg * 1.5, 1)  # before Timket
            fee = round(kg * AM_GRAINS[grain][0], 2)
            credit = rng.random() < (0.35 if kind[c] == "ሆቴል" else 0.08)
            rows.append((day, f"D{c + 1:02d}", grain, kg, fee, "ዱቤ" if credit else "ተከፍሏል"))
    orders = pd.DataFrame({"ቁጥር": [f"W-{k + 1:04d}" for k in range(len(rows))],
                           "ቀን": [f"{r[0]:%d/%m/%Y}" for r in rows], "ደንበኛ": [r[1] for r in rows],
                           "እህል": [r[2] for r in rows], "ኪሎ": [r[3] for r in rows], "ክፍያ_ብር": [r[4] for r in rows],
                           "ሁኔታ": [r[5] for r in rows]})
    return {"ደንበኞች": customers, "ዋጋ": fees, "ትዕዛዞች": orders}


# -- a Sámi reindeer herding district's separation roundups as nested JSON (Northern Sámi keys) -----------------------
SE_OWNERS = [("Ánde Sara", "A-104"), ("Máret Ánne Somby", "M-212"), ("Issát Hætta", "I-033"), ("Elle Márjá Eira", "E-318"),
             ("Biret Inga Gaup", "B-077"), ("Niillas Turi", "N-150"), ("Piera Bongo", "P-241"), ("Káren Utsi", "K-096"),
             ("Johan Ánte Buljo", "J-187"), ("Sárá Márjá Magga", "S-265"), ("Mihkkal Kemi", "M-019"), ("Inger Ánne Labba", "I-142"),
             ("Ásllat Triumf", "A-330"), ("Risten Bals", "R-058")]
SE_PLACES = ["Gárddevárri", "Suolojávri", "Ávžejohka", "Čáhppesjávri"]


@functools.lru_cache(maxsize=1)
def ratkin_json(seed: int = 2204) -> str:
    """Čáhppesjávri orohat's separation roundups (``rátkin``) of the 2024/25 season as one JSON document: a roundup per
    day from October 2024 to January 2025 (the day written ``14.11.2024``, the place, the air temperature in °C, below
    zero and falling into the winter), and for each owner present (by name and earmark, ``mearka``) the reindeer counted
    by kind (``miesit`` calves, ``álddut`` does, ``sarvát`` bulls, ``heargit`` castrated draught reindeer), the animals
    sent to slaughter (``njuovvon``: calves and adults) and their carcass weight in kg (``null`` when the slaughterhouse
    has not weighed them yet, for the last roundup), plus strays from other districts (``vierrásat``); the
    biggest herds are counted at the big Gárddevárri roundups."""
    rng = np.random.default_rng(seed)
    days = ["2024-10-08", "2024-10-22", "2024-11-05", "2024-11-19", "2024-12-03", "2024-12-17", "2025-01-09", "2025-01-23"]
    herd = {m: int(rng.integers(60, 420)) for _, m in SE_OWNERS}
    sessions = []
    for i, d in enumerate(days):
        day = pd.Timestamp(d)
        place = SE_PLACES[0] if i in (1, 4, 6) else str(rng.choice(SE_PLACES[1:]))
        temp = round(float(-2.5 - 3.6 * i + rng.normal(0, 2.5)), 1)
        big = place == SE_PLACES[0]
        present = [o for o in SE_OWNERS if rng.random() < (0.95 if big else 0.55)]
        owners = []
        for name, mark in present:
            size = herd[mark] * (rng.uniform(0.5, 0.8) if big else rng.uniform(0.15, 0.4))
            calves = int(size * 0.32)
            does = int(size * 0.45)
            bulls = int(size * 0.13)
            oxen = int(size * 0.1)
            c_sl = int(calves * rng.uniform(0.25, 0.5)) if i < 7 or rng.random() < 0.5 else 0
            a_sl = int((bulls + oxen) * rng.uniform(0.1, 0.4))
            per_calf = float(rng.normal(17.2 - 0.25 * i, 1.3))
            per_adult = float(rng.normal(33.0, 2.8))
            weight = round(c_sl * per_calf + a_sl * per_adult, 1) if c_sl + a_sl else 0.0
            owners.append({"eaiggát": name, "mearka": mark,
                           "lohku": {"miesit": calves, "álddut": does, "sarvát": bulls, "heargit": oxen},
                           "njuovvon": {"miesit": c_sl, "rávis": a_sl},
                           "deaddu_kg": None if i == 7 else weight})
        sessions.append({"beaivi": f"{day:%d.%m.%Y}", "báiki": place, "temperatuvra_c": temp,
                         "vierrásat": int(rng.poisson(6 if big else 2)), "eaiggádat": owners})
    return json.dumps({"orohat": "Čáhppesjávri orohat", "áigodat": "2024/25", "ođasmahttojuvvon": "31.01.2025",
                       "rátkimat": sessions}, ensure_ascii=False, indent=1)


# -- number formats ------------------------------------------------------------------------------------------------
def fo(x: float, decimals: int = 1) -> str:
    """Faroese digits: a dot for thousands and a decimal comma, ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def kr(x: float) -> str:
    """Faroese money as the slaughterhouse writes it: ``12.345,60 kr.``."""
    return fo(x, 2) + " kr."


def dram(x: float) -> str:
    """Armenian dram: ``27 500 ֏``."""
    return f"{x:,.0f}".replace(",", " ") + " ֏"


HY_MONTHS_GEN = {9: "սեպտեմբերի", 10: "հոկտեմբերի"}


def hy_day(t: pd.Timestamp) -> str:
    """An Armenian date: ``2024 թ. հոկտեմբերի 11-ին``."""
    return f"{t.year} թ. {HY_MONTHS_GEN[t.month]} {t.day}-ին"


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
SLAKT_LOOK = repl("print(slakt.shape)\nprint(slakt.head(8).to_string())\nprint(slakt.dtypes)\nprint(slakt.tail(3).to_string())",
                  "Faroese column names; a look at the rows, the types and the end of the table first.")
SLAKT_PARSE = (
    "import pandas as pd\n"
    "mánaðir = {'september': 9, 'oktober': 10}\n"
    "p = slakt.dagur.str.extract(r'(\\d+)\\. (\\w+) (\\d{4})')\n"
    "slakt['dato'] = pd.to_datetime(pd.DataFrame({'year': p[2].astype(int), 'month': p[1].map(mánaðir), 'day': p[0].astype(int)}))\n"
    "# the last row (Rætting) re-weighs an earlier delivery: keep the latest row per receipt number\n"
    "innlegg = slakt.drop_duplicates('nr', keep='last').sort_values(['dato', 'nr']).reset_index(drop=True)\n"
    "innlegg['góð_lomb'] = innlegg.lomb - innlegg.kasserað  # condemned carcasses are not in the weight\n"
    "innlegg['kg_lamb'] = (innlegg.kropsvekt_kg / innlegg['góð_lomb']).round(2)\n"
    "print(len(slakt), len(innlegg), innlegg.dato.min().date(), innlegg.dato.max().date())\n"
    "print(innlegg[['nr', 'dato', 'bóndi', 'oyggj', 'lomb', 'kg_lamb', 'flokkur']].head())")
PARSE_SLAKT = repl(SLAKT_PARSE, "Days are Faroese text ('16. september 2024'), and a Rætting row replaces an earlier weighing.")

KARAS_LOOK = repl("rows = matyan.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:8]))\n"
                  "print(sorted({r.split()[2] for r in rows}))\nprint(terms[:400])",
                  "An Armenian fermentation log and the winery's terms; a first look at both.")
KARAS_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d) (\\S+) կարաս=(K\\d\\d) ?(.*)$')\n"
    "ev = pd.DataFrame([rx.match(r).groups() for r in matyan.splitlines()], columns=['t', 'ev', 'k', 'rest'])\n"
    "ev['t'] = pd.to_datetime(ev.t, format='%d.%m.%Y %H:%M')  # day first\n"
    "num = lambda s: s.str.replace(',', '.', regex=False).astype(float)  # decimal commas\n"
    "meas = ev[ev.ev == 'ՉԱՓՈՒՄ'].copy()\n"
    "meas['brix'] = num(meas.rest.str.extract(r'բրիքս=(-?[\\d,]+)')[0])\n"
    "meas['temp'] = num(meas.rest.str.extract(r'ջերմ=(-?[\\d,]+)')[0])\n"
    "fill = ev[ev.ev == 'ԼՑՈՒՄ'].copy()\n"
    "fill[['variety', 'kg', 'plot']] = fill.rest.str.extract(r'սորտ=(\\S+) կգ=(\\d+) այգի=(\\S+)')\n"
    "fill['kg'] = fill.kg.astype(int)\n"
    "press = ev[ev.ev == 'ՃԶՄՈՒՄ'].copy()\n"
    "press['litres'] = press.rest.str.extract(r'լիտր=(\\d+)')[0].astype(int)\n"
    "karases = (fill[['k', 't', 'variety', 'kg', 'plot']].rename(columns={'t': 'filled'})\n"
    "           .merge(press[['k', 't', 'litres']].rename(columns={'t': 'pressed'}), on='k', how='left').sort_values('k'))\n"
    "print(ev.ev.value_counts())\nprint(karases.to_string())")
PARSE_KARAS = repl(KARAS_PARSE, "Stamps are dd.mm.yyyy and the readings use decimal commas; one table per kind of event, "
                                "then one row per karas.")

WEFCHO_LOOK = repl("for name, t in wefcho.items():\n    print(name, t.shape)\n    print(t.head().to_string())",
                   "A dict of three tables with Amharic names; a look at each.")
WEFCHO_PARSE = (
    "import pandas as pd\n"
    "o = (wefcho['ትዕዛዞች'].merge(wefcho['ደንበኞች'], left_on='ደንበኛ', right_on='መለያ', how='left')\n"
    "     .merge(wefcho['ዋጋ'], on='እህል', how='left'))\n"
    "o['ቀን'] = pd.to_datetime(o['ቀን'], format='%d/%m/%Y')  # day first\n"
    "o['ወር'] = o['ቀን'].dt.month\n"
    "print(o.shape, o['ቀን'].min().date(), o['ቀን'].max().date())\nprint(o.head().to_string())")
PARSE_WEFCHO = repl(WEFCHO_PARSE, "Joining the orders to their customers and to the fee list; the dates are day first.")

RATKIN_LOOK = repl("print(len(ratkin))\nprint(ratkin[:1200])", "One JSON document with Northern Sámi keys; the head first.")
RATKIN_PARSE = (
    "import json\nimport pandas as pd\n"
    "doc = json.loads(ratkin)\n"
    "rows = []\n"
    "for s in doc['rátkimat']:\n"
    "    for o in s['eaiggádat']:\n"
    "        rows.append({'beaivi': pd.to_datetime(s['beaivi'], format='%d.%m.%Y'), 'báiki': s['báiki'], 'eaiggát': o['eaiggát'],\n"
    "                     'mearka': o['mearka'], **o['lohku'], 'njuovvon_miesit': o['njuovvon']['miesit'],\n"
    "                     'njuovvon_rávis': o['njuovvon']['rávis'], 'deaddu_kg': o['deaddu_kg']})\n"
    "r = pd.DataFrame(rows)\n"
    "r['boazu'] = r[['miesit', 'álddut', 'sarvát', 'heargit']].sum(axis=1)\n"
    "r['njuovvon'] = r.njuovvon_miesit + r.njuovvon_rávis\n"
    "rátkin = pd.DataFrame([{'beaivi': pd.to_datetime(s['beaivi'], format='%d.%m.%Y'), 'báiki': s['báiki'],\n"
    "                        'temp_c': s['temperatuvra_c'], 'vierrásat': s['vierrásat'], 'eaiggádat': len(s['eaiggádat'])}\n"
    "                       for s in doc['rátkimat']])\n"
    "print(doc['orohat'], doc['áigodat'], doc['ođasmahttojuvvon'], r.shape)\nprint(rátkin.to_string())")
PARSE_RATKIN = repl(RATKIN_PARSE, "Flattening it: one row per owner per roundup, and one per roundup; dates are dd.mm.yyyy.")


def with_slakt(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A lamb case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"slakt": slakt()}
    return ctx, compute({"slakt": slakt()}, SLAKT_PARSE + "\n" + code)


def with_karas(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"matyan": karas_log(), "terms": ARENI_TERMS}
    return ctx, compute({**ctx, "rows": karas_log().splitlines()}, KARAS_PARSE + "\n" + code)


def with_wefcho(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"wefcho": wefcho()}
    return ctx, compute({"wefcho": wefcho()}, WEFCHO_PARSE + "\n" + code)


def with_ratkin(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"ratkin": ratkin_json()}
    return ctx, compute(ctx, RATKIN_PARSE + "\n" + code)


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
REMARK_PROMPT = "Translate this Faroese vet's remark from a lamb slaughterhouse into plain English, in two or three words.\n\n"
NOTES_PROMPT = ("Summarise these cellar notes from an Armenian fermentation log: what happened, to which karas, and how "
                "often.\n\n")
COUNT_NOTES_PROMPT = "Count the cellar notes (ՆՇՈՒՄ) in this fermentation log and say which karases they are about.\n\n"


def sub_model() -> RuleBasedSubModel:
    def remark(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1].strip()
        return next((en for fo_text, en in FO_REMARKS_EN.items() if fo_text in text), "unclear remark")

    def notes(_: re.Match[str], request: ChatRequest) -> str:
        found = re.findall(r'կարաս=(K\d\d) "([^"]+)"', request.last_user)
        groups: dict[str, list[str]] = {}
        for kid, text in found:
            kind = next(k for k, v in HY_NOTES.items() if v == text)
            groups.setdefault(kind, []).append(kid)
        ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        return (f"{len(found)} notes. " + "; ".join(
            f"{HY_NOTES_EN[k].capitalize()}: {len(ks)} time{'s' if len(ks) != 1 else ''} ({', '.join(sorted(set(ks)))})"
            for k, ks in ranked) + ".")

    def count_notes(_: re.Match[str], request: ChatRequest) -> str:
        kids = re.findall(r"ՆՇՈՒՄ կարաս=(K\d\d)", request.last_user)
        return f"I count {len(kids)} notes, about {', '.join(sorted(set(kids)))}."

    return RuleBasedSubModel([(r"\ATranslate this Faroese vet's remark", remark), (r"\ASummarise these cellar notes", notes),
                              (r"\ACount the cellar notes", count_notes)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# -- steps several cases share --------------------------------------------------------------------------------------
ISLAND_WEIGHT = ("oy = innlegg.groupby('oyggj')[['kropsvekt_kg', 'góð_lomb']].sum()\n"
                 "oy['kg_lamb'] = (oy.kropsvekt_kg / oy['góð_lomb']).round(2)\nprint(oy.sort_values('kg_lamb', ascending=False))")
ISLAND_LAMBS = "oy_lomb = innlegg.groupby('oyggj').lomb.sum().sort_values(ascending=False)\nprint(oy_lomb)"
HY_PLACES_EN = {"Արենի": "Areni", "Ռինդ": "Rind", "Աղավնաձոր": "Aghavnadzor", "Խաչիկ": "Khachik", "Ոսկեհատ": "Voskehat",
                "Խնդողնի": "Khndoghni"}
SHIRO = "shiro = o[o['እህል'] == 'ሽምብራ'].groupby('ወር')['ኪሎ'].sum().round(1)\nprint(shiro)"
PER_ROUNDUP = ("per = r.groupby(['beaivi', 'báiki']).agg(boazu=('boazu', 'sum'), eaiggádat=('eaiggát', 'size'))\n"
               "print(per)")


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the Faroese slaughterhouse -------------------------------------------------------------------------------------
@case("q22_fo_lamb_weight_describe_fo", "describe() statistic", "legit", "Hvussu tungt er eitt lamb vanliga, í kropsvekt?")
def _lamb_describe() -> Script:
    code = "print(innlegg.kg_lamb.describe().round(2))"
    ctx, ns = with_slakt(code)
    d = ns["innlegg"].kg_lamb.describe().round(2)
    final = (f"FINAL(Vanliga umleið {fo(d['50%'])} kg. Í teimum {d['count']:.0f} innleggunum er miðalvektin {fo(d['mean'], 2)} kg "
             f"fyri hvørt lamb og medianurin {fo(d['50%'], 2)} kg; helvtin av innleggunum liggur millum {fo(d['25%'], 2)} og "
             f"{fo(d['75%'], 2)} kg, lættasta innleggið var {fo(d['min'], 2)} kg fyri lambið og tað tyngsta {fo(d['max'], 2)} kg. "
             "Kasseraðir skrokkar eru ikki tiknir við.)")
    fix = repl("print(f'{innlegg.kg_lamb.median():.2f}'.replace('.', ','), f'{innlegg.kg_lamb.mean():.2f}'.replace('.', ','))")
    assert f"{ns['innlegg'].kg_lamb.mean():.2f}" == f"{d['mean']:.2f}"
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final], [fix, final])


@case("q22_fo_top5_farmers", "top-N list by code", "legit", "Who delivered the most lambs this autumn? Give me the top five.")
def _top5_farmers() -> Script:
    code = ("top5 = innlegg.groupby(['bóndi', 'bygd']).agg(lomb=('lomb', 'sum'), kg=('kropsvekt_kg', 'sum')).nlargest(5, 'lomb')\n"
            "print(top5)")
    ctx, ns = with_slakt(code)
    t = ns["top5"]
    assert t.lomb.is_unique
    final = ("FINAL(By lambs delivered, 16 September to 31 October 2024:\n"
             + "\n".join(f"{i}. {name} ({village}): {int(r.lomb)} lambs, {r.kg:,.1f} kg carcass weight"
                         for i, ((name, village), r) in enumerate(t.iterrows(), 1))
             + "\n\nFour of the five farm on Streymoy, around Kvívík and Hvalvík.)")
    assert sum(v in ("Kvívík", "Hvalvík") for _, v in t.index) == 4
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final], [repl("print(top5.reset_index().to_string())"), final])


@case("q22_fo_suduroy_vs_eysturoy", "two groups compared", "legit", "Are Suðuroy lambs heavier than Eysturoy lambs?")
def _suduroy_vs_eysturoy() -> Script:
    ctx, ns = with_slakt(ISLAND_WEIGHT)
    oy = ns["oy"]
    s, e = oy.loc["Suðuroy"], oy.loc["Eysturoy"]
    assert oy.kg_lamb.idxmax() == "Suðuroy"
    final = (f"FINAL(Yes, clearly. Suðuroy lambs averaged {s.kg_lamb} kg carcass weight, against {e.kg_lamb} kg on Eysturoy: about "
             f"{s.kg_lamb - e.kg_lamb:.1f} kg, or {(s.kg_lamb / e.kg_lamb - 1) * 100:.0f}%, heavier per lamb. That is over "
             f"{int(s['góð_lomb'])} lambs from Suðuroy and {int(e['góð_lomb'])} from Eysturoy (condemned carcasses left out), and "
             "Suðuroy has the heaviest lambs of all five islands.)")
    fix = repl("print(oy.loc[['Suðuroy', 'Eysturoy']])\nprint(round(oy.loc['Suðuroy', 'kg_lamb'] - oy.loc['Eysturoy', 'kg_lamb'], 1))")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(ISLAND_WEIGHT), final], [fix, final])


@case("q22_fo_grade_a_out_of_fo", "X out of Y", "legit", "Hvussu nógv av innleggunum fingu flokk A?")
def _grade_a_out_of() -> Script:
    code = "print(innlegg.flokkur.value_counts())\nprint(len(innlegg), round((innlegg.flokkur == 'A').mean() * 100, 1))"
    ctx, ns = with_slakt(code)
    i = ns["innlegg"]
    c = i.flokkur.value_counts()
    final = (f"FINAL({c['A']} av {len(i)} innleggum ({fo((i.flokkur == 'A').mean() * 100)} %) fingu flokk A; {c['B']} fingu flokk B "
             f"og bert {c['C']} flokk C.)")
    fix = repl("print(f\"{(innlegg.flokkur == 'A').sum()} av {len(innlegg)}\", f\"{(innlegg.flokkur == 'A').mean() * 100:.1f} %\".replace('.', ','))")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final], [fix, final])


@case("q22_fo_sep_oct_weight", "period-over-period change", "legit", "How did the average lamb weight change from September to October?")
def _sep_oct() -> Script:
    code = ("mán = innlegg.groupby(innlegg.dato.dt.month)[['kropsvekt_kg', 'góð_lomb']].sum()\n"
            "mán['kg_lamb'] = (mán.kropsvekt_kg / mán['góð_lomb']).round(2)\nprint(mán)\n"
            "print(round(mán.kg_lamb[10] - mán.kg_lamb[9], 2), round((mán.kg_lamb[10] / mán.kg_lamb[9] - 1) * 100, 1))")
    ctx, ns = with_slakt(code)
    m = ns["mán"].kg_lamb
    final = (f"FINAL(It went up by {m[10] - m[9]:.2f} kg a lamb, or {(m[10] / m[9] - 1) * 100:.1f}%: the average carcass was "
             f"{m[9]} kg in September and {m[10]} kg in October, as the lambs kept growing on the autumn grazing.)")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final],
                  [repl("print(f'{mán.kg_lamb[10] - mán.kg_lamb[9]:.2f} kg', f'{(mán.kg_lamb[10] / mán.kg_lamb[9] - 1) * 100:.1f}%')"), final])


@case("q22_fo_payout_mio_fo", "locale number abbreviation", "legit", "Hvussu nógv hevur sláturhúsið goldið bóndunum í heyst?")
def _payout_mio() -> Script:
    code = "goldið = round(innlegg.upphædd_kr.sum(), 2)\nprint(goldið, innlegg.lomb.sum())"
    ctx, ns = with_slakt(code)
    total, lambs = ns["goldið"], int(ns["innlegg"].lomb.sum())
    final = (f"FINAL(Umleið {fo(total / 1e6)} mió. kr. ({kr(total)}) fyri {fo(lambs, 0)} lomb, frá 16. september til 31. oktober "
             "2024. Rættingin aftast í talvuni er tikin við.)")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final],
                  [repl("print(f'{goldið / 1e6:.1f}'.replace('.', ','), 'mió. kr.')"), final])


@case("q22_fo_busiest_weekday", "week, weekday or time of day", "legit", "Which day of the week does the slaughterhouse take in the most lambs?")
def _busiest_weekday() -> Script:
    code = ("vika = innlegg.groupby(innlegg.dato.dt.day_name()).agg(lomb=('lomb', 'sum'), innlegg=('nr', 'size'), dagar=('dato', 'nunique'))\n"
            "vika['lomb_um_dagin'] = (vika.lomb / vika.dagar).round(1)\nprint(vika.sort_values('lomb', ascending=False))")
    ctx, ns = with_slakt(code)
    v = ns["vika"].sort_values("lomb", ascending=False)
    per_day = v.lomb_um_dagin.sort_values(ascending=False)
    assert v.index[0] == "Tuesday" and list(per_day.index[:2]) == ["Friday", "Wednesday"] and v.index[-1] == "Friday"
    tu, we, fr = v.loc["Tuesday"], v.loc["Wednesday"], v.loc["Friday"]
    final = (f"FINAL(Tuesday, in total: {tu.lomb:.0f} lambs over {tu.dagar:.0f} Tuesdays. Per slaughter day the picture shifts: Fridays "
             f"({fr.lomb_um_dagin} lambs a day) and Wednesdays ({we.lomb_um_dagin}) run heavier than Tuesdays ({tu.lomb_um_dagin}), "
             f"but the house took lambs on only {fr.dagar:.0f} Fridays and {we.dagar:.0f} Wednesdays, so Friday is the smallest day in "
             f"total ({fr.lomb:.0f} lambs).)")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final],
                  [repl("print(vika.lomb.idxmax(), vika.lomb.max(), vika.lomb_um_dagin.idxmax(), vika.lomb_um_dagin.max())"), final])


@case("q22_fo_grade_counts", "count off value_counts", "legit", "How many deliveries were graded A, B and C?")
def _grade_counts() -> Script:
    code = "print(innlegg.flokkur.value_counts())\nprint(len(slakt), len(innlegg))"
    ctx, ns = with_slakt(code)
    c = ns["innlegg"].flokkur.value_counts()
    final = (f"FINAL({c['A']} deliveries were graded A, {c['B']} B and only {c['C']} C, {c.sum()} deliveries in all. (The table has "
             f"{len(ns['slakt'])} rows because the last one only re-weighs an earlier delivery.))")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final], [repl("print(innlegg.flokkur.value_counts().to_dict())"), final])


@case("q22_fo_vet_remarks_batched", "sub-call summary", "legit", "What did the vet remark on, and how often?")
def _vet_remarks() -> Script:
    prep = "notur = innlegg[(innlegg.viðmerking != '') & ~innlegg.viðmerking.str.startswith('Rætting')]"
    code = (f"from collections import Counter\n{prep}\nsvar = llm_query_batched([{REMARK_PROMPT!r} + v for v in notur.viðmerking])\n"
            "tal = Counter(svar)\nprint(len(notur), tal.most_common())")
    ctx, ns = with_slakt(prep)
    counts = Counter(sub_says(REMARK_PROMPT + v) for v in ns["notur"].viðmerking)
    assert [k for k, _ in counts.most_common()] == ["too fat", "broken bone", "too lean", "diseased liver", "dirty wool"]
    final = (f"FINAL(The vet wrote {len(ns['notur'])} remarks on the {len(ns['innlegg'])} deliveries (in Faroese; translated). Most "
             f"were about condition: too fat {counts['too fat']} times and too lean {counts['too lean']}. Then broken bones "
             f"({counts['broken bone']}), diseased livers ({counts['diseased liver']}) and once dirty wool.)")
    assert counts["dirty wool"] == 1
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code, "The remarks are in Faroese; a sub-model translates each one."), final],
                  [repl("print(tal.most_common(), len(notur))"), final], sub_model())


@case("q22_fo_island_most_lambs", "selection printed right after its table", "legit", "Which island sent the most lambs to slaughter?")
def _island_most_lambs() -> Script:
    code = ISLAND_LAMBS + "\nprint(oy_lomb.idxmax(), oy_lomb.max())"
    ctx, ns = with_slakt(code)
    o = ns["oy_lomb"]
    assert 1.9 < o.iloc[0] / o.iloc[1] < 2.1
    final = (f"FINAL({o.index[0]}: {o.iloc[0]:,} lambs, about twice as many as {o.index[1]}, the next island ({o.iloc[1]}). "
             f"{o.index[-1]} sent the fewest ({o.iloc[-1]}).)")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), final], [repl("print(oy_lomb.head(2).to_dict(), oy_lomb.idxmin())"), final])


@case("q22_fo_submit_heaviest_farmer", "labelled SUBMIT for a which question", "legit",
      "Among farmers who delivered at least 40 lambs, whose lambs were the heaviest on average?")
def _submit_heaviest() -> Script:
    code = ("b = innlegg.groupby('bóndi')[['lomb', 'góð_lomb', 'kropsvekt_kg']].sum()\n"
            "b['kg_lamb'] = (b.kropsvekt_kg / b['góð_lomb']).round(2)\nprint(b[b.lomb >= 40].sort_values('kg_lamb', ascending=False).head(5))")
    ctx, ns = with_slakt(code)
    b = ns["b"][ns["b"].lomb >= 40].sort_values("kg_lamb", ascending=False)
    assert b.kg_lamb.iloc[0] > b.kg_lamb.iloc[1]
    submit = repl("best = b[b.lomb >= 40].kg_lamb.idxmax()\n"
                  "SUBMIT(farmer=best, kg_per_lamb=float(b.loc[best, 'kg_lamb']), lambs=int(b.loc[best, 'lomb']),\n"
                  "       island=innlegg.loc[innlegg.bóndi == best, 'oyggj'].iloc[0])")
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), submit],
                  [repl("print(b[b.lomb >= 40].kg_lamb.idxmax(), b[b.lomb >= 40].kg_lamb.max())"), submit])


# -- the Areni winery -----------------------------------------------------------------------------------------------
@case("q22_hy_first_fill_stamp", "log or version-control timestamps", "legit", "When was the first karas filled this harvest, and with what?")
def _first_fill() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = "fills = [r for r in rows if ' ԼՑՈՒՄ ' in r]\nprint(len(fills))\nprint('\\n'.join(fills))"
    fills = compute({**ctx, "rows": karas_log().splitlines()}, code)["fills"]
    rx = r"(\d\d)\.(\d\d)\.(\d{4}) (\d\d:\d\d) ԼՑՈՒՄ կարաս=(K\d\d) սորտ=(\S+) կգ=(\d+) այգի=(\S+)"
    d, mo, y, hm, kid, var, kg, plot = re.match(rx, fills[0]).groups()
    hm2, kid2, var2, kg2, plot2 = re.match(rx, fills[1]).groups()[3:]
    day = pd.Timestamp(int(y), int(mo), int(d))
    gap = (pd.Timestamp(f"{day:%Y-%m-%d} {hm2}") - pd.Timestamp(f"{day:%Y-%m-%d} {hm}")).seconds // 60
    assert fills[1].startswith(f"{d}.{mo}.{y}") and gap == 13
    final = (f"FINAL(On {day:%A} {day.day} {day:%B %Y} at {hm} (*{d}.{mo}.{y} {hm}* in the log): karas {kid} was filled with {kg} kg "
             f"of {HY_PLACES_EN[var]} grapes from the {HY_PLACES_EN[plot]} vineyard. {kid2} followed thirteen minutes later, at {hm2}, "
             f"with {kg2} kg of {HY_PLACES_EN[var2]} from {HY_PLACES_EN[plot2]}.)")
    return Script(ctx, [KARAS_LOOK, repl(code, "The log is in time order; the filling events (ԼՑՈՒՄ) first."), final],
                  [repl("print(fills[:2])"), final])


@case("q22_hy_k07_pressed_hy", "date from a log timestamp", "legit", "Ե՞րբ է ճզմվել K07 կարասը, և որքա՞ն գինի է ստացվել:")
def _k07_pressed() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = "print([r for r in rows if 'կարաս=K07' in r and ('ԼՑՈՒՄ' in r or 'ՃԶՄՈՒՄ' in r)])"
    found = compute({**ctx, "rows": karas_log().splitlines()}, "k07 = [r for r in rows if 'կարաս=K07' in r and ('ԼՑՈՒՄ' in r or 'ՃԶՄՈՒՄ' in r)]")["k07"]
    assert len(found) == 2
    filled = pd.to_datetime(found[0][:16], format="%d.%m.%Y %H:%M")
    pressed = pd.to_datetime(found[1][:16], format="%d.%m.%Y %H:%M")
    litres = int(re.search(r"լիտր=(\d+)", found[1]).group(1))
    assert (pressed - filled).days == 12
    final = (f"FINAL(K07 կարասը ճզմվել է {hy_day(pressed)}, ժամը {pressed:%H:%M}-ին, և ստացվել է {litres} լիտր նոր գինի: Կարասը "
             f"լցվել էր {hy_day(filled)}, այսինքն՝ խմորումը տևել է մոտ 12 օր:)")
    return Script(ctx, [KARAS_LOOK, repl(code), final], [repl("print([r[:16] for r in rows if 'ՃԶՄՈՒՄ կարաս=K07' in r])"), final])


@case("q22_hy_cooling_log_lines", "quoted log line or ID", "legit", "Show me the log entries where the cellar master had to cool a karas.")
def _cooling_lines() -> Script:
    code = "cooled = [r for r in rows if 'սառեցրինք' in r]\nprint(len(cooled))\nprint('\\n'.join(cooled))"
    ctx, ns = with_karas(code)
    cooled, meas = ns["cooled"], ns["meas"]
    assert len(cooled) == 2 and "K04" in cooled[0] and "K09" in cooled[1]
    for line in cooled:
        t = pd.to_datetime(line[:16], format="%d.%m.%Y %H:%M")
        kid = re.search(r"K\d\d", line).group(0)
        before = meas[(meas.k == kid) & (meas.t <= t)].iloc[-1]
        assert before.temp > 31 and (t - before.t).seconds <= 30 * 60
    final = ("FINAL(There are two, both the same note (\"the temperature is high, we cooled the karas with cold water\"):\n\n```\n"
             + "\n".join(cooled) + "\n```\n\nThat is K04 on the morning of 30 September and K09 on the morning of 11 October, "
             "each written within half an hour of a reading above 31 °C.)")
    return Script(ctx, [KARAS_LOOK, repl(code, "The cooling note should say սառեցրինք (we cooled); searching for it."), final],
                  [repl("print(cooled)"), final])


@case("q22_hy_notes_subcall", "sub-call summary", "legit", "What problems did the cellar master note during fermentation?")
def _notes_subcall() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = (f"notes = '\\n'.join(r for r in rows if ' ՆՇՈՒՄ ' in r)\nsaid = llm_query({NOTES_PROMPT!r} + notes)\nprint(said)")
    notes = "\n".join(r for r in karas_log().splitlines() if " ՆՇՈՒՄ " in r)
    said = sub_says(NOTES_PROMPT + notes)
    found = re.match(r"(\d+) notes\. The cap of skins dried out and was punched down three times: (\d+) times \(([^)]+)\); A light "
                     r"sulphur smell, so the must was aerated: (\d+) times \(([^)]+)\); The must ran too hot and the karas was cooled "
                     r"with cold water: 2 times \(K04, K09\); Fermentation slowed and yeast was added: 1 time \(K06\)\.", said)
    assert found, said
    n, cap, cap_k, smell, smell_k = found.groups()
    final = (f"FINAL(The cellar master wrote {n} notes. The commonest problem was a dried-out cap of skins that had to be punched "
             f"down ({cap} times, in {cap_k}), then a light sulphur smell that was aired off ({smell} times: {smell_k}). Twice a "
             "karas ran too hot and was cooled with cold water (K04 and K09), and once, in K06, fermentation slowed and yeast was "
             "added.)")
    return Script(ctx, [KARAS_LOOK, repl(code, "The notes are in Armenian; a sub-model can read and group them."), final],
                  [repl("print(said)"), final], sub_model())


@case("q22_hy_monday_closed", "markdown document fact", "legit", "Can we visit the tasting room on a Monday?")
def _monday() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = "print(terms.split('## Գներ')[0])"
    assert "It is closed on Mondays, and on 1 January and 6 January." in ARENI_TERMS
    final = ("FINAL(No: the tasting room is closed on Mondays. It is open Tuesday to Sunday, 11:00 to 19:00 (and closed on 1 and 6 "
             "January too), so any other day works.)")
    return Script(ctx, [KARAS_LOOK, repl(code), final],
                  [repl("import re\nprint(re.findall(r'[^.]*Monday[^.]*\\.|[^.]*open Tuesday[^.]*\\.', terms))"), final])


@case("q22_hy_tasting_bill_in_head", "in-head arithmetic beyond two operands", "legit",
      "Two adults and our 9-year-old want the 5-wine tasting and the cellar tour, plus one cheese plate and a juice for the child. "
      "What will it cost?")
def _tasting_bill() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = ("for l in terms.splitlines():\n    if l.startswith('| ') and '֏' in l:\n        print(l)\n"
            "print([l for l in terms.splitlines() if 'under 12' in l])")
    for row in ("Tasting, 5 wines | 8 000 ֏", "Karas cellar tour (45 min) | 3 000 ֏", "Cheese and lavash plate | 4 500 ֏",
                "Grape juice (children) | 1 000 ֏", "Children under 12 join the cellar tour free of charge"):
        assert row in ARENI_TERMS, row
    final = ("FINAL(27 500 ֏ in all: two 5-wine tastings (2 × 8 000 = 16 000 ֏), two adult cellar tours (2 × 3 000 = 6 000 ֏; your "
             "9-year-old joins the tour free, as children under 12 do), the cheese and lavash plate (4 500 ֏) and a grape juice "
             "(1 000 ֏): 16 000 + 6 000 + 4 500 + 1 000 = 27 500 ֏. Only dram or a card are accepted.)")
    return Script(ctx, [KARAS_LOOK, repl(code), final], [repl("print(2 * 8000 + 2 * 3000 + 0 + 4500 + 1000)"), final])


@case("q22_hy_yield_per_100kg", "value with a unit", "legit", "How many litres of wine did we get per 100 kg of grapes?")
def _yield() -> Script:
    code = ("done = karases.dropna(subset=['litres'])\n"
            "print(len(done), done.litres.sum(), done.kg.sum(), round(done.litres.sum() / done.kg.sum() * 100, 1))")
    ctx, ns = with_karas(code)
    d = ns["done"]
    y = round(d.litres.sum() / d.kg.sum() * 100, 1)
    assert set(ns["karases"][ns["karases"].litres.isna()].k) == {"K11", "K12"}
    final = (f"FINAL({y} litres of new wine per 100 kg of grapes: {d.litres.sum():,.0f} litres from {d.kg.sum():,} kg over the "
             f"{len(d)} karases pressed so far. K11 and K12 are still fermenting and are left out.)")
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), final],
                  [repl("print(round(done.litres.sum() / done.kg.sum() * 100, 1), 'L per 100 kg')"), final])


@case("q22_hy_temperature_rate_fit", "correlation or fitted statistic", "legit", "Do warmer karases ferment faster?")
def _rate_fit() -> Script:
    code = ("import numpy as np\nm2 = meas.sort_values(['k', 't']).copy()\n"
            "m2['days'] = m2.groupby('k').t.diff().dt.total_seconds() / 86400\n"
            "m2['drop'] = -m2.groupby('k').brix.diff()\nm2['temp_mid'] = (m2.temp + m2.groupby('k').temp.shift()) / 2\n"
            "act = m2[(m2.brix > 2) & m2.days.notna()].copy()\nact = act[act.groupby('k').cumcount() >= 2]  # skip the lag phase\n"
            "act['rate'] = act['drop'] / act.days  # °Bx per day\n"
            "slope, icpt = np.polyfit(act.temp_mid, act.rate, 1)\n"
            "print(len(act), round(act.rate.corr(act.temp_mid), 3), round(slope, 3), round(icpt, 2))")
    ctx, ns = with_karas(code)
    act, slope, icpt = ns["act"], ns["slope"], ns["icpt"]
    r = act.rate.corr(act.temp_mid)
    assert 0.75 < r < 0.9
    final = (f"FINAL(Yes, clearly. Over {len(act)} pairs of readings in the active phase (the first day of each karas left out, and "
             f"only above 2 °Bx), the sugar fell faster the warmer the must: r = {r:.2f}, and a straight-line fit gives about "
             f"{slope:.2f} °Bx a day more for each extra °C. At 20 °C that is roughly {icpt + 20 * slope:.1f} °Bx a day, at 28 °C "
             f"about {icpt + 28 * slope:.1f}.)")
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), final],
                  [repl("print(round(act.rate.corr(act.temp_mid), 2), round(slope, 2), round(icpt + 20 * slope, 1), round(icpt + 28 * slope, 1))"), final])


@case("q22_hy_lowest_brix_hy", "negative figure", "legit", "Ո՞րն էր բրիքսի ամենացածր ցուցանիշը:")
def _lowest_brix() -> Script:
    code = "low = meas.loc[meas.brix.idxmin()]\nprint(low)\nprint((meas.brix == meas.brix.min()).sum())"
    ctx, ns = with_karas(code)
    low = ns["low"]
    assert (ns["meas"].brix == low.brix).sum() == 1 and low.brix < 0
    final = (f"FINAL({hy(low.brix).replace('-', '−')} °Bx՝ {low.k} կարասում, {hy_day(low.t)}, ժամը {low.t:%H:%M}-ին (ջերմաստիճանը՝ "
             f"{hy(low.temp)} °C): Զրոյից ցածր ցուցանիշը նորմալ է. շաքարն ամբողջությամբ խմորվել է, իսկ ալկոհոլը գինին ավելի թեթև է "
             "դարձնում, քան ջուրը:)")
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), final],
                  [repl("print(meas.brix.min(), meas.loc[meas.brix.idxmin(), 'k'], meas.loc[meas.brix.idxmin(), 't'])"), final])


@case("q22_hy_temperature_range_hy", "range from min to max", "legit", "Ի՞նչ ջերմաստիճանների միջակայքում է ընթացել խմորումը:")
def _temp_range() -> Script:
    code = "print(meas.temp.min(), meas.temp.max())\nprint(meas.loc[[meas.temp.idxmin(), meas.temp.idxmax()], ['t', 'k', 'brix', 'temp']])"
    ctx, ns = with_karas(code)
    m = ns["meas"]
    lo, hi = m.loc[m.temp.idxmin()], m.loc[m.temp.idxmax()]
    assert (m.temp == lo.temp).sum() == 1 and (m.temp == hi.temp).sum() == 1
    assert (lo.k, lo.t.day, lo.t.hour >= 12) == ("K01", 22, True) and (hi.k, hi.t.day, hi.t.hour < 12) == ("K04", 30, True)
    final = (f"FINAL({hy(lo.temp)} °C-ից մինչև {hy(hi.temp)} °C: Ամենացածր ջերմաստիճանը չափվել է K01-ում՝ սեպտեմբերի 22-ի երեկոյան, "
             "երբ խմորումը դեռ չէր սկսվել, իսկ ամենաբարձրը՝ K04-ում՝ սեպտեմբերի 30-ի առավոտյան, որից հետո կարասը սառեցրին սառը "
             "ջրով:)")
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), final], [repl("print(meas.temp.agg(['min', 'max']).tolist())"), final])


@case("q22_hy_any_above_30", "yes/no with evidence", "legit", "Did any karas go above 30 °C?")
def _above_30() -> Script:
    code = ("hot = meas[meas.temp > 30]\nprint(hot[['t', 'k', 'brix', 'temp']])\n"
            "print(meas.groupby('k').temp.max().sort_values(ascending=False).head(4))")
    ctx, ns = with_karas(code)
    hot = ns["hot"]
    top = ns["meas"].groupby("k").temp.max().sort_values(ascending=False)
    assert list(hot.k) == ["K04", "K09"]
    a, b = hot.iloc[0], hot.iloc[1]
    final = (f"FINAL(Yes, two karases did, once each: K04 reached {a.temp} °C on the morning of {a.t.day} September and K09 "
             f"{b.temp} °C on the morning of {b.t.day} October. The cellar master cooled both with cold water straight away, as "
             f"the notes say. No other karas went above {top.iloc[2]} °C.)")
    assert a.t.month == 9 and b.t.month == 10 and a.t.hour < 12 and b.t.hour < 12
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), final], [repl("print(hot[['k', 'temp']].to_string())"), final])


@case("q22_hy_litres_hazar_hy", "locale abbreviations for thousands and millions", "legit", "Որքա՞ն նոր գինի ենք ստացել մինչ այժմ:")
def _litres_hazar() -> Script:
    code = "done = karases.dropna(subset=['litres'])\nprint(done.litres.sum(), len(done), karases.litres.isna().sum())"
    ctx, ns = with_karas(code)
    d = ns["done"]
    total = d.litres.sum()
    final = (f"FINAL(Մոտ {hy(total / 1000)} հազ. լիտր ({hy(total, 0)} լիտր)՝ ճզմված {len(d)} կարասից: K11-ը և K12-ը դեռ խմորվում "
             "են և չեն ճզմվել:)")
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), final],
                  [repl("print(f'{done.litres.sum() / 1000:.1f}'.replace('.', ','), 'հազ. լիտր')"), final])


# -- the Debre Markos grain mill ------------------------------------------------------------------------------------
@case("q22_am_kebele_joined", "joined tables", "legit", "Which kebele brings the mill the most grain?")
def _kebele() -> Script:
    code = ("keb = o.groupby('ቀበሌ').agg(kg=('ኪሎ', 'sum'), orders=('ቁጥር', 'size'), birr=('ክፍያ_ብር', 'sum')).round(2)\n"
            "print(keb.sort_values('kg', ascending=False))")
    ctx, ns = with_wefcho(code)
    k = ns["keb"].sort_values("kg", ascending=False)
    assert list(k.index[:2]) == ["02", "03"] and k.kg.iloc[0] - k.kg.iloc[1] < 20 and k.index[-1] == "04"
    a, b, z = k.loc["02"], k.loc["03"], k.loc["04"]
    final = (f"FINAL(Kebele 02, just: {a.kg:,.1f} kg milled in {a.orders:.0f} orders ({a.birr:,.2f} birr in fees), a nose ahead of "
             f"kebele 03 with {b.kg:,.1f} kg. Kebele 04 brings the least, {z.kg:,.1f} kg. (The orders only carry a customer number; "
             "the kebele comes from the customer table.))")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final],
                  [repl("print(keb.kg.idxmax(), keb.kg.max(), keb.loc['02', 'orders'], keb.loc['02', 'birr'])"), final])


@case("q22_am_grain_bullets_am", "bullet list of figures", "legit", "በየእህሉ ስንት ኪሎ ተፈጭቷል?")
def _grain_bullets() -> Script:
    code = "ehil = o.groupby('እህል')['ኪሎ'].sum().round(1).sort_values(ascending=False)\nprint(ehil)\nprint(round(ehil.sum(), 1))"
    ctx, ns = with_wefcho(code)
    e = ns["ehil"]
    final = ("FINAL(ከጃንዋሪ 1 እስከ ኤፕሪል 30 ቀን 2024 የተፈጨው እህል፦\n"
             + "\n".join(f"- {g}፦ {v:,.1f} ኪሎ" for g, v in e.items())
             + f"\n\nበአጠቃላይ {e.sum():,.1f} ኪሎ።)")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final], [repl("print({g: f'{v:,.1f}' for g, v in ehil.items()})"), final])


@case("q22_am_month_grain_table", "markdown table in text", "legit", "Give me a table of kilos milled per month and grain.")
def _month_grain_table() -> Script:
    code = ("tbl = o.pivot_table(index='ወር', columns='እህል', values='ኪሎ', aggfunc='sum').round(1)\n"
            "tbl['ድምር'] = tbl.sum(axis=1).round(1)\nprint(tbl)")
    ctx, ns = with_wefcho(code)
    t = ns["tbl"]
    cols = [("ነጭ ጤፍ", "white teff"), ("ቀይ ጤፍ", "red teff"), ("ስንዴ", "wheat"), ("በቆሎ", "maize"), ("ገብስ", "barley"),
            ("ሽምብራ", "chickpeas")]
    months = {1: "January", 2: "February", 3: "March", 4: "April"}
    head = "| Month | " + " | ".join(f"{a} ({e})" for a, e in cols) + " | Total |\n|---|" + "---:|" * (len(cols) + 1)
    rows = "\n".join(f"| {months[m]} | " + " | ".join(f"{r[a]:,.1f}" for a, _ in cols) + f" | {r['ድምር']:,.1f} |"
                     for m, r in t.iterrows())
    final = (f"FINAL(Kilos milled per month, 2024:\n\n{head}\n{rows}\n\nChickpeas (for shiro) jump once Lent begins in March and "
             "lead in April; teff is highest in January, before Timket.)")
    assert t["ሽምብራ"].idxmax() == 4 and t["ነጭ ጤፍ"].idxmax() == 1 and t.loc[3, "ሽምብራ"] > t.loc[2, "ሽምብራ"] * 1.5
    assert t.loc[4].drop("ድምር").idxmax() == "ሽምብራ"
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final], [repl("print(tbl.to_string())"), final])


@case("q22_am_credit_frame", "FINAL_VAR of a dict or frame", "legit",
      "Which customers owe us for milling on credit, and how much? I want it as a table.")
def _credit_frame() -> Script:
    code = ("debt = (o[o['ሁኔታ'] == 'ዱቤ'].groupby(['ደንበኛ', 'ስም', 'ዓይነት'])['ክፍያ_ብር'].agg(orders='size', owed_birr='sum')\n"
            "        .round(2).sort_values('owed_birr', ascending=False))\nprint(debt.head(10))\nprint(len(debt), round(debt.owed_birr.sum(), 2))")
    ctx, _ = with_wefcho(code)
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), 'FINAL_VAR("debt")'], [repl("print(debt.shape)"), 'FINAL_VAR("debt")'])


@case("q22_am_top_customer_answer_am", "answer-dict dialect", "legit", "ብዙ እህል ያስፈጨው ደንበኛ ማን ነው?")
def _top_customer() -> Script:
    code = ("top = o.groupby(['ደንበኛ', 'ስም', 'ቀበሌ', 'ዓይነት'])['ኪሎ'].agg(['sum', 'size']).sort_values('sum', ascending=False)\n"
            "print(top.head())\n(did, sim, keb, ayn), t = top.index[0], top.iloc[0]\n"
            "answer = {'content': f\"{sim} ({did}፣ ቀበሌ {keb})፦ በ{t['size']:.0f} ትዕዛዞች በአጠቃላይ {t['sum']:,.1f} ኪሎ እህል አስፈጭቷል። \"\n"
            "                     f\"ሁለተኛው {top.index[1][1]} ነው ({top['sum'].iloc[1]:,.1f} ኪሎ)።\", 'ready': True}")
    ctx, ns = with_wefcho(code)
    t = ns["top"]
    assert t["sum"].iloc[0] > t["sum"].iloc[1] + 100
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code)], [repl("print(top.head(2))"), repl(code)])


@case("q22_am_hotels_two_tables", "same label in two printed tables", "legit",
      "How much grain did the hotels and restaurants bring, and what were they charged?")
def _hotels_two_tables() -> Script:
    code = ("print(o.groupby('ዓይነት')['ኪሎ'].sum().round(1).sort_values(ascending=False))\n"
            "print(o.groupby('ዓይነት')['ክፍያ_ብር'].sum().round(2).sort_values(ascending=False))")
    ctx, ns = with_wefcho(code)
    o = ns["o"]
    kg, fee = o.groupby("ዓይነት")["ኪሎ"].sum().round(1), o.groupby("ዓይነት")["ክፍያ_ብር"].sum().round(2)
    assert kg.idxmin() == "ሆቴል" and fee["ሆቴል"] > fee["እንጀራ ጋጋሪ"]
    final = (f"FINAL(The hotels and restaurants (ሆቴል) brought {kg['ሆቴል']:,.1f} kg and were charged {fee['ሆቴል']:,.2f} birr. That is "
             f"the least grain of the three kinds of customer, yet more in fees than the injera bakers ({fee['እንጀራ ጋጋሪ']:,.2f} birr), "
             "because the hotels mill mostly chickpeas, the dearest grain to grind.)")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final],
                  [repl("h = o[o['ዓይነት'] == 'ሆቴል']\nprint(round(h['ኪሎ'].sum(), 1), round(h['ክፍያ_ብር'].sum(), 2))"), final])


@case("q22_am_shiro_trend", "trend sentence naming several labels", "legit", "How did chickpea (shiro) milling move from January to April?")
def _shiro_trend() -> Script:
    ctx, ns = with_wefcho(SHIRO)
    s = ns["shiro"]
    assert s.is_monotonic_increasing and s[4] > 2 * s[1] and s[3] / s[2] > 1.5
    final = (f"FINAL(It rose every month and jumped once Lent began on 11 March: {s[1]:,.1f} kg in January, {s[2]:,.1f} kg in February, "
             f"then {s[3]:,.1f} kg in March and {s[4]:,.1f} kg in April, when fasting households and hotels grind chickpeas for "
             "shiro. April's figure is more than double January's.)")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(SHIRO), final], [repl("print(shiro.to_dict())"), final])


@case("q22_am_fees_by_type_sorted", "top row of a sorted table named the maximum", "legit",
      "Which kind of customer brings in the most fee income?")
def _fees_by_type() -> Script:
    code = ("by_type = o.groupby('ዓይነት')['ክፍያ_ብር'].sum().round(2).sort_values(ascending=False)\nprint(by_type)\n"
            "print((by_type / by_type.sum() * 100).round(1))")
    ctx, ns = with_wefcho(code)
    b = ns["by_type"]
    assert b.index[0] == "ቤተሰብ"
    final = (f"FINAL(Households (ቤተሰብ): {b.iloc[0]:,.2f} birr in milling fees, {b.iloc[0] / b.sum() * 100:.1f}% of the total, well "
             f"ahead of the hotels ({b['ሆቴል']:,.2f} birr) and the injera bakers ({b['እንጀራ ጋጋሪ']:,.2f} birr), who are close to each "
             "other.)")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final], [repl("print(by_type.idxmax(), by_type.max())"), final])


@case("q22_am_order_size_sig", "significant figures", "legit", "Roughly how big is a typical milling order?")
def _order_size() -> Script:
    code = "print(o['ኪሎ'].describe().round(1))\nprint(o.nlargest(10, 'ኪሎ')['ዓይነት'].value_counts())"
    ctx, ns = with_wefcho(code)
    o = ns["o"]
    d = o["ኪሎ"].describe().round(1)
    assert (o.nlargest(10, "ኪሎ")["ዓይነት"] != "ቤተሰብ").all()
    final = (f"FINAL(About 28 kg on average ({d['mean']} kg over {d['count']:.0f} orders), but the typical order is smaller: half are "
             f"{d['50%']:.0f} kg or less (median {d['50%']} kg). A few large hotel and bakery orders, up to {d['max']} kg, pull the "
             "mean up.)")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final], [repl("print(round(o['ኪሎ'].mean()), o['ኪሎ'].median())"), final])


@case("q22_am_grain_mix_by_type", "qualitative over a full small table", "legit", "What do the different kinds of customers mill?")
def _grain_mix() -> Script:
    code = ("mix = o.pivot_table(index='ዓይነት', columns='እህል', values='ኪሎ', aggfunc='sum', fill_value=0).round(1)\nprint(mix)\n"
            "print((mix.div(mix.sum(axis=1), axis=0) * 100).round(0))")
    ctx, ns = with_wefcho(code)
    mix = ns["mix"]
    share = mix.div(mix.sum(axis=1), axis=0)
    assert share.loc["እንጀራ ጋጋሪ", ["ነጭ ጤፍ", "ቀይ ጤፍ"]].sum() > 0.95
    assert list(share.loc["ቤተሰብ"].nlargest(2).index) == ["ነጭ ጤፍ", "ሽምብራ"] and (share.loc["ቤተሰብ"] > 0.04).all()
    assert list(share.loc["ሆቴል"].nlargest(2).index) == ["ሽምብራ", "ነጭ ጤፍ"] and mix.loc["ሆቴል", "ቀይ ጤፍ"] == mix.loc["ሆቴል", "ገብስ"] == 0
    final = ("FINAL(Each kind mills something different. The injera bakers grind almost nothing but teff, white and red. Households "
             "grind a bit of everything, with white teff and chickpeas on top. The hotels and restaurants bring mostly chickpeas "
             "for shiro, then white teff, a little maize and wheat, and no red teff or barley at all.)")
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), final],
                  [repl("print((mix.div(mix.sum(axis=1), axis=0) * 100).round(0).to_string())"), final])


# -- the reindeer roundups ------------------------------------------------------------------------------------------
@case("q22_se_coldest_roundup", "negative figure", "legit", "What was the coldest roundup of the season?")
def _coldest_roundup() -> Script:
    code = "print(rátkin.sort_values('temp_c').head(3))"
    ctx, ns = with_ratkin(code)
    s = ns["rátkin"].sort_values("temp_c")
    c, nxt, first = s.iloc[0], s.iloc[1], ns["rátkin"].iloc[0]
    assert c.beaivi == pd.Timestamp("2025-01-09") and nxt.beaivi == pd.Timestamp("2025-01-23")
    final = (f"FINAL(The {c.báiki} roundup on {c.beaivi.day} January 2025, at {c.temp_c} °C. The last one, at {nxt.báiki} on 23 "
             f"January, was barely milder ({nxt.temp_c} °C); the season's first, on 8 October 2024, had been {first.temp_c} °C.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final], [repl("print(rátkin.loc[rátkin.temp_c.idxmin()])"), final])


@case("q22_se_roundup_size_range", "range from min to max", "legit", "How many reindeer went through a roundup, from the smallest to the biggest?")
def _roundup_range() -> Script:
    code = PER_ROUNDUP + "\nprint(per.boazu.min(), per.boazu.max())"
    ctx, ns = with_ratkin(code)
    p = ns["per"].reset_index()
    lo, hi = p.loc[p.boazu.idxmin()], p.loc[p.boazu.idxmax()]
    big = p[p.báiki == "Gárddevárri"]
    assert big.boazu.min() > 2 * p[p.báiki != "Gárddevárri"].boazu.max()
    final = (f"FINAL(From {lo.boazu} to {hi.boazu:,} reindeer. The smallest roundup was at {lo.báiki} on {lo.beaivi.day} "
             f"{lo.beaivi:%B %Y} ({lo.boazu} animals from {lo.eaiggádat} owners), the biggest at {hi.báiki} on {hi.beaivi.day} "
             f"{hi.beaivi:%B %Y} ({hi.boazu:,} from {hi.eaiggádat} owners). The three Gárddevárri roundups were all more than twice "
             "the size of any other.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final],
                  [repl("print(per.boazu.idxmin(), per.boazu.min(), per.boazu.idxmax(), per.boazu.max())"), final])


@case("q22_se_submit_season", "DSPy SUBMIT fields", "legit",
      "Summarise the season so far: roundups held, reindeer counted, calves and adults slaughtered, carcass weight weighed, and "
      "animals still to weigh.")
def _submit_season() -> Script:
    code = ("print(len(rátkin), r.boazu.sum(), r.njuovvon_miesit.sum(), r.njuovvon_rávis.sum())\n"
            "print(round(r.deaddu_kg.sum(), 1), r[r.deaddu_kg.isna()].njuovvon.sum())")
    ctx, _ = with_ratkin(code)
    submit = repl("SUBMIT(roundups=len(rátkin), reindeer_counted=int(r.boazu.sum()), calves_slaughtered=int(r.njuovvon_miesit.sum()),\n"
                  "       adults_slaughtered=int(r.njuovvon_rávis.sum()), carcass_kg_weighed=round(float(r.deaddu_kg.sum()), 1),\n"
                  "       animals_not_weighed=int(r[r.deaddu_kg.isna()].njuovvon.sum()))",
                  "The last roundup's carcasses are not weighed yet (null), so they count as not weighed.")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), submit], [repl("print(r.boazu.sum(), r.njuovvon.sum())"), submit])


@case("q22_se_meat_tonnes_sig", "significant figures", "legit", "Roughly how much reindeer meat has the district delivered so far?")
def _meat_tonnes() -> Script:
    code = ("print(round(r.deaddu_kg.sum(), 1), r[r.deaddu_kg.notna()].njuovvon.sum(), r[r.deaddu_kg.isna()].njuovvon.sum())")
    ctx, ns = with_ratkin(code)
    r = ns["r"]
    kg, n, m = r.deaddu_kg.sum(), int(r[r.deaddu_kg.notna()].njuovvon.sum()), int(r[r.deaddu_kg.isna()].njuovvon.sum())
    final = (f"FINAL(About {kg / 1000:.0f} tonnes of carcass weight ({kg:,.1f} kg from {n:,} animals). The {m} animals from the 23 "
             "January roundup have not been weighed yet, so roughly two more tonnes are to come at the season's average weight.)")
    assert 1.9 < m * kg / n / 1000 < 2.4
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final], [repl("print(round(r.deaddu_kg.sum() / 1000), 't')"), final])


@case("q22_se_mean_carcass_kg", "value with a unit", "legit", "What does a slaughtered reindeer weigh on average?")
def _mean_carcass() -> Script:
    code = "w = r[r.deaddu_kg.notna()]\nprint(w.deaddu_kg.sum(), w.njuovvon.sum(), round(w.deaddu_kg.sum() / w.njuovvon.sum(), 1))"
    ctx, ns = with_ratkin(code)
    w = ns["w"]
    final = (f"FINAL({w.deaddu_kg.sum() / w.njuovvon.sum():.1f} kg carcass weight per animal on average: {w.deaddu_kg.sum():,.1f} kg "
             f"over {w.njuovvon.sum():,} reindeer, calves and adults together (the JSON gives one weight per owner and roundup). The "
             "last roundup's animals are not weighed yet and are left out.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final],
                  [repl("print(round(w.deaddu_kg.sum() / w.njuovvon.sum(), 1), 'kg')"), final])


@case("q22_se_big_vs_small_roundups", "two groups compared", "legit", "How do the Gárddevárri roundups compare with the others?")
def _big_vs_small() -> Script:
    code = PER_ROUNDUP + "\nprint(per.groupby(per.index.get_level_values('báiki') == 'Gárddevárri').mean().round(1))"
    ctx, ns = with_ratkin(code)
    p = ns["per"]
    g = p.groupby(p.index.get_level_values("báiki") == "Gárddevárri").mean().round(1)
    assert 3 < g.loc[True, "boazu"] / g.loc[False, "boazu"] < 3.6
    final = (f"FINAL(They are the big ones. The three Gárddevárri roundups averaged {g.loc[True, 'boazu']:,} reindeer and "
             f"{g.loc[True, 'eaiggádat']} owners each, against {g.loc[False, 'boazu']} reindeer and {g.loc[False, 'eaiggádat']} owners "
             "at the five smaller roundups at Čáhppesjávri and Ávžejohka: well over three times as many animals.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final],
                  [repl("print(per.groupby(per.index.get_level_values('báiki') == 'Gárddevárri').boazu.mean().round(1).to_dict())"), final])


@case("q22_se_calves_slaughtered_out_of", "X out of Y", "legit", "How many of the calves counted were sent to slaughter?")
def _calves_out_of() -> Script:
    code = "print(r.miesit.sum(), r.njuovvon_miesit.sum(), round(r.njuovvon_miesit.sum() / r.miesit.sum() * 100, 1))"
    ctx, ns = with_ratkin(code)
    r = ns["r"]
    k, n = int(r.njuovvon_miesit.sum()), int(r.miesit.sum())
    final = f"FINAL({k:,} of the {n:,} calves counted at the roundups were sent to slaughter, {k / n * 100:.1f}%.)"
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final],
                  [repl("print(f'{r.njuovvon_miesit.sum():,} of {r.miesit.sum():,}', round(r.njuovvon_miesit.sum() / r.miesit.sum() * 100, 1))"), final])


@case("q22_se_top3_owners", "top-N list by code", "legit", "Which three owners had the most reindeer through the roundups?")
def _top3_owners() -> Script:
    code = "top3 = r.groupby(['eaiggát', 'mearka']).boazu.sum().nlargest(3)\nprint(top3)"
    ctx, ns = with_ratkin(code)
    t = ns["top3"]
    assert t.iloc[1] - t.iloc[2] == 2
    final = ("FINAL(Counting every animal through the season's eight roundups:\n"
             + "\n".join(f"{i}. {name} (earmark {mark}): {v:,} reindeer" for i, ((name, mark), v) in enumerate(t.items(), 1))
             + "\n\nThe second and third are only two animals apart.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final], [repl("print(top3.reset_index().to_string())"), final])


@case("q22_se_per_earmark_dict", "FINAL_VAR of a dict or frame", "legit",
      "Give me, per earmark, the owner, the reindeer counted and the animals slaughtered, as a dict.")
def _per_earmark() -> Script:
    code = ("per_mearka = {m: {'eaiggát': g.eaiggát.iloc[0], 'boazu': int(g.boazu.sum()), 'njuovvon': int(g.njuovvon.sum())}\n"
            "              for m, g in r.groupby('mearka')}\nprint(per_mearka)")
    ctx, _ = with_ratkin(code)
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), 'FINAL_VAR("per_mearka")'],
                  [repl("print(len(per_mearka), sorted(per_mearka))"), 'FINAL_VAR("per_mearka")'])


@case("q22_se_weather_over_season", "qualitative over a full small table", "legit", "How did the weather change over the roundups?")
def _weather() -> Script:
    code = "print(rátkin[['beaivi', 'báiki', 'temp_c', 'vierrásat', 'eaiggádat']].to_string())"
    ctx, ns = with_ratkin(code)
    t = ns["rátkin"].temp_c
    milder = [i for i in range(1, len(t)) if t[i] > t[i - 1]]
    assert milder == [3, 7] and t.idxmin() == 6
    final = (f"FINAL(It got colder through the season: from {t[0]} °C at the first roundup on 8 October 2024 to {t[6]} °C at "
             f"Gárddevárri on 9 January 2025. Only two roundups were milder than the one before: 19 November ({t[3]} °C, after "
             f"{t[2]}) and the last one, 23 January ({t[7]} °C), barely warmer than the coldest.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final], [repl("print(rátkin.temp_c.tolist())"), final])


@case("q22_se_strays_every_roundup", "yes/no with evidence", "legit", "Were strays from other districts found at every roundup?")
def _strays() -> Script:
    code = ("print(rátkin[['beaivi', 'báiki', 'vierrásat']].to_string())\nprint(rátkin.vierrásat.min(), rátkin.vierrásat.sum())\n"
            "print(rátkin.groupby(rátkin.báiki == 'Gárddevárri').vierrásat.mean().round(1))")
    ctx, ns = with_ratkin(code)
    s = ns["rátkin"]
    v = s.vierrásat
    assert v.min() == v[0] == 1 and v.idxmax() == 6 and (v > 0).all()
    big = s[s.báiki == "Gárddevárri"].vierrásat
    small = s[s.báiki != "Gárddevárri"].vierrásat
    assert big.mean() > 2 * small.mean()
    final = (f"FINAL(Yes. Every one of the {len(s)} roundups turned up strays from other districts: from just {v[0]} at the first, on "
             f"8 October 2024, to {v.max()} at Gárddevárri on 9 January 2025, {v.sum()} in all. The big Gárddevárri roundups found "
             f"the most, {big.mean():.1f} on average against {small.mean():.1f} at the others.)")
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), final], [repl("print((rátkin.vierrásat > 0).all(), rátkin.vierrásat.sum())"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- the Faroese slaughterhouse -------------------------------------------------------------------------------------
@case("q22_fo_weight_before_correction", "stale figure before a correction", "invented", "What was the total carcass weight this autumn?")
def _weight_stale() -> Script:
    first = "print(round(slakt.kropsvekt_kg.sum(), 1))"
    fixed = "print(slakt[slakt.viðmerking.str.startswith('Rætting')].to_string())\nprint(round(innlegg.kropsvekt_kg.sum(), 1))"
    ctx, ns = with_slakt(first + "\n" + fixed)
    stale = differs(round(ns["slakt"].kropsvekt_kg.sum(), 1), round(ns["innlegg"].kropsvekt_kg.sum(), 1))
    return Script(ctx, [SLAKT_LOOK, repl(first), PARSE_SLAKT, repl(fixed, "There is a Rætting row at the end; checking what it changes."),
                        f"FINAL({stale:,.1f} kg of carcass weight this autumn.)"])


@case("q22_fo_deliveries_as_farmers", "rows counted instead of distinct", "invented", "How many farmers delivered lambs this autumn?")
def _deliveries_as_farmers() -> Script:
    code = "print(len(innlegg))"
    ctx, ns = with_slakt(code)
    n = differs(len(ns["innlegg"]), ns["innlegg"].bóndi.nunique())
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), f"FINAL({n} farmers delivered lambs to the slaughterhouse this autumn.)"])


@case("q22_fo_second_island_top_fo", "second row called the top", "invented", "Hvør oyggj sendi flest lomb til sláturhúsið?")
def _second_island() -> Script:
    ctx, ns = with_slakt(ISLAND_LAMBS)
    o = ns["oy_lomb"]
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(ISLAND_LAMBS),
                        f"FINAL({differs(o.index[1], o.index[0])} sendi flest lomb: {o.iloc[1]} í alt.)"])


@case("q22_fo_lambs_per_delivery_misround_fo", "wrong rounding", "invented",
      "Hvussu nógv lomb eru í einum innleggi í miðal? Eitt heilt tal er nóg.")
def _lambs_misround() -> Script:
    code = "print(innlegg.lomb.mean())"
    ctx, ns = with_slakt(code)
    x = ns["innlegg"].lomb.mean()
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), f"FINAL({differs(misround(x), round(x))} lomb í hvørjum innleggi.)"])


@case("q22_fo_total_lambs_transposed", "transposed digits", "invented", "How many lambs were slaughtered this autumn?")
def _lambs_transposed() -> Script:
    code = "print(innlegg.lomb.sum(), innlegg.kasserað.sum())"
    ctx, ns = with_slakt(code)
    k = int(ns["innlegg"].lomb.sum())
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code),
                        f"FINAL({differs(swap_digits(k), k):,} lambs were slaughtered between 16 September and 31 October.)"])


@case("q22_fo_lambs_for_condemned", "figure from the right row but another column", "invented",
      "How many of Bogi Niclasen's lambs were condemned?")
def _lambs_for_condemned() -> Script:
    code = "print(innlegg.groupby('bóndi')[['lomb', 'kasserað', 'kropsvekt_kg']].sum().loc['Bogi Niclasen'])"
    ctx, ns = with_slakt(code)
    b = ns["innlegg"].groupby("bóndi")[["lomb", "kasserað"]].sum().loc["Bogi Niclasen"]
    wrong = differs(int(b.lomb), int(b.kasserað))
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), f"FINAL({wrong} of Bogi Niclasen's lambs were condemned.)"])


@case("q22_fo_islands_swapped_fo", "two labels' figures swapped", "invented", "Eru lombini úr Suðuroy tyngri enn lombini úr Eysturoy?")
def _islands_swapped() -> Script:
    ctx, ns = with_slakt(ISLAND_WEIGHT)
    oy = ns["oy"]
    s, e = oy.loc["Suðuroy", "kg_lamb"], oy.loc["Eysturoy", "kg_lamb"]
    assert s > e
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(ISLAND_WEIGHT),
                        f"FINAL(Nei, tað er øvugt: lombini úr Eysturoy vigaðu {fo(s, 2)} kg í miðal, og lombini úr Suðuroy bert "
                        f"{fo(e, 2)} kg.)"])


@case("q22_fo_grade_c_fraction_as_percent", "fraction written as percent", "invented", "What share of the deliveries were graded C?")
def _grade_c_fraction() -> Script:
    code = "andel_c = round((innlegg.flokkur == 'C').mean(), 3)\nprint(andel_c)"
    ctx, ns = with_slakt(code)
    a = ns["andel_c"]
    differs(a, round(a * 100, 1))
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), f"FINAL({a}% of the deliveries were graded C, hardly any.)"])


@case("q22_fo_frame_for_one_payment_fo", "table returned for one figure", "invented", "Hvussu nógv fekk Elin Næs goldið í alt?")
def _frame_one_payment() -> Script:
    code = "elin = innlegg[innlegg.bóndi == 'Elin Næs']\nprint(elin[['nr', 'dagur', 'lomb', 'kropsvekt_kg', 'upphædd_kr']])"
    ctx, _ = with_slakt(code)
    return Script(ctx, [SLAKT_LOOK, PARSE_SLAKT, repl(code), "FINAL_VAR(elin)"])


# -- the Areni winery -----------------------------------------------------------------------------------------------
@case("q22_hy_press_date_misread_hy", "date format misread", "invented", "Ե՞րբ է ճզմվել K02 կարասը:")
def _press_misread() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = "print([r for r in rows if 'ՃԶՄՈՒՄ կարաս=K02' in r])"
    line = next(r for r in karas_log().splitlines() if "ՃԶՄՈՒՄ կարաս=K02" in r)
    d, mo, y = (int(x) for x in line[:10].split("."))
    wrong = differs(pd.Timestamp(y, d, mo), pd.Timestamp(y, mo, d))
    assert wrong.month == 3
    return Script(ctx, [KARAS_LOOK, repl(code), f"FINAL(K02 կարասը ճզմվել է {wrong.year} թ. մարտի {wrong.day}-ին, ժամը {line[11:16]}-ին:)"])


@case("q22_hy_iso_date_search", "none found after searching a date in another format", "invented",
      "Were any karases pressed on 5 October 2024?")
def _iso_search() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = "oct5 = [r for r in rows if r.startswith('2024-10-05') and 'ՃԶՄՈՒՄ' in r]\nprint(len(oct5))"
    assert sum(r.startswith("05.10.2024") and "ՃԶՄՈՒՄ" in r for r in karas_log().splitlines()) == 2
    return Script(ctx, [KARAS_LOOK, repl(code), "FINAL(No. Nothing was pressed on 5 October 2024; the log has no pressing that day.)"])


@case("q22_hy_notes_count_half", "sub-call over part of the data", "invented", "How many notes did the cellar master write this season?")
def _notes_half() -> Script:
    ctx = {"matyan": karas_log(), "terms": ARENI_TERMS}
    code = f"said = llm_query({COUNT_NOTES_PROMPT!r} + matyan[:len(matyan) // 2])\nprint(said)"
    said = sub_says(COUNT_NOTES_PROMPT + karas_log()[:len(karas_log()) // 2])
    found = re.match(r"I count (\d+) notes, about (.+)\.$", said)
    assert found, said
    k = differs(int(found.group(1)), karas_log().count(" ՆՇՈՒՄ "))
    return Script(ctx, [KARAS_LOOK, repl(code, "The sub-model can count them in the log."),
                        f"FINAL(The cellar master wrote {k} notes this season, about {found.group(2)}.)"], sub=sub_model())


@case("q22_hy_litres_as_hectolitres", "unit misread", "invented", "How much new wine has been pressed so far?")
def _hectolitres() -> Script:
    code = "print(karases.litres.sum())"
    ctx, ns = with_karas(code)
    litres = int(ns["karases"].litres.sum())
    differs(litres, litres / 100)
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), f"FINAL({litres:,} hectolitres of new wine have been pressed so far.)"])


@case("q22_hy_yield_from_memory", "plausible figure from memory", "invented", "What is our yield of wine per 100 kg of grapes?")
def _yield_memory() -> Script:
    ctx, ns = with_karas("done = karases.dropna(subset=['litres'])")
    d = ns["done"]
    differs(70, round(d.litres.sum() / d.kg.sum() * 100))
    return Script(ctx, [KARAS_LOOK, "FINAL(About 70 litres of wine per 100 kg of grapes, the usual yield for red grapes fermented on "
                                    "their skins.)"])


@case("q22_hy_twelve_pressed_echoed", "number echoed from the question", "invented",
      "We filled 12 karases this harvest. How many of them have been pressed so far?")
def _twelve_echo() -> Script:
    code = "print(karases[['k', 'filled', 'pressed']].tail(3))"
    ctx, ns = with_karas(code)
    differs(12, int(ns["karases"].pressed.notna().sum()))
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), "FINAL(All 12 karases have been pressed.)"])


@case("q22_hy_absent_variety_hy", "label absent from the data", "invented", "Ո՞ր սորտից է ստացվել ամենաշատ գինին:")
def _absent_variety() -> Script:
    code = "print(karases.groupby('variety').litres.sum())"
    ctx, ns = with_karas(code)
    v = ns["karases"].groupby("variety").litres.sum()
    assert "Սիրենի" not in karas_log()
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), f"FINAL(Սիրենի սորտից՝ {hy(v.max(), 0)} լիտր:)"])


@case("q22_hy_hottest_from_head_hy", "maximum picked from a partial table", "invented", "Ո՞րն էր ամենաբարձր ջերմաստիճանը կարասներում:")
def _hottest_head() -> Script:
    code = "print(meas[['t', 'k', 'brix', 'temp']].head(20))"
    ctx, ns = with_karas(code)
    m = ns["meas"]
    seen = differs(m.head(20).temp.max(), m.temp.max())
    who = m.head(20).loc[m.head(20).temp.idxmax(), "k"]
    return Script(ctx, [KARAS_LOOK, PARSE_KARAS, repl(code), f"FINAL(Ամենաբարձր ջերմաստիճանը {hy(seen)} °C էր՝ {who} կարասում:)"])


# -- the Debre Markos grain mill ------------------------------------------------------------------------------------
@case("q22_am_teff_white_only", "total of the wrong subset", "invented", "How many kilos of teff were milled from January to April?")
def _teff_white_only() -> Script:
    code = "teff = o[o['እህል'] == 'ነጭ ጤፍ']['ኪሎ'].sum()\nprint(round(teff, 1))"
    ctx, ns = with_wefcho(code)
    o = ns["o"]
    wrong = differs(round(ns["teff"], 1), round(o[o["እህል"].str.contains("ጤፍ")]["ኪሎ"].sum(), 1))
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), f"FINAL({wrong:,.1f} kg of teff were milled from January to April.)"])


@case("q22_am_hotel_credit_wrong_base", "wrong denominator", "invented", "What share of the hotels' orders were on credit?")
def _hotel_credit_base() -> Script:
    code = "k = ((o['ዓይነት'] == 'ሆቴል') & (o['ሁኔታ'] == 'ዱቤ')).sum()\nprint(k, len(o))"
    ctx, ns = with_wefcho(code)
    o, k = ns["o"], int(ns["k"])
    wrong = differs(round(k / len(o) * 100, 1), round(k / int((o["ዓይነት"] == "ሆቴል").sum()) * 100, 1))
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), f"FINAL({wrong}% of the hotels' orders were on credit ({k} orders).)"])


@case("q22_am_march_cumulative_am", "cumulative read as the period's value", "invented", "በማርች ወር ስንት ኪሎ እህል ተፈጨ?")
def _march_cumulative() -> Script:
    code = ("monthly = o.groupby('ወር')['ኪሎ'].sum().round(1).to_frame('ኪሎ')\nmonthly['እስካሁን'] = monthly['ኪሎ'].cumsum().round(1)\n"
            "print(monthly)")
    ctx, ns = with_wefcho(code)
    m = ns["monthly"]
    wrong = differs(m.loc[3, "እስካሁን"], m.loc[3, "ኪሎ"])
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), f"FINAL(በማርች ወር {wrong:,.1f} ኪሎ እህል ተፈጭቷል።)"])


@case("q22_am_white_teff_fall_as_rise", "decrease reported as a rise", "invented",
      "How did white teff milling change from January to February?")
def _teff_rise() -> Script:
    code = ("teff_m = o[o['እህል'] == 'ነጭ ጤፍ'].groupby('ወር')['ኪሎ'].sum().round(1)\nprint(teff_m)\n"
            "print(round((teff_m[2] / teff_m[1] - 1) * 100, 1))")
    ctx, ns = with_wefcho(code)
    t = ns["teff_m"]
    pct = round((t[2] / t[1] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code),
                        f"FINAL(White teff milling rose by {abs(pct)}% from January to February, as families stocked up after Timket.)"])


@case("q22_am_ascending_grain_am", "first row of an ascending sort called the highest", "invented", "የትኛው እህል በብዛት ተፈጭቷል?")
def _ascending_grain() -> Script:
    code = "print(o.groupby('እህል')['ኪሎ'].sum().round(1).sort_values())"
    ctx, ns = with_wefcho(code)
    g = ns["o"].groupby("እህል")["ኪሎ"].sum().round(1).sort_values()
    pick = differs(g.index[0], g.idxmax())
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), f"FINAL(በብዛት የተፈጨው {pick} ነው፤ {g.iloc[0]:,.1f} ኪሎ።)"])


@case("q22_am_type_in_grain_column_am", "zero after filtering the wrong column", "invented", "ሆቴሎች ስንት ትዕዛዝ አቅርበዋል?")
def _type_in_grain() -> Script:
    code = "print((o['እህል'] == 'ሆቴል').sum())"
    ctx, ns = with_wefcho(code)
    differs(0, int((ns["o"]["ዓይነት"] == "ሆቴል").sum()))
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), "FINAL(ምንም፤ ሆቴሎች እስካሁን አንድም ትዕዛዝ አላቀረቡም።)"])


@case("q22_am_kebele_in_name_column", "nothing found in the wrong column", "invented", "Do we have any customers from kebele 05?")
def _kebele_in_name() -> Script:
    ctx = {"wefcho": wefcho()}
    code = "c = wefcho['ደንበኞች']\nprint(c[c['ስም'].str.contains('05')])"
    differs(0, int((wefcho()["ደንበኞች"]["ቀበሌ"] == "05").sum()))
    return Script(ctx, [WEFCHO_LOOK, repl(code), "FINAL(No, none of the mill's customers live in kebele 05.)"])


@case("q22_am_mean_as_median_am", "mean given as the median", "invented", "የአንድ ትዕዛዝ ሚዲያን ክብደት ስንት ኪሎ ነው?")
def _mean_median() -> Script:
    code = "print(o['ኪሎ'].describe())"
    ctx, ns = with_wefcho(code)
    d = ns["o"]["ኪሎ"].describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(code), f"FINAL(የአንድ ትዕዛዝ ሚዲያን ክብደት {wrong} ኪሎ ነው።)"])


@case("q22_am_submit_literal_fees", "literal typed into a code answer", "invented",
      "How much has the mill charged in fees since January, and over how many orders?")
def _submit_literal() -> Script:
    ctx = {"wefcho": wefcho()}
    orders = wefcho()["ትዕዛዞች"]
    differs(50000, round(orders["ክፍያ_ብር"].sum()))
    differs(600, len(orders))
    return Script(ctx, [WEFCHO_LOOK, repl("SUBMIT(total_fees_birr=50000, orders=600)",
                                          "Roughly 600 orders over four months at about 80 birr each.")])


@case("q22_am_shiro_called_falling", "trend in the wrong direction", "invented", "Did chickpea milling go up or down after Lent began?")
def _shiro_falling() -> Script:
    ctx, ns = with_wefcho(SHIRO)
    s = ns["shiro"]
    assert s[3] > s[2] and s[4] > s[3]
    return Script(ctx, [WEFCHO_LOOK, PARSE_WEFCHO, repl(SHIRO),
                        f"FINAL(Down: once Lent began, chickpea milling fell back, from {s[4]:,.1f} kg a month to {s[1]:,.1f} kg, as "
                        "households cut back during the fast.)"])


# -- the reindeer roundups ------------------------------------------------------------------------------------------
@case("q22_se_last_roundup_wrong_year", "wrong year", "invented", "When was the last roundup of the season?")
def _last_wrong_year() -> Script:
    code = "print(rátkin.beaivi.max(), rátkin.loc[rátkin.beaivi.idxmax(), 'báiki'])"
    ctx, ns = with_ratkin(code)
    last = ns["rátkin"].beaivi.max()
    wrong = differs(last.replace(year=2024), last)
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code),
                        f"FINAL(The last roundup was on {wrong.day} {wrong:%B %Y}, at Ávžejohka.)"])


@case("q22_se_cold_from_first_roundup", "sample generalized to the whole", "invented", "How cold did it get at the roundups?")
def _cold_first() -> Script:
    ctx, ns = with_ratkin("")
    first = json.loads(ratkin_json())["rátkimat"][0]["temperatuvra_c"]
    assert f'"temperatuvra_c": {first}' in ratkin_json()[:1200]
    differs(first, ns["rátkin"].temp_c.min())
    return Script(ctx, [RATKIN_LOOK, f"FINAL(Not very cold: the roundups were held at around {first} °C, so the work was done in "
                                     "mild weather for the season.)"])


@case("q22_se_carcass_from_memory", "plausible figure from memory", "invented", "What does a slaughtered reindeer weigh on average?")
def _carcass_memory() -> Script:
    ctx, ns = with_ratkin("w = r[r.deaddu_kg.notna()]")
    w = ns["w"]
    differs(30, round(w.deaddu_kg.sum() / w.njuovvon.sum()))
    return Script(ctx, [RATKIN_LOOK, "FINAL(About 30 kg of carcass per animal, which is typical for reindeer from Finnmark.)"])


@case("q22_se_entries_as_owners", "rows counted instead of distinct", "invented", "How many reindeer owners took part in the roundups?")
def _entries_as_owners() -> Script:
    code = "print(len(r))"
    ctx, ns = with_ratkin(code)
    n = differs(len(ns["r"]), ns["r"].eaiggát.nunique())
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), f"FINAL({n} reindeer owners took part in the roundups this season.)"])


@case("q22_se_absent_place", "label absent from the data", "invented", "Where were the most reindeer handled this season?")
def _absent_place() -> Script:
    code = "print(r.groupby('báiki').boazu.sum())"
    ctx, ns = with_ratkin(code)
    assert "Láhpojávri" not in ratkin_json()
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code),
                        f"FINAL(At Láhpojávri, with {ns['r'].groupby('báiki').boazu.sum().max():,} reindeer over the season.)"])


@case("q22_se_calf_fraction_as_percent", "fraction written as percent", "invented", "What share of the calves counted were slaughtered?")
def _calf_fraction() -> Script:
    code = "share = round(r.njuovvon_miesit.sum() / r.miesit.sum(), 3)\nprint(share)"
    ctx, ns = with_ratkin(code)
    s = ns["share"]
    differs(s, round(s * 100, 1))
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code), f"FINAL({s}% of the calves counted were sent to slaughter.)"])


@case("q22_se_calves_fall_as_rise", "decrease reported as a rise", "invented",
      "How did the number of calves counted change from the 3 December roundup to the 9 January one?")
def _calves_rise() -> Script:
    code = "c = r.groupby('beaivi').miesit.sum()\nprint(c)\nprint(round((c.iloc[6] / c.iloc[4] - 1) * 100, 1))"
    ctx, ns = with_ratkin(code)
    c = ns["c"]
    assert c.index[4] == pd.Timestamp("2024-12-03") and c.index[6] == pd.Timestamp("2025-01-09")
    pct = round((c.iloc[6] / c.iloc[4] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [RATKIN_LOOK, PARSE_RATKIN, repl(code),
                        f"FINAL(It went up by {abs(pct)}%: more calves were counted at Gárddevárri on 9 January than on 3 December.)"])
