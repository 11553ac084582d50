"""What a block's sub-calls were given of the data, against a figure (or a "nothing") the answer took from them.

Why: a sub-call's answer speaks for what its prompt carried. A model that sends ``calls[110:]``, ``sms[:300]`` or
``log[:len(log) // 2]`` to ``llm_query``, or the first 1,400 characters of a price list, and reports the count (or
the "NONE") it got back as the whole data's, answers for data nobody read. Two readings, each of the code and the
prompts, never of the answer's words:

- by a cut (any question's form): the expression that fed the prompts (``_fed``: the sub-calls' arguments, through
  the names the block bound) cuts the data by position (``cuts``: a slice with fixed bounds, ``head``,
  ``tail``, ``sample``, ``islice``, ``random.choices``, a mask on the index), and the prompts carry under
  ``FULL_READ`` of the data's lines (``reach``);
- by size (for a question asking for one figure, or for a cut whose lines the prompts do not write as the data
  does, ``df.head(100).to_string()`` of a parsed JSON text): the prompts hold under ``MIN_COVERAGE`` of the data's
  characters, and were not chosen by content (``filters_by_content``).

What is no cut, and why: a filter by content (``[c for c in calls if 'pipe' in c]``) leaves out only lines that do
not matter, and a guard on the size of what it kept (``'\\n'.join(errors)[:20000]``) bounds the selection; so does
the top of a ranking (``sort_values('votes').head(1)``: ten rows or fewer); a slice whose bound the code found in the
data (``lines[lines.index(start):]``) is chosen by content; a loop's ``chunk[i:i + n]`` walks the whole; a slice of
each item (``e['body'][:1500]`` in a comprehension) is a guard; a slice for display (``print(keep[:5])``) or of a
response feeds no prompt; ``lines[1:]`` drops a header. A cut the question asks for ("how many of the first 600
orders ...?": a number as the question writes it that is a bound of the cut, give or take a header line, or the
lines carried) is the one asked for. A figure the prompts themselves write (with the answer's unit or next word,
"12 months", or alone when no count is written so, "$4.99") was looked up, not counted; a figure whose last printing
is code's that reads no sub-call's answer is code's.
"""
from __future__ import annotations

import ast
import functools
import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..dialogue import code_names, prompts
from ..record.trajectory import CodeCell, Iteration, SubCall
from . import forms, recovery
from .claims import Claim
from .derive import matches
from .parts import printed_expression
from .printed import cell_shown
from .provenance import Evidence
from .readings import Value, is_year, values
from .search_again import empty_result, ended_empty

MIN_COVERAGE = 0.5  # share of the data's characters the sub-calls behind a count must have read
FULL_READ = 0.9  # share of the data's lines a cut by position must still carry to speak for all of it
_SUBCALLS = frozenset({"llm_query", "llm_query_batched", "rlm_query"})
_CUTTING_METHODS = frozenset({"head", "tail", "sample"})
_CUTTING_FUNCTIONS = frozenset({"islice", "sample", "choices"})  # itertools.islice, random.sample, random.choices
_LINE_KEY = 24  # a data line is found in a prompt by its first characters (a line cut short still counts)
_MIN_KEY = 8  # a shorter line ("paid", "Yes") is found inside any text; it tells nothing of what was read
_MAX_KEYS = 400  # distinct lines of one source looked up in the prompts, evenly spread: a bounded cost


@dataclass(frozen=True)
class Data:
    """The data as the user gave it: its long texts (a list of texts joined as lines) and its frames. Not the
    frames the model's code made of it: a sample the code took would read as wholly carried."""

    texts: tuple[str, ...] = ()
    frames: tuple[Any, ...] = ()


