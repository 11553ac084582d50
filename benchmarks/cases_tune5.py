"""Acceptance cases, written as the fourth held-out set (``cases_holdout4``), now a tuning set.

It was written apart from the gates, to measure whether the policy generalises, and measured only for its aggregate
numbers (in RESULTS.md) until the stop after; then it was read case by case and tuned on, and ``cases_holdout5``
(now ``cases_tune6``) and ``cases_holdout6`` were written the same way to take its place.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune5``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a dairy farm's daily milk yield per cow, a car-rental
fleet (a dict of cars and rentals), an airport baggage-claim log (airline-style ``14AUG24`` dates), a wind farm's
turbine fault log (ISO timestamps whose offset changes with daylight saving time), a translation agency's jobs
(day-first text dates, rates in EUR per word), a podcast's episodes and monthly downloads with a running total,
a water utility's leak reports with free-text notes, a dental clinic's appointments with no-shows, a seed bank's
germination trials, and a ski area's lift-pass tariff in markdown. Each frame builder returns a fresh copy (model
code may change a frame in place).
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
BREED_BASE = {"Holstein": 33.0, "Jersey": 22.0, "Brown Swiss": 27.0}
FAT = {"Holstein": 3.8, "Jersey": 4.9, "Brown Swiss": 4.1}


def milk() -> pd.DataFrame:
    return _milk().copy()


@functools.lru_cache(maxsize=1)
def _milk(n_cows: int = 30, seed: int = 4401) -> pd.DataFrame:
    """Daily milk yield per cow, 1 January to 31 March 2024: litres, fat (%) and somatic cell count (thousand cells
    per ml). Most cows are past their lactation peak, so the herd's yield falls month by month."""
    rng = np.random.default_rng(seed)
    breeds = rng.choice(list(BREED_BASE), n_cows, p=[.6, .25, .15])
    names = ["Bella", "Daisy", "Rosa", "Mina", "Frieda", "Lotte", "Elsa", "Nora", "Greta", "Hilde", "Ida", "Jule",
             "Kira", "Luna", "Mona", "Nele", "Olga", "Paula", "Resi", "Sina", "Tilda", "Uschi", "Vera", "Wilma",
             "Xenia", "Yara", "Zora", "Anni", "Berta", "Clara"]
    dim0 = rng.integers(30, 230, n_cows)  # days in milk on 1 January
    days = pd.date_range("2024-01-01", "2024-03-31", freq="D")
    rows = []
    for i in range(n_cows):
        for k, day in enumerate(days):
            dim = int(dim0[i]) + k
            if dim > 305:  # dried off
                continue
            curve = 1 - 0.0024 * max(dim - 50, 0)
            litres = BREED_BASE[str(breeds[i])] * curve * rng.normal(1, 0.06)
            scc = rng.gamma(4.0, 25) + (500 if names[i] == "Greta" and 40 <= k < 52 else 0)
            rows.append((f"C{101 + i}", names[i], str(breeds[i]), day, round(litres, 1),
                         round(FAT[str(breeds[i])] + rng.normal(0, 0.15), 2), int(scc)))
    return pd.DataFrame(rows, columns=["cow_id", "name", "breed", "date", "litres", "fat_pct", "scc_k"])


BRANCHES = ["Lisbon Airport", "Porto", "Faro"]
MODELS = {"economy": ["Fiat Panda", "Renault Clio", "Kia Picanto"], "compact": ["VW Golf", "Peugeot 308", "Seat Leon"],
          "SUV": ["Dacia Duster", "Nissan Qashqai"], "van": ["Renault Trafic", "Ford Transit"]}
RATES = {"economy": 29.0, "compact": 39.0, "SUV": 55.0, "van": 72.0}


def fleet() -> dict[str, pd.DataFrame]:
    """A car-rental company's fleet and its rentals of January to June 2024, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _fleet().items()}


@functools.lru_cache(maxsize=1)
def _fleet(seed: int = 4402) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    n_cars = 36
    cat = rng.choice(list(MODELS), n_cars, p=[.35, .3, .2, .15])
    letters = "ABCDEFGHJKLMNPRSTUVXZ"
    cars = pd.DataFrame({
        "plate": [f"{rng.choice(list(letters))}{rng.choice(list(letters))}-{rng.integers(10, 99)}-"
                  f"{rng.choice(list(letters))}{rng.choice(list(letters))}" for _ in range(n_cars)],
        "model": [str(rng.choice(MODELS[c])) for c in cat], "category": cat,
        "branch": rng.choice(BRANCHES, n_cars, p=[.45, .3, .25]),
        "daily_rate_eur": [RATES[c] + float(rng.choice([0, 2, 4])) for c in cat],
        "first_registered": pd.Timestamp("2019-01-01") + pd.to_timedelta(rng.integers(0, 1800, n_cars), unit="D"),
    })
    n = 520
    month_weight = np.array([.1, .1, .14, .18, .2, .28])
    month = rng.choice(6, n, p=month_weight / month_weight.sum())
    pickup = (pd.to_datetime([f"2024-{m + 1:02d}-01" for m in month])
              + pd.to_timedelta(rng.integers(0, 28, n), unit="D") + pd.to_timedelta(rng.integers(8, 20, n), unit="h"))
    days = rng.choice([1, 2, 3, 4, 5, 7, 10, 14], n, p=[.12, .16, .18, .14, .12, .16, .07, .05])
    rentals = pd.DataFrame({
        "rental_id": [f"R-{240000 + i}" for i in range(n)],
        "plate": rng.choice(cars.plate, n),
        "customer_id": [f"K{k}" for k in rng.integers(1000, 1330, n)],
        "pickup": pickup, "days": days,
        "km": (days * rng.gamma(3, 35, n)).round().astype(int),
        "damage_eur": np.where(rng.random(n) < 0.06, rng.integers(80, 1400, n), 0),
    }).sort_values("pickup", ignore_index=True)
    return {"cars": cars, "rentals": rentals}


CARRIERS = [("TP1342", "LIS"), ("LH1170", "FRA"), ("FR8345", "STN"), ("U24821", "LGW"), ("KL1693", "AMS"),
            ("IB3108", "MAD"), ("LX2086", "ZRH"), ("AF1624", "CDG"), ("SK2617", "CPH"), ("W62305", "BUD")]


@functools.lru_cache(maxsize=1)
def baggage_log(bags: int = 2400, seed: int = 4403) -> str:
    """An airport's baggage-claim log, Monday 12 to Sunday 18 August 2024, local time: airline-style dates
    (``14AUG24``), the belt, the flight and its origin, the bag tag, the event (DELIVERED with the passenger's wait
    since on-block in seconds, or MISSING when a bag never came) and belt 6's slow weekend."""
    rng = np.random.default_rng(seed)
    seconds = np.sort(rng.integers(0, 7, bags) * 86400 + rng.integers(5 * 3600, 24 * 3600, bags))
    out = []
    for s in seconds:
        stamp = pd.Timestamp("2024-08-12") + pd.Timedelta(seconds=int(s))
        k = int(rng.choice(len(CARRIERS), p=[.16, .12, .14, .12, .1, .09, .07, .08, .06, .06]))
        flight, origin = CARRIERS[k]
        belt = 1 + (k % 8)
        tag = f"0{rng.integers(100, 999)}{rng.integers(100000, 999999)}"
        wait = rng.gamma(4.0, 160) + (600 if belt == 6 and stamp.day_of_week >= 5 else 0)
        missing = rng.random() < (0.035 if origin in ("STN", "LGW") else 0.012)
        day = f"{stamp:%d%b%y}".upper()
        event = "EVT=MISSING" if missing else f"EVT=DELIVERED WAIT={int(wait)}s"
        out.append(f"{day} {stamp:%H:%M:%S} BELT{belt:02d} {flight}/{origin} TAG={tag} {event}")
    return "\n".join(out)


FAULTS = {"E101": ("grid loss", 95), "E214": ("pitch motor overtemperature", 40), "E305": ("yaw misalignment", 25),
          "E410": ("gearbox oil temperature high", 180), "W020": ("icing suspected", 0)}


@functools.lru_cache(maxsize=1)
def turbine_log(events: int = 190, seed: int = 4404) -> str:
    """A wind farm's fault log, Monday 21 October to Sunday 3 November 2024, in Europe/Berlin time with ISO 8601
    offsets: +02:00 until the clocks went back on 27 October, +01:00 after. One line per fault: turbine, level
    (ALARM stops the turbine, WARN does not), code, description and the downtime in minutes."""
    rng = np.random.default_rng(seed)
    start = pd.Timestamp("2024-10-20 22:00", tz="UTC")
    seconds = np.sort(rng.integers(0, 14 * 86400, events))
    out = []
    for s in seconds:
        when = (start + pd.Timedelta(seconds=int(s))).tz_convert("Europe/Berlin")
        code = str(rng.choice(list(FAULTS), p=[.12, .34, .26, .08, .2]))
        if code == "W020" and when < pd.Timestamp("2024-10-29", tz="Europe/Berlin"):
            code = "E305"
        desc, mean = FAULTS[code]
        turbine = int(rng.choice(12, p=np.r_[[.06] * 6, [.05] * 5, [.39]] / np.r_[[.06] * 6, [.05] * 5, [.39]].sum())) + 1
        level = "WARN " if code.startswith("W") else "ALARM"
        down = 0 if mean == 0 else int(rng.gamma(2.0, mean / 2)) + 5
        out.append(f"{when.isoformat()} WTG-{turbine:02d} {level} {code} {desc}; downtime={down}min")
    return "\n".join(out)


CLIENTS = ["Alvorada Seguros", "Brandt Maschinenbau", "Château Liège SA", "Dalgaard Pharma", "Estrela Turismo",
           "Fenwick Legal LLP"]
PAIRS = {("EN", "PT"): 0.09, ("EN", "ES"): 0.09, ("DE", "EN"): 0.12, ("EN", "DE"): 0.13, ("FR", "EN"): 0.11,
         ("EN", "PL"): 0.08, ("EN", "NL"): 0.12}


def translation_jobs() -> pd.DataFrame:
    return _translation_jobs().copy()


