"""Numbers an answer states that are no values of the data, and the code's own constants it may state: the scale
of a score ("74.8/100"), the base of a rate ("per 100 bees"), a factor the code applied ("× 131.25"), a bound the
code filtered by, stated as one ("from 17:00" over ``dt.hour >= 17``).

Why apart: each is a source of a kind the printed outputs cannot give (the model chose it, or it is the unit of
another figure), and each is narrow on purpose: a constant the code only compares with or returns is no source
unless the answer states it as a bound, since a figure typed into code and handed back is not read from the data.
"""
from __future__ import annotations

import ast
import functools
import itertools
import re
from collections.abc import Iterator, Sequence
from decimal import Decimal

from ..record.trajectory import Run, Source
from . import localedata
from .derive import MIN_DIGITS, significant_digits
from .readings import CLOCK, Value


def out_of(value: Value, found: list[Value], text: str) -> Source | None:
    """The scale of a score ("74.8/100", "4.2/5"): a round maximum written right after a figure and a slash, no
    less than that figure, is the score's unit, not a value of the data."""
    if value.kind != "number" or value.text not in _SCORE_SCALES or text[value.start - 1:value.start] != "/":
        return None
    before = next((v for v in found if v.kind == "number" and v.start + len(v.text) == value.start - 1), None)
    if before is None or not before.readings or abs(before.first) > Decimal(value.text):
        return None
    return Source(value.text, "derived", how=f"the scale {before.text}/{value.text} is out of", loose=True)


_SCORE_SCALES = frozenset({"5", "10", "20", "100"})


def rate_base(value: Value, text: str) -> Source | None:
    """The base of a rate ("0.73 mites per 100 bees", "4.1 pour 1,000 habitants"): a power of ten after "per" is
    the rate's unit, not a value of the data."""
    if value.kind != "number" or not value.readings or value.first not in _RATE_BASES:
        return None
    if not re.search(r"\b(?:per|pour|pro|je|por|par|every)\s*$", text[:value.start], re.IGNORECASE):
        return None
    return Source(value.text, "derived", how=f"the base of a rate (per {value.text})", loose=True)


_RATE_BASES = frozenset(Decimal(10) ** n for n in range(1, 6))


def code_factor(value: Value, runs: Sequence[Run], text: str = "") -> Source | None:
    """A factor the model's code applied, that the answer states to explain its figures ("ABV = (OG − FG) ×
    131.25", "divided by 3.6 million" over ``joules / 3.6e6``, "litres × °Brix ÷ 86" over ``/ 86``): a number of
    ``MIN_DIGITS`` significant digits, or of a thousand or more, or one the answer writes as an operand (after ×,
    ÷, /, "divided by", "times"), not a power of ten, that is an operand of arithmetic in a block that ran cleanly
    (a small round figure, 12 or 0.5, said alone, is too common a constant to tell anything). A constant the code
    only returns is no source, and one it compares with only as a bound the answer states as one (``code_bound``):
    a figure typed into code and handed back is not read from the data."""
    if value.kind != "number" or not value.readings:
        return None
    operand = any(_OPERATOR.search(text[:m.start()]) for m in re.finditer(rf"(?<![\d.,]){re.escape(value.text)}"
                                                                           rf"(?![\d]|[.,]\d)", text))
    if significant_digits(value) < MIN_DIGITS and abs(value.first) < _LARGE_FACTOR and not operand:
        return None
    for where, code in _clean_blocks(runs):
        for number, expression in _arithmetic_constants(code):
            if any(number == reading.value for reading in value.readings if reading.how != "percent"):
                return Source(value.text, "derived", how=f"a factor of the code at {where}: {expression}", loose=True)
    return None


def code_converted(value: Value, index: int, found: Sequence[Value], sources: dict[int, Source],
                   runs: Sequence[Run], text: str) -> Source | None:
    """A figure the answer converts right beside another by the factor the model's code applied to what that
    figure counts ("16 172 arrobas (≈ 242,6 t)" over ``t['kg'] = t.arrobas * 15``): what the code did to a column,
    the model did to a figure it states, then, where the answer names the unit, by a power of ten to one of that
    unit's steps (kg to t). Narrow on purpose, so a made-up figure is not met by chance: the other figure is the
    one written right before or after it, in the same clause, has a source, and names by the word after it a name
    of the code's expression (``arrobas``); the code's operator is kept (``* 15`` multiplies); the figure has its
    unit written and ``MIN_DIGITS`` significant digits."""
    if value.kind != "number" or value.unit is None or significant_digits(value) < MIN_DIGITS:
        return None
    steps = {step for other in localedata.UNITS[value.unit.dimension].values()
             if _power_of_ten(step := other / value.unit.factor)} | {Decimal(1)}
    for neighbour in (index - 1, index + 1):
        if not 0 <= neighbour < len(found) or neighbour not in sources or found[neighbour].kind != "number":
            continue
        other = found[neighbour]
        named = re.match(r"\s*([^\W\d_]{3,})", text[other.start + len(other.text):])
        first, second = sorted((other, value), key=lambda v: v.start)
        between = text[first.start + len(first.text):second.start]
        if named is None or re.search(r"\d|[.;!?](?:\s|$)", between) or len(between.replace(named.group(1), "")) > 16:
            continue
        for where, code in _clean_blocks(runs):
            for operator, right, number, expression in _operands(code):
                if not (isinstance(operator, ast.Mult) or (isinstance(operator, ast.Div) and right)) or not number \
                        or _power_of_ten(number) \
                        or named.group(1).lower() not in expression.lower():
                    continue
                factor = number if isinstance(operator, ast.Mult) else 1 / number
                for reading, step in itertools.product(other.readings, sorted(steps)):
                    result = abs(reading.value) * factor * step
                    if reading.how != "percent" and any(abs(result - abs(r.value)) <= r.tolerance
                                                        for r in value.readings):
                        return Source(value.text, "derived", how=f"{other.text} by the code's {expression} at {where}"
                                      + (f", × {step:,}" if step != 1 else "") + f": {value.text}", loose=True,
                                      operands=[sources[neighbour]])
    return None


