"""Why a real-model run failed: one classifier over a library-neutral trace of root turns and sub-calls.

Why one classifier: the three libraries record their runs differently
(rlm_jupyter's ``Run``, rlms' iteration log, DSPy's trajectory and LM
history), but the failure shapes of a weak model are the same. Each adapter
turns its library's record into a ``Trace`` (``trace_of_run`` for
rlm_jupyter; the others in ``libraries``) and leaves a field ``None`` where
its library does not expose it; that class is then reported as "n/a" for
the library, with the reason in ``Trace.blind``.
"""
from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rlm_jupyter.engine.dialogue.protocol import parse_reply
from rlm_jupyter.engine.record.trajectory import Run

NO_CODE = "no code block"
FENCE = "unrecognised fence"
NO_CONTEXT = "context not passed to sub-calls"
MEMORY = "answered from memory"
FINAL_MISSED = "final answer not recognised"
CODE_ERROR = "code error not recovered"
OUT_OF_TURNS = "out of turns"
CLASSES = (NO_CODE, FENCE, NO_CONTEXT, MEMORY, FINAL_MISSED, CODE_ERROR, OUT_OF_TURNS)

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.DOTALL | re.MULTILINE)
_FINAL_WORD = re.compile(r"\bFINAL(?:_VAR)?\s*\(")
_PROBE = 24  # characters of a sub-call prompt looked up in the context: long enough not to match by chance
_PROBES = 200


@dataclass
class Turn:
    """One root turn as the library saw it. ``None``: the library does not expose that fact."""

    reply: str | None  # the root model's raw reply
    code: list[str]  # the code blocks the library ran, in order
    errors: list[bool]  # per block: it raised
    ended: bool = False  # the library accepted a final answer in this turn
    fence_unrecognised: bool | None = None  # a fenced block the library did not take as code
    final_missed: bool | None = None  # the reply tried to finish, and the library did not accept it


@dataclass
class Trace:
    """A run, reduced to what the failure classes are read from."""

    turns: list[Turn]
    reported: bool  # the library returned an answer as final/completed
    out_of_turns: bool
    status: str
    subcall_prompts: list[str] | None = None  # None: the library's record does not keep them
    root_calls: int = 0
    root_prompt_tokens: int | None = None
    subcalls: int | None = None
    blind: dict[str, str] = field(default_factory=dict)  # class -> why this library cannot show it
    # rlm_jupyter's acceptance gates (None: a library without them): per gate, the FINALs it refused and the
    # blocks it kept from running, and the marks it left on an accepted answer (``Iteration.verdicts``)
    refusals: dict[str, int] | None = None
    marks: dict[str, int] | None = None
    acceptance: str | None = None  # the policy the run used ("strict", "lenient,-picked-by-eye")


def unrun_fence(reply: str, ran: Iterable[str]) -> bool:
    """A fenced block of Python the library did not run (its fence tag or form was not one it reads).

    Compared with the code the library actually ran, so it follows each library's parser as it changes;
    a fenced block that is not Python with a call or an assignment (a sample of output) does not count.
    """
    done = {" ".join(code.split()) for code in ran}
    for match in _FENCE.finditer(reply):
        body = match.group(2).strip()
        if body and " ".join(body.split()) not in done and _is_code(body):
            return True
    return False


def _is_code(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return any(isinstance(node, (ast.Call, ast.Assign, ast.AugAssign, ast.Import, ast.ImportFrom)) for node in ast.walk(tree))


def mentions_final(reply: str, words: re.Pattern[str] = _FINAL_WORD) -> bool:
    return bool(words.search(reply))


def carries_context(prompt: str, context_text: str) -> bool:
    """Whether a sub-call prompt holds some of the data (a verbatim fragment of the context's text)."""
    if len(prompt) < _PROBE:
        return False
    step = max(_PROBE, len(prompt) // _PROBES)
    return any(prompt[i:i + _PROBE] in context_text for i in range(0, len(prompt) - _PROBE + 1, step))


def classify(trace: Trace, names: Sequence[str], context_text: str) -> list[str]:
    """The failure classes a run shows, in ``CLASSES`` order. ``names``: what the data is called in the REPL."""
    found: set[str] = set()
    reads_data = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b") if names else None
    for turn in trace.turns:
        if not turn.code and not turn.ended and not turn.final_missed:  # a refused FINAL is its own class
            found.add(NO_CODE)
        if turn.fence_unrecognised:
            found.add(FENCE)
        if turn.final_missed:
            found.add(FINAL_MISSED)
    prompts = trace.subcall_prompts
    if prompts and not any(carries_context(p, context_text) for p in prompts):
        found.add(NO_CONTEXT)
    ran = [(code, error) for turn in trace.turns for code, error in zip(turn.code, turn.errors)]
    if trace.reported and not any(not error and reads_data and reads_data.search(code) for code, error in ran):
        found.add(MEMORY)
    if ran and ran[-1][1] and not trace.reported:
        found.add(CODE_ERROR)
    if trace.out_of_turns:
        found.add(OUT_OF_TURNS)
    return [c for c in CLASSES if c in found and c not in trace.blind]


# -- rlm_jupyter ---------------------------------------------------------------------------------------------------
def trace_of_run(run: Run) -> Trace:
    """rlm_jupyter's Run record: every fact the classes need is recorded, so nothing is n/a."""
    turns = []
    for it in run.iterations:
        parsed = parse_reply(it.reply)
        ended = run.status == "final" and it is run.iterations[-1]
        errors = [bool(c.error) for c in it.cells]
        # A FINAL the parser read and the loop refused (FINAL_VAR of an unknown name, a wrong type), or one the
        # parser did not read at all; a FINAL refused because the code failed is a code error instead.
        refused = parsed.final is not None and not any(errors)
        unread = parsed.final is None and mentions_final(parsed.prose)
        code = [c.code for c in it.cells]
        turns.append(Turn(it.reply, code, errors, ended, unrun_fence(it.reply, code), not ended and (refused or unread)))
    if run.last_word is not None and run.answer is None and mentions_final(run.last_word) and turns:
        turns[-1].final_missed = True
    root_calls = len(run.iterations) + (run.last_word is not None)
    verdicts = [v for it in run.iterations for v in it.verdicts]
    return Trace(turns, reported=run.status == "final", out_of_turns=run.status == "max_iterations",
                 status=run.status, subcall_prompts=[c.prompt for c in run.subcalls], root_calls=root_calls,
                 root_prompt_tokens=sum(it.prompt_tokens for it in run.iterations), subcalls=len(run.subcalls),
                 refusals=dict(Counter(v.gate for v in verdicts if v.action in ("refused", "not-run"))),
                 marks=dict(Counter(v.gate for v in verdicts if v.action == "marked")),
                 acceptance=str(run.settings.get("acceptance") or "strict"))
