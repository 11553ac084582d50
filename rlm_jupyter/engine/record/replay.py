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

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...llm.cache import CachedClient, MemoryStore, content_key, digest
from ...llm.client import Completion
from ...llm.pricing import PriceTable
from ...text import clip
from ..dialogue.conversation import Conversation, Message, sub_request
from .trajectory import ReplaySource, Run

REPLAY_ENV = "RLM_REPLAY"
NOTEBOOK_ENV = "RLM_REPLAY_NOTEBOOK"
_VERIFY, _OFF = frozenset({"1", "true", "yes", "on", "verify"}), frozenset({"", "0", "false", "no", "off"})


@dataclass(frozen=True)
class ReplayMode:
    """Notebook-wide replay: every ``%rlm`` cell answers from the recording in its own saved output.

    ``verify`` (``RLM_REPLAY=1``): an answer that differs from the recorded one fails its cell, with the
    diff, so nbval and ``nbconvert --execute`` catch changed data. ``rerun`` (``RLM_REPLAY=rerun``): the
    recorded replies run on new data (papermill parameters) and a different answer is the new answer,
    printed with its diff; only a path the recording cannot follow fails. ``notebook``: where the
    recordings are ("" finds the notebook the kernel runs, or the one in its folder that has the cell).
    """

    verify: bool = True
    notebook: str = ""

    @classmethod
    def parse(cls, value: object, notebook: str = "") -> ReplayMode | None:
        """A mode from a setting's value (True, "1", "verify", "rerun"...), or None when it is off."""
        text = str(value).strip().lower()
        if text in _OFF:
            return None
        if text not in _VERIFY and text != "rerun":
            raise ValueError(f"replay {value!r} is not a replay setting; use 1 or verify (a different answer fails "
                             "its cell), rerun (the recorded replies on new data), or 0 to turn it off")
        if notebook and not notebook.endswith(".ipynb"):
            raise ValueError(f"{NOTEBOOK_ENV}={notebook!r} is not a notebook; give the saved .ipynb's path")
        return cls(text != "rerun", notebook)


def replay_requested(environ: Mapping[str, str] = os.environ) -> ReplayMode | None:
    """What ``$RLM_REPLAY`` (and ``$RLM_REPLAY_NOTEBOOK``) ask for; None when replay is off.

    Why an environment variable: a CI job verifies a notebook someone else wrote (``RLM_REPLAY=1 pytest
    --nbval``, papermill, ``nbconvert --execute``) without editing it, and the kernels those tools start
    inherit the job's environment. A value that is none of the settings is a one-line ``ValueError``.
    """
    try:
        return ReplayMode.parse(environ.get(REPLAY_ENV, ""), environ.get(NOTEBOOK_ENV, "").strip())
    except ValueError as exc:
        raise ValueError(f"${REPLAY_ENV}: {exc}") from None


@dataclass(frozen=True)
class Recording:
    """A recorded run to replay and where it was found (a notebook's cell, a file, this kernel)."""

    run: Run
    where: str

    @classmethod
    def of(cls, spec: Run | Recording | str | os.PathLike[str]) -> Recording:
        """``RLM(replay=...)`` takes a Run, a Recording or the path of a ``--record`` file."""
        if isinstance(spec, Recording):
            return spec
        if isinstance(spec, Run):
            return cls(spec, spec.replayed_from.where if spec.replayed_from else f"run {spec.id}")
        return cls(Run.load(spec), os.fspath(spec))

    def source(self) -> ReplaySource:
        """The first recording behind this one: a replay's own record names the run it replayed."""
        run = self.run
        return run.replayed_from or ReplaySource(run.id, run.started_at, run.model, run.prompt_version, self.where,
                                                 run.cost_text)

    def prices(self) -> PriceTable:
        """Every model of the recording at no cost: a replay calls none of them, so it spends nothing."""
        return PriceTable(free="replay")


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
    recorded reply is the answer whatever they were. Each call keeps the recording's ``cached`` mark (a
    strict client hands it back as stored), so the replay's trail reads as the recording's did.
    """
    for it, messages in zip(run.iterations, Conversation.root_requests(run)):
        client.remember(run.model, messages,
                        Completion(it.reply, run.model, it.prompt_tokens, it.completion_tokens, 0.0, 0,
                                   cached=it.cached, usage_estimated=it.usage_estimated,
                                   finish_reason=it.finish_reason, reasoning=it.reasoning, refusal=it.refusal))
        for call in it.subcalls:
            if call.child is not None:
                fill_from_run(client, call.child)
            elif call.response is not None:
                client.remember(call.model, sub_request(call.prompt),
                                Completion(call.response, call.model, call.prompt_tokens, call.completion_tokens,
                                           0.0, 0, cached=call.cached, usage_estimated=call.usage_estimated,
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
