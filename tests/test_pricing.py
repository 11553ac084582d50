"""Costs from genai-prices, the user's overrides and the provider's own statement, each with its source."""
from __future__ import annotations

import importlib.metadata

import genai_prices
import pytest

from rlm_jupyter.llm.pricing import Cost, Price, PriceTable, library_version, source_label

M = 1_000_000


@pytest.fixture(scope="module")
def table() -> PriceTable:
    return PriceTable()


def _library(model: str, provider: str | None = None, **usage: int) -> float:
    return float(genai_prices.calc_price(genai_prices.Usage(**usage), model_ref=model, provider_id=provider).total_price)


@pytest.mark.parametrize("model, provider", [
    ("gpt-5-mini", "openai"), ("gpt-4o-mini", "openai"), ("claude-sonnet-4-5", "anthropic"),
    ("gemini-2.5-flash", "google"), ("deepseek-chat", "deepseek"), ("mistral-large-latest", "mistral"),
    ("grok-4", "x-ai"),
])
def test_every_major_provider_is_priced_by_the_library(table: PriceTable, model: str, provider: str) -> None:
    cost = table.cost(model, 12_000, 3_000)
    assert cost.source == "library"
    assert cost.usd == pytest.approx(_library(model, provider, input_tokens=12_000, output_tokens=3_000))
    assert cost.usd is not None and cost.usd > 0


@pytest.mark.parametrize("route, bare", [
    ("openai/gpt-5", "gpt-5"), ("anthropic/claude-sonnet-4-5", "claude-sonnet-4-5"), ("x-ai/grok-4", "grok-4"),
    ("deepseek/deepseek-chat", "deepseek-chat"),
])
def test_provider_routes_are_priced_like_their_model(table: PriceTable, route: str, bare: str) -> None:
    assert table.cost(route, M, M).usd == pytest.approx(table.cost(bare, M, M).usd)


def test_dated_snapshots_are_their_model(table: PriceTable) -> None:
    assert table.cost("gpt-5-mini-2025-08-07", M, M).usd == table.cost("gpt-5-mini", M, M).usd


@pytest.mark.parametrize("sibling, base, at_least", [("gpt-5-pro", "gpt-5", 5.0), ("o3-pro", "o3", 5.0)])
def test_a_pro_sibling_is_never_priced_as_its_base(table: PriceTable, sibling: str, base: str,
                                                   at_least: float) -> None:
    """The old table's prefix match priced gpt-5-pro as gpt-5 (~12x too cheap) and o3-pro as o3 (10x)."""
    sibling_usd, base_usd = table.cost(sibling, M, M).usd, table.cost(base, M, M).usd
    assert sibling_usd is not None and base_usd is not None
    assert sibling_usd >= at_least * base_usd


def test_a_mini_sibling_is_not_priced_as_its_base(table: PriceTable) -> None:
    mini, base = table.cost("gpt-5.4-mini", M, M).usd, table.cost("gpt-5.4", M, M).usd
    assert mini is not None and base is not None and mini < base


@pytest.mark.parametrize("model", ["gpt-5x", "gpt-5.9-turbo-xyz", "my-private-model", "demo-root",
                                   "qwen2.5-coder-1.5b-instruct"])
def test_unknown_model_costs_none_not_zero(table: PriceTable, model: str) -> None:
    cost = table.cost(model, 1000, 1000)
    assert (cost.usd, cost.source) == (None, "unknown")
    assert not table.known(model)


