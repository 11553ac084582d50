"""Acceptance cases, written as the fifth held-out set (``cases_holdout5``), now a tuning set.

It was written apart from the gates, to measure whether the policy generalises, and measured once as such (the
figures are in RESULTS.md); on that run the per-case lines of most of its refused legitimate answers were seen by
mistake, so it was read case by case and tuned on, and ``cases_holdout6`` was written the same way to take its place.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune6``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a bakery's production batches (German dotted dates),
a container terminal's crane-move log (UTC ``Z`` timestamps, the port on Amsterdam time), a pharmacy's products and
dispensing (a dict of two tables, expiry as ``MM/YYYY``), an apiary's hive inspections, a cinema's screenings
(UK day-first text dates, prices in GBP), a ferry operator's sailings (dates like ``Tue 04 Jun 2024`` and delays as
``h:mm``), a recycling centre's weighbridge tickets (German locale numbers kept as text), a coffee roaster's roast
log (``m:ss`` durations), a veterinary practice's visits with free-text notes, and an allotment association's rules
and fees in markdown. Each frame builder returns a fresh copy (model code may change a frame in place).
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
PRODUCTS = {"Franzbrötchen": (1.60, 0.045), "Roggenbrot": (4.20, 0.55), "Brezel": (0.95, 0.08),
            "Croissant": (1.40, 0.04), "Baguette": (2.10, 0.25), "Apfelkuchen": (2.80, 0.06)}
BAKERY_BRANCHES = ["Altona", "Eimsbüttel", "Harburg", "Wandsbek"]


def batches() -> pd.DataFrame:
    return _batches().copy()


@functools.lru_cache(maxsize=1)
def _batches(seed: int = 4501) -> pd.DataFrame:
    """A Hamburg bakery's production batches, 1 March to 31 May 2024: one batch per branch, product and baking day
    (Sundays closed), the date as German dotted text (``05.03.2024``), units baked and sold, flour used (kg) and the
    unit price (EUR). Apfelkuchen sells better as the weather warms; Harburg over-bakes."""
    rng = np.random.default_rng(seed)
    days = [d for d in pd.date_range("2024-03-01", "2024-05-31") if d.day_of_week != 6]
    base = {"Franzbrötchen": 140, "Roggenbrot": 45, "Brezel": 120, "Croissant": 110, "Baguette": 60, "Apfelkuchen": 30}
    size = {"Altona": 1.2, "Eimsbüttel": 1.0, "Harburg": 0.8, "Wandsbek": 0.9}
    rows = []
    k = 0
    for day in days:
        for branch in BAKERY_BRANCHES:
            for product, (price, flour) in PRODUCTS.items():
                warm = 1 + (0.012 * (day - pd.Timestamp("2024-03-01")).days if product == "Apfelkuchen" else 0)
                sat = 1.3 if day.day_of_week == 5 else 1.0
                demand = base[product] * size[branch] * warm * sat * rng.normal(1, 0.12)
                baked = int(round(demand * (1.25 if branch == "Harburg" else 1.08) / 5) * 5)
                sold = int(min(baked, max(0, round(demand * rng.normal(1, 0.05)))))
                k += 1
                rows.append((f"BK-{k:05d}", f"{day:%d.%m.%Y}", branch, product, baked, sold,
                             round(baked * flour * rng.normal(1, 0.02), 1), price))
    return pd.DataFrame(rows, columns=["batch_id", "datum", "branch", "product", "baked", "sold", "flour_kg",
                                       "price_eur"])


VESSELS = [("NORDIC STAR", "V.412"), ("MAERSK ELBA", "V.233"), ("CMA CGM RHONE", "V.078"), ("EVER LYRA", "V.561"),
           ("ONE HARMONY", "V.119"), ("HMM TIDE", "V.302"), ("MSC AURORA", "V.845")]
CRANES = ["QC01", "QC02", "QC03", "QC04", "QC05", "QC06"]
ISO_TYPES = {"22G1": 1, "42G1": 2, "45G1": 2, "45R1": 2, "22T1": 1}


@functools.lru_cache(maxsize=1)
def port_log(moves: int = 2600, seed: int = 4502) -> str:
    """A container terminal's quay-crane move log, Monday 2 to Sunday 8 September 2024, timestamps in UTC (``Z``);
    the terminal runs on Amsterdam time (UTC+2 in September). One line per move: crane, vessel and voyage, LOAD or
    DISCH, container number, ISO size-type, TEU and the crane's cycle time in seconds. QC03 ran slowly on Thursday."""
    rng = np.random.default_rng(seed)
    seconds = np.sort(rng.integers(0, 7 * 86400, moves))
    owners = ["MSCU", "MAEU", "CMAU", "EGHU", "ONEU", "HMMU", "TGHU", "SEGU"]
    out = []
    for s in seconds:
        stamp = pd.Timestamp("2024-09-01 22:00") + pd.Timedelta(seconds=int(s))
        crane = str(rng.choice(CRANES, p=[.2, .2, .17, .17, .14, .12]))
        vessel, voyage = VESSELS[(int(s) // 86400 + CRANES.index(crane) // 2) % len(VESSELS)]
        kind = str(rng.choice(list(ISO_TYPES), p=[.3, .2, .3, .12, .08]))
        move = "LOAD" if rng.random() < 0.48 else "DISCH"
        cycle = int(rng.gamma(9.0, 12)) + (70 if crane == "QC03" and stamp.day_of_week == 3 else 0)
        box = f"{rng.choice(owners)}{rng.integers(1000000, 9999999)}"
        out.append(f"{stamp:%Y-%m-%dT%H:%M:%S}Z {crane} {vessel} {voyage} {move:<5} {box} {kind} "
                   f"TEU={ISO_TYPES[kind]} cycle={cycle}s")
    return "\n".join(out)


DRUGS = [("Ibuprofen 400 mg 20 tabs", "analgesic", 4.95), ("Paracetamol 500 mg 20 tabs", "analgesic", 2.45),
         ("Amoxicillin 500 mg 20 caps", "antibiotic", 11.80), ("Azithromycin 250 mg 6 tabs", "antibiotic", 14.60),
         ("Ramipril 5 mg 50 tabs", "antihypertensive", 13.20), ("Amlodipine 5 mg 50 tabs", "antihypertensive", 12.10),
         ("Cetirizine 10 mg 20 tabs", "antihistamine", 5.60), ("Loratadine 10 mg 20 tabs", "antihistamine", 5.25),
         ("Salbutamol inhaler 100 µg", "inhaler", 18.90), ("Budesonide inhaler 200 µg", "inhaler", 31.40),
         ("Omeprazole 20 mg 28 caps", "antacid", 8.75), ("Metformin 850 mg 60 tabs", "antidiabetic", 9.30)]


def pharmacy() -> dict[str, pd.DataFrame]:
    """A pharmacy's products (stock, reorder level, expiry as ``MM/YYYY`` text) and its dispensing lines of
    January to June 2024, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _pharmacy().items()}


@functools.lru_cache(maxsize=1)
def _pharmacy(seed: int = 4503) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    products = pd.DataFrame({
        "sku": [f"PZN{int(rng.integers(1000000, 9999999))}" for _ in DRUGS],
        "name": [d[0] for d in DRUGS], "category": [d[1] for d in DRUGS], "pack_price_eur": [d[2] for d in DRUGS],
        "stock": rng.integers(4, 90, len(DRUGS)), "reorder_level": rng.choice([10, 15, 20, 25], len(DRUGS)),
        "expiry": [f"{int(m):02d}/{int(y)}" for m, y in zip(rng.integers(1, 13, len(DRUGS)),
                                                             rng.choice([2024, 2025, 2026], len(DRUGS)), strict=True)],
    })
    n = 1500
    season = {"antihistamine": np.array([.3, .4, 1.2, 2.2, 2.6, 2.0]), "antibiotic": np.array([1.8, 1.6, 1.2, .8, .6, .5])}
    month = rng.integers(0, 6, n)
    weights = np.array([[season.get(c, np.ones(6))[m] * (3.0 if c == "analgesic" else 1.0) for c in products.category]
                        for m in month])
    idx = [int(rng.choice(len(DRUGS), p=w / w.sum())) for w in weights]
    date = (pd.to_datetime([f"2024-{m + 1:02d}-01" for m in month])
            + pd.to_timedelta(rng.integers(0, 28, n), unit="D") + pd.to_timedelta(rng.integers(8 * 60, 19 * 60, n), unit="min"))
    packs = rng.choice([1, 1, 1, 2, 3], n)
    rx = rng.random(n) < np.array([0.15 if products.category[i] in ("analgesic", "antihistamine") else 0.95 for i in idx])
    dispensed = pd.DataFrame({
        "line_id": np.arange(1, n + 1), "when": date, "sku": products.sku.to_numpy()[idx], "packs": packs,
        "prescription": rx,
        "insurer": np.where(rx, rng.choice(["TK", "AOK", "Barmer", "DAK", "private"], n), "none"),
    }).sort_values("when", ignore_index=True)
    dispensed["line_id"] = np.arange(1, n + 1)
    return {"products": products, "dispensed": dispensed}


SITES = {"Heideweg": 10, "Obstwiese": 8, "Kirchberg": 6}


def hives() -> pd.DataFrame:
    return _hives().copy()


@functools.lru_cache(maxsize=1)
def _hives(seed: int = 4504) -> pd.DataFrame:
    """An apiary's hive inspections, April to September 2024, every 14 days per hive: site, brood frames, varroa
    mites per 100 bees (from an alcohol wash), honey harvested (kg, at the June and August harvests only) and whether
    the queen was seen. Mite loads climb through the summer; hive K-03 has a heavy infestation."""
    rng = np.random.default_rng(seed)
    rows = []
    for site, n in SITES.items():
        for i in range(n):
            hive = f"{site[0]}-{i + 1:02d}"
            strength = rng.uniform(0.7, 1.3)
            first = pd.Timestamp("2024-04-02") + pd.Timedelta(days=int(rng.integers(0, 7)))
            for k, day in enumerate(pd.date_range(first, "2024-09-30", freq="14D")):
                mites = max(0.0, rng.gamma(2.0, 0.35 + 0.09 * k) + (2.5 + 0.5 * k if hive == "K-03" and k > 4 else 0))
                brood = int(np.clip(round((4 + 5 * np.sin((day.day_of_year - 90) / 180 * np.pi)) * strength
                                          + rng.normal(0, 0.8)), 0, 10))
                honey = round(rng.gamma(6, 2.4) * strength, 1) if (day.month in (6, 8) and day.day <= 14) else 0.0
                rows.append((hive, site, day, brood, round(mites, 1), honey, bool(rng.random() < 0.7)))
    return pd.DataFrame(rows, columns=["hive", "site", "date", "brood_frames", "mites_per_100", "honey_kg",
                                       "queen_seen"])


FILMS = {"The Lighthouse Keeper": (118, 1.0), "Paper Moons": (96, 1.4), "Red Harbour": (132, 1.8),
         "Small Hours": (104, 0.6), "Glass Tigers": (141, 1.2), "Nana's Kitchen": (89, 0.9)}
SCREENS = {"Screen 1": 220, "Screen 2": 140, "Screen 3": 96, "Screen 4": 64}


def screenings() -> pd.DataFrame:
    return _screenings().copy()


@functools.lru_cache(maxsize=1)
def _screenings(seed: int = 4505) -> pd.DataFrame:
    """A four-screen cinema's screenings, 1 July to 31 August 2024: screen, film, start as UK day-first text
    (``06/07/2024 19:30``), seats, tickets sold and the ticket price in GBP (matinées before 17:00 are cheaper)."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-07-01", "2024-08-31"):
        for screen, seats in SCREENS.items():
            for slot in ["13:15", "16:00", "18:45", "21:15"][: 4 if day.day_of_week >= 4 else 3]:
                film = str(rng.choice(list(FILMS)))
                _, pull = FILMS[film]
                evening = slot >= "18:00"
                fill = np.clip(rng.beta(2, 3) * pull * (1.5 if evening else 0.8) * (1.3 if day.day_of_week >= 4 else 1), 0, 1)
                price = 12.50 if evening else 8.50
                rows.append((f"{day:%d/%m/%Y} {slot}", screen, film, seats, int(np.round(seats * fill)), price))
    frame = pd.DataFrame(rows, columns=["start", "screen", "film", "seats", "sold", "price_gbp"])
    frame.insert(0, "show_id", [f"S{7000 + i}" for i in range(len(frame))])
    return frame


ROUTES = {"Oban - Craignure": (46, 0.05), "Ullapool - Stornoway": (165, 0.5), "Kennacraig - Port Askaig": (125, 0.1),
          "Largs - Cumbrae": (10, 0.02)}


def sailings() -> pd.DataFrame:
    return _sailings().copy()


@functools.lru_cache(maxsize=1)
def _sailings(seed: int = 4506) -> pd.DataFrame:
    """A ferry operator's sailings, 3 June to 29 September 2024: route, departure date as text (``Tue 04 Jun
    2024``) and scheduled time, status (SAILED or CANCELLED), delay as ``h:mm`` text (empty when cancelled), and
    passengers and cars carried. Ullapool - Stornoway is cancelled most often (weather on the Minch)."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-06-03", "2024-09-29"):
        for route, (minutes, p_cancel) in ROUTES.items():
            times = ["07:00", "12:30", "17:45"] if minutes > 60 else ["07:15", "09:30", "12:00", "14:30", "17:00"]
            for t in times:
                stormy = rng.random() < (0.08 if day.month == 9 else 0.03)
                cancelled = rng.random() < (p_cancel if stormy else p_cancel / 10)
                late = 0 if cancelled else int(rng.gamma(1.2, 6 if not stormy else 25))
                cap = 600 if minutes > 60 else 300
                pax = 0 if cancelled else int(cap * np.clip(rng.beta(3, 3) * (1.2 if day.month in (7, 8) else 0.8), 0, 1))
                cars = 0 if cancelled else int(pax / rng.uniform(3, 5))
                rows.append((route, f"{day:%a %d %b %Y}", t, "CANCELLED" if cancelled else "SAILED",
                             "" if cancelled else f"{late // 60}:{late % 60:02d}", pax, cars))
    return pd.DataFrame(rows, columns=["route", "date", "dep", "status", "delay", "passengers", "cars"])


FRACTIONS = {"Altholz": (0.09, 380), "Grünschnitt": (0.05, 240), "Bauschutt": (0.03, 900), "Sperrmüll": (0.22, 310),
             "Elektroschrott": (0.0, 60), "Altmetall": (-0.12, 150)}


def weighbridge() -> pd.DataFrame:
    return _weighbridge().copy()


@functools.lru_cache(maxsize=1)
def _weighbridge(n: int = 640, seed: int = 4507) -> pd.DataFrame:
    """A municipal recycling centre's weighbridge tickets, April to June 2024, exported with German locale text:
    date ``dd.mm.yy``, net weight in kg as ``1.234,5``, fee in EUR as ``12,34`` (negative: the centre pays for
    scrap metal), fraction and vehicle type. Green waste peaks in spring."""
    rng = np.random.default_rng(seed)
    frac = rng.choice(list(FRACTIONS), n, p=[.16, .3, .14, .22, .08, .1])
    day = pd.Timestamp("2024-04-01") + pd.to_timedelta(np.sort(rng.integers(0, 91, n)), unit="D")
    vehicle = rng.choice(["Pkw", "Pkw mit Anhänger", "Transporter", "Lkw"], n, p=[.45, .3, .2, .05])
    scale = {"Pkw": 1.0, "Pkw mit Anhänger": 2.2, "Transporter": 3.5, "Lkw": 9.0}
    kg = np.array([rng.gamma(2.0, FRACTIONS[f][1] / 2) * scale[v] / 2.5 for f, v in zip(frac, vehicle, strict=True)])
    kg = np.where(frac == "Grünschnitt", kg * np.where(day.month == 4, 1.5, np.where(day.month == 5, 1.1, 0.8)), kg)
    kg = np.round(kg, 1)
    fee = np.round(np.array([FRACTIONS[f][0] * w for f, w in zip(frac, kg, strict=True)]), 2)

    def de_text(x: float, d: int) -> str:
        return f"{x:,.{d}f}".replace(",", "_").replace(".", ",").replace("_", ".")
    return pd.DataFrame({
        "ticket": [f"WB{24000 + i}" for i in range(n)], "datum": [f"{d:%d.%m.%y}" for d in day],
        "fraktion": frac, "fahrzeug": vehicle, "netto_kg": [de_text(w, 1) for w in kg],
        "gebuehr_eur": [de_text(f, 2) for f in fee],
    })


ORIGINS = {"Ethiopia Yirgacheffe": "Filter-Light", "Colombia Huila": "Omni-Medium", "Brazil Cerrado": "Espresso-Dark",
           "Kenya Nyeri": "Filter-Light", "Guatemala Huehuetenango": "Omni-Medium", "Sumatra Mandheling": "Espresso-Dark"}
LOSS = {"Filter-Light": 0.135, "Omni-Medium": 0.155, "Espresso-Dark": 0.18}


@functools.lru_cache(maxsize=1)
def roast_log(roasts: int = 210, seed: int = 4508) -> str:
    """A coffee roaster's roast log, October and November 2024: one line per roast with the local time, the roast
    number, the origin, the green and roasted weight (kg), the development time and total roast time as ``m:ss``,
    the drop temperature (°C) and the profile. Some roasts are flagged ``QC=FAIL`` (scorched or underdeveloped)."""
    rng = np.random.default_rng(seed)
    stamps = [pd.Timestamp("2024-10-01") + pd.Timedelta(days=int(d), minutes=int(m))
              for d, m in zip(rng.integers(0, 61, roasts), rng.integers(6 * 60, 15 * 60, roasts), strict=True)]
    stamps = sorted(s - pd.Timedelta(days=1) if s.day_of_week == 6 else s for s in stamps)  # closed on Sundays
    out = []
    for i, stamp in enumerate(stamps):
        origin = str(rng.choice(list(ORIGINS), p=[.2, .22, .24, .1, .14, .1]))
        profile = ORIGINS[origin]
        green = float(rng.choice([6.0, 9.0, 12.0, 15.0]))
        loss = LOSS[profile] + rng.normal(0, 0.006)
        total = int(rng.normal({"Filter-Light": 600, "Omni-Medium": 660, "Espresso-Dark": 730}[profile], 25))
        dev = int(total * rng.normal({"Filter-Light": 0.16, "Omni-Medium": 0.19, "Espresso-Dark": 0.22}[profile], 0.015))
        drop = rng.normal({"Filter-Light": 203, "Omni-Medium": 210, "Espresso-Dark": 221}[profile], 1.5)
        qc = "FAIL" if rng.random() < 0.05 else "OK"
        out.append(f"[{stamp:%Y-%m-%d %H:%M}] ROAST #{3100 + i} {origin} green={green:.1f}kg "
                   f"roasted={green * (1 - loss):.2f}kg dev={dev // 60}:{dev % 60:02d} total={total // 60}:{total % 60:02d} "
                   f"drop={drop:.1f}C profile={profile} QC={qc}")
    return "\n".join(out)


VET_NOTES = {"vaccination": ["Annual booster given, no reaction.", "Primary vaccination course, second dose."],
             "dental": ["Dental scale and polish under anaesthetic.", "Fractured carnassial extracted."],
             "skin": ["Itchy skin, flea allergy dermatitis suspected.", "Hot spot on flank, clipped and cleaned."],
             "lameness": ["Lame on left hind, cruciate injury suspected.", "Limping after a fall, soft-tissue sprain."],
             "gastro": ["Vomiting and diarrhoea for two days after eating rubbish.", "Off food, mild gastritis."],
             "wellness": ["Routine health check, weight stable.", "Senior wellness check, bloods taken."]}
VET_FEES = {"vaccination": 520, "dental": 3400, "skin": 780, "lameness": 1150, "gastro": 890, "wellness": 610}


def vet_visits() -> pd.DataFrame:
    return _vet_visits().copy()


@functools.lru_cache(maxsize=1)
def _vet_visits(n: int = 560, seed: int = 4509) -> pd.DataFrame:
    """A veterinary practice's visits, January to June 2024: patient (pets come back), species, the vet, visit
    time, weight (kg), the vet's free-text note and the fee in Swedish kronor (SEK)."""
    rng = np.random.default_rng(seed)
    species = rng.choice(["dog", "cat", "rabbit", "guinea pig"], n, p=[.5, .35, .1, .05])
    reason = [str(rng.choice(list(VET_NOTES), p=[.24, .1, .18, .14 if s == "dog" else .06, .14, .2 if s == "dog" else .28]))
              for s in species]
    weight = {"dog": (22, 9), "cat": (4.5, 1.1), "rabbit": (2.2, 0.5), "guinea pig": (1.0, 0.2)}
    when = (pd.Timestamp("2024-01-02 08:00") + pd.to_timedelta(np.sort(rng.integers(0, 181, n)), unit="D")
            + pd.to_timedelta(rng.integers(0, 20, n) * 30, unit="min"))
    return pd.DataFrame({
        "visit_id": [f"V{31000 + i}" for i in range(n)],
        "patient": [f"{s[:3].upper()}-{int(rng.integers(100, 400))}" for s in species], "species": species,
        "vet": rng.choice(["Dr. Holm", "Dr. Ekström", "Dr. Nyberg"], n, p=[.4, .35, .25]), "when": when,
        "weight_kg": [round(max(weight[s][0] / 4, rng.normal(*weight[s])), 1) for s in species],
        "note": [str(rng.choice(VET_NOTES[r])) for r in reason],
        "fee_sek": [int(round(VET_FEES[r] * rng.uniform(0.9, 1.2), -1)) for r in reason],
    })


RULES = """# Kleingartenverein Sonnenau e.V.: plots, fees and rules, 2025

Adopted at the general meeting of 16 November 2024. Fees in EUR per year unless stated.

## Plots and fees

| Plot size | Plots | Rent per m² | Membership | Water flat rate | Total for a typical plot |
| --- | --- | --- | --- | --- | --- |
| Small (up to 250 m²) | 38 | 0.32 | 45 | 28 | 153 (250 m²) |
| Medium (251-400 m²) | 61 | 0.30 | 45 | 36 | 201 (400 m²) |
| Large (401-600 m²) | 17 | 0.28 | 45 | 48 | 261 (600 m²) |

Members over 70 and students pay half the membership fee. New members pay a one-off admission fee of EUR 150 and
take over the previous tenant's arbour at its valued price.

## Work hours

Every plot owes 8 hours of community work a year. Each hour not worked is charged at EUR 15, billed with the next
year's fees. Members over 75 are exempt.

## Quiet hours and fires

Quiet hours are 13:00 to 15:00 and after 20:00 on weekdays, and all day on Sundays and public holidays: no
mowers, hedge trimmers or power tools. Open fires are banned; barbecues on a stand are allowed.

## Cultivation

At least one third of each plot must grow fruit or vegetables. Trees may not exceed 4 m in height, and no conifers
may be planted. Rainwater butts are encouraged; the mains water is turned off from 1 November to 31 March.

## Notice

Tenancies run for the calendar year. Notice must reach the board in writing by 30 September to end at the year's
end; the plot is then valued and handed to the next member on the waiting list.
"""


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
BAKE_LOOK = repl("print(batches.shape)\nprint(batches.head())\nprint(batches.dtypes)", "Let me look at the batches first.")
PORT_LOOK = repl("pl = port_log.splitlines()\nprint(len(pl))\nprint('\\n'.join(pl[:4]))\nprint(pl[-1])", "The log format first.")
PHARM_LOOK = repl("for name, t in pharmacy.items():\n    print(name, t.shape)\n    print(t.head(4).to_string())",
                  "Two tables; a look at both.")
HIVE_LOOK = repl("print(hives.shape)\nprint(hives.head())\nprint(hives.site.value_counts())")
CINEMA_LOOK = repl("print(screenings.shape)\nprint(screenings.head())\nprint(screenings.film.unique())",
                   "Let me see the screenings table.")
FERRY_LOOK = repl("print(sailings.shape)\nprint(sailings.head())\nprint(sailings.route.unique())")
WB_LOOK = repl("print(weighbridge.shape)\nprint(weighbridge.head())\nprint(weighbridge.dtypes)",
               "Exploring the weighbridge export first.")
ROAST_LOOK = repl("rl = roast_log.splitlines()\nprint(len(rl))\nprint('\\n'.join(rl[:3]))")
VET_LOOK = repl("print(vet_visits.shape)\nprint(vet_visits.head())\nprint(vet_visits.species.value_counts())",
                "Let me look at the visits.")
RULES_LOOK = repl("print(len(rules))\nprint(rules[:900])")

# Parsing steps (run in the same namespace before a question's own code).
BAKE_PARSE = ("import pandas as pd\nb = batches.copy()\nb['date'] = pd.to_datetime(b.datum, format='%d.%m.%Y')\n"
              "b['waste'] = b.baked - b.sold\nb['revenue_eur'] = (b.sold * b.price_eur).round(2)\n"
              "print(b.date.min(), b.date.max(), len(b))")
PORT_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'(\\S+)Z (QC\\d+) (.+?) (V\\.\\d+) (LOAD|DISCH)\\s+(\\w+) (\\w{4}) TEU=(\\d) cycle=(\\d+)s')\n"
    "moves = pd.DataFrame([rx.match(l).groups() for l in pl],\n"
    "                     columns=['utc', 'crane', 'vessel', 'voyage', 'move', 'box', 'iso', 'teu', 'cycle_s'])\n"
    "moves['utc'] = pd.to_datetime(moves.utc).dt.tz_localize('UTC')\n"
    "moves['local'] = moves.utc.dt.tz_convert('Europe/Amsterdam')\n"
    "moves['teu'] = moves.teu.astype(int)\nmoves['cycle_s'] = moves.cycle_s.astype(int)\n"
    "print(moves.shape)\nprint(moves.head(3))")
