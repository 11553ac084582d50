"""Answer decoding and the scoring rules shared by the tasks.

Why decoding: rlm_jupyter returns the answer object itself, the other two
libraries return text (JSON for structured answers, see ``dialects``), and a
real model may answer in prose. Every scorer first turns the answer into
Python data, then compares.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

_NUMBER = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")


def decode(answer: Any) -> Any:
    """JSON text -> Python data (a ``to_json(orient='split')`` frame -> DataFrame); anything else unchanged."""
    if not isinstance(answer, str):
        return answer
    text = answer.strip()
    if text[:1] in "[{\"":
        try:
            value = json.loads(text)
        except ValueError:
            return answer
        if isinstance(value, dict) and {"columns", "index", "data"} <= set(value):
            import pandas as pd

            return pd.DataFrame(value["data"], index=value["index"], columns=value["columns"])
        return value
    return answer


def first_number(answer: Any) -> float | None:
    """The number in an answer: the value itself, or the first number written in its text."""
    value = decode(answer)
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    match = _NUMBER.search(str(value))
    return float(match.group().replace(",", "")) if match else None


def numeric_score(answer: Any, gold: float) -> float:
    """OOLONG's rule for counts: 0.75 ** |error| (1.0 exact, 0.75 off by one, ...)."""
    value = first_number(answer)
    return 0.0 if value is None else 0.75 ** abs(value - gold)


def normalize(text: Any) -> str:
    return " ".join(str(decode(text)).strip().strip(".'\"").lower().split())


def pairs_of(answer: Any) -> set[tuple[int, int]]:
    """Unordered integer pairs from a list of pairs or from text like "(12, 40), (3, 7)"."""
    value = decode(answer)
    found: Iterable[Any]
    if isinstance(value, (list, tuple, set)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in value):
        found = value
    else:
        found = re.findall(r"(\d+)\s*,\s*(\d+)", str(value))
    return {tuple(sorted((int(a), int(b)))) for a, b in found if int(a) != int(b)}  # type: ignore[misc]


def f1(predicted: set[Any], gold: set[Any]) -> float:
    if not predicted and not gold:
        return 1.0
    hits = len(predicted & gold)
    if not hits:
        return 0.0
    precision, recall = hits / len(predicted), hits / len(gold)
    return 2 * precision * recall / (precision + recall)
