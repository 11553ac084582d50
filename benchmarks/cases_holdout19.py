"""Acceptance cases, the nineteenth held-out set: written apart from the gates, to be measured only for its aggregate figures.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy; while it is held out, it is measured only for its aggregate figures, never read case by case. Run: ``python -m
benchmarks.acceptance --cases benchmarks.cases_holdout19``. The cases are written as a capable model writes its answers
(legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``
(the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``q19_``. About
three quarters of the questions are in English; the rest are in Urdu, Kazakh, Azerbaijani, Georgian, Basque, Tamil and
Serbian (Cyrillic), and the answers write numbers, dates and money as those locales do (``21.51 لاکھ روپے``,
``21,51,284 روپے``, ``112,2 мың тонна``, ``233 559,1``, ``13,5 min manat``, ``13.538,82 ₼``, ``19,5 ათასი ლარის``,
``19 505,99 ₾``, ``1.114,80 €``, ``%10``, ``₹2.97 கோடி``, ``₹71.96 லட்சம்``, ``+576 цм``, ``8. октобра 2024.``), with
cubic metres of discharge per second, centimetres against a gauge zero that a river can fall below, methane in percent,
hours and minutes of outage past midnight, qəpik coins and scoops per degree of heat.

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

The data are small seeded sets of domains no other set uses: a Karachi tower company's site log for four sites from
January to April 2024 as CSV text (day-first ``05/03/2024`` dates, one row per grid outage with ``HH:MM`` start and end
that can run past midnight, scheduled load-shedding beside unscheduled K-Electric faults, what the generator did,
diesel deliveries at a pump price in rupees per litre that changes on the 1st and the 16th, free-text remarks including
one suspected fuel theft, load-shedding that gets heavier in April), a Karaganda coal mine's March 2024 shift report as
fixed-width text with Kazakh headers (three shifts and three longwall faces a day, tonnes written ``1 234,5`` beside a
month-to-date column, methane peaks with a decimal comma and stoppages above 1,00 %, downtime and remarks in Kazakh,
Sundays without rows, a face that worked out its panel on 20 March, a grand-total line at the end), a Baku self-service
car wash's bay controller log from 4 to 24 March 2024 (stamps as ``date`` prints them, ``Tue Mar  5 14:02:11 +04
2024``; programmes with Azerbaijani names and prices per minute in manat, coins rounded up to 20 qəpik, loyalty cards
that come back again and again, coin-acceptor jams, a bay out of service for an afternoon, nightly cash-box totals, a
rush before Novruz and two rainy days), a Tbilisi tone bakery's app orders for May 2024 as nested JSON (Georgian
product names, items with unit prices in lari, deliveries with couriers and minutes or pickups, promo codes,
cancellations, ratings and comments; Orthodox Easter on 5 May, paska only before it, a cheese-khachapuri price rise on
15 May), a Basque cider house's 2025 guide in Basque markdown (the txotx season, a timetable, menus at ``48,00 €``,
children's prices, group discounts written ``%10``, deposits and cancellation charges, bottles to take away, the last
bus), a Kanchipuram silk weavers' cooperative as a dict of three tables to join (weavers and their looms, sarees woven
with grams of silk and zari and their cost, sales with list prices, an Aadi discount, outlets and bills numbered by the
Indian financial year; peaks before Deepavali and in the Thai wedding season), six Serbian river gauges on the Sava and
the Danube over 2023 and 2024 (Cyrillic column names, days written ``05.03.2024.``, signed levels as text like
``+345`` and ``-12`` that fall below the gauge zero in the autumn 2024 drought, ``—`` for a gauge out of order,
discharge written ``1.234,5`` at two stations, flood-defence stages in the May 2023 Sava flood), and a Hobart gelato
shop's daily scoops per flavour from October 2023 to March 2024 (revenue in AUD with a price rise on 1 January, the
day's maximum temperature and rain, the Taste of Tasmania crowds, closed on Christmas Day). Each frame builder returns
a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import csv
import functools
import io
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
# -- Karachi tower sites: a load-shedding and diesel log as CSV text (day-first dates, PKR per litre) ---------------
TOWER_SITES = {  # site: (area, load-shedding blocks a day, grid faults a day, genset litres per hour)
    "KHI-0412": ("Korangi", 1.6, 0.05, 4.4), "KHI-0587": ("Lyari", 3.4, 0.12, 4.9),
    "KHI-0733": ("Gulshan-e-Iqbal", 0.7, 0.03, 4.1), "KHI-0901": ("Malir", 2.2, 0.07, 4.6),
}
HSD_PRICE = {"2024-01-01": 276.21, "2024-01-16": 289.71, "2024-02-01": 295.64, "2024-02-16": 287.33,
             "2024-03-01": 285.56, "2024-03-16": 289.71, "2024-04-01": 293.96, "2024-04-16": 288.49}


@functools.lru_cache(maxsize=1)  # text is immutable: one build serves every run
def tower_csv(seed: int = 1901) -> str:
    """A Karachi tower company's site log for four sites, 1 January to 30 April 2024, as CSV text: one row per grid
    outage (``LS`` for scheduled load-shedding, ``FAULT`` for an unscheduled one, which may run past midnight) with
    its start and end (``HH:MM``) and what the generator did (``ON``, ``BATT`` when the batteries carried a short block,
    ``FAILED`` when it did not start and the site went down), and one row per diesel delivery (``REFILL``, litres and
    the pump price of high-speed diesel in rupees per litre, which changes on the 1st and the 16th). Dates are
    day-first (``05/03/2024``); the technicians' remarks are free text. Load-shedding gets heavier in April."""
    rng = np.random.default_rng(seed)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["site", "date", "event", "start", "end", "genset", "litres", "rate_pkr", "remarks"])
    prices = sorted((pd.Timestamp(k), v) for k, v in HSD_PRICE.items())
    tank = {s: 380.0 for s in TOWER_SITES}
    theft = False
    pending: dict[str, bool] = {s: False for s in TOWER_SITES}
    for day in pd.date_range("2024-01-01", "2024-04-30", freq="D"):
        rate = [v for k, v in prices if k <= day][-1]
        heat = 1.55 if day.month == 4 else 1.0
        for site, (_, blocks, faults, burn) in TOWER_SITES.items():
            rows: list[tuple[int, list[str]]] = []
            if pending[site]:
                litres = int(round((400 - tank[site]) / 10) * 10)
                remark = ""
                if site == "KHI-0587" and day >= pd.Timestamp("2024-03-15") and not theft:
                    theft = True
                    remark = "fuel theft suspected: tank dip 70 L short of the log"
                    tank[site] -= 70
                elif rng.random() < 0.12:
                    remark = str(rng.choice(["bowser came late, after 18:00", "paid in cash, receipt photographed",
                                             "dip stick reading checked with supervisor"]))
                rows.append((int(rng.integers(9 * 60, 17 * 60)), [site, f"{day:%d/%m/%Y}", "REFILL", "", "", "",
                                                                   str(litres), f"{rate:.2f}", remark]))
                tank[site] += litres
                pending[site] = False
            n = min(int(rng.poisson(blocks * heat)), 6)
            slots = sorted(rng.choice(np.arange(0, 22, 2), n, replace=False))
            for h in slots:
                length = int(rng.choice([60, 90, 120], p=[.3, .3, .4]))
                start = int(h) * 60
                gen = "BATT" if length == 60 and rng.random() < 0.35 else ("FAILED" if rng.random() < 0.035 else "ON")
                remark = ""
                if gen == "FAILED":
                    remark = f"genset did not start; site down {max(length - 45, 5)} min after batteries ran out"
                elif gen == "ON":
                    tank[site] -= burn * length / 60
                rows.append((start, [site, f"{day:%d/%m/%Y}", "LS", f"{start // 60:02d}:{start % 60:02d}",
                                     f"{(start + length) // 60:02d}:{(start + length) % 60:02d}", gen, "", "", remark]))
            if rng.random() < faults * heat:
                start = int(rng.integers(0, 24 * 60 - 30))
                length = int(rng.gamma(2.0, 95)) + 20
                end = (start + length) % (24 * 60)
                gen = "FAILED" if rng.random() < 0.15 else "ON"
                remark = str(rng.choice(["K-Electric feeder tripped", "cable fault on the feeder", "PMT burnt, KE crew came",
                                         "rain, feeder tripped"]))
                if gen == "FAILED":
                    remark += f"; genset did not start, site down {max(length - 45, 5)} min"
                else:
                    tank[site] -= burn * length / 60
                rows.append((start, [site, f"{day:%d/%m/%Y}", "FAULT", f"{start // 60:02d}:{start % 60:02d}",
                                     f"{end // 60:02d}:{end % 60:02d}", gen, "", "", remark]))
            for _, r in sorted(rows, key=lambda x: x[0]):
                w.writerow(r)
            if tank[site] < 150:
                pending[site] = True
    return buf.getvalue()


# -- a Karaganda coal mine's shift report for March 2024 as fixed-width text (Kazakh headers, ``1 234,5``) -----------
FACES = {"31К": (1480.0, 0.52), "42Б": (1230.0, 0.66), "17Ю": (960.0, 0.47)}  # longwall: (tonnes a shift, CH4 base %)


