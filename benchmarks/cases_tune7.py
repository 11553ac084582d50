"""Acceptance cases, written as the sixth held-out set (``cases_holdout6``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout7`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune7``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``. Every case name starts
with ``h6_``.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Lyon fitness studio's class sessions (French
day-first dates and hours written ``18h30``), a craft brewery's fermentation log (dates like ``04-Mar-2024``,
temperatures in °F, gravity as ``SG=1.052``), an e-scooter fleet's battery swaps in Berlin (a dict of two tables,
swap times as Unix epoch seconds), a Winnipeg food bank's donations (dates as Excel serial numbers, weights in pounds,
values in CAD), a Kraków print shop's jobs (Polish column names, dates ``dd.mm.yyyy``, prices as text like
``1 234,50 zł``), a Vienna commercial laundry's wash loads (durations as ``1h 25m``), e-scooter riders' free-text
complaints, and a co-working space's plans and house rules in markdown. Each frame builder returns a fresh copy
(model code may change a frame in place).
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
COURSES = {"Yoga": (20, "Camille"), "Pilates": (14, "Inès"), "HIIT": (16, "Karim"), "Spinning": (24, "Théo"),
           "Boxe": (12, "Karim"), "Stretching": (18, "Camille")}
SLOTS = ["07h00", "12h15", "18h30", "20h00"]


def sessions() -> pd.DataFrame:
    return _sessions().copy()


@functools.lru_cache(maxsize=1)
def _sessions(seed: int = 4601) -> pd.DataFrame:
    """A Lyon fitness studio's class sessions, 3 June to 31 August 2024 (closed on Sundays): date as French day-first
    text (``03/06/2024``), hour as ``18h30``, class, coach, capacity, members booked and members who came. Bookings
    dip over the summer holidays; the 07h00 slot has the most no-shows."""
    rng = np.random.default_rng(seed)
    season = {6: 1.0, 7: 0.8, 8: 0.62}
    rows = []
    for day in pd.date_range("2024-06-03", "2024-08-31"):
        if day.day_of_week == 6:
            continue
        for slot in SLOTS[: 3 if day.day_of_week == 5 else 4]:
            course = str(rng.choice(list(COURSES), p=[.22, .16, .2, .2, .1, .12]))
            cap, coach = COURSES[course]
            pull = {"07h00": 0.7, "12h15": 0.75, "18h30": 1.15, "20h00": 1.0}[slot]
            booked = int(min(cap, round(cap * pull * season[day.month] * rng.normal(0.95, 0.15))))
            booked = max(booked, 2)
            show = 0.74 if slot == "07h00" else 0.88
            attended = int(rng.binomial(booked, show))
            rows.append((f"{day:%d/%m/%Y}", slot, course, coach, cap, booked, attended))
    frame = pd.DataFrame(rows, columns=["date", "heure", "cours", "coach", "capacite", "reserves", "presents"])
    frame.insert(0, "seance", [f"K{5000 + i}" for i in range(len(frame))])
    return frame


BEERS = {"B2411": ("Hazy IPA", "FV1", 1.064, 1.014, 66.0), "B2412": ("Pilsner", "FV2", 1.048, 1.009, 52.0),
         "B2413": ("Oatmeal Stout", "FV3", 1.070, 1.018, 67.0), "B2414": ("Saison", "FV4", 1.058, 1.004, 72.0),
         "B2415": ("Pale Ale", "FV1", 1.052, 1.011, 66.0), "B2416": ("Helles", "FV2", 1.047, 1.010, 51.0),
         "B2417": ("Brown Ale", "FV3", 1.056, 1.014, 66.0), "B2418": ("Hazy IPA", "FV4", 1.066, 1.015, 66.0)}
BREW_START = {"B2411": "2024-03-04", "B2412": "2024-03-05", "B2413": "2024-03-07", "B2414": "2024-03-08",
              "B2415": "2024-03-25", "B2416": "2024-03-26", "B2417": "2024-03-28", "B2418": "2024-03-29"}


@functools.lru_cache(maxsize=1)
def ferment_log(seed: int = 4602) -> str:
    """A craft brewery's fermentation log, March and April 2024: a reading every 12 hours per batch, with the date as
    ``04-Mar-2024``, the fermenter, the batch, the beer, the specific gravity (``SG=1.052``) and the temperature in
    °F. Each batch ferments for 12 days, then is cold-crashed to about 34 °F for 2 days. The Saison free-rises."""
    rng = np.random.default_rng(seed)
    out = []
    for batch, (beer, fv, og, fg, temp) in BEERS.items():
        start = pd.Timestamp(BREW_START[batch]) + pd.Timedelta(hours=6)
        k = 0.55 if beer not in ("Pilsner", "Helles") else 0.3
        for i in range(29):
            t = i / 2
            sg = fg + (og - fg) * np.exp(-k * t) + rng.normal(0, 0.0004)
            if t >= 12:
                f = 34.0 + rng.normal(0, 0.6)
            else:
                f = temp + (min(t, 5) * 1.2 if beer == "Saison" else 0) + rng.normal(0, 0.5)
            out.append((start + pd.Timedelta(hours=12 * i), fv, batch, beer, round(sg, 3), round(f, 1)))
    out.sort(key=lambda r: (r[0], r[1]))
    return "\n".join(f"{s:%d-%b-%Y %H:%M} {fv} {b} {beer} SG={sg:.3f} T={f:.1f}F" for s, fv, b, beer, sg, f in out)


SCOOTER_MODELS = {"Ninebot Max G30": 551, "Okai ES400": 612, "Segway P100": 1099}
DISTRICTS = ["Mitte", "Kreuzberg", "Neukölln", "Prenzlauer Berg", "Charlottenburg"]
TECHS = ["Jonas", "Aylin", "Mateusz", "Greta"]


def scooters() -> dict[str, pd.DataFrame]:
    """An e-scooter operator's Berlin fleet and its battery swaps of September 2024, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _scooters().items()}


