"""A figure for a named part of the data computed over rows that were never narrowed to that part: "how many
seconds of CI time did the main branch use?" answered with every branch's total.

Why: the total was printed (``print(jobs.secs.sum())``), so it passes as seen, and the answer names the branch the
question asked about, so its words pass too. The code says whose figure it is: nothing in ``jobs.secs.sum()``
selects main's rows. The check reads the part from the question and the data (``parts``: "main" is a value of
``branch``; a code of letters and digits, "S5", may be a word of the values, ``S-Bahn_S5``), and, for each line
that printed the answer's figure, whether that line belongs to the part:

- scoped: the line is the part's row of a printed table (a ``groupby`` by branch printed main's row), the line
  itself names the part (``main: 4,210``), or the expression that printed the figure holds a constant naming it
  (``jobs[jobs.branch == 'main'].secs.sum()``, through the names the code assigned);
- not scoped: the expression that printed it is known and names nothing of the part;
- unknown (several ``print`` calls could have printed the line): nothing is claimed.

And a figure for all the data printed only by a reduction over a sample of its rows (``head(50)``, ``sample(200)``,
``[:100]``) is a figure of that sample, to a question that asks about no slice (no number, no "first", "last",
"recent", "sample"...).

And a figure that no output showed except as a cell of a look at a few rows (the data's description, a ``head()``
of the rows as they are: no sorting, no aggregate in the block) is a figure of those rows, not a result over all
(``previewed``): a figure from memory that a preview happened to show, or one row read as the whole.

Refused (``wrong-subset``), for a question for one figure that names one part (a comparison names two), and an
answer that states one figure (with several, which is the answer and which its context is not known; a percent
is ``shares``'): that figure, when every printing of it is not scoped, and at least one is known. A part that is
a year ("in 2024") is the same, read from the data's dates: a constant 2024 or "2024" in the expression scopes it.
"""
from __future__ import annotations

import ast
import calendar
import re
from collections.abc import Iterable
from typing import Any

from ..dialogue import prompts
from . import forms, localedata, recovery
from .claims import Claim, range_ends, spaced_wholes
from .parts import Part, names, names_word, part_named, parts_named, phrases, printed_expression, printed_matches
from .printed import Where, label_key
from .provenance import Evidence
from .readings import Value, is_year, values
from .revisions import printed_calls, source_of


def unscoped(text: str, question: str, evidence: Evidence, frames: Iterable[Any]) -> Claim | None:
    """A figure for the part the question names, printed only by code that did not select that part; or a
    figure for all the data printed only by code over a sample of it."""
    value = _one_figure(text, question, evidence)
    if value is None:
        return None
    return _for_the_part(value, question, evidence, list(frames)) or _from_a_sample(value, question, evidence)


def previewed(text: str, question: str, evidence: Evidence) -> Claim | None:
    """The one figure answered to a question for one figure or one choice over all the data (a share too) that no
    output showed but as a cell of a look at a few rows: the data's description, or a ``head()`` of the rows as
    they are."""
    value = _one_figure(text, question, evidence, shares_too=True, choice_too=True)
    if value is None or _ASKS_A_SLICE.search(question):
        return None
    found = [m for m in evidence.shown.matches(value) if m.figure is not None and not m.line.where.earlier]
    if not found:
        return None  # derived, or seen nowhere: ``unseen-value``'s
    looks = _looks(evidence)
    if not all(m.line.where.place == "description" or id(m.line) in looks for m in found):
        return None
    return Claim(prompts.previewed_figure(value.text), {"figure": value.text})


