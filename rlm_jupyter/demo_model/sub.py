"""The demo sub-model: answers the demo strategies' sub-prompts by rule, everything else with a word summary.

Why rules: a sub-call prompt is one user message the root strategy wrote
itself, so a regex per strategy reads it reliably, and each answer takes its
numbers from the prompt (nothing is invented), which keeps the demo's
results checkable. Anything no rule knows gets a deterministic summary.
"""
from __future__ import annotations

import re
from collections import Counter

from .dask_frames import PARTITION_RULE
from .responders import ChatRequest, RuleBasedSubModel
from .spark_frames import REGION_RULE


def _magic_number(match: re.Match[str], request: ChatRequest) -> str:
    return match.group(1)


def _curve(match: re.Match[str], request: ChatRequest) -> str:
    values = [int(v) for v in re.findall(r"(\d+)%", match.group(2))]
    if not values:
        return f"Cohort {match.group(1)}: no later months yet."
    trend = "falls" if values[-1] < values[0] else "holds"
    return f"Cohort {match.group(1)} {trend} from {values[0]}% to {values[-1]}% over the next months."


def _word_summary(request: ChatRequest) -> str:
    words = Counter(w.lower() for w in re.findall(r"[A-Za-z]{4,}", request.last_user))
    top = ", ".join(w for w, _ in words.most_common(5))
    return (f"(the demo sub-model has no rule for this prompt) {len(request.last_user):,} characters; "
            f"most frequent words: {top or 'none'}.")


def _incident(match: re.Match[str], request: ChatRequest) -> str:
    return f"The {match.group(1)} service shows a {match.group(2).strip()}."


demo_sub = RuleBasedSubModel([
    (r"Summarize this incident in one sentence: (\w+): (.*)", _incident),
    (r"(?s)special magic number.*?\bis:?\s*(\d+)", _magic_number),
    (r"retention curve of cohort (\S+): (.*)", _curve),
    PARTITION_RULE,
    REGION_RULE,
], default=_word_summary)
"""The sub-model: answers the demo's sub-prompts by rule, everything else with a word summary."""