@functools.lru_cache(maxsize=1)
def _scooters(seed: int = 4603) -> dict[str, pd.DataFrame]:
    """The fleet: scooter, model, home district, battery capacity (Wh). The swaps: time as Unix epoch seconds (UTC;
    Berlin is UTC+2 in September), scooter, technician, charge before and after (%). Swaps are done mostly at night;
    Neukölln's scooters are run lower before a swap."""
    rng = np.random.default_rng(seed)
    ids = [f"SC-{1001 + i}" for i in range(72)]
    models = rng.choice(list(SCOOTER_MODELS), len(ids), p=[.5, .3, .2])
    fleet = pd.DataFrame({"scooter": ids, "model": models, "district": rng.choice(DISTRICTS, len(ids)),
                          "battery_wh": [SCOOTER_MODELS[m] for m in models]})
    n = 960
    night = np.array([6, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4, 5, 6, 6])
    local_hour = rng.choice(np.arange(24), n, p=night / night.sum())
    day = rng.integers(0, 30, n)
    local = pd.Timestamp("2024-09-01") + pd.to_timedelta(day, unit="D") + pd.to_timedelta(local_hour * 60 + rng.integers(0, 60, n),
                                                                                           unit="min")
    utc = local - pd.Timedelta(hours=2)
    epoch = ((utc - pd.Timestamp("1970-01-01")) // pd.Timedelta(seconds=1)).astype(int)
    scooter = rng.choice(ids, n)
    district = dict(zip(fleet.scooter, fleet.district, strict=True))
    before = np.array([int(np.clip(rng.gamma(3.0, 3.2 if district[s] == "Neukölln" else 5.0), 1, 60)) for s in scooter])
    swaps = pd.DataFrame({"epoch": epoch, "scooter": scooter, "technician": rng.choice(TECHS, n, p=[.32, .28, .24, .16]),
                          "pct_before": before, "pct_after": rng.integers(94, 101, n)})
    swaps = swaps.sort_values("epoch", ignore_index=True)
    swaps.insert(0, "swap_id", [f"SW{70000 + i}" for i in range(n)])
    return {"fleet": fleet, "swaps": swaps}


FOOD = {"produce": 0.9, "canned": 2.1, "dairy": 2.6, "bakery": 1.4, "dry goods": 1.8, "protein": 4.2}
DONORS = ["grocery chain", "farm", "individual", "school drive", "restaurant", "church group"]


def donations() -> pd.DataFrame:
    return _donations().copy()


@functools.lru_cache(maxsize=1)
def _donations(n: int = 720, seed: int = 4604) -> pd.DataFrame:
    """A Winnipeg food bank's donations, June to November 2024: received as an Excel serial date number (``45444`` is
    1 June 2024), donor type, food category, weight in pounds, estimated value in CAD and pounds spoiled on sorting.
    Produce peaks at the September harvest; grocery chains give the most."""
    rng = np.random.default_rng(seed)
    day = pd.Timestamp("2024-06-01") + pd.to_timedelta(np.sort(rng.integers(0, 183, n)), unit="D")
    month = day.month.to_numpy()
    harvest = {6: 0.4, 7: 0.7, 8: 1.1, 9: 1.8, 10: 1.0, 11: 0.3}
    rows = []
    for d, m in zip(day, month, strict=True):
        p = np.array([.25 * harvest[m], .22, .1, .14, .17, .12])
        cat = str(rng.choice(list(FOOD), p=p / p.sum()))
        q = np.array([.3, .2 if cat == "produce" else .06, .24, .1, .14, .16])
        donor = str(rng.choice(DONORS, p=q / q.sum()))
        scale = {"grocery chain": 420, "farm": 520, "individual": 35, "school drive": 180, "restaurant": 90,
                 "church group": 110}[donor]
        lb = round(float(rng.gamma(2.0, scale / 2)), 1)
        value = round(lb * FOOD[cat] * rng.uniform(0.85, 1.15), 2)
        spoiled = round(lb * (rng.uniform(0.02, 0.12) if cat in ("produce", "dairy", "bakery") else rng.uniform(0, 0.01)), 1)
        rows.append(((d - pd.Timestamp("1899-12-30")).days, donor, cat, lb, value, spoiled))
    frame = pd.DataFrame(rows, columns=["received", "donor_type", "category", "weight_lb", "value_cad", "spoiled_lb"])
    frame.insert(0, "donation_id", [f"D-{8100 + i}" for i in range(n)])
    return frame


PRODUCTS_PL = {"Ulotki": (0.18, 2500), "Plakaty": (6.5, 60), "Wizytówki": (0.09, 900), "Banery": (95.0, 3),
               "Katalogi": (7.8, 250), "Naklejki": (0.35, 800)}
CLIENTS_PL = ["Kawiarnia Zebra", "Hotel Wawel Park", "Biuro Podróży Orbita", "Pizzeria Bella", "Kancelaria Nowak",
              "Galeria Kazimierz", "Studio Jogi Lotos", "Fundacja Kraków", "Sklep Rowerowy Szprycha", "Klinika Dentes"]


def print_jobs() -> pd.DataFrame:
    return _print_jobs().copy()


@functools.lru_cache(maxsize=1)
def _print_jobs(n: int = 380, seed: int = 4605) -> pd.DataFrame:
    """A Kraków print shop's jobs, September to November 2024, with Polish headers: job number, ordered (``zlecono``)
    and due (``termin``) as ``dd.mm.yyyy``, delivered (``oddano``, empty while open), client, product, run
    (``naklad``, units), colour (``CMYK`` or ``1/0`` black) and price as Polish text (``1 234,50 zł``)."""
    rng = np.random.default_rng(seed)
    ordered = pd.Timestamp("2024-09-02") + pd.to_timedelta(np.sort(rng.integers(0, 90, n)), unit="D")
    rows = []
    for i, o in enumerate(ordered):
        product = str(rng.choice(list(PRODUCTS_PL), p=[.26, .14, .22, .06, .1, .22]))
        unit, run = PRODUCTS_PL[product]
        qty = int(max(1, round(rng.gamma(2.0, run / 2), -1 if run >= 100 else 0)))
        colour = "CMYK" if rng.random() < 0.8 else "1/0"
        price = round(qty * unit * (1.0 if colour == "CMYK" else 0.6) * rng.uniform(0.9, 1.1) + 25, 2)
        due = o + pd.Timedelta(days=int(rng.integers(2, 8)))
        late = int(rng.choice([0, 0, 0, 0, 0, 0, 1, 2, 3])) if product != "Katalogi" else int(rng.choice([0, 1, 2, 4]))
        done = due - pd.Timedelta(days=int(rng.integers(0, 2))) + pd.Timedelta(days=late)
        text = f"{price:,.2f}".replace(",", " ").replace(".", ",") + " zł"
        rows.append((f"ZL/{24}/{1200 + i}", f"{o:%d.%m.%Y}", f"{due:%d.%m.%Y}",
                     "" if done > pd.Timestamp("2024-11-30") else f"{done:%d.%m.%Y}",
                     str(rng.choice(CLIENTS_PL)), product, qty, colour, text))
    return pd.DataFrame(rows, columns=["nr", "zlecono", "termin", "oddano", "klient", "produkt", "naklad", "kolor", "cena"])


PROGRAMS = {"Bettwäsche 60°": (58, 0.03, 7.5), "Frottee 90°": (82, 0.05, 9.0), "Tischwäsche 60°": (64, 0.11, 8.0),
            "Küchentextilien 90°": (88, 0.07, 9.5), "Bademäntel 40°": (52, 0.02, 10.0)}
HOTELS = ["Hotel Stephansdom", "Pension Naschmarkt", "Grand Hotel Ring", "Boutique Hotel Prater", "Hostel Westbahnhof"]


def loads() -> pd.DataFrame:
    return _loads().copy()


@functools.lru_cache(maxsize=1)
def _loads(n: int = 820, seed: int = 4606) -> pd.DataFrame:
    """A Vienna commercial laundry's wash loads, 7 October to 3 November 2024: start time, washer (W1-W5), client
    hotel, programme, dry weight (kg), duration as text (``1h 25m``), water used (litres) and whether the load had to
    be rewashed. Table linen is rewashed most (stains)."""
    rng = np.random.default_rng(seed)
    start = (pd.Timestamp("2024-10-07 05:00") + pd.to_timedelta(np.sort(rng.integers(0, 28, n)), unit="D")
             + pd.to_timedelta(rng.integers(0, 15 * 60, n), unit="min"))
    size = {"Hotel Stephansdom": 1.0, "Pension Naschmarkt": 0.35, "Grand Hotel Ring": 1.6, "Boutique Hotel Prater": 0.5,
            "Hostel Westbahnhof": 0.7}
    hp = np.array(list(size.values()))
    rows = []
    for s in start:
        prog = str(rng.choice(list(PROGRAMS), p=[.38, .3, .12, .1, .1]))
        minutes, rewash, litres = PROGRAMS[prog]
        kg = round(float(np.clip(rng.normal(48, 8), 25, 60)), 1)
        dur = int(minutes + rng.integers(-4, 9))
        rows.append((s, f"W{int(rng.integers(1, 6))}", str(rng.choice(HOTELS, p=hp / hp.sum())), prog, kg,
                     f"{dur // 60}h {dur % 60:02d}m", int(np.rint(kg * litres * rng.normal(1, 0.05))),
                     bool(rng.random() < rewash)))
    frame = pd.DataFrame(rows, columns=["start", "washer", "client", "programme", "kg", "duration", "water_l", "rewash"])
    frame = frame.sort_values("start", ignore_index=True)
    frame.insert(0, "load", [f"L{24000 + i}" for i in range(n)])
    return frame


COMPLAINTS = {"brakes": ["The rear brake barely worked going downhill on Kastanienallee.",
                         "Brakes squeal and take ages to stop, felt unsafe."],
              "battery": ["Battery showed 40% and died after five minutes.", "Scooter ran out of charge mid-ride, had to push it."],
              "billing": ["I was charged twice for the same ride.", "App kept the ride running after I ended it, charged 14 euros."],
              "parking": ["Someone left a scooter lying across the pavement outside my door.",
                          "Scooters blocking the tram stop again."],
              "app": ["App froze when I tried to unlock, lost my reservation.", "QR code would not scan, app crashed twice."]}


@functools.lru_cache(maxsize=1)
def complaints(n: int = 240, seed: int = 4607) -> tuple[str, ...]:
    """E-scooter riders' and residents' free-text complaints of September 2024, one string each."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice(list(COMPLAINTS), n, p=[.14, .28, .2, .24, .14])
    return tuple(f"#{600 + i} " + str(rng.choice(COMPLAINTS[k])) for i, k in enumerate(kinds))


HOUSE = """# Kontor Kalamaja co-working, Tallinn: plans, prices and house rules (2025)

Prices in EUR per month, VAT included, unless stated. Valid from 1 January 2025.

## Plans

| Plan | Access | Desk | Meeting room credits | Price |
| --- | --- | --- | --- | --- |
| Day pass | one day, 08:00-20:00 | hot desk | none | 18 per day |
| Flex 10 | any 10 days a month, 08:00-20:00 | hot desk | 2 hours | 129 |
| Resident | 24/7 | hot desk | 4 hours | 219 |
| Fixed desk | 24/7 | own desk with drawer | 6 hours | 289 |
| Private office (4 people) | 24/7 | closed office | 12 hours | 1,150 |

Add-ons: a locker is EUR 15 a month; a registered business address EUR 39 a month; an extra meeting room hour EUR 12.
Students with a valid ISIC card get 20% off Flex 10 and Resident.

## Meeting rooms

The two meeting rooms (Meri for 6, Tuul for 12) are booked in the app in 30-minute slots, at most 4 hours at a time.
Unused credits do not roll over to the next month. Cancel at least 2 hours ahead, or the hours are charged.

## Quiet zone and calls

The library room is a quiet zone: no calls and no meetings. Calls longer than 10 minutes belong in the phone booths
(three, no booking).

## Guests

Members may bring up to 2 guests a day for free for up to 2 hours; longer visits need a day pass. Guests register at
the front desk.

## Kitchen

Coffee and tea are free. The fridge is cleared every Friday at 16:00; anything unlabelled is thrown out.

## Notice

Monthly plans renew automatically. Give notice in the app by the 20th to leave at the end of that month; the private
office needs one full calendar month of notice.
"""


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
GYM_LOOK = repl("print(sessions.shape)\nprint(sessions.head())\nprint(sessions.cours.value_counts())", "Let me look at the sessions.")
BREW_LOOK = repl("fl = ferment_log.splitlines()\nprint(len(fl))\nprint('\\n'.join(fl[:4]))\nprint(fl[-1])", "The log format first.")
SCOOT_LOOK = repl("for name, t in scooters.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                  "Two tables; a look at both.")
FOOD_LOOK = repl("print(donations.shape)\nprint(donations.head())\nprint(donations.dtypes)")
PRINT_LOOK = repl("print(print_jobs.shape)\nprint(print_jobs.head())\nprint(print_jobs.dtypes)", "Exploring the job list first.")
WASH_LOOK = repl("print(loads.shape)\nprint(loads.head())\nprint(loads.programme.value_counts())", "Let me see the loads.")
COMPLAINT_LOOK = repl("print(len(complaints))\nfor c in complaints[:4]:\n    print(c)")
HOUSE_LOOK = repl("print(len(house_rules))\nprint(house_rules[:1000])")

# Parsing steps (run in the same namespace before a question's own code).
GYM_PARSE = ("import pandas as pd\ns = sessions.copy()\n"
             "s['when'] = pd.to_datetime(s.date + ' ' + s.heure.str.replace('h', ':'), format='%d/%m/%Y %H:%M')\n"
             "s['no_show'] = s.reserves - s.presents\nprint(s.when.min(), s.when.max(), len(s))")
BREW_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\d{2}-\\w{3}-\\d{4} \\d{2}:\\d{2}) (FV\\d) (B\\d+) (.+?) SG=([\\d.]+) T=([\\d.]+)F')\n"
    "ferm = pd.DataFrame([rx.match(l).groups() for l in fl], columns=['ts', 'fv', 'batch', 'beer', 'sg', 'temp_f'])\n"
    "ferm['ts'] = pd.to_datetime(ferm.ts, format='%d-%b-%Y %H:%M')\n"
    "ferm['sg'] = ferm.sg.astype(float)\nferm['temp_f'] = ferm.temp_f.astype(float)\n"
    "ferm['temp_c'] = ((ferm.temp_f - 32) * 5 / 9).round(1)\nprint(ferm.shape)\nprint(ferm.head(3))")
SCOOT_JOIN = ("import pandas as pd\nsw = scooters['swaps'].merge(scooters['fleet'], on='scooter', how='left')\n"
              "sw['local'] = pd.to_datetime(sw.epoch, unit='s', utc=True).dt.tz_convert('Europe/Berlin')\n"
              "sw['added_wh'] = ((sw.pct_after - sw.pct_before) / 100 * sw.battery_wh).round(1)\nprint(sw.shape)\nprint(sw.head(3))")
FOOD_PARSE = ("import pandas as pd\nfb = donations.copy()\n"
              "fb['day'] = pd.to_datetime('1899-12-30') + pd.to_timedelta(fb.received, unit='D')\n"
              "fb['weight_kg'] = (fb.weight_lb * 0.45359237).round(1)\nprint(fb[['received', 'day']].head(3))")
PRINT_PARSE = ("import pandas as pd\npj = print_jobs.copy()\n"
               "pj['pln'] = pj.cena.str.replace(' zł', '', regex=False).str.replace(' ', '', regex=False)"
               ".str.replace(',', '.', regex=False).astype(float)\n"
               "for c in ['zlecono', 'termin', 'oddano']:\n    pj[c] = pd.to_datetime(pj[c], format='%d.%m.%Y', errors='coerce')\n"
               "pj['late_days'] = (pj.oddano - pj.termin).dt.days\nprint(pj[['cena', 'pln', 'termin', 'oddano', 'late_days']].head(3))")
WASH_PARSE = ("import pandas as pd\nw = loads.copy()\n"
              "hm = w.duration.str.extract(r'(\\d+)h (\\d+)m').astype(int)\nw['minutes'] = hm[0] * 60 + hm[1]\n"
              "print(w[['duration', 'minutes']].head(3))")
PARSE_GYM = repl(GYM_PARSE, "French dates and hours like 18h30; combining them into one timestamp.")
PARSE_BREW = repl(BREW_PARSE, "One reading per line; parsing it into a table (temperatures are in °F, I add °C).")
JOIN_SCOOT = repl(SCOOT_JOIN, "Joining the swaps to the fleet; the epoch seconds are UTC, so a Berlin-time column too.")
PARSE_FOOD = repl(FOOD_PARSE, "`received` is an Excel serial date; converting it, and pounds to kilograms.")
PARSE_PRINT = repl(PRINT_PARSE, "Prices are Polish text (space thousands, decimal comma) and dates dd.mm.yyyy; converting.")
PARSE_WASH = repl(WASH_PARSE, "Durations are text like '1h 25m'; converting them to minutes.")


def with_gym(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A fitness case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"sessions": sessions()}
    return ctx, compute(ctx, GYM_PARSE + "\n" + code)


def with_brew(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"ferment_log": ferment_log()}
    return ctx, compute({**ctx, "fl": ferment_log().splitlines()}, BREW_PARSE + "\n" + code)


def with_scoot(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"scooters": scooters()}
    return ctx, compute(ctx, SCOOT_JOIN + "\n" + code)


def with_food(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"donations": donations()}
    return ctx, compute(ctx, FOOD_PARSE + "\n" + code)


def with_print(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"print_jobs": print_jobs()}
    return ctx, compute(ctx, PRINT_PARSE + "\n" + code)


def with_wash(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"loads": loads()}
    return ctx, compute(ctx, WASH_PARSE + "\n" + code)


def de(x: float, decimals: int = 1) -> str:
    """German digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def fr(x: float, decimals: int = 1) -> str:
    """French digits: ``1 234,5`` (a narrow no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")


def pl(x: float, decimals: int = 2) -> str:
    """Polish digits: ``1 234,50`` (a space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
COMPLAINT_LABELS = {"brakes": "brakes", "battery": "flat batteries", "billing": "billing errors",
                    "parking": "badly parked scooters", "app": "app problems"}


def sub_model() -> RuleBasedSubModel:
    def kinds(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {COMPLAINT_LABELS[k]: sum(text.count(n) for n in v) for k, v in COMPLAINTS.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{sum(counts.values())} complaints. By topic, most frequent first: "
                + "; ".join(f"{label} ({k})" for label, k in ranked) + ".")

    def battery(_: re.Match[str], request: ChatRequest) -> str:
        return f"{sum(request.last_user.count(n) for n in COMPLAINTS['battery'])} complaints are about the battery."

    def guests(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Guests\n\n([^\n]*\n[^\n]*)", request.last_user)
        return " ".join(found.group(1).split()) if found else "NONE"

    def crashes(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('T=3')} readings are below 40 F."

    return RuleBasedSubModel([(r"\AWhat are riders complaining about", kinds),
                              (r"\AHow many of these complaints are about the battery", battery),
                              (r"\AQuote the rule on guests", guests), (r"\AHow many readings are below 40 F", crashes)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h6_swap_charge_describe", "describe() statistic", "legit", "How flat are the batteries when we swap them, typically?")
def _swap_describe() -> Script:
    ctx = {"scooters": scooters()}
    code = "print(scooters['swaps'].pct_before.describe())"
    d = ctx["scooters"]["swaps"].pct_before.describe()
    final = (f"FINAL(Typically at {d['50%']:g}% charge (the median over {d['count']:.0f} swaps); half of them fall "
             f"between {d['25%']:g}% and {d['75%']:g}%, and the mean is {d['mean']:.1f}%.)")
    return Script(ctx, [SCOOT_LOOK, repl(code), final], [repl("print(scooters['swaps'].pct_before.quantile([.25, .5, .75]))"), final])


@case("h6_wash_minutes_describe", "describe() statistic", "legit", "How long does a wash cycle run? Median and spread, please.")
def _wash_describe() -> Script:
    code = "print(w.minutes.describe().round(1))"
    ctx, ns = with_wash(code)
    d = ns["w"].minutes.describe().round(1)
    final = (f"FINAL(Median {d['50%']:g} minutes per load; the middle half runs {d['25%']:g} to {d['75%']:g} min, "
             f"with a standard deviation of {d['std']} min (mean {d['mean']} min, {d['count']:.0f} loads).)")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), final], [repl("print(w.minutes.median(), w.minutes.std().round(1))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h6_pounds_by_category_bullets", "bullet list of figures", "legit", "How many pounds of each kind of food came in?")
def _food_bullets() -> Script:
    ctx = {"donations": donations()}
    code = "per_cat = donations.groupby('category').weight_lb.sum().round(1).sort_values(ascending=False)\nprint(per_cat)"
    p = compute(ctx, code)["per_cat"]
    final = ("FINAL(Donations by category, June to November 2024:\n" + "\n".join(f"- {k}: {v:,.1f} lb" for k, v in p.items())
             + f"\n\nTotal: {p.sum():,.1f} lb.)")
    return Script(ctx, [FOOD_LOOK, repl(code), final], [repl("print(per_cat.to_string())\nprint(round(per_cat.sum(), 1))"), final])


@case("h6_revenue_by_product_bullets_pl", "bullet list of figures", "legit", "Ile zarobiliśmy na poszczególnych produktach?")
def _print_bullets() -> Script:
    code = "obrot = pj.groupby('produkt').pln.sum().round(2).sort_values(ascending=False)\nprint(obrot)"
    ctx, ns = with_print(code)
    o = ns["obrot"]
    final = ("FINAL(Obrót od września do listopada 2024:\n" + "\n".join(f"* {k}: {pl(v)} zł" for k, v in o.items()) + ")")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(obrot.to_dict())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
GYM_TABLE = ("per_cours = s.groupby('cours').agg(seances=('seance', 'count'), reserves=('reserves', 'sum'),\n"
             "                                   presents=('presents', 'sum'), places=('capacite', 'sum'))\n"
             "per_cours['fill_pct'] = (per_cours.reserves / per_cours.places * 100).round(1)\n"
             "per_cours['show_pct'] = (per_cours.presents / per_cours.reserves * 100).round(1)\nprint(per_cours)")


@case("h6_classes_table", "markdown table in text", "legit", "Compare our classes: sessions, fill rate and turn-up rate.")
def _classes_table() -> Script:
    ctx, ns = with_gym(GYM_TABLE)
    t = ns["per_cours"]
    rows = "\n".join(f"| {r.Index} | {r.seances} | {r.fill_pct:.1f}% | {r.show_pct:.1f}% |" for r in t.itertuples())
    final = ("FINAL(June to August 2024:\n\n| Class | Sessions | Booked / places | Came / booked |\n|---|--:|--:|--:|\n"
             + rows + ")")
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(GYM_TABLE), final], [repl("print(per_cours[['seances', 'fill_pct', 'show_pct']].to_string())"), final])


BATCH_TABLE = ("per_batch = ferm.groupby('batch').agg(beer=('beer', 'first'), og=('sg', 'first'), fg=('sg', 'last'))\n"
               "per_batch['abv'] = ((per_batch.og - per_batch.fg) * 131.25).round(1)\nprint(per_batch)")


@case("h6_batch_abv_table", "markdown table in text", "legit", "Give me OG, FG and ABV for every batch.")
def _abv_table() -> Script:
    ctx, ns = with_brew(BATCH_TABLE)
    t = ns["per_batch"]
    rows = "\n".join(f"| {r.Index} | {r.beer} | {r.og:.3f} | {r.fg:.3f} | {r.abv:.1f}% |" for r in t.itertuples())
    final = ("FINAL(| Batch | Beer | OG | FG | ABV |\n|---|---|--:|--:|--:|\n" + rows
             + "\n\nOG is the first reading, FG the last after the cold crash; ABV = (OG − FG) × 131.25.)")
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(BATCH_TABLE), final], [repl("print(per_batch.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h6_water_cubic_metres", "value with a unit", "legit", "How much water did the washers use over the four weeks?")
def _water_total() -> Script:
    ctx = {"loads": loads()}
    code = "print(loads.water_l.sum(), round(loads.water_l.sum() / 1000, 1))"
    v = int(ctx["loads"].water_l.sum())
    final = f"FINAL({v / 1000:.1f} m³ ({v:,} litres) across {len(ctx['loads'])} loads, 7 October to 3 November.)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(f'{loads.water_l.sum() / 1000:.1f} m3')"), final])