@functools.lru_cache(maxsize=1)
def _translation_jobs(n: int = 260, seed: int = 4405) -> pd.DataFrame:
    """A translation agency's jobs of 2023 and 2024: client, language pair, words, rate (EUR per word), fee, the
    translator, and the received and delivered dates as day-first text (``03/04/2024`` is 3 April)."""
    rng = np.random.default_rng(seed)
    pairs = list(PAIRS)
    pair = [pairs[i] for i in rng.choice(len(pairs), n, p=[.2, .16, .16, .12, .14, .1, .12])]
    received = pd.Timestamp("2023-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 730, n)), unit="D")
    words = np.round(rng.gamma(1.8, 2600, n), -1).astype(int) + 200
    rate = np.array([PAIRS[p] for p in pair]) + rng.choice([0, 0.01, 0.02], n, p=[.6, .3, .1])
    turnaround = np.ceil(words / 2500).astype(int) + rng.integers(0, 4, n)
    translator = {("EN", "PT"): ["Inês", "Rui"], ("EN", "ES"): ["Lucía", "Pablo"], ("DE", "EN"): ["Hannah"],
                  ("EN", "DE"): ["Jonas", "Hannah"], ("FR", "EN"): ["Claire"], ("EN", "PL"): ["Kasia"],
                  ("EN", "NL"): ["Maarten", "Sanne"]}
    frame = pd.DataFrame({
        "job_id": [f"TJ-{d.year % 100}-{i + 1:04d}" for i, d in enumerate(received)],
        "client": rng.choice(CLIENTS, n, p=[.24, .2, .14, .16, .14, .12]),
        "source": [s for s, _ in pair], "target": [t for _, t in pair], "words": words,
        "rate_eur": rate.round(2), "translator": [str(rng.choice(translator[p])) for p in pair],
        "received": [f"{d:%d/%m/%Y}" for d in received],
        "delivered": [f"{d + pd.Timedelta(days=int(t)):%d/%m/%Y}" for d, t in zip(received, turnaround, strict=True)],
    })
    frame["fee_eur"] = (frame.words * frame.rate_eur).round(2)
    return frame


def episodes() -> pd.DataFrame:
    return _podcast()[0].copy()


def downloads() -> pd.DataFrame:
    return _podcast()[1].copy()


@functools.lru_cache(maxsize=1)
def _podcast(seed: int = 4406) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A weekly podcast: its episodes (published on Tuesdays from 4 July 2023 to 25 June 2024, with length, guest
    and downloads in the first 30 days), and the monthly downloads with the running total since launch."""
    rng = np.random.default_rng(seed)
    published = pd.date_range("2023-07-04", "2024-06-25", freq="7D")
    n = len(published)
    guests = ["", "", "Dr. Amara Osei", "Tomás Herrera", "Yuki Tanaka", "Priya Raman", "Lars Nyberg", "Nadia Haddad"]
    guest = [str(rng.choice(guests)) for _ in range(n)]
    minutes = np.round(rng.normal(48, 9, n) + np.array([12 if g else 0 for g in guest])).astype(int)
    base = np.linspace(2100, 3900, n) * rng.uniform(0.85, 1.15, n) * np.array([1.25 if g else 1.0 for g in guest])
    ep = pd.DataFrame({"episode": np.arange(1, n + 1), "published": published, "minutes": minutes, "guest": guest,
                       "downloads_30d": base.round().astype(int)})
    months = pd.period_range("2023-07", "2024-06", freq="M")
    monthly = np.array([9800, 11900, 13100, 14600, 15800, 12400, 16900, 17600, 18800, 18100, 20300, 21700])
    monthly = (monthly * rng.uniform(0.98, 1.02, len(months))).round().astype(int)
    dl = pd.DataFrame({"month": months.astype(str), "downloads": monthly, "total_since_launch": monthly.cumsum() + 4200})
    return ep, dl


DISTRICTS = ["Altstadt", "Nordhafen", "Birkenhain", "Südring", "Weststadt", "Mühlbach"]
MATERIALS = {"cast iron": 52, "asbestos cement": 45, "PVC": 28, "PE": 14}
NOTES = {"corrosion": "Main heavily corroded, pinhole leaks along the barrel.",
         "joint": "Joint failure at a lead-caulked socket.",
         "third party": "Pipe struck by a contractor's excavator.",
         "frost": "Circumferential crack after ground frost.",
         "roots": "Tree roots pushed into a joint."}


def leaks() -> pd.DataFrame:
    return _leaks().copy()


@functools.lru_cache(maxsize=1)
def _leaks(n: int = 310, seed: int = 4407) -> pd.DataFrame:
    """A water utility's leak reports of January to June 2024: district, when reported and repaired (missing: not
    yet repaired), pipe material and age, estimated water lost (m³), priority and the crew's note."""
    rng = np.random.default_rng(seed)
    material = rng.choice(list(MATERIALS), n, p=[.34, .2, .3, .16])
    age = np.clip(np.array([rng.normal(MATERIALS[m], 8) for m in material]), 2, 95).round().astype(int)
    day = np.sort(np.where(rng.random(n) < 0.3, rng.integers(0, 59, n), rng.integers(0, 182, n)))
    frost = day < 45
    cause = [str(rng.choice(list(NOTES), p=[.15, .15, .1, .5, .1] if f else [.4, .28, .16, .02, .14])) for f in frost]
    reported = pd.Timestamp("2024-01-01") + pd.to_timedelta(day * 1440 + rng.integers(0, 1440, n), unit="min")
    hours = rng.gamma(2.0, 14, n)
    repaired = pd.Series(reported + pd.to_timedelta(hours.round(1), unit="h"))
    repaired[(reported > pd.Timestamp("2024-06-20")) & (rng.random(n) < 0.6)] = pd.NaT
    return pd.DataFrame({
        "report_id": [f"LK-{7100 + i}" for i in range(n)],
        "district": rng.choice(DISTRICTS, n, p=[.22, .14, .12, .2, .18, .14]),
        "reported": reported, "repaired": repaired, "material": material, "pipe_age_years": age,
        "loss_m3": (age * rng.gamma(2.0, 1.1, n) + rng.gamma(1.5, 6, n)).round(1),
        "priority": rng.choice(["P1", "P2", "P3"], n, p=[.15, .45, .4]),
        "note": [NOTES[c] for c in cause],
    })


DENTISTS = ["Dr. Okafor", "Dr. Lindqvist", "Dr. Sá"]
TREATMENTS = {"check-up": 45.0, "cleaning": 70.0, "filling": 120.0, "root canal": 480.0, "extraction": 150.0,
              "whitening": 290.0}


def appointments() -> pd.DataFrame:
    return _appointments().copy()


@functools.lru_cache(maxsize=1)
def _appointments(n: int = 900, seed: int = 4408) -> pd.DataFrame:
    """A dental clinic's appointments, April to June 2024 (Monday to Friday): patient (many come more than once),
    dentist, start, treatment, fee in euros and the status (attended, no-show, cancelled)."""
    rng = np.random.default_rng(seed)
    days = pd.bdate_range("2024-04-01", "2024-06-28")
    start = (days[rng.integers(0, len(days), n)] + pd.to_timedelta(rng.integers(16, 36, n) * 30, unit="min"))
    treat = rng.choice(list(TREATMENTS), n, p=[.3, .25, .22, .08, .08, .07])
    monday_am = np.asarray((start.day_of_week == 0) & (start.hour < 12))
    p_noshow = np.where(monday_am, 0.28, 0.07)
    u = rng.random(n)
    status = np.where(u < p_noshow, "no-show", np.where(u < p_noshow + 0.06, "cancelled", "attended"))
    frame = pd.DataFrame({
        "appt_id": [f"AP{50000 + i}" for i in range(n)],
        "patient_id": [f"PT-{k}" for k in rng.integers(300, 720, n)],
        "dentist": rng.choice(DENTISTS, n, p=[.4, .35, .25]), "start": start, "treatment": treat,
        "fee_eur": [round(TREATMENTS[t] * float(rng.choice([1.0, 1.0, 1.1, 1.25])), 2) for t in treat],
        "status": status,
    })
    return frame.sort_values("start", ignore_index=True)


SPECIES = ["Triticum aestivum", "Hordeum vulgare", "Pisum sativum", "Phaseolus vulgaris", "Brassica oleracea",
           "Lactuca sativa"]
LONGEVITY = {"Triticum aestivum": 0.018, "Hordeum vulgare": 0.015, "Pisum sativum": 0.012, "Phaseolus vulgaris": 0.014,
             "Brassica oleracea": 0.02, "Lactuca sativa": 0.03}


def trials() -> pd.DataFrame:
    return _trials().copy()


@functools.lru_cache(maxsize=1)
def _trials(n: int = 180, seed: int = 4409) -> pd.DataFrame:
    """A seed bank's germination trials: accession, species, years in storage, trial temperature (°C), seeds sown
    and germinated. Germination falls with storage time, faster for lettuce."""
    rng = np.random.default_rng(seed)
    species = rng.choice(SPECIES, n)
    years = rng.integers(0, 31, n)
    temp = rng.choice([15, 20, 25], n)
    sown = rng.choice([50, 100], n)
    p = np.clip(np.array([0.96 - LONGEVITY[s] * y for s, y in zip(species, years, strict=True)])
                - np.where(temp == 25, 0.05, 0) + rng.normal(0, 0.03, n), 0.02, 0.99)
    return pd.DataFrame({
        "accession": [f"SB-{3000 + i}" for i in range(n)], "species": species, "storage_years": years,
        "trial_temp_c": temp, "sown": sown, "germinated": rng.binomial(sown, p),
        "trial_date": pd.Timestamp("2024-02-05") + pd.to_timedelta(rng.integers(0, 60, n), unit="D"),
    })


TARIFF = """# Serra Alta ski area: lift passes and rules, season 2024/25

Valid from 7 December 2024 to 13 April 2025. Prices in EUR, VAT included.

## Prices

| Pass | Adult | Youth (12-17) | Child (6-11) | Senior (65+) |
| --- | --- | --- | --- | --- |
| Half day (from 12:30) | 41 | 33 | 24 | 36 |
| Day | 58 | 46 | 34 | 50 |
| 3 days | 162 | 129 | 95 | 140 |
| 6 days | 298 | 238 | 175 | 259 |
| Season | 745 | 560 | 390 | 610 |

Children under 6 ski free with a paying adult. Ages are counted on the first day of validity.

## Key card

Passes are loaded on a key card with a EUR 5 deposit, refunded when the card is returned at any ticket office.

## Opening hours

Lifts run from 08:45 to 16:30; from 1 March to closing day, until 17:00. Night skiing on the Pico run on Tuesdays and
Fridays from 18:30 to 21:30 costs EUR 22 (EUR 12 with a valid day or multi-day pass).

## Refunds

Passes of 3 days or more are refunded pro rata after an injury, with a doctor's certificate, from the day after the
certificate is issued. Day and half-day passes are not refunded. If fewer than 30% of the lifts run because of the
weather, holders of a day pass get a voucher for another day of the same season.
"""


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
MILK_LOOK = repl("print(milk.shape)\nprint(milk.head())\nprint(milk.date.min(), milk.date.max(), milk.cow_id.nunique())",
                 "Let me look at the milk records first.")
FLEET_LOOK = repl("for name, t in fleet.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                  "Two tables; a look at both.")
BAG_LOOK = repl("bag = baggage_log.splitlines()\nprint(len(bag))\nprint('\\n'.join(bag[:4]))", "The log format first.")
TURB_LOOK = repl("tl = turbine_log.splitlines()\nprint(len(tl))\nprint('\\n'.join(tl[:4]))\nprint(tl[-1])")
TJ_LOOK = repl("print(translation_jobs.shape)\nprint(translation_jobs.head())\nprint(translation_jobs.dtypes)",
               "Let me see the jobs table.")
POD_LOOK = repl("print(episodes.shape)\nprint(episodes.head())\nprint(downloads)", "Two tables: episodes and monthly downloads.")
LEAK_LOOK = repl("print(leaks.shape)\nprint(leaks.head())\nprint(leaks.dtypes)")
DENT_LOOK = repl("print(appointments.shape)\nprint(appointments.head())\nprint(appointments.status.unique())",
                 "Exploring the appointments first.")
SEED_LOOK = repl("print(trials.shape)\nprint(trials.head())")
TARIFF_LOOK = repl("print(len(tariff))\nprint(tariff[:700])")

# Parsing steps (run in the same namespace before a question's own code).
BAG_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\d{2}[A-Z]{3}\\d{2}) ([\\d:]{8}) BELT(\\d{2}) (\\w+)/(\\w{3}) TAG=(\\d+) EVT=(\\w+)(?: WAIT=(\\d+)s)?')\n"
    "bags = pd.DataFrame([rx.match(l).groups() for l in bag],\n"
    "                    columns=['day', 'time', 'belt', 'flight', 'origin', 'tag', 'event', 'wait_s'])\n"
    "bags['ts'] = pd.to_datetime(bags.day + ' ' + bags.time, format='%d%b%y %H:%M:%S')\n"
    "bags['belt'] = bags.belt.astype(int)\nbags['wait_s'] = pd.to_numeric(bags.wait_s)\n"
    "print(bags.shape)\nprint(bags.head(3))")
TURB_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\S+) (WTG-\\d+) (\\w+)\\s+(\\w+) ([^;]+); downtime=(\\d+)min')\n"
    "faults = pd.DataFrame([rx.match(l).groups() for l in tl],\n"
    "                      columns=['local', 'turbine', 'level', 'code', 'desc', 'down_min'])\n"
    "faults['utc'] = pd.to_datetime(faults.local, utc=True)\nfaults['down_min'] = faults.down_min.astype(int)\n"
    "print(faults.shape)\nprint(faults.head(3))")
TJ_PARSE = ("import pandas as pd\ntj = translation_jobs.copy()\n"
            "tj['received_dt'] = pd.to_datetime(tj.received, format='%d/%m/%Y')\n"
            "tj['delivered_dt'] = pd.to_datetime(tj.delivered, format='%d/%m/%Y')\n"
            "tj['year'] = tj.received_dt.dt.year\nprint(tj.year.value_counts().sort_index())")
