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

import ast
import calendar
import dataclasses
import functools
import io
import itertools
import re
import tokenize
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..dialogue import prompts
from . import forms, localedata
from .booleans import column_of
from .constants import code_divisors
from .derive import MIN_DIGITS, converted, matches, significant_digits, spaced_groups
from .printed import Line, Row, Shown, Table, figure_value, label_key, words_in_any_order
from .provenance import Evidence
from .readings import (
    CURRENCIES,
    DOLLARS,
    RANGE_WORDS,
    Reading,
    Value,
    clock_seconds,
    date_of,
    every_value,
    is_year,
    same_date,
    values,
)

# A full stop before a capital (not after an abbreviated title or initial: "Dr. Nyberg billed the most", "J. Smith";
# but after a unit that ends a sentence: "Total 4,122.0 L. B2 restarted"), a new line, or the full stops of Chinese
# and Japanese text, which no space follows ("純米の方が辛口です。日本酒度の平均は…")
_SENTENCE = re.compile(r"(?<=[.!?;])(?:(?<!\b[A-Z]\.)(?<!\b[A-Z][a-z]\.)|(?<=\d\s[A-Z]\.)|(?<=\d\s[A-Z][a-z]\.))"
                       r"\s+(?=[A-Z(\"'])|\n|(?<=[。！？])\s*")
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


def sentences(text: str, labels: Iterable[str] = ()) -> list[str]:
    """The sentences of ``text``; not split inside a table's label that holds an abbreviation's dot ("Kaple sv.
    Anny", a chapel's name: "sv." is no sentence's end there)."""
    dotted = [label for label in labels if ". " in label]
    kept = [(m.start(), m.end()) for label in dotted for m in re.finditer(_label_pattern(label), text, re.IGNORECASE)]
    out, last = [], 0
    for split in _SENTENCE.finditer(text):
        if not any(a < split.start() < b for a, b in kept):
            out.append(text[last:split.start()])
            last = split.end()
    out.append(text[last:])
    return [s for s in out if s.strip()]


class Labels(list[str]):
    """Row labels as compared (``label_key``), longest first; ``joined``: those the tables write with a hyphen or an
    underscore (``no-show``), which are named only as written, never in the plural ("no-shows" is a column's word
    as much as the status's)."""

    joined: frozenset[str] = frozenset()
    codes: frozenset[str] = frozenset()  # short capital codes (DE, EN, FR): named only in capitals


_YEAR_MONTH = re.compile(r"\d{4} \d{2}")


def table_labels(found: list[Table]) -> Labels:
    """Every row label of the tables, longest first (so "New York" is found before "York"), and the names of a
    condition's ``True`` and ``False`` rows (``Table.aliases``)."""
    raw = {label for table in found for row in table.rows for label in row.labels}
    keys = {label_key(label) for label in raw} | {alias for table in found for alias in table.aliases}
    # longest first; of one length, a label of words before a year and month (``2023-01`` is named "January" too,
    # but a table labelled "january" names it by its own word), then in order, so a run is judged the same each time
    labels = Labels(sorted((k for k in keys if k), key=lambda k: (-len(k), bool(_YEAR_MONTH.fullmatch(k)), k)))
    labels.joined = frozenset(label_key(label) for label in raw if re.search(r"\w[-_]\w", label))
    # "DE" and "EN" of a language column are "de" and "en" of a Portuguese or Dutch sentence in lower case
    labels.codes = frozenset(label_key(label) for label in raw if re.fullmatch(r"[A-Z]{2,3}", label))
    return labels


def mentions(text: str, labels: Iterable[str]) -> list[_Mention]:
    """Where ``text`` names a table's labels as words (any case; ``_``, ``-`` and spaces alike), without overlaps,
    the longest label first ("New York" before "York"); a month label (``2024-03``) is named by the month's name
    too ("March", "mars 2024"). A number label inside a date the text writes is not named by it."""
    found = []
    # a number label (a week, a year, a floor) is not named by a day of a date ("Monday 4 March" names no week 4)
    # nor by a part of a figure (the 6 of "22,641.6"); a word label is not named by a figure's unit ("596 min" is
    # minutes, not the row ``min`` of a describe())
    written = values(text)
    in_dates = [(v.start, v.start + len(v.text)) for v in written if v.kind == "date"]
    # a word inside a quoted literal (a log message in backticks) names no row: "`PHP Fatal error: ...` (147 times)"
    quoted = [m.span(1) for m in re.finditer(r"`([^`\n]+)`", text)]
    taken: list[tuple[int, int]] = []
    figures = [(v.start, v.start + len(v.text)) for v in written if v.kind == "number"]
    units = [(v.start, v.start + len(v.text)) for v in written if v.kind == "number" and v.unit is not None]
    for label in labels:
        pattern = _label_pattern(label, plural=label not in getattr(labels, "joined", frozenset()))
        digits = label.isdigit()
        code = label in getattr(labels, "codes", frozenset())
        flags = 0 if code else re.IGNORECASE
        # a label ends where a letter of a script written without spaces, or with particles joined to nouns,
        # begins (대양호가, 渋谷店で, S1이, S1门店), and starts right after one
        # a code's plural is its capitals and a small "s" ("SNVs" of the row ``SNV``, "ATMs")
        for match in re.finditer(rf"{_NOT_AFTER_CJK}{re.escape(label.upper()) + '(?-i:s)?' if code else pattern}"
                                 rf"{_NOT_BEFORE_CJK}",
                                 text, flags):
            start, end = match.span()
            if _inside_a_word(text, start, end, len(label) == 1) or any(a < end and start < b for a, b in taken) or any(
                    a <= start and end <= b and (a, b) != (start, end) for a, b in quoted) or (
                    not digits and any(a < start and end <= b for a, b in units)) or (digits and (
                    any(a < end and start < b for a, b in in_dates)
                    or any(a < end and start < b and (a, b) != (start, end)
                           and not (a == start and text[end:b].strip().isalpha()) for a, b in figures))):
                continue
            taken.append((match.start(), match.end()))
            found.append(_Mention(match.start(), match.end(), label))
    found += _date_mentions(text, labels, taken)
    return _hour_ranges(sorted(_month_years(found, text, labels), key=lambda m: m.start), text)


def _month_years(found: list[_Mention], text: str, labels: Iterable[str]) -> list[_Mention]:
    """A month named without its year ("Maret") among month labels of several years (``2023-03``, ``2024-03``) is
    the month of the one year the text names ("... pada April 2024"); with no such year, it names no one row."""
    months: dict[str, list[str]] = {}
    for label in labels:
        if re.fullmatch(r"\d{4} \d{2}", label):
            months.setdefault(label[5:], []).append(label)
    years = {v.text for v in values(text) if v.kind == "number" and is_year(v)} | {
        v.key[:4] for v in values(text) if v.kind == "date" and re.match(r"\d{4}", v.key)}
    out = []
    for mention in found:
        same = months.get(mention.label[5:], [])
        if mention.label not in same or len(same) < 2 or re.search(r"\d{4}", text[mention.start:mention.end]):
            out.append(mention)
        elif len(years) == 1 and (label := f"{next(iter(years))} {mention.label[5:]}") in same:
            out.append(dataclasses.replace(mention, label=label))
    return out


_CJK_LETTERS = r"\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"  # Hangul, kana, Han
_NOT_AFTER_CJK = rf"(?<![^\W{_CJK_LETTERS}])"  # not after a letter of another script than these
_NOT_BEFORE_CJK = rf"(?![^\W{_CJK_LETTERS}])"
_MARK = ("Mn", "Mc", "Me")  # the categories of combining marks


def _inside_a_word(text: str, start: int, end: int, one_letter: bool) -> bool:
    """Whether a match of a label is part of a longer word through a combining mark, which Python's ``\\w`` does
    not count as a word's character: one before it, or a virama or a nukta after it, which join its last letter to
    the next (the ক of ক্রয়, "purchase", is no mention of the grade ``ক``). A vowel sign after a name of several
    letters is an ending of it (Bengali's সিলেটে, "in Sylhet", names ``সিলেট``); after one letter, it makes the
    letter a syllable of another word."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return unicodedata.category(before) in _MARK or unicodedata.combining(after) in (7, 9) or (
        one_letter and unicodedata.category(after) in _MARK)


_BETWEEN = re.compile(r"\b(?:between|zwischen|entre|tussen|tra|fra|mellan)\s+\Z", re.IGNORECASE)


def _hour_ranges(found: list[_Mention], text: str) -> list[_Mention]:
    """"the hour from 12:00 to 13:00" ("between 12:00 and 13:00") names the hour labelled 12 once: the end of a
    one-hour range is no mention of the next hour's row."""
    out: list[_Mention] = []
    for mention in found:
        last = out[-1] if out else None
        joined = text[last.end:mention.start] if last is not None else ""
        if (last is not None and last.label.isdigit() and mention.label.isdigit()
                and int(mention.label) == int(last.label) + 1 and int(mention.label) <= 24
                and (re.fullmatch(r"(?::00)?\s*(?:to|until|till|-|–|—|bis|à|a)\s*", joined)
                     or (re.fullmatch(r"(?::00)?\s*(?:and|und|et|y|e|en|och|og)\s*", joined)
                         and _BETWEEN.search(text[:last.start])))):
            continue
        out.append(mention)
    return out


def _date_mentions(text: str, labels: Iterable[str], taken: list[tuple[int, int]]) -> list[_Mention]:
    """A date label (``2024-03-07``) named as a date in any writing ("7 March", "March 7th, 2024")."""
    dated = {key: label for label in labels if re.fullmatch(r"\d{4} \d{2} \d{2}", label)
             for key in [label.replace(" ", "-")]}
    if not dated:
        return []
    found = []
    written = values(text)
    years = {v.text for v in written if v.kind == "number" and is_year(v)}
    for value in written:
        if value.kind != "date" or any(a < value.start + len(value.text) and value.start < b for a, b in taken):
            continue
        # "the coldest night of 2024 ..., on 2 January": a date without its year is in the one year the text names
        keys = [f"{next(iter(years))}{key[1:]}" if key.startswith("--") and len(years) == 1 else key
                for key in value.date_keys]
        label = next((dated[k] for k in dated for key in keys
                      if not re.fullmatch(r"\d{4}-\d{2}", key) and same_date(key, k)), None)  # "janvier 2024": no day
        if label is not None:
            found.append(_Mention(value.start, value.start + len(value.text), label))
    return found


# The names pandas' ``describe()`` gives its rows, as an answer says them (a quantile ``N%`` is also the Nth
# percentile and pN).
STATISTICS = {"50%": ("median", "médiane", "mediana", "mediaan", "медиана", "медіана", "الوسيط", "وسيط", "中位数",
                      "中位數", "中央値", "중앙값", "มัธยฐาน", "medyan", "medián", "medijan", "mediāna", "میانه"),
              "mean": ("average", "moyenne", "mittelwert", "durchschnitt", "promedio", "média", "gemiddelde",
                       "среднее", "середнє", "prosjek", "priemer", "průměr", "keskmine", "vidurkis", "mitjana",
                       "میانگین", "purata", "wastani", "ortalama", "rata-rata", "trung bình", "átlag", "średnia"),
              "25%": ("first quartile", "lower quartile", "q1", "premier quartile", "erstes quartil"),
              "75%": ("third quartile", "upper quartile", "q3", "troisième quartile", "drittes quartil"),
              "std": ("standard deviation", "écart-type", "standardabweichung", "desviación estándar"),
              "max": ("maximum",), "min": ("minimum",)}


@functools.lru_cache(maxsize=4096)
def _label_pattern(label: str, plural: bool = True) -> str:
    """How a text names ``label``: its words with any separator, in any case; a label of plain words in the plural
    too ("inhalers" for ``inhaler``, "QR codes"), unless ``plural`` is off (see ``Labels``)."""
    pattern = _label_forms(label)
    if plural and re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+)*", label) and len(label.split()[-1]) >= 3 and \
            localedata.same_day_or_month(label) == ():
        if " " in label:  # each word in the plural, as Romance languages write it ("intents desmuntats")
            each = r"[\s_\-]+".join(re.escape(word) + "(?:e?s)?" for word in label.split())
            return rf"(?:{pattern}|{each})"
        return rf"(?:{pattern})(?:e?s)?"
    return pattern


def _label_forms(label: str) -> str:
    # a figure and its letters glued in a label are written apart too: "40 m" names the row ``40m``
    exact = r"[\s_\-]+".join(r"[\s\-]?".join(re.escape(part) for part in _GLUED.split(word) if part)
                              for word in label.split())
    quantile = re.fullmatch(r"(\d{1,2})%", label)
    if quantile is not None:
        n = quantile.group(1)
        names = (*STATISTICS.get(label, ()), f"{n}th percentile", f"{n}e percentile", f"p{n}")
        # the median also opening a compound ("Medianflyvetiden", "medianen")
        compound = rf"|(?:{localedata.alternation(STATISTICS[label])})[^\W\d_]{{4,}}" if label == "50%" else ""
        return rf"(?:{exact}|{localedata.alternation(names)}{compound})"
    if label in STATISTICS:
        return rf"(?:{exact}|{localedata.alternation(STATISTICS[label])})"
    named = localedata.same_day_or_month(label)
    if named:  # "Tuesday" is "mardi", "Dienstag", "Tue"; "March" is "mars", "März"; a weekday is "on Mondays" too
        plural = r"(?:e?s)?" if localedata.weekday_number(label) is not None else ""
        # a name of three letters of a script with capitals names the day or month only as written with its
        # capital: in lower case it is more often a word of prose ("thu" is Vietnamese for "collect", "may" a verb,
        # "per" a preposition, "sun", "sat", "mar" words); not another language's whole name ("en mai", "i maj")
        short = [name for name in {*named, label.lower()} if len(name) <= 3 and name.lower() != name.upper()
                 and name not in localedata.prose_free_names()]
        written = [form for name in short for form in (name.capitalize(), name.upper())]
        exact = exact if label.lower() not in short else "(?!)"
        return (rf"(?:{exact}|{localedata.alternation(n for n in named if n not in short)}"
                rf"|(?-i:{localedata.alternation(written)})){plural}")
    month = re.fullmatch(r"(\d{4}) (\d{2})", label)
    if month is None or not 1 <= int(month.group(2)) <= 12:
        return exact
    months = [name for name, pairs in localedata.month_names().items()
              if len(name) >= 3 and any(number == int(month.group(2)) for _, number in pairs)]
    # (not the month of another year: "March 2023" names no row 2024-03)
    return rf"(?:{exact}|(?:{localedata.alternation(months)})\.?(?:\s+{month.group(1)}|(?!\s+\d{{4}})))"


_GLUED = re.compile(r"(?<=\d)(?=[^\W\d_])")  # "40m" written "40 m"; not "a1" as the "a 1" of prose
# one thing's pronouns ("sie" is she as well as they): "they peaked a month apart" refers to several, never to a
# sentence's one label
_PRONOUN = re.compile(r"\b(?:it|its|this|that|which|il|elle|es|er|sie|ello|ella)\b", re.IGNORECASE)


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
    """The words that may name a column: not stop words; years too ("profit in 2023" names the 2023 column)."""
    words = {w for w in re.findall(r"[^\W\d_]{3,}", text.lower()) if w not in _STOP}
    return words | set(re.findall(r"(?<![\d.,])(?:19|20)\d\d(?!\d|[.,]\d)", text))


