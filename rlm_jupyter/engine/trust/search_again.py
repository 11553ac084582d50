"""An answer that nothing was found, checked by searching the data again for what the code searched for.

Why search again: "no failed payments on 2024-03-05" after a search for ``2024-03-05`` in a web server log that
writes ``05/Mar/2024``, "0 cancelled orders" after filtering the city column for ``cancelled``, "no FAILED
lines" in a log that writes ``failed``. The zero was printed, so the figure itself is grounded; the search was
wrong. Each literal the code compared or searched with (its string constants, and the dates, codes and quoted
words of the question) is looked up in the data once more:

- in a text context: if the literal is not there as written but is in another form (another case, other
  spacing, the date in another format, the number with or without thousands separators), the answer is refused
  with how the data writes it;
- in a DataFrame: a literal compared with one column (``df[df.city == 'cancelled']``) that the column never
  holds but another text column does is the wrong column; one the column holds in another case is a miss; a
  number of three digits or more compared with a numeric column that never holds it while another numeric
  column does (``ng.bytes == 502``, in a table the code made of the data too) is the wrong column.

What counts as an answer that nothing was found: its words (``recovery.nothing``), or, in any language, an answer
that states no figure but zeros after an output that ended empty (``printed_nothing``: "没有，滨江店从未卖出过龙井"
after a printed ``0``).

A literal that names a column of a table in the namespace (``ev['time']`` over a log parsed into ``ev``) is no
search. A literal the data holds as written, or nowhere in any form, says nothing against the answer ("nothing on
Sundays" may well be true). Besides, over text data an answer that nothing was found while no output showed a
single verbatim line of the data (``data_shown``) is refused: the model never saw how the data writes things.
"""
from __future__ import annotations

import ast
import datetime as _dt
import io
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..dialogue import code_names
from ..record.trajectory import CodeCell, Run
from . import localedata
from .booleans import column_of
from .printed import cell_shown
from .readings import BUDDHIST_ERA, ROMAN_MONTHS, date_of, values

DATA_PIECE_CHARS = 20  # a printed line holds a verbatim piece of the data when this much of it is in the text
DATA_TEXT_CHARS = 1_000  # a text context at least this long is data to look at (a shorter one is a parameter)
MAX_PIECE_LINE_CHARS = 200  # of a printed line, looked for pieces of the data
MAX_PIECES = 200  # printed lines looked up in the data per check: bounded on a huge context
MAX_LITERALS = 20  # literals looked up again per check
MAX_TABLE_TEXT = 5_000_000  # characters of a delimited text read as a table
MAX_TEXT_COLUMNS, MAX_SEARCH_ROWS = 20, 1_000_000  # what is read of a DataFrame
MAX_DATE_CELLS = 5_000  # distinct cells of a column, or days of a text, read as days
# How logs, spreadsheets and locales write one day: a searched date is looked for in each (strftime, stdlib);
# 17AUG24 and 17-Aug-24 as airline, mainframe and Oracle logs write it; 2024.04.17 as Turkish and Hungarian
# catalogues do; "Tue 03/12" as a logbook writes its days, without a year but with the weekday that fixes it.
DATE_FORMATS = ("%Y-%m-%d", "%d/%b/%Y", "%b %d", "%b %e", "%d %b %Y", "%d %B %Y", "%B %d, %Y", "%b %d, %Y",
                "%d.%m.%Y", "%m/%d/%Y", "%d/%m/%Y", "%Y%m%d", "%Y/%m/%d", "%d-%b-%Y", "%a %b %e", "%d%b%y",
                "%d-%b-%y", "%Y.%m.%d", "%a %d/%m", "%a %m/%d", "%a %d.%m")


@dataclass(frozen=True)
class Refound:
    """What the search missed: the literal the code used, and how (or where) the data has it."""

    searched: str
    data_has: str
    column: str = ""  # for a frame: the column the code compared with ("" for a text)
    other_column: str = ""  # the column that holds the literal, when the code compared with the wrong one


