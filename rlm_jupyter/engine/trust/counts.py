"""How a figure answered to "how many ...?" was computed, checked against what the question asks of it.

Why: a count can be printed, and so pass as seen, and still not be the count asked for. Each check reads how the
figure came to be printed (the block's code, its sub-calls), never the answer's wording:

- ``echoed``: the figure is a number the question itself states ("in how many of the 36 months ...?" answered
  36) and no output showed it as a result of its own (a line with that figure alone, or with one label): a
  ``shape`` or a ``len`` of the whole that happens to equal it is not the count.
- ``not_deduplicated``: the question asks for distinct (unique, different) things, and every block that printed
  the figure (other than as a row of a table of several, when one did) counted rows without de-duplicating (no
  ``nunique``, ``unique``, ``set``, ``drop_duplicates``, ``value_counts``, ``groupby``, ``Counter`` in the
  expression that printed it, when it is known, else in its block).
- ``rows_for_entities``: the question counts things by a plural noun ("how many users ...?"), a table of the data
  has a column that names that thing (``user_id``, ``customer_name``) in which values repeat, and the answer's one
  figure is that table's row count and not its count of distinct values: rows of events counted as the things
  they are about, said in any words.
- ``partial_subcall``: the figure comes from a sub-call's answer, and the sub-calls of that block were given
  less than ``MIN_COVERAGE`` of the data's characters, or code cut the data by position and they carried less than
  ``FULL_READ`` of its lines: a count over part of the data stated for all of it.
"""
from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from ..dialogue import prompts
from ..record.trajectory import Iteration, SubCall
from . import forms, recovery
from .claims import Claim
from .derive import matches
from .parts import printed_expression
from .printed import Match
from .provenance import Evidence
from .readings import Value, is_year, values

MIN_COVERAGE = 0.5  # share of the data's text the sub-calls behind a count must have read
FULL_READ = 0.9  # share of the lines of the data a cut by position must still carry to speak for all of it
_DISTINCT_WORDS = r"distinct|unique|different|individual|separate"
# and the same words in the other locales the readers know (German, Spanish, Portuguese, French, Italian, Dutch,
# Swedish, Danish and Norwegian, Polish, Czech, Hungarian, Turkish, Vietnamese, Indonesian, Romanian, Russian)
_DISTINCT = re.compile(rf"\b(?:{_DISTINCT_WORDS}|unterschiedliche[nr]?|verschiedene[nr]?|distint[oa]s|diferentes|"
                       r"distinct[so]s?|différent(?:e?s)?|divers[ei]|verschillende|olika|forskellige|forskjellige|"
                       r"różnych|różne|různých|různé|különböző|farklı|khác nhau|berbeda|diferite|разных|различных|"
                       r"različitih|različite|rôznych|rôzne|різних|skirtingų|erinevat|diferents|tofauti|berbeza|"
                       r"verskillende)\b|مختلف",
                       re.IGNORECASE)
_DEDUPLICATES = re.compile(r"\b(?:nunique|unique|drop_duplicates|distinct|set|value_counts|groupby|Counter|"
                           r"countDistinct|approx_count_distinct)\b")


def _figures(text: str) -> list[Value]:
    return [v for v in values(text) if v.kind == "number" and v.readings]


def _printed(value: Value, evidence: Evidence) -> list[Match]:
    return [m for m in evidence.shown.matches(value) if m.figure is not None and m.line.where.place == "output"]


def echoed(text: str, question: str, evidence: Evidence) -> Claim | None:
    if forms.asks_for_one(question) != "one figure":
        return None
    given = [v.first for v in _figures(question)]
    stated = [v for v in _figures(text) if not is_year(v)]
    if not stated or not all(any(matches(v, number) for number in given) for v in stated):
        return None  # the answer states a figure of its own: the question's number is context ("for 180 km: €42")
    for value in stated:
        if not any(_alone(m, evidence) for m in _printed(value, evidence)):
            return Claim(prompts.echoed_figure(value.text), {"figure": value.text})
    return None



