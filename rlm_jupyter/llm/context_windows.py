"""How many tokens a model accepts, so an oversized sub-call is refused before it is sent (and paid for).

Sizes are input context windows in tokens from OpenAI's model pages (2026);
override with ``RLM(context_windows={"my-model": 32_768})``. A model not in
the table is assumed to take ``DEFAULT_CONTEXT_TOKENS``; local servers
(Ollama, llama.cpp) often take less, so set theirs.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..text import CHARS_PER_TOKEN, estimate_tokens
from .model_names import lookup_model

DEFAULT_CONTEXT_TOKENS = 128_000

OPENAI_CONTEXT_TOKENS: dict[str, int] = {
    "gpt-5.5": 400_000, "gpt-5.4": 272_000, "gpt-5.4-nano": 400_000, "gpt-5.1": 400_000, "gpt-5": 400_000,
    "gpt-5-mini": 400_000, "gpt-5-nano": 400_000, "gpt-4.1": 1_047_576, "gpt-4.1-mini": 1_047_576,
    "gpt-4.1-nano": 1_047_576, "gpt-4o": 128_000, "gpt-4o-mini": 128_000, "o3": 200_000, "o3-mini": 200_000,
    "o4-mini": 200_000,
}


class ContextWindows:
    def __init__(self, overrides: Mapping[str, int] | None = None) -> None:
        self._table = {**OPENAI_CONTEXT_TOKENS, **(overrides or {})}
        for model, size in self._table.items():
            if not isinstance(size, int) or size <= 0:
                raise ValueError(f"context window for {model!r} must be a positive number of tokens, got {size!r}")

    def tokens(self, model: str) -> int:
        return lookup_model(self._table, model) or DEFAULT_CONTEXT_TOKENS

    def too_long(self, model: str, prompt: str) -> str | None:
        """Why ``prompt`` cannot go to ``model``, or None when it fits."""
        window = self.tokens(model)
        estimate = estimate_tokens(len(prompt))
        if estimate <= window:
            return None
        return (f"prompt of {len(prompt):,} characters (~{estimate:,} tokens) exceeds the {window:,}-token context "
                f"of {model!r}; it was not sent. Split it into chunks of at most ~{window * CHARS_PER_TOKEN // 2:,} "
                "characters and use llm_query_batched")
