"""Acceptance cases, written as the eighth held-out set (``cases_holdout8``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout9`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune9``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``. Every case name starts
with ``h8_``.

Size: 71 legitimate answers covering all 33 legitimate classes (two or three each) and 60 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code run in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls),
only to check that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Tokyo ramen chain's daily sales (Japanese column names,
dates written ``2024年3月5日``, yen without decimals), a Swiss hydropower plant's daily output per generator (German
column names, dotted day-first dates, MWh as text with apostrophe thousands like ``1'234.5``), a Kerala spice
exporter's shipments (day-first ``dd/mm/yyyy`` dates, an April-to-March fiscal year, rupee values as text grouped in
lakhs like ``12,34,567``), a Dutch flower auction's clock sales and its growers (a dict of two tables with Dutch column
names, prices in euro cents per stem, clock times ``06:42:13``), an observatory's night log (text: ISO UTC stamps and
``key=value`` fields, aborted frames), a zoo's July feeding records as nested JSON (enclosures, animals, feeds), a São
Paulo apartment building's monthly expenses (Portuguese column names, months written ``jan/2024``, amounts as text
like ``R$ 1.234,56``), a plumbing company's transcribed call notes (free text), and a lake sailing school's courses and
rules in markdown. Each frame builder returns a fresh copy (model code may change a frame in place).
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
BOWLS = {"醤油": 850, "味噌": 950, "豚骨": 980, "塩": 880, "つけ麺": 1050}
SHOPS = {"新宿": 1.5, "渋谷": 1.2, "池袋": 0.9, "吉祥寺": 0.6}


def ramen() -> pd.DataFrame:
    return _ramen().copy()


@functools.lru_cache(maxsize=1)
def _ramen(seed: int = 4801) -> pd.DataFrame:
    """A Tokyo ramen chain's daily sales per shop and bowl, 1 March to 31 May 2024: date as ``2024年3月5日``, shop,
    bowl, bowls sold and takings in yen (the menu price times the bowls). Weekends are busier; tsukemen (cold-dipped
    noodles) climbs as it warms up, miso falls away."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-03-01", "2024-05-31"):
        warm = (day - pd.Timestamp("2024-03-01")).days / 91
        weekend = 1.35 if day.day_of_week >= 5 else 1.0
        for shop, size in SHOPS.items():
            for bowl, price in BOWLS.items():
                base = {"醤油": 70, "味噌": 55 - 25 * warm, "豚骨": 65, "塩": 35, "つけ麺": 20 + 45 * warm}[bowl]
                n = int(rng.poisson(base * size * weekend))
                rows.append((f"{day.year}年{day.month}月{day.day}日", shop, bowl, n, n * price))
    return pd.DataFrame(rows, columns=["日付", "店舗", "品目", "杯数", "売上"])


MACHINES = {"G1": 62.0, "G2": 62.0, "G3": 38.0}


def apostrophe(x: float, decimals: int = 1) -> str:
    """Swiss digits: ``1'234.5``."""
    return f"{x:,.{decimals}f}".replace(",", "'")


def hydro() -> pd.DataFrame:
    return _hydro().copy()


@functools.lru_cache(maxsize=1)
def _hydro(seed: int = 4802) -> pd.DataFrame:
    """A Swiss alpine hydropower plant's daily output per generator in 2024: date ``05.03.2024``, generator (G1-G3),
    output in MWh as text with apostrophe thousands (``1'034.2``), inflow to the reservoir (m³/s) and the reservoir
    level (m above sea level). The snowmelt fills the lake from May; G3 is overhauled from 7 to 25 October (no output)."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-01-01", "2024-12-31")
    doy = days.day_of_year.to_numpy()
    inflow = np.clip(4 + 26 * np.exp(-((doy - 170) / 38) ** 2) + rng.normal(0, 1.2, len(days)), 1.5, None).round(1)
    level = (1870 + 38 * np.clip((doy - 120) / 130, 0, 1) - 30 * np.clip((doy - 290) / 76, 0, 1)
             + 8 * np.clip((120 - doy) / 120, 0, 1) + rng.normal(0, 0.15, len(days))).round(2)
    rows = []
    for i, day in enumerate(days):
        for machine, mw in MACHINES.items():
            hours = np.clip(6 + 14 * (inflow[i] / 30) + rng.normal(0, 1.5), 2, 24)
            mwh = round(mw * hours * rng.uniform(0.9, 1.0), 1)
            if machine == "G3" and pd.Timestamp("2024-10-07") <= day <= pd.Timestamp("2024-10-25"):
                mwh = 0.0
            rows.append((f"{day:%d.%m.%Y}", machine, apostrophe(mwh), inflow[i], level[i]))
    return pd.DataFrame(rows, columns=["Datum", "Maschine", "Produktion_MWh", "Zufluss_m3s", "Seepegel_m"])


SPICES = {"black pepper": 620, "cardamom": 2450, "turmeric": 165, "cloves": 980, "nutmeg": 760}
PORTS = ["Jebel Ali", "Rotterdam", "Singapore", "New York", "Hamburg"]


def lakh(n: int) -> str:
    """Indian digit grouping: ``12,34,567`` (the last three digits, then pairs)."""
    s = str(n)
    head, tail = s[:-3], s[-3:]
    pairs = []
    while len(head) > 2:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return ",".join(([head] if head else []) + pairs + [tail])


def shipments() -> pd.DataFrame:
    return _shipments().copy()


@functools.lru_cache(maxsize=1)
def _shipments(n: int = 310, seed: int = 4803) -> pd.DataFrame:
    """A Kochi spice exporter's shipments over the fiscal year April 2024 to March 2025: invoice number, shipping date
    ``dd/mm/yyyy``, spice, destination port, net weight (kg), incoterm (FOB or CIF) and invoice value in rupees as text
    grouped in lakhs (``12,34,567``). Cardamom is the dearest; Jebel Ali takes the most."""
    rng = np.random.default_rng(seed)
    shipped = pd.Timestamp("2024-04-01") + pd.to_timedelta(np.sort(rng.integers(0, 365, n)), unit="D")
    rows = []
    for i, d in enumerate(shipped):
        spice = str(rng.choice(list(SPICES), p=[.34, .16, .26, .1, .14]))
        port = str(rng.choice(PORTS, p=[.32, .2, .2, .14, .14]))
        kg = int(round(rng.gamma(2.2, 900 if spice != "cardamom" else 300), -1)) + 100
        cif = bool(rng.random() < 0.38)
        value = int(kg * SPICES[spice] * rng.uniform(0.92, 1.1) * (1.06 if cif else 1.0))
        rows.append((f"KSE/24-25/{i + 1:04d}", f"{d:%d/%m/%Y}", spice, port, kg, "CIF" if cif else "FOB", lakh(value)))
    return pd.DataFrame(rows, columns=["invoice", "ship_date", "spice", "port", "net_kg", "incoterm", "value_inr"])


VARIETIES = {"Strong Gold": 27, "Purple Prince": 31, "Ile de France": 35, "Columbus": 44, "Leen van der Mark": 29,
             "Double Price": 38}
GROWERS = [("K101", "Kwekerij De Tulpenhof", "Lisse", 12.5), ("K102", "Bloembollen Verdegaal", "Hillegom", 8.0),
           ("K103", "Tulp & Co Zwaan", "Noordwijkerhout", 21.0), ("K104", "Gebr. Van Rijn", "Lisse", 6.5),
           ("K105", "Kwekerij Kaag", "Sassenheim", 15.0), ("K106", "Hoogland Tulips", "Andijk", 30.0),
           ("K107", "De Bollenschuur", "Hillegom", 4.5)]


def auction() -> dict[str, pd.DataFrame]:
    """A Dutch flower auction's tulip clock sales of March 2024 and its growers, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _auction().items()}


@functools.lru_cache(maxsize=1)
def _auction(n: int = 640, seed: int = 4804) -> dict[str, pd.DataFrame]:
    """``kavels`` (lots): auction day (ISO), clock (A1-A4), time the clock stopped (``06:42:13``), lot, variety,
    grower code, buyer number, stems and the price in euro cents per stem. ``kwekers`` (growers): code, name, town,
    hectares. Prices slide as March supply grows; most lots go before 8 am."""
    rng = np.random.default_rng(seed)
    days = [d for d in pd.date_range("2024-03-04", "2024-03-29") if d.day_of_week < 5]
    rows = []
    for _ in range(n):
        day = days[int(rng.integers(0, len(days)))]
        variety = str(rng.choice(list(VARIETIES)))
        slide = 1.15 - 0.35 * (day.day - 4) / 25
        cents = int(max(8, round(VARIETIES[variety] * slide * rng.normal(1, 0.12))))
        minute = int(np.clip(rng.gamma(2.0, 55), 0, 300))
        t = pd.Timestamp("2024-01-01 06:00") + pd.Timedelta(seconds=minute * 60 + int(rng.integers(0, 60)))
        rows.append((f"{day:%Y-%m-%d}", f"A{int(rng.integers(1, 5))}", f"{t:%H:%M:%S}", variety,
                     GROWERS[int(rng.choice(7, p=[.16, .12, .2, .08, .14, .24, .06]))][0],
                     int(rng.choice([3107, 3322, 4051, 4418, 5260, 5733, 6012, 6649])),
                     int(rng.choice([250, 500, 750, 1000, 1500, 2000])), cents))
    lots = pd.DataFrame(rows, columns=["datum", "klok", "tijd", "soort", "kweker", "koper", "stelen", "prijs_ct"])
    lots = lots.sort_values(["datum", "tijd"], ignore_index=True)
    lots.insert(0, "kavel", [f"V{90001 + i}" for i in range(len(lots))])
    growers = pd.DataFrame(GROWERS, columns=["kweker", "naam", "plaats", "hectare"])
    return {"kavels": lots, "kwekers": growers}


TARGETS = {"M31": 300, "M42": 120, "NGC 891": 600, "M1": 240, "NGC 7331": 600, "M33": 300, "M45": 60}


@functools.lru_cache(maxsize=1)
def night_log(seed: int = 4805) -> str:
    """An observatory's frame log of November 2024, one line per exposure: ISO UTC stamp, telescope (T1 is the 0.6 m,
    T2 the 1.0 m), target, filter, exposure in seconds, airmass, seeing in arcseconds, and a status (``OK`` or
    ``ABORT`` with a reason). Some nights are clouded out; T2 sees better; M42 is only taken with T1."""
    rng = np.random.default_rng(seed)
    out = []
    for night in pd.date_range("2024-11-01", "2024-11-30"):
        if rng.random() < 0.3:
            continue
        for tel in ("T1", "T2"):
            t = night + pd.Timedelta(hours=17, minutes=int(rng.integers(30, 90)))
            end = night + pd.Timedelta(hours=28, minutes=int(rng.integers(0, 60)))
            while t < end:
                target = str(rng.choice([k for k in TARGETS if tel == "T1" or k != "M42"]))
                exp = TARGETS[target]
                seeing = round(float(rng.gamma(6, 0.28 if tel == "T1" else 0.2)) + 0.6, 2)
                status = "OK" if rng.random() > 0.07 else str(rng.choice(["ABORT(cloud)", "ABORT(wind)", "ABORT(guiding)"]))
                out.append((t, f"{t:%Y-%m-%dT%H:%M:%S}Z tel={tel} target={target.replace(' ', '_')} "
                               f"filter={rng.choice(['B', 'V', 'R', 'Ha'])} exp={exp}s airmass={rng.uniform(1.0, 2.2):.2f} "
                               f"seeing={seeing:.2f} status={status}"))
                t += pd.Timedelta(seconds=exp + int(rng.integers(40, 200)))
    return "\n".join(line for _, line in sorted(out))


ANIMALS = [("Savanne", [("Kito", "giraffe", "acacia browse", 32), ("Zuri", "giraffe", "acacia browse", 29),
                        ("Bao", "zebra", "hay", 9), ("Nia", "zebra", "hay", 8.5), ("Tau", "zebra", "hay", 9.5)]),
           ("Löwenfelsen", [("Simba", "lion", "beef", 8), ("Asha", "lion", "beef", 6)]),
           ("Pinguinbucht", [("Pingu", "penguin", "herring", 0.5), ("Frost", "penguin", "herring", 0.45),
                             ("Flip", "penguin", "herring", 0.5)]),
           ("Tropenhaus", [("Luna", "tapir", "fruit and vegetables", 5), ("Mira", "red panda", "bamboo", 1.2),
                           ("Zeno", "red panda", "bamboo", 1.3), ("Otto", "capybara", "grass pellets", 2.2)])]


@functools.lru_cache(maxsize=1)
def zoo_json(seed: int = 4806) -> str:
    """A zoo's July 2024 feeding records as nested JSON: enclosures, their animals (name, species), and each animal's
    daily feeds (date, item, kg). Lions fast on Mondays."""
    rng = np.random.default_rng(seed)
    enclosures = []
    for name, animals in ANIMALS:
        listed = []
        for animal, species, item, kg in animals:
            feeds = []
            for day in pd.date_range("2024-07-01", "2024-07-31"):
                eaten = 0.0 if species == "lion" and day.day_of_week == 0 else round(kg * rng.uniform(0.85, 1.15), 2)
                feeds.append({"date": f"{day:%Y-%m-%d}", "item": item, "kg": eaten})
            listed.append({"name": animal, "species": species, "feeds": feeds})
        enclosures.append({"enclosure": name, "animals": listed})
    return json.dumps({"zoo": "Tierpark Nordhafen", "month": "2024-07", "enclosures": enclosures})


