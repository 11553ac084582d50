"""Acceptance cases, the twenty-first held-out set: written apart from the gates, to be measured only for its aggregate figures.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy; while it is held out, it is measured only for its aggregate figures, never read case by case. Run: ``python -m
benchmarks.acceptance --cases benchmarks.cases_holdout21``. The cases are written as a capable model writes its answers
(legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``
(the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``q21_``. About
three quarters of the questions are in English; the rest are in Norwegian (bokmål), Maltese, Nepali and Uzbek, and the
answers write numbers, dates and money as those locales do.

Size: 44 legitimate answers covering all 33 legitimate classes (one to three each) and 34 invented or misread ones
covering all 29 invented classes (one or two each).

Before it was handed over, each case was built and its replies' code (and the code of its ``after`` turns) run in a
plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls), only to check
that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's look and parse steps, as the ``with_*`` helpers do); every invented figure
or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Norwegian avalanche observers' register for the winter
2023/24 (a frame with Norwegian column names, days written ``5. mars 2024``, wind as text with a decimal comma, air
temperatures below zero, a double registration and ``korrigert`` rows at the end that replace earlier observations), a
Maltese fireworks factory's festa season 2024 as a dict of three tables to join (clubs, products with their net
explosive mass in grams, orders dated ``15 ta' Awwissu 2024`` with cancelled ones), an Annapurna trekking checkpost
register for October and November 2024 as CSV text (``dd-mm-yyyy`` dates, the same permit seen at several checkposts,
fees as text like ``NPR 9,000`` collected only at the first, blank porter counts, a line scanned twice), and a Rishton
ceramics workshop's kiln book for the first half of 2024 as an Uzbek markdown document (rules, a firing table with
``05.03.2024`` dates, decimal commas, a year-to-date gas column and a correction note under the table). Each frame
builder returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import csv
import functools
import io
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
# -- a Norwegian avalanche observers' register, winter 2023/24 -----------------------------------------------------
NO_MONTHS = ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november",
             "desember"]
NO_REGIONS = {"Lyngen": .24, "Tromsø": .22, "Lofoten og Vesterålen": .17, "Sunnmøre": .21, "Indre Sogn": .16}
NO_OBSERVERS = ["Ingrid Solberg", "Ola Haugen", "Siri Berg", "Tor Lie", "Marit Dahl", "Eirik Moen", "Kari Strand"]


def skred() -> pd.DataFrame:
    return _skred().copy()


@functools.lru_cache(maxsize=1)
def _skred(seed: int = 2101) -> pd.DataFrame:
    """Field observations from 1 December 2023 to 30 April 2024: region, day (Norwegian text), air temperature (°C),
    new snow in 24 h (cm, sometimes not measured), wind (m/s, text with a decimal comma), danger level (1-5),
    avalanches seen and the largest size. One observation is registered twice; three ``korrigert`` rows at the end
    replace earlier observations (same id)."""
    rng = np.random.default_rng(seed)
    n = 300
    days = pd.Timestamp("2023-12-01") + pd.to_timedelta(np.sort(rng.integers(0, 152, n)), unit="D")
    region = rng.choice(list(NO_REGIONS), n, p=list(NO_REGIONS.values()))
    north = np.isin(region, ["Lyngen", "Tromsø"])
    month_cold = {12: -7.0, 1: -10.5, 2: -9.0, 3: -5.5, 4: -1.5}
    temp = np.array([month_cold[d.month] for d in days]) - np.where(north, 3.0, 0.0) + rng.normal(0, 3.2, n)
    snow = np.round(rng.gamma(1.4, 9.0, n) * np.where(np.isin(region, ["Lyngen", "Sunnmøre"]), 1.3, 1.0), 0)
    wind = np.round(np.clip(rng.gamma(3.0, 3.2, n), 0.5, 31), 1)
    month_risk = {12: 0.3, 1: 0.6, 2: 0.7, 3: 0.5, 4: -0.6}
    danger = np.clip(np.round(1.6 + snow / 14 + wind / 12 + np.array([month_risk[d.month] for d in days])
                              + np.where(region == "Lyngen", 0.4, 0.0) + rng.normal(0, 0.45, n)), 1, 5).astype(int)
    seen = rng.poisson(np.clip(snow / 9 + (danger - 1) * 0.6, 0.1, None))
    size = np.where(seen > 0, np.clip(np.round(1 + danger * 0.45 + rng.normal(0, 0.5, n)), 1, 5), np.nan)
    snow = snow.astype(float)
    snow[rng.random(n) < 0.1] = np.nan
    frame = pd.DataFrame({
        "obs_id": [f"SK-{1001 + i}" for i in range(n)],
        "dato": [f"{d.day}. {NO_MONTHS[d.month - 1]} {d.year}" for d in days],
        "region": region, "observatør": rng.choice(NO_OBSERVERS, n),
        "lufttemp_c": temp.round(1), "nysnø_cm": snow, "vind_ms": [f"{w:.1f}".replace(".", ",") for w in wind],
        "faregrad": danger, "skred_observert": seen, "største_str": size, "merknad": "",
    })
    dup = frame.iloc[[137]]
    fixes = frame.iloc[[42, 118, 233]].copy()
    fixes["skred_observert"] = [fixes.skred_observert.iloc[0] + 6, fixes.skred_observert.iloc[1] + 4, 0]
    fixes["største_str"] = [3.0, 3.0, np.nan]
    fixes["merknad"] = "korrigert"
    return pd.concat([frame.iloc[:138], dup, frame.iloc[138:], fixes], ignore_index=True)


# -- a Maltese fireworks factory's festa season 2024 (a dict of three tables) -------------------------------------
MT_MONTHS = ["Jannar", "Frar", "Marzu", "April", "Mejju", "Ġunju", "Lulju", "Awwissu", "Settembru", "Ottubru",
             "Novembru", "Diċembru"]


def nar() -> dict[str, pd.DataFrame]:
    return {name: frame.copy() for name, frame in _nar().items()}


@functools.lru_cache(maxsize=1)
def _nar(seed: int = 2102) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    klijenti = pd.DataFrame({
        "klijent_id": [f"K{i:02d}" for i in range(1, 10)],
        "isem": ["Għaqda tan-Nar San Filep", "Soċjetà Mużikali Santa Marija", "Għaqda tal-Murtali Madonna tal-Karmnu",
                 "Każin tal-Banda San Ġużepp", "Għaqda tan-Nar Santa Katarina", "Soċjetà Filarmonika Santa Margerita",
                 "Għaqda Piroteknika San Ġorġ", "Każin Preżentazzjoni", "Għaqda tan-Nar Santa Marija"],
        "lokalità": ["Żebbuġ", "Mqabba", "Żurrieq", "Qrendi", "Żurrieq", "Nadur", "Qormi", "Għargħur", "Mqabba"],
    })
    prodotti = pd.DataFrame({
        "kodiċi": ["MT150", "MT200", "MT250", "BRQ", "KXX", "RDN", "SWR", "GIR", "XMR", "KRN"],
        "deskrizzjoni": ["Murtal 150 mm", "Murtal 200 mm", "Murtal 250 mm", "Beraq (kaxxa ta' 50)", "Kaxxa tal-kulur",
                         "Rdied (bukkett)", "Swar (100 m)", "Ġirandola", "Xmara (kaxxa)", "Kurunella"],
        "kalibru_mm": [150, 200, 250, 30, 75, 50, 0, 0, 100, 0],
        "nem_g": [620, 1450, 2800, 900, 1600, 350, 1200, 2100, 1900, 480],
        "prezz_eur": [85.0, 190.0, 360.0, 45.0, 120.0, 28.5, 65.0, 240.0, 150.0, 55.0],
    })
    n = 170
    month_p = np.array([.08, .14, .27, .33, .18])  # May to September
    month = rng.choice([5, 6, 7, 8, 9], n, p=month_p)
    day = [int(rng.integers(1, 31 if m in (6, 9) else 32)) for m in month]
    dates = sorted(pd.Timestamp(2024, m, d) for m, d in zip(month, day, strict=True))
    ordnijiet = pd.DataFrame({
        "ordni_nru": [f"O-24{i:03d}" for i in range(1, n + 1)],
        "klijent_id": rng.choice(klijenti.klijent_id, n, p=[.14, .16, .1, .12, .09, .08, .13, .07, .11]),
        "kodiċi": rng.choice(prodotti.kodiċi, n, p=[.18, .12, .05, .14, .12, .13, .08, .05, .07, .06]),
        "kwantità": rng.choice([2, 4, 6, 8, 10, 12, 20, 24], n, p=[.1, .18, .2, .16, .14, .1, .07, .05]),
        "data": [f"{d.day} ta' {MT_MONTHS[d.month - 1]} {d.year}" for d in dates],
        "status": np.where(rng.random(n) < 0.09, "ikkanċellat", "ikkonsenjat"),
    })
    return {"klijenti": klijenti, "prodotti": prodotti, "ordnijiet": ordnijiet}


# -- an Annapurna trekking checkpost register, October and November 2024 (CSV text) --------------------------------
NATIONS = {"United Kingdom": .13, "USA": .14, "Germany": .12, "France": .1, "Israel": .09, "India": .08, "China": .1,
           "Australia": .08, "Netherlands": .07, "Japan": .05, "Sri Lanka": .04}
SAARC = {"India", "Sri Lanka"}
ROUTES = [["Nayapul", "Ghandruk", "Chhomrong"], ["Nayapul", "Ghorepani", "Tadapani", "Ghandruk"],
          ["Phedi", "Chhomrong"], ["Nayapul", "Ghorepani"]]


@functools.lru_cache(maxsize=2)
def register(seed: int = 2103) -> str:
    """One line per group passing a checkpost, in the order written: the same permit is seen at each checkpost of its
    route; the ACAP fee (NPR 3,000 a head, NPR 1,000 for SAARC nationals) is taken at the first checkpost only, as text
    like ``NPR 9,000``; porters are sometimes left blank; one line was scanned twice."""
    rng = np.random.default_rng(seed)
    rows = []
    for k in range(230):
        start = pd.Timestamp("2024-10-01") + pd.Timedelta(days=int(min(60, rng.gamma(2.2, 9.5))))
        start += pd.Timedelta(minutes=int(rng.integers(6 * 60 + 30, 15 * 60)))
        nation = str(rng.choice(list(NATIONS), p=list(NATIONS.values())))
        size = int(rng.choice([1, 2, 2, 3, 4, 5, 6, 8, 12]))
        porters = int(rng.integers(0, size + 1)) if rng.random() < 0.8 else None
        route = ROUTES[int(rng.choice(4, p=[.35, .3, .15, .2]))]
        when = start
        for i, post in enumerate(route):
            if i:
                when = (when.normalize() + pd.Timedelta(days=int(rng.integers(1, 3)))
                        + pd.Timedelta(minutes=int(rng.integers(7 * 60, 16 * 60))))
            fee = f"NPR {size * (1000 if nation in SAARC else 3000):,}" if i == 0 else ""
            rows.append((when, post, f"AC{24500 + k}", nation, size, "" if porters is None else str(porters), fee))
    rows.sort(key=lambda r: r[0])
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["entry_date", "time", "checkpost", "permit_no", "nationality", "group_size", "porters", "fee_npr"])
    for i, (when, post, permit, nation, size, porters, fee) in enumerate(rows):
        line = [f"{when:%d-%m-%Y}", f"{when:%H:%M}", post, permit, nation, size, porters, fee]
        out.writerow(line)
        if i == 301:
            out.writerow(line)  # scanned twice
    return buf.getvalue().rstrip("\n")


# -- a Rishton ceramics workshop's kiln book, January to June 2024 (Uzbek markdown) --------------------------------
REASONS = ["yoriq", "sir oqdi", "portladi", "qiyshaydi"]
KILNS = {"1-pech": .38, "2-pech": .36, "3-pech": .26}


@functools.lru_cache(maxsize=1)
def _firings(seed: int = 2104) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    days = pd.Timestamp("2024-01-04") + pd.to_timedelta(np.sort(rng.choice(np.arange(0, 178), 72, replace=False)), unit="D")
    kiln = rng.choice(list(KILNS), 72, p=list(KILNS.values()))
    loaded = rng.choice([80, 96, 110, 120, 140, 160], 72)
    cold = np.array([{1: .055, 2: .045, 3: .02, 4: .008, 5: .0, 6: -.005}[d.month] for d in days])
    rate = np.clip(0.035 + cold + np.where(kiln == "3-pech", 0.03, 0.0) + rng.normal(0, 0.015, 72), 0, None)
    broken = np.round(loaded * rate).astype(int)
    gas = np.round(loaded * rng.uniform(2.9, 3.6, 72) + np.where(kiln == "3-pech", 40, 0) + cold * 900, 1)
    peak = np.round(rng.normal(1010, 18, 72) + np.where(kiln == "3-pech", 14, 0)).astype(int)
    reason = [str(rng.choice(REASONS, p=[.42, .26, .14, .18])) if b > 0 else "—" for b in broken]
    return pd.DataFrame({"nr": range(1, 73), "sana": days, "pech": kiln, "yuklangan": loaded, "singan": broken,
                         "gaz_m3": gas, "harorat": peak, "izoh": reason})


KILN_FIX = (14, 19)  # firing no. 14: 19 broken, not the figure written in the table


def uz(x: float, decimals: int = 1) -> str:
    """Uzbek digits: a space for thousands and a decimal comma, ``1 234,5``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


