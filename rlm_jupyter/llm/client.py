"""OpenAI-compatible chat client: one call in, text + usage + latency + retries out.

Why our own retry loop (the ``openai`` client is built with ``max_retries=0``):
the record must show how many retries each call took, a retry wait must be
abandonable when the run is interrupted, and the final error must name the
endpoint and the model. Works with OpenAI, Azure OpenAI (v1 and classic deployments), vLLM, Ollama,
llama.cpp's server, OpenRouter and LiteLLM: anything that speaks
``/chat/completions``. What real endpoints do differently is handled here,
in one place: some refuse to stream (asked again without), some send no
usage (estimated, and marked so), some state the cost (kept), some return
reasoning beside the content (kept apart, never parsed for code).
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import re
import socket
import threading
import time
import urllib.parse
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from ..text import estimate_tokens

if TYPE_CHECKING:
    import openai

OPENAI_URL = "https://api.openai.com/v1"
MAX_RETRY_AFTER_S = 60.0
AZURE_HOSTS = (".openai.azure.com", ".cognitiveservices.azure.com", ".services.ai.azure.com")
COST_HEADER = "x-litellm-response-cost"  # a LiteLLM proxy's statement of what the call cost
# How endpoints word a refusal to stream: OpenAI's unverified organizations ("must be verified to stream"),
# and servers or gateways that do not implement it ("stream is not supported", "streaming unsupported").
_REFUSES_STREAM = re.compile(r"stream\w*\W+(?:\w+\W+){0,6}?(?:not (?:supported|allowed|available)|unsupported)"
                             r"|verified to stream|does not support stream|cannot stream", re.IGNORECASE)
# What servers say when a prompt exceeds the model's window: OpenAI's code, llama.cpp / vLLM / LiteLLM words.
_TOO_LONG = re.compile(r"context_length_exceeded|maximum context length|context (?:length|window)|too many tokens"
                       r"|prompt is too long|input is too long|exceeds? the (?:model'?s? )?(?:max|context)",
                       re.IGNORECASE)


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


class ContextTooLong(LLMError):
    """The endpoint refused the request because the prompt does not fit the model's context window.

    Its own type because the caller can fix it (cut what it sends) where other 400s are final.
    """


class UnsupportedParameter(LLMError):
    """The endpoint refused a field of the request body (``param``): the model does not accept it or its value.

    Its own type because the caller may have set that field by default and can ask again without it;
    a field the user set is the user's to change.
    """

    def __init__(self, message: str, param: str, reason: str) -> None:
        super().__init__(message)
        self.param, self.reason = param, reason


@dataclass(frozen=True)
class Completion:
    """One reply and what it cost, as the endpoint reported it (or as we had to estimate it)."""

    text: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    latency_s: float
    retries: int
    cached: bool = False  # answered from a cache or a recording, not the network
    cached_prompt_tokens: int = 0  # prompt tokens the provider served from its prompt cache (billed lower)
    usage_estimated: bool = False  # the endpoint sent no usage: the counts are estimates
    finish_reason: str | None = None  # "length": the reply was cut at the output limit
    reasoning: str = ""  # reasoning the endpoint returned beside the content (never parsed)
    stated_cost_usd: float | None = None  # what the endpoint said the call cost (OpenRouter, LiteLLM)
    notice: str | None = None  # something the user should be told once (the endpoint refused to stream)
    refusal: str = ""  # the model declined to answer (the API's ``message.refusal``): its words, beside empty content


class ChatClient(Protocol):
    """What the engine needs from a model endpoint: the network client, a cache, or a replay."""

    base_url: str

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 on_text: Callable[[str], None] | None = None, **params: Any) -> Completion: ...

    def close(self) -> None: ...

    def abort(self) -> None:
        """Make calls in flight on other threads fail now (a kernel interrupt abandons them)."""


@dataclass(frozen=True)
class Endpoint:
    """Where calls go and how they authenticate; ``api_version`` set means Azure's classic deployments API."""

    base_url: str
    api_key: str
    api_version: str | None = None

    @property
    def azure(self) -> bool:
        return self.api_version is not None or is_azure(self.base_url)


