"""``python -m benchmarks.acceptance [--write]``: the acceptance policy's calibration benchmark.

Every case of ``acceptance_cases`` (legitimate answers a capable model writes; invented or misread ones)
runs under each policy (``strict``, ``lenient``, ``off``) on the bundled server: real HTTP on 127.0.0.1 to
``FakeLLMServer``, the scripted replies of the case as the root model, the real engine and a real namespace.
Per policy it counts legitimate answers accepted at their first FINAL, the root calls a refusal costs them,
and invented answers that end a run ``final``; per class; for ``strict``, which gate refused each legitimate
answer it refused (the turn's ``Iteration.verdicts``) and which invented answers got through; and how easy
"seen" is (how many of the integers 1-100 count as shown by a legitimate run's outputs).

Why a benchmark and not only tests: every gate was built on one real failure and can also refuse a right
answer. Counted in both directions over the same cases, a change to a gate shows what it buys and what it
costs. ``--write`` replaces the "Acceptance" section of ``benchmarks/RESULTS.md`` and nothing else; the
section sits just before "Real model", where a scripted ``python -m benchmarks`` run (which keeps everything
from the hand-written real-model notes on) and a ``--real`` run (which keeps everything before "Real model")
both leave it as it is.

    python -m benchmarks.acceptance                       # print the tables (~20 s on 2 shared cores)
    python -m benchmarks.acceptance --write               # and replace the Acceptance section of RESULTS.md
    python -m benchmarks.acceptance --only month_difference,bare_wrong_region --policy strict
    python -m benchmarks.acceptance --cases benchmarks.cases_tune     # another case module (or a .py path)
    python -m benchmarks.acceptance --cases all                       # the default set and both split halves

``--cases`` names a module that exposes ``CASES``, ``LEGIT_CLASSES`` and ``INVENTED_CLASSES`` (see
``acceptance_cases.Registry``). ``benchmarks.cases_tune`` and ``benchmarks.cases_holdout`` are a second set of
cases split in two before anything was measured on them: the policy is tuned on the first, the second is
held out to check that a change generalises.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rlm_jupyter import RLM, Run
from rlm_jupyter.engine.dialogue.prompts import PROMPT_VERSION
from rlm_jupyter.engine.trust.printed import Shown
from rlm_jupyter.engine.trust.readings import values
from rlm_jupyter.testing import FakeLLMServer, RuleBasedSubModel, Scripted

from . import sections
from .acceptance_cases import CASES, INVENTED_CLASSES, LEGIT_CLASSES, Case

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
HEADING = "## Acceptance"
POLICIES: tuple[str, ...] = ("strict", "lenient", "off")
MAX_ITERATIONS = 6
ROOT, SUB = "acceptance-root", "acceptance-sub"
COMMAND = "python -m benchmarks.acceptance --write"
GOALS = {"legit_first": 0.95, "invented_accepted": 0.05}
DEFAULT_CASES = "benchmarks.acceptance_cases"
ALL_CASES: tuple[str, ...] = (DEFAULT_CASES, "benchmarks.cases_tune", "benchmarks.cases_holdout")  # --cases all

# Engines from before ``Iteration.verdicts`` say why in the feedback only: the gate each of their notes stands for.
_OLD_NOTES: tuple[tuple[str, str], ...] = (
    ("a block of the same reply raised", "same-turn-error"), ("no code has read the context", "read-first"),
    ("every block that read the data raised", "read-first"), ("failed: no variable named", "missing-variable"),
    ("but the user expects", "expected-type"), ("last set by a block that raised", "failed-block-value"),
    ("the input data itself", "input-handed-back"), ("none of your code has printed anything", "nothing-printed"),
    ("never appeared in any output", "unseen-value"), ("picked out by eye", "wrong-extreme"),
    ("your code found nothing, and no output has shown", "nothing-found"),
)


@dataclass
class Outcome:
    """One case under one policy: how its run ended and why its first FINAL did not end it, if it did not."""

    case: str
    cls: str
    kind: str  # "legit" or "invented"
    policy: str
    status: str
    final_turn: int  # index of the turn that wrote the first FINAL
    turns: int  # root turns the run took
    root_calls: int  # root requests (a forced last reply after the last turn counts too)
    first: bool  # the run ended `final` at the turn of the first FINAL
    accepted: bool  # the run ended `final` (for an invented case: with the invented answer, written again)
    refused_by: list[str] = field(default_factory=list)  # gates that refused the first FINAL
    notes: list[str] = field(default_factory=list)  # what the model was told, one per refusing gate
    marked: list[str] = field(default_factory=list)  # gates that only marked the accepted answer (lenient)
    derived: list[str] = field(default_factory=list)  # run.grounding.derived of the accepted answer
    small_seen: int = 0  # integers 1-100 that count as shown by the run
    checked: list[str] = field(default_factory=list)  # an accepted answer's values, and where an output showed each
    answer: str = ""
    from_verdicts: bool = True  # False: the turn recorded no refusal; the gate was read off the feedback
    verdicts: int = 0  # verdicts the run recorded (0 on every run: an engine from before Iteration.verdicts)
    error: str = ""

    @property
    def extra_calls(self) -> int:
        """Root calls after the turn of the first FINAL until the run ended."""
        return max(self.root_calls - (self.final_turn + 1), 0)


@dataclass
class Summary:
    """The numbers of one policy."""

    policy: str
    legit: int
    legit_first: int
    legit_accepted: int
    legit_marked: int  # legitimate answers accepted at the first FINAL with a gate's mark on them (lenient)
    extra_calls_mean: float
    invented: int
    invented_accepted: int
    invented_marked: int  # invented answers accepted with a mark of a gate on them (lenient)
    seen_median: float
    seen_max: int
    per_class: dict[str, tuple[int, int]]  # class -> (good, cases): legit accepted first / invented accepted

    @property
    def legit_first_share(self) -> float:
        return self.legit_first / self.legit if self.legit else 0.0

    @property
    def invented_share(self) -> float:
        return self.invented_accepted / self.invented if self.invented else 0.0


@dataclass
class Results:
    outcomes: list[Outcome]
    summaries: dict[str, Summary]
    seconds: float
    verdicts_seen: bool  # some run recorded a verdict: the engine records its acceptance policy's decisions

    def of(self, policy: str, kind: str | None = None) -> list[Outcome]:
        return [o for o in self.outcomes if o.policy == policy and (kind is None or o.kind == kind)]


@dataclass(frozen=True)
class CaseSet:
    """The cases of one or more case modules, the classes reported per class, and what the report names."""

    source: str  # the module file(s), relative to the repository
    cases: list[Case]
    legit_classes: tuple[str, ...]
    invented_classes: tuple[str, ...]


DEFAULT_SET = CaseSet("benchmarks/acceptance_cases.py", CASES, LEGIT_CLASSES, INVENTED_CLASSES)


def load_cases(spec: str) -> CaseSet:
    """``all``, a dotted module name or a path to a ``.py`` file: its ``CASES``, ``LEGIT_CLASSES`` and
    ``INVENTED_CLASSES``. A ValueError (one line) names what is wrong: no such module, a missing name, a name
    two modules of ``all`` both use."""
    if spec == "all":
        sets = [load_cases(name) for name in ALL_CASES]
        cases = [c for one in sets for c in one.cases]
        taken = sorted({c.name for c in cases if sum(d.name == c.name for d in cases) > 1})
        if taken:
            raise ValueError(f"--cases all: case names used by two modules: {', '.join(taken)}")
        return CaseSet(", ".join(one.source for one in sets), cases,
                       tuple(dict.fromkeys(c for one in sets for c in one.legit_classes)),
                       tuple(dict.fromkeys(c for one in sets for c in one.invented_classes)))
    module = _import_cases(spec)
    missing = [name for name in ("CASES", "LEGIT_CLASSES", "INVENTED_CLASSES") if not hasattr(module, name)]
    if missing:
        raise ValueError(f"--cases {spec}: the module has no {', '.join(missing)}; a case module exposes CASES, "
                         "LEGIT_CLASSES and INVENTED_CLASSES (see benchmarks.acceptance_cases.Registry)")
    file = Path(module.__file__ or spec).resolve()
    source = str(file.relative_to(HERE.parent)) if file.is_relative_to(HERE.parent) else str(file)
    return CaseSet(source, list(module.CASES), tuple(module.LEGIT_CLASSES), tuple(module.INVENTED_CLASSES))


def _import_cases(spec: str) -> Any:
    """The module ``spec`` names: a dotted name, or a ``.py`` path (one under ``benchmarks/`` is imported by its
    dotted name, so its imports of the package work as they do for ``-m``)."""
    path = Path(spec)
    if spec.endswith(".py") or path.exists():
        if not path.is_file():
            raise ValueError(f"--cases {spec}: no such file; give a dotted module name or a path to a .py file")
        file = path.resolve()
        if file.parent == HERE:
            return importlib.import_module(f"{__package__ or 'benchmarks'}.{file.stem}")
        loaded = importlib.util.spec_from_file_location(f"acceptance_cases_{file.stem}", file)
        if loaded is None or loaded.loader is None:
            raise ValueError(f"--cases {spec}: cannot load this file as a Python module")
        module = importlib.util.module_from_spec(loaded)
        loaded.loader.exec_module(module)
        return module
    try:
        return importlib.import_module(spec)
    except ModuleNotFoundError as exc:
        if exc.name is not None and spec.startswith(exc.name):
            raise ValueError(f"--cases {spec}: no such module; give a dotted module name (benchmarks.cases_tune), "
                             "a path to a .py file, or 'all'") from None
        raise


# -- running ------------------------------------------------------------------------------------------------------
def run_benchmark(cases: Sequence[Case] = CASES, policies: Sequence[str] = POLICIES,
                  max_iterations: int = MAX_ITERATIONS, log: Callable[[str], None] | None = None,
                  insist: bool = False) -> Results:
    """Every case under every policy, on one bundled server; the results as data. ``insist``: an invented case
    runs its last block again before it sends its answer again (``insisting``)."""
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    with FakeLLMServer(models={}, default=RuleBasedSubModel()) as server:
        for policy in policies:
            with RLM(model=ROOT, sub_model=SUB, base_url=server.base_url, api_key="not-needed",
                     max_iterations=max_iterations, acceptance=policy) as rlm:
                for case in cases:
                    outcome = run_case(server, rlm, case, policy, insist)
                    outcomes.append(outcome)
                    if log is not None:
                        log(f"  {policy:7s} {case.kind:8s} {case.name:28s} {outcome.status:14s} "
                            f"{'first' if outcome.first else f'+{outcome.extra_calls} calls'}"
                            + (f"  refused by {', '.join(outcome.refused_by)}" if outcome.refused_by else ""))
    verdicts = any(o.verdicts for o in outcomes)
    return Results(outcomes, {p: summarize([o for o in outcomes if o.policy == p], p) for p in policies},
                   time.perf_counter() - started, verdicts)


def run_case(server: FakeLLMServer, rlm: RLM, case: Case, policy: str, insist: bool = False) -> Outcome:
    script = case.build()
    final_turn = len(script.replies) - 1
    after = insisting(script.replies, script.after) if insist and case.kind == "invented" else script.after
    server.models[ROOT] = Scripted(script.replies + after)
    sub = script.sub or RuleBasedSubModel()
    server.models[SUB] = sub
    server.default = sub
    server.reset()
    try:
        run = rlm.run(case.question, script.context)
    except Exception as exc:  # a case that breaks the engine is a result to report, not a crash of the benchmark
        return Outcome(case.name, case.cls, case.kind, policy, "exception", final_turn, 0, server.count(ROOT),
                       False, False, error=f"{type(exc).__name__}: {exc}"[:300])
    first = run.status == "final" and len(run.iterations) == final_turn + 1
    outcome = Outcome(case.name, case.cls, case.kind, policy, run.status, final_turn, len(run.iterations),
                      server.count(ROOT), first, run.status == "final", answer=_short(run.answer),
                      small_seen=small_integers_seen(run),
                      checked=_where_shown(run) if case.kind == "invented" and run.status == "final" else [],
                      derived=list(run.grounding.derived) if run.grounding else [],
                      verdicts=sum(len(it.verdicts) for it in run.iterations),
                      error="; ".join(f"check {v.gate} failed: {v.values.get('error', '')}" for it in run.iterations
                                      for v in it.verdicts if v.action == "failed"))
    if first:
        outcome.marked = sorted({v.gate for it in run.iterations for v in it.verdicts if v.action == "marked"})
    elif len(run.iterations) > final_turn:
        read_refusal(run, final_turn, outcome)
    return outcome


def insisting(replies: Sequence[str], after: Sequence[str]) -> list[str]:
    """An invented case's turns after its refused answer as a model that stands by it writes them: its last block
    run again, then the same answer, each time (a case with no turns of its own sends its answer again). What
    ``looked-again`` must not give way to: it counts only a block of new code; a case sends its answer again
    without looking otherwise."""
    blocks = [reply for reply in replies if "```repl" in reply]
    if not blocks:
        return list(after)
    look = "```repl" + blocks[-1].rsplit("```repl", 1)[1].split("```", 1)[0] + "```"
    answers = list(after) or [replies[-1]] * MAX_ITERATIONS  # no turns of its own: the answer, sent again
    return [turn for answer in answers for turn in (look, answer)]


def read_refusal(run: Run, turn: int, outcome: Outcome) -> None:
    """Which gates refused the FINAL of ``turn``: the turn's verdicts, else (an older engine) its feedback."""
    it = run.iterations[turn]
    refused = [v for v in it.verdicts if v.action == "refused"]
    if refused:
        outcome.refused_by = [v.gate for v in refused]
        outcome.notes = [v.note for v in refused]
        return
    outcome.from_verdicts = False
    paragraphs = (it.feedback or "").split("\n\n")
    for key, gate in _OLD_NOTES:
        said = next((p for p in paragraphs if key in p), None)
        if said is not None and gate not in outcome.refused_by:
            outcome.refused_by.append(gate)
            outcome.notes.append(said)
    if not outcome.refused_by:
        outcome.refused_by = ["?"]
        outcome.notes = [paragraphs[-2] if len(paragraphs) > 1 else (it.feedback or f"(run {run.status})")]


