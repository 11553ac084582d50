"""What the model was shown, indexed line by line: where each figure, date and word was printed, and the tables.

Why line by line: an answer's value is checked against a source a colleague can look at ("turn 2, block 1,
line 4: ``2024-03  48115.90``"), and a claim about a table ("Lyon has the most orders", "Paris: 1,200") is
checked within the table and the row that printed it, not against every number of every output.

``Shown`` holds the lines of what the model read: the question, the data's descriptions, and each block's text
as it was sent (``CodeCell.shown``, clipped and redacted). It finds the line a value of an answer was printed
on, to the precision the answer wrote it (``find``). ``tables`` reads the tables in those lines back: pandas
frames and series (by their layout: pandas pads every row of a table to one width and aligns each column),
``label: figure`` lines a loop printed, dict and ``most_common`` reprs; each with its columns, its rows, the
block that printed it and whether it is partial (``head()``, elided rows, a footer counting more rows).
"""
from __future__ import annotations

import bisect
import calendar
import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cached_property

from ..dialogue.conversation import Conversation
from ..record.trajectory import CodeCell, Run, Source
from . import localedata
from .booleans import boolean_names
from .readings import (
    ADDRESS,
    CLOCK,
    CODE_TOKEN,
    COMPACT_DATE,
    CURRENCIES,
    NATIVE_DIGITS,
    Value,
    clock_seconds,
    date_keys,
    date_of,
    date_patterns,
    is_code,
    is_era_year,
    is_year,
    same_date,
    token_key,
)

MAX_ROW_CHARS = 300  # a longer line is never a table row
MIN_TABLE_ROWS = 3  # a choice among fewer printed rows is not a table to misread
LINE_CHARS = 160  # a source line as the record keeps it
MAX_RESULT_LINE_CHARS = 60  # a printed line this short is a result ("peak hour: 14"); a longer one may be prose


@dataclass(frozen=True)
class Where:
    """Where a line was shown: a block's output (turn and block, counted from 1 as the report numbers them), the
    question, or the data's descriptions; ``earlier`` for the run a follow-up continues."""

    place: str  # "output", "question" or "description"
    turn: int = 0
    block: int = 0
    earlier: bool = False

    def describe(self, line: int | None = None) -> str:
        if self.place != "output":
            return "the question" if self.place == "question" else "the data's description"
        at = f"turn {self.turn}, block {self.block}" + (f", line {line}" if line is not None else "")
        return f"{at} of the run it continues" if self.earlier else at


@dataclass(frozen=True)
class Line:
    """One line the model was shown, and where."""

    where: Where
    number: int  # 1-based within its output
    text: str
    code: str = ""  # the block's code (empty for the question and the descriptions)
    clean: bool = True  # the block ran without error


@dataclass(frozen=True)
class Figure:
    """A number printed on a line: its value as printed (signed), its decimal places, and where on the line."""

    value: Decimal
    places: int
    line: int  # index into ``Shown.lines``
    start: int
    text: str


@dataclass(frozen=True)
class Match:
    """Where a value of an answer was shown, and how closely: ``exact`` or ``loose`` (rounded, a magnitude word,
    a hedge, a date without its year)."""

    line: Line
    quality: str
    figure: Figure | None = None


# -- figures as code prints them -------------------------------------------------------------------------------
_FIGURE = re.compile(r"(?:(?<![\w.,])(?P<sign>[-−]))?(?<![A-Za-z_\d.])(?P<digits>\d+(?:,\d{3})*)(?P<fraction>\.\d+)?"
                     r"(?P<exponent>[eE][-+]?\d+)?(?P<percent>%)?")
# A figure a text cell writes the continental way ("$ 1.532,05", "1 234,5", "24,8 %"): dots or spaces group
# thousands, a comma starts the fraction. English output never writes it so (its groups are commas, a comma-joined
# list is "1,2,3"), so the grouped form is read as one figure; as a CSV line ("0.125,3", "1.532,05" of two fields)
# may write it too, the plain figures are read as well.
_COMMA_DECIMAL = re.compile(r"(?<![\w.,])(?P<sign>[-−])?(?P<digits>[1-9]\d{0,2}(?:[.\u00a0\u202f ]\d{3})+|\d+),"
                            r"(?P<fraction>\d{1,2})"
                            r"(?![\d]|[.,]\d)(?:\s?(?P<percent>%))?")
_AFTER_A_DECIMAL_COMMA = re.compile(r"(?<![\w.,])\d+\.\d+,\Z")  # "2.05," right before a figure, in one cell
_DOT_GROUPED = re.compile(r"(?<![\w.,])(?P<sign>[-−])?(?P<digits>[1-9]\d{0,2}(?:\.\d{3}){2,})(?![\d]|[.,]\d)")
# The one-letter codes a sex column is kept in, and the words an answer names their rows by
_SEX_CODES: dict[str, tuple[str, ...]] = {
    "m": ("men", "man", "male", "males", "hommes", "männer", "hombres", "homens", "uomini"),
    "f": ("women", "woman", "female", "females", "femmes", "frauen", "mujeres", "mulheres", "donne"),
    "w": ("women", "woman", "female", "females", "femmes", "frauen", "mujeres", "mulheres", "donne"),
}
_TIMEDELTA = re.compile(r"(?<![\w.])(-?\d+) days?,? (\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)(?![\d.])")
# an ISO 8601 duration, as APIs and exports write one: PT52M40S, P1DT2H
_ISO_DURATION = re.compile(r"\bP(?:(\d+)D)?T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?\b")
# a word for hours on a line that prints one ("hour", "Stunde", "heure", "hora", "uur", "timme", "時"); not words
# that are English too ("time", "HR") nor a Korean syllable that most lines have
_HOUR_WORD = re.compile(r"\b(?:hours?|hh|stunden?|heures?|horas?|uur|timme)\b|[時时]", re.IGNORECASE)
_INDEXED_LINE = re.compile(r"^(\d+)( {2,}|\t)(?=\S)", re.MULTILINE)
_MAKES_PERCENT = re.compile(r"\*\s*100\b|\b100\s*\*|:\.?\d*%|\bpct\b|percent|_pct\b|pct_", re.IGNORECASE)
# a frame's shape, printed by code that asks for it ("(1488, 9)" of ``.shape``) or in a description ("900 rows x
# 12 columns"): rows and columns
_SHAPE = re.compile(r"\(\d+, \d+\)")
_DESCRIBED_SHAPE = re.compile(r"\b\d[\d,]* rows x \d+ columns\b")
# the target of an assignment whose value makes a percent; its last name is what it binds (``share``, the column
# ``loss_pct`` of ``df['loss_pct']``, not the frame)
_MAKES_PERCENT_LINE = re.compile(r"^\s*([\w\[\]'\". ]+?)\s*=(?!=)[^\n]*(?:\*\s*100\b|\b100\s*\*)", re.MULTILINE)
# a number joined to a unit inside a name: downloads_30d, rain_24h, 7d_avg (the name starts with a letter or "_")
# grouped by month: by ``.dt.month``, or by a key the code calls month (``groupby(long.month.str[5:])``, "01" to
# "12"); not any block that names a month column (``s[s.month == 'March'].groupby('store')``)
_BY_MONTH = re.compile(r"\.dt\.month\b(?!_)|groupby\(\s*[\w.\[\]'\"]*?\bmonth\b")
_BY_WEEKDAY = re.compile(r"\.dt\.(?:dayofweek|weekday|day_of_week)\b")
_NAMED_QUANTITY = re.compile(r"(?:(?<=_)|(?<=[^\W\d_])|(?<![\w.]))(\d{1,4})([^\W\d_]{1,7})(?![^\W_])")
# the number that ends a name: uke_35, week_35, q_3 (a period or a position the name counts)
_NUMBERED_NAME = re.compile(r"(?<![\w.])[^\W\d_]{1,12}_(\d{1,4})(?![\w.])")
_PREVIEW_NOTE = re.compile(r"\b(?:first|last) \d+ (?:rows|items|lines|characters|chars)\b")
_OTHER_DATE = re.compile(r"(?<![\w.])\d{1,2}[./-](?:\d{1,2}|[A-Za-z]{3})[./-]\d{2,4}(?![\w])")
_YEAR = re.compile(r"(?:19|20)\d\d")
_COMPACT_CLOCK = re.compile(r"(?<![\w.,:/-])(?:[01]\d|2[0-3])[0-5]\d\s?(?:UTC|GMT|Z|LT|hrs?)\b")
_A_YEAR = re.compile(r"(?<![\d.,])((?:19|20)\d\d)(?!\d|[.,]\d)")  # not the 2049 of a price, 2049.99
_SCIENTIFIC = re.compile(r"[-+]?\d+\.(\d+)[eE]([-+]?\d+)")  # 1.692199e+09: its decimals, its exponent
_NUMERIC_DATE = re.compile(r"(?<![\w.])(\d{1,2})[./-](\d{1,2})[./-]\d{4}(?![\w])"
                           r"|(?<![\w./])(\d{1,2})/(\d{1,2})/\d{2}(?![\w/])")  # and 29/3/24, as phones write days