def _names(column: str, table: Table) -> set[str]:
    name = f"{column} {table.title}" if len(table.numeric_columns()) == 1 else column
    return {w for w in re.findall(r"[^\W_]{2,}", name.lower()) if w != "value"}


def same_word(a: str, b: str) -> bool:
    """Two words of one stem: equal, a plural of the other (by -s, or the -en and -es of Dutch, German and Romance
    plurals: "tijden" names ``tijd``), or sharing their first five letters, accents aside ("prodalo", sold, names the
    column ``prodáno``)."""
    a, b = localedata.unaccented(a), localedata.unaccented(b)
    short, long = sorted((a, b), key=len)
    return a == b or a.rstrip("s") == b.rstrip("s") or (len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5]) or (
        len(short) >= 4 and long.startswith(short) and long[len(short):] in ("en", "es"))



def _columns_for(table: Table, words: set[str]) -> tuple[list[str], bool]:
    """The numeric columns the words name best (True: the most words of their names), else every numeric column
    (False: none was named). "Retail's profit in 2023" names ``profit 2023`` over ``profit 2024``."""
    numeric = table.numeric_columns()
    scores = {c: sum(any(same_word(w, n) for n in _names(c, table)) for w in words) for c in numeric}
    best = max(scores.values(), default=0)
    return ([c for c in numeric if scores[c] == best], True) if best else (numeric, False)


# -- a label named as an extreme ---------------------------------------------------------------------------------
def wrong_extreme(text: str, question: str, evidence: Evidence, selected: Callable[[str], bool]) -> Claim | None:
    """A label the answer names as the largest, smallest, second largest... of a printed table, when it is not.
    A table of statistics (``describe()``, ``agg(['min', 'median', 'max'])``) has no items to rank: its rows name
    reductions, and "the median run is 720" claims no extreme."""
    found = [table for table in evidence.tables if not _of_statistics(table)]
    labels = table_labels(found)
    if not labels:
        return None
    asked = forms.superlatives(question)
    only = len({m.label for m in mentions(text, labels)}) == 1
    answered = False  # a sentence after the one that named the answer's label adds detail ("; B billed 191,790")
    for sentence in sentences(text, labels):
        named = mentions(sentence, labels)
        # "das Maximum liegt bei 80" over describe(): a superlative that is itself a row's name claims nothing; a
        # label in the measure after it ("de meeste PR's", "the most trips") names what is counted, not the choice
        claimed = [c for c in forms.superlatives(sentence) if not any(m.start <= c.start < m.end for m in named)]
        named = [m for m in named if not any(c.start <= m.start and m.end <= c.end for c in claimed)]
        # the answer to "which ... the most?" is the one label it names: short ("north"), or the only label of
        # the whole answer ("Brookvale: 13,836 fans came to one of its home matches."), also to a question whose
        # which-word the forms do not read ("Kijiji kipi ... zaidi?") when it names no row and the label is a name
        # (a time or a figure that labels a row, "the winner in 2:01:08", is a value, not a choice)
        bare = not claimed and bool(asked) and bool(named) and not answered and not _RANKED.search(sentence) and (
            len(sentence.split()) <= 6 or (only and forms.asks_for_one(question) == "one choice")
            or (only and not mentions(question, labels) and re.search(r"[^\W\d_]", named[0].label) is not None))
        answered = answered or bool(named)
        if not bare and len(claimed) == 1 and _top_set(claimed, _in_clause(named, sentence, claimed[0].start),
                                                       found):
            continue  # "the three busiest clients: A, B, C", the top rows of their table
        for number, superlative in enumerate(asked if bare else claimed):
            # "north" to "which region sold the most?": the question's superlative is the answer's claim
            mention = named[0] if bare else _claimed_label(named, claimed, number, sentence)
            if mention is None or superlative.count > 1:
                continue
            if superlative.direction is None and only and len(asked) == 1 and asked[0].direction is not None:
                # "le jour le plus chargé" (an adjective in no pair) for "le plus de plantages ?": the one label
                # the answer names is its answer, so its extreme is the question's
                superlative = dataclasses.replace(superlative, direction=asked[0].direction)
            # the words of the superlative's own clause name its column ("the smallest sector (14.0 L per tap),
            # though its sap is the sweetest (2.47 °Brix)": Brix is the sweetest's column, not the smallest's)
            words = _measure_words(sentence if bare else forms.clause_around(sentence, superlative.start)) | \
                _measure_words(question)
            # "the biggest drop"; "..., the smallest at Nowa Huta": a superlative with no noun of its own sizes
            # the drop of an earlier one again (not "the largest increase")
            fall = bool(_OF_A_FALL.match(question if bare else sentence, superlative.end)
                        or (not bare and _NO_NOUN.match(sentence, superlative.end)
                            and any(_OF_A_FALL.match(sentence, other.end) for other in claimed)))
            # "January to March hold 19 to 31 (the most in March)": an extreme among the periods the sentence
            # spans, in a table of periods in time order
            ends = _range_ends(named, sentence)
            spanned = [_spanned(table, ends, mention.label) if ends else None for table in found]
            claim = _extreme_claim(mention.label, superlative, words - set(mention.label.split()),
                                   [t for t, span in zip(found, spanned) if span is None]
                                   + [span for span in spanned if span is not None], selected, fall)
            if claim is not None:
                return claim
    return _unnamed_choice(text, question, evidence, found) or _range_of_partial(text, found, selected)


# a superlative with no noun after it ("the smallest at Nowa Huta", "the smallest, 12.8%")
_NO_NOUN = re.compile(r"\s*(?:[,;:()]|$|(?:at|in|on|for|was|were|is|with|of)\b)", re.IGNORECASE)
# a superlative of size over a fall ("the biggest drop", "the steepest decline in sales", "the biggest one-day fall",
# "the largest single month-on-month drop": up to two words before the fall, hyphened ones too, but no rise and
# no word that starts another phrase: "the biggest rebound after falling sales", "the highest growth despite lower
# footfall" size no fall)
_FALL_MODIFIER = (r"(?!" + forms.UP.pattern + r"|(?:after|before|despite|during|since|while|than|in|of|on|at|"
                  r"for|from|with|and|or|but|to|by)\b)[^\W\d]+(?:-[^\W\d]+)*\s+")
_OF_A_FALL = re.compile(r"\s+(?:" + _FALL_MODIFIER + r"){0,2}(?=" + forms.DOWN.pattern + ")", re.IGNORECASE)


_REDUCTIONS = frozenset({"count", "mean", "std", "min", "max", "median", "sum", "var", "nunique", "mode", "average",
                          "avg", "25%", "50%", "75%", "first", "last", "size"})


def _of_statistics(table: Table) -> bool:
    return bool(table.rows) and all(row.labels and label_key(row.labels[-1]) in _REDUCTIONS for row in table.rows)


# A sentence that ranks its label after another ("DAK is next with ...") does not answer "which ... the most?"
_RANKED = re.compile(r"\b(?:next|second|third|runner-up|followed|behind|then)\b", re.IGNORECASE)


def _claimed_label(named: list[_Mention], claimed: list[forms.Superlative], number: int,
                   sentence: str) -> _Mention | None:
    """The label the ``number``-th superlative names: as many labels as superlatives pair in order ("18-24 is the
    most satisfied and 25-34 the least", "busiest on Friday, quietest on Sunday"); else the nearest in its clause,
    or the sentence's only label."""
    distinct = [m for i, m in enumerate(named) if m.label not in {n.label for n in named[:i]}]
    if len(claimed) > 1 and len(distinct) == len(claimed):
        return distinct[number]
    superlative = claimed[number]
    bracket = _bracket_around(sentence, superlative.start)
    if bracket is not None:
        # a superlative in brackets names a label inside them; else, when the bracket states its own figure ("Perera:
        # 703 runs (highest score 115), twice Fernando's"), the last label the sentence names before it, never one
        # after (a bracket with no figure, "the leader (most runs) is Fernando", is read as any other clause)
        inside = [m for m in named if bracket[0] < m.start and m.end <= bracket[1]]
        if inside:
            return _nearest(inside, superlative.start, superlative.end)
        before = [m for m in named if m.end <= bracket[0]]
        if before and re.search(r"\d", sentence[superlative.end:bracket[1]]):
            return before[-1]
    in_clause = _in_clause(named, sentence, superlative.start)
    following = next((m for m in in_clause if m.start >= superlative.end), None)
    if following is not None:
        between = sentence[superlative.end:following.start]
        # "the peak in week 12": a preposition (and at most one noun) ties the superlative to the label right after
        if _TIED.fullmatch(between):
            return following
        # "a peak of 10,496.0 lb in September": the superlative's figure, tied by a preposition to the label after it
        last_digit = re.search(r"\d(?=\D*$)", between)
        if ("," not in re.sub(r"\d[\d,.]*\d", "0", between) and last_digit is not None
                and _BEFORE_LABEL.match(between[last_digit.end():])):
            return following
    clause = forms.clause_around(sentence, superlative.start)
    if not in_clause and len(distinct) == 1 and _PRONOUN.search(clause[:clause.find(superlative.word) + 1]):
        # "The surge multiplier: it has the strongest correlation": a pronoun refers the claim to the sentence's
        # one label, named before the clause
        in_clause = distinct
    return _nearest(in_clause, superlative.start, superlative.end)


def _bracket_around(text: str, position: int) -> tuple[int, int] | None:
    """The span of the innermost round bracket pair of ``text`` that holds ``position`` (open, close), or None."""
    opened: list[int] = []
    for at, char in enumerate(text):
        if char == "(":
            opened.append(at)
        elif char == ")" and opened:
            start = opened.pop()
            if start < position < at:
                return start, at
        if at > position and not any(start < position for start in opened):
            return None  # every bracket open at the position has closed
    return None


def _top_set(claimed: list[forms.Superlative], named: list[_Mention], found: list[Table]) -> bool:
    """Several labels under one superlative that are the first rows of a table code sorted, or the top ones of a
    column: a "top N" list, true as a whole."""
    labels = {m.label for m in named}
    if len(claimed) != 1 or len(labels) < 2:
        return False
    if any(labels <= {label_key(label) for label in row.labels} for table in found for row in table.rows):
        return False  # "Kim Ngân 8 (G03)": one row by two names, not a list
    for table in found:
        for column in table.numeric_columns():
            ranked = sorted(((row.figure(column), row) for row in table.rows if row.figure(column) is not None),
                            key=lambda pair: pair[0] or 0, reverse=claimed[0].direction != "low")
            top = {label_key(label) for _, row in ranked[:len(labels)] for label in row.labels}
            if labels <= top and (not table.partial or _SORTS.search(table.code)):
                return True
    return False


def _unnamed_choice(text: str, question: str, evidence: Evidence, found: list[Table]) -> Claim | None:
    """An answer to "which one ... the most?" that names no row of any table, while its figure is a row's: the
    label it names is not one the data has ("the Amsterdam warehouse, 11 lines", 11 being Rotterdam's). A part of
    a duration in two units ("the 00s of 28m 00s") is no figure of its own, nor are whole numbers a noun lists
    ("lines 1, 2 and 3 stop there", not "between 2 and 3"): they name items, they measure nothing. A label inside
    the superlative's own words names the measure, not the choice ("trips" of a count by event, in "L7 made the
    most trips: 773"). A row the question names is the part it asks about, not the choice ("the fastest 500 m":
    the figure is the 500 m row's minimum, the choice a skater of another table)."""
    if forms.asks_for_one(question) != "one choice":
        return None
    superlatives = forms.superlatives(text)
    if any(not any(s.start <= m.start and m.end <= s.end for s in superlatives)
           for m in mentions(text, table_labels(found))):
        return None
    found_values = values(text)
    parts = {index for group, _ in spaced_groups(found_values, text) for index in group}
    listed = [m.span(1) for m in _ENUMERATED.finditer(text) if not _RANGE.search(text[:m.start(1)])]
    for index, value in enumerate(found_values):
        if value.kind != "number" or not value.readings or index in parts or any(
                a <= value.start < b for a, b in listed):
            continue
        for table in found:
            row = next((r for r in table.rows if r.labels and any(_is(value, c) for c in r.cells.values())), None)
            # (a row whose label or text cell the answer writes in another order is named: "Nika Kranjec")
            if row is not None and not _the_part_asked(row, table, question) and not _dated(row) and not any(
                    words_in_any_order(cell, text) for cell in [*row.labels, *row.cells.values()]):
                return Claim(prompts.unnamed_choice(value.text, row.labels[0], table.where.describe()),
                             {"figure": value.text, "row_of": row.labels[0]})
    return _unnamed_label(text, question, found_values, evidence, found)


def _dated(row: Row) -> bool:
    """A row labelled by a date or a time: a period the answer may name in any of its ways ("Saturday from 12:00 to
    13:00" for ``2024-11-23 12:00:00``), so naming none of the labels as printed is no sign of a made-up choice."""
    found = values(row.labels[0])
    return bool(found) and found[0].kind == "date"


def _the_part_asked(row: Row, table: Table, question: str) -> bool:
    """Whether the question names this row, and no other row of its table, as the part it asks about ("the fastest
    500 m"): candidates the question lists ("Rotterdam, Amsterdam or Utrecht") are the choices, and a total's row
    ("in total") is no part."""
    named = {m.label for m in mentions(question, table_labels([table]))}
    return named == {label_key(row.labels[0])} and label_key(row.labels[0]) not in _TOTAL_ROWS


# whole numbers a noun lists, joined by commas and a last "and", "or" or "&" in the languages the readers know
# ("lines 1, 2 and 3", "Gleise 4 und 7")
_ENUMERATED = re.compile(r"[^\W\d_]{2}\s+(\d{1,3}(?:,\s+\d{1,3})*,?\s+(?:and|or|&|und|oder|et|ou|y|och|og|en)\s+"
                         r"\d{1,3})(?![.,]?\d)", re.IGNORECASE)


_TOTAL_ROWS = frozenset({"total", "totals", "all", "sum", "overall", "grand total", "gesamt", "totaal", "totale"})


def _unnamed_label(text: str, question: str, found_values: list[Value], evidence: Evidence,
                   found: list[Table]) -> Claim | None:
    """An answer to "which one ... the most?" with no figure and no date, naming no row of the tables, while a table
    of named rows was printed whole, that names its choice by a capitalised word no line shown (the outputs and the
    data's description) and not the question wrote: the choices were on the screen and the answer picked one that
    is not there ("the Honda SH Mode" when the bikes printed were the Vision, the Air Blade and the NVX). A choice
    named in a shorter or plainer form ("the Vision", "Ho Chi Minh" for "Hồ Chí Minh", "the southern region") or in
    a script without capitals is left alone: its words are printed, or nothing tells a name from a word."""
    if found_values:
        return None
    named = [t for t in found if not t.partial and len(t.rows) >= 2 and all(
        row.labels and re.search(r"[^\W\d_]", row.labels[0]) and not re.search(r"\d", row.labels[0])
        for row in t.rows)]
    if not named or not _absent_names(text, question, evidence):
        return None
    table = named[-1]
    return Claim(prompts.unnamed_label(table.where.describe()), {"table": table.where.describe()})


