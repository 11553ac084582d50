"""The REPL helper surface: every name the engine puts into the model's namespace, in one place.

Why one module: the live run (``loop``), the namespace policy (which names
are ours, not the model's or the user's), the exported script (whose sub-calls
are answered from the record) and the prompt all need the same surface. Adding
a helper means adding it to ``helpers`` and ``HELPER_NAMES`` here and
describing it in ``prompts.SYSTEM_PROMPT``; nothing else changes.

The helpers are re-installed before every turn, so code that deleted or
rebound one cannot break the run.

Two more names are a compatibility path, never described in the prompt: models
trained on other RLM dialects finish a run their way, and it ends as ``FINAL``
would. The reference library's newer REPL (alexzhang13/rlm; Prime
Intellect's RLM environment too) pre-defines ``answer = {"content": "", "ready":
False}`` and ends when a block sets ``answer["ready"] = True``; DSPy's
``dspy.RLM`` ends at ``SUBMIT(field=value, ...)`` (or one positional value).
Unlike the helpers, these names are common words a user may have taken: they
are installed only where the name is free or still ours, and an object
someone else bound there is never read as an answer (``DIALECT_NAMES``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ...text import bounded_repr
from . import prompts


class SubCallError(Exception):
    """A sub-call failed for good (after retries). Raised inside the model's code."""


class BatchError(SubCallError):
    """Some prompts of ``llm_query_batched`` failed; the others' answers are kept.

    ``results`` has the answers in input order, with ``None`` where a prompt
    failed; ``errors`` maps those indices to their error messages. In model
    code: ``except BatchError as e: answers = e.results``.
    """

    def __init__(self, results: list[str | None], errors: dict[int, str]) -> None:
        first = min(errors)
        super().__init__(f"{len(errors)} of {len(results)} prompts failed (first: prompt {first}: {errors[first]}); "
                         "the other answers are in e.results")
        self.results = results
        self.errors = errors


HELPER_NAMES: tuple[str, ...] = ("llm_query", "llm_query_batched", "rlm_query", "FINAL", "FINAL_VAR", "SHOW_VARS",
                                 "input", "exit", "quit", "SubCallError", "BatchError")
# Installed only where the name is free or already holds our object (``helpers``); never reserved: a context variable
# or a variable of the model's may be called ``answer``.
DIALECT_NAMES: tuple[str, ...] = ("answer", "SUBMIT")
_DIALECT_KEYS = frozenset({"content", "ready"})
_UNBOUND = object()


class Queries(Protocol):
    """What the sub-call helpers call: the live ``SubCalls``, or answers from a record."""

    def llm_query(self, prompt: str, model: str | None = None) -> str: ...

    def llm_query_batched(self, prompts: Iterable[str], model: str | None = None) -> list[str]: ...

    def rlm_query(self, prompt: str, context: object = None) -> str: ...


@dataclass
class FinalSlot:
    """What ``FINAL`` / ``FINAL_VAR`` (or a dialect: ``answer``, ``SUBMIT``) called in code decided during one turn."""

    given: bool = False
    value: Any = None
    # The ``answer`` someone else had bound when the helpers were last installed (the user's variable, a context
    # variable, the model's own value): ``dialect_final`` never reads that object as an answer.
    others_answer: Any = None
    labelled: bool = False  # the answer is several named fields (``SUBMIT(region=..., total=...)``)

    def give(self, value: Any, labelled: bool = False) -> None:
        self.given, self.value, self.labelled = True, value, labelled


class PrintedFinal(FinalSlot):
    """In an exported script nothing ends: a ``FINAL`` prints what the run would have returned."""

    def give(self, value: Any, labelled: bool = False) -> None:
        print("FINAL:", bounded_repr(value, 200))


