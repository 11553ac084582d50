"""Figures an answer computed in its head, recomputed from the figures they came from.

Why: a capable model prints the totals and writes "March beat February by $2,310.40", "the average of the
three regions is 4,215.3", "3.2 GB" for a printed byte count, "the outage lasted 4 days" between two printed
dates. None of those figures was printed, and each is right. Rather than accept any figure near some printed
number, each is recomputed: from figures the answer states beside it, from the figures of the lines those came
from, from the columns of the tables the model was shown, by a bounded set of operations, to the precision
the answer wrote. The derivation is recorded (``Source.how``, with each operand's own source) and shown as
weaker evidence than a printed figure.

The search is bounded so that a made-up figure is not "derivable" by chance: binary and ternary operations run
over at most ``MAX_OPERANDS`` figures; a figure derived from operands the answer does not state needs
``MIN_DIGITS`` significant digits (a two-digit count is too easy to hit by chance among a table's figures);
aggregates run over whole columns of complete tables only; conversions only where the answer names a unit.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import itertools
import re
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal, DivisionByZero, InvalidOperation

from ..record.trajectory import Source
from . import localedata
from .printed import Shown
from .readings import Value, values

MAX_OPERANDS = 8  # figures tried in binary operations: 56 ordered pairs
MAX_TERNARY = 8  # figures tried in three-operand formulas: 336 ordered triples
MIN_DIGITS = 3  # significant digits a figure needs to be derived from figures the answer does not state
BINARY_SIZES = (Decimal(1024), Decimal(1024) ** 2, Decimal(1024) ** 3)  # KiB, MiB and GiB, as MB is often meant


@dataclass(frozen=True)
class Operand:
    """A figure a derivation may use: its signed value, as written or printed, and its source."""

    value: Decimal
    text: str
    source: Source
    stated: bool  # the answer states it (else it was printed beside what the answer states, or in a column)

    @property
    def percent(self) -> bool:
        """Written as a percent ("10%", "15 pour cent"): a figure a discount or a markup may apply."""
        return bool(_PERCENT.search(self.text))


@dataclass(frozen=True)
class Column:
    """A complete table column's figures: what a sum or an average in the head comes from. ``recent``: printed by
    the last block that printed figures (what the model had just read), whose aggregates count at any precision."""

    name: str
    operands: list[Operand]
    recent: bool


@dataclass(frozen=True)
class DateOperand:
    """A date a day count may come from: its day, as written or printed, its source, whether the answer states it."""

    day: _dt.date
    text: str
    source: Source
    stated: bool = False


_BINARY: tuple[tuple[str, Callable[[Decimal, Decimal], Decimal]], ...] = (
    ("{a} − {b}", lambda a, b: a - b),
    ("{a} + {b}", lambda a, b: a + b),
    ("{a} / {b}", lambda a, b: a / b),
    ("{a} × {b}", lambda a, b: a * b),
    ("({a} − {b}) / {b}", lambda a, b: (a - b) / b),
    ("{a} / ({a} + {b})", lambda a, b: a / (a + b)),
)
# "EUR 420 less the 10% sibling discount, so EUR 378": a percent taken off a figure or added to it
_BY_PERCENT: tuple[tuple[str, Callable[[Decimal, Decimal], Decimal]], ...] = (
    ("{a} less {b}", lambda a, b: a * (1 - b / 100)),
    ("{a} plus {b}", lambda a, b: a * (1 + b / 100)),
)
_PERCENT = re.compile(r"%|‰|\bper ?cent|\bpour cent|\bprozent|\bpor ciento|\bpercento|\bprocent", re.IGNORECASE)
_TERNARY: tuple[tuple[str, Callable[[Decimal, Decimal, Decimal], Decimal]], ...] = (
    ("({a} + {b}) / {c}", lambda a, b, c: (a + b) / c),
    ("({a} − {b}) / {c}", lambda a, b, c: (a - b) / c),
    ("{a} / ({b} + {c})", lambda a, b, c: a / (b + c)),
    ("{a} × {b} / {c}", lambda a, b, c: a * b / c),
    ("{a} + {b} − {c}", lambda a, b, c: a + b - c),
    ("{a} + {b} + {c}", lambda a, b, c: a + b + c),
    # a fixed part plus a rate times a quantity: a fitted line's value at a point ("63.49 + (−0.343) × 10"); the
    # rate has a fraction, or three whole counts would reach too many figures by chance (3 + 12 × 40)
    ("{a} + {b} × {c}", lambda a, b, c: _plus_rate_times(a, b, c)),
)


def _plus_rate_times(a: Decimal, b: Decimal, c: Decimal) -> Decimal:
    if b == b.to_integral_value():
        raise InvalidOperation("a whole rate")  # no result (``_safe``)
    return a + b * c


def matches(value: Value, result: Decimal) -> bool:
    """Whether a computed figure is what ``value`` wrote, to its precision, as a number or as a percent of it.

    A percent under one ("0.35%") is not the fraction 0.35: its digits as written match only a computed percent.
    """
    percent = any(r.how == "percent" for r in value.readings)
    return any(abs(abs(result) * scale - abs(reading.value)) <= reading.tolerance
               for reading in value.readings for scale in (Decimal(1), Decimal(100))
               if not (percent and reading.how != "percent" and abs(reading.value) < 1 and scale == 1))


def significant_digits(value: Value) -> int:
    digits = value.readings[0].value.normalize().as_tuple().digits if value.readings else ()
    return len(digits)


def derive(value: Value, operands: Sequence[Operand], columns: Sequence[Column], shown: Shown,
           dates: Sequence[DateOperand], raw: Callable[[str], bool] = lambda line: False) -> Source | None:
    """How ``value`` follows from the figures it may come from, as a ``derived`` source; None when it does not.

    ``operands``: the answer's own figures and those printed beside them (``stated`` says which); ``columns``:
    each complete table column (its name and figures); ``dates``: the dates the answer and its lines show; ``raw``:
    whether a printed line is a verbatim piece of the data (no unit conversion starts there).
    """
    if value.kind != "number" or not value.readings:
        return None
    specific = significant_digits(value) >= MIN_DIGITS
    return (_binary(value, operands, specific) or _ternary(value, operands)
            or _aggregate(value, operands, columns, specific) or converted(value, shown, raw) or _days(value, dates))


# what joins a round figure to the figure it rounds: a bracket, a colon, a semicolon, a dash, "≈" or "i.e." and a
# few words ("roughly 1,400 m²; exactly 1,432.85 m²", "1,400 (1,432.85)"), no other figure
_ROUNDING_JOIN = re.compile(r"[^\d]{0,6}(?:[;:(—–=≈~]|\bi\.e\.)[^\d]{0,24}")


def _between(a: Value, b: Value, text: str) -> str:
    first, second = (a, b) if a.start < b.start else (b, a)
    return text[first.start + len(first.text):second.start]


def rounded_stated(value: Value, stated: Sequence[tuple[Value, Source]], text: str) -> Source | None:
    """A round figure that is another figure of the same answer rounded to its trailing zeros ("roughly 1,400 m²;
    exactly 1,432.85 m²"): its source is that figure's. Read from the figures alone, so a hedge in any language
    ("kabaca", "env.") is understood; the other figure must have a source of its own, in the same unit."""
    if value.kind != "number":
        return None
    for reading in value.readings:  # "1.400" is 1,400 as Turkish writes it
        number = abs(reading.value)
        digits = str(int(number)) if number == number.to_integral_value() else ""
        zeros = len(digits) - len(digits.rstrip("0"))
        if not zeros or len(digits) - zeros < 2:
            continue  # two significant digits at least: 20 is too near too many figures (15 rounds to it)
        step = Decimal(10) ** zeros
        for other, source in stated:
            if (other is value or other.kind != "number" or not other.readings or other.unit != value.unit
                    or other.currency != value.currency or abs(other.first) == number
                    or not _ROUNDING_JOIN.fullmatch(_between(value, other, text))):
                continue
            if (abs(other.first) / step).quantize(Decimal(1), rounding="ROUND_HALF_UP") * step == number:
                return Source(value.text, "derived", how=f"{other.text} rounded to the {step:,}", loose=True,
                              operands=[source])
    return None


def _source(value: Value, how: str, operands: Iterable[Operand]) -> Source:
    return Source(value.text, "derived", how=how, loose=True, operands=[o.source for o in operands])


def _safe(operation: Callable[..., Decimal], *args: Decimal) -> Decimal | None:
    try:
        return operation(*args)
    except (DivisionByZero, InvalidOperation, ZeroDivisionError):
        return None


def _pool(operands: Sequence[Operand], size: int) -> list[Operand]:
    """The operands tried: the answer's own first, then the printed ones beside them, ``size`` at most."""
    return _distinct([o for o in operands if o.stated] + [o for o in operands if not o.stated])[:size]


def _binary(value: Value, operands: Sequence[Operand], specific: bool) -> Source | None:
    """Two figures, one of which the answer states (both printed ones: only for a figure of ``MIN_DIGITS``)."""
    for a, b in itertools.permutations(_pool(operands, MAX_OPERANDS), 2):
        if not (a.stated or b.stated or specific):
            continue
        for written, operation in _BINARY + (_BY_PERCENT if b.percent else ()):
            if not _dimensions_agree(value, written, a, b):
                continue
            result = _safe(operation, a.value, b.value)
            if result is not None and matches(value, result):
                return _source(value, written.format(a=a.text, b=b.text), (a, b))
    return None


def _dimensions_agree(value: Value, written: str, a: Operand, b: Operand) -> bool:
    """Whether the units the answer writes allow the operation: a length is no quotient of a figure by a length
    ("20 m" is not 3.0 / 15 m), nor the product of two lengths, nor a ratio of two. Only units written with the
    answer's figures are known, so a printed operand, unitless here, allows any."""
    if value.unit is None:
        return True
    dimension = value.unit.dimension
    a_in, b_in = _dimension(a) == dimension, _dimension(b) == dimension
    if "/" in written:
        return not b_in
    return not (a_in and b_in) if "×" in written else True


def _dimension(operand: Operand) -> str | None:
    if not operand.stated:
        return None
    found = values(operand.text)
    return found[0].unit.dimension if found and found[0].unit is not None else None


def _ternary(value: Value, operands: Sequence[Operand]) -> Source | None:
    """Three figures, all stated by the answer: over printed ones, products and quotients of three reach too many
    figures by chance (a transposed 174 is 147 × 123 / 104 of a printed table)."""
    pool = _pool([o for o in operands if o.stated], MAX_TERNARY)
    for a, b, c in itertools.permutations(pool, 3):
        for written, operation in _TERNARY:
            result = _safe(operation, a.value, b.value, c.value)
            if result is not None and matches(value, result):
                return _source(value, written.format(a=a.text, b=b.text, c=c.text), (a, b, c))
    return None


def _aggregate(value: Value, operands: Sequence[Operand], columns: Sequence[Column], specific: bool) -> Source | None:
    """A sum, mean or median of the answer's figures, or of a complete column (one just printed, or any for a
    figure of ``MIN_DIGITS``); a column's range (max − min) and count of rows; a row's share of its column."""
    groups: list[tuple[str, list[Operand]]] = []
    stated = _distinct([o for o in operands if o.stated])
    if len(stated) >= 2:
        groups.append(("the answer's figures", stated))
    groups += [(c.name, c.operands) for c in columns if specific or c.recent]
    # a share is written as one: a percent or a fraction ("12%", "0.12"); a bare "8" is a count, not 8% of a total
    share = any(r.how == "percent" for r in value.readings) or abs(value.first) < 1
    for name, group in [*groups, *((c.name, c.operands) for c in columns)] if share else ():
        figures = [o.value for o in group]
        total = sum(figures, Decimal(0))
        for operand in group if total and len(figures) >= 2 else ():
            # each row's share of its column's total: the percentages of a breakdown, few enough to try at any size
            if matches(value, operand.value / total):
                return _source(value, f"{operand.text} / the total of {name} ({total})", (operand,))
    for name, group in groups:
        figures = [o.value for o in group]
        if len(figures) < 2:
            continue
        for label, result in (("sum", sum(figures, Decimal(0))), ("mean", _mean(figures)),
                              ("median", Decimal(statistics.median(figures))),
                              ("max − min", max(figures) - min(figures)), ("count", Decimal(len(figures)))):
            if result is not None and matches(value, result):
                shown_figures = ", ".join(o.text for o in group[:6]) + (", …" if len(group) > 6 else "")
                return _source(value, f"{label} of {name} ({shown_figures})", group[:6])
    return None


def _mean(figures: list[Decimal]) -> Decimal | None:
    return _safe(lambda total, n: total / n, sum(figures, Decimal(0)), Decimal(len(figures)))


def converted(value: Value, shown: Shown, raw: Callable[[str], bool] = lambda line: False) -> Source | None:
    """A duration, a data size, an energy, a mass, a volume, a length, a frequency or a speed the answer wrote in
    another unit than the printed figure (12,600 s as 3.5 hours, 3,355,443 bytes as 3.2 MB, 2,331.3 kWh as 8.39 GJ,
    80,115.6 kg as 80.12 t, 100,505.5 L as 100.5 m³, 2,803.4 nm as 5,191.9 km, 11.2 knots as 20.7 km/h): only where
    the answer names the unit, so a bare figure never converts, nor one whose unit word names two dimensions.

    Not from a line that is a verbatim piece of the data's text (``raw``, a look at a log's first lines): a
    converted figure is one the model read as a result, and a window of several factors over every figure of a raw
    dump finds one for any figure ("around 12 knots" from memory, a 6.4 of a GPS sentence read as m/s)."""
    if value.unit is None:
        return None
    word = re.search(r"[^\W\d_]+$", value.text)
    if word is not None and word.group(0) in localedata.ambiguous_unit_words():
        return None  # "20 m" is minutes or metres: no conversion is known
    units = {**localedata.UNITS, "energy": localedata.ENERGY_STEPS}[value.unit.dimension]
    factors = {value.unit.factor / other for other in units.values() if other != value.unit.factor}
    if value.unit.dimension == "size":
        factors |= {value.unit.factor / size * step for size in units.values() for step in BINARY_SIZES
                    if value.unit.factor / size * step != 1}
    for reading in value.readings:
        for factor in sorted(factors):
            for figure in shown.figures_near(abs(reading.value) * factor, reading.tolerance * factor):
                line = shown.lines[figure.line]
                if raw(line.text) or shown.in_shape(figure):
                    continue
                printed = Source(figure.text, "shown", where=line.where.describe(line.number), line=line.text)
                return Source(value.text, "derived", how=f"{figure.text} converted to {value.text}", loose=True,
                              operands=[printed])
    return None


# The words a currency's hundredth is named by (CLDR has the currencies' digits, not these names): "17 cents a stem",
# a column ``prijs_ct``, ``fare_pence``. Right after a figure of the answer, or as the last word of a column the code
# names, they let an amount be a printed figure / 100 ("12 per cent" and ``order_ct_total`` do not).
_MINOR_WORDS = (r"(?:cents?|ct|centimes?|rappen|rp|pence|penny|öre|øre|paise|centavos?|céntimos?|centesimi|groszy?|"
                r"kopeks?)")
_MINOR_UNITS = re.compile(r"\d\s?" + _MINOR_WORDS + r"\b", re.IGNORECASE)
_MINOR_COLUMN = re.compile(r"[A-Za-z]\w*_" + _MINOR_WORDS + r"\b", re.IGNORECASE)


def in_minor_units(value: Value, text: str, shown: Shown) -> Source | None:
    """An amount ("€0.17") that is a figure printed in its currency's hundredths (17, printed by code over
    ``prijs_ct``), where the answer or that code names the hundredths: without the word, a figure a hundred times
    another is no evidence."""
    if value.kind != "number" or not value.currency or value.unit is not None:
        return None
    from babel.numbers import get_currency_precision

    digits = 2 if value.currency == "$" else get_currency_precision(value.currency)
    if not digits:
        return None
    factor = Decimal(10) ** digits
    named = bool(_MINOR_UNITS.search(text))
    for reading in value.readings:
        for figure in shown.figures_near(abs(reading.value) * factor, reading.tolerance * factor):
            line = shown.lines[figure.line]
            if named or _MINOR_COLUMN.search(line.code):
                printed = Source(figure.text, "shown", where=line.where.describe(line.number), line=line.text)
                return Source(value.text, "derived", how=f"{figure.text} hundredths of {value.currency}",
                              loose=True, operands=[printed])
    return None


# a currency's letters or sign may come first ("R5 920", "$1 234"): the whole is read with it
# (at most five groups, as a figure has: a longer run of three-digit numbers is a list, not one figure)
_SPACED_FIGURE = re.compile(r"(?<![\w.,])(?<!\d[ \u00a0\u202f])(?P<symbol>[^\W\d_]{1,3}|[$€£¥₹])?"
                            r"(?P<digits>\d{1,3}(?:[ \u00a0\u202f]\d{3}){1,5}(?:,\d+)?)"
                            r"(?![\w]|[.,]\d|[ \u00a0\u202f]\d)")
_CONTEXT = 32  # characters either side a whole is read with: its hedge before ("apie 1 694"), its unit after


def spaced_groups(found: Sequence[Value], text: str) -> list[tuple[list[int], Value]]:
    """Figures written with a space between groups of three digits ("59 541", "1 234,5", "R5 920"), as (the indices
    of the values read in them, the whole): many locales group thousands with a space, but "3 500 ml bottles" are 3
    bottles of 500 ml, so the reading keeps the parts and the whole is tried where they find no source
    (``provenance``). A part a text repeats is read once (``values``), so the parts are found by where they are.
    The whole is read in its context, so a hedge before it or a unit after it counts ("apie 1 694 žmonių" is
    about 1,694); letters before it count only as a currency's ("R5 920" is R5,920; "CH4 500" is no figure)."""
    out: list[tuple[list[int], Value]] = []
    for match in _SPACED_FIGURE.finditer(text):
        start, symbol = match.start(), match.group("symbol") or ""
        whole = _whole(text, start, match.end())
        if symbol and (whole is None or not whole.currency):
            if symbol.isalpha():
                continue  # digits glued to a word ("CH4 500")
            start = match.start("digits")
            whole = _whole(text, start, match.end())
        start = whole.start if whole is not None else start
        parts = [i for i, v in enumerate(found) if start <= v.start < match.end()]
        if any(found[i].start == start and found[i].start + len(found[i].text) >= match.end() for i in parts):
            continue  # read as one already ("131 317,5 тыс. м³": a decimal comma or a currency after it)
        if parts and whole is not None:
            out.append((parts, whole))
    return out


def _whole(text: str, start: int, end: int) -> Value | None:
    """The figure ``text[start:end]`` writes, its spaces taken out, read with the words around it; its text and
    position are those of the answer."""
    compact = re.sub(r"\s", "", text[start:end])
    left = max(0, start - _CONTEXT)
    window = text[left:start] + compact + text[end:end + _CONTEXT]
    at = start - left
    # the figure may start before the digits: a sign or a currency set apart ("−1 694", "€ 1 694")
    whole = next((v for v in values(window) if v.start <= at < v.start + len(v.text) and v.kind == "number"
                  and v.readings), None)
    if whole is None or whole.start + len(whole.text) < at + len(compact):
        return None
    begins = start - (at - whole.start)
    written = text[begins:begins + len(whole.text) + (end - start - len(compact))]
    return dataclasses.replace(whole, text=written, start=begins)


def _days(value: Value, dates: Sequence[DateOperand]) -> Source | None:
    """Days (or weeks, or hours) between two dates the model was shown, counted with or without the last day. A bare
    count ("12 of them") only between dates one of which the answer states: among the gaps of printed dates alone,
    a small count is too easy to meet by chance; written with its unit ("181 days"), any two."""
    if value.unit is not None and value.unit.dimension != "duration":
        return None
    per_day = Decimal(86400) / (value.unit.factor if value.unit is not None else Decimal(86400))
    for a, b in itertools.combinations(_distinct_dates(dates), 2):
        if value.unit is None and not (a.stated or b.stated):
            continue
        days = abs((b.day - a.day).days)
        for counted in (days, days + 1):
            if matches(value, Decimal(counted) * per_day):
                return Source(value.text, "derived", how=f"days from {a.text} to {b.text}", loose=True,
                              operands=[a.source, b.source])
    return None


def _distinct(operands: Sequence[Operand]) -> list[Operand]:
    seen: set[Decimal] = set()
    out = []
    for operand in operands:
        if operand.value not in seen:
            seen.add(operand.value)
            out.append(operand)
    return out


def _distinct_dates(dates: Sequence[DateOperand]) -> list[DateOperand]:
    seen: set[_dt.date] = set()
    out = []
    for date in dates:
        if date.day not in seen:
            seen.add(date.day)
            out.append(date)
    return out[:12]

