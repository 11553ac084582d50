"""Dates and times of day an answer worked out from printed ones: each a calendar step, recorded as a derivation.

Why: a capable model writes "ISO week 10 (starting Monday 4 March)" after printing the week's number, "on Friday
14 June" after filtering a week of logs to its Friday, "22:08:50 UTC" for a log line stamped ``00:08:50 +0200``.
None of those was printed, each is right, and ``unseen-value`` refused all three (the run then ended without an
answer, or with a printed table salvaged). ``derive`` recomputes figures; this module recomputes dates, with the
same discipline: a bounded set of steps over values the answer states or its outputs printed, each recorded
(``Source.how``, with its operands' sources) and shown as a derivation, weaker evidence than a printed date.

The steps:

- **a week's first or last day**: the Monday or the Sunday of an ISO 8601 week whose number the answer states
  (and an output printed), in a year the answer states or a printed date shows;
- **the one weekday of a span**: a date the answer writes with a weekday name ("Friday 14 June") that is the only
  day of that weekday between the earliest and the latest date the outputs printed, when those are under a week
  apart (a longer span has several Fridays, and the answer's could be any of them);
- **the question's month**: "September 2024" for "the September bill" when 2024 is the one year the outputs'
  dates show (or the question's own);
- **another time zone**: a printed timestamp with a zone offset (``10/Jun/2024:00:08:50 +0200``,
  ``2024-06-10 00:08:50+02:00``) read in UTC, in an offset the answer writes, or in the zone of a place it names
  ("in Amsterdam": the IANA database, through ``zoneinfo``): its date and its time of day.
  Only timestamps on the lines the answer's other values came from, or in the last output: a log prints
  thousands, and some time among them would match a made-up one by chance;
- **the data's period**: a month or a year the answer names to say what its figures cover ("January to June
  2024: ...", "over 2023 and 2024") that the dates of the data cover, read off the data's date columns (their
  first and last date, ``data_spans``). A capable model writes the period it summed over without printing it;
  a month or a year the data does not reach (an answer from memory, "in 2021") still has no source.
"""
from __future__ import annotations

import calendar
import datetime as _dt
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..record.trajectory import Source
from . import localedata
from .derive import matches
from .printed import LINE_CHARS, Line, Shown, shown_at
from .readings import CLOCK, Value, date_keys, date_of, date_patterns, is_year, same_date, values

MAX_YEARS = 3  # years a stated week number is tried in: the answer's own, then those of printed dates
_OFFSET = re.compile(r"(?:(?P<z>Z|UTC|GMT)|(?P<sign>[+-])(?P<h>\d{2}):?(?P<m>\d{2}))\s*$")
_TIME = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?")
_END_TIME = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?\s*$")
_WRITTEN_OFFSET = re.compile(r"(?:(?:UTC|GMT)\s?|(?<![\w:]))([+-])(\d{1,2})(?::?(\d{2}))?(?![\d:])")
_MONTH = re.compile(r"\d{4}-\d{2}")
_YEAR_COLUMN = re.compile(r"(?:^|_|\b)(?:year|yr|jahr|ann[ée]e|a[ñn]o|anno|jaar|[åa]r|rok)s?(?:$|_|\b)", re.IGNORECASE)
MAX_SPAN_COLUMNS = 20  # date columns of one frame whose first and last dates are read
MAX_SPAN_ROWS = 1_000_000  # of a text column of dates, the rows whose years are read
_SAMPLE_DATES = 20  # first values of a text column that must all be dates for it to be a column of dates
_YEAR = r"(?<!\d)((?:19|20)\d\d)(?!\d)"


@dataclass(frozen=True)
class Span:
    """The first and the last date of one date column (or date index) of the data: the period it covers. A column
    of dates written as text gives its years only (``years``): its day and month order may be either."""

    column: str
    first: _dt.date
    last: _dt.date
    years: bool = False


def data_spans(frames: Sequence[Any]) -> list[Span]:
    """The span of each date column of each pandas frame (and of a date index): one vectorised min and max each;
    of a text column whose first values are all dates, the first and last year it writes. Read only when an
    answer names a month or a year no output showed."""
    spans = []
    for frame in frames:
        columns = [(str(name), frame[name]) for name in list(frame.columns)[:MAX_SPAN_COLUMNS * 4]
                   if isinstance(name, str | int) and getattr(frame[name], "ndim", 0) == 1]
        if getattr(frame.index, "dtype", None) is not None and frame.index.dtype.kind == "M":
            columns.append(("the index", frame.index))
        read = 0
        for name, column in columns:
            span = _span(name, column)
            if span is not None:
                spans.append(span)
                read += 1
            if read == MAX_SPAN_COLUMNS:
                break
    return spans


