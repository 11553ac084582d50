"""Acceptance cases, the fifteenth set: written apart from the gates, to be read case by case and tuned on.

It was written by a helper that never read the engine, the gates, the prompts or any earlier result, and that ran no
case under any acceptance policy; it is meant to be read case by case and tuned on, like ``cases_tune2`` to
``cases_tune14``.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune15``. The cases are written as a capable model
writes its answers (legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes
of ``cases_tune2``. Every case name starts with ``h15_``. About half of the questions are in English; the rest are in
Japanese, Danish, Portuguese, Slovenian and German, and the answers write numbers, dates, times and money as those
locales do (``約32.2万リットル``, ``令和7年1月1日``, ``98,7 t.kr.``, ``1.454 m``, ``5/7-2024``, ``1 758,7 mil €``,
``1,76 milhões de euros``, ``36,00 €``, ``ETB 10.03M``), with Ethiopian-calendar days next to their Gregorian dates,
UTC next to Hamburg summer time, knots next to km/h, arrobas next to tonnes, and flight times written ``1:19``.

Size: 74 legitimate answers covering all 33 legitimate classes (two or three each) and 62 invented or misread ones
covering all 29 invented classes (two or three each). Before it was committed, each case was built and its replies'
code (and the code of its ``after`` turns) run in a plain namespace against the case's own data (with the case's
sub-model standing in for the sub-calls), only to check that the code runs and the figures are the ones it computes;
no case was run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's parse step, as the ``with_*`` helpers do); every invented figure or label
is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Fushimi sake brewery's moromi register for brewing year
Reiwa 6 (Japanese column names, days written in the Japanese era as ``令和6年11月5日`` with Reiwa 7 for 2025, polishing
ratios, a sake meter value that goes negative for sweet batches, litres and koku), a Sidama coffee washing station's
cherry receipts (days in the Ethiopian calendar as the clerk writes them, ``Hidar 14, 2017``, with 30-day months from
Meskerem 1 = 11 September 2024; kilos, floaters in percent, birr per kilo climbing through the season), a Danish
gliding club's 2024 flight log at Arnborg (Danish column names, days written ``5/7-2024``, times ``14.32``, flight
times ``1:35``, winch launches and aerotows, cross-country kilometres, altitudes in metres, launch fees in kroner and
free-text remarks on outlandings and cable breaks), a Hamburg harbour launch's GPS logger as raw NMEA 0183 ``$GPRMC``
sentences (UTC ``hhmmss``, ``ddmmyy`` dates, ``ddmm.mmmm`` positions, speed in knots, void fixes, checksums), an
Alentejo cork harvest as a dict of three tables to join (Portuguese names, estates with their councils and hectares,
stripping crews and their foremen, lots dated ``05/06/2024`` weighed in arrobas of 15 kg and priced in euros per
arroba by calibre), and a Pohorje bike park's 2025 price list and rules in Slovenian markdown (prices like ``36,00 €``,
opening days, youth and children's rates, a family ticket, rentals, helmets, a weather refund rule). Each frame builder
returns a fresh copy (model code may change a frame in place).
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
# -- a sake brewery in Fushimi, brewing year Reiwa 6 (Japanese) ----------------------------------------------------
SHURUI = {"純米大吟醸": (40, 34, .12), "純米吟醸": (55, 30, .2), "純米": (65, 25, .26), "本醸造": (70, 22, .22),
          "普通酒": (75, 20, .2)}


def reiwa(day: pd.Timestamp) -> str:
    """``令和6年11月5日``: the Japanese era year (Reiwa 1 is 2019), month and day."""
    return f"令和{day.year - 2018}年{day.month}月{day.day}日"


def moromi() -> pd.DataFrame:
    return _moromi().copy()


@functools.lru_cache(maxsize=1)
def _moromi(seed: int = 7501) -> pd.DataFrame:
    """The moromi (fermenting mash) register of a Fushimi sake brewery for brewing year Reiwa 6 (November 2024 to
    March 2025), Japanese column names: batch number, tank, the day the mash was set and the day it was pressed
    written in the Reiwa era (``令和6年11月5日``; Reiwa 7 is 2025), the grade, the polishing ratio (% of the grain
    left), polished rice in kg, days in the tank, the sake meter value (日本酒度, negative is sweeter), acidity,
    alcohol (%) and litres pressed. Daiginjo stays longest in the tank and is polished to 40%."""
    rng = np.random.default_rng(seed)
    kinds = list(SHURUI)
    starts = np.sort(rng.integers(0, 120, 64))
    rows = []
    for i, k in enumerate(starts):
        day = pd.Timestamp("2024-11-01") + pd.Timedelta(days=int(k))
        kind = kinds[int(rng.choice(5, p=[SHURUI[x][2] for x in kinds]))]
        polish, days, _ = SHURUI[kind]
        rice = int(round(rng.uniform(500, 1400) if kind == "純米大吟醸" else rng.uniform(900, 3000), -1))
        n = int(days + rng.integers(-3, 5))
        smv = round(float(rng.normal({"純米大吟醸": -1.0, "純米吟醸": 1.5, "純米": 2.5, "本醸造": 4.5, "普通酒": 3.0}[kind], 2.2)), 1)
        litres = int(round(rice * rng.uniform(2.3, 2.6) * (1.25 if kind in ("本醸造", "普通酒") else 1.0), -1))
        rows.append((f"R6-{i + 1:03d}", f"{int(rng.integers(1, 15)):02d}号", reiwa(day), reiwa(day + pd.Timedelta(days=n)), kind,
                     polish, rice, n, smv, round(float(rng.uniform(1.1, 1.9)), 1), round(float(rng.uniform(15.6, 18.4)), 1),
                     litres))
    return pd.DataFrame(rows, columns=["仕込番号", "タンク", "仕込日", "上槽日", "区分", "精米歩合", "白米_kg", "もろみ日数",
                                       "日本酒度", "酸度", "アルコール度数", "生産量_L"])


# -- a coffee washing station in Sidama (Ethiopian calendar) -------------------------------------------------------
EC_MONTHS = ["Meskerem", "Tikimt", "Hidar", "Tahsas", "Tir", "Yekatit"]
KEBELES = {"Bombe": 1.4, "Shantawene": 1.2, "Daye Bensa": 1.0, "Karamo": 0.8, "Hamasho": 0.6}


def ec_date(day: pd.Timestamp) -> str:
    """A day of September 2024 to February 2025 in the Ethiopian calendar: Meskerem 1, 2017 E.C. is 11 September 2024,
    and every month has 30 days."""
    k = (day - pd.Timestamp("2024-09-11")).days
    return f"{EC_MONTHS[k // 30]} {k % 30 + 1}, 2017"


def cherry() -> pd.DataFrame:
    return _cherry().copy()


@functools.lru_cache(maxsize=1)
def _cherry(seed: int = 7502) -> pd.DataFrame:
    """Red cherry bought by a washing station in Bensa, Sidama, over the 2017 E.C. harvest (late October 2024 to late
    January 2025): receipt, the day in the Ethiopian calendar as the station's clerk writes it (``Hidar 14, 2017``),
    farmer, kebele (village), kilos of cherry, floaters skimmed off (% of the delivery), the price in birr per kilo
    (it climbs through the season) and the birr paid. Bombe brings the most cherry; the peak is in Hidar."""
    rng = np.random.default_rng(seed)
    farmers = {f"F-{1000 + i}": str(rng.choice(list(KEBELES), p=np.array(list(KEBELES.values())) / sum(KEBELES.values())))
               for i in range(140)}
    ids = list(farmers)
    rows = []
    for k in range(49, 139):  # Tikimt 20 to Tir 19
        day = pd.Timestamp("2024-09-11") + pd.Timedelta(days=k)
        lam = 26 * math.exp(-((k - 85) / 24) ** 2) + 2
        for _ in range(int(rng.poisson(lam))):
            f = ids[int(rng.integers(0, len(ids)))]
            kg = round(float(rng.gamma(2.2, 38)) + 5, 1)
            price = round(78 + (k - 49) * 0.28 + float(rng.normal(0, 1.2)), 2)
            rows.append((day, f, farmers[f], kg, round(float(rng.beta(2, 30)) * 100, 1), price))
    return pd.DataFrame({
        "receipt": [f"BSA-{i + 1:04d}" for i in range(len(rows))], "date_ec": [ec_date(r[0]) for r in rows],
        "farmer": [r[1] for r in rows], "kebele": [r[2] for r in rows], "cherry_kg": [r[3] for r in rows],
        "floaters_pct": [r[4] for r in rows], "price_etb_kg": [r[5] for r in rows],
        "paid_etb": [round(r[3] * r[5], 2) for r in rows],
    })


# -- a Danish gliding club's 2024 season (Danish) ------------------------------------------------------------------
FLY = {"OY-XKL": "ASK 21", "OY-VXP": "ASK 21", "OY-XPB": "LS4", "OY-RDX": "Discus 2b", "OY-SVD": "DG-1000S"}
PILOTER = ["Mette Kjær", "Søren Lund", "Anders Holm", "Freja Dam", "Jens Bech", "Camilla Ravn", "Niels Hvid",
           "Ida Skov", "Rasmus Krog"]
BEM_LOKAL = ["", "", "", "termik god efter kl. 13", "lærerflyvning", "lærerflyvning"]
BEM_TUR = ["overlandsflyvning", "overlandsflyvning", "udelanding på mark ved Brande", "udelanding ved Vrads, hentet med trailer"]


def flyvninger() -> pd.DataFrame:
    return _flyvninger().copy()


@functools.lru_cache(maxsize=1)
def _flyvninger(seed: int = 7503) -> pd.DataFrame:
    """The flight log of a gliding club at Arnborg, April to September 2024, Danish column names: day written the Danish
    way ``5/7-2024`` (day, month, year), glider registration and type, pilot, launch (``spil`` is the winch,
    ``flyslæb`` an aerotow), take-off and landing times written ``14.32``, the flight time ``1:35`` (hours:minutes),
    cross-country distance in km (0 for a local flight), the highest altitude in metres, the launch fee in kroner and a
    remark (outlandings, cable breaks, instruction). Summer weekends fly most; aerotows go higher and further."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-04-06", "2024-09-29")
    month = {4: .5, 5: .9, 6: 1.1, 7: 1.2, 8: 1.0, 9: .6}
    rows = []
    for day in days:
        weekend = day.day_of_week >= 5
        if not weekend and rng.random() > 0.35:
            continue
        for _ in range(int(rng.poisson(month[day.month] * (9 if weekend else 4)))):
            reg = str(rng.choice(list(FLY), p=[.28, .22, .2, .16, .14]))
            aero = bool(rng.random() < (0.2 if FLY[reg] == "ASK 21" else 0.55))
            t0 = int(rng.integers(10 * 60, 17 * 60))
            dur = min(int(max(8, rng.gamma(1.6, 55 if aero else 32))), 20 * 60 - t0)
            km = int(rng.gamma(2.5, 60)) if aero and dur > 120 and rng.random() < 0.6 else 0
            alt = int(round(rng.normal(1250 if aero else 850, 250) + dur * 2.5, -1))
            rem = str(rng.choice(BEM_TUR)) if km else str(rng.choice(BEM_LOKAL))
            if not aero and not km and rng.random() < 0.05:
                dur, alt, rem = int(rng.integers(3, 7)), int(rng.integers(15, 26)) * 10, "kort flyvning, kabelbrud"
            rows.append((day, reg, str(rng.choice(PILOTER)), "flyslæb" if aero else "spil", t0, dur, km, alt,
                         350.0 if aero else 85.0, rem))
    rows.sort(key=lambda r: (r[0], r[4]))
    return pd.DataFrame({
        "dato": [f"{r[0].day}/{r[0].month}-{r[0].year}" for r in rows], "fly": [r[1] for r in rows],
        "type": [FLY[r[1]] for r in rows], "pilot": [r[2] for r in rows], "start": [r[3] for r in rows],
        "starttid": [f"{r[4] // 60:02d}.{r[4] % 60:02d}" for r in rows],
        "landing": [f"{(r[4] + r[5]) // 60:02d}.{(r[4] + r[5]) % 60:02d}" for r in rows],
        "flyvetid": [f"{r[5] // 60}:{r[5] % 60:02d}" for r in rows], "distance_km": [r[6] for r in rows],
        "max_hoejde_m": [r[7] for r in rows], "afgift_kr": [r[8] for r in rows], "bemaerkning": [r[9] for r in rows],
    })


# -- a Hamburg harbour launch's GPS logger (NMEA 0183 RMC sentences) -----------------------------------------------
def _nmea_checksum(body: str) -> str:
    c = 0
    for ch in body:
        c ^= ord(ch)
    return f"{c:02X}"


def _ddmm(value: float, width: int) -> str:
    deg = int(value)
    return f"{deg:0{width}d}{(value - deg) * 60:07.4f}"


@functools.lru_cache(maxsize=1)
def nmea_log(seed: int = 7504) -> str:
    """A harbour launch's GPS logger in Hamburg, 13 to 15 August 2024: one ``$GPRMC`` sentence a minute while the
    engine runs (UTC ``hhmmss``, fix status ``A`` or ``V`` for no fix, latitude and longitude as ``ddmm.mmmm``, speed
    over ground in knots, course, the date as ``ddmmyy``, a checksum). The launch runs round trips from the
    Landungsbrücken downriver and back; on the 14th it runs faster and further (a charter)."""
    rng = np.random.default_rng(seed)
    out = []
    for day, trips, fast in ((pd.Timestamp("2024-08-13"), 3, False), (pd.Timestamp("2024-08-14"), 2, True),
                             (pd.Timestamp("2024-08-15"), 4, False)):
        t = day + pd.Timedelta(hours=6, minutes=int(rng.integers(0, 40)))  # 08:xx local, 06:xx UTC
        for _ in range(trips):
            lat, lon = 53.5457, 9.9666
            legs = int(rng.integers(28, 40)) if not fast else int(rng.integers(55, 70))
            for direction in (1, -1):
                course = 262.0 if direction == 1 else 82.0
                for _ in range(legs):
                    kn = max(0.3, rng.normal(8.6 if fast else 6.4, 0.8))
                    nm = kn / 60
                    lat += direction * (-nm * 0.12) / 60
                    lon += direction * (-nm * 0.99) / 60 / math.cos(math.radians(53.54))
                    status = "V" if rng.random() < 0.03 else "A"
                    body = (f"GPRMC,{t:%H%M%S}.00,{status},{_ddmm(lat, 2)},N,{_ddmm(lon, 3)},E,{kn:.1f},"
                            f"{course + rng.normal(0, 3):05.1f},{t:%d%m%y},,,{'A' if status == 'A' else 'N'}")
                    out.append(f"${body}*{_nmea_checksum(body)}")
                    t += pd.Timedelta(minutes=1)
            t += pd.Timedelta(minutes=int(rng.integers(25, 70)))
    return "\n".join(out)


# -- cork stripping in the Alentejo, 2024 (Portuguese; a dict of three tables) --------------------------------------
HERDADES = [("Herdade do Freixo", "Coruche", 410, 38000), ("Monte da Azinheira", "Coruche", 260, 21000),
            ("Herdade das Cortiçadas", "Montemor-o-Novo", 520, 46000), ("Herdade de Vale Perdido", "Grândola", 330, 27500),
            ("Monte do Sobral", "Ponte de Sor", 290, 24000), ("Herdade da Palmeira", "Ponte de Sor", 180, 15500)]
EQUIPAS = [("E1", "António Serrano", 9), ("E2", "Joaquim Lobo", 7), ("E3", "Manuel Caeiro", 11), ("E4", "Rui Pestana", 6)]
CALIBRES = {"delgada": (.18, 2.9), "meia-marca": (.32, 3.6), "marca": (.36, 4.1), "grossa": (.14, 3.3)}


def cortica() -> dict[str, pd.DataFrame]:
    """Cork stripped on six Alentejo estates in summer 2024, as a dict of three tables to join."""
    return {name: frame.copy() for name, frame in _cortica().items()}


