"""The record of a run: plain dataclasses with a lossless JSON round-trip.

Why dataclasses and not dicts: the panel, the static report, replay and the
benchmarks all read the same record, and typos in dict keys would fail
silently. The answer object is kept as the object itself on a live ``Run`` and
encoded (DataFrames as pandas' ``table`` JSON, which keeps dtypes) only when
the record is serialized.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from ..text import bounded_repr
from .conversation import Conversation
from .settings import Settings

Status = Literal["running", "final", "max_iterations", "repetition", "budget", "timeout", "interrupted", "error"]


@dataclass
class Usage:
    """Tokens and money spent on one model."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    cost_usd: float | None = 0.0
    cached_calls: int = 0  # answered from the response cache: no network, no cost
    saved_usd: float = 0.0  # what the cached calls would have cost
    cached_prompt_tokens: int = 0  # prompt tokens the provider served from its prompt cache (billed lower)
    estimated_calls: int = 0  # calls whose endpoint sent no usage: their counts are estimates
    cost_sources: dict[str, int] = field(default_factory=dict)  # calls per cost source (pricing.CostSource)

    def add(self, prompt_tokens: int, completion_tokens: int, cost_usd: float | None, calls: int = 1) -> None:
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.calls += calls
        # One unpriced call makes the model's total unknown: a partial sum would look like a real price.
        self.cost_usd = None if cost_usd is None or self.cost_usd is None else self.cost_usd + cost_usd

    def merge(self, other: Usage) -> None:
        """Add another Usage of the same model (a child run's, or another run's for a session total)."""
        self.add(other.prompt_tokens, other.completion_tokens, other.cost_usd, calls=other.calls)
        self.cached_calls += other.cached_calls
        self.saved_usd += other.saved_usd
        self.cached_prompt_tokens += other.cached_prompt_tokens
        self.estimated_calls += other.estimated_calls
        for source, count in other.cost_sources.items():
            self.cost_sources[source] = self.cost_sources.get(source, 0) + count

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass
class SubCall:
    """One ``llm_query`` / ``rlm_query`` made by the model's code."""

    id: int
    kind: Literal["llm", "rlm"]
    model: str
    prompt: str
    depth: int
    iteration: int
    batch: int | None = None
    cell: int | None = None  # index of the code block (within its iteration) that made the call
    started_s: float = 0.0
    response: str | None = None
    error: str | None = None
    latency_s: float | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None
    retries: int = 0
    cached: bool = False
    usage_estimated: bool = False  # the endpoint sent no usage: the token counts are estimates
    cost_source: str | None = None  # where cost_usd came from (pricing.CostSource)
    finish_reason: str | None = None  # "length": the answer was cut at the output limit
    reasoning: str = ""  # reasoning returned beside the answer (redacted; never parsed)
    child: Run | None = None


@dataclass
class CodeCell:
    """One code block of a root reply and what running it produced."""

    code: str
    stdout: str = ""
    stderr: str = ""
    value: str | None = None  # repr of the last expression, like a REPL shows it
    error: str | None = None  # formatted traceback, as the model saw it
    outputs: list[dict[str, Any]] = field(default_factory=list)  # rich display bundles (mime -> data)
    duration_s: float = 0.0


@dataclass
class Iteration:
    """One root turn: the model's reply, the code it ran and the sub-calls that code made."""

    index: int
    reply: str
    started_s: float = 0.0
    duration_s: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached: bool = False  # the root reply came from the response cache
    usage_estimated: bool = False  # the endpoint sent no usage: the token counts are estimates
    finish_reason: str | None = None  # "length": the reply was cut at the output limit
    reasoning: str = ""  # reasoning returned beside the reply (redacted; shown collapsed, never parsed for code)
    cells: list[CodeCell] = field(default_factory=list)
    subcalls: list[SubCall] = field(default_factory=list)
    feedback: str | None = None  # the message sent back to the model after this turn