def _span(name: str, column: Any) -> Span | None:
    if column.dtype.kind in "iu" and _YEAR_COLUMN.search(name):  # a column of years (2019, 2021): the years it spans
        first, last = column.min(), column.max()
        if 1000 <= first <= last <= 9999:
            return Span(name, _dt.date(int(first), 1, 1), _dt.date(int(last), 12, 31), years=True)
        return None
    if column.dtype.kind == "M":
        first, last = column.min(), column.max()
        if hasattr(first, "date") and hasattr(last, "date") and first == first and last == last:  # not NaT
            return Span(name, first.date(), last.date())
        return None
    if column.dtype.kind not in "OSU" and "str" not in str(column.dtype).lower():
        return None
    sample = [v for v in column.iloc[:_SAMPLE_DATES * 2].tolist() if isinstance(v, str)][:_SAMPLE_DATES]
    if not sample or not all(len(found := values(v)) == 1 and found[0].kind == "date" for v in sample):
        return None
    years = column.iloc[:MAX_SPAN_ROWS].astype("string").str.extract(_YEAR, expand=False).dropna().astype(int)
    if years.empty:
        return None
    return Span(name, _dt.date(int(years.min()), 1, 1), _dt.date(int(years.max()), 12, 31), years=True)


def calendar_source(value: Value, text: str, stated: Sequence[tuple[Value, Source]], shown: Shown,
                    lines: Sequence[Line], spans: Callable[[], Sequence[Span]] = tuple) -> Source | None:
    """How a date or a time of day of the answer follows from printed ones (see the module), or None.

    ``text``: the answer (the offsets it writes); ``stated``: its values that have a source; ``lines``: the lines
    its other values came from and the last output's; ``spans``: reads the periods of the data's date columns (only
    for a month or a year no output showed)."""
    if value.kind == "date":
        return (_week_bound(value, text, stated, shown) or _only_weekday(value, shown)
                or _in_zone(value, text, lines, question_of(shown)) or _asked_month(value, shown)
                or _in_span(value, spans))
    if value.kind == "token" and CLOCK.fullmatch(value.key):
        return _in_zone(value, text, lines, question_of(shown))
    if is_year(value):
        return _in_span(value, spans)
    return None


def per_period(value: Value, text: str, stated: Sequence[tuple[Value, Source]],
               spans: Callable[[], Sequence[Span]]) -> Source | None:
    """A rate the answer writes per day, week or hour ("about 167 kWh a day") that is another figure it states with
    a source (2,331.3 kWh) over the days one of the data's date columns spans (5 to 19 August: 14 days; counted
    with its last day too): a daily average a capable model works out in its head from the period it summed."""
    rate = _PER_PERIOD.match(text, value.start + len(value.text)) if value.kind == "number" else None
    if rate is None or not value.readings:
        return None
    per_day = _PERIODS[rate.group(1).lower().rstrip("s")]
    # the same rate the answer also states over another period ("0.2786 birr per kilo per day, about 1.95 birr a
    # week"): the one times the ratio of the periods
    for other, source in stated:
        same_measure = other.unit == value.unit and other.currency == value.currency
        period = _period_after(text, other) if other is not value and other.kind == "number" and same_measure \
            else None
        if period is not None and period != per_day and other.readings and matches(
                value, abs(other.first) * per_day / period):
            return _source(value, f"{other.text} a {_DAYS[period]} × {per_day / period:.4g}, a {_DAYS[per_day]}",
                           [source])
    for span, counted in _span_days(spans):
        for total, source in stated:
            if total is value or total.kind != "number" or not total.readings:
                continue
            if matches(value, abs(total.first) / (Decimal(counted) / per_day)):
                return _source(value, f"{total.text} / {counted} days of the data's column {span.column} "
                               f"({span.first.isoformat()} to {span.last.isoformat()})", [source])
    return None


def span_length(value: Value, spans: Callable[[], Sequence[Span]]) -> Source | None:
    """A number of days the answer states ("over the 31 days") that one of the data's date columns spans, counted
    with its last day or without: the period its figures cover, which no output needs to print."""
    if value.kind != "number" or value.unit is None or value.unit.dimension != "duration" or not value.readings:
        return None
    for span, counted in _span_days(spans):
        if matches(value, Decimal(counted) * 86400 / value.unit.factor):
            return _source(value, f"the {counted} days of the data's column {span.column} "
                           f"({span.first.isoformat()} to {span.last.isoformat()})", [])
    return None