def kz(x: float, decimals: int = 1) -> str:
    """Kazakh digits: ``1 234,5`` (a space between thousands, a decimal comma)."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


@functools.lru_cache(maxsize=1)
def shift_report(seed: int = 1902) -> str:
    """The «Көктал» mine's daily production report for March 2024, fixed-width, one row per day, shift (I 00–08,
    II 08–16, III 16–24) and longwall face: output in tonnes and the face's month-to-date output (``1 234,5``), the
    shift's highest methane reading in % (work stops above 1,00 %), downtime in minutes and a remark in Kazakh.
    Sundays are maintenance days with no rows; face 42Б worked out its panel on 20 March and moved to a new one (no
    rows after); a grand-total line closes the report."""
    rng = np.random.default_rng(seed)
    out = ["ШАХТА «КӨКТАЛ» — ТӘУЛІКТІК ӨНДІРУ ЕСЕБІ", "Кезең: 01.03.2024 – 31.03.2024",
           "Ауысымдар: I 00:00–08:00, II 08:00–16:00, III 16:00–24:00. Жексенбі — жөндеу күні.",
           "Метан 1,00 %-дан асқанда жұмыс тоқтатылады.", "",
           f"{'Күні':<12}{'Ауысым':<8}{'Лава':<6}{'Өндіру, т':>12}{'Айдан бері, т':>16}{'CH4 макс, %':>13}"
           f"{'Тоқтау, мин':>13}  Ескерту", "-" * 100]
    cum = {f: 0.0 for f in FACES}
    total = 0.0
    for day in pd.date_range("2024-03-01", "2024-03-31", freq="D"):
        if day.day_of_week == 6:
            continue
        for shift in ["I", "II", "III"]:
            for face, (tonnes, ch4) in FACES.items():
                if face == "42Б" and (day.day > 20 or (day.day == 20 and shift == "III")):
                    continue
                gas = round(float(ch4 + rng.gamma(2.0, 0.09) + (0.25 if shift == "I" and face == "42Б" else 0)), 2)
                down, remark = 0, ""
                if gas > 1.0:
                    down, remark = int(rng.integers(60, 181)), "газ бойынша тоқтату"
                elif rng.random() < 0.16:
                    down = int(rng.integers(20, 150))
                    remark = str(rng.choice(["конвейер ақауы", "комбайн ақауы", "электр қуаты жоқ", "бекітпе ауыстыру"]))
                start = 0.55 if (face == "17Ю" and day.day <= 6) else 1.0
                made = max(0.0, tonnes * start * float(rng.normal(1, 0.1)) * (1 - down / 480))
                if face == "42Б" and day.day == 20 and shift == "II":
                    remark = "лава аяқталды, монтажға"
                    made *= 0.4
                made = round(made, 1)
                cum[face] = round(cum[face] + made, 1)
                total = round(total + made, 1)
                out.append(f"{day:%d.%m.%Y}  {shift:<8}{face:<6}{kz(made):>12}{kz(cum[face]):>16}{kz(gas, 2):>13}"
                           f"{down:>13}  {remark}".rstrip())
    out += ["-" * 100, f"{'БАРЛЫҒЫ':<26}{kz(total):>12}"]
    return "\n".join(out) + "\n"


# -- a Baku self-service car wash: the bay controller's log, stamps as ``date`` prints them -------------------------
PROGRAMS = {"Əsas": 1.00, "Köpük": 1.40, "Osmos": 1.60, "Vaks": 1.80}  # manat per minute


@functools.lru_cache(maxsize=1)
def wash_log(seed: int = 1903) -> str:
    """The controller log of a six-bay self-service car wash in Baku, Monday 4 to Sunday 24 March 2024. Stamps are in
    the C ``date`` format with the Baku offset (``Tue Mar  5 14:02:11 +04 2024``). One ``WASH`` line per session: bay,
    programme (Azerbaijani names: Əsas, Köpük, Osmos, Vaks, each with its price per minute), seconds, water in litres,
    payment (coins, a bank card, or a loyalty card ``LC-0412`` that regulars use again and again) and the amount in
    manat; ``ERROR`` lines (coin acceptor jams, a foam pump running dry, bay 5's pump pressure), bay 5 out of service
    on Thursday 14 March, and a ``CASHBOX`` line each night with the coins collected. Busy before the Novruz
    holiday (20 to 24 March), quiet on the rainy 8 and 9 March."""
    rng = np.random.default_rng(seed)
    cards = [f"LC-{k:04d}" for k in rng.choice(np.arange(100, 2000), 150, replace=False)]
    weights = rng.pareto(1.3, len(cards)) + 0.15
    events: list[tuple[pd.Timestamp, str]] = []
    day_factor = {8: 0.35, 9: 0.45, 18: 1.6, 19: 1.75, 20: 0.6, 21: 0.55}
    for day in pd.date_range("2024-03-04", "2024-03-24", freq="D"):
        n = int(rng.poisson(62 * day_factor.get(day.day, 1.0) * (1.25 if day.day_of_week >= 5 else 1.0)))
        minutes = np.sort(rng.normal(15.5 * 60, 170, n).clip(8 * 60 + 1, 23 * 60 - 12) + rng.uniform(0, 1, n))
        coins = 0.0
        for m in minutes:
            t = day + pd.Timedelta(minutes=float(m))
            bay = int(rng.integers(1, 7))
            if bay == 5 and day.day == 14 and 13.9 * 60 < m < 18.6 * 60:
                bay = int(rng.choice([1, 2, 3, 4, 6]))
            prog = str(rng.choice(list(PROGRAMS), p=[.42, .3, .12, .16]))
            secs = int(rng.gamma(3.0, 140)) + 60
            amount = round(PROGRAMS[prog] * secs / 60, 2)
            r = rng.random()
            if r < 0.38:
                pay = "pay=coin"
                amount = round(np.ceil(amount * 5) / 5, 2)  # coins of 20 qəpik: the change is not given back
                coins += amount
            elif r < 0.72:
                pay = "pay=bank"
            else:
                pay = f"pay=loyalty card={cards[int(rng.choice(len(cards), p=weights / weights.sum()))]}"
            water = round(secs / 60 * float(rng.uniform(9.5, 12.5)), 1)
            events.append((t, f"bay={bay} WASH prog={prog} secs={secs} water_l={water} {pay} amount={amount:.2f}"))
            if bay == 2 and rng.random() < 0.05:
                events.append((t + pd.Timedelta(seconds=secs + 20), "bay=2 ERROR E07 coin acceptor jam"))
        if day.day == 14:
            events.append((day + pd.Timedelta(hours=13, minutes=41, seconds=7), "bay=5 ERROR E21 pump pressure low (38 bar)"))
            events.append((day + pd.Timedelta(hours=13, minutes=52, seconds=30), "bay=5 OUT_OF_SERVICE"))
            events.append((day + pd.Timedelta(hours=18, minutes=34, seconds=2), "bay=5 BACK_IN_SERVICE"))
        if day.day in (6, 12, 22):
            events.append((day + pd.Timedelta(hours=int(rng.integers(10, 20)), minutes=int(rng.integers(0, 60))),
                           f"bay={int(rng.integers(1, 7))} ERROR E33 foam pump dry"))
        events.append((day + pd.Timedelta(hours=23, minutes=5), f"CASHBOX emptied total={coins:.2f}"))
    events.sort(key=lambda e: e[0])
    return "\n".join(f"{t:%a %b} {t.day:2d} {t:%H:%M:%S} +04 {t.year} wash[812]: {text}" for t, text in events) + "\n"


# -- a Tbilisi bakery's app orders for May 2024 as nested JSON (Georgian product names, lari) ------------------------
BREADS = {  # sku: (Georgian name, price until 14 May, price from 15 May)
    "SHOTI": ("შოთის პური", 1.20, 1.20), "MADAURI": ("მადაური", 1.50, 1.50),
    "IMERULI": ("იმერული ხაჭაპური", 9.50, 10.50), "MEGRULI": ("მეგრული ხაჭაპური", 12.00, 13.00),
    "ACHARULI": ("აჭარული ხაჭაპური", 14.00, 14.00), "LOBIANI": ("ლობიანი", 6.50, 6.50),
    "NAZUKI": ("ნაზუქი", 3.80, 3.80), "PASKA": ("პასკა", 12.00, 12.00),
}
DISTRICTS = {"Vake": (.3, 3.0), "Saburtalo": (.24, 5.0), "Vera": (.14, 3.0), "Mtatsminda": (.1, 4.0),
             "Didube": (.12, 5.0), "Isani": (.1, 6.0)}  # district: (share of orders, delivery fee in lari)
COURIERS = {"Levan": 27.0, "Nino": 25.0, "Dato": 38.0, "Tamar": 26.0, "Giorgi": 29.0}  # mean minutes
COMMENTS = {"late": ["courier was late", "waited almost an hour"], "cold": ["khachapuri arrived cold", "bread was not warm"],
            "missing": ["one lobiani missing", "missing item, called the shop"],
            "praise": ["still warm, perfect", "best shotis puri in Vake", "fast and friendly courier"]}


@functools.lru_cache(maxsize=1)
def bakery_json(seed: int = 1904) -> str:
    """Orders of a Tbilisi tone bakery's app for May 2024 as one JSON document: each order with its time (ISO, +04:00),
    customer (id and district; regulars order again and again), items (SKU, Georgian name, quantity, unit price in lari),
    delivery (courier, fee, minutes) or pickup, a promo code, the status (``delivered``, ``picked_up``, ``cancelled``),
    a rating and a comment. Orthodox Easter fell on 5 May 2024: paska is sold only before it and Easter Saturday is the
    busiest day; cheese khachapuri prices went up on 15 May; courier Dato is the slowest."""
    rng = np.random.default_rng(seed)
    customers = [(f"C-{k:04d}", str(rng.choice(list(DISTRICTS), p=[v[0] for v in DISTRICTS.values()])))
                 for k in rng.choice(np.arange(1, 5000), 210, replace=False)]
    weights = rng.pareto(2.2, len(customers)) + 0.35
    orders = []
    k = 24000
    for day in pd.date_range("2024-05-01", "2024-05-31", freq="D"):
        n = int(rng.poisson({1: 34, 2: 38, 3: 46, 4: 71, 5: 12}.get(day.day, 27 * (1.2 if day.day_of_week >= 5 else 1.0))))
        for secs in np.sort(rng.integers(7 * 3600, 21 * 3600, n)):
            k += 1
            t = day + pd.Timedelta(seconds=int(secs))
            cid, district = customers[int(rng.choice(len(customers), p=weights / weights.sum()))]
            skus = ["SHOTI", "MADAURI", "IMERULI", "MEGRULI", "ACHARULI", "LOBIANI", "NAZUKI"]
            p = np.array([.28, .08, .2, .1, .1, .14, .1])
            if day.day <= 4:
                skus, p = skus + ["PASKA"], np.append(p * 0.7, 0.3)
            picked = rng.choice(skus, int(rng.choice([1, 1, 2, 2, 3, 4])), replace=False, p=p / p.sum())
            items = []
            for sku in picked:
                name, before, after = BREADS[str(sku)]
                qty = int(rng.choice([1, 2, 3, 4, 6])) if sku in ("SHOTI", "MADAURI") else int(rng.choice([1, 1, 2]))
                items.append({"sku": str(sku), "name": name, "qty": qty, "unit_price": before if day.day < 15 else after})
            pickup = rng.random() < 0.22
            order: dict[str, Any] = {"id": f"T7-{k}", "placed": f"{t:%Y-%m-%dT%H:%M:%S}+04:00",
                                     "customer": {"id": cid, "district": district}, "items": items}
            if pickup:
                order["delivery"] = None
            else:
                courier = str(rng.choice(list(COURIERS)))
                order["delivery"] = {"courier": courier, "fee": DISTRICTS[district][1],
                                     "minutes": int(rng.gamma(6.0, COURIERS[courier] / 6.0))}
            order["promo"] = {"code": "TONE10", "pct": 10} if rng.random() < 0.12 else None
            r = rng.random()
            order["status"] = "cancelled" if r < 0.06 else ("picked_up" if pickup else "delivered")
            order["rating"] = None if order["status"] == "cancelled" or rng.random() < 0.45 else int(rng.choice([2, 3, 4, 5, 5], p=[.06, .14, .3, .25, .25]))
            comment = ""
            if order["status"] != "cancelled" and rng.random() < 0.3:
                late = order["delivery"] is not None and order["delivery"]["minutes"] > 45
                kind = "late" if late else str(rng.choice(["cold", "missing", "praise"], p=[.25, .15, .6]))
                comment = str(rng.choice(COMMENTS[kind]))
            order["comment"] = comment
            orders.append(order)
    doc = {"shop": "Tone No. 7 (თონე №7), Vake, Tbilisi", "currency": "GEL", "period": "2024-05-01/2024-05-31",
           "note": "unit_price is the price on the day of the order; promo pct applies to the items, not the delivery fee",
           "orders": orders}
    return json.dumps(doc, ensure_ascii=False, indent=1)


# -- a Basque cider house's 2025 guide and prices, in Basque markdown (``48,00 €``, ``%10``) -------------------------
SAGARDOTEGIA = """# Txalaparta Sagardotegia — 2025eko denboraldia

Astigarragako sagardotegi familiarra, 1952tik. Txotx denboraldia **2025eko urtarrilaren 17tik apirilaren 27ra** da.
Denboraldi horretatik kanpo larunbatetan bakarrik irekitzen dugu, eta txotxik gabe.

## Ordutegia

| Eguna | Bazkaria | Afaria |
| --- | --- | --- |
| Astelehena | itxita | itxita |
| Asteartetik ostegunera | — | 20:30 |
| Ostirala | — | 20:30 eta 22:00 |
| Larunbata | 13:30 | 20:30 eta 22:00 |
| Igandea | 13:30 | — |

## Menuak eta prezioak

Prezioak pertsonako dira, BEZa barne.

| Menua | Zer dakar | Prezioa |
| --- | --- | --- |
| Sagardotegiko menua | bakailao-tortilla, bakailao frijitua piperrekin, txuleta (400 g pertsonako), Idiazabal gazta, irasagarra eta intxaurrak; sagardoa txotxetik nahi adina | 48,00 € |
| Menu laburra | bakailao-tortilla, bakailao frijitua, gazta eta intxaurrak; sagardoa txotxetik | 36,00 € |
| Haurren menua (12 urte arte) | makarroiak edo oilasko-xerra, postrea eta ura edo zukua | 19,50 € |
| Txotxa eta pintxoa | pintxo bat eta sagardoa txotxetik, 45 minutuz | 16,00 € |

- Txuleta gehigarria: 62,00 € kiloa.
- 3 urtetik beherakoek ez dute ordaintzen.
- Txotxetik kanpoko edariak (ardoa, garagardoa, freskagarriak) aparte kobratzen dira.

## Taldeak

- 20 lagunetik gorako taldeek %10eko deskontua dute helduen menuetan (haurren menuan ez).
- 40 lagunetik gora, %12koa.
- Taldeek 10 €-ko aurrerakina ordaintzen dute pertsonako, erreserba egitean.

## Erreserbak eta ezeztapenak

- Erreserba telefonoz (943 55 12 34) edo webgunean.
- Erreserba doan ezezta daiteke, 48 ordu lehenago arte.
- 48 ordu baino gutxiagorekin: 10 € pertsonako (taldeen aurrerakina ez da itzultzen).
- Abisatu gabe ez bazatoz: menuaren prezioaren %50.

## Sagardoa etxera

- Botila (75 cl): 4,20 €. Sei botilako kaxa: 22,50 €.
- 2024ko uztako sagardo berria otsailaren 1etik aurrera saltzen da.

## Nola iritsi

Donostiatik Lurraldebuseko E20 autobusa hartu (Astigarragako plazaraino, 25 minutu, 1,85 €), eta handik 10 minutu
oinez. Azken autobusa Astigarragatik Donostiara 23:40an irteten da (ostiral eta larunbatetan, 01:15ean). Aparkaleku
doakoa dago, 60 autorentzat.
"""


# -- a Kanchipuram silk weavers' cooperative: a dict of three tables (weavers, sarees woven, sales; rupees) ---------
WEAVERS = ["Murugan S.", "Lakshmi R.", "Senthil Kumar K.", "Kavitha M.", "Saravanan P.", "Meenakshi V.", "Ganesan A.",
           "Selvi T.", "Rajendran N.", "Vasuki G.", "Balaji R.", "Anandhi S.", "Kumaresan D.", "Revathi K.", "Palani M.",
           "Jayanthi B.", "Ramesh V.", "Malathi P.", "Sivakumar J.", "Deepa N.", "Velmurugan R.", "Chitra A.",
           "Karthikeyan S.", "Sumathi L.", "Arumugam K.", "Geetha R.", "Elango T.", "Priya M.", "Manikandan V.",
           "Bhavani S.", "Sundaram P.", "Uma D."]
WEAVER_VILLAGES = {"Kanchipuram town": .34, "Ayyampettai": .2, "Pillaiyarpalayam": .2, "Thirupukuzhi": .14, "Sevilimedu": .12}
DESIGNS = {"Korvai": (560, 210, 9000), "Thazhampoo": (520, 150, 7000), "Mayilkan": (540, 170, 7800),
           "Rettai Pettu": (600, 230, 9800), "Kattam": (480, 90, 5600), "Pazhum Pazhamum": (510, 130, 6600)}
OUTLETS = {"Kanchipuram showroom": .36, "Chennai T. Nagar": .32, "Coimbatore": .14, "Co-optex online": .18}


def silk() -> dict[str, pd.DataFrame]:
    """The Kanchipuram silk weavers' cooperative, April 2023 to March 2025 (two Indian financial years)."""
    return {name: frame.copy() for name, frame in _silk().items()}


@functools.lru_cache(maxsize=1)
def _silk(seed: int = 1906) -> dict[str, pd.DataFrame]:
    """``weavers`` (id, name, village, looms, member since), ``sarees`` (each saree woven: weaver, design, grams of silk
    and of zari, the day it came off the loom, its cost in rupees) and ``sales`` (bill, saree, day, outlet, list price,
    discount in percent and the net price). Sales peak before Deepavali (12 November 2023, 31 October 2024) and in the
    Thai wedding season (mid-January to mid-February); the Aadi sale (17 July to 16 August) gives 10% off; some sarees
    were still in stock on 31 March 2025."""
    rng = np.random.default_rng(seed)
    n = len(WEAVERS)
    weavers = pd.DataFrame({
        "weaver_id": [f"KW{k:03d}" for k in range(1, n + 1)], "name": WEAVERS,
        "village": rng.choice(list(WEAVER_VILLAGES), n, p=list(WEAVER_VILLAGES.values())),
        "looms": rng.choice([1, 2, 2, 3], n), "member_since": rng.integers(1988, 2022, n)})
    days = pd.date_range("2023-04-01", "2025-03-31", freq="D")
    season = np.ones(len(days))
    for lo, hi, w in (("2023-10-10", "2023-11-11", 3.2), ("2024-09-30", "2024-10-30", 3.4), ("2024-01-12", "2024-02-14", 2.4),
                      ("2025-01-12", "2025-02-14", 2.6), ("2023-07-17", "2023-08-16", 1.6), ("2024-07-17", "2024-08-16", 1.6)):
        season[(days >= lo) & (days <= hi)] = w
    sarees, sales = [], []
    k = 0
    for wv in weavers.itertuples():
        skill = float(rng.uniform(0.85, 1.15))
        for _ in range(int(wv.looms)):
            t = pd.Timestamp("2023-04-01") + pd.Timedelta(days=int(rng.integers(0, 20)))
            while True:
                design = str(rng.choice(list(DESIGNS), p=[.2, .18, .18, .1, .2, .14]))
                silk_g, zari_g, wage = DESIGNS[design]
                t = t + pd.Timedelta(days=int(rng.gamma(6.0, 4.2 * (wage / 7500) / skill)) + 6)
                if t > pd.Timestamp("2025-03-31"):
                    break
                k += 1
                sid = f"KS-{t:%y}-{k:04d}"
                s = round(float(rng.normal(silk_g, 25)))
                z = round(float(rng.normal(zari_g, 15)))
                cost = round(s * 6.8 + z * (74 if t < pd.Timestamp("2024-06-01") else 88) + wage * skill, -1)
                sarees.append({"saree_id": sid, "weaver_id": wv.weaver_id, "design": design, "silk_g": s, "zari_g": z,
                               "completed": f"{t:%Y-%m-%d}", "cost_inr": int(cost)})
                if rng.random() < 0.1:
                    continue  # still in stock
                ok = days > t + pd.Timedelta(days=2)
                if not ok.any():
                    continue
                w = season * ok * np.exp(-np.clip((days - t).days.to_numpy(), 0, None) / 150)
                sold = days[int(rng.choice(len(days), p=w / w.sum()))]
                mrp = int(round(cost * float(rng.uniform(1.3, 1.45)), -2))
                aadi = (sold.month == 7 and sold.day >= 17) or (sold.month == 8 and sold.day <= 16)
                disc = 10 if aadi else 0
                sales.append({"saree_id": sid, "sold_on": sold, "outlet": str(rng.choice(list(OUTLETS), p=list(OUTLETS.values()))),
                              "mrp_inr": mrp, "discount_pct": disc, "net_inr": round(mrp * (100 - disc) / 100)})
    sales_df = pd.DataFrame(sales).sort_values(["sold_on", "saree_id"], ignore_index=True)
    fy = np.where(sales_df.sold_on.dt.month >= 4, sales_df.sold_on.dt.year % 100, sales_df.sold_on.dt.year % 100 - 1)
    sales_df.insert(0, "bill_no", [f"KSC/{y}-{y + 1}/{i:05d}" for i, y in enumerate(fy, 1)])
    sales_df["sold_on"] = sales_df.sold_on.dt.strftime("%Y-%m-%d")
    sarees_df = pd.DataFrame(sarees).sort_values(["completed", "saree_id"], ignore_index=True)
    return {"weavers": weavers, "sarees": sarees_df, "sales": sales_df}


# -- Serbian river gauges: daily bulletins 2023-2024 (Cyrillic column names, ``05.03.2024.``, ``+345``, ``1.234,5``) -
STANICE = {  # station: (river, mean level cm, seasonal swing cm, regular and emergency flood-defence levels)
    "Београд": ("Сава", 330, 170, 600, 700), "Земун": ("Дунав", 320, 150, 600, 700), "Панчево": ("Дунав", 300, 150, 620, 720),
    "Смедерево": ("Дунав", 370, 140, 650, 750), "Нови Сад": ("Дунав", 230, 150, 550, 650),
    "Сремска Митровица": ("Сава", 290, 210, 600, 700)}


def sr(x: float, decimals: int = 1) -> str:
    """Serbian digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def vodostaji() -> pd.DataFrame:
    return _vodostaji().copy()


@functools.lru_cache(maxsize=1)
def _vodostaji(seed: int = 1907) -> pd.DataFrame:
    """Daily morning readings at six gauges on the Sava and the Danube, 2023 and 2024, as the hydrological bulletin
    prints them: day (``05.03.2024.``), station, river, level in cm against the gauge zero as text with its sign
    (``+345``, ``-12``: the Danube at Novi Sad fell below zero in the autumn 2024 drought; ``—`` when the Pančevo gauge
    was out of order in February 2024), discharge in m³/s (``5.432,1``, only at Novi Sad and Sremska Mitrovica), water
    temperature (``8,4``) and the flood-defence stage (``редовна``, ``ванредна`` or empty). A Sava flood wave peaks in
    mid-May 2023."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2023-01-01", "2024-12-31", freq="D")
    doy = days.day_of_year.to_numpy()
    rows = []
    for st, (river, mean, swing, regular, emergency) in STANICE.items():
        noise = np.zeros(len(days))
        for i in range(1, len(days)):
            noise[i] = 0.93 * noise[i - 1] + rng.normal(0, 14)
        h = mean + swing * np.sin(2 * np.pi * (doy - 40) / 365) + noise
        if river == "Сава":
            h += (330 if st == "Сремска Митровица" else 260) * np.exp(-((days - pd.Timestamp("2023-05-17")).days.to_numpy() / 7.0) ** 2)
        else:
            dry = (days >= "2024-08-01") & (days <= "2024-11-15")
            h -= 170 * dry * np.sin(np.pi * np.clip((days - pd.Timestamp("2024-08-01")).days.to_numpy(), 0, 106) / 106)
        h = np.round(h).astype(int)
        temp = 12.5 + (10.5 if river == "Дунав" else 9.5) * np.sin(2 * np.pi * (doy - 115) / 365) + rng.normal(0, 0.6, len(days))
        for i, d in enumerate(days):
            level = f"{h[i]:+d}" if h[i] != 0 else "0"
            if st == "Панчево" and pd.Timestamp("2024-02-10") <= d <= pd.Timestamp("2024-02-16"):
                level = "—"
            q = ""
            if st == "Нови Сад":
                q = sr(1750 + 6.1 * h[i] + rng.normal(0, 70))
            elif st == "Сремска Митровица":
                q = sr(max(60.0, 380 + 3.4 * h[i] + rng.normal(0, 40)))
            stage = "ванредна" if h[i] >= emergency else "редовна" if h[i] >= regular else ""
            rows.append({"датум": f"{d:%d.%m.%Y}.", "станица": st, "река": river, "водостај_цм": level,
                         "протицај_м3с": q, "темп_воде": f"{temp[i]:.1f}".replace(".", ","), "одбрана": stage})
    return pd.DataFrame(rows)


# -- a Hobart gelato shop's daily sales per flavour, spring and summer 2023/24 (AUD) --------------------------------
FLAVOURS = {"Leatherwood honey": .13, "Pistachio": .11, "Salted caramel": .12, "Dark chocolate": .1,
            "Tasmanian raspberry sorbet": .09, "Lemon sorbet": .07, "Vanilla bean": .1, "Hazelnut": .07,
            "Strawberries & cream": .08, "Mango sorbet": .05, "Coffee": .05, "Pepperberry & blackcurrant": .03}


def gelato() -> pd.DataFrame:
    return _gelato().copy()


@functools.lru_cache(maxsize=1)
def _gelato(seed: int = 1908) -> pd.DataFrame:
    """A Salamanca Place gelato shop, 1 October 2023 to 31 March 2024 (closed on Christmas Day): one row per day and
    flavour with scoops sold, revenue in AUD (a scoop went from $6.00 to $6.50 on 1 January 2024), the day's maximum
    temperature in °C and rain in mm. Warm days sell more, sorbets most of all; the Taste of Tasmania festival
    (28 December to 3 January) brings the crowds."""
    rng = np.random.default_rng(seed)
    rows = []
    for d in pd.date_range("2023-10-01", "2024-03-31", freq="D"):
        if d.month == 12 and d.day == 25:
            continue
        doy = (d - pd.Timestamp("2023-10-01")).days
        tmax = round(float(15.5 + 7.5 * np.sin(np.pi * min(doy, 150) / 170) + rng.normal(0, 3.8)), 1)
        rain = round(float(rng.gamma(0.9, 6.0)) if rng.random() < 0.32 else 0.0, 1)
        total = 120 + 21 * (tmax - 18) + (55 if d.day_of_week >= 5 else 0) - 3.5 * rain
        if (d.month == 12 and d.day >= 28) or (d.month == 1 and d.day <= 3):
            total += 160
        total = max(total, 35)
        price = 6.0 if d < pd.Timestamp("2024-01-01") else 6.5
        for fl, share in FLAVOURS.items():
            boost = 1 + (0.05 * (tmax - 20) if "sorbet" in fl else 0)
            sc = int(rng.poisson(max(total * share * boost, 1)))
            rows.append({"date": d, "flavour": fl, "scoops": sc, "revenue_aud": round(sc * price, 2), "max_temp_c": tmax,
                         "rain_mm": rain})
    return pd.DataFrame(rows)


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
TOWER_LOOK = repl("print(len(towers))\nprint(towers[:900])", "A CSV as text; the header and the first rows first.")
TOWER_PARSE = (
    "import io\nimport pandas as pd\n"
    "log = pd.read_csv(io.StringIO(towers), dtype={'start': str, 'end': str, 'remarks': str})\n"
    "log['day'] = pd.to_datetime(log.date, format='%d/%m/%Y')\n"
    "out = log[log.event.isin(['LS', 'FAULT'])].copy()\n"
    "t0 = pd.to_datetime(out.date + ' ' + out.start, format='%d/%m/%Y %H:%M')\n"
    "t1 = pd.to_datetime(out.date + ' ' + out.end, format='%d/%m/%Y %H:%M')\n"
    "t1 = t1.where(t1 > t0, t1 + pd.Timedelta(days=1))  # a fault can run past midnight\n"
    "out['hours'] = (t1 - t0).dt.total_seconds() / 3600\n"
    "fuel = log[log.event == 'REFILL'].copy()\nfuel['cost_pkr'] = fuel.litres * fuel.rate_pkr\n"
    "print(log.event.value_counts())\nprint(out.groupby('site').hours.sum().round(1))")