@case("h6_food_total_kg", "value with a unit", "legit", "How much food did we receive in total, in kilograms?")
def _food_kg() -> Script:
    code = "print(fb.weight_lb.sum().round(1), fb.weight_kg.sum().round(1))"
    ctx, ns = with_food(code)
    lb, kg = round(ns["fb"].weight_lb.sum(), 1), round(ns["fb"].weight_kg.sum(), 1)
    final = f"FINAL(About {kg:,.1f} kg ({lb:,.1f} lb) of food from June to November.)"
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), final], [repl("print(f'{fb.weight_kg.sum():,.1f} kg')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h6_saison_temp_range", "range from min to max", "legit", "What temperatures did the Saison ferment at, before the crash?")
def _saison_range() -> Script:
    code = ("sa = ferm[(ferm.beer == 'Saison') & (ferm.temp_f > 40)]\n"
            "print(sa.temp_f.agg(['min', 'max']), sa.temp_c.agg(['min', 'max']), len(sa))")
    ctx, ns = with_brew(code)
    sa = ns["sa"]
    final = (f"FINAL(From {sa.temp_f.min():.1f} °F to {sa.temp_f.max():.1f} °F ({sa.temp_c.min():.1f}–{sa.temp_c.max():.1f} °C) "
             f"over its {len(sa)} readings before cold-crashing: it was pitched cool and left to free-rise.)")
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), final], [repl("print(sa.temp_f.min(), sa.temp_f.max())"), final])


@case("h6_business_card_runs_range", "range from min to max", "legit", "What size are our business-card runs, smallest to largest?")
def _cards_range() -> Script:
    ctx = {"print_jobs": print_jobs()}
    code = "wiz = print_jobs[print_jobs.produkt == 'Wizytówki']\nprint(wiz.naklad.agg(['min', 'median', 'max']), len(wiz))"
    wz = compute(ctx, code)["wiz"]
    final = (f"FINAL(From {wz.naklad.min():,} to {wz.naklad.max():,} cards per job; the median run is "
             f"{wz.naklad.median():,.0f}, over {len(wz)} jobs.)")
    return Script(ctx, [PRINT_LOOK, repl(code), final], [repl("print(wiz.naklad.min(), wiz.naklad.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h6_morning_vs_evening_fr", "two groups compared", "legit", "Les cours de 7h ont-ils plus d'absents que ceux du soir ?")
def _morning_fr() -> Script:
    code = ("grp = s[s.heure.isin(['07h00', '18h30', '20h00'])].groupby(s.heure == '07h00')\n"
            "absents = grp.apply(lambda g: round(g.no_show.sum() / g.reserves.sum() * 100, 1))\nprint(absents)")
    ctx, ns = with_gym(code)
    a = ns["absents"]
    assert a[True] > a[False]
    final = (f"FINAL(Oui : à 7h00, {fr(a[True])} % des inscrits ne viennent pas, contre {fr(a[False])} % pour les cours "
             f"de 18h30 et 20h00.)")
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), final], [repl("print(absents[True], absents[False])"), final])


@case("h6_table_linen_vs_bedding_rewash", "two groups compared", "legit", "Does table linen get rewashed more often than bed linen?")
def _linen_compare() -> Script:
    ctx = {"loads": loads()}
    code = ("rate = loads.groupby('programme').rewash.mean().mul(100).round(1)\nprint(rate)")
    r = compute(ctx, code)["rate"]
    t, b = r["Tischwäsche 60°"], r["Bettwäsche 60°"]
    assert t > b
    final = f"FINAL(Yes: {t}% of table-linen loads (Tischwäsche 60°) were rewashed, against {b}% of bed-linen loads (Bettwäsche 60°).)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(rate['Tischwäsche 60°'], rate['Bettwäsche 60°'])"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h6_late_jobs_out_of", "X out of Y", "legit", "How many jobs did we deliver after the due date?")
def _late_of() -> Script:
    code = "done = pj[pj.oddano.notna()]\nprint((done.late_days > 0).sum(), len(done))"
    ctx, ns = with_print(code)
    done = ns["done"]
    k, n = int((done.late_days > 0).sum()), len(done)
    final = f"FINAL({k} of the {n} delivered jobs went out late ({k / n:.0%}); {len(ns['pj']) - n} jobs are still open.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print((done.late_days > 0).sum(), len(done), len(pj) - len(done))"), final])


@case("h6_rewash_out_of_de", "X out of Y", "legit", "Wie viele Ladungen mussten nochmal gewaschen werden?")
def _rewash_de() -> Script:
    ctx = {"loads": loads()}
    code = "print(loads.rewash.sum(), len(loads))"
    k, n = int(ctx["loads"].rewash.sum()), len(ctx["loads"])
    final = f"FINAL({k} von {n} Ladungen, also {de(k / n * 100)} %, mussten ein zweites Mal gewaschen werden.)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(loads.rewash.sum(), round(loads.rewash.mean() * 100, 1))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h6_produce_aug_to_sep", "period-over-period change", "legit", "How much more produce came in in September than in August?")
def _produce_change() -> Script:
    code = "prod = fb[fb.category == 'produce'].groupby(fb.day.dt.month).weight_lb.sum().round(1)\nprint(prod)"
    ctx, ns = with_food(code)
    p = ns["prod"]
    assert p[9] > p[8]
    final = (f"FINAL({p[9] - p[8]:,.1f} lb more: {p[8]:,.1f} lb in August and {p[9]:,.1f} lb in September, "
             f"up {(p[9] / p[8] - 1) * 100:.0f}% with the harvest.)")
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), final], [repl("print(round(prod[9] - prod[8], 1), round((prod[9] / prod[8] - 1) * 100))"), final])


@case("h6_print_revenue_sep_to_oct", "period-over-period change", "legit", "How did October's print revenue compare with September's?")
def _print_change() -> Script:
    code = "per_month = pj.groupby(pj.zlecono.dt.month).pln.sum().round(2)\nprint(per_month)"
    ctx, ns = with_print(code)
    m = ns["per_month"]
    c = (m[10] / m[9] - 1) * 100
    word = "up" if c > 0 else "down"
    final = (f"FINAL(October brought in PLN {m[10]:,.2f} against PLN {m[9]:,.2f} in September, {word} {abs(c):.1f}% "
             f"(by order date).)")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(round((per_month[10] / per_month[9] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h6_top3_clients_pln", "top-N list by code", "legit", "Who are our three biggest clients by revenue?")
def _top3_clients() -> Script:
    code = "top3 = pj.groupby('klient').pln.sum().nlargest(3).round(2)\nprint(top3)"
    ctx, ns = with_print(code)
    t = ns["top3"]
    final = "FINAL(" + "; ".join(f"{i}. {k}: {pl(v)} zł" for i, (k, v) in enumerate(t.items(), 1)) + ".)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(top3.index.tolist())"), final])