@dataclass(repr=False)
class Run:
    """A whole RLM run. ``answer`` is the object itself (a DataFrame stays a DataFrame)."""

    id: str
    question: str
    model: str
    sub_model: str
    context_names: list[str] = field(default_factory=list)
    depth: int = 0
    status: Status = "running"
    message: str = ""
    answer: Any = None
    iterations: list[Iteration] = field(default_factory=list)
    usage: dict[str, Usage] = field(default_factory=dict)
    wall_s: float = 0.0
    started_at: str = ""
    prompt_version: str = ""
    settings: dict[str, Any] = field(default_factory=dict)  # Settings.to_record() of the settings it ran with
    root_prompt: list[dict[str, str]] = field(default_factory=list)  # the first root request: constant size
    replay_of: str | None = None  # id of the recorded run this run replayed
    continues: str | None = None  # id of the run this follow-up question continued
    compactions: list[dict[str, int]] = field(default_factory=list)  # history compacted before this run began
    notices: list[str] = field(default_factory=list)  # what the endpoint made us do, said once (no streaming)
    # The live REPL namespace, kept so a follow-up can continue in it. Never serialized: a run loaded
    # from a file (or from before a kernel restart) has None here and cannot be continued.
    namespace: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def root_prompt_chars(self) -> int:
        """Size of the first root request: the same for 10K or 10M tokens of context."""
        return sum(len(m["content"]) for m in self.root_prompt)

    @property
    def cost_usd(self) -> float | None:
        """Total dollars, or None when any model used has no known price."""
        costs = [u.cost_usd for u in self.usage.values()]
        return None if any(c is None for c in costs) else sum(c for c in costs if c is not None)

    @property
    def saved_usd(self) -> float:
        """Dollars the response cache saved in this run."""
        return sum(u.saved_usd for u in self.usage.values())

    @property
    def subcalls(self) -> list[SubCall]:
        return [call for it in self.iterations for call in it.subcalls]

    def summary(self) -> str:
        """One stable line: what happened, without timings or money (those are volatile)."""
        tokens = sum(u.total_tokens for u in self.usage.values())
        return (f"RLM {self.status} after {len(self.iterations)} iteration(s), "
                f"{len(self.subcalls)} sub-call(s), {tokens:,} tokens")

    def __repr__(self) -> str:
        return f"<Run {self.id} {self.question[:40]!r}: {self.summary()}>"

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("answer", "iterations", "usage", "namespace")}
        data["answer"] = encode_answer(self.answer)
        data["iterations"] = [_iteration_to_dict(it) for it in self.iterations]
        data["usage"] = {m: asdict(u) for m, u in self.usage.items()}
        data["cost_usd"] = self.cost_usd
        return data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, default=str)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Run:
        names = {f.name for f in fields(cls)} - {"answer", "iterations", "usage", "namespace"}
        run = cls(**{k: v for k, v in data.items() if k in names})
        if "limits" in data and "settings" not in data:  # recorded before settings were one record
            run.settings = dict(data["limits"])
        run.answer = decode_answer(data.get("answer"))
        run.iterations = [_iteration_from_dict(it) for it in data.get("iterations", [])]
        run.usage = {m: Usage(**u) for m, u in data.get("usage", {}).items()}
        return run

    @classmethod
    def from_json(cls, text: str) -> Run:
        return cls.from_dict(json.loads(text))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the trajectory as JSON (``Run.load`` reads it back)."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.to_json(indent=1))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Run:
        with open(path, encoding="utf-8") as fh:
            return cls.from_json(fh.read())

    def settings_used(self) -> Settings:
        """The settings this run ran with, rebuilt from its record (replay runs with them)."""
        return Settings.from_record({"model": self.model, "sub_model": self.sub_model, **self.settings})

    def to_jsonl(self, path: str | os.PathLike[str]) -> None:
        """Write the log format of the reference RLM implementation's visualizer.

        A ``{"type": "metadata"}`` line, then one ``{"type": "iteration"}`` line
        per root turn with its prompt, response, ``code_blocks`` (each with its
        result and the sub-calls it made) and the final answer on the last one.
        """
        start = _dt.datetime.fromisoformat(self.started_at) if self.started_at else _dt.datetime.now(_dt.UTC)
        lines = [{"type": "metadata", "timestamp": start.isoformat(), "root_model": self.model,
                  "max_depth": self.settings_used().max_depth, "max_iterations": self.settings_used().max_iterations,
                  "backend": "openai", "backend_kwargs": {"model_name": self.model},
                  "environment_type": "jupyter", "environment_kwargs": {}, "other_backends": [self.sub_model]}]
        for it, prompt in zip(self.iterations, Conversation.root_requests(self)):
            last = it is self.iterations[-1] and self.status == "final"
            lines.append({
                "type": "iteration", "iteration": it.index + 1,
                "timestamp": (start + _dt.timedelta(seconds=it.started_s)).isoformat(),
                "prompt": prompt, "response": it.reply,
                "code_blocks": [{"code": cell.code, "result": _jsonl_result(cell, [c for c in it.subcalls
                                                                                    if c.cell == i])}
                                for i, cell in enumerate(it.cells)],
                "final_answer": _answer_text(self.answer) if last else None,
                "iteration_time": it.duration_s,
            })
        with open(path, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(line, default=str) + "\n" for line in lines)


