"""A share answered over the wrong base: "what share of Iberia's flights were cancelled?" answered with Iberia's
cancellations over every flight of every airline.

Why: the figures were printed (Iberia's 2 cancellations, the 900 flights), the division is right, and the answer
reads well, so every check of where a value came from passes. What is wrong is the divisor, and the question
says what it must be: a share *of Iberia's flights* is a count of Iberia's flights over how many there are. The
data says how many there are. So this check reads the question's form for the part of the data the share is of,
counts that part's rows in the data, and tests the answer's percent against that count, never its wording:

- **the part** (``share_scope``): the words right after "share / percent(age) / proportion / fraction / rate
  of" (two at most, past "the" and "all"), one of which names a part of the data (``parts.Part``: a whole value
  of a text column, ``Iberia`` in ``airline``, or a word of its values, ``api`` in ``/api/v2/orders``); "what
  share of readmissions came from Cardiology?" names no part (Cardiology comes after the verb), so its base is
  every readmission;
- **refused**, for a percent the answer states (printed, or computed in the head), when code printed it as a
  division whose divisor reads nothing of the part (no constant naming it) while its dividend does
  (``api5 / len(log)``); else when no count of the part's rows over their number gives it (to the precision it
  is written with); or when it was computed in the head as ``a / b`` with ``b`` another figure than that number
  and ``a`` over that number does not give it.

Only for a question of that form with a percent in the answer: nothing else pays for reading the data.
"""
from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from ..dialogue import prompts
from ..record.trajectory import Source
from .claims import Claim
from .derive import matches
from .parts import Part, names, part_named, printed_expression, printed_matches
from .provenance import Evidence
from .readings import Value, values
from .revisions import source_of

# (and the same in Spanish, Portuguese, French, Italian, Dutch and German: "porcentaje de las donaciones O−",
# "la part des vols", "aandeel van de ritten", "Anteil der Flüge")
_SCOPE = re.compile(r"\b(?:share|percent(?:age)?|proportion|fraction|rate|%|porcentaje|porcentagem|pourcentage|"
                    r"percentuale|proporci[oó]n|propor[cç][aã]o|quota|aandeel|anteil)\s+"
                    r"(?:(?:of|de|di|du|des|del|dei|della|dello|delle|degli|da|do|dos|das|van|der|an)\s+|"
                    r"dell['’]\s*)"
                    r"(?:(?:the|all|las|los|la|el|les|le|il|lo|gli|i|de|het|den|os|as|o|a|alle|todos|todas)\s+|"
                    r"l['’]\s*)?"
                    r"(?P<words>[\w/.−-]+(?:['’]s)?(?:\s+[\w/.−-]+)?)", re.IGNORECASE)


def share_scope(question: str) -> list[str]:
    """The words that may name what a share is of: "of Iberia's flights" → ``iberia``, ``flights``."""
    match = _SCOPE.search(question)
    if match is None:
        return []
    # a minus sign as a hyphen ("O−" of a blood group the data writes "O-")
    words = [re.sub(r"['’]s$", "", w).replace("−", "-").strip("/.").lower() for w in match.group("words").split()]
    return [w for w in words if len(w) >= 2]


def wrong_base(text: str, question: str, evidence: Evidence, sources: Iterable[Source],
               frames: Iterable[Any]) -> Claim | None:
    """A percent of the answer that is not a share of the part of the data the question asks about (see the
    module)."""
    words = share_scope(question)
    percents = [v for v in values(text) if v.kind == "number" and any(r.how == "percent" for r in v.readings)]
    if not words or not percents:
        return None
    part = part_named(words, frames, within=True)
    if part is None:
        return None
    by_value = {s.value: s for s in sources}
    for value in percents:
        source = by_value.get(value.text)
        if source is None or source.kind not in ("derived", "shown"):
            continue
        division = _printed_division(value, evidence) if source.kind == "shown" else None
        how: str | None = None
        if division is not None and names(division[0], part.word) and not names(division[1], part.word):
            how = source_of(division[1])
        elif division is not None and names(division[1], part.word):
            continue  # divided by the part's own rows, counted as the code counted them
        elif not _some_count(value, part.rows):
            how = source.how or f"printed at {source.where}: {source.line}"
        elif source.kind == "derived" and _other_divisor(value, source, part):
            how = source.how
        if how is not None:
            return Claim(prompts.wrong_base(value.text, part.word, part.column, part.rows, how),
                         {"figure": value.text, "part": part.word, "rows": part.rows, "how": how})
    return None


# -- a percent computed in the head -----------------------------------------------------------------------------
def _other_divisor(value: Value, source: Source, part: Part) -> bool:
    """A derivation ``a / b`` whose divisor is not the part's rows, and ``a`` over them is not the figure."""
    if len(source.operands) != 2 or source.how.count("/") != 1 or " / " not in source.how:
        return False
    dividend, divisor = (_number(o.value) for o in source.operands)
    if dividend is None or divisor is None or divisor == part.rows:
        return False
    return not matches(value, dividend / part.rows)


def _some_count(value: Value, rows: int) -> bool:
    """Some whole count from 0 to ``rows``, over ``rows``, is the percent as written (to its precision)."""
    for reading in value.readings:
        for scale in (Decimal(100), Decimal(1)):
            low = (abs(reading.value) - reading.tolerance) / scale * rows
            high = (abs(reading.value) + reading.tolerance) / scale * rows
            if any(matches(value, Decimal(k) / rows) for k in range(max(0, math.floor(low)),
                                                                    min(rows, math.ceil(high)) + 1)):
                return True
    return False


def _number(text: str) -> Decimal | None:
    found = [v for v in values(text) if v.kind == "number" and v.readings]
    return found[0].first if found else None


# -- a percent printed by code ----------------------------------------------------------------------------------
def _printed_division(value: Value, evidence: Evidence) -> tuple[ast.expr, ast.expr] | None:
    """The dividend and divisor of the division whose result printed ``value`` (each name read as what the code
    assigned it); None when no division did, or which one is not known."""
    for match in printed_matches(value, evidence):
        expr = printed_expression(match, evidence)
        if expr is not None and (found := _division(expr)) is not None:
            return found
    return None


def _division(expr: ast.expr) -> tuple[ast.expr, ast.expr] | None:
    """The dividend and divisor of ``a / b`` (also inside ``round(...)``, ``100 * ...``); None for anything else."""
    for node in _walk_top(expr):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return node.left, node.right
    return None


def _walk_top(expr: ast.expr) -> Iterator[ast.expr]:
    """``expr``, then what formatting or scaling wraps: the arguments of a call, the operands of ``*``."""
    yield expr
    if isinstance(expr, ast.Call):
        for arg in expr.args:
            yield from _walk_top(arg)
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mult):
        yield from _walk_top(expr.left)
        yield from _walk_top(expr.right)
    elif isinstance(expr, ast.JoinedStr):
        for part in expr.values:
            if isinstance(part, ast.FormattedValue):
                yield from _walk_top(part.value)
