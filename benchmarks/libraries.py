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

from .failures import Trace, Turn, mentions_final, trace_of_run, unrun_fence

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
    max_tokens: int | None = None  # output cap of every call, root and sub-calls (real mode: the same for all)
    traced: bool = False  # real mode: keep each library's trajectory (rlms' logger) and ask without streaming


DEFAULT_OPTIONS = Options()


class RunFailed(RuntimeError):
    """The library returned without an answer (limit, error): the message says why."""


class Session:
    def run(self, question: str, context: Any, name: str) -> Any:
        raise NotImplementedError

    def attempt(self, question: str, context: Any, name: str) -> tuple[Any, Trace]:
        """Real mode: the answer the library handed back (None for none) and its run as a ``Trace``."""
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
    def __init__(self, endpoint: Endpoint, options: Options, settings: dict[str, Any] | None = None) -> None:
        from rlm_jupyter import RLM

        cap = {"max_tokens": options.max_tokens} if options.max_tokens else {}
        # Not streamed when traced: rlms and dspy do not stream, and a llama.cpp stream carries no usage.
        self.rlm = RLM(model=endpoint.model, sub_model=endpoint.sub_model, base_url=endpoint.base_url,
                       api_key=endpoint.api_key, max_iterations=options.max_iterations,
                       concurrency=options.concurrency, max_subcalls=options.max_subcalls,
                       params=cap, sub_params=cap, stream=not options.traced, **(settings or {}))

    def run(self, question: str, context: Any, name: str) -> Any:
        run = self.rlm.run(question, {name: context})
        if run.status != "final":
            raise RunFailed(f"{run.status}: {run.message}")
        return run.answer

    def attempt(self, question: str, context: Any, name: str) -> tuple[Any, Trace]:
        run = self.rlm.run(question, {name: context})
        return run.answer, trace_of_run(run)

    def close(self) -> None:
        self.rlm.close()


class Ours(Library):
    name, title, package, module, takes_objects = "ours", "rlm_jupyter", "rlm_jupyter", "rlm_jupyter", True

    def __init__(self, name: str = "ours", title: str = "rlm_jupyter", **settings: Any) -> None:
        """``settings`` (``RLM`` settings) make a variant: the guard benchmark runs ours with the guard on, off, isolated."""
        self.name, self.title, self.settings = name, title, settings

    def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
        return _OursSession(endpoint, options, self.settings)


class _ReferenceSession(Session):
    def __init__(self, endpoint: Endpoint, options: Options) -> None:
        from rlm import RLM

        def backend(model: str) -> dict[str, Any]:
            return {"model_name": model, "base_url": endpoint.base_url, "api_key": endpoint.api_key}

        extra: dict[str, Any] = {}
        if options.max_tokens:
            # rlms renames max_tokens to max_completion_tokens, which llama.cpp's server (and others) silently
            # ignore: the cap goes in the body under its classic name too, or rlms would run uncapped.
            cap = options.max_tokens
            extra["sampling_args"] = extra["sub_sampling_args"] = {"max_tokens": cap, "extra_body": {"max_tokens": cap}}
        if options.traced:
            from rlm.logger import RLMLogger

            extra["logger"] = RLMLogger()  # in memory: the trajectory comes back as the result's metadata
        self.max_iterations = options.max_iterations
        self.rlm = RLM(backend="openai", backend_kwargs=backend(endpoint.model), environment="local",
                       other_backends=["openai"], other_backend_kwargs=[backend(endpoint.sub_model)],
                       max_iterations=options.max_iterations, **extra)

    def run(self, question: str, context: Any, name: str) -> Any:
        return self.rlm.completion(context, root_prompt=question).response

    def attempt(self, question: str, context: Any, name: str) -> tuple[Any, Trace]:
        result = self.rlm.completion(context, root_prompt=question)
        return result.response, trace_of_rlms(result, self.max_iterations)

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

        # LiteLLM sends max_tokens as max_completion_tokens for openai/ models, which llama.cpp's server
        # ignores: the classic name goes in the body too, so every library runs under the same cap.
        cap: dict[str, Any] = ({"max_tokens": options.max_tokens, "extra_body": {"max_tokens": options.max_tokens}}
                               if options.max_tokens else {})

        def lm(model: str) -> Any:
            return dspy.LM(f"openai/{model}", api_base=endpoint.base_url, api_key=endpoint.api_key, cache=False,
                           **cap)

        self.dspy, self.lm, self.sub_lm = dspy, lm(endpoint.model), lm(endpoint.sub_model)
        self.rlm = dspy.RLM("context, query -> answer", max_iters=options.max_iterations,
                            max_llm_calls=options.max_subcalls, sub_lm=self.sub_lm,
                            interpreter_factory=LocalInterpreter)

    def run(self, question: str, context: Any, name: str) -> Any:
        with self.dspy.context(lm=self.lm):
            prediction = self.rlm(context=context, query=question)
        if prediction.final_reasoning == _DSPY_FORCED:
            raise RunFailed(f"no SUBMIT within max_iters; extracted: {str(prediction.answer)[:200]}")
        return prediction.answer

    def attempt(self, question: str, context: Any, name: str) -> tuple[Any, Trace]:
        root_before, sub_before = len(self.lm.history), len(self.sub_lm.history)
        with self.dspy.context(lm=self.lm):
            prediction = self.rlm(context=context, query=question)
        trace = trace_of_dspy(prediction, self.lm.history[root_before:], self.sub_lm.history[sub_before:])
        return prediction.answer, trace


