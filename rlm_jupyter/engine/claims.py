"""Claims an answer makes about the tables the model was shown, checked against those tables.

Why check the claim and not the words: "Lyon had the highest revenue" is true or false of the table that
printed the revenue per city, whatever words say it. So each check finds the table the claim is about (a table
one of whose rows is the label, in the column the words name) and tests it:

- ``wrong_extreme``: a label named as an extreme (``superlatives`` by their form) must be that extreme of the
  column in a table printed whole (the second largest for "second largest"; either end for an adjective of no
  known direction). From a partial table (``head()``, elided rows) only a row code selected counts: one shown
  outside any table (``idxmax()`` printed), or the first row of a table the code sorted by that column.
- ``wrong_pair``: a figure stated for a label must be in that label's row (in the column the words name, when
  they name one), not in a neighbour's; each figure goes with the label nearest it in its sentence, so two
  labels' figures swapped in a comparison are caught.
- ``wrong_direction``: a figure described as a rise must not be printed negative (and one written with a minus
  must not be printed positive).

Each returns ``None`` or a ``Claim``: what is wrong, worded for the model, with the evidence for the record.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from . import forms, localedata, prompts
from .derive import matches
from .printed import Row, Table, figure_value, label_key
from .provenance import Evidence
from .readings import Value, values

_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\"'])|\n")
_SORTS = re.compile(r"\b(?:sort_values|sort_index|nlargest|nsmallest|value_counts|most_common|sorted|sort)\b")
_STOP = frozenset((
    "the", "a", "an", "of", "in", "on", "at", "by", "for", "to", "and", "or", "with", "from", "is", "was", "are",
    "were", "has", "had", "have", "which", "what", "who", "that", "this", "these", "those", "it", "its", "than",
    "then", "most", "least", "more", "less", "top", "bottom", "highest", "lowest", "largest", "smallest", "biggest",
    "total", "overall", "all", "each", "per", "how", "many", "much", "did", "does", "do", "been", "be"
))


@dataclass(frozen=True)
class Claim:
    """What a check found wrong: the note for the model (worded in ``prompts``) and the evidence for the record."""

    note: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    label: str  # as compared (``label_key``)


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text) if s.strip()]


def _labels(found: list[Table]) -> list[str]:
    """Every row label of the tables, longest first (so "New York" is found before "York")."""
    keys = {label_key(label) for table in found for row in table.rows for label in row.labels}
    return sorted((k for k in keys if k), key=len, reverse=True)


def mentions(text: str, labels: Iterable[str]) -> list[_Mention]:
    """Where ``text`` names a table's labels as words (any case; ``_``, ``-`` and spaces alike), without overlaps,
    the longest label first ("New York" before "York"); a month label (``2024-03``) is named by the month's name
    too ("March", "mars 2024")."""
    taken: list[tuple[int, int]] = []
    found = []
    for label in labels:
        pattern = _label_pattern(label)
        for match in re.finditer(rf"(?<![\w]){pattern}(?![\w])", text, re.IGNORECASE):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            taken.append((match.start(), match.end()))
            found.append(_Mention(match.start(), match.end(), label))
    return sorted(found, key=lambda m: m.start)


def _label_pattern(label: str) -> str:
    exact = r"[\s_\-]+".join(re.escape(word) for word in label.split())
    month = re.fullmatch(r"(\d{4}) (\d{2})", label)
    if month is None or not 1 <= int(month.group(2)) <= 12:
        return exact
    names = [name for name, pairs in localedata.month_names().items()
             if len(name) >= 3 and any(number == int(month.group(2)) for _, number in pairs)]
    return rf"(?:{exact}|(?:{localedata.alternation(names)})\.?(?:\s+{month.group(1)})?)"


def _in_clause(named: list[_Mention], sentence: str, position: int) -> list[_Mention]:
    """The mentions in the clause of ``position``: "Revenue rose in March; April was the weakest" names April."""
    clause = forms.clause_around(sentence, position)
    start = sentence.find(clause)
    return [m for m in named if start <= m.start and m.end <= start + len(clause)]


def _nearest(mentioned: list[_Mention], start: int, end: int) -> _Mention | None:
    """The label mention nearest a span, a preceding one winning a tie ("Lyon: 8,000, Paris: 12,345")."""
    def distance(m: _Mention) -> tuple[int, int]:
        gap = start - m.end if m.end <= start else m.start - end if m.start >= end else 0
        return (gap, 0 if m.end <= start else 1)
    return min(mentioned, key=distance, default=None)


def _measure_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[^\W\d_]{3,}", text.lower()) if w not in _STOP}


def _names(column: str, table: Table) -> set[str]:
    name = f"{column} {table.title}" if len(table.numeric_columns()) == 1 else column
    return {w for w in re.findall(r"[^\W\d_]{2,}", name.lower()) if w not in ("value",)}


def _same_word(a: str, b: str) -> bool:
    """Two words of one stem: equal, a plural of the other, or sharing their first five letters."""
    return a == b or a.rstrip("s") == b.rstrip("s") or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5])


def _columns_for(table: Table, words: set[str]) -> tuple[list[str], bool]:
    """The numeric columns the words name (True), else every numeric column (False: none was named)."""
    numeric = table.numeric_columns()
    named = [c for c in numeric if any(_same_word(w, n) for w in words for n in _names(c, table))]
    return (named, True) if named else (numeric, False)


# -- a label named as an extreme ---------------------------------------------------------------------------------
def wrong_extreme(text: str, question: str, evidence: Evidence, selected: Callable[[str], bool]) -> Claim | None:
    """A label the answer names as the largest, smallest, second largest... of a printed table, when it is not."""
    found = evidence.tables
    labels = _labels(found)
    if not labels:
        return None
    asked = forms.superlatives(question)
    for sentence in sentences(text):
        named = mentions(sentence, labels)
        claimed = forms.superlatives(sentence)
        bare = not claimed and bool(asked) and bool(named) and len(sentence.split()) <= 6
        for superlative in asked if bare else claimed:
            # "north" to "which region sold the most?": the question's superlative is the answer's claim
            mention = named[0] if bare else _nearest(_in_clause(named, sentence, superlative.start),
                                                     superlative.start, superlative.end)
            if mention is None or superlative.count > 1:
                continue
            words = _measure_words(sentence) | _measure_words(question)
            claim = _extreme_claim(mention.label, superlative, words - set(mention.label.split()), found, selected)
            if claim is not None:
                return claim
    return None


def _extreme_claim(label: str, superlative: forms.Superlative, words: set[str], found: list[Table],
                   selected: Callable[[str], bool]) -> Claim | None:
    failures: list[Claim] = []
    for table in found:
        if not table.rows_of(label):
            continue
        columns, named = _columns_for(table, words)
        for column in columns:
            verdict = _judge_extreme(label, superlative, table, column, selected, named)
            if verdict is None:
                return None
            failures.append(verdict)
    return failures[0] if failures else None


def _judge_extreme(label: str, superlative: forms.Superlative, table: Table, column: str,
                   selected: Callable[[str], bool], named: bool) -> Claim | None:
    """None when ``label`` is the claimed extreme of ``column``, else what is wrong.

    Code's selection (the label printed outside any table: ``print(totals.idxmax())``) stands for a partial
    table, and for a whole one whose column the words do not name (the selection may be of another measure);
    a whole table in the named column is evidence enough to refuse it.
    """
    figures = [(row, number) for row in table.rows if (number := row.figure(column)) is not None]
    if len(figures) < 2:
        return None
    where = table.where.describe()
    if table.partial:
        if selected(label):
            return None
        order = table.order(column)
        first = figures[0][0]
        if order is not None and _SORTS.search(table.code) and label in map(label_key, first.labels):
            end = "high" if order == "descending" else "low"
            if superlative.direction in (None, end) and superlative.rank == 1:
                return None
        return Claim(prompts.extreme_of_partial_table(label, superlative.word, where),
                     {"label": label, "claimed": superlative.word, "table": where, "column": column,
                      "partial": True})
    ranked = sorted({number for _, number in figures}, reverse=True)
    if len(ranked) < superlative.rank:
        return None
    ends = {"high": [ranked[superlative.rank - 1]], "low": [ranked[-superlative.rank]]}
    wanted = ends.get(superlative.direction or "", ends["high"] + ends["low"])
    own = [number for row, number in figures if row in table.rows_of(label)]
    if any(number in wanted for number in own) or (not named and selected(label)):
        return None
    return _not_extreme(label, superlative, table, column, figures, wanted, where)


def _not_extreme(label: str, superlative: forms.Superlative, table: Table, column: str,
                 figures: list[tuple[Row, Decimal]], wanted: list[Decimal], where: str) -> Claim:
    actual = [(row.labels[0] if row.labels else "?", row.cells[column]) for row, number in figures if number in wanted]
    own = ", ".join(row.cells[column] for row, _ in figures if row in table.rows_of(label))
    best = "; ".join(f"{name} ({cell})" for name, cell in actual[:3])
    return Claim(prompts.not_the_extreme(label, superlative.word, where, "" if column == "value" else column, own, best),
                 {"label": label, "claimed": superlative.word, "table": where, "column": column,
                  "extreme": [name for name, _ in actual[:3]]})


# -- a figure stated for a label -------------------------------------------------------------------------------
def wrong_pair(text: str, question: str, evidence: Evidence) -> Claim | None:
    """A figure the answer states for a label that is in another row of that label's table, or another column of
    its row when the words name the column. A bare figure goes with the one label the question names."""
    found = evidence.tables
    labels = _labels(found)
    if not labels:
        return None
    asked = mentions(question, labels)
    for sentence in sentences(text):
        named = mentions(sentence, labels)
        holding = {m.label for m in named} or ({asked[0].label} if len({m.label for m in asked}) == 1 else set())
        figures = [v for v in values(sentence) if v.kind == "number" and v.readings
                   and any(_is(v, cell) for t in found for r in t.rows for cell in r.cells.values()
                           if any(t.rows_of(label) for label in holding))]
        for value, label in _pairs(named, figures, asked[0].label if not named and holding else None):
            claim = _pair_claim(label, value, forms.clause_around(sentence, value.start), found)
            if claim is not None:
                return claim
    return None


def _pairs(named: list[_Mention], figures: list[Value], only: str | None) -> list[tuple[Value, str]]:
    """Which label each figure is stated for, by how the sentence orders them: each figure after its label
    ("Paris (1,200), Lyon (900)"), each before it ("1,200 for Paris and 900 for Lyon"), the labels first and the
    figures after in the same order ("Paris and Lyon: 1,200 and 900", "X beat Y (a vs b)"), else the nearest label,
    a preceding one first."""
    if only is not None:
        return [(value, only) for value in figures]
    if not named or not figures:
        return []
    items = sorted([(m.start, "L", m) for m in named] + [(v.start, "F", v) for v in figures], key=lambda x: x[0])
    kinds = "".join(kind for _, kind, _ in items)
    labels = [m for _, kind, m in items if kind == "L"]
    if kinds == "LF" * len(labels) or kinds == "FL" * len(labels):
        step = 1 if kinds.startswith("L") else -1
        return [(item, items[i - step][2].label) for i, (_, kind, item) in enumerate(items) if kind == "F"]
    if kinds == "L" * len(labels) + "F" * len(labels):
        return [(value, mention.label) for value, mention in zip(figures, labels)]
    return [(value, m.label) for value in figures
            if (m := _nearest(named, value.start, value.start + len(value.text))) is not None]


def _pair_claim(label: str, value: Value, clause: str, found: list[Table]) -> Claim | None:
    holding = [table for table in found if table.rows_of(label)]
    if not holding:
        return None
    words = _measure_words(clause) - set(label.split())
    own: list[tuple[Table, str]] = [(table, column) for table in holding for row in table.rows_of(label)
                                    for column, cell in row.cells.items() if _is(value, cell)]
    if own:
        for table in holding:
            columns, named = _columns_for(table, words)
            in_named = [column for t, column in own if t is table and column in columns]
            if named and not in_named and any(t is table for t, _ in own):
                other = next(column for t, column in own if t is table)
                return Claim(prompts.other_column(value.text, label, other, columns[0], table.where.describe()),
                             {"label": label, "figure": value.text, "column": other, "named": columns[0]})
        return None
    for table in holding:
        others = [row for row in table.rows if row not in table.rows_of(label)
                  and any(_is(value, cell) for cell in row.cells.values())]
        if others:
            whose = others[0].labels[0] if others[0].labels else "another row"
            mine = "; ".join(f"{c}: {cell}" for row in table.rows_of(label) for c, cell in row.cells.items())[:200]
            return Claim(prompts.other_row(value.text, label, whose, table.where.describe(), mine),
                         {"label": label, "figure": value.text, "row_of": whose, "own": mine})
    return None


def _is(value: Value, cell: str) -> bool:
    number = figure_value(cell)
    return number is not None and matches(value, number)


# -- which way a figure went -------------------------------------------------------------------------------------
def wrong_direction(text: str, evidence: Evidence) -> Claim | None:
    """A figure the answer calls a rise that every output printed negative, or writes negative that every output
    printed positive."""
    for value in values(text):
        if value.kind != "number" or not value.readings:
            continue
        printed = [m.figure.value for m in evidence.shown.matches(value)
                   if m.figure is not None and m.line.where.place == "output"]
        if not printed:
            continue
        said = forms.change_direction(forms.clause_around(text, value.start))
        if value.sign > 0:
            said = "up"
        if said == "up" and value.sign >= 0 and all(p < 0 for p in printed):
            return Claim(prompts.wrong_direction(value.text, _signed(printed[0]), "a rise"), {"figure": value.text, "printed": _signed(printed[0])})
        if value.sign < 0 and all(p > 0 for p in printed):
            return Claim(prompts.wrong_direction(value.text, _signed(printed[0]), "negative"), {"figure": value.text, "printed": _signed(printed[0])})
    return None


def _signed(number: Decimal) -> str:
    return f"{number:+}"
