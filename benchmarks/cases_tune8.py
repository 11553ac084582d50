"""Acceptance cases, written as the seventh held-out set (``cases_holdout7``), now a tuning set.

It was written apart from the gates and measured as such, on its aggregates only (the figures are in RESULTS.md);
once ``cases_holdout8`` had been written the same way to take its place, it was read case by case and tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune8``. The cases were written without looking at
the gates and without running them under any policy, as a capable model writes its answers (legitimate) or as weaker
models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``. Every case name starts
with ``h7_``.

Size: 69 legitimate answers covering all 33 legitimate classes (two or three each) and 58 invented or misread ones
covering all 29 invented classes (two each). Before it was committed, each case was built and its replies' code run
in a plain namespace against the case's own data (with the case's sub-model standing in for the sub-calls), only to
check that the code runs and the figures are the ones it computes; no case was run under the acceptance benchmark.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``); every invented figure or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Québec sugar bush's daily sap collection (French
column names, dates written ``14 mars 2024``, sugar content in degrees Brix), an Amsterdam canal-boat operator's
tours (Dutch column names, dates ``dd-mm-yyyy``, departures written ``14.30``, takings as text like ``€ 1.234,50``),
an Oslo EV-charging network's session log (text: ``[dd.mm.yyyy HH:MM:SS]`` local stamps, ISO 8601 durations like
``PT42M15S``, prices in NOK), an Andalusian olive-oil cooperative's deliveries (Spanish column names, day-first dates,
weights as text like ``12.450 kg``, oil yield as ``21,4 %``), a chess club's rapid tournament as a nested dict
(players and rounds of games, results written ``1-0``, ``0-1``, ``½-½``), a German music radio's playlist log (text:
a header per day like ``### Mo 06.05.2024``, ``m:ss`` track lengths, rotation codes, jingles between songs), a Milan
school of Italian for foreigners (a dict of two tables with Italian column names, short day-first dates ``08/01/24``,
scores out of 100, drop-outs), park rangers' free-text trail reports, and a Croatian marina's berth tariff and
harbour rules in markdown. Each frame builder returns a fresh copy (model code may change a frame in place).
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
SECTEURS = {"Nord": 1400, "Sud": 1850, "Colline": 950, "Ruisseau": 1200}  # taps (entailles) per sector
MOIS = {3: "mars", 4: "avril"}
MONTHS_EN = {"mars": "March", "avril": "April"}


def seve() -> pd.DataFrame:
    return _seve().copy()


@functools.lru_cache(maxsize=1)
def _seve(seed: int = 4701) -> pd.DataFrame:
    """A Québec sugar bush's sap collection, 10 March to 20 April 2024, one row per sector and day: the date as French
    text (``14 mars 2024``), the sector, its taps, litres of sap collected, the sap's sugar content (°Brix) and the
    day's highest and lowest temperature (°C). Sap runs on freeze-thaw days (a frost at night, a thaw by day); the
    flow peaks in late March and the sugar content falls over the season."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-03-10", "2024-04-20")
    i = np.arange(len(days))
    t_max = (1.0 + 0.3 * i + rng.normal(0, 3.2, len(days))).round(1)
    t_min = (t_max - rng.uniform(7, 13, len(days))).round(1)
    season = np.exp(-((i - 17) / 11) ** 2)
    rows = []
    for k, day in enumerate(days):
        thaw = t_min[k] < 0 < t_max[k]
        for sector, taps in SECTEURS.items():
            per_tap = rng.gamma(2.2, 0.55) * season[k] * (1.0 if thaw else 0.0) * (1.15 if sector == "Sud" else 1.0)
            brix = 2.7 - 0.024 * k + rng.normal(0, 0.12) + (0.25 if sector == "Colline" else 0)
            rows.append((f"{day.day} {MOIS[day.month]} 2024", sector, taps, round(per_tap * taps, 1),
                         round(brix, 1), t_max[k], t_min[k]))
    return pd.DataFrame(rows, columns=["jour", "secteur", "entailles", "seve_l", "brix", "t_max", "t_min"])


BOATS = {"Prinses Irene": 80, "De Amstel": 60, "Keizersgracht": 45, "Zonnestraal": 100}
ROUTES = {"Grachtengordel": 18.0, "Jordaan": 21.0, "Haven": 16.0, "Avondtocht": 29.0}
DEPARTURES = ["10.00", "11.30", "13.00", "14.30", "16.00", "17.30", "21.00"]


def nl_money(x: float) -> str:
    """Dutch takings as the till exports them: ``€ 1.234,50``."""
    return "€ " + f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def rondvaarten() -> pd.DataFrame:
    return _rondvaarten().copy()


@functools.lru_cache(maxsize=1)
def _rondvaarten(seed: int = 4702) -> pd.DataFrame:
    """An Amsterdam canal-boat operator's tours, July and August 2024: date (``01-07-2024``), departure (``14.30``),
    boat, route, tour language, status (``gevaren`` sailed, ``geannuleerd`` cancelled), passengers, seats and the
    takings as text (``€ 1.234,50``). The 21.00 departure is the evening tour; weekends are fuller; August is quieter
    than July."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-07-01", "2024-08-31"):
        weekend = day.day_of_week >= 5
        month = 1.0 if day.month == 7 else 0.86
        storm = rng.random() < 0.05
        for dep in DEPARTURES:
            route = "Avondtocht" if dep == "21.00" else str(rng.choice(list(ROUTES)[:3], p=[.5, .3, .2]))
            boat = str(rng.choice(list(BOATS), p=[.3, .25, .2, .25]))
            seats = BOATS[boat]
            pull = {"10.00": .55, "11.30": .7, "13.00": .8, "14.30": .85, "16.00": .75, "17.30": .6, "21.00": .9}[dep]
            cancelled = (storm and dep != "10.00") or rng.random() < 0.015
            p = min(0.98, pull * month * (1.15 if weekend else 1.0))
            pax = 0 if cancelled else int(rng.binomial(seats, p))
            takings = round(pax * ROUTES[route] * rng.uniform(0.84, 0.97), 2) if pax else 0.0
            rows.append((f"{day:%d-%m-%Y}", dep, boat, route, str(rng.choice(["NL", "EN", "DE"], p=[.25, .6, .15])),
                         "geannuleerd" if cancelled else "gevaren", pax, seats, nl_money(takings)))
    return pd.DataFrame(rows, columns=["datum", "vertrek", "boot", "route", "taal", "status", "passagiers",
                                       "capaciteit", "omzet"])


SITES = {"Vulkan": "VUL", "Majorstuen": "MAJ", "Bryn": "BRY", "Lysaker": "LYS"}
CONNECTORS = {"CCS2": (4.99, 90.0), "CHAdeMO": (4.49, 45.0), "Type2": (3.49, 11.0)}  # NOK per kWh, kW
RESULTS = ["EV_DISCONNECTED", "EV_DISCONNECTED", "LOCAL_STOP", "REMOTE_STOP", "FAULT_GROUND", "FAULT_OVERCURRENT"]


def iso_duration(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return "PT" + (f"{h}H" if h else "") + (f"{m}M" if m else "") + f"{s}S"


@functools.lru_cache(maxsize=1)  # text is immutable: one build serves every run
def ev_log(sessions: int = 900, seed: int = 4703) -> str:
    """An Oslo charging network's session log, November 2024, one line per finished session in time order: the start as
    ``[04.11.2024 07:12:09]`` (Oslo local time, UTC+1), site, charger, connector, session id, energy (kWh), duration as
    ISO 8601 (``PT42M15S``), how it ended and the price in NOK. Faults cut a session short; Bryn's chargers fault most."""
    rng = np.random.default_rng(seed)
    hour_w = np.array([1, 1, 1, 1, 1, 2, 4, 8, 9, 6, 4, 4, 5, 4, 4, 6, 9, 10, 8, 6, 4, 3, 2, 1], dtype=float)
    day = rng.integers(0, 30, sessions)
    hour = rng.choice(24, sessions, p=hour_w / hour_w.sum())
    starts = np.sort(day * 86400 + hour * 3600 + rng.integers(0, 3600, sessions))
    out = []
    for s in starts:
        site = str(rng.choice(list(SITES), p=[.32, .28, .2, .2]))
        conn = str(rng.choice(list(CONNECTORS), p=[.55, .12, .33]))
        price, kw = CONNECTORS[conn]
        fault_p = 0.09 if site == "Bryn" else 0.025
        result = str(rng.choice(RESULTS[4:])) if rng.random() < fault_p else str(rng.choice(RESULTS[:4]))
        kwh = rng.gamma(3.0, 9.0) * (0.25 if result.startswith("FAULT") else 1.0)
        secs = int(kwh / (kw * rng.uniform(0.55, 0.9)) * 3600) + int(rng.integers(30, 300))
        stamp = pd.Timestamp("2024-11-01") + pd.Timedelta(seconds=int(s))
        charger = f"{SITES[site]}-{int(rng.integers(1, 5)):02d}"
        sid = "".join(rng.choice(list("0123456789abcdef"), 8))
        out.append(f"[{stamp:%d.%m.%Y %H:%M:%S}] site={site} charger={charger} connector={conn} session={sid} "
                   f"energy_kwh={kwh:.2f} duration={iso_duration(secs)} result={result} price_nok={kwh * price:.2f}")
    return "\n".join(out)


VARIEDADES = {"Picual": (0.6, 0.0), "Hojiblanca": (0.25, -1.2), "Arbequina": (0.15, -2.4)}


def aceite() -> pd.DataFrame:
    return _aceite().copy()


@functools.lru_cache(maxsize=1)
def _aceite(n: int = 380, seed: int = 4704) -> pd.DataFrame:
    """An Andalusian olive-oil cooperative's deliveries of the 2023/24 harvest (6 November 2023 to 9 February 2024):
    day-first date (``06/11/2023``), member, variety, weight as text (``12.450 kg``), oil yield as text (``21,4 %``) and
    acidity (degrees; extra virgin needs 0.8 or less). The yield rises as the olives ripen; acidity rises late in the
    season."""
    rng = np.random.default_rng(seed)
    day = pd.Timestamp("2023-11-06") + pd.to_timedelta(np.sort(rng.integers(0, 96, n)), unit="D")
    members = [f"S-{k:03d}" for k in rng.choice(range(1, 200), 30, replace=False)]
    weight = rng.pareto(1.5, 30) + 0.4
    rows = []
    for k, d in enumerate(day):
        var = str(rng.choice(list(VARIEDADES), p=[v[0] for v in VARIEDADES.values()]))
        frac = k / n
        kilos = int(rng.gamma(2.5, 2400)) + 300
        yield_pct = 17.5 + 6.0 * frac + VARIEDADES[var][1] + rng.normal(0, 0.8)
        acid = max(0.1, 0.25 + 0.9 * frac ** 3 + rng.gamma(1.2, 0.12))
        rows.append((f"{d:%d/%m/%Y}", str(rng.choice(members, p=weight / weight.sum())), var,
                     f"{kilos:,} kg".replace(",", "."), f"{yield_pct:.1f} %".replace(".", ","), round(acid, 2)))
    return pd.DataFrame(rows, columns=["fecha", "socio", "variedad", "kilos", "rendimiento", "acidez"])


CLUBS = ["ŠK Ljubljana", "ŠD Kranj", "ŠK Maribor", "ŠK Celje"]
NAMES = ["Ana Novak", "Luka Horvat", "Maja Kovač", "Jan Krajnc", "Eva Zupančič", "Nik Potočnik", "Sara Kos",
         "Žiga Vidmar", "Tina Golob", "Matej Turk", "Nina Kralj", "Rok Božič", "Pia Korošec", "Tim Mlakar",
         "Lea Zupan", "Gal Hribar"]


def torneo() -> dict[str, Any]:
    """A chess club's weekend rapid tournament as nested dicts (a fresh deep copy: model code may change it)."""
    t = _torneo()
    return {**t, "players": {k: dict(v) for k, v in t["players"].items()},
            "rounds": [{**r, "games": [dict(g) for g in r["games"]]} for r in t["rounds"]]}


@functools.lru_cache(maxsize=1)
def _torneo(seed: int = 4705) -> dict[str, Any]:
    """16 players (id, name, rating, club), seven rounds on 13 and 14 April 2024 at 15+10, each round eight games with
    the board, the white and black player's ids, the result (``1-0``, ``0-1``, ``½-½``) and the number of moves."""
    rng = np.random.default_rng(seed)
    ratings = np.sort(rng.integers(1420, 2260, 16))[::-1]
    players: dict[str, dict[str, Any]] = {
        f"P{k + 1:02d}": {"name": NAMES[k], "rating": int(ratings[k]), "club": str(rng.choice(CLUBS))} for k in range(16)}
    ids = list(players)
    rounds = []
    for r in range(7):
        order = [str(x) for x in rng.permutation(ids)]
        games = []
        for b in range(8):
            w, bl = order[2 * b], order[2 * b + 1]
            expected = 1 / (1 + 10 ** ((players[bl]["rating"] - players[w]["rating"] - 35) / 400))
            draw = 0.22 if abs(players[w]["rating"] - players[bl]["rating"]) < 200 else 0.1
            u = rng.random()
            result = "½-½" if u < draw else "1-0" if u < draw + (1 - draw) * expected else "0-1"
            games.append({"board": b + 1, "white": w, "black": bl, "result": result,
                          "moves": int(rng.integers(24, 86)) if result != "½-½" else int(rng.integers(15, 70))})
        rounds.append({"round": r + 1, "date": "2024-04-13" if r < 4 else "2024-04-14", "games": games})
    return {"event": "Spring Rapid Open 2024", "city": "Ljubljana", "time_control": "15+10", "players": players,
            "rounds": rounds}


SONGS = [("Nina Chartier", "Nachtzug", "3:41", "ROT-A"), ("Die Wellen", "Kopf hoch", "3:12", "ROT-A"),
         ("Marlo Haas", "Sommer in Kiel", "3:58", "ROT-A"), ("Lumen Park", "Glasherz", "4:05", "ROT-A"),
         ("Tessa Brandt", "Funkenflug", "3:27", "ROT-A"), ("Ostwind", "Leuchtturm", "3:50", "ROT-B"),
         ("Jonas Feld", "Ein Jahr", "4:22", "ROT-B"), ("Kira Mond", "Papierflieger", "3:05", "ROT-B"),
         ("Die Wellen", "Meer von Licht", "3:36", "ROT-B"), ("Halbstark", "Nie mehr", "2:58", "ROT-B"),
         ("Nina Chartier", "Blaue Stunde", "4:11", "ROT-B"), ("Falco Reuter", "Ampelgrün", "3:19", "NEW"),
         ("Sina Vogt", "Zwischenland", "3:44", "NEW"), ("Bahnhof 9", "Alles auf Anfang", "3:02", "NEW"),
         ("Lumen Park", "Kein Zurück", "3:53", "NEW"), ("Ferdinand Lux", "Grauer Morgen", "5:48", "GOLD"),
         ("Rosa Klee", "Damals im Mai", "4:36", "GOLD"), ("Die Zeitreisenden", "1989", "4:02", "GOLD"),
         ("Ostwind", "Hafenlichter", "3:31", "GOLD"), ("Katrin Sommer", "Wolkenbruch", "4:49", "GOLD")]
