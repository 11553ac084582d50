"""Replay: answer root and sub-calls from a recorded Run, strictly, with no network.

Replay re-executes the recorded code against the *current* data. Root replies
are therefore keyed by the conversation of model replies so far (the
question and the recorded assistant turns), not by our feedback messages,
which contain code output that legitimately changes with the data. Sub-calls
are keyed by their full content: a prompt the new data produced that the
recording never saw is a miss, reported by name.
"""
from __future__ import annotations

from ..engine.trajectory import Run
from .cache import CachedClient, MemoryStore, digest, content_key
from .client import Completion


def replay_key(model: str, messages: list[dict[str, str]]) -> str:
    if messages and messages[0]["role"] == "system":  # a root call
        question = next((m["content"].split("\n", 1)[0] for m in messages if m["role"] == "user"), "")
        replies = [m["content"] for m in messages if m["role"] == "assistant"]
        return digest({"model": model, "root": question, "replies": replies})
    return content_key(model, messages)


def describe_call(model: str, messages: list[dict[str, str]]) -> str:
    if messages and messages[0]["role"] == "system":
        turn = sum(m["role"] == "assistant" for m in messages) + 1
        return f"root call {turn} to {model!r}"
    prompt = messages[-1]["content"] if messages else ""
    return f"sub-call to {model!r} with prompt {prompt[:80]!r}{'...' if len(prompt) > 80 else ''}"


def fill_from_run(client: CachedClient, run: Run) -> CachedClient:
    """Teach ``client`` every root reply and sub-call answer of ``run`` (and of its child runs)."""
    for it, messages in zip(run.iterations, run.root_calls()):
        client.remember(run.model, messages,
                        Completion(it.reply, run.model, it.prompt_tokens, it.completion_tokens, 0.0, 0))
        for call in it.subcalls:
            if call.child is not None:
                fill_from_run(client, call.child)
            elif call.response is not None:
                client.remember(call.model, [{"role": "user", "content": call.prompt}],
                                Completion(call.response, call.model, call.prompt_tokens, call.completion_tokens,
                                           0.0, 0))
    return client


def replay_client(run: Run) -> CachedClient:
    """A strict client that knows only ``run``'s calls."""
    client = CachedClient(MemoryStore(), strict=True, key=replay_key, describe=describe_call, base_url="recording")
    return fill_from_run(client, run)
