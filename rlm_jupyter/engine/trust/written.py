"""Arithmetic an answer writes out ("204 + 18 + 8.10", "3 × 68 EUR"), evaluated: its result is derived.

Why: a capable model shows its working in the answer ("EUR 230.10: 3 × 68 EUR berth + 3 × 6 EUR water + ... = 204
+ 18 + 8.10"). The bounded search of ``derive`` tries two or three operands among the figures of the run; a chain the
answer writes has as many operands as it likes, and says which ones. So the chain is read as written (figures joined
by ``+ − × x * / ÷``, a unit or a few words after each figure), evaluated with the usual precedence, and a value of
the answer equal to it, within the rounding of its own last digit, is derived from it, but only when every operand of
the chain has a source of its own: a written sum of invented figures derives nothing.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ..record.trajectory import Source
from .readings import Value

# Between two operands: at most three words (a unit, "adults", "nights"), then one operator.
# A hyphen or an "x" is an operator only between spaces ("10-12 m" is a range, "3x" a factor).
_BETWEEN = re.compile(r"\s*(?:[^\W\d]+\.?\s+){0,3}?(?P<op>[+−×*/÷]|(?<=\s)[-xX](?=\s))\s*")
_OPERATORS = {"+": "+", "-": "-", "−": "-", "×": "*", "x": "*", "X": "*", "*": "*", "/": "/", "÷": "/"}


@dataclass(frozen=True)
class Chain:
    """A written chain: the indexes of its operands among the answer's values, its operators, and its text."""

    operands: tuple[int, ...]
    operators: tuple[str, ...]
    text: str

    def result(self, found: Sequence[Value]) -> Decimal | None:
        """The chain's value over its operands as written (the answer worked with those), None if undefined."""
        numbers = [found[i].first for i in self.operands]
        # × and / first, then + and − from left to right
        terms, signs, current = [], ["+"], numbers[0]
        try:
            for op, number in zip(self.operators, numbers[1:], strict=True):
                if op == "*":
                    current *= number
                elif op == "/":
                    current /= number
                else:
                    terms.append(current)
                    signs.append(op)
                    current = number
            terms.append(current)
        except (ArithmeticError, InvalidOperation):
            return None
        return sum((t if s == "+" else -t for s, t in zip(signs, terms, strict=True)), Decimal(0))


def chains(found: Sequence[Value], text: str) -> list[Chain]:
    """Every chain of two or more numbers the text joins by operators."""
    out: list[Chain] = []
    run: list[int] = []
    ops: list[str] = []
    for index, value in enumerate(found):
        previous = found[index - 1] if index else None
        joined = (previous is not None and previous.kind == "number" and value.kind == "number" and run
                  and run[-1] == index - 1 and value.readings and value.sign == 0)
        match = _BETWEEN.fullmatch(text[previous.start + len(previous.text):value.start]) if joined and previous \
            else None
        if match is not None:
            run.append(index)
            ops.append(_OPERATORS[match.group("op")])
            continue
        if len(run) >= 2:
            out.append(_chain(run, ops, found, text))
        run, ops = ([index], []) if value.kind == "number" and value.readings else ([], [])
    if len(run) >= 2:
        out.append(_chain(run, ops, found, text))
    return out


def _chain(run: list[int], ops: list[str], found: Sequence[Value], text: str) -> Chain:
    first, last = found[run[0]], found[run[-1]]
    return Chain(tuple(run), tuple(ops), text[first.start:last.start + len(last.text)])


def written_source(value: Value, index: int, found: Sequence[Value], text: str,
                   sources: dict[int, Source]) -> Source | None:
    """``value`` as the result of a chain the answer writes, every operand of which has a source."""
    if value.kind != "number" or not value.readings:
        return None
    for chain in chains(found, text):
        if index in chain.operands or not all(i in sources and sources[i].kind != "nowhere" for i in chain.operands):
            continue
        total = chain.result(found)
        if total is not None and any(abs(abs(total) - abs(r.value)) <= r.tolerance for r in value.readings):
            return Source(value.text, "derived", how=f"{chain.text}, as the answer writes it", loose=True,
                          operands=[sources[i] for i in chain.operands])
    return None