_ARTICLES = frozenset({"les", "der", "die", "das", "los", "las", "het", "een", "ein", "una", "uno", "των", "του",
                       "την", "της", "τον", "τις", "τους", "οι", "τα"})


def _absent_names(text: str, question: str, evidence: Evidence) -> list[str]:
    """The capitalised words of the answer (three letters or more, not a sentence's first, not an article, a stop
    word, a day or a month) that no line shown (outputs and the data's description) and not the question write,
    accents aside."""
    seen = _seen_words(question, evidence)
    return [w for m in re.finditer(r"[^\W\d_]+", text) if len(w := m.group(0)) >= 3 and w[0].isupper()
            and not _SENTENCE_OPENING.search(text[:m.start()]) and _a_naming_word(w, seen)]


def _seen_words(question: str, evidence: Evidence) -> set[str]:
    """The words every line shown (outputs and the data's description) and the question write, accents aside."""
    seen = {localedata.unaccented(w).lower() for line in evidence.shown.lines for w in re.findall(r"[^\W\d_]+",
                                                                                                   line.text)}
    return seen | {localedata.unaccented(w).lower() for w in re.findall(r"[^\W\d_]+", question)}


def _a_naming_word(word: str, seen: set[str]) -> bool:
    """A word of three letters or more that names something no line shown names: not seen, not an article, a stop
    word, a day or a month."""
    key = localedata.unaccented(word).lower()
    return len(word) >= 3 and key not in seen and key not in _STOP and key not in _ARTICLES and \
        not localedata.same_day_or_month(word)


def unshown_subject(text: str, question: str, evidence: Evidence) -> str:
    """The choice an answer to "which one ... the most?" writes as the subject of the question's own predicate,
    when no line shown writes any of its words: "Goldenrod honey (miód nawłociowy) had the highest water content"
    to "Which honey had the highest water content?", over a table of Polish honey names. The subject is what the
    answer's first sentence writes before the question's superlative, less the words of the question's predicate
    that end it ("had the"): some such word must be there, or the superlative is inside the subject ("Your top
    speed was ..."), which is then no choice. It must name something (a word that is neither the question's nor a
    stop word), and the answer no row of the tables. A choice written in words nobody printed is not one the data
    offered, whatever its capitals (the sentence's first word is the choice here, so capitals cannot tell it). ""
    when there is no such subject."""
    asked = {s.word.split()[0].lower() for s in forms.superlatives(question)}
    first = sentences(text)[0] if text.strip() else ""
    echoed = next((s for s in forms.superlatives(first) if s.word.split()[0].lower() in asked), None)
    if echoed is None or mentions(text, table_labels(evidence.tables)):
        return ""
    asking = {w.lower() for w in re.findall(r"[^\W\d_]+", question)}
    words, predicate = first[:echoed.start].split(), []
    while words and words[-1].lower() in asking:
        predicate.append(words.pop().lower())
    if not predicate:
        return ""
    subject = " ".join(words)
    seen = _seen_words(question, evidence)
    naming = [w for w in re.findall(r"[^\W\d_]+", subject) if localedata.unaccented(w).lower() not in asking]
    return subject if naming and all(_a_naming_word(w, seen) for w in naming) else ""


# a word after which the next is capitalised as a sentence's first ("None of them", "Clothes.", "Ropa."): a
# capital there says nothing of a name
_SENTENCE_OPENING = re.compile(r"(?:^|[.!?:;]\s+|\n)\W*$")


_RANGE = re.compile(r"\b(?:between|from|ranging from|range of|entre|zwischen|von|tra|fra)\s+$", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"^\s*(?:and|to|et|und|y|bis|à|a|e)\s+$|^\s*[–—-]\s*$", re.IGNORECASE)


def _range_of_partial(text: str, found: list[Table], selected: Callable[[str], bool]) -> Claim | None:
    """A range ("between 20.6 and 21.6 °C") whose ends are both figures of one column of a partial table: the
    range of a sample (``head()``) stated for the whole."""
    numbers = [v for v in values(text) if v.kind == "number" and v.readings]
    for low, high in itertools.pairwise(numbers):
        between = text[low.start + len(low.text):high.start]
        dashed = _RANGE_JOIN.match(between) is not None and between.strip() in ("–", "—", "-")
        if not _RANGE_JOIN.match(between) or not (dashed or _RANGE.search(text[:low.start])):
            continue
        for table in (t for t in found if t.partial):
            for column in table.numeric_columns():
                cells = [row.cells.get(column, "") for row in table.rows]
                if any(_is(low, c) for c in cells) and any(_is(high, c) for c in cells) and not (
                        selected(low.text) or selected(high.text)):
                    return Claim(prompts.range_of_partial_table(low.text, high.text, table.where.describe()),
                                 {"range": [low.text, high.text], "table": table.where.describe(), "column": column})
    return None


_GROUPS = re.compile(r"\b(?:groupby|resample|pivot_table|value_counts)\b")


def _range_ends(named: list[_Mention], sentence: str) -> set[str]:
    """The two labels a sentence writes as a range, next to each other ("január až marec", "May–July")."""
    for first, second in itertools.pairwise(named):
        if first.label != second.label and _RANGE_WORD.fullmatch(sentence[first.end:second.start]):
            return {first.label, second.label}
    return set()


# a dash, or a word of a range: "May–July", "January to March", "január až marec", "Mai bis Juli", "de mai à juillet"
_RANGE_WORD = re.compile(rf"\s*[–-]\s*|\s{RANGE_WORDS}\s", re.IGNORECASE)


def _spanned(table: Table, ends: set[str], label: str) -> Table | None:
    """The rows of a table of periods in time order from one end of a range the sentence writes to the other,
    when ``label`` lies within it; None otherwise."""
    index = {id(row): i for i, row in enumerate(table.rows)}
    at = sorted(index[id(row)] for name in ends for row in table.rows_of(table.aliases.get(name, name)))
    own = [index[id(row)] for row in table.rows_of(table.aliases.get(label, label))]
    if len(at) != 2 or len(own) != 1 or not at[0] <= own[0] <= at[1] or not in_time_order(table):
        return None
    return dataclasses.replace(table, rows=table.rows[at[0]:at[1] + 1])


def _extreme_claim(label: str, superlative: forms.Superlative, words: set[str], found: list[Table],
                   selected: Callable[[str], bool], fall: bool = False) -> Claim | None:
    """``fall``: the superlative sizes a fall ("the biggest drop"), so over a column of signed changes (any
    negative) its extreme is the other end, the most negative; over a column of falls' sizes, its own."""
    failures: list[Claim] = []
    flipped = dataclasses.replace(superlative, direction="low" if superlative.direction == "high" else "high")
    holding = [table for table in found if table.rows_of(label)]
    # a label over several rows of a table (a station's row per pollutant) is no one row to rank there: a table
    # that holds it as one row decides, when there is one
    if any(len(table.rows_of(label)) == 1 for table in holding):
        holding = [table for table in holding if len(table.rows_of(label)) == 1]
    # nor is a record of a listing (``df.head()``: a sale's date, product and country), which holds the label as one
    # of its text cells: a table whose row is the label alone (a grouping's) ranks it, when there is one
    alone = [table for table in holding if len(table.rows_of(label)[0].labels) == 1]
    holding = alone or holding
    for table in holding:
        columns, named = _columns_for(table, words)
        for column in columns:
            signed = fall and superlative.direction is not None and any(
                (f := row.figure(column)) is not None and f < 0 for row in table.rows)
            verdict = _judge_extreme(label, flipped if signed else superlative, table, column, selected, named)
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
    key, label = label, table.label_of(label)
    if table.partial:
        if selected(key):
            return None
        # the head of a sorted table shows its top rows whole: the first is the extreme, the second the second...;
        # a row printed with the ranked row's figure ties with it ("19 and 20 January, both at -1.8 °C" off
        # ``nsmallest(2, 'temp')``)
        order = table.order(column)
        top = figures[superlative.rank - 1][1] if superlative.rank <= len(figures) else None
        if order is not None and _SORTS.search(table.code) and top is not None \
                and any(number == top for row, number in figures if row in table.rows_of(key)):
            end = "high" if order == "descending" else "low"
            if superlative.direction in (None, end):
                return None
        return Claim(prompts.extreme_of_partial_table(label, superlative.word, where),
                     {"label": label, "claimed": superlative.word, "table": where, "column": column,
                      "partial": True})
    ranked = sorted({number for _, number in figures}, reverse=True)
    if len(ranked) < superlative.rank:
        return None
    ends = {"high": [ranked[superlative.rank - 1]], "low": [ranked[-superlative.rank]]}
    wanted = ends.get(superlative.direction or "", ends["high"] + ends["low"])
    own = [number for row, number in figures if row in table.rows_of(key)]
    if any(number in wanted for number in own) or (not named and selected(key)):
        return None
    return _not_extreme(label, superlative, table, column, figures, wanted, where)


def _not_extreme(label: str, superlative: forms.Superlative, table: Table, column: str,
                 figures: list[tuple[Row, Decimal]], wanted: list[Decimal], where: str) -> Claim:
    actual = [(row.labels[0] if row.labels else "?", row.cells[column]) for row, number in figures if number in wanted]
    own = ", ".join(row.cells[column] for row, _ in figures if row in table.rows_of(label_key(label)))
    best = "; ".join(f"{name} ({cell})" for name, cell in actual[:3])
    named = "" if column == "value" else column
    return Claim(prompts.not_the_extreme(label, superlative.word, where, named, own, best),
                 {"label": label, "claimed": superlative.word, "table": where, "column": column,
                  "extreme": [name for name, _ in actual[:3]]})


# -- a figure stated for a label -------------------------------------------------------------------------------
def wrong_pair(text: str, question: str, evidence: Evidence) -> Claim | None:
    """A figure the answer states for a label that is in another row of that label's table, or another column of
    its row when the words name the column. A bare figure goes with the one label the question names."""
    found = evidence.tables
    labels = table_labels(found)
    if not labels:
        return None
    asked = mentions(question, labels)
    # a top-N question's figures are its list's ("the five most frequent messages in the error log"), not the
    # figures of the one label it names
    listing = any(s.count > 1 for s in forms.superlatives(question))
    only = asked[0].label if len({m.label for m in asked}) == 1 and not listing else None
    given = _given_own(text, only, labels, found) if only is not None else None
    for number, sentence in enumerate(sentences(text, labels)):
        named = _one_row_once(mentions(sentence, labels), sentence, found)
        named = _years_as_columns(named, sentence, found)
        holding = {m.label for m in named} or ({only} if only else set())
        holders = [t for t in found if any(t.rows_of(label) for label in holding)]
        # a number inside a label's mention (week 13, "City 00") names it, and is not also its figure
        # "1 200", as Czech or French write 1,200, where a cell of the label's tables holds it whole
        written = spaced_wholes([_in_printed_magnitude(v, found) for v in values(sentence)], sentence,
                                 functools.partial(_in_a_cell, holders))
        ranged = range_ends(written, sentence)
        figures = [v for v in written if v.kind == "number" and v.readings and not is_year(v)
                   and not any(m.start <= v.start and v.start + len(v.text) <= m.end for m in named)
                   and id(v) not in ranged
                   and _stated_figure(v, sentence, holders, evidence)]
        # a duration written h:mm:ss ("4:09:43") is a figure of a table of Timedeltas, in seconds
        figures += [seconds for v in written if (seconds := _as_seconds(v)) is not None
                     and _in_a_cell(holders, seconds)]
        members = _bracket_members(sentence, figures) | _chained(sentence, figures, named, found)
        figures = [v for v in figures if v.start not in members]
        swapped = _other_statistic(sentence, figures, found, text) or _dated_elsewhere(sentence, figures, evidence)
        if swapped is not None:
            return swapped
        # a sentence that names no label goes with the question's, unless its figures are other rows' of that
        # label's table: it is about those rows ("103 of the 170 items: 71 were picked up and 32 were posted"); a row
        # of the answer's own markdown table with figures in two columns or more is about its first cell ("| **Total**
        # | 247 | 98,830,000 |"): its columns are not all the question's one label's figure
        bare = only if not named and not _of_other_rows(figures, only, holders) and not (
            sentence.count("|") >= 2 and len(figures) >= 2) and not _about_others(number, sentence, figures, given,
                                                                                   holders) else None
        for value, label, bound in _pairs(sentence, named, figures, bare, found):
            if not bound or _by_another_name(value, label, named, sentence, found):
                continue  # a loose layout: the figure may be meant for any label the sentence names
            near = _around(sentence, value)
            # a year anywhere in the clause names a column of years ("700.9 mm of rain in 2024": column 2024), but
            # not the base a change is measured against ("24.8% up on 2023", "alta de 24,8% em relação a 2023")
            clause = forms.clause_around(sentence, value.start)
            near += "".join(f" {v.text}" for v in values(clause) if is_year(v)
                            and not _BASE_YEAR.search(clause[:v.start]))
            claim = (_pair_claim(label, value, near, found, evidence.shown)
                     or _printed_elsewhere(label, value, figures, evidence))
            if claim is not None:
                return claim
    return None


_A_YEAR = re.compile(r"(?:19|20)\d\d")
_COUNTS = frozenset({"count", "counts", "size", "n", "freq", "frequency"})  # how pandas and people name a count
_ALIAS = re.compile(r"\s*[(（/]\s*")  # "ส้มตำ (som tam)", "Köln/Cologne": one thing by two names


def _stated_figure(value: Value, sentence: str, holders: list[Table], evidence: Evidence) -> bool:
    """Whether a figure of the sentence is one to pair with a label: in a cell of the label's tables, or shown,
    unless only verbatim lines of the data showed it and no word of its clause names the tables' columns ("date
    field 130824" of a GPS sentence is quoted from the record; "alpha made 7342 requests" is stated as a figure)."""
    if _in_a_cell(holders, value):
        return True
    lines = [match.line for match in evidence.shown.matches(value)]
    # the context's description previews the data itself
    if not lines or not all(line.where.place == "description" or evidence.is_data(line.text) for line in lines):
        return bool(lines)
    words = _measure_words(_around(sentence, value))
    return any(_columns_for(table, words)[1] for table in holders)


def _given_own(text: str, only: str, labels: Labels, found: list[Table]) -> tuple[int, set[str]] | None:
    """The first sentence that names the question's one label with a figure of its own row, and the columns of
    those figures; None when no sentence does."""
    own = {id(row) for table in found for row in table.rows_of(only)}
    for number, sentence in enumerate(sentences(text, labels)):
        if not any(m.label == only for m in mentions(sentence, labels)):
            continue
        columns = {column for v in values(sentence) if v.kind == "number" and v.readings
                   for table in found for row, column in _cells_of(v, table) if id(row) in own}
        if columns:
            return number, columns
    return None


