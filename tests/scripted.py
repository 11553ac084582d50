"""Scripted engine runs against the fake server, shared by the engine and reliability tests."""
from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rlm_jupyter import RLM, Run
from rlm_jupyter.testing import ChatRequest, FakeLLMServer, Reply, Scripted

ROOT, SUB = "root", "sub"
NEEDLE = "The special magic number is 48613907."


def fence(code: str) -> str:
    return f"Let me run this.\n```repl\n{code}\n```"


def sub_answer(prompt: str) -> str:
    """What the fixture's default RuleBasedSubModel answers for ``prompt`` on the sub model."""
    return f"[{SUB}] {len(prompt)} chars: {' '.join(prompt[:60].split())}"


def last_user(server: FakeLLMServer, index: int) -> str:
    """The last user message of the ``index``-th root request: the feedback the model read."""
    requests = [r for r in server.requests if r.model == ROOT]
    return requests[index].messages[-1]["content"]


def prompt_chars(server: FakeLLMServer, index: int = 0) -> int:
    return sum(len(m["content"]) for m in server.requests[index].messages)


class Engine:
    """Builds RLMs pointed at the fake server, runs scripted conversations, closes the clients."""

    def __init__(self, server: FakeLLMServer) -> None:
        self.server = server
        self._made: list[RLM] = []

    def rlm(self, **options: Any) -> RLM:
        rlm = RLM(model=ROOT, sub_model=SUB, base_url=self.server.base_url, api_key="test", **options)
        self._made.append(rlm)
        return rlm

    def run(self, replies: list[str] | Callable[[ChatRequest], str | Reply], context: object = None, *,
            question: str = "What is the answer?", expect: Any = None, namespace: dict[str, Any] | None = None,
            observers: tuple[Any, ...] = (), **options: Any) -> Run:
        self.server.models[ROOT] = Scripted(replies) if isinstance(replies, list) else replies
        return self.rlm(**options).run(question, context, expect=expect, namespace=namespace, observers=observers)

    def close(self) -> None:
        for rlm in self._made:
            rlm.close()


@pytest.fixture
def engine(fake_llm: FakeLLMServer) -> Iterator[Engine]:
    e = Engine(fake_llm)
    yield e
    e.close()


def assert_final(run: Run) -> None:
    assert run.status == "final", f"{run.status}: {run.message}"




def interrupt_after(seconds: float) -> None:
    """Send this process a real SIGINT later, as a kernel interrupt does (``_thread.interrupt_main`` would not
    wake a blocked wait)."""
    threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT)).start()


def worker_threads_left(within_s: float = 1.0) -> list[str]:
    """Names of sub-call worker threads still alive after waiting up to ``within_s`` for them to end."""
    deadline = time.monotonic() + within_s
    while True:
        alive = [t.name for t in threading.enumerate() if t.name.startswith("rlm-subcall")]
        if not alive or time.monotonic() >= deadline:
            return alive
        time.sleep(0.05)
