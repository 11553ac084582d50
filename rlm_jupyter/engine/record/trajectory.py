"""The record of a run: plain dataclasses with a lossless JSON round-trip.

Why dataclasses and not dicts: the panel, the static report, replay and the
benchmarks all read the same record, and typos in dict keys would fail
silently. The answer object is kept as the object itself on a live ``Run`` and
encoded (DataFrames as pandas' ``table`` JSON, which keeps dtypes) only when
the record is serialized.
"""
from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, cast

from ...text import bounded_repr, plural
from ..settings import Settings
from .recording_schema import RecordError, check_record
from .spend import Usage, spend_words

Status = Literal["running", "final", "declined", "max_iterations", "repetition", "budget", "timeout", "interrupted",
                 "error"]
Redact = Callable[[str], str]  # what ``secrets.Redactor`` is to a record (that module imports this one)


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
    cancelled: bool = False  # abandoned with its batch (a stop, a limit) before its reply came: not a failure
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
    created: dict[str, str] | None = None  # names the block bound or rebound, with bounded reprs (None: not recorded)
    # The text of this block that was sent back to the model (clipped, redacted, formatted): what it saw. Every
    # acceptance gate reads this and nothing else. None in records from before it was kept.
    shown: str | None = None

    def output_text(self) -> str:
        """What running the block printed, in the order the model reads it: stdout, stderr, the value, the error."""
        parts = [self.stdout, self.stderr, self.value or "", self.error or ""]
        return "\n".join(part.rstrip("\n") for part in parts if part)


VerdictAction = Literal["refused", "marked", "noted", "not-run", "failed"]


@dataclass
class GuardAction:
    """One action of model code the capability guard stood in the way of (``safety/guard.py``), kept on the record.

    Why every one is kept, a refusal the code caught too: the model's code may ``try: ... except: pass`` around
    ``os.system``; what a colleague checks is that it tried, which instruction in the data it may have obeyed.
    ``refused`` is False under ``guard="warn"``, which records and lets the action happen. ``by`` is "os" for what
    the isolated REPL's operating-system limits did: an action they refused (whatever the guard allowed), or a
    process started under them, whose own failures the worker cannot see.
    """

    category: str  # one of guard.CATEGORIES: net, proc, write, secrets, native, hooks, env
    what: str  # what was attempted: "os.system('curl ...')", "connect to 127.0.0.1:9"
    refused: bool = True
    by: str = ""  # "": the guard; "os": the isolated REPL's operating-system limits
    run_id: str = ""  # the run whose code tried it (a child run's own id inside an rlm_query)
    iteration: int | None = None  # where it happened (0-based), None when outside a block (a thread it started)
    cell: int | None = None
    thread: str = ""  # the thread it ran on, when not the main thread


@dataclass
class Verdict:
    """One acceptance gate's decision on a turn (``engine/trust/acceptance.py``), kept on the record.

    Why structured: which rule refused an answer, with the values it looked at, is what a colleague checks
    before trusting a run, and what the benchmarks count per gate. ``action``: ``refused`` (the FINAL did not
    end the run; ``note`` is what the model was told), ``not-run`` (a block was kept in the record and not
    run), ``marked`` (the policy lets the gate only mark: nothing was refused, the report shows it),
    ``noted`` (a note to the model that refuses nothing, e.g. a repeated turn) and ``failed`` (the gate's own check
    raised: it judged nothing, ``values["error"]`` says what broke; a bug in a check never costs the user the run,
    and the report says the answer was not fully checked).
    """

    gate: str
    action: VerdictAction
    note: str = ""  # what the model was told ("" when it was told nothing)
    values: dict[str, Any] = field(default_factory=dict)  # what the gate looked at, for the record and the report
    cell: int | None = None  # the block a block gate judged (index within the iteration)


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
    refusal: str = ""  # the model declined to answer (the API's ``message.refusal``): the run ends "declined"
    cells: list[CodeCell] = field(default_factory=list)
    subcalls: list[SubCall] = field(default_factory=list)
    feedback: str | None = None  # the message sent back to the model after this turn
    verdicts: list[Verdict] = field(default_factory=list)  # what the acceptance policy decided on this turn


SourceKind = Literal["computed", "shown", "derived", "subcall", "question", "nowhere"]


