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

A count from a sub-call that read part of the data is ``partial_reads``'s.
"""
from __future__ import annotations

import ast
import re
from decimal import Decimal
from typing import Any

from ..dialogue import prompts
from . import forms
from .claims import Claim
from .derive import matches
from .parts import printed_expression
from .printed import Match
from .provenance import Evidence
from .readings import Value, is_year, values

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
