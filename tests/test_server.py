"""FakeLLMServer over real HTTP with the real openai client."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import openai
import pytest

from rlm_jupyter.testing import (
    ChatRequest,
    FakeLLMServer,
    Fault,
    Reply,
    RuleBasedSubModel,
    Scripted,
)

ROOT = Path(__file__).resolve().parents[1]


def user(text: str) -> list[dict]:
    return [{"role": "user", "content": text}]


@pytest.fixture
def server(fake_llm: FakeLLMServer) -> FakeLLMServer:
    """The plugin's server (every model answered by ``RuleBasedSubModel()``), under the name these tests use."""
    return fake_llm


@pytest.fixture
def client(server: FakeLLMServer) -> Iterator[openai.OpenAI]:
    with openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0) as c:
        yield c


def ask(client: openai.OpenAI, model: str, messages: list[dict], **kw: object) -> str:
    return client.chat.completions.create(model=model, messages=messages, **kw).choices[0].message.content


# -- responders ---------------------------------------------------------------
def test_scripted_replies_follow_the_turn(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.models["root"] = Scripted(["first", "second"], after_end="done")
    history = [{"role": "system", "content": "sys"}, *user("go")]
    assert ask(client, "root", history) == "first"
    history += [{"role": "assistant", "content": "first"}, *user("more")]
    assert ask(client, "root", history) == "second"
    assert ask(client, "root", history) == "second"  # stateless: a retry gets the same reply
    history += [{"role": "assistant", "content": "second"}, *user("again")]
    assert ask(client, "root", history) == "done"
    assert Scripted(["a", "b"])(ChatRequest("m", [{"role": "assistant", "content": ""}] * 5, False, {})) == "b"


def test_chat_request_properties() -> None:
    req = ChatRequest(
        "m",
        [{"role": "system", "content": "S"}, *user("u1"), {"role": "assistant", "content": "a"}, *user("u2")],
        False,
        {},
    )
    assert (req.system, req.last_user, req.turn) == ("S", "u2", 1)
    assert (ChatRequest("m", [], False, {}).last_user, ChatRequest("m", [], False, {}).system) == ("", "")


def test_rule_based_sub_model(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.default = RuleBasedSubModel(
        [
            (r"capital of (?P<country>\w+)", r"The capital of \g<country> is unknown"),
            (r"add (\d+) and (\d+)", lambda m, req: str(int(m[1]) + int(m[2]))),
            (r"echo (\w+)", r"\1 \1"),
        ]
    )
    assert ask(client, "sub", user("What is the capital of France?")) == "The capital of France is unknown"
    assert ask(client, "sub", user("please add 2 and 40")) == "42"
    assert ask(client, "sub", user("echo hi")) == "hi hi"
    prompt = "no rule matches this prompt\nat all"
    assert ask(client, "sub", user(prompt)) == f"[sub] {len(prompt)} chars: no rule matches this prompt at all"


def test_responder_exception_is_a_clear_500(server: FakeLLMServer, client: openai.OpenAI) -> None:
    def broken(request: ChatRequest) -> str:
        raise KeyError("oops")

    server.models["bad"] = broken
    with pytest.raises(openai.InternalServerError, match="KeyError"):
        client.with_options(max_retries=2).chat.completions.create(model="bad", messages=user("x"))
    assert server.count("bad") == 1  # x-should-retry: false, so no pointless retries


def test_unknown_model_is_404() -> None:
    with FakeLLMServer(models={"known": Scripted(["x"])}) as srv, openai.OpenAI(
        base_url=srv.base_url, api_key="test"
    ) as c:
        with pytest.raises(openai.NotFoundError, match="nope"):
            c.chat.completions.create(model="nope", messages=user("hi"))
        assert [m.id for m in c.models.list()] == ["known"]
        assert srv.requests[0].status == 404


# -- usage, streaming ---------------------------------------------------------
def test_usage_is_deterministic(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.models["m"] = Scripted(["x" * 9])
    messages = [{"role": "system", "content": "abcd"}, *user("efghi")]  # 9 chars -> 3 tokens
    for _ in range(2):
        usage = client.chat.completions.create(model="m", messages=messages).usage
        assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (3, 3, 6)
    server.models["m"] = Scripted([""])
    assert client.chat.completions.create(model="m", messages=messages).usage.completion_tokens == 1
    assert [r.completion_tokens for r in server.requests] == [3, 3, 1]


def test_streaming_with_usage(server: FakeLLMServer, client: openai.OpenAI) -> None:
    text = "The quick brown fox jumps over the lazy dog. " * 4 + "!"  # 181 chars -> 46 tokens
    server.models["m"] = Scripted([text])
    chunks = list(
        client.chat.completions.create(
            model="m", messages=user("hi"), stream=True, stream_options={"include_usage": True}
        )
    )
    deltas = [c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content]
    assert len(deltas) >= 3 and "".join(deltas) == text
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens == 46
    # without include_usage there is no usage chunk
    plain = list(client.chat.completions.create(model="m", messages=user("hi"), stream=True))
    assert all(c.choices for c in plain) and all(c.usage is None for c in plain)
    assert server.requests[-1].stream and server.requests[-1].reply == text


# -- latency and concurrency ----------------------------------------------------
def test_latency_is_concurrent(server: FakeLLMServer, client: openai.OpenAI) -> None:
    # The responder waits until all 16 requests are in the server at once (a server answering one at a time
    # never fills the barrier: 500s after 30 s), then each waits out its latency: those waits must overlap.
    together = threading.Barrier(16, timeout=30)
    server.models["slow"] = lambda request: (together.wait(), "ok")[1]
    server.latency["slow"] = 0.2
    t0 = time.monotonic()
    with ThreadPoolExecutor(16) as pool:
        replies = list(pool.map(lambda i: ask(client, "slow", user(f"q{i}")), range(16)))
    elapsed = time.monotonic() - t0
    assert replies == ["ok"] * 16
    assert server.max_in_flight == 16
    assert all(r.finished - r.started >= 0.19 for r in server.requests)
    assert max(r.started for r in server.requests) < min(r.finished for r in server.requests)  # all at once
    assert elapsed < 3.2  # serial would be 3.2 s
    server.models["fast"] = lambda req: Reply("quick", latency_s=0.0)
    server.latency["fast"] = 5.0  # overridden by Reply.latency_s
    t0 = time.monotonic()
    assert ask(client, "fast", user("x")) == "quick" and time.monotonic() - t0 < 4.0  # not the 5 s latency


# -- faults -------------------------------------------------------------------
def test_http_500_count_is_retried(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.faults = [Fault("http", status=500, count=2, retry_after=0.01)]
    assert ask(client.with_options(max_retries=2), "m", user("hello")).startswith("[m] 5 chars")
    assert [r.status for r in server.requests] == [500, 500, 200]
    assert [r.fault for r in server.requests] == ["http", "http", None]
    server.reset()
    with pytest.raises(openai.InternalServerError):
        ask(client.with_options(max_retries=1), "m", user("hello"))


def test_429_exposes_retry_after(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.faults = [Fault("http", status=429, retry_after=7, model="limited")]
    with pytest.raises(openai.RateLimitError) as info:
        ask(client, "limited", user("x"))
    assert info.value.response.headers["retry-after"] == "7"
    assert ask(client, "other", user("x"))  # the fault is model-specific


def test_fault_match_selects_by_prompt(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.faults = [Fault("http", status=503, match=r"^fail")]
    with pytest.raises(openai.InternalServerError):
        ask(client, "m", user("fail please"))
    assert ask(client, "m", user("succeed please"))


def test_rate_faults_are_deterministic(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.faults = [Fault("http", status=503, rate=0.5, attempts=2, retry_after=0.01)]
    prompts = [f"prompt {i}" for i in range(40)]

    def failing() -> set[str]:
        failed = set()
        for p in prompts:
            try:
                ask(client, "m", user(p))
            except openai.InternalServerError:
                failed.add(p)
        return failed

    first = failing()
    assert 8 <= len(first) <= 32  # roughly half, but exactly reproducible
    assert failing() == first  # attempts=2: chosen prompts fail twice...
    assert failing() == set()  # ...then recover
    server.reset()
    assert failing() == first
    # retries recover transparently
    server.reset()
    assert all(ask(client.with_options(max_retries=2), "m", user(p)) for p in sorted(first)[:2])


def test_timeout_fault(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.faults = [Fault("timeout", delay_s=5.0, count=1)]
    t0 = time.monotonic()
    with pytest.raises(openai.APITimeoutError):
        client.with_options(timeout=0.5).chat.completions.create(model="m", messages=user("x"))
    assert time.monotonic() - t0 < 4.5  # the client's 0.5 s, not the server's 5 s
    assert ask(client, "m", user("x"))  # count=1: next request is fine


def test_malformed_body(server: FakeLLMServer, client: openai.OpenAI) -> None:
    # The openai client does not wrap JSON decoding errors: callers see ValueError.
    server.faults = [Fault("malformed")]
    with pytest.raises(ValueError):
        ask(client, "m", user("x"))
    with pytest.raises(ValueError):
        list(client.chat.completions.create(model="m", messages=user("x"), stream=True))
    assert [r.fault for r in server.requests] == ["malformed", "malformed"]


def test_disconnect_fault(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.faults = [Fault("disconnect", count=1)]
    with pytest.raises(openai.APIConnectionError):
        ask(client, "m", user("x"))
    assert server.requests[0].status == 0
    assert ask(client, "m", user("x"))


def test_stop_wakes_hanging_requests() -> None:
    srv = FakeLLMServer(default=Scripted(["x"]), faults=[Fault("timeout", delay_s=60)]).start()
    c = openai.OpenAI(base_url=srv.base_url, api_key="test", max_retries=0, timeout=0.2)
    with c, pytest.raises(openai.APITimeoutError):
        ask(c, "m", user("x"))
    t0 = time.monotonic()
    srv.stop()
    assert time.monotonic() - t0 < 10.0  # woken, not the 60 s hang


# -- records, log, control endpoints, plugin, CLI --------------------------------
def test_jsonl_log_and_records(tmp_path: Path) -> None:
    log = tmp_path / "requests.jsonl"
    with FakeLLMServer(default=Scripted(["hello"]), log_path=log) as srv, openai.OpenAI(
        base_url=srv.base_url, api_key="test"
    ) as c:
        ask(c, "a", user("one"))
        ask(c, "b", user("two"))
        lines = [json.loads(line) for line in log.read_text().splitlines()]
        assert [(d["index"], d["model"], d["reply"], d["status"]) for d in lines] == [
            (0, "a", "hello", 200),
            (1, "b", "hello", 200),
        ]
        assert (srv.count(), srv.count("a"), srv.count("zzz")) == (2, 1, 0)
        srv.reset()
        assert srv.requests == [] and srv.count() == 0


def test_control_endpoints(server: FakeLLMServer, client: openai.OpenAI) -> None:
    ask(client, "m", user("ping"))
    root = server.base_url.removesuffix("/v1")
    with urllib.request.urlopen(f"{root}/_requests") as resp:
        records = json.load(resp)
    assert records[0]["messages"] == user("ping") and records[0]["reply"].startswith("[m]")
    with urllib.request.urlopen(urllib.request.Request(f"{root}/_reset", data=b"", method="POST")) as resp:
        assert resp.status == 200
    assert server.requests == []


def test_pytest_fixture(fake_llm: FakeLLMServer) -> None:
    with openai.OpenAI(base_url=fake_llm.base_url, api_key="test") as c:
        assert ask(c, "anything", user("abc")) == "[anything] 3 chars: abc"
    assert fake_llm.count("anything") == 1


def test_the_plugin_is_loaded_because_pyproject_asks_for_it(pytestconfig: pytest.Config) -> None:
    # `-p rlm_jupyter.testing.pytest_plugin` in addopts registers it under its module name; a pytest11 entry point
    # (gone: it loaded the plugin into every user's pytest run) would have registered it as "rlm_jupyter".
    assert pytestconfig.pluginmanager.has_plugin("rlm_jupyter.testing.pytest_plugin")
    assert not pytestconfig.pluginmanager.has_plugin("rlm_jupyter")
    assert "rlm_jupyter.testing.pytest_plugin" in pytestconfig.getini("addopts")


def test_many_concurrent_clients() -> None:
    # Every request is held until all 128 are in the server at once, so the bound is exact and does not depend
    # on how fast a busy machine starts 128 threads; a server that refused or queued connections would never
    # fill the barrier (its requests fail with 500 after 60 s).
    together = threading.Barrier(128, timeout=60)
    with FakeLLMServer(default=lambda request: (together.wait(), "ok")[1]) as srv, openai.OpenAI(
        base_url=srv.base_url, api_key="test", max_retries=0
    ) as c, ThreadPoolExecutor(128) as pool:
        assert list(pool.map(lambda i: ask(c, "m", user(str(i))), range(128))) == ["ok"] * 128
        assert srv.max_in_flight == 128


def test_cli_serves_and_exits_on_sigterm(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(["scripted reply"]))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    cmd = [sys.executable, "-m", "rlm_jupyter.testing.server", "--port", "0", "--script", str(script),
           "--latency", "demo-sub=0.01", "--log", str(tmp_path / "log.jsonl")]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        try:
            line = proc.stdout.readline().strip()
            assert line.startswith("serving on http://127.0.0.1:"), proc.stderr.read()
            base_url = line.removeprefix("serving on ")
            with urllib.request.urlopen(f"{base_url}/models") as resp:
                assert {m["id"] for m in json.load(resp)["data"]} == {"demo-root", "demo-sub"}
            with openai.OpenAI(base_url=base_url, api_key="test") as c:
                assert ask(c, "demo-root", user("hi")) == "scripted reply"
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=10) == 0
            assert proc.stderr.read() == ""
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert json.loads((tmp_path / "log.jsonl").read_text())["model"] == "demo-root"


def test_responder_returning_none_is_reported(server: FakeLLMServer, client: openai.OpenAI) -> None:
    server.models["none"] = lambda req: None  # type: ignore[arg-type,return-value]
    with pytest.raises(openai.InternalServerError, match="returned NoneType"):
        ask(client, "none", user("x"))
