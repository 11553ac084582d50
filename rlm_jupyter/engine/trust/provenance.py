"""Where each value of an answer came from: the evidence a colleague checks, and what ``unseen-value`` refuses.

Why per value: "grounded: yes" asks the reader to take the run's word for it. A footnote per figure ("2,310.40:
derived, 48,115.90 − 45,805.50; 48,115.90 shown at turn 2, block 1, line 4: ``2024-03  48115.90``") lets them
check any figure in one look, and tells apart the figure that was printed from the one that was recomputed,
rounded or only found in the question.

How a value is traced (``trace``):

- A text the model typed (``FINAL(...)`` in its reply): each value is looked up in what it was shown
  (``printed.Shown``: the outputs as sent, the question, the data's descriptions), the best line first; a
  figure found nowhere is recomputed from the figures around it (``derive``); what is left has no source.
- A text or number the code gave (``FINAL(x)`` in code, ``FINAL_VAR``): its values were computed, by the
  expression or variable named, or come from a sub-call's answer; a value that is a constant the model typed
  into its code and no output showed has no source (``x = 1989`` then ``FINAL_VAR("x")`` is from memory).
- An object the code returned (a DataFrame, a list) is computed as a whole.
"""
from __future__ import annotations

import ast
import bisect
import dataclasses
import functools
import itertools
import numbers
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property
from typing import Any

from ..dialogue import code_names
from ..record.trajectory import CodeCell, Grounding, Iteration, Run, Source, SourceKind
from .clocks import between_clocks, clock_of_seconds, clock_shifted
from .constants import code_bound, code_converted, code_divisors, code_factor, code_name, out_of, rate_base
from .dates import Span, calendar_source, data_spans, per_period, question_of, span_length, within_data
from .derive import (
    MIN_DIGITS,
    Column,
    DateOperand,
    Operand,
    derive,
    in_minor_units,
    rounded_stated,
    significant_digits,
    spaced_groups,
)
from .forms import asks_when
from .printed import (
    LINE_CHARS,
    Line,
    Match,
    Record,
    Shown,
    Table,
    Where,
    records,
    shown_at,
    tables,
    text_frames,
    words_in_any_order,
)
from .readings import Value, date_of, is_year, values
from .search_again import DATA_PIECE_CHARS
from .written import written_source

_FINAL_CALLS = frozenset({"FINAL", "FINAL_VAR", "SUBMIT"})
# The end of a column's name that says it counts in thousands, millions or billions: scc_k, revenue_000s,
# "sales (millions)", umsatz_tsd, debt_bn.
_SCALES = {"k": 3, "000": 3, "000s": 3, "thousand": 3, "thousands": 3, "tsd": 3, "mn": 6, "mio": 6, "million": 6,
           "millions": 6, "bn": 9, "billion": 9, "billions": 9}
_SCALED_NAME = re.compile(r"(?:^|[_\s(])(?P<w>" + "|".join(_SCALES) + r")\)?$", re.IGNORECASE)


MAX_DATE_CELLS = 2_000  # text cells of the data read for how it writes its dates: one pass, a few ms
MAX_TEXT_DATES = 200_000  # characters of a long text read for how it writes its dates


def _text_cells(frames: Sequence[Any], texts: Sequence[str] = ()) -> Iterator[str]:
    """The first text cells of each text column of the frames, and the start of each long text (a phone's messages,
    a log), where a numeric date may show its order."""
    yield from (text[:MAX_TEXT_DATES] for text in texts)
    for frame in frames:
        for name in list(getattr(frame, "columns", []))[:40]:
            column = frame[name]
            if getattr(column, "ndim", 0) == 1 and (column.dtype.kind in "OU" or str(column.dtype) == "str"):
                yield from (cell for cell in column.head(MAX_DATE_CELLS).tolist() if isinstance(cell, str))