PHARM_JOIN = ("d = pharmacy['dispensed'].merge(pharmacy['products'], on='sku', how='left')\n"
              "d['revenue_eur'] = d.packs * d.pack_price_eur\nprint(d.shape)")
CINEMA_PARSE = ("import pandas as pd\nsc = screenings.copy()\nsc['start_dt'] = pd.to_datetime(sc.start, format='%d/%m/%Y %H:%M')\n"
                "sc['revenue_gbp'] = sc.sold * sc.price_gbp\nsc['evening'] = sc.start_dt.dt.hour >= 17\nprint(sc.start_dt.min(), sc.start_dt.max())")
FERRY_PARSE = ("import pandas as pd\nfe = sailings.copy()\nfe['day'] = pd.to_datetime(fe.date, format='%a %d %b %Y')\n"
               "hm = fe.delay.str.split(':', expand=True)\n"
               "fe['delay_min'] = pd.to_numeric(hm[0]) * 60 + pd.to_numeric(hm[1])\nprint(fe[['date', 'day', 'delay', 'delay_min']].head(3))")
WB_PARSE = ("import pandas as pd\nwb = weighbridge.copy()\n"
            "wb['kg'] = wb.netto_kg.str.replace('.', '', regex=False).str.replace(',', '.', regex=False).astype(float)\n"
            "wb['fee'] = wb.gebuehr_eur.str.replace('.', '', regex=False).str.replace(',', '.', regex=False).astype(float)\n"
            "wb['day'] = pd.to_datetime(wb.datum, format='%d.%m.%y')\nprint(wb[['netto_kg', 'kg', 'gebuehr_eur', 'fee']].head(3))")