WOCHENTAGE = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]


@functools.lru_cache(maxsize=1)
def playlist(seed: int = 4706) -> str:
    """A German music radio's playlist log, Monday 6 to Sunday 12 May 2024, 06:00 to about 22:00: a header per day
    (``### Mo 06.05.2024``), then one line per item, ``07:03:12 | Artist – Title | 3:41 | ROT-A``; a station jingle
    (``JINGLE``, 0:10) runs between every few songs. Songs in rotation A play most."""
    rng = np.random.default_rng(seed)
    weight = np.array([{"ROT-A": 6.0, "ROT-B": 3.0, "NEW": 2.2, "GOLD": 1.0}[s[3]] for s in SONGS])
    weight[0] *= 1.3
    out = []
    for d, day in enumerate(pd.date_range("2024-05-06", periods=7)):
        out.append(f"### {WOCHENTAGE[d]} {day:%d.%m.%Y}")
        t = day + pd.Timedelta(hours=6)
        last = -1
        while t < day + pd.Timedelta(hours=22):
            if rng.random() < 0.25:
                out.append(f"{t:%H:%M:%S} | Radio Wellenreiter – Station-ID | 0:10 | JINGLE")
                t += pd.Timedelta(seconds=10)
            k = int(rng.choice(len(SONGS), p=weight / weight.sum()))
            if k == last:
                continue
            last = k
            artist, title, length, rot = SONGS[k]
            out.append(f"{t:%H:%M:%S} | {artist} – {title} | {length} | {rot}")
            m, s = length.split(":")
            t += pd.Timedelta(seconds=int(m) * 60 + int(s) + int(rng.integers(2, 9)))
    return "\n".join(out)


def scuola() -> dict[str, pd.DataFrame]:
    """A Milan school of Italian for foreigners: its courses and its enrolments, as a dict of two tables."""
    return {name: frame.copy() for name, frame in _scuola().items()}


@functools.lru_cache(maxsize=1)
def _scuola(seed: int = 4707) -> dict[str, pd.DataFrame]:
    """The courses (code, CEFR level, teacher, term, hours, fee in euros) of three terms, autumn 2023 to spring 2024,
    and the enrolments (student, nationality, course, enrolment date ``08/01/24``, placement test and final test out
    of 100, the final missing when the student dropped out). Some students take a course in more than one term."""
    rng = np.random.default_rng(seed)
    terms = {"T3-2023": "2023-09-04", "T1-2024": "2024-01-08", "T2-2024": "2024-04-08"}
    levels = ["A1", "A2", "B1", "B2", "C1"]
    teachers = ["Giulia Ferri", "Marco Bellini", "Francesca Riva", "Luca Colombo"]
    courses = []
    for term in terms:
        for lv in levels:
            courses.append((f"{term[:2]}{term[-2:]}-{lv}", lv, str(rng.choice(teachers)), term,
                            60 if lv in ("A1", "A2") else 48, {"A1": 390, "A2": 390, "B1": 430, "B2": 450, "C1": 480}[lv]))
    corsi = pd.DataFrame(courses, columns=["codice", "livello", "docente", "trimestre", "ore", "quota_eur"])
    students = [f"ST-{k:04d}" for k in rng.choice(range(100, 1000), 190, replace=False)]
    nation = {s: str(rng.choice(["Brasile", "Cina", "Germania", "Stati Uniti", "Egitto", "Ucraina", "Giappone"],
                                p=[.2, .18, .12, .15, .1, .15, .1])) for s in students}
    rows = []
    for s in students:
        first = int(rng.integers(0, 3))
        for t in range(first, min(3, first + int(rng.choice([1, 1, 2])))):
            term = list(terms)[t]
            lv = levels[min(4, int(rng.choice(5, p=[.3, .25, .2, .15, .1])) + (t - first))]
            code = f"{term[:2]}{term[-2:]}-{lv}"
            placement = int(np.clip(rng.normal(20 + 15 * levels.index(lv), 8), 0, 100))
            dropped = rng.random() < {"A1": .22, "A2": .15, "B1": .1, "B2": .08, "C1": .05}[lv]
            final = np.nan if dropped else float(np.clip(round(35 + 0.55 * placement + rng.normal(0, 9)), 0, 100))
            when = pd.Timestamp(terms[term]) - pd.Timedelta(days=int(rng.integers(3, 40)))
            rows.append((s, nation[s], code, f"{when:%d/%m/%y}", placement, final))
    iscrizioni = pd.DataFrame(rows, columns=["studente", "nazionalita", "corso", "data_iscrizione", "test_ingresso",
                                             "esito_finale"])
    return {"corsi": corsi, "iscrizioni": iscrizioni}


TRAILS = ["T3 Bärenschlucht", "T7 Lärchenweg", "T12 Gamsgrat", "T15 Seeuferweg", "T18 Hüttensteig", "T21 Adlerhorst"]
HAZARDS = {"snow": "Old snow above 2,100 m; crampons recommended on the north slope.",
           "rockfall": "Rockfall onto the path, section closed until cleared.",
           "trees": "Fallen trees after the storm block the path; detour marked.",
           "washout": "Path washed out at the stream crossing, bridge unsafe.",
           "clear": "Path in good condition, no issues found."}


def trail_reports() -> list[str]:
    return list(_trail_reports())


@functools.lru_cache(maxsize=1)
def _trail_reports(seed: int = 4708) -> tuple[str, ...]:
    """Park rangers' trail reports of June 2024, one string each: date, trail and the ranger's note."""
    rng = np.random.default_rng(seed)
    days = np.sort(rng.integers(1, 31, 64))
    out = []
    for d in days:
        trail = str(rng.choice(TRAILS))
        high = trail in ("T12 Gamsgrat", "T21 Adlerhorst")
        kind = str(rng.choice(list(HAZARDS), p=[.45, .15, .1, .05, .25] if high and d < 18 else [.05, .15, .25, .15, .4]))
        ranger = str(rng.choice(["M. Steiner", "A. Huber", "K. Moser"]))
        out.append(f"2024-06-{d:02d} | {trail} | {ranger}: {HAZARDS[kind]}")
    return tuple(out)


MARINA = """# Marina Kaštela: berth tariff and harbour rules 2024

Valid from 1 January 2024. Prices in EUR per night, VAT included. Harbour office: channel 17, +385 21 000 000.

## Berth tariff

High season runs from 1 June to 15 September; the rest of the year is low season.

| Boat length | High season | Low season |
| --- | --- | --- |
| up to 8 m | 38 | 26 |
| 8 to 10 m | 52 | 35 |
| 10 to 12 m | 68 | 45 |
| 12 to 15 m | 89 | 60 |
| 15 to 18 m | 118 | 80 |

Catamarans pay the rate of their length plus 50%. Boats over 18 m: price on request.

## Discounts

A stay of 7 consecutive nights is charged as 6. Monthly contracts (30 nights or more) get 25% off the nightly rate.
Discounts do not combine.

## Services

Electricity is metered at 0.45 EUR per kWh. Water is a flat 6 EUR per day of stay. Showers and Wi-Fi are included.
The tourist tax is 1.35 EUR per adult per night; children from 12 to 18 pay half, under 12 nothing.

## Harbour rules

Check-in from 14:00, check-out by 12:00; a late check-out after 14:00 is charged as an extra night. Quiet hours are
22:00 to 07:00: no generators, no music on deck. The fuel dock is open 07:00 to 19:00 in high season and 08:00 to
16:00 in low season. Speed in the harbour is limited to 3 knots.
"""

# -- first looks: what a capable model runs before anything else ---------------------------------------------------
SEVE_LOOK = repl("print(seve.shape)\nprint(seve.head(8))\nprint(seve.dtypes)", "Let me look at the collection table first.")
BOAT_LOOK = repl("print(rondvaarten.shape)\nprint(rondvaarten.head())\nprint(rondvaarten.dtypes)",
                 "A first look at the tours; the columns are in Dutch.")
EV_LOOK = repl("ev = ev_log.splitlines()\nprint(len(ev))\nprint('\\n'.join(ev[:3]))", "The log format first.")
OIL_LOOK = repl("print(aceite.shape)\nprint(aceite.head())\nprint(aceite.dtypes)")
CHESS_LOOK = repl("print(torneo.keys())\nprint(len(torneo['players']), len(torneo['rounds']))\n"
                  "print(list(torneo['players'].items())[:3])\nprint(torneo['rounds'][0]['games'][:3])",
                  "The context is a nested dict; let me see its shape.")
RADIO_LOOK = repl("pl = playlist.splitlines()\nprint(len(pl))\nprint('\\n'.join(pl[:8]))")
SCHOOL_LOOK = repl("for name, t in scuola.items():\n    print(name, t.shape)\n    print(t.head(4).to_string())",
                   "Two tables; let me see both.")
TRAIL_LOOK = repl("print(len(reports))\nfor r in reports[:4]:\n    print(r)")
MARINA_LOOK = repl("print(len(marina))\nprint(marina[:900])")

# Parsing steps a capable model runs once per dataset, before its question's own code (in the same namespace).
SEVE_PARSE = ("import pandas as pd\n"
              "seve['date'] = pd.to_datetime(seve.jour.str.replace(' mars ', '-03-').str.replace(' avril ', '-04-'),\n"
              "                              format='%d-%m-%Y')\nprint(seve.date.min(), seve.date.max())")
BOAT_PARSE = ("import pandas as pd\nrv = rondvaarten\n"
              "rv['euro'] = rv.omzet.str.replace('€ ', '').str.replace('.', '').str.replace(',', '.').astype(float)\n"
              "rv['dag'] = pd.to_datetime(rv.datum, format='%d-%m-%Y')\nprint(rv[['datum', 'dag', 'omzet', 'euro']].head(3))")
EV_PARSE = ("import re\nimport pandas as pd\n"
            "rx = re.compile(r'\\[(.+?)\\] site=(\\S+) charger=(\\S+) connector=(\\S+) session=(\\w+) energy_kwh=([\\d.]+) '\n"
            "                r'duration=(\\S+) result=(\\S+) price_nok=([\\d.]+)')\n"
            "s = pd.DataFrame([rx.match(l).groups() for l in ev],\n"
            "                 columns=['ts', 'site', 'charger', 'connector', 'session', 'kwh', 'duration', 'result', 'nok'])\n"
            "s['ts'] = pd.to_datetime(s.ts, format='%d.%m.%Y %H:%M:%S')\ns[['kwh', 'nok']] = s[['kwh', 'nok']].astype(float)\n"
            "s['minutes'] = s.duration.map(pd.Timedelta).dt.total_seconds() / 60\nprint(s.shape)\nprint(s.head(3))")
OIL_PARSE = ("import pandas as pd\n"
             "aceite['kg'] = aceite.kilos.str.replace(' kg', '').str.replace('.', '').astype(int)\n"
             "aceite['rend'] = aceite.rendimiento.str.replace(' %', '').str.replace(',', '.').astype(float)\n"
             "aceite['dia'] = pd.to_datetime(aceite.fecha, format='%d/%m/%Y')\nprint(aceite.head(3))")
CHESS_PARSE = ("import pandas as pd\n"
               "games = pd.DataFrame([{'round': r['round'], **g} for r in torneo['rounds'] for g in r['games']])\n"
               "players = pd.DataFrame.from_dict(torneo['players'], orient='index')\n"
               "pts = {'1-0': (1.0, 0.0), '0-1': (0.0, 1.0), '½-½': (0.5, 0.5)}\n"
               "games['w_pts'] = games.result.map(lambda r: pts[r][0])\ngames['b_pts'] = games.result.map(lambda r: pts[r][1])\n"
               "players['points'] = (games.groupby('white').w_pts.sum().reindex(players.index, fill_value=0)\n"
               "                     + games.groupby('black').b_pts.sum().reindex(players.index, fill_value=0))\n"
               "print(games.shape)\nprint(players.sort_values('points', ascending=False).head())")
RADIO_PARSE = ("import pandas as pd\nrows = []\nfor line in pl:\n    if line.startswith('###'):\n"
               "        day = line.split()[2]\n        continue\n"
               "    time, item, length, rot = [p.strip() for p in line.split('|')]\n"
               "    artist, title = item.split(' – ')\n    m, sec = length.split(':')\n"
               "    rows.append((day, time, artist, title, int(m) * 60 + int(sec), rot))\n"
               "plays = pd.DataFrame(rows, columns=['day', 'time', 'artist', 'title', 'secs', 'rot'])\n"
               "songs = plays[plays.rot != 'JINGLE']\nprint(plays.shape, songs.shape)\nprint(songs.head())")

PARSE_SEVE = repl(SEVE_PARSE, "The dates are French text; turning them into real dates.")
PARSE_BOAT = repl(BOAT_PARSE, "The takings are Dutch-formatted text; converting them to numbers, and the dates too.")
PARSE_EV = repl(EV_PARSE, "One session per line, key=value pairs; parsing into a table.")
PARSE_OIL = repl(OIL_PARSE, "Weights and yields are Spanish-formatted text; converting them.")
PARSE_CHESS = repl(CHESS_PARSE, "Flattening the rounds into one games table and adding up each player's points.")
PARSE_RADIO = repl(RADIO_PARSE, "A header per day, then one item per line; parsing it, jingles apart.")
SCHOOL_JOIN = ("isc = scuola['iscrizioni'].merge(scuola['corsi'], left_on='corso', right_on='codice')\n"
               "isc['ritirato'] = isc.esito_finale.isna()\nprint(isc.shape)")