def data_texts(ns: dict[str, Any], names: Iterable[str]) -> list[str]:
    """The text contexts long enough to be data (``DATA_TEXT_CHARS``): a text, or a list of texts (a register's
    entries, a log's lines) read as its lines."""
    found = []
    for name in sorted(names):
        value = ns.get(name)
        if isinstance(value, list | tuple) and value and all(isinstance(item, str) for item in value[:MAX_PIECES]):
            value = "\n".join(item for item in value if isinstance(item, str))
        if isinstance(value, str) and len(value) >= DATA_TEXT_CHARS:
            found.append(value)
    return found


def delimited_table(text: str) -> Any | None:
    """A text context that is a delimited table (a header, then rows with as many fields, split by ``,``, ``;``,
    a tab or ``|``: a CSV export) read as a DataFrame of texts, for the checks that read the data's tables; None
    for any other text, or one over ``MAX_TABLE_TEXT`` characters."""
    lines = text[:20_000].splitlines()[:6]
    if len(text) > MAX_TABLE_TEXT or len(lines) < 3:
        return None
    for sep in (",", ";", "\t", "|"):
        counts = {line.count(sep) for line in lines}
        if len(counts) == 1 and min(counts) >= 1:
            import pandas as pd

            try:
                return pd.read_csv(io.StringIO(text), sep=sep, dtype=str, keep_default_na=False)
            except (ValueError, pd.errors.ParserError):
                return None
    return None


def data_shown(run: Run, texts: list[str]) -> bool:
    """Whether an output of the run's code showed a verbatim piece of one of ``texts`` (the text contexts).

    Why: a real small model searched 1,000 lines of records for the words of a label (the labels are not
    in the data), printed ``0`` and wrote ``FINAL(0)``; the 0 was in an output, so it passed as grounded.
    A search that matched nothing says as much about the search as about the data, and the model had not
    looked at a single line of it. A piece is ``DATA_PIECE_CHARS`` characters of a printed line, taken at a few
    places along it (a line may start with a number or a list's quote), also within a repr whose lines show
    as ``\\n``; at most ``MAX_PIECES`` are looked up, so a huge context costs a bounded number of scans.
    """
    return any(piece in text for piece in itertools.islice(_pieces(run), MAX_PIECES) for text in texts)


def _pieces(run: Run) -> Iterator[str]:
    for cell in (cell for it in run.iterations for cell in it.cells if cell.error is None):
        for line in cell_shown(cell).replace("\\n", "\n").splitlines():
            line = line.strip()[:MAX_PIECE_LINE_CHARS]
            for start in range(0, max(len(line) - DATA_PIECE_CHARS, 0) + 1, DATA_PIECE_CHARS):
                piece = line[start:start + DATA_PIECE_CHARS]
                if len(piece) == DATA_PIECE_CHARS and sum(c.isalnum() for c in piece) >= DATA_PIECE_CHARS // 2:
                    yield piece


def refound(run: Run, ns: dict[str, Any], names: Iterable[str]) -> Refound | None:
    """The first literal of the run's search that the data holds in another form or another column, if any."""
    names = sorted(names)
    columns = {str(c).lower() for value in list(ns.values()) if type(value).__module__.split(".", 1)[0] == "pandas"
               and hasattr(value, "columns") for c in value.columns}
    literals = [s for s in _literals(run) if s.lower() not in columns]  # a column's name is no search: ev['time']
    for text in data_texts(ns, names):
        found = _in_text(literals, text)
        if found is not None:
            return found
    frames = list(_frames(ns, names))
    for frame in frames:
        found = _in_frame(run, frame) or _text_in_numbers(run, frame)
        if found is not None:
            return found
    found = _in_another_table(run, frames)
    if found is not None:
        return found
    made = [value for value in ns.values() if type(value).__module__.split(".", 1)[0] == "pandas"
            and hasattr(value, "select_dtypes")]  # the data's frames and those the code made of it
    for frame in made:  # a log parsed into a frame, then filtered on the wrong column: err.module == 'crit'
        found = _in_frame(run, frame)
        if found is not None and found.other_column and not any(_column_holds(other, found.column, found.searched)
                                                                for other in made):
            return found
    return next((found for frame in made if (found := _number_in_frame(run, frame)) is not None), None) or \
        _in_another_shape(run, made)