@functools.lru_cache(maxsize=1)
def kiln_book() -> str:
    f = _firings()
    cum = f.gaz_m3.cumsum().round(1)
    rows = "\n".join(
        f"| {r.nr} | {r.sana:%d.%m.%Y} | {r.pech} | {r.yuklangan} | {r.singan} | {uz(r.gaz_m3)} | {uz(c)} | {r.harorat} | {r.izoh} |"
        for r, c in zip(f.itertuples(), cum, strict=True))
    return f"""# "Usto Alisher" kulolchilik ustaxonasi, Rishton — pishirish daftari, 2024-yil 1-yarmi

Daftarni usta Alisher Nazirov yuritadi. Yangilangan: 01.07.2024.

## 1. Qoidalar

- Pechning eng yuqori harorati **1 050 °C** dan oshmasligi kerak; undan yuqorisida ishqorli sir oqib ketadi.
- Bir pishirishda singan buyumlar ulushi **8%** gacha bo'lsa, me'yorda hisoblanadi; undan oshsa, usta sababini yozadi.
- Tabiiy gaz narxi: **1 m³ uchun 1 650 so'm** (2024-yil 1-yanvardan).
- Pechlar: 1-pech va 2-pech yangi (2022), 3-pech eski (2009), har oyda tekshiriladi.
- Sotuv narxi: bitta lagan **85 000 so'm**, bitta kosa **28 000 so'm**.

## 2. Pishirish jurnali

Gaz m³ da, kasr vergul bilan yozilgan; "Yil boshidan" ustuni — yil boshidan beri jami gaz.

| № | Sana | Pech | Yuklangan, dona | Singan, dona | Gaz, m³ | Yil boshidan, m³ | Maks. harorat, °C | Izoh |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
{rows}

**Tuzatish (03.07.2024):** 14-pishirishda singan buyumlar soni noto'g'ri yozilgan: {f.singan[13]} emas, {KILN_FIX[1]} ta.

## 3. Izohlar

Singan buyum sababi "Izoh" ustunida: yoriq, sir oqdi, portladi yoki qiyshaydi; "—" — singan yo'q.
"""


