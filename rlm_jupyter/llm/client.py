"""OpenAI-compatible chat client: one call in, text + usage + latency + retries out.

Why our own retry loop (the ``openai`` client is built with ``max_retries=0``):
the record must show how many retries each call took, a retry wait must be
abandonable when the run is interrupted, and the final error must name the
endpoint and the model. Works with OpenAI, vLLM, Ollama, llama.cpp server and
OpenRouter: anything that speaks ``/v1/chat/completions``.
"""
from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
import urllib.parse
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from ..text import estimate_tokens

if TYPE_CHECKING:
    import openai

OPENAI_URL = "https://api.openai.com/v1"
MAX_RETRY_AFTER_S = 60.0


@cache
def _openai() -> ModuleType:
    """``openai`` takes ~0.5 s to import: only pay it when a client is built, not on ``import rlm_jupyter``."""
    import openai

    return openai


@cache
def _retryable() -> tuple[type[Exception], ...]:
    o = _openai()
    # A 200 with a truncated/garbled JSON body (flaky proxy) surfaces from the openai client as a bare JSONDecodeError.
    return (o.RateLimitError, o.InternalServerError, o.APITimeoutError, o.APIConnectionError,
            o.APIResponseValidationError, json.JSONDecodeError)


class LLMError(Exception):
    """A model call failed for good (after retries), or the client is misconfigured."""


@dataclass(frozen=True)
class Completion:
    text: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    retries: int
    cached: bool = False  # answered from a cache or a recording, not the network


class ChatClient(Protocol):
    """What the engine needs from a model endpoint: the network client, a cache, or a replay."""

    base_url: str

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 on_text: Callable[[str], None] | None = None, **params: Any) -> Completion: ...

    def close(self) -> None: ...

    def abort(self) -> None:
        """Make calls in flight on other threads fail now (a kernel interrupt abandons them)."""


def resolve_endpoint(base_url: str | None, api_key: str | None) -> tuple[str, str]:
    """Base URL and key from arguments, then ``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``.

    Local servers (vLLM, Ollama, llama.cpp) need no key, so a missing key is an
    error only for OpenAI's own endpoint.
    """
    url = (base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_URL).rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise LLMError(f"base URL {url!r} must start with http:// or https://, e.g. http://localhost:8000/v1")
    key = api_key or os.environ.get("OPENAI_API_KEY")
    if not key:
        if url == OPENAI_URL:
            raise LLMError("no API key for api.openai.com: set OPENAI_API_KEY, pass api_key=..., "
                           "or %config RLMMagics.api_key = '...'; for a local server set base_url")
        key = "not-needed"
    return url, key


class LLMClient:
    """Thread-safe: one instance serves the root and every concurrent sub-call."""

    def __init__(self, base_url: str | None = None, api_key: str | None = None, *,
                 request_timeout_s: float = 300.0, max_retries: int = 4, backoff_s: float = 0.5) -> None:
        self.base_url, self.api_key = resolve_endpoint(base_url, api_key)
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        o = _openai()
        self._client = o.OpenAI(base_url=self.base_url, api_key=self.api_key, max_retries=0,
                                timeout=o.Timeout(request_timeout_s, connect=10.0))
        self._sockets = _track_sockets(self._client)

    def close(self) -> None:
        self._client.close()

    def abort(self) -> None:
        """Shut down the sockets of calls in flight, so worker threads blocked reading them return at once."""
        if self._sockets is not None:
            self._sockets.shutdown_all()

    def complete(self, model: str, messages: list[dict[str, str]], *,
                 cancel: threading.Event | None = None, on_text: Callable[[str], None] | None = None,
                 **params: Any) -> Completion:
        """One chat completion, retried on 429/5xx/timeouts/connection errors with backoff.

        With ``on_text`` the reply is streamed and ``on_text`` receives the text
        so far after every chunk (restarting from "" if a retry restarts it).
        """
        started = time.monotonic()
        body = {"model": model, "messages": messages, **params}
        for attempt in range(self.max_retries + 1):
            if cancel is not None and cancel.is_set():
                raise LLMError(f"call to {model} at {self.base_url} cancelled")
            try:
                if on_text is not None:
                    return self._streamed(body, on_text, started, attempt)
                return self._completion(self._post(body), model, messages, started, attempt)
            except _retryable() as exc:
                if attempt == self.max_retries:
                    raise LLMError(self._describe(exc, model, attempt)) from exc
                if _wait(self._delay(exc, attempt), cancel):
                    raise LLMError(f"call to {model} at {self.base_url} cancelled") from exc
            except _openai().OpenAIError as exc:  # 400/401/404...: retrying cannot help
                raise LLMError(self._describe(exc, model, attempt)) from exc
        raise AssertionError("unreachable")

    def _post(self, body: dict[str, Any], stream: bool = False) -> Any:
        """POST the body as built: ``chat.completions.create`` would re-validate the whole message
        list on every call, which costs milliseconds per turn and grows with the conversation."""
        from openai import Stream
        from openai.types.chat import ChatCompletion, ChatCompletionChunk

        return self._client.post("/chat/completions", body=body, cast_to=ChatCompletion, stream=stream,
                                 stream_cls=Stream[ChatCompletionChunk])

    def _completion(self, response: Any, model: str, messages: list[dict[str, str]],
                    started: float, attempt: int) -> Completion:
        if not getattr(response, "choices", None):
            raise _openai().APIResponseValidationError(response=None, body=response,
                                                       message="response has no choices")
        text = response.choices[0].message.content or ""
        return _finish(text, response.usage, model, messages, started, attempt)

    def _streamed(self, body: dict[str, Any], on_text: Callable[[str], None], started: float,
                  attempt: int) -> Completion:
        text, usage = "", None
        on_text("")
        with self._post({**body, "stream": True, "stream_options": {"include_usage": True}}, stream=True) as chunks:
            for chunk in chunks:
                usage = chunk.usage or usage
                delta = chunk.choices[0].delta.content if chunk.choices else None
                if delta:
                    text += delta
                    on_text(text)
        return _finish(text, usage, body["model"], body["messages"], started, attempt)

    def _delay(self, exc: Exception, attempt: int) -> float:
        response = getattr(exc, "response", None)
        header = response.headers.get("retry-after") if response is not None else None
        if header:
            try:
                return min(float(header), MAX_RETRY_AFTER_S)
            except ValueError:
                pass
        return float(self.backoff_s * (2 ** attempt) * (0.5 + random.random()))

    def _describe(self, exc: Exception, model: str, attempt: int) -> str:
        tries = f" after {attempt + 1} attempts" if attempt else ""
        return f"model {model!r} at {self.base_url} failed{tries}: {type(exc).__name__}: {exc}"


