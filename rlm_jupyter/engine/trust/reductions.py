"""A figure the answer names as one statistic that the code computed as another: "the median stay is 166.4
minutes", printed by ``visits.perc.mean()``.

Why: the figure was printed, so it passes as seen, and the answer's words name what was asked. A table of statistics
(``describe()``) names its rows, and ``claims`` reads a swap there by the row's name; a figure printed alone has no
row, and the expression that printed it is its name. Read:

- the reduction the expression computes: its ``mean`` or ``median`` calls (``x.mean()``, ``np.median(x)``,
  ``statistics.fmean(x)``), a quantile of one half or a percentile of 50, a constant that names one
  (``agg('median')``, ``describe()['50%']``), when they are all of one kind, through a ``round`` or a unit
  conversion around them;
- the statistic the answer names for the figure: of the words ``claims.STATISTICS`` has for the median and the mean,
  in the reader's languages (English "mean" after a determiner only), the one nearest the figure in its sentence,
  outside brackets the figure is not in, and any in a bracket right after it.

Refused (``row-mismatch``) when the answer names one statistic for the figure, and every printing of it is by an
expression that computes the other (a printing whose expression is not known, or that computes neither, leaves the
figure alone).
"""
from __future__ import annotations

import ast
import functools
import re

from ..dialogue import prompts
from . import localedata
from .claims import STATISTICS, Claim
from .parts import printed_expression, printed_matches
from .provenance import Evidence
from .readings import values
from .revisions import source_of

_CALLS = {"mean": "mean", "average": "mean", "nanmean": "mean", "fmean": "mean", "median": "median",
          "nanmedian": "median"}


# a constant that names a reduction: ``agg('median')``, ``describe()['50%']``
_CONSTANTS = {"mean": "mean", "average": "mean", "median": "median", "50%": "median"}


@functools.cache
def _named() -> dict[str, re.Pattern[str]]:
    """The words that name the median and the mean: whole words, or, in a script without spaces, anywhere
    ("中位数为"); English "mean" only after a determiner ("the mean", not "30 visits mean 80 hours")."""
    words = {"median": STATISTICS["50%"], "mean": STATISTICS["mean"]}
    patterns = {}
    for kind, names in words.items():
        ways = [rf"(?<!\w)(?:{localedata.alternation(n for n in names if not _UNSPACED.search(n))})(?!\w)",
                localedata.alternation(n for n in names if _UNSPACED.search(n))]
        if kind == "mean":
            ways.append(r"(?:(?<=\bthe )|(?<=\ba )|(?<=\bits )|(?<=\btheir )|(?<=\bour ))mean(?!\w)")
        patterns[kind] = re.compile("|".join(way for way in ways if way), re.IGNORECASE)
    return patterns


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")  # Japanese, Chinese, Korean, Thai


def other_reduction(text: str, evidence: Evidence) -> Claim | None:
    """A figure named as the median (or the mean) that every printing of computed as the other."""
    for value in values(text):
        if value.kind != "number" or not value.readings:
            continue
        said = _said(text, value.start, value.start + len(value.text))
        if said is None:
            continue
        printed = [printed_expression(m, evidence) for m in printed_matches(value, evidence)]
        known = [e for e in printed if e is not None]
        computed = {_reduction(e) for e in known}
        if known and len(known) == len(printed) and len(computed) == 1 and None not in computed and computed != said:
            (named,), (other,) = said, computed
            return Claim(prompts.other_reduction(value.text, named, str(other)),
                         {"figure": value.text, "named": named, "computed": other,
                          "printed_by": source_of(known[0])[:200]})
    return None


def _said(text: str, start: int, end: int) -> set[str] | None:
    """The statistic the answer names for the figure at ``start``: a word of the median or the mean in its
    sentence whose nearest figure it is, not in a bracket the figure is not in ("3.1 hours on average: 187.9 minutes
    (median 163.6 min)" names 187.9 the mean and 163.6 the median; in "14,418 bytes; median 14,440 bytes" the
    median is the second figure's)."""
    sentence_start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    ends = [m.start() for m in _SENTENCE_END.finditer(text, end)]
    sentence = text[sentence_start:ends[0] if ends else len(text)]
    spans = [(v.start, v.start + len(v.text)) for v in values(sentence) if v.kind == "number"]
    own = (start - sentence_start, end - sentence_start)
    kinds = set()
    for kind, pattern in _named().items():
        for m in pattern.finditer(sentence):
            reach = [(_distance(m.span(), span), span) for span in spans
                     if not _bracket_between(sentence, m.start(), span[0])]
            if reach and min(reach)[1][0] == own[0]:
                kinds.add(kind)
    # a bracket right after the figure names it too ("160 minutes (median)"): with another word, the answer names
    # two statistics for it, and no one is claimed
    after = re.match(r"\s*[^\W\d]{0,12}\s*[(（]([^)）]*)[)）]", sentence[own[1]:])
    if after is not None:
        kinds |= {kind for kind, pattern in _named().items() if pattern.search(after.group(1))}
    return kinds if len(kinds) == 1 else None


def _distance(word: tuple[int, int], figure: tuple[int, int]) -> int:
    return figure[0] - word[1] if word[1] <= figure[0] else word[0] - figure[1]


def _bracket_between(sentence: str, a: int, b: int) -> bool:
    """Whether a bracket opens or closes between two places of a sentence (they are in different brackets)."""
    return any(char in "()（）[]" for char in sentence[min(a, b):max(a, b)])


_SENTENCE_END = re.compile(r"[.!?。！？](?:\s+|$)|\n")


def _reduction(expr: ast.expr) -> str | None:
    """``mean`` or ``median`` when every reduction the expression names is that one (a call, a quantile of one half,
    a percentile of 50, a constant such as ``agg('median')`` or ``describe()['50%']``); None otherwise."""
    kinds = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in _CONSTANTS:
            kinds.add(_CONSTANTS[node.value])
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        if name in _CALLS:
            kinds.add(_CALLS[name])
        elif name in ("quantile", "percentile", "nanpercentile"):
            half = _argument(node, 0, "q") == 0.5 if name == "quantile" else _argument(node, 1, "q") == 50
            kinds.add("median" if half else "another quantile")
    return kinds.pop() if len(kinds) == 1 and kinds <= {"mean", "median"} else None


def _argument(call: ast.Call, position: int, keyword: str) -> object:
    """A constant argument of the call, by its position or its keyword; None when it is not a constant."""
    node = call.args[position] if len(call.args) > position else next(
        (k.value for k in call.keywords if k.arg == keyword), None)
    return node.value if isinstance(node, ast.Constant) else None
