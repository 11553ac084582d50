"""The acceptance benchmark's cases: legitimate answers a capable model writes, and invented or misread ones.

Why written as a model writes them, not as the rules want them: the benchmark measures the acceptance
policy in both directions (how often it refuses a right answer, how often it lets an invented one through),
so a case is the reply a GPT-5-class model sends (explore, compute, print, answer, often in a sentence) or
the mistake a weaker one makes, whatever today's gates do with it. Every figure a reply quotes from an
output is computed here from the same data with the same code (``compute``), so it is the figure the code
prints in the run; an invented figure is checked to differ from the truth.

A case's ``replies`` go up to and including its first FINAL; ``after`` is what the model does once that
FINAL is refused: a legitimate case takes the turn(s) a capable model takes to comply (print the figure,
select the row with code) and finishes the same way; an invented case writes the same FINAL again. The
scripted root replays ``replies + after`` by turn and then keeps repeating the last reply.
"""
from __future__ import annotations

import contextlib
import functools
import io
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

import numpy as np
import pandas as pd

from rlm_jupyter.testing import ChatRequest, Responder, RuleBasedSubModel

Kind = Literal["legit", "invented"]
T = TypeVar("T")

LEGIT_CLASSES: tuple[str, ...] = (
    "plain value", "formatted value", "other language", "derived arithmetic", "sub-call result",
    "label selected by code", "table lookup", "readable label", "hedged approximation", "qualitative summary",
    "FINAL_VAR object", "nothing found", "date in another format", "arithmetic in the head", "log timestamps",
    "locale magnitude", "table read by its order", "labelled SUBMIT", "pattern over a whole table",
    "revised figure", "things counted once", "share of a part", "figure for one part",
    "period beside its running total", "date worked out on a calendar",
)
INVENTED_CLASSES: tuple[str, ...] = (
    "never computed", "neighbouring row", "wrong label in a sentence", "bare wrong label",
    "nothing found after a wrong search", "value of a failed block", "unseen date", "wrong shape",
    "answer before reading", "small invented count", "FINAL next to a failing block", "input handed back",
    "wrong arithmetic", "figure from another column", "extreme of a partial table", "ascending sort read as highest",
    "swapped comparison", "decrease reported as a rise", "table for one figure", "wrong column filtered",
    "date format missed", "superlative of another form", "figure before its revision",
    "rows counted as things", "share over another base", "whole given for a part", "running total for a period",
)


@dataclass(frozen=True)
class Script:
    """One case, built: the data, the scripted root replies, and the sub-model its code calls."""

    context: dict[str, Any]
    replies: list[str]  # up to and including the first FINAL
    after: list[str] = field(default_factory=list)  # after a refusal (empty: the last reply again)
    sub: Responder | None = None


@dataclass(frozen=True)
class Case:
    name: str
    cls: str
    kind: Kind
    question: str
    build: Callable[[], Script]


@dataclass
class Registry:
    """The cases of one case module and the classes they may have: ``@registry.case(...)`` adds a built case.

    Why a registry and not one module-level list: the benchmark runs other case modules too (``--cases``), each
    with its own classes and cases (``benchmarks.cases_tune``, ``benchmarks.cases_holdout``); a module exposes
    ``CASES``, ``LEGIT_CLASSES`` and ``INVENTED_CLASSES``, which a registry holds.
    """

    legit_classes: tuple[str, ...]
    invented_classes: tuple[str, ...]
    cases: list[Case] = field(default_factory=list)

    def case(self, name: str, cls: str, kind: Kind,
             question: str) -> Callable[[Callable[[], Script]], Callable[[], Script]]:
        known = self.legit_classes if kind == "legit" else self.invented_classes
        if cls not in known or any(c.name == name for c in self.cases):
            raise ValueError(f"case {name!r}: class {cls!r} unknown for {kind}, or the name is taken")

        def register(build: Callable[[], Script]) -> Callable[[], Script]:
            self.cases.append(Case(name, cls, kind, question, build))
            return build
        return register


REGISTRY = Registry(LEGIT_CLASSES, INVENTED_CLASSES)
CASES: list[Case] = REGISTRY.cases
case = REGISTRY.case


# -- data: small, seeded, built fresh for every run ---------------------------------------------------------------
CITIES = ["Paris", "Lyon", "Marseille", "Toulouse", "Nice", "Lille"]
REGIONS = ["north", "south", "east", "west"]
CATEGORIES = ["laptops", "tablets", "phones", "accessories"]
STATUSES = ["completed", "cancelled", "pending", "refunded"]


def orders(n: int = 180, seed: int = 11) -> pd.DataFrame:
    """A fresh copy for every run: model code may change a frame in place."""
    return _orders(n, seed).copy()


@functools.lru_cache(maxsize=4)
def _orders(n: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    day = np.sort(rng.integers(0, 182, n))
    return pd.DataFrame({
        "order_id": np.arange(1001, 1001 + n),
        "date": pd.Timestamp("2024-01-01") + pd.to_timedelta(day, unit="D"),
        "city": rng.choice(CITIES, n, p=[.3, .2, .15, .15, .1, .1]),
        "region": rng.choice(REGIONS, n),
        "category": rng.choice(CATEGORIES, n, p=[.3, .25, .25, .2]),
        "status": rng.choice(STATUSES, n, p=[.62, .14, .12, .12]),
        "amount": rng.integers(1500, 90000, n) / 100,
    })


SUBJECTS = ["login fails on mobile", "refund not received", "invoice shows wrong VAT", "app crashes on start",
            "cannot change password", "double charge, refund please", "export to CSV is slow", "feature request: dark mode"]


def tickets(n: int = 150, seed: int = 5) -> pd.DataFrame:
    return _tickets(n, seed).copy()


@functools.lru_cache(maxsize=4)
def _tickets(n: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "ticket_id": [f"T-{4000 + i}" for i in range(n)],
        "status": rng.choice(["open", "closed", "pending", "in_progress"], n, p=[.25, .25, .1, .4]),
        "priority": rng.choice(["low", "medium", "high"], n, p=[.4, .35, .25]),
        "team": rng.choice(["billing", "mobile", "web"], n),
        "subject": rng.choice(SUBJECTS, n),
    })


SERVICES = ["api", "auth", "payments", "search"]
EVENTS = {"api": ["checkout", "search", "view"], "auth": ["login", "logout", "login_failed"],
          "payments": ["payment_ok", "payment_ok", "payment_ok", "payment_failed"], "search": ["search", "search"]}


@functools.lru_cache(maxsize=4)  # text is immutable: one build serves every run
def log_text(lines: int = 3000, seed: int = 3) -> str:
    """A week of service log lines (2024-03-01 to 2024-03-07), in time order; failures say ``status=failed``."""
    rng = np.random.default_rng(seed)
    seconds = np.sort(rng.integers(0, 7 * 86400, lines))
    out = []
    for s in seconds:
        service = SERVICES[rng.integers(0, 4)]
        event = EVENTS[service][rng.integers(0, len(EVENTS[service]))]
        failed = event.endswith("_failed") or rng.random() < 0.02
        level = "ERROR" if failed and rng.random() < 0.7 else ("WARN" if rng.random() < 0.08 else "INFO")
        stamp = pd.Timestamp("2024-03-01") + pd.Timedelta(seconds=int(s))
        out.append(f"{stamp:%Y-%m-%d %H:%M:%S} {level} service={service} user=user_{rng.integers(1, 61)} "
                   f"event={event} status={'failed' if failed else 'ok'} latency_ms={rng.integers(20, 900)} "
                   f"bytes={rng.integers(150, 650)}")
    return "\n".join(out)


TOPICS = {"delivery": "Delivery was late, it took {d} days to arrive.",
          "packaging": "The box arrived damaged and the packaging was torn.",
          "size": "Wrong size: I ordered an M and got an L."}


def reviews(seed: int = 8) -> list[str]:
    return list(_reviews(seed))


@functools.lru_cache(maxsize=4)
def _reviews(seed: int) -> tuple[str, ...]:
    rng = np.random.default_rng(seed)
    topics = rng.choice(list(TOPICS), 40, p=[.5, .3, .2])
    praise = rng.random(40) < 0.7
    return tuple(f"Review {i + 1}: " + TOPICS[t].format(d=int(rng.integers(6, 15)))
                 + (" Support was helpful though." if p else "") for i, (t, p) in enumerate(zip(topics, praise, strict=True)))


OUTAGE = "The payment outage began on 2024-03-05 at 14:02 and lasted 47 minutes."


@functools.lru_cache(maxsize=4)
def notes(lines: int = 1500, seed: int = 4) -> str:
    rng = np.random.default_rng(seed)
    words = ["roadmap", "hiring", "budget", "migration", "design review", "on-call", "vendor", "launch plan"]
    out = [f"[{i:04d}] {rng.choice(words)}: discussed {rng.choice(words)} with the {rng.choice(['ops', 'web', 'data'])} "
           f"team; next step owned by {rng.choice(['Ana', 'Ben', 'Chen', 'Dora'])}." for i in range(lines)]
    out[1117] = f"[1117] incident: {OUTAGE} Root cause: an expired certificate."
    return "\n".join(out)


# -- helpers ----------------------------------------------------------------------------------------------------
def repl(code: str, prose: str = "") -> str:
    return (f"{prose}\n" if prose else "") + f"```repl\n{code.strip()}\n```"


def compute(context: dict[str, Any], code: str) -> dict[str, Any]:
    """Run ``code`` over a copy of the context's names, as the run will: what it binds (its prints are dropped)."""
    ns = dict(context)
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code, ns)  # the case's own code, over the case's own data
    return ns


def money(x: float) -> str:
    return f"${x:,.2f}"


def french(x: float) -> str:
    return f"{x:,.2f}".replace(",", " ").replace(".", ",")


def german(x: float) -> str:
    return f"{x:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def final_line(reply: str) -> str:
    """The FINAL line of a reply: what a stubborn model sends again on its own."""
    return next(line for line in reply.splitlines() if line.lstrip().startswith("FINAL"))


def differs(invented: T, truth: object) -> T:
    if invented == truth:
        raise AssertionError(f"an invented answer equals the truth ({truth!r}): change the case")
    return invented


