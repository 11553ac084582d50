"""OOLONG-style aggregation: counts, most/least frequent labels and per-user questions over hidden labels.

Score (OOLONG's rule): labels by exact match, numbers by 0.75 ** |error|.
Six questions per context, one of each kind below; the generator only asks
questions whose gold answer is unique (no ties).
"""
from __future__ import annotations

import re
from collections import Counter
from datetime import date
from typing import Any

from ..dialects import Step
from . import Instance, Size, Task
from .records import LABELS, SUB_MODEL, Records, labelling_steps, make_records
from .scoring import normalize, numeric_score

QUESTIONS = {
    "count": "How many data points should be classified as label '{label}'? Answer with a number.",
    "most": "Which label is the most common among all data points? Answer with the label only.",
    "least": "Which label is the least common among all data points? Answer with the label only.",
    "user_count": "How many data points from user {user} should be classified as label '{label}'? Answer with a number.",
    "user_most": "Which label is the most common among the data points from user {user}? Answer with the label only.",
    "after_count": ("How many data points dated after {day:%b %d, %Y} should be classified as label '{label}'? "
                    "Answer with a number."),
}
_PARSE = {kind: re.compile(re.sub(r"\\\{(\w+)(?::[^}]*)?\\\}", r"(?P<\1>.+?)", re.escape(text)) + "$")
          for kind, text in QUESTIONS.items()}


def _unique_top(counter: Counter[str], lowest: bool = False) -> str | None:
    ranked = sorted(counter.items(), key=lambda kv: (kv[1] if lowest else -kv[1]))
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def generate(lines: int, seed: int) -> list[Instance]:
    import numpy as np

    records = make_records(lines, users=max(5, lines // 40), seed=seed)
    rng = np.random.default_rng(seed + 7)
    counts = Counter(records.labels)
    label = LABELS[int(rng.integers(0, len(LABELS)))]
    by_user: dict[int, Counter[str]] = {}
    for user, lab in zip(records.users, records.labels):
        by_user.setdefault(user, Counter())[lab] += 1
    users = sorted(by_user, key=lambda u: (-sum(by_user[u].values()), u))
    user_most = next(u for u in users if _unique_top(by_user[u]))
    user = users[int(rng.integers(0, min(5, len(users))))]
    day = sorted(records.dates)[len(records.dates) // 2]
    golds: dict[str, tuple[dict[str, Any], Any]] = {
        "count": ({"label": label}, counts[label]),
        "most": ({}, _unique_top(counts)),
        "least": ({}, _unique_top(counts, lowest=True)),
        "user_count": ({"user": user, "label": label}, by_user[user][label]),
        "user_most": ({"user": user_most}, _unique_top(by_user[user_most])),
        "after_count": ({"day": day, "label": label}, _after(records, day, label)),
    }
    return [Instance(QUESTIONS[kind].format(**fields), records.text, gold, kind)
            for kind, (fields, gold) in golds.items() if gold is not None]


def _after(records: Records, day: date, label: str) -> int:
    return sum(1 for d, lab in zip(records.dates, records.labels) if d > day and lab == label)


def score(answer: Any, gold: Any) -> float:
    if isinstance(gold, str):
        return 1.0 if normalize(answer) == gold else 0.0
    return numeric_score(answer, gold)


def answer_code(question: str) -> str:
    """The code a model writes for this question, once every instance has a label in ``df``."""
    for kind, pattern in _PARSE.items():  # noqa: B007 - kind is read after the loop breaks
        match = pattern.match(question)
        if match:
            fields = match.groupdict()
            break
    else:
        return "result = 'I could not parse the question'"
    label, user = repr(fields.get("label")), fields.get("user")
    return {
        "count": f"result = int((df['label'] == {label}).sum())",
        "most": "result = df['label'].value_counts().idxmax()",
        "least": "result = df['label'].value_counts().idxmin()",
        "user_count": f"result = int(((df['user'] == {user}) & (df['label'] == {label})).sum())",
        "user_most": f"result = df.loc[df['user'] == {user}, 'label'].value_counts().idxmax()",
        "after_count": (f"cutoff = pd.to_datetime({fields.get('day')!r}, format='%b %d, %Y')\n"
                        f"result = int(((df['date'] > cutoff) & (df['label'] == {label})).sum())"),
    }[kind]


def strategy(question: str, var: str) -> list[Step]:
    return [*labelling_steps(var),
            Step("Now the question is a pandas aggregation over the labels.", answer_code(question) + "\nprint(result)"),
            Step("Computed from the labelled data.", final="result")]


TASK = Task(
    name="oolong", title="OOLONG-style aggregation", canonical="records",
    sizes=[Size(n, f"{n:,} lines") for n in (1_000, 4_000, 16_000)],
    quick_sizes=[Size(300, "300 lines")],
    generate=generate, score=score, strategy=strategy, sub_model=SUB_MODEL,
    scoring="labels: exact match; numbers: 0.75^|error|",
)