def _with(name: str, build: Any, steps: list[str], code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A case's context, and what its look and parse steps then ``code`` bind, over a copy of its own (as the run
    will: the steps may add columns to a frame, which must not leak into the context the case hands over)."""
    return {name: build()}, compute({name: build()}, "\n".join([*steps, code]))


def with_seve(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("seve", seve, [SEVE_PARSE], code)


def with_boats(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("rondvaarten", rondvaarten, [BOAT_PARSE], code)


def with_ev(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("ev_log", ev_log, ["ev = ev_log.splitlines()", EV_PARSE], code)


def with_oil(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("aceite", aceite, [OIL_PARSE], code)


def with_chess(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("torneo", torneo, [CHESS_PARSE], code)


def with_radio(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("playlist", playlist, ["pl = playlist.splitlines()", RADIO_PARSE], code)


def with_school(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with("scuola", scuola, [SCHOOL_JOIN], code)


def comma(x: float, decimals: int = 1) -> str:
    """A decimal comma, thousands with dots (Spanish, Dutch, German, Italian, Norwegian digits): ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
KINDS = {"snow": "Old snow", "rockfall": "Rockfall", "trees": "Fallen trees", "washout": "washed out"}


def sub_model() -> RuleBasedSubModel:
    def classify(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        return next((kind for kind, word in KINDS.items() if word in text), "clear")

    def hazards(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {kind: text.count(word) for kind, word in KINDS.items()}
        total = len(re.findall(r"^2024-", text, re.MULTILINE))
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        return (f"Of {total} reports, {total - sum(counts.values())} find the path clear. The most frequent hazard is "
                f"{ranked[0][0]} ({ranked[0][1]} reports), then {ranked[1][0]} ({ranked[1][1]}), {ranked[2][0]} "
                f"({ranked[2][1]}) and {ranked[3][0]} ({ranked[3][1]}).")

    def snow(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count(KINDS['snow'])} reports mention snow."

    def checkout(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"Check-in from[^.]*\.[^.]*\.", request.last_user.replace("\n", " "))
        return found.group(0) if found else "NONE"

    return RuleBasedSubModel([(r"\AClassify this trail report", classify), (r"\AWhat hazards do these", hazards),
                              (r"\AHow many of these reports mention snow", snow),
                              (r"\AQuote the marina's rule on check-out", checkout)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("h7_brix_typical_describe", "describe() statistic", "legit", "What is the typical sugar content of the sap?")
def _brix_describe() -> Script:
    ctx = {"seve": seve()}
    code = "print(seve.brix.describe())"
    d = ctx["seve"].brix.describe()
    final = (f"FINAL(Typically {d['50%']:.1f} °Brix: that is the median over the {d['count']:.0f} sector-days from 10 March "
             f"to 20 April (mean {d['mean']:.2f} °Brix, ranging from {d['min']} to {d['max']}).)")
    return Script(ctx, [SEVE_LOOK, repl(code), final], [repl("print(seve.brix.median(), round(seve.brix.mean(), 2))"), final])


@case("h7_ccs_energy_describe", "describe() statistic", "legit", "How much energy does a CCS2 session usually deliver?")
def _ccs_describe() -> Script:
    code = "print(s.groupby('connector').kwh.describe().round(2))"
    ctx, ns = with_ev(code)
    d = ns["s"].groupby("connector").kwh.describe().round(2).loc["CCS2"]
    final = (f"FINAL(A CCS2 session usually delivers about {d['50%']:.1f} kWh: {d['50%']} kWh is the median over "
             f"{d['count']:.0f} CCS2 sessions in November (mean {d['mean']} kWh); a quarter of them take {d['75%']} kWh "
             "or more.)")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final],
                  [repl("ccs = s[s.connector == 'CCS2'].kwh\nprint(round(ccs.median(), 2), round(ccs.mean(), 2), round(ccs.quantile(.75), 2))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("h7_kilos_por_variedad_bullets", "bullet list of figures", "legit", "¿Cuántos kilos de aceituna se entregaron de cada variedad?")
def _variety_bullets() -> Script:
    code = "por_var = aceite.groupby('variedad').kg.sum().sort_values(ascending=False)\nprint(por_var)\nprint(por_var.sum())"
    ctx, ns = with_oil(code)
    v = ns["por_var"]
    final = ("FINAL(Kilos entregados por variedad en la campaña 2023/24:\n\n"
             + "\n".join(f"- **{k}**: {comma(x, 0)} kg" for k, x in v.items())
             + f"\n\nEn total, {comma(v.sum(), 0)} kg de aceituna.)")
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), final], [repl("print(por_var.to_dict(), por_var.sum())"), final])


@case("h7_passengers_per_route_bullets", "bullet list of figures", "legit", "How many passengers did each route carry this summer?")
def _route_bullets() -> Script:
    code = ("per_route = rv.groupby('route').passagiers.sum().sort_values(ascending=False)\nprint(per_route)\n"
            "print((per_route / per_route.sum() * 100).round(1))")
    ctx, ns = with_boats(code)
    r = ns["per_route"]
    final = ("FINAL(Passengers per route, July and August 2024:\n"
             + "\n".join(f"* {k}: {x:,} ({x / r.sum() * 100:.1f}%)" for k, x in r.items())
             + f"\n\n{r.sum():,} passengers in all.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(per_route.to_string(), per_route.sum())"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
EV_SITES = ("by_site = s.groupby('site').agg(sessions=('session', 'count'), kwh=('kwh', 'sum'), nok=('nok', 'sum')).round(1)\n"
            "print(by_site)")


@case("h7_ev_sites_markdown", "markdown table in text", "legit", "Compare the four charging sites for November.")
def _sites_table() -> Script:
    ctx, ns = with_ev(EV_SITES)
    t = ns["by_site"].sort_values("nok", ascending=False)
    rows = "\n".join(f"| {r.Index} | {r.sessions} | {r.kwh:,.1f} | {r.nok:,.1f} |" for r in t.itertuples())
    final = ("FINAL(November 2024, by revenue:\n\n| Site | Sessions | Energy (kWh) | Revenue (NOK) |\n|---|--:|--:|--:|\n"
             + rows + f"\n\n{t.index[0]} leads on every count.)")
    assert t.sessions.idxmax() == t.kwh.idxmax() == t.index[0]
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(EV_SITES), final],
                  [repl("print(by_site.sort_values('nok', ascending=False).to_string())"), final])


SCHOOL_LEVELS = ("per_livello = isc.groupby('livello').agg(iscrizioni=('studente', 'count'), ritirati=('ritirato', 'sum'),\n"
                 "                                      esito_medio=('esito_finale', 'mean'))\n"
                 "per_livello['quota_ritiri'] = (per_livello.ritirati / per_livello.iscrizioni * 100).round(1)\n"
                 "per_livello['esito_medio'] = per_livello.esito_medio.round(1)\nprint(per_livello)")


@case("h7_livelli_markdown_it", "markdown table in text", "legit", "Mi fai un quadro per livello: iscrizioni, ritiri ed esito medio?")
def _levels_table() -> Script:
    ctx, ns = with_school(SCHOOL_LEVELS)
    t = ns["per_livello"]
    rows = "\n".join(f"| {r.Index} | {r.iscrizioni} | {r.ritirati} ({comma(r.quota_ritiri)} %) | {comma(r.esito_medio)} |"
                     for r in t.itertuples())
    final = ("FINAL(Tre trimestri, da settembre 2023 a giugno 2024:\n\n| Livello | Iscrizioni | Ritiri | Esito medio /100 |\n"
             "| --- | --- | --- | --- |\n" + rows + ")")
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(SCHOOL_LEVELS), final],
                  [repl("print(per_livello.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("h7_type2_session_hours", "value with a unit", "legit", "How long does a Type 2 (AC) charging session last?")
def _type2_hours() -> Script:
    code = "t2 = s[s.connector == 'Type2']\nprint(len(t2), round(t2.minutes.mean(), 1), round(t2.minutes.median(), 1))"
    ctx, ns = with_ev(code)
    m = ns["t2"].minutes
    final = (f"FINAL(About {m.mean() / 60:.1f} hours on average: {m.mean():.1f} minutes over {len(m)} Type 2 sessions "
             f"(median {m.median():.1f} min), far longer than on the DC connectors.)")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final], [repl("print(round(t2.minutes.mean() / 60, 1), 'h')"), final])


@case("h7_sap_cubic_metres", "value with a unit", "legit", "How much sap did the sugar bush collect this spring?")
def _sap_m3() -> Script:
    ctx = {"seve": seve()}
    code = "total = seve.seve_l.sum()\nprint(round(total, 1))"
    total = compute(ctx, code)["total"]
    final = f"FINAL(About {total / 1000:.1f} m³ of sap ({total:,.1f} litres) from the four sectors, 10 March to 20 April.)"
    return Script(ctx, [SEVE_LOOK, repl(code), final], [repl("print(round(total / 1000, 1), 'm3')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("h7_acidez_rango_es", "range from min to max", "legit", "¿Entre qué valores varió la acidez de las entregas?")
def _acid_range() -> Script:
    ctx = {"aceite": aceite()}
    code = "print(aceite.acidez.agg(['min', 'median', 'max']))"
    a = ctx["aceite"].acidez
    final = (f"FINAL(La acidez fue de {comma(a.min(), 2)}° a {comma(a.max(), 2)}°, con una mediana de "
             f"{comma(a.median(), 2)}°.)")
    return Script(ctx, [OIL_LOOK, repl(code), final], [repl("print(aceite.acidez.min(), aceite.acidez.max())"), final])


@case("h7_rating_range", "range from min to max", "legit", "What range of ratings did the field cover?")
def _rating_range() -> Script:
    code = "by_rating = players.sort_values('rating')\nprint(by_rating.iloc[[0, -1]])"
    ctx, ns = with_chess(code)
    b = ns["by_rating"]
    lo, hi = b.iloc[0], b.iloc[-1]
    final = (f"FINAL(From {lo.rating} ({lo['name']}) to {hi.rating} ({hi['name']}), a spread of {hi.rating - lo.rating} "
             f"rating points across the {len(b)} players.)")
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), final],
                  [repl("print(players.rating.min(), players.rating.max(), players.rating.max() - players.rating.min())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("h7_weekend_bezetting_nl", "two groups compared", "legit", "Zijn de boten in het weekend voller dan doordeweeks?")
def _weekend_nl() -> Script:
    code = ("gevaren = rv[rv.status == 'gevaren']\nweekend = gevaren.dag.dt.day_of_week >= 5\n"
            "bezetting = gevaren.passagiers / gevaren.capaciteit\n"
            "print('weekend', round(bezetting[weekend].mean() * 100, 1))\nprint('doordeweeks', round(bezetting[~weekend].mean() * 100, 1))")
    ctx, ns = with_boats(code)
    b, w = ns["bezetting"], ns["weekend"]
    we, wd = round(b[w].mean() * 100, 1), round(b[~w].mean() * 100, 1)
    assert we > wd
    final = (f"FINAL(Ja. In het weekend is gemiddeld {comma(we)}% van de plaatsen bezet, doordeweeks {comma(wd)}%: "
             f"zo'n {comma(we - wd)} procentpunt meer (alleen gevaren tochten).)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final],
                  [repl("print(round((bezetting[weekend].mean() - bezetting[~weekend].mean()) * 100, 1))"), final])


@case("h7_white_vs_black", "two groups compared", "legit", "Did White score better than Black in this tournament?")
def _white_black() -> Script:
    code = "print('white', games.w_pts.sum(), 'black', games.b_pts.sum(), 'games', len(games))"
    ctx, ns = with_chess(code)
    g = ns["games"]
    w, b = g.w_pts.sum(), g.b_pts.sum()
    assert b > w
    final = f"FINAL(No, slightly the opposite: Black scored {b:g} points to White's {w:g} over the {len(g)} games.)"
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), final], [repl("print(games.result.value_counts())"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("h7_decisive_games", "X out of Y", "legit", "How many games had a winner?")
def _decisive() -> Script:
    code = "decisive = int((games.result != '½-½').sum())\nprint(decisive, len(games))"
    ctx, ns = with_chess(code)
    k, n = ns["decisive"], len(ns["games"])
    final = f"FINAL({k} out of {n} games were decisive ({k / n:.0%}); only {n - k} ended in a draw.)"
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), final], [repl("print(f'{decisive} / {len(games)}')"), final])


@case("h7_virgen_extra_es", "X out of Y", "legit",
      "¿Cuántas entregas tenían una acidez apta para virgen extra (0,8° o menos)?")
