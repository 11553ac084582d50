"""Acceptance cases, the eighteenth tuning set (the sixteenth held-out set until stop 58): written apart from the gates.

It was held out through stop 57 and measured then only for its aggregate figures; from stop 58, once
``cases_holdout17`` was written, it is read case by case and tuned on.

It was written by a helper who never read the engine, the gates or the prompts, and without running any case under any
policy. Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune18``. The cases are written as a capable model writes its answers
(legitimate) or as weaker models get a figure or a label wrong (invented or misread), in the classes of ``cases_tune2``
(the 25 and 21 of ``cases_kit`` and the 8 and 8 the evidence issue names). Every case name starts with ``q16_``.

Size: 72 legitimate answers covering all 33 legitimate classes (two or three each) and 58 invented or misread ones
covering all 29 invented classes (two each). Before it was handed over, each case was built and its replies' code (and
the code of its ``after`` turns) run in a plain namespace against the case's own data (with the case's sub-model standing
in for the sub-calls), only to check that the code runs and the figures are the ones it computes; no case was run under
any acceptance policy.

Conventions (those of ``acceptance_cases`` and ``cases_kit``): ``replies`` go up to and including the first answer
(FINAL, FINAL_VAR, ``SUBMIT`` or the ``answer`` dict); ``after`` is what a capable model does once a legitimate
answer is refused (it prints the figure in the form the answer writes it, or selects the row with code, then answers
the same); an invented case sends the same answer again. Every figure a reply quotes is computed with the code the
reply runs (``compute``, after the dataset's look and parse steps, as the ``with_*`` helpers do); every invented figure
or label is checked to differ from the truth (``differs``).

The data are small seeded sets of domains no other set uses: a university department's mail relay over a week of
March 2024 as a Postfix log (syslog stamps ``Mar  4 08:12:03`` without a year, queue IDs, ``delay=`` in seconds, DSN
codes, deferred retries and one message stuck for most of a day, messages with several recipients, blocklisted spam
rejected with ``NOQUEUE``), a Quezon City jeepney cooperative's boundary book for March to May 2024 (Tagalog column
names, days written ``Marso 5, 2024``, pesos as text like ``₱4,210.00``; the boundary and the diesel come off the
takings, so a driver's take-home can be negative; Holy Week, a transport strike and the end of the UP semester), a
Dutch skating club's time trials at Thialf in 2023/24 (Dutch column names, days written ``za 14 okt 2023``, times in
skating notation ``38,91`` and ``1.52,34``, ``—`` after a fall or a false start, PR flags), a Nordic university esports
league's spring season as nested JSON (teams and rosters, a round robin of best-of-three series and their games,
durations written ``mm:ss``, kills and gold per side, a forfeit), a Kyoto ryokan's guest guide and tariff in markdown
(yen per person per night, peak dates, children's rates, a tiered city accommodation tax and a bathing tax, bath hours,
a cancellation scale), Saint-Malo's tide table for March 2024 in French (a block per day headed ``Vendredi 1er mars``,
times written ``05h12`` in legal time that moves to summer time on the 31st, heights with a decimal comma,
coefficients for the high waters only, days with three tides), an Ashanti cocoa farmers' society's 2023/24 crop year
as a dict of three tables to join (farmers; purchases in 64 kg bags with grades and a mid-season price rise, in
cedis; payments by MoMo or in cash, some still owed) and a Valparaíso blood bank's 2024 donation register (Spanish
column names, day-first dates ``05-03-2024``, donors identified by Chilean RUTs like ``12.345.678-5`` who come back
several times, haemoglobin as text like ``13,8``, ABO/Rh groups, deferrals and their reasons, a summer dip and a June
campaign). Each frame builder returns a fresh copy (model code may change a frame in place).
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
# -- a university department's mail relay: a week of Postfix log (syslog dates without a year) --------------------
LOCAL_USERS = ["j.meyer", "a.lindqvist", "m.okafor", "s.tanaka", "r.costa", "e.novak", "l.haddad", "p.weber",
               "k.sato", "d.moreau", "h.berg", "c.rossi", "secretariat", "phd-office", "it-support", "seminar"]
EXTERNAL = {  # domain: (its MX host, share of the traffic)
    "gmail.com": ("gmail-smtp-in.l.google.com", .26), "outlook.com": ("outlook-com.olc.protection.outlook.com", .14),
    "uni-heidelberg.de": ("mx1.urz.uni-heidelberg.de", .1), "web.de": ("mx-ha03.web.de", .07),
    "ethz.ch": ("mx.ethz.ch", .09), "kth.se": ("mx.kth.se", .07), "u-tokyo.ac.jp": ("mx.u-tokyo.ac.jp", .06),
    "yahoo.com": ("mta7.am0.yahoodns.net", .05), "springer.com": ("mx1.springer.com", .06),
    "elsevier.com": ("elsevier-com.mail.protection.outlook.com", .05), "unimelb.edu.au": ("mx.unimelb.edu.au", .05),
}
BOUNCE_REASONS = [
    ("5.1.1", "550 5.1.1 <{rcpt}>: Recipient address rejected: User unknown in virtual mailbox table"),
    ("5.2.2", "552 5.2.2 <{rcpt}>: Mailbox full, quota exceeded"),
    ("5.7.1", "550 5.7.1 Message rejected as spam by Content Filtering"),
]
SPAM_NETS = ["185.234.219", "45.95.147", "193.32.162", "141.98.11", "91.92.251"]


def _qid(rng: np.random.Generator) -> str:
    return "4T" + "".join(rng.choice(list("0123456789BCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz"), 10))


@functools.lru_cache(maxsize=1)  # text is immutable: one build serves every run
def mail_log(seed: int = 1601) -> str:
    """Postfix on ``mx1`` of a university department (``fis.example.edu``), Monday 4 to Sunday 10 March 2024, in
    syslog format (``Mar  4 08:12:03``, no year). Incoming mail is handed to the mail store over LMTP, outgoing mail
    goes to the recipients' MX hosts over SMTP; some deliveries are deferred and retried (``delay=`` is the time since
    the message arrived, in seconds), some bounce with a 5.x.x DSN. A few messages have several recipients. Spam
    senders on blocklisted networks are rejected before they get a queue ID (``NOQUEUE: reject``). One outgoing
    message to ``kth.se`` (Tuesday morning) waits in the queue for most of a day while that MX host is unreachable."""
    rng = np.random.default_rng(seed)
    domains = list(EXTERNAL)
    shares = np.array([EXTERNAL[d][1] for d in domains])
    events: list[tuple[float, str]] = []

    def ip() -> str:
        return f"{int(rng.integers(40, 220))}.{int(rng.integers(0, 255))}.{int(rng.integers(0, 255))}.{int(rng.integers(1, 255))}"

    def message(t0: float, outgoing: bool, stuck: bool = False) -> None:
        qid = _qid(rng)
        size = int(rng.lognormal(9.6, 1.1))
        if outgoing:
            sender = f"{rng.choice(LOCAL_USERS)}@fis.example.edu"
            client = f"ws-{int(rng.integers(10, 99))}.fis.example.edu[10.0.{int(rng.integers(20, 30))}.{int(rng.integers(2, 250))}]"
            nrcpt = 1 if stuck else int(rng.choice([1, 1, 1, 1, 1, 1, 2, 3, 5]))
            doms = ["kth.se"] if stuck else [domains[int(rng.choice(len(domains), p=shares / shares.sum()))] for _ in range(nrcpt)]
            who = ["info", "office", "h.schmidt", "y.kim", "m.garcia", "editor", "l.chen", "o.ivanova", "b.smith"]
            rcpts = [(f"{rng.choice(who)}@{d}", d) for d in doms]
        else:
            dom = domains[int(rng.choice(len(domains), p=shares / shares.sum()))]
            sender = f"{rng.choice(['noreply', 'a.kowalski', 'f.muller', 't.nguyen', 'news', 'journals', 'r.patel'])}@{dom}"
            client = f"{EXTERNAL[dom][0]}[{ip()}]"
            nrcpt = int(rng.choice([1, 1, 1, 1, 1, 2, 4]))
            rcpts = [(f"{u}@fis.example.edu", "fis.example.edu") for u in rng.choice(LOCAL_USERS, nrcpt, replace=False)]
        events.append((t0, f"postfix/smtpd[2231]: connect from {client}"))
        events.append((t0 + 0.4, f"postfix/smtpd[2231]: {qid}: client={client}"))
        events.append((t0 + 0.5, f"postfix/cleanup[2240]: {qid}: message-id=<{int(rng.integers(10**8, 10**9))}."
                                 f"{int(rng.integers(1000, 9999))}@{sender.split('@')[1]}>"))
        events.append((t0 + 0.6, f"postfix/qmgr[1187]: {qid}: from=<{sender}>, size={size}, nrcpt={nrcpt} (queue active)"))
        last = t0 + 0.6
        for rcpt, dom in rcpts:
            local = dom == "fis.example.edu"
            agent, port = ("lmtp", 24) if local else ("smtp", 25)
            relay = "mailstore.fis.example.edu[10.0.4.12]" if local else f"{EXTERNAL[dom][0]}[{ip()}]"
            t = t0 + 0.6 + float(rng.gamma(2.0, 0.35 if local else 0.9))
            r = rng.random()
            if stuck:
                t = t0 + 30.6
                for wait in [300, 600, 1200, 2400] + [4000] * 15:
                    events.append((t, f"postfix/smtp[3310]: {qid}: to=<{rcpt}>, relay=none, delay={t - t0:.0f}, "
                                      f"delays={t - t0 - 30:.0f}/0.01/30/0, dsn=4.4.1, status=deferred (connect to "
                                      f"{EXTERNAL[dom][0]}[130.237.48.13]:25: Connection timed out)"))
                    t += wait
                status, dsn, text = "sent", "2.0.0", f"250 2.0.0 Ok: queued as {int(rng.integers(10**6, 10**7)):X}"
            elif not local and r < 0.05:
                dsn, text = BOUNCE_REASONS[int(rng.choice(3, p=[.6, .25, .15]))]
                status, text = "bounced", f"host {relay} said: {text.format(rcpt=rcpt)} (in reply to RCPT TO command)"
            elif local and r < 0.012:
                status, dsn, text = "bounced", "5.2.2", f"host {relay} said: 552 5.2.2 <{rcpt}> Mailbox is full"
            elif not local and r < 0.11:
                events.append((t, f"postfix/smtp[3310]: {qid}: to=<{rcpt}>, relay={relay}:{port}, delay={t - t0:.1f}, "
                                  f"delays=0.6/0/{t - t0 - 0.6:.1f}/0, dsn=4.7.0, status=deferred (host {relay} said: 421 4.7.0 "
                                  "Try again later, closing connection. (in reply to end of DATA command))"))
                t += float(rng.choice([300, 600, 900, 1800]))
                status, dsn, text = "sent", "2.0.0", f"250 2.0.0 OK {int(rng.integers(10**9, 10**10))} - gsmtp"
            else:
                status, dsn = "sent", "2.0.0"
                text = f"250 2.0.0 <{rcpt}> Saved" if local else f"250 2.0.0 Ok: queued as {int(rng.integers(10**6, 10**7)):X}"
            d = t - t0
            events.append((t, f"postfix/{agent}[{3310 if agent == 'smtp' else 2250}]: {qid}: to=<{rcpt}>, relay={relay}:{port}, "
                              f"delay={d:.2f}, delays=0.6/0.01/{max(d - 0.9, 0.05):.2f}/0.29, dsn={dsn}, status={status} ({text})"))
            last = max(last, t)
            if status == "bounced":
                events.append((t + 0.1, f"postfix/bounce[2301]: {qid}: sender non-delivery notification: {_qid(rng)}"))
        events.append((last + 0.2, f"postfix/qmgr[1187]: {qid}: removed"))

    for _ in range(560):
        day = int(rng.integers(0, 7))
        if day >= 5 and rng.random() < 0.55:
            continue
        hour = rng.normal(13.5, 3.2) if day < 5 and rng.random() < 0.85 else rng.uniform(0, 24)
        message(day * 86400 + float(np.clip(hour, 0, 23.99)) * 3600 + float(rng.uniform(0, 59)), rng.random() < 0.42)
    message(86400 + 9 * 3600 + 13 * 60 + 41.0, True, stuck=True)
    for _ in range(140):  # blocklisted spam senders, rejected before they get a queue ID
        t = float(rng.uniform(0, 7 * 86400))
        addr = f"{rng.choice(SPAM_NETS)}.{int(rng.integers(2, 254))}"
        events.append((t, f"postfix/smtpd[2231]: NOQUEUE: reject: RCPT from unknown[{addr}]: 554 5.7.1 Service unavailable; "
                          f"Client host [{addr}] blocked using zen.spamhaus.org; from=<{rng.choice(['info', 'sales', 'admin'])}"
                          f"@{rng.choice(['promo-mail.biz', 'cheap-meds.ru', 'win-now.top'])}> "
                          f"to=<{rng.choice(LOCAL_USERS)}@fis.example.edu> proto=ESMTP helo=<User>"))
    events.sort(key=lambda e: e[0])
    start = pd.Timestamp("2024-03-04")
    out = []
    for t, text in events:
        if t < 7 * 86400:
            stamp = start + pd.Timedelta(seconds=int(t))
            out.append(f"{stamp:%b} {stamp.day:2d} {stamp:%H:%M:%S} mx1 {text}")
    return "\n".join(out)


# -- a Quezon City jeepney cooperative's daily boundary book (Tagalog column names, ``Marso 5, 2024``, pesos as text) -
BUWAN = ["Enero", "Pebrero", "Marso", "Abril", "Mayo", "Hunyo", "Hulyo", "Agosto", "Setyembre", "Oktubre", "Nobyembre",
         "Disyembre"]
JEEPS = {  # plate: (route, driver)
    "NXE 4821": ("Cubao–Fairview", "Rodel Santos"), "TYH 339": ("Cubao–Fairview", "Jun Dela Cruz"),
    "NVR 1207": ("Cubao–Fairview", "Bong Villanueva"), "PUJ 5562": ("Cubao–Fairview", "Ernesto Ramos"),
    "TXA 718": ("Quiapo–Blumentritt", "Arnel Bautista"), "NBQ 2046": ("Quiapo–Blumentritt", "Jomar Reyes"),
    "PVK 9931": ("Quiapo–Blumentritt", "Rey Manalo"), "UVB 152": ("Novaliches–Monumento", "Dante Aquino"),
    "NYD 6384": ("Novaliches–Monumento", "Carlo Mendoza"), "TWE 470": ("Novaliches–Monumento", "Lito Garcia"),
    "PXM 8815": ("Novaliches–Monumento", "Mario Castillo"), "NCH 3390": ("Philcoa–UP Campus", "Noel Pascual"),
    "TAJ 624": ("Philcoa–UP Campus", "Ramon Tolentino"), "PKL 7743": ("Philcoa–UP Campus", "Efren Navarro"),
}
ROUTE_FARE = {  # route: (boundary in pesos, mean round trips, gross per round trip)
    "Cubao–Fairview": (1650, 5.2, 1020), "Quiapo–Blumentritt": (1300, 8.5, 560),
    "Novaliches–Monumento": (1500, 5.8, 890), "Philcoa–UP Campus": (1100, 10.5, 420),
}


def peso(x: float) -> str:
    """``₱4,210.00`` (a minus before the sign when negative)."""
    return f"{'-' if x < 0 else ''}₱{abs(x):,.2f}"


def talaan() -> pd.DataFrame:
    return _talaan().copy()


@functools.lru_cache(maxsize=1)
def _talaan(seed: int = 1602) -> pd.DataFrame:
    """One row per jeepney and working day, 1 March to 31 May 2024: day (``Marso 5, 2024``), route, plate, driver, round
    trips (``biyahe``), gross takings, the boundary paid to the operator and the diesel bought (pesos as text like
    ``₱4,210.00``), litres, and a note. Most jeeps rest on Sundays; Holy Week (Maundy Thursday 28 and Good Friday 29
    March) is quiet; the transport strike (tigil-pasada) of 15 and 16 April leaves most jeeps parked; UP Campus trips
    drop when the semester ends in late May; diesel goes up in April."""
    rng = np.random.default_rng(seed)
    rows = []
    for day in pd.date_range("2024-03-01", "2024-05-31", freq="D"):
        for plate, (route, driver) in JEEPS.items():
            boundary, trips, per_trip = ROUTE_FARE[route]
            note = ""
            if day.day_of_week == 6 and rng.random() < 0.75:
                continue
            if rng.random() < 0.03:
                continue  # day off or in the shop
            factor = 1.0
            if day in (pd.Timestamp("2024-03-28"), pd.Timestamp("2024-03-29")):
                factor, note = 0.45, "Semana Santa, kaunti ang pasahero"
            elif day in (pd.Timestamp("2024-04-15"), pd.Timestamp("2024-04-16")):
                if rng.random() < 0.8:
                    continue
                factor, note = 0.5, "tigil-pasada, iilan lang ang bumiyahe"
            elif route == "Philcoa–UP Campus" and day >= pd.Timestamp("2024-05-25"):
                factor, note = 0.55, "bakasyon na sa UP"
            elif day.day_of_week == 6:
                factor = 0.7
            n = max(1, round(float(rng.normal(trips * factor, 0.9))))
            gross = round(n * per_trip * rng.uniform(0.85, 1.15) / 5) * 5
            if rng.random() < 0.04 and not note:
                note = str(rng.choice(["sira ang preno, inayos sa talyer", "flat na gulong", "mabigat ang traffic sa EDSA",
                                       "nahuli ng MMDA, may tiket", "baha sa España", "overheat, huminto ng isang oras"]))
                if note.startswith(("sira", "overheat", "flat")):
                    n = max(1, n - 2)
                    gross = round(gross * 0.7 / 5) * 5
            price = 56.9 if day < pd.Timestamp("2024-04-02") else 60.4 if day < pd.Timestamp("2024-05-07") else 58.7
            litres = round(n * {"Cubao–Fairview": 9.5, "Quiapo–Blumentritt": 4.2, "Novaliches–Monumento": 8.1,
                                "Philcoa–UP Campus": 3.1}[route] * rng.uniform(0.9, 1.1), 1)
            rows.append({"petsa": f"{BUWAN[day.month - 1]} {day.day}, {day.year}", "ruta": route, "plaka": plate,
                         "tsuper": driver, "biyahe": n, "kita": peso(gross), "boundary": peso(boundary),
                         "krudo_litro": litres, "gastos_krudo": peso(round(litres * price, 2)), "tala": note})
    return pd.DataFrame(rows)


# -- a Dutch skating club's time trials at Thialf (Dutch column names, ``za 14 okt 2023``, times like ``1.52,34``) ---
DAGEN = ["ma", "di", "wo", "do", "vr", "za", "zo"]
MAANDEN = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"]
SKATERS = {  # name: (sex, category, 500 m in seconds at the start of the season)
    "Sven Bakker": ("M", "Senioren", 37.9), "Jorrit de Vries": ("M", "Senioren", 38.6), "Kjeld Mulder": ("M", "Senioren", 39.4),
    "Thijs Visser": ("M", "Junioren A", 39.1), "Daan Smit": ("M", "Junioren A", 40.3), "Bram Hoekstra": ("M", "Junioren B", 41.8),
    "Wim Postma": ("M", "Masters 50", 43.9), "Gerrit Dijkstra": ("M", "Masters 60", 47.2), "Hendrik Zijlstra": ("M", "Masters 50", 44.6),
    "Femke Jansen": ("V", "Senioren", 41.2), "Anouk de Boer": ("V", "Senioren", 41.9), "Lotte Kuipers": ("V", "Junioren A", 42.6),
    "Sanne Wouters": ("V", "Junioren A", 43.4), "Ilse Brouwer": ("V", "Junioren B", 44.9), "Marieke Veenstra": ("V", "Masters 40", 45.3),
    "Joke van Dam": ("V", "Masters 60", 51.8),
}
RACE_DAYS = ["2023-10-14", "2023-11-04", "2023-11-25", "2023-12-16", "2024-01-13", "2024-01-27", "2024-02-17", "2024-03-09"]
DISTANCES = {500: 1.0, 1000: 2.02, 1500: 3.13, 3000: 6.55, 5000: 11.3}  # time relative to 500 m


def schaatstijd(seconds: float) -> str:
    """Dutch skating notation: ``38,91`` under a minute, ``1.52,34`` (minutes.seconds,hundredths) above."""
    hundredths = round(seconds * 100)
    m, rest = divmod(hundredths, 6000)
    s, h = divmod(rest, 100)
    return f"{m}.{s:02d},{h:02d}" if m else f"{s},{h:02d}"


def uitslagen() -> pd.DataFrame:
    return _uitslagen().copy()


@functools.lru_cache(maxsize=1)
def _uitslagen(seed: int = 1603) -> pd.DataFrame:
    """IJsclub Noordpool's club races at Thialf, season 2023/24: eight Saturdays from 14 October to 9 March, each skater
    two or three distances per race day. Day (``za 14 okt 2023``), skater, sex (M/V), category, distance in metres,
    time as text (``38,91``, ``1.52,34``; ``—`` after a fall or a disqualification), and a remark: ``PR`` for a personal
    record, ``val`` for a fall, ``DSQ`` for a false start. Everyone gets faster over the season."""
    rng = np.random.default_rng(seed)
    rows = []
    best: dict[tuple[str, int], float] = {}
    for k, day in enumerate(RACE_DAYS):
        d = pd.Timestamp(day)
        label = f"{DAGEN[d.day_of_week]} {d.day} {MAANDEN[d.month - 1]} {d.year}"
        for name, (sex, cat, base) in SKATERS.items():
            if rng.random() < 0.12:
                continue
            long_ok = cat in ("Senioren", "Junioren A")
            options = [1000, 1500] + ([3000] if long_ok or rng.random() < 0.3 else []) + ([5000] if sex == "M" and cat == "Senioren" else [])
            for dist in [500] + sorted(rng.choice(options, int(rng.choice([1, 2])), replace=False)):
                dist = int(dist)
                form = 1 - 0.0035 * k + rng.normal(0, 0.011)
                secs = base * DISTANCES[dist] * form * (1 + 0.012 * (dist >= 3000) * (cat.startswith("Masters")))
                r = rng.random()
                if r < 0.025:
                    tijd, remark = "—", "val"
                elif r < 0.05 and dist <= 1000:
                    tijd, remark = "—", "DSQ"
                else:
                    tijd = schaatstijd(secs)
                    prev = best.get((name, dist))
                    remark = "PR" if prev is not None and secs < prev else ""
                    best[(name, dist)] = min(secs, prev) if prev is not None else secs
                rows.append({"datum": label, "naam": name, "geslacht": sex, "categorie": cat, "afstand": dist,
                             "tijd": tijd, "opmerking": remark})
    return pd.DataFrame(rows)


# -- a Nordic university esports league's spring season as nested JSON -------------------------------------------
TEAMS = {  # tag: (name, university, strength)
    "KTH": ("KTH Kraken", "KTH Royal Institute of Technology", 1.25), "AAL": ("Aalto Aurora", "Aalto University", 1.1),
    "NTN": ("NTNU Nordlys", "NTNU Trondheim", 1.35), "DTU": ("DTU Vikings", "Technical University of Denmark", 0.95),
    "UPP": ("Uppsala Owls", "Uppsala University", 0.8), "HEL": ("HY Huskies", "University of Helsinki", 1.0),
    "CTH": ("Chalmers Chargers", "Chalmers University of Technology", 1.15), "AAR": ("AU Arctic", "Aarhus University", 0.7),
}
ROLES = ["top", "jungle", "mid", "adc", "support"]
HANDLES = ["Frostbyte", "Hjalmar", "Lumi", "Skadi", "Tuna", "Rask", "Borealis", "Kettu", "Nisse", "Vanir", "Sisu", "Fjell",
           "Glimt", "Kaamos", "Drakkar", "Mjolnir", "Sauna", "Polar", "Runa", "Hygge", "Taiga", "Viking", "Revontuli", "Ymir",
           "Lagom", "Fika", "Noita", "Troll", "Valo", "Saga", "Odin", "Hel", "Freyja", "Loki", "Tyr", "Ullr", "Bragi", "Sol",
           "Mani", "Eir"]


@functools.lru_cache(maxsize=1)
def league_json(seed: int = 1604) -> str:
    """The Nordic University Esports League, spring 2024, division 1, as the league site's JSON export: teams with their
    five players, and a single round robin of best-of-three series over seven weeks (Saturdays, ``2024-02-03`` to
    ``2024-03-16``), each series with its games: blue and red side, winner, duration as ``mm:ss`` text, kills, gold in
    thousands, towers, dragons, first blood and the game's MVP. One series was forfeited (no games played)."""
    rng = np.random.default_rng(seed)
    tags = list(TEAMS)
    handles = list(rng.permutation(HANDLES))
    teams = [{"tag": t, "name": TEAMS[t][0], "university": TEAMS[t][1],
              "roster": [{"handle": str(handles[5 * i + j]), "role": ROLES[j]} for j in range(5)]}
             for i, t in enumerate(tags)]
    roster = {t["tag"]: [p["handle"] for p in t["roster"]] for t in teams}
    rounds = []
    ring = tags[1:]
    for _ in range(7):  # the circle method: every pair meets once
        pairs = [(tags[0], ring[-1])] + [(ring[i], ring[-2 - i]) for i in range(3)]
        rounds.append(pairs)
        ring = ring[-1:] + ring[:-1]
    series = []
    sid = 0
    for week, pairs in enumerate(rounds, 1):
        date = pd.Timestamp("2024-02-03") + pd.Timedelta(weeks=week - 1)
        for slot, (a, b) in enumerate(pairs):
            sid += 1
            entry: dict[str, Any] = {"id": f"S{sid:02d}", "week": week, "date": f"{date:%Y-%m-%d}",
                                     "start": ["16:00", "17:30", "19:00", "20:30"][slot] + " CET", "teams": [a, b]}
            if week == 5 and "AAR" in (a, b):
                other = b if a == "AAR" else a
                entry.update({"forfeit": True, "winner": other, "score": "2-0", "games": [],
                              "note": "AU Arctic could not field five players (exam week)"})
                series.append(entry)
                continue
            wins = {a: 0, b: 0}
            games = []
            n = 0
            while max(wins.values()) < 2:
                n += 1
                blue, red = (a, b) if n % 2 == 1 else (b, a)
                pa = TEAMS[blue][2] * 1.12 / (TEAMS[blue][2] * 1.12 + TEAMS[red][2])
                winner = blue if rng.random() < pa else red
                loser = red if winner == blue else blue
                wins[winner] += 1
                secs = int(np.clip(rng.normal(32 * 60, 5.5 * 60), 19 * 60, 52 * 60))
                kills_w = int(rng.poisson(secs / 60 * 0.62))
                kills_l = int(rng.poisson(secs / 60 * 0.38))
                gold_w = round(secs / 60 * 2.05 + rng.normal(0, 2.5), 1)
                gold_l = round(gold_w - abs(rng.normal(6 + secs / 600, 3)), 1)
                mvp = str(rng.choice(roster[winner], p=[.18, .22, .25, .25, .10]))
                games.append({"game": n, "blue": blue, "red": red, "winner": winner, "duration": f"{secs // 60}:{secs % 60:02d}",
                              "kills": {winner: kills_w, loser: kills_l}, "gold_k": {winner: gold_w, loser: gold_l},
                              "towers": {winner: int(rng.integers(7, 12)), loser: int(rng.integers(1, 6))},
                              "dragons": {winner: int(rng.integers(2, 5)), loser: int(rng.integers(0, 3))},
                              "first_blood": str(rng.choice([winner, loser], p=[.62, .38])), "mvp": mvp})
            entry.update({"forfeit": False, "winner": max(wins, key=wins.get), "score": f"{max(wins.values())}-{min(wins.values())}",
                          "games": games})
            series.append(entry)
    doc = {"league": "Nordic University Esports League", "season": "Spring 2024", "division": 1,
           "format": "single round robin, best of three; 3 points for a 2-0, 2 for a 2-1, 1 for a 1-2, 0 for a 0-2 or forfeit",
           "teams": teams, "series": series}
    return json.dumps(doc, ensure_ascii=False, indent=1)


