"""Acceptance cases, written as the eleventh held-out set (``cases_holdout11``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout12`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune12``. The cases were written without looking at
the gates or the prompts and without running them under any policy, as a capable model writes its answers (legitimate)
or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``. Every case
name starts with ``h11_``.

Size: 72 legitimate answers covering all 33 legitimate classes (two or three each) and 62 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code run in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls),
only to check that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's parse step, as the ``with_*`` helpers do); every invented figure or label
is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Turkish regional earthquake catalogue as the
observatory's fixed-width text page (Turkish place names, dates ``2024.04.17``, local UTC+3 times, ``-.-`` for a
magnitude not computed, newest event first, a magnitude 5.1 main shock and its aftershocks), a ham-radio contest log
in the Cabrillo format (frequencies in kHz, ``hhmm`` UTC times, struck-out ``X-QSO`` lines), a Yogyakarta batik
workshop's sales (Indonesian column names, dates written ``4 Maret 2024``, rupiah, a peak before Lebaran), a Finnish
harvesting contractor's delivery report as raw semicolon-separated text with decimal commas and unpadded day-first
dates (``5.3.2024``), a Prague concert house's season as an iCalendar export (folded lines, ``TZID`` local times, the
house's own ``X-`` fields for capacity, tickets and takings, Czech titles), a Mekong delta rice-barge cooperative's
database as an SQL dump of two tables to join (Vietnamese names, freight in dong), a Singapore vertical farm's
controller scraped every six hours in the Prometheus text format (counters in litres, joules and grams written like
``7.10282e+09``, one counter reset, a humidity ratio between 0 and 1), a Húsavík whale-watching operator's tours and
terms in markdown (prices in krónur written ``12.990 kr.``), and a sailing yacht's deck log of an Atlantic crossing
(free text, days written ``24/11`` without a year, a cumulative log reading in nautical miles). Each frame builder
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
# -- a regional earthquake catalogue, as the observatory's page lists it (fixed-width text, newest first) -----------
QUAKE_REGIONS = {  # region: (latitude, longitude, typical depth in km, share of the background events)
    "SINDIRGI (BALIKESİR)": (39.24, 28.17, 9.0, .07),
    "SİMAV (KÜTAHYA)": (39.09, 28.98, 10.0, .11),
    "AKHİSAR (MANİSA)": (38.92, 27.84, 8.0, .07),
    "BUCA (İZMİR)": (38.38, 27.17, 12.0, .06),
    "GÖKOVA KÖRFEZİ (AKDENİZ)": (36.95, 27.80, 14.0, .09),
    "EGE DENİZİ": (38.60, 25.90, 16.0, .12),
    "MARMARA DENİZİ": (40.78, 28.20, 11.0, .10),
    "PÜTÜRGE (MALATYA)": (38.20, 38.87, 8.0, .10),
    "GÖKSUN (KAHRAMANMARAŞ)": (38.02, 36.50, 9.0, .14),
    "YEDİSU (BİNGÖL)": (39.43, 40.55, 7.0, .06),
    "KALE (MALATYA)": (38.40, 38.75, 8.0, .08),
}
MAINSHOCK = pd.Timestamp("2024-04-17 03:41:12")


@functools.lru_cache(maxsize=1)  # text is immutable: one build serves every run
def quake_catalogue(seed: int = 1101) -> str:
    """Earthquakes of March to May 2024 in a Turkish-language regional catalogue: ``2024.04.17`` dates and local
    times (UTC+3), ``-.-`` where a magnitude type was not computed, the newest event first. A magnitude 5.1 event
    near Sındırgı on 17 April is followed by its aftershocks."""
    rng = np.random.default_rng(seed)
    regions = list(QUAKE_REGIONS)
    shares = np.array([QUAKE_REGIONS[r][3] for r in regions])
    n = 640
    seconds = rng.integers(0, 92 * 86400, n)
    where = rng.choice(len(regions), n, p=shares / shares.sum())
    ml = np.round(1.0 + rng.exponential(0.44, n), 1)
    events = [(pd.Timestamp("2024-03-01") + pd.Timedelta(seconds=int(s)), regions[w], float(m))
              for s, w, m in zip(seconds, where, ml, strict=True)]
    events.append((MAINSHOCK, "SINDIRGI (BALIKESİR)", 5.1))
    days = 0.05 * (np.exp(rng.random(190) * np.log(1 + 44 / 0.05)) - 1)  # Omori: the rate falls as 1 / (t + c)
    for d in days:
        when = MAINSHOCK + pd.Timedelta(seconds=60 + int(d * 86400))
        if when < pd.Timestamp("2024-06-01"):
            events.append((when, "SINDIRGI (BALIKESİR)", float(np.round(min(1.2 + rng.exponential(0.55), 4.6), 1))))
    events.sort(key=lambda e: e[0], reverse=True)
    out = ["SON DEPREMLER (HIZLI ÇÖZÜMLER), 1 MART - 31 MAYIS 2024",
           "Saatler Türkiye saatidir (UTC+3). Büyüklük hesaplanmadıysa -.- yazılır.", "",
           "Tarih      Saat      Enlem(N)  Boylam(E) Derinlik(km)  MD   ML   Mw    Yer"
           "                                              Çözüm Niteliği",
           "---------- --------  --------  -------   ----------    ------------    --------------"
           "                                  --------------"]
    for when, region, mag in events:
        lat, lon, depth, _ = QUAKE_REGIONS[region]
        d = max(1.0, depth + rng.normal(0, 3.0 if when != MAINSHOCK else 0.0))
        mw = f"{mag - 0.1 + rng.normal(0, 0.05):.1f}" if mag >= 3.5 else "-.-"
        solution = "REVIZE01" if when < pd.Timestamp("2024-05-20") else "İlksel"
        out.append(f"{when:%Y.%m.%d %H:%M:%S}  {lat + rng.normal(0, .04):.4f}   {lon + rng.normal(0, .04):.4f}"
                   f"        {d:4.1f}      -.-  {mag:.1f}  {mw}   {region:<48} {solution}")
    return "\n".join(out)


# -- a ham-radio contest log in the Cabrillo format -------------------------------------------------------------------
PREFIXES = [  # prefix, country, CQ zone, share of the stations
    ("DL", "Germany", 14, .14), ("G", "England", 14, .06), ("F", "France", 14, .05), ("I", "Italy", 15, .07),
    ("SP", "Poland", 15, .07), ("OK", "Czech Republic", 15, .05), ("UA", "European Russia", 16, .08),
    ("ES", "Estonia", 15, .03), ("SM", "Sweden", 14, .05), ("LA", "Norway", 14, .03), ("EA", "Spain", 14, .05),
    ("YO", "Romania", 20, .03), ("K", "United States", 5, .05), ("W", "United States", 4, .05),
    ("JA", "Japan", 25, .05), ("PY", "Brazil", 11, .02), ("VK", "Australia", 30, .01), ("ZS", "South Africa", 38, .01),
    ("UN", "Kazakhstan", 17, .02), ("4X", "Israel", 20, .03),
]
BANDS = {160: (1810, 1840), 80: (3505, 3560), 40: (7003, 7040), 20: (14003, 14060), 15: (21003, 21060),
         10: (28003, 28060)}


@functools.lru_cache(maxsize=1)
def cabrillo_log(seed: int = 1102) -> str:
    """A single operator's log of a 48-hour CW contest (Saturday 23 and Sunday 24 November 2024, UTC), Cabrillo 3.0:
    ``QSO:`` lines with the frequency in kHz, ``yyyy-mm-dd`` and ``hhmm`` UTC, the exchange (RST and CQ zone) sent and
    received; two contacts the operator struck out are ``X-QSO:`` lines, which do not count."""
    rng = np.random.default_rng(seed)
    letters = list("ABCDEFGHIJKLMNOPRSTUVWXYZ")
    stations: dict[str, int] = {}
    shares = np.array([p[3] for p in PREFIXES])
    while len(stations) < 700:
        prefix, _, zone, _ = PREFIXES[int(rng.choice(len(PREFIXES), p=shares / shares.sum()))]
        call = f"{prefix}{int(rng.integers(0, 10))}{''.join(rng.choice(letters, int(rng.integers(2, 4))))}"
        stations[call] = zone
    calls = list(stations)
    activity = rng.pareto(1.3, len(calls)) + 0.3
    lines = []
    worked: set[tuple[str, int]] = set()
    for hour in range(48):
        if 26 <= hour < 31:  # asleep on Sunday morning
            continue
        h = hour % 24
        day = {160: 1.0 if h < 5 or h >= 19 else 0.05, 80: 1.2 if h < 6 or h >= 18 else 0.15,
               40: 1.5 if h < 8 or h >= 16 else 0.5, 20: 0.6 if h < 6 else 2.2, 15: 2.0 if 8 <= h < 15 else 0.1,
               10: 1.6 if 9 <= h < 14 else 0.0}
        rate = int(rng.normal(52 if h in (9, 10, 11, 12) else 38, 8))
        minutes = np.sort(rng.integers(0, 60, rate))
        for m in minutes:
            band = int(rng.choice(list(day), p=np.array(list(day.values())) / sum(day.values())))
            for _ in range(5):
                call = calls[int(rng.choice(len(calls), p=activity / activity.sum()))]
                if (call, band) not in worked:
                    break
            else:
                continue
            worked.add((call, band))
            lo, hi = BANDS[band]
            when = pd.Timestamp("2024-11-23") + pd.Timedelta(hours=hour, minutes=int(m))
            tag = "X-QSO:" if len(lines) in (311, 1204) else "QSO:"
            lines.append(f"{tag} {int(rng.integers(lo, hi)):>5} CW {when:%Y-%m-%d %H%M} OH3ZX         599 15     "
                         f"{call:<13} 599 {stations[call]:02d}     0")
    header = ["START-OF-LOG: 3.0", "CONTEST: CQ-WW-CW", "CALLSIGN: OH3ZX", "LOCATION: DX", "CATEGORY-OPERATOR: SINGLE-OP",
              "CATEGORY-BAND: ALL", "CATEGORY-POWER: LOW", "CATEGORY-MODE: CW", "CLAIMED-SCORE: 1482310",
              "OPERATORS: OH3ZX", "NAME: Aino Virtanen", "ADDRESS: Lahti, Finland",
              "SOAPBOX: 100 W and a wire dipole. 10 m opened nicely on Saturday, slept five hours on Sunday morning.",
              "CREATED-BY: N1MM Logger+ 1.0.10284"]
    return "\n".join(header + lines + ["END-OF-LOG:"])


# -- a Yogyakarta batik workshop's sales (Indonesian column names and dates, rupiah) ----------------------------------
BULAN = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November",
         "Desember"]
MOTIF = ["Parang", "Kawung", "Truntum", "Sidomukti", "Mega Mendung", "Sekar Jagad"]
LEBARAN = [pd.Timestamp("2023-04-22"), pd.Timestamp("2024-04-10")]


def tanggal(d: pd.Timestamp) -> str:
    """An Indonesian date: ``4 Maret 2024``."""
    return f"{d.day} {BULAN[d.month - 1]} {d.year}"


def penjualan() -> pd.DataFrame:
    return _penjualan().copy()


@functools.lru_cache(maxsize=1)
def _penjualan(seed: int = 1103) -> pd.DataFrame:
    """Sales of January 2023 to June 2024: invoice, date written ``4 Maret 2024``, motif, technique (hand-drawn
    ``tulis``, stamped ``cap``, or ``kombinasi``), channel (the shop, two marketplaces, export, fairs), buyer's city,
    pieces, unit price and discount. Demand peaks in the weeks before Lebaran and slumps just after it."""
    rng = np.random.default_rng(seed)
    rows = []
    days = pd.date_range("2023-01-01", "2024-06-30", freq="D")
    price = {"tulis": (1_250_000, 4_500_000), "cap": (180_000, 550_000), "kombinasi": (450_000, 1_100_000)}
    cities = ["Yogyakarta", "Jakarta", "Surabaya", "Bandung", "Semarang", "Medan", "Denpasar"]
    abroad = ["Kuala Lumpur", "Singapura", "Tokyo", "Amsterdam"]
    numbers: dict[str, int] = {}
    for d in days:
        factor = 1.0
        for leb in LEBARAN:
            if pd.Timedelta(days=0) < leb - d <= pd.Timedelta(days=30):
                factor = 3.0
            elif pd.Timedelta(days=0) <= d - leb < pd.Timedelta(days=14):
                factor = 0.3
        online = min(0.75, 0.35 + 0.02 * ((d.year - 2023) * 12 + d.month))
        for _ in range(rng.poisson(1.5 * factor)):
            channel = str(rng.choice(["toko", "Shopee", "Tokopedia", "ekspor", "pameran"],
                                     p=[(1 - online) * .8, online * .55, online * .45, (1 - online) * .08,
                                        (1 - online) * .12]))
            jenis = str(rng.choice(["tulis", "cap", "kombinasi"], p=[0, .7, .3] if channel == "ekspor" else [.22, .5, .28]))
            lo, hi = price[jenis]
            month = f"{d:%Y/%m}"
            numbers[month] = numbers.get(month, 0) + 1
            rows.append({
                "no_nota": f"INV/{month}/{numbers[month]:04d}", "tanggal": tanggal(d),
                "motif": str(rng.choice(MOTIF, p=[.24, .2, .12, .1, .22, .12])), "jenis": jenis, "saluran": channel,
                "kota": str(rng.choice(abroad)) if channel == "ekspor" else str(rng.choice(cities, p=[.3, .22, .14, .12, .1, .06, .06])),
                "lembar": int(rng.integers(10, 41)) if channel == "ekspor" else int(rng.choice([1, 1, 1, 2, 2, 3, 5])),
                "harga_satuan": int(round(rng.uniform(lo, hi) / 5000) * 5000),
                "diskon_persen": 10 if channel == "pameran" else int(rng.choice([0, 0, 0, 5])),
            })
    return pd.DataFrame(rows)


# -- a Finnish forest owner's harvest deliveries: a semicolon CSV export with decimal commas, as text ----------------
STANDS = {2023: [("Kotikorpi", "avohakkuu", {"kuusi": .7, "mänty": .2, "koivu": .1}),
                 ("Haapaharju", "harvennus", {"mänty": .75, "koivu": .25})],
          2024: [("Myllymäki", "avohakkuu", {"kuusi": .45, "mänty": .35, "koivu": .2}),
                 ("Isosuo", "harvennus", {"mänty": .6, "koivu": .4})]}
HINNAT = {  # (sawlog, pulpwood) in EUR per m3, per winter
    2023: {"mänty": (66.5, 24.8), "kuusi": (68.0, 25.1), "koivu": (48.0, 22.7)},
    2024: {"mänty": (70.2, 28.6), "kuusi": (72.4, 29.0), "koivu": (50.1, 26.3)},
}


def fi(x: float, decimals: int = 1) -> str:
    """Finnish digits: ``1 234,5`` (a no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u00a0").replace(".", ",")


@functools.lru_cache(maxsize=1)
def korjuu_csv(seed: int = 1104) -> str:
    """A harvester contractor's delivery report over two winters (January to March 2023 and 2024), exported from a
    Finnish spreadsheet: ``;`` between fields, decimal commas, day-first dates without leading zeros (``5.3.2024``),
    one row per working day, stand and tree species, with sawlog and pulpwood volumes (m3), the stumpage prices
    (EUR per m3) and the morning temperature."""
    rng = np.random.default_rng(seed)
    out = ["Pvm;Leimikko;Hakkuutapa;Puulaji;Tukki m3;Kuitu m3;Tukki €/m3;Kuitu €/m3;Lämpötila °C"]
    for year, stands in STANDS.items():
        days = pd.bdate_range(f"{year}-01-09", f"{year}-03-24")
        temps = np.round(-9 + 7 * np.sin(np.arange(len(days)) / 9) + rng.normal(0, 5, len(days)) - (4 if year == 2024 else 0), 1)
        for d, temp in zip(days, temps, strict=True):
            if rng.random() < 0.12 or temp < -27:  # a day off, or too cold for the machine
                continue
            name, method, mix = stands[0] if d < pd.Timestamp(f"{year}-02-20") else stands[1]
            total = rng.normal(150 if method == "avohakkuu" else 85, 15)
            for species, share in mix.items():
                volume = total * share * rng.uniform(0.8, 1.2)
                log_share = {"kuusi": .62, "mänty": .55, "koivu": .3}[species] * (0.55 if method == "harvennus" else 1)
                tukki, kuitu = volume * log_share, volume * (1 - log_share)
                p_log, p_pulp = HINNAT[year][species]
                out.append(f"{d.day}.{d.month}.{year};{name};{method};{species};{fi(tukki)};{fi(kuitu)};"
                           f"{fi(p_log, 2)};{fi(p_pulp, 2)};{fi(temp)}".replace("\u00a0", ""))
    return "\n".join(out)


# -- a Prague concert house's season as an iCalendar (.ics) export ---------------------------------------------------
HALLS = {"Velký sál": 1100, "Malý sál": 220, "Kaple sv. Anny": 140}
PROGRAMMES = {
    "symfonický koncert": ["Dvořák: Symfonie č. 9 e moll „Z Nového světa“ · Vltavská filharmonie, dirigentka Alena Horáková",
                           "Smetana: Má vlast · Vltavská filharmonie, dirigent Tomáš Brauner",
                           "Janáček: Sinfonietta a Taras Bulba · Vltavská filharmonie, dirigentka Alena Horáková",
                           "Mahler: Symfonie č. 1 D dur „Titan“ · hostuje Filharmonie Brno",
                           "Martinů: Symfonie č. 4, Brahms: Houslový koncert D dur · sólistka Jana Nováková"],
    "komorní koncert": ["Smyčcový kvartet: Janáček, Haas, Dvořák „Americký“", "Klavírní trio: Suk, Novák, Dvořák „Dumky“",
                        "Písňový recitál: Dvořák, Cigánské melodie"],
    "varhanní koncert": ["Varhanní nokturno: Bach, Buxtehude, Eben", "Adventní varhany: Bach a Černohorský"],
    "jazz": ["Jazz ve sklepě: trio Emila Viklického", "Big band večer: swing a Ježek"],
    "koncert pro děti": ["Peťa a vlk pro nejmenší", "Karneval zvířat s vypravěčem"],
}


def _fold(line: str) -> str:
    """iCalendar folding: lines longer than 75 characters continue on the next line after one space."""
    parts = [line[:75]] + [line[i:i + 74] for i in range(75, len(line), 74)]
    return "\n ".join(parts)


@functools.lru_cache(maxsize=1)
def concerts_ics(seed: int = 1105) -> str:
    """The 2024/25 season (September 2024 to June 2025) of a concert house with three halls, as an ``.ics`` export:
    ``DTSTART;TZID=Europe/Prague:20241004T193000`` local times, Czech summaries folded at 75 characters, and the
    house's own fields for capacity (``X-KAPACITA``), tickets sold (``X-PRODANO``) and takings in CZK
    (``X-TRZBA-CZK``); some concerts were cancelled (``STATUS:CANCELLED``, nothing sold)."""
    rng = np.random.default_rng(seed)
    events = []
    for d in pd.date_range("2024-09-05", "2025-06-28", freq="D"):
        if (d.month == 12 and d.day > 22) or (d.month == 1 and d.day < 6):  # the Christmas break
            continue
        weight = {0: .05, 1: .15, 2: .3, 3: .45, 4: .6, 5: .5, 6: .35}[d.day_of_week]
        if rng.random() > weight:
            continue
        kind = str(rng.choice(list(PROGRAMMES), p=[.34, .3, .14, .12, .1]))
        hall = ("Velký sál" if kind in ("symfonický koncert", "koncert pro děti") and rng.random() < .85
                else "Kaple sv. Anny" if kind == "varhanní koncert" else "Malý sál")
        start = d + (pd.Timedelta(hours=15) if kind == "koncert pro děti" else
                     pd.Timedelta(hours=20, minutes=30) if kind == "jazz" else pd.Timedelta(hours=19, minutes=30))
        events.append((start, kind, hall))
    out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Koncertni dum Vltava//Program 2024-25//CS", "CALSCALE:GREGORIAN",
           "X-WR-CALNAME:Koncertní dům Vltava — sezóna 2024/25", "X-WR-TIMEZONE:Europe/Prague"]
    for k, (start, kind, hall) in enumerate(events):
        cap = HALLS[hall]
        cancelled = rng.random() < 0.05
        fill = {"Velký sál": .82, "Malý sál": .88, "Kaple sv. Anny": .7}[hall] + (.1 if start.day_of_week == 4 else 0)
        sold = 0 if cancelled else int(min(cap, cap * np.clip(rng.normal(fill, .1), .3, 1.0)))
        price = {"symfonický koncert": 690, "komorní koncert": 450, "varhanní koncert": 350, "jazz": 420,
                 "koncert pro děti": 220}[kind]
        length = pd.Timedelta(minutes=int({"koncert pro děti": 60, "jazz": 90, "varhanní koncert": 70}.get(kind, 120)))
        out += ["BEGIN:VEVENT", f"UID:vltava-{start:%Y%m%d}-{k:03d}@koncertnidum.example",
                "DTSTAMP:20240801T090000Z", f"DTSTART;TZID=Europe/Prague:{start:%Y%m%dT%H%M%S}",
                f"DTEND;TZID=Europe/Prague:{start + length:%Y%m%dT%H%M%S}",
                _fold(f"SUMMARY:{rng.choice(PROGRAMMES[kind])}"), f"LOCATION:{hall}", f"CATEGORIES:{kind}",
                f"STATUS:{'CANCELLED' if cancelled else 'CONFIRMED'}", f"X-KAPACITA:{cap}", f"X-PRODANO:{sold}",
                f"X-TRZBA-CZK:{int(sold * price * rng.uniform(.9, 1.1))}", "END:VEVENT"]
    return "\n".join(out + ["END:VCALENDAR"])