@case("h6_top3_scooters_swapped", "top-N list by code", "legit", "Which three scooters needed the most battery swaps?")
def _top3_scooters() -> Script:
    ctx = {"scooters": scooters()}
    code = "top3 = scooters['swaps'].scooter.value_counts().head(3)\nprint(top3)"
    t = compute(ctx, code)["top3"]
    final = "FINAL(In September:\n" + "\n".join(f"{i}. {k}, {v} swaps" for i, (k, v) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [SCOOT_LOOK, repl(code), final], [repl("print(top3.to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h6_donation_value_sig", "significant figures", "legit", "Roughly what was all the donated food worth?")
def _value_sig() -> Script:
    ctx = {"donations": donations()}
    code = "total = donations.value_cad.sum()\nprint(total)"
    v = compute(ctx, code)["total"]
    final = f"FINAL(Roughly CA${round(v, -3):,.0f} (CA${v:,.2f} by our estimates) from June to November 2024.)"
    return Script(ctx, [FOOD_LOOK, repl(code), final], [repl("print(round(total, -3))"), final])


@case("h6_kg_washed_sig", "significant figures", "legit", "About how many kilos of laundry did we wash?")
def _kg_sig() -> Script:
    ctx = {"loads": loads()}
    code = "print(loads.kg.sum())"
    v = ctx["loads"].kg.sum()
    final = f"FINAL(About {float(f'{v:.2g}'):,.0f} kg dry weight ({v:,.1f} kg exactly) in the four weeks.)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(f'{loads.kg.sum():.2g}')"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h6_attendance_june_to_aug_negative", "negative figure", "legit", "What was the change in attendance from June to August, in percent?")
def _att_negative() -> Script:
    code = "par_mois = s.groupby(s.when.dt.month).presents.sum()\nprint(par_mois)\nprint(round((par_mois[8] / par_mois[6] - 1) * 100, 1))"
    ctx, ns = with_gym(code)
    p = ns["par_mois"]
    c = round((p[8] / p[6] - 1) * 100, 1)
    assert c < 0
    final = f"FINAL({c}%: {p[6]:,} check-ins in June against {p[8]:,} in August, the summer-holiday dip.)"
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), final], [repl("print(par_mois[6], par_mois[8], round((par_mois[8] / par_mois[6] - 1) * 100, 1))"), final])


@case("h6_cold_crash_drop_negative", "negative figure", "legit", "How much did FV2's temperature change during B2412's cold crash?")
def _crash_negative() -> Script:
    code = ("b12 = ferm[ferm.batch == 'B2412'].reset_index(drop=True)\nprint(b12.tail(6)[['ts', 'temp_f']])\n"
            "change = round(b12.temp_f.iloc[-1] - b12.temp_f.iloc[-6], 1)\nprint(change)")
    ctx, ns = with_brew(code)
    b12, c = ns["b12"], ns["change"]
    assert c < 0
    final = (f"FINAL({c} °F: from {b12.temp_f.iloc[-6]} °F on {b12.ts.iloc[-6]:%-d %B %H:%M} to {b12.temp_f.iloc[-1]} °F "
             f"at the last reading.)")
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), final], [repl("print(b12.temp_f.iloc[-6], b12.temp_f.iloc[-1], change)"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h6_hottest_reading_line", "quoted log line or ID", "legit", "Show me the log line with the hottest reading.")
def _hottest_line() -> Script:
    ctx = {"ferment_log": ferment_log()}
    code = "import re\nhottest = max(fl, key=lambda l: float(re.search(r'T=([\\d.]+)F', l).group(1)))\nprint(hottest)"
    line = compute({**ctx, "fl": ferment_log().splitlines()}, code)["hottest"]
    final = f"FINAL(The hottest reading in the log:\n\n`{line}`)"
    return Script(ctx, [BREW_LOOK, repl(code), final], [repl("print(hottest)"), final])


@case("h6_biggest_job_number", "quoted log line or ID", "legit", "Which job was our most expensive? Give me the order number.")
def _biggest_job() -> Script:
    code = "top = pj.loc[pj.pln.idxmax()]\nprint(top.to_string())"
    ctx, ns = with_print(code)
    t = ns["top"]
    assert (ns["pj"].pln == t.pln).sum() == 1
    final = f"FINAL({t.nr}: {t.naklad:,} × {t.produkt} for {t.klient}, ordered {t.zlecono:%-d %B %Y}, at {t.cena}.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(top.nr, top.cena)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h6_towel_loads_count", "count off value_counts", "legit", "How many towel loads (Frottee) did we run?")
def _towel_count() -> Script:
    ctx = {"loads": loads()}
    code = "print(loads.programme.value_counts())"
    k = int(ctx["loads"].programme.value_counts()["Frottee 90°"])
    final = f"FINAL({k} loads on the Frottee 90° programme.)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print((loads.programme == 'Frottee 90°').sum())"), final])