def _in_another_shape(run: Run, made: list[Any]) -> Refound | None:
    """A name compared with a column of the model's own tables that holds none of the literal's shape (a team's
    name, ``'NTNU Nordlys'``, against a column of three-letter tags), while another of its tables writes the name
    exactly in a column of another name: the search compared the name where its code is kept. A column that holds
    names of that shape may just not hold this one (a team that won nothing), so it is left alone."""
    # (a frame with two columns of one name is left out: a column read by its name would be a table)
    texts = [columns for frame in made if not (columns := _text_columns(frame)).columns.duplicated().any()]
    for columns in texts:
        for column, literal, contains in _comparisons(run, {str(c) for c in columns.columns}):
            if contains:
                continue
            held = columns[column].dropna().astype(str).head(MAX_SEARCH_ROWS).drop_duplicates()
            if (held == literal).any() or any(_shape(cell) == _shape(literal) for cell in held.head(MAX_DATE_CELLS)):
                continue
            for others in texts:
                # (a column of the same name in another table is the same field: a subset of the rows that holds
                # it, "no T2 among the M42 frames", is what the search found)
                other = next((str(c) for c in others.columns if str(c) != column
                              and (others[c].head(MAX_SEARCH_ROWS) == literal).any()), None)
                if other is not None:
                    return Refound(literal, literal, column, other)
    return None


def _shape(text: str) -> tuple[int, bool, bool]:
    """What kind of value a cell is, as far as a search can tell: how many words, whether in capitals, whether a
    short code (four characters or fewer)."""
    return len(text.split()), text.isupper(), len(text) <= 4


def _column_holds(frame: Any, column: str, literal: str) -> bool:
    """Whether some frame the code made (or the data) holds ``literal`` in a column of that name."""
    if column not in [str(c) for c in getattr(frame, "columns", [])]:
        return False
    return bool((frame[column].head(MAX_SEARCH_ROWS).dropna().astype(str) == literal).any())


def _number_in_frame(run: Run, frame: Any) -> Refound | None:
    """A number of three digits or more compared with a numeric column that never holds it, while another numeric
    column of the same table does (``ng.bytes == 502``, the 502 being a status): the wrong column. A shorter number
    (a rating of 5) is in some column of most tables by chance."""
    numeric = [str(c) for c in frame.select_dtypes(include="number").columns[:MAX_TEXT_COLUMNS]]
    head = frame.head(MAX_SEARCH_ROWS)
    for column, number in _number_comparisons(run, set(numeric)):
        if (head[column] == number).any():
            continue
        other = next((c for c in numeric if c != column and (head[c] == number).any()), None)
        if other is not None:
            return Refound(str(number), str(number), column, other)
    return None


def _text_in_numbers(run: Run, frame: Any) -> Refound | None:
    """A text compared with a numeric column (``tea['日期'] == '2024-03-08'``, where the days are the integers
    ``20240308``) never matches: when the column holds the text in another form, as a number, the search looked for
    the wrong thing."""
    numeric = {str(c) for c in frame.select_dtypes(include="number").columns[:MAX_TEXT_COLUMNS]}
    head = frame.head(MAX_SEARCH_ROWS)
    for column, literal, _ in _comparisons(run, numeric):
        for form in _forms(literal):
            if re.fullmatch(r"-?\d+(?:\.\d+)?", form) and (head[column] == float(form)).any():
                return Refound(literal, form, column)
    return None


# what a search that matched nothing prints last: a zero count or sum, an empty list, set or dict, an empty table
_EMPTY = re.compile(r"(?:\A|\n)(?:0+(?:\.0+)?|\[\]|\(\)|\{\}|set\(\)|None|Series\(\[\].*|"
                    r"Empty DataFrame\nColumns: .*\nIndex: \[\])\Z")


def printed_nothing(run: Run) -> bool:
    """Whether the last block that printed anything ended with an empty result: ``0``, ``[]``, an empty DataFrame.

    Why: an answer resting on it says nothing was found in any language ("没有，滨江店从未卖出过龙井"), and whether
    the search could have found anything is what ``refound`` checks; an answer's words are no trigger to rely on.
    """
    cells = [cell for it in run.iterations for cell in it.cells if cell.error is None and cell_shown(cell).strip()]
    return bool(cells) and ended_empty(cells[-1])


