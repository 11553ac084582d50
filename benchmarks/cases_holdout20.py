"""Acceptance cases, the twentieth held-out set: written apart from the gates.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy. Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_holdout20``. The cases are written as a capable
model writes its answers (legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the
classes of ``cases_tune2`` (the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name
starts with ``q20_``. About seven in ten of the questions are in English; the rest are in Vietnamese, Estonian,
Icelandic, Malay, Finnish and Korean, and the answers write numbers, dates and money as those locales do.

Size: 42 legitimate answers covering all 33 legitimate classes (one or two each) and 36 invented or misread ones covering
all 29 invented classes (one or two each). Before it was handed over, each case was built and its replies' code (and
the code of its ``after`` turns) run in a plain namespace against the case's own data (with the case's sub-model
standing in for the sub-calls), only to check that the code runs and the figures are the ones it computes; no case was
run under any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's look and parse steps, as the ``with_*`` helpers do); every invented figure
or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a Mekong Delta shrimp-farming group's harvest book for the
first half of 2024 (a DataFrame with Vietnamese column names, days written ``05/03/2024``, weights kept as Vietnamese
text like ``1.234,5``, black tiger and whiteleg shrimp, a size in shrimp per kilo that is often missing, prices in
dong, a receipt entered twice and a re-weighing appended at the end that replaces an earlier receipt), a South
Estonian sawmill's log intake from January to April 2024 (a dict of three tables to join: suppliers, deliveries with
Estonian column names, days written ``5.03.2024`` and volumes in solid cubic metres as text with a decimal comma, and
the price list per species; a re-measurement row that replaces an earlier delivery and deliveries not yet measured), a
Húsavík whale-watching operator's trip log for summer 2024 (text: Icelandic ``d.m.yyyy HH:MM`` stamps, departures with
adults and children, sightings by species, returns, weather cancellations, a passenger-count correction and a line the
logger wrote twice) with its Icelandic price list and terms in markdown (kronur written ``11.990 kr.``), and a Perak
rubber smallholders' cooperative's latex collections as nested JSON (Malay keys, days written ``5 Mac 2024``, latex
weights, a dry rubber content that is sometimes not yet tested, prices in sen per kilo of dry rubber, cancelled
entries flagged ``batal``, a wintering dip in February and March). Each frame builder returns a fresh copy (model
code may change a frame in place).
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
# -- a Mekong Delta shrimp-farming group's harvest book (Vietnamese) -----------------------------------------------
VN_PONDS = {"A1": "Nguyễn Văn Tâm", "A2": "Nguyễn Văn Tâm", "A3": "Trần Thị Hoa", "A4": "Trần Thị Hoa",
            "B1": "Lê Văn Phúc", "B2": "Lê Văn Phúc", "B3": "Phạm Thị Lan", "B4": "Phạm Thị Lan",
            "C1": "Võ Minh Đức", "C2": "Võ Minh Đức"}
VN_SPECIES = {"A1": "tôm sú", "A2": "tôm thẻ", "A3": "tôm thẻ", "A4": "tôm thẻ", "B1": "tôm sú", "B2": "tôm thẻ",
              "B3": "tôm sú", "B4": "tôm thẻ", "C1": "tôm thẻ", "C2": "tôm sú"}


def vn_num(x: float) -> str:
    """Vietnamese digits: ``1.234,5``."""
    return f"{x:,.1f}".replace(",", "_").replace(".", ",").replace("_", ".")


def thu_hoach() -> pd.DataFrame:
    return _thu_hoach().copy()


@functools.lru_cache(maxsize=1)
def _thu_hoach(seed: int = 2001) -> pd.DataFrame:
    """Harvest receipts of ten ponds, 2 January to 29 June 2024: partial and full harvests, weight as text, size (shrimp
    per kg, often not counted), price in dong per kg; white spot forces an early, small harvest in B2 in April."""
    rng = np.random.default_rng(seed)
    rows = []
    for pond in VN_PONDS:
        day = pd.Timestamp("2024-01-02") + pd.Timedelta(days=int(rng.integers(0, 20)))
        while day <= pd.Timestamp("2024-06-29"):
            sp = VN_SPECIES[pond]
            month = day.month
            kg = rng.gamma(6.0, 95.0 if sp == "tôm thẻ" else 70.0) * (0.8 + 0.09 * month)
            size = int(rng.normal(55 if sp == "tôm thẻ" else 28, 7))
            if pond == "B2" and month == 4:
                kg, size = kg * 1.6, size + 45  # white spot: emergency harvest of small shrimp
            size = max(15, size)
            base = 118_000 if sp == "tôm thẻ" else 215_000
            price = int(round(base * (60 / (size + 30)) ** 0.5 * (1 + 0.03 * (month - 1)), -3))
            counted = rng.random() < 0.7
            rows.append([day, pond, VN_PONDS[pond], sp, round(float(kg), 1), size if counted else np.nan, price, ""])
            day += pd.Timedelta(days=int(rng.integers(14, 30)))
    rows.sort(key=lambda r: (r[0], r[1]))
    frame = pd.DataFrame(rows, columns=["ngay", "ao", "chu_ao", "loai", "kg", "co_con_kg", "gia_dong_kg", "ghi_chu"])
    frame.insert(0, "ma_phieu", [f"PH-{k + 1:03d}" for k in range(len(frame))])
    frame["thanh_tien"] = (frame.kg * frame.gia_dong_kg).round(-3).astype(int)
    # a receipt typed in twice, and a re-weighing of an earlier receipt appended at the end (it replaces it)
    dup = frame.iloc[[40]].copy()
    fix = frame.iloc[[23]].copy()
    fix["kg"] = round(float(fix.kg.iloc[0]) + 212.4, 1)
    fix["thanh_tien"] = (fix.kg * fix.gia_dong_kg).round(-3).astype(int)
    fix["ghi_chu"] = "cân lại 01/07/2024, thay phiếu cũ"
    frame = pd.concat([frame.iloc[:41], dup, frame.iloc[41:], fix], ignore_index=True)
    frame["ngay"] = [f"{d:%d/%m/%Y}" for d in frame.ngay]
    frame["kg"] = [vn_num(x) for x in frame.kg]
    return frame


# -- a South Estonian sawmill's log intake (a dict of three tables) -------------------------------------------------
ET_SUPPLIERS = [("T01", "Kase Metsad OÜ", "Tartumaa"), ("T02", "Jaan Sepp FIE", "Võrumaa"), ("T03", "Põlva Palk AS", "Põlvamaa"),
                ("T04", "Metsamaa Ühistu TÜ", "Valgamaa"), ("T05", "Tamme Talu OÜ", "Tartumaa"), ("T06", "Rõuge Mets OÜ", "Võrumaa"),
                ("T07", "Kuuse ja Poeg OÜ", "Põlvamaa"), ("T08", "Otepää Puit OÜ", "Valgamaa"), ("T09", "Mari Kask FIE", "Tartumaa"),
                ("T10", "Lõuna Metsavara AS", "Võrumaa")]
ET_SPECIES = pd.DataFrame({"puuliik": ["MA", "KU", "KS", "HB"], "nimetus": ["mänd", "kuusk", "kask", "haab"],
                           "hind_eur_tm": [84.0, 79.0, 66.0, 41.0]})


def et_num(x: float, decimals: int = 2) -> str:
    """Estonian digits: ``1 234,56`` (a no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u00a0").replace(".", ",")


def saeveski() -> dict[str, pd.DataFrame]:
    return {name: frame.copy() for name, frame in _saeveski().items()}


@functools.lru_cache(maxsize=1)
def _saeveski(seed: int = 2002) -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    suppliers = pd.DataFrame(ET_SUPPLIERS, columns=["tarnija_id", "nimi", "maakond"])
    n = 230
    day = pd.Timestamp("2024-01-02") + pd.to_timedelta(np.sort(rng.integers(0, 120, n)), unit="D")
    day = pd.DatetimeIndex([d + pd.Timedelta(days=2) if d.day_of_week == 5 else d + pd.Timedelta(days=1)
                            if d.day_of_week == 6 else d for d in day])
    supplier = rng.choice([s[0] for s in ET_SUPPLIERS], n, p=[.16, .06, .14, .12, .08, .1, .09, .1, .05, .1])
    species = rng.choice(["MA", "KU", "KS", "HB"], n, p=[.34, .36, .2, .1])
    thaw = np.where(day.month >= 4, 0.75, 1.0)  # spring thaw: road restrictions, lighter loads
    vol = np.round(rng.normal(31.0, 5.0, n) * thaw, 2)
    text = [et_num(v).replace("\u00a0", "") for v in vol]
    for k in range(n - 6, n):
        if rng.random() < 0.7:
            text[k] = ""  # the last deliveries are not measured yet
    deliveries = pd.DataFrame({
        "veo_nr": [f"V24-{k + 1:04d}" for k in range(n)], "kuupaev": [f"{d.day}.{d:%m.%Y}" for d in day],
        "tarnija_id": supplier, "puuliik": species, "maht_tm": text,
        "auto": [f"{int(rng.integers(100, 999))} {''.join(rng.choice(list('ABCDEFHKLMPRST'), 3))}" for _ in range(n)],
        "markus": ""})
    fix = deliveries.iloc[[57]].copy()
    fix["maht_tm"] = et_num(float(fix.maht_tm.iloc[0].replace(",", ".")) - 6.4).replace("\u00a0", "")
    fix["markus"] = "ümbermõõtmine, asendab varasema rea"
    deliveries = pd.concat([deliveries, fix], ignore_index=True)
    return {"tarnijad": suppliers, "veod": deliveries, "hinnad": ET_SPECIES.copy()}


# -- a Húsavík whale-watching operator's trip log and its terms (Icelandic) ---------------------------------------
IS_BOATS = {"Náttfari": 90, "Garðar": 60, "Faldur": 45}
IS_SPECIES = {"hnúfubakur": .55, "hrefna": .25, "hnýðingur": .12, "steypireyður": .05, "háhyrningur": .03}


def is_stamp(t: pd.Timestamp) -> str:
    return f"{t.day}.{t.month}.{t.year} {t:%H:%M}"


@functools.lru_cache(maxsize=1)
def hvalaferdir(seed: int = 2003) -> str:
    """The trip log, 1 June to 31 August 2024: BROTTFOR (departure with adults and children), HVALUR (a sighting:
    species and count), KOMA (back in harbour), AFLYST (cancelled for wind), LEIDRETTING (a corrected passenger count)."""
    rng = np.random.default_rng(seed)
    out: list[tuple[pd.Timestamp, str]] = []
    k = 0
    for day in pd.date_range("2024-06-01", "2024-08-31"):
        windy = rng.random() < 0.08
        season = 1.0 + 0.35 * np.sin((day - pd.Timestamp("2024-06-01")).days / 92 * np.pi)
        for slot in ("09:00", "13:00", "17:00"):
            for boat, seats in IS_BOATS.items():
                if boat == "Faldur" and slot == "17:00":
                    continue
                k += 1
                trip = f"H{k:04d}"
                start = day + pd.Timedelta(hours=int(slot[:2]))
                if windy:
                    out.append((start - pd.Timedelta(minutes=45), f"AFLYST ferd={trip} bátur={boat} ástæða=\"vindur {int(rng.integers(16, 25))} m/s\""))
                    continue
                pax = int(min(seats, rng.normal(seats * 0.62 * season, seats * 0.12)))
                kids = int(rng.binomial(pax, 0.18))
                out.append((start, f"BROTTFOR ferd={trip} bátur={boat} fullorðnir={pax - kids} börn={kids}"))
                t = start + pd.Timedelta(minutes=int(rng.integers(25, 50)))
                for _ in range(int(rng.choice([0, 1, 2, 3, 4], p=[.06, .3, .34, .2, .1]))):
                    sp = str(rng.choice(list(IS_SPECIES), p=list(IS_SPECIES.values())))
                    n = 1 if sp in ("steypireyður", "hrefna") else int(rng.integers(1, 4)) if sp == "hnúfubakur" else int(rng.integers(4, 30))
                    out.append((t, f"HVALUR ferd={trip} tegund={sp} fjöldi={n}"))
                    t += pd.Timedelta(minutes=int(rng.integers(10, 30)))
                out.append((start + pd.Timedelta(minutes=int(rng.integers(170, 200))), f"KOMA ferd={trip} bátur={boat}"))
    out.sort(key=lambda x: x[0])
    when, first = [x for x in out if " BROTTFOR " in f" {x[1]}" and "Náttfari" in x[1]][150]
    trip = re.search(r"ferd=(\S+)", first).group(1)
    adults = int(re.search(r"fullorðnir=(\d+)", first).group(1))
    kids = int(re.search(r"börn=(\d+)", first).group(1))
    out.append((when.normalize() + pd.Timedelta(days=2, hours=10, minutes=12),
                f"LEIDRETTING ferd={trip} fullorðnir={adults + 21} börn={kids + 4}"))  # a corrected head count
    out.sort(key=lambda x: x[0])
    lines = [f"{is_stamp(t)} {msg}" for t, msg in out]
    dup_at = [i for i, line in enumerate(lines) if " BROTTFOR " in line][400]
    lines.insert(dup_at + 1, lines[dup_at])  # the logger wrote this line twice
    return "\n".join(lines)


SKILMALAR = """# Hvalaskoðun frá Húsavík: verð og skilmálar sumarið 2024

Gildir frá 1. júní til 31. ágúst 2024. Brottfarir kl. 9:00, 13:00 og 17:00 frá Norðurgarði.

## Verð

| Miðategund | Verð |
| --- | --- |
| Fullorðnir (16 ára og eldri) | 11.990 kr. |
| Börn 7–15 ára | 5.990 kr. |
| Börn 0–6 ára | frítt |
| Fjölskyldumiði (2 fullorðnir og 2 börn) | 31.990 kr. |

Hlýir heilgallar og heitt kakó eru innifalin í verði.

## Hvalaábyrgð

Ef enginn hvalur eða höfrungur sést í ferðinni fær farþeginn frímiða í aðra ferð. Frímiðinn gildir í tvö ár.

## Veður og afbókanir

Ferð er aflýst ef vindur fer yfir 15 m/s. Þá er miðinn endurgreiddur að fullu eða færður á aðra brottför.
Afbókun með minna en 24 klukkustunda fyrirvara er ekki endurgreidd.

## Öryggi

Börn yngri en 12 ára verða að vera í fylgd fullorðinna. Skipstjóri getur snúið við ef sjólag versnar.
"""


# -- a Perak rubber smallholders' cooperative (nested JSON, Malay keys) ----------------------------------------------
MS_MONTHS = ["Januari", "Februari", "Mac", "April", "Mei", "Jun", "Julai", "Ogos", "September", "Oktober", "November",
             "Disember"]
MS_TAPPERS = [("PK-003", "Ahmad bin Yusof", "Kg. Lasah"), ("PK-007", "Siti Aminah binti Hassan", "Kg. Lasah"),
              ("PK-011", "Muthusamy a/l Raman", "Kg. Sentang"), ("PK-014", "Rosli bin Ismail", "Kg. Sentang"),
              ("PK-018", "Zainab binti Omar", "Kg. Changkat"), ("PK-021", "Lim Ah Kow", "Kg. Changkat"),
              ("PK-025", "Faridah binti Musa", "Kg. Lasah"), ("PK-029", "Kamal bin Daud", "Kg. Sentang"),
              ("PK-033", "Nor Azizah binti Salleh", "Kg. Changkat")]


def ms_date(t: pd.Timestamp) -> str:
    return f"{t.day} {MS_MONTHS[t.month - 1]} {t.year}"


@functools.lru_cache(maxsize=1)
def getah_json(seed: int = 2004) -> str:
    """Collections of latex, 2 January to 29 June 2024, per smallholder: the latex weighed at the collection centre,
    the dry rubber content (``null``: not yet tested), the price in sen per kg of dry rubber; a few entries were
    cancelled (``batal``). Yields dip while the trees winter (February and March)."""
    rng = np.random.default_rng(seed)
    price = {1: 598, 2: 611, 3: 640, 4: 667, 5: 689, 6: 672}
    farmers = []
    for pid, name, village in MS_TAPPERS:
        acres = float(rng.choice([2.5, 3.0, 4.0, 4.5, 5.0, 6.0]))
        entries = []
        day = pd.Timestamp("2024-01-02") + pd.Timedelta(days=int(rng.integers(0, 4)))
        while day <= pd.Timestamp("2024-06-29"):
            winter = 0.55 if day.month in (2, 3) else 1.0
            latex = round(float(rng.gamma(8.0, 2.2 * acres / 4) * winter), 1)
            drc = round(float(rng.normal(32, 2.5)), 1) if rng.random() > 0.08 or day.month < 6 else None
            if day > pd.Timestamp("2024-06-24"):
                drc = None
            entry: dict[str, Any] = {"tarikh": ms_date(day), "lateks_kg": latex, "drc_peratus": drc,
                                     "harga_sen_sekg": price[day.month]}
            if rng.random() < 0.025:
                entry["batal"] = True
            entries.append(entry)
            day += pd.Timedelta(days=int(rng.integers(5, 9)))
        farmers.append({"id": pid, "nama": name, "kampung": village, "keluasan_ekar": acres, "kutipan": entries})
    doc = {"koperasi": "Koperasi Pekebun Kecil Getah Sungai Siput Berhad", "dikemas_kini": "30 Jun 2024",
           "unit": {"lateks_kg": "kg lateks", "drc_peratus": "% getah kering", "harga_sen_sekg": "sen per kg getah kering"},
           "pekebun": farmers}
    return json.dumps(doc, ensure_ascii=False, indent=1)


# -- first looks and parse steps -----------------------------------------------------------------------------------
TOM_LOOK = repl("print(thu_hoach.shape)\nprint(thu_hoach.head(8).to_string())\nprint(thu_hoach.tail(3).to_string())",
                "Vietnamese column names; a look at the first and last rows.")
TOM_PARSE = (
    "import pandas as pd\n"
    "# the last row re-weighs an earlier receipt and one receipt is in twice: keep the latest row per receipt number\n"
    "th = thu_hoach.drop_duplicates('ma_phieu', keep='last').sort_values('ma_phieu').reset_index(drop=True)\n"
    "th['ngay'] = pd.to_datetime(th.ngay, format='%d/%m/%Y')\n"
    "th['kg'] = th.kg.str.replace('.', '', regex=False).str.replace(',', '.', regex=False).astype(float)\n"
    "th['thang'] = th.ngay.dt.month\n"
    "print(len(thu_hoach), len(th))\nprint(th.dtypes)")
PARSE_TOM = repl(TOM_PARSE, "Weights are Vietnamese text (1.234,5) and dates are day-first; one receipt is duplicated and one re-weighed.")

SAW_LOOK = repl("for name, t in saeveski.items():\n    print(name, t.shape)\n    print(t.head(4).to_string())\n"
                "print(saeveski['veod'].tail(8).to_string())", "Three tables; a look at each and at the end of the deliveries.")
SAW_PARSE = (
    "import pandas as pd\n"
    "veod = saeveski['veod'].drop_duplicates('veo_nr', keep='last').copy()  # the re-measurement replaces the first row\n"
    "veod['kuupaev'] = pd.to_datetime(veod.kuupaev, format='%d.%m.%Y')\n"
    "veod['maht'] = pd.to_numeric(veod.maht_tm.str.replace(',', '.', regex=False), errors='coerce')  # '' = not measured\n"
    "v = veod.merge(saeveski['tarnijad'], on='tarnija_id', how='left').merge(saeveski['hinnad'], on='puuliik', how='left')\n"
    "v['summa'] = (v.maht * v.hind_eur_tm).round(2)\n"
    "print(len(saeveski['veod']), len(veod), veod.maht.isna().sum())")
PARSE_SAW = repl(SAW_PARSE, "Estonian decimal commas and d.mm.yyyy dates; joining deliveries to suppliers and prices.")

WHALE_LOOK = repl("rows = hvalaferdir.splitlines()\nprint(len(rows))\nprint('\\n'.join(rows[:12]))\nprint(rows[-1])\n"
                  "print(skilmalar[:400])", "The trip log and the terms; the first lines first.")
WHALE_PARSE = (
    "import re\nimport pandas as pd\n"
    "recs = []\n"
    "for l in dict.fromkeys(hvalaferdir.splitlines()):  # one line was written twice\n"
    "    m = re.match(r'(\\d{1,2}\\.\\d{1,2}\\.\\d{4} \\d{2}:\\d{2}) (\\w+) (.*)', l)\n"
    "    f = dict(re.findall(r'(\\w+)=(\"[^\"]*\"|\\S+)', m.group(3)))\n"
    "    recs.append({'t': pd.to_datetime(m.group(1), format='%d.%m.%Y %H:%M'), 'ev': m.group(2), **f})\n"
    "log = pd.DataFrame(recs)\n"
    "trips = log[log.ev == 'BROTTFOR'][['t', 'ferd', 'bátur', 'fullorðnir', 'börn']].copy()\n"
    "fix = log[log.ev == 'LEIDRETTING'].set_index('ferd')\n"
    "for ferd, r in fix.iterrows():  # the correction replaces the counts of its trip\n"
    "    trips.loc[trips.ferd == ferd, ['fullorðnir', 'börn']] = [r['fullorðnir'], r['börn']]\n"
    "trips[['fullorðnir', 'börn']] = trips[['fullorðnir', 'börn']].astype(int)\n"
    "trips['farþegar'] = trips['fullorðnir'] + trips['börn']\n"
    "seen = log[log.ev == 'HVALUR'].copy()\nseen['fjöldi'] = seen['fjöldi'].astype(int)\n"
    "cancelled = log[log.ev == 'AFLYST']\n"
    "print(log.ev.value_counts())\nprint(len(trips), len(seen), len(cancelled))")
PARSE_WHALE = repl(WHALE_PARSE, "Icelandic d.m.yyyy stamps and key=value fields; a duplicate line and a correction to apply.")

RUBBER_LOOK = repl("print(len(getah))\nprint(getah[:900])", "A JSON document; the top of it first.")
RUBBER_PARSE = (
    "import json\nimport pandas as pd\n"
    "doc = json.loads(getah)\n"
    "bulan = {'Januari': 1, 'Februari': 2, 'Mac': 3, 'April': 4, 'Mei': 5, 'Jun': 6}\n"
    "k = pd.DataFrame([{'id': p['id'], 'nama': p['nama'], 'kampung': p['kampung'], 'ekar': p['keluasan_ekar'], **e}\n"
    "                  for p in doc['pekebun'] for e in p['kutipan']])\n"
    "k['batal'] = k.get('batal', False)\nk['batal'] = k.batal.fillna(False).astype(bool)\n"
    "k['tarikh'] = [pd.Timestamp(int(y), bulan[m], int(d)) for d, m, y in k.tarikh.str.split()]\n"
    "k = k[~k.batal].copy()  # cancelled entries do not count\n"
    "k['kering_kg'] = k.lateks_kg * k.drc_peratus / 100  # NaN while the DRC is not tested\n"
    "k['bayaran_rm'] = k.kering_kg * k.harga_sen_sekg / 100\n"
    "k['bulan'] = k.tarikh.dt.month\n"
    "print(len(k), k.drc_peratus.isna().sum())\nprint(k.head())")
PARSE_RUBBER = repl(RUBBER_PARSE, "Malay dates like '5 Mac 2024'; dry rubber = latex x DRC; cancelled (batal) entries dropped.")


def with_tom(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A shrimp case's context, and what its parse step then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"thu_hoach": thu_hoach()}
    return ctx, compute({"thu_hoach": thu_hoach()}, TOM_PARSE + "\n" + code)


def with_saw(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"saeveski": saeveski()}
    return ctx, compute({"saeveski": saeveski()}, SAW_PARSE + "\n" + code)


def with_whale(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"hvalaferdir": hvalaferdir(), "skilmalar": SKILMALAR}
    return ctx, compute({**ctx, "rows": hvalaferdir().splitlines()}, WHALE_PARSE + "\n" + code)


def with_rubber(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"getah": getah_json()}
    return ctx, compute(dict(ctx), RUBBER_PARSE + "\n" + code)


# -- locale digits ---------------------------------------------------------------------------------------------------
def dot_comma(x: float, decimals: int = 1) -> str:
    """Vietnamese and Icelandic digits: ``1.234,5``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def space_comma(x: float, decimals: int = 1) -> str:
    """Finnish and Estonian digits: ``1 234,5`` (a no-break space between thousands)."""
    return f"{x:,.{decimals}f}".replace(",", "\u00a0").replace(".", ",")


IS_MONTHS = ["janúar", "febrúar", "mars", "apríl", "maí", "júní", "júlí", "ágúst", "september", "október", "nóvember",
             "desember"]


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
CANCEL_PROMPT = "Summarise the cancelled trips in these log lines: how many, on how many days, which boats, and the wind speeds.\n\n"


def sub_model() -> RuleBasedSubModel:
    def cancellations(_: re.Match[str], request: ChatRequest) -> str:
        found = re.findall(r"^(\d+\.\d+\.\d{4}) \d\d:\d\d AFLYST ferd=\S+ bátur=(\S+) ástæða=\"vindur (\d+) m/s\"",
                           request.last_user, re.M)
        if not found:
            return "No cancelled trips in these lines."
        boats = {b: sum(1 for _, x, _ in found if x == b) for b in sorted({b for _, b, _ in found})}
        winds = [int(w) for *_, w in found]
        return (f"{len(found)} trips were cancelled, on {len({d for d, _, _ in found})} days, all for wind between {min(winds)} "
                f"and {max(winds)} m/s. By boat: " + ", ".join(f"{b} {k}" for b, k in boats.items()) + ".")

    return RuleBasedSubModel([(r"\ASummarise the cancelled trips", cancellations)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# -- steps several cases share --------------------------------------------------------------------------------------
TOM_MONTHLY = "theo_thang = th.groupby('thang').kg.sum().round(1)\nprint(theo_thang)"
SAW_MONTHLY = "kuus = v.groupby(v.kuupaev.dt.month).maht.sum().round(2)\nprint(kuus)"
RUBBER_MONTHLY = ("bulanan = k.groupby('bulan').agg(lateks=('lateks_kg', 'sum'), kering=('kering_kg', 'sum'),\n"
                  "                               harga=('harga_sen_sekg', 'max'), kutipan=('id', 'size')).round(1)\nprint(bulanan)")
WHALE_BOATS = ("per_bat = trips.groupby('bátur').agg(ferdir=('ferd', 'size'), farthegar=('farþegar', 'sum'),\n"
               "                                    medal=('farþegar', 'mean')).round(1)\n"
               "per_bat['hvalir'] = seen[['ferd']].merge(trips[['ferd', 'bátur']], on='ferd').groupby('bátur').size()\n"
               "per_bat['hvalir_a_ferd'] = (per_bat.hvalir / per_bat.ferdir).round(2)\nprint(per_bat)")


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- the shrimp farms ----------------------------------------------------------------------------------------------
@case("q20_shrimp_size_describe", "describe() statistic", "legit", "How big were the shrimp at harvest, typically?")
def _shrimp_size() -> Script:
    code = "print(th.groupby('loai').co_con_kg.describe().round(1))"
    ctx, ns = with_tom(code)
    d = ns["th"].groupby("loai").co_con_kg.describe().round(1)
    su, the = d.loc["tôm sú"], d.loc["tôm thẻ"]
    final = (f"FINAL(Size is counted as shrimp per kilo, so lower is bigger. Black tiger (tôm sú) came out at a median of "
             f"{su['50%']:g} per kg, whiteleg (tôm thẻ) at {the['50%']:g} per kg. Only {int(su['count'] + the['count'])} of the "
             f"{len(ns['th'])} receipts have a count at all.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final],
                  [repl("print(th.groupby('loai').co_con_kg.median(), th.co_con_kg.notna().sum(), len(th))"), final])


@case("q20_shrimp_black_tiger_price_range_vi", "range from min to max", "legit", "Giá tôm sú dao động trong khoảng nào?")
def _su_range() -> Script:
    code = "su = th[th.loai == 'tôm sú']\nprint(su.gia_dong_kg.agg(['min', 'max', 'count']))"
    ctx, ns = with_tom(code)
    su = ns["su"]
    lo, hi = int(su.gia_dong_kg.min()), int(su.gia_dong_kg.max())
    final = (f"FINAL(Giá tôm sú dao động từ {dot_comma(lo, 0)} đến {dot_comma(hi, 0)} đồng/kg qua {len(su)} phiếu thu hoạch; "
             "tôm càng to (ít con/kg) thì giá càng cao.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final], [repl("print(su.gia_dong_kg.min(), su.gia_dong_kg.max())"), final])


@case("q20_shrimp_revenue_ty_vi", "locale number abbreviation", "legit", "Nửa đầu năm 2024 các ao thu được bao nhiêu tiền?")
def _revenue_ty() -> Script:
    code = "tong = th.thanh_tien.sum()\nprint(tong, round(tong / 1e9, 2))\nprint(th.ngay.min(), th.ngay.max())"
    ctx, ns = with_tom(code)
    t = ns["tong"]
    final = f"FINAL(Khoảng {dot_comma(t / 1e9, 2)} tỷ đồng (chính xác là {dot_comma(t, 0)} đồng) từ 2/1 đến 29/6/2024.)"
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final], [repl("print(round(tong / 1e9, 2), 'tỷ')"), final])


@case("q20_shrimp_pond_frame", "FINAL_VAR of a dict or frame", "legit",
      "Give me a table per pond: owner, species, number of harvests, kilos and revenue.")
def _pond_frame() -> Script:
    code = ("theo_ao = th.groupby(['ao', 'chu_ao', 'loai']).agg(lan=('ma_phieu', 'size'), kg=('kg', 'sum'),\n"
            "                                                 dong=('thanh_tien', 'sum')).round(1).reset_index()\nprint(theo_ao)")
    ctx, _ = with_tom(code)
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), "FINAL_VAR(theo_ao)"],
                  [repl("print(theo_ao.shape, theo_ao.columns.tolist())"), "FINAL_VAR(theo_ao)"])


@case("q20_shrimp_over_a_tonne", "yes/no with evidence", "legit", "Did any single harvest bring in more than a tonne?")
def _over_tonne() -> Script:
    code = "big = th[th.kg > 1000].sort_values('kg', ascending=False)\nprint(big[['ma_phieu', 'ngay', 'ao', 'loai', 'kg']].to_string())"
    ctx, ns = with_tom(code)
    big = ns["big"]
    assert len(big) > 1
    top = big.iloc[0]
    final = (f"FINAL(Yes, {len(big)} times. The largest was receipt {top.ma_phieu} from pond {top.ao} on {top.ngay:%-d %B %Y}: "
             f"{top.kg:,.1f} kg of {'whiteleg' if top.loai == 'tôm thẻ' else 'black tiger'} shrimp.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final], [repl("print(len(big), big.iloc[0].ma_phieu, big.iloc[0].kg)"), final])


@case("q20_shrimp_size_price_corr", "correlation or fitted statistic", "legit",
      "For whiteleg shrimp, how strongly does the price follow the size?")
def _size_price() -> Script:
    code = ("the = th[(th.loai == 'tôm thẻ') & th.co_con_kg.notna()]\n"
            "r = the.co_con_kg.corr(the.gia_dong_kg)\nslope = np.polyfit(the.co_con_kg, the.gia_dong_kg, 1)[0]\nprint(len(the), round(r, 3), round(slope))")
    ctx, ns = with_tom("import numpy as np\n" + code)
    r, slope, n = ns["r"], ns["slope"], len(ns["the"])
    assert r < -0.5
    final = (f"FINAL(Strongly, and downwards: over the {n} whiteleg harvests with a size count, the correlation between shrimp "
             f"per kilo and price is r = {r:.2f}. A fitted line says each extra shrimp per kilo costs about {abs(slope):,.0f} dong "
             "per kilo, so smaller shrimp sell for less.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl("import numpy as np\n" + code), final],
                  [repl("print(round(r, 2), round(abs(slope)))"), final])


@case("q20_shrimp_owner_revenue_selected", "selection printed right after its table", "legit",
      "Which farmer earned the most from shrimp this half-year?")
def _owner_revenue() -> Script:
    code = ("theo_chu = th.groupby('chu_ao').thanh_tien.sum().sort_values(ascending=False)\nprint(theo_chu)\n"
            "print(theo_chu.idxmax(), theo_chu.max())")
    ctx, ns = with_tom(code)
    c = ns["theo_chu"]
    final = (f"FINAL({c.index[0]}, whose ponds brought in {c.iloc[0]:,} dong, ahead of {c.index[1]} with {c.iloc[1]:,} dong.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final], [repl("print(theo_chu.head(2))"), final])


@case("q20_shrimp_monthly_trend_vi", "trend sentence naming several labels", "legit", "Sản lượng tôm thay đổi thế nào qua các tháng?")
def _monthly_vi() -> Script:
    ctx, ns = with_tom(TOM_MONTHLY)
    m = ns["theo_thang"]
    assert m[1] < m[2] < m[3] and m[4] < m[3] < m[5] and m[6] < m[4]
    final = (f"FINAL(Sản lượng tăng dần trong quý I: tháng 1 được {dot_comma(m[1])} kg, tháng 2 {dot_comma(m[2])} kg và tháng 3 "
             f"vọt lên {dot_comma(m[3])} kg. Tháng 4 giảm nhẹ ({dot_comma(m[4])} kg), tháng 5 đạt cao nhất với {dot_comma(m[5])} kg, "
             f"rồi tháng 6 chỉ còn {dot_comma(m[6])} kg.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(TOM_MONTHLY), final], [repl("print(theo_thang.idxmax(), theo_thang.max())"), final])


@case("q20_shrimp_total_tonnes_fi", "value with a unit", "legit", "Kuinka paljon katkarapuja kaikista altaista nostettiin yhteensä?")
def _tonnes_fi() -> Script:
    code = "kg = th.kg.sum()\nprint(round(kg, 1), round(kg / 1000, 1))"
    ctx, ns = with_tom(code)
    kg = ns["kg"]
    final = (f"FINAL(Yhteensä noin {space_comma(kg / 1000)} tonnia ({space_comma(kg)} kg) tammikuun alusta kesäkuun loppuun, kun "
             "kahdesti kirjattu kuitti lasketaan kerran ja uudelleenpunnitus korvaa alkuperäisen.)")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final], [repl("print(round(kg / 1000, 1), 'tonnia')"), final])


@case("q20_shrimp_black_tiger_receipts_vi", "count off value_counts", "legit", "Có bao nhiêu lần thu hoạch tôm sú?")
def _su_count() -> Script:
    code = "print(th.loai.value_counts())"
    ctx, ns = with_tom(code)
    k = int(ns["th"].loai.value_counts()["tôm sú"])
    final = f"FINAL(Có {k} lần thu hoạch tôm sú trong sáu tháng đầu năm 2024, trên tổng số {len(ns['th'])} phiếu.)"
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), final], [repl("print((th.loai == 'tôm sú').sum())"), final])


# -- the sawmill ------------------------------------------------------------------------------------------------------
@case("q20_saw_volume_by_species_et", "bullet list of figures", "legit", "Kui palju palki iga puuliigi kohta saabus?")
def _species_bullets() -> Script:
    code = "liik = v.groupby('nimetus').maht.sum().round(2).sort_values(ascending=False)\nprint(liik)\nprint(round(liik.sum(), 2), v.maht.isna().sum())"
    ctx, ns = with_saw(code)
    li = ns["liik"]
    final = ("FINAL(Mõõdetud kogused puuliigiti (tihumeetrites):\n" + "\n".join(f"- {n}: {space_comma(x, 2)} tm" for n, x in li.items())
             + f"\n\nKokku {space_comma(li.sum(), 2)} tm; {int(ns['v'].maht.isna().sum())} viimast vedu on veel mõõtmata.)")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print(liik.to_string(), liik.sum())"), final])


@case("q20_saw_jan_to_feb_change", "period-over-period change", "legit", "How did log intake change from January to February?")
def _jan_feb() -> Script:
    ctx, ns = with_saw(SAW_MONTHLY)
    m = ns["kuus"]
    assert m[2] < m[1]
    final = (f"FINAL(It fell by {m[1] - m[2]:,.2f} m³, from {m[1]:,.2f} m³ in January to {m[2]:,.2f} m³ in February, "
             f"a drop of {(1 - m[2] / m[1]) * 100:.1f}%.)")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(SAW_MONTHLY), final],
                  [repl("print(round(kuus[1] - kuus[2], 2), round((1 - kuus[2] / kuus[1]) * 100, 1))"), final])


@case("q20_saw_top3_suppliers_value", "top-N list by code", "legit", "Which three suppliers were we billed the most by?")
def _top3_value() -> Script:
    code = "top3 = v.groupby('nimi').summa.sum().nlargest(3).round(2)\nprint(top3)"
    ctx, ns = with_saw(code)
    t = ns["top3"]
    final = ("FINAL(By the value of the measured logs at list price:\n" + "\n".join(
        f"{i}. {n}: €{x:,.2f}" for i, (n, x) in enumerate(t.items(), 1)) + ")")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print(top3.index.tolist())"), final])


@case("q20_saw_volume_by_county", "joined tables", "legit", "Which county do our logs come from, by volume?")
def _county() -> Script:
    code = "maakond = v.groupby('maakond').maht.sum().round(2).sort_values(ascending=False)\nprint(maakond)"
    ctx, ns = with_saw(code)
    mk = ns["maakond"]
    total = mk.sum()
    final = (f"FINAL(It is fairly even. {mk.index[0]} leads with {mk.iloc[0]:,.2f} m³ ({mk.iloc[0] / total:.0%} of the measured volume), "
             f"then {mk.index[1]} ({mk.iloc[1]:,.2f} m³), {mk.index[2]} ({mk.iloc[2]:,.2f} m³) and {mk.index[3]} "
             f"({mk.iloc[3]:,.2f} m³).)")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print((maakond / maakond.sum()).round(2))"), final])


@case("q20_saw_total_value_tuh_et", "locale abbreviations for thousands and millions", "legit",
      "Mis on jaanuarist aprillini saabunud palgi koguväärtus hinnakirja järgi?")
def _value_tuh() -> Script:
    code = "kokku = v.summa.sum()\nprint(round(kokku, 2), round(kokku / 1000, 1))"
    ctx, ns = with_saw(code)
    x = ns["kokku"]
    final = (f"FINAL(Ligikaudu {space_comma(x / 1000, 1)} tuh eurot ehk umbes {space_comma(x / 1e6, 2)} mln eurot. Mõõtmata "
             "vedusid see veel ei sisalda.)")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print(round(kokku / 1000, 1), 'tuh', round(kokku / 1e6, 2), 'mln')"), final])


@case("q20_saw_supplier_volume_and_value", "same label in two printed tables", "legit",
      "Who is our biggest supplier, by volume and by money?")
def _two_tables() -> Script:
    code = ("maht_t = v.groupby('nimi').maht.sum().round(2).sort_values(ascending=False)\nprint(maht_t.head(4))\n"
            "raha_t = v.groupby('nimi').summa.sum().round(2).sort_values(ascending=False)\nprint(raha_t.head(4))")
    ctx, ns = with_saw(code)
    a, b = ns["maht_t"], ns["raha_t"]
    assert a.index[0] == b.index[0]
    final = (f"FINAL({a.index[0]} on both counts: {a.iloc[0]:,.2f} m³ of logs, worth €{b.iloc[0]:,.2f} at list prices. "
             f"{b.index[1]} is second on both.)")
    assert a.index[1] == b.index[1]
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print(maht_t.idxmax(), raha_t.idxmax())"), final])


@case("q20_saw_submit_top_species", "labelled SUBMIT for a which question", "legit", "Which species is worth the most to us so far?")
def _submit_species() -> Script:
    code = "liik_raha = v.groupby('nimetus').agg(tm=('maht', 'sum'), eur=('summa', 'sum')).round(2).sort_values('eur', ascending=False)\nprint(liik_raha)"
    ctx, _ = with_saw(code)
    submit = repl("SUBMIT(species=liik_raha.index[0], species_en={'mänd': 'pine', 'kuusk': 'spruce', 'kask': 'birch', 'haab': 'aspen'}[liik_raha.index[0]],\n"
                  "       value_eur=float(liik_raha.eur.iloc[0]), volume_m3=float(liik_raha.tm.iloc[0]))")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), submit], [repl("print(liik_raha.head(1))"), submit])


@case("q20_saw_load_size_describe_et", "describe() statistic", "legit", "Kui suur on keskmine veokoorem ja kui palju see kõigub?")
def _load_describe() -> Script:
    code = "print(v.maht.describe().round(2))"
    ctx, ns = with_saw(code)
    d = ns["v"].maht.describe().round(2)
    final = (f"FINAL(Keskmine koorem on {space_comma(d['mean'], 2)} tm, standardhälve {space_comma(d['std'], 2)} tm; väikseim "
             f"{space_comma(d['min'], 2)} tm ja suurim {space_comma(d['max'], 2)} tm ({int(d['count'])} mõõdetud veo põhjal).)")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print(round(v.maht.mean(), 2), round(v.maht.std(), 2))"), final])


# -- the whale-watching trips -----------------------------------------------------------------------------------------
@case("q20_whale_boats_table", "markdown table in text", "legit", "How did each boat do this summer?")
def _boats_table() -> Script:
    ctx, ns = with_whale(WHALE_BOATS)
    p = ns["per_bat"].sort_values("farthegar", ascending=False)
    rows = "\n".join(f"| {b} | {int(r.ferdir)} | {int(r.farthegar):,} | {r.medal:.1f} | {r.hvalir_a_ferd:.2f} |" for b, r in p.iterrows())
    final = ("FINAL(Summer 2024, trips that sailed (cancelled ones left out):\n\n| Boat | Trips | Passengers | Per trip | Sightings per trip |\n"
             "|---|---:|---:|---:|---:|\n" + rows + ")")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(WHALE_BOATS), final],
                  [repl("print(per_bat.sort_values('farthegar', ascending=False).to_string())"), final])


@case("q20_whale_morning_vs_evening", "two groups compared", "legit", "Do you see more whales on the morning trips or on the evening ones?")
def _morning_evening() -> Script:
    code = ("n_seen = seen.groupby('ferd').size()\ntrips['sightings'] = trips.ferd.map(n_seen).fillna(0)\n"
            "by_slot = trips.groupby(trips.t.dt.hour).sightings.agg(['mean', 'size']).round(2)\nprint(by_slot)")
    ctx, ns = with_whale(code)
    b = ns["by_slot"]
    more = "morning" if b.loc[9, "mean"] > b.loc[17, "mean"] else "evening"
    assert b.loc[9, "mean"] != b.loc[17, "mean"]
    final = (f"FINAL(Slightly more on the {more} trips: the 09:00 departures logged {b.loc[9, 'mean']:.2f} sightings per trip over "
             f"{int(b.loc[9, 'size'])} trips, the 17:00 ones {b.loc[17, 'mean']:.2f} over {int(b.loc[17, 'size'])}. The 13:00 trips sit "
             f"at {b.loc[13, 'mean']:.2f}. The gap is small.)")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print(by_slot.loc[[9, 17]])"), final])


@case("q20_whale_no_sightings_is", "X out of Y", "legit", "Í hve mörgum ferðum sást enginn hvalur?")
def _no_whales_is() -> Script:
    code = "tomar = trips[~trips.ferd.isin(seen.ferd)]\nprint(len(tomar), len(trips), round(len(tomar) / len(trips) * 100, 1))"
    ctx, ns = with_whale(code)
    k, n = len(ns["tomar"]), len(ns["trips"])
    final = (f"FINAL(Enginn hvalur sást í {k} af {n} ferðum sem farnar voru ({dot_comma(k / n * 100)} %). Farþegar í þeim ferðum "
             "eiga rétt á frímiða samkvæmt hvalaábyrgðinni.)")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print(len(tomar), len(trips), round(len(tomar) / len(trips) * 100, 1))"), final])


@case("q20_whale_correction_line", "quoted log line or ID", "legit", "Was any passenger count corrected after the fact? Quote the line.")
def _correction_line() -> Script:
    ctx = {"hvalaferdir": hvalaferdir(), "skilmalar": SKILMALAR}
    code = ("import re\nfixes = [l for l in hvalaferdir.splitlines() if 'LEIDRETTING' in l]\nprint(len(fixes))\nprint(*fixes, sep='\\n')\n"
            "ids = [re.search(r'ferd=(\\S+)', l).group(1) for l in fixes]\n"
            "print([l for l in hvalaferdir.splitlines() if ' BROTTFOR ' in l and l.split('ferd=')[1].split()[0] in ids])")
    fixes = compute(ctx, code)["fixes"]
    assert len(fixes) == 1
    trip = re.search(r"ferd=(\S+)", fixes[0]).group(1)
    orig = next(line for line in hvalaferdir().splitlines() if f"BROTTFOR ferd={trip} " in line)
    final = f"FINAL(Yes, once:\n\n`{fixes[0]}`\n\nIt corrects trip {trip}, first logged as `{orig}`.)"
    return Script(ctx, [WHALE_LOOK, repl(code), final],
                  [repl("print(fixes[0])"), final])


@case("q20_whale_blue_whale_count", "count off value_counts", "legit", "How many blue whale sightings were logged?")
def _blue_count() -> Script:
    code = "print(seen.tegund.value_counts())"
    ctx, ns = with_whale(code)
    k = int(ns["seen"].tegund.value_counts()["steypireyður"])
    final = f"FINAL({k} sightings of blue whales (steypireyður) were logged over the summer, each of a single animal.)"
    assert (ns["seen"][ns["seen"].tegund == "steypireyður"]["fjöldi"] == 1).all()
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print((seen.tegund == 'steypireyður').sum())"), final])


@case("q20_whale_first_orca_is", "date from a log timestamp", "legit", "Hvenær sáust háhyrningar fyrst í sumar?")
def _first_orca() -> Script:
    code = "ha = seen[seen.tegund == 'háhyrningur'].sort_values('t')\nprint(ha.head(3)[['t', 'ferd', 'fjöldi']])"
    ctx, ns = with_whale(code)
    r = ns["ha"].iloc[0]
    final = (f"FINAL(Fyrst sáust háhyrningar {r.t.day}. {IS_MONTHS[r.t.month - 1]} {r.t.year} kl. {r.t:%H:%M}, í ferð {r.ferd}: "
             f"{r['fjöldi']} dýr saman.)")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print(ha.iloc[0].t, ha.iloc[0]['fjöldi'])"), final])


@case("q20_whale_busiest_weekday", "week, weekday or time of day", "legit", "Which day of the week are the boats fullest?")
def _weekday() -> Script:
    code = "vikud = trips.groupby(trips.t.dt.day_name())['farþegar'].mean().round(1).sort_values(ascending=False)\nprint(vikud)"
    ctx, ns = with_whale(code)
    w = ns["vikud"]
    final = (f"FINAL(Wednesdays, narrowly: {w.iloc[0]} passengers per departure on average, against {w.iloc[1]} on {w.index[1]}s. "
             f"{w.index[-1]} is the quietest at {w.iloc[-1]}.)")
    assert w.index[0] == "Wednesday"
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print(vikud.idxmax(), vikud.max())"), final])


@case("q20_whale_submit_season", "DSPy SUBMIT fields", "legit",
      "Sum up the season: trips sailed, trips cancelled, passengers (adults and children), and sightings.")
def _submit_season() -> Script:
    code = "print(len(trips), len(cancelled), trips['fullorðnir'].sum(), trips['börn'].sum(), len(seen))"
    ctx, _ = with_whale(code)
    submit = repl("SUBMIT(trips_sailed=len(trips), trips_cancelled=len(cancelled), adults=int(trips['fullorðnir'].sum()),\n"
                  "       children=int(trips['börn'].sum()), sightings=len(seen))")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), submit], [repl("print(len(trips), len(cancelled), len(seen))"), submit])


@case("q20_whale_cancellations_subcall", "sub-call summary", "legit", "Why were trips cancelled this summer, and how often?")
def _cancel_subcall() -> Script:
    ctx = {"hvalaferdir": hvalaferdir(), "skilmalar": SKILMALAR}
    code = (f"afl = '\\n'.join(l for l in hvalaferdir.splitlines() if ' AFLYST ' in l)\nsaid = llm_query({CANCEL_PROMPT!r} + afl)\n"
            "print(said)")
    said = sub_says(CANCEL_PROMPT + "\n".join(line for line in hvalaferdir().splitlines() if " AFLYST " in line))
    found = re.match(r"(\d+) trips were cancelled, on (\d+) days, all for wind between (\d+) and (\d+) m/s\. By boat: (.+)\.", said)
    assert found, said
    n, days, lo, hi, boats = found.groups()
    final = (f"FINAL(Only for wind. {n} departures were called off, on {days} separate days, with the wind logged at {lo} to {hi} m/s. "
             f"By boat: {boats.replace(' ', ': ').replace(',:', ',')}.)")
    return Script(ctx, [WHALE_LOOK, repl(code, "The cancellation lines carry the reason; a sub-model can sum them up."), final],
                  [repl("print(said)"), final], sub_model())


@case("q20_whale_family_ticket", "markdown document fact", "legit", "What does a family ticket cost, and is it worth it for two adults and two kids?")
def _family_ticket() -> Script:
    code = ("print(skilmalar[skilmalar.index('## Verð'):skilmalar.index('## Hvalaábyrgð')])\n"
            "stakir = 2 * 11990 + 2 * 5990\nprint(stakir, stakir - 31990)")
    ctx, ns = with_whale("")
    ns = compute({"skilmalar": SKILMALAR}, code)
    final = (f"FINAL(The family ticket (2 adults and 2 children) is 31.990 kr. Bought separately, two adult tickets at 11.990 kr. "
             f"and two child tickets (7–15) at 5.990 kr. come to {dot_comma(ns['stakir'], 0)} kr., so the family ticket saves "
             f"{dot_comma(ns['stakir'] - 31990, 0)} kr. Children under 7 go free anyway.)")
    return Script(ctx, [WHALE_LOOK, repl(code), final], [repl("print(stakir, stakir - 31990)"), final])


@case("q20_whale_passengers_on_a_day", "in-head arithmetic beyond two operands", "legit", "How many people went out on 6 July?")
def _one_day() -> Script:
    code = "dag = trips[trips.t.dt.strftime('%Y-%m-%d') == '2024-07-06']\nprint(dag[['t', 'bátur', 'fullorðnir', 'börn']].to_string())"
    ctx, ns = with_whale(code)
    d = ns["dag"]
    assert len(d) == 8
    final = (f"FINAL({int(d['farþegar'].sum())} people on 6 July: {int(d['fullorðnir'].sum())} adults and {int(d['börn'].sum())} "
             "children over the day's eight departures.)")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final],
                  [repl("print(dag['fullorðnir'].sum(), dag['börn'].sum(), dag['farþegar'].sum())"), final])


@case("q20_whale_last_return", "log or version-control timestamps", "legit", "When did the last boat of the season get back?")
def _last_return() -> Script:
    code = "koma = log[log.ev == 'KOMA'].sort_values('t')\nprint(koma.tail(2)[['t', 'ferd', 'bátur']])"
    ctx, ns = with_whale(code)
    r = ns["koma"].iloc[-1]
    final = f"FINAL({r['bátur']} was the last one in, at {r.t:%H:%M} on {r.t.day} August 2024 (trip {r.ferd}).)"
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print(koma.iloc[-1].t, koma.iloc[-1]['bátur'])"), final])


# -- the rubber smallholders ------------------------------------------------------------------------------------------
@case("q20_rubber_dry_rubber_total", "value with a unit", "legit", "How much dry rubber has the cooperative taken in this year?")
def _dry_total() -> Script:
    code = "print(round(k.kering_kg.sum(), 1), round(k.lateks_kg.sum(), 1), k.drc_peratus.isna().sum())"
    ctx, ns = with_rubber(code)
    kk = ns["k"]
    dry, latex, untested = kk.kering_kg.sum(), kk.lateks_kg.sum(), int(kk.drc_peratus.isna().sum())
    final = (f"FINAL(About {dry / 1000:.2f} tonnes of dry rubber ({dry:,.1f} kg), from {latex:,.1f} kg of latex. The "
             f"{untested} latest collections have no DRC test yet, so their dry weight is not counted.)")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(round(k.kering_kg.sum() / 1000, 2), 't')"), final])


@case("q20_rubber_payments_sig", "significant figures", "legit", "Roughly how much has the cooperative paid out to the tappers?")
def _payments_sig() -> Script:
    code = "bayar = k.bayaran_rm.sum()\nprint(bayar)"
    ctx, ns = with_rubber(code)
    x = ns["bayar"]
    final = f"FINAL(Roughly RM {float(f'{x:.3g}'):,.0f} (RM {x:,.2f} to the sen), for the collections with a tested DRC.)"
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(f'{bayar:.3g}', round(bayar, 2))"), final])


@case("q20_rubber_june_price_drop_ms", "negative figure", "legit", "Berapakah perubahan harga getah dari Mei ke Jun?")
def _price_drop() -> Script:
    ctx, ns = with_rubber(RUBBER_MONTHLY)
    b = ns["bulanan"]
    d = int(b.harga[6] - b.harga[5])
    assert d < 0
    final = (f"FINAL(Harga turun {abs(d)} sen sekilogram, iaitu perubahan sebanyak −{abs(d)} sen/kg: daripada {int(b.harga[5])} sen "
             f"(RM {b.harga[5] / 100:.2f}) pada Mei kepada {int(b.harga[6])} sen (RM {b.harga[6] / 100:.2f}) pada Jun.)")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(RUBBER_MONTHLY), final], [repl("print(bulanan.harga[6] - bulanan.harga[5])"), final])


@case("q20_rubber_monthly_pattern", "qualitative over a full small table", "legit", "How did latex collections go over the first half of the year?")
def _monthly_pattern() -> Script:
    ctx, ns = with_rubber(RUBBER_MONTHLY)
    b = ns["bulanan"]
    assert b.lateks[2] < b.lateks[1] / 2 + 20 and b.lateks[3] < b.lateks[4] and b.lateks.idxmax() == 1
    final = (f"FINAL(A strong January ({b.lateks[1]:,.1f} kg of latex), then a slump in February and March ({b.lateks[2]:,.1f} and "
             f"{b.lateks[3]:,.1f} kg) while the trees winter and shed their leaves. Collections recover from April ({b.lateks[4]:,.1f} kg) "
             f"and stay near that level in May and June, though not back to January's. Meanwhile the price climbed from {b.harga[1]:.0f} "
             f"sen/kg in January to {b.harga[5]:.0f} in May before easing to {b.harga[6]:.0f} in June.)")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(RUBBER_MONTHLY), final], [repl("print(bulanan.lateks.idxmax(), bulanan.lateks.idxmin())"), final])


@case("q20_rubber_answer_by_village_ms", "answer-dict dialect", "legit", "Berapa banyak getah kering dari setiap kampung?")
def _answer_village() -> Script:
    code = ("kp = k.groupby('kampung').kering_kg.sum().round(1).sort_values(ascending=False)\nprint(kp)\n"
            "answer = {'content': 'Getah kering mengikut kampung (Januari–Jun 2024): ' + '; '.join(f'{n}: {x:,.1f} kg' for n, x in kp.items())\n"
            "                     + f'. Jumlah: {kp.sum():,.1f} kg.', 'ready': True}")
    ctx, _ = with_rubber(code)
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code)], [repl("print(k.groupby('kampung').kering_kg.sum().round(1).to_dict())"), repl(code)])


@case("q20_rubber_top_tapper_sorted", "top row of a sorted table named the maximum", "legit", "Which tapper brought in the most dry rubber?")
def _top_tapper() -> Script:
    code = "org = k.groupby('nama').kering_kg.sum().round(1).sort_values(ascending=False)\nprint(org)"
    ctx, ns = with_rubber(code)
    o = ns["org"]
    final = f"FINAL({o.index[0]}, with {o.iloc[0]:,.1f} kg of dry rubber, well ahead of {o.index[1]} ({o.iloc[1]:,.1f} kg).)"
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(org.idxmax(), org.max())"), final])


@case("q20_rubber_drc_two_villages_ko", "two groups compared", "legit", "라사 마을과 센탕 마을 중 어느 쪽 라텍스의 건조 고무 함량(DRC)이 더 높나요?")
def _drc_ko() -> Script:
    code = "drc = k.groupby('kampung').drc_peratus.agg(['mean', 'count']).round(2)\nprint(drc)"
    ctx, ns = with_rubber(code)
    d = ns["drc"]
    la, se = d.loc["Kg. Lasah", "mean"], d.loc["Kg. Sentang", "mean"]
    assert se > la
    final = (f"FINAL(센탕 마을(Kg. Sentang)이 조금 더 높습니다. 평균 DRC가 센탕은 {se:.2f}%, 라사(Kg. Lasah)는 {la:.2f}%로 "
             f"차이는 {se - la:.2f}%p에 불과해 사실상 비슷한 수준입니다.)")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(round(drc.loc['Kg. Sentang', 'mean'] - drc.loc['Kg. Lasah', 'mean'], 2))"), final])


@case("q20_rubber_untested_ms", "X out of Y", "legit", "Berapa kutipan yang belum diuji DRC?")
def _untested_ms() -> Script:
    code = "print(k.drc_peratus.isna().sum(), len(k))\nprint(k[k.drc_peratus.isna()].tarikh.agg(['min', 'max']))"
    ctx, ns = with_rubber(code)
    kk = ns["k"]
    final = (f"FINAL({int(kk.drc_peratus.isna().sum())} daripada {len(kk)} kutipan (tidak termasuk yang dibatalkan) masih belum "
             "diuji DRC, kesemuanya kutipan hujung Jun.)")
    assert kk[kk.drc_peratus.isna()].tarikh.min() >= pd.Timestamp("2024-06-01")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(k[k.drc_peratus.isna()][['nama', 'tarikh']])"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- the shrimp farms ----------------------------------------------------------------------------------------------
@case("q20_shrimp_whiteleg_price_from_memory", "plausible figure from memory", "invented", "What does whiteleg shrimp sell for per kilo here?")
def _whiteleg_memory() -> Script:
    ctx = {"thu_hoach": thu_hoach()}
    for price in set(thu_hoach()[thu_hoach().loai == "tôm thẻ"].gia_dong_kg):
        differs(150_000, int(price))
    return Script(ctx, [TOM_LOOK, "FINAL(Around 150,000 dong per kilo, which is the going farm-gate rate for whiteleg in the Mekong Delta.)"])


@case("q20_shrimp_second_pond_top_vi", "second row called the top", "invented", "Ao nào cho sản lượng cao nhất?")
def _second_pond() -> Script:
    code = "theo_ao_kg = th.groupby('ao').kg.sum().round(1).sort_values(ascending=False)\nprint(theo_ao_kg)"
    ctx, ns = with_tom(code)
    a = ns["theo_ao_kg"]
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code),
                        f"FINAL(Ao {differs(a.index[1], a.index[0])} của {VN_PONDS[a.index[1]]} cho sản lượng cao nhất: {dot_comma(a.iloc[1])} kg.)"])


@case("q20_shrimp_total_whiteleg_only", "total of the wrong subset", "invented", "How many kilos of shrimp did the group harvest in all?")
def _whiteleg_only() -> Script:
    code = "print(round(th[th.loai == 'tôm thẻ'].kg.sum(), 1))"
    ctx, ns = with_tom(code)
    t = ns["th"]
    wrong = differs(round(t[t.loai == "tôm thẻ"].kg.sum(), 1), round(t.kg.sum(), 1))
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), f"FINAL(The ponds yielded {wrong:,} kg of shrimp in the first half of 2024.)"])


@case("q20_shrimp_first_harvest_wrong_year_vi", "wrong year", "invented", "Lần thu hoạch đầu tiên trong sổ là ngày nào?")
def _first_wrong_year() -> Script:
    code = "print(th.ngay.min(), th.loc[th.ngay.idxmin(), ['ma_phieu', 'ao']].tolist())"
    ctx, ns = with_tom(code)
    d = ns["th"].ngay.min()
    wrong = differs(f"{d:%d/%m}/{d.year - 1}", f"{d:%d/%m/%Y}")
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), f"FINAL(Lần thu hoạch đầu tiên là ngày {wrong}, phiếu PH-001 ở ao A1.)"])


@case("q20_shrimp_submit_literal_total", "literal typed into a code answer", "invented", "How much shrimp was harvested, and over how many receipts?")
def _submit_literal() -> Script:
    ctx = {"thu_hoach": thu_hoach()}
    _, ns = with_tom("")
    differs(45_000, round(ns["th"].kg.sum()))
    differs(80, len(ns["th"]))
    return Script(ctx, [TOM_LOOK, repl("SUBMIT(total_kg=45_000, receipts=80)", "About 45 tonnes over the 80 rows.")])


@case("q20_shrimp_species_prices_swapped", "two labels' figures swapped", "invented", "How do black tiger and whiteleg compare on price?")
def _prices_swapped() -> Script:
    code = "gia = th.groupby('loai').gia_dong_kg.mean().round(0)\nprint(gia)"
    ctx, ns = with_tom(code)
    g = ns["gia"]
    assert g["tôm sú"] > g["tôm thẻ"]
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code),
                        f"FINAL(Whiteleg (tôm thẻ) averages {g['tôm sú']:,.0f} dong per kilo, more than twice black tiger's "
                        f"{g['tôm thẻ']:,.0f} dong.)"])


@case("q20_shrimp_date_read_month_first", "date format misread", "invented", "When was receipt PH-045 from pond B2 written?")
def _month_first() -> Script:
    code = "print(thu_hoach[thu_hoach.ma_phieu == 'PH-045'].to_string())"
    ctx = {"thu_hoach": thu_hoach()}
    raw = thu_hoach()[thu_hoach().ma_phieu == "PH-045"].ngay.iloc[0]
    day, month, year = (int(x) for x in raw.split("/"))
    assert day <= 12 and day != month
    wrong = differs(pd.Timestamp(year, day, month), pd.Timestamp(year, month, day))
    return Script(ctx, [TOM_LOOK, repl(code), f"FINAL(Receipt PH-045 for pond B2 is dated {wrong:%B %-d, %Y}, a {wrong:%A}.)"])


# -- the sawmill ------------------------------------------------------------------------------------------------------
@case("q20_saw_mean_as_median", "mean given as the median", "invented", "What is the median truckload, in cubic metres?")
def _saw_mean_median() -> Script:
    code = "print(v.maht.describe())"
    ctx, ns = with_saw(code)
    d = ns["v"].maht.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), f"FINAL(The median load is {wrong} m³ of logs.)"])


@case("q20_saw_stale_measurement", "stale figure before a correction", "invented", "How much did delivery V24-0058 measure?")
def _stale_measure() -> Script:
    ctx = {"saeveski": saeveski()}
    code = "print(saeveski['veod'].iloc[54:60].to_string())"
    raw = saeveski()["veod"]
    first, last = raw[raw.veo_nr == "V24-0058"].maht_tm.iloc[0], raw[raw.veo_nr == "V24-0058"].maht_tm.iloc[-1]
    differs(first, last)
    return Script(ctx, [SAW_LOOK, repl(code), f"FINAL(Delivery V24-0058 measured {first.replace(',', '.')} m³ of logs.)"])


@case("q20_saw_march_rows_as_suppliers", "rows counted instead of distinct", "invented", "How many suppliers delivered logs in March?")
def _march_rows() -> Script:
    code = "marts = v[v.kuupaev.dt.month == 3]\nprint(len(marts))"
    ctx, ns = with_saw(code)
    m = ns["marts"]
    n = differs(len(m), m.tarnija_id.nunique())
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), f"FINAL({n} suppliers delivered logs to the mill in March 2024.)"])


@case("q20_saw_county_searched_in_names", "nothing found in the wrong column", "invented", "Did we get any logs from Valgamaa?")
def _valgamaa() -> Script:
    code = "valga = v[v.nimi.str.contains('Valga')]\nprint(len(valga))"
    ctx, ns = with_saw(code)
    assert len(ns["valga"]) == 0 and (ns["v"].maakond == "Valgamaa").sum() > 0
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), "FINAL(No. None of the deliveries from January to April came from Valgamaa.)"])


@case("q20_saw_delivery_date_swapped", "date format misread", "invented", "On what day did delivery V24-0126 arrive?")
def _delivery_date() -> Script:
    ctx = {"saeveski": saeveski()}
    code = "print(saeveski['veod'].set_index('veo_nr').loc['V24-0126'])"
    raw = saeveski()["veod"].set_index("veo_nr").loc["V24-0126", "kuupaev"]
    day, month, year = (int(x) for x in raw.split("."))
    assert day <= 12 and day != month
    wrong = differs(pd.Timestamp(year, day, month), pd.Timestamp(year, month, day))
    return Script(ctx, [SAW_LOOK, repl(code), f"FINAL(It arrived on {wrong:%-d %B %Y} ({wrong:%A}).)"])


@case("q20_saw_cheapest_called_dearest_et", "first row of an ascending sort called the highest", "invented",
      "Milline puuliik on hinnakirjas kõige kallim?")
def _ascending_et() -> Script:
    ctx = {"saeveski": saeveski()}
    code = "print(saeveski['hinnad'].sort_values('hind_eur_tm'))"
    h = saeveski()["hinnad"].sort_values("hind_eur_tm")
    first = h.iloc[0]
    differs(first.nimetus, h.iloc[-1].nimetus)
    return Script(ctx, [SAW_LOOK, repl(code), f"FINAL(Kõige kallim on {first.nimetus}: {space_comma(first.hind_eur_tm, 2)} eurot tihumeetri eest.)"])


@case("q20_saw_drop_as_rise", "decrease reported as a rise", "invented", "How did log intake change from January to February?")
def _saw_rise() -> Script:
    ctx, ns = with_saw(SAW_MONTHLY)
    m = ns["kuus"]
    pct = round((1 - m[2] / m[1]) * 100, 1)
    assert m[2] < m[1]
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(SAW_MONTHLY), f"FINAL(Intake rose by {pct}% from January to February, to {m[2]:,.2f} m³.)"])


# -- the whale-watching trips -----------------------------------------------------------------------------------------
@case("q20_whale_children_fraction_as_percent", "fraction written as percent", "invented", "What share of the passengers were children?")
def _kids_fraction() -> Script:
    code = "hlutfall = round(trips['börn'].sum() / trips['farþegar'].sum(), 3)\nprint(hlutfall)"
    ctx, ns = with_whale(code)
    h = ns["hlutfall"]
    differs(h, round(h * 100, 1))
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), f"FINAL(Children were {h}% of the passengers this summer.)"])


@case("q20_whale_boat_not_in_log", "label absent from the data", "invented", "Which boat carried the most passengers?")
def _absent_boat() -> Script:
    ctx, ns = with_whale(WHALE_BOATS)
    p = ns["per_bat"]
    differs("Sæbjörg", p.farthegar.idxmax())
    assert "Sæbjörg" not in hvalaferdir()
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(WHALE_BOATS),
                        f"FINAL(Sæbjörg, the largest boat in the fleet, carried the most: {int(p.farthegar.max()):,} passengers.)"])


@case("q20_whale_passengers_transposed", "transposed digits", "invented", "How many passengers sailed with us this summer?")
def _pax_transposed() -> Script:
    code = "print(int(trips['farþegar'].sum()))"
    ctx, ns = with_whale(code)
    n = int(ns["trips"]["farþegar"].sum())
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), f"FINAL({differs(swap_digits(n), n):,} passengers went whale watching between June and August.)"])


@case("q20_whale_first_trips_as_season", "sample generalized to the whole", "invented", "How many passengers does a trip carry on average?")
def _first_trips() -> Script:
    code = "print(trips.head(10)[['t', 'bátur', 'farþegar']])\nprint(trips.head(10)['farþegar'].mean())"
    ctx, ns = with_whale(code)
    t = ns["trips"]
    wrong = differs(round(t.head(10)["farþegar"].mean(), 1), round(t["farþegar"].mean(), 1))
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), f"FINAL(A trip carries {wrong} passengers on average over the summer.)"])


@case("q20_whale_no_whales_wrong_base", "wrong denominator", "invented", "On what share of trips did passengers see no whales at all?")
def _wrong_base() -> Script:
    code = "tomar = trips[~trips.ferd.isin(seen.ferd)]\nprint(len(tomar), len(trips) + len(cancelled))"
    ctx, ns = with_whale(code)
    k, sailed, all_ = len(ns["tomar"]), len(ns["trips"]), len(ns["trips"]) + len(ns["cancelled"])
    wrong = differs(round(k / all_ * 100, 1), round(k / sailed * 100, 1))
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), f"FINAL({k} of {all_} trips saw no whales, which is {wrong}%.)"])


@case("q20_whale_cancellations_half_log", "sub-call over part of the data", "invented", "How many trips were cancelled this summer, and why?")
def _cancel_half() -> Script:
    ctx = {"hvalaferdir": hvalaferdir(), "skilmalar": SKILMALAR}
    code = f"said = llm_query({CANCEL_PROMPT!r} + hvalaferdir[:len(hvalaferdir) // 2])\nprint(said)"
    said = sub_says(CANCEL_PROMPT + hvalaferdir()[:len(hvalaferdir()) // 2])
    found = re.match(r"(\d+) trips were cancelled, on (\d+) days, all for wind between (\d+) and (\d+) m/s", said)
    assert found, said
    n = int(found.group(1))
    differs(n, hvalaferdir().count(" AFLYST "))
    return Script(ctx, [WHALE_LOOK, repl(code, "Letting the sub-model read the log."),
                        f"FINAL({n} trips were cancelled over the summer, all because of wind ({found.group(3)}–{found.group(4)} m/s), "
                        f"on {found.group(2)} days.)"], sub=sub_model())


@case("q20_whale_adults_for_children", "figure from the right row but another column", "invented",
      "How many children were on the very first trip of the summer?")
def _adults_children() -> Script:
    code = "print(trips.iloc[0])"
    ctx, ns = with_whale(code)
    r = ns["trips"].iloc[0]
    wrong = differs(int(r["fullorðnir"]), int(r["börn"]))
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), f"FINAL({wrong} children were on board the first trip, {r['bátur']} at 09:00 on 1 June.)"])


@case("q20_whale_orca_wrong_column_is", "zero after filtering the wrong column", "invented", "Hversu oft sáust háhyrningar í sumar?")
def _orca_wrong_col() -> Script:
    code = "print((log['bátur'] == 'háhyrningur').sum())"
    ctx, ns = with_whale(code)
    assert (ns["log"]["bátur"] == "háhyrningur").sum() == 0 and (ns["seen"].tegund == "háhyrningur").sum() > 0
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), "FINAL(Háhyrningar sáust aldrei í sumar: 0 skráningar í dagbókinni.)"])


@case("q20_whale_national_day_iso", "none found after searching a date in another format", "invented",
      "Did any trips go out on 17 June, the national day?")
def _national_day() -> Script:
    ctx = {"hvalaferdir": hvalaferdir(), "skilmalar": SKILMALAR}
    code = "d17 = [l for l in hvalaferdir.splitlines() if '2024-06-17' in l or '17.06.2024' in l]\nprint(len(d17))"
    assert sum(line.startswith("17.6.2024") and " BROTTFOR " in line for line in hvalaferdir().splitlines()) > 0
    return Script(ctx, [WHALE_LOOK, repl(code), "FINAL(No. The log has nothing on 17 June 2024, so no trips sailed on the national day.)"])


@case("q20_whale_stale_head_count_is", "stale figure before a correction", "invented", "Hve margir farþegar voru í ferð H0441?")
def _stale_is() -> Script:
    ctx = {"hvalaferdir": hvalaferdir(), "skilmalar": SKILMALAR}
    code = "print([l for l in hvalaferdir.splitlines() if 'BROTTFOR ferd=H0441 ' in l])"
    line = next(x for x in hvalaferdir().splitlines() if "BROTTFOR ferd=H0441 " in x)
    a, b = (int(x) for x in re.findall(r"=(\d+)", line))
    _, ns = with_whale("")
    true = int(ns["trips"].set_index("ferd").loc["H0441", "farþegar"])
    differs(a + b, true)
    return Script(ctx, [WHALE_LOOK, repl(code), f"FINAL(Í ferð H0441 voru {a + b} farþegar: {a} fullorðnir og {b} börn.)"])


# -- the rubber smallholders ------------------------------------------------------------------------------------------
@case("q20_rubber_latex_as_dry", "unit misread", "invented", "How much dry rubber did Zainab binti Omar deliver?")
def _latex_as_dry() -> Script:
    code = "z = k[k.nama == 'Zainab binti Omar']\nprint(round(z.lateks_kg.sum(), 1), round(z.kering_kg.sum(), 1))"
    ctx, ns = with_rubber(code)
    z = ns["z"]
    wrong = differs(round(z.lateks_kg.sum(), 1), round(z.kering_kg.sum(), 1))
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), f"FINAL(Zainab binti Omar delivered {wrong:,} kg of dry rubber.)"])


@case("q20_rubber_threshold_echoed", "number echoed from the question", "invented",
      "The grading cut-off is a DRC of 30%. How many collections came in below 30%?")
def _threshold_echo() -> Script:
    code = "print(k.drc_peratus.describe())"
    ctx, ns = with_rubber(code)
    differs(30, int((ns["k"].drc_peratus < 30).sum()))
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), "FINAL(30 collections came in below the 30% DRC cut-off.)"])


@case("q20_rubber_drc_misrounded", "wrong rounding", "invented", "What is the average DRC, to the nearest whole percent?")
def _drc_misround() -> Script:
    code = "print(k.drc_peratus.mean())"
    ctx, ns = with_rubber(code)
    x = ns["k"].drc_peratus.mean()
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), f"FINAL(The average dry rubber content is about {differs(misround(x), round(x))}%.)"])


@case("q20_rubber_price_rise_called_fall", "trend in the wrong direction", "invented", "How did the rubber price move from January to May?")
def _price_fall() -> Script:
    ctx, ns = with_rubber(RUBBER_MONTHLY)
    b = ns["bulanan"]
    assert b.harga[1] < b.harga[2] < b.harga[3] < b.harga[4] < b.harga[5]
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(RUBBER_MONTHLY),
                        f"FINAL(It slid month after month, losing {int(b.harga[5] - b.harga[1])} sen per kilo between January and May.)"])


@case("q20_rubber_cumulative_as_april", "cumulative read as the period's value", "invented", "How much dry rubber came in during April?")
def _cumulative_april() -> Script:
    code = "kumulatif = k.groupby('bulan').kering_kg.sum().cumsum().round(1)\nprint(kumulatif)"
    ctx, ns = with_rubber(code)
    c = ns["kumulatif"]
    wrong = differs(c[4], round(c[4] - c[3], 1))
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), f"FINAL({wrong:,} kg of dry rubber came in in April 2024.)"])


@case("q20_rubber_top_from_head_ms", "maximum picked from a partial table", "invented", "Pekebun manakah yang paling banyak menghantar getah kering?")
def _top_head_ms() -> Script:
    code = "ikut_nama = k.groupby('nama').kering_kg.sum().round(1)\nprint(ikut_nama.head(4))"
    ctx, ns = with_rubber(code)
    p = ns["ikut_nama"]
    pick = differs(p.head(4).idxmax(), p.idxmax())
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), f"FINAL({pick}, dengan {p[pick]:,.1f} kg getah kering.)"])


@case("q20_rubber_frame_for_may_payout", "table returned for one figure", "invented", "What did the cooperative pay out for May's collections?")
def _frame_for_may() -> Script:
    code = "bayaran = k.groupby('bulan').bayaran_rm.sum().round(2).to_frame()\nprint(bayaran)"
    ctx, _ = with_rubber(code)
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), "FINAL_VAR(bayaran)"])


@case("q20_rubber_update_wrong_year_ms", "wrong year", "invented", "Bilakah data koperasi ini terakhir dikemas kini?")
def _update_year() -> Script:
    code = "print(doc['koperasi'], '|', doc['dikemas_kini'])"
    ctx, ns = with_rubber(code)
    differs("30 Jun 2023", ns["doc"]["dikemas_kini"])
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), "FINAL(Data ini terakhir dikemas kini pada 30 Jun 2023.)"])


# =================================================================================================================
# More legitimate answers
# =================================================================================================================
@case("q20_saw_biggest_load_id", "quoted log line or ID", "legit", "Which delivery was the single biggest load? I need its number.")
def _biggest_load() -> Script:
    code = "suurim = v.loc[v.maht.idxmax()]\nprint(suurim[['veo_nr', 'kuupaev', 'nimi', 'nimetus', 'maht', 'auto']])"
    ctx, ns = with_saw(code)
    r = ns["suurim"]
    final = (f"FINAL(Delivery **{r.veo_nr}**: {r.maht:.2f} m³ of {'pine' if r.nimetus == 'mänd' else r.nimetus} from {r.nimi}, "
             f"on {r.kuupaev:%-d %B %Y}, truck {r.auto}.)")
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), final], [repl("print(suurim.veo_nr, suurim.maht)"), final])


@case("q20_rubber_big_collection_ms", "yes/no with evidence", "legit", "Adakah sesiapa menghantar lebih daripada 40 kg lateks dalam satu kutipan?")
def _big_collection_ms() -> Script:
    code = "besar = k[k.lateks_kg > 40].sort_values('lateks_kg', ascending=False)\nprint(besar[['nama', 'tarikh', 'lateks_kg']].to_string())"
    ctx, ns = with_rubber(code)
    b = ns["besar"]
    assert len(b) > 1
    top = b.iloc[0]
    final = (f"FINAL(Ya, sebanyak {len(b)} kali. Kutipan terbesar ialah {top.lateks_kg:.1f} kg lateks oleh {top.nama} pada "
             f"{top.tarikh.day} {MS_MONTHS[top.tarikh.month - 1]} {top.tarikh.year}.)")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(len(besar), besar.iloc[0].lateks_kg, besar.iloc[0].nama)"), final])


@case("q20_rubber_acreage_corr", "correlation or fitted statistic", "legit", "Do the tappers with bigger holdings bring in more latex?")
def _acreage_corr() -> Script:
    code = ("ladang = k.groupby('id').agg(ekar=('ekar', 'first'), lateks=('lateks_kg', 'sum'))\n"
            "r = ladang.ekar.corr(ladang.lateks)\nper_ekar = (ladang.lateks / ladang.ekar).mean()\n"
            "print(ladang)\nprint(round(r, 3), round(per_ekar, 1))")
    ctx, ns = with_rubber(code)
    r, per = ns["r"], ns["per_ekar"]
    assert r > 0.8
    final = (f"FINAL(Yes, very clearly: across the {len(ns['ladang'])} smallholders the correlation between acreage and latex "
             f"delivered is r = {r:.2f}. On average a holding yielded about {per:.1f} kg of latex per acre over the half-year.)")
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), final], [repl("print(round(r, 2), round(per_ekar, 1))"), final])


@case("q20_whale_top3_days_is", "top-N list by code", "legit", "Hvaða þrír dagar voru fjölmennastir í sumar?")
def _top3_days() -> Script:
    code = "dagar = trips.groupby(trips.t.dt.date)['farþegar'].sum().nlargest(3)\nprint(dagar)"
    ctx, ns = with_whale(code)
    d = ns["dagar"]
    final = ("FINAL(Fjölmennustu dagarnir:\n" + "\n".join(
        f"{i}. {day.day}. {IS_MONTHS[day.month - 1]}: {dot_comma(n, 0)} farþegar" for i, (day, n) in enumerate(d.items(), 1)) + ")")
    return Script(ctx, [WHALE_LOOK, PARSE_WHALE, repl(code), final], [repl("print(dagar.index.tolist(), dagar.tolist())"), final])


# =================================================================================================================
# More invented or misread answers
# =================================================================================================================
@case("q20_rubber_drc_from_memory", "plausible figure from memory", "invented", "What dry rubber content does our latex have on average?")
def _drc_memory() -> Script:
    ctx = {"getah": getah_json()}
    _, ns = with_rubber("")
    differs(35, round(ns["k"].drc_peratus.mean()))
    return Script(ctx, [RUBBER_LOOK, "FINAL(About 35%, which is what field latex from smallholder clones usually tests at.)"])


@case("q20_saw_spruce_share_from_head", "sample generalized to the whole", "invented", "What share of our log volume is spruce?")
def _spruce_head() -> Script:
    code = "proov = v.head(20)\nprint(round(proov[proov.nimetus == 'kuusk'].maht.sum() / proov.maht.sum() * 100, 1))"
    ctx, ns = with_saw(code)
    vv, p = ns["v"], ns["proov"]
    wrong = round(p[p.nimetus == "kuusk"].maht.sum() / p.maht.sum() * 100, 1)
    differs(wrong, round(vv[vv.nimetus == "kuusk"].maht.sum() / vv.maht.sum() * 100, 1))
    return Script(ctx, [SAW_LOOK, PARSE_SAW, repl(code), f"FINAL(Spruce makes up {wrong}% of the log volume we take in.)"])


@case("q20_shrimp_tiger_share_wrong_base", "wrong denominator", "invented", "What share of the group's revenue came from black tiger shrimp?")
def _tiger_share() -> Script:
    code = "doanh_thu = th.groupby('loai').thanh_tien.sum()\nprint(doanh_thu)\nprint(round(doanh_thu['tôm sú'] / doanh_thu['tôm thẻ'] * 100, 1))"
    ctx, ns = with_tom(code)
    d = ns["doanh_thu"]
    wrong = differs(round(d["tôm sú"] / d["tôm thẻ"] * 100, 1), round(d["tôm sú"] / d.sum() * 100, 1))
    return Script(ctx, [TOM_LOOK, PARSE_TOM, repl(code), f"FINAL(Black tiger brought in {wrong}% of the revenue.)"])


@case("q20_rubber_village_absent_ms", "label absent from the data", "invented", "Kampung manakah yang menghasilkan paling banyak getah kering?")
def _village_absent() -> Script:
    code = "print(k.groupby('kampung').kering_kg.sum().round(1).sort_values(ascending=False))"
    ctx, ns = with_rubber(code)
    top = ns["k"].groupby("kampung").kering_kg.sum().idxmax()
    differs("Kg. Lintang", top)
    assert "Lintang" not in getah_json()
    return Script(ctx, [RUBBER_LOOK, PARSE_RUBBER, repl(code), "FINAL(Kg. Lintang mendahului kampung-kampung lain dalam hasil getah kering.)"])