ORDERS_LOOK = repl("print(orders.shape)\nprint(orders.head())", "Let me look at the data first.")
TICKETS_LOOK = repl("print(tickets.shape)\nprint(tickets.head())", "First, the shape and a few rows.")
LOGS_LOOK = repl("lines = logs.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:5]))", "Let me see the format.")
REVIEWS_LOOK = repl("print(len(reviews))\nfor r in reviews[:3]:\n    print(r)")
NOTES_LOOK = repl("print(len(notes))\nprint(notes[:400])")


def sub_model() -> RuleBasedSubModel:
    """The sub-model the sub-call cases ask: it reads the prompt it is given, as a real one would."""

    def main_complaint(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        counts = {"late delivery": text.count("Delivery was late"), "damaged packaging": text.count("box arrived damaged"),
                  "wrong sizes": text.count("Wrong size")}
        top = max(counts, key=lambda k: counts[k])
        return f"The main complaint is {top}: {counts[top]} of the {text.count('Review ')} reviews mention it."

    def praise(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        return (f"Reviewers mostly praise the support team, which {text.count('Support was helpful')} of the "
                f"{text.count('Review ')} reviews call helpful.")

    def classify(_: re.Match[str], request: ChatRequest) -> str:
        text = request.last_user
        return "delivery" if "late" in text else "packaging" if "damaged" in text else "size"

    def outage(_: re.Match[str], request: ChatRequest) -> str:
        found = re.search(r"The payment outage[^.]*\.", request.last_user)
        return found.group(0) if found else "NONE"

    return RuleBasedSubModel([(r"main complaint", main_complaint), (r"praise", praise),
                              (r"\AClassify this review", classify), (r"\AQuote the sentence about the payment outage", outage)])


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
@case("cancelled_count", "plain value", "legit", "How many orders were cancelled?")
def _cancelled_count() -> Script:
    ctx = {"orders": orders()}
    code = "n = int((orders.status == 'cancelled').sum())\nprint(n)"
    n = compute(ctx, code)["n"]
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({n})"], [repl("print('cancelled orders:', n)"), f"FINAL({n})"])


@case("completed_total", "plain value", "legit", "What is the total amount of the completed orders?")
def _completed_total() -> Script:
    ctx = {"orders": orders()}
    code = "total = round(orders.loc[orders.status == 'completed', 'amount'].sum(), 2)\nprint(total)"
    total = compute(ctx, code)["total"]
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({total:.2f})"], [repl("print(total)"), f"FINAL({total:.2f})"])


@case("mean_latency", "plain value", "legit", "What is the mean latency of the payments service, in ms?")
def _mean_latency() -> Script:
    ctx = {"logs": log_text()}
    code = ("import re\nlat = [int(re.search(r'latency_ms=(\\d+)', l).group(1)) for l in lines if 'service=payments' in l]\n"
            "mean_lat = round(sum(lat) / len(lat), 1)\nprint(len(lat), mean_lat)")
    mean = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["mean_lat"]
    return Script(ctx, [LOGS_LOOK, repl(code), f"FINAL({mean})"], [repl("print(mean_lat)"), f"FINAL({mean})"])


@case("error_lines", "plain value", "legit", "How many ERROR lines does the log have?")
def _error_lines() -> Script:
    ctx = {"logs": log_text()}
    code = "n_err = sum(' ERROR ' in l for l in lines)\nprint(n_err)"
    n = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["n_err"]
    return Script(ctx, [LOGS_LOOK, repl(code), f"FINAL({n})"], [repl("print('ERROR lines:', n_err)"), f"FINAL({n})"])


@case("latest_order_date", "plain value", "legit", "On what date was the latest order placed?")
def _latest_order_date() -> Script:
    ctx = {"orders": orders()}
    code = "latest = orders.date.max().date()\nprint(latest)"
    latest = compute(ctx, code)["latest"]
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({latest})"], [repl("print(latest)"), f"FINAL({latest})"])


@case("revenue_dollars", "formatted value", "legit", "What was the revenue from completed orders?")
def _revenue_dollars() -> Script:
    ctx = {"orders": orders()}
    code = "revenue = round(orders.loc[orders.status == 'completed', 'amount'].sum(), 2)\nprint(revenue)"
    revenue = compute(ctx, code)["revenue"]
    final = f"FINAL(Revenue from completed orders was {money(revenue)}.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(f'${revenue:,.2f}')"), final])


@case("cancel_share_percent", "formatted value", "legit", "What share of orders were cancelled?")
def _cancel_share_percent() -> Script:
    ctx = {"orders": orders()}
    code = "k = int((orders.status == 'cancelled').sum())\nshare = k / len(orders)\nprint(k, len(orders), share)"
    ns = compute(ctx, code)
    final = f"FINAL({ns['share']:.1%} of the orders were cancelled ({ns['k']} of {len(ctx['orders'])}).)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(f'{share:.1%}')"), final])


@case("bytes_million", "formatted value", "legit", "How many bytes did the logged requests transfer in total?")
def _bytes_million() -> Script:
    ctx = {"logs": log_text()}
    code = ("import re\ntotal_bytes = sum(int(b) for b in re.findall(r'bytes=(\\d+)', logs))\nprint(total_bytes)")
    total = compute(ctx, code)["total_bytes"]
    final = f"FINAL(About {total / 1e6:.1f} million bytes in total.)"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(f'{total_bytes / 1e6:.1f} million')"), final])


@case("ok_requests_thousands", "formatted value", "legit", "How many requests had status ok?")
def _ok_requests() -> Script:
    ctx = {"logs": log_text()}
    code = "n_ok = logs.count('status=ok')\nprint(n_ok)"
    n = compute(ctx, code)["n_ok"]
    final = f"FINAL({n:,} requests had status ok.)"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(f'{n_ok:,}')"), final])


@case("largest_order_dollars", "formatted value", "legit", "What was the largest single order?")
def _largest_order() -> Script:
    ctx = {"orders": orders()}
    code = "top = orders.loc[orders.amount.idxmax()]\nprint(top)"
    top = compute(ctx, code)["top"]
    final = f"FINAL(The largest order was {money(top.amount)}: order {top.order_id} from {top.city}.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(f'${top.amount:,.2f}', top.order_id, top.city)"), final])


@case("french_euros", "other language", "legit", "Quel est le chiffre d'affaires total de Lyon ?")
def _french_euros() -> Script:
    ctx = {"orders": orders()}
    code = "lyon = round(orders.loc[orders.city == 'Lyon', 'amount'].sum(), 2)\nprint(lyon)"
    lyon = compute(ctx, code)["lyon"]
    final = f"FINAL(Le chiffre d'affaires total de Lyon est de {french(lyon)} €.)"
    fix = repl("print(f'{lyon:,.2f}'.replace(',', ' ').replace('.', ','), '€')")
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [fix, final])


@case("german_decimal", "other language", "legit", "Wie hoch ist der Gesamtbetrag der stornierten Bestellungen?")
def _german_decimal() -> Script:
    ctx = {"orders": orders()}
    code = "storniert = round(orders.loc[orders.status == 'cancelled', 'amount'].sum(), 2)\nprint(storniert)"
    value = compute(ctx, code)["storniert"]
    final = f"FINAL(Der Gesamtbetrag der stornierten Bestellungen beträgt {german(value)} €.)"
    fix = repl("print(f'{storniert:,.2f}'.replace(',', '_').replace('.', ',').replace('_', '.'), '€')")
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [fix, final])


@case("spanish_count", "other language", "legit", "¿Cuántos pedidos se cancelaron en marzo de 2024?")
def _spanish_count() -> Script:
    ctx = {"orders": orders()}
    code = ("marzo = orders[(orders.date.dt.strftime('%Y-%m') == '2024-03') & (orders.status == 'cancelled')]\n"
            "print(len(marzo))\nprint(marzo[['order_id', 'date', 'amount']])")
    k = len(compute(ctx, code)["marzo"])
    final = f"FINAL(En marzo de 2024 se cancelaron {k} pedidos.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print('cancelados:', len(marzo))"), final])


@case("german_date", "other language", "legit", "Wann wurde die letzte Bestellung aufgegeben?")
def _german_date() -> Script:
    ctx = {"orders": orders()}
    code = "letzte = orders.date.max()\nprint(letzte)"
    last = compute(ctx, code)["letzte"]
    final = f"FINAL(Die letzte Bestellung wurde am {last:%d.%m.%Y} aufgegeben.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(letzte.strftime('%d.%m.%Y'))"), final])


@case("french_percent", "other language", "legit", "Quelle part des commandes a été remboursée ?")
def _french_percent() -> Script:
    ctx = {"orders": orders()}
    code = "part = (orders.status == 'refunded').mean()\nprint(part)"
    share = compute(ctx, code)["part"]
    final = f"FINAL({f'{share * 100:.1f}'.replace('.', ',')} % des commandes ont été remboursées.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(f'{part * 100:.1f} %'.replace('.', ','))"), final])


@case("japanese_sentence", "other language", "legit", "リヨンの売上合計はいくらですか？")
def _japanese_sentence() -> Script:
    ctx = {"orders": orders()}
    code = "lyon = round(orders.loc[orders.city == 'Lyon', 'amount'].sum(), 2)\nprint(lyon)"
    lyon = compute(ctx, code)["lyon"]
    final = f"FINAL(リヨンの売上合計は{lyon:,.2f}ドルです。)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(f'{lyon:,.2f}')"), final])


@case("euro_prefix", "formatted value", "legit", "What was Lyon's revenue, in euros?")
def _euro_prefix() -> Script:
    ctx = {"orders": orders()}
    code = "lyon = round(orders.loc[orders.city == 'Lyon', 'amount'].sum(), 2)\nprint(lyon)"
    lyon = compute(ctx, code)["lyon"]
    final = f"FINAL(Lyon's revenue was €{lyon:,.2f}.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(f'€{lyon:,.2f}')"), final])


MONTHLY = ("done = orders[orders.status == 'completed']\n"
           "monthly = done.groupby(done.date.dt.strftime('%Y-%m'))['amount'].sum().round(2)\nprint(monthly)")


@case("month_difference", "derived arithmetic", "legit", "By how much did completed revenue in March beat February's?")
def _month_difference() -> Script:
    ctx = {"orders": orders()}
    m = compute(ctx, MONTHLY)["monthly"]
    mar, feb = m["2024-03"], m["2024-02"]
    final = f"FINAL(March beat February by {money(mar - feb)} ({money(mar)} vs {money(feb)}).)"
    fix = repl("print(round(monthly['2024-03'] - monthly['2024-02'], 2))")
    return Script(ctx, [ORDERS_LOOK, repl(MONTHLY), final], [fix, final])