@dataclass
class Source:
    """Where one value of an answer came from: what a colleague checks to trust that figure.

    ``computed``: the code computed it (``where`` names the variable or expression); ``shown``: an output the
    model read printed it (``where``: turn, block and line; ``line``: the line itself), or the data's
    description did, or the data itself holds the passage the answer quotes it in, or the words around it
    (loose: no output printed them); ``derived``: an operation over other values (``how``), each with its own
    source in ``operands``; ``subcall``: a sub-call's answer; ``question``: the question states it;
    ``nowhere``: none of these, which the ``unseen-value`` gate refuses. ``loose``: found by a weaker means (a
    rounded figure, a magnitude word, a date without its year, a derivation) and said so in the report.
    """

    value: str  # as the answer writes it
    kind: SourceKind
    where: str = ""
    line: str = ""
    how: str = ""
    loose: bool = False
    operands: list[Source] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Source:
        operands = [cls.from_dict(o) for o in data.get("operands", [])]
        return cls(**{**data, "operands": operands})


@dataclass
class Grounding:
    """Whether an accepted answer's values come from the data, and where each came from (``provenance.py``).

    Why on the record: a model can answer from memory with data in front of it. Over data, an answer with
    a value that has no source is refused, so a final one is grounded; a run without data may answer at once,
    and this says which of its figures no output showed. ``sources`` is the footnote list under the answer.
    """

    grounded: bool
    checked: list[str] = field(default_factory=list)  # the values found in the answer, as written there
    unseen: list[str] = field(default_factory=list)  # those with no source, that the answer rests on
    # dates with no source that only scope the answer ("June to November 2024" over figures it asked for): marked
    scope: list[str] = field(default_factory=list)
    computed: bool = False  # an object the code returned (a DataFrame, a list): grounded by construction
    derived: list[str] = field(default_factory=list)  # values computed from shown ones: "2,310.40 = 48,115.90 - ..."
    sources: list[Source] = field(default_factory=list)  # where each value came from, in the answer's order

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Grounding:
        return cls(**{**data, "sources": [Source.from_dict(s) for s in data.get("sources", [])]})


@dataclass
class ReplaySource:
    """Which recording a replayed run followed: whose run it was, when, by which model and prompt, and where it was.

    Why on the record: a replay calls no model, so its answer is only as good as the recording behind it; a
    colleague checking a shared notebook must see which recording that was (``where``: "analysis.ipynb::Cell
    3", a file, this kernel's run) without opening the JSON. A replay of a replay names the first recording.
    """

    run_id: str
    started_at: str
    model: str
    prompt_version: str
    where: str
    cost_text: str = ""  # what the recorded calls cost when they were made, in words (the recording's cost_text)

    def describe(self) -> str:
        when = self.started_at[:16].replace("T", " ") + " UTC" if self.started_at else "an unknown date"
        prompt = f", prompt {self.prompt_version}" if self.prompt_version else ""
        return (f"the recording of run {self.run_id} ({when}, {self.model}{prompt}) in {self.where}; "
                "no model was called")


