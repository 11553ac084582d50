"""A figure the model's own later code recomputed: the answer states the first result, the code had moved on.

Why: a model printed ``len(ng)``, noticed health probes in the log, printed ``len(ng[ng.path != '/healthz'])``,
and answered with the first count. Both figures were printed, so each passes as seen, and no wording tells them
apart. The code does: the later block reduces the same data the same way (``len``, ``.mean()``, ``.sum()``) after
changing what it reduces (a filter added, a cleaning step replaced). That is a revision, and the figure it
replaces is stale.

What counts as a revision is read from the code's syntax tree (each name the code assigned read as what it was
assigned, through a function's call too: ``naive = pd.to_numeric(x).sum()``), never from the words around it. A
result times or over a constant is the reduction it scales (``secs.mean() / 60`` is a mean, in minutes).

- a filter added: the later operand is the earlier one with more row filters (``ng`` then
  ``ng[ng.path != '/healthz']``; ``orders.amount`` then ``orders[orders.status != 'refunded'].amount``; a method
  that keeps some rows, ``query(...)`` or ``kills.drop_duplicates('nr', keep='last').kg`` (a later row of a key
  replaces the earlier ones), the rows' order aside);
- a step replaced or added: both end in a method call on the same thing (``x.fillna(0).mean()`` then
  ``x.dropna().mean()``), or the later one calls a method on the earlier (``x.mean()`` then
  ``x.replace(0, np.nan).mean()``), or a step for missing values dropped or changed (``x.fillna(0).mean()``
  then ``x.mean()``, which skips them);
- the data changed in place: the same expression printed again after code in between changed what it reads
  (``df["csat"] = df.csat.replace(0, np.nan)``, ``df.dropna(inplace=True)``);
- each row netted of a share of the data's: the earlier operand times one minus another column (``c.kg.sum()``
  then ``(c.kg * (1 - c.floaters_pct / 100)).sum()``; not another measure, ``(c.qty * c.price).sum()``);
- a part taken out of a total: the later figure is the earlier sum or count less the same reduction over a filtered
  part of the same data (``out.paid.sum()`` then ``net = out.paid.sum() - apr[reversed].paid_in.sum()``; not
  another measure, ``sales.sum() - cost.sum()``, nor a difference of means).

Not a revision: another subset with as many filters (Lyon's mean beside the mean without refunds is a second
answer, not a correction), nor the whole printed after its part (``len(log[...])`` then ``len(log)``: context).

Only for a question whose form asks for one figure (or what its subject did: "What did G2 generate?"), only for a
figure whose last printing as a result was revised and that no output showed again after the revision, and only
when the answer does not state the revised figure too ("1,204, or 1,187 without the probes" is fine).
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from ..dialogue import prompts
from ..record.trajectory import Run
from . import forms
from .claims import Claim
from .derive import matches
from .printed import Line, Match
from .provenance import Evidence
from .readings import Value, is_year, values

_FORMATTING = frozenset({"round", "int", "float", "str", "abs", "format"})  # they print a result, not compute one
MAX_EXPANDED = 2_000  # characters of an assigned expression read in place of its name: a bound on x = x + x


@dataclass(frozen=True)
class Reduction:
    """What a printed expression reduces and how: ``len(real)`` is ``len`` of ``ng[ng.path != '/healthz']`` once
    ``real`` is read as what the code assigned it."""

    reducer: str
    operand: str  # the operand's source, the names the code assigned expanded
    unfiltered: str  # the operand with its row filters taken out
    filters: int  # how many row filters it has
    step: str | None  # what the operand's last method call is made on, when the operand is such a call
    names: frozenset[str]
    core: str = ""  # the unfiltered operand without its cleaning steps (``.fillna(0)``, ``.dropna()``...)
    # the operand's other factor, when it is a product with one minus a share of the data's
    # (``c.cherry_kg * (1 - c.floaters_pct / 100)``): the factor netted of that share may be an earlier operand
    netted: str = ""
    adjusted: bool = False  # an additive result less the same reduction over a filtered part of the same data

    def revised_by(self, later: Reduction, changed: frozenset[str]) -> bool:
        """``later`` revises this reduction (see the module's doc); ``changed``: the names code since changed in
        place or bound anew."""
        if later.reducer != self.reducer or not self.names & later.names:
            return False
        if later.adjusted and not self.adjusted and later.operand == self.operand:
            return True  # a part taken out: ``out.paid.sum() - apr[reversed].paid_in.sum()`` after ``out.paid.sum()``
        if later.netted and later.netted == self.operand:
            return True  # each row netted of a share: ``(kg * (1 - floaters_pct / 100)).sum()`` after ``kg.sum()``
        if later.operand == self.operand:
            return bool(self.names & changed)
        if later.unfiltered == self.unfiltered:
            return later.filters > self.filters
        if later.core and later.core == self.core and (later.filters > self.filters or (
                later.filters == self.filters and _PARSES.search(self.operand) and _PARSES.search(later.operand))):
            # a filter added in place of a cleaning step (``x.fillna(0).mean()``, then ``x[kept].mean()``), or the
            # text parsed again another way (``pd.to_numeric(x, errors='coerce').sum()``, then
            # ``x.str.replace("'", '').astype(float).sum()``); not another measure of it (``x.abs().mean()``)
            return True
        if later.core and later.core == self.core and later.filters == self.filters and \
                _MISSING_STEPS.findall(later.operand) != _MISSING_STEPS.findall(self.operand):
            # the missing values handled another way (``x.fillna(0).mean()``, then ``x.mean()``, which skips them:
            # a fall counted as no time, then left out)
            return True
        return later.step is not None and later.step in (self.step, self.operand)


@dataclass(frozen=True)
class Block:
    """A block's printed reductions, and the names it changed in place or bound anew. ``row``: when the block's only
    printing is one top-level ``print`` of several values, each argument's reduction (None for one that is none), so
    the figures of its one line are told apart (``print(round(naive.sum(), 1), naive.isna().sum())``)."""

    reductions: list[Reduction]
    changed: frozenset[str]
    row: tuple[Reduction | None, ...] = ()


def stale(text: str, question: str, evidence: Evidence) -> Claim | None:
    """A figure of the answer that a later block of the same run recomputed to another value (see the module)."""
    if (forms.asks_for_one(question) != "one figure" and not forms.asks_what_done(question)) or not evidence.runs:
        return None
    stated = [v for v in values(text) if v.kind == "number" and v.readings and not is_year(v)]
    if not stated:
        return None
    blocks = _blocks(evidence.runs[-1])
    results = _Results.of(evidence, blocks)
    for value in stated:
        printed = [m for m in evidence.shown.matches(value) if m.figure is not None
                   and m.line.where.place == "output" and not m.line.where.earlier]
        alone = [(m, index) for m in printed if (index := results.place(m)) is not False]
        last = _revision(*max(alone, key=lambda a: _position(a[0].line)), blocks, stated, results) if alone else None
        if last is None or any(_position(m.line) > last[0] for m in printed):
            continue  # not revised, or shown again after its revision (in a table, a tuple): the answer may read that
        return Claim(prompts.stale_figure(value.text, last[2], last[1]),
                     {"figure": value.text, "revised": last[2], "where": last[1]})
    return None


@dataclass(frozen=True)
class _Results:
    """The lines of this run's outputs that hold one figure (a result, a label beside it is fine), or the several
    figures of one ``print`` whose arguments are known (``Block.row``), and each block's results, read once per
    answer. A result is (line, figure, which argument printed it: None for a line of one figure)."""

    alone: frozenset[Line]
    several: dict[Line, list[Decimal]]
    by_block: dict[tuple[int, int], list[tuple[Line, Decimal, int | None]]]

    @classmethod
    def of(cls, evidence: Evidence, blocks: dict[tuple[int, int], Block]) -> _Results:
        shown = evidence.shown
        figures: dict[int, list[Decimal]] = {}
        for figure in sorted(shown.figures, key=lambda f: (f.line, f.start)):  # in the order the line prints them
            figures.setdefault(figure.line, []).append(figure.value)
        alone: set[Line] = set()
        several: dict[Line, list[Decimal]] = {}
        by_block: dict[tuple[int, int], list[tuple[Line, Decimal, int | None]]] = {}
        for index, line in enumerate(shown.lines):
            found = figures.get(index, [])
            if line.where.place != "output" or line.where.earlier or not found:
                continue
            if len(found) == 1:
                alone.add(line)
                results: list[tuple[Line, Decimal, int | None]] = [(line, found[0], None)]
            elif len(blocks[_position(line)].row if _position(line) in blocks else ()) == len(found):
                several[line] = found
                results = [(line, figure, n) for n, figure in enumerate(found)]
            else:
                continue
            if line.clean:
                by_block.setdefault(_position(line), []).extend(results)
        return cls(frozenset(alone), several, by_block)

    def place(self, match: Match) -> int | Literal[False] | None:
        """Which argument printed ``match``'s figure: None on a line of one figure, False when not known."""
        if match.line in self.alone:
            return None
        figures = self.several.get(match.line)
        if figures is None or match.figure is None or figures.count(match.figure.value) != 1:
            return False
        return figures.index(match.figure.value)


def _position(line: Line) -> tuple[int, int]:
    return line.where.turn, line.where.block


def _revision(match: Match, index: int | None, blocks: dict[tuple[int, int], Block], stated: list[Value],
              results: _Results) -> tuple[tuple[int, int], str, str] | None:
    """The block that revised the result ``match`` printed (its position, where, and the line), if one did;
    ``index``: the argument of the block's ``print`` that printed it (None: the block's reductions)."""
    assert match.figure is not None
    start = _position(match.line)
    first = _made(blocks.get(start), index)
    changed: frozenset[str] = frozenset()
    for position, later in blocks.items():
        if position <= start:
            continue
        changed |= later.changed
        for line, figure, which in results.by_block.get(position, []):
            if (any(_revises(first, r, changed) for r in _made(later, which)) and figure != match.figure.value
                    and not any(matches(v, figure) for v in stated)):
                return position, line.where.describe(line.number), line.text.strip()
    return None


def _made(block: Block | None, index: int | None) -> list[Reduction]:
    """The reductions that made a result: the argument ``index`` of the block's one ``print``, or (None) all."""
    if block is None:
        return []
    if index is None:
        return block.reductions
    made = block.row[index] if index < len(block.row) else None
    return [made] if made is not None else []


def _revises(first: list[Reduction], later: Reduction, changed: frozenset[str]) -> bool:
    """``later`` revises the one reduction of ``first`` made the same way. A block that printed several results
    made the same way (two ``len``) is left alone: which of them printed the line is not known."""
    same = [r for r in first if r.reducer == later.reducer]
    return len(same) == 1 and same[0].revised_by(later, changed)


# -- reading the code -------------------------------------------------------------------------------------------
def _blocks(run: Run) -> dict[tuple[int, int], Block]:
    """Each block's printed reductions and changes, in run order, keyed (turn, block) as ``printed.Where`` counts."""
    return {position: Block([r for e in _printed(tree) if (r := _reduction(e, assigned)) is not None],
                            _changed(tree), _row(tree, assigned))
            for position, tree, assigned, _ in _read(*_code_of(run))}


def _row(tree: ast.Module, assigned: dict[str, ast.expr]) -> tuple[Reduction | None, ...]:
    """The reductions of the arguments of the block's one ``print``, when that call is a statement of the block's
    own (not in a loop or a branch, so it printed one line) of several arguments and the block shows nothing else."""
    calls = list(_calls(tree))
    top = [s.value for s in tree.body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
           and isinstance(s.value.func, ast.Name) and s.value.func.id == "print"]
    if len(calls) != 1 or len(top) != 1 or len(calls[0]) < 2 or top[0].args != calls[0]:
        return ()
    return tuple(_reduction(arg, assigned) for arg in calls[0])


def printed_calls(run: Run) -> dict[tuple[int, int], list[list[ast.expr]]]:
    """What each block printed, per call: the arguments of each ``print`` (its last line when that is an
    expression, as a call of one), each name the code assigned (by ``name = ...``) read as what it was assigned:
    ``api5 / len(log)`` is ``(log.path.str.startswith('/api') & ...).sum() / len(log)``. Keyed (turn, block).
    Read once per run's code: several checks of one FINAL ask (the expressions are shared, not to be changed)."""
    return _printed_calls(*_code_of(run))


def _code_of(run: Run) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The run's data names and each turn's blocks of code: all the syntax readers read of a run."""
    return tuple(run.context_names), tuple(tuple(cell.code for cell in it.cells) for it in run.iterations)


@functools.lru_cache(maxsize=8)
def _printed_calls(names: tuple[str, ...],
                   code: tuple[tuple[str, ...], ...]) -> dict[tuple[int, int], list[list[ast.expr]]]:
    return {position: [[_expanded(arg, every) for arg in args] for args in _calls(tree)]
            for position, tree, _, every in _read(names, code)}


def _read(names: tuple[str, ...], code: tuple[tuple[str, ...], ...]
          ) -> Iterator[tuple[tuple[int, int], ast.Module, dict[str, ast.expr], dict[str, ast.expr]]]:
    """Each block's syntax tree, with the names assigned so far (this block's included) read as what they hold:
    those that are a part or a transform of the data, and every one.

    A name is read as what it was assigned when that is a part or a transform of the data or of another such
    name (``real = ng[...]``, ``fri = flights[...]``), so a revision made through a new name is seen."""
    assigned: dict[str, ast.expr] = {}
    every: dict[str, ast.expr] = {}
    data = {*names, "context"}
    for turn, blocks in enumerate(code, 1):
        for block, text in enumerate(blocks, 1):
            try:
                tree = ast.parse(text)
            except (SyntaxError, ValueError):  # IPython syntax, a null byte: nothing to read
                continue
            for statement in tree.body:
                if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                        and isinstance(statement.targets[0], ast.Name):
                    name, value = statement.targets[0].id, statement.value
                    every[name] = _expanded(value, every)
                    if _source_name(value, assigned, data):
                        assigned[name] = _expanded(value, assigned)
                    else:  # a table built from scratch (pd.DataFrame(rows)) is data of its own, not its recipe
                        assigned.pop(name, None)
                        data.add(name)
            yield (turn, block), tree, assigned, every


def _changed(tree: ast.Module) -> frozenset[str]:
    """The names a block binds anew or changes in place: ``x = ...``, ``x[k] = ...``, ``x.a = ...``, ``del x[k]``,
    ``x += ...``, ``x.method(..., inplace=True)``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and any(
                k.arg == "inplace" and isinstance(k.value, ast.Constant) and k.value.value is True
                for k in node.keywords):
            names.add(_base(node.func.value))
        elif isinstance(node, ast.Name | ast.Subscript | ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(_base(node))
    return frozenset(names - {""})


def _source_name(value: ast.expr, assigned: dict[str, ast.expr], data: set[str]) -> bool:
    """Whether ``value`` is a part or a transform of the data or of a name read as one: its base name is
    (``ng[...]``), or, for a function's call, its first argument's is (``pd.to_numeric(g2.mwh, errors='coerce')``),
    or, for arithmetic, its left side's."""
    bases = [_base(value)] + [_base(call.args[0]) for call in _chain_calls(value) if call.args] + (
        [_base(value.left)] if isinstance(value, ast.BinOp) else [])  # ``net = out.x.sum() - refunds.x.sum()``
    return any(base in assigned or base in data for base in bases)


def _chain_calls(node: ast.expr) -> Iterator[ast.Call]:
    """The calls of a chain, outermost first: a function's call inside a method chain is one of them too
    (``pd.to_numeric(pl_.cena, errors='coerce').sum()`` reads ``pl_`` through ``to_numeric``)."""
    while isinstance(node, ast.Subscript | ast.Attribute | ast.Call):
        if isinstance(node, ast.Call):
            yield node
            node = node.func
        else:
            node = node.value


def _base(node: ast.expr) -> str:
    """The name an expression starts from: ``df`` of ``df.loc[m, "x"]``; "" for anything else."""
    while isinstance(node, ast.Subscript | ast.Attribute | ast.Call):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else ""


def _printed(tree: ast.Module) -> Iterator[ast.expr]:
    """What a block shows: the arguments of its ``print`` calls, and its last line when that is an expression."""
    for args in _calls(tree):
        yield from args


def _calls(tree: ast.Module) -> Iterator[list[ast.expr]]:
    """The arguments of each ``print`` call of a block, in source order, and its last line when that is an expression
    (as one)."""
    prints = [node for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"]
    for node in sorted(prints, key=lambda n: (n.lineno, n.col_offset)):  # in the order the source writes them
        yield list(node.args)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr) and not (isinstance(last.value, ast.Call) and isinstance(last.value.func, ast.Name)
                                           and last.value.func.id == "print"):
        yield [last.value]


def _reduction(expr: ast.expr, assigned: dict[str, ast.expr], expanded: bool = False) -> Reduction | None:
    """What ``expr`` reduces and how; ``expanded``: its names were already read as what they hold (a name bound to
    itself, ``tx = tx.sort_values(...)``, is not read twice)."""
    if isinstance(expr, ast.Name) and isinstance(assigned.get(expr.id), ast.Call | ast.BinOp):
        expr, expanded = assigned[expr.id], True  # ``fob = sp[...].inr.sum()`` then ``print(fob)``: what it holds
    while True:  # f"{x:,}", round(x, 1), x.round(2), int(x): the result is x
        if isinstance(expr, ast.JoinedStr):
            inner = [v.value for v in expr.values if isinstance(v, ast.FormattedValue)]
            if len(inner) != 1:
                return None
            expr = inner[0]
        elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in _FORMATTING \
                and expr.args:
            expr = expr.args[0]
        elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "round":
            expr = expr.func.value
        else:
            break
    scaled = _scaled(expr)
    if scaled is not None:  # ``e.secs.mean() / 60``: the mean in minutes is still the mean, in another unit
        return _reduction(scaled, assigned, expanded)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Sub):
        left, right = _reduction(expr.left, assigned, expanded), _reduction(expr.right, assigned, expanded)
        # a part of the same data taken out of a total (a sum, a count), not another measure (``sales - cost``)
        # nor a difference of means
        part = left is not None and right is not None and left.reducer == right.reducer in _ADDITIVE \
            and right.filters > 0 and left.names & right.names
        return dataclasses.replace(left, adjusted=True) if part and left is not None else None
    if not isinstance(expr, ast.Call):
        return None
    if isinstance(expr.func, ast.Attribute):
        reducer, operand = expr.func.attr, expr.func.value
    elif isinstance(expr.func, ast.Name) and len(expr.args) == 1:
        reducer, operand = expr.func.id, expr.args[0]
    else:
        return None
    if reducer == "sum" and isinstance(operand, ast.Compare) and _base(operand.left):
        # a count of the rows that meet a condition, ``(race.status == 'finished').sum()``, is ``len`` of those rows
        reducer, operand = "len", ast.Subscript(ast.Name(_base(operand.left), ast.Load()), operand, ast.Load())
    operand = operand if expanded else _expanded(operand, assigned)
    names = frozenset(n.id for n in ast.walk(operand) if isinstance(n, ast.Name))
    unfilter = _Unfilter()
    unfiltered = source_of(unfilter.visit(copy.deepcopy(operand)))
    step = source_of(operand.func.value) if isinstance(operand, ast.Call) and isinstance(operand.func,
                                                                                          ast.Attribute) else None
    return Reduction(reducer, source_of(operand), unfiltered, unfilter.taken, step, names,
                     source_of(_without_cleaning(unfilter.visit(copy.deepcopy(operand)))), _netted(operand))