PARSE_TOWER = repl(TOWER_PARSE, "Dates are day-first (05/03/2024); an outage's end can be after midnight. Splitting the "
                                "outages from the diesel deliveries.")

MINE_LOOK_CODE = "rows = report.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:14]))\nprint('\\n'.join(rows[-3:]))"
MINE_LOOK = repl(MINE_LOOK_CODE, "A fixed-width report in Kazakh; the header and the last lines first.")
MINE_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\d\\d\\.\\d\\d\\.\\d{4})\\s+(I{1,3})\\s+(\\S+)\\s+([\\d ]+,\\d)\\s+([\\d ]+,\\d)\\s+(\\d+,\\d\\d)\\s+(\\d+)\\s*(.*)$')\n"
    "def num(s):\n    return float(s.replace(' ', '').replace(',', '.'))\n"
    "shifts = pd.DataFrame([m.groups() for m in map(rx.match, rows) if m],\n"
    "                      columns=['date', 'shift', 'face', 'tonnes', 'mtd', 'ch4', 'down_min', 'remark'])\n"
    "shifts['date'] = pd.to_datetime(shifts.date, format='%d.%m.%Y')\n"
    "for c in ['tonnes', 'mtd', 'ch4']:\n    shifts[c] = shifts[c].map(num)\n"
    "shifts['down_min'] = shifts.down_min.astype(int)\n"
    "print(shifts.shape)\nprint(shifts.groupby('face').tonnes.agg(['count', 'sum']).round(1))")
PARSE_MINE = repl(MINE_PARSE, "Numbers are written 1 234,5; only the dated rows are shifts (the БАРЛЫҒЫ line is the total). "
                              "Parsing them into a table.")

WASH_LOOK_CODE = "lines = washlog.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:6]))"
WASH_LOOK = repl(WASH_LOOK_CODE, "The controller log; the size and the first lines.")
WASH_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\w{3} \\w{3} +\\d+ [\\d:]{8}) \\+04 (\\d{4}) wash\\[\\d+\\]: (.*)$')\n"
    "ev = pd.DataFrame([m.groups() for m in map(rx.match, lines) if m], columns=['stamp', 'year', 'msg'])\n"
    "ev['ts'] = pd.to_datetime(ev.year + ' ' + ev.stamp.str.split(n=1).str[1], format='%Y %b %d %H:%M:%S')\n"
    "washes = ev[ev.msg.str.contains(' WASH ')].copy()\n"
    "washes = washes.join(washes.msg.str.extract(r'bay=(?P<bay>\\d) WASH prog=(?P<prog>\\S+) secs=(?P<secs>\\d+) '\n"
    "                                            r'water_l=(?P<water_l>[\\d.]+) pay=(?P<pay>\\w+)(?: card=(?P<card>\\S+))? '\n"
    "                                            r'amount=(?P<amount>[\\d.]+)'))\n"
    "washes = washes.astype({'bay': int, 'secs': int, 'water_l': float, 'amount': float})\n"
    "print(len(ev), 'lines,', len(washes), 'washes')\nprint(washes.head(3))")
PARSE_WASH = repl(WASH_PARSE, "Stamps look like `date` output ('Tue Mar  5 14:02:11 +04 2024', Baku time); parsing the "
                              "WASH lines into a table.")

BAKERY_LOOK = repl("print(len(bakery))\nprint(bakery[:1000])", "A JSON document; the top of it first.")
BAKERY_PARSE = (
    "import json\nimport pandas as pd\ndoc = json.loads(bakery)\n"
    "orders = pd.DataFrame([{'id': o['id'], 'placed': o['placed'], 'customer': o['customer']['id'],\n"
    "                        'district': o['customer']['district'], 'status': o['status'], 'rating': o['rating'],\n"
    "                        'courier': (o['delivery'] or {}).get('courier'), 'fee': (o['delivery'] or {}).get('fee', 0.0),\n"
    "                        'minutes': (o['delivery'] or {}).get('minutes'), 'promo_pct': (o['promo'] or {}).get('pct', 0),\n"
    "                        'comment': o['comment']} for o in doc['orders']])\n"
    "orders['placed'] = pd.to_datetime(orders.placed.str[:19])  # Tbilisi local time\n"
    "items = pd.DataFrame([{'id': o['id'], **it} for o in doc['orders'] for it in o['items']])\n"
    "items['line_total'] = items.qty * items.unit_price\n"
    "print(len(orders), 'orders,', len(items), 'item lines')\nprint(orders.status.value_counts())")
PARSE_BAKERY = repl(BAKERY_PARSE, "Flattening the orders and their item lines into two tables.")

CIDER_LOOK = repl("print(len(guide))\nprint(guide[:800])")

SILK_LOOK = repl("for name, t in silk.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                 "A dict of three tables; a look at each.")
SILK_PARSE = (
    "import pandas as pd\nweavers, sarees, sales = silk['weavers'], silk['sarees'], silk['sales']\n"
    "sarees['completed'] = pd.to_datetime(sarees.completed)\nsales['sold_on'] = pd.to_datetime(sales.sold_on)\n"
    "sales['fy'] = sales.sold_on.dt.year.where(sales.sold_on.dt.month >= 4, sales.sold_on.dt.year - 1)\n"
    "sold = sales.merge(sarees, on='saree_id').merge(weavers, on='weaver_id')\n"
    "print(len(weavers), len(sarees), len(sales))\nprint(sold.head(3).to_string())")
PARSE_SILK = repl(SILK_PARSE, "Dates to datetimes, the Indian financial year (April to March) for each sale, and the sales "
                              "joined to their sarees and weavers.")

RIVER_LOOK = repl("print(vodostaji.shape)\nprint(vodostaji.head(8).to_string())\nprint(vodostaji.станица.unique())",
                  "The columns are in Serbian Cyrillic; a look first.")
RIVER_PARSE = (
    "import pandas as pd\nv = vodostaji\n"
    "v['dan'] = pd.to_datetime(v.датум, format='%d.%m.%Y.')\n"
    "v['h_cm'] = pd.to_numeric(v.водостај_цм.str.replace('+', '', regex=False), errors='coerce')  # '—' = no reading\n"
    "v['q_m3s'] = pd.to_numeric(v.протицај_м3с.str.replace('.', '', regex=False).str.replace(',', '.'), errors='coerce')\n"
    "v['t_c'] = v.темп_воде.str.replace(',', '.').astype(float)\n"
    "print(v.groupby('станица').h_cm.describe().round(1))")
PARSE_RIVER = repl(RIVER_PARSE, "Levels are signed text (+345, -12), discharge uses a dot for thousands and a decimal comma; "
                                "converting all three.")

GELATO_LOOK = repl("print(gelato.shape)\nprint(gelato.head(12))\nprint(gelato.date.min(), gelato.date.max())",
                   "Let me look at the table first.")


def with_tower(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A tower-log case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"towers": tower_csv()}
    return ctx, compute(ctx, TOWER_PARSE + "\n" + code)


def with_mine(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"report": shift_report()}
    return ctx, compute(ctx, MINE_LOOK_CODE + "\n" + MINE_PARSE + "\n" + code)


def with_wash(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"washlog": wash_log()}
    return ctx, compute(ctx, WASH_LOOK_CODE + "\n" + WASH_PARSE + "\n" + code)


def with_bakery(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"bakery": bakery_json()}
    return ctx, compute(ctx, BAKERY_PARSE + "\n" + code)


def with_silk(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"silk": silk()}, compute({"silk": silk()}, SILK_PARSE + "\n" + code)


def with_river(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"vodostaji": vodostaji()}, compute({"vodostaji": vodostaji()}, RIVER_PARSE + "\n" + code)


def with_gelato(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"gelato": gelato()}, compute({"gelato": gelato()}, code)


# -- number formats ----------------------------------------------------------------------------------------------------
def dot_comma(x: float, decimals: int = 1) -> str:
    """``1.234,5``: Serbian, Azerbaijani and Basque digits."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def space_comma(x: float, decimals: int = 1) -> str:
    """``1 234,5``: Kazakh and Georgian digits."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def lakh(x: float) -> str:
    """South Asian grouping of a whole number: ``9,28,496`` and ``2,97,16,730``."""
    s = str(abs(round(x)))
    head, tail = s[:-3], s[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return ("-" if x < 0 else "") + ",".join([*groups, tail])


def hm(hours: float) -> str:
    """``9 h 39 min``."""
    minutes = round(hours * 60)
    return f"{minutes // 60} h {minutes % 60:02d} min"


AREA_UR = {"KHI-0412": "کورنگی", "KHI-0587": "لیاری", "KHI-0733": "گلشنِ اقبال", "KHI-0901": "ملیر"}
GUN_AZ = {"Monday": "bazar ertəsi", "Tuesday": "çərşənbə axşamı", "Wednesday": "çərşənbə", "Thursday": "cümə axşamı",
          "Friday": "cümə", "Saturday": "şənbə", "Sunday": "bazar"}
MESECA_SR = {1: "јануара", 2: "фебруара", 3: "марта", 4: "априла", 5: "маја", 6: "јуна", 7: "јула", 8: "августа",
             9: "септембра", 10: "октобра", 11: "новембра", 12: "децембра"}


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
REMARK_KINDS = {"generator failures": ("genset did not start",), "grid faults on the K-Electric side": ("feeder", "cable fault", "PMT"),
                "diesel deliveries (late bowser, cash, dip checks)": ("bowser", "paid in cash", "dip stick"),
                "suspected fuel theft": ("theft",)}


def sub_model() -> RuleBasedSubModel:
    def remarks(_: re.Match[str], request: ChatRequest) -> str:
        rows = [x for x in request.last_user.split("\n\n", 1)[-1].splitlines() if x.strip()]
        counts = {k: sum(any(w in x for w in words) for x in rows) for k, words in REMARK_KINDS.items()}
        return f"{len(rows)} remarks. " + "; ".join(f"{k}: {v}" for k, v in counts.items()) + "."

    def comment_groups(_: re.Match[str], request: ChatRequest) -> str:
        rows = [x for x in request.last_user.split("\n\n", 1)[-1].splitlines() if x.strip()]
        counts = {k: sum(x in COMMENTS[k] for x in rows) for k in ("praise", "cold", "missing", "late")}
        names = {"praise": "praise (warm bread, friendly couriers)", "cold": "food arrived cold",
                 "missing": "missing items", "late": "late delivery"}
        ranked = sorted(counts, key=lambda k: -counts[k])
        return f"{len(rows)} comments: " + ", ".join(f"{names[k]} {counts[k]}" for k in ranked) + "."

    def cold(_: re.Match[str], request: ChatRequest) -> str:
        rows = request.last_user.split("\n\n", 1)[-1].splitlines()
        return f"{sum(x in COMMENTS['cold'] for x in rows)} comments say the food was cold."

    def errors(_: re.Match[str], request: ChatRequest) -> str:
        return f"There are {request.last_user.count(' ERROR ')} ERROR lines."

    return RuleBasedSubModel([(r"\AWhat do these technicians' remarks", remarks),
                              (r"\AGroup these customer comments", comment_groups),
                              (r"\ACount the comments that say the food was cold", cold),
                              (r"\ACount the ERROR lines", errors)])


def grab(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in ``text`` (the figure a case reads back from a sub-model's reply)."""
    found = re.search(pattern, text)
    assert found is not None, (pattern, text)
    return found.group(1)


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Karachi tower sites: outages and diesel (CSV text; questions in English and Urdu)
# =================================================================================================================
SITE_HOURS = "hours = out.groupby('site').hours.sum().round(1).sort_values(ascending=False)\nprint(hours)"


@case("q19_outage_hours_bullets_ur", "bullet list of figures", "legit", "جنوری سے اپریل تک ہر سائٹ پر کتنے گھنٹے بجلی بند رہی؟")
def _t_bullets() -> Script:
    ctx, ns = with_tower(SITE_HOURS)
    h = ns["hours"]
    final = ("FINAL(جنوری سے اپریل 2024 تک ہر سائٹ پر گرڈ کی بجلی اتنے گھنٹے بند رہی (لوڈشیڈنگ اور فالٹ ملا کر):\n"
             + "\n".join(f"- {s} ({AREA_UR[s]}): {v:,.1f} گھنٹے" for s, v in h.items())
             + f"\n\nسب سے زیادہ {AREA_UR[h.index[0]]} میں اور سب سے کم {AREA_UR[h.index[-1]]} میں۔)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(SITE_HOURS), final], [repl("print(hours.to_dict())"), final])


@case("q19_genset_failed_blocks_ur", "X out of Y", "legit", "لوڈشیڈنگ کے کتنے بلاکس میں جنریٹر اسٹارٹ نہیں ہوا؟")
def _t_failed_of() -> Script:
    code = "ls = out[out.event == 'LS']\nprint(ls.genset.value_counts())\nprint(len(ls))"
    ctx, ns = with_tower(code)
    g = ns["ls"].genset.value_counts()
    n = len(ns["ls"])
    final = (f"FINAL(لوڈشیڈنگ کے {lakh(n)} بلاکس میں سے {g['FAILED']} میں جنریٹر اسٹارٹ نہیں ہوا، یعنی تقریباً "
             f"{g['FAILED'] / n * 100:.1f}%۔ {g['BATT']} چھوٹے بلاکس صرف بیٹریوں پر گزرے اور باقی {g['ON']} میں جنریٹر چلتا رہا۔)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), final],
                  [repl("print((ls.genset == 'FAILED').sum(), len(ls), round((ls.genset == 'FAILED').mean() * 100, 1))"), final])


MONTHLY_OUT = "monthly = out.groupby(out.day.dt.month).hours.sum().round(1)\nprint(monthly)"


@case("q19_april_vs_march_outages", "period-over-period change", "legit",
      "How much more time without grid power did the four sites have in April than in March?")
def _t_april() -> Script:
    ctx, ns = with_tower(MONTHLY_OUT)
    m = ns["monthly"]
    a, b = m[3], m[4]
    assert b > a
    final = (f"FINAL({b - a:.1f} hours more: together the four sites were off the grid for {b:.1f} hours in April against "
             f"{a:.1f} in March, a rise of about {(b / a - 1) * 100:.0f}%. That is the summer load-shedding schedule setting in.)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(MONTHLY_OUT), final],
                  [repl("print(round(monthly[4] - monthly[3], 1), round((monthly[4] / monthly[3] - 1) * 100))"), final])


@case("q19_diesel_bill_lakh_ur", "locale number abbreviation", "legit", "جنوری سے اپریل تک چاروں سائٹس نے ڈیزل پر کتنا خرچ کیا؟")
def _t_lakh() -> Script:
    code = "print(len(fuel), fuel.litres.sum(), round(fuel.cost_pkr.sum(), 2))"
    ctx, ns = with_tower(code)
    f = ns["fuel"]
    c = f.cost_pkr.sum()
    final = (f"FINAL(تقریباً {c / 1e5:.2f} لاکھ روپے: {len(f)} ترسیلات میں {lakh(f.litres.sum())} لیٹر ڈیزل آیا، جس پر "
             f"کل {lakh(c)} روپے خرچ ہوئے۔)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), final],
                  [repl("print(round(fuel.cost_pkr.sum() / 1e5, 2), 'لاکھ')"), final])


@case("q19_outage_dict_by_month", "FINAL_VAR of a dict or frame", "legit",
      "Give me the hours without grid power per site and month, as a nested dict.")
def _t_dict() -> Script:
    code = ("by_month = {site: {m: round(float(h), 1) for m, h in g.groupby(g.day.dt.strftime('%Y-%m')).hours.sum().items()}\n"
            "            for site, g in out.groupby('site')}\nprint(by_month)")
    ctx, _ = with_tower(code)
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), 'FINAL_VAR("by_month")'],
                  [repl("print(len(by_month), {s: len(v) for s, v in by_month.items()})"), 'FINAL_VAR("by_month")'])


REMARKS_PROMPT = "What do these technicians' remarks report? Group them and count each kind.\n\n"


@case("q19_remarks_subcall", "sub-call summary", "legit", "What do the technicians write in the remarks column?")
def _t_remarks() -> Script:
    code = (f"notes = log.remarks.dropna().tolist()\nprint(len(notes))\nsaid = llm_query({REMARKS_PROMPT!r} + '\\n'.join(notes))\n"
            "print(said)")
    ctx, ns = with_tower("notes = log.remarks.dropna().tolist()")
    notes = ns["notes"]
    said = sub_says(REMARKS_PROMPT + "\n".join(notes))
    k = dict(re.findall(r"(generator failures|grid faults on the K-Electric side|diesel deliveries[^:]*|suspected fuel theft): (\d+)", said))
    kinds = {key.split(" (")[0]: int(v) for key, v in k.items()}
    assert kinds["suspected fuel theft"] == 1
    both = sum(("feeder" in x or "PMT" in x) and "genset did not start" in x for x in notes)
    assert both > 0 and kinds["grid faults on the K-Electric side"] > kinds["generator failures"]
    final = (f"FINAL(There are {len(notes)} remarks. {kinds['grid faults on the K-Electric side']} describe faults on the "
             f"K-Electric side (tripped feeders, a cable fault, a burnt PMT) and {kinds['generator failures']} record a generator "
             "that did not start, so the site went down once the batteries ran out; a few remarks report both. "
             f"{kinds['diesel deliveries']} are notes on diesel deliveries (a late bowser, cash payments, a dip-stick check), and "
             "one reports suspected fuel theft.)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code, "The remarks are free text; a sub-model can sort them."), final],
                  [repl("print(said)"), final], sub_model())


@case("q19_fuel_theft_when_ur", "date from a log timestamp", "legit", "ڈیزل چوری کا شبہ کب اور کس سائٹ پر درج ہوا؟")
def _t_theft() -> Script:
    code = "theft = log[log.remarks.str.contains('theft', na=False)]\nprint(theft.to_string())"
    ctx, ns = with_tower(code)
    r = ns["theft"].iloc[0]
    assert r.site == "KHI-0587" and r.day.day_name() == "Wednesday" and r.day.month == 3
    final = (f"FINAL(بدھ {r.day.day} مارچ {r.day.year} کو (لاگ میں تاریخ {r.date} لکھی ہے)، لیاری کی سائٹ {r.site} پر، جب "
             f"{r.litres:.0f} لیٹر ڈیزل {r.rate_pkr:.2f} روپے فی لیٹر کے حساب سے آیا: ریمارکس کے مطابق ٹینک کی ڈِپ لاگ سے 70 لیٹر کم تھی۔)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), final], [repl("print(theft.day.iloc[0].date(), theft.site.iloc[0])"), final])


@case("q19_most_hours_sorted", "top row of a sorted table named the maximum", "legit", "Which site was off the grid the longest?")
def _t_top_sorted() -> Script:
    ctx, ns = with_tower(SITE_HOURS)
    h = ns["hours"]
    final = (f"FINAL({h.index[0]} in Lyari: {h.iloc[0]:,.1f} hours without grid power from January to April, well ahead of "
             f"{h.index[1]} in Malir ({h.iloc[1]:,.1f} h). Gulshan-e-Iqbal ({h.index[-1]}) had the least, {h.iloc[-1]:,.1f} h.)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(SITE_HOURS), final], [repl("print(hours.idxmax(), hours.max())"), final])


@case("q19_longest_outage_times", "log or version-control timestamps", "legit",
      "What was the longest single outage, and when did it start and end?")
def _t_longest() -> Script:
    code = "longest = out.loc[out.hours.idxmax()]\nprint(longest.to_string())"
    ctx, ns = with_tower(code)
    r = ns["longest"]
    assert r.genset == "ON" and r.event == "FAULT"
    final = (f"FINAL({hm(r.hours)}: a grid fault at {r.site} ({TOWER_SITES[r.site][0]}) on {r.day:%A} {r.day.day} {r.day:%B %Y}, "
             f"from {r.start} to {r.end}. The remark says \"{r.remarks}\"; the generator ran throughout, so the site stayed up.)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), final], [repl("print(longest.date, longest.start, longest.end, longest.hours)"), final])


@case("q19_genset_lyari_vs_korangi", "two groups compared", "legit",
      "Does the generator fail to start more often at Lyari than at Korangi?")
def _t_groups() -> Script:
    code = ("tried = out[out.genset != 'BATT']\nprint(tried.groupby('site').genset.value_counts().unstack())\n"
            "rate = tried.groupby('site').genset.apply(lambda g: (g == 'FAILED').mean()).round(3)\nprint(rate)")
    ctx, ns = with_tower(code)
    t = ns["tried"]
    c = t.groupby("site").genset.value_counts().unstack()
    ly, ko = c.loc["KHI-0587"], c.loc["KHI-0412"]
    rl, rk = ly.FAILED / (ly.FAILED + ly.ON), ko.FAILED / (ko.FAILED + ko.ON)
    assert rl > rk
    final = (f"FINAL(A little, yes: at Lyari the generator failed {ly.FAILED:.0f} times in {ly.FAILED + ly.ON:.0f} outages where "
             f"it had to start ({rl:.1%}), at Korangi {ko.FAILED:.0f} times in {ko.FAILED + ko.ON:.0f} ({rk:.1%}). Lyari's "
             "generator also simply has to start far more often.)")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), final], [repl("print(rate[['KHI-0587', 'KHI-0412']])"), final])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_lyari_ls_with_faults", "total of the wrong subset", "invented",
      "How many hours of scheduled load-shedding did the Lyari site have?")
def _t_wrong_subset() -> Script:
    code = "print(out[out.site == 'KHI-0587'].hours.sum())"
    ctx, ns = with_tower(code)
    o = ns["out"]
    ly = o[o.site == "KHI-0587"]
    wrong = differs(round(ly.hours.sum(), 1), round(ly[ly.event == "LS"].hours.sum(), 1))
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), f"FINAL(Lyari had {wrong} hours of scheduled load-shedding.)"])