_SHAPE_FOOTER = re.compile(r"^\s*\[\d+ rows x \d+ columns\]\s*$|^(?:Name: .*, )?(?:Length: \d+, )?dtype: \S+$")
_ISO_DATE = re.compile(r"(?<![\w.])(?P<iso>\d{4}-\d{1,2}-\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?![\w])")


def shown_at(line: Line, text: str) -> Source:
    """The source of ``text`` as ``line`` printed it: where (turn, block, line) and the line itself, clipped."""
    return Source(text, "shown", where=line.where.describe(line.number), line=line.text.strip()[:LINE_CHARS])


@functools.lru_cache(maxsize=1024)
def _percent_names(code: str) -> frozenset[str]:
    """The names a block's code binds to percents (``share = x / n * 100`` binds ``share``; ``df['loss_pct'] =
    ... * 100`` binds the column, not the frame)."""
    return frozenset(names[-1] for made in _MAKES_PERCENT_LINE.findall(code) if (names := re.findall(r"\w+", made)))


@functools.lru_cache(maxsize=65536)
def figure_value(text: str) -> Decimal | None:
    """A cell as code prints it (``12,345.50``, ``-7``, ``45.2%``, ``$1,234``) as a signed number, or None; a
    Timedelta (``0 days 04:09:43.500000``) as its seconds, so a table of durations is ranked and read too."""
    timedelta = _TIMEDELTA.fullmatch(text.strip())
    if timedelta is not None:
        days, hours, minutes, seconds = timedelta.group(1, 2, 3, 4)
        return Decimal(int(days) * 86400 + int(hours) * 3600 + int(minutes) * 60) + Decimal(seconds)
    plain = text.strip().replace(",", "").rstrip("%").lstrip("$€£¥").replace("−", "-")
    try:
        number = Decimal(plain)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def _places(match: re.Match[str]) -> int:
    fraction = match.group("fraction") or ""
    return max(len(fraction) - 1, 0)