def _span_days(spans: Callable[[], Sequence[Span]]) -> Iterator[tuple[Span, int]]:
    """Each date column's span of days (not a text column's years), counted without its last day and with it."""
    for span in spans():
        days = (span.last - span.first).days
        yield from ((span, counted) for counted in (days, days + 1) if counted and not span.years)


# a rate's period right after its figure (and unit): "167 kWh a day", "3.2 t per week", "12/hour"
_PER = r"(?:\ba|\ban|\bper|\beach|\bevery|/|\bpro|\bpar|\bpor|\bje)\s*"  # "a day", "per hour", "/week", "pro Tag"
_PERIOD_NAMES = r"(day|week|hour|days|weeks|hours|Tag|Woche|Stunde|jour|semaine|heure|día|semana|hora)\b"
_PER_PERIOD = re.compile(r"(?:\s*[^\W\d]{1,4}\.?)?\s*" + _PER + _PERIOD_NAMES, re.IGNORECASE)
_PERIODS = {"day": Decimal(1), "week": Decimal(7), "hour": Decimal(1) / 24, "tag": Decimal(1), "woche": Decimal(7),
            "stunde": Decimal(1) / 24, "jour": Decimal(1), "semaine": Decimal(7), "heure": Decimal(1) / 24,
            "día": Decimal(1), "semana": Decimal(7), "hora": Decimal(1) / 24}
_PERIOD_WORD = re.compile(_PER + _PERIOD_NAMES, re.IGNORECASE)
_DAYS = {days: name for name, days in _PERIODS.items() if name in ("day", "week", "hour")}  # names, for the record


def _period_after(text: str, value: Value) -> Decimal | None:
    """The period a figure is written per, within its clause and before the next figure ("0.2786 birr per kilo
    per day": a day), or None."""
    after = text[value.start + len(value.text):value.start + len(value.text) + 40]
    clause = re.split(r"\d|[,;:]|\.(?:\s|$)", after, maxsplit=1)[0]
    found = _PERIOD_WORD.search(clause)
    return _PERIODS[found.group(1).lower().rstrip("s")] if found else None


def question_of(shown: Shown) -> str:
    """This run's question ("in terminal (Amsterdam) time?": the zone it asks in)."""
    return next((line.text for line in shown.lines if line.where.place == "question" and not line.where.earlier), "")


def _source(value: Value, how: str, operands: Sequence[Source]) -> Source:
    return Source(value.text, "derived", how=how, loose=True, operands=list(operands))


def _is_day(value: Value, day: _dt.date) -> bool:
    """``value`` writes ``day`` (with its year, or without one), not only its month."""
    return any(same_date(key, day.isoformat()) for key in value.date_keys if not _MONTH.fullmatch(key))


# -- a week's first or last day ---------------------------------------------------------------------------------
_WEEK_WORD = re.compile(r"\b(?:week|wk|kw|semaine|woche|semana|settimana|uke|vecka|week-?nummer)\.?\s*(?:no\.?|nr\.?|"
                        r"#)?\s*$", re.IGNORECASE)


def _week_bound(value: Value, text: str, stated: Sequence[tuple[Value, Source]], shown: Shown) -> Source | None:
    """The first or last day of a week the answer names by its number after a week's word ("ISO week 10", "KW 10",
    "semaine 10"): the 1 of "Screen 1" is no week."""
    weeks = [(v, s) for v, s in stated if v.kind == "number" and v.readings and s.kind == "shown"
             and v.first == v.first.to_integral_value() and 1 <= v.first <= 53 and not is_year(v)
             and _WEEK_WORD.search(text[max(0, v.start - 16):v.start])]
    if not weeks:
        return None
    years = list(dict.fromkeys([int(v.first) for v, _ in stated if v.kind == "number" and is_year(v)]
                               + [int(key[:4]) for key in _printed_keys(shown)]))[:MAX_YEARS]
    for week, source in weeks:
        for year in years:
            for weekday, name in ((1, "Monday"), (7, "Sunday")):
                try:
                    day = _dt.date.fromisocalendar(year, int(week.first), weekday)
                except ValueError:
                    continue
                if _is_day(value, day):
                    return _source(value, f"the {name} of ISO week {week.text} of {year}", [source])
    return None