@dataclass
class Evidence:
    """What the runs showed the model, read once per FINAL: the lines, their figures, the tables; and the periods
    of the data's date columns (``dates.data_spans``), which a month or a year that scopes the answer is checked on."""

    runs: list[Run]
    shown: Shown
    frames: list[Any] = field(default_factory=list)  # the data's pandas frames
    texts: list[str] = field(default_factory=list)  # the data's long texts (a log, a catalogue)
    _data_lines: dict[str, bool] = field(default_factory=dict, repr=False)  # is_data's answers, by line

    @classmethod
    def of(cls, runs: Sequence[Run], frames: Sequence[Any] = (), texts: Sequence[str] = ()) -> Evidence:
        shown = Shown.of(runs)
        shown.data_texts = functools.partial(_text_cells, list(frames), list(texts))
        return cls(list(runs), shown, list(frames), list(texts))

    def is_data(self, line: str) -> bool:
        """A printed line that is a verbatim piece of the data's text (a log line read), not a result computed."""
        text = line.strip()
        if text not in self._data_lines:  # a log is searched once per printed line, however many checks ask
            self._data_lines[text] = len(text) >= DATA_PIECE_CHARS and any(text in data for data in self.texts)
        return self._data_lines[text]

    @cached_property
    def folded_texts(self) -> list[str]:
        """The data's long texts casefolded, once per FINAL: a phrase of the answer is searched in them."""
        return [text.casefold() for text in self.texts]

    @cached_property
    def spans(self) -> list[Span]:
        """Read only when an answer names a month or a year no output showed."""
        return data_spans(self.frames)

    @cached_property
    def tables(self) -> list[Table]:
        return tables(self.shown.lines)

    @cached_property
    def records(self) -> list[Record]:
        """The records printed field by field (``printed.records``): a figure there is one field's."""
        return records(self.shown.lines)

    @cached_property
    def text_frames(self) -> list[tuple[Where, int, Line]]:
        """The frames of text cells printed whole (``printed.text_frames``): rows a count may be the number of."""
        return text_frames(self.shown.lines, self.tables)

    @cached_property
    def last_output(self) -> list[Line]:
        """The lines of the last clean block that printed a figure: what the model had just read (every
        derivation, date step and row count of one FINAL asks for them)."""
        outputs = [line for line in self.shown.lines if line.where.place == "output" and line.clean
                   and not line.where.earlier and re.search(r"\d", line.text)]
        if not outputs:
            return []
        where = outputs[-1].where
        return [line for line in outputs if line.where == where][-20:]


def trace(answer: object, evidence: Evidence, *, typed: str | None, given_by: str = "") -> Grounding:
    """The sources of ``answer``'s values. ``typed``: the text of a FINAL the model wrote in its reply (None: code
    gave the answer, ``given_by`` names how: "variable total", "FINAL(f'...') in turn 3, block 1")."""
    if typed is not None:
        text = answer if isinstance(answer, str) else typed
    elif isinstance(answer, str) or (isinstance(answer, numbers.Number) and not isinstance(answer, bool)):
        text = str(answer)
    elif isinstance(answer, dict) and answer and all(_scalar(v) for v in answer.values()):
        # named fields (SUBMIT(total_kwh=..., sessions=...)): each field's value is traced as a computed value is,
        # so a figure typed into the call and never shown has no source
        text = " ; ".join(str(v) for v in answer.values())
    else:
        what = given_by or "the code"
        return Grounding(grounded=True, computed=True, sources=[Source(_label(answer), "computed", where=what)])
    found = values(text)
    sources = (_typed_sources(found, evidence, text) if typed is not None
               else _computed_sources(found, evidence, given_by))
    # a date that scopes a typed answer; to "When ...?" the date is the answer itself
    scoped = set() if typed is None or asks_when(question_of(evidence.shown)) else {
        i for i, (value, source) in enumerate(zip(found, sources, strict=True))
        if _scopes(value, source, text, evidence)}
    for index in scoped:
        sources[index] = Source(found[index].text, "nowhere", where=SCOPE_NOTE)
    unseen = [s.value for i, s in enumerate(sources) if s.kind == "nowhere" and i not in scoped]
    scope = [sources[i].value for i in sorted(scoped)]
    derived = [f"{s.value} = {s.how}" for s in sources if s.kind == "derived"]
    return Grounding(grounded=not unseen, checked=[v.text for v in found], unseen=unseen, scope=scope,
                     derived=derived, sources=sources)


SCOPE_NOTE = "a date that only scopes the answer (the question asks for none), which no output showed: check it"
_YEAR_OF = re.compile(r"(?:\b(?:in|during|over|for|from|to|through|since|of|until|and|en|im|de|del|dans|au|à|bis|"
                      r"seit|von)|[-–])\s*$", re.IGNORECASE)


def _scopes(value: Value, source: Source, text: str, evidence: Evidence) -> bool:
    """A date no output showed, in an answer to a question that asks for no date, scopes the figures the answer
    rests on ("June to November 2024: ..."): the ``unseen-scope`` gate marks it, where an unseen figure is refused.
    A bare year counts only after a word that makes it a period ("in 2024", "from 2019"): "2024 loads" is a count.
    A date outside every period the data's date columns cover is no scope but a contradiction: still refused. So is
    a printed date misread: one an output showed in another year, or with its day and month swapped
    (``13.01.2024`` stated as 13 January 2023, ``05.10.2023`` as 10 May 2023)."""
    if source.kind != "nowhere":
        return False
    # a short "9/2/11" read either way is as often three figures (wins, draws, losses): not a scope, but unseen
    either_way = bool(value.alternatives) and re.fullmatch(r"\d{1,2}/\d{1,2}/\d{2}", value.text) is not None
    scoping = (value.kind == "date" and not either_way) or (
        is_year(value) and _YEAR_OF.search(text[:value.start]) is not None)
    return scoping and within_data(value, evidence.spans) is not False and not _misread(value, evidence)