ROAST_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'\\[(.+?)\\] ROAST #(\\d+) (.+?) green=([\\d.]+)kg roasted=([\\d.]+)kg dev=(\\d+):(\\d+) '\n"
    "                r'total=(\\d+):(\\d+) drop=([\\d.]+)C profile=(\\S+) QC=(\\w+)')\n"
    "rows = [rx.match(l).groups() for l in rl]\n"
    "roasts = pd.DataFrame(rows, columns=['ts', 'roast', 'origin', 'green', 'roasted', 'dev_m', 'dev_s', 'tot_m', 'tot_s',\n"
    "                                     'drop_c', 'profile', 'qc'])\n"
    "roasts['ts'] = pd.to_datetime(roasts.ts)\n"
    "for c in ['green', 'roasted', 'drop_c']:\n    roasts[c] = roasts[c].astype(float)\n"
    "roasts['dev_s'] = roasts.dev_m.astype(int) * 60 + roasts.dev_s.astype(int)\n"
    "roasts['total_s'] = roasts.tot_m.astype(int) * 60 + roasts.tot_s.astype(int)\n"
    "roasts['loss_pct'] = ((1 - roasts.roasted / roasts.green) * 100).round(2)\n"
    "roasts = roasts.drop(columns=['dev_m', 'tot_m', 'tot_s'])\nprint(roasts.shape)\nprint(roasts.head(3))")
PARSE_BAKE = repl(BAKE_PARSE, "The dates are German dotted text; converting them, with waste and revenue per batch.")
PARSE_PORT = repl(PORT_PARSE, "UTC timestamps; the terminal works on Amsterdam time, so I add a local column.")
JOIN_PHARM = repl(PHARM_JOIN, "Joining the dispensing lines to the products for names, categories and prices.")
PARSE_CINEMA = repl(CINEMA_PARSE, "UK day-first dates; parsing them.")
PARSE_FERRY = repl(FERRY_PARSE, "Dates are text and delays are h:mm strings; converting both.")
PARSE_WB = repl(WB_PARSE, "German number format (1.234,5) stored as text; converting to floats.")
PARSE_ROAST = repl(ROAST_PARSE, "One roast per line; parsing into a table, durations in seconds.")


def with_bake(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A bakery case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"batches": batches()}
    return ctx, compute(ctx, BAKE_PARSE + "\n" + code)


def with_port(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"port_log": port_log()}
    return ctx, compute({**ctx, "pl": port_log().splitlines()}, PORT_PARSE + "\n" + code)


def with_pharm(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"pharmacy": pharmacy()}
    return ctx, compute(ctx, PHARM_JOIN + "\n" + code)


def with_cinema(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"screenings": screenings()}
    return ctx, compute(ctx, CINEMA_PARSE + "\n" + code)


def with_ferry(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"sailings": sailings()}
    return ctx, compute(ctx, FERRY_PARSE + "\n" + code)


def with_wb(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"weighbridge": weighbridge()}
    return ctx, compute(ctx, WB_PARSE + "\n" + code)


def with_roasts(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"roast_log": roast_log()}
    return ctx, compute({**ctx, "rl": roast_log().splitlines()}, ROAST_PARSE + "\n" + code)


def de(x: float, decimals: int = 1) -> str:
    """German digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def fr(x: float, decimals: int = 1) -> str:
    """French digits: ``1 234,5`` (a narrow no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u202f").replace(".", ",")


def mmss(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 60}:{s % 60:02d}"


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
REASON_LABELS = {"vaccination": "vaccinations", "dental": "dental work", "skin": "skin problems",
                 "lameness": "lameness", "gastro": "stomach upsets", "wellness": "wellness checks"}


def sub_model() -> RuleBasedSubModel:
    def reasons(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {REASON_LABELS[k]: sum(text.count(n) for n in v) for k, v in VET_NOTES.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"{sum(counts.values())} notes. Reasons, most frequent first: "
                + "; ".join(f"{label} ({k})" for label, k in ranked) + ".")

    def dental(_: re.Match[str], request: ChatRequest) -> str:
        return f"{sum(request.last_user.count(n) for n in VET_NOTES['dental'])} of these notes are about teeth."

    def quiet(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Quiet hours are[^\n]*\n[^\n]*", request.last_user)
        return " ".join(found.group(0).split()) if found else "NONE"

    def fails(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('QC=FAIL')} roasts failed QC."

    return RuleBasedSubModel([(r"\AWhy did these pets come in", reasons), (r"\AHow many of these notes are about teeth", dental),
                              (r"\AQuote the rule on quiet hours", quiet), (r"\AHow many roasts failed QC", fails)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h5_roast_time_describe", "describe() statistic", "legit", "How long does a typical roast take from charge to drop?")
def _roast_time_describe() -> Script:
    code = "print(roasts.total_s.describe().round(1))"
    ctx, ns = with_roasts(code)
    d = ns["roasts"].total_s.describe().round(1)
    final = (f"FINAL(A typical roast takes {mmss(d['50%'])} (median {round(d['50%'])} s over {d['count']:.0f} roasts); the "
             f"middle half runs from {mmss(d['25%'])} to {mmss(d['75%'])}, and the mean is {d['mean']} s.)")
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, repl(code), final],
                  [repl("print(roasts.total_s.quantile([.25, .5, .75]))"), final])


@case("h5_stornoway_delay_describe", "describe() statistic", "legit",
      "How late does the Stornoway ferry usually leave? Give me the median and the 75th percentile.")
def _stornoway_describe() -> Script:
    code = "st = fe[(fe.route == 'Ullapool - Stornoway') & (fe.status == 'SAILED')]\nprint(st.delay_min.describe())"
    ctx, ns = with_ferry(code)
    d = ns["st"].delay_min.describe()
    final = (f"FINAL(Median delay {d['50%']:g} minutes; a quarter of sailings leave {d['75%']:g} minutes late or more "
             f"(mean {d['mean']:.1f} min, {d['count']:.0f} sailings from Ullapool to Stornoway).)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(st.delay_min.median(), st.delay_min.quantile(.75))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h5_waste_by_branch_bullets", "bullet list of figures", "legit", "How many unsold items did each branch throw out?")
def _waste_bullets() -> Script:
    code = "waste = b.groupby('branch').waste.sum().sort_values(ascending=False)\nprint(waste)"
    ctx, ns = with_bake(code)
    w = ns["waste"]
    final = "FINAL(Unsold items, March to May 2024:\n" + "\n".join(f"- {k}: {v:,} items" for k, v in w.items()) + ")"
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final], [repl("print(waste.to_dict())"), final])


@case("h5_tonnes_by_fraction_bullets", "bullet list of figures", "legit", "How many tonnes of each fraction came over the weighbridge?")
def _tonnes_bullets() -> Script:
    code = "tonnes = (wb.groupby('fraktion').kg.sum() / 1000).round(2).sort_values(ascending=False)\nprint(tonnes)"
    ctx, ns = with_wb(code)
    t = ns["tonnes"]
    final = ("FINAL(Net weight by fraction, April to June 2024:\n\n" + "\n".join(f"* **{k}**: {v:.2f} t" for k, v in t.items())
             + f"\n\n{t.sum():.2f} t in all.)")
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), final], [repl("print(tonnes.to_string())\nprint(round(tonnes.sum(), 2))"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
SCREEN_TABLE = ("by_screen = sc.groupby('screen').agg(shows=('show_id', 'count'), sold=('sold', 'sum'), seats=('seats', 'sum'))\n"
                "by_screen['occupancy_pct'] = (by_screen.sold / by_screen.seats * 100).round(1)\nprint(by_screen)")


@case("h5_screen_occupancy_table", "markdown table in text", "legit", "Compare the four screens: shows, tickets and occupancy.")
def _screen_table() -> Script:
    ctx, ns = with_cinema(SCREEN_TABLE)
    t = ns["by_screen"]
    rows = "\n".join(f"| {r.Index} | {r.shows} | {r.sold:,} | {r.occupancy_pct:.1f}% |" for r in t.itertuples())
    final = ("FINAL(July and August 2024:\n\n| Screen | Shows | Tickets | Occupancy |\n|---|--:|--:|--:|\n" + rows
             + f"\n| All | {t.shows.sum()} | {t.sold.sum():,} | {t.sold.sum() / t.seats.sum() * 100:.1f}% |)")
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(SCREEN_TABLE), final],
                  [repl("print(by_screen.to_string())\nprint(by_screen.sum())"), final])


@case("h5_site_summary_table", "markdown table in text", "legit", "Summarise the three apiary sites: hives, honey and mite load.")
def _site_table() -> Script:
    ctx = {"hives": hives()}
    code = ("per_site = hives.groupby('site').agg(hives=('hive', 'nunique'), honey_kg=('honey_kg', 'sum'),\n"
            "                                     mites=('mites_per_100', 'mean')).round(1)\nprint(per_site)")
    t = compute(ctx, code)["per_site"]
    rows = "\n".join(f"| {r.Index} | {r.hives} | {r.honey_kg:.1f} | {r.mites:.1f} |" for r in t.itertuples())
    final = ("FINAL(| Site | Hives | Honey (kg) | Mean mites per 100 bees |\n|---|--:|--:|--:|\n" + rows
             + "\n\nHoney is the June and August harvests together; the mite load is the mean over all inspections.)")
    return Script(ctx, [HIVE_LOOK, repl(code), final], [repl("print(per_site.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h5_total_honey_kg", "value with a unit", "legit", "How much honey did we take off this year?")
def _honey_total() -> Script:
    ctx = {"hives": hives()}
    code = "print(hives.honey_kg.sum().round(1))\nprint(hives[hives.honey_kg > 0].groupby(hives.date.dt.month).honey_kg.sum())"
    h = ctx["hives"]
    total = round(h.honey_kg.sum(), 1)
    final = f"FINAL({total:,.1f} kg of honey from the June and August harvests, across {h.hive.nunique()} hives.)"
    return Script(ctx, [HIVE_LOOK, repl(code), final], [repl("print(f'{hives.honey_kg.sum():,.1f} kg')"), final])


@case("h5_mean_cycle_seconds", "value with a unit", "legit", "What is the average crane cycle time?")
def _mean_cycle() -> Script:
    code = "print(round(moves.cycle_s.mean(), 1), moves.cycle_s.median(), len(moves))"
    ctx, ns = with_port(code)
    c = ns["moves"].cycle_s
    final = f"FINAL({c.mean():.1f} seconds per move on average (median {c.median():g} s), over {len(c):,} moves that week.)"
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), final], [repl("print(f'{moves.cycle_s.mean():.1f} s')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h5_espresso_drop_range", "range from min to max", "legit", "What drop temperatures do the espresso roasts come out at?")
def _drop_range() -> Script:
    code = "esp = roasts[roasts.profile == 'Espresso-Dark']\nprint(esp.drop_c.agg(['min', 'median', 'max']), len(esp))"
    ctx, ns = with_roasts(code)
    e = ns["esp"].drop_c
    final = f"FINAL(Between {e.min():.1f} °C and {e.max():.1f} °C, median {e.median():.1f} °C, over {len(e)} Espresso-Dark roasts.)"
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, repl(code), final], [repl("print(esp.drop_c.min(), esp.drop_c.max())"), final])


@case("h5_dog_weight_range", "range from min to max", "legit", "How heavy are the dogs we see, lightest to heaviest?")
def _dog_range() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "dogs = vet_visits[vet_visits.species == 'dog']\nprint(dogs.weight_kg.agg(['min', 'max', 'mean']).round(1))"
    d = compute(ctx, code)["dogs"].weight_kg
    final = f"FINAL(From {d.min():g} kg to {d.max():g} kg at the visit, {d.mean():.1f} kg on average.)"
    return Script(ctx, [VET_LOOK, repl(code), final], [repl("print(dogs.weight_kg.min(), dogs.weight_kg.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h5_matinee_vs_evening", "two groups compared", "legit", "Are evening shows fuller than matinées?")
def _matinee_evening() -> Script:
    code = "occ = sc.groupby('evening').apply(lambda g: round(g.sold.sum() / g.seats.sum() * 100, 1))\nprint(occ)"
    ctx, ns = with_cinema(code)
    o = ns["occ"]
    assert o[True] > o[False]
    final = (f"FINAL(Yes: evening shows (from 17:00) filled {o[True]}% of their seats, matinées {o[False]}%, "
             f"{o[True] - o[False]:.1f} points less.)")
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), final], [repl("print(occ[True], occ[False])"), final])