def previewed_labels(text: str, question: str, evidence: Evidence, frames: Iterable[Any]) -> Claim | None:
    """The values of a column listed as all there are ("which routes does the operator sail?" answered "Haven and
    Grachtengordel", or only "Haven") when none of them was shown but in a look at a few rows (some there, the rest
    nowhere, or none anywhere: a value of a column a ``head()`` elided), and the data's column holds more: the rows
    of a ``head()`` read as the whole. The data says how many there are (its frames, and the frames the code made
    of it: a festival's JSON text parsed into ``sets``, whose ``genre`` holds 12); the wording plays no part. A
    value the question names may be answered without being shown. A list of one column's values with another
    column's value beside each in brackets ("OY-XPB (LS4), OY-RDX (Discus 2b)") is the list of the values outside
    the brackets."""
    ask = forms.plural_ask(question)
    if ask is None or _ASKS_A_SLICE.search(question):
        return None
    frames = list(frames)
    named = parts_named(phrases(text), frames)
    # "OY-XPB (LS4), OY-RDX (Discus 2b) ...": the list is of the values outside the brackets, each with a value of
    # another column beside it
    outside = re.sub(r"\([^()]*\)", " ", text)
    if len({part.column for part in named}) > 1:
        named = [part for part in named if names_word(outside, part.word)] or named
    columns = {part.column for part in named}
    if not named or len(columns) != 1 or any(names_word(question, part.word) for part in named):
        return None
    if len(named) == 1 and any(v.kind == "number" for v in values(text)):
        return None  # "4 routes, Haven among them": one value as an example of a count the answer states
    looks = _looks(evidence)
    shown_any = False
    for part in named:
        seen = [line for line in evidence.shown.lines if line.where.place in ("output", "description")
                and names_word(line.text, part.word)]
        if not all(line.where.place == "description" or id(line) in looks for line in seen):
            return None  # a computed output (of this run or an earlier one) showed it: the list may come from there
        shown_any = shown_any or bool(seen)
    column = next(iter(columns))
    total = max((_distinct(frame, column) for frame in frames), default=0)
    if total <= len(named):
        return None  # the preview showed every one there is
    listed = ", ".join(part.word for part in named)
    note = prompts.previewed_figure(listed) if shown_any else prompts.ungrounded_final([p.word for p in named])
    return Claim(note, {"labels": [p.word for p in named], "column": column, "in_data": total})


# Words that make a claim of every row, in a question ("did any ...?", "all the wheels") or an answer ("none").
_EVERY = re.compile(r"(?<![\w-])(?:any|anyone|anybody|anything|every|everyone|everybody|everything|all|none|nobody|"
                    r"never|always|ever)(?![\w-])", re.IGNORECASE)
# What asks for no slice though it is a number: a year (a period), a threshold ("longer than 3 hours", "over 40 kg")
_NO_SLICE = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\b(?:than|over|under|above|below|least|most|exceed\w*)\s+"
                       r"[^\s\d]{0,3}\d[\d.,]*|\d[\d.,]*\s*(?:%|°|[^\W\d_]{1,3}\b(?<!st)(?<!nd)(?<!rd)(?<!th))",
                       re.IGNORECASE)


def previewed_whole(text: str, question: str, evidence: Evidence) -> Claim | None:
    """An answer about all the rows (the question or the answer names an extreme, "the dearest ticket", or every
    row, "did any series ...?", "all passed") that rests on looks at a few rows only: every figure it states shown
    only by such a look (``_looks``, the data's description), or, stating no figure, a run whose code printed
    nothing but looks and sizes (``_only_looked``).

    Why: blind sets' models printed the first six lines of a log and named the dearest ticket among them, or the
    first six games and answered that no series went to a third; the first rows hold neither the extreme nor the
    exception of the rest. The question's form and the code's decide, not the answer's words: a question about a
    slice ("the first", a number of rows; a year is a period and "more than 3 hours" a threshold, not a slice) is
    answered by a look, and a figure any computed output showed is the computation's. An answer that says there is
    nothing (``recovery.nothing``, in any language) claims it of every row too."""
    if _ASKS_A_SLICE.search(_NO_SLICE.sub("", question)) or not (
            forms.superlatives(question) or forms.superlatives(text) or _EVERY.search(question)
            or _EVERY.search(text) or recovery.nothing(text)):
        return None
    stated = _stated(text, question, evidence)
    if not stated:
        return Claim(prompts.only_looked(), {}) if _only_looked(evidence) else None
    looks = _looks(evidence)
    for value in stated:
        found = [m for m in evidence.shown.matches(value) if m.figure is not None and not m.line.where.earlier]
        if not found or not all(m.line.where.place == "description" or id(m.line) in looks for m in found):
            return None
    figures = [v.text for v in stated]
    return Claim(prompts.previewed_figure(", ".join(figures)), {"figures": figures})