def _misread(value: Value, evidence: Evidence) -> bool:
    """Whether an output showed the date in another year, or with its day and month swapped."""
    day = date_of(value.key) if value.kind == "date" else None
    if day is None:
        return False
    for _, key in evidence.shown.output_dates():
        shown = date_of(key)
        if shown is not None and shown != day and (
                (shown.month, shown.day) == (day.month, day.day) or (shown.year, shown.month, shown.day) == (
                day.year, day.day, day.month)):
            return True
    return False


def trace_label(label: str, evidence: Evidence) -> Source:
    """The source of a bare label answered to a question that asks for one choice ("north"): a line that showed it.
    A name of several words may be shown in another order, in one line: "Nika Kranjec" is the ``KRANJEC Nika`` of
    a start list (a register writes a surname first), a loose match the record says it is."""
    value = Value(label, "token", key=re.sub(r"[\s_\-]+", " ", label.lower()).strip())
    match = evidence.shown.find(value)
    if match is not None:
        return _shown_source(value, match)
    line = next((line for line in evidence.shown.lines if line.where.place in ("output", "description")
                 and words_in_any_order(label, line.text)), None)
    if line is None:
        return Source(label, "nowhere")
    return dataclasses.replace(shown_at(line, label), how="its words in another order", loose=True)


# -- a text the model typed ------------------------------------------------------------------------------------
def _typed_sources(found: list[Value], evidence: Evidence, text: str) -> list[Source]:
    """Each value's source. A figure grouped by spaces ("1 694", "R5 920") is read in parts first (``values``:
    "3 500 ml" is 3 bottles of 500 ml), its parts "part of" the whole where an output printed it whole; where a
    part or another figure still finds no source, the answer is read again with such figures written whole, so a
    whole is derived or anything else a figure may be ("apie 1 694 žmonių daugiau" is 4,502.1 − 2,808.5), and a
    figure beside it is derived from it ("2 × R1 480 × 2 = R5 920"). A part the answer also writes alone ("694
    vaikų") keeps its own source: the reader reads a repeated figure once."""
    groups = spaced_groups(found, text)
    sources = _sources_of(found, evidence, text, groups)
    if not groups or all(source.kind != "nowhere" for source in sources):
        return sources
    compact, at = _without_group_spaces(text, [whole for _, whole in groups])
    joined = values(compact)
    again = {value.start: source for value, source in zip(joined, _sources_of(joined, evidence, compact, []),
                                                            strict=True)}
    alone = {value.text for value in joined}
    inside = {i for parts, _ in groups for i in parts}
    for i, value in enumerate(found):
        if i not in inside and sources[i].kind == "nowhere":
            sources[i] = again.get(at(value.start), sources[i])
    for parts, whole in groups:
        source = again.get(at(whole.start))
        if source is None or source.kind == "nowhere":
            continue
        for i in parts:
            if sources[i].kind == "nowhere" and found[i].text not in alone:
                sources[i] = _part_of(found[i], whole, replace(source, value=whole.text))
    return sources


def _part_of(part: Value, whole: Value, source: Source) -> Source:
    return Source(part.text, "derived", how=f"part of {whole.text}", loose=True, operands=[source])


def _without_group_spaces(text: str, wholes: Sequence[Value]) -> tuple[str, Callable[[int], int]]:
    """``text`` with the spaces between the digit groups of ``wholes`` taken out, and where a position of ``text``
    is in it."""
    removed: list[int] = []  # positions of ``text`` taken out
    for whole in wholes:
        removed += [whole.start + m.start() for m in re.finditer(r"(?<=\d)\s(?=\d{3})", whole.text)]
    removed.sort()
    gone = set(removed)
    compact = "".join(c for n, c in enumerate(text) if n not in gone)
    return compact, lambda position: position - bisect.bisect_left(removed, position)