def partial_subcall(text: str, question: str, evidence: Evidence, data: Data, data_chars: int) -> Claim | None:
    """A figure of the answer that a sub-call's answer gave (see ``_subcall_block``), when that block's sub-calls
    were given part of the data (see the module): by a cut by position, or, for one figure, by size."""
    if data_chars <= 0:
        return None
    one_figure = forms.asks_for_one(question) == "one figure"
    for value in (v for v in values(text) if v.kind == "number" and v.readings and not is_year(v)):
        block = _subcall_block(value, evidence)
        if block is None:
            continue
        iteration, index = block
        calls = [c for c in iteration.subcalls if c.cell == index]
        if _quoted(value, text, calls):
            continue
        code = iteration.cells[index].code
        sent = [c.prompt for c in calls]
        share = reach(sent, data)
        cut = _cut_short(code, sent, share, question)
        if cut is not None:
            return Claim(prompts.partial_subcall(value.text, _lines_read(cut)),
                         {"figure": value.text, "read_lines": cut[0], "data_lines": cut[1]})
        read = sum(map(len, sent))
        if read < MIN_COVERAGE * data_chars and not _asked_for(question, code, None) \
                and (one_figure or (share is None and cuts(code))) and not filters_by_content(code):
            # by size: the prompts may carry the data in another form (a frame's to_string of a parsed JSON), so
            # a cut whose lines cannot be found is measured by size too
            return Claim(prompts.partial_subcall(value.text, f"{read:,} of the data's {data_chars:,} characters"),
                         {"figure": value.text, "read_chars": read, "data_chars": data_chars})
    return None


def partial_nothing(answer: Any, question: str, evidence: Evidence, data: Data) -> Claim | None:
    """A figureless answer ("No.", "none", a label) after a last block whose every sub-call answered nothing, when
    that block cut the data by position and its prompts carried under ``FULL_READ`` of the data's lines, and no
    other search of the same thing read the data whole (``_searched_whole``).

    Why: blind sets' models asked a sub-call for a refund rule or a levy over the first 1,400 characters of a price
    list, got "NONE", and answered that there is none; nothing found in part of the data says nothing of the rest.
    """
    if not recovery.figureless(answer):
        return None
    run = evidence.runs[-1]
    blocks = [(it, i) for it in run.iterations for i in range(len(it.cells))]
    if not blocks:
        return None
    iteration, index = blocks[-1]
    calls = [c for c in iteration.subcalls if c.cell == index]
    if not calls or not all(c.response is not None and recovery.nothing(c.response) for c in calls):
        return None
    code = iteration.cells[index].code
    if _searched_too(iteration.cells[index], calls) or any(_searched_whole(it, i, code) for it, i in blocks[:-1]):
        return None
    sent = [c.prompt for c in calls]
    cut = _cut_short(code, sent, reach(sent, data), question)
    return None if cut is None else Claim(prompts.partial_nothing(_lines_read(cut)),
                                          {"read_lines": cut[0], "data_lines": cut[1]})


def data_chars(ns: dict[str, Any], names: list[str]) -> int:
    """The characters of text the data holds: a text context's length, a frame's text columns' total length, a
    list of texts' every item."""
    return sum(_text_chars(ns.get(name)) for name in names)


def _text_chars(value: Any, depth: int = 0) -> int:
    """A text's length, a frame's text columns' total length; a dict or list of them, one level down (a list of
    texts, a log's lines, whole: its first items are no measure of it)."""
    if isinstance(value, str):
        return len(value)
    if type(value).__module__.split(".", 1)[0] == "pandas" and hasattr(value, "select_dtypes"):
        columns = value.select_dtypes(include=["object", "string"]).columns[:20]
        return sum(int(value[column].dropna().astype(str).str.len().sum()) for column in columns)
    if depth == 0 and isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value[:50]):
        return sum(len(v) for v in value if isinstance(v, str))
    if depth == 0 and isinstance(value, dict | list | tuple):
        items = value.values() if isinstance(value, dict) else value
        return sum(_text_chars(item, 1) for item in list(items)[:50])
    return 0


def _searched_whole(iteration: Iteration, index: int, code: str) -> bool:
    """An earlier block that searched the data whole for what the last block's sub-calls looked for: its
    sub-calls fed with no cut all answered nothing, or its output ended empty (``0``, ``[]``) with no sub-call;
    and it shares a quoted word of the last block's code (the thing searched for), so an unrelated check or a
    duplicate count does not vouch for the cut's "nothing"."""
    cell = iteration.cells[index]
    if cell.error is not None or not _literals(cell.code) & _literals(code):
        return False
    calls = [c for c in iteration.subcalls if c.cell == index]
    if calls:
        return not cuts(cell.code) and all(c.response is not None and recovery.nothing(c.response) for c in calls)
    return ended_empty(cell)


def _literals(code: str) -> set[str]:
    """The words of four letters or more of a block's string constants, lower-cased."""
    return {word.lower() for text in code_names.strings(code) for word in re.findall(r"[^\W\d_]{4,}", text)}


