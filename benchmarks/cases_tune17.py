"""Acceptance cases, the seventeenth tuning set: written apart from the gates as the fifteenth held-out set, read from stop 57 on.

It was written (as ``cases_holdout15``) by a helper who never read the engine, the gates or the prompts, and without
running any case under any policy; it was held out for stop 56, measured only for its aggregate figures, and became a
tuning set at the start of stop 57, when ``cases_holdout16`` was written to take its place. Run: ``python -m
benchmarks.acceptance --cases benchmarks.cases_tune17``. The cases are written as a capable model writes its answers
(legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``
(the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``n15_``.

Size: 72 legitimate answers covering all 33 legitimate classes (two or three each) and 58 invented or misread ones
covering all 29 invented classes (two each). Before it was handed over, each case was built and its replies' code run in
a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls), only to check
that the code runs and the figures are the ones it computes; no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's parse step, as the ``with_*`` helpers do); every invented figure or label
is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Polish beekeeping cooperative's honey register (a
semicolon CSV with decimal commas, ``dd.mm.yyyy`` dates and re-weighed rows appended at the end that replace the first
weighing, plus the cooperative's price list in zł per kg), an Istanbul ferry operator's daily passenger and revenue
report for March and April 2024 (a fixed-width Turkish report, numbers like ``17.912`` and ``282.446,40``, a
month-to-date ``KÜMÜLATİF`` column, Ramazan Bayramı and a day with no sailings on two lines), a Budapest thermal bath's
turnstile syslog for a week of February 2025 (syslog dates without a year, Hungarian ticket types and prices in forint,
daily open and close lines from the cash system with a week-to-date count, a failing gate), a Minas Gerais coffee farm's
sales mailbox as an mbox (orders in Portuguese with ``R$ 1.845,00`` and ``04/03/2025`` and in English with ``BRL
1,845.00`` and ISO dates, amendments, cancellations, payments; bags of 60 kg), a Maharashtra dairy cooperative's milk
collection (a frame with Hindi column names and Marathi names, cow and buffalo milk, fat, SNF, rates and amounts in
rupees, answers in lakhs), a Cretan olive mill's season (a dict of two tables with Greek names and day-first text
dates: producers and deliveries with olives, oil and acidity), a Hội An motorbike rental (bookings as JSON lines with
``dd/mm/yyyy HH:MM`` times and prices in đồng, and its rental terms in Vietnamese markdown), and an astronomy club's
variable-star estimates in the AAVSO visual format (one block per observer, Julian Dates, magnitudes where a smaller
number is a brighter star, ``<12.0`` fainter-than limits). Each frame builder returns a fresh copy (model code may
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
# -- a Polish beekeeping cooperative's honey harvest register (semicolon CSV, decimal commas, day-first dates) ------
APIARIES = {  # apiary: (hive prefix, hives, honey types it harvests)
    "Kaszuby": ("K", 8, ["rzepakowy", "wielokwiatowy", "lipowy", "wrzosowy"]),
    "Mazury": ("M", 9, ["rzepakowy", "akacjowy", "wielokwiatowy", "lipowy"]),
    "Podlasie": ("P", 7, ["rzepakowy", "akacjowy", "wielokwiatowy", "lipowy", "gryczany"]),
    "Bieszczady": ("B", 6, ["wielokwiatowy", "spadziowy"]),
    "Roztocze": ("R", 8, ["rzepakowy", "akacjowy", "wielokwiatowy", "gryczany"]),
}
HONEY_WINDOWS = {  # honey type: (first day, last day) of its harvest in 2024, and the mean net kg per hive
    "rzepakowy": ("2024-05-20", "2024-06-04", 14.0), "akacjowy": ("2024-06-06", "2024-06-16", 9.0),
    "wielokwiatowy": ("2024-06-24", "2024-07-08", 11.0), "lipowy": ("2024-07-12", "2024-07-24", 12.5),
    "spadziowy": ("2024-08-01", "2024-08-18", 8.0), "gryczany": ("2024-08-06", "2024-08-20", 10.0),
    "wrzosowy": ("2024-09-02", "2024-09-14", 7.5),
}
HONEY_PRICES = {"rzepakowy": 22.0, "akacjowy": 38.0, "wielokwiatowy": 27.0, "lipowy": 33.0, "spadziowy": 46.0,
                "gryczany": 35.0, "wrzosowy": 42.0}  # the cooperative's buying price, zł per kg


def pl(x: float, decimals: int = 1) -> str:
    """Polish digits: a non-breaking-free space for thousands and a decimal comma, ``1 234,5``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


@functools.lru_cache(maxsize=1)  # text is immutable: one build serves every run
def honey_register(seed: int = 1501) -> str:
    """The 2024 register of the cooperative „Barć”: one row per hive and harvest, net kg and water content (%), in the
    order the harvests were weighed; at the end, four rows re-weighed at the cooperative (``korekta``) that replace
    the first weighing of the same hive, date and honey."""
    rng = np.random.default_rng(seed)
    rows = []
    for apiary, (prefix, hives, kinds) in APIARIES.items():
        for kind in kinds:
            first, last, mean_kg = HONEY_WINDOWS[kind]
            span = (pd.Timestamp(last) - pd.Timestamp(first)).days
            day = pd.Timestamp(first) + pd.Timedelta(days=int(rng.integers(0, span - 3)))
            for h in range(1, hives + 1):
                if rng.random() < 0.12:
                    continue
                when = day + pd.Timedelta(days=int(rng.integers(0, 3)))
                kg = max(2.0, rng.gamma(6.0, mean_kg / 6.0) * (1.25 if apiary == "Podlasie" else 1.0))
                water = rng.normal(19.6 if kind == "wrzosowy" else 18.2, 0.9 if kind == "wrzosowy" else 1.0)
                if kind == "wrzosowy":
                    water += 1.6
                rows.append((when, apiary, f"{prefix}-{h:02d}", kind, round(kg, 1), round(water, 1), ""))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    fixes = [rows[i] for i in sorted(rng.choice(len(rows), 4, replace=False))]
    out = ["# Spółdzielnia Pszczelarska „Barć” – rejestr miodobrania 2024",
           "# waga netto w kg, zawartość wody w % (norma: do 20 %, wrzosowy do 23 %)",
           "pasieka;ul;data;rodzaj_miodu;waga_netto_kg;woda_proc;uwagi"]
    out += [f"{a};{u};{w:%d.%m.%Y};{k};{pl(kg)};{pl(wa)};{n}" for w, a, u, k, kg, wa, n in rows]
    out.append("# korekty po ponownym ważeniu w spółdzielni (zastępują pierwszy wpis)")
    for w, a, u, k, kg, wa, _ in fixes:
        new = round(kg + float(rng.choice([-1, 1])) * float(rng.uniform(1.5, 4.0)), 1)
        out.append(f"{a};{u};{w:%d.%m.%Y};{k};{pl(new)};{pl(wa)};korekta – ponowne ważenie")
    return "\n".join(out)


# -- an Istanbul ferry operator's daily passenger and revenue report (fixed width, Turkish numbers) ---------------
FERRY_LINES = {  # line: (weekday passengers, weekend factor, trips on a weekday, mean fare in TL)
    "Kadıköy–Karaköy": (17500, 0.62, 58, 15.6), "Üsküdar–Eminönü": (13800, 0.70, 50, 15.4),
    "Beşiktaş–Kadıköy": (8600, 0.74, 36, 15.8), "Adalar": (5200, 2.3, 14, 27.5),
    "Boğaz Turu": (1300, 2.9, 3, 46.0),
}
BAYRAM = pd.date_range("2024-04-10", "2024-04-12")  # Ramazan Bayramı 2024
LODOS = pd.Timestamp("2024-04-17")  # a southwesterly gale: the Adalar and Bosphorus boats stayed in port


def tr_int(n: int) -> str:
    """Turkish thousands: ``17.912``."""
    return f"{n:,}".replace(",", ".")


def tr_money(x: float) -> str:
    """Turkish money: ``282.446,40``."""
    return f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


@functools.lru_cache(maxsize=1)
def ferry_report(seed: int = 1502) -> str:
    """March and April 2024, one row per day and line, in fixed-width columns: trips, passengers, revenue in TL and
    the month-to-date passengers of that line (``KÜMÜLATİF``, restarting on the 1st). Commuter lines are quieter at
    weekends and during Ramazan Bayramı (10–12 April), the Adalar and Bosphorus boats much busier; on 17 April a lodos
    gale kept the Adalar and Bosphorus boats in port."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-03-01", "2024-04-30")
    out = ["İSTANBUL ŞEHİR HATLARI A.Ş. — GÜNLÜK YOLCU VE GELİR RAPORU",
           "Dönem: 01.03.2024 – 30.04.2024                         Rapor tarihi: 02.05.2024",
           "Yolcu: İstanbulkart ve jeton geçişleri. KÜMÜLATİF: ay başından bu yana, hat bazında.",
           "",
           f"{'TARİH':<10}  {'HAT':<20}  {'SEFER':>5}  {'YOLCU':>8}  {'GELİR (TL)':>14}  {'KÜMÜLATİF':>10}",
           f"{'-' * 10}  {'-' * 20}  {'-' * 5}  {'-' * 8}  {'-' * 14}  {'-' * 10}"]
    running = dict.fromkeys(FERRY_LINES, 0)
    for day in days:
        if day.day == 1:
            running = dict.fromkeys(FERRY_LINES, 0)
        weekend = day.day_of_week >= 5
        spring = 1.0 + 0.18 * (day - days[0]).days / 60  # the season warms up
        for line, (base, wk, trips, fare) in FERRY_LINES.items():
            tourist = line in ("Adalar", "Boğaz Turu")
            factor = (wk if weekend else 1.0) * (spring if tourist else 1.0)
            if day in BAYRAM:
                factor *= 2.1 if tourist else 0.55
            sefer = trips + (4 if weekend and tourist else 0) + (2 if day in BAYRAM and tourist else 0)
            yolcu = int(base * factor * rng.uniform(0.92, 1.08))
            if day == LODOS and tourist:
                sefer, yolcu = 0, 0
            gelir = round(yolcu * fare * rng.uniform(0.97, 1.03), 2)
            running[line] += yolcu
            out.append(f"{day:%d.%m.%Y}  {line:<20}  {sefer:>5}  {tr_int(yolcu):>8}  {tr_money(gelir):>14}  "
                       f"{tr_int(running[line]):>10}")
    out += ["", "Rapor sonu. Sefer iptalleri için bkz. duyurular."]
    return "\n".join(out)


# -- a Budapest thermal bath's turnstile syslog (a week of February 2025, syslog dates without a year) -------------
BATH_TICKETS = {  # ticket type: (weekday price, weekend price or None when not sold at weekends, share)
    "napijegy": (11200, 12600, .46), "kabinos": (12800, 14200, .14), "diak": (9400, 10400, .12),
    "nyugdijas": (7600, None, .10), "gyerek": (5200, 5200, .08), "esti": (8900, None, .10),
}
HU_DAYS = ["hetfo", "kedd", "szerda", "csutortok", "pentek", "szombat", "vasarnap"]


def hu(x: float, decimals: int = 0) -> str:
    """Hungarian digits: a space for thousands, a decimal comma, ``3 345 600`` and ``2,8``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def syslog_stamp(t: pd.Timestamp) -> str:
    return f"{t:%b} {t.day:>2} {t:%H:%M:%S}"


@functools.lru_cache(maxsize=1)
def bath_log(seed: int = 1503) -> str:
    """Monday 3 to Sunday 9 February 2025: the cash system opens and closes each day (its lines carry the ISO date,
    and the closing line the day's entries, takings in forint and the week's entries so far), the turnstiles log
    each entry (ticket id, type, price) and exit; gate 4's card reader fails on Thursday morning; expired tickets are
    refused. Seniors' and evening tickets are sold on weekdays only."""
    rng = np.random.default_rng(seed)
    events: list[tuple[pd.Timestamp, int, str]] = []
    week_total = 0
    for d in range(7):
        day = pd.Timestamp("2025-02-03") + pd.Timedelta(days=d)
        weekend = d >= 5
        events.append((day + pd.Timedelta(hours=5, minutes=59, seconds=58), 0,
                       f"furdo-srv penztar[901]: NAPI NYITAS {day:%Y-%m-%d} {HU_DAYS[d]}"))
        n = int(rng.normal(560 if weekend else 300, 25))
        kinds = [k for k, v in BATH_TICKETS.items() if not (weekend and v[1] is None)]
        p = np.array([BATH_TICKETS[k][2] for k in kinds])
        takings = 0
        for i in range(n):
            kind = str(rng.choice(kinds, p=p / p.sum()))
            if kind == "esti":
                start = rng.uniform(19 * 60, 21 * 60)
            else:
                start = rng.uniform(6 * 60, 20 * 60) if rng.random() < 0.55 else rng.normal(14.5 * 60, 100)
                start = float(np.clip(start, 6 * 60, 20.5 * 60))
            t_in = day + pd.Timedelta(seconds=int(start * 60))
            stay = rng.gamma(4.0, 42.0) if kind != "esti" else rng.gamma(3.0, 25.0)
            t_out = min(t_in + pd.Timedelta(minutes=float(stay) + 8), day + pd.Timedelta(hours=21, minutes=58))
            price = BATH_TICKETS[kind][1 if weekend else 0]
            takings += price
            ticket = f"SZ-{day:%m%d}-{i + 1:04d}"
            gate_in, gate_out = int(rng.integers(1, 5)), int(rng.integers(5, 7))
            if d == 3 and gate_in == 4 and t_in.hour < 11:
                gate_in = int(rng.choice([1, 2, 3]))  # gate 4 is down on Thursday morning
            events.append((t_in, 1, f"furdo-kapu{gate_in:02d} turnstile[22{gate_in:02d}]: BELEPES jegy={ticket} "
                                    f"tipus={kind} ar={price} kapu={gate_in}"))
            events.append((t_out, 2, f"furdo-kapu{gate_out:02d} turnstile[22{gate_out:02d}]: KILEPES jegy={ticket} "
                                     f"kapu={gate_out}"))
        for _ in range(int(rng.integers(2, 6))):
            t = day + pd.Timedelta(minutes=float(rng.uniform(6 * 60, 19 * 60)))
            old = f"SZ-{day - pd.Timedelta(days=int(rng.integers(1, 4))):%m%d}-{int(rng.integers(1, 300)):04d}"
            g = int(rng.integers(1, 4))
            events.append((t, 1, f"furdo-kapu{g:02d} turnstile[22{g:02d}]: VISSZAUTASITVA jegy={old} ok=lejart_jegy kapu={g}"))
        if d == 3:
            for k in range(9):
                t = day + pd.Timedelta(seconds=60 * (7 * 60 + 12 + 17 * k) + int(rng.integers(0, 540)))
                code = "E17 kartyaolvaso nem valaszol" if k % 3 else "E22 forgokereszt elakadt"
                events.append((t, 1, f"furdo-kapu04 turnstile[2204]: HIBA {code} kapu=4"))
        if d == 5:
            t = day + pd.Timedelta(hours=16, minutes=41, seconds=7)
            events.append((t, 1, "furdo-kapu02 turnstile[2202]: HIBA E31 tulterheles, varakozo sor kapu=2"))
        week_total += n
        events.append((day + pd.Timedelta(hours=22, minutes=5), 3,
                       f"furdo-srv penztar[901]: NAPI ZARAS {day:%Y-%m-%d} belepes={n} bevetel={hu(takings)} Ft "
                       f"heti_osszesen={week_total}"))
    events.sort(key=lambda e: (e[0], e[1]))
    return "\n".join(f"{syslog_stamp(t)} {text}" for t, _, text in events)


# -- a Minas Gerais coffee farm's sales mailbox (an mbox of orders, amendments, cancellations, payments) ------------
BUYERS = {  # buyer: (address, language, UTC offset of its mail server)
    "Torrefação Lusitana": ("compras@torrefacaolusitana.pt", "pt", "+0000"),
    "Kaffeerösterei Elbufer": ("einkauf@elbufer-kaffee.de", "en", "+0100"),
    "Café Paulista Ltda.": ("suprimentos@cafepaulista.com.br", "pt", "-0300"),
    "Kissa Import K.K.": ("trade@kissa-import.jp", "en", "+0900"),
    "Bar do Grão": ("contato@bardograo.com.br", "pt", "-0300"),
}
VARIETIES = {"Bourbon Amarelo": 2180.0, "Catuaí Vermelho": 1840.0, "Catuaí Amarelo": 1910.0, "Mundo Novo": 1720.0,
             "Topázio": 1990.0}  # price in reais per 60 kg bag
FARM = "vendas@fazendasantaclara.com.br"


def brl(x: float) -> str:
    """Brazilian money: ``R$ 1.845,00``."""
    return "R$ " + f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


@functools.lru_cache(maxsize=1)
def coffee_mailbox(seed: int = 1504) -> str:
    """Fazenda Santa Clara's sales inbox, February to April 2025, as an mbox: orders (Portuguese buyers write
    ``120 sacas`` and ``R$ 1.845,00``, the others ``120 bags`` and ``BRL 1,845.00``; shipment dates ``04/03/2025`` in
    Portuguese, ISO in English), amendments of quantity, cancellations, payment notices, and a few quote requests.
    A bag (saca) holds 60 kg."""
    rng = np.random.default_rng(seed)
    names = list(BUYERS)
    t = pd.Timestamp("2025-02-03 08:30")
    mails: list[tuple[pd.Timestamp, str, str, str]] = []  # (utc time, buyer, subject, body)
    orders: dict[str, tuple[str, int, str, float]] = {}
    paid: set[str] = set()
    k = 0
    while t < pd.Timestamp("2025-04-25"):
        t += pd.Timedelta(hours=float(rng.uniform(20, 70)))
        buyer = names[int(rng.choice(5, p=[.24, .22, .26, .16, .12]))]
        lang = BUYERS[buyer][1]
        roll = rng.random()
        open_orders = [o for o, v in orders.items() if v[0] == buyer and o not in paid]
        if roll < 0.52 or not open_orders:
            k += 1
            oid = f"PED-2025-{k:03d}"
            variety = str(rng.choice(list(VARIETIES)))
            bags = int(rng.choice([20, 40, 60, 80, 100, 120, 150, 200, 250, 300]) if buyer != "Bar do Grão"
                       else rng.choice([5, 8, 10, 12, 15]))
            price = round(VARIETIES[variety] * float(rng.uniform(0.96, 1.06)), 0)
            ship = (t + pd.Timedelta(days=int(rng.integers(18, 45)))).normalize()
            orders[oid] = (buyer, bags, variety, price)
            if lang == "pt":
                subject = f"Pedido {oid} — {bags} sacas {variety}"
                body = (f"Bom dia,\n\nConfirmamos o pedido {oid}: {bags} sacas de 60 kg de {variety}, peneira 16 acima, "
                        f"a {brl(price)} por saca, FOB Santos.\nEmbarque previsto: {ship:%d/%m/%Y}.\n\nAtenciosamente,\n{buyer}")
            else:
                subject = f"Order {oid} — {bags} bags {variety}"
                body = (f"Dear Santa Clara team,\n\nWe confirm order {oid}: {bags} bags of 60 kg of {variety}, screen 16 up, "
                        f"at BRL {price:,.2f} per bag, FOB Santos.\nShipment (ETD): {ship:%Y-%m-%d}.\n\nKind regards,\n{buyer}")
        elif roll < 0.66:
            oid = str(rng.choice(open_orders))
            _, bags, variety, price = orders[oid]
            new = max(5, bags + int(rng.choice([-40, -20, 20, 30, 50])) if bags >= 40 else bags + 5)
            orders[oid] = (buyer, new, variety, price)
            if lang == "pt":
                subject = f"Re: Pedido {oid} — retificação"
                body = (f"Prezados,\n\nPrecisamos retificar o pedido {oid}: a quantidade passa de {bags} para {new} sacas. "
                        f"Preço e embarque se mantêm.\n\nObrigado,\n{buyer}")
            else:
                subject = f"Re: Order {oid} — amendment"
                body = (f"Hello,\n\nPlease amend order {oid}: the quantity changes from {bags} to {new} bags. Price and ETD "
                        f"unchanged.\n\nBest,\n{buyer}")
        elif roll < 0.74:
            oid = str(rng.choice(open_orders))
            _, bags, variety, _ = orders.pop(oid)
            if lang == "pt":
                subject = f"Cancelamento do pedido {oid}"
                body = (f"Prezados,\n\nInfelizmente precisamos cancelar o pedido {oid} ({bags} sacas de {variety}). "
                        f"Pedimos desculpas pelo transtorno.\n\n{buyer}")
            else:
                subject = f"Cancellation of order {oid}"
                body = f"Hello,\n\nWe have to cancel order {oid} ({bags} bags of {variety}). Sorry for the trouble.\n\n{buyer}"
        elif roll < 0.9:
            oid = str(rng.choice(open_orders))
            _, bags, _, price = orders[oid]
            paid.add(oid)
            if lang == "pt":
                subject = f"Comprovante de pagamento {oid}"
                body = (f"Bom dia,\n\nSegue o comprovante do pagamento de {brl(bags * price)} referente ao pedido {oid}."
                        f"\n\n{buyer}")
            else:
                subject = f"Payment advice {oid}"
                body = f"Hello,\n\nPlease find our payment of BRL {bags * price:,.2f} for order {oid}.\n\n{buyer}"
        else:
            variety = str(rng.choice(list(VARIETIES)))
            if lang == "pt":
                subject = f"Cotação {variety}"
                body = f"Olá,\n\nPoderiam nos enviar a cotação atual do {variety} para embarque em maio?\n\n{buyer}"
            else:
                subject = f"Quote request: {variety}"
                body = f"Hi,\n\nCould you send us your current price for {variety}, shipment in May?\n\n{buyer}"
        mails.append((t, buyer, subject, body))
    out = []
    for i, (when, buyer, subject, body) in enumerate(mails):
        address, _, offset = BUYERS[buyer]
        local = when + pd.Timedelta(hours=int(offset[:3]))
        out.append(f"From {address} {when:%a %b} {when.day:>2} {when:%H:%M:%S %Y}\nFrom: {buyer} <{address}>\nTo: {FARM}\n"
                   f"Date: {local:%a, %d %b %Y %H:%M:%S} {offset}\nSubject: {subject}\n"
                   f"Message-ID: <{when:%Y%m%d%H%M%S}.{i:03d}@{address.split('@')[1]}>\n\n{body}\n")
    return "\n".join(out)