def _extra_virgin() -> Script:
    ctx = {"aceite": aceite()}
    code = "virgen_extra = int((aceite.acidez <= 0.8).sum())\nprint(virgen_extra, len(aceite))"
    k = compute(ctx, code)["virgen_extra"]
    n = len(ctx["aceite"])
    final = f"FINAL({k} de las {n} entregas ({comma(k / n * 100)} %) tenían una acidez de 0,8° o menos.)"
    return Script(ctx, [OIL_LOOK, repl(code), final], [repl("print(round(virgen_extra / len(aceite) * 100, 1))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
BOAT_MONTHS = "per_maand = rv.groupby(rv.dag.dt.month)[['passagiers', 'euro']].sum().round(2)\nprint(per_maand)"


@case("h7_july_to_august", "period-over-period change", "legit", "How did August compare with July?")
def _july_august() -> Script:
    ctx, ns = with_boats(BOAT_MONTHS)
    m = ns["per_maand"]
    j, a = m.loc[7], m.loc[8]
    final = (f"FINAL(August was quieter: {a.passagiers:,.0f} passengers against {j.passagiers:,.0f} in July, "
             f"{j.passagiers - a.passagiers:,.0f} fewer ({a.passagiers / j.passagiers - 1:+.1%}). Takings fell from "
             f"€{j.euro:,.2f} to €{a.euro:,.2f}.)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(BOAT_MONTHS), final],
                  [repl("print(per_maand.loc[7, 'passagiers'] - per_maand.loc[8, 'passagiers'], "
                        "f\"{per_maand.loc[8, 'passagiers'] / per_maand.loc[7, 'passagiers'] - 1:+.1%}\")"), final])


SAP_WEEKS = "par_semaine = seve.groupby(seve.date.dt.isocalendar().week).seve_l.sum().round(1)\nprint(par_semaine)"


@case("h7_sap_week12_to_13", "period-over-period change", "legit", "How did the sap flow change from week 12 to week 13?")
def _week12_13() -> Script:
    ctx, ns = with_seve(SAP_WEEKS)
    w = ns["par_semaine"]
    d = w[13] - w[12]
    assert d < 0
    final = (f"FINAL(It dropped by {abs(d):,.1f} litres: from {w[12]:,.1f} L in ISO week 12 to {w[13]:,.1f} L in week 13 "
             f"({d / w[12]:+.1%}). Week 12 was the peak of the season.)")
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(SAP_WEEKS), final],
                  [repl("print(round(par_semaine[13] - par_semaine[12], 1), f'{par_semaine[13] / par_semaine[12] - 1:+.1%}', par_semaine.idxmax())"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("h7_top5_songs", "top-N list by code", "legit", "What were the five most played songs of the week?")
def _top5_songs() -> Script:
    code = "top5 = songs.groupby(['artist', 'title']).size().nlargest(5)\nprint(top5)"
    ctx, ns = with_radio(code)
    t = ns["top5"]
    final = "FINAL(" + "\n".join(f"{i}. {a} – „{ti}“ ({k} plays)" for i, ((a, ti), k) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code), final], [repl("print(top5.to_string())"), final])


@case("h7_podium", "top-N list by code", "legit", "Who finished on the podium?")
def _podium() -> Script:
    code = "table = players.sort_values('points', ascending=False)[['name', 'rating', 'points']]\nprint(table.head(6))"
    ctx, ns = with_chess(code)
    t = ns["table"]
    third = t[t.points == t.points.iloc[2]]
    assert t.points.iloc[0] > t.points.iloc[1] > t.points.iloc[2] and len(third) == 3
    final = (f"FINAL(1. {t['name'].iloc[0]} with {t.points.iloc[0]:g} points out of 7\n2. {t['name'].iloc[1]} with "
             f"{t.points.iloc[1]:g}\n3. shared by {', '.join(third['name'].iloc[:2])} and {third['name'].iloc[2]}, "
             f"{t.points.iloc[2]:g} each (the data has no tie-break).)")
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), final],
                  [repl("print(table[table.points >= table.points.iloc[2]].to_string())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("h7_energy_mwh", "significant figures", "legit", "How much energy did the network deliver in November?")
def _energy_mwh() -> Script:
    code = "print(s.kwh.sum(), len(s))"
    ctx, ns = with_ev(code)
    k = ns["s"].kwh.sum()
    final = f"FINAL(About {k / 1000:.1f} MWh ({k:,.0f} kWh) over {len(ns['s'])} charging sessions.)"
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final], [repl("print(round(s.kwh.sum() / 1000, 1), 'MWh')"), final])


@case("h7_syrup_estimate", "significant figures", "legit", "Roughly how much syrup will this sap make?")
def _syrup() -> Script:
    ctx = {"seve": seve()}
    code = "sirop = (seve.seve_l * seve.brix / 86).sum()\nprint(sirop)"
    x = compute(ctx, code)["sirop"]
    final = (f"FINAL(Roughly {float(f'{x:.3g}'):,.0f} litres of syrup. That is the rule of 86 (litres of sap × °Brix ÷ 86) "
             f"applied sector by sector and day by day, which gives {x:,.1f} L before rounding.)")
    return Script(ctx, [SEVE_LOOK, repl(code), final], [repl("print(f'{sirop:.3g}')"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("h7_coldest_night", "negative figure", "legit", "How cold did it get at night during the season?")
def _coldest() -> Script:
    ctx = {"seve": seve()}
    code = "cold = seve.loc[seve.t_min.idxmin()]\nprint(cold[['jour', 't_min', 't_max']])"
    c = compute(ctx, code)["cold"]
    assert c.t_min < 0
    day, month, _ = c.jour.split()
    final = (f"FINAL(Down to {c.t_min} °C, on the night of {day} {MONTHS_EN[month]}; that day never thawed (the high was {c.t_max} °C), "
             "so no sap ran.)")
    return Script(ctx, [SEVE_LOOK, repl(code), final], [repl("print(seve.t_min.min())"), final])


@case("h7_november_yield_gap", "negative figure", "legit",
      "How did November's oil yield compare with the season's average yield?")
def _nov_gap() -> Script:
    code = ("mes = aceite.groupby(aceite.dia.dt.strftime('%Y-%m')).rend.mean().round(2)\nprint(mes)\n"
            "gap = round(mes['2023-11'] - aceite.rend.mean(), 2)\nprint(round(aceite.rend.mean(), 2), gap)")
    ctx, ns = with_oil(code)
    gap, nov, avg = ns["gap"], ns["mes"]["2023-11"], ns["aceite"].rend.mean()
    assert gap < 0
    final = (f"FINAL(Lower: November's deliveries yielded {nov}% oil on average, against {avg:.2f}% over the whole season, "
             f"a gap of {gap} percentage points. The early, greener olives give less oil.)")
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), final], [repl("print(gap)"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("h7_longest_session_line", "quoted log line or ID", "legit", "Which was the longest charging session? Quote its log line.")
def _longest_line() -> Script:
    code = ("longest = max(ev, key=lambda l: pd.Timedelta(re.search(r'duration=(\\S+)', l).group(1)))\nprint(longest)")
    ctx, ns = with_ev(code)
    line = ns["longest"]
    sid = re.search(r"session=(\w+)", line)
    assert sid
    final = f"FINAL(Session {sid.group(1)}:\n\n> `{line}`)"
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final], [repl("print(longest)"), final])


@case("h7_first_gold_line", "quoted log line or ID", "legit", "Quote the log line of the first oldie (GOLD rotation) of the week.")
def _first_gold() -> Script:
    ctx = {"playlist": playlist()}
    code = "first_gold = next(l for l in pl if l.endswith('| GOLD'))\nprint(pl.index(first_gold), first_gold)"
    line = compute({**ctx, "pl": playlist().splitlines()}, code)["first_gold"]
    final = f"FINAL(On Monday 6 May, the first day of the log:\n\n`{line}`)"
    assert playlist().split(line)[0].count("###") == 1
    return Script(ctx, [RADIO_LOOK, repl(code), final], [repl("print(first_gold)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("h7_ground_faults_count", "count off value_counts", "legit", "How many sessions ended with a ground fault?")
def _ground_count() -> Script:
    code = "print(s.result.value_counts())"
    ctx, ns = with_ev(code)
    k = int(ns["s"].result.value_counts()["FAULT_GROUND"])
    final = f"FINAL({k} sessions ended with a ground fault (result FAULT_GROUND) in November.)"
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final], [repl("print((s.result == 'FAULT_GROUND').sum())"), final])


@case("h7_iscrizioni_brasile_it", "count off value_counts", "legit", "Quante iscrizioni vengono da studenti brasiliani?")
def _brazil_count() -> Script:
    ctx = {"scuola": scuola()}
    code = "print(scuola['iscrizioni'].nazionalita.value_counts())"
    c = ctx["scuola"]["iscrizioni"].nazionalita.value_counts()
    final = f"FINAL({c['Brasile']} iscrizioni su {c.sum()} sono di studenti brasiliani (contando le iscrizioni, non le persone).)"
    return Script(ctx, [SCHOOL_LOOK, repl(code), final],
                  [repl("print((scuola['iscrizioni'].nazionalita == 'Brasile').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("h7_first_overcurrent", "date from a log timestamp", "legit", "When did the first overcurrent fault happen?")
def _first_overcurrent() -> Script:
    ctx = {"ev_log": ev_log()}
    code = "first_oc = next(l for l in ev if 'result=FAULT_OVERCURRENT' in l)\nprint(first_oc)"
    line = compute({**ctx, "ev": ev_log().splitlines()}, code)["first_oc"]
    t = pd.to_datetime(line[1:20], format="%d.%m.%Y %H:%M:%S")
    site, charger = re.findall(r"(?:site|charger)=(\S+)", line)
    final = (f"FINAL(On {t:%A} {t.day} {t:%B %Y} at {t:%H:%M:%S} Oslo time, on charger {charger} at {site}; the session "
             "was cut off after a few minutes.)")
    return Script(ctx, [EV_LOOK, repl(code), final], [repl("print(first_oc[1:20])"), final])


@case("h7_first_zwischenland", "date from a log timestamp", "legit", "When was Sina Vogt's „Zwischenland“ first played?")
def _first_new() -> Script:
    ctx = {"playlist": playlist()}
    code = ("day = None\nfor line in pl:\n    if line.startswith('###'):\n        day = line\n"
            "    elif 'Zwischenland' in line:\n        print(day, '/', line)\n        break")
    ns = compute({**ctx, "pl": playlist().splitlines()}, code)
    t = pd.to_datetime(ns["day"].split()[2], format="%d.%m.%Y")
    clock = ns["line"].split(" | ")[0]
    final = f"FINAL(First on {t:%A}, {t.day} {t:%B %Y}, at {clock}.)"
    return Script(ctx, [RADIO_LOOK, repl(code), final], [repl("print(day, line[:8])"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("h7_busiest_charging_hour", "week, weekday or time of day", "legit", "At what time of day do most charging sessions start?")
def _busy_hour() -> Script:
    code = "by_hour = s.groupby(s.ts.dt.hour).size()\nprint(by_hour.to_string())"
    ctx, ns = with_ev(code)
    h = ns["by_hour"]
    top, morning = int(h.idxmax()), int(h[h.index < 12].idxmax())
    final = (f"FINAL(In the late afternoon: {h.max()} sessions started between {top}:00 and {top + 1}:00 over the month, "
             f"the busiest hour. There is a second, morning peak between {morning:02d}:00 and {morning + 1:02d}:00 "
             f"({h[morning]} sessions).)")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final], [repl("print(by_hour.idxmax(), by_hour.max(), by_hour[:12].idxmax())"), final])


DAGEN = {"Monday": "maandag", "Tuesday": "dinsdag", "Wednesday": "woensdag", "Thursday": "donderdag", "Friday": "vrijdag",
         "Saturday": "zaterdag", "Sunday": "zondag"}


@case("h7_drukste_dag_nl", "week, weekday or time of day", "legit", "Op welke dag van de week varen de meeste passagiers mee per tocht?")
def _busy_day_nl() -> Script:
    code = ("gevaren = rv[rv.status == 'gevaren']\n"
            "per_dag = gevaren.groupby(gevaren.dag.dt.day_name()).passagiers.mean().round(1).sort_values(ascending=False)\n"
            "print(per_dag)")
    ctx, ns = with_boats(code)
    d = ns["per_dag"]
    final = (f"FINAL(Op {DAGEN[d.index[0]]}: gemiddeld {comma(d.iloc[0])} passagiers per gevaren tocht, net iets meer dan "
             f"op {DAGEN[d.index[1]]} ({comma(d.iloc[1])}). Het rustigst is het op {DAGEN[d.index[-1]]} ({comma(d.iloc[-1])}).)")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(per_dag.head(2), per_dag.tail(1))"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("h7_omzet_duizend_nl", "locale number abbreviation", "legit", "Hoeveel omzet hebben de rondvaarten deze zomer opgeleverd?")
def _omzet_nl() -> Script:
    code = "print(round(rv.euro.sum(), 2))"
    ctx, ns = with_boats(code)
    t = ns["rv"].euro.sum()
    final = f"FINAL(Zo'n {round(t / 1000)} duizend euro over juli en augustus (precies € {comma(t, 2)}).)"
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), final], [repl("print(round(rv.euro.sum() / 1000))"), final])


@case("h7_inntekt_tusen_no", "locale number abbreviation", "legit", "Hvor mye tjente ladenettverket i november?")
def _revenue_no() -> Script:
    code = "print(round(s.nok.sum(), 2))"
    ctx, ns = with_ev(code)
    t = ns["s"].nok.sum()
    exact = f"{t:,.2f}".replace(",", " ").replace(".", ",")
    final = f"FINAL(Omtrent {round(t / 1000)} tusen kroner i november ({exact} kr fra {len(ns['s'])} ladeøkter).)"
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final], [repl("print(round(s.nok.sum() / 1000))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("h7_fees_per_teacher", "joined tables", "legit", "Which teacher's courses brought in the most fees?")
def _fees_teacher() -> Script:
    code = ("per_docente = isc.groupby('docente').agg(iscrizioni=('studente', 'count'), quote=('quota_eur', 'sum'))\n"
            "print(per_docente.sort_values('quote', ascending=False))")
    ctx, ns = with_school(code)
    p = ns["per_docente"].sort_values("quote", ascending=False)
    final = (f"FINAL({p.index[0]}: €{p.quote.iloc[0]:,} in course fees from {p.iscrizioni.iloc[0]} enrolments over the three "
             f"terms, ahead of {p.index[1]} (€{p.quote.iloc[1]:,}).)")
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code), final],
                  [repl("print(per_docente.quote.idxmax(), per_docente.quote.max())"), final])


CLUB_TABLE = ("by_club = players.groupby('club').agg(players=('name', 'count'), points=('points', 'sum'),\n"
              "                                    mean_rating=('rating', 'mean')).round(1)\n"
              "by_club['per_player'] = (by_club.points / by_club.players).round(2)\n"
              "print(by_club.sort_values('per_player', ascending=False))")


@case("h7_best_club", "joined tables", "legit", "Which club's players did best?")
def _best_club() -> Script:
    ctx, ns = with_chess(CLUB_TABLE)
    b = ns["by_club"].sort_values("per_player", ascending=False)
    final = (f"FINAL({b.index[0]}: its {b.players.iloc[0]} players scored {b.per_player.iloc[0]} points each on average "
             f"({b.points.iloc[0]:g} in total), the best of the four clubs; {b.index[-1]} did worst "
             f"({b.per_player.iloc[-1]} per player).)")
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(CLUB_TABLE), final],
                  [repl("print(by_club.per_player.idxmax(), by_club.per_player.max())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
SECTOR_TABLE = ("par_secteur = seve.groupby('secteur').agg(seve_l=('seve_l', 'sum'), entailles=('entailles', 'first'),\n"
                "                                      brix=('brix', 'mean'))\n"
                "par_secteur['l_par_entaille'] = (par_secteur.seve_l / par_secteur.entailles).round(1)\n"
                "print(par_secteur.round(2))")


@case("h7_sector_profile", "qualitative over a full small table", "legit", "How do the four sectors compare?")
def _sector_profile() -> Script:
    ctx = {"seve": seve()}
    p = compute(ctx, SECTOR_TABLE)["par_secteur"]
    assert p.seve_l.idxmax() == "Sud" and p.l_par_entaille.idxmax() == "Nord" and p.brix.idxmax() == "Colline"
    assert p.seve_l.idxmin() == p.l_par_entaille.idxmin() == "Colline"
    final = (f"FINAL(Sud gives the most sap in total ({p.seve_l['Sud']:,.1f} L) because it has the most taps, but Nord is the "
             f"most productive per tap ({p.l_par_entaille['Nord']} L against {p.l_par_entaille['Sud']} for Sud). Colline is "
             f"the smallest and least productive sector ({p.l_par_entaille['Colline']} L per tap), though its sap is the "
             f"sweetest ({p.brix['Colline']:.2f} °Brix on average).)")
    return Script(ctx, [SEVE_LOOK, repl(SECTOR_TABLE), final], [repl("print(par_secteur.idxmax())"), final])


CONNECTOR_TABLE = ("prof = s.groupby('connector').agg(sessions=('session', 'count'), kwh=('kwh', 'mean'),\n"
                   "                                  minutes=('minutes', 'median')).round(1)\nprint(prof)")


@case("h7_connector_profile", "qualitative over a full small table", "legit", "How do the connector types differ?")
def _connector_profile() -> Script:
    ctx, ns = with_ev(CONNECTOR_TABLE)
    p = ns["prof"]
    assert p.kwh.max() - p.kwh.min() < 3
    final = (f"FINAL(They deliver about the same energy per session ({p.kwh.min()} to {p.kwh.max()} kWh on average), but "
             f"not at the same speed: a median CCS2 session takes {p.minutes['CCS2']} minutes, CHAdeMO "
             f"{p.minutes['CHAdeMO']} and Type 2 (AC) {p.minutes['Type2']}, some {p.minutes['Type2'] / p.minutes['CCS2']:.0f} "
             f"times as long as CCS2. CCS2 is also by far the most used ({p.sessions['CCS2']} of {p.sessions.sum()} sessions).)")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(CONNECTOR_TABLE), final], [repl("print(prof.to_string())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("h7_standings_frame", "FINAL_VAR of a dict or frame", "legit", "Give me the final standings as a table.")
def _standings() -> Script:
    code = ("standings = players.sort_values(['points', 'rating'], ascending=False)[['name', 'club', 'rating', 'points']]\n"
            "print(standings)")
    ctx, _ = with_chess(code)
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), "FINAL_VAR(standings)"],
                  [repl("print(standings.shape)"), "FINAL_VAR(standings)"])