def _alone(match: Match, evidence: Evidence) -> bool:
    """A result line: the figure is the only one on its line (a label beside it is fine), and the line is no row of
    a printed table of several ("BB 6" of a ``value_counts()``: one team's count, not a count of teams)."""
    if any(len(table.rows) >= 2 and any(row.line is match.line for row in table.rows) for table in evidence.tables):
        return False
    index = evidence.shown.lines.index(match.line)
    return sum(1 for f in evidence.shown.figures if f.line == index) <= (2 if "%" in match.line.text else 1)


def not_deduplicated(text: str, question: str, evidence: Evidence) -> Claim | None:
    if not _DISTINCT.search(question) or forms.asks_for_one(question) != "one figure":
        return None
    # a row of a table of counts by another column ("sent 735" of a ``value_counts()`` of statuses) is one group's
    # rows, not a count of distinct things: the other lines that printed a figure decide, when there are some
    rows = {id(row.line) for table in evidence.tables if len(table.rows) >= 2 for row in table.rows}
    for value in _figures(text):
        printed = _printed(value, evidence)
        printed = [m for m in printed if id(m.line) not in rows] or printed
        if printed and not any(_deduplicated(m, evidence) for m in printed):
            return Claim(prompts.not_deduplicated(value.text), {"figure": value.text})
    return None


_SHAPE = re.compile(r"\(\d+, \d+\)")


def _deduplicated(match: Match, evidence: Evidence) -> bool:
    """Whether the code that printed the match removed repeats: the expression that printed it when it is known and
    more than a name, else its block; a frame's shape (``(266, 12)``) never did, whatever else its block did."""
    if _SHAPE.fullmatch(match.line.text.strip()):
        return False  # "(266, 12)": a frame's shape counts its rows
    expr = printed_expression(match, evidence)
    code = ast.unparse(expr) if expr is not None and not isinstance(expr, ast.Name) else match.line.code
    return _DEDUPLICATES.search(code) is not None


_COUNTED = re.compile(rf"\bhow many\s+(?:(?:{_DISTINCT_WORDS}|of the|of)\s+)*(?P<noun>[A-Za-z]+)", re.IGNORECASE)
# A column that names the thing counted: ``user_id``, ``customer_name``; not ``flight`` (a flight number repeats
# across the days, and each row is still a flight).
_ENTITY_SUFFIXES = ("_id", "id", " id", "_uuid", "_key", "_name")


def rows_for_entities(text: str, question: str, frames: list[Any]) -> Claim | None:
    """A count of things answered with the row count of a table in which those things repeat (see the module)."""
    asked = _COUNTED.search(question)
    if asked is None or forms.asks_for_one(question) != "one figure" or not forms.is_plural(asked["noun"]):
        return None
    noun = asked["noun"].lower()
    singular = noun[:-3] + "y" if noun.endswith("ies") else noun[:-2] if noun.endswith(("ses", "xes")) else noun[:-1]
    names = {singular + suffix for suffix in _ENTITY_SUFFIXES}
    stated = [v for v in _figures(text) if not is_year(v) and not any(r.how == "percent" for r in v.readings)]
    if len(stated) != 1:
        return None  # "12 out of 900 flights": the total beside the count is the table's rows, rightly
    for value in stated:
        for frame in frames:
            column = next((c for c in frame.columns if str(c).lower() in names), None)
            if column is None or not matches(value, Decimal(len(frame))):
                continue
            try:
                distinct = int(frame[column].nunique())
            except TypeError:  # unhashable cells (lists): no count of distinct values to compare with
                continue
            if distinct < len(frame) and not matches(value, Decimal(distinct)):
                return Claim(prompts.rows_for_entities(value.text, noun, str(column), distinct),
                             {"figure": value.text, "column": str(column), "rows": len(frame), "distinct": distinct})
    return None


