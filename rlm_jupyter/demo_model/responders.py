"""What a scripted model is: a request type and the responders that answer it.

Why plain callables: a model that is a function of the request (not of a
call counter) stays deterministic under concurrency and when the client
retries, and a test or a demo can write one in a line. ``ChatRequest`` is
what every responder sees; ``Scripted`` replays a list of replies by turn;
``RuleBasedSubModel`` answers sub-call prompts by regex.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.dialogue.conversation import Conversation
from .wire import message_text


@dataclass(frozen=True)
class ChatRequest:
    """One chat-completion request as seen by a responder: the body, and where and how it was sent."""

    model: str
    messages: list[dict[str, Any]]
    stream: bool
    body: dict[str, Any]
    path: str = "/v1/chat/completions"
    query: str = ""
    headers: dict[str, str] = field(default_factory=dict)  # lower-cased names

    @property
    def last_user(self) -> str:
        """Content of the last user message: what sub-model rules match against."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return message_text(message.get("content"))
        return ""

    @property
    def turn(self) -> int:
        """Replies the model has given so far (``Conversation.turn``): where a stateless script is."""
        return Conversation.turn(self.messages)

    @property
    def system(self) -> str:
        """Content of the first system message ("" if none)."""
        for message in self.messages:
            if message.get("role") == "system":
                return message_text(message.get("content"))
        return ""


@dataclass(frozen=True)
class Reply:
    """A responder result that can also override the latency and act as real endpoints do.

    ``finish_reason="length"`` is a reply cut at the output limit;
    ``reasoning`` is sent beside the content (``reasoning_content``);
    ``usage=False`` sends no usage at all (llama.cpp's streams);
    ``cost_usd`` states the cost in the usage as OpenRouter does and
    ``headers`` are sent with the response (a LiteLLM proxy's cost header);
    ``cached_tokens`` are reported as served from the prompt cache;
    ``refusal`` declines to answer as the API says it (``message.refusal``, the content empty).
    """

    text: str
    latency_s: float | None = None
    finish_reason: str = "stop"
    reasoning: str = ""
    usage: bool = True
    cost_usd: float | None = None
    cached_tokens: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    refusal: str = ""


Responder = Callable[[ChatRequest], str | Reply]


class Scripted:
    """Responder that answers ``replies[request.turn]``.

    Keyed on the conversation itself rather than on a call counter, so it stays
    deterministic under concurrency and when the client retries a request.
    Past the end of the script: ``after_end`` if given, else the last reply.
    """

    def __init__(self, replies: Sequence[str | Reply], after_end: str | None = None) -> None:
        if not replies and after_end is None:
            raise ValueError("Scripted needs at least one reply or after_end")
        self.replies: list[str | Reply] = list(replies)
        self.after_end = after_end

    def __call__(self, request: ChatRequest) -> str | Reply:
        if request.turn < len(self.replies):
            return self.replies[request.turn]
        return self.after_end if self.after_end is not None else self.replies[-1]


def default_sub_answer(request: ChatRequest) -> str:
    """Deterministic answer derived from the prompt, so outputs are checkable."""
    prompt = request.last_user
    head = " ".join(prompt[:60].split())
    return f"[{request.model}] {len(prompt)} chars: {head}"


def steps_for(name: str, *templates: str) -> list[str] | None:
    """A strategy's replies for the variable ``name`` (``{name}`` in each template), or None if it is no identifier.

    Why None: the name is spliced into code, so only an identifier can be.
    """
    return [template.format(name=name) for template in templates] if name.isidentifier() else None


RuleBody = str | Callable[[re.Match[str], ChatRequest], str]
Rule = tuple[str | re.Pattern[str], RuleBody]


class RuleBasedSubModel:
    """Responder for sub-calls: the first rule whose regex matches ``last_user`` wins.

    String bodies are expanded with the match (``\\1``, ``\\g<name>``); callable
    bodies receive ``(match, request)``.  Unmatched prompts get ``default``.
    """

    def __init__(self, rules: Sequence[Rule] = (), default: Callable[[ChatRequest], str] | None = None) -> None:
        self.rules: list[tuple[re.Pattern[str], RuleBody]] = [(re.compile(p), body) for p, body in rules]
        self.default = default or default_sub_answer

    def __call__(self, request: ChatRequest) -> str:
        prompt = request.last_user
        for pattern, body in self.rules:
            match = pattern.search(prompt)
            if match:
                return match.expand(body) if isinstance(body, str) else body(match, request)
        return self.default(request)