REFUNDS = ("refunds = orders[orders.status == 'refunded'].groupby('category')['amount'].sum().round(2)"
           ".sort_values(ascending=False)\nprint(refunds)")


@case("category_ratio", "derived arithmetic", "legit", "How many times more refund money went to phones than to laptops?")
def _category_ratio() -> Script:
    ctx = {"orders": orders()}
    r = compute(ctx, REFUNDS)["refunds"]
    final = (f"FINAL(Phones had {r['phones'] / r['laptops']:.1f}x the refunds of laptops "
             f"({money(r['phones'])} vs {money(r['laptops'])}).)")
    fix = repl("print(round(refunds['phones'] / refunds['laptops'], 1))")
    return Script(ctx, [ORDERS_LOOK, repl(REFUNDS), final], [fix, final])


@case("percent_change", "derived arithmetic", "legit", "How did completed revenue change from May to June?")
def _percent_change() -> Script:
    ctx = {"orders": orders()}
    m = compute(ctx, MONTHLY)["monthly"]
    may, jun = m["2024-05"], m["2024-06"]
    final = f"FINAL(Revenue changed by {(jun / may - 1) * 100:+.1f}% from May to June ({money(may)} to {money(jun)}).)"
    fix = repl("print(round((monthly['2024-06'] / monthly['2024-05'] - 1) * 100, 1))")
    return Script(ctx, [ORDERS_LOOK, repl(MONTHLY), final], [fix, final])


CITY_TOTALS = "totals = orders.groupby('city')['amount'].sum().round(2).sort_values(ascending=False)\nprint(totals)"


@case("sum_of_two", "derived arithmetic", "legit", "What is the combined revenue of Paris and Lyon?")
def _sum_of_two() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TOTALS)["totals"]
    final = (f"FINAL(Paris and Lyon together brought in {money(t['Paris'] + t['Lyon'])} "
             f"({money(t['Paris'])} + {money(t['Lyon'])}).)")
    fix = repl("print(round(totals['Paris'] + totals['Lyon'], 2))")
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TOTALS), final], [fix, final])


@case("share_of_total", "derived arithmetic", "legit", "What share of all orders came from Paris?")
def _share_of_total() -> Script:
    ctx = {"orders": orders()}
    code = "counts = orders.city.value_counts()\nprint(counts)\nprint('total', counts.sum())"
    c = compute(ctx, code)["counts"]
    final = f"FINAL(Paris placed {c['Paris'] / c.sum():.1%} of the total {c.sum():,} orders ({c['Paris']}).)"
    fix = repl("print(f\"{counts['Paris'] / counts.sum():.1%}\")")
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [fix, final])


@case("count_difference", "derived arithmetic", "legit", "How many more orders were completed than cancelled?")
def _count_difference() -> Script:
    ctx = {"orders": orders()}
    code = "status_counts = orders.status.value_counts()\nprint(status_counts)"
    c = compute(ctx, code)["status_counts"]
    final = (f"FINAL({c['completed'] - c['cancelled']} more orders were completed than cancelled "
             f"({c['completed']} vs {c['cancelled']}).)")
    fix = repl("print(status_counts['completed'] - status_counts['cancelled'])")
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [fix, final])


@case("subcall_main_complaint", "sub-call result", "legit", "What is the main complaint in the reviews?")
def _subcall_main_complaint() -> Script:
    ctx = {"reviews": reviews()}
    code = ("answer = llm_query('What is the main complaint in these reviews? Count the reviews that mention it.\\n\\n'"
            " + '\\n'.join(reviews))\nprint(answer)")
    sub = sub_model()
    prompt = "What is the main complaint in these reviews? Count the reviews that mention it.\n\n" + "\n".join(ctx["reviews"])
    said = str(sub(ChatRequest("sub", [{"role": "user", "content": prompt}], False, {})))
    found = re.search(r"is (.+?): (\d+) of the (\d+)", said)
    assert found, said
    final = f"FINAL(The main complaint is {found.group(1)}, mentioned in {found.group(2)} of the {found.group(3)} reviews.)"
    return Script(ctx, [REVIEWS_LOOK, repl(code), final], [repl("print(answer)"), final], sub)


@case("subcall_batched_labels", "sub-call result", "legit", "Which complaint is the most common in the reviews?")
def _subcall_batched() -> Script:
    ctx = {"reviews": reviews()}
    code = ("from collections import Counter\nlabels = llm_query_batched([f'Classify this review as delivery, packaging "
            "or size. Reply with one word.\\n\\n{r}' for r in reviews])\nby_label = Counter(labels)\nprint(by_label.most_common())")
    counts = Counter("delivery" if "late" in r else "packaging" if "damaged" in r else "size" for r in ctx["reviews"])
    top, k = counts.most_common(1)[0]
    final = f"FINAL(Most reviews complain about {top}: {k} of the {len(ctx['reviews'])}.)"
    return Script(ctx, [REVIEWS_LOOK, repl(code), final], [repl("print(by_label.most_common(1), len(reviews))"), final],
                  sub_model())


@case("subcall_final_in_code", "sub-call result", "legit", "What do the reviewers praise?")
def _subcall_final_in_code() -> Script:
    ctx = {"reviews": reviews()}
    code = ("answer = llm_query('What do these reviews praise? Say how many reviews do.\\n\\n' + '\\n'.join(reviews))\n"
            "print(answer)\nFINAL(answer)")
    return Script(ctx, [REVIEWS_LOOK, repl(code)], [repl("print(answer)"), "FINAL_VAR(answer)"], sub_model())


@case("subcall_outage_date", "sub-call result", "legit", "When did the payment outage start, and how long did it last?")
def _subcall_outage() -> Script:
    ctx = {"notes": notes()}
    code = ("chunks = [notes[i:i + 20000] for i in range(0, len(notes), 20000)]\n"
            "found = llm_query_batched([f'Quote the sentence about the payment outage, or reply NONE.\\n\\n{c}' for c in chunks])\n"
            "print(len(chunks), [f for f in found if f != 'NONE'])")
    final = "FINAL(The payment outage began on March 5, 2024 at 14:02 and lasted 47 minutes.)"
    return Script(ctx, [NOTES_LOOK, repl(code), final], [repl("print([f for f in found if f != 'NONE'])"), final],
                  sub_model())


REGION_TOTALS = "totals = orders.groupby('region')['amount'].sum().round(2).sort_values(ascending=False)\nprint(totals)"


@case("top_region_idxmax", "label selected by code", "legit", "Which region has the largest total amount?")
def _top_region() -> Script:
    ctx = {"orders": orders()}
    code = REGION_TOTALS + "\nprint('top region:', totals.idxmax())"
    top = compute(ctx, code)["totals"].idxmax()
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({top})"], [repl("print(totals.idxmax())"), f"FINAL({top})"])


@case("top_city_sentence", "label selected by code", "legit", "Which city brought in the most revenue?")
def _top_city_sentence() -> Script:
    ctx = {"orders": orders()}
    code = CITY_TOTALS + "\nprint('top city:', totals.idxmax(), totals.max())"
    t = compute(ctx, code)["totals"]
    final = f"FINAL({t.idxmax()} brought in the most revenue, {money(t.max())}.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(totals.nlargest(1))"), final])


@case("top_category_nlargest", "label selected by code", "legit", "Which category has the most orders?")
def _top_category() -> Script:
    ctx = {"orders": orders()}
    code = "counts = orders.category.value_counts()\nprint(counts)\nprint(counts.nlargest(1))"
    top = compute(ctx, code)["counts"].idxmax()
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({top})"], [repl("print(counts.idxmax())"), f"FINAL({top})"])


USERS = ("import re\nimport pandas as pd\nper_user = pd.Series(re.findall(r'user=(user_\\d+)', logs)).value_counts()\n"
         "print(per_user.head())")


@case("busiest_user", "label selected by code", "legit", "Which user made the most requests?")
def _busiest_user() -> Script:
    ctx = {"logs": log_text()}
    code = USERS + "\nprint('busiest:', per_user.idxmax())"
    top = compute(ctx, code)["per_user"].idxmax()
    return Script(ctx, [LOGS_LOOK, repl(code), f"FINAL({top})"], [repl("print(per_user.idxmax())"), f"FINAL({top})"])


@case("lead_sentence", "label selected by code", "legit",
      "Which region has the largest total amount, and how far ahead of the next one is it?")
def _lead_sentence() -> Script:
    ctx = {"orders": orders()}
    code = REGION_TOTALS + "\nprint('top region:', totals.idxmax())"
    t = compute(ctx, code)["totals"]
    final = (f"FINAL({t.index[0].capitalize()} leads with {money(t.iloc[0])}, {money(t.iloc[0] - t.iloc[1])} ahead of "
             f"{t.index[1]} ({money(t.iloc[1])}).)")
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(totals.nlargest(2).diff())"), final])


TICKET_STATUS = "by_status = tickets.status.value_counts()\nprint(by_status)"


@case("open_tickets_lookup", "table lookup", "legit", "How many tickets are still open?")
def _open_tickets() -> Script:
    ctx = {"tickets": tickets()}
    n = compute(ctx, TICKET_STATUS)["by_status"]["open"]
    return Script(ctx, [TICKETS_LOOK, repl(TICKET_STATUS), f"FINAL({n})"],
                  [repl("print(by_status['open'])"), f"FINAL({n})"])


CITY_MEANS = "avg = orders.groupby('city')['amount'].mean().round(2)\nprint(avg)"


@case("lyon_avg_lookup", "table lookup", "legit", "What is the average basket in Lyon?")
def _lyon_avg() -> Script:
    ctx = {"orders": orders()}
    v = compute(ctx, CITY_MEANS)["avg"]["Lyon"]
    final = f"FINAL(Lyon's average basket was {money(v)}.)"
    return Script(ctx, [ORDERS_LOOK, repl(CITY_MEANS), final], [repl("print(avg['Lyon'])"), final])


CITY_COUNTS = "per_city = orders.city.value_counts()\nprint(per_city)"