def _sources_of(found: list[Value], evidence: Evidence, text: str,
                groups: Sequence[tuple[list[int], Value]]) -> list[Source]:
    shown = evidence.shown
    sources: dict[int, Source] = {}
    matched: dict[int, Match] = {}
    for index, value in enumerate(found):
        match = _found(value, evidence) or _abbreviated(value, shown) or _in_a_label(value, text, shown)
        if match is not None:
            matched[index] = match
            sources[index] = _shown_source(value, match)
        elif (scaled := _scaled_column(value, evidence.tables) or _scaled_code(value, shown)) is not None:
            sources[index] = scaled
    for parts, whole in groups:  # a figure grouped by spaces that an output printed whole ("1 694" of 1694)
        if not all(index in sources for index in parts) and (printed := shown.find(whole)) is not None:
            for index in parts:
                sources[index] = _part_of(found[index], whole, _shown_source(whole, printed))
    operands = _operands(found, sources, matched, evidence)
    columns = _columns(evidence)
    dates = _dates(found, sources, matched, evidence)
    stated = [(value, sources[i]) for i, value in enumerate(found) if i in sources]
    lines = [m.line for m in matched.values() if m.line.where.place == "output"] + evidence.last_output
    # a value the answer quotes from the data, or writes with the data's own words, has its source there, before
    # any derivation is tried
    quoted = _quoted_from_data(text, evidence) if len(sources) < len(found) else []
    for index, value in enumerate(found):
        if index not in sources and (in_data := _in_the_data(value, text, quoted, evidence)) is not None:
            sources[index] = in_data
    # two passes: chained steps make a derived figure an operand of the next one, and an answer may state the
    # result before its steps ("€1,960: 12,000 × €0.13 = €1,560 ... plus €400")
    in_groups = {index for group, _ in groups for index in group}  # a part is no figure to derive on its own
    for _ in range(2):
        for index, value in enumerate(found):
            if index in sources or index in in_groups:
                continue
            derived = (written_source(value, index, found, text, sources)
                       or derive(value, _not_guessed(value, operands, evidence), columns, shown, dates,
                                 evidence.is_data)
                       or calendar_source(value, text, stated, shown, lines, lambda: evidence.spans)
                       or per_period(value, text, stated, lambda: evidence.spans)
                       or span_length(value, lambda: evidence.spans)
                       or _side_by_side(value, shown) or clock_of_seconds(value, shown, text)
                       or clock_shifted(value, found, sources, text, shown)
                       or between_clocks(value, found, sources, text)
                       or out_of(value, found, text) or rate_base(value, text)
                       or code_bound(value, text, evidence.runs)
                       or _row_count(value, evidence) or code_factor(value, evidence.runs, text)
                       or code_converted(value, index, found, sources, evidence.runs, text)
                       or code_name(value, evidence.runs)
                       or in_minor_units(value, text, shown) or rounded_stated(value, stated, text))
            if derived is None:
                continue
            sources[index] = derived
            if value.kind == "number":
                operands.insert(0, Operand(value.first, value.text, derived, stated=True))
    return [sources.get(i) or Source(value.text, "nowhere") for i, value in enumerate(found)]


def _in_the_data(value: Value, text: str, quoted: list[tuple[int, int, str]], evidence: Evidence) -> Source | None:
    """``value``'s source in the data itself: the quoted passage it sits in, else the phrase around it."""
    quote = next((q for start, end, q in quoted if start <= value.start < end), None)
    how = "in a passage the answer quotes verbatim from the data"
    if quote is None:
        quote, how = _phrase_of_the_data(value, text, evidence), "in a phrase the data's text writes word for word"
    if quote is None and value.kind == "token":
        quote, how = _code_of_the_data(value.text, evidence), "a code the data's text writes as it is"
    return None if quote is None else Source(value.text, "shown", where=QUOTED_DATA, line=quote[:LINE_CHARS],
                                             loose=True, how=how)


QUOTED_DATA = "the data (no output printed this passage)"  # where a value quoted verbatim from the data is shown
_QUOTE = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|“([^”\n]+)”|«\s?([^»\n]+?)\s?»|„([^“”\n]+)[“”]|「([^」\n]+)」")


def _quoted_from_data(text: str, evidence: Evidence) -> list[tuple[int, int, str]]:
    """The spans the answer quotes (in backticks or quotation marks) that are a verbatim piece of the data: a log
    line, a record, a sentence of a document, at least ``DATA_PIECE_CHARS`` long. A figure inside one has its
    source in the data even when no output printed that piece (a model quoting the report it found); a colleague
    checks it against the data, and the report marks it loose. A quote that is not in the data as written sources
    nothing: its figures are traced like any other."""
    found = []
    for match in _QUOTE.finditer(text):
        group = next(g for g in range(1, (match.lastindex or 0) + 1) if match.group(g) is not None)
        quote = match.group(group).strip()
        if len(quote) >= DATA_PIECE_CHARS and any(quote in data for data in _data_pieces(evidence)):
            found.append((match.start(group), match.end(group), quote))
    return found


_WORD = re.compile(r"\S+")
_PHRASE_WORDS = 8  # the answer's words compared on each side of a figure