def _about_others(number: int, sentence: str, figures: list[Value], given: tuple[int, set[str]] | None,
                  holders: list[Table]) -> bool:
    """Whether a sentence that names no label speaks of other rows than the question's one label, which an earlier
    sentence gave a figure of its own row: its figures are of that same column in other rows ("357 su 418 ...
    Parmigiano Reggiano. Altre 148 forme ... non sono ancora state espertizzate": the 148 wheels not yet graded),
    as a word for "other" or "the rest" says. Not a sentence before that one, nor one that opens on a word pointing
    back to the label ("Its revenue was 970.5", "Of those, 880 were shipped"), nor a figure of another column
    ("Paris had 22 orders. Revenue was 970.5": Paris's revenue)."""
    if given is None or number <= given[0] or _POINTING_BACK.match(sentence) or not _OTHERS.search(sentence):
        return False
    cells = [column for value in figures for table in holders for _, column in _cells_of(value, table)]
    return bool(cells) and set(cells) <= given[1]


# a sentence opening on a word that points back to what the sentence before named
_POINTING_BACK = re.compile(r"\W*(?:(?:of|among|from)\s+)?(?:it|its|it's|this|that|these|those|their|they|there|his|"
                            r"her|here|so|also|which|il|elle|son|sa|ses|leur|er|sie|es|sein|ihr|su|sus|lo|la|suo|sua)\b",
                            re.IGNORECASE)
# a word for the other rows or the rest of them ("another 148", "altre 148 forme", "die übrigen")
_OTHERS = re.compile(r"\b(?:other|others|another|remaining|rest|altr[eiao]|autres?|otr[oa]s?|outr[oa]s?|ander[en]?|"
                     r"übrige[n]?|övriga|andra|andre|øvrige|overige|inn[eiy]ch|inne|ostatní|dalších|muut|muita|diğer|"
                     r"lain(?:nya)?|wengine|nyingine|khác|други|інші|другие)\b", re.IGNORECASE)


def _by_another_name(value: Value, label: str, named: list[_Mention], sentence: str, found: list[Table]) -> bool:
    """Whether the sentence writes ``label`` beside another name in brackets or after a slash, and the figure is
    in that name's row: one row of a table that writes the name in the data's language ("ส้มตำ (som tam)")."""
    return any(mention.label == label and other.label != label
               and (_ALIAS.fullmatch(sentence[mention.end:other.start])
                    or _ALIAS.fullmatch(sentence[other.end:mention.start]))
               and _in_rows(value, other.label, found) for mention, other in itertools.permutations(named, 2))


def _years_as_columns(named: list[_Mention], sentence: str, found: list[Table]) -> list[_Mention]:
    """The mentions without the years, when the sentence's figures sit in the row of another label it names:
    beside that row, a year is its column or its period ("Brandt ... €8,742.90 for 2024"), not a row of a table
    by year."""
    rows = [m for m in named if not _A_YEAR.fullmatch(m.label)]
    if len(rows) == len(named) or not any(_in_rows(v, m.label, found) for m in rows for v in values(sentence)
                                          if v.kind == "number" and v.readings):
        return named
    return rows


def _of_other_rows(figures: list[Value], label: str | None, holders: list[Table]) -> bool:
    """Whether two figures of the sentence or more are cells of other rows than ``label``'s, in a table that has
    its row: the sentence reports those rows (one such figure is the bare figure of a misread row)."""
    for table in holders:
        own = {id(row) for row in table.rows_of(label)} if label else set()
        if sum(any(id(row) not in own for row, _ in _cells_of(value, table)) for value in figures) >= 2:
            return True
    return False


def _other_statistic(sentence: str, figures: list[Value], found: list[Table], text: str) -> Claim | None:
    """A figure the sentence gives as one statistic ("the median trip takes 18.65 s") that a table of statistics
    (``describe()``) prints in another's row (the mean): the sentence names one of its rows, and its figure (the
    first after the name, else the last before it) is not in that row.

    Unless another sentence of the answer gives that statistic its own row's figure: one name given two figures,
    one of them its own, names something else the other time, by a longer name this word opens ("wastani wa kati",
    the middle average, is the median; "wastani", the mean, is 73.6 in the next sentence): the name is followed by
    two words or more before its figure. A swap gives neither statistic its own figure."""
    for table in found:
        if not _of_statistics(table):
            continue
        named = mentions(sentence, table_labels([table]))
        if len({m.label for m in named}) != 1:
            continue
        label = named[0].label
        own = {id(row) for row in table.rows_of(label)}
        if _QUALIFIED.match(sentence, named[0].end) and any(
                _stated_as(label, table, other, own) for other in sentences(text) if other != sentence):
            continue
        for value in _statistic_figures(named[0], figures):
            # a count of rows is context ("the median fare of the 701 rides"), not a statistic read for another
            cells = [(row, column) for row, column in _cells_of(value, table)
                     if not row.labels or label_key(row.labels[0]) not in ("count", "size")]
            if cells and not any(id(row) in own for row, _ in cells):
                whose = cells[0][0].labels[0]
                mine = "; ".join(f"{c}: {cell}" for row in table.rows_of(label) for c, cell in row.cells.items())
                printed = table.label_of(label)
                return Claim(prompts.other_row(value.text, printed, whose, table.where.describe(), mine[:200]),
                             {"label": printed, "figure": value.text, "row_of": whose, "own": mine[:200]})
    return None


# a name followed by two words or more, the first no copula, before the figure: a longer name ("wastani wa kati ni
# kilo 68.2"), not the statistic itself ("median 91.8", "median of 91.8", "the mean is 73.6")
_QUALIFIED = re.compile(r"\s+(?!(?:is|was|are|were|ni|est|ist|es|è|é|on|er|är|je|jest|of|de|di)\b)[^\W\d_]+"
                        r"(?:\s+[^\W\d_]+)+\s+[^\d]{0,12}\d", re.IGNORECASE)


def _statistic_figures(name: _Mention, figures: list[Value]) -> list[Value]:
    """The figure a sentence gives a statistic it names: the first after the name, else the last before it."""
    after = [v for v in figures if v.start >= name.end]
    before = [v for v in figures if v.start < name.start]
    return after[:1] or before[-1:]


def _stated_as(label: str, table: Table, sentence: str, own: set[int]) -> bool:
    """Whether ``sentence`` names the statistic ``label`` alone of its table's rows and gives it a figure of its
    own row."""
    named = mentions(sentence, table_labels([table]))
    if {m.label for m in named} != {label}:
        return False
    figures = [v for v in values(sentence) if v.kind == "number" and v.readings]
    return any(id(row) in own for value in _statistic_figures(named[0], figures) for row, _ in _cells_of(value, table))


def _as_seconds(value: Value) -> Value | None:
    """A duration written h:mm:ss as a figure of seconds, half a second either way; None for anything else (h:mm
    may as well be a time of day)."""
    if value.kind != "token" or not re.fullmatch(r"\d{1,3}:\d{2}:\d{2}", value.key):
        return None
    return dataclasses.replace(value, kind="number", readings=(Reading(clock_seconds(value.key), Decimal("0.5")),))


def _in_week_ending(day: str, label: str) -> bool:
    """A day within the week a printed day ends (a weekly resample labels each week by its last day): "the week
    of 4 March" for ``2024-03-10``."""
    stated, printed = date_of(day), date_of(label)
    return stated is not None and printed is not None and 0 <= (printed - stated).days <= 6


def _dated_elsewhere(sentence: str, figures: list[Value], evidence: Evidence) -> Claim | None:
    """A figure stated with the one date of its clause ("January 2024, at 58.8") that every output printed beside
    another date, or under another date's column, and never with that one (``2023-01 58.8``): it is another
    period's figure."""
    written = values(sentence)
    beside: dict[int, list[str]] = {}
    for line, key in evidence.shown.output_dates():
        beside.setdefault(id(line), []).append(key)
    for value in figures:
        if significant_digits(value) < MIN_DIGITS:
            continue  # "from 2 to 8 September": a day, or a figure too common to say whose it is
        clause = forms.clause_around(sentence, value.start)
        start = sentence.find(clause)
        dates = [d for d in written if d.kind == "date" and start <= d.start < start + len(clause)]
        if len(dates) != 1:
            continue
        # the date is the figure's when nothing but a few words stands between them ("January 2024, at 58.8",
        # "58.8 in January 2024"), not another figure or time ("52.4 on 16 March 18:00 to 33.7")
        low, high = sorted([(dates[0].start, dates[0].start + len(dates[0].text)), (value.start,
                                                                                      value.start + len(value.text))])
        between = sentence[low[1]:high[0]]
        if re.search(r"\d", between) or len(between.split()) > 2:
            continue
        dated = {line: list(keys) for line, keys in beside.items()}
        for table in evidence.tables:  # a cell under a column named by a date (a wide table's 2023-01)
            for row, column in _cells_of(value, table):
                if keys := [v.key for v in values(column) if v.kind == "date"]:
                    dated.setdefault(id(row.line), []).extend(keys)
        printed = [m.line for m in evidence.shown.matches(value) if m.figure is not None
                   and m.line.where.place == "output" and not m.line.where.earlier]
        if not printed or not all(id(line) in dated for line in printed) or any(
                same_date(mine, key) or _in_week_ending(mine, key)
                for line in printed for key in dated[id(line)] for mine in dates[0].date_keys):
            continue
        line = printed[0]
        return Claim(prompts.other_row(value.text, dates[0].text, dated[id(line)][0], line.where.describe(),
                                       "nothing printed"),
                     {"label": dates[0].text, "figure": value.text, "row_of": dated[id(line)][0]})
    return None


_RANGE_NOUN = re.compile(r"(?<=\s)[^\W\d_]+\s+\Z")  # the word of what the range counts: "between weeks 10 and 35"
_FIGURE_SPAN = re.compile(r"\s*(?:[–—-]|to|bis|à|a|tot|till)\s*", re.IGNORECASE)


def range_ends(written: list[Value], sentence: str) -> set[int]:
    """The figures that bound a range ("35.3–41.4 GWh a month from January to April", "between 17.7 and 18.6%",
    "between weeks 10 and 35"): a span over several rows, no one label's figure."""
    ends: set[int] = set()
    for first, second in itertools.pairwise(written):
        between = sentence[first.start + len(first.text):second.start]
        before = _RANGE_NOUN.sub("", sentence[:first.start])
        if first.kind == second.kind == "number" and second.sign == 0 and (
                _FIGURE_SPAN.fullmatch(between) or (_BETWEEN.search(before) and _RANGE_JOIN.fullmatch(between))):
            ends |= {id(first), id(second)}
    return ends


_BASE_YEAR = re.compile(r"\b(?:relative to|compared (?:with|to)|than|vs\.?|versus|over|since|from|on|against|"
                        r"em relação (?:a|ao)|frente a|respecto a|par rapport à|gegenüber|im Vergleich zu|seit|"
                        r"rispetto a|ten opzichte van|sinds|jämfört med|sammenlignet med)\s+\Z", re.IGNORECASE)


def _one_row_once(named: list[_Mention], sentence: str, found: list[Table]) -> list[_Mention]:
    """Mentions side by side that are labels of one row ("City 00" of a row labelled ``City``, ``00``; "Lyon
    Centre") name that row once: the last of them stands for it."""
    out: list[_Mention] = []
    for mention in named:
        last = out[-1] if out else None
        if last is not None and not sentence[last.end:mention.start].strip() and any(
                table.rows_of(last.label) and {id(r) for r in table.rows_of(last.label)}
                & {id(r) for r in table.rows_of(mention.label)} for table in found):
            out[-1] = _Mention(last.start, mention.end, mention.label)
            continue
        out.append(mention)
    return out


_A_FIGURE = r"(?<![\w.,])(?!(?:19|20)\d\d(?!\d))\d[\d.,]*(?!\w)"  # a figure as a word: not a year, not "Q4"


def _around(sentence: str, value: Value) -> str:
    """The words that may name a figure's column: its clause, within a few words of it ("241 sessions", "a mean
    of 812 MB"), not the far end of a long clause, nor the words of a figure before it ("played 4 matches, won
    only 1": matches are the 4's)."""
    clause = forms.clause_around(sentence, value.start)
    at = sentence.find(clause)
    start, end = value.start - at, value.start - at + len(value.text)
    lead = clause[max(0, start - 40):start]
    earlier = re.search(rf".*{_A_FIGURE}(?:\s+\S+|[^,\d]*,)", lead)  # a figure before: its word, or up to a comma
    before = lead[earlier.end() if earlier else 0:].split()[-4:]
    after = clause[end:end + 30].split()[:3]
    return " ".join([*before, value.text, *after])


# a field of one printed record: its name, two spaces or more, its value ("station      Nowa Huta")
_FIELD = re.compile(r"^\s*[^\W\d][\w. ]*?\s{2,}\S.*$")


def _in_one_record(label: str, value: Value, found: list[Table], shown: Shown) -> bool:
    """Whether an output printed the figure and the label as fields of one record (``print(df.loc[i])``: lines of
    a field name and its value, outside every table): the code paired them, whatever another table shows."""
    in_tables = {id(row.line) for t in found for row in t.rows}
    pattern = re.compile(r"(?<!\w)" + r"[\s_\-]+".join(re.escape(w) for w in label.split()) + r"(?!\w)",
                         re.IGNORECASE)
    lines = shown.lines

    def field(at: int, of: Line) -> bool:
        return (0 <= at < len(lines) and lines[at].where == of.where and id(lines[at]) not in in_tables
                and _FIELD.match(lines[at].text) is not None)

    for match in shown.matches(value):
        line = match.line
        index = next(i for i, other in enumerate(lines) if other is line)
        if match.figure is None or line.where.place != "output" or not field(index, line):
            continue
        low, high = index, index
        while field(low - 1, line):
            low -= 1
        while field(high + 1, line):
            high += 1
        if any(pattern.search(lines[at].text) for at in range(low, high + 1) if at != index):
            return True
    return False


def _in_rows(value: Value, label: str, found: list[Table]) -> bool:
    return any(id(row) in {id(r) for r in t.rows_of(label)} for t in found for row, _ in _cells_of(value, t))


_TIED = re.compile(r"\s+(?:in|on|at|during|for|en|im|am|au|à|de|del|di|in der|dans)\s+(?:(?:the|la|le|el|der|die)\s+)?"
                   r"(?:[^\W\d]+\s+)?", re.IGNORECASE)


# "14.2 minutes against 9.1 for Air France", "987.6 kWh at HQ": a preposition ties a figure to the label after it;
# not one of a comparison ("15,646, narrowly ahead of Geneva": the figure is the other label's), nor across a
# closing bracket ("Dietla (22.1 → 17.7), the smallest at Nowa Huta": a bracket's figure is what comes before it)
_BEFORE_LABEL = re.compile(r"^(?![^\d.;]*\b(?:ahead|behind|short|instead|compared|relative)\b)[^\d.;)]{0,24}?"
                           r"\b(?:for|of|at|in|from|by|on|à|pour|de|für|bei|von|para|per|en|voor|di|untuk|dari|pada|"
                           r"ở|tại|cho|của|dla|na|pro)\s+$", re.IGNORECASE)