def ended_empty(cell: CodeCell) -> bool:
    """Whether a block's output ended with an empty result: ``0``, ``[]``, an empty DataFrame."""
    return empty_result(cell_shown(cell).strip())


def empty_result(text: str) -> bool:
    """Whether a text ends with an empty result: ``0``, ``[]``, ``None``, an empty Series or DataFrame."""
    return bool(_EMPTY.search(text))


def _number_comparisons(run: Run, columns: set[str]) -> Iterator[tuple[str, int | float]]:
    """(column, number) for each ``x.col == 502`` of the blocks that ran cleanly, on a numeric column."""
    for node in _clean_nodes(run):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq):
            pair = [node.left, node.comparators[0]]
            column = next((c for c in map(column_of, pair) if c in columns), None)
            number = next((s.value for s in pair if isinstance(s, ast.Constant) and isinstance(s.value, int | float)
                           and not isinstance(s.value, bool) and abs(s.value) >= 100), None)
            if column is not None and number is not None:
                yield column, number


def _clean_nodes(run: Run) -> Iterator[ast.AST]:
    """Every syntax node of the blocks that ran cleanly (a block in IPython syntax is read past)."""
    for cell in (cell for it in run.iterations for cell in it.cells if cell.error is None):
        try:
            tree = ast.parse(cell.code)
        except (SyntaxError, ValueError):
            continue
        yield from ast.walk(tree)


def _frames(ns: dict[str, Any], names: list[str]) -> Iterator[Any]:
    """The in-memory pandas frames of the data: a context that is one, or the tables of a dict or list of them."""
    for name in names:
        value: Any = ns.get(name)
        items = list(value.values()) if isinstance(value, dict) else list(value) if isinstance(value, list) else [value]
        for item in items[:20]:
            if type(item).__module__.split(".", 1)[0] == "pandas" and hasattr(item, "select_dtypes"):
                yield item


def _literals(run: Run) -> list[str]:
    """The string constants of the blocks that ran cleanly, then the question's dates, codes and quoted words."""
    found: dict[str, None] = {}
    for cell in (cell for it in run.iterations for cell in it.cells if cell.error is None):
        found.update(dict.fromkeys(code_names.strings(cell.code)))
    found.update(dict.fromkeys(v.text for v in values(run.question) if v.kind in ("date", "token")))
    return [s for s in found if len(s.strip()) >= 3 and re.search(r"\w", s)][:MAX_LITERALS]


def _forms(literal: str) -> list[str]:
    """Other ways to write ``literal``: collapsed spaces, the date in each of ``DATE_FORMATS`` and as CLDR's locales
    write it (``2024. 4. 1.``, ``2024年4月1日``), the number with and without thousands separators. Case is
    handled by the search itself."""
    forms = [re.sub(r"\s+", " ", literal).strip()]
    dotted = _year_first_day(literal)
    if dotted is not None:  # "2025.02.06", as Hungarian and Turkish logs write a day: no number, a day
        return list(dict.fromkeys(f for f in [*forms, *_date_forms(dotted), *localedata.written_dates(dotted)]
                                  if f and f != literal))
    for value in values(literal):
        if len(value.text) < len(literal.strip()) - 2:
            continue  # a number inside a pattern or a phrase (the 2 of "\s{2,}"): the literal is not that value
        day = date_of(value.key) if value.kind == "date" else None
        if day is not None:
            forms += _date_forms(day) + localedata.written_dates(day)
        first = value.readings[0].value if value.kind == "number" and value.readings else None
        if first is not None and first == first.to_integral():
            whole = int(first)
            forms += [str(whole), f"{whole:,}"]
    return list(dict.fromkeys(f for f in forms if f and f != literal))


