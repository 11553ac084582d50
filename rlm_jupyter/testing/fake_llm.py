"""The fake LLM server for tests: the demo model's ``ChatServer`` plus faults, records and a JSONL log.

Why a subclass of the product's server: tests exercise the very HTTP and
wire code the demo serves, and add only what a test needs on top: injected
faults (``faults``), a record of every chat request (``requests``,
``count``, ``max_in_flight``, optionally appended to a JSONL file) and the
control endpoints ``GET /_requests`` and ``POST /_reset`` for
out-of-process clients.
"""
from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rlm_jupyter.demo_model import wire
from rlm_jupyter.demo_model.responders import ChatRequest, Responder
from rlm_jupyter.demo_model.serving import ChatHandler, ChatServer, Outcome

from .faults import Fault, FaultPlan, fault_outcome


@dataclass(frozen=True)
class RequestRecord:
    """What happened to one chat request; ``status`` 0 means no response was sent."""

    index: int
    model: str
    messages: list[dict[str, Any]]
    stream: bool
    status: int
    fault: str | None
    reply: str | None
    prompt_tokens: int
    completion_tokens: int
    started: float
    finished: float
    path: str = ""
    query: str = ""
    headers: dict[str, str] | None = None
    body: dict[str, Any] | None = None


class FakeLLMServer(ChatServer):
    """OpenAI-compatible chat server with scripted responders and fault injection.

    ``models``, ``default``, ``latency`` and ``faults`` are plain attributes and
    may be swapped while the server runs.
    """

    def __init__(
        self,
        models: dict[str, Responder] | None = None,
        default: Responder | None = None,
        latency: dict[str, float] | None = None,
        faults: Sequence[Fault] = (),
        log_path: str | os.PathLike[str] | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        super().__init__(models, default, latency, host, port)
        self.faults: list[Fault] = list(faults)
        self.log_path = Path(log_path) if log_path is not None else None
        self._lock = threading.Lock()  # guards everything below: records and fault progress are server-wide
        self._records: list[RequestRecord] = []
        self._next_index = 0
        self._in_flight = 0
        self._max_in_flight = 0
        self._plan = FaultPlan()

    # -- inspection ----------------------------------------------------------
    @property
    def requests(self) -> list[RequestRecord]:
        """Snapshot of finished chat requests, in arrival order."""
        with self._lock:
            return sorted(self._records, key=lambda r: r.index)

    def count(self, model: str | None = None) -> int:
        with self._lock:
            return sum(1 for r in self._records if model is None or r.model == model)

    @property
    def in_flight(self) -> int:
        """Chat requests being answered now (arrived, not yet recorded)."""
        with self._lock:
            return self._in_flight

    @property
    def max_in_flight(self) -> int:
        """Peak number of chat requests handled at once (fan-out benchmarks)."""
        with self._lock:
            return self._max_in_flight

    def reset(self) -> None:
        """Forget records, counters and fault progress, so runs can be repeated."""
        with self._lock:
            self._records.clear()
            self._next_index = 0
            self._max_in_flight = self._in_flight
            self._plan.clear()

    # -- request handling ----------------------------------------------------
    def route(self, method: str, path: str, handler: ChatHandler) -> bool:
        if method == "GET" and path == "/_requests":
            handler.send_json(200, [asdict(r) for r in self.requests])
        elif method == "POST" and path == "/_reset":
            handler.read_body()
            self.reset()
            handler.send_json(200, {"ok": True})
        else:
            return super().route(method, path, handler)
        return True

    def serve_chat(self, request: ChatRequest, handler: ChatHandler) -> None:
        """Answer, or fail as the first applicable fault says; record the request before sending."""
        started = time.monotonic()
        with self._lock:
            index = self._next_index
            self._next_index += 1
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)
            fault = self._plan.select(self.faults, request)
        outcome = Outcome(0)
        try:
            faulted = fault_outcome(fault, request, self.wait) if fault is not None else None
            outcome = faulted if faulted is not None else self.answer(request, index)
        finally:
            # Recorded *before* sending, so a client that has its answer can
            # immediately rely on server.requests / the log containing it.
            self._record(request, index, outcome, fault, started)
        if outcome.send is not None:
            outcome.send(handler)  # returning without sending closes the socket: a "disconnect"

    def _record(self, request: ChatRequest, index: int, outcome: Outcome, fault: Fault | None, started: float) -> None:
        reply = outcome.reply
        record = RequestRecord(
            index, request.model, request.messages, request.stream, outcome.status, fault.kind if fault else None,
            reply, wire.prompt_tokens(request.messages), wire.completion_tokens(reply) if reply is not None else 0,
            started, time.monotonic(), request.path, request.query, request.headers, request.body,
        )
        with self._lock:
            self._in_flight -= 1
            self._records.append(record)
            if self.log_path is not None:
                with self.log_path.open("a", encoding="utf-8") as log:
                    log.write(json.dumps(asdict(record)) + "\n")