CATEGORIAS = {"Limpeza": ("Brilho Serviços", 6800), "Segurança": ("Vigilância Atlas", 14500),
              "Água": ("Sabesp", 5200), "Energia": ("Enel SP", 4100), "Elevadores": ("Atlas Schindler", 2300),
              "Jardinagem": ("Verde Vivo", 1450), "Manutenção": ("Reparos Paulista", 3300)}
MESES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"]


def reais(x: float) -> str:
    """Brazilian money: ``R$ 1.234,56``."""
    return "R$ " + f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def despesas() -> pd.DataFrame:
    return _despesas().copy()


@functools.lru_cache(maxsize=1)
def _despesas(seed: int = 4807) -> pd.DataFrame:
    """A São Paulo apartment building's monthly expenses, 2023 and 2024: month as ``jan/2024``, category, supplier and
    amount as text (``R$ 1.234,56``). Energy costs rose in 2024 (a tariff change); water fell after a leak was fixed
    in late 2023."""
    rng = np.random.default_rng(seed)
    rows = []
    for year in (2023, 2024):
        for m, mes in enumerate(MESES, 1):
            for cat, (supplier, base) in CATEGORIAS.items():
                trend = {"Energia": 1.28 if year == 2024 else 1.0, "Água": 0.78 if year == 2024 else 1.0 + 0.02 * m}
                summer = 1.15 if cat in ("Água", "Energia") and m in (1, 2, 12) else 1.0
                v = base * trend.get(cat, 1.04 if year == 2024 else 1.0) * summer * rng.uniform(0.92, 1.08)
                rows.append((f"{mes}/{year}", cat, supplier, reais(v)))
    return pd.DataFrame(rows, columns=["mes", "categoria", "fornecedor", "valor"])


CALLS = {"leak": ["water dripping through the kitchen ceiling from the flat above",
                  "slow leak under the bathroom sink, cabinet floor is soaked"],
         "boiler": ["no hot water since this morning, boiler shows error F28",
                    "radiators cold and the boiler keeps cutting out"],
         "drain": ["shower drain blocked, water not going down at all", "kitchen sink backing up with grey water"],
         "toilet": ["toilet keeps running after flushing", "toilet cistern cracked and leaking onto the floor tiles"],
         "burst": ["BURST PIPE in the garage, water everywhere, main stopcock stuck",
                   "pipe burst in the loft after the frost, ceiling bulging"]}


@functools.lru_cache(maxsize=1)
def call_notes(n: int = 220, seed: int = 4808) -> tuple[str, ...]:
    """A plumbing company's call notes of January 2025 as transcribed by the answering service, one string each."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice(list(CALLS), n, p=[.3, .26, .18, .14, .12])
    streets = ["Elm Road", "Mill Lane", "Station Street", "Park Avenue", "Church Walk", "Orchard Close"]
    return tuple(f"Call {3100 + i} ({rng.choice(streets)}): " + str(rng.choice(CALLS[k])) for i, k in enumerate(kinds))


SAILING = """# Seewind Sailing School, Lake Constance: courses, prices and rules (season 2025)

Season: 26 April to 12 October 2025. Prices in EUR per person, boat and life jacket included.

## Courses

| Course | Days | Minimum age | Boat | Max. students | Price |
| --- | --- | --- | --- | --- | --- |
| Taster afternoon | 0.5 | 8 | Laser Pico | 6 | 69 |
| Kids Optimist week | 5 | 7 | Optimist | 8 | 295 |
| Dinghy beginner | 4 | 14 | RS Quest | 6 | 420 |
| Dinghy improver | 3 | 14 | RS Quest | 6 | 345 |
| Keelboat skipper | 6 | 16 | J/70 | 4 | 890 |
| Racing clinic | 2 | 16 | J/70 | 4 | 380 |

Siblings booking the same week get 10% off each. A second course in the same season is 15% off. Wetsuit hire is
EUR 12 a day.

## Wind and weather

Courses run from 2 to 22 knots of wind. Above 22 knots, or with a storm warning (the orange lights flashing
on the shore), sessions move to theory in the clubhouse; a day lost entirely to the weather is made up on a later date
or refunded at the day rate.

## Cancellation

Cancel up to 21 days before the start for a full refund less a EUR 40 fee; 20 to 7 days before, 50% is refunded; later
cancellations are not refunded unless the place is filled from the waiting list.

## Safety

Life jackets are worn at all times on the water, also by instructors. Students under 16 need a signed consent form
from a parent. Everyone must be able to swim 50 metres.

## Lockers and parking

Lockers are free for students during their course. Parking at the harbour costs EUR 6 a day; students of courses of
four days or more get a season pass for EUR 20.
"""


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
RAMEN_LOOK = repl("print(ramen.shape)\nprint(ramen.head())\nprint(ramen['店舗'].unique(), ramen['品目'].unique())",
                  "Let me look at the sales table first.")
HYDRO_LOOK = repl("print(hydro.shape)\nprint(hydro.head())\nprint(hydro.dtypes)")
SPICE_LOOK = repl("print(shipments.shape)\nprint(shipments.head())\nprint(shipments.dtypes)", "A first look at the shipments.")
AUCTION_LOOK = repl("for name, t in auction.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                    "Two tables, lots and growers; a look at both.")
NIGHT_LOOK = repl("nl = night_log.splitlines()\nprint(len(nl))\nprint('\\n'.join(nl[:3]))", "The log format first.")
ZOO_LOOK = repl("print(len(zoo))\nprint(zoo[:700])", "It is a JSON string; let me see its structure.")
CONDO_LOOK = repl("print(despesas.shape)\nprint(despesas.head(8))")
CALLS_LOOK = repl("print(len(calls))\nfor c in calls[:4]:\n    print(c)")
SAIL_LOOK = repl("print(len(sailing))\nprint(sailing[:900])")

# Parsing steps (run in the same namespace before a question's own code).
RAMEN_PARSE = ("import pandas as pd\nr = ramen.copy()\nr['day'] = pd.to_datetime(r['日付'], format='%Y年%m月%d日')\n"
               "print(r.day.min(), r.day.max(), len(r))")
HYDRO_PARSE = ("import pandas as pd\nhy = hydro.copy()\nhy['day'] = pd.to_datetime(hy.Datum, format='%d.%m.%Y')\n"
               "hy['mwh'] = hy.Produktion_MWh.str.replace(\"'\", '', regex=False).astype(float)\n"
               "print(hy[['Datum', 'day', 'Produktion_MWh', 'mwh']].sort_values('mwh').tail(3))")
SPICE_PARSE = ("import pandas as pd\nsp = shipments.copy()\nsp['date'] = pd.to_datetime(sp.ship_date, format='%d/%m/%Y')\n"
               "sp['inr'] = sp.value_inr.str.replace(',', '', regex=False).astype(int)\n"
               "print(sp[['ship_date', 'date', 'value_inr', 'inr']].head(3))")
AUCTION_JOIN = ("import pandas as pd\nkv = auction['kavels'].merge(auction['kwekers'], on='kweker', how='left')\n"
                "kv['datum'] = pd.to_datetime(kv.datum)\nkv['eur'] = kv.stelen * kv.prijs_ct / 100\nprint(kv.shape)\n"
                "print(kv.head(3).to_string())")
NIGHT_PARSE = ("import pandas as pd\nobs = pd.DataFrame([dict(f.split('=', 1) for f in l.split()[1:]) for l in nl])\n"
               "obs.insert(0, 'ts', pd.to_datetime([l.split()[0] for l in nl]))\n"
               "obs['exp'] = obs.exp.str.rstrip('s').astype(int)\n"
               "obs[['airmass', 'seeing']] = obs[['airmass', 'seeing']].astype(float)\nprint(obs.shape)\nprint(obs.head(3))")
ZOO_PARSE = ("import json\nimport pandas as pd\ndata = json.loads(zoo)\n"
             "feeds = pd.DataFrame([{'enclosure': e['enclosure'], 'animal': a['name'], 'species': a['species'], **f}\n"
             "                      for e in data['enclosures'] for a in e['animals'] for f in a['feeds']])\n"
             "feeds['date'] = pd.to_datetime(feeds.date)\nprint(feeds.shape)\nprint(feeds.head(3))")
CONDO_PARSE = ("import pandas as pd\ndp = despesas.copy()\n"
               "dp['brl'] = (dp.valor.str.replace('R$ ', '', regex=False).str.replace('.', '', regex=False)\n"
               "             .str.replace(',', '.', regex=False).astype(float))\n"
               "meses = {m: i for i, m in enumerate(['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', "
               "'nov', 'dez'], 1)}\n"
               "dp['ano'] = dp.mes.str[-4:].astype(int)\ndp['m'] = dp.mes.str[:3].map(meses)\nprint(dp.head(3))")
PARSE_RAMEN = repl(RAMEN_PARSE, "Dates are written 2024年3月5日; parsing them.")
PARSE_HYDRO = repl(HYDRO_PARSE, "Output is text with apostrophe thousands (1'034.2) and dates are dd.mm.yyyy; converting.")
PARSE_SPICE = repl(SPICE_PARSE, "Values are grouped the Indian way (12,34,567) and dates are day-first; converting.")
JOIN_AUCTION = repl(AUCTION_JOIN, "Joining the lots to the growers; the price is in cents per stem, so a euro column too.")
PARSE_NIGHT = repl(NIGHT_PARSE, "Each line is a UTC stamp and key=value fields; parsing them into a table.")
PARSE_ZOO = repl(ZOO_PARSE, "Flattening enclosures > animals > feeds into one table.")
PARSE_CONDO = repl(CONDO_PARSE, "Valores em texto (R$ 1.234,56) e meses como jan/2024; convertendo.")
CONDO_YEARS = ("por_ano = dp.pivot_table(index='categoria', columns='ano', values='brl', aggfunc='sum').round(2)\n"
               "por_ano['var_pct'] = ((por_ano[2024] / por_ano[2023] - 1) * 100).round(1)\nprint(por_ano)")


def with_ramen(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A ramen case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"ramen": ramen()}
    return ctx, compute(ctx, RAMEN_PARSE + "\n" + code)


def with_hydro(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"hydro": hydro()}
    return ctx, compute(ctx, HYDRO_PARSE + "\n" + code)


def with_spice(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"shipments": shipments()}
    return ctx, compute(ctx, SPICE_PARSE + "\n" + code)


def with_auction(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"auction": auction()}
    return ctx, compute(ctx, AUCTION_JOIN + "\n" + code)


def with_night(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"night_log": night_log()}
    return ctx, compute({**ctx, "nl": night_log().splitlines()}, NIGHT_PARSE + "\n" + code)


def with_zoo(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"zoo": zoo_json()}
    return ctx, compute(ctx, ZOO_PARSE + "\n" + code)


def with_condo(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"despesas": despesas()}
    return ctx, compute(ctx, CONDO_PARSE + "\n" + code)


def comma(x: float, decimals: int = 1) -> str:
    """Continental digits (German, Dutch, Portuguese): ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


ROMAJI = {"新宿": "Shinjuku", "渋谷": "Shibuya", "池袋": "Ikebukuro", "吉祥寺": "Kichijoji"}


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
CALL_LABELS = {"leak": "leaks", "boiler": "boiler or heating faults", "drain": "blocked drains", "toilet": "toilet problems",
               "burst": "burst pipes"}


