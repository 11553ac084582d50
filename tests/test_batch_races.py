"""What happens to a batch's calls when it is stopped, made deterministic.

On a busy machine a worker can reserve a sub-call (checked against the limits, counted, recorded) and only
send it a moment later. These tests widen that moment on purpose with a client that pauses before sending, so
what the engine does with such calls is the same on every run. And an interrupt must not wait for the
queued prompts that were never started.
"""
from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from rlm_jupyter import RLM
from rlm_jupyter.engine.run import subcalls
from rlm_jupyter.llm.client import Completion, LLMClient
from rlm_jupyter.testing import FakeLLMServer, Scripted

from .scripted import ROOT, SUB, SUB_SPENDS_THE_BUDGET, fence, interrupt_when, worker_threads_left

PAUSE_S = 5.0


class SlowToSend:
    """Sub-calls pause (on their cancel event) between being reserved and reaching the network client."""

    def __init__(self, inner: LLMClient) -> None:
        self.inner, self.base_url = inner, inner.base_url

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 **params: Any) -> Completion:
        if model == SUB and cancel is not None:
            cancel.wait(PAUSE_S)
        return self.inner.complete(model, messages, cancel=cancel, **params)

    def close(self) -> None:
        self.inner.close()

    def abort(self) -> None:
        self.inner.abort()


def run_batch(server: FakeLLMServer, **limits: Any) -> Any:
    server.models[ROOT] = Scripted([fence("out = llm_query_batched([f'p{i}' for i in range(10)])"), "FINAL(x)"])
    with RLM(model=ROOT, sub_model=SUB, client=SlowToSend(LLMClient(server.base_url, "k")), concurrency=4,
             **limits) as rlm:
        run = rlm.run("q")
    assert not worker_threads_left(within_s=PAUSE_S + 5)
    return run


# The four workers reserve p0-p3 and pause; the first answer spends the budget, so the next reservation stops
# the batch while the other three are reserved and not yet sent.
def test_reserved_calls_are_recorded_and_each_is_answered_or_cancelled_unsent(fake_llm: FakeLLMServer) -> None:
    run = run_batch(fake_llm, **SUB_SPENDS_THE_BUDGET)
    assert run.status == "budget" and "budget of $0.5 reached" in run.message
    assert [c.prompt for c in run.subcalls] == ["p0", "p1", "p2", "p3"]  # reserved, so recorded and counted
    answered = [c for c in run.subcalls if c.response is not None]
    assert all(c.error and "cancelled" in c.error and c.prompt_tokens == 0 for c in run.subcalls
               if c.response is None)
    assert fake_llm.count(SUB) == len(answered) == (run.usage[SUB].calls if SUB in run.usage else 0)


def test_calls_within_the_spend_limit_are_answered_even_when_slow_to_send(fake_llm: FakeLLMServer) -> None:
    run = run_batch(fake_llm, **SUB_SPENDS_THE_BUDGET)
    assert run.status == "budget"
    assert [c.response is not None for c in run.subcalls] == [True, True, True, True]
    assert fake_llm.count(SUB) == 4


@pytest.mark.slow  # it waits out the patched 3 s while it fails
def test_an_interrupted_batch_does_not_wait_for_prompts_that_never_started(
        fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subcalls, "ABANDON_WAIT_S", 3.0)
    fake_llm.latency = {SUB: 30.0}
    fake_llm.models[ROOT] = Scripted([fence("llm_query_batched([f'p{i}' for i in range(64)])")])
    with RLM(model=ROOT, sub_model=SUB, base_url=fake_llm.base_url, api_key="k", concurrency=8) as rlm, \
            interrupt_when(lambda: fake_llm.max_in_flight >= 8) as interrupt:
        run = rlm.run("q")
    returned = time.monotonic()
    assert interrupt.met and run.status == "interrupted"
    assert returned - interrupt.sent_at < 2.0  # the calls in flight end at once (their sockets are shut down)