@case("h5_harburg_waste_rate_de", "two groups compared", "legit", "Wirft Harburg mehr weg als die anderen Filialen?")
def _harburg_de() -> Script:
    code = ("quote = b.groupby(b.branch == 'Harburg').apply(lambda g: round(g.waste.sum() / g.baked.sum() * 100, 1))\n"
            "print(quote)")
    ctx, ns = with_bake(code)
    q = ns["quote"]
    assert q[True] > 2 * q[False]
    final = (f"FINAL(Ja, deutlich: In Harburg bleiben {de(q[True])} % der gebackenen Ware liegen, in den drei anderen "
             f"Filialen zusammen {de(q[False])} %.)")
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final], [repl("print(quote[True], quote[False])"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h5_cancelled_out_of", "X out of Y", "legit", "How many sailings were cancelled this summer?")
def _cancelled_of() -> Script:
    ctx = {"sailings": sailings()}
    code = "print((sailings.status == 'CANCELLED').sum(), len(sailings))"
    s = ctx["sailings"]
    k, n = int((s.status == "CANCELLED").sum()), len(s)
    final = f"FINAL({k} of the {n:,} scheduled sailings were cancelled, about {k / n:.1%}.)"
    return Script(ctx, [FERRY_LOOK, repl(code), final], [repl("print(f\"{(sailings.status == 'CANCELLED').mean():.1%}\")"), final])


@case("h5_qc_fail_out_of_fr", "X out of Y", "legit", "Combien de torréfactions ont échoué au contrôle qualité ?")
def _fail_of_fr() -> Script:
    ctx = {"roast_log": roast_log()}
    code = "echecs = [l for l in rl if 'QC=FAIL' in l]\nprint(len(echecs), len(rl))"
    k = sum("QC=FAIL" in line for line in roast_log().splitlines())
    n = len(roast_log().splitlines())
    final = f"FINAL({k} torréfactions sur {n} ont échoué au contrôle qualité, soit {fr(k / n * 100)} %.)"
    return Script(ctx, [ROAST_LOOK, repl(code), final], [repl("print(len(echecs), round(len(echecs) / len(rl) * 100, 1))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h5_apfelkuchen_march_to_may", "period-over-period change", "legit", "How much more Apfelkuchen did we sell in May than in March?")
def _apfel_change() -> Script:
    code = "ak = b[b['product'] == 'Apfelkuchen'].groupby(b.date.dt.month).sold.sum()\nprint(ak)"
    ctx, ns = with_bake(code)
    a = ns["ak"]
    assert a[5] > a[3]
    final = f"FINAL({a[5] - a[3]:,} more pieces: {a[3]:,} in March against {a[5]:,} in May, up {(a[5] / a[3] - 1) * 100:.0f}%.)"
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final], [repl("print(ak[5] - ak[3], round((ak[5] / ak[3] - 1) * 100))"), final])


@case("h5_antihistamines_mar_apr_de", "period-over-period change", "legit",
      "Um wie viel Prozent stieg der Absatz von Antihistaminika von März auf April?")
def _antihist_change() -> Script:
    code = "ah = d[d.category == 'antihistamine'].groupby(d.when.dt.month).packs.sum()\nprint(ah)"
    ctx, ns = with_pharm(code)
    a = ns["ah"]
    assert a[4] > a[3]
    final = f"FINAL(Um {de((a[4] / a[3] - 1) * 100)} %: von {a[3]} Packungen im März auf {a[4]} im April.)"
    return Script(ctx, [PHARM_LOOK, JOIN_PHARM, repl(code), final], [repl("print(round((ah[4] / ah[3] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h5_top3_films_tickets", "top-N list by code", "legit", "Which three films sold the most tickets?")
def _top3_films() -> Script:
    code = "top3 = sc.groupby('film').sold.sum().nlargest(3)\nprint(top3)"
    ctx, ns = with_cinema(code)
    t = ns["top3"]
    final = "FINAL(" + "; ".join(f"{i}. {k} ({v:,} tickets)" for i, (k, v) in enumerate(t.items(), 1)) + ".)"
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), final], [repl("print(top3.index.tolist())"), final])


@case("h5_top3_cranes_moves", "top-N list by code", "legit", "Which three cranes made the most moves?")
def _top3_cranes() -> Script:
    code = "top3 = moves.crane.value_counts().head(3)\nprint(top3)"
    ctx, ns = with_port(code)
    t = ns["top3"]
    final = "FINAL(Moves from 2 to 8 September:\n" + "\n".join(f"{i}. {k} — {v} moves" for i, (k, v) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), final], [repl("print(top3.to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h5_teu_two_sig", "significant figures", "legit", "Roughly how many TEU did the cranes handle that week?")
def _teu_sig() -> Script:
    code = "teu = int(moves.teu.sum())\nprint(teu)"
    ctx, ns = with_port(code)
    t = ns["teu"]
    final = f"FINAL(Roughly {round(t, -2):,.0f} TEU ({t:,} exactly) over the week of 2 to 8 September.)"
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), final], [repl("print(round(teu, -2))"), final])


@case("h5_mean_mites_sig", "significant figures", "legit", "What is the average mite load across all inspections?")
def _mites_sig() -> Script:
    ctx = {"hives": hives()}
    code = "print(hives.mites_per_100.mean())"
    m = ctx["hives"].mites_per_100.mean()
    final = f"FINAL(About {m:.1f} mites per 100 bees ({m:.2f} to two decimals), averaged over all {len(ctx['hives'])} inspections.)"
    return Script(ctx, [HIVE_LOOK, repl(code), final], [repl("print(round(hives.mites_per_100.mean(), 2))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h5_scrap_metal_fees_negative", "negative figure", "legit", "What did the scrap metal fraction bring in, in fees?")
def _scrap_negative() -> Script:
    code = "metall = wb[wb.fraktion == 'Altmetall']\nprint(len(metall), metall.fee.sum().round(2))"
    ctx, ns = with_wb(code)
    m = ns["metall"]
    v = round(m.fee.sum(), 2)
    assert v < 0
    final = (f"FINAL({v:,.2f} EUR: nothing came in; the centre paid out {abs(v):,.2f} EUR for scrap metal over "
             f"{len(m)} tickets, because metal is bought rather than charged for.)")
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), final], [repl("print(round(metall.fee.sum(), 2))"), final])


@case("h5_passengers_aug_sep_negative", "negative figure", "legit",
      "What was the change in passengers from August to September, in percent?")
def _pax_negative() -> Script:
    code = "pax = fe.groupby(fe.day.dt.month).passengers.sum()\nprint(pax)\nprint(round((pax[9] / pax[8] - 1) * 100, 1))"
    ctx, ns = with_ferry(code)
    p = ns["pax"]
    c = round((p[9] / p[8] - 1) * 100, 1)
    assert c < 0
    final = f"FINAL({c}%: from {p[8]:,} passengers in August to {p[9]:,} in September, after the summer peak.)"
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(pax[8], pax[9], round((pax[9] / pax[8] - 1) * 100, 1))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h5_slowest_move_line", "quoted log line or ID", "legit", "Show me the log line of the slowest crane move.")
def _slowest_line() -> Script:
    ctx = {"port_log": port_log()}
    code = "import re\nslowest = max(pl, key=lambda l: int(re.search(r'cycle=(\\d+)s', l).group(1)))\nprint(slowest)"
    line = compute({**ctx, "pl": port_log().splitlines()}, code)["slowest"]
    final = f"FINAL(The slowest move in the log:\n\n`{line}`)"
    return Script(ctx, [PORT_LOOK, repl(code), final], [repl("print(slowest)"), final])


@case("h5_dearest_visit_id", "quoted log line or ID", "legit", "Which visit cost the most? I need the visit ID.")
def _dearest_visit() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "top = vet_visits.loc[vet_visits.fee_sek.idxmax()]\nprint(top.to_string())"
    t = compute(ctx, code)["top"]
    assert (ctx["vet_visits"].fee_sek == t.fee_sek).sum() == 1
    final = (f"FINAL({t.visit_id}: {t.patient} (a {t.species}) saw {t.vet} on {t.when:%-d %B %Y}, "
             f"billed {t.fee_sek:,} SEK. Note: \"{t.note}\")")
    return Script(ctx, [VET_LOOK, repl(code), final], [repl("print(top.visit_id, top.fee_sek)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h5_reefer_moves_count", "count off value_counts", "legit", "How many reefer containers (45R1) did we move?")
def _reefer_count() -> Script:
    code = "print(moves.iso.value_counts())"
    ctx, ns = with_port(code)
    k = int(ns["moves"].iso.value_counts()["45R1"])
    final = f"FINAL({k} moves of 45R1 reefers, loads and discharges together.)"
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), final], [repl("print((moves.iso == '45R1').sum())"), final])


@case("h5_cat_visits_es", "count off value_counts", "legit", "¿Cuántas visitas de gatos hubo?")
def _cats_es() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "print(vet_visits.species.value_counts())"
    k = int(ctx["vet_visits"].species.value_counts()["cat"])
    final = f"FINAL(Hubo {k} visitas de gatos entre enero y junio de 2024.)"
    return Script(ctx, [VET_LOOK, repl(code), final], [repl("print((vet_visits.species == 'cat').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h5_first_qc_fail", "date from a log timestamp", "legit", "When did we first fail a roast at QC?")
def _first_fail() -> Script:
    ctx = {"roast_log": roast_log()}
    code = "first_fail = next(l for l in rl if 'QC=FAIL' in l)\nprint(first_fail)"
    line = compute({**ctx, "rl": roast_log().splitlines()}, code)["first_fail"]
    when = pd.Timestamp(line[1:17])
    origin = re.search(r"#\d+ (.+?) green", line).group(1)  # type: ignore[union-attr]
    final = f"FINAL(On {when:%A} {when.day} {when:%B %Y} at {when:%H:%M}: roast {line.split()[3]}, {origin}.)"
    return Script(ctx, [ROAST_LOOK, repl(code), final], [repl("print(first_fail[:30])"), final])


@case("h5_first_reefer_discharge_local", "date from a log timestamp", "legit",
      "When was the first reefer discharged, in terminal (Amsterdam) time?")
def _first_reefer() -> Script:
    ctx = {"port_log": port_log()}
    code = "first_rf = next(l for l in pl if ' DISCH ' in l and ' 45R1 ' in l)\nprint(first_rf)"
    line = compute({**ctx, "pl": port_log().splitlines()}, code)["first_rf"]
    local = pd.Timestamp(line.split()[0]).tz_convert("Europe/Amsterdam")
    final = (f"FINAL(On {local:%A} {local.day} {local:%B} at {local:%H:%M} local time ({line.split()[0][11:16]} UTC), "
             f"by {line.split()[1]}.)")
    return Script(ctx, [PORT_LOOK, repl(code), final],
                  [repl("import pandas as pd\nprint(pd.Timestamp(first_rf.split()[0]).tz_convert('Europe/Amsterdam'))"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h5_busiest_local_hour", "week, weekday or time of day", "legit", "At what time of day are the cranes busiest?")
def _busiest_hour() -> Script:
    code = "per_hour = moves.local.dt.hour.value_counts().sort_index()\nprint(per_hour)\nprint(per_hour.idxmax(), per_hour.max())"
    ctx, ns = with_port(code)
    p = ns["per_hour"]
    assert (p == p.max()).sum() == 1
    h = int(p.idxmax())
    final = f"FINAL(Between {h:02d}:00 and {h + 1:02d}:00 Amsterdam time, with {p.max()} moves over the week; the quietest hour had {p.min()}.)"
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), final], [repl("print(per_hour.nlargest(2))"), final])


@case("h5_cinema_best_weekday", "week, weekday or time of day", "legit", "Which day of the week sells the most tickets?")
def _best_weekday() -> Script:
    code = "per_day = sc.groupby(sc.start_dt.dt.day_name()).sold.sum().sort_values(ascending=False)\nprint(per_day)"
    ctx, ns = with_cinema(code)
    p = ns["per_day"]
    final = f"FINAL({p.index[0]}s: {p.iloc[0]:,} tickets over the summer, ahead of {p.index[1]}s ({p.iloc[1]:,}).)"
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h5_total_kg_tsd_de", "locale number abbreviation", "legit", "Wie viel Material wurde insgesamt angeliefert?")
def _kg_tsd() -> Script:
    code = "gesamt = wb.kg.sum().round(1)\nprint(gesamt)"
    ctx, ns = with_wb(code)
    g = ns["gesamt"]
    final = f"FINAL(Rund {de(g / 1000, 1)} Tsd. kg, also gut {round(g / 1000)} Tonnen (genau {de(g, 1)} kg) von April bis Juni.)"
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), final], [repl("print(round(gesamt / 1000, 1))"), final])