@functools.lru_cache(maxsize=1)
def _cortica(seed: int = 7505) -> dict[str, pd.DataFrame]:
    """``herdades``: estate, council (concelho), area in hectares, cork oaks. ``equipas``: crew, its foreman and its
    strippers. ``tiradas``: one lot a row: lot number, day written ``05/07/2024`` (day first), estate, crew, weight in
    arrobas (one arroba is 15 kg), calibre (thickness: delgada, meia-marca, marca, grossa) and the price in euros per
    arroba. The stripping runs from late May to mid August; marca fetches the best price."""
    rng = np.random.default_rng(seed)
    days = pd.date_range("2024-05-27", "2024-08-14")
    rows = []
    for _ in range(210):
        day = days[int(rng.integers(0, len(days)))]
        h = HERDADES[int(rng.choice(6, p=np.array([h[3] for h in HERDADES]) / sum(h[3] for h in HERDADES)))][0]
        eq = EQUIPAS[int(rng.choice(4, p=np.array([e[2] for e in EQUIPAS]) / 33))][0]
        cal = str(rng.choice(list(CALIBRES), p=[c[0] for c in CALIBRES.values()]))
        rows.append((day, h, eq, int(rng.integers(40, 420)), cal, round(CALIBRES[cal][1] * 10 * rng.uniform(0.92, 1.08), 2)))
    rows.sort(key=lambda r: r[0])
    tiradas = pd.DataFrame({
        "lote": [f"L24-{i + 1:03d}" for i in range(len(rows))], "data": [f"{r[0]:%d/%m/%Y}" for r in rows],
        "herdade": [r[1] for r in rows], "equipa": [r[2] for r in rows], "arrobas": [r[3] for r in rows],
        "calibre": [r[4] for r in rows], "preco_eur_arroba": [r[5] for r in rows]})
    return {"herdades": pd.DataFrame(HERDADES, columns=["herdade", "concelho", "area_ha", "sobreiros"]),
            "equipas": pd.DataFrame(EQUIPAS, columns=["equipa", "encarregado", "tiradores"]), "tiradas": tiradas}


# -- a bike park's price list and rules (Slovenian markdown) ---------------------------------------------------------
PARK = """# Kolesarski park Pohorje – cenik in pravila 2025

Velja od 1. maja do 12. oktobra 2025. Upravljavec: Pohorje Aktiv d.o.o.

## Obratovalni čas

Sedežnica obratuje od srede do nedelje med 9.00 in 17.00, julija in avgusta vsak dan med 9.00 in 18.00. Zadnja
vožnja je 20 minut pred zaprtjem. Ob ponedeljkih in torkih (razen julija in avgusta) je park zaprt.

## Cenik vozovnic

| Vozovnica | Odrasli | Mladina (15–18 let) | Otroci (7–14 let) |
| --- | --- | --- | --- |
| Ena vožnja | 9,00 € | 8,00 € | 6,00 € |
| Popoldanska (od 13.00) | 27,00 € | 23,00 € | 17,00 € |
| Dnevna | 36,00 € | 30,00 € | 22,00 € |
| 3-dnevna | 92,00 € | 78,00 € | 56,00 € |
| Sezonska | 310,00 € | 260,00 € | 180,00 € |

Otroci do 6 let vozijo brezplačno v spremstvu odrasle osebe s plačano vozovnico. Družinska dnevna vozovnica (2 odrasla
in do 3 otroci do 14 let) stane 84,00 €.

## Izposoja opreme

| Oprema | Pol dneva | Cel dan |
| --- | --- | --- |
| Enduro kolo | 45,00 € | 65,00 € |
| Downhill kolo | 55,00 € | 79,00 € |
| E-kolo | 50,00 € | 70,00 € |
| Zaščitna oprema (komplet) | 10,00 € | 15,00 € |

Za izposojo je treba pustiti osebni dokument. Čelada je pri izposoji kolesa vključena.

## Pravila

Čelada je obvezna na vseh progah; na progah Črna in Rdeča je obvezna tudi integralna čelada. Otroci do 14 let se
lahko vozijo le v spremstvu odrasle osebe. Vožnja je dovoljena samo po označenih progah. Psi na sedežnici niso
dovoljeni.

## Vreme in vračilo

Če sedežnica zaradi vetra ali neurja ne obratuje več kot 2 uri, se dnevna vozovnica povrne v višini 50 %. Ob zaprtju
pred 12.00 se vrne celotna cena dnevne vozovnice. Sezonske vozovnice se ne vračajo.
"""


# -- formatting helpers --------------------------------------------------------------------------------------------
def dk(x: float, decimals: int = 1) -> str:
    """Danish, Portuguese and Slovenian digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def pt(x: float, decimals: int = 2) -> str:
    """Portuguese digits, a space between thousands: ``12 345,67``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


def g(x: float) -> str:
    return f"{x:g}"


def etb(x: float, decimals: int = 2) -> str:
    return f"ETB {x:,.{decimals}f}"


def man(x: float) -> str:
    """Japanese 万 (ten thousand): ``12.3万``."""
    return f"{x / 1e4:.1f}万"


def hm(minutes: float) -> str:
    m = math.floor(minutes + 0.5)
    return f"{m // 60}:{m % 60:02d}"


DK_MAANED = {4: "april", 5: "maj", 6: "juni", 7: "juli", 8: "august", 9: "september"}
DK_ALLE = {1: "januar", 2: "februar", 3: "marts", **DK_MAANED, 10: "oktober", 11: "november", 12: "december"}
DK_DAGE = {"Monday": "mandag", "Tuesday": "tirsdag", "Wednesday": "onsdag", "Thursday": "torsdag", "Friday": "fredag",
           "Saturday": "lørdag", "Sunday": "søndag"}
PT_MESES = {5: "maio", 6: "junho", 7: "julho", 8: "agosto"}
JA_YOUBI = {"Monday": "月曜日", "Tuesday": "火曜日", "Wednesday": "水曜日", "Thursday": "木曜日", "Friday": "金曜日",
            "Saturday": "土曜日", "Sunday": "日曜日"}


# -- first looks: what a capable model runs before anything else ---------------------------------------------------
S_LOOK = repl("print(moromi.shape)\nprint(moromi.head())\nprint(moromi.dtypes)", "まずデータの形を確認します。")
C_LOOK = repl("print(cherry.shape)\nprint(cherry.head())", "Let me look at the receipts first.")
G_LOOK = repl("print(flyvninger.shape)\nprint(flyvninger.head())", "Først et kig på flyvebogen.")
N_LOOK = repl("lines = nmea.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:4]))", "NMEA sentences, it seems; a look at a few.")
K_LOOK = repl("for nome, t in cortica.items():\n    print(nome, t.shape)\n    print(t.head(3).to_string())",
              "Três tabelas num dicionário; vejo cada uma.")
P_LOOK = repl("print(len(parque))\nprint(parque[:900])")

# Parsing steps (run in the same namespace before a question's own code).
S_PARSE = ("import re\nimport pandas as pd\ns = moromi.copy()\n"
           "def wareki(t):\n    y, m, d = map(int, re.match(r'令和(\\d+)年(\\d+)月(\\d+)日', t).groups())\n"
           "    return pd.Timestamp(2018 + y, m, d)\n"
           "s['仕込'] = s['仕込日'].map(wareki)\ns['上槽'] = s['上槽日'].map(wareki)\n"
           "print(s[['仕込番号', '仕込日', '仕込', '上槽日', '上槽']].head(3))")
C_PARSE = ("import pandas as pd\nEC = ['Meskerem', 'Tikimt', 'Hidar', 'Tahsas', 'Tir', 'Yekatit']\nc = cherry.copy()\n"
           "p = c.date_ec.str.extract(r'(\\w+) (\\d+), (\\d+)')\nc['month_ec'] = p[0]\n"
           "c['date'] = pd.Timestamp('2024-09-11') + pd.to_timedelta(p[0].map(EC.index) * 30 + p[1].astype(int) - 1, unit='D')\n"
           "print(c[['date_ec', 'month_ec', 'date']].head(3))")
G_PARSE = ("import pandas as pd\nf = flyvninger.copy()\nf['dag'] = pd.to_datetime(f.dato, format='%d/%m-%Y')\n"
           "f['minutter'] = f.flyvetid.str.split(':').map(lambda p: int(p[0]) * 60 + int(p[1]))\n"
           "print(f[['dato', 'dag', 'flyvetid', 'minutter']].head(3))")
N_PARSE = ("import pandas as pd\nrows = [l.split('*')[0].split(',') for l in nmea.splitlines()]\n"
           "fix = pd.DataFrame({'utc': pd.to_datetime([r[9] + r[1][:6] for r in rows], format='%d%m%y%H%M%S'),\n"
           "                    'status': [r[2] for r in rows],\n"
           "                    'lat': [int(r[3][:2]) + float(r[3][2:]) / 60 for r in rows],\n"
           "                    'lon': [int(r[5][:3]) + float(r[5][3:]) / 60 for r in rows],\n"
           "                    'knots': [float(r[7]) for r in rows], 'course': [float(r[8]) for r in rows]})\n"
           "print(fix.shape)\nprint(fix.head(3))")
K_JOIN = ("import pandas as pd\nt = cortica['tiradas'].copy()\nt['dia'] = pd.to_datetime(t.data, format='%d/%m/%Y')\n"
          "t['kg'] = t.arrobas * 15\nt['valor'] = t.arrobas * t.preco_eur_arroba\n"
          "lotes = t.merge(cortica['herdades'], on='herdade').merge(cortica['equipas'], on='equipa')\n"
          "print(lotes.shape)\nprint(lotes.head(3).to_string())")
PARSE_S = repl(S_PARSE, "日付は令和表記なので西暦に変換します（令和元年＝2019年）。")
PARSE_C = repl(C_PARSE, "Dates are in the Ethiopian calendar (Meskerem 1, 2017 = 11 Sep 2024, 30-day months); converting.")
PARSE_G = repl(G_PARSE, "Datoerne står som 5/7-2024 og flyvetiden som t:mm; jeg konverterer.")
PARSE_N = repl(N_PARSE, "RMC sentences: time hhmmss UTC, date ddmmyy, positions ddmm.mmmm, speed in knots. Parsing.")
JOIN_K = repl(K_JOIN, "Datas dd/mm/aaaa, pesos em arrobas (15 kg); junto as três tabelas.")


def _with(ctx: dict[str, Any], parse: str, code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return ctx, compute(ctx, parse + "\n" + code)


def with_s(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A sake case's context, and what its parse step then ``code`` bind (as the run will)."""
    return _with({"moromi": moromi()}, S_PARSE, code)


def with_c(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"cherry": cherry()}, C_PARSE, code)


def with_g(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"flyvninger": flyvninger()}, G_PARSE, code)


def with_n(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"nmea": nmea_log()}, N_PARSE, code)