def _where_shown(run: Run) -> list[str]:
    """For an accepted answer, each value checked and its source (``run.grounding.sources``): why an invented
    answer got through."""
    if run.grounding is None:
        return []
    out = []
    for source in run.grounding.sources[:5]:
        place = f" at {source.where}" if source.where else ""
        detail = f": {_short(source.line, 90)!r}" if source.line else f": {source.how}" if source.how else ""
        out.append(f"{source.value} ({source.kind}{place}{detail})")
    return out


def small_integers_seen(run: Run) -> int:
    """How many of the integers 1-100 count as shown by what the run was shown: how easy "seen" is."""
    seen = Shown.of([run])
    return sum(seen.has(values(str(n))[0]) for n in range(1, 101))


def _short(answer: Any, limit: int = 120) -> str:
    text = answer if isinstance(answer, str) else f"<{type(answer).__name__}> {answer!r}"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def summarize(outcomes: Sequence[Outcome], policy: str) -> Summary:
    legit = [o for o in outcomes if o.kind == "legit"]
    invented = [o for o in outcomes if o.kind == "invented"]
    per_class: dict[str, tuple[int, int]] = {}
    for o in outcomes:
        good, n = per_class.get(o.cls, (0, 0))
        per_class[o.cls] = (good + (o.first if o.kind == "legit" else o.accepted), n + 1)
    seen = [o.small_seen for o in legit]
    return Summary(policy, len(legit), sum(o.first for o in legit), sum(o.accepted for o in legit),
                   sum(o.first and bool(o.marked) for o in legit),
                   statistics.fmean(o.extra_calls for o in legit) if legit else 0.0,
                   len(invented), sum(o.accepted for o in invented), sum(o.accepted and bool(o.marked) for o in invented),
                   statistics.median(seen) if seen else 0.0, max(seen, default=0), per_class)