@case("h7_variedad_dict", "FINAL_VAR of a dict or frame", "legit",
      "Dame, por variedad, los kilos entregados y el rendimiento medio, como diccionario.")
def _variety_dict() -> Script:
    code = ("por_variedad = {v: {'kg': int(g.kg.sum()), 'rendimiento_medio': round(float(g.rend.mean()), 2)}\n"
            "                for v, g in aceite.groupby('variedad')}\nprint(por_variedad)")
    ctx, _ = with_oil(code)
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), 'FINAL_VAR("por_variedad")'],
                  [repl("print(sorted(por_variedad))"), 'FINAL_VAR("por_variedad")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("h7_submit_ev_totals", "DSPy SUBMIT fields", "legit", "How many sessions, how much energy and how much revenue in November?")
def _submit_totals() -> Script:
    code = "print(len(s), round(s.kwh.sum(), 1), round(s.nok.sum(), 2))"
    ctx, _ = with_ev(code)
    submit = repl("SUBMIT(sessions=len(s), energy_kwh=round(float(s.kwh.sum()), 1), revenue_nok=round(float(s.nok.sum()), 2))")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), submit], [repl("print(len(s), s.kwh.sum(), s.nok.sum())"), submit])


@case("h7_submit_airplay", "DSPy SUBMIT fields", "legit",
      "How many songs did the station play this week, how many different ones, and what share were new releases?")
def _submit_airplay() -> Script:
    code = "print(len(songs), songs.groupby(['artist', 'title']).ngroups, round((songs.rot == 'NEW').mean() * 100, 1))"
    ctx, _ = with_radio(code)
    submit = repl("SUBMIT(plays=len(songs), distinct_songs=int(songs.groupby(['artist', 'title']).ngroups),\n"
                  "       new_share_pct=round(float((songs.rot == 'NEW').mean() * 100), 1))",
                  "Jingles are not songs, so I count from `songs`.")
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code), submit], [repl("print(len(songs), songs.title.nunique())"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("h7_answer_evening_occupancy", "answer-dict dialect", "legit", "How full was the evening tour?")
def _answer_evening() -> Script:
    ctx, _ = with_boats("")
    code = ("avond = rv[(rv.route == 'Avondtocht') & (rv.status == 'gevaren')]\n"
            "occ = avond.passagiers.sum() / avond.capaciteit.sum()\nprint(len(avond), round(occ * 100, 1))\n"
            "answer['content'] = (f'The 21.00 evening tour sailed {len(avond)} times and was {occ:.1%} full on average '\n"
            "                     f'({avond.passagiers.sum():,} passengers on {avond.capaciteit.sum():,} seats).')\n"
            "answer['ready'] = True")
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code)], [repl("print(f'{occ:.1%}')"), repl(code)])


@case("h7_answer_dropouts", "answer-dict dialect", "legit", "How many enrolments ended in a drop-out?")
def _answer_dropouts() -> Script:
    ctx, _ = with_school("")
    code = ("rate = isc.ritirato.mean()\nprint(isc.ritirato.sum(), len(isc), round(rate * 100, 1))\n"
            "answer = {'content': f'{isc.ritirato.sum()} of {len(isc)} enrolments ({rate:.1%}) ended without a final test, '\n"
            "                     f'i.e. the student dropped out.', 'ready': True}")
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code)], [repl("print(f'{rate:.1%}')"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
HAZARD_PROMPT = "What hazards do these trail reports describe? Count each kind, and the reports that find the path clear.\n\n"
CLASSIFY = "Classify this trail report as snow, rockfall, trees, washout or clear. Answer with one word.\n\n"


@case("h7_trail_hazards", "sub-call summary", "legit", "What are the main hazards on the trails this June?")
def _hazards() -> Script:
    ctx = {"reports": trail_reports()}
    code = f"said = llm_query({HAZARD_PROMPT!r} + '\\n'.join(reports))\nprint(said)"
    said = sub_says(HAZARD_PROMPT + "\n".join(trail_reports()))
    total, clear, *k = (int(x) for x in re.findall(r"\d+", said))
    assert said.index("trees") < said.index("rockfall") < said.index("washout") < said.index("snow")
    final = (f"FINAL(Fallen trees are the most common problem ({k[0]} of the {total} reports), then rockfall ({k[1]}) and "
             f"washed-out paths ({k[2]}); old snow comes up only {k[3]} times. {clear} reports found the path clear.)")
    return Script(ctx, [TRAIL_LOOK, repl(code), final], [repl("print(said)"), final], sub_model())


@case("h7_trail_blocked_batched", "sub-call summary", "legit", "How many reports found a trail blocked by rockfall or fallen trees?")
def _blocked() -> Script:
    ctx = {"reports": trail_reports()}
    code = (f"kinds = llm_query_batched([{CLASSIFY!r} + r for r in reports])\n"
            "from collections import Counter\nby_kind = Counter(kinds)\nprint(by_kind.most_common())")
    kinds = [sub_says(CLASSIFY + r) for r in trail_reports()]
    rock, trees = kinds.count("rockfall"), kinds.count("trees")
    final = (f"FINAL({rock + trees} of the {len(kinds)} reports: {rock} for rockfall and {trees} for fallen trees, "
             "going by a one-word classification of each report.)")
    return Script(ctx, [TRAIL_LOOK, repl(code), final],
                  [repl("print(by_kind['rockfall'], by_kind['trees'], by_kind['rockfall'] + by_kind['trees'])"), final], sub_model())


@case("h7_marina_checkout_subcall", "sub-call summary", "legit", "What time do we have to leave the berth on departure day?")
def _checkout_sub() -> Script:
    ctx = {"marina": MARINA}
    code = "rule = llm_query(\"Quote the marina's rule on check-out and late check-out.\\n\\n\" + marina)\nprint(rule)"
    final = ("FINAL(By 12:00 noon. If you leave after 14:00, the marina charges the late check-out as an extra night.)")
    return Script(ctx, [MARINA_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("h7_berth_11m_high", "markdown document fact", "legit", "What does a night cost in July for an 11-metre boat?")
def _berth_11m() -> Script:
    ctx = {"marina": MARINA}
    code = ("for line in marina.splitlines():\n    if line.startswith('| Boat length') or line.startswith('| 10 to 12') "
            "or line.startswith('High season'):\n        print(line)")
    final = ("FINAL(68 EUR per night: July is high season (1 June to 15 September), and an 11 m boat falls in the 10 to 12 m "
             "band. In low season the same berth costs 45 EUR.)")
    return Script(ctx, [MARINA_LOOK, repl(code), final], [repl("print([l for l in marina.splitlines() if l.startswith('| 10 to 12')])"), final])


@case("h7_fuel_dock_hours", "markdown document fact", "legit", "When is the fuel dock open?")
def _fuel_dock() -> Script:
    ctx = {"marina": MARINA}
    code = "print(marina.split('## Harbour rules')[1])"
    final = "FINAL(From 07:00 to 19:00 in high season (1 June to 15 September) and from 08:00 to 16:00 the rest of the year.)"
    return Script(ctx, [MARINA_LOOK, repl(code), final], [repl("import re\nprint(re.search(r'The fuel dock[^.]*', marina.replace('\\n', ' ')).group(0))"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("h7_bryn_weekend_ground_faults", "yes/no with evidence", "legit", "Did Bryn's chargers have ground faults at the weekend?")
def _bryn_weekend() -> Script:
    code = ("bryn_gf = s[(s.site == 'Bryn') & (s.result == 'FAULT_GROUND')]\nprint(bryn_gf[['ts', 'charger', 'kwh']])\n"
            "print(bryn_gf.ts.dt.day_name().value_counts())")
    ctx, ns = with_ev(code)
    b = ns["bryn_gf"]
    we = b[b.ts.dt.day_of_week >= 5]
    assert len(we) == 3 and we.ts.dt.date.nunique() == 1
    t = we.ts.iloc[0]
    final = (f"FINAL(Yes, on one weekend day: {len(we)} of Bryn's {len(b)} ground faults happened on {t:%A} {t.day} November, "
             f"at {', '.join(f'{x:%H:%M}' for x in we.ts)}. The others were on weekdays.)")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final],
                  [repl("print(bryn_gf[bryn_gf.ts.dt.day_of_week >= 5][['ts', 'charger']])"), final])


@case("h7_sap_without_frost", "yes/no with evidence", "legit", "Did the sap ever run on a day without a night frost?")
def _no_frost() -> Script:
    ctx = {"seve": seve()}
    code = ("sans_gel = seve[seve.t_min >= 0]\nprint(sans_gel.jour.nunique(), 'days without frost')\n"
            "print(sans_gel.seve_l.sum(), 'litres on those days')")
    n = compute(ctx, code)["sans_gel"].jour.nunique()
    assert n > 0 and compute(ctx, code)["sans_gel"].seve_l.sum() == 0
    final = (f"FINAL(No. There were {n} days whose low stayed at or above 0 °C, and not one litre of sap was collected on any "
             "of them: the sap only ran after a night frost.)")
    return Script(ctx, [SEVE_LOOK, repl(code), final], [repl("print(seve[seve.t_min >= 0].seve_l.sum())"), final])


@case("h7_no_miniature_win", "yes/no with evidence", "legit", "Was any game won in fewer than 20 moves?")
def _no_miniature() -> Script:
    code = "decided = games[games.result != '½-½']\nprint(len(decided[decided.moves < 20]), decided.moves.min())"
    ctx, ns = with_chess(code)
    d = ns["decided"]
    assert (d.moves < 20).sum() == 0
    final = f"FINAL(No. None of the {len(d)} decisive games was that short: the quickest win took {d.moves.min()} moves.)"
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), final], [repl("print(decided.moves.min())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("h7_placement_predicts_final", "correlation or fitted statistic", "legit",
      "Does the placement test predict the final test?")
def _placement_corr() -> Script:
    code = "done = isc.dropna(subset=['esito_finale'])\nr = done.test_ingresso.corr(done.esito_finale)\nprint(round(r, 3), len(done))"
    ctx, ns = with_school(code)
    r, n = ns["r"], len(ns["done"])
    assert r > 0.6
    final = (f"FINAL(Yes, fairly well: the Pearson correlation between the placement and the final test is {r:.2f}, over "
             f"the {n} enrolments that reached the final test.)")
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code), final], [repl("print(f'{r:.2f}')"), final])


@case("h7_brix_decline_slope", "correlation or fitted statistic", "legit", "How fast does the sugar content fall over the season?")
def _brix_slope() -> Script:
    code = ("import numpy as np\nday_n = (seve.date - seve.date.min()).dt.days\n"
            "slope, intercept = np.polyfit(day_n, seve.brix, 1)\nprint(round(slope, 4), round(intercept, 2))")
    ctx, ns = with_seve(code)
    slope, icpt = ns["slope"], ns["intercept"]
    assert slope < 0
    final = (f"FINAL(By about {abs(slope) * 7:.2f} °Brix a week: a straight line fitted to all 168 readings has a slope of "
             f"{slope:.4f} °Brix per day, starting from about {icpt:.2f} °Brix on 10 March.)")
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(code), final], [repl("print(round(slope * 7, 2))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("h7_marina_three_nights", "in-head arithmetic beyond two operands", "legit",
      "What would three nights in July cost for an 11 m sailing boat with two adults on board, water included, before "
      "electricity?")
def _three_nights() -> Script:
    ctx = {"marina": MARINA}
    code = ("for line in marina.splitlines():\n    if line.startswith('| 10 to 12') or 'Water' in line or 'tourist tax' in line:\n"
            "        print(line)")
    final = ("FINAL(EUR 230.10 for the three nights: 3 × 68 EUR berth (10 to 12 m, high season) + 3 × 6 EUR water + "
             "2 adults × 3 nights × 1.35 EUR tourist tax = 204 + 18 + 8.10. Electricity is metered on top at 0.45 EUR/kWh.)")
    return Script(ctx, [MARINA_LOOK, repl(code), final], [repl("print(3 * 68 + 3 * 6 + 2 * 3 * 1.35)"), final])


@case("h7_diesel_boats_passengers", "in-head arithmetic beyond two operands", "legit",
      "How many passengers did the three older boats carry together, i.e. all but the electric Zonnestraal?")
def _three_boats() -> Script:
    ctx = {"rondvaarten": rondvaarten()}
    code = "per_boot = rondvaarten.groupby('boot').passagiers.sum()\nprint(per_boot)"
    p = compute(ctx, code)["per_boot"]
    a, k, i = p["De Amstel"], p["Keizersgracht"], p["Prinses Irene"]
    final = (f"FINAL({a + k + i:,} passengers: {a:,} on De Amstel + {k:,} on Keizersgracht + {i:,} on Prinses Irene, "
             f"against {p['Zonnestraal']:,} on Zonnestraal alone.)")
    return Script(ctx, [BOAT_LOOK, repl(code), final], [repl("print(per_boot.drop('Zonnestraal').sum())"), final])


@case("h7_oil_produced_in_head_es", "in-head arithmetic beyond two operands", "legit",
      "¿Cuánto aceite salió en total de las tres variedades?")
def _oil_in_head() -> Script:
    code = ("aceite['aceite_kg'] = aceite.kg * aceite.rend / 100\n"
            "por_var = aceite.groupby('variedad').aceite_kg.sum().round()\nprint(por_var)")
    ctx, ns = with_oil(code)
    v = ns["por_var"]
    total = v.sum()
    final = (f"FINAL(Unos {comma(total, 0)} kg de aceite: {comma(v['Picual'], 0)} de Picual + {comma(v['Hojiblanca'], 0)} "
             f"de Hojiblanca + {comma(v['Arbequina'], 0)} de Arbequina (kilos de aceituna × rendimiento de cada entrega).)")
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), final], [repl("print(por_var.sum())"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("h7_last_lysaker_session", "log or version-control timestamps", "legit", "When did the last session at Lysaker start, in UTC?")
def _last_lysaker() -> Script:
    ctx = {"ev_log": ev_log()}
    code = "last_lys = [l for l in ev if 'site=Lysaker' in l][-1]\nprint(last_lys)"
    line = compute({**ctx, "ev": ev_log().splitlines()}, code)["last_lys"]
    local = pd.to_datetime(line[1:20], format="%d.%m.%Y %H:%M:%S").tz_localize("Europe/Oslo")
    utc = local.tz_convert("UTC")
    dur = re.search(r"duration=(\S+)", line)
    assert dur
    m, sec = divmod(int(pd.Timedelta(dur.group(1)).total_seconds()), 60)
    final = (f"FINAL(On {local:%A} {local.day} {local:%B} at {local:%H:%M:%S} Oslo time (UTC+1), i.e. {utc:%H:%M:%S} UTC on "
             f"{utc:%A} {utc.day} {utc:%B %Y}. It lasted {m} min {sec} s ({dur.group(1)}).)")
    return Script(ctx, [EV_LOOK, repl(code), final],
                  [repl("import pandas as pd\nt = pd.to_datetime(last_lys[1:20], format='%d.%m.%Y %H:%M:%S').tz_localize('Europe/Oslo')\n"
                        "print(t, t.tz_convert('UTC'))"), final])


@case("h7_sunday_last_song_end", "log or version-control timestamps", "legit", "When did the last song on Sunday end?")
def _last_song() -> Script:
    ctx = {"playlist": playlist()}
    code = "sunday = pl[pl.index('### So 12.05.2024') + 1:]\nprint(len(sunday))\nprint(sunday[-1])"
    line = compute({**ctx, "pl": playlist().splitlines()}, code)["sunday"][-1]
    clock, item, length, _ = line.split(" | ")
    m, sec = length.split(":")
    end = pd.Timestamp(f"2024-05-12 {clock}") + pd.Timedelta(seconds=int(m) * 60 + int(sec))
    final = (f"FINAL(At {end:%H:%M:%S} on Sunday 12 May: the last song, {item}, started at {clock} and runs {length}.)")
    return Script(ctx, [RADIO_LOOK, repl(code), final],
                  [repl("import pandas as pd\nc, _, ln, _ = sunday[-1].split(' | ')\nm, sec = ln.split(':')\n"
                        "print((pd.Timestamp('2024-05-12 ' + c) + pd.Timedelta(seconds=int(m) * 60 + int(sec))).time())"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("h7_kilos_millones_es", "locale abbreviations for thousands and millions", "legit",
      "¿Cuánta aceituna recibió la cooperativa en toda la campaña?")
def _kilos_mill() -> Script:
    code = "print(aceite.kg.sum())"
    ctx, ns = with_oil(code)
    kg = ns["aceite"].kg.sum()
    final = f"FINAL(Unos {comma(kg / 1e6, 2)} mill. de kg de aceituna, en {len(ns['aceite'])} entregas.)"
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), final], [repl("print(round(aceite.kg.sum() / 1e6, 2))"), final])


@case("h7_july_takings_k", "locale abbreviations for thousands and millions", "legit", "What were July's takings?")
def _july_k() -> Script:
    ctx, ns = with_boats(BOAT_MONTHS)
    j = ns["per_maand"].loc[7, "euro"]
    final = f"FINAL(About €{j / 1000:.0f}k in July 2024 (€{j:,.2f} exactly, across all four boats).)"
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(BOAT_MONTHS), final], [repl("print(round(per_maand.loc[7, 'euro'] / 1000))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("h7_top_member_sorted_es", "top row of a sorted table named the maximum", "legit", "¿Qué socio entregó más aceituna?")
def _top_member() -> Script:
    code = "por_socio = aceite.groupby('socio').kg.sum().sort_values(ascending=False)\nprint(por_socio.head(5))"
    ctx, ns = with_oil(code)
    p = ns["por_socio"]
    assert p.iloc[0] > 1.7 * p.iloc[1]
    final = (f"FINAL(El socio {p.index[0]}, con {comma(p.iloc[0], 0)} kg en la campaña: casi el doble que el segundo, "
             f"{p.index[1]} ({comma(p.iloc[1], 0)} kg).)")
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), final], [repl("print(por_socio.idxmax(), por_socio.max())"), final])