def sub_model() -> RuleBasedSubModel:
    def kinds(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {CALL_LABELS[k]: sum(text.count(p) for p in v) for k, v in CALLS.items()}
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return f"{sum(counts.values())} calls: " + ", ".join(f"{label} ({k})" for label, k in ranked) + "."

    def burst(_: re.Match[str], request: ChatRequest) -> str:
        return f"{sum(request.last_user.count(p) for p in CALLS['burst'])} calls report a burst pipe."

    def leaks(_: re.Match[str], request: ChatRequest) -> str:
        return f"{sum(request.last_user.count(p) for p in CALLS['leak'])} calls report a leak."

    def wind(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Wind and weather\n\n(.*?)\n\n", request.last_user, re.DOTALL)
        return " ".join(found.group(1).split()) if found else "NONE"

    return RuleBasedSubModel([(r"\ASort these plumbing calls by problem", kinds),
                              (r"\AHow many of these calls report a burst pipe", burst),
                              (r"\AHow many of these calls report a leak", leaks),
                              (r"\AQuote the sailing school's rule on wind", wind)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h8_clock_price_describe", "describe() statistic", "legit", "What does a tulip stem typically fetch at the clock?")
def _price_describe() -> Script:
    ctx = {"auction": auction()}
    code = "print(auction['kavels'].prijs_ct.describe())"
    d = ctx["auction"]["kavels"].prijs_ct.describe()
    final = (f"FINAL(The median lot went for {d['50%']:g} cents a stem; half of the {d['count']:.0f} lots cleared between "
             f"{d['25%']:g} and {d['75%']:g} ct, with a mean of {d['mean']:.1f} ct and extremes of {d['min']:g} and "
             f"{d['max']:g} ct.)")
    return Script(ctx, [AUCTION_LOOK, repl(code), final],
                  [repl("print(auction['kavels'].prijs_ct.quantile([.25, .5, .75]), auction['kavels'].prijs_ct.mean())"), final])


@case("h8_seeing_describe", "describe() statistic", "legit", "How good was the seeing in November, typically?")
def _seeing_describe() -> Script:
    code = "print(obs.seeing.describe().round(2))"
    ctx, ns = with_night(code)
    d = ns["obs"].seeing.describe().round(2)
    final = (f"FINAL(Median seeing was {d['50%']:.2f}″ across {d['count']:.0f} frames; the middle half lies between "
             f"{d['25%']:.2f}″ and {d['75%']:.2f}″ (mean {d['mean']:.2f}″, standard deviation {d['std']:.2f}″).)")
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), final],
                  [repl("print(obs.seeing.quantile([.25, .5, .75]).round(2), round(obs.seeing.std(), 2))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h8_takings_by_shop_bullets", "bullet list of figures", "legit", "What did each shop take over the three months?")
def _shop_bullets() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_shop = ramen.groupby('店舗')['売上'].sum().sort_values(ascending=False)\nprint(per_shop)\nprint(per_shop.sum())"
    p = compute(ctx, code)["per_shop"]
    final = ("FINAL(Takings from March to May 2024:\n" + "\n".join(f"- {k} ({ROMAJI[k]}): ¥{v:,}" for k, v in p.items())
             + f"\n\nAll four shops together: ¥{p.sum():,}.)")
    return Script(ctx, [RAMEN_LOOK, repl(code), final], [repl("print(per_shop.to_dict(), per_shop.sum())"), final])


@case("h8_expenses_2024_bullets_pt", "bullet list of figures", "legit", "Quanto o condomínio gastou em cada categoria em 2024?")
def _condo_bullets() -> Script:
    code = "d24 = dp[dp.ano == 2024].groupby('categoria').brl.sum().round(2).sort_values(ascending=False)\nprint(d24)"
    ctx, ns = with_condo(code)
    d = ns["d24"]
    final = "FINAL(Despesas de 2024 por categoria:\n" + "\n".join(f"• {k}: {reais(v)}" for k, v in d.items()) + ")"
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), final], [repl("print(d24.to_string())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
PORT_TABLE = ("per_port = sp.groupby('port').agg(shipments=('invoice', 'count'), kg=('net_kg', 'sum'), inr=('inr', 'sum'))\n"
              "per_port['crore'] = (per_port.inr / 1e7).round(2)\nper_port = per_port.sort_values('inr', ascending=False)\n"
              "print(per_port)")


@case("h8_port_table", "markdown table in text", "legit", "Break our exports down by destination port.")
def _port_table() -> Script:
    ctx, ns = with_spice(PORT_TABLE)
    t = ns["per_port"]
    rows = "\n".join(f"| {r.Index} | {r.shipments} | {r.kg:,} kg | ₹{r.crore:.2f} cr |" for r in t.itertuples())
    final = ("FINAL(FY 2024-25, by destination:\n\n| Port | Shipments | Net weight | Value |\n|---|--:|--:|--:|\n" + rows
             + "\n\n(cr = crore, ten million rupees.))")
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(PORT_TABLE), final], [repl("print(per_port.to_string())"), final])


GEN_TABLE = ("per_gen = hy.groupby('Maschine').agg(gwh=('mwh', 'sum'), best_day=('mwh', 'max'),\n"
             "                                    days_off=('mwh', lambda s: int((s == 0).sum())))\n"
             "per_gen['gwh'] = (per_gen.gwh / 1000).round(1)\nprint(per_gen)")


@case("h8_generator_table", "markdown table in text", "legit", "Summarise each generator's year.")
def _gen_table() -> Script:
    ctx, ns = with_hydro(GEN_TABLE)
    t = ns["per_gen"]
    rows = "\n".join(f"| {r.Index} | {r.gwh:.1f} GWh | {apostrophe(r.best_day)} MWh | {r.days_off} |" for r in t.itertuples())
    final = "FINAL(2024 per generator:\n\n| Generator | Output | Best day | Days without output |\n|---|--:|--:|--:|\n" + rows + ")"
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(GEN_TABLE), final], [repl("print(per_gen.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h8_plant_output_gwh", "value with a unit", "legit", "How much electricity did the plant generate in 2024?")
def _plant_gwh() -> Script:
    code = "total = hy.mwh.sum()\nprint(round(total, 1), round(total / 1000, 1))"
    ctx, ns = with_hydro(code)
    v = ns["total"]
    final = f"FINAL({v / 1000:.1f} GWh, that is {apostrophe(v)} MWh from the three generators over the year.)"
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), final], [repl("print(f'{total / 1000:.1f} GWh')"), final])


@case("h8_giraffe_browse_kg", "value with a unit", "legit", "How much did the giraffes eat in July?")
def _giraffe_kg() -> Script:
    code = "gir = feeds[feeds.species == 'giraffe']\nprint(gir.animal.unique(), round(gir.kg.sum(), 2))"
    ctx, ns = with_zoo(code)
    v = ns["gir"].kg.sum()
    final = f"FINAL(Kito and Zuri ate {v:,.2f} kg of acacia browse between them in July 2024.)"
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), final], [repl("print(f'{gir.kg.sum():,.2f} kg')"), final])


@case("h8_cardamom_tonnes", "value with a unit", "legit", "How much cardamom did we ship this fiscal year?")
def _cardamom_t() -> Script:
    ctx = {"shipments": shipments()}
    code = "card = shipments[shipments.spice == 'cardamom']\nprint(card.net_kg.sum(), len(card))"
    c = compute(ctx, code)["card"]
    kg = int(c.net_kg.sum())
    final = f"FINAL({kg / 1000:.2f} tonnes net ({kg:,} kg) of cardamom in {len(c)} shipments.)"
    return Script(ctx, [SPICE_LOOK, repl(code), final], [repl("print(round(card.net_kg.sum() / 1000, 2), 't')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h8_reservoir_level_range", "range from min to max", "legit", "How far did the reservoir level move over the year?")
def _level_range() -> Script:
    ctx = {"hydro": hydro()}
    code = ("lv = hydro.drop_duplicates('Datum').set_index('Datum').Seepegel_m\n"
            "print(lv.min(), lv.idxmin())\nprint(lv.max(), lv.idxmax())")
    lv = compute(ctx, code)["lv"]
    final = (f"FINAL(From {lv.min():.2f} m a.s.l. (lowest, on {lv.idxmin()}) to {lv.max():.2f} m (highest, on "
             f"{lv.idxmax()}): a swing of {lv.max() - lv.min():.2f} m.)")
    return Script(ctx, [HYDRO_LOOK, repl(code), final], [repl("print(round(lv.max() - lv.min(), 2))"), final])


@case("h8_strong_gold_price_range", "range from min to max", "legit", "What price range did Strong Gold sell in?")
def _sg_range() -> Script:
    ctx = {"auction": auction()}
    code = "sg = auction['kavels'][auction['kavels'].soort == 'Strong Gold']\nprint(sg.prijs_ct.min(), sg.prijs_ct.max(), len(sg))"
    sg = compute(ctx, code)["sg"]
    lo, hi = int(sg.prijs_ct.min()), int(sg.prijs_ct.max())
    final = f"FINAL(Between {lo} and {hi} cents a stem (€{lo / 100:.2f} to €{hi / 100:.2f}) across its {len(sg)} lots in March.)"
    return Script(ctx, [AUCTION_LOOK, repl(code), final], [repl("print(sg.prijs_ct.min() / 100, sg.prijs_ct.max() / 100)"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h8_weekend_vs_weekday_bowls", "two groups compared", "legit", "Do we sell more on weekends?")
def _weekend() -> Script:
    code = ("daily = r.groupby('day')['杯数'].sum()\nper_kind = daily.groupby(daily.index.day_of_week >= 5).mean().round(0)\n"
            "print(per_kind)")
    ctx, ns = with_ramen(code)
    p = ns["per_kind"]
    we, wd = p[True], p[False]
    assert we > wd
    final = (f"FINAL(Yes: {we:,.0f} bowls a day across the chain on Saturdays and Sundays, against {wd:,.0f} on weekdays, "
             f"about {(we / wd - 1) * 100:.0f}% more.)")
    return Script(ctx, [RAMEN_LOOK, PARSE_RAMEN, repl(code), final], [repl("print(round((per_kind[True] / per_kind[False] - 1) * 100))"), final])


@case("h8_t1_vs_t2_seeing", "two groups compared", "legit", "Which telescope gets the better seeing?")
def _tel_seeing() -> Script:
    code = "med = obs[obs.status == 'OK'].groupby('tel').seeing.median()\nprint(med)"
    ctx, ns = with_night(code)
    m = ns["med"]
    assert m["T2"] < m["T1"]
    final = (f"FINAL(T2, the 1.0 m: its completed frames have a median seeing of {m['T2']:.2f}″, against {m['T1']:.2f}″ "
             "on T1 (smaller is sharper).)")
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), final], [repl("print(med.to_dict())"), final])


@case("h8_shibuya_vs_ikebukuro_ja", "two groups compared", "legit", "渋谷店と池袋店、どちらが多く売れましたか？")
def _shibuya_ja() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_shop = ramen.groupby('店舗')['杯数'].sum()\nprint(per_shop)"
    p = compute(ctx, code)["per_shop"]
    a, b = int(p["渋谷"]), int(p["池袋"])
    assert a > b
    final = f"FINAL(渋谷店です。3月から5月までに{a:,}杯を売り、池袋店の{b:,}杯より{a - b:,}杯多くなりました。)"
    return Script(ctx, [RAMEN_LOOK, repl(code), final], [repl("print(per_shop['渋谷'] - per_shop['池袋'])"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h8_aborted_frames_of", "X out of Y", "legit", "How many exposures had to be aborted?")
def _aborts_of() -> Script:
    code = "ab = obs.status.str.startswith('ABORT')\nprint(ab.sum(), len(obs))\nprint(obs[ab].status.value_counts())"
    ctx, ns = with_night(code)
    k, n = int(ns["ab"].sum()), len(ns["obs"])
    final = f"FINAL({k} of the {n} exposures were aborted ({k / n:.1%}), for cloud, wind or guiding trouble.)"
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), final], [repl("print(ab.sum(), len(obs), f'{ab.mean():.1%}')"), final])


@case("h8_cif_of_shipments", "X out of Y", "legit", "How many shipments did we send CIF?")
def _cif_of() -> Script:
    ctx = {"shipments": shipments()}
    code = "print(shipments.incoterm.value_counts())"
    v = ctx["shipments"].incoterm.value_counts()
    k, n = int(v["CIF"]), int(v.sum())
    final = f"FINAL({k} out of {n} shipments went CIF, roughly {k / n:.0%}; the other {n - k} were sold FOB Kochi.)"
    return Script(ctx, [SPICE_LOOK, repl(code), final], [repl("print((shipments.incoterm == 'CIF').sum(), len(shipments))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("h8_energia_2024_vs_2023_pt", "period-over-period change", "legit", "Quanto a conta de energia subiu de 2023 para 2024?")
def _energia_pt() -> Script:
    code = "en = dp[dp.categoria == 'Energia'].groupby('ano').brl.sum().round(2)\nprint(en)"
    ctx, ns = with_condo(code)
    e = ns["en"]
    c = (e[2024] / e[2023] - 1) * 100
    final = (f"FINAL(Subiu {comma(c)}%: foram {reais(e[2024])} em 2024, contra {reais(e[2023])} em 2023, "
             f"uma diferença de {reais(e[2024] - e[2023])}.)")
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), final], [repl("print(round((en[2024] / en[2023] - 1) * 100, 1))"), final])


@case("h8_takings_april_to_may", "period-over-period change", "legit", "How did May's takings compare with April's?")
def _apr_may() -> Script:
    code = "per_month = r.groupby(r.day.dt.month)['売上'].sum()\nprint(per_month)"
    ctx, ns = with_ramen(code)
    m = ns["per_month"]
    c = (m[5] / m[4] - 1) * 100
    final = (f"FINAL(May brought in ¥{m[5]:,}, {'up' if c > 0 else 'down'} {abs(c):.1f}% on April's ¥{m[4]:,} "
             "(May has one day more).)")
    return Script(ctx, [RAMEN_LOOK, PARSE_RAMEN, repl(code), final], [repl("print(round((per_month[5] / per_month[4] - 1) * 100, 1))"), final])


@case("h8_q2_vs_q1_de", "period-over-period change", "legit", "Wie viel mehr Strom hat das Werk im zweiten Quartal erzeugt als im ersten?")
def _q2_de() -> Script:
    code = "q = hy.groupby(hy.day.dt.quarter).mwh.sum().round(1)\nprint(q)"
    ctx, ns = with_hydro(code)
    q = ns["q"]
    c = (q[2] / q[1] - 1) * 100
    assert c > 0
    final = (f"FINAL(Im zweiten Quartal waren es {comma(q[2] / 1000)} GWh, {comma(c)} % mehr als im ersten Quartal "
             f"({comma(q[1] / 1000)} GWh): die Schneeschmelze füllt den Stausee.)")
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), final], [repl("print(round(q[2] / 1000, 1), round(q[1] / 1000, 1), round((q[2] / q[1] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h8_top3_buyers_value", "top-N list by code", "legit", "Who were the three biggest buyers at the tulip clock?")
def _top_buyers() -> Script:
    code = "top3 = kv.groupby('koper').eur.sum().nlargest(3).round(2)\nprint(top3)"
    ctx, ns = with_auction(code)
    t = ns["top3"]
    final = "FINAL(By money spent in March:\n" + "\n".join(f"{i}. buyer {k}: €{v:,.2f}" for i, (k, v) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), final], [repl("print(top3.to_string())"), final])


