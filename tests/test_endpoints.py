"""What real endpoints do differently, over real HTTP against the bundled server acting as each of them.

Streaming refused (OpenAI's exact 400 for unverified organizations), request
parameters, replies cut at the output limit, reasoning beside the content,
usage missing (llama.cpp) or with cached tokens (OpenAI), costs stated by the
provider (OpenRouter's ``usage.cost``, LiteLLM's header), and Azure OpenAI's
two APIs.
"""
from __future__ import annotations

from typing import Any

import pytest

from rlm_jupyter import RLM
from rlm_jupyter.engine.record.events import EndpointNotice
from rlm_jupyter.llm.client import COST_HEADER, UNSTREAMABLE, LLMClient, LLMError, resolve_endpoint
from rlm_jupyter.testing import FakeLLMServer, Fault, Reply, Scripted

from .scripted import ROOT, SUB, Engine, assert_final, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest
HELLO = [{"role": "user", "content": "hello there"}]


# -- streaming refused ---------------------------------------------------------------------------------------
def test_a_refused_stream_is_asked_again_without_streaming_and_remembered(fake_llm: FakeLLMServer,
                                                                        client: LLMClient) -> None:
    fake_llm.faults = [Fault("refuse_stream")]
    on_text: list[str] = []
    done = client.complete("gpt-5-mini", HELLO, on_text=on_text.append)
    assert done.text and done.notice is not None and "replies appear when complete" in done.notice
    assert "must be verified to stream" in done.notice
    assert [(r.stream, r.status) for r in fake_llm.requests] == [(True, 400), (False, 200)]
    again = client.complete("gpt-5-mini", HELLO, on_text=on_text.append)  # remembered: no second refusal
    assert [(r.stream, r.status) for r in fake_llm.requests][2:] == [(False, 200)]
    assert again.notice is not None  # each run still says it once
    assert ("http://" + fake_llm.base_url.split("://", 1)[1], "gpt-5-mini") in UNSTREAMABLE
    other = client.complete("other-model", HELLO, on_text=on_text.append)  # per model: another model is tried streamed
    assert other.notice is not None and fake_llm.requests[-2].stream and fake_llm.requests[-2].status == 400