class Shown:
    """The lines a run showed the model, with their figures, dates and words indexed for lookups."""

    # the data's own text cells, read only when no output tells how its numeric dates are written
    data_texts: Callable[[], Iterable[str]] = staticmethod(tuple)

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines
        figures: list[Figure] = []
        previous: int | None = None  # the row number of the line before, when it starts with one
        for index, line in enumerate(lines):
            if _SHAPE_FOOTER.match(line.text.strip()):
                previous = None
                continue  # pandas' "[5 rows x 8 columns]": the size of a print, no figure of the data
            row = _INDEXED_LINE.match(line.text)
            number = int(row.group(1)) if row is not None else None
            follows = index > 0 and lines[index - 1].where == line.where and lines[index - 1].number == line.number - 1
            counted = number is not None and (number == 0 or (follows and previous == number - 1))
            figures += _figures(line.text, index, row.end(1) if counted and row is not None else 0)
            previous = number if counted else None  # a chain of row numbers starts at 0 (a RangeIndex)
        self.figures = sorted(figures, key=lambda f: abs(f.value))
        self._keys = [abs(f.value) for f in self.figures]

    @classmethod
    def of(cls, runs: Iterable[Run], *, question: bool = True) -> Shown:
        """What ``runs`` showed the model: the question, the data's descriptions and each block's text as sent.

        Not a sub-call's answer nor the repr of what a block bound: the model reads those only when its code
        prints them. Not the system prompt (its example holds made-up values) nor our instructions ("4 turns").
        """
        runs = list(runs)
        lines: list[Line] = []
        for order, run in enumerate(runs):
            earlier = order < len(runs) - 1
            if question:
                lines += _lines(run.question, Where("question", earlier=earlier))
                # the descriptions' own words ("first 3 rows:") count nothing of the data
                described = _PREVIEW_NOTE.sub("", Conversation.given(run.root_prompt))
                lines += _lines(described, Where("description", earlier=earlier))
            for turn, it in enumerate(run.iterations, 1):
                for block, cell in enumerate(it.cells, 1):
                    lines += _lines(cell_shown(cell), Where("output", turn, block, earlier), cell.code,
                                    cell.error is None)
        return cls(lines)

    # -- lookups --------------------------------------------------------------------------------------------------
    def find(self, value: Value) -> Match | None:
        """The best line that showed ``value``: an exact match before a loose one, a later block before an earlier
        one (the figure the model computed last), an output before the question."""
        return self.best(list(self.matches(value)))

    @staticmethod
    def best(matches: list[Match]) -> Match | None:
        """Of several lines that showed a value, the one ``find`` cites (see there); None of none."""
        return max(matches, key=lambda m: (m.quality == "exact", m.line.where.place == "output",
                                           not m.line.where.earlier, m.line.where.turn, m.line.where.block),
                   default=None)

    def matches(self, value: Value) -> Iterator[Match]:
        """Every line that showed ``value``, with how closely."""
        if value.kind == "number":
            yield from self._number_matches(value)
        elif value.kind == "date":
            for index, keys in self._dates.items():
                quality = max((q for key in keys for answer_key in value.date_keys
                               if (q := same_date(answer_key, key))), default=None, key=lambda q: q == "exact")
                if quality is not None:
                    yield Match(self.lines[index], quality)
            lower = value.text.lower()
            for line in self.lines:
                if lower in line.text.lower():
                    yield Match(line, "exact")
        elif CLOCK.fullmatch(value.key):
            yield from self._clock_matches(value)
        else:
            pattern = re.compile(r"(?<![\w\-])" + r"[\s_\-]+".join(re.escape(w) for w in value.key.split())
                                 + r"(?![\w\-])")
            for index, words in enumerate(self._words):
                if pattern.search(words):
                    yield Match(self.lines[index], "exact")

    def _clock_matches(self, value: Value) -> Iterator[Match]:
        """A time of day as printed inside a timestamp (``T19:46:09Z``), a zone offset (``02:00`` of ``+0200``), or
        on the hour, loosely, from a printed hour (``14:00`` for an hour column's 14, or its end for 13; ``12:59``
        ends hour 12)."""
        hours, minutes = value.key.split(":")[:2]
        # "3:48:29" as a Timedelta prints it ("0 days 03:48:29.500000"): an hour's leading zero, a fraction after;
        # not the 9:12 of "9:12 PM" for 09:12, which is 21:12 ("5/14/2024 9:12:03 PM" as US stamps write it)
        rest = re.escape(value.key[len(hours) + 1:])
        exact = re.compile(rf"(?<!\d)0?{int(hours)}[:h]{rest}(?!\d)(?![.:\d]*\s?[Pp]\.?[Mm]\b)|"
                           rf"(?<!\d)0?{(int(hours) - 1) % 12 + 1}:{rest}(?!\d)[.:\d]*\s?"
                           rf"{'[Pp]' if int(hours) >= 12 else '[Aa]'}\.?[Mm]\b")
        offset = re.compile(rf"[+-]{hours.zfill(2)}:?{minutes}(?!\d)")
        # "0719 UTC", "1230Z", "0400 hrs", "2024-11-23 0538": a time of day as logbooks, aviation, the military and
        # contest logs write it, four digits and no colon; only with its zone or "hrs" after it or a date before it,
        # as four digits alone are any number, or after "at" on a line that writes another time so ("0400 UTC ...
        # Squall at 0149")
        # (to the minute only: "01:49:37" is no "0149Z")
        compact = re.compile(rf"(?<![\w.,:/-]){hours.zfill(2)}{minutes}"
                             rf"(?:\s?(?:UTC|GMT|Z|LT|hrs?)\b|(?<=\d{{4}}-\d\d-\d\d\s\d{{4}})(?![\w.,:/-]))")
        after_at = re.compile(rf"(?:\bat|@)\s?{hours.zfill(2)}{minutes}(?!\w|[.,:/-]\d)")
        to_the_minute = value.key.count(":") == 1
        for line in self.lines:
            if exact.search(line.text) or offset.search(line.text) or (to_the_minute and (
                    compact.search(line.text) or (after_at.search(line.text) and _COMPACT_CLOCK.search(line.text)))):
                yield Match(line, "exact")
        if value.key.count(":") == 2:  # "27:45:10" of a printed Timedelta ("1 days 03:45:10")
            written = clock_seconds(value.key)
            for index, seconds in self._timedeltas:
                if abs(seconds - written) < 1:
                    yield Match(self.lines[index], "loose")
        if minutes in ("00", "59") and len(value.key) <= 5:
            hour = int(hours)
            # an hour printed as a figure, or as the label of a table's row (an hour index counts 0, 1, 2...); a
            # time on the hour starts it or ends the one before, one at :59 ends it ("12:00–12:59" for hour 12)
            before = hour - 1 if minutes == "00" else hour
            row = re.compile(rf"^\s*0?(?:{hour}|{before})(?:\s{{2,}}|\t|\s*:)\s*\S")
            for figure in [*self.figures_near(Decimal(hour), Decimal(0)), *self.figures_near(Decimal(before),
                                                                                            Decimal(0))]:
                # ":59" only as a printed hour's row; and a figure of a line of prose (the "11" of "a ryokan of 11
                # rooms") is an hour only where the line says hours
                text = self.lines[figure.line].text
                if figure.places == 0 and minutes == "00" and (len(text.strip()) <= MAX_RESULT_LINE_CHARS
                                                               or _HOUR_WORD.search(text)):
                    yield Match(self.lines[figure.line], "loose", figure)
            for line in self.lines:
                if line.where.place == "output" and row.match(line.text):
                    yield Match(line, "loose")

    def output_dates(self) -> Iterator[tuple[Line, str]]:
        """Each date this run's outputs printed (not the question's, not a continued run's), with its line."""
        for index, keys in self._dates.items():
            line = self.lines[index]
            if line.where.place == "output" and not line.where.earlier:
                yield from ((line, key) for key in keys)

    def has(self, value: Value) -> bool:
        return next(iter(self.matches(value)), None) is not None

    def figures_near(self, number: Decimal, tolerance: Decimal) -> list[Figure]:
        """The printed figures within ``tolerance`` of ``number`` (absolute values)."""
        low = bisect.bisect_left(self._keys, number - tolerance)
        high = bisect.bisect_right(self._keys, number + tolerance)
        return self.figures[low:high]

    def _number_matches(self, value: Value) -> Iterator[Match]:
        # "in 2024": the year of a printed date counts (2024-03-05), and one of the Buddhist era ("2567", 05/03/2567)
        if is_year(value) or is_era_year(value.text):
            for index, keys in self._dates.items():
                if any(key.startswith(value.text) for key in keys):
                    yield Match(self.lines[index], "loose")
        percent = any(r.how == "percent" for r in value.readings)
        measured = percent or value.unit is not None or bool(value.currency)
        for reading in value.readings:
            number = abs(reading.value)
            for figure in self.figures_near(number, reading.tolerance):
                if percent and reading.how != "percent" and number < 1 and not self._a_percent(figure):
                    continue  # "0.35%" is not a printed share of 0.35: that is 35%
                if measured and self.in_shape(figure):
                    continue  # "12 %", "9 kt" are no frame's 12 or 9 columns of a printed ``shape``
                exact = abs(figure.value) == number and not reading.loose
                yield Match(self.lines[figure.line], "exact" if exact else "loose", figure)
            for figure, half in self._scientific:
                if abs(abs(figure.value) - number) <= half + reading.tolerance:
                    yield Match(self.lines[figure.line], "loose", figure)
        if value.unit is not None and value.readings:
            amount = abs(value.first) * value.unit.factor
            for index, number, unit in self._named_quantities:
                if unit.dimension == value.unit.dimension and number * unit.factor == amount:
                    yield Match(self.lines[index], "loose")
            if value.unit.dimension == "duration":
                tolerance = value.readings[0].tolerance * value.unit.factor
                for index, seconds in self._timedeltas:
                    if abs(seconds - amount) <= tolerance:
                        yield Match(self.lines[index], "loose")
        if value.unit is None and not value.currency and value.readings and value.readings[0].tolerance <= 1:
            number = abs(value.first)
            yield from (Match(self.lines[index], "loose") for index, n in self._name_numbers if n == number)

    @cached_property
    def _scientific(self) -> list[tuple[Figure, Decimal]]:
        """The figures printed in scientific notation (pandas' ``1.692199e+09``), each with half its last digit's
        unit: the print rounds the figure, so an answer's 1,692,199,250 is it, to the digits printed."""
        out = []
        for figure in self.figures:
            found = _SCIENTIFIC.fullmatch(figure.text)
            if found is not None:
                places = len(found.group(1))
                out.append((figure, Decimal(5) * Decimal(10) ** (int(found.group(2)) - places - 1)))
        return out

    @cached_property
    def _name_numbers(self) -> list[tuple[int, Decimal]]:
        """The numbers that end the names of a series a line prints: the week 35 of a wide table's columns
        ``uke_33 uke_34 uke_35``. No figure of the data, but what "between weeks 10 and 35" read there. One name
        alone (``user_7`` of a log line) is an id, not a place in a series."""
        found = []
        for index, line in enumerate(self.lines):
            named: dict[str, list[Decimal]] = {}
            for match in _NUMBERED_NAME.finditer(line.text):
                named.setdefault(match.group(0).rsplit("_", 1)[0].lower(), []).append(Decimal(match.group(1)))
            found += [(index, n) for numbers in named.values() if len(set(numbers)) >= 2 for n in numbers]
        return found

    def in_shape(self, figure: Figure) -> bool:
        """Whether a figure is one of the counts of a frame's shape ("(1488, 9)" printed by code that asks for
        ``.shape``, "900 rows x 12 columns" of a description): rows and columns, no measure. Another pair in
        brackets ("(3, 250)" of a min and a max) is data."""
        line = self.lines[figure.line]
        shapes = [*(_SHAPE.finditer(line.text) if ".shape" in line.code else ()), *_DESCRIBED_SHAPE.finditer(line.text)]
        return any(m.start() < figure.start < m.end() for m in shapes)

    def _a_percent(self, figure: Figure) -> bool:
        """Whether a printed figure is a percent: printed with one, or by code that makes percents (``* 100``, a
        ``%`` format, a ``pct`` or ``percent`` name) in its block, or in an earlier one that made a name this block
        uses (``share = x / n * 100`` then ``print(share)``); a percent some earlier block made of another name
        says nothing of this figure (a parsed log's ``loss_pct``, then ``value_counts(normalize=True)``)."""
        line = self.lines[figure.line]
        if "%" in figure.text or re.search(r"%|percent|pct", line.text, re.IGNORECASE):
            return True
        if _MAKES_PERCENT.search(line.code):
            return True
        used = set(re.findall(r"\w+", line.code))
        earlier = {other.code for other in self.lines[:figure.line] if other.where.place == "output"}
        return any(used & _percent_names(code) for code in earlier)

    @cached_property
    def _named_quantities(self) -> list[tuple[int, Decimal, localedata.Unit]]:
        """The quantities printed names write, a number joined to its unit: the 30 days of a column
        ``downloads_30d``, the 24 hours of ``rain_24h``. A figure inside a name is no figure of the data, but the
        answer that says "in their first 30 days" read it there."""
        found = []
        units = localedata.unit_words()
        for index, line in enumerate(self.lines):
            for match in _NAMED_QUANTITY.finditer(line.text):
                unit = units.get(match.group(2)) or units.get(match.group(2).lower())
                if unit is not None:
                    found.append((index, Decimal(match.group(1)), unit))
        return found

    @cached_property
    def _timedeltas(self) -> list[tuple[int, Decimal]]:
        """The durations pandas printed as Timedeltas ("0 days 02:15:30", "1 days 03:00:00.500000"), or written in
        ISO 8601 (``PT52M40S``), in seconds:
        what "2 h 15 min", "135 minutes" or "2.3 hours" read, to the answer's precision."""
        found = []
        for index, line in enumerate(self.lines):
            for match in _TIMEDELTA.finditer(line.text):
                found.append((index, figure_value(match.group(0)) or Decimal(0)))
            for match in _ISO_DURATION.finditer(line.text):
                days, hours, minutes, seconds = (Decimal(part or 0) for part in match.groups())
                found.append((index, days * 86400 + hours * 3600 + minutes * 60 + seconds))
        return found

    @cached_property
    def _words(self) -> list[str]:
        return [token_key(line.text) for line in self.lines]

    @cached_property
    def _dates(self) -> dict[int, list[str]]:
        """The dates each line shows, as ISO keys: read only when an answer has a date (the month names' scan
        costs more than the rest of the index)."""
        found: dict[int, list[str]] = {}
        orders = self._numeric_date_orders()
        for index, line in enumerate(self.lines):
            text = line.text.translate(NATIVE_DIGITS)
            if not re.search(r"\d", text):
                continue
            for pattern in (*date_patterns(), COMPACT_DATE):
                for match in pattern.finditer(text):
                    keys = self._dated(match, date_keys(match))
                    numeric = match.groupdict().get("numeric") or match.groupdict().get("short_numeric")
                    order = orders.get(line.where) if numeric else None
                    found.setdefault(index, []).extend(keys[:1] if order == "DMY" else keys[-1:] if order == "MDY"
                                                       else keys)
        return found

    def _dated(self, match: re.Match[str], keys: list[str]) -> list[str]:
        """A day printed without its year but with its weekday ("Wed 11/12", "Sat 6 Jul"), in each year the run
        showed whose calendar gives that day that weekday: a log's header or title states its year once, and the
        weekday tells which of the years, and which order of "11/12", its days are (11 December 2024 is a
        Wednesday, 12 November 2024 a Tuesday). Without such a year, the day stays without one."""
        weekday = match.groupdict().get("weekday")
        number = localedata.weekday_number(re.sub(r"[\s.,]+", "", weekday)) if weekday else None
        if number is None or not all(key.startswith("--") for key in keys):
            return keys
        dated = [f"{year}-{key[2:]}" for key in keys for year in self._years
                 if (day := date_of(f"{year}-{key[2:]}")) is not None and day.weekday() == number]
        return dated or keys

    @cached_property
    def _years(self) -> list[int]:
        """The years (1900 to 2099) any line shows, as a figure or in a date: what a day without its year is in."""
        return sorted({int(year) for line in self.lines for year in _A_YEAR.findall(line.text)})

    def _numeric_date_orders(self) -> dict[Where, str]:
        """How the data writes its numeric dates, for every output: day first when a first field exceeds 12
        (22.01.2024), month first when a second does (01/22/2024); then 05.02.2024 is one date, not two. One data
        set writes its dates one way, so what one output shows holds for the rest; when no output tells, the data
        itself may (``data_texts``: its rows the model never printed, "22/11/2023" under "06/11/2023")."""
        order = numeric_date_order(line.text for line in self.lines) or numeric_date_order(self.data_texts())
        return dict.fromkeys({line.where for line in self.lines}, order) if order else {}