# -- a Maharashtra dairy cooperative's milk collection (Hindi column names, rupees) -----------------------------------
FARMER_NAMES = ["रमेश पाटील", "सुनीता जाधव", "विजय शिंदे", "मीना पवार", "संतोष गायकवाड", "अनिता मोरे", "प्रकाश थोरात",
                "कविता देशमुख", "राजू कदम", "शोभा भोसले", "गणेश काळे", "लता वाघ", "अशोक डोंगरे", "पूजा बनकर",
                "दत्ता ढमाले", "सविता कोकणे", "महेश बांगर", "रेखा गुंजाळ", "नितीन हांडे", "उषा तांबे", "सुरेश वायकर",
                "मंगल शेटे", "बाळू भोर", "वैशाली डुंबरे", "किरण लोखंडे", "जयश्री वाळुंज", "अमोल घोलप", "सरिता खैरे"]
VILLAGES = ["मंचर", "नारायणगाव", "जुन्नर", "आळेफाटा", "ओतूर"]


def milk() -> pd.DataFrame:
    return _milk().copy()


@functools.lru_cache(maxsize=1)
def _milk(seed: int = 1505) -> pd.DataFrame:
    """April to June 2024 at a collection centre near Junnar: each farmer's morning (सुबह) and evening (शाम) delivery,
    cow (गाय) or buffalo (भैंस) milk, litres, fat and SNF (%), the rate in ₹ per litre (from fat and SNF) and the
    amount. Yields fall as the summer heat builds; the monsoon starts mid-June."""
    rng = np.random.default_rng(seed)
    animal = rng.choice(["गाय", "भैंस"], len(FARMER_NAMES), p=[.7, .3])
    village = rng.choice(VILLAGES, len(FARMER_NAMES), p=[.28, .24, .2, .16, .12])
    herd = np.where(animal == "गाय", rng.uniform(6, 16, len(FARMER_NAMES)), rng.uniform(3.5, 8, len(FARMER_NAMES)))
    rows = []
    for day in pd.date_range("2024-04-01", "2024-06-30"):
        heat = 1.0 - 0.22 * min(1.0, max(0.0, (day - pd.Timestamp("2024-04-10")).days / 60)) \
            + (0.06 if day >= pd.Timestamp("2024-06-15") else 0.0)
        for i, name in enumerate(FARMER_NAMES):
            for shift in ("सुबह", "शाम"):
                if rng.random() < 0.05:
                    continue
                cow = animal[i] == "गाय"
                litres = round(max(1.0, herd[i] * heat * (1.08 if shift == "सुबह" else 0.92) * rng.uniform(0.9, 1.1)), 1)
                fat = round(rng.normal(3.9 if cow else 6.8, 0.25) - (0.15 if shift == "सुबह" else 0), 1)
                snf = round(rng.normal(8.5 if cow else 9.1, 0.12), 1)
                rate = round((34 + 4.0 * (fat - 3.5) + 2.5 * (snf - 8.5)) if cow else (50 + 6.0 * (fat - 6.0) + 2.5 * (snf - 9.0)), 2)
                rows.append((day, shift, f"M-{i + 1:03d}", name, village[i], animal[i], litres, fat, snf, rate,
                             round(litres * rate, 2)))
    return pd.DataFrame(rows, columns=["तारीख", "पाली", "सदस्य_क्रमांक", "किसान", "गाँव", "पशु", "लीटर", "फैट", "एसएनएफ",
                                       "दर", "राशि"])


# -- a Cretan olive mill's harvest season (a dict of two tables, Greek names, day-first text dates) -----------------
GREEK_PRODUCERS = ["Γιώργος Μαρκάκης", "Μαρία Τζανακάκη", "Νίκος Βρεντζός", "Ελένη Σπανουδάκη", "Μανώλης Χαλκιαδάκης",
                   "Κατερίνα Ψαρουδάκη", "Στέλιος Κουκουράκης", "Αντώνης Μαυράκης", "Δέσποινα Λιονάκη", "Γιάννης Αρχοντάκης",
                   "Σοφία Παπαδάκη", "Μιχάλης Τσιριγωτάκης", "Ευαγγελία Καλαϊτζάκη", "Κώστας Σταυρουλάκης",
                   "Αργυρώ Μπαντουβά", "Παύλος Δασκαλάκης", "Χρυσούλα Περάκη", "Δημήτρης Φραγκιαδάκης", "Ειρήνη Βολονάκη",
                   "Βαγγέλης Σηφάκης", "Ρένα Καστρινάκη", "Θοδωρής Μπιρλιράκης"]
GREEK_VILLAGES = ["Βάμος", "Κεφαλάς", "Γαβαλοχώρι", "Ξηροστέρνι", "Καλύβες"]


def mill() -> dict[str, pd.DataFrame]:
    return {name: frame.copy() for name, frame in _mill().items()}


@functools.lru_cache(maxsize=1)
def _mill(seed: int = 1506) -> dict[str, pd.DataFrame]:
    """An olive mill in Apokoronas, Chania, season 2024/25 (4 November to 24 January): its producers (village,
    stremmata of grove, variety) and every delivery (olives in kg, the oil it gave in kg, acidity in %), the date
    written ``12/11/2024`` (day first). Deliveries peak in December; the oil yield rises as the olives ripen."""
    rng = np.random.default_rng(seed)
    n = len(GREEK_PRODUCERS)
    producers = pd.DataFrame({
        "κωδικός": [f"Π-{i + 1:02d}" for i in range(n)], "παραγωγός": GREEK_PRODUCERS,
        "χωριό": rng.choice(GREEK_VILLAGES, n, p=[.26, .22, .2, .18, .14]),
        "στρέμματα": rng.integers(4, 40, n),
        "ποικιλία": rng.choice(["Κορωνέικη", "Τσουνάτη"], n, p=[.7, .3])})
    rows = []
    start = pd.Timestamp("2024-11-04")
    for i in range(n):
        trips = 3 + int(producers.στρέμματα[i] // 5)
        days = np.sort(rng.normal(40, 17, trips).clip(0, 81).astype(int))
        for d in days:
            day = start + pd.Timedelta(days=int(d))
            ripeness = d / 81
            olives = int(round(producers.στρέμματα[i] * rng.uniform(25, 55), -1))
            yield_ = rng.normal(0.165 + 0.07 * ripeness + (0.012 if producers.ποικιλία[i] == "Τσουνάτη" else 0), 0.012)
            acid = round(max(0.15, rng.gamma(3.0, 0.1) + 0.5 * ripeness ** 3), 2)
            rows.append((day, f"Π-{i + 1:02d}", olives, round(olives * yield_, 1), acid))
    rows.sort()
    deliveries = pd.DataFrame([(k + 1, f"{d:%d/%m/%Y}", p, o, oil, a) for k, (d, p, o, oil, a) in enumerate(rows)],
                              columns=["αρ_παραλαβής", "ημερομηνία", "κωδικός", "ελιές_kg", "λάδι_kg", "οξύτητα"])
    return {"παραγωγοί": producers, "παραλαβές": deliveries}


# -- a Hội An motorbike rental: bookings as JSON lines and the rental terms in Vietnamese markdown ------------------
BIKES = {"Honda Wave Alpha": 100000, "Honda Vision": 120000, "VinFast Evo200": 130000, "Honda Air Blade": 150000,
         "Yamaha NVX": 180000}  # đồng per day
BIKES_WEEK = {"Honda Wave Alpha": 600000, "Honda Vision": 720000, "VinFast Evo200": 780000, "Honda Air Blade": 900000,
              "Yamaha NVX": 1100000}  # đồng for 7 days
NATIONALITIES = {"Việt Nam": .30, "Hàn Quốc": .18, "Úc": .14, "Pháp": .12, "Mỹ": .10, "Đức": .08, "Nhật Bản": .08}
VN_FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Võ", "Đặng", "Bùi"]
VN_GIVEN = ["Văn Minh", "Thị Lan", "Quốc Huy", "Thị Hoa", "Đức Anh", "Ngọc Mai", "Thanh Tùng", "Thu Trang", "Hải Nam", "Bảo Ngọc"]
FOREIGN = {"Hàn Quốc": ["Kim Min-jun", "Lee Seo-yeon", "Park Ji-hoon", "Choi Yu-na", "Jung Woo-sung", "Kang Ha-eun"],
           "Úc": ["Liam Walsh", "Chloe Murphy", "Jack Nguyen", "Mia Thompson", "Noah Kelly"],
           "Pháp": ["Camille Martin", "Lucas Bernard", "Léa Dubois", "Hugo Moreau", "Manon Laurent"],
           "Mỹ": ["Emma Johnson", "Ethan Brown", "Olivia Davis", "Mason Garcia"],
           "Đức": ["Lukas Schmidt", "Anna Fischer", "Felix Wagner", "Lena Becker"],
           "Nhật Bản": ["Sato Haruto", "Suzuki Yui", "Takahashi Ren", "Tanaka Aoi"]}


@functools.lru_cache(maxsize=1)
def rentals_jsonl(seed: int = 1507) -> str:
    """Hội An Moto's bookings of June to August 2024, one JSON object per line: pick-up and return written
    ``dd/mm/yyyy HH:MM`` (return null while the bike is out), price per day and rent in đồng, a late fee (first hour
    free, then 30.000 ₫ an hour, a whole extra day from 6 hours late), and a status (``da_tra`` returned, ``dang_thue``
    out, ``huy`` cancelled). Customers come back: the same name appears on several bookings."""
    rng = np.random.default_rng(seed)
    pool: list[tuple[str, str]] = []
    for nat in NATIONALITIES:
        if nat == "Việt Nam":
            pool += [(f"{f} {g}", nat) for f in VN_FAMILY for g in VN_GIVEN[:5]]
        else:
            pool += [(name, nat) for name in FOREIGN[nat]]
    weights = np.array([NATIONALITIES[nat] / sum(1 for _, x in pool if x == nat) for _, nat in pool])
    out = []
    t = pd.Timestamp("2024-06-01 07:30")
    k = 0
    while t < pd.Timestamp("2024-08-31 12:00"):
        t += pd.Timedelta(minutes=float(rng.gamma(2.0, 150 if t.month == 6 else 125 if t.month == 7 else 105)))
        if not 7 <= t.hour < 19:
            continue
        k += 1
        name, nat = pool[int(rng.choice(len(pool), p=weights / weights.sum()))]
        bike = str(rng.choice(list(BIKES), p=[.16, .3, .1, .28, .16]))
        days = int(rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 7]))
        pickup = t.floor("5min")
        due = pickup + pd.Timedelta(days=days)
        status = "huy" if rng.random() < 0.05 else "da_tra"
        late_h = max(0.0, rng.normal(-1.5, 2.2))
        back = (due + pd.Timedelta(hours=float(late_h))).floor("5min") if status == "da_tra" else None
        if back is not None and back > pd.Timestamp("2024-08-31 18:00"):
            status, back = "dang_thue", None
        over = (back - due).total_seconds() / 3600 if back is not None else 0.0
        fee = 0 if over <= 1 else BIKES[bike] if over > 6 else 30000 * int(np.ceil(over - 1))
        rent = 0 if status == "huy" else BIKES_WEEK[bike] if days == 7 else BIKES[bike] * days
        out.append(json.dumps({"ma": f"HA24-{k:04d}", "khach": name, "quoc_tich": nat, "xe": bike,
                               "nhan": f"{pickup:%d/%m/%Y %H:%M}", "so_ngay": days,
                               "tra": None if back is None else f"{back:%d/%m/%Y %H:%M}",
                               "gia_ngay": BIKES[bike], "tien_thue": rent, "phi_tre": fee, "trang_thai": status},
                              ensure_ascii=False))
    return "\n".join(out)


RENTAL_TERMS = """# Hội An Moto — Điều khoản thuê xe (mùa hè 2024)

Cửa hàng: 27 Trần Hưng Đạo, Hội An. Mở cửa 7:00–19:00 mỗi ngày. Hotline/Zalo: 0905 112 468.

## 1. Giấy tờ

- Khách Việt Nam: CCCD và giấy phép lái xe hạng A1 (xe dưới 175 cm³).
- Khách nước ngoài: hộ chiếu và giấy phép lái xe quốc tế (IDP) có hạng A; không có IDP thì chỉ được thuê xe điện VinFast Evo200.
- Người thuê phải đủ 18 tuổi.

## 2. Đặt cọc

Đặt cọc 2.000.000 ₫ tiền mặt cho mỗi xe, hoặc để lại hộ chiếu. Xe điện VinFast Evo200: đặt cọc 3.000.000 ₫ (đã gồm pin).
Tiền cọc được hoàn lại khi trả xe nguyên vẹn.

## 3. Giá thuê

| Xe | Giá 1 ngày | Giá 1 tuần (7 ngày) |
| --- | --- | --- |
| Honda Wave Alpha (xe số) | 100.000 ₫ | 600.000 ₫ |
| Honda Vision | 120.000 ₫ | 720.000 ₫ |
| VinFast Evo200 (xe điện) | 130.000 ₫ | 780.000 ₫ |
| Honda Air Blade | 150.000 ₫ | 900.000 ₫ |
| Yamaha NVX | 180.000 ₫ | 1.100.000 ₫ |

Một ngày thuê là 24 giờ kể từ giờ nhận xe. Giá đã gồm 2 mũ bảo hiểm và 1 áo mưa.

## 4. Trả xe trễ

Giờ đầu tiên được miễn phí. Sau đó tính 30.000 ₫ mỗi giờ (chưa đủ giờ tính tròn một giờ). Trễ quá 6 giờ tính thêm
một ngày thuê theo giá 1 ngày của xe.

## 5. Xăng và sạc

Xe giao với bình xăng đầy một nửa; trả lại với mức xăng như lúc nhận, nếu thiếu tính 30.000 ₫ mỗi vạch. Xe điện giao
với pin đầy; sạc miễn phí tại cửa hàng.

## 6. Hư hỏng và mất xe

- Thủng lốp, hỏng vặt do sử dụng bình thường: cửa hàng chịu.
- Trầy xước, vỡ nhựa do va chạm: khách trả theo giá sửa chữa của hãng.
- Mất xe: khách bồi thường theo giá trị xe còn lại, tối đa 25.000.000 ₫ (xe số) hoặc 40.000.000 ₫ (xe ga, xe điện).

## 7. Giao xe tận nơi

Giao và nhận xe miễn phí trong phố cổ và An Bàng; Cửa Đại và Cẩm Thanh thêm 50.000 ₫ mỗi lượt; Đà Nẵng thêm 200.000 ₫
mỗi lượt.
"""


# -- an amateur astronomers' club: variable-star estimates in the AAVSO visual format, one block per observer -------
JD_UNIX = 2440587.5  # the Julian Date of 1970-01-01 00:00 UT
STARS = {  # star: (comparison stars, chart)
    "R LEO": ("64", "72", "X28145BV"), "CHI CYG": ("52", "61", "X28211AB"), "SS CYG": ("114", "121", "X27863CK"),
    "DEL CEP": ("35", "41", "X28002AJ"), "ALF ORI": ("05", "12", "X27907BB"),
}
OBSERVERS = {"KSZA": .34, "MNOV": .24, "PBAL": .18, "TWIE": .14, "ALUC": .10}


def star_mag(star: str, jd: float, rng: np.random.Generator) -> float:
    """The star's visual magnitude on ``jd`` (a larger magnitude is a fainter star), with an observer's scatter."""
    if star == "R LEO":  # a Mira at its maximum on JD 2460392 (25 March 2024), fading after it
        mag = 7.9 - 2.1 * np.cos(2 * np.pi * (jd - 2460392) / 312)
    elif star == "CHI CYG":  # rising towards a maximum in July
        mag = 9.6 - 5.0 * np.cos(2 * np.pi * (jd - 2460505) / 409)
    elif star == "DEL CEP":  # a Cepheid: 3.48 to 4.37 every 5.366 days
        ph = ((jd - 2436075.445) / 5.366249) % 1  # phase 0 at maximum light: a slow fade, then a quick rise
        mag = 3.48 + 0.89 * (ph / 0.75 if ph < 0.75 else (1 - ph) / 0.25)
    elif star == "SS CYG":  # a dwarf nova: quiescent near 11.8, outbursts to 8.4 every 40–55 days
        mag = 11.9
        for start in (2460321, 2460368, 2460419, 2460462):
            if start <= jd < start + 11:
                x = jd - start  # a one-day rise, a week at the top, a three-day decline
                mag = 8.5 + 3.4 * (1 - x / 1.2 if x < 1.2 else (x - 8) / 3 if x > 8 else 0.0)
    else:  # Betelgeuse: 0.4 to 0.8, irregular
        mag = 0.6 + 0.15 * np.sin(2 * np.pi * (jd - 2460300) / 400)
    return float(mag + rng.normal(0, 0.12 if star != "ALF ORI" else 0.06))


@functools.lru_cache(maxsize=1)
def aavso_file(seed: int = 1508) -> str:
    """The club's January to June 2024 submissions (JD 2460310.5 is 1 January 2024, 0h UT), one block per observer
    with its own ``#OBSCODE`` header, in the AAVSO visual format: ``NAME,DATE,MAG,COMMENTCODE,COMP1,COMP2,CHART,NOTES``
    with the date as a Julian Date. A faint SS Cyg below the observer's limit is written ``<12.0`` (fainter than).
    Betelgeuse sets in the evening twilight after April, R Leo after June."""
    rng = np.random.default_rng(seed)
    blocks = []
    for obs, share in OBSERVERS.items():
        rows = []
        nights = np.sort(rng.choice(np.arange(2460311, 2460491), int(180 * share * 1.6), replace=False))
        for night in nights:
            jd0 = night + float(rng.uniform(0.29, 0.55))  # evening to past midnight, UT (a JD starts at noon)
            for star, (c1, c2, chart) in STARS.items():
                if (star == "ALF ORI" and night > 2460420) or (star == "R LEO" and night > 2460480):
                    continue
                if rng.random() < 0.35:
                    continue
                jd = round(jd0 + float(rng.uniform(0, 0.05)), 4)
                mag = star_mag(star, jd, rng)
                text = f"<{12.0 if obs != 'TWIE' else 12.4:.1f}" if star == "SS CYG" and mag > 11.7 + rng.normal(0, 0.2) \
                    else f"{mag:.1f}"
                code = "B" if rng.random() < 0.08 else "na"
                rows.append(f"{star},{jd:.4f},{text},{code},{c1},{c2},{chart},na")
        blocks.append("\n".join(["#TYPE=VISUAL", f"#OBSCODE={obs}", "#SOFTWARE=VSClub export 2.3", "#DELIM=,",
                                 "#DATE=JD", "#NAME,DATE,MAG,COMMENTCODE,COMP1,COMP2,CHART,NOTES"] + rows))
    return "\n\n".join(blocks) + "\n"