# -- a Kyoto ryokan's guest guide and tariff in markdown (yen, seasons, bath hours, a tiered city tax) -------------
RYOKAN = """# Arashiyama Kazahana — guest guide and tariff 2025

A family-run ryokan of 11 rooms on the Hozu river, Arashiyama, Kyoto. All stays are *ippaku nishoku*: one night with
a kaiseki dinner in your room and a Japanese breakfast in the dining hall. Prices are per person per night, in yen,
including consumption tax (10%) and service. They do **not** include the Kyoto City accommodation tax or the bathing
tax, which are paid at check-out.

## Rooms and prices

| Room type | Rooms | Guests | Size | Regular | Peak |
| --- | --- | --- | --- | --- | --- |
| Sakura (river view, 8 tatami) | 5 | 2–3 | 24 m² | ¥28,600 | ¥35,200 |
| Momiji (garden view, 10 tatami) | 4 | 2–4 | 31 m² | ¥33,000 | ¥41,800 |
| Tsuki (suite, private cypress bath) | 2 | 2–4 | 48 m² | ¥52,800 | ¥66,000 |

A room booked by one guest alone costs 1.5 times the per-person price.

**Peak dates 2025:** 22 March – 13 April (cherry blossom), 26 April – 6 May (Golden Week), 9–17 August (Obon),
8 November – 7 December (autumn leaves), 28 December – 3 January. All other dates are regular.

## Children

- Elementary school children (6–12) with the adult dinner: 70% of the adult price; with the children's menu: 50%.
- Infants (0–5) with a meal and their own futon: ¥6,600. Infants without a meal or futon stay free.
- Children count as guests for the room's maximum.

## Taxes

Kyoto City accommodation tax, per guest per night, by the price of the stay per person per night:

| Price per person per night | Tax |
| --- | --- |
| under ¥20,000 | ¥200 |
| ¥20,000 to under ¥50,000 | ¥500 |
| ¥50,000 and over | ¥1,000 |

Bathing tax (Arashiyama Onsen): ¥150 per guest aged 12 and over per night. Children's stays are taxed on the child's
price.

## Baths

- The two large baths (*ōyokujō*), one indoor and one open-air, are open 15:00–24:00 and 6:00–9:30.
- The baths swap at midnight: in the evening *Hinoki* is for men and *Iwa* for women; in the morning it is the other
  way round.
- The family bath (*kashikiri*) can be reserved at the front desk for 45 minutes at ¥3,300, between 16:00 and 22:00.
- Guests with tattoos are welcome in the family bath and in the Tsuki suites' private baths; please cover tattoos in the
  large baths with the patches we provide (up to 10 × 15 cm).

## Times

- Check-in 15:00–19:00, check-out 10:00. Late arrivals after 19:00 cannot be served dinner.
- Dinner is served at 17:30 or 19:30, breakfast at 7:30, 8:00 or 8:30.
- The front desk closes at 23:00; the entrance is locked from 23:30 to 6:00.

## Cancellations

- Up to 8 days before arrival: free.
- 7 to 3 days before arrival: 20% of the stay.
- 2 days to 1 day before: 50%.
- On the day of arrival: 80%. No-show: 100%.
- Cancellations for typhoon warnings issued for Kyoto on the day of arrival are free.

## Getting here

From Kyoto Station take the JR Sagano line to Saga-Arashiyama (about 15 minutes, ¥240), then walk 12 minutes. From the
Hankyu Arashiyama station it is a 6-minute walk across the Togetsukyō bridge. Our car picks guests up at Saga-Arashiyama
station between 14:30 and 18:30 if you call from the platform.
"""


# -- Saint-Malo's tide table for March 2024, in French (``Vendredi 1er mars``, ``05h12``, ``10,40 m``) ---------------
JOURS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"]


def fr(x: float, decimals: int = 2) -> str:
    """French digits: ``10,40`` and ``1 234,5``."""
    return f"{x:,.{decimals}f}".replace(",", " ").replace(".", ",")


@functools.lru_cache(maxsize=1)
def tide_table(seed: int = 1605) -> str:
    """Predicted tides at Saint-Malo, March 2024, as the harbour office's page prints them: a block per day
    (``Vendredi 1er mars``) with its high waters (PM, with the tidal coefficient) and low waters (BM), times written
    ``05h12`` in French legal time (UTC+1, then UTC+2 from Sunday 31 March at 2 h), heights in metres above chart datum
    with a decimal comma. Spring tides around the new moon of 10 March and the full moon of 25 March (the equinox tides
    of 11 and 12 March reach coefficient 117 and 118), neap tides around the 4th and the 19th. Some days have only three tides."""
    rng = np.random.default_rng(seed)
    first_pm = pd.Timestamp("2024-03-01 04:03")  # UTC
    period = pd.Timedelta(minutes=745.2)  # 12 h 25.2 min
    events = []
    t = first_pm - period
    while t < pd.Timestamp("2024-04-01 02:00"):
        day = (t - pd.Timestamp("2024-03-01")).total_seconds() / 86400
        coef = 74 + 40 * np.cos(2 * np.pi * (day - 10.9) / 14.77) + 5 * np.cos(2 * np.pi * (day - 10.9) / 29.53)
        coef = round(float(np.clip(coef + rng.normal(0, 1.0), 20, 120)))
        pm_h = 6.82 + 5.70 * coef / 100 * 0.68 + 0.3 + rng.normal(0, 0.05)
        bm_h = 6.82 - 5.70 * coef / 100 * 1.1 + 0.65 + rng.normal(0, 0.05)
        events.append((t, "PM", round(pm_h, 2), coef))
        events.append((t + pd.Timedelta(minutes=int(rng.normal(378, 6))), "BM", round(bm_h, 2), None))
        t += period + pd.Timedelta(minutes=int(rng.normal(0, 4)))
    dst = pd.Timestamp("2024-03-31 01:00")  # UTC
    local = [(u + pd.Timedelta(hours=2 if u >= dst else 1), kind, h, c) for u, kind, h, c in events]
    out = ["PORT DE SAINT-MALO — ANNUAIRE DES MARÉES", "Mars 2024",
           "Heures en heure légale française (UTC+1 ; UTC+2 à partir du dimanche 31 mars à 2 h).",
           "Hauteurs en mètres au-dessus du zéro hydrographique. PM : pleine mer (coefficient entre parenthèses). "
           "BM : basse mer.", "Prédictions fournies à titre indicatif ; ne pas utiliser pour la navigation.", ""]
    for day in pd.date_range("2024-03-01", "2024-03-31", freq="D"):
        todays = [e for e in local if e[0].normalize() == day]
        out.append(f"{JOURS[day.day_of_week]} {'1er' if day.day == 1 else day.day} mars")
        for when, kind, h, c in todays:
            out.append(f"  {kind} {when:%H}h{when:%M}  {fr(h):>5} m" + (f"  ({c})" if kind == "PM" else ""))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# -- an Ashanti cocoa farmers' society: a dict of three tables to join (farmers, purchases, payments; cedis) --------
AKAN = ["Kwame Mensah", "Akosua Boateng", "Yaw Owusu", "Ama Asante", "Kofi Agyeman", "Abena Darko", "Kwabena Osei",
        "Efua Mensah", "Kwaku Adjei", "Adwoa Sarpong", "Kojo Appiah", "Afua Frimpong", "Yaa Asantewaa Opoku", "Kwasi Bonsu",
        "Akua Amponsah", "Kwadwo Nkansah", "Esi Tetteh", "Fiifi Quaye", "Ekow Annan", "Nana Ama Kyei", "Kofi Antwi",
        "Abena Ofori", "Yaw Boakye", "Ama Serwaa Acheampong", "Kwame Acquah", "Akosua Dankwa", "Kwabena Fosu",
        "Adjoa Gyamfi", "Kweku Baah", "Afia Konadu", "Yaw Ntim", "Ama Pokuaa", "Kojo Ansah", "Efua Sackey", "Kwasi Manu",
        "Akua Nyarko", "Kwadwo Awuah", "Abena Kusi", "Kofi Wiredu", "Yaa Amoako", "Kwame Asiedu", "Adwoa Boadu"]
VILLAGES = {"Nkawie": .3, "Toase": .22, "Abuakwa": .2, "Manso Nkwanta": .16, "Bekwai": .12}
BAG_PRICE = {"2023-10-01": 1308.0, "2024-04-05": 2070.0}  # GH₵ per 64 kg bag; COCOBOD's mid-season increase


def ghs(x: float, decimals: int = 2) -> str:
    return f"GH₵{x:,.{decimals}f}"


def coop() -> dict[str, pd.DataFrame]:
    """Asante Nkoso Cocoa Farmers' Society, 2023/24 crop year: ``farmers``, ``purchases`` and ``payments``."""
    return {name: frame.copy() for name, frame in _coop().items()}