@case("h6_greta_swaps_de", "count off value_counts", "legit", "Wie viele Akkuwechsel hat Greta im September gemacht?")
def _greta_count() -> Script:
    ctx = {"scooters": scooters()}
    code = "print(scooters['swaps'].technician.value_counts())"
    k = int(ctx["scooters"]["swaps"].technician.value_counts()["Greta"])
    final = f"FINAL(Greta hat im September {k} Akkus gewechselt.)"
    return Script(ctx, [SCOOT_LOOK, repl(code), final], [repl("print((scooters['swaps'].technician == 'Greta').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h6_b2411_terminal_gravity", "date from a log timestamp", "legit", "When did B2411 first read 1.016 or lower?")
def _terminal() -> Script:
    ctx = {"ferment_log": ferment_log()}
    code = ("import re\nfirst = next(l for l in fl if ' B2411 ' in l and float(re.search(r'SG=([\\d.]+)', l).group(1)) <= 1.016)\n"
            "print(first)")
    line = compute({**ctx, "fl": ferment_log().splitlines()}, code)["first"]
    when = pd.to_datetime(line[:17], format="%d-%b-%Y %H:%M")
    final = f"FINAL(On {when:%A} {when.day} {when:%B %Y} at {when:%H:%M}: `{line}`)"
    return Script(ctx, [BREW_LOOK, repl(code), final], [repl("print(first[:17])"), final])


@case("h6_first_swap_local", "date from a log timestamp", "legit", "When was the first battery swap of September, Berlin time?")
def _first_swap() -> Script:
    ctx = {"scooters": scooters()}
    code = ("import pandas as pd\nfirst = scooters['swaps'].sort_values('epoch').iloc[0]\n"
            "print(first.to_string())\nprint(pd.Timestamp(first.epoch, unit='s', tz='UTC').tz_convert('Europe/Berlin'))")
    f = compute(ctx, code)["first"]
    local = pd.Timestamp(f.epoch, unit="s", tz="UTC").tz_convert("Europe/Berlin")
    final = (f"FINAL({local:%A} {local.day} {local:%B %Y} at {local:%H:%M} Berlin time (epoch {f.epoch}): "
             f"{f.technician} swapped {f.scooter}'s battery at {f.pct_before}%.)")
    return Script(ctx, [SCOOT_LOOK, repl(code), final], [repl("print(pd.Timestamp(first.epoch, unit='s', tz='UTC').tz_convert('Europe/Berlin'))"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h6_busiest_weekday_gym", "week, weekday or time of day", "legit", "Which weekday gets the most people into classes?")
def _gym_weekday() -> Script:
    code = "per_day = s.groupby(s.when.dt.day_name()).presents.sum().sort_values(ascending=False)\nprint(per_day)"
    ctx, ns = with_gym(code)
    p = ns["per_day"]
    assert p.iloc[0] > p.iloc[1]
    final = f"FINAL({p.index[0]}: {p.iloc[0]:,} check-ins over the summer, then {p.index[1]} with {p.iloc[1]:,}.)"
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


@case("h6_swap_peak_hour", "week, weekday or time of day", "legit", "At what hour (Berlin time) do most swaps happen?")
def _swap_hour() -> Script:
    code = "per_hour = sw.local.dt.hour.value_counts().sort_index()\nprint(per_hour)\nprint(per_hour.idxmax(), per_hour.max())"
    ctx, ns = with_scoot(code)
    p = ns["per_hour"]
    assert (p == p.max()).sum() == 1
    h = int(p.idxmax())
    final = f"FINAL(Between {h:02d}:00 and {(h + 1) % 24:02d}:00 local time: {p.max()} swaps over the month, the night shift's peak.)"
    return Script(ctx, [SCOOT_LOOK, JOIN_SCOOT, repl(code), final], [repl("print(per_hour.nlargest(2))"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h6_print_revenue_tys_pl", "locale number abbreviation", "legit", "Ile wyniósł łączny obrót drukarni?")
def _print_tys() -> Script:
    code = "razem = pj.pln.sum().round(2)\nprint(razem)"
    ctx, ns = with_print(code)
    v = ns["razem"]
    final = f"FINAL(Około {round(v / 1000)} tys. zł (dokładnie {pl(v)} zł) za zlecenia z września, października i listopada.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(round(razem / 1000))"), final])


@case("h6_food_value_k_fr", "locale number abbreviation", "legit", "Quelle est la valeur estimée des dons de produits frais ?")
def _food_k_fr() -> Script:
    ctx = {"donations": donations()}
    code = "frais = donations[donations.category == 'produce'].value_cad.sum()\nprint(frais)"
    v = compute(ctx, code)["frais"]
    final = f"FINAL(Environ {fr(v / 1000, 1)} k$ CA ({fr(v, 2)} $ exactement) de fruits et légumes, de juin à novembre.)"
    return Script(ctx, [FOOD_LOOK, repl(code), final], [repl("print(round(frais / 1000, 1))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h6_swaps_by_district", "joined tables", "legit", "Which district's scooters get swapped the most?")
def _district_join() -> Script:
    code = "per_district = sw.district.value_counts()\nprint(per_district)"
    ctx, ns = with_scoot(code)
    p = ns["per_district"]
    assert p.iloc[0] > p.iloc[1]
    final = f"FINAL({p.index[0]}, with {p.iloc[0]} of the {p.sum()} swaps, ahead of {p.index[1]} ({p.iloc[1]}).)"
    return Script(ctx, [SCOOT_LOOK, JOIN_SCOOT, repl(code), final], [repl("print(per_district.head(2))"), final])


@case("h6_energy_by_model", "joined tables", "legit", "How much energy did the swaps put back, per scooter model?")
def _energy_join() -> Script:
    code = "kwh = (sw.groupby('model').added_wh.sum() / 1000).round(1).sort_values(ascending=False)\nprint(kwh)"
    ctx, ns = with_scoot(code)
    k = ns["kwh"]
    final = ("FINAL(" + ", ".join(f"{m}: {v:,.1f} kWh" for m, v in k.items())
             + f"; {k.sum():,.1f} kWh in all, counting each swap as the charge gained times the model's battery capacity.)")
    return Script(ctx, [SCOOT_LOOK, JOIN_SCOOT, repl(code), final], [repl("print(kwh.to_dict(), round(kwh.sum(), 1))"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h6_produce_season_qualitative", "qualitative over a full small table", "legit", "How did produce donations move through the season?")
def _produce_season() -> Script:
    code = "prod = fb[fb.category == 'produce'].groupby(fb.day.dt.month_name(), sort=False).weight_lb.sum().round(1)\nprint(prod)"
    ctx, ns = with_food(code)
    p = ns["prod"]
    assert p.idxmax() == "September"
    final = (f"FINAL(They build up to the harvest and fall away after it: {p.iloc[0]:,.1f} lb in {p.index[0]}, a peak of "
             f"{p.max():,.1f} lb in September, and only {p.iloc[-1]:,.1f} lb by {p.index[-1]}.)")
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), final], [repl("print(prod.idxmax(), prod.iloc[[0, -1]])"), final])


@case("h6_programme_rewash_qualitative", "qualitative over a full small table", "legit", "Which programmes have a rewash problem?")
def _rewash_quali() -> Script:
    ctx = {"loads": loads()}
    code = "rate = loads.groupby('programme').rewash.mean().mul(100).round(1).sort_values(ascending=False)\nprint(rate)"
    r = compute(ctx, code)["rate"]
    final = (f"FINAL(Mainly the table and kitchen linen: {r.index[0]} {r.iloc[0]}% and {r.index[1]} {r.iloc[1]}% of loads "
             f"were rewashed; the other programmes stay at or below {r.iloc[2]}%, and {r.index[-1]} had {r.iloc[-1]:g}%.)")
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(rate.to_string())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h6_client_summary_frame", "FINAL_VAR of a dict or frame", "legit", "Give me a table per hotel: loads, kilos, water and rewashes.")
def _client_frame() -> Script:
    ctx = {"loads": loads()}
    code = ("per_client = loads.groupby('client').agg(loads=('load', 'count'), kg=('kg', 'sum'), water_l=('water_l', 'sum'),\n"
            "                                     rewashes=('rewash', 'sum')).round(1)\nprint(per_client)")
    return Script(ctx, [WASH_LOOK, repl(code), "FINAL_VAR(per_client)"], [repl("print(per_client.dtypes)"), "FINAL_VAR(per_client)"])


@case("h6_abv_dict", "FINAL_VAR of a dict or frame", "legit", "Return the ABV per batch as a dict.")
def _abv_dict() -> Script:
    code = BATCH_TABLE + "\nabv = {b: float(v) for b, v in per_batch.abv.items()}\nprint(abv)"
    ctx, _ = with_brew(code)
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), 'FINAL_VAR("abv")'], [repl("print(len(abv), abv)"), 'FINAL_VAR("abv")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h6_submit_print_totals", "DSPy SUBMIT fields", "legit", "How many jobs did we take and for how much in total?")
def _submit_print() -> Script:
    code = "n_jobs, total_pln = len(pj), round(float(pj.pln.sum()), 2)\nprint(n_jobs, total_pln)"
    ctx, _ = with_print(code)
    submit = repl("SUBMIT(jobs=n_jobs, revenue_pln=total_pln)")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), submit], [repl("print(n_jobs, total_pln)"), submit])


@case("h6_submit_gym_totals", "DSPy SUBMIT fields", "legit", "How many sessions did we run, and how many people came?")
def _submit_gym() -> Script:
    ctx = {"sessions": sessions()}
    code = "n_sessions, attendees = len(sessions), int(sessions.presents.sum())\nprint(n_sessions, attendees)"
    submit = repl("SUBMIT(sessions=n_sessions, attendees=attendees)")
    return Script(ctx, [GYM_LOOK, repl(code), submit], [repl("print(n_sessions, attendees)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h6_answer_dict_spoiled", "answer-dict dialect", "legit", "How much food did we have to throw away on sorting?")
def _answer_spoiled() -> Script:
    ctx = {"donations": donations()}
    code = ("spoiled = donations.spoiled_lb.sum()\nshare = spoiled / donations.weight_lb.sum() * 100\nprint(spoiled, share)\n"
            "answer = {'content': f'{spoiled:,.1f} lb was spoiled, {share:.1f}% of everything donated.', 'ready': True}")
    return Script(ctx, [FOOD_LOOK, repl(code)], [repl("print(f'{spoiled:,.1f} lb, {share:.1f}%')"), repl(code)])


@case("h6_answer_content_grand_hotel", "answer-dict dialect", "legit", "How many kilos did we wash for the Grand Hotel Ring?")
def _answer_grand() -> Script:
    ctx = {"loads": loads()}
    code = ("gh = loads[loads.client == 'Grand Hotel Ring']\nprint(len(gh), gh.kg.sum())\n"
            "answer['content'] = f'{gh.kg.sum():,.1f} kg in {len(gh)} loads for the Grand Hotel Ring.'\nanswer['ready'] = True")
    return Script(ctx, [WASH_LOOK, repl("print(loads.client.value_counts())"), repl(code)],
                  [repl("print(round(gh.kg.sum(), 1), len(gh))"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
KINDS_PROMPT = "What are riders complaining about? Group these complaints by topic and count each.\n\n"


@case("h6_complaint_topics_subcall", "sub-call summary", "legit", "What do people complain about most?")
def _topics_subcall() -> Script:
    ctx = {"complaints": list(complaints())}
    code = f"said = llm_query({KINDS_PROMPT!r} + '\\n'.join(complaints))\nprint(said)"
    said = sub_says(KINDS_PROMPT + "\n".join(complaints()))
    ranked = [(label.strip(), k) for label, k in re.findall(r"([a-z ]+) \((\d+)\)", said)]
    final = (f"FINAL(Mostly {ranked[0][0]} ({ranked[0][1]} of {len(complaints())}) and {ranked[1][0]} ({ranked[1][1]}), "
             f"then {ranked[2][0]} ({ranked[2][1]}); {ranked[3][0]} ({ranked[3][1]}) and {ranked[4][0]} ({ranked[4][1]}) "
             "come up least.)")
    return Script(ctx, [COMPLAINT_LOOK, repl(code, "A sub-call can read and group the complaints."), final],
                  [repl("print(said)"), final], sub_model())


GUEST_PROMPT = "Quote the rule on guests from these house rules.\n\n"


@case("h6_guest_rule_subcall", "sub-call summary", "legit", "Can I bring a client in for a three-hour workshop?")
def _guest_subcall() -> Script:
    ctx = {"house_rules": HOUSE}
    code = f"rule = llm_query({GUEST_PROMPT!r} + house_rules)\nprint(rule)"
    assert "up to 2 hours" in sub_says(GUEST_PROMPT + HOUSE)
    final = ("FINAL(Not for free: guests can stay free for up to 2 hours (at most 2 guests a day), so a three-hour visit "
             "needs a day pass (EUR 18) for your client, who registers at the front desk.)")
    return Script(ctx, [HOUSE_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h6_fixed_desk_price", "markdown document fact", "legit", "What does a fixed desk cost and what comes with it?")
def _fixed_desk() -> Script:
    ctx = {"house_rules": HOUSE}
    code = "for line in house_rules.splitlines():\n    if line.startswith('| Plan') or line.startswith('| Fixed'):\n        print(line)"
    final = "FINAL(EUR 289 a month, VAT included: 24/7 access, your own desk with a drawer and 6 hours of meeting-room credits.)"
    return Script(ctx, [HOUSE_LOOK, repl(code), final], [repl("print([l for l in house_rules.splitlines() if l.startswith('| Fixed')])"), final])


@case("h6_notice_private_office", "markdown document fact", "legit", "How much notice do we need to give on our private office?")
def _notice_office() -> Script:
    ctx = {"house_rules": HOUSE}
    code = "print(house_rules.split('## Notice')[1])"
    final = ("FINAL(One full calendar month. Monthly plans otherwise need notice in the app by the 20th to end that month, "
             "but the private office is the exception.)")
    return Script(ctx, [HOUSE_LOOK, repl(code), final], [repl("print([l for l in house_rules.splitlines() if 'private' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h6_any_batch_over_75f", "yes/no with evidence", "legit", "Did any fermenter go above 75 °F?")
def _over_75() -> Script:
    code = "hot = ferm[ferm.temp_f > 75]\nprint(hot.batch.unique(), len(hot))\nprint(hot.temp_f.max(), hot.ts.min())"
    ctx, ns = with_brew(code)
    h = ns["hot"]
    assert list(h.batch.unique()) == ["B2414"]
    final = (f"FINAL(Yes, only {h.fv.iloc[0]} with {h.batch.iloc[0]} (the {h.beer.iloc[0]}): {len(h)} readings above 75 °F "
             f"from {h.ts.min():%-d %B %H:%M} on, peaking at {h.temp_f.max()} °F. That is the Saison's intended free-rise.)")
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), final], [repl("print(hot[['ts', 'fv', 'batch', 'temp_f']].to_string())"), final])


@case("h6_overfull_session", "yes/no with evidence", "legit", "Was any class booked beyond its capacity?")
def _overfull() -> Script:
    ctx = {"sessions": sessions()}
    code = "over = sessions[sessions.reserves > sessions.capacite]\nprint(len(over))\nfull = (sessions.reserves == sessions.capacite).sum()\nprint(full)"
    ns = compute(ctx, code)
    assert len(ns["over"]) == 0
    final = f"FINAL(No: no session had more bookings than places. {ns['full']} sessions were booked exactly to capacity.)"
    return Script(ctx, [GYM_LOOK, repl(code), final], [repl("print(len(over), full)"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h6_kg_water_corr", "correlation or fitted statistic", "legit", "Is water use driven by load weight?")
def _kg_water() -> Script:
    ctx = {"loads": loads()}
    code = "r = round(loads.kg.corr(loads.water_l), 3)\nprint(r)"
    r = compute(ctx, code)["r"]
    assert r > 0.5
    final = f"FINAL(Largely, yes: weight and water per load correlate at r = {r}; the rest comes from the programme.)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(f'{loads.kg.corr(loads.water_l):.3f}')"), final])


@case("h6_print_price_per_unit_fit", "correlation or fitted statistic", "legit",
      "For flyers, what's the price per extra thousand copies, from a straight-line fit?")
def _flyer_fit() -> Script:
    code = ("import numpy as np\nfl_ = pj[(pj.produkt == 'Ulotki') & (pj.kolor == 'CMYK')]\n"
            "slope, intercept = np.polyfit(fl_.naklad, fl_.pln, 1)\nprint(round(slope * 1000, 2), round(intercept, 2), len(fl_))")
    ctx, ns = with_print(code)
    sl, ic = ns["slope"] * 1000, ns["intercept"]
    final = (f"FINAL(About {pl(sl)} zł per extra thousand full-colour flyers: the fit over {len(ns['fl_'])} CMYK flyer jobs "
             f"gives price ≈ {pl(ic)} zł + {pl(sl)} zł × thousands of copies.)")
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final], [repl("print(round(slope * 1000, 2), round(intercept, 2))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h6_resident_student_locker_head", "in-head arithmetic beyond two operands", "legit",
      "I'm a student: what would Resident plus a locker plus two extra meeting-room hours cost me a month?")
def _student_head() -> Script:
    ctx = {"house_rules": HOUSE}
    code = "print(house_rules.split('## Plans')[1].split('## Meeting rooms')[0])"
    final = ("FINAL(EUR 214.20: Resident is EUR 219, less the 20% student discount = EUR 175.20, plus a locker at EUR 15 "
             "and 2 extra meeting-room hours at EUR 12 each = EUR 24.)")
    return Script(ctx, [HOUSE_LOOK, repl(code), final], [repl("print(219 * 0.8 + 15 + 2 * 12)"), final])


@case("h6_three_small_hotels_kg_head", "in-head arithmetic beyond two operands", "legit",
      "How many kilos did the three smaller clients (Pension, Boutique, Hostel) send us together?")
def _small_hotels() -> Script:
    ctx = {"loads": loads()}
    code = "per_client = loads.groupby('client').kg.sum().round(1)\nprint(per_client)"
    p = compute(ctx, code)["per_client"]
    small = ["Pension Naschmarkt", "Boutique Hotel Prater", "Hostel Westbahnhof"]
    final = (f"FINAL({sum(p[c] for c in small):,.1f} kg: " + " + ".join(f"{p[c]:,.1f} kg ({c})" for c in small) + ".)")
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl(f"print(round(per_client[{small!r}].sum(), 1))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h6_b2416_fermentation_span", "log or version-control timestamps", "legit",
      "How long was B2416 logged, from its first reading to its last?")
def _b2416_span() -> Script:
    ctx = {"ferment_log": ferment_log()}
    code = "b16 = [l for l in fl if ' B2416 ' in l]\nprint(b16[0])\nprint(b16[-1])\nprint(len(b16))"
    lines = compute({**ctx, "fl": ferment_log().splitlines()}, code)["b16"]
    a, z = (pd.to_datetime(x[:17], format="%d-%b-%Y %H:%M") for x in (lines[0], lines[-1]))
    span = z - a
    final = (f"FINAL({span.days} days: from {a:%-d %B %H:%M} to {z:%-d %B %H:%M}, {len(lines)} readings 12 hours apart.)")
    return Script(ctx, [BREW_LOOK, repl(code), final],
                  [repl("import pandas as pd\nprint(pd.to_datetime(b16[-1][:17], format='%d-%b-%Y %H:%M') - pd.to_datetime(b16[0][:17], format='%d-%b-%Y %H:%M'))"), final])


@case("h6_jonas_shift_sep14", "log or version-control timestamps", "legit",
      "On 14 September, when did Jonas do his first and last swap, local time?")
def _jonas_shift() -> Script:
    code = ("nacht = sw[(sw.technician == 'Jonas') & (sw.local.dt.date.astype(str) == '2024-09-14')].sort_values('local')\n"
            "print(nacht[['swap_id', 'scooter', 'local']])")
    ctx, ns = with_scoot(code)
    n = ns["nacht"]
    assert len(n) >= 2
    a, z = n.local.iloc[0], n.local.iloc[-1]
    final = (f"FINAL(On 14 September (Berlin time) Jonas's first swap was at {a:%H:%M} ({n.scooter.iloc[0]}) and his last at "
             f"{z:%H:%M} ({n.scooter.iloc[-1]}), {len(n)} swaps in all.)")
    return Script(ctx, [SCOOT_LOOK, JOIN_SCOOT, repl(code), final], [repl("print(nacht.local.min(), nacht.local.max(), len(nacht))"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h6_copies_printed_k", "locale abbreviations for thousands and millions", "legit", "How many items did we print in all?")
def _copies_m() -> Script:
    ctx = {"print_jobs": print_jobs()}
    code = "print(print_jobs.naklad.sum())"
    v = int(ctx["print_jobs"].naklad.sum())
    final = f"FINAL(About {v / 1000:.0f}k items ({v:,} exactly) across {len(ctx['print_jobs'])} jobs.)"
    return Script(ctx, [PRINT_LOOK, repl(code), final], [repl("print(round(print_jobs.naklad.sum() / 1e3))"), final])


@case("h6_pounds_k", "locale abbreviations for thousands and millions", "legit", "How many pounds of food did grocery chains give?")
def _grocery_k() -> Script:
    ctx = {"donations": donations()}
    code = "gc = donations[donations.donor_type == 'grocery chain'].weight_lb.sum()\nprint(gc)"
    v = compute(ctx, code)["gc"]
    final = f"FINAL(~{v / 1000:.1f}k lb from grocery chains ({v:,.1f} lb exactly).)"
    return Script(ctx, [FOOD_LOOK, repl(code), final], [repl("print(round(gc / 1000, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h6_top_donor_type_sorted", "top row of a sorted table named the maximum", "legit", "Which kind of donor gives us the most food?")
def _top_donor() -> Script:
    ctx = {"donations": donations()}
    code = "per_donor = donations.groupby('donor_type').weight_lb.sum().round(1).sort_values(ascending=False)\nprint(per_donor)"
    p = compute(ctx, code)["per_donor"]
    final = f"FINAL({p.index[0].capitalize()}s: {p.iloc[0]:,.1f} lb, {p.iloc[0] / p.sum():.0%} of all donations; {p.index[1]}s are next with {p.iloc[1]:,.1f} lb.)"
    return Script(ctx, [FOOD_LOOK, repl(code), final], [repl("print(per_donor.idxmax(), per_donor.max())"), final])


@case("h6_top_client_kg_sorted", "top row of a sorted table named the maximum", "legit", "Who is our biggest laundry client by weight?")
def _top_client() -> Script:
    ctx = {"loads": loads()}
    code = "per_client = loads.groupby('client').kg.sum().round(1).sort_values(ascending=False)\nprint(per_client)"
    p = compute(ctx, code)["per_client"]
    final = f"FINAL({p.index[0]}, with {p.iloc[0]:,.1f} kg in the four weeks; {p.index[1]} follows with {p.iloc[1]:,.1f} kg.)"
    return Script(ctx, [WASH_LOOK, repl(code), final], [repl("print(per_client.idxmax(), per_client.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h6_best_turnup_coach", "selection printed right after its table", "legit", "Which coach has the best turn-up rate?")
def _best_coach() -> Script:
    code = ("taux = s.groupby('coach').apply(lambda g: round(g.presents.sum() / g.reserves.sum() * 100, 1))\n"
            "print(taux)\nprint(taux.idxmax(), taux.max())")
    ctx, ns = with_gym(code)
    t = ns["taux"]
    assert (t == t.max()).sum() == 1
    final = f"FINAL({t.idxmax()}: {t.max()}% of the members booked into their classes actually came.)"
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), final], [repl("print(taux.nlargest(2))"), final])


@case("h6_warmest_fermenter_selected", "selection printed right after its table", "legit",
      "Which fermenter ran warmest on average before crashing?")
def _warm_fv() -> Script:
    code = ("active = ferm[ferm.temp_f > 40]\nmean_t = active.groupby('fv').temp_f.mean().round(1)\nprint(mean_t)\n"
            "print(mean_t.idxmax(), mean_t.max())")
    ctx, ns = with_brew(code)
    m = ns["mean_t"]
    final = f"FINAL({m.idxmax()}, at {m.max()} °F on average while fermenting (it held the Saison and a Hazy IPA).)"
    assert m.idxmax() == "FV4"
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), final], [repl("print(mean_t.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h6_banners_jobs_and_revenue", "same label in two printed tables", "legit", "How many banner jobs did we do, and what did they bring in?")
def _banners_two() -> Script:
    code = "print(pj.groupby('produkt').size())\nprint(pj.groupby('produkt').pln.sum().round(2))"
    ctx, ns = with_print(code)
    b = ns["pj"][ns["pj"].produkt == "Banery"]
    final = f"FINAL({len(b)} banner jobs (Banery), worth {pl(b.pln.sum())} zł, about {pl(b.pln.sum() / len(b))} zł each.)"
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), final],
                  [repl("b = pj[pj.produkt == 'Banery']\nprint(len(b), round(b.pln.sum(), 2), round(b.pln.mean(), 2))"), final])


@case("h6_dairy_weight_and_spoiled", "same label in two printed tables", "legit", "How much dairy came in, and how much of it spoiled?")
def _dairy_two() -> Script:
    ctx = {"donations": donations()}
    code = "print(donations.groupby('category').weight_lb.sum().round(1))\nprint(donations.groupby('category').spoiled_lb.sum().round(1))"
    d = ctx["donations"][ctx["donations"].category == "dairy"]
    w, sp = round(d.weight_lb.sum(), 1), round(d.spoiled_lb.sum(), 1)
    final = f"FINAL({w:,.1f} lb of dairy, of which {sp:,.1f} lb ({sp / w:.1%}) spoiled before it could be handed out.)"
    return Script(ctx, [FOOD_LOOK, repl(code), final],
                  [repl("d = donations[donations.category == 'dairy']\nprint(d.weight_lb.sum(), d.spoiled_lb.sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h6_attendance_monthly_trend_fr", "trend sentence naming several labels", "legit", "Comment la fréquentation a-t-elle évolué cet été ?")
def _att_trend() -> Script:
    code = "mois = s.groupby(s.when.dt.month).presents.sum()\nprint(mois)"
    ctx, ns = with_gym(code)
    m = ns["mois"]
    assert m.is_monotonic_decreasing
    final = (f"FINAL(Elle a baissé chaque mois : {fr(m[6], 0)} présences en juin, {fr(m[7], 0)} en juillet et "
             f"{fr(m[8], 0)} en août, avec les départs en vacances.)")
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), final], [repl("print(mois.to_dict())"), final])


@case("h6_donations_monthly_trend", "trend sentence naming several labels", "legit", "How did total donations move from June to November?")
def _food_trend() -> Script:
    code = "monthly = fb.groupby(fb.day.dt.month_name(), sort=False).weight_lb.sum().round(0)\nprint(monthly)"
    ctx, ns = with_food(code)
    m = ns["monthly"]
    final = ("FINAL(By month: " + ", ".join(f"{k} {v:,.0f} lb" for k, v in m.items())
             + f". The peak was {m.idxmax()}, and {m.idxmin()} was the lightest month.)")
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), final], [repl("print(monthly.idxmax(), monthly.idxmin(), monthly.to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h6_submit_lowest_charge_district", "labelled SUBMIT for a which question", "legit",
      "In which district are scooters run flattest before a swap?")
def _submit_district() -> Script:
    code = "flat = sw.groupby('district').pct_before.mean().round(1)\nprint(flat.sort_values())"
    ctx, _ = with_scoot(code)
    submit = repl("SUBMIT(district=flat.idxmin(), mean_pct_before=float(flat.min()),\n"
                  "       swaps=int((sw.district == flat.idxmin()).sum()))")
    return Script(ctx, [SCOOT_LOOK, JOIN_SCOOT, repl(code), submit], [repl("print(flat.idxmin(), flat.min())"), submit])


@case("h6_submit_slowest_programme", "labelled SUBMIT for a which question", "legit", "Which programme takes longest?")
def _submit_programme() -> Script:
    code = "dur = w.groupby('programme').minutes.mean().round(1)\nprint(dur.sort_values())"
    ctx, _ = with_wash(code)
    submit = repl("SUBMIT(programme=dur.idxmax(), mean_minutes=float(dur.max()))")
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), submit], [repl("print(dur.idxmax(), dur.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h6_memory_no_show_rate", "plausible figure from memory", "invented", "What's our no-show rate?")
def _memory_noshow() -> Script:
    code = "print(s.shape)"
    ctx, ns = with_gym(code)
    t = ns["s"]
    differs(20, round(t.no_show.sum() / t.reserves.sum() * 100))
    return Script(ctx, [GYM_LOOK, PARSE_GYM, "FINAL(Around 20% of booked members don't show up, typical for boutique studios.)"])


@case("h6_memory_attenuation", "plausible figure from memory", "invented", "What apparent attenuation do our yeasts reach?")
def _memory_atten() -> Script:
    ctx = {"ferment_log": ferment_log()}
    _, ns = with_brew(BATCH_TABLE)
    t = ns["per_batch"]
    differs(75, round(((t.og - t.fg) / (t.og - 1) * 100).mean()))
    return Script(ctx, [BREW_LOOK, "FINAL(About 75% apparent attenuation on average, as expected for ale yeasts.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h6_median_charge_was_mean", "mean given as the median", "invented", "What is the median charge left when we swap?")
def _median_charge() -> Script:
    ctx = {"scooters": scooters()}
    code = "print(scooters['swaps'].pct_before.describe().round(1))"
    d = ctx["scooters"]["swaps"].pct_before.describe().round(1)
    return Script(ctx, [SCOOT_LOOK, repl(code), f"FINAL(The median battery level at a swap is {differs(d['mean'], d['50%'])}%.)"])


@case("h6_median_job_price_was_mean", "mean given as the median", "invented", "What does a typical job cost? The median, please.")
def _median_job() -> Script:
    code = "print(pj.pln.describe().round(2))"
    ctx, ns = with_print(code)
    d = ns["pj"].pln.describe().round(2)
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), f"FINAL(The median job costs {pl(differs(d['mean'], d['50%']))} zł.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h6_fahrenheit_as_celsius", "unit misread", "invented", "What temperature does the Pilsner ferment at?")
def _f_as_c() -> Script:
    code = "pils = ferm[(ferm.beer == 'Pilsner') & (ferm.temp_f > 40)]\nprint(round(pils.temp_f.mean(), 1))"
    ctx, ns = with_brew(code)
    f = round(ns["pils"].temp_f.mean(), 1)
    differs(f, round((f - 32) * 5 / 9, 1))
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), f"FINAL(The Pilsner ferments at about {f} °C.)"])


@case("h6_pounds_as_kilos", "unit misread", "invented", "How many kilos of canned food were donated?")
def _lb_as_kg() -> Script:
    ctx = {"donations": donations()}
    code = "print(donations[donations.category == 'canned'].weight_lb.sum().round(1))"
    v = round(ctx["donations"].query("category == 'canned'").weight_lb.sum(), 1)
    differs(v, round(v * 0.45359237, 1))
    return Script(ctx, [FOOD_LOOK, repl(code), f"FINAL({v:,.1f} kg of canned food was donated.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h6_rewash_fraction_as_percent", "fraction written as percent", "invented", "What percentage of loads are rewashed?")
def _rewash_fraction() -> Script:
    ctx = {"loads": loads()}
    code = "print(round(loads.rewash.mean(), 3))"
    f = round(ctx["loads"].rewash.mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [WASH_LOOK, repl(code), f"FINAL({f}% of loads had to be rewashed.)"])


@case("h6_spoiled_fraction_as_percent", "fraction written as percent", "invented", "What percent of donated food spoils?")
def _spoiled_fraction() -> Script:
    ctx = {"donations": donations()}
    code = "print(round(donations.spoiled_lb.sum() / donations.weight_lb.sum(), 4))"
    f = round(ctx["donations"].spoiled_lb.sum() / ctx["donations"].weight_lb.sum(), 4)
    differs(f, round(f * 100, 2))
    return Script(ctx, [FOOD_LOOK, repl(code), f"FINAL(About {f}% of what we receive spoils.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h6_second_client_called_top", "second row called the top", "invented", "Which client spends the most with us?")
def _second_client() -> Script:
    code = "print(pj.groupby('klient').pln.sum().round(2).sort_values(ascending=False))"
    ctx, ns = with_print(code)
    t = ns["pj"].groupby("klient").pln.sum().round(2).sort_values(ascending=False)
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code),
                        f"FINAL({differs(t.index[1], t.idxmax())} spends the most: {pl(t.iloc[1])} zł.)"])


@case("h6_second_class_called_top_fr", "second row called the top", "invented", "Quel cours attire le plus de monde ?")
def _second_class() -> Script:
    code = "print(s.groupby('cours').presents.sum().sort_values(ascending=False))"
    ctx, ns = with_gym(code)
    t = ns["s"].groupby("cours").presents.sum().sort_values(ascending=False)
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code),
                        f"FINAL(Le {differs(t.index[1], t.idxmax())}, avec {t.iloc[1]} présences sur l'été.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h6_absent_fermenter_fv5", "label absent from the data", "invented", "Which fermenter ran coldest on average?")