def _date_forms(day: _dt.date) -> list[str]:
    """``day`` in each of ``DATE_FORMATS``; its numeric forms also without leading zeros (``5/14/2024``, as US
    software and most logs print a day) and with the year of the Thai solar calendar (``14/05/2567``), which
    counts ``BUDDHIST_ERA`` years ahead."""
    forms = [_format(day, f) for f in DATE_FORMATS]
    numeric = [f for f in forms if re.fullmatch(r"(?:[^\W\d_]+ )?[\d./-]+", f)]
    forms += [re.sub(r"(?<!\d)0(?=\d)", "", f) for f in numeric]
    year = str(day.year)
    forms += [f.replace(year, str(day.year + BUDDHIST_ERA)) for f in numeric if year in f]
    return forms


def _format(day: _dt.date, fmt: str) -> str:
    return day.strftime(fmt.replace("%e", str(day.day).rjust(2))) if "%e" in fmt else day.strftime(fmt)


def _in_text(literals: list[str], text: str) -> Refound | None:
    lower: str | None = None
    days: list[tuple[str, _Day]] | None = None  # the days the text writes in numbers, read once
    for literal in literals:
        if literal in text:
            continue
        for form in [literal, *_forms(literal)]:
            if form != literal and form in text:
                return Refound(literal, form)
            lower = text.lower() if lower is None else lower
            at = lower.find(form.lower())
            if at >= 0:
                return Refound(literal, text[at:at + len(form)])
        for form in _yearless(literal):
            found = re.search(rf"(?<![\d/.-]){re.escape(form)}(?![\d]|[/.-]\d)", text)
            if found is not None:
                return Refound(literal, found.group(0))
        for form in _worded_yearless(literal):
            lower = text.lower() if lower is None else lower
            if form.lower() not in lower:
                continue  # one scan of the lowered text per form before any pattern is tried
            # a whole form, followed by no year ("10 mars 2023" is another year's) nor a word ("10 Mac minis": a day
            # and month are a header or a date in a sentence's end, not a count of things)
            found = re.search(rf"(?<![\w]){re.escape(form)}(?!\w)(?![\s,.]*\d{{4}}\b)(?![ \t]*[^\W\d_])", text,
                              re.IGNORECASE)
            if found is not None:
                return Refound(literal, found.group(0))
        day = _one_day(literal)
        if day is None:
            continue
        days = _days_read(_days_of(text)) if days is None else days
        written = _day_written(days, day)
        if written is not None:  # "14.II.2025" in a call-out book searched as 2025-02-14
            return Refound(literal, written)
    return None


def _days_of(text: str) -> list[str]:
    """The days a text writes in numbers (``_NUMBERED_DAYS``), each once, up to ``MAX_DATE_CELLS``."""
    found: dict[str, None] = {}
    for match in _NUMBERED_DAYS.finditer(text):
        found[match.group(0)] = None
        if len(found) >= MAX_DATE_CELLS:
            break
    return list(found)


def _yearless(literal: str) -> list[str]:
    """A searched date as a register writes its days without the year ("14/05", "14.05.", "05/14"), when its day
    cannot be read as a month (after the 12th), so the form names that one day; found only where no year follows
    (``14/05/2023`` is another year's)."""
    days = [day for v in values(literal) if v.kind == "date" and (day := date_of(v.key)) is not None]
    if len(days) != 1 or days[0].day <= 12:
        return []
    day = days[0]
    return [f"{day:%d/%m}", f"{day:%d.%m.}", f"{day:%m/%d}", f"{day.day}/{day.month}", f"{day.month}/{day.day}"]


def _worded_yearless(literal: str) -> list[str]:
    """A searched day as a text writes it with its month in words and no year, in any of ``LOCALES`` (CLDR's
    day-and-month skeletons: "10 mars", "10. März", "March 10"): a tide table's or a diary's day headers. The
    literal may write the year or not ("10 March" of a question): the forms have none."""
    keys = [v.key for v in values(literal) if v.kind == "date"]
    if len(keys) != 1 or not re.fullmatch(r"(?:\d{4}|-)-\d\d-\d\d", keys[0]):
        return []
    return localedata.written_days(int(keys[0][-5:-3]), int(keys[0][-2:]))