def _searched_too(cell: CodeCell, calls: list[SubCall]) -> bool:
    """The block itself printed an empty result besides its sub-calls' answers: the code's own search of the data
    (``print(sum('gas' in l for l in lines))`` printing 0), which the sub-calls only spot-checked."""
    answers = {(c.response or "").strip() for c in calls}
    return any(empty_result(line.strip()) for line in cell_shown(cell).splitlines() if line.strip() not in answers)


def _subcall_block(value: Value, evidence: Evidence) -> tuple[Iteration, int] | None:
    """The block whose sub-calls gave ``value``: the block of its last printing when that line shows a sub-call's
    answer (``print(said)``); or the latest block up to it whose sub-call answered it, when the expression that
    printed it last reads that block's answer (``n = int(said.split()[0])``, then ``print(n)``). A
    figure code printed last from anything else is code's (``nunique()`` over the whole, after a sub-call described
    a head)."""
    run = evidence.runs[-1]
    printed = [m for m in evidence.shown.matches(value)
               if m.figure is not None and m.line.where.place == "output" and not m.line.where.earlier
               and m.line.where.turn <= len(run.iterations)]
    last = max(printed, key=lambda m: (m.line.where.turn, m.line.where.block, m.line.number), default=None)
    if last is None:
        return None
    at = (last.line.where.turn - 1, last.line.where.block - 1)
    answered = [(t, c.cell) for t, it in enumerate(run.iterations) for c in it.subcalls
                if c.cell is not None and (t, c.cell) <= at and c.response and _in_response(value, c.response)]
    if not answered:
        return None
    turn, cell = max(answered)
    iteration = run.iterations[turn]
    if cell >= len(iteration.cells):
        return None
    if (turn, cell) == at and any(_shows(last.line.text, c.response or "") for c in iteration.subcalls
                                  if c.cell == cell):
        return iteration, cell
    expr = printed_expression(last, evidence)
    if expr is None and (turn, cell) == at:
        return None  # one block printed both: which print showed it is not known, so it is not the sub-call's
    answers = _answer_names(iteration.cells[cell].code)
    return (iteration, cell) if answers and _reads(expr, last.line.code, answers) else None


def _answer_names(code: str) -> set[str]:
    """The names a block bound to a sub-call's answer (``said = llm_query(...)``)."""
    tree = _tree(code)
    if tree is None:
        return set()
    return {n.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
            and _helper(node.value.func) for target in node.targets for n in ast.walk(target)
            if isinstance(n, ast.Name)}


def _reads(expr: ast.expr | None, code: str, names: set[str]) -> bool:
    """Whether ``expr`` (or, when it is not known, the whole of ``code``) reads one of ``names`` through the names
    ``code`` binds, or calls a sub-call itself (``printed_expression`` reads a name through the blocks before)."""
    tree = _tree(code)
    if tree is None:
        return False
    start = expr if expr is not None else tree
    return any((isinstance(node, ast.Name) and node.id in names) or (isinstance(node, ast.Call) and _helper(node.func))
               for node in _through(start, _bindings(tree)))


def _shows(line: str, response: str) -> bool:
    """A printed line that shows a line of a sub-call's answer (``print(said)``, ``print(f"sub: {said}")``)."""
    return any(part.strip() and part.strip() in line for part in response.splitlines())


def _in_response(value: Value, response: str) -> bool:
    return any(v.kind == "number" and any(matches(value, r.value) for r in v.readings) for v in values(response))


def _quoted(value: Value, text: str, calls: list[SubCall]) -> bool:
    """A figure the prompts themselves write: looked up in what the sub-call was given, so no count over the data.
    Read as the answer writes it with its unit or next word ("12 months", "14 days"); or, for a figure no count is
    written as (a decimal, an amount, three digits or more), as the number alone written twice or more: a constant
    the data repeats ("standard shipping $4.99" on every order). Once is not enough: a sum the sub-call made can
    equal one line's amount."""
    number = re.search(r"\d[\d.,]*\d|\d", value.text)
    if number is not None and ("." in number.group(0) or value.currency or len(number.group(0)) >= 3):
        alone = re.compile(rf"(?<![\d.,]){re.escape(number.group(0))}(?![\d]|[.,]\d)")
        if sum(len(alone.findall(c.prompt)) for c in calls) >= 2:
            return True
    if re.search(r"[^\W\d_]", value.text):
        phrase = value.text  # read with its unit: "30 days"
    else:
        after = re.match(r"\s*([^\W\d_][\w-]*)", text[value.start + len(value.text):])
        if after is None:
            return False
        phrase = f"{value.text} {after.group(1)}"
    spaced = r"\s*".join(map(re.escape, phrase.split()))
    written = re.compile(rf"(?<![\d.,]){spaced}(?![\d]|[.,]\d)", re.IGNORECASE)
    return any(written.search(c.prompt) for c in calls)