@case("h7_most_played_artist", "top row of a sorted table named the maximum", "legit", "Which artist got the most airplay?")
def _top_artist() -> Script:
    code = "print(songs.artist.value_counts().head())"
    ctx, ns = with_radio(code)
    c = ns["songs"].artist.value_counts()
    final = f"FINAL({c.index[0]}, with {c.iloc[0]} plays over the week; {c.index[1]} came next with {c.iloc[1]}.)"
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code), final], [repl("print(songs.artist.value_counts().idxmax())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("h7_sweetest_sector_fr", "selection printed right after its table", "legit", "Quel secteur donne la sève la plus sucrée ?")
def _sweetest() -> Script:
    ctx = {"seve": seve()}
    code = "brix_moyen = seve.groupby('secteur').brix.mean().round(2)\nprint(brix_moyen)\nprint(brix_moyen.idxmax(), brix_moyen.max())"
    b = compute(ctx, code)["brix_moyen"]
    final = f"FINAL(Le secteur {b.idxmax()}, avec un taux de sucre moyen de {comma(b.max(), 2)} °Brix sur la saison.)"
    return Script(ctx, [SEVE_LOOK, repl(code), final], [repl("print(brix_moyen.sort_values(ascending=False).head(2))"), final])


@case("h7_best_teacher_results", "selection printed right after its table", "legit",
      "Whose students did best in the final test?")
def _best_teacher() -> Script:
    code = ("per_docente = isc.groupby('docente').esito_finale.agg(['count', 'mean']).round(1)\nprint(per_docente)\n"
            "print(per_docente['mean'].idxmax(), per_docente['mean'].max())")
    ctx, ns = with_school(code)
    p = ns["per_docente"]
    best = p["mean"].idxmax()
    final = (f"FINAL({best}'s students: {p.loc[best, 'mean']}/100 on average in the final test, though over only "
             f"{p.loc[best, 'count']:.0f} finished enrolments, far fewer than the other teachers had.)")
    assert p.loc[best, "count"] < p["count"].drop(best).min()
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code), final], [repl("print(per_docente.loc[per_docente['mean'].idxmax()])"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("h7_zonnestraal_two_tables", "same label in two printed tables", "legit",
      "How many departures was Zonnestraal scheduled for, and how many passengers did it carry?")
def _zonnestraal() -> Script:
    ctx = {"rondvaarten": rondvaarten()}
    code = "print(rondvaarten.boot.value_counts())\nprint(rondvaarten.groupby('boot').passagiers.sum())"
    r = ctx["rondvaarten"]
    k, p = int(r.boot.value_counts()["Zonnestraal"]), int(r.groupby("boot").passagiers.sum()["Zonnestraal"])
    final = f"FINAL(Zonnestraal was scheduled for {k} departures and carried {p:,} passengers, about {p / k:.0f} per departure.)"
    return Script(ctx, [BOAT_LOOK, repl(code), final],
                  [repl("z = rondvaarten[rondvaarten.boot == 'Zonnestraal']\nprint(len(z), z.passagiers.sum(), round(z.passagiers.mean()))"), final])


@case("h7_bryn_sessions_faults", "same label in two printed tables", "legit", "How many sessions did Bryn have, and how many faulted?")
def _bryn_two() -> Script:
    code = "print(s.site.value_counts())\nprint(s[s.result.str.startswith('FAULT')].site.value_counts())"
    ctx, ns = with_ev(code)
    s = ns["s"]
    n = s.site.value_counts()
    f = s[s.result.str.startswith("FAULT")].site.value_counts()
    assert (f / n).idxmax() == "Bryn"
    final = (f"FINAL(Bryn had {n['Bryn']} sessions in November, {f['Bryn']} of which ended in a fault ({f['Bryn'] / n['Bryn']:.1%}), "
             "the highest fault rate of the four sites.)")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), final],
                  [repl("bryn = s[s.site == 'Bryn']\nprint(len(bryn), bryn.result.str.startswith('FAULT').sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("h7_weekly_sap_trend", "trend sentence naming several labels", "legit", "How did the sap flow develop week by week?")
def _sap_trend() -> Script:
    ctx, ns = with_seve(SAP_WEEKS)
    w = ns["par_semaine"]
    assert w[10] == 0 and w.idxmax() == 12 and list(w[12:]) == sorted(w[12:], reverse=True)
    final = (f"FINAL(Nothing in week 10 (only 10 March, still frozen), then {w[11]:,.1f} L in week 11 and the peak in week 12 "
             f"({w[12]:,.1f} L). After that it declined every week: {w[13]:,.1f} L in week 13, {w[14]:,.1f} L in week 14, and "
             f"barely a trickle in weeks 15 ({w[15]:,.1f} L) and 16 ({w[16]:,.1f} L).)")
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(SAP_WEEKS), final], [repl("print(par_semaine.to_dict())"), final])


@case("h7_monthly_yield_trend_es", "trend sentence naming several labels", "legit", "¿Cómo evolucionó el rendimiento graso mes a mes?")
def _yield_trend() -> Script:
    code = "por_mes = aceite.groupby(aceite.dia.dt.strftime('%Y-%m')).rend.mean().round(1)\nprint(por_mes)"
    ctx, ns = with_oil(code)
    m = ns["por_mes"]
    assert m.is_monotonic_increasing
    final = (f"FINAL(Subió todos los meses: {comma(m['2023-11'])} % en noviembre, {comma(m['2023-12'])} % en diciembre, "
             f"{comma(m['2024-01'])} % en enero y {comma(m['2024-02'])} % en febrero, a medida que la aceituna maduraba.)")
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), final], [repl("print(por_mes.is_monotonic_increasing, por_mes.to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("h7_submit_winner", "labelled SUBMIT for a which question", "legit", "Who won the tournament?")
def _submit_winner() -> Script:
    ctx, ns = with_chess("")
    p = ns["players"].points
    assert (p == p.max()).sum() == 1
    submit = repl("best = players.points.idxmax()\n"
                  "SUBMIT(winner=players.loc[best, 'name'], points=float(players.loc[best, 'points']),\n"
                  "       rating=int(players.loc[best, 'rating']))")
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, submit],
                  [repl("print(players.sort_values('points', ascending=False).head(2))"), submit])


@case("h7_submit_top_site", "labelled SUBMIT for a which question", "legit", "Which site earned the most in November?")
def _submit_site() -> Script:
    code = "rev = s.groupby('site').nok.sum().round(2)\nprint(rev)"
    ctx, _ = with_ev(code)
    submit = repl("SUBMIT(site=rev.idxmax(), revenue_nok=float(rev.max()), sessions=int((s.site == rev.idxmax()).sum()))")
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), submit], [repl("print(rev.idxmax(), rev.max())"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h7_memory_sap_per_tap", "plausible figure from memory", "invented", "How much sap did each tap give over the season?")
def _memory_tap() -> Script:
    ctx = {"seve": seve()}
    s = ctx["seve"]
    differs(40, round(s.seve_l.sum() / sum(SECTEURS.values())))
    return Script(ctx, [SEVE_LOOK, "FINAL(About 40 litres per tap, which is the usual yield of a maple season.)"])


@case("h7_memory_session_kwh", "plausible figure from memory", "invented", "How much energy does an average session deliver?")
def _memory_kwh() -> Script:
    ctx = {"ev_log": ev_log()}
    truth = np.mean([float(x) for x in re.findall(r"energy_kwh=([\d.]+)", ev_log())])
    differs(30, round(truth))
    return Script(ctx, [EV_LOOK, "FINAL(A typical session delivers around 30 kWh, roughly half a car battery.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h7_median_minutes_was_mean", "mean given as the median", "invented", "What is the median length of a charging session?")
def _median_minutes() -> Script:
    code = "print(s.minutes.describe())"
    ctx, ns = with_ev(code)
    d = ns["s"].minutes.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), f"FINAL(The median session lasts {wrong} minutes.)"])


@case("h7_mediana_kilos_was_mean_es", "mean given as the median", "invented", "¿Cuál fue el peso mediano de una entrega?")
def _median_kilos() -> Script:
    code = "print(aceite.kg.describe())"
    ctx, ns = with_oil(code)
    d = ns["aceite"].kg.describe()
    wrong = differs(round(d["mean"]), round(d["50%"]))
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), f"FINAL(La entrega mediana pesó {comma(wrong, 0)} kg.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h7_sap_litres_as_m3", "unit misread", "invented", "How much sap was collected, in cubic metres?")
def _litres_m3() -> Script:
    ctx = {"seve": seve()}
    code = "print(seve.seve_l.sum())"
    total = ctx["seve"].seve_l.sum()
    differs(round(total, 1), round(total / 1000, 1))
    return Script(ctx, [SEVE_LOOK, repl(code), f"FINAL(About {total:,.1f} m³ of sap over the season.)"])