def _scaled(expr: ast.expr) -> ast.expr | None:
    """The expression a result times or over a constant scales (``x`` of ``x / 60``, ``x * 100``, ``x / 3.6e6``,
    ``x / (1024 * 1024)``). Why: a result put in other units is the same reduction, so a later one over fewer rows
    revises it (the mean time over every game, then over the escapes only, both in minutes)."""
    if not isinstance(expr, ast.BinOp) or not isinstance(expr.op, ast.Mult | ast.Div):
        return None
    sides = [(expr.left, expr.right)] + ([(expr.right, expr.left)] if isinstance(expr.op, ast.Mult) else [])
    return next((operand for operand, factor in sides if _constant(factor)), None)


def _constant(node: ast.expr) -> bool:
    """A figure written in the code, or arithmetic of such figures (``60 * 60``)."""
    nodes = list(ast.walk(node))
    return all(isinstance(n, ast.Constant | ast.BinOp | ast.UnaryOp | ast.operator | ast.unaryop) for n in nodes) \
        and any(isinstance(n, ast.Constant) and type(n.value) in (int, float) for n in nodes)


_ADDITIVE = frozenset({"sum", "len", "count", "size"})  # reductions a part can be taken out of by subtraction


def _netted(operand: ast.expr) -> str:
    """The factor of a product with one minus another expression of the data (``kg * (1 - floaters_pct / 100)``:
    each row netted of a share); "" for any other operand (``qty * price`` is another measure, ``kg / 1000`` a
    unit)."""
    if not isinstance(operand, ast.BinOp) or not isinstance(operand.op, ast.Mult):
        return ""
    for factor, other in ((operand.left, operand.right), (operand.right, operand.left)):
        if isinstance(other, ast.BinOp) and isinstance(other.op, ast.Sub) and isinstance(other.left, ast.Constant) \
                and other.left.value == 1 and any(isinstance(n, ast.Name) for n in ast.walk(other.right)):
            return source_of(factor)
    return ""


