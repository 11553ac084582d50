"""Scripted root strategies and the three REPL dialects they are rendered into.

Why dialects: the benchmark must show every library the *same* model
behaviour. A strategy is a list of steps (prose, code, "finish with this
variable"); the fake server renders the step for whichever library is asking,
recognised from its prompt, exactly as a real model adapts to its system
prompt. The differences are small and listed here, in one place:

- rlm_jupyter: the question and the data's name and type are read with
  ``Conversation.read_opening`` (the engine owns its layout), the data keeps its own
  name and type, and a run ends with ``FINAL_VAR(name)`` (the object itself).
- rlms (the reference library): the question is the ``Answer the following:``
  line, the data is the variable ``context`` (a str: it is written to a file
  and read back, non-str contexts are JSON-dumped), and a run ends by setting
  ``answer["content"]`` and ``answer["ready"] = True`` (the answer becomes a str).
- dspy.RLM: every turn is one user message in DSPy's ``[[ ## field ## ]]``
  format (the turn number is the ``iteration`` field), the data is the input
  field ``context`` and the question the input field ``query``, and a run ends
  with ``SUBMIT(answer=...)``.

For the two libraries that return text, structured answers are serialized
with JSON (a DataFrame with ``to_json(orient="split")``); the scorers decode them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.testing import ChatRequest

_RLMS_QUESTION = re.compile(r"^Answer the following: (.*?)\n\nYour context is a (\w+)", re.DOTALL)
_DSPY_ITERATION = re.compile(r"\[\[ ## iteration ## \]\]\s*(\d+)/")
_DSPY_VARIABLE = re.compile(r"Variable: `(\w+)`.*?Type: (\w+).*?Preview:\s*```\n(.*?)\n\s*```", re.DOTALL)

# The answer as text, for the libraries whose answer is a str. Runs in their REPL.
_AS_TEXT = ("({v} if isinstance({v}, str) else {v}.to_json(orient='split') if hasattr({v}, 'to_json') "
            "else __import__('json').dumps({v}, default=str))")


@dataclass(frozen=True)
class Step:
    """One root turn: some prose, optionally a code block, optionally "the answer is in this variable"."""

    prose: str
    code: str = ""
    final: str | None = None


@dataclass(frozen=True)
class Prompt:
    """What a strategy needs from the opening prompt: the question and how the data is exposed."""

    question: str
    variable: str  # the name the library gave the data in its REPL
    type_name: str  # its type as the prompt shows it ("str", "pandas.DataFrame", ...)
    turn: int


class Dialect:
    """How one library's prompts look and how a step is written for it."""

    name = ""

    def matches(self, request: ChatRequest) -> bool:
        raise NotImplementedError

    def prompt(self, request: ChatRequest) -> Prompt:
        raise NotImplementedError

    def render(self, step: Step) -> str:
        raise NotImplementedError


def _first_user(request: ChatRequest) -> str:
    return next((str(m.get("content") or "") for m in request.messages if m.get("role") == "user"), "")


def _fence(tag: str, code: str) -> str:
    return f"```{tag}\n{code}\n```" if code else ""


class Ours(Dialect):
    name = "ours"

    def matches(self, request: ChatRequest) -> bool:
        return "FINAL_VAR" in request.system and bool(Conversation.read_opening(request.messages).question)

    def prompt(self, request: ChatRequest) -> Prompt:
        opening = Conversation.read_opening(request.messages)
        name, kind = opening.first_variable or ("context", "str")
        return Prompt(opening.question, name, kind, request.turn)

    def render(self, step: Step) -> str:
        parts = [step.prose, _fence("repl", step.code), f"FINAL_VAR({step.final})" if step.final else ""]
        return "\n".join(p for p in parts if p)


class Reference(Dialect):
    name = "rlms"

    def matches(self, request: ChatRequest) -> bool:
        return 'answer["ready"]' in request.system

    def prompt(self, request: ChatRequest) -> Prompt:
        match = _RLMS_QUESTION.search(_first_user(request))
        question, kind = (match.group(1), match.group(2)) if match else ("", "str")
        return Prompt(question, "context", kind, request.turn)

    def render(self, step: Step) -> str:
        code = step.code
        if step.final:
            finish = f'answer["content"] = {_AS_TEXT.format(v=step.final)}\nanswer["ready"] = True'
            code = f"{code}\n{finish}" if code else finish
        return "\n".join(p for p in (step.prose, _fence("repl", code)) if p)


class DSPy(Dialect):
    name = "dspy"

    def matches(self, request: ChatRequest) -> bool:
        return "SUBMIT(" in request.system and "[[ ## code ## ]]" in request.system

    def prompt(self, request: ChatRequest) -> Prompt:
        text = request.last_user
        iteration = _DSPY_ITERATION.search(text)
        variables = {m.group(1): (m.group(2), m.group(3).strip()) for m in _DSPY_VARIABLE.finditer(text)}
        kind = variables.get("context", ("str", ""))[0]
        question = variables.get("query", ("str", ""))[1]
        return Prompt(question, "context", kind, int(iteration.group(1)) - 1 if iteration else 0)

    def render(self, step: Step) -> str:
        code = step.code
        if step.final:
            finish = f"SUBMIT(answer={_AS_TEXT.format(v=step.final)})"
            code = f"{code}\n{finish}" if code else finish
        return (f"[[ ## reasoning ## ]]\n{step.prose or 'Next step.'}\n\n"
                f"[[ ## code ## ]]\n{_fence('python', code or 'pass')}\n\n[[ ## completed ## ]]")


DIALECTS: tuple[Dialect, ...] = (Ours(), Reference(), DSPy())

# A strategy turns (question, canonical variable name) into its steps. It reads the
# question like a model would, and writes code that computes everything from the data.
Strategy = Callable[[str, str], Sequence[Step]]
# Code that binds the task's canonical name when the library exposes the data as text.
Loader = Callable[[str, str], str]


def identity_loader(source: str, target: str) -> str:
    return f"{target} = {source}"


def detect(request: ChatRequest) -> Dialect:
    for dialect in DIALECTS:
        if dialect.matches(request):
            return dialect
    raise ValueError("unrecognised root prompt: neither rlm_jupyter, rlms nor dspy.RLM")


def responder(strategy: Strategy, canonical: str, native_type: str = "str",
              loader: Loader = identity_loader) -> Callable[[ChatRequest], str]:
    """The root model of the fake server: the strategy's current step, in the asking library's dialect.

    ``canonical`` is the name the strategy's code uses for the data. When the
    library exposes the data under another name, or as text while the task's
    data is a ``native_type`` object, the first step starts with ``loader``'s
    code (the explicit adaptation, e.g. ``pd.read_csv`` of the CSV text).
    """

    def respond(request: ChatRequest) -> str:
        dialect = detect(request)
        prompt = dialect.prompt(request)
        steps = list(strategy(prompt.question, canonical))
        step = steps[min(prompt.turn, len(steps) - 1)]
        if prompt.turn == 0 and prompt.variable != canonical:
            as_text = prompt.type_name == "str" and native_type != "str"
            prelude = (loader if as_text else identity_loader)(prompt.variable, canonical)
            step = replace(step, code=f"{prelude}\n{step.code}" if step.code else prelude)
        return dialect.render(step)

    return respond