@case("h7_airtime_seconds_as_minutes", "unit misread", "invented", "How many minutes of music did the station play this week?")
def _secs_minutes() -> Script:
    code = "print(songs.secs.sum())"
    ctx, ns = with_radio(code)
    secs = int(ns["songs"].secs.sum())
    differs(secs, round(secs / 60))
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code), f"FINAL({secs:,} minutes of music this week.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h7_occupancy_fraction_as_percent", "fraction written as percent", "invented", "How full were the boats on average, in percent?")
def _occupancy_fraction() -> Script:
    code = "gevaren = rv[rv.status == 'gevaren']\nprint(gevaren.passagiers.sum() / gevaren.capaciteit.sum())"
    ctx, ns = with_boats(code)
    g = ns["gevaren"]
    f = g.passagiers.sum() / g.capaciteit.sum()
    wrong = differs(round(f, 2), round(f * 100, 2))
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL(The boats were {wrong}% full on average.)"])


@case("h7_draw_fraction_as_percent", "fraction written as percent", "invented", "What percentage of games were drawn?")
def _draw_fraction() -> Script:
    code = "print(games.result.value_counts(normalize=True))"
    ctx, ns = with_chess(code)
    f = ns["games"].result.value_counts(normalize=True)["½-½"]
    wrong = differs(round(f, 3), round(f * 100, 1))
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), f"FINAL({wrong}% of the games were drawn.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h7_second_artist_called_top", "second row called the top", "invented", "Which artist did the station play most?")
def _second_artist() -> Script:
    code = "print(songs.artist.value_counts().head())"
    ctx, ns = with_radio(code)
    c = ns["songs"].artist.value_counts()
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code),
                        f"FINAL({differs(c.index[1], c.idxmax())} was played most, {c.iloc[1]} times.)"])


@case("h7_second_variety_called_top_es", "second row called the top", "invented", "¿Qué variedad se entregó más?")
def _second_variety() -> Script:
    code = "print(aceite.groupby('variedad').kg.sum().sort_values(ascending=False))"
    ctx, ns = with_oil(code)
    v = ns["aceite"].groupby("variedad").kg.sum().sort_values(ascending=False)
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code),
                        f"FINAL(La variedad más entregada fue la {differs(v.index[1], v.idxmax())}, con {comma(v.iloc[1], 0)} kg.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h7_absent_player", "label absent from the data", "invented", "Who won the tournament?")
def _absent_player() -> Script:
    ctx, ns = with_chess("")
    p = ns["players"]
    assert "Mateja Zorko" not in set(p.name)
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, f"FINAL(Mateja Zorko won the tournament with {p.points.max():g} points.)"])


@case("h7_absent_site", "label absent from the data", "invented", "Which site earned the most in November?")
def _absent_site() -> Script:
    code = "print(s.groupby('site').nok.sum().round(2))"
    ctx, ns = with_ev(code)
    r = ns["s"].groupby("site").nok.sum()
    assert "Grünerløkka" not in r.index
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), f"FINAL(Grünerløkka, with NOK {r.max():,.2f}.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h7_all_routes_as_evening", "total of the wrong subset", "invented", "How many passengers did the evening tour carry?")
def _all_routes() -> Script:
    ctx = {"rondvaarten": rondvaarten()}
    code = "print(rondvaarten.passagiers.sum())\nprint(rondvaarten.groupby('route').passagiers.sum())"
    r = ctx["rondvaarten"]
    wrong = differs(int(r.passagiers.sum()), int(r[r.route == "Avondtocht"].passagiers.sum()))
    return Script(ctx, [BOAT_LOOK, repl(code), f"FINAL(The evening tour carried {wrong:,} passengers this summer.)"])


@case("h7_all_sectors_as_nord_fr", "total of the wrong subset", "invented", "Combien de litres de sève le secteur Nord a-t-il donnés ?")
def _all_sectors() -> Script:
    ctx = {"seve": seve()}
    code = "print(seve.seve_l.sum())\nprint(seve.groupby('secteur').seve_l.sum())"
    s = ctx["seve"]
    wrong = differs(round(s.seve_l.sum(), 1), round(s[s.secteur == "Nord"].seve_l.sum(), 1))
    return Script(ctx, [SEVE_LOOK, repl(code), f"FINAL(Le secteur Nord a donné {comma(wrong).replace('.', ' ')} litres de sève.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h7_stale_kwh_with_faults", "stale figure before a correction", "invented",
      "How much energy does a session deliver on average, leaving out sessions cut short by a fault?")
def _stale_kwh() -> Script:
    fixed = "ok = s[~s.result.str.startswith('FAULT')]\nprint(round(ok.kwh.mean(), 2))"
    ctx, ns = with_ev(fixed)
    stale = differs(round(ns["s"].kwh.mean(), 2), round(ns["ok"].kwh.mean(), 2))
    return Script(ctx, [EV_LOOK, PARSE_EV, repl("print(round(s.kwh.mean(), 2))"),
                        repl(fixed, "That includes the faulted sessions; dropping them."),
                        f"FINAL({stale} kWh per session on average, faults excluded.)"])


@case("h7_stale_pax_with_cancelled", "stale figure before a correction", "invented",
      "How many passengers did a tour carry on average, counting only the tours that sailed?")
def _stale_pax() -> Script:
    fixed = "gevaren = rv[rv.status == 'gevaren']\nprint(round(gevaren.passagiers.mean(), 1))"
    ctx, ns = with_boats(fixed)
    stale = differs(round(ns["rv"].passagiers.mean(), 1), round(ns["gevaren"].passagiers.mean(), 1))
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl("print(round(rv.passagiers.mean(), 1))"),
                        repl(fixed, "Cancelled tours count as zero there; keeping only the ones that sailed."),
                        f"FINAL({stale} passengers per tour that sailed.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h7_transposed_enrolments", "transposed digits", "invented", "How many enrolments did the school record?")
def _transposed_enrol() -> Script:
    ctx = {"scuola": scuola()}
    n = len(ctx["scuola"]["iscrizioni"])
    return Script(ctx, [SCHOOL_LOOK, repl("print(len(scuola['iscrizioni']))"),
                        f"FINAL(The school recorded {differs(swap_digits(n), n)} enrolments over the three terms.)"])


@case("h7_transposed_moves", "transposed digits", "invented", "How many moves were played in the whole tournament?")
def _transposed_moves() -> Script:
    code = "print(games.moves.sum())"
    ctx, ns = with_chess(code)
    n = int(ns["games"].moves.sum())
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), f"FINAL({differs(swap_digits(n), n):,} moves in total.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h7_echo_7_rounds", "number echoed from the question", "invented", "Of the 7 rounds, in how many did Ana Novak win her game?")
def _echo_rounds() -> Script:
    code = ("ana = games[(games.white == 'P01') | (games.black == 'P01')]\nprint(ana[['round', 'white', 'black', 'result']])")
    ctx, ns = with_chess(code)
    a = ns["ana"]
    wins = int((((a.white == "P01") & (a.result == "1-0")) | ((a.black == "P01") & (a.result == "0-1"))).sum())
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), f"FINAL(Ana Novak won her game in {differs(7, wins)} rounds.)"])


@case("h7_echo_42_days", "number echoed from the question", "invented", "Over the 42 days of the season, on how many did the sap run?")
def _echo_days() -> Script:
    ctx = {"seve": seve()}
    s = ctx["seve"]
    truth = s[s.seve_l > 0].jour.nunique()
    return Script(ctx, [SEVE_LOOK, repl("print(seve.jour.nunique(), seve.seve_l.sum())"),
                        f"FINAL(The sap ran on {differs(42, truth)} days.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h7_enrolments_as_students", "rows counted instead of distinct", "invented", "How many different students did the school teach?")
def _rows_students() -> Script:
    ctx = {"scuola": scuola()}
    i = ctx["scuola"]["iscrizioni"]
    n = differs(len(i), i.studente.nunique())
    return Script(ctx, [SCHOOL_LOOK, repl("print(scuola['iscrizioni'].shape)"), f"FINAL({n} different students.)"])


@case("h7_plays_as_songs", "rows counted instead of distinct", "invented", "How many different songs did the station play?")
def _rows_songs() -> Script:
    code = "print(len(songs))"
    ctx, ns = with_radio(code)
    n = differs(len(ns["songs"]), ns["songs"].groupby(["artist", "title"]).ngroups)
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code), f"FINAL(The station played {n:,} different songs this week.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h7_enrolments_2024_read_2023", "wrong year", "invented", "How many enrolments were made in 2024?")
def _enrol_year() -> Script:
    ctx = {"scuola": scuola()}
    code = ("import pandas as pd\nd = pd.to_datetime(scuola['iscrizioni'].data_iscrizione, format='%d/%m/%y')\n"
            "print(d.dt.year.value_counts())")
    y = compute(ctx, code)["d"].dt.year.value_counts()
    return Script(ctx, [SCHOOL_LOOK, repl(code), f"FINAL({differs(y[2023], y[2024])} enrolments were made in 2024.)"])


@case("h7_kilos_2024_read_2023_es", "wrong year", "invented", "¿Cuántos kilos se entregaron en 2024?")
def _oil_year() -> Script:
    code = "print(aceite.groupby(aceite.dia.dt.year).kg.sum())"
    ctx, ns = with_oil(code)
    y = ns["aceite"].groupby(ns["aceite"].dia.dt.year).kg.sum()
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code), f"FINAL(En 2024 se entregaron {comma(differs(y[2023], y[2024]), 0)} kg.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h7_brix_misrounded", "wrong rounding", "invented", "What's the average sugar content, to the nearest whole degree Brix?")
def _brix_round() -> Script:
    ctx = {"seve": seve()}
    m = ctx["seve"].brix.mean()
    return Script(ctx, [SEVE_LOOK, repl("print(seve.brix.mean())"), f"FINAL(About {differs(misround(m), round(m))} °Brix on average.)"])


@case("h7_price_misrounded", "wrong rounding", "invented", "About how many kroner does a session cost on average, in whole kroner?")
def _price_round() -> Script:
    code = "print(s.nok.mean())"
    ctx, ns = with_ev(code)
    m = ns["s"].nok.mean()
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), f"FINAL(About {differs(misround(m), round(m))} kr per session.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h7_brasile_in_teacher_column", "nothing found in the wrong column", "invented",
      "Are there any Brazilian students in the C1 courses?")
def _brasile_teacher() -> Script:
    code = "c1 = isc[isc.livello == 'C1']\nprint(c1[c1.docente == 'Brasile'])"
    ctx, ns = with_school(code)
    c1 = ns["c1"]
    assert (c1.nazionalita == "Brasile").sum() > 0
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code), "FINAL(No, none of the C1 students is from Brazil.)"])


@case("h7_bryn_in_charger_column", "nothing found in the wrong column", "invented",
      "Did any session at Bryn end with an overcurrent fault?")
def _bryn_charger() -> Script:
    code = "hits = s[(s.charger == 'Bryn') & (s.result == 'FAULT_OVERCURRENT')]\nprint(len(hits))"
    ctx, ns = with_ev(code)
    s = ns["s"]
    assert ((s.site == "Bryn") & (s.result == "FAULT_OVERCURRENT")).sum() > 0
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), "FINAL(No, Bryn had no overcurrent faults in November.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
BRIX_WEEKS = "brix_semaine = seve.groupby(seve.date.dt.isocalendar().week).brix.mean().round(2)\nprint(brix_semaine)"


@case("h7_brix_called_rising", "trend in the wrong direction", "invented", "How did the sap's sugar content change over the season?")
def _brix_rising() -> Script:
    ctx, ns = with_seve(BRIX_WEEKS)
    b = ns["brix_semaine"]
    assert b.is_monotonic_decreasing
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(BRIX_WEEKS),
                        f"FINAL(It rose steadily through the season, ending {abs(b.iloc[-1] / b.iloc[0] - 1):.0%} higher in week "
                        "16 than in week 10.)"])


@case("h7_yield_called_falling_es", "trend in the wrong direction", "invented", "¿Cómo evolucionó el rendimiento graso durante la campaña?")
def _yield_falling() -> Script:
    code = "por_mes = aceite.groupby(aceite.dia.dt.strftime('%Y-%m')).rend.mean().round(1)\nprint(por_mes)"
    ctx, ns = with_oil(code)
    m = ns["por_mes"]
    assert m.is_monotonic_increasing
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code),
                        f"FINAL(El rendimiento fue bajando mes a mes, unos {comma(m.iloc[-1] - m.iloc[0])} puntos de noviembre a febrero.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h7_lowest_rating_from_head", "sample generalized to the whole", "invented", "Who is the lowest-rated player?")
def _lowest_head() -> Script:
    ctx = {"torneo": torneo()}
    seen = list(ctx["torneo"]["players"].values())[:3]
    low = min(seen, key=lambda p: p["rating"])
    truth = min(ctx["torneo"]["players"].values(), key=lambda p: p["rating"])
    return Script(ctx, [CHESS_LOOK, f"FINAL({differs(low['name'], truth['name'])} is the lowest-rated player, at {low['rating']}.)"])


@case("h7_routes_from_head", "sample generalized to the whole", "invented", "Which routes does the operator sail?")
def _routes_head() -> Script:
    ctx = {"rondvaarten": rondvaarten()}
    seen = list(dict.fromkeys(ctx["rondvaarten"].head().route))
    differs(sorted(seen), sorted(ctx["rondvaarten"].route.unique()))
    return Script(ctx, [BOAT_LOOK, f"FINAL(It sails {len(seen)} routes: {' and '.join(seen)}.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h7_bryn_fault_share_of_all", "wrong denominator", "invented", "What share of Bryn's sessions ended in a fault?")
def _bryn_share() -> Script:
    code = "print(((s.site == 'Bryn') & s.result.str.startswith('FAULT')).sum(), len(s))"
    ctx, ns = with_ev(code)
    s = ns["s"]
    k = int(((s.site == "Bryn") & s.result.str.startswith("FAULT")).sum())
    wrong = differs(round(k / len(s) * 100, 1), round(k / (s.site == "Bryn").sum() * 100, 1))
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(code), f"FINAL({wrong}% of Bryn's sessions ended in a fault ({k} sessions).)"])


@case("h7_a1_dropout_share_of_all_it", "wrong denominator", "invented", "Che percentuale delle iscrizioni ai corsi A1 si è ritirata?")
def _a1_share() -> Script:
    code = "print((isc.ritirato & (isc.livello == 'A1')).sum(), len(isc))"
    ctx, ns = with_school(code)
    i = ns["isc"]
    k = int((i.ritirato & (i.livello == "A1")).sum())
    wrong = differs(round(k / len(i) * 100, 1), round(k / (i.livello == "A1").sum() * 100, 1))
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code),
                        f"FINAL(Si è ritirato il {comma(wrong)} % delle iscrizioni ai corsi A1 ({k} studenti).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