def is_azure(url: str) -> bool:
    return (urllib.parse.urlsplit(url).hostname or "").endswith(AZURE_HOSTS)


def resolve_endpoint(base_url: str | None, api_key: str | None, api_version: str | None = None,
                     environ: Mapping[str, str] = os.environ) -> Endpoint:
    """The endpoint from arguments, then the openai client's own environment variables.

    URL: ``base_url``, ``$OPENAI_BASE_URL``, ``$AZURE_OPENAI_ENDPOINT``, else
    OpenAI. Azure (by host, or because an ``api_version`` is given) takes
    ``$AZURE_OPENAI_API_KEY`` before ``$OPENAI_API_KEY``, and ``$OPENAI_API_VERSION``
    selects the classic deployments API unless the URL is the v1 one
    (``.../openai/v1``). Local servers (vLLM, Ollama, llama.cpp) need no key,
    so a missing key is an error only for OpenAI and Azure.
    """
    from_azure_env = not (base_url or environ.get("OPENAI_BASE_URL")) and bool(environ.get("AZURE_OPENAI_ENDPOINT"))
    url = (base_url or environ.get("OPENAI_BASE_URL") or environ.get("AZURE_OPENAI_ENDPOINT") or OPENAI_URL).rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise LLMError(f"base URL {url!r} must start with http:// or https://, e.g. http://localhost:8000/v1")
    azure = api_version is not None or from_azure_env or is_azure(url)
    if api_version is None and azure and not url.endswith("/openai/v1"):
        api_version = environ.get("OPENAI_API_VERSION") or None
    key = api_key or (environ.get("AZURE_OPENAI_API_KEY") if azure else None) or environ.get("OPENAI_API_KEY")
    if not key:
        if azure:
            raise LLMError("no API key for Azure OpenAI: set AZURE_OPENAI_API_KEY, pass api_key=..., "
                           "or %config RLMMagics.api_key = '...'")
        if url == OPENAI_URL:
            raise LLMError("no API key for api.openai.com: set OPENAI_API_KEY, pass api_key=..., "
                           "or %config RLMMagics.api_key = '...'; for a local server set base_url; "
                           "to try it with no key, run %rlm demo (the bundled demo model)")
        key = "not-needed"
    return Endpoint(url, key, api_version)


def refuses_streaming(exc: Exception) -> bool:
    """Whether an error is the endpoint saying it will not stream (then the same call goes once more, unstreamed).

    OpenAI answers HTTP 400 with ``"param": "stream"`` for models an
    unverified organization may not stream; gateways and servers without
    streaming say so in words.
    """
    o = _openai()
    if not isinstance(exc, (o.BadRequestError, o.UnprocessableEntityError, o.NotFoundError)):
        return False
    return getattr(exc, "param", None) in ("stream", "stream_options") or bool(_REFUSES_STREAM.search(str(exc)))


# OpenAI's words for a field a model does not take: "Unsupported parameter: 'temperature' is not supported with
# this model." and "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1)..."
_UNSUPPORTED = re.compile(r"[Uu]nsupported (?:parameter|value): '(\w+)'")


def refused_parameter(exc: Exception, body: Mapping[str, Any]) -> str | None:
    """The request-body field an error says the model does not accept, or None for any other error.

    Read from the error's ``param`` (OpenAI's error object) or, for gateways that pass only the words on,
    from the message; only a field the request actually sent counts.
    """
    o = _openai()
    if not isinstance(exc, (o.BadRequestError, o.UnprocessableEntityError)):
        return None
    named = getattr(exc, "param", None)
    found = _UNSUPPORTED.search(str(exc))
    for param in (named if isinstance(named, str) else None, found.group(1) if found else None):
        if param and param in body and param not in ("model", "messages", "stream", "stream_options"):
            return param
    return None