class DialectAnswer(dict[str, Any]):
    """The pre-defined ``answer`` of the reference library's newer REPL: a write that leaves it ready ends the run.

    Why a dict that acts on writes: it ends the turn exactly as ``FINAL`` called in code does (the slot is
    given, the loop stops after the block), with nothing for the loop to check. Every way of writing goes
    through ``__setitem__`` (``update``, ``setdefault``, ``|=``), and a write while ready gives the content
    again, so ``answer["ready"] = True`` before ``answer["content"] = x`` in one block still ends with ``x``.
    A copy (``copy``, ``deepcopy``, pickle) is a plain dict: the data, not the trigger.
    """

    def __init__(self, final: FinalSlot, content: Any = "", ready: Any = False) -> None:
        super().__init__(content=content, ready=ready)
        self._final = final
        self.written = False  # whether code ever wrote the content: untouched, it holds no answer

    def attach(self, final: FinalSlot) -> None:
        """A new turn (or run): give to its slot, and start not ready, as the protocol's REPL never shows it ready.

        Why reset ``ready`` but keep the content: an answer set ready and refused (code had not read the data
        yet) must not end the next turn by itself when the model writes a draft into the content; the content
        is the model's work in progress, filled over turns.
        """
        self._final = final
        dict.__setitem__(self, "ready", False)

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        self.written = self.written or key == "content"
        if self.get("ready"):
            self._final.give(self.get("content", ""))

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def __ior__(self, other: Any) -> DialectAnswer:  # type: ignore[override,misc]  # a dict, not a Mapping, is taken
        self.update(other)
        return self

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)

    def as_answer(self) -> Any:
        """What this answer gives, or NameError when code never wrote it: then it is no answer, as before it existed."""
        if not self.written:
            raise NameError("name 'answer' is not defined")
        return self.get("content", "")


class Submit:
    """DSPy's ``SUBMIT``: ``SUBMIT(value)`` or ``SUBMIT(field=value)`` gives the value, several fields a dict of them.

    A class, not a closure like the helpers, so the namespace policy can tell it from a user's own ``SUBMIT``.
    """

    def __init__(self, final: FinalSlot) -> None:
        self._final = final

    def __call__(self, *values: Any, **fields: Any) -> None:
        if values and fields:
            raise TypeError("SUBMIT takes one value or keyword fields, not both: SUBMIT(answer=value)")
        if len(values) > 1:
            raise TypeError(f"SUBMIT takes one value, got {len(values)}: name them, SUBMIT(a=..., b=...)")
        if not values and not fields:
            raise TypeError("SUBMIT needs the answer: SUBMIT(value) or SUBMIT(answer=value)")
        if len(fields) > 1:
            self._final.give(fields, labelled=True)  # one answer with its labels, not a table (answer-shape)
        else:
            value = values[0] if values else next(iter(fields.values()))
            self._final.give(value.as_answer() if isinstance(value, DialectAnswer) else value)