def _only_looked(evidence: Evidence) -> bool:
    """Whether every block of the run that printed printed only looks at a few rows (``_a_look_at``) and sizes
    (``_a_size``), one look at least, and no block asked a sub-call: its code computed nothing over the data."""
    if len(evidence.runs) != 1 or any(it.subcalls for it in evidence.runs[0].iterations):
        return False
    run = evidence.runs[0]
    looked = False
    for (turn, block), printed in printed_calls(run).items():
        if run.iterations[turn - 1].cells[block - 1].error:
            continue
        args = [arg for call in printed for arg in call]
        looks = [arg for arg in args if _a_look_at(arg, evidence, Where("output", turn, block))]
        if not all(any(arg is look for look in looks) or _a_size(arg) for arg in args):
            return False
        looked = looked or bool(looks)
    return looked


def _a_look_at(expr: ast.expr, evidence: Evidence, where: Where) -> bool:
    """A look at a few rows that left some out: the first or last lines of a text (``_first_or_last_lines``) when
    the data's text is longer than the slice's bound (in characters for the data's own name, else in lines), or
    a head, tail, sample or fixed slice of a table's rows as they are (``_rows_asked``), unless the block printed a
    table of fewer rows than it asked for: a head of a four-row table showed all of it."""
    if _first_or_last_lines(expr):
        return _cut_short(expr, evidence)
    asked = _rows_asked(expr, evidence)
    return asked is not None and not any(len(table.rows) < asked for table in evidence.tables if table.where == where)


def _rows_asked(expr: ast.expr, evidence: Evidence) -> int | None:
    """The rows a head, tail, sample or fixed slice of a table's rows as they are asks for (five by default); None
    when the expression is no such look (it orders, aggregates or filters), or the data's frames hold no more rows
    than it asks for: a ``head()`` of a five-row table is all of it. Only the data's own frames are measured (a
    look at a table the code built is left a look)."""
    text = source_of(expr)
    looking = _LOOKING.search(text)
    if looking is None or _COMPUTES.search(text) or _selects(expr):
        return None
    asked = int(next((n for n in looking.groups() if n), 5))
    if evidence.frames and all(len(frame) <= asked for frame in evidence.frames if hasattr(frame, "__len__")):
        return None
    return asked


# df.head(8), df.sample(3), df[:8], df.iloc[-5:]: the rows a look asks for (five by default)
_LOOKING = re.compile(r"\.(?:head|tail|sample)\((?:n\s*=\s*)?(\d*)|\[\s*-?\d*\s*:\s*-?(\d*)\s*\]")


def _selects(expr: ast.expr) -> bool:
    """Whether an expression keeps rows by their content: a comparison, a condition, a mask (``isin``, ``contains``)."""
    return any(isinstance(node, ast.Compare | ast.BoolOp) or (isinstance(node, ast.comprehension) and node.ifs)
               or (isinstance(node, ast.Attribute) and node.attr in _CONDITIONS) for node in ast.walk(expr))


_CONDITIONS = frozenset({"isin", "contains", "startswith", "endswith", "match", "between", "query", "filter", "where"})


def _cut_short(expr: ast.expr, evidence: Evidence) -> bool:
    """Whether a slice of the lines (``rows[:11]``, ``text[:900]``) left part of the data's text out: its bound
    is under the text's length, in characters when it slices a name of the data (the text itself), else in lines."""
    inner = expr.args[0] if isinstance(expr, ast.Call) and expr.args else expr
    if not isinstance(inner, ast.Subscript) or not evidence.texts:
        return True  # rows[0], or a text the data does not hold: a look, as ``_first_or_last_lines`` reads it
    bounds = [b for b in ((inner.slice.lower, inner.slice.upper) if isinstance(inner.slice, ast.Slice) else ())
              if b is not None]
    sizes = [abs(value) for value in map(_literal, bounds) if isinstance(value, int)]
    if not sizes:
        return True
    by_chars = isinstance(inner.value, ast.Name) and inner.value.id in evidence.runs[0].context_names
    return any((len(text) if by_chars else text.count("\n") + 1) > max(sizes) for text in evidence.texts)


