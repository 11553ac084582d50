"""``python -m benchmarks --real``: the five tasks, small, against a real endpoint, with failure classes.

Why a mode of its own: the scripted strategies prove the plumbing, but only
a real model shows whether the prompt and the protocol carry a weak model
through a task. A small local model needs small data and few turns, and its
failures say more than its score, so every instance that is not solved is
classified (``failures``). Every library gets the same endpoint, the same
output cap per call and the same iteration limit. Instance k of a task uses
seed ``base + k`` (its own data and answer) and the generator's question
``k mod n`` (the question kinds take turns), so a run of three instances per
task stays within an afternoon on a CPU model.
"""
from __future__ import annotations

import copy
import json
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from rlm_jupyter.engine.trust.gates import GATES
from rlm_jupyter.text import plural

from .failures import MEMORY, Trace, classify
from .harness import Log, context_for
from .libraries import Endpoint, Library, Options, Ours
from .tasks import Size, Task

# (full, --quick) per task: sizes a small local model can work through in a few turns (the data never enters
# a prompt, so its size costs only pandas time). Two tasks have no smaller quick size: below ~20K characters
# make_haystack can cut the needle off for some seeds, and below ~100K events the log generator plants too
# few errors for the spike and the deploy burst to stand out (at 3,000 events the spike has none; the
# scripted reference strategy finds all three patterns from 150K events on, seeds 0-2).
SIZES: dict[str, tuple[Size, Size]] = {
    "niah": (Size(8_000, "32K chars"), Size(8_000, "32K chars")),
    "oolong": (Size(1_000, "1,000 lines"), Size(60, "60 lines")),
    "oolong_pairs": (Size(500, "500 lines / 100 users"), Size(40, "40 lines / 8 users")),
    "cohort": (Size(3_000, "3,000 orders"), Size(1_000, "1,000 orders")),
    "logs": (Size(150_000, "150K events"), Size(150_000, "150K events")),
}
SOLVED = 1.0 - 1e-9  # a partial score (an off-by-one count, 2 of 3 patterns) is not solved


@dataclass
class Outcome:
    """One instance, one library: the score, what the library claimed, and why it failed."""

    task: str
    size: str
    library: str
    instance: int
    seed: int
    kind: str
    score: float = 0.0
    reported: bool = False  # the library returned the answer as final/completed
    status: str = ""
    root_calls: int | None = None
    root_prompt_tokens: int | None = None
    subcalls: int | None = None
    seconds: float = 0.0
    classes: list[str] = field(default_factory=list)
    blind: dict[str, str] = field(default_factory=dict)
    error: str = ""
    replies: list[str] = field(default_factory=list)  # the root model's replies, shortened: why it failed
    answer: str = ""  # what the library handed back, shortened
    # rlm_jupyter's acceptance gates, from its record's verdicts (``Trace.refusals``): per gate, the FINALs it
    # refused and the blocks it kept from running, and the marks it left on an accepted answer. None: another
    # library, a run error, or an attempt recorded before the verdicts were (it counts 0).
    refusals: dict[str, int] | None = None
    marks: dict[str, int] | None = None
    acceptance: str = ""  # the policy rlm_jupyter ran with ("" in an older record: it was strict)

    @property
    def solved(self) -> bool:
        return self.score >= SOLVED

    @property
    def wrong_reported(self) -> bool:
        """A wrong answer the library reported as its final one: the failure a user cannot see."""
        return self.reported and not self.solved

    @property
    def invented(self) -> bool:
        """A wrong answer reported as final that no code reading the data produced (answered from memory).

        Why apart from ``wrong_reported``: a wrong method over the data (a bad pandas group-by) and an
        answer made up without reading the data are different failures; only the second is invented.
        """
        return self.wrong_reported and MEMORY in self.classes


def size_of(task: Task, quick: bool) -> Size:
    full, small = SIZES[task.name]
    return small if quick else full


def load_outcomes(path: Path) -> list[Outcome]:
    """The outcomes a run saved in ``real-results.json`` (``--resume``); the derived fields are dropped."""
    names = {f.name for f in fields(Outcome)}
    return [Outcome(**{k: v for k, v in raw.items() if k in names}) for raw in json.loads(path.read_text("utf-8"))]