def _in_frame(run: Run, frame: Any) -> Refound | None:
    """A comparison of one text column with a literal it never holds as written, while it holds it in another
    case, or another text column holds it: the search looked in the wrong place."""
    columns = [str(c) for c in _text_columns(frame).columns]
    head = frame.head(MAX_SEARCH_ROWS)
    days: dict[str, list[tuple[str, _Day]] | None] = {}  # each column's cells read as days, once
    for column, literal, contains in _comparisons(run, set(columns)):
        held = head[column].dropna().astype(str)
        if _holding(held, literal, contains).any():
            continue
        other_case = held[_holding(held.str.lower(), literal.lower(), contains)]
        if len(other_case):
            return Refound(literal, str(other_case.iloc[0]), column)
        day = _one_day(literal)
        if day is not None and column not in days:
            days[column] = _numbered_days(held)
        read = days.get(column) if day is not None else None
        if day is not None and read is not None and any(_orders(read)):
            # '2024-09-15' compared with a column that writes "15. 9. 2024.": its own order of day and month decides
            same_day = _day_written(read, day)
            if same_day is not None:
                return Refound(literal, same_day, column)
        else:
            other_form = next((form for form in _forms(literal) if _holding(held, form, contains).any()), None)
            if other_form is not None:  # '2024-04-01' compared with a column that writes 01.04.2024
                return Refound(literal, other_form, column)
        for other in columns:
            if other != column and _holding(head[other].dropna().astype(str), literal, contains).any():
                return Refound(literal, literal, column, other)
    return None


# A day written in numbers, whatever joins them: "15. 9. 2024.", "6/4-2024", "2024.04.17", and a month in Roman
# numerals as Polish and Slovak registers write it ("17.II.2025")
_DAY_IN_NUMBERS = r"(\d{1,4})\s?[./-]\s?(\d{1,2}|[IVX]{1,4})\s?[./-]\s?(\d{1,4})"
_NUMBERED_DAY = re.compile(rf"\s*{_DAY_IN_NUMBERS}\s*\.?\s*")
_NUMBERED_DAYS = re.compile(rf"(?<![\w.,/-]){_DAY_IN_NUMBERS}(?![\w/-]|[.,]\d)")  # in a text


# A day read from its digits: whether the year comes first, the year, the other two numbers in their order, and
# whether "/" joins them (only a slash writes the month first, as US software does)
_Day = tuple[bool, int, int, int, bool]


def _numbered_days(held: Any) -> list[tuple[str, _Day]] | None:
    """A column's distinct cells read as days, when most of them write a day in numbers; else None."""
    cells = [str(cell) for cell in held.drop_duplicates().head(MAX_DATE_CELLS)]
    read = _days_read(cells)
    return read if read and len(read) * 2 >= len(cells) else None


def _days_read(cells: Iterable[str]) -> list[tuple[str, _Day]]:
    return [(cell, day) for cell in cells if (day := _numbered_day(cell)) is not None]


def _one_day(literal: str) -> _dt.date | None:
    """The one day a short literal writes ('2024-09-15', '20-07-2024'), if it writes one."""
    if len(literal.strip()) > 20 or not re.search(r"\d", literal):
        return None
    days = [day for v in values(literal) if v.kind == "date" and (day := date_of(v.key)) is not None]
    return days[0] if len(days) == 1 else _year_first_day(literal)


def _year_first_day(literal: str) -> _dt.date | None:
    """A day written in numbers with its year first and any joiner ("2025.02.06", "2024. 4. 1."), which the
    answer reader takes for a decimal number: year, month, day in that order, the one order a year first allows."""
    read = _numbered_day(literal.strip()) if len(literal.strip()) <= 20 else None
    if read is None or not read[0]:
        return None
    try:
        return _dt.date(read[1], read[2], read[3])
    except ValueError:
        return None


def _orders(read: list[tuple[str, _Day]]) -> tuple[bool, bool]:
    """Whether the days written with the year last may be read day first, and month first: the order none of them
    contradicts (a 13 or more is a day), and month first only where a slash joins every one of them."""
    last = [day for _, day in read if not day[0]]
    day_first = all(middle <= 12 for _, _, _, middle, _ in last)
    month_first = all(first <= 12 and slash for _, _, first, _, slash in last)
    return day_first, month_first