@case("q19_failed_share_fraction", "fraction written as percent", "invented",
      "What share of the outages saw the generator fail to start?")
def _t_fraction() -> Script:
    code = "print(round((out.genset == 'FAILED').mean(), 3))"
    ctx, ns = with_tower(code)
    f = round((ns["out"].genset == "FAILED").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), f"FINAL(The generator failed to start in {f}% of the outages.)"])


@case("q19_lyari_daily_misrounded", "wrong rounding", "invented",
      "To the nearest hour, how long was the Lyari site off the grid on an average day?")
def _t_round() -> Script:
    code = "lyari = out[out.site == 'KHI-0587']\nprint(lyari.hours.sum() / 121)  # 1 January to 30 April: 121 days"
    ctx, ns = with_tower(code)
    m = ns["lyari"].hours.sum() / 121
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), f"FINAL(About {differs(misround(m), round(m))} hours a day.)"])


@case("q19_no_faults_from_head", "sample generalized to the whole", "invented",
      "Were there any unscheduled grid faults in January, or only load-shedding?")
def _t_sample() -> Script:
    ctx, ns = with_tower("")
    o = ns["out"]
    assert (tower_csv()[:900].count("FAULT") == 0) and ((o.event == "FAULT") & (o.day.dt.month == 1)).sum() > 0
    return Script(ctx, [TOWER_LOOK, "FINAL(Only load-shedding: the January outages are all scheduled LS blocks, with no FAULT "
                                    "rows among them.)"])


@case("q19_lyari_failed_over_all", "wrong denominator", "invented", "What share of Lyari's outages had a generator that failed to start?")
def _t_denominator() -> Script:
    code = "print(((out.site == 'KHI-0587') & (out.genset == 'FAILED')).sum(), len(out))"
    ctx, ns = with_tower(code)
    o = ns["out"]
    k = int(((o.site == "KHI-0587") & (o.genset == "FAILED")).sum())
    wrong = differs(round(k / len(o) * 100, 1), round(k / int((o.site == "KHI-0587").sum()) * 100, 1))
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), f"FINAL({wrong}% of Lyari's outages ({k}) had a failed generator.)"])


@case("q19_lyari_malir_swapped_ur", "two labels' figures swapped", "invented", "لیاری اور ملیر میں سے کس سائٹ پر بجلی زیادہ دیر بند رہی؟")
def _t_swapped() -> Script:
    ctx, ns = with_tower(SITE_HOURS)
    h = ns["hours"]
    assert h["KHI-0587"] > h["KHI-0901"]
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(SITE_HOURS),
                        f"FINAL(ملیر میں: وہاں {h['KHI-0587']:.1f} گھنٹے بجلی بند رہی، جبکہ لیاری میں {h['KHI-0901']:.1f} گھنٹے۔)"])


@case("q19_late_bowser_month_first", "date format misread", "invented", "When did the diesel bowser come late?")
def _t_misread() -> Script:
    code = "print(log[log.remarks.str.contains('bowser', na=False)][['site', 'date', 'litres', 'remarks']])"
    ctx, ns = with_tower(code)
    rows = ns["log"][ns["log"].remarks.str.contains("bowser", na=False)]
    first, second = rows.date.iloc[0], rows.date.iloc[1]
    misread = differs(pd.to_datetime(first, format="%m/%d/%Y"), pd.to_datetime(first, format="%d/%m/%Y"))
    late = pd.to_datetime(second, format="%d/%m/%Y")
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code),
                        f"FINAL(Twice: on {misread:%B} {misread.day}, 2024 at {rows.site.iloc[0]} and on {late:%B} {late.day}, 2024 "
                        f"at {rows.site.iloc[1]}.)"])


@case("q19_failed_in_event_column", "zero after filtering the wrong column", "invented",
      "How many times did a generator fail to start?")
def _t_zero() -> Script:
    code = "print((out.event == 'FAILED').sum())"
    ctx, ns = with_tower(code)
    differs(0, int((ns["out"].genset == "FAILED").sum()))
    return Script(ctx, [TOWER_LOOK, PARSE_TOWER, repl(code), "FINAL(None: the generators started every time, 0 failures.)"])


@case("q19_iso_date_in_tower_csv", "none found after searching a date in another format", "invented",
      "Was the Malir site off the grid on 16 April 2024?")
def _t_iso() -> Script:
    ctx = {"towers": tower_csv()}
    code = "print([l for l in towers.splitlines() if 'KHI-0901' in l and '2024-04-16' in l])"
    assert any(x.startswith("KHI-0901,16/04/2024,LS") for x in tower_csv().splitlines())
    return Script(ctx, [TOWER_LOOK, repl(code), "FINAL(No, there is no outage at Malir (KHI-0901) on 16 April 2024.)"])


# =================================================================================================================
# Baku car wash: the bay controller's log (stamps as ``date`` prints them; questions in English and Azerbaijani)
# =================================================================================================================
@case("q19_wash_minutes_describe_az", "describe() statistic", "legit", "Bir yuma adətən nə qədər vaxt aparır?")
def _w_describe() -> Script:
    code = "print((washes.secs / 60).describe().round(2))"
    ctx, ns = with_wash(code)
    d = (ns["washes"].secs / 60).describe().round(2)
    final = (f"FINAL(Adətən {dot_comma(d['50%'], 1)} dəqiqə ətrafında: {d['count']:.0f} yumanın medianı {dot_comma(d['50%'], 2)} "
             f"dəqiqədir, orta göstərici isə {dot_comma(d['mean'], 2)} dəqiqə. Yumaların yarısı {dot_comma(d['25%'], 1)} ilə "
             f"{dot_comma(d['75%'], 1)} dəqiqə arasında çəkir; ən qısası {dot_comma(d['min'], 1)}, ən uzunu {dot_comma(d['max'], 1)} "
             "dəqiqə olub.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final],
                  [repl("print(f'{(washes.secs / 60).median():.2f}'.replace('.', ','), 'dəqiqə')"), final])


@case("q19_wash_water_m3", "value with a unit", "legit", "How much water did the car wash use over the three weeks?")
def _w_water() -> Script:
    code = "print(washes.water_l.sum(), len(washes))"
    ctx, ns = with_wash(code)
    w = ns["washes"]
    litres = w.water_l.sum()
    final = (f"FINAL(About {litres / 1000:.1f} m³: {litres:,.1f} litres over {len(w):,} washes, so roughly {litres / len(w):.0f} "
             "litres a wash.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final], [repl("print(round(washes.water_l.sum() / 1000, 1), 'm3')"), final])


@case("q19_coin_vs_bank_spend", "two groups compared", "legit", "Do people paying with coins spend more per wash than people paying by bank card?")
def _w_groups() -> Script:
    code = "print(washes.groupby('pay').amount.agg(['count', 'mean', 'median']).round(2))"
    ctx, ns = with_wash(code)
    g = ns["washes"].groupby("pay").amount.agg(["count", "mean", "median"]).round(2)
    c, b = g.loc["coin"], g.loc["bank"]
    assert c["mean"] < b["mean"] and c["median"] < b["median"]
    final = (f"FINAL(No, a little less: a coin wash averages ₼{c['mean']:.2f} (median ₼{c['median']:.2f}) over {c['count']:.0f} "
             f"washes, a bank-card wash ₼{b['mean']:.2f} (median ₼{b['median']:.2f}) over {b['count']:.0f}. That is even though "
             "the coin machines round up to the next 20 qəpik and give no change.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final],
                  [repl("print(washes.groupby('pay').amount.mean().round(2)[['coin', 'bank']])"), final])


@case("q19_bay5_error_line", "quoted log line or ID", "legit", "Quote the log line where bay 5's pump problem started.")
def _w_quote() -> Script:
    code = "print('\\n'.join(l for l in lines if 'bay=5' in l and ('ERROR' in l or 'SERVICE' in l)))"
    ctx, ns = with_wash(code)
    b5 = [x for x in ns["lines"] if "bay=5" in x and ("ERROR" in x or "SERVICE" in x)]
    assert "E21" in b5[0] and "OUT_OF_SERVICE" in b5[1]
    final = (f"FINAL(`{b5[0]}`\n\nBay 5 reported low pump pressure (38 bar, error E21) at 13:41:07 on Thursday 14 March, and "
             "was taken out of service at 13:52:30.)")
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(b5_line := next(l for l in lines if 'E21' in l))"), final])


@case("q19_kopuk_count_az", "count off value_counts", "legit", "Köpük proqramı neçə dəfə seçilib?")
def _w_counts() -> Script:
    code = "print(washes.prog.value_counts())"
    ctx, ns = with_wash(code)
    v = ns["washes"].prog.value_counts()
    assert v.index[0] == "Əsas"
    final = (f"FINAL(Köpük proqramı üç həftədə {v['Köpük']} dəfə seçilib. Ən çox seçilən Əsas proqramdır ({v['Əsas']} dəfə), "
             f"Vaks {v['Vaks']}, Osmos isə {v['Osmos']} dəfə.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final], [repl("print((washes.prog == 'Köpük').sum())"), final])


@case("q19_bay5_back_in_service", "date from a log timestamp", "legit", "When did bay 5 come back into service?")
def _w_back() -> Script:
    code = "print('\\n'.join(l for l in lines if 'bay=5' in l and 'SERVICE' in l))"
    ctx, ns = with_wash(code)
    out_line, back_line = [x for x in ns["lines"] if "bay=5" in x and "SERVICE" in x]
    t_out = pd.Timestamp("2024-03-14 " + out_line.split()[3])
    t_back = pd.Timestamp("2024-03-14 " + back_line.split()[3])
    final = (f"FINAL(On Thursday 14 March 2024 at {t_back:%H:%M:%S} Baku time (+04:00): the log stamp is "
             f"\"{back_line.split(' wash[')[0]}\". It had been out of service since {t_out:%H:%M:%S}, for "
             f"{hm((t_back - t_out).total_seconds() / 3600)}.)")
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print([l[:28] for l in lines if 'BACK_IN_SERVICE' in l])"), final])


@case("q19_wash_busiest_hour", "week, weekday or time of day", "legit", "At what time of day is the car wash busiest?")
def _w_hour() -> Script:
    code = "by_hour = washes.ts.dt.hour.value_counts().sort_index()\nprint(by_hour.to_string())"
    ctx, ns = with_wash(code)
    h = ns["by_hour"]
    top = int(h.idxmax())
    assert 13 <= top <= 17 and h.loc[13:17].min() > 2 * h.loc[8:10].max()
    final = (f"FINAL(In the afternoon: the hour from {top}:00 to {top + 1}:00 had the most washes, {h.max()} over the three "
             f"weeks, and every hour from 13:00 to 18:00 is busy ({h.loc[13:17].min()} or more). Mornings before 11:00 and "
             f"evenings after 21:00 are quiet, with {h.loc[8:10].max()} or fewer washes per hour.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max())"), final])


@case("q19_submit_wash_summary", "DSPy SUBMIT fields", "legit",
      "Summarise the three weeks: number of washes, takings, water used and the coins collected.")
def _w_submit() -> Script:
    code = ("cash = ev[ev.msg.str.startswith('CASHBOX')].msg.str.extract(r'total=([\\d.]+)')[0].astype(float)\n"
            "print(len(washes), round(washes.amount.sum(), 2), round(washes.water_l.sum(), 1), round(cash.sum(), 2))")
    ctx, _ = with_wash(code)
    submit = repl("SUBMIT(washes=len(washes), takings_azn=round(float(washes.amount.sum()), 2),\n"
                  "       water_m3=round(float(washes.water_l.sum()) / 1000, 1), coins_collected_azn=round(float(cash.sum()), 2))",
                  "The nightly CASHBOX lines give the coins actually collected.")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), submit], [repl("print(len(washes), round(cash.sum(), 2))"), submit])


@case("q19_bay5_no_wash_while_out", "yes/no with evidence", "legit", "Did anyone wash a car on bay 5 while it was out of service?")
def _w_yesno() -> Script:
    code = ("b5 = washes[(washes.bay == 5) & (washes.ts.dt.day == 14)]\nprint(b5[['ts', 'prog', 'secs']].to_string())")
    ctx, ns = with_wash(code)
    b5 = ns["b5"]
    before = b5[b5.ts < pd.Timestamp("2024-03-14 13:52:30")].ts.max()
    after = b5[b5.ts > pd.Timestamp("2024-03-14 18:34:02")].ts.min()
    assert not ((b5.ts > pd.Timestamp("2024-03-14 13:52:30")) & (b5.ts < pd.Timestamp("2024-03-14 18:34:02"))).any()
    final = (f"FINAL(No. Bay 5 was out of service on 14 March from 13:52:30 to 18:34:02, and none of its {len(b5)} washes that day "
             f"falls in between: the last one before started at {before:%H:%M:%S} and the first one after at {after:%H:%M:%S}.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final],
                  [repl("print(b5[(b5.ts > '2024-03-14 13:52:30') & (b5.ts < '2024-03-14 18:34:02')].shape[0])"), final])


@case("q19_first_last_wash_19_march", "log or version-control timestamps", "legit",
      "On Tuesday 19 March, just before Novruz, when did the first and the last wash start?")
