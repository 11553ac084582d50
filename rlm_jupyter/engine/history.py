"""Follow-up questions: the previous run's conversation, compacted when it has grown large.

Why compact deterministically (no model call): the compaction is part of
what the model read, so it must be recorded and reproducible; a digest of
each dropped turn's code and output keeps the facts the model found without
paying for a summary call.
"""
from __future__ import annotations

from dataclasses import dataclass

KEEP_RECENT = 4  # messages kept verbatim at the end: the last two turns
DIGEST_CHARS = 150


@dataclass(frozen=True)
class Compaction:
    """What was compacted before a run started (stored in ``Run.compactions``)."""

    messages_before: int
    messages_after: int
    chars_before: int
    chars_after: int


def chars(messages: list[dict[str, str]]) -> int:
    return sum(len(m["content"]) for m in messages)


def compact(messages: list[dict[str, str]], limit: int) -> tuple[list[dict[str, str]], Compaction | None]:
    """Keep the system prompt, the first question and the recent turns; digest the middle.

    Returns the messages unchanged (and None) while they fit in ``limit`` characters.
    """
    if chars(messages) <= limit or len(messages) <= 2 + KEEP_RECENT:
        return messages, None
    head, middle, tail = messages[:2], messages[2:-KEEP_RECENT], messages[-KEEP_RECENT:]
    lines = [f"[{len(middle)} earlier messages compacted; what each turn did, in order:]"]
    lines += [f"- {m['role']}: {_digest(m['content'])}" for m in middle]
    digest = {"role": "user", "content": "\n".join(lines)}
    bridge = [{"role": "assistant", "content": "Understood."}] if tail[0]["role"] == "user" else []
    result = head + [digest] + bridge + tail
    if chars(result) >= chars(messages):  # short turns: a digest would not save anything
        return messages, None
    return result, Compaction(len(messages), len(result), chars(messages), chars(result))


def _digest(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= DIGEST_CHARS else flat[:DIGEST_CHARS] + " ..."
