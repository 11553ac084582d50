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
from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.testing import ChatRequest, FakeLLMServer, Reply, Scripted

ROOT, SUB = "root", "sub"
NEEDLE = "The special magic number is 48613907."
# A spend limit the first answered sub-call reaches: sub-calls cost $1 a token, the root call nothing. It stops
# a batch mid-way at the first answer (max_subcalls cannot: a batch over it is refused before anything is sent).
SUB_SPENDS_THE_BUDGET: dict[str, Any] = {"budget_usd": 0.5, "prices": {ROOT: (0, 0), SUB: (1e6, 1e6)}}


class StubQueries:
    """Sub-call helpers with fixed answers, for the helper surface without a server."""

    def llm_query(self, prompt: str, model: str | None = None) -> str:
        return "one"

    def llm_query_batched(self, prompts: object, model: str | None = None) -> list[str]:
        return ["many"]

    def rlm_query(self, prompt: str, context: object = None) -> str:
        return "child"


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


def by_question(scripts: dict[str, list[str]]) -> Callable[[ChatRequest], str | Reply]:
    """One root responder for a parent and its child runs, told apart by the question they were asked."""
    responders = {q: Scripted(r) for q, r in scripts.items()}

    def respond(request: ChatRequest) -> str | Reply:
        return responders[Conversation.read_opening(request.messages).question](request)

    return respond


def assert_final(run: Run) -> None:
    assert run.status == "final", f"{run.status}: {run.message}"




def interrupt_after(seconds: float) -> None:
    """Send this process a real SIGINT later, as a kernel interrupt does (``_thread.interrupt_main`` would not
    wake a blocked wait). Prefer ``interrupt_when``: on a busy machine a fixed delay can fire before the work it
    was meant to cut has started, or after the test has ended (a KeyboardInterrupt that stops the session)."""
    threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT)).start()


class interrupt_when:  # noqa: N801  (used as a context manager, like a function)
    """Within the ``with`` block, send this process a real SIGINT once ``condition()`` holds.

    The condition is something observable about the work to cut (e.g. the server showing the batch's calls in
    flight), polled every ``poll_s``. If it does not hold within ``within_s`` the interrupt is sent anyway, so
    the test ends instead of waiting out the work, and ``met`` is False: assert it. Nothing is sent after the
    block has ended. ``sent_at`` is the ``time.monotonic()`` of the signal, to time the reaction from it.
    """

    def __init__(self, condition: Callable[[], bool], within_s: float = 60.0, poll_s: float = 0.01) -> None:
        self.condition, self.within_s, self.poll_s = condition, within_s, poll_s
        self.met = False
        self.sent_at = float("nan")  # until sent: any bound on the time since then fails
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._watch, name="test-interrupter", daemon=True)

    def __enter__(self) -> interrupt_when:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._done.set()
        self._thread.join()

    def _watch(self) -> None:
        deadline = time.monotonic() + self.within_s
        while not self._done.is_set():
            met = self.condition()
            if met or time.monotonic() >= deadline:
                with self._lock:
                    if not self._done.is_set():
                        self.met, self.sent_at = met, time.monotonic()
                        os.kill(os.getpid(), signal.SIGINT)
                return
            self._done.wait(self.poll_s)


def worker_threads_left(within_s: float = 1.0) -> list[str]:
    """Names of sub-call worker threads still alive after waiting up to ``within_s`` for them to end."""
    deadline = time.monotonic() + within_s
    while True:
        alive = [t.name for t in threading.enumerate() if t.name.startswith("rlm-subcall")]
        if not alive or time.monotonic() >= deadline:
            return alive
        time.sleep(0.05)