# -- number formats ------------------------------------------------------------------------------------------------
def vnd(x: float) -> str:
    """Vietnamese đồng: ``1.250.000 ₫``."""
    return f"{x:,.0f}".replace(",", ".") + " ₫"


def inr(x: float, decimals: int = 0) -> str:
    """Indian grouping: ``₹19,65,432`` (lakhs and crores)."""
    whole, _, frac = f"{abs(x):.{decimals}f}".partition(".")
    head, tail = whole[:-3], whole[-3:]
    groups = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    text = ",".join(groups + [tail]) if groups else tail
    return f"{'-' if x < 0 else ''}₹{text}" + (f".{frac}" if frac else "")


def tr_dec(x: float, decimals: int = 1) -> str:
    """A Turkish decimal comma: ``53,2``."""
    return f"{x:.{decimals}f}".replace(".", ",")


def el(x: float, decimals: int = 1) -> str:
    """Greek digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
HONEY_LOOK = repl("rows = zbiory.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:8]))\nprint('\\n'.join(rows[-6:]))\nprint(ceny)",
                  "A semicolon CSV with Polish decimals; the head, the tail and the price list first.")
HONEY_PARSE = (
    "import io\nimport pandas as pd\n"
    "raw = pd.read_csv(io.StringIO(zbiory), sep=';', decimal=',', comment='#', dtype={'uwagi': str})\n"
    "raw['data'] = pd.to_datetime(raw['data'], format='%d.%m.%Y')\n"
    "# the re-weighed rows at the end replace the first weighing of the same hive, day and honey\n"
    "zb = raw.drop_duplicates(['ul', 'data', 'rodzaj_miodu'], keep='last').sort_values(['data', 'ul']).reset_index(drop=True)\n"
    "zb['wartosc_zl'] = zb.waga_netto_kg * zb.rodzaj_miodu.map(ceny)\n"
    "print(len(raw), len(zb))\nprint(zb.head())")
PARSE_HONEY = repl(HONEY_PARSE, "Reading it with sep=';' and decimal=','; the korekta rows at the end replace earlier weighings.")

FERRY_LOOK = repl("lines = rapor.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:12]))\nprint('\\n'.join(lines[-3:]))",
                  "A fixed-width report in Turkish; the header and the first rows.")
FERRY_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\d{2}\\.\\d{2}\\.\\d{4})  (.+?) +(\\d+) +([\\d.]+) +([\\d.]+,\\d{2}) +([\\d.]+)$')\n"
    "rows = [rx.match(l).groups() for l in lines if rx.match(l)]\n"
    "fr = pd.DataFrame(rows, columns=['tarih', 'hat', 'sefer', 'yolcu', 'gelir', 'kumulatif'])\n"
    "fr['tarih'] = pd.to_datetime(fr.tarih, format='%d.%m.%Y')\n"
    "for c in ['sefer', 'yolcu', 'kumulatif']:\n    fr[c] = fr[c].str.replace('.', '', regex=False).astype(int)\n"
    "fr['gelir'] = fr.gelir.str.replace('.', '', regex=False).str.replace(',', '.').astype(float)\n"
    "print(fr.shape)\nprint(fr.head(6))")
PARSE_FERRY = repl(FERRY_PARSE, "Turkish numbers: '.' groups thousands and ',' is the decimal mark; dates are dd.mm.yyyy.")

BATH_LOOK = repl("lines = naplo.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:6]))\n"
                 "print([l for l in lines if 'penztar' in l][:3])", "A syslog from the bath's turnstiles; a first look.")
BATH_PARSE = (
    "import re\nimport pandas as pd\n"
    "# syslog dates carry no year: the cash system's NAPI NYITAS lines give it (2025)\n"
    "when = lambda ls: pd.to_datetime(['2025 ' + l[:15] for l in ls], format='%Y %b %d %H:%M:%S')\n"
    "be_l, ki_l = [l for l in lines if 'BELEPES' in l], [l for l in lines if 'KILEPES' in l]\n"
    "ent = pd.DataFrame([re.search(r'jegy=(\\S+) tipus=(\\S+) ar=(\\d+) kapu=(\\d)', l).groups() for l in be_l],\n"
    "                   columns=['jegy', 'tipus', 'ar', 'kapu'])\n"
    "ent['ar'], ent['be'] = ent.ar.astype(int), when(be_l)\n"
    "ki = pd.DataFrame({'jegy': [re.search(r'jegy=(\\S+)', l).group(1) for l in ki_l], 'ki': when(ki_l)})\n"
    "visits = ent.merge(ki, on='jegy', how='left')\n"
    "visits['perc'] = (visits.ki - visits.be).dt.total_seconds() / 60\n"
    "visits['nap'] = visits.be.dt.normalize()\n"
    "print(len(ent), len(ki))\nprint(visits.head())")
PARSE_BATH = repl(BATH_PARSE, "Entries (BELEPES) and exits (KILEPES) joined on the ticket id; the year comes from the cash lines.")

MAIL_LOOK = repl("print(len(caixa))\nprint(caixa[:1500])\nprint(caixa.count('\\nFrom: '))", "An mbox; the first messages.")
MAIL_PARSE = (
    "import email\nimport re\nfrom email.utils import parsedate_to_datetime\nimport pandas as pd\n"
    "raw_msgs = re.split(r'\\n(?=From \\S+@\\S+ \\w{3} \\w{3} )', caixa.strip())\n"
    "msgs = []\n"
    "for r in raw_msgs:\n"
    "    m = email.message_from_string(r.split('\\n', 1)[1])\n"
    "    msgs.append({'de': m['From'], 'quando': parsedate_to_datetime(m['Date']), 'assunto': m['Subject'],\n"
    "                 'id': m['Message-ID'], 'corpo': m.get_payload()})\n"
    "msgs = pd.DataFrame(msgs)\n"
    "msgs['utc'] = pd.to_datetime(list(msgs.quando), utc=True)\n"
    "print(len(msgs))\nprint(msgs[['de', 'quando', 'assunto']].head(8).to_string())")
PARSE_MAIL = repl(MAIL_PARSE, "Splitting the mbox on its 'From ' lines and reading each message's headers.")
ORDERS = (
    "pt = re.compile(r'pedido (PED-\\d{4}-\\d{3}): (\\d+) sacas de 60 kg de (.+?), .*? a R\\$ ([\\d.]+,\\d{2}) por saca', re.S)\n"
    "en = re.compile(r'order (PED-\\d{4}-\\d{3}): (\\d+) bags of 60 kg of (.+?), .*? at BRL ([\\d,]+\\.\\d{2}) per bag', re.S)\n"
    "ped = []\n"
    "for _, m in msgs.iterrows():\n"
    "    hit = pt.search(m.corpo) or en.search(m.corpo)\n"
    "    if hit and m.assunto.startswith(('Pedido', 'Order')):\n"
    "        oid, bags, variety, price = hit.groups()\n"
    "        price = float(price.replace('.', '').replace(',', '.')) if ',' in price[-3:] else float(price.replace(',', ''))\n"
    "        ped.append({'pedido': oid, 'cliente': m.de.split(' <')[0], 'sacas': int(bags), 'variedade': variety,\n"
    "                    'preco': price, 'recebido': m.utc})\n"
    "ped = pd.DataFrame(ped).set_index('pedido')\n"
    "ped['sacas_orig'] = ped.sacas\n"
    "for _, m in msgs.iterrows():  # amendments change the quantity; cancellations drop the order\n"
    "    a = re.search(r'(PED-\\d{4}-\\d{3}).*?(?:passa de|changes from) (\\d+) (?:para|to) (\\d+)', m.corpo, re.S)\n"
    "    if a:\n"
    "        ped.loc[a.group(1), 'sacas'] = int(a.group(3))\n"
    "ped['cancelado'] = [any(oid in s for s in msgs.assunto if s.startswith(('Cancelamento', 'Cancellation'))) for oid in ped.index]\n"
    "ped['valor'] = ped.sacas * ped.preco\n"
    "print(ped.drop(columns='recebido').to_string())")

MILK_LOOK = repl("print(doodh.shape)\nprint(doodh.columns.tolist())\nprint(doodh.head())\nprint(doodh['तारीख'].min(), doodh['तारीख'].max())",
                 "The column names are in Hindi; let me see them and a few rows.")
MILK_PARSE = ("doodh['महीना'] = doodh['तारीख'].dt.to_period('M')\n"
              "print(doodh.groupby(['महीना', 'पशु'])[['लीटर', 'राशि']].sum().round(1))")
PARSE_MILK = repl(MILK_PARSE, "Columns: date, shift, member no., farmer, village, animal (cow/buffalo), litres, fat, SNF, rate, amount.")

MILL_LOOK = repl("for name, t in mill.items():\n    print(name, t.shape)\n    print(t.head().to_string())",
                 "Two tables with Greek names; a look at both.")
MILL_PARSE = (
    "import pandas as pd\n"
    "par = mill['παραλαβές'].merge(mill['παραγωγοί'], on='κωδικός')\n"
    "par['ημ'] = pd.to_datetime(par['ημερομηνία'], format='%d/%m/%Y')  # day first: 12/11/2024 is 12 November\n"
    "par['απόδοση'] = par['λάδι_kg'] / par['ελιές_kg'] * 100\n"
    "print(par.shape)\nprint(par.head().to_string())")
PARSE_MILL = repl(MILL_PARSE, "Joining the deliveries to their producers; dates are day first, yield = oil / olives.")

MOTO_LOOK = repl("rows = thue_xe.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:3]))\nprint(len(dieu_khoan))\nprint(dieu_khoan[:300])",
                 "JSON lines of bookings and the rental terms in Vietnamese; a first look at both.")
MOTO_PARSE = (
    "import json\nimport pandas as pd\n"
    "tx = pd.DataFrame([json.loads(r) for r in rows])\n"
    "for c in ['nhan', 'tra']:\n    tx[c] = pd.to_datetime(tx[c], format='%d/%m/%Y %H:%M')  # day first\n"
    "tx['doanh_thu'] = tx.tien_thue + tx.phi_tre\n"
    "print(tx.shape)\nprint(tx.trang_thai.value_counts())\nprint(tx.head(3).to_string())")
PARSE_MOTO = repl(MOTO_PARSE, "One JSON object per line; pick-up and return are dd/mm/yyyy HH:MM.")

STAR_LOOK = repl("print(len(aavso))\nprint(aavso[:700])\nprint(aavso.count('#OBSCODE='))",
                 "An AAVSO visual-format file; the header and the first estimates.")
STAR_PARSE = (
    "import pandas as pd\n"
    "rec, code = [], None\n"
    "for l in aavso.splitlines():\n"
    "    if l.startswith('#OBSCODE='):\n        code = l.split('=')[1]\n"
    "    elif l and not l.startswith('#'):\n"
    "        name, jd, mag, cc, c1, c2, chart, notes = l.split(',')\n"
    "        rec.append({'star': name, 'jd': float(jd), 'obs': code, 'mag_txt': mag,\n"
    "                    'fainter': mag.startswith('<'), 'mag': float(mag.lstrip('<'))})\n"
    "vs = pd.DataFrame(rec).sort_values('jd').reset_index(drop=True)\n"
    "vs['utc'] = pd.to_datetime(vs.jd - 2440587.5, unit='D').dt.round('s')  # JD 2440587.5 is 1970-01-01 0h UT\n"
    "print(vs.shape)\nprint(vs.star.value_counts())\nprint(vs.head())")
PARSE_STAR = repl(STAR_PARSE, "One block per observer (#OBSCODE); the date is a Julian Date and '<12.0' means fainter than 12.0.")


def with_honey(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A honey case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"zbiory": honey_register(), "ceny": dict(HONEY_PRICES)}
    return ctx, compute({"zbiory": honey_register(), "ceny": dict(HONEY_PRICES)}, HONEY_PARSE + "\n" + code)


def with_ferry(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"rapor": ferry_report()}
    return ctx, compute(ctx, "lines = rapor.splitlines()\n" + FERRY_PARSE + "\n" + code)


def with_bath(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"naplo": bath_log()}
    return ctx, compute(ctx, "lines = naplo.splitlines()\n" + BATH_PARSE + "\n" + code)


def with_mail(code: str, orders: bool = True) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"caixa": coffee_mailbox()}
    return ctx, compute(ctx, MAIL_PARSE + "\n" + (ORDERS + "\n" if orders else "") + code)


def with_milk(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"doodh": milk()}
    return ctx, compute({"doodh": milk()}, MILK_PARSE + "\n" + code)


def with_mill(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"mill": mill()}
    return ctx, compute({"mill": mill()}, MILL_PARSE + "\n" + code)


def with_moto(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"thue_xe": rentals_jsonl(), "dieu_khoan": RENTAL_TERMS}
    return ctx, compute(ctx, "rows = thue_xe.splitlines()\n" + MOTO_PARSE + "\n" + code)


def with_star(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"aavso": aavso_file()}
    return ctx, compute(ctx, STAR_PARSE + "\n" + code)


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
CANCEL_PROMPT = "List the cancelled orders in these emails: order number, buyer, bags and variety, and when it was cancelled.\n\n"
ERRORS_PROMPT = "Summarise the turnstile errors in these log lines: which gate, when, which error codes and how often.\n\n"
ORDERS_PROMPT = "Count the order confirmations in these emails and add up their bags.\n\n"
REFUSED_PROMPT = "Count the refused entries (VISSZAUTASITVA) in this log and say why they were refused.\n\n"


def sub_model() -> RuleBasedSubModel:
    def cancellations(_: re.Match[str], request: ChatRequest) -> str:
        found = []
        for block in re.split(r"\n(?=From \S+@\S+ )", request.last_user):
            subject = re.search(r"^Subject: (?:Cancelamento do pedido|Cancellation of order) (PED-\d{4}-\d{3})", block, re.M)
            if subject:
                who = re.search(r"^From: (.+?) <", block, re.M)
                day = re.search(r"^Date: \w{3}, (\d{2} \w{3} \d{4})", block, re.M)
                what = re.search(r"\((\d+) (?:sacas|bags) (?:de|of) ([^)]+)\)", block)
                assert who and day and what
                found.append(f"{subject.group(1)}: {who.group(1)}, {what.group(1)} bags of {what.group(2)}, cancelled on "
                             f"{day.group(1)}")
        return (f"{len(found)} cancelled orders:\n" + "\n".join(f"- {f}" for f in found)) if found else "No cancelled orders."

    def errors(_: re.Match[str], request: ChatRequest) -> str:
        hits = [re.match(r"(\w{3} +\d+) (\d{2}:\d{2}):\d{2} \S+ \S+ HIBA (E\d+) (.+?) kapu=(\d)", line)
                for line in request.last_user.splitlines() if " HIBA " in line]
        groups: dict[tuple[str, str], list[re.Match[str]]] = {}
        for h in hits:
            if h:
                groups.setdefault((h.group(5), " ".join(h.group(1).split())), []).append(h)
        parts = []
        for (gate, day), hs in groups.items():
            codes = Counter((h.group(3), h.group(4)) for h in hs)
            when = hs[0].group(2) if len(hs) == 1 else f"{hs[0].group(2)}–{hs[-1].group(2)}"
            parts.append(f"Gate {gate}, {day}, {when}: " + ", ".join(f"{k} × {c} ({m})" for (c, m), k in codes.most_common()))
        return f"{sum(len(h) for h in groups.values())} errors in all. " + ". ".join(parts) + "."

    def orders(_: re.Match[str], request: ChatRequest) -> str:
        bags = [int(b) for b in re.findall(r"^Subject: (?:Pedido|Order) PED-\d{4}-\d{3} — (\d+) (?:sacas|bags)",
                                           request.last_user, re.M)]
        return f"{len(bags)} order confirmations, {sum(bags)} bags in total."

    def refused(_: re.Match[str], request: ChatRequest) -> str:
        reasons = Counter(re.findall(r"VISSZAUTASITVA jegy=\S+ ok=(\S+)", request.last_user))
        return (f"{sum(reasons.values())} refused entries: "
                + ", ".join(f"{k} for {why.replace('_', ' ')}" for why, k in reasons.most_common()) + ".")

    return RuleBasedSubModel([(r"\AList the cancelled orders", cancellations), (r"\ASummarise the turnstile errors", errors),
                              (r"\ACount the order confirmations", orders), (r"\ACount the refused entries", refused)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("n15_cow_fat_describe", "describe() statistic", "legit", "गाय के दूध में फैट आम तौर पर कितना रहता है?")
def _cow_fat() -> Script:
    code = "gaay = doodh[doodh['पशु'] == 'गाय']\nprint(gaay['फैट'].describe().round(2))"
    ctx, ns = with_milk(code)
    d = ns["gaay"]["फैट"].describe().round(2)
    final = (f"FINAL(गाय के दूध में फैट आम तौर पर लगभग {d['50%']:.1f}% रहता है। {d['count']:,.0f} प्रविष्टियों में औसत {d['mean']:.2f}% और "
             f"मध्यिका {d['50%']:.1f}% है; आधी प्रविष्टियाँ {d['25%']:.1f}% से {d['75%']:.1f}% के बीच हैं, और पूरी रेंज "
             f"{d['min']:.1f}% से {d['max']:.1f}% तक है।)")
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final],
                  [repl("print(gaay['फैट'].median(), round(gaay['फैट'].mean(), 2), gaay['फैट'].quantile([.25, .75]).tolist())"), final])


@case("n15_bath_stay_describe", "describe() statistic", "legit", "How long do guests usually stay in the bath?")
def _stay_describe() -> Script:
    code = "print(visits.perc.describe().round(1))"
    ctx, ns = with_bath(code)
    d = ns["visits"].perc.describe().round(1)
    med = d["50%"]
    final = (f"FINAL(Typically about {med / 60:.1f} hours. Over the week's {d['count']:,.0f} visits the median stay is {med:.0f} "
             f"minutes ({int(med // 60)} h {round(med % 60)} min) and the mean {d['mean']:.0f} minutes; the middle half of the "
             f"guests stay between {d['25%']:.0f} and {d['75%']:.0f} minutes. The shortest visit was {d['min']:.0f} minutes, the "
             f"longest almost {d['max'] / 60:.0f} hours.)")
    assert round(med % 60) < 60 and abs(d["max"] / 60 - round(d["max"] / 60)) < 0.5
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final],
                  [repl("print(round(visits.perc.median()), round(visits.perc.median() / 60, 1), round(visits.perc.mean()))"), final])


@case("n15_delcep_describe", "describe() statistic", "legit", "What do our estimates of Delta Cephei look like?")
def _delcep() -> Script:
    code = "print(vs[vs.star == 'DEL CEP'].mag.describe().round(2))"
    ctx, ns = with_star(code)
    v = ns["vs"]
    d = v[v.star == "DEL CEP"].mag.describe().round(2)
    final = (f"FINAL(We have {d['count']:.0f} estimates of δ Cep. They average magnitude {d['mean']:.2f} (median {d['50%']:.1f}); "
             f"the middle half lies between {d['25%']:.2f} and {d['75%']:.2f}, and the extremes are {d['min']:.1f} and "
             f"{d['max']:.1f}. That spread, about {d['max'] - d['min']:.1f} mag, is the Cepheid's catalogue range of "
             "3.5 to 4.4 plus one or two tenths of visual scatter.)")
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), final],
                  [repl("d = vs[vs.star == 'DEL CEP'].mag\nprint(len(d), round(d.mean(), 2), d.min(), d.max())"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("n15_apiary_bullets_pl", "bullet list of figures", "legit", "Ile miodu zebrała każda pasieka w 2024 roku?")
def _apiary_bullets() -> Script:
    code = "per = zb.groupby('pasieka').waga_netto_kg.sum().round(1).sort_values(ascending=False)\nprint(per)\nprint(round(per.sum(), 1))"
    ctx, ns = with_honey(code)
    p = ns["per"]
    final = ("FINAL(Zbiory 2024 według pasiek (waga netto, po korektach z ponownego ważenia):\n"
             + "\n".join(f"- {a}: {pl(kg)} kg" for a, kg in p.items())
             + f"\n\nRazem {pl(p.sum())} kg. Najwięcej dało Podlasie, najmniej Bieszczady.)")
    assert p.index[0] == "Podlasie" and p.index[-1] == "Bieszczady"
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final],
                  [repl("print({k: f'{v:.1f}'.replace('.', ',') for k, v in per.items()})"), final])


@case("n15_ferry_april_bullets", "bullet list of figures", "legit", "How many passengers did each line carry in April?")
def _april_bullets() -> Script:
    code = "nisan = fr[fr.tarih.dt.month == 4].groupby('hat').yolcu.sum().sort_values(ascending=False)\nprint(nisan)\nprint(nisan.sum())"
    ctx, ns = with_ferry(code)
    n = ns["nisan"]
    final = ("FINAL(April 2024 (Nisan), passengers per line:\n\n"
             + "\n".join(f"* **{line}**: {k:,}" for line, k in n.items())
             + f"\n\nThat is {n.sum():,} passengers in all over the month.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print({k: f'{v:,}' for k, v in nisan.items()})"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
VILLAGES_TABLE = ("xoria = par.groupby('χωριό').agg(παραγωγοί=('κωδικός', 'nunique'), ελιές=('ελιές_kg', 'sum'), λάδι=('λάδι_kg', 'sum'))\n"
                  "xoria['απόδοση_%'] = (xoria['λάδι'] / xoria['ελιές'] * 100).round(1)\n"
                  "xoria = xoria.sort_values('λάδι', ascending=False)\nprint(xoria)")


@case("n15_mill_village_table", "markdown table in text", "legit", "Φτιάξε μου έναν πίνακα ανά χωριό: παραγωγοί, ελιές, λάδι και απόδοση.")
def _village_table() -> Script:
    ctx, ns = with_mill(VILLAGES_TABLE)
    x = ns["xoria"]
    rows = "\n".join(f"| {v} | {int(r['παραγωγοί'])} | {el(r['ελιές'], 0)} | {el(r['λάδι'])} | {el(r['απόδοση_%'])} % |" for v, r in x.iterrows())
    final = ("FINAL(Σεζόν 2024/25, ανά χωριό (ταξινόμηση κατά λάδι):\n\n"
             "| Χωριό | Παραγωγοί | Ελιές (kg) | Λάδι (kg) | Απόδοση |\n| --- | ---: | ---: | ---: | ---: |\n" + rows + "\n\n"
             "Ο Βάμος φέρνει σχεδόν το μισό λάδι του ελαιοτριβείου.)")
    assert x.index[0] == "Βάμος" and 0.4 < x["λάδι"].iloc[0] / x["λάδι"].sum() < 0.5
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(VILLAGES_TABLE), final], [repl("print(xoria.to_string())"), final])


@case("n15_moto_model_table", "markdown table in text", "legit", "Cho tôi bảng số lượt thuê và doanh thu theo từng loại xe.")
def _model_table() -> Script:
    code = ("theo_xe = tx[tx.trang_thai != 'huy'].groupby('xe').agg(luot=('ma', 'size'), doanh_thu=('doanh_thu', 'sum'))\n"
            "theo_xe = theo_xe.sort_values('doanh_thu', ascending=False)\nprint(theo_xe)\nprint(theo_xe.sum())")
    ctx, ns = with_moto(code)
    t = ns["theo_xe"]
    rows = "\n".join(f"| {x} | {r.luot} | {vnd(r.doanh_thu)} |" for x, r in t.iterrows())
    final = ("FINAL(Mùa hè 2024 (tháng 6–8), không tính các đơn đã hủy:\n\n| Xe | Lượt thuê | Doanh thu |\n|---|---:|---:|\n"
             + rows + f"\n| **Tổng** | **{t.luot.sum()}** | **{vnd(t.doanh_thu.sum())}** |\n\nDoanh thu gồm tiền thuê và phí trả xe trễ.)")
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), final], [repl("print(theo_xe.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("n15_buckwheat_kg", "value with a unit", "legit", "How much buckwheat honey did the cooperative take in?")
def _buckwheat() -> Script:
    code = ("g = zb[zb.rodzaj_miodu == 'gryczany']\nprint(len(g), round(g.waga_netto_kg.sum(), 1))\n"
            "print(g.groupby('pasieka').waga_netto_kg.sum().round(1))")
    ctx, ns = with_honey(code)
    g = ns["g"]
    per = g.groupby("pasieka").waga_netto_kg.sum().round(1)
    final = (f"FINAL({g.waga_netto_kg.sum():.1f} kg of buckwheat honey (miód gryczany), from {len(g)} harvests: "
             f"{per['Podlasie']:.1f} kg from Podlasie and {per['Roztocze']:.1f} kg from Roztocze, the only two apiaries that "
             "produce it.)")
    assert set(per.index) == {"Podlasie", "Roztocze"}
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final], [repl("print(f'{g.waga_netto_kg.sum():.1f} kg')"), final])


@case("n15_buffalo_may_litres", "value with a unit", "legit", "How much buffalo milk came in during May 2024?")
def _buffalo_may() -> Script:
    code = "mai = doodh[(doodh['महीना'] == '2024-05') & (doodh['पशु'] == 'भैंस')]\nprint(len(mai), round(mai['लीटर'].sum(), 1))"
    ctx, ns = with_milk(code)
    m = ns["mai"]
    litres = round(m["लीटर"].sum(), 1)
    final = f"FINAL({litres:,.1f} L of buffalo milk in May 2024 (about {litres / 1000:.1f} kilolitres), over {len(m)} deliveries.)"
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(f\"{mai['लीटर'].sum():,.1f} L\")"), final])


@case("n15_mill_oil_tonnes", "value with a unit", "legit", "Πόσο λάδι βγήκε συνολικά φέτος;")
def _oil_tonnes() -> Script:
    code = "print(round(par['λάδι_kg'].sum(), 1), par['ελιές_kg'].sum(), len(par))"
    ctx, ns = with_mill(code)
    p = ns["par"]
    oil, olives = round(p["λάδι_kg"].sum(), 1), p["ελιές_kg"].sum()
    final = (f"FINAL(Περίπου {el(oil / 1000)} τόνοι ελαιόλαδο ({el(oil)} kg) από {el(olives / 1000)} τόνους ελιές, σε {len(p)} "
             f"παραλαβές, δηλαδή μέση απόδοση {el(oil / olives * 100)} %.)")
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(round(par['λάδι_kg'].sum() / 1000, 1), 't')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("n15_rleo_range", "range from min to max", "legit", "How bright and how faint did R Leo get in our estimates?")
def _rleo_range() -> Script:
    code = ("r = vs[vs.star == 'R LEO']\nprint(r.mag.min(), r.mag.max())\n"
            "print(r[r.mag == r.mag.min()][['utc', 'obs']])\nprint(r[r.mag == r.mag.max()][['utc', 'obs']])")
    ctx, ns = with_star(code)
    r = ns["r"]
    lo, hi = r[r.mag == r.mag.min()], r[r.mag == r.mag.max()]
    assert hi.utc.dt.month.eq(6).all() and lo.utc.dt.month.eq(3).all()
    times = {1: "once", 2: "twice", 3: "three times", 4: "four times"}
    final = (f"FINAL(From magnitude {r.mag.min()} at its brightest to {r.mag.max()} at its faintest, a swing of "
             f"{r.mag.max() - r.mag.min():.1f} magnitudes (a smaller number is a brighter star). It was estimated at "
             f"{r.mag.min()} {times[len(lo)]}, in March around maximum light, and at {r.mag.max()} {times[len(hi)]} in June, "
             "as it sank into the evening twilight.)")
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), final], [repl("print(r.mag.min(), r.mag.max(), round(r.mag.max() - r.mag.min(), 1))"), final])


@case("n15_acidity_range", "range from min to max", "legit", "What range of acidity did the oil have this season?")
def _acidity_range() -> Script:
    code = ("print(par['οξύτητα'].min(), par['οξύτητα'].max())\n"
            "print(par.loc[par['οξύτητα'].idxmax(), ['αρ_παραλαβής', 'ημερομηνία', 'παραγωγός', 'οξύτητα']])")
    ctx, ns = with_mill(code)
    p = ns["par"]
    top = p.loc[p["οξύτητα"].idxmax()]
    final = (f"FINAL(Between {p['οξύτητα'].min():.2f}% and {p['οξύτητα'].max():.2f}% free acidity (as oleic acid). The worst "
             f"batch was delivery no. {top['αρ_παραλαβής']} by {top['παραγωγός']} on {top['ημερομηνία']}, well above the 0.8% "
             "limit for extra virgin.)")
    assert (p["οξύτητα"] == p["οξύτητα"].max()).sum() == 1
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(par['οξύτητα'].agg(['min', 'max']))"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("n15_cow_vs_buffalo", "two groups compared", "legit", "Compare cow and buffalo milk at this centre.")
def _cow_buffalo() -> Script:
    code = "print(doodh.groupby('पशु')[['लीटर', 'फैट', 'एसएनएफ', 'दर']].mean().round(2))"
    ctx, ns = with_milk(code)
    g = ns["doodh"].groupby("पशु")[["लीटर", "फैट", "एसएनएफ", "दर"]].mean().round(2)
    c, b = g.loc["गाय"], g.loc["भैंस"]
    final = (f"FINAL(Buffalo milk is richer and pays better; cows give more of it.\n\n"
             f"- Per delivery: cows {c['लीटर']:.2f} L, buffaloes {b['लीटर']:.2f} L.\n"
             f"- Fat: {c['फैट']:.2f}% (cow) vs {b['फैट']:.2f}% (buffalo); SNF {c['एसएनएफ']:.2f}% vs {b['एसएनएफ']:.2f}%.\n"
             f"- Rate: ₹{c['दर']:.2f} per litre for cow milk against ₹{b['दर']:.2f} for buffalo milk, about "
             f"₹{b['दर'] - c['दर']:.0f} more per litre.)")
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(doodh.groupby('पशु')['दर'].mean().diff().round(2))"), final])


@case("n15_adalar_weekends", "two groups compared", "legit", "How much busier is the Adalar line at weekends?")
def _adalar_weekends() -> Script:
    code = ("ada = fr[(fr.hat == 'Adalar') & (fr.sefer > 0) & ~fr.tarih.between('2024-04-10', '2024-04-12')].copy()\n"
            "ada['hafta_sonu'] = ada.tarih.dt.day_of_week >= 5\n"
            "print(ada.groupby('hafta_sonu').yolcu.agg(['mean', 'median', 'size']).round(0))")
    ctx, ns = with_ferry(code)
    a = ns["ada"].groupby("hafta_sonu").yolcu.mean().round(0)
    ratio = a[True] / a[False]
    final = (f"FINAL(Roughly {ratio:.1f} times as busy: {a[True]:,.0f} passengers a day on average on Saturdays and Sundays "
             f"against {a[False]:,.0f} on weekdays (March–April, leaving out the Bayram days and the day with no "
             "sailings).)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("m = ada.groupby('hafta_sonu').yolcu.mean()\nprint(round(m[True] / m[False], 1))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("n15_wet_batches", "X out of Y", "legit", "How many honey batches were too wet?")
def _wet_batches() -> Script:
    code = ("limit = zb.rodzaj_miodu.map(lambda k: 23.0 if k == 'wrzosowy' else 20.0)\nwet = zb[zb.woda_proc > limit]\n"
            "print(len(wet), len(zb))\nprint(wet[['pasieka', 'ul', 'data', 'rodzaj_miodu', 'woda_proc']])")
    ctx, ns = with_honey(code)
    wet, zb = ns["wet"], ns["zb"]
    final = (f"FINAL({len(wet)} out of {len(zb)} batches went over the water limit (20%; 23% for heather honey): all between "
             f"{wet.woda_proc.min():.1f} and {wet.woda_proc.max():.1f}% water, so only just. None of the heather batches, "
             "despite their higher water content, broke their 23% limit.)")
    assert not (wet.rodzaj_miodu == "wrzosowy").any()
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final], [repl("print(f'{len(wet)} z {len(zb)}')"), final])


@case("n15_late_returns_vi", "X out of Y", "legit", "Bao nhiêu lượt trả xe bị tính phí trễ?")
def _late_returns() -> Script:
    code = "tra = tx[tx.trang_thai == 'da_tra']\nprint((tra.phi_tre > 0).sum(), len(tra), tra.phi_tre.sum())"
    ctx, ns = with_moto(code)
    t = ns["tra"]
    k = int((t.phi_tre > 0).sum())
    final = (f"FINAL({k} trên {len(t)} lượt trả xe (khoảng {k / len(t):.0%}) bị tính phí trễ, tổng cộng {vnd(t.phi_tre.sum())}.)")
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), final], [repl("print(f'{(tra.phi_tre > 0).mean():.0%}')"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("n15_bosphorus_march_april", "period-over-period change", "legit", "How did the Bosphorus tour do in April compared with March?")
def _bosphorus() -> Script:
    code = ("bt = fr[fr.hat == 'Boğaz Turu'].groupby(fr.tarih.dt.month)[['sefer', 'yolcu', 'gelir']].sum()\nprint(bt)\n"
            "print((bt.loc[4] / bt.loc[3] - 1).round(3))\nprint(fr[(fr.hat == 'Boğaz Turu') & (fr.sefer == 0)].tarih.tolist())")
    ctx, ns = with_ferry(code)
    b = ns["bt"]
    ch = (b.loc[4] / b.loc[3] - 1).round(3)
    assert ch["yolcu"] > 0 and ch["sefer"] < 0
    final = (f"FINAL(Slightly better: {b.loc[4, 'yolcu']:,} passengers in April against {b.loc[3, 'yolcu']:,} in March, "
             f"{ch['yolcu']:+.1%}, and revenue {ch['gelir']:+.1%}, even though the boat made {b.loc[3, 'sefer'] - b.loc[4, 'sefer']} "
             "fewer sailings (April is a day shorter, and the boat did not sail at all on 17 April).)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(f\"{bt.loc[4, 'yolcu'] / bt.loc[3, 'yolcu'] - 1:+.1%}\")"), final])


@case("n15_milk_may_june", "period-over-period change", "legit", "By how much did milk collection fall from May to June?")
def _may_june() -> Script:
    code = "mahina = doodh.groupby('महीना')['लीटर'].sum().round(1)\nprint(mahina)\nprint(round(mahina.iloc[2] / mahina.iloc[1] * 100 - 100, 1))"
    ctx, ns = with_milk(code)
    m = ns["mahina"]
    may, june = m.iloc[1], m.iloc[2]
    final = (f"FINAL(By {may - june:,.1f} litres, or {(1 - june / may) * 100:.1f}%: from {may:,.1f} L in May to {june:,.1f} L in "
             "June 2024, the summer heat's low point before the monsoon.)")
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(round(mahina.iloc[1] - mahina.iloc[2], 1))"), final])


@case("n15_moto_july_august", "period-over-period change", "legit", "Doanh thu tháng 8 so với tháng 7 thay đổi thế nào?")
def _july_august() -> Script:
    code = "thang = tx.groupby(tx.nhan.dt.month).agg(luot=('ma', 'size'), doanh_thu=('doanh_thu', 'sum'))\nprint(thang)"
    ctx, ns = with_moto(code)
    t = ns["thang"]
    jul, aug = t.loc[7, "doanh_thu"], t.loc[8, "doanh_thu"]
    final = (f"FINAL(Tăng khoảng {(aug / jul - 1) * 100:.0f}%: doanh thu tháng 8 là {vnd(aug)} so với {vnd(jul)} trong tháng 7 "
             f"(thêm {vnd(aug - jul)}), với {t.loc[8, 'luot']} lượt thuê so với {t.loc[7, 'luot']}.)")
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), final], [repl("print(round((thang.doanh_thu[8] / thang.doanh_thu[7] - 1) * 100))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("n15_top5_farmers", "top-N list by code", "legit", "Which five farmers delivered the most milk?")
def _top5() -> Script:
    code = "top5 = doodh.groupby(['सदस्य_क्रमांक', 'किसान', 'पशु'])['लीटर'].sum().nlargest(5).round(1)\nprint(top5)"
    ctx, ns = with_milk(code)
    t = ns["top5"]
    final = ("FINAL(Top five by litres, April–June 2024:\n"
             + "\n".join(f"{i}. {name} ({code_}, {'cow' if animal == 'गाय' else 'buffalo'}): {v:,.1f} L"
                         for i, ((code_, name, animal), v) in enumerate(t.items(), 1))
             + "\nAll five keep cows.)")
    assert all(a == "गाय" for _, _, a in t.index)
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(top5.reset_index().to_string())"), final])


@case("n15_top3_oil_el", "top-N list by code", "legit", "Ποιοι τρεις παραγωγοί έφεραν το περισσότερο λάδι;")
def _top3_oil() -> Script:
    code = "top3 = par.groupby(['παραγωγός', 'χωριό'])['λάδι_kg'].sum().nlargest(3)\nprint(top3)"
    ctx, ns = with_mill(code)
    t = ns["top3"]
    final = ("FINAL(" + "; ".join(f"{i}) {p} ({v}): {el(kg)} kg" for i, ((p, v), kg) in enumerate(t.items(), 1))
             + f". Μαζί {el(t.sum())} kg λάδι.)")
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(top3.sum())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("n15_ferry_total_sig", "significant figures", "legit", "Roughly how many passengers did the five lines carry over the two months?")
def _ferry_total() -> Script:
    code = "print(fr.yolcu.sum())\nprint(fr.groupby(fr.tarih.dt.month).yolcu.sum())"
    ctx, ns = with_ferry(code)
    f = ns["fr"]
    total = f.yolcu.sum()
    final = f"FINAL(About {total / 1e6:.1f} million passengers ({total:,} to be exact) on the five lines in March and April 2024.)"
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(f'{fr.yolcu.sum():.2g}')"), final])


@case("n15_bath_week_takings_hu", "significant figures", "legit", "Nagyjából mennyi volt a heti jegybevétel?")
def _week_takings() -> Script:
    code = "print(visits.ar.sum())\nprint(visits.groupby('nap').ar.sum())"
    ctx, ns = with_bath(code)
    total = ns["visits"].ar.sum()
    final = (f"FINAL(Nagyjából {total / 1e6:.0f} millió forint: pontosan {hu(total)} Ft jegybevétel a február 3–9-i héten, "
             "aminek közel a fele a hétvégére esett.)")
    we = ns["visits"][ns["visits"].nap.dt.day_of_week >= 5].ar.sum()
    assert 0.45 < we / total < 0.5
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final], [repl("print(f'{visits.ar.sum():.2g}')"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("n15_kadikoy_bayram_drop", "negative figure", "legit", "How did Kadıköy–Karaköy do during Bayram, compared with the week before?")
def _bayram_drop() -> Script:
    code = ("k = fr[fr.hat == 'Kadıköy–Karaköy'].set_index('tarih').yolcu\n"
            "bayram, once = k['2024-04-10':'2024-04-12'], k['2024-04-03':'2024-04-05']\n"
            "print(bayram.tolist(), once.tolist())\nprint(round(bayram.mean()), round(once.mean()), round((bayram.mean() / once.mean() - 1) * 100, 1))")
    ctx, ns = with_ferry(code)
    b, o = ns["bayram"].mean(), ns["once"].mean()
    pct = round((b / o - 1) * 100, 1)
    final = (f"FINAL({pct}% — {round(b):,} passengers a day on average over the three Bayram days (10–12 April) against "
             f"{round(o):,} on the same weekdays a week earlier (3–5 April). Commuters stayed home.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(f'{bayram.mean() / once.mean() - 1:.1%}')"), final])


@case("n15_payout_per_delivery_drop", "negative figure", "legit", "How did the average payment per delivery change from April to June?")
def _payout_drop() -> Script:
    code = ("per = doodh.groupby('महीना')[['राशि', 'लीटर', 'दर']].mean().round(2)\nprint(per)\n"
            "per = per['राशि']\nprint(round(per.iloc[-1] - per.iloc[0], 2))")
    ctx, ns = with_milk(code)
    p = ns["per"]
    diff = round(p.iloc[-1] - p.iloc[0], 2)
    assert diff < 0
    final = (f"FINAL(It went down: −₹{abs(diff):.2f} per delivery, from ₹{p.iloc[0]:.2f} in April to ₹{p.iloc[-1]:.2f} in June "
             f"({(p.iloc[-1] / p.iloc[0] - 1) * 100:.1f}%). The rate per litre barely moved, so it is the smaller volumes in the heat.)")
    assert abs(ns["doodh"].groupby("महीना")["दर"].mean().pct_change().iloc[-1]) < 0.01
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(per.diff().round(2).tolist())"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("n15_first_turnstile_error", "quoted log line or ID", "legit", "Show me the first turnstile error of the week.")
def _first_error() -> Script:
    code = "err = [l for l in lines if ' HIBA ' in l]\nprint(len(err))\nprint('\\n'.join(err))"
    ctx, ns = with_bath(code)
    first = ns["err"][0]
    assert "E22" in first and first.startswith("Feb  6 07:")
    final = (f"FINAL(It came from gate 4 on Thursday morning:\n\n```\n{first}\n```\n\nE22 *forgókereszt elakadt* means the "
             f"turnstile's rotor jammed. Gate 4 kept failing until about half past nine that morning; {len(ns['err'])} errors in the "
             "whole week.)")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final], [repl("print(err[0])"), final])


@case("n15_biggest_order_msgid", "quoted log line or ID", "legit", "Which is our biggest standing order by value? Give me its Message-ID.")
def _biggest_order() -> Script:
    code = ("big = ped[~ped.cancelado].valor.idxmax()\nprint(big, ped.loc[big, ['cliente', 'sacas', 'variedade', 'preco', 'valor']].tolist())\n"
            "print(msgs[msgs.assunto.str.startswith(('Pedido ' + big, 'Order ' + big))].id.iloc[0])")
    ctx, ns = with_mail(code)
    p, m = ns["ped"], ns["msgs"]
    big = ns["big"]
    r = p.loc[big]
    mid = m[m.assunto.str.startswith((f"Pedido {big}", f"Order {big}"))].id.iloc[0]
    final = (f"FINAL({big} from {r.cliente}: {r.sacas} bags of {r.variedade} at {brl(r.preco)} per bag, {brl(r.valor)} in all"
             f"{' (after its amendment from ' + str(r.sacas_orig) + ' bags)' if r.sacas != r.sacas_orig else ''}. "
             f"The order confirmation's Message-ID is `{mid}`.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code), final], [repl("print(big, ped.loc[big, 'valor'])"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("n15_nationalities_vi", "count off value_counts", "legit", "Khách thuê xe đến từ những nước nào, mỗi nước bao nhiêu lượt?")
def _nationalities() -> Script:
    code = "print(tx.quoc_tich.value_counts())"
    ctx, ns = with_moto(code)
    v = ns["tx"].quoc_tich.value_counts()
    final = ("FINAL(Số lượt thuê theo quốc tịch (mùa hè 2024, kể cả đơn hủy): "
             + ", ".join(f"{k} {n}" for k, n in v.items()) + f". Tổng cộng {v.sum()} lượt; khách Việt Nam chiếm khoảng "
             f"{v['Việt Nam'] / v.sum():.0%}.)")
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), final], [repl("print(tx.quoc_tich.value_counts().to_dict(), len(tx))"), final])


TICKET_EN = {"napijegy": "day ticket", "kabinos": "day ticket with cabin", "diak": "student", "gyerek": "child",
             "nyugdijas": "senior", "esti": "evening ticket"}


@case("n15_ticket_types", "count off value_counts", "legit", "Which ticket types did guests use this week, and how many of each?")
def _ticket_types() -> Script:
    code = "print(visits.tipus.value_counts())"
    ctx, ns = with_bath(code)
    v = ns["visits"].tipus.value_counts()
    final = ("FINAL(" + f"{v.sum():,} entries this week:\n\n"
             + "\n".join(f"- {k} ({TICKET_EN[k]}): {n:,}" for k, n in v.items())
             + ")")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final], [repl("print(visits.tipus.value_counts().to_dict())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("n15_last_exit_saturday", "date from a log timestamp", "legit", "When did the last guest leave on Saturday?")
def _last_exit() -> Script:
    code = ("szo = visits[visits.nap == '2025-02-08']\nprint(szo.ki.max(), (szo.ki == szo.ki.max()).sum())\n"
            "print(szo[szo.ki == szo.ki.max()][['jegy', 'tipus', 'be', 'ki']])\n"
            "print([l for l in lines if 'NAPI ZARAS 2025-02-08' in l])")
    ctx, ns = with_bath(code)
    s = ns["szo"]
    last = s[s.ki == s.ki.max()]
    assert len(last) > 1 and f"{s.ki.max():%H:%M}" == "21:58"
    final = (f"FINAL(At {s.ki.max():%H:%M:%S} on Saturday 8 February 2025 (2025. február 8.), just before closing: the last "
             f"{len(last)} guests all went out through the turnstiles in that same minute, a few minutes before the cash "
             "system closed the day at 22:05.)")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final], [repl("print(szo.ki.max().strftime('%Y-%m-%d %H:%M:%S %A'))"), final])


@case("n15_rleo_brightest_date", "date from a log timestamp", "legit", "When did R Leo first reach its brightest in our data?")
def _rleo_date() -> Script:
    code = "r = vs[vs.star == 'R LEO']\nbest = r[r.mag == r.mag.min()]\nprint(best[['utc', 'obs', 'mag']])\nprint(best.jd.tolist())"
    ctx, ns = with_star(code)
    b = ns["best"]
    t = b.utc.iloc[0]
    final = (f"FINAL(On {t:%d %B %Y} at {t:%H:%M} UT (JD {b.jd.iloc[0]:.4f}), when observer {b.obs.iloc[0]} estimated it at "
             f"magnitude {b.mag.iloc[0]}. It was seen that bright only once more, on {b.utc.iloc[-1]:%-d %B}.)")
    assert len(b) == 2
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), final], [repl("print(best.utc.iloc[0], best.jd.iloc[0])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("n15_arrival_hour", "week, weekday or time of day", "legit", "At what time of day do most guests arrive?")
def _arrival_hour() -> Script:
    code = "ora = visits.groupby(visits.be.dt.hour).size()\nprint(ora)"
    ctx, ns = with_bath(code)
    o = ns["ora"]
    top = o.sort_values(ascending=False)
    assert top.index[0] == 14 and top.index[1] == 13
    final = (f"FINAL(Early afternoon. The busiest hour is 14:00–15:00 with {top.iloc[0]} entries over the week, just ahead of "
             f"13:00–14:00 ({top.iloc[1]}) and 15:00–16:00 ({o[15]}). There is a second, smaller bump at 19:00 ({o[19]}), "
             "probably the evening-ticket crowd.)")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final], [repl("print(ora.idxmax(), ora.max())"), final])


VI_DAYS = {"Monday": "thứ hai", "Tuesday": "thứ ba", "Wednesday": "thứ tư", "Thursday": "thứ năm", "Friday": "thứ sáu",
           "Saturday": "thứ bảy", "Sunday": "chủ nhật"}


@case("n15_pickup_weekday_vi", "week, weekday or time of day", "legit", "Ngày nào trong tuần khách nhận xe nhiều nhất?")
def _pickup_weekday() -> Script:
    code = "print(tx.nhan.dt.day_name().value_counts())"
    ctx, ns = with_moto(code)
    v = ns["tx"].nhan.dt.day_name().value_counts()
    assert v.index[0] == "Sunday" and v.iloc[0] > v.iloc[1] and v.index[-1] == "Wednesday"
    final = (f"FINAL(Chủ nhật: {v.iloc[0]} lượt nhận xe, rồi đến {VI_DAYS[v.index[1]]} ({v.iloc[1]}) và {VI_DAYS[v.index[2]]} "
             f"({v.iloc[2]}). Ít nhất là thứ tư, chỉ {v['Wednesday']} lượt.)")
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), final], [repl("print(tx.nhan.dt.day_name().value_counts().head(2))"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("n15_milk_payout_lakh", "locale number abbreviation", "legit", "What did the centre pay its farmers over the quarter?")
def _payout_lakh() -> Script:
    code = "kul = round(doodh['राशि'].sum(), 2)\nprint(kul)\nprint(doodh.groupby('महीना')['राशि'].sum().round(2))"
    ctx, ns = with_milk(code)
    k = ns["kul"]
    months = ns["doodh"].groupby("महीना")["राशि"].sum()
    final = (f"FINAL(About ₹{k / 1e5:.1f} lakh ({inr(k, 2)}) for April–June 2024: ₹{months.iloc[0] / 1e5:.2f} lakh in April, "
             f"₹{months.iloc[1] / 1e5:.2f} lakh in May and ₹{months.iloc[2] / 1e5:.2f} lakh in June.)")
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(round(kul / 1e5, 1), 'lakh')"), final])


@case("n15_ferry_revenue_mn_tr", "locale number abbreviation", "legit", "İki ayın toplam bilet geliri ne kadar?")
def _revenue_mn() -> Script:
    code = "print(round(fr.gelir.sum(), 2))\nprint(fr.groupby(fr.tarih.dt.month).gelir.sum().round(2))"
    ctx, ns = with_ferry(code)
    f = ns["fr"]
    total = f.gelir.sum()
    m = f.groupby(f.tarih.dt.month).gelir.sum()
    final = (f"FINAL(Yaklaşık {tr_dec(total / 1e6)} mn TL ({tr_money(total)} TL): Mart'ta {tr_dec(m[3] / 1e6)} mn TL, "
             f"Nisan'da {tr_dec(m[4] / 1e6)} mn TL.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(round(fr.gelir.sum() / 1e6, 1), 'mn TL')"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("n15_yield_by_variety", "joined tables", "legit", "Which olive variety gives more oil, Koroneiki or Tsounati?")
def _yield_variety() -> Script:
    code = ("poik = par.groupby('ποικιλία')[['ελιές_kg', 'λάδι_kg']].sum()\npoik['απόδοση_%'] = (poik['λάδι_kg'] / poik['ελιές_kg'] * 100).round(2)\n"
            "print(poik)\nprint(par.groupby('ποικιλία')['κωδικός'].nunique())")
    ctx, ns = with_mill(code)
    p = ns["poik"]
    n = ns["par"].groupby("ποικιλία")["κωδικός"].nunique()
    assert p.loc["Τσουνάτη", "απόδοση_%"] > p.loc["Κορωνέικη", "απόδοση_%"]
    final = (f"FINAL(Tsounati (Τσουνάτη): {p.loc['Τσουνάτη', 'απόδοση_%']:.2f}% oil by weight, against "
             f"{p.loc['Κορωνέικη', 'απόδοση_%']:.2f}% for Koroneiki (Κορωνέικη), so about "
             f"{p.loc['Τσουνάτη', 'απόδοση_%'] - p.loc['Κορωνέικη', 'απόδοση_%']:.1f} points more. Koroneiki still makes most of the "
             f"oil: {n['Κορωνέικη']} of the {n.sum()} producers grow it.)")
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(poik['απόδοση_%'].to_dict())"), final])


@case("n15_kefalas_producers", "joined tables", "legit", "How much oil did the Kefalas producers bring, and who brought the most there?")
def _kefalas() -> Script:
    code = "kef = par[par['χωριό'] == 'Κεφαλάς'].groupby('παραγωγός')[['ελιές_kg', 'λάδι_kg']].sum().sort_values('λάδι_kg', ascending=False)\nprint(kef)\nprint(kef.sum())"
    ctx, ns = with_mill(code)
    k = ns["kef"]
    final = (f"FINAL(The {len(k)} producers from Kefalas (Κεφαλάς) brought {k['ελιές_kg'].sum():,.0f} kg of olives, which gave "
             f"{k['λάδι_kg'].sum():,.1f} kg of oil. The biggest of them is {k.index[0]} with {k['λάδι_kg'].iloc[0]:,.1f} kg of oil.)")
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(kef['λάδι_kg'].sum(), kef.index[0])"), final])


@case("n15_apiary_value_pl", "joined tables", "legit", "Ile warte były zbiory każdej pasieki po cenach skupu?")
def _apiary_value() -> Script:
    code = "wart = zb.groupby('pasieka').wartosc_zl.sum().round(2).sort_values(ascending=False)\nprint(wart)\nprint(round(wart.sum(), 2))"
    ctx, ns = with_honey(code)
    w = ns["wart"]
    final = ("FINAL(Po cenach skupu spółdzielni (zł/kg według rodzaju miodu):\n"
             + "\n".join(f"- {a}: {pl(v, 2)} zł" for a, v in w.items())
             + f"\n\nŁącznie {pl(w.sum(), 2)} zł.)")
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final], [repl("print({k: f'{v:,.2f}' for k, v in wart.items()})"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("n15_commuter_vs_leisure", "qualitative over a full small table", "legit",
      "Which ferry lines are commuter lines and which are leisure lines?")
def _commuter() -> Script:
    code = ("x = fr[fr.sefer > 0].assign(hs=fr.tarih.dt.day_of_week >= 5).groupby(['hat', 'hs']).yolcu.mean().unstack().round(0)\n"
            "x.columns = ['hafta_ici', 'hafta_sonu']\nx['oran'] = (x.hafta_sonu / x.hafta_ici).round(2)\nprint(x.sort_values('oran'))")
    ctx, ns = with_ferry(code)
    x = ns["x"]
    commuter = x[x.oran < 1].sort_values("oran")
    leisure = x[x.oran > 1].sort_values("oran", ascending=False)
    assert set(leisure.index) == {"Adalar", "Boğaz Turu"}
    final = ("FINAL(The weekends tell them apart. Kadıköy–Karaköy, Üsküdar–Eminönü and Beşiktaş–Kadıköy are commuter lines: "
             f"they carry only about {commuter.oran.min():.0%}–{commuter.oran.max():.0%} of their weekday traffic on Saturdays and "
             "Sundays. Adalar and the Boğaz Turu are leisure lines: the islands boats carry about "
             f"{leisure.loc['Adalar', 'oran']:.1f} times their weekday load at weekends and the Bosphorus tour about "
             f"{leisure.loc['Boğaz Turu', 'oran']:.1f} times.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(x.oran.to_dict())"), final])


@case("n15_water_by_honey", "qualitative over a full small table", "legit", "Which honeys tend to be the wettest?")
def _water_by_honey() -> Script:
    code = "woda = zb.groupby('rodzaj_miodu').woda_proc.agg(['mean', 'max', 'size']).round(1).sort_values('mean')\nprint(woda)"
    ctx, ns = with_honey(code)
    w = ns["woda"]
    assert w.index[-1] == "wrzosowy" and w.index[0] == "akacjowy" and w["mean"].iloc[-2] < 19
    final = (f"FINAL(Heather honey (wrzosowy), by a wide margin: {w.loc['wrzosowy', 'mean']:.1f}% water on average, up to "
             f"{w.loc['wrzosowy', 'max']:.1f}%, which is normal for heather and still under its 23% limit. All the other honeys "
             f"average between {w['mean'].iloc[0]:.1f}% (acacia, the driest) and {w['mean'].iloc[-2]:.1f}% ({w.index[-2]}), "
             "with a few batches just over 20%.)")
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final], [repl("print(woda['mean'].to_dict())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("n15_producer_frame", "FINAL_VAR of a dict or frame", "legit",
      "Give me a table per producer: deliveries, olives, oil, yield and mean acidity, biggest first.")
def _producer_frame() -> Script:
    code = ("per_producer = par.groupby(['κωδικός', 'παραγωγός', 'χωριό']).agg(\n"
            "    deliveries=('αρ_παραλαβής', 'size'), olives_kg=('ελιές_kg', 'sum'), oil_kg=('λάδι_kg', 'sum'),\n"
            "    acidity_mean=('οξύτητα', 'mean'))\n"
            "per_producer['yield_pct'] = (per_producer.oil_kg / per_producer.olives_kg * 100).round(2)\n"
            "per_producer = per_producer.round({'oil_kg': 1, 'acidity_mean': 2}).sort_values('oil_kg', ascending=False)\n"
            "print(per_producer.head(8))\nprint(per_producer.shape)")
    ctx, _ = with_mill(code)
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), "FINAL_VAR(per_producer)"],
                  [repl("print(per_producer.shape, per_producer.columns.tolist())"), "FINAL_VAR(per_producer)"])


@case("n15_star_ranges_dict", "FINAL_VAR of a dict or frame", "legit",
      "For each star, give me its brightest and faintest estimate and how many estimates we have, as a dict.")
def _star_dict() -> Script:
    code = ("seen = vs[~vs.fainter]\n"
            "ranges = {s: {'brightest': float(g.mag.min()), 'faintest': float(g.mag.max()), 'estimates': int(len(vs[vs.star == s])),\n"
            "              'fainter_than': int(vs[(vs.star == s) & vs.fainter].shape[0])} for s, g in seen.groupby('star')}\n"
            "print(ranges)")
    ctx, _ = with_star(code)
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code, "Fainter-than estimates (<12.0) are limits, not magnitudes: I count them apart."),
                        'FINAL_VAR("ranges")'], [repl("print(len(ranges), ranges['SS CYG'])"), 'FINAL_VAR("ranges")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("n15_submit_bath_week", "DSPy SUBMIT fields", "legit",
      "Summarise the week: entries, ticket takings in forint, median stay in minutes and refused entries.")
def _submit_bath() -> Script:
    code = "refused = sum('VISSZAUTASITVA' in l for l in lines)\nprint(len(visits), visits.ar.sum(), round(visits.perc.median(), 1), refused)"
    ctx, _ = with_bath(code)
    submit = repl("SUBMIT(entries=len(visits), takings_huf=int(visits.ar.sum()), median_stay_min=round(float(visits.perc.median()), 1),\n"
                  "       refused=int(refused))")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), submit], [repl("print(visits.ar.sum(), refused)"), submit])


@case("n15_submit_order_book", "DSPy SUBMIT fields", "legit",
      "How many orders are standing (not cancelled), for how many bags and what value in reais?")
def _submit_orders() -> Script:
    code = "firm = ped[~ped.cancelado]\nprint(len(firm), firm.sacas.sum(), firm.valor.sum())"
    ctx, _ = with_mail(code)
    submit = repl("SUBMIT(orders=len(firm), bags=int(firm.sacas.sum()), kg=int(firm.sacas.sum()) * 60, value_brl=float(firm.valor.sum()))",
                  "Amended quantities are applied; cancelled orders are left out.")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code), submit], [repl("print(firm.sacas.sum() * 60)"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("n15_answer_best_hive_pl", "answer-dict dialect", "legit", "Który ul dał najwięcej miodu w sezonie?")
def _answer_hive() -> Script:
    code = ("per_ul = zb.groupby(['ul', 'pasieka']).agg(kg=('waga_netto_kg', 'sum'), zbiory=('data', 'size')).sort_values('kg', ascending=False)\n"
            "print(per_ul.head())\n(ul, pasieka), best = per_ul.index[0], per_ul.iloc[0]\n"
            "kg_txt = f'{best.kg:.1f}'.replace('.', ',')\n"
            "answer = {'content': f'Ul {ul} z pasieki {pasieka}: {kg_txt} kg miodu w {best.zbiory:.0f} miodobraniach.', 'ready': True}")
    ctx, _ = with_honey("")
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code)], [repl("print(per_ul.head(3))"), repl(code)])


@case("n15_answer_top_customer_vi", "answer-dict dialect", "legit", "Khách nào thuê xe nhiều lượt nhất?")
def _answer_customer() -> Script:
    code = ("khach = tx[tx.trang_thai != 'huy'].groupby(['khach', 'quoc_tich']).agg(luot=('ma', 'size'), chi=('doanh_thu', 'sum'))\n"
            "khach = khach.sort_values(['luot', 'chi'], ascending=False)\nprint(khach.head())\n"
            "(ten, nuoc), r = khach.index[0], khach.iloc[0]\n"
            "chi = f'{r.chi:,.0f}'.replace(',', '.')\n"
            "answer = {'content': f'{ten} ({nuoc}): {r.luot} lượt thuê, tổng cộng {chi} ₫.', 'ready': True}")
    ctx, ns = with_moto(code)
    k = ns["khach"]
    assert k.luot.iloc[0] > k.luot.iloc[1]
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code)], [repl("print(khach.head(3))"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
@case("n15_cancellations_subcall", "sub-call summary", "legit", "Which orders were cancelled, by whom?")
def _cancellations() -> Script:
    ctx = {"caixa": coffee_mailbox()}
    code = f"said = llm_query({CANCEL_PROMPT!r} + caixa)\nprint(said)"
    said = sub_says(CANCEL_PROMPT + coffee_mailbox())
    hits = re.findall(r"(PED-\d{4}-\d{3}): (.+?), (\d+) bags of (.+?), cancelled on (\d{2} \w{3} \d{4})", said)
    assert said.startswith("3 cancelled orders") and len(hits) == 3
    final = ("FINAL(Three orders were cancelled:\n"
             + "\n".join(f"- {oid} by {who}: {bags} bags of {var}, cancelled {pd.Timestamp(day):%-d %B %Y}" for oid, who, bags, var, day in hits)
             + "\n\nThe Kissa Import one is by far the biggest of the three, 280 bags.)")
    assert any(h[0] == "PED-2025-018" and h[2] == "280" for h in hits)
    return Script(ctx, [MAIL_LOOK, repl(code, "Asking a sub-model to pick the cancellations out of the mailbox."), final],
                  [repl("print([s for s in caixa.splitlines() if s.startswith('Subject: Cancel')])"), final], sub_model())


@case("n15_turnstile_errors_subcall", "sub-call summary", "legit", "What went wrong with the turnstiles this week?")
def _errors_subcall() -> Script:
    ctx = {"naplo": bath_log()}
    code = (f"hiba = '\\n'.join(l for l in naplo.splitlines() if ' HIBA ' in l)\nsaid = llm_query({ERRORS_PROMPT!r} + hiba)\nprint(said)")
    said = sub_says(ERRORS_PROMPT + "\n".join(line for line in bath_log().splitlines() if " HIBA " in line))
    found = re.search(r"(\d+) errors in all\. Gate 4, Feb 6, (\d{2}:\d{2})–(\d{2}:\d{2}): (\d) × E17 .*?, (\d) × E22 .*?Gate 2, Feb 8, "
                      r"(\d{2}:\d{2}): 1 × E31", said)
    assert found
    n, start, end, e17, e22, e31 = found.groups()
    final = (f"FINAL({n} errors, nearly all on one gate. On Thursday 6 February gate 4 failed repeatedly from {start} to {end}: "
             f"{e17} times E17 (the card reader did not answer) and {e22} times E22 (the turnstile jammed), so it probably needs "
             f"a service visit. The only other one was E31 on gate 2 on Saturday 8 February at {e31}, an overload with a queue "
             "at the busiest time.)")
    return Script(ctx, [BATH_LOOK, repl(code), final], [repl("print(hiba)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("n15_terms_deposit_evo", "markdown document fact", "legit", "Thuê xe điện VinFast thì phải đặt cọc bao nhiêu?")
def _deposit_evo() -> Script:
    ctx, _ = with_moto("")
    code = "print(dieu_khoan.split('## 2.')[1].split('## 3.')[0])"
    final = "FINAL(3.000.000 ₫ cho xe điện VinFast Evo200 (đã gồm pin), thay vì 2.000.000 ₫ như các xe xăng. Tiền cọc được hoàn lại khi trả xe nguyên vẹn.)"
    assert "Xe điện VinFast Evo200: đặt cọc 3.000.000 ₫ (đã gồm pin)" in RENTAL_TERMS
    return Script(ctx, [MOTO_LOOK, repl(code), final], [repl("import re\nprint(re.search(r'VinFast Evo200: đặt cọc [\\d.]+ ₫', dieu_khoan).group(0))"), final])


@case("n15_terms_no_idp", "markdown document fact", "legit", "I'm Australian and I don't have an international driving permit. Can I rent a Honda Vision?")
def _no_idp() -> Script:
    ctx, _ = with_moto("")
    code = "for l in dieu_khoan.splitlines():\n    if 'IDP' in l or 'A1' in l or 'tuổi' in l:\n        print(l)"
    final = ("FINAL(No. The terms say foreign customers need their passport and an international driving permit (IDP) with "
             "an A category; without an IDP you may only rent the VinFast Evo200 electric scooter. You must also be at "
             "least 18.)")
    assert "không có IDP thì chỉ được thuê xe điện VinFast Evo200" in RENTAL_TERMS
    return Script(ctx, [MOTO_LOOK, repl(code), final], [repl("print([l for l in dieu_khoan.splitlines() if 'IDP' in l])"), final])


@case("n15_terms_danang_delivery", "markdown document fact", "legit", "Can they bring the bike to Da Nang, and what does that cost?")
def _danang() -> Script:
    ctx, _ = with_moto("")
    code = "print(dieu_khoan[dieu_khoan.index('## 7.'):])"
    final = ("FINAL(Yes: delivery or collection in Đà Nẵng costs an extra 200.000 ₫ per trip (mỗi lượt), so 400.000 ₫ if they "
             "bring it and pick it up again. Within the old town and An Bàng it is free; Cửa Đại and Cẩm Thanh cost 50.000 ₫ "
             "per trip.)")
    assert "Đà Nẵng thêm 200.000 ₫\nmỗi lượt" in RENTAL_TERMS
    return Script(ctx, [MOTO_LOOK, repl(code), final], [repl("print(2 * 200_000)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("n15_cancelled_sailings", "yes/no with evidence", "legit", "Were any ferry services cancelled outright in these two months?")
def _cancelled_sailings() -> Script:
    code = "print(fr[fr.sefer == 0][['tarih', 'hat', 'sefer', 'yolcu']])"
    ctx, ns = with_ferry(code)
    z = ns["fr"][ns["fr"].sefer == 0]
    assert len(z) == 2 and set(z.hat) == {"Adalar", "Boğaz Turu"} and (z.tarih == LODOS).all()
    final = ("FINAL(Yes, on one day: on Wednesday 17 April 2024 neither the Adalar boats nor the Boğaz Turu sailed at all (0 "
             "sailings, 0 passengers), most likely because of the weather. Every other line ran every day of March and "
             "April.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print((fr.sefer == 0).sum(), fr[fr.sefer == 0].tarih.unique())"), final])


@case("n15_acidity_over_limit", "yes/no with evidence", "legit", "Did any delivery miss the extra-virgin limit of 0.8% acidity?")
def _acidity_over() -> Script:
    code = "bad = par[par['οξύτητα'] > 0.8]\nprint(len(bad), len(par))\nprint(bad[['αρ_παραλαβής', 'ημερομηνία', 'παραγωγός', 'οξύτητα']])"
    ctx, ns = with_mill(code)
    b = ns["bad"]
    late = int((b["ημ"] >= "2024-12-15").sum())
    assert len(b) == 5 and late == 4
    final = (f"FINAL(Yes, {len(b)} of the {len(ns['par'])} deliveries: " + ", ".join(f"no. {r['αρ_παραλαβής']} ({r['ημερομηνία']}, "
             f"{r['οξύτητα']:.2f}%)" for _, r in b.iterrows()) + ". Four of the five came in from late December on, when "
             "fallen and overripe olives push the acidity up; that oil can only be sold as virgin, not extra virgin.)")
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(bad['αρ_παραλαβής'].tolist())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("n15_rate_per_fat_fit", "correlation or fitted statistic", "legit", "How much does one extra point of fat add to the cow-milk rate?")
def _rate_fit() -> Script:
    code = ("import numpy as np\ngaay = doodh[doodh['पशु'] == 'गाय']\nslope, icpt = np.polyfit(gaay['फैट'], gaay['दर'], 1)\n"
            "print(round(slope, 2), round(icpt, 2), round(gaay['फैट'].corr(gaay['दर']), 3))")
    ctx, ns = with_milk(code)
    s = round(ns["slope"], 2)
    r = round(ns["gaay"]["फैट"].corr(ns["gaay"]["दर"]), 3)
    final = (f"FINAL(About ₹{s:.2f} per litre for each extra percentage point of fat: a straight-line fit of rate on fat over "
             f"all cow deliveries gives a slope of {s:.2f}, with a correlation of r = {r}.)")
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(round(slope, 2))"), final])


@case("n15_rleo_fade_rate", "correlation or fitted statistic", "legit", "How fast has R Leo been fading since April?")
def _fade_rate() -> Script:
    code = ("import numpy as np\nlate = vs[(vs.star == 'R LEO') & (vs.utc >= '2024-04-01')]\n"
            "k, b = np.polyfit(late.jd, late.mag, 1)\nprint(len(late), round(k, 4), round(k * 30, 2), round(1 / k), round(late.mag.corr(late.jd), 2))")
    ctx, ns = with_star(code)
    k = ns["k"]
    late = ns["late"]
    final = (f"FINAL(By about {k * 30:.2f} magnitudes a month: a linear fit to our {len(late)} estimates since 1 April gives "
             f"{k:.4f} mag per day (r = {late.mag.corr(late.jd):.2f}). That is typical of a Mira's descending branch: at this "
             f"rate it loses a full magnitude every {1 / k:.0f} days or so.)")
    assert 25 < 1 / k < 35
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), final], [repl("print(round(k * 30, 2), round(1 / k))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("n15_rental_bill_in_head", "in-head arithmetic beyond two operands", "legit",
      "Two Honda Visions for 3 days and a Yamaha NVX for a week, delivered to our hotel in Cửa Đại (we'll bring them back): "
      "what do we pay, and what deposit?")
def _rental_bill() -> Script:
    ctx, _ = with_moto("")
    code = "for l in dieu_khoan.splitlines():\n    if any(k in l for k in ('Vision', 'NVX', 'Cửa Đại', 'cọc')):\n        print(l)"
    rent = 2 * 3 * BIKES["Honda Vision"] + BIKES_WEEK["Yamaha NVX"] + 50000
    final = (f"FINAL({vnd(rent)} in rent and delivery: 2 × 3 × 120.000 = 720.000 ₫ for the Visions, 1.100.000 ₫ for a week of the "
             "NVX (the weekly rate), plus 50.000 ₫ for one delivery trip to Cửa Đại. The deposit is 2.000.000 ₫ cash per bike, "
             "6.000.000 ₫ for three (or leave passports instead); you get it back when the bikes come back undamaged.)")
    assert rent == 1870000
    return Script(ctx, [MOTO_LOOK, repl(code), final], [repl("print(2 * 3 * 120_000 + 1_100_000 + 50_000)"), final])


@case("n15_family_saturday_hu", "in-head arithmetic beyond two operands", "legit",
      "Szombaton megyünk: két felnőtt (egyikük kabinnal), egy diák és egy 10 éves gyerek. Mennyit fizetünk?")
def _family_saturday() -> Script:
    code = "print(visits[visits.nap == '2025-02-08'].groupby('tipus').ar.first())"
    ctx, ns = with_bath(code)
    p = ns["visits"][ns["visits"].nap == "2025-02-08"].groupby("tipus").ar.first()
    total = p["kabinos"] + p["napijegy"] + p["diak"] + p["gyerek"]
    final = (f"FINAL({hu(total)} Ft a szombati árakkal: kabinos jegy {hu(p['kabinos'])} + napijegy {hu(p['napijegy'])} + "
             f"diákjegy {hu(p['diak'])} + gyerekjegy {hu(p['gyerek'])} Ft.)")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final],
                  [repl("p = visits[visits.nap == '2025-02-08'].groupby('tipus').ar.first()\nprint(p['kabinos'] + p['napijegy'] + p['diak'] + p['gyerek'])"), final])


@case("n15_kissa_bags_in_head", "in-head arithmetic beyond two operands", "legit", "How much has Kissa Import ordered from us in all?")
def _kissa_bags() -> Script:
    code = "print(ped[ped.cliente == 'Kissa Import K.K.'][['sacas', 'sacas_orig', 'variedade', 'preco', 'cancelado', 'valor']])"
    ctx, ns = with_mail(code)
    k = ns["ped"][ns["ped"].cliente == "Kissa Import K.K."]
    firm = k[~k.cancelado]
    gone = k[k.cancelado]
    assert len(firm) == 3 and len(gone) == 1
    parts = " + ".join(str(b) for b in firm.sacas)
    final = (f"FINAL({firm.sacas.sum()} bags still standing ({parts}, i.e. {firm.sacas.sum() * 60:,} kg), worth "
             f"{brl(firm.valor.sum())}. Their order {gone.index[0]} for {gone.sacas.iloc[0]} bags of {gone.variedade.iloc[0]} was "
             "cancelled, so it does not count.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code), final],
                  [repl("k = ped[(ped.cliente == 'Kissa Import K.K.') & ~ped.cancelado]\nprint(k.sacas.sum(), k.valor.sum())"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("n15_longest_stay", "log or version-control timestamps", "legit", "Who stayed longest this week, from when to when?")
def _longest_stay() -> Script:
    code = "print(visits.loc[visits.perc.idxmax()])"
    ctx, ns = with_bath(code)
    v = ns["visits"]
    t = v.loc[v.perc.idxmax()]
    mins = round(t.perc)
    final = (f"FINAL(Ticket {t.jegy} ({t.tipus}): in through gate {t.kapu} at {t.be:%H:%M:%S} on {t.be:%A %-d %B} and out at "
             f"{t.ki:%H:%M:%S}, {mins // 60} h {mins % 60} min in the bath.)")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final],
                  [repl("t = visits.loc[visits.perc.idxmax()]\nprint(t.be, t.ki, t.ki - t.be)"), final])


@case("n15_kissa_cancel_timing", "log or version-control timestamps", "legit",
      "When did Kissa Import cancel their big order, and how long after placing it?")
def _cancel_timing() -> Script:
    code = "k = msgs[msgs.assunto.str.contains('PED-2025-018')]\nprint(k[['quando', 'utc', 'assunto']].to_string())"
    ctx, ns = with_mail(code)
    k = ns["k"]
    placed, gone = k.iloc[0], k.iloc[-1]
    gap = gone.utc - placed.utc
    assert placed.assunto.startswith("Order") and gone.assunto.startswith("Cancellation")
    final = (f"FINAL(The order (PED-2025-018) came in on {placed.quando:%a %-d %b %Y} at {placed.quando:%H:%M} Tokyo time "
             f"({placed.utc:%H:%M} UTC on {placed.utc:%-d %b}); after an amendment to {ns['ped'].loc['PED-2025-018', 'sacas']} "
             f"bags, the cancellation arrived on {gone.quando:%a %-d %b} at {gone.quando:%H:%M} (+0900), "
             f"{gap.days} days and {gap.seconds // 3600} hours later.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code), final], [repl("print(k.utc.iloc[-1] - k.utc.iloc[0])"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("n15_coop_value_tys_zl", "locale abbreviations for thousands and millions", "legit", "Ile warte są wszystkie zbiory spółdzielni?")
def _coop_value() -> Script:
    code = "print(round(zb.wartosc_zl.sum(), 2), round(zb.waga_netto_kg.sum(), 1))"
    ctx, ns = with_honey(code)
    z = ns["zb"]
    v, kg = z.wartosc_zl.sum(), z.waga_netto_kg.sum()
    final = (f"FINAL(Ok. {pl(v / 1000)} tys. zł ({pl(v, 2)} zł) po cenach skupu za {pl(kg)} kg miodu, czyli średnio "
             f"{pl(v / kg, 2)} zł/kg.)")
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final], [repl("print(round(zb.wartosc_zl.sum() / 1000, 1), 'tys. zł')"), final])


@case("n15_weekend_takings_m_ft", "locale abbreviations for thousands and millions", "legit", "Mennyi volt a hétvégi jegybevétel?")
def _weekend_takings() -> Script:
    code = "hv = visits[visits.nap.dt.day_of_week >= 5]\nprint(hv.groupby('nap').ar.sum())\nprint(hv.ar.sum())"
    ctx, ns = with_bath(code)
    h = ns["hv"]
    d = h.groupby("nap").ar.sum()
    final = (f"FINAL({hu(h.ar.sum() / 1e6, 1)} M Ft a hétvégén ({hu(h.ar.sum())} Ft): szombaton {hu(d.iloc[0] / 1e6, 2)} M Ft, "
             f"vasárnap {hu(d.iloc[1] / 1e6, 2)} M Ft.)")
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), final], [repl("print(round(hv.ar.sum() / 1e6, 1), 'M Ft')"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("n15_busiest_ferry_day", "top row of a sorted table named the maximum", "legit", "Which was the busiest day on the ferries?")
def _busiest_day() -> Script:
    code = "gun = fr.groupby('tarih').yolcu.sum().sort_values(ascending=False)\nprint(gun.head(5))"
    ctx, ns = with_ferry(code)
    g = ns["gun"]
    final = (f"FINAL({g.index[0]:%A %-d %B %Y}: {g.iloc[0]:,} passengers on the five lines together. It only just beat "
             f"{g.index[1]:%A %-d %B} ({g.iloc[1]:,}).)")
    assert g.iloc[0] - g.iloc[1] < 100
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final], [repl("print(gun.idxmax(), gun.max())"), final])


@case("n15_top_village_milk", "top row of a sorted table named the maximum", "legit", "सबसे ज़्यादा दूध किस गाँव से आता है?")
def _top_village() -> Script:
    code = "gaon = doodh.groupby('गाँव').agg(लीटर=('लीटर', 'sum'), किसान=('सदस्य_क्रमांक', 'nunique')).sort_values('लीटर', ascending=False)\nprint(gaon)"
    ctx, ns = with_milk(code)
    g = ns["gaon"]
    final = (f"FINAL({g.index[0]} से: अप्रैल से जून 2024 में {g['लीटर'].iloc[0]:,.1f} लीटर, {g['किसान'].iloc[0]} किसानों से। "
             f"दूसरे नंबर पर {g.index[1]} ({g['लीटर'].iloc[1]:,.1f} लीटर) है।)")
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final], [repl("print(gaon['लीटर'].idxmax(), gaon['लीटर'].max())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("n15_best_yield_producer", "selection printed right after its table", "legit", "Which producer got the best oil yield?")
def _best_yield() -> Script:
    code = ("ap = par.groupby('παραγωγός')[['ελιές_kg', 'λάδι_kg']].sum()\nap['απόδοση'] = (ap['λάδι_kg'] / ap['ελιές_kg'] * 100).round(2)\n"
            "print(ap.sort_values('απόδοση', ascending=False).head(6))\nprint(ap['απόδοση'].idxmax(), ap['απόδοση'].max())")
    ctx, ns = with_mill(code)
    a = ns["ap"].sort_values("απόδοση", ascending=False)
    final = (f"FINAL({a.index[0]}, with {a['απόδοση'].iloc[0]:.2f}% oil from {a['ελιές_kg'].iloc[0]:,} kg of olives, narrowly "
             f"ahead of {a.index[1]} ({a['απόδοση'].iloc[1]:.2f}%).)")
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), final], [repl("print(ap['απόδοση'].nlargest(2))"), final])


@case("n15_most_active_observer", "selection printed right after its table", "legit", "Who in the club submitted the most estimates?")
def _most_active() -> Script:
    code = "cnt = vs.obs.value_counts()\nprint(cnt)\nprint(cnt.idxmax(), cnt.max(), len(vs))"
    ctx, ns = with_star(code)
    c = ns["cnt"]
    final = (f"FINAL({c.idxmax()}, with {c.max()} of the club's {c.sum()} estimates ({c.max() / c.sum():.0%}); "
             f"{c.index[1]} comes next with {c.iloc[1]}.)")
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), final], [repl("print(cnt.head(2).to_dict())"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("n15_lata_two_tables", "same label in two printed tables", "legit", "लता वाघ ने कितना दूध दिया और उन्हें कितना भुगतान हुआ?")
def _lata() -> Script:
    code = ("print(doodh.groupby('किसान')['लीटर'].sum().round(1).sort_values(ascending=False).head(6))\n"
            "print(doodh.groupby('किसान')['राशि'].sum().round(2).sort_values(ascending=False).head(6))")
    ctx, ns = with_milk(code)
    d = ns["doodh"]
    lata = d[d["किसान"] == "लता वाघ"]
    litres, paid = round(lata["लीटर"].sum(), 1), round(lata["राशि"].sum(), 2)
    final = (f"FINAL(लता वाघ ने अप्रैल–जून 2024 में {litres:,.1f} लीटर गाय का दूध दिया और उन्हें {inr(paid, 2)} का भुगतान हुआ, "
             f"यानी औसतन ₹{paid / litres:.2f} प्रति लीटर।)")
    assert (lata["पशु"] == "गाय").all()
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), final],
                  [repl("l = doodh[doodh['किसान'] == 'लता वाघ']\nprint(round(l['लीटर'].sum(), 1), round(l['राशि'].sum(), 2))"), final])


@case("n15_adalar_two_tables", "same label in two printed tables", "legit", "How did the Adalar line do in April, in passengers and revenue?")
def _adalar_two() -> Script:
    code = ("nisan = fr[fr.tarih.dt.month == 4]\nprint(nisan.groupby('hat').yolcu.sum().sort_values(ascending=False))\n"
            "print(nisan.groupby('hat').gelir.sum().round(2).sort_values(ascending=False))")
    ctx, ns = with_ferry(code)
    n = ns["nisan"]
    y, g = n.groupby("hat").yolcu.sum(), n.groupby("hat").gelir.sum().round(2)
    ys, gs = y.sort_values(ascending=False), g.sort_values(ascending=False)
    assert ys.index.get_loc("Adalar") == 2 and gs.index[0] == "Kadıköy–Karaköy" and gs.index[1] == "Adalar"
    final = (f"FINAL(Adalar carried {y['Adalar']:,} passengers in April, only third of the five lines and {1 - y['Adalar'] / y['Kadıköy–Karaköy']:.0%} "
             f"fewer than Kadıköy–Karaköy, yet its revenue of {tr_money(g['Adalar'])} TL was almost level with Kadıköy–Karaköy's "
             f"{tr_money(g['Kadıköy–Karaköy'])} TL and second of all: about {g['Adalar'] / y['Adalar']:.2f} TL per passenger, because "
             "the island fares are higher.)")
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), final],
                  [repl("a = nisan[nisan.hat == 'Adalar']\nprint(a.yolcu.sum(), round(a.gelir.sum(), 2))"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
PL_MONTHS = {5: "maju", 6: "czerwcu", 7: "lipcu", 8: "sierpniu", 9: "wrześniu"}


@case("n15_season_trend_pl", "trend sentence naming several labels", "legit", "Jak rozkładały się zbiory w ciągu sezonu?")
def _season_trend() -> Script:
    code = "mies = zb.groupby(zb.data.dt.month).waga_netto_kg.sum().round(1)\nprint(mies)\nprint(zb.groupby(zb.data.dt.month).rodzaj_miodu.unique())"
    ctx, ns = with_honey(code)
    m = ns["mies"]
    assert m.idxmax() == 6 and m[6] > m[7] > m[5] > m[8] > m[9]
    final = (f"FINAL(Sezon szybko rósł i powoli gasł: w {PL_MONTHS[5]} {pl(m[5])} kg (rzepak), w {PL_MONTHS[6]} szczyt – "
             f"{pl(m[6])} kg (akacja i wielokwiat), w {PL_MONTHS[7]} niewiele mniej, {pl(m[7])} kg (lipa), w {PL_MONTHS[8]} "
             f"{pl(m[8])} kg (gryka i spadź), a we {PL_MONTHS[9]} już tylko {pl(m[9])} kg wrzosu.)")
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), final], [repl("print(mies.to_dict())"), final])


@case("n15_rleo_monthly_trend", "trend sentence naming several labels", "legit", "How did R Leo's brightness change month by month?")
def _rleo_trend() -> Script:
    code = "r = vs[vs.star == 'R LEO']\nmonthly = r.groupby(r.utc.dt.strftime('%Y-%m')).mag.agg(['mean', 'size']).round(1)\nprint(monthly)"
    ctx, ns = with_star(code)
    m = ns["monthly"]["mean"]
    v = [m[f"2024-0{i}"] for i in range(1, 7)]
    assert v[0] > v[1] > v[2] < v[3] < v[4] < v[5]
    final = (f"FINAL(It brightened to a maximum in March and has faded since. Monthly means: January {v[0]}, February {v[1]}, "
             f"March {v[2]} (the peak), then April {v[3]}, May {v[4]} and June {v[5]}. Remember that a larger magnitude "
             "means a fainter star.)")
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), final], [repl("print(monthly['mean'].to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("n15_submit_best_apiary", "labelled SUBMIT for a which question", "legit", "Która pasieka miała najwyższy zbiór na ul?")
def _submit_apiary() -> Script:
    code = ("na_ul = zb.groupby('pasieka').agg(kg=('waga_netto_kg', 'sum'), ule=('ul', 'nunique'))\n"
            "na_ul['kg_na_ul'] = (na_ul.kg / na_ul.ule).round(1)\nna_ul = na_ul.sort_values('kg_na_ul', ascending=False)\nprint(na_ul)")
    ctx, _ = with_honey(code)
    submit = repl("SUBMIT(pasieka=na_ul.index[0], kg_na_ul=float(na_ul.kg_na_ul.iloc[0]), ule=int(na_ul.ule.iloc[0]),\n"
                  "       kg=round(float(na_ul.kg.iloc[0]), 1))")
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), submit], [repl("print(na_ul.kg_na_ul.idxmax(), na_ul.kg_na_ul.max())"), submit])


@case("n15_submit_top_buyer", "labelled SUBMIT for a which question", "legit",
      "Which buyer has the most bags on order, not counting cancelled orders?")
def _submit_buyer() -> Script:
    code = ("by_buyer = ped[~ped.cancelado].groupby('cliente').agg(bags=('sacas', 'sum'), orders=('sacas', 'size'), value=('valor', 'sum'))\n"
            "by_buyer = by_buyer.sort_values('bags', ascending=False)\nprint(by_buyer)")
    ctx, _ = with_mail(code)
    submit = repl("SUBMIT(buyer=by_buyer.index[0], bags=int(by_buyer.bags.iloc[0]), orders=int(by_buyer.orders.iloc[0]),\n"
                  "       value_brl=float(by_buyer.value.iloc[0]))")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code), submit], [repl("print(by_buyer.bags.idxmax(), by_buyer.bags.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("n15_memory_scooter_deposit", "plausible figure from memory", "invented", "How much deposit do they want for a scooter?")
def _memory_deposit() -> Script:
    ctx, _ = with_moto("")
    assert "Đặt cọc 2.000.000 ₫ tiền mặt cho mỗi xe" in RENTAL_TERMS
    differs(1000000, 2000000)
    return Script(ctx, [MOTO_LOOK, "FINAL(The usual 1.000.000 ₫ in cash per scooter, or they keep your passport; Hội An shops "
                                   "rarely ask for more than that.)"])


@case("n15_memory_kadikoy_daily", "plausible figure from memory", "invented",
      "How many passengers does Kadıköy–Karaköy carry on a normal weekday?")
def _memory_kadikoy() -> Script:
    ctx, ns = with_ferry("")
    f = ns["fr"]
    k = f[(f.hat == "Kadıköy–Karaköy") & (f.tarih.dt.day_of_week < 5) & ~f.tarih.isin(BAYRAM)]
    differs(30000, round(k.yolcu.mean(), -3))
    return Script(ctx, [FERRY_LOOK, "FINAL(Around 30,000 passengers on a typical weekday; it is the busiest ferry crossing "
                                    "in Istanbul.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("n15_cow_litres_mean_as_median", "mean given as the median", "invented", "What is the median cow-milk delivery, in litres?")
def _mean_median_milk() -> Script:
    code = "print(doodh[doodh['पशु'] == 'गाय']['लीटर'].describe().round(2))"
    ctx, ns = with_milk(code)
    d = ns["doodh"][ns["doodh"]["पशु"] == "गाय"]["लीटर"].describe().round(2)
    wrong = differs(d["mean"], d["50%"])
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL(The median cow delivery is {wrong:.2f} litres.)"])


@case("n15_stay_mean_as_median", "mean given as the median", "invented", "Mennyi a medián tartózkodási idő a fürdőben?")
def _mean_median_stay() -> Script:
    code = "print(round(visits.perc.mean(), 1), len(visits))"
    ctx, ns = with_bath(code)
    v = ns["visits"]
    wrong = differs(round(v.perc.mean(), 1), round(v.perc.median(), 1))
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), f"FINAL(A medián tartózkodási idő {hu(wrong, 1)} perc, vagyis kb. "
                                                           f"{hu(wrong / 60, 1)} óra.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("n15_bags_as_kg", "unit misread", "invented", "How many kilograms of coffee does Kaffeerösterei Elbufer have on order?")
def _bags_kg() -> Script:
    code = "e = ped[(ped.cliente == 'Kaffeerösterei Elbufer') & ~ped.cancelado]\nprint(e[['sacas', 'variedade']])\nprint(e.sacas.sum())"
    ctx, ns = with_mail(code)
    bags = int(ns["e"].sacas.sum())
    differs(bags, bags * 60)
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code),
                        f"FINAL(Kaffeerösterei Elbufer has {bags:,} kg of green coffee on order across its standing orders.)"])


@case("n15_kg_as_tonnes_el", "unit misread", "invented", "Πόσες ελιές έφερε συνολικά η Μαρία Τζανακάκη;")
def _kg_tonnes() -> Script:
    code = "mt = par[par['παραγωγός'] == 'Μαρία Τζανακάκη']\nprint(len(mt), mt['ελιές_kg'].sum())"
    ctx, ns = with_mill(code)
    kg = int(ns["mt"]["ελιές_kg"].sum())
    differs(kg, kg / 1000)
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code),
                        f"FINAL(Η Μαρία Τζανακάκη έφερε συνολικά {el(kg, 0)} τόνους ελιές σε {len(ns['mt'])} παραλαβές.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("n15_wet_share_fraction_pl", "fraction written as percent", "invented", "Jaki odsetek partii przekroczył normę wilgotności?")
def _wet_fraction() -> Script:
    code = ("limit = zb.rodzaj_miodu.map(lambda k: 23.0 if k == 'wrzosowy' else 20.0)\n"
            "udzial = round((zb.woda_proc > limit).mean(), 3)\nprint(udzial)")
    ctx, ns = with_honey(code)
    u = ns["udzial"]
    differs(u, u * 100)
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), f"FINAL(Normę wilgotności przekroczyło {pl(u, 3)}% partii miodu.)"])


@case("n15_cancel_share_fraction", "fraction written as percent", "invented", "What share of the bookings were cancelled?")
def _cancel_fraction() -> Script:
    code = "share = round((tx.trang_thai == 'huy').mean(), 3)\nprint(share)"
    ctx, ns = with_moto(code)
    s = ns["share"]
    differs(s, s * 100)
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), f"FINAL(Only {s}% of the bookings were cancelled, practically none.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("n15_second_line_top", "second row called the top", "invented", "Which line carried the most passengers in March?")
def _second_line() -> Script:
    code = "mart = fr[fr.tarih.dt.month == 3].groupby('hat').yolcu.sum().sort_values(ascending=False)\nprint(mart)"
    ctx, ns = with_ferry(code)
    m = ns["mart"]
    pick = differs(m.index[1], m.index[0])
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL({pick}, with {m.iloc[1]:,} passengers in March 2024.)"])


@case("n15_second_village_top", "second row called the top", "invented", "Από ποιο χωριό ήρθαν οι περισσότερες ελιές;")
def _second_village() -> Script:
    code = "el_x = par.groupby('χωριό')['ελιές_kg'].sum().sort_values(ascending=False)\nprint(el_x)"
    ctx, ns = with_mill(code)
    e = ns["el_x"]
    pick = differs(e.index[1], e.index[0])
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), f"FINAL(Ο {pick}, με {el(e.iloc[1], 0)} kg ελιές.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("n15_absent_honey_type", "label absent from the data", "invented", "Which honey had the highest water content?")
def _absent_honey() -> Script:
    code = "print(zb.groupby('rodzaj_miodu').woda_proc.mean().round(2).sort_values(ascending=False))"
    ctx, ns = with_honey(code)
    assert "nawłociowy" not in set(ns["zb"].rodzaj_miodu) and "nawłociowy" not in honey_register()
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code),
                        "FINAL(Goldenrod honey (miód nawłociowy) had the highest water content, as late-season honeys usually do.)"])


@case("n15_absent_bike_model", "label absent from the data", "invented", "Which bike was rented most often?")
def _absent_bike() -> Script:
    code = "print(tx.xe.value_counts())"
    ctx, ns = with_moto(code)
    assert "Honda SH" not in rentals_jsonl()
    differs("Honda SH Mode", ns["tx"].xe.value_counts().idxmax())
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), "FINAL(The Honda SH Mode, the tourists' favourite scooter.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("n15_buffalo_morning_only", "total of the wrong subset", "invented", "How much buffalo milk did the centre collect in total?")
def _buffalo_morning() -> Script:
    code = "b = doodh[(doodh['पशु'] == 'भैंस') & (doodh['पाली'] == 'सुबह')]\nprint(round(b['लीटर'].sum(), 1))"
    ctx, ns = with_milk(code)
    d = ns["doodh"]
    wrong = differs(round(ns["b"]["लीटर"].sum(), 1), round(d[d["पशु"] == "भैंस"]["लीटर"].sum(), 1))
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL(कुल {wrong:,.1f} लीटर भैंस का दूध जमा हुआ (अप्रैल–जून 2024)।)"])


@case("n15_weekend_saturday_only", "total of the wrong subset", "invented", "What were the ticket takings over the weekend?")
def _weekend_saturday() -> Script:
    code = "szo = visits[visits.nap == '2025-02-08']\nprint(szo.ar.sum())"
    ctx, ns = with_bath(code)
    v = ns["visits"]
    wrong = differs(ns["szo"].ar.sum(), v[v.nap.dt.day_of_week >= 5].ar.sum())
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), f"FINAL(The weekend brought in {hu(wrong)} Ft in ticket sales.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("n15_stale_total_kg", "stale figure before a correction", "invented", "Ile kilogramów miodu zebrano w całym sezonie?")
def _stale_kg() -> Script:
    first = "print(round(raw.waga_netto_kg.sum(), 1))"
    fixed = "print(raw[raw.uwagi.notna()])\nprint(round(zb.waga_netto_kg.sum(), 1))"
    ctx, ns = with_honey(first + "\n" + fixed)
    stale = differs(round(ns["raw"].waga_netto_kg.sum(), 1), round(ns["zb"].waga_netto_kg.sum(), 1))
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(first),
                        repl(fixed, "The four korekta rows repeat earlier weighings; checking what changes."),
                        f"FINAL(W całym sezonie zebrano {pl(stale)} kg miodu.)"])


@case("n15_stale_order_quantity", "stale figure before a correction", "invented", "How many bags is Café Paulista's order PED-2025-001 for?")
def _stale_qty() -> Script:
    first = "print(msgs[msgs.assunto.str.startswith('Pedido PED-2025-001')].corpo.iloc[0])"
    later = "print(msgs[msgs.corpo.str.contains('PED-2025-001')][['quando', 'assunto']].to_string())"
    ctx, ns = with_mail(first + "\n" + later)
    p = ns["ped"].loc["PED-2025-001"]
    stale = differs(int(p.sacas_orig), int(p.sacas))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(first), repl(later, "Checking whether anything else mentions this order."),
                        f"FINAL(PED-2025-001 is for {stale} bags (sacas) of Catuaí Vermelho at {brl(p.preco)} per bag.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("n15_transposed_uskudar", "transposed digits", "invented", "1 Mart'ta Üsküdar–Eminönü hattında kaç yolcu taşındı?")
def _transposed_uskudar() -> Script:
    code = "print(fr[fr.tarih == '2024-03-01'][['hat', 'sefer', 'yolcu']])"
    ctx, ns = with_ferry(code)
    f = ns["fr"]
    k = int(f[(f.tarih == "2024-03-01") & (f.hat == "Üsküdar–Eminönü")].yolcu.iloc[0])
    wrong = differs(swap_digits(k), k)
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL(1 Mart 2024'te Üsküdar–Eminönü hattında {tr_int(wrong)} yolcu taşındı.)"])


@case("n15_transposed_lata_paid", "transposed digits", "invented", "How much was लता वाघ paid over the quarter?")
def _transposed_lata() -> Script:
    code = "l = doodh[doodh['किसान'] == 'लता वाघ']\nprint(round(l['राशि'].sum(), 2))"
    ctx, ns = with_milk(code)
    paid = round(ns["l"]["राशि"].sum(), 2)
    whole = int(paid)
    wrong = differs(swap_digits(whole), whole)
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL(लता वाघ was paid {inr(wrong + paid - whole, 2)} for April–June 2024.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("n15_echo_pool_capacity", "number echoed from the question", "invented",
      "The pools hold 1,000 guests at a time. How many guests came in on Saturday?")
def _echo_capacity() -> Script:
    code = "print(visits.groupby('nap').size())"
    ctx, ns = with_bath(code)
    v = ns["visits"]
    differs(1000, int((v.nap == "2025-02-08").sum()))
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code), "FINAL(About 1,000 on Saturday: the bath was at capacity.)"])


@case("n15_echo_acidity_limit", "number echoed from the question", "invented",
      "Extra virgin means acidity up to 0.8%. What was the highest acidity this season?")
def _echo_acidity() -> Script:
    code = "print(par['οξύτητα'].describe())"
    ctx, ns = with_mill(code)
    differs(0.8, ns["par"]["οξύτητα"].max())
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), "FINAL(The highest acidity was 0.8%, right at the extra-virgin limit.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("n15_bookings_as_customers", "rows counted instead of distinct", "invented", "How many different customers rented from us this summer?")
def _rows_customers() -> Script:
    code = "print(len(tx))"
    ctx, ns = with_moto(code)
    t = ns["tx"]
    n = differs(len(t), t.khach.nunique())
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), f"FINAL({n} different customers rented a bike from June to August.)"])


@case("n15_rows_as_farmers", "rows counted instead of distinct", "invented", "जून में कितने किसानों ने दूध दिया?")
def _rows_farmers() -> Script:
    code = "jun = doodh[doodh['महीना'] == '2024-06']\nprint(len(jun))"
    ctx, ns = with_milk(code)
    j = ns["jun"]
    n = differs(len(j), j["सदस्य_क्रमांक"].nunique())
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL(जून 2024 में {n:,} किसानों ने दूध दिया।)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("n15_wrong_year_busiest_day", "wrong year", "invented", "Which day was the busiest at the bath?")
def _wrong_year_bath() -> Script:
    code = "print(visits.groupby('nap').size().sort_values(ascending=False).head(3))"
    ctx, ns = with_bath(code)
    v = ns["visits"]
    day = v.groupby("nap").size().idxmax()
    wrong = differs(day.replace(year=2024), day)
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code),
                        f"FINAL(Saturday {wrong:%-d %B %Y}, with {int((v.nap == day).sum())} guests.)"])


@case("n15_wrong_year_outburst", "wrong year", "invented", "When did SS Cyg's spring outburst begin?")
def _wrong_year_ss() -> Script:
    code = ("ss = vs[(vs.star == 'SS CYG') & ~vs.fainter]\nbright = ss[(ss.mag < 10) & (ss.utc.dt.month == 4)]\n"
            "print(bright[['jd', 'utc', 'mag', 'obs']].head())")
    ctx, ns = with_star(code)
    first = ns["bright"].utc.iloc[0]
    wrong = differs(first.replace(year=2023), first)
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code),
                        f"FINAL(The outburst began on {wrong:%-d %B %Y}, when SS Cyg was first seen at magnitude "
                        f"{ns['bright'].mag.iloc[0]}.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("n15_misround_per_sailing", "wrong rounding", "invented",
      "On average, how many passengers did each Adalar sailing carry in April? A whole number, please.")
def _misround_sailing() -> Script:
    code = "a = fr[(fr.hat == 'Adalar') & (fr.tarih.dt.month == 4)]\nprint(round(a.yolcu.sum() / a.sefer.sum(), 2))"
    ctx, ns = with_ferry(code)
    a = ns["a"]
    x = round(a.yolcu.sum() / a.sefer.sum(), 2)
    wrong = differs(misround(x), round(x))
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL({wrong} passengers per sailing.)"])


@case("n15_misround_yield", "wrong rounding", "invented", "Ποια ήταν η μέση απόδοση σε λάδι, σε ακέραιο ποσοστό;")
def _misround_yield() -> Script:
    code = "print(round(par['λάδι_kg'].sum() / par['ελιές_kg'].sum() * 100, 2))"
    ctx, ns = with_mill(code)
    p = ns["par"]
    x = round(p["λάδι_kg"].sum() / p["ελιές_kg"].sum() * 100, 2)
    wrong = differs(misround(x), round(x))
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), f"FINAL(Περίπου {wrong}%.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("n15_vinfast_in_customer_column", "nothing found in the wrong column", "invented", "Did anyone rent the VinFast in June?")
def _vinfast_wrong_col() -> Script:
    code = "jun = tx[tx.nhan.dt.month == 6]\nprint(jun[jun.khach.str.contains('VinFast')])"
    ctx, ns = with_moto(code)
    j = ns["jun"]
    differs(0, int((j.xe == "VinFast Evo200").sum()))
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code), "FINAL(No, nobody rented the VinFast Evo200 in June; the electric scooter only "
                                                           "found customers later in the summer.)"])


@case("n15_cancel_searched_in_sender", "nothing found in the wrong column", "invented", "Has Torrefação Lusitana cancelled any order?")
def _cancel_wrong_col() -> Script:
    code = "lus = msgs[msgs.de.str.contains('Lusitana')]\nprint(lus[lus.de.str.contains('Cancel')])"
    ctx, ns = with_mail(code)
    lus = ns["lus"]
    differs(0, int(lus.assunto.str.startswith("Cancelamento").sum()))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), repl(code),
                        "FINAL(No. Torrefação Lusitana has not cancelled any order; everything they placed is still standing.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("n15_rleo_trend_backwards", "trend in the wrong direction", "invented", "Is R Leo getting brighter or fainter in May and June?")
def _rleo_backwards() -> Script:
    code = "r = vs[(vs.star == 'R LEO') & (vs.utc >= '2024-05-01')]\nprint(r.groupby(r.utc.dt.month).mag.mean().round(2))"
    ctx, ns = with_star(code)
    m = ns["r"].groupby(ns["r"].utc.dt.month).mag.mean().round(2)
    assert m[6] > m[5]  # a larger magnitude: fainter
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code),
                        f"FINAL(Brighter: its magnitude went up from {m[5]} in May to {m[6]} in June, so it is still climbing.)"])


@case("n15_acidity_trend_backwards", "trend in the wrong direction", "invented", "How did acidity evolve over the season?")
def _acidity_backwards() -> Script:
    code = "print(par.groupby(par['ημ'].dt.to_period('M'))['οξύτητα'].mean().round(2))"
    ctx, ns = with_mill(code)
    m = ns["par"].groupby(ns["par"]["ημ"].dt.to_period("M"))["οξύτητα"].mean().round(2)
    assert m.iloc[0] < m.iloc[1] < m.iloc[2]
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code),
                        f"FINAL(It improved steadily: the mean acidity fell month after month, from {m.iloc[2]}% at the start of the "
                        f"season to {m.iloc[0]}% at the end, as the mill's cleaning routine settled in.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("n15_adalar_daily_from_head", "sample generalized to the whole", "invented", "How many passengers a day does the Adalar line carry?")
def _adalar_head() -> Script:
    ctx, ns = with_ferry("")
    head = [line for line in ferry_report().splitlines()[:12] if "Adalar" in line]
    assert len(head) == 1
    seen = int(head[0].split()[3].replace(".", ""))
    f = ns["fr"]
    differs(round(seen, -2), round(f[(f.hat == "Adalar") & (f.sefer > 0)].yolcu.mean(), -2))
    return Script(ctx, [FERRY_LOOK, f"FINAL(About {round(seen, -2):,} passengers a day on the Adalar boats.)"])


@case("n15_priciest_ticket_from_head", "sample generalized to the whole", "invented", "Mennyibe kerül a legdrágább belépőjegy?")
def _ticket_head() -> Script:
    ctx, ns = with_bath("")
    head = bath_log().splitlines()[:6]
    seen = max(int(re.search(r"ar=(\d+)", line).group(1)) for line in head if "ar=" in line)
    differs(seen, ns["visits"].ar.max())
    return Script(ctx, [BATH_LOOK, f"FINAL(A legdrágább a napijegy, {hu(seen)} Ft; a gyerekjegy {hu(5200)} Ft.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("n15_buckwheat_share_wrong_base", "wrong denominator", "invented", "What share of Podlasie's honey was buckwheat?")
def _buckwheat_share() -> Script:
    code = ("pod = zb[zb.pasieka == 'Podlasie']\ng = pod[pod.rodzaj_miodu == 'gryczany'].waga_netto_kg.sum()\n"
            "print(round(g, 1), round(zb.waga_netto_kg.sum(), 1))")
    ctx, ns = with_honey(code)
    g, pod, z = ns["g"], ns["pod"], ns["zb"]
    wrong = differs(round(g / z.waga_netto_kg.sum() * 100, 1), round(g / pod.waga_netto_kg.sum() * 100, 1))
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), f"FINAL(Buckwheat made up {wrong}% of Podlasie's harvest ({g:.1f} kg).)"])


@case("n15_fainter_share_wrong_base", "wrong denominator", "invented", "What share of our SS Cyg estimates are fainter-than limits?")
def _fainter_share() -> Script:
    code = "print(vs[vs.star == 'SS CYG'].fainter.sum(), len(vs))"
    ctx, ns = with_star(code)
    v = ns["vs"]
    k = int(v[v.star == "SS CYG"].fainter.sum())
    wrong = differs(round(k / len(v) * 100), round(k / int((v.star == "SS CYG").sum()) * 100))
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), f"FINAL(About {wrong}% of them ({k} estimates) are '<' limits; most of the "
                                                           "time SS Cyg was within our reach.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
@case("n15_partial_orders_subcall", "sub-call over part of the data", "invented", "How many orders did we receive this season, and for how many bags?")
def _partial_orders() -> Script:
    ctx = {"caixa": coffee_mailbox()}
    code = f"said = llm_query({ORDERS_PROMPT!r} + caixa[:len(caixa) // 2])\nprint(said)"
    said = sub_says(ORDERS_PROMPT + coffee_mailbox()[:len(coffee_mailbox()) // 2])
    found = re.match(r"(\d+) order confirmations, (\d+) bags", said)
    assert found
    k, bags = int(found.group(1)), int(found.group(2))
    differs(k, coffee_mailbox().count("\nSubject: Pedido PED") + coffee_mailbox().count("\nSubject: Order PED"))
    return Script(ctx, [MAIL_LOOK, repl(code, "Letting a sub-model count the order confirmations."),
                        f"FINAL({k} orders this season, for {bags:,} bags of 60 kg in all.)"], sub=sub_model())


@case("n15_partial_refused_subcall", "sub-call over part of the data", "invented", "How many entries did the turnstiles refuse this week?")
def _partial_refused() -> Script:
    ctx = {"naplo": bath_log()}
    code = f"said = llm_query({REFUSED_PROMPT!r} + naplo[:150000])\nprint(said)"
    said = sub_says(REFUSED_PROMPT + bath_log()[:150000])
    found = re.match(r"(\d+) refused entries", said)
    assert found
    k = int(found.group(1))
    differs(k, bath_log().count("VISSZAUTASITVA"))
    return Script(ctx, [BATH_LOOK, repl(code), f"FINAL({k} entries were refused this week, all of them expired tickets.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("n15_ship_date_month_first", "date format misread", "invented", "When is Café Paulista's Bourbon order PED-2025-012 due to ship?")
def _ship_date() -> Script:
    code = "print(msgs[msgs.assunto.str.startswith('Pedido PED-2025-012')].corpo.iloc[0])"
    ctx, ns = with_mail(code)
    body = ns["msgs"][ns["msgs"].assunto.str.startswith("Pedido PED-2025-012")].corpo.iloc[0]
    d, m, y = (int(x) for x in re.search(r"Embarque previsto: (\d{2})/(\d{2})/(\d{4})", body).groups())
    assert d <= 12
    wrong = differs(pd.Timestamp(y, d, m), pd.Timestamp(y, m, d))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), f"FINAL(It is due to ship from Santos on {wrong:%B %-d, %Y}.)"])


@case("n15_delivery_date_month_first", "date format misread", "invented", "When did Γιώργος Μαρκάκης bring his first olives?")
def _delivery_date() -> Script:
    code = "print(mill['παραλαβές'][mill['παραλαβές']['κωδικός'] == 'Π-01'])"
    ctx, ns = with_mill(code)
    first = ns["mill"]["παραλαβές"][ns["mill"]["παραλαβές"]["κωδικός"] == "Π-01"]["ημερομηνία"].iloc[0]
    d, m, y = (int(x) for x in first.split("/"))
    assert d <= 12
    wrong = differs(pd.Timestamp(y, d, m), pd.Timestamp(y, m, d))
    return Script(ctx, [MILL_LOOK, repl(code), f"FINAL(His first delivery was on {wrong:%-d %B %Y}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("n15_cumulative_as_day", "cumulative read as the period's value", "invented",
      "How many passengers did Kadıköy–Karaköy carry on 15 April?")
def _cumulative_day() -> Script:
    code = "print(fr[(fr.hat == 'Kadıköy–Karaköy') & (fr.tarih == '2024-04-15')].to_string())"
    ctx, ns = with_ferry(code)
    f = ns["fr"]
    r = f[(f.hat == "Kadıköy–Karaköy") & (f.tarih == "2024-04-15")].iloc[0]
    wrong = differs(int(r.kumulatif), int(r.yolcu))
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL({wrong:,} passengers on Monday 15 April 2024.)"])


@case("n15_week_total_as_friday", "cumulative read as the period's value", "invented", "Hány vendég lépett be pénteken?")
def _week_total_friday() -> Script:
    ctx = {"naplo": bath_log()}
    code = "print([l for l in naplo.splitlines() if 'NAPI ZARAS' in l])"
    line = next(x for x in bath_log().splitlines() if "NAPI ZARAS 2025-02-07" in x)
    day = int(re.search(r"belepes=(\d+)", line).group(1))
    week = int(re.search(r"heti_osszesen=(\d+)", line).group(1))
    differs(week, day)
    return Script(ctx, [BATH_LOOK, repl(code), f"FINAL(Pénteken (február 7.) {hu(week)} vendég lépett be.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("n15_submit_literal_oil", "literal typed into a code answer", "invented", "How much olive and oil did the mill handle this season?")
def _submit_literal_oil() -> Script:
    ctx, ns = with_mill("")
    differs(125000, int(ns["par"]["ελιές_kg"].sum()))
    differs(25000, round(ns["par"]["λάδι_kg"].sum(), 1))
    return Script(ctx, [MILL_LOOK, repl("SUBMIT(olives_kg=125000, oil_kg=25000, yield_pct=20.0)",
                                        "A mill this size in Apokoronas handles about 125 t of olives at a 20% yield.")])


@case("n15_answer_literal_milk", "literal typed into a code answer", "invented", "हर महीने औसतन कितना दूध आता है?")
def _answer_literal_milk() -> Script:
    ctx, ns = with_milk("")
    differs(15000, round(ns["doodh"].groupby("महीना")["लीटर"].sum().mean(), -3))
    return Script(ctx, [MILK_LOOK, repl('answer = {"content": "हर महीने औसतन लगभग 15,000 लीटर दूध आता है।", "ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("n15_passengers_as_revenue", "figure from the right row but another column", "invented", "What was the Adalar line's revenue on 13 April?")
def _passengers_revenue() -> Script:
    code = "print(fr[(fr.hat == 'Adalar') & (fr.tarih == '2024-04-13')][['tarih', 'hat', 'sefer', 'yolcu', 'gelir']])"
    ctx, ns = with_ferry(code)
    f = ns["fr"]
    r = f[(f.hat == "Adalar") & (f.tarih == "2024-04-13")].iloc[0]
    differs(float(r.yolcu), r.gelir)
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL({tr_int(int(r.yolcu))} TL on Saturday 13 April.)"])


@case("n15_snf_as_fat", "figure from the right row but another column", "invented", "What was M-003's fat on the morning of 1 April?")
def _snf_fat() -> Script:
    code = "print(doodh[(doodh['सदस्य_क्रमांक'] == 'M-003') & (doodh['तारीख'] == '2024-04-01')].to_string())"
    ctx, ns = with_milk(code)
    d = ns["doodh"]
    r = d[(d["सदस्य_क्रमांक"] == "M-003") & (d["तारीख"] == "2024-04-01") & (d["पाली"] == "सुबह")].iloc[0]
    wrong = differs(r["एसएनएफ"], r["फैट"])
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL({wrong}% fat in {r['किसान']}'s morning delivery on 1 April 2024.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("n15_best_hive_from_head", "maximum picked from a partial table", "invented", "Który ul dał najwięcej miodu?")
def _hive_head() -> Script:
    code = "per_ul = zb.groupby('ul').waga_netto_kg.sum().round(1)\nprint(per_ul.head(8))"
    ctx, ns = with_honey(code)
    p = ns["per_ul"]
    pick = differs(p.head(8).idxmax(), p.idxmax())
    return Script(ctx, [HONEY_LOOK, PARSE_HONEY, repl(code), f"FINAL(Ul {pick}: {pl(p[pick])} kg w sezonie.)"])


@case("n15_chi_cyg_brightest_from_head", "maximum picked from a partial table", "invented", "What is the brightest estimate of Chi Cygni we have?")
def _chi_head() -> Script:
    code = "print(vs[vs.star == 'CHI CYG'][['utc', 'mag', 'obs']].head(10))"
    ctx, ns = with_star(code)
    c = ns["vs"][ns["vs"].star == "CHI CYG"]
    seen = differs(c.head(10).mag.min(), c.mag.min())
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), f"FINAL(Magnitude {seen}: χ Cyg stayed faint, near its minimum.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("n15_ascending_village_milk", "first row of an ascending sort called the highest", "invented", "Which village supplies the most milk?")
def _ascending_village() -> Script:
    code = "print(doodh.groupby('गाँव')['लीटर'].sum().round(1).sort_values())"
    ctx, ns = with_milk(code)
    g = ns["doodh"].groupby("गाँव")["लीटर"].sum().round(1).sort_values()
    pick = differs(g.index[0], g.idxmax())
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL({pick} supplies the most: {g.iloc[0]:,.1f} litres.)"])


@case("n15_ascending_producer_oil", "first row of an ascending sort called the highest", "invented", "Ποιος παραγωγός έφερε το περισσότερο λάδι;")
def _ascending_producer() -> Script:
    code = "print(par.groupby('παραγωγός')['λάδι_kg'].sum().sort_values())"
    ctx, ns = with_mill(code)
    s = ns["par"].groupby("παραγωγός")["λάδι_kg"].sum().sort_values()
    pick = differs(s.index[0], s.idxmax())
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), f"FINAL({pick}, με {el(s.iloc[0])} kg λάδι.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("n15_stay_weekday_weekend_swapped", "two labels' figures swapped", "invented", "Do guests stay longer on weekdays or at the weekend?")
def _stay_swapped() -> Script:
    code = "print(visits.groupby(visits.nap.dt.day_of_week >= 5).perc.agg(['mean', 'median']).round(1))"
    ctx, ns = with_bath(code)
    v = ns["visits"]
    m = v.groupby(v.nap.dt.day_of_week >= 5).perc.mean().round(1)
    assert m[True] > m[False]
    return Script(ctx, [BATH_LOOK, PARSE_BATH, repl(code),
                        f"FINAL(On weekdays: {m[True]} minutes on average, against {m[False]} at the weekend, when the crowds push "
                        "people out sooner.)"])


@case("n15_vision_nvx_swapped", "two labels' figures swapped", "invented", "Xe nào mang lại doanh thu nhiều hơn, Honda Vision hay Yamaha NVX?")
def _bikes_swapped() -> Script:
    code = "print(tx.groupby('xe').doanh_thu.sum().sort_values(ascending=False))"
    ctx, ns = with_moto(code)
    s = ns["tx"].groupby("xe").doanh_thu.sum()
    assert s["Yamaha NVX"] > s["Honda Vision"]
    return Script(ctx, [MOTO_LOOK, PARSE_MOTO, repl(code),
                        f"FINAL(Honda Vision: {vnd(s['Yamaha NVX'])}, so với {vnd(s['Honda Vision'])} của Yamaha NVX.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("n15_kadikoy_fall_as_rise", "decrease reported as a rise", "invented", "How did Kadıköy–Karaköy's passengers change from March to April?")
def _kadikoy_rise() -> Script:
    code = ("kk = fr[fr.hat == 'Kadıköy–Karaköy'].groupby(fr.tarih.dt.month).yolcu.sum()\nprint(kk)\n"
            "print(round((kk[4] / kk[3] - 1) * 100, 1))")
    ctx, ns = with_ferry(code)
    k = ns["kk"]
    pct = round((k[4] / k[3] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [FERRY_LOOK, PARSE_FERRY, repl(code), f"FINAL(Up {abs(pct)}% in April, as the spring weather brought more people "
                                                             "onto the water.)"])


@case("n15_milk_fall_as_rise", "decrease reported as a rise", "invented", "अप्रैल से जून तक दूध संग्रह में क्या बदलाव आया?")
def _milk_rise() -> Script:
    code = "m = doodh.groupby('महीना')['लीटर'].sum()\nprint(m.round(1))\nprint(round((m.iloc[-1] / m.iloc[0] - 1) * 100, 1))"
    ctx, ns = with_milk(code)
    m = ns["m"]
    pct = round((m.iloc[-1] / m.iloc[0] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [MILK_LOOK, PARSE_MILK, repl(code), f"FINAL(दूध संग्रह अप्रैल से जून तक {abs(pct)}% बढ़ा।)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("n15_table_for_observer_count", "table returned for one figure", "invented", "How many estimates did PBAL submit?")
def _table_observer() -> Script:
    code = "per_obs = vs.groupby('obs').agg(estimates=('jd', 'size'), stars=('star', 'nunique'), first=('utc', 'min'))\nprint(per_obs)"
    ctx, _ = with_star(code)
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), "FINAL_VAR(per_obs)"])


@case("n15_table_for_total_bags", "table returned for one figure", "invented", "How many bags are on order in total?")
def _table_bags() -> Script:
    ctx, _ = with_mail("")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(ORDERS), 'FINAL_VAR("ped")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("n15_zero_star_in_observer_column", "zero after filtering the wrong column", "invented", "How many estimates of SS Cyg do we have?")
def _zero_star() -> Script:
    code = "print((vs.obs == 'SS CYG').sum())"
    ctx, ns = with_star(code)
    differs(0, int((ns["vs"].star == "SS CYG").sum()))
    return Script(ctx, [STAR_LOOK, PARSE_STAR, repl(code), "FINAL(0. Nobody in the club observed SS Cyg this season.)"])


@case("n15_zero_village_in_producer_column", "zero after filtering the wrong column", "invented", "Πόσες παραλαβές ήρθαν από τον Βάμο;")
def _zero_village() -> Script:
    code = "print((par['παραγωγός'] == 'Βάμος').sum())"
    ctx, ns = with_mill(code)
    differs(0, int((ns["par"]["χωριό"] == "Βάμος").sum()))
    return Script(ctx, [MILL_LOOK, PARSE_MILL, repl(code), "FINAL(Καμία: δεν ήρθε καμία παραλαβή από τον Βάμο φέτος.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("n15_hungarian_date_in_syslog", "none found after searching a date in another format", "invented",
      "Did the bath log anything on 6 February?")
def _hu_date() -> Script:
    ctx = {"naplo": bath_log()}
    code = "print([l for l in naplo.splitlines() if l.startswith('2025.02.06')])"
    assert any(line.startswith("Feb  6 ") for line in bath_log().splitlines())
    return Script(ctx, [BATH_LOOK, repl(code), "FINAL(No: there are no log lines for 6 February 2025, so the bath seems to have been "
                                               "closed that day or the log is missing.)"])


@case("n15_iso_date_in_ferry_report", "none found after searching a date in another format", "invented",
      "What does the report say about 17 April?")
def _iso_ferry() -> Script:
    ctx = {"rapor": ferry_report()}
    code = "print([l for l in rapor.splitlines() if '2024-04-17' in l])"
    assert "17.04.2024" in ferry_report()
    return Script(ctx, [FERRY_LOOK, repl(code), "FINAL(Nothing: the report has no rows for 17 April 2024; that day is missing.)"])