def partial_subcall(text: str, question: str, evidence: Evidence, data_chars: int) -> Claim | None:
    """A figure of the answer that a sub-call's answer gave, when that block's sub-calls were given part of the data.

    Part, two ways. By size: the block's prompts hold under ``MIN_COVERAGE`` of the data's characters (the question
    asking for one figure). By a cut: the block's code cuts the data by position (a slice, ``head``, ``tail``,
    ``sample``) and its prompts carry under ``FULL_READ`` of the lines of the data they read (``reach``), whatever
    the question's form. Why the cut: blind sets' models sent ``calls[110:]``, ``sms[:300]`` or
    ``log[:len(log) // 2]``, over half of the data by size, and reported the sub-call's count for all of it; a
    filter by content (``[l for l in lines if 'pipe' in l]``) cuts nothing by position and leaves out only lines
    that do not matter, so it is not read as part.
    """
    one_figure = forms.asks_for_one(question) == "one figure"
    if data_chars <= 0:
        return None
    for value in _figures(text):
        if is_year(value):
            continue
        for match in _printed(value, evidence):
            where = match.line.where
            run = evidence.runs[-1] if not where.earlier else evidence.runs[0]
            if where.turn > len(run.iterations):
                continue
            iteration = run.iterations[where.turn - 1]
            calls = [c for c in iteration.subcalls if c.cell == where.block - 1]
            if not any(c.response and _in_response(value, c.response) for c in calls):
                continue
            read = sum(len(c.prompt) for c in calls)
            if one_figure and read < MIN_COVERAGE * data_chars:
                return Claim(prompts.partial_subcall(value.text, f"{read:,} of the data's {data_chars:,} characters"),
                             {"figure": value.text, "read_chars": read, "data_chars": data_chars})
            cut = _cut_short(iteration, where.block - 1, calls, evidence, question)
            if cut is not None:
                return Claim(prompts.partial_subcall(value.text, _lines_read(cut)),
                             {"figure": value.text, "read_lines": cut[0], "data_lines": cut[1]})
    return None


def partial_nothing(answer: Any, question: str, evidence: Evidence) -> Claim | None:
    """A figureless answer ("No.", "none", a label) after a last block whose every sub-call answered nothing, when
    that block cut the data by position and its prompts carried under ``FULL_READ`` of the data's lines.

    Why: blind sets' models asked a sub-call for a refund rule or a levy over the first 1,400 characters of a price
    list, got "NONE", and answered that there is none; nothing found in part of the data says nothing of the rest.
    """
    if not recovery.figureless(answer):
        return None
    for iteration in reversed(evidence.runs[-1].iterations):
        if not iteration.cells:
            continue
        index = len(iteration.cells) - 1
        calls = [c for c in iteration.subcalls if c.cell == index]
        if not calls or not all(c.response is not None and recovery.nothing(c.response) for c in calls):
            return None
        cut = _cut_short(iteration, index, calls, evidence, question)
        return None if cut is None else Claim(prompts.partial_nothing(_lines_read(cut)),
                                              {"read_lines": cut[0], "data_lines": cut[1]})
    return None


def _cut_short(iteration: Iteration, index: int, calls: list[SubCall], evidence: Evidence,
               question: str) -> tuple[int, int] | None:
    """The lines of the data a block's sub-calls carried, of how many, when its code cut the data by position and
    they carried under ``FULL_READ`` of them; None otherwise, and None when the question names that many lines
    ("how many of the first 100 calls ...?": the cut is the one asked for)."""
    code = iteration.cells[index].code if index < len(iteration.cells) else ""
    share = reach([c.prompt for c in calls], evidence) if cuts_by_position(code) else None
    if share is None or share[0] >= FULL_READ * share[1]:
        return None
    return None if any(matches(v, Decimal(share[0])) for v in _figures(question)) else share


