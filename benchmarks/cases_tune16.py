"""Acceptance cases, the sixteenth set to tune on: written apart from the gates, first held out as ``cases_holdout13``.

It was written by a helper who never read the engine, the gates or the prompts, and without running them under any
policy, and it was measured only for its aggregate figures while it was held out; once ``cases_holdout14`` had been
written the same way to take its place, it was read case by case and tuned on. Run: ``python -m benchmarks.acceptance
--cases benchmarks.cases_tune16``. The cases are written as a capable model writes its answers (legitimate) or as
weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2`` (the 25 and 21
of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``h13_``.

Size: 76 legitimate answers covering all 33 legitimate classes (two or three each) and 63 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code run in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls),
only to check that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's parse step, as the ``with_*`` helpers do); every invented figure or label
is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: an Arctic airport's METAR archive for a winter month
(raw aviation weather reports: ``041220Z`` day-and-time groups without month or year, ``M04/M07`` for temperatures below
zero, winds in knots with gusts, pressure as ``Q0998``, one corrected ``COR`` report), a Tehran bookshop's sales
(Persian column names and titles, Solar Hijri dates ``1402/11/05``, prices in rial while customers think in toman, a
rush before Nowruz and a price rise in the new year), a clinical exome's variant calls as a VCF (a cardiomyopathy gene
panel, ``FILTER`` and ``INFO`` fields, split multi-allelic sites), a Colombo cricket club's T20 season (a dict of two
tables, dates written ``14th June 2025``, overs written ``19.4`` for 19 overs and 4 balls), a cyclist's GPX track over
the Vršič pass in Slovenia (XML with UTC times, elevation and heart-rate extensions; the rider thinks in local summer
time), an Edinburgh whisky auction's results (estimates as text like ``£300–400``, unsold lots, a buyer's premium), a
Tallinn tram timetable as a GTFS feed (a dict of five tables, Estonian stop names, departure times past ``24:00:00``), a
Kakheti wine-tour operator's tours and terms in markdown (prices in lari written ``180 ₾``), a Tatra mountain-rescue
team's call-out book (free text, dates with Roman-numeral months like ``14.II.2025``), and a Nairobi hardware shop's
M-Pesa statement (pipe-separated text, newest first, amounts like ``1,250.00`` and a running balance). Each frame
builder returns a fresh copy (model code may change a frame in place).
"""
from __future__ import annotations

import functools
import math
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
# -- an Arctic airport's METAR archive (raw reports, every half hour, January 2025) --------------------------------
BAD_METAR = pd.Timestamp("2025-01-09 11:50")  # sent with M21 for M02, then corrected by a COR report


@functools.lru_cache(maxsize=1)  # text is immutable: one build serves every run
def metar_archive(seed: int = 1301) -> str:
    """Tromsø airport (ENTC), 1 to 31 January 2025, one report at :20 and :50 of every hour. Each report gives its
    day of the month and UTC time only (``041220Z``); the month and year are in the archive's title. Temperatures below
    zero are written ``M04``; wind in knots (``G`` for gusts), visibility in metres (``9999``: 10 km or more), QNH in
    hPa. A cold snap from 14 to 18 January, a storm on 22 and 23 January (deep low, gale-force gusts, rain and a thaw),
    and one report (9 January, 11:50) sent with a wrong temperature and corrected by a ``METAR COR``."""
    rng = np.random.default_rng(seed)
    times = pd.date_range("2025-01-01 00:20", "2025-01-31 23:50", freq="30min")
    n = len(times)
    hours = np.arange(n) / 2.0
    day = hours / 24.0
    temp = -3.0 + 1.2 * np.sin((hours % 24 - 8) / 24 * 2 * np.pi) + np.cumsum(rng.normal(0, 0.18, n))
    temp -= np.linspace(0, np.cumsum(rng.normal(0, 0.18, n))[-1], n)  # no drift over the month
    snap = np.clip(1 - np.abs(day - 16.0) / 2.6, 0, 1)
    storm = np.clip(1 - np.abs(day - 22.4) / 1.0, 0, 1)
    temp = temp - 12.5 * snap + 6.5 * storm
    pressure = 1006 + 9 * np.sin(day / 31 * 5 * np.pi) + 14 * snap - 44 * storm + np.cumsum(rng.normal(0, 0.25, n))
    out = ["ENTC TROMSO/LANGNES: METAR ARCHIVE, JANUARY 2025", "All times UTC (local time is UTC+1). Source: ATS reporting office.",
           ""]
    for i, t in enumerate(times):
        if storm[i] > 0.15:
            direction = int(rng.integers(23, 28)) * 10
            speed = int(np.clip(rng.normal(22 + 18 * storm[i], 4), 8, 48))
        else:
            direction = int(rng.choice([15, 16, 17, 18, 19, 20, 21, 9, 33])) * 10
            speed = int(np.clip(rng.gamma(2.2, 3.6 - 2.0 * snap[i]), 0, 35))
        gust = speed + int(rng.integers(9, 19)) if speed >= 15 and rng.random() < 0.75 else None
        if storm[i] > 0.5:
            gust = max(gust or 0, int(speed * rng.uniform(1.35, 1.55)))
        wind = ("00000KT" if speed == 0 else
                f"{'VRB' if speed < 3 else f'{direction:03d}'}{speed:02d}{f'G{gust:02d}' if gust else ''}KT")
        t_c = round(float(temp[i]))
        spread = int(rng.integers(1, 4)) if snap[i] < 0.5 else int(rng.integers(3, 6))
        dew = t_c - spread
        r = rng.random()
        if storm[i] > 0.3 and t_c >= 1:
            weather, vis = str(rng.choice(["RA", "+RA", "-RA"])), int(rng.integers(30, 80)) * 100
        elif snap[i] > 0.6 and r < 0.3:
            weather, vis = "FZFG", int(rng.integers(2, 9)) * 100
        elif r < 0.22:
            weather, vis = "-SN", int(rng.integers(40, 90)) * 100
        elif r < 0.34:
            weather, vis = str(rng.choice(["SN", "SHSN"])), int(rng.integers(8, 35)) * 100
        elif r < 0.38:
            weather, vis = "BR", int(rng.integers(30, 50)) * 100
        else:
            weather, vis = "", 9999
        if weather in ("FZFG",):
            clouds = "VV002"
        elif weather:
            clouds = f"BKN{int(rng.integers(8, 25)):03d} OVC{int(rng.integers(30, 60)):03d}"
        elif rng.random() < 0.3:
            clouds = "NSC"
        else:
            clouds = f"FEW{int(rng.integers(15, 40)):03d} SCT{int(rng.integers(45, 80)):03d}"
        def m(v: int) -> str:
            return f"M{abs(v):02d}" if v < 0 else f"{v:02d}"
        qnh = round(pressure[i])
        body = f"{t:%d%H%M}Z {wind} {vis:04d} {weather + ' ' if weather else ''}{clouds} {m(t_c)}/{m(dew)} Q{qnh:04d}"
        tail = " NOSIG=" if rng.random() < 0.6 else "="
        if t == BAD_METAR:
            out.append(f"METAR ENTC {body.replace(f' {m(t_c)}/', ' M21/')}{tail}")
            out.append(f"METAR COR ENTC {body}{tail}")
        else:
            out.append(f"METAR ENTC {body}{tail}")
    return "\n".join(out)


# -- a Tehran bookshop's sales (Persian column names, Solar Hijri dates, rial) ------------------------------------
JALALI_MONTHS = ["Farvardin", "Ordibehesht", "Khordad", "Tir", "Mordad", "Shahrivar", "Mehr", "Aban", "Azar", "Dey",
                 "Bahman", "Esfand"]
BOOKS = [  # title, author, category, base price in rial (autumn 1402)
    ("بوف کور", "صادق هدایت", "رمان", 1_450_000), ("سووشون", "سیمین دانشور", "رمان", 2_600_000),
    ("کلیدر", "محمود دولت‌آبادی", "رمان", 9_800_000), ("ملت عشق", "الیف شافاک", "رمان", 3_200_000),
    ("دیوان حافظ", "حافظ", "شعر", 3_900_000), ("گلستان سعدی", "سعدی", "شعر", 1_900_000),
    ("شاهنامه", "فردوسی", "شعر", 12_500_000), ("شازده کوچولو", "آنتوان دو سنت‌اگزوپری", "کودک", 950_000),
    ("قصه‌های مجید", "هوشنگ مرادی کرمانی", "کودک", 2_100_000),
    ("انسان در جستجوی معنا", "ویکتور فرانکل", "روانشناسی", 1_650_000),
    ("تاریخ بیهقی", "ابوالفضل بیهقی", "تاریخی", 6_700_000),
]
BRANCHES = ["انقلاب", "کریمخان", "تجریش"]


def jalali_days() -> list[tuple[int, int, int]]:
    """Every day from 1 Mehr 1402 (23 September 2023, a Saturday) to 31 Shahrivar 1403."""
    out = []
    for year, months in ((1402, range(7, 13)), (1403, range(1, 7))):
        for month in months:
            length = 31 if month <= 6 else 30 if month <= 11 else 29
            out += [(year, month, d) for d in range(1, length + 1)]
    return out


def forush() -> pd.DataFrame:
    return _forush().copy()


@functools.lru_cache(maxsize=1)
def _forush(seed: int = 1302) -> pd.DataFrame:
    """Sales lines of Mehr 1402 to Shahrivar 1403 in three branches: invoice, Solar Hijri date as text (``1402/11/05``),
    branch, title, author, category, copies, unit price in rial, payment. Closed on Fridays and for the first days of
    Nowruz; a rush in Esfand before Nowruz; prices rose by about a quarter from Farvardin 1403."""
    rng = np.random.default_rng(seed)
    rows = []
    invoice = 52_000
    for k, (year, month, d) in enumerate(jalali_days()):
        if k % 7 == 6 or (year == 1403 and month == 1 and d <= 4):  # Fridays; the Nowruz holidays
            continue
        factor = 1.0
        if year == 1402 and month == 12:
            factor = 1.9
        elif year == 1403 and month == 1 and d <= 13:
            factor = 0.4
        elif year == 1403 and month == 2 and 19 <= d <= 29:  # the Tehran book fair
            factor = 1.5
        elif year == 1403 and month in (4, 5):
            factor = 0.8
        for _ in range(rng.poisson(7.5 * factor)):
            invoice += 1
            title, author, cat, price = BOOKS[int(rng.choice(len(BOOKS), p=[.1, .08, .03, .13, .12, .09, .04, .14, .08, .12, .07]))]
            rise = 1.0 if year == 1402 else 1.25
            unit = int(round(price * rise * rng.uniform(0.97, 1.03), -4))
            rows.append({"شماره_فاکتور": invoice, "تاریخ": f"{year}/{month:02d}/{d:02d}",
                         "شعبه": str(rng.choice(BRANCHES, p=[.45, .33, .22])), "عنوان": title, "نویسنده": author,
                         "دسته": cat, "تعداد": int(rng.choice([1, 1, 1, 1, 2, 2, 3])), "قیمت_واحد_ریال": unit,
                         "پرداخت": str(rng.choice(["کارتخوان", "نقدی", "آنلاین"], p=[.68, .12, .2]))})
    return pd.DataFrame(rows)


# -- a clinical exome's variant calls (VCF, a cardiomyopathy gene panel) ------------------------------------------
PANEL = {  # gene: (chromosome, start, share of the variants)
    "TTN": ("chr2", 178_525_989, .34), "MYH7": ("chr14", 23_412_740, .06), "MYBPC3": ("chr11", 47_331_406, .07),
    "LMNA": ("chr1", 156_082_573, .04), "RBM20": ("chr10", 110_644_336, .05), "DSP": ("chr6", 7_541_671, .07),
    "PKP2": ("chr12", 32_790_755, .05), "FLNC": ("chr7", 128_830_377, .06), "TNNT2": ("chr1", 201_359_008, .03),
    "SCN5A": ("chr3", 38_548_057, .07), "KCNQ1": ("chr11", 2_444_684, .06), "PLN": ("chr6", 118_548_296, .01),
    "DSG2": ("chr18", 31_498_177, .05), "TPM1": ("chr15", 63_042_632, .02), "ACTC1": ("chr15", 34_790_230, .02),
}


@functools.lru_cache(maxsize=1)
def vcf_text(seed: int = 1303) -> str:
    """GATK HaplotypeCaller calls of one patient over a 15-gene cardiomyopathy panel (GRCh38): ``FILTER`` is PASS,
    LowQual (QUAL < 30) or LowDP (DP < 10); ``INFO`` holds AC, AF, DP, MQ, QD and the gene; genotypes 0/1 or 1/1.
    Multi-allelic sites are split into one line per ALT allele, so a few positions appear twice."""
    rng = np.random.default_rng(seed)
    genes = list(PANEL)
    shares = np.array([PANEL[g][2] for g in genes])
    transitions = {"A": "G", "G": "A", "C": "T", "T": "C"}
    rows = []
    for _ in range(640):
        gene = genes[int(rng.choice(len(genes), p=shares / shares.sum()))]
        chrom, start, _ = PANEL[gene]
        pos = start + int(rng.integers(0, 280_000 if gene == "TTN" else 60_000))
        ref = str(rng.choice(list("ACGT")))
        kind = rng.random()
        if kind < 0.09:
            alt = ref + "".join(rng.choice(list("ACGT"), int(rng.integers(1, 5))))
        elif kind < 0.17:
            ref, alt = ref + "".join(rng.choice(list("ACGT"), int(rng.integers(1, 6)))), ref
        elif kind < 0.17 + 0.83 * 0.68:
            alt = transitions[ref]
        else:
            alt = str(rng.choice([b for b in "ACGT" if b not in (ref, transitions[ref])]))
        dp = int(max(3, rng.normal(62, 24)))
        hom = rng.random() < 0.31
        qual = round(float(max(4.0, rng.normal(900 if hom else 620, 260) * min(1.0, dp / 30))), 2)
        if rng.random() < 0.05:
            qual = round(float(rng.uniform(8, 29)), 2)
        rows.append((chrom, pos, ref, alt, qual, dp, hom, gene))
    for i in rng.choice(len(rows), 6, replace=False):  # split multi-allelic sites: a second ALT at the same position
        chrom, pos, ref, alt, qual, dp, _, gene = rows[int(i)]
        if len(ref) == 1 and len(alt) == 1:
            other = next(b for b in "ACGT" if b not in (ref, alt))
            rows.append((chrom, pos, ref, other, round(qual * 0.6, 2), dp, False, gene))
    order = {f"chr{c}": k for k, c in enumerate([*range(1, 23), "X", "Y"])}
    rows.sort(key=lambda r: (order[r[0]], r[1]))
    out = ["##fileformat=VCFv4.2", "##fileDate=20250312", "##source=GATK HaplotypeCaller 4.5.0.0",
           "##reference=GRCh38", '##FILTER=<ID=PASS,Description="All filters passed">',
           '##FILTER=<ID=LowQual,Description="QUAL < 30">', '##FILTER=<ID=LowDP,Description="DP < 10">',
           '##INFO=<ID=AC,Number=A,Type=Integer,Description="Allele count in genotypes">',
           '##INFO=<ID=AF,Number=A,Type=Float,Description="Allele frequency">',
           '##INFO=<ID=DP,Number=1,Type=Integer,Description="Approximate read depth">',
           '##INFO=<ID=MQ,Number=1,Type=Float,Description="RMS mapping quality">',
           '##INFO=<ID=QD,Number=1,Type=Float,Description="Variant confidence / quality by depth">',
           '##INFO=<ID=GENE,Number=1,Type=String,Description="Panel gene overlapping the variant">',
           '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
           '##FORMAT=<ID=AD,Number=R,Type=Integer,Description="Allelic depths">',
           '##FORMAT=<ID=DP,Number=1,Type=Integer,Description="Read depth">',
           '##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="Genotype quality">']
    out += [f"##contig=<ID={c}>" for c in sorted({r[0] for r in rows}, key=order.__getitem__)]
    out.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tPT-0457")
    for chrom, pos, ref, alt, qual, dp, hom, gene in rows:
        flt = "LowQual" if qual < 30 else "LowDP" if dp < 10 else "PASS"
        rsid = f"rs{int(rng.integers(1_000_000, 2_000_000_000))}" if rng.random() < 0.72 else "."
        alt_reads = dp if hom else int(rng.binomial(dp, 0.48))
        gq = 99 if qual > 200 else int(max(3, qual / 3))
        gt = "1/1" if hom else "0/1"
        info = (f"AC={2 if hom else 1};AF={1.0 if hom else 0.5:.3f};AN=2;DP={dp};MQ={rng.normal(59.5, 0.8):.2f};"
                f"QD={qual / dp:.2f};GENE={gene}")
        out.append(f"{chrom}\t{pos}\t{rsid}\t{ref}\t{alt}\t{qual:.2f}\t{flt}\t{info}\tGT:AD:DP:GQ\t"
                   f"{gt}:{dp - alt_reads},{alt_reads}:{dp}:{gq}")
    return "\n".join(out)


# -- a Colombo cricket club's T20 season (a dict of two tables; overs written 19.4 for 19 overs and 4 balls) ------
SQUAD = {  # batter: batting strength (higher: more runs)
    "Dinesh Perera": 1.5, "Kasun Fernando": 1.35, "Nuwan Silva": 1.2, "Chamara Dissanayake": 1.0, "Ravindu Bandara": 1.1,
    "Isuru Herath": 0.8, "Lahiru Jayawardena": 0.75, "Pathum Gunasekara": 0.9, "Shehan Wijesinghe": 0.45,
    "Tharindu Ranasinghe": 0.35, "Asitha Karunaratne": 0.3, "Malith de Mel": 0.6, "Sadeera Samarakoon": 0.4,
}
OPPONENTS = ["Kotte CC", "Moratuwa SC", "Negombo United", "Galle Fort XI", "Kandy Lions", "Dehiwala Rovers",
             "Panadura Tigers", "Kelaniya CC"]


def ordinal_date(d: pd.Timestamp) -> str:
    """``14th June 2025``."""
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"{d.day}{suffix} {d:%B %Y}"


def overs(balls: int) -> str:
    """Cricket notation: 118 balls are ``19.4`` (19 overs and 4 balls), not 19.4 overs."""
    return f"{balls // 6}.{balls % 6}"


def club() -> dict[str, pd.DataFrame]:
    """Wellawatte Sports Club's T20 league season, June to September 2025: ``matches`` and ``batting``."""
    return {name: frame.copy() for name, frame in _club().items()}


