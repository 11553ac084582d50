"""Arithmetic an answer writes out ("204 + 18 + 8.10", "3 × 68 EUR"), evaluated: its result is derived.

Why: a capable model shows its working in the answer ("EUR 230.10: 3 × 68 EUR berth + 3 × 6 EUR water + ... = 204
+ 18 + 8.10"). The bounded search of ``derive`` tries two or three operands among the figures of the run; a chain the
answer writes has as many operands as it likes, and says which ones. So the chain is read as written (figures joined
by ``+ − × x * / ÷``, a unit or a few words after each figure, grouped by brackets as in "(a + b + c) / 3"),
evaluated with the usual precedence, and a value of
the answer equal to it, within the rounding of its own last digit, is derived from it, but only when every operand of
the chain has a source of its own: a written sum of invented figures derives nothing.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from ..record.trajectory import Source
from .readings import Value, every_value

# Between two operands: at most three words (a unit, "adults", "nights"), then one operator. Chinese and Japanese
# write the label after the operator, unspaced, with full-width signs and brackets ("81,600 L＋純米吟醸47,280 L").
# A hyphen or an "x" is an operator only between spaces ("10-12 m" is a range, "3x" a factor).
_CJK_LABEL = r"(?:[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{1,12}\s*)?"
_BETWEEN = re.compile(r"\s*(?:[^\W\d]+\.?\s*){0,3}?(?P<close>[)）]\s*)?(?P<op>[+−×*/÷＋＊／]|(?<=\s)[-xX](?=\s))"
                      r"\s*(?P<open>[(（]\s*)?" + _CJK_LABEL)
_OPENED = re.compile(r"[(（]\s*\Z")  # a bracket right before a chain's first figure
_OPERATORS = {"+": "+", "-": "-", "−": "-", "×": "*", "x": "*", "X": "*", "*": "*", "/": "/", "÷": "/",
              "＋": "+", "＊": "*", "／": "/"}  # not "－": "10－12個" is a range, "1－2－3" an address


@dataclass(frozen=True)
class Chain:
    """A written chain: the indexes of its operands among the answer's values, its tokens in order (an operand's
    index, an operator, or a bracket), and its text."""

    operands: tuple[int, ...]
    tokens: tuple[int | str, ...]
    text: str

    def result(self, found: Sequence[Value]) -> Decimal | None:
        """The chain's value over its operands as written (the answer worked with those), None if undefined or if
        its brackets do not pair."""
        reader = _Reader([_operand(found[t]) if isinstance(t, int) else t for t in self.tokens])
        try:
            total = reader.sum()
        except (ArithmeticError, InvalidOperation, IndexError, ValueError):
            return None
        return total if reader.at == len(reader.items) else None


def _operand(value: Value) -> Decimal:
    """A figure as a chain of units works with it: "81,600 L＋47,280 L" adds litres, its digits as written (a
    capital that is a magnitude too is read first as lakh elsewhere); an amount with its currency keeps that."""
    if value.unit is not None and not value.currency:
        plain = next((r.value for r in value.readings if r.how == "as written"), None)
        if plain is not None:
            return -abs(plain) if value.sign < 0 else plain
    return value.first


@dataclass
class _Reader:
    """A recursive-descent reading of a chain's tokens: brackets first, × and / before + and −."""

    items: list[Decimal | str]
    at: int = 0

    def _next(self) -> Decimal | str:
        item = self.items[self.at]
        self.at += 1
        return item

    def sum(self) -> Decimal:
        total = self.product()
        while self.at < len(self.items) and self.items[self.at] in ("+", "-"):
            total = total + self.product() if self._next() == "+" else total - self.product()
        return total

    def product(self) -> Decimal:
        total = self.operand()
        while self.at < len(self.items) and self.items[self.at] in ("*", "/"):
            total = total * self.operand() if self._next() == "*" else total / self.operand()
        return total

    def operand(self) -> Decimal:
        item = self._next()
        if isinstance(item, Decimal):
            return item
        if item != "(":
            raise ValueError(item)
        inner = self.sum()
        if self._next() != ")":
            raise ValueError("an unpaired bracket")
        return inner


def chains(found: Sequence[Value], text: str) -> list[Chain]:
    """Every chain of two or more numbers the text joins by operators. Its operands are indexes into ``found``
    (``values``, without repeats): a figure written twice ("4 stalls ... / 4") is one operand twice."""
    out: list[Chain] = []
    run: list[int] = []  # positions in ``every``
    tokens: list[int | str] = []
    depth = 0  # brackets open: a ")" with none open is the prose's ("(EUR 68) + 6"), not the chain's
    first = {(v.kind, v.text): i for i, v in reversed(list(enumerate(found)))}
    every = [v for v in every_value(text) if (v.kind, v.text) in first]
    for index, value in enumerate(every):
        previous = every[index - 1] if index else None
        joined = (previous is not None and previous.kind == "number" and value.kind == "number" and run
                  and run[-1] == index - 1 and value.readings and value.sign == 0)
        match = _BETWEEN.fullmatch(text[previous.start + len(previous.text):value.start]) if joined and previous \
            else None
        if match is not None:
            run.append(index)
            closes = bool(match.group("close")) and depth > 0
            depth += (1 if match.group("open") else 0) - (1 if closes else 0)
            tokens += [*([")"] if closes else []), _OPERATORS[match.group("op")],
                       *(["("] if match.group("open") else []), first[(value.kind, value.text)]]
            continue
        if len(run) >= 2:
            out.append(_chain(run, tokens, every, first, text))
        run, tokens, depth = [], [], 0
        if value.kind == "number" and value.readings:
            opened = _OPENED.search(text[:value.start]) is not None
            run = [index]
            tokens, depth = [*(["("] if opened else []), first[(value.kind, value.text)]], int(opened)
    if len(run) >= 2:
        out.append(_chain(run, tokens, every, first, text))
    return out


def _chain(run: list[int], tokens: list[int | str], every: Sequence[Value], first: dict[tuple[str, str], int],
           text: str) -> Chain:
    """A chain, each bracket it opened closed at its end, whether the text closes it there ("(a + b + c) / 3") or
    the bracket holds more than the working ("74 EUR (68 berth + 6 water, both per night)")."""
    operands = tuple(first[(every[i].kind, every[i].text)] for i in run)
    start_value, last = every[run[0]], every[run[-1]]
    end = last.start + len(last.text)
    opened = tokens.count("(") - tokens.count(")")
    closing = re.match(r"(?:\s*\))*", text[end:]).group(0)  # type: ignore[union-attr]
    shown = min(opened, closing.count(")"))
    start = text.rfind("(", 0, start_value.start) if tokens[0] == "(" else start_value.start
    return Chain(operands, (*tokens, *[")"] * opened), text[start:end + len(closing) if shown else end])


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