# -- a Mekong delta rice-barge cooperative's database, as an SQL dump (Vietnamese names, dong) -----------------------
BOATS = [("G01", "Phú Quý 3", "Nguyễn Văn Tâm", 450.0), ("G02", "Hồng Phát", "Trần Thị Lan", 300.0),
         ("G03", "Kim Ngân 8", "Lê Văn Hùng", 650.0), ("G04", "Tân Thành", "Nguyễn Văn Tâm", 380.0),
         ("G05", "Sông Hậu 2", "Phạm Minh Đức", 520.0), ("G06", "Thuận Phong", "Võ Thị Mai", 250.0),
         ("G07", "Đại Lộc", "Lê Văn Hùng", 800.0), ("G08", "Bình An", "Huỳnh Văn Phúc", 420.0),
         ("G09", "Phước Lộc 5", "Trần Thị Lan", 350.0), ("G10", "Minh Châu", "Đặng Văn Sơn", 600.0)]
PORTS = {"Cần Thơ": 170, "Long Xuyên": 230, "Sa Đéc": 150, "Cao Lãnh": 180, "Vĩnh Long": 135, "Mỹ Tho": 75}
RICE = ["ST25", "Jasmine 85", "OM 5451", "IR 50404", "Đài Thơm 8"]


@functools.lru_cache(maxsize=1)
def rice_dump(seed: int = 1106) -> str:
    """A SQLite dump of two tables: ``ghe`` (barges: code, name, owner, capacity in tonnes) and ``chuyen`` (trips of
    January to June 2024: barge, departure day, loading port, destination, rice variety, tonnes carried, distance in
    km, freight charged in dong)."""
    rng = np.random.default_rng(seed)
    out = ["PRAGMA foreign_keys=OFF;", "BEGIN TRANSACTION;",
           "CREATE TABLE ghe (ma_ghe TEXT PRIMARY KEY, ten_ghe TEXT NOT NULL, chu_ghe TEXT, tai_trong_tan REAL);"]
    out += [f"INSERT INTO ghe VALUES('{c}','{n}','{o}',{t});" for c, n, o, t in BOATS]
    out.append("CREATE TABLE chuyen (ma_chuyen INTEGER PRIMARY KEY, ma_ghe TEXT REFERENCES ghe(ma_ghe), ngay_di TEXT, "
               "ben_di TEXT, ben_den TEXT, loai_gao TEXT, khoi_luong_tan REAL, cu_ly_km INTEGER, cuoc_vnd INTEGER);")
    k = 0
    for code, _, _, cap in BOATS:
        day = pd.Timestamp("2024-01-02") + pd.Timedelta(days=int(rng.integers(0, 5)))
        while day < pd.Timestamp("2024-06-29"):
            port = str(rng.choice(list(PORTS), p=[.3, .2, .14, .14, .12, .1]))
            dest = str(rng.choice(["TP. Hồ Chí Minh", "Cần Giuộc"], p=[.75, .25]))
            km = PORTS[port] + (0 if dest == "TP. Hồ Chí Minh" else 20)
            tonnes = round(cap * rng.uniform(.7, 1.0), 1)
            rate = 520 * (1.06 if day.month >= 4 else 1.0) * rng.uniform(.95, 1.05)  # dong per tonne-km
            k += 1
            out.append(f"INSERT INTO chuyen VALUES({k},'{code}','{day:%Y-%m-%d}','{port}','{dest}',"
                       f"'{rng.choice(RICE, p=[.22, .26, .2, .22, .1])}',{tonnes},{km},{int(round(tonnes * km * rate, -3))});")
            day += pd.Timedelta(days=int(km / 40 + rng.integers(2, 9)))
    out.append("COMMIT;")
    return "\n".join(out)


# -- a Singapore vertical farm's controller, scraped every six hours in the Prometheus text format ------------------
RACKS = {"A1": "butterhead", "A2": "butterhead", "B1": "kale", "B2": "basil", "C1": "pak choi", "C2": "pea shoots"}
METRICS = [
    ("vf_nutrient_dosed_liters_total", "counter", "Nutrient solution dosed into the rack's reservoir."),
    ("vf_led_energy_joules_total", "counter", "Energy drawn by the rack's LED bars."),
    ("vf_harvest_grams_total", "counter", "Fresh weight harvested from the rack."),
    ("vf_air_temperature_celsius", "gauge", "Air temperature at canopy height."),
    ("vf_relative_humidity_ratio", "gauge", "Relative humidity at canopy height (0-1)."),
    ("vf_ppfd_micromoles", "gauge", "Photosynthetic photon flux density at the canopy, in umol/m2/s."),
]
RESTART = pd.Timestamp("2024-08-11 14:20")  # rack B2's controller was restarted: its counters start again from 0


def go_float(v: float) -> str:
    """A float as the Prometheus client writes it (Go's shortest ``%g``): ``1.45152e+09``, ``10234.5``, ``310``."""
    if v and abs(v) >= 1e6:
        return np.format_float_scientific(v, unique=True, trim="-", exp_digits=2)
    return np.format_float_positional(v, unique=True, trim="-")


@functools.lru_cache(maxsize=1)
def farm_scrapes(seed: int = 1107) -> str:
    """``/metrics`` of the farm controller every six hours from Monday 5 to Sunday 18 August 2024 (Singapore time),
    each scrape under a ``### <ISO time>`` line: counters for nutrient solution (litres), LED energy (joules) and
    harvest (grams), gauges for temperature, humidity (a 0-1 ratio) and light. Lights are on from 05:00 to 21:00.
    Racks B1 and C1 were harvested out and replanted with seedlings on 10 August, so they drink less in week two."""
    rng = np.random.default_rng(seed)
    stamps = pd.date_range("2024-08-05 00:00", "2024-08-19 00:00", freq="6h")
    counters = {r: {"water": float(rng.integers(8000, 16000)) + round(rng.random(), 1),
                    "energy": float(rng.integers(3_000_000, 9_000_000)) * 1000, "harvest": float(rng.integers(200, 900)) * 1000}
                for r in RACKS}
    thirst = {"A1": 2.6, "A2": 2.4, "B1": 3.4, "B2": 2.0, "C1": 3.0, "C2": 1.1}  # litres per hour
    power = {"A1": 1.8, "A2": 1.8, "B1": 2.1, "B2": 1.6, "C1": 1.9, "C2": 1.2}  # kW
    harvest_every = {"A1": 3, "A2": 3, "B1": 4, "B2": 2, "C1": 4, "C2": 2}
    out = []
    previous = None
    for t in stamps:
        if previous is not None:
            for r in RACKS:
                c = counters[r]
                young = r in ("B1", "C1") and t > pd.Timestamp("2024-08-10 06:00")
                hours_lit = sum(5 <= (previous + pd.Timedelta(hours=h)).hour < 21 for h in range(6))
                if r == "B2" and previous < RESTART <= t:
                    c.update(water=0.0, energy=0.0, harvest=0.0)
                c["water"] = round(c["water"] + thirst[r] * 6 * (0.45 if young else 1) * rng.uniform(.85, 1.15), 1)
                c["energy"] += round(power[r] * hours_lit * 3600e3 * rng.uniform(.97, 1.03), -3)
                if t.hour == 6 and t.day_of_year % harvest_every[r] == 0 and not (young and t < pd.Timestamp("2024-08-17")):
                    c["harvest"] += float(int(rng.normal(9000 if r != "C2" else 4000, 900)))
        previous = t
        lit = 5 <= t.hour < 21
        out.append(f"### {t:%Y-%m-%dT%H:%M:%S}+08:00  curl -s http://farm-ctl-01:9100/metrics")
        for name, kind, text in METRICS:
            out += [f"# HELP {name} {text}", f"# TYPE {name} {kind}"]
            for r, crop in RACKS.items():
                c = counters[r]
                ppfd = float(int(rng.normal({"C2": 180}.get(r, 320), 12))) if lit else 0.0
                value = {"vf_nutrient_dosed_liters_total": c["water"], "vf_led_energy_joules_total": c["energy"],
                         "vf_harvest_grams_total": c["harvest"],
                         "vf_air_temperature_celsius": round(21.0 + (2.6 if lit else 0) + (0.8 if r.startswith("B") else 0)
                                                             + rng.normal(0, .4), 1),
                         "vf_relative_humidity_ratio": round(float(np.clip(rng.normal(.68 if lit else .76, .03), 0, 1)), 2),
                         "vf_ppfd_micromoles": ppfd}[name]
                labels = f'rack="{r}",crop="{crop}"' if kind == "counter" and name != "vf_led_energy_joules_total" else f'rack="{r}"'
                out.append(f"{name}{{{labels}}} {go_float(value)}")
        out.append("")
    return "\n".join(out)


# -- a Húsavík whale-watching operator's tours and terms, in markdown ----------------------------------------------
WHALE_TERMS = """# Skjálfandi Hvalaferðir: tours, prices and booking terms 2025

Valid for departures from 1 May to 30 September 2025. Prices are in Icelandic krónur (ISK) per person and include
11% VAT. We sail from the old harbour in Húsavík.

## Tours

| Tour | Boat | Duration | Departures | Adult | Child 7–15 | Child 0–6 |
| --- | --- | --- | --- | --- | --- | --- |
| Classic Whale Watching | oak schooner *Náttfari* | 3 h | 09:00, 13:00, 17:00 | 12.990 kr. | 5.490 kr. | free |
| Whales & Puffins | oak schooner *Sæborg* | 3½ h | 10:00, 14:30 (until 15 August) | 15.490 kr. | 6.990 kr. | free |
| Speed Boat (RIB) | RIB *Hrefna* | 2 h | 08:30, 11:00, 15:30, 18:00 | 21.900 kr. | 14.900 kr. | not allowed |
| Midnight Sun Cruise | oak schooner *Náttfari* | 2½ h | 21:30 (1 June to 31 July) | 17.900 kr. | 8.900 kr. | free |

The RIB is fast and wet: passengers must be at least 10 years old and 145 cm tall, and it is not recommended during
pregnancy or with back problems. The child price on the RIB therefore applies from age 10 to 15.

## Families, groups and discounts

- Family ticket for the Classic tour: 2 adults and up to 3 children aged 7–15 for 32.900 kr.
- Groups of 15 or more people: 10% off adult prices. Book by email at least 7 days ahead.
- Students with a valid ISIC card: 15% off adult tickets, except on the Midnight Sun Cruise.
- Discounts cannot be combined.

## Sighting guarantee

Whales are seen on more than 98% of our tours. If we see no whales on your tour, you get a free ticket for the same
tour, valid for 2 years. The free ticket cannot be exchanged for cash and does not apply to the Midnight Sun Cruise.

## Cancellations and refunds

- If you cancel: a full refund up to 24 hours before departure, 50% from 24 to 6 hours before, and no refund later
  or if you do not show up.
- If we cancel a tour (for weather, sea state or a technical fault), you choose between a full refund and a seat on
  another departure. Refunds are paid to the original card within 5 working days.
- The captain may turn back early for safety; in that case you receive a free ticket but no refund.

## On board

Check in at our ticket office on Garðarsbraut 30 minutes before departure. Warm overalls are provided on the
schooners; on the RIB you wear a flotation suit, which we provide. Hot chocolate and a cinnamon bun are included on
the Classic and Whales & Puffins tours.
"""


# -- a sailing yacht's deck log of an Atlantic crossing (free text; days written ``24/11``, times UTC) ---------------
GEAR = [("26/11", "Autopilot tripped out twice in the swell; reset it and tightened the drive belt."),
        ("29/11", "Chafe on the genoa sheet at the clew; cut it back and re-rove it."),
        ("1/12", "Watermaker stopped: the pre-filter was clogged, swapped it for a new one."),
        ("4/12", "Broken batten in the mainsail; dropped the main and replaced the batten."),
        ("8/12", "Generator overheating: replaced the raw-water impeller, two blades were missing.")]
FISH = ["Caught a mahi-mahi, about {kg} kg.", "Landed a skipjack tuna, {kg} kg.", "Wahoo on the line, {kg} kg!"]
SIGHTS = ["Pod of dolphins alongside for twenty minutes.", "Ship on AIS crossing ahead, 6 nm off.",
          "Flying fish on deck again at dawn.", "Sargassum weed everywhere, cleared the log impeller.",
          "Shearwaters following the boat.", "Saw a tropicbird, first one."]


@functools.lru_cache(maxsize=1)
def deck_log(seed: int = 1108) -> str:
    """S/Y *Selkie*'s deck log from Las Palmas de Gran Canaria (24 November 2024) to Rodney Bay, Saint Lucia: an
    entry every four watch hours, ``Sun 24/11 1600 UTC``, with the log reading (cumulative nautical miles), position,
    wind in Beaufort, barometer in hPa and free-text notes (gear trouble, fish, squalls, sightings); each noon entry
    states the noon-to-noon run. The year appears only in the title."""
    rng = np.random.default_rng(seed)
    out = ["DECK LOG: S/Y Selkie (Hallberg-Rassy 46), Las Palmas de Gran Canaria to Rodney Bay, Saint Lucia",
           "Atlantic crossing, November-December 2024. Crew: Maren (skipper), Jakob, Sofía, Tom. All times UTC.",
           "Log readings are cumulative nautical miles from the start line.", "",
           "Sun 24/11 1230 UTC. Crossed the start line off Las Palmas. Log 0.0 nm. Wind NNE 4, sea slight, baro 1019."]
    t = pd.Timestamp("2024-11-24 12:30")
    log, baro, noon_log = 0.0, 1019.0, 0.0
    lat, lon = 28.1, -15.4
    fish_left = 6
    squall_days = {"2/12", "3/12", "6/12", "9/12"}
    t = pd.Timestamp("2024-11-24 16:00")
    while True:
        speed = float(np.clip(rng.normal(6.9, 0.9), 4.2, 9.5))
        hours = 4.0 if t.hour != 16 or t.day != 24 or t.month != 11 else 3.5
        log = round(log + speed * hours, 1)
        frac = min(log / 2803.0, 1.0)
        lat, lon = 28.1 - 14.0 * frac + rng.normal(0, .05), -15.4 - 45.6 * frac + rng.normal(0, .05)
        baro = float(np.clip(baro + rng.normal(-0.15, 1.2), 1008, 1024))
        day = f"{t.day}/{t.month}"
        notes = []
        if t.hour == 12:
            notes.append(f"Noon-to-noon: {log - noon_log:.0f} nm.")
            noon_log = log
        if t.hour == 8:
            gear = [g for d, g in GEAR if d == day]
            notes += gear
        if day in squall_days and t.hour == 4:
            gust = int(rng.integers(28, 38))
            baro -= float(rng.integers(4, 7))
            notes.append(f"Squall at 0{int(rng.integers(1, 4))}{int(rng.integers(10, 59))}: gusts {gust} kn, two reefs in, "
                         "heavy rain.")
        if t.hour == 16 and fish_left and rng.random() < 0.45:
            notes.append(str(rng.choice(FISH)).format(kg=int(rng.integers(3, 12))))
            fish_left -= 1
        if rng.random() < 0.18:
            notes.append(str(rng.choice(SIGHTS)))
        if log >= 2803.0:
            t_end = t - pd.Timedelta(minutes=int((log - 2803.4) / speed * 60))
            out.append(f"{t_end:%a} {t_end.day}/{t_end.month} {t_end:%H%M} UTC. Crossed the finish line off Pigeon Island, "
                       f"Rodney Bay. Log 2803.4 nm. Engine on, sails down. Rum punch on the dock!")
            break
        wind = str(rng.choice(["NE", "ENE", "E", "ENE"]))
        out.append(f"{t:%a} {day} {t:%H%M} UTC. Log {log:.1f} nm. Pos {int(lat)}°{lat % 1 * 60:04.1f}'N "
                   f"{int(-lon):03d}°{-lon % 1 * 60:04.1f}'W. Wind {wind} {int(rng.choice([3, 4, 4, 5, 5, 6]))}, "
                   f"baro {baro:.0f}. {speed:.1f} kn." + ("" if not notes else " " + " ".join(notes)))
        t += pd.Timedelta(hours=4)
    return "\n".join(out)