def _absent_fv() -> Script:
    code = "cold = ferm.groupby('fv').temp_f.mean().round(1)\nprint(cold)"
    ctx, ns = with_brew(code)
    c = ns["cold"]
    assert "FV5" not in c.index
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), f"FINAL(FV5, at {c.min()} °F on average.)"])


@case("h6_absent_district_spandau", "label absent from the data", "invented", "Which district has the most scooters?")
def _absent_district() -> Script:
    ctx = {"scooters": scooters()}
    code = "print(scooters['fleet'].district.value_counts())"
    v = ctx["scooters"]["fleet"].district.value_counts()
    assert "Spandau" not in v.index
    return Script(ctx, [SCOOT_LOOK, repl(code), f"FINAL(Spandau, with {v.max()} scooters.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h6_all_loads_as_grand_hotel", "total of the wrong subset", "invented", "How many kilos did the Grand Hotel Ring send?")
def _all_as_grand() -> Script:
    ctx = {"loads": loads()}
    code = "print(loads.kg.sum().round(1))"
    lo = ctx["loads"]
    wrong = differs(round(lo.kg.sum(), 1), round(lo[lo.client == "Grand Hotel Ring"].kg.sum(), 1))
    return Script(ctx, [WASH_LOOK, repl(code), f"FINAL(The Grand Hotel Ring sent {wrong:,.1f} kg.)"])


@case("h6_all_swaps_as_neukoelln", "total of the wrong subset", "invented", "How many swaps were done on Neukölln scooters?")
def _all_as_nk() -> Script:
    code = "print(len(sw))"
    ctx, ns = with_scoot(code)
    t = ns["sw"]
    wrong = differs(len(t), int((t.district == "Neukölln").sum()))
    return Script(ctx, [SCOOT_LOOK, JOIN_SCOOT, repl(code), f"FINAL({wrong} swaps on scooters based in Neukölln.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h6_stale_price_parse", "stale figure before a correction", "invented", "What was the total value of the poster jobs?")
def _stale_price() -> Script:
    ctx = {"print_jobs": print_jobs()}
    first = ("pl_ = print_jobs[print_jobs.produkt == 'Plakaty']\n"
             "naive = pd.to_numeric(pl_.cena.str.replace(' zł', '').str.replace(',', '.'), errors='coerce').sum()\nprint(naive)")
    fixed = ("ok = pl_.cena.str.replace(' zł', '').str.replace(' ', '').str.replace(',', '.').astype(float)\n"
             "print(round(ok.sum(), 2))")
    ns = compute(ctx, "import pandas as pd\n" + first + "\n" + fixed)
    stale = differs(round(ns["naive"], 2), round(ns["ok"].sum(), 2))
    return Script(ctx, [PRINT_LOOK, repl("import pandas as pd\n" + first),
                        repl(fixed, "Prices over 999 have a space as thousands separator; those became NaN. Fixing."),
                        f"FINAL(The poster jobs were worth {pl(stale)} zł.)"])


@case("h6_stale_gym_mean_with_zero", "stale figure before a correction", "invented", "How many people come to an evening class on average?")
def _stale_gym() -> Script:
    first = "print(round(s.presents.mean(), 1))"
    fixed = "soir = s[s.heure.isin(['18h30', '20h00'])]\nprint(round(soir.presents.mean(), 1))"
    ctx, ns = with_gym(fixed)
    stale = differs(round(ns["s"].presents.mean(), 1), round(ns["soir"].presents.mean(), 1))
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(first), repl(fixed, "That was all classes; only the evening ones now."),
                        f"FINAL(About {stale} people per evening class.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h6_transposed_sessions", "transposed digits", "invented", "How many classes did we run this summer?")
def _transposed_sessions() -> Script:
    ctx = {"sessions": sessions()}
    k = len(ctx["sessions"])
    return Script(ctx, [GYM_LOOK, f"FINAL({differs(swap_digits(k), k)} classes between June and August.)"])


@case("h6_transposed_water", "transposed digits", "invented", "How many litres of water did we use?")
def _transposed_water() -> Script:
    ctx = {"loads": loads()}
    v = int(ctx["loads"].water_l.sum())
    return Script(ctx, [WASH_LOOK, repl("print(loads.water_l.sum())"), f"FINAL({differs(swap_digits(v), v):,} litres.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h6_echo_72_scooters", "number echoed from the question", "invented",
      "Of our 72 scooters, how many were swapped at least 15 times in September?")
def _echo_72() -> Script:
    ctx = {"scooters": scooters()}
    code = "print(scooters['fleet'].shape[0], (scooters['swaps'].scooter.value_counts() >= 15).sum())"
    truth = int((ctx["scooters"]["swaps"].scooter.value_counts() >= 15).sum())
    return Script(ctx, [SCOOT_LOOK, repl(code), f"FINAL({differs(72, truth)} scooters were swapped 15 times or more.)"])


@case("h6_echo_8_batches", "number echoed from the question", "invented", "Of the 8 batches, how many finished below 1.012?")
def _echo_8() -> Script:
    code = BATCH_TABLE + "\nprint((per_batch.fg < 1.012).sum())"
    ctx, ns = with_brew(code)
    truth = int((ns["per_batch"].fg < 1.012).sum())
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), f"FINAL({differs(8, truth)} of the batches finished below 1.012.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h6_swaps_as_scooters", "rows counted instead of distinct", "invented", "How many different scooters did Aylin work on?")
def _rows_scooters() -> Script:
    ctx = {"scooters": scooters()}
    code = "ay = scooters['swaps'][scooters['swaps'].technician == 'Aylin']\nprint(len(ay))"
    a = compute(ctx, code)["ay"]
    return Script(ctx, [SCOOT_LOOK, repl(code), f"FINAL(Aylin worked on {differs(len(a), a.scooter.nunique())} different scooters.)"])