# Steps that clean what a reduction reads, not choose it: a revision may replace one by a filter
_CLEANING = frozenset({"fillna", "dropna", "replace", "astype", "clip", "abs", "interpolate", "where", "mask",
                       "ffill", "bfill"})
_CLEANING_FUNCTIONS = frozenset({"to_numeric", "to_datetime", "to_timedelta"})  # pandas' parsers of a column
_MISSING_STEPS = re.compile(r"\.(?:fillna|dropna|interpolate)\([^()]*\)")  # how a reduction treats missing values
_PARSES = re.compile(r"\b(?:to_numeric|to_datetime|to_timedelta)\(|\.astype\(|\.str\.")  # text read as figures


def _without_cleaning(node: ast.expr) -> ast.expr:
    """``node`` without the cleaning steps around it: methods (``.fillna(0)``), the text and date accessors they go
    through (``.str.replace(...)``), and a cleaning function of its first argument (``pd.to_numeric(x)``)."""
    while True:
        if isinstance(node, ast.Call) and node.args and _called(node.func) in _CLEANING_FUNCTIONS:
            node = node.args[0]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CLEANING:
            node = node.func.value
        elif isinstance(node, ast.Attribute) and node.attr in ("str", "dt"):
            node = node.value
        else:
            return node


def _called(func: ast.expr) -> str:
    """The name a call calls: ``to_numeric`` of ``pd.to_numeric``."""
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


