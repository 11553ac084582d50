"""A running total answered for one period: "how much did the Lab use on 1 March?" answered with the meter's
register on 1 March (437,993.4 kWh) instead of that day's use (1,328.75 kWh).

Why: both figures were printed in the same row, and when the answer's unit names both columns (``kwh`` and
``register_kwh``) nothing in the words tells them apart. The table does: a column whose every step from one row
to the next is the other column's figure is that column's running total. That relation is read from the printed
figures (or, for a row printed alone, from the frame it came from: ``_selected_running``), never from a column's
name:

- a printed table (three rows at least, two steps) has a column ``C`` and another ``A`` such that, for every pair
  of consecutive rows, ``C`` grows by ``A``'s figure of the later row (a cumulative sum) or of the earlier one (a
  register read at the start of the period), to the precision they were printed with;
- the answer gives a figure of ``C`` that is no figure of ``A`` (and not beside its row's ``A``, which it then
  gives as the period's: "$13,298.69 in March, $36,899.34 for the year so far"), to a question for one figure
  (by its form, or answered with one figure) that does not ask for a running total: none of the words of
  ``C``'s name that ``A``'s lacks ("register", "cumulative", "running") is in the question, nor a word that asks
  for a total to date or a level (``forms.TO_DATE``: "so far", "since", "meter reading", "balance").
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from ..dialogue import prompts
from . import forms, localedata
from .claims import Claim, in_time_order
from .derive import matches
from .printed import Line, Row, Table
from .provenance import Evidence
from .readings import Value, is_year, values

MIN_ROWS = 3


def running_total(text: str, question: str, evidence: Evidence) -> Claim | None:
    """A figure of a running-total column answered for one period (see the module)."""
    if forms.asks_for_one(question) == "one choice" or forms.TO_DATE.search(question):
        return None
    asked = set(_words(question))
    stated = [v for v in values(text) if v.kind == "number" and v.readings and not is_year(v)]
    if not stated or (forms.asks_for_one(question) != "one figure" and len(stated) != 1):
        return None  # "what was the cloud bill for August?" asks for one figure too, when the answer gives one
    for table, total, step in _running(evidence.tables):
        if (set(_words(total)) - set(_words(step))) & asked:
            continue  # the question names the running total ("the register reading", "cumulative commits")
        for value in stated:
            rows = [row for row in table.rows if (f := row.figure(total)) is not None and matches(value, f)
                    and not any(matches(v, own) for v in stated if (own := row.figure(step)) is not None)]
            if rows and not any((f := row.figure(step)) is not None and matches(value, f) for row in table.rows):
                row = rows[0]
                return _claim(value, total, step, row.labels[0] if row.labels else "its row",
                              row.cells.get(step, "?"))
    return _selected_running(stated, asked, evidence) if _names_a_day(question) else None


def _claim(value: Value, total: str, step: str, label: str, own: str) -> Claim:
    return Claim(prompts.running_total(value.text, total, step, label, own),
                 {"figure": value.text, "column": total, "of": step, "row": label})


def _selected_running(stated: list[Value], asked: set[str], evidence: Evidence) -> Claim | None:
    """A figure read off a printed row (a day selected alone, to a question that names that one day) from a column
    that the frame it came from shows to be a running total, while the same line printed the row's own figure under
    a header that names both columns: the printed rows are too few to show the relation ("the 15 April row": its
    ``kumulatif`` beside its ``yolcu``), the frame is not. A figure printed by anything else (a sum that equals a
    total on some day, a reduction's table) is not read off that row: its line has no such header above it."""
    for frame in evidence.frames:
        if not frame.columns.is_unique:
            continue
        numeric = [str(c) for c in frame.columns if frame[c].dtype.kind in "iuf"]
        for value in stated:
            lines = [(m.line, values(m.line.text)) for m in evidence.shown.matches(value)
                     if m.line.where.place == "output"]
            for total in numeric:
                rows = _rows_holding(frame[_column(frame, total)], value)
                if not rows:
                    continue
                under_total = [(line, read) for line, read in lines if _under_header(line, evidence, (total,))]
                for step in numeric:
                    if step == total or (set(_words(total)) - set(_words(step))) & asked:
                        continue
                    own = [frame[_column(frame, step)].iloc[i] for i in rows]
                    if any(_near(v, o) for v in stated for o in own):
                        break  # the answer gives the row's own figure too, as the period's ("… so far")
                    beside = [o for o in own for line, read in under_total
                              if _under_header(line, evidence, (step,)) and any(_near(v, o) for v in read)]
                    if beside and _accumulates_in(frame, total, step):
                        return _claim(value, total, step, str(frame.index[rows[own.index(beside[0])]]),
                                      str(beside[0]))
    return None


def _names_a_day(question: str) -> bool:
    """Whether the question names one day ("on 15 April"): a span ("the first two days of April", "April in total")
    may be what a running total holds on its last day."""
    days = [key for v in values(question) if v.kind == "date" for key in v.date_keys
            if re.search(r"-\d{2}-\d{2}$", key)]
    return len(set(days)) == 1


def _under_header(line: Line, evidence: Evidence, columns: tuple[str, ...]) -> bool:
    """Whether a line of the same block above ``line`` names every one of the columns as a word (a frame's header)."""
    return any(other.where == line.where and other.number < line.number
               and all(re.search(rf"(?<![\w]){re.escape(c)}(?![\w])", other.text) for c in columns)
               for other in evidence.shown.lines)


def _column(frame: Any, name: str) -> Any:
    return next(c for c in frame.columns if str(c) == name)


def _near(value: Value, figure: Any) -> bool:
    try:
        return matches(value, Decimal(str(figure)))
    except ArithmeticError:
        return False  # NaN


def _rows_holding(column: Any, value: Value, most: int = 20) -> list[int]:
    """The positions of the first ``most`` rows whose cell is the figure: ``derive.matches`` (the figure within its
    precision, or as a percent) read over the whole column at once, as a frame may have many rows."""
    near = None
    for r in value.readings:
        for scale in (1, 100):
            hit = (column.abs() * scale - float(abs(r.value))).abs() <= float(r.tolerance)
            near = hit if near is None else near | hit
    return [] if near is None else [int(i) for i in near.to_numpy().nonzero()[0][:most]]


def _accumulates_in(frame: Any, total: str, step: str) -> bool:
    """Whether, in the frame's order, each row's ``total`` is its ``step`` added to the ``total`` of the row before
    it, or its ``step`` alone (a total that starts again: month to date), over all rows or within the groups of a
    text column (a line, a meter), with at least ``MIN_ROWS`` additions. Read from the data, never the names."""
    t, s = frame[_column(frame, total)], frame[_column(frame, step)]
    if t.dtype.kind not in "iuf" or s.dtype.kind not in "iuf" or not s.abs().sum():
        return False
    slack = 1e-9 * float(t.abs().max()) + 1e-6
    keys = [None] + [frame[c] for c in frame.columns if frame[c].dtype.kind == "O" and _groups(frame[c], len(frame))]
    # the relation holds on every first rows if it holds on all: a first look at a few thousand rules most pairs out
    return any(_adds(t.iloc[:_FIRST], s.iloc[:_FIRST], None if key is None else key.iloc[:_FIRST], slack)
               and _adds(t, s, key, slack) for key in keys)


_FIRST = 2000


def _adds(t: Any, s: Any, key: Any, slack: float) -> bool:
    before = t.shift() if key is None else t.groupby(key).shift()
    adds = (t - before - s).abs() <= slack
    return int(adds.sum()) >= MIN_ROWS and bool((adds | ((t - s).abs() <= slack)).all())


def counter_reading(text: str, question: str, evidence: Evidence) -> Claim | None:
    """A reading of a counter answered for one period: "how much did rack A2 harvest in the second week?" answered
    with the harvest counter's reading at the week's end (845.7 kg of a ``harvest_grams_total`` that had counted
    819.7 kg before the week began).

    Why: a counter (a meter's register, a log's distance, a Prometheus ``_total``) printed alone has no column of
    steps beside it for ``running_total`` to find; its figures say what it is: a table in time order whose column
    never falls over ``MIN_COUNTER_ROWS`` rows, takes three values at least and starts above zero (it counted before
    the rows shown), and says it counts: its name does (``_total``, ``cumulative``, ``register``, ``odometer``), or
    it stays level from one row to the next somewhere (a counter between events; a growing monthly revenue never
    repeats itself). A period's amount is then the difference of two readings, so an answer to a question for one
    figure of a period (a date or a period's word in it) that gives one reading, and no difference of two, read the
    counter as the period's value. A question that asks for a reading or a total to date (``forms.TO_DATE``) is
    answered by a reading."""
    if forms.TO_DATE.search(question) or not (_PERIOD.search(question) or any(
            v.kind == "date" for v in values(question))) or forms.asks_for_one(question) == "one choice":
        return None
    stated = [v for v in values(text) if v.kind == "number" and v.readings and not is_year(v)]
    if len(stated) != 1 and forms.asks_for_one(question) != "one figure":
        return None
    for table in evidence.tables:
        if len(table.rows) < MIN_COUNTER_ROWS or not in_time_order(table):
            continue
        for column in table.numeric_columns():
            figures = [row.figure(column) for row in table.rows]
            if (None in figures or len(set(figures)) < 3 or not figures[0]
                    or any(b < a for a, b in itertools.pairwise(figures))  # type: ignore[operator]
                    or not (_COUNTER_NAME.search(column) or _COUNTER_NAME.search(table.title)
                            or any(a == b for a, b in itertools.pairwise(figures)))):
                continue
            readings = [f for f in figures if f is not None]
            for value in stated:
                if any(_same(value, f) for f in readings[1:]) and not any(
                        _same(value, b - a) for a, b in itertools.combinations(readings, 2)):
                    return Claim(prompts.counter_reading(value.text, column, str(readings[0]), str(readings[-1])),
                                 {"figure": value.text, "column": column, "first": str(readings[0]),
                                  "last": str(readings[-1])})
    return None


def _same(value: Value, figure: Decimal) -> bool:
    """Whether ``value`` states ``figure``, or ``figure`` in another unit of its dimension (845.7 kg of a counter
    of grams)."""
    if matches(value, figure):
        return True
    if value.unit is None:
        return False
    units = {**localedata.UNITS, "energy": localedata.ENERGY_STEPS}[value.unit.dimension].values()
    return any(matches(value, figure * other / value.unit.factor) for other in units if other != value.unit.factor)


MIN_COUNTER_ROWS = 5
_COUNTER_NAME = re.compile(r"(?:^|[\W_])(?:total|cumul\w*|running|register|counter|odometer|meter|reading|kumul\w*)"
                           r"(?:$|[\W_])", re.IGNORECASE)
# a period a question asks about ("in the second week", "on that day", "last month"); its dates count too
_PERIOD = re.compile(r"\b(?:day|week|month|quarter|year|hour|night|shift|season|Tag|Woche|Monat|Jahr|jour|semaine|"
                     r"mois|année|día|semana|mes|año|giorno|settimana|mese|anno|dag|vecka|uke|måned|maand)s?\b",
                     re.IGNORECASE)


def _running(found: list[Table]) -> Iterator[tuple[Table, str, str]]:
    """Each (table, running-total column, the column it sums) the printed figures show."""
    for table in found:
        if len(table.rows) < MIN_ROWS:
            continue
        columns = table.numeric_columns()
        for total in columns:
            for step in columns:
                if step != total and _accumulates(table.rows, total, step):
                    yield table, total, step


def _accumulates(rows: list[Row], total: str, step: str) -> bool:
    """Every step of ``total`` from a row to the next is ``step``'s figure of the later row, or of the earlier."""
    read = [(row.figure(total), row.figure(step), _unit(row.cells.get(total, "")), _unit(row.cells.get(step, "")))
            for row in rows]
    if not any(s for _, s, _, _ in read):
        return False  # a column of zeros accumulates into anything constant
    steps: list[tuple[Decimal, Decimal, Decimal, Decimal]] = []
    for (t0, s0, u0, v0), (t1, s1, u1, v1) in itertools.pairwise(read):
        if t0 is None or t1 is None or s0 is None or s1 is None:
            return False
        steps.append((t1 - t0, s1, s0, u0 + u1 + max(v0, v1)))
    return any(all(abs(grew - (later if inclusive else earlier)) <= slack for grew, later, earlier, slack in steps)
               for inclusive in (True, False))


def _groups(column: Any, rows: int) -> bool:
    """Whether a text column splits the rows into groups of ``MIN_ROWS`` on average (a line, a meter); a column of
    lists or dicts has no groups."""
    try:
        return 1 < int(column.nunique()) <= rows // MIN_ROWS
    except TypeError:
        return False


def _unit(cell: str) -> Decimal:
    """Half a unit of the last digit a cell was printed with: how far a printed figure may be from its value."""
    plain = cell.strip().replace(",", "")
    places = len(plain.split(".")[1]) if "." in plain else 0
    return Decimal(5) / Decimal(10) ** (places + 1)


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\W_]+", text.lower()) if len(w) > 2]
