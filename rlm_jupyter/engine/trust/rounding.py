"""A figure rounded the wrong way: the question asks for a rounded figure, and the answer's is not the printed one
rounded to the precision the answer writes.

Why: a model printed a mean ticket price of 10.685 and, asked "roughly what does a ticket sell for, in whole
pounds?", answered "about £10". The figure passes as seen, since its hedge reaches the printed one, and no word is
wrong. The arithmetic is: 10.685 to whole pounds is 11. The check reads the precision from the answer's own
writing (its decimals; under a hedge, its trailing zeros: "about 3,400" is to the hundred), rounds the nearest
printed figure half up to it, and compares.

Only where the question asks for rounding ("to the nearest", "in whole", "rounded", "roughly", "approximately",
"about how"), only for a figure no output printed as written, and not for a bound ("nearly", "under", "more
than"): those round one way on purpose. In practice it fires where the question sets the precision ("in whole
pounds") and the answer's hedge reaches wider than that: a figure the printed one does not reach even loosely is
``unseen-value``'s.
"""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from ..dialogue import prompts
from .claims import Claim
from .provenance import Evidence
from .readings import Reading, is_year, values

_ASKS_ROUNDED = re.compile(r"\b(?:to the nearest|in whole|whole (?:number|pounds|euros|dollars|francs)|rounded|"
                           r"round(?:ed)? to|roughly|approximately|approx\.?|about how|ungefähr|environ|"
                           r"aproximadamente|arrondi|gerundet)\b", re.IGNORECASE)
_TO_UNITS = re.compile(r"\b(?:to the nearest|in whole|whole (?:number|pounds|euros|dollars|francs))\b", re.IGNORECASE)
# A hedge that bounds the figure: it may round down or up on purpose ("nearly 11", "over 3,400")
_BOUND = re.compile(r"(?:nearly|almost|under|over|more than|less than|at least|at most|up to|below|above|fast|"
                    r"knapp|über|unter|presque|plus de|moins de|casi|más de|menos de)\s*\S{0,4}\s*\Z", re.IGNORECASE)


def misrounded(text: str, question: str, evidence: Evidence) -> Claim | None:
    """The first figure of the answer that is the nearest printed figure rounded another way (see the module)."""
    if not _ASKS_ROUNDED.search(question):
        return None
    for value in values(text):
        if value.kind != "number" or not value.readings or is_year(value) or any(
                r.how == "percent" for r in value.readings):
            continue
        if _BOUND.search(text[max(0, value.start - 24):value.start]):
            continue
        printed = [m.figure for m in evidence.shown.matches(value)
                   if m.figure is not None and m.line.where.place == "output"]
        if not printed or any(m.quality == "exact" for m in evidence.shown.matches(value)):
            continue
        reading = value.readings[0]
        nearest = min(printed, key=lambda f: abs(abs(f.value) - abs(reading.value))).value
        step = _step(reading, whole=bool(_TO_UNITS.search(question)))
        rounded = (abs(nearest) / step).quantize(Decimal(1), rounding=ROUND_HALF_UP) * step
        if abs(rounded - abs(reading.value)) >= step / 2:
            shown = f"{rounded:,f}" if rounded == rounded.to_integral_value() else f"{rounded:,}"
            return Claim(prompts.misrounded(value.text, str(nearest), shown),
                         {"figure": value.text, "printed": str(nearest), "rounds_to": shown})
    return None


def _step(reading: Reading, *, whole: bool) -> Decimal:
    """The precision the answer writes: twice the tolerance of its reading (its last written digit; under a hedge
    its trailing zeros, "about 3,400": 100; a magnitude's, "1.13 million": 10,000), or the unit when the question
    asks for whole units ("to the nearest kilo") and the answer wrote no decimal."""
    step = reading.tolerance * 2
    return Decimal(1) if whole and step > 1 and reading.how == "hedged" else step