@functools.lru_cache(maxsize=1)
def _coop(seed: int = 1606) -> dict[str, pd.DataFrame]:
    """Farmers (id, name, village, hectares of cocoa, certification); purchases of dried beans from 2 October 2023 to 27
    June 2024 (receipt, ISO date, farmer, 64 kg bags, net kilos, moisture %, grade, price per bag and value in cedis:
    GH₵1,308 a bag until COCOBOD raised it to GH₵2,070 from 5 April 2024; sub-standard beans are paid 10% less); and
    payments to the farmers (mostly by MTN MoMo, some still outstanding at the end of June). The main crop runs to March,
    the light crop from April, with far fewer bags."""
    rng = np.random.default_rng(seed)
    vill = list(VILLAGES)
    farmers = pd.DataFrame({
        "farmer_id": [f"ANC-{k:03d}" for k in range(1, len(AKAN) + 1)], "name": AKAN,
        "village": rng.choice(vill, len(AKAN), p=list(VILLAGES.values())),
        "hectares": np.round(rng.gamma(3.0, 0.9, len(AKAN)) + 0.4, 1),
        "certification": rng.choice(["Fairtrade", "Rainforest Alliance", "none"], len(AKAN), p=[.4, .25, .35])})
    rows = []
    receipt = 400
    for f in farmers.itertuples():
        yield_bags = f.hectares * rng.uniform(5.5, 9.5) * (1.12 if f.certification != "none" else 1.0)
        n_main = max(1, int(rng.poisson(5)))
        n_light = int(rng.poisson(1.6))
        days = ([pd.Timestamp("2023-10-02") + pd.Timedelta(days=int(d)) for d in rng.integers(0, 180, n_main)]
                + [pd.Timestamp("2024-04-08") + pd.Timedelta(days=int(d)) for d in rng.integers(0, 81, n_light)])
        main_bags = np.maximum(1, rng.multinomial(round(float(yield_bags) * 0.82), np.ones(n_main) / n_main))
        light_bags = np.maximum(1, rng.multinomial(max(n_light, round(float(yield_bags) * 0.18)), np.ones(n_light) / n_light)) if n_light else []
        for day, bags in zip(days, list(main_bags) + list(light_bags), strict=True):
            day = day + pd.Timedelta(days=1) if day.day_of_week == 6 else day
            grade = str(rng.choice(["Grade I", "Grade II", "Sub-standard"], p=[.78, .17, .05]))
            moisture = round(float(rng.normal(7.2, 0.45) + (1.3 if grade == "Sub-standard" else 0)), 1)
            base = BAG_PRICE["2023-10-01"] if day < pd.Timestamp("2024-04-05") else BAG_PRICE["2024-04-05"]
            price = round(base * (0.9 if grade == "Sub-standard" else 1.0), 2)
            rows.append({"date": day, "farmer_id": f.farmer_id, "bags": int(bags),
                         "net_kg": round(int(bags) * 64 - float(rng.uniform(0, 1.5)) * int(bags), 1),
                         "moisture_pct": moisture, "grade": grade, "price_per_bag_ghs": price,
                         "value_ghs": round(int(bags) * price, 2)})
    purchases = pd.DataFrame(rows).sort_values(["date", "farmer_id"], ignore_index=True)
    purchases.insert(0, "receipt_no", [f"ANC/{'23' if d.year == 2023 else '24'}/{receipt + k:05d}" for k, d in enumerate(purchases.date)])
    purchases["date"] = purchases.date.dt.strftime("%Y-%m-%d")
    pays = []
    for k, p in enumerate(purchases.itertuples()):
        when = pd.Timestamp(p.date) + pd.Timedelta(days=int(rng.integers(0, 12)))
        if when > pd.Timestamp("2024-06-30") or rng.random() < 0.04:
            continue  # still outstanding
        pays.append({"payment_ref": f"MP{int(rng.integers(10**9, 10**10))}" if rng.random() < 0.8 else f"CSH-{k:04d}",
                     "farmer_id": p.farmer_id, "date": f"{when:%Y-%m-%d}", "amount_ghs": p.value_ghs,
                     "method": "MTN MoMo" if rng.random() < 0.8 else "cash"})
    payments = pd.DataFrame(pays)
    payments["method"] = np.where(payments.payment_ref.str.startswith("CSH"), "cash", "MTN MoMo")
    payments = payments.sort_values("date", kind="stable", ignore_index=True)
    return {"farmers": farmers, "purchases": purchases, "payments": payments}


# -- a Valparaíso blood bank's donation register (Spanish column names, ``05-03-2024``, RUTs, ``13,8`` g/dL) ---------
GROUPS = {"O+": .56, "A+": .26, "B+": .08, "O-": .04, "AB+": .03, "A-": .02, "B-": .007, "AB-": .003}
SITES = {"Sede Hospital Carlos Van Buren": .5, "Colecta móvil Universidad de Valparaíso": .18,
         "Colecta móvil Viña del Mar (Plaza Vergara)": .18, "Colecta móvil Quilpué": .14}
DEFERRALS = {"hemoglobina baja": .45, "presión arterial alta": .16, "tatuaje o piercing reciente": .14,
             "viaje a zona de riesgo": .07, "cuadro gripal": .18}


def rut(n: int, rng: np.random.Generator) -> str:
    """A Chilean RUT with its check digit: ``12.345.678-5``."""
    digits = str(n)
    total = sum(int(d) * m for d, m in zip(reversed(digits), [2, 3, 4, 5, 6, 7] * 2, strict=False))
    check = 11 - total % 11
    dv = "0" if check == 11 else "K" if check == 10 else str(check)
    return f"{n:,}".replace(",", ".") + f"-{dv}"


def donaciones() -> pd.DataFrame:
    return _donaciones().copy()


@functools.lru_cache(maxsize=1)
def _donaciones(seed: int = 1607) -> pd.DataFrame:
    """Donations of 2024 at a Valparaíso blood bank and its mobile drives: day (``05-03-2024``), the donor's RUT (many
    donors come back), sex, age, ABO/Rh group, haemoglobin in g/dL as text with a decimal comma (``13,8``), type (whole
    blood 450 ml or platelet apheresis), volume, result (``apta`` or ``diferida``) and the reason for a deferral. Fewer
    donations in the summer holidays (January and February) and a campaign in June, before winter."""
    rng = np.random.default_rng(seed)
    pool = [(rut(int(n), rng), str(rng.choice(["F", "M"], p=[.47, .53])), int(rng.integers(18, 66)),
             str(rng.choice(list(GROUPS), p=list(GROUPS.values())))) for n in rng.integers(6_000_000, 22_000_000, 900)]
    monthly = {1: 80, 2: 62, 3: 118, 4: 122, 5: 126, 6: 171, 7: 131, 8: 124, 9: 109, 10: 121, 11: 116, 12: 97}
    weights = np.minimum(rng.pareto(1.6, len(pool)) + 0.3, 3.0)
    rows = []
    for month, n in monthly.items():
        days = pd.date_range(f"2024-{month:02d}-01", periods=pd.Timestamp(f"2024-{month:02d}-01").days_in_month, freq="D")
        open_days = [d for d in days if d.day_of_week < 6]
        for d in sorted(rng.choice(open_days, n)):
            who = pool[int(rng.choice(len(pool), p=weights / weights.sum()))]
            donor, sex, age, group = who
            hb = rng.normal(14.8 if sex == "M" else 13.7, 0.95)
            apheresis = rng.random() < 0.09
            reason = ""
            if (sex == "M" and hb < 13.0) or (sex == "F" and hb < 12.5):
                reason = "hemoglobina baja"
            elif rng.random() < 0.06:
                others = [k for k in DEFERRALS if k != "hemoglobina baja"]
                p = np.array([DEFERRALS[k] for k in others])
                reason = str(rng.choice(others, p=p / p.sum()))
            site = str(rng.choice(list(SITES), p=list(SITES.values()))) if not apheresis else "Sede Hospital Carlos Van Buren"
            rows.append({"fecha": f"{pd.Timestamp(d):%d-%m-%Y}", "rut_donante": donor, "sexo": sex, "edad": age + (d.month > 6),
                         "grupo": group, "hb_g_dl": f"{hb:.1f}".replace(".", ","),
                         "tipo": "aféresis de plaquetas" if apheresis else "sangre total",
                         "volumen_ml": 0 if reason else (250 if apheresis else 450),
                         "resultado": "diferida" if reason else "apta", "motivo": reason, "lugar": site})
    return pd.DataFrame(rows)


# -- first looks and parsing steps: what a capable model runs before its question's own code ------------------------
MAIL_LOOK_CODE = "lines = maillog.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:8]))"
MAIL_LOOK = repl(MAIL_LOOK_CODE, "A Postfix log; the size and the first lines first.")
MAIL_PARSE = (
    "import re\nimport pandas as pd\n"
    "rx = re.compile(r'^(\\w{3}) +(\\d+) (\\d\\d:\\d\\d:\\d\\d) mx1 postfix/(\\w+)\\[\\d+\\]: (\\w+): (.*)$')\n"
    "ev = pd.DataFrame([m.groups() for m in map(rx.match, lines) if m], columns=['mon', 'day', 'clock', 'proc', 'qid', 'msg'])\n"
    "ev['ts'] = pd.to_datetime('2024 ' + ev.mon + ' ' + ev.day + ' ' + ev.clock, format='%Y %b %d %H:%M:%S')\n"
    "dl = ev[ev.msg.str.startswith('to=<')].copy()\n"
    "dl[['to', 'relay', 'delay', 'dsn', 'status']] = dl.msg.str.extract(\n"
    "    r'to=<([^>]+)>, relay=([^,]+), delay=([\\d.]+), .*dsn=([\\d.]+), status=(\\w+)')\n"
    "dl['delay'] = dl.delay.astype(float)\ndl['domain'] = dl.to.str.split('@').str[1]\n"
    "msgs = ev[ev.msg.str.startswith('from=<')].copy()\n"
    "msgs[['sender', 'size', 'nrcpt']] = msgs.msg.str.extract(r'from=<([^>]*)>, size=(\\d+), nrcpt=(\\d+)')\n"
    "msgs[['size', 'nrcpt']] = msgs[['size', 'nrcpt']].astype(int)\n"
    "print(len(msgs), 'messages,', len(dl), 'delivery lines')\nprint(dl.status.value_counts())")
PARSE_MAIL = repl(MAIL_PARSE, "Syslog stamps carry no year; the question is about the week of 4 March 2024, so I read them "
                              "as 2024. One table of delivery lines (to=, status=) and one of messages (from=, size=, nrcpt=).")

TALAAN_LOOK = repl("print(talaan.shape)\nprint(talaan.head().to_string())\nprint(talaan.dtypes)",
                   "The columns are in Tagalog; a look first.")
TALAAN_PARSE = (
    "import pandas as pd\n"
    "buwan = {'Enero': 1, 'Pebrero': 2, 'Marso': 3, 'Abril': 4, 'Mayo': 5, 'Hunyo': 6}\n"
    "def petsa(s):\n    m, rest = s.split(' ', 1)\n    d, y = rest.split(', ')\n    return pd.Timestamp(int(y), buwan[m], int(d))\n"
    "talaan['araw'] = talaan.petsa.map(petsa)\n"
    "for c in ['kita', 'boundary', 'gastos_krudo']:\n"
    "    talaan[c + '_php'] = talaan[c].str.replace('₱', '').str.replace(',', '').astype(float)\n"
    "talaan['uwi_php'] = talaan.kita_php - talaan.boundary_php - talaan.gastos_krudo_php  # the driver's take-home\n"
    "print(talaan.araw.min(), talaan.araw.max(), len(talaan))\n"
    "print(talaan[['biyahe', 'kita_php', 'boundary_php', 'gastos_krudo_php', 'uwi_php']].describe().round(2))")
PARSE_TALAAN = repl(TALAAN_PARSE, "Dates are written 'Marso 5, 2024' and pesos as text like ₱4,210.00; converting both. "
                                  "The driver keeps what is left after the boundary and the diesel.")

SKATE_LOOK = repl("print(uitslagen.shape)\nprint(uitslagen.head(8).to_string())\nprint(uitslagen.opmerking.value_counts())")
SKATE_PARSE = (
    "import pandas as pd\n"
    "maand = {'jan': 1, 'feb': 2, 'mrt': 3, 'apr': 4, 'mei': 5, 'jun': 6, 'jul': 7, 'aug': 8, 'sep': 9, 'okt': 10, 'nov': 11, 'dec': 12}\n"
    "def dag(s):\n    _, d, m, y = s.split()\n    return pd.Timestamp(int(y), maand[m], int(d))\n"
    "def seconden(t):\n    if t == '—':\n        return float('nan')\n    m, _, rest = t.rpartition('.')\n"
    "    s, h = rest.split(',')\n    return (int(m) * 60 if m else 0) + int(s) + int(h) / 100\n"
    "uitslagen['dag'] = uitslagen.datum.map(dag)\nuitslagen['sec'] = uitslagen.tijd.map(seconden)\n"
    "print(uitslagen.groupby('afstand').sec.agg(['count', 'min', 'median']).round(2))")
PARSE_SKATE = repl(SKATE_PARSE, "Times are Dutch skating notation: 1.52,34 is 1 min 52.34 s and 38,91 is 38.91 s; '—' "
                                "means no time (a fall or a DSQ). Converting to seconds.")

LEAGUE_LOOK = repl("print(len(league))\nprint(league[:900])", "A JSON export; the top of it first.")
LEAGUE_PARSE = (
    "import json\nimport pandas as pd\ndoc = json.loads(league)\n"
    "teams = pd.DataFrame([{'tag': t['tag'], 'name': t['name']} for t in doc['teams']]).set_index('tag')\n"
    "series = pd.DataFrame([{'id': s['id'], 'week': s['week'], 'date': s['date'], 'a': s['teams'][0], 'b': s['teams'][1],\n"
    "                        'winner': s['winner'], 'score': s['score'], 'forfeit': s['forfeit']} for s in doc['series']])\n"
    "games = pd.DataFrame([{'series': s['id'], 'week': s['week'], 'game': g['game'], 'blue': g['blue'], 'red': g['red'],\n"
    "                       'winner': g['winner'], 'duration': g['duration'], 'first_blood': g['first_blood'], 'mvp': g['mvp'],\n"
    "                       'kills_blue': g['kills'][g['blue']], 'kills_red': g['kills'][g['red']],\n"
    "                       'gold_blue': g['gold_k'][g['blue']], 'gold_red': g['gold_k'][g['red']]}\n"
    "                      for s in doc['series'] for g in s['games']])\n"
    "games['minutes'] = games.duration.str.split(':').map(lambda p: int(p[0]) + int(p[1]) / 60)\n"
    "print(len(teams), 'teams,', len(series), 'series,', len(games), 'games')\nprint(games.head())")
PARSE_LEAGUE = repl(LEAGUE_PARSE, "Flattening the nested series and games into tables; durations are mm:ss text.")

GUIDE_LOOK = repl("print(len(guide))\nprint(guide[:700])")

TIDE_LOOK = repl("print(len(marees))\nprint(marees[:900])", "A French tide table; a look at the layout first.")
TIDE_PARSE = (
    "import re\nimport pandas as pd\nrows, day = [], None\n"
    "for line in marees.splitlines():\n"
    "    m = re.match(r'^(?:Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) (\\d+)(?:er)? mars$', line)\n"
    "    if m:\n        day = pd.Timestamp(2024, 3, int(m.group(1)))\n        continue\n"
    "    m = re.match(r'^\\s+(PM|BM) (\\d\\d)h(\\d\\d)\\s+([\\d,]+) m(?:\\s+\\((\\d+)\\))?$', line)\n"
    "    if m and day is not None:\n        kind, hh, mi, h, coef = m.groups()\n"
    "        rows.append({'when': day + pd.Timedelta(hours=int(hh), minutes=int(mi)), 'type': kind,\n"
    "                     'hauteur_m': float(h.replace(',', '.')), 'coef': int(coef) if coef else None})\n"
    "tides = pd.DataFrame(rows)\nprint(tides.shape)\nprint(tides.head(8))")
PARSE_TIDE = repl(TIDE_PARSE, "One block per day ('Vendredi 1er mars'), then PM/BM lines with times like 05h12 and heights "
                              "with a decimal comma; the coefficient is given for the high waters only.")

COOP_LOOK = repl("for name, t in coop.items():\n    print(name, t.shape)\n    print(t.head(3).to_string())",
                 "A dict of three tables; a look at each.")
COOP_PARSE = (
    "import pandas as pd\nfarmers, purchases, payments = coop['farmers'], coop['purchases'], coop['payments']\n"
    "purchases['date'] = pd.to_datetime(purchases.date)\npayments['date'] = pd.to_datetime(payments.date)\n"
    "buys = purchases.merge(farmers, on='farmer_id', how='left')\n"
    "print(len(farmers), len(purchases), len(payments))\nprint(buys.head(3).to_string())")
PARSE_COOP = repl(COOP_PARSE, "Dates to datetimes, and the purchases joined to the farmers.")

DON_LOOK = repl("print(donaciones.shape)\nprint(donaciones.head().to_string())\nprint(donaciones.resultado.value_counts())",
                "Column names are in Spanish; first the shape and a few rows.")
DON_PARSE = (
    "import pandas as pd\n"
    "donaciones['dia'] = pd.to_datetime(donaciones.fecha, format='%d-%m-%Y')\n"
    "donaciones['hb'] = donaciones.hb_g_dl.str.replace(',', '.').astype(float)\n"
    "print(donaciones.dia.min(), donaciones.dia.max(), len(donaciones), donaciones.rut_donante.nunique())")
PARSE_DON = repl(DON_PARSE, "Day-first dates (05-03-2024) and haemoglobin with a decimal comma; converting both.")