def numeric_date_order(texts: Iterable[str]) -> str | None:
    """"DMY" when a numeric date's first field exceeds 12, "MDY" when its second does; None if none or both."""
    found: set[str] = set()
    for text in texts:
        for match in _NUMERIC_DATE.finditer(text):
            first, second = (int(n) for n in match.groups() if n)
            found.add("DMY" if first > 12 else "MDY" if second > 12 else "")
    found.discard("")
    return next(iter(found)) if len(found) == 1 else None


def _lines(text: str, where: Where, code: str = "", clean: bool = True) -> list[Line]:
    text = text.replace("\\n", "\n")  # a repr's escaped line breaks are line breaks
    return [Line(where, number, line, code, clean) for number, line in enumerate(text.splitlines(), 1)
            if line.strip()]


def _figures(text: str, line: int, row_number: int) -> list[Figure]:
    """The figures of a line, without the times of day, the days of dates, and the row number pandas' default
    index prints first (``row_number``: its width; "3    Nice   -7" after a line "2 ...": 3 counts rows)."""
    plain = CLOCK.sub(lambda m: " " * len(m.group(0)), text.translate(NATIVE_DIGITS))
    plain = ADDRESS.sub(lambda m: " " * len(m.group(0)), plain)
    plain = CODE_TOKEN.sub(lambda m: " " * len(m.group(0)) if is_code(m.group(0)) else m.group(0), plain)
    plain = _ISO_DATE.sub(lambda m: " " * len(m.group(0)), plain)
    plain = _OTHER_DATE.sub(lambda m: " " * len(m.group(0)), plain)  # 05.02.2024, 10/Oct/2024: no 5, 2 or 10
    plain = " " * row_number + plain[row_number:]
    plain = _glued_symbols().sub(lambda m: " " * len(m.group(0)), plain)  # "Ksh40,000.00" is 40,000.00
    found = []
    decimal_commas = []
    for match in _COMMA_DECIMAL.finditer(plain):
        number = Decimal(re.sub(r"\D", "", match.group("digits")) + "." + match.group("fraction"))
        number = -number if match.group("sign") else number
        places = len(match.group("fraction"))
        found.append(Figure(number, places, line, match.start(), match.group(0)))
        decimal_commas.append(match.span())
        if match.group("percent"):
            found.append(Figure(number / 100, places + 2, line, match.start(), match.group(0)))
    # a line of fields split by semicolons (the CSV of locales with a decimal comma) has no comma between fields:
    # "1171,12" there is one figure, not 1171 and 12
    inside = {i for a, b in decimal_commas for i in range(a, b)} if plain.count(";") >= 2 else set()
    # a whole number grouped by dots more than once ("2.000.000 ₫", "1.234.567") can be nothing but one figure
    for match in _DOT_GROUPED.finditer(plain):
        if match.start() in inside or any(a <= match.start() < b for a, b in decimal_commas):
            continue
        number = Decimal(match.group("digits").replace(".", ""))
        found.append(Figure(-number if match.group("sign") else number, 0, line, match.start(), match.group(0)))
        inside |= set(range(*match.span()))
    # a padded table's cell written "2.05,42" (a skating time: 2 min 5.42 s) is one cell, no CSV line of two fields:
    # the figure after its comma is no figure of its own
    padded = "  " in plain.strip()
    for match in _FIGURE.finditer(plain):
        if match.start() in inside or (padded and _AFTER_A_DECIMAL_COMMA.search(plain, 0, match.start())):
            continue
        digits = match.group("digits").replace(",", "")
        try:
            number = Decimal(digits + (match.group("fraction") or "") + (match.group("exponent") or ""))
        except InvalidOperation:
            continue
        if match.group("sign"):
            number = -number
        found.append(Figure(number, _places(match), line, match.start(), match.group(0)))
        if match.group("percent"):
            found.append(Figure(number / 100, _places(match) + 2, line, match.start(), match.group(0)))
    return found