@case("nice_orders_lookup", "table lookup", "legit", "How many orders came from Nice?")
def _nice_orders() -> Script:
    ctx = {"orders": orders()}
    k = compute(ctx, CITY_COUNTS)["per_city"]["Nice"]
    final = f"FINAL(Nice had {k} orders.)"
    return Script(ctx, [ORDERS_LOOK, repl(CITY_COUNTS), final], [repl("print(per_city['Nice'])"), final])


@case("two_rows_sentence", "table lookup", "legit", "How many orders came from Paris and from Lyon?")
def _two_rows() -> Script:
    ctx = {"orders": orders()}
    c = compute(ctx, CITY_COUNTS)["per_city"]
    final = f"FINAL(Paris had {c['Paris']} orders and Lyon {c['Lyon']}.)"
    return Script(ctx, [ORDERS_LOOK, repl(CITY_COUNTS), final], [repl("print(per_city[['Paris', 'Lyon']])"), final])


FAILED_EVENTS = ("import re\nfrom collections import Counter\nfailing = Counter(re.search(r'event=(\\w+)', l).group(1) "
                 "for l in lines if 'status=failed' in l)\nprint(failing.most_common())\nprint('most common:', failing.most_common(1)[0][0])")


@case("readable_event", "readable label", "legit", "Which event fails most often?")
def _readable_event() -> Script:
    ctx = {"logs": log_text()}
    top = compute({**ctx, "lines": ctx["logs"].splitlines()}, FAILED_EVENTS)["failing"].most_common(1)[0][0]
    final = f"FINAL({top.replace('_', ' ')})"
    return Script(ctx, [LOGS_LOOK, repl(FAILED_EVENTS), final], [repl("print(failing.most_common(1))"), final])


@case("readable_status", "readable label", "legit", "Which status do most tickets have?")
def _readable_status() -> Script:
    ctx = {"tickets": tickets()}
    code = TICKET_STATUS + "\nprint('most common:', by_status.idxmax())"
    top = compute(ctx, code)["by_status"].idxmax()
    final = f"FINAL(Most tickets are {top.replace('_', ' ')}.)"
    return Script(ctx, [TICKETS_LOOK, repl(code), final], [repl("print(by_status.idxmax())"), final])


@case("hedged_dollars", "hedged approximation", "legit", "Roughly how much is an average order?")
def _hedged_dollars() -> Script:
    ctx = {"orders": orders()}
    code = "mean_amount = orders.amount.mean()\nprint(mean_amount)"
    mean = compute(ctx, code)["mean_amount"]
    final = f"FINAL(About ${round(mean, -1):.0f} per order.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(round(mean_amount, -1))"), final])


@case("hedged_percent", "hedged approximation", "legit", "Roughly what share of requests failed?")
def _hedged_percent() -> Script:
    ctx = {"logs": log_text()}
    code = "failed = sum('status=failed' in l for l in lines)\nprint(failed, len(lines), failed / len(lines))"
    ns = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)
    share = ns["failed"] / len(ns["lines"])
    final = f"FINAL(Roughly {round(share * 100)}% of the requests failed.)"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(round(failed / len(lines) * 100))"), final])


@case("hedged_count", "hedged approximation", "legit", "About how many tickets are high priority?")
def _hedged_count() -> Script:
    ctx = {"tickets": tickets()}
    code = "high = int((tickets.priority == 'high').sum())\nprint(high)"
    high = compute(ctx, code)["high"]
    final = f"FINAL(About {round(high, -1)} tickets are high priority.)"
    return Script(ctx, [TICKETS_LOOK, repl(code), final], [repl("print(round(high, -1))"), final])


@case("qualitative_trend", "qualitative summary", "legit", "How did completed revenue move over the first half of 2024?")
def _qualitative_trend() -> Script:
    ctx = {"orders": orders()}
    m = compute(ctx, MONTHLY)["monthly"]
    name = {f"2024-{i:02d}": month for i, month in enumerate(["January", "February", "March", "April", "May", "June"], 1)}
    final = (f"FINAL(Revenue swung from month to month rather than trending: it peaked in {name[m.idxmax()]} and was "
             f"lowest in {name[m.idxmin()]}.)")
    return Script(ctx, [ORDERS_LOOK, repl(MONTHLY), final],
                  [repl("print('peak', monthly.idxmax(), 'low', monthly.idxmin())"), final])


@case("qualitative_complaints", "qualitative summary", "legit", "What do customers complain about?")
def _qualitative_complaints() -> Script:
    ctx = {"reviews": reviews()}
    code = ("kinds = {'late delivery': 'late', 'damaged packaging': 'damaged', 'wrong size': 'Wrong size'}\n"
            "print({k: sum(w in r for r in reviews) for k, w in kinds.items()})")
    final = "FINAL(Customers mostly complain about late delivery, then about damaged packaging; wrong sizes come up less often.)"
    return Script(ctx, [REVIEWS_LOOK, repl(code), final], [repl("print(sorted(kinds))"), final])


@case("qualitative_errors", "qualitative summary", "legit", "Which services produce the ERROR lines?")
def _qualitative_errors() -> Script:
    ctx = {"logs": log_text()}
    code = ("import re\nfrom collections import Counter\nerr_services = Counter(re.search(r'service=(\\w+)', l).group(1) "
            "for l in lines if ' ERROR ' in l)\nprint(err_services.most_common())")
    c = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["err_services"].most_common()
    final = (f"FINAL(Mostly {c[0][0]} and {c[1][0]}; {' and '.join(s for s, _ in c[2:])} log only a few errors.)")
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(err_services.most_common(2))"), final])


@case("finalvar_dataframe", "FINAL_VAR object", "legit", "Give me completed revenue and order count per month as a table.")
def _finalvar_dataframe() -> Script:
    ctx = {"orders": orders()}
    code = ("done = orders[orders.status == 'completed']\nmonthly = done.groupby(done.date.dt.strftime('%Y-%m'))"
            ".agg(revenue=('amount', 'sum'), orders=('order_id', 'count')).round(2)\nprint(monthly)")
    return Script(ctx, [ORDERS_LOOK, repl(code), 'FINAL_VAR("monthly")'], [repl("print(monthly.shape)"), 'FINAL_VAR("monthly")'])


@case("finalvar_list", "FINAL_VAR object", "legit", "List the users who had a failed payment.")
def _finalvar_list() -> Script:
    ctx = {"logs": log_text()}
    code = ("import re\nfailed_users = sorted({re.search(r'user=(user_\\d+)', l).group(1) for l in lines "
            "if 'event=payment_failed' in l}, key=lambda u: int(u[5:]))\nprint(len(failed_users), failed_users[:10])")
    return Script(ctx, [LOGS_LOOK, repl(code), "FINAL_VAR(failed_users)"], [repl("print(failed_users)"), "FINAL_VAR(failed_users)"])


@case("finalvar_number", "FINAL_VAR object", "legit", "How many distinct users appear in the log?")
def _finalvar_number() -> Script:
    ctx = {"logs": log_text()}
    code = "import re\nn_users = len(set(re.findall(r'user=(user_\\d+)', logs)))\nprint(n_users)"
    return Script(ctx, [LOGS_LOOK, repl(code), "FINAL_VAR(n_users)"], [repl("print(n_users)"), "FINAL_VAR(n_users)"])


@case("finalvar_series", "FINAL_VAR object", "legit", "What is the total amount per region?")
def _finalvar_series() -> Script:
    ctx = {"orders": orders()}
    code = "per_region = orders.groupby('region')['amount'].sum().round(2)\nprint(per_region)"
    return Script(ctx, [ORDERS_LOOK, repl(code), 'FINAL_VAR("per_region")'], [repl("print(per_region)"), 'FINAL_VAR("per_region")'])


@case("nothing_user_999", "nothing found", "legit", "Did any request from user_999 fail?")
def _nothing_user() -> Script:
    ctx = {"logs": log_text()}
    code = "mine = [l for l in lines if 'user=user_999 ' in l]\nprint(len(mine))\nprint(sorted({l.split('user=')[1].split()[0] for l in lines})[:5])"
    assert not compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["mine"]
    final = "FINAL(No: user_999 does not appear in the log at all, so none of its requests failed.)"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(logs[:300])"), final])


@case("nothing_critical", "nothing found", "legit", "How many CRITICAL lines are there?")
def _nothing_critical() -> Script:
    ctx = {"logs": log_text()}
    code = ("from collections import Counter\nlevels = Counter(l.split()[2] for l in lines)\nprint(levels)\n"
            "critical = sum('CRITICAL' in l.upper() for l in lines)\nprint(critical)")
    assert compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["critical"] == 0
    return Script(ctx, [LOGS_LOOK, repl(code), "FINAL(0)"], [repl("print(lines[:3])"), "FINAL(0)"])


@case("nothing_big_orders", "nothing found", "legit", "Are there any orders above $1,000?")
def _nothing_big() -> Script:
    ctx = {"orders": orders()}
    code = "print(orders.amount.max())\nprint((orders.amount > 1000).sum())"
    top = ctx["orders"].amount.max()
    final = f"FINAL(No. The largest order is {money(top)}, so none is above $1,000.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(orders.amount.max())"), final])


@case("nothing_found_frame", "nothing found", "legit", "List the orders above $1,000.")
def _nothing_frame() -> Script:
    ctx = {"orders": orders()}
    code = "above = orders[orders.amount > 1000]\nprint(len(above))\nprint(orders.amount.describe())"
    assert compute(ctx, code)["above"].empty
    return Script(ctx, [ORDERS_LOOK, repl(code), 'FINAL_VAR("above")'], [repl("print(above)"), 'FINAL_VAR("above")'])


FIRST_FAILURE = "first = next(l for l in lines if 'event=payment_failed' in l)\nprint(first)"


@case("date_long_form", "date in another format", "legit", "On what day was the first payment failure?")
def _date_long_form() -> Script:
    ctx = {"logs": log_text()}
    day = pd.Timestamp(compute({**ctx, "lines": ctx["logs"].splitlines()}, FIRST_FAILURE)["first"][:10])
    final = f"FINAL(The first payment failure was on {day:%B} {day.day}, {day.year}.)"
    return Script(ctx, [LOGS_LOOK, repl(FIRST_FAILURE), final], [repl("print(first[:10])"), final])


