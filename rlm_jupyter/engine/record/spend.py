"""What a run spent (``Usage``, per model), and how it is said: free, unknown, or dollars, and what the cache saved.

Why one module, in the engine: the live panel, the saved report, ``%rlm cost``,
the ledger and ``rlm_run.cost_text`` show the same run side by side, and before
this each said it its own way ("unpriced (demo-root: unknown: ...)", "$0.00
spent (+ 1 run(s) with unpriced models)", "cost $0.00, 12 cached calls"). The
rules, applied per model and then summed:

- **free**: every call of the model was priced by a free source (served on this
  machine, or a replay: ``pricing.FREE_SOURCES``), said with the reason;
- **unknown**: a call had no price (never $0, never a partial sum that looks
  like a bill), said with the models that have none and how to give a price;
- otherwise **dollars** (``money``), free models adding $0.

The cache: "12 cached calls, $0.0123 saved by the cache"; a free model's
cached calls saved nothing ("free anyway"); an unknown one's saving is unknown.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from ...llm.pricing import FREE_SOURCES, SOURCE_LABELS
from ...text import plural


@dataclass
class Usage:
    """Tokens and money spent on one model."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    cost_usd: float | None = 0.0
    cached_calls: int = 0  # answered from the response cache: no network, no cost
    saved_usd: float = 0.0  # what the cached calls would have cost
    cached_prompt_tokens: int = 0  # prompt tokens the provider served from its prompt cache (billed lower)
    estimated_calls: int = 0  # calls whose endpoint sent no usage: their counts are estimates
    cost_sources: dict[str, int] = field(default_factory=dict)  # calls per cost source (pricing.CostSource)

    def add(self, prompt_tokens: int, completion_tokens: int, cost_usd: float | None, calls: int = 1) -> None:
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.calls += calls
        # One unpriced call makes the model's total unknown: a partial sum would look like a real price.
        self.cost_usd = None if cost_usd is None or self.cost_usd is None else self.cost_usd + cost_usd

    def merge(self, other: Usage) -> None:
        """Add another Usage of the same model (a child run's, or another run's for a session total)."""
        self.add(other.prompt_tokens, other.completion_tokens, other.cost_usd, calls=other.calls)
        self.cached_calls += other.cached_calls
        self.saved_usd += other.saved_usd
        self.cached_prompt_tokens += other.cached_prompt_tokens
        self.estimated_calls += other.estimated_calls
        for source, count in other.cost_sources.items():
            self.cost_sources[source] = self.cost_sources.get(source, 0) + count

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def money(usd: float | None) -> str:
    """Dollars with enough decimals to tell small sub-call costs apart; ``unknown`` when there is no price."""
    if usd is None:
        return "unknown"
    if abs(usd) >= 1:
        return f"${usd:,.2f}"
    if usd == 0:
        return "$0.00"
    decimals = min(10, max(4, 1 - math.floor(math.log10(abs(usd)))))  # at least 2 significant digits
    return f"${usd:.{decimals}f}"


def is_free(usage: Usage) -> bool:
    """Every priced call of the model came from a free source (it was called at all)."""
    return bool(usage.cost_sources) and set(usage.cost_sources) <= FREE_SOURCES


def _free_reasons(usage: Mapping[str, Usage]) -> str:
    sources = sorted({source for u in usage.values() for source in u.cost_sources if source in FREE_SOURCES})
    return "; ".join(SOURCE_LABELS[source] for source in sources)


def spend_words(usage: Mapping[str, Usage]) -> str:
    """"free (served on this machine)", "$0.0123", "unknown (no price for m; ...)" or both parts."""
    if not usage:
        return "free (no model calls)"
    unknown = [model for model, u in usage.items() if u.cost_usd is None]
    if all(is_free(u) for u in usage.values()):
        return f"free ({_free_reasons(usage)})"
    priced = sum(u.cost_usd for u in usage.values() if u.cost_usd is not None)
    if not unknown:
        return money(priced)
    missing = f"no price for {', '.join(unknown)}; give one with prices="
    known = [model for model, u in usage.items() if u.cost_usd is not None and not is_free(u)]
    return f"unknown ({money(priced)} for {', '.join(known)}; {missing})" if known else f"unknown ({missing})"


def call_cost_words(usd: float | None, source: str | None) -> str:
    """One call's cost: "free", "unknown" or dollars (the sub-call table)."""
    return "free" if source in FREE_SOURCES else money(usd)


def cache_words(usage: Mapping[str, Usage]) -> str:
    """"12 cached calls, $0.0123 saved by the cache", "... (free anyway)", "... (saving unknown: ...)", or ''."""
    cached = sum(u.cached_calls for u in usage.values())
    if not cached:
        return ""
    calls = plural(cached, "cached call")
    with_cache = {model: u for model, u in usage.items() if u.cached_calls}
    unknown = [model for model, u in with_cache.items() if "unknown" in u.cost_sources]
    if unknown:
        return f"{calls} (what they saved is unknown: no price for {', '.join(unknown)})"
    if all(is_free(u) for u in with_cache.values()):
        return f"{calls} (free anyway)"
    return f"{calls}, {money(sum(u.saved_usd for u in with_cache.values()))} saved by the cache"