def _phrase_of_the_data(value: Value, text: str, evidence: Evidence) -> str | None:
    """A run of the answer's words around ``value``, with two words of letters at least and ``DATA_PIECE_CHARS``
    long, that the data's text holds as written, word for word (punctuation around a word aside): a detail read
    from a record no output printed whole. A run that ends at the figure holds where the data writes the
    answer's unit after it, or a shortening of it ("dug out after 22 minutes" of "... dug out after 22 min.").
    The phrase holds the whole value ("January 18, 2025"), or all of it but its unit, and the figure is one on its
    own in the data ("12" is not "-12", "5" not "2.5"). Only the data's long texts are searched: their sentences
    are where such a phrase comes from. Only the places where the data writes a word of the answer's right beside
    the figure are compared (``MAX_PHRASE_PLACES`` of each): a pattern that starts with a literal word finds them
    fast in a long log, where the figure alone stands in thousands of places."""
    if not evidence.texts:
        return None
    words = [_Word(word.start(), word.end(), _bare(word.group())) for word in _WORD.finditer(text)]
    at = next((n for n, word in enumerate(words) if word.start <= value.start < word.end), None)
    if at is None or not words[at].bare:
        return None
    unit = _UNIT_WORD.match(text, words[at].end)
    value_end = value.start + len(value.text)
    mine_before = [word.bare for word in reversed(words[max(at - _PHRASE_WORDS, 0):at])]
    mine_after = [word.bare for word in words[at + 1:at + 1 + _PHRASE_WORDS]]
    gap, figure = r"[^\w\s]*\s+", re.escape(words[at].bare)
    # no look-behind before the literal word: it would make the search try every position of the text
    near = [rf"{re.escape(mine_before[0])}{gap}(?P<f>{figure})" if mine_before and mine_before[0] else "",
            rf"(?P<f>{figure}){gap}{re.escape(mine_after[0])}(?!\w)" if mine_after and mine_after[0] else ""]
    for piece in evidence.folded_texts:
        for pattern in filter(None, near):
            places = (m for m in re.finditer(pattern, piece) if _whole(piece, *m.span("f")))
            for match in itertools.islice(places, MAX_PHRASE_PLACES):
                start, end = match.span("f")
                before = _same_words(mine_before, reversed(piece[max(start - 200, 0):start].split()))
                after = _same_words(mine_after, piece[end:end + 200].split())
                # the phrase holds the whole value ("January 18, 2025", "3 h 20 min"), or all of it but its unit,
                # which the data writes as the answer does or shortened
                if words[at + after].end < value_end and not (
                        after == 0 and unit is not None and unit.end() >= value_end
                        and _same_unit(unit.group(1).casefold(), piece[end:])):
                    continue
                phrase = text[words[at - before].start:words[at + after].end].strip(_EDGE)
                lettered = sum(1 for word in phrase.split() if re.search(r"[^\W\d_]{2}", word))
                if len(phrase) >= DATA_PIECE_CHARS and lettered >= 2:
                    return phrase
    return None


def _whole(piece: str, start: int, end: int) -> bool:
    """Whether ``piece[start:end]`` is a figure on its own: not a part of a longer one ("12" of "-12", "5" of
    "2.5", "22" of "22.5" or "220")."""
    return (start == 0 or not (piece[start - 1].isalnum() or piece[start - 1] in ".,-−+_")) and \
        not re.match(r"\w|[.,]\d", piece[end:end + 2])


@dataclass(frozen=True)
class _Word:
    start: int
    end: int
    bare: str  # casefolded, without the punctuation around it


MAX_PHRASE_PLACES = 200  # places of one figure in the data's text compared with the answer's words around it


_EDGE = ".,;:!?()[]\"'“”"  # punctuation around a word or a phrase, not part of it


def _bare(word: str) -> str:
    return word.casefold().strip(_EDGE + "«»")


def _same_words(mine: list[str], theirs: Iterable[str]) -> int:
    """How many of the answer's words, from the figure out, the data's words repeat in order."""
    count = 0
    for word, other in zip(mine, theirs, strict=False):
        if word == "" or word != _bare(other):
            break
        count += 1
    return count


_UNIT_WORD = re.compile(r"\s*([^\W\d_]+)")  # the word after a figure: its unit, when it has one


def _same_unit(unit: str, rest: str) -> bool:
    """Whether the data's text writes ``unit`` (or a shortening of it, or it of the data's) right after."""
    written = _UNIT_WORD.match(rest)
    return written is not None and (unit.startswith(written.group(1)) or written.group(1).startswith(unit))


def _code_of_the_data(code: str, evidence: Evidence) -> str | None:
    """The line of the data's text (or the text cell) that writes ``code`` as a word of its own: a series' ``S20``,
    a METAR's ``M13``, the league's ``T20``. Why: a code of letters and digits is an identifier, not a figure the
    model could have computed or rounded; written in the data as it is, its source is the data, printed or not."""
    word = re.compile(rf"(?<![\w.-]){re.escape(code)}(?![\w]|[.-]\w)")
    for piece in _data_pieces(evidence):
        found = word.search(piece)
        if found is not None:
            start = piece.rfind("\n", 0, found.start()) + 1
            end = piece.find("\n", found.end())
            return piece[start:end if end != -1 else len(piece)].strip()
    return None


def _data_pieces(evidence: Evidence) -> Iterator[str]:
    """The data's long texts, then the text cells of its frames (``_text_cells`` reads the first of each column)."""
    yield from evidence.texts
    yield from _text_cells(evidence.frames)