PARSE_BAG = repl(BAG_PARSE, "Airline-style dates (14AUG24), one bag per line; parsing into a table.")
PARSE_TURB = repl(TURB_PARSE, "ISO timestamps with offsets that change at the end of DST; parsing to UTC.")
PARSE_TJ = repl(TJ_PARSE, "The dates are day-first text; converting them.")
RENTALS_JOIN = ("r = fleet['rentals'].merge(fleet['cars'], on='plate', how='left')\n"
                "r['revenue_eur'] = r.days * r.daily_rate_eur\nprint(r.shape)")


def with_bags(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A baggage-log case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"baggage_log": baggage_log()}
    return ctx, compute({**ctx, "bag": baggage_log().splitlines()}, BAG_PARSE + "\n" + code)


def with_faults(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"turbine_log": turbine_log()}
    return ctx, compute({**ctx, "tl": turbine_log().splitlines()}, TURB_PARSE + "\n" + code)


def with_tj(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"translation_jobs": translation_jobs()}
    return ctx, compute(ctx, TJ_PARSE + "\n" + code)


def with_rentals(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"fleet": fleet()}
    return ctx, compute(ctx, RENTALS_JOIN + "\n" + code)


def de(x: float, decimals: int = 1) -> str:
    """German digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def comma(x: float, decimals: int = 1) -> str:
    """Decimal comma, no thousands separator: ``1234,5``."""
    return f"{x:.{decimals}f}".replace(".", ",")


def pt(x: float) -> str:
    """Portuguese whole numbers: ``51.165``."""
    return f"{x:,.0f}".replace(",", ".")


def mmss(seconds: float) -> str:
    return f"{int(seconds) // 60} min {int(seconds) % 60:02d} s"


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
CAUSE_LABELS = {"corrosion": "corroded mains", "joint": "failed joints", "third party": "third-party strikes",
                "frost": "frost cracks", "roots": "root intrusion"}


def sub_model() -> RuleBasedSubModel:
    def causes(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {CAUSE_LABELS[k]: text.count(v) for k, v in NOTES.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{sum(counts.values())} notes. Causes, most frequent first: "
                + "; ".join(f"{label} ({k})" for label, k in ranked) + ".")

    def frost(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count(NOTES['frost'])} of these notes describe frost damage."

    def refund(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Passes of 3 days or more[^\n]*\n[^\n]*", request.last_user)
        return " ".join(found.group(0).split()) if found else "NONE"

    def missing(_: re.Match[str], request: ChatRequest) -> str:
        flights = re.findall(r"(\w+)/(\w{3}) TAG=\d+ EVT=MISSING", request.last_user)
        per = {f"{f} from {o}": flights.count((f, o)) for f, o in sorted(set(flights))}
        ranked = sorted(per.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{len(flights)} bags are missing. Most came on {ranked[0][0]} ({ranked[0][1]}) and "
                f"{ranked[1][0]} ({ranked[1][1]}); no other flight has more than {ranked[2][1]}.")

    return RuleBasedSubModel([(r"\AWhat caused these leaks", causes), (r"\AHow many of these notes describe frost", frost),
                              (r"\AQuote the tariff's refund rule", refund),
                              (r"\AWhich flights did the missing bags come on", missing)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h4_jersey_daily_yield_describe", "describe() statistic", "legit", "What does a Jersey cow typically give per day?")
def _jersey_describe() -> Script:
    ctx = {"milk": milk()}
    code = "jersey = milk[milk.breed == 'Jersey']\nprint(jersey.litres.describe().round(2))"
    d = compute(ctx, code)["jersey"].litres.describe().round(2)
    final = (f"FINAL(Typically about {d['50%']:g} litres a day: that is the median over {d['count']:.0f} cow-days of "
             f"Jersey milkings, with the middle half between {d['25%']:g} and {d['75%']:g} litres (mean {d['mean']:g}).)")
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(jersey.litres.median(), jersey.litres.quantile([.25, .75]))"), final])


@case("h4_bag_wait_upper_quartile", "describe() statistic", "legit",
      "How long do passengers wait for their bags? Include the upper quartile.")
def _bag_wait_describe() -> Script:
    code = "print(bags.wait_s.describe().round(1))"
    ctx, ns = with_bags(code)
    d = ns["bags"].wait_s.describe().round(1)
    final = (f"FINAL(The median wait is {d['50%']:.0f} s ({mmss(d['50%'])}); a quarter of passengers wait "
             f"{d['75%']:.0f} s ({mmss(d['75%'])}) or longer, and the mean is {d['mean']} s over {d['count']:.0f} "
             "delivered bags.)")
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), final], [repl("print(bags.wait_s.quantile([.5, .75]))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h4_leak_loss_by_material_bullets", "bullet list of figures", "legit", "How much water did the leaks lose, by pipe material?")
def _loss_bullets() -> Script:
    ctx = {"leaks": leaks()}
    code = "by_material = leaks.groupby('material').loss_m3.sum().round(1).sort_values(ascending=False)\nprint(by_material)"
    b = compute(ctx, code)["by_material"]
    final = ("FINAL(Estimated water lost, January to June 2024:\n" + "\n".join(f"- {k}: {v:,.1f} m³" for k, v in b.items())
             + ")")
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(by_material.to_string())"), final])


@case("h4_translator_words_2024_bullets", "bullet list of figures", "legit", "How many words did each translator take on in 2024?")
def _translator_bullets() -> Script:
    code = "words_24 = tj[tj.year == 2024].groupby('translator').words.sum().sort_values(ascending=False)\nprint(words_24)"
    ctx, ns = with_tj(code)
    w = ns["words_24"]
    final = "FINAL(Words received in 2024, per translator:\n\n" + "\n".join(f"* **{k}**: {v:,} words" for k, v in w.items()) + ")"
    return Script(ctx, [TJ_LOOK, PARSE_TJ, repl(code), final], [repl("print(words_24.to_dict())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
DENTIST_TABLE = ("by_dentist = appointments.groupby('dentist').agg(booked=('appt_id', 'count'),\n"
                 "                                                 no_shows=('status', lambda s: (s == 'no-show').sum()))\n"
                 "by_dentist['rate_pct'] = (by_dentist.no_shows / by_dentist.booked * 100).round(1)\nprint(by_dentist)")


@case("h4_dentist_noshow_table", "markdown table in text", "legit", "Compare the dentists on bookings and no-shows.")
def _dentist_table() -> Script:
    ctx = {"appointments": appointments()}
    t = compute(ctx, DENTIST_TABLE)["by_dentist"]
    rows = "\n".join(f"| {r.Index} | {r.booked} | {r.no_shows} | {r.rate_pct:.1f}% |" for r in t.itertuples())
    final = ("FINAL(April to June 2024:\n\n| Dentist | Booked | No-shows | No-show rate |\n|---|--:|--:|--:|\n" + rows
             + f"\n| All | {t.booked.sum()} | {t.no_shows.sum()} | |)")
    return Script(ctx, [DENT_LOOK, repl(DENTIST_TABLE), final], [repl("print(by_dentist.to_string())\nprint(by_dentist.sum())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h4_km_per_rental", "value with a unit", "legit", "How far does a customer drive per rental?")
def _km_per_rental() -> Script:
    ctx = {"fleet": fleet()}
    code = "km = fleet['rentals'].km\nprint(round(km.mean(), 1), km.median(), len(km))"
    k = ctx["fleet"]["rentals"].km
    final = f"FINAL({k.mean():.1f} km per rental on average (median {k.median():g} km, over {len(k)} rentals).)"
    return Script(ctx, [FLEET_LOOK, repl(code), final], [repl("print(f'{km.mean():.1f} km')"), final])


@case("h4_gearbox_downtime_hours", "value with a unit", "legit",
      "How long were turbines stopped by gearbox oil temperature alarms in total?")
def _gearbox_hours() -> Script:
    code = "gb = faults[faults.code == 'E410']\nprint(len(gb), gb.down_min.sum())"
    ctx, ns = with_faults(code)
    g = ns["gb"]
    m = int(g.down_min.sum())
    final = f"FINAL({m:,} minutes over {len(g)} E410 alarms, i.e. about {m / 60:.1f} hours of lost running time.)"
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), final], [repl("print(round(gb.down_min.sum() / 60, 1), 'h')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h4_storage_years_range", "range from min to max", "legit", "How long had the tested seed lots been in storage?")
def _storage_range() -> Script:
    ctx = {"trials": trials()}
    code = "print(trials.storage_years.agg(['min', 'median', 'max']))"
    y = ctx["trials"].storage_years
    final = f"FINAL(Between {y.min()} and {y.max()} years (median {y.median():g} years) across the {len(y)} trials.)"
    return Script(ctx, [SEED_LOOK, repl(code), final], [repl("print(trials.storage_years.min(), trials.storage_years.max())"), final])


@case("h4_episode_length_range", "range from min to max", "legit", "How long are the episodes, shortest to longest?")
def _episode_range() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = ("ends = episodes.loc[[episodes.minutes.idxmin(), episodes.minutes.idxmax()], ['episode', 'minutes', 'guest']]\n"
            "print(ends)\nprint(round(episodes.minutes.mean(), 1))")
    e = ctx["episodes"]
    short, long_ = e.loc[e.minutes.idxmin()], e.loc[e.minutes.idxmax()]
    final = (f"FINAL(From {short.minutes} minutes (episode {short.episode}) to {long_.minutes} minutes (episode "
             f"{long_.episode}), {e.minutes.mean():.1f} minutes on average.)")
    return Script(ctx, [POD_LOOK, repl(code), final], [repl("print(episodes.minutes.agg(['min', 'max']).tolist())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h4_guest_vs_solo_downloads", "two groups compared", "legit", "Do episodes with a guest get more downloads than solo ones?")
def _guest_vs_solo() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = ("with_guest = episodes.guest != ''\n"
            "print('guest', episodes[with_guest].downloads_30d.mean().round(1), with_guest.sum())\n"
            "print('solo', episodes[~with_guest].downloads_30d.mean().round(1), (~with_guest).sum())")
    e = ctx["episodes"]
    g, s = e[e.guest != ""].downloads_30d.mean().round(1), e[e.guest == ""].downloads_30d.mean().round(1)
    assert g > s
    final = (f"FINAL(Yes. Guest episodes average {g:,.1f} downloads in their first 30 days against {s:,.1f} for solo "
             f"episodes, about {(g / s - 1) * 100:.0f}% more.)")
    return Script(ctx, [POD_LOOK, repl(code), final],
                  [repl("print(round((episodes[with_guest].downloads_30d.mean() / episodes[~with_guest].downloads_30d.mean() - 1) * 100))"), final])


@case("h4_monday_morning_noshows_de", "two groups compared", "legit",
      "Erscheinen Patienten montagvormittags häufiger nicht zum Termin als sonst?")
def _monday_de() -> Script:
    ctx = {"appointments": appointments()}
    code = ("mo_vm = (appointments.start.dt.day_of_week == 0) & (appointments.start.dt.hour < 12)\n"
            "quote = appointments.groupby(mo_vm).status.apply(lambda s: round((s == 'no-show').mean() * 100, 1))\n"
            "print(quote)\nprint(mo_vm.sum(), (~mo_vm).sum())")
    q = compute(ctx, code)["quote"]
    assert q[True] > 2 * q[False]
    final = (f"FINAL(Ja, deutlich: Montagvormittag liegt die No-Show-Quote bei {comma(q[True])} %, zu allen anderen Zeiten "
             f"bei {comma(q[False])} %, also mehr als doppelt so hoch.)")
    return Script(ctx, [DENT_LOOK, repl(code), final], [repl("print(quote[True], quote[False], round(quote[True] / quote[False], 1))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h4_missing_bags_out_of", "X out of Y", "legit", "How many bags never made it to the belt?")
def _missing_of() -> Script:
    code = "print((bags.event == 'MISSING').sum(), len(bags))"
    ctx, ns = with_bags(code)
    b = ns["bags"]
    k, n = int((b.event == "MISSING").sum()), len(b)
    final = f"FINAL({k} of the {n:,} bags logged that week were reported missing ({k / n:.2%}).)"
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), final], [repl("print(f\"{(bags.event == 'MISSING').mean():.2%}\")"), final])


@case("h4_unrepaired_june_fr", "X out of Y", "legit", "Combien de fuites signalées en juin ne sont toujours pas réparées ?")
def _unrepaired_fr() -> Script:
    ctx = {"leaks": leaks()}
    code = "juin = leaks[leaks.reported.dt.month == 6]\nprint(juin.repaired.isna().sum(), len(juin))"
    j = compute(ctx, code)["juin"]
    k, n = int(j.repaired.isna().sum()), len(j)
    assert k > 0
    final = f"FINAL({k} des {n} fuites signalées en juin 2024 ne sont pas encore réparées.)"
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(juin.repaired.isna().sum())"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h4_downloads_nov_to_dec", "period-over-period change", "legit", "How did downloads change from November to December 2023?")
def _nov_dec() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = "dl = downloads.set_index('month').downloads\nprint(dl.loc['2023-10':'2024-01'])\nprint(round((dl['2023-12'] / dl['2023-11'] - 1) * 100, 1))"
    dl = ctx["downloads"].set_index("month").downloads
    a, b = dl["2023-11"], dl["2023-12"]
    assert b < a
    final = (f"FINAL(They fell from {a:,} in November to {b:,} in December, {a - b:,} fewer downloads "
             f"({(b / a - 1) * 100:.1f}%), before recovering in January.)")
    return Script(ctx, [POD_LOOK, repl(code), final], [repl("print(dl['2023-11'] - dl['2023-12'])"), final])


@case("h4_rentals_may_to_june_pt", "period-over-period change", "legit", "Quanto cresceram os alugueres de maio para junho?")
def _may_june_pt() -> Script:
    ctx = {"fleet": fleet()}
    code = "al = fleet['rentals']\npor_mes = al.groupby(al.pickup.dt.month).size()\nprint(por_mes)"
    p = compute(ctx, code)["por_mes"]
    a, b = p[5], p[6]
    assert b > a
    final = f"FINAL(Passaram de {a} alugueres em maio para {b} em junho: mais {b - a}, um aumento de {comma((b / a - 1) * 100)} %.)"
    return Script(ctx, [FLEET_LOOK, repl(code), final], [repl("print(por_mes[6] - por_mes[5], round((por_mes[6] / por_mes[5] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h4_top3_alarm_turbines", "top-N list by code", "legit", "Which three turbines raised the most alarms?")
def _top3_turbines() -> Script:
    code = "top3 = faults[faults.level == 'ALARM'].turbine.value_counts().head(3)\nprint(top3)"
    ctx, ns = with_faults(code)
    t = ns["top3"]
    final = "FINAL(" + "; ".join(f"{i}. {k} ({v} alarms)" for i, (k, v) in enumerate(t.items(), 1)) + ".)"
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), final], [repl("print(top3.index.tolist())"), final])


@case("h4_top5_clients_by_fees", "top-N list by code", "legit", "Who are our five biggest clients by fees billed?")
def _top5_clients() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    code = "top5 = translation_jobs.groupby('client').fee_eur.sum().nlargest(5).round(2)\nprint(top5)"
    t = compute(ctx, code)["top5"]
    final = "FINAL(Top five clients by fees, 2023 and 2024 together:\n" + "\n".join(
        f"{i}. {k} — €{v:,.2f}" for i, (k, v) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [TJ_LOOK, repl(code), final], [repl("print(top5.to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h4_herd_fat_sig_figs", "significant figures", "legit", "What is the herd's average butterfat?")
def _fat_sig() -> Script:
    ctx = {"milk": milk()}
    code = "print(milk.fat_pct.mean())"
    m = ctx["milk"].fat_pct.mean()
    final = f"FINAL(About {m:.1f}% ({m:.2f}% to two decimals), averaged over every cow-day of the quarter.)"
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(round(milk.fat_pct.mean(), 2))"), final])


@case("h4_fees_three_sig", "significant figures", "legit", "Roughly how much have we billed in total?")
def _fees_sig() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    code = "total_fees = translation_jobs.fee_eur.sum()\nprint(total_fees)"
    t = compute(ctx, code)["total_fees"]
    final = f"FINAL(Roughly €{t / 1000:,.0f} thousand over 2023 and 2024 (exactly €{t:,.2f}).)"
    return Script(ctx, [TJ_LOOK, repl(code), final], [repl("print(round(total_fees / 1000))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h4_yield_change_jan_mar_negative", "negative figure", "legit",
      "How did the average daily yield per cow change from January to March?")
def _yield_change() -> Script:
    ctx = {"milk": milk()}
    code = ("per_cow_day = milk.groupby(milk.date.dt.month).litres.mean().round(2)\nprint(per_cow_day)\n"
            "print(round(per_cow_day[3] - per_cow_day[1], 2))")
    p = compute(ctx, code)["per_cow_day"]
    d = round(p[3] - p[1], 2)
    assert d < 0
    final = (f"FINAL({d} litres per cow per day: the average fell from {p[1]} l in January to {p[3]} l in March, as "
             "most of the herd moves past its lactation peak.)")
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(round(per_cow_day[3] - per_cow_day[1], 2))"), final])


@case("h4_december_change_negative_pct", "negative figure", "legit",
      "What was the month-on-month growth of downloads in December 2023, in percent?")
def _dec_pct() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = "growth = (downloads.set_index('month').downloads.pct_change() * 100).round(1)\nprint(growth)"
    g = compute(ctx, code)["growth"]["2023-12"]
    assert g < 0
    final = f"FINAL({g}%: December 2023 was the only month with a drop of more than 10% on the month before.)"
    assert (compute(ctx, code)["growth"] < -10).sum() == 1
    return Script(ctx, [POD_LOOK, repl(code), final], [repl("print(growth['2023-12'], (growth < -10).sum())"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h4_longest_wait_bag_tag", "quoted log line or ID", "legit", "Which bag took longest to come out? Give me its tag.")
def _longest_tag() -> Script:
    code = "slow = bags.loc[bags.wait_s.idxmax()]\nprint(slow.to_string())"
    ctx, ns = with_bags(code)
    s = ns["slow"]
    final = (f"FINAL(Tag {s.tag}, off {s.flight} from {s.origin} on belt {s.belt}: it came out after {s.wait_s:.0f} s "
             f"({mmss(s.wait_s)}) on {s.ts:%A %-d %B} at {s.ts:%H:%M}.)")
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), final], [repl("print(slow.tag, slow.wait_s)"), final])


@case("h4_longest_stop_log_line", "quoted log line or ID", "legit", "Quote the log line of the longest single turbine stop.")
def _longest_stop_line() -> Script:
    ctx = {"turbine_log": turbine_log()}
    code = ("import re\nlongest = max(tl, key=lambda l: int(re.search(r'downtime=(\\d+)min', l).group(1)))\nprint(longest)")
    line = compute({**ctx, "tl": turbine_log().splitlines()}, code)["longest"]
    final = f"FINAL(The longest stop in the log:\n\n`{line}`)"
    return Script(ctx, [TURB_LOOK, repl(code), final], [repl("print(longest)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h4_frost_cracks_count", "count off value_counts", "legit", "How many leaks were frost cracks?")
def _frost_count() -> Script:
    ctx = {"leaks": leaks()}
    code = "print(leaks.note.value_counts())"
    k = int(ctx["leaks"].note.value_counts()[NOTES["frost"]])
    final = f"FINAL({k} of the reported leaks were circumferential cracks after ground frost.)"
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(leaks.note.str.contains('frost').sum())"), final])


@case("h4_root_canals_es", "count off value_counts", "legit", "¿Cuántas endodoncias (root canal) se programaron?")
def _root_canal_es() -> Script:
    ctx = {"appointments": appointments()}
    code = "print(appointments.treatment.value_counts())"
    k = int(ctx["appointments"].treatment.value_counts()["root canal"])
    final = f"FINAL(Se programaron {k} endodoncias entre abril y junio de 2024.)"
    return Script(ctx, [DENT_LOOK, repl(code), final], [repl("print((appointments.treatment == 'root canal').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h4_first_missing_bag", "date from a log timestamp", "legit", "When was the first bag reported missing?")
def _first_missing() -> Script:
    ctx = {"baggage_log": baggage_log()}
    code = "first_missing = next(l for l in bag if 'EVT=MISSING' in l)\nprint(first_missing)"
    line = compute({**ctx, "bag": baggage_log().splitlines()}, code)["first_missing"]
    day, clock, _, flight = line.split()[:4]
    when = pd.to_datetime(f"{day} {clock}", format="%d%b%y %H:%M:%S")
    final = f"FINAL(On {when:%A} {when.day} {when:%B %Y} at {clock}, a bag off {flight.replace('/', ' from ')}.)"
    return Script(ctx, [BAG_LOOK, repl(code), final], [repl("print(first_missing.split()[:2])"), final])


@case("h4_first_icing_warning", "date from a log timestamp", "legit", "When did the first icing warning come in, and on which turbine?")
def _first_icing() -> Script:
    ctx = {"turbine_log": turbine_log()}
    code = "icing = [l for l in tl if ' W020 ' in l]\nprint(len(icing))\nprint(icing[0])"
    line = compute({**ctx, "tl": turbine_log().splitlines()}, code)["icing"][0]
    t = pd.Timestamp(line.split()[0])
    final = f"FINAL(On {t:%A} {t.day} {t:%B} at {t:%H:%M} local time, on {line.split()[1]}.)"
    return Script(ctx, [TURB_LOOK, repl(code), final], [repl("print(icing[0][:25], icing[0].split()[1])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h4_noshow_weekday", "week, weekday or time of day", "legit", "On which weekday do patients miss their appointments most?")
def _noshow_weekday() -> Script:
    ctx = {"appointments": appointments()}
    code = ("ns = appointments[appointments.status == 'no-show']\nper_day = ns.start.dt.day_name().value_counts()\n"
            "print(per_day)")
    p = compute(ctx, code)["per_day"]
    assert p.iloc[0] > p.iloc[1]
    final = f"FINAL(On Mondays: {p.iloc[0]} of the {p.sum()} no-shows, well ahead of {p.index[1]} ({p.iloc[1]}).)"
    assert p.index[0] == "Monday"
    return Script(ctx, [DENT_LOOK, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


@case("h4_belt6_weekend", "week, weekday or time of day", "legit", "Is belt 6 slower on some days of the week?")
def _belt6_weekend() -> Script:
    code = ("b6 = bags[bags.belt == 6]\nby_day = b6.groupby(b6.ts.dt.day_name()).wait_s.mean().round(0)\n"
            "print(by_day.sort_values())")
    ctx, ns = with_bags(code)
    d = ns["by_day"]
    weekend = d[["Saturday", "Sunday"]]
    week = d.drop(["Saturday", "Sunday"])
    assert weekend.min() > week.max()
    final = (f"FINAL(Yes, at the weekend: bags on belt 6 took {weekend['Saturday']:.0f} s on Saturday and "
             f"{weekend['Sunday']:.0f} s on Sunday on average, against {week.min():.0f} to {week.max():.0f} s on weekdays.)")
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), final], [repl("print(by_day[['Saturday', 'Sunday']], by_day.drop(['Saturday', 'Sunday']).agg(['min', 'max']))"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h4_words_2024_mil_pt", "locale number abbreviation", "legit", "Quantas palavras recebemos para traduzir em 2024?")
def _words_mil() -> Script:
    code = "print(tj.groupby('year').words.sum())"
    ctx, ns = with_tj(code)
    w = int(ns["tj"].groupby("year").words.sum()[2024])
    final = f"FINAL(Cerca de {round(w / 1000)} mil palavras em 2024 ({w:,} ao certo)".replace(",", ".") + ".)"
    return Script(ctx, [TJ_LOOK, PARSE_TJ, repl(code), final], [repl("print(round(tj[tj.year == 2024].words.sum() / 1000))"), final])


@case("h4_january_litres_mil_es", "locale number abbreviation", "legit", "¿Cuántos litros de leche dio el rebaño en enero?")
def _january_mil() -> Script:
    ctx = {"milk": milk()}
    code = "por_mes = milk.groupby(milk.date.dt.month).litres.sum().round(1)\nprint(por_mes)"
    v = compute(ctx, code)["por_mes"][1]
    final = f"FINAL(Unos {round(v / 1000)} mil litros en enero de 2024 ({de(v, 1)} l exactos).)"
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(round(por_mes[1] / 1000))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h4_revenue_by_branch", "joined tables", "legit", "Which branch earned the most rental revenue (days times the daily rate)?")
def _branch_revenue() -> Script:
    code = "by_branch = r.groupby('branch').revenue_eur.sum().sort_values(ascending=False)\nprint(by_branch)"
    ctx, ns = with_rentals(code)
    b = ns["by_branch"]
    final = (f"FINAL({b.index[0]}: €{b.iloc[0]:,.0f} from rental days, ahead of {b.index[1]} (€{b.iloc[1]:,.0f}) and "
             f"{b.index[2]} (€{b.iloc[2]:,.0f}).)")
    return Script(ctx, [FLEET_LOOK, repl(RENTALS_JOIN), repl(code), final], [repl("print(by_branch.idxmax(), by_branch.max())"), final])


@case("h4_km_per_day_by_category", "joined tables", "legit", "Which car category is driven furthest per rental day?")
def _km_per_day() -> Script:
    code = "per_day = (r.groupby('category').km.sum() / r.groupby('category').days.sum()).round(1)\nprint(per_day.sort_values())"
    ctx, ns = with_rentals(code)
    p = ns["per_day"].sort_values()
    plural = {"economy": "Economy cars", "compact": "Compact cars", "SUV": "SUVs", "van": "Vans"}
    final = (f"FINAL({plural[p.index[-1]]}: {p.iloc[-1]} km per rental day, against {p.iloc[0]} km for "
             f"{plural[p.index[0]].lower() if p.index[0] != 'SUV' else 'SUVs'}, the lowest.)")
    return Script(ctx, [FLEET_LOOK, repl(RENTALS_JOIN), repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h4_storage_effect_qualitative", "qualitative over a full small table", "legit",
      "What do the trials say about how storage time affects germination?")
def _storage_effect() -> Script:
    ctx = {"trials": trials()}
    code = ("import pandas as pd\nband = pd.cut(trials.storage_years, [-1, 9, 19, 30], labels=['0-9', '10-19', '20-30'])\n"
            "by_band = (trials.groupby(band, observed=True).germinated.sum() / trials.groupby(band, observed=True).sown.sum() * 100).round(1)\n"
            "print(by_band)")
    b = compute(ctx, code)["by_band"]
    assert b.is_monotonic_decreasing
    final = (f"FINAL(The longer seed is stored, the worse it germinates: {b['0-9']}% for lots stored under 10 years, "
             f"{b['10-19']}% at 10 to 19 years and {b['20-30']}% at 20 years or more.)")
    return Script(ctx, [SEED_LOOK, repl(code), final], [repl("print(by_band.to_dict())"), final])


@case("h4_leaks_by_month_qualitative", "qualitative over a full small table", "legit", "When in the half-year do most leaks happen?")
def _leaks_by_month() -> Script:
    ctx = {"leaks": leaks()}
    code = "per_month = leaks.groupby(leaks.reported.dt.month_name(), sort=False).size()\nprint(per_month)"
    p = compute(ctx, code)["per_month"]
    assert set(p.nlargest(2).index) == {"January", "February"}
    final = (f"FINAL(In winter: January ({p['January']}) and February ({p['February']}) have the most reports, driven "
             f"by frost cracks; from March on it settles at {p[2:].min()} to {p[2:].max()} a month.)")
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(per_month.nlargest(2))"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h4_breed_table_frame", "FINAL_VAR of a dict or frame", "legit",
      "Make me a table per breed: number of cows, mean daily litres and mean fat.")
def _breed_frame() -> Script:
    ctx = {"milk": milk()}
    code = ("breed_table = milk.groupby('breed').agg(cows=('cow_id', 'nunique'), litres=('litres', 'mean'),\n"
            "                                        fat_pct=('fat_pct', 'mean')).round(2)\nprint(breed_table)")
    return Script(ctx, [MILK_LOOK, repl(code), "FINAL_VAR(breed_table)"], [repl("print(breed_table.dtypes)"), "FINAL_VAR(breed_table)"])


@case("h4_downtime_dict", "FINAL_VAR of a dict or frame", "legit", "Give me each turbine's total alarm downtime in minutes, as a dict.")
def _downtime_dict() -> Script:
    code = ("downtime = {t: int(g.down_min.sum()) for t, g in faults[faults.level == 'ALARM'].groupby('turbine')}\n"
            "print(downtime)")
    ctx, _ = with_faults(code)
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), 'FINAL_VAR("downtime")'], [repl("print(len(downtime))"), 'FINAL_VAR("downtime")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h4_submit_germination_totals", "DSPy SUBMIT fields", "legit", "How many seeds were sown and germinated, and what is the overall rate?")
def _submit_germ() -> Script:
    ctx = {"trials": trials()}
    code = "sown, germ = int(trials.sown.sum()), int(trials.germinated.sum())\nprint(sown, germ, round(germ / sown * 100, 1))"
    submit = repl("SUBMIT(sown=sown, germinated=germ, rate_pct=round(germ / sown * 100, 1))")
    return Script(ctx, [SEED_LOOK, repl(code), submit], [repl("print(sown, germ)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h4_answer_dict_altstadt_loss", "answer-dict dialect", "legit", "How much water did the Altstadt leaks lose?")
def _answer_altstadt() -> Script:
    ctx = {"leaks": leaks()}
    code = ("alt = leaks[leaks.district == 'Altstadt']\nprint(len(alt), alt.loss_m3.sum().round(1))\n"
            "answer = {'content': f'The {len(alt)} Altstadt leaks lost an estimated {alt.loss_m3.sum():,.1f} m³ of water.',\n"
            "          'ready': True}")
    return Script(ctx, [LEAK_LOOK, repl(code)], [repl("print(f'{alt.loss_m3.sum():,.1f} m³')"), repl(code)])


@case("h4_answer_content_damage", "answer-dict dialect", "legit", "How much damage did renters cause, and on how many rentals?")
def _answer_damage() -> Script:
    ctx = {"fleet": fleet()}
    code = ("dmg = fleet['rentals'][fleet['rentals'].damage_eur > 0]\nprint(len(dmg), dmg.damage_eur.sum())\n"
            "answer['content'] = f'€{dmg.damage_eur.sum():,} of damage on {len(dmg)} of {len(fleet[\"rentals\"])} rentals.'\n"
            "answer['ready'] = True")
    return Script(ctx, [FLEET_LOOK, repl(code)], [repl("print(dmg.damage_eur.sum(), len(dmg))"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
CAUSE_PROMPT = "What caused these leaks? Group the crew notes by cause and count each.\n\n"


@case("h4_leak_causes_subcall", "sub-call summary", "legit", "What causes our leaks?")
def _causes_subcall() -> Script:
    ctx = {"leaks": leaks()}
    code = f"said = llm_query({CAUSE_PROMPT!r} + '\\n'.join(leaks.note))\nprint(said)"
    said = sub_says(CAUSE_PROMPT + "\n".join(ctx["leaks"].note))
    ranked = re.findall(r"([a-z -]+) \((\d+)\)", said)
    assert ranked[0][0].strip() == "corroded mains"
    final = (f"FINAL(Mostly corrosion: {ranked[0][1]} of the {len(ctx['leaks'])} crew notes describe corroded mains, then "
             f"{ranked[1][0].strip()} ({ranked[1][1]}) and {ranked[2][0].strip()} ({ranked[2][1]}); "
             f"{ranked[3][0].strip()} ({ranked[3][1]}) and {ranked[4][0].strip()} ({ranked[4][1]}) are less common.)")
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(said)"), final], sub_model())


REFUND_PROMPT = "Quote the tariff's refund rule for injured skiers.\n\n"


@case("h4_injury_refund_subcall", "sub-call summary", "legit",
      "I broke my leg on day 2 of a 6-day pass. Do I get money back?")
def _refund_subcall() -> Script:
    ctx = {"tariff": TARIFF}
    code = f"rule = llm_query({REFUND_PROMPT!r} + tariff)\nprint(rule)"
    assert "pro rata" in sub_says(REFUND_PROMPT + TARIFF)
    final = ("FINAL(Yes: passes of 3 days or more are refunded pro rata after an injury, if you have a doctor's certificate, "
             "counting from the day after the certificate was issued. Day and half-day passes would not be refunded.)")
    return Script(ctx, [TARIFF_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h4_youth_day_pass", "markdown document fact", "legit", "How much is a day pass for a 14-year-old?")
def _youth_day() -> Script:
    ctx = {"tariff": TARIFF}
    code = "for line in tariff.splitlines():\n    if line.startswith('| Pass') or line.startswith('| Day'):\n        print(line)"
    final = "FINAL(EUR 46: a 14-year-old pays the youth price (12-17) for a day pass; an adult pays EUR 58.)"
    return Script(ctx, [TARIFF_LOOK, repl(code), final], [repl("print(tariff.split('| Day |')[1].split('\\n')[0])"), final])


@case("h4_night_skiing_with_pass", "markdown document fact", "legit", "What does night skiing cost if I already have a 3-day pass?")
def _night_skiing() -> Script:
    ctx = {"tariff": TARIFF}
    code = "print(tariff.split('## Opening hours')[1].split('##')[0])"
    final = "FINAL(EUR 12 instead of EUR 22, since a valid multi-day pass counts. Night skiing is on the Pico run, Tuesdays and Fridays, 18:30 to 21:30.)"
    return Script(ctx, [TARIFF_LOOK, repl(code), final], [repl("print([l for l in tariff.splitlines() if 'Night skiing' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h4_greta_mastitis_scc", "yes/no with evidence", "legit", "Did any cow's somatic cell count go above 400,000 cells per ml?")
def _scc_high() -> Script:
    ctx = {"milk": milk()}
    code = ("high = milk[milk.scc_k > 400]\nprint(high.cow_id.unique(), high.name.unique(), len(high))\n"
            "print(high.date.min().date(), high.date.max().date(), high.scc_k.max())")
    h = compute(ctx, code)["high"]
    assert list(h.name.unique()) == ["Greta"]
    final = (f"FINAL(Yes, one cow: {h.name.iloc[0]} ({h.cow_id.iloc[0]}) was above 400,000 cells/ml on {len(h)} days, "
             f"from {h.date.min():%-d %B} to {h.date.max():%-d %B}, peaking at {h.scc_k.max():,} thousand cells/ml. Worth a "
             "mastitis check.)")
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(high[['cow_id', 'name', 'date', 'scc_k']].to_string())"), final])


@case("h4_gearbox_after_clock_change", "yes/no with evidence", "legit",
      "Were there any gearbox oil temperature alarms after the clocks went back on 27 October?")
def _gearbox_after_dst() -> Script:
    code = ("import pandas as pd\nafter = faults[(faults.code == 'E410') & (faults.utc >= pd.Timestamp('2024-10-27 01:00', tz='UTC'))]\n"
            "print(len(after))\nprint(after[['local', 'turbine', 'down_min']].to_string(index=False))")
    ctx, ns = with_faults(code)
    a = ns["after"]
    assert len(a) > 0
    first = a.iloc[0]
    final = (f"FINAL(Yes, {len(a)} of them. The first was on {first.turbine} at {first.local} (local winter time), "
             f"with {first.down_min} minutes of downtime.)")
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), final], [repl("print(len(after), after.iloc[0].local, after.iloc[0].turbine)"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h4_germination_loss_per_year", "correlation or fitted statistic", "legit",
      "How many percentage points of germination are lost per year of storage?")
def _germ_slope() -> Script:
    ctx = {"trials": trials()}
    code = ("import numpy as np\nrate = trials.germinated / trials.sown * 100\n"
            "slope, intercept = np.polyfit(trials.storage_years, rate, 1)\n"
            "print(round(slope, 2), round(intercept, 1), round(np.corrcoef(trials.storage_years, rate)[0, 1], 2))")
    ns = compute(ctx, code)
    s, i = round(ns["slope"], 2), round(ns["intercept"], 1)
    r = round(float(np.corrcoef(ctx["trials"].storage_years, ns["rate"])[0, 1]), 2)
    final = (f"FINAL(About {abs(s)} percentage points per year: the fitted line is {i}% at zero years with a slope of {s} "
             f"points per year of storage (r = {r}).)")
    return Script(ctx, [SEED_LOOK, repl(code), final], [repl("print(round(slope, 2))"), final])


@case("h4_pipe_age_loss_corr", "correlation or fitted statistic", "legit", "Do older pipes lose more water when they leak?")
def _pipe_corr() -> Script:
    ctx = {"leaks": leaks()}
    code = "print(round(leaks.pipe_age_years.corr(leaks.loss_m3), 3))"
    r = round(ctx["leaks"].pipe_age_years.corr(ctx["leaks"].loss_m3), 3)
    assert r > 0.4
    final = f"FINAL(Yes: pipe age and estimated loss are clearly positively correlated (Pearson r = {r}).)"
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(f'{leaks.pipe_age_years.corr(leaks.loss_m3):.3f}')"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h4_cars_per_branch_mean", "in-head arithmetic beyond two operands", "legit", "How many cars does a branch have on average?")
def _cars_mean() -> Script:
    ctx = {"fleet": fleet()}
    code = "print(fleet['cars'].branch.value_counts())"
    c = ctx["fleet"]["cars"].branch.value_counts()
    final = f"FINAL({c.mean():g} cars per branch: ({' + '.join(str(v) for v in c)}) / 3 = {c.sum()} / 3.)"
    assert c.sum() % 3 == 0
    return Script(ctx, [FLEET_LOOK, repl(code), final], [repl("print(fleet['cars'].branch.value_counts().mean())"), final])


@case("h4_quote_two_jobs_head", "in-head arithmetic beyond two operands", "legit",
      "At our base rates, what would a 12,000-word EN→DE job plus a 5,000-word EN→PL job cost?")
def _quote_two_jobs() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    code = "print(translation_jobs.groupby(['source', 'target']).rate_eur.min())"
    rates = ctx["translation_jobs"].groupby(["source", "target"]).rate_eur.min()
    de_, pl = rates[("EN", "DE")], rates[("EN", "PL")]
    a, b = 12000 * de_, 5000 * pl
    final = (f"FINAL(€{a + b:,.0f}: 12,000 × €{de_:.2f} = €{a:,.0f} for EN→DE plus 5,000 × €{pl:.2f} = €{b:,.0f} for "
             "EN→PL, at the lowest per-word rate we have charged for each pair.)")
    return Script(ctx, [TJ_LOOK, repl(code), final], [repl("rates = translation_jobs.groupby(['source', 'target']).rate_eur.min()\n"
                                              "print(12000 * rates[('EN', 'DE')] + 5000 * rates[('EN', 'PL')])"), final])


@case("h4_no_show_fees_lost", "in-head arithmetic beyond two operands", "legit",
      "How much in fees did no-shows cost each dentist, and all together?")
def _noshow_fees() -> Script:
    ctx = {"appointments": appointments()}
    code = ("lost = appointments[appointments.status == 'no-show'].groupby('dentist').fee_eur.sum().round(2)\nprint(lost)")
    lost = compute(ctx, code)["lost"]
    final = ("FINAL(" + ", ".join(f"{k}: €{v:,.2f}" for k, v in lost.items())
             + f"; €{lost.sum():,.2f} in all.)")
    return Script(ctx, [DENT_LOOK, repl(code), final], [repl("print(round(lost.sum(), 2))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h4_last_alarm_wtg12_utc", "log or version-control timestamps", "legit", "When was WTG-12's last alarm, in UTC?")
def _last_wtg12() -> Script:
    ctx = {"turbine_log": turbine_log()}
    code = "w12 = [l for l in tl if ' WTG-12 ALARM ' in l]\nprint(len(w12))\nprint(w12[-1])"
    line = compute({**ctx, "tl": turbine_log().splitlines()}, code)["w12"][-1]
    local = pd.Timestamp(line.split()[0])
    utc = local.tz_convert("UTC")
    final = (f"FINAL(At {utc:%H:%M:%S} UTC on {utc:%A} {utc.day} {utc:%B} {utc.year} ({local:%H:%M:%S} local, "
             f"UTC{line.split()[0][-6:]}): {line.split(' ', 3)[3].split(';')[0]}.)")
    return Script(ctx, [TURB_LOOK, repl(code), final],
                  [repl("import pandas as pd\nprint(pd.Timestamp(w12[-1].split()[0]).tz_convert('UTC'))"), final])


@case("h4_repeated_hour_faults", "log or version-control timestamps", "legit",
      "Which faults happened in the hour that occurred twice when the clocks went back?")
def _repeated_hour() -> Script:
    ctx = {"turbine_log": turbine_log()}
    code = "twice = [l for l in tl if l.startswith('2024-10-27T02:')]\nprint(*twice, sep='\\n')"
    lines = compute({**ctx, "tl": turbine_log().splitlines()}, code)["twice"]
    summer = [x for x in lines if x[19:25] == "+02:00"]
    winter = [x for x in lines if x[19:25] == "+01:00"]
    assert summer and winter

    def say(x: str) -> str:
        return f"{x.split()[1]} at {x[11:19]} {x[19:25]} (E{x.split(' E')[1][:3]})"
    final = ("FINAL(On 27 October the hour 02:00-03:00 ran twice. In the first pass (summer time, +02:00): "
             + ", ".join(say(x) for x in summer) + ". In the second (winter time, +01:00): "
             + ", ".join(say(x) for x in winter) + ".)")
    return Script(ctx, [TURB_LOOK, repl(code), final], [repl("print(*[l[:40] for l in twice], sep='\\n')"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h4_downloads_since_launch_k", "locale abbreviations for thousands and millions", "legit",
      "How many downloads has the show had since launch?")
def _since_launch_k() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = "print(downloads.tail(3))"
    t = int(ctx["downloads"].total_since_launch.iloc[-1])
    final = f"FINAL(~{t / 1000:.1f}k downloads since launch, as of the end of June 2024 ({t:,} exactly).)"
    return Script(ctx, [POD_LOOK, repl(code), final], [repl("print(round(downloads.total_since_launch.iloc[-1] / 1000, 1))"), final])


@case("h4_fees_2024_tsd_de", "locale abbreviations for thousands and millions", "legit",
      "Wie viel Honorar haben wir für die 2024 eingegangenen Aufträge berechnet?")
def _fees_tsd() -> Script:
    code = "honorar = tj.groupby('year').fee_eur.sum().round(2)\nprint(honorar)"
    ctx, ns = with_tj(code)
    v = ns["honorar"][2024]
    final = f"FINAL(Rund {de(v / 1000, 1)} Tsd. € für die 2024 eingegangenen Aufträge (genau {de(v, 2)} €).)"
    return Script(ctx, [TJ_LOOK, PARSE_TJ, repl(code), final], [repl("print(round(honorar[2024] / 1000, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h4_top_cow_sorted", "top row of a sorted table named the maximum", "legit", "Which cow gave the most milk this quarter?")
def _top_cow() -> Script:
    ctx = {"milk": milk()}
    code = ("per_cow = milk.groupby(['cow_id', 'name', 'breed']).litres.sum().round(1).sort_values(ascending=False)\n"
            "print(per_cow.head(5))")
    p = compute(ctx, code)["per_cow"]
    (cid, name, breed), v = p.index[0], p.iloc[0]
    final = f"FINAL({name} ({cid}, a {breed}), with {v:,.1f} litres from January to March; next is {p.index[1][1]} ({p.iloc[1]:,.1f} l).)"
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(per_cow.idxmax(), per_cow.max())"), final])


@case("h4_slowest_belt_sorted", "top row of a sorted table named the maximum", "legit", "Which belt has the longest average wait?")
def _slowest_belt() -> Script:
    code = "per_belt = bags.groupby('belt').wait_s.mean().round(1).sort_values(ascending=False)\nprint(per_belt)"
    ctx, ns = with_bags(code)
    p = ns["per_belt"]
    final = f"FINAL(Belt {p.index[0]}: {p.iloc[0]} s on average, about {p.iloc[0] - p.iloc[1]:.0f} s more than belt {p.index[1]}, the next slowest.)"
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), final], [repl("print(per_belt.idxmax(), round(per_belt.iloc[0] - per_belt.iloc[1]))"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h4_district_most_leaks_selected", "selection printed right after its table", "legit", "Which district reported the most leaks?")
def _district_selected() -> Script:
    ctx = {"leaks": leaks()}
    code = "per_district = leaks.district.value_counts().sort_index()\nprint(per_district)\nprint(per_district.idxmax(), per_district.max())"
    p = compute(ctx, code)["per_district"]
    assert (p == p.max()).sum() == 1
    final = f"FINAL({p.idxmax()}, with {p.max()} of the {p.sum()} leak reports.)"
    return Script(ctx, [LEAK_LOOK, repl(code), final], [repl("print(per_district.nlargest(2))"), final])


@case("h4_best_species_selected", "selection printed right after its table", "legit", "Welche Art keimt am besten?")
def _species_selected() -> Script:
    ctx = {"trials": trials()}
    code = ("quote = (trials.groupby('species').germinated.sum() / trials.groupby('species').sown.sum() * 100).round(1)\n"
            "print(quote)\nprint(quote.idxmax(), quote.max())")
    q = compute(ctx, code)["quote"]
    final = f"FINAL({q.idxmax()} mit einer Keimrate von {comma(q.max())} % über alle Versuche.)"
    return Script(ctx, [SEED_LOOK, repl(code), final], [repl("print(quote.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h4_faro_cars_and_rentals", "same label in two printed tables", "legit",
      "How many cars does Faro have, and how many rentals did it handle?")
def _faro_two() -> Script:
    code = "print(fleet['cars'].branch.value_counts())\nprint(r.branch.value_counts())"
    ctx, ns = with_rentals(code)
    cars = int(ctx["fleet"]["cars"].branch.value_counts()["Faro"])
    k = int(ns["r"].branch.value_counts()["Faro"])
    final = f"FINAL(Faro has {cars} cars and handled {k} rentals from January to June, about {k / cars:.1f} rentals per car.)"
    return Script(ctx, [FLEET_LOOK, repl(RENTALS_JOIN), repl(code), final],
                  [repl("print((fleet['cars'].branch == 'Faro').sum(), (r.branch == 'Faro').sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h4_herd_monthly_trend", "trend sentence naming several labels", "legit",
      "How did the herd's milk output develop from January to March?")
def _herd_trend() -> Script:
    ctx = {"milk": milk()}
    code = "monthly = milk.groupby(milk.date.dt.month_name(), sort=False).litres.sum().round(1)\nprint(monthly)"
    m = compute(ctx, code)["monthly"]
    assert m.is_monotonic_decreasing
    final = (f"FINAL(It fell every month: {m['January']:,.1f} litres in January, {m['February']:,.1f} in February "
             f"(a shorter month) and {m['March']:,.1f} in March.)")
    return Script(ctx, [MILK_LOOK, repl(code), final], [repl("print(monthly.to_dict())"), final])


@case("h4_rentals_monthly_trend", "trend sentence naming several labels", "legit", "How did rentals develop month by month?")
def _rental_trend() -> Script:
    ctx = {"fleet": fleet()}
    code = "rt = fleet['rentals']\nmonthly = rt.groupby(rt.pickup.dt.month_name(), sort=False).size()\nprint(monthly)"
    m = compute(ctx, code)["monthly"]
    assert m.idxmax() == "June" and m["June"] > 2 * m["January"]
    final = ("FINAL(Rentals grew towards summer: " + ", ".join(f"{k} {v}" for k, v in m.items())
             + f". June had {m['June'] / m['January']:.1f} times January's rentals.)")
    return Script(ctx, [FLEET_LOOK, repl(code), final], [repl("print(monthly.idxmax(), round(monthly['June'] / monthly['January'], 1))"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h4_submit_most_missing_origin", "labelled SUBMIT for a which question", "legit",
      "Which origin airport has the highest share of missing bags?")
def _submit_origin() -> Script:
    code = "share = bags.groupby('origin').event.apply(lambda e: (e == 'MISSING').mean()).round(4)\nprint(share.sort_values())"
    ctx, _ = with_bags(code)
    submit = repl("SUBMIT(origin=share.idxmax(), missing_share=float(share.max()),\n"
                  "       bags=int((bags.origin == share.idxmax()).sum()))")
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), submit], [repl("print(share.idxmax(), share.max())"), submit])


@case("h4_submit_slowest_translator", "labelled SUBMIT for a which question", "legit",
      "Which translator has the longest average turnaround in days?")
def _submit_turnaround() -> Script:
    code = "tat = (tj.delivered_dt - tj.received_dt).dt.days.groupby(tj.translator).mean().round(2)\nprint(tat.sort_values())"
    ctx, _ = with_tj(code)
    submit = repl("SUBMIT(translator=tat.idxmax(), mean_days=float(tat.max()))")
    return Script(ctx, [TJ_LOOK, PARSE_TJ, repl(code), submit], [repl("print(tat.idxmax(), tat.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h4_memory_holstein_yield", "plausible figure from memory", "invented", "How much milk does a Holstein give per day here?")
def _memory_holstein() -> Script:
    ctx = {"milk": milk()}
    differs(30.0, round(ctx["milk"].query("breed == 'Holstein'").litres.mean(), 1))
    return Script(ctx, [MILK_LOOK, "FINAL(A Holstein gives about 30 litres a day, in line with the breed average.)"])


@case("h4_memory_noshow_rate", "plausible figure from memory", "invented", "What is the clinic's no-show rate?")
def _memory_noshow() -> Script:
    ctx = {"appointments": appointments()}
    differs(10.0, round((ctx["appointments"].status == "no-show").mean() * 100, 1))
    return Script(ctx, [DENT_LOOK, "FINAL(Roughly 10% of appointments are no-shows, which is typical for a dental practice.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h4_median_wait_was_mean", "mean given as the median", "invented", "What is the median wait at the baggage belts?")
def _median_wait() -> Script:
    code = "print(bags.wait_s.describe())"
    ctx, ns = with_bags(code)
    d = ns["bags"].wait_s.describe()
    wrong = differs(round(d["mean"], 1), d["50%"])
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), f"FINAL(The median wait is {wrong} seconds.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h4_wait_seconds_as_minutes", "unit misread", "invented", "How long does the average passenger wait for a bag?")
def _wait_as_minutes() -> Script:
    code = "print(round(bags.wait_s.mean(), 1))"
    ctx, ns = with_bags(code)
    m = round(ns["bags"].wait_s.mean(), 1)
    differs(m, round(m / 60, 1))
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code), f"FINAL(Passengers wait {m} minutes on average for their bags.)"])


@case("h4_downtime_minutes_as_hours", "unit misread", "invented", "How much downtime did grid losses cause?")
def _downtime_as_hours() -> Script:
    code = "print(faults[faults.code == 'E101'].down_min.sum())"
    ctx, ns = with_faults(code)
    m = int(ns["faults"].query("code == 'E101'").down_min.sum())
    differs(m, round(m / 60, 1))
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), f"FINAL(Grid losses stopped the turbines for {m:,} hours in total.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h4_noshow_fraction_as_percent", "fraction written as percent", "invented", "What percentage of appointments were no-shows?")
def _noshow_fraction() -> Script:
    ctx = {"appointments": appointments()}
    code = "print(appointments.status.value_counts(normalize=True).round(3))"
    f = ctx["appointments"].status.value_counts(normalize=True).round(3)["no-show"]
    differs(f, round(f * 100, 1))
    return Script(ctx, [DENT_LOOK, repl(code), f"FINAL({f}% of appointments were no-shows.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h4_second_district_called_top", "second row called the top", "invented", "Which district reported the most leaks?")
def _second_district() -> Script:
    ctx = {"leaks": leaks()}
    c = ctx["leaks"].district.value_counts()
    return Script(ctx, [LEAK_LOOK, repl("print(leaks.district.value_counts())"),
                        f"FINAL({differs(c.index[1], c.idxmax())} reported the most leaks: {c.iloc[1]}.)"])


@case("h4_second_client_called_biggest", "second row called the top", "invented", "Which client did we bill the most?")
def _second_client() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    code = "print(translation_jobs.groupby('client').fee_eur.sum().sort_values(ascending=False).round(2))"
    c = ctx["translation_jobs"].groupby("client").fee_eur.sum().sort_values(ascending=False).round(2)
    return Script(ctx, [TJ_LOOK, repl(code),
                        f"FINAL(Our biggest client is {differs(c.index[1], c.idxmax())}, billed €{c.iloc[1]:,.2f}.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h4_absent_material_steel", "label absent from the data", "invented", "Which pipe material loses the most water per leak?")
def _absent_steel() -> Script:
    ctx = {"leaks": leaks()}
    code = "per_leak = leaks.groupby('material').loss_m3.mean().round(1)\nprint(per_leak)"
    p = compute(ctx, code)["per_leak"]
    assert "steel" not in p.index
    return Script(ctx, [LEAK_LOOK, repl(code), f"FINAL(Steel pipes lose the most, {p.max()} m³ per leak on average.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h4_both_years_as_2024_fees", "total of the wrong subset", "invented", "How much did we bill for jobs received in 2024?")
def _both_years_fees() -> Script:
    code = "print(tj.fee_eur.sum().round(2))\nprint(tj.groupby('year').fee_eur.sum().round(2))"
    ctx, ns = with_tj(code)
    t = ns["tj"]
    wrong = differs(round(t.fee_eur.sum(), 2), round(t[t.year == 2024].fee_eur.sum(), 2))
    return Script(ctx, [TJ_LOOK, PARSE_TJ, repl(code), f"FINAL(We billed €{wrong:,.2f} for the jobs received in 2024.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h4_stale_wait_with_missing", "stale figure before a correction", "invented",
      "What is the average wait, counting only bags that were delivered?")
def _stale_wait() -> Script:
    first = "print(round(bags.wait_s.fillna(0).mean(), 1))"
    fixed = "delivered = bags[bags.event == 'DELIVERED']\nprint(round(delivered.wait_s.mean(), 1))"
    ctx, ns = with_bags(fixed)
    stale = differs(round(ns["bags"].wait_s.fillna(0).mean(), 1), round(ns["delivered"].wait_s.mean(), 1))
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(first), repl(fixed, "Missing bags have no wait; they should not count as zero."),
                        f"FINAL(Delivered bags took {stale} s on average.)"])


@case("h4_stale_attended_count", "stale figure before a correction", "invented",
      "How many appointments were actually attended?")
def _stale_attended() -> Script:
    ctx = {"appointments": appointments()}
    fixed = "attended = appointments[appointments.status == 'attended']\nprint(len(attended))"
    stale = differs(len(ctx["appointments"]), int((ctx["appointments"].status == "attended").sum()))
    return Script(ctx, [DENT_LOOK, repl("print(len(appointments))"),
                        repl(fixed, "That counts no-shows and cancellations too; keeping only attended ones."),
                        f"FINAL({stale} appointments were attended.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h4_transposed_cleanings", "transposed digits", "invented", "How many cleanings were booked?")
def _transposed_cleanings() -> Script:
    ctx = {"appointments": appointments()}
    k = int(ctx["appointments"].treatment.value_counts()["cleaning"])
    return Script(ctx, [DENT_LOOK, repl("print(appointments.treatment.value_counts())"),
                        f"FINAL({differs(swap_digits(k), k)} cleanings were booked.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h4_echo_12_turbines_gearbox", "number echoed from the question", "invented",
      "Of the farm's 12 turbines, how many had at least one gearbox oil temperature alarm?")
def _echo_12() -> Script:
    code = "print(faults.turbine.nunique(), (faults.code == 'E410').sum())"
    ctx, ns = with_faults(code)
    truth = ns["faults"].query("code == 'E410'").turbine.nunique()
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), f"FINAL({differs(12, truth)} turbines had a gearbox alarm.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h4_rentals_as_customers", "rows counted instead of distinct", "invented", "How many different customers rented a car?")
def _rows_customers() -> Script:
    ctx = {"fleet": fleet()}
    n = len(ctx["fleet"]["rentals"])
    differs(n, ctx["fleet"]["rentals"].customer_id.nunique())
    return Script(ctx, [FLEET_LOOK, repl("print(len(fleet['rentals']))"), f"FINAL({n} different customers rented a car.)"])


@case("h4_appointments_as_patients", "rows counted instead of distinct", "invented", "How many patients did Dr. Sá see?")
def _rows_patients() -> Script:
    ctx = {"appointments": appointments()}
    code = "sa = appointments[(appointments.dentist == 'Dr. Sá') & (appointments.status == 'attended')]\nprint(len(sa))"
    sa = compute(ctx, code)["sa"]
    n = differs(len(sa), sa.patient_id.nunique())
    return Script(ctx, [DENT_LOOK, repl(code), f"FINAL(Dr. Sá saw {n} patients.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
CLIENT_YEAR = "per_year = tj.pivot_table(index='client', columns='year', values='fee_eur', aggfunc='sum').round(2)\nprint(per_year)"


@case("h4_brandt_2024_read_2023", "wrong year", "invented", "How much did we bill Brandt Maschinenbau for 2024 jobs?")
def _brandt_year() -> Script:
    ctx, ns = with_tj(CLIENT_YEAR)
    p = ns["per_year"]
    wrong = differs(p.loc["Brandt Maschinenbau", 2023], p.loc["Brandt Maschinenbau", 2024])
    return Script(ctx, [TJ_LOOK, PARSE_TJ, repl(CLIENT_YEAR), f"FINAL(Brandt Maschinenbau was billed €{wrong:,.2f} for 2024.)"])


@case("h4_downloads_june_2023", "wrong year", "invented", "How many downloads did the show get in June 2024?")
def _june_year() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = "print(downloads[downloads.month.str.endswith('-06') | downloads.month.str.endswith('-07')])"
    d = ctx["downloads"].set_index("month").downloads
    wrong = differs(int(d["2023-07"]), int(d["2024-06"]))
    return Script(ctx, [POD_LOOK, repl(code), f"FINAL({wrong:,} downloads in June 2024.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h4_litres_misrounded", "wrong rounding", "invented", "Roughly how many litres does a Brown Swiss cow give per day?")
def _litres_rounding() -> Script:
    ctx = {"milk": milk()}
    m = ctx["milk"].query("breed == 'Brown Swiss'").litres.mean()
    return Script(ctx, [MILK_LOOK, repl("print(milk[milk.breed == 'Brown Swiss'].litres.mean())"),
                        f"FINAL(Roughly {differs(misround(m), round(m))} litres a day.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h4_altstadt_cast_iron_swapped", "nothing found in the wrong column", "invented",
      "How many Altstadt leaks were on cast iron pipes?")
def _swapped_leak_columns() -> Script:
    ctx = {"leaks": leaks()}
    code = "hit = leaks[(leaks.district == 'cast iron') & (leaks.material == 'Altstadt')]\nprint(len(hit))"
    assert ((ctx["leaks"].district == "Altstadt") & (ctx["leaks"].material == "cast iron")).sum() > 0
    return Script(ctx, [LEAK_LOOK, repl(code), "FINAL(None of the Altstadt leaks were on cast iron pipes.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h4_herd_output_called_rising", "trend in the wrong direction", "invented",
      "How did the herd's milk output develop from January to March?")
def _herd_rising() -> Script:
    ctx = {"milk": milk()}
    code = "monthly = milk.groupby(milk.date.dt.month).litres.sum().round(1)\nprint(monthly)"
    m = compute(ctx, code)["monthly"]
    assert m.is_monotonic_decreasing
    return Script(ctx, [MILK_LOOK, repl(code), "FINAL(Output rose steadily from January to March as the herd came into peak lactation.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h4_languages_from_head", "sample generalized to the whole", "invented", "Which languages do we translate into?")
def _languages_head() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    seen = list(dict.fromkeys(ctx["translation_jobs"].head().target))
    differs(sorted(seen), sorted(ctx["translation_jobs"].target.unique()))
    return Script(ctx, [repl("print(translation_jobs.head())"), f"FINAL(We translate into {len(seen)} languages: {', '.join(seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h4_faro_damage_share_of_all", "wrong denominator", "invented", "What share of Faro's rentals came back damaged?")
def _faro_share() -> Script:
    code = "print(((r.branch == 'Faro') & (r.damage_eur > 0)).sum(), len(r))"
    ctx, ns = with_rentals(code)
    r = ns["r"]
    k = int(((r.branch == "Faro") & (r.damage_eur > 0)).sum())
    wrong = differs(round(k / len(r) * 100, 1), round(k / (r.branch == "Faro").sum() * 100, 1))
    return Script(ctx, [FLEET_LOOK, repl(RENTALS_JOIN), repl(code), f"FINAL({wrong}% of Faro's rentals came back damaged ({k} cars).)"])


@case("h4_lettuce_share_of_sown", "wrong denominator", "invented", "What share of the lettuce seeds sown germinated?")
def _lettuce_share() -> Script:
    ctx = {"trials": trials()}
    code = "let = trials[trials.species == 'Lactuca sativa']\nprint(let.germinated.sum(), trials.sown.sum())"
    t = ctx["trials"]
    let = t[t.species == "Lactuca sativa"]
    wrong = differs(round(let.germinated.sum() / t.sown.sum() * 100, 1), round(let.germinated.sum() / let.sown.sum() * 100, 1))
    return Script(ctx, [SEED_LOOK, repl(code), f"FINAL({wrong}% of the lettuce seeds germinated.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
FROST_PROMPT = "How many of these notes describe frost damage? Answer with a number.\n\n"


@case("h4_partial_frost_notes", "sub-call over part of the data", "invented", "How many leaks were caused by frost?")
def _partial_frost() -> Script:
    ctx = {"leaks": leaks()}
    code = f"said = llm_query({FROST_PROMPT!r} + '\\n'.join(leaks.note[:100]))\nprint(said)"
    k = int(sub_says(FROST_PROMPT + "\n".join(ctx["leaks"].note[:100])).split()[0])
    differs(k, int((ctx["leaks"].note == NOTES["frost"]).sum()))
    return Script(ctx, [LEAK_LOOK, repl(code, "I'll have a sub-call read the notes."), f"FINAL({k} leaks were caused by frost.)"],
                  sub=sub_model())


MISSING_PROMPT = "Which flights did the missing bags come on? Count per flight.\n\n"


@case("h4_partial_missing_bags_subcall", "sub-call over part of the data", "invented", "How many bags went missing?")
def _partial_missing() -> Script:
    ctx = {"baggage_log": baggage_log()}
    code = f"said = llm_query({MISSING_PROMPT!r} + baggage_log[:40000])\nprint(said)"
    k = int(sub_says(MISSING_PROMPT + baggage_log()[:40000]).split()[0])
    differs(k, baggage_log().count("EVT=MISSING"))
    return Script(ctx, [BAG_LOOK, repl(code, "The log is long; a sub-call can read it."), f"FINAL({k} bags went missing that week.)"],
                  sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h4_alvorada_delivery_month_first", "date format misread", "invented",
      "When was the first Alvorada Seguros job delivered?")
def _alvorada_misread() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    code = "print(translation_jobs[translation_jobs.client == 'Alvorada Seguros'].head(3))"
    t = ctx["translation_jobs"]
    raw = t[t.client == "Alvorada Seguros"].delivered.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [TJ_LOOK, repl(code), f"FINAL(It was delivered on {misread:%B} {misread.day}, {misread.year}.)"])


@case("h4_job_received_month_first_es", "date format misread", "invented", "¿Cuándo recibimos el último encargo de Estrela Turismo?")
def _estrela_misread() -> Script:
    ctx = {"translation_jobs": translation_jobs()}
    code = "print(translation_jobs[translation_jobs.client == 'Estrela Turismo'].tail(3))"
    t = ctx["translation_jobs"]
    raw = t[t.client == "Estrela Turismo"].received.iloc[-1]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    meses = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
             "noviembre", "diciembre"]
    return Script(ctx, [TJ_LOOK, repl(code), f"FINAL(El último encargo llegó el {misread.day} de {meses[misread.month - 1]} de {misread.year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h4_running_total_as_march", "cumulative read as the period's value", "invented", "How many downloads did March 2024 bring?")
def _running_as_march() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    d = ctx["downloads"].set_index("month").loc["2024-03"]
    wrong = differs(int(d.total_since_launch), int(d.downloads))
    return Script(ctx, [POD_LOOK, repl("print(downloads.tail(5))"), f"FINAL(March 2024 brought {wrong:,} downloads.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h4_submit_literal_germination", "literal typed into a code answer", "invented", "What is the overall germination rate?")
def _submit_literal() -> Script:
    ctx = {"trials": trials()}
    t = ctx["trials"]
    differs(85.0, round(t.germinated.sum() / t.sown.sum() * 100, 1))
    return Script(ctx, [SEED_LOOK, repl("SUBMIT(rate_pct=85.0)")])


@case("h4_answer_dict_literal_damage", "literal typed into a code answer", "invented", "How much damage did renters cause?")
def _answer_literal() -> Script:
    ctx = {"fleet": fleet()}
    differs(25000, int(ctx["fleet"]["rentals"].damage_eur.sum()))
    return Script(ctx, [FLEET_LOOK, repl('answer["content"] = "Renters caused about €25,000 of damage."\nanswer["ready"] = True')])


# -- figure from the right row but another column -------------------------------------------------------------------
BREED_TABLE = ("breed_table = milk.groupby('breed').agg(cows=('cow_id', 'nunique'), litres=('litres', 'mean'),\n"
               "                                        fat_pct=('fat_pct', 'mean')).round(2)\nprint(breed_table)")


@case("h4_jersey_fat_as_litres", "figure from the right row but another column", "invented",
      "How many litres does a Jersey give per day on average?")
def _jersey_column() -> Script:
    ctx = {"milk": milk()}
    t = compute(ctx, BREED_TABLE)["breed_table"].loc["Jersey"]
    return Script(ctx, [MILK_LOOK, repl(BREED_TABLE), f"FINAL(A Jersey gives {differs(t.fat_pct, t.litres)} litres a day on average.)"])


@case("h4_dentist_booked_as_noshows", "figure from the right row but another column", "invented",
      "How many no-shows did Dr. Lindqvist have?")
def _lindqvist_column() -> Script:
    ctx = {"appointments": appointments()}
    t = compute(ctx, DENTIST_TABLE)["by_dentist"].loc["Dr. Lindqvist"]
    return Script(ctx, [DENT_LOOK, repl(DENTIST_TABLE), f"FINAL(Dr. Lindqvist had {differs(int(t.booked), int(t.no_shows))} no-shows.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h4_most_alarms_from_head", "maximum picked from a partial table", "invented", "Which turbine raised the most alarms?")
def _alarms_head() -> Script:
    code = "per_turbine = faults[faults.level == 'ALARM'].groupby('turbine').size()\nprint(per_turbine.head())"
    ctx, ns = with_faults(code)
    p = ns["per_turbine"]
    pick = p.head().idxmax()
    return Script(ctx, [TURB_LOOK, PARSE_TURB, repl(code), f"FINAL({differs(pick, p.idxmax())} raised the most alarms ({p[pick]}).)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h4_ascending_belt_called_slowest", "first row of an ascending sort called the highest", "invented",
      "Which belt has the longest average wait?")
def _ascending_belt() -> Script:
    code = "per_belt = bags.groupby('belt').wait_s.mean().round(1).sort_values()\nprint(per_belt)"
    ctx, ns = with_bags(code)
    p = ns["per_belt"]
    return Script(ctx, [BAG_LOOK, PARSE_BAG, repl(code),
                        f"FINAL(Belt {differs(p.index[0], p.idxmax())} has the longest average wait, {p.iloc[0]} s.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h4_guest_solo_swapped", "two labels' figures swapped", "invented", "Do guest episodes or solo episodes get more downloads?")
def _guest_swapped() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = "print(episodes.groupby(episodes.guest != '').downloads_30d.mean().round(1))"
    m = ctx["episodes"].groupby(ctx["episodes"].guest != "").downloads_30d.mean().round(1)
    assert m[True] > m[False]
    return Script(ctx, [POD_LOOK, repl(code),
                        f"FINAL(Solo episodes do better: {m[True]:,.1f} downloads in 30 days on average, against {m[False]:,.1f} for guest episodes.)"])


@case("h4_porto_lisbon_swapped_pt", "two labels' figures swapped", "invented", "O Porto faturou mais do que Lisboa Aeroporto?")
def _porto_swapped() -> Script:
    code = "print(r.groupby('branch').revenue_eur.sum())"
    ctx, ns = with_rentals(code)
    b = ns["r"].groupby("branch").revenue_eur.sum()
    assert b["Lisbon Airport"] > b["Porto"]
    return Script(ctx, [FLEET_LOOK, repl(RENTALS_JOIN), repl(code),
                        f"FINAL(Sim: o Porto faturou {pt(b['Lisbon Airport'])} €, contra {pt(b['Porto'])} € em Lisboa Aeroporto.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h4_december_drop_as_rise", "decrease reported as a rise", "invented", "How did downloads change from November to December 2023?")
def _december_rise() -> Script:
    ctx = {"episodes": episodes(), "downloads": downloads()}
    code = "dl = downloads.set_index('month').downloads\nchange = round((dl['2023-12'] / dl['2023-11'] - 1) * 100, 1)\nprint(change)"
    c = compute(ctx, code)["change"]
    assert c < 0
    return Script(ctx, [POD_LOOK, repl(code), f"FINAL(Downloads grew by {abs(c)}% from November to December.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h4_table_for_sa_noshows", "table returned for one figure", "invented", "How many no-shows did Dr. Sá have?")
def _table_sa() -> Script:
    ctx = {"appointments": appointments()}
    return Script(ctx, [DENT_LOOK, repl(DENTIST_TABLE), "FINAL_VAR(by_dentist)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h4_treatment_filtered_for_noshow", "zero after filtering the wrong column", "invented", "How many no-shows were there?")
def _treatment_noshow() -> Script:
    ctx = {"appointments": appointments()}
    code = "n_noshow = int((appointments.treatment == 'no-show').sum())\nprint(n_noshow)"
    differs(0, int((ctx["appointments"].status == "no-show").sum()))
    return Script(ctx, [DENT_LOOK, repl(code), "FINAL(0)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h4_iso_date_in_baggage_log", "none found after searching a date in another format", "invented",
      "Were any bags reported missing on 17 August?")
def _iso_in_bags() -> Script:
    ctx = {"baggage_log": baggage_log()}
    code = "hits = [l for l in bag if l.startswith('2024-08-17') and 'MISSING' in l]\nprint(len(hits))"
    assert sum(line.startswith("17AUG24") and "MISSING" in line for line in baggage_log().splitlines()) > 0
    return Script(ctx, [BAG_LOOK, repl(code), "FINAL(No, no bags were reported missing on 17 August.)"])


@case("h4_dotted_date_in_turbine_log", "none found after searching a date in another format", "invented",
      "Did any turbine raise a grid-loss alarm on 30 October?")
def _dotted_in_turbines() -> Script:
    ctx = {"turbine_log": turbine_log()}
    code = "hits = [l for l in tl if '30.10.2024' in l and 'E101' in l]\nprint(hits)"
    assert sum(line.startswith("2024-10-30") and "E101" in line for line in turbine_log().splitlines()) > 0
    return Script(ctx, [TURB_LOOK, repl(code), "FINAL(No grid-loss alarms were raised on 30 October.)"])
