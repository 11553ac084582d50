"""The REPL helper surface: every name the engine puts into the model's namespace, in one place.

Why one module: the live run (``loop``), the namespace policy (which names
are ours, not the model's or the user's), the exported script (whose sub-calls
are answered from the record) and the prompt all need the same surface. Adding
a helper means adding it to ``helpers`` and ``HELPER_NAMES`` here and
describing it in ``prompts.SYSTEM_PROMPT``; nothing else changes.

The helpers are re-installed before every turn, so code that deleted or
rebound one cannot break the run.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from ..text import bounded_repr
from . import prompts
from .subcalls import BatchError, SubCallError

HELPER_NAMES: tuple[str, ...] = ("llm_query", "llm_query_batched", "rlm_query", "FINAL", "FINAL_VAR", "SHOW_VARS",
                                 "input", "exit", "quit", "SubCallError", "BatchError")


class Queries(Protocol):
    """What the sub-call helpers call: the live ``SubCalls``, or answers from a record."""

    def llm_query(self, prompt: str, model: str | None = None) -> str: ...

    def llm_query_batched(self, prompts: Iterable[str], model: str | None = None) -> list[str]: ...

    def rlm_query(self, prompt: str, context: object = None) -> str: ...


@dataclass
class FinalSlot:
    """What ``FINAL`` / ``FINAL_VAR`` called inside code decided during one turn."""

    given: bool = False
    value: Any = None

    def give(self, value: Any) -> None:
        self.given, self.value = True, value


class PrintedFinal(FinalSlot):
    """In an exported script nothing ends: a ``FINAL`` prints what the run would have returned."""

    def give(self, value: Any) -> None:
        print("FINAL:", bounded_repr(value, 200))


def helpers(queries: Queries, final: FinalSlot, namespace: dict[str, Any] | None,
            baseline: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The helper surface bound to ``queries`` and ``final``.

    ``namespace`` is the REPL dict (``FINAL_VAR`` looks names up there and
    ``SHOW_VARS`` lists what the model created beyond ``baseline``); None in
    an exported script, where ``FINAL_VAR`` just reports the name.
    """

    def FINAL(value: Any) -> None:  # noqa: N802 - protocol name
        """End the run with ``value`` as the answer (the object itself)."""
        final.give(value)

    def FINAL_VAR(name: Any) -> None:  # noqa: N802 - protocol name
        """End the run with the variable called ``name`` as the answer."""
        if not isinstance(name, str) or namespace is None:  # models often pass the object itself: accept it
            final.give(name)
            return
        if name not in namespace:
            raise NameError(prompts.unknown_final_var(name, created_names(namespace, baseline)))
        final.give(namespace[name])

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

    return {"llm_query": queries.llm_query, "llm_query_batched": queries.llm_query_batched,
            "rlm_query": queries.rlm_query, "FINAL": FINAL, "FINAL_VAR": FINAL_VAR, "SHOW_VARS": SHOW_VARS,
            "input": input, "exit": exit, "quit": exit, "SubCallError": SubCallError, "BatchError": BatchError}


def created_names(namespace: dict[str, Any], baseline: frozenset[str]) -> list[str]:
    """Names the model's code bound this run: not the helpers, not ``__builtins__`` that exec adds."""
    return sorted(n for n in set(namespace) - baseline - set(HELPER_NAMES)
                  if not (n.startswith("__") and n.endswith("__")))


def created_by(namespace: dict[str, Any], before: dict[str, Any], limit: int = 200) -> dict[str, str]:
    """What one code block bound or rebound, with bounded reprs: the block's "locals" in a log viewer."""
    missing = object()
    return {name: bounded_repr(value, limit) for name, value in namespace.items()
            if before.get(name, missing) is not value and not name.startswith("_") and name not in HELPER_NAMES}


def is_helper(name: str) -> bool:
    return name in HELPER_NAMES