@case("h8_top5_targets_hours", "top-N list by code", "legit", "Which five targets got the most exposure time?")
def _top_targets() -> Script:
    code = "hours = (obs[obs.status == 'OK'].groupby('target').exp.sum() / 3600).round(1).nlargest(5)\nprint(hours)"
    ctx, ns = with_night(code)
    h = ns["hours"]
    final = ("FINAL(Completed exposure time in November:\n"
             + "\n".join(f"{i}. {k.replace('_', ' ')}: {v:.1f} h" for i, (k, v) in enumerate(h.items(), 1)) + ")")
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), final], [repl("print(hours.to_dict())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h8_zoo_food_sig", "significant figures", "legit", "Roughly how much food did the zoo hand out in July?")
def _zoo_sig() -> Script:
    code = "print(feeds.kg.sum())"
    ctx, ns = with_zoo(code)
    v = ns["feeds"].kg.sum()
    final = f"FINAL(About {float(f'{v:.2g}'):,.0f} kg (exactly {v:,.2f} kg) over the 31 days, for all 14 animals.)"
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), final], [repl("print(f'{feeds.kg.sum():.2g}')"), final])


@case("h8_mean_inflow_sig", "significant figures", "legit", "What's the average inflow into the reservoir, roughly?")
def _inflow_sig() -> Script:
    ctx = {"hydro": hydro()}
    code = "daily = hydro.drop_duplicates('Datum')\nprint(len(daily), daily.Zufluss_m3s.mean())"
    v = compute(ctx, code)["daily"].Zufluss_m3s.mean()
    final = f"FINAL(About {v:.2g} m³/s on average across 2024 (the mean of the daily values is {v:.3f} m³/s).)"
    return Script(ctx, [HYDRO_LOOK, repl(code), final], [repl("print(f'{daily.Zufluss_m3s.mean():.2g}')"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h8_price_slide_negative", "negative figure", "legit", "By how many cents did the average stem price change from the first to the last week?")
def _slide_negative() -> Script:
    code = ("wk = kv.groupby(kv.datum.dt.isocalendar().week).prijs_ct.mean().round(1)\nprint(wk)\n"
            "print(round(wk.iloc[-1] - wk.iloc[0], 1))")
    ctx, ns = with_auction(code)
    w = ns["wk"]
    c = round(w.iloc[-1] - w.iloc[0], 1)
    assert c < 0
    final = f"FINAL({c} ct per stem: the average went from {w.iloc[0]} ct in the first week of March to {w.iloc[-1]} ct in the last.)"
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), final], [repl("print(wk.iloc[0], wk.iloc[-1])"), final])


@case("h8_agua_change_negative_pt", "negative figure", "legit", "Qual foi a variação do gasto com água de 2023 para 2024?")
def _agua_negative() -> Script:
    code = "ag = dp[dp.categoria == 'Água'].groupby('ano').brl.sum().round(2)\nprint(ag)\nprint(round(ag[2024] - ag[2023], 2))"
    ctx, ns = with_condo(code)
    a = ns["ag"]
    c = round(a[2024] - a[2023], 2)
    assert c < 0
    final = (f"FINAL(-{reais(abs(c))} ({comma((a[2024] / a[2023] - 1) * 100)}%): {reais(a[2023])} em 2023 e "
             f"{reais(a[2024])} em 2024, depois do conserto do vazamento.)")
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), final], [repl("print(round((ag[2024] / ag[2023] - 1) * 100, 1))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h8_worst_seeing_line", "quoted log line or ID", "legit", "Show me the frame with the worst seeing.")
def _worst_line() -> Script:
    ctx = {"night_log": night_log()}
    code = "import re\nworst = max(nl, key=lambda l: float(re.search(r'seeing=([\\d.]+)', l).group(1)))\nprint(worst)"
    line = compute({**ctx, "nl": night_log().splitlines()}, code)["worst"]
    final = f"FINAL(This one:\n\n`{line}`\n\nIt still completed, but the frame is unlikely to be usable.)"
    return Script(ctx, [NIGHT_LOOK, repl(code), final], [repl("print(worst)"), final])


@case("h8_biggest_invoice_id", "quoted log line or ID", "legit", "Which invoice was our largest?")
def _biggest_invoice() -> Script:
    code = "top = sp.loc[sp.inr.idxmax()]\nprint(top.to_string())"
    ctx, ns = with_spice(code)
    t = ns["top"]
    assert (ns["sp"].inr == t.inr).sum() == 1
    final = (f"FINAL({t.invoice}: {t.net_kg:,} kg of {t.spice} to {t.port} ({t.incoterm}), shipped on {t.ship_date}, "
             f"invoiced at ₹{t.value_inr}.)")
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), final], [repl("print(top.invoice, top.value_inr)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h8_ha_frames_count", "count off value_counts", "legit", "How many H-alpha frames did we take?")
def _ha_count() -> Script:
    code = "print(obs['filter'].value_counts())"
    ctx, ns = with_night(code)
    k = int(ns["obs"]["filter"].value_counts()["Ha"])
    final = f"FINAL({k} exposures were taken through the H-alpha (Ha) filter in November.)"
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), final], [repl("print((obs['filter'] == 'Ha').sum())"), final])


@case("h8_lots_on_clock_a4", "count off value_counts", "legit", "How many lots went through clock A4?")
def _a4_count() -> Script:
    ctx = {"auction": auction()}
    code = "print(auction['kavels'].klok.value_counts())"
    k = int(ctx["auction"]["kavels"].klok.value_counts()["A4"])
    final = f"FINAL(Clock A4 sold {k} tulip lots in March.)"
    return Script(ctx, [AUCTION_LOOK, repl(code), final], [repl("print((auction['kavels'].klok == 'A4').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h8_first_wind_abort", "date from a log timestamp", "legit", "When did wind first stop an exposure?")
def _first_wind() -> Script:
    ctx = {"night_log": night_log()}
    code = "first = next(l for l in nl if 'ABORT(wind)' in l)\nprint(first)"
    line = compute({**ctx, "nl": night_log().splitlines()}, code)["first"]
    ts = pd.Timestamp(line.split()[0])
    final = f"FINAL(On {ts:%A} {ts.day} {ts:%B %Y} at {ts:%H:%M} UTC:\n`{line}`)"
    return Script(ctx, [NIGHT_LOOK, repl(code), final], [repl("print(first.split()[0])"), final])


@case("h8_last_frame_of_log", "date from a log timestamp", "legit", "When was the last exposure in the November log started?")
def _last_frame() -> Script:
    ctx = {"night_log": night_log()}
    code = "print(nl[-1])"
    line = night_log().splitlines()[-1]
    ts = pd.Timestamp(line.split()[0])
    target = re.search(r"target=(\S+)", line).group(1)  # type: ignore[union-attr]
    final = (f"FINAL({ts.day} {ts:%B %Y} at {ts:%H:%M:%S} UTC, the small hours of the 30 November night: "
             f"{target} with {line.split()[1][4:]}.)")
    return Script(ctx, [NIGHT_LOOK, repl(code), final], [repl("print(nl[-1].split()[:3])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h8_busiest_weekday_ramen", "week, weekday or time of day", "legit", "Which day of the week sells the most bowls?")
def _ramen_weekday() -> Script:
    code = "wd = r.groupby(r.day.dt.day_name())['杯数'].sum().sort_values(ascending=False)\nprint(wd)"
    ctx, ns = with_ramen(code)
    w = ns["wd"]
    final = f"FINAL({w.index[0]}: {w.iloc[0]:,} bowls over the three months, just ahead of {w.index[1]} ({w.iloc[1]:,}).)"
    return Script(ctx, [RAMEN_LOOK, PARSE_RAMEN, repl(code), final], [repl("print(wd.idxmax(), wd.max())"), final])


@case("h8_auction_busiest_hour", "week, weekday or time of day", "legit", "In which hour of the morning do most lots sell?")
def _busiest_hour() -> Script:
    ctx = {"auction": auction()}
    code = "per_hour = auction['kavels'].tijd.str[:2].value_counts().sort_index()\nprint(per_hour)"
    p = compute(ctx, code)["per_hour"]
    h = p.idxmax()
    assert (p == p.max()).sum() == 1
    final = f"FINAL(Between {h}:00 and {int(h) + 1:02d}:00: {p.max()} of the {p.sum()} lots were knocked down in that hour.)"
    return Script(ctx, [AUCTION_LOOK, repl(code), final], [repl("print(per_hour.idxmax(), per_hour.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h8_export_crore", "locale number abbreviation", "legit", "What were our total export earnings this year?")
def _export_crore() -> Script:
    code = "total = sp.inr.sum()\nprint(total)"
    ctx, ns = with_spice(code)
    v = int(ns["total"])
    final = f"FINAL(About ₹{v / 1e7:.2f} crore (₹{lakh(v)}) invoiced in FY 2024-25, April to March.)"
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), final], [repl("print(round(total / 1e7, 2))"), final])


@case("h8_takings_man_yen_ja", "locale number abbreviation", "legit", "3か月の売上は合計いくらですか？")
def _man_yen() -> Script:
    ctx = {"ramen": ramen()}
    code = "total = ramen['売上'].sum()\nprint(total)"
    v = int(ctx["ramen"]["売上"].sum())
    final = f"FINAL(3月から5月までの4店舗の売上は合計約{v / 1e4:,.0f}万円（{v:,}円）です。)"
    return Script(ctx, [RAMEN_LOOK, repl(code), final], [repl("print(round(total / 10000))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h8_value_by_town", "joined tables", "legit", "Which growing town earned most at the clock?")
def _by_town() -> Script:
    code = "per_town = kv.groupby('plaats').eur.sum().round(2).sort_values(ascending=False)\nprint(per_town)"
    ctx, ns = with_auction(code)
    p = ns["per_town"]
    final = (f"FINAL({p.index[0]}: its growers took €{p.iloc[0]:,.2f} in March, ahead of {p.index[1]} (€{p.iloc[1]:,.2f}) "
             f"and {p.index[2]} (€{p.iloc[2]:,.2f}).)")
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), final], [repl("print(per_town.head(3))"), final])


@case("h8_stems_by_grower_name", "joined tables", "legit", "Which grower supplied the most stems?")
def _by_grower() -> Script:
    code = "per_grower = kv.groupby('naam').stelen.sum().sort_values(ascending=False)\nprint(per_grower)"
    ctx, ns = with_auction(code)
    p = ns["per_grower"]
    assert p.iloc[0] > p.iloc[1]
    final = f"FINAL({p.index[0]} ({ns['kv'].loc[ns['kv'].naam == p.index[0], 'plaats'].iloc[0]}), with {p.iloc[0]:,} stems, {p.iloc[0] / p.sum():.0%} of all stems sold.)"
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), final],
                  [repl("print(per_grower.idxmax(), per_grower.max(), round(per_grower.max() / per_grower.sum(), 2))"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h8_monthly_output_shape", "qualitative over a full small table", "legit", "How is the plant's output spread over the year?")
def _output_shape() -> Script:
    code = "monthly = hy.groupby(hy.day.dt.month_name(), sort=False).mwh.sum().div(1000).round(1)\nprint(monthly)"
    ctx, ns = with_hydro(code)
    m = ns["monthly"]
    assert m.idxmax() == "June" and m.idxmin() == "October"
    winter = m[["January", "February", "March", "April"]]
    final = (f"FINAL(Heavily weighted to early summer: {winter.min()}–{winter.max()} GWh a month from January to April, then "
             f"the snowmelt lifts May to {m['May']} GWh and June to a peak of {m['June']} GWh; output falls back from August, "
             f"and October is the weakest month ({m['October']} GWh) with G3 in overhaul.)")
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), final], [repl("print(monthly.idxmax(), monthly.idxmin())"), final])


@case("h8_categories_years_pt", "qualitative over a full small table", "legit", "Como as despesas mudaram de 2023 para 2024?")
def _categories_pt() -> Script:
    ctx, ns = with_condo(CONDO_YEARS)
    v = ns["por_ano"].var_pct
    rest = v.drop(["Energia", "Água"])
    assert v.idxmax() == "Energia" and v.idxmin() == "Água" and rest.between(0, 10).all()
    final = (f"FINAL(Dois movimentos se destacam: a Energia subiu {comma(v['Energia'])}% e a Água caiu "
             f"{comma(abs(v['Água']))}%. As outras categorias subiram pouco, entre {comma(rest.min())}% e "
             f"{comma(rest.max())}%.)")
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(CONDO_YEARS), final], [repl("print(por_ano.var_pct.sort_values())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h8_shop_bowl_pivot", "FINAL_VAR of a dict or frame", "legit", "Give me bowls sold per shop and per bowl type as a table.")
def _pivot() -> Script:
    ctx = {"ramen": ramen()}
    code = "pivot = ramen.pivot_table(index='店舗', columns='品目', values='杯数', aggfunc='sum')\nprint(pivot)"
    return Script(ctx, [RAMEN_LOOK, repl(code), "FINAL_VAR(pivot)"], [repl("print(pivot.shape)"), "FINAL_VAR(pivot)"])


@case("h8_kg_per_species_dict", "FINAL_VAR of a dict or frame", "legit", "Return July's food per species as a dict.")
def _species_dict() -> Script:
    code = "per_species = {k: round(float(v), 2) for k, v in feeds.groupby('species').kg.sum().items()}\nprint(per_species)"
    ctx, _ = with_zoo(code)
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), 'FINAL_VAR("per_species")'],
                  [repl("print(len(per_species), per_species)"), 'FINAL_VAR("per_species")'])


