"""One adapter per RLM library, so every benchmark drives all of them the same way.

Why adapters: the three libraries differ in how they are configured, how the
context reaches the REPL and what a run returns. Each adapter hides that
behind ``session(endpoint).run(question, context, name)``; the benchmarks
measure around those calls. Construction happens in ``session`` (what a user
does once), ``run`` is one question (what the fixed-cost benchmark times).

- ``ours``: ``rlm_jupyter.RLM``; the context is passed by reference under its name.
- ``rlms``: the reference implementation (PyPI ``rlms``, ``from rlm import RLM``) with its
  OpenAI backend and local REPL; the context must be text or JSON, and it is
  exposed as ``context``. The sub-model is its ``other_backends`` client, and
  its ``llm_query_batched`` runs at most 16 requests at a time (its LM handler's default).
- ``dspy``: ``dspy.RLM("context, query -> answer")`` with DSPy's ``LocalInterpreter`` (a
  plain Python subprocess), because its default Deno/Pyodide sandbox cannot be
  set up offline (``dspy_default_sandbox_error`` records why). Its
  ``llm_query_batched`` uses 8 threads (fixed in DSPy).
"""
from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass(frozen=True)
class Endpoint:
    base_url: str
    model: str
    sub_model: str
    api_key: str = "not-needed"


@dataclass(frozen=True)
class Options:
    max_iterations: int = 12
    concurrency: int = 16
    max_subcalls: int = 5_000


DEFAULT_OPTIONS = Options()


class RunFailed(RuntimeError):
    """The library returned without an answer (limit, error): the message says why."""


class Session:
    def run(self, question: str, context: Any, name: str) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        pass


class Library:
    name = ""
    title = ""
    package = ""  # the distribution whose version is reported
    module = ""  # what must be importable
    takes_objects = False  # False: the context must be converted to text first

    def unavailable(self) -> str | None:
        """None when the library can run here, else the reason."""
        if importlib.util.find_spec(self.module) is None:
            return f"`{self.package}` is not installed in this environment (use `bash benchmarks/run`)"
        return None

    def version(self) -> str:
        try:
            return importlib.metadata.version(self.package)
        except importlib.metadata.PackageNotFoundError:
            return "not installed"

    def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
        raise NotImplementedError


class _OursSession(Session):
    def __init__(self, endpoint: Endpoint, options: Options) -> None:
        from rlm_jupyter import RLM

        self.rlm = RLM(model=endpoint.model, sub_model=endpoint.sub_model, base_url=endpoint.base_url,
                       api_key=endpoint.api_key, max_iterations=options.max_iterations,
                       concurrency=options.concurrency, max_subcalls=options.max_subcalls)

    def run(self, question: str, context: Any, name: str) -> Any:
        run = self.rlm.run(question, {name: context})
        if run.status != "final":
            raise RunFailed(f"{run.status}: {run.message}")
        return run.answer

    def close(self) -> None:
        self.rlm.close()


class Ours(Library):
    name, title, package, module, takes_objects = "ours", "rlm_jupyter", "rlm_jupyter", "rlm_jupyter", True

    def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
        return _OursSession(endpoint, options)


class _ReferenceSession(Session):
    def __init__(self, endpoint: Endpoint, options: Options) -> None:
        from rlm import RLM

        def backend(model: str) -> dict[str, Any]:
            return {"model_name": model, "base_url": endpoint.base_url, "api_key": endpoint.api_key}

        self.rlm = RLM(backend="openai", backend_kwargs=backend(endpoint.model), environment="local",
                       other_backends=["openai"], other_backend_kwargs=[backend(endpoint.sub_model)],
                       max_iterations=options.max_iterations)

    def run(self, question: str, context: Any, name: str) -> Any:
        return self.rlm.completion(context, root_prompt=question).response

    def close(self) -> None:
        self.rlm.close()


class Reference(Library):
    name, title, package, module = "rlms", "rlms (reference)", "rlms", "rlm"

    def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
        return _ReferenceSession(endpoint, options)


def _deno_stderr(interpreter: Any) -> str:
    """What Deno printed before it died; DSPy's own error can miss it (stdout closes before the exit code is set)."""
    process = getattr(interpreter, "deno_process", None)
    if process is None or process.stderr is None:
        return ""
    try:
        process.wait(timeout=10)
        return str(process.stderr.read())
    except Exception:
        return ""


def _quiet_litellm() -> None:
    """DSPy's LM goes through litellm, which otherwise fetches a price map from the internet at import."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


class _DSPySession(Session):
    def __init__(self, endpoint: Endpoint, options: Options) -> None:
        _quiet_litellm()
        import dspy
        from dspy.primitives.local_interpreter import LocalInterpreter

        def lm(model: str) -> Any:
            return dspy.LM(f"openai/{model}", api_base=endpoint.base_url, api_key=endpoint.api_key, cache=False)

        self.dspy, self.lm = dspy, lm(endpoint.model)
        self.rlm = dspy.RLM("context, query -> answer", max_iters=options.max_iterations,
                            max_llm_calls=options.max_subcalls, sub_lm=lm(endpoint.sub_model),
                            interpreter_factory=LocalInterpreter)

    def run(self, question: str, context: Any, name: str) -> Any:
        with self.dspy.context(lm=self.lm):
            prediction = self.rlm(context=context, query=question)
        if prediction.final_reasoning == "Extract forced final output":
            raise RunFailed(f"no SUBMIT within max_iters; extracted: {str(prediction.answer)[:200]}")
        return prediction.answer


class DSPy(Library):
    name, title, package, module = "dspy", "dspy.RLM", "dspy", "dspy"

    def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
        return _DSPySession(endpoint, options)


LIBRARIES: dict[str, Library] = {lib.name: lib for lib in (Ours(), Reference(), DSPy())}


def dspy_default_sandbox_error(timeout_s: float = 120.0) -> str | None:
    """Try DSPy's default interpreter (Deno + Pyodide) once; None if it works, else its first error lines."""
    if importlib.util.find_spec("dspy") is None:
        return "dspy is not installed"
    _quiet_litellm()
    from dspy.primitives.python_interpreter import PythonInterpreter

    interpreter = PythonInterpreter()
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        pool.submit(interpreter.execute, "print(1 + 1)").result(timeout=timeout_s)
        return None
    except FutureTimeout:
        return f"no answer from Deno/Pyodide within {timeout_s:.0f} s"
    except Exception as exc:
        first = (str(exc).splitlines() or [""])[0]
        text = str(exc).split("\n", 1)[-1] + "\n" + _deno_stderr(interpreter)
        lines = [_ANSI.sub("", line).strip() for line in text.splitlines()]
        cause = [line for line in lines if "error" in line.lower() or "failed" in line.lower()][:3]
        return f"{type(exc).__name__}: {_ANSI.sub('', first)}" + (" — Deno: " + " / ".join(cause) if cause else "")
    finally:
        try:
            interpreter.shutdown()
        except Exception:
            pass
        pool.shutdown(wait=False)