# -- goals (reported, not asserted: the policy is calibrated against them) ------------------------------------------
def goals(results: Results, policy: str = "strict") -> list[tuple[str, bool, str]]:
    """(goal, met, what was measured) for the default policy."""
    if policy not in results.summaries:
        return []
    s = results.summaries[policy]
    out = [(f"legitimate answers accepted at the first FINAL >= {GOALS['legit_first']:.0%}",
            s.legit_first_share >= GOALS["legit_first"], f"{s.legit_first}/{s.legit} ({s.legit_first_share:.0%})"),
           (f"invented answers accepted <= {GOALS['invented_accepted']:.0%}",
            s.invented_share <= GOALS["invented_accepted"], f"{s.invented_accepted}/{s.invented} ({s.invented_share:.0%})")]
    derived = [o for o in results.of(policy, "legit") if o.cls == "derived arithmetic"]
    if derived:
        ok = [o for o in derived if o.first and o.derived]
        out.append(("derived arithmetic accepted first time, with the derivation in run.grounding.derived",
                    len(ok) == len(derived), f"{len(ok)}/{len(derived)}"))
    sentence, bare = (s.per_class.get(c, (0, 0)) for c in ("wrong label in a sentence", "bare wrong label"))
    if sentence[1] and bare[1]:
        out.append(("wrong-label sentences caught as well as bare wrong labels",
                    sentence[0] / sentence[1] <= bare[0] / bare[1],
                    f"accepted: sentences {sentence[0]}/{sentence[1]}, bare labels {bare[0]}/{bare[1]}"))
    return out