# "Porto billed 51,165 €, against 40,193 € at Lisbon Airport": a comparison word between two figures says the first,
# stated right after its label (no figure or bracket between), is that label's and the second the other side's
_COMPARED = re.compile(r"\b(?:against|versus|vs\.?|compared (?:with|to)|while|whereas|contra|frente a|contre|"
                       r"contro|gegen(?:über)?|tegen|mot|dibanding(?:kan)?|so với|wobec|oproti)\b", re.IGNORECASE)


def _pairs(sentence: str, named: list[_Mention], figures: list[Value],
           only: str | None, found: list[Table]) -> list[tuple[Value, str, bool]]:
    """Which label each figure is stated for, and whether the sentence's layout binds it (True).

    Bound: a figure tied by a preposition to the label right after it ("9.1 for Air France"); then, of the rest,
    each figure after its label ("Paris (1,200), Lyon (900)"), each before it ("1,200 for Paris and 900 for
    Lyon"), the labels first and the figures after in the same order ("Paris and Lyon: 1,200 and 900", "X beat
    Y (a vs b)"), or two figures of one column between their two labels ("Efter spil: 1.454 m mod 943 m efter
    flyslæb"). Otherwise the nearest label, loosely (False): a loose pair is never refused.
    """
    if only is not None:
        return [(value, only, True) for value in figures]
    if not named or not figures:
        return []
    tied: list[tuple[Value, str, bool]] = []
    for value in figures:
        end = value.start + len(value.text)
        following = next((m for m in named if m.start >= end), None)
        if following is not None and _BEFORE_LABEL.match(sentence[end:following.start]):
            tied.append((value, following.label, True))
    used = {id(value) for value, _, _ in tied}
    labels_used = {label for _, label, _ in tied}
    rest_figures = [v for v in figures if id(v) not in used]
    for mention in (m for m in named if m.label not in labels_used):
        after = [v for v in rest_figures if v.start > mention.start]
        # (not across a comma: "... for the 524 SNVs, and 95.0% of the indels versus 92.4%" starts another clause)
        if (len(after) >= 2 and not re.search(r"[\d(,;]", sentence[mention.end:after[0].start])
                and not _label_within(named, mention.start, after[0].start)
                and _COMPARED.search(sentence[after[0].start + len(after[0].text):after[1].start])):
            tied.append((after[0], mention.label, True))
            used.add(id(after[0]))
            labels_used.add(mention.label)
    rest = _layout_pairs([m for m in named if m.label not in labels_used],
                         [v for v in figures if id(v) not in used], named, found, sentence)
    written = [v for v in every_value(sentence) if v.kind == "number" and not is_year(v)
               and not any(m.start <= v.start and v.start + len(v.text) <= m.end for m in named)]
    laid = [v.start for v, _, _ in rest] + [m.start for m in named if any(m.label == label for _, label, _ in rest)]
    repeated = len({v.text for v in written}) < len(written)
    if laid and (repeated or any(min(laid) < v.start < max(laid) and not any(
            f.start <= v.start < f.start + len(f.text) for f in figures) for v in written)):
        # a figure written twice ("median 60.3% (mean 60.3%)") is read once, one no output shows is left out ("4
        # ..., 13 ... (8 ... and 5 ...)": 13 is a sum) inside the layout: the layout of the rest is unknown
        rest = [(value, label, False) for value, label, _ in rest]
    totals = _bracket_totals(sentence, figures)
    return [(value, label, bound and id(value) not in totals) for value, label, bound in tied + rest]


_ARROW = re.compile(r"\s*(?:→|->|⇒|=>|➔|⟶)\s*")


def _chained(sentence: str, figures: list[Value], named: list[_Mention], found: list[Table]) -> set[int]:
    """The starts of figures an arrow joins ("rose 14 → 20 → 46") that are one column's cells in consecutive rows
    of a printed table, in its order: a series over those rows, whose last figure is no more the figure of the label
    written after it ("... 46 and peaked in July") than the first is. A preposition that ties the last figure to
    the label right after it ("20 → 46 in June") makes it that label's, and it is checked as such."""
    runs: list[list[Value]] = []
    for value, following in itertools.pairwise(figures):
        if not _ARROW.fullmatch(sentence[value.start + len(value.text):following.start]):
            continue
        if runs and runs[-1][-1] is value:
            runs[-1].append(following)
        else:
            runs.append([value, following])

    def tied(last: Value) -> bool:
        end = last.start + len(last.text)
        following = next((m for m in named if m.start >= end), None)
        return following is not None and _TIED.fullmatch(sentence[end:following.start]) is not None

    return {v.start for run in runs if not tied(run[-1]) and any(_in_consecutive_rows(run, table) for table in found)
            for v in run}


def _in_consecutive_rows(run: list[Value], table: Table) -> bool:
    index = {id(row): at for at, row in enumerate(table.rows)}
    for row, column in _cells_of(run[0], table):
        at = index[id(row)]
        if at + len(run) <= len(table.rows) and all(
                _is(value, table.rows[at + step].cells.get(column, "")) for step, value in enumerate(run)):
            return True
    return False


@functools.lru_cache(maxsize=1024)
def _bracket_after(sentence: str, value: Value) -> tuple[Value, ...]:
    """The figures of the bracket right after ``value`` (a few words between), placed in ``sentence``. Cached: the
    totals and the lists of names of a sentence read the same brackets."""
    bracket = re.match(r"[^\d()]{0,40}\(([^()]*)\)", sentence[value.start + len(value.text):])
    if bracket is None:
        return ()
    opened = value.start + len(value.text) + bracket.start(1)
    return tuple(dataclasses.replace(v, start=v.start + opened) for v in values(bracket.group(1))
                 if v.kind == "number" and v.readings)


def _bracket_totals(sentence: str, figures: list[Value]) -> set[int]:
    """The figures (by id) that the figures of the bracket right after them add up to: "13 were left (8 ... and 5
    ...)" states a total of two rows, not a row's figure."""
    found = set()
    for value in figures:
        inside = _bracket_after(sentence, value)
        if len(inside) >= 2 and sum(v.first for v in inside) == value.first:
            found.add(id(value))
    return found


def _bracket_members(sentence: str, figures: list[Value]) -> set[int]:
    """The starts of figures that name the items a count right before their bracket counts: "from 3 lines (1, 2
    and 3)" lists the three lines by their numbers, which are names, not figures of the label."""
    members: set[int] = set()
    for value in figures:
        inside = _bracket_after(sentence, value)
        if len(inside) >= 2 and value.first == len(inside):
            members.update(v.start for v in inside)
    return members


def _label_within(named: list[_Mention], start: int, end: int) -> bool:
    return any(start < m.start < end for m in named)


def _layout_pairs(named: list[_Mention], figures: list[Value], every: list[_Mention], found: list[Table],
                  sentence: str) -> list[tuple[Value, str, bool]]:
    if not named or not figures:
        return [(value, m.label, False) for value in figures
                if (m := _nearest(every, value.start, value.start + len(value.text))) is not None]
    order = sorted([(m.start, m) for m in named] + [(v.start, v) for v in figures], key=lambda x: x[0])
    items = [item for _, item in order]
    kinds = "".join("L" if isinstance(item, _Mention) else "F" for item in items)
    labels = [item for item in items if isinstance(item, _Mention)]
    if kinds == "LF" * len(labels) or (kinds == "FL" * len(labels) and not _announces(items, sentence)):
        step = 1 if kinds.startswith("L") else -1
        return [(item, partner.label, True) for i, item in enumerate(items)
                if isinstance(item, Value) and isinstance(partner := items[i - step], _Mention)]
    if kinds == "L" * len(labels) + "F" * len(labels):
        return [(value, mention.label, True) for value, mention in zip(figures, labels)]
    if kinds == "LFFL":
        # "Efter spil: 1.454 m mod 943 m efter flyslæb": two figures of one column set against each other between
        # their two labels, each beside its own, in any language's words ("Paris: 1,500 visits and 900 bookings,
        # above Lyon" are two columns of one row: no pair)
        first, second = sorted(figures, key=lambda v: v.start)
        if _one_column(first, second, (labels[0].label, labels[1].label), found):
            return [(first, labels[0].label, True), (second, labels[1].label, True)]
    return [(value, m.label, False) for value in figures
            if (m := _nearest(every, value.start, value.start + len(value.text))) is not None]


_ANNOUNCING = re.compile(r"\s*[:–—-]\s*")


def _announces(items: list[_Mention | Value], sentence: str) -> bool:
    """Whether a label that starts a clause is joined by a colon or a dash to the figure after it ("4 502,1
    žiūrovo, išvykoje – 2 808,5"): that figure is the label's, and the one before the comma another's, so the
    figures are not each before their label. Without the comma ("9 wins Arsenal – 12 wins Chelsea") a dash is
    only what separates the pairs."""
    return any(isinstance(before, Value) and isinstance(item, _Mention) and isinstance(after, Value)
               and re.search(r"[,;]", sentence[before.start + len(before.text):item.start]) is not None
               and _ANNOUNCING.fullmatch(sentence[item.end:after.start]) is not None
               for before, item, after in zip(items, items[1:], items[2:], strict=False))


def _one_column(first: Value, second: Value, labels: tuple[str, str], found: list[Table]) -> bool:
    """Whether the two figures are cells of one column in the rows of the two labels, of a table holding both."""
    for table in found:
        rows = {id(row) for label in labels for row in table.rows_of(label)}
        if len({label for label in labels if table.rows_of(label)}) < 2:
            continue
        columns = [{column for row, column in _cells_of(value, table) if id(row) in rows} for value in (first, second)]
        if columns[0] & columns[1]:
            return True
    return False


def _in_a_cell(tables: list[Table], value: Value) -> bool:
    return any(_cells_of(value, table) for table in tables)


def spaced_wholes(written: list[Value], text: str, held: Callable[[Value], bool]) -> list[Value]:
    """The figures of a text, a figure grouped by spaces read whole where the evidence holds it whole (``held``):
    the reader keeps "3 500 ml" as 3 and 500 ml."""
    for parts, whole in reversed(spaced_groups(written, text)):
        if held(whole):
            written = [v for i, v in enumerate(written) if i not in parts[1:]]
            written[parts[0]] = whole
    return written


def _pair_claim(label: str, value: Value, clause: str, found: list[Table], shown: Shown) -> Claim | None:
    holding = [table for table in found if table.rows_of(label)]
    if not holding:
        return None
    # "41.13 €/arroba", "12 km per hour": the word a rate is per, after its figure or unit, is its denominator, not
    # the column it measures
    words = _measure_words(_DENOMINATOR.sub(r"\1", clause)) - set(label.split())
    if value.unit is not None:  # "2,910 kg" names the column ``중량_kg``, not ``상자`` (boxes) beside it
        words |= set(re.findall(r"[^\W\d_]+", value.text.lower()))
    own: list[tuple[Table, str]] = [(table, column) for table in holding for row, column in _cells_of(value, table)
                                    if id(row) in {id(r) for r in table.rows_of(label)}]
    if own:
        for table in holding:
            columns, named = _columns_for(table, words)
            in_named = [column for t, column in own if t is table and column in columns]
            if named and not in_named and any(t is table for t, _ in own):
                other = next(column for t, column in own if t is table)
                printed = table.label_of(label)
                return Claim(prompts.other_column(value.text, printed, other, columns[0], table.where.describe()),
                             {"label": printed, "figure": value.text, "column": other, "named": columns[0]})
        return None
    noun = _COUNTED.match(clause, clause.find(value.text) + len(value.text))
    counted = _one_digit(value) and noun is not None and noun.group(1).lower() not in _STOP | _POSSESSIVES
    for table in holding:
        own_rows = {id(r) for r in table.rows_of(label)}
        columns, named = _columns_for(table, words)
        # a one-digit count of a noun that names none of the table's columns ("in 7 home games" beside a roster)
        # counts something else: that another row holds a 7 in some column is chance, not a contradiction
        others = [row for row, column in _cells_of(value, table) if id(row) not in own_rows
                  and ((named and column in columns) or not counted)]
        # a row whose cells are all text (a receipt's code, a name) shows no figure for the label, so none against it
        figured = any(row.figure(column) is not None for row in table.rows_of(label) for column in row.cells)
        if others and figured and not _in_one_record(label, value, found, shown):
            whose = others[0].labels[0] if others[0].labels else "another row"
            mine = "; ".join(f"{c}: {cell}" for row in table.rows_of(label) for c, cell in row.cells.items())[:200]
            printed = table.label_of(label)
            return Claim(prompts.other_row(value.text, printed, whose, table.where.describe(), mine),
                         {"label": printed, "figure": value.text, "row_of": whose, "own": mine})
    return None


_COUNTED = re.compile(r"\s+([^\W\d_]{3,})")  # the noun a figure counts, written right after it ("7 home games")
_POSSESSIVES = frozenset({"his", "her", "their", "our", "my", "your"})


def _one_digit(value: Value) -> bool:
    """A count of one digit as written: "7", not "-7", "7.0" nor a clock's seconds."""
    return re.fullmatch(r"[1-9]", value.text) is not None


def _printed_elsewhere(label: str, value: Value, stated: list[Value], evidence: Evidence) -> Claim | None:
    """A figure stated for a label whose row shows another figure in a one-figure table, printed by code that never
    named the label (``print(y24.revenue.sum())``: the total of all rows, stated as Online's), when the answer does
    not state the label's own figure beside it."""
    # a label that names one row: a category repeated down a look at the records ("acacia browse" on every row of
    # ``feeds.head(3)``) has no figure of its own there
    # a mass, a duration or an amount is no figure of a count of rows ("26.3 kg ... the failed prints")
    counted = value.unit is not None or bool(value.currency)
    own = [(table, rows[0]) for table in evidence.tables if len(table.numeric_columns()) == 1
           and len(rows := table.rows_of(label)) == 1
           and not (counted and label_key(table.numeric_columns()[0]) in _COUNTS)]
    if not own or any(_in_rows(value, label, evidence.tables) for _ in own[:1]):
        return None
    if any(matches(other, figure) for table, row in own if (figure := row.figure(table.numeric_columns()[0]))
           is not None for other in stated if other is not value):
        return None  # the label's own figure is stated too: this one is context ("334 of the 1,100 loans")
    printed = [m for m in evidence.shown.matches(value) if m.figure is not None and m.line.where.place == "output"]
    pattern = re.compile(r"[\s_\-]+".join(re.escape(w) for w in label.split()), re.IGNORECASE)
    # a zero is what a search that found nothing prints: whether it is right is ``nothing-found``'s to check
    if not printed or any(pattern.search(m.line.code) or pattern.search(m.line.text) for m in printed) or \
            _in_one_record(label, value, evidence.tables, evidence.shown) or value.first == 0:
        return None
    table, row = own[0]
    column = table.numeric_columns()[0]
    at = printed[0].line
    own_figure = f"{column}: {row.cells[column]}"
    return Claim(prompts.other_row(value.text, label, "no row", table.where.describe(), own_figure),
                 {"label": label, "figure": value.text, "own": row.cells[column],
                  "printed_at": at.where.describe(at.number)})