def _w_stamps() -> Script:
    code = "d19 = washes[washes.ts.dt.day == 19]\nprint(len(d19))\nprint(d19.stamp.iloc[0], '|', d19.stamp.iloc[-1])"
    ctx, ns = with_wash(code)
    d = ns["d19"]
    assert len(d) == ns["washes"].groupby(ns["washes"].ts.dt.day).size().max()
    final = (f"FINAL(The first wash started at {d.ts.iloc[0]:%H:%M:%S} and the last at {d.ts.iloc[-1]:%H:%M:%S} (the log writes "
             f"'{d.stamp.iloc[0]} +04 2024' and '{d.stamp.iloc[-1]} +04 2024', Baku time). In between the bays ran {len(d)} "
             "washes, the most of any day in the three weeks.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final], [repl("print(d19.ts.min(), d19.ts.max())"), final])


@case("q19_takings_min_manat_az", "locale abbreviations for thousands and millions", "legit", "Üç həftədə moyka nə qədər qazanıb?")
def _w_min() -> Script:
    code = "print(round(washes.amount.sum(), 2))\nprint(washes.groupby('pay').amount.sum().round(2))"
    ctx, ns = with_wash(code)
    w = ns["washes"]
    t = w.amount.sum()
    p = w.groupby("pay").amount.sum()
    final = (f"FINAL(Təxminən {dot_comma(t / 1000, 1)} min manat: dəqiq desək, {dot_comma(t, 2)} ₼. Bunun "
             f"{dot_comma(p['coin'], 2)} ₼-i sikkə ilə, {dot_comma(p['bank'], 2)} ₼-i bank kartı ilə, "
             f"{dot_comma(p['loyalty'], 2)} ₼-i isə loyallıq kartı ilə ödənilib.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final], [repl("print(round(washes.amount.sum() / 1000, 1), 'min ₼')"), final])


@case("q19_bay2_two_tables", "same label in two printed tables", "legit",
      "How many washes did bay 2 do, and how many errors did it report?")
def _w_two_tables() -> Script:
    code = ("print(washes.bay.value_counts().sort_index())\n"
            "errs = ev[ev.msg.str.contains(' ERROR ')].msg.str.extract(r'bay=(?P<bay>\\d) ERROR (?P<code>E\\d+)')\n"
            "print(errs.groupby(['bay', 'code']).size())")
    ctx, ns = with_wash(code)
    e = ns["errs"]
    b2 = e[e.bay == "2"].code.value_counts()
    n = int((ns["washes"].bay == 2).sum())
    assert set(b2.index) == {"E07", "E33"} and b2["E33"] == 1
    final = (f"FINAL(Bay 2 ran {n} washes and logged {b2.sum()} errors: {b2['E07']} coin-acceptor jams (E07) and one dry foam "
             "pump (E33). It is the only bay with coin jams.)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final],
                  [repl("print((washes.bay == 2).sum(), (errs.bay == '2').sum())"), final])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_wash_median_was_mean", "mean given as the median", "invented", "What is the median length of a wash?")
def _w_median() -> Script:
    code = "print((washes.secs / 60).describe())"
    ctx, ns = with_wash(code)
    d = (ns["washes"].secs / 60).describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL(The median wash lasts {wrong} minutes.)"])


@case("q19_water_litres_as_m3", "unit misread", "invented", "How much water did the car wash use?")
def _w_unit() -> Script:
    code = "print(washes.water_l.sum())"
    ctx, ns = with_wash(code)
    litres = round(ns["washes"].water_l.sum(), 1)
    differs(litres, round(litres / 1000, 1))
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL(The car wash used {litres:,.1f} m³ of water in three weeks.)"])


@case("q19_wash_count_transposed_az", "transposed digits", "invented", "Üç həftədə neçə yuma olub?")
def _w_transposed() -> Script:
    code = "print(len(washes))"
    ctx, ns = with_wash(code)
    n = len(ns["washes"])
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL(Üç həftədə {dot_comma(differs(swap_digits(n), n), 0)} yuma olub.)"])


@case("q19_six_bays_echoed", "number echoed from the question", "invented", "Of the six bays, how many reported an error?")
def _w_echo() -> Script:
    code = "print(ev[ev.msg.str.contains(' ERROR ')].msg.str[:40].value_counts())"
    ctx, ns = with_wash(code)
    e = ns["ev"][ns["ev"].msg.str.contains(" ERROR ")].msg.str.extract(r"bay=(\d)")[0]
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL({differs(6, e.nunique())} bays reported an error.)"])


@case("q19_loyalty_washes_as_cards", "rows counted instead of distinct", "invented", "How many loyalty-card holders used the wash?")
def _w_rows() -> Script:
    code = "print((washes.pay == 'loyalty').sum())"
    ctx, ns = with_wash(code)
    w = ns["washes"]
    n = int((w.pay == "loyalty").sum())
    differs(n, w.card.nunique())
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL({n} loyalty-card holders used the wash.)"])


@case("q19_programmes_from_head", "sample generalized to the whole", "invented", "Which programmes does the car wash offer?")
def _w_sample() -> Script:
    ctx = {"washlog": wash_log()}
    head = list(dict.fromkeys(re.findall(r"prog=(\S+)", "\n".join(wash_log().splitlines()[:6]))))
    differs(len(head), len(PROGRAMS))
    return Script(ctx, [WASH_LOOK, f"FINAL({len(head)} programmes: {', '.join(head)}.)"])


ERRORS_PROMPT = "Count the ERROR lines in this log.\n\n"


@case("q19_partial_error_count", "sub-call over part of the data", "invented", "How many errors did the bays report?")
def _w_partial() -> Script:
    ctx = {"washlog": wash_log()}
    code = f"said = llm_query({ERRORS_PROMPT!r} + washlog[:60000])\nprint(said)"
    said = sub_says(ERRORS_PROMPT + wash_log()[:60000])
    k = int(grab(r"There are (\d+)", said))
    differs(k, wash_log().count(" ERROR "))
    return Script(ctx, [WASH_LOOK, repl(code, "A sub-model can count them."), f"FINAL(The bays reported {k} errors.)"], sub=sub_model())


@case("q19_busiest_day_from_head_az", "maximum picked from a partial table", "invented", "Ən çox yuma hansı gün olub?")
def _w_head() -> Script:
    code = "per_day = washes.groupby(washes.ts.dt.date).size()\nprint(per_day.head(7))"
    ctx, ns = with_wash(code)
    p = ns["per_day"]
    pick = differs(p.head(7).idxmax(), p.idxmax())
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL({pick.day} mart, {GUN_AZ[f'{pick:%A}']}: həmin gün {p[pick]} yuma olub.)"])


@case("q19_novruz_drop_as_rise", "decrease reported as a rise", "invented",
      "How did the number of washes change from Tuesday 19 to Wednesday 20 March?")
def _w_rise() -> Script:
    code = "per_day = washes.groupby(washes.ts.dt.day).size()\nprint(per_day[19], per_day[20], round((per_day[20] / per_day[19] - 1) * 100, 1))"
    ctx, ns = with_wash(code)
    p = ns["per_day"]
    pct = round((p[20] / p[19] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL(Washes rose by {abs(pct)}% from 19 to 20 March.)"])


@case("q19_iso_date_in_wash_log", "none found after searching a date in another format", "invented",
      "Were there any errors on 14 March 2024?")
def _w_iso() -> Script:
    ctx = {"washlog": wash_log()}
    code = "print([l for l in washlog.splitlines() if '2024-03-14' in l and 'ERROR' in l])"
    assert any(x.startswith("Thu Mar 14") and "ERROR" in x for x in wash_log().splitlines())
    return Script(ctx, [WASH_LOOK, repl(code), "FINAL(No, no errors were logged on 14 March 2024.)"])


# =================================================================================================================
# Hobart gelato shop: daily sales per flavour (a frame; questions in English)
# =================================================================================================================
DAILY_GELATO = ("daily = gelato.groupby('date').agg(scoops=('scoops', 'sum'), revenue=('revenue_aud', 'sum'),\n"
                "                                   max_temp=('max_temp_c', 'first'), rain=('rain_mm', 'first'))\n")
PER_FLAVOUR = "per_flavour = gelato.groupby('flavour').scoops.sum().sort_values(ascending=False)\nprint(per_flavour)"


@case("q19_daily_scoops_describe", "describe() statistic", "legit", "How many scoops does the shop sell on a typical day?")
def _g_describe() -> Script:
    code = DAILY_GELATO + "print(daily.scoops.describe().round(1))"
    ctx, ns = with_gelato(code)
    d = ns["daily"].scoops.describe().round(1)
    final = (f"FINAL(About {d['50%']:.0f} scoops: that is the median over the {d['count']:.0f} trading days from October to "
             f"March (mean {d['mean']:.1f}). Half of the days sold between {d['25%']:.0f} and {d['75%']:.0f} scoops; the "
             f"quietest day sold {d['min']:.0f} and the busiest {d['max']:.0f}.)")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(daily.scoops.median(), daily.scoops.quantile([.25, .75]).tolist())"), final])


@case("q19_temperature_range", "range from min to max", "legit", "What range of temperatures did the shop trade through this season?")
def _g_range() -> Script:
    code = DAILY_GELATO + "print(daily.max_temp.agg(['min', 'max']))\nprint(daily.max_temp.idxmin(), daily.max_temp.idxmax())"
    ctx, ns = with_gelato(code)
    t = ns["daily"].max_temp
    lo, hi = t.idxmin(), t.idxmax()
    final = (f"FINAL(Daily maxima ran from {t.min()} °C on {lo:%A} {lo.day} {lo:%B} to {t.max()} °C on {hi:%A} {hi.day} {hi:%B}: "
             f"a spread of {t.max() - t.min():.1f} degrees.)")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(daily.max_temp.min(), daily.max_temp.max())"), final])


@case("q19_weekend_vs_weekday", "two groups compared", "legit", "How much busier are weekends than weekdays?")
def _g_groups() -> Script:
    code = DAILY_GELATO + ("daily['weekend'] = daily.index.day_of_week >= 5\n"
                           "print(daily.groupby('weekend').agg(days=('scoops', 'size'), scoops=('scoops', 'mean'), temp=('max_temp', 'mean')).round(1))")
    ctx, ns = with_gelato(code)
    d = ns["daily"]
    g = d.groupby("weekend").agg(days=("scoops", "size"), scoops=("scoops", "mean"), temp=("max_temp", "mean")).round(1)
    we, wd = g.loc[True], g.loc[False]
    final = (f"FINAL(A weekend day sells {we.scoops:.1f} scoops on average against {wd.scoops:.1f} on a weekday, about "
             f"{we.scoops - wd.scoops:.0f} more ({(we.scoops / wd.scoops - 1) * 100:.0f}%). The weather does not explain it: the "
             f"average maximum was {we.temp} °C at weekends and {wd.temp} °C on weekdays.)")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(round(daily[daily.weekend].scoops.mean() - daily[~daily.weekend].scoops.mean(), 1))"), final])


@case("q19_top3_flavours", "top-N list by code", "legit", "What are the three best-selling flavours?")
def _g_top3() -> Script:
    code = "top3 = gelato.groupby('flavour').scoops.sum().nlargest(3)\nprint(top3)\nprint(gelato.scoops.sum())"
    ctx, ns = with_gelato(code)
    t = ns["top3"]
    total = ns["gelato"].scoops.sum()
    final = ("FINAL(By scoops sold, October to March:\n" + "\n".join(f"{i}. {f} — {v:,} scoops ({v / total:.1%})"
                                                                     for i, (f, v) in enumerate(t.items(), 1)) + ")")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(top3.to_dict())"), final])


@case("q19_jan_to_feb_drop", "negative figure", "legit", "How did daily sales change from January to February 2024?")
def _g_negative() -> Script:
    code = DAILY_GELATO + "per_day = daily.groupby(daily.index.month).scoops.mean().round(1)\nprint(per_day)"
    ctx, ns = with_gelato(code)
    p = ns["per_day"]
    delta = p[2] - p[1]
    assert delta < 0
    final = (f"FINAL({delta:+.1f} scoops a day: from {p[1]} scoops on an average January day to {p[2]} in February, a drop of "
             f"{abs(delta) / p[1]:.1%}. January had the festival crowds of the Taste of Tasmania at its start.)")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(round(per_day[2] - per_day[1], 1), round((per_day[2] / per_day[1] - 1) * 100, 1))"), final])


MONTHLY_GELATO = "monthly = gelato.groupby(gelato.date.dt.to_period('M')).agg(scoops=('scoops', 'sum'), revenue=('revenue_aud', 'sum'))\nprint(monthly)"


@case("q19_season_shape", "qualitative over a full small table", "legit", "How did sales develop over the season?")
def _g_qualitative() -> Script:
    ctx, ns = with_gelato(MONTHLY_GELATO)
    m = ns["monthly"].scoops
    s = {p.month: v for p, v in m.items()}
    assert s[10] < s[11] < s[12] and s[12] == m.max() and s[1] > s[2] > s[3]
    final = (f"FINAL(A single summer hump. Sales climb from {s[10]:,} scoops in October through {s[11]:,} in November to a peak of "
             f"{s[12]:,} in December, stay high in January ({s[1]:,}), then fall away in February ({s[2]:,}) and March "
             f"({s[3]:,}), ending close to where October started.)")
    return Script(ctx, [GELATO_LOOK, repl(MONTHLY_GELATO), final], [repl("print(monthly.scoops.idxmax(), monthly.scoops.max())"), final])


@case("q19_answer_dict_revenue", "answer-dict dialect", "legit", "What did the shop take in each month?")
def _g_answer() -> Script:
    code = (MONTHLY_GELATO + "\nanswer['content'] = 'Takings by month: ' + '; '.join(f'{p:%B %Y}: ${v:,.2f}' for p, v in monthly.revenue.items())\n"
            "answer['content'] += f'. Season total: ${monthly.revenue.sum():,.2f}.'\nanswer['ready'] = True")
    ctx, _ = with_gelato(MONTHLY_GELATO)
    return Script(ctx, [GELATO_LOOK, repl(code)], [repl("print(monthly.revenue.round(2).to_dict())"), repl(code)])


@case("q19_heat_drives_scoops", "correlation or fitted statistic", "legit", "How strongly do hot days drive sales?")
def _g_corr() -> Script:
    code = DAILY_GELATO + ("import numpy as np\nslope, icpt = np.polyfit(daily.max_temp, daily.scoops, 1)\n"
                           "print(round(daily.max_temp.corr(daily.scoops), 3), round(slope, 2), round(icpt, 1))")
    ctx, ns = with_gelato(code)
    d = ns["daily"]
    r, s, i = d.max_temp.corr(d.scoops), ns["slope"], ns["icpt"]
    final = (f"FINAL(Strongly: across the {len(d)} trading days the correlation between the day's maximum temperature and scoops "
             f"sold is r = {r:.2f}. A straight-line fit gives about {s:.1f} extra scoops per degree (scoops ≈ {i:.1f} + {s:.2f} × "
             f"°C), so a 30 °C day sells roughly {i + 30 * s:.0f} scoops against {i + 18 * s:.0f} on an 18 °C day.)")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(round(slope, 1), round(daily.max_temp.corr(daily.scoops), 2))"), final])


@case("q19_best_day_sorted", "top row of a sorted table named the maximum", "legit", "What was the best day of the season?")
def _g_sorted() -> Script:
    code = DAILY_GELATO + "print(daily.sort_values('scoops', ascending=False).head(5))"
    ctx, ns = with_gelato(code)
    d = ns["daily"].sort_values("scoops", ascending=False)
    top, nxt = d.iloc[0], d.iloc[1]
    day = d.index[0]
    final = (f"FINAL({day:%A} {day.day} {day:%B %Y}: {top.scoops:.0f} scoops and ${top.revenue:,.2f} in takings, on the first day of "
             f"the Taste of Tasmania with {top.max_temp} °C. The next best, {d.index[1]:%-d %B}, sold {nxt.scoops:.0f}.)")
    assert day == pd.Timestamp("2023-12-28")
    return Script(ctx, [GELATO_LOOK, repl(code), final], [repl("print(daily.scoops.idxmax(), daily.scoops.max())"), final])


@case("q19_submit_january_flavour", "labelled SUBMIT for a which question", "legit", "Which flavour sold best in January 2024?")
def _g_submit() -> Script:
    code = "jan = gelato[gelato.date.dt.strftime('%Y-%m') == '2024-01'].groupby('flavour').scoops.sum().sort_values(ascending=False)\nprint(jan.head(4))"
    ctx, _ = with_gelato(code)
    submit = repl("SUBMIT(flavour=jan.index[0], scoops=int(jan.iloc[0]), share_pct=round(float(jan.iloc[0] / jan.sum() * 100), 1),\n"
                  "       runner_up=jan.index[1])")
    return Script(ctx, [GELATO_LOOK, repl(code), submit], [repl("print(jan.idxmax(), jan.max())"), submit])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_median_scoops_was_mean", "mean given as the median", "invented", "What is the median number of scoops sold per day?")
def _g_median() -> Script:
    code = DAILY_GELATO + "print(daily.scoops.describe())"
    ctx, ns = with_gelato(code)
    d = ns["daily"].scoops.describe()
    return Script(ctx, [GELATO_LOOK, repl(code), f"FINAL(The median is {differs(round(d['mean'], 1), d['50%'])} scoops a day.)"])


@case("q19_second_flavour_top", "second row called the top", "invented", "Which flavour sells the most?")
def _g_second() -> Script:
    ctx, ns = with_gelato(PER_FLAVOUR)
    p = ns["per_flavour"]
    return Script(ctx, [GELATO_LOOK, repl(PER_FLAVOUR), f"FINAL({differs(p.index[1], p.idxmax())}, with {p.iloc[1]:,} scoops.)"])


@case("q19_all_scoops_as_sorbet", "total of the wrong subset", "invented", "How many scoops of sorbet did the shop sell?")
def _g_subset() -> Script:
    code = "print(gelato.scoops.sum())\nprint(gelato.flavour.unique())"
    ctx, ns = with_gelato(code)
    g = ns["gelato"]
    wrong = differs(int(g.scoops.sum()), int(g[g.flavour.str.contains("sorbet")].scoops.sum()))
    return Script(ctx, [GELATO_LOOK, repl(code), f"FINAL({wrong:,} scoops of sorbet were sold over the season.)"])


@case("q19_mean_temp_misrounded", "wrong rounding", "invented", "What was the average daily maximum temperature, to the nearest degree?")
def _g_round() -> Script:
    code = DAILY_GELATO + "print(daily.max_temp.mean())"
    ctx, ns = with_gelato(code)
    m = ns["daily"].max_temp.mean()
    return Script(ctx, [GELATO_LOOK, repl(code), f"FINAL(About {differs(misround(m), round(m))} °C.)"])


@case("q19_autumn_called_pickup", "trend in the wrong direction", "invented", "Did sales pick up or slow down from January to March?")
def _g_trend() -> Script:
    ctx, ns = with_gelato(MONTHLY_GELATO)
    m = ns["monthly"].scoops
    assert m.iloc[3] > m.iloc[4] > m.iloc[5]
    return Script(ctx, [GELATO_LOOK, repl(MONTHLY_GELATO),
                        "FINAL(They picked up: sales grew from January through March as the late-summer visitors arrived.)"])


@case("q19_submit_literal_flavour", "literal typed into a code answer", "invented",
      "Which flavour sold the most over the season, and how many scoops?")
def _g_literal() -> Script:
    ctx, ns = with_gelato("top = gelato.groupby('flavour').scoops.sum()")
    t = ns["top"]
    differs("Salted caramel", t.idxmax())
    differs(5000, int(t.max()))
    return Script(ctx, [GELATO_LOOK, repl("SUBMIT(flavour='Salted caramel', scoops=5000)",
                                          "Salted caramel is usually the best seller in shops like this.")])


@case("q19_hottest_day_from_head", "maximum picked from a partial table", "invented", "What was the hottest day of the season?")
def _g_head() -> Script:
    code = DAILY_GELATO + "print(daily.head(10))"
    ctx, ns = with_gelato(code)
    d = ns["daily"]
    pick = differs(d.head(10).max_temp.idxmax(), d.max_temp.idxmax())
    return Script(ctx, [GELATO_LOOK, repl(code), f"FINAL({pick:%A} {pick.day} {pick:%B %Y}, with a maximum of {d.max_temp[pick]} °C.)"])


@case("q19_pistachio_caramel_swapped", "two labels' figures swapped", "invented", "Did Pistachio or Salted caramel sell more?")
def _g_swapped() -> Script:
    ctx, ns = with_gelato(PER_FLAVOUR)
    p = ns["per_flavour"]
    assert p["Salted caramel"] > p["Pistachio"]
    return Script(ctx, [GELATO_LOOK, repl(PER_FLAVOUR),
                        f"FINAL(Pistachio: {p['Salted caramel']:,} scoops against {p['Pistachio']:,} for Salted caramel.)"])


# =================================================================================================================
# Tbilisi bakery: app orders as nested JSON (questions in English and Georgian)
# =================================================================================================================
DATIVE_KA = {"Monday": "ორშაბათს", "Tuesday": "სამშაბათს", "Wednesday": "ოთხშაბათს", "Thursday": "ხუთშაბათს",
             "Friday": "პარასკევს", "Saturday": "შაბათს", "Sunday": "კვირას"}
COURIER_TABLE = ("couriers = orders[orders.status == 'delivered'].groupby('courier').minutes.agg(['count', 'mean', 'median', 'max'])\n"
                 "couriers = couriers.round(1).sort_values('median')\nprint(couriers)")
BAKERY_TOTALS = ("ok = orders[orders.status != 'cancelled'].set_index('id')\n"
                 "ok['goods'] = items.groupby('id').line_total.sum().reindex(ok.index) * (1 - ok.promo_pct / 100)\n"
                 "ok['total'] = ok.goods + ok.fee\n"
                 "print(len(ok), round(ok.goods.sum(), 2), round(ok.fee.sum(), 2), round(ok.total.sum(), 2))")
SOLD_ITEMS = "sold = items[items.id.isin(orders[orders.status != 'cancelled'].id)]\n"


@case("q19_courier_markdown_table", "markdown table in text", "legit", "Compare the couriers: how many deliveries, and how long do they take?")
def _b_table() -> Script:
    ctx, ns = with_bakery(COURIER_TABLE)
    c = ns["couriers"]
    rows = "\n".join(f"| {name} | {r['count']:.0f} | {r['mean']:.1f} | {r['median']:.0f} | {r['max']:.0f} |" for name, r in c.iterrows())
    assert c.index[-1] == "Dato"
    final = ("FINAL(Delivered orders in May, fastest courier first (minutes from order to door):\n\n"
             "| Courier | Deliveries | Mean | Median | Longest |\n|---|--:|--:|--:|--:|\n" + rows
             + f"\n\n{c.index[0]} is the quickest; Dato is clearly the slowest, about {c.loc['Dato', 'median'] - c['median'].iloc[0]:.0f} "
               "minutes behind on the median.)")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(COURIER_TABLE), final], [repl("print(couriers.to_string())"), final])


@case("q19_cancelled_out_of_ka", "X out of Y", "legit", "მაისში რამდენი შეკვეთა გაუქმდა?")
def _b_xofy() -> Script:
    code = "print(orders.status.value_counts())\nprint(len(orders))"
    ctx, ns = with_bakery(code)
    o = ns["orders"]
    k, n = int((o.status == "cancelled").sum()), len(o)
    final = f"FINAL(მაისში {n} შეკვეთიდან {k} გაუქმდა, ანუ დაახლოებით {space_comma(k / n * 100)}%.)"
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), final],
                  [repl("print((orders.status == 'cancelled').sum(), len(orders), round((orders.status == 'cancelled').mean() * 100, 1))"), final])