def run_real(tasks: Sequence[Task], libraries: Sequence[Library], endpoint: Endpoint, options: Options,
             instances: int, seed: int, quick: bool, log: Log = print,
             progress: Callable[[list[Outcome]], None] | None = None,
             done: Sequence[Outcome] = ()) -> list[Outcome]:
    """Every task x instance x library; the libraries take turns on each instance (same data, same question).

    ``progress`` sees the outcomes so far after each one: a run of hours on a CPU model must leave its
    numbers behind if it is stopped part-way. ``done`` (``--resume``): outcomes of a run that stopped, kept
    as they are and not attempted again, so a crash in hour two costs only the attempt it hit.
    """
    outcomes: list[Outcome] = []
    kept = {(o.task, o.library, o.seed): o for o in done}
    for k in range(instances):  # instance-major: a run stopped part-way has covered every task
        for task in tasks:
            size = size_of(task, quick)
            questions = task.generate(size.value, seed + k)
            instance = questions[k % len(questions)]
            log(f"  {task.name} {size.label} instance {k} (seed {seed + k}, {instance.kind})")
            for library in libraries:
                earlier = kept.get((task.name, library.name, seed + k))
                outcomes.append(earlier or _attempt(library, endpoint, options, task, size, k, seed + k, instance))
                last = outcomes[-1]
                log(f"    {library.name:5s} score {last.score:.2f} {last.status or last.error} in {last.seconds:.0f} s"
                    + (f"; {', '.join(last.classes)}" if last.classes else "") + (" (resumed)" if earlier else ""))
                if progress is not None:
                    progress(outcomes)
    return outcomes


def _attempt(library: Library, endpoint: Endpoint, options: Options, task: Task, size: Size, k: int, seed: int,
             instance: Any) -> Outcome:
    """One library on one instance, in a session of its own (nothing carries over between instances).

    Each attempt gets its own copy of the data: a model's code may change a DataFrame in place (a real one
    wrote ``orders['cohort'] = ...`` into the frame it was given), and the next library must see the
    instance as generated.
    """
    outcome = Outcome(task.name, size.label, library.name, k, seed, instance.kind)
    context = context_for(library, task, copy.deepcopy(instance.context))
    session = library.session(endpoint, options)
    started = time.perf_counter()
    try:
        answer, trace = session.attempt(instance.question, context, task.canonical)
    except Exception as exc:
        answer, trace = None, None
        outcome.error = f"{type(exc).__name__}: {exc}"[:300] or traceback.format_exc(limit=2)[-300:]
    finally:
        outcome.seconds = time.perf_counter() - started
        session.close()
    if trace is not None:
        _fill(outcome, trace, task, instance.context, answer, instance.gold)
    return outcome


def _short(text: str, keep: int = 1_500) -> str:
    return text if len(text) <= keep else text[:keep] + f" ... [{len(text) - keep:,} more characters]"


def _fill(outcome: Outcome, trace: Trace, task: Task, context: Any, answer: Any, gold: Any) -> None:
    try:
        outcome.score = task.score(answer, gold) if answer is not None else 0.0
    except Exception as exc:  # a scorer bug must not end a run of hours: the attempt says it, scored 0
        outcome.error = f"scorer failed: {type(exc).__name__}: {exc}"[:300]
    outcome.reported, outcome.status = trace.reported, trace.status
    outcome.root_calls, outcome.root_prompt_tokens, outcome.subcalls = (trace.root_calls, trace.root_prompt_tokens,
                                                                         trace.subcalls)
    outcome.blind = dict(trace.blind)
    outcome.refusals = dict(trace.refusals) if trace.refusals is not None else None
    outcome.marks = dict(trace.marks) if trace.marks is not None else None
    outcome.acceptance = trace.acceptance or ""
    outcome.replies = [_short(t.reply) for t in trace.turns if t.reply is not None]
    outcome.answer = _short(repr(answer))
    if not outcome.solved:
        names = [task.canonical, "context"]
        outcome.classes = classify(trace, names, context if isinstance(context, str) else task.as_text(context))