@functools.cache
def _glued_symbols() -> re.Pattern[str]:
    """A currency's symbol of letters written right before its amount in a money's shape ("Ksh40,000.00",
    "RM96,172.37", "R740"; not "R2" or "RM3", names: as ``readings`` reads an answer)."""
    symbols = [s for s in localedata.currency_symbols(CURRENCIES) if s.isalpha()]
    longer = localedata.alternation(s for s in symbols if len(s) > 1)
    single = localedata.alternation(s for s in symbols if len(s) == 1)
    return re.compile(rf"(?<![A-Za-z])(?:{longer}|{single})(?=\d{{3}}|\d{{1,3}}[.,]\d)")


# -- tables ----------------------------------------------------------------------------------------------------
@dataclass
class Row:
    """One row of a printed table: its labels (index levels and text cells) and its figures by column."""

    labels: list[str]
    cells: dict[str, str]  # column -> the cell as printed
    line: Line

    def figure(self, column: str) -> Decimal | None:
        return figure_value(self.cells.get(column, ""))


@dataclass
class Table:
    """A table printed by one block: named columns (a series' values are its name, or ``value``), rows, and whether
    it showed every row (``partial``: a ``head()``, elided rows, a footer counting more)."""

    where: Where
    code: str
    columns: list[str]
    rows: list[Row] = field(default_factory=list)
    partial: bool = False
    title: str = ""  # the line printed just before it, when that is text ("Revenue by city:")

    def numeric_columns(self) -> list[str]:
        enough = max(len(self.rows) - 1, 1)  # one missing figure (a NaN) still makes a numeric column
        return [c for c in self.columns if sum(r.figure(c) is not None for r in self.rows) >= enough]

    def label_of(self, key: str) -> str:
        """A label as this table printed it, for the notes ("Lille", not the compared "lille"; an alias's label)."""
        key = self.aliases.get(key, key)
        return next((label for row in self.rows for label in row.labels if label_key(label) == key), key)

    def rows_of(self, label: str) -> list[Row]:
        return self._by_label.get(label_key(label), [])

    def cells_near(self, number: Decimal, tolerance: Decimal) -> list[tuple[Row, str]]:
        """The (row, column) of every cell within ``tolerance`` of ``number``, signs ignored (as answers write)."""
        keys, cells = self._figure_index
        low = bisect.bisect_left(keys, number - tolerance)
        return [cell for cell in cells[low:bisect.bisect_right(keys, number + tolerance)]]

    @cached_property
    def _figure_index(self) -> tuple[list[Decimal], list[tuple[Row, str]]]:
        found = sorted(((abs(number), (row, column)) for row in self.rows for column, cell in row.cells.items()
                        if (number := figure_value(cell)) is not None), key=lambda pair: pair[0])
        return [key for key, _ in found], [cell for _, cell in found]

    @cached_property
    def _by_label(self) -> dict[str, list[Row]]:
        index: dict[str, list[Row]] = {}
        for row in self.rows:
            for key in dict.fromkeys(label_key(label) for label in row.labels):
                index.setdefault(key, []).append(row)
        for alias, key in self.aliases.items():
            index.setdefault(alias, index[key])
        return index

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Other names of rows, as compared → the label: a grouping by a condition's ``True`` and ``False``
        (``booleans``), the words of a sex code's rows (``M``, ``F``, ``W``: "men", "women"), the first word
        of a label of several ("Ramipril" of "Ramipril 5 mg 50 tabs", "Caldera" of "Caldera United") and the part
        after a symbol set between names ("Belém" of "Manaus → Belém") when no other label of the table holds it."""
        keys = {label_key(label) for row in self.rows for label in row.labels[-1:]}
        if not keys:
            return {}
        if keys <= {"true", "false"}:
            return {alias: key for key, name in boolean_names(self.code).items()
                    if key in keys and (alias := label_key(name)) and alias not in keys}
        if len(keys) >= 2 and keys <= set(_SEX_CODES):  # a column of sex codes: "the women" name the F (or W) row
            return {word: key for key in keys for word in _SEX_CODES[key]}
        firsts: dict[str, list[str]] = {}
        for key in keys:
            words = key.split()
            if len(words) > 1 and len(words[0]) >= 4 and words[0].isalpha():
                firsts.setdefault(words[0], []).append(key)
        # the part after a symbol set between names: "Belém" of a route "Manaus → Belém"
        ends = {joined.group(2): key for key in keys if (joined := re.fullmatch(r".+?\s(\S)\s(.{4,})", key))
                and _between_words(joined.group(1))
                and not any(joined.group(2) in k for k in keys - {key})}
        return {**{end: key for end, key in ends.items() if end not in keys},
                **{first: named[0] for first, named in firsts.items() if len(named) == 1 and first not in keys
                   and not any(k.startswith(first) and k not in named for k in keys)}}

    def order(self, column: str) -> str | None:
        """``descending`` or ``ascending`` when the column's figures are printed sorted, else None."""
        figures = [f for row in self.rows if (f := row.figure(column)) is not None]
        if len(figures) < 2 or len(set(figures)) < 2:
            return None
        if all(a >= b for a, b in itertools.pairwise(figures)):
            return "descending"
        if all(a <= b for a, b in itertools.pairwise(figures)):
            return "ascending"
        return None