def check_reachable(base_url: str, timeout_s: float = 3.0) -> None:
    """Open (and close) a TCP connection to the endpoint: no HTTP request, nothing billed.

    Why: an endpoint that is down should fail before a run starts, in one line,
    not after retries halfway through a run.
    """
    parts = urllib.parse.urlsplit(base_url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        socket.create_connection((parts.hostname or "", port), timeout=timeout_s).close()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise LLMError(f"cannot reach {base_url} ({reason}); start the server or fix the base URL") from None


def _finish(text: str, usage: Any, model: str, messages: list[dict[str, str]], started: float,
            attempt: int) -> Completion:
    if usage is not None:
        prompt, completion = usage.prompt_tokens, usage.completion_tokens
    else:  # some servers omit usage: estimate rather than report zero
        prompt = estimate_tokens(sum(len(m["content"]) for m in messages))
        completion = estimate_tokens(len(text))
    return Completion(text, model, prompt, completion, time.monotonic() - started, attempt)


class _SocketTracker:
    """Wraps the HTTP connection pool's network backend to remember the sockets it opens.

    Why: closing an HTTP client does not wake a thread blocked reading a
    response, so after a kernel interrupt the sub-call threads would live on
    until the server answered. ``socket.shutdown`` does wake them.
    """

    def __init__(self, backend: Any) -> None:
        self._backend = backend
        self._sockets: weakref.WeakSet[socket.socket] = weakref.WeakSet()
        self._lock = threading.Lock()

    def connect_tcp(self, *args: Any, **kwargs: Any) -> Any:
        stream = self._backend.connect_tcp(*args, **kwargs)
        sock = stream.get_extra_info("socket")
        if isinstance(sock, socket.socket):
            with self._lock:
                self._sockets.add(sock)
        return stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._backend, name)

    def shutdown_all(self) -> None:
        with self._lock:
            sockets = list(self._sockets)
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:  # already closed
                pass


def _track_sockets(client: openai.OpenAI) -> _SocketTracker | None:
    """Install the tracker in the pool of the openai client's HTTP client.

    These are private attributes of httpx/httpcore (or their httpx2 forks); if a
    release renames them, abort() degrades to waiting for in-flight calls, and
    tests/test_reliability.py says so.
    """
    pool = getattr(getattr(getattr(client, "_client", None), "_transport", None), "_pool", None)
    backend = getattr(pool, "_network_backend", None)
    if backend is None:
        return None
    tracker = _SocketTracker(backend)
    pool._network_backend = tracker  # type: ignore[union-attr]
    return tracker


def _wait(seconds: float, cancel: threading.Event | None) -> bool:
    """Sleep, waking early if cancelled; returns True when cancelled."""
    if cancel is None:
        time.sleep(seconds)
        return False
    return cancel.wait(seconds)