def _answer_text(answer: Any) -> str:
    return answer if isinstance(answer, str) else bounded_repr(answer, 10_000)


def _jsonl_result(cell: CodeCell, calls: list[SubCall]) -> dict[str, Any]:
    stderr = cell.stderr + (cell.error or "")
    return {"stdout": cell.stdout + (cell.value + "\n" if cell.value is not None else ""), "stderr": stderr,
            "locals": {}, "execution_time": cell.duration_s,
            "rlm_calls": [{"root_model": c.model, "prompt": c.prompt, "response": c.response or "",
                           "usage_summary": {"model_usage_summaries": {c.model: {
                               "total_calls": 1, "total_input_tokens": c.prompt_tokens,
                               "total_output_tokens": c.completion_tokens}}},
                           "execution_time": c.latency_s or 0.0, **({"error": c.error} if c.error else {})}
                          for c in calls]}


def _iteration_to_dict(it: Iteration) -> dict[str, Any]:
    data = {f.name: getattr(it, f.name) for f in fields(it) if f.name not in ("cells", "subcalls")}
    data["cells"] = [asdict(c) for c in it.cells]
    data["subcalls"] = [_subcall_to_dict(c) for c in it.subcalls]  # not asdict: a child run holds a live namespace
    return data


def _subcall_to_dict(call: SubCall) -> dict[str, Any]:
    data = {f.name: getattr(call, f.name) for f in fields(call) if f.name != "child"}
    data["child"] = call.child.to_dict() if call.child is not None else None
    return data


def _iteration_from_dict(data: dict[str, Any]) -> Iteration:
    it = Iteration(**{k: v for k, v in data.items() if k not in ("cells", "subcalls")})
    it.cells = [CodeCell(**c) for c in data.get("cells", [])]
    it.subcalls = [_subcall_from_dict(c) for c in data.get("subcalls", [])]
    return it


def _subcall_from_dict(data: dict[str, Any]) -> SubCall:
    child = data.get("child")
    call = SubCall(**{k: v for k, v in data.items() if k != "child"})
    call.child = Run.from_dict(child) if child else None
    return call


def encode_answer(obj: Any) -> dict[str, Any] | None:
    """JSON form of an answer that ``decode_answer`` turns back into an equal object where it can."""
    if obj is None:
        return None
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(obj, (pandas.DataFrame, pandas.Series)):
        frame = obj.to_frame() if isinstance(obj, pandas.Series) else obj
        return {"kind": "series" if frame is not obj else "dataframe",
                "split": json.loads(frame.to_json(orient="split", date_format="iso", date_unit="ns")),
                "dtypes": [str(t) for t in frame.dtypes], "index_dtype": str(frame.index.dtype),
                "index_name": frame.index.name, "columns_name": frame.columns.name}
    try:
        json.dumps(obj)
        return {"kind": "json", "value": obj}
    except (TypeError, ValueError):
        return {"kind": "repr", "value": bounded_repr(obj, 10_000), "type": type(obj).__qualname__}


def decode_answer(data: dict[str, Any] | None) -> Any:
    if data is None:
        return None
    if data["kind"] in ("dataframe", "series"):
        import pandas

        split = data["split"]
        frame = pandas.DataFrame(split["data"], index=split["index"], columns=split["columns"])
        for position, dtype in enumerate(data["dtypes"]):
            frame.isetitem(position, _as_dtype(pandas, frame.iloc[:, position], dtype))
        frame.index = _as_dtype(pandas, frame.index, data["index_dtype"])
        frame.index.name, frame.columns.name = data["index_name"], data["columns_name"]
        return frame.iloc[:, 0] if data["kind"] == "series" else frame
    return data["value"]


def _as_dtype(pandas: Any, values: Any, dtype: str) -> Any:
    """Restore a dtype lost in JSON; a dtype that cannot be restored keeps the JSON values."""
    try:
        if dtype.startswith("datetime64"):
            return pandas.to_datetime(values).astype(dtype)
        return values.astype(dtype)
    except (TypeError, ValueError):
        return values
