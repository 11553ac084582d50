"""Dollar cost of a call, and where that number came from.

Why a maintained library (``genai-prices``, by Pydantic) and no table of our
own: prices change monthly across a dozen providers, and a hand-kept table
with a prefix fallback priced ``gpt-5-pro`` as ``gpt-5`` (12x too cheap),
which lets ``budget_usd`` overspend by an order of magnitude. genai-prices
matches each model by its own rules (dated snapshots yes, ``-pro``/``-mini``
siblings never), knows cached-input rates and price changes over time, and
covers OpenAI, Anthropic, Google, DeepSeek, Mistral, xAI and OpenRouter
routes. We compared it with LiteLLM's ``model_cost`` map (far larger install,
the map is refreshed from the network at import unless told not to),
``tokencost`` (OpenAI-centred, not updated since 2025-08) and
``model-prices`` (young, few users): see docs/architecture.md.

The order a cost is taken in, first found wins:

1. what the provider stated for this call (OpenRouter's ``usage.cost``, a
   LiteLLM proxy's ``x-litellm-response-cost`` header): that is the bill;
2. the user's ``prices={"model": [input, output]}`` or ``[input, output,
   cached_input]`` (USD per 1M tokens): private and new models;
3. genai-prices' bundled data, on any address: a model the library knows is
   priced by it, served from a loopback address too;
4. free, by the named rule ``local_is_free`` (a setting, on by default): a
   model the library does not know, served from a loopback address
   (127.0.0.0/8, ``::1``, ``localhost``), runs on this machine (the bundled
   demo model, a llama.cpp or Ollama server), so it costs $0 and reads as
   "free";
5. unknown: ``None``, never 0, so a total with an unpriced call is unknown too.

Why the library before "free" (rules 3 and 4), an asymmetry on purpose: a
local proxy or tunnel to a paid provider that does not state its costs is
common in companies, and through one every model read "free", so
``budget_usd`` never tripped. Counting a local model at a cloud price is
visible (the report says "price library") and errs on the safe side; counting
a paid model as free is neither. A budget must never read free by mistake.
A replay (``Recording.prices``) costs $0 for every model, by source "replay".
"""
from __future__ import annotations

import datetime as _dt
import importlib.metadata
import ipaddress
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

CostSource = Literal["provider", "override", "library", "local", "replay", "unknown"]
SOURCE_LABELS: dict[str, str] = {
    "provider": "stated by the provider",
    "override": "your prices= setting",
    "local": "served on this machine",
    "replay": "a replay calls no model",
    "unknown": "no price for this model",
}
FREE_SOURCES = frozenset({"local", "replay"})  # sources whose every call costs $0 by what the source is
# Hosts that state the cost of every call themselves, so a budget can work without a known price.
COST_STATING_HOSTS = ("openrouter.ai",)


@dataclass(frozen=True)
class Price:
    """USD per 1M tokens. Cached input defaults to the full input rate: never cheaper than we know."""

    input_per_m: float
    output_per_m: float
    cached_input_per_m: float | None = None

    def cost(self, prompt_tokens: int, completion_tokens: int, cached_prompt_tokens: int = 0) -> float:
        cached = min(cached_prompt_tokens, prompt_tokens)
        cached_rate = self.input_per_m if self.cached_input_per_m is None else self.cached_input_per_m
        return ((prompt_tokens - cached) * self.input_per_m + cached * cached_rate
                + completion_tokens * self.output_per_m) / 1_000_000


@dataclass(frozen=True)
class Cost:
    """A call's cost in USD (None: unknown) and where it came from."""

    usd: float | None
    source: CostSource


PriceSpec = Price | tuple[float, ...] | list[float]