# -- the report ------------------------------------------------------------------------------------------------------
def _pct(k: int, n: int) -> str:
    return f"{k}/{n} ({k / n:.0%})" if n else "–"


def render(results: Results, *, command: str = COMMAND, date: str | None = None,
           max_iterations: int = MAX_ITERATIONS, cases: CaseSet = DEFAULT_SET) -> str:
    """The "Acceptance" section, heading included; ``cases`` names the module(s) and orders the classes."""
    policies = list(results.summaries)
    legit_n = len({o.case for o in results.outcomes if o.kind == "legit"})
    invented_n = len({o.case for o in results.outcomes if o.kind == "invented"})
    date = date or f"{_dt.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}"
    engine = ("the engine recorded its verdicts (`Iteration.verdicts`): the gates named are the ones that acted"
              if results.verdicts_seen else
              "no run recorded a verdict (`Iteration.verdicts` empty: an engine from before the acceptance policy "
              "acts, or a policy that refused nothing): a refusal is a run that did not end at the turn of its first "
              "FINAL, and the gate is read off the note the model was sent")
    lines = [
        HEADING, "",
        f"Generated by `{command}` on {date}; prompt version `{PROMPT_VERSION}`; policies "
        + ", ".join(f"`{p}`" for p in policies) + f"; the whole benchmark took {results.seconds:.0f} s.", "",
        f"- Cases (`{cases.source}`): {legit_n} legitimate answers, written as a capable model "
        "writes them after reading and computing (often in a sentence, formatted, in another language, derived "
        f"from printed figures), and {invented_n} invented or misread ones, written as weaker models wrote them. "
        "Each runs on the bundled server (scripted replies over HTTP, the real engine and namespace) with "
        f"`max_iterations={max_iterations}`. After a refusal a legitimate case takes the turn a capable model "
        "takes to comply (prints the figure, or selects the row with code) and finishes the same way; an "
        "invented case writes the same FINAL again.",
        f"- Engine: {engine}.",
        "- Accepted at the first FINAL: the run ended `final` at the turn that wrote the first FINAL. Extra root "
        "calls: root calls after that turn until the run ended (a forced last reply counts), averaged over every "
        "legitimate case. Invented accepted: the run ended `final` (with the invented answer: the model only "
        "repeats it); \"marked\": accepted with a gate's mark on the record (lenient). Integers shown: how many "
        "of 1-100 count as shown by a legitimate run's outputs (`shown([run]).has(...)`), median and max.",
        "",
        "| policy | legitimate accepted at the first FINAL | extra root calls per legitimate answer | "
        "legitimate accepted in the end | legitimate accepted, marked | invented accepted | invented accepted, "
        "marked | integers 1-100 shown (median / max) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p, s in results.summaries.items():
        lines.append(f"| `{p}` | {_pct(s.legit_first, s.legit)} | {s.extra_calls_mean:.2f} | "
                     f"{_pct(s.legit_accepted, s.legit)} | {s.legit_marked} | {_pct(s.invented_accepted, s.invented)} | "
                     f"{s.invented_marked} | {s.seen_median:g} / {s.seen_max} |")
    met = goals(results)
    if met:
        lines += ["", "Goals for the default policy (`strict`):", ""]
        lines += [f"- {goal}: {'met' if ok else 'missed'} ({measured})" for goal, ok, measured in met]
    lines += ["", "Per class: legitimate cases accepted at the first FINAL, invented cases accepted.", "",
              "| set | class | cases | " + " | ".join(f"`{p}`" for p in policies) + " |",
              "| --- | --- | --- |" + " --- |" * len(policies)]
    for kind, classes in (("legitimate", cases.legit_classes), ("invented", cases.invented_classes)):
        for cls in classes:
            counts = [results.summaries[p].per_class.get(cls, (0, 0)) for p in policies]
            if counts and counts[0][1]:
                lines.append(f"| {kind} | {cls} | {counts[0][1]} | " + " | ".join(str(g) for g, _ in counts) + " |")
    if "strict" in results.summaries:
        lines += ["", *_strict_details(results)]
    return "\n".join(lines) + "\n"


def _strict_details(results: Results) -> list[str]:
    legit = results.of("strict", "legit")
    refused = [o for o in legit if not o.first]
    by_gate: dict[str, list[int]] = {}
    for o in results.of("strict"):
        for gate in dict.fromkeys(o.refused_by):
            by_gate.setdefault(gate, [0, 0])[o.kind == "invented"] += 1
    out = ["First FINALs refused under `strict`, per gate (a FINAL several gates refused counts for each):", "",
           "| gate | legitimate answers refused | invented answers refused |", "| --- | --- | --- |"]
    out += [f"| {gate} | {k[0]} | {k[1]} |" for gate, k in sorted(by_gate.items(), key=lambda kv: (-kv[1][1], kv[0]))]
    out += ["", "Under `strict`, legitimate answers refused at their first FINAL (gate: what the model was told; "
           "then how the run ended):", ""]
    out += [f"- `{o.case}` ({o.cls}): " + "; ".join(f"{g}: {_one_line(n)}" for g, n in zip(o.refused_by, o.notes, strict=True))
            + f" Then: {o.status}" + (f" after {o.extra_calls} more root call(s)" if o.extra_calls else "")
            + (f" ({o.error})" if o.error else "") + "." for o in refused] or ["- none"]
    out += ["", "Under `strict`, invented answers accepted:", ""]
    out += [f"- `{o.case}` ({o.cls}), " + ("at its first FINAL" if o.first else f"after {o.extra_calls} more root call(s)")
            + f": {o.answer.rstrip('.')}." + (f" Values checked: {'; '.join(o.checked)}." if o.checked else " No value checked.")
            for o in results.of("strict", "invented") if o.accepted] or ["- none"]
    broken = [o for o in results.outcomes if o.error and o.status != "exception"]
    if broken:  # a check that raised judged nothing: a bug to fix, never a result
        out += ["", "Checks that raised (they judged nothing):", ""]
        out += [f"- `{o.case}` under `{o.policy}`: {o.error}" for o in broken]
    derived = [o for o in legit if o.cls == "derived arithmetic"]
    if derived:
        out += ["", "Derived arithmetic under `strict` (`run.grounding.derived`):", ""]
        out += [f"- `{o.case}`: " + ("; ".join(o.derived) if o.derived else "(none recorded)")
                + ("" if o.first else " (not accepted at the first FINAL)") for o in derived]
    return out


def _one_line(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- RESULTS.md ---------------------------------------------------------------------------------------------------
def section_of(text: str) -> tuple[int, int] | None:
    """Where the "Acceptance" section is in ``text`` (``sections.section_of``)."""
    return sections.section_of(text, HEADING)


def put_section(text: str, section: str) -> str:
    """``text`` with its "Acceptance" section replaced (``sections.put_section``)."""
    return sections.put_section(text, HEADING, section)


def write_section(path: Path, section: str) -> None:
    sections.write_section(path, HEADING, section)


# -- command line -----------------------------------------------------------------------------------------------------
def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.acceptance", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="replace the Acceptance section of --results")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the RESULTS.md to write (default: %(default)s)")
    parser.add_argument("--policy", action="append", dest="policies",
                        help="an acceptance setting to run, repeatable: --policy strict --policy 'strict,-wrong-extreme' "
                             f"(default: {', '.join(POLICIES)})")
    parser.add_argument("--cases", default=DEFAULT_CASES,
                        help="the case module: a dotted name or a .py path exposing CASES, LEGIT_CLASSES and "
                             "INVENTED_CLASSES, or 'all' (the default set and both split halves) "
                             "(default: %(default)s)")
    parser.add_argument("--only", default="", help="comma-separated case names (default: every case)")
    parser.add_argument("--max-iterations", type=int, default=MAX_ITERATIONS)
    parser.add_argument("--insist", action="store_true",
                        help="invented answers are sent again after their last block is run again (what the "
                             "looked-again rule must not give way to)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per run")
    args = parser.parse_args(argv)
    if args.write and args.cases != DEFAULT_CASES:
        parser.error(f"--write replaces the Acceptance section, which reports the default cases ({DEFAULT_CASES}); "
                     "run --cases without --write to print the tables of another set")
    try:
        args.case_set = DEFAULT_SET if args.cases == DEFAULT_CASES else load_cases(args.cases)
    except ValueError as exc:
        parser.error(str(exc))
    names = set(filter(None, args.only.split(",")))
    unknown = names - {c.name for c in args.case_set.cases}
    if unknown:
        parser.error(f"unknown cases {sorted(unknown)}")
    args.cases = [c for c in args.case_set.cases if not names or c.name in names]
    args.policies = args.policies or list(POLICIES)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    results = run_benchmark(args.cases, args.policies, args.max_iterations, log=print if args.verbose else None,
                            insist=args.insist)
    command = " ".join(["python -m benchmarks.acceptance", *(argv if argv is not None else sys.argv[1:])])
    section = render(results, command=command, max_iterations=args.max_iterations, cases=args.case_set)
    print(section)
    if args.write:
        write_section(args.results, section)
        print(f"wrote the Acceptance section of {args.results}")
    return 0


def outcomes_table(outcomes: Iterable[Outcome]) -> str:
    """Every run, one line each: for a look at what a policy did case by case."""
    return "\n".join(f"{o.policy:8s} {o.kind:8s} {o.cls:34s} {o.case:28s} {o.status:14s} first={o.first!s:5s} "
                     f"extra={o.extra_calls} refused_by={','.join(o.refused_by) or '-'} answer={o.answer[:60]}"
                     for o in outcomes)


if __name__ == "__main__":
    sys.exit(main())
