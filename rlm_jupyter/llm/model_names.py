"""Looking a model up in a table the user wrote (rate limits, context windows).

Why a prefix fallback here but not for prices: a dated snapshot
(``gpt-4o-mini-2024-07-18``) shares its family's rate limits and context
window, and a too-generous guess there only costs a retry. Prices come from
``pricing``, which never guesses a sibling's rate.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def lookup_model(table: Mapping[str, T], model: str) -> T | None:
    """Exact name, then without a provider route (``openai/gpt-5``), then the longest known prefix (snapshots)."""
    bare = model.split("/", 1)[-1]
    for name in (model, bare):
        if name in table:
            return table[name]
    matches = [m for m in table if bare.startswith(m + "-")]
    return table[max(matches, key=len)] if matches else None
