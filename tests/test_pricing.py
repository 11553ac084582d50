"""Dollar cost from token counts: lookup rules, overrides, unknown models."""
from __future__ import annotations

import pytest

from rlm_jupyter.llm.pricing import OPENAI_PRICES, Price, PriceTable


@pytest.fixture
def table() -> PriceTable:
    return PriceTable()


def test_exact_model(table: PriceTable) -> None:
    assert table.price("gpt-4o-mini") == Price(0.15, 0.60)
    assert table.cost("gpt-4o-mini", 1_000_000, 1_000_000) == pytest.approx(0.75)


def test_cost_arithmetic(table: PriceTable) -> None:
    # gpt-5: $1.25 in, $10 out per 1M tokens
    assert table.cost("gpt-5", 2_000, 500) == pytest.approx((2_000 * 1.25 + 500 * 10.0) / 1e6)
    assert table.cost("gpt-5", 0, 0) == 0.0


def test_dated_snapshot_uses_its_base_model(table: PriceTable) -> None:
    assert table.price("gpt-4o-mini-2024-07-18") == OPENAI_PRICES["gpt-4o-mini"]
    assert table.price("gpt-4o-2024-08-06") == OPENAI_PRICES["gpt-4o"]


def test_longest_prefix_wins(table: PriceTable) -> None:
    # "gpt-5-mini-2025-08-07" starts with both "gpt-5-" and "gpt-5-mini-"
    assert table.price("gpt-5-mini-2025-08-07") == OPENAI_PRICES["gpt-5-mini"]
    assert table.price("gpt-4.1-nano-2025-04-14") == OPENAI_PRICES["gpt-4.1-nano"]


def test_router_prefix(table: PriceTable) -> None:
    assert table.price("openai/gpt-5") == OPENAI_PRICES["gpt-5"]
    assert table.price("openai/gpt-4o-mini-2024-07-18") == OPENAI_PRICES["gpt-4o-mini"]


def test_prefix_needs_a_dash_boundary(table: PriceTable) -> None:
    assert table.price("gpt-5x") is None
    assert table.price("o3mini") is None


@pytest.mark.parametrize("model", ["llama-3.1-8b", "qwen/qwen3-coder", "fake-root", ""])
def test_unknown_model_costs_none_not_zero(table: PriceTable, model: str) -> None:
    assert table.price(model) is None
    assert table.cost(model, 1000, 1000) is None


@pytest.mark.parametrize("spec", [(2, 4), [2.0, 4.0], Price(2.0, 4.0)])
def test_override_new_model(spec: object) -> None:
    table = PriceTable({"my-model": spec})  # type: ignore[dict-item]
    assert table.price("my-model") == Price(2.0, 4.0)
    assert table.cost("my-model", 1_000_000, 500_000) == pytest.approx(4.0)


def test_override_replaces_builtin_and_its_snapshots() -> None:
    table = PriceTable({"gpt-4o-mini": (1, 1)})
    assert table.price("gpt-4o-mini") == Price(1.0, 1.0)
    assert table.price("gpt-4o-mini-2024-07-18") == Price(1.0, 1.0)
    assert PriceTable().price("gpt-4o-mini") == Price(0.15, 0.60)  # the module table is untouched


@pytest.mark.parametrize("spec, fragment", [
    ((1,), "input_usd_per_1M, output_usd_per_1M"),
    ((1, 2, 3), "input_usd_per_1M, output_usd_per_1M"),
    ("cheap", "input_usd_per_1M, output_usd_per_1M"),
    (5, "input_usd_per_1M, output_usd_per_1M"),
    ((-1, 2), "must not be negative"),
])
def test_bad_override_is_a_clear_value_error(spec: object, fragment: str) -> None:
    with pytest.raises(ValueError) as info:
        PriceTable({"my-model": spec})  # type: ignore[dict-item]
    assert fragment in str(info.value)
    assert "'my-model'" in str(info.value)