def with_k(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return _with({"cortica": cortica()}, K_JOIN, code)


# -- the sub-model of the sub-call cases: it reads the prompt it is given, as a real one would ----------------------
def sub_model() -> RuleBasedSubModel:
    def remarks(_: re.Match[str], request: ChatRequest) -> str:
        lines = [x.strip() for x in request.last_user.split("\n\n", 1)[-1].splitlines() if x.strip()]
        n = len(lines)
        instr = sum(x == "lærerflyvning" for x in lines)
        brande = sum("Brande" in x for x in lines)
        vrads = sum("Vrads" in x for x in lines)
        xc = sum(x == "overlandsflyvning" for x in lines)
        thermal = sum(x.startswith("termik") for x in lines)
        cable = sum("kabelbrud" in x for x in lines)
        return (f"Of the {n} remarks, {instr} mark instruction flights, {thermal} note good thermals after 13:00, "
                f"{xc} are cross-country flights, {brande + vrads} are outlandings ({brande} near Brande, {vrads} at Vrads, "
                f"retrieved by trailer) and {cable} are short flights after a cable break.")

    def outlandings(_: re.Match[str], request: ChatRequest) -> str:
        return f"{request.last_user.count('udelanding')} outlandings."

    def refund(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Vreme in vračilo\n\n(.*?)(?:\n\n|\Z)", request.last_user, re.S)
        return " ".join(found.group(1).split()) if found else "NONE"

    return RuleBasedSubModel([(r"\ASummarise these remarks", remarks), (r"\ACount the outlandings", outlandings),
                              (r"\AQuote the refund rule", refund)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the sake brewery ----------------------------------------------------------------------------------------------
@case("h15_sake_alcohol_describe_ja", "describe() statistic", "legit", "今季のもろみのアルコール度数はどのくらいですか？")
def _sake_describe() -> Script:
    code = "print(s['アルコール度数'].describe().round(2))"
    ctx, ns = with_s(code)
    d = ns["s"]["アルコール度数"].describe().round(2)
    final = (f"FINAL(今季の{d['count']:.0f}本のもろみは、上槽時のアルコール度数が平均{g(d['mean'])}%、中央値{g(d['50%'])}%でした。"
             f"半数は{g(d['25%'])}%〜{g(d['75%'])}%の間に収まり、最低は{g(d['min'])}%、最高は{g(d['max'])}%です（標準偏差{g(d['std'])}）。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), final],
                  [repl("print(s['アルコール度数'].agg(['count', 'mean', 'median', 'min', 'max']).round(2))"), final])


BY_GRADE_L = "量 = s.groupby('区分')['生産量_L'].sum().sort_values(ascending=False)\nprint(量)\nprint(量.sum())"


@case("h15_sake_litres_by_grade_bullets", "bullet list of figures", "legit", "How many litres of each grade did we press this season?")
def _sake_bullets() -> Script:
    ctx, ns = with_s(BY_GRADE_L)
    q = ns["量"]
    names = {"普通酒": "futsushu, table sake", "本醸造": "honjozo", "純米": "junmai", "純米吟醸": "junmai ginjo",
             "純米大吟醸": "junmai daiginjo"}
    final = ("FINAL(Litres pressed in brewing year Reiwa 6 (2024/25), by grade:\n"
             + "\n".join(f"- {k} ({names[k]}): {v:,} L" for k, v in q.items())
             + f"\n\nTotal: {q.sum():,} L.)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(BY_GRADE_L), final], [repl("print(量.to_dict())"), final])


@case("h15_sake_rice_tonnes", "value with a unit", "legit", "How much polished rice went into this season's mash?")
def _sake_rice() -> Script:
    code = "print(s['白米_kg'].sum(), len(s))"
    ctx, ns = with_s(code)
    kg = int(ns["s"]["白米_kg"].sum())
    final = (f"FINAL({kg / 1000:.2f} tonnes of polished rice ({kg:,} kg) across the {len(ns['s'])} batches, "
             f"about {kg / len(ns['s']):,.0f} kg a batch on average.)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), final], [repl("print(s['白米_kg'].sum() / 1000)"), final])


@case("h15_sake_moromi_days_range_ja", "range from min to max", "legit", "もろみの日数は何日から何日までありましたか？")
def _sake_range() -> Script:
    code = ("print(s['もろみ日数'].min(), s['もろみ日数'].max())\n"
            "print(s.groupby('区分')['もろみ日数'].agg(['min', 'max']))")
    ctx, ns = with_s(code)
    x = ns["s"]
    lo, hi = int(x["もろみ日数"].min()), int(x["もろみ日数"].max())
    hi_kind = x.loc[x["もろみ日数"].idxmax(), "区分"]
    lo_kinds = sorted(set(x.loc[x["もろみ日数"] == lo, "区分"]))
    assert hi_kind == "純米大吟醸" and len(lo_kinds) == 1
    final = (f"FINAL({lo}日から{hi}日までです。最短の{lo}日は{lo_kinds[0]}、最長の{hi}日は{hi_kind}のもろみでした。"
             "吟醸系ほど低温で長く発酵させている傾向がはっきり出ています。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), final], [repl("print(s['もろみ日数'].agg(['min', 'max']))"), final])


SMV_GROUPS = "smv = s[s['区分'].isin(['純米', '本醸造'])].groupby('区分')['日本酒度'].agg(['size', 'mean', 'median']).round(2)\nprint(smv)"


@case("h15_junmai_vs_honjozo_smv", "two groups compared", "legit", "Is our junmai sweeter or drier than the honjozo?")
def _smv_groups() -> Script:
    ctx, ns = with_s(SMV_GROUPS)
    v = ns["smv"]
    j, h = v.loc["純米", "mean"], v.loc["本醸造", "mean"]
    assert j < h
    final = (f"FINAL(Sweeter. The junmai batches average a sake meter value of {j:+.2f} against {h:+.2f} for the honjozo "
             f"(medians {v.loc['純米', 'median']:+.1f} and {v.loc['本醸造', 'median']:+.1f}); a lower 日本酒度 means more residual "
             f"sugar, so the honjozo is about {h - j:.1f} points drier. That is over {v.loc['純米', 'size']:.0f} junmai and "
             f"{v.loc['本醸造', 'size']:.0f} honjozo batches.)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(SMV_GROUPS), final], [repl("print(smv['mean'])"), final])


SWEETEST = "print(s.nsmallest(3, '日本酒度')[['仕込番号', '区分', '日本酒度', '酸度', '上槽日']])"


@case("h15_sweetest_batch_smv_ja", "negative figure", "legit", "一番甘口のもろみはどれで、日本酒度はいくつでしたか？")
def _sweetest() -> Script:
    ctx, ns = with_s(SWEETEST)
    r = ns["s"].nsmallest(2, "日本酒度")
    assert r.iloc[0]["日本酒度"] < r.iloc[1]["日本酒度"]
    a = r.iloc[0]
    final = (f"FINAL({a['仕込番号']}（{a['区分']}）で、日本酒度は{a['日本酒度']:+.1f}でした。酸度は{g(a['酸度'])}、上槽は{a['上槽日']}です。"
             f"次に甘いのは{r.iloc[1]['仕込番号']}の{r.iloc[1]['日本酒度']:+.1f}でした。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(SWEETEST), final], [repl("print(s.loc[s['日本酒度'].idxmin(), ['仕込番号', '日本酒度']])"), final])


DAIGINJO_SMV = "dg = s[s['区分'] == '純米大吟醸']\nprint(len(dg), round(dg['日本酒度'].mean(), 2))\nprint(dg['日本酒度'].tolist())"


@case("h15_daiginjo_mean_smv", "negative figure", "legit", "What is the average sake meter value of our junmai daiginjo?")
def _daiginjo_smv() -> Script:
    ctx, ns = with_s(DAIGINJO_SMV)
    dg = ns["dg"]
    m = round(dg["日本酒度"].mean(), 2)
    assert m < 0
    final = (f"FINAL({m:.2f}, i.e. on the sweet side of zero: that is the mean 日本酒度 of the {len(dg)} junmai daiginjo batches, "
             f"which range from {dg['日本酒度'].min():+.1f} to {dg['日本酒度'].max():+.1f}.)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(DAIGINJO_SMV), final], [repl("print(dg['日本酒度'].mean())"), final])


BIGGEST = "print(s.nlargest(3, '生産量_L')[['仕込番号', 'タンク', '区分', '仕込日', '上槽日', '生産量_L']])"


@case("h15_biggest_batch_id", "quoted log line or ID", "legit", "Which single batch gave us the most sake?")
def _biggest_batch() -> Script:
    ctx, ns = with_s(BIGGEST)
    x = ns["s"].nlargest(2, "生産量_L")
    a = x.iloc[0]
    assert a["生産量_L"] > x.iloc[1]["生産量_L"]
    final = (f"FINAL(Batch {a['仕込番号']} ({a['区分']}, tank {a['タンク']}): {a['生産量_L']:,} L, set on {a['仕込日']} "
             f"({a['仕込']:%-d %B %Y}) and pressed on {a['上槽日']}. Runner-up {x.iloc[1]['仕込番号']} gave {x.iloc[1]['生産量_L']:,} L.)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(BIGGEST), final], [repl("print(s.loc[s['生産量_L'].idxmax(), ['仕込番号', '生産量_L']])"), final])


@case("h15_junmai_count_ja", "count off value_counts", "legit", "純米酒のもろみは何本仕込みましたか？")
def _junmai_count() -> Script:
    code = "print(s['区分'].value_counts())"
    ctx, ns = with_s(code)
    v = ns["s"]["区分"].value_counts()
    jun = v.loc[[k for k in v.index if k.startswith("純米")]]
    final = (f"FINAL(「純米」区分のもろみは{v['純米']}本です。純米吟醸（{v['純米吟醸']}本）と純米大吟醸（{v['純米大吟醸']}本）も含めた"
             f"純米系全体では{jun.sum()}本になります。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), final], [repl("print((s['区分'] == '純米').sum())"), final])


@case("h15_sake_litres_man_ja", "locale number abbreviation", "legit", "今季の生産量は全部で何リットルですか？")
def _sake_man() -> Script:
    code = "print(s['生産量_L'].sum())\nprint(round(s['生産量_L'].sum() / 180.39, 1))"
    ctx, ns = with_s(code)
    v = int(ns["s"]["生産量_L"].sum())
    final = (f"FINAL(約{man(v)}リットル（{v:,} L）です。石に直すと約{v / 180.39:,.1f}石になります。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), final], [repl("print(round(s['生産量_L'].sum() / 1e4, 1))"), final])


GRADE_TABLE = ("表 = s.groupby('区分').agg(本数=('仕込番号', 'size'), 精米歩合=('精米歩合', 'first'), 日数=('もろみ日数', 'mean'),\n"
               "                         日本酒度=('日本酒度', 'mean'), 度数=('アルコール度数', 'mean')).round(1)\nprint(表)")


@case("h15_grade_profile_qualitative", "qualitative over a full small table", "legit", "How do our five grades differ from one another?")
def _grade_profile() -> Script:
    ctx, ns = with_s(GRADE_TABLE)
    t = ns["表"]
    assert t["日数"].idxmax() == "純米大吟醸" and t["日本酒度"].idxmin() == "純米大吟醸" and t["日本酒度"].idxmax() == "本醸造"
    assert t["日数"].idxmin() in ("普通酒", "本醸造")
    final = (f"FINAL(They line up with how hard the rice is polished. Junmai daiginjo (polished to {t.loc['純米大吟醸', '精米歩合']:.0f}%) "
             f"ferments longest, {g(t.loc['純米大吟醸', '日数'])} days on average, and is the only grade that comes out sweet "
             f"(mean SMV {t.loc['純米大吟醸', '日本酒度']:+.1f}). Junmai ginjo ({t.loc['純米吟醸', '精米歩合']:.0f}%) and junmai "
             f"({t.loc['純米', '精米歩合']:.0f}%) sit in the middle at {g(t.loc['純米吟醸', '日数'])} and {g(t.loc['純米', '日数'])} days. "
             f"Honjozo and futsushu ({t.loc['本醸造', '精米歩合']:.0f}% and {t.loc['普通酒', '精米歩合']:.0f}%) are the quick, dry "
             f"end: about {g(t.loc['本醸造', '日数'])} and {g(t.loc['普通酒', '日数'])} days, with honjozo the driest at "
             f"{t.loc['本醸造', '日本酒度']:+.1f}. Alcohol hardly differs: every grade averages between "
             f"{t['度数'].min():g}% and {t['度数'].max():g}%.)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(GRADE_TABLE), final], [repl("print(表.to_string())"), final])


SEASON_TOTALS = ("batches = len(s)\nlitres = int(s['生産量_L'].sum())\nabv = round(s['アルコール度数'].mean(), 2)\n"
                 "print(batches, litres, abv)")


@case("h15_submit_season_totals", "DSPy SUBMIT fields", "legit", "How many batches did we brew, how many litres did they give, and at what average strength?")
def _submit_season() -> Script:
    ctx, _ = with_s(SEASON_TOTALS)
    submit = repl("SUBMIT(batches=batches, litres=litres, mean_abv_pct=abv)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(SEASON_TOTALS), submit],
                  [repl("print(len(s), s['生産量_L'].sum(), s['アルコール度数'].mean())"), submit])


POLISH_FIT = ("print(s[['精米歩合', 'もろみ日数']].corr().round(3))\n"
              "import numpy as np\nslope, icpt = np.polyfit(s['精米歩合'], s['もろみ日数'], 1)\nprint(round(slope, 3), round(icpt, 1))")


@case("h15_polish_vs_days_fit_ja", "correlation or fitted statistic", "legit", "精米歩合ともろみ日数には関係がありますか？")
def _polish_fit() -> Script:
    ctx, ns = with_s(POLISH_FIT)
    r = ns["s"][["精米歩合", "もろみ日数"]].corr().iloc[0, 1]
    slope = ns["slope"]
    assert r < -0.7
    final = (f"FINAL(はい、強い負の相関があります（相関係数 r = {r:.3f}）。よく磨いた米（精米歩合が低い）ほどもろみ日数が長くなります。"
             f"一次回帰の傾きは{slope:.3f}日／％で、精米歩合が10ポイント下がるごとに約{abs(slope) * 10:.1f}日長くなる計算です。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(POLISH_FIT), final], [repl("print(round(s['精米歩合'].corr(s['もろみ日数']), 3))"), final])


@case("h15_junmai_family_head_ja", "in-head arithmetic beyond two operands", "legit", "純米系（純米・純米吟醸・純米大吟醸）の生産量は合計何リットルですか？")
def _junmai_head() -> Script:
    ctx, ns = with_s(BY_GRADE_L)
    q = ns["量"]
    tot = int(q["純米"] + q["純米吟醸"] + q["純米大吟醸"])
    final = (f"FINAL(合計{tot:,}リットルです（純米{q['純米']:,} L＋純米吟醸{q['純米吟醸']:,} L＋純米大吟醸{q['純米大吟醸']:,} L）。"
             f"全生産量{q.sum():,} Lの約{tot / q.sum() * 100:.0f}%にあたります。)")
    return Script(ctx, [S_LOOK, PARSE_S, repl(BY_GRADE_L), final],
                  [repl("print(量[['純米', '純米吟醸', '純米大吟醸']].sum())"), final])


TANKS = "タンク別 = s.groupby('タンク')['生産量_L'].sum().sort_index()\nprint(タンク別)\nprint(タンク別.idxmax(), タンク別.max())"


@case("h15_busiest_tank_selected", "selection printed right after its table", "legit", "Which tank produced the most sake this season?")
def _tank() -> Script:
    ctx, ns = with_s(TANKS)
    t = ns["タンク別"]
    assert (t == t.max()).sum() == 1
    final = f"FINAL(Tank {t.idxmax()}: {t.max():,} litres pressed from it over the season, the most of the {len(t)} tanks in use.)"
    return Script(ctx, [S_LOOK, PARSE_S, repl(TANKS), final], [repl("print(タンク別.sort_values().tail(2))"), final])


ABV_GRADE = "度数 = s.groupby('区分')['アルコール度数'].mean().round(2).sort_values(ascending=False)\nprint(度数)"


@case("h15_submit_strongest_grade_ja", "labelled SUBMIT for a which question", "legit", "平均アルコール度数が一番高い区分はどれですか？")
def _submit_grade() -> Script:
    ctx, ns = with_s(ABV_GRADE)
    d = ns["度数"]
    assert d.iloc[0] > d.iloc[1]
    submit = repl("SUBMIT(grade=度数.idxmax(), mean_abv_pct=float(度数.max()))")
    return Script(ctx, [S_LOOK, PARSE_S, repl(ABV_GRADE), submit], [repl("print(度数.head(2))"), submit])


# -- the Sidama washing station ------------------------------------------------------------------------------------
@case("h15_cherry_delivery_describe", "describe() statistic", "legit", "How big is a typical cherry delivery at the station?")
def _cherry_describe() -> Script:
    code = "print(c.cherry_kg.describe().round(1))"
    ctx, ns = with_c(code)
    d = ns["c"].cherry_kg.describe().round(1)
    final = (f"FINAL(Small: the median delivery is {g(d['50%'])} kg of red cherry, and half of the {d['count']:,.0f} deliveries "
             f"weigh between {g(d['25%'])} and {g(d['75%'])} kg. The mean, {g(d['mean'])} kg, sits above the median because a few "
             f"farmers bring much larger loads (up to {g(d['max'])} kg); the smallest was {g(d['min'])} kg.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), final], [repl("print(c.cherry_kg.median(), c.cherry_kg.quantile([.25, .75]))"), final])


KEBELE_TABLE = ("per_kebele = c.groupby('kebele').agg(deliveries=('receipt', 'size'), cherry_kg=('cherry_kg', 'sum'),\n"
                "                                     paid_etb=('paid_etb', 'sum'), floaters=('floaters_pct', 'mean'))\n"
                "per_kebele = per_kebele.round(1).sort_values('cherry_kg', ascending=False)\nprint(per_kebele)")


@case("h15_kebele_markdown_table", "markdown table in text", "legit", "Give me a table of the harvest by kebele.")
def _kebele_table() -> Script:
    ctx, ns = with_c(KEBELE_TABLE)
    t = ns["per_kebele"]
    rows = "\n".join(f"| {k} | {r.deliveries:.0f} | {r.cherry_kg:,.1f} | {r.paid_etb:,.1f} | {r.floaters:.1f} |" for k, r in t.iterrows())
    final = ("FINAL(2017 E.C. harvest at the station, by kebele:\n\n| Kebele | Deliveries | Cherry (kg) | Paid (ETB) | Floaters (%) |\n"
             f"| --- | ---: | ---: | ---: | ---: |\n{rows}\n\nBombe and Shantawene together bring almost half of the cherry.)")
    assert (t.cherry_kg.iloc[:2].sum() / t.cherry_kg.sum()) > 0.47
    return Script(ctx, [C_LOOK, PARSE_C, repl(KEBELE_TABLE), final], [repl("print(per_kebele.to_string())"), final])


PRICE_RANGE = ("lo, hi = c.loc[c.price_etb_kg.idxmin()], c.loc[c.price_etb_kg.idxmax()]\n"
               "print(lo[['receipt', 'date_ec', 'date', 'price_etb_kg']])\nprint(hi[['receipt', 'date_ec', 'date', 'price_etb_kg']])")


@case("h15_cherry_price_range", "range from min to max", "legit", "What range of prices did the station pay per kilo of cherry?")
def _price_range() -> Script:
    ctx, ns = with_c(PRICE_RANGE)
    lo, hi = ns["lo"], ns["hi"]
    final = (f"FINAL(From {lo.price_etb_kg:.2f} to {hi.price_etb_kg:.2f} birr per kilo. The lowest was paid early in the season, on "
             f"{lo.date_ec} ({lo.date.day} {lo.date:%B %Y}, receipt {lo.receipt}), the highest near the end, on {hi.date_ec} "
             f"({hi.date.day} {hi.date:%B %Y}, {hi.receipt}): a spread of {hi.price_etb_kg - lo.price_etb_kg:.2f} birr as the price climbed.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(PRICE_RANGE), final], [repl("print(c.price_etb_kg.min(), c.price_etb_kg.max())"), final])


@case("h15_floaters_over_10_of_all", "X out of Y", "legit", "How many deliveries had more than 10% floaters?")
def _floaters() -> Script:
    code = "print((c.floaters_pct > 10).sum(), len(c))"
    ctx, ns = with_c(code)
    k, n = int((ns["c"].floaters_pct > 10).sum()), len(ns["c"])
    final = f"FINAL({k} of the {n:,} deliveries ({k / n:.1%}) had more than 10% floaters skimmed off.)"
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), final], [repl("print((c.floaters_pct > 10).sum())"), final])


MONTHS_C = ("per_month = c.groupby('month_ec').agg(kg=('cherry_kg', 'sum'), first=('date', 'min')).sort_values('first')\n"
            "per_month['kg'] = per_month.kg.round(1)\nprint(per_month)")


@case("h15_hidar_to_tahsas_change", "period-over-period change", "legit", "How did the cherry intake change from Hidar to Tahsas?")
def _hidar_tahsas() -> Script:
    ctx, ns = with_c(MONTHS_C)
    p = ns["per_month"].kg
    h, t = p["Hidar"], p["Tahsas"]
    final = (f"FINAL(It fell by {h - t:,.1f} kg, or {(1 - t / h) * 100:.1f}%: from {h:,.1f} kg in Hidar (10 Nov to 9 Dec 2024) to "
             f"{t:,.1f} kg in Tahsas (10 Dec 2024 to 8 Jan 2025). Hidar was the peak month of the harvest.)")
    assert p.idxmax() == "Hidar"
    return Script(ctx, [C_LOOK, PARSE_C, repl(MONTHS_C), final], [repl("print(round(per_month.kg['Tahsas'] / per_month.kg['Hidar'] - 1, 3))"), final])


TOP_FARMERS = "top = c.groupby('farmer').agg(kg=('cherry_kg', 'sum'), etb=('paid_etb', 'sum')).round(1).nlargest(6, 'kg')\nprint(top)"


@case("h15_top5_farmers", "top-N list by code", "legit", "Who were the five biggest suppliers this season?")
def _top5_farmers() -> Script:
    ctx, ns = with_c(TOP_FARMERS)
    t = ns["top"]
    assert t.kg.iloc[4] > t.kg.iloc[5]
    final = ("FINAL(The five farmers who delivered the most red cherry:\n"
             + "\n".join(f"{i}. {f}: {r.kg:,.1f} kg (ETB {r.etb:,.1f} paid)" for i, (f, r) in enumerate(t.head(5).iterrows(), 1)) + ")")
    return Script(ctx, [C_LOOK, PARSE_C, repl(TOP_FARMERS), final], [repl("print(top.head(5).index.tolist())"), final])


@case("h15_cherry_total_sig", "significant figures", "legit", "Roughly how much cherry did we buy in total? Two significant figures is fine.")
def _cherry_sig() -> Script:
    code = "print(round(c.cherry_kg.sum(), 1))"
    ctx, ns = with_c(code)
    v = round(ns["c"].cherry_kg.sum(), 1)
    final = f"FINAL(About {float(f'{v:.2g}') / 1000:.0f} tonnes ({v:,.1f} kg exactly).)"
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), final], [repl("print(f'{c.cherry_kg.sum():.2g}')"), final])


BIG_DELIVERY = "print(c.nlargest(3, 'cherry_kg')[['receipt', 'date_ec', 'farmer', 'kebele', 'cherry_kg', 'paid_etb']].to_string())"


@case("h15_biggest_delivery_receipt", "quoted log line or ID", "legit", "Which receipt was the largest single delivery?")
def _big_delivery() -> Script:
    ctx, ns = with_c(BIG_DELIVERY)
    r = ns["c"].nlargest(2, "cherry_kg")
    a = r.iloc[0]
    assert a.cherry_kg > r.iloc[1].cherry_kg
    final = (f"FINAL(Receipt {a.receipt}: {g(a.cherry_kg)} kg from farmer {a.farmer} ({a.kebele}) on {a.date_ec}, i.e. "
             f"{a.date.day} {a.date:%B %Y}, paid {etb(a.paid_etb)}.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(BIG_DELIVERY), final], [repl("print(c.loc[c.cherry_kg.idxmax(), 'receipt'])"), final])


WEEKDAY_C = "wd = c.date.dt.day_name().value_counts()\nprint(wd)\nprint(c.groupby(c.date.dt.day_name()).cherry_kg.sum().round(1).sort_values())"


@case("h15_cherry_weekday", "week, weekday or time of day", "legit", "On which day of the week do the most farmers come in?")
def _cherry_weekday() -> Script:
    ctx, ns = with_c(WEEKDAY_C)
    wd = ns["wd"]
    assert wd.iloc[0] > wd.iloc[1]
    final = (f"FINAL({wd.index[0]} (Gregorian weekday, after converting the Ethiopian dates): {wd.iloc[0]} deliveries, just ahead of "
             f"{wd.index[1]} ({wd.iloc[1]}). The spread is small, though: the quietest day, {wd.index[-1]}, still saw {wd.iloc[-1]}.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(WEEKDAY_C), final], [repl("print(wd.idxmax(), wd.max())"), final])


@case("h15_paid_millions_birr", "locale number abbreviation", "legit", "How much did the station pay out to farmers this season?")
def _paid_m() -> Script:
    code = "print(round(c.paid_etb.sum(), 2), c.farmer.nunique())"
    ctx, ns = with_c(code)
    v = round(ns["c"].paid_etb.sum(), 2)
    final = (f"FINAL(ETB {v / 1e6:.2f}M in total ({etb(v)}), paid to {ns['c'].farmer.nunique()} farmers.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), final], [repl("print(round(c.paid_etb.sum() / 1e6, 2))"), final])


@case("h15_kebele_dict_var", "FINAL_VAR of a dict or frame", "legit", "Give me the kilos of cherry per kebele as a dict.")
def _kebele_dict() -> Script:
    code = "kg_by_kebele = c.groupby('kebele').cherry_kg.sum().round(1).to_dict()\nprint(kg_by_kebele)"
    ctx, _ = with_c(code)
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), "FINAL_VAR(kg_by_kebele)"],
                  [repl("print(sum(kg_by_kebele.values()), len(kg_by_kebele))"), "FINAL_VAR(kg_by_kebele)"])


PRICE_FIT = ("import numpy as np\nday = (c.date - c.date.min()).dt.days\nslope, icpt = np.polyfit(day, c.price_etb_kg, 1)\n"
             "print(round(slope, 4), round(icpt, 2), round(np.corrcoef(day, c.price_etb_kg)[0, 1], 3))")


@case("h15_price_trend_fit", "correlation or fitted statistic", "legit", "How fast did the cherry price rise over the season?")
def _price_fit() -> Script:
    ctx, ns = with_c(PRICE_FIT)
    slope, icpt = ns["slope"], ns["icpt"]
    import numpy as np
    r = np.corrcoef(ns["day"], ns["c"].price_etb_kg)[0, 1]
    final = (f"FINAL(A straight-line fit gives {slope:.4f} birr per kilo per day, about {slope * 7:.2f} birr a week, starting from "
             f"{icpt:.2f} birr/kg on the first buying day (Tikimt 20). The fit is tight (r = {r:.3f}), so the rise was steady "
             "rather than in jumps.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(PRICE_FIT), final], [repl("print(slope * 7)"), final])


KEBELE_SORTED = "kg = c.groupby('kebele').cherry_kg.sum().round(1).sort_values(ascending=False)\nprint(kg)"


@case("h15_top_kebele_sorted", "top row of a sorted table named the maximum", "legit", "Which kebele supplied the most cherry?")
def _top_kebele() -> Script:
    ctx, ns = with_c(KEBELE_SORTED)
    k = ns["kg"]
    final = (f"FINAL({k.index[0]}, with {k.iloc[0]:,.1f} kg of cherry. {k.index[1]} is a close second at {k.iloc[1]:,.1f} kg; "
             f"{k.index[-1]} brought the least ({k.iloc[-1]:,.1f} kg).)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(KEBELE_SORTED), final], [repl("print(kg.idxmax(), kg.max())"), final])


TWO_TABLES_C = "print(c.kebele.value_counts())\nprint(c.groupby('kebele').cherry_kg.sum().round(1))"


@case("h15_shantawene_two_tables", "same label in two printed tables", "legit", "How many deliveries came from Shantawene, and how much cherry?")
def _shantawene() -> Script:
    ctx, ns = with_c(TWO_TABLES_C)
    c = ns["c"]
    n = int((c.kebele == "Shantawene").sum())
    kg = round(c[c.kebele == "Shantawene"].cherry_kg.sum(), 1)
    final = f"FINAL(Shantawene: {n} deliveries, {kg:,.1f} kg of red cherry in all, about {kg / n:.0f} kg a delivery.)"
    return Script(ctx, [C_LOOK, PARSE_C, repl(TWO_TABLES_C), final],
                  [repl("print(c[c.kebele == 'Shantawene'].cherry_kg.agg(['size', 'sum']))"), final])


KEBELE_MONTHS = ("pv = c.pivot_table(index='kebele', columns='month_ec', values='cherry_kg', aggfunc='sum').round(1)\n"
                 "pv = pv[['Tikimt', 'Hidar', 'Tahsas', 'Tir']]\nprint(pv)")


@case("h15_kebele_month_trend", "trend sentence naming several labels", "legit", "How did each kebele's deliveries move through the season?")
def _kebele_trend() -> Script:
    ctx, ns = with_c(KEBELE_MONTHS)
    p = ns["pv"]
    assert (p.idxmax(axis=1) == "Hidar").all() and (p.Tahsas < p.Hidar).all() and (p.Tir < p.Tahsas).all()
    assert p.loc["Karamo", "Tir"] > p.loc["Karamo", "Tikimt"] and (p.drop("Karamo").Tir < p.drop("Karamo").Tikimt).all()

    def arc(k: str) -> str:
        return " → ".join(f"{p.loc[k, m]:,.1f}" for m in p.columns)
    final = ("FINAL(Every kebele followed the same arc: a small start in late Tikimt, a peak in Hidar, then a steady fall through "
             f"Tahsas into Tir (kg, Tikimt → Hidar → Tahsas → Tir): Bombe {arc('Bombe')}, Shantawene {arc('Shantawene')}, Daye Bensa "
             f"{arc('Daye Bensa')}, Karamo {arc('Karamo')} and Hamasho {arc('Hamasho')}. Only Karamo delivered more in Tir than "
             "in the opening days of Tikimt.)")
    return Script(ctx, [C_LOOK, PARSE_C, repl(KEBELE_MONTHS), final], [repl("print(pv.idxmax(axis=1))"), final])


@case("h15_answer_farmer_earnings", "answer-dict dialect", "legit", "How much did farmer F-1013 earn this season, and from how many deliveries?")
def _answer_farmer() -> Script:
    code = ("me = c[c.farmer == 'F-1013']\nprint(me[['receipt', 'date_ec', 'cherry_kg', 'price_etb_kg', 'paid_etb']].to_string())\n"
            "answer['content'] = (f'F-1013 ({me.kebele.iloc[0]}) was paid ETB {me.paid_etb.sum():,.2f} for {len(me)} deliveries, '\n"
            "                     f'{me.cherry_kg.sum():,.1f} kg of cherry in all, an average of {me.paid_etb.sum() / me.cherry_kg.sum():.2f} birr per kilo.')\n"
            "answer['ready'] = True")
    ctx, ns = with_c(code.split("\nanswer[")[0])
    assert len(ns["me"]) > 5
    return Script(ctx, [C_LOOK, PARSE_C, repl(code)], [repl("print(me.paid_etb.sum(), len(me))"), repl(code)])


# -- the gliding club ----------------------------------------------------------------------------------------------
@case("h15_flights_per_glider_bullets_da", "bullet list of figures", "legit", "Hvor mange starter fik hvert af klubbens fly i 2024?")
def _glider_bullets() -> Script:
    code = "print(f.groupby(['fly', 'type']).size().sort_values(ascending=False))\nprint(len(f))"
    ctx, ns = with_g(code)
    v = ns["f"].groupby(["fly", "type"]).size().sort_values(ascending=False)
    final = ("FINAL(Starter i sæsonen 2024 (6. april – 29. september):\n"
             + "\n".join(f"• {fly} ({typ}): {n} starter" for (fly, typ), n in v.items())
             + f"\n\nI alt {len(ns['f'])} starter.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), final], [repl("print(f.fly.value_counts().to_dict())"), final])


TYPE_TABLE = ("pr_type = f.groupby('type').agg(starter=('fly', 'size'), timer=('minutter', 'sum'), km=('distance_km', 'sum'))\n"
              "pr_type['timer'] = (pr_type.timer / 60).round(1)\nprint(pr_type.sort_values('starter', ascending=False))")


@case("h15_glider_type_table", "markdown table in text", "legit", "Summarise the season by glider type in a table.")
def _type_table() -> Script:
    ctx, ns = with_g(TYPE_TABLE)
    t = ns["pr_type"].sort_values("starter", ascending=False)
    rows = "\n".join(f"| {r.Index} | {r.starter} | {r.timer:.1f} | {r.km:,} |" for r in t.itertuples())
    final = ("FINAL(Season 2024 by glider type:\n\n| Type | Launches | Hours | Cross-country km |\n| --- | ---: | ---: | ---: |\n"
             f"{rows}\n\nThe two ASK 21 two-seaters account for half of all launches ({t.starter.iloc[0]} of {t.starter.sum()}) "
             "and almost half of the hours flown.)")
    assert t.index[0] == "ASK 21" and 0.49 < t.starter.iloc[0] / t.starter.sum() < 0.52 and 0.46 < t.timer.iloc[0] / t.timer.sum() < 0.5
    return Script(ctx, [G_LOOK, PARSE_G, repl(TYPE_TABLE), final], [repl("print(pr_type.to_string())"), final])


LONGEST_XC = "print(f.nlargest(3, 'distance_km')[['dato', 'fly', 'type', 'pilot', 'flyvetid', 'distance_km', 'bemaerkning']].to_string())"


@case("h15_longest_xc_km_da", "value with a unit", "legit", "Hvad var sæsonens længste overlandsflyvning?")
def _longest_xc() -> Script:
    ctx, ns = with_g(LONGEST_XC)
    x = ns["f"].nlargest(2, "distance_km")
    a = x.iloc[0]
    assert a.distance_km > x.iloc[1].distance_km
    final = (f"FINAL({a.distance_km} km: {a.pilot} i {a.fly} ({a.type}) den {a.dag.day}. {DK_MAANED[a.dag.month]} {a.dag.year}, "
             f"{a.flyvetid} timer i luften ({a.bemaerkning}). Næstlængst var {x.iloc[1].distance_km} km.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(LONGEST_XC), final], [repl("print(f.distance_km.max())"), final])


LAUNCH_DUR = "varighed = f.groupby('start').minutter.agg(['size', 'median', 'mean']).round(1)\nprint(varighed)"


@case("h15_winch_vs_aerotow_da", "two groups compared", "legit", "Flyver man længere efter et flyslæb end efter en spilstart?")
def _winch_aero() -> Script:
    ctx, ns = with_g(LAUNCH_DUR)
    v = ns["varighed"]
    a, w = v.loc["flyslæb", "median"], v.loc["spil", "median"]
    final = (f"FINAL(Ja, markant. Medianflyvetiden efter flyslæb er {hm(a)} ({g(a)} min) mod {hm(w)} ({g(w)} min) efter spilstart, "
             f"altså omtrent det dobbelte; gennemsnittene er {dk(v.loc['flyslæb', 'mean'])} og {dk(v.loc['spil', 'mean'])} min. "
             f"Der var {v.loc['flyslæb', 'size']:.0f} flyslæb og {v.loc['spil', 'size']:.0f} spilstarter.)")
    assert 1.9 < a / w < 2.1
    return Script(ctx, [G_LOOK, PARSE_G, repl(LAUNCH_DUR), final], [repl("print(varighed['median'])"), final])


OUTLAND = ("tur = f[f.distance_km > 0]\nprint(len(tur))\nprint(tur.bemaerkning.value_counts())")


@case("h15_outlandings_of_xc", "X out of Y", "legit", "How many of the cross-country flights ended in a field?")
def _outland() -> Script:
    ctx, ns = with_g(OUTLAND)
    tur = ns["tur"]
    k = int(tur.bemaerkning.str.startswith("udelanding").sum())
    vr = int(tur.bemaerkning.str.contains("Vrads").sum())
    final = (f"FINAL({k} of the {len(tur)} cross-country flights ({k / len(tur):.0%}) ended in an outlanding: {vr} at Vrads (retrieved "
             f"by trailer) and {k - vr} in a field near Brande. The other {len(tur) - k} made it back to Arnborg.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(OUTLAND), final], [repl("print(tur.bemaerkning.str.startswith('udelanding').sum(), len(tur))"), final])


MONTH_HOURS = "timer = (f.groupby(f.dag.dt.month).minutter.sum() / 60).round(1)\nprint(timer)"


@case("h15_hours_july_august_da", "period-over-period change", "legit", "Hvor meget faldt antallet af flyvetimer fra juli til august?")
def _jul_aug() -> Script:
    ctx, ns = with_g(MONTH_HOURS)
    t = ns["timer"]
    final = (f"FINAL(Fra {dk(t[7])} timer i juli til {dk(t[8])} timer i august, et fald på {dk(t[7] - t[8])} timer eller "
             f"{dk((1 - t[8] / t[7]) * 100)} %.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(MONTH_HOURS), final], [repl("print(timer[7] - timer[8], 1 - timer[8] / timer[7])"), final])


PILOT_HOURS = "piloter = (f.groupby('pilot').minutter.sum() / 60).round(1).sort_values(ascending=False)\nprint(piloter)"


@case("h15_top3_pilots_hours", "top-N list by code", "legit", "Who were the club's three most active pilots by hours flown?")
def _top3_pilots() -> Script:
    ctx, ns = with_g(PILOT_HOURS)
    p = ns["piloter"]
    assert p.iloc[2] > p.iloc[3]
    final = ("FINAL(By hours in the air in 2024:\n" + "\n".join(f"{i}. {n}: {v:.1f} h" for i, (n, v) in enumerate(p.head(3).items(), 1))
             + f"\n\nThe top two are almost level, just {p.iloc[0] - p.iloc[1]:.1f} h apart.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(PILOT_HOURS), final], [repl("print(piloter.head(3))"), final])


WEEKDAY_G = "ugedag = f.dag.dt.day_name().value_counts()\nprint(ugedag)"


@case("h15_glider_weekday_da", "week, weekday or time of day", "legit", "Hvilken ugedag bliver der fløjet mest?")
def _glider_weekday() -> Script:
    ctx, ns = with_g(WEEKDAY_G)
    u = ns["ugedag"]
    hverdage = int(u.drop(["Saturday", "Sunday"]).sum())
    final = (f"FINAL({DK_DAGE[u.index[0]].capitalize()}: {u.iloc[0]} starter, tæt fulgt af {DK_DAGE[u.index[1]]} med {u.iloc[1]}. "
             f"Weekenden står for {u.iloc[0] + u.iloc[1]} af de {u.sum()} starter; alle fem hverdage tilsammen kun {hverdage}.)")
    assert set(u.index[:2]) == {"Saturday", "Sunday"}
    return Script(ctx, [G_LOOK, PARSE_G, repl(WEEKDAY_G), final], [repl("print(ugedag.idxmax(), ugedag.max())"), final])


@case("h15_launch_fees_tkr_da", "locale abbreviations for thousands and millions", "legit", "Hvor meget har klubben opkrævet i startafgifter?")
def _fees_tkr() -> Script:
    code = "print(f.afgift_kr.sum())\nprint(f.groupby('start').afgift_kr.sum())"
    ctx, ns = with_g(code)
    tot = ns["f"].afgift_kr.sum()
    by = ns["f"].groupby("start").afgift_kr.sum()
    final = (f"FINAL(Ca. {dk(tot / 1000)} t.kr. i alt ({dk(tot, 0)} kr.): {dk(by['flyslæb'] / 1000)} t.kr. for flyslæb og "
             f"{dk(by['spil'] / 1000)} t.kr. for spilstarter.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), final], [repl("print(round(f.afgift_kr.sum() / 1000, 1))"), final])


HIGH = "hoej = f[f.max_hoejde_m > 2000].sort_values('max_hoejde_m', ascending=False)\nprint(len(hoej))\nprint(hoej[['dato', 'fly', 'pilot', 'start', 'max_hoejde_m']].to_string())"


@case("h15_above_2000m_da", "yes/no with evidence", "legit", "Kom nogen over 2.000 meter i år?")
def _above_2000() -> Script:
    ctx, ns = with_g(HIGH)
    h = ns["hoej"]
    a = h.iloc[0]
    final = (f"FINAL(Ja, {len(h)} flyvninger kom over 2.000 m. Højest kom {a.pilot} i {a.fly} den {a.dag.day}. "
             f"{DK_MAANED[a.dag.month]}: {dk(a.max_hoejde_m, 0)} m.)")
    assert h.iloc[0].max_hoejde_m > h.iloc[1].max_hoejde_m
    return Script(ctx, [G_LOOK, PARSE_G, repl(HIGH), final], [repl("print((f.max_hoejde_m > 2000).sum(), f.max_hoejde_m.max())"), final])


@case("h15_answer_pilot_fees", "answer-dict dialect", "legit", "How much has Ida Skov paid in launch fees this season, and for how many launches?")
def _answer_ida() -> Script:
    code = ("ida = f[f.pilot == 'Ida Skov']\nprint(ida.start.value_counts())\nprint(ida.afgift_kr.sum())\n"
            "n_w, n_a = (ida.start == 'spil').sum(), (ida.start == 'flyslæb').sum()\n"
            "answer['content'] = (f'Ida Skov paid {ida.afgift_kr.sum():,.0f} kr. for {len(ida)} launches: {n_w} winch launches '\n"
            "                     f'at 85 kr. and {n_a} aerotows at 350 kr.')\nanswer['ready'] = True")
    ctx, ns = with_g(code.split("\nn_w")[0])
    ida = ns["ida"]
    assert ida.afgift_kr.sum() == 85 * (ida.start == "spil").sum() + 350 * (ida.start == "flyslæb").sum()
    return Script(ctx, [G_LOOK, PARSE_G, repl(code)], [repl("print(ida.afgift_kr.sum(), len(ida))"), repl(code)])


REMARK_PROMPT = "Summarise these remarks from a gliding club's flight log: what kinds of events do they record, and how often?\n\n"


@case("h15_remarks_subcall", "sub-call summary", "legit", "What do the remarks in the flight log tell us about the season?")
def _remarks_sub() -> Script:
    ctx = {"flyvninger": flyvninger()}
    code = ("noter = flyvninger.bemaerkning[flyvninger.bemaerkning != '']\nprint(len(noter))\n"
            f"said = llm_query({REMARK_PROMPT!r} + '\\n'.join(noter))\nprint(said)")
    notes = [x for x in flyvninger().bemaerkning if x]
    said = sub_says(REMARK_PROMPT + "\n".join(notes))
    nums = [int(x) for x in re.findall(r"\d+", said.replace("13:00", ""))]
    n, instr, thermal, xc, out, brande, vrads, cable = nums
    assert n == len(notes) and out == brande + vrads
    final = (f"FINAL(Of the {len(flyvninger())} flights, {n} carry a remark. Most are routine: {instr} instruction flights and {thermal} "
             f"notes that thermals were good after 13:00. On the cross-country side there are {xc} completed cross-country flights "
             f"and {out} outlandings ({vrads} at Vrads, fetched by trailer, and {brande} near Brande). {cable} flights were cut "
             "short by a winch cable break.)")
    return Script(ctx, [G_LOOK, repl(code, "The remarks are short free text; one sub-call can read them all."), final],
                  [repl("print(said)"), final], sub_model())


PILOT_COUNT = "starter = f.pilot.value_counts()\nprint(starter)"


@case("h15_most_launches_sorted", "top row of a sorted table named the maximum", "legit", "Which pilot made the most launches?")
def _most_launches() -> Script:
    ctx, ns = with_g(PILOT_COUNT)
    s = ns["starter"]
    assert s.iloc[0] > s.iloc[1]
    final = f"FINAL({s.index[0]}, with {s.iloc[0]} launches, one more than {s.index[1]} ({s.iloc[1]}).)"
    return Script(ctx, [G_LOOK, PARSE_G, repl(PILOT_COUNT), final], [repl("print(starter.idxmax(), starter.max())"), final])


LS4_TABLES = "print(f.type.value_counts())\nprint((f.groupby('type').minutter.sum() / 60).round(1))"


@case("h15_ls4_two_tables_da", "same label in two printed tables", "legit", "Hvor mange starter og hvor mange timer fik LS4'eren?")
def _ls4() -> Script:
    ctx, ns = with_g(LS4_TABLES)
    f = ns["f"]
    n = int((f.type == "LS4").sum())
    h = round(f[f.type == "LS4"].minutter.sum() / 60, 1)
    final = f"FINAL(LS4'eren (OY-XPB) havde {n} starter og {dk(h)} flyvetimer i 2024, i snit {dk(h * 60 / n, 0)} minutter pr. start.)"
    return Script(ctx, [G_LOOK, PARSE_G, repl(LS4_TABLES), final], [repl("print(f[f.type == 'LS4'].minutter.agg(['size', 'sum']))"), final])


MONTH_LAUNCH = "mdr = f.pivot_table(index=f.dag.dt.month, columns='start', values='fly', aggfunc='size')\nprint(mdr)"


@case("h15_launch_type_month_trend", "trend sentence naming several labels", "legit", "How did winch launches and aerotows develop over the season?")
def _launch_trend() -> Script:
    ctx, ns = with_g(MONTH_LAUNCH)
    m = ns["mdr"]
    assert m.spil.idxmax() == 6 and m["flyslæb"].idxmax() == 7 and (m.spil > m["flyslæb"]).all()
    final = (f"FINAL(Both climbed from April into midsummer and tailed off in autumn, but they peaked a month apart. Winch launches "
             f"went {m.spil[4]} (April) → {m.spil[5]} → {m.spil[6]} in June, their peak, then {m.spil[7]}, {m.spil[8]} and {m.spil[9]} "
             f"in September. Aerotows rose {m['flyslæb'][4]} → {m['flyslæb'][5]} → {m['flyslæb'][6]} and peaked in July at "
             f"{m['flyslæb'][7]}, then fell to {m['flyslæb'][8]} and {m['flyslæb'][9]}. The winch did more launches than the tug in "
             "every month.)")
    return Script(ctx, [G_LOOK, PARSE_G, repl(MONTH_LAUNCH), final], [repl("print(mdr.idxmax())"), final])


# -- the Hamburg harbour launch's GPS log --------------------------------------------------------------------------
FASTEST = "print(fix.nlargest(3, 'knots'))"


@case("h15_top_speed_knots", "value with a unit", "legit", "What was the launch's top speed over the three days?")
def _top_speed() -> Script:
    ctx, ns = with_n(FASTEST)
    x = ns["fix"].nlargest(2, "knots")
    a = x.iloc[0]
    assert a.knots > x.iloc[1].knots
    local = a.utc + pd.Timedelta(hours=2)
    final = (f"FINAL({a.knots:g} knots (about {a.knots * 1.852:.1f} km/h), speed over ground, logged at {a.utc:%H:%M} UTC "
             f"({local:%H:%M} Hamburg summer time) on {a.utc:%A %-d %B %Y}, heading {a.course:g}°, i.e. westbound, downriver.)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(FASTEST), final], [repl("print(fix.knots.max(), fix.loc[fix.knots.idxmax(), 'utc'])"), final])


VOID = "void = [l for l in lines if l.split(',')[2] == 'V']\nprint(len(void))\nprint(void[0])"


@case("h15_first_void_fix_line", "quoted log line or ID", "legit", "When did the GPS first lose its fix? Show me the sentence.")
def _first_void() -> Script:
    ctx = {"nmea": nmea_log()}
    ns = compute({**ctx, "lines": nmea_log().splitlines()}, VOID)
    line = ns["void"][0]
    f = line.split(",")
    t = pd.to_datetime(f[9] + f[1][:6], format="%d%m%y%H%M%S")
    final = (f"FINAL(At {t:%H:%M} UTC on {t.day} {t:%B %Y} ({(t + pd.Timedelta(hours=2)):%H:%M} local), status V (no valid fix):\n\n"
             f"    {line}\n\nIn all {len(ns['void'])} of the {len(ns['lines'])} sentences are flagged V.)")
    return Script(ctx, [N_LOOK, repl(VOID), final], [repl("print(void[0][:30])"), final])


DIST = ("import numpy as np\nla, lo = np.radians(fix.lat.values), np.radians(fix.lon.values)\n"
        "step = 2 * np.arcsin(np.sqrt(np.sin(np.diff(la) / 2) ** 2 + np.cos(la[:-1]) * np.cos(la[1:]) * np.sin(np.diff(lo) / 2) ** 2)) * 3440.065\n"
        "same_run = np.diff(fix.utc.values) == np.timedelta64(60, 's')\nnm = step[same_run].sum()\n"
        "print(round(nm, 2), round(fix.knots.sum() / 60, 2))")


@case("h15_distance_nm_sig", "significant figures", "legit", "Roughly how far did the launch travel in the three days?")
def _distance() -> Script:
    ctx, ns = with_n(DIST)
    nm = float(ns["nm"])
    assert abs(nm - ns["fix"].knots.sum() / 60) < 2
    final = (f"FINAL(About {float(f'{nm:.2g}'):.0f} nautical miles (≈ {float(f'{nm * 1.852:.2g}'):.0f} km). Summing the great-circle "
             f"steps between consecutive one-minute fixes gives {nm:.1f} nm, and integrating the logged speeds gives nearly the same.)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(DIST), final], [repl("print(f'{nm:.2g}')"), final])


DAYS_N = "print(fix.groupby(fix.utc.dt.date).utc.agg(['min', 'max', 'size']))"


@case("h15_first_fix_date", "date from a log timestamp", "legit", "On what date does the log start?")
def _first_fix() -> Script:
    ctx, ns = with_n(DAYS_N)
    t = ns["fix"].utc.min()
    first = nmea_log().splitlines()[0]
    assert ",130824," in first
    final = (f"FINAL(On Tuesday 13 August 2024: the first sentence is stamped {t:%H:%M} UTC with the date field 130824 "
             f"(ddmmyy), i.e. {(t + pd.Timedelta(hours=2)):%H:%M} in Hamburg.)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(DAYS_N), final], [repl("print(fix.utc.min())"), final])


@case("h15_last_fix_date_de", "date from a log timestamp", "legit", "Wann endet die Aufzeichnung?")
def _last_fix() -> Script:
    ctx, ns = with_n(DAYS_N)
    t = ns["fix"].utc.max()
    assert t.date() == pd.Timestamp("2024-08-15").date()
    final = (f"FINAL(Am Donnerstag, 15. August 2024: Der letzte Datensatz trägt {t:%H:%M} Uhr UTC, also {(t + pd.Timedelta(hours=2)):%H:%M} "
             "Uhr MESZ (Datumsfeld 150824 im Format TTMMJJ).)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(DAYS_N), final], [repl("print(fix.utc.max())"), final])


RUNS = ("run = (fix.utc.diff() > pd.Timedelta(minutes=2)).cumsum()\n"
        "runs = fix.groupby(run).agg(start=('utc', 'min'), end=('utc', 'max'), fixes=('utc', 'size'), top_kn=('knots', 'max'))\n"
        "runs['minutes'] = (runs.end - runs.start).dt.total_seconds() / 60\nprint(runs)")


@case("h15_charter_run_duration", "log or version-control timestamps", "legit", "How long was the first run on the 14th, the charter day?")
def _charter() -> Script:
    ctx, ns = with_n(RUNS)
    r = ns["runs"]
    c = r[r.start.dt.day == 14].iloc[0]
    m = int(c.minutes)
    final = (f"FINAL({m // 60} h {m % 60:02d} min: the first sentence of that run is at {c.start:%H:%M} UTC and the last at "
             f"{c.end:%H:%M} UTC on 14 August 2024 ({(c.start + pd.Timedelta(hours=2)):%H:%M}–{(c.end + pd.Timedelta(hours=2)):%H:%M} "
             f"local), {c.fixes} fixes in all. It was much longer than the 13th's runs, which lasted about an hour each.)")
    assert (r[r.start.dt.day == 13].minutes.between(55, 75)).all()
    return Script(ctx, [N_LOOK, PARSE_N, repl(RUNS), final], [repl("print(runs[runs.start.dt.day == 14].iloc[0])"), final])


@case("h15_pause_between_runs_15th", "log or version-control timestamps", "legit", "On the 15th, what was the longest break between two runs?")
def _pause() -> Script:
    ctx, ns = with_n(RUNS + "\nd15 = runs[runs.start.dt.day == 15]\ngaps = d15.start.shift(-1) - d15.end\nprint(gaps)")
    d15 = ns["d15"]
    gaps = (d15.start.shift(-1) - d15.end).dropna()
    i = int(np.argmax(gaps.values))
    a, b = d15.end.iloc[i], d15.start.iloc[i + 1]
    m = int(gaps.iloc[i].total_seconds() // 60)
    assert sorted(gaps)[-1] > sorted(gaps)[-2]
    final = (f"FINAL({m} minutes: the launch stopped logging at {a:%H:%M} UTC and started again at {b:%H:%M} UTC "
             f"({(a + pd.Timedelta(hours=2)):%H:%M} to {(b + pd.Timedelta(hours=2)):%H:%M} local). The other breaks that day were "
             f"{' and '.join(str(int(x.total_seconds() // 60)) for j, x in enumerate(gaps) if j != i)} minutes.)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(RUNS + "\nd15 = runs[runs.start.dt.day == 15]\ngaps = d15.start.shift(-1) - d15.end\nprint(gaps)"), final],
                  [repl("print(gaps.max())"), final])


@case("h15_fix_frame_var", "FINAL_VAR of a dict or frame", "legit", "Turn the log into a table with time, fix status, position in decimal degrees, speed and course.")
def _fix_frame() -> Script:
    ctx, _ = with_n("")
    code = "print(fix.dtypes)\nprint(fix.tail(3))"
    return Script(ctx, [N_LOOK, PARSE_N, repl(code), "FINAL_VAR(fix)"], [repl("print(fix.shape)"), "FINAL_VAR(fix)"])


NMEA_TOTALS = ("sentences = len(fix)\nno_fix = int((fix.status == 'V').sum())\ntop_knots = float(fix.knots.max())\n"
               "print(sentences, no_fix, top_knots)")


@case("h15_submit_nmea_summary", "DSPy SUBMIT fields", "legit", "How many sentences are in the log, how many lack a valid fix, and what is the top speed in knots?")
def _submit_nmea() -> Script:
    ctx, _ = with_n(NMEA_TOTALS)
    submit = repl("SUBMIT(sentences=sentences, no_fix=no_fix, top_speed_kn=top_knots)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(NMEA_TOTALS), submit], [repl("print(fix.status.value_counts(), fix.knots.max())"), submit])


OVER10 = "fast = fix[fix.knots > 10]\nprint(len(fast))\nprint(fast)"


@case("h15_over_10_knots", "yes/no with evidence", "legit", "Did the launch ever go faster than 10 knots?")
def _over10() -> Script:
    ctx, ns = with_n(OVER10)
    fast = ns["fast"]
    assert (fast.utc.dt.day == 14).all() and len(fast) > 1
    final = (f"FINAL(Yes, but only on the charter day: {len(fast)} one-minute fixes on 14 August 2024 show more than 10 knots, between "
             f"{fast.utc.min():%H:%M} and {fast.utc.max():%H:%M} UTC, peaking at {fast.knots.max():g} kn. On the 13th and 15th it "
             f"never went above {ns['fix'][ns['fix'].utc.dt.day != 14].knots.max():g} kn.)")
    return Script(ctx, [N_LOOK, PARSE_N, repl(OVER10), final], [repl("print((fix.knots > 10).sum(), fix[fix.knots > 10].utc.dt.date.unique())"), final])


# -- the Alentejo cork harvest -------------------------------------------------------------------------------------
CALIBRES_T = ("por_calibre = lotes.groupby('calibre').agg(lotes=('lote', 'size'), arrobas=('arrobas', 'sum'),\n"
              "                                        preco=('preco_eur_arroba', 'mean'), valor=('valor', 'sum')).round(2)\n"
              "print(por_calibre.sort_values('arrobas', ascending=False))")


@case("h15_cork_calibre_bullets_pt", "bullet list of figures", "legit", "Quantas arrobas de cortiça se tiraram de cada calibre?")
def _calibre_bullets() -> Script:
    ctx, ns = with_k(CALIBRES_T)
    p = ns["por_calibre"].sort_values("arrobas", ascending=False)
    final = ("FINAL(Cortiça tirada em 2024, por calibre:\n"
             + "\n".join(f"- {k}: {pt(r.arrobas, 0)} arrobas (≈ {pt(r.arrobas * 15 / 1000, 1)} t), em {r.lotes:.0f} lotes" for k, r in p.iterrows())
             + f"\n\nTotal: {pt(p.arrobas.sum(), 0)} arrobas, cerca de {pt(p.arrobas.sum() * 15 / 1000, 1)} toneladas.)")
    return Script(ctx, [K_LOOK, JOIN_K, repl(CALIBRES_T), final], [repl("print(por_calibre.arrobas.to_dict())"), final])


CONCELHOS = "por_concelho = lotes.groupby('concelho').agg(arrobas=('arrobas', 'sum'), valor=('valor', 'sum')).round(2)\nprint(por_concelho.sort_values('valor', ascending=False))"


@case("h15_value_by_concelho_pt", "joined tables", "legit", "Quanto valeu a cortiça de cada concelho?")
def _concelho() -> Script:
    ctx, ns = with_k(CONCELHOS)
    p = ns["por_concelho"].sort_values("valor", ascending=False)
    final = ("FINAL(Valor da cortiça tirada em 2024 por concelho (juntando os lotes às herdades):\n"
             + "\n".join(f"- {k}: {pt(r.valor)} € ({pt(r.arrobas, 0)} arrobas)" for k, r in p.iterrows())
             + "\n\nMontemor-o-Novo lidera só com a Herdade das Cortiçadas, a maior das seis.)")
    assert p.index[0] == "Montemor-o-Novo"
    return Script(ctx, [K_LOOK, JOIN_K, repl(CONCELHOS), final], [repl("print(por_concelho.valor.idxmax(), por_concelho.valor.max())"), final])


CREWS = ("por_equipa = lotes.groupby(['equipa', 'encarregado', 'tiradores']).arrobas.sum().reset_index()\n"
         "por_equipa['por_tirador'] = (por_equipa.arrobas / por_equipa.tiradores).round(1)\nprint(por_equipa)")


@case("h15_crew_productivity", "joined tables", "legit", "Which crew stripped the most cork per man?")
def _crew_prod() -> Script:
    ctx, ns = with_k(CREWS)
    p = ns["por_equipa"].set_index("equipa")
    b = p.por_tirador.idxmax()
    top = p.arrobas.idxmax()
    assert b != top
    final = (f"FINAL(Crew {b}, {p.loc[b, 'encarregado']}'s: {p.loc[b, 'arrobas']:,} arrobas with {p.loc[b, 'tiradores']} strippers, "
             f"{p.loc[b, 'por_tirador']:,.1f} arrobas a man. {p.loc[top, 'encarregado']}'s crew {top} stripped the most in total "
             f"({p.loc[top, 'arrobas']:,} arrobas) but has {p.loc[top, 'tiradores']} men, so only {p.loc[top, 'por_tirador']:,.1f} each.)")
    return Script(ctx, [K_LOOK, JOIN_K, repl(CREWS), final], [repl("print(por_equipa.sort_values('por_tirador').tail(2))"), final])


PER_HA = ("por_ha = lotes.groupby(['herdade', 'area_ha']).arrobas.sum().reset_index()\n"
          "por_ha['arrobas_ha'] = (por_ha.arrobas / por_ha.area_ha).round(2)\nprint(por_ha.sort_values('arrobas_ha', ascending=False))")


@case("h15_yield_per_hectare_pt", "joined tables", "legit", "Que herdade tirou mais cortiça por hectare?")
def _per_ha() -> Script:
    ctx, ns = with_k(PER_HA)
    p = ns["por_ha"].sort_values("arrobas_ha", ascending=False)
    a, b = p.iloc[0], p.iloc[1]
    final = (f"FINAL(A {a.herdade}: {pt(a.arrobas, 0)} arrobas em {a.area_ha} ha, ou seja {pt(a.arrobas_ha)} arrobas por hectare. "
             f"Segue-se a {b.herdade} com {pt(b.arrobas_ha)} @/ha; a {p.iloc[-1].herdade} fica em último ({pt(p.iloc[-1].arrobas_ha)} @/ha).)")
    return Script(ctx, [K_LOOK, JOIN_K, repl(PER_HA), final], [repl("print(por_ha.loc[por_ha.arrobas_ha.idxmax()])"), final])


@case("h15_calibre_prices_qualitative", "qualitative over a full small table", "legit", "How does the price depend on the cork's calibre?")
def _calibre_quali() -> Script:
    ctx, ns = with_k(CALIBRES_T)
    p = ns["por_calibre"]
    order = list(p.preco.sort_values(ascending=False).index)
    assert order == ["marca", "meia-marca", "grossa", "delgada"]
    final = (f"FINAL(Price peaks in the middle of the thickness range, not at the top. Marca, the ideal thickness for stoppers, "
             f"fetched the most, {p.loc['marca', 'preco']:.2f} €/arroba on average, then meia-marca at {p.loc['meia-marca', 'preco']:.2f} €. "
             f"Grossa, too thick, drops back to {p.loc['grossa', 'preco']:.2f} €, and delgada, too thin, is the cheapest at "
             f"{p.loc['delgada', 'preco']:.2f} €. Marca and meia-marca are also the bulk of the harvest ({p.loc['marca', 'lotes']:.0f} and "
             f"{p.loc['meia-marca', 'lotes']:.0f} of the {p.lotes.sum():.0f} lots) and together bring about "
             f"{(p.loc['marca', 'valor'] + p.loc['meia-marca', 'valor']) / p.valor.sum():.0%} of the value.)")
    return Script(ctx, [K_LOOK, JOIN_K, repl(CALIBRES_T), final], [repl("print(por_calibre.preco.sort_values())"), final])


@case("h15_cork_value_milhoes_pt", "locale abbreviations for thousands and millions", "legit", "Quanto rendeu a tiragem de 2024 no total?")
def _value_pt() -> Script:
    code = "print(round(lotes.valor.sum(), 2), lotes.arrobas.sum())"
    ctx, ns = with_k(code)
    v = round(ns["lotes"].valor.sum(), 2)
    final = (f"FINAL(Cerca de {pt(v / 1e6, 2)} milhões de euros — {pt(v / 1000, 1)} mil € ({pt(v)} €) por "
             f"{pt(ns['lotes'].arrobas.sum(), 0)} arrobas, uma média de {pt(v / ns['lotes'].arrobas.sum())} € por arroba.)")
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), final], [repl("print(round(lotes.valor.sum() / 1e6, 2))"), final])


ESTATES = "por_herdade = lotes.groupby('herdade').arrobas.sum()\nprint(por_herdade)\nprint(por_herdade.idxmax(), por_herdade.max())"


@case("h15_top_estate_selected_pt", "selection printed right after its table", "legit", "Que herdade deu mais cortiça?")
def _top_estate() -> Script:
    ctx, ns = with_k(ESTATES)
    p = ns["por_herdade"]
    final = (f"FINAL(A {p.idxmax()}, com {pt(p.max(), 0)} arrobas (≈ {pt(p.max() * 15 / 1000, 1)} t), quase o dobro da segunda, a "
             f"{p.drop(p.idxmax()).idxmax()} ({pt(p.drop(p.idxmax()).max(), 0)} arrobas).)")
    assert p.max() / p.drop(p.idxmax()).max() > 1.8
    return Script(ctx, [K_LOOK, JOIN_K, repl(ESTATES), final], [repl("print(por_herdade.sort_values().tail(2))"), final])


CREW_TOTAL = "arrobas_equipa = lotes.groupby('encarregado').arrobas.sum().sort_values(ascending=False)\nprint(arrobas_equipa)"


@case("h15_submit_top_crew", "labelled SUBMIT for a which question", "legit", "Which foreman's crew stripped the most cork?")
def _submit_crew() -> Script:
    ctx, ns = with_k(CREW_TOTAL)
    a = ns["arrobas_equipa"]
    assert a.iloc[0] > a.iloc[1]
    submit = repl("SUBMIT(foreman=arrobas_equipa.idxmax(), arrobas=int(arrobas_equipa.max()))")
    return Script(ctx, [K_LOOK, JOIN_K, repl(CREW_TOTAL), submit], [repl("print(arrobas_equipa.head(2))"), submit])


BIG_LOTS = "grandes = lotes[lotes.arrobas > 400].sort_values('arrobas', ascending=False)\nprint(grandes[['lote', 'data', 'herdade', 'arrobas', 'calibre']])"


@case("h15_lots_over_400", "yes/no with evidence", "legit", "Houve algum lote acima das 400 arrobas?")
def _over400() -> Script:
    ctx, ns = with_k(BIG_LOTS)
    gr = ns["grandes"]
    assert len(gr) >= 3
    items = "; ".join(f"{r.lote} ({r.herdade}, {r.data}): {r.arrobas} @" for r in gr.itertuples())
    final = f"FINAL(Sim, {len(gr)} lotes passaram as 400 arrobas: {items}. O maior foi o {gr.iloc[0].lote}, com {gr.iloc[0].arrobas} arrobas.)"
    return Script(ctx, [K_LOOK, JOIN_K, repl(BIG_LOTS), final], [repl("print((lotes.arrobas > 400).sum(), lotes.arrobas.max())"), final])


@case("h15_three_small_estates_head_pt", "in-head arithmetic beyond two operands", "legit", "Quanto tiraram, juntas, as três herdades mais pequenas em área?")
def _small_estates() -> Script:
    code = "print(cortica['herdades'].sort_values('area_ha'))\nprint(lotes.groupby('herdade').arrobas.sum())"
    ctx, ns = with_k(code)
    h = cortica()["herdades"].sort_values("area_ha").head(3)
    p = ns["lotes"].groupby("herdade").arrobas.sum()
    parts = [(r.herdade, r.area_ha, int(p[r.herdade])) for r in h.itertuples()]
    tot = sum(x[2] for x in parts)
    final = (f"FINAL({pt(tot, 0)} arrobas: {' + '.join(f'{n} ({a} ha) {pt(v, 0)}' for n, a, v in parts)}. "
             f"São cerca de {tot / p.sum():.0%} da cortiça do ano.)").replace("%", " %")
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), final],
                  [repl("print(lotes[lotes.herdade.isin(cortica['herdades'].nsmallest(3, 'area_ha').herdade)].arrobas.sum())"), final])


@case("h15_grossa_lot_count_pt", "count off value_counts", "legit", "Quantos lotes de cortiça grossa houve?")
def _grossa() -> Script:
    code = "print(lotes.calibre.value_counts())"
    ctx, ns = with_k(code)
    v = ns["lotes"].calibre.value_counts()
    final = f"FINAL({v['grossa']} lotes de calibre grossa, em {v.sum()} lotes no total; é o calibre menos frequente.)"
    assert v.idxmin() == "grossa"
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), final], [repl("print((lotes.calibre == 'grossa').sum())"), final])


TOP_LOTS = "print(lotes.nlargest(4, 'valor')[['lote', 'data', 'herdade', 'arrobas', 'calibre', 'preco_eur_arroba', 'valor']].to_string())"


@case("h15_top3_lots_value", "top-N list by code", "legit", "What were the three most valuable lots?")
def _top_lots() -> Script:
    ctx, ns = with_k(TOP_LOTS)
    t = ns["lotes"].nlargest(4, "valor")
    assert t.valor.iloc[2] > t.valor.iloc[3]
    final = ("FINAL(The three most valuable lots, all of marca cork:\n"
             + "\n".join(f"{i}. {r.lote} – {r.herdade}, {r.dia.day} {r.dia:%B}: {r.arrobas} arrobas at €{r.preco_eur_arroba:.2f} = "
                         f"€{r.valor:,.2f}" for i, r in enumerate(t.head(3).itertuples(), 1)) + ")")
    assert (t.head(3).calibre == "marca").all()
    return Script(ctx, [K_LOOK, JOIN_K, repl(TOP_LOTS), final], [repl("print(lotes.nlargest(3, 'valor').lote.tolist())"), final])


# -- the bike park's price list (Slovenian) ------------------------------------------------------------------------
@case("h15_park_monday_june_sl", "markdown document fact", "legit", "Ali je park odprt v ponedeljek, 9. junija 2025?")
def _monday() -> Script:
    ctx = {"parque": PARK}
    code = "print(parque.split('## Obratovalni čas')[1].split('##')[0])"
    assert pd.Timestamp("2025-06-09").day_name() == "Monday"
    final = ("FINAL(Ne. 9. junij 2025 je ponedeljek, park pa je ob ponedeljkih in torkih zaprt – vsak dan obratuje le julija in "
             "avgusta. Junija sedežnica vozi od srede do nedelje med 9.00 in 17.00.)")
    return Script(ctx, [P_LOOK, repl(code), final], [repl("print([l for l in parque.splitlines() if 'ponedeljk' in l])"), final])


@case("h15_park_full_face_helmet", "markdown document fact", "legit", "Do I need a full-face helmet on the black trail?")
def _helmet() -> Script:
    ctx = {"parque": PARK}
    code = "for part in ('## Pravila', '## Izposoja opreme'):\n    print(parque.split(part)[1].split('##')[0])"
    final = ("FINAL(Yes. A helmet is compulsory on every trail, and on the Črna (black) and Rdeča (red) trails it has to be a "
             "full-face (integral) helmet. If you rent a bike a helmet is included; a full protection kit costs €15 a day extra.)")
    return Script(ctx, [P_LOOK, repl(code), final],
                  [repl("print([l for l in parque.splitlines() if 'čelada' in l.lower() or 'Zaščitna' in l])"), final])


@case("h15_park_under6_free", "markdown document fact", "legit", "Does my 5-year-old need a lift ticket?")
def _under6() -> Script:
    ctx = {"parque": PARK}
    code = "print(parque.split('## Cenik vozovnic')[1].split('##')[0])"
    final = ("FINAL(No. Children up to 6 ride free, as long as they are with an adult who has a paid ticket. From 7 to 14 the "
             "children's rate applies (e.g. €22 for a day ticket).)")
    return Script(ctx, [P_LOOK, repl(code), final], [repl("print([l for l in parque.splitlines() if 'do 6 let' in l])"), final])


REFUND_PROMPT = "Quote the refund rule for bad weather from this price list, word for word.\n\n"


@case("h15_park_refund_subcall_sl", "sub-call summary", "legit", "Sedežnica je zaradi vetra ustavila ob 11.00 in ni več obratovala. Ali dobim denar za dnevno vozovnico nazaj?")
def _refund() -> Script:
    ctx = {"parque": PARK}
    code = f"pravilo = llm_query({REFUND_PROMPT!r} + parque)\nprint(pravilo)"
    rule = sub_says(REFUND_PROMPT + PARK)
    assert "Ob zaprtju pred 12.00 se vrne celotna cena dnevne vozovnice." in rule
    final = ("FINAL(Da, v celoti. Pravilo pravi, da se ob zaprtju pred 12.00 vrne celotna cena dnevne vozovnice; ker je sedežnica "
             "obstala ob 11.00, vam pripada vseh 36,00 € (oz. cena vaše dnevne vozovnice). Polovično vračilo (50 %) velja le, če "
             "sedežnica ne obratuje več kot 2 uri, a je zaprla po 12.00. Sezonske vozovnice se ne vračajo.)")
    return Script(ctx, [P_LOOK, repl(code, "Pravilo o vračilu naj poišče pomožni klic."), final], [repl("print(pravilo)"), final], sub_model())


@case("h15_park_family_head", "in-head arithmetic beyond two operands", "legit",
      "We're two adults with a 16-year-old and a 10-year-old. What's the cheapest way to get day tickets for all four, and what "
      "does it come to if the 16-year-old also rents an enduro bike for the day?")
def _family() -> Script:
    ctx = {"parque": PARK}
    code = "print(parque.split('## Cenik vozovnic')[1].split('## Pravila')[0])"
    assert 36 * 2 + 30 + 22 == 124 and 84 + 30 == 114 and 114 + 65 == 179
    final = ("FINAL(€114 for the tickets, €179 with the bike. The family day ticket (€84) covers two adults and children up to 14, "
             "so it takes in the 10-year-old, but your 16-year-old needs a youth day ticket (€30): €84 + €30 = €114. Buying four "
             "single day tickets would cost €36 + €36 + €30 + €22 = €124, so the family ticket saves €10. A full-day enduro bike "
             "adds €65 (helmet included): €114 + €65 = €179.)")
    return Script(ctx, [P_LOOK, repl(code), final], [repl("print(84 + 30, 36 * 2 + 30 + 22, 84 + 30 + 65)"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("h15_memory_daiginjo_polish", "plausible figure from memory", "invented", "What polishing ratio do we use for the junmai daiginjo?")
def _memory_polish() -> Script:
    ctx = {"moromi": moromi()}
    m = ctx["moromi"]
    differs(50, int(m[m["区分"] == "純米大吟醸"]["精米歩合"].iloc[0]))
    return Script(ctx, [S_LOOK, "FINAL(50%: junmai daiginjo has to be polished to at least 50%, so the rice keeps half of its grain.)"])


@case("h15_memory_cherry_price", "plausible figure from memory", "invented", "What did the station pay per kilo of red cherry on average?")
def _memory_cherry() -> Script:
    ctx = {"cherry": cherry()}
    differs(60, round(ctx["cherry"].price_etb_kg.mean()))
    return Script(ctx, [C_LOOK, "FINAL(About 60 birr per kilo of red cherry, which is the usual Sidama farm-gate price for the season.)"])


@case("h15_memory_launch_speed", "plausible figure from memory", "invented", "How fast does the launch usually go?")
def _memory_speed() -> Script:
    ctx = {"nmea": nmea_log()}
    ns = compute(ctx, N_PARSE)
    differs(12, round(ns["fix"].knots.mean()))
    return Script(ctx, [N_LOOK, "FINAL(Typically around 12 knots when under way, a normal cruising speed for a harbour launch.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("h15_median_delivery_was_mean", "mean given as the median", "invented", "What is the median cherry delivery?")
def _median_delivery() -> Script:
    code = "print(c.cherry_kg.describe())"
    ctx, ns = with_c(code)
    d = ns["c"].cherry_kg.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL(The median delivery is {wrong} kg of red cherry.)"])


@case("h15_median_flight_was_mean_da", "mean given as the median", "invented", "Hvad er medianflyvetiden?")
def _median_flight() -> Script:
    code = "print(f.minutter.describe())"
    ctx, ns = with_g(code)
    d = ns["f"].minutter.describe()
    wrong = differs(round(d["mean"], 1), round(d["50%"], 1))
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL(Medianflyvetiden er {dk(wrong)} minutter pr. start.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("h15_knots_as_kmh", "unit misread", "invented", "What was the launch's top speed?")
def _knots_kmh() -> Script:
    ctx, ns = with_n(FASTEST)
    v = float(ns["fix"].knots.max())
    differs("km/h", "kn")
    return Script(ctx, [N_LOOK, PARSE_N, repl(FASTEST), f"FINAL({v:g} km/h, on 14 August 2024 at 10:14 UTC.)"])


@case("h15_arrobas_as_kg_pt", "unit misread", "invented", "Quanto pesou o lote L24-044?")
def _arrobas_kg() -> Script:
    code = "print(lotes[lotes.lote == 'L24-044'][['lote', 'data', 'herdade', 'arrobas', 'calibre']])"
    ctx, ns = with_k(code)
    a = int(ns["lotes"].set_index("lote").loc["L24-044", "arrobas"])
    differs(a, a * 15)
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), f"FINAL(O lote L24-044 pesou {a} kg de cortiça marca.)"])


@case("h15_rice_kg_as_tonnes_ja", "unit misread", "invented", "一番大きい仕込みには白米を何トン使いましたか？")
def _rice_tonnes() -> Script:
    code = "print(s.loc[s['白米_kg'].idxmax(), ['仕込番号', '区分', '白米_kg']])"
    ctx, ns = with_s(code)
    r = ns["s"].loc[ns["s"]["白米_kg"].idxmax()]
    differs(int(r["白米_kg"]), int(r["白米_kg"]) / 1000)
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), f"FINAL({r['仕込番号']}（{r['区分']}）で、白米{int(r['白米_kg']):,}トンを使いました。)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("h15_aerotow_fraction_as_pct_da", "fraction written as percent", "invented", "Hvor stor en procentdel af starterne var flyslæb?")
def _aero_frac() -> Script:
    code = "print(round((f.start == 'flyslæb').mean(), 3))"
    ctx, ns = with_g(code)
    fr = round((ns["f"].start == "flyslæb").mean(), 3)
    differs(fr, round(fr * 100, 1))
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL({dk(fr, 3)} % af starterne var flyslæb.)"])


@case("h15_floaters_fraction_as_pct", "fraction written as percent", "invented", "What percentage of deliveries had over 10% floaters?")
def _floaters_frac() -> Script:
    code = "print(round((c.floaters_pct > 10).mean(), 3))"
    ctx, ns = with_c(code)
    fr = round((ns["c"].floaters_pct > 10).mean(), 3)
    differs(fr, round(fr * 100, 1))
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL({fr}% of deliveries had more than 10% floaters.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("h15_second_kebele_called_top", "second row called the top", "invented", "Which kebele brought in the most cherry?")
def _second_kebele() -> Script:
    ctx, ns = with_c(KEBELE_SORTED)
    k = ns["kg"]
    return Script(ctx, [C_LOOK, PARSE_C, repl(KEBELE_SORTED), f"FINAL({differs(k.index[1], k.idxmax())}, with {k.iloc[1]:,.1f} kg.)"])


ESTATES_SORTED = "por_herdade = lotes.groupby('herdade').arrobas.sum().sort_values(ascending=False)\nprint(por_herdade)"


@case("h15_second_estate_called_top_pt", "second row called the top", "invented", "Qual foi a herdade com mais arrobas tiradas?")
def _second_estate() -> Script:
    ctx, ns = with_k(ESTATES_SORTED)
    p = ns["por_herdade"]
    return Script(ctx, [K_LOOK, JOIN_K, repl(ESTATES_SORTED), f"FINAL(A {differs(p.index[1], p.idxmax())}, com {pt(p.iloc[1], 0)} arrobas.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("h15_absent_yirgacheffe", "label absent from the data", "invented", "Which area supplied the most cherry?")
def _absent_yirga() -> Script:
    ctx, ns = with_c(KEBELE_SORTED)
    k = ns["kg"]
    assert "Yirgacheffe" not in k.index
    return Script(ctx, [C_LOOK, PARSE_C, repl(KEBELE_SORTED), f"FINAL(Yirgacheffe, with {k.max():,.1f} kg of red cherry.)"])


@case("h15_absent_herdade_mitra_pt", "label absent from the data", "invented", "Que herdade teve o melhor rendimento por hectare?")
def _absent_mitra() -> Script:
    ctx, ns = with_k(PER_HA)
    p = ns["por_ha"]
    assert "Herdade da Mitra" not in set(p.herdade)
    return Script(ctx, [K_LOOK, JOIN_K, repl(PER_HA), f"FINAL(A Herdade da Mitra, com {pt(p.arrobas_ha.max())} arrobas por hectare.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("h15_all_fees_as_aerotow_da", "total of the wrong subset", "invented", "Hvor meget har flyslæbene indbragt i afgifter?")
def _all_fees() -> Script:
    code = "print(f.afgift_kr.sum())\nprint(f.start.value_counts())"
    ctx, ns = with_g(code)
    f = ns["f"]
    wrong = differs(f.afgift_kr.sum(), f[f.start == "flyslæb"].afgift_kr.sum())
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL(Flyslæbene har indbragt {dk(wrong, 0)} kr. i startafgifter.)"])


@case("h15_all_arrobas_as_coruche_pt", "total of the wrong subset", "invented", "Quantas arrobas se tiraram no concelho de Coruche?")
def _all_coruche() -> Script:
    code = "print(lotes.arrobas.sum())\nprint(lotes.concelho.value_counts())"
    ctx, ns = with_k(code)
    lo = ns["lotes"]
    wrong = differs(int(lo.arrobas.sum()), int(lo[lo.concelho == "Coruche"].arrobas.sum()))
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), f"FINAL(Em Coruche tiraram-se {pt(wrong, 0)} arrobas de cortiça.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("h15_stale_rice_as_litres_ja", "stale figure before a correction", "invented", "今季の生産量は合計何リットルでしたか？")
def _stale_litres() -> Script:
    first = "print(s['白米_kg'].sum())"
    fixed = "print(s['生産量_L'].sum())"
    ctx, ns = with_s(first + "\n" + fixed)
    x = ns["s"]
    stale = differs(int(x["白米_kg"].sum()), int(x["生産量_L"].sum()))
    return Script(ctx, [S_LOOK, PARSE_S, repl(first), repl(fixed, "これは白米の重さでした。生産量の列で計算し直します。"),
                        f"FINAL(今季の生産量は合計{stale:,}リットルでした。)"])


@case("h15_stale_gross_cherry", "stale figure before a correction", "invented", "How much cherry did we take in once the floaters are taken out?")
def _stale_gross() -> Script:
    first = "print(round(c.cherry_kg.sum(), 1))"
    fixed = "print(round((c.cherry_kg * (1 - c.floaters_pct / 100)).sum(), 1))"
    ctx, ns = with_c(first + "\n" + fixed)
    x = ns["c"]
    stale = differs(round(x.cherry_kg.sum(), 1), round((x.cherry_kg * (1 - x.floaters_pct / 100)).sum(), 1))
    return Script(ctx, [C_LOOK, PARSE_C, repl(first), repl(fixed, "That still includes the floaters; netting them out."),
                        f"FINAL(Net of floaters, the station took in {stale:,.1f} kg of red cherry.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("h15_transposed_cherry_kg", "transposed digits", "invented", "How many kilos of cherry did we buy this season?")
def _transposed_cherry() -> Script:
    code = "print(round(c.cherry_kg.sum(), 1))"
    ctx, ns = with_c(code)
    v = round(ns["c"].cherry_kg.sum(), 1)
    whole, tenth = int(v), f"{v:.1f}".split(".")[1]
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL({differs(swap_digits(whole), whole):,}.{tenth} kg of red cherry.)"])


@case("h15_transposed_arrobas_pt", "transposed digits", "invented", "Quantas arrobas se tiraram ao todo em 2024?")
def _transposed_arrobas() -> Script:
    code = "print(lotes.arrobas.sum())"
    ctx, ns = with_k(code)
    v = int(ns["lotes"].arrobas.sum())
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), f"FINAL({pt(differs(swap_digits(v), v), 0)} arrobas ao todo.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("h15_echo_17_percent_ja", "number echoed from the question", "invented", "アルコール度数が17%を超えたもろみは何本ありましたか？")
def _echo_17() -> Script:
    code = "print((s['アルコール度数'] > 17).sum())"
    ctx, ns = with_s(code)
    truth = int((ns["s"]["アルコール度数"] > 17).sum())
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), f"FINAL({differs(17, truth)}本です。)"])


@case("h15_echo_3_hours_da", "number echoed from the question", "invented", "Hvor mange flyvninger varede over 3 timer?")
def _echo_3h() -> Script:
    code = "print((f.minutter > 180).sum())"
    ctx, ns = with_g(code)
    truth = int((ns["f"].minutter > 180).sum())
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL({differs(3, truth)} flyvninger varede over 3 timer.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("h15_deliveries_as_farmers", "rows counted instead of distinct", "invented", "How many different farmers sold cherry to the station?")
def _deliveries_farmers() -> Script:
    code = "print(len(c))"
    ctx, ns = with_c(code)
    c = ns["c"]
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL({differs(len(c), c.farmer.nunique()):,} different farmers.)"])


@case("h15_flights_as_pilots_da", "rows counted instead of distinct", "invented", "Hvor mange forskellige piloter fløj i 2024?")
def _flights_pilots() -> Script:
    code = "print(f.pilot.count())"
    ctx, ns = with_g(code)
    f = ns["f"]
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL({differs(int(f.pilot.count()), f.pilot.nunique())} forskellige piloter.)"])


@case("h15_lots_as_days_pt", "rows counted instead of distinct", "invented", "Em quantos dias diferentes se tirou cortiça?")
def _lots_days() -> Script:
    code = "print(lotes.data.count())"
    ctx, ns = with_k(code)
    lo = ns["lotes"]
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), f"FINAL(Tirou-se cortiça em {differs(int(lo.data.count()), lo.data.nunique())} dias diferentes.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("h15_reiwa_wrong_year", "wrong year", "invented", "When was batch R6-001 set?")
def _reiwa_year() -> Script:
    code = "print(moromi[moromi['仕込番号'] == 'R6-001'][['仕込番号', '仕込日', '区分']])"
    ctx = {"moromi": moromi()}
    raw = ctx["moromi"].set_index("仕込番号").loc["R6-001", "仕込日"]
    y = int(re.match(r"令和(\d+)年", raw).group(1))  # type: ignore[union-attr]
    wrong = differs(2017 + y, 2018 + y)
    return Script(ctx, [S_LOOK, repl(code), f"FINAL(Batch R6-001 was set on {raw}, i.e. 6 November {wrong}.)"])


@case("h15_ec_year_as_gregorian", "wrong year", "invented", "When did the largest single delivery come in?")
def _ec_year() -> Script:
    code = "print(cherry.nlargest(1, 'cherry_kg')[['receipt', 'date_ec', 'farmer', 'cherry_kg']])"
    ctx = {"cherry": cherry()}
    r = ctx["cherry"].nlargest(1, "cherry_kg").iloc[0]
    assert r.date_ec == "Tahsas 6, 2017"
    differs(2017, 2024)
    return Script(ctx, [C_LOOK, repl(code), f"FINAL(On {r.date_ec}: receipt {r.receipt}, {r.cherry_kg:g} kg, in December 2017.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("h15_price_misround", "wrong rounding", "invented", "What was the average price per kilo, to the nearest birr?")
def _price_round() -> Script:
    code = "print(c.price_etb_kg.mean())"
    ctx, ns = with_c(code)
    m = ns["c"].price_etb_kg.mean()
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL({differs(misround(m), round(m))} birr per kilo.)"])


@case("h15_flight_minutes_misround_da", "wrong rounding", "invented", "Hvor lang er en gennemsnitlig flyvning, afrundet til hele minutter?")
def _flight_round() -> Script:
    code = "print(f.minutter.mean())"
    ctx, ns = with_g(code)
    m = ns["f"].minutter.mean()
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL(Ca. {differs(misround(m), round(m))} minutter.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("h15_outlanding_in_pilot_column", "nothing found in the wrong column", "invented", "Were there any outlandings this season?")
def _outland_pilot() -> Script:
    code = "print(f[f.pilot.str.contains('udelanding', case=False)].shape)"
    ctx, ns = with_g(code)
    f = ns["f"]
    assert not f.pilot.str.contains("udelanding").any() and f.bemaerkning.str.contains("udelanding").sum() > 0
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), "FINAL(No, there were no outlandings in 2024: every flight landed back at Arnborg.)"])


@case("h15_grossa_in_estate_column_pt", "nothing found in the wrong column", "invented", "Tirou-se alguma cortiça grossa este ano?")
def _grossa_estate() -> Script:
    code = "print(lotes[lotes.herdade.str.contains('grossa', case=False)].shape)"
    ctx, ns = with_k(code)
    lo = ns["lotes"]
    assert not lo.herdade.str.contains("grossa", case=False).any() and (lo.calibre == "grossa").sum() > 0
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), "FINAL(Não, não há nenhum lote de cortiça grossa em 2024.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
PRICE_MONTHS = "pm = c.groupby('month_ec').price_etb_kg.mean().round(2)[['Tikimt', 'Hidar', 'Tahsas', 'Tir']]\nprint(pm)"


@case("h15_cherry_price_called_falling", "trend in the wrong direction", "invented", "How did the cherry price move over the season?")
def _price_falling() -> Script:
    ctx, ns = with_c(PRICE_MONTHS)
    pm = ns["pm"]
    assert pm.is_monotonic_increasing
    return Script(ctx, [C_LOOK, PARSE_C, repl(PRICE_MONTHS),
                        "FINAL(It eased off as the harvest went on: the price per kilo was highest in Tikimt and drifted down each month "
                        "to its low in Tir.)"])


@case("h15_late_season_called_rising_da", "trend in the wrong direction", "invented", "Hvordan udviklede flyvetimerne sig i sensommeren, juli til september?")
def _hours_rising() -> Script:
    ctx, ns = with_g(MONTH_HOURS)
    t = ns["timer"]
    assert t[7] > t[8] > t[9]
    return Script(ctx, [G_LOOK, PARSE_G, repl(MONTH_HOURS),
                        "FINAL(De steg støt: sensommeren var sæsonens bedste periode, og der blev fløjet mere for hver måned fra juli "
                        "til september.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("h15_gliders_from_head", "sample generalized to the whole", "invented", "Which gliders does the club fly?")
def _gliders_head() -> Script:
    ctx = {"flyvninger": flyvninger()}
    f = ctx["flyvninger"]
    differs(sorted(set(f.head().fly)), sorted(set(f.fly)))
    return Script(ctx, [G_LOOK, "FINAL(Four gliders: OY-XPB (LS4), OY-RDX (Discus 2b), OY-VXP (ASK 21) and OY-SVD (DG-1000S).)"])


@case("h15_calibres_from_head_pt", "sample generalized to the whole", "invented", "Que calibres de cortiça se tiraram este ano?")
def _calibres_head() -> Script:
    ctx = {"cortica": cortica()}
    t = ctx["cortica"]["tiradas"]
    differs(sorted(set(t.head(3).calibre)), sorted(set(t.calibre)))
    return Script(ctx, [K_LOOK, "FINAL(Três calibres: marca, meia-marca e grossa.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("h15_outlanding_share_over_all", "wrong denominator", "invented", "What share of cross-country flights ended in an outlanding?")
def _outland_share() -> Script:
    code = "print(f.bemaerkning.str.startswith('udelanding').sum(), len(f))"
    ctx, ns = with_g(code)
    f = ns["f"]
    k = int(f.bemaerkning.str.startswith("udelanding").sum())
    wrong = differs(round(k / len(f) * 100, 1), round(k / int((f.distance_km > 0).sum()) * 100, 1))
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL({wrong}% of the cross-country flights ended in an outlanding.)"])


@case("h15_bombe_floaters_over_all", "wrong denominator", "invented", "What share of Bombe's deliveries had more than 10% floaters?")
def _bombe_share() -> Script:
    code = "b = c[c.kebele == 'Bombe']\nprint((b.floaters_pct > 10).sum(), len(c))"
    ctx, ns = with_c(code)
    b, c = ns["b"], ns["c"]
    k = int((b.floaters_pct > 10).sum())
    wrong = differs(round(k / len(c) * 100, 1), round(k / len(b) * 100, 1))
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL({wrong}% of Bombe's deliveries had more than 10% floaters.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
OUT_PROMPT = "Count the outlandings mentioned in these flight-log remarks.\n\n"


@case("h15_partial_outlandings_da", "sub-call over part of the data", "invented", "Hvor mange udelandinger var der i 2024?")
def _partial_out() -> Script:
    ctx = {"flyvninger": flyvninger()}
    code = ("noter = [b for b in flyvninger.bemaerkning if b]\n"
            f"said = llm_query({OUT_PROMPT!r} + '\\n'.join(noter[:150]))\nprint(said)")
    notes = [x for x in flyvninger().bemaerkning if x]
    k = int(sub_says(OUT_PROMPT + "\n".join(notes[:150])).split()[0])
    differs(k, sum("udelanding" in x for x in notes))
    return Script(ctx, [G_LOOK, repl(code, "A sub-call can count them in the remarks."), f"FINAL(Der var {k} udelandinger i 2024.)"],
                  sub=sub_model())


@case("h15_partial_refund_park", "sub-call over part of the data", "invented", "If the lift closes because of wind, do I get my money back?")
def _partial_refund() -> Script:
    ctx = {"parque": PARK}
    code = f"rule = llm_query({REFUND_PROMPT!r} + parque[:1400])\nprint(rule)"
    assert sub_says(REFUND_PROMPT + PARK[:1400]) == "NONE" and "50 %" in sub_says(REFUND_PROMPT + PARK)
    return Script(ctx, [P_LOOK, repl(code), "FINAL(No. The price list has no refund rule for bad weather, so tickets are not refunded "
                                            "when the lift stops.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("h15_nmea_date_as_yymmdd", "date format misread", "invented", "What day was the log recorded on first?")
def _nmea_date() -> Script:
    ctx = {"nmea": nmea_log()}
    field = nmea_log().splitlines()[0].split(",")[9]
    misread = differs(pd.to_datetime(field, format="%y%m%d"), pd.to_datetime(field, format="%d%m%y"))
    return Script(ctx, [N_LOOK, f"FINAL(On {misread:%-d %B %Y}: the first sentence's date field reads {field}.)"])


@case("h15_cork_date_month_first_pt", "date format misread", "invented", "When was lot L24-027 stripped?")
def _cork_date() -> Script:
    code = "print(cortica['tiradas'][cortica['tiradas'].lote == 'L24-027'])"
    ctx = {"cortica": cortica()}
    raw = ctx["cortica"]["tiradas"].set_index("lote").loc["L24-027", "data"]
    misread = differs(pd.to_datetime(raw, format="%m/%d/%Y"), pd.to_datetime(raw, format="%d/%m/%Y"))
    return Script(ctx, [K_LOOK, repl(code), f"FINAL(Lot L24-027 was stripped on {misread:%B} {misread.day}, {misread.year}.)"])


@case("h15_glider_date_month_first_da", "date format misread", "invented", "Hvornår fløj Mette Kjær sæsonens længste overlandsflyvning?")
def _glider_date() -> Script:
    code = "print(flyvninger.loc[flyvninger.distance_km.idxmax(), ['dato', 'pilot', 'fly', 'distance_km']])"
    ctx = {"flyvninger": flyvninger()}
    raw = ctx["flyvninger"].loc[ctx["flyvninger"].distance_km.idxmax(), "dato"]
    misread = differs(pd.to_datetime(raw, format="%m/%d-%Y"), pd.to_datetime(raw, format="%d/%m-%Y"))
    return Script(ctx, [G_LOOK, repl(code), f"FINAL(Den {misread.day}. {DK_ALLE[misread.month]} {misread.year}, 307 km i OY-XKL.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
CUM_C = ("mk = c.groupby('month_ec').agg(kg=('cherry_kg', 'sum'), first=('date', 'min')).sort_values('first')\n"
         "mk['kg'] = mk.kg.round(1)\nmk['running_kg'] = mk.kg.cumsum().round(1)\nprint(mk)")


@case("h15_cum_tahsas_kg", "cumulative read as the period's value", "invented", "How much cherry came in during Tahsas?")
def _cum_tahsas() -> Script:
    ctx, ns = with_c(CUM_C)
    mk = ns["mk"]
    return Script(ctx, [C_LOOK, PARSE_C, repl(CUM_C),
                        f"FINAL({differs(mk.loc['Tahsas', 'running_kg'], mk.loc['Tahsas', 'kg']):,.1f} kg of cherry came in during Tahsas.)"])


CUM_G = ("mt = (f.groupby(f.dag.dt.month).minutter.sum() / 60).round(1).to_frame('timer')\n"
         "mt['i_alt'] = mt.timer.cumsum().round(1)\nprint(mt)")


@case("h15_cum_june_hours_da", "cumulative read as the period's value", "invented", "Hvor mange flyvetimer blev der fløjet i juni?")
def _cum_june() -> Script:
    ctx, ns = with_g(CUM_G)
    mt = ns["mt"]
    return Script(ctx, [G_LOOK, PARSE_G, repl(CUM_G),
                        f"FINAL(I juni blev der fløjet {dk(differs(mt.loc[6, 'i_alt'], mt.loc[6, 'timer']))} timer.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("h15_submit_literal_sake", "literal typed into a code answer", "invented", "How many batches did we brew, and how many litres did they give?")
def _literal_sake() -> Script:
    ctx = {"moromi": moromi()}
    differs(320000, int(ctx["moromi"]["生産量_L"].sum()))
    return Script(ctx, [S_LOOK, repl("SUBMIT(batches=64, litres=320000)")])


@case("h15_answer_literal_cork_pt", "literal typed into a code answer", "invented", "Quanto rendeu a cortiça de 2024?")
def _literal_cork() -> Script:
    ctx = {"cortica": cortica()}
    t = ctx["cortica"]["tiradas"]
    differs(1.8, round((t.arrobas * t.preco_eur_arroba).sum() / 1e6, 2))
    return Script(ctx, [K_LOOK, repl("answer = {'content': 'A tiragem de 2024 rendeu cerca de 1,8 milhões de euros.', 'ready': True}")])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("h15_acidity_as_smv_ja", "figure from the right row but another column", "invented", "R6-035の日本酒度はいくつですか？")
def _acid_smv() -> Script:
    code = "print(s[s['仕込番号'] == 'R6-035'][['仕込番号', '区分', '日本酒度', '酸度', 'アルコール度数']])"
    ctx, ns = with_s(code)
    r = ns["s"].set_index("仕込番号").loc["R6-035"]
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), f"FINAL(R6-035の日本酒度は+{differs(r['酸度'], r['日本酒度'])}です。)"])


PILOT_TABLE = ("pt_ = f.groupby('pilot').agg(starter=('fly', 'size'), timer=('minutter', 'sum'))\n"
               "pt_['timer'] = (pt_.timer / 60).round(1)\nprint(pt_)")


@case("h15_hours_as_launches_da", "figure from the right row but another column", "invented", "Hvor mange starter havde Camilla Ravn?")
def _hours_launches() -> Script:
    ctx, ns = with_g(PILOT_TABLE)
    r = ns["pt_"].loc["Camilla Ravn"]
    return Script(ctx, [G_LOOK, PARSE_G, repl(PILOT_TABLE),
                        f"FINAL(Camilla Ravn havde {differs(math.floor(r.timer + 0.5), int(r.starter))} starter i 2024.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("h15_top_farmer_from_head", "maximum picked from a partial table", "invented", "Which farmer delivered the most cherry?")
def _farmer_head() -> Script:
    code = "per_farmer = c.groupby('farmer').cherry_kg.sum().round(1)\nprint(per_farmer.head(8))"
    ctx, ns = with_c(code)
    p = ns["per_farmer"]
    pick = p.head(8).idxmax()
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL({differs(pick, p.idxmax())}, with {p[pick]:,.1f} kg.)"])


@case("h15_top_tank_from_head_ja", "maximum picked from a partial table", "invented", "生産量が一番多かったタンクはどれですか？")
def _tank_head() -> Script:
    code = "タンク別 = s.groupby('タンク')['生産量_L'].sum()\nprint(タンク別.tail(5))"
    ctx, ns = with_s(code)
    t = ns["タンク別"]
    pick = t.tail(5).idxmax()
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), f"FINAL({differs(pick, t.idxmax())}タンクで、{t[pick]:,}リットルです。)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("h15_ascending_concelho_pt", "first row of an ascending sort called the highest", "invented", "Que concelho rendeu mais dinheiro?")
def _asc_concelho() -> Script:
    code = "v = lotes.groupby('concelho').valor.sum().round(2).sort_values()\nprint(v)"
    ctx, ns = with_k(code)
    v = ns["v"]
    return Script(ctx, [K_LOOK, JOIN_K, repl(code), f"FINAL({differs(v.index[0], v.idxmax())}, com {pt(v.iloc[0])} €.)"])


@case("h15_ascending_glider_da", "first row of an ascending sort called the highest", "invented", "Hvilket fly havde flest starter?")
def _asc_glider() -> Script:
    code = "n = f.fly.value_counts().sort_values()\nprint(n)"
    ctx, ns = with_g(code)
    n = ns["n"]
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL({differs(n.index[0], n.idxmax())} med {n.iloc[0]} starter.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
ALT = "hoejde = f.groupby('start').max_hoejde_m.mean().round(0)\nprint(hoejde)"


@case("h15_altitude_swapped_da", "two labels' figures swapped", "invented", "Kommer man højere op efter spilstart eller efter flyslæb?")
def _alt_swapped() -> Script:
    ctx, ns = with_g(ALT)
    h = ns["hoejde"]
    assert h["flyslæb"] > h["spil"]
    return Script(ctx, [G_LOOK, PARSE_G, repl(ALT),
                        f"FINAL(Efter spilstart: i snit {dk(h['flyslæb'], 0)} m mod {dk(h['spil'], 0)} m efter flyslæb.)"])


@case("h15_smv_swapped_ja", "two labels' figures swapped", "invented", "純米と本醸造では、どちらが辛口ですか？")
def _smv_swapped() -> Script:
    ctx, ns = with_s(SMV_GROUPS)
    v = ns["smv"]["mean"]
    assert v["本醸造"] > v["純米"]
    return Script(ctx, [S_LOOK, PARSE_S, repl(SMV_GROUPS),
                        f"FINAL(純米の方が辛口です。日本酒度の平均は純米が{v['本醸造']:+.2f}、本醸造が{v['純米']:+.2f}でした。)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("h15_tahsas_rise", "decrease reported as a rise", "invented", "How did the intake change from Hidar to Tahsas?")
def _tahsas_rise() -> Script:
    code = MONTHS_C + "\nprint(round((per_month.kg['Tahsas'] / per_month.kg['Hidar'] - 1) * 100, 1))"
    ctx, ns = with_c(code)
    p = ns["per_month"].kg
    ch = round((p["Tahsas"] / p["Hidar"] - 1) * 100, 1)
    assert ch < 0
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), f"FINAL(Intake rose by {abs(ch)}% from Hidar to Tahsas.)"])


@case("h15_august_hours_rise_da", "decrease reported as a rise", "invented", "Hvordan ændrede flyvetimerne sig fra juli til august?")
def _aug_rise() -> Script:
    code = MONTH_HOURS + "\nprint(round((timer[8] / timer[7] - 1) * 100, 1))"
    ctx, ns = with_g(code)
    t = ns["timer"]
    ch = round((t[8] / t[7] - 1) * 100, 1)
    assert ch < 0
    return Script(ctx, [G_LOOK, PARSE_G, repl(code), f"FINAL(Flyvetimerne steg med {dk(abs(ch))} % fra juli til august.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("h15_table_for_sobral_pt", "table returned for one figure", "invented", "Quantas arrobas deu o Monte do Sobral?")
def _table_sobral() -> Script:
    ctx, _ = with_k(ESTATES_SORTED)
    return Script(ctx, [K_LOOK, JOIN_K, repl(ESTATES_SORTED), "FINAL_VAR(por_herdade)"])


@case("h15_table_for_hamasho", "table returned for one figure", "invented", "How much was Hamasho paid in total?")
def _table_hamasho() -> Script:
    ctx, _ = with_c(KEBELE_TABLE)
    return Script(ctx, [C_LOOK, PARSE_C, repl(KEBELE_TABLE), 'FINAL_VAR("per_kebele")'])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("h15_daiginjo_in_tank_column_ja", "zero after filtering the wrong column", "invented", "純米大吟醸は何本仕込みましたか？")
def _daiginjo_tank() -> Script:
    code = "n = int((s['タンク'] == '純米大吟醸').sum())\nprint(n)"
    ctx, ns = with_s(code)
    differs(0, int((ns["s"]["区分"] == "純米大吟醸").sum()))
    return Script(ctx, [S_LOOK, PARSE_S, repl(code), "FINAL(今季は純米大吟醸を仕込んでいません（0本）。)"])


@case("h15_bombe_in_farmer_column", "zero after filtering the wrong column", "invented", "How many deliveries came from Bombe?")
def _bombe_farmer() -> Script:
    code = "n = int((c.farmer == 'Bombe').sum())\nprint(n)"
    ctx, ns = with_c(code)
    differs(0, int((ns["c"].kebele == "Bombe").sum()))
    return Script(ctx, [C_LOOK, PARSE_C, repl(code), "FINAL(None: there were no deliveries from Bombe (0).)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("h15_iso_date_glider_da", "none found after searching a date in another format", "invented", "Blev der fløjet den 20. juli 2024?")
def _iso_glider() -> Script:
    ctx = {"flyvninger": flyvninger()}
    code = "dag = flyvninger[flyvninger.dato == '20-07-2024']\nprint(len(dag))"
    assert (ctx["flyvninger"].dato == "20/7-2024").sum() > 0
    return Script(ctx, [G_LOOK, repl(code), "FINAL(Nej, der blev ikke fløjet den 20. juli 2024.)"])


@case("h15_padded_ec_date_cherry", "none found after searching a date in another format", "invented", "Did anyone deliver cherry on Hidar 5, 2017?")
def _padded_cherry() -> Script:
    ctx = {"cherry": cherry()}
    code = "day = cherry[cherry.date_ec == 'Hidar 05, 2017']\nprint(len(day))"
    assert (ctx["cherry"].date_ec == "Hidar 5, 2017").sum() > 0
    return Script(ctx, [C_LOOK, repl(code), "FINAL(No, nobody delivered cherry on Hidar 5, 2017; there are no receipts for that day.)"])
