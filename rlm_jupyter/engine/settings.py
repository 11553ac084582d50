"""Every default and limit of a run, in one frozen dataclass, each with the reason for its value.

Why one place: the engine (``RLM``), the budget, the ``%%rlm`` magic (its
``%config`` traits and its command-line options) and replay all need the same
options. When each kept its own copy of ``max_iterations=20`` they drifted.
Now a field here is the option: the magic generates its traits and
command-line flags from these fields (``metadata``: ``help`` for the one-line
help, ``option`` for the flag name), ``RLM(**overrides)`` accepts exactly
these names, and ``Run.settings`` records the values a run used so replay can
rebuild them (``Settings.from_record``). Adding an option means adding a field
here, and reading it where it acts.

Why frozen: a run's settings are a fact of its record; code that wants other
values makes new settings with ``replace`` (``settings.replace(max_depth=2)``).
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

DEFAULT_MODEL = "gpt-5-mini"  # OpenAI's cheap general model: a safe first run for a new user's key

# Settings that are not recorded in a Run: the key is a secret, the rest are where, not what.
_NOT_RECORDED = frozenset({"api_key", "headers"})


def _setting(default: Any, help_text: str, why: str = "", option: str | None = None) -> Any:
    """A field with its help text (``%rlm?``, ``%config RLMMagics``) and the reason for its default."""
    factory = {"default_factory": lambda: dict(default)} if isinstance(default, dict) else {"default": default}
    return field(metadata={"help": help_text, "why": why, "option": option}, **factory)


@dataclass(frozen=True)
class Settings:
    """What one run (with all its child runs) uses and may spend. Every field is documented with its reason."""

    model: str = _setting("", "root model (default: $RLM_MODEL, else gpt-5-mini)",
                          "no silent default in the engine: plain-Python callers name their model", "--model")
    sub_model: str | None = _setting(None, "sub-call model (default: $RLM_SUB_MODEL, else the root model)",
                                     "the root model is the one the user trusts for the task", "--sub-model")
    base_url: str | None = _setting(None, "OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else OpenAI)",
                                    "the openai client's own default and environment variable")
    api_key: str | None = _setting(None, "API key (default: $OPENAI_API_KEY, or $AZURE_OPENAI_API_KEY for Azure; "
                                         "never recorded)",
                                   "the openai client's own environment variables")
    api_version: str | None = _setting(None, "Azure OpenAI classic deployments: the api-version, e.g. 2024-10-21 "
                                             "(default: $OPENAI_API_VERSION for an Azure endpoint)",
                                       "set only for Azure's classic /openai/deployments/ API; its v1 endpoint "
                                       "and every other provider need none")
    headers: dict[str, str] = _setting({}, 'extra HTTP headers on every request: {"HTTP-Referer": "..."}; '
                                           "never recorded",
                                       "gateways and OpenRouter read their own headers; some carry secrets")
    params: dict[str, Any] = _setting({}, 'extra fields of every root request body: {"temperature": 0, '
                                          '"max_completion_tokens": 4000}',
                                      "sampling and output caps are the provider's; a local server without "
                                      "max_tokens writes until its context is full")
    sub_params: dict[str, Any] = _setting({}, "extra fields of every sub-call request body (not inherited from "
                                              "params)",
                                          "sub-calls often want other caps than the root, e.g. short answers")

    max_iterations: int = _setting(20, "root turns per run",
                                   "the RLM paper's tasks finish in under 10 turns; 20 leaves room for recovery "
                                   "while bounding a model that never finishes", "--max-iterations")
    max_depth: int = _setting(1, "recursion depth: 1 makes rlm_query a plain LLM call, 2+ lets it recurse",
                              "the paper's setting: recursion multiplies cost, opt into it", "--max-depth")
    max_subcalls: int | None = _setting(None, "stop after this many sub-calls (None: no limit)",
                                        "big fan-outs are the point of an RLM; the dollar budget bounds them")
    max_tokens: int | None = _setting(None, "stop when this many tokens are used (None: no limit)",
                                      "a dollar budget is what users reason in; tokens are for unpriced models")
    budget_usd: float | None = _setting(None, "stop when this many dollars are spent (None: no limit)",
                                        "only the user knows what a question is worth", "--budget")
    timeout_s: float | None = _setting(None, "wall-time limit per run, seconds (None: no limit)",
                                       "a long run over big data is legitimate; the stop button ends any run",
                                       "--timeout")
    cell_timeout_s: float | None = _setting(120.0, "time limit per hidden cell, seconds (None: no limit)",
                                            "two minutes of pandas is a lot; a stuck cell must not eat the run")
    concurrency: int = _setting(16, "concurrent sub-calls in llm_query_batched",
                                "well under common provider rate limits, and 128 calls finish in 8 rounds")
    max_output_chars: int = _setting(20_000, "characters of a cell's output the model reads (head and tail)",
                                     "about 5K tokens: enough to read a table, small enough not to rot the context")
    request_timeout_s: float = _setting(300.0, "seconds one model call may take",
                                        "reasoning models can think for minutes on one reply")
    max_retries: int = _setting(4, "retries of a failed call (429, 5xx, dropped connection)",
                                "with backoff this rides out a minute of provider trouble")
    stream: bool = _setting(True, "stream root replies so the panel shows them as they arrive; an endpoint that "
                                  "refuses streaming is asked again without it",
                            "a 60-second turn must look alive", "--no-stream")
    history_chars: int = _setting(60_000, "a follow-up's history is compacted past this many characters",
                                  "about 15K tokens of history keeps follow-ups cheap and focused")
    prices: dict[str, Any] = _setting({}, 'your prices, USD per 1M tokens, over the price library\'s: '
                                          '{"model": [input, output]} or [input, output, cached_input]',
                                      "genai-prices knows the public models; only you know private ones")
    context_windows: dict[str, int] = _setting({}, 'sub-model context sizes in tokens: {"model": 32768}',
                                               "oversized prompts are refused before they are sent and paid for")
    rate_limits: dict[str, Any] = _setting({}, 'provider rate limits per model ("*" for all): '
                                               '{"gpt-5-mini": {"rpm": 500, "tpm": 200000}}',
                                           "only the user knows their provider tier")
    cache_dir: str | None = _setting(None, "response cache folder (None: no cache; the magic defaults it to "
                                           "$RLM_CACHE_DIR, else ~/.cache/rlm_jupyter)",
                                     "a plain-Python run writes nothing to disk unless asked")
    refresh: bool = _setting(False, "ask again and overwrite cached answers",
                             "the cache is trusted unless the user says otherwise")

    def __post_init__(self) -> None:
        if not isinstance(self.model, str) or not self.model:
            raise ValueError("model is required, e.g. RLM(model='gpt-5-mini')")
        for name in ("max_iterations", "max_output_chars", "history_chars"):
            _check_number(name, getattr(self, name), integer=True, optional=False)
        _check_number("concurrency", self.concurrency, integer=True, optional=False, bound=">= 1")
        _check_number("max_depth", self.max_depth, integer=True, optional=False, bound=">= 1",
                      hint="1 means sub-calls without recursion")
        for name in ("max_subcalls", "max_tokens"):
            _check_number(name, getattr(self, name), integer=True, optional=True)
        for name in ("budget_usd", "timeout_s", "cell_timeout_s"):
            _check_number(name, getattr(self, name), integer=False, optional=True)
        _check_number("request_timeout_s", self.request_timeout_s, integer=False, optional=False)
        if not isinstance(self.max_retries, int) or isinstance(self.max_retries, bool) or self.max_retries < 0:
            raise ValueError(f"max_retries must be a whole number >= 0, got {self.max_retries!r}")
        for name in ("prices", "context_windows", "rate_limits", "headers", "params", "sub_params"):
            value = getattr(self, name)
            if not isinstance(value, Mapping):
                raise ValueError(f"{name} must be a dict, got {type(value).__name__}")
            object.__setattr__(self, name, dict(value))  # a private copy: the caller's dict may change later
        for name in ("params", "sub_params"):
            _check_body_fields(name, getattr(self, name))
        if any(not isinstance(k, str) or not isinstance(v, str) for k, v in self.headers.items()):
            raise ValueError(f'headers must map names to strings, e.g. {{"X-Title": "my notebook"}}, '
                             f"got {self.headers!r}")
        if self.api_version is not None and (not isinstance(self.api_version, str) or not self.api_version):
            raise ValueError(f"api_version must be a non-empty string like '2024-10-21', got {self.api_version!r}")

    @property
    def sub(self) -> str:
        """The model sub-calls use."""
        return self.sub_model or self.model

    def replace(self, **changes: Any) -> Settings:
        """New settings with ``changes``; an unknown name is an error that lists the known ones."""
        unknown = sorted(set(changes) - NAMES)
        if unknown:
            raise TypeError(f"unknown setting {unknown[0]!r}; settings are: {', '.join(sorted(NAMES))}")
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_environment(cls, **overrides: Any) -> Settings:
        """Defaults a notebook user expects: the models from ``$RLM_MODEL`` / ``$RLM_SUB_MODEL``."""
        base = {"model": os.environ.get("RLM_MODEL") or DEFAULT_MODEL,
                "sub_model": os.environ.get("RLM_SUB_MODEL") or None}
        return cls(**{**base, **overrides})

    def to_record(self) -> dict[str, Any]:
        """The values a run used, JSON-ready (the API key is never recorded)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _NOT_RECORDED}

    @classmethod
    def from_record(cls, record: Mapping[str, Any], **overrides: Any) -> Settings:
        """Rebuild a recorded run's settings; names this version does not know are ignored."""
        known = {k: v for k, v in record.items() if k in NAMES}
        return cls(**{**known, **overrides})