class PriceTable:
    """Prices a call: provider-stated cost, the user's overrides, genai-prices, free on this machine, else unknown.

    ``base_url`` lets genai-prices tell providers apart by their API address
    (the same model name can cost differently on OpenRouter and at its maker).
    ``local_is_free`` is the rule of the same name (module docstring, item 4: names the library does not know);
    ``free`` prices every model at $0 with that source (a replay).
    """

    def __init__(self, overrides: Mapping[str, PriceSpec] | None = None, base_url: str | None = None,
                 local_is_free: bool = True, free: CostSource | None = None) -> None:
        self._overrides = {model: _as_price(model, spec) for model, spec in (overrides or {}).items()}
        self._api_url = base_url if base_url and not _is_local(base_url) else None
        self._states_costs = bool(base_url) and urllib.parse.urlsplit(base_url or "").hostname in COST_STATING_HOSTS
        self._free: CostSource | None = free or ("local" if local_is_free and is_loopback(base_url) else None)

    def known(self, model: str) -> bool:
        """Whether every call of ``model`` will have a cost (a price, free, or an endpoint that states costs)."""
        return (self._states_costs or self._free is not None or model in self._overrides
                or _library_model(model, self._api_url) is not None)

    def cost(self, model: str, prompt_tokens: int, completion_tokens: int, cached_prompt_tokens: int = 0,
             stated_usd: float | None = None) -> Cost:
        if self._free == "replay":  # a replay's "stated" costs are the recording's, not spent now
            return Cost(0.0, "replay")
        if stated_usd is not None:
            return Cost(stated_usd, "provider")
        if model in self._overrides:
            return Cost(self._overrides[model].cost(prompt_tokens, completion_tokens, cached_prompt_tokens), "override")
        found = _library_model(model, self._api_url)
        if found is None:
            return Cost(0.0, self._free) if self._free is not None else Cost(None, "unknown")
        provider, info = found
        usage = _library_usage(prompt_tokens, completion_tokens, cached_prompt_tokens)
        try:
            return Cost(float(info.calc_price(usage, provider).total_price), "library")
        except (LookupError, ValueError):  # a model the library lists without a price for today
            return Cost(None, "unknown")


def source_label(source: str) -> str:
    """Words for a cost source, for the report: the library's version and the date its data runs to."""
    return SOURCE_LABELS.get(source) or f"price library {library_version()}"


@cache
def library_version() -> str:
    """``genai-prices X.Y.Z, data to YYYY-MM-DD``: the newest price change in its bundled data."""
    from genai_prices import data_snapshot

    today = _dt.date.today()
    dates = [d for provider in data_snapshot.get_snapshot().providers for model in provider.models
             for d in _start_dates(model.prices) if d <= today]
    newest = f", data to {max(dates).isoformat()}" if dates else ""
    return f"genai-prices {importlib.metadata.version('genai-prices')}{newest}"


def _start_dates(prices: Any) -> list[_dt.date]:
    """Start dates of a model's dated price entries (genai-prices keeps a list of them for changed prices)."""
    if not isinstance(prices, list):
        return []
    return [d for entry in prices if isinstance(d := getattr(getattr(entry, "constraint", None), "start_date", None),
                                                 _dt.date)]


def is_loopback(base_url: str | None) -> bool:
    """Whether the endpoint is this machine: a 127.0.0.0/8 or ``::1`` address, or ``localhost`` (no lookup made)."""
    host = urllib.parse.urlsplit(base_url or "").hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback  # a name such as 127.0.0.1.example.com is not an address
    except ValueError:
        return False


def _is_local(base_url: str) -> bool:
    """This machine or this network (``.local``): no provider's API address for genai-prices to match."""
    return is_loopback(base_url) or (urllib.parse.urlsplit(base_url).hostname or "").endswith(".local")


@cache
def _library_model(model: str, api_url: str | None) -> tuple[Any, Any] | None:
    """genai-prices' (provider, model) for a name, or None.

    Tried in order: the endpoint's provider (by API address), a
    ``provider/model`` route (``anthropic/claude-sonnet-4-5``), then the
    name alone. The library matches names by its own per-model rules, so a
    ``-pro`` sibling is never priced as its base model.
    """
    from genai_prices import data_snapshot

    snapshot = data_snapshot.get_snapshot()
    attempts: list[dict[str, str]] = []
    if api_url is not None:
        attempts.append({"provider_api_url": api_url})
    if "/" in model:
        attempts += [{"provider_id": "litellm"}, {"provider_id": "openrouter"}]  # litellm: split the route
    attempts.append({})
    for where in attempts:
        try:
            return snapshot.find_provider_model(model, None, where.get("provider_id"), where.get("provider_api_url"))
        except LookupError:
            continue
    return None


def _library_usage(prompt_tokens: int, completion_tokens: int, cached_prompt_tokens: int) -> Any:
    from genai_prices import Usage

    return Usage(input_tokens=prompt_tokens, output_tokens=completion_tokens,
                 cache_read_tokens=min(cached_prompt_tokens, prompt_tokens))


def _as_price(model: str, spec: PriceSpec) -> Price:
    if isinstance(spec, Price):
        return spec
    try:
        rates = [float(x) for x in spec]
    except (TypeError, ValueError):
        rates = []
    if len(rates) not in (2, 3):
        raise ValueError(f"price for {model!r} must be (input_usd_per_1M, output_usd_per_1M) or (input, output, "
                         f"cached_input), got {spec!r}")
    if any(r < 0 for r in rates):
        raise ValueError(f"price for {model!r} must not be negative, got {spec!r}")
    return Price(rates[0], rates[1], rates[2] if len(rates) == 3 else None)