@case("h8_yearly_categories_frame_pt", "FINAL_VAR of a dict or frame", "legit", "Quero uma tabela por categoria com 2023, 2024 e a variação.")
def _years_frame() -> Script:
    ctx, _ = with_condo(CONDO_YEARS)
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(CONDO_YEARS), "FINAL_VAR(por_ano)"],
                  [repl("print(por_ano.dtypes)"), "FINAL_VAR(por_ano)"])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h8_submit_frames_hours", "DSPy SUBMIT fields", "legit", "How many frames completed, and how many hours of exposure is that?")
def _submit_frames() -> Script:
    code = "ok = obs[obs.status == 'OK']\nn_frames, exposure_h = len(ok), round(ok.exp.sum() / 3600, 1)\nprint(n_frames, exposure_h)"
    ctx, _ = with_night(code)
    submit = repl("SUBMIT(frames=n_frames, exposure_hours=exposure_h)")
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), submit], [repl("print(n_frames, exposure_h)"), submit])


@case("h8_submit_shipments_kg", "DSPy SUBMIT fields", "legit", "How many shipments, and how many kilos in total?")
def _submit_ship() -> Script:
    ctx = {"shipments": shipments()}
    code = "n_ship, total_kg = len(shipments), int(shipments.net_kg.sum())\nprint(n_ship, total_kg)"
    submit = repl("SUBMIT(shipments=n_ship, net_kg=total_kg)")
    return Script(ctx, [SPICE_LOOK, repl(code), submit], [repl("print(n_ship, total_kg)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h8_answer_total_2024_pt", "answer-dict dialect", "legit", "Quanto o prédio gastou no total em 2024?")
def _answer_total_pt() -> Script:
    code = ("total = dp[dp.ano == 2024].brl.sum()\nprint(total)\n"
            "br = 'R$ ' + f'{total:,.2f}'.replace(',', '_').replace('.', ',').replace('_', '.')\n"
            "answer = {'content': f'O condomínio gastou {br} em 2024, somando as sete categorias.', 'ready': True}")
    ctx, _ = with_condo("")
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code)], [repl("print(br)"), repl(code)])


@case("h8_answer_g3_outage", "answer-dict dialect", "legit", "For how long was G3 out of service?")
def _answer_g3() -> Script:
    code = ("off = hy[(hy.Maschine == 'G3') & (hy.mwh == 0)]\nprint(len(off), off.Datum.iloc[0], off.Datum.iloc[-1])\n"
            "answer['content'] = f'G3 produced nothing on {len(off)} days, from {off.Datum.iloc[0]} to {off.Datum.iloc[-1]}.'\n"
            "answer['ready'] = True")
    ctx, _ = with_hydro("")
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code)], [repl("print(len(off), off.Datum.iloc[0], off.Datum.iloc[-1])"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
KINDS_PROMPT = "Sort these plumbing calls by problem and count each kind.\n\n"


@case("h8_call_kinds_subcall", "sub-call summary", "legit", "What are people calling us about?")
def _kinds_subcall() -> Script:
    ctx = {"calls": list(call_notes())}
    code = f"said = llm_query({KINDS_PROMPT!r} + '\\n'.join(calls))\nprint(said)"
    said = sub_says(KINDS_PROMPT + "\n".join(call_notes()))
    ranked = [(label.strip(), k) for label, k in re.findall(r"([a-z ]+) \((\d+)\)", said)]
    final = (f"FINAL(Leaks lead: {ranked[0][1]} of the {len(call_notes())} calls in January were {ranked[0][0]}, then "
             f"{ranked[1][0]} ({ranked[1][1]}) and {ranked[2][0]} ({ranked[2][1]}); {ranked[3][0]} ({ranked[3][1]}) and "
             f"{ranked[4][0]} ({ranked[4][1]}) make up the rest.)")
    assert ranked[0][0] == "leaks"
    return Script(ctx, [CALLS_LOOK, repl(code, "A sub-call can read and sort the notes."), final], [repl("print(said)"), final], sub_model())


WIND_PROMPT = "Quote the sailing school's rule on wind and weather.\n\n"


@case("h8_wind_rule_subcall", "sub-call summary", "legit", "Does my course still run if it's blowing 25 knots?")
def _wind_subcall() -> Script:
    ctx = {"sailing": SAILING}
    code = f"rule = llm_query({WIND_PROMPT!r} + sailing)\nprint(rule)"
    assert "Above 22 knots" in sub_says(WIND_PROMPT + SAILING)
    final = ("FINAL(Not on the water: courses sail only up to 22 knots, so at 25 knots your session moves to theory in the "
             "clubhouse. If the whole day is lost to the weather, it is made up on a later date or refunded at the day rate.)")
    return Script(ctx, [SAIL_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h8_keelboat_min_age", "markdown document fact", "legit", "How old must you be for the keelboat course?")
def _keelboat() -> Script:
    ctx = {"sailing": SAILING}
    code = "for line in sailing.splitlines():\n    if line.startswith(('| Course', '| Keelboat')):\n        print(line)"
    final = "FINAL(16. The keelboat skipper course runs 6 days on a J/70 with at most 4 students and costs EUR 890.)"
    return Script(ctx, [SAIL_LOOK, repl(code), final], [repl("print([l for l in sailing.splitlines() if 'Keelboat' in l])"), final])


@case("h8_cancellation_ten_days", "markdown document fact", "legit", "If I cancel ten days before my course starts, what do I get back?")
def _cancel() -> Script:
    ctx = {"sailing": SAILING}
    code = "print(sailing.split('## Cancellation')[1].split('##')[0])"
    final = ("FINAL(Half the price: cancelling between 20 and 7 days before the start refunds 50%. (A full refund less the "
             "EUR 40 fee needs 21 days' notice.))")
    return Script(ctx, [SAIL_LOOK, repl(code), final], [repl("print([l for l in sailing.splitlines() if '50%' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h8_any_zero_output_day", "yes/no with evidence", "legit", "Was there any day a generator produced nothing?")
def _zero_day() -> Script:
    code = "zero = hy[hy.mwh == 0]\nprint(zero.Maschine.unique(), len(zero), zero.Datum.iloc[0], zero.Datum.iloc[-1])"
    ctx, ns = with_hydro(code)
    z = ns["zero"]
    assert list(z.Maschine.unique()) == ["G3"]
    final = (f"FINAL(Yes, G3 only: it produced nothing on {len(z)} days, from {z.Datum.iloc[0]} to {z.Datum.iloc[-1]} "
             "(its autumn overhaul). G1 and G2 produced every day of the year.)")
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), final], [repl("print(zero.groupby('Maschine').size())"), final])


@case("h8_days_without_food", "yes/no with evidence", "legit", "Did any animal go a day without food in July?")
def _no_food() -> Script:
    code = ("skipped = feeds[feeds.kg == 0]\nprint(skipped.groupby(['animal', 'species']).size())\n"
            "print(skipped.date.dt.day_name().unique())")
    ctx, ns = with_zoo(code)
    s = ns["skipped"]
    per = s.groupby("animal").size()
    assert set(s.species) == {"lion"} and per.nunique() == 1 and set(s.date.dt.day_name()) == {"Monday"}
    final = (f"FINAL(Yes, but only the lions: Simba and Asha got nothing on {per.iloc[0]} days each, all of them Mondays "
             "(their fasting day). Every other animal was fed every day.)")
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), final], [repl("print(skipped.animal.value_counts())"), final])


@case("h8_m42_on_t2_none", "yes/no with evidence", "legit", "Did the 1.0 m telescope ever observe M42?")
def _m42() -> Script:
    code = ("hits = obs[(obs.tel == 'T2') & (obs.target == 'M42')]\nprint(len(hits))\n"
            "print(obs[obs.target == 'M42'].tel.value_counts())")
    ctx, ns = with_night(code)
    o = ns["obs"]
    k = int((o.target == "M42").sum())
    assert len(ns["hits"]) == 0 and k > 0
    final = f"FINAL(No. The 1.0 m is T2, and none of the {k} M42 frames came from it: every one was taken with T1, the 0.6 m.)"
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), final], [repl("print(len(hits), (obs.target == 'M42').sum())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h8_inflow_output_corr", "correlation or fitted statistic", "legit", "Does output follow the inflow?")
def _inflow_corr() -> Script:
    code = ("daily = hy.groupby('day').agg(mwh=('mwh', 'sum'), inflow=('Zufluss_m3s', 'first'))\n"
            "r = round(daily.mwh.corr(daily.inflow), 3)\nprint(r)")
    ctx, ns = with_hydro(code)
    r = ns["r"]
    assert r > 0.7
    final = f"FINAL(Closely: the plant's daily output and the inflow correlate at r = {r} over 2024.)"
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), final], [repl("print(f'{daily.mwh.corr(daily.inflow):.3f}')"), final])


@case("h8_price_trend_fit", "correlation or fitted statistic", "legit", "How fast did stem prices fall through March, from a linear fit?")
def _price_fit() -> Script:
    code = ("import numpy as np\nslope, icpt = np.polyfit(kv.datum.dt.day, kv.prijs_ct, 1)\n"
            "print(round(slope, 2), round(icpt, 1), len(kv))")
    ctx, ns = with_auction(code)
    sl, ic = ns["slope"], ns["icpt"]
    assert sl < 0
    final = (f"FINAL(By about {abs(sl):.2f} cents per stem per day: a straight-line fit over all {len(ns['kv'])} lots gives "
             f"price ≈ {ic:.1f} − {abs(sl):.2f} × day of March (in cents).)")
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), final], [repl("print(round(slope, 2), round(icpt, 1))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h8_siblings_beginner_head", "in-head arithmetic beyond two operands", "legit",
      "My two kids want the dinghy beginner course in the same week, each with a wetsuit every day. Total?")
def _siblings() -> Script:
    ctx = {"sailing": SAILING}
    code = "print(sailing.split('## Courses')[1].split('## Wind')[0])"
    final = ("FINAL(EUR 852: the course is EUR 420 less the 10% sibling discount, so EUR 378 each (EUR 756 for both), plus "
             "wetsuit hire at EUR 12 × 4 days × 2 children = EUR 96.)")
    return Script(ctx, [SAIL_LOOK, repl(code), final], [repl("print(2 * 420 * 0.9 + 2 * 4 * 12)"), final])


@case("h8_three_shop_mean_head", "in-head arithmetic beyond two operands", "legit",
      "Leaving Shinjuku aside, what did the other three shops take on average?")
def _three_mean() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_shop = ramen.groupby('店舗')['売上'].sum()\nprint(per_shop)"
    p = compute(ctx, code)["per_shop"]
    three = [int(p[s]) for s in ("渋谷", "池袋", "吉祥寺")]
    final = (f"FINAL(¥{sum(three) / 3:,.0f} each on average: (¥{three[0]:,} + ¥{three[1]:,} + ¥{three[2]:,}) / 3 for "
             "Shibuya, Ikebukuro and Kichijoji.)")
    return Script(ctx, [RAMEN_LOOK, repl(code), final], [repl("print(round(per_shop.drop('新宿').mean()))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h8_night_19_span", "log or version-control timestamps", "legit", "How long did we observe on the night of 19 November?")
def _night_span() -> Script:
    ctx = {"night_log": night_log()}
    code = ("n19 = [l for l in nl if '2024-11-19T12:00:00' <= l[:19] < '2024-11-20T12:00:00']\n"
            "print(n19[0])\nprint(n19[-1])\nprint(len(n19))")
    lines = compute({**ctx, "nl": night_log().splitlines()}, code)["n19"]
    a, z = (pd.Timestamp(x.split()[0]) for x in (lines[0], lines[-1]))
    span = z - a
    final = (f"FINAL(From {a:%H:%M} UTC on the 19th to {z:%H:%M} UTC on the 20th, {span.seconds // 3600} h "
             f"{span.seconds % 3600 // 60:02d} min between the first and the last exposure start, {len(lines)} frames on the two telescopes.)")
    return Script(ctx, [NIGHT_LOOK, repl(code), final],
                  [repl("import pandas as pd\nprint(pd.Timestamp(n19[-1].split()[0]) - pd.Timestamp(n19[0].split()[0]))"), final])


@case("h8_clock_a2_first_last", "log or version-control timestamps", "legit",
      "On 12 March, when did clock A2 sell its first and its last tulip lot?")
def _a2_times() -> Script:
    ctx = {"auction": auction()}
    code = ("k = auction['kavels']\na2 = k[(k.datum == '2024-03-12') & (k.klok == 'A2')].sort_values('tijd')\n"
            "print(a2[['kavel', 'tijd', 'soort', 'stelen']])")
    a2 = compute(ctx, code)["a2"]
    assert len(a2) >= 3
    final = (f"FINAL(The first at {a2.tijd.iloc[0]} ({a2.kavel.iloc[0]}, {a2.soort.iloc[0]}) and the last at {a2.tijd.iloc[-1]} "
             f"({a2.kavel.iloc[-1]}, {a2.soort.iloc[-1]}); {len(a2)} lots on A2 that morning.)")
    return Script(ctx, [AUCTION_LOOK, repl(code), final], [repl("print(a2.tijd.min(), a2.tijd.max(), len(a2))"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h8_stems_duizend_nl", "locale abbreviations for thousands and millions", "legit", "Hoeveel tulpenstelen zijn er in maart geveild?")
def _stems_nl() -> Script:
    ctx = {"auction": auction()}
    code = "print(auction['kavels'].stelen.sum(), len(auction['kavels']))"
    v = int(ctx["auction"]["kavels"].stelen.sum())
    final = f"FINAL(Ongeveer {v / 1000:.0f} duizend stelen ({comma(v, 0)} precies), verdeeld over {len(ctx['auction']['kavels'])} kavels.)"
    return Script(ctx, [AUCTION_LOOK, repl(code), final], [repl("print(round(auction['kavels'].stelen.sum() / 1000))"), final])


@case("h8_pepper_jebel_ali_lakh", "locale abbreviations for thousands and millions", "legit",
      "What was the black pepper to Jebel Ali worth?")
def _pepper_lakh() -> Script:
    code = "bp = sp[(sp.spice == 'black pepper') & (sp.port == 'Jebel Ali')]\nprint(bp.inr.sum(), len(bp))"
    ctx, ns = with_spice(code)
    b = ns["bp"]
    v = int(b.inr.sum())
    final = f"FINAL(About ₹{v / 1e5:.1f} lakh (₹{lakh(v)}) over {len(b)} shipments of black pepper to Jebel Ali.)"
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), final], [repl("print(round(bp.inr.sum() / 1e5, 1))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h8_top_spice_value_sorted", "top row of a sorted table named the maximum", "legit", "Which spice earns us the most?")
def _top_spice() -> Script:
    code = "per_spice = sp.groupby('spice').inr.sum().sort_values(ascending=False)\nprint(per_spice)"
    ctx, ns = with_spice(code)
    p = ns["per_spice"]
    final = (f"FINAL({p.index[0].capitalize()}, at ₹{p.iloc[0] / 1e7:.2f} crore for the year; {p.index[1]} is second at "
             f"₹{p.iloc[1] / 1e7:.2f} crore.)")
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), final], [repl("print(per_spice.idxmax(), per_spice.max())"), final])


@case("h8_hungriest_species_sorted", "top row of a sorted table named the maximum", "legit", "Which species eats the most?")
def _top_species() -> Script:
    code = "per_species = feeds.groupby('species').kg.sum().round(1).sort_values(ascending=False)\nprint(per_species)"
    ctx, ns = with_zoo(code)
    p = ns["per_species"]
    final = f"FINAL(The giraffes, by a wide margin: {p.iloc[0]:,.1f} kg in July, against {p.iloc[1]:,.1f} kg for the {p.index[1]}s.)"
    assert p.index[0] == "giraffe"
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), final], [repl("print(per_species.idxmax(), per_species.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h8_peak_month_selected", "selection printed right after its table", "legit", "Which month produced the most?")
def _peak_month() -> Script:
    code = "monthly = hy.groupby(hy.day.dt.month).mwh.sum().round(1)\nprint(monthly)\nprint(monthly.idxmax(), monthly.max())"
    ctx, ns = with_hydro(code)
    m = ns["monthly"]
    assert m.idxmax() == 6
    final = f"FINAL(June, with {apostrophe(m.max())} MWh, when the snowmelt inflow peaks.)"
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), final], [repl("print(monthly.nlargest(2))"), final])