def _literal(node: ast.expr) -> object:
    """A constant written in the code, else None."""
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


_SHAPES = frozenset({"shape", "dtypes", "columns", "size", "ndim"})


def _a_size(expr: ast.expr) -> bool:
    """What the data is like, not a result over it: a constant, a length of something not filtered
    (``len(lines)``), a table's shape, columns or dtypes, ``info()``, ``keys()``, and f-strings and tuples of them."""
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.JoinedStr):
        return all(_a_size(v.value) for v in expr.values if isinstance(v, ast.FormattedValue))
    if isinstance(expr, ast.Tuple | ast.List):
        return all(map(_a_size, expr.elts))
    if isinstance(expr, ast.Attribute):
        return expr.attr in _SHAPES
    if not isinstance(expr, ast.Call):
        return False
    if isinstance(expr.func, ast.Attribute):
        return expr.func.attr in ("info", "keys") or (expr.func.attr == "tolist" and _a_size(expr.func.value))
    if isinstance(expr.func, ast.Name) and expr.func.id in ("len", "list", "type") and len(expr.args) == 1:
        if isinstance(expr.args[0], ast.Dict | ast.List | ast.Set | ast.Tuple):
            return False  # a collection the code built (``out = {}`` filled in a loop): its size is a count
        return _a_size(expr.args[0]) if expr.func.id == "list" else not _selects(expr.args[0]) and not any(
            isinstance(node, ast.Attribute) and (node.attr in _DISTINCT or _COMPUTES.fullmatch(node.attr))
            for node in ast.walk(expr.args[0]))
    return False


# What makes a length a count besides a condition: a selection of distinct or present values
_DISTINCT = frozenset({"unique", "drop_duplicates", "dropna", "findall"})


def _distinct(frame: Any, column: str) -> int:
    try:
        return int(frame[column].nunique()) if column in frame.columns else 0
    except TypeError:  # unhashable cells
        return 0


def _looks(evidence: Evidence) -> set[int]:
    """The lines (by id) of the rows of partial tables that a look at a few rows printed (``_a_look``), and of the
    data's own text that a slice of its lines printed (``_sliced_lines``)."""
    return {id(row.line) for table in evidence.tables if table.partial and _a_look(table, evidence)
            for row in table.rows} | _sliced_lines(evidence)


def _sliced_lines(evidence: Evidence) -> set[int]:
    """The lines (by id) of the data's own text printed by a slice of its lines with fixed bounds
    (``print('\\n'.join(rows[:11]))``, ``print(rows[-1])``): the first or last few lines of a log or a statement, a
    look as a ``head()`` of a table is. Lines a search printed (``[r for r in rows if 'FAILED' in r][:5]``), or a
    window around a hit (``rows[i - 1:i + 2]``), are no look."""
    if not evidence.runs or not evidence.texts:
        return set()
    # the blocks that printed such a slice, each judged once (its lines are many, its printed expressions few)
    slicing = {block for block, calls in printed_calls(evidence.runs[-1]).items()
               if any(_first_or_last_lines(arg) and _cut_short(arg, evidence) for args in calls for arg in args)}
    return {id(line) for line in evidence.shown.lines if line.where.place == "output" and not line.where.earlier
            and (line.where.turn, line.where.block) in slicing and evidence.is_data(line.text)}