@case("q19_shotis_puri_sig", "significant figures", "legit", "Roughly how many loaves of shotis puri did the bakery sell in May?")
def _b_sig() -> Script:
    code = SOLD_ITEMS + "print(sold.groupby('sku').qty.sum())"
    ctx, ns = with_bakery(code)
    q = int(ns["sold"].groupby("sku").qty.sum()["SHOTI"])
    final = (f"FINAL(Roughly {round(q, -2):,} loaves ({q:,} exactly), not counting cancelled orders. Shotis puri is by far the "
             "item sold in the largest numbers.)")
    assert ns["sold"].groupby("sku").qty.sum().idxmax() == "SHOTI"
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), final], [repl("print(sold[sold.sku == 'SHOTI'].qty.sum())"), final])


@case("q19_biggest_order_id", "quoted log line or ID", "legit", "Which was the biggest single order of the month? Give me its id.")
def _b_id() -> Script:
    code = BAKERY_TOTALS + "\nbig = ok.total.idxmax()\nprint(ok.loc[big])\nprint(items[items.id == big])"
    ctx, ns = with_bakery(code)
    big = ns["big"]
    r = ns["ok"].loc[big]
    its = ns["items"][ns["items"].id == big]
    listing = ", ".join(f"{q} × {n}" for n, q in zip(its.name, its.qty, strict=True))
    final = (f"FINAL({big}: ₾{r.total:.2f} ({'picked up' if r.fee == 0 else f'including a ₾{r.fee:.2f} delivery fee'}), ordered on "
             f"{r.placed:%A} {r.placed.day} May at {r.placed:%H:%M} by customer {r.customer} in {r.district}: {listing}.)")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), final], [repl("print(big, round(ok.total.max(), 2))"), final])


@case("q19_busiest_weekday_ka", "week, weekday or time of day", "legit", "კვირის რომელ დღეს შემოდის ყველაზე მეტი შეკვეთა?")
def _b_weekday() -> Script:
    code = "per_day = orders.placed.dt.day_name().value_counts()\nprint(per_day)\nprint(orders.groupby(orders.placed.dt.date).size().nlargest(3))"
    ctx, ns = with_bakery(code)
    p = ns["per_day"]
    o = ns["orders"]
    easter_sat = int((o.placed.dt.date == pd.Timestamp("2024-05-04").date()).sum())
    assert p.index[0] == "Saturday"
    final = (f"FINAL(შაბათს: მაისში შაბათობით სულ {p.iloc[0]} შეკვეთა შემოვიდა, მეორე ადგილზეა {DATIVE_KA[p.index[1]][:-1]}ი "
             f"({p.iloc[1]}). ამას დიდწილად აღდგომის შაბათი (4 მაისი) განაპირობებს, როცა ერთ დღეში {easter_sat} შეკვეთა მივიღეთ.)")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


@case("q19_district_spend_joined", "joined tables", "legit", "Which district spends the most per order?")
def _b_joined() -> Script:
    code = BAKERY_TOTALS + "\nper = ok.groupby('district').total.agg(['count', 'mean']).round(2).sort_values('mean', ascending=False)\nprint(per)"
    ctx, ns = with_bakery(code)
    p = ns["per"]
    final = (f"FINAL({p.index[0]}: its {p['count'].iloc[0]:.0f} orders came to ₾{p['mean'].iloc[0]:.2f} each on average, delivery "
             f"fee included, against ₾{p['mean'].iloc[-1]:.2f} in {p.index[-1]}, the lowest. Order values are the item lines "
             "joined to their orders, after promo discounts.)")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), final], [repl("print(per['mean'].idxmax(), per['mean'].max())"), final])


@case("q19_answer_dict_khachapuri", "answer-dict dialect", "legit", "How many khachapuri of each kind were sold in May, not counting cancelled orders?")
def _b_answer() -> Script:
    code = (SOLD_ITEMS + "kh = sold[sold.sku.isin(['IMERULI', 'MEGRULI', 'ACHARULI'])].groupby('name').qty.sum().sort_values(ascending=False)\n"
            "print(kh)\nanswer = {'content': 'Khachapuri sold in May: ' + ', '.join(f'{n} {q}' for n, q in kh.items())\n"
            "                     + f' ({kh.sum()} in all).', 'ready': True}")
    ctx, _ = with_bakery("")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code)], [repl("print(kh.to_dict(), kh.sum())"), repl(code)])


COMMENTS_PROMPT = "Group these customer comments by what they are about and count each group.\n\n"


@case("q19_comment_themes_subcall", "sub-call summary", "legit", "What do customers say in their comments?")
def _b_subcall() -> Script:
    code = (f"comments = [c for c in orders.comment if c]\nprint(len(comments))\nsaid = llm_query({COMMENTS_PROMPT!r} + '\\n'.join(comments))\n"
            "print(said)")
    ctx, ns = with_bakery("comments = [c for c in orders.comment if c]")
    comments = ns["comments"]
    said = sub_says(COMMENTS_PROMPT + "\n".join(comments))
    labels = {"praise": "praise (warm bread, friendly couriers)", "cold": "food arrived cold", "missing items": "missing items",
              "late delivery": "late delivery"}
    k = {key: int(grab(re.escape(label) + r" (\d+)", said)) for key, label in labels.items()}
    assert said.index("praise") < said.index("cold")
    final = (f"FINAL(Mostly praise: of the {len(comments)} comments, {k['praise']} say the bread was still warm or the courier "
             f"quick and friendly. The complaints are about food arriving cold ({k['cold']}), missing items ({k['missing items']}) "
             f"and late deliveries ({k['late delivery']}).)")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code, "A sub-model can group the free-text comments."), final],
                  [repl("print(said)"), final], sub_model())


@case("q19_may_takings_atasi_ka", "locale abbreviations for thousands and millions", "legit", "რა თანხის პროდუქცია გაიყიდა მაისში?")
def _b_thousands() -> Script:
    ctx, ns = with_bakery(BAKERY_TOTALS)
    ok = ns["ok"]
    goods, fee = ok.goods.sum(), ok.fee.sum()
    final = (f"FINAL(დაახლოებით {space_comma(goods / 1000)} ათასი ლარის: ზუსტად {space_comma(goods, 2)} ₾ ფასდაკლებების შემდეგ, "
             f"მიწოდების გარეშე. მიწოდების საფასურმა კიდევ {space_comma(fee, 2)} ₾ შეადგინა. გაუქმებული შეკვეთები არ ითვლება.)")
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(BAKERY_TOTALS), final],
                  [repl("print(f'{ok.goods.sum() / 1000:.1f}'.replace('.', ','), 'ათასი ₾')"), final])


@case("q19_most_units_selected", "selection printed right after its table", "legit", "Which product sold the most units in May?")
def _b_selected() -> Script:
    code = SOLD_ITEMS + "units = sold.groupby(['sku', 'name']).qty.sum().sort_values()\nprint(units)\nprint(units.idxmax(), units.max())"
    ctx, ns = with_bakery(code)
    u = ns["units"]
    (sku, name), q = u.idxmax(), u.max()
    final = (f"FINAL(Shotis puri ({name}, {sku}): {q:,} loaves, more than twice the next item, madauri bread ({u.iloc[-2]:,}).)")
    assert sku == "SHOTI" and u.index[-2][0] == "MADAURI" and q > 2 * u.iloc[-2]
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), final], [repl("print(units.tail(2))"), final])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_cancel_fraction_ka", "fraction written as percent", "invented", "მაისის შეკვეთების რა წილი გაუქმდა?")
def _b_fraction() -> Script:
    code = "print(round((orders.status == 'cancelled').mean(), 3))"
    ctx, ns = with_bakery(code)
    f = round((ns["orders"].status == "cancelled").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), f"FINAL(მაისში შეკვეთების {space_comma(f, 3)}% გაუქმდა.)"])


@case("q19_absent_courier", "label absent from the data", "invented", "Which courier was the slowest in May?")
def _b_absent() -> Script:
    ctx, ns = with_bakery(COURIER_TABLE)
    c = ns["couriers"]
    assert "Irakli" not in bakery_json()
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(COURIER_TABLE),
                        f"FINAL(Irakli was the slowest, with a median of {c['median'].max():.0f} minutes a delivery.)"])


@case("q19_orders_transposed_ka", "transposed digits", "invented", "მაისში სულ რამდენი შეკვეთა შემოვიდა?")
def _b_transposed() -> Script:
    code = "print(len(orders))"
    ctx, ns = with_bakery(code)
    n = len(ns["orders"])
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), f"FINAL(მაისში სულ {differs(swap_digits(n), n)} შეკვეთა შემოვიდა.)"])


@case("q19_orders_as_customers", "rows counted instead of distinct", "invented", "How many different customers ordered in May?")
def _b_rows() -> Script:
    code = "print(len(orders))"
    ctx, ns = with_bakery(code)
    o = ns["orders"]
    n = differs(len(o), o.customer.nunique())
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), f"FINAL({n} different customers ordered in May.)"])


@case("q19_dato_in_district_column", "nothing found in the wrong column", "invented", "How many orders did Dato deliver?")
def _b_wrong_column() -> Script:
    code = "print(orders[orders.district.str.contains('Dato')].shape[0])"
    ctx, ns = with_bakery(code)
    differs(0, int((ns["orders"].courier == "Dato").sum()))
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), "FINAL(Dato did not deliver any orders in May.)"])


@case("q19_vake_cancel_over_all", "wrong denominator", "invented", "What share of the orders from Vake were cancelled?")
def _b_denominator() -> Script:
    code = "print(((orders.district == 'Vake') & (orders.status == 'cancelled')).sum(), len(orders))"
    ctx, ns = with_bakery(code)
    o = ns["orders"]
    k = int(((o.district == "Vake") & (o.status == "cancelled")).sum())
    wrong = differs(round(k / len(o) * 100, 1), round(k / int((o.district == "Vake").sum()) * 100, 1))
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), f"FINAL({wrong}% of Vake's orders were cancelled ({k} orders).)"])


COLD_PROMPT = "Count the comments that say the food was cold.\n\n"


@case("q19_partial_cold_count", "sub-call over part of the data", "invented", "How many customers said their food arrived cold?")
def _b_partial() -> Script:
    code = (f"comments = [c for c in orders.comment if c]\nsaid = llm_query({COLD_PROMPT!r} + '\\n'.join(comments[:60]))\nprint(said)")
    ctx, ns = with_bakery("comments = [c for c in orders.comment if c]")
    comments = ns["comments"]
    k = int(sub_says(COLD_PROMPT + "\n".join(comments[:60])).split()[0])
    differs(k, sum(c in COMMENTS["cold"] for c in comments))
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), f"FINAL({k} customers said their food arrived cold.)"], sub=sub_model())


@case("q19_dato_mean_as_median", "figure from the right row but another column", "invented", "What was Dato's median delivery time?")
def _b_other_column() -> Script:
    ctx, ns = with_bakery(COURIER_TABLE)
    r = ns["couriers"].loc["Dato"]
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(COURIER_TABLE),
                        f"FINAL(Dato's median delivery time was {differs(r['mean'], r['median'])} minutes.)"])


@case("q19_table_for_mean_rating", "table returned for one figure", "invented", "What was the average customer rating in May?")
def _b_table_one() -> Script:
    code = "ratings = orders.groupby('courier', dropna=False).rating.agg(['count', 'mean']).round(2)\nprint(ratings)"
    ctx, _ = with_bakery(code)
    return Script(ctx, [BAKERY_LOOK, PARSE_BAKERY, repl(code), "FINAL_VAR(ratings)"])


# =================================================================================================================
# Kanchipuram silk weavers' cooperative: a dict of three tables (questions in English and Tamil)
# =================================================================================================================
MONTHLY_SILK = "monthly = sales.groupby(sales.sold_on.dt.to_period('M')).net_inr.sum()\n"


@case("q19_outlet_sales_bullets_ta", "bullet list of figures", "legit", "ஒவ்வொரு விற்பனை நிலையமும் இரண்டு ஆண்டுகளில் எவ்வளவு விற்றது?")
def _s_bullets() -> Script:
    code = "per_outlet = sales.groupby('outlet').net_inr.sum().sort_values(ascending=False)\nprint(per_outlet)"
    ctx, ns = with_silk(code)
    p = ns["per_outlet"]
    final = ("FINAL(ஏப்ரல் 2023 முதல் மார்ச் 2025 வரை, தள்ளுபடிக்குப் பிந்தைய நிகர விற்பனை:\n"
             + "\n".join(f"- {o}: ₹{lakh(v)} (சுமார் " + (f"₹{v / 1e7:.2f} கோடி)" if v >= 1e7 else f"₹{v / 1e5:.1f} லட்சம்)")
                         for o, v in p.items())
             + f"\n\nமொத்தம் ₹{p.sum() / 1e7:.2f} கோடி.)")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print(per_outlet.to_dict(), per_outlet.sum())"), final])


@case("q19_fy_growth_crore_ta", "period-over-period change", "legit", "2023-24 இலிருந்து 2024-25 க்கு விற்பனை எவ்வளவு உயர்ந்தது?")
def _s_change() -> Script:
    code = "per_fy = sales.groupby('fy').net_inr.sum()\nprint(per_fy)"
    ctx, ns = with_silk(code)
    p = ns["per_fy"]
    a, b = p[2023], p[2024]
    final = (f"FINAL(2023-24 இல் ₹{a / 1e7:.2f} கோடியாக இருந்த நிகர விற்பனை 2024-25 இல் ₹{b / 1e7:.2f} கோடியாக உயர்ந்தது: "
             f"₹{(b - a) / 1e7:.2f} கோடி அதிகம், அதாவது {(b / a - 1) * 100:.1f}% வளர்ச்சி.)")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final],
                  [repl("print(per_fy[2024] - per_fy[2023], round((per_fy[2024] / per_fy[2023] - 1) * 100, 1))"), final])


@case("q19_top3_weavers", "top-N list by code", "legit", "Which three weavers' sarees earned the most?")
def _s_top3() -> Script:
    code = "top3 = sold.groupby(['name', 'village']).net_inr.sum().nlargest(3)\nprint(top3)"
    ctx, ns = with_silk(code)
    t = ns["top3"]
    final = ("FINAL(Net sales of their sarees, April 2023 to March 2025:\n" + "\n".join(
        f"{i}. {n} ({v}) — ₹{lakh(x)}" for i, ((n, v), x) in enumerate(t.items(), 1)) + ")")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print(top3.to_dict())"), final])


@case("q19_thazhampoo_lakh_ta", "locale number abbreviation", "legit", "Thazhampoo சேலைகள் மொத்தம் எவ்வளவுக்கு விற்பனையாயின?")
def _s_lakh() -> Script:
    code = "th = sold[sold.design == 'Thazhampoo']\nprint(len(th), th.net_inr.sum())"
    ctx, ns = with_silk(code)
    t = ns["th"]
    v = t.net_inr.sum()
    final = f"FINAL({len(t)} Thazhampoo சேலைகள் விற்பனையாயின; மொத்தம் சுமார் ₹{v / 1e5:.2f} லட்சம் (₹{lakh(v)}).)"
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print(round(th.net_inr.sum() / 1e5, 2), 'லட்சம்')"), final])


@case("q19_sales_per_loom_village", "joined tables", "legit", "Which village's weavers bring in the most sales per loom?")
def _s_joined() -> Script:
    code = ("per = sold.groupby('village').net_inr.sum().to_frame('sales').join(weavers.groupby('village').looms.sum())\n"
            "per['per_loom'] = (per.sales / per.looms).round(0)\nprint(per.sort_values('per_loom', ascending=False))")
    ctx, ns = with_silk(code)
    p = ns["per"].sort_values("per_loom", ascending=False)
    top, low = p.iloc[0], p.iloc[-1]
    final = (f"FINAL({p.index[0]}: ₹{lakh(top.sales)} from {top.looms:.0f} looms, about ₹{top.per_loom / 1e5:.1f} lakh per loom "
             f"over the two years. {p.index[-1]} is lowest, ₹{low.per_loom / 1e5:.1f} lakh per loom ({low.looms:.0f} looms).)")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print(per.per_loom.idxmax(), per.per_loom.max())"), final])