# Methods that keep some of a table's rows (a filter, as ``df[mask]`` is) and those that only reorder or copy them
_FILTER_METHODS = frozenset({"query"})
_ORDER_METHODS = frozenset({"sort_values", "sort_index", "reset_index", "copy"})


class _Unfilter(ast.NodeTransformer):
    """Takes out row filters (a subscript by anything but constants: ``df[df.x > 0]``, ``df.loc[mask, "x"]``; a
    method that keeps some rows: ``df.query(...)``, ``df.drop_duplicates("nr", keep="last")``) and counts them; a
    column by name (``df["x"]``) stays. Steps that only reorder or copy the rows are taken out too, uncounted: the
    sum of the deduplicated rows sorted by number is the sum of the rows deduplicated, a filter added to the plain
    sum."""

    def __init__(self) -> None:
        self.taken = 0

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        method = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        filters = method in _FILTER_METHODS or (method == "drop_duplicates" and _keeps_last(node))
        if filters or method in _ORDER_METHODS:
            assert isinstance(node.func, ast.Attribute)
            self.taken += filters
            return node.func.value
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        self.generic_visit(node)
        if all(isinstance(n, ast.Constant | ast.Tuple | ast.Slice | ast.List | ast.UnaryOp | ast.unaryop
                          | ast.expr_context)
               for n in ast.walk(node.slice)):
            return _by_name(node)
        self.taken += 1
        # ``mt.loc[mt.home == 'KK', 'home_runs']`` is the column ``mt.home_runs`` filtered
        column = node.slice.elts[1] if isinstance(node.slice, ast.Tuple) and len(node.slice.elts) == 2 else None
        if isinstance(node.value, ast.Attribute) and node.value.attr == "loc" and isinstance(column, ast.Constant):
            return _by_name(ast.Subscript(node.value.value, column, ast.Load()))
        return node.value