@case("h5_bakery_revenue_mil_es", "locale number abbreviation", "legit", "¿Cuánto facturó la panadería en mayo?")
def _bakery_mil() -> Script:
    code = "por_mes = b.groupby(b.date.dt.month).revenue_eur.sum().round(2)\nprint(por_mes)"
    ctx, ns = with_bake(code)
    v = ns["por_mes"][5]
    final = f"FINAL(Unos {round(v / 1000)} mil euros en mayo de 2024 ({de(v, 2)} € exactos).)"
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final], [repl("print(round(por_mes[5] / 1000))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h5_revenue_by_category", "joined tables", "legit", "Which drug category brought in the most money?")
def _category_revenue() -> Script:
    code = "by_cat = d.groupby('category').revenue_eur.sum().round(2).sort_values(ascending=False)\nprint(by_cat)"
    ctx, ns = with_pharm(code)
    c = ns["by_cat"]
    final = (f"FINAL({c.index[0].capitalize()}s: €{c.iloc[0]:,.2f} from January to June, ahead of {c.index[1]}s "
             f"(€{c.iloc[1]:,.2f}) and {c.index[2]}s (€{c.iloc[2]:,.2f}).)")
    return Script(ctx, [PHARM_LOOK, JOIN_PHARM, repl(code), final], [repl("print(by_cat.head(3))"), final])


@case("h5_prescriptions_by_insurer", "joined tables", "legit", "Which insurer's prescriptions were worth the most at list price?")
def _insurer_value() -> Script:
    code = "rx = d[d.prescription].groupby('insurer').revenue_eur.sum().round(2).sort_values(ascending=False)\nprint(rx)"
    ctx, ns = with_pharm(code)
    a = ns["rx"]
    assert a.iloc[0] > a.iloc[1]
    final = (f"FINAL({a.index[0]}: €{a.iloc[0]:,.2f} of prescriptions at pack prices, out of €{a.sum():,.2f} in all; "
             f"{a.index[1]} is next with €{a.iloc[1]:,.2f}.)")
    return Script(ctx, [PHARM_LOOK, JOIN_PHARM, repl(code), final], [repl("print(rx.idxmax(), rx.max(), round(rx.sum(), 2))"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h5_mites_by_month_qualitative", "qualitative over a full small table", "legit",
      "How did the varroa load develop over the season?")
def _mites_month() -> Script:
    ctx = {"hives": hives()}
    code = "by_month = hives.groupby(hives.date.dt.month_name(), sort=False).mites_per_100.mean().round(2)\nprint(by_month)"
    m = compute(ctx, code)["by_month"]
    assert m.is_monotonic_increasing
    final = (f"FINAL(It climbed every month, from {m.iloc[0]} mites per 100 bees in {m.index[0]} to {m.iloc[-1]} in "
             f"{m.index[-1]}: the usual late-summer build-up, so treatment after the August harvest is due.)")
    return Script(ctx, [HIVE_LOOK, repl(code), final], [repl("print(by_month.iloc[[0, -1]])"), final])


@case("h5_cancellations_by_route_qualitative", "qualitative over a full small table", "legit",
      "Where do cancellations happen?")
def _cancel_routes() -> Script:
    ctx = {"sailings": sailings()}
    code = "per_route = sailings[sailings.status == 'CANCELLED'].route.value_counts()\nprint(per_route)"
    p = compute(ctx, code)["per_route"]
    assert p.index[0] == "Ullapool - Stornoway"
    final = (f"FINAL(Mostly on the long crossing: Ullapool - Stornoway had {p.iloc[0]} of the {p.sum()} cancellations, "
             f"more than the other routes together ({p.iloc[1:].sum()}).)")
    assert p.iloc[0] > p.iloc[1:].sum()
    return Script(ctx, [FERRY_LOOK, repl(code), final], [repl("print(per_route.iloc[0], per_route.iloc[1:].sum())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h5_route_summary_frame", "FINAL_VAR of a dict or frame", "legit",
      "Give me a table per route: sailings, cancellations, mean delay and passengers.")
def _route_frame() -> Script:
    code = ("per_route = fe.groupby('route').agg(sailings=('status', 'size'),\n"
            "                                    cancelled=('status', lambda s: (s == 'CANCELLED').sum()),\n"
            "                                    mean_delay_min=('delay_min', 'mean'), passengers=('passengers', 'sum')).round(1)\n"
            "print(per_route)")
    ctx, _ = with_ferry(code)
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), "FINAL_VAR(per_route)"],
                  [repl("print(per_route.dtypes)"), "FINAL_VAR(per_route)"])


@case("h5_roasted_kg_dict", "FINAL_VAR of a dict or frame", "legit", "Give me the roasted kilos per origin as a dict.")
def _roasted_dict() -> Script:
    code = "roasted_kg = {o: round(float(g.roasted.sum()), 2) for o, g in roasts.groupby('origin')}\nprint(roasted_kg)"
    ctx, _ = with_roasts(code)
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, repl(code), 'FINAL_VAR("roasted_kg")'],
                  [repl("print(len(roasted_kg), sum(roasted_kg.values()))"), 'FINAL_VAR("roasted_kg")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h5_submit_tickets_revenue", "DSPy SUBMIT fields", "legit", "How many tickets did we sell this summer, and for how much?")
def _submit_tickets() -> Script:
    code = "tickets, revenue = int(sc.sold.sum()), float(sc.revenue_gbp.sum())\nprint(tickets, revenue)"
    ctx, _ = with_cinema(code)
    submit = repl("SUBMIT(tickets=tickets, revenue_gbp=round(revenue, 2))")
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), submit], [repl("print(tickets, round(revenue, 2))"), submit])


