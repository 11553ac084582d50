"""LLMClient over real HTTP (real openai client) against FakeLLMServer: retries, errors, keys."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from rlm_jupyter.llm.client import OPENAI_URL, LLMClient, LLMError
from rlm_jupyter.testing import FakeLLMServer, Fault

HELLO = [{"role": "user", "content": "hello there"}]


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def test_completion_text_usage_and_latency(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    done = client.complete("sub-a", HELLO)
    record = fake_llm.requests[0]
    assert done.text == record.reply == "[sub-a] 11 chars: hello there"
    assert (done.prompt_tokens, done.completion_tokens) == (record.prompt_tokens, record.completion_tokens)
    assert done.model == "sub-a" and done.retries == 0
    assert 0 < done.latency_s < 30


def test_retries_on_500_are_counted(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.faults = [Fault("http", status=500, count=2)]
    done = client.complete("m", HELLO)
    assert done.retries == 2
    assert done.text.startswith("[m]")
    assert [r.status for r in fake_llm.requests] == [500, 500, 200]


def test_retries_exhausted_names_endpoint_model_and_attempts(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.faults = [Fault("http", status=503)]
    with pytest.raises(LLMError) as info:
        client.complete("my-model", HELLO)
    message = str(info.value)
    assert "'my-model'" in message and fake_llm.base_url in message
    assert "after 4 attempts" in message and "InternalServerError" in message
    assert fake_llm.count() == 4


def test_429_retry_after_is_honoured(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.faults = [Fault("http", status=429, retry_after=0.5, count=1)]
    done = client.complete("m", HELLO)
    first, second = fake_llm.requests
    assert (first.status, second.status) == (429, 200)
    assert done.retries == 1
    assert second.started - first.finished >= 0.4  # backoff alone would be ~1 ms
    assert done.latency_s >= 0.4


def test_permanent_400_is_not_retried(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.faults = [Fault("http", status=400)]
    with pytest.raises(LLMError) as info:
        client.complete("the-model", HELLO)
    assert fake_llm.count() == 1
    message = str(info.value)
    assert "'the-model'" in message and fake_llm.base_url in message
    assert "BadRequestError" in message and "attempts" not in message


def test_unknown_model_404_is_not_retried(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.default = None
    with pytest.raises(LLMError, match="NotFoundError"):
        client.complete("nope", HELLO)
    assert fake_llm.count() == 1


@pytest.mark.parametrize("kind", ["disconnect", "malformed"])
def test_broken_responses_are_retried(fake_llm: FakeLLMServer, client: LLMClient, kind: str) -> None:
    fake_llm.faults = [Fault(kind, count=1)]  # type: ignore[arg-type]
    done = client.complete("m", HELLO)
    assert done.retries == 1 and done.text.startswith("[m]")


def test_malformed_forever_is_an_llm_error(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    fake_llm.faults = [Fault("malformed")]
    with pytest.raises(LLMError, match="after 4 attempts"):
        client.complete("m", HELLO)


def test_request_timeout_is_retried(fake_llm: FakeLLMServer) -> None:
    fake_llm.faults = [Fault("timeout", count=1, delay_s=5)]
    client = LLMClient(fake_llm.base_url, "k", backoff_s=0.001, request_timeout_s=0.3)
    try:
        done = client.complete("m", HELLO)
    finally:
        client.close()
    assert done.retries == 1
    assert 0.25 < done.latency_s < 4.5  # the first try was abandoned at the request timeout


def test_connection_refused_names_endpoint_and_model() -> None:
    url = closed_port_url()
    client = LLMClient(url, "k", backoff_s=0.001, max_retries=1)
    with pytest.raises(LLMError) as info:
        client.complete("gpt-x", HELLO)
    client.close()
    assert url in str(info.value) and "'gpt-x'" in str(info.value)
    assert "APIConnectionError" in str(info.value)


def test_cancel_abandons_the_retry_wait(fake_llm: FakeLLMServer) -> None:
    fake_llm.faults = [Fault("http", status=429, retry_after=30)]
    client = LLMClient(fake_llm.base_url, "k")
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    started = time.monotonic()
    with pytest.raises(LLMError, match="cancelled"):
        client.complete("m", HELLO, cancel=cancel)
    client.close()
    assert time.monotonic() - started < 10
    assert fake_llm.count() == 1


def test_is_safe_to_share_between_threads(fake_llm: FakeLLMServer, client: LLMClient) -> None:
    results: dict[int, str] = {}

    def ask(i: int) -> None:
        results[i] = client.complete("m", [{"role": "user", "content": f"question {i}"}]).text

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results == {i: f"[m] {len(f'question {i}')} chars: question {i}" for i in range(8)}


# -- endpoint and key resolution ------------------------------------------------
@pytest.mark.usefixtures("no_env")
@pytest.mark.parametrize("base_url", [None, OPENAI_URL, OPENAI_URL + "/"])
def test_missing_key_for_openai_is_a_clear_error(base_url: str | None) -> None:
    with pytest.raises(LLMError) as info:
        LLMClient(base_url)
    assert "OPENAI_API_KEY" in str(info.value) and "api.openai.com" in str(info.value)
    assert "base_url" in str(info.value)


@pytest.mark.usefixtures("no_env")
def test_local_server_needs_no_key(fake_llm: FakeLLMServer) -> None:
    client = LLMClient(fake_llm.base_url + "/")
    assert client.base_url == fake_llm.base_url
    assert client.complete("m", HELLO).text.startswith("[m]")
    client.close()


@pytest.mark.usefixtures("no_env")
def test_base_url_and_key_from_environment(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", fake_llm.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "env-key")
    client = LLMClient()
    assert (client.base_url, client.api_key) == (fake_llm.base_url, "env-key")
    assert client.complete("m", HELLO).text.startswith("[m]")
    client.close()


@pytest.mark.usefixtures("no_env")
def test_explicit_arguments_beat_environment(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "env-key")
    client = LLMClient(fake_llm.base_url, "arg-key")
    assert (client.base_url, client.api_key) == (fake_llm.base_url, "arg-key")
    client.close()
