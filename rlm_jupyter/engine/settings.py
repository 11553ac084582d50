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
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

GUARD_MODES = ("on", "warn", "off")
# What a %rlm cell does with a run that ended without an accepted answer (jupyter/outcomes.py acts on it).
UNANSWERED_MODES = ("fail", "keep")
# What the capability guard (engine/safety/guard.py) refuses, by category: --allow names these.
GUARD_CATEGORIES = ("net", "proc", "write", "secrets", "native", "hooks", "env")

DEFAULT_MODEL = "gpt-5-mini"  # OpenAI's cheap general model: a safe first run for a new user's key

# Settings that are not recorded in a Run: the key is a secret, the rest are where, not what.
_NOT_RECORDED = frozenset({"api_key", "headers"})


@dataclass(frozen=True)
class Bounds:
    """The values a numeric setting accepts, checked when settings are built (``Settings.__post_init__``).

    Why in the field's metadata: every numeric field is checked by one loop, so a new one is range-checked
    with no edit to the checks (a field that declares no bounds gets ``POSITIVE``). Whether it must be a
    whole number, and whether ``None`` (no limit) is allowed, come from the field's type.
    """

    low: float = 0
    high: float = math.inf
    low_included: bool = False  # ``>= low`` rather than ``> low``
    why: str = ""  # why ``high`` is where it is (said in the error)
    hint: str = ""  # what a value means, for the error (``1 means sub-calls without recursion``)
    none: str = "no limit"  # what None means for an optional setting, for the error

    def admits(self, value: float) -> bool:
        above = value >= self.low if self.low_included else value > self.low
        return above and value <= self.high and math.isfinite(value)

    def text(self) -> str:
        low = f"{'>=' if self.low_included else '>'} {self.low:g}"
        return low if self.high == math.inf else f"{low} and <= {self.high:g}"


POSITIVE = Bounds()
DAY_S = 86_400.0
# Every time limit: finite, positive, at most a day. A limit becomes a timer (signal.setitimer for cells and
# runs, a socket timeout for requests) that overflows or misbehaves on huge values; a day is longer than any
# run in a notebook, and a larger number is a typo or means "no limit", which is None.
TIME_LIMIT = Bounds(high=DAY_S, why="a time limit becomes a timer (signal.setitimer), which overflows on huge "
                                    "values, and a day is longer than any notebook run")

# A sampling temperature: what OpenAI-compatible endpoints accept.
TEMPERATURE = Bounds(low=0, low_included=True, high=2, why="OpenAI-compatible endpoints take 0 to 2",
                     none="the endpoint's default")