def _cut_short(code: str, sent: list[str], share: tuple[int, int] | None, question: str) -> tuple[int, int] | None:
    """The lines of the data a block's sub-calls carried, of how many, when the prompts' expression cut the data by
    position and they carried under ``FULL_READ`` of them, and the question asked for no such cut; None else."""
    if share is None or share[0] >= FULL_READ * share[1] or _asked_for(question, code, share[0]):
        return None
    return share if any(_of_the_data(cut, sent, share[0]) for cut in cuts(code)) else None


def _asked_for(question: str, code: str, carried: int | None) -> bool:
    """The question states, as written, a number that is a bound of the prompts' cut (or that plus or minus one, a
    header line) or the lines carried: "the first 600 orders" for ``lines[:601]``. Bounds under 10 say nothing
    ("in 1 sentence" beside ``[1:]``); a percent is read as written, not as a fraction."""
    sizes = {b for cut in cuts(code) for b in cut.sizes if b >= 10} | ({carried} if carried is not None else set())
    stated = {v.first for v in values(question) if v.kind == "number" and v.readings}
    return any(Decimal(size + step) in stated for size in sizes for step in (-1, 0, 1))


def _lines_read(cut: tuple[int, int]) -> str:
    return f"{cut[0]:,} of the {cut[1]:,} lines of the data (your code cut it by position)"


@functools.lru_cache(maxsize=64)
def _tree(code: str) -> ast.Module | None:
    """A block's code parsed once: every reading of a FINAL's check asks for the same few blocks (read only)."""
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


# -- the prompts' expression, and its cuts ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Cut:
    """A cut by position in what a block's sub-calls were sent: its constant bounds (none for ``head()``), and
    whether it cuts what a filter by content kept (a guard on a selection, a cut of the data only if it bit)."""

    sizes: tuple[int, ...] = ()
    selection: bool = False
    text: bool = False  # of a text, in characters; else of a list of items (lines, rows)


@functools.lru_cache(maxsize=64)
def cuts(code: str) -> tuple[Cut, ...]:
    """The cuts by position in what a block's sub-calls were sent (see the module); the top ten rows or fewer of a
    ranking are a pick, not a cut."""
    tree = _tree(code)
    if tree is None:
        return ()
    bound = _bindings(tree)
    items = {n.id for node in ast.walk(tree) if isinstance(node, ast.For | ast.comprehension)
             for n in ast.walk(node.target) if isinstance(n, ast.Name)}
    each = {id(n) for node in ast.walk(tree) if isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp)
            for n in ast.walk(node.elt)}  # what a comprehension makes of each item
    found: list[Cut] = []
    for node in _fed(tree, bound):
        if isinstance(node, ast.Subscript) and _root(node.value) not in items and id(node) not in each:
            # e[:1500] of each item is a guard on the item, not a cut of the data
            for part in node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]:
                if isinstance(part, ast.Slice) and _positional(part, bound) and not _drops_an_end(part):
                    sizes = [c.value for b in (part.lower, part.upper) if b is not None for c in ast.walk(b)
                             if isinstance(c, ast.Constant) and isinstance(c.value, int)]
                elif isinstance(part, ast.Compare) and _on_the_index(part):  # df[df.index < 400]: a slice
                    sizes = [b for b in map(_constant, part.comparators) if isinstance(b, int)]
                else:
                    continue
                found.extend(_cut(node.value, bound, sizes))
        elif isinstance(node, ast.Call) and _cutting(node.func):
            sizes = [b for b in map(_constant, [*node.args[-1:], *(k.value for k in node.keywords
                                                                  if k.arg in ("n", "k"))]) if isinstance(b, int)]
            operand = node.func.value if isinstance(node.func, ast.Attribute) else (node.args or [node.func])[0]
            found.extend(_cut(operand, bound, sizes or [5]))
    return tuple(found)


def _cut(operand: ast.expr, bound: dict[str, list[ast.expr]], sizes: list[int]) -> list[Cut]:
    """The cut of ``operand``: none for the top of a ranking (``sort_values('votes').head(1)``, ``nlargest``: ten
    rows or fewer, the top one asked for; the earliest 150 rows of a sort are a cut); a cut of a selection when the
    operand was filtered by content (``'\\n'.join(errors)[:20000]``, ``remarks[:150]`` of the non-empty ones)."""
    nodes = list(_through(operand, bound))
    if any(map(_ranks, nodes)) and sizes and max(sizes) <= 10:
        return []
    return [Cut(tuple(sizes), any(map(_filters, nodes)), _a_text(operand))]


