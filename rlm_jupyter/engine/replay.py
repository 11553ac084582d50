"""Replay: answer root and sub-calls from a recorded Run, strictly, with no network.

Replay re-executes the recorded code against the *current* data. Root replies
are therefore keyed by ``Conversation.replay_key`` (the question and the
model's replies so far), not by our feedback messages, which contain code
output that legitimately changes with the data. Sub-calls are keyed by their
full content: a prompt the new data produced that the recording never saw is
a miss, reported by name.

Why this lives in the engine and not in ``llm/``: it reads the engine's
record (``Run``) and its conversation layout; ``llm/`` knows only requests.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..llm.cache import CachedClient, MemoryStore, content_key, digest
from ..llm.client import Completion
from ..text import clip
from .conversation import Conversation, Message, sub_request
from .trajectory import Run


def replay_key(model: str, messages: list[Message]) -> str:
    if Conversation.is_root(messages):
        return digest({"model": model, **Conversation.replay_key(messages)})
    return content_key(model, messages)


def describe_call(model: str, messages: list[Message]) -> str:
    if Conversation.is_root(messages):
        return f"root call {Conversation.turn(messages) + 1} to {model!r}"
    prompt = messages[-1]["content"] if messages else ""
    return f"sub-call to {model!r} with prompt {clip(prompt, 81, keep='head')!r}"


def fill_from_run(client: CachedClient, run: Run) -> CachedClient:
    """Teach ``client`` every root reply and sub-call answer of ``run`` (and of its child runs).

    Not keyed on request parameters (``replay_client``): a root call's parameters depend on more than the
    recorded settings (the temperature of a turn after a repeat, a default the endpoint refused), and the
    recorded reply is the answer whatever they were.
    """
    for it, messages in zip(run.iterations, Conversation.root_requests(run)):
        client.remember(run.model, messages,
                        Completion(it.reply, run.model, it.prompt_tokens, it.completion_tokens, 0.0, 0,
                                   usage_estimated=it.usage_estimated, finish_reason=it.finish_reason,
                                   reasoning=it.reasoning))
        for call in it.subcalls:
            if call.child is not None:
                fill_from_run(client, call.child)
            elif call.response is not None:
                client.remember(call.model, sub_request(call.prompt),
                                Completion(call.response, call.model, call.prompt_tokens, call.completion_tokens,
                                           0.0, 0, usage_estimated=call.usage_estimated,
                                           finish_reason=call.finish_reason, reasoning=call.reasoning))
    return client


def replay_client(run: Run) -> CachedClient:
    """A strict client that knows only ``run``'s calls."""
    client = CachedClient(MemoryStore(), strict=True, key=replay_key, describe=describe_call, base_url="recording",
                          params_in_key=False)
    return fill_from_run(client, run)


class RecordedQueries:
    """The sub-call helpers of an exported script: answers from the record, a prompt it never saw raises."""

    def __init__(self, run: Run) -> None:
        self._run, self._client = run, replay_client(run)
        self._children = {call.prompt: call.response for call in run.subcalls
                          if call.kind == "rlm" and call.response}

    def llm_query(self, prompt: str, model: str | None = None) -> str:
        return self._client.complete(model or self._run.sub_model, sub_request(prompt),
                                     **self._run.settings_used().sub_params).text

    def llm_query_batched(self, prompts: Iterable[str], model: str | None = None) -> list[str]:
        return [self.llm_query(p, model) for p in prompts]

    def rlm_query(self, prompt: str, context: object = None) -> str:
        return self._children.get(prompt) or self.llm_query(prompt)