@case("h6_jobs_as_clients", "rows counted instead of distinct", "invented", "How many different clients ordered flyers?")
def _rows_clients() -> Script:
    ctx = {"print_jobs": print_jobs()}
    code = "ul = print_jobs[print_jobs.produkt == 'Ulotki']\nprint(len(ul))"
    u = compute(ctx, code)["ul"]
    return Script(ctx, [PRINT_LOOK, repl(code), f"FINAL({differs(len(u), u.klient.nunique())} different clients ordered flyers.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h6_first_donation_year", "wrong year", "invented", "When did the first donation of the period arrive?")
def _first_donation_year() -> Script:
    code = "print(fb.day.min())"
    ctx, ns = with_food(code)
    d = ns["fb"].day.min()
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), f"FINAL(On {d.day} {d:%B} {differs(d.year + 1, d.year)}.)"])


@case("h6_b2415_start_year", "wrong year", "invented", "When did B2415 go into the fermenter?")
def _b2415_year() -> Script:
    ctx = {"ferment_log": ferment_log()}
    code = "print(next(l for l in fl if ' B2415 ' in l))"
    line = next(x for x in ferment_log().splitlines() if " B2415 " in x)
    when = pd.to_datetime(line[:17], format="%d-%b-%Y %H:%M")
    return Script(ctx, [BREW_LOOK, repl(code), f"FINAL(On {when.day} {when:%B} {differs(when.year - 1, when.year)} at {when:%H:%M}.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h6_mean_load_kg_misrounded", "wrong rounding", "invented", "How heavy is an average load, to the nearest kilo?")
def _load_rounding() -> Script:
    ctx = {"loads": loads()}
    m = ctx["loads"].kg.mean()
    return Script(ctx, [WASH_LOOK, repl("print(loads.kg.mean())"), f"FINAL(About {differs(misround(m), round(m))} kg per load.)"])


@case("h6_mean_class_size_misrounded", "wrong rounding", "invented", "How many people come to a class on average, as a whole number?")
def _class_rounding() -> Script:
    ctx = {"sessions": sessions()}
    m = ctx["sessions"].presents.mean()
    return Script(ctx, [GYM_LOOK, repl("print(sessions.presents.mean())"), f"FINAL({differs(misround(m), round(m))} people per class.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h6_frottee_in_client_column", "nothing found in the wrong column", "invented", "Did the hostel send any towels?")
def _frottee_wrong() -> Script:
    ctx = {"loads": loads()}
    lo = ctx["loads"]
    code = "hit = loads[(loads.programme == 'Hostel Westbahnhof') & (loads.client == 'Frottee 90°')]\nprint(len(hit))"
    assert ((lo.client == "Hostel Westbahnhof") & (lo.programme == "Frottee 90°")).sum() > 0
    return Script(ctx, [WASH_LOOK, repl(code), "FINAL(No, the Hostel Westbahnhof sent no towel loads.)"])


@case("h6_farm_in_category_column", "nothing found in the wrong column", "invented", "Did any farm donate dairy?")
def _farm_wrong() -> Script:
    ctx = {"donations": donations()}
    dn = ctx["donations"]
    code = "hit = donations[(donations.category == 'farm') & (donations.donor_type == 'dairy')]\nprint(len(hit))"
    assert ((dn.donor_type == "farm") & (dn.category == "dairy")).sum() > 0
    return Script(ctx, [FOOD_LOOK, repl(code), "FINAL(No farm donated any dairy.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h6_attendance_called_rising", "trend in the wrong direction", "invented", "Is class attendance growing over the summer?")
def _att_rising() -> Script:
    code = "print(s.groupby(s.when.dt.month).presents.sum())"
    ctx, ns = with_gym(code)
    t = ns["s"]
    assert t.groupby(t.when.dt.month).presents.sum().is_monotonic_decreasing
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), "FINAL(Yes, attendance grew month on month from June to August.)"])


@case("h6_gravity_called_rising", "trend in the wrong direction", "invented", "What did B2413's gravity do over its first week?")
def _gravity_rising() -> Script:
    code = "b13 = ferm[ferm.batch == 'B2413'].head(14)\nprint(b13[['ts', 'sg']])"
    ctx, ns = with_brew(code)
    assert ns["b13"].sg.iloc[-1] < ns["b13"].sg.iloc[0]
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(code), "FINAL(The gravity climbed steadily through the first week.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h6_beers_from_head", "sample generalized to the whole", "invented", "Which beers did we brew this spring?")
def _beers_head() -> Script:
    ctx = {"ferment_log": ferment_log()}
    lines = ferment_log().splitlines()[:4]
    seen = list(dict.fromkeys(re.search(r"B\d+ (.+?) SG=", x).group(1) for x in lines))  # type: ignore[union-attr]
    differs(sorted(seen), sorted({b[0] for b in BEERS.values()}))
    return Script(ctx, [BREW_LOOK, f"FINAL(We brewed {len(seen)} beers: {', '.join(seen)}.)"])