def _a_text(node: ast.expr) -> bool:
    """An operand that is a text, not a list of items: a ``join``, a string built or formatted."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _TEXTS) \
        or isinstance(node, ast.JoinedStr) or (isinstance(node, ast.BinOp) and any(
            isinstance(n, ast.Constant) and isinstance(n.value, str) for n in ast.walk(node)))


_TEXTS = frozenset({"join", "to_string", "to_csv", "to_json", "to_markdown", "read", "strip", "replace", "format"})


def _of_the_data(cut: Cut, sent: list[str], carried: int | None) -> bool:
    """Whether a cut left part of the data out: a cut of the data does; a cut of a selection only when it bit, the
    prompts carrying as many lines as its bound lets through (``remarks[:150]`` and 150 carried), or a prompt as
    long as its bound in characters (a guard of 20,000 on a longer text); a guard on fewer lines cut nothing."""
    if not cut.selection:
        return True
    upper = max(cut.sizes, default=None)
    if upper is None:
        return False
    return any(len(p) >= upper for p in sent) if cut.text else carried is not None and carried >= upper - 1


def filters_by_content(code: str) -> bool:
    """Whether what a block's sub-calls were sent was chosen by content: a comprehension's ``if``, a mask
    (``df[df.category == 'billing']``, ``.isin``, ``.str.contains``), ``query`` or ``filter``, or a ranking
    (``sort_values``, ``nlargest``: the most upvoted review looked up). Such prompts hold a part of the data's
    characters by design, so their size says nothing of what was left unread."""
    tree = _tree(code)
    if tree is None:
        return False
    return any(_filters(node) or _ranks(node) for node in _fed(tree, _bindings(tree)))


def _filters(node: ast.AST) -> bool:
    """A node that keeps part of something by its content (see ``filters_by_content``)."""
    if isinstance(node, ast.comprehension):
        return bool(node.ifs)
    if isinstance(node, ast.Subscript):
        return not _on_the_index(node.slice) and any(
            isinstance(n, ast.Compare | ast.BoolOp) or (isinstance(n, ast.Attribute) and n.attr in _MASKS)
            for n in ast.walk(node.slice))
    return isinstance(node, ast.Call) and ((isinstance(node.func, ast.Attribute) and node.func.attr == "query")
                                           or (isinstance(node.func, ast.Name) and node.func.id == "filter"))


def _ranks(node: ast.AST) -> bool:
    """A call that orders rows by a value: ``sort_values``, ``sorted``, ``nlargest``, ``nsmallest``."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name) \
        and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) in _RANKS


_RANKS = frozenset({"sort_values", "sorted", "nlargest", "nsmallest", "most_common"})


def _through(expr: ast.AST, bound: dict[str, list[ast.expr]]) -> Iterator[ast.AST]:
    """Every node of ``expr`` and of what the names in it were bound to in the block, followed through."""
    todo: list[ast.AST] = [expr]
    seen: set[str] = set()
    while todo:
        for node in ast.walk(todo.pop()):
            yield node
            if isinstance(node, ast.Name) and node.id not in seen:
                seen.add(node.id)
                todo.extend(bound.get(node.id, []))


def _on_the_index(node: ast.expr) -> bool:
    """A comparison of a table's index with a constant (``df.index < 400``): rows kept by their position."""
    return isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "index" \
        and all(isinstance(_constant(c), int) for c in node.comparators)


_MASKS = frozenset({"isin", "contains", "startswith", "endswith", "match", "between", "notna", "isna"})


def _root(node: ast.expr) -> str | None:
    """The name an expression of subscripts, attributes and calls starts from (``e['body']`` -> ``e``)."""
    while isinstance(node, ast.Subscript | ast.Attribute | ast.Call):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def _bindings(tree: ast.AST) -> dict[str, list[ast.expr]]:
    """Each name the block binds, with the expressions bound to it: an assignment's value, a loop's iterable."""
    bound: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        pairs: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, ast.Assign):
            pairs = [(target, node.value) for target in node.targets]
        elif isinstance(node, ast.AugAssign | ast.AnnAssign) and node.value is not None:
            pairs = [(node.target, node.value)]
        elif isinstance(node, ast.For | ast.comprehension):
            pairs = [(node.target, node.iter)]
        for target, value in pairs:
            for name in (n.id for n in ast.walk(target) if isinstance(n, ast.Name)):
                bound.setdefault(name, []).append(value)
    return bound