def with_mail(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A mail-log case's context, and what its look and parse steps then ``code`` bind (as the run will)."""
    ctx: dict[str, Any] = {"maillog": mail_log()}
    return ctx, compute(ctx, MAIL_LOOK_CODE + "\n" + MAIL_PARSE + "\n" + code)


def with_talaan(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"talaan": talaan()}, compute({"talaan": talaan()}, TALAAN_PARSE + "\n" + code)


def with_skate(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"uitslagen": uitslagen()}, compute({"uitslagen": uitslagen()}, SKATE_PARSE + "\n" + code)


def with_league(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"league": league_json()}
    return ctx, compute(ctx, LEAGUE_PARSE + "\n" + code)


def with_tides(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ctx: dict[str, Any] = {"marees": tide_table()}
    return ctx, compute(ctx, TIDE_PARSE + "\n" + code)


def with_coop(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"coop": coop()}, compute({"coop": coop()}, COOP_PARSE + "\n" + code)


def with_don(code: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"donaciones": donaciones()}, compute({"donaciones": donaciones()}, DON_PARSE + "\n" + code)


# -- number formats ----------------------------------------------------------------------------------------------------
def nl(x: float, decimals: int = 2) -> str:
    """Dutch digits: ``1.234,56``."""
    return f"{x:,.{decimals}f}".replace(",", "_").replace(".", ",").replace("_", ".")


def es(x: float, decimals: int = 1) -> str:
    """Chilean Spanish digits: ``1.234,5``."""
    return nl(x, decimals)


def kb(n: float) -> str:
    return f"{n / 1000:,.1f} kB"


# -- the sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would ----------------------
NOTE_KINDS = {"breakdowns (brakes, flat tyre, overheating)": ("sira ang preno", "flat na gulong", "overheat"),
              "traffic and floods": ("traffic sa EDSA", "baha sa"), "MMDA tickets": ("nahuli ng MMDA",),
              "quiet days (Holy Week, the strike, UP vacation)": ("Semana Santa", "tigil-pasada", "bakasyon na sa UP")}


def sub_model() -> RuleBasedSubModel:
    def bounce_reasons(_: re.Match[str], request: ChatRequest) -> str:
        lines = [x for x in request.last_user.splitlines() if "status=bounced" in x]
        kinds = {"unknown recipient (5.1.1)": sum("dsn=5.1.1" in x for x in lines),
                 "mailbox full (5.2.2)": sum("dsn=5.2.2" in x for x in lines),
                 "rejected as spam by the receiving side (5.7.1)": sum("dsn=5.7.1" in x for x in lines)}
        ranked = sorted(kinds.items(), key=lambda kv: -kv[1])
        return f"{len(lines)} bounced deliveries: " + ", ".join(f"{k}: {v}" for k, v in ranked) + "."

    def count_bounces(_: re.Match[str], request: ChatRequest) -> str:
        return f"I count {request.last_user.count('status=bounced')} bounced deliveries in this part of the log."

    def notes(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        rows = [x for x in text.splitlines() if x.strip()]
        counts = {k: sum(any(w in x for w in words) for x in rows) for k, words in NOTE_KINDS.items()}
        ranked = sorted(counts.items(), key=lambda kv: -kv[1])
        return (f"{len(rows)} notes. " + "; ".join(f"{k}: {v}" for k, v in ranked)
                + ". Mostly the notes explain a bad day rather than a problem with the jeep.")

    def breakdowns(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user.split("\n\n", 1)[-1]
        k = sum(any(w in x for w in NOTE_KINDS["breakdowns (brakes, flat tyre, overheating)"]) for x in text.splitlines())
        return f"{k} of these notes report a breakdown."

    def cancellation(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"## Cancellations\n\n(.*?)\n\n", request.last_user, re.S)
        return found.group(1) if found else "NONE"

    return RuleBasedSubModel([(r"\AGroup the bounced deliveries", bounce_reasons),
                              (r"\ACount the bounced deliveries", count_bounces),
                              (r"\AWhat do these drivers' notes", notes),
                              (r"\ACount the notes that report a breakdown", breakdowns),
                              (r"\AQuote the cancellation rules", cancellation)])


def sub_says(prompt: str) -> str:
    """What ``sub_model`` answers to ``prompt``: the figure a sub-call case's answer restates."""
    return str(sub_model()(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("q16_hb_women_describe_es", "describe() statistic", "legit", "¿Qué nivel de hemoglobina tienen normalmente las donantes mujeres?")
def _hb_women() -> Script:
    code = "print(donaciones.groupby('sexo').hb.describe().round(2))"
    ctx, ns = with_don(code)
    d = ns["donaciones"].groupby("sexo").hb.describe().round(2)
    f, m = d.loc["F"], d.loc["M"]
    final = (f"FINAL(Alrededor de {es(f['50%'])} g/dL: esa es la mediana de las {f['count']:.0f} donaciones de mujeres en 2024 "
             f"(media {es(f['mean'], 2)} g/dL), y la mitad central está entre {es(f['25%'])} y {es(f['75%'])} g/dL. El rango va "
             f"de {es(f['min'])} a {es(f['max'])} g/dL. En los hombres la mediana es más alta, {es(m['50%'])} g/dL.)")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final],
                  [repl("print(donaciones[donaciones.sexo == 'F'].hb.quantile([.25, .5, .75]).tolist())"), final])


@case("q16_game_length_describe", "describe() statistic", "legit", "How long does a typical game in the league last?")
def _game_length() -> Script:
    code = "print(games.minutes.describe().round(2))"
    ctx, ns = with_league(code)
    d = ns["games"].minutes.describe().round(2)
    final = (f"FINAL(About {d['50%']:.0f} minutes: the median game lasted {d['50%']:.1f} minutes and the mean is {d['mean']:.1f}, "
             f"over the {d['count']:.0f} games played. Half of them took between {d['25%']:.1f} and {d['75%']:.1f} minutes; the "
             f"quickest was over in {d['min']:.1f} and the longest went {d['max']:.1f} minutes.)")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), final],
                  [repl("print(round(games.minutes.median(), 1), games.minutes.quantile([.25, .75]).round(1).tolist())"), final])


@case("q16_women_500m_describe_nl", "describe() statistic", "legit", "Wat is een typische 500 meter-tijd bij de dames van de club?")
def _women_500() -> Script:
    code = ("dames = uitslagen[(uitslagen.geslacht == 'V') & (uitslagen.afstand == 500)]\n"
            "print(dames.sec.describe().round(2))")
    ctx, ns = with_skate(code)
    d = ns["dames"].sec.describe().round(2)
    final = (f"FINAL(Rond de {nl(d['50%'])} seconden: dat is de mediaan over {d['count']:.0f} gereden 500 meters van de dames "
             f"dit seizoen (gemiddeld {nl(d['mean'])} s). De snelste tijd was {nl(d['min'])}, de langzaamste {nl(d['max'])}; de "
             f"middelste helft zat tussen {nl(d['25%'])} en {nl(d['75%'])}. Vallen en diskwalificaties tellen niet mee.)")
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), final],
                  [repl("print(f'{dames.sec.median():.2f}'.replace('.', ','), dames.sec.count())"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("q16_bags_per_village_bullets", "bullet list of figures", "legit", "How many bags of cocoa did each village deliver this crop year?")
def _village_bullets() -> Script:
    code = "per_village = buys.groupby('village').bags.sum().sort_values(ascending=False)\nprint(per_village)"
    ctx, ns = with_coop(code)
    v = ns["per_village"]
    final = ("FINAL(Bags of 64 kg bought from October 2023 to June 2024, by village:\n\n"
             + "\n".join(f"- {name}: {k} bags" for name, k in v.items())
             + f"\n\n{v.sum()} bags in all; {v.index[0]} alone delivered {v.iloc[0] / v.sum():.0%} of them.)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(per_village.to_dict(), per_village.sum())"), final])


@case("q16_takehome_per_route_bullets", "bullet list of figures", "legit",
      "On an average working day, what does a driver take home on each route?")
def _route_bullets() -> Script:
    code = "uwi = talaan.groupby('ruta').uwi_php.mean().round(2).sort_values(ascending=False)\nprint(uwi)"
    ctx, ns = with_talaan(code)
    u = ns["uwi"]
    t = ns["talaan"]
    assert t.groupby("ruta").krudo_litro.mean().idxmax() == "Cubao–Fairview" == t.groupby("ruta").boundary_php.max().idxmax()
    final = ("FINAL(Average take-home per jeep per working day (gross takings minus the boundary and the diesel), March to May "
             "2024:\n" + "\n".join(f"* {r}: {peso(v)}" for r, v in u.items())
             + "\n\nThe short, frequent routes pay best; Cubao–Fairview has the highest boundary and burns the most diesel.)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(uwi.map('₱{:,.2f}'.format))"), final])


# -- markdown table in text -----------------------------------------------------------------------------------------
STANDINGS = (
    "rows = []\n"
    "for s in doc['series']:\n"
    "    for t in s['teams']:\n"
    "        won = s['winner'] == t\n"
    "        hi, lo = (int(x) for x in s['score'].split('-'))\n"
    "        gw, gl = (hi, lo) if won else (lo, hi)\n"
    "        pts = 0 if (s['forfeit'] and not won) else {(2, 0): 3, (2, 1): 2, (1, 2): 1, (0, 2): 0}[(gw, gl)]\n"
    "        rows.append({'tag': t, 'won': int(won), 'lost': int(not won), 'games_won': gw, 'games_lost': gl, 'points': pts})\n"
    "table = pd.DataFrame(rows).groupby('tag').sum().join(teams)\n"
    "table['diff'] = table.games_won - table.games_lost\n"
    "table = table.sort_values(['points', 'diff'], ascending=False)\nprint(table)")


@case("q16_standings_markdown", "markdown table in text", "legit", "Show me the final standings of the season as a table.")
def _standings_md() -> Script:
    ctx, ns = with_league(STANDINGS)
    t = ns["table"]
    rows = "\n".join(f"| {i} | {r.name} | {r.won}–{r.lost} | {r.games_won}–{r.games_lost} | {r.diff:+d} | {r.points} |"
                     for i, r in enumerate(t.itertuples(), 1))
    final = ("FINAL(Final standings, Nordic University Esports League, spring 2024 (3 points for a 2-0, 2 for a 2-1, 1 for a 1-2):\n\n"
             "| # | Team | Series W–L | Games W–L | Diff | Pts |\n|--:|---|:-:|:-:|--:|--:|\n" + rows
             + f"\n\n{t.name.iloc[0]} win the division. AU Arctic's forfeit in week 5 counts as a 0-2 loss.)")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(STANDINGS), final], [repl("print(table[['name', 'points', 'diff']].to_string())"), final])


@case("q16_spring_tides_markdown", "markdown table in text", "legit", "Which high tides in March have a coefficient of 100 or more? Put them in a table.")
def _spring_md() -> Script:
    code = "big = tides[tides.coef >= 100]\nprint(big.to_string(index=False))\nprint(len(big))"
    ctx, ns = with_tides(code)
    b = ns["big"]
    rows = "\n".join(f"| {JOURS[w.day_of_week]} {w.day} mars | {w:%H}h{w:%M} | {fr(h)} m | {int(c)} |"
                     for w, h, c in zip(b.when, b.hauteur_m, b.coef, strict=True))
    final = (f"FINAL({len(b)} high tides reach coefficient 100 or more, in two spring-tide series:\n\n"
             "| Day | High water | Height | Coef. |\n|---|---|--:|--:|\n" + rows
             + "\n\nTimes are French legal time, heights above chart datum.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), final], [repl("print(big[['when', 'hauteur_m', 'coef']].to_string(index=False))"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("q16_typical_message_size", "value with a unit", "legit", "How big is a typical e-mail passing through the relay?")
def _msg_size() -> Script:
    code = "print(msgs['size'].describe())"
    ctx, ns = with_mail(code)
    d = ns["msgs"]["size"].describe()
    final = (f"FINAL(About {d['50%'] / 1000:.0f} kB: the median message is {d['50%']:,.0f} bytes ({kb(d['50%'])}). The mean is "
             f"higher, {kb(d['mean'])}, because of a few large attachments; the biggest message was {kb(d['max'])}. That is "
             f"over the {d['count']:.0f} messages of the week.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(round(msgs['size'].median() / 1000, 1), 'kB')"), final])


@case("q16_fastest_500m", "value with a unit", "legit", "What was the fastest 500 m of the club season?")
def _fastest_500() -> Script:
    code = "snelste = uitslagen.loc[uitslagen[uitslagen.afstand == 500].sec.idxmin()]\nprint(snelste)"
    ctx, ns = with_skate(code)
    s = ns["snelste"]
    final = (f"FINAL({s.sec:.2f} seconds (written {s.tijd} in the results), skated by {s.naam} ({s.categorie}) on Saturday "
             f"{s.dag.day} {s.dag:%B %Y}. It was a personal record.)")
    assert s.opmerking == "PR"
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), final], [repl("print(snelste.sec, snelste.naam, snelste.dag.date())"), final])


@case("q16_litres_collected", "value with a unit", "legit", "How much blood did the bank collect in 2024, in litres?")
def _litres() -> Script:
    code = "print(donaciones.groupby('tipo').volumen_ml.agg(['sum', lambda v: (v > 0).sum()]))\nprint(donaciones.volumen_ml.sum() / 1000)"
    ctx, ns = with_don(code)
    d = ns["donaciones"]
    whole = d[d.tipo == "sangre total"].volumen_ml
    aph = d[d.tipo != "sangre total"].volumen_ml
    final = (f"FINAL({d.volumen_ml.sum() / 1000:.2f} litres: {whole.sum() / 1000:.1f} L of whole blood from {(whole > 0).sum():,} "
             f"accepted donations of 450 ml, plus {aph.sum() / 1000:.2f} L from {(aph > 0).sum()} platelet apheresis donations "
             "(250 ml each). Deferred donations collect nothing.)")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final], [repl("print(donaciones.volumen_ml.sum() / 1000, 'L')"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("q16_coef_range", "range from min to max", "legit", "Between which tidal coefficients do the tides vary in March?")
def _coef_range() -> Script:
    code = "pm = tides[tides.type == 'PM']\nprint(pm.coef.min(), pm.coef.max())\nprint(pm.loc[[pm.coef.idxmin(), pm.coef.idxmax()]])"
    ctx, ns = with_tides(code)
    p = ns["pm"]
    lo, hi = p.loc[p.coef.idxmin()], p[p.coef == p.coef.max()]
    assert (p.coef == p.coef.min()).sum() == 1 and len(hi) == 2 and hi.when.dt.date.nunique() == 1
    a, b = hi.when.iloc[0], hi.when.iloc[1]
    final = (f"FINAL(From {lo.coef:.0f} to {p.coef.max():.0f}. The smallest, a neap tide, is the high water of {lo.when:%A} "
             f"{lo.when.day} March at {lo.when:%H}h{lo.when:%M}; the biggest, the equinox spring tide, comes on "
             f"{a:%A} {a.day} March, with coefficient {p.coef.max():.0f} at both {a:%H}h{a:%M} and {b:%H}h{b:%M}.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), final], [repl("print(pm.coef.agg(['min', 'max']).tolist())"), final])


@case("q16_donor_ages_es", "range from min to max", "legit", "¿Entre qué edades están los donantes?")
def _ages() -> Script:
    code = "print(donaciones.edad.agg(['min', 'median', 'max']))"
    ctx, ns = with_don(code)
    a = ns["donaciones"].edad
    final = f"FINAL(Entre {a.min()} y {a.max()} años; la mediana de edad de las donaciones es de {a.median():.0f} años.)"
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final], [repl("print(donaciones.edad.min(), donaciones.edad.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("q16_in_vs_out_size", "two groups compared", "legit", "Are the messages we send bigger than the ones we receive?")
def _in_out() -> Script:
    code = ("msgs['dir'] = msgs.sender.str.endswith('@fis.example.edu').map({True: 'outgoing', False: 'incoming'})\n"
            "print(msgs.groupby('dir')['size'].describe().round(0))")
    ctx, ns = with_mail(code)
    d = ns["msgs"].groupby("dir")["size"].describe().round(0)
    i, o = d.loc["incoming"], d.loc["outgoing"]
    assert o["50%"] > i["50%"] and o["mean"] < i["mean"]
    final = (f"FINAL(Not really, they are about the same. The median outgoing message is {kb(o['50%'])} against {kb(i['50%'])} "
             f"for incoming mail, while the means go the other way ({kb(o['mean'])} out, {kb(i['mean'])} in) because the very "
             f"largest messages were received: the biggest incoming one was {kb(i['max'])}, the biggest outgoing {kb(o['max'])}. "
             f"That is {o['count']:.0f} messages sent and {i['count']:.0f} received.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(msgs.groupby('dir')['size'].agg(['median', 'mean', 'max']))"), final])


@case("q16_sunday_vs_weekdays_tl", "two groups compared", "legit", "Mas mababa ba ang kita ng mga jeep tuwing Linggo?")
def _sunday_tl() -> Script:
    code = "linggo = talaan.araw.dt.day_of_week == 6\nprint(talaan.groupby(linggo).kita_php.agg(['count', 'mean']).round(2))"
    ctx, ns = with_talaan(code)
    t = ns["talaan"]
    g = t.groupby(t.araw.dt.day_of_week == 6).kita_php.agg(["count", "mean"]).round(2)
    sun, rest = g.loc[True], g.loc[False]
    final = (f"FINAL(Oo. Tuwing Linggo, {peso(sun['mean'])} ang karaniwang kita ng isang jeep, kumpara sa {peso(rest['mean'])} sa "
             f"ibang araw: mga {1 - sun['mean'] / rest['mean']:.0%} na mas mababa. Kaunti rin ang bumibiyahe tuwing Linggo: "
             f"{sun['count']:.0f} lang na biyahe-araw sa tatlong buwan.)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final],
                  [repl("print(round(1 - talaan[linggo].kita_php.mean() / talaan[~linggo].kita_php.mean(), 3))"), final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
OUT_FINAL = "out_final = dl[(dl.proc == 'smtp') & (dl.status != 'deferred')]\nprint(out_final.status.value_counts(), len(out_final))"


@case("q16_outgoing_bounced_out_of", "X out of Y", "legit", "How many of our outgoing deliveries bounced this week?")
def _out_bounced() -> Script:
    ctx, ns = with_mail(OUT_FINAL)
    o = ns["out_final"]
    k, n = int((o.status == "bounced").sum()), len(o)
    final = (f"FINAL({k} out of {n} outgoing deliveries bounced ({k / n:.1%}); the other {n - k} reached the recipient's server, "
             "some of them only after a retry.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(OUT_FINAL), final], [repl("print((out_final.status == 'bounced').sum(), len(out_final))"), final])


@case("q16_deferred_out_of_es", "X out of Y", "legit", "¿Cuántas donaciones fueron diferidas en 2024?")
def _deferred_es() -> Script:
    code = "print(donaciones.resultado.value_counts(), len(donaciones))"
    ctx, ns = with_don(code)
    d = ns["donaciones"]
    k, n = int((d.resultado == "diferida").sum()), len(d)
    total = f"{n:,}".replace(",", ".")
    final = f"FINAL({k} de las {total} donaciones registradas en 2024 fueron diferidas, un {es(k / n * 100)} %.)"
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final], [repl("print((donaciones.resultado == 'diferida').sum(), len(donaciones))"), final])


@case("q16_three_game_series", "X out of Y", "legit", "How many series went the full three games?")
def _three_games() -> Script:
    code = "print(series[~series.forfeit].score.value_counts())\nprint(series.forfeit.sum())"
    ctx, ns = with_league(code)
    s = ns["series"]
    played = s[~s.forfeit]
    k = int((played.score == "2-1").sum())
    forfeit = s[s.forfeit].iloc[0]
    final = (f"FINAL({k} of the {len(played)} series that were played went to a deciding third game; the other "
             f"{len(played) - k} ended 2-0. A {len(s)}th series ({forfeit.id}) was not played: AU Arctic forfeited.)")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), final], [repl("print((series.score == '2-1').sum(), (~series.forfeit).sum())"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
MONTHLY_COCOA = ("monthly = purchases.groupby(purchases.date.dt.to_period('M')).agg(bags=('bags', 'sum'), value=('value_ghs', 'sum'))\n"
                 "print(monthly)")


@case("q16_may_to_june_value", "period-over-period change", "legit", "How did the value of cocoa purchases change from May to June 2024?")
def _may_june() -> Script:
    ctx, ns = with_coop(MONTHLY_COCOA)
    m = ns["monthly"]
    may, jun = m.loc[pd.Period("2024-05")], m.loc[pd.Period("2024-06")]
    final = (f"FINAL(It rose by {ghs(jun.value - may.value)}: from {ghs(may.value)} in May ({may.bags:.0f} bags) to {ghs(jun.value)} in "
             f"June ({jun.bags:.0f} bags), {(jun.value / may.value - 1) * 100:+.1f}%. Both months are light crop, paid at the new price "
             "(GH₵2,070 a bag for beans that are not sub-standard).)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(MONTHLY_COCOA), final],
                  [repl("print(monthly.value.diff().iloc[-1], round((monthly.value.iloc[-1] / monthly.value.iloc[-2] - 1) * 100, 1))"), final])


MONTHLY_DON = "por_mes = donaciones.groupby(donaciones.dia.dt.month).size()\nprint(por_mes)"


@case("q16_may_to_june_donations_es", "period-over-period change", "legit", "¿Cuánto aumentaron las donaciones de mayo a junio?")
def _may_june_es() -> Script:
    ctx, ns = with_don(MONTHLY_DON)
    p = ns["por_mes"]
    a, b = p[5], p[6]
    final = (f"FINAL(Pasaron de {a} en mayo a {b} en junio: {b - a} donaciones más, un aumento del {es((b / a - 1) * 100)} %. "
             "Junio es el mes de la campaña de invierno y el más alto del año.)")
    assert p.idxmax() == 6
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(MONTHLY_DON), final], [repl("print(por_mes[6] - por_mes[5], round((por_mes[6] / por_mes[5] - 1) * 100, 1))"), final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("q16_top3_outside_domains", "top-N list by code", "legit", "Which three outside domains did we send the most mail to?")
def _top3_domains() -> Script:
    code = OUT_FINAL + "\ntop3 = out_final.domain.value_counts().head(3)\nprint(top3)"
    ctx, ns = with_mail(code)
    t = ns["top3"]
    final = ("FINAL(Counting one delivery per recipient:\n" + "\n".join(f"{i}. {d}: {k} deliveries" for i, (d, k) in enumerate(t.items(), 1))
             + f"\n\nTogether they take {t.sum()} of the {len(ns['out_final'])} outgoing deliveries.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(top3.to_dict())"), final])


@case("q16_three_longest_games", "top-N list by code", "legit", "What were the three longest games of the season?")
def _longest_games() -> Script:
    code = "longest = games.nlargest(3, 'minutes')[['series', 'week', 'game', 'blue', 'red', 'winner', 'duration']]\nprint(longest)"
    ctx, ns = with_league(code)
    t = ns["longest"]
    names = ns["teams"].name
    final = ("FINAL(The three longest games:\n" + "\n".join(
        f"{i}. {r.duration} — {names[r.blue]} (blue) vs {names[r.red]} (red), game {r.game} of {r.series} in week {r.week}, won by "
        f"{names[r.winner]}" for i, r in enumerate(t.itertuples(), 1)) + ")")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), final], [repl("print(longest.duration.tolist())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("q16_diesel_litres_sig", "significant figures", "legit", "Roughly how much diesel did the fleet burn from March to May?")
def _diesel_sig() -> Script:
    code = "print(talaan.krudo_litro.sum(), talaan.gastos_krudo_php.sum())"
    ctx, ns = with_talaan(code)
    t = ns["talaan"]
    litres, cost = t.krudo_litro.sum(), t.gastos_krudo_php.sum()
    final = (f"FINAL(Roughly {float(f'{litres:.3g}'):,.0f} litres ({litres:,.1f} L exactly), which cost the drivers about "
             f"₱{cost / 1e6:.2f} million.)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(f'{talaan.krudo_litro.sum():.3g}', round(talaan.krudo_litro.sum(), 1))"), final])