NAMES: frozenset[str] = frozenset(f.name for f in fields(Settings))


# Body fields the engine owns: a params value for one of these would change what the loop reads.
_OWNED_FIELDS = {"model": "set model / sub_model", "messages": "the engine builds the messages",
                 "stream": "use stream=False (--no-stream)", "stream_options": "the engine asks for usage itself",
                 "n": "the engine reads one choice"}


def _check_body_fields(name: str, value: dict[str, Any]) -> None:
    """Request-body fields go out as given, so they must be JSON and must not take over the engine's own fields."""
    for key in value:
        if not isinstance(key, str) or not key:
            raise ValueError(f"{name} keys must be request-body field names (strings), got {key!r}")
        if key in _OWNED_FIELDS:
            raise ValueError(f"{name} must not set {key!r}: {_OWNED_FIELDS[key]}")
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be JSON (numbers, strings, lists, dicts): {exc}") from None


def _check_number(name: str, value: Any, *, integer: bool, optional: bool, hint: str = "",
                  bound: str = "> 0") -> None:
    """A limit is a finite positive number (or None where that means no limit); say how to fix anything else."""
    if value is None and optional:
        return
    valid = (isinstance(value, int) if integer else isinstance(value, (int, float))) and not isinstance(value, bool)
    if not valid or not value > 0 or not math.isfinite(value):
        kind = "" if valid else f" ({'a whole number' if integer else 'a number'})"
        fix = "; pass None for no limit" if optional else ""
        raise ValueError(f"{name} must be {bound}{kind}, got {value!r}{fix}{'; ' + hint if hint else ''}")


DEFAULTS = Settings(model=DEFAULT_MODEL)
"""The defaults, for layers that show or compare them (``%config``, the magic's options)."""