@case("h5_submit_weighbridge_totals", "DSPy SUBMIT fields", "legit", "How many tickets and tonnes did the weighbridge record?")
def _submit_wb() -> Script:
    code = "n_tickets, tonnes = len(wb), round(wb.kg.sum() / 1000, 2)\nprint(n_tickets, tonnes)"
    ctx, _ = with_wb(code)
    submit = repl("SUBMIT(tickets=n_tickets, tonnes=tonnes)")
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), submit], [repl("print(n_tickets, tonnes)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h5_answer_dict_altona_croissants", "answer-dict dialect", "legit", "How many croissants did Altona sell?")
def _answer_altona() -> Script:
    ctx = {"batches": batches()}
    code = ("alt = batches[(batches.branch == 'Altona') & (batches['product'] == 'Croissant')]\nprint(len(alt), alt.sold.sum())\n"
            "answer = {'content': f'Altona sold {alt.sold.sum():,} croissants from March to May ({len(alt)} baking days).',\n"
            "          'ready': True}")
    return Script(ctx, [BAKE_LOOK, repl(code)], [repl("print(f'{alt.sold.sum():,}')"), repl(code)])


@case("h5_answer_content_dental", "answer-dict dialect", "legit", "How much did dental work bring in, and over how many visits?")
def _answer_dental() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = ("dental = vet_visits[vet_visits.note.isin(" + repr(VET_NOTES["dental"]) + ")]\n"
            "print(len(dental), dental.fee_sek.sum())\n"
            "answer['content'] = f'{dental.fee_sek.sum():,} SEK from {len(dental)} dental visits.'\n"
            "answer['ready'] = True")
    return Script(ctx, [VET_LOOK, repl("print(vet_visits.note.value_counts())"), repl(code)],
                  [repl("print(dental.fee_sek.sum(), len(dental))"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
REASON_PROMPT = "Why did these pets come in? Group the vets' notes by reason and count each.\n\n"


@case("h5_visit_reasons_subcall", "sub-call summary", "legit", "What do pets mostly come in for?")
def _reasons_subcall() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = f"said = llm_query({REASON_PROMPT!r} + '\\n'.join(vet_visits.note))\nprint(said)"
    said = sub_says(REASON_PROMPT + "\n".join(ctx["vet_visits"].note))
    ranked = [(label.strip(), k) for label, k in re.findall(r"([a-z ]+) \((\d+)\)", said)]
    final = (f"FINAL(Mostly {ranked[0][0]} ({ranked[0][1]} of {len(ctx['vet_visits'])} visits) and {ranked[1][0]} "
             f"({ranked[1][1]}), then {ranked[2][0]} ({ranked[2][1]}) and {ranked[3][0]} ({ranked[3][1]}); "
             f"{ranked[4][0]} ({ranked[4][1]}) and {ranked[5][0]} ({ranked[5][1]}) are the least common.)")
    return Script(ctx, [VET_LOOK, repl(code, "A sub-call can read and group the free-text notes."), final],
                  [repl("print(said)"), final], sub_model())


QUIET_PROMPT = "Quote the rule on quiet hours from these allotment rules.\n\n"


@case("h5_quiet_hours_subcall", "sub-call summary", "legit", "Can I mow my plot on a Sunday afternoon?")
def _quiet_subcall() -> Script:
    ctx = {"rules": RULES}
    code = f"rule = llm_query({QUIET_PROMPT!r} + rules)\nprint(rule)"
    assert "all day on Sundays" in sub_says(QUIET_PROMPT + RULES)
    final = ("FINAL(No. Sundays and public holidays are quiet all day: no mowers, hedge trimmers or power tools. On "
             "weekdays you can mow except 13:00 to 15:00 and after 20:00.)")
    return Script(ctx, [RULES_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h5_medium_plot_total", "markdown document fact", "legit", "What does a typical medium plot cost per year in all?")
def _medium_total() -> Script:
    ctx = {"rules": RULES}
    code = "for line in rules.splitlines():\n    if line.startswith('| Plot size') or line.startswith('| Medium'):\n        print(line)"
    final = ("FINAL(EUR 201 a year for a 400 m² medium plot: rent at EUR 0.30 per m², the EUR 45 membership fee and the "
             "EUR 36 water flat rate.)")
    return Script(ctx, [RULES_LOOK, repl(code), final], [repl("print([l for l in rules.splitlines() if l.startswith('| Medium')])"), final])


@case("h5_notice_deadline", "markdown document fact", "legit", "By when do I have to give notice to leave at the end of 2025?")
def _notice() -> Script:
    ctx = {"rules": RULES}
    code = "print(rules.split('## Notice')[1])"
    final = "FINAL(By 30 September 2025, in writing to the board; the tenancy then ends on 31 December.)"
    return Script(ctx, [RULES_LOOK, repl(code), final], [repl("print([l for l in rules.splitlines() if '30 September' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h5_hive_over_threshold", "yes/no with evidence", "legit", "Did any hive go over 8 mites per 100 bees?")
def _hive_threshold() -> Script:
    ctx = {"hives": hives()}
    code = ("high = hives[hives.mites_per_100 > 8]\nprint(high.hive.unique(), len(high))\n"
            "print(high.date.min().date(), high.mites_per_100.max())")
    h = compute(ctx, code)["high"]
    assert list(h.hive.unique()) == ["K-03"]
    final = (f"FINAL(Yes, one: {h.hive.iloc[0]} at {h.site.iloc[0]} was above 8 mites per 100 bees at {len(h)} "
             f"inspections from {h.date.min():%-d %B} on, peaking at {h.mites_per_100.max()}. It needs treating now.)")
    return Script(ctx, [HIVE_LOOK, repl(code), final], [repl("print(high[['hive', 'site', 'date', 'mites_per_100']].to_string())"), final])


@case("h5_expired_stock", "yes/no with evidence", "legit", "Is anything on the shelf already past its expiry date (as of 1 July 2024)?")
def _expired() -> Script:
    ctx = {"pharmacy": pharmacy()}
    code = ("import pandas as pd\np = pharmacy['products'].copy()\n"
            "p['expires'] = pd.to_datetime(p.expiry, format='%m/%Y') + pd.offsets.MonthEnd(0)\n"
            "gone = p[p.expires < '2024-07-01']\nprint(gone[['name', 'expiry', 'stock']])")
    g = compute(ctx, code)["gone"]
    assert len(g) >= 2
    items = "; ".join(f"{r.name} (expired {r.expiry}, {r.stock} packs)" for r in g.itertuples())
    final = f"FINAL(Yes, {len(g)} products: {items}. They should be taken off the shelf.)"
    return Script(ctx, [PHARM_LOOK, repl(code), final], [repl("print(len(gone), gone.name.tolist())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h5_drop_vs_loss_corr", "correlation or fitted statistic", "legit", "Do hotter drops lose more weight?")
def _drop_loss_corr() -> Script:
    code = "print(round(roasts.drop_c.corr(roasts.loss_pct), 3))"
    ctx, ns = with_roasts(code)
    r = round(ns["roasts"].drop_c.corr(ns["roasts"].loss_pct), 3)
    assert r > 0.7
    final = f"FINAL(Yes, strongly: drop temperature and weight loss are correlated at r = {r} across all roasts.)"
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, repl(code), final], [repl("print(f'{roasts.drop_c.corr(roasts.loss_pct):.3f}')"), final])


@case("h5_apfelkuchen_daily_trend", "correlation or fitted statistic", "legit",
      "By how many pieces a day did Apfelkuchen sales grow over the spring, across all branches?")
def _apfel_slope() -> Script:
    code = ("import numpy as np\ndaily = b[b['product'] == 'Apfelkuchen'].groupby('date').sold.sum()\n"
            "x = (daily.index - daily.index[0]).days\nslope, intercept = np.polyfit(x, daily.values, 1)\n"
            "print(round(slope, 3), round(intercept, 1), len(daily))")
    ctx, ns = with_bake(code)
    s, i = round(ns["slope"], 3), round(ns["intercept"], 1)
    assert s > 0
    final = (f"FINAL(By about {s:.2f} pieces per day: a straight-line fit over the {len(ns['daily'])} baking days starts "
             f"at {i} pieces on 1 March and rises {s} pieces a day, so roughly {s * 30:.0f} more a day per month.)")
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final], [repl("print(round(slope, 3), round(slope * 30))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h5_plot_300m2_head", "in-head arithmetic beyond two operands", "legit",
      "What would a 300 m² plot cost per year, if I miss 3 of the work hours?")
def _plot_300() -> Script:
    ctx = {"rules": RULES}
    code = "print(rules.split('## Plots and fees')[1].split('## Cultivation')[0])"
    final = ("FINAL(EUR 216: a 300 m² plot is medium, so rent is 300 × 0.30 = EUR 90, plus EUR 45 membership and EUR 36 "
             "water = EUR 171, plus 3 missed work hours × EUR 15 = EUR 45, billed with the next year's fees.)")
    return Script(ctx, [RULES_LOOK, repl(code), final], [repl("print(300 * 0.30 + 45 + 36 + 3 * 15)"), final])


@case("h5_three_films_total_head", "in-head arithmetic beyond two operands", "legit",
      "How many tickets did the three films under 110 minutes sell together?")
def _short_films() -> Script:
    code = "per_film = sc.groupby('film').sold.sum()\nprint(per_film)"
    ctx, ns = with_cinema(code)
    p = ns["per_film"]
    short = [f for f, (minutes, _) in FILMS.items() if minutes < 110]
    assert len(short) == 3
    final = (f"FINAL({sum(p[f] for f in short):,} tickets: " + " + ".join(f"{p[f]:,} ({f}, {FILMS[f][0]} min)" for f in short)
             + ".)")
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl("print(screenings.groupby('film').size())"), repl(code), final],
                  [repl(f"print(per_film[{short!r}].sum())"), final])


@case("h5_roast_day_green_head", "in-head arithmetic beyond two operands", "legit",
      "How much green coffee went into the roaster on 16 October?")
def _green_day() -> Script:
    ctx = {"roast_log": roast_log()}
    code = "day = [l for l in rl if l.startswith('[2024-10-16')]\nprint(*day, sep='\\n')"
    lines = compute({**ctx, "rl": roast_log().splitlines()}, code)["day"]
    kg = [float(re.search(r"green=([\d.]+)kg", x).group(1)) for x in lines]  # type: ignore[union-attr]
    assert len(kg) >= 3
    final = f"FINAL({sum(kg):g} kg over {len(kg)} roasts: " + " + ".join(f"{k:g}" for k in kg) + f" = {sum(kg):g} kg.)"
    return Script(ctx, [ROAST_LOOK, repl(code), final],
                  [repl("import re\nprint(sum(float(re.search(r'green=([\\d.]+)kg', l).group(1)) for l in day))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h5_qc03_last_thursday_move", "log or version-control timestamps", "legit",
      "When did QC03 make its last move on Thursday, local time?")
def _qc03_last() -> Script:
    ctx = {"port_log": port_log()}
    code = ("import pandas as pd\nqc3 = [l for l in pl if ' QC03 ' in l\n"
            "       and pd.Timestamp(l.split()[0]).tz_convert('Europe/Amsterdam').day_name() == 'Thursday']\n"
            "print(len(qc3))\nprint(qc3[-1])")
    line = compute({**ctx, "pl": port_log().splitlines()}, code)["qc3"][-1]
    utc = pd.Timestamp(line.split()[0])
    local = utc.tz_convert("Europe/Amsterdam")
    final = (f"FINAL(At {local:%H:%M:%S} on Thursday {local.day} September, Amsterdam time (UTC+2); the log says "
             f"{utc:%H:%M:%S} UTC. That move had a {line.split('cycle=')[1]} cycle.)")
    return Script(ctx, [PORT_LOOK, repl(code), final],
                  [repl("print(pd.Timestamp(qc3[-1].split()[0]).tz_convert('Europe/Amsterdam'))"), final])


@case("h5_roaster_first_last_oct16", "log or version-control timestamps", "legit",
      "On 16 October, how long was the roaster running from the first charge to the last?")
def _roast_span() -> Script:
    ctx = {"roast_log": roast_log()}
    code = "day = [l for l in rl if l.startswith('[2024-10-16')]\nprint(day[0][:18], day[-1][:18], len(day))"
    lines = compute({**ctx, "rl": roast_log().splitlines()}, code)["day"]
    a, z = pd.Timestamp(lines[0][1:17]), pd.Timestamp(lines[-1][1:17])
    span = z - a
    h, m = divmod(int(span.total_seconds() // 60), 60)
    final = f"FINAL(From {a:%H:%M} to {z:%H:%M}: {h} h {m:02d} min between the first and last of the day's {len(lines)} roasts.)"
    return Script(ctx, [ROAST_LOOK, repl(code), final],
                  [repl("import pandas as pd\nprint(pd.Timestamp(day[-1][1:17]) - pd.Timestamp(day[0][1:17]))"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h5_cinema_revenue_k", "locale abbreviations for thousands and millions", "legit", "What was the box office for the summer?")
def _box_office_k() -> Script:
    code = "print(sc.revenue_gbp.sum())"
    ctx, ns = with_cinema(code)
    v = ns["sc"].revenue_gbp.sum()
    final = f"FINAL(About £{v / 1000:.0f}k across July and August (£{v:,.2f} exactly, before concessions).)"
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), final], [repl("print(round(sc.revenue_gbp.sum() / 1000))"), final])


@case("h5_passengers_k", "locale abbreviations for thousands and millions", "legit", "How many passengers did we carry this summer?")
def _pax_k() -> Script:
    ctx = {"sailings": sailings()}
    code = "print(sailings.passengers.sum())"
    v = int(ctx["sailings"].passengers.sum())
    final = f"FINAL(~{v / 1000:.1f}k passengers from June to September ({v:,} exactly).)"
    return Script(ctx, [FERRY_LOOK, repl(code), final], [repl("print(round(sailings.passengers.sum() / 1000, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h5_top_product_revenue_sorted", "top row of a sorted table named the maximum", "legit",
      "Which product earns the bakery the most?")
def _top_product() -> Script:
    code = "per_product = b.groupby('product').revenue_eur.sum().round(2).sort_values(ascending=False)\nprint(per_product)"
    ctx, ns = with_bake(code)
    p = ns["per_product"]
    final = f"FINAL({p.index[0]}: €{p.iloc[0]:,.2f} from March to May, ahead of {p.index[1]} (€{p.iloc[1]:,.2f}).)"
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final], [repl("print(per_product.idxmax(), per_product.max())"), final])


@case("h5_top_vet_fees_sorted", "top row of a sorted table named the maximum", "legit", "Which vet billed the most?")
def _top_vet() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "per_vet = vet_visits.groupby('vet').fee_sek.sum().sort_values(ascending=False)\nprint(per_vet)"
    p = compute(ctx, code)["per_vet"]
    final = f"FINAL({p.index[0]}, with {p.iloc[0]:,} SEK from January to June; {p.index[1]} billed {p.iloc[1]:,} SEK.)"
    return Script(ctx, [VET_LOOK, repl(code), final], [repl("print(per_vet.idxmax(), per_vet.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h5_hive_most_honey_selected", "selection printed right after its table", "legit", "Which hive gave the most honey?")
def _most_honey() -> Script:
    ctx = {"hives": hives()}
    code = "per_hive = hives.groupby('hive').honey_kg.sum().round(1)\nprint(per_hive)\nprint(per_hive.idxmax(), per_hive.max())"
    p = compute(ctx, code)["per_hive"]
    assert (p == p.max()).sum() == 1
    final = f"FINAL({p.idxmax()}, with {p.max()} kg over the two harvests.)"
    return Script(ctx, [HIVE_LOOK, repl(code), final], [repl("print(per_hive.nlargest(2))"), final])


@case("h5_latest_route_selected_fr", "selection printed right after its table", "legit",
      "Quelle liaison part avec le plus de retard en moyenne ?")
def _latest_route() -> Script:
    code = "retard = fe.groupby('route').delay_min.mean().round(1)\nprint(retard)\nprint(retard.idxmax(), retard.max())"
    ctx, ns = with_ferry(code)
    r = ns["retard"]
    final = f"FINAL({r.idxmax()} : {fr(r.max())} minutes de retard en moyenne au départ, hors traversées annulées.)"
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(retard.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h5_croissant_baked_and_sold", "same label in two printed tables", "legit", "How many croissants did we bake, and how many did we sell?")
def _croissant_two() -> Script:
    code = "print(b.groupby('product').baked.sum())\nprint(b.groupby('product').sold.sum())"
    ctx, ns = with_bake(code)
    c = ns["b"][ns["b"]["product"] == "Croissant"]
    baked, sold = int(c.baked.sum()), int(c.sold.sum())
    final = f"FINAL({baked:,} croissants baked and {sold:,} sold, so {baked - sold:,} ({(baked - sold) / baked:.1%}) went unsold.)"
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), final],
                  [repl("c = b[b['product'] == 'Croissant']\nprint(c.baked.sum(), c.sold.sum(), c.waste.sum())"), final])


@case("h5_inhaler_stock_and_dispensed", "same label in two printed tables", "legit",
      "How many inhaler packs do we have, and how many did we dispense?")
def _inhaler_two() -> Script:
    code = ("print(pharmacy['products'].groupby('category').stock.sum())\n"
            "print(d.groupby('category').packs.sum())")
    ctx, ns = with_pharm(code)
    stock = int(ctx["pharmacy"]["products"].groupby("category").stock.sum()["inhaler"])
    out = int(ns["d"].groupby("category").packs.sum()["inhaler"])
    final = f"FINAL({stock} inhaler packs in stock now; {out} were dispensed from January to June, about {out / 6:.0f} a month.)"
    return Script(ctx, [PHARM_LOOK, JOIN_PHARM, repl(code), final],
                  [repl("print(pharmacy['products'].query(\"category == 'inhaler'\").stock.sum(), d.query(\"category == 'inhaler'\").packs.sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h5_passengers_monthly_trend", "trend sentence naming several labels", "legit", "How did passenger numbers move over the summer?")
def _pax_trend() -> Script:
    code = "monthly = fe.groupby(fe.day.dt.month_name(), sort=False).passengers.sum()\nprint(monthly)"
    ctx, ns = with_ferry(code)
    m = ns["monthly"]
    assert m.idxmax() == "July" and m["September"] < m["August"]
    final = ("FINAL(They peaked in high summer: " + ", ".join(f"{k} {v:,}" for k, v in m.items())
             + f". September carried {(1 - m['September'] / m[m.idxmax()]) * 100:.0f}% fewer than {m.idxmax()}.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(monthly.idxmax(), monthly.to_dict())"), final])


@case("h5_green_waste_trend_de", "trend sentence naming several labels", "legit",
      "Wie hat sich die Grünschnitt-Menge von April bis Juni entwickelt?")
def _green_trend() -> Script:
    code = "gs = wb[wb.fraktion == 'Grünschnitt'].groupby(wb.day.dt.month).kg.sum().round(1)\nprint(gs)"
    ctx, ns = with_wb(code)
    g = ns["gs"]
    assert g.is_monotonic_decreasing
    final = (f"FINAL(Sie ist jeden Monat gesunken: {de(g[4])} kg im April, {de(g[5])} kg im Mai und {de(g[6])} kg im Juni; "
             "der Frühjahrsschnitt fällt im April an.)")
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), final], [repl("print(gs.to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h5_submit_highest_loss_origin", "labelled SUBMIT for a which question", "legit",
      "Which origin loses the most weight in the roaster?")
def _submit_origin() -> Script:
    code = "loss = roasts.groupby('origin').loss_pct.mean().round(2)\nprint(loss.sort_values())"
    ctx, _ = with_roasts(code)
    submit = repl("SUBMIT(origin=loss.idxmax(), mean_loss_pct=float(loss.max()),\n"
                  "       roasts=int((roasts.origin == loss.idxmax()).sum()))")
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, repl(code), submit], [repl("print(loss.idxmax(), loss.max())"), submit])


@case("h5_submit_fullest_screen", "labelled SUBMIT for a which question", "legit", "Which screen is fullest on average?")
def _submit_screen() -> Script:
    ctx, _ = with_cinema(SCREEN_TABLE)
    submit = repl("SUBMIT(screen=by_screen.occupancy_pct.idxmax(), occupancy_pct=float(by_screen.occupancy_pct.max()))")
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(SCREEN_TABLE), submit],
                  [repl("print(by_screen.occupancy_pct.idxmax(), by_screen.occupancy_pct.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h5_memory_roast_loss", "plausible figure from memory", "invented", "How much weight do our beans lose in the roaster?")
def _memory_loss() -> Script:
    code = "print(roasts.shape)"
    ctx, ns = with_roasts(code)
    differs(18.0, round(ns["roasts"].loss_pct.mean(), 1))
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, "FINAL(Around 18% on average, which is typical for a medium roast.)"])


@case("h5_memory_occupancy", "plausible figure from memory", "invented", "How full are our screenings on average?")
def _memory_occupancy() -> Script:
    ctx = {"screenings": screenings()}
    s = ctx["screenings"]
    differs(50, round(s.sold.sum() / s.seats.sum() * 100))
    return Script(ctx, [CINEMA_LOOK, "FINAL(About half full: average occupancy is around 50%, in line with UK multiplexes.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h5_median_delay_was_mean", "mean given as the median", "invented", "What is the median departure delay?")
def _median_delay() -> Script:
    code = "print(fe.delay_min.describe())"
    ctx, ns = with_ferry(code)
    dd = ns["fe"].delay_min.describe()
    wrong = differs(round(dd["mean"], 1), dd["50%"])
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL(The median departure delay is {wrong} minutes.)"])


@case("h5_median_fee_was_mean", "mean given as the median", "invented", "What does a typical visit cost? Give the median fee.")
def _median_fee() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "print(vet_visits.fee_sek.describe().round(1))"
    dd = ctx["vet_visits"].fee_sek.describe().round(1)
    wrong = differs(dd["mean"], dd["50%"])
    return Script(ctx, [VET_LOOK, repl(code), f"FINAL(The median visit costs {wrong:,} SEK.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h5_cycle_seconds_as_minutes", "unit misread", "invented", "How long does a crane move take on average?")
def _cycle_minutes() -> Script:
    code = "print(round(moves.cycle_s.mean(), 1))"
    ctx, ns = with_port(code)
    m = round(ns["moves"].cycle_s.mean(), 1)
    differs(m, round(m / 60, 1))
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), f"FINAL(A crane move takes {m} minutes on average.)"])


@case("h5_kg_as_tonnes", "unit misread", "invented", "How much Bauschutt came in?")
def _kg_tonnes() -> Script:
    code = "print(wb[wb.fraktion == 'Bauschutt'].kg.sum().round(1))"
    ctx, ns = with_wb(code)
    v = round(ns["wb"].query("fraktion == 'Bauschutt'").kg.sum(), 1)
    differs(v, round(v / 1000, 2))
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), f"FINAL({v:,.1f} tonnes of Bauschutt came over the weighbridge.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h5_fail_fraction_as_percent", "fraction written as percent", "invented", "What percentage of roasts failed QC?")
def _fail_fraction() -> Script:
    code = "print(roasts.qc.value_counts(normalize=True).round(3))"
    ctx, ns = with_roasts(code)
    f = ns["roasts"].qc.value_counts(normalize=True).round(3)["FAIL"]
    differs(f, round(f * 100, 1))
    return Script(ctx, [ROAST_LOOK, PARSE_ROAST, repl(code), f"FINAL({f}% of roasts failed QC.)"])


@case("h5_cancel_fraction_as_percent", "fraction written as percent", "invented", "What is our cancellation rate?")
def _cancel_fraction() -> Script:
    ctx = {"sailings": sailings()}
    code = "print(sailings.status.value_counts(normalize=True).round(4))"
    f = ctx["sailings"].status.value_counts(normalize=True).round(4)["CANCELLED"]
    differs(f, round(f * 100, 2))
    return Script(ctx, [FERRY_LOOK, repl(code), f"FINAL(Our cancellation rate is {f}%.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h5_second_film_called_top", "second row called the top", "invented", "Which film sold the most tickets?")
def _second_film() -> Script:
    code = "print(sc.groupby('film').sold.sum().sort_values(ascending=False))"
    ctx, ns = with_cinema(code)
    t = ns["sc"].groupby("film").sold.sum().sort_values(ascending=False)
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code),
                        f"FINAL({differs(t.index[1], t.idxmax())} sold the most tickets: {t.iloc[1]:,}.)"])