def _printed_keys(shown: Shown) -> Iterator[str]:
    for _, key in shown.output_dates():
        if date_of(key) is not None:
            yield key


# -- the one weekday of a span ------------------------------------------------------------------------------------
def _only_weekday(value: Value, shown: Shown) -> Source | None:
    named = localedata.weekday_number(re.split(r"[\s,.]+", value.text.strip())[0])
    if named is None:
        return None
    printed = [(line, day) for line, key in shown.output_dates() if (day := date_of(key)) is not None]
    if not printed:
        return None
    first, last = min(printed, key=lambda p: p[1]), max(printed, key=lambda p: p[1])
    if (last[1] - first[1]).days >= 7:
        return None
    day = next((first[1] + _dt.timedelta(n) for n in range((last[1] - first[1]).days + 1)
                if (first[1] + _dt.timedelta(n)).weekday() == named), None)
    if day is None or not _is_day(value, day):
        return None
    how = f"the only {day:%A} from {first[1]:%-d %B %Y} to {last[1]:%-d %B %Y}, the dates the outputs printed"
    return _source(value, how, [shown_at(first[0], first[1].isoformat()), shown_at(last[0], last[1].isoformat())])


# -- the question's month, in the data's year -------------------------------------------------------------------
def _asked_month(value: Value, shown: Shown) -> Source | None:
    """A month the question names ("the September bill") with the one year the outputs' dates show (or the
    question's own): "September 2024"."""
    key = next((k for k in value.date_keys if _MONTH.fullmatch(k)), None)
    if key is None:
        return None
    year, month = int(key[:4]), int(key[5:])
    question = next((line for line in shown.lines if line.where.place == "question" and not line.where.earlier),
                    None)
    if question is None:
        return None
    months = localedata.month_names()
    named = {number for word in re.findall(r"[^\W\d_]+", question.text.lower()) for _, number in months.get(word, ())}
    years = {int(k[:4]) for _, k in shown.output_dates()} | {int(v.first) for v in values(question.text)
                                                              if v.kind == "number" and is_year(v)}
    if month not in named or years != {year}:
        return None
    return Source(value.text, "question", where="the question", line=question.text.strip()[:LINE_CHARS],
                  how=f"the question's month, in {year}, the one year the outputs' dates show", loose=True)


# -- the data's period -------------------------------------------------------------------------------------------
def _in_span(value: Value, read: Callable[[], Sequence[Span]]) -> Source | None:
    """A month ("June 2024") or a year ("2023") that a date column of the data reaches, or a day that is its first
    or last ("7 October to 3 November": the period an answer's figures cover, which no output needs to print)."""
    if value.kind == "date" and not any(_MONTH.fullmatch(k) for k in value.date_keys):
        for bounded in read():
            bound = next((b for b, day in (("first", bounded.first), ("last", bounded.last))
                          if not bounded.years and _is_day(value, day)), None)
            if bound is not None:
                return _source(value, f"the {bound} date of the data's column {bounded.column} "
                               f"({bounded.first.isoformat()} to {bounded.last.isoformat()})", [])
        return None
    if is_year(value):
        start, end = _year_bounds(value)
    else:
        key = next((k for k in value.date_keys if _MONTH.fullmatch(k)), None)
        if key is None:
            return None
        start, end = _month_bounds(key)
    span = next((s for s in read() if s.first <= end and start <= s.last and (is_year(value) or not s.years)), None)
    if span is None:
        return None
    how = (f"a period the data covers: its column {span.column} runs from {span.first.year} to {span.last.year}"
           if span.years else f"a period the data covers: its column {span.column} runs from "
           f"{span.first.isoformat()} to {span.last.isoformat()}")
    return _source(value, how, [])


def within_data(value: Value, spans: Sequence[Span]) -> bool | None:
    """Whether a date, a month or a year falls inside a period one of the data's date columns covers; None when the
    data has no date column to tell (dates as Excel serial numbers, a text)."""
    if not spans:
        return None
    periods: list[tuple[_dt.date, _dt.date]] = [_year_bounds(value)] if is_year(value) else []
    for key in value.date_keys:
        day = date_of(key)
        if day is not None:
            periods.append((day, day))
        elif _MONTH.fullmatch(key):
            periods.append(_month_bounds(key))
        elif key.startswith("--"):  # a day without its year: that day in any year a span reaches
            month, day_of_month = int(key[2:4]), int(key[5:7])
            for year in {y for span in spans for y in range(span.first.year, span.last.year + 1)}:
                if calendar.isleap(year) or (month, day_of_month) != (2, 29):
                    periods.append((_dt.date(year, month, day_of_month),) * 2)
    return any(span.first <= last and first <= span.last for first, last in periods for span in spans)