def subcall_count(calls: list[SubCall]) -> str:
    """"12 sub-calls", or "9 sub-calls and 3 cancelled": calls a stop abandoned are counted apart, once."""
    cancelled = sum(call.cancelled for call in calls)
    return plural(len(calls) - cancelled, "sub-call") + (f" and {cancelled:,} cancelled" if cancelled else "")


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
    version: str = ""  # the rlm_jupyter version that made the run ("" in records from before it was kept)
    settings: dict[str, Any] = field(default_factory=dict)  # Settings.to_record() of the settings it ran with
    root_prompt: list[dict[str, str]] = field(default_factory=list)  # the first root request: constant size
    replay_of: str | None = None  # id of the recorded run this run replayed
    replayed_from: ReplaySource | None = None  # that recording: when, by which model, from where
    continues: str | None = None  # id of the run this follow-up question continued
    compactions: list[dict[str, int]] = field(default_factory=list)  # history compacted before this run began
    notices: list[str] = field(default_factory=list)  # what the endpoint made us do, said once (no streaming)
    undone: list[str] = field(default_factory=list)  # what model code changed in the kernel and was put back
    # The user's objects model code changed in place, which no view protected ("model code changed `records` in
    # place: 3 items appended"), and the model's changed views, which left the user's objects as they were
    # ("your `df` is unchanged; the changed copy is the answer: 1 column added (c)"): engine/safety/views.py.
    changed_in_place: list[str] = field(default_factory=list)
    changed_copies: list[str] = field(default_factory=list)
    # What model code tried that the guard refused (or, under guard="warn", let through): a child's own, the
    # root's with every child's.
    guard: list[GuardAction] = field(default_factory=list)
    scratch: str = ""  # the run's scratch folder, when model code left files there (it is removed when empty)
    isolation: str = ""  # --isolated: the OS limits the REPL ran under, and what could not cross into it
    answer_source: str = ""  # empty for the model's FINAL; else where a stopped run's best answer came from
    last_word: str | None = None  # the forced reply after the last turn (out of turns), when one was asked for
    grounding: Grounding | None = None  # for an accepted answer: did its values appear in an output
    # The live REPL namespace, kept so a follow-up can continue in it. Never serialized: a run loaded
    # from a file (or from before a kernel restart) has None here and cannot be continued.
    namespace: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    # What that namespace gave the model for each user object (views, copies, fingerprints): a follow-up keeps them.
    # (a ``safety.views.Views``: the record is plain data and imports nothing of the layers above it)
    views: Any = field(default=None, repr=False, compare=False)

    def release_namespace(self) -> None:
        """Let go of the live namespace and its views (the model's objects); the record stays, not continuable."""
        self.namespace = None
        self.views = None

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
    def cost_text(self) -> str:
        """The cost in words: "free (served on this machine)", "unknown (no price for ...)" or "$0.0123".

        A replay's reads as its recording's did: its calls are the recorded calls, and what they cost is what
        they cost when they were made, so a cell that prints it prints the same under replay (nbval compares
        it). What the replay itself spent, nothing, is ``cost_usd`` and the report's cost row.
        """
        if self.replayed_from is not None and self.replayed_from.cost_text:
            return self.replayed_from.cost_text
        return spend_words(self.usage)

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
        return (f"RLM {self.status} after {plural(len(self.iterations), 'iteration')}, "
                f"{subcall_count(self.subcalls)}, {tokens:,} tokens")

    def __repr__(self) -> str:
        return f"<Run {self.id} {self.question[:40]!r}: {self.summary()}>"

    def use_redactor(self, redact: Redact) -> None:
        """Redact every serialized and displayed form of this run with ``redact`` (the engine's ``Redactor``).

        Why the run keeps it: the answer is the live object (a dict, a DataFrame)
        and is serialized later, maybe much later (``run.save()`` by the user), so
        redaction has to happen at every serialization, not once at the end of the
        run. Not a dataclass field: it is never serialized, compared or loaded.
        """
        self._redact = redact

    def redacted(self, text: str) -> str:
        """``text`` with this run's known secrets replaced (as is for a run without a redactor: a loaded one)."""
        redact = self.redactor()
        return redact(text) if redact is not None else text

    def redacted_answer(self) -> Any:
        """The answer as the record, the report and the logs show it: without any known secret.

        The answer itself when it holds none (the common case: displays are
        unchanged); otherwise a copy rebuilt from its redacted JSON form. Why a
        copy: the object bound to the user's variable is their data in their
        kernel; only what leaves the kernel must lose the secrets.
        """
        redact, answer = self.redactor(), self.answer
        if redact is None or answer is None:
            return answer
        if isinstance(answer, str):
            return redact(answer)
        try:
            encoded = encode_answer(answer)
            cleaned = redact_json(encoded, redact)
            return answer if cleaned == encoded else decode_answer(cleaned)
        except Exception:  # an answer pandas cannot encode or rebuild: its redacted repr, never the object
            return redact(bounded_repr(answer, 10_000))

    def redactor(self) -> Redact | None:
        """The redactor ``use_redactor`` set (None for a loaded run): every writer of this run's forms uses it."""
        return cast("Redact | None", getattr(self, "_redact", None))

    def to_dict(self) -> dict[str, Any]:
        """The whole record as JSON-like data, every string in it (the answer's included) redacted."""
        data = {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("answer", "iterations", "usage", "namespace", "views", "grounding", "replayed_from",
                                  "guard")}
        data["guard"] = [asdict(action) for action in self.guard]
        data["answer"] = encode_answer(self.answer)
        data["grounding"] = asdict(self.grounding) if self.grounding is not None else None
        data["replayed_from"] = asdict(self.replayed_from) if self.replayed_from is not None else None
        data["iterations"] = [_iteration_to_dict(it) for it in self.iterations]
        data["usage"] = {m: asdict(u) for m, u in self.usage.items()}
        data["cost_usd"] = self.cost_usd
        redact = self.redactor()
        return cast(dict[str, Any], redact_json(data, redact)) if redact is not None else data

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, default=str)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Run:
        """The run a record describes; a record that is not one is a one-line ``ValueError`` naming the field.

        Checked against the dataclasses first (``recording_schema``), so a corrupted file fails here, before
        a replay builds settings or calls anything, and not as a traceback in the middle of it.
        """
        try:
            check_record(cls, data, retired=_RETIRED_FIELDS, private=_PRIVATE_FIELDS)
            return _run_from_dict(data, "")
        except RecordError as exc:
            raise ValueError(f"not a recording: {exc}; record one with --record PATH") from None

    @classmethod
    def from_json(cls, text: str) -> Run:
        if not text.strip():
            raise ValueError("not a recording: the file is empty; record one with --record PATH")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
            raise ValueError(f"not a recording: invalid JSON ({exc}); record one with --record PATH") from None
        return cls.from_dict(data)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the trajectory as JSON (``Run.load`` reads it back)."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self.to_json(indent=1))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Run:
        """Read a saved trajectory; a file that is not one is a ``ValueError`` that starts with its path."""
        try:
            with open(path, encoding="utf-8") as fh:
                return cls.from_json(fh.read())
        except UnicodeDecodeError:
            raise ValueError(f"{path}: not a recording: not UTF-8 text; record one with --record PATH") from None
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None

    def settings_used(self) -> Settings:
        """The settings this run ran with, rebuilt from its record (replay runs with them)."""
        return Settings.from_record({"model": self.model, "sub_model": self.sub_model, **self.settings})