def _lines_read(cut: tuple[int, int]) -> str:
    return f"{cut[0]:,} of the {cut[1]:,} lines of the data (your code cut it by position)"


_CUTTING_CALLS = frozenset({"head", "tail", "sample"})


def cuts_by_position(code: str) -> bool:
    """Whether a block's code takes part of something by its position: a slice, ``head``, ``tail``, ``sample``.

    A slice that only drops a header line or a trailing one (``lines[1:]``, ``rows[:-1]``) cuts nothing that
    matters: what such a block keeps is chosen by its filter, if any, not by the position.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if any(isinstance(part, ast.Slice) and not _drops_an_end(part) for part in parts):
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CUTTING_CALLS:
            return True
    return False


def _drops_an_end(cut: ast.Slice) -> bool:
    """``[1:]``, ``[:-1]``, ``[1:-1]``, ``[:]``: a header or a trailing line dropped, or nothing."""
    return cut.step is None and _bound(cut.lower) in (None, 0, 1) and _bound(cut.upper) in (None, -1)


def _bound(node: ast.expr | None) -> object:
    """A slice's bound as a constant when it is one (``-1``), else its node (and None when there is none)."""
    try:
        return None if node is None else ast.literal_eval(node)
    except ValueError:
        return node


_LINE_KEY = 24  # a prompt's line stands for a data line when they open alike (a line cut short still counts)


def reach(prompts_sent: list[str], evidence: Evidence) -> tuple[int, int] | None:
    """How many lines of the data the prompts carried, of how many: over the data's text or frame column whose
    lines the prompts carry most of (a line's count capped by how often the data has it, so an instruction repeated
    in each prompt adds nothing); None when the prompts carry no line of the data.

    Why lines and not characters: a prompt holds the question's instructions too, and a frame's other columns are
    not what its sub-call read; the lines the prompts share with the data are what was read.
    """
    sent = Counter(_key(line) for prompt in prompts_sent for line in prompt.splitlines() if line.strip())
    best: tuple[int, int] | None = None
    for have in _data_lines(evidence):
        carried = sum(min(n, have[key]) for key, n in sent.items() if key in have)
        if carried and (best is None or carried > best[0]):
            best = (carried, sum(have.values()))
    return best


def _key(line: str) -> str:
    return line.strip()[:_LINE_KEY]


def _data_lines(evidence: Evidence) -> Iterator[Counter[str]]:
    """The data's texts' lines, and each text column of its frames read one value a line, counted by their keys
    (a frame's column counted by pandas, so a large table costs one pass per column)."""
    for text in evidence.texts:
        yield Counter(_key(line) for line in text.splitlines() if line.strip())
    for frame in evidence.frames:
        for column in frame.select_dtypes(include=["object", "string"]).columns[:20]:
            keys = frame[column].dropna().astype(str).str.strip().str[:_LINE_KEY]
            yield Counter({str(key): int(n) for key, n in keys[keys != ""].value_counts().items()})


def _in_response(value: Value, response: str) -> bool:
    return any(v.kind == "number" and any(matches(value, r.value) for r in v.readings) for v in values(response))


def data_chars(ns: dict[str, Any], names: list[str]) -> int:
    """The characters of text the data holds: a text context's length, a frame's text columns' total length."""
    return sum(_text_chars(ns.get(name)) for name in names)


def _text_chars(value: Any, depth: int = 0) -> int:
    """A text's length, a frame's text columns' total length; a dict or list of them, one level down."""
    if isinstance(value, str):
        return len(value)
    if type(value).__module__.split(".", 1)[0] == "pandas" and hasattr(value, "select_dtypes"):
        columns = value.select_dtypes(include=["object", "string"]).columns[:20]
        return sum(int(value[column].dropna().astype(str).str.len().sum()) for column in columns)
    if depth == 0 and isinstance(value, dict | list | tuple):
        items = value.values() if isinstance(value, dict) else value
        return sum(_text_chars(item, 1) for item in list(items)[:50])
    return 0