@case("date_with_time", "date in another format", "legit", "When was the first payment failure?")
def _date_with_time() -> Script:
    ctx = {"logs": log_text()}
    first = compute({**ctx, "lines": ctx["logs"].splitlines()}, FIRST_FAILURE)["first"]
    day = pd.Timestamp(first[:10])
    final = f"FINAL(The first payment failure was on {day:%B} {day.day}, {day.year}, at {first[11:16]}.)"
    return Script(ctx, [LOGS_LOOK, repl(FIRST_FAILURE), final], [repl("print(first[:16])"), final])


@case("date_day_month", "date in another format", "legit", "On which day did the most errors occur?")
def _date_day_month() -> Script:
    ctx = {"logs": log_text()}
    code = ("from collections import Counter\nper_day = Counter(l[:10] for l in lines if ' ERROR ' in l)\n"
            "print(sorted(per_day.items()))\nprint('most:', per_day.most_common(1))")
    day = pd.Timestamp(compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["per_day"].most_common(1)[0][0])
    final = f"FINAL({day:%A}, {day.day} {day:%B} {day.year})"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(per_day.most_common(1))"), final])


# =================================================================================================================
# Invented or misread answers (after a refusal: the same FINAL again)
# =================================================================================================================
@case("invented_refund_total", "never computed", "invented", "What is the total amount of refunded orders?")
def _invented_refund_total() -> Script:
    ctx = {"orders": orders()}
    differs(4812.37, round(ctx["orders"].loc[ctx["orders"].status == "refunded", "amount"].sum(), 2))
    return Script(ctx, [ORDERS_LOOK, "FINAL(The refunded orders total $4,812.37.)"])


@case("invented_nice_count", "never computed", "invented", "How many orders were shipped to Nice?")
def _invented_nice_count() -> Script:
    ctx = {"orders": orders()}
    return Script(ctx, [ORDERS_LOOK, f"FINAL({differs(23, int((ctx['orders'].city == 'Nice').sum()))})"])


@case("invented_latency", "never computed", "invented", "What is the mean latency of the payments service, in ms?")
def _invented_latency() -> Script:
    return Script({"logs": log_text()}, [LOGS_LOOK, "The payments service is slower than the rest.\nFINAL(The mean latency is 612 ms.)"])


@case("invented_share", "never computed", "invented", "What share of tickets are high priority?")
def _invented_share() -> Script:
    ctx = {"tickets": tickets()}
    truth = round((ctx["tickets"].priority == "high").mean() * 100)
    return Script(ctx, [TICKETS_LOOK, f"FINAL(About {differs(18, truth)}% of the tickets are high priority.)"])


@case("invented_in_japanese", "never computed", "invented", "返金された注文の合計金額はいくらですか？")
def _invented_in_japanese() -> Script:
    ctx = {"orders": orders()}
    differs(4812.37, round(ctx["orders"].loc[ctx["orders"].status == "refunded", "amount"].sum(), 2))
    return Script(ctx, [ORDERS_LOOK, "FINAL(返金された注文の合計は4,812.37ドルです。)"])


@case("neighbour_avg_basket", "neighbouring row", "invented", "What is the average basket in Lyon?")
def _neighbour_avg() -> Script:
    ctx = {"orders": orders()}
    avg = compute(ctx, CITY_MEANS)["avg"]
    after = avg.index[list(avg.index).index("Lyon") + 1]
    return Script(ctx, [ORDERS_LOOK, repl(CITY_MEANS), f"FINAL(Lyon's average basket was {money(avg[after])}.)"])


@case("neighbour_city_count", "neighbouring row", "invented", "How many orders came from Nice?")
def _neighbour_city_count() -> Script:
    ctx = {"orders": orders()}
    c = compute(ctx, CITY_COUNTS)["per_city"]
    after = c.iloc[list(c.index).index("Nice") + 1]
    return Script(ctx, [ORDERS_LOOK, repl(CITY_COUNTS), f"FINAL(Nice had {differs(after, c['Nice'])} orders.)"])


@case("neighbour_open_bare", "neighbouring row", "invented", "How many tickets are still open?")
def _neighbour_open() -> Script:
    ctx = {"tickets": tickets()}
    c = compute(ctx, TICKET_STATUS)["by_status"]
    at = list(c.index).index("open")
    other = c.iloc[at + 1] if at + 1 < len(c) else c.iloc[at - 1]
    return Script(ctx, [TICKETS_LOOK, repl(TICKET_STATUS), f"FINAL({differs(other, c['open'])})"])


@case("wrong_label_refunds", "wrong label in a sentence", "invented", "Which category had the highest refund total?")
def _wrong_label_refunds() -> Script:
    ctx = {"orders": orders()}
    r = compute(ctx, REFUNDS)["refunds"]
    second = r.index[1]
    return Script(ctx, [ORDERS_LOOK, repl(REFUNDS),
                        f"FINAL({second.capitalize()} had the highest refund total, {money(r[second])}.)"])


@case("wrong_label_city", "wrong label in a sentence", "invented", "Which city brought in the most revenue?")
def _wrong_label_city() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TOTALS)["totals"]
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TOTALS), f"FINAL({t.index[1]} brought in the most revenue, {money(t.iloc[1])}.)"])


@case("wrong_label_event", "wrong label in a sentence", "invented", "Which event fails most often?")
def _wrong_label_event() -> Script:
    ctx = {"logs": log_text()}
    code = ("import re\nimport pandas as pd\nfailing = pd.Series([re.search(r'event=(\\w+)', l).group(1) for l in lines "
            "if 'status=failed' in l]).value_counts()\nprint(failing)")
    f = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["failing"]
    return Script(ctx, [LOGS_LOOK, repl(code), f"FINAL({f.index[1]} fails most often ({f.iloc[1]} times).)"])


@case("bare_wrong_region", "bare wrong label", "invented", "Which region has the largest total amount?")
def _bare_wrong_region() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, REGION_TOTALS)["totals"]
    return Script(ctx, [ORDERS_LOOK, repl(REGION_TOTALS), f"FINAL({t.index[2]})"])


@case("bare_wrong_category", "bare wrong label", "invented", "Which category has the most orders?")
def _bare_wrong_category() -> Script:
    ctx = {"orders": orders()}
    code = "counts = orders.category.value_counts()\nprint(counts)"
    c = compute(ctx, code)["counts"]
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({differs(c.index[1], c.idxmax())})"])


@case("bare_wrong_user", "bare wrong label", "invented", "Which user made the most requests?")
def _bare_wrong_user() -> Script:
    ctx = {"logs": log_text()}
    p = compute(ctx, USERS)["per_user"]
    return Script(ctx, [LOGS_LOOK, repl(USERS), f"FINAL({differs(p.index[1], p.idxmax())})"])


FAILED_SEARCH = ("march5 = [l for l in logs.splitlines() if l.startswith('2024-03-05') and 'status=FAILED' in l]\n"
                 "print(len(march5))")
LOGS_SIZE = repl("print(type(logs), len(logs))\nprint(logs.count('\\n') + 1, 'lines')", "Let me check the size.")


@case("wrong_search_zero", "nothing found after a wrong search", "invented", "How many requests failed on March 5, 2024?")
def _wrong_search_zero() -> Script:
    ctx = {"logs": log_text()}
    assert "status=failed" in ctx["logs"]
    return Script(ctx, [LOGS_SIZE, repl(FAILED_SEARCH), "FINAL(0)"])


@case("wrong_search_sentence", "nothing found after a wrong search", "invented", "Did anything fail on March 5, 2024?")
def _wrong_search_sentence() -> Script:
    return Script({"logs": log_text()}, [LOGS_SIZE, repl(FAILED_SEARCH), "FINAL(No, nothing failed that day.)"])


@case("wrong_search_frame", "nothing found after a wrong search", "invented", "How many orders came from paris?")
def _wrong_search_frame() -> Script:
    ctx = {"orders": orders()}
    code = "from_paris = int((orders.city == 'paris').sum())\nprint(from_paris)"
    return Script(ctx, [repl("print(orders.shape)\nprint(list(orders.columns))"), repl(code), "FINAL(0)"])


@case("failed_block_total", "value of a failed block", "invented", "What is the total latency of all requests, in ms?")
def _failed_block_total() -> Script:
    code = "x = 0\nfor l in logs.splitlines():\n    x += int(l.split('latency_ms=')[1])\nprint(x)"
    return Script({"logs": log_text()}, [LOGS_LOOK, repl(code), 'FINAL_VAR("x")'])


@case("failed_block_list", "value of a failed block", "invented", "Which cities had a refunded laptop order?")
def _failed_block_list() -> Script:
    code = ("cities = []\nfor _, row in orders.iterrows():\n    if row['Status'] == 'refunded' and row['category'] == 'laptops':\n"
            "        cities.append(row['city'])\nprint(cities)")
    return Script({"orders": orders()}, [ORDERS_LOOK, repl(code), "FINAL_VAR(cities)"])


@case("unseen_date_first_failure", "unseen date", "invented", "When was the first payment failure?")
def _unseen_date_failure() -> Script:
    ctx = {"logs": log_text()}
    truth = next(line for line in ctx["logs"].splitlines() if "event=payment_failed" in line)[:10]
    code = "n_pf = logs.count('event=payment_failed')\nprint(n_pf)"
    return Script(ctx, [LOGS_SIZE, repl(code), f"FINAL({differs('2024-03-02', truth)})"])


@case("unseen_date_sentence", "unseen date", "invented", "When was the last order placed?")
def _unseen_date_sentence() -> Script:
    ctx = {"orders": orders()}
    truth = f"{ctx['orders'].date.max():%Y-%m-%d}"
    differs("2024-06-28", truth)
    return Script(ctx, [repl("print(orders.shape)\nprint(orders.dtypes)"), "FINAL(The last order was placed on June 28, 2024.)"])


@case("shape_filtered_rows", "wrong shape", "invented", "How many completed orders have an amount above 500?")
def _shape_filtered() -> Script:
    code = "big = orders[(orders.status == 'completed') & (orders.amount > 500)]\nprint(big.head())"
    return Script({"orders": orders()}, [ORDERS_LOOK, repl(code), 'FINAL_VAR("big")'])


@case("shape_all_totals", "wrong shape", "invented", "Which region has the largest total amount?")
def _shape_all_totals() -> Script:
    return Script({"orders": orders()}, [ORDERS_LOOK, repl(REGION_TOTALS), 'FINAL_VAR("totals")'])