def too_long(exc: Exception) -> bool:
    """Whether an error is the endpoint saying the prompt exceeds the model's context window."""
    o = _openai()
    return (isinstance(exc, (o.BadRequestError, o.UnprocessableEntityError, o.APIStatusError))
            and getattr(exc, "status_code", 400) in (400, 413, 422) and bool(_TOO_LONG.search(str(exc))))


class Refusals:
    """What endpoints and models refused (to stream; a request field), each with the notice that says so,
    remembered for the session (the process).

    Why remembered: the refusal costs a round trip on every turn otherwise,
    and it will not change within a session. Keys start with (base URL, model).
    """

    def __init__(self) -> None:
        self._notices: dict[tuple[str, ...], str] = {}
        self._lock = threading.Lock()

    def __contains__(self, key: tuple[str, ...]) -> bool:
        return self.notice(key) is not None

    def notice(self, key: tuple[str, ...]) -> str | None:
        with self._lock:
            return self._notices.get(key)

    def add(self, key: tuple[str, ...], text: str) -> str:
        """Remember a refusal; returns the one-line notice every later run shows (the first one given)."""
        with self._lock:
            return self._notices.setdefault(key, text)

    def under(self, base_url: str, model: str) -> dict[str, str]:
        """The refusals remembered for ``base_url`` and ``model`` with one more key part: {that part: notice}."""
        with self._lock:
            return {key[2]: text for key, text in self._notices.items()
                    if len(key) == 3 and key[:2] == (base_url, model)}

    def clear(self) -> None:
        with self._lock:
            self._notices.clear()


UNSTREAMABLE = Refusals()  # (base URL, model): the endpoint refused to stream that model
REFUSED_FIELDS = Refusals()  # (base URL, model, field): a request-body field we sent by default was refused


def _reason(exc: Exception) -> str:
    """The endpoint's own words for an error (its message), without the status line around them."""
    body = getattr(exc, "body", None)
    return str(body["message"]) if isinstance(body, dict) and body.get("message") else str(exc)