def test_an_unrelated_400_is_not_retried_unstreamed(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.faults = [Fault("http", status=400)]
    with pytest.raises(LLMError, match="400"):
        client.complete("m", HELLO, on_text=lambda _t: None)
    assert len(fake_llm.requests) == 1


def test_a_run_says_once_that_replies_appear_when_complete(engine: Engine) -> None:
    engine.server.faults = [Fault("refuse_stream")]
    notices: list[str] = []
    run = engine.run([fence("x = 41 + 1"), "FINAL_VAR(x)"],
                     observers=(lambda e: notices.append(e.text) if isinstance(e, EndpointNotice) else None,))
    assert_final(run)
    assert run.answer == 42
    assert len(run.notices) == 1 and notices == run.notices
    assert sum(r.status == 400 for r in engine.server.requests) == 1


def test_stream_false_never_asks_to_stream(engine: Engine) -> None:
    run = engine.run([fence("x = 1"), "FINAL_VAR(x)"], stream=False)
    assert_final(run)
    assert not any(r.stream for r in engine.server.requests)


# -- request parameters ----------------------------------------------------------------------------------------
def test_params_go_into_the_body_as_given_and_into_the_record(engine: Engine) -> None:
    engine.server.models[SUB] = lambda request: "sub says hi"
    run = engine.run([fence("x = llm_query('hi')"), "FINAL_VAR(x)"],
                     params={"temperature": 0, "max_tokens": 400, "seed": 7, "stop": ["<|im_end|>"]},
                     sub_params={"max_tokens": 50})
    assert_final(run)
    roots = [r.body for r in engine.server.requests if r.model == ROOT]
    subs = [r.body for r in engine.server.requests if r.model == SUB]
    assert roots and all(b is not None and (b["temperature"], b["max_tokens"], b["seed"], b["stop"])
                         == (0, 400, 7, ["<|im_end|>"]) for b in roots)
    assert subs and all(b is not None and b["max_tokens"] == 50 and "temperature" not in b for b in subs)
    assert run.settings["params"]["max_tokens"] == 400 and run.settings["sub_params"] == {"max_tokens": 50}
    assert run.settings_used().params == run.settings["params"]


def test_root_calls_ask_for_temperature_0_by_default_and_the_user_decides_otherwise(engine: Engine) -> None:
    """The root writes code: the same data and question get the same code. Sub-calls keep the endpoint's own."""
    engine.server.models[SUB] = lambda request: "sub"
    for options, sent in [({}, 0.0), ({"temperature": 0.7}, 0.7), ({"params": {"temperature": 1.2}}, 1.2),
                          ({"temperature": None}, "absent")]:
        before = len(engine.server.requests)
        assert_final(engine.run([fence("x = llm_query('hi')"), "FINAL_VAR(x)"], **options))
        requests = engine.server.requests[before:]
        roots = [r.body for r in requests if r.model == ROOT]
        assert roots and all(b is not None and b.get("temperature", "absent") == sent for b in roots), options
        assert all(r.body is not None and "temperature" not in r.body for r in requests if r.model == SUB)


def test_the_turn_after_a_repeated_turn_is_sampled(engine: Engine) -> None:
    """At temperature 0 the same conversation gets the same reply: after a repeat, one turn is sampled."""
    same = fence("x = 1\nprint(x)")
    for options, sent in [({}, [0.0, 0.0, 1.0, 0.0]), ({"resample_temperature": 0.6}, [0.0, 0.0, 0.6, 0.0]),
                          ({"temperature": None}, ["absent"] * 4), ({"params": {"temperature": 0.2}}, [0.2] * 4)]:
        before = len(engine.server.requests)
        run = engine.run([same, same, fence("y = 2\nprint(y)"), "FINAL_VAR(y)"], **options)
        assert_final(run)
        bodies = [r.body or {} for r in engine.server.requests[before:] if r.model == ROOT]
        assert [b.get("temperature", "absent") for b in bodies] == sent, options


@pytest.mark.parametrize("fault", [None, "refuse_temperature"])
def test_a_run_with_a_sampled_turn_or_a_refused_default_replays_from_its_record(engine: Engine,
                                                                                 fault: str | None) -> None:
    """Replay answers root calls by question and replies, whatever temperature each call was sent with."""
    from rlm_jupyter.engine.record.replay import replay_client

    engine.server.faults = [Fault("refuse_temperature")] if fault else []
    same = fence("x = 1\nprint(x)")
    run = engine.run([same, same, fence("y = 2\nprint(y)"), "FINAL_VAR(y)"])
    assert_final(run)
    sent = len(engine.server.requests)
    again = RLM(run.settings_used(), client=replay_client(run)).run(run.question)
    assert again.status == "final" and again.answer == 2 and len(engine.server.requests) == sent


def test_a_model_that_refuses_the_default_temperature_is_asked_without_it_and_the_run_says_so(
        engine: Engine) -> None:
    """OpenAI's reasoning models take only their own temperature: a 400 naming it costs one request, once."""
    engine.server.faults = [Fault("refuse_temperature")]
    rlm = engine.rlm()
    engine.server.models[ROOT] = Scripted([fence("x = 41 + 1"), "FINAL_VAR(x)"])
    first = rlm.run("What is the answer?")
    assert_final(first)
    assert first.answer == 42 and len(first.notices) == 1
    assert "does not take temperature=0.0" in first.notices[0] and "Only the default (1)" in first.notices[0]
    assert [r.status for r in engine.server.requests] == [400, 200, 200]
    assert "temperature" not in (engine.server.requests[2].body or {})
    second = rlm.run("What is the answer?")  # the same RLM: not tried again, and the run says so too
    assert_final(second)
    assert [r.status for r in engine.server.requests][3:] == [200, 200] and second.notices == first.notices
    third = engine.rlm().run("What is the answer?")  # another RLM (a new %%rlm cell): remembered per endpoint and model
    assert_final(third)
    assert [r.status for r in engine.server.requests][5:] == [200, 200] and third.notices == first.notices
    engine.server.models["other-root"] = Scripted([fence("x = 2"), "FINAL_VAR(x)"])
    other = RLM(model="other-root", base_url=engine.server.base_url, api_key="test")
    other_run = other.run("What is the answer?")  # another model is asked with it first
    other.close()
    assert_final(other_run)
    assert [r.status for r in engine.server.requests][7:] == [400, 200, 200]


def test_a_model_that_refuses_to_stream_and_the_temperature_gets_through_both(engine: Engine) -> None:
    """A gpt-5 model of an unverified organization: the stream refused, then (unstreamed) the temperature."""
    engine.server.faults = [Fault("refuse_stream"), Fault("refuse_temperature")]
    run = engine.run([fence("x = 41 + 1"), "FINAL_VAR(x)"])
    assert_final(run)
    assert run.answer == 42 and len(run.notices) == 2
    sent = [(r.stream, "temperature" in (r.body or {}), r.status) for r in engine.server.requests]
    assert sent == [(True, True, 400), (False, True, 400), (False, False, 200), (False, False, 200)]


def test_a_refused_default_is_not_announced_to_a_run_that_would_not_send_it(engine: Engine) -> None:
    engine.server.faults = [Fault("refuse_temperature")]
    assert len(engine.run([fence("x = 1"), "FINAL_VAR(x)"]).notices) == 1
    assert engine.run([fence("x = 1"), "FINAL_VAR(x)"], temperature=None).notices == []


def test_a_record_from_before_the_temperature_setting_rebuilds_without_one() -> None:
    from rlm_jupyter.engine.settings import Settings

    old = Settings.from_record({"model": ROOT, "max_iterations": 4})
    assert (old.temperature, old.resample_temperature) == (None, None)
    new = Settings.from_record(Settings(model=ROOT).to_record())
    assert (new.temperature, new.resample_temperature) == (0.0, 1.0)


def test_a_temperature_set_in_params_is_sent_as_given_even_when_refused(engine: Engine) -> None:
    """``params`` is the literal request body: a refusal of a field there is the user's to see and fix."""
    engine.server.faults = [Fault("refuse_temperature")]
    run = engine.run([fence("x = 1"), "FINAL_VAR(x)"], params={"temperature": 0})
    assert run.status == "error" and "Unsupported value: 'temperature'" in run.message
    assert len(engine.server.requests) == 1
    with pytest.raises(ValueError, match="temperature must be >= 0 and <= 2, got 3; pass None for the endpoint"):
        engine.rlm(temperature=3)


def test_params_are_part_of_the_cache_key(engine: Engine, tmp_path: Any) -> None:
    replies = [fence("x = 1"), "FINAL_VAR(x)"]
    engine.run(replies, cache_dir=str(tmp_path), params={"temperature": 0})
    sent = len(engine.server.requests)
    engine.run(replies, cache_dir=str(tmp_path), params={"temperature": 0})
    assert len(engine.server.requests) == sent  # same params: answered from the cache
    engine.run(replies, cache_dir=str(tmp_path), params={"temperature": 1})
    assert len(engine.server.requests) > sent  # other params: asked again


def test_a_malformed_params_value_fails_before_any_call(fake_llm: FakeLLMServer) -> None:
    with pytest.raises(ValueError, match="params must not set 'stream'"):
        RLM(model=ROOT, base_url=fake_llm.base_url, params={"stream": False})
    with pytest.raises(ValueError, match="sub_params must be a dict"):
        RLM(model=ROOT, base_url=fake_llm.base_url, sub_params=[1])
    assert fake_llm.requests == []


def test_a_reply_cut_at_the_output_limit_is_recorded_and_the_model_is_told(engine: Engine) -> None:
    turns = [Reply(fence("x = 1") + "\nAnd now a very long expla", finish_reason="length"), "FINAL(done)"]
    run = engine.run(turns)
    assert_final(run)
    assert run.iterations[0].finish_reason == "length" and run.iterations[1].finish_reason == "stop"
    assert "cut off at the output limit" in (run.iterations[0].feedback or "")
    assert "cut off" in engine.server.requests[1].messages[-1]["content"]


def test_a_sub_call_cut_at_the_output_limit_is_recorded(engine: Engine) -> None:
    engine.server.models[SUB] = lambda request: Reply("partial ans", finish_reason="length")
    run = engine.run([fence("x = llm_query('hi')"), "FINAL_VAR(x)"])
    assert run.subcalls[0].finish_reason == "length"


@pytest.mark.parametrize("stream", [True, False])
def test_reasoning_beside_the_content_is_kept_redacted_and_never_run(engine: Engine, monkeypatch: pytest.MonkeyPatch,
                                                                  stream: bool) -> None:
    monkeypatch.setenv("MY_SERVICE_TOKEN", "tok-abcdef-123456")
    thinking = "Maybe I should run:\n```repl\nboom = 1/0\n```\nFINAL(wrong)\nThe token is tok-abcdef-123456."
    run = engine.run([Reply(fence("x = 2"), reasoning=thinking), "FINAL_VAR(x)"], stream=stream)
    assert_final(run)
    assert run.answer == 2  # neither the code nor the FINAL in the reasoning counted
    first = run.iterations[0]
    assert [c.code.strip() for c in first.cells] == ["x = 2"]
    assert "Maybe I should run" in first.reasoning and "tok-abcdef-123456" not in first.reasoning
    assert "[secret:MY_SERVICE_TOKEN]" in first.reasoning
    assert "boom" not in run.to_json().replace(first.reasoning.replace("\n", "\\n"), "")


# -- usage and cost ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("stream", [True, False])
def test_counts_the_server_did_not_report_are_marked_estimated(engine: Engine, stream: bool) -> None:
    engine.server.models[SUB] = lambda request: Reply("sub", usage=False)
    run = engine.run([Reply(fence("x = llm_query('hi')"), usage=False), "FINAL_VAR(x)"], stream=stream)
    assert_final(run)
    assert run.iterations[0].usage_estimated and not run.iterations[1].usage_estimated
    assert run.iterations[0].prompt_tokens > 0
    assert run.subcalls[0].usage_estimated
    assert run.usage[ROOT].estimated_calls == 1 and run.usage[SUB].estimated_calls == 1


def test_cached_prompt_tokens_are_billed_at_the_cached_rate(engine: Engine) -> None:
    prices = {ROOT: (1.0, 2.0, 0.1), SUB: (1.0, 1.0)}
    replies = [Reply(fence("x = 1"), cached_tokens=10), Reply("FINAL_VAR(x)", cached_tokens=10)]
    run = engine.run(replies, prices=prices)
    uncached = engine.run([fence("x = 1"), "FINAL_VAR(x)"], prices=prices)
    assert run.usage[ROOT].cached_prompt_tokens == 20
    assert run.usage[ROOT].prompt_tokens == uncached.usage[ROOT].prompt_tokens
    saved = 20 * (1.0 - 0.1) / 1_000_000
    assert (uncached.cost_usd or 0) - (run.cost_usd or 0) == pytest.approx(saved)


def test_a_cost_stated_in_the_usage_or_a_header_is_the_cost(engine: Engine) -> None:
    engine.server.models[SUB] = lambda request: Reply("sub", headers={COST_HEADER: "0.0025"})
    run = engine.run([Reply(fence("x = llm_query('hi')"), cost_usd=0.125), Reply("FINAL_VAR(x)", cost_usd=0.125)],
                     stream=False)
    assert_final(run)
    assert run.usage[ROOT].cost_usd == pytest.approx(0.25)
    assert run.usage[SUB].cost_usd == pytest.approx(0.0025)
    assert run.usage[ROOT].cost_sources == {"provider": 2} and run.subcalls[0].cost_source == "provider"


def test_a_budget_counts_the_costs_the_provider_states(engine: Engine) -> None:
    """The prices say free; the endpoint's header says $0.40 a sub-call: the budget follows the header."""
    engine.server.models[SUB] = lambda request: Reply("sub", headers={COST_HEADER: "0.4"})
    run = engine.run([fence("for i in range(10):\n    llm_query(f'q{i}')"), "FINAL(x)"], stream=False,
                     budget_usd=1.0, prices={ROOT: (0, 0), SUB: (0, 0)})
    assert run.status == "budget"
    assert 3 <= len(run.subcalls) < 10
    assert run.cost_usd is not None and run.cost_usd >= 1.0


def test_a_budget_stops_when_a_call_has_no_cost_at_all(engine: Engine) -> None:
    rlm = engine.rlm(budget_usd=1.0, prices={ROOT: (1, 1), SUB: (1, 1)}, local_is_free=False)
    rlm.prices._overrides.pop(SUB)  # as if an endpoint that states costs had not stated this one
    engine.server.models[ROOT] = Scripted([fence("x = llm_query('a')\ny = llm_query('b')"), "FINAL_VAR(x)"])
    run = rlm.run("q")
    assert run.status == "budget" and "had no stated or known cost" in run.message
    assert len(run.subcalls) == 1


def test_a_budget_for_a_model_with_no_price_is_refused_before_any_call(fake_llm: FakeLLMServer) -> None:
    with pytest.raises(ValueError, match="budget_usd needs a price for 'sub'"):
        RLM(model=ROOT, sub_model=SUB, base_url=fake_llm.base_url, budget_usd=1.0, prices={ROOT: (1, 1)},
            local_is_free=False)
    assert fake_llm.requests == []


# -- Azure OpenAI ----------------------------------------------------------------------------------------------
AZURE_ENV = ("AZURE_OPENAI_API_KEY", "AZURE_OPENAI_ENDPOINT", "OPENAI_API_VERSION", "OPENAI_BASE_URL",
             "OPENAI_API_KEY")


@pytest.fixture
def azure_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in AZURE_ENV:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _root_of(server: FakeLLMServer) -> str:
    return server.base_url.removesuffix("/v1")


def test_azure_classic_deployments_send_path_query_and_api_key(fake_llm: FakeLLMServer, azure_env: Any) -> None:
    client = LLMClient(_root_of(fake_llm), "azure-key-123", api_version="2024-10-21")
    try:
        assert client.complete("my-deployment", HELLO).text
    finally:
        client.close()
    request = fake_llm.requests[0]
    assert request.path == "/openai/deployments/my-deployment/chat/completions"
    assert request.query == "api-version=2024-10-21"
    assert request.headers is not None and request.headers["api-key"] == "azure-key-123"


def test_azure_classic_from_the_openai_clients_own_environment(engine: Engine, azure_env: Any) -> None:
    azure_env.setenv("AZURE_OPENAI_ENDPOINT", _root_of(engine.server))
    azure_env.setenv("AZURE_OPENAI_API_KEY", "azure-env-key-456")
    azure_env.setenv("OPENAI_API_VERSION", "2025-01-01-preview")
    engine.server.models["my-deployment"] = Scripted([fence("x = 3"), "FINAL_VAR(x)"])
    with RLM(model="my-deployment", sub_model="my-deployment") as rlm:
        run = rlm.run("q")
    assert_final(run)
    request = engine.server.requests[0]
    assert request.path == "/openai/deployments/my-deployment/chat/completions"
    assert request.query == "api-version=2025-01-01-preview"
    assert request.headers is not None and request.headers["api-key"] == "azure-env-key-456"
    assert "azure-env-key-456" not in run.to_json()


def test_azure_v1_endpoint_is_plain_openai_with_deployment_names(fake_llm: FakeLLMServer, azure_env: Any) -> None:
    client = LLMClient(_root_of(fake_llm) + "/openai/v1", "azure-key-789")
    try:
        client.complete("my-deployment", HELLO)
    finally:
        client.close()
    request = fake_llm.requests[0]
    assert (request.path, request.query) == ("/openai/v1/chat/completions", "")
    assert request.headers is not None and request.headers["authorization"] == "Bearer azure-key-789"
    assert request.body is not None and request.body["model"] == "my-deployment"


@pytest.mark.parametrize("url", ["https://res.openai.azure.com/openai/v1", "https://res.cognitiveservices.azure.com"])
def test_an_azure_host_takes_the_azure_key(azure_env: Any, url: str) -> None:
    azure_env.setenv("AZURE_OPENAI_API_KEY", "az-key-000")
    azure_env.setenv("OPENAI_API_KEY", "openai-key-111")
    azure_env.setenv("OPENAI_API_VERSION", "2024-10-21")
    endpoint = resolve_endpoint(url, None)
    assert endpoint.api_key == "az-key-000" and endpoint.azure
    # the v1 URL needs no api-version; the classic one takes it from the environment
    assert endpoint.api_version == (None if url.endswith("/openai/v1") else "2024-10-21")


def test_azure_without_a_key_is_a_one_line_error(azure_env: Any) -> None:
    with pytest.raises(LLMError, match="no API key for Azure OpenAI: set AZURE_OPENAI_API_KEY"):
        resolve_endpoint("https://res.openai.azure.com/openai/v1", None)


def test_extra_headers_are_sent_and_never_recorded(engine: Engine) -> None:
    run = engine.run([fence("x = 1"), "FINAL_VAR(x)"], headers={"X-Title": "notebook", "X-Secret-Header": "hdr-val"})
    assert all(r.headers is not None and r.headers["x-title"] == "notebook" for r in engine.server.requests)
    assert "headers" not in run.settings and "hdr-val" not in run.to_json()


# -- what the panel and the report say ---------------------------------------------------------------------------
def test_panel_and_report_mark_cut_replies_reasoning_estimates_notices_and_cost_sources(engine: Engine) -> None:
    from rlm_jupyter.jupyter.panel import LivePanel
    from rlm_jupyter.jupyter.report import run_html

    engine.server.faults = [Fault("refuse_stream")]
    engine.server.models[SUB] = lambda request: Reply("sub", finish_reason="length", usage=False,
                                                      reasoning="sub thinks", headers={COST_HEADER: "0.01"})
    turns = [Reply(fence("x = llm_query('hi')") + "\nmore", finish_reason="length", reasoning="I think <b>x</b>"),
             Reply("FINAL_VAR(x)", usage=False)]
    panel = LivePanel(max_iterations=5)
    with panel:
        run = engine.run(turns, observers=(panel.observe,), prices={ROOT: (1, 2)})
    assert_final(run)
    report = run_html(run)
    live = panel.header.value + "".join(w.value for box in panel.iterations.children for w in box.children
                                        if hasattr(w, "value") and isinstance(w.value, str))
    for page in (report, live):
        assert "replies appear when complete" in page  # the notice
        assert "reasoning returned beside the reply" in page and "I think &lt;b&gt;x&lt;/b&gt;" in page
        assert "the reply was cut at the output limit" in page
        assert "estimated for 1 of 2 calls" in page
    assert "Iteration 1 · 1 code block · 1 sub-call · cut at the output limit" in panel.iterations.titles[0]
    assert "Iteration 2 · 0 code blocks · 0 sub-calls · tokens estimated" in panel.iterations.titles[1]
    assert "ok · cut at the output limit · tokens estimated" in report and "~" in report
    assert "root: your prices= setting" in report and "sub: stated by the provider" in report