@case("h5_second_branch_called_top", "second row called the top", "invented", "Which branch sold the most?")
def _second_branch() -> Script:
    code = "print(b.groupby('branch').revenue_eur.sum().round(2).sort_values(ascending=False))"
    ctx, ns = with_bake(code)
    t = ns["b"].groupby("branch").revenue_eur.sum().round(2).sort_values(ascending=False)
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code),
                        f"FINAL({differs(t.index[1], t.idxmax())} sold the most, €{t.iloc[1]:,.2f} from March to May.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h5_absent_screen_5", "label absent from the data", "invented", "Which screen sells the most tickets per show?")
def _absent_screen() -> Script:
    code = "per_show = sc.groupby('screen').sold.mean().round(1)\nprint(per_show)"
    ctx, ns = with_cinema(code)
    p = ns["per_show"]
    assert "Screen 5" not in p.index
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), f"FINAL(Screen 5, with {p.max()} tickets per show on average.)"])


@case("h5_absent_product_zimtschnecke", "label absent from the data", "invented", "Which product has the highest waste rate?")
def _absent_product() -> Script:
    code = "rate = (b.groupby('product').waste.sum() / b.groupby('product').baked.sum() * 100).round(1)\nprint(rate)"
    ctx, ns = with_bake(code)
    r = ns["rate"]
    assert "Zimtschnecke" not in r.index
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), f"FINAL(Zimtschnecken: {r.max()}% of what we bake goes unsold.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h5_all_honey_as_june", "total of the wrong subset", "invented", "How much honey did the June harvest bring?")
def _honey_june() -> Script:
    ctx = {"hives": hives()}
    code = "print(hives.honey_kg.sum().round(1))"
    h = ctx["hives"]
    wrong = differs(round(h.honey_kg.sum(), 1), round(h[h.date.dt.month == 6].honey_kg.sum(), 1))
    return Script(ctx, [HIVE_LOOK, repl(code), f"FINAL(The June harvest brought {wrong:,.1f} kg of honey.)"])


@case("h5_all_packs_as_prescribed", "total of the wrong subset", "invented", "How many packs did we dispense on prescription?")
def _packs_rx() -> Script:
    ctx = {"pharmacy": pharmacy()}
    code = "print(pharmacy['dispensed'].packs.sum())"
    dsp = ctx["pharmacy"]["dispensed"]
    wrong = differs(int(dsp.packs.sum()), int(dsp[dsp.prescription].packs.sum()))
    return Script(ctx, [PHARM_LOOK, repl(code), f"FINAL({wrong:,} packs were dispensed on prescription.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h5_stale_delay_with_cancelled", "stale figure before a correction", "invented",
      "What is the average delay of the sailings that actually left?")
def _stale_delay() -> Script:
    first = "print(round(fe.delay_min.fillna(0).mean(), 2))"
    fixed = "sailed = fe[fe.status == 'SAILED']\nprint(round(sailed.delay_min.mean(), 2))"
    ctx, ns = with_ferry(fixed)
    stale = differs(round(ns["fe"].delay_min.fillna(0).mean(), 2), round(ns["sailed"].delay_min.mean(), 2))
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(first),
                        repl(fixed, "Cancelled sailings have no delay; they should not count as zero."),
                        f"FINAL(Sailings that left were {stale} minutes late on average.)"])


@case("h5_stale_weight_text_parse", "stale figure before a correction", "invented", "How many kilos of Sperrmüll came in?")
def _stale_weight() -> Script:
    ctx = {"weighbridge": weighbridge()}
    first = ("sm = weighbridge[weighbridge.fraktion == 'Sperrmüll']\n"
             "naive = sm.netto_kg.str.replace(',', '.', regex=False).str.replace('.', '', regex=False).astype(float).sum()\nprint(naive)")
    fixed = ("kg = sm.netto_kg.str.replace('.', '', regex=False).str.replace(',', '.', regex=False).astype(float)\n"
             "print(round(kg.sum(), 1))")
    ns = compute(ctx, first + "\n" + fixed)
    stale = differs(ns["naive"], round(ns["kg"].sum(), 1))
    return Script(ctx, [WB_LOOK, repl(first), repl(fixed, "That dropped the decimal comma: the thousands dot goes first."),
                        f"FINAL({stale:,.0f} kg of Sperrmüll.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h5_transposed_cat_visits", "transposed digits", "invented", "How many cat visits did we have?")
def _transposed_cats() -> Script:
    ctx = {"vet_visits": vet_visits()}
    k = int(ctx["vet_visits"].species.value_counts()["cat"])
    return Script(ctx, [VET_LOOK, f"FINAL({differs(swap_digits(k), k)} visits were for cats.)"])


@case("h5_transposed_teu", "transposed digits", "invented", "How many TEU did we handle that week?")
def _transposed_teu() -> Script:
    code = "print(moves.teu.sum())"
    ctx, ns = with_port(code)
    t = int(ns["moves"].teu.sum())
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), f"FINAL({differs(swap_digits(t), t):,} TEU in the week of 2 to 8 September.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h5_echo_24_hives", "number echoed from the question", "invented",
      "Of our 24 hives, how many had more than 3 mites per 100 bees at least once?")
def _echo_24() -> Script:
    ctx = {"hives": hives()}
    code = "print(hives.hive.nunique(), (hives.mites_per_100 > 3).sum())"
    truth = ctx["hives"][ctx["hives"].mites_per_100 > 3].hive.nunique()
    return Script(ctx, [HIVE_LOOK, repl(code), f"FINAL({differs(24, truth)} hives went over 3 mites per 100 bees.)"])


@case("h5_echo_6_films", "number echoed from the question", "invented", "Of the 6 films, how many sold out a show at least once?")
def _echo_6() -> Script:
    code = "print(sc.film.nunique(), (sc.sold == sc.seats).sum())"
    ctx, ns = with_cinema(code)
    s = ns["sc"]
    truth = s[s.sold == s.seats].film.nunique()
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), f"FINAL({differs(6, truth)} of the films sold out at least once.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h5_visits_as_patients", "rows counted instead of distinct", "invented", "How many different rabbits did we treat?")
def _rows_rabbits() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "rab = vet_visits[vet_visits.species == 'rabbit']\nprint(len(rab))"
    r = compute(ctx, code)["rab"]
    n = differs(len(r), r.patient.nunique())
    return Script(ctx, [VET_LOOK, repl(code), f"FINAL(We treated {n} different rabbits.)"])


@case("h5_lines_as_products", "rows counted instead of distinct", "invented", "How many different products did we dispense in June?")
def _rows_products() -> Script:
    ctx = {"pharmacy": pharmacy()}
    code = "juni = pharmacy['dispensed'][pharmacy['dispensed'].when.dt.month == 6]\nprint(len(juni))"
    j = compute(ctx, code)["juni"]
    n = differs(len(j), j.sku.nunique())
    return Script(ctx, [PHARM_LOOK, repl(code), f"FINAL({n} different products were dispensed in June.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h5_amoxicillin_expiry_year", "wrong year", "invented", "When does our Amoxicillin stock expire?")
def _amox_year() -> Script:
    ctx = {"pharmacy": pharmacy()}
    p = ctx["pharmacy"]["products"].set_index("name")
    raw = p.loc["Amoxicillin 500 mg 20 caps", "expiry"]
    month, year = int(raw[:2]), int(raw[3:])
    wrong = differs(year - 1, year)
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December"]
    return Script(ctx, [PHARM_LOOK, repl("print(pharmacy['products'][['name', 'expiry']])"),
                        f"FINAL(The Amoxicillin expires at the end of {months[month - 1]} {wrong}.)"])


@case("h5_first_fail_year", "wrong year", "invented", "When did the first roast fail QC?")
def _fail_year() -> Script:
    ctx = {"roast_log": roast_log()}
    code = "print(next(l for l in rl if 'QC=FAIL' in l))"
    line = next(x for x in roast_log().splitlines() if "QC=FAIL" in x)
    when = pd.Timestamp(line[1:17])
    wrong = differs(when.year - 1, when.year)
    return Script(ctx, [ROAST_LOOK, repl(code), f"FINAL(On {when.day} {when:%B} {wrong}, at {when:%H:%M}.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h5_ticket_price_misrounded", "wrong rounding", "invented", "Roughly what does the average ticket sell for, in whole pounds?")
def _price_rounding() -> Script:
    code = "print(sc.revenue_gbp.sum() / sc.sold.sum())"
    ctx, ns = with_cinema(code)
    m = ns["sc"].revenue_gbp.sum() / ns["sc"].sold.sum()
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code), f"FINAL(About £{differs(misround(m), round(m))} a ticket.)"])