def _first_or_last_lines(expr: ast.expr) -> bool:
    """``rows[:11]``, ``rows[-3:]``, ``rows[0]``, ``rows[-1]`` (also inside ``'\\n'.join(...)``), of lines no search
    or comprehension picked: a slice or an index by a fixed place."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "join" \
            and len(expr.args) == 1:
        return _first_or_last_lines(expr.args[0])
    if not isinstance(expr, ast.Subscript) or not _the_lines(expr.value) or _COMPUTES.search(source_of(expr)):
        return False
    if isinstance(expr.slice, ast.Slice):
        bounds = [b for b in (expr.slice.lower, expr.slice.upper) if b is not None]
        return bool(bounds) and all(_fixed(b) for b in bounds) and expr.slice.step is None
    return _fixed(expr.slice) and abs(ast.literal_eval(expr.slice)) <= 2


def _the_lines(expr: ast.expr) -> bool:
    """The data as it is, or its lines: a name (``rows``), ``text.splitlines()``, ``text.split('\\n')``; not
    what a search or a split by a word picked (``[r for r in rows if ...]``, ``text.split('## Notice')``)."""
    if isinstance(expr, ast.Name | ast.Attribute):
        return True
    if not isinstance(expr, ast.Call) or not isinstance(expr.func, ast.Attribute) or not _the_lines(expr.func.value):
        return False
    if expr.func.attr in ("splitlines", "readlines"):
        return True
    return expr.func.attr == "split" and (not expr.args or (
        isinstance(expr.args[0], ast.Constant) and expr.args[0].value in ("\n", "\r\n")))


def _fixed(node: ast.expr) -> bool:
    """A whole number written in the code (``10``, ``-3``): a fixed place, not one a search found."""
    return isinstance(_literal(node), int)


def _a_look(table: Any, evidence: Evidence) -> bool:
    """The block printed a head, tail or sample of rows as they are (no sorting, no aggregate in that print), or
    showed the data bare: a look at a few rows, not a computation's result."""
    if not evidence.runs:
        return False
    calls = printed_calls(evidence.runs[-1]).get((table.where.turn, table.where.block), [])
    printed = [arg for args in calls for arg in args]
    return any(_rows_asked(arg, evidence) is not None
               or (re.fullmatch(r"\w+", text := source_of(arg)) and not _COMPUTES.search(text)) for arg in printed)


def _one_figure(text: str, question: str, evidence: Evidence, *, shares_too: bool = False,
                choice_too: bool = False) -> Value | None:
    """The one figure the answer states to a question for one figure (``choice_too``: or for one choice, "what
    was the strongest gust?"), not a year, not the question's own, not the ends of a range it covers. A question
    for what its subject did ("What did the Macallan lots make?") asks for one figure too, as ``stale-figure``
    reads it."""
    if forms.asks_for_one(question) not in ("one figure", *(("one choice",) if choice_too else ())) \
            and not forms.asks_what_done(question):
        return None
    stated = _stated(text, question, evidence)
    if len(stated) != 1 or (not shares_too and any(r.how == "percent" for r in stated[0].readings)):
        return None  # several figures: which is the answer and which its context is not known; a share: ``shares``
    return stated[0]


def _stated(text: str, question: str, evidence: Evidence) -> list[Value]:
    """The figures an answer states: not a year, not the question's own, not the ends of a range it covers."""
    asked = {v.text for v in values(question)}
    # "49 189 arrobas": a figure grouped by spaces is one figure where an output printed it whole
    written = spaced_wholes(values(text), text, lambda whole: evidence.shown.find(whole) is not None)
    scope = range_ends(written, text)  # "between weeks 10 and 35": the span the figure covers, not a figure
    return [v for v in written if v.kind == "number" and v.readings and not is_year(v) and v.text not in asked
            and id(v) not in scope]


def _for_the_part(value: Value, question: str, evidence: Evidence, frames: list[Any]) -> Claim | None:
    named = {part.word: part for part in parts_named(phrases(question), frames)}
    period = _year(question, frames) or _month(question, frames)
    found = [*_outermost(list(named.values())), *([period] if period is not None else [])]
    if not found:  # a code of letters and digits names a part as a word of its values ("S5" of "S-Bahn_S5")
        codes = [w.lower() for w in re.findall(r"\b(?=\w*[A-Za-z])(?=\w*\d)\w{2,6}\b", question)]
        coded = part_named(codes, frames, within=True) if len(codes) == 1 else None
        found = [coded] if coded is not None else []
    if len(found) != 1:
        return None  # no part, or several (a comparison names two)
    part = found[0]
    verdicts = [_scoped(m, part, evidence) for m in printed_matches(value, evidence)]
    known = [v for v in verdicts if v is not None]
    if not known or not all(isinstance(v, str) for v in known):
        return None
    return Claim(prompts.unscoped_figure(value.text, part.word, part.column, str(known[0])),
                 {"figure": value.text, "part": part.word, "column": part.column, "printed_by": known[0]})