def _found(value: Value, evidence: Evidence) -> Match | None:
    """The best line that showed ``value`` (``Shown.find``); a hedged figure ("about 40") is not found loosely in
    the data's own text: a log or a catalogue prints thousands of figures, and one near a guess is chance."""
    match = evidence.shown.find(value)
    if match is None or match.quality == "exact" or not any(r.how == "hedged" for r in value.readings) \
            or not evidence.is_data(match.line.text):
        return match
    # the data's line that writes the figure itself ("Children under 8") still shows it
    kept = [m for m in evidence.shown.matches(value) if m.quality == "exact" or not evidence.is_data(m.line.text)
            or (m.figure is not None and any(abs(m.figure.value) == abs(r.value) for r in value.readings))]
    return Shown.best(kept)


def _not_guessed(value: Value, operands: list[Operand], evidence: Evidence) -> list[Operand]:
    """The operands a hedged figure ("about 40") may be derived from: the answer's own, and not the other figures
    of the data's own text, among which some pair's difference lands within a hedge's reach by chance (3 − 38.1684
    of a catalogue line)."""
    if not any(r.how == "hedged" for r in value.readings):
        return operands
    return [o for o in operands if o.stated or not evidence.is_data(o.source.line)]


def _row_count(value: Value, evidence: Evidence) -> Source | None:
    """A count that is the number of rows of a complete table ("9 swaps in all" under the nine it printed), of
    figures or of text cells only (``text_frames``): of the table the last output printed, or of any for a count of
    ``MIN_DIGITS`` (a small count of some earlier table is too easy to meet by chance)."""
    if value.kind != "number" or value.unit is not None or not value.readings or value.sign < 0:
        return None
    count = value.first
    if count != count.to_integral_value() or count < 2 or any(r.how == "percent" for r in value.readings):
        return None
    last = evidence.last_output
    recent = last[0].where if last else None
    whole = [(table.where, len(table.rows), table.rows[0].line) for table in evidence.tables if not table.partial]
    for where, rows, first in reversed(whole + evidence.text_frames):
        if rows == count and (where == recent or significant_digits(value) >= MIN_DIGITS):
            return Source(value.text, "derived", how=f"the number of rows of the table at {where.describe()}",
                          loose=True, operands=[shown_at(first, first.text.strip())])
    return None


def _side_by_side(value: Value, shown: Shown) -> Source | None:
    """A score or a ratio written with a colon ("36:23", "3:1") that no output printed as a time: its two figures
    printed next to each other, in that order, on one line (a league table's goals for and against)."""
    parts = re.fullmatch(r"(\d{1,3}):(\d{1,3})", value.text)
    if parts is None:
        return None
    a, b = (Decimal(p) for p in parts.groups())
    on_line: dict[int, list[Decimal]] = {}
    for figure in sorted(shown.figures, key=lambda f: (f.line, f.start)):
        on_line.setdefault(figure.line, []).append(figure.value)
    for index, figures in on_line.items():
        if any(x == a and y == b for x, y in itertools.pairwise(figures)):
            line = shown.lines[index]
            printed = shown_at(line, f"{a} {b}")
            return Source(value.text, "derived", how=f"{a} and {b} side by side", loose=True, operands=[printed])
    return None


def _scaled_column(value: Value, found: list[Table]) -> Source | None:
    """A figure with a magnitude word ("676 thousand cells/ml") printed in a column whose name counts in that
    magnitude (``scc_k``, ``revenue_000s``, ``sales (millions)``): the 676 of ``scc_k`` is 676,000."""
    readings = [r for r in value.readings if r.how == "magnitude"]
    if value.kind != "number" or not readings:
        return None
    for table in found:
        for column in table.numeric_columns():
            named = _SCALED_NAME.search(column)
            if named is None:
                continue
            factor = Decimal(10) ** _SCALES[named.group("w").lower()]
            for row in table.rows:
                figure = row.figure(column)
                if figure is not None and any(abs(abs(figure) * factor - abs(r.value)) <= r.tolerance
                                              for r in readings):
                    printed = shown_at(row.line, row.cells[column])
                    return Source(value.text, "derived", how=f"{row.cells[column]} × {factor:,}: column {column} "
                                  "counts in that magnitude", loose=True, operands=[printed])
    return None


