"""The OpenAI chat-completions wire format, as plain data: completions, stream chunks, usage, errors.

Why a module of pure functions: what goes over the wire is what the real
``openai`` client parses, so it must match the API exactly (usage in every
response, a usage chunk only when asked for, ``[DONE]`` at the end of a
stream). Kept apart from the HTTP plumbing so the format can be read and
checked in one place, and the test server's faults can reuse the same
error body. Token counts are the package's one estimate
(``rlm_jupyter.text.estimate_tokens``), so the demo's usage numbers agree
with what the client and the rate limiter estimate.
"""
from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from typing import Any

from ..text import estimate_tokens

STREAM_PIECE_CHARS = 40  # small enough that short replies still arrive as several chunks
DONE = "[DONE]"  # the last server-sent event of a stream

Event = dict[str, Any] | str  # a stream event: a JSON object, or raw text sent as is


def message_text(content: Any) -> str:
    """Flatten a message ``content`` (str, list of parts, or None) to text."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)
    return str(content)


def prompt_tokens(messages: Iterable[Mapping[str, Any]]) -> int:
    """Estimated tokens of a request's messages (their text only, no per-message overhead)."""
    return estimate_tokens(sum(len(message_text(m.get("content"))) for m in messages))


def completion_tokens(text: str) -> int:
    """Estimated tokens of a reply; at least 1, as a real model always emits a stop token."""
    return max(1, estimate_tokens(len(text)))


def usage(prompt: int, completion: int) -> dict[str, int]:
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def error_body(message: str, type_: str, code: str | None = None, param: str | None = None) -> dict[str, Any]:
    """The API's error envelope, which the client turns into its typed exceptions."""
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


def model_list(names: Iterable[str]) -> dict[str, Any]:
    """The ``GET /v1/models`` body."""
    data = [{"id": name, "object": "model", "created": 0, "owned_by": "fake-llm"} for name in names]
    return {"object": "list", "data": data}


def _base(index: int, model: str) -> dict[str, Any]:
    return {"id": f"chatcmpl-fake-{index}", "created": int(time.time()), "model": model}


def completion(index: int, model: str, text: str, tokens: dict[str, Any] | None, finish_reason: str = "stop",
               reasoning: str = "", refusal: str = "") -> dict[str, Any]:
    """A non-streamed ``chat.completion`` body; ``reasoning`` goes beside the content as vLLM and DeepSeek send it,
    and a ``refusal`` in place of the content, as OpenAI sends one."""
    message: dict[str, Any] = {"role": "assistant", "content": None if refusal else text}
    if reasoning:
        message["reasoning_content"] = reasoning
    if refusal:
        message["refusal"] = refusal
    choice = {"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}
    body = {**_base(index, model), "object": "chat.completion", "choices": [choice]}
    return {**body, "usage": tokens} if tokens is not None else body


def completion_chunks(index: int, model: str, text: str, tokens: dict[str, Any] | None, finish_reason: str = "stop",
                      reasoning: str = "", refusal: str = "") -> list[Event]:
    """A streamed reply: reasoning and content (or refusal) pieces, the finish chunk, a usage chunk if ``tokens``,
    ``[DONE]``."""
    chunk = {**_base(index, model), "object": "chat.completion.chunk"}

    def pieces(value: str) -> list[str]:
        return [value[i : i + STREAM_PIECE_CHARS] for i in range(0, len(value), STREAM_PIECE_CHARS)]

    said = [{"refusal": p} for p in pieces(refusal)] if refusal else [{"content": p} for p in pieces(text) or [""]]
    deltas = [{"reasoning_content": p} for p in pieces(reasoning)] + said
    deltas[0] = {"role": "assistant", **deltas[0]}
    events: list[Event] = [{**chunk, "choices": [{"index": 0, "delta": d, "finish_reason": None}]} for d in deltas]
    events.append({**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish_reason}]})
    if tokens is not None:
        events.append({**chunk, "choices": [], "usage": tokens})
    return [*events, DONE]


def server_sent_event(event: Event) -> bytes:
    """One SSE frame; strings go out verbatim (``[DONE]``, or a deliberately broken body)."""
    data = event if isinstance(event, str) else json.dumps(event)
    return f"data: {data}\n\n".encode()