# -- a sample stated for the whole -------------------------------------------------------------------------------
_SLICES = frozenset({"head", "tail", "sample"})
# What makes a head a selection, not a sample: the rows were ordered or aggregated first (``sort_values(...).head(1)``
# is the top row; ``value_counts().head()`` the most common).
_ORDERED = re.compile(r"\b(?:sort_values|sort_index|sorted|nlargest|nsmallest|value_counts|groupby|agg|aggregate|"
                      r"pivot_table|resample|rank|most_common|describe|crosstab)\b")
# What makes a block a computation, not a look at the rows: it orders or aggregates them.
_COMPUTES = re.compile(r"\b(?:sort_values|sort_index|sorted|nlargest|nsmallest|value_counts|groupby|agg|aggregate|"
                       r"pivot_table|resample|rank|most_common|describe|crosstab|mean|sum|count|median|max|min|std|"
                       r"nunique|len)\b")
# A question about a slice of the rows: a number ("the last 7 days"), or a word for the rows' place or a sample.
_ASKS_A_SLICE = re.compile(r"\d|\b(?:first|last|latest|recent|earliest|newest|oldest|top|bottom|sample|preview|few|"
                           r"some)\b", re.IGNORECASE)


def _from_a_sample(value: Value, question: str, evidence: Evidence) -> Claim | None:
    """A figure printed only by a reduction over the first or last rows, or a random sample, of the data
    (``df.head(50).delay.max()``, ``df.sample(200).x.mean()``, ``df[:100]``), to a question about all of it."""
    if _ASKS_A_SLICE.search(question):
        return None
    printed = [printed_expression(m, evidence) for m in printed_matches(value, evidence)]
    known = [e for e in printed if e is not None]
    if not known or len(known) != len(printed) or not all(_sliced(e) for e in known):
        return None
    how = source_of(known[0])
    return Claim(prompts.sampled_figure(value.text, how), {"figure": value.text, "printed_by": how})


def _sliced(expr: ast.expr) -> bool:
    """The expression reduces some rows only: a ``head``/``tail``/``sample`` call or a slice with a bound."""
    for node in ast.walk(expr):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SLICES:
            receiver = node.func.value
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice) and _bounds_rows(node):
            receiver = node.value
        else:
            continue
        if not _ORDERED.search(source_of(receiver)):
            return True
    return False


def _bounds_rows(node: ast.Subscript) -> bool:
    """``rows[:100]``, ``df.iloc[:500]``, ``lines[-50:]``: a slice that keeps some rows. Not ``lines[1:]`` (a header
    skipped) nor ``col.str[:7]`` (a part of each text, every row kept)."""
    assert isinstance(node.slice, ast.Slice)
    if isinstance(node.value, ast.Attribute) and node.value.attr in ("str", "dt"):
        return False
    lower = node.slice.lower
    negative = isinstance(lower, ast.UnaryOp) and isinstance(lower.op, ast.USub)
    return node.slice.upper is not None or negative


def _outermost(found: list[Part]) -> list[Part]:
    """The parts no longer named part holds: "android 14" over "android" (``phrases`` gives the longest first)."""
    return [p for p in found if not any(other is not p and re.search(rf"(?<!\w){re.escape(p.word)}(?!\w)",
                                                                     other.word) for other in found)]


def _scoped(match: Any, part: Part, evidence: Evidence) -> bool | str | None:
    """True: the printing belongs to the part; the expression (text) when it does not; None when not known."""
    line = match.line
    if names_word(line.text, part.word) or _in_month(line.text, part) or any(
            line is row.line and label_key(part.word) in map(label_key, row.labels)
            for table in evidence.tables for row in table.rows):
        return True
    expr = printed_expression(match, evidence)
    if expr is None:
        return None
    return True if names(expr, part.word) or _year_named(expr, part) or _month_named(expr, part) \
        else source_of(expr)