def _setting(default: Any, help_text: str, why: str = "", option: str | None = None,
             bounds: Bounds | None = None) -> Any:
    """A field with its help text (``%rlm?``, ``%config RLMMagics``), the reason for its default and, for a
    number, the values it accepts (``bounds``; ``POSITIVE`` when not given)."""
    factory = {"default_factory": lambda: dict(default)} if isinstance(default, dict) else {"default": default}
    return field(metadata={"help": help_text, "why": why, "option": option, "bounds": bounds}, **factory)


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
    params: dict[str, Any] = _setting({}, 'extra fields of every root request body: {"max_completion_tokens": '
                                          '4000, "seed": 7}',
                                      "sampling and output caps are the provider's; a local server without "
                                      "max_tokens writes until its context is full")
    temperature: float | None = _setting(0.0, "sampling temperature of root calls (None: the endpoint's default); "
                                              "a temperature in params wins",
                                         "the root model writes code, and a run is an audit trail: the same data "
                                         "and question should get the same code. A real 1.5B model at its "
                                         "server's default (0.8) wrote a different, often broken, block on each "
                                         "try. A model that takes only its own default (OpenAI's reasoning "
                                         "models) is asked again without it, remembered per endpoint and model, "
                                         "and each run says so",
                                         bounds=TEMPERATURE)
    resample_temperature: float | None = _setting(1.0, "temperature of the root call after a turn that repeated "
                                                       "the one before (None: the same as every root call)",
                                                  "at temperature 0 the same conversation gets the same reply, so a "
                                                  "model that repeated itself once will again; a real 1.5B model "
                                                  "sent one cut-off block three times and the run ended. Sampling "
                                                  "that one turn gives it a different try",
                                                  bounds=dataclasses.replace(
                                                      TEMPERATURE, none="the same temperature as every root call"))
    sub_params: dict[str, Any] = _setting({}, "extra fields of every sub-call request body (not inherited from "
                                              "params)",
                                          "sub-calls often want other caps than the root, e.g. short answers")

    max_iterations: int = _setting(20, "root turns per run",
                                   "the RLM paper's tasks finish in under 10 turns; 20 leaves room for recovery "
                                   "while bounding a model that never finishes", "--max-iterations")
    max_depth: int = _setting(1, "recursion depth: 1 makes rlm_query a plain LLM call, 2+ lets it recurse",
                              "the paper's setting: recursion multiplies cost, opt into it", "--max-depth",
                              Bounds(low=1, low_included=True, hint="1 means sub-calls without recursion"))
    max_subcalls: int | None = _setting(1_000, "sub-calls per run, child runs included; a batch that would pass "
                                               "it is refused before any is sent (None: no limit)",
                                        "the map-reduce patterns RLMs use send tens to hundreds of sub-calls "
                                        "(the benchmarks' biggest batch is 80 chunks, the demo's a few dozen); "
                                        "a thousand stops a one-call-per-line fan-out over a big log, which on "
                                        "a local server answering one call at a time runs for hours, and tells "
                                        "the model to chunk instead", "--max-subcalls")
    max_tokens: int | None = _setting(None, "stop when this many tokens are used (None: no limit)",
                                      "a dollar budget is what users reason in; tokens are for unpriced models")
    budget_usd: float | None = _setting(None, "stop when this many dollars are spent (None: no limit)",
                                        "only the user knows what a question is worth", "--budget")
    timeout_s: float | None = _setting(1_800.0, "wall-time limit per run, seconds (None: no limit)",
                                       "an interactive analysis finishes in minutes; 30 minutes is never reached "
                                       "by one, yet stops a runaway (a fan-out on a slow local server, a model "
                                       "that never finishes) within a coffee break, with nobody at the stop "
                                       "button", "--timeout", TIME_LIMIT)
    cell_timeout_s: float | None = _setting(120.0, "time limit per hidden cell, seconds (None: no limit)",
                                            "two minutes of pandas is a lot; a stuck cell must not eat the run",
                                            bounds=TIME_LIMIT)
    concurrency: int = _setting(16, "concurrent sub-calls in llm_query_batched",
                                "well under common provider rate limits, and 128 calls finish in 8 rounds",
                                bounds=Bounds(low=1, low_included=True, high=1024,
                                              why="each call in flight is a thread and a connection, and a "
                                                  "thousand at once is past any provider's rate limit"))
    max_output_chars: int = _setting(20_000, "characters of a cell's output the model reads (head and tail)",
                                     "about 5K tokens: enough to read a table, small enough not to rot the context")
    request_timeout_s: float = _setting(300.0, "seconds one model call may take",
                                        "reasoning models can think for minutes on one reply", bounds=TIME_LIMIT)
    max_retries: int = _setting(4, "retries of a failed call (429, 5xx, dropped connection)",
                                "with backoff this rides out a minute of provider trouble",
                                bounds=Bounds(low=0, low_included=True, hint="0 means no retries"))
    stream: bool = _setting(True, "stream root replies so the panel shows them as they arrive; an endpoint that "
                                  "refuses streaming is asked again without it",
                            "a 60-second turn must look alive", "--no-stream")
    acceptance: str = _setting("strict", "what ends a run: strict (every acceptance gate refuses), lenient (only hard "
                                         "evidence refuses: no code read the data, the same turn's code failed, the "
                                         "variable does not exist; the rest is marked in the report) or off (the "
                                         "paper's protocol); turn single gates off after a comma: "
                                         "'strict,-wrong-extreme' (the gates: rlm_jupyter.engine.trust.gates.GATES)",
                               "measured on the calibration benchmark (benchmarks/RESULTS.md, 'Acceptance'): strict "
                               "accepts the legitimate answers first time as often as lenient does, and is the only "
                               "policy that refuses invented ones; a real 1.5B model reported invented answers as "
                               "final under the paper's protocol", "--acceptance")
    guard: str = _setting("on", "what the model's code may do while it runs: on (network but the engine's own calls "
                                "and this kernel's loopback peers, processes, writes outside the run's scratch folder, "
                                "credential files, native code, interpreter hooks and sensitive environment "
                                "variables are refused and recorded), warn (recorded, not refused) or off",
                          "the data an RLM reads can carry instructions, and a model that obeys them writes "
                          "ordinary Python with the user's permissions; analysis needs none of these "
                          "(benchmarks/RESULTS.md, 'Guard', measures what it costs)", "--guard")
    allow: str = _setting("", "guard categories this run may use after all, comma-separated: "
                              f"{','.join(GUARD_CATEGORIES)} (e.g. 'write,net')",
                          "only the user knows that a question needs a shell command or an upload", "--allow")
    isolated: bool = _setting(False, "run the model's code in a separate process under OS limits (no network, no "
                                     "writes outside its scratch folder, no credential reads): for data nobody has "
                                     "read. Only the context variables cross, copied (DataFrames mapped without a "
                                     "copy); in-place changes stay there and objects that cannot cross are described",
                              "the in-process guard stops a model following injected text with ordinary Python, not "
                              "code written to get around it; isolation costs a process start per run "
                              "(benchmarks/RESULTS.md, 'Guard') and the live namespace", "--isolated")
    unanswered: str = _setting("fail", "what a %rlm cell does when its run ends without an accepted answer (out of "
                                       "turns, repeating itself, a limit, an endpoint error, the model declined): "
                                       "fail (the report is shown, then the cell fails in one line naming the "
                                       "status and the fix; the answer variable is not bound, and rlm_run keeps the "
                                       "trail and any partial answer, flagged) or keep (a partial answer is bound, "
                                       "flagged, and the cell does not fail). A Stop stops the queued cells either "
                                       "way",
                               "Jupyter's contract is that a cell which did not do its job fails, so Run All, "
                               "papermill, nbconvert --execute and nbval stop there instead of running on with a "
                               "missing or stale answer, and the cell that reads it does not fail far from the "
                               "cause; keep is for exploring by hand, where a salvaged answer is worth a look",
                               "--unanswered")
    history_chars: int = _setting(60_000, "a follow-up's history is compacted past this many characters",
                                  "about 15K tokens of history keeps follow-ups cheap and focused")
    prices: dict[str, Any] = _setting({}, 'your prices, USD per 1M tokens, over the price library\'s: '
                                          '{"model": [input, output]} or [input, output, cached_input]',
                                      "genai-prices knows the public models; only you know private ones")
    local_is_free: bool = _setting(True, "a model served from a loopback address (127.0.0.0/8, ::1, localhost) that "
                                         "neither your prices nor the price library know costs $0 and reads as "
                                         "free; a model the library knows is priced by it on any address",
                                   "what runs on this machine (the demo model, llama.cpp, Ollama) bills nobody, and a "
                                   "loopback address is this machine, known without a name lookup; but a local proxy "
                                   "or tunnel to a paid provider is common, so a name the library knows keeps its "
                                   "price: a local model counted at a cloud price is visible and safe, a paid one "
                                   "counted as free is neither, and a budget must never read free by mistake")
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
        for spec in fields(self):
            kind = _NUMBERS.get(spec.name)
            if kind is not None:
                _check_number(spec.name, getattr(self, spec.name), integer=kind[0], optional=kind[1],
                              bounds=spec.metadata["bounds"] or POSITIVE)
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
        if not isinstance(self.acceptance, str):
            raise ValueError(f"acceptance must be a string such as 'strict' or 'lenient,-unseen-value', "
                             f"got {self.acceptance!r}")
        if self.unanswered not in UNANSWERED_MODES:
            raise ValueError(f"unanswered must be one of {', '.join(UNANSWERED_MODES)}, got {self.unanswered!r}")
        if self.guard not in GUARD_MODES:
            raise ValueError(f"guard must be one of {', '.join(GUARD_MODES)}, got {self.guard!r}")
        object.__setattr__(self, "allow", ",".join(_allowed(self.allow)))
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
        """Rebuild a recorded run's settings; names this version does not know are ignored.

        A record made before root calls had a temperature setting sent none: it rebuilds with ``None``.
        """
        known = {k: v for k, v in record.items() if k in NAMES}
        for name in _SENT_BY_DEFAULT:
            known.setdefault(name, None)
        return cls(**{**known, **overrides})