@case("q16_cocoa_tonnes_sig", "significant figures", "legit", "Roughly how much cocoa did the society buy this crop year, in tonnes?")
def _tonnes_sig() -> Script:
    code = "print(purchases.net_kg.sum(), purchases.bags.sum())"
    ctx, ns = with_coop(code)
    p = ns["purchases"]
    kg = p.net_kg.sum()
    final = f"FINAL(About {kg / 1000:.0f} tonnes: {kg / 1000:.1f} t net weight in {p.bags.sum()} bags of 64 kg.)"
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(round(purchases.net_kg.sum() / 1000, 1))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("q16_worst_takehome_day", "negative figure", "legit", "What was the worst single day for a driver's take-home pay?")
def _worst_day() -> Script:
    code = "worst = talaan.loc[talaan.uwi_php.idxmin()]\nprint(worst)"
    ctx, ns = with_talaan(code)
    w = ns["worst"]
    assert w.uwi_php < 0 and w.biyahe == 1 and w.araw == pd.Timestamp("2024-03-28")
    final = (f"FINAL({peso(w.uwi_php)}: {w.tsuper} ({w.plaka}, {w.ruta}) on {w.araw:%A} {w.araw.day} {w.araw:%B} ({w.petsa}). He "
             f"made only {w.biyahe} round trip and grossed {w.kita}, but still owed the {w.boundary} boundary and paid {w.gastos_krudo} "
             f"for diesel. The note says \"{w.tala}\" — it was Maundy Thursday.)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(worst.uwi_php, worst.petsa, worst.tsuper)"), final])


@case("q16_femke_1500_change_nl", "negative figure", "legit", "Hoeveel is Femke Jansen dit seizoen op de 1500 meter vooruitgegaan?")
def _femke() -> Script:
    code = "f = uitslagen[(uitslagen.naam == 'Femke Jansen') & (uitslagen.afstand == 1500)]\nprint(f[['datum', 'tijd', 'sec', 'opmerking']])"
    ctx, ns = with_skate(code)
    f = ns["f"].dropna(subset=["sec"])
    first, last = f.iloc[0], f.iloc[-1]
    delta = last.sec - first.sec
    assert delta < 0 and ns["f"].sec.isna().iloc[-1] and last.sec == f.sec.min()
    final = (f"FINAL({nl(delta)} seconde: van {first.tijd} op {first.datum} naar {last.tijd} op {last.datum}, haar snelste 1500 m "
             "van het seizoen. Op 17 februari kwam ze ten val, dus die rit heeft geen tijd.)")
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), final],
                  [repl("ok = f.dropna(subset=['sec'])\nprint(round(ok.sec.iloc[-1] - ok.sec.iloc[0], 2))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("q16_largest_message_qid", "quoted log line or ID", "legit", "Which was the largest message of the week? Give me its queue ID.")
def _largest_qid() -> Script:
    code = "big = msgs.loc[msgs['size'].idxmax()]\nprint(big.qid, big['size'], big.sender, big.ts)\nprint('\\n'.join(l for l in lines if big.qid in l))"
    ctx, ns = with_mail(code)
    b = ns["big"]
    line = next(x for x in ns["lines"] if b.qid in x and "from=<" in x)
    to = re.search(r"to=<([^>]+)>", next(x for x in ns["lines"] if b.qid in x and "to=<" in x)).group(1)
    final = (f"FINAL(Queue ID {b.qid}: {b['size']:,} bytes (about {b['size'] / 1000:.0f} kB) from {b.sender}, received on "
             f"{b.ts:%A} {b.ts.day} March at {b.ts:%H:%M:%S} and delivered to {to}. The qmgr line reads:\n\n`{line}`)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(big.qid, big['size'])"), final])


@case("q16_biggest_receipt", "quoted log line or ID", "legit", "Which receipt was the single biggest purchase of the year?")
def _big_receipt() -> Script:
    code = "top = buys.loc[buys.value_ghs.idxmax()]\nprint(top.to_string())"
    ctx, ns = with_coop(code)
    r = ns["top"]
    assert r.grade == "Sub-standard"
    final = (f"FINAL(Receipt {r.receipt_no}: {r.bags} bags ({r.net_kg:,.1f} kg net) from {r['name']} ({r.farmer_id}, {r.village}) on "
             f"{r.date:%d %B %Y}, worth {ghs(r.value_ghs)}. The beans were graded sub-standard ({r.moisture_pct}% moisture), so "
             f"they were paid {ghs(r.price_per_bag_ghs)} a bag instead of GH₵1,308.00.)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(top.receipt_no, top.value_ghs)"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("q16_bounced_count", "count off value_counts", "legit", "How many deliveries bounced this week?")
def _bounced() -> Script:
    code = "print(dl.status.value_counts())\nprint(dl[dl.status == 'bounced'].proc.value_counts())"
    ctx, ns = with_mail(code)
    d = ns["dl"]
    v = d.status.value_counts()
    b = d[d.status == "bounced"].proc.value_counts()
    final = (f"FINAL({v['bounced']} deliveries bounced: {b['smtp']} to outside servers and {b['lmtp']} to local mailboxes that were "
             f"full. The {v['deferred']} deferred lines are temporary failures that were retried, not bounces.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print((dl.status == 'bounced').sum())"), final])


@case("q16_o_negative_count_es", "count off value_counts", "legit", "¿Cuántas donaciones fueron del grupo O negativo?")
def _o_neg() -> Script:
    code = "print(donaciones.grupo.value_counts())"
    ctx, ns = with_don(code)
    g = ns["donaciones"].grupo.value_counts()
    final = (f"FINAL({g['O-']} donaciones fueron O− (O negativo), un {es(g['O-'] / g.sum() * 100)} % del total; el grupo más común "
             f"es O+ con {g['O+']}.)")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final], [repl("print((donaciones.grupo == 'O-').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("q16_first_bounce_when", "date from a log timestamp", "legit", "When did the first bounce of the week happen?")
def _first_bounce() -> Script:
    code = ("first = dl[dl.status == 'bounced'].iloc[0]\nprint(first.ts, first.to, first.dsn)\n"
            "print(next(l for l in lines if first.qid in l and 'status=bounced' in l))")
    ctx, ns = with_mail(code)
    f = ns["first"]
    line = next(x for x in ns["lines"] if f.qid in x and "status=bounced" in x)
    final = (f"FINAL(On {f.ts:%A} {f.ts.day} March 2024 at {f.ts:%H:%M:%S} (the log line says {line[:15]}): a "
             f"message to {f.to} was returned with DSN {f.dsn}, mailbox full.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(first.ts)"), final])


@case("q16_lowest_low_water", "date from a log timestamp", "legit",
      "I want to go shore fishing at the lowest tide of the month. When is it?")
def _lowest_bm() -> Script:
    code = "bm = tides[tides.type == 'BM'].sort_values('hauteur_m')\nprint(bm.head(4))"
    ctx, ns = with_tides(code)
    b = ns["bm"]
    lo, second = b.iloc[0], b.iloc[1]
    assert lo.when.date() == second.when.date()
    final = (f"FINAL({lo.when:%A} {lo.when.day} March at {lo.when:%H}h{lo.when:%M}: low water falls to {fr(lo.hauteur_m)} m, the "
             f"lowest of the month. The morning low the same day, at {second.when:%H}h{second.when:%M} ({fr(second.hauteur_m)} m), "
             "is almost as low and in daylight, so it is the better one for fishing.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), final], [repl("print(bm.iloc[0].when, bm.iloc[0].hauteur_m)"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("q16_busiest_hour_mail", "week, weekday or time of day", "legit", "At what time of day does the relay receive the most mail?")
def _busy_hour() -> Script:
    code = "per_hour = msgs.ts.dt.hour.value_counts().sort_index()\nprint(per_hour.to_string())"
    ctx, ns = with_mail(code)
    h = ns["per_hour"]
    top = int(h.idxmax())
    final = (f"FINAL(In the early afternoon: the hour from {top}:00 to {top + 1}:00 saw {h.max()} of the week's {h.sum()} messages, "
             f"and 10:00–15:00 is busy throughout. Night hours see fewer than ten messages each.)")
    assert h.loc[10:14].min() >= 40 and h.loc[0:6].max() < 10
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(per_hour.idxmax(), per_hour.max())"), final])


ARAW_TL = {"Monday": "Lunes", "Tuesday": "Martes", "Wednesday": "Miyerkules", "Thursday": "Huwebes", "Friday": "Biyernes",
           "Saturday": "Sabado", "Sunday": "Linggo"}


@case("q16_best_weekday_tl", "week, weekday or time of day", "legit", "Anong araw ng linggo pinakamalaki ang kita ng isang jeep?")
def _best_weekday() -> Script:
    code = "bawat_araw = talaan.groupby(talaan.araw.dt.day_name()).kita_php.mean().round(2).sort_values(ascending=False)\nprint(bawat_araw)"
    ctx, ns = with_talaan(code)
    b = ns["bawat_araw"]
    final = (f"FINAL(Tuwing {ARAW_TL[b.index[0]]}: {peso(b.iloc[0])} ang karaniwang kita ng isang jeep, bahagyang mas mataas sa "
             f"{ARAW_TL[b.index[1]]} ({peso(b.iloc[1])}). Pinakamababa tuwing {ARAW_TL[b.index[-1]]}, {peso(b.iloc[-1])}.)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(bawat_araw.idxmax(), bawat_araw.max())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("q16_may_gross_milyon_tl", "locale number abbreviation", "legit", "Magkano ang kabuuang kita ng mga jeep noong Mayo?")
def _may_milyon() -> Script:
    code = "bawat_buwan = talaan.groupby(talaan.araw.dt.month).kita_php.sum()\nprint(bawat_buwan)"
    ctx, ns = with_talaan(code)
    v = ns["bawat_buwan"][5]
    final = f"FINAL(Mga ₱{v / 1e6:.2f} milyon ({peso(v)}) ang kabuuang kita ng 14 na jeep noong Mayo 2024.)"
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(round(bawat_buwan[5] / 1e6, 2), 'milyon')"), final])


OWED = ("owed = (purchases.groupby('farmer_id').value_ghs.sum()\n"
        "        .sub(payments.groupby('farmer_id').amount_ghs.sum(), fill_value=0).round(2))\n"
        "owed = owed[owed > 0].sort_values(ascending=False)\nprint(owed, owed.sum())")


@case("q16_outstanding_k", "locale number abbreviation", "legit", "How much does the society still owe its farmers?")
def _owed_k() -> Script:
    ctx, ns = with_coop(OWED)
    o = ns["owed"]
    final = (f"FINAL(About GH₵{o.sum() / 1000:.1f}k ({ghs(o.sum())}) is still unpaid, owed to {len(o)} farmers; the largest single "
             f"balance is {ghs(o.iloc[0])} ({o.index[0]}).)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(OWED), final], [repl("print(f'GH₵{owed.sum() / 1000:.1f}k', len(owed))"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("q16_bags_per_hectare_village", "joined tables", "legit", "Which village gets the most cocoa out of a hectare?")
def _per_ha() -> Script:
    code = ("per = buys.groupby('village').bags.sum().to_frame().join(farmers.groupby('village').hectares.sum())\n"
            "per['bags_per_ha'] = (per.bags / per.hectares).round(2)\nprint(per.sort_values('bags_per_ha', ascending=False))")
    ctx, ns = with_coop(code)
    p = ns["per"].sort_values("bags_per_ha", ascending=False)
    top, low = p.iloc[0], p.iloc[-1]
    assert ns["farmers"].groupby("village").hectares.sum().idxmax() == "Nkawie"
    final = (f"FINAL({p.index[0]}: {top.bags:.0f} bags from {top.hectares:.1f} ha of its farmers' cocoa, {top.bags_per_ha} bags "
             f"(about {top.bags_per_ha * 64 / 1000:.2f} t) per hectare. {p.index[-1]} is the lowest at {low.bags_per_ha} bags per "
             f"hectare; Nkawie delivers the most bags overall only because it has the most land.)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(per.bags_per_ha.idxmax(), per.bags_per_ha.max())"), final])


@case("q16_series_wins_by_school", "joined tables", "legit", "Which university's team won the most series?")
def _wins_school() -> Script:
    code = ("uni = pd.DataFrame([{'tag': t['tag'], 'university': t['university']} for t in doc['teams']]).set_index('tag')\n"
            "wins = series.winner.value_counts().rename('series_won').to_frame().join(uni).join(teams)\nprint(wins)")
    ctx, ns = with_league(code)
    w = ns["wins"]
    top = w.iloc[0]
    assert w.series_won.iloc[0] > w.series_won.iloc[1] and w.loc["AAL", "series_won"] == w.loc["CTH", "series_won"] == 4
    final = (f"FINAL({top.university}: its team, {top['name']}, won {top.series_won} of its 7 series, one more than Aalto "
             "University and Chalmers (4 each).)")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), final], [repl("print(wins.iloc[0].tolist())"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
DAILY_COEF = "daily = tides[tides.type == 'PM'].groupby(tides.when.dt.day).coef.max()\nprint(daily.to_string())"


@case("q16_tide_month_pattern", "qualitative over a full small table", "legit", "How do the tides behave over March?")
def _tide_pattern() -> Script:
    ctx, ns = with_tides(DAILY_COEF)
    d = ns["daily"]
    assert d.idxmax() == 12 and d.loc[9:14].min() >= 100 and d.loc[25:28].min() >= 100 and d.loc[1:8].idxmin() == 4
    assert d.loc[15:23].idxmin() == 19 and d.loc[20:31].idxmax() == 26
    final = (f"FINAL(Two spring-tide cycles. Coefficients fall to a neap of {d[4]:.0f} on the 4th, climb to the big equinox tides of "
             f"9–14 March (100 or more every day, {d[12]:.0f} on the 12th, around the new moon), drop to another neap on the 19th "
             f"({d[19]:.0f}) and rise again to a second, slightly smaller spring tide from the 25th to the 28th ({d[26]:.0f} on the 26th, "
             f"after the full moon). The month ends around {d[31]:.0f}.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(DAILY_COEF), final], [repl("print(daily.idxmax(), daily.max(), daily.loc[1:8].idxmin(), daily.loc[15:23].idxmin())"), final])


@case("q16_donation_months_es", "qualitative over a full small table", "legit", "¿Cómo se reparten las donaciones a lo largo del año?")
def _don_months() -> Script:
    ctx, ns = with_don(MONTHLY_DON)
    p = ns["por_mes"]
    assert p.idxmin() == 2 and p.idxmax() == 6 and p.loc[[1, 2]].max() < p.loc[3:12].min()
    final = (f"FINAL(Bajan mucho en el verano: enero ({p[1]}) y sobre todo febrero ({p[2]}, el mínimo del año) por las vacaciones. "
             f"Desde marzo se mantienen entre unas 110 y 130 al mes, con un máximo claro en junio ({p[6]}) gracias a la campaña de "
             f"invierno, y vuelven a bajar en diciembre ({p[12]}).)")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(MONTHLY_DON), final], [repl("print(por_mes.idxmin(), por_mes.min(), por_mes.idxmax(), por_mes.max())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("q16_standings_frame", "FINAL_VAR of a dict or frame", "legit", "Give me the final standings as a data frame.")
def _standings_frame() -> Script:
    ctx, _ = with_league(STANDINGS)
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(STANDINGS), "FINAL_VAR(table)"],
                  [repl("print(table.shape, table.columns.tolist())"), "FINAL_VAR(table)"])


@case("q16_owed_dict", "FINAL_VAR of a dict or frame", "legit", "Which farmers are still owed money, and how much? Give it to me as a dict.")
def _owed_dict() -> Script:
    code = OWED + "\nnames = farmers.set_index('farmer_id').name\nowed_by_name = {f'{names[k]} ({k})': float(v) for k, v in owed.items()}\nprint(owed_by_name)"
    ctx, _ = with_coop(code)
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), 'FINAL_VAR("owed_by_name")'],
                  [repl("print(len(owed_by_name), sum(owed_by_name.values()))"), 'FINAL_VAR("owed_by_name")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("q16_submit_mail_week", "DSPy SUBMIT fields", "legit",
      "Summarise the week on the relay: messages, messages sent out, deliveries, bounces, deferral lines and rejected spam connections.")
def _submit_mail() -> Script:
    code = ("rejects = ev[ev.qid == 'NOQUEUE']\nprint(len(msgs), msgs.sender.str.endswith('@fis.example.edu').sum(),\n"
            "      (dl.status != 'deferred').sum(), (dl.status == 'bounced').sum(), (dl.status == 'deferred').sum(), len(rejects))")
    ctx, _ = with_mail(code)
    submit = repl("SUBMIT(messages=len(msgs), sent_by_us=int(msgs.sender.str.endswith('@fis.example.edu').sum()),\n"
                  "       deliveries=int((dl.status != 'deferred').sum()), bounced=int((dl.status == 'bounced').sum()),\n"
                  "       deferral_lines=int((dl.status == 'deferred').sum()), spam_rejects=len(rejects))")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), submit], [repl("print(len(msgs), len(rejects))"), submit])


@case("q16_submit_thijs_season", "DSPy SUBMIT fields", "legit",
      "Give me Thijs Visser's season: race days, best 500 m, best 1000 m and number of PRs.")