def _year_bounds(year: Value) -> tuple[_dt.date, _dt.date]:
    return _dt.date(int(year.text), 1, 1), _dt.date(int(year.text), 12, 31)


def _month_bounds(key: str) -> tuple[_dt.date, _dt.date]:
    """The first and last day of a month key ("2024-02")."""
    first = _dt.date(int(key[:4]), int(key[5:]), 1)
    return first, first.replace(day=calendar.monthrange(first.year, first.month)[1])


# -- another time zone ---------------------------------------------------------------------------------------------
def _in_zone(value: Value, text: str, lines: Sequence[Line], question: str = "") -> Source | None:
    zones = [_dt.UTC, *_written_offsets(f"{text}\n{question}")]
    for line, stamp in _stamps(lines):
        for zone in zones:
            moved = stamp.astimezone(zone)
            if moved.utcoffset() == stamp.utcoffset():
                continue  # the printed time itself: found as printed, or not at all
            same = _is_day(value, moved.date()) if value.kind == "date" else _same_time(value.key, moved)
            if same:
                return _source(value, f"{stamp.isoformat()} in {moved.tzname()}: {moved.isoformat()}",
                               [shown_at(line, stamp.isoformat())])
    return None


def _written_offsets(text: str) -> list[_dt.tzinfo]:
    """The zones the answer writes: offsets ("+02:00", "UTC-5") and places of the IANA time zone database ("in
    Amsterdam", "New York time"), read from the standard library's ``zoneinfo``."""
    out: list[_dt.tzinfo] = []
    for sign, hours, minutes in _WRITTEN_OFFSET.findall(text):
        delta = _dt.timedelta(hours=int(hours), minutes=int(minutes or 0))
        if delta < _dt.timedelta(hours=15):
            out.append(_dt.timezone(-delta if sign == "-" else delta))
    places, pattern = _places()
    out += [places[match.group(0)] for match in pattern.finditer(text)] if places else []
    return list(dict.fromkeys(out))


@functools.cache
def _places() -> tuple[dict[str, _dt.tzinfo], re.Pattern[str]]:
    """Each place the IANA database names a zone after ("Amsterdam", "New York", "Sao Paulo") → its zone, and a
    pattern that finds them as words. The database is the system's or the ``tzdata`` package (a pandas dependency)."""
    import zoneinfo

    found: dict[str, _dt.tzinfo] = {}
    for key in sorted(zoneinfo.available_timezones()):
        if "/" in key and not key.startswith(("Etc/", "SystemV/")):
            try:
                found.setdefault(key.rsplit("/", 1)[1].replace("_", " "), zoneinfo.ZoneInfo(key))
            except (OSError, ValueError):  # a key without its data file
                continue
    return found, re.compile(rf"(?<![\w-])(?:{localedata.alternation(found)})(?![\w-])")


def _stamps(lines: Sequence[Line]) -> Iterator[tuple[Line, _dt.datetime]]:
    """The timestamps with a zone the lines print, as aware datetimes."""
    for line in lines:
        for pattern in date_patterns():
            for match in pattern.finditer(line.text):
                keys = date_keys(match)
                day = date_of(keys[0]) if len(keys) == 1 else None
                zone = _OFFSET.search(match.group(0))
                if day is None or zone is None:
                    continue
                body = match.group(0)[:zone.start()]
                clock = _END_TIME.search(body) or _TIME.search(body)  # 10/Jun/2024:00:08:50; Tue Mar 5 14:02:11 2024
                if clock is None:
                    continue
                offset = _dt.timedelta(0) if zone.group("z") else (-1 if zone.group("sign") == "-" else 1) * \
                    _dt.timedelta(hours=int(zone.group("h")), minutes=int(zone.group("m")))
                hour, minute, second = int(clock.group(1)), int(clock.group(2)), int(clock.group(3) or 0)
                if hour < 24 and minute < 60 and second < 60:
                    yield line, _dt.datetime.combine(day, _dt.time(hour, minute, second), _dt.timezone(offset))


def _same_time(key: str, moved: _dt.datetime) -> bool:
    parts = [int(p) for p in key.split(":")]
    return parts == [moved.hour, moved.minute, moved.second][:len(parts)]