# -- the "Real model" section of RESULTS.md -------------------------------------------------------------------------
CLASS_NOTES = {
    "no code block": "a turn whose reply had no code block the library runs, and did not finish",
    "unrecognised fence": "a fenced block of Python the library did not run (rlms runs only ```repl blocks; rlm_jupyter "
                          "also reads ```python, ```py and unlabelled fences of code)",
    "context not passed to sub-calls": "the run made sub-calls and none of their prompts holds a verbatim fragment of the data",
    "answered from memory": "an answer reported as final although no code that read the data ran without error",
    "final answer not recognised": "the model tried to finish and the library did not accept it (FINAL_VAR of an unknown name, "
                                   "FINAL written where the parser does not read it, a SUBMIT with the wrong fields)",
    "code error not recovered": "the last code block that ran raised, and no answer was reported",
    "out of turns": "the iteration limit was reached without a reported answer",
}


_GATE_ORDER = {gate.name: i for i, gate in enumerate(GATES)}


def gate_counts(counts: Iterable[Mapping[str, int] | None]) -> dict[str, int]:
    """Per-gate counts of several attempts added up, most first (then in the gates' order); None counts 0."""
    total: Counter[str] = Counter()
    for one in counts:
        total.update(one or {})
    return dict(sorted(total.items(), key=lambda item: (-item[1], _GATE_ORDER.get(item[0], len(_GATE_ORDER)),
                                                        item[0])))