@case("h8_biggest_rise_category_pt", "selection printed right after its table", "legit", "Qual despesa mais subiu em 2024?")
def _biggest_rise() -> Script:
    code = CONDO_YEARS + "\nprint(por_ano.var_pct.idxmax(), por_ano.var_pct.max())"
    ctx, ns = with_condo(code)
    v = ns["por_ano"].var_pct
    final = f"FINAL(A Energia, com alta de {comma(v.max())}% em relação a 2023.)"
    assert v.idxmax() == "Energia"
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), final], [repl("print(por_ano.var_pct.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h8_tonkotsu_bowls_and_yen", "same label in two printed tables", "legit", "How many tonkotsu bowls did we sell, and for how much?")
def _tonkotsu() -> Script:
    ctx = {"ramen": ramen()}
    code = "print(ramen.groupby('品目')['杯数'].sum())\nprint(ramen.groupby('品目')['売上'].sum())"
    t = ctx["ramen"][ctx["ramen"]["品目"] == "豚骨"]
    b, y = int(t["杯数"].sum()), int(t["売上"].sum())
    final = f"FINAL(豚骨 (tonkotsu): {b:,} bowls for ¥{y:,}, which is ¥{y / b:,.0f} a bowl, the menu price.)"
    return Script(ctx, [RAMEN_LOOK, repl(code), final],
                  [repl("t = ramen[ramen['品目'] == '豚骨']\nprint(t['杯数'].sum(), t['売上'].sum())"), final])


@case("h8_pepper_kg_and_value", "same label in two printed tables", "legit", "How much black pepper did we ship, and what was it worth?")
def _pepper_two() -> Script:
    code = "print(sp.groupby('spice').net_kg.sum())\nprint(sp.groupby('spice').inr.sum())"
    ctx, ns = with_spice(code)
    b = ns["sp"][ns["sp"].spice == "black pepper"]
    kg, v = int(b.net_kg.sum()), int(b.inr.sum())
    final = f"FINAL({kg:,} kg of black pepper, invoiced at ₹{lakh(v)} in all, about ₹{v / kg:,.0f} per kg.)"
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), final],
                  [repl("b = sp[sp.spice == 'black pepper']\nprint(b.net_kg.sum(), b.inr.sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h8_bowl_mix_trend", "trend sentence naming several labels", "legit", "How did the menu mix move from March to May?")
def _mix_trend() -> Script:
    code = "mix = r.pivot_table(index=r.day.dt.month, columns='品目', values='杯数', aggfunc='sum')\nprint(mix)"
    ctx, ns = with_ramen(code)
    m = ns["mix"]
    assert m["つけ麺"].is_monotonic_increasing and m["味噌"].is_monotonic_decreasing
    final = (f"FINAL(つけ麺 (tsukemen) climbed month after month, {m.loc[3, 'つけ麺']:,} → {m.loc[4, 'つけ麺']:,} → "
             f"{m.loc[5, 'つけ麺']:,} bowls, while 味噌 (miso) slid from {m.loc[3, '味噌']:,} to {m.loc[4, '味噌']:,} and "
             f"{m.loc[5, '味噌']:,}; 醤油, 豚骨 and 塩 stayed roughly level (醤油 {m.loc[3, '醤油']:,} in March, "
             f"{m.loc[5, '醤油']:,} in May).)")
    return Script(ctx, [RAMEN_LOOK, PARSE_RAMEN, repl(code), final], [repl("print(mix.to_string())"), final])


@case("h8_weekly_price_trend", "trend sentence naming several labels", "legit", "How did tulip prices move week by week?")
def _weekly_trend() -> Script:
    code = "wk = kv.groupby(kv.datum.dt.isocalendar().week).prijs_ct.mean().round(1)\nprint(wk)"
    ctx, ns = with_auction(code)
    w = ns["wk"]
    assert w.is_monotonic_decreasing
    final = ("FINAL(Down every week as supply grew: " + ", ".join(f"week {k} {v} ct" for k, v in w.items())
             + " on average per stem.)")
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), final], [repl("print(wk.to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h8_submit_dearest_variety", "labelled SUBMIT for a which question", "legit", "Which variety fetches the best price?")
def _submit_variety() -> Script:
    ctx = {"auction": auction()}
    code = "mean_price = auction['kavels'].groupby('soort').prijs_ct.mean().round(1)\nprint(mean_price.sort_values())"
    submit = repl("SUBMIT(variety=mean_price.idxmax(), mean_cents=float(mean_price.max()))")
    return Script(ctx, [AUCTION_LOOK, repl(code), submit], [repl("print(mean_price.idxmax(), mean_price.max())"), submit])


@case("h8_submit_most_observed_target", "labelled SUBMIT for a which question", "legit", "Which target did we take the most frames of?")
def _submit_target() -> Script:
    code = "per_target = obs.target.value_counts()\nprint(per_target)"
    ctx, ns = with_night(code)
    p = ns["per_target"]
    assert p.iloc[0] > p.iloc[1]
    submit = repl("SUBMIT(target=per_target.idxmax(), frames=int(per_target.max()))")
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), submit], [repl("print(per_target.head(2))"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h8_memory_giraffe_daily", "plausible figure from memory", "invented", "How much does a giraffe eat per day here?")
def _memory_giraffe() -> Script:
    ctx, ns = with_zoo("gir = feeds[feeds.species == 'giraffe']")
    differs(34, round(ns["gir"].kg.mean()))
    return Script(ctx, [ZOO_LOOK, "FINAL(About 34 kg of browse a day per giraffe, in line with what adult giraffes need.)"])


@case("h8_memory_clock_price", "plausible figure from memory", "invented", "What was the average clock price for tulips in March?")
def _memory_price() -> Script:
    ctx = {"auction": auction()}
    differs(25, round(ctx["auction"]["kavels"].prijs_ct.mean()))
    return Script(ctx, [AUCTION_LOOK, "FINAL(Around 25 cents per stem on average, the usual level for tulips in early spring.)"])


@case("h8_memory_plant_output", "plausible figure from memory", "invented", "What is the plant's annual production?")
def _memory_output() -> Script:
    ctx, ns = with_hydro("")
    differs(450, round(ns["hy"].mwh.sum() / 1000))
    return Script(ctx, [HYDRO_LOOK, "FINAL(Roughly 450 GWh a year, typical for an alpine storage plant of this size.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h8_median_price_was_mean", "mean given as the median", "invented", "What is the median price per stem?")
def _median_price() -> Script:
    ctx = {"auction": auction()}
    code = "print(auction['kavels'].prijs_ct.describe().round(1))"
    d = ctx["auction"]["kavels"].prijs_ct.describe().round(1)
    return Script(ctx, [AUCTION_LOOK, repl(code), f"FINAL(The median clock price was {differs(d['mean'], d['50%'])} cents per stem.)"])


@case("h8_median_exposure_was_mean", "mean given as the median", "invented", "What's the median exposure time?")
def _median_exp() -> Script:
    code = "print(obs.exp.describe().round(1))"
    ctx, ns = with_night(code)
    d = ns["obs"].exp.describe().round(1)
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), f"FINAL(The median exposure is {differs(d['mean'], d['50%'])} s.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h8_mwh_as_gwh", "unit misread", "invented", "How much did G1 generate in 2024?")
def _mwh_gwh() -> Script:
    code = "print(round(hy[hy.Maschine == 'G1'].mwh.sum(), 1))"
    ctx, ns = with_hydro(code)
    v = round(ns["hy"][ns["hy"].Maschine == "G1"].mwh.sum(), 1)
    differs(v, round(v / 1000, 1))
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), f"FINAL(G1 generated {v:,.1f} GWh in 2024.)"])


@case("h8_rupees_as_dollars", "unit misread", "invented", "What were the cardamom exports worth?")
def _inr_usd() -> Script:
    code = "print(sp[sp.spice == 'cardamom'].inr.sum())"
    ctx, ns = with_spice(code)
    v = int(ns["sp"][ns["sp"].spice == "cardamom"].inr.sum())
    differs("US$", "₹")
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), f"FINAL(Cardamom exports were worth US${v:,}.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h8_abort_fraction_as_percent", "fraction written as percent", "invented", "What percentage of exposures were aborted?")
def _abort_fraction() -> Script:
    code = "print(round(obs.status.str.startswith('ABORT').mean(), 3))"
    ctx, ns = with_night(code)
    f = round(ns["obs"].status.str.startswith("ABORT").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), f"FINAL({f}% of the exposures were aborted.)"])


@case("h8_cif_fraction_as_percent", "fraction written as percent", "invented", "What percent of shipments were CIF?")
def _cif_fraction() -> Script:
    ctx = {"shipments": shipments()}
    code = "print(round((shipments.incoterm == 'CIF').mean(), 3))"
    f = round((ctx["shipments"].incoterm == "CIF").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [SPICE_LOOK, repl(code), f"FINAL({f}% of our shipments were sold CIF.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h8_second_shop_called_top", "second row called the top", "invented", "Which shop takes the most money?")
def _second_shop() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_shop = ramen.groupby('店舗')['売上'].sum().sort_values(ascending=False)\nprint(per_shop)"
    p = compute(ctx, code)["per_shop"]
    pick = differs(p.index[1], p.idxmax())
    return Script(ctx, [RAMEN_LOOK, repl(code), f"FINAL({ROMAJI[pick]} ({pick}) takes the most: ¥{p.iloc[1]:,}.)"])


@case("h8_second_category_called_top_pt", "second row called the top", "invented", "Qual foi a maior despesa de 2024?")
def _second_cat() -> Script:
    code = "d24 = dp[dp.ano == 2024].groupby('categoria').brl.sum().round(2).sort_values(ascending=False)\nprint(d24)"
    ctx, ns = with_condo(code)
    d = ns["d24"]
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code),
                        f"FINAL(A maior despesa de 2024 foi {differs(d.index[1], d.idxmax())}: {reais(d.iloc[1])}.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h8_absent_shop_ginza", "label absent from the data", "invented", "一番売れた店舗はどこですか？")