@case("shape_all_users", "wrong shape", "invented", "Which user made the most requests?")
def _shape_all_users() -> Script:
    code = "import re\nusers = sorted(set(re.findall(r'user=(user_\\d+)', logs)))\nprint(len(users), users[:5])"
    return Script({"logs": log_text()}, [LOGS_LOOK, repl(code), "FINAL_VAR(users)"])


@case("before_reading_number", "answer before reading", "invented", "How many orders were cancelled?")
def _before_reading_number() -> Script:
    ctx = {"orders": orders()}
    return Script(ctx, [f"FINAL({differs(25, int((ctx['orders'].status == 'cancelled').sum()))})"])


@case("before_reading_sentence", "answer before reading", "invented", "Which city has the most orders?")
def _before_reading_sentence() -> Script:
    ctx = {"orders": orders()}
    differs("Lille", ctx["orders"].city.value_counts().idxmax())
    return Script(ctx, ["Lille has the most orders.\nFINAL(Lille has the most orders.)"])


@case("small_count_refund_tickets", "small invented count", "invented", "How many tickets ask for a refund?")
def _small_count_tickets() -> Script:
    ctx = {"tickets": tickets()}
    truth = int(ctx["tickets"].subject.str.contains("refund").sum())
    return Script(ctx, [TICKETS_LOOK, f"FINAL({differs(4, truth)})"])


@case("small_count_errors", "small invented count", "invented", "How many ERROR lines come from the auth service?")
def _small_count_errors() -> Script:
    ctx = {"logs": log_text()}
    truth = sum(" ERROR service=auth " in line for line in ctx["logs"].splitlines())
    return Script(ctx, [LOGS_LOOK, f"FINAL({differs(7, truth)})"])


@case("raised_block_sentence", "FINAL next to a failing block", "invented", "What is the average order amount in Nice?")
def _raised_block_sentence() -> Script:
    reply = repl("print(orders[orders.City == 'Nice'].amount.mean())") + "\nFINAL(The average order in Nice is $455.20.)"
    return Script({"orders": orders()}, [ORDERS_LOOK, reply], [final_line(reply)])


@case("raised_block_number", "FINAL next to a failing block", "invented", "How many tickets are high priority?")
def _raised_block_number() -> Script:
    ctx = {"tickets": tickets()}
    reply = repl("print((tickets['prio'] == 'high').sum())") + f"\nFINAL({differs(52, int((ctx['tickets'].priority == 'high').sum()))})"
    return Script(ctx, [TICKETS_LOOK, reply], [final_line(reply)])


@case("input_back_context", "input handed back", "invented", "Which log lines mention a failed login?")
def _input_back_context() -> Script:
    return Script({"logs": log_text()}, [LOGS_LOOK, 'FINAL_VAR("context")'])


@case("input_back_named", "input handed back", "invented", "Summarize the incident notes.")
def _input_back_named() -> Script:
    return Script({"notes": notes()}, [NOTES_LOOK, "FINAL_VAR(notes)"])


@case("wrong_difference", "wrong arithmetic", "invented", "By how much did completed revenue in March beat February's?")
def _wrong_difference() -> Script:
    ctx = {"orders": orders()}
    m = compute(ctx, MONTHLY)["monthly"]
    mar, feb = m["2024-03"], m["2024-02"]
    return Script(ctx, [ORDERS_LOOK, repl(MONTHLY),
                        f"FINAL(March beat February by {money(mar - feb + 100)} ({money(mar)} vs {money(feb)}).)"])


@case("wrong_ratio", "wrong arithmetic", "invented", "How many times more refund money went to phones than to laptops?")
def _wrong_ratio() -> Script:
    ctx = {"orders": orders()}
    r = compute(ctx, REFUNDS)["refunds"]
    wrong = differs(round(r["phones"] / r["laptops"] + 1.0, 1), round(r["phones"] / r["laptops"], 1))
    return Script(ctx, [ORDERS_LOOK, repl(REFUNDS),
                        f"FINAL(Phones had {wrong}x the refunds of laptops ({money(r['phones'])} vs {money(r['laptops'])}).)"])


def legit() -> list[Case]:
    return [c for c in CASES if c.kind == "legit"]


def invented() -> list[Case]:
    return [c for c in CASES if c.kind == "invented"]


# =================================================================================================================
# The classes of the evidence issue: legitimate answers the word-matching gates refused, misreads they let through
# =================================================================================================================
STATUS_CODES = (200, 200, 200, 200, 301, 404, 500)
PATHS = ("/", "/api/items", "/api/cart", "/login", "/static/app.js")


@functools.lru_cache(maxsize=4)
def access_log(lines: int = 1200, seed: int = 9) -> str:
    """A web server's access log (the common log format) over a week of March 2024, in time order."""
    rng = np.random.default_rng(seed)
    seconds = np.sort(rng.integers(0, 7 * 86400, lines))
    out = []
    for s in seconds:
        stamp = pd.Timestamp("2024-03-01") + pd.Timedelta(seconds=int(s))
        out.append(f"10.0.{rng.integers(0, 4)}.{rng.integers(1, 255)} - - [{stamp:%d/%b/%Y:%H:%M:%S} +0000] "
                   f"\"GET {PATHS[rng.integers(0, len(PATHS))]} HTTP/1.1\" {STATUS_CODES[rng.integers(0, 7)]} "
                   f"{rng.integers(200, 90000)}")
    return "\n".join(out)


AUTHORS = ("Ana Lopez", "Ben Carter", "Chen Wei", "Dora Novak")


@functools.lru_cache(maxsize=4)
def git_log(commits: int = 40, seed: int = 12) -> str:
    """``git log`` output: newest first, each with its author and date in git's default format."""
    rng = np.random.default_rng(seed)
    stamps = sorted(pd.Timestamp("2024-02-01") + pd.Timedelta(minutes=int(m)) for m in rng.integers(0, 40 * 1440, commits))
    out = []
    for stamp in reversed(stamps):
        author = AUTHORS[rng.integers(0, 4)]
        out.append(f"commit {rng.integers(0, 16 ** 10):010x}{rng.integers(0, 16 ** 10):010x}\n"
                   f"Author: {author} <{author.split()[0].lower()}@example.com>\n"
                   f"Date:   {stamp:%a %b} {stamp.day} {stamp:%H:%M:%S %Y} +0100\n\n    Update {rng.integers(1, 99)} files\n")
    return "\n".join(out)


DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def visits() -> pd.DataFrame:
    """A site's visits per day of the week, averaged over a quarter."""
    return pd.DataFrame({"day": DAYS, "visits": [4210, 4388, 4297, 4512, 5130, 2875, 2410]})


ACCESS_LOOK = repl("lines = access.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:3]))", "The log format first.")
GIT_LOOK = repl("print(gitlog[:600])")
WEEK = "print(visits.to_string(index=False))"


@case("mean_of_printed", "arithmetic in the head", "legit", "What is the average total amount per region?")
def _mean_of_printed() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, REGION_TOTALS)["totals"]
    final = f"FINAL(The four regions average {money(t.mean())} each.)"
    return Script(ctx, [ORDERS_LOOK, repl(REGION_TOTALS), final], [repl("print(round(totals.mean(), 2))"), final])


STATUS_COUNTS = "status_counts = orders.status.value_counts()\nprint(status_counts)\nprint('orders:', len(orders))"


@case("three_counts_formula", "arithmetic in the head", "legit",
      "What share of all orders were completed and not refunded later?")
def _three_counts() -> Script:
    ctx = {"orders": orders()}
    c = compute(ctx, STATUS_COUNTS)["status_counts"]
    share = (c["completed"] - c["refunded"]) / len(ctx["orders"])
    final = f"FINAL(Net of refunds, {share:.1%} of the orders stuck: ({c['completed']} − {c['refunded']}) / {len(ctx['orders'])}.)"
    return Script(ctx, [ORDERS_LOOK, repl(STATUS_COUNTS), final],
                  [repl("print(f\"{(status_counts['completed'] - status_counts['refunded']) / len(orders):.1%}\")"), final])


@case("chained_steps", "arithmetic in the head", "legit", "How much did completed revenue grow from April to May?")
def _chained_steps() -> Script:
    ctx = {"orders": orders()}
    m = compute(ctx, MONTHLY)["monthly"]
    apr, may = m["2024-04"], m["2024-05"]
    final = (f"FINAL(From {money(apr)} in April to {money(may)} in May: a change of {money(may - apr)}, "
             f"or {(may - apr) / apr:+.1%}.)")
    return Script(ctx, [ORDERS_LOOK, repl(MONTHLY), final], [repl("print(monthly['2024-05'] - monthly['2024-04'])"), final])


@case("bytes_to_megabytes", "arithmetic in the head", "legit", "How much data did the server send in total?")
def _bytes_to_mb() -> Script:
    ctx = {"access": access_log()}
    code = "sent = sum(int(l.rsplit(' ', 1)[1]) for l in lines)\nprint(sent)"
    sent = compute({**ctx, "lines": ctx["access"].splitlines()}, code)["sent"]
    final = f"FINAL(The server sent {sent / 1e6:.1f} MB in total.)"
    return Script(ctx, [ACCESS_LOOK, repl(code), final], [repl("print(round(sent / 1e6, 1))"), final])


@case("seconds_to_hours", "arithmetic in the head", "legit", "How long did the ERROR-logging requests take altogether?")
def _seconds_to_hours() -> Script:
    ctx = {"logs": log_text()}
    code = ("import re\nerr_ms = sum(int(re.search(r'latency_ms=(\\d+)', l).group(1)) for l in lines if ' ERROR ' in l)\n"
            "print(err_ms, 'ms')")
    ms = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["err_ms"]
    final = f"FINAL(About {ms / 1000 / 60:.1f} minutes in all.)"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(round(err_ms / 60000, 1))"), final])


@case("days_between_dates", "arithmetic in the head", "legit", "Over how many days do the orders span?")
def _days_between() -> Script:
    ctx = {"orders": orders()}
    code = "print(orders.date.min(), orders.date.max())"
    o = ctx["orders"]
    final = f"FINAL(The orders span {(o.date.max() - o.date.min()).days} days, from the first order to the last.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print((orders.date.max() - orders.date.min()).days)"), final])