def helpers(queries: Queries, final: FinalSlot, namespace: dict[str, Any] | None,
            baseline: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The helper surface bound to ``queries`` and ``final``.

    ``namespace`` is the REPL dict (``FINAL_VAR`` looks names up there and
    ``SHOW_VARS`` lists what the model created beyond ``baseline``); None in
    an exported script, where ``FINAL_VAR`` just reports the name. The dialect
    names (``DIALECT_NAMES``) are added only with a namespace to check them
    against: an exported script runs among the user's own variables.
    """

    def give(value: Any) -> None:
        """Our ``answer`` given as an answer (``FINAL(answer)``) stands for its content, never for the dict."""
        final.give(value.as_answer() if isinstance(value, DialectAnswer) else value)

    def FINAL(value: Any) -> None:  # noqa: N802 - protocol name
        """End the run with ``value`` as the answer (the object itself)."""
        give(value)

    def FINAL_VAR(name: Any) -> None:  # noqa: N802 - protocol name
        """End the run with the variable called ``name`` as the answer."""
        if not isinstance(name, str) or namespace is None:  # models often pass the object itself: accept it
            give(name)
            return
        found, value = model_variable(namespace, name)
        if not found:
            raise NameError(prompts.unknown_final_var(name, created_names(namespace, baseline)))
        final.give(value)

    def SHOW_VARS() -> None:  # noqa: N802 - protocol name
        """Print the variables created so far in this run."""
        for name in created_names(namespace or {}, baseline):
            if not name.startswith("_"):
                print(f"{name}: {type((namespace or {})[name]).__name__}")

    def input(prompt: str = "") -> str:  # noqa: A001 - shadows the builtin on purpose
        """Nobody is there to answer: fail fast instead of blocking the kernel on stdin."""
        raise RuntimeError("input() is not available to RLM code: nobody can answer it")

    def exit(code: object = None) -> None:  # noqa: A001 - IPython's exit() would shut the kernel down
        """Leaving is FINAL's job: raise SystemExit, which the executor reports to the model."""
        raise SystemExit(code)

    surface = {"llm_query": queries.llm_query, "llm_query_batched": queries.llm_query_batched,
               "rlm_query": queries.rlm_query, "FINAL": FINAL, "FINAL_VAR": FINAL_VAR, "SHOW_VARS": SHOW_VARS,
               "input": input, "exit": exit, "quit": exit, "SubCallError": SubCallError, "BatchError": BatchError}
    if namespace is not None:
        surface.update(_dialects(final, namespace))
    return surface


def _dialects(final: FinalSlot, namespace: dict[str, Any]) -> dict[str, Any]:
    """``answer`` and ``SUBMIT`` where each name is free or still ours; a name someone else bound stays theirs.

    Why by what the name holds, not by whether it was there when the run began: the model may take either
    name for a variable of its own in any turn (``answer = llm_query(...)``), and re-installing ours over it
    the next turn would break its code. Our ``answer`` is kept, not replaced: its content is work in progress.
    """
    surface: dict[str, Any] = {}
    answer = namespace.get("answer", _UNBOUND)
    final.others_answer = None
    if isinstance(answer, DialectAnswer):
        answer.attach(final)
        surface["answer"] = answer
    elif answer is _UNBOUND:
        surface["answer"] = DialectAnswer(final)
    else:
        final.others_answer = answer
    if isinstance(namespace.get("SUBMIT"), Submit) or "SUBMIT" not in namespace:
        surface["SUBMIT"] = Submit(final)
    return surface


def dialect_final(namespace: dict[str, Any], final: FinalSlot) -> None:
    """After a block: ``answer`` rebound to a ready ``{"content": ..., "ready": True}`` gives its content, as FINAL.

    The loop calls it after every block it ran. Our pre-defined ``answer`` gives on its own (``DialectAnswer``);
    this catches the other spelling of the protocol, a new dict bound to the name. That dict is adopted (the
    name then holds a ``DialectAnswer`` with the same content and readiness), so a later
    ``answer["ready"] = True`` on it ends the run too, and the namespace policy counts it as ours. An object
    someone else bound before the turn (``FinalSlot.others_answer``: the user's variable, a context variable)
    is never read, whatever it holds; nor is anything but a dict of exactly the protocol's keys.
    """
    current = namespace.get("answer")
    if (isinstance(current, DialectAnswer) or current is final.others_answer or not isinstance(current, Mapping)
            or "ready" not in current or not set(current) <= _DIALECT_KEYS):
        return
    adopted = DialectAnswer(final, current.get("content", ""), current["ready"])
    adopted.written = "content" in current
    namespace["answer"] = adopted
    if adopted["ready"]:
        final.give(adopted["content"])


def model_variable(namespace: Mapping[str, Any], name: str) -> tuple[bool, Any]:
    """What a FINAL_VAR of ``name`` gives: (False, None) when the model has no such variable.

    Why one reading for every FINAL_VAR (called in code, or written in the reply: ``FINAL_VAR(answer)``,
    ``FINAL(answer)``): our pre-defined ``answer`` is in the namespace from the first turn, but until code
    writes its content the model made no variable of that name, and saying so is what makes it assign one;
    once written, the variable is its content, as the dialect returns it.
    """
    value = namespace.get(name, _UNBOUND)
    if value is _UNBOUND or (isinstance(value, DialectAnswer) and not value.written):
        return False, None
    return True, value.as_answer() if isinstance(value, DialectAnswer) else value


def created_names(namespace: dict[str, Any], baseline: frozenset[str]) -> list[str]:
    """Names the model's code bound this run: not the helpers (nor the dialects' while ours), not ``__builtins__``."""
    return sorted(n for n in set(namespace) - baseline
                  if not is_ours(n, namespace[n]) and not (n.startswith("__") and n.endswith("__")))


def created_by(namespace: dict[str, Any], before: dict[str, Any], limit: int = 200) -> dict[str, str]:
    """What one code block bound or rebound, with bounded reprs: the block's "locals" in a log viewer."""
    missing = object()
    return {name: bounded_repr(value, limit) for name, value in namespace.items()
            if before.get(name, missing) is not value and not name.startswith("_") and not is_ours(name, value)}


def is_helper(name: str) -> bool:
    return name in HELPER_NAMES


def is_ours(name: str, value: Any) -> bool:
    """Whether the engine put ``value`` under ``name``: a helper, or a dialect name holding our object.

    Why the value matters for the dialects: ``answer`` is as often the model's own variable or the user's,
    which is theirs to keep, list and share; only our ``DialectAnswer`` and ``Submit`` are not.
    """
    return (name in HELPER_NAMES or (name == "answer" and isinstance(value, DialectAnswer))
            or (name == "SUBMIT" and isinstance(value, Submit)))