@case("q19_weaver_frame", "FINAL_VAR of a dict or frame", "legit", "Make me a table per weaver: sarees woven, sarees sold and net sales.")
def _s_frame() -> Script:
    code = ("per_weaver = (weavers.set_index('weaver_id')[['name', 'village', 'looms']]\n"
            "              .join(sarees.groupby('weaver_id').size().rename('woven'))\n"
            "              .join(sold.groupby('weaver_id').agg(sold=('saree_id', 'count'), net_inr=('net_inr', 'sum'))))\n"
            "print(per_weaver.head())\nprint(per_weaver[['woven', 'sold', 'net_inr']].sum())")
    ctx, _ = with_silk(code)
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), "FINAL_VAR(per_weaver)"],
                  [repl("print(per_weaver.shape, per_weaver.columns.tolist())"), "FINAL_VAR(per_weaver)"])


@case("q19_zari_price_fit", "correlation or fitted statistic", "legit", "How much does each extra gram of zari add to a saree's list price?")
def _s_fit() -> Script:
    code = ("import numpy as np\nslope, icpt = np.polyfit(sold.zari_g, sold.mrp_inr, 1)\n"
            "print(round(slope, 1), round(icpt), round(sold.zari_g.corr(sold.mrp_inr), 3))")
    ctx, ns = with_silk(code)
    s, i, r = ns["slope"], ns["icpt"], ns["sold"].zari_g.corr(ns["sold"].mrp_inr)
    final = (f"FINAL(About ₹{s:.0f} a gram: a straight-line fit over the {len(ns['sold']):,} sarees sold gives list price ≈ "
             f"₹{lakh(i)} + ₹{s:.1f} × zari grams, with r = {r:.2f}. So a Korvai with 200 g of zari lists near "
             f"₹{lakh(i + 200 * s)}, a Kattam with 90 g near ₹{lakh(i + 90 * s)}.)")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print(round(slope), round(sold.zari_g.corr(sold.mrp_inr), 2))"), final])


@case("q19_best_design_selected", "selection printed right after its table", "legit", "Which design brought in the most money?")
def _s_selected() -> Script:
    code = ("by_design = sold.groupby('design').net_inr.agg(['count', 'sum', 'mean']).round(0)\nprint(by_design)\n"
            "print(by_design['sum'].idxmax(), by_design['sum'].max())")
    ctx, ns = with_silk(code)
    b = ns["by_design"]
    top = b["sum"].idxmax()
    final = (f"FINAL({top}: {b.loc[top, 'count']:.0f} sarees sold for ₹{lakh(b.loc[top, 'sum'])} in all (about "
             f"₹{b.loc[top, 'sum'] / 1e7:.2f} crore), at ₹{lakh(b.loc[top, 'mean'])} each on average.)")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print(by_design['sum'].nlargest(2))"), final])


@case("q19_festive_months_trend", "trend sentence naming several labels", "legit", "How did monthly sales go from September 2024 to February 2025?")
def _s_trend() -> Script:
    code = MONTHLY_SILK + "print(monthly['2024-09':'2025-02'])"
    ctx, ns = with_silk(code)
    m = {p.strftime("%b"): v for p, v in ns["monthly"]["2024-09":"2025-02"].items()}
    assert m["Oct"] > 2 * max(m["Sep"], m["Nov"], m["Dec"]) and m["Jan"] > m["Dec"] and m["Feb"] > m["Dec"]
    final = (f"FINAL(They jumped for Deepavali and again for the wedding season: ₹{m['Sep'] / 1e5:.1f} lakh in September, "
             f"₹{m['Oct'] / 1e5:.1f} lakh in October (Deepavali fell on 31 October), back to ₹{m['Nov'] / 1e5:.1f} lakh in November "
             f"and ₹{m['Dec'] / 1e5:.1f} lakh in December, then up to ₹{m['Jan'] / 1e5:.1f} lakh in January and "
             f"₹{m['Feb'] / 1e5:.1f} lakh in February.)")
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), final], [repl("print((monthly['2024-09':'2025-02'] / 1e5).round(1))"), final])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_zari_grams_as_kg", "unit misread", "invented", "How much zari went into the sarees the cooperative wove?")
def _s_unit() -> Script:
    code = "print(sarees.zari_g.sum())"
    ctx, ns = with_silk(code)
    g = int(ns["sarees"].zari_g.sum())
    differs(g, round(g / 1000, 1))
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), f"FINAL({g:,} kg of zari went into the sarees.)"])


@case("q19_second_weaver_top", "second row called the top", "invented", "Whose sarees earned the most?")
def _s_second() -> Script:
    code = "print(sold.groupby('name').net_inr.sum().sort_values(ascending=False).head())"
    ctx, ns = with_silk(code)
    p = ns["sold"].groupby("name").net_inr.sum().sort_values(ascending=False)
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), f"FINAL({differs(p.index[1], p.idxmax())}, with ₹{lakh(p.iloc[1])}.)"])


@case("q19_fy_2023_for_2024_ta", "wrong year", "invented", "2024-25 நிதியாண்டில் எத்தனை சேலைகள் விற்பனையாயின?")
def _s_year() -> Script:
    code = "print(sales.groupby('fy').size())"
    ctx, ns = with_silk(code)
    y = ns["sales"].groupby("fy").size()
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), f"FINAL(2024-25 இல் {differs(int(y[2023]), int(y[2024]))} சேலைகள் விற்பனையாயின.)"])


@case("q19_design_in_outlet_column", "nothing found in the wrong column", "invented", "Were any Rettai Pettu sarees sold?")
def _s_wrong_column() -> Script:
    code = "print(sold[sold.outlet.str.contains('Rettai')].shape[0])"
    ctx, ns = with_silk(code)
    differs(0, int((ns["sold"].design == "Rettai Pettu").sum()))
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), "FINAL(No, not a single Rettai Pettu saree was sold.)"])


@case("q19_running_total_october", "cumulative read as the period's value", "invented", "How much did the cooperative sell in October 2024?")
def _s_cumulative() -> Script:
    code = MONTHLY_SILK + "table = monthly.to_frame('net_inr')\ntable['running_total'] = table.net_inr.cumsum()\nprint(table)"
    ctx, ns = with_silk(code)
    t = ns["table"].loc[pd.Period("2024-10")]
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code),
                        f"FINAL(₹{lakh(differs(int(t.running_total), int(t.net_inr)))} in October 2024.)"])


@case("q19_ascending_village_top_ta", "first row of an ascending sort called the highest", "invented",
      "எந்த ஊரின் நெசவாளர்கள் அதிக விற்பனை ஈட்டினர்?")
def _s_ascending() -> Script:
    code = "print(sold.groupby('village').net_inr.sum().sort_values())"
    ctx, ns = with_silk(code)
    v = ns["sold"].groupby("village").net_inr.sum().sort_values()
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), f"FINAL({differs(v.index[0], v.idxmax())} நெசவாளர்கள்: மொத்தம் ₹{lakh(v.iloc[0])} விற்பனை.)"])


@case("q19_march_drop_as_rise", "decrease reported as a rise", "invented", "How did sales change from February to March 2024?")
def _s_rise() -> Script:
    code = MONTHLY_SILK + "print(monthly['2024-02':'2024-03'])\nprint(round((monthly['2024-03'] / monthly['2024-02'] - 1) * 100, 1))"
    ctx, ns = with_silk(code)
    m = ns["monthly"]
    pct = round((m[pd.Period("2024-03")] / m[pd.Period("2024-02")] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [SILK_LOOK, PARSE_SILK, repl(code), f"FINAL(Sales grew {abs(pct)}% from February to March 2024.)"])


# =================================================================================================================
# Serbian river gauges: daily bulletins with Cyrillic column names (questions in English and Serbian)
# =================================================================================================================
def sr_day(d: pd.Timestamp) -> str:
    """``8. октобра 2024.``"""
    return f"{d.day}. {MESECA_SR[d.month]} {d.year}."


@case("q19_novi_sad_temp_describe_sr", "describe() statistic", "legit", "Каква је температура Дунава код Новог Сада током године?")
def _r_describe() -> Script:
    code = "nsd = v[v.станица == 'Нови Сад']\nprint(nsd.t_c.describe().round(1))"
    ctx, ns = with_river(code)
    d = ns["nsd"].t_c.describe().round(1)
    final = (f"FINAL(Просечно {sr(d['mean'])} °C, уз медијану од {sr(d['50%'])} °C. Половина дана је између {sr(d['25%'])} и "
             f"{sr(d['75%'])} °C, а цео распон иде од {sr(d['min'])} °C зими до {sr(d['max'])} °C лети (укупно {d['count']:.0f} "
             "мерење, 2023. и 2024.).)")
    assert d["count"] % 10 == 1
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final], [repl("print(nsd.t_c.mean().round(1), nsd.t_c.median())"), final])


@case("q19_sava_peak_discharge", "value with a unit", "legit", "What was the highest discharge of the Sava at Sremska Mitrovica, and when?")
def _r_unit() -> Script:
    code = "sm = v[v.станица == 'Сремска Митровица']\nprint(sm.loc[sm.q_m3s.idxmax(), ['датум', 'водостај_цм', 'q_m3s', 'одбрана']])"
    ctx, ns = with_river(code)
    sm = ns["sm"]
    r = sm.loc[sm.q_m3s.idxmax()]
    final = (f"FINAL({r.q_m3s:,.1f} m³/s, on {r.dan:%A} {r.dan.day} {r.dan:%B %Y} (bulletin date {r.датум}), at the top of the "
             f"spring flood wave: the gauge read {r.водостај_цм} cm and emergency flood defence (ванредна одбрана) was in force.)")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final], [repl("print(sm.q_m3s.max(), sm.dan[sm.q_m3s.idxmax()].date())"), final])


@case("q19_belgrade_2024_range_sr", "range from min to max", "legit", "У ком распону се кретао водостај Саве код Београда 2024. године?")
def _r_range() -> Script:
    code = ("bg = v[(v.станица == 'Београд') & (v.dan.dt.year == 2024)]\nprint(bg.h_cm.agg(['min', 'max']))\n"
            "print(bg.loc[[bg.h_cm.idxmin(), bg.h_cm.idxmax()], ['датум', 'водостај_цм']])")
    ctx, ns = with_river(code)
    bg = ns["bg"]
    lo, hi = bg.loc[bg.h_cm.idxmin()], bg.loc[bg.h_cm.idxmax()]
    final = (f"FINAL(Од {lo.водостај_цм} цм ({sr_day(lo.dan)}) до {hi.водостај_цм} цм ({sr_day(hi.dan)}), дакле у распону од "
             f"{hi.h_cm - lo.h_cm:.0f} цм.)")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final], [repl("print(bg.h_cm.min(), bg.h_cm.max())"), final])


@case("q19_novi_sad_below_zero", "negative figure", "legit", "How low did the Danube get at Novi Sad?")
def _r_negative() -> Script:
    code = ("nsd = v[v.станица == 'Нови Сад']\nlow = nsd.loc[nsd.h_cm.idxmin()]\nprint(low)\n"
            "print((nsd.h_cm < 0).sum(), nsd[nsd.h_cm < 0].dan.min(), nsd[nsd.h_cm < 0].dan.max())")
    ctx, ns = with_river(code)
    nsd = ns["nsd"]
    low = ns["low"]
    below = nsd[nsd.h_cm < 0]
    final = (f"FINAL(To {low.h_cm:.0f} cm, that is {abs(low.h_cm):.0f} cm below the gauge zero, on {low.dan:%A} {low.dan.day} "
             f"{low.dan:%B %Y} (bulletin: {low.водостај_цм}), when {low.q_m3s:,.1f} m³/s flowed past. The gauge stayed below zero on "
             f"{len(below)} days between {below.dan.min():%-d %B} and {below.dan.max():%-d %B} 2024, in the autumn drought.)")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final], [repl("print(low.h_cm, low.dan.date())"), final])


@case("q19_submit_sava_flood", "DSPy SUBMIT fields", "legit",
      "Summarise the May 2023 Sava flood: the peak level at each Sava station, its day, and the days under emergency defence.")
def _r_submit() -> Script:
    code = ("sava = v[v.река == 'Сава']\npeaks = sava.loc[sava.groupby('станица').h_cm.idxmax(), ['станица', 'датум', 'h_cm']].set_index('станица')\n"
            "emergency = sava[sava.одбрана == 'ванредна'].groupby('станица').size()\nprint(peaks)\nprint(emergency)")
    ctx, _ = with_river(code)
    submit = repl("SUBMIT(belgrade_peak_cm=int(peaks.loc['Београд', 'h_cm']), belgrade_peak_day=peaks.loc['Београд', 'датум'],\n"
                  "       mitrovica_peak_cm=int(peaks.loc['Сремска Митровица', 'h_cm']), mitrovica_peak_day=peaks.loc['Сремска Митровица', 'датум'],\n"
                  "       emergency_days={k: int(n) for k, n in emergency.items()})")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), submit], [repl("print(peaks.to_dict(), emergency.to_dict())"), submit])


@case("q19_belgrade_2024_no_emergency_sr", "yes/no with evidence", "legit", "Да ли је Сава код Београда 2024. године достигла ванредну одбрану?")
def _r_yesno() -> Script:
    code = ("bg = v[v.станица == 'Београд']\nprint(bg.groupby([bg.dan.dt.year, 'одбрана']).size())\n"
            "print(bg[bg.dan.dt.year == 2024].h_cm.max())")
    ctx, ns = with_river(code)
    bg = ns["bg"]
    y24 = bg[bg.dan.dt.year == 2024]
    e23 = bg[(bg.dan.dt.year == 2023) & (bg.одбрана == "ванредна")]
    assert (y24.одбрана == "").all() and e23.dan.dt.month.eq(5).all()
    final = (f"FINAL(Не. У 2024. години ниједан дан код Београда није под редовном ни под ванредном одбраном; највиши водостај био "
             f"је +{y24.h_cm.max():.0f} цм. Ванредна одбрана била је на снази само у мају 2023, {len(e23)} дана.)")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final],
                  [repl("print((bg[bg.dan.dt.year == 2024].одбрана != '').sum())"), final])


@case("q19_rating_curve_novi_sad", "correlation or fitted statistic", "legit", "How does the discharge at Novi Sad depend on the water level?")
def _r_fit() -> Script:
    code = ("import numpy as np\nnsd = v[v.станица == 'Нови Сад']\nslope, icpt = np.polyfit(nsd.h_cm, nsd.q_m3s, 1)\n"
            "print(round(slope, 2), round(icpt, 1), round(nsd.h_cm.corr(nsd.q_m3s), 4))")
    ctx, ns = with_river(code)
    s, i, r = ns["slope"], ns["icpt"], ns["nsd"].h_cm.corr(ns["nsd"].q_m3s)
    final = (f"FINAL(Almost linearly over this range: each extra centimetre on the gauge adds about {s:.1f} m³/s. The fit over "
             f"{len(ns['nsd'])} daily readings is Q ≈ {i:,.0f} + {s:.2f} × H (H in cm, Q in m³/s), with r = {r:.3f}; at the gauge "
             f"zero the Danube carries roughly {i:,.0f} m³/s.)")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final], [repl("print(round(slope, 1), round(icpt))"), final])


@case("q19_novi_sad_drought_trend", "trend sentence naming several labels", "legit",
      "How did the Danube at Novi Sad develop from July to November 2024?")
def _r_trend() -> Script:
    code = ("nsd = v[(v.станица == 'Нови Сад') & (v.dan.dt.year == 2024)]\n"
            "by_month = nsd.groupby(nsd.dan.dt.month).h_cm.agg(['mean', 'min']).round(0)\nprint(by_month.loc[7:11])")
    ctx, ns = with_river(code)
    b = ns["by_month"]
    mean = b["mean"]
    assert mean[7] > mean[8] > mean[9] > mean[10] < mean[11] and mean.loc[7:11].idxmin() == 10
    final = (f"FINAL(It sank through the summer and autumn drought and recovered late: the monthly mean went from +{mean[7]:.0f} cm "
             f"in July to +{mean[8]:.0f} cm in August, {mean[9]:+.0f} cm in September and {mean[10]:+.0f} cm in October, the "
             f"lowest month (the minimum was {b.loc[10, 'min']:.0f} cm), before climbing back to {mean[11]:+.0f} cm in November.)")
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), final], [repl("print(by_month.loc[7:11, 'mean'].to_dict())"), final])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_belgrade_record_memory", "plausible figure from memory", "invented",
      "What was the highest level of the Sava at Belgrade in these two years?")
def _r_memory() -> Script:
    ctx, ns = with_river("")
    v = ns["v"]
    differs(845, int(v[v.станица == "Београд"].h_cm.max()))
    return Script(ctx, [RIVER_LOOK, "FINAL(The Sava at Belgrade peaked at about +845 cm during the May flood, close to the 2014 record.)"])


@case("q19_pancevo_stale_mean", "stale figure before a correction", "invented", "What was the average level of the Danube at Pančevo in 2024?")
def _r_stale() -> Script:
    first = "pa = v[(v.станица == 'Панчево') & (v.dan.dt.year == 2024)]\nprint(pa.h_cm.fillna(0).mean())"
    fixed = "print(pa.h_cm.mean())  # the days without a reading left out, not counted as 0"
    ctx, ns = with_river(first)
    h = ns["pa"].h_cm
    stale = differs(round(h.fillna(0).mean(), 1), round(h.mean(), 1))
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(first), repl(fixed, "The gauge was out for a week ('—'); those days are no reading, not 0 cm."),
                        f"FINAL(The Danube at Pančevo averaged +{stale} cm in 2024.)"])


@case("q19_six_stations_echoed_sr", "number echoed from the question", "invented",
      "Од шест станица, на колико је водостај бар једном пао испод нуле?")
def _r_echo() -> Script:
    code = "print(v[v.h_cm < 0].groupby('станица').size())"
    ctx, ns = with_river(code)
    truth = ns["v"][ns["v"].h_cm < 0].станица.nunique()
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), f"FINAL(На свих {differs(6, truth)} станица водостај је бар једном пао испод нуле.)"])


@case("q19_mitrovica_2023_for_2024", "wrong year", "invented", "What was the highest level of the Sava at Sremska Mitrovica in 2024?")
def _r_year() -> Script:
    code = "sm = v[v.станица == 'Сремска Митровица']\nprint(sm.groupby(sm.dan.dt.year).h_cm.max())"
    ctx, ns = with_river(code)
    sm = ns["sm"]
    y = sm.groupby(sm.dan.dt.year).h_cm.max()
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), f"FINAL(+{differs(int(y[2023]), int(y[2024]))} cm in 2024.)"])


