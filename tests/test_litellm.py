"""``%%rlm`` through a real LiteLLM proxy (``litellm[proxy]`` from PyPI) in front of the bundled server.

What a gateway changes, checked end to end in a real kernel: the answer still
arrives, streamed root turns included; usage is the backend's counts passed
through; the cost is the one the proxy states (``usage.cost`` in a stream,
the ``x-litellm-response-cost`` header otherwise), so an unpriced model name
gets a real cost; and a backend that refuses to stream is still answered
(the proxy passes OpenAI's 400 with ``param: stream`` through).

The proxy lives in its own venv (``.venv-litellm``, made by ``scripts/test``):
litellm pins older polars, python-dateutil and importlib-metadata than ours.
Without it the test is skipped with the reason, except in CI, where it fails.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from rlm_jupyter.testing import FakeLLMServer, Fault, Scripted
from rlm_jupyter.testing.kernel import KernelSession

from .litellm_proxy import LiteLLMProxy, litellm_unavailable_reason, start_litellm_proxy

pytestmark = [pytest.mark.kernel, pytest.mark.slow]  # a kernel, and a proxy that takes ~15 s to start
PRICES = {"proxied-root": (1.0, 2.0), "proxied-sub": (0.5, 1.0)}  # USD per 1M tokens, known only to the proxy
TURNS = ["```repl\nnotes = llm_query_batched([f'summarise {n}' for n in numbers])\ntotal = sum(numbers)\n"
         "print(total, len(notes))\n```", "FINAL_VAR(total)"]


@pytest.fixture(scope="module")
def backend() -> Iterator[FakeLLMServer]:
    with FakeLLMServer(models={"proxied-root": Scripted(TURNS)}, default=lambda request: "a note") as server:
        yield server


@pytest.fixture(scope="module")
def proxy(backend: FakeLLMServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiteLLMProxy]:
    reason = litellm_unavailable_reason()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the LiteLLM test: {reason} (scripts/test installs .venv-litellm)")
        pytest.skip(reason)
    with start_litellm_proxy(backend.base_url, PRICES, tmp_path_factory.mktemp("litellm")) as running:
        yield running


@pytest.fixture(scope="module")
def kernel_via_proxy(proxy: LiteLLMProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[KernelSession]:
    session = KernelSession(proxy.v1_url, OPENAI_API_KEY=proxy.api_key, RLM_MODEL="proxied-root",
                            RLM_SUB_MODEL="proxied-sub", RLM_CACHE_DIR=str(Path(tmp_path_factory.mktemp("c"))))
    session.ok("%load_ext rlm_jupyter\n%config RLMMagics.cache = False\nnumbers = [3, 4, 5]")
    yield session
    session.close()


def _expected_cost(server: FakeLLMServer) -> float:
    """What the proxy's prices make of the counts the backend reported (the proxy passes them through)."""
    return sum((r.prompt_tokens * PRICES[r.model][0] + r.completion_tokens * PRICES[r.model][1]) / 1_000_000
               for r in server.requests if r.status == 200)


@pytest.mark.parametrize("stream", [True, False])
def test_a_run_through_litellm_has_its_answer_usage_and_the_proxys_cost(
        kernel_via_proxy: KernelSession, backend: FakeLLMServer, stream: bool) -> None:
    backend.reset()
    flag = "" if stream else " --no-stream"
    out = kernel_via_proxy.ok(f'%%rlm numbers{flag}\nwhat is the total?')
    k = kernel_via_proxy
    assert k.value("rlm_run.status, rlm_answer") == "final 12"
    roots = [r for r in backend.requests if r.model == "proxied-root"]
    assert len(roots) == 2 and all(r.stream is stream for r in roots)  # the proxy streams when we do
    assert sum(r.model == "proxied-sub" for r in backend.requests) == 3
    # usage: the backend's own counts, passed through the proxy
    for model in PRICES:
        sent = sum(r.prompt_tokens for r in backend.requests if r.model == model)
        assert k.value(f"rlm_run.usage[{model!r}].prompt_tokens") == str(sent)
    assert k.value("sum(u.estimated_calls for u in rlm_run.usage.values())") == "0"
    # cost: what the proxy stated, for model names no price library knows
    assert k.value("{m: u.cost_sources for m, u in rlm_run.usage.items()}") \
        == "{'proxied-root': {'provider': 2}, 'proxied-sub': {'provider': 3}}"
    assert abs(float(k.value("rlm_run.cost_usd")) - _expected_cost(backend)) < 1e-9
    assert "stated by the provider" in out.displays[-1]["data"]["text/html"]


def test_a_backend_that_refuses_to_stream_is_answered_through_the_proxy(
        kernel_via_proxy: KernelSession, backend: FakeLLMServer) -> None:
    backend.reset()
    backend.faults = [Fault("refuse_stream")]
    try:
        kernel_via_proxy.ok('%%rlm numbers\nwhat is the total?')
    finally:
        backend.faults = []
    assert kernel_via_proxy.value("rlm_run.status, rlm_answer, len(rlm_run.notices)") == "final 12 1"
    assert "must be verified to stream" in kernel_via_proxy.value("rlm_run.notices[0]")
    assert [r.status for r in backend.requests if r.model == "proxied-root"][:2] == [400, 200]