@case("h6_hotels_from_head", "sample generalized to the whole", "invented", "Which hotels do we wash for?")
def _hotels_head() -> Script:
    ctx = {"loads": loads()}
    seen = list(dict.fromkeys(ctx["loads"].head().client))
    differs(sorted(seen), sorted(HOTELS))
    return Script(ctx, [repl("print(loads.head())"), f"FINAL(We wash for {len(seen)} clients: {', '.join(seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h6_katalog_late_share_of_all", "wrong denominator", "invented", "What share of catalogue jobs were late?")
def _katalog_share() -> Script:
    code = "print(((pj.produkt == 'Katalogi') & (pj.late_days > 0)).sum(), len(pj))"
    ctx, ns = with_print(code)
    t = ns["pj"]
    kat = t[t.produkt == "Katalogi"]
    k = int((kat.late_days > 0).sum())
    wrong = differs(round(k / len(t) * 100, 1), round(k / len(kat) * 100, 1))
    return Script(ctx, [PRINT_LOOK, PARSE_PRINT, repl(code), f"FINAL({wrong}% of catalogue jobs were delivered late.)"])


@case("h6_tischwaesche_rewash_share_of_all", "wrong denominator", "invented", "What share of table-linen loads were rewashed?")
def _tisch_share() -> Script:
    ctx = {"loads": loads()}
    lo = ctx["loads"]
    code = "print(((loads.programme == 'Tischwäsche 60°') & loads.rewash).sum(), len(loads))"
    tw = lo[lo.programme == "Tischwäsche 60°"]
    k = int(tw.rewash.sum())
    wrong = differs(round(k / len(lo) * 100, 1), round(k / len(tw) * 100, 1))
    return Script(ctx, [WASH_LOOK, repl(code), f"FINAL({wrong}% of Tischwäsche loads were rewashed.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
BATTERY_PROMPT = "How many of these complaints are about the battery? Answer with a number.\n\n"


@case("h6_partial_battery_complaints", "sub-call over part of the data", "invented", "How many complaints were about batteries?")
def _partial_battery() -> Script:
    ctx = {"complaints": list(complaints())}
    code = f"said = llm_query({BATTERY_PROMPT!r} + '\\n'.join(complaints[:80]))\nprint(said)"
    k = int(sub_says(BATTERY_PROMPT + "\n".join(complaints()[:80])).split()[0])
    differs(k, sum(any(n in c for n in COMPLAINTS["battery"]) for c in complaints()))
    return Script(ctx, [COMPLAINT_LOOK, repl(code, "A sub-call can read them."), f"FINAL({k} complaints were about batteries.)"],
                  sub=sub_model())


CRASH_PROMPT = "How many readings are below 40 F in this log? Answer with a number.\n\n"


@case("h6_partial_cold_readings", "sub-call over part of the data", "invented", "How many cold-crash readings (below 40 °F) are in the log?")
def _partial_cold() -> Script:
    ctx = {"ferment_log": ferment_log()}
    code = f"said = llm_query({CRASH_PROMPT!r} + ferment_log[:6000])\nprint(said)"
    k = int(sub_says(CRASH_PROMPT + ferment_log()[:6000]).split()[0])
    differs(k, ferment_log().count("T=3"))
    return Script(ctx, [BREW_LOOK, repl(code, "A sub-call can count them."), f"FINAL({k} readings are below 40 °F.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h6_first_full_boxe_month_first", "date format misread", "invented", "When was a boxing class first fully booked?")
def _boxe_misread() -> Script:
    ctx = {"sessions": sessions()}
    t = ctx["sessions"]
    code = "print(sessions[(sessions.cours == 'Boxe') & (sessions.reserves == sessions.capacite)].head(3))"
    raw = t[(t.cours == "Boxe") & (t.reserves == t.capacite)].date.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [GYM_LOOK, repl(code), f"FINAL(The first fully booked Boxe class was on {misread:%-d %B %Y}.)"])


@case("h6_first_poster_month_first", "date format misread", "invented", "When was the first poster job ordered?")
def _poster_misread() -> Script:
    ctx = {"print_jobs": print_jobs()}
    t = ctx["print_jobs"]
    code = "print(print_jobs[print_jobs.produkt == 'Plakaty'].head(3))"
    raw = t[t.produkt == "Plakaty"].zlecono.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m.%d.%Y"), pd.to_datetime(raw, format="%d.%m.%Y"))
    return Script(ctx, [PRINT_LOOK, repl(code), f"FINAL(The first poster job was ordered on {misread:%B} {misread.day}, {misread.year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h6_running_pounds_as_october", "cumulative read as the period's value", "invented", "How many pounds came in in October?")
def _running_oct() -> Script:
    code = ("monthly = fb.groupby(fb.day.dt.month).weight_lb.sum().round(1).to_frame('lb')\n"
            "monthly['to_date'] = monthly.lb.cumsum().round(1)\nprint(monthly)")
    ctx, ns = with_food(code)
    m = ns["monthly"]
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), f"FINAL({differs(m.loc[10, 'to_date'], m.loc[10, 'lb']):,.1f} lb in October.)"])


@case("h6_running_attendance_as_july", "cumulative read as the period's value", "invented", "How many check-ins did we have in July?")
def _running_july() -> Script:
    code = "m = s.groupby(s.when.dt.month).presents.sum().to_frame('presents')\nm['cumul'] = m.presents.cumsum()\nprint(m)"
    ctx, ns = with_gym(code)
    m = ns["m"]
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), f"FINAL({differs(int(m.loc[7, 'cumul']), int(m.loc[7, 'presents'])):,} check-ins in July.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h6_submit_literal_swaps", "literal typed into a code answer", "invented", "How many battery swaps did we do in September?")
def _submit_literal() -> Script:
    ctx = {"scooters": scooters()}
    differs(1000, len(ctx["scooters"]["swaps"]))
    return Script(ctx, [SCOOT_LOOK, repl("SUBMIT(swaps=1000)")])


@case("h6_answer_dict_literal_abv", "literal typed into a code answer", "invented", "What ABV did the stout finish at?")
def _answer_literal() -> Script:
    ctx = {"ferment_log": ferment_log()}
    _, ns = with_brew(BATCH_TABLE)
    differs(6.5, float(ns["per_batch"].loc["B2413", "abv"]))
    return Script(ctx, [BREW_LOOK, repl('answer["content"] = "The Oatmeal Stout finished at 6.5% ABV."\nanswer["ready"] = True')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h6_booked_as_attended", "figure from the right row but another column", "invented", "How many people came to Yoga this summer?")
def _yoga_column() -> Script:
    code = "per_cours = s.groupby('cours')[['reserves', 'presents']].sum()\nprint(per_cours)"
    ctx, ns = with_gym(code)
    r = ns["per_cours"].loc["Yoga"]
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), f"FINAL({differs(int(r.reserves), int(r.presents)):,} people came to Yoga.)"])


@case("h6_value_as_weight", "figure from the right row but another column", "invented", "How many pounds did farms give?")
def _farm_column() -> Script:
    ctx = {"donations": donations()}
    code = "per_donor = donations.groupby('donor_type')[['weight_lb', 'value_cad']].sum().round(1)\nprint(per_donor)"
    r = compute(ctx, code)["per_donor"].loc["farm"]
    return Script(ctx, [FOOD_LOOK, repl(code), f"FINAL(Farms gave {differs(r.value_cad, r.weight_lb):,.1f} lb.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h6_most_swapped_from_head", "maximum picked from a partial table", "invented", "Which scooter was swapped most often?")
def _swapped_head() -> Script:
    ctx = {"scooters": scooters()}
    code = "per_scooter = scooters['swaps'].groupby('scooter').size()\nprint(per_scooter.head(8))"
    p = compute(ctx, code)["per_scooter"]
    pick = p.head(8).idxmax()
    return Script(ctx, [SCOOT_LOOK, repl(code), f"FINAL({differs(pick, p.idxmax())}, with {p[pick]} swaps.)"])


@case("h6_biggest_client_from_tail", "maximum picked from a partial table", "invented", "Which client ordered the most items?")
def _client_tail() -> Script:
    ctx = {"print_jobs": print_jobs()}
    code = "per_client = print_jobs.groupby('klient').naklad.sum()\nprint(per_client.tail(4))"
    p = compute(ctx, code)["per_client"]
    pick = p.tail(4).idxmax()
    return Script(ctx, [PRINT_LOOK, repl(code), f"FINAL({differs(pick, p.idxmax())} ordered the most: {p[pick]:,} items.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h6_ascending_programme_called_longest", "first row of an ascending sort called the highest", "invented",
      "Which programme runs longest?")
def _ascending_prog() -> Script:
    code = "dur = w.groupby('programme').minutes.mean().round(1).sort_values()\nprint(dur)"
    ctx, ns = with_wash(code)
    d = ns["dur"]
    return Script(ctx, [WASH_LOOK, PARSE_WASH, repl(code), f"FINAL({differs(d.index[0], d.idxmax())} runs longest, {d.iloc[0]} min on average.)"])


@case("h6_ascending_tech_called_top", "first row of an ascending sort called the highest", "invented", "Who did the most swaps?")
def _ascending_tech() -> Script:
    ctx = {"scooters": scooters()}
    code = "per_tech = scooters['swaps'].technician.value_counts().sort_values()\nprint(per_tech)"
    p = compute(ctx, code)["per_tech"]
    return Script(ctx, [SCOOT_LOOK, repl(code), f"FINAL({differs(p.index[0], p.idxmax())} did the most swaps: {p.iloc[0]}.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h6_morning_evening_swapped", "two labels' figures swapped", "invented", "Do more people skip the 7am classes or the evening ones?")
def _noshow_swapped() -> Script:
    code = ("grp = s[s.heure.isin(['07h00', '18h30', '20h00'])].groupby(s.heure == '07h00')\n"
            "absents = grp.apply(lambda g: round(g.no_show.sum() / g.reserves.sum() * 100, 1))\nprint(absents)")
    ctx, ns = with_gym(code)
    a = ns["absents"]
    assert a[True] > a[False]
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code),
                        f"FINAL(The evening ones: {a[True]}% of evening bookings are no-shows, against {a[False]}% at 7am.)"])


@case("h6_pilsner_ipa_abv_swapped_de", "two labels' figures swapped", "invented", "Hat das Pilsner (B2412) mehr Alkohol als das Hazy IPA (B2411)?")
def _abv_swapped() -> Script:
    ctx, ns = with_brew(BATCH_TABLE)
    a = ns["per_batch"].abv
    assert a["B2411"] > a["B2412"]
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(BATCH_TABLE),
                        f"FINAL(Ja: das Pilsner hat {de(a['B2411'])} % Alkohol, das Hazy IPA {de(a['B2412'])} %.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h6_attendance_drop_as_rise", "decrease reported as a rise", "invented", "How did attendance change from June to August?")
def _att_rise() -> Script:
    code = "p = s.groupby(s.when.dt.month).presents.sum()\nchange = round((p[8] / p[6] - 1) * 100, 1)\nprint(change)"
    ctx, ns = with_gym(code)
    c = ns["change"]
    assert c < 0
    return Script(ctx, [GYM_LOOK, PARSE_GYM, repl(code), f"FINAL(Attendance rose {abs(c)}% from June to August.)"])


@case("h6_produce_oct_nov_drop_as_rise", "decrease reported as a rise", "invented", "How did produce donations change from October to November?")
def _produce_rise() -> Script:
    code = ("prod = fb[fb.category == 'produce'].groupby(fb.day.dt.month).weight_lb.sum()\n"
            "print(round((prod[11] / prod[10] - 1) * 100, 1))")
    ctx, ns = with_food(code)
    p = ns["prod"]
    c = round((p[11] / p[10] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [FOOD_LOOK, PARSE_FOOD, repl(code), f"FINAL(Produce donations went up by {abs(c)}% from October to November.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h6_table_for_hostel_kg", "table returned for one figure", "invented", "How many kilos did the hostel send?")
def _table_hostel() -> Script:
    ctx = {"loads": loads()}
    code = "per_client = loads.groupby('client')[['kg', 'water_l']].sum()\nprint(per_client)"
    return Script(ctx, [WASH_LOOK, repl(code), "FINAL_VAR(per_client)"])


@case("h6_table_for_b2414_abv", "table returned for one figure", "invented", "What ABV did the Saison reach?")
def _table_saison() -> Script:
    ctx, _ = with_brew(BATCH_TABLE)
    return Script(ctx, [BREW_LOOK, PARSE_BREW, repl(BATCH_TABLE), "FINAL_VAR(per_batch)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h6_rewash_filtered_on_washer", "zero after filtering the wrong column", "invented", "How many loads were rewashed on W3?")
def _rewash_wrong_col() -> Script:
    ctx = {"loads": loads()}
    code = "n = int(((loads.programme == 'W3') & loads.rewash).sum())\nprint(n)"
    differs(0, int(((ctx["loads"].washer == "W3") & ctx["loads"].rewash).sum()))
    return Script(ctx, [WASH_LOOK, repl(code), "FINAL(0)"])


@case("h6_cmyk_filtered_on_product", "zero after filtering the wrong column", "invented", "How many jobs were printed in full colour?")
def _cmyk_wrong_col() -> Script:
    ctx = {"print_jobs": print_jobs()}
    code = "n_cmyk = int((print_jobs.produkt == 'CMYK').sum())\nprint(n_cmyk)"
    differs(0, int((ctx["print_jobs"].kolor == "CMYK").sum()))
    return Script(ctx, [PRINT_LOOK, repl(code), "FINAL(No jobs were printed in full colour: the count is 0.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h6_iso_date_in_sessions", "none found after searching a date in another format", "invented",
      "Did we run a Spinning class on 15 July?")
def _iso_in_gym() -> Script:
    ctx = {"sessions": sessions()}
    t = ctx["sessions"]
    code = "hits = sessions[(sessions.date == '2024-07-15') & (sessions.cours == 'Spinning')]\nprint(len(hits))"
    assert ((t.date == "15/07/2024") & (t.cours == "Spinning")).sum() > 0
    return Script(ctx, [GYM_LOOK, repl(code), "FINAL(No, there was no Spinning class on 15 July.)"])


@case("h6_iso_date_in_ferment_log", "none found after searching a date in another format", "invented",
      "Was FV3 logged on 10 March?")
def _iso_in_brew() -> Script:
    ctx = {"ferment_log": ferment_log()}
    code = "hits = [l for l in fl if l.startswith('2024-03-10') and ' FV3 ' in l]\nprint(len(hits))"
    assert sum(x.startswith("10-Mar-2024") and " FV3 " in x for x in ferment_log().splitlines()) > 0
    return Script(ctx, [BREW_LOOK, repl(code), "FINAL(No, FV3 has no readings on 10 March.)"])