_LARGE_FACTOR = 1000
_OPERATOR = re.compile(r"(?:[×÷*/]|\b(?:divided by|multiplied by|times|geteilt durch|mal|divisé par|dividido por))\s*$",
                       re.IGNORECASE)


def _clean_blocks(runs: Sequence[Run]) -> Iterator[tuple[str, str]]:
    """Where each block that ran cleanly stands ("turn 3, block 1") and its code: a constant of a block that
    raised did nothing."""
    for run in runs:
        for it in run.iterations:
            for block, cell in enumerate(it.cells, 1):
                if cell.error is None:
                    yield f"turn {it.index + 1}, block {block}", cell.code


def _arithmetic_constants(code: str) -> tuple[tuple[Decimal, str], ...]:
    """The numbers a block's code uses as operands of arithmetic (``x * 131.25``), with the expression; not a
    scale (10, 100, 0.001)."""
    return tuple((number, expression) for _, _, number, expression in _operands(code)
                 if not _power_of_ten(number))


def _power_of_ten(number: Decimal) -> bool:
    """1, 10, 0.001...: a scale, not a factor of the data's own (its digits are one 1)."""
    return number.normalize().as_tuple().digits == (1,)


def code_divisors(code: str) -> tuple[tuple[Decimal, str], ...]:
    """The numbers a block's code divides by (``x / 1e6``), with the expression."""
    return tuple((number, expression) for operator, right, number, expression in _operands(code)
                 if right and isinstance(operator, ast.Div))


@functools.lru_cache(maxsize=256)
def _operands(code: str) -> tuple[tuple[ast.operator, bool, Decimal, str], ...]:
    """Each number of a block's code that is an operand of arithmetic: the operator, whether the number is on its
    right, the number, the expression; read once per block."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ()
    return tuple((node.op, side is node.right, Decimal(str(side.value)),
                  (ast.get_source_segment(code, node) or "")[:80])
                 for node in ast.walk(tree) if isinstance(node, ast.BinOp)
                 for side in (node.left, node.right)
                 if isinstance(side, ast.Constant) and isinstance(side.value, int | float)
                 and not isinstance(side.value, bool))


def code_name(value: Value, runs: Sequence[Run]) -> Source | None:
    """A code-like token that is a name the model's code used ("a fit of log10 N" over ``np.log10``, "the
    ``n_ge`` counts"): a function's or a variable's name, not a value of the data, so nothing to trace."""
    if value.kind != "token":
        return None
    for where, code in _clean_blocks(runs):
        if value.text in _names(code):
            return Source(value.text, "computed", where=f"a name of the code at {where}")
    return None


@functools.lru_cache(maxsize=256)
def _names(code: str) -> frozenset[str]:
    """The names and attributes a block's code uses (``np.log10``: np and log10), read once."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return frozenset()
    return frozenset(node.id if isinstance(node, ast.Name) else node.attr for node in ast.walk(tree)
                     if isinstance(node, ast.Name | ast.Attribute))


def code_bound(value: Value, text: str, runs: Sequence[Run]) -> Source | None:
    """A bound the model's code filtered by, that the answer states as one ("evening shows (from 17:00)" over
    ``dt.hour >= 17``; "over 5,000 kWh" over ``kwh > 5000``): a constant of a comparison in a block that ran
    cleanly, after a word of a bound. Without that word a compared constant is no source: a figure typed into a
    filter and handed back as the result is not read from the data."""
    if not _BOUND_WORD.search(text[max(0, value.start - 20):value.start]):
        return None
    wanted: set[Decimal | str] = {r.value for r in value.readings if r.how != "percent"}
    clock = CLOCK.fullmatch(value.key) if value.kind == "token" else None
    if clock is not None:
        wanted.add(value.key)
        if value.key.endswith(":00"):
            wanted.add(Decimal(int(value.key.split(":")[0])))  # 17:00 of ``.dt.hour >= 17``
    for where, code in _clean_blocks(runs):
        for constant, expression in _compared_constants(code):
            if constant in wanted:
                return Source(value.text, "derived", how=f"a bound of the code at {where}: {expression}", loose=True)
    return None


_BOUND_WORD = re.compile(r"\b(?:from|after|before|since|until|over|above|below|under|at least|at most|more than|"
                         r"less than|fewer than|beyond|ab|seit|bis|über|unter|dès|après|avant|plus de|moins de|"
                         r"desde|hasta|más de|menos de)\s*$|[<>≤≥]=?\s*$", re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def _compared_constants(code: str) -> tuple[tuple[Decimal | str, str], ...]:
    """The numbers and texts a block's code compares with (``x >= 17``, ``t > '17:00'``), with the comparison."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ()
    found: list[tuple[Decimal | str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and not isinstance(side.value, bool) \
                        and isinstance(side.value, int | float | str):
                    constant = side.value if isinstance(side.value, str) else Decimal(str(side.value))
                    found.append((constant, (ast.get_source_segment(code, node) or "")[:80]))
    return tuple(found)