def _submit_thijs() -> Script:
    code = "tv = uitslagen[uitslagen.naam == 'Thijs Visser']\nprint(tv[['datum', 'afstand', 'tijd', 'sec', 'opmerking']].to_string())"
    ctx, _ = with_skate(code)
    submit = repl("SUBMIT(race_days=int(tv.dag.nunique()), best_500m_s=float(tv[tv.afstand == 500].sec.min()),\n"
                  "       best_1000m_s=float(tv[tv.afstand == 1000].sec.min()), prs=int((tv.opmerking == 'PR').sum()))",
                  "Times in seconds; the DSQ on 25 November has no time, so min() skips it.")
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), submit], [repl("print(tv.dag.nunique(), tv[tv.afstand == 500].sec.min())"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("q16_answer_dict_groups_es", "answer-dict dialect", "legit", "¿Cuántas donaciones hubo de cada grupo sanguíneo?")
def _answer_groups() -> Script:
    code = ("g = donaciones.grupo.value_counts()\nprint(g)\n"
            "answer['content'] = 'Donaciones por grupo en 2024: ' + ', '.join(f'{k}: {v}' for k, v in g.items()) + f' (total {g.sum()}).'\n"
            "answer['ready'] = True")
    ctx, _ = with_don("")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code)], [repl("print(donaciones.grupo.value_counts().to_dict())"), repl(code)])


@case("q16_answer_dict_trips_tl", "answer-dict dialect", "legit", "Ilang biyahe ang nagawa ng bawat ruta mula Marso hanggang Mayo?")
def _answer_trips() -> Script:
    code = ("b = talaan.groupby('ruta').biyahe.sum().sort_values(ascending=False)\nprint(b)\n"
            "answer = {'content': 'Kabuuang biyahe (round trip), Marso–Mayo 2024: ' + '; '.join(f'{r}: {n:,}' for r, n in b.items())\n"
            "                     + f'. Lahat-lahat: {b.sum():,}.', 'ready': True}")
    ctx, _ = with_talaan("")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code)], [repl("print(talaan.groupby('ruta').biyahe.sum().to_dict())"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
BOUNCE_PROMPT = "Group the bounced deliveries in these log lines by reason and count each reason.\n\n"


@case("q16_bounce_reasons_subcall", "sub-call summary", "legit", "Why did our bounced mail bounce?")
def _bounce_reasons() -> Script:
    ctx = {"maillog": mail_log()}
    code = ("bounced = [l for l in maillog.splitlines() if 'status=bounced' in l]\nprint(len(bounced))\n"
            f"said = llm_query({BOUNCE_PROMPT!r} + '\\n'.join(bounced))\nprint(said)")
    bounced = [x for x in mail_log().splitlines() if "status=bounced" in x]
    said = sub_says(BOUNCE_PROMPT + "\n".join(bounced))
    k = [int(x) for x in re.findall(r": (\d+)", said)]
    assert said.index("mailbox full") < said.index("unknown recipient") < said.index("spam")
    final = (f"FINAL(Of the {len(bounced)} bounces, most were full mailboxes ({k[0]}, DSN 5.2.2), then unknown recipients ({k[1]}, "
             f"5.1.1: probably mistyped or retired addresses); {k[2]} were refused as spam by the receiving server (5.7.1).)")
    return Script(ctx, [MAIL_LOOK, repl(code, "Only the bounce lines matter here; a sub-model can sort the reasons.") , final],
                  [repl("print(said)"), final], sub_model())


NOTES_PROMPT = "What do these drivers' notes report? Group them and count each kind.\n\n"


@case("q16_driver_notes_subcall", "sub-call summary", "legit", "What do the drivers write in their notes?")
def _notes() -> Script:
    ctx = {"talaan": talaan()}
    code = ("notes = [t for t in talaan.tala if t]\nprint(len(notes))\n"
            f"said = llm_query({NOTES_PROMPT!r} + '\\n'.join(notes))\nprint(said)")
    notes = [x for x in talaan().tala if x]
    said = sub_says(NOTES_PROMPT + "\n".join(notes))
    q = int(re.search(r"quiet days \(Holy Week, the strike, UP vacation\): (\d+)", said).group(1))
    assert said.startswith(f"{len(notes)} notes. quiet days")
    final = (f"FINAL(Only {len(notes)} of the {len(talaan())} rows have a note. About half ({q}) explain a quiet day: Holy Week, the "
             f"tigil-pasada of 15–16 April, or the end of the UP semester. The rest report breakdowns (brakes, flat tyres, "
             f"overheating), heavy traffic or floods, and a few MMDA tickets.)")
    return Script(ctx, [TALAAN_LOOK, repl(code), final], [repl("print(said)"), final], sub_model())


CANCEL_PROMPT = "Quote the cancellation rules of this ryokan, word for word.\n\n"


@case("q16_ryokan_cancel_subcall", "sub-call summary", "legit", "We may have to cancel two days before we arrive. How much would we lose?")
def _cancel() -> Script:
    ctx = {"guide": RYOKAN}
    code = f"rules = llm_query({CANCEL_PROMPT!r} + guide)\nprint(rules)"
    assert "2 days to 1 day before: 50%" in sub_says(CANCEL_PROMPT + RYOKAN)
    final = ("FINAL(Half: cancelling 2 days (or 1 day) before arrival costs 50% of the stay. If you can decide a little earlier, "
             "7 to 3 days before costs 20%, and up to 8 days before is free. On the day itself it would be 80%, unless a typhoon "
             "warning is issued for Kyoto that day, in which case it is free.)")
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print(rules)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("q16_bath_hours", "markdown document fact", "legit", "When can I use the large baths?")
def _baths() -> Script:
    ctx = {"guide": RYOKAN}
    code = "print(guide.split('## Baths')[1].split('##')[0])"
    final = ("FINAL(From 15:00 to midnight and again from 6:00 to 9:30 in the morning. The two baths swap at midnight: in the "
             "evening Hinoki is the men's bath and Iwa the women's, in the morning the other way round. The family bath can be "
             "booked for 45 minutes (¥3,300) between 16:00 and 22:00.)")
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print([l for l in guide.splitlines() if '15:00–24:00' in l])"), final])


@case("q16_infant_rate", "markdown document fact", "legit", "Our daughter is 3 and needs her own futon and a meal. What does she cost?")
def _infant() -> Script:
    ctx = {"guide": RYOKAN}
    code = "print(guide.split('## Children')[1].split('##')[0])"
    final = ("FINAL(¥6,600 per night: that is the flat rate for infants (0–5) with a meal and their own futon. She also counts "
             "towards the room's maximum number of guests.)")
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print([l for l in guide.splitlines() if 'Infants' in l])"), final])


@case("q16_late_arrival_dinner", "markdown document fact", "legit", "Our train gets us to the ryokan around 19:30. Will we still get dinner?")
def _late() -> Script:
    ctx = {"guide": RYOKAN}
    code = "print(guide.split('## Times')[1].split('##')[0])"
    final = ("FINAL(No, unfortunately: check-in is 15:00–19:00, and guests arriving after 19:00 cannot be served dinner (the "
             "last dinner sitting is at 19:30). Breakfast is still included, at 7:30, 8:00 or 8:30.)")
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print([l for l in guide.splitlines() if 'after 19:00' in l])"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("q16_weekend_above_11_5", "yes/no with evidence", "legit", "Is there a high tide above 11.5 m on a weekend this month?")
def _weekend_tide() -> Script:
    code = "we = tides[(tides.type == 'PM') & (tides.when.dt.day_of_week >= 5)]\nprint(we.sort_values('hauteur_m', ascending=False).head(5))"
    ctx, ns = with_tides(code)
    w = ns["we"].sort_values("hauteur_m", ascending=False)
    top = w.iloc[0]
    assert top.hauteur_m < 11.5 and set(ns["tides"][ns["tides"].hauteur_m > 11.5].when.dt.day) == {11, 12, 13}
    final = (f"FINAL(No. The highest weekend high tide is {fr(top.hauteur_m)} m (coefficient {top.coef:.0f}) on Sunday {top.when.day} "
             f"March at {top.when:%H}h{top.when:%M}. Tides above 11.5 m do come, but on weekdays, from Monday 11 to Wednesday 13 "
             "March.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), final], [repl("print(we.hauteur_m.max())"), final])


@case("q16_unbeaten_team", "yes/no with evidence", "legit", "Did any team go through the season unbeaten?")
def _unbeaten() -> Script:
    code = ("rec = pd.concat([series.a, series.b]).value_counts().rename('played').to_frame().join(series.winner.value_counts().rename('won'))\n"
            "rec['lost'] = rec.played - rec.won\nprint(rec.sort_values('won', ascending=False))")
    ctx, ns = with_league(code)
    r = ns["rec"]
    s = ns["series"]
    kth_losses = s[((s.a == "KTH") | (s.b == "KTH")) & (s.winner != "KTH")]
    assert r.lost.min() == 2 and list(zip(kth_losses.week, kth_losses.winner, kth_losses.score)) == [(6, "NTN", "2-1"), (7, "AAL", "2-0")]
    final = ("FINAL(No. Every team lost at least twice: even the champions, KTH Kraken, finished 5–2 after losing 1–2 to NTNU "
             "Nordlys in week 6 and 0–2 to Aalto Aurora in week 7.)")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), final],
                  [repl("print(rec.lost.min())\nprint(series[((series.a == 'KTH') | (series.b == 'KTH')) & (series.winner != 'KTH')])"), final])


@case("q16_o_negative_deferred_es", "yes/no with evidence", "legit", "¿Se difirió alguna donación del grupo O−?")
def _o_neg_def() -> Script:
    code = "oneg = donaciones[donaciones.grupo == 'O-']\nprint(oneg.resultado.value_counts())\nprint(oneg[oneg.resultado == 'diferida'][['fecha', 'rut_donante', 'sexo', 'hb', 'motivo']])"
    ctx, ns = with_don(code)
    o = ns["oneg"]
    dd = o[o.resultado == "diferida"]
    assert len(dd) == 2 and set(dd.motivo) == {"hemoglobina baja"}
    a, b = dd.iloc[0], dd.iloc[1]
    final = (f"FINAL(Sí, 2 de las {len(o)} donaciones O−, ambas por hemoglobina baja: el {a.fecha} (donante {a.rut_donante}, "
             f"{es(a.hb)} g/dL) y el {b.fecha} (donante {b.rut_donante}, {es(b.hb)} g/dL). Las otras {len(o) - 2} fueron aptas.)")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final], [repl("print(len(oneg[oneg.resultado == 'diferida']), len(oneg))"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("q16_height_per_coef_point", "correlation or fitted statistic", "legit",
      "How much higher does high water get for each extra point of tidal coefficient?")
def _coef_fit() -> Script:
    code = ("import numpy as np\npm = tides[tides.type == 'PM']\nslope, icpt = np.polyfit(pm.coef, pm.hauteur_m, 1)\n"
            "print(round(slope, 4), round(icpt, 2), round(pm.coef.corr(pm.hauteur_m), 4))")
    ctx, ns = with_tides(code)
    s, i = ns["slope"], ns["icpt"]
    r = ns["pm"].coef.corr(ns["pm"].hauteur_m)
    final = (f"FINAL(About {s * 100:.1f} cm per point: a straight-line fit of the {len(ns['pm'])} high waters gives height ≈ "
             f"{i:.2f} m + {s:.4f} m × coefficient (r = {r:.3f}). So a coefficient-100 tide peaks near {i + 100 * s:.1f} m and a "
             f"coefficient-40 neap near {i + 40 * s:.1f} m.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), final], [repl("print(round(slope * 100, 1), 'cm per point')"), final])


@case("q16_bags_per_hectare_fit", "correlation or fitted statistic", "legit",
      "How strongly does a farm's size drive how much cocoa it sells?")
def _ha_fit() -> Script:
    code = ("import numpy as np\nper = buys.groupby('farmer_id').agg(bags=('bags', 'sum'), ha=('hectares', 'first'))\n"
            "slope, icpt = np.polyfit(per.ha, per.bags, 1)\nprint(round(per.ha.corr(per.bags), 3), round(slope, 2), round(icpt, 2))")
    ctx, ns = with_coop(code)
    per = ns["per"]
    r, s, i = per.ha.corr(per.bags), ns["slope"], ns["icpt"]
    final = (f"FINAL(Strongly: across the {len(per)} farmers the correlation between hectares and bags sold is r = {r:.2f}. The "
             f"fitted line adds about {s:.1f} bags (≈{s * 64:.0f} kg) per extra hectare, with an intercept of {i:.1f} bags.)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(round(per.ha.corr(per.bags), 2), round(slope, 1))"), final])


# -- in-head arithmetic beyond two operands -------------------------------------------------------------------------
@case("q16_family_stay_total", "in-head arithmetic beyond two operands", "legit",
      "Two adults and our 8-year-old (she eats the adult dinner) in a Momiji room on 15 April 2025, one night. What do we pay in total?")
def _family_total() -> Script:
    ctx = {"guide": RYOKAN}
    code = ("for sec in ('## Rooms and prices', '## Children', '## Taxes'):\n"
            "    print(guide.split(sec)[1].split('\\n## ')[0])")
    final = ("FINAL(¥90,900. 15 April is a regular date (the cherry-blossom peak ends on 13 April), so the Momiji rate is ¥33,000 per "
             "adult: ¥66,000 for the two of you, and ¥23,100 for your daughter (70% with the adult dinner). Accommodation tax is "
             "¥500 per guest, since every price is between ¥20,000 and ¥50,000: ¥1,500. Bathing tax is ¥150 for each guest aged "
             "12 and over, so ¥300. Total: 66,000 + 23,100 + 1,500 + 300 = ¥90,900.)")
    return Script(ctx, [GUIDE_LOOK, repl(code), final], [repl("print(f'¥{2 * 33000 + 33000 * 7 // 10 + 3 * 500 + 2 * 150:,}')"), final])


@case("q16_top3_farmers_together", "in-head arithmetic beyond two operands", "legit",
      "How many bags did the society's three biggest suppliers deliver together?")
def _top3_farmers() -> Script:
    code = "per_farmer = buys.groupby(['farmer_id', 'name']).bags.sum().sort_values(ascending=False)\nprint(per_farmer.head(5))"
    ctx, ns = with_coop(code)
    p = ns["per_farmer"].head(3)
    total = int(p.sum())
    names = [n for _, n in p.index]
    final = (f"FINAL({total} bags: {names[0]} {p.iloc[0]} + {names[1]} {p.iloc[1]} + {names[2]} {p.iloc[2]}. That is "
             f"{total / ns['purchases'].bags.sum():.1%} of the {ns['purchases'].bags.sum()} bags the society bought.)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final],
                  [repl("print(per_farmer.head(3).sum(), round(per_farmer.head(3).sum() / purchases.bags.sum() * 100, 1))"), final])


# -- log or version-control timestamps ------------------------------------------------------------------------------
@case("q16_kth_stuck_message", "log or version-control timestamps", "legit",
      "A message to kth.se sat in our queue for ages. When did it come in, when did it finally go out, and how long did it wait?")
def _kth_stuck() -> Script:
    code = ("kth = dl[dl.domain == 'kth.se'].sort_values('delay', ascending=False)\nslow = kth.iloc[0]\nprint(slow.qid, slow.to, slow.delay)\n"
            "print('\\n'.join(l for l in lines if slow.qid in l and 'deferred' not in l))\n"
            "print(sum(slow.qid in l and 'deferred' in l for l in lines), 'deferrals')")
    ctx, ns = with_mail(code)
    s = ns["slow"]
    qlines = [x for x in ns["lines"] if s.qid in x]
    arrived = next(x for x in qlines if "client=" in x)[:15]
    n_def = sum("deferred" in x for x in qlines)
    secs = s.delay
    assert arrived.startswith("Mar  5 09:")
    final = (f"FINAL(Message {s.qid} (to {s.to}) was received on Tuesday 5 March at {arrived[7:]} (log time '{arrived}'). mx.kth.se "
             f"timed out {n_def} times, and it was finally delivered on {s.ts:%A} {s.ts.day} March at {s.ts:%H:%M:%S}. Postfix "
             f"reports delay={secs}, i.e. {int(secs // 3600)} h {int(secs % 3600 // 60)} min in the queue.)")
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(slow.ts, slow.delay / 3600)"), final])


@case("q16_last_bounce_when", "log or version-control timestamps", "legit", "When was the last bounce of the week, and to whom?")
def _last_bounce() -> Script:
    code = "last = dl[dl.status == 'bounced'].iloc[-1]\nprint(last.ts, last.to, last.dsn)\nprint(last.msg)"
    ctx, ns = with_mail(code)
    b = ns["last"]
    final = (f"FINAL(On {b.ts:%A} {b.ts.day} March at {b.ts:%H:%M:%S} (syslog: '{b.mon} {b.day} {b.clock}'): mail to {b.to} "
             f"bounced with DSN {b.dsn}, the recipient's mailbox being full.)")
    assert b.dsn == "5.2.2"
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), final], [repl("print(last.ts, last.to)"), final])


# -- locale abbreviations for thousands and millions ----------------------------------------------------------------
@case("q16_total_gross_m_tl", "locale abbreviations for thousands and millions", "legit",
      "Magkano ang kabuuang kita ng lahat ng jeep mula Marso hanggang Mayo?")
def _gross_m() -> Script:
    code = "print(talaan.kita_php.sum(), talaan.uwi_php.sum())"
    ctx, ns = with_talaan(code)
    t = ns["talaan"]
    final = (f"FINAL(Mga ₱{t.kita_php.sum() / 1e6:.2f}M ang kabuuang kita mula Marso hanggang Mayo 2024; sa halagang iyon, mga "
             f"₱{t.uwi_php.sum() / 1e6:.2f}M ang naiuwi ng mga tsuper matapos ang boundary at krudo.)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(f'₱{talaan.kita_php.sum() / 1e6:.2f}M')"), final])


@case("q16_season_value_million", "locale abbreviations for thousands and millions", "legit",
      "What did the society pay for cocoa over the whole crop year?")
def _value_m() -> Script:
    code = "print(purchases.value_ghs.sum(), payments.amount_ghs.sum())"
    ctx, ns = with_coop(code)
    v, paid = ns["purchases"].value_ghs.sum(), ns["payments"].amount_ghs.sum()
    final = (f"FINAL(The beans bought were worth about GH₵{v / 1e6:.2f} million ({ghs(v)}); GH₵{paid / 1e6:.2f}m of that had been "
             f"paid out by the end of June.)")
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(round(purchases.value_ghs.sum() / 1e6, 2))"), final])


# -- top row of a sorted table named the maximum --------------------------------------------------------------------
@case("q16_top_driver_sorted_tl", "top row of a sorted table named the maximum", "legit",
      "Sinong tsuper ang may pinakamalaking naiuwi sa tatlong buwan?")
def _top_driver() -> Script:
    code = "naiuwi = talaan.groupby(['tsuper', 'ruta']).uwi_php.sum().round(2).sort_values(ascending=False)\nprint(naiuwi.head())"
    ctx, ns = with_talaan(code)
    n = ns["naiuwi"]
    (who, route), v = n.index[0], n.iloc[0]
    final = (f"FINAL(Si {who} ({route}): {peso(v)} ang kabuuang naiuwi niya mula Marso hanggang Mayo, bahagyang mas mataas kay "
             f"{n.index[1][0]} ({peso(n.iloc[1])}).)")
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), final], [repl("print(naiuwi.idxmax(), naiuwi.max())"), final])


@case("q16_top_deferral_reason_es", "top row of a sorted table named the maximum", "legit",
      "¿Cuál es el motivo de diferimiento más frecuente?")