NAMES: frozenset[str] = frozenset(f.name for f in fields(Settings))
# Settings that put a field into requests by default (prompt 2026-12-02.20 on): older records did not send them.
_SENT_BY_DEFAULT = ("temperature", "resample_temperature")


def _number_kind(hint: Any) -> tuple[bool, bool] | None:
    """(whole number?, None allowed?) for an ``int``/``float`` field type (optional or not); None for others."""
    args = typing.get_args(hint)
    optional = type(None) in args
    base = next((a for a in args if a is not type(None)), None) if optional else hint
    return (base is int, optional) if base in (int, float) else None


# The numeric fields, read from the types once: __post_init__ checks each against its ``bounds``.
_NUMBERS: dict[str, tuple[bool, bool]] = {
    name: kind for name, hint in typing.get_type_hints(Settings).items()
    if (kind := _number_kind(hint)) is not None}


# Body fields the engine owns: a params value for one of these would change what the loop reads.
_OWNED_FIELDS = {"model": "set model / sub_model", "messages": "the engine builds the messages",
                 "stream": "use stream=False (--no-stream)", "stream_options": "the engine asks for usage itself",
                 "n": "the engine reads one choice"}


def _allowed(spec: object) -> list[str]:
    """The guard categories of an ``allow`` string, sorted: a word that is none of them is a one-line error."""
    if not isinstance(spec, str):
        raise ValueError(f"allow must be a comma-separated string such as 'write,net', got {spec!r}")
    words = sorted({word.strip() for word in spec.split(",") if word.strip()})
    unknown = [word for word in words if word not in GUARD_CATEGORIES]
    if unknown:
        raise ValueError(f"allow: {unknown[0]!r} is not a guard category; use some of {','.join(GUARD_CATEGORIES)}")
    return words


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


def _check_number(name: str, value: Any, *, integer: bool, optional: bool, bounds: Bounds) -> None:
    """A number in its bounds (or None where that means no limit); one line naming the range and the fix."""
    if value is None and optional:
        return
    valid = (isinstance(value, int) if integer else isinstance(value, (int, float))) and not isinstance(value, bool)
    if not valid or not bounds.admits(value):
        kind = "" if valid else f" ({'a whole number' if integer else 'a number'})"
        fix = f"; pass None for {bounds.none}" if optional else ""
        why = f"; {bounds.why}" if bounds.why and valid and value > bounds.high else ""
        hint = f"; {bounds.hint}" if bounds.hint else ""
        raise ValueError(f"{name} must be {bounds.text()}{kind}, got {value!r}{fix}{hint}{why}")


DEFAULTS = Settings(model=DEFAULT_MODEL)
"""The defaults, for layers that show or compare them (``%config``, the magic's options)."""