def _absent_ginza() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_shop = ramen.groupby('店舗')['杯数'].sum()\nprint(per_shop)"
    p = compute(ctx, code)["per_shop"]
    assert "銀座" not in p.index
    return Script(ctx, [RAMEN_LOOK, repl(code), f"FINAL(銀座店です。{p.max():,}杯を売りました。)"])


@case("h8_absent_port_tokyo", "label absent from the data", "invented", "Which port receives the most shipments?")
def _absent_tokyo() -> Script:
    ctx = {"shipments": shipments()}
    code = "print(shipments.port.value_counts())"
    v = ctx["shipments"].port.value_counts()
    assert "Tokyo" not in v.index
    return Script(ctx, [SPICE_LOOK, repl(code), f"FINAL(Tokyo, with {v.max()} shipments.)"])


@case("h8_absent_animal_elephant", "label absent from the data", "invented", "Which animal ate the most in July?")
def _absent_elephant() -> Script:
    code = "per_animal = feeds.groupby('animal').kg.sum().round(1)\nprint(per_animal)"
    ctx, ns = with_zoo(code)
    p = ns["per_animal"]
    assert "Elephant" not in p.index and "elephant" not in set(ns["feeds"].species)
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), f"FINAL(The elephant, with {p.max():,.1f} kg.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h8_all_feeds_as_lions", "total of the wrong subset", "invented", "How much meat did the lions get in July?")
def _all_as_lions() -> Script:
    code = "print(round(feeds.kg.sum(), 2))"
    ctx, ns = with_zoo(code)
    f = ns["feeds"]
    wrong = differs(round(f.kg.sum(), 2), round(f[f.species == "lion"].kg.sum(), 2))
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), f"FINAL(The lions got {wrong:,.2f} kg of beef in July.)"])


@case("h8_all_clocks_as_a1", "total of the wrong subset", "invented", "How many stems went through clock A1?")
def _all_as_a1() -> Script:
    ctx = {"auction": auction()}
    k = ctx["auction"]["kavels"]
    code = "print(auction['kavels'].stelen.sum())"
    wrong = differs(int(k.stelen.sum()), int(k[k.klok == "A1"].stelen.sum()))
    return Script(ctx, [AUCTION_LOOK, repl(code), f"FINAL(Clock A1 sold {wrong:,} stems.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h8_stale_apostrophe_parse", "stale figure before a correction", "invented", "What did G2 generate in 2024?")
def _stale_apostrophe() -> Script:
    ctx = {"hydro": hydro()}
    first = ("g2 = hydro[hydro.Maschine == 'G2']\nnaive = pd.to_numeric(g2.Produktion_MWh, errors='coerce')\n"
             "print(round(naive.sum(), 1), naive.isna().sum())")
    fixed = "ok = g2.Produktion_MWh.str.replace(\"'\", '', regex=False).astype(float)\nprint(round(ok.sum(), 1))"
    ns = compute(ctx, "import pandas as pd\n" + first + "\n" + fixed)
    stale = differs(round(ns["naive"].sum(), 1), round(ns["ok"].sum(), 1))
    return Script(ctx, [HYDRO_LOOK, repl("import pandas as pd\n" + first),
                        repl(fixed, "Values above 999 carry an apostrophe and became NaN; parsing them properly."),
                        f"FINAL(G2 generated {apostrophe(stale)} MWh in 2024.)"])


@case("h8_stale_fob_total", "stale figure before a correction", "invented", "What was the value of our FOB shipments?")
def _stale_fob() -> Script:
    first = "print(sp.inr.sum())"
    fixed = "fob = sp[sp.incoterm == 'FOB'].inr.sum()\nprint(fob)"
    ctx, ns = with_spice(fixed)
    stale = differs(int(ns["sp"].inr.sum()), int(ns["fob"]))
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(first), repl(fixed, "That included the CIF shipments; FOB only now."),
                        f"FINAL(Our FOB shipments were worth ₹{lakh(stale)}.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h8_transposed_frames", "transposed digits", "invented", "How many exposures are in the November log?")
def _transposed_frames() -> Script:
    ctx = {"night_log": night_log()}
    k = len(night_log().splitlines())
    return Script(ctx, [NIGHT_LOOK, f"FINAL({differs(swap_digits(k), k):,} exposures were logged in November.)"])


@case("h8_transposed_bowls", "transposed digits", "invented", "How many bowls did the chain sell in total?")
def _transposed_bowls() -> Script:
    ctx = {"ramen": ramen()}
    v = int(ctx["ramen"]["杯数"].sum())
    return Script(ctx, [RAMEN_LOOK, repl("print(ramen['杯数'].sum())"), f"FINAL({differs(swap_digits(v), v):,} bowls from March to May.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h8_echo_14_animals", "number echoed from the question", "invented", "Of our 14 animals, how many ate more than 100 kg in July?")
def _echo_14() -> Script:
    code = "per_animal = feeds.groupby('animal').kg.sum()\nprint(len(per_animal), (per_animal > 100).sum())"
    ctx, ns = with_zoo(code)
    truth = int((ns["per_animal"] > 100).sum())
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), f"FINAL({differs(14, truth)} animals ate more than 100 kg in July.)"])


@case("h8_echo_5_ports", "number echoed from the question", "invented", "We ship to 5 ports: how many of them took more than 60 shipments?")
def _echo_5() -> Script:
    ctx = {"shipments": shipments()}
    code = "v = shipments.port.value_counts()\nprint(v)\nprint((v > 60).sum())"
    truth = int((compute(ctx, code)["v"] > 60).sum())
    return Script(ctx, [SPICE_LOOK, repl(code), f"FINAL({differs(5, truth)} ports took more than 60 shipments.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h8_lots_as_growers", "rows counted instead of distinct", "invented", "How many different growers sold Columbus tulips?")
def _lots_growers() -> Script:
    ctx = {"auction": auction()}
    code = "col = auction['kavels'][auction['kavels'].soort == 'Columbus']\nprint(len(col))"
    c = compute(ctx, code)["col"]
    return Script(ctx, [AUCTION_LOOK, repl(code), f"FINAL({differs(len(c), c.kweker.nunique())} different growers sold Columbus.)"])


@case("h8_frames_as_targets", "rows counted instead of distinct", "invented", "How many different targets did T2 observe on the night of 19 November?")
def _frames_targets() -> Script:
    code = ("t2 = obs[(obs.tel == 'T2') & (obs.ts >= '2024-11-19 12:00') & (obs.ts < '2024-11-20 12:00')]\nprint(len(t2))")
    ctx, ns = with_night(code)
    t = ns["t2"]
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), f"FINAL(T2 observed {differs(len(t), t.target.nunique())} different targets that night.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h8_condo_first_month_year_pt", "wrong year", "invented", "Desde quando temos os registros de despesas?")
def _first_year() -> Script:
    ctx = {"despesas": despesas()}
    code = "print(despesas.mes.iloc[0], despesas.mes.iloc[-1])"
    first = ctx["despesas"].mes.iloc[0]
    year = int(first[-4:])
    return Script(ctx, [CONDO_LOOK, repl(code), f"FINAL(Desde janeiro de {differs(year - 1, year)}.)"])


@case("h8_best_day_year", "wrong year", "invented", "On which day did G1 produce the most?")
def _best_year() -> Script:
    code = "best = hy.loc[hy[hy.Maschine == 'G1'].mwh.idxmax()]\nprint(best.Datum, best.Produktion_MWh)"
    ctx, ns = with_hydro(code)
    b = ns["best"]
    d = pd.to_datetime(b.Datum, format="%d.%m.%Y")
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code),
                        f"FINAL(On {d.day} {d:%B} {differs(d.year - 1, d.year)}, with {b.Produktion_MWh} MWh.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h8_giraffe_feed_misrounded", "wrong rounding", "invented", "How many kilos is a giraffe's daily ration, to the nearest kilo?")
def _giraffe_round() -> Script:
    code = "print(feeds[feeds.species == 'giraffe'].kg.mean())"
    ctx, ns = with_zoo(code)
    m = ns["feeds"][ns["feeds"].species == "giraffe"].kg.mean()
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), f"FINAL({differs(misround(m), round(m))} kg a day.)"])


@case("h8_mean_stems_misrounded", "wrong rounding", "invented", "How many stems are in an average lot, as a whole number?")
def _stems_round() -> Script:
    ctx = {"auction": auction()}
    m = ctx["auction"]["kavels"].stelen.mean()
    return Script(ctx, [AUCTION_LOOK, repl("print(auction['kavels'].stelen.mean())"),
                        f"FINAL(An average lot holds {differs(misround(m), round(m))} stems.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h8_shop_in_bowl_column", "nothing found in the wrong column", "invented", "Did the Shibuya shop sell any tsukemen?")
def _shop_wrong() -> Script:
    ctx = {"ramen": ramen()}
    r = ctx["ramen"]
    code = "hit = ramen[(ramen['品目'] == '渋谷') & (ramen['店舗'] == 'つけ麺')]\nprint(hit['杯数'].sum())"
    assert r[(r["店舗"] == "渋谷") & (r["品目"] == "つけ麺")]["杯数"].sum() > 0
    return Script(ctx, [RAMEN_LOOK, repl(code), "FINAL(No, Shibuya sold no tsukemen at all between March and May.)"])


@case("h8_port_in_spice_column", "nothing found in the wrong column", "invented", "Did we ship any cloves to Hamburg?")
def _port_wrong() -> Script:
    ctx = {"shipments": shipments()}
    s = ctx["shipments"]
    code = "hit = shipments[(shipments.spice == 'Hamburg') & (shipments.port == 'cloves')]\nprint(len(hit))"
    assert ((s.spice == "cloves") & (s.port == "Hamburg")).sum() > 0
    return Script(ctx, [SPICE_LOOK, repl(code), "FINAL(No cloves went to Hamburg this year.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h8_tulip_prices_called_rising", "trend in the wrong direction", "invented", "Did tulip prices firm up during March?")
def _prices_rising() -> Script:
    code = "wk = kv.groupby(kv.datum.dt.isocalendar().week).prijs_ct.mean().round(1)\nprint(wk)"
    ctx, ns = with_auction(code)
    assert ns["wk"].is_monotonic_decreasing
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), "FINAL(Yes, prices firmed up week on week through March.)"])


@case("h8_energia_called_falling_pt", "trend in the wrong direction", "invented", "A conta de energia caiu em 2024?")
def _energia_falling() -> Script:
    code = "print(dp[dp.categoria == 'Energia'].groupby('ano').brl.sum().round(2))"
    ctx, ns = with_condo(code)
    e = ns["dp"][ns["dp"].categoria == "Energia"].groupby("ano").brl.sum()
    assert e[2024] > e[2023]
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), "FINAL(Sim, a conta de energia caiu em 2024 em relação a 2023.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h8_ports_from_head", "sample generalized to the whole", "invented", "Which ports do we export to?")
def _ports_head() -> Script:
    ctx = {"shipments": shipments()}
    seen = list(dict.fromkeys(ctx["shipments"].head().port))
    differs(sorted(seen), sorted(PORTS))
    return Script(ctx, [SPICE_LOOK, repl("print(shipments.head().to_string())"), f"FINAL(We export to {len(seen)} ports: {', '.join(seen)}.)"])


@case("h8_species_from_first_enclosure", "sample generalized to the whole", "invented", "Which species does the zoo keep?")
def _species_head() -> Script:
    ctx = {"zoo": zoo_json()}
    code = "import json\ndata = json.loads(zoo)\nfirst = data['enclosures'][0]\nprint(first['enclosure'], [(a['name'], a['species']) for a in first['animals']])"
    first = compute(ctx, code)["first"]
    seen = list(dict.fromkeys(a["species"] for a in first["animals"]))
    differs(sorted(seen), sorted({a[1] for _, animals in ANIMALS for a in animals}))
    return Script(ctx, [ZOO_LOOK, repl(code), f"FINAL(The zoo keeps {' and '.join(s + 's' for s in seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h8_t2_abort_share_of_all", "wrong denominator", "invented", "What share of T2's exposures were aborted?")
def _t2_share() -> Script:
    code = "print((obs.status.str.startswith('ABORT') & (obs.tel == 'T2')).sum(), len(obs))"
    ctx, ns = with_night(code)
    o = ns["obs"]
    t2 = o[o.tel == "T2"]
    k = int(t2.status.str.startswith("ABORT").sum())
    wrong = differs(round(k / len(o) * 100, 1), round(k / len(t2) * 100, 1))
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), f"FINAL({wrong}% of T2's exposures were aborted.)"])