@functools.lru_cache(maxsize=1)
def _club(seed: int = 1304) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    names = list(SQUAD)
    days = [pd.Timestamp("2025-06-07") + pd.Timedelta(days=7 * k + int(rng.choice([0, 0, 1]))) for k in range(16)]
    matches, batting = [], []
    for k, day in enumerate(days):
        no = 101 + k
        opp = OPPONENTS[k % len(OPPONENTS)]
        home = k % 2 == 0
        bat_first = bool(rng.random() < 0.5)
        win = bool(rng.random() < (0.62 if k < 10 else 0.45))
        if bat_first:
            ours = int(rng.normal(158, 24))
            wk = int(min(10, rng.poisson(6.4)))
            ob = 120 if wk < 10 else int(rng.integers(96, 120))
            if win:
                theirs, tw = ours - int(rng.integers(3, 41)), int(min(10, rng.poisson(7.5)))
                tb = 120 if tw < 10 else int(rng.integers(90, 120))
                result = f"Won by {ours - theirs} runs"
            else:
                theirs, tw, tb = ours + int(rng.integers(1, 6)), int(rng.integers(2, 9)), int(rng.integers(98, 120))
                result = f"Lost by {10 - tw} wickets"
        else:
            theirs = int(rng.normal(156, 24))
            tw = int(min(10, rng.poisson(6.4)))
            tb = 120 if tw < 10 else int(rng.integers(96, 120))
            if win:
                ours, wk, ob = theirs + int(rng.integers(1, 6)), int(rng.integers(2, 9)), int(rng.integers(96, 120))
                result = f"Won by {10 - wk} wickets"
            else:
                ours, wk = theirs - int(rng.integers(4, 45)), int(min(10, rng.poisson(7.8)))
                ob = 120 if wk < 10 else int(rng.integers(90, 120))
                result = f"Lost by {theirs - ours} runs"
        extras = int(rng.integers(4, 17))
        order = names[:6] + list(rng.permutation(names[6:]))
        if rng.random() < 0.3:  # someone in the top order is rested
            order.remove(order[int(rng.integers(0, 6))])
        order = order[:11]
        batted = order[: 11 if wk == 10 else wk + 2]
        weights = np.array([SQUAD[b] * (1.6 - 0.1 * i) for i, b in enumerate(batted)]) * rng.gamma(1.3, 1.0, len(batted))
        runs = np.floor(weights / weights.sum() * (ours - extras)).astype(int)
        runs[int(np.argmax(weights))] += ours - extras - runs.sum()
        sr = np.clip(rng.normal(1.28, 0.3, len(batted)), 0.6, 2.3)
        balls = np.maximum(1, np.round(runs / sr)).astype(int)
        balls = np.maximum(1, np.round(balls / balls.sum() * ob)).astype(int)
        out_idx = list(range(len(batted))) if wk == 10 else list(range(len(batted) - 2))
        if wk == 10:
            out_idx.remove(len(batted) - 1)
        for i, b in enumerate(batted):
            r = int(runs[i])
            sixes = int(rng.binomial(r // 12, 0.5)) if r >= 12 else 0
            fours = int(rng.binomial(max(0, (r - 6 * sixes) // 8), 0.6))
            bowler = str(rng.choice(["Ahamed", "Rathnayake", "Mendis", "Kumara", "Pathirana", "Lakmal", "Udana"]))
            fielder = str(rng.choice(["Jayasinghe", "Senanayake", "Abeysekera", "Wickrama", "Nissanka"]))
            how = ("not out" if i not in out_idx else
                   str(rng.choice([f"c {fielder} b {bowler}", f"b {bowler}", f"lbw b {bowler}", f"run out ({fielder})",
                                   f"c & b {bowler}"], p=[.5, .22, .13, .1, .05])))
            batting.append({"match_no": no, "position": i + 1, "batter": b, "runs": r, "balls": int(balls[i]),
                            "fours": fours, "sixes": sixes, "how_out": how})
        matches.append({"match_no": no, "date": ordinal_date(day), "opponent": opp,
                        "venue": "Havelock Park" if home else f"{opp.split()[0]} (away)",
                        "batted_first": bat_first, "runs": ours, "wkts": wk, "overs": overs(ob), "extras": extras,
                        "opp_runs": theirs, "opp_wkts": tw, "opp_overs": overs(tb), "result": result})
    return {"matches": pd.DataFrame(matches), "batting": pd.DataFrame(batting)}


# -- a cyclist's GPX track over the Vršič pass (XML, UTC times, heart rate and cadence) ----------------------------
KRANJSKA_GORA, VRSIC, NA_LOGU = (46.4846, 13.7856, 810.0), (46.4336, 13.7430, 1611.0), (46.4068, 13.7585, 622.0)
RIDE_START = pd.Timestamp("2024-07-13 06:42:10")


def _road(a: tuple[float, float, float], b: tuple[float, float, float], km: float, turns: int, n: int = 4000) -> np.ndarray:
    """A hairpinned road from ``a`` to ``b`` about ``km`` long: rows of latitude, longitude and elevation."""
    s = np.linspace(0, 1, n)
    lat0, lon0 = a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s
    dy, dx = (b[0] - a[0]) * 111_200, (b[1] - a[1]) * 111_200 * math.cos(math.radians(a[0]))
    ny, nx = -dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)
    straight = math.hypot(dx, dy) / 1000
    lo, hi = 0.0, 3000.0
    for _ in range(40):  # the hairpins' width that makes the road ``km`` long
        amp = (lo + hi) / 2
        off = amp * np.sin(turns * np.pi * s) * np.sin(np.pi * s)
        y, x = dy * s + ny * off, dx * s + nx * off
        length = np.hypot(np.diff(y), np.diff(x)).sum() / 1000
        lo, hi = (amp, hi) if length < km else (lo, amp)
    _ = straight
    ele = a[2] + (b[2] - a[2]) * (s ** 1.15 if b[2] > a[2] else 1 - (1 - s) ** 1.15)
    return np.column_stack([lat0 + ny * off / 111_200, lon0 + nx * off / (111_200 * math.cos(math.radians(a[0]))), ele])


@functools.lru_cache(maxsize=1)
def gpx_track(seed: int = 1305) -> str:
    """A Garmin GPX file of a Saturday ride, 13 July 2024: Kranjska Gora up the Vršič pass, down to Trenta (Na Logu),
    back over the pass and home, a point every 10 s (times in UTC; Slovenia is on UTC+2 in summer), with elevation,
    heart rate and cadence. A photo stop on the first pass, a coffee in Trenta, a short stop on the second pass."""
    rng = np.random.default_rng(seed)
    legs = [(_road(KRANJSKA_GORA, VRSIC, 12.4, 24), "up", 9 * 60), (_road(VRSIC, NA_LOGU, 10.1, 20), "down", 24 * 60),
            (_road(NA_LOGU, VRSIC, 10.1, 20), "up", 6 * 60), (_road(VRSIC, KRANJSKA_GORA, 12.4, 24), "down", 0)]
    pts: list[tuple[float, float, float, int, int]] = []
    hr = 96.0
    for road, way, stop in legs:
        step = np.r_[0, np.hypot(np.diff(road[:, 0]) * 111_200, np.diff(road[:, 1]) * 111_200 * math.cos(math.radians(46.45)))]
        along = np.cumsum(step)
        d = 0.0
        while d < along[-1]:
            i = int(np.searchsorted(along, d))
            j = min(i + 40, len(road) - 1)
            grade = float(np.clip((road[j, 2] - road[max(i - 40, 0), 2]) / max(1.0, along[j] - along[max(i - 40, 0)]), -.14, .14))
            if way == "up":
                v = max(1.5, rng.normal(5.6 - 30 * grade, 0.35))
                hr += (146 + 150 * grade - hr) * 0.08 + rng.normal(0, 1.2)
                cad = int(rng.normal(78, 5))
            else:
                v = float(np.clip(rng.normal(11.0, 2.2), 4.5, 17.6))
                hr += (116 - hr) * 0.06 + rng.normal(0, 1.2)
                cad = int(rng.normal(70, 12)) if rng.random() < 0.3 else 0
            lat, lon, ele = (float(np.interp(d, along, road[:, c])) for c in range(3))
            pts.append((lat, lon, ele + rng.normal(0, 0.4), round(hr), max(cad, 0)))
            d += v * 10
        lat, lon, ele = road[-1]
        for _ in range(stop // 10):
            hr += (92 - hr) * 0.05 + rng.normal(0, 1.0)
            pts.append((lat + rng.normal(0, 0.000012), lon + rng.normal(0, 0.000015), ele + rng.normal(0, 0.4), round(hr), 0))
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<gpx version="1.1" creator="Garmin Edge 840" xmlns="http://www.topografix.com/GPX/1/1" '
           'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">',
           f"  <metadata><name>Vršič in Trenta – sobotna tura</name><time>{RIDE_START:%Y-%m-%dT%H:%M:%S}Z</time></metadata>",
           "  <trk>", "    <name>Kranjska Gora – Vršič – Trenta (Na Logu) – Vršič – Kranjska Gora</name>", "    <type>cycling</type>",
           "    <trkseg>"]
    for k, (lat, lon, ele, h, cad) in enumerate(pts):
        t = RIDE_START + pd.Timedelta(seconds=10 * k)
        out.append(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele><time>{t:%Y-%m-%dT%H:%M:%S}Z</time>'
                   f"<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{h}</gpxtpx:hr><gpxtpx:cad>{cad}</gpxtpx:cad>"
                   "</gpxtpx:TrackPointExtension></extensions></trkpt>")
    out += ["    </trkseg>", "  </trk>", "</gpx>"]
    return "\n".join(out)


# -- an Edinburgh whisky auction's results (estimates as text, unsold lots) ----------------------------------------
DISTILLERIES = {  # distillery: (region, price level)
    "Macallan": ("Speyside", 1.0), "Glenfarclas": ("Speyside", .35), "GlenDronach": ("Speyside", .4),
    "Springbank": ("Campbeltown", .6), "Ardbeg": ("Islay", .45), "Lagavulin": ("Islay", .4), "Bowmore": ("Islay", .5),
    "Laphroaig": ("Islay", .35), "Port Ellen": ("Islay", 2.0), "Brora": ("Highland", 1.4), "Dalmore": ("Highland", .55),
    "Highland Park": ("Islands", .4), "Talisker": ("Islands", .3), "Rosebank": ("Lowland", .9),
}
NAS = {"Ardbeg": "Uigeadail", "Lagavulin": "Distillers Edition", "Laphroaig": "Cairdeas", "Macallan": "Rare Cask",
       "Springbank": "Local Barley", "Talisker": "Storm", "Highland Park": "Valkyrie", "Dalmore": "King Alexander III"}


def gbp_range(low: int, high: int) -> str:
    """An estimate as the catalogue prints it: ``£300–400``, ``£1,200–1,800``."""
    return f"£{low:,}–{high:,}"


def lots() -> pd.DataFrame:
    return _lots().copy()


@functools.lru_cache(maxsize=1)
def _lots(n: int = 320, seed: int = 1306) -> pd.DataFrame:
    """The March 2025 sale of an Edinburgh whisky auction house, two days (Saturday 8 and Sunday 9 March): lot,
    description, distillery, region, estimate as text (``£300–400``), hammer price in pounds (missing when the lot did
    not reach its reserve), status. Buyers pay a 25% premium on top of the hammer price."""
    rng = np.random.default_rng(seed)
    names = list(DISTILLERIES)
    rows = []
    for k in range(n):
        dist = names[int(rng.choice(len(names), p=[.14, .07, .06, .1, .1, .07, .07, .06, .03, .03, .06, .08, .08, .05]))]
        region, level = DISTILLERIES[dist]
        nas = dist in NAS and rng.random() < 0.3
        age = None if nas else int(rng.choice([10, 12, 15, 18, 21, 25, 30], p=[.18, .22, .15, .2, .1, .09, .06]))
        if dist in ("Port Ellen", "Brora", "Rosebank") and age is not None:
            age = max(age, 21)
        bottled = int(rng.integers(1985, 2024))
        abv = round(float(rng.choice([40.0, 43.0, 46.0, 48.0, 50.0, 51.3, 55.7, 57.1])), 1)
        value = level * (300 if nas else 90 * (age or 12) ** 0.85) * rng.lognormal(0, 0.35) * (1.4 if bottled < 2000 else 1.0)
        step = 10 if value < 400 else 50 if value < 2000 else 100 if value < 8000 else 500
        low = int(max(60, round(value * 0.85 / step) * step))
        high = int(round(low * 1.35 / step) * step)
        hammer = value * rng.lognormal(0.05, 0.28)
        inc = 10 if hammer < 1000 else 50 if hammer < 5000 else 100
        hammer = float(round(hammer / inc) * inc)
        sold = hammer >= low * 0.9
        label = f"{dist} {NAS[dist]}" if nas else f"{dist} {age} Year Old"
        rows.append({"lot": 1 + k, "description": f"{label}, bottled {bottled}, 70cl, {abv}%", "distillery": dist,
                     "region": region, "estimate": gbp_range(low, high), "hammer_gbp": hammer if sold else np.nan,
                     "status": "Sold" if sold else "Unsold", "session": "Day 1" if k < 170 else "Day 2"})
    return pd.DataFrame(rows)


# -- a Tallinn tram timetable as a GTFS feed (a dict of five tables) -----------------------------------------------
TRAM_STOPS = ["Kopli", "Sepa", "Maleva", "Krulli", "Telliskivi", "Balti jaam", "Mere pst", "Hobujaama", "Poska",
              "Kadriorg", "Tondi", "Tedre", "Vineeri", "Vabaduse väljak", "Kaubamaja", "Keskturg", "Lubja", "Ülemiste",
              "Suur-Paala", "Lennujaam"]
TRAM_ROUTES = {  # route_id: (short name, long name, stops with minutes from the first)
    "TLT_T1": ("1", "Kopli – Kadriorg", [("Kopli", 0), ("Sepa", 2), ("Maleva", 4), ("Krulli", 6), ("Telliskivi", 9),
                                         ("Balti jaam", 11), ("Mere pst", 14), ("Hobujaama", 16), ("Poska", 19), ("Kadriorg", 22)]),
    "TLT_T2": ("2", "Kopli – Suur-Paala", [("Kopli", 0), ("Sepa", 2), ("Maleva", 4), ("Krulli", 6), ("Telliskivi", 9),
                                           ("Balti jaam", 11), ("Mere pst", 14), ("Hobujaama", 16), ("Keskturg", 19),
                                           ("Lubja", 22), ("Ülemiste", 25), ("Suur-Paala", 29)]),
    "TLT_T3": ("3", "Tondi – Kadriorg", [("Tondi", 0), ("Tedre", 2), ("Vineeri", 5), ("Vabaduse väljak", 8),
                                         ("Kaubamaja", 10), ("Hobujaama", 13), ("Poska", 16), ("Kadriorg", 19)]),
    "TLT_T4": ("4", "Tondi – Lennujaam", [("Tondi", 0), ("Tedre", 2), ("Vineeri", 5), ("Vabaduse väljak", 8),
                                          ("Kaubamaja", 10), ("Keskturg", 13), ("Lubja", 16), ("Ülemiste", 19), ("Lennujaam", 23)]),
}
HEADWAYS = {  # service: (from hour, to hour, minutes between trams)
    "E-R": [(5.5, 7.0, 12), (7.0, 9.5, 6), (9.5, 15.5, 10), (15.5, 18.5, 7), (18.5, 21.0, 12), (21.0, 24.6, 20)],
    "L-P": [(6.25, 9.0, 20), (9.0, 20.0, 12), (20.0, 24.2, 20)],
}


def gtfs() -> dict[str, pd.DataFrame]:
    """The tram part of a Tallinn GTFS feed for 2025: ``routes``, ``stops``, ``trips``, ``stop_times`` (times as text,
    past ``24:00:00`` for trams that run after midnight) and ``calendar`` (``E-R`` Monday to Friday, ``L-P`` weekends)."""
    return {name: frame.copy() for name, frame in _gtfs().items()}


def _hms(minutes: float) -> str:
    s = round(minutes * 60)
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


@functools.lru_cache(maxsize=1)
def _gtfs(seed: int = 1307) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    stops = pd.DataFrame({"stop_id": [f"{1001 + i}" for i in range(len(TRAM_STOPS))], "stop_name": TRAM_STOPS,
                          "stop_lat": np.round(59.43 + rng.normal(0, 0.012, len(TRAM_STOPS)), 6),
                          "stop_lon": np.round(24.75 + rng.normal(0, 0.03, len(TRAM_STOPS)), 6)})
    sid = dict(zip(stops.stop_name, stops.stop_id))
    routes = pd.DataFrame([{"route_id": r, "agency_id": "TLT", "route_short_name": short, "route_long_name": long,
                            "route_type": 0, "route_color": ["E4002B", "0072CE", "00A651", "F7A600"][i]}
                           for i, (r, (short, long, _)) in enumerate(TRAM_ROUTES.items())])
    trips, times = [], []
    for service, bands in HEADWAYS.items():
        for r, (short, _, seq) in TRAM_ROUTES.items():
            head = (bands if short != "4" else [(b[0], min(b[1], 24.0), max(b[2], 10)) for b in bands])
            for direction in (0, 1):
                pattern = seq if direction == 0 else [(s, seq[-1][1] - m) for s, m in reversed(seq)]
                t = head[0][0] * 60 + (0 if direction == 0 else 4) + int(rng.integers(0, 4))
                k = 0
                while t < head[-1][1] * 60:
                    gap = next(g for lo, hi, g in head if lo * 60 <= t < hi * 60)
                    k += 1
                    trip_id = f"{r}_{service}_{direction}_{k:03d}"
                    trips.append({"route_id": r, "service_id": service, "trip_id": trip_id,
                                  "trip_headsign": pattern[-1][0], "direction_id": direction})
                    slow = 1.0 + (0.12 if service == "E-R" and (7.5 * 60 <= t < 9 * 60 or 16 * 60 <= t < 18 * 60) else 0)
                    for i, (stop, m) in enumerate(sorted(pattern, key=lambda x: x[1])):
                        hhmmss = _hms(t + m * slow)
                        times.append({"trip_id": trip_id, "arrival_time": hhmmss, "departure_time": hhmmss,
                                      "stop_id": sid[stop], "stop_sequence": i + 1})
                    t += gap
    calendar = pd.DataFrame([{"service_id": "E-R", "monday": 1, "tuesday": 1, "wednesday": 1, "thursday": 1, "friday": 1,
                              "saturday": 0, "sunday": 0, "start_date": "20250101", "end_date": "20251231"},
                             {"service_id": "L-P", "monday": 0, "tuesday": 0, "wednesday": 0, "thursday": 0, "friday": 0,
                              "saturday": 1, "sunday": 1, "start_date": "20250101", "end_date": "20251231"}])
    return {"routes": routes, "stops": stops, "trips": pd.DataFrame(trips), "stop_times": pd.DataFrame(times),
            "calendar": calendar}


# -- a Kakheti wine-tour operator's tours and terms, in markdown (prices in lari) ----------------------------------
WINE_TERMS = """# Qvevri Roads: wine tours from Tbilisi, season 2025

Tours run from 1 April to 15 November 2025. Prices are in Georgian lari (GEL, ₾) per person and include transport,
a licensed guide and all tastings. Card payments in USD or EUR are converted at the National Bank rate of the day.

## Tours

| Tour | Duration | Days | Wineries | Price | Lunch |
| --- | --- | --- | --- | --- | --- |
| Kakheti Classic | 10 h | daily | 2 (Telavi, Kvareli) | 180 ₾ | supra lunch included |
| Sighnaghi & Bodbe | 9 h | Tue, Thu, Sat | 1 (Sighnaghi) | 160 ₾ | included |
| Qvevri Masterclass | 4 h | Wed, Fri, Sun | 1 (Tbilisi cellar) | 120 ₾ | snacks only |
| Mtskheta Half Day | 5 h | daily | 1 (Saguramo) | 95 ₾ | not included |
| Rtveli Harvest Weekend | 2 days | Sat–Sun, 15 Sep–20 Oct | 3 | 540 ₾ | all meals, 1 night in Telavi |

Pick-up is at 09:00 from hotels in Old Tbilisi, Sololaki and Vera; other districts pay a 20 ₾ transfer supplement per
booking. The Qvevri Masterclass meets at the cellar on Leselidze Street at 15:00.

## Children and tastings

- Children under 6 travel free; children aged 6–12 pay half price. Guests aged 13 and over pay the full price.
- Wine is poured only for guests aged 18 and over. Younger guests taste grape juice and churchkhela instead.
- Each winery pours 5 to 7 wines; on the Kakheti Classic expect about 12 in total.

## Groups and private tours

- Groups of 6 or more booking together get 10% off the total.
- A private car with a guide for up to 4 people costs 650 ₾ for any day tour, whatever the tour's usual price.
- Discounts cannot be combined with the private-car price.

## Cancellations

- Free cancellation up to 48 hours before pick-up.
- From 48 to 24 hours before pick-up we refund 50%.
- Less than 24 hours before pick-up, or no-show: no refund.
- If we cancel (for example when the Gombori pass is closed by snow), you choose a full refund or another date.

## Good to know

Drink responsibly: the guide may stop pouring for a guest who has had enough. Bottles bought at the wineries travel in
the minibus at your own risk; we sell padded wine bags for 15 ₾. The Rtveli weekend includes joining the grape harvest
and treading grapes in a satsnakheli, so wear shoes you do not mind staining.
"""


# -- a Tatra mountain-rescue team's call-out book (free text; months in Roman numerals) ---------------------------
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
RESCUE_PLACES = ["Lomnické sedlo", "Skalnaté pleso", "Štrbské Pleso", "Popradské pleso", "Zelené pleso", "Téryho chata",
                 "Chopok north (Jasná)", "Rysy path", "Solisko", "Hrebienok"]
RESCUE_KINDS = {  # kind: (share, template)
    "ski": (.42, "skier ({who}) fell on the piste, suspected {injury}."),
    "hiker": (.2, "hiker ({who}) slipped on ice on the trail, {injury}."),
    "lost": (.12, "{n} hikers lost in fog after dark, called 112, found cold but unhurt."),
    "cardiac": (.06, "ski tourer ({who}) collapsed with chest pain, CPR by companions."),
    "avalanche": (.05, "avalanche, {n} ski tourers caught, {buried}."),
    "climber": (.08, "ice climber ({who}) fell about 15 m on the icefall, {injury}."),
    "exhausted": (.07, "snowshoer ({who}) exhausted and hypothermic, could not continue."),
}
INJURIES = ["knee ligament injury", "broken lower leg", "dislocated shoulder", "wrist fracture", "head injury",
            "broken ankle", "back injury"]


@functools.lru_cache(maxsize=1)
def rescue_book(seed: int = 1308) -> str:
    """The winter call-outs of a mountain-rescue station in the High Tatras, 1 December 2024 to 31 March 2025, as the duty
    officers typed them up: ``14.II.2025, 13:05.`` then the place, what happened, who went (ground team, snowmobile or the
    HEMS helicopter from Poprad), the outcome and the operation time. Two avalanches; more call-outs in the February
    holidays."""
    rng = np.random.default_rng(seed)
    kinds = list(RESCUE_KINDS)
    shares = np.array([RESCUE_KINDS[k][0] for k in kinds])
    out = ["HORSKÁ ZÁCHRANNÁ SLUŽBA, stanica Vysoké Tatry: call-out book, winter season 2024/25",
           "Entries in English for the seasonal volunteers. Times local (CET). Dates day.month(Roman).year.", ""]
    avalanche_days = {pd.Timestamp("2025-01-18"), pd.Timestamp("2025-03-02")}
    for d in pd.date_range("2024-12-01", "2025-03-31", freq="D"):
        busy = 2.1 if pd.Timestamp("2025-02-08") <= d <= pd.Timestamp("2025-03-02") else 1.25 if d.month == 12 and d.day > 26 else 1.0
        calls = rng.poisson(0.42 * busy) + (1 if d in avalanche_days else 0)
        for c in range(calls):
            kind = "avalanche" if d in avalanche_days and c == 0 else kinds[int(rng.choice(len(kinds), p=shares / shares.sum()))]
            if kind == "avalanche" and d not in avalanche_days:
                kind = "ski"
            hour = int(rng.integers(9, 17)) if kind != "lost" else int(rng.integers(17, 22))
            who = f"{'M' if rng.random() < .6 else 'F'}, {int(rng.integers(16, 71))}, {rng.choice(['SK', 'PL', 'CZ', 'HU', 'DE', 'UA'], p=[.42, .28, .15, .06, .05, .04])}"
            text = RESCUE_KINDS[kind][1].format(who=who, injury=str(rng.choice(INJURIES)), n=int(rng.integers(2, 5)),
                                                buried="one fully buried, located by transceiver and dug out after 22 min"
                                                if d.month == 1 else "all dug themselves out, one with a broken wrist")
            heli = kind in ("cardiac", "avalanche", "climber") or (kind in ("ski", "hiker") and rng.random() < 0.25)
            place = (str(rng.choice(["Chopok north (Jasná)", "Skalnaté pleso", "Lomnické sedlo"])) if kind == "ski"
                     else "Žiarska dolina" if kind == "avalanche" and d.month == 1 else "Malá Studená dolina" if kind == "avalanche"
                     else str(rng.choice(RESCUE_PLACES)))
            means = ("HEMS helicopter from Poprad, winch" if heli else
                     str(rng.choice(["Ground team of 3, snowmobile", "Ground team of 4 on foot", "Ground team of 2, akja sledge"])))
            minutes = int(rng.integers(35, 110)) if heli else int(rng.integers(50, 300))
            outcome = ("flown to hospital in Poprad" if heli else
                       "handed to ambulance at the road" if kind in ("ski", "hiker", "climber") else "escorted down to the valley")
            if kind == "cardiac":
                outcome = "flown to the cardiac unit in Poprad" if rng.random() < 0.7 else "pronounced dead at the scene"
            out.append(f"{d.day}.{ROMAN[d.month - 1]}.{d.year}, {hour:02d}:{int(rng.integers(0, 60)):02d}. {place}: {text} "
                       f"{means}. {outcome[0].upper() + outcome[1:]}. Op. time {minutes // 60} h {minutes % 60:02d} min.")
    return "\n".join(out)


# -- a Nairobi hardware shop's M-Pesa statement (pipe-separated text, newest first) --------------------------------
KENYAN_NAMES = ["GRACE AKINYI", "JOHN KAMAU", "MARY WANJIRU", "PETER OTIENO", "FAITH CHEBET", "DAVID MUTUA",
                "ESTHER NJERI", "JAMES KIPROTICH", "ANN WAMBUI", "BRIAN OCHIENG", "LUCY MUTHONI", "SAMUEL KIBET",
                "JOSEPH MWANGI", "HALIMA HASSAN", "KEVIN ODHIAMBO", "JANE ATIENO"]


@functools.lru_cache(maxsize=1)
def mpesa_statement(seed: int = 1309) -> str:
    """A Lipa na M-Pesa till's statement, 1 March to 31 May 2024, newest first: receipt, completion time
    (``2024-05-31 18:42:10``), details, status, paid in, withdrawn and the balance after each line, in Kenyan shillings
    written ``1,250.00``. Customers pay in all day; the shop pays its cement and steel suppliers, KPLC prepaid power,
    its bank, and takes cash out at an agent (with a charge). One supplier payment went to a wrong number and was
    reversed the same day."""
    rng = np.random.default_rng(seed)
    letters = list("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
    events: list[tuple[pd.Timestamp, str, float, float]] = []
    for d in pd.date_range("2024-03-01", "2024-05-31", freq="D"):
        sunday = d.day_of_week == 6
        rain = d.month == 4  # the long rains: building slows down
        for _ in range(rng.poisson((5 if sunday else 17) * (0.7 if rain else 1.0))):
            t = d + pd.Timedelta(seconds=int(rng.integers(7 * 3600 + 1800, 19 * 3600 + 1800)))
            amount = float(round(rng.lognormal(7.6, 0.95) / 10) * 10)
            who = str(rng.choice(KENYAN_NAMES))
            events.append((t, f"Customer Payment to Small Business from 2547******{int(rng.integers(100, 999))} - {who}", amount, 0.0))
        if d.day_of_week == 0:
            t = d + pd.Timedelta(hours=8, minutes=int(rng.integers(0, 50)))
            events.append((t, "Pay Bill to 888880 - KPLC PREPAID Acc. 37193640218", 0.0, float(rng.integers(12, 30) * 100)))
        if d.day_of_week in (1, 4):
            t = d + pd.Timedelta(hours=int(rng.integers(10, 16)), minutes=int(rng.integers(0, 60)))
            supplier = str(rng.choice(["PETER OTIENO (BAMBURI CEMENT AGENT)", "SAMUEL KIBET (STEEL & MESH)"]))
            events.append((t, f"Customer Transfer to 0722******{int(rng.integers(100, 999))} - {supplier}", 0.0,
                           float(rng.integers(18, 75) * 1000)))
        if d.day_of_week == 5:
            t = d + pd.Timedelta(hours=17, minutes=int(rng.integers(30, 59)))
            cash = float(rng.integers(10, 40) * 1000)
            events.append((t, "Withdrawal at Agent Till 304512 - KAWANGWARE MOBILE POINT", 0.0, cash))
            events.append((t + pd.Timedelta(seconds=1), "Withdrawal Charge", 0.0, 309.0 if cash > 20000 else 197.0))
        if d.day_of_week == 5:  # the owner sweeps the week's takings to the bank, keeping a float
            t = d + pd.Timedelta(hours=18, minutes=40)
            events.append((t, "Pay Bill to 247247 - Equity Bank Acc. 0190283746512", 0.0, -1.0))
    wrong = pd.Timestamp("2024-04-16 11:02:37")
    events.append((wrong, "Customer Transfer to 0733******208 - ALICE MORAA", 0.0, 45000.0))
    events.append((wrong + pd.Timedelta(hours=3, minutes=14), "Reversal of Customer Transfer to 0733******208", 45000.0, 0.0))
    events.sort(key=lambda e: e[0])
    balance = 23_450.75
    lines = []
    for t, details, paid_in, withdrawn in events:
        if withdrawn < 0:
            withdrawn = float((balance - 30_000) // 10_000 * 10_000)
        if (withdrawn <= 0 and not paid_in) or balance + paid_in - withdrawn < 0:
            continue
        balance = round(balance + paid_in - withdrawn, 2)
        receipt = "S" + "CDE"[t.month - 3] + "".join(rng.choice(letters, 8))
        lines.append(f"{receipt} | {t:%Y-%m-%d %H:%M:%S} | {details} | Completed | "
                     f"{f'{paid_in:,.2f}' if paid_in else ''} | {f'{withdrawn:,.2f}' if withdrawn else ''} | {balance:,.2f}")
    head = ["M-PESA STATEMENT", "Customer Name: WANJIKU HARDWARE & GENERAL SUPPLIES (Till 5471203)",
            "Mobile Number: 0712 *** 678", "Statement Period: 01 Mar 2024 - 31 May 2024", "Request Date: 03 Jun 2024", "",
            "DETAILED STATEMENT",
            "Receipt No. | Completion Time | Details | Transaction Status | Paid In | Withdrawn | Balance"]
    return "\n".join(head + lines[::-1])


# -- number formats --------------------------------------------------------------------------------------------------
FA_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def fa(x: float, decimals: int = 0) -> str:
    """Persian digits with the Arabic thousands and decimal separators: ``۱۲٬۵۰۰`` and ``۳٫۵``."""
    return f"{x:,.{decimals}f}".replace(",", "٬").replace(".", "٫").translate(FA_DIGITS)


def sl(x: float, decimals: int = 1) -> str:
    """Slovenian digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def gbp(x: float) -> str:
    return f"£{x:,.0f}"


def ksh(x: float, decimals: int = 2) -> str:
    return f"KSh {x:,.{decimals}f}"


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
METAR_LOOK = repl("lines = metar.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:8]))",
                  "Raw METAR reports; the header and the first few lines first.")
METAR_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^METAR (COR )?ENTC (\\d{2})(\\d{2})(\\d{2})Z (VRB|\\d{3})(\\d{2})(?:G(\\d{2}))?KT (\\d{4}) (.*?) ?(M?\\d{2})/(M?\\d{2}) Q(\\d{4})')\n"
    "rows = []\n"
    "for line in metar.splitlines():\n"
    "    hit = rx.match(line)\n"
    "    if hit:\n"
    "        cor, dd, hh, mi, wdir, spd, gust, vis, sky, t, td, q = hit.groups()\n"
    "        rows.append({'time': pd.Timestamp(2025, 1, int(dd), int(hh), int(mi)), 'cor': bool(cor), 'wdir': wdir,\n"
    "                     'wind_kt': int(spd), 'gust_kt': float(gust) if gust else float('nan'), 'vis_m': int(vis),\n"
    "                     'sky': sky, 'temp_c': int(t.replace('M', '-')), 'dew_c': int(td.replace('M', '-')), 'qnh_hpa': int(q)})\n"
    "obs = pd.DataFrame(rows).drop_duplicates('time', keep='last').set_index('time')  # a COR replaces the report it corrects\n"
    "print(obs.shape, int(obs.cor.sum()))\nprint(obs.head())")
PARSE_METAR = repl(METAR_PARSE, "Parsing each report: DDHHMMZ (the month is January 2025 from the header), wind in knots, "
                                "M for minus, QNH in hPa. A COR report replaces the one it corrects.")

BOOK_LOOK = repl("print(forush.shape)\nprint(forush.columns.tolist())\nprint(forush.head())",
                 "The columns are in Persian; let me see them.")
BOOK_PARSE = (
    "forush['ym'] = forush['تاریخ'].str[:7]  # Solar Hijri year/month, e.g. 1402/12 = Esfand 1402\n"
    "forush['سال'] = forush['تاریخ'].str[:4].astype(int)\n"
    "forush['مبلغ_ریال'] = forush['تعداد'] * forush['قیمت_واحد_ریال']\n"
    "print(forush['تاریخ'].min(), forush['تاریخ'].max(), len(forush), forush['مبلغ_ریال'].sum())")
PARSE_BOOK = repl(BOOK_PARSE, "Dates are Solar Hijri (1402/07/01 = 1 Mehr 1402), prices in rial; adding the line amount.")

VCF_LOOK = repl("lines = vcf.splitlines()\nprint(len(lines))\n"
                "print('\\n'.join(l for l in lines if l.startswith(('##FILTER', '##source', '#CHROM'))))\nprint(lines[-1])",
                "A VCF; the filters, the column header and one record first.")
VCF_PARSE = (
    "import io\nimport pandas as pd\n"
    "var = pd.read_csv(io.StringIO('\\n'.join(l for l in lines if not l.startswith('##'))), sep='\\t')\n"
    "var = var.rename(columns={'#CHROM': 'CHROM'})\n"
    "info = pd.DataFrame([dict(kv.split('=') for kv in s.split(';')) for s in var.INFO])\n"
    "var['DP'], var['GENE'] = info.DP.astype(int), info.GENE\n"
    "var['GT'] = var['PT-0457'].str.split(':').str[0]\n"
    "var['type'] = (var.REF.str.len().eq(1) & var.ALT.str.len().eq(1)).map({True: 'SNV', False: 'indel'})\n"
    "print(var.shape)\nprint(var.FILTER.value_counts())")
PARSE_VCF = repl(VCF_PARSE, "Reading the records, then splitting INFO into its keys and the sample's genotype.")

CLUB_LOOK = repl("for name, t in club.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                 "Two tables; a look at both.")
CLUB_PARSE = (
    "import pandas as pd\nm, bat = club['matches'], club['batting']\n"
    "m['day'] = pd.to_datetime(m.date.str.replace(r'(?<=\\d)(st|nd|rd|th)', '', regex=True), format='%d %B %Y')\n"
    "def balls(o):\n    o, b = o.split('.')\n    return int(o) * 6 + int(b)  # 19.4 is 19 overs and 4 balls\n"
    "m['balls'], m['opp_balls'] = m.overs.map(balls), m.opp_overs.map(balls)\n"
    "m['won'] = m.result.str.startswith('Won')\n"
    "print(m[['match_no', 'day', 'opponent', 'runs', 'wkts', 'overs', 'opp_runs', 'result']].to_string())")
PARSE_CLUB = repl(CLUB_PARSE, "Dates have ordinal suffixes and overs are overs.balls, so I convert both.")

GPX_LOOK = repl("print(len(gpx))\nprint(gpx[:1000])", "A GPX file; the header and the first track points.")
GPX_PARSE = (
    "import xml.etree.ElementTree as ET\nimport numpy as np\nimport pandas as pd\n"
    "ns = {'g': 'http://www.topografix.com/GPX/1/1', 'x': 'http://www.garmin.com/xmlschemas/TrackPointExtension/v1'}\n"
    "root = ET.fromstring(gpx)\n"
    "pts = pd.DataFrame([{'time': pd.Timestamp(p.find('g:time', ns).text), 'lat': float(p.get('lat')), 'lon': float(p.get('lon')),\n"
    "                     'ele': float(p.find('g:ele', ns).text), 'hr': int(p.find('.//x:hr', ns).text),\n"
    "                     'cad': int(p.find('.//x:cad', ns).text)} for p in root.iterfind('.//g:trkpt', ns)])\n"
    "la, lo = np.radians(pts.lat), np.radians(pts.lon)\n"
    "h = np.sin(la.diff() / 2) ** 2 + np.cos(la) * np.cos(la.shift()) * np.sin(lo.diff() / 2) ** 2\n"
    "pts['step_m'] = (2 * 6_371_000 * np.arcsin(np.sqrt(h))).fillna(0)\n"
    "pts['km'] = pts.step_m.cumsum() / 1000\n"
    "pts['kmh'] = pts.step_m / pts.time.diff().dt.total_seconds() * 3.6\n"
    "print(len(pts), pts.time.min(), pts.time.max(), round(pts.km.iloc[-1], 2))")
PARSE_GPX = repl(GPX_PARSE, "Track points into a table; distance by haversine between consecutive points.")

LOTS_LOOK = repl("print(lots.shape)\nprint(lots.head().to_string())\nprint(lots.status.value_counts())")
LOTS_PARSE = (
    "est = lots.estimate.str.replace('£', '').str.replace(',', '').str.split('–', expand=True).astype(int)\n"
    "lots['low'], lots['high'] = est[0], est[1]\n"
    "sold = lots[lots.status == 'Sold']\n"
    "print(len(sold), sold.hammer_gbp.sum())")
PARSE_LOTS = repl(LOTS_PARSE, "Estimates are text like £300–400 (an en dash); splitting them into low and high.")

GTFS_LOOK = repl("for name, t in gtfs.items():\n    print(name, t.shape, list(t.columns))\nprint(gtfs['routes'].to_string())",
                 "A GTFS feed as a dict of tables.")
GTFS_PARSE = (
    "import pandas as pd\n"
    "st = (gtfs['stop_times'].merge(gtfs['trips'], on='trip_id')\n"
    "      .merge(gtfs['routes'][['route_id', 'route_short_name']], on='route_id')\n"
    "      .merge(gtfs['stops'][['stop_id', 'stop_name']], on='stop_id'))\n"
    "st['dep_min'] = st.departure_time.str.split(':').apply(lambda p: int(p[0]) * 60 + int(p[1]) + int(p[2]) / 60)\n"
    "print(st.shape)\nprint(st.head())")
PARSE_GTFS = repl(GTFS_PARSE, "Joining stop_times to trips, routes and stops; GTFS times can pass 24:00, so minutes "
                              "since the start of the service day.")

WINE_LOOK = repl("print(len(terms))\nprint(terms[:420])")

RESCUE_LOOK = repl("book = rescue.splitlines()\nprint(len(book))\nprint('\\n'.join(book[:6]))",
                   "A free-text call-out book; the first entries.")
RESCUE_PARSE = (
    "import re\nimport pandas as pd\n"
    "roman = {'I': 1, 'II': 2, 'III': 3, 'IV': 4, 'V': 5, 'VI': 6, 'VII': 7, 'VIII': 8, 'IX': 9, 'X': 10, 'XI': 11, 'XII': 12}\n"
    "rx = re.compile(r'^(\\d{1,2})\\.([IVX]+)\\.(\\d{4}), (\\d{2}):(\\d{2})\\. ([^:]+): (.*) Op\\. time (\\d+) h (\\d+) min\\.$')\n"
    "calls = pd.DataFrame([(pd.Timestamp(int(y), roman[mo], int(d), int(hh), int(mi)), place, text, int(h) * 60 + int(mm))\n"
    "                      for d, mo, y, hh, mi, place, text, h, mm in (rx.match(l).groups() for l in book if rx.match(l))],\n"
    "                     columns=['when', 'place', 'text', 'minutes'])\n"
    "calls['heli'] = calls.text.str.contains('helicopter')\n"
    "print(len(calls))\nprint(calls.head())")
PARSE_RESCUE = repl(RESCUE_PARSE, "Each entry starts with day.ROMAN-MONTH.year and a time; parsing them into a table.")

MPESA_LOOK = repl("rows = statement.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:11]))\nprint(rows[-1])",
                  "An M-Pesa statement; the header and the first and last lines.")
MPESA_PARSE = (
    "import io\nimport pandas as pd\n"
    "start = next(i for i, r in enumerate(rows) if r.startswith('Receipt No.'))\n"
    "tx = pd.read_csv(io.StringIO('\\n'.join(rows[start:])), sep=r'\\s*\\|\\s*', engine='python', dtype=str)\n"
    "for c in ['Paid In', 'Withdrawn', 'Balance']:\n"
    "    tx[c] = pd.to_numeric(tx[c].str.replace(',', ''), errors='coerce').fillna(0.0)\n"
    "tx['Completion Time'] = pd.to_datetime(tx['Completion Time'])\n"
    "tx = tx.sort_values('Completion Time', kind='stable').reset_index(drop=True)\n"
    "print(tx.shape)\nprint(tx.head())")
PARSE_MPESA = repl(MPESA_PARSE, "Pipe-separated, newest first, amounts with thousands commas; into a table in time order.")


def with_metar(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A METAR case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"metar": metar_archive()}
    return ctx, compute(ctx, METAR_PARSE + "\n" + code)


def with_books(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"forush": forush()}
    return ctx, compute({"forush": forush()}, BOOK_PARSE + "\n" + code)


def with_vcf(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"vcf": vcf_text()}
    return ctx, compute(ctx, "lines = vcf.splitlines()\n" + VCF_PARSE + "\n" + code)


def with_club(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"club": club()}
    return ctx, compute({"club": club()}, CLUB_PARSE + "\n" + code)


def with_gpx(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"gpx": gpx_track()}
    return ctx, compute(ctx, GPX_PARSE + "\n" + code)


def with_lots(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"lots": lots()}
    return ctx, compute({"lots": lots()}, LOTS_PARSE + "\n" + code)


def with_gtfs(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"gtfs": gtfs()}
    return ctx, compute({"gtfs": gtfs()}, GTFS_PARSE + "\n" + code)


def with_rescue(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"rescue": rescue_book()}
    return ctx, compute(ctx, "book = rescue.splitlines()\n" + RESCUE_PARSE + "\n" + code)


def with_mpesa(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"statement": mpesa_statement()}
    return ctx, compute(ctx, "rows = statement.splitlines()\n" + MPESA_PARSE + "\n" + code)


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def avalanches(_: re.Match[str], request: ChatRequest) -> str:
        found = [line for line in request.last_user.splitlines() if "avalanche" in line and re.match(r"\d{1,2}\.[IVX]+\.", line)]
        parts = []
        for line in found:
            day, place = line.split(",")[0], line.split(". ", 1)[1].split(":")[0]
            caught = re.search(r"(\d) ski tourers caught, ([^.]*)", line)
            parts.append(f"{day} at {place}: {caught.group(1)} ski tourers caught, {caught.group(2)}" if caught else f"{day} at {place}")
        return f"{len(found)} avalanche call-outs. " + "; ".join(parts) + "." if found else "No avalanche call-outs."

    def helicopter(_: re.Match[str], request: ChatRequest) -> str:
        k = sum("helicopter" in line for line in request.last_user.splitlines() if re.match(r"\d{1,2}\.[IVX]+\.", line))
        return f"The helicopter was used in {k} call-outs."

    def cancellation(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Cancellations\n\n(.*?)\n\n", request.last_user, re.S)
        return found.group(1) if found else "NONE"

    def kplc(_: re.Match[str], request: ChatRequest) -> str:
        amounts = [float(line.split("|")[5].replace(",", "")) for line in request.last_user.splitlines()
                   if "KPLC" in line and line.count("|") == 6]
        return f"{len(amounts)} KPLC prepaid payments, KSh {sum(amounts):,.2f} in total."

    return RuleBasedSubModel([(r"\AList the avalanche call-outs", avalanches),
                              (r"\ACount the call-outs in which the helicopter", helicopter),
                              (r"\AQuote the cancellation rules", cancellation),
                              (r"\AAdd up the KPLC", kplc)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h13_metar_wind_describe", "describe() statistic", "legit", "How windy is Tromsø airport in January, typically?")
def _metar_wind() -> Script:
    code = "print(obs.wind_kt.describe())"
    ctx, ns = with_metar(code)
    o = ns["obs"]
    d = o.wind_kt.describe()
    assert o.wind_kt.idxmax().day in (22, 23)
    final = (f"FINAL(Mostly light. Over the {d['count']:.0f} half-hourly reports the median wind is {d['50%']:.0f} kt and half of "
             f"them lie between {d['25%']:.0f} and {d['75%']:.0f} kt; the mean is {d['mean']:.1f} kt because of the storm of "
             f"22–23 January, when the mean wind reached {d['max']:.0f} kt.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final],
                  [repl("print(obs.wind_kt.median(), obs.wind_kt.quantile([.25, .75]).tolist(), round(obs.wind_kt.mean(), 1))"), final])


@case("h13_vcf_depth_describe", "describe() statistic", "legit", "What read depth do the variant calls have?")
def _vcf_depth() -> Script:
    code = "print(var.DP.describe().round(1))\nprint((var.DP < 20).sum())"
    ctx, ns = with_vcf(code)
    v = ns["var"]
    d = v.DP.describe().round(1)
    low = int((v.DP < 20).sum())
    final = (f"FINAL(Typical depth is about {d['50%']:.0f}x: median {d['50%']:.0f}, mean {d['mean']}, interquartile range "
             f"{d['25%']:.0f}–{d['75%']:.0f}x over {d['count']:.0f} records (min {d['min']:.0f}x, max {d['max']:.0f}x). "
             f"{low} calls have fewer than 20 reads and deserve a second look.)")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), final],
                  [repl("print(var.DP.median(), var.DP.quantile([.25, .75]).tolist(), (var.DP < 20).sum())"), final])


@case("h13_hammer_describe", "describe() statistic", "legit", "What does a typical lot fetch at this sale?")
def _hammer_describe() -> Script:
    code = "print(sold.hammer_gbp.describe())"
    ctx, ns = with_lots(code)
    d = ns["sold"].hammer_gbp.describe()
    final = (f"FINAL(The typical sold lot made about {gbp(d['50%'])} at the hammer (the median). The mean is higher, "
             f"{gbp(d['mean'])}, pulled up by a few big bottles up to {gbp(d['max'])}; the middle half went for "
             f"{gbp(d['25%'])} to {gbp(d['75%'])}. That is over {d['count']:.0f} sold lots, before the buyer's premium.)")
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final],
                  [repl("print(f\"£{sold.hammer_gbp.median():,.0f}\", f\"£{sold.hammer_gbp.mean():,.0f}\")"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
TRIPS_PER_ROUTE = ("per_route = (gtfs['trips'].merge(gtfs['routes'], on='route_id')\n"
                   "             .groupby(['service_id', 'route_short_name', 'route_long_name']).size().unstack(0))\nprint(per_route)")


@case("h13_trips_per_route_bullets", "bullet list of figures", "legit", "How many tram trips does each line run on a weekday?")
def _trips_bullets() -> Script:
    ctx, ns = with_gtfs(TRIPS_PER_ROUTE)
    p = ns["per_route"]["E-R"]
    final = ("FINAL(Weekday (service E-R) trips per line, both directions together:\n"
             + "\n".join(f"- Tram {short} ({long}): {k}" for (short, long), k in p.items())
             + f"\n\n{p.sum()} trips in all; line 4 to the airport runs the fewest.)")
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(TRIPS_PER_ROUTE), final],
                  [repl("print(per_route['E-R'].to_dict(), per_route['E-R'].sum())"), final])


@case("h13_branch_revenue_bullets", "bullet list of figures", "legit", "How much did each branch sell over the year, in toman?")
def _branch_bullets() -> Script:
    code = ("shoabe = (forush.groupby('شعبه')['مبلغ_ریال'].sum() / 10).sort_values(ascending=False)  # rial -> toman\n"
            "print(shoabe.map('{:,.0f}'.format))\nprint(f'{shoabe.sum():,.0f}')")
    ctx, ns = with_books(code)
    s = ns["shoabe"]
    latin = {"انقلاب": "Enghelab", "کریمخان": "Karimkhan", "تجریش": "Tajrish"}
    final = ("FINAL(Sales from 1 Mehr 1402 to 31 Shahrivar 1403, in toman (rial ÷ 10):\n\n"
             + "\n".join(f"* {b} ({latin[b]}): {v:,.0f} toman" for b, v in s.items())
             + f"\n\nTogether {s.sum():,.0f} toman; Enghelab sells the most.)")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), final], [repl("print(shoabe.round().astype(int).to_dict())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
BATTING = ("avg = bat.groupby('batter').agg(inns=('runs', 'size'), no=('how_out', lambda s: (s == 'not out').sum()),\n"
           "                                runs=('runs', 'sum'), balls=('balls', 'sum'), hs=('runs', 'max'))\n"
           "avg['ave'] = (avg.runs / (avg.inns - avg.no)).round(2)\navg['sr'] = (avg.runs / avg.balls * 100).round(1)\n"
           "avg = avg.sort_values('runs', ascending=False)\nprint(avg)")


@case("h13_batting_table", "markdown table in text", "legit", "Give me the batting averages of our top five run-scorers as a table.")
def _batting_table() -> Script:
    ctx, ns = with_club(BATTING)
    a = ns["avg"].head(5)
    rows = "\n".join(f"| {b} | {r.inns} | {r.no} | {r.runs} | {r.hs} | {r.ave:.2f} | {r.sr:.1f} |" for b, r in a.iterrows())
    final = ("FINAL(Top five by runs, T20 league 2025:\n\n| Batter | Inns | NO | Runs | HS | Ave | SR |\n"
             "|---|--:|--:|--:|--:|--:|--:|\n" + rows + "\n\nAverage = runs ÷ dismissals; SR = runs per 100 balls.)")
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(BATTING), final], [repl("print(avg.head(5).to_string())"), final])


RESCUE_MONTHS = ("calls['month'] = calls.when.dt.to_period('M')\n"
                 "per_month = calls.groupby('month').agg(callouts=('text', 'size'), helicopter=('heli', 'sum'),\n"
                 "                                       hours=('minutes', lambda m: round(m.sum() / 60, 1)))\nprint(per_month)")


@case("h13_rescue_month_table", "markdown table in text", "legit", "Summarise the season month by month in a table.")
def _rescue_table() -> Script:
    ctx, ns = with_rescue(RESCUE_MONTHS)
    p = ns["per_month"]
    rows = "\n".join(f"| {r.Index.strftime('%B %Y')} | {r.callouts} | {r.helicopter} | {r.hours} |" for r in p.itertuples())
    final = ("FINAL(| Month | Call-outs | Helicopter | Operation hours |\n|---|---:|---:|---:|\n" + rows
             + f"\n| **Season** | **{p.callouts.sum()}** | **{p.helicopter.sum()}** | **{p.hours.sum():.1f}** |)")
    assert p.callouts.idxmax() == pd.Period("2025-02")
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(RESCUE_MONTHS), final],
                  [repl("print(per_month.to_string())\nprint(per_month.sum())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h13_ride_distance_sl", "value with a unit", "legit", "Koliko kilometrov sem prevozil v soboto?")
def _ride_distance() -> Script:
    code = "print(round(pts.km.iloc[-1], 2), pts.time.iloc[-1] - pts.time.iloc[0])"
    ctx, ns = with_gpx(code)
    p = ns["pts"]
    km = p.km.iloc[-1]
    el = p.time.iloc[-1] - p.time.iloc[0]
    final = (f"FINAL(Prevozil si {sl(km, 1)} km (Kranjska Gora – Vršič – Na Logu in nazaj), skupni čas na poti "
             f"{el.seconds // 3600} h {el.seconds % 3600 // 60} min, z vsemi postanki.)")
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), final],
                  [repl("print(f'{pts.km.iloc[-1]:.1f}'.replace('.', ','), 'km')"), final])


@case("h13_strongest_gust", "value with a unit", "legit", "What was the strongest gust reported in January?")
def _strongest_gust() -> Script:
    code = "print(obs.gust_kt.max(), obs.gust_kt.idxmax())\nprint(obs.loc[obs.gust_kt.idxmax()])"
    ctx, ns = with_metar(code)
    o = ns["obs"]
    g, t = o.gust_kt.max(), o.gust_kt.idxmax()
    final = (f"FINAL({g:.0f} kt, about {g * 1.852:.0f} km/h or {g * 0.5144:.0f} m/s, in the report of {t:%H:%M} UTC on "
             f"{t.day} January (wind from {o.loc[t, 'wdir']}°, mean {o.loc[t, 'wind_kt']} kt), at the height of the storm.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final],
                  [repl("print(obs.gust_kt.max(), round(obs.gust_kt.max() * 1.852), round(obs.gust_kt.max() * 0.5144))"), final])


@case("h13_total_with_premium", "value with a unit", "legit",
      "What did buyers pay in total, with the 25% buyer's premium on top of the hammer?")
def _total_premium() -> Script:
    code = "hammer = sold.hammer_gbp.sum()\nprint(hammer, hammer * 1.25)"
    ctx, ns = with_lots(code)
    h = ns["hammer"]
    final = f"FINAL({gbp(h * 1.25)}: {gbp(h)} of hammer prices on the {len(ns['sold'])} sold lots plus 25% premium ({gbp(h * 0.25)}).)"
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print(f'£{hammer * 1.25:,.0f}', f'£{hammer * .25:,.0f}')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h13_metar_temp_range", "range from min to max", "legit", "What was the range of temperatures at the airport in January?")
def _temp_range() -> Script:
    code = "print(obs.temp_c.min(), obs.temp_c.idxmin())\nprint(obs.temp_c.max(), obs.temp_c.idxmax())"
    ctx, ns = with_metar(code)
    o = ns["obs"]
    lo, hi = o.temp_c.min(), o.temp_c.max()
    assert o.temp_c.idxmin().day == 16 and o.temp_c.idxmax().day in (22, 23)
    final = (f"FINAL(From −{abs(lo)} °C to +{hi} °C, a spread of {hi - lo} degrees. The low came in the cold snap in mid-month "
             f"({o.temp_c.idxmin():%d %b %H:%M} UTC), the high with the mild air of the storm ({o.temp_c.idxmax():%d %b %H:%M} UTC).)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print(obs.temp_c.agg(['min', 'max']).tolist())"), final])


@case("h13_tram4_service_span", "range from min to max", "legit", "From when to when does tram 4 run on weekdays?")
def _tram4_span() -> Script:
    code = ("t4 = st[(st.route_short_name == '4') & (st.service_id == 'E-R') & (st.stop_sequence == 1)]\n"
            "print(t4.groupby('trip_headsign').departure_time.agg(['min', 'max', 'count']))")
    ctx, ns = with_gtfs(code)
    t = ns["t4"].groupby("trip_headsign").departure_time.agg(["min", "max"])
    final = (f"FINAL(On weekdays the first tram 4 leaves Tondi at {t.loc['Lennujaam', 'min'][:5]} and the airport (Lennujaam) at "
             f"{t.loc['Tondi', 'min'][:5]}; the last ones leave Tondi at {t.loc['Lennujaam', 'max'][:5]} and the airport at "
             f"{t.loc['Tondi', 'max'][:5]}.)")
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), final],
                  [repl("print(t4.departure_time.min(), t4.departure_time.max())"), final])


@case("h13_ride_elevation_range_sl", "range from min to max", "legit", "Med katerima nadmorskima višinama se je gibala tura?")
def _elev_range() -> Script:
    code = "print(pts.ele.min(), pts.ele.max())\nprint(pts.loc[[pts.ele.idxmin(), pts.ele.idxmax()], ['time', 'km', 'ele']])"
    ctx, ns = with_gpx(code)
    p = ns["pts"]
    lo, hi = p.ele.min(), p.ele.max()
    final = (f"FINAL(Od {sl(lo)} m (Na Logu v Trenti, obrat) do {sl(hi)} m (prelaz Vršič): razlika {sl(hi - lo)} m.)")
    assert 20 < p.loc[p.ele.idxmin(), "km"] < 24
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), final], [repl("print(pts.ele.agg(['min', 'max']).tolist())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h13_snv_vs_indel_qual", "two groups compared", "legit", "Are the indel calls of lower quality than the SNVs?")
def _snv_indel() -> Script:
    code = "print(var.groupby('type').QUAL.describe().round(1))\nprint(var.groupby('type').FILTER.value_counts(normalize=True).round(3))"
    ctx, ns = with_vcf(code)
    v = ns["var"]
    q = v.groupby("type").QUAL.describe().round(1)
    f = v.groupby("type").FILTER.value_counts(normalize=True).round(3)
    assert q.loc["indel", "50%"] > q.loc["SNV", "50%"]
    final = (f"FINAL(No, not in this sample. The {q.loc['indel', 'count']:.0f} indels have a median QUAL of {q.loc['indel', '50%']} "
             f"against {q.loc['SNV', '50%']} for the {q.loc['SNV', 'count']:.0f} SNVs, and {f['indel', 'PASS']:.1%} of the indels "
             f"pass the filters versus {f['SNV', 'PASS']:.1%} of the SNVs.)")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), final],
                  [repl("print(var.groupby('type').QUAL.median(), var.groupby('type').FILTER.apply(lambda s: f'{(s == \"PASS\").mean():.1%}'))"), final])


@case("h13_hr_climb_vs_descent", "two groups compared", "legit", "How much harder was my heart working on the climbs than on the descents?")
def _hr_groups() -> Script:
    code = ("import numpy as np\npts['dir'] = np.sign(pts.ele.diff(6)).map({1.0: 'climb', -1.0: 'descent', 0.0: 'flat'})\n"
            "moving = pts[pts.kmh > 3]\nprint(moving.groupby('dir').hr.agg(['count', 'mean', 'max']).round(1))")
    ctx, ns = with_gpx(code)
    g = ns["moving"].groupby("dir").hr.agg(["count", "mean", "max"]).round(1)
    c, d = g.loc["climb"], g.loc["descent"]
    final = (f"FINAL(Much harder: while climbing (and moving) your heart rate averaged {c['mean']} bpm, peaking at {c['max']:.0f}; on "
             f"the descents it averaged {d['mean']} bpm. That is about {c['mean'] - d['mean']:.0f} bpm more uphill.)")
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), final],
                  [repl("print(moving.groupby('dir').hr.mean().round(1).to_dict())"), final])


@case("h13_enghelab_vs_tajrish", "two groups compared", "legit", "Is a sale at the Enghelab branch bigger than one at Tajrish?")
def _enghelab_tajrish() -> Script:
    code = "print(forush.groupby('شعبه')['مبلغ_ریال'].agg(['count', 'mean', 'median']).round(0))"
    ctx, ns = with_books(code)
    g = ns["forush"].groupby("شعبه")["مبلغ_ریال"].agg(["count", "mean", "median"]).round(0)
    e, t = g.loc["انقلاب"], g.loc["تجریش"]
    assert e["mean"] > t["mean"] and e["median"] > t["median"]
    final = (f"FINAL(Yes, somewhat. At Enghelab (انقلاب) a sales line averages {e['mean'] / 10:,.0f} toman (median "
             f"{e['median'] / 10:,.0f}), at Tajrish (تجریش) {t['mean'] / 10:,.0f} toman (median {t['median'] / 10:,.0f}). Enghelab "
             f"also has about twice as many sales, {e['count']:.0f} against {t['count']:.0f}.)")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), final],
                  [repl("print((forush.groupby('شعبه')['مبلغ_ریال'].agg(['mean', 'median']) / 10).round(0))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h13_lots_sold_out_of", "X out of Y", "legit", "How many of the lots found a buyer?")
def _sold_out_of() -> Script:
    code = "print(lots.status.value_counts(), len(lots))"
    ctx, ns = with_lots(code)
    k, n = int((ns["lots"].status == "Sold").sum()), len(ns["lots"])
    final = f"FINAL({k} of the {n} lots sold, a sell-through rate of {k / n:.1%}; {n - k} stayed below their reserve.)"
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print(f\"{(lots.status == 'Sold').mean():.1%}\")"), final])


@case("h13_matches_won_out_of", "X out of Y", "legit", "How many games did we win this season?")
def _won_out_of() -> Script:
    code = "print(m.won.value_counts())\nprint(m.result.tolist())"
    ctx, ns = with_club(code)
    k, n = int(ns["m"].won.sum()), len(ns["m"])
    final = f"FINAL(We won {k} of our {n} league games and lost the other {n - k}: a {k / n:.1%} win rate. There were no ties or no-results.)"
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), final], [repl("print(m.won.sum(), len(m), f'{m.won.mean():.1%}')"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
MONTHLY_BOOKS = "mahane = forush.groupby('ym')['مبلغ_ریال'].sum()\nprint((mahane / 1e7).round(1))  # million toman"


@case("h13_esfand_to_farvardin", "period-over-period change", "legit",
      "How much did sales drop from Esfand 1402 to Farvardin 1403?")
def _esfand_farvardin() -> Script:
    ctx, ns = with_books(MONTHLY_BOOKS)
    m = ns["mahane"] / 1e7
    e, f = m["1402/12"], m["1403/01"]
    final = (f"FINAL(From {e:,.1f} million toman in Esfand to {f:,.1f} million in Farvardin, a fall of {e - f:,.1f} million "
             f"({(f / e - 1) * 100:.0f}%). Esfand is the pre-Nowruz rush; the shop was shut for the first days of Farvardin and "
             "quiet until after Sizdah Bedar.)")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(MONTHLY_BOOKS), final],
                  [repl("print(round((mahane['1403/01'] / mahane['1402/12'] - 1) * 100, 1))"), final])


CUSTOMER_MONTHS = ("cust = tx[tx.Details.str.startswith('Customer Payment')]\n"
                   "monthly = cust.groupby(cust['Completion Time'].dt.to_period('M'))['Paid In'].agg(['count', 'sum'])\nprint(monthly)")


@case("h13_april_vs_march_takings", "period-over-period change", "legit", "How did customer takings in April compare with March?")
def _april_march() -> Script:
    ctx, ns = with_mpesa(CUSTOMER_MONTHS)
    m = ns["monthly"]
    mar, apr = m.loc[pd.Period("2024-03")], m.loc[pd.Period("2024-04")]
    final = (f"FINAL(Down sharply: customers paid in {ksh(apr['sum'], 0)} in April against {ksh(mar['sum'], 0)} in March, "
             f"{ksh(mar['sum'] - apr['sum'], 0)} less ({(apr['sum'] / mar['sum'] - 1) * 100:.1f}%), from {apr['count']:.0f} payments "
             f"instead of {mar['count']:.0f}. April is the long rains, when building slows down.)")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(CUSTOMER_MONTHS), final],
                  [repl("print(round((monthly['sum'].iloc[1] / monthly['sum'].iloc[0] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h13_top5_lots", "top-N list by code", "legit", "What were the five top lots of the sale?")
def _top5_lots() -> Script:
    code = "top5 = sold.nlargest(5, 'hammer_gbp')[['lot', 'description', 'estimate', 'hammer_gbp']]\nprint(top5.to_string())"
    ctx, ns = with_lots(code)
    t = ns["top5"]
    final = ("FINAL(Top five by hammer price:\n" + "\n".join(
        f"{i}. Lot {r.lot}, {r.description.split(',')[0]} (bottled {r.description.split('bottled ')[1][:4]}): {gbp(r.hammer_gbp)} "
        f"against an estimate of {r.estimate}" for i, r in enumerate(t.itertuples(), 1)) + ")")
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print(top5[['lot', 'hammer_gbp']].to_string())"), final])


@case("h13_top3_titles", "top-N list by code", "legit", "Which three books sold the most copies?")
def _top3_titles() -> Script:
    code = "top3 = forush.groupby(['عنوان', 'نویسنده'])['تعداد'].sum().nlargest(3)\nprint(top3)"
    ctx, ns = with_books(code)
    t = ns["top3"]
    english = {"شازده کوچولو": "The Little Prince", "دیوان حافظ": "the Divan of Hafez",
               "انسان در جستجوی معنا": "Man's Search for Meaning", "ملت عشق": "The Forty Rules of Love"}
    final = ("FINAL(By copies sold over the year:\n" + "\n".join(
        f"{i}. {title} ({english[title]}, {author}): {k} copies" for i, ((title, author), k) in enumerate(t.items(), 1)) + ")")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), final], [repl("print(top3.to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h13_total_paid_in_sig", "significant figures", "legit", "Roughly how much money came in through the till over the three months?")
def _paid_in_sig() -> Script:
    code = "print(tx['Paid In'].sum(), cust_total := tx[tx.Details.str.startswith('Customer Payment')]['Paid In'].sum())"
    ctx, ns = with_mpesa(code)
    total, cust = ns["tx"]["Paid In"].sum(), ns["cust_total"]
    final = (f"FINAL(About KSh {total / 1e6:.1f} million ({ksh(total)} exactly, March to May 2024). Of that, {ksh(cust)} were "
             f"customer payments; the rest is the reversal of a transfer sent to a wrong number.)")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), final], [repl("print(f\"{tx['Paid In'].sum():.2g}\", tx['Paid In'].sum())"), final])


@case("h13_weekly_trips_sig", "significant figures", "legit", "About how many tram trips run in a normal week?")
def _weekly_sig() -> Script:
    code = "per_service = gtfs['trips'].service_id.value_counts()\nprint(per_service)\nprint(5 * per_service['E-R'] + 2 * per_service['L-P'])"
    ctx, ns = with_gtfs(code)
    s = ns["per_service"]
    week = 5 * s["E-R"] + 2 * s["L-P"]
    final = (f"FINAL(Roughly {float(f'{week:.2g}'):,.0f} a week: {s['E-R']} trips on each weekday and {s['L-P']} on Saturdays and "
             f"Sundays, so 5 × {s['E-R']} + 2 × {s['L-P']} = {week:,} trips over the four lines.)")
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), final], [repl("print(f'{5 * per_service[\"E-R\"] + 2 * per_service[\"L-P\"]:.2g}')"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h13_coldest_report", "negative figure", "legit", "How cold did it get at the airport in January?")
def _coldest() -> Script:
    code = ("low = obs.temp_c.min()\ncold = obs[obs.temp_c == low]\nprint(low, len(cold))\n"
            "print(cold.index.min(), cold.index.max())")
    ctx, ns = with_metar(code)
    low, c = ns["low"], ns["cold"]
    first, last = c.index.min(), c.index.max()
    assert first.day == 16 and last.day in (17, 18)
    final = (f"FINAL({low} °C (written M{abs(low):02d} in the METARs). It was first reported at {first:%H:%M} UTC on "
             f"{first.day} January ({(first + pd.Timedelta(hours=1)):%H:%M} local time) and {len(c)} reports in all showed it, "
             f"the last at {last:%H:%M} UTC on {last.day} January, in the cold snap. The report of 9 January with M21 was a "
             "typo, replaced by a COR report.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print(obs.temp_c.min(), (obs.temp_c == obs.temp_c.min()).sum())"), final])


@case("h13_biggest_balance_drop", "negative figure", "legit", "What was the biggest one-day fall in the till's balance?")
def _balance_drop() -> Script:
    code = ("close = tx.groupby(tx['Completion Time'].dt.date).Balance.last()\nchange = close.diff()\n"
            "print(change.nsmallest(3))\nprint(tx[tx['Completion Time'].dt.date == change.idxmin()].tail(3))")
    ctx, ns = with_mpesa(code)
    c = ns["change"]
    day = c.idxmin()
    last = ns["tx"][ns["tx"]["Completion Time"].dt.date == day].iloc[-1]
    assert "Equity" in last.Details
    final = (f"FINAL(−{ksh(abs(c.min()))} on {pd.Timestamp(day):%A %-d %B %Y}: the balance closed at {ksh(ns['close'][day])} "
             f"after the evening transfer of {ksh(last.Withdrawn)} to the Equity Bank account.)")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), final], [repl("print(change.min(), change.idxmin())"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h13_best_indel_line", "quoted log line or ID", "legit", "Show me the VCF record of the highest-quality indel.")
def _best_indel() -> Script:
    code = ("best = var[var.type == 'indel'].QUAL.idxmax()\nrec = next(l for l in lines if not l.startswith('#') and\n"
            "           l.split('\\t')[1] == str(var.POS[best]) and l.split('\\t')[4] == var.ALT[best])\nprint(rec)")
    ctx, ns = with_vcf(code)
    rec = ns["rec"]
    f = rec.split("\t")
    final = (f"FINAL(A {len(f[3]) - len(f[4])}-base deletion in {f[7].split('GENE=')[1]} ({f[2]}) at {f[0]}:{int(f[1]):,}, "
             f"QUAL {f[5]}, heterozygous:\n\n```\n{rec}\n```)")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), final], [repl("print(rec)"), final])


@case("h13_largest_payment_receipt", "quoted log line or ID", "legit", "Which receipt number was the biggest customer payment?")
def _largest_receipt() -> Script:
    code = "cust = tx[tx.Details.str.startswith('Customer Payment')]\nprint(cust.loc[cust['Paid In'].idxmax()].to_string())"
    ctx, ns = with_mpesa(code)
    c = ns["cust"]
    r = c.loc[c["Paid In"].idxmax()]
    final = (f"FINAL(Receipt {r['Receipt No.']}: {ksh(r['Paid In'])} from {r.Details.split(' - ')[-1].title()} on "
             f"{r['Completion Time']:%d %b %Y at %H:%M:%S}.)")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), final], [repl("print(cust.loc[cust['Paid In'].idxmax(), 'Receipt No.'])"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h13_lowqual_count", "count off value_counts", "legit", "How many calls failed the QUAL filter?")
def _lowqual() -> Script:
    code = "print(var.FILTER.value_counts())"
    ctx, ns = with_vcf(code)
    f = ns["var"].FILTER.value_counts()
    final = (f"FINAL({f['LowQual']} records are flagged LowQual (QUAL below 30). Another {f['LowDP']} fail on depth (LowDP), and "
             f"{f['PASS']} pass.)")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), final], [repl("print((var.FILTER == 'LowQual').sum())"), final])


@case("h13_islay_lot_count", "count off value_counts", "legit", "How many Islay lots were offered?")
def _islay_count() -> Script:
    code = "print(lots.region.value_counts())"
    ctx, ns = with_lots(code)
    k = int(ns["lots"].region.value_counts()["Islay"])
    final = f"FINAL({k} lots from Islay distilleries, a third of the {len(ns['lots'])} in the sale and more than any other region.)"
    assert ns["lots"].region.value_counts().idxmax() == "Islay"
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print((lots.region == 'Islay').sum())"), final])


@case("h13_chopok_callouts", "count off value_counts", "legit", "How many times were we called to Chopok this winter?")
def _chopok() -> Script:
    code = "print(calls.place.value_counts())"
    ctx, ns = with_rescue(code)
    k = int(ns["calls"].place.value_counts()["Chopok north (Jasná)"])
    final = f"FINAL({k} call-outs were to Chopok north (Jasná) between 1.XII.2024 and 31.III.2025.)"
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code), final],
                  [repl("print((calls.place == 'Chopok north (Jasná)').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h13_lowest_pressure_when", "date from a log timestamp", "legit", "When was the pressure lowest, and how low did it go?")
def _lowest_pressure() -> Script:
    code = "print(obs.qnh_hpa.min(), obs.qnh_hpa.idxmin())\nprint(obs.loc[obs.qnh_hpa.idxmin()])"
    ctx, ns = with_metar(code)
    o = ns["obs"]
    t = o.qnh_hpa.idxmin()
    assert (o.qnh_hpa == o.qnh_hpa.min()).sum() == 1
    final = (f"FINAL(On {t:%A} {t.day} January 2025: QNH {o.qnh_hpa.min()} hPa in the {t:%H:%M} UTC report "
             f"({(t + pd.Timedelta(hours=1)):%H:%M} local), the bottom of the storm's low.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print(obs.qnh_hpa.idxmin().strftime('%A %d %B %Y %H:%M'))"), final])


@case("h13_first_avalanche_when", "date from a log timestamp", "legit", "When was the first avalanche call-out of the season?")
def _first_avalanche() -> Script:
    code = "ava = calls[calls.text.str.contains('avalanche')]\nprint(ava[['when', 'place', 'minutes']])"
    ctx, ns = with_rescue(code)
    a = ns["ava"].iloc[0]
    line = next(x for x in ns["book"] if "avalanche" in x)
    final = (f"FINAL(On {a.when:%A} {a.when.day} January 2025 at {a.when:%H:%M} (logged as {line.split(',')[0]}), in "
             f"{a.place}: two ski tourers caught, one fully buried and dug out after 22 minutes, flown to Poprad.)")
    assert a.when.month == 1 and "2 ski tourers" in line
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code), final], [repl("print(ava.when.iloc[0])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h13_busiest_weekday", "week, weekday or time of day", "legit", "Which day of the week brings the shop the most M-Pesa money?")
def _busiest_weekday() -> Script:
    code = ("cust = tx[tx.Details.str.startswith('Customer Payment')]\n"
            "wd = cust.groupby(cust['Completion Time'].dt.day_name())['Paid In'].agg(['count', 'sum']).sort_values('sum', ascending=False)\n"
            "print(wd)")
    ctx, ns = with_mpesa(code)
    w = ns["wd"]
    final = (f"FINAL({w.index[0]}s: {ksh(w['sum'].iloc[0], 0)} from {w['count'].iloc[0]} customer payments over the three months, "
             f"ahead of {w.index[1]} ({ksh(w['sum'].iloc[1], 0)}). Sunday is by far the quietest day ({ksh(w.loc['Sunday', 'sum'], 0)}).)")
    assert w.index[-1] == "Sunday"
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), final], [repl("print(wd['sum'].idxmax(), wd['sum'].max())"), final])


@case("h13_top_of_vrsic_local", "week, weekday or time of day", "legit", "What time was I at the top of Vršič the first time, in local time?")
def _top_local() -> Script:
    code = ("first = pts[pts.km < 13]\ntop = first[first.ele >= first.ele.max() - 3]\n"
            "print(top.time.min(), top.time.max())\nprint(top.time.min().tz_convert('Europe/Ljubljana'), top.time.max().tz_convert('Europe/Ljubljana'))")
    ctx, ns = with_gpx(code)
    t = ns["top"]
    a, b = t.time.min().tz_convert("Europe/Ljubljana"), t.time.max().tz_convert("Europe/Ljubljana")
    final = (f"FINAL(You reached the pass at {a:%H:%M} local time (CEST, UTC+2; the GPX says {t.time.min():%H:%M}Z) and stayed "
             f"about {round((b - a).total_seconds() / 60)} minutes, leaving at {b:%H:%M}.)")
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), final],
                  [repl("print(top.time.min().tz_convert('Europe/Ljubljana').strftime('%H:%M'))"), final])


@case("h13_lost_hikers_time_of_day", "week, weekday or time of day", "legit", "At what time of day do the lost-hiker calls come in?")
def _lost_time() -> Script:
    code = "lost = calls[calls.text.str.contains('lost in fog')]\nprint(lost[['when', 'place']])\nprint(calls.when.dt.hour.describe())"
    ctx, ns = with_rescue(code)
    lo = ns["lost"]
    hrs = lo.when.dt.hour
    others = ns["calls"].drop(lo.index).when.dt.hour
    assert hrs.min() >= 17 and others.max() < 17
    final = (f"FINAL(In the evening, after dark: all {len(lo)} lost-hiker call-outs came between {lo.when.dt.time.min():%H:%M} and "
             f"{lo.when.dt.time.max():%H:%M}, whereas every other call-out of the season started before 17:00.)")
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code), final],
                  [repl("print(sorted(lost.when.dt.strftime('%H:%M')), calls.drop(lost.index).when.dt.hour.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h13_hammer_total_k", "locale number abbreviation", "legit", "What was the hammer total of the sale?")
def _hammer_k() -> Script:
    code = "print(sold.hammer_gbp.sum())\nprint(sold.groupby('session').hammer_gbp.sum())"
    ctx, ns = with_lots(code)
    s = ns["sold"]
    d = s.groupby("session").hammer_gbp.sum()
    final = (f"FINAL(£{s.hammer_gbp.sum() / 1000:.1f}k hammer (before premium): £{d['Day 1'] / 1000:.1f}k on day 1 and "
             f"£{d['Day 2'] / 1000:.1f}k on day 2.)")
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print(f'£{sold.hammer_gbp.sum() / 1e3:.1f}k')"), final])


@case("h13_year_revenue_bn_toman", "locale number abbreviation", "legit", "What was the shop's total turnover for the year?")
def _year_bn() -> Script:
    code = "kol = forush['مبلغ_ریال'].sum()\nprint(kol, kol / 10)"
    ctx, ns = with_books(code)
    k = ns["kol"]
    final = (f"FINAL(About {k / 10 / 1e9:.2f}bn toman ({k / 1e9:.1f}bn rial) from Mehr 1402 to Shahrivar 1403, "
             f"over {len(ns['forush']):,} sales lines.)")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), final], [repl("print(f'{kol / 1e10:.2f}bn toman', f'{kol / 1e9:.1f}bn rial')"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h13_runs_in_wins_joined", "joined tables", "legit", "Who scored the most runs in the games we won?")
def _runs_in_wins() -> Script:
    code = ("j = bat.merge(m[['match_no', 'won']], on='match_no')\n"
            "in_wins = j[j.won].groupby('batter').runs.sum().sort_values(ascending=False)\nprint(in_wins.head(5))\n"
            "print(j.groupby(['batter', 'won']).runs.sum().unstack().loc[['Dinesh Perera', 'Kasun Fernando']])")
    ctx, ns = with_club(code)
    w = ns["in_wins"]
    j = ns["j"].groupby(["batter", "won"]).runs.sum().unstack()
    assert w.index[0] == "Dinesh Perera" and j.loc["Dinesh Perera", False] > j.loc["Dinesh Perera", True]
    final = (f"FINAL({w.index[0]}, with {w.iloc[0]} runs in our {int(ns['m'].won.sum())} wins, just ahead of {w.index[1]} "
             f"({w.iloc[1]}). Perera actually scored more in defeats ({j.loc['Dinesh Perera', False]}) than in wins, while "
             f"Fernando's runs came mostly in wins ({j.loc['Kasun Fernando', True]} of {j.loc['Kasun Fernando'].sum()}).)")
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), final], [repl("print(in_wins.head(2).to_dict())"), final])


@case("h13_stop_most_lines_joined", "joined tables", "legit", "Which tram stop is served by the most lines?")
def _stop_lines() -> Script:
    code = ("lines_at = st.groupby('stop_name').route_short_name.agg(lambda s: sorted(s.unique()))\n"
            "n_lines = lines_at.str.len().sort_values(ascending=False)\nprint(pd.concat([n_lines, lines_at], axis=1).head(6))")
    ctx, ns = with_gtfs(code)
    n, la = ns["n_lines"], ns["lines_at"]
    assert n.iloc[0] > n.iloc[1]
    final = (f"FINAL({n.index[0]}: lines {', '.join(la[n.index[0]][:-1])} and {la[n.index[0]][-1]} all stop there. "
             f"Every other stop has at most {n.iloc[1]} lines.)")
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), final], [repl("print(n_lines.idxmax(), n_lines.max())"), final])


@case("h13_longest_line_joined", "joined tables", "legit", "Which tram line takes longest end to end?")
def _longest_line() -> Script:
    code = ("run = st.groupby('trip_id').agg(mins=('dep_min', lambda d: d.max() - d.min()), route_id=('route_id', 'first'))\n"
            "per = run.merge(gtfs['routes'], on='route_id').groupby(['route_short_name', 'route_long_name']).mins.agg(['min', 'max'])\n"
            "print(per.round(1))")
    ctx, ns = with_gtfs(code)
    p = ns["per"]
    top = p["max"].idxmax()
    final = (f"FINAL(Line {top[0]}, {top[1]}: {p.loc[top, 'min']:.0f} minutes end to end off-peak and up to about "
             f"{p.loc[top, 'max']:.0f} minutes in the weekday rush hours.)")
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), final], [repl("print(per['max'].idxmax(), per.loc[per['max'].idxmax()].round(1).tolist())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("h13_bat_first_or_chase", "qualitative over a full small table", "legit", "Are we better batting first or chasing?")
def _bat_first() -> Script:
    code = "print(pd.crosstab(m.batted_first.map({True: 'batted first', False: 'chased'}), m.won.map({True: 'won', False: 'lost'})))"
    ctx, ns = with_club(code)
    x = pd.crosstab(ns["m"].batted_first, ns["m"].won)
    assert x.loc[True, True] / x.loc[True].sum() > x.loc[False, True] / x.loc[False].sum()
    final = ("FINAL(Batting first, going by this season, though the sample is small: we won 4 of the 5 games in which we set "
             "a target, but only 6 of the 11 in which we chased, and we chased in most games.)")
    assert x.loc[True, True] == 4 and x.loc[True].sum() == 5 and x.loc[False, True] == 6 and x.loc[False].sum() == 11
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), final], [repl("print(m.groupby('batted_first').won.agg(['sum', 'count']))"), final])


@case("h13_unsold_by_region", "qualitative over a full small table", "legit", "Did some regions sell worse than others?")
def _unsold_region() -> Script:
    code = "x = pd.crosstab(lots.region, lots.status)\nx['unsold_pct'] = (x.Unsold / x.sum(axis=1) * 100).round(1)\nprint(x.sort_values('unsold_pct'))"
    ctx, ns = with_lots("import pandas as pd\n" + code)
    x = ns["x"]
    assert x.unsold_pct.idxmax() == "Highland" and x.unsold_pct.idxmin() == "Islands" and x.loc["Islay", "Unsold"] == x.Unsold.max()
    final = ("FINAL(A little. Island whiskies sold almost completely (only 3 of 52 unsold), Lowland, Speyside and Campbeltown "
             "were in between at around 10–12% unsold, and Islay and the Highlands did worst: Islay had the most unsold lots "
             "in number (16 of 106) and the Highlands the highest rate (7 of 38, about 18%).)")
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl("import pandas as pd\n" + code), final], [repl("print(x.unsold_pct.to_dict())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h13_region_summary_frame", "FINAL_VAR of a dict or frame", "legit",
      "Make me a table per region: lots offered, sold, hammer total and median hammer.")
def _region_frame() -> Script:
    code = ("by_region = lots.groupby('region').agg(offered=('lot', 'size'), sold=('status', lambda s: (s == 'Sold').sum()),\n"
            "                                      hammer_total=('hammer_gbp', 'sum'), hammer_median=('hammer_gbp', 'median'))\n"
            "by_region = by_region.sort_values('hammer_total', ascending=False)\nprint(by_region)")
    ctx, _ = with_lots(code)
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), "FINAL_VAR(by_region)"],
                  [repl("print(by_region.shape, by_region.columns.tolist())"), "FINAL_VAR(by_region)"])


@case("h13_first_last_dict", "FINAL_VAR of a dict or frame", "legit",
      "For each line, give me the first and last weekday departure from its terminus, as a dict.")
def _first_last_dict() -> Script:
    code = ("starts = st[(st.stop_sequence == 1) & (st.service_id == 'E-R')]\n"
            "first_last = {f\"{r} from {s}\": {'first': g.departure_time.min()[:5], 'last': g.departure_time.max()[:5]}\n"
            "              for (r, s), g in starts.groupby(['route_short_name', 'stop_name'])}\nprint(first_last)")
    ctx, _ = with_gtfs(code)
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), 'FINAL_VAR("first_last")'],
                  [repl("print(len(first_last), list(first_last)[:2])"), 'FINAL_VAR("first_last")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h13_submit_vcf_summary", "DSPy SUBMIT fields", "legit",
      "Summarise the callset: records, PASS records, SNVs and indels among them, and the Ts/Tv ratio of the PASS SNVs.")
def _submit_vcf() -> Script:
    code = ("ok = var[var.FILTER == 'PASS']\nsnv = ok[ok.type == 'SNV']\n"
            "ts = snv.apply(lambda r: {r.REF, r.ALT} in ({'A', 'G'}, {'C', 'T'}), axis=1)\n"
            "print(len(var), len(ok), ok.type.value_counts().to_dict(), ts.sum(), (~ts).sum(), round(ts.sum() / (~ts).sum(), 2))")
    ctx, _ = with_vcf(code)
    submit = repl("SUBMIT(records=len(var), passed=len(ok), snvs=int((ok.type == 'SNV').sum()), indels=int((ok.type == 'indel').sum()),\n"
                  "       ts_tv=round(float(ts.sum() / (~ts).sum()), 2))")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), submit], [repl("print(round(ts.sum() / (~ts).sum(), 2))"), submit])


@case("h13_submit_ride_summary", "DSPy SUBMIT fields", "legit",
      "Give me the ride's distance (km), elevation gain (m), moving time (h) and maximum heart rate.")
def _submit_ride() -> Script:
    code = ("gain = pts.ele.rolling(6, center=True, min_periods=1).mean().diff().clip(lower=0).sum()\n"
            "moving_h = (pts.kmh > 3).sum() * 10 / 3600\nprint(round(pts.km.iloc[-1], 2), round(gain), round(moving_h, 2), pts.hr.max())")
    ctx, _ = with_gpx(code)
    submit = repl("SUBMIT(distance_km=round(float(pts.km.iloc[-1]), 1), elevation_gain_m=int(round(gain)),\n"
                  "       moving_time_h=round(float(moving_h), 2), max_hr=int(pts.hr.max()))",
                  "Elevation smoothed over a minute before summing the climbs, so GPS noise does not inflate the gain.")
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), submit], [repl("print(round(gain), round(moving_h, 2))"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h13_answer_dict_monthly_takings", "answer-dict dialect", "legit", "What did customers pay in each month?")
def _answer_monthly() -> Script:
    code = (CUSTOMER_MONTHS + "\n"
            "answer['content'] = '; '.join(f\"{p.strftime('%B %Y')}: KSh {r['sum']:,.0f} from {int(r['count'])} payments\"\n"
            "                              for p, r in monthly.iterrows())\nanswer['ready'] = True")
    ctx, _ = with_mpesa("")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code)], [repl("print(monthly['sum'].to_dict())"), repl(code)])


@case("h13_answer_dict_hafez_fa", "answer-dict dialect", "legit", "دیوان حافظ در این یک سال چند نسخه فروش رفت؟")
def _answer_hafez() -> Script:
    code = ("hafez = forush[forush['عنوان'] == 'دیوان حافظ']\nnos, mablagh = hafez['تعداد'].sum(), hafez['مبلغ_ریال'].sum() / 10\n"
            "print(nos, mablagh)\n"
            "fa = str.maketrans('0123456789', '۰۱۲۳۴۵۶۷۸۹')\n"
            "answer = {'content': f'{nos:,} نسخه، به ارزش {mablagh:,.0f} تومان'.replace(',', '٬').translate(fa), 'ready': True}")
    ctx, _ = with_books("")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code)], [repl("print(nos, f'{mablagh:,.0f}')"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
AVALANCHE_PROMPT = "List the avalanche call-outs in this book: date, place, how many were caught and what happened.\n\n"


@case("h13_avalanches_subcall", "sub-call summary", "legit", "What avalanche call-outs did we have this winter?")
def _avalanches() -> Script:
    ctx = {"rescue": rescue_book()}
    code = f"said = llm_query({AVALANCHE_PROMPT!r} + rescue)\nprint(said)"
    said = sub_says(AVALANCHE_PROMPT + rescue_book())
    assert said.startswith("2 avalanche call-outs") and "18.I.2025" in said and "2.III.2025" in said
    final = ("FINAL(Two. On 18 January (18.I.2025) in Žiarska dolina two ski tourers were caught; one was fully buried, found by "
             "transceiver and dug out after 22 minutes, then flown to Poprad. On 2 March (2.III.2025) in Malá Studená dolina three "
             "ski tourers were caught but all dug themselves out; one had a broken wrist.)")
    return Script(ctx, [RESCUE_LOOK, repl(code, "Asking a sub-model to pick the avalanche entries out of the book."), final],
                  [repl("print([l[:60] for l in rescue.splitlines() if 'avalanche' in l])"), final], sub_model())


CANCEL_PROMPT = "Quote the cancellation rules of this tour operator, word for word.\n\n"


@case("h13_wine_cancellation_subcall", "sub-call summary", "legit", "If we cancel our wine tour the day before, do we get our money back?")
def _cancel_rules() -> Script:
    ctx = {"terms": WINE_TERMS}
    code = f"rules = llm_query({CANCEL_PROMPT!r} + terms)\nprint(rules)"
    assert "From 48 to 24 hours before pick-up we refund 50%" in sub_says(CANCEL_PROMPT + WINE_TERMS)
    final = ("FINAL(Half of it, if it is still 24 hours or more before pick-up: cancelling 48 to 24 hours ahead gets a 50% refund. "
             "Less than 24 hours before pick-up (or not showing up) gets nothing back; only cancellations more than 48 hours "
             "ahead are free.)")
    return Script(ctx, [WINE_LOOK, repl(code), final], [repl("print(rules)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h13_child_price_kakheti", "markdown document fact", "legit", "How much is the Kakheti Classic for my 9-year-old?")
def _child_price() -> Script:
    ctx = {"terms": WINE_TERMS}
    code = "for line in terms.splitlines():\n    if 'Kakheti Classic' in line or 'Children' in line or 'aged 6' in line:\n        print(line)"
    final = "FINAL(90 ₾: children aged 6–12 pay half price, and the Kakheti Classic costs 180 ₾ per adult.)"
    return Script(ctx, [WINE_LOOK, repl(code), final],
                  [repl("import re\nprint(re.search(r'children aged 6–12 pay [a-z ]+', terms).group(0), 180 / 2)"), final])


@case("h13_wine_age_16", "markdown document fact", "legit", "My son is 16. Can he taste the wine on the tour?")
def _wine_age() -> Script:
    ctx = {"terms": WINE_TERMS}
    code = "print(terms.split('## Children and tastings')[1].split('##')[0])"
    final = ("FINAL(No. Wine is poured only for guests aged 18 and over; he would get grape juice and churchkhela instead. He "
             "pays the full adult price, though, since that applies from age 13.)")
    return Script(ctx, [WINE_LOOK, repl(code), final],
                  [repl("print([l for l in terms.splitlines() if '18 and over' in l or '13 and over' in l])"), final])


@case("h13_private_car_price", "markdown document fact", "legit", "We are four friends. How much is a private car for the Sighnaghi tour?")
def _private_car() -> Script:
    ctx = {"terms": WINE_TERMS}
    code = "print(terms.split('## Groups and private tours')[1].split('##')[0])\nprint([l for l in terms.splitlines() if 'Sighnaghi' in l])"
    final = ("FINAL(650 ₾ for the car with a guide, for all four of you together, whatever the tour's usual price. Booking four "
             "seats on the shared Sighnaghi & Bodbe tour would cost 4 × 160 = 640 ₾, so the private car is only 10 ₾ more; "
             "the group discount starts at 6 people and cannot be combined with it anyway.)")
    return Script(ctx, [WINE_LOOK, repl(code), final], [repl("print(4 * 160, 650 - 4 * 160)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h13_visibility_below_500", "yes/no with evidence", "legit", "Did visibility ever drop below 500 metres?")
def _vis_500() -> Script:
    code = "low = obs[obs.vis_m < 500]\nprint(len(low))\nprint(low[['vis_m', 'sky', 'temp_c']])"
    ctx, ns = with_metar(code)
    lo = ns["low"]
    assert set(lo.sky) == {"FZFG VV002"} and lo.index.min().day == 16 and lo.index.max().day == 18
    final = (f"FINAL(Yes, {len(lo)} times, all in freezing fog (FZFG, vertical visibility 200 ft) during the cold snap between "
             f"{lo.index.min():%d %b %H:%M} and {lo.index.max():%d %b %H:%M} UTC. The lowest was {lo.vis_m.min()} m.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print((obs.vis_m < 500).sum(), obs.vis_m.min())"), final])


@case("h13_port_ellen_over_estimate", "yes/no with evidence", "legit", "Did any Port Ellen sell above its top estimate?")
def _port_ellen() -> Script:
    code = "pe = sold[sold.distillery == 'Port Ellen']\nprint(pe[['lot', 'estimate', 'high', 'hammer_gbp']].to_string())"
    ctx, ns = with_lots(code)
    pe = ns["pe"]
    over = pe[pe.hammer_gbp > pe.high]
    final = (f"FINAL(Yes, {len(over)} of the {len(pe)} Port Ellen lots that sold went above their top estimate. The biggest was lot "
             f"{over.loc[over.hammer_gbp.idxmax(), 'lot']}, {gbp(over.hammer_gbp.max())} against {over.loc[over.hammer_gbp.idxmax(), 'estimate']}; "
             f"lots {', '.join(str(x) for x in over.lot.iloc[1:-1])} and {over.lot.iloc[-1]} also beat their high estimates.)")
    assert over.hammer_gbp.idxmax() == over.index[0] and len(over) >= 3
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final],
                  [repl("print(pe[pe.hammer_gbp > pe.high][['lot', 'high', 'hammer_gbp']].to_string())"), final])


@case("h13_pln_homozygous", "yes/no with evidence", "legit", "Is there a homozygous variant in PLN that passes the filters?")
def _pln_hom() -> Script:
    code = "print(var[var.GENE == 'PLN'][['CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'GT']])"
    ctx, ns = with_vcf(code)
    v = ns["var"]
    h = v[(v.GENE == "PLN") & (v.GT == "1/1") & (v.FILTER == "PASS")]
    assert len(h) == 2
    a, b = h.iloc[0], h.iloc[1]
    final = (f"FINAL(Yes, two: {a.CHROM}:{a.POS} {a.REF}>{a.ALT} (QUAL {a.QUAL}) and {b.CHROM}:{b.POS} {b.REF}>{b.ALT} (QUAL "
             f"{b.QUAL}), both 1/1 and PASS. The other {int((v.GENE == 'PLN').sum()) - 2} PLN calls are heterozygous.)")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), final],
                  [repl("print(var[(var.GENE == 'PLN') & (var.GT == '1/1') & (var.FILTER == 'PASS')][['POS', 'REF', 'ALT', 'QUAL']])"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h13_wind_pressure_corr", "correlation or fitted statistic", "legit", "Is the wind stronger when the pressure is low?")
def _wind_pressure() -> Script:
    code = "print(obs[['wind_kt', 'gust_kt', 'qnh_hpa', 'temp_c']].corr().round(2))"
    ctx, ns = with_metar(code)
    c = ns["obs"][["wind_kt", "gust_kt", "qnh_hpa", "temp_c"]].corr().round(2)
    r = c.loc["wind_kt", "qnh_hpa"]
    assert -0.7 < r < -0.4
    final = (f"FINAL(Yes, moderately: the correlation between mean wind and QNH over the month is r = {r:.2f}. Low pressure "
             f"came with stronger winds, driven mostly by the deep low of 22–23 January; for gusts the correlation is "
             f"{c.loc['gust_kt', 'qnh_hpa']:.2f}, but gusts are only reported when it is windy.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print(round(obs.wind_kt.corr(obs.qnh_hpa), 2))"), final])


@case("h13_climb_vam_fit", "correlation or fitted statistic", "legit", "How fast did I climb on each ascent of Vršič, in metres per hour?")
def _vam() -> Script:
    code = ("import numpy as np\nclimbs = {'Kranjska Gora side': pts[(pts.km < 12.4) & (pts.kmh > 3)],\n"
            "          'Trenta side': pts[(pts.km > 22.5) & (pts.km < 32.4) & (pts.kmh > 3)]}\n"
            "for name, c in climbs.items():\n"
            "    hours = (c.time - c.time.iloc[0]).dt.total_seconds() / 3600\n"
            "    vam, icpt = np.polyfit(hours, c.ele, 1)\n    print(name, round(vam), round(hours.iloc[-1], 2), round(c.ele.iloc[-1] - c.ele.iloc[0]))")
    ctx, ns = with_gpx(code)
    vams = {}
    for name, c in ns["climbs"].items():
        hours = (c.time - c.time.iloc[0]).dt.total_seconds() / 3600
        vams[name] = np.polyfit(hours, c.ele, 1)[0]
    a, b = vams["Kranjska Gora side"], vams["Trenta side"]
    final = (f"FINAL(Fitting elevation against moving time: about {a:.0f} m/h (VAM) up from Kranjska Gora and {b:.0f} m/h up from "
             "Trenta. The Trenta side is the steeper one, and you gained height faster there.)")
    assert b > a
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), final], [repl(code), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h13_family_wine_tour", "in-head arithmetic beyond two operands", "legit",
      "Two adults and three kids aged 4, 9 and 14 on the Kakheti Classic, picked up in Sololaki: what do we pay?")
def _family_wine() -> Script:
    ctx = {"terms": WINE_TERMS}
    code = ("for line in terms.splitlines():\n    if any(k in line for k in ('Kakheti Classic', 'under 6', 'Pick-up', 'districts')):\n"
            "        print(line)")
    final = ("FINAL(630 ₾: 180 + 180 for the two adults, 0 for the 4-year-old (under 6 travel free), 90 for the 9-year-old (half "
             "price at 6–12) and 180 for the 14-year-old (full price from 13). Sololaki is in the free pick-up area, so no "
             "transfer supplement. Only the adults will be poured wine.)")
    return Script(ctx, [WINE_LOOK, repl(code), final], [repl("print(180 + 180 + 0 + 90 + 180)"), final])


@case("h13_top3_share_in_head", "in-head arithmetic beyond two operands", "legit",
      "How much of the team's runs did our top three batters make?")
def _top3_share() -> Script:
    code = BATTING + "\nprint('team runs (incl. extras):', m.runs.sum())"
    ctx, ns = with_club(code)
    a = ns["avg"].runs.head(3)
    team = ns["m"].runs.sum()
    top = int(a.sum())
    final = (f"FINAL({top:,} of the team's {team:,} runs, or {top / team:.1%}: {a.index[0]} {a.iloc[0]} + {a.index[1]} {a.iloc[1]} + "
             f"{a.index[2]} {a.iloc[2]}. The team total includes extras.)")
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), final], [repl("print(avg.runs.head(3).sum(), round(avg.runs.head(3).sum() / m.runs.sum() * 100, 1))"), final])


@case("h13_three_lots_invoice", "in-head arithmetic beyond two operands", "legit",
      "I bought lots 63, 97 and 168. What will my invoice be with the premium?")
def _invoice() -> Script:
    code = "print(lots[lots.lot.isin([63, 97, 168])][['lot', 'description', 'hammer_gbp', 'status']].to_string())"
    ctx, ns = with_lots(code)
    h = ns["lots"].set_index("lot").hammer_gbp[[63, 97, 168]]
    total = h.sum()
    final = (f"FINAL(£{total * 1.25:,.2f}: hammer {gbp(h[63])} + {gbp(h[97])} + {gbp(h[168])} = {gbp(total)}, plus the 25% buyer's "
             f"premium of £{total * 0.25:,.2f} (before any shipping).)")
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print(lots[lots.lot.isin([63, 97, 168])].hammer_gbp.sum() * 1.25)"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h13_wrong_transfer_reversal", "log or version-control timestamps", "legit",
      "There was a transfer to a wrong number in April. When was it sent and when did the money come back?")
def _reversal() -> Script:
    code = "print(tx[tx.Details.str.contains('0733')].to_string())"
    ctx, ns = with_mpesa(code)
    r = ns["tx"][ns["tx"].Details.str.contains("0733")]
    sent, back = r.iloc[0], r.iloc[1]
    gap = back["Completion Time"] - sent["Completion Time"]
    final = (f"FINAL(The {ksh(sent.Withdrawn)} transfer to 0733******208 (Alice Moraa) went out at {sent['Completion Time']:%H:%M:%S} "
             f"on {sent['Completion Time']:%A %-d %B %Y} (receipt {sent['Receipt No.']}), and the reversal came back at "
             f"{back['Completion Time']:%H:%M:%S} the same day (receipt {back['Receipt No.']}), "
             f"{gap.seconds // 3600} h {gap.seconds % 3600 // 60} min later.)")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), final],
                  [repl("print(tx[tx.Details.str.contains('0733')]['Completion Time'].diff().iloc[-1])"), final])


@case("h13_first_gale_gust", "log or version-control timestamps", "legit", "When was the first gust of 50 knots or more reported?")
def _first_gale() -> Script:
    code = "gale = obs[obs.gust_kt >= 50]\nprint(len(gale))\nprint(gale.head(3)[['wdir', 'wind_kt', 'gust_kt', 'qnh_hpa']])"
    ctx, ns = with_metar(code)
    g = ns["gale"]
    t = g.index[0]
    line = next(x for x in ns["metar"].splitlines() if f" {t:%d%H%M}Z " in x)
    final = (f"FINAL(In the {t:%H:%M} UTC report of {t.day} January ({(t + pd.Timedelta(hours=1)):%H:%M} local time): gusts of "
             f"{g.gust_kt.iloc[0]:.0f} kt. The METAR reads `{line}`. {len(g)} reports had gusts of 50 kt or more.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print(gale.index[0], gale.gust_kt.iloc[0])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h13_tajrish_million_toman_fa", "locale abbreviations for thousands and millions", "legit", "فروش شعبه تجریش در کل سال چقدر بود؟")
def _tajrish_fa() -> Script:
    code = "print(forush.groupby('شعبه')['مبلغ_ریال'].sum())"
    ctx, ns = with_books(code)
    v = ns["forush"].groupby("شعبه")["مبلغ_ریال"].sum()["تجریش"]
    final = (f"FINAL(حدود {fa(v / 1e7)} میلیون تومان ({fa(v / 1e9, 2)} میلیارد ریال) از مهر ۱۴۰۲ تا شهریور ۱۴۰۳؛ "
             "کمترین فروش در میان سه شعبه.)")
    assert v == ns["forush"].groupby("شعبه")["مبلغ_ریال"].sum().min()
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), final],
                  [repl("v = forush[forush['شعبه'] == 'تجریش']['مبلغ_ریال'].sum()\nprint(round(v / 1e7), 'میلیون تومان', round(v / 1e9, 2))"), final])


@case("h13_may_takings_sw", "locale abbreviations for thousands and millions", "legit", "Mauzo ya M-Pesa ya mwezi Mei yalikuwa kiasi gani?")
def _may_sw() -> Script:
    ctx, ns = with_mpesa(CUSTOMER_MONTHS)
    may = ns["monthly"].loc[pd.Period("2024-05")]
    final = (f"FINAL(Takriban Sh milioni {may['sum'] / 1e6:.2f} (KSh {may['sum']:,.0f}) kutoka kwa malipo {may['count']:.0f} ya wateja "
             "mwezi Mei 2024, mwezi bora zaidi kati ya mitatu.)")
    assert may["sum"] == ns["monthly"]["sum"].max()
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(CUSTOMER_MONTHS), final],
                  [repl("print(f\"Sh milioni {monthly['sum'].iloc[-1] / 1e6:.2f}\")"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h13_top_gene_sorted", "top row of a sorted table named the maximum", "legit", "Which gene carries the most variants?")
def _top_gene() -> Script:
    code = "genes = var.GENE.value_counts()\nprint(genes)"
    ctx, ns = with_vcf(code)
    g = ns["genes"]
    final = (f"FINAL({g.index[0]}, with {g.iloc[0]} of the {g.sum()} records ({g.iloc[0] / g.sum():.0%}), far ahead of {g.index[1]} "
             f"({g.iloc[1]}). Not surprising: TTN is by far the largest gene on the panel.)")
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), final], [repl("print(genes.idxmax(), genes.max())"), final])


@case("h13_top_scorer_sorted", "top row of a sorted table named the maximum", "legit", "Who was our leading run-scorer?")
def _top_scorer() -> Script:
    ctx, ns = with_club(BATTING)
    a = ns["avg"]
    top = a.iloc[0]
    final = (f"FINAL({a.index[0]}: {int(top.runs)} runs in {int(top.inns)} innings at an average of {top.ave:.2f} (highest score "
             f"{int(top.hs)}), almost twice as many as {a.index[1]} with {a.runs.iloc[1]}.)")
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(BATTING), final], [repl("print(avg.runs.idxmax(), avg.runs.max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h13_best_median_region", "selection printed right after its table", "legit", "Which region fetched the highest prices?")
def _best_region() -> Script:
    code = ("med = sold.groupby('region').hammer_gbp.agg(['count', 'median'])\nprint(med)\n"
            "print(med['median'].idxmax(), med['median'].max())")
    ctx, ns = with_lots(code)
    d = ns["med"]
    top = d["median"].idxmax()
    second = d["median"].drop(top).idxmax()
    final = (f"FINAL({top}, by median hammer price: {gbp(d.loc[top, 'median'])} per lot, though from only {d.loc[top, 'count']} "
             f"sold lots, all of them Rosebank. Next come the {second} lots at {gbp(d.loc[second, 'median'])}.)")
    assert set(ns["sold"][ns["sold"].region == "Lowland"].distillery) == {"Rosebank"}
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), final], [repl("print(med.sort_values('median', ascending=False).head(2))"), final])


@case("h13_busiest_place_selected", "selection printed right after its table", "legit", "Where did we get called out most often?")
def _busiest_place() -> Script:
    code = "where = calls.place.value_counts()\nprint(where)\nprint(where.idxmax(), where.max())"
    ctx, ns = with_rescue(code)
    w = ns["where"]
    final = f"FINAL({w.idxmax()}: {w.max()} of the {w.sum()} call-outs this winter, then {w.index[1]} ({w.iloc[1]}).)"
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code), final], [repl("print(where.head(2).to_dict())"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h13_hobujaama_two_tables", "same label in two printed tables", "legit",
      "How many tram departures does Hobujaama get on a weekday, and from how many lines?")
def _hobujaama() -> Script:
    code = ("print(st[st.service_id == 'E-R'].stop_name.value_counts().head(8))\n"
            "print(st.groupby('stop_name').route_short_name.nunique().sort_values(ascending=False).head(8))")
    ctx, ns = with_gtfs(code)
    s = ns["st"]
    k = int(((s.stop_name == "Hobujaama") & (s.service_id == "E-R")).sum())
    n = s[s.stop_name == "Hobujaama"].route_short_name.nunique()
    final = f"FINAL({k} departures on a weekday, from {n} lines (1, 2 and 3), both directions counted.)"
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), final],
                  [repl("h = st[(st.stop_name == 'Hobujaama') & (st.service_id == 'E-R')]\nprint(len(h), sorted(h.route_short_name.unique()))"), final])


@case("h13_little_prince_two_tables", "same label in two printed tables", "legit",
      "How many copies of The Little Prince did we sell, and for how much?")
def _little_prince() -> Script:
    code = ("print(forush.groupby('عنوان')['تعداد'].sum().sort_values(ascending=False))\n"
            "print((forush.groupby('عنوان')['مبلغ_ریال'].sum() / 1e7).round(1).sort_values(ascending=False))")
    ctx, ns = with_books(code)
    f = ns["forush"]
    lp = f[f["عنوان"] == "شازده کوچولو"]
    k, v = int(lp["تعداد"].sum()), lp["مبلغ_ریال"].sum() / 1e7
    final = (f"FINAL(شازده کوچولو (The Little Prince) sold {k} copies, more than any other title, but brought in only "
             f"{v:.1f} million toman, the least of all eleven titles, because it is the cheapest book.)")
    assert v == (f.groupby("عنوان")["مبلغ_ریال"].sum() / 1e7).min()
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), final],
                  [repl("lp = forush[forush['عنوان'] == 'شازده کوچولو']\nprint(lp['تعداد'].sum(), round(lp['مبلغ_ریال'].sum() / 1e7, 1))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h13_nowruz_trend", "trend sentence naming several labels", "legit", "How did sales move from Dey 1402 to Khordad 1403?")
def _nowruz_trend() -> Script:
    ctx, ns = with_books(MONTHLY_BOOKS)
    m = (ns["mahane"] / 1e7).round(1)
    k = {n: m[key] for n, key in (("Dey", "1402/10"), ("Bahman", "1402/11"), ("Esfand", "1402/12"), ("Farvardin", "1403/01"),
                                  ("Ordibehesht", "1403/02"), ("Khordad", "1403/03"))}
    assert k["Dey"] < k["Bahman"] < k["Esfand"] > k["Farvardin"] < k["Ordibehesht"] > k["Khordad"]
    final = (f"FINAL(A climb to Nowruz, a crash, then a second peak: {k['Dey']} million toman in Dey, {k['Bahman']} in Bahman and "
             f"{k['Esfand']} in Esfand, the best month, as people bought books as Nowruz gifts. Farvardin fell to {k['Farvardin']} "
             f"with the holidays, Ordibehesht jumped back to {k['Ordibehesht']} with the Tehran book fair, and Khordad eased to "
             f"{k['Khordad']}.)")
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(MONTHLY_BOOKS), final], [repl("print((mahane['1402/10':'1403/03'] / 1e7).round(1).to_dict())"), final])


@case("h13_storm_pressure_trend", "trend sentence naming several labels", "legit", "How did the pressure behave around the storm?")
def _storm_trend() -> Script:
    code = "daily = obs.qnh_hpa.resample('D').mean().round(1)\nprint(daily['2025-01-19':'2025-01-26'])"
    ctx, ns = with_metar(code)
    d = ns["daily"]
    v = {k: d[f"2025-01-{k}"] for k in range(20, 26)}
    assert v[20] > v[21] > v[22] > v[23] < v[24] < v[25]
    final = (f"FINAL(It fell for four days and then shot back up. The daily mean QNH went from {v[20]} hPa on the 20th to {v[21]} "
             f"on the 21st, {v[22]} on the 22nd and {v[23]} on the 23rd, the day of the storm (the lowest single report was 961 "
             f"hPa). It recovered to {v[24]} on the 24th and {v[25]} on the 25th.)")
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), final], [repl("print(daily['2025-01-20':'2025-01-25'].to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h13_submit_best_strike_rate", "labelled SUBMIT for a which question", "legit",
      "Who had the best strike rate among batters who faced at least 100 balls?")
def _submit_sr() -> Script:
    code = BATTING + "\nqual = avg[avg.balls >= 100].sort_values('sr', ascending=False)\nprint(qual[['balls', 'runs', 'sr']])"
    ctx, _ = with_club(code)
    submit = repl("SUBMIT(batter=qual.index[0], strike_rate=float(qual.sr.iloc[0]), balls=int(qual.balls.iloc[0]),\n"
                  "       runs=int(qual.runs.iloc[0]))")
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), submit], [repl("print(qual.sr.idxmax(), qual.sr.max())"), submit])


@case("h13_submit_top_customer", "labelled SUBMIT for a which question", "legit", "Which customer paid the shop the most?")
def _submit_customer() -> Script:
    code = ("cust = tx[tx.Details.str.startswith('Customer Payment')].copy()\ncust['who'] = cust.Details.str.split(' - ').str[-1]\n"
            "by_who = cust.groupby('who')['Paid In'].agg(['count', 'sum']).sort_values('sum', ascending=False)\nprint(by_who.head())")
    ctx, _ = with_mpesa(code)
    submit = repl("SUBMIT(customer=by_who.index[0], total_ksh=float(by_who['sum'].iloc[0]), payments=int(by_who['count'].iloc[0]))")
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), submit], [repl("print(by_who.index[0], by_who['sum'].iloc[0])"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h13_memory_kakheti_duration", "plausible figure from memory", "invented", "How long does the Kakheti Classic take?")
def _memory_duration() -> Script:
    ctx = {"terms": WINE_TERMS}
    assert "| Kakheti Classic | 10 h |" in WINE_TERMS
    differs(8, 10)
    return Script(ctx, [WINE_LOOK, "FINAL(About 8 hours door to door: Tbilisi to Telavi is roughly two hours each way, plus two "
                                   "winery visits and lunch.)"])


@case("h13_memory_january_mean_temp", "plausible figure from memory", "invented", "What was the average temperature at the airport in January?")
def _memory_temp() -> Script:
    ctx, ns = with_metar("")
    differs(-4, round(ns["obs"].temp_c.mean()))
    return Script(ctx, [METAR_LOOK, "FINAL(Around −4 °C on average, which is normal for a Tromsø January: the coast keeps it "
                                    "milder than inland Lapland.)"])


@case("h13_memory_ts_tv", "plausible figure from memory", "invented", "What is the Ts/Tv ratio of the PASS SNVs?")
def _memory_tstv() -> Script:
    code = "print(var[var.FILTER == 'PASS'].type.value_counts())"
    ctx, ns = with_vcf(code)
    ok = ns["var"][(ns["var"].FILTER == "PASS") & (ns["var"].type == "SNV")]
    ts = ok.apply(lambda r: {r.REF, r.ALT} in ({"A", "G"}, {"C", "T"}), axis=1)
    differs(2.8, round(ts.sum() / (~ts).sum(), 1))
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code),
                        "FINAL(The Ts/Tv ratio is about 2.8, as expected for exome capture data; a value that high suggests "
                        "few false-positive SNVs.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h13_median_hammer_was_mean", "mean given as the median", "invented", "What was the median hammer price?")
def _median_hammer() -> Script:
    code = "print(sold.hammer_gbp.describe())"
    ctx, ns = with_lots(code)
    d = ns["sold"].hammer_gbp.describe()
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code),
                        f"FINAL(The median hammer price was {gbp(differs(round(d['mean']), round(d['50%'])))} per sold lot.)"])


@case("h13_median_payment_was_mean", "mean given as the median", "invented", "What is the median customer payment?")
def _median_payment() -> Script:
    code = "cust = tx[tx.Details.str.startswith('Customer Payment')]\nprint(cust['Paid In'].describe())"
    ctx, ns = with_mpesa(code)
    d = ns["cust"]["Paid In"].describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), f"FINAL(The median customer payment is {ksh(wrong)}.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h13_gust_knots_as_kmh", "unit misread", "invented", "What was the strongest gust in km/h?")
def _gust_kmh() -> Script:
    code = "print(obs.gust_kt.max(), obs.gust_kt.idxmax())"
    ctx, ns = with_metar(code)
    g = ns["obs"].gust_kt.max()
    differs(round(g), round(g * 1.852))
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code),
                        f"FINAL(The strongest gust was {g:.0f} km/h, on 23 January during the storm.)"])


@case("h13_rial_as_toman", "unit misread", "invented", "How much money did the Divan of Hafez bring in, in toman?")
def _rial_toman() -> Script:
    code = "print(forush.groupby('عنوان')['مبلغ_ریال'].sum().sort_values(ascending=False))"
    ctx, ns = with_books(code)
    v = int(ns["forush"].groupby("عنوان")["مبلغ_ریال"].sum()["دیوان حافظ"])
    differs(v, v // 10)
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), f"FINAL(دیوان حافظ brought in {v:,} toman over the year.)"])


@case("h13_top_speed_ms_as_kmh", "unit misread", "invented", "What was my top speed on the descents?")
def _speed_ms() -> Script:
    code = "v = pts.step_m / 10  # metres per 10-second step\nprint(round(v.max(), 1), pts.loc[v.idxmax(), ['time', 'ele']].tolist())"
    ctx, ns = with_gpx(code)
    ms = round(ns["v"].max(), 1)
    differs(ms, round(ns["pts"].kmh.max(), 1))
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), f"FINAL(Your top speed was {ms} km/h, on the final descent to Kranjska Gora.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h13_sell_through_fraction", "fraction written as percent", "invented", "What was the sell-through rate?")
def _sell_through() -> Script:
    code = "print(round((lots.status == 'Sold').mean(), 3))"
    ctx, ns = with_lots(code)
    f = round((ns["lots"].status == "Sold").mean(), 3)
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code),
                        f"FINAL(The sell-through rate was {differs(f, round(f * 100, 1))}% of the lots offered.)"])


@case("h13_pass_share_fraction", "fraction written as percent", "invented", "What share of the calls pass all filters?")
def _pass_share() -> Script:
    code = "print(round((var.FILTER == 'PASS').mean(), 2))"
    ctx, ns = with_vcf(code)
    f = round((ns["var"].FILTER == "PASS").mean(), 2)
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), f"FINAL({differs(f, round(f * 100))}% of the calls have FILTER=PASS.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h13_second_branch_called_top", "second row called the top", "invented", "کدام شعبه بیشترین فروش را داشت؟")
def _second_branch() -> Script:
    code = "print(forush.groupby('شعبه')['مبلغ_ریال'].sum().sort_values(ascending=False))"
    ctx, ns = with_books(code)
    s = ns["forush"].groupby("شعبه")["مبلغ_ریال"].sum().sort_values(ascending=False)
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code),
                        f"FINAL(شعبه {differs(s.index[1], s.idxmax())} بیشترین فروش را داشت: {fa(s.iloc[1] / 1e7)} میلیون تومان.)"])


@case("h13_second_place_called_top", "second row called the top", "invented", "Where were we called out most often?")
def _second_place() -> Script:
    code = "print(calls.place.value_counts().head())"
    ctx, ns = with_rescue(code)
    w = ns["calls"].place.value_counts()
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code),
                        f"FINAL(Most call-outs were to {differs(w.index[1], w.idxmax())}, {w.iloc[1]} over the winter.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h13_absent_glenfiddich", "label absent from the data", "invented", "Which distillery had the most lots in the sale?")
def _glenfiddich() -> Script:
    code = "print(lots.distillery.value_counts().head())"
    ctx, ns = with_lots(code)
    d = ns["lots"].distillery.value_counts()
    assert "Glenfiddich" not in d.index
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), f"FINAL(Glenfiddich, with {d.max()} lots.)"])


@case("h13_absent_gene_myh6", "label absent from the data", "invented", "Which sarcomere gene apart from TTN has the most variants?")
def _myh6() -> Script:
    code = "print(var.GENE.value_counts())"
    ctx, ns = with_vcf(code)
    g = ns["var"].GENE.value_counts()
    assert "MYH6" not in g.index
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), f"FINAL(MYH6, with {g.iloc[1]} variants, after TTN.)"])


@case("h13_absent_stop_viru", "label absent from the data", "invented", "Which tram stop is served by the most lines?")
def _viru() -> Script:
    code = "print(st.groupby('stop_name').route_short_name.nunique().sort_values(ascending=False).head())"
    ctx, ns = with_gtfs(code)
    n = ns["st"].groupby("stop_name").route_short_name.nunique()
    assert "Viru" not in n.index
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code),
                        f"FINAL(Viru, in the old town: {n.max()} lines stop there, more than anywhere else on the network.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h13_macallan_as_speyside", "total of the wrong subset", "invented", "What did the Macallan lots make at the hammer?")
def _macallan() -> Script:
    code = "print(sold.groupby('region').hammer_gbp.sum())"
    ctx, ns = with_lots(code)
    s = ns["sold"]
    wrong = differs(s[s.region == "Speyside"].hammer_gbp.sum(), s[s.distillery == "Macallan"].hammer_gbp.sum())
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), f"FINAL(The Macallan lots made {gbp(wrong)} at the hammer.)"])


@case("h13_takings_with_reversal", "total of the wrong subset", "invented", "How much did customers pay the shop through M-Pesa in April?")
def _takings_reversal() -> Script:
    code = "apr = tx[tx['Completion Time'].dt.month == 4]\nprint(apr['Paid In'].sum())"
    ctx, ns = with_mpesa(code)
    a = ns["apr"]
    wrong = differs(a["Paid In"].sum(), a[a.Details.str.startswith("Customer Payment")]["Paid In"].sum())
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), f"FINAL(Customers paid {ksh(wrong)} in April 2024.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h13_stale_minus_21", "stale figure before a correction", "invented", "What was the lowest temperature of the month?")
def _stale_21() -> Script:
    first = ("temps = [int(t.replace('M', '-')) for t in re.findall(r' (M?\\d{2})/M?\\d{2} Q', metar)]\n"
             "print(min(temps))")
    fixed = ("print([l for l in metar.splitlines() if ' M21/' in l or 'COR' in l])\n"
             "print(obs.temp_c.min())")
    ctx, ns = with_metar(first + "\n" + fixed)
    stale = differs(min(ns["temps"]), ns["obs"].temp_c.min())
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(first),
                        repl(fixed, "M21 looks odd next to the neighbouring reports; checking it against the COR report."),
                        f"FINAL(The lowest temperature of the month was {stale} °C, on 9 January.)"])


@case("h13_stale_supplier_total", "stale figure before a correction", "invented", "How much did the shop pay out to suppliers in April?")
def _stale_supplier() -> Script:
    first = ("apr = tx[tx['Completion Time'].dt.month == 4]\nout = apr[apr.Details.str.startswith('Customer Transfer to')]\n"
             "print(out[['Completion Time', 'Details', 'Withdrawn']].to_string())\nprint(out.Withdrawn.sum())")
    fixed = ("print(apr[apr.Details.str.contains('Reversal')][['Completion Time', 'Details', 'Paid In']])\n"
             "net = out.Withdrawn.sum() - apr[apr.Details.str.contains('Reversal')]['Paid In'].sum()\nprint(net)")
    ctx, ns = with_mpesa(first + "\n" + fixed)
    stale = differs(ns["out"].Withdrawn.sum(), ns["net"])
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(first),
                        repl(fixed, "One of these went to ALICE MORAA, which is not a supplier; it was reversed the same day."),
                        f"FINAL(The shop paid {ksh(stale)} to its suppliers in April.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h13_transposed_pass_count", "transposed digits", "invented", "How many variants passed the filters?")
def _transposed_pass() -> Script:
    code = "print(var.FILTER.value_counts())"
    ctx, ns = with_vcf(code)
    k = int((ns["var"].FILTER == "PASS").sum())
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), f"FINAL({differs(swap_digits(k), k)} variants have FILTER=PASS.)"])


@case("h13_transposed_weekday_trips", "transposed digits", "invented", "How many tram trips run on a weekday?")
def _transposed_trips() -> Script:
    ctx, ns = with_gtfs(TRIPS_PER_ROUTE)
    k = int(ns["per_route"]["E-R"].sum())
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(TRIPS_PER_ROUTE),
                        f"FINAL({differs(swap_digits(k), k)} tram trips on a weekday, over the four lines.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h13_echo_twenty_overs", "number echoed from the question", "invented",
      "A T20 innings is 20 overs. How many overs did we bat against Negombo United on 22nd June?")
def _echo_overs() -> Script:
    code = "print(m[m.opponent == 'Negombo United'][['date', 'runs', 'wkts', 'overs', 'result']])"
    ctx, ns = with_club(code)
    row = ns["m"][(ns["m"].opponent == "Negombo United") & (ns["m"].date == "22nd June 2025")].iloc[0]
    differs("20", row.overs)
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), f"FINAL(We batted the full 20 overs and made {row.runs}.)"])


@case("h13_echo_six_minutes", "number echoed from the question", "invented",
      "In the morning rush trams come every 6 minutes. How often does line 4 leave Tondi between 7 and 9 on a weekday?")
def _echo_headway() -> Script:
    code = ("t4 = st[(st.route_short_name == '4') & (st.service_id == 'E-R') & (st.stop_name == 'Tondi') & (st.direction_id == 0)]\n"
            "print(t4[(t4.dep_min >= 420) & (t4.dep_min < 540)].departure_time.tolist())")
    ctx, ns = with_gtfs(code)
    t = ns["t4"]
    gaps = t[(t.dep_min >= 420) & (t.dep_min < 540)].dep_min.diff().dropna()
    differs(6.0, gaps.median())
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), "FINAL(Every 6 minutes, like the other lines in the morning peak.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h13_records_as_sites", "rows counted instead of distinct", "invented", "At how many distinct genomic positions were variants called?")
def _records_sites() -> Script:
    code = "print(len(var))"
    ctx, ns = with_vcf(code)
    v = ns["var"]
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code),
                        f"FINAL(Variants were called at {differs(len(v), len(v[['CHROM', 'POS']].drop_duplicates()))} distinct positions.)"])


@case("h13_innings_as_players", "rows counted instead of distinct", "invented", "How many different players batted for us this season?")
def _innings_players() -> Script:
    code = "print(len(bat))"
    ctx, ns = with_club(code)
    b = ns["bat"]
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), f"FINAL({differs(len(b), b.batter.nunique())} different players batted for us.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h13_sales_1403_wrong_year", "wrong year", "invented", "What were total sales in 1403 so far, in toman?")
def _wrong_year_books() -> Script:
    code = "print(forush.groupby('سال')['مبلغ_ریال'].sum() / 10)"
    ctx, ns = with_books(code)
    y = ns["forush"].groupby("سال")["مبلغ_ریال"].sum() / 10
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code),
                        f"FINAL(Sales in 1403 so far (Farvardin to Shahrivar) come to {differs(y[1402], y[1403]):,.0f} toman.)"])


@case("h13_pressure_date_wrong_year", "wrong year", "invented", "On what date was the pressure lowest?")
def _wrong_year_metar() -> Script:
    code = "print(obs.qnh_hpa.idxmin(), obs.qnh_hpa.min())"
    ctx, ns = with_metar(code)
    t = ns["obs"].qnh_hpa.idxmin()
    differs(2024, t.year)
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code),
                        f"FINAL(The pressure was lowest on {t.day} January 2024, {ns['obs'].qnh_hpa.min()} hPa at {t:%H:%M} UTC.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h13_distance_misrounded", "wrong rounding", "invented", "Roughly how far was the ride, in whole kilometres?")
def _distance_misround() -> Script:
    code = "print(pts.km.iloc[-1])"
    ctx, ns = with_gpx(code)
    v = ns["pts"].km.iloc[-1]
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), f"FINAL(About {differs(misround(v), round(v))} km.)"])


@case("h13_mean_wind_misrounded", "wrong rounding", "invented", "What was the average wind speed, to the nearest knot?")
def _wind_misround() -> Script:
    code = "print(obs.wind_kt.mean())"
    ctx, ns = with_metar(code)
    v = ns["obs"].wind_kt.mean()
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), f"FINAL({differs(misround(v), round(v))} kt on average over January.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h13_lowdp_scn5a_wrong_column", "nothing found in the wrong column", "invented", "Are any SCN5A calls filtered out for low depth?")
def _scn5a_wrong() -> Script:
    code = "hits = var[(var.GENE == 'LowDP') & (var.FILTER == 'SCN5A')]\nprint(len(hits))"
    ctx, ns = with_vcf(code)
    v = ns["var"]
    assert ((v.GENE == "SCN5A") & (v.FILTER == "LowDP")).sum() > 0
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), "FINAL(No. None of the SCN5A calls is flagged LowDP.)"])


@case("h13_brora_unsold_wrong_column", "nothing found in the wrong column", "invented", "Did every Brora lot sell?")
def _brora_wrong() -> Script:
    code = "print(lots[(lots.region == 'Brora') & (lots.status == 'Unsold')])"
    ctx, ns = with_lots(code)
    lo = ns["lots"]
    assert ((lo.distillery == "Brora") & (lo.status == "Unsold")).sum() > 0
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code), "FINAL(Yes, every Brora lot found a buyer: none is listed as unsold.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("h13_pressure_called_rising", "trend in the wrong direction", "invented", "How did the pressure develop in the days before the storm?")
def _pressure_rising() -> Script:
    code = "print(obs.qnh_hpa.resample('D').mean().round(1)['2025-01-19':'2025-01-23'])"
    ctx, ns = with_metar(code)
    d = ns["obs"].qnh_hpa.resample("D").mean()["2025-01-19":"2025-01-23"]
    assert d.is_monotonic_decreasing
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code),
                        "FINAL(It rose steadily from the 19th to the 23rd, building up before the storm broke.)"])


@case("h13_prices_called_falling", "trend in the wrong direction", "invented", "Did book prices change between 1402 and 1403?")
def _prices_falling() -> Script:
    code = "print(forush.groupby(['عنوان', 'سال'])['قیمت_واحد_ریال'].mean().unstack().round(-3))"
    ctx, ns = with_books(code)
    p = ns["forush"].groupby(["عنوان", "سال"])["قیمت_واحد_ریال"].mean().unstack()
    assert (p[1403] > p[1402]).all()
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code),
                        "FINAL(Yes, they came down: most titles were cheaper in 1403 than in 1402, by roughly a fifth.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h13_biggest_payment_from_head", "sample generalized to the whole", "invented", "What was the biggest single payment a customer made?")
def _payment_head() -> Script:
    ctx, ns = with_mpesa("")
    head = [r for r in mpesa_statement().splitlines()[:11] if "Customer Payment" in r]
    seen = max(float(r.split(" | ")[4].replace(",", "")) for r in head)
    cust = ns["tx"][ns["tx"].Details.str.startswith("Customer Payment")]
    differs(seen, cust["Paid In"].max())
    return Script(ctx, [MPESA_LOOK, f"FINAL(The biggest single customer payment was {ksh(seen)}; most are a few thousand shillings.)"])


@case("h13_chromosomes_from_head", "sample generalized to the whole", "invented", "Which chromosomes do the variants lie on?")
def _chrom_head() -> Script:
    code = "print(var.head(10)[['CHROM', 'POS', 'REF', 'ALT', 'GENE']])"
    ctx, ns = with_vcf(code)
    v = ns["var"]
    differs(sorted(v.head(10).CHROM.unique()), sorted(v.CHROM.unique()))
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), "FINAL(All the variants are on chromosome 1 (chr1), in LMNA.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h13_average_over_innings", "wrong denominator", "invented", "What is Nuwan Silva's batting average?")
def _avg_innings() -> Script:
    code = "ns_ = bat[bat.batter == 'Nuwan Silva']\nprint(len(ns_), ns_.runs.sum(), (ns_.how_out == 'not out').sum())"
    ctx, ns = with_club(code)
    b = ns["ns_"]
    outs = len(b) - int((b.how_out == "not out").sum())
    wrong = differs(round(b.runs.sum() / len(b), 2), round(b.runs.sum() / outs, 2))
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code), f"FINAL(Nuwan Silva averages {wrong} this season.)"])


@case("h13_het_share_of_all", "wrong denominator", "invented", "What share of the PASS variants are heterozygous?")
def _het_share() -> Script:
    code = "ok = var[var.FILTER == 'PASS']\nprint((ok.GT == '0/1').sum(), len(var))"
    ctx, ns = with_vcf(code)
    ok, v = ns["ok"], ns["var"]
    k = int((ok.GT == "0/1").sum())
    wrong = differs(round(k / len(v) * 100, 1), round(k / len(ok) * 100, 1))
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code), f"FINAL({wrong}% of the PASS variants are heterozygous ({k} calls).)"])


@case("h13_heli_share_of_season", "wrong denominator", "invented", "In February, what share of call-outs needed the helicopter?")
def _heli_share() -> Script:
    code = "feb = calls[calls.when.dt.month == 2]\nprint(feb.heli.sum(), len(calls))"
    ctx, ns = with_rescue(code)
    f, c = ns["feb"], ns["calls"]
    k = int(f.heli.sum())
    wrong = differs(round(k / len(c) * 100), round(k / len(f) * 100))
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code), f"FINAL(About {wrong}% of February's call-outs needed the helicopter ({k}).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
HELI_PROMPT = "Count the call-outs in which the helicopter was used.\n\n"


@case("h13_partial_heli_count", "sub-call over part of the data", "invented", "How many call-outs used the helicopter this winter?")
def _partial_heli() -> Script:
    ctx = {"rescue": rescue_book()}
    code = f"said = llm_query({HELI_PROMPT!r} + rescue[:3000])\nprint(said)"
    said = sub_says(HELI_PROMPT + rescue_book()[:3000])
    found = re.search(r"in (\d+) call-outs", said)
    assert found
    k = int(found.group(1))
    differs(k, sum("helicopter" in line for line in rescue_book().splitlines()))
    return Script(ctx, [RESCUE_LOOK, repl(code, "Letting a sub-model count them."),
                        f"FINAL(The helicopter was used in {k} call-outs this winter.)"], sub=sub_model())


KPLC_PROMPT = "Add up the KPLC prepaid payments in this statement.\n\n"


@case("h13_partial_kplc_total", "sub-call over part of the data", "invented", "How much did the shop spend on KPLC tokens?")
def _partial_kplc() -> Script:
    ctx = {"statement": mpesa_statement()}
    code = f"said = llm_query({KPLC_PROMPT!r} + statement[:40000])\nprint(said)"
    said = sub_says(KPLC_PROMPT + mpesa_statement()[:40000])
    found = re.search(r"KSh ([\d,.]+) in total", said)
    assert found
    total = float(found.group(1).replace(",", ""))
    truth = sum(float(r.split(" | ")[5].replace(",", "")) for r in mpesa_statement().splitlines() if "KPLC" in r)
    differs(total, truth)
    return Script(ctx, [MPESA_LOOK, repl(code), f"FINAL(The shop spent {ksh(total)} on KPLC prepaid electricity.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h13_jalali_read_as_gregorian", "date format misread", "invented", "When was the single biggest sale?")
def _jalali_greg() -> Script:
    code = "print(forush.loc[forush['مبلغ_ریال'].idxmax()])"
    ctx, ns = with_books(code)
    r = ns["forush"].loc[ns["forush"]["مبلغ_ریال"].idxmax()]
    y, mo, d = (int(x) for x in r["تاریخ"].split("/"))
    misread = pd.Timestamp(2024, mo, d)
    assert (y, mo) == (1403, 2)  # 2 Ordibehesht 1403 is 21 April 2024
    differs(misread, pd.Timestamp("2024-04-21"))
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code),
                        f"FINAL(On {misread.day} {misread:%B %Y}: {r['تعداد']} copies of the Shahnameh for {r['مبلغ_ریال'] / 10:,.0f} toman.)"])


@case("h13_shahnameh_last_sale_misread", "date format misread", "invented", "When did we last sell a Shahnameh?")
def _shahnameh_misread() -> Script:
    code = "print(forush[forush['عنوان'] == 'شاهنامه'].tail(3)[['تاریخ', 'شعبه', 'تعداد']])"
    ctx, ns = with_books(code)
    last = ns["forush"][ns["forush"]["عنوان"] == "شاهنامه"].iloc[-1]["تاریخ"]
    y, mo, d = (int(x) for x in last.split("/"))
    assert (y, mo) == (1403, 6)  # Shahrivar: late August or September 2024
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), f"FINAL(The last Shahnameh was sold on {d} June 2024.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h13_balance_as_day_takings", "cumulative read as the period's value", "invented", "How much came in through M-Pesa on 31 May?")
def _balance_day() -> Script:
    code = "print(tx[tx['Completion Time'].dt.date == pd.Timestamp('2024-05-31').date()].tail(3)[['Completion Time', 'Details', 'Paid In', 'Balance']])"
    ctx, ns = with_mpesa(code)
    t = ns["tx"]
    day = t[t["Completion Time"].dt.date == pd.Timestamp("2024-05-31").date()]
    wrong = differs(day.Balance.iloc[-1], day["Paid In"].sum())
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), f"FINAL({ksh(wrong)} came in through M-Pesa on Friday 31 May.)"])


@case("h13_km_mark_as_climb_length", "cumulative read as the period's value", "invented", "How long was the climb from Trenta back up to Vršič?")
def _km_as_climb() -> Script:
    code = "second = pts[pts.km > 22]\ntop2 = second.loc[second.ele.idxmax()]\nprint(top2[['time', 'km', 'ele']])"
    ctx, ns = with_gpx(code)
    p, top2 = ns["pts"], ns["top2"]
    bottom = p.loc[p.ele.idxmin(), "km"]
    wrong = differs(round(top2.km, 1), round(top2.km - bottom, 1))
    return Script(ctx, [GPX_LOOK, PARSE_GPX, repl(code), f"FINAL(The climb from Trenta to the pass was {wrong} km long.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h13_submit_literal_ride", "literal typed into a code answer", "invented", "Give me the ride's distance and maximum heart rate.")
def _submit_literal() -> Script:
    ctx, ns = with_gpx("")
    differs(50.0, round(ns["pts"].km.iloc[-1], 1))
    differs(182, int(ns["pts"].hr.max()))
    return Script(ctx, [GPX_LOOK, repl("SUBMIT(distance_km=50.0, max_hr=182)", "Vršič from Kranjska Gora and back via Trenta is about 50 km.")])


@case("h13_answer_dict_literal_hammer", "literal typed into a code answer", "invented", "What was the hammer total of the sale?")
def _answer_literal() -> Script:
    ctx, ns = with_lots("")
    differs(300000, round(ns["sold"].hammer_gbp.sum(), -3))
    return Script(ctx, [LOTS_LOOK, repl('answer = {"content": "About £300,000 at the hammer across both days.", "ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h13_balls_as_runs", "figure from the right row but another column", "invented", "How many runs did Kasun Fernando score?")
def _balls_runs() -> Script:
    ctx, ns = with_club(BATTING)
    r = ns["avg"].loc["Kasun Fernando"]
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(BATTING),
                        f"FINAL(Kasun Fernando scored {differs(int(r.balls), int(r.runs))} runs this season.)"])


@case("h13_high_estimate_as_hammer", "figure from the right row but another column", "invented", "What did lot 129 fetch?")
def _high_hammer() -> Script:
    code = "print(lots[lots.lot == 129][['lot', 'description', 'low', 'high', 'hammer_gbp', 'status']].to_string())"
    ctx, ns = with_lots(code)
    r = ns["lots"].set_index("lot").loc[129]
    return Script(ctx, [LOTS_LOOK, PARSE_LOTS, repl(code),
                        f"FINAL(Lot 129, the Port Ellen 21 Year Old, sold for {gbp(differs(r.high, r.hammer_gbp))} at the hammer.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h13_title_max_from_head", "maximum picked from a partial table", "invented", "Which book sold the most copies?")
def _title_head() -> Script:
    code = "copies = forush.groupby('عنوان')['تعداد'].sum()\nprint(copies.head())"
    ctx, ns = with_books(code)
    c = ns["copies"]
    pick = differs(c.head().idxmax(), c.idxmax())
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), f"FINAL({pick} sold the most copies: {c[pick]}.)"])


@case("h13_customer_max_from_head", "maximum picked from a partial table", "invented", "Which customer paid the most in total?")
def _customer_head() -> Script:
    code = ("cust = tx[tx.Details.str.startswith('Customer Payment')].copy()\ncust['who'] = cust.Details.str.split(' - ').str[-1]\n"
            "by_who = cust.groupby('who')['Paid In'].sum()\nprint(by_who.head())")
    ctx, ns = with_mpesa(code)
    b = ns["by_who"]
    pick = differs(b.head().idxmax(), b.idxmax())
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), f"FINAL({pick.title()} paid the most: {ksh(b[pick])} over the three months.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h13_ascending_place_called_most", "first row of an ascending sort called the highest", "invented", "Which place had the most call-outs?")
def _ascending_place() -> Script:
    code = "print(calls.place.value_counts(ascending=True))"
    ctx, ns = with_rescue(code)
    w = ns["calls"].place.value_counts(ascending=True)
    return Script(ctx, [RESCUE_LOOK, PARSE_RESCUE, repl(code),
                        f"FINAL({differs(w.index[0], w.idxmax())} had the most call-outs ({w.iloc[0]}).)"])


@case("h13_ascending_batter_called_top", "first row of an ascending sort called the highest", "invented", "Who scored the most runs for us?")
def _ascending_batter() -> Script:
    code = "print(bat.groupby('batter').runs.sum().sort_values())"
    ctx, ns = with_club(code)
    r = ns["bat"].groupby("batter").runs.sum().sort_values()
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code),
                        f"FINAL({differs(r.index[0], r.idxmax())} was our top scorer with {r.iloc[0]} runs.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h13_snv_indel_swapped", "two labels' figures swapped", "invented", "Do SNVs or indels have the higher mean QUAL?")
def _snv_indel_swapped() -> Script:
    code = "print(var.groupby('type').QUAL.mean().round(1))"
    ctx, ns = with_vcf(code)
    q = ns["var"].groupby("type").QUAL.mean().round(1)
    assert q["indel"] > q["SNV"]
    return Script(ctx, [VCF_LOOK, PARSE_VCF, repl(code),
                        f"FINAL(The SNVs: mean QUAL {q['indel']} against {q['SNV']} for the indels.)"])


@case("h13_march_may_swapped", "two labels' figures swapped", "invented", "Were customer takings higher in March or in May?")
def _march_may_swapped() -> Script:
    ctx, ns = with_mpesa(CUSTOMER_MONTHS)
    m = ns["monthly"]["sum"]
    mar, may = m[pd.Period("2024-03")], m[pd.Period("2024-05")]
    assert may > mar
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(CUSTOMER_MONTHS),
                        f"FINAL(March: {ksh(may, 0)}, against {ksh(mar, 0)} in May.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h13_farvardin_as_rise", "decrease reported as a rise", "invented", "How did sales change from Esfand 1402 to Farvardin 1403?")
def _farvardin_rise() -> Script:
    code = MONTHLY_BOOKS + "\nprint(round((mahane['1403/01'] / mahane['1402/12'] - 1) * 100, 1))"
    ctx, ns = with_books(code)
    m = ns["mahane"]
    pct = round((m["1403/01"] / m["1402/12"] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [BOOK_LOOK, PARSE_BOOK, repl(code), f"FINAL(Sales grew by {abs(pct)}% from Esfand to Farvardin, thanks to Nowruz.)"])


@case("h13_win_rate_as_rise", "decrease reported as a rise", "invented", "Did our results improve in the second half of the season?")
def _win_rate_rise() -> Script:
    code = "first, second = m.head(8), m.tail(8)\nprint(first.won.sum(), second.won.sum())"
    ctx, ns = with_club(code)
    a, b = int(ns["first"].won.sum()), int(ns["second"].won.sum())
    assert b < a
    return Script(ctx, [CLUB_LOOK, PARSE_CLUB, repl(code),
                        f"FINAL(Yes: the win rate went up by {(a - b) / 8:.0%} points from the first eight games to the last eight.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h13_table_for_line2_trips", "table returned for one figure", "invented", "How many trips does line 2 run on a weekday?")
def _table_line2() -> Script:
    ctx, _ = with_gtfs(TRIPS_PER_ROUTE)
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(TRIPS_PER_ROUTE), "FINAL_VAR(per_route)"])


@case("h13_table_for_max_gust", "table returned for one figure", "invented", "What was the strongest gust?")
def _table_gust() -> Script:
    code = "stats = obs[['wind_kt', 'gust_kt', 'vis_m', 'temp_c', 'qnh_hpa']].describe()\nprint(stats)"
    ctx, _ = with_metar(code)
    return Script(ctx, [METAR_LOOK, PARSE_METAR, repl(code), 'FINAL_VAR("stats")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h13_route_id_for_short_name", "zero after filtering the wrong column", "invented", "How many weekend trips does line 4 run?")
def _route_id() -> Script:
    code = "t = gtfs['trips']\nprint(len(t[(t.route_id == '4') & (t.service_id == 'L-P')]))"
    ctx, ns = with_gtfs(code)
    t = ns["gtfs"]["trips"]
    differs(0, int(((t.route_id == "TLT_T4") & (t.service_id == "L-P")).sum()))
    return Script(ctx, [GTFS_LOOK, PARSE_GTFS, repl(code), "FINAL(None: line 4 does not run at weekends.)"])


@case("h13_kplc_in_receipt_column", "zero after filtering the wrong column", "invented", "How many KPLC token purchases are on the statement?")
def _kplc_receipt() -> Script:
    code = "print(tx['Receipt No.'].str.contains('KPLC').sum())"
    ctx, ns = with_mpesa(code)
    differs(0, int(ns["tx"].Details.str.contains("KPLC").sum()))
    return Script(ctx, [MPESA_LOOK, PARSE_MPESA, repl(code), "FINAL(0. The shop bought no KPLC tokens through this till.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h13_iso_date_in_metar", "none found after searching a date in another format", "invented", "Are there any reports from 22 January?")
def _iso_metar() -> Script:
    ctx = {"metar": metar_archive()}
    code = "print([l for l in metar.splitlines() if '2025-01-22' in l])"
    assert any(" 222020Z " in line for line in metar_archive().splitlines())
    return Script(ctx, [METAR_LOOK, repl(code), "FINAL(No, the archive has no reports for 22 January; that day seems to be missing.)"])


@case("h13_numeric_month_in_rescue", "none found after searching a date in another format", "invented",
      "Did we have any call-outs on 17 February?")
def _numeric_rescue() -> Script:
    ctx = {"rescue": rescue_book()}
    code = "print([l for l in rescue.splitlines() if l.startswith('17.02.2025')])"
    assert any(line.startswith("17.II.2025") for line in rescue_book().splitlines())
    return Script(ctx, [RESCUE_LOOK, repl(code), "FINAL(No, there were no call-outs on 17 February 2025.)"])


@case("h13_day_first_date_in_mpesa", "none found after searching a date in another format", "invented",
      "Did anything happen on the account on 16 April?")
def _dayfirst_mpesa() -> Script:
    ctx = {"statement": mpesa_statement()}
    code = "print(len([r for r in statement.splitlines() if '16/04/2024' in r]))"
    assert " 2024-04-16 " in mpesa_statement()
    return Script(ctx, [MPESA_LOOK, repl(code), "FINAL(No transactions on 16 April 2024: the statement has nothing for that day.)"])