class LLMClient:
    """Thread-safe: one instance serves the root and every concurrent sub-call."""

    def __init__(self, base_url: str | None = None, api_key: str | None = None, *, api_version: str | None = None,
                 headers: Mapping[str, str] | None = None, request_timeout_s: float = 300.0, max_retries: int = 4,
                 backoff_s: float = 0.5) -> None:
        self.endpoint = resolve_endpoint(base_url, api_key, api_version)
        self.base_url, self.api_key = self.endpoint.base_url, self.endpoint.api_key
        self.max_retries = max_retries
        self.backoff_s = backoff_s
        o = _openai()
        common: dict[str, Any] = {"api_key": self.api_key, "max_retries": 0,
                                  "timeout": o.Timeout(request_timeout_s, connect=10.0)}
        extra = dict(headers or {})
        if self.endpoint.api_version is not None:  # classic: /openai/deployments/{model}/...?api-version=, api-key
            self._client: openai.OpenAI = o.AzureOpenAI(azure_endpoint=self.base_url, default_headers=extra,
                                                        api_version=self.endpoint.api_version, **common)
        else:
            if self.endpoint.azure:  # Azure's v1 API takes the key as a bearer token or as api-key: send both
                extra.setdefault("api-key", self.api_key)
            self._client = o.OpenAI(base_url=self.base_url, default_headers=extra, **common)
        self._sockets = _track_sockets(self._client)
        with contextlib.suppress(Exception):  # optional: the headers are built again on the first request
            # Once per process, now: the first request would find the platform with `uname -p` (a process) while a
            # run's guard watches what the engine does for the run, which never starts one (engine/safety/guard.py).
            self._client.platform_headers()

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

        ``params`` go into the request body as given. With ``on_text`` the
        reply is streamed and ``on_text`` receives the text so far after
        every chunk (restarting from "" if a retry restarts it); an endpoint
        that refuses to stream is asked once more without streaming, and
        is not asked to stream again this session.
        """
        started = time.monotonic()
        body = {"model": model, "messages": messages, **params}
        notice = UNSTREAMABLE.notice((self.base_url, model)) if on_text is not None else None
        if notice is not None:
            on_text = None
        for attempt in range(self.max_retries + 1):
            if cancel is not None and cancel.is_set():
                raise LLMError(f"call to {model} at {self.base_url} cancelled")
            try:
                if on_text is not None:
                    return self._streamed(body, on_text, started, attempt)
                return self._completion(self._post(body), body, started, attempt, notice)
            except _retryable() as exc:
                if attempt == self.max_retries:
                    raise LLMError(self._describe(exc, model, attempt)) from exc
                if _wait(self._delay(exc, attempt), cancel):
                    raise LLMError(f"call to {model} at {self.base_url} cancelled") from exc
            except _openai().OpenAIError as exc:  # 400/401/404...: retrying cannot help
                if on_text is None or not refuses_streaming(exc):
                    raise self._failure(exc, body, model, attempt) from exc
                on_text, notice = None, UNSTREAMABLE.add((self.base_url, model), (
                    f"{self.base_url} does not stream {model} ({_reason(exc)}); replies appear when complete; "
                    "set stream=False (--no-stream) to skip the first try"))
                try:
                    return self._completion(self._post(body), body, started, attempt, notice)
                except _openai().OpenAIError as again:  # e.g. the model refuses a field too: the same kinds
                    raise self._failure(again, body, model, attempt) from again
        raise AssertionError("unreachable")

    def _post(self, body: dict[str, Any], stream: bool = False) -> Any:
        """POST the body as built, getting the raw response (its headers may state the cost).

        Why not ``chat.completions.create``: it would re-validate the whole
        message list on every call, which costs milliseconds per turn and
        grows with the conversation. The raw-response header is how the
        openai client's own ``with_raw_response`` works.
        """
        from openai import Stream
        from openai._constants import RAW_RESPONSE_HEADER
        from openai.types.chat import ChatCompletion, ChatCompletionChunk

        return self._client.post("/chat/completions", body=body, cast_to=ChatCompletion, stream=stream,
                                 stream_cls=Stream[ChatCompletionChunk],
                                 options={"headers": {RAW_RESPONSE_HEADER: "true"}})

    def _completion(self, raw: Any, body: dict[str, Any], started: float, attempt: int,
                    notice: str | None) -> Completion:
        response = raw.parse()
        if not getattr(response, "choices", None):
            raise _openai().APIResponseValidationError(response=raw.http_response, body=response,
                                                       message="response has no choices")
        choice = response.choices[0]
        reply = _Reply(choice.message.content or "", _reasoning_of(choice.message), choice.finish_reason,
                       getattr(choice.message, "refusal", None) or "")
        return reply.completion(response.usage, body, started, attempt, _stated_cost(raw.headers), notice)

    def _streamed(self, body: dict[str, Any], on_text: Callable[[str], None], started: float,
                  attempt: int) -> Completion:
        reply, usage = _Reply(), None
        on_text("")
        raw = self._post({**body, "stream": True, "stream_options": {"include_usage": True}}, stream=True)
        with raw.parse() as chunks:
            for chunk in chunks:
                usage = chunk.usage or usage
                if not chunk.choices:
                    continue
                choice = chunk.choices[0]
                reply.finish_reason = choice.finish_reason or reply.finish_reason
                reply.reasoning += _reasoning_of(choice.delta)
                reply.refusal += getattr(choice.delta, "refusal", None) or ""
                if choice.delta.content:
                    reply.text += choice.delta.content
                    on_text(reply.text)
        return reply.completion(usage, body, started, attempt, _stated_cost(raw.headers), None)

    def _delay(self, exc: Exception, attempt: int) -> float:
        response = getattr(exc, "response", None)
        header = response.headers.get("retry-after") if response is not None else None
        if header:
            try:
                return min(float(header), MAX_RETRY_AFTER_S)
            except ValueError:
                pass
        return float(self.backoff_s * (2 ** attempt) * (0.5 + random.random()))

    def _failure(self, exc: Exception, body: dict[str, Any], model: str, attempt: int) -> LLMError:
        """The error a failed call ends in: its own kind when the caller can fix the request, else ``LLMError``."""
        if too_long(exc):
            return ContextTooLong(self._describe(exc, model, attempt))
        refused = refused_parameter(exc, body)
        if refused is not None:
            return UnsupportedParameter(self._describe(exc, model, attempt), refused, _reason(exc))
        return LLMError(self._describe(exc, model, attempt))

    def _describe(self, exc: Exception, model: str, attempt: int) -> str:
        tries = f" after {attempt + 1} attempts" if attempt else ""
        return f"model {model!r} at {self.base_url} failed{tries}: {type(exc).__name__}: {exc}"


# What decides where an openai client's requests go and with what credentials (Azure's fields included).
_OPENAI_ENDPOINT = ("base_url", "api_key", "organization", "project", "_custom_headers", "_custom_query", "_client",
                    "websocket_base_url", "_azure_endpoint", "_azure_deployment", "_api_version", "_azure_ad_token",
                    "_azure_ad_token_provider")


def endpoint_parts(client: object) -> list[tuple[object, tuple[str, ...]]]:
    """The objects and attributes that decide where ``client``'s calls go and with what key: each wrapper's inner
    client (cache, rate limit), then ``LLMClient``'s endpoint and its openai client's. For the engine to put them
    back after a run (``engine/safety/residue.py``)."""
    parts: list[tuple[object, tuple[str, ...]]] = []
    for _ in range(10):  # a few wrappers at most
        inner = getattr(client, "inner", None)
        if inner is None:
            break
        parts.append((client, ("inner",)))
        client = inner
    if isinstance(client, LLMClient):
        parts += [(client, ("base_url", "api_key", "endpoint", "_client")), (client._client, _OPENAI_ENDPOINT)]
    return parts


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


@dataclass
class _Reply:
    """A reply as it is read (all at once, or chunk by chunk)."""

    text: str = ""
    reasoning: str = ""
    finish_reason: str | None = None
    refusal: str = ""

    def completion(self, usage: Any, body: dict[str, Any], started: float, attempt: int,
                   stated_cost: float | None, notice: str | None) -> Completion:
        messages = body["messages"]
        if usage is not None and usage.prompt_tokens is not None:
            prompt, completion, estimated = usage.prompt_tokens, usage.completion_tokens or 0, False
            details = getattr(usage, "prompt_tokens_details", None)
            cached = int(getattr(details, "cached_tokens", None) or 0)
            cost = getattr(usage, "cost", None)  # OpenRouter states the cost of every call in its usage
            if isinstance(cost, (int, float)) and not isinstance(cost, bool) and stated_cost is None:
                stated_cost = float(cost)
        else:  # llama.cpp's server streams no usage: estimate, and say so
            prompt = estimate_tokens(sum(len(str(m.get("content") or "")) for m in messages))
            completion, cached, estimated = estimate_tokens(len(self.text) + len(self.reasoning)), 0, True
        return Completion(self.text, body["model"], prompt, completion, time.monotonic() - started, attempt,
                          cached_prompt_tokens=cached, usage_estimated=estimated, finish_reason=self.finish_reason,
                          reasoning=self.reasoning, stated_cost_usd=stated_cost, notice=notice, refusal=self.refusal)


def _reasoning_of(message: Any) -> str:
    """Reasoning returned beside the content: ``reasoning_content`` (vLLM, DeepSeek) or ``reasoning`` (OpenRouter,
    Ollama). The openai client keeps fields it does not know as attributes."""
    for name in ("reasoning_content", "reasoning"):
        value = getattr(message, name, None)
        if isinstance(value, str) and value:
            return value
    return ""


def _stated_cost(headers: Any) -> float | None:
    value = headers.get(COST_HEADER) if headers is not None else None
    try:
        return float(value) if value not in (None, "", "None") else None
    except ValueError:
        return None


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