def _keeps_last(call: ast.Call) -> bool:
    """``drop_duplicates(..., keep='last')``: a later row of a key replaces the earlier ones, as a correction does;
    a duplicate check keeps the first (``drop_duplicates('invoice')`` of an invoice's lines is no correction)."""
    return any(k.arg == "keep" and isinstance(k.value, ast.Constant) and k.value.value == "last" for k in call.keywords)


def _by_name(node: ast.Subscript) -> ast.expr:
    """``df['x']`` written as ``df.x``, so that the two ways to name a column read alike."""
    if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str) and node.slice.value.isidentifier():
        return ast.Attribute(node.value, node.slice.value, ast.Load())
    return node


class _Expand(ast.NodeTransformer):
    def __init__(self, assigned: dict[str, ast.expr]) -> None:
        self.assigned = assigned

    def visit_Name(self, node: ast.Name) -> ast.expr:
        value = self.assigned.get(node.id)
        return copy.deepcopy(value) if isinstance(node.ctx, ast.Load) and value is not None else node


def _expanded(expr: ast.expr, assigned: dict[str, ast.expr]) -> ast.expr:
    """``expr`` with each name the code assigned replaced by what it assigned (already expanded when assigned)."""
    expanded: ast.expr = _Expand(assigned).visit(copy.deepcopy(expr))
    return expanded if len(source_of(expanded)) <= MAX_EXPANDED else expr


def source_of(node: ast.AST) -> str:
    """``node`` as source text; "" for one Python cannot write back (a backslash inside an f-string's braces on
    3.11, after a name there was read as what it holds)."""
    try:
        return ast.unparse(node)
    except ValueError:
        return ""