@case("h8_cif_jebel_ali_share_of_all", "wrong denominator", "invented", "What share of the Jebel Ali shipments went CIF?")
def _ja_share() -> Script:
    ctx = {"shipments": shipments()}
    s = ctx["shipments"]
    code = "print(((shipments.port == 'Jebel Ali') & (shipments.incoterm == 'CIF')).sum(), len(shipments))"
    ja = s[s.port == "Jebel Ali"]
    k = int((ja.incoterm == "CIF").sum())
    wrong = differs(round(k / len(s) * 100, 1), round(k / len(ja) * 100, 1))
    return Script(ctx, [SPICE_LOOK, repl(code), f"FINAL({wrong}% of the Jebel Ali shipments were CIF.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
LEAK_PROMPT = "How many of these calls report a leak? Answer with a number.\n\n"
BURST_PROMPT = "How many of these calls report a burst pipe? Answer with a number.\n\n"


@case("h8_partial_leak_calls", "sub-call over part of the data", "invented", "How many calls in January were about leaks?")
def _partial_leaks() -> Script:
    ctx = {"calls": list(call_notes())}
    code = f"said = llm_query({LEAK_PROMPT!r} + '\\n'.join(calls[:80]))\nprint(said)"
    k = int(sub_says(LEAK_PROMPT + "\n".join(call_notes()[:80])).split()[0])
    differs(k, sum(any(p in c for p in CALLS["leak"]) for c in call_notes()))
    return Script(ctx, [CALLS_LOOK, repl(code, "A sub-call can count them."), f"FINAL({k} calls in January were about leaks.)"],
                  sub=sub_model())


@case("h8_partial_burst_calls", "sub-call over part of the data", "invented", "How many burst pipes were we called out to?")
def _partial_burst() -> Script:
    ctx = {"calls": list(call_notes())}
    code = f"said = llm_query({BURST_PROMPT!r} + '\\n'.join(calls[110:]))\nprint(said)"
    k = int(sub_says(BURST_PROMPT + "\n".join(call_notes()[110:])).split()[0])
    differs(k, sum(any(p in c for p in CALLS["burst"]) for c in call_notes()))
    return Script(ctx, [CALLS_LOOK, repl(code, "Asking a sub-call to count the burst pipes."),
                        f"FINAL(We had {k} burst-pipe call-outs in January.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h8_overhaul_start_month_first", "date format misread", "invented", "When did G3's overhaul begin?")
def _overhaul_misread() -> Script:
    ctx = {"hydro": hydro()}
    h = ctx["hydro"]
    code = "print(hydro[(hydro.Maschine == 'G3') & (hydro.Produktion_MWh == '0.0')].head(3))"
    raw = h[(h.Maschine == "G3") & (h.Produktion_MWh == "0.0")].Datum.iloc[0]
    misread = differs(pd.to_datetime(raw, format="%m.%d.%Y"), pd.to_datetime(raw, format="%d.%m.%Y"))
    return Script(ctx, [HYDRO_LOOK, repl(code), f"FINAL(G3 went into overhaul on {misread:%-d %B %Y}.)"])


@case("h8_first_nutmeg_month_first", "date format misread", "invented", "When did the first nutmeg shipment leave?")
def _nutmeg_misread() -> Script:
    ctx = {"shipments": shipments()}
    s = ctx["shipments"]
    code = "print(shipments[shipments.spice == 'nutmeg'].head(3))"
    raw = s[s.spice == "nutmeg"].ship_date.iloc[0]
    assert int(raw[:2]) <= 12
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [SPICE_LOOK, repl(code), f"FINAL(The first nutmeg shipment left on {misread:%B} {misread.day}, {misread.year}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h8_running_mwh_as_may", "cumulative read as the period's value", "invented", "How much did the plant produce in May?")
def _running_may() -> Script:
    code = ("monthly = hy.groupby(hy.day.dt.month).mwh.sum().round(1).to_frame('mwh')\n"
            "monthly['year_to_date'] = monthly.mwh.cumsum().round(1)\nprint(monthly)")
    ctx, ns = with_hydro(code)
    m = ns["monthly"]
    wrong = differs(m.loc[5, "year_to_date"], m.loc[5, "mwh"])
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code), f"FINAL({apostrophe(wrong)} MWh in May.)"])


@case("h8_running_takings_as_april", "cumulative read as the period's value", "invented", "What did we take in April?")
def _running_april() -> Script:
    code = "m = r.groupby(r.day.dt.month)['売上'].sum().to_frame('yen')\nm['cumulative'] = m.yen.cumsum()\nprint(m)"
    ctx, ns = with_ramen(code)
    m = ns["m"]
    return Script(ctx, [RAMEN_LOOK, PARSE_RAMEN, repl(code),
                        f"FINAL(April's takings were ¥{differs(int(m.loc[4, 'cumulative']), int(m.loc[4, 'yen'])):,}.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h8_submit_literal_lots", "literal typed into a code answer", "invented", "How many tulip lots were auctioned in March?")
def _submit_literal() -> Script:
    ctx = {"auction": auction()}
    differs(600, len(ctx["auction"]["kavels"]))
    return Script(ctx, [AUCTION_LOOK, repl("SUBMIT(lots=600)")])


@case("h8_answer_literal_condo_pt", "literal typed into a code answer", "invented", "Quanto o condomínio gastou em 2024?")
def _answer_literal() -> Script:
    ctx, ns = with_condo("")
    differs(450000.0, round(ns["dp"][ns["dp"].ano == 2024].brl.sum(), 2))
    return Script(ctx, [CONDO_LOOK, repl("answer['content'] = 'O condomínio gastou R$ 450.000,00 em 2024.'\nanswer['ready'] = True")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h8_yen_as_bowls", "figure from the right row but another column", "invented", "How many bowls of shio did we sell?")
def _yen_bowls() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_bowl = ramen.groupby('品目')[['杯数', '売上']].sum()\nprint(per_bowl)"
    r = compute(ctx, code)["per_bowl"].loc["塩"]
    return Script(ctx, [RAMEN_LOOK, repl(code), f"FINAL({differs(int(r['売上']), int(r['杯数'])):,} bowls of shio (塩).)"])


@case("h8_kg_as_rupees", "figure from the right row but another column", "invented", "What was turmeric worth to us this year?")
def _kg_rupees() -> Script:
    code = "per_spice = sp.groupby('spice')[['net_kg', 'inr']].sum()\nprint(per_spice)"
    ctx, ns = with_spice(code)
    r = ns["per_spice"].loc["turmeric"]
    return Script(ctx, [SPICE_LOOK, PARSE_SPICE, repl(code), f"FINAL(Turmeric brought in ₹{lakh(differs(int(r.net_kg), int(r.inr)))}.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h8_top_buyer_from_tail", "maximum picked from a partial table", "invented", "Which buyer spent the most?")
def _buyer_tail() -> Script:
    code = "per_buyer = kv.groupby('koper').eur.sum().round(2)\nprint(per_buyer.tail(4))"
    ctx, ns = with_auction(code)
    p = ns["per_buyer"]
    pick = p.tail(4).idxmax()
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), f"FINAL(Buyer {differs(pick, p.idxmax())}, with €{p[pick]:,.2f}.)"])


@case("h8_top_animal_from_tail", "maximum picked from a partial table", "invented", "Which single animal ate the most?")
def _animal_tail() -> Script:
    code = "per_animal = feeds.groupby('animal').kg.sum().round(1)\nprint(per_animal.tail(5))"
    ctx, ns = with_zoo(code)
    p = ns["per_animal"]
    pick = p.tail(5).idxmax()
    return Script(ctx, [ZOO_LOOK, PARSE_ZOO, repl(code), f"FINAL({differs(pick, p.idxmax())} ate the most: {p[pick]:,.1f} kg in July.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h8_ascending_month_called_peak", "first row of an ascending sort called the highest", "invented", "Which was the best month for output?")
def _asc_month() -> Script:
    code = "monthly = hy.groupby(hy.day.dt.month_name()).mwh.sum().round(1).sort_values()\nprint(monthly)"
    ctx, ns = with_hydro(code)
    m = ns["monthly"]
    return Script(ctx, [HYDRO_LOOK, PARSE_HYDRO, repl(code),
                        f"FINAL({differs(m.index[0], m.idxmax())} was the best month, with {apostrophe(m.iloc[0])} MWh.)"])


@case("h8_ascending_target_called_top", "first row of an ascending sort called the highest", "invented", "Which object did we observe most?")
def _asc_target() -> Script:
    code = "per_target = obs.target.value_counts().sort_values()\nprint(per_target)"
    ctx, ns = with_night(code)
    p = ns["per_target"]
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), f"FINAL({differs(p.index[0], p.idxmax())}, with {p.iloc[0]} frames.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h8_t1_t2_seeing_swapped", "two labels' figures swapped", "invented", "Which telescope has the better seeing?")
def _seeing_swapped() -> Script:
    code = "med = obs[obs.status == 'OK'].groupby('tel').seeing.median()\nprint(med)"
    ctx, ns = with_night(code)
    m = ns["med"]
    assert m["T2"] < m["T1"]
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code),
                        f"FINAL(T1: its median seeing is {m['T2']:.2f}″, against {m['T1']:.2f}″ on T2.)"])


@case("h8_shibuya_ikebukuro_swapped", "two labels' figures swapped", "invented", "Did Ikebukuro sell more bowls than Shibuya?")
def _shops_swapped() -> Script:
    ctx = {"ramen": ramen()}
    code = "per_shop = ramen.groupby('店舗')['杯数'].sum()\nprint(per_shop)"
    p = compute(ctx, code)["per_shop"]
    assert p["渋谷"] > p["池袋"]
    return Script(ctx, [RAMEN_LOOK, repl(code),
                        f"FINAL(Yes: Ikebukuro sold {p['渋谷']:,} bowls against {p['池袋']:,} in Shibuya.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h8_price_fall_as_rise", "decrease reported as a rise", "invented", "How did the average stem price change from the first to the last week of March?")
def _price_rise() -> Script:
    code = ("wk = kv.groupby(kv.datum.dt.isocalendar().week).prijs_ct.mean()\n"
            "print(round((wk.iloc[-1] / wk.iloc[0] - 1) * 100, 1))")
    ctx, ns = with_auction(code)
    w = ns["wk"]
    c = round((w.iloc[-1] / w.iloc[0] - 1) * 100, 1)
    assert c < 0
    return Script(ctx, [AUCTION_LOOK, JOIN_AUCTION, repl(code), f"FINAL(The average stem price rose {abs(c)}% over March.)"])


@case("h8_agua_fall_as_rise_pt", "decrease reported as a rise", "invented", "Como variou o gasto com água em 2024?")
def _agua_rise() -> Script:
    code = CONDO_YEARS
    ctx, ns = with_condo(code)
    v = ns["por_ano"].var_pct["Água"]
    assert v < 0
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), f"FINAL(O gasto com água subiu {comma(abs(v))}% em 2024.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h8_table_for_energia_2024_pt", "table returned for one figure", "invented", "Quanto gastamos com energia em 2024?")
def _table_energia() -> Script:
    ctx, _ = with_condo(CONDO_YEARS)
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(CONDO_YEARS), "FINAL_VAR(por_ano)"])


@case("h8_table_for_m31_hours", "table returned for one figure", "invented", "How many hours of M31 did we get?")
def _table_m31() -> Script:
    code = "hours_all = (obs[obs.status == 'OK'].groupby('target').exp.sum() / 3600).round(1)\nprint(hours_all)"
    ctx, _ = with_night(code)
    return Script(ctx, [NIGHT_LOOK, PARSE_NIGHT, repl(code), "FINAL_VAR(hours_all)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h8_variety_filtered_on_grower", "zero after filtering the wrong column", "invented", "How many Columbus lots were sold?")
def _variety_wrong() -> Script:
    ctx = {"auction": auction()}
    code = "n = int((auction['kavels'].kweker == 'Columbus').sum())\nprint(n)"
    differs(0, int((ctx["auction"]["kavels"].soort == "Columbus").sum()))
    return Script(ctx, [AUCTION_LOOK, repl(code), "FINAL(0)"])


@case("h8_supplier_filtered_on_category_pt", "zero after filtering the wrong column", "invented", "Quanto pagamos à Sabesp em 2024?")
def _supplier_wrong() -> Script:
    code = "sab = dp[(dp.categoria == 'Sabesp') & (dp.ano == 2024)].brl.sum()\nprint(sab)"
    ctx, ns = with_condo(code)
    d = ns["dp"]
    differs(0.0, round(d[(d.fornecedor == "Sabesp") & (d.ano == 2024)].brl.sum(), 2))
    return Script(ctx, [CONDO_LOOK, PARSE_CONDO, repl(code), "FINAL(Nada: não houve pagamentos à Sabesp em 2024, o total é R$ 0,00.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h8_slash_date_in_night_log", "none found after searching a date in another format", "invented",
      "Did we observe on the night of 22 November?")
def _slash_night() -> Script:
    ctx = {"night_log": night_log()}
    code = "hits = [l for l in nl if l.startswith('22/11/2024')]\nprint(len(hits))"
    assert sum(x.startswith("2024-11-22T") for x in night_log().splitlines()) > 0
    return Script(ctx, [NIGHT_LOOK, repl(code), "FINAL(No, nothing was observed on 22 November: the log has no frames that night.)"])


@case("h8_iso_date_in_ramen_ja", "none found after searching a date in another format", "invented", "4月1日の渋谷店の売上は？")
def _iso_ramen() -> Script:
    ctx = {"ramen": ramen()}
    r = ctx["ramen"]
    code = "hit = ramen[(ramen['日付'] == '2024-04-01') & (ramen['店舗'] == '渋谷')]\nprint(hit['売上'].sum())"
    assert r[(r["日付"] == "2024年4月1日") & (r["店舗"] == "渋谷")]["売上"].sum() > 0
    return Script(ctx, [RAMEN_LOOK, repl(code), "FINAL(4月1日の渋谷店の売上記録はありません（0円）。)"])
