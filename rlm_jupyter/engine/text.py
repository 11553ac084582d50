"""Bounding text that flows into prompts and records."""
from __future__ import annotations


def clip_middle(text: str, limit: int, unit: str = "characters") -> str:
    """Keep the head and the tail of ``text`` within ``limit`` characters, with a marker saying what was cut.

    Why head *and* tail: the start of an output shows its shape, the end shows
    the result or the error, and a model shown only a head keeps re-printing.
    """
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head
    return f"{text[:head]}\n... [{len(text) - limit:,} {unit} truncated] ...\n{text[len(text) - tail:]}"