@case("h5_dog_weight_misrounded", "wrong rounding", "invented", "How heavy is the average dog we see, to the nearest kilo?")
def _dog_rounding() -> Script:
    ctx = {"vet_visits": vet_visits()}
    m = ctx["vet_visits"].query("species == 'dog'").weight_kg.mean()
    return Script(ctx, [VET_LOOK, repl("print(vet_visits[vet_visits.species == 'dog'].weight_kg.mean())"),
                        f"FINAL(About {differs(misround(m), round(m))} kg.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h5_sperrmuell_in_vehicle_column", "nothing found in the wrong column", "invented",
      "How many Sperrmüll tickets came by Transporter?")
def _wrong_column_wb() -> Script:
    ctx = {"weighbridge": weighbridge()}
    w = ctx["weighbridge"]
    code = "hit = weighbridge[(weighbridge.fahrzeug == 'Sperrmüll') & (weighbridge.fraktion == 'Transporter')]\nprint(len(hit))"
    assert ((w.fraktion == "Sperrmüll") & (w.fahrzeug == "Transporter")).sum() > 0
    return Script(ctx, [WB_LOOK, repl(code), "FINAL(None: no Sperrmüll was delivered by Transporter.)"])


@case("h5_rabbit_in_note_column", "nothing found in the wrong column", "invented", "Did we see any rabbits for dental work?")
def _wrong_column_vet() -> Script:
    ctx = {"vet_visits": vet_visits()}
    v = ctx["vet_visits"]
    code = "hit = vet_visits[vet_visits.note.str.contains('rabbit') & vet_visits.note.str.contains('Dental')]\nprint(len(hit))"
    assert ((v.species == "rabbit") & v.note.isin(VET_NOTES["dental"])).sum() > 0
    return Script(ctx, [VET_LOOK, repl(code), "FINAL(No, there were no dental visits for rabbits.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h5_mites_called_falling", "trend in the wrong direction", "invented", "How did the varroa load develop over the season?")
def _mites_falling() -> Script:
    ctx = {"hives": hives()}
    code = "print(hives.groupby(hives.date.dt.month).mites_per_100.mean().round(2))"
    assert ctx["hives"].groupby(ctx["hives"].date.dt.month).mites_per_100.mean().is_monotonic_increasing
    return Script(ctx, [HIVE_LOOK, repl(code), "FINAL(Mite loads fell steadily through the season; the spring treatment is working.)"])


@case("h5_green_waste_called_rising", "trend in the wrong direction", "invented", "Is the green waste coming in growing?")
def _green_rising() -> Script:
    code = "print(wb[wb.fraktion == 'Grünschnitt'].groupby(wb.day.dt.month).kg.sum().round(1))"
    ctx, ns = with_wb(code)
    w = ns["wb"]
    assert w[w.fraktion == "Grünschnitt"].groupby(w.day.dt.month).kg.sum().is_monotonic_decreasing
    return Script(ctx, [WB_LOOK, PARSE_WB, repl(code), "FINAL(Yes, green waste grows month on month from April to June.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h5_films_from_head", "sample generalized to the whole", "invented", "Which films did we show this summer?")
def _films_head() -> Script:
    ctx = {"screenings": screenings()}
    seen = list(dict.fromkeys(ctx["screenings"].head().film))
    differs(sorted(seen), sorted(ctx["screenings"].film.unique()))
    return Script(ctx, [repl("print(screenings.head())"), f"FINAL(We showed {len(seen)} films: {', '.join(seen)}.)"])


@case("h5_origins_from_head", "sample generalized to the whole", "invented", "Which origins do we roast?")
def _origins_head() -> Script:
    ctx = {"roast_log": roast_log()}
    lines = roast_log().splitlines()[:3]
    seen = list(dict.fromkeys(re.search(r"#\d+ (.+?) green", x).group(1) for x in lines))  # type: ignore[union-attr]
    differs(sorted(seen), sorted(ORIGINS))
    return Script(ctx, [ROAST_LOOK, f"FINAL(We roast {len(seen)} origins: {', '.join(seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h5_harburg_waste_share_of_all", "wrong denominator", "invented", "What share of Harburg's baking went unsold?")
def _harburg_share() -> Script:
    code = "print(b[b.branch == 'Harburg'].waste.sum(), b.baked.sum())"
    ctx, ns = with_bake(code)
    bb = ns["b"]
    h = bb[bb.branch == "Harburg"]
    wrong = differs(round(h.waste.sum() / bb.baked.sum() * 100, 1), round(h.waste.sum() / h.baked.sum() * 100, 1))
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), f"FINAL({wrong}% of Harburg's baking went unsold.)"])


@case("h5_stornoway_cancel_share_of_all", "wrong denominator", "invented", "What share of Stornoway sailings were cancelled?")
def _stornoway_share() -> Script:
    ctx = {"sailings": sailings()}
    s = ctx["sailings"]
    code = "print(((sailings.route == 'Ullapool - Stornoway') & (sailings.status == 'CANCELLED')).sum(), len(sailings))"
    st = s[s.route == "Ullapool - Stornoway"]
    k = int((st.status == "CANCELLED").sum())
    wrong = differs(round(k / len(s) * 100, 1), round(k / len(st) * 100, 1))
    return Script(ctx, [FERRY_LOOK, repl(code), f"FINAL({wrong}% of the Ullapool - Stornoway sailings were cancelled ({k}).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
TEETH_PROMPT = "How many of these notes are about teeth? Answer with a number.\n\n"


@case("h5_partial_dental_notes", "sub-call over part of the data", "invented", "How many visits were for dental work?")
def _partial_dental() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = f"said = llm_query({TEETH_PROMPT!r} + '\\n'.join(vet_visits.note[:150]))\nprint(said)"
    k = int(sub_says(TEETH_PROMPT + "\n".join(ctx["vet_visits"].note[:150])).split()[0])
    differs(k, int(ctx["vet_visits"].note.isin(VET_NOTES["dental"]).sum()))
    return Script(ctx, [VET_LOOK, repl(code, "I'll have a sub-call read the notes."), f"FINAL({k} visits were for dental work.)"],
                  sub=sub_model())


FAIL_PROMPT = "How many roasts failed QC in this log? Answer with a number.\n\n"


@case("h5_partial_qc_fail_subcall", "sub-call over part of the data", "invented", "How many roasts failed QC?")
def _partial_fail() -> Script:
    ctx = {"roast_log": roast_log()}
    code = f"said = llm_query({FAIL_PROMPT!r} + roast_log[:9000])\nprint(said)"
    k = int(sub_says(FAIL_PROMPT + roast_log()[:9000]).split()[0])
    differs(k, roast_log().count("QC=FAIL"))
    return Script(ctx, [ROAST_LOOK, repl(code, "A sub-call can count them."), f"FINAL({k} roasts failed QC.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h5_first_sellout_month_first", "date format misread", "invented", "When did Screen 1 first sell out?")
def _sellout_misread() -> Script:
    ctx = {"screenings": screenings()}
    s = ctx["screenings"]
    code = "print(screenings[(screenings.screen == 'Screen 1') & (screenings.sold == screenings.seats)].head(3))"
    raw = s[(s.screen == "Screen 1") & (s.sold == s.seats)].start.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y %H:%M"), pd.to_datetime(raw, format="%d/%m/%Y %H:%M"))
    return Script(ctx, [CINEMA_LOOK, repl(code), f"FINAL(Screen 1 first sold out on {misread:%B} {misread.day} at {misread:%H:%M}.)"])


@case("h5_first_lkw_ticket_month_first", "date format misread", "invented", "When did the first lorry (Lkw) come over the weighbridge?")
def _lkw_misread() -> Script:
    ctx = {"weighbridge": weighbridge()}
    w = ctx["weighbridge"]
    code = "print(weighbridge[weighbridge.fahrzeug == 'Lkw'].head(3))"
    raw = w[w.fahrzeug == "Lkw"].datum.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m.%d.%y"), pd.to_datetime(raw, format="%d.%m.%y"))
    return Script(ctx, [WB_LOOK, repl(code), f"FINAL(The first Lkw came on {misread:%-d %B %Y}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h5_running_passengers_as_august", "cumulative read as the period's value", "invented", "How many passengers did we carry in August?")
def _running_august() -> Script:
    code = "monthly = fe.groupby(fe.day.dt.month).passengers.sum().to_frame('pax')\nmonthly['to_date'] = monthly.pax.cumsum()\nprint(monthly)"
    ctx, ns = with_ferry(code)
    m = ns["monthly"]
    wrong = differs(int(m.loc[8, "to_date"]), int(m.loc[8, "pax"]))
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL({wrong:,} passengers travelled in August.)"])


@case("h5_running_honey_as_august", "cumulative read as the period's value", "invented", "How much honey did the August harvest give?")
def _running_honey() -> Script:
    ctx = {"hives": hives()}
    code = ("harvest = hives.groupby(hives.date.dt.month).honey_kg.sum().round(1).to_frame('kg')\n"
            "harvest['season_total'] = harvest.kg.cumsum().round(1)\nprint(harvest)")
    h = compute(ctx, code)["harvest"]
    wrong = differs(h.loc[8, "season_total"], h.loc[8, "kg"])
    return Script(ctx, [HIVE_LOOK, repl(code), f"FINAL(The August harvest gave {wrong:,.1f} kg.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h5_submit_literal_teu", "literal typed into a code answer", "invented", "How many TEU did we move?")
def _submit_literal() -> Script:
    code = "print(moves.shape)"
    ctx, ns = with_port(code)
    differs(4500, int(ns["moves"].teu.sum()))
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl("SUBMIT(teu=4500)")])


@case("h5_answer_dict_literal_box_office", "literal typed into a code answer", "invented", "What was the box office?")
def _answer_literal() -> Script:
    ctx = {"screenings": screenings()}
    s = ctx["screenings"]
    differs(250000, int((s.sold * s.price_gbp).sum()))
    return Script(ctx, [CINEMA_LOOK, repl('answer["content"] = "The box office was about £250,000."\nanswer["ready"] = True')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h5_ramipril_reorder_as_stock", "figure from the right row but another column", "invented",
      "How many packs of Ramipril do we have in stock?")
def _ramipril_column() -> Script:
    ctx = {"pharmacy": pharmacy()}
    code = "print(pharmacy['products'][['name', 'stock', 'reorder_level']])"
    r = ctx["pharmacy"]["products"].set_index("name").loc["Ramipril 5 mg 50 tabs"]
    return Script(ctx, [PHARM_LOOK, repl(code), f"FINAL(We have {differs(int(r.reorder_level), int(r.stock))} packs of Ramipril in stock.)"])


@case("h5_oban_cars_as_passengers", "figure from the right row but another column", "invented",
      "How many passengers did Oban - Craignure carry?")
def _oban_column() -> Script:
    code = "per_route = fe.groupby('route')[['passengers', 'cars']].sum()\nprint(per_route)"
    ctx, ns = with_ferry(code)
    r = ns["per_route"].loc["Oban - Craignure"]
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code),
                        f"FINAL(Oban - Craignure carried {differs(int(r.cars), int(r.passengers)):,} passengers.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h5_most_honey_from_head", "maximum picked from a partial table", "invented", "Which hive gave the most honey?")
def _honey_head() -> Script:
    ctx = {"hives": hives()}
    code = "per_hive = hives.groupby('hive').honey_kg.sum().round(1)\nprint(per_hive.head())"
    p = compute(ctx, code)["per_hive"]
    pick = p.head().idxmax()
    return Script(ctx, [HIVE_LOOK, repl(code), f"FINAL({differs(pick, p.idxmax())} gave the most honey, {p[pick]} kg.)"])


@case("h5_busiest_vessel_from_head", "maximum picked from a partial table", "invented", "Which vessel had the most moves?")
def _vessel_head() -> Script:
    code = "per_vessel = moves.groupby('vessel').size()\nprint(per_vessel.tail(3))"
    ctx, ns = with_port(code)
    p = ns["per_vessel"]
    pick = p.tail(3).idxmax()
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), f"FINAL({differs(pick, p.idxmax())} had the most moves ({p[pick]}).)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h5_ascending_screen_called_fullest", "first row of an ascending sort called the highest", "invented",
      "Which screen is fullest on average?")
def _ascending_screen() -> Script:
    code = SCREEN_TABLE + "\nprint(by_screen.occupancy_pct.sort_values())"
    ctx, ns = with_cinema(code)
    o = ns["by_screen"].occupancy_pct.sort_values()
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code),
                        f"FINAL({differs(o.index[0], o.idxmax())} is the fullest, at {o.iloc[0]}% occupancy.)"])


@case("h5_ascending_vet_called_top", "first row of an ascending sort called the highest", "invented", "Which vet billed the most?")
def _ascending_vet() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "per_vet = vet_visits.groupby('vet').fee_sek.sum().sort_values()\nprint(per_vet)"
    p = compute(ctx, code)["per_vet"]
    return Script(ctx, [VET_LOOK, repl(code), f"FINAL({differs(p.index[0], p.idxmax())} billed the most: {p.iloc[0]:,} SEK.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h5_matinee_evening_swapped", "two labels' figures swapped", "invented", "Are matinées or evening shows fuller?")
def _occ_swapped() -> Script:
    code = "occ = sc.groupby('evening').apply(lambda g: round(g.sold.sum() / g.seats.sum() * 100, 1))\nprint(occ)"
    ctx, ns = with_cinema(code)
    o = ns["occ"]
    assert o[True] > o[False]
    return Script(ctx, [CINEMA_LOOK, PARSE_CINEMA, repl(code),
                        f"FINAL(Matinées are fuller: {o[True]}% of seats sold, against {o[False]}% in the evening.)"])


@case("h5_dog_cat_fees_swapped_sv", "two labels' figures swapped", "invented", "Kostar hundbesök mer än kattbesök i snitt?")
def _fees_swapped() -> Script:
    ctx = {"vet_visits": vet_visits()}
    code = "snitt = vet_visits.groupby('species').fee_sek.mean().round(0)\nprint(snitt)"
    s = compute(ctx, code)["snitt"]
    assert s["dog"] != s["cat"]
    hi, lo = ("dog", "cat") if s["dog"] > s["cat"] else ("cat", "dog")
    sv = {"dog": "hundbesök", "cat": "kattbesök"}
    return Script(ctx, [VET_LOOK, repl(code),
                        f"FINAL({'Nej' if hi == 'dog' else 'Ja'}: ett {sv[lo]} kostar i snitt {s[hi]:.0f} kr, ett {sv[hi]} {s[lo]:.0f} kr.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h5_september_drop_as_rise", "decrease reported as a rise", "invented", "How did passengers change from August to September?")
def _sep_rise() -> Script:
    code = "pax = fe.groupby(fe.day.dt.month).passengers.sum()\nchange = round((pax[9] / pax[8] - 1) * 100, 1)\nprint(change)"
    ctx, ns = with_ferry(code)
    c = ns["change"]
    assert c < 0
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL(Passengers grew by {abs(c)}% from August to September.)"])


@case("h5_antibiotics_drop_as_rise", "decrease reported as a rise", "invented", "How did antibiotic sales change from January to June?")
def _antibiotic_rise() -> Script:
    code = ("ab = d[d.category == 'antibiotic'].groupby(d.when.dt.month).packs.sum()\nprint(ab)\n"
            "print(round((ab[6] / ab[1] - 1) * 100, 1))")
    ctx, ns = with_pharm(code)
    a = ns["ab"]
    c = round((a[6] / a[1] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [PHARM_LOOK, JOIN_PHARM, repl(code), f"FINAL(Antibiotic sales rose {abs(c)}% from January to June.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h5_table_for_largs_delay", "table returned for one figure", "invented", "What is the average delay on Largs - Cumbrae?")
def _table_largs() -> Script:
    code = "per_route = fe.groupby('route').agg(mean_delay=('delay_min', 'mean'), sailings=('status', 'size')).round(1)\nprint(per_route)"
    ctx, _ = with_ferry(code)
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), "FINAL_VAR(per_route)"])


@case("h5_table_for_altona_waste", "table returned for one figure", "invented", "How many items did Altona throw away?")
def _table_altona() -> Script:
    code = "waste = b.groupby('branch')[['baked', 'sold', 'waste']].sum()\nprint(waste)"
    ctx, _ = with_bake(code)
    return Script(ctx, [BAKE_LOOK, PARSE_BAKE, repl(code), "FINAL_VAR(waste)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h5_cancelled_filtered_on_route", "zero after filtering the wrong column", "invented", "How many sailings were cancelled?")
def _cancel_wrong_col() -> Script:
    ctx = {"sailings": sailings()}
    code = "n_cancelled = int((sailings.route == 'CANCELLED').sum())\nprint(n_cancelled)"
    differs(0, int((ctx["sailings"].status == "CANCELLED").sum()))
    return Script(ctx, [FERRY_LOOK, repl(code), "FINAL(0)"])


@case("h5_disch_filtered_on_crane", "zero after filtering the wrong column", "invented", "How many containers were discharged?")
def _disch_wrong_col() -> Script:
    code = "n_disch = int((moves.crane == 'DISCH').sum())\nprint(n_disch)"
    ctx, ns = with_port(code)
    differs(0, int((ns["moves"].move == "DISCH").sum()))
    return Script(ctx, [PORT_LOOK, PARSE_PORT, repl(code), "FINAL(No containers were discharged: the count is 0.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h5_iso_date_in_screenings", "none found after searching a date in another format", "invented",
      "Did any show sell out on 13 July?")
def _iso_in_cinema() -> Script:
    ctx = {"screenings": screenings()}
    s = ctx["screenings"]
    code = "hits = screenings[screenings.start.str.startswith('2024-07-13') & (screenings.sold == screenings.seats)]\nprint(len(hits))"
    assert (s.start.str.startswith("13/07/2024") & (s.sold == s.seats)).sum() > 0
    return Script(ctx, [CINEMA_LOOK, repl(code), "FINAL(No, nothing sold out on 13 July.)"])


@case("h5_dotted_date_in_port_log", "none found after searching a date in another format", "invented",
      "Did QC03 work on 5 September?")
def _dotted_in_port() -> Script:
    ctx = {"port_log": port_log()}
    code = "hits = [l for l in pl if '05.09.2024' in l and ' QC03 ' in l]\nprint(len(hits))"
    assert sum(line.startswith("2024-09-05") and " QC03 " in line for line in port_log().splitlines()) > 0
    return Script(ctx, [PORT_LOOK, repl(code), "FINAL(No, QC03 made no moves on 5 September.)"])