@functools.lru_cache(maxsize=65536)
def label_key(text: str) -> str:
    """A label as compared: lower case, ``_`` and ``-`` read as spaces ("payment failed" is ``payment_failed``).
    Turkish's dotted capital I lowers to an i with a combining dot, which no case-blind search of "EGE DENİZİ"
    finds: it is read as the i it is."""
    return re.sub(r"[\s_\-]+", " ", text.lower().replace("i\u0307", "i")).strip().strip("'\"")


def words_in_any_order(phrase: str, text: str) -> bool:
    """Whether ``text`` writes every word of a ``phrase`` of two words or more, as whole words, in any order and
    case: "Nika Kranjec" is the ``KRANJEC Nika`` of a start list, which writes a surname first."""
    words = re.findall(r"[^\W\d_]+", phrase)
    return len(words) >= 2 and all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.IGNORECASE) for w in words)


_FOOTER = re.compile(r"^(?:Name: (?P<name>.*?), )?(?:Length: (?P<length>\d+), )?(?:Freq: \S+, )?dtype: (?P<dtype>\S+)$|"
                     r"^\[(?P<rows>\d+) rows x \d+ columns\]$")
_ELIDED = re.compile(r"^[\s.]*\.\.[\s.]*$")
# A loop's row: a label, then its figures, then at most two words (a unit, "cancelled"): "Lufthansa   5 cancelled"
_LOOP_ROW = re.compile(r"^\s*(?P<label>[^\s:=,'\"{}\[\]()](?:[^:={}\[\]]*?[^\s:=,])??)"
                       r"(?: {2,}|\t|\s*[:=]\s*|,\s*| - | )(?P<figures>[-−]?[$€£¥]?\d[\d,]*(?:\.\d+)?%?"
                       r"(?:\s+[-−]?[$€£¥]?\d[\d,]*(?:\.\d+)?%?)*)(?:\s+[^\W\d]+){0,2}\s*$")
_PAIR = re.compile(r"['\"](?P<label>[^'\"\n]{1,60})['\"]\s*[:,]\s*"
                   r"(?P<figure>-?\d(?:[\d,]*\d)?(?:\.\d+)?(?:[eE][-+]?\d+)?)")
_TRUNCATING = re.compile(r"\.(?:head|tail|nlargest|nsmallest|sample|most_common)\(\s*(\d*)|\.iloc\[\s*:?\s*-?(\d+)\s*\]"
                         r"|\[\s*:\s*(\d+)\s*\]")


def tables(lines: list[Line]) -> list[Table]:
    """Every table the clean outputs among ``lines`` printed, in order."""
    return [table for output in _outputs(lines) for table in _read_output(output)]


def _outputs(lines: list[Line]) -> list[list[Line]]:
    """The lines of each clean output among ``lines``, by the block that printed them (rows of a width a table has)."""
    by_output: dict[Where, list[Line]] = {}
    for line in lines:
        if line.where.place == "output" and line.clean and len(line.text) <= MAX_ROW_CHARS:
            by_output.setdefault(line.where, []).append(line)
    return list(by_output.values())


@dataclass(frozen=True)
class Record:
    """One record's fields as a series printed them (``print(df.loc[i])``): a field name and its cell per line."""

    where: Where
    fields: dict[str, str]
    lines: tuple[Line, ...]


def records(lines: list[Line]) -> list[Record]:
    """The records the clean outputs among ``lines`` printed: a series of one row's fields, text and figures mixed,
    over a footer that says a text dtype (``Name: 260, dtype: object``). ``tables`` leaves them out: their lines
    are fields of one row, not rows."""
    found = []
    for output in _outputs(lines):
        for start, end in _equal_width_runs(output):
            after = output[end] if end < len(output) and output[end].number == output[end - 1].number + 1 else None
            footer = _FOOTER.match(after.text.strip()) if after is not None else None
            if footer is None or footer.group("rows") is not None:
                continue
            run = output[start:end]
            spans = _segments([line.text for line in run], words=True)
            cells = [[line.text[a:b].strip() for a, b in spans] for line in run]
            if len(spans) >= 2 and _record(cells, footer.group("dtype") or ""):
                found.append(Record(run[0].where, {row[0]: " ".join(row[1:]).strip() for row in cells if row[0]},
                                    tuple(run)))
    return found


def text_frames(lines: list[Line], found_tables: list[Table]) -> list[tuple[Where, int, Line]]:
    """Frames printed whole whose cells are text (a name, a place, a timestamp), which ``tables`` leaves out (no
    column of figures to misread): where each was printed, how many rows it showed, its first row. A count the
    answer states ("all 6 lost-hiker call-outs came after 18:00") may be their number of rows.

    Read narrowly, so a log or a record is no frame: a header line without digits, any lines without digits under
    it (the index's name, a level of the header), then rows that each start with an integer of the frame's index,
    increasing (0, 1, 2 ..., or what a filter kept of them: 12, 19, 29) and hold another cell; no elided rows, no
    footer (a series, a frame cut to its count), no code cutting it to that many rows (``head()``, ``[:5]``), and
    not one of ``found_tables`` (what ``tables`` read of the same lines)."""
    found: list[tuple[Where, int, Line]] = []
    read = {id(row.line) for table in found_tables for row in table.rows}
    for output in _outputs(lines):
        for start, end in _equal_width_runs(output):
            header, under = output[start], output[start + 1:end]
            levels = next((i for i, line in enumerate(under) if re.search(r"\d", line.text)), len(under))
            rows = under[levels:]
            after = output[end] if end < len(output) and output[end].number == under[-1].number + 1 else None
            if re.search(r"\d", header.text) or any(id(row) in read or _ELIDED.match(row.text) for row in under) \
                    or (after is not None and _FOOTER.match(after.text.strip())) or len(rows) < 2:
                continue
            index = [row.text.split()[0] for row in rows]
            if all(i.isdigit() for i in index) and all(int(a) < int(b) for a, b in itertools.pairwise(index)) \
                    and all(len(row.text.split()) >= 2 for row in rows) and not _truncated(header.code, len(rows)):
                found.append((header.where, len(rows), rows[0]))
    return found