# -- locale helpers -------------------------------------------------------------------------------------------------
def nb(x: float, decimals: int = 1) -> str:
    """Norwegian digits: a space for thousands and a decimal comma, ``1 234,5``; a minus sign stays a hyphen."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


NE_DIGITS = str.maketrans("0123456789", "०१२३४५६७८९")
NE_DAYS = {"Sunday": "आइतबार", "Monday": "सोमबार", "Tuesday": "मंगलबार", "Wednesday": "बुधबार", "Thursday": "बिहीबार",
           "Friday": "शुक्रबार", "Saturday": "शनिबार"}


def ne(x: float, decimals: int = 0) -> str:
    """Nepali digits with lakh grouping: ``१२,३४,५६७``."""
    whole, _, frac = f"{abs(x):.{decimals}f}".partition(".")
    head, tail = whole[:-3], whole[-3:]
    parts = []
    while len(head) > 2:
        parts.insert(0, head[-2:])
        head = head[:-2]
    if head:
        parts.insert(0, head)
    text = ",".join([*parts, tail]) + (f".{frac}" if frac else "")
    return ("-" if x < 0 else "") + text.translate(NE_DIGITS)


def eur(x: float, decimals: int = 2) -> str:
    """Maltese (and English) money: ``€1,234.50``."""
    return f"{'-' if x < 0 else ''}€{abs(x):,.{decimals}f}"


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
SKRED_LOOK = repl("print(skred.shape)\nprint(skred.head(8).to_string())\nprint(skred.dtypes)\nprint(skred.merknad.value_counts())",
                  "Norwegian column names; the rows, the types and the remarks column first.")
SKRED_PARSE = (
    "import pandas as pd\n"
    "mnd = {'desember': 12, 'januar': 1, 'februar': 2, 'mars': 3, 'april': 4}\n"
    "print(skred.obs_id.duplicated().sum(), (skred.merknad == 'korrigert').sum())\n"
    "obs = skred.drop_duplicates('obs_id', keep='last').copy()  # the double registration and the korrigert rows replace earlier ones\n"
    "d = obs.dato.str.extract(r'(\\d+)\\. (\\w+) (\\d{4})')\n"
    "obs['dag'] = pd.to_datetime(pd.DataFrame({'year': d[2].astype(int), 'month': d[1].map(mnd), 'day': d[0].astype(int)}))\n"
    "obs['vind'] = obs.vind_ms.str.replace(',', '.', regex=False).astype(float)  # '12,5' -> 12.5 m/s\n"
    "obs = obs.sort_values(['dag', 'obs_id']).reset_index(drop=True)\n"
    "obs['mnd'] = obs.dag.dt.to_period('M')\n"
    "print(len(skred), len(obs))\nprint(obs[['obs_id', 'dag', 'region', 'faregrad', 'skred_observert']].head())")
PARSE_SKRED = repl(SKRED_PARSE, "Days are Norwegian text ('5. mars 2024') and wind has a decimal comma; a korrigert row replaces the earlier one with its id.")

NAR_LOOK = repl("for name, t in nar.items():\n    print(name, t.shape)\n    print(t.head().to_string())",
                "A dict of three tables with Maltese names; a look at each.")
NAR_PARSE = (
    "import pandas as pd\n"
    "xhur = {'Mejju': 5, 'Ġunju': 6, 'Lulju': 7, 'Awwissu': 8, 'Settembru': 9}\n"
    "o = nar['ordnijiet'].merge(nar['prodotti'], on='kodiċi', how='left').merge(nar['klijenti'], on='klijent_id', how='left')\n"
    "p = o.data.str.extract(r\"(\\d+) ta' (\\S+) (\\d{4})\")\n"
    "o['jum'] = pd.to_datetime(pd.DataFrame({'year': p[2].astype(int), 'month': p[1].map(xhur), 'day': p[0].astype(int)}))\n"
    "o['valur'] = o['kwantità'] * o.prezz_eur\n"
    "ok = o[o.status == 'ikkonsenjat'].copy()  # delivered orders; the cancelled ones are left out\n"
    "print(o.shape, len(ok))\nprint(o.status.value_counts())")
PARSE_NAR = repl(NAR_PARSE, "Joining orders to products and clubs; dates are Maltese text (\"15 ta' Awwissu 2024\"), and some orders were cancelled.")

TREK_LOOK = repl("print(register[:700])\nprint(register.count('\\n'))", "A CSV export of the checkpost register; the header and the first lines.")
TREK_PARSE = (
    "import io\nimport pandas as pd\n"
    "tr = pd.read_csv(io.StringIO(register), dtype={'permit_no': str, 'porters': 'Int64'})\n"
    "print(len(tr), tr.duplicated().sum())\n"
    "tr = tr.drop_duplicates().reset_index(drop=True)  # one line was scanned twice\n"
    "tr['when'] = pd.to_datetime(tr.entry_date + ' ' + tr.time, format='%d-%m-%Y %H:%M')  # day first\n"
    "tr['fee'] = pd.to_numeric(tr.fee_npr.str.replace('NPR', '', regex=False).str.replace(',', '', regex=False), errors='coerce')\n"
    "groups = tr[tr.fee.notna()].copy()  # one row per permit: its first checkpost, where the fee is taken\n"
    "print(len(tr), tr.permit_no.nunique(), len(groups))")
PARSE_TREK = repl(TREK_PARSE, "Dates are dd-mm-yyyy; a permit shows up at every checkpost on its route, and the fee only at the first.")

KILN_LOOK = repl("print(len(kitob))\nprint(kitob[:1600])", "An Uzbek markdown kiln book; the rules and the head of the table.")
KILN_PARSE = (
    "import re\nimport pandas as pd\n"
    "rows = [[c.strip() for c in l.strip().strip('|').split('|')] for l in kitob.splitlines() if re.match(r'\\| \\d+ \\|', l)]\n"
    "f = pd.DataFrame(rows, columns=['nr', 'sana', 'pech', 'yuklangan', 'singan', 'gaz', 'jami_gaz', 'harorat', 'izoh'])\n"
    "for c in ['yuklangan', 'singan', 'gaz', 'jami_gaz', 'harorat']:\n"
    "    f[c] = f[c].str.replace(' ', '', regex=False).str.replace(',', '.', regex=False).astype(float)  # '1 037,6'\n"
    "f['nr'] = f.nr.astype(int)\n"
    "f['sana'] = pd.to_datetime(f.sana, format='%d.%m.%Y')\n"
    "fix = re.search(r'(\\d+)-pishirishda .*?: (\\d+) emas, (\\d+) ta', kitob)\n"
    "f.loc[f.nr == int(fix.group(1)), 'singan'] = float(fix.group(3))  # the correction note under the table\n"
    "f['ulush'] = f.singan / f.yuklangan\n"
    "print(len(f), fix.groups())\nprint(f.head())")
PARSE_KILN = repl(KILN_PARSE, "Reading the markdown table (decimal commas, dd.mm.yyyy) and applying the correction note under it.")


def with_skred(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An avalanche case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"skred": skred()}
    return ctx, compute({"skred": skred()}, SKRED_PARSE + "\n" + code)


def with_nar(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"nar": nar()}
    return ctx, compute({"nar": nar()}, NAR_PARSE + "\n" + code)


def with_trek(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"register": register()}
    return ctx, compute(ctx, TREK_PARSE + "\n" + code)


def with_kiln(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"kitob": kiln_book()}
    return ctx, compute(ctx, KILN_PARSE + "\n" + code)


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
REASONS_PROMPT = "Group these kiln-log rows by the breakage reason and count the firings and the broken pieces for each.\n\n"


def sub_model() -> RuleBasedSubModel:
    def reasons(_: re.Match[str], request: ChatRequest) -> str:
        found = re.findall(r"^(\d+) \| (\d+) \| (.+)$", request.last_user, re.MULTILINE)
        groups: dict[str, list[int]] = {}
        for _nr, broken, why in found:
            if why.strip() != "—" and int(broken) > 0:
                groups.setdefault(why.strip(), []).append(int(broken))
        ranked = sorted(groups.items(), key=lambda kv: (-sum(kv[1]), kv[0]))
        total = sum(sum(v) for v in groups.values())
        return (f"{sum(len(v) for v in groups.values())} firings had breakage, {total} pieces in all. "
                + "; ".join(f"{why}: {len(v)} firings, {sum(v)} pieces" for why, v in ranked) + ".")

    return RuleBasedSubModel([(r"\AGroup these kiln-log rows", reasons)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the avalanche register -----------------------------------------------------------------------------------------
@case("q21_snow_describe", "describe() statistic", "legit", "How much new snow do the observers usually report in a day?")
def _snow_describe() -> Script:
    code = "sn = obs['nysnø_cm'].describe().round(1)\nprint(sn)"
    ctx, ns = with_skred(code)
    d = ns["sn"]
    final = (f"FINAL(Usually not much: the median observation has {d['50%']:.0f} cm of new snow in 24 hours, and half of them "
             f"fall between {d['25%']:.0f} and {d['75%']:.0f} cm. The mean is higher, {d['mean']} cm, pulled up by a few big "
             f"dumps (the largest was {d['max']:.0f} cm). That is over the {d['count']:.0f} observations where snow was measured.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(sn[['count', 'mean', '25%', '50%', '75%', 'max']])"), final])


@case("q21_wind_range_nb", "range from min to max", "legit", "Hvor sterk var vinden i observasjonene i vinter, fra svakest til sterkest?")
def _wind_range() -> Script:
    code = "print(obs.vind.min(), obs.vind.max())\nprint(obs.loc[obs.vind.idxmax(), ['dag', 'region']])"
    ctx, ns = with_skred(code)
    o = ns["obs"]
    top = o.loc[o.vind.idxmax()]
    final = (f"FINAL(Vinden varierte fra {nb(o.vind.min())} m/s til {nb(o.vind.max())} m/s. Den sterkeste ble målt i "
             f"{top.region} {top.dag.day}. {NO_MONTHS[top.dag.month - 1]} {top.dag.year}.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(obs.vind.agg(['min', 'max']))"), final])


@case("q21_coldest_reading", "negative figure", "legit", "What was the coldest air temperature any observer logged this winter?")
def _coldest() -> Script:
    code = "kald = obs.loc[obs.lufttemp_c.idxmin()]\nprint(kald[['obs_id', 'dag', 'region', 'observatør', 'lufttemp_c']])"
    ctx, ns = with_skred(code)
    k = ns["kald"]
    assert k.lufttemp_c < -15
    final = (f"FINAL({k.lufttemp_c} °C, logged by {k['observatør']} in {k.region} on {k.dag.day} {k.dag:%B %Y} "
             f"(observation {k.obs_id}).)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(obs.lufttemp_c.min())"), final])


@case("q21_obs_per_region", "count off value_counts", "legit", "How many observations came in from each region?")
def _obs_per_region() -> Script:
    code = "per = obs.region.value_counts()\nprint(per)\nprint(per.sum())"
    ctx, ns = with_skred(code)
    p = ns["per"]
    final = ("FINAL(" + ", ".join(f"{r}: {n}" for r, n in p.items()) + f". That is {p.sum()} observations in all, once the "
             "double registration is dropped and the corrected rows replace the originals.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(per.to_dict())"), final])


@case("q21_season_submit", "DSPy SUBMIT fields", "legit",
      "Summarise the season's register: number of observations, avalanches seen in total, the largest size and the share at danger level 4 or above.")
def _season_submit() -> Script:
    code = "print(len(obs), obs.skred_observert.sum(), obs['største_str'].max(), round((obs.faregrad >= 4).mean(), 3))"
    ctx, _ = with_skred(code)
    submit = repl("SUBMIT(observations=len(obs), avalanches=int(obs.skred_observert.sum()),\n"
                  "       largest_size=int(obs['største_str'].max()), share_level_4_plus=round(float((obs.faregrad >= 4).mean()), 3))",
                  "Korrigert rows applied and the duplicate dropped.")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), submit], [repl("print(len(obs), int(obs.skred_observert.sum()))"), submit])


@case("q21_snow_avalanche_corr", "correlation or fitted statistic", "legit", "Do days with more new snow come with more avalanches?")
def _snow_corr() -> Script:
    code = ("m = obs.dropna(subset=['nysnø_cm'])\nr = m['nysnø_cm'].corr(m.skred_observert)\n"
            "import numpy as np\nslope = np.polyfit(m['nysnø_cm'], m.skred_observert, 1)[0]\nprint(round(r, 2), round(slope * 10, 2), len(m))")
    ctx, ns = with_skred(code)
    r, slope = ns["r"], ns["slope"]
    assert r > 0.5
    final = (f"FINAL(Yes, clearly. Across the {len(ns['m'])} observations with a snow measurement, new snow and avalanches seen "
             f"correlate at r = {r:.2f}; a straight-line fit adds about {slope * 10:.2f} avalanches for every 10 cm of new snow.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(round(r, 2), round(slope * 10, 2))"), final])


@case("q21_most_avalanches_sorted", "top row of a sorted table named the maximum", "legit", "Which region saw the most avalanches?")
def _most_avalanches() -> Script:
    code = ("per_reg = obs.groupby('region').agg(skred=('skred_observert', 'sum'), obs=('obs_id', 'size'))\n"
            "print(per_reg.sort_values('skred', ascending=False))")
    ctx, ns = with_skred(code)
    p = ns["per_reg"].sort_values("skred", ascending=False)
    final = (f"FINAL({p.index[0]}, with {p.skred.iloc[0]} avalanches reported over {p.obs.iloc[0]} observations; "
             f"{p.index[1]} follows with {p.skred.iloc[1]}.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(per_reg.skred.idxmax(), per_reg.skred.max())"), final])


@case("q21_april_danger_trend", "trend sentence naming several labels", "legit",
      "How did the avalanche danger develop over the winter across the regions?")
def _danger_trend() -> Script:
    code = "fg = obs.pivot_table(index='region', columns='mnd', values='faregrad', aggfunc='mean').round(2)\nprint(fg)"
    ctx, ns = with_skred(code)
    fg = ns["fg"]
    cols = list(fg.columns)
    _dec, jan, feb, mar, apr = cols
    for reg in fg.index:
        assert fg.loc[reg, apr] < fg.loc[reg, mar] - 0.5
    assert all(fg[m].idxmax() == "Lyngen" for m in (_dec, feb, mar, apr)) and fg[jan].idxmax() == "Tromsø"
    assert all(fg[m].idxmin() == "Indre Sogn" for m in cols)
    final = (f"FINAL(Danger peaked in January and February and dropped everywhere in April. Lyngen was the most exposed region in "
             f"every month but January, when Tromsø edged it ({fg.loc['Tromsø', jan]} against {fg.loc['Lyngen', jan]}); Lyngen "
             f"averaged level {fg.loc['Lyngen', feb]} in February and was still at {fg.loc['Lyngen', apr]} in April. Tromsø went "
             f"from {fg.loc['Tromsø', jan]} in January to {fg.loc['Tromsø', apr]} in April, Sunnmøre from {fg.loc['Sunnmøre', jan]} to "
             f"{fg.loc['Sunnmøre', apr]}, and Indre Sogn, the calmest region, fell to {fg.loc['Indre Sogn', apr]}. Lofoten og "
             f"Vesterålen held near {fg.loc['Lofoten og Vesterålen', mar]} through March before easing to "
             f"{fg.loc['Lofoten og Vesterålen', apr]}.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(fg.to_string())"), final])


@case("q21_north_colder_nb", "two groups compared", "legit", "Er det kaldere i nord (Lyngen og Tromsø) enn i de sørlige regionene?")
def _north_colder() -> Script:
    code = ("obs['nord'] = obs.region.isin(['Lyngen', 'Tromsø'])\n"
            "t = obs.groupby('nord').lufttemp_c.agg(['mean', 'size']).round(1)\nprint(t)")
    ctx, ns = with_skred(code)
    t = ns["t"]
    n, s = t.loc[True, "mean"], t.loc[False, "mean"]
    assert n < s
    final = (f"FINAL(Ja. I Lyngen og Tromsø var snittemperaturen {nb(n)} °C ({int(t.loc[True, 'size'])} observasjoner), mot "
             f"{nb(s)} °C i de tre sørligere regionene ({int(t.loc[False, 'size'])} observasjoner), altså rundt "
             f"{nb(s - n)} grader kaldere i nord.)")
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(t['mean'].to_dict())"), final])


@case("q21_high_danger_share_nb", "X out of Y", "legit", "Hvor mange av observasjonene hadde faregrad 4 eller høyere?")
def _high_danger() -> Script:
    code = "hoy = int((obs.faregrad >= 4).sum())\nprint(hoy, len(obs), round(hoy / len(obs) * 100, 1))"
    ctx, ns = with_skred(code)
    h, n = ns["hoy"], len(ns["obs"])
    final = f"FINAL({h} av {n} observasjoner, det vil si {nb(h / n * 100)} %, hadde faregrad 4 (stor) eller 5 (meget stor).)"
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(f'{hoy} av {len(obs)}')"), final])


@case("q21_mean_wind_nb", "value with a unit", "legit", "Hva var gjennomsnittlig vindstyrke i Lyngen?")
def _mean_wind() -> Script:
    code = "ly = obs[obs.region == 'Lyngen']\nprint(round(ly.vind.mean(), 1), len(ly))"
    ctx, ns = with_skred(code)
    ly = ns["ly"]
    final = f"FINAL(I snitt {nb(ly.vind.mean())} m/s i Lyngen, over {len(ly)} observasjoner.)"
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), final], [repl("print(round(ly.vind.mean(), 1), 'm/s')"), final])


# -- the fireworks factory -------------------------------------------------------------------------------------------
@case("q21_revenue_by_locality", "bullet list of figures", "legit", "Break down this season's delivered sales by village.")
def _by_locality() -> Script:
    code = "lok = ok.groupby('lokalità').valur.sum().sort_values(ascending=False)\nprint(lok)\nprint(lok.sum())"
    ctx, ns = with_nar(code)
    lok = ns["lok"]
    final = ("FINAL(Delivered orders, May to September 2024:\n" + "\n".join(f"- {k}: {eur(v)}" for k, v in lok.items())
             + f"\n\nTotal {eur(lok.sum())}; cancelled orders are not counted.)")
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(lok.to_string())"), final])


@case("q21_july_august_change", "period-over-period change", "legit", "How much did sales grow from July to August?")
def _jul_aug() -> Script:
    code = ("xahar = ok.groupby(ok.jum.dt.month).valur.sum()\nprint(xahar)\n"
            "print(xahar[8] - xahar[7], round((xahar[8] / xahar[7] - 1) * 100, 1))")
    ctx, ns = with_nar(code)
    x = ns["xahar"]
    assert x[8] > x[7]
    final = (f"FINAL(August brought in {eur(x[8])} against {eur(x[7])} in July: {eur(x[8] - x[7])} more, a rise of "
             f"{(x[8] / x[7] - 1) * 100:.1f}%. August, with Santa Marija, is the peak of the season.)")
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(xahar[7], xahar[8], round((xahar[8] / xahar[7] - 1) * 100, 1))"), final])


@case("q21_explosive_mass_sig", "significant figures", "legit", "Roughly how much explosive did we ship this season?")
def _nem_sig() -> Script:
    code = "ok['nem_kg'] = ok['kwantità'] * ok.nem_g / 1000\nkg = ok.nem_kg.sum()\nprint(kg)"
    ctx, ns = with_nar(code)
    kg = ns["kg"]
    final = (f"FINAL(About {kg / 1000:.1f} tonnes of net explosive mass ({kg:,.0f} kg to the kilo) went out in the delivered "
             "orders.)")
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(round(kg / 1000, 1), round(kg))"), final])


@case("q21_biggest_club_join", "joined tables", "legit", "Which club spent the most with us, and where is it from?")
def _biggest_club() -> Script:
    code = "klubb = ok.groupby(['isem', 'lokalità']).valur.sum().sort_values(ascending=False)\nprint(klubb.head(3))"
    ctx, ns = with_nar(code)
    k = ns["klubb"]
    (name, place), v = k.index[0], k.iloc[0]
    final = f"FINAL({name} from {place}: {eur(v)} of delivered fireworks this season, ahead of {k.index[1][0]} ({eur(k.iloc[1])}).)"
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(klubb.index[0], klubb.iloc[0])"), final])


@case("q21_per_club_dict", "FINAL_VAR of a dict or frame", "legit", "Give me, per club, the number of delivered orders and their value, as a dict.")
def _per_club_dict() -> Script:
    code = ("per_klubb = {isem: {'ordnijiet': int(len(g)), 'valur_eur': round(float(g.valur.sum()), 2)}\n"
            "             for isem, g in ok.groupby('isem')}\nprint(per_klubb)")
    ctx, _ = with_nar(code)
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), "FINAL_VAR(per_klubb)"], [repl("print(len(per_klubb))"), "FINAL_VAR(per_klubb)"])


@case("q21_murtali_in_head", "in-head arithmetic beyond two operands", "legit", "How many aerial shells (murtali) of all three sizes did we deliver?")
def _murtali_head() -> Script:
    code = "q = ok.groupby('deskrizzjoni')['kwantità'].sum()\nprint(q)"
    ctx, ns = with_nar(code)
    q = ns["q"]
    a, b, c = q["Murtal 150 mm"], q["Murtal 200 mm"], q["Murtal 250 mm"]
    final = f"FINAL({a + b + c} shells: {a} of 150 mm, {b} of 200 mm and {c} of 250 mm.)"
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final],
                  [repl("print(q[['Murtal 150 mm', 'Murtal 200 mm', 'Murtal 250 mm']].sum())"), final])


@case("q21_top_product_selection", "selection printed right after its table", "legit", "Which product earned us the most this season?")
def _top_product() -> Script:
    code = ("prod = ok.groupby(['kodiċi', 'deskrizzjoni']).valur.sum().sort_values(ascending=False)\nprint(prod)\n"
            "best = prod.index[0]\nprint(best, prod.iloc[0])")
    ctx, ns = with_nar(code)
    p = ns["prod"]
    (code_, desc), v = p.index[0], p.iloc[0]
    final = f"FINAL(The {desc} ({code_}), with {eur(v)} in delivered orders, about {v / p.sum():.0%} of the season's sales.)"
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(best, prod.iloc[0], round(prod.iloc[0] / prod.sum(), 2))"), final])


@case("q21_mqabba_zurrieq_mt", "two groups compared", "legit", "Il-klabbs ta' Mqabba nefqu aktar minn dawk taż-Żurrieq?")
def _mqabba_zurrieq() -> Script:
    code = ("kmp = ok[ok['lokalità'].isin(['Mqabba', 'Żurrieq'])].groupby('lokalità').agg(valur=('valur', 'sum'), ordnijiet=('valur', 'size'))\n"
            "print(kmp)")
    ctx, ns = with_nar(code)
    k = ns["kmp"]
    mq, zr = k.loc["Mqabba", "valur"], k.loc["Żurrieq", "valur"]
    assert zr > mq
    final = (f"FINAL(Le, ftit inqas: il-klabbs ta' Mqabba nefqu {eur(mq)} f'{k.loc['Mqabba', 'ordnijiet']} ordni, filwaqt li "
             f"dawk taż-Żurrieq nefqu {eur(zr)} f'{k.loc['Żurrieq', 'ordnijiet']} ordni, jiġifieri {eur(zr - mq)} aktar.)")
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(kmp.valur.to_dict(), kmp.valur['Żurrieq'] - kmp.valur['Mqabba'])"), final])


@case("q21_cancelled_in_august", "yes/no with evidence", "legit", "Were any orders cancelled during August?")
def _cancelled_august() -> Script:
    code = ("aw = o[(o.status == 'ikkanċellat') & (o.jum.dt.month == 8)]\n"
            "print(aw[['ordni_nru', 'data', 'deskrizzjoni', 'isem', 'valur']].to_string())")
    ctx, ns = with_nar(code)
    aw = ns["aw"]
    assert len(aw) == 4
    listed = "; ".join(f"{r.ordni_nru} on {r.data} ({r.deskrizzjoni}, {r.isem}, {eur(r.valur)})" for r in aw.itertuples())
    final = f"FINAL(Yes, {len(aw)} were: {listed}.)"
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(aw.ordni_nru.tolist())"), final])


# -- the trekking checkpost register ---------------------------------------------------------------------------------
@case("q21_checkpost_table", "markdown table in text", "legit", "Can you give me a table per checkpost: passes, trekkers and porters?")
def _checkpost_table() -> Script:
    code = ("tab = tr.groupby('checkpost').agg(passes=('permit_no', 'size'), trekkers=('group_size', 'sum'), porters=('porters', 'sum'))\n"
            "tab = tab.sort_values('passes', ascending=False)\nprint(tab)\nprint(tab.sum())")
    ctx, ns = with_trek(code)
    t = ns["tab"]
    rows = "\n".join(f"| {k} | {r.passes} | {r.trekkers} | {r.porters} |" for k, r in t.iterrows())
    final = ("FINAL(Checkpost passes, October and November 2024 (a group is counted at every checkpost it passes):\n\n"
             "| Checkpost | Passes | Trekkers | Porters (where written) |\n|---|---:|---:|---:|\n" + rows
             + "\n\nThe line scanned twice is counted once.)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(tab.to_string())"), final])


@case("q21_top5_nationalities", "top-N list by code", "legit", "Which five nationalities sent the most trekkers?")
def _top5_nations() -> Script:
    code = "nat = groups.groupby('nationality').group_size.sum().nlargest(5)\nprint(nat)"
    ctx, ns = with_trek(code)
    n = ns["nat"]
    final = ("FINAL(Counting each permit once, at its first checkpost:\n"
             + "\n".join(f"{i}. {k}: {v} trekkers" for i, (k, v) in enumerate(n.items(), 1)) + ")")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(nat.to_dict())"), final])


@case("q21_last_entry_line", "quoted log line or ID", "legit", "Show me the register line of the last group to enter the area.")
def _last_entry_line() -> Script:
    code = ("last = groups.loc[groups.when.idxmax()]\n"
            "line = next(l for l in register.splitlines() if l.startswith(f\"{last.entry_date},{last.time},\") and last.permit_no in l)\n"
            "print(line)")
    ctx, ns = with_trek(code)
    line, last = ns["line"], ns["last"]
    final = (f"FINAL(```\n{line}\n```\nPermit {last.permit_no}, a group of {last.group_size} from {last.nationality}, entered at "
             f"{last.checkpost} on {last.when:%-d %B %Y} at {last.when:%H:%M}.)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(line)"), final])


@case("q21_first_at_chhomrong", "date from a log timestamp", "legit", "When did the first group of the season reach Chhomrong?")
def _first_chhomrong() -> Script:
    code = "ch = tr[tr.checkpost == 'Chhomrong'].sort_values('when')\nprint(ch.head(3)[['entry_date', 'time', 'permit_no', 'nationality']])"
    ctx, ns = with_trek(code)
    f = ns["ch"].iloc[0]
    final = (f"FINAL(On {f.when:%A %-d %B %Y}, at {f.when:%H:%M}: permit {f.permit_no}, "
             f"{'a solo trekker' if f.group_size == 1 else f'a group of {f.group_size}'} from {f.nationality}.)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(ch.when.iloc[0])"), final])


@case("q21_busiest_weekday_ne", "week, weekday or time of day", "legit", "हप्ताको कुन बार सबैभन्दा धेरै समूहले पदयात्रा सुरु गरे?")
def _busiest_weekday() -> Script:
    code = "bar = groups.when.dt.day_name().value_counts()\nprint(bar)"
    ctx, ns = with_trek(code)
    b = ns["bar"]
    final = (f"FINAL({NE_DAYS[b.index[0]]}: {ne(b.iloc[0])} समूहले {NE_DAYS[b.index[0]]} प्रवेश गरे, त्यसपछि "
             f"{NE_DAYS[b.index[1]]} ({ne(b.iloc[1])} समूह)। सबैभन्दा कम {NE_DAYS[b.index[-1]]} ({ne(b.iloc[-1])} समूह)।)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(bar.idxmax(), bar.max())"), final])


@case("q21_fees_lakh_ne", "locale number abbreviation", "legit", "यो सिजनमा प्रवेश शुल्क कति उठ्यो?")
def _fees_lakh() -> Script:
    code = "jamma = groups.fee.sum()\nprint(jamma, len(groups))"
    ctx, ns = with_trek(code)
    j = ns["jamma"]
    final = (f"FINAL(करिब रु. {ne(j / 1e5, 1)} लाख (रु. {ne(j)}) — अक्टोबर-नोभेम्बरमा ({ne(len(ns['groups']))} अनुमतिपत्र) "
             "पहिलो चेकपोस्टमा उठेको प्रवेश शुल्क।)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(round(jamma / 1e5, 1), 'lakh')"), final])


@case("q21_permit_duration", "log or version-control timestamps", "legit",
      "How long did permit AC24516 take from its first checkpost to its last?")
def _permit_duration() -> Script:
    code = ("p = tr[tr.permit_no == 'AC24516'].sort_values('when')\nprint(p[['entry_date', 'time', 'checkpost']])\n"
            "span = p.when.iloc[-1] - p.when.iloc[0]\nprint(span)")
    ctx, ns = with_trek(code)
    p, span = ns["p"], ns["span"]
    h, rem = divmod(int(span.total_seconds()) // 60, 60)
    final = (f"FINAL({span.days} days and {h - span.days * 24} hours {rem} minutes: it checked in at {p.checkpost.iloc[0]} on "
             f"{p.when.iloc[0]:%-d October at %H:%M} and at {p.checkpost.iloc[-1]} on {p.when.iloc[-1]:%-d October at %H:%M}.)")
    assert p.when.iloc[-1].month == 10
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(span, p.when.iloc[0], p.when.iloc[-1])"), final])


@case("q21_ghandruk_trekkers", "same label in two printed tables", "legit", "How many trekkers passed through Ghandruk?")
def _ghandruk_trekkers() -> Script:
    code = ("print('groups per checkpost:')\nprint(tr.checkpost.value_counts())\n"
            "print('trekkers per checkpost:')\nheads = tr.groupby('checkpost').group_size.sum().sort_values(ascending=False)\nprint(heads)")
    ctx, ns = with_trek(code)
    h, n = ns["heads"], ns["tr"].checkpost.value_counts()
    assert h["Ghandruk"] != n["Ghandruk"]
    final = (f"FINAL({h['Ghandruk']} trekkers, in {n['Ghandruk']} groups. Ghandruk is never a starting point here, so every one "
             "of them had already checked in at Nayapul.)")
    assert set(ns["groups"].checkpost) == {"Nayapul", "Phedi"}
    g_perm = set(ns["tr"][ns["tr"].checkpost == "Ghandruk"].permit_no)
    assert g_perm <= set(ns["groups"][ns["groups"].checkpost == "Nayapul"].permit_no)
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(heads['Ghandruk'])"), final])


@case("q21_group_size_describe", "describe() statistic", "legit", "What's a typical group size?")
def _group_describe() -> Script:
    code = "gs = groups.group_size.describe()\nprint(gs)"
    ctx, ns = with_trek(code)
    g = ns["gs"]
    final = (f"FINAL(Small: the median group is {g['50%']:.0f} people and the mean {g['mean']:.1f}; half the groups have "
             f"{g['25%']:.0f} to {g['75%']:.0f} people, from solo trekkers up to {g['max']:.0f}. That is over {g['count']:.0f} "
             "permits, each counted once.)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(gs[['count', 'mean', '25%', '50%', '75%', 'max']])"), final])


@case("q21_oct_nov_fees_ne", "period-over-period change", "legit", "अक्टोबरको तुलनामा नोभेम्बरमा शुल्क संकलन कति घट्यो?")
def _oct_nov() -> Script:
    code = "mahina = groups.groupby(groups.when.dt.month).fee.sum()\nprint(mahina)\nprint(mahina[11] - mahina[10], round((mahina[11] / mahina[10] - 1) * 100, 1))"
    ctx, ns = with_trek(code)
    m = ns["mahina"]
    assert m[11] < m[10]
    final = (f"FINAL(अक्टोबरमा रु. {ne(m[10])} उठेकोमा नोभेम्बरमा रु. {ne(m[11])} मात्र उठ्यो, अर्थात् रु. {ne(m[10] - m[11])} "
             f"({ne((1 - m[11] / m[10]) * 100, 1)} प्रतिशत) ले घट्यो।)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(mahina[10] - mahina[11], round((1 - mahina[11] / mahina[10]) * 100, 1))"), final])


# -- the kiln book ------------------------------------------------------------------------------------------------------
@case("q21_total_gas", "value with a unit", "legit", "How much gas did the kilns burn in the first half of the year?")
def _total_gas() -> Script:
    code = "gaz = round(f.gaz.sum(), 1)\nprint(gaz, f.jami_gaz.iloc[-1], len(f))"
    ctx, ns = with_kiln(code)
    g = ns["gaz"]
    final = f"FINAL({g:,.1f} m³ of natural gas over {len(ns['f'])} firings, January to June 2024.)"
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final], [repl("print(f'{gaz:,.1f} m³')"), final])


@case("q21_over_allowance", "X out of Y", "legit", "How many firings lost more than the 8% the workshop allows?")
def _over_allowance() -> Script:
    code = "oshgan = int((f.ulush > 0.08).sum())\nprint(oshgan, len(f))\nprint(f[f.ulush > 0.08].pech.value_counts())"
    ctx, ns = with_kiln(code)
    k, n = ns["oshgan"], len(ns["f"])
    vc = ns["f"][ns["f"].ulush > 0.08].pech.value_counts()
    final = (f"FINAL({k} of the {n} firings broke more than 8% of their load (after the correction to firing 14); "
             f"{vc.get('3-pech', 0)} of those were in the old 3-pech.)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final], [repl("print(f'{oshgan} / {len(f)}')"), final])


@case("q21_breakage_pattern", "qualitative over a full small table", "legit", "Is breakage getting better or worse over the half year, and is any kiln different?")
def _breakage_pattern() -> Script:
    code = ("oy = f.groupby([f.sana.dt.month, 'pech'])[['singan', 'yuklangan']].sum()\n"
            "jad = (oy.singan / oy.yuklangan * 100).round(1).unstack()\nprint(jad)\n"
            "jami = f.groupby(f.sana.dt.month)[['singan', 'yuklangan']].sum()\nprint((jami.singan / jami.yuklangan * 100).round(1))")
    ctx, ns = with_kiln(code)
    j = ns["jami"]
    rate = (j.singan / j.yuklangan * 100).round(1)
    assert rate[1] > 9 and rate[2] > 9 and rate[6] < rate[3] < rate[1]
    per = ns["f"].groupby("pech")[["singan", "yuklangan"]].sum()
    pr = (per.singan / per.yuklangan * 100).round(1)
    assert pr.idxmax() == "3-pech"
    final = (f"FINAL(Better: breakage was worst in the cold months, {rate[1]}% of pieces in January and {rate[2]}% in February, "
             f"then fell to {rate[3]}% in March and kept easing to {rate[6]}% by June. The old 3-pech is the odd one out: it "
             f"breaks {pr['3-pech']}% of its load over the half year against {pr['1-pech']}% and {pr['2-pech']}% for the two newer "
             "kilns.)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final],
                  [repl("print((jami.singan / jami.yuklangan * 100).round(1).to_dict())\nprint(jad.to_string())"), final])


@case("q21_answer_worst_firing_uz", "answer-dict dialect", "legit", "Qaysi pishirishda eng ko'p buyum singan?")
def _answer_worst() -> Script:
    code = ("w = f.loc[f.singan.idxmax()]\nprint(f.sort_values('singan', ascending=False).head(3)[['nr', 'sana', 'pech', 'singan', 'yuklangan']])\n"
            "foiz = str(round(w.ulush * 100, 1)).replace('.', ',')\n"
            "answer = {'content': f\"{w.nr}-pishirish ({w.sana:%d.%m.%Y}, {w.pech}): {int(w.singan)} ta buyum singan, \"\n"
            "                      f\"yuklangan {int(w.yuklangan)} tadan — {foiz}%.\", 'ready': True}")
    ctx, ns = with_kiln(code)
    f = ns["f"].sort_values("singan", ascending=False)
    assert f.singan.iloc[0] > f.singan.iloc[1]
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code)], [repl("print(w[['nr', 'sana', 'singan']])"), repl(code)])


@case("q21_reasons_subcall", "sub-call summary", "legit", "Why do pieces break in these kilns?")
def _reasons_subcall() -> Script:
    prep = "qator = '\\n'.join(f'{r.nr} | {int(r.singan)} | {r.izoh}' for r in f.itertuples())"
    code = prep + f"\nsaid = llm_query({REASONS_PROMPT!r} + qator)\nprint(said)"
    ctx, ns = with_kiln(prep)
    said = sub_says(REASONS_PROMPT + ns["qator"])
    found = re.match(r"(\d+) firings had breakage, (\d+) pieces in all\. (yoriq): (\d+) firings, (\d+) pieces; ([a-z ]+): (\d+) firings, "
                     r"(\d+) pieces; ([a-z ]+): (\d+) firings, (\d+) pieces; ([a-z ]+): (\d+) firings, (\d+) pieces\.", said)
    assert found, said
    n, total, _, y_k, y_p, r2, r2_k, r2_p, r3, r3_k, r3_p, r4, r4_k, r4_p = found.groups()
    assert int(total) == int(ns["f"].singan.sum())
    gloss = {"sir oqdi": "glaze running (sir oqdi)", "portladi": "pieces bursting (portladi)", "qiyshaydi": "warping (qiyshaydi)"}
    final = (f"FINAL(Mostly cracking. Of {n} firings with breakage ({total} pieces), cracks (yoriq) account for {y_k} firings and "
             f"{y_p} pieces; then {gloss[r2]} with {r2_p} pieces over {r2_k} firings, {gloss[r3]} with {r3_p} over {r3_k}, and "
             f"{gloss[r4]} with {r4_p} over {r4_k}.)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code, "The reasons are Uzbek notes; a sub-model can group them."), final],
                  [repl("print(said)"), final], sub_model())


@case("q21_gas_price_rule", "markdown document fact", "legit", "What does the workshop pay for gas, and what does it sell a lagan for?")
def _gas_rule() -> Script:
    code = "print([l for l in kitob.splitlines() if \"so'm\" in l])"
    ctx = {"kitob": kiln_book()}
    assert "**1 m³ uchun 1 650 so'm**" in kiln_book() and "bitta lagan **85 000 so'm**" in kiln_book()
    final = ("FINAL(Natural gas costs 1 650 so'm per m³ (since 1 January 2024), and a lagan (serving platter) sells for 85 000 "
             "so'm; a kosa (bowl) goes for 28 000 so'm.)")
    return Script(ctx, [KILN_LOOK, repl(code), final], [repl("import re\nprint(re.findall(r\"\\*\\*([^*]*so'm)\\*\\*\", kitob))"), final])


@case("q21_gas_cost_mln_uz", "locale abbreviations for thousands and millions", "legit", "Yarim yilda gazga qancha pul ketdi?")
def _gas_cost() -> Script:
    code = "xarajat = f.gaz.sum() * 1650\nprint(round(xarajat), round(xarajat / 1e6, 1))"
    ctx, ns = with_kiln(code)
    x = ns["xarajat"]
    final = (f"FINAL(Taxminan {uz(x / 1e6)} mln so'm: {uz(ns['f'].gaz.sum())} m³ gaz, har m³ uchun 1 650 so'mdan "
             f"({uz(x, 0)} so'm).)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final], [repl("print(round(xarajat / 1e6, 1), 'mln')"), final])


@case("q21_submit_worst_kiln", "labelled SUBMIT for a which question", "legit", "Which kiln breaks the largest share of its load?")
def _submit_worst_kiln() -> Script:
    code = ("pech = f.groupby('pech')[['singan', 'yuklangan']].sum()\npech['ulush'] = (pech.singan / pech.yuklangan).round(4)\n"
            "print(pech.sort_values('ulush', ascending=False))")
    ctx, ns = with_kiln(code)
    p = ns["pech"].sort_values("ulush", ascending=False)
    assert p.index[0] == "3-pech"
    submit = repl("eng = pech.ulush.idxmax()\nSUBMIT(kiln=eng, broken=int(pech.loc[eng, 'singan']), loaded=int(pech.loc[eng, 'yuklangan']),\n"
                  "       share=float(pech.loc[eng, 'ulush']))")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), submit], [repl("print(pech.ulush.idxmax(), pech.ulush.max())"), submit])


@case("q21_over_temperature_uz", "yes/no with evidence", "legit", "Biror pishirishda harorat 1 050 °C dan oshganmi?")
def _over_temp() -> Script:
    code = "issiq = f[f.harorat > 1050]\nprint(issiq[['nr', 'sana', 'pech', 'harorat', 'izoh']])"
    ctx, ns = with_kiln(code)
    i = ns["issiq"]
    assert len(i) == 2
    a, b = i.iloc[0], i.iloc[1]
    final = (f"FINAL(Ha, ikki marta: {a.nr}-pishirish ({a.sana:%d.%m.%Y}, {a.pech}) — {int(a.harorat)} °C va {b.nr}-pishirish "
             f"({b.sana:%d.%m.%Y}, {b.pech}) — {int(b.harorat)} °C. Qolgan barcha pishirishlar me'yorda.)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final], [repl("print(issiq.nr.tolist(), issiq.harorat.tolist())"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- the avalanche register -----------------------------------------------------------------------------------------
@case("q21_snow_mean_as_median", "mean given as the median", "invented", "What is the median new snow per observation?")
def _snow_mean_median() -> Script:
    code = "print(obs['nysnø_cm'].mean())"
    ctx, ns = with_skred(code)
    s = ns["obs"]["nysnø_cm"]
    wrong = differs(round(s.mean(), 1), round(s.median(), 1))
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), f"FINAL(The median is {wrong} cm of new snow in 24 hours.)"])


@case("q21_avalanches_before_korrigert", "stale figure before a correction", "invented", "How many avalanches did the observers see in total?")
def _avalanches_stale() -> Script:
    code = "print(skred.skred_observert.sum())"
    ctx = {"skred": skred()}
    _, ns = with_skred("")
    stale = differs(int(skred().skred_observert.sum()), int(ns["obs"].skred_observert.sum()))
    return Script(ctx, [SKRED_LOOK, repl(code), f"FINAL({stale} avalanches were observed over the winter.)"])


@case("q21_first_obs_wrong_year_nb", "wrong year", "invented", "Når kom den første observasjonen i registeret?")
def _first_wrong_year() -> Script:
    code = "print(obs.dag.min())"
    ctx, ns = with_skred(code)
    first = ns["obs"].dag.min()
    wrong = differs(first.replace(year=2024), first)
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code),
                        f"FINAL(Den første observasjonen ble registrert {wrong.day}. {NO_MONTHS[wrong.month - 1]} {wrong.year}.)"])


@case("q21_lyngen_sogn_swapped", "two labels' figures swapped", "invented", "How do Lyngen and Indre Sogn compare in avalanches seen?")
def _lyngen_sogn() -> Script:
    code = "print(obs.groupby('region').skred_observert.sum())"
    ctx, ns = with_skred(code)
    g = ns["obs"].groupby("region").skred_observert.sum()
    ly, so = int(g["Lyngen"]), int(g["Indre Sogn"])
    differs(so, ly)
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code),
                        f"FINAL(Indre Sogn saw far more: {ly} avalanches against {so} in Lyngen.)"])


@case("q21_submit_literal_avalanches", "literal typed into a code answer", "invented", "How many avalanches were seen, and in how many observations?")
def _submit_literal() -> Script:
    ctx, ns = with_skred("")
    differs(1000, int(ns["obs"].skred_observert.sum()))
    return Script(ctx, [SKRED_LOOK, repl("SUBMIT(avalanches=1000, observations=300)", "About a thousand over the winter, going by the first rows.")])


@case("q21_lofoten_observer_column_nb", "zero after filtering the wrong column", "invented", "Hvor mange observasjoner kom fra Lofoten og Vesterålen?")
def _lofoten_wrong_column() -> Script:
    code = "print((obs['observatør'] == 'Lofoten og Vesterålen').sum())"
    ctx, ns = with_skred(code)
    differs(0, int((ns["obs"].region == "Lofoten og Vesterålen").sum()))
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code), "FINAL(Ingen — det kom ingen observasjoner fra Lofoten og Vesterålen i vinter.)"])


@case("q21_temperature_trend_wrong", "trend in the wrong direction", "invented", "How did the air temperature develop from January to April?")
def _temp_trend() -> Script:
    code = "print(obs.groupby('mnd').lufttemp_c.mean().round(1))"
    ctx, ns = with_skred(code)
    t = ns["obs"].groupby("mnd").lufttemp_c.mean().round(1)
    jan, apr = t.iloc[1], t.iloc[4]
    assert apr > jan
    return Script(ctx, [SKRED_LOOK, PARSE_SKRED, repl(code),
                        f"FINAL(It got steadily colder: the monthly mean went from {apr} °C in January down to {jan} °C in April.)"])


# -- the fireworks factory -------------------------------------------------------------------------------------------
@case("q21_nem_grams_as_kg", "unit misread", "invented", "How much net explosive mass went out in delivered orders?")
def _nem_unit() -> Script:
    code = "print((ok['kwantità'] * ok.nem_g).sum())"
    ctx, ns = with_nar(code)
    grams = int((ns["ok"]["kwantità"] * ns["ok"].nem_g).sum())
    differs(grams, grams // 1000)
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL({grams:,} kg of net explosive mass.)"])


@case("q21_second_locality_top", "second row called the top", "invented", "Which village's clubs spent the most on fireworks?")
def _second_locality() -> Script:
    code = "print(ok.groupby('lokalità').valur.sum().sort_values(ascending=False))"
    ctx, ns = with_nar(code)
    lk = ns["ok"].groupby("lokalità").valur.sum().sort_values(ascending=False)
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code),
                        f"FINAL({differs(lk.index[1], lk.index[0])} leads, with {eur(lk.iloc[1])} of delivered orders.)"])


@case("q21_revenue_with_cancelled", "total of the wrong subset", "invented", "What were our delivered sales this season?")
def _with_cancelled() -> Script:
    code = "print(o.valur.sum())"
    ctx, ns = with_nar(code)
    wrong = differs(ns["o"].valur.sum(), ns["ok"].valur.sum())
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL(Delivered sales came to {eur(wrong)}.)"])


@case("q21_nadur_in_club_names", "nothing found in the wrong column", "invented", "Did we sell anything to Nadur this year?")
def _nadur_wrong_column() -> Script:
    code = "print(o[o.isem.str.contains('Nadur')])"
    ctx, ns = with_nar(code)
    assert (ns["ok"]["lokalità"] == "Nadur").sum() > 0
    differs(0, int((ns["ok"]["lokalità"] == "Nadur").sum()))
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), "FINAL(No — there are no orders from Nadur in the 2024 season.)"])


@case("q21_cancel_share_wrong_base", "wrong denominator", "invented", "What share of all orders were cancelled?")
def _cancel_share() -> Script:
    code = "can = (o.status == 'ikkanċellat').sum()\nprint(can, len(ok), len(o))"
    ctx, ns = with_nar(code)
    can = int(ns["can"])
    wrong = differs(round(can / len(ns["ok"]) * 100, 1), round(can / len(ns["o"]) * 100, 1))
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL({wrong}% of the orders were cancelled ({can} orders).)"])


@case("q21_mt250_price_as_quantity", "figure from the right row but another column", "invented", "How many 250 mm shells did we deliver?")
def _price_as_qty() -> Script:
    code = "print(ok[ok['kodiċi'] == 'MT250'][['kwantità', 'prezz_eur', 'valur']].agg(['sum', 'max']))"
    ctx, ns = with_nar(code)
    m = ns["ok"][ns["ok"]["kodiċi"] == "MT250"]
    wrong = differs(int(m.prezz_eur.max()), int(m["kwantità"].sum()))
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL({wrong} shells of 250 mm were delivered.)"])


@case("q21_september_drop_as_rise", "decrease reported as a rise", "invented", "How did sales move from August to September?")
def _sept_rise() -> Script:
    code = "xahar = ok.groupby(ok.jum.dt.month).valur.sum()\nprint(xahar)\nprint(round((xahar[9] / xahar[8] - 1) * 100, 1))"
    ctx, ns = with_nar(code)
    x = ns["xahar"]
    pct = round((x[9] / x[8] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL(Sales climbed {abs(pct)}% from August into September.)"])


@case("q21_total_transposed_mt", "transposed digits", "invented", "Kemm bigħna b'kollox din l-istaġun, mill-ordnijiet ikkonsenjati?")
def _total_transposed() -> Script:
    code = "print(ok.valur.sum())"
    ctx, ns = with_nar(code)
    t = int(ns["ok"].valur.sum())
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL(Bigħna {eur(differs(swap_digits(t), t), 0)} b'kollox mill-ordnijiet ikkonsenjati.)"])


# -- the trekking checkpost register ---------------------------------------------------------------------------------
@case("q21_fee_from_memory", "plausible figure from memory", "invented", "What is the conservation-area entry fee per foreign trekker?")
def _fee_memory() -> Script:
    ctx = {"register": register()}
    _, ns = with_trek("")
    per_head = set((ns["groups"].fee / ns["groups"].group_size).astype(int))
    for v in per_head:
        differs(2000, v)
    return Script(ctx, [TREK_LOOK, "FINAL(NPR 2,000 per person, the standard ACAP fee for foreigners.)"])


@case("q21_absent_nationality", "label absent from the data", "invented", "Which nationality sent the most trekkers?")
def _absent_nation() -> Script:
    code = "print(groups.group_size.sum(), groups.nationality.nunique())"
    ctx, ns = with_trek(code)
    assert "South Korea" not in set(ns["groups"].nationality)
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), "FINAL(South Korea, ahead of the United Kingdom and the USA.)"])


@case("q21_trekkers_transposed", "transposed digits", "invented", "How many trekkers entered the area this season?")
def _trekkers_transposed() -> Script:
    code = "print(groups.group_size.sum())"
    ctx, ns = with_trek(code)
    n = int(ns["groups"].group_size.sum())
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), f"FINAL({differs(swap_digits(n), n):,} trekkers entered in October and November.)"])


@case("q21_passes_as_groups", "rows counted instead of distinct", "invented", "How many trekking groups came through this season?")
def _passes_as_groups() -> Script:
    code = "print(len(tr))"
    ctx, ns = with_trek(code)
    wrong = differs(len(ns["tr"]), int(ns["tr"].permit_no.nunique()))
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), f"FINAL({wrong} groups came through the checkposts.)"])


@case("q21_porters_from_head", "sample generalized to the whole", "invented", "Do the groups here hire porters?")
def _porters_head() -> Script:
    ctx = {"register": register()}
    _, ns = with_trek("")
    g = ns["groups"]
    head = register()[:700]
    assert ",0," in head
    differs(0, int((g.porters > 0).sum()))
    return Script(ctx, [TREK_LOOK, "FINAL(Hardly ever: the groups in the register go without porters, carrying their own packs.)"])


@case("q21_first_entry_month_first_ne", "date format misread", "invented", "सिजनको पहिलो समूह कहिले प्रवेश गर्‍यो?")
def _first_entry_misread() -> Script:
    code = "print(register.splitlines()[1])"
    ctx = {"register": register()}
    first = register().splitlines()[1].split(",")[0]
    d, mo, y = (int(x) for x in first.split("-"))
    wrong = differs(pd.Timestamp(y, d, mo), pd.Timestamp(y, mo, d))
    return Script(ctx, [TREK_LOOK, repl(code), f"FINAL(पहिलो समूह जनवरी {ne(wrong.day)}, {str(wrong.year).translate(NE_DIGITS)} मा प्रवेश गर्‍यो।)"])


@case("q21_largest_group_from_head", "maximum picked from a partial table", "invented", "What was the largest group, and from where?")
def _largest_head() -> Script:
    code = "print(groups.head(8)[['permit_no', 'nationality', 'group_size']])"
    ctx, ns = with_trek(code)
    g = ns["groups"]
    h = g.head(8)
    top = h.loc[h.group_size.idxmax()]
    differs(int(top.group_size), int(g.group_size.max()))
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code),
                        f"FINAL(The largest group had {top.group_size} people: permit {top.permit_no}, from {top.nationality}.)"])


@case("q21_frame_for_israeli_count", "table returned for one figure", "invented", "How many Israeli trekkers entered in November?")
def _frame_israeli() -> Script:
    code = "isr = groups[(groups.nationality == 'Israel') & (groups.when.dt.month == 11)]\nprint(isr[['permit_no', 'entry_date', 'group_size']])"
    ctx, _ = with_trek(code)
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), "FINAL_VAR(isr)"])


# -- the kiln book ------------------------------------------------------------------------------------------------------
@case("q21_breakage_fraction_as_percent", "fraction written as percent", "invented", "What percentage of all pieces broke in firing?")
def _fraction_percent() -> Script:
    code = "q = round(f.singan.sum() / f.yuklangan.sum(), 3)\nprint(q)"
    ctx, ns = with_kiln(code)
    q = ns["q"]
    differs(q, round(q * 100, 1))
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), f"FINAL({q}% of the pieces broke: almost nothing is lost.)"])


@case("q21_mean_broken_misrounded", "wrong rounding", "invented", "On average, how many pieces break per firing, to the nearest whole piece?")
def _misrounded() -> Script:
    code = "print(f.singan.mean())"
    ctx, ns = with_kiln(code)
    x = ns["f"].singan.mean()
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), f"FINAL(About {differs(misround(x), round(x))} pieces per firing.)"])


@case("q21_reasons_subcall_part", "sub-call over part of the data", "invented", "How many pieces were lost to cracks this half year?")
def _reasons_part() -> Script:
    prep = "qator = '\\n'.join(f'{r.nr} | {int(r.singan)} | {r.izoh}' for r in f.head(30).itertuples())"
    code = prep + f"\nsaid = llm_query({REASONS_PROMPT!r} + qator)\nprint(said)"
    ctx, ns = with_kiln(prep)
    said = sub_says(REASONS_PROMPT + ns["qator"])
    found = re.search(r"yoriq: (\d+) firings, (\d+) pieces", said)
    assert found, said
    f = ns["f"]
    differs(int(found.group(2)), int(f[f.izoh == "yoriq"].singan.sum()))
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code, "Passing the breakage notes to a sub-model."),
                        f"FINAL({found.group(2)} pieces were lost to cracks (yoriq), over {found.group(1)} firings.)"], sub=sub_model())


@case("q21_march_gas_cumulative_uz", "cumulative read as the period's value", "invented", "Mart oyida qancha gaz sarflandi?")
def _march_cumulative() -> Script:
    code = "print(f[f.sana.dt.month == 3][['nr', 'sana', 'gaz', 'jami_gaz']])"
    ctx, ns = with_kiln(code)
    m = ns["f"][ns["f"].sana.dt.month == 3]
    wrong = differs(m.jami_gaz.iloc[-1], round(m.gaz.sum(), 1))
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), f"FINAL(Mart oyida {uz(wrong)} m³ gaz sarflandi.)"])


@case("q21_ascending_kiln_called_worst_uz", "first row of an ascending sort called the highest", "invented",
      "Qaysi pech eng ko'p buyum sindiradi (ulush bo'yicha)?")
def _ascending_kiln() -> Script:
    code = "p = f.groupby('pech')[['singan', 'yuklangan']].sum()\np['ulush'] = (p.singan / p.yuklangan * 100).round(1)\nprint(p.sort_values('ulush'))"
    ctx, ns = with_kiln(code)
    p = ns["p"].sort_values("ulush")
    pick = differs(p.index[0], p.ulush.idxmax())
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), f"FINAL(Eng ko'p singan {pick}da: yukning {uz(p.ulush.iloc[0])}%.)"])


@case("q21_iso_date_not_found", "none found after searching a date in another format", "invented", "Was there a firing on 5 April 2024?")
def _iso_date() -> Script:
    code = "print([l for l in kitob.splitlines() if '2024-04-05' in l])"
    ctx = {"kitob": kiln_book()}
    assert "| 05.04.2024 |" in kiln_book()
    return Script(ctx, [KILN_LOOK, repl(code), "FINAL(No, the kilns were not fired on 5 April 2024.)"])


@case("q21_allowance_echoed", "number echoed from the question", "invented",
      "The workshop allows 8% breakage. How many firings went over that?")
def _allowance_echo() -> Script:
    code = "print(f.ulush.describe())"
    ctx, ns = with_kiln(code)
    differs(8, int((ns["f"].ulush > 0.08).sum()))
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), "FINAL(8 firings went over the 8% allowance.)"])


# -- more answers of both kinds --------------------------------------------------------------------------------------
@case("q21_largest_order_id_mt", "quoted log line or ID", "legit", "Liema kien l-akbar ordni kkonsenjat f'valur, u ta' min kien?")
def _largest_order() -> Script:
    code = "kbir = ok.sort_values('valur', ascending=False)\nprint(kbir.head(3)[['ordni_nru', 'data', 'deskrizzjoni', 'kwantità', 'valur', 'isem']].to_string())"
    ctx, ns = with_nar(code)
    k = ns["kbir"]
    r = k.iloc[0]
    assert r.valur > k.valur.iloc[1]
    final = (f"FINAL(L-ordni {r.ordni_nru} tal-{r.data}: {r['kwantità']} {r.deskrizzjoni} għal {r.isem}, b'valur ta' "
             f"{eur(r.valur)}.)")
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(kbir.ordni_nru.iloc[0], kbir.valur.iloc[0])"), final])


@case("q21_status_counts_mt", "count off value_counts", "legit", "Kemm ordni ġew ikkonsenjati u kemm ġew ikkanċellati?")
def _status_counts() -> Script:
    code = "st = o.status.value_counts()\nprint(st)"
    ctx, ns = with_nar(code)
    st = ns["st"]
    final = (f"FINAL(Minn {st.sum()} ordni, {st['ikkonsenjat']} ġew ikkonsenjati u {st['ikkanċellat']} ġew ikkanċellati.)")
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), final], [repl("print(st.to_dict())"), final])


@case("q21_kiln_temperature_range", "range from min to max", "legit", "What range of peak temperatures did the firings reach?")
def _temp_range() -> Script:
    code = "print(f.harorat.min(), f.harorat.max())\nprint(f.loc[[f.harorat.idxmin(), f.harorat.idxmax()], ['nr', 'sana', 'pech', 'harorat']])"
    ctx, ns = with_kiln(code)
    f = ns["f"]
    lo, hi = f.loc[f.harorat.idxmin()], f.loc[f.harorat.idxmax()]
    final = (f"FINAL(From {int(lo.harorat)} °C (firing {lo.nr}, {lo.sana:%-d %B}) up to {int(hi.harorat):,} °C (firing {hi.nr}, "
             f"{hi.sana:%-d %B}, in the {hi.pech}), which is above the 1,050 °C limit in the workshop's rules.)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final], [repl("print(f.harorat.agg(['min', 'max']))"), final])


@case("q21_nayapul_hour", "week, weekday or time of day", "legit", "At what time of day do groups usually set off from Nayapul?")
def _nayapul_hour() -> Script:
    code = ("ny = groups[groups.checkpost == 'Nayapul']\nsoat = ny.when.dt.hour.value_counts().sort_index()\nprint(soat)\n"
            "print(ny.when.dt.hour.median(), len(ny))")
    ctx, ns = with_trek(code)
    s = ns["soat"]
    ny = ns["ny"]
    busiest = s.idxmax()
    before_noon = int(s[s.index < 12].sum())
    final = (f"FINAL(Mostly late morning to midday: the busiest hour is {busiest}:00–{busiest + 1}:00 with {s.max()} of the "
             f"{len(ny)} groups, the median start is around {ny.when.dt.hour.median():.0f}:00, and {before_noon} groups "
             f"checked in before noon. The earliest came through between {s.index.min()}:00 and {s.index.min() + 1}:00.)")
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), final], [repl("print(soat.idxmax(), soat.max(), int(soat[soat.index < 12].sum()))"), final])


@case("q21_gas_per_piece_fit", "correlation or fitted statistic", "legit", "How much extra gas does each extra piece in the kiln cost?")
def _gas_fit() -> Script:
    code = ("import numpy as np\nslope, icpt = np.polyfit(f.yuklangan, f.gaz, 1)\nr = f.yuklangan.corr(f.gaz)\n"
            "print(round(slope, 2), round(icpt, 1), round(r, 3))")
    ctx, ns = with_kiln(code)
    slope, icpt, r = ns["slope"], ns["icpt"], ns["r"]
    final = (f"FINAL(About {slope:.2f} m³ per piece: a straight-line fit of gas on load over the {len(ns['f'])} firings gives "
             f"gas ≈ {icpt:.1f} + {slope:.2f} × pieces (r = {r:.3f}). At 1 650 so'm per m³, that is roughly "
             f"{slope * 1650:,.0f} so'm of gas for each extra piece.)")
    return Script(ctx, [KILN_LOOK, PARSE_KILN, repl(code), final], [repl("print(round(slope, 2), round(icpt, 1), round(r, 3), round(slope * 1650))"), final])


@case("q21_second_product_top_mt", "second row called the top", "invented", "Liema prodott ordnawlu l-aktar, f'kwantità?")
def _second_product() -> Script:
    code = "print(ok.groupby('deskrizzjoni')['kwantità'].sum().sort_values(ascending=False).head(4))"
    ctx, ns = with_nar(code)
    q = ns["ok"].groupby("deskrizzjoni")["kwantità"].sum().sort_values(ascending=False)
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code),
                        f"FINAL(L-aktar mitlub kien {differs(q.index[1], q.index[0])}, b'{q.iloc[1]} biċċa kkonsenjati.)"])


@case("q21_cancelled_rows_as_clubs", "rows counted instead of distinct", "invented", "How many clubs had at least one order cancelled?")
def _cancelled_clubs() -> Script:
    code = "can = o[o.status == 'ikkanċellat']\nprint(len(can))"
    ctx, ns = with_nar(code)
    can = ns["can"]
    wrong = differs(len(can), int(can.klijent_id.nunique()))
    return Script(ctx, [NAR_LOOK, PARSE_NAR, repl(code), f"FINAL({wrong} clubs had an order cancelled this season.)"])


@case("q21_group_mean_as_median", "mean given as the median", "invented", "What is the median group size?")
def _group_mean_median() -> Script:
    code = "print(groups.group_size.mean())"
    ctx, ns = with_trek(code)
    g = ns["groups"].group_size
    wrong = differs(round(g.mean(), 1), float(g.median()))
    return Script(ctx, [TREK_LOOK, PARSE_TREK, repl(code), f"FINAL(The median group size is {wrong} trekkers.)"])


@case("q21_broken_before_fix", "stale figure before a correction", "invented", "How many pieces broke in all this half year?")
def _broken_stale() -> Script:
    code = "print(int(f.singan.sum()))"
    ctx, ns = with_kiln("")
    raw = int(_firings().singan.sum())
    differs(raw, int(ns["f"].singan.sum()))
    table = ("import re\nimport pandas as pd\n"
             "rows = [[c.strip() for c in l.strip().strip('|').split('|')] for l in kitob.splitlines() if re.match(r'\\| \\d+ \\|', l)]\n"
             "f = pd.DataFrame(rows, columns=['nr', 'sana', 'pech', 'yuklangan', 'singan', 'gaz', 'jami_gaz', 'harorat', 'izoh'])\n"
             "f['singan'] = f.singan.astype(int)\nprint(len(f))")
    return Script(ctx, [KILN_LOOK, repl(table, "Reading the table's rows."), repl(code), f"FINAL({raw} pieces broke in the first half of 2024.)"])
