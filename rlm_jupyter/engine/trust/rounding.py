"""A figure rounded the wrong way: the question asks for a rounded figure, and the answer's is not the printed one
rounded to the precision the answer writes.

Why: a model printed a mean ticket price of 10.685 and, asked "roughly what does a ticket sell for, in whole
pounds?", answered "about £10". The figure passes as seen, since its hedge reaches the printed one, and no word is
wrong. The arithmetic is: 10.685 to whole pounds is 11. The check reads the precision from the answer's own
writing (its decimals; under a hedge, its trailing zeros: "about 3,400" is to the hundred), or from the question
when it names one ("to the nearest hundred", "in whole pounds"), and refuses a figure more than half that step
from the nearest printed one (an exact half may be rounded either way).

Only where the question asks for rounding ("to the nearest", "in whole", "rounded", "roughly", "approximately",
"about how"), only for a figure no output printed as written, and not for a bound ("nearly", "under", "more
than"): those round one way on purpose. In practice it fires where the question sets the precision ("in whole
pounds") and the answer's hedge reaches wider than that: a figure the printed one does not reach even loosely is
``unseen-value``'s.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from ..dialogue import prompts
from .claims import Claim
from .printed import Match
from .provenance import Evidence
from .readings import Reading, is_year, values

_ASKS_ROUNDED = re.compile(r"\b(?:to the nearest|in whole|whole (?:number|pounds|euros|dollars|francs)|rounded|"
                           r"round(?:ed)? to|roughly|approximately|approx\.?|about how|ungefähr|environ|"
                           r"aproximadamente|arrondi|gerundet|"
                           # and Dutch, Italian, Portuguese, Spanish, Swedish, Danish and Norwegian
                           r"afgerond|ongeveer|ruwweg|arrotondat[oaie]|all'incirca|arredondad[oa]s?|"
                           r"redondead[oa]s?|avrundat|avrundet|afrundet|ungefär|omtrent)\b", re.IGNORECASE)
# The precision the question sets: "to the nearest hundred" (a magnitude) or "to the nearest kilo", "in whole pounds"
_TO_NEAREST = re.compile(r"\bto the nearest\s+(?P<what>\w+)|\bin whole\b|\bwhole \w+|"
                         r"\b(?:op|in) hele\b", re.IGNORECASE)  # and Dutch "afgerond op hele seconden"
_MAGNITUDES = {"ten": 1, "tens": 1, "hundred": 2, "hundreds": 2, "thousand": 3, "thousands": 3, "million": 6,
               "millions": 6, "tenth": -1, "hundredth": -2}
# A hedge that bounds the figure: it may round down or up on purpose ("nearly 11", "over 3,400")
_SPREAD_ROWS = frozenset({"25%", "75%", "std"})
_ASKS_SPREAD = re.compile(r"quartile|percentile|quantile|spread|deviation|std|interquartile|iqr", re.IGNORECASE)
_BOUND = re.compile(r"(?:nearly|almost|under|over|more than|less than|at least|at most|up to|below|above|fast|"
                    r"knapp|über|unter|presque|plus de|moins de|casi|más de|menos de)\s*\S{0,4}\s*\Z", re.IGNORECASE)


def misrounded(text: str, question: str, evidence: Evidence,
               is_data: Callable[[str], bool] = lambda line: False) -> Claim | None:
    """The first figure of the answer that is the nearest printed figure rounded another way (see the module).
    ``is_data``: whether a printed line is the data's own text (a log line read, not a result computed): its
    figures ("Wind E 6" of a logbook) are no figure the answer rounded."""
    if not _ASKS_ROUNDED.search(question):
        return None
    # the quartile and spread rows of a describe() are no figure an answer to "roughly how many" rounds: one that
    # happens to equal the answer there hides the result the answer misrounded (unless the question asks for one)
    spread = set() if _ASKS_SPREAD.search(question) else {
        id(row.line) for table in evidence.tables for row in table.rows if row.labels
        and row.labels[-1] in _SPREAD_ROWS and any(r.labels and r.labels[-1] == "mean" for r in table.rows)}
    for value in values(text):
        if value.kind != "number" or not value.readings or is_year(value) or any(
                r.how == "percent" for r in value.readings):
            continue
        if _BOUND.search(text[max(0, value.start - 24):value.start]):
            continue
        every = list(evidence.shown.matches(value))
        matched = [m for m in every if id(m.line) not in spread]
        found = [m for m in matched if not is_data(m.line.text)]
        if any(m.quality == "exact" for m in found):
            continue
        # met only on a spread row: the figures within the answer's own step are the ones it may have rounded
        hidden = len(matched) < len(every)
        # each reading its writing allows ("2,795.0 L": litres, or lakhs in Indian English): one that the nearest
        # printed figure rounds to is the one meant
        claims = [_misread(reading, found, every if hidden else matched, evidence,
                           _asked_step(question) or (reading.tolerance * 2 if hidden else None), is_data,
                           avoid=spread)
                  for reading in value.readings]
        if claims and claims[0] is not None and all(claims):
            nearest, shown = claims[0]
            return Claim(prompts.misrounded(value.text, str(nearest), shown),
                         {"figure": value.text, "printed": str(nearest), "rounds_to": shown})
    return None


def _misread(reading: Reading, found: list[Match], matched: list[Match], evidence: Evidence, asked: Decimal | None,
             is_data: Callable[[str], bool], avoid: set[int]) -> tuple[Decimal, str] | None:
    """The nearest printed figure and what it rounds to, when ``reading`` is not it rounded; None when it is (or
    when no printed figure is near). ``avoid``: the lines (by id) of a describe()'s spread rows, no result to round."""
    printed = [m.figure for m in found if m.figure is not None and m.line.where.place == "output"]
    if not printed and asked is not None and matched:
        # "about 49 kg" to the nearest kilo, for a printed mean of 48.34: within one step, the output figure the
        # answer rounded, when only a preview's 48.8 in the data's description (or the data's own text) matched it
        # (a figure matched nowhere is unseen-value's, or derived)
        printed = [f for f in evidence.shown.figures_near(abs(reading.value), asked)
                   if (line := evidence.shown.lines[f.line]).where.place == "output" and not is_data(line.text)
                   and id(line) not in avoid]
    if not printed:
        return None
    nearest = min(printed, key=lambda f: abs(abs(f.value) - abs(reading.value))).value
    step = _step(reading, asked)
    rounded = (abs(nearest) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
    if abs(abs(nearest) - abs(reading.value)) > step / 2:  # an exact half may go either way (round() to even)
        return nearest, f"{rounded.normalize():,f}"
    return None


def _asked_step(question: str) -> Decimal | None:
    """The step the question rounds to: 100 for "to the nearest hundred", 1 for "to the nearest kilo" or "in whole
    pounds", None when it names none ("roughly")."""
    found = _TO_NEAREST.search(question)
    if found is None:
        return None
    what = (found.group("what") or "").lower()
    return Decimal(1).scaleb(_MAGNITUDES[what]) if what in _MAGNITUDES else Decimal(1)


def _step(reading: Reading, asked: Decimal | None) -> Decimal:
    """The precision the answer writes: twice the tolerance of its reading (its last written digit; under a hedge
    its trailing zeros, "about 3,400": 100; a magnitude's, "1.13 million": 10,000); under a hedge that reaches
    wider than the step the question asks for, that step."""
    step = reading.tolerance * 2
    return asked if asked is not None and step > asked and reading.how == "hedged" else step