@case("q19_september_fall_called_rise", "trend in the wrong direction", "invented",
      "Was the Danube at Novi Sad rising or falling through September 2024?")
def _r_trend_wrong() -> Script:
    code = "sep = v[(v.станица == 'Нови Сад') & (v.dan.dt.strftime('%Y-%m') == '2024-09')]\nprint(sep[['датум', 'h_cm']].to_string())"
    ctx, ns = with_river(code)
    s = ns["sep"].h_cm
    assert s.iloc[-1] < s.iloc[0] - 40
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), "FINAL(Rising: the Danube at Novi Sad climbed steadily through September 2024.)"])


@case("q19_lowest_day_month_first_sr", "date format misread", "invented", "Када је Дунав код Новог Сада био најнижи?")
def _r_misread() -> Script:
    code = "nsd = v[v.станица == 'Нови Сад']\nprint(nsd.loc[nsd.h_cm.idxmin(), ['датум', 'водостај_цм']])"
    ctx, ns = with_river(code)
    nsd = ns["nsd"]
    raw = nsd.loc[nsd.h_cm.idxmin(), "датум"]
    misread = differs(pd.to_datetime(raw, format="%m.%d.%Y."), pd.to_datetime(raw, format="%d.%m.%Y."))
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code),
                        f"FINAL(Најнижи водостај код Новог Сада забележен је {sr_day(misread)}, {nsd.h_cm.min():.0f} цм.)"])


@case("q19_discharge_as_level", "figure from the right row but another column", "invented", "How high did the Danube get at Novi Sad?")
def _r_other_column() -> Script:
    code = "nsd = v[v.станица == 'Нови Сад']\nprint(nsd.loc[nsd.h_cm.idxmax(), ['датум', 'h_cm', 'q_m3s', 't_c']])"
    ctx, ns = with_river(code)
    r = ns["nsd"].loc[ns["nsd"].h_cm.idxmax()]
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code),
                        f"FINAL(The Danube at Novi Sad peaked at +{differs(r.q_m3s, r.h_cm):,.1f} cm on {r.датум})"])


@case("q19_table_for_pancevo_min", "table returned for one figure", "invented", "What was the lowest level at Pančevo?")
def _r_table() -> Script:
    code = "stats = v.groupby('станица').h_cm.describe().round(1)\nprint(stats)"
    ctx, _ = with_river(code)
    return Script(ctx, [RIVER_LOOK, PARSE_RIVER, repl(code), 'FINAL_VAR("stats")'])


# =================================================================================================================
# Karaganda coal mine: the March shift report as fixed-width text (questions in English and Kazakh)
# =================================================================================================================
BY_FACE = ("by_face = shifts.groupby('face').agg(shifts=('tonnes', 'size'), tonnes=('tonnes', 'sum'), per_shift=('tonnes', 'mean'),\n"
           "                                     down_min=('down_min', 'sum')).round(1)\nprint(by_face)")


@case("q19_face_table_kk", "markdown table in text", "legit", "Наурыздағы өндіруді лавалар бойынша кесте етіп беріңізші.")
def _m_table() -> Script:
    ctx, ns = with_mine(BY_FACE)
    b = ns["by_face"].sort_values("tonnes", ascending=False)
    rows = "\n".join(f"| {f} | {r.shifts:.0f} | {kz(r.tonnes)} | {kz(r.per_shift)} | {kz(r.down_min, 0)} |" for f, r in b.iterrows())
    final = ("FINAL(«Көктал» шахтасы, 2024 жылғы наурыз:\n\n| Лава | Ауысым саны | Өндіру, т | Бір ауысымға, т | Тоқтау, мин |\n"
             "|---|--:|--:|--:|--:|\n" + rows + f"\n| **Барлығы** | {b.shifts.sum():.0f} | **{kz(b.tonnes.sum())}** | | {kz(b.down_min.sum(), 0)} |\n\n"
             "42Б лавасы 20 наурызда аяқталып, монтажға кетті, сондықтан оның ауысымдары азырақ.)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(BY_FACE), final], [repl("print(by_face.to_string())"), final])


@case("q19_highest_methane", "value with a unit", "legit", "What was the highest methane reading of the month, and where?")
def _m_unit() -> Script:
    code = "top = shifts.loc[shifts.ch4.idxmax()]\nprint(top)"
    ctx, ns = with_mine(code)
    t = ns["top"]
    assert t.remark == "газ бойынша тоқтату"
    hours = {"I": "00:00–08:00", "II": "08:00–16:00", "III": "16:00–24:00"}[t["shift"]]
    final = (f"FINAL({t.ch4:.2f}% CH₄, at longwall {t.face} in shift {t['shift']} ({hours}) "
             f"on {t.date:%A} {t.date.day} March 2024 — the report writes {kz(t.ch4, 2)}. That is above the 1.00% limit, so work "
             f"stopped for {t.down_min} minutes (remark: «газ бойынша тоқтату», a stoppage for gas).)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final], [repl("print(top.ch4, top.face, top['shift'], top.date.date())"), final])


@case("q19_march_output_sig", "significant figures", "legit", "Roughly how much coal did the mine produce in March?")
def _m_sig() -> Script:
    code = "print(shifts.tonnes.sum())\nprint(rows[-1])"
    ctx, ns = with_mine(code)
    t = ns["shifts"].tonnes.sum()
    assert kz(t) in ns["rows"][-1]
    final = (f"FINAL(About {round(t, -3):,.0f} tonnes: the shifts add up to {t:,.1f} t, which matches the report's own total line "
             f"(БАРЛЫҒЫ {kz(t)}).)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final], [repl("print(round(shifts.tonnes.sum(), -3))"), final])


@case("q19_gas_stoppages_kk", "count off value_counts", "legit", "Наурызда газ бойынша неше рет тоқтату болды?")
def _m_counts() -> Script:
    code = "print(shifts.remark.value_counts())"
    ctx, ns = with_mine(code)
    s = ns["shifts"]
    k = int(s.remark.value_counts()["газ бойынша тоқтату"])
    assert k == int((s.ch4 > 1.0).sum())
    final = (f"FINAL(Наурызда газ бойынша {k} рет тоқтату болды: бұл метан 1,00 %-дан асқан ауысымдар. Басқа тоқтаулардың ішінде "
             f"ең жиісі — бекітпе ауыстыру ({s.remark.value_counts()['бекітпе ауыстыру']} рет).)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final], [repl("print((shifts.remark == 'газ бойынша тоқтату').sum())"), final])


@case("q19_three_shifts_compared", "qualitative over a full small table", "legit", "How do the three shifts compare?")
def _m_qualitative() -> Script:
    code = ("by_shift = shifts.groupby('shift').agg(tonnes=('tonnes', 'sum'), ch4=('ch4', 'mean'), gas_stops=('ch4', lambda c: (c > 1).sum()),\n"
            "                                       down_min=('down_min', 'sum')).round(2)\nprint(by_shift)")
    ctx, ns = with_mine(code)
    b = ns["by_shift"]
    assert b.tonnes.max() / b.tonnes.min() < 1.06 and b.ch4.idxmax() == "I" and b.gas_stops.idxmax() == "I"
    final = (f"FINAL(Very evenly on output: the three shifts each produced between {b.tonnes.min():,.1f} and {b.tonnes.max():,.1f} t, "
             f"shift {b.tonnes.idxmax()} a little ahead. The night shift (I, 00:00–08:00) stands out on gas: its mean methane peak is "
             f"{b.ch4['I']:.2f}% against {b.ch4['II']:.2f}% and {b.ch4['III']:.2f}%, and {b.gas_stops['I']:.0f} of the "
             f"{b.gas_stops.sum():.0f} gas stoppages happened on it.)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final], [repl("print(by_shift.tonnes.idxmax(), by_shift.ch4.idxmax())"), final])


@case("q19_13_march_total", "in-head arithmetic beyond two operands", "legit",
      "How much did the mine produce on Wednesday 13 March, all faces and shifts together?")
def _m_head() -> Script:
    code = "d13 = shifts[shifts.date == '2024-03-13']\nprint(d13.groupby('face').tonnes.sum())"
    ctx, ns = with_mine(code)
    f = ns["d13"].groupby("face").tonnes.sum()
    parts = " + ".join(f"{v:,.1f} t ({k})" for k, v in f.items())
    final = f"FINAL({f.sum():,.1f} tonnes: {parts}, over the three shifts.)"
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final], [repl("print(round(d13.tonnes.sum(), 1))"), final])


@case("q19_face_31k_myn_kk", "locale abbreviations for thousands and millions", "legit", "31К лавасы наурызда қанша көмір берді?")
def _m_thousands() -> Script:
    code = "print(shifts.groupby('face').tonnes.sum())"
    ctx, ns = with_mine(code)
    t = ns["shifts"].groupby("face").tonnes.sum()
    v = t["31К"]
    final = (f"FINAL(Шамамен {kz(v / 1000)} мың тонна: 31К лавасы наурызда {kz(v)} т көмір берді, бұл шахтаның айлық өндірісінің "
             f"{kz(v / t.sum() * 100, 0)} %-ы.)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final], [repl("print(round(shifts[shifts.face == '31К'].tonnes.sum() / 1000, 1))"), final])


@case("q19_face_17yu_two_tables", "same label in two printed tables", "legit", "How much did face 17Ю produce in March, and how much downtime did it have?")
def _m_two_tables() -> Script:
    code = "print(shifts.groupby('face').tonnes.sum())\nprint(shifts.groupby('face').down_min.sum())"
    ctx, ns = with_mine(code)
    s = ns["shifts"]
    f = s[s.face == "17Ю"]
    final = (f"FINAL(Face 17Ю produced {f.tonnes.sum():,.1f} t in March and was stopped for {f.down_min.sum():,} minutes in all "
             f"(about {f.down_min.sum() / 60:.1f} hours) over its {len(f)} shifts.)")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), final],
                  [repl("f = shifts[shifts.face == '17Ю']\nprint(f.tonnes.sum(), f.down_min.sum())"), final])


@case("q19_submit_top_face", "labelled SUBMIT for a which question", "legit", "Which longwall face produced the most coal in March?")
def _m_submit() -> Script:
    ctx, _ = with_mine(BY_FACE)
    submit = repl("SUBMIT(face=by_face.tonnes.idxmax(), tonnes=float(by_face.tonnes.max()),\n"
                  "       shifts=int(by_face.loc[by_face.tonnes.idxmax(), 'shifts']), share_pct=round(float(by_face.tonnes.max() / by_face.tonnes.sum() * 100), 1))")
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(BY_FACE), submit], [repl("print(by_face.tonnes.idxmax(), by_face.tonnes.max())"), submit])


# -- invented or misread ------------------------------------------------------------------------------------------
@case("q19_absent_face_kk", "label absent from the data", "invented", "Қай лавада метан ең жоғары болды?")
def _m_absent() -> Script:
    code = "print(shifts.groupby('face').ch4.max())"
    ctx, ns = with_mine(code)
    assert "25В" not in shift_report()
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), f"FINAL(Метан ең жоғары 25В лавасында болды: {kz(ns['shifts'].ch4.max(), 2)} %.)"])


@case("q19_stale_stoppage_mean", "stale figure before a correction", "invented",
      "When a shift had a stoppage, how long did it last on average?")
def _m_stale() -> Script:
    first = "print(shifts.down_min.mean())"
    fixed = "stopped = shifts[shifts.down_min > 0]\nprint(len(stopped), stopped.down_min.mean())"
    ctx, ns = with_mine(fixed)
    s = ns["shifts"]
    stale = differs(round(s.down_min.mean(), 1), round(ns["stopped"].down_min.mean(), 1))
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(first), repl(fixed, "That averages over shifts with no stoppage too; only the stopped ones."),
                        f"FINAL(A stoppage lasted {stale} minutes on average.)"])


@case("q19_month_to_date_as_day_kk", "cumulative read as the period's value", "invented", "17Ю лавасы 30 наурызда қанша көмір берді?")
def _m_cumulative() -> Script:
    code = "print(shifts[(shifts.face == '17Ю') & (shifts.date == '2024-03-30')])"
    ctx, ns = with_mine(code)
    s = ns["shifts"]
    d = s[(s.face == "17Ю") & (s.date == pd.Timestamp("2024-03-30"))]
    wrong = differs(d.mtd.iloc[-1], round(d.tonnes.sum(), 1))
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), f"FINAL(30 наурызда 17Ю лавасы {kz(wrong)} т көмір берді.)"])


@case("q19_ascending_downtime_face", "first row of an ascending sort called the highest", "invented", "Which face had the most downtime in March?")
def _m_ascending() -> Script:
    code = "print(shifts.groupby('face').down_min.sum().sort_values())"
    ctx, ns = with_mine(code)
    d = ns["shifts"].groupby("face").down_min.sum().sort_values()
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), f"FINAL(Face {differs(d.index[0], d.idxmax())}, with {d.iloc[0]:,} minutes of downtime.)"])


@case("q19_gas_in_shift_column", "zero after filtering the wrong column", "invented", "How many shifts were stopped because of gas?")
def _m_zero() -> Script:
    code = "print((shifts['shift'] == 'газ бойынша тоқтату').sum())"
    ctx, ns = with_mine(code)
    differs(0, int((ns["shifts"].remark == "газ бойынша тоқтату").sum()))
    return Script(ctx, [MINE_LOOK, PARSE_MINE, repl(code), "FINAL(None: no shift was stopped because of gas in March.)"])


# =================================================================================================================
# Basque cider house: the 2025 guide in Basque markdown (questions in English and Basque)
# =================================================================================================================
@case("q19_kids_menu_eu", "markdown document fact", "legit", "Zenbat balio du haurren menuak, eta zein adinetaraino da?")
def _c_kids() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    code = "print(guide.split('## Menuak eta prezioak')[1].split('## Taldeak')[0])"
    final = ("FINAL(Haurren menuak 19,50 € balio du pertsonako, eta 12 urte arteko haurrentzat da: makarroiak edo oilasko-xerra, "
             "postrea eta ura edo zukua. 3 urtetik beherakoek ez dute ordaintzen. Kontuan izan taldeen deskontua ez dela haurren "
             "menuari aplikatzen.)")
    return Script(ctx, [CIDER_LOOK, repl(code), final], [repl("print([l for l in guide.splitlines() if 'Haurren' in l or '3 urtetik' in l])"), final])


@case("q19_txotx_season_dates", "markdown document fact", "legit", "When does the txotx season run in 2025?")
def _c_season() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    code = "print([l for l in guide.splitlines() if 'denboraldia' in l.lower()])"
    a, b = pd.Timestamp("2025-01-17"), pd.Timestamp("2025-04-27")
    final = (f"FINAL(From {a:%A} 17 January to {b:%A} 27 April 2025 (the guide says \"2025eko urtarrilaren 17tik apirilaren "
             "27ra\"). Outside the season the cider house opens on Saturdays only, without txotx.)")
    return Script(ctx, [CIDER_LOOK, repl(code), final], [repl("import pandas as pd\nprint(pd.Timestamp('2025-01-17').day_name(), pd.Timestamp('2025-04-27').day_name())"), final])


@case("q19_late_cancel_eu", "markdown document fact", "legit", "Erreserba bezperan ezeztatzen badugu, zenbat ordaindu beharko dugu?")
def _c_cancel() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    code = "print(guide.split('## Erreserbak eta ezeztapenak')[1].split('##')[0])"
    final = ("FINAL(Bezperan ezeztatzea 48 ordu baino gutxiagorekin ezeztatzea da, beraz 10 € ordaindu beharko duzue pertsonako; "
             "taldea bazarete, erreserba egitean ordaindutako aurrerakina (10 € pertsonako) ez da itzultzen. Doan ezeztatzeko, 48 "
             "ordu lehenago abisatu behar da.)")
    return Script(ctx, [CIDER_LOOK, repl(code), final], [repl("print([l for l in guide.splitlines() if '48 ordu' in l])"), final])


@case("q19_sunday_dinner_no", "yes/no with evidence", "legit", "Can we go there for dinner on a Sunday?")
def _c_yesno() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    code = "print(guide.split('## Ordutegia')[1].split('##')[0])"
    assert "| Igandea | 13:30 | — |" in SAGARDOTEGIA
    final = ("FINAL(No. The timetable (Ordutegia) has Sunday (Igandea) lunch at 13:30 only, with no dinner. For dinner go Tuesday to "
             "Thursday at 20:30, or Friday and Saturday at 20:30 or 22:00; it is closed on Mondays.)")
    return Script(ctx, [CIDER_LOOK, repl(code), final], [repl("print([l for l in guide.splitlines() if l.startswith('| Igandea')])"), final])


@case("q19_group_bill_eu", "in-head arithmetic beyond two operands", "legit",
      "24 heldu eta 4 haur gara, eta helduek sagardotegiko menua hartuko dute. Zenbat ordainduko dugu guztira?")
def _c_arith() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    code = ("for sec in ('## Menuak eta prezioak', '## Taldeak'):\n    print(guide.split(sec)[1].split('\\n## ')[0])")
    adults = 24 * 48.00
    total = adults * 0.9 + 4 * 19.50
    final = (f"FINAL({dot_comma(total, 2)} € guztira. 28 lagun zarete, 20tik gora, beraz %10eko deskontua duzue helduen menuetan: "
             f"24 × 48,00 € = {dot_comma(adults, 2)} €, deskontuarekin {dot_comma(adults * 0.9, 2)} €. Haurren menuak ez du "
             f"deskonturik: 4 × 19,50 € = 78,00 €. Erreserba egitean 280 € aurreratuko dituzue (10 € pertsonako), eta hori "
             "guztizkoaren barruan dago.)")
    return Script(ctx, [CIDER_LOOK, repl(code), final],
                  [repl("print(f'{24 * 48 * 0.9 + 4 * 19.5:,.2f}'.replace(',', '_').replace('.', ',').replace('_', '.'), '€')"), final])


@case("q19_menu_price_memory_eu", "plausible figure from memory", "invented", "Zenbat balio du sagardotegiko menu osoak pertsonako?")
def _c_memory() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    assert "45,00 €" not in SAGARDOTEGIA and "48,00 €" in SAGARDOTEGIA
    return Script(ctx, [CIDER_LOOK, "FINAL(Sagardotegiko menu osoak 45,00 € balio du pertsonako, txotxeko sagardoa barne.)"])


@case("q19_submit_literal_last_bus", "literal typed into a code answer", "invented",
      "We will be there on a Saturday night. When does the last bus leave Astigarraga for Donostia?")
def _c_literal() -> Script:
    ctx = {"guide": SAGARDOTEGIA}
    assert "ostiral eta larunbatetan, 01:15ean" in SAGARDOTEGIA
    differs("23:40", "01:15")
    return Script(ctx, [CIDER_LOOK, repl("SUBMIT(last_bus='23:40', line='E20')", "The last bus is at 23:40.")])