def _read_output(lines: list[Line]) -> list[Table]:
    out: list[Table] = []
    taken: set[int] = set()
    for start, end in _equal_width_runs(lines):
        table = _pandas_table(lines, start, end)
        footed = end < len(lines) and _FOOTER.match(lines[end].text.strip()) is not None
        if table is not None:
            out.append(table)
        if table is not None or footed:  # pandas printed these lines (a record's fields too): no loop's rows
            taken.update(range(start, end))
    out += _loop_tables(lines, taken)
    out += _pair_tables(lines)
    return out


def _equal_width_runs(lines: list[Line]) -> Iterator[tuple[int, int]]:
    """Runs of consecutive lines (by their numbers) of one width: pandas pads every row of a table to it. Two
    lines are enough when pandas' footer follows (``head(2)`` of a series is still a table)."""
    start = 0
    for index in range(1, len(lines) + 1):
        if (index == len(lines) or len(lines[index].text) != len(lines[start].text)
                or lines[index].number != lines[index - 1].number + 1
                or _FOOTER.match(lines[index].text.strip()) is not None):  # "dtype: int64" may be as wide as a row
            footed = index < len(lines) and _FOOTER.match(lines[index].text.strip()) is not None
            if index - start >= MIN_TABLE_ROWS or (footed and index - start >= 2):
                yield start, index
            start = index


def _between_words(char: str) -> bool:
    """A symbol or a dash set between words ("Manaus → Belém", "Nord – Süd")."""
    return unicodedata.category(char) in ("Sm", "So", "Pd")


def _in_words(char: str) -> bool:
    """A letter, or a symbol or dash set between words."""
    return char.isalpha() or _between_words(char)


def _segments(texts: list[str], words: bool = False) -> list[tuple[int, int]]:
    """The column spans of lines laid out on one grid: runs of positions not blank in every line.

    ``words``: one blank position between two letters of one line ("Dr. Holm" too, and a symbol set between words:
    "Manaus → Belém") is a space inside a cell, not a column break. For a series' index: a long text label ("leaks
    along the barrel.") stands alone past the end of every shorter one, its word spaces blank in all the other
    lines. (A frame puts one space between columns whose values fill their width, "1 2023-08-13", so only letters
    on both sides count, and only where a series says so.)"""
    width = max(len(t) for t in texts)
    blank = [all(c >= len(t) or t[c] == " " for t in texts) for c in range(width)]
    spans: list[tuple[int, int]] = []
    start = None
    for c, is_blank in enumerate([*blank, True]):
        if not is_blank and start is None:
            start = c
        elif is_blank and start is not None:
            if words and spans and start - spans[-1][1] == 1 and any(
                    start < len(t) and (_in_words(t[start - 2]) or t[start - 2] in ".,") and _in_words(t[start])
                    for t in texts):
                start = spans.pop()[0]
            spans.append((start, c))
            start = None
    return spans


def _pandas_table(lines: list[Line], start: int, end: int) -> Table | None:
    """A pandas frame or series laid out on ``lines[start:end]`` (plus its index-name line and footer), or None.

    A series (its footer says ``dtype``) has no header: each row is index levels, then the value. A frame's
    header is its first line when that holds no figure and the rows below do; with column levels (a pivot by
    year), every line above the index-name line is a level, and a column's name joins them ("profit 2023").
    A series of one record's fields (``print(df.loc[i])``: ``dtype: object``, text and figures mixed) is no
    table of rows: its labels are field names.
    """
    run = [line for line in lines[start:end] if not _ELIDED.match(line.text)]
    elided = len(run) < end - start
    texts = [line.text for line in run]
    after = lines[end] if end < len(lines) and lines[end].number == lines[end - 1].number + 1 else None
    footer = _FOOTER.match(after.text.strip()) if after is not None else None
    series = footer is not None and footer.group("rows") is None
    # a Timedelta ("0 days 04:09:43.500000") is one cell, its spaces no column breaks
    spans = _segments([_TIMEDELTA.sub(lambda m: m.group(0).replace(" ", "_"), t) for t in texts], words=series)
    if len(spans) < 2:
        return None
    cells = [[t[a:b].strip() for a, b in spans] for t in texts]
    header: list[str] | None = None
    levels, named_index = (0, 0) if series else _header_levels(cells)
    if not levels and _record(cells, footer.group("dtype") or "" if footer is not None else ""):
        return None
    if levels:
        header, cells, run = _joined(cells[:levels]), cells[levels:], run[levels:]
        header[:named_index] = [""] * named_index  # "year" over the index is the name of the column levels
    if len(cells) < 2:
        return None
    spans_named, index_width = _columns(header, spans)
    if header is not None and index_width > 1 and _counts_rows([row[0] for row in cells]):
        # pandas' default index (0, 1, 2 ...) is one column: the header-less spans after it are the words of a text
        # column ("Ibuprofen 400 mg 20 tabs", right-aligned under "name"), which join the column they end under
        index_width = 1
    before = lines[start - 1] if start and lines[start - 1].number == lines[start].number - 1 else None
    name = (footer.group("name") if footer is not None else None) or ""
    columns = spans_named if header is not None else [name or "value"]
    rows = []
    width = index_width if header is not None else len(spans) - 1
    counted = _counts_rows([row[0] for row in cells if width])  # pandas' default index: 0, 1, 2 ... names nothing
    outer: list[str] = []
    for row_cells, line in zip(cells, run):
        levels_of = row_cells[:width]
        first = next((i for i, c in enumerate(levels_of) if c), 0)
        if first and len(outer) >= first:  # pandas prints an outer index label once, over the rows it holds
            levels_of = outer[:first] + levels_of[first:]
        outer = levels_of
        index = [c for c in levels_of if c and not counted]  # a year, a version, an hour names its row
        if header is not None:
            values = _merge(row_cells[index_width:], spans[index_width:], header, spans)
        else:
            values = {columns[0]: row_cells[-1]}
        if not any(v and not _ELIDED.match(v) for v in values.values()):
            continue  # a frame's index-name line, under its header (with the "..." of elided columns over it)
        labels = [c for c in index if _is_label(c) or figure_value(c) is not None]
        if header is not None:  # a frame's text columns name its rows too; a series' text values are its data
            labels += [v for v in values.values() if v and _is_label(v)]
        rows.append(Row(labels, values, line))
    if sum(any(figure_value(v) is not None for v in r.cells.values()) for r in rows) < 2:
        return None
    _name_calendar_numbers(rows, run[0].code)
    partial = elided or (footer is not None and int(footer.group("length") or footer.group("rows") or 0) > len(rows))
    partial = partial or _truncated(run[0].code, len(rows))
    title = before.text.strip() if before is not None and figure_value(before.text) is None else ""
    return Table(run[0].where, run[0].code, columns, rows, partial, title)


def _name_calendar_numbers(rows: list[Row], code: str) -> None:
    """Rows a code grouped by ``.dt.month`` or a key it calls month (1-12), or by ``.dt.dayofweek`` /
    ``.dt.weekday`` (0 = Monday), are labelled by the month's or the day's name too: "from July to October" names
    the rows 7 and 10."""
    names = (calendar.month_name[1:], 1) if _BY_MONTH.search(code) else \
        (calendar.day_name[:], 0) if _BY_WEEKDAY.search(code) else None
    if names is None or not rows:
        return
    words, first = names
    numbers = [row.labels[0] if row.labels else "" for row in rows]
    if not all(n.isdigit() and first <= int(n) < first + len(words) for n in numbers):
        return
    for row, number in zip(rows, numbers):
        row.labels.append(words[int(number) - first])