# -- number formats --------------------------------------------------------------------------------------------------
def tr(x: float, decimals: int = 1) -> str:
    """Turkish digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def idr(x: float) -> str:
    """Rupiah as Indonesians write it: ``Rp 1.250.000``."""
    return f"Rp {x:,.0f}".replace(",", ".")


def cz(x: float, decimals: int = 1) -> str:
    """Czech digits: ``1 234,5`` (a no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u00a0").replace(".", ",")


def vn(x: float, decimals: int = 0) -> str:
    """Vietnamese digits: ``1.234.567`` and ``7,79``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def isk(x: float) -> str:
    """Icelandic krónur: ``12.990 kr.``."""
    return f"{x:,.0f} kr.".replace(",", ".")


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
QUAKE_LOOK = repl("print(len(katalog))\nprint(katalog[:900])", "Let me see how the catalogue is laid out.")
QUAKE_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\d{4}\\.\\d{2}\\.\\d{2}) (\\d{2}:\\d{2}:\\d{2})\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+(\\S+)\\s+(\\S+)"
    "\\s+(\\S+)\\s+(.+?)\\s{2,}(\\S+)$')\n"
    "eq = pd.DataFrame([rx.match(l).groups() for l in katalog.splitlines() if rx.match(l)],\n"
    "                  columns=['tarih', 'saat', 'enlem', 'boylam', 'derinlik', 'md', 'ml', 'mw', 'yer', 'cozum'])\n"
    "eq['zaman'] = pd.to_datetime(eq.tarih + ' ' + eq.saat, format='%Y.%m.%d %H:%M:%S')\n"
    "eq[['enlem', 'boylam', 'derinlik', 'ml']] = eq[['enlem', 'boylam', 'derinlik', 'ml']].astype(float)\n"
    "print(eq.shape)\nprint(eq.head(3))")
PARSE_QUAKES = repl(QUAKE_PARSE, "Fixed-width rows, newest first; the region name has spaces in it, so I split the "
                                 "last two fields on runs of spaces.")

CAB_LOOK = repl("lines = cabrillo.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:18]))",
                "A Cabrillo log; the header first.")
CAB_PARSE = (
    "import re\nimport pandas as pd\n"
    "qso = pd.DataFrame(re.findall(r'^QSO:\\s+(\\d+) (\\w+) (\\S+) (\\d{4}) \\S+\\s+\\d+ \\d+\\s+(\\S+)\\s+(\\d+) (\\d+)', "
    "cabrillo, re.M),\n"
    "                   columns=['khz', 'mode', 'date', 'hhmm', 'call', 'rst', 'zone'])\n"
    "qso['khz'] = qso.khz.astype(int)\n"
    "qso['utc'] = pd.to_datetime(qso.date + ' ' + qso.hhmm, format='%Y-%m-%d %H%M')\n"
    "qso['band'] = (qso.khz // 1000).map({1: '160m', 3: '80m', 7: '40m', 14: '20m', 21: '15m', 28: '10m'})\n"
    "print(len(qso))\nprint(qso.head(3))")
PARSE_CAB = repl(CAB_PARSE, "QSO lines only (the X-QSO lines are struck out); band from the frequency in kHz.")

BATIK_LOOK = repl("print(penjualan.shape)\nprint(penjualan.head())\nprint(penjualan.dtypes)", "Let me look at the table first.")
BATIK_PARSE = (
    "import pandas as pd\n"
    "bulan = {b: i for i, b in enumerate(['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus',\n"
    "                                     'September', 'Oktober', 'November', 'Desember'], 1)}\n"
    "parts = penjualan.tanggal.str.split(' ', expand=True)\n"
    "penjualan['tgl'] = pd.to_datetime(pd.DataFrame({'year': parts[2].astype(int), 'month': parts[1].map(bulan),\n"
    "                                                'day': parts[0].astype(int)}))\n"
    "penjualan['omzet'] = penjualan.lembar * penjualan.harga_satuan * (1 - penjualan.diskon_persen / 100)\n"
    "print(penjualan.tgl.min(), penjualan.tgl.max(), penjualan.omzet.sum())")
PARSE_BATIK = repl(BATIK_PARSE, "Dates are Indonesian text (`4 Maret 2024`); turning them into datetimes and adding "
                                "the net amount per invoice line.")

FOREST_LOOK = repl("print(len(korjuu))\nprint(korjuu[:600])", "Let me look at the raw export.")
FOREST_PARSE = (
    "import io\nimport pandas as pd\n"
    "kr = pd.read_csv(io.StringIO(korjuu), sep=';', decimal=',')\n"
    "kr['Pvm'] = pd.to_datetime(kr.Pvm, format='%d.%m.%Y')\nkr['talvi'] = kr.Pvm.dt.year\n"
    "print(kr.shape)\nprint(kr.dtypes)")
PARSE_FOREST = repl(FOREST_PARSE, "Semicolons and decimal commas, day-first dates: a Finnish Excel export.")

CONCERT_LOOK = repl("print(len(program))\nprint(program[:1100])", "An iCalendar file; let me see a couple of events.")
CONCERT_PARSE = (
    "import re\nimport pandas as pd\n"
    "unfolded = program.replace('\\n ', '')\n"
    "ev = pd.DataFrame([dict(line.split(':', 1) for line in block.splitlines())\n"
    "                   for block in re.findall(r'BEGIN:VEVENT\\n(.*?)\\nEND:VEVENT', unfolded, re.S)])\n"
    "ev['start'] = pd.to_datetime(ev['DTSTART;TZID=Europe/Prague'], format='%Y%m%dT%H%M%S')\n"
    "for col in ['X-KAPACITA', 'X-PRODANO', 'X-TRZBA-CZK']:\n    ev[col] = ev[col].astype(int)\n"
    "print(len(ev))\nprint(ev[['start', 'LOCATION', 'CATEGORIES', 'STATUS', 'X-PRODANO']].head())")
PARSE_CONCERTS = repl(CONCERT_PARSE, "Unfolding the continuation lines first, then one row per VEVENT.")

RICE_LOOK = repl("print(len(dump))\nprint(dump[:1400])", "This looks like an SQL dump; let me read the schema.")
RICE_PARSE = (
    "import sqlite3\nimport pandas as pd\n"
    "con = sqlite3.connect(':memory:')\ncon.executescript(dump)\n"
    "ghe = pd.read_sql('SELECT * FROM ghe', con)\nchuyen = pd.read_sql('SELECT * FROM chuyen', con)\n"
    "print(ghe)\nprint(chuyen.shape)\nprint(chuyen.head())")
PARSE_RICE = repl(RICE_PARSE, "Loading the dump into an in-memory SQLite database.")

FARM_LOOK = repl("print(scrapes.count('### '), len(scrapes))\nprint(scrapes[:1600])",
                 "Prometheus text format, one scrape after another; let me see one.")
FARM_PARSE = (
    "import re\nimport pandas as pd\n"
    "rows, ts = [], None\n"
    "for line in scrapes.splitlines():\n"
    "    if line.startswith('### '):\n"
    "        ts = pd.Timestamp(line.split()[1])\n"
    "    elif line and not line.startswith('#'):\n"
    "        name, labels, value = re.match(r'(\\w+)\\{([^}]*)\\} (\\S+)', line).groups()\n"
    "        rows.append((ts, name, re.search(r'rack=\"(\\w+)\"', labels).group(1), float(value)))\n"
    "m = pd.DataFrame(rows, columns=['ts', 'metric', 'rack', 'value'])\n\n\n"
    "def wide(name):\n    return m[m.metric == name].pivot(index='ts', columns='rack', values='value')\n\n\n"
    "def increase(w):\n"
    "    # a counter's growth per interval; after a reset the counter counts again from 0\n"
    "    d = w.diff().iloc[1:]\n    return d.where(d >= 0, w.iloc[1:])\n\n\n"
    "print(m.shape)\nprint(m.metric.unique())")
PARSE_FARM = repl(FARM_PARSE, "Parsing every scrape into one long table; counters need differences, with resets handled.")

TERMS_LOOK = repl("print(len(terms))\nprint(terms[:320])")
DECK_LOOK = repl("entries = logbook.splitlines()\nprint(len(entries))\nprint('\\n'.join(entries[:8]))\nprint(entries[-1])",
                 "A free-text deck log; let me read the start and the end.")


def with_quakes(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A catalogue case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"katalog": quake_catalogue()}
    return ctx, compute(ctx, QUAKE_PARSE + "\n" + code)


def with_cabrillo(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"cabrillo": cabrillo_log()}
    return ctx, compute(ctx, "lines = cabrillo.splitlines()\n" + CAB_PARSE + "\n" + code)


def with_batik(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"penjualan": penjualan()}
    return ctx, compute({"penjualan": penjualan()}, BATIK_PARSE + "\n" + code)


def with_forest(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"korjuu": korjuu_csv()}
    return ctx, compute(ctx, FOREST_PARSE + "\n" + code)


def with_concerts(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"program": concerts_ics()}
    return ctx, compute(ctx, CONCERT_PARSE + "\n" + code)


def with_rice(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"dump": rice_dump()}
    return ctx, compute(ctx, RICE_PARSE + "\n" + code)


def with_farm(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"scrapes": farm_scrapes()}
    return ctx, compute(ctx, FARM_PARSE + "\n" + code)


def with_deck(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"logbook": deck_log()}
    return ctx, compute(ctx, "entries = logbook.splitlines()\n" + code)


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
GEAR_NAMES = {"Autopilot tripped out": "the autopilot tripped out (drive belt tightened)",
              "Chafe on the genoa sheet": "the genoa sheet chafed through at the clew (cut back and re-rove)",
              "Watermaker stopped": "the watermaker stopped (clogged pre-filter replaced)",
              "Broken batten": "a mainsail batten broke (replaced)",
              "Generator overheating": "the generator overheated (new raw-water impeller)"}


def sub_model() -> RuleBasedSubModel:
    def repairs(_: re.Match[str], request: ChatRequest) -> str:
        found = []
        for line in request.last_user.splitlines():
            for key, name in GEAR_NAMES.items():
                if key in line:
                    found.append(f"{line.split()[1]}: {name}")
        return f"{len(found)} problems, each fixed on board: " + "; ".join(found) + "."

    def fish(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        kinds = re.findall(r"(mahi-mahi|skipjack tuna|Wahoo)", text)
        return f"{len(kinds)} fish: " + ", ".join(sorted({k.lower() for k in kinds})) + "."

    def refund(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"- If we cancel a tour[^\n]*(?:\n  [^\n]*)*", request.last_user)
        return " ".join(found.group(0).lstrip("- ").split()) if found else "NONE"

    def japan(_: re.Match[str], request: ChatRequest) -> str:
        k = len(re.findall(r"^QSO:.* JA\d\w+ ", request.last_user, re.M))
        return f"{k} QSOs were with Japanese (JA) stations."

    return RuleBasedSubModel([(r"\AList everything that broke", repairs), (r"\AHow many fish", fish),
                              (r"\AQuote the rule for tours the operator cancels", refund),
                              (r"\ACount the QSOs with Japanese", japan)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h11_quake_depth_describe", "describe() statistic", "legit", "How deep are the earthquakes in this catalogue, typically?")
def _quake_depth() -> Script:
    code = "print(eq.derinlik.describe().round(1))"
    ctx, ns = with_quakes(code)
    d = ns["eq"].derinlik.describe().round(1)
    final = (f"FINAL(Shallow: the median depth is {d['50%']} km, and half of the {d['count']:.0f} events lie between "
             f"{d['25%']} and {d['75%']} km (mean {d['mean']} km, deepest {d['max']} km).)")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final],
                  [repl("print(eq.derinlik.median(), eq.derinlik.quantile([.25, .75]).round(1).tolist())"), final])


@case("h11_batik_tulis_price_describe", "describe() statistic", "legit", "Berapa harga khas selembar batik tulis?")
def _tulis_describe() -> Script:
    code = "print(penjualan[penjualan.jenis == 'tulis'].harga_satuan.describe())"
    ctx, ns = with_batik(code)
    d = ns["penjualan"].query("jenis == 'tulis'").harga_satuan.describe()
    final = (f"FINAL(Harga tengahnya (median) {idr(d['50%'])} per lembar. Separuh penjualan batik tulis berada di antara "
             f"{idr(d['25%'])} dan {idr(d['75%'])}; rata-ratanya {idr(d['mean'])} dari {d['count']:.0f} transaksi.)")
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), final],
                  [repl("t = penjualan[penjualan.jenis == 'tulis'].harga_satuan\n"
                        "print(f'Rp {t.median():,.0f}'.replace(',', '.'), f'Rp {t.mean():,.0f}'.replace(',', '.'))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h11_qsos_per_band_bullets", "bullet list of figures", "legit", "How many QSOs did I make on each band?")
def _band_bullets() -> Script:
    code = "per_band = qso.band.value_counts()\nprint(per_band)\nprint(per_band.sum())"
    ctx, ns = with_cabrillo(code)
    b = ns["per_band"]
    final = ("FINAL(Valid QSOs per band (the two X-QSO lines left out):\n\n" + "\n".join(f"- {k[:-1]} m: {v}" for k, v in b.items())
             + f"\n\nThat is {b.sum():,} QSOs in total.)")
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final], [repl("print(per_band.to_dict(), len(qso))"), final])


@case("h11_nutrient_per_rack_bullets", "bullet list of figures", "legit",
      "How much nutrient solution did each rack take over the two weeks?")
def _water_bullets() -> Script:
    code = "water = increase(wide('vf_nutrient_dosed_liters_total')).sum().round(1)\nprint(water)\nprint(water.sum())"
    ctx, ns = with_farm(code)
    w = ns["water"]
    final = ("FINAL(Nutrient solution dosed from 5 to 19 August, per rack:\n" + "\n".join(f"* {r}: {v:,.1f} L" for r, v in w.items())
             + f"\n\nTotal {w.sum():,.1f} L. B2's controller restarted on 11 August, so its counter was read across the reset.)")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), final], [repl("print(water.to_string())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
@case("h11_harvest_by_winter_table", "markdown table in text", "legit",
      "Make me a table of sawlog and pulpwood volumes per species for each winter.")
def _forest_table() -> Script:
    code = "vol = kr.groupby(['talvi', 'Puulaji'])[['Tukki m3', 'Kuitu m3']].sum().round(1)\nprint(vol)"
    ctx, ns = with_forest(code)
    v = ns["vol"]
    rows = "\n".join(f"| {y} | {s} | {fi(r['Tukki m3'])} | {fi(r['Kuitu m3'])} |" for (y, s), r in v.iterrows())
    final = ("FINAL(Harvested volumes (m³):\n\n| Talvi | Puulaji | Tukki | Kuitu |\n|---|---|---:|---:|\n" + rows + ")")
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final], [repl("print(vol.to_string())"), final])


HALL_TABLE = ("ok = ev[ev.STATUS == 'CONFIRMED']\n"
              "halls = ok.groupby('LOCATION').agg(koncerty=('UID', 'count'), prodano=('X-PRODANO', 'sum'),\n"
              "                                   kapacita=('X-KAPACITA', 'sum'))\n"
              "halls['obsazenost'] = (halls.prodano / halls.kapacita * 100).round(1)\nprint(halls)")


@case("h11_halls_markdown_table", "markdown table in text", "legit", "Compare the three halls: concerts, tickets sold and occupancy.")
def _halls_table() -> Script:
    ctx, ns = with_concerts(HALL_TABLE)
    h = ns["halls"].sort_values("obsazenost", ascending=False)
    rows = "\n".join(f"| {k} | {r.koncerty} | {r.prodano:,} | {r.kapacita:,} | {r.obsazenost}% |" for k, r in h.iterrows())
    final = ("FINAL(Season 2024/25, confirmed concerts only:\n\n| Hall | Concerts | Tickets sold | Seats | Occupancy |\n"
             "|---|--:|--:|--:|--:|\n" + rows + ")")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(HALL_TABLE), final],
                  [repl("print(halls.sort_values('obsazenost', ascending=False).to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h11_spruce_sawlog_2023_fi", "value with a unit", "legit", "Paljonko kuusitukkia kertyi talvella 2023?")
def _spruce_m3() -> Script:
    code = "kuusi = kr[(kr.talvi == 2023) & (kr.Puulaji == 'kuusi')]\nprint(len(kuusi), kuusi['Tukki m3'].sum().round(1))"
    ctx, ns = with_forest(code)
    v = round(ns["kuusi"]["Tukki m3"].sum(), 1)
    final = f"FINAL(Talvella 2023 kuusitukkia kertyi {fi(v)} m³ ({len(ns['kuusi'])} hakkuupäivän kirjauksista).)"
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final],
                  [repl("print(f\"{kuusi['Tukki m3'].sum():,.1f}\".replace(',', ' ').replace('.', ','), 'm³')"), final])


@case("h11_led_energy_kwh", "value with a unit", "legit", "How much electricity did the LED bars use over the two weeks?")
def _led_kwh() -> Script:
    code = ("joules = increase(wide('vf_led_energy_joules_total')).sum()\nprint(joules)\n"
            "print('kWh:', round(joules.sum() / 3.6e6, 1))")
    ctx, ns = with_farm(code)
    j = ns["joules"].sum()
    final = (f"FINAL({j / 3.6e6:,.1f} kWh for all six racks together. The counter is in joules ({j / 1e9:.2f} GJ), "
             f"so I divided by 3.6 million; that is about {j / 3.6e6 / 14:.0f} kWh a day.)")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), final],
                  [repl("print(f'{joules.sum() / 3.6e6:,.1f} kWh', f'{joules.sum() / 1e9:.2f} GJ', round(joules.sum() / 3.6e6 / 14))"), final])


@case("h11_crossing_distance", "value with a unit", "legit", "How far did Selkie sail on the crossing?")
def _distance_nm() -> Script:
    code = "import re\nlast = entries[-1]\nprint(last)\nnm = float(re.search(r'Log ([\\d.]+) nm', last).group(1))\nprint(nm, nm * 1.852)"
    ctx, ns = with_deck(code)
    nm = ns["nm"]
    final = f"FINAL({nm:,.1f} nautical miles from the start line at Las Palmas to the finish off Rodney Bay, about {nm * 1.852:,.0f} km.)"
    return Script(ctx, [DECK_LOOK, repl(code), final], [repl("print(f'{nm:,.1f} nm', f'{nm * 1.852:,.0f} km')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h11_marmara_magnitude_range_tr", "range from min to max", "legit",
      "Marmara Denizi'ndeki depremlerin büyüklükleri hangi aralıkta?")
def _marmara_range() -> Script:
    code = "mar = eq[eq.yer == 'MARMARA DENİZİ']\nprint(len(mar), mar.ml.min(), mar.ml.max())"
    ctx, ns = with_quakes(code)
    mar = ns["mar"]
    final = (f"FINAL(Marmara Denizi'nde kaydedilen {len(mar)} depremin büyüklüğü ML {tr(mar.ml.min())} ile "
             f"{tr(mar.ml.max())} arasında; en büyüğü bile hissedilir sınırın altında kalmış.)")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final],
                  [repl("print(f'{mar.ml.min():.1f} – {mar.ml.max():.1f}'.replace('.', ','))"), final])


@case("h11_rack_c2_temperature_range", "range from min to max", "legit", "Between what temperatures did rack C2 run?")
def _c2_range() -> Script:
    code = "temp = wide('vf_air_temperature_celsius')\nprint(temp.C2.min(), temp.C2.max(), temp.C2.idxmin(), temp.C2.idxmax())"
    ctx, ns = with_farm(code)
    c2 = ns["temp"].C2
    assert c2.idxmin().hour == 0 and c2.idxmax().hour in (6, 12, 18)
    final = (f"FINAL(From {c2.min()} °C to {c2.max()} °C at canopy height, a spread of {c2.max() - c2.min():.1f} °C: "
             "cooler at night with the lights off, warmer under the LEDs.)")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), final],
                  [repl("print(temp.C2.min(), temp.C2.max(), round(temp.C2.max() - temp.C2.min(), 1))"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h11_online_vs_shop_price", "two groups compared", "legit",
      "Do buyers on the marketplaces pay more per piece than buyers in the shop?")
def _online_vs_shop() -> Script:
    code = ("penjualan['kanal'] = penjualan.saluran.map({'Shopee': 'online', 'Tokopedia': 'online', 'toko': 'toko'})\n"
            "harga = penjualan.groupby('kanal').harga_satuan.agg(['count', 'mean', 'median']).round(0)\nprint(harga)")
    ctx, ns = with_batik(code)
    h = ns["harga"]
    on, shop = h.loc["online"], h.loc["toko"]
    assert on["mean"] < shop["mean"] and on["median"] < shop["median"]
    final = (f"FINAL(No, a little less. Marketplace buyers (Shopee and Tokopedia, {on['count']:.0f} sales) paid "
             f"{idr(on['mean'])} per piece on average, shop buyers ({shop['count']:.0f} sales) {idr(shop['mean'])}; "
             f"the medians are {idr(on['median'])} and {idr(shop['median'])}.)")
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), final],
                  [repl("print(f\"Rp {harga.loc['online', 'mean']:,.0f}\".replace(',', '.'), f\"Rp {harga.loc['toko', 'mean']:,.0f}\".replace(',', '.'))"),
                   final])


@case("h11_big_vs_small_hall_cs", "two groups compared", "legit", "Prodává Velký sál lépe než Malý sál?")
def _halls_cs() -> Script:
    ctx, ns = with_concerts(HALL_TABLE)
    h = ns["halls"]
    big, small = h.loc["Velký sál"], h.loc["Malý sál"]
    assert small.obsazenost > big.obsazenost and big.prodano > small.prodano
    final = (f"FINAL(Co do obsazenosti ne: Malý sál je v průměru zaplněn na {cz(small.obsazenost)} %, Velký sál na "
             f"{cz(big.obsazenost)} %. V absolutních číslech ale Velký sál prodal víc vstupenek ({cz(big.prodano, 0)} "
             f"oproti {cz(small.prodano, 0)}), protože má pětkrát víc míst.)")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(HALL_TABLE), final],
                  [repl("print(halls.loc[['Velký sál', 'Malý sál'], ['prodano', 'obsazenost']])"), final])


@case("h11_clearcut_vs_thinning_per_day_fi", "two groups compared", "legit",
      "Kumpi tuotti enemmän tukkia hakkuupäivää kohden, avohakkuu vai harvennus?")
def _cut_vs_thin() -> Script:
    code = ("paiva = kr.groupby(['Pvm', 'Hakkuutapa'])['Tukki m3'].sum().reset_index()\n"
            "print(paiva.groupby('Hakkuutapa')['Tukki m3'].agg(['count', 'mean']).round(1))")
    ctx, ns = with_forest(code)
    p = ns["paiva"].groupby("Hakkuutapa")["Tukki m3"].agg(["count", "mean"]).round(1)
    a, h = p.loc["avohakkuu"], p.loc["harvennus"]
    assert a["mean"] > 3 * h["mean"]
    final = (f"FINAL(Avohakkuu, selvästi: keskimäärin {fi(a['mean'])} m³ tukkia hakkuupäivää kohden ({a['count']:.0f} päivää), "
             f"harvennuksella vain {fi(h['mean'])} m³ ({h['count']:.0f} päivää), eli alle kolmannes.)")
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final],
                  [repl("print(paiva.groupby('Hakkuutapa')['Tukki m3'].mean().round(1).astype(str).str.replace('.', ','))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h11_sunday_qsos_out_of", "X out of Y", "legit", "How many of my QSOs were made on Sunday?")
def _sunday_qsos() -> Script:
    code = "print(qso.utc.dt.day_name().value_counts(), len(qso))"
    ctx, ns = with_cabrillo(code)
    q = ns["qso"]
    k, n = int((q.utc.dt.day_name() == "Sunday").sum()), len(q)
    final = f"FINAL({k} out of {n:,}, or {k / n:.0%}. You slept on Sunday morning, so Saturday has the larger share.)"
    assert k < n - k
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final], [repl("print(f\"{(qso.utc.dt.day_name() == 'Sunday').mean():.0%}\")"), final])


@case("h11_cancelled_concerts_out_of", "X out of Y", "legit", "How many concerts of the season were cancelled?")
def _cancelled_out_of() -> Script:
    code = "print(ev.STATUS.value_counts())\nprint(ev[ev.STATUS == 'CANCELLED'][['start', 'SUMMARY', 'LOCATION']])"
    ctx, ns = with_concerts(code)
    e = ns["ev"]
    k, n = int((e.STATUS == "CANCELLED").sum()), len(e)
    final = f"FINAL({k} of the {n} concerts on the calendar were cancelled ({k / n:.1%}); the other {n - k} went ahead.)"
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), final], [repl("print(f\"{(ev.STATUS == 'CANCELLED').mean():.1%}\")"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
MONTHLY_OMZET = "bulanan = penjualan.groupby(penjualan.tgl.dt.to_period('M')).omzet.sum()\nprint((bulanan / 1e6).round(1))"


@case("h11_omzet_march_to_april_id", "period-over-period change", "legit", "Berapa perubahan omzet dari Maret ke April 2024?")
def _march_april() -> Script:
    ctx, ns = with_batik(MONTHLY_OMZET)
    b = ns["bulanan"]
    mar, apr = b[pd.Period("2024-03")], b[pd.Period("2024-04")]
    pct = f"{(apr / mar - 1) * 100:.1f}".replace(".", ",")
    final = (f"FINAL(Omzet turun dari Rp {mar / 1e6:.1f} jt".replace(".", ",") + f" pada Maret menjadi Rp {apr / 1e6:.1f} jt".replace(".", ",")
             + f" pada April 2024 ({pct.replace('-', '−')}%). Wajar: puncak belanja batik jatuh menjelang Lebaran (10 April), lalu sepi.)")
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(MONTHLY_OMZET), final],
                  [repl("print(f\"{(bulanan['2024-04'] / bulanan['2024-03'] - 1) * 100:.1f}%\".replace('.', ','))"), final])


WEEKLY_WATER = ("inc = increase(wide('vf_nutrient_dosed_liters_total'))\ninc.index = inc.index - pd.Timedelta(hours=6)  # label each interval by its start\n"
                "weekly = inc.groupby(inc.index.isocalendar().week).sum().round(1)\nprint(weekly)\nprint(weekly.sum(axis=1))")


@case("h11_water_week_over_week", "period-over-period change", "legit",
      "How did total nutrient use change from the first week to the second?")
def _water_weeks() -> Script:
    ctx, ns = with_farm(WEEKLY_WATER)
    w = ns["weekly"]
    t = w.sum(axis=1)
    w1, w2 = t.iloc[0], t.iloc[1]
    drop = w.iloc[0] - w.iloc[1]
    assert len(t) == 2 and drop[["B1", "C1"]].sum() > (w1 - w2)
    final = (f"FINAL(It fell by {w1 - w2:,.1f} L, from {w1:,.1f} L in the week of 5 August to {w2:,.1f} L in the week of "
             f"12 August ({(w2 / w1 - 1) * 100:+.1f}%). The drop is B1 and C1, replanted with seedlings on 10 August; the "
             "other racks used about as much as before.)")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(WEEKLY_WATER), final],
                  [repl("tot = weekly.sum(axis=1)\nprint(round(tot.iloc[1] - tot.iloc[0], 1), f'{(tot.iloc[1] / tot.iloc[0] - 1) * 100:+.1f}%')"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h11_top5_quake_regions", "top-N list by code", "legit", "Which five regions had the most earthquakes?")
def _top5_regions() -> Script:
    code = "top5 = eq.yer.value_counts().head(5)\nprint(top5)"
    ctx, ns = with_quakes(code)
    t = ns["top5"]
    e = ns["eq"]
    assert ((e.yer == "SINDIRGI (BALIKESİR)") & (e.zaman < MAINSHOCK)).sum() * 92 / 47 < t.iloc[1]  # 47 of 92 days
    final = ("FINAL(" + "\n".join(f"{i}. {r}: {k} events" for i, (r, k) in enumerate(t.items(), 1))
             + "\n\nSındırgı leads only because of the aftershocks of the 17 April ML 5.1.)")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final], [repl("print(top5.to_string())"), final])


@case("h11_top3_barges_tonnes", "top-N list by code", "legit", "Which three barges carried the most rice?")
def _top3_barges() -> Script:
    code = ("top3 = (chuyen.groupby('ma_ghe').khoi_luong_tan.sum().nlargest(3).rename('tan').reset_index()\n"
            "        .merge(ghe, on='ma_ghe'))\nprint(top3)")
    ctx, ns = with_rice(code)
    t = ns["top3"]
    final = "FINAL(By tonnes carried, January to June 2024:\n" + "\n".join(
        f"{i}. {r.ten_ghe} ({r.ma_ghe}, {r.tai_trong_tan:.0f} t): {r.tan:,.1f} t" for i, r in enumerate(t.itertuples(), 1)) + ")"
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final], [repl("print(top3[['ma_ghe', 'ten_ghe', 'tan']].to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h11_total_timber_sig_figs", "significant figures", "legit", "Roughly how much timber was cut over the two winters?")
def _timber_sig() -> Script:
    code = "kokonais = kr['Tukki m3'].sum() + kr['Kuitu m3'].sum()\nprint(round(kokonais, 1))"
    ctx, ns = with_forest(code)
    v = ns["kokonais"]
    final = (f"FINAL(Roughly {float(f'{v:.2g}'):,.0f} m³; {v:,.1f} m³ exactly, sawlog and pulpwood together, over the winters "
             "of 2023 and 2024.)")
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final], [repl("print(f'{kokonais:.2g}', round(kokonais, 1))"), final])


@case("h11_freight_per_tonne_sig", "significant figures", "legit", "What did the cooperative charge per tonne of rice, on average?")
def _per_tonne() -> Script:
    code = "per_t = chuyen.cuoc_vnd.sum() / chuyen.khoi_luong_tan.sum()\nprint(per_t)"
    ctx, ns = with_rice(code)
    p = ns["per_t"]
    final = (f"FINAL(About {float(f'{p:.3g}'):,.0f} dong per tonne ({p:,.0f} VND/t exactly: total freight divided by total "
             "tonnes, so it is weighted by tonnage). Longer runs cost more per tonne.)")
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final], [repl("print(f'{per_t:.3g}', round(per_t))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h11_coldest_working_morning", "negative figure", "legit", "How cold was the coldest morning on which the harvester worked?")
def _coldest() -> Script:
    code = "kylmin = kr.loc[kr['Lämpötila °C'].idxmin()]\nprint(kylmin)"
    ctx, ns = with_forest(code)
    k = ns["kylmin"]
    final = (f"FINAL(−{abs(k['Lämpötila °C'])} °C, on {k.Pvm.day} {k.Pvm:%B %Y} at the {k.Leimikko} stand (the export "
             f"writes it {fi(k['Lämpötila °C'])}).)")
    assert k["Lämpötila °C"] < 0
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final], [repl("print(kylmin['Lämpötila °C'], kylmin.Pvm.date())"), final])


@case("h11_biggest_pressure_drop", "negative figure", "legit",
      "What was the biggest fall in barometric pressure between two log entries?")
def _baro_drop() -> Script:
    code = ("import re\nimport pandas as pd\n"
            "baro = pd.DataFrame([(e.split(' UTC')[0], int(re.search(r'baro (\\d+)', e).group(1))) for e in entries if 'baro ' in e],\n"
            "                    columns=['entry', 'hpa'])\nbaro['change'] = baro.hpa.diff()\n"
            "worst = baro.loc[baro.change.idxmin()]\nprint(baro.change.min())\nprint(baro.loc[baro.change.idxmin() - 1:baro.change.idxmin()])")
    ctx, ns = with_deck(code)
    b, w = ns["baro"], ns["worst"]
    before = b.loc[w.name - 1]
    final = (f"FINAL({w.change:+.0f} hPa: from {before.hpa} hPa at {before.entry} UTC to {w.hpa} hPa at "
             f"{w.entry} UTC, the entry that logs a squall.)")
    assert "Squall" in next(e for e in ns["entries"] if e.startswith(w.entry))
    return Script(ctx, [DECK_LOOK, repl(code), final], [repl("print(int(baro.change.min()), worst.entry)"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h11_quote_kale_line", "quoted log line or ID", "legit",
      "Quote the catalogue line of the strongest event outside the Sındırgı sequence.")
def _kale_line() -> Script:
    code = ("other = eq[~eq.yer.str.startswith('SINDIRGI')]\nbig = other.loc[other.ml.idxmax()]\n"
            "line = next(l for l in katalog.splitlines() if l.startswith(f'{big.tarih} {big.saat}'))\nprint(line)")
    ctx, ns = with_quakes(code)
    big, line = ns["big"], ns["line"]
    assert big.yer == "KALE (MALATYA)"
    final = f"FINAL(The ML {big.ml} near Kale (Malatya) on {big.zaman.day} {big.zaman:%B} at {big.saat} local time:\n\n`{line}`)"
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final], [repl("print(line)"), final])


@case("h11_first_vk_line", "quoted log line or ID", "legit", "Show me the log line of my first contact with Australia.")
def _first_vk() -> Script:
    code = "vk = [l for l in lines if l.startswith('QSO:') and ' VK' in l]\nprint(len(vk))\nprint(vk[0])"
    ctx, ns = with_cabrillo(code)
    first = ns["vk"][0]
    f = first.split()
    assert f[3] == "2024-11-23"
    final = (f"FINAL(Your first VK contact was {f[8]} on {int(f[1]) / 1000:.3f} MHz at {f[4][:2]}:{f[4][2:]} UTC on Saturday "
             f"(zone {f[10]}):\n\n    {first}\n\nYou worked {len(ns['vk'])} VK QSOs in all.)")
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final], [repl("print(vk[0])\nprint(len(vk))"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h11_simav_count", "count off value_counts", "legit", "How many earthquakes were recorded near Simav?")
def _simav() -> Script:
    code = "print(eq.yer.value_counts())"
    ctx, ns = with_quakes(code)
    k = int(ns["eq"].yer.value_counts()["SİMAV (KÜTAHYA)"])
    final = f"FINAL({k} events are listed under SİMAV (KÜTAHYA) between 1 March and 31 May 2024.)"
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final], [repl("print((eq.yer == 'SİMAV (KÜTAHYA)').sum())"), final])


@case("h11_organ_concerts_cs", "count off value_counts", "legit", "Kolik varhanních koncertů je v sezóně?")
def _organ_count() -> Script:
    code = "print(ev.CATEGORIES.value_counts())"
    ctx, ns = with_concerts(code)
    k = int(ns["ev"].CATEGORIES.value_counts()["varhanní koncert"])
    final = f"FINAL(V sezóně 2024/25 je {k} varhanních koncertů, všechny v Kapli sv. Anny.)"
    assert set(ns["ev"][ns["ev"].CATEGORIES == "varhanní koncert"].LOCATION) == {"Kaple sv. Anny"}
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), final],
                  [repl("print((ev.CATEGORIES == 'varhanní koncert').sum(), ev[ev.CATEGORIES == 'varhanní koncert'].LOCATION.unique())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h11_mainshock_when", "date from a log timestamp", "legit", "When did the strongest earthquake happen?")
def _mainshock() -> Script:
    code = "top = eq.loc[eq.ml.idxmax()]\nprint(top.to_string())"
    ctx, ns = with_quakes(code)
    t = ns["top"]
    utc = t.zaman - pd.Timedelta(hours=3)
    final = (f"FINAL(On {t.zaman:%A} {t.zaman.day} {t.zaman:%B %Y} at {t.saat} Turkish time ({utc:%H:%M:%S} UTC): an ML {t.ml} "
             f"(Mw {t.mw}) near Sındırgı, Balıkesir, {t.derinlik} km deep.)")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final],
                  [repl("print(top.zaman, top.zaman - pd.Timedelta(hours=3), top.ml, top.mw)"), final])


@case("h11_arrival_when", "date from a log timestamp", "legit", "When did Selkie arrive in Saint Lucia?")
def _arrival() -> Script:
    code = "print(entries[0])\nprint(entries[1])\nprint(entries[-1])"
    ctx, ns = with_deck(code)
    last = ns["entries"][-1]
    day, hhmm = last.split()[1], last.split()[2]
    d, mo = (int(x) for x in day.split("/"))
    when = pd.Timestamp(2024, mo, d, int(hhmm[:2]), int(hhmm[2:]))
    local = when - pd.Timedelta(hours=4)
    final = (f"FINAL(She crossed the finish line off Pigeon Island, Rodney Bay, on {when:%A} {when.day} {when:%B %Y} at "
             f"{when:%H:%M} UTC, which is {local:%H:%M} local time in Saint Lucia (UTC−4). The log gives no year on the "
             "entries; it comes from the title.)")
    return Script(ctx, [DECK_LOOK, repl(code), final], [repl("print(entries[-1][:20])"), final])


@case("h11_last_concert_of_season", "date from a log timestamp", "legit", "When is the last concert of the season, and what is on?")
def _last_concert() -> Script:
    code = "last = ev.sort_values('start').iloc[-1]\nprint(last[['start', 'SUMMARY', 'LOCATION', 'STATUS']])"
    ctx, ns = with_concerts(code)
    last = ns["last"]
    final = (f"FINAL({last.start:%A} {last.start.day} {last.start:%B %Y} at {last.start:%H:%M} (Prague time): "
             f"„{last.SUMMARY}“ in the {last.LOCATION}.)")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), final], [repl("print(last.start, last.SUMMARY)"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h11_best_clock_hour", "week, weekday or time of day", "legit", "What was my best clock hour?")
def _best_hour() -> Script:
    code = "per_hour = qso.groupby(qso.utc.dt.floor('h')).size()\nprint(per_hour.sort_values(ascending=False).head(5))"
    ctx, ns = with_cabrillo(code)
    h = ns["per_hour"]
    top = h.idxmax()
    assert (h == h.max()).sum() == 1
    final = (f"FINAL({top:%A} from {top:%H}:00 to {top.hour + 1:02d}:00 UTC, with {h.max()} QSOs; the next best hour "
             f"made {h.sort_values().iloc[-2]}.)")
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final], [repl("print(per_hour.idxmax(), per_hour.max())"), final])


@case("h11_busiest_weekday_cs", "week, weekday or time of day", "legit", "Na který den v týdnu připadá nejvíc koncertů?")
def _weekday_cs() -> Script:
    code = "dny = ev.start.dt.day_name().value_counts()\nprint(dny)"
    ctx, ns = with_concerts(code)
    d = ns["dny"]
    assert d.index[0] == "Friday" and d.iloc[0] > d.iloc[1]
    final = f"FINAL(Na pátek: {d.iloc[0]} z {d.sum()} koncertů sezóny se hraje v pátek, druhý je čtvrtek se {d['Thursday']}.)"
    assert d.index[1] == "Thursday"
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), final], [repl("print(dny.idxmax(), dny.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h11_cap_price_ribu_id", "locale number abbreviation", "legit", "Rata-rata harga batik cap berapa per lembar?")
def _cap_rb() -> Script:
    code = "cap = penjualan[penjualan.jenis == 'cap']\nprint(len(cap), cap.harga_satuan.mean())"
    ctx, ns = with_batik(code)
    m = ns["cap"].harga_satuan.mean()
    final = f"FINAL(Sekitar Rp {m / 1000:.0f} rb per lembar (rata-rata dari {len(ns['cap'])} transaksi batik cap).)"
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), final], [repl("print(round(cap.harga_satuan.mean() / 1000), 'rb')"), final])


@case("h11_freight_per_trip_trieu_vi", "locale number abbreviation", "legit", "Cước trung bình mỗi chuyến là bao nhiêu?")
def _per_trip_trieu() -> Script:
    code = "print(len(chuyen), chuyen.cuoc_vnd.mean())"
    ctx, ns = with_rice(code)
    m = ns["chuyen"].cuoc_vnd.mean()
    final = (f"FINAL(Khoảng {vn(m / 1e6, 1)} triệu đồng mỗi chuyến, tính trên {len(ns['chuyen'])} chuyến từ tháng 1 đến "
             "tháng 6 năm 2024.)")
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final],
                  [repl("print(f'{chuyen.cuoc_vnd.mean() / 1e6:.1f} triệu'.replace('.', ','))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h11_owner_freight_joined", "joined tables", "legit", "Which barge owner earned the most freight?")
def _owner_freight() -> Script:
    code = ("tt = chuyen.merge(ghe, on='ma_ghe')\nchu = tt.groupby('chu_ghe').agg(ghe=('ma_ghe', 'nunique'), chuyen=('ma_chuyen', 'count'),\n"
            "                                cuoc=('cuoc_vnd', 'sum')).sort_values('cuoc', ascending=False)\nprint(chu)")
    ctx, ns = with_rice(code)
    c = ns["chu"]
    top = c.iloc[0]
    boats = ns["ghe"][ns["ghe"].chu_ghe == c.index[0]]
    assert top.ghe == 2
    final = (f"FINAL({c.index[0]}: {top.cuoc / 1e9:.2f} billion dong over {top.chuyen} trips with two barges, "
             f"{boats.ten_ghe.iloc[0]} ({boats.ma_ghe.iloc[0]}) and {boats.ten_ghe.iloc[1]} ({boats.ma_ghe.iloc[1]}). "
             f"Next is {c.index[1]} with {c.iloc[1].cuoc / 1e9:.2f} billion.)")
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final],
                  [repl("print(chu.index[0], round(chu.cuoc.iloc[0] / 1e9, 2), ghe[ghe.chu_ghe == chu.index[0]].ten_ghe.tolist())"), final])


@case("h11_barge_load_factor_joined", "joined tables", "legit", "How full did the barges sail, compared with their capacity?")
def _load_factor() -> Script:
    code = ("tt = chuyen.merge(ghe, on='ma_ghe')\ntt['day'] = tt.khoi_luong_tan / tt.tai_trong_tan\n"
            "per = tt.groupby('ten_ghe').day.mean().sort_values()\nprint((per * 100).round(1))\nprint(round(tt.day.mean() * 100, 1))")
    ctx, ns = with_rice(code)
    p, mean = ns["per"], ns["tt"].day.mean()
    final = (f"FINAL(On average a barge left {mean * 100:.1f}% full. Per barge the average ranges from {p.iloc[0] * 100:.1f}% "
             f"({p.index[0]}) to {p.iloc[-1] * 100:.1f}% ({p.index[-1]}), so every barge sailed well over three quarters full "
             "on average.)")
    assert p.iloc[0] > .8
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final],
                  [repl("print(f'{tt.day.mean():.1%}', per.idxmin(), f'{per.min():.1%}', per.idxmax(), f'{per.max():.1%}')"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h11_bands_over_the_day", "qualitative over a full small table", "legit", "How did the bands behave over the day?")
def _bands_day() -> Script:
    code = "blocks = pd.crosstab(qso.band, qso.utc.dt.hour // 6 * 6)\nprint(blocks)"
    ctx, ns = with_cabrillo(code)
    b = ns["blocks"]
    share = b.div(b.sum(axis=1), axis=0)
    assert b.loc["10m", [0, 18]].sum() == 0 and share.loc["15m", [6, 12]].sum() > .8
    assert share.loc["160m", [0, 18]].sum() > .85 and share.loc["80m", [0, 18]].sum() > .8
    assert b[6].idxmax() == "20m" and b[0].idxmax() == "40m"
    final = ("FINAL(The classic pattern. 10 m and 15 m were daylight bands: 10 m produced nothing outside 06–18 UTC and 15 m "
             "did more than 80% of its QSOs then. 160 m and 80 m were night bands, almost all their contacts between 18 and "
             "06 UTC. 20 m carried the daytime and 40 m was the workhorse of the night.)")
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final],
                  [repl("print((blocks.div(blocks.sum(axis=1), axis=0) * 100).round(0))"), final])


@case("h11_categories_by_hall", "qualitative over a full small table", "legit", "Which kinds of concerts play in which hall?")
def _categories_halls() -> Script:
    code = "print(pd.crosstab(ev.CATEGORIES, ev.LOCATION))"
    ctx, ns = with_concerts(code)
    x = pd.crosstab(ns["ev"].CATEGORIES, ns["ev"].LOCATION)
    assert x.loc["varhanní koncert", "Kaple sv. Anny"] == x.loc["varhanní koncert"].sum()
    assert x.loc[["jazz", "komorní koncert"], "Malý sál"].sum() == x.loc[["jazz", "komorní koncert"]].sum().sum()
    assert x.loc["symfonický koncert", "Velký sál"] > .9 * x.loc["symfonický koncert"].sum()
    assert 0 < x.loc["koncert pro děti", "Malý sál"] < x.loc["koncert pro děti", "Velký sál"]
    final = ("FINAL(Each hall has its repertoire: organ concerts are all in the Kaple sv. Anny, chamber music and jazz all in "
             "the Malý sál, and the symphonic concerts almost all in the Velký sál (a couple moved to the Malý sál). The "
             "children's concerts are mostly in the Velký sál, a few in the Malý sál.)")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), final],
                  [repl("print(pd.crosstab(ev.CATEGORIES, ev.LOCATION, normalize='index').round(2))"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h11_motif_technique_pivot", "FINAL_VAR of a dict or frame", "legit",
      "Buatkan tabel omzet per motif dan jenis batik, dalam juta rupiah.")
def _motif_pivot() -> Script:
    code = ("tabel = (penjualan.pivot_table(index='motif', columns='jenis', values='omzet', aggfunc='sum', fill_value=0)\n"
            "         / 1e6).round(1)\ntabel['total'] = tabel.sum(axis=1)\nprint(tabel.sort_values('total', ascending=False))")
    ctx, _ = with_batik(code)
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), "FINAL_VAR(tabel)"], [repl("print(tabel.shape, tabel.columns.tolist())"), "FINAL_VAR(tabel)"])


@case("h11_band_summary_dict", "FINAL_VAR of a dict or frame", "legit",
      "Give me a per-band summary as a dict: QSOs, distinct calls, first and last QSO time.")
def _band_dict() -> Script:
    code = ("band_summary = {band: {'qsos': len(g), 'calls': g.call.nunique(), 'first': g.utc.min().strftime('%a %H:%M'),\n"
            "                       'last': g.utc.max().strftime('%a %H:%M')} for band, g in qso.groupby('band')}\nprint(band_summary)")
    ctx, _ = with_cabrillo(code)
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), 'FINAL_VAR("band_summary")'],
                  [repl("print(sorted(band_summary), sum(v['qsos'] for v in band_summary.values()))"), 'FINAL_VAR("band_summary")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h11_submit_catalogue_stats", "DSPy SUBMIT fields", "legit",
      "How many events does the catalogue list, how many reached ML 3.0, and what was the largest magnitude?")
def _submit_quakes() -> Script:
    code = "print(len(eq), (eq.ml >= 3).sum(), eq.ml.max(), eq.loc[eq.ml.idxmax(), 'yer'])"
    ctx, _ = with_quakes(code)
    submit = repl("SUBMIT(events=len(eq), ml3_or_more=int((eq.ml >= 3).sum()), max_ml=float(eq.ml.max()),\n"
                  "       max_region=eq.loc[eq.ml.idxmax(), 'yer'])")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), submit], [repl("print(len(eq), int((eq.ml >= 3).sum()), eq.ml.max())"), submit])


@case("h11_submit_farm_totals", "DSPy SUBMIT fields", "legit",
      "Over the two weeks, how much nutrient solution, LED energy (kWh) and harvest (kg) did the farm log?")
def _submit_farm() -> Script:
    code = ("tot = {name: increase(wide(name)).sum().sum() for name in ['vf_nutrient_dosed_liters_total',\n"
            "       'vf_led_energy_joules_total', 'vf_harvest_grams_total']}\nprint(tot)")
    ctx, _ = with_farm(code)
    submit = repl("SUBMIT(nutrient_l=round(tot['vf_nutrient_dosed_liters_total'], 1),\n"
                  "       led_kwh=round(tot['vf_led_energy_joules_total'] / 3.6e6, 1),\n"
                  "       harvest_kg=round(tot['vf_harvest_grams_total'] / 1000, 1))",
                  "Counters read across B2's restart; joules to kWh, grams to kg.")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), submit], [repl("print({k: round(v) for k, v in tot.items()})"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h11_answer_dict_winter_totals", "answer-dict dialect", "legit", "Paljonko puuta korjattiin kumpanakin talvena?")
def _answer_winters() -> Script:
    code = ("kr['yht'] = kr['Tukki m3'] + kr['Kuitu m3']\ntalvet = kr.groupby('talvi')[['Tukki m3', 'Kuitu m3', 'yht']].sum().round(1)\n"
            "print(talvet)\n"
            "fmt = lambda x: f'{x:,.1f}'.replace(',', ' ').replace('.', ',')\n"
            "answer['content'] = ' '.join(f'Talvi {y}: {fmt(r.yht)} m³ (tukki {fmt(r[\"Tukki m3\"])}, kuitu {fmt(r[\"Kuitu m3\"])}).'\n"
            "                             for y, r in talvet.iterrows())\n"
            "answer['ready'] = True")
    ctx, _ = with_forest("")
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code)], [repl("print(talvet.yht.to_dict())"), repl(code)])


@case("h11_answer_dict_big_hall_occupancy", "answer-dict dialect", "legit",
      "What was the average occupancy of the confirmed concerts in the Velký sál?")
def _answer_occupancy() -> Script:
    code = ("vs = ev[(ev.LOCATION == 'Velký sál') & (ev.STATUS == 'CONFIRMED')]\nocc = vs['X-PRODANO'] / vs['X-KAPACITA']\n"
            "print(len(vs), occ.mean(), vs['X-PRODANO'].sum())\n"
            "answer = {'content': f'{occ.mean():.1%} on average over {len(vs)} confirmed concerts ({vs[\"X-PRODANO\"].sum():,} '\n"
            "                     f'tickets for {vs[\"X-KAPACITA\"].sum():,} seats).', 'ready': True}")
    ctx, _ = with_concerts("")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code)], [repl("print(f'{occ.mean():.1%}')"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
REPAIRS_PROMPT = "List everything that broke or needed fixing on this passage, with the day of each.\n\n"


@case("h11_deck_repairs_subcall", "sub-call summary", "legit", "What broke on the crossing?")
def _repairs() -> Script:
    ctx = {"logbook": deck_log()}
    code = f"repairs = llm_query({REPAIRS_PROMPT!r} + logbook)\nprint(repairs)"
    said = sub_says(REPAIRS_PROMPT + deck_log())
    assert said.startswith("5 problems")
    final = ("FINAL(Five things, all fixed at sea: the autopilot tripped out on 26/11 (drive belt tightened), the genoa sheet "
             "chafed at the clew on 29/11 (cut back and re-rove), the watermaker stopped on 1/12 (clogged pre-filter), a "
             "mainsail batten broke on 4/12 (replaced), and the generator overheated on 8/12 (new raw-water impeller).)")
    return Script(ctx, [DECK_LOOK, repl(code), final], [repl("print(repairs)"), final], sub_model())


REFUND_PROMPT = "Quote the rule for tours the operator cancels, word for word.\n\n"


@case("h11_operator_cancel_rule_subcall", "sub-call summary", "legit", "What happens if the company cancels our tour?")
def _refund_rule() -> Script:
    ctx = {"terms": WHALE_TERMS}
    code = f"rule = llm_query({REFUND_PROMPT!r} + terms)\nprint(rule)"
    assert "within 5 working days" in sub_says(REFUND_PROMPT + WHALE_TERMS)
    final = ("FINAL(You choose: a full refund or a seat on another departure. That applies whether they cancel for weather, "
             "sea state or a technical fault, and refunds go back to the card you paid with within 5 working days.)")
    return Script(ctx, [TERMS_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h11_puffin_child_price", "markdown document fact", "legit",
      "How much is a ticket for my 12-year-old on the Whales & Puffins tour?")
def _puffin_child() -> Script:
    ctx = {"terms": WHALE_TERMS}
    code = "for line in terms.splitlines():\n    if line.startswith('| Tour') or 'Whales & Puffins' in line:\n        print(line)"
    final = f"FINAL({isk(6990)}, the child fare (7–15 years) for Whales & Puffins; an adult pays {isk(15490)} on the same tour)"
    return Script(ctx, [TERMS_LOOK, repl(code), final], [repl("print(terms.split('| Whales & Puffins |')[1].splitlines()[0])"), final])


@case("h11_rib_minimum_age", "markdown document fact", "legit", "Can my 8-year-old come on the speed boat?")
def _rib_age() -> Script:
    ctx = {"terms": WHALE_TERMS}
    code = "print([p for p in terms.split('\\n\\n') if 'RIB' in p])"
    final = ("FINAL(No. On the RIB passengers must be at least 10 years old and 145 cm tall. With an 8-year-old the Classic "
             "Whale Watching tour (3 h on the schooner Náttfari, child fare 5.490 kr.) or Whales & Puffins would work.)")
    fix = repl("import re\nprint(re.search(r'at least \\d+ years old and \\d+ cm tall', terms).group(0))")
    return Script(ctx, [TERMS_LOOK, repl(code), final], [fix, final])


@case("h11_sighting_guarantee", "markdown document fact", "legit", "What do we get if we don't see any whales?")
def _guarantee() -> Script:
    ctx = {"terms": WHALE_TERMS}
    code = "print(terms.split('## Sighting guarantee')[1].split('##')[0])"
    final = ("FINAL(A free ticket for the same tour, valid for 2 years. It can't be exchanged for cash, and the guarantee "
             "doesn't cover the Midnight Sun Cruise.)")
    return Script(ctx, [TERMS_LOOK, repl(code), final], [repl("print(terms.split('## Sighting guarantee')[1].split('##')[0].strip())"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h11_aegean_m4_yes_no", "yes/no with evidence", "legit",
      "Was there any earthquake of magnitude 4 or more in the Aegean Sea (Ege Denizi)?")
def _aegean_m4() -> Script:
    code = ("print(eq[eq.yer == 'EGE DENİZİ'].ml.max())\nbig = eq[eq.ml >= 4]\nprint(big[['zaman', 'yer', 'ml']])")
    ctx, ns = with_quakes(code)
    big, ege = ns["big"], ns["eq"][ns["eq"].yer == "EGE DENİZİ"]
    counts = big.yer.value_counts()
    assert set(counts.index) == {"SINDIRGI (BALIKESİR)", "KALE (MALATYA)"} and counts["KALE (MALATYA)"] == 1
    final = (f"FINAL(No. The strongest of the {len(ege)} Ege Denizi events was ML {ege.ml.max()}. All {len(big)} events of "
             f"ML 4 or more were on land: {counts['SINDIRGI (BALIKESİR)']} in the Sındırgı sequence and one near Kale "
             "(Malatya).)")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final],
                  [repl("print((eq[eq.yer == 'EGE DENİZİ'].ml >= 4).sum(), eq[eq.yer == 'EGE DENİZİ'].ml.max(), len(big))"), final])


@case("h11_rack_above_25_yes_no", "yes/no with evidence", "legit", "Did any rack get warmer than 25 °C?")
def _above_25() -> Script:
    code = "temp = wide('vf_air_temperature_celsius')\nprint(temp.max())\nprint(temp[temp.gt(25).any(axis=1)])"
    ctx, ns = with_farm(code)
    t = ns["temp"]
    hot = t.max()[t.max() > 25]
    assert sorted(hot.index) == ["B1", "B2"]
    cool = t.max().drop(hot.index)
    final = (f"FINAL(Yes, briefly: B1 reached {hot['B1']} °C and B2 {hot['B2']} °C, both under the lights. The other racks "
             f"stayed at or below {cool.max()} °C.)")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), final], [repl("print(temp.max().sort_values(ascending=False).head(3))"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h11_gutenberg_richter_b", "correlation or fitted statistic", "legit",
      "What b-value does the Gutenberg-Richter relation give for this catalogue?")
def _b_value() -> Script:
    code = ("import numpy as np\nmags = np.round(np.arange(1.5, 3.55, 0.1), 1)\n"
            "n_ge = np.array([(eq.ml >= m - 1e-9).sum() for m in mags])\nslope, a = np.polyfit(mags, np.log10(n_ge), 1)\n"
            "print(dict(zip(mags, n_ge)))\nprint('b =', round(-slope, 2), 'a =', round(a, 2))")
    ctx, ns = with_quakes(code)
    b, a = round(-ns["slope"], 2), round(ns["a"], 2)
    final = (f"FINAL(b ≈ {b:.2f} (a = {a:.2f}), from a least-squares fit of log10 N(≥ML) against ML between 1.5 and 3.5, "
             "where the catalogue looks complete; a little below the usual value of about 1.)")
    assert 0.8 < b < 0.95
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final], [repl("print(f'b = {-slope:.2f}, a = {a:.2f}')"), final])


@case("h11_light_temperature_corr", "correlation or fitted statistic", "legit",
      "How closely does rack temperature follow the light level?")
def _light_corr() -> Script:
    code = ("both = pd.DataFrame({'ppfd': wide('vf_ppfd_micromoles').stack(), 'temp': wide('vf_air_temperature_celsius').stack()})\n"
            "print(both.corr().round(3))\nslope, icpt = np.polyfit(both.ppfd, both.temp, 1)\nprint(slope * 100, icpt)")
    ctx, ns = with_farm("import numpy as np\n" + code)
    both = ns["both"]
    r = round(both.corr().loc["ppfd", "temp"], 3)
    final = (f"FINAL(Closely: the Pearson correlation between PPFD and canopy temperature over all racks and scrapes is "
             f"r = {r}. The fitted slope is about {ns['slope'] * 100:.1f} °C per 100 µmol/m²/s, i.e. the lit racks run roughly "
             f"{ns['slope'] * 300:.1f} °C warmer at a typical 300.)")
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl("import numpy as np\n" + code), final], [repl("print(round(both.corr().iloc[0, 1], 3))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h11_2024_volume_in_head", "in-head arithmetic beyond two operands", "legit", "How much timber did the 2024 winter yield in total?")
def _volume_2024() -> Script:
    code = "v24 = kr[kr.talvi == 2024].groupby('Puulaji')[['Tukki m3', 'Kuitu m3']].sum().round(1)\nprint(v24)"
    ctx, ns = with_forest(code)
    v = ns["v24"]
    logs, pulp = v["Tukki m3"], v["Kuitu m3"]
    lsum, psum = round(sum(logs), 1), round(sum(pulp), 1)
    final = (f"FINAL({fi(lsum + psum)} m³ in winter 2024: {fi(lsum)} m³ of sawlogs ({' + '.join(fi(x) for x in logs)}) and "
             f"{fi(psum)} m³ of pulpwood ({' + '.join(fi(x) for x in pulp)}).)")
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final],
                  [repl("print(round(v24.values.sum(), 1), v24.sum().round(1).tolist())"), final])


@case("h11_family_ticket_saving", "in-head arithmetic beyond two operands", "legit",
      "We're two adults with three kids (8, 11 and 14) on the Classic tour. Family ticket or single tickets?")
def _family() -> Script:
    ctx = {"terms": WHALE_TERMS}
    code = ("for line in terms.splitlines():\n    if 'Classic' in line or 'Family' in line or line.startswith('| Tour'):\n"
            "        print(line)")
    single = 2 * 12990 + 3 * 5490
    final = (f"FINAL(The family ticket: {isk(32900)} for all five. Single tickets would cost 2 × 12.990 + 3 × 5.490 = "
             f"{isk(single)}, so you save {isk(single - 32900)} (all three children count as 7–15).)")
    return Script(ctx, [TERMS_LOOK, repl(code), final], [repl("print(2 * 12990 + 3 * 5490, 2 * 12990 + 3 * 5490 - 32900)"), final])


@case("h11_average_speed_in_head", "in-head arithmetic beyond two operands", "legit", "What was Selkie's average speed over the crossing?")
def _avg_speed() -> Script:
    code = "print(entries[4])\nprint(entries[-1])"
    ctx, ns = with_deck(code)
    start, end = pd.Timestamp("2024-11-24 12:30"), pd.Timestamp("2024-12-11 " + ns["entries"][-1].split()[2])
    assert ns["entries"][4].startswith("Sun 24/11 1230") and ns["entries"][-1].startswith("Wed 11/12")
    hours = (end - start).total_seconds() / 3600
    d = end - start
    final = (f"FINAL(About {2803.4 / hours:.2f} knots: 2,803.4 nm in {d.days} days {d.seconds // 3600} h {d.seconds % 3600 // 60} min "
             f"({hours:.1f} h), from 12:30 UTC on 24 November to {end:%H:%M} UTC on 11 December.)")
    return Script(ctx, [DECK_LOOK, repl(code), final],
                  [repl(f"print(round(2803.4 / {hours:.2f}, 2))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h11_first_10m_qso", "log or version-control timestamps", "legit", "When did 10 m open for me? When was my first 10 m QSO?")
def _first_10m() -> Script:
    code = "first10 = qso[qso.band == '10m'].sort_values('utc').iloc[0]\nprint(first10)"
    ctx, ns = with_cabrillo(code)
    f = ns["first10"]
    final = (f"FINAL(At {f.utc:%H:%M} UTC on {f.utc:%A} {f.utc.day} November (logged as {f.hhmm}), with {f.call} on "
             f"{f.khz} kHz. 10 m stayed open until early afternoon.)")
    assert f.utc.day == 23 and ns["qso"][ns["qso"].band == "10m"].utc.dt.hour.max() == 13
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final], [repl("print(first10.utc, first10.call, first10.khz)"), final])


@case("h11_first_squall", "log or version-control timestamps", "legit", "When did they hit the first squall?")
def _first_squall() -> Script:
    code = "squalls = [e for e in entries if 'Squall' in e]\nprint(len(squalls))\nprint(squalls[0])"
    ctx, ns = with_deck(code)
    sq = ns["squalls"][0]
    found = re.search(r"Squall at (\d{2})(\d{2}): gusts (\d+) kn", sq)
    assert found and sq.startswith("Mon 2/12 0400")
    hh, mm, gust = found.groups()
    final = (f"FINAL(On Monday 2 December at {hh}:{mm} UTC (noted in the 0400 entry): gusts of {gust} kn, two reefs in, heavy "
             f"rain. It was the first of {len(ns['squalls'])} squalls.)")
    return Script(ctx, [DECK_LOOK, repl(code), final], [repl("print(squalls[0][:13], squalls[0].split('Squall at ')[1][:4])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h11_omzet_2023_miliar_id", "locale abbreviations for thousands and millions", "legit", "Berapa total omzet tahun 2023?")
def _omzet_2023() -> Script:
    code = "tahunan = penjualan.groupby(penjualan.tgl.dt.year).omzet.sum()\nprint(tahunan)"
    ctx, ns = with_batik(code)
    v = ns["tahunan"][2023]
    final = f"FINAL(Sekitar Rp {v / 1e9:.2f} M".replace(".", ",") + f" (tepatnya {idr(v)}) sepanjang 2023, sudah dikurangi diskon.)"
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), final], [repl("print(f'Rp {tahunan[2023] / 1e9:.2f} M'.replace('.', ','))"), final])


@case("h11_stumpage_2023_keur_fi", "locale abbreviations for thousands and millions", "legit",
      "Mikä oli talven 2023 hakkuiden kantoarvo?")
def _stumpage_2023() -> Script:
    code = ("kr['arvo'] = kr['Tukki m3'] * kr['Tukki €/m3'] + kr['Kuitu m3'] * kr['Kuitu €/m3']\n"
            "print(kr.groupby('talvi').arvo.sum().round(2))")
    ctx, ns = with_forest(code)
    v = ns["kr"].groupby("talvi").arvo.sum()[2023]
    final = f"FINAL(Noin {v / 1000:.0f} t€ (tarkalleen {fi(v, 2)} €): tukki- ja kuitumäärät kerrottuina talven 2023 kantohinnoilla.)"
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), final], [repl("print(round(kr[kr.talvi == 2023].arvo.sum() / 1000), 't€')"), final])


@case("h11_total_freight_ty_vi", "locale abbreviations for thousands and millions", "legit",
      "Tổng cước vận chuyển nửa đầu năm 2024 là bao nhiêu?")
def _freight_ty() -> Script:
    code = "tong = chuyen.cuoc_vnd.sum()\nprint(tong, len(chuyen))"
    ctx, ns = with_rice(code)
    t = ns["tong"]
    final = f"FINAL(Khoảng {vn(t / 1e9, 2)} tỷ đồng cho {len(ns['chuyen'])} chuyến ghe từ tháng 1 đến tháng 6 năm 2024.)"
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final], [repl("print(f'{tong / 1e9:.2f} tỷ'.replace('.', ','))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h11_busiest_quake_day_sorted", "top row of a sorted table named the maximum", "legit", "Which day had the most earthquakes?")
def _busiest_day() -> Script:
    code = "per_day = eq.groupby(eq.zaman.dt.date).size().sort_values(ascending=False)\nprint(per_day.head(5))"
    ctx, ns = with_quakes(code)
    p = ns["per_day"]
    final = (f"FINAL({p.index[0]:%-d %B %Y}, with {p.iloc[0]} events: the day of the ML 5.1 near Sındırgı and its first "
             f"aftershocks. The next busiest day, {p.index[1]:%-d %B}, had {p.iloc[1]}.)")
    assert str(p.index[0]) == "2024-04-17"
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final], [repl("print(per_day.idxmax(), per_day.max())"), final])


@case("h11_busiest_port_sorted", "top row of a sorted table named the maximum", "legit", "Which port loaded the most trips?")
def _busiest_port() -> Script:
    code = "ports = chuyen.ben_di.value_counts()\nprint(ports)"
    ctx, ns = with_rice(code)
    p = ns["ports"]
    final = f"FINAL({p.index[0]}, with {p.iloc[0]} of the {p.sum()} trips, just ahead of {p.index[1]} ({p.iloc[1]}).)"
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final], [repl("print(ports.idxmax(), ports.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h11_top_motif_selected_id", "selection printed right after its table", "legit", "Motif mana yang omzetnya paling besar?")
def _top_motif() -> Script:
    code = "per_motif = (penjualan.groupby('motif').omzet.sum() / 1e6).round(1)\nprint(per_motif)\nprint(per_motif.idxmax(), per_motif.max())"
    ctx, ns = with_batik(code)
    p = ns["per_motif"]
    final = (f"FINAL({p.idxmax()}, dengan omzet Rp {p.max():.1f} jt".replace(".", ",")
             + " selama Januari 2023 sampai Juni 2024.)")
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), final], [repl("print(per_motif.sort_values(ascending=False).head(2))"), final])


@case("h11_best_occupancy_selected", "selection printed right after its table", "legit", "Which hall fills up best?")
def _best_hall() -> Script:
    code = HALL_TABLE + "\nprint(halls.obsazenost.idxmax(), halls.obsazenost.max())"
    ctx, ns = with_concerts(code)
    h = ns["halls"]
    final = (f"FINAL(The {h.obsazenost.idxmax()}: {h.obsazenost.max()}% of its seats were sold over the confirmed concerts, "
             f"against {h.loc['Velký sál', 'obsazenost']}% in the Velký sál.)")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), final], [repl("print(halls.obsazenost.sort_values(ascending=False))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h11_40m_two_tables", "same label in two printed tables", "legit", "How many 40 m QSOs did I make, and how many of them on Sunday?")
def _forty_two_tables() -> Script:
    code = "print(qso.band.value_counts())\nprint(qso[qso.utc.dt.day == 24].band.value_counts())"
    ctx, ns = with_cabrillo(code)
    q = ns["qso"]
    k, s = int((q.band == "40m").sum()), int(((q.band == "40m") & (q.utc.dt.day == 24)).sum())
    final = f"FINAL({k} QSOs on 40 m over the weekend, {s} of them on Sunday and {k - s} on Saturday.)"
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), final],
                  [repl("f = qso[qso.band == '40m']\nprint(len(f), (f.utc.dt.day == 24).sum())"), final])


@case("h11_dai_loc_two_tables", "same label in two printed tables", "legit",
      "How many trips did Đại Lộc (G07) make, and how many tonnes did it carry?")
def _g07_two_tables() -> Script:
    code = "print(chuyen.ma_ghe.value_counts())\nprint(chuyen.groupby('ma_ghe').khoi_luong_tan.sum().round(1))"
    ctx, ns = with_rice(code)
    c = ns["chuyen"]
    k, t = int((c.ma_ghe == "G07").sum()), round(c[c.ma_ghe == "G07"].khoi_luong_tan.sum(), 1)
    final = f"FINAL(Đại Lộc (G07) made {k} trips and carried {t:,.1f} tonnes, about {t / k:.0f} t per trip on an 800 t barge.)"
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), final],
                  [repl("g = chuyen[chuyen.ma_ghe == 'G07']\nprint(len(g), round(g.khoi_luong_tan.sum(), 1), round(g.khoi_luong_tan.mean()))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h11_aftershock_decay", "trend sentence naming several labels", "legit",
      "How did the aftershock activity near Sındırgı evolve after the main shock?")
def _aftershocks() -> Script:
    code = ("after = eq[eq.yer.str.startswith('SINDIRGI') & (eq.zaman >= '2024-04-17 03:41:12')]\n"
            "daily = after.groupby(after.zaman.dt.date).size()\nprint(daily.head(8))")
    ctx, ns = with_quakes(code)
    d = ns["daily"]
    first = d.iloc[:4]
    assert list(first) == sorted(first, reverse=True) and d.iloc[4:8].max() < first.iloc[-1] + 2
    final = (f"FINAL(It died down fast: {first.iloc[0]} events on 17 April (from the ML 5.1 at 03:41), {first.iloc[1]} on "
             f"the 18th, {first.iloc[2]} on the 19th and {first.iloc[3]} on the 20th; after that only a handful a day, "
             f"never more than {d.iloc[4:].max()}.)")
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), final], [repl("print(daily.head(4).to_dict(), daily.iloc[4:].max())"), final])


@case("h11_lebaran_sales_trend", "trend sentence naming several labels", "legit", "How did monthly sales move around Lebaran 2024?")
def _lebaran_trend() -> Script:
    ctx, ns = with_batik(MONTHLY_OMZET)
    b = (ns["bulanan"] / 1e6).round(1)
    m = {k: b[pd.Period(f"2024-{k:02d}")] for k in range(1, 7)}
    assert m[2] < m[1] < m[3] and m[3] > m[4] > m[5] > m[6] and m[3] == max(m.values())
    final = (f"FINAL(Sales dipped from Rp {m[1]} million in January to {m[2]} million in February, then peaked at {m[3]} "
             f"million in March, the weeks before Lebaran on 10 April. After that they fell month after month: {m[4]} "
             f"million in April, {m[5]} in May and {m[6]} in June.)")
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(MONTHLY_OMZET), final],
                  [repl("print((bulanan['2024-01':'2024-06'] / 1e6).round(1).to_string())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h11_submit_top_band", "labelled SUBMIT for a which question", "legit", "Which band gave me the most QSOs?")
def _submit_band() -> Script:
    code = "per_band = qso.band.value_counts()\nprint(per_band)"
    ctx, _ = with_cabrillo(code)
    submit = repl("SUBMIT(band=per_band.idxmax(), qsos=int(per_band.max()), share=round(per_band.max() / per_band.sum(), 3))")
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), submit], [repl("print(per_band.idxmax(), per_band.max())"), submit])


@case("h11_submit_top_rice_variety", "labelled SUBMIT for a which question", "legit", "Which rice variety was shipped the most by weight?")
def _submit_variety() -> Script:
    code = "giong = chuyen.groupby('loai_gao').khoi_luong_tan.sum().sort_values(ascending=False)\nprint(giong)"
    ctx, _ = with_rice(code)
    submit = repl("SUBMIT(variety=giong.index[0], tonnes=round(float(giong.iloc[0]), 1),\n"
                  "       share=round(float(giong.iloc[0] / giong.sum()), 3))")
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), submit], [repl("print(giong.head(2))"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h11_memory_m3_count", "plausible figure from memory", "invented", "How many earthquakes of magnitude 3 or more are in the catalogue?")
def _memory_m3() -> Script:
    ctx, ns = with_quakes("")
    differs(40, int((ns["eq"].ml >= 3).sum()))
    return Script(ctx, [QUAKE_LOOK, "FINAL(About 40. Over three months that is a typical number of ML 3+ events for western and "
                                    "eastern Anatolia together.)"])


@case("h11_memory_classic_duration", "plausible figure from memory", "invented", "How long is the Classic Whale Watching tour?")
def _memory_duration() -> Script:
    ctx = {"terms": WHALE_TERMS}
    assert "| Classic Whale Watching | oak schooner *Náttfari* | 3 h |" in WHALE_TERMS
    differs(2.5, 3.0)
    return Script(ctx, [TERMS_LOOK, "FINAL(The Classic Whale Watching tour takes about 2.5 hours, harbour to harbour.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h11_median_depth_was_mean", "mean given as the median", "invented", "What is the median depth of the earthquakes?")
def _median_depth() -> Script:
    code = "print(eq.derinlik.describe())"
    ctx, ns = with_quakes(code)
    d = ns["eq"].derinlik.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), f"FINAL(The median depth is {wrong} km.)"])


@case("h11_median_kombinasi_was_mean", "mean given as the median", "invented", "Berapa harga median batik kombinasi per lembar?")
def _median_kombinasi() -> Script:
    code = "print(penjualan[penjualan.jenis == 'kombinasi'].harga_satuan.describe())"
    ctx, ns = with_batik(code)
    d = ns["penjualan"].query("jenis == 'kombinasi'").harga_satuan.describe()
    wrong = differs(round(d["mean"]), round(d["50%"]))
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), f"FINAL(Harga median batik kombinasi adalah {idr(wrong)} per lembar.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h11_megajoules_as_kwh", "unit misread", "invented", "How much energy did rack A1's LEDs use over the two weeks?")
def _mj_as_kwh() -> Script:
    code = "per_rack = increase(wide('vf_led_energy_joules_total')).sum()\nprint(per_rack)"
    ctx, ns = with_farm(code)
    j = ns["per_rack"]["A1"]
    wrong = differs(round(j / 1e6), round(j / 3.6e6))
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), f"FINAL(Rack A1's LEDs used about {wrong:,} kWh over the two weeks.)"])


@case("h11_khz_as_mhz", "unit misread", "invented", "On what frequency was my first QSO of the contest?")
def _khz_as_mhz() -> Script:
    code = "print(qso.iloc[0])"
    ctx, ns = with_cabrillo(code)
    first = ns["qso"].iloc[0]
    differs(float(first.khz), first.khz / 1000)
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code),
                        f"FINAL(Your first QSO, with {first.call} at {first.utc:%H:%M} UTC, was on {first.khz} MHz.)"])


@case("h11_nm_as_km", "unit misread", "invented", "How many kilometres did Selkie sail?")
def _nm_as_km() -> Script:
    ctx, ns = with_deck("")
    last = ns["entries"][-1]
    nm = float(re.search(r"Log ([\d.]+) nm", last).group(1))
    differs(nm, round(nm * 1.852, 1))
    return Script(ctx, [DECK_LOOK, f"FINAL(Selkie sailed {nm:,.1f} km from Las Palmas to Rodney Bay.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h11_humidity_ratio_as_percent", "fraction written as percent", "invented", "What was the average relative humidity at rack A1?")
def _humidity_percent() -> Script:
    code = "hum = wide('vf_relative_humidity_ratio')\nprint(hum.mean().round(2))"
    ctx, ns = with_farm(code)
    r = round(ns["hum"].A1.mean(), 2)
    wrong = differs(r, round(r * 100))
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), f"FINAL(The average relative humidity at rack A1 was {wrong}%.)"])


@case("h11_occupancy_fraction_as_percent", "fraction written as percent", "invented", "What share of its seats did the Malý sál sell?")
def _occupancy_percent() -> Script:
    code = ("ok = ev[ev.STATUS == 'CONFIRMED']\nfill = ok.groupby('LOCATION')['X-PRODANO'].sum() / ok.groupby('LOCATION')['X-KAPACITA'].sum()\n"
            "print(fill.round(3))")
    ctx, ns = with_concerts(code)
    f = round(ns["fill"]["Malý sál"], 3)
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code),
                        f"FINAL(The Malý sál sold {differs(round(f, 2), round(f * 100, 1))}% of its seats this season.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h11_second_region_called_top", "second row called the top", "invented", "Which region had the most earthquakes?")
def _second_region() -> Script:
    code = "print(eq.yer.value_counts().head())"
    ctx, ns = with_quakes(code)
    c = ns["eq"].yer.value_counts()
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code),
                        f"FINAL({differs(c.index[1], c.idxmax())} had the most earthquakes, {c.iloc[1]} events.)"])


@case("h11_second_port_called_top", "second row called the top", "invented", "Bến nào xếp hàng nhiều chuyến nhất?")
def _second_port() -> Script:
    code = "print(chuyen.ben_di.value_counts())"
    ctx, ns = with_rice(code)
    p = ns["chuyen"].ben_di.value_counts()
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code),
                        f"FINAL(Bến {differs(p.index[1], p.idxmax())} xếp hàng nhiều chuyến nhất, với {p.iloc[1]} chuyến.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h11_absent_motif_lasem", "label absent from the data", "invented", "Which motif brought in the most revenue?")
def _lasem() -> Script:
    code = "print((penjualan.groupby('motif').omzet.sum() / 1e6).round(1))"
    ctx, ns = with_batik(code)
    p = (ns["penjualan"].groupby("motif").omzet.sum() / 1e6).round(1)
    assert "Lasem" not in p.index
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), f"FINAL(Lasem, with about Rp {p.max()} million in sales.)"])


@case("h11_absent_port_rach_gia", "label absent from the data", "invented", "Which port loaded the most trips?")
def _rach_gia() -> Script:
    code = "print(chuyen.ben_di.value_counts())"
    ctx, ns = with_rice(code)
    p = ns["chuyen"].ben_di.value_counts()
    assert "Rạch Giá" not in p.index
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), f"FINAL(Rạch Giá loaded the most trips: {p.max()}.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h11_spruce_logs_plus_pulp", "total of the wrong subset", "invented", "How much spruce sawlog was cut in winter 2024?")
def _spruce_plus_pulp() -> Script:
    code = "k24 = kr[(kr.talvi == 2024) & (kr.Puulaji == 'kuusi')]\nprint(k24[['Tukki m3', 'Kuitu m3']].sum().round(1))"
    ctx, ns = with_forest(code)
    k = ns["k24"]
    wrong = differs(round(k["Tukki m3"].sum() + k["Kuitu m3"].sum(), 1), round(k["Tukki m3"].sum(), 1))
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), f"FINAL({fi(wrong)} m³ of spruce sawlog in winter 2024.)"])


@case("h11_chamber_as_small_hall", "total of the wrong subset", "invented", "How many tickets did the chamber concerts sell?")
def _chamber_hall() -> Script:
    code = "print(ev.groupby('LOCATION')['X-PRODANO'].sum())"
    ctx, ns = with_concerts(code)
    e = ns["ev"]
    wrong = differs(int(e[e.LOCATION == "Malý sál"]["X-PRODANO"].sum()), int(e[e.CATEGORIES == "komorní koncert"]["X-PRODANO"].sum()))
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), f"FINAL(The chamber concerts sold {wrong:,} tickets this season.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h11_stale_energy_before_reset", "stale figure before a correction", "invented", "How much electricity did the LEDs use over the two weeks?")
def _stale_energy() -> Script:
    first = "e = wide('vf_led_energy_joules_total')\nnaive = (e.iloc[-1] - e.iloc[0]).sum() / 3.6e6\nprint(round(naive, 1))"
    fixed = "print((e.iloc[-1] - e.iloc[0]).round(0))\nfixed = increase(e).sum().sum() / 3.6e6\nprint(round(fixed, 1))"
    ctx, ns = with_farm(first + "\n" + fixed)
    stale = differs(round(ns["naive"], 1), round(ns["fixed"], 1))
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(first),
                        repl(fixed, "B2's counter went down at one point, a controller restart; counting across the reset."),
                        f"FINAL(The LED bars used {stale:,.1f} kWh over the two weeks.)"])


@case("h11_stale_qso_count_with_x", "stale figure before a correction", "invented", "How many QSOs are in my log?")
def _stale_qsos() -> Script:
    first = "n = cabrillo.count('QSO:')\nprint(n)"
    fixed = "print([l for l in lines if l.startswith('X-QSO')])\nn_valid = len(qso)\nprint(n_valid)"
    ctx, ns = with_cabrillo(first + "\n" + fixed)
    stale = differs(ns["n"], ns["n_valid"])
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(first),
                        repl(fixed, "That count also matches the X-QSO lines, which the operator struck out; leaving them out."),
                        f"FINAL(Your log has {stale:,} QSOs.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h11_transposed_40m_count", "transposed digits", "invented", "How many QSOs did I make on 40 m?")
def _transposed_40m() -> Script:
    code = "print(qso.band.value_counts())"
    ctx, ns = with_cabrillo(code)
    k = int((ns["qso"].band == "40m").sum())
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), f"FINAL({differs(swap_digits(k), k)} QSOs on 40 m.)"])


@case("h11_transposed_trip_count", "transposed digits", "invented", "Có tất cả bao nhiêu chuyến ghe?")
def _transposed_trips() -> Script:
    code = "print(len(chuyen))"
    ctx, ns = with_rice(code)
    k = len(ns["chuyen"])
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), f"FINAL(Có tất cả {differs(swap_digits(k), k)} chuyến ghe trong nửa đầu năm 2024.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h11_echo_48_hours", "number echoed from the question", "invented",
      "Over the 48 hours of the contest, in how many clock hours did I make at least one QSO?")
def _echo_48() -> Script:
    code = "print(qso.utc.min(), qso.utc.max())"
    ctx, ns = with_cabrillo(code)
    truth = ns["qso"].utc.dt.floor("h").nunique()
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), f"FINAL(You were on the air in {differs(48, truth)} of the clock hours.)"])


@case("h11_echo_hall_capacity", "number echoed from the question", "invented",
      "The Velký sál seats 1,100. How many tickets did the Smetana „Má vlast“ concerts sell in total?")
def _echo_capacity() -> Script:
    code = "mv = ev[ev.SUMMARY.str.contains('Má vlast')]\nprint(mv[['start', 'LOCATION', 'STATUS']])"
    ctx, ns = with_concerts(code)
    truth = int(ns["mv"]["X-PRODANO"].sum())
    assert len(ns["mv"]) >= 1
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), f"FINAL(The Má vlast concerts sold {differs(1100, truth):,} tickets.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h11_qsos_as_stations", "rows counted instead of distinct", "invented", "How many different stations did I work?")
def _qsos_as_stations() -> Script:
    code = "print(len(qso))"
    ctx, ns = with_cabrillo(code)
    n = differs(len(ns["qso"]), ns["qso"].call.nunique())
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), f"FINAL(You worked {n:,} different stations.)"])


@case("h11_trips_as_barges", "rows counted instead of distinct", "invented", "How many different barges carried ST25 rice?")
def _trips_as_barges() -> Script:
    code = "st = chuyen[chuyen.loai_gao == 'ST25']\nprint(len(st))"
    ctx, ns = with_rice(code)
    n = differs(len(ns["st"]), ns["st"].ma_ghe.nunique())
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), f"FINAL({n} different barges carried ST25.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h11_march_omzet_wrong_year", "wrong year", "invented", "Berapa omzet bulan Maret 2024?")
def _march_wrong_year() -> Script:
    ctx, ns = with_batik(MONTHLY_OMZET)
    b = (ns["bulanan"] / 1e6).round(1)
    wrong = differs(b[pd.Period("2023-03")], b[pd.Period("2024-03")])
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(MONTHLY_OMZET), f"FINAL(Omzet Maret 2024 sekitar Rp {str(wrong).replace('.', ',')} juta.)"])


@case("h11_pine_wrong_year", "wrong year", "invented", "How much pine was cut in winter 2024, sawlog and pulpwood together?")
def _pine_wrong_year() -> Script:
    code = "kr['yht'] = kr['Tukki m3'] + kr['Kuitu m3']\nprint(kr.pivot_table(index='Puulaji', columns='talvi', values='yht', aggfunc='sum').round(1))"
    ctx, ns = with_forest(code)
    p = ns["kr"].pivot_table(index="Puulaji", columns="talvi", values="yht", aggfunc="sum").round(1)
    wrong = differs(p.loc["mänty", 2023], p.loc["mänty", 2024])
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), f"FINAL({wrong:,.1f} m³ of pine in winter 2024.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h11_b1_kwh_per_day_misrounded", "wrong rounding", "invented", "About how many kWh a day does rack B1's lighting use?")
def _b1_misround() -> Script:
    code = "b1 = increase(wide('vf_led_energy_joules_total')).B1.sum() / 3.6e6 / 14\nprint(b1)"
    ctx, ns = with_farm(code)
    v = ns["b1"]
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), f"FINAL(About {differs(misround(v), round(v))} kWh a day.)"])


@case("h11_avg_speed_misrounded", "wrong rounding", "invented", "Roughly what was Selkie's average speed, in whole knots?")
def _speed_misround() -> Script:
    code = "print(entries[4])\nprint(entries[-1])\nprint(2803.4 / 402.8)"
    ctx, _ = with_deck(code)
    v = 2803.4 / 402.8
    return Script(ctx, [DECK_LOOK, repl(code), f"FINAL(About {differs(misround(v), round(v))} knots on average.)"])


@case("h11_pine_sawlog_misrounded", "wrong rounding", "invented", "Roughly how many cubic metres of pine sawlog did winter 2023 give?")
def _pine_misround() -> Script:
    code = "print(kr[(kr.talvi == 2023) & (kr.Puulaji == 'mänty')]['Tukki m3'].sum())"
    ctx, ns = with_forest(code)
    v = ns["kr"].query("talvi == 2023 and Puulaji == 'mänty'")["Tukki m3"].sum()
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), f"FINAL(About {differs(misround(v), round(v))} m³ of pine sawlog.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h11_jakarta_in_channel_column", "nothing found in the wrong column", "invented",
      "How many sales went to buyers in Jakarta through Shopee?")
def _jakarta_wrong() -> Script:
    code = "hits = penjualan[(penjualan.saluran == 'Jakarta') & (penjualan.kota == 'Shopee')]\nprint(len(hits))"
    ctx, ns = with_batik(code)
    p = ns["penjualan"]
    assert ((p.kota == "Jakarta") & (p.saluran == "Shopee")).sum() > 0
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), "FINAL(Tidak ada: none of the Shopee sales went to Jakarta.)"])


@case("h11_st25_sa_dec_wrong_column", "nothing found in the wrong column", "invented", "Did any barge carry ST25 from Sa Đéc?")
def _sa_dec_wrong() -> Script:
    code = "hits = chuyen[(chuyen.ben_di == 'ST25') & (chuyen.loai_gao == 'Sa Đéc')]\nprint(hits)"
    ctx, ns = with_rice(code)
    c = ns["chuyen"]
    assert ((c.ben_di == "Sa Đéc") & (c.loai_gao == "ST25")).sum() > 0
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), "FINAL(No. No ST25 was loaded at Sa Đéc in the first half of 2024.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h11_aftershocks_called_rising", "trend in the wrong direction", "invented",
      "How did the aftershock activity develop in the days after the main shock?")
def _aftershocks_rising() -> Script:
    code = ("after = eq[eq.yer.str.startswith('SINDIRGI') & (eq.zaman >= '2024-04-17 03:41:12')]\n"
            "print(after.groupby(after.zaman.dt.date).size().head(4))")
    ctx, ns = with_quakes(code)
    a = ns["after"]
    d = a.groupby(a.zaman.dt.date).size().head(4)
    assert d.is_monotonic_decreasing
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code),
                        "FINAL(It built up: there were more aftershocks each day over the first four days after the main shock.)"])


@case("h11_after_lebaran_called_rising", "trend in the wrong direction", "invented", "How did monthly sales develop from April to June 2024?")
def _lebaran_rising() -> Script:
    ctx, ns = with_batik(MONTHLY_OMZET)
    b = ns["bulanan"]
    assert b[pd.Period("2024-04")] > b[pd.Period("2024-05")] > b[pd.Period("2024-06")]
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(MONTHLY_OMZET),
                        "FINAL(They recovered after Lebaran: omzet grew every month from April to June 2024.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h11_largest_from_first_rows", "sample generalized to the whole", "invented", "What was the largest magnitude in the catalogue?")
def _largest_head() -> Script:
    ctx, ns = with_quakes("")
    head = ns["eq"].head(3).ml
    return Script(ctx, [QUAKE_LOOK, f"FINAL(The largest magnitude in the catalogue is ML {differs(head.max(), ns['eq'].ml.max())}.)"])


@case("h11_categories_from_head", "sample generalized to the whole", "invented", "What kinds of concerts does the house put on?")
def _categories_head() -> Script:
    code = "print(ev.head()[['start', 'CATEGORIES']])"
    ctx, ns = with_concerts(code)
    seen = list(dict.fromkeys(ns["ev"].head().CATEGORIES))
    differs(sorted(seen), sorted(ns["ev"].CATEGORIES.unique()))
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code),
                        f"FINAL(Three kinds: {', '.join(seen)}. That is the whole programme.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h11_cancel_share_of_all_events", "wrong denominator", "invented", "What share of the Velký sál's concerts were cancelled?")
def _cancel_share() -> Script:
    code = "print(ev[ev.STATUS == 'CANCELLED'][['start', 'LOCATION']])\nprint(len(ev))"
    ctx, ns = with_concerts(code)
    e = ns["ev"]
    k = int(((e.STATUS == "CANCELLED") & (e.LOCATION == "Velký sál")).sum())
    wrong = differs(round(k / len(e) * 100, 1), round(k / (e.LOCATION == "Velký sál").sum() * 100, 1))
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), f"FINAL({wrong}% of the Velký sál's concerts were cancelled ({k} concert).)"])


@case("h11_japan_share_of_all_qsos", "wrong denominator", "invented", "What share of my 15 m QSOs were with Japan?")
def _japan_share() -> Script:
    code = "ja15 = qso[(qso.band == '15m') & qso.call.str.startswith('JA')]\nprint(len(ja15), len(qso))"
    ctx, ns = with_cabrillo(code)
    q, k = ns["qso"], len(ns["ja15"])
    wrong = differs(round(k / len(q) * 100, 1), round(k / (q.band == "15m").sum() * 100, 1))
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), f"FINAL({wrong}% of your 15 m QSOs were with Japan ({k} QSOs).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
FISH_PROMPT = "How many fish did the crew catch according to this log? Name the kinds.\n\n"


@case("h11_partial_fish_count", "sub-call over part of the data", "invented", "How many fish did they catch on the crossing?")
def _partial_fish() -> Script:
    ctx = {"logbook": deck_log()}
    code = f"said = llm_query({FISH_PROMPT!r} + logbook[:4000])\nprint(said)"
    said = sub_says(FISH_PROMPT + deck_log()[:4000])
    k = int(said.split()[0])
    differs(k, len(re.findall(r"mahi-mahi|skipjack tuna|Wahoo", deck_log())))
    return Script(ctx, [DECK_LOOK, repl(code, "Asking a sub-model to read the log for catches."),
                        f"FINAL(They caught {k} fish on the crossing.)"], sub=sub_model())


JAPAN_PROMPT = "Count the QSOs with Japanese stations (JA prefix) in this Cabrillo log.\n\n"


@case("h11_partial_japan_count", "sub-call over part of the data", "invented", "How many QSOs did I make with Japan?")
def _partial_japan() -> Script:
    ctx = {"cabrillo": cabrillo_log()}
    code = f"said = llm_query({JAPAN_PROMPT!r} + cabrillo[:30000])\nprint(said)"
    said = sub_says(JAPAN_PROMPT + cabrillo_log()[:30000])
    k = int(said.split()[0])
    differs(k, len(re.findall(r"^QSO:.* JA\d\w+ ", cabrillo_log(), re.M)))
    return Script(ctx, [CAB_LOOK, repl(code), f"FINAL({k} QSOs with Japanese stations.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h11_yedisu_date_misread", "date format misread", "invented", "When was the strongest earthquake near Yedisu?")
def _yedisu_misread() -> Script:
    code = "y = eq[eq.yer == 'YEDİSU (BİNGÖL)']\nprint(y.loc[y.ml.idxmax(), ['tarih', 'saat', 'ml']])"
    ctx, ns = with_quakes(code)
    y = ns["y"].loc[ns["y"].ml.idxmax()]
    misread = differs(pd.to_datetime(y.tarih, format="%Y.%d.%m"), pd.to_datetime(y.tarih, format="%Y.%m.%d"))
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code),
                        f"FINAL(On {misread.day} {misread:%B %Y} at {y.saat}, an ML {y.ml}.)"])


@case("h11_coldest_2023_date_misread", "date format misread", "invented", "When was the coldest working morning of winter 2023?")
def _coldest_misread() -> Script:
    ctx = {"korjuu": korjuu_csv()}
    code = ("rows = [r.split(';') for r in korjuu.splitlines()[1:]]\n"
            "print(min((float(r[8].replace(',', '.')), r[0]) for r in rows if r[0].endswith('2023')))")
    coldest = min((float(r[8].replace(",", ".")), r[0]) for r in (x.split(";") for x in korjuu_csv().splitlines()[1:]) if r[0].endswith("2023"))
    true = pd.to_datetime(coldest[1], format="%d.%m.%Y")
    misread = differs(pd.to_datetime(coldest[1], format="%m.%d.%Y"), true)
    return Script(ctx, [FOREST_LOOK, repl(code), f"FINAL(The coldest working morning of 2023 was {misread:%B} {misread.day}, at {coldest[0]} °C.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h11_water_counter_as_day", "cumulative read as the period's value", "invented",
      "How much nutrient solution did rack A1 take on 14 August?")
def _water_counter() -> Script:
    code = "w = wide('vf_nutrient_dosed_liters_total')\nprint(w.loc['2024-08-14 00:00':'2024-08-15 00:00', 'A1'])"
    ctx, ns = with_farm(code)
    a1 = ns["w"].A1
    end = a1[a1.index == pd.Timestamp("2024-08-15 00:00", tz="UTC+08:00")].iloc[0]
    start = a1[a1.index == pd.Timestamp("2024-08-14 00:00", tz="UTC+08:00")].iloc[0]
    wrong = differs(end, round(end - start, 1))
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), f"FINAL(Rack A1 took {wrong:,.1f} L of nutrient solution on 14 August.)"])


@case("h11_harvest_counter_as_week", "cumulative read as the period's value", "invented", "How much did rack A2 harvest in the second week?")
def _harvest_counter() -> Script:
    code = "h = wide('vf_harvest_grams_total')\nprint(h.A2.loc['2024-08-12 00:00':])"
    ctx, ns = with_farm(code)
    a2 = ns["h"].A2
    week = a2.iloc[-1] - a2[a2.index == pd.Timestamp("2024-08-12 00:00", tz="UTC+08:00")].iloc[0]
    wrong = differs(a2.iloc[-1] / 1000, week / 1000)
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), f"FINAL(Rack A2 harvested {wrong:,.1f} kg of butterhead in the second week.)"])


@case("h11_log_reading_as_day_run", "cumulative read as the period's value", "invented", "How far did Selkie sail on 1 December?")
def _log_as_run() -> Script:
    code = "print([e for e in entries if e.startswith('Sun 1/12')])"
    ctx, ns = with_deck(code)
    noon = next(e for e in ns["entries"] if e.startswith("Sun 1/12 1200"))
    log = float(re.search(r"Log ([\d.]+) nm", noon).group(1))
    run = int(re.search(r"Noon-to-noon: (\d+) nm", noon).group(1))
    differs(log, run)
    return Script(ctx, [DECK_LOOK, repl(code), f"FINAL(On 1 December Selkie sailed {log:,.1f} nm, noon to noon.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h11_submit_literal_variety", "literal typed into a code answer", "invented", "Which rice variety was shipped the most by weight?")
def _submit_literal() -> Script:
    ctx, ns = with_rice("")
    g = ns["chuyen"].groupby("loai_gao").khoi_luong_tan.sum()
    differs("ST25", g.idxmax())
    differs(25000.0, round(g.max(), 1))
    return Script(ctx, [RICE_LOOK, repl("SUBMIT(variety='ST25', tonnes=25000.0)", "ST25 is the premium export rice, so it should lead.")])


@case("h11_answer_dict_literal_volume", "literal typed into a code answer", "invented", "How much timber was harvested over the two winters?")
def _answer_literal() -> Script:
    ctx, ns = with_forest("")
    differs(12500, round(ns["kr"]["Tukki m3"].sum() + ns["kr"]["Kuitu m3"].sum()))
    return Script(ctx, [FOREST_LOOK, repl('answer = {"content": "Noin 12 500 m³ puuta kahden talven aikana.", "ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h11_g07_km_as_tonnes", "figure from the right row but another column", "invented", "How many tonnes did Đại Lộc (G07) carry?")
def _km_as_tonnes() -> Script:
    code = ("per = chuyen.groupby('ma_ghe').agg(chuyen=('ma_chuyen', 'count'), km=('cu_ly_km', 'sum'),\n"
            "                                    tan=('khoi_luong_tan', 'sum')).round(1)\nprint(per)")
    ctx, ns = with_rice(code)
    r = ns["per"].loc["G07"]
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), f"FINAL(Đại Lộc (G07) carried {differs(r.km, r.tan):,.0f} tonnes.)"])


@case("h11_parang_transactions_as_pieces", "figure from the right row but another column", "invented",
      "Berapa lembar batik Parang yang terjual?")
def _transactions_as_pieces() -> Script:
    code = ("per = penjualan.groupby('motif').agg(transaksi=('no_nota', 'count'), lembar=('lembar', 'sum'),\n"
            "                                     omzet_jt=('omzet', lambda s: round(s.sum() / 1e6, 1)))\nprint(per)")
    ctx, ns = with_batik(code)
    r = ns["per"].loc["Parang"]
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code), f"FINAL(Batik Parang terjual {differs(int(r.transaksi), int(r.lembar))} lembar.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h11_barge_max_from_head", "maximum picked from a partial table", "invented", "Which barge carried the most rice?")
def _barge_head() -> Script:
    code = "per_barge = chuyen.groupby('ma_ghe').khoi_luong_tan.sum().round(1)\nprint(per_barge.head())"
    ctx, ns = with_rice(code)
    p = ns["per_barge"]
    pick = differs(p.head().idxmax(), p.idxmax())
    name = dict(zip(ns["ghe"].ma_ghe, ns["ghe"].ten_ghe, strict=True))[pick]
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), f"FINAL({name} ({pick}) carried the most: {p[pick]:,.1f} tonnes.)"])


@case("h11_quake_day_max_from_head", "maximum picked from a partial table", "invented", "Which day had the most earthquakes?")
def _day_head() -> Script:
    code = "per_day = eq.groupby(eq.zaman.dt.date).size()\nprint(per_day.head(10))"
    ctx, ns = with_quakes(code)
    p = ns["per_day"]
    pick = differs(p.head(10).idxmax(), p.idxmax())
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), f"FINAL({pick:%-d %B %Y}, with {p[pick]} earthquakes.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h11_ascending_hall_called_best", "first row of an ascending sort called the highest", "invented", "Which hall fills up best?")
def _ascending_hall() -> Script:
    code = HALL_TABLE.replace("print(halls)", "print(halls.sort_values('obsazenost'))")
    ctx, ns = with_concerts(code)
    h = ns["halls"].sort_values("obsazenost")
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code),
                        f"FINAL(The {differs(h.index[0], h.obsazenost.idxmax())} fills up best, at {h.obsazenost.iloc[0]}% occupancy.)"])


@case("h11_ascending_species_called_most", "first row of an ascending sort called the highest", "invented",
      "Mitä puulajia korjattiin eniten?")
def _ascending_species() -> Script:
    code = "kr['yht'] = kr['Tukki m3'] + kr['Kuitu m3']\nlajit = kr.groupby('Puulaji').yht.sum().sort_values().round(1)\nprint(lajit)"
    ctx, ns = with_forest(code)
    s = ns["lajit"]
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code),
                        f"FINAL(Eniten korjattiin puulajia {differs(s.index[0], s.idxmax())}: {fi(s.iloc[0])} m³.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h11_20m_40m_swapped", "two labels' figures swapped", "invented", "Did I make more QSOs on 20 m or on 40 m?")
def _bands_swapped() -> Script:
    code = "print(qso.band.value_counts())"
    ctx, ns = with_cabrillo(code)
    c = ns["qso"].band.value_counts()
    assert c["20m"] > c["40m"]
    return Script(ctx, [CAB_LOOK, PARSE_CAB, repl(code), f"FINAL(On 40 m: {c['20m']} QSOs there against {c['40m']} on 20 m.)"])


@case("h11_shopee_tokopedia_swapped", "two labels' figures swapped", "invented", "Mana yang omzetnya lebih besar, Shopee atau Tokopedia?")
def _marketplaces_swapped() -> Script:
    code = "print((penjualan.groupby('saluran').omzet.sum() / 1e6).round(1))"
    ctx, ns = with_batik(code)
    o = (ns["penjualan"].groupby("saluran").omzet.sum() / 1e6).round(1)
    assert o["Shopee"] > o["Tokopedia"]
    return Script(ctx, [BATIK_LOOK, PARSE_BATIK, repl(code),
                        f"FINAL(Tokopedia: Rp {str(o['Shopee']).replace('.', ',')} juta, dibanding Rp "
                        f"{str(o['Tokopedia']).replace('.', ',')} juta di Shopee.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h11_spruce_drop_as_rise", "decrease reported as a rise", "invented",
      "How did the spruce sawlog volume change from winter 2023 to winter 2024?")
def _spruce_rise() -> Script:
    code = ("k = kr[kr.Puulaji == 'kuusi'].groupby('talvi')['Tukki m3'].sum()\nchange = round((k[2024] / k[2023] - 1) * 100, 1)\n"
            "print(k.round(1))\nprint(change)")
    ctx, ns = with_forest(code)
    change = ns["change"]
    assert change < 0
    return Script(ctx, [FOREST_LOOK, PARSE_FOREST, repl(code), f"FINAL(Spruce sawlog volume rose by {abs(change)}% from 2023 to 2024.)"])


@case("h11_water_drop_as_rise", "decrease reported as a rise", "invented",
      "How did the farm's nutrient use change from the first week to the second?")
def _water_rise() -> Script:
    code = WEEKLY_WATER + "\ntot = weekly.sum(axis=1)\nprint(round((tot.iloc[1] / tot.iloc[0] - 1) * 100, 1))"
    ctx, ns = with_farm(code)
    t = ns["tot"]
    pct = round((t.iloc[1] / t.iloc[0] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [FARM_LOOK, PARSE_FARM, repl(code), f"FINAL(Nutrient use went up by {abs(pct)}% in the second week.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h11_table_for_goksun_count", "table returned for one figure", "invented", "How many earthquakes were recorded near Göksun?")
def _table_goksun() -> Script:
    code = "counts = eq.yer.value_counts()\nprint(counts)"
    ctx, _ = with_quakes(code)
    return Script(ctx, [QUAKE_LOOK, PARSE_QUAKES, repl(code), "FINAL_VAR(counts)"])


@case("h11_table_for_total_tickets", "table returned for one figure", "invented", "How many tickets were sold over the whole season?")
def _table_tickets() -> Script:
    ctx, _ = with_concerts(HALL_TABLE)
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(HALL_TABLE), 'FINAL_VAR("halls")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h11_can_giuoc_in_origin_column", "zero after filtering the wrong column", "invented", "How many trips went to Cần Giuộc?")
def _can_giuoc() -> Script:
    code = "n = len(chuyen[chuyen.ben_di == 'Cần Giuộc'])\nprint(n)"
    ctx, ns = with_rice(code)
    differs(0, int((ns["chuyen"].ben_den == "Cần Giuộc").sum()))
    return Script(ctx, [RICE_LOOK, PARSE_RICE, repl(code), "FINAL(0 trips went to Cần Giuộc.)"])


@case("h11_jazz_in_location_column", "zero after filtering the wrong column", "invented", "How many jazz concerts are on the programme?")
def _jazz_location() -> Script:
    code = "print(len(ev[ev.LOCATION == 'jazz']))"
    ctx, ns = with_concerts(code)
    differs(0, int((ns["ev"].CATEGORIES == "jazz").sum()))
    return Script(ctx, [CONCERT_LOOK, PARSE_CONCERTS, repl(code), "FINAL(None: there are no jazz concerts this season.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h11_iso_date_in_ics", "none found after searching a date in another format", "invented", "Is there a concert on 15 November 2024?")
def _iso_ics() -> Script:
    ctx = {"program": concerts_ics()}
    code = "print([l for l in program.splitlines() if '2024-11-15' in l])"
    assert "DTSTART;TZID=Europe/Prague:20241115T" in concerts_ics()
    return Script(ctx, [CONCERT_LOOK, repl(code), "FINAL(No, nothing is scheduled on 15 November 2024.)"])


@case("h11_iso_date_in_catalogue", "none found after searching a date in another format", "invented",
      "Were there any earthquakes on 17 April 2024?")
def _iso_catalogue() -> Script:
    ctx = {"katalog": quake_catalogue()}
    code = "hits = [l for l in katalog.splitlines() if l.startswith('2024-04-17')]\nprint(len(hits))"
    assert sum(line.startswith("2024.04.17") for line in quake_catalogue().splitlines()) > 0
    return Script(ctx, [QUAKE_LOOK, repl(code), "FINAL(No: the catalogue lists no earthquakes on 17 April 2024.)"])


@case("h11_iso_date_in_deck_log", "none found after searching a date in another format", "invented",
      "Did Selkie run into a squall on 3 December?")
def _iso_deck() -> Script:
    ctx = {"logbook": deck_log()}
    code = "print([e for e in logbook.splitlines() if '2024-12-03' in e and 'Squall' in e])"
    assert any(e.startswith("Tue 3/12") and "Squall" in e for e in deck_log().splitlines())
    return Script(ctx, [DECK_LOOK, repl(code), "FINAL(No, there was no squall on 3 December.)"])
