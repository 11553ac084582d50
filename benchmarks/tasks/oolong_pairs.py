"""OOLONG-Pairs-style quadratic task: "list all pairs of user IDs where ..." over hidden labels.

Score: F1 between the predicted and the gold set of unordered pairs. Users
have about five instances each, so the predicates are selective and the
answer grows quadratically with the number of users.
"""
from __future__ import annotations

import itertools
import re
from typing import Any

from ..dialects import Step
from . import Instance, Size, Task
from .records import LABELS, SUB_MODEL, labelling_steps, make_records
from .scoring import f1, pairs_of

_LIST = "List all pairs of user IDs (each pair once, lower ID first) where "
QUESTIONS = {
    "both_any": _LIST + "both users have at least one instance labeled '{a}' or '{b}'.",
    "both_all": _LIST + "both users have at least one instance labeled '{a}' and at least one labeled '{b}'.",
    "one_each": _LIST + "one user has an instance labeled '{a}' and the other user has an instance labeled '{b}'.",
}
_PARSE = {kind: re.compile(re.escape(text).replace(r"'\{a\}'", "'(?P<a>[^']+)'").replace(r"'\{b\}'", "'(?P<b>[^']+)'") + "$")
          for kind, text in QUESTIONS.items()}


def _qualifies(kind: str, mine: set[str], theirs: set[str], a: str, b: str) -> bool:
    if kind == "both_any":
        return bool(mine & {a, b}) and bool(theirs & {a, b})
    if kind == "both_all":
        return {a, b} <= mine and {a, b} <= theirs
    return (a in mine and b in theirs) or (b in mine and a in theirs)


def generate(lines: int, seed: int) -> list[Instance]:
    import numpy as np

    records = make_records(lines, users=max(4, lines // 5), seed=seed)
    rng = np.random.default_rng(seed + 11)
    seen: dict[int, set[str]] = {}
    for user, label in zip(records.users, records.labels):
        seen.setdefault(user, set()).add(label)
    out = []
    for kind, template in QUESTIONS.items():
        a, b = (LABELS[int(i)] for i in rng.choice(len(LABELS), 2, replace=False))
        gold = {(u, v) for u, v in itertools.combinations(sorted(seen), 2) if _qualifies(kind, seen[u], seen[v], a, b)}
        out.append(Instance(template.format(a=a, b=b), records.text, gold, kind))
    return out


def score(answer: Any, gold: set[tuple[int, int]]) -> float:
    return f1(pairs_of(answer), gold)


_PREDICATES = {
    "both_any": "bool(s & {A, B}) and bool(t & {A, B})",
    "both_all": "{A, B} <= s and {A, B} <= t",
    "one_each": "(A in s and B in t) or (B in s and A in t)",
}


def answer_code(question: str) -> str:
    """Group the labels by user, then test the predicate on every pair of users."""
    for kind, pattern in _PARSE.items():  # noqa: B007 - kind is read after the loop breaks
        match = pattern.match(question)
        if match:
            break
    else:
        return "result = []"
    return (f"import itertools\nA, B = {match.group('a')!r}, {match.group('b')!r}\n"
            "by_user = df.groupby('user')['label'].agg(set).to_dict()\n"
            "result = [(u, v) for u, v in itertools.combinations(sorted(by_user), 2)\n"
            f"          if (lambda s, t: {_PREDICATES[kind]})(by_user[u], by_user[v])]\n"
            "print(len(result), 'pairs of', len(by_user), 'users; first:', result[:5])")


def strategy(question: str, var: str) -> list[Step]:
    return [*labelling_steps(var),
            Step("Now group the labels by user and check every pair.", answer_code(question)),
            Step("The pairs are computed from the labels.", final="result")]


TASK = Task(
    name="oolong_pairs", title="OOLONG-Pairs-style (quadratic)", canonical="records",
    sizes=[Size(n, f"{n:,} lines / {n // 5} users") for n in (500, 1_500)],
    quick_sizes=[Size(150, "150 lines / 30 users")],
    generate=generate, score=score, strategy=strategy, sub_model=SUB_MODEL,
    scoring="F1 over unordered pairs",
)