def _iteration_to_dict(it: Iteration) -> dict[str, Any]:
    data = {f.name: getattr(it, f.name) for f in fields(it) if f.name not in ("cells", "subcalls", "verdicts")}
    data["cells"] = [asdict(c) for c in it.cells]
    data["verdicts"] = [asdict(v) for v in it.verdicts]
    data["subcalls"] = [_subcall_to_dict(c) for c in it.subcalls]  # not asdict: a child run holds a live namespace
    return data


def _subcall_to_dict(call: SubCall) -> dict[str, Any]:
    data = {f.name: getattr(call, f.name) for f in fields(call) if f.name != "child"}
    data["child"] = call.child.to_dict() if call.child is not None else None
    return data


# Keys older versions wrote that this one ignores (cost_usd is derived, written beside the fields), and
# fields that are never written: a record is checked against the dataclasses with these (``recording_schema``).
_RETIRED_FIELDS: dict[type, frozenset[str]] = {Run: frozenset({"cost_usd", "limits", "parent_id", "root_prompt_chars"})}
_PRIVATE_FIELDS: dict[type, frozenset[str]] = {Run: frozenset({"namespace", "views"})}


def _run_from_dict(data: dict[str, Any], where: str) -> Run:
    """A Run from a record already checked by ``check_record``; ``where`` locates a child run's answer."""
    names = {f.name for f in fields(Run)} - {"answer", "iterations", "usage", "namespace", "views", "grounding",
                                             "replayed_from", "guard"}
    run = Run(**{k: v for k, v in data.items() if k in names})
    run.grounding = Grounding.from_dict(data["grounding"]) if data.get("grounding") else None  # None: recorded before
    run.replayed_from = ReplaySource(**data["replayed_from"]) if data.get("replayed_from") else None
    if "limits" in data and "settings" not in data:  # recorded before settings were one record
        run.settings = dict(data["limits"])
    try:
        run.answer = decode_answer(data.get("answer"))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        place = f"{where}.answer" if where else "answer"
        raise RecordError(f"{place}: cannot be decoded ({type(exc).__name__}: {exc})") from None
    run.iterations = [_iteration_from_dict(it, f"{where + '.' if where else ''}iterations[{i}]")
                      for i, it in enumerate(data.get("iterations", []))]
    run.usage = {m: Usage(**u) for m, u in data.get("usage", {}).items()}
    run.guard = [GuardAction(**action) for action in data.get("guard", [])]  # none: recorded before the guard
    return run


def _iteration_from_dict(data: dict[str, Any], where: str = "") -> Iteration:
    it = Iteration(**{k: v for k, v in data.items() if k not in ("cells", "subcalls", "verdicts")})
    it.cells = [CodeCell(**c) for c in data.get("cells", [])]
    it.verdicts = [Verdict(**v) for v in data.get("verdicts", [])]
    it.subcalls = [_subcall_from_dict(c, f"{where}.subcalls[{i}]") for i, c in enumerate(data.get("subcalls", []))]
    return it


def _subcall_from_dict(data: dict[str, Any], where: str = "") -> SubCall:
    child = data.get("child")
    call = SubCall(**{k: v for k, v in data.items() if k != "child"})
    call.child = _run_from_dict(child, f"{where}.child") if child else None
    return call


def redact_json(data: Any, redact: Redact) -> Any:
    """Every string in JSON-like data through ``redact``: values, dict keys, list and tuple items.

    Why keys too: an answer such as ``{token: owner}`` or a DataFrame's column
    labels hold the user's data as keys. Other objects are returned as they are.
    """
    if isinstance(data, str):
        return redact(data)
    if isinstance(data, dict):
        return {redact(k) if isinstance(k, str) else k: redact_json(v, redact) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [redact_json(v, redact) for v in data]
    return data


def encode_answer(obj: Any, redact: Redact | None = None) -> dict[str, Any] | None:
    """JSON form of an answer that ``decode_answer`` turns back into an equal object where it can.

    With ``redact``, every string in that form (cells, labels, a repr) is redacted.
    """
    if redact is not None:
        return cast("dict[str, Any] | None", redact_json(encode_answer(obj), redact))
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