def _gates_cell(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{gate} {n}" for gate, n in counts.items()) or "none"


def _acceptance_lines(outcomes: Sequence[Outcome]) -> list[str]:
    """rlm_jupyter's acceptance gates over all its attempts: refusals and marks by gate (``Iteration.verdicts``)."""
    ours = [o for o in outcomes if o.library == Ours.name]
    if not ours:
        return []
    unrecorded = sum(o.refusals is None for o in ours)
    marks = gate_counts(o.marks for o in ours)
    return ["", f"rlm_jupyter's acceptance gates over its {len(ours)} attempts (each run's `Iteration.verdicts`; "
                "a refusal is a FINAL a gate did not accept or a block it kept from running): refusals by gate: "
                f"{_gates_cell(gate_counts(o.refusals for o in ours))}"
            + (f"; marks left on accepted answers (lenient): {_gates_cell(marks)}" if marks else "")
            + (f"; {plural(unrecorded, 'attempt')} without verdicts (recorded before they were kept, or a run error) "
               "count 0" if unrecorded else "") + "."]


def _policies(outcomes: Sequence[Outcome]) -> str:
    policies = sorted({o.acceptance for o in outcomes if o.library == Ours.name and o.acceptance})
    return ", ".join(f"`{p}`" for p in policies) or "`strict` (recorded before the setting existed)"


def _sum(values: Sequence[int | None]) -> str:
    known = [v for v in values if v is not None]
    return f"{sum(known):,}" if len(known) == len(values) and known else "n/a"


def render_section(outcomes: Sequence[Outcome], tasks: Sequence[Task], libraries: Sequence[Library], *,
                   command: str, endpoint: Endpoint, options: Options, instances: int, seed: int, quick: bool,
                   seconds: float, prompt_version: str, date: str, planned: int | None = None) -> str:
    """The section: setup, one row per library and task, the failure classes, what each library cannot show."""
    from .failures import CLASSES

    titles = {lib.name: lib.title for lib in libraries}
    lines = [
        "## Real model", "",
        f"Generated by `{command}` on {date}{' (--quick: tiny sizes, a check of the mode; not for quoting)' if quick else ''}; "
        + (f"the run took {seconds / 60:.1f} minutes." if planned is None or len(outcomes) >= planned else
         f"**in progress or stopped part-way: {len(outcomes)} of {planned} runs done** after {seconds / 60:.1f} minutes."),
        "",
        f"- Endpoint: {endpoint.base_url}, root model `{endpoint.model}`, sub-calls `{endpoint.sub_model}` (the same for every library)",
        f"- Output cap: `max_tokens` {options.max_tokens or 'none'} on every call (root and sub-calls); iteration limit "
        f"{options.max_iterations} root turns",
        f"- Prompt version measured (rlm_jupyter): `{prompt_version}`",
        f"- Libraries: {', '.join(f'{lib.title} {lib.version()}' for lib in libraries)}",
        f"- {instances} instance(s) per task: instance k has seed {seed}+k (its own data and answer) and the task's "
        "k-th question kind (taking turns)",
        "- Sizes: " + ", ".join(f"{t.title} {size_of(t, quick).label}" for t in tasks),
        *([f"- Acceptance policy (rlm_jupyter): {_policies(outcomes)}"]
          if any(lib.name == Ours.name for lib in libraries) else []),
        "- Solved: the answer the library returned scores 1.0 (a forced answer after the last turn counts too; the "
        "failure table shows it as out of turns). Wrong answers reported: a wrong answer the library reported as "
        "final/completed; in brackets, how many of them were invented (answered from memory: no code that read the "
        "data ran without error); the others came from code over the data that computed the wrong thing. "
        "Root prompt tokens: as the endpoint reported them (rlms: its per-model total minus its sub-calls'). "
        "Refusals by gate: rlm_jupyter's acceptance gates, a FINAL refused or a block not run, per gate.",
        "",
        "| library | task | size | solved | wrong answers reported as final/completed (invented) | root calls | "
        "root prompt tokens | sub-calls | wall time | refusals by gate |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    groups = [(lib, task, [o for o in outcomes if o.library == lib.name and o.task == task.name])
              for lib in libraries for task in tasks]
    groups = [g for g in groups if g[2]]
    for lib, task, rows in groups:
        lines.append(f"| {lib.title} | {task.title} | {rows[0].size} | {sum(o.solved for o in rows)}/{len(rows)} | "
                     f"{sum(o.wrong_reported for o in rows)} ({sum(o.invented for o in rows)}) | "
                     f"{_sum([o.root_calls for o in rows])} | "
                     f"{_sum([o.root_prompt_tokens for o in rows])} | {_sum([o.subcalls for o in rows])} | "
                     f"{sum(o.seconds for o in rows):.0f} s | "
                     + (_gates_cell(gate_counts(o.refusals for o in rows)) if lib.name == Ours.name else "n/a")
                     + " |")
    lines += _acceptance_lines(outcomes)
    lines += ["", "Failure classes (instances not solved that showed each class; one instance can show several):", "",
              "| library | task | not solved | " + " | ".join(CLASSES) + " | none of these | run errors |",
              "| --- | --- | --- |" + " --- |" * (len(CLASSES) + 2)]
    blind: dict[str, dict[str, str]] = {}
    for lib, task, rows in groups:
        seen = {c: sum(c in o.classes for o in rows) for c in CLASSES}
        for o in rows:
            blind.setdefault(lib.title, {}).update(o.blind)
        cells = ["n/a" if c in blind.get(lib.title, {}) else str(seen[c]) for c in CLASSES]
        unexplained = sum(not o.solved and not o.classes and not o.error for o in rows)
        lines.append(f"| {lib.title} | {task.title} | {sum(not o.solved for o in rows)} | " + " | ".join(cells)
                     + f" | {unexplained} | {sum(bool(o.error) for o in rows)} |")
    lines += ["", "What the classes mean (read from each library's own record: rlm_jupyter's `Run` — iterations, "
              "replies, cells, sub-calls, status —, rlms' in-memory `RLMLogger` trajectory, DSPy's trajectory and "
              "its two LMs' histories):", ""]
    lines += [f"- {name}: {CLASS_NOTES[name]}" for name in CLASSES]
    lines.append("- none of these: a wrong answer from code that ran (a wrong method, a wrong reading of the question)")
    na = [f"- {title}, {name}: n/a, {why}" for title, reasons in blind.items() for name, why in reasons.items()]
    if na:
        lines += ["", "Not determinable:", "", *na]
    errors = [f"- {titles[o.library]}, {o.task} instance {o.instance}: {o.error}" for o in outcomes if o.error]
    if errors:
        lines += ["", "Run errors:", "", *errors]
    statuses = [f"{titles[o.library]} {o.task}#{o.instance} {o.status or 'error'} ({o.score:.2f})" for o in outcomes]
    lines += ["", "Per instance (library task#instance status (score)): " + "; ".join(statuses) + "."]
    return "\n".join(lines) + "\n"