def _fed(tree: ast.AST, bound: dict[str, list[ast.expr]]) -> Iterator[ast.AST]:
    """Every node of what the block's sub-calls were sent: their arguments, and what the names in them were bound
    to in the block, followed through."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _helper(node.func):
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                yield from _through(arg, bound)


def _helper(func: ast.expr) -> bool:
    return isinstance(func, ast.Name) and func.id in _SUBCALLS


def _cutting(func: ast.expr) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr in _CUTTING_METHODS or func.attr in _CUTTING_FUNCTIONS
    return isinstance(func, ast.Name) and func.id in _CUTTING_FUNCTIONS


def _positional(cut: ast.Slice, bound: dict[str, list[ast.expr]]) -> bool:
    """Both bounds fixed by position: none, a constant, ``len(...)``, arithmetic of those, or a name the block bound
    only to such. A bound the code found in the data (``index``, ``find``, a match's ``end()``) or a loop's
    variable is not: that slice is chosen by content, or walks the whole."""
    return all(bound_ is None or _fixed(bound_, bound, 0) for bound_ in (cut.lower, cut.upper, cut.step))


def _fixed(node: ast.expr, bound: dict[str, list[ast.expr]], depth: int) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int)
    if isinstance(node, ast.UnaryOp):
        return _fixed(node.operand, bound, depth)
    if isinstance(node, ast.BinOp):
        return _fixed(node.left, bound, depth) and _fixed(node.right, bound, depth)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in ("len", "int", "round")
    if isinstance(node, ast.Name) and depth < 3 and node.id in bound:
        return all(_fixed(value, bound, depth + 1) for value in bound[node.id])
    return False


def _drops_an_end(cut: ast.Slice) -> bool:
    """``[1:]``, ``[:-1]``, ``[1:-1]``, ``[:]``: a header or a trailing line dropped, or nothing."""
    return cut.step is None and _constant(cut.lower) in (None, 0, 1) and _constant(cut.upper) in (None, -1)


def _constant(node: ast.expr | None) -> object:
    """A slice's bound as a constant when it is one (``-1``), else its node (and None when there is none)."""
    try:
        return None if node is None else ast.literal_eval(node)
    except ValueError:
        return node


# -- what the prompts carried ----------------------------------------------------------------------------------------
def reach(prompts_sent: list[str], data: Data) -> tuple[int, int] | None:
    """How many lines of the data the prompts carried, of how many, over the data's text or frame column they carry
    most of; None when they carry none of it.

    A line is found by its first ``_LINE_KEY`` characters anywhere in the prompts (joined on one line, numbered,
    in a CSV row), each found as often as the prompts write it but no more than the data has it (an instruction
    repeated in each prompt adds nothing). Lines shorter than ``_MIN_KEY`` tell nothing and are left out; a source
    of many distinct lines is read at ``_MAX_KEYS`` of them, evenly spread, and scaled.
    """
    sent = "\n".join(prompts_sent)
    best: tuple[int, int] | None = None
    for have in _data_lines(data):
        looked = list(have)[::max(1, math.ceil(len(have) / _MAX_KEYS))]
        total, found = sum(have.values()), sum(have[key] for key in looked)
        carried = sum(min(sent.count(key), have[key]) for key in looked)
        if carried and found and (best is None or round(carried * total / found) > best[0]):
            best = (round(carried * total / found), total)
    return best


def _key(line: str) -> str:
    return line.strip()[:_LINE_KEY]


def _data_lines(data: Data) -> Iterator[Counter[str]]:
    """The data's texts' lines, and each text column of its frames read one value a line (a value of several lines
    by its first), counted by their keys; a frame's column is counted by pandas, one pass a column."""
    for text in data.texts:
        yield Counter(key for key in map(_key, text.splitlines()) if len(key) >= _MIN_KEY)
    for frame in data.frames:
        for column in frame.select_dtypes(include=["object", "string"]).columns[:20]:
            keys = frame[column].dropna().astype(str).str.strip().str.split("\n").str[0].str.strip().str[:_LINE_KEY]
            yield Counter({str(key): int(n) for key, n in keys[keys.str.len() >= _MIN_KEY].value_counts().items()})