def _in_printed_magnitude(value: Value, found: list[Table]) -> Value:
    """A figure written with a magnitude word ("Rp 644,9 juta") as a table printed it, in that magnitude, when the
    table's code divided by it (``omzet.sum() / 1e6`` printed 644.9): so the figure is read in its row."""
    magnitudes = [r for r in value.readings if r.how == "magnitude"] if value.kind == "number" else []
    for table in found if magnitudes else ():
        for factor, _ in code_divisors(table.code):
            if factor <= 1:
                continue
            scaled = dataclasses.replace(value, readings=tuple(Reading(r.value / factor, r.tolerance / factor)
                                                               for r in magnitudes))
            if _cells_of(scaled, table):
                return scaled
    return value


def _cells_of(value: Value, table: Table) -> list[tuple[Row, str]]:
    """The cells of ``table`` that print ``value`` (any reading, to its precision, as a number or a percent)."""
    found: dict[tuple[int, str], tuple[Row, str]] = {}
    for reading in value.readings:
        for scale in (Decimal(1), Decimal(100)):
            for row, column in table.cells_near(abs(reading.value) / scale, reading.tolerance / scale):
                found.setdefault((id(row), column), (row, column))
    return list(found.values())


def _is(value: Value, cell: str) -> bool:
    number = figure_value(cell)
    return number is not None and matches(value, number)


# -- a date named as the latest or the earliest ---------------------------------------------------------------------
MAX_DATE_ROWS = 1_000_000  # rows of a column parsed to check a claimed latest or earliest date


def wrong_date_extreme(text: str, frames: Iterable[Any]) -> Claim | None:
    """A date the answer calls the latest (most recent, newest...) or the earliest that is not that end of the data
    column holding it, read as dates: the ``max()`` of ``29/03/2024``-style strings is the largest text, not date.

    pandas is imported only once there is a frame to read (a frame means it is loaded already): a run over text
    must not pay pandas' import, some 30 MB, for a check that has no table to check against."""
    frames = list(frames)
    dates = [v for v in values(text) if v.kind == "date" and date_of(v.key) is not None]
    claimed = forms.superlatives(text)
    if not frames or not dates or not claimed:
        return None
    import pandas as pd

    for value in dates:
        # the superlative of the date's own sentence ("… 05/06/2024: 415. The largest was L24-044" names none)
        start, end = _sentence_of(text, value.start)
        own = [c for c in claimed if start <= c.start < end]
        # one superlative over several days of the sentence, each in brackets of its own, claims no day the
        # extreme: the days are details of the items it ranks ("two refunds tie for the largest: EXP-00706
        # (refunded on 23/02/2024) and EXP-01002 (refunded on 14/03/2024)")
        days = [v for v in dates if start <= v.start < end]
        if not own or (len(own) < len({v.key for v in days})
                       and all(_bracket_around(text, v.start) is not None for v in days)):
            continue
        superlative = min(own, key=lambda c: abs(c.start - value.start))
        day = date_of(value.key)
        assert day is not None
        for frame in frames:
            for column in frame.columns[:40]:
                parsed = _as_dates(pd, frame[column].head(MAX_DATE_ROWS))
                if parsed is None or not (parsed.dt.date == day).any():
                    continue
                ends = {"high": parsed.max().date(), "low": parsed.min().date()}
                wanted = [ends[superlative.direction]] if superlative.direction in ends else list(ends.values())
                if day not in wanted and not _day_of_an_extreme(frame, parsed, day, superlative.direction):
                    return Claim(prompts.date_not_the_end(value.text, superlative.word, str(column),
                                                          ", ".join(str(d) for d in wanted)),
                                 {"date": value.text, "column": str(column), "ends": [str(d) for d in wanted]})
    return None


def _sentence_of(text: str, position: int) -> tuple[int, int]:
    """Where the sentence around ``position`` starts and ends (``_SENTENCE``: not after an abbreviation's dot,
    "no. 3"); a line break after a colon ends none ("Latest harvest:\n05/06/2024")."""
    start, end = 0, len(text)
    for split in _SENTENCE.finditer(text):
        if split.group(0) == "\n" and text[:split.start()].rstrip().endswith(":"):
            continue
        if split.end() <= position:
            start = split.end()
        elif split.start() >= position:
            end = split.start()
            break
    return start, end


def _day_of_an_extreme(frame: Any, parsed: Any, day: Any, direction: str | None) -> bool:
    """Whether ``day`` is the date of a row holding an extreme of one of the frame's numeric columns in the
    superlative's direction: "the lowest level (on 27.04.2024)" names the day of the lowest level, not the lowest
    date. The data decides which reading the words meant, so neither is refused when one holds."""
    on_day = parsed.index[parsed.dt.date == day]
    for column in frame.columns[:40]:
        numbers = frame[column]
        if not hasattr(numbers, "dtype") or numbers.dtype.kind not in "iuf":  # a repeated label gives a frame
            continue
        ends = [numbers.max(), numbers.min()] if direction not in ("high", "low") else [
            numbers.max() if direction == "high" else numbers.min()]
        if any((numbers.loc[on_day] == end).any() for end in ends):
            return True
    return False


def _as_dates(pd: Any, column: Any) -> Any:
    """A column as dates: datetimes as they are, text read day first when a first field exceeds 12; else None."""
    if str(column.dtype).startswith("datetime"):
        return column.dropna()
    if column.dtype.kind not in "OUS" and str(column.dtype) not in ("str", "string"):
        return None
    text = column.dropna().astype(str)
    if text.empty or not text.str.match(r"\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}").all():
        return None
    day_first = bool(text.str.match(r"(?:1[3-9]|2\d|3[01])[-/.]").any())
    parsed = pd.to_datetime(text, errors="coerce", dayfirst=day_first, format="mixed")
    return parsed.dropna() if parsed.notna().mean() > 0.9 else None


# -- which way a figure went -------------------------------------------------------------------------------------
def wrong_direction(text: str, evidence: Evidence) -> Claim | None:
    """A figure the answer calls a rise that every output printed negative, or writes negative that every output
    printed positive."""
    for value in values(text):
        if value.kind != "number" or not value.readings:
            continue
        printed = _nearest_printed(value, evidence)
        if not printed:
            continue
        said = forms.change_direction(forms.clause_around(text, value.start))
        if value.sign > 0:
            said = "up"
        if said == "up" and value.sign >= 0 and all(p < 0 for p in printed):
            return Claim(prompts.wrong_direction(value.text, _signed(printed[0]), "a rise"),
                         {"figure": value.text, "printed": _signed(printed[0])})
        if value.sign < 0 and all(p > 0 for p in printed):
            return Claim(prompts.wrong_direction(value.text, _signed(printed[0]), "negative"),
                         {"figure": value.text, "printed": _signed(printed[0])})
    return _from_to(text) or _between_labels(text, evidence)


def _nearest_printed(value: Value, evidence: Evidence) -> list[Decimal]:
    """The printed figures closest to a value the answer writes: "about 60%" is the -59.6 printed with it, not a
    56.5 of another column that its hedge also reaches."""
    printed = [m.figure.value for m in evidence.shown.matches(value)
               if m.figure is not None and m.line.where.place == "output"]
    if not printed:
        return []
    target = abs(value.readings[0].value)
    best = min(abs(abs(p) - target) for p in printed)
    return [p for p in printed if abs(abs(p) - target) == best]


_FROM_TO = re.compile(r"\bfrom\s+(?P<a>\S+(?:\s\S+)?)\s+(?:to|into)\s+(?P<b>\S+(?:\s\S+)?)|"
                      r"(?P<c>\S+)\s*(?:→|->)\s*(?P<d>\S+)", re.IGNORECASE)


def _stated_changes(text: str) -> set[str]:
    """The directions of the changes the answer states with their two figures ("from 7,841 to 8,391": up)."""
    found = set()
    for sentence in sentences(text):
        for match in _FROM_TO_WORDS.finditer(sentence):
            ends = [values(match.group(n)) for n in ("a", "b")]
            if all(e and e[0].kind == "number" and e[0].readings and not is_year(e[0]) for e in ends):
                start, end = ends[0][0].first, ends[1][0].first
                found |= {"up"} if end > start else {"down"} if end < start else set()
    return found


# "from 7,841 visits in February to 8,391 in March": each end a figure, and a few words of what it counts
_FROM_TO_WORDS = re.compile(r"\bfrom\s+(?P<a>[^\s;:]+(?:\s[^\s,;:\d]+){0,4})\s+(?:to|into)\s+(?P<b>\S+)",
                            re.IGNORECASE)


def _from_to(text: str) -> Claim | None:
    """A change stated with its two ends ("fell from 12.1 to 15.3"): the words must go the way the figures do."""
    for sentence in sentences(text):
        for match in _FROM_TO.finditer(sentence):
            ends = [values(match.group(n) or "") for n in ("a", "b")] if match.group("a") else \
                [values(match.group(n) or "") for n in ("c", "d")]
            if not all(e and e[0].kind == "number" and e[0].readings for e in ends):
                continue
            start, end = ends[0][0].first, ends[1][0].first
            # a pair in brackets goes with the words in them: "Frøya Vest (489 → 1,743 t) dipped in week 27, from
            # 1,159 to 1,137 t" says the dip of the pair after it
            bracket = _bracket_around(sentence, match.end() - 1)
            said = forms.change_direction(sentence[match.end():bracket[1]] if bracket is not None
                                          else forms.clause_around(sentence, match.start()))
            if (said == "up" and end < start) or (said == "down" and end > start):
                return Claim(prompts.wrong_direction(f"{ends[0][0].text} → {ends[1][0].text}",
                                                     "a fall" if end < start else "a rise",
                                                     "a rise" if said == "up" else "a fall"),
                             {"from": ends[0][0].text, "to": ends[1][0].text, "said": said})
    return None


def _between_labels(text: str, evidence: Evidence) -> Claim | None:
    """A change stated between two rows of a printed table ("rose by 109.4 hours from July to October", or between
    two years, "fell in 2024 against 2023"): the words must go the way the table's figures go from the first row
    named (the earlier year) to the second, in the column the words name (or the table's one numeric column)."""
    found = evidence.tables
    labels = table_labels(found)
    for sentence in sentences(text):
        named = mentions(sentence, labels)
        match = re.search(r"\bfrom\b(?P<a>.*?)\b(?:to|until|through)\b(?P<b>.*)", sentence, re.IGNORECASE)
        if match is not None:
            # the direction words of the change's own clause: "lifts May ...; output falls back from August" says
            # nothing of "from January to April" before it
            said = forms.change_direction(forms.clause_around(sentence, match.start()))
            first = next((m for m in named if match.start("a") <= m.start < match.end("a")), None)
            second = next((m for m in named if match.start("b") <= m.start < match.end("b")), None)
        else:  # two years compared ("caiu em 2024 em relação a 2023"): from the earlier to the later
            said = forms.change_direction(sentence)
            years = [m for m in named if _A_YEAR.fullmatch(m.label)]
            # the later-named year is the base of the change, right after a comparison word ("against 2023")
            compared = len(years) == 2 and years[0].label != years[1].label and _BASE_YEAR.search(
                sentence[:years[1].start]) is not None
            first, second = sorted(years, key=lambda m: m.label) if compared else (None, None)
        if said is None or first is None or second is None or first.label == second.label:
            continue
        for table in found:
            a, b = table.rows_of(first.label), table.rows_of(second.label)
            columns, named_column = _columns_for(table, _measure_words(sentence))
            if len(a) != 1 or len(b) != 1 or (not named_column and len(columns) != 1):
                continue
            start, end = a[0].figure(columns[0]), b[0].figure(columns[0])
            if start is None or end is None or start == end:
                continue
            if (said == "up") != (end > start):
                return Claim(prompts.wrong_direction(f"{table.label_of(first.label)} → {table.label_of(second.label)}",
                                                     "a rise" if end > start else "a fall",
                                                     "a rise" if said == "up" else "a fall"),
                             {"from": str(start), "to": str(end), "said": said})
    return None


# -- the unit of a figure -------------------------------------------------------------------------------------------
def _speed_steps() -> str:
    """The factors between two speeds of ``localedata.SPEED`` as code writes them, their first two decimals and any
    digits after (3.6 between m/s and km/h, 1.852 and 0.5144 between knots and km/h or m/s, 1.609 for miles)."""
    ratios = [a / b for a in localedata.SPEED.values() for b in localedata.SPEED.values() if a != b]
    # to two decimals, cut (0.2777 written 0.2778) and rounded (0.53996 written 0.54)
    factors = {f"{step:.2f}" for ratio in ratios for step in (int(ratio * 100) / 100, round(ratio, 2))}
    # "3.60" is written 3.6 too; "1.60" (1.609344) is not 1.65
    return "|".join(sorted(re.escape(f[:-1]) + r"(?:0\d*)?" if f.endswith("0") else re.escape(f) + r"\d*"
                           for f in factors))


# A block that converts units: a division or product by a unit step (1000, 60, 3600, 86400, 1024, 1e6) or a
# speed's (``_speed_steps``)
_CONVERTS = re.compile(r"(?:[/*]|\.(?:div|truediv|mul|multiply)\()\s*\(?\s*"
                       r"(?:1_?000(?:_?000)?|1e[369]|\d+(?:\.\d+)?e\d+|1024(?:\s*\*\*\s*[23])?|60|3600|86_?400|"
                       + _speed_steps() + r")\b")


def wrong_unit(text: str, evidence: Evidence) -> Claim | None:
    """A measure (a duration, a data size, a mass, a speed...) the answer states in one unit whose figure was printed
    in another ("53.0 minutes" for a mean of ``wait_s`` printed as 52.99): the unit next to the printed figure, its
    column's name, or the snake_case names of the block's code (``latency_ms``, ``size_bytes``) say which unit it
    was printed in (code writes them in ASCII: ``phut`` is minutes). Beside an answer's speed, the names of the
    column that printed the figure say it too in the names code gives speeds (``gust_kt``, ``wind_ms``), and only
    those: a ``lap_ms`` the code filtered on says nothing of the ``speed`` it printed."""
    known = localedata.code_unit_words()
    # "32 765 т" of a printed 32765
    for value in spaced_wholes(values(text), text, lambda whole: evidence.shown.find(whole) is not None):
        if value.kind != "number" or value.unit is None:
            continue
        own = localedata.code_unit_words(value.unit.dimension)  # the words the printing column's name is read in
        printed = [(m.line, m.figure) for m in evidence.shown.matches(value)
                   if m.figure is not None and m.line.where.place == "output"]
        everywhere = printed
        # "(wb.groupby('fraktion').kg.sum() / 1000)": the code converted, its names say the old unit; a figure
        # printed also by code that did not is read there
        if any(_CONVERTS.search(line.code) for line, _ in printed):
            printed = [(line, figure) for line, figure in printed if not _CONVERTS.search(line.code)]
            if not printed:
                continue
        money = _money_column(value, [line for line, _ in printed], evidence.tables, known)
        if printed and money is not None:
            return Claim(prompts.wrong_unit(value.text, printed[0][1].text, money),
                         {"figure": value.text, "printed_in": money})
        fields = {id(line) for record in evidence.records for line in record.lines}
        codes = tuple(dict.fromkeys(line.code for line in evidence.shown.lines if line.code))
        units = {u for line, figure in printed for u in _printed_units(line.text, figure.start + len(figure.text),
                                                                        line.code, known, own,
                                                                        codes if id(line) in fields else None)
                 | _column_units(value, line, evidence.tables, own, whole=True)
                 if u.dimension == value.unit.dimension}
        # "2 days" from printed seconds: a conversion
        if printed and units and value.unit not in units and len({u.factor for u in units}) == 1 and \
                converted(_as_its_text_writes(value, text), evidence.shown, evidence.is_data) is None:
            name = _unit_name(next(iter(units)), own)
            return Claim(prompts.wrong_unit(value.text, printed[0][1].text, name),
                         {"figure": value.text, "printed_in": name})
        # "3,630 tonnes" for the 3630 of a ``km`` column: every line that printed the figure says it is of another
        # dimension (the unit beside it, its field's or its column's name), so it was read off another measure; a
        # line whose code converted says nothing of it ("13.7 km/h" of ``distance_km / (duration_min / 60)``, the
        # same 13.7 also a trip's minutes in a table)
        other = [{u for u in _column_units(value, line, evidence.tables, own, whole=True)}
                 | ({u} if (u := _beside_unit(line.text, figure.start + len(figure.text), own)) else set())
                 for line, figure in everywhere]
        if printed and all(other) and not any(u.dimension == value.unit.dimension for units in other for u in units):
            name = _unit_name(next(iter(other[0])), own)
            return Claim(prompts.wrong_unit(value.text, printed[0][1].text, name),
                         {"figure": value.text, "printed_in": name})
    return None