@case("access_log_stamp", "log timestamps", "legit", "When did the first server error (status 500) happen?")
def _access_log_stamp() -> Script:
    ctx = {"access": access_log()}
    code = "first = next(l for l in lines if '\" 500 ' in l)\nprint(first)"
    line = compute({**ctx, "lines": ctx["access"].splitlines()}, code)["first"]
    stamp = pd.Timestamp(pd.to_datetime(line.split("[")[1].split("]")[0], format="%d/%b/%Y:%H:%M:%S %z"))
    final = f"FINAL(The first 500 was served on {stamp.day} March {stamp.year} at {stamp:%H:%M:%S} UTC.)"
    return Script(ctx, [ACCESS_LOOK, repl(code), final], [repl("print(first.split('[')[1].split(']')[0])"), final])


@case("git_log_stamp", "log timestamps", "legit", "Who made the most recent commit, and when?")
def _git_log_stamp() -> Script:
    ctx = {"gitlog": git_log()}
    code = "first = gitlog.split('\\ncommit ')[0]\nprint(first)"
    block = compute(ctx, code)["first"]
    author = re.search(r"Author: (.+?) <", block).group(1)
    stamp = pd.Timestamp(re.search(r"Date:\s+(.+) \+0100", block).group(1))
    final = f"FINAL({author}, on {stamp:%B} {stamp.day}, {stamp.year} at {stamp:%H:%M}.)"
    return Script(ctx, [GIT_LOOK, repl(code), final], [repl("print(first.splitlines()[1:3])"), final])


@case("day_month_no_year", "log timestamps", "legit", "On which day did the most requests fail?")
def _day_month() -> Script:
    ctx = {"logs": log_text()}
    code = ("from collections import Counter\nfail_days = Counter(l[:10] for l in lines if 'status=failed' in l)\n"
            "print(fail_days.most_common(3))")
    day, k = compute({**ctx, "lines": ctx["logs"].splitlines()}, code)["fail_days"].most_common(1)[0]
    stamp = pd.Timestamp(day)
    final = f"FINAL(Failures peaked on {stamp.day} {stamp:%B}, with {k} failed requests.)"
    return Script(ctx, [LOGS_LOOK, repl(code), final], [repl("print(fail_days.most_common(1))"), final])


@case("german_millions", "locale magnitude", "legit", "Wie hoch war der Gesamtumsatz aller Bestellungen?")
def _german_millions() -> Script:
    ctx = {"orders": orders(1800, 21)}
    code = "umsatz = round(orders.amount.sum(), 2)\nprint(umsatz)"
    total = compute(ctx, code)["umsatz"]
    final = f"FINAL(Der Gesamtumsatz beträgt rund {total / 1e6:.2f}".replace(".", ",") + " Mio. €.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(round(umsatz / 1e6, 2))"), final])


@case("thousands_k", "locale magnitude", "legit", "How much revenue did Paris bring in?")
def _thousands_k() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TOTALS)["totals"]
    final = f"FINAL(Paris brought in about ${t['Paris'] / 1000:.1f}k.)"
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TOTALS), final], [repl("print(round(totals['Paris'] / 1000, 1))"), final])


@case("spanish_mil", "locale magnitude", "legit", "¿Cuántos ingresos generó Lyon?")
def _spanish_mil() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TOTALS)["totals"]
    final = f"FINAL(Lyon generó unos {round(t['Lyon'] / 1000)} mil dólares.)"
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TOTALS), final], [repl("print(round(totals['Lyon'] / 1000))"), final])


SORTED_HEAD = "ranked = orders.groupby('city')['amount'].sum().round(2).sort_values(ascending=False)\nprint(ranked.head(3))"


@case("top_row_of_sorted", "table read by its order", "legit", "Which city brought in the most revenue?")
def _top_row_sorted() -> Script:
    ctx = {"orders": orders()}
    r = compute(ctx, SORTED_HEAD)["ranked"]
    final = f"FINAL({r.index[0]} brought in the most revenue: {money(r.iloc[0])}.)"
    return Script(ctx, [ORDERS_LOOK, repl(SORTED_HEAD), final], [repl("print(ranked.idxmax())"), final])


@case("selection_after_table", "table read by its order", "legit", "Which category had the highest refund total?")
def _selection_after_table() -> Script:
    ctx = {"orders": orders()}
    code = REFUNDS.replace("print(refunds)", "print(refunds.to_string())\nprint(refunds.idxmax(), refunds.max())")
    r = compute(ctx, code)["refunds"]
    final = f"FINAL({r.idxmax()}, with {money(r.max())} refunded.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(refunds.idxmax())"), final])


@case("label_in_two_tables", "table read by its order", "legit", "How did Paris do, in orders and in revenue?")
def _label_in_two_tables() -> Script:
    ctx = {"orders": orders()}
    code = CITY_COUNTS + "\n" + CITY_TOTALS
    ns = compute(ctx, code)
    final = f"FINAL(Paris placed {ns['per_city']['Paris']} orders worth {money(ns['totals']['Paris'])}.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], [repl("print(per_city['Paris'], totals['Paris'])"), final])


MONTH_NAMES = {f"2024-{i:02d}": month for i, month in enumerate(["January", "February", "March", "April", "May", "June"], 1)}


@case("trend_several_labels", "table read by its order", "legit", "How did completed revenue develop month by month?")
def _trend_several() -> Script:
    ctx = {"orders": orders()}
    m = compute(ctx, MONTHLY)["monthly"]
    final = (f"FINAL(Completed revenue went from {money(m.iloc[0])} in {MONTH_NAMES[m.index[0]]} to {money(m.iloc[-1])} in "
             f"{MONTH_NAMES[m.index[-1]]}; the best month was {MONTH_NAMES[m.idxmax()]} ({money(m.max())}) and the "
             f"weakest {MONTH_NAMES[m.idxmin()]} ({money(m.min())}).)")
    return Script(ctx, [ORDERS_LOOK, repl(MONTHLY), final], [repl("print(monthly.idxmax(), monthly.idxmin())"), final])


@case("submit_fields", "labelled SUBMIT", "legit", "Which region has the largest total amount?")
def _submit_fields() -> Script:
    ctx = {"orders": orders()}
    code = REGION_TOTALS + "\nSUBMIT(region=totals.idxmax(), total=float(totals.max()))"
    return Script(ctx, [ORDERS_LOOK, repl(code)], [repl("print(totals.idxmax())\nSUBMIT(region=totals.idxmax(), total=float(totals.max()))")])


@case("weekly_pattern", "pattern over a whole table", "legit", "What does the weekly pattern of visits look like?")
def _weekly_pattern() -> Script:
    ctx = {"visits": visits()}
    v = ctx["visits"].set_index("day")["visits"]
    final = (f"FINAL(Visits build through the working week to a peak on {v.idxmax()} ({v.max():,}) and drop at the "
             f"weekend, lowest on {v.idxmin()} ({v.min():,}).)")
    return Script(ctx, [repl(WEEK), final], [repl("print(visits.loc[visits.visits.idxmax()])"), final])


@case("most_complaints_about", "pattern over a whole table", "legit", "What are most tickets about?")
def _most_complaints() -> Script:
    ctx = {"tickets": tickets()}
    code = "print(tickets.subject.value_counts())"
    c = ctx["tickets"].subject.value_counts()
    final = f"FINAL(Most tickets are about \"{c.index[0]}\" ({c.iloc[0]} of {len(ctx['tickets'])}).)"
    return Script(ctx, [TICKETS_LOOK, repl(code), final], [repl("print(tickets.subject.value_counts().head(1))"), final])


CITY_TABLE = ("city_table = orders.groupby('city').agg(orders=('order_id', 'count'), revenue=('amount', 'sum')).round(2)\n"
              "print(city_table)")


@case("other_column", "figure from another column", "invented", "What was Lyon's revenue?")
def _other_column() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TABLE)["city_table"]
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TABLE), f"FINAL(Lyon's revenue was {differs(t.loc['Lyon', 'orders'], t.loc['Lyon', 'revenue'])}.)"])


@case("other_column_bare", "figure from another column", "invented", "How many orders came from Nice?")
def _other_column_bare() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TABLE)["city_table"]
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TABLE), f"FINAL(Nice placed {t.loc['Nice', 'revenue']:.2f} orders.)"])


CORRELATIONS = ("num = pd.DataFrame({'amount': orders.amount, 'weekday': orders.date.dt.day_of_week,\n"
                "                    'month': orders.date.dt.month, 'day': orders.date.dt.day_of_year, 'id': orders.order_id})\n"
                "corr = num.corr()['amount'].drop('amount')\nprint(corr.head(2))")


@case("extreme_of_head", "extreme of a partial table", "invented", "Which variable is most strongly correlated with the amount?")
def _extreme_of_head() -> Script:
    ctx = {"orders": orders()}
    corr = compute({**ctx, "pd": pd}, "import pandas as pd\n" + CORRELATIONS)["corr"]
    head_top = corr.head(2).abs().idxmax()
    differs(head_top, corr.abs().idxmax())
    return Script(ctx, [ORDERS_LOOK, repl("import pandas as pd\n" + CORRELATIONS),
                        f"FINAL({head_top} has the strongest correlation with the amount ({corr[head_top]:.3f}).)"])


ASCENDING = "totals_up = orders.groupby('region')['amount'].sum().round(2).sort_values()\nprint(totals_up)"


@case("ascending_first_row", "ascending sort read as highest", "invented", "Which region has the highest total amount?")
def _ascending_first() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, ASCENDING)["totals_up"]
    return Script(ctx, [ORDERS_LOOK, repl(ASCENDING), f"FINAL({differs(t.index[0], t.idxmax())} has the highest total, {money(t.iloc[0])}.)"])


@case("swapped_comparison", "swapped comparison", "invented", "Did Paris or Lyon bring in more revenue?")
def _swapped() -> Script:
    ctx = {"orders": orders()}
    t = compute(ctx, CITY_TOTALS)["totals"]
    return Script(ctx, [ORDERS_LOOK, repl(CITY_TOTALS),
                        f"FINAL(Lyon ({money(t['Paris'])}) brought in more than Paris ({money(t['Lyon'])}).)"])


CHANGE = ("m = orders[orders.status == 'completed'].groupby(orders.date.dt.month)['amount'].sum()\n"
          "change = round((m[6] / m[5] - 1) * 100, 1)\nprint(m.round(2))\nprint('change May->June, %:', change)")


