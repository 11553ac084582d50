"""Fault injection for the fake server: HTTP errors, hangs, garbage bodies and dropped connections.

Why declarative faults: failure handling (retries, Retry-After, timeouts,
broken responses) must be testable without a flaky network, and the same
faults must hit the same requests on every run. A test lists ``Fault``s;
``FaultPlan`` decides which request each one hits and remembers how often
it has, and ``fault_outcome`` turns a hit into what the client receives.
"""
from __future__ import annotations

import hashlib
import json
import re
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from rlm_jupyter.demo_model import wire
from rlm_jupyter.demo_model.responders import ChatRequest
from rlm_jupyter.demo_model.serving import ChatHandler, Outcome, json_outcome

FaultKind = Literal["http", "timeout", "malformed", "disconnect", "refuse_stream", "too_long", "refuse_temperature"]

# What api.openai.com answers when an organization that is not verified asks to stream a gpt-5 model, verbatim.
OPENAI_REFUSES_STREAM = wire.error_body(
    "Your organization must be verified to stream this model. Please go to: "
    "https://platform.openai.com/settings/organization/general and click on Verify Organization. If you just "
    "verified, it can take up to 15 minutes for access to propagate.",
    "invalid_request_error", "unsupported_value", "stream")

# What OpenAI answers (HTTP 400) when a reasoning model (o-series, gpt-5) is sent a temperature other than 1.
OPENAI_REFUSES_TEMPERATURE = wire.error_body(
    "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
    "invalid_request_error", "unsupported_value", "temperature")

# What llama-cpp-python's server answers (HTTP 400) for a prompt over its n_ctx, in OpenAI's error shape.
CONTEXT_TOO_LONG = wire.error_body(
    "This model's maximum context length is 8192 tokens. However, you requested 9321 tokens (8921 in the "
    "messages, 400 in the completion). Please reduce the length of the messages or completion.",
    "invalid_request_error", "context_length_exceeded", "messages")


@dataclass(frozen=True)
class Fault:
    """A declarative failure to inject; the first applicable fault in the list wins.

    ``rate`` picks a deterministic subset of distinct prompts (hash of model and
    messages), failing each chosen prompt's first ``attempts`` tries, so a
    client that retries recovers and the same prompts fail again after reset().
    """

    kind: FaultKind
    status: int = 500
    retry_after: float | None = None
    model: str | None = None
    match: str | None = None
    count: int | None = None
    rate: float | None = None
    attempts: int = 1
    delay_s: float = 30.0
    max_chars: int = 10_000  # "too_long": a request whose messages hold more characters is refused

    def __post_init__(self) -> None:
        if self.kind not in typing.get_args(FaultKind):
            raise ValueError(f"unknown fault kind {self.kind!r}")
        if self.rate is not None and not 0.0 <= self.rate <= 1.0:
            raise ValueError("rate must be within [0, 1]")
        if self.attempts < 1:
            raise ValueError("attempts must be >= 1")


def _prompt_fraction(request: ChatRequest) -> float:
    """Stable number in [0, 1) for a prompt, independent of PYTHONHASHSEED."""
    key = json.dumps([request.model, request.messages], sort_keys=True, ensure_ascii=False)
    return int(hashlib.sha256(key.encode()).hexdigest()[:16], 16) / 2**64


class FaultPlan:
    """Which fault hits a request, and each fault's progress (hits, tries per prompt).

    Not locked itself: the server calls it under its own lock, since the
    counters are server-wide and must advance in arrival order.
    """

    def __init__(self) -> None:
        # Counters keyed by id(); the fault objects are kept alive in _refs so
        # an id cannot be reused by a different fault.
        self._hits: dict[int, int] = {}
        self._tries: dict[tuple[int, float], int] = {}
        self._refs: dict[int, Fault] = {}

    def select(self, faults: Sequence[Fault], request: ChatRequest) -> Fault | None:
        """The first fault in ``faults`` that applies to ``request``, counted as a hit."""
        for fault in faults:
            if fault.model is not None and fault.model != request.model:
                continue
            if fault.kind == "refuse_stream" and not request.stream:  # only a streaming request is refused
                continue
            if fault.kind == "refuse_temperature" and request.body.get("temperature", 1) == 1:
                continue
            if fault.kind == "too_long" and sum(len(str(m.get("content", ""))) for m in request.messages) \
                    <= fault.max_chars:
                continue
            if fault.match is not None and not re.search(fault.match, request.last_user):
                continue
            hits = self._hits.get(id(fault), 0)
            if fault.count is not None and hits >= fault.count:
                continue
            if fault.rate is not None:
                fraction = _prompt_fraction(request)
                tries = self._tries.get((id(fault), fraction), 0)
                if fraction >= fault.rate or tries >= fault.attempts:
                    continue
                self._tries[(id(fault), fraction)] = tries + 1
            self._hits[id(fault)] = hits + 1
            self._refs[id(fault)] = fault
            return fault
        return None

    def clear(self) -> None:
        self._hits.clear()
        self._tries.clear()
        self._refs.clear()


_BROKEN_JSON = '{"id": "chatcmpl-broken", "choices": ['


def _send_malformed(h: ChatHandler) -> None:
    h.send_raw(200, _BROKEN_JSON.encode(), "application/json")


def _send_malformed_stream(h: ChatHandler) -> None:
    """A broken SSE event: a 200 JSON body would make a stream silently empty."""
    h.send_events([_BROKEN_JSON])


def fault_outcome(fault: Fault, request: ChatRequest, wait: Callable[[float], bool]) -> Outcome | None:
    """What the client gets for ``fault``; None when it should then be answered normally.

    A "timeout" hangs for ``delay_s`` (``wait`` returns True if the server
    stops meanwhile: then nothing is sent) and then lets the request through.
    """
    if fault.kind == "disconnect":
        return Outcome(0)
    if fault.kind == "refuse_stream":
        return json_outcome(400, OPENAI_REFUSES_STREAM)
    if fault.kind == "too_long":
        return json_outcome(400, CONTEXT_TOO_LONG)
    if fault.kind == "refuse_temperature":
        return json_outcome(400, OPENAI_REFUSES_TEMPERATURE)
    if fault.kind == "malformed":
        return Outcome(200, send=_send_malformed_stream if request.stream else _send_malformed)
    if fault.kind == "http":
        headers: dict[str, str] = {}
        if fault.retry_after is not None:
            seconds = fault.retry_after
            headers = {"Retry-After": f"{seconds:g}", "retry-after-ms": str(round(seconds * 1000))}
        kind = "rate_limit_error" if fault.status == 429 else "server_error"
        return json_outcome(fault.status, wire.error_body(f"injected fault: HTTP {fault.status}", kind), headers)
    return Outcome(0) if wait(fault.delay_s) else None