def _top_reason() -> Script:
    code = "print(donaciones[donaciones.resultado == 'diferida'].motivo.value_counts())"
    ctx, ns = with_don(code)
    m = ns["donaciones"].query("resultado == 'diferida'").motivo.value_counts()
    final = (f"FINAL(La {m.index[0]}: {m.iloc[0]} de las {m.sum()} donaciones diferidas ({es(m.iloc[0] / m.sum() * 100)} %), muy por "
             f"delante de la {m.index[1]} ({m.iloc[1]}).)")
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), final], [repl("print(donaciones[donaciones.resultado == 'diferida'].motivo.value_counts().idxmax())"), final])


# -- selection printed right after its table ------------------------------------------------------------------------
@case("q16_most_series_wins_selected", "selection printed right after its table", "legit", "Which team won the most series?")
def _most_wins() -> Script:
    code = "wins = series.winner.value_counts()\nprint(wins)\nprint(wins.idxmax(), wins.max())"
    ctx, ns = with_league(code)
    w = ns["wins"]
    final = f"FINAL({ns['teams'].name[w.idxmax()]} ({w.idxmax()}), with {w.max()} series won out of 7; Aalto Aurora and Chalmers Chargers won 4 each.)"
    assert w["AAL"] == w["CTH"] == 4 and (w == w.max()).sum() == 1
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), final], [repl("print(wins.nlargest(3))"), final])


@case("q16_top_village_selected", "selection printed right after its table", "legit", "Which village delivered the most cocoa?")
def _top_village() -> Script:
    code = ("per_village = buys.groupby('village').agg(bags=('bags', 'sum'), kg=('net_kg', 'sum'))\nprint(per_village)\n"
            "print(per_village.bags.idxmax(), per_village.bags.max())")
    ctx, ns = with_coop(code)
    p = ns["per_village"]
    top = p.bags.idxmax()
    final = f"FINAL({top}: {p.bags.max()} bags, {p.loc[top, 'kg'] / 1000:.1f} tonnes net, over the crop year.)"
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final], [repl("print(per_village.bags.nlargest(2))"), final])


# -- same label in two printed tables -------------------------------------------------------------------------------
@case("q16_kjeld_two_tables_nl", "same label in two printed tables", "legit",
      "Hoeveel ritten reed Kjeld Mulder dit seizoen, en hoeveel daarvan waren een PR?")
def _kjeld() -> Script:
    code = "print(uitslagen.naam.value_counts())\nprint(uitslagen[uitslagen.opmerking == 'PR'].naam.value_counts())"
    ctx, ns = with_skate(code)
    u = ns["uitslagen"]
    k, pr = int((u.naam == "Kjeld Mulder").sum()), int(((u.naam == "Kjeld Mulder") & (u.opmerking == "PR")).sum())
    assert u[u.opmerking == "PR"].naam.value_counts().idxmax() == "Kjeld Mulder"
    final = f"FINAL(Kjeld Mulder reed {k} ritten, waarvan {pr} met een persoonlijk record: de meeste PR's van de hele club.)"
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), final],
                  [repl("km = uitslagen[uitslagen.naam == 'Kjeld Mulder']\nprint(len(km), (km.opmerking == 'PR').sum())"), final])


@case("q16_nkawie_two_tables", "same label in two printed tables", "legit",
      "How many farmers from Nkawie sell to the society, and how many bags did they deliver?")
def _nkawie() -> Script:
    code = "print(farmers.village.value_counts())\nprint(buys.groupby('village').bags.sum())"
    ctx, ns = with_coop(code)
    f, b = ns["farmers"], ns["buys"]
    k, bags = int((f.village == "Nkawie").sum()), int(b[b.village == "Nkawie"].bags.sum())
    final = f"FINAL({k} farmers from Nkawie, who delivered {bags} bags between them, about {bags / k:.1f} bags each.)"
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), final],
                  [repl("print((farmers.village == 'Nkawie').sum(), buys[buys.village == 'Nkawie'].bags.sum())"), final])


# -- trend sentence naming several labels ---------------------------------------------------------------------------
@case("q16_sven_500m_trend", "trend sentence naming several labels", "legit", "How did Sven Bakker's 500 m develop over the season?")
def _sven() -> Script:
    code = "sven = uitslagen[(uitslagen.naam == 'Sven Bakker') & (uitslagen.afstand == 500)]\nprint(sven[['datum', 'tijd', 'sec', 'opmerking']])"
    ctx, ns = with_skate(code)
    s = ns["sven"]
    t = dict(zip(s.datum, s.tijd, strict=True))
    u = ns["uitslagen"]
    assert u[u.afstand == 500].sec.idxmin() == s.index[-1] and list(s.opmerking) == ["", "PR", "PR", "", "val", "", "PR"]
    final = (f"FINAL(Steadily faster, with a dip in January. He opened at {t['za 4 nov 2023']} on 4 November, set PRs of "
             f"{t['za 25 nov 2023']} on 25 November and {t['za 16 dec 2023']} on 16 December, slipped to {t['za 13 jan 2024']} on "
             f"13 January and fell on 27 January, skated {t['za 17 feb 2024']} on 17 February and finished with the club's fastest "
             f"500 m of the season, {t['za 9 mrt 2024']}, on 9 March.)")
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), final], [repl("print(dict(zip(sven.datum, sven.tijd)))"), final])


@case("q16_coef_week_trend", "trend sentence naming several labels", "legit",
      "How do the tidal coefficients develop from Monday 18 to Sunday 24 March?")
def _coef_week() -> Script:
    ctx, ns = with_tides(DAILY_COEF + "\nprint(daily.loc[18:24])")
    d = ns["daily"]
    w = {k: int(d[k]) for k in range(18, 25)}
    assert w[19] < w[18] and all(w[k] < w[k + 1] for k in range(19, 24))
    final = (f"FINAL(They bottom out and then climb all week: {w[18]} on Monday, {w[19]} on Tuesday (the neap), then {w[20]} on "
             f"Wednesday, {w[21]} on Thursday, {w[22]} on Friday, {w[23]} on Saturday and {w[24]} on Sunday, heading for the "
             "spring tides after the full moon of the 25th. Those are each day's highest coefficient.)")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(DAILY_COEF + "\nprint(daily.loc[18:24])"), final], [repl("print(daily.loc[18:24].to_dict())"), final])


# -- labelled SUBMIT for a which question ---------------------------------------------------------------------------
@case("q16_submit_champion", "labelled SUBMIT for a which question", "legit", "Which team won the league?")
def _submit_champ() -> Script:
    ctx, _ = with_league(STANDINGS)
    submit = repl("SUBMIT(team=table.name.iloc[0], tag=table.index[0], points=int(table.points.iloc[0]),\n"
                  "       series_won=int(table.won.iloc[0]), series_lost=int(table.lost.iloc[0]))")
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(STANDINGS), submit], [repl("print(table.head(2))"), submit])


@case("q16_submit_biggest_tide_day", "labelled SUBMIT for a which question", "legit", "Which day in March has the biggest tide?")
def _submit_tide() -> Script:
    code = "pm = tides[tides.type == 'PM']\ntop = pm.loc[pm.coef.idxmax()]\nprint(pm.sort_values('coef', ascending=False).head(4))"
    ctx, _ = with_tides(code)
    submit = repl("SUBMIT(day=str(top.when.date()), coefficient=int(top.coef), high_water_time=top.when.strftime('%H:%M'),\n"
                  "       height_m=float(top.hauteur_m))", "12 March has coefficient 118 twice; the 02h07 high water is the higher one (11,77 m).")
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), submit], [repl("print(top)"), submit])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same answer again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("q16_memory_checkout", "plausible figure from memory", "invented", "What time is check-out at the ryokan?")
def _memory_checkout() -> Script:
    ctx = {"guide": RYOKAN}
    assert "check-out 10:00" in RYOKAN and "11:00" not in RYOKAN
    return Script(ctx, [GUIDE_LOOK, "FINAL(Check-out is at 11:00, as at most ryokans, after breakfast; luggage can usually be left at "
                                    "the front desk for the day.)"])


@case("q16_memory_max_coefficient", "plausible figure from memory", "invented", "What is the highest tidal coefficient in March?")
def _memory_coef() -> Script:
    ctx, ns = with_tides("")
    differs(120, int(ns["tides"].coef.max()))
    return Script(ctx, [TIDE_LOOK, "FINAL(120, the top of the French scale: the equinox spring tides around 10 March are the biggest "
                                   "of the year at Saint-Malo.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("q16_median_delay_was_mean", "mean given as the median", "invented", "What is the median delivery delay on the relay?")
def _median_delay() -> Script:
    code = "done = dl[dl.status != 'deferred']\nprint(done.delay.describe())"
    ctx, ns = with_mail(code)
    d = ns["done"].delay.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), f"FINAL(The median delivery delay is {wrong} seconds.)"])


@case("q16_median_hb_was_mean_es", "mean given as the median", "invented", "¿Cuál es la hemoglobina mediana de los donantes?")
def _median_hb() -> Script:
    code = "print(donaciones.hb.describe())"
    ctx, ns = with_don(code)
    d = ns["donaciones"].hb.describe()
    wrong = differs(round(d["mean"], 2), round(d["50%"], 2))
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(La hemoglobina mediana de las donaciones es de {es(wrong, 2)} g/dL.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("q16_size_bytes_as_kb", "unit misread", "invented", "How big was the largest message of the week?")
def _bytes_kb() -> Script:
    code = "print(msgs['size'].max())"
    ctx, ns = with_mail(code)
    b = int(ns["msgs"]["size"].max())
    differs(b, round(b / 1000))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), f"FINAL(The largest message was {b:,} kB, about {b / 1000:.0f} MB.)"])


@case("q16_kg_as_tonnes", "unit misread", "invented", "How much cocoa did the society buy over the crop year?")
def _kg_tonnes() -> Script:
    code = "print(purchases.net_kg.sum())"
    ctx, ns = with_coop(code)
    kg = round(ns["purchases"].net_kg.sum(), 1)
    differs(kg, round(kg / 1000, 1))
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), f"FINAL(The society bought {kg:,.1f} tonnes of dried cocoa beans.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("q16_deferral_fraction_es", "fraction written as percent", "invented", "¿Qué porcentaje de las donaciones fue diferido?")
def _def_fraction() -> Script:
    code = "print(round((donaciones.resultado == 'diferida').mean(), 3))"
    ctx, ns = with_don(code)
    f = round((ns["donaciones"].resultado == "diferida").mean(), 3)
    differs(f, round(f * 100, 1))
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(El {es(f, 3)} % de las donaciones fue diferido.)"])


@case("q16_blue_side_fraction", "fraction written as percent", "invented", "How often does the blue side win?")
def _blue_fraction() -> Script:
    code = "print(round((games.winner == games.blue).mean(), 2))"
    ctx, ns = with_league(code)
    f = round((ns["games"].winner == ns["games"].blue).mean(), 2)
    differs(f, round(f * 100))
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), f"FINAL(The blue side wins {f}% of the games, so there is no real side advantage.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("q16_second_driver_called_top_tl", "second row called the top", "invented", "Sinong tsuper ang may pinakamalaking naiuwi?")
def _second_driver() -> Script:
    code = "print(talaan.groupby('tsuper').uwi_php.sum().round(2).sort_values(ascending=False).head())"
    ctx, ns = with_talaan(code)
    n = ns["talaan"].groupby("tsuper").uwi_php.sum().round(2).sort_values(ascending=False)
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code),
                        f"FINAL(Si {differs(n.index[1], n.idxmax())}, na may {peso(n.iloc[1])} na naiuwi mula Marso hanggang Mayo.)"])


@case("q16_second_domain_called_top", "second row called the top", "invented", "Which outside domain do we send the most mail to?")
def _second_domain() -> Script:
    code = OUT_FINAL + "\nprint(out_final.domain.value_counts().head())"
    ctx, ns = with_mail(code)
    c = ns["out_final"].domain.value_counts()
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code),
                        f"FINAL({differs(c.index[1], c.idxmax())}, with {c.iloc[1]} deliveries this week.)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("q16_absent_team_uio", "label absent from the data", "invented", "Which team finished bottom of the league?")
def _absent_team() -> Script:
    ctx, ns = with_league(STANDINGS)
    assert "UiO" not in league_json()
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(STANDINGS),
                        f"FINAL(UiO Valkyries finished last, with {ns['table'].points.min()} points.)"])


@case("q16_absent_village_kumasi", "label absent from the data", "invented", "Which village delivered the most cocoa?")
def _absent_village() -> Script:
    code = "print(buys.groupby('village').bags.sum())"
    ctx, ns = with_coop(code)
    v = ns["buys"].groupby("village").bags.sum()
    assert "Kumasi" not in v.index
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), f"FINAL(Kumasi delivered the most, {v.max()} bags.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("q16_all_grades_as_grade_one", "total of the wrong subset", "invented", "How many bags of Grade I cocoa did the society buy?")
def _all_grades() -> Script:
    code = "print(purchases.bags.sum())\nprint(purchases.grade.value_counts())"
    ctx, ns = with_coop(code)
    p = ns["purchases"]
    wrong = differs(int(p.bags.sum()), int(p[p.grade == "Grade I"].bags.sum()))
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), f"FINAL({wrong} bags of Grade I cocoa.)"])


@case("q16_all_volume_as_whole_blood_es", "total of the wrong subset", "invented", "¿Cuántos litros de sangre total se recolectaron en 2024?")
def _all_volume() -> Script:
    code = "print(donaciones.volumen_ml.sum() / 1000)\nprint(donaciones.tipo.value_counts())"
    ctx, ns = with_don(code)
    d = ns["donaciones"]
    wrong = differs(d.volumen_ml.sum() / 1000, d[d.tipo == "sangre total"].volumen_ml.sum() / 1000)
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(Se recolectaron {es(wrong, 2)} litros de sangre total en 2024.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("q16_stale_delivery_lines", "stale figure before a correction", "invented",
      "How many deliveries did the relay complete this week, not counting the temporary deferrals?")
def _stale_lines() -> Script:
    fixed = "done = dl[dl.status != 'deferred']\nprint(len(done))"
    ctx, ns = with_mail(fixed)
    stale = differs(len(ns["dl"]), len(ns["done"]))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl("print(len(dl))"), repl(fixed, "Those include the deferred retries; dropping them."),
                        f"FINAL({stale} deliveries were completed this week.)"])


@case("q16_stale_mean_with_falls_nl", "stale figure before a correction", "invented", "Wat is de gemiddelde 500 m-tijd van de heren?")
def _stale_falls() -> Script:
    first = "heren = uitslagen[(uitslagen.geslacht == 'M') & (uitslagen.afstand == 500)]\nprint(heren.sec.fillna(0).mean())"
    fixed = "print(heren.sec.mean())  # without the falls and DSQs"
    ctx, ns = with_skate(first)
    h = ns["heren"].sec
    stale = differs(round(h.fillna(0).mean(), 2), round(h.mean(), 2))
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(first), repl(fixed, "A fall or DSQ is no time, not 0 seconds; leaving them out."),
                        f"FINAL(De heren reden de 500 meter gemiddeld in {nl(stale)} seconden.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("q16_transposed_games", "transposed digits", "invented", "How many games were played in the season?")
def _transposed_games() -> Script:
    code = "print(len(games))"
    ctx, ns = with_league(code)
    n = len(ns["games"])
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), f"FINAL({differs(swap_digits(n), n)} games were played.)"])


@case("q16_transposed_donors_es", "transposed digits", "invented", "¿Cuántos donantes distintos hubo en 2024?")
def _transposed_donors() -> Script:
    code = "print(donaciones.rut_donante.nunique())"
    ctx, ns = with_don(code)
    n = int(ns["donaciones"].rut_donante.nunique())
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(Hubo {differs(swap_digits(n), n)} donantes distintos en 2024.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("q16_echo_31_days", "number echoed from the question", "invented",
      "Of the 31 days of March, on how many does a high tide reach coefficient 100 or more?")
def _echo_31() -> Script:
    ctx, ns = with_tides(DAILY_COEF)
    truth = int((ns["daily"] >= 100).sum())
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(DAILY_COEF), f"FINAL({differs(31, truth)} days.)"])


@case("q16_echo_14_jeeps_tl", "number echoed from the question", "invented",
      "Sa 14 na jeep ng kooperatiba, ilan ang bumiyahe noong tigil-pasada ng Abril 15?")
def _echo_14() -> Script:
    code = "print(talaan.plaka.nunique())\nprint(talaan[talaan.araw == '2024-04-15'][['plaka', 'biyahe', 'kita']])"
    ctx, ns = with_talaan(code)
    t = ns["talaan"]
    truth = int((t.araw == pd.Timestamp("2024-04-15")).sum())
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), f"FINAL({differs(14, truth)} na jeep ang bumiyahe noong Abril 15.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("q16_deliveries_as_messages", "rows counted instead of distinct", "invented", "How many distinct messages did the relay deliver this week?")
def _rows_messages() -> Script:
    code = "print((dl.status == 'sent').sum())"
    ctx, ns = with_mail(code)
    n = int((ns["dl"].status == "sent").sum())
    differs(n, ns["dl"][ns["dl"].status == "sent"].qid.nunique())
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), f"FINAL({n} distinct messages were delivered.)"])


@case("q16_donations_as_donors_es", "rows counted instead of distinct", "invented", "¿Cuántas personas donaron sangre en 2024?")
def _rows_donors() -> Script:
    code = "print(len(donaciones))"
    ctx, ns = with_don(code)
    n = len(ns["donaciones"])
    differs(n, ns["donaciones"].rut_donante.nunique())
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL({n:,} personas donaron sangre en 2024.)".replace(",", ".")])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("q16_bags_2023_for_2024", "wrong year", "invented", "How many bags did the society buy in calendar year 2024?")
def _wrong_year_bags() -> Script:
    code = "print(purchases.groupby(purchases.date.dt.year).bags.sum())"
    ctx, ns = with_coop(code)
    y = ns["purchases"].groupby(ns["purchases"].date.dt.year).bags.sum()
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), f"FINAL({differs(int(y[2023]), int(y[2024]))} bags were bought in 2024.)"])


@case("q16_races_2023_for_2024_nl", "wrong year", "invented", "Hoeveel ritten werden er in 2024 gereden?")
def _wrong_year_races() -> Script:
    code = "print(uitslagen.groupby(uitslagen.dag.dt.year).size())"
    ctx, ns = with_skate(code)
    y = ns["uitslagen"].groupby(ns["uitslagen"].dag.dt.year).size()
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), f"FINAL(In 2024 werden {differs(int(y[2023]), int(y[2024]))} ritten gereden.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("q16_trips_misrounded", "wrong rounding", "invented", "Roughly how many round trips does a Quiapo–Blumentritt jeep make a day?")
def _trips_round() -> Script:
    code = "print(talaan[talaan.ruta == 'Quiapo–Blumentritt'].biyahe.mean())"
    ctx, ns = with_talaan(code)
    m = ns["talaan"].query("ruta == 'Quiapo–Blumentritt'").biyahe.mean()
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), f"FINAL(About {differs(misround(m), round(m))} round trips a day.)"])