def _scaled_code(value: Value, shown: Shown) -> Source | None:
    """A figure with a magnitude word printed by code that reads a column counting in that magnitude
    (``print(high.scc_k.max())`` printed the 676 of "676 thousand"), or that divides by it (``print(monthly /
    1e6)`` printed the 163.9 of "163.9 million")."""
    for reading in (r for r in value.readings if r.how == "magnitude" and value.kind == "number"):
        for power in sorted(set(_SCALES.values())):
            factor = Decimal(10) ** power
            for figure in shown.figures_near(abs(reading.value) / factor, reading.tolerance / factor):
                line = shown.lines[figure.line]
                if line.where.place != "output":
                    continue
                names = [n for n in re.findall(r"[^\W\d]\w*_\w+", line.code) if (s := _SCALED_NAME.search(n))
                         and _SCALES[s.group("w").lower()] == power]
                scaled = names[0] if names else next((e for d, e in code_divisors(line.code) if d == factor), None)
                if scaled is not None:
                    printed = shown_at(line, figure.text)
                    how = (f"{figure.text} × {factor:,}: printed by code over {scaled}, which counts in that "
                           "magnitude" if names else f"{figure.text} × {factor:,}: printed by code dividing by it "
                           f"({scaled})")
                    return Source(value.text, "derived", how=how, loose=True, operands=[printed])
    return None


def _abbreviated(value: Value, shown: Shown) -> Match | None:
    """A run of digits that starts a printed identifier: a commit's short hash (``8560219`` of ``8560219f3c...``)."""
    if not re.fullmatch(r"[0-9a-f]{6,}", value.text):
        return None
    pattern = re.compile(rf"(?<![\w]){re.escape(value.text)}[0-9a-f]+(?![\w])")
    line = next((line for line in shown.lines if pattern.search(line.text)), None)
    return Match(line, "loose") if line is not None else None


def _in_a_label(value: Value, text: str, shown: Shown) -> Match | None:
    """The number of a name written with a space where the output joined it ("NGC 891" of ``NGC_891``, "Gate 7" of
    ``gate-7``): the digits are part of a printed label, not a figure of their own."""
    before = re.search(r"(?<![\w\-])([^\W\d_]+)[\s_\-]\Z", text[:value.start])
    if value.kind != "number" or before is None or not value.text.isdigit():
        return None
    pattern = re.compile(rf"(?<![\w\-]){re.escape(before.group(1))}[_\-]{re.escape(value.text)}(?![\w\-])",
                         re.IGNORECASE)
    line = next((line for line in shown.lines if pattern.search(line.text)), None)
    return Match(line, "loose") if line is not None else None


def _shown_source(value: Value, match: Match) -> Source:
    line = match.line
    kind: SourceKind = "question" if line.where.place == "question" else "shown"
    return Source(value.text, kind, where=line.where.describe(line.number if line.where.place == "output" else None),
                  line=line.text.strip()[:LINE_CHARS], loose=match.quality == "loose")


def _operands(found: list[Value], sources: dict[int, Source], matched: dict[int, Match],
              evidence: Evidence) -> list[Operand]:
    """The answer's own traced figures first, then the figures of the lines they were printed on, then the
    figures of the last block that printed any (what the model had just read), its labelled results first: a line
    that names one or two figures ("mean per hour: 185.2") is a result the model computed to use, where a table's
    cells are many, and the pool is bounded."""
    operands = [Operand(_as_printed(value, matched.get(i)), value.text, sources[i], stated=True)
                for i, value in enumerate(found) if i in sources and value.kind == "number" and value.readings]
    lines: list[Line] = [m.line for m in matched.values() if m.line.where.place == "output"]
    last = sorted(evidence.last_output, key=lambda line: not _LABELLED_RESULT.match(line.text))
    for line in [*lines, *last]:
        for figure in _line_figures(evidence.shown, line):
            source = shown_at(line, figure[1])
            operands.append(Operand(figure[0], figure[1], source, stated=False))
    return operands


def _as_printed(value: Value, match: Match | None) -> Decimal:
    """The reading of a stated figure that the figure printed for it confirms: "322,310 L" printed as 322310 is
    litres, not lakh, whatever the reader tried first. A percent keeps its figure as written (47 of "47%", an
    operand of "less 47%"), and a figure no printed figure matched keeps its first reading."""
    printed = match.figure if match is not None else None
    if printed is not None:
        for reading in value.readings:
            if reading.how != "percent" and abs(abs(printed.value) - abs(reading.value)) <= reading.tolerance:
                return -abs(reading.value) if value.sign < 0 else reading.value
    return value.first


# a label of words, then one or two figures: "mean per hour: 185.2", "Total = 1,204 (12.5%)"
_LABELLED_RESULT = re.compile(r"^\s*[^\W\d][^\d\n]*?[:=]?\s+[-−]?\d[\d,.]*%?(?:\s+\(?[-−]?\d[\d,.]*%?\)?)?\s*$")


def _line_figures(shown: Shown, line: Line) -> list[tuple[Decimal, str]]:
    index = next((i for i, other in enumerate(shown.lines) if other is line), None)
    return [(f.value, f.text) for f in shown.figures if f.line == index] if index is not None else []