@case("decrease_as_rise", "decrease reported as a rise", "invented", "How did completed revenue change from May to June?")
def _decrease_as_rise() -> Script:
    ctx = {"orders": orders(180, 3)}
    change = compute(ctx, CHANGE)["change"]
    assert change < 0, change
    return Script(ctx, [ORDERS_LOOK, repl(CHANGE), f"FINAL(Completed revenue grew {abs(change)}% from May to June.)"])


@case("table_for_average", "table for one figure", "invented", "What was the average order amount?")
def _table_for_average() -> Script:
    ctx = {"orders": orders()}
    code = "avg_by_city = orders.groupby('city')['amount'].mean().round(2)\nprint(avg_by_city)"
    return Script(ctx, [ORDERS_LOOK, repl(code), "FINAL_VAR(avg_by_city)"])


@case("table_for_number", "table for one figure", "invented", "What's the number of cancelled orders in Paris?")
def _table_for_number() -> Script:
    ctx = {"orders": orders()}
    code = "paris_cancelled = orders[(orders.city == 'Paris') & (orders.status == 'cancelled')]\nprint(paris_cancelled)"
    return Script(ctx, [ORDERS_LOOK, repl(code), "FINAL_VAR(paris_cancelled)"])


@case("wrong_column_zero", "wrong column filtered", "invented", "How many orders were cancelled?")
def _wrong_column_zero() -> Script:
    ctx = {"orders": orders()}
    code = "n_cancelled = int((orders.city == 'cancelled').sum())\nprint(n_cancelled)"
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({differs(0, int((ctx['orders'].status == 'cancelled').sum()))})"])


@case("date_format_missed", "date format missed", "invented", "Were there any server errors on March 5, 2024?")
def _date_format_missed() -> Script:
    ctx = {"access": access_log()}
    code = "errors_0305 = [l for l in lines if '2024-03-05' in l and '\" 500 ' in l]\nprint(len(errors_0305))"
    truth = sum('05/Mar/2024' in line and '" 500 ' in line for line in ctx["access"].splitlines())
    assert truth > 0
    return Script(ctx, [ACCESS_LOOK, repl(code), "FINAL(No, there were no server errors on March 5, 2024.)"])


@case("quietest_not_min", "superlative of another form", "invented", "Which day of the week is the quietest?")
def _quietest_not_min() -> Script:
    ctx = {"visits": visits()}
    v = ctx["visits"].set_index("day")["visits"]
    return Script(ctx, [repl(WEEK), f"FINAL({differs('Saturday', v.idxmin())} is the quietest day.)"])


# -- a figure the code revised ---------------------------------------------------------------------------------------
REVISE = "paid = orders[orders.status != 'refunded']\nprint(paid.amount.mean().round(2))"


@case("revised_mean_answered", "revised figure", "legit", "What is the average amount of orders that were not refunded?")
def _revised_mean_answered() -> Script:
    ctx = {"orders": orders()}
    mean = compute(ctx, REVISE)["paid"].amount.mean().round(2)
    parallel = "print(orders[orders.city == 'Lyon'].amount.mean().round(2))"
    return Script(ctx, [ORDERS_LOOK, repl("print(orders.amount.mean().round(2))"),
                        repl(REVISE, "Refunds should not count; taking them out."), repl(parallel, "And Lyon alone."),
                        f"FINAL(The average amount of orders not refunded is {mean:.2f}.)"],
                  after=[repl(REVISE), f"FINAL(The average amount of orders not refunded is {mean:.2f}.)"])


@case("mean_before_revision", "figure before its revision", "invented",
      "What is the average amount of orders that were not refunded?")
def _mean_before_revision() -> Script:
    ctx = {"orders": orders()}
    first = differs(ctx["orders"].amount.mean().round(2), compute(ctx, REVISE)["paid"].amount.mean().round(2))
    return Script(ctx, [ORDERS_LOOK, repl("print(orders.amount.mean().round(2))"),
                        repl(REVISE, "Refunds should not count; taking them out."),
                        f"FINAL(The average amount of orders not refunded is {first:.2f}.)"])


# -- rows of events counted as the things they are about ------------------------------------------------------------
def page_views(n: int = 400, seed: int = 23) -> pd.DataFrame:
    """Page views of a small site: a visitor comes back several times."""
    rng = np.random.default_rng(seed)
    return pd.DataFrame({"visitor_id": rng.integers(1, 90, n).astype(str), "page": rng.choice(["/", "/pricing", "/docs"], n),
                         "seconds": rng.integers(2, 300, n)})


VIEWS_LOOK = repl("print(views.shape)\nprint(views.head())", "A look at the table first.")


@case("visitors_counted_once", "things counted once", "legit", "How many visitors looked at the pricing page?")
def _visitors_counted_once() -> Script:
    ctx = {"views": page_views()}
    code = "pricing = views[views.page == '/pricing']\nprint(pricing.visitor_id.nunique())"
    n = compute(ctx, code)["pricing"].visitor_id.nunique()
    final = f"FINAL({n} visitors looked at the pricing page.)"
    return Script(ctx, [VIEWS_LOOK, repl(code), final], after=[repl(code), final])


@case("views_counted_as_visitors", "rows counted as things", "invented", "How many visitors came to the site?")
def _views_counted_as_visitors() -> Script:
    ctx = {"views": page_views()}
    n = differs(len(ctx["views"]), ctx["views"].visitor_id.nunique())
    return Script(ctx, [VIEWS_LOOK, repl("print(len(views))"), f"FINAL({n} visitors came to the site.)"])


# -- a share of a named part, and its base ------------------------------------------------------------------------
SHARE_QUESTION = "What share of Lyon's orders were cancelled?"


@case("share_of_a_part", "share of a part", "legit", SHARE_QUESTION)
def _share_of_a_part() -> Script:
    ctx = {"orders": orders()}
    code = "lyon = orders[orders.city == 'Lyon']\nprint((lyon.status == 'cancelled').sum(), len(lyon))"
    lyon = compute(ctx, code)["lyon"]
    k, n = int((lyon.status == "cancelled").sum()), len(lyon)
    final = f"FINAL({k / n:.1%} of Lyon's orders were cancelled ({k} of {n}).)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], after=[repl(code), final])


@case("share_over_every_order", "share over another base", "invented", SHARE_QUESTION)
def _share_over_every_order() -> Script:
    ctx = {"orders": orders()}
    o = ctx["orders"]
    code = "print(((orders.city == 'Lyon') & (orders.status == 'cancelled')).sum(), len(orders))"
    k = int(((o.city == "Lyon") & (o.status == "cancelled")).sum())
    wrong = differs(round(k / len(o) * 100, 1), round(k / int((o.city == "Lyon").sum()) * 100, 1))
    return Script(ctx, [ORDERS_LOOK, repl(code), f"FINAL({wrong}% of Lyon's orders were cancelled ({k} orders).)"])


# -- a figure for one named part ----------------------------------------------------------------------------------
PART_QUESTION = "How much did the orders from Nice come to?"


@case("figure_of_a_part", "figure for one part", "legit", PART_QUESTION)
def _figure_of_a_part() -> Script:
    ctx = {"orders": orders()}
    code = "nice = orders[orders.city == 'Nice']\nprint(round(nice.amount.sum(), 2))"
    total = round(compute(ctx, code)["nice"].amount.sum(), 2)
    final = f"FINAL(The orders from Nice came to ${total:,.2f}.)"
    return Script(ctx, [ORDERS_LOOK, repl(code), final], after=[repl(code), final])


@case("whole_given_for_a_part", "whole given for a part", "invented", PART_QUESTION)
def _whole_given_for_a_part() -> Script:
    ctx = {"orders": orders()}
    o = ctx["orders"]
    wrong = differs(round(o.amount.sum(), 2), round(o[o.city == "Nice"].amount.sum(), 2))
    return Script(ctx, [ORDERS_LOOK, repl("print(round(orders.amount.sum(), 2))"),
                        f"FINAL(The orders from Nice came to ${wrong:,.2f}.)"])


# -- a month's figure beside its running total ----------------------------------------------------------------------
RUNNING_MONTHLY = ("monthly = orders.groupby(orders.date.dt.strftime('%Y-%m')).amount.sum().round(2).to_frame('amount')\n"
           "monthly['year_to_date'] = monthly.amount.cumsum().round(2)\nprint(monthly)")


@case("month_beside_running_total", "period beside its running total", "legit",
      "How much revenue did March bring in?")
def _month_beside_running_total() -> Script:
    ctx = {"orders": orders()}
    march = compute(ctx, RUNNING_MONTHLY)["monthly"].loc["2024-03"]
    final = f"FINAL(March brought in ${march.amount:,.2f} (${march.year_to_date:,.2f} for the year so far).)"
    return Script(ctx, [ORDERS_LOOK, repl(RUNNING_MONTHLY), final], after=[repl(RUNNING_MONTHLY), final])


@case("running_total_for_a_month", "running total for a period", "invented", "How much revenue did March bring in?")
def _running_total_for_a_month() -> Script:
    ctx = {"orders": orders()}
    march = compute(ctx, RUNNING_MONTHLY)["monthly"].loc["2024-03"]
    wrong = differs(march.year_to_date, march.amount)
    return Script(ctx, [ORDERS_LOOK, repl(RUNNING_MONTHLY), f"FINAL(March brought in ${wrong:,.2f}.)"])


# -- a date worked out on a calendar ------------------------------------------------------------------------------
ISO_WEEKS = ("weekly = orders.date.dt.isocalendar().week.value_counts().sort_index()\nprint(weekly.to_string())\n"
         "print('busiest:', weekly.idxmax(), weekly.max())")


@case("week_and_its_monday", "date worked out on a calendar", "legit", "Which week of 2024 had the most orders?")
def _week_and_its_monday() -> Script:
    ctx = {"orders": orders()}
    weekly = compute(ctx, ISO_WEEKS)["weekly"]
    monday = pd.Timestamp.fromisocalendar(2024, int(weekly.idxmax()), 1)
    final = (f"FINAL(Week {weekly.idxmax()} of 2024, the week starting Monday {monday.day} {monday:%B}, with "
             f"{weekly.max()} orders.)")
    return Script(ctx, [ORDERS_LOOK, repl(ISO_WEEKS), final],
                  after=[repl(ISO_WEEKS + "\nprint(pd.Timestamp.fromisocalendar(2024, int(weekly.idxmax()), 1).date())"),
                         final])
