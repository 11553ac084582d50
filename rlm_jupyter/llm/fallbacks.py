"""Root calls with the fallbacks an endpoint forces on us: a field it refuses, a request too long for its window.

Why here and not in the loop: these are facts about an endpoint and a model, not about the RLM protocol.
Each follows one rule (DESIGN: discover, don't assume): fall back once, remember it per endpoint and model
for the process where it will not change, and say so once per run (the ``notice`` callback). A refused
stream is handled below this, by the client itself (``client.UNSTREAMABLE``).

- A field sent by default (``temperature``) that the model does not take is dropped for that endpoint and
  model (``client.REFUSED_FIELDS``); a field the user set in ``params`` is never dropped.
- A request too long for the model's window is sent again with the earlier outputs cut tighter (the
  ``tighten`` callback, which the conversation provides), as many times as it has steps.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .client import REFUSED_FIELDS, ChatClient, Completion, ContextTooLong, UnsupportedParameter

Messages = list[dict[str, str]]


@dataclass
class RootEndpoint:
    """The root model at one endpoint: its request parameters and the fallbacks it has needed."""

    client: ChatClient
    model: str
    defaults: Mapping[str, Any] = field(default_factory=dict)  # sent unless refused (temperature)
    params: Mapping[str, Any] = field(default_factory=dict)  # the user's: sent as given, never dropped
    resample_temperature: float | None = None  # for a call after a repeated turn (same conversation, new try)

    def complete(self, messages: Callable[[], Messages], tighten: Callable[[], int | None],
                 notice: Callable[[str], None], on_text: Callable[[str], None] | None = None,
                 resample: bool = False) -> Completion:
        """One root call of ``messages()``; ``tighten()`` cuts the outputs it sends and returns the new cap,
        or None when it cannot cut more; ``notice(text)`` tells the run what the endpoint made us do."""
        where = (self.client.base_url, self.model)
        while True:
            refused = {name: text for name, text in REFUSED_FIELDS.under(*where).items()
                       if name in self.defaults and name not in self.params}
            for text in refused.values():  # only for a field this call would have sent by default
                notice(text)
            sent = {name: value for name, value in self.defaults.items() if name not in refused}
            if resample and "temperature" in sent and self.resample_temperature is not None:
                sent["temperature"] = self.resample_temperature
            try:
                done = self.client.complete(self.model, messages(), on_text=on_text, **{**sent, **self.params})
            except ContextTooLong:
                cap = tighten()
                if cap is None:
                    raise
                notice(outputs_cut(cap))
                continue
            except UnsupportedParameter as refusal:
                if refusal.param not in sent or refusal.param in self.params:
                    raise
                REFUSED_FIELDS.add((*where, refusal.param), default_refused(
                    self.model, refusal.param, self.defaults[refusal.param], refusal.reason))
                continue
            if done.notice is not None:
                notice(done.notice)
            return done


def outputs_cut(cap: int) -> str:
    """A notice for the user (panel header, report): why the model now reads less of each output."""
    return (f"The conversation did not fit the root model's context window: the outputs it is sent are now cut "
            f"to {cap:,} characters each (head and tail). Lower max_output_chars to start there.")


def default_refused(model: str, param: str, value: object, reason: str) -> str:
    """A notice for the user: a field sent by default was refused, so the endpoint's own default applies."""
    return (f"{model} does not take {param}={value!r} ({reason}); its root calls are sent without it, so the "
            f"endpoint's default applies. Set {param}=None to skip the first try.")