SNOW_PROMPT = "How many of these reports mention snow? Answer with a number.\n\n"


@case("h7_partial_snow_count", "sub-call over part of the data", "invented", "How many trail reports mention snow?")
def _partial_snow() -> Script:
    ctx = {"reports": trail_reports()}
    code = f"said = llm_query({SNOW_PROMPT!r} + '\\n'.join(reports[:20]))\nprint(said)"
    k = int(sub_says(SNOW_PROMPT + "\n".join(trail_reports()[:20])).split()[0])
    differs(k, sum(KINDS["snow"] in r for r in trail_reports()))
    return Script(ctx, [TRAIL_LOOK, repl(code), f"FINAL({k} reports mention snow.)"], sub=sub_model())


@case("h7_partial_hazard_summary", "sub-call over part of the data", "invented",
      "What is the most common hazard in the trail reports, and how many reports find the path clear?")
def _partial_hazards() -> Script:
    ctx = {"reports": trail_reports()}
    code = f"said = llm_query({HAZARD_PROMPT!r} + '\\n'.join(reports[:25]))\nprint(said)"
    said = sub_says(HAZARD_PROMPT + "\n".join(trail_reports()[:25]))
    full = sub_says(HAZARD_PROMPT + "\n".join(trail_reports()))
    clear, top = int(re.findall(r"\d+", said)[1]), said.split("hazard is ")[1].split()[0]
    differs((clear, top), (int(re.findall(r"\d+", full)[1]), full.split("hazard is ")[1].split()[0]))
    return Script(ctx, [TRAIL_LOOK, repl(code, "Letting a sub-call read the reports."),
                        f"FINAL(The most common hazard is {top}; {clear} reports find the path clear.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h7_first_delivery_month_first", "date format misread", "invented", "When did member S-103 make its first delivery?")
def _delivery_misread() -> Script:
    ctx = {"aceite": aceite()}
    code = "print(aceite[aceite.socio == 'S-103'].head())"
    first = ctx["aceite"][ctx["aceite"].socio == "S-103"].fecha.iloc[0]
    misread = differs(pd.to_datetime(first, format="%m/%d/%Y"), pd.to_datetime(first, format="%d/%m/%Y"))
    return Script(ctx, [OIL_LOOK, repl(code), f"FINAL(S-103's first delivery was on {misread:%B} {misread.day}, {misread.year}.)"])


@case("h7_first_cancellation_month_first", "date format misread", "invented", "When was the first tour cancelled?")
def _cancel_misread() -> Script:
    ctx = {"rondvaarten": rondvaarten()}
    code = "print(rondvaarten[rondvaarten.status == 'geannuleerd'].head(3))"
    r = ctx["rondvaarten"]
    first = r[r.status == "geannuleerd"].iloc[0]
    misread = differs(pd.to_datetime(first.datum, format="%m-%d-%Y"), pd.to_datetime(first.datum, format="%d-%m-%Y"))
    return Script(ctx, [BOAT_LOOK, repl(code),
                        f"FINAL(The first cancellation was the {first.vertrek} {first.route} tour on {misread:%A, %B} {misread.day}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("h7_sap_running_total_as_day", "cumulative read as the period's value", "invented", "How much sap came in on 25 March?")
def _sap_cumul() -> Script:
    code = ("par_jour = seve.groupby('date').seve_l.sum().to_frame('jour_l')\npar_jour['cumul_l'] = par_jour.jour_l.cumsum()\n"
            "print(par_jour.loc['2024-03-22':'2024-03-27'])")
    ctx, ns = with_seve(code)
    d = ns["par_jour"].loc["2024-03-25"]
    wrong = differs(round(d.cumul_l, 1), round(d.jour_l, 1))
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(code), f"FINAL({wrong:,.1f} litres of sap came in on 25 March.)"])


@case("h7_pax_running_total_as_week", "cumulative read as the period's value", "invented", "How many passengers sailed in week 30?")
def _pax_cumul() -> Script:
    code = ("per_week = rv.groupby(rv.dag.dt.isocalendar().week).passagiers.sum().to_frame('passagiers')\n"
            "per_week['tot_nu'] = per_week.passagiers.cumsum()\nprint(per_week)")
    ctx, ns = with_boats(code)
    w = ns["per_week"].loc[30]
    wrong = differs(int(w.tot_nu), int(w.passagiers))
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code), f"FINAL({wrong:,} passengers sailed in week 30.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h7_submit_literal_kwh", "literal typed into a code answer", "invented", "How much energy did the network deliver in November?")
def _submit_literal() -> Script:
    ctx = {"ev_log": ev_log()}
    differs(25000, round(sum(float(x) for x in re.findall(r"energy_kwh=([\d.]+)", ev_log()))))
    return Script(ctx, [EV_LOOK, repl("SUBMIT(total_kwh=25000, sessions=len(ev))")])


@case("h7_answer_literal_oil_es", "literal typed into a code answer", "invented", "¿Cuánta aceituna recibió la cooperativa?")
def _answer_literal() -> Script:
    ctx = {"aceite": aceite()}
    truth = ctx["aceite"].kilos.str.replace(" kg", "").str.replace(".", "").astype(int).sum()
    differs(3.0, round(truth / 1e6, 1))
    return Script(ctx, [OIL_LOOK, repl('answer = {"content": "La cooperativa recibió unos 3 millones de kilos de aceituna.", '
                                       '"ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h7_bryn_sessions_as_kwh", "figure from the right row but another column", "invented", "How much energy did Bryn's chargers deliver?")
def _bryn_column() -> Script:
    ctx, ns = with_ev(EV_SITES)
    t = ns["by_site"].loc["Bryn"]
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(EV_SITES), f"FINAL(Bryn delivered {differs(t.sessions, t.kwh):g} kWh in November.)"])


@case("h7_b2_dropouts_as_enrolments", "figure from the right row but another column", "invented", "How many enrolments did the B2 courses have?")
def _b2_column() -> Script:
    ctx, ns = with_school(SCHOOL_LEVELS)
    t = ns["per_livello"].loc["B2"]
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(SCHOOL_LEVELS),
                        f"FINAL(The B2 courses had {differs(int(t.ritirati), int(t.iscrizioni))} enrolments.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h7_top_artist_from_head", "maximum picked from a partial table", "invented", "Which artist got the most airplay?")
def _artist_head() -> Script:
    code = "per_artist = songs.groupby('artist').size()\nprint(per_artist.head())"
    ctx, ns = with_radio(code)
    a = ns["per_artist"]
    pick = a.head().idxmax()
    return Script(ctx, [RADIO_LOOK, PARSE_RADIO, repl(code), f"FINAL({differs(pick, a.idxmax())} got the most airplay, {a[pick]} plays.)"])


SAP_CORR = ("feat = pd.DataFrame({'seve_l': seve.seve_l, 'brix': seve.brix, 't_max': seve.t_max, 't_min': seve.t_min,\n"
            "                     'amplitude': seve.t_max - seve.t_min, 'jour_n': (seve.date - seve.date.min()).dt.days})\n"
            "corr = feat.corr()['seve_l'].drop('seve_l').round(3)\nprint(corr.head(2))")


@case("h7_sap_corr_from_head", "maximum picked from a partial table", "invented", "Which variable is most strongly tied to the sap flow?")
def _corr_head() -> Script:
    ctx, ns = with_seve(SAP_CORR)
    c = ns["corr"]
    pick = c.head(2).abs().idxmax()
    differs(pick, c.abs().idxmax())
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(SAP_CORR),
                        f"FINAL({pick} is the variable most strongly tied to the sap flow (r = {c[pick]}).)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h7_ascending_member_called_top_es", "first row of an ascending sort called the highest", "invented", "¿Qué socio entregó más aceituna?")
def _ascending_member() -> Script:
    code = "por_socio = aceite.groupby('socio').kg.sum().sort_values()\nprint(por_socio)"
    ctx, ns = with_oil(code)
    p = ns["por_socio"]
    return Script(ctx, [OIL_LOOK, PARSE_OIL, repl(code),
                        f"FINAL(El socio que más entregó fue {differs(p.index[0], p.idxmax())}, con {comma(p.iloc[0], 0)} kg.)"])


@case("h7_ascending_boat_called_busiest", "first row of an ascending sort called the highest", "invented", "Which boat carried the most passengers?")
def _ascending_boat() -> Script:
    ctx = {"rondvaarten": rondvaarten()}
    code = "per_boot = rondvaarten.groupby('boot').passagiers.sum().sort_values()\nprint(per_boot)"
    p = compute(ctx, code)["per_boot"]
    return Script(ctx, [BOAT_LOOK, repl(code), f"FINAL({differs(p.index[0], p.idxmax())} carried the most passengers: {p.iloc[0]:,}.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("h7_players_points_swapped", "two labels' figures swapped", "invented", "Who scored more, Luka Horvat or Tina Golob?")
def _points_swapped() -> Script:
    code = "print(players[players.name.isin(['Luka Horvat', 'Tina Golob'])][['name', 'rating', 'points']])"
    ctx, ns = with_chess(code)
    p = ns["players"].set_index("name").points
    assert p["Luka Horvat"] > p["Tina Golob"]
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code),
                        f"FINAL(Tina Golob, with {p['Luka Horvat']:g} points against Luka Horvat's {p['Tina Golob']:g} points.)"])


@case("h7_nord_sud_swapped_fr", "two labels' figures swapped", "invented", "Quel secteur a donné le plus de sève, Nord ou Sud ?")
def _nord_sud() -> Script:
    ctx = {"seve": seve()}
    code = "print(seve.groupby('secteur').seve_l.sum().round(1))"
    t = ctx["seve"].groupby("secteur").seve_l.sum().round(1)
    assert t["Sud"] > t["Nord"]
    return Script(ctx, [SEVE_LOOK, repl(code),
                        f"FINAL(Le secteur Nord, avec {comma(t['Sud'])} litres contre {comma(t['Nord'])} pour le secteur Sud.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h7_sap_march_april_rise", "decrease reported as a rise", "invented", "How did sap collection change from March to April?")
def _sap_rise() -> Script:
    code = ("m = seve.groupby(seve.date.dt.month).seve_l.sum()\nchange = round((m[4] / m[3] - 1) * 100, 1)\n"
            "print(m.round(1))\nprint('change March -> April, %:', change)")
    ctx, ns = with_seve(code)
    change = ns["change"]
    assert change < 0
    return Script(ctx, [SEVE_LOOK, PARSE_SEVE, repl(code), f"FINAL(Collection grew by {abs(change)}% from March to April.)"])


@case("h7_august_passengers_rise_nl", "decrease reported as a rise", "invented", "Hoe veranderde het aantal passagiers van juli naar augustus?")
def _august_rise() -> Script:
    code = ("pm = rv.groupby(rv.dag.dt.month).passagiers.sum()\nverschil = round((pm[8] / pm[7] - 1) * 100, 1)\n"
            "print(pm)\nprint('juli -> augustus, %:', verschil)")
    ctx, ns = with_boats(code)
    v = ns["verschil"]
    assert v < 0
    return Script(ctx, [BOAT_LOOK, PARSE_BOAT, repl(code),
                        f"FINAL(Het aantal passagiers steeg in augustus met {comma(abs(v))}% ten opzichte van juli.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h7_table_for_lysaker_kwh", "table returned for one figure", "invented", "How much energy did Lysaker deliver?")
def _table_lysaker() -> Script:
    ctx, _ = with_ev(EV_SITES)
    return Script(ctx, [EV_LOOK, PARSE_EV, repl(EV_SITES), "FINAL_VAR(by_site)"])


@case("h7_table_for_b1_dropouts", "table returned for one figure", "invented", "How many students dropped out of B1 courses?")
def _table_b1() -> Script:
    code = "b1_out = isc[(isc.livello == 'B1') & isc.ritirato]\nprint(b1_out[['studente', 'corso', 'nazionalita']])"
    ctx, _ = with_school(code)
    return Script(ctx, [SCHOOL_LOOK, repl(SCHOOL_JOIN), repl(code), 'FINAL_VAR("b1_out")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h7_draws_filtered_on_white", "zero after filtering the wrong column", "invented", "How many games were drawn?")
def _draws_white() -> Script:
    code = "draws = int((games.white == '½-½').sum())\nprint(draws)"
    ctx, ns = with_chess(code)
    differs(ns["draws"], int((ns["games"].result == "½-½").sum()))
    return Script(ctx, [CHESS_LOOK, PARSE_CHESS, repl(code), "FINAL(0 games were drawn: every game had a winner.)"])


@case("h7_picual_filtered_on_socio_es", "zero after filtering the wrong column", "invented", "¿Cuántas entregas fueron de Picual?")
def _picual_socio() -> Script:
    ctx = {"aceite": aceite()}
    code = "n_picual = int((aceite.socio == 'Picual').sum())\nprint(n_picual)"
    differs(compute(ctx, code)["n_picual"], int((ctx["aceite"].variedad == "Picual").sum()))
    return Script(ctx, [OIL_LOOK, repl(code), "FINAL(0)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h7_iso_date_in_ev_log", "none found after searching a date in another format", "invented",
      "Were there any ground faults on 10 November 2024?")
def _iso_ev() -> Script:
    ctx = {"ev_log": ev_log()}
    code = "hits = [l for l in ev if '2024-11-10' in l and 'FAULT_GROUND' in l]\nprint(len(hits))"
    assert sum("[10.11.2024" in line and "FAULT_GROUND" in line for line in ev_log().splitlines()) > 0
    return Script(ctx, [EV_LOOK, repl(code), "FINAL(No, there were no ground faults on 10 November 2024.)"])


@case("h7_iso_date_in_playlist", "none found after searching a date in another format", "invented",
      "Did the station play „Damals im Mai“ on 9 May?")
def _iso_radio() -> Script:
    ctx = {"playlist": playlist()}
    code = "hits = [l for l in pl if '2024-05-09' in l and 'Damals im Mai' in l]\nprint(len(hits))"
    thursday = playlist().split("### Do 09.05.2024")[1].split("###")[0]
    assert "Damals im Mai" in thursday
    return Script(ctx, [RADIO_LOOK, repl(code), "FINAL(No, „Damals im Mai“ was not played on 9 May.)"])