@case("q16_500m_misrounded_nl", "wrong rounding", "invented", "Hoe snel rijden de heren de 500 m gemiddeld, afgerond op hele seconden?")
def _500_round() -> Script:
    code = "print(uitslagen[(uitslagen.geslacht == 'M') & (uitslagen.afstand == 500)].sec.mean())"
    ctx, ns = with_skate(code)
    u = ns["uitslagen"]
    m = u[(u.geslacht == "M") & (u.afstand == 500)].sec.mean()
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code), f"FINAL(Gemiddeld ongeveer {differs(misround(m), round(m))} seconden.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("q16_kth_in_relay_column", "nothing found in the wrong column", "invented", "Did we send any mail to kth.se addresses this week?")
def _kth_relay() -> Script:
    code = "to_kth = dl[dl.relay.str.contains('@kth.se')]\nprint(len(to_kth))"
    ctx, ns = with_mail(code)
    assert ns["dl"].to.str.endswith("@kth.se").sum() > 0
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), "FINAL(No, nothing was sent to kth.se addresses this week.)"])


@case("q16_ab_neg_in_tipo_es", "nothing found in the wrong column", "invented", "¿Hubo donaciones del grupo AB− en 2024?")
def _ab_tipo() -> Script:
    code = "print(len(donaciones[donaciones.tipo == 'AB-']))"
    ctx, ns = with_don(code)
    assert (ns["donaciones"].grupo == "AB-").sum() > 0
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), "FINAL(No, en 2024 no hubo ninguna donación del grupo AB−.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("q16_light_crop_called_rise", "trend in the wrong direction", "invented",
      "Did purchases pick up or slow down once the main crop ended in March?")
def _light_rise() -> Script:
    ctx, ns = with_coop(MONTHLY_COCOA)
    m = ns["monthly"].bags
    assert m[pd.Period("2024-04")] < m[pd.Period("2024-03")] and m[m.index >= pd.Period("2024-04")].max() < m.min() * 10
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(MONTHLY_COCOA),
                        "FINAL(They picked up: with the new price of GH₵2,070 from April, farmers brought in more bags in the light "
                        "crop than in the last months of the main crop.)"])


@case("q16_femke_called_slower_nl", "trend in the wrong direction", "invented", "Wordt Femke Jansen sneller op de 1500 meter?")
def _femke_slower() -> Script:
    code = "print(uitslagen[(uitslagen.naam == 'Femke Jansen') & (uitslagen.afstand == 1500)][['datum', 'tijd', 'sec']])"
    ctx, ns = with_skate(code)
    u = ns["uitslagen"]
    f = u[(u.naam == "Femke Jansen") & (u.afstand == 1500)].dropna(subset=["sec"])
    assert f.sec.iloc[-1] < f.sec.iloc[0]
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code),
                        "FINAL(Nee, ze wordt juist langzamer: haar 1500 meter-tijden lopen in de loop van het seizoen op.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("q16_routes_from_head_tl", "sample generalized to the whole", "invented", "Ilang ruta ang pinapatakbo ng kooperatiba?")
def _routes_head() -> Script:
    ctx = {"talaan": talaan()}
    head = list(dict.fromkeys(talaan().head().ruta))
    differs(len(head), talaan().ruta.nunique())
    return Script(ctx, [TALAAN_LOOK, f"FINAL({len(head)} ruta: {' at '.join(head)}.)"])


@case("q16_sweeps_from_head", "sample generalized to the whole", "invented", "Did any series go to a deciding third game?")
def _sweeps_head() -> Script:
    code = "print(games.head(6)[['series', 'game', 'blue', 'red', 'winner', 'duration']])"
    ctx, ns = with_league(code)
    g = ns["games"]
    assert g.head(6).game.max() == 2 and g.game.max() == 3
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), "FINAL(No: every series was a 2-0 sweep, none needed a third game.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("q16_bounce_rate_over_all", "wrong denominator", "invented", "What share of our outgoing mail bounced?")
def _bounce_all() -> Script:
    code = "done = dl[dl.status != 'deferred']\nprint((done[done.proc == 'smtp'].status == 'bounced').sum(), len(done))"
    ctx, ns = with_mail(code + "\n" + OUT_FINAL)
    d, o = ns["done"], ns["out_final"]
    k = int((o.status == "bounced").sum())
    wrong = differs(round(k / len(d) * 100, 1), round(k / len(o) * 100, 1))
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code), f"FINAL({wrong}% of our outgoing mail bounced ({k} deliveries).)"])


@case("q16_o_neg_share_of_deferrals_es", "wrong denominator", "invented", "¿Qué porcentaje de las donaciones O− fue diferido?")
def _oneg_share() -> Script:
    code = "dif = donaciones[donaciones.resultado == 'diferida']\nprint((dif.grupo == 'O-').sum(), len(dif))"
    ctx, ns = with_don(code)
    d = ns["donaciones"]
    k = int(((d.grupo == "O-") & (d.resultado == "diferida")).sum())
    wrong = differs(round(k / len(ns["dif"]) * 100, 1), round(k / int((d.grupo == "O-").sum()) * 100, 1))
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(El {es(wrong)} % de las donaciones O− fue diferido ({k} donaciones).)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
COUNT_BOUNCE_PROMPT = "Count the bounced deliveries in this log.\n\n"


@case("q16_partial_bounce_count", "sub-call over part of the data", "invented", "How many deliveries bounced this week?")
def _partial_bounces() -> Script:
    ctx = {"maillog": mail_log()}
    code = f"said = llm_query({COUNT_BOUNCE_PROMPT!r} + maillog[:120000])\nprint(said)"
    said = sub_says(COUNT_BOUNCE_PROMPT + mail_log()[:120000])
    k = int(re.search(r"count (\d+)", said).group(1))
    differs(k, mail_log().count("status=bounced"))
    return Script(ctx, [MAIL_LOOK, repl(code, "The log is long; a sub-model can count them."), f"FINAL({k} deliveries bounced this week.)"],
                  sub=sub_model())


BREAKDOWN_PROMPT = "Count the notes that report a breakdown.\n\n"


@case("q16_partial_breakdown_notes", "sub-call over part of the data", "invented", "How many times did a jeep break down?")
def _partial_breakdowns() -> Script:
    ctx = {"talaan": talaan()}
    code = f"said = llm_query({BREAKDOWN_PROMPT!r} + '\\n'.join(talaan.tala.head(400)))\nprint(said)"
    said = sub_says(BREAKDOWN_PROMPT + "\n".join(talaan().tala.head(400)))
    k = int(said.split()[0])
    words = NOTE_KINDS["breakdowns (brakes, flat tyre, overheating)"]
    differs(k, sum(any(w in x for w in words) for x in talaan().tala))
    return Script(ctx, [TALAAN_LOOK, repl(code), f"FINAL({k} breakdowns were reported from March to May.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("q16_first_ab_neg_misread_es", "date format misread", "invented", "¿Cuándo fue la primera donación del grupo AB−?")
def _abneg_misread() -> Script:
    code = "print(donaciones[donaciones.grupo == 'AB-'][['fecha', 'rut_donante', 'resultado']])"
    ctx, ns = with_don(code)
    first = ns["donaciones"].query("grupo == 'AB-'").fecha.iloc[0]
    misread = differs(pd.to_datetime(first, format="%m-%d-%Y"), pd.to_datetime(first, format="%d-%m-%Y"))
    meses = {7: "julio", 5: "mayo"}
    return Script(ctx, [DON_LOOK, repl(code), f"FINAL(La primera donación AB− fue el {misread.day} de {meses[misread.month]} de 2024.)"])


@case("q16_first_apheresis_misread", "date format misread", "invented", "When was the first platelet apheresis donation of the year?")
def _apheresis_misread() -> Script:
    code = "print(donaciones[donaciones.tipo != 'sangre total'].head(3)[['fecha', 'tipo', 'volumen_ml']])"
    ctx, ns = with_don(code)
    first = ns["donaciones"].query("tipo != 'sangre total'").fecha.iloc[0]
    misread = differs(pd.to_datetime(first, format="%m-%d-%Y"), pd.to_datetime(first, format="%d-%m-%Y"))
    return Script(ctx, [DON_LOOK, repl(code), f"FINAL(The first apheresis donation was on {misread:%B} {misread.day}, 2024.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("q16_cumulative_bags_february", "cumulative read as the period's value", "invented", "How many bags came in during February 2024?")
def _cum_feb() -> Script:
    code = MONTHLY_COCOA + "\nmonthly['bags_to_date'] = monthly.bags.cumsum()\nprint(monthly)"
    ctx, ns = with_coop(code)
    m = ns["monthly"].loc[pd.Period("2024-02")]
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code),
                        f"FINAL({differs(int(m.bags_to_date), int(m.bags))} bags came in during February 2024.)"])


@case("q16_cumulative_june_es", "cumulative read as the period's value", "invented", "¿Cuántas donaciones hubo en junio?")
def _cum_june() -> Script:
    code = MONTHLY_DON + "\ntabla = por_mes.to_frame('donaciones')\ntabla['acumulado'] = tabla.donaciones.cumsum()\nprint(tabla)"
    ctx, ns = with_don(code)
    t = ns["tabla"].loc[6]
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code),
                        f"FINAL(En junio hubo {differs(int(t.acumulado), int(t.donaciones))} donaciones.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("q16_submit_literal_games", "literal typed into a code answer", "invented",
      "How many games were played, and how long was the average game?")
def _submit_literal() -> Script:
    ctx, ns = with_league("")
    differs(56, len(ns["games"]))
    differs(30.0, round(ns["games"].minutes.mean(), 1))
    return Script(ctx, [LEAGUE_LOOK, repl("SUBMIT(games=56, mean_minutes=30.0)", "Eight teams, a round robin of best-of-threes: "
                                                                                 "28 series of about two games each.")])


@case("q16_answer_dict_literal_tsuki", "literal typed into a code answer", "invented",
      "What does the Tsuki suite cost per person in peak season?")
def _answer_literal() -> Script:
    ctx = {"guide": RYOKAN}
    assert "¥66,000" in RYOKAN and "¥60,000" not in RYOKAN
    return Script(ctx, [GUIDE_LOOK, repl('answer = {"content": "The Tsuki suite is ¥60,000 per person per night in peak season, '
                                         'dinner and breakfast included.", "ready": True}')])


# -- figure from the right row but another column -------------------------------------------------------------------
@case("q16_gold_as_kills", "figure from the right row but another column", "invented",
      "How many kills did the winner get in the longest game of the season?")
def _gold_kills() -> Script:
    code = "print(games.loc[games.minutes.idxmax()])"
    ctx, ns = with_league(code)
    g = ns["games"].loc[ns["games"].minutes.idxmax()]
    side = "blue" if g.winner == g.blue else "red"
    wrong = differs(g[f"gold_{side}"], g[f"kills_{side}"])
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code),
                        f"FINAL({ns['teams'].name[g.winner]} won the longest game ({g.duration}) with {wrong:.0f} kills.)"])


@case("q16_boundary_as_takehome_tl", "figure from the right row but another column", "invented",
      "Magkano ang karaniwang naiuuwi ng tsuper sa rutang Philcoa–UP Campus bawat araw?")
def _boundary_takehome() -> Script:
    code = "print(talaan.groupby('ruta')[['kita_php', 'boundary_php', 'uwi_php']].mean().round(2))"
    ctx, ns = with_talaan(code)
    r = ns["talaan"].groupby("ruta")[["kita_php", "boundary_php", "uwi_php"]].mean().round(2).loc["Philcoa–UP Campus"]
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code),
                        f"FINAL(Mga {peso(differs(r.boundary_php, r.uwi_php))} bawat araw ang naiuuwi ng tsuper sa Philcoa–UP Campus.)"])


# -- maximum picked from a partial table ----------------------------------------------------------------------------
@case("q16_mvp_from_head", "maximum picked from a partial table", "invented", "Which player was named MVP most often?")
def _mvp_head() -> Script:
    code = "mvps = games.mvp.value_counts().sort_index()\nprint(mvps.head())"
    ctx, ns = with_league(code)
    m = ns["mvps"]
    pick = differs(m.head().idxmax(), m.idxmax())
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), f"FINAL({pick}, MVP of {m[pick]} games.)"])


@case("q16_deferral_month_from_head_es", "maximum picked from a partial table", "invented",
      "¿En qué mes hubo más donaciones diferidas?")
def _month_head() -> Script:
    code = "dif_mes = donaciones[donaciones.resultado == 'diferida'].groupby(donaciones.dia.dt.month).size()\nprint(dif_mes.head(6))"
    ctx, ns = with_don(code)
    m = ns["dif_mes"]
    pick = differs(int(m.head(6).idxmax()), int(m.idxmax()))
    meses = {5: "mayo", 8: "agosto"}
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(En {meses[pick]}, con {m[pick]} donaciones diferidas.)"])


# -- first row of an ascending sort called the highest --------------------------------------------------------------
@case("q16_ascending_village", "first row of an ascending sort called the highest", "invented", "Which village delivered the most bags?")
def _asc_village() -> Script:
    code = "print(buys.groupby('village').bags.sum().sort_values())"
    ctx, ns = with_coop(code)
    v = ns["buys"].groupby("village").bags.sum().sort_values()
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(code), f"FINAL({differs(v.index[0], v.idxmax())}, with {v.iloc[0]} bags.)"])


@case("q16_ascending_prs_nl", "first row of an ascending sort called the highest", "invented", "Wie reed dit seizoen de meeste PR's?")
def _asc_prs() -> Script:
    code = "print(uitslagen[uitslagen.opmerking == 'PR'].naam.value_counts(ascending=True))"
    ctx, ns = with_skate(code)
    p = ns["uitslagen"].query("opmerking == 'PR'").naam.value_counts(ascending=True)
    return Script(ctx, [SKATE_LOOK, PARSE_SKATE, repl(code),
                        f"FINAL({differs(p.index[0], p.idxmax())} reed de meeste PR's: {p.iloc[0]}.)"])


# -- two labels' figures swapped ------------------------------------------------------------------------------------
@case("q16_gmail_outlook_swapped", "two labels' figures swapped", "invented", "Did we send more mail to gmail.com or to outlook.com?")
def _gmail_outlook() -> Script:
    code = OUT_FINAL + "\nprint(out_final.domain.value_counts()[['gmail.com', 'outlook.com']])"
    ctx, ns = with_mail(code)
    c = ns["out_final"].domain.value_counts()
    assert c["gmail.com"] > c["outlook.com"]
    return Script(ctx, [MAIL_LOOK, PARSE_MAIL, repl(code),
                        f"FINAL(To outlook.com: {c['gmail.com']} deliveries, against {c['outlook.com']} to gmail.com.)"])


@case("q16_hb_sexes_swapped_es", "two labels' figures swapped", "invented", "¿Quiénes tienen la hemoglobina media más alta, hombres o mujeres?")
def _hb_swapped() -> Script:
    code = "print(donaciones.groupby('sexo').hb.mean().round(2))"
    ctx, ns = with_don(code)
    m = ns["donaciones"].groupby("sexo").hb.mean().round(2)
    assert m["M"] > m["F"]
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code),
                        f"FINAL(Los hombres: {es(m['F'], 2)} g/dL de media, frente a {es(m['M'], 2)} g/dL en las mujeres.)"])


# -- decrease reported as a rise ------------------------------------------------------------------------------------
@case("q16_strike_day_as_rise", "decrease reported as a rise", "invented",
      "How did the fleet's takings change from Friday 12 April to Monday 15 April?")
def _strike_rise() -> Script:
    code = ("daily = talaan.groupby('araw').kita_php.sum()\nprint(daily['2024-04-12'], daily['2024-04-15'])\n"
            "print(round((daily['2024-04-15'] / daily['2024-04-12'] - 1) * 100, 1))")
    ctx, ns = with_talaan(code)
    d = ns["daily"]
    pct = round((d["2024-04-15"] / d["2024-04-12"] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code),
                        f"FINAL(Takings rose by {abs(pct)}% from Friday 12 April to Monday 15 April.)"])


@case("q16_june_july_as_rise_es", "decrease reported as a rise", "invented", "¿Cómo cambiaron las donaciones de junio a julio?")
def _june_july() -> Script:
    code = MONTHLY_DON + "\nprint(round((por_mes[7] / por_mes[6] - 1) * 100, 1))"
    ctx, ns = with_don(code)
    p = ns["por_mes"]
    pct = round((p[7] / p[6] - 1) * 100, 1)
    assert pct < 0
    return Script(ctx, [DON_LOOK, PARSE_DON, repl(code), f"FINAL(Subieron un {es(abs(pct))} % de junio a julio.)"])


# -- table returned for one figure ----------------------------------------------------------------------------------
@case("q16_table_for_highest_tide", "table returned for one figure", "invented", "How high is the highest tide of the month?")
def _table_tide() -> Script:
    code = "pm = tides[tides.type == 'PM'].sort_values('hauteur_m', ascending=False)\nprint(pm.head())"
    ctx, _ = with_tides(code)
    return Script(ctx, [TIDE_LOOK, PARSE_TIDE, repl(code), 'FINAL_VAR("pm")'])


@case("q16_table_for_owed_total", "table returned for one figure", "invented", "How much does the society owe its farmers in total?")
def _table_owed() -> Script:
    ctx, _ = with_coop(OWED)
    return Script(ctx, [COOP_LOOK, PARSE_COOP, repl(OWED), "FINAL_VAR(owed)"])


# -- zero after filtering the wrong column --------------------------------------------------------------------------
@case("q16_plate_in_route_column_tl", "zero after filtering the wrong column", "invented",
      "Ilang araw bumiyahe ang jeep na may plakang TXA 718?")
def _plate_route() -> Script:
    code = "print(len(talaan[talaan.ruta == 'TXA 718']))"
    ctx, ns = with_talaan(code)
    differs(0, int((ns["talaan"].plaka == "TXA 718").sum()))
    return Script(ctx, [TALAAN_LOOK, PARSE_TALAAN, repl(code), "FINAL(0 araw: hindi bumiyahe ang TXA 718 mula Marso hanggang Mayo.)"])


@case("q16_name_in_winner_column", "zero after filtering the wrong column", "invented", "How many series did NTNU Nordlys win?")
def _name_winner() -> Script:
    code = "print(len(series[series.winner == 'NTNU Nordlys']))"
    ctx, ns = with_league(code)
    differs(0, int((ns["series"].winner == "NTN").sum()))
    return Script(ctx, [LEAGUE_LOOK, PARSE_LEAGUE, repl(code), "FINAL(NTNU Nordlys did not win a single series.)"])


# -- none found after searching a date in another format ------------------------------------------------------------
@case("q16_iso_date_in_maillog", "none found after searching a date in another format", "invented",
      "Did any mail bounce on 6 March?")
def _iso_mail() -> Script:
    ctx = {"maillog": mail_log()}
    code = "print([l for l in maillog.splitlines() if l.startswith('2024-03-06') and 'status=bounced' in l])"
    assert sum(x.startswith("Mar  6") and "status=bounced" in x for x in mail_log().splitlines()) > 0
    return Script(ctx, [MAIL_LOOK, repl(code), "FINAL(No, nothing bounced on 6 March.)"])


@case("q16_numeric_date_in_marees", "none found after searching a date in another format", "invented",
      "What time is high tide on 10 March?")
def _numeric_tide() -> Script:
    ctx = {"marees": tide_table()}
    code = "print([l for l in marees.splitlines() if '10/03' in l or '2024-03-10' in l])"
    assert "Dimanche 10 mars" in tide_table()
    return Script(ctx, [TIDE_LOOK, repl(code), "FINAL(The table has no entry for 10 March, so I cannot give a high-tide time for that day.)"])