def _counts_rows(cells: list[str]) -> bool:
    """Whether an index column only counts rows: 0, 1, 2 ... (then n, n+1 ... after elided rows)."""
    numbers = [figure_value(c) for c in cells if c]
    if not numbers or numbers[0] != 0 or any(n is None or n != n.to_integral() for n in numbers):
        return False
    return all(b > a for a, b in itertools.pairwise(numbers) if a is not None and b is not None)


def _record(cells: list[list[str]], dtype: str) -> bool:
    """One record's fields (``print(df.loc[i])``, its ``to_string()``): a field name and a value per line, text and
    figures mixed among the values; a series footer then says a text dtype."""
    values = [" ".join(row[1:]) for row in cells if any(row[1:])]
    numeric = sum(figure_value(v) is not None for v in values)
    mixed = 0 < numeric < len(values)
    fields = all(re.fullmatch(r"[A-Za-z_][\w.]*", row[0] or "_") for row in cells)
    return mixed and (dtype in ("object", "str", "string") or (not dtype and fields))


def _header_levels(cells: list[list[str]]) -> tuple[int, int]:
    """How many lines on top are a frame's header, and how many cells of the index they name: the lines above its
    index-name line (a line with cells only on the left), else the first line when it holds no figure and the
    rows below do, or holds only years over rows that start with a label; (0, 0) for none."""
    for at, row in enumerate(cells[1:4], 1):
        named = next((i for i, cell in enumerate(row) if not cell), len(row))
        if 0 < named < len(row) and not any(row[named:]):
            return at, named
    # a header of years (a pivot by year): an empty cell over the index, then years only, over rows that start
    # with a label
    years = cells[0][1:] and not cells[0][0] and all(re.fullmatch(r"(?:19|20)\d\d", c) for c in cells[0][1:])
    if years and all(row[0] and figure_value(row[0]) is None for row in cells[1:]):
        return 1, 0
    first_numeric = any(figure_value(c) is not None for c in cells[0][1:])
    numeric_rows = sum(any(figure_value(c) is not None for c in row) for row in cells[1:])
    return (1, 0) if not first_numeric and numeric_rows >= len(cells) - 2 else (0, 0)


def _joined(levels: list[list[str]]) -> list[str]:
    """Column names of several header levels: an upper level names the columns to its right until the next name."""
    names = [""] * len(levels[0])
    for level in levels:
        current = ""
        for position, cell in enumerate(level):
            if len(levels) > 1 and level is not levels[-1]:
                current = cell or current
                cell = current if any(lower[position] for lower in levels[levels.index(level) + 1:]) else cell
            names[position] = f"{names[position]} {cell}".strip() if cell else names[position]
    return names


def _is_label(text: str) -> bool:
    """A cell that names a row: anything but a number or a missing value (words, codes, an IP, ``50%``)."""
    return (figure_value(text) is None and text not in ("NaN", "NaT", "None", "<NA>", "")
            and re.search(r"\w", text) is not None) or re.fullmatch(r"\d{1,2}%", text) is not None


def _columns(header: list[str] | None, spans: list[tuple[int, int]]) -> tuple[list[str], int]:
    """The column names of a frame's header and how many spans on the left are its index (blank in the header)."""
    if header is None:
        return [], len(spans) - 1
    index_width = next((i for i, name in enumerate(header) if name), len(header))
    return [name for name in header[index_width:] if name], index_width


def _merge(cells: list[str], spans: list[tuple[int, int]], header: list[str],
           all_spans: list[tuple[int, int]]) -> dict[str, str]:
    """A row's cells by column: a span with no header (the date of ``2024-03-05 14:02:00``) joins the next one."""
    offset = len(all_spans) - len(spans)
    values: dict[str, str] = {}
    pending: list[str] = []
    for position, cell in enumerate(cells):
        name = header[offset + position]
        pending.append(cell)
        if name:
            values[name] = " ".join(p for p in pending if p)
            pending = []
    return values


def _truncated(code: str, rows: int) -> bool:
    """Whether the block's code cut what it printed to exactly ``rows`` rows (``head()``, ``[:10]``, ``nlargest(3)``).
    """
    for match in _TRUNCATING.finditer(code):
        wanted = next((g for g in match.groups() if g), "")
        if (int(wanted) if wanted else 5) == rows:
            return True
    return False


def _loop_tables(lines: list[Line], taken: set[int]) -> list[Table]:
    """Runs of ``label: figure`` lines a loop printed (or a series' ``to_string()``), ``MIN_TABLE_ROWS`` or more."""
    found: list[Table] = []
    run: list[tuple[Line, str, list[str]]] = []

    def close() -> None:
        if len(run) >= MIN_TABLE_ROWS:
            first = run[0][0]
            width = max(len(figures) for _, _, figures in run)
            columns = ["value"] if width == 1 else [f"value {i + 1}" for i in range(width)]
            rows = [Row([label], dict(zip(columns, figures)), line) for line, label, figures in run]
            found.append(Table(first.where, first.code, columns, rows, _truncated(first.code, len(rows))))
        run.clear()

    seen_labels: set[str] = set()
    for index, line in enumerate(lines):
        row = _LOOP_ROW.match(line.text) if index not in taken else None
        key = label_key(row["label"]) if row is not None else ""
        # a label printed again right after its table is a selection (``print(best, totals[best])``), not a row
        if row is None or not re.search(r"[^\W\d]", key) or key in seen_labels or (
                run and line.number != run[-1][0].number + 1):
            close()
            seen_labels = set()
            if row is None or not re.search(r"[^\W\d]", key) or key in seen_labels:
                continue
        run.append((line, row["label"], row["figures"].split()))
        seen_labels.add(key)
    close()
    return found


def _pair_tables(lines: list[Line]) -> list[Table]:
    """A dict's repr or ``most_common()``'s list of pairs on one line: its pairs are a table's rows."""
    found = []
    for line in lines:
        pairs = [(m["label"], m["figure"]) for m in _PAIR.finditer(line.text)]
        if len(pairs) >= MIN_TABLE_ROWS:
            rows = [Row([label], {"value": figure}, line) for label, figure in pairs]
            found.append(Table(line.where, line.code, ["value"], rows, _truncated(line.code, len(rows))))
    return found


# -- what the blocks showed --------------------------------------------------------------------------------------
def cell_shown(cell: CodeCell) -> str:
    """The text of a block the model was sent: ``CodeCell.shown``, or for a record from before it was kept,
    what every version sent (stdout, stderr, the last value, the error), unclipped."""
    return cell.shown if cell.shown is not None else cell.output_text()


def outside_tables(lines: list[Line], found: list[Table]) -> list[Line]:
    """The output lines that are no row of a table, nor its header (the line of a table's column names): where
    code's selections show (``print(totals.idxmax())``); a column's name in a header is no selection of it."""
    in_table = {id(row.line) for table in found for row in table.rows}
    headers = {(table.where, tuple(table.columns)) for table in found if len(table.columns) > 1}
    return [line for line in lines if line.where.place == "output" and id(line) not in in_table
            and (line.where, tuple(line.text.split())) not in headers]