def test_cached_input_is_billed_at_the_cached_rate(table: PriceTable) -> None:
    full = table.cost("gpt-5", M, 0).usd
    half_cached = table.cost("gpt-5", M, 0, cached_prompt_tokens=M // 2).usd
    assert full is not None and half_cached is not None and half_cached < full
    assert half_cached == pytest.approx(_library("gpt-5", "openai", input_tokens=M, cache_read_tokens=M // 2))


def test_an_override_wins_over_the_library_and_may_carry_a_cached_rate() -> None:
    table = PriceTable({"gpt-5": (1, 2), "mine": [1, 2, 0.1]})
    assert table.cost("gpt-5", M, M).usd == pytest.approx(3.0)
    assert table.cost("gpt-5", M, M).source == "override"
    assert table.cost("mine", M, 0, cached_prompt_tokens=M).usd == pytest.approx(0.1)
    assert table.cost("mine", M, 0, cached_prompt_tokens=M // 2).usd == pytest.approx(0.55)
    assert PriceTable({"x": (1, 2)}).cost("x", 0, 0, 0).usd == 0.0
    assert Price(1, 2).cost(M, 0, cached_prompt_tokens=M) == pytest.approx(1.0)  # no cached rate: the full rate


def test_a_cost_the_provider_states_wins() -> None:
    table = PriceTable({"mine": (1, 2)})
    assert table.cost("mine", M, M, stated_usd=0.25).usd == 0.25
    assert table.cost("mine", M, M, stated_usd=0.25).source == "provider"
    assert table.cost("unknown-model", M, M, stated_usd=0.0).source == "provider"


def test_an_endpoint_that_states_costs_makes_every_model_budgetable() -> None:
    assert PriceTable(base_url="https://openrouter.ai/api/v1").known("some-lab/new-model")
    assert not PriceTable(base_url="http://127.0.0.1:9/v1", local_is_free=False).known("some-lab/new-model")


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:8777/v1", "http://127.8.9.10/v1", "http://localhost:11434/v1",
                                      "http://[::1]:8000/v1"])
def test_a_model_the_library_does_not_know_served_on_this_machine_is_free(base_url: str) -> None:
    table = PriceTable(base_url=base_url)
    assert table.known("qwen2.5-coder-1.5b-instruct")
    assert table.cost("some-local-model", M, M) == table.cost("demo-root", M, M) == Cost(0.0, "local")
    assert table.cost("mine", M, M, stated_usd=0.5) == Cost(0.5, "provider")  # a local proxy's stated bill wins
    assert PriceTable({"mine": (1, 1)}, base_url=base_url).cost("mine", M, 0).source == "override"


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:8777/v1", "http://localhost:4000/v1"])
def test_a_model_the_library_knows_is_priced_by_it_on_this_machine_too(base_url: str) -> None:
    """A local proxy or tunnel to a paid provider that states no costs: its models keep their price, never free."""
    local, remote = PriceTable(base_url=base_url), PriceTable()
    cost = local.cost("gpt-4o", M, M)
    assert cost.source == "library" and cost.usd is not None and cost.usd > 0
    assert cost == remote.cost("gpt-4o", M, M)  # the same price as without an address
    assert PriceTable(base_url=base_url, local_is_free=False).cost("gpt-4o", M, M) == cost


@pytest.mark.parametrize("base_url", ["https://api.openai.com/v1", "http://gpu-box.local:8000/v1",
                                      "http://10.0.0.5:8000/v1", "http://127.0.0.1.example.com/v1"])
def test_the_local_is_free_rule_refuses_what_is_not_this_machine(base_url: str) -> None:
    assert PriceTable(base_url=base_url).cost("some-local-model", M, M) == Cost(None, "unknown")


def test_the_local_is_free_rule_switches_off() -> None:
    assert PriceTable(base_url="http://127.0.0.1:8777/v1", local_is_free=False).cost("x", M, M) == Cost(None, "unknown")


def test_a_replay_prices_every_model_at_zero_even_a_stated_cost() -> None:
    assert PriceTable(free="replay").cost("gpt-5", M, M, stated_usd=3.0) == Cost(0.0, "replay")


def test_the_report_names_the_library_version_and_its_data_date() -> None:
    label = source_label("library")
    assert label == f"price library {library_version()}"
    assert f"genai-prices {importlib.metadata.version('genai-prices')}" in label
    assert "data to 20" in label
    assert source_label("provider") == "stated by the provider"


@pytest.mark.parametrize("spec, fragment", [
    ((1,), "input_usd_per_1M, output_usd_per_1M"),
    ((1, 2, 3, 4), "input_usd_per_1M, output_usd_per_1M"),
    ("cheap", "input_usd_per_1M, output_usd_per_1M"),
    (5, "input_usd_per_1M, output_usd_per_1M"),
    ((-1, 2), "must not be negative"),
])
def test_bad_override_is_a_clear_value_error(spec: object, fragment: str) -> None:
    with pytest.raises(ValueError) as info:
        PriceTable({"my-model": spec})  # type: ignore[dict-item]
    assert fragment in str(info.value)
    assert "'my-model'" in str(info.value)


# -- through the engine, over real HTTP to a loopback server named like a paid model --------------------------------
def test_a_local_proxy_named_like_a_paid_model_is_billed_and_its_budget_trips(fake_llm) -> None:  # type: ignore[no-untyped-def]
    """A local proxy or tunnel to a paid provider that states no costs: "free" would make budget_usd meaningless."""
    from rlm_jupyter import RLM
    from rlm_jupyter.testing import Scripted

    replies = ["```repl\nprint(len(context))\n```", "```repl\nprint(len(context) * 2)\n```", "FINAL(10)"]
    fake_llm.models["gpt-4o-mini"] = Scripted(replies)
    with RLM(model="gpt-4o-mini", base_url=fake_llm.base_url, api_key="k") as rlm:
        run = rlm.run("how long?", "x" * 5)
    assert run.status == "final" and run.cost_usd is not None and run.cost_usd > 0
    assert run.usage["gpt-4o-mini"].cost_sources == {"library": 3}  # never "local"
    assert run.cost_text.startswith("$") and "free" not in run.cost_text
    with RLM(model="gpt-4o-mini", base_url=fake_llm.base_url, api_key="k", budget_usd=1e-7) as rlm:
        limited = rlm.run("how long?", "x" * 5)  # accepted before any call: the model has a price
    assert limited.status == "budget" and "budget of $1e-07 reached" in limited.message
    assert len(limited.iterations) == 1  # stopped after the first call's bill, as with any paid endpoint


def test_the_demo_and_test_models_on_loopback_still_read_free(fake_llm) -> None:  # type: ignore[no-untyped-def]
    from rlm_jupyter import RLM
    from rlm_jupyter.testing import Scripted

    fake_llm.models["root"] = Scripted(["```repl\nprint(len(context))\n```", "FINAL(5)"])
    with RLM(model="root", sub_model="demo-sub", base_url=fake_llm.base_url, api_key="k", budget_usd=1.0) as rlm:
        run = rlm.run("how long?", "x" * 5)
    assert (run.status, run.cost_usd, run.cost_text) == ("final", 0.0, "free (served on this machine)")