def _columns(evidence: Evidence) -> list[Column]:
    """Each numeric column of a complete table, as operands: what an average or a total in the head comes from."""
    columns = []
    last = evidence.last_output
    recent = last[0].where if last else None
    for table in evidence.tables:
        if table.partial:
            continue
        for column in table.numeric_columns():
            operands = []
            for row in table.rows:
                number = row.figure(column)
                if number is not None:
                    source = shown_at(row.line, row.cells[column])
                    operands.append(Operand(number, row.cells[column], source, stated=False))
            name = f"column {column} at {table.where.describe()}" if column != "value" else \
                f"the table at {table.where.describe()}"
            columns.append(Column(name, operands, table.where == recent))
    return columns


def _dates(found: list[Value], sources: dict[int, Source], matched: dict[int, Match],
           evidence: Evidence) -> list[DateOperand]:
    """The dates the answer states with a source, and those printed on its lines and in the last output."""
    dates = []
    for index, value in enumerate(found):
        day = date_of(value.key) if value.kind == "date" else None
        if day is not None and index in sources:
            dates.append(DateOperand(day, value.text, sources[index], stated=True))
    lines = [m.line for m in matched.values() if m.line.where.place == "output"] + evidence.last_output
    for line in lines:
        for value in values(line.text):
            day = date_of(value.key) if value.kind == "date" else None
            if day is not None:
                source = shown_at(line, value.text)
                dates.append(DateOperand(day, value.text, source))
    return dates


# -- a text the code gave ---------------------------------------------------------------------------------------
def _computed_sources(found: list[Value], evidence: Evidence, given_by: str) -> list[Source]:
    answers = [(f"sub-call {n} of turn {it.index + 1}", call.response or "")
               for run in evidence.runs for it in run.iterations for n, call in enumerate(it.subcalls, 1)]
    sub_seen = {where: Shown([Line(_NO_WHERE, 1, text)]) for where, text in answers}
    constants = typed_constants(evidence.runs)
    sources = []
    for value in found:
        from_call = next((where for where, seen in sub_seen.items() if seen.has(value)), None)
        if from_call is not None:
            sources.append(Source(value.text, "subcall", where=from_call))
        elif (constants.has(value) or any(value.text in line.text for line in constants.lines)) \
                and not evidence.shown.has(value):  # "unos 3 millones" typed inside a string of the code
            sources.append(Source(value.text, "nowhere", where="a constant typed into the code"))
        else:
            sources.append(Source(value.text, "computed", where=given_by or "the code"))
    return sources


def typed_constants(runs: Sequence[Run]) -> Shown:
    """The constants the model typed into its code (strings and numbers of the AST, not comments), as lines.

    A slice's numeric bounds are left out: ``lodge[:1200]`` says how much to look at, no figure of the answer."""
    texts: list[str] = []
    for cell in (cell for run in runs for it in run.iterations for cell in it.cells):
        try:
            tree = ast.parse(cell.code)
        except (SyntaxError, ValueError):
            texts.append(cell.code)
            continue
        bounds = {id(part) for node in ast.walk(tree) if isinstance(node, ast.Slice)
                  for bound in (node.lower, node.upper, node.step) if bound is not None for part in ast.walk(bound)}
        texts += [str(node.value) for node in ast.walk(tree) if isinstance(node, ast.Constant)
                  and isinstance(node.value, str | int | float) and not isinstance(node.value, bool)
                  and not (id(node) in bounds and isinstance(node.value, int))]
    return Shown([Line(_NO_WHERE, n, text) for n, text in enumerate(texts, 1)])


def given_by(it: Iteration, var: str | None) -> str:
    """How the code gave a turn's answer, for the record: the variable ``FINAL_VAR`` named, or the call's source."""
    if var is not None:
        return f"variable {var}"
    for block, cell in reversed(list(enumerate(it.cells, 1))):
        call = _final_call(cell)
        if call is not None:
            return f"{call} in turn {it.index + 1}, block {block}"
    return f"the code of turn {it.index + 1}"


def _final_call(cell: CodeCell) -> str | None:
    try:
        tree = ast.parse(cell.code)
    except (SyntaxError, ValueError):
        return None
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id in _FINAL_CALLS]
    if not calls:
        stored = code_names.names(cell.code, code_names.STORES) or set()
        return 'answer["content"]' if "answer" in code_names.loaded(cell.code) | stored else None
    segment = ast.get_source_segment(cell.code, calls[-1]) or ""
    return segment if len(segment) <= 120 else segment[:117] + "..."


def _scalar(value: object) -> bool:
    return isinstance(value, str | numbers.Number) and not isinstance(value, bool)


def _label(answer: object) -> str:
    shape = getattr(answer, "shape", None)
    return f"{type(answer).__name__} {shape}" if isinstance(shape, tuple) else type(answer).__name__


_NO_WHERE = Where("output")  # the lines of a sub-call's answer or of the code's constants: looked up, never cited
