"""``%%rlm`` in a real kernel against endpoints that behave as real ones do: refused streams, parameters, Azure."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from rlm_jupyter.testing import FakeLLMServer, Fault, Scripted
from rlm_jupyter.testing.kernel import KernelSession

TWO_TURNS = ["```repl\ntotal = sum(numbers)\nprint(total)\n```", "FINAL_VAR(total)"]


@pytest.fixture
def scripted(kernel: KernelSession, server: FakeLLMServer) -> Iterator[FakeLLMServer]:
    kernel.ok("numbers = [1, 2, 3, 4]")
    server.models["gpt-5-mini"] = Scripted(TWO_TURNS)
    yield server
    server.faults = []
    kernel.ok("%config RLMMagics.params = {}\n%config RLMMagics.sub_params = {}\n%config RLMMagics.stream = True")


def test_an_organization_that_cannot_stream_still_gets_its_answer(kernel: KernelSession,
                                                                  scripted: FakeLLMServer) -> None:
    """The bundled server answers streaming requests exactly as api.openai.com does for unverified organizations."""
    scripted.faults = [Fault("refuse_stream")]
    out = kernel.ok('%%rlm numbers --model gpt-5-mini\nwhat is the total?')
    assert kernel.value("rlm_answer") == "10"
    assert kernel.value("rlm_run.status") == "final"
    assert [(r.stream, r.status) for r in scripted.requests] == [(True, 400), (False, 200), (False, 200)]
    assert kernel.value("len(rlm_run.notices)") == "1"
    report = out.displays[-1]["data"]["text/html"]
    assert report.count("replies appear when complete") == 1 and "must be verified to stream" in report
    scripted.reset()
    kernel.ok('%%rlm numbers --model gpt-5-mini\nwhat is the total?')  # remembered for the session: no refusal
    assert [r.stream for r in scripted.requests] == [False, False]
    assert kernel.value("rlm_answer, len(rlm_run.notices)") == "10 1"


def test_no_stream_and_params_reach_the_request_body(kernel: KernelSession, scripted: FakeLLMServer) -> None:
    kernel.ok('%config RLMMagics.params = {"max_tokens": 300, "temperature": 0}\n'
              '%config RLMMagics.sub_params = {"max_tokens": 64}')
    kernel.ok('%%rlm numbers --model gpt-5-mini --no-stream\nwhat is the total?')
    assert kernel.value("rlm_answer") == "10"
    bodies = [r.body or {} for r in scripted.requests]
    assert [(b.get("stream", False), b["max_tokens"], b["temperature"]) for b in bodies] == [(False, 300, 0)] * 2
    assert kernel.value("rlm_run.settings['params'], rlm_run.settings['stream']") \
        == "{'max_tokens': 300, 'temperature': 0} False"


def test_azure_classic_deployment_from_traits(kernel: KernelSession, scripted: FakeLLMServer) -> None:
    endpoint = scripted.base_url.removesuffix("/v1")
    kernel.ok(f'%config RLMMagics.base_url = "{endpoint}"\n%config RLMMagics.api_version = "2024-10-21"\n'
              '%config RLMMagics.api_key = "azure-trait-key"')
    try:
        kernel.ok('%%rlm numbers --model gpt-5-mini\nwhat is the total?')
    finally:
        kernel.ok("%config RLMMagics.base_url = None\n%config RLMMagics.api_version = None\n"
                  "%config RLMMagics.api_key = None")
    assert kernel.value("rlm_answer") == "10"
    first = scripted.requests[0]
    assert (first.path, first.query) == ("/openai/deployments/gpt-5-mini/chat/completions", "api-version=2024-10-21")
    assert first.headers is not None and first.headers["api-key"] == "azure-trait-key"
    assert "azure-trait-key" not in kernel.value("rlm_run.to_json()")