# -- a year ---------------------------------------------------------------------------------------------------------
def _year(question: str, frames: list[Any]) -> Part | None:
    """A year the question names ("in 2024") when a date column of the data spans more than that year."""
    years = [int(v.first) for v in values(question) if v.kind == "number" and v.readings and is_year(v)]
    if len(years) != 1:
        return None
    for frame in frames:
        for name in frame.columns:
            column = frame[name]
            if str(column.dtype).startswith("datetime64"):
                seen = set(column.dt.year.dropna().astype(int).unique())
                if years[0] in seen and len(seen) > 1:
                    return Part(str(years[0]), str(name), int((column.dt.year == years[0]).sum()))
    return None


_BOUNDS = re.compile(r"\b(?:before|after|since|until|till|through|thru|up to|by|from|to|end of|start of|"
                     r"beginning of)\s+(?:the\s+)?(?:(?:end|start|beginning|middle)\s+of\s+)?\Z", re.IGNORECASE)


def _month(question: str, frames: list[Any]) -> Part | None:
    """The one month the question names by its whole name ("the June harvest", "en juin"; not "may") when a date
    column of the data spans more months than that one: the figure must be that month's. Not a month that bounds
    a range ("before June", "up to the end of June"), nor a capitalised word of another language ("Mars bars")."""
    english = {name.lower() for name in calendar.month_name[1:]}
    months = {number for match in re.finditer(r"[^\W\d_]{4,}", question)
              if (match.group(0).lower() in english or match.group(0).islower())
              and not _BOUNDS.search(question[:match.start()])
              for _, number in localedata.month_names().get(match.group(0).lower(), ())}
    if len(months) != 1:
        return None
    month = next(iter(months))
    for frame in frames:
        for name in frame.columns:
            column = frame[name]
            if str(column.dtype).startswith("datetime64"):
                seen = set(column.dt.month.dropna().astype(int).unique())
                if month in seen and len(seen) > 1:
                    return Part(calendar.month_name[month], str(name), int((column.dt.month == month).sum()))
    return None


def _month_named(expr: ast.expr, part: Part) -> bool:
    """The expression selects the month: a number constant that is its number beside a ``.month`` (``dt.month ==
    6``), its name (``month_name() == 'June'``), or a date constant in it (``'2024-06-01'``, ``'2024-06'``)."""
    number = _month_number(part)
    if number is None:
        return False
    nodes = list(ast.walk(expr))
    by_number = any(isinstance(n, ast.Attribute) and n.attr == "month" for n in nodes) and any(
        isinstance(n, ast.Constant) and n.value == number for n in nodes)
    texts = [n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    by_text = any(any(m == number for _, m in localedata.month_names().get(t.lower().rstrip("."), ()))
                  or _in_month(t, part) for t in texts)
    return by_number or by_text


def _in_month(text: str, part: Part) -> bool:
    """A date of the month ``part`` names in ``text`` (``2024-06``, ``2024-06-01``, "June 2024")."""
    number = _month_number(part)
    if number is None:
        return False
    two = f"{number:02d}"
    return any(v.kind == "date" and any(key[5:7] == two or (key[2:4] == two and key.startswith("--"))
                                        for key in v.date_keys) for v in values(text))


def _month_number(part: Part) -> int | None:
    """The month a part found by ``_month`` is (its word is the English name), or None for any other part."""
    names = list(calendar.month_name)
    return names.index(part.word) if part.word in names[1:] else None


def _year_named(expr: ast.expr, part: Part) -> bool:
    """A number constant that is the year (``dt.year == 2024``); a text one (``'2024-01-01'``) is ``names``'."""
    return part.word.isdigit() and any(isinstance(node, ast.Constant) and isinstance(node.value, int)
                                       and str(node.value) == part.word for node in ast.walk(expr))