def _day_written(read: list[tuple[str, _Day]], day: _dt.date) -> str | None:
    """Of days written in numbers, the one that is ``day``, read from the structure of their digits rather than a
    list of formats: the year is the group of four digits (first, then month and day; or in the Buddhist era), and
    when it comes last, day and month are in the order ``_orders`` finds."""
    day_first, month_first = _orders(read)
    wanted = (day.month, day.day)
    for cell, (year_first, year, first, second, _) in read:
        if year not in (day.year, day.year + BUDDHIST_ERA):  # or the year of the Thai solar calendar
            continue
        if (year_first and (first, second) == wanted) or (not year_first and (
                (day_first and (second, first) == wanted) or (month_first and (first, second) == wanted))):
            return cell
    return None


def _numbered_day(cell: str) -> _Day | None:
    """``cell`` read as a day written in numbers (``_NUMBERED_DAY``); None without one year, or with a group of
    letters that is no month (``7-XIV-2024``)."""
    match = _NUMBERED_DAY.fullmatch(cell)
    if match is None:
        return None
    first, middle, last = match.groups()
    month = ROMAN_MONTHS.get(middle) if middle.isalpha() else int(middle)
    if month is None or (len(first) == 4) == (len(last) == 4):
        return None  # no year, or two: not a day
    slash = "/" in cell
    if len(first) == 4:
        return True, int(first), month, int(last), slash
    return False, int(last), int(first), month, slash


def _in_another_table(run: Run, frames: list[Any]) -> Refound | None:
    """Over the tables of one dataset (a dict of frames), a literal compared with a column of one table that its
    table never holds while another table's text column does: a part searched among the jobs' types
    (``jobs.type == 'water pump'``) that the parts table lists. A column of the same name is a lookup of the same
    field (a table of status codes lists every status, used or not): no other place to search."""
    # each table's text columns, read once: (its name, its texts) up to the bounds of a search
    texts = [[(str(name), column.dropna().astype(str)) for name, column in _text_columns(frame).items()]
             for frame in frames]
    for at, own in enumerate(texts):
        for column, literal, contains in _comparisons(run, {name for name, _ in own}):
            if any(name == column and _holding(held, literal, contains).any() for name, held in own):
                continue
            for name, held in (pair for other, columns in enumerate(texts) if other != at for pair in columns):
                if name != column and _holding(held, literal, contains).any():
                    return Refound(literal, literal, column, name)
    return None


def _text_columns(frame: Any) -> Any:
    """A frame's text columns, as far as a search reads them (``MAX_TEXT_COLUMNS``, ``MAX_SEARCH_ROWS``)."""
    return frame.select_dtypes(include=["object", "string"]).iloc[:MAX_SEARCH_ROWS, :MAX_TEXT_COLUMNS]


def _holding(texts: Any, wanted: str, contains: bool) -> Any:
    """Which of a column's texts hold ``wanted``: as a part (``.str.contains``) or whole (``==``)."""
    return texts.str.contains(wanted, regex=False) if contains else texts == wanted


def _comparisons(run: Run, columns: set[str]) -> Iterator[tuple[str, str, bool]]:
    """(column, literal) for each ``x.col == 'lit'``, ``x['col'] == 'lit'``, ``.isin([...])`` or
    ``.str.contains('lit')`` of the blocks that ran cleanly, on a text column of the data."""
    for node in _clean_nodes(run):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq | ast.NotEq):
            pair = [node.left, node.comparators[0]]
            column = next((c for c in map(column_of, pair) if c in columns), None)
            literal = next((s.value for s in pair if isinstance(s, ast.Constant) and isinstance(s.value, str)),
                           None)
            if column is not None and literal is not None:
                yield column, literal, False
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            column, first = column_of(node.func.value), node.args[0]
            if column not in columns:
                continue
            if node.func.attr == "isin" and isinstance(first, ast.List | ast.Tuple):
                yield from ((column, e.value, False) for e in first.elts
                            if isinstance(e, ast.Constant) and isinstance(e.value, str))
            elif node.func.attr in ("contains", "startswith", "endswith") and isinstance(first, ast.Constant) \
                    and isinstance(first.value, str):
                yield column, first.value, True
