"""S-NIAH after RULER: one magic number for a key, hidden in a noise haystack of 8K to 10M tokens.

Score: 1.0 when the gold value appears in the answer (RULER's string-match
rule) and the answer is short. The haystack also holds needles for other
keys, so only an answer that read the right key scores. Why short: a real
model once returned the whole haystack (``FINAL_VAR`` of the context), which
contains the gold value and answers nothing; RULER's rule assumes an answer,
not a passage.
"""
from __future__ import annotations

import re
from typing import Any

from rlm_jupyter.demo_model.datasets import make_haystack
from rlm_jupyter.testing import ChatRequest, RuleBasedSubModel

from ..dialects import Step
from . import Instance, Size, Task
from .scoring import decode

CHARS_PER_TOKEN = 4
QUESTION = "What is the special magic number for {key} mentioned in the provided text? Answer with the number only."
_KEY = re.compile(r"magic number for (\S+) mentioned")


def generate(tokens: int, seed: int) -> list[Instance]:
    hay = make_haystack(chars=tokens * CHARS_PER_TOKEN, seed=seed)
    return [Instance(QUESTION.format(key=hay.key), hay.text, hay.value, kind="s-niah")]


MAX_ANSWER_CHARS = 200  # a sentence around the number at most; a passage of the haystack is not an answer


def score(answer: Any, gold: str) -> float:
    text = str(decode(answer))
    return 1.0 if gold in text and len(text) <= MAX_ANSWER_CHARS else 0.0


def strategy(question: str, var: str) -> list[Step]:
    """Search for the key with a regex, let the sub-model read the text around each hit, vote."""
    match = _KEY.search(question)
    key = match.group(1) if match else ""
    return [
        Step("The text is long; I'll measure it and search it rather than read it.",
             f"print(len({var}))\nprint({var}[:200])"),
        Step("Let me find every mention of the key and ask the sub-model to read the text around each one.",
             f"import re\nhits = [m.start() for m in re.finditer(re.escape({key!r}), {var})]\nprint(len(hits), hits[:5])\n"
             f"windows = [{var}[max(0, i - 300): i + 300] for i in hits[:16]]\n"
             f"replies = llm_query_batched(['What is the special magic number for {key} in this text? '"
             " 'Reply with the number only.' + chr(10) + w for w in windows])\nprint(replies)"),
        Step("I'll keep the number most replies agree on.",
             "from collections import Counter\n"
             "numbers = [r.strip() for r in replies if r.strip().isdigit()]\n"
             "result = Counter(numbers).most_common(1)[0][0] if numbers else 'not found'\nprint(result)"),
        Step("The number comes from the text around the key.", final="result"),
    ]


def _read_needle(match: re.Match[str], request: ChatRequest) -> str:
    """The sub-model reads the text it was given: the number stated for that key, if any."""
    found = re.search(rf"magic numbers? for {re.escape(match.group(1))} is:? (\d+)", request.last_user)
    return found.group(1) if found else "none"


SUB_MODEL = RuleBasedSubModel([(r"special magic number for (\S+) in this text", _read_needle)])

TASK = Task(
    name="niah", title="S-NIAH (RULER)", canonical="haystack",
    sizes=[Size(t, f"{t // 1000:,}K tok" if t < 1_000_000 else f"{t // 1_000_000}M tok")
           for t in (8_000, 32_000, 128_000, 1_000_000, 10_000_000)],
    quick_sizes=[Size(8_000, "8K tok"), Size(32_000, "32K tok")],
    generate=generate, score=score, strategy=strategy, sub_model=SUB_MODEL,
    scoring="1 if the gold number appears in the answer",
)