class DSPy(Library):
    name, title, package, module = "dspy", "dspy.RLM", "dspy", "dspy"

    def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
        return _DSPySession(endpoint, options)


# -- their runs as failure traces (rlm_jupyter's is failures.trace_of_run) ------------------------------------------
_RLMS_FINISH = re.compile(r"\bFINAL(?:_VAR)?\s*\(|answer\[[\"']ready[\"']\]")
_DSPY_FORCED = "Extract forced final output"


def trace_of_rlms(result: Any, max_iterations: int) -> Trace:
    """rlms' in-memory logger: each iteration's raw reply, its ```repl blocks with stdout/stderr and sub-calls.

    The answer counts as reported only when a block set ``answer["ready"]``; after the last turn rlms asks
    once more and returns that reply as its response (logged as an iteration without code).
    """
    iterations = list((result.metadata or {}).get("iterations", []))
    turns, prompts, sub_tokens = [], [], 0
    reported = False
    for entry in iterations:
        blocks = entry.get("code_blocks") or []
        ended = bool(blocks) and entry.get("final_answer") is not None
        reported = reported or ended
        reply = str(entry.get("response") or "")
        errors = [bool((b.get("result") or {}).get("stderr", "").strip()) for b in blocks]
        for block in blocks:
            for call in (block.get("result") or {}).get("rlm_calls") or []:
                prompts.append(call["prompt"] if isinstance(call.get("prompt"), str) else str(call.get("prompt")))
                summaries = (call.get("usage_summary") or {}).get("model_usage_summaries", {})
                sub_tokens += sum(int(s.get("total_input_tokens") or 0) for s in summaries.values())
        code = [str(b.get("code", "")) for b in blocks]
        tried = not blocks and not ended and mentions_final(reply, _RLMS_FINISH)
        turns.append(Turn(reply, code, errors, ended, unrun_fence(reply, code), tried))
    out_of_turns = not reported and len(iterations) > max_iterations
    if out_of_turns:
        turns = turns[:max_iterations]  # the extra reply after the last turn is not a turn without code
    total = sum(s.total_input_tokens for s in result.usage_summary.model_usage_summaries.values())
    return Trace(turns, reported=reported, out_of_turns=out_of_turns,
                 status="final" if reported else "max_iterations" if out_of_turns else "no answer",
                 subcall_prompts=prompts, root_calls=len(iterations), root_prompt_tokens=total - sub_tokens,
                 subcalls=len(prompts))


def trace_of_dspy(prediction: Any, root_calls: list[dict[str, Any]], sub_calls: list[dict[str, Any]]) -> Trace:
    """DSPy's trajectory (reasoning, code, output per turn) and its two LMs' histories (prompts, usage)."""
    turns = []
    for entry in prediction.trajectory:
        output = str(entry.get("output", ""))
        ended = output.startswith("FINAL: ")
        rejected = output.startswith(("[Error] FINAL returned", "[Error] Missing output fields"))
        code = str(entry.get("code", ""))
        turns.append(Turn(None, [code] if code.strip() else [], [output.startswith("[Error]") and not rejected],
                          ended, None, rejected))
    forced = prediction.final_reasoning == _DSPY_FORCED
    prompts = [_last_user(call) for call in sub_calls]
    usage = [int((call.get("usage") or {}).get("prompt_tokens") or 0) for call in root_calls]
    return Trace(turns, reported=not forced, out_of_turns=forced, status="max_iterations" if forced else "final",
                 subcall_prompts=prompts, root_calls=len(root_calls), root_prompt_tokens=sum(usage),
                 subcalls=len(sub_calls), blind=dict(DSPY_BLIND))


DSPY_BLIND = {
    "no code block": "DSPy's adapter parses the reply into fields; a reply without a code field is retried or "
                     "raised inside DSPy (then listed as a run error), never run as a turn",
    "unrecognised fence": "DSPy strips whatever fence surrounds the code field, so no fence is unrecognised",
}


def _last_user(call: dict[str, Any]) -> str:
    messages = call.get("messages") or []
    users = [str(m.get("content", "")) for m in messages if isinstance(m, dict) and m.get("role") == "user"]
    return users[-1] if users else str(call.get("prompt") or "")


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