def _as_its_text_writes(value: Value, text: str) -> Value:
    """``value`` read as the answer's own writing of figures allows: "2,940" is 2,940, not 2.940 (a decimal comma),
    in an answer that writes its decimals with a point ("12.5%", "1,234,567") or in a script whose languages all do
    (Chinese, Japanese, Korean, Thai, Hebrew, Hindi: CLDR's decimal symbol there is "."), unless another figure of
    it writes a decimal comma or groups thousands with dots or spaces ("12,5 %", "32.765 kg"). A conversion found
    only through the decimal comma ("2,940 t" as 2.94 t of a printed 2940 kg) is then no conversion: the digits
    as printed, with another unit, are a misread unit."""
    if not _THOUSANDS_COMMA.fullmatch(re.sub(r"[^\d,.]", "", value.text)) or _COMMA_STYLE.search(text) \
            or not (_POINT_STYLE.search(text) or _POINT_SCRIPT.search(text)):
        return value
    grouped = Decimal(re.sub(r"\D", "", value.text))
    kept = tuple(r for r in value.readings if r.how == "percent" or r.value % 1 == 0 or abs(r.value) > grouped)
    return dataclasses.replace(value, readings=kept) if kept else value


_THOUSANDS_COMMA = re.compile(r"\d{1,3}(?:,\d{3})+")
_COMMA_STYLE = re.compile(r"(?<![\d,.])\d+,\d{1,2}(?![\d,.])"
                          r"|\d[.\u00a0\u202f ]\d{3}(?:[.\u00a0\u202f ]\d{3})*(?:,\d|(?![\d]))")
_POINT_STYLE = re.compile(r"(?<![\d,.])\d+\.\d{1,2}(?![\d,.])|\d,\d{3},\d{3}|\d,\d{3}\.\d")
# the letters of the scripts whose languages write a decimal point (kana, Han, Hangul, Thai, Hebrew, Devanagari)
_POINT_SCRIPT = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0e00-\u0e7f\u0590-\u05ff\u0900-\u097f]")


def wrong_currency(text: str, evidence: Evidence) -> Claim | None:
    """An amount the answer states in one currency whose printed figure is in another: the code's column names
    (``amount_eur``) or the printed line say which (one of them, not several); or in no currency at all, a
    measure's column (``net_kg``)."""
    known = localedata.unit_words()
    for value in values(text):
        if value.kind != "number" or not value.currency:
            continue
        printed = [m for m in evidence.shown.matches(value) if m.figure is not None and m.line.where.place == "output"]
        found: set[str] = set()
        for match in printed:
            found |= _currencies_of(value, match.line, evidence.tables)
        stated = DOLLARS if value.currency == "$" else {value.currency}
        if printed and len(found) == 1 and not found & stated:
            other = next(iter(found))
            return Claim(prompts.wrong_unit(value.text, printed[0].figure.text if printed[0].figure else "", other),
                         {"figure": value.text, "printed_in": other})
        # an amount whose every printing is in a column of a measure, not of money ("₹1,65,450" of ``net_kg``)
        measures = [_column_units(value, m.line, evidence.tables, known) for m in printed]
        if printed and all(measures) and not found:
            other = _unit_name(next(iter(measures[0])), known)
            return Claim(prompts.wrong_unit(value.text, printed[0].figure.text if printed[0].figure else "", other),
                         {"figure": value.text, "printed_in": other})
        beside = _beside_money(value, [m.line for m in printed], evidence.tables)
        if beside is not None:
            return beside
    return None


def _beside_money(value: Value, lines: list[Line], found: list[Table]) -> Claim | None:
    """An amount every printing of which is a cell of a column that names no money, in a row whose table has a column
    that does: ฿6,041 of ``sold`` beside ``takings_baht``, the right row's other column."""
    cells = [(table, row, column) for table in found for row, column in _cells_of(value, table)
             if any(row.line is line for line in lines)]
    if not cells or any(_names_money(column) or _MONEY_STEM.search(column) for _, _, column in cells):
        return None  # a price or a revenue column names money without its currency
    table, row, column = cells[0]
    # a rate's column (``eur_per_visitor``) names the money of a price, not of an amount: takings beside it are money
    money = [other for other in table.columns if other != column and _names_money(other) and not _names_rate(other)]
    if not money or not row.labels or _names_money(" ".join(row.labels)):
        return None  # a row labelled by its currency (``CHF``) holds amounts in it, whatever the column's name
    return Claim(prompts.other_column(value.text, row.labels[0], column, money[0], table.where.describe()),
                 {"label": row.labels[0], "figure": value.text, "column": column, "named": money[0]})


_MONEY_STEM = re.compile(r"pric|cost|revenu|amount|fee|sale|taking|income|spend|pay|wage|salar|budget|fare|rent|"
                         r"total|value|prix|preis|precio|preço|prezzo|kosten|umsatz|betrag|montant", re.IGNORECASE)


def _names_rate(name: str) -> bool:
    """A column name that says a rate: a word of ``_PER`` between its words, a slash (``eur_per_kg``, ``€/h``), or
    a currency followed by what it is paid for (``preco_eur_arroba``; ``amount_eur`` ends with its currency)."""
    parts = [part.lower() for part in re.split(r"[_\s]+", name) if part]
    money = {part.lower() for part in CURRENCIES} | localedata.currency_words(CURRENCIES)
    return "/" in name or bool(set(parts[1:-1]) & _PER) or any(part in money for part in parts[1:-1])


def _names_money(name: str) -> bool:
    """A column name that says money: a currency's code or word in it (``amount_eur``, ``takings_baht``)."""
    words = {part.lower() for part in re.split(r"[_\s]+", name) if part}
    return bool(_currencies_named(name) or words & localedata.currency_words(CURRENCIES))


def _currencies_of(value: Value, line: Line, found: list[Table]) -> set[str]:
    """The currency a printed figure is in: its table column's name (``eur``), else, in a table that names another
    column's currency, or whose every row is labelled by one (a sum grouped by ``currency``) while the code names
    none, its row's currency code; else the currencies the code's column names say (``amount_eur``)."""
    named = _currencies_named
    in_code = {part.upper() for name in _column_names(line.code) for part in name.split("_")} & set(CURRENCIES)
    for table in found:
        cells = [(row, column) for row, column in _cells_of(value, table) if row.line is line]
        for row, column in cells:
            if named(column):
                return named(column)
            # rows labelled by currency hold their own currency's figures, unless the code names the one it summed
            by_currency = not in_code and len(table.rows) >= 2 and all(named(" ".join(r.labels)) for r in table.rows)
            if by_currency or any(named(other) for other in table.columns):
                return {label.upper() for label in row.labels if label.upper() in CURRENCIES}
    return in_code


def _money_column(value: Value, lines: list[Line], found: list[Table], known: dict[str, localedata.Unit]) -> str | None:
    """The currency of the only table column that prints ``value`` on its lines, when that column's name says it
    holds money and no unit ("farm 28009.1 43820.5" under ``weight_lb value_cad``: 43,820.5 is CAD, not lb)."""
    columns = {column for table in found for row, column in _cells_of(value, table)
               if any(row.line is line for line in lines)}
    if len(columns) != 1:
        return None
    column = next(iter(columns))
    currencies = _currencies_named(column)
    if len(currencies) != 1 or any(p.lower() in known for p in re.split(r"[_\s]+", column) if len(p) > 1):
        return None
    return next(iter(currencies))


def _currencies_named(text: str) -> set[str]:
    """The currency codes the words of a name or a label write (``value_cad``, ``amount EUR``)."""
    return {part.upper() for part in re.split(r"[_\s]+", text) if part.upper() in CURRENCIES}


def _printed_units(line: str, after: int, code: str, known: dict[str, localedata.Unit],
                   own: dict[str, localedata.Unit], codes: tuple[str, ...] | None = None) -> set[localedata.Unit]:
    """The units the printing says a figure is in: a unit word right after it, the field's name of a record's line
    (``khz      14024`` of ``print(qso.iloc[0])``), else the code's snake_case names, and the names of the columns
    its printed expressions end on read in ``own`` (a speed's ``gust_kt`` of ``print(obs.gust_kt.max())``).

    ``codes``: every block's code, for a line of a printed record (``hgt      10252.0`` of ``print(w)``, a series of
    one row's fields): its field's name says the unit (``t_s`` seconds), else what the code assigned to that field
    (``df['duration'] = df.end_s - df.start_s``: seconds; ``'hgt': float(h)``: none); the block's other names
    (``t_s``) are other fields'. A field the code never assigned is read as any other line."""
    beside = _beside_unit(line, after, own)
    if beside is not None:
        return {beside}
    if codes is not None and (field := _FIELD_VALUE.match(line)) is not None:
        name = field.group(1)
        named = {unit for part in name.lower().split("_")[1:] if (unit := known.get(part)) is not None}
        assigned = [m.group(1) for text in codes for m in re.finditer(
            rf"(?:\[\s*['\"]{re.escape(name)}['\"]\s*\]\s*=(?!=)|['\"]{re.escape(name)}['\"]\s*:|\b{re.escape(name)}\s*=(?!=))"
            r"\s*(.+?)(?=,\s*['\"]\w+['\"]\s*:|,\s*\w+\s*=(?!=)|$)", text, re.MULTILINE)]
        if named or assigned:
            return named or {unit for rhs in assigned for unit in _code_units(rhs, known, own)}
    return _code_units(code, known, own)


def _code_units(code: str, known: dict[str, localedata.Unit],
                own: dict[str, localedata.Unit]) -> set[localedata.Unit]:
    """The units the code's names say: its snake_case names' words, and the columns its printed expressions end on
    read in ``own``."""
    printing = {unit for name in _printed_columns(code) if (unit := _name_unit(name, own)) is not None}
    parts = {part for name in _column_names(code) for part in name.lower().split("_") if part}
    snake = {part for name in _column_names(code) if "_" in name for part in name.lower().split("_")[1:]}
    found = {known[p] for p in parts if p in known and len(p) <= 7 and (len(p) > 1 or "_" in code)}
    found |= {unit for name in _column_names(code) if (unit := _named_unit(name.lower().split("_"), known))}
    # a snake_case name's "us" is microseconds (latency_us), as its "ms" is milliseconds
    return found | printing | ({known["µs"]} if "us" in snake else set())


