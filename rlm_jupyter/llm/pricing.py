"""Dollar cost of a call from its token counts.

Prices are USD per 1M tokens (input, output), standard tier, no caching or
batch discount. Source: OpenAI's pricing page (developers.openai.com/api/docs/pricing)
as summarized by public price trackers in March-June 2026; table written
2026-11-30. Prices change: override with ``RLM(prices={...})`` or
``%config RLMMagics.prices = {"my-model": [0.5, 1.5]}``. A model not in the
table costs ``None`` (unknown), never 0: tokens are still counted.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Price:
    input_per_m: float
    output_per_m: float

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        return (prompt_tokens * self.input_per_m + completion_tokens * self.output_per_m) / 1_000_000


OPENAI_PRICES: dict[str, Price] = {
    "gpt-5.5": Price(5.00, 30.00),
    "gpt-5.4": Price(2.50, 15.00),
    "gpt-5.4-nano": Price(0.20, 1.25),
    "gpt-5.1": Price(1.25, 10.00),
    "gpt-5": Price(1.25, 10.00),
    "gpt-5-mini": Price(0.25, 2.00),
    "gpt-5-nano": Price(0.05, 0.40),
    "gpt-4.1": Price(2.00, 8.00),
    "gpt-4.1-mini": Price(0.40, 1.60),
    "gpt-4.1-nano": Price(0.10, 0.40),
    "gpt-4o": Price(2.50, 10.00),
    "gpt-4o-mini": Price(0.15, 0.60),
    "o3": Price(2.00, 8.00),
    "o3-mini": Price(1.10, 4.40),
    "o4-mini": Price(1.10, 4.40),
}

PriceSpec = Price | tuple[float, float] | list[float]


class PriceTable:
    """Looks a model up exactly, then by longest known prefix (dated snapshots, ``openai/`` routes)."""

    def __init__(self, overrides: Mapping[str, PriceSpec] | None = None) -> None:
        self._prices = dict(OPENAI_PRICES)
        for model, spec in (overrides or {}).items():
            self._prices[model] = _as_price(model, spec)

    def price(self, model: str) -> Price | None:
        return lookup_model(self._prices, model)

    def cost(self, model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
        price = self.price(model)
        return None if price is None else price.cost(prompt_tokens, completion_tokens)


def lookup_model(table: Mapping[str, T], model: str) -> T | None:
    """Exact name, then without a provider route (``openai/gpt-5``), then the longest known prefix (snapshots)."""
    bare = model.split("/", 1)[-1]
    for name in (model, bare):
        if name in table:
            return table[name]
    matches = [m for m in table if bare.startswith(m + "-")]
    return table[max(matches, key=len)] if matches else None


def _as_price(model: str, spec: PriceSpec) -> Price:
    if isinstance(spec, Price):
        return spec
    try:
        inp, out = (float(x) for x in spec)
    except (TypeError, ValueError):
        raise ValueError(f"price for {model!r} must be (input_usd_per_1M, output_usd_per_1M), got {spec!r}") from None
    if inp < 0 or out < 0:
        raise ValueError(f"price for {model!r} must not be negative, got {spec!r}")
    return Price(inp, out)