@functools.lru_cache(maxsize=256)
def _printed_columns(code: str) -> frozenset[str]:
    """The columns the block's printed expressions end on, through the methods, functions and formatting that reduce
    or show them: ``gust_kt`` of ``print(obs.gust_kt.max())``, ``speed`` of ``print(t.loc[i, 'speed'])``."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return frozenset()
    printed = [arg for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
               and node.func.id == "print" for arg in node.args]
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        printed.append(tree.body[-1].value)
    return frozenset(name for expr in printed if (name := _column_ended_on(expr)))


def _column_ended_on(expr: ast.expr) -> str:
    while True:
        if isinstance(expr, ast.JoinedStr):
            inner = [v.value for v in expr.values if isinstance(v, ast.FormattedValue)]
            if len(inner) != 1:
                return ""
            expr = inner[0]
        elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            expr = expr.func.value  # .max(), .round(1), .idxmax()
        elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.args:
            expr = expr.args[0]  # round(x, 1), float(x)
        elif isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Tuple) and expr.slice.elts:
            key = expr.slice.elts[-1]  # t.loc[i, 'speed']
            return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else ""
        else:
            return column_of(expr) or ""


def _beside_unit(line: str, after: int, known: dict[str, localedata.Unit]) -> localedata.Unit | None:
    """The unit a printed line writes beside a figure that ends at ``after``: a unit word right after it, or the
    field's name of a record's line (``khz      14024``)."""
    # a rate's unit whole ("159 km/h"), else the word after the figure
    for word in (re.match(r"\s?([^\W\d]+/[^\W\d]+\.?)", line[after:]), re.match(r"\s?([^\W\d]+)", line[after:])):
        if word is not None and (word.group(1) in known or word.group(1).lower() in known):
            return known.get(word.group(1)) or known[word.group(1).lower()]
    label = _UNIT_LABEL.search(line[:after])  # "kWh: 2331.3"; not "min: 1.2", a statistic's name
    if label is not None:
        return _name_unit(label.group(1), known)
    field = _FIELD_VALUE.match(line) if not line[after:].strip() else None
    return _name_unit(field.group(1), known) if field is not None else None


def _name_unit(name: str, known: dict[str, localedata.Unit]) -> localedata.Unit | None:
    """The unit a field's or a column's name says: its last word (``cu_ly_km``), or the name itself when that is
    a unit word of two letters or more that names no statistic (``km``, ``khz``; not ``min``)."""
    parts = [p for p in re.split(r"[_\s]+", name.lower()) if p]
    if len(parts) > 1:
        return _named_unit(parts, known)
    return known.get(parts[0]) if parts and len(parts[0]) > 1 and parts[0] not in _REDUCTIONS else None


_UNIT_LABEL = re.compile(r"(?:^|\s)([^\W\d]+):\s*[-+]?[\d.,]+$")  # "kWh: 2331.3": a unit named before its figure
_PER = frozenset({"per", "pro", "par", "je", "por"})  # a rate's word before its unit: price_per_kg
# the word a rate is per, written after its figure or unit: "41.13 €/arroba", "12 km per hour"
_DENOMINATOR = re.compile(rf"([\d%€$£¥](?:\s*[^\W\d_]{{1,6}})?)\s*(?:/|\s(?:{'|'.join(sorted(_PER))})\s)\s*[^\W\d_]+",
                          re.IGNORECASE)
_FIELD_VALUE = re.compile(r"\s*([^\W\d]\w*)\s{2,}\S+\s*$")  # a record's line: a field's name, then its value


def _column_units(value: Value, line: Line, found: list[Table], known: dict[str, localedata.Unit],
                  whole: bool = False) -> set[localedata.Unit]:
    """The units the name of a table column says its figures are in, by its last word (``Produktion_MWh``,
    ``wait_min``), for the cells of ``line`` that print ``value``; not a rate's (``price_per_kg``, ``won_kg``: money
    per kilo) nor a word before the measure (``min_price``). ``whole``: a name that is one unit word (``km``) too."""
    units: set[localedata.Unit] = set()
    for table in found:
        for row, column in _cells_of(value, table):
            parts = [p for p in re.split(r"[_\s]+", column.lower()) if p]
            unit = _named_unit(parts, known) if not whole else _name_unit(column, known)
            if row.line is line and unit is not None and not (len(parts) > 1 and parts[-2] in _PER) \
                    and not set(parts[:-1]) & localedata.currency_words(CURRENCIES):
                units.add(unit)
    return units


def _named_unit(parts: list[str], known: dict[str, localedata.Unit]) -> localedata.Unit | None:
    """The unit a name's last word says (``m3`` written for m³), times a magnitude word before it: ``газ_тыс_м3``
    is in thousands of m³, ``volume_k_m3`` too. None for a name of one word, or a last word of one letter."""
    last = re.sub(r"(?<=[^\W\d_])([23])$", lambda m: "²³"[int(m.group(1)) - 2], parts[-1]) if parts else ""
    rate = "".join(parts[-2:])  # a speed's "/" written as "_" (``tuul_m_s``, ``speed_km_h``)
    if len(parts) > 2 and rate in known and known[rate].dimension == "speed":
        return known[rate]
    if len(parts) < 2 or last not in known or len(last) <= 1:
        return None
    scales = localedata.scale_words()
    power = max(scales.get(parts[-2], scales.get(parts[-2] + ".", (0,))))
    return localedata.Unit(known[last].dimension, known[last].factor * Decimal(10) ** power)


def _column_names(code: str) -> list[str]:
    """The names the code reads columns by: ``.latency_ms``, ``['kwh']``, ``wait_s``, ``중량_kg`` (snake_case
    names, in any script); not a method it calls (the ``min`` of ``.min()`` is no minute), nor a word inside a
    string that opens on a sign (the ``t_s`` of a header line the code looks for, ``'#  t_s'``)."""
    return [m.group(0) if m.group(1) is None and m.group(2) is None else m.group(1) or m.group(2)
            for m in re.finditer(r"[^\W\d_]+(?:_[^\W\d_]+)+|\.([A-Za-z]\w*)\b(?!\s*\()|\[['\"](\w+)['\"]\]",
                                 _names_only(code))]


@functools.lru_cache(maxsize=256)
def _names_only(code: str) -> str:
    """The code with its string literals that open on a sign blanked (a line of the data the code looks for,
    ``'#  t_s'``): a string that opens on a name is a column's, a category's or a query's (``== 'biomasse_tonn'``,
    ``'SELECT AVG(wait_s) ...'``), and an f-string's fields are code."""
    lines = code.splitlines(keepends=True)
    starts = list(itertools.accumulate((len(line) for line in lines), initial=0))
    out = list(code)
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.STRING and re.fullmatch(r"(?i:[rbu]*)(['\"])(?:\1\1)?[^\w\s'\"].*",
                                                               token.string, re.DOTALL):
                start = starts[token.start[0] - 1] + token.start[1]
                end = starts[token.end[0] - 1] + token.end[1]
                out[start:end] = " " * (end - start)
    except (tokenize.TokenError, SyntaxError):
        return code
    return "".join(out)


def _unit_name(unit: localedata.Unit, known: dict[str, localedata.Unit]) -> str:
    """The unit's first name in CLDR's order ("minutes" over the symbol "min"), or its symbol when it has only
    symbols ("MWh")."""
    words = [word for word, u in known.items() if u == unit]
    if not words:  # a magnitude of a unit (thousands of m³): the magnitude and the unit
        power = next(p for p in range(3, 13, 3) if localedata.Unit(unit.dimension, unit.factor / 10 ** p) in
                     known.values())
        return f"{10 ** power:,} {_unit_name(localedata.Unit(unit.dimension, unit.factor / 10 ** power), known)}"
    return next((word for word in words if len(word) > 3), max(words, key=len))


# A trend in words: the change words of ``forms`` (rose, fell, stieg, baisse...) and the comparatives of a count
_MORE = re.compile(rf"{forms.UP.pattern}|\b(?:more|worse)\b", re.IGNORECASE)
_LESS = re.compile(rf"{forms.DOWN.pattern}|\b(?:less|fewer|better)\b", re.IGNORECASE)


# Two trends set against each other ("mackerel surged, while squid collapsed"): each part speaks of its own column
_CONTRAST = re.compile(r",?\s+(?:but|while|whereas|though|although|yet)\s+", re.IGNORECASE)


def wrong_trend(text: str, evidence: Evidence) -> Claim | None:
    """A trend stated in words ("each new release crashes more") over a table whose rows are in time order (dates,
    months, years, version numbers): the column the words name must go that way from its first row to its last.
    A change the answer stated with its two figures ("from 7,841 to 8,391") is what a later "the rise" refers to,
    not the whole table."""
    stated = _stated_changes(text)
    for sentence, split in ((clause, len(parts) > 1) for whole in sentences(text) for part in whole.split(";")
                            for parts in [_CONTRAST.split(part)] for clause in parts):
        # a figure of the change ("+12%", "by 300") is wrong_direction's, unless the sentence spans the table's
        # first and last rows ("33% higher in week 16 than in week 10"): then the trend is the whole table's
        change = any(v.kind == "number" and (v.sign or any(r.how == "percent" for r in v.readings)
                                             or _BY_FIGURE.search(sentence[:v.start]))
                     for v in values(sentence))
        up, down = _trend(_MORE, sentence), _trend(_LESS, sentence)
        if up == down:
            continue
        words = _measure_words(sentence)
        # "more aftershocks each day" holds for every step, so the periods a partial table of a grouping shows (the
        # first days of ``.groupby(day).size().head(4)``) refute it as well as the whole table would; without such
        # a word, or over the data's own rows (a ``head()`` of readings, not of periods), only the whole table tells
        stepwise = _PROGRESSION.search(sentence) is not None
        for table in evidence.tables:
            if (table.partial and not (stepwise and _GROUPS.search(table.code))) or not in_time_order(table) or (
                    change and not _spans(sentence, table)):
                continue
            columns, named = _columns_for(table, words)
            if not named and (len(columns) != 1 or split):
                continue  # a part of a contrast ("..., while costs fell") speaks of the column it names, if any
            # the rows the sentence names bound the span it speaks of ("after that it declined every week: ... in
            # week 13, ... in week 16"); naming fewer than two, it speaks of the whole table
            spoken = {m.label for m in mentions(sentence, table_labels([table]))}
            at = [i for i, row in enumerate(table.rows) if row.labels and label_key(row.labels[-1]) in spoken]
            if len(at) < 2 and ("up" if up else "down") in stated:
                continue
            span = table.rows[at[0]:at[-1] + 1] if len(at) >= 2 else table.rows
            for column in columns:
                figures = [f for row in span if (f := row.figure(column)) is not None]
                if _a_step(sentence, _MORE if up else _LESS, table, column, up):
                    continue
                if len(figures) >= 2 + (span is table.rows) and (figures[-1] < figures[0] if up
                                                                  else figures[-1] > figures[0]):
                    return Claim(prompts.wrong_trend("up" if up else "down", column, table.where.describe(),
                                                     str(figures[0]), str(figures[-1])),
                                 {"said": "up" if up else "down", "column": column, "first": str(figures[0]),
                                  "last": str(figures[-1])})
    return None


# A comparative says a trend only with a word of progression ("each new release crashes more", "higher every
# month"); alone it compares two things ("the early, greener olives give less oil": early against late, no trend)
_COMPARATIVE = re.compile(r"more|less|fewer|worse|better|higher|lower", re.IGNORECASE)
_PROGRESSION = re.compile(r"\b(?:each|every|over time|successive\w*|increasingly|progressively|steadily|keeps?|kept|"
                          r"newer|later|(?:more|less) and (?:more|less)|from one \w+ to the next|chaque|jede[nrs]?|"
                          r"cada|immer)\b", re.IGNORECASE)


_SPAN = re.compile(r"\b(?:until|till|up to|through|into|since|from|throughout|bis|jusqu|hasta|fino|até|tot)\b",
                   re.IGNORECASE)  # words of a span of rows
_PIECE = re.compile(r"(?<!\d),(?!\d)|;|(?<!\d):|:(?!\d)")  # a sentence's pieces: between commas (not a figure's)


def _a_step(sentence: str, words: re.Pattern[str], table: Table, column: str, up: bool) -> bool:
    """Whether every change word of the sentence sits in a piece (between commas) that names one row of the table,
    the step into it going the word's way from the row before: "April dipped to 32.3 once the holidays were over"
    speaks of April against March, not of the season, which rose."""
    found = list(words.finditer(sentence))
    if not found:
        return False
    labels = table_labels([table])
    for match in found:
        starts = [0] + [m.end() for m in _PIECE.finditer(sentence) if m.end() <= match.start()]
        ends = [m.start() for m in _PIECE.finditer(sentence) if m.start() >= match.end()] + [len(sentence)]
        piece = sentence[starts[-1]:ends[0]]
        if _PROGRESSION.search(piece) or _SPAN.search(piece):
            return False  # "increased every month up to May" speaks of the months before May too
        rows = {m.label for m in mentions(piece, labels)}
        at = [i for i, row in enumerate(table.rows) if row.labels and label_key(row.labels[-1]) in rows]
        if len(rows) != 1 or len(at) != 1 or at[0] == 0:
            return False
        earlier = {m.label for m in mentions(sentence, labels)} - rows
        if any(row.labels and label_key(row.labels[-1]) in earlier for row in table.rows[:at[0] - 1]):
            return False  # "From 50.1 in March, ridership rose to 35.8 in June": March to June, not May to June
        before, after = table.rows[at[0] - 1].figure(column), table.rows[at[0]].figure(column)
        if before is None or after is None or (after > before) != up or after == before:
            return False
    return True


def _trend(words: re.Pattern[str], sentence: str) -> bool:
    """Whether the sentence states a trend in the words' direction: a change verb, or a comparative in progression."""
    progression = _PROGRESSION.search(sentence) is not None
    return any(progression or not _COMPARATIVE.fullmatch(m.group(0)) for m in words.finditer(sentence))


def _spans(sentence: str, table: Table) -> bool:
    """Whether the sentence names a table's first row and its last."""
    if len(table.rows) < 2 or not table.rows[0].labels or not table.rows[-1].labels:
        return False
    ends = {label_key(table.rows[0].labels[-1]), label_key(table.rows[-1].labels[-1])}
    return ends <= {m.label for m in mentions(sentence, ends)}


_BY_FIGURE = re.compile(r"\b(?:by|of|um|de|von|di|met|med|con|com|av)\s+[$€£¥]?\s*$", re.IGNORECASE)


# The name of an index of numbered periods or steps ("week", "isoweek", "day", "round", "semaine", "Woche")
_PERIOD_INDEX = re.compile(r"(?:iso)?(?:week|weeknum|day|month|quarter|hour|minute|round|lap|step|epoch|iteration|"
                           r"visit|session|season|semaine|jour|mois|woche|tag|monat|semana|d[ií]a|mes|settimana|"
                           r"giorno|mese|week_?(?:of_?year|number))s?", re.IGNORECASE)


_CLOCK_CELL = re.compile(r"(\d{2}:\d{2}(?::\d{2})?)(?:[.,]\d+)?(?:[+-]\d{2}:?\d{2}|Z)?")


_A_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def in_time_order(table: Table) -> bool:
    """Rows labelled by dates, months (their numbers too), years or version numbers (all of one kind), by one word
    and a number ("Week 4", "Week 8", "Week 12"; the first row may be a start without one, "Baseline"), or by bare
    numbers under an index named for a period or a step ("week" over 10, 11, 12), in increasing order."""
    keys: list[tuple[int, ...]] = []
    words: set[str] = set()
    for number, row in enumerate(table.rows):
        # a row's date may be a text cell after an index of row numbers (``df.loc[mask, ['ts', 'sg']]``), or two
        # cells the printed columns split it into ("za 4", "nov 2023" of "za 4 nov 2023"): the one naming a day
        label = next((text for text in row.labels if (found := values(text)) and found[0].kind == "date"), None)
        if label is None or not _A_DAY.fullmatch(values(label)[0].key):
            label = next((text for text in map(" ".join, itertools.pairwise(row.labels))
                          if (found := values(text)) and found[0].kind == "date" and _A_DAY.fullmatch(found[0].key)),
                         label)
        label = (label if label is not None else row.labels[0] if row.labels else "").strip()
        version = re.fullmatch(r"v?(\d+(?:\.\d+)+)", label)
        counted = re.fullmatch(r"([^\W\d]+)\s*(\d+)", label)
        dated = values(label)
        if counted is not None and not any(v.kind == "date" for v in dated):
            words.add(counted.group(1).lower())
            keys.append((2, int(counted.group(2))))
        elif number == 0 and re.fullmatch(r"[^\W\d]+", label) and len(table.rows) > 3:
            keys.append((2, -1))  # a start ("Baseline", "Start") before numbered steps
        elif version is not None:
            keys.append((0, *(int(p) for p in version.group(1).split("."))))
        elif dated and dated[0].kind == "date" and re.fullmatch(r"\d{4}-\d{2}(?:-\d{2})?", dated[0].key):
            # a time of day beside the date (a timestamp pandas split over two cells) orders a day's rows
            # (its zone after it: "06:00:00+08:00"; or inside the label: "2024-08-12 06:00:00+08:00")
            clock = next((m.group(1) for text in row.labels if (m := _CLOCK_CELL.fullmatch(text))), "") or (
                inner.group(0) if (inner := re.search(r"(?<=[ T])\d{2}:\d{2}(?::\d{2})?", label)) else "")
            keys.append((1, *(int(p) for p in dated[0].key.split("-")), *(int(p) for p in clock.split(":") if p)))
        elif _A_YEAR.fullmatch(label):
            keys.append((1, int(label)))
        elif label.isdigit() and row.labels[-1] in calendar.month_name[1:]:  # a month number, named (printed.py)
            keys.append((3, int(label)))
        elif label.isdigit() and _PERIOD_INDEX.fullmatch(table.title.strip()):  # an index named "week", "day"
            keys.append((4, int(label)))
        else:
            return False
    return (len(keys) >= 3 and len({key[0] for key in keys}) == 1 and len(words) <= 1
            and all(a < b for a, b in itertools.pairwise(keys)))


def _signed(number: Decimal) -> str:
    return f"{number:+}"
